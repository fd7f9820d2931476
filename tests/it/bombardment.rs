//! Naval bombardment (`support.from_sea`, `support.alone_against`; engine gap G26, ToO 19):
//! ships support attacks on coastal hexes from the sea zones they sail, wherever they stand;
//! alone they bombard a fortress, which alone defends; a mined zone takes a roll per ship.

use sandtable::model::PendingPrompt;
use sandtable::session::{Command, Session};

use crate::common::{attack, kell_every_roll, location, log_has, play};

const RESULTS: &str = r#"results: [
                (code: "AA", effects: [EliminateUnits(party: Attacker, count: 1)]),
                (code: "DA", effects: [EliminateUnits(party: Defender, count: 1)]),
                (code: "DR", effects: [Retreat(party: Defender, hexes: 1)]),
            ],"#;

/// Kell Ford with sea zones: the Narrows (Kell, 0404, alone: mined for the North unless
/// `unless` holds), the Gulf (0604, and Kell too when `gulf_kell`) and the East Sea (0806).
/// North ships (6, from the Gulf and the Narrows; they may attack a fortress alone) stand at
/// 0101 and 0201, a gunboat (2, East Sea only) at 0301, an HQ at 0401, an air base (range 4; alone
/// against air bases) at 0502, a battlecruiser (4; out of action for 1d6 turns after each use)
/// at 0701; the South has a fortress (defence 3) in Kell and an air base with
/// S-2Inf at 0604; fortresses double the units with them.
fn game(code: &str, gulf_kell: bool, unless: &str, dice: &[u32]) -> Session {
    game_with(code, (gulf_kell, unless), &[], dice)
}

/// [`game`] with more replacements, made after its own.
fn game_with(code: &str, (gulf_kell, unless): (bool, &str), more: &[(&str, &str)], dice: &[u32]) -> Session {
    let gulf = if gulf_kell { r#""0604", "0404""# } else { r#""0604""# };
    let rules = format!(
        r#"rules: (reveal_when_enemy_ends_adjacent: true, fortress_multiplier: Some(2), sea_moves: Some((transports: ["n_ship"], capacity: 2,
            zones: [(contingents: ["north"], zones: ["narrows", "gulf", "east"])],
            hazards: [(zone: "narrows", contingents: ["north"], dice: D6, lost: (1, 3), transport_lost: true, unless: [{unless}], rule: Some("19.7"))]))),"#
    );
    let zones = format!(
        r#"        sea_zones: [
            (id: "narrows", name: "The Narrows", coast: ["0404"]),
            (id: "gulf", name: "The Gulf", coast: [{gulf}]),
            (id: "east", name: "East Sea", coast: ["0806"]),
        ],
        vp_tracks:"#
    );
    let types = r#"(id: "n_nav", name: "Naval Bombardment", contingent: "north", symbol: Naval, strength: Steps([(attack: 6, defense: 0, movement: 0)]),
         flags: [NoZoc, FixedStrength], support: Some((category: "naval", exposed_if_defender_has: ["s_fort"], from_sea: ["gulf", "narrows"], alone_against: ["s_fort"]))),
        (id: "n_gun", name: "Gunboat", contingent: "north", symbol: Naval, strength: Steps([(attack: 2, defense: 0, movement: 0)]),
         flags: [NoZoc, FixedStrength], support: Some((category: "naval", from_sea: ["east"], alone_against: ["s_fort"]))),
        (id: "n_hq", name: "HQ", contingent: "north", symbol: Headquarters, strength: Steps([(attack: 2, defense: 1, movement: 4)]),
         flags: [CannotAttack], support_range: Some(3), support: Some((category: "HQ", max_per_attack: Some(1)))),
        (id: "n_ship", name: "Transport", contingent: "north", symbol: Infantry, strength: Steps([(attack: 0, defense: 1, movement: 0)]), flags: [NoZoc, CannotAttack, Static]),
        (id: "n_goe", name: "Battlecruiser", contingent: "north", symbol: Naval, strength: Steps([(attack: 4, defense: 0, movement: 0)]),
         flags: [NoZoc, FixedStrength], support: Some((category: "naval", from_sea: ["gulf", "narrows"], alone_against: ["s_fort"])),
         rests_after_use: Some((dice: D6, rule: Some("23.3")))),
        (id: "n_air", name: "Air Base", contingent: "north", symbol: Air, strength: Steps([(attack: 2, defense: 1, movement: 4)]),
         flags: [CannotAttack], support_range: Some(4), support: Some((category: "air base", max_per_attack: Some(1), exposed_if_defender_has: ["s_air"], alone_against: ["s_air"]))),
        (id: "s_air", name: "Air Base", contingent: "south", symbol: Air, strength: Steps([(attack: 2, defense: 1, movement: 4)]), flags: [CannotAttack]),
        (id: "s_fort", name: "Fortress", contingent: "south", symbol: Base, strength: Steps([(attack: 0, defense: 3, movement: 0)]), flags: [Static, CannotAttack, Fortress], stacking_points: 0),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#;
    let mix = r#"(unit_type: "n_inf", count: 3),
        (unit_type: "n_art", count: 1), (unit_type: "n_nav", count: 2), (unit_type: "n_gun", count: 1), (unit_type: "n_hq", count: 1),
        (unit_type: "n_ship", count: 1), (unit_type: "s_fort", count: 1), (unit_type: "n_air", count: 1), (unit_type: "s_air", count: 1), (unit_type: "n_goe", count: 1),"#;
    let placed = r#"(id: "N-Art", unit_type: "n_art", at: "0202"),
            (id: "N-Nav", unit_type: "n_nav", at: "0101"), (id: "N-Nav2", unit_type: "n_nav", at: "0201"),
            (id: "N-Gun", unit_type: "n_gun", at: "0301"), (id: "N-HQ", unit_type: "n_hq", at: "0401"),
            (id: "N-4Inf", unit_type: "n_inf", at: "0603"), (id: "S-Fort", unit_type: "s_fort", at: "0404"),
            (id: "N-Goe", unit_type: "n_goe", at: "0701"), (id: "N-Air", unit_type: "n_air", at: "0502"), (id: "S-Air", unit_type: "s_air", at: "0604"),"#;
    let mut all = vec![
        (crate::common::KELL_RULES, rules.as_str()),
        ("        vp_tracks:", zones.as_str()),
        (r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#, types),
        (r#"(unit_type: "n_inf", count: 2),
        (unit_type: "n_art", count: 1),"#, mix),
        (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0403"),"#),
        (r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#, placed),
    ];
    all.extend_from_slice(more);
    kell_every_roll(code, RESULTS, &all, dice)
}

/// The South's answer to a result of one unit lost: `unit`, both its steps.
fn lose(unit: &str) -> Command {
    Command::TakeLosses { units: vec![unit.into(), unit.into()], retreat: Vec::new(), break_down: Vec::new() }
}

fn refused(s: &mut Session, c: Command) -> String {
    s.apply(c).expect_err("refused")
}

#[test]
fn rule_too_19_1_ships_support_an_attack_on_a_coastal_hex_from_the_sea_wherever_they_stand() {
    let mut s = game("DA", true, "", &[]);
    play(&mut s, &[Command::EndPhase]);
    // N-Nav stands at 0101, far from Kell: its reach is the sea (the Gulf, with no roll).
    let p = crate::common::plan_now(&mut s, &["N-2Inf", "N-Nav"], "0404");
    // 4 + 6 (never multiplied); Kell's fortress doubles S-1Inf (4 × 2) and not itself (3).
    assert_eq!((p.attack, p.defense, p.supporting.clone()), (10, 11, vec![("N-Nav".to_string(), true)]));
    assert!(s.legal_commands().contains(&attack(&["N-2Inf", "N-Nav"], "0404")));
    play(&mut s, &[attack(&["N-2Inf", "N-Nav"], "0404")]);
    assert!(log_has(&mut s, "combat at 0404: 10 vs 11"));
    assert!(!log_has(&mut s, "enters The Narrows"), "the Gulf takes no roll");
    play(&mut s, &[lose("S-1Inf")]);
    // 0604 is on the Gulf's coast too; S-Mil's 0305 is on no coast.
    let e = refused(&mut s, attack(&["N-4Inf", "N-Nav2"], "0305"));
    assert!(e.contains("not adjacent") || e.contains("on no coast"), "{e}");
    play(&mut s, &[attack(&["N-4Inf", "N-Nav2"], "0604")]);
    assert!(log_has(&mut s, "combat at 0604: 10 vs"));
}

#[test]
fn rule_too_19_1_a_ship_supports_only_against_a_hex_on_the_coast_of_its_zones() {
    let mut s = game("DA", true, "", &[]);
    play(&mut s, &[Command::EndPhase]);
    // 19.6: the gunboat sails only the East Sea, whose coast is 0806.
    assert_eq!(
        refused(&mut s, attack(&["N-2Inf", "N-Gun"], "0404")),
        "`N-Gun` supports only from the sea, and 0404 is on no coast of a sea zone open to it"
    );
    assert!(!s.legal_commands().contains(&attack(&["N-2Inf", "N-Gun"], "0404")));
}

/// Reference T16: ships bombard the fortress hex alone; only the fortress defends and takes
/// the result; later in the phase infantry attacks the same hex without those ships, and the
/// defenders no longer have the fortress's doubling.
#[test]
fn rule_too_19_2_t16_ships_bombard_a_fortress_alone_then_infantry_storms_the_hex() {
    let mut s = game("DA", true, "", &[]);
    play(&mut s, &[Command::EndPhase]);
    let p = crate::common::plan_now(&mut s, &["N-Nav"], "0404");
    assert_eq!((p.attack, p.defense, p.defenders.clone(), p.bombardment), (6, 3, vec!["S-Fort".to_string()], true));
    assert_eq!(p.pick.shifts, 0, "Kell's town shift is ignored: only the fortress counts");
    assert!(s.legal_commands().contains(&attack(&["N-Nav"], "0404")), "the bombardment is listed");
    assert!(s.legal_commands().contains(&attack(&["N-Goe", "N-Nav", "N-Nav2"], "0404")), "so is the one by every ship");
    play(&mut s, &[attack(&["N-Nav"], "0404")]);
    assert!(log_has(&mut s, "combat at 0404: 6 vs 3 (2:1)"), "nothing is doubled");
    assert!(log_has(&mut s, "bombardment by support units alone: only S-Fort defend, ToO 19.2"));
    // DA: the one unit lost is the fortress, not S-1Inf.
    assert_eq!(location(&mut s, "S-Fort"), "eliminated");
    assert_eq!(location(&mut s, "S-1Inf"), "0404");
    // A26: one bombardment a phase; the ship that bombarded supports nothing more.
    assert_eq!(refused(&mut s, attack(&["N-Nav2"], "0404")), "0404 has already been bombarded this phase");
    assert_eq!(refused(&mut s, attack(&["N-2Inf", "N-Nav"], "0404")), "`N-Nav` has already attacked this phase");
    // The storm: S-1Inf defends 4, no longer doubled.
    let p = crate::common::plan_now(&mut s, &["N-2Inf", "N-Nav2"], "0404");
    assert_eq!((p.attack, p.defense), (10, 4));
    play(&mut s, &[attack(&["N-2Inf", "N-Nav2"], "0404")]);
    assert_eq!(location(&mut s, "S-1Inf"), "eliminated");
}

#[test]
fn rule_too_19_2_a_bombardment_comes_before_the_hexs_attack_and_only_against_a_fortress() {
    let mut s = game("DA", true, "", &[]);
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(refused(&mut s, attack(&["N-Nav"], "0604")), "support units attack alone only a hex holding an enemy s_fort; 0604 holds none");
    assert!(refused(&mut s, attack(&["N-HQ"], "0404")).contains("support units never attack alone"));
    assert!(refused(&mut s, attack(&["N-Nav", "N-HQ"], "0404")).contains("`N-HQ` adds to an attack by other units"));
    play(&mut s, &[attack(&["N-2Inf", "N-HQ"], "0404"), lose("S-1Inf")]);
    assert_eq!(refused(&mut s, attack(&["N-Nav"], "0404")), "0404 has already been attacked this phase");
}

#[test]
fn rule_too_19_2_nobody_retreats_after_a_bombardment_and_the_ships_take_their_results() {
    let mut s = game("DR", true, "", &[]);
    play(&mut s, &[Command::EndPhase, attack(&["N-Nav"], "0404")]);
    assert_eq!(s.world.resource::<PendingPrompt>().0, None, "no retreat is asked");
    assert_eq!(location(&mut s, "S-Fort"), "0404");
    let mut t = game("AA", true, "", &[]);
    play(&mut t, &[Command::EndPhase, attack(&["N-Nav"], "0404")]);
    assert_eq!(location(&mut t, "N-Nav"), "eliminated");
    assert_eq!(location(&mut t, "S-Fort"), "0404");
}

/// Reference T18: two ships enter the mined zone, one roll each, 2 and 5: the first is lost
/// before the combat, the second supports it.
#[test]
fn rule_too_19_7_t18_each_ship_entering_the_mined_zone_rolls_before_its_combat() {
    let mut s = game("DA", false, "", &[2, 5]);
    play(&mut s, &[Command::EndPhase, attack(&["N-2Inf", "N-Nav", "N-Nav2"], "0404")]);
    assert!(log_has(&mut s, "N-Nav enters The Narrows: rolled 2, it is lost (19.7)"));
    assert!(log_has(&mut s, "N-Nav2 enters The Narrows: rolled 5, it comes through (19.7)"));
    assert_eq!(location(&mut s, "N-Nav"), "eliminated");
    assert!(log_has(&mut s, "combat at 0404: 10 vs 11"), "one ship's 6 is added");
    // Lost at sea before a bombardment: no combat, and the hex may still be bombarded.
    let mut t = game("DA", false, "", &[1]);
    play(&mut t, &[Command::EndPhase, attack(&["N-Nav"], "0404")]);
    assert!(log_has(&mut t, "the attack on 0404 is not made: no attacking unit is left"));
    assert_eq!(location(&mut t, "S-Fort"), "0404");
    play(&mut t, &[attack(&["N-Nav2"], "0404")]);
}

#[test]
fn rule_too_19_7_the_minefield_check_is_waived_while_its_condition_holds() {
    let mut s = game("DA", false, r#"Controls(side: "north", space: "0202")"#, &[]);
    play(&mut s, &[Command::EndPhase, attack(&["N-2Inf", "N-Nav"], "0404")]);
    assert!(!log_has(&mut s, "enters The Narrows"));
    assert!(log_has(&mut s, "combat at 0404: 10 vs 11"));
}

#[test]
fn bad_bombardment_units_are_clear_errors() {
    let text = crate::common::kell_text_with(&[(
        r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
        r#"(id: "n_nav", name: "Ship", contingent: "north", symbol: Naval, strength: Steps([(attack: 6, defense: 0, movement: 0)]),
         support: Some((category: "naval", from_sea: ["nowhere"], alone_against: ["s_castle"]))),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    )]);
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("bad ships load") };
    let e = e.to_string();
    assert!(e.contains("support.from_sea[0]: unknown sea zone `nowhere`"), "{e}");
    assert!(e.contains("support.alone_against[0]: unknown unit type `s_castle`"), "{e}");
    assert!(!e.contains("support_range"), "a ship needs no range: {e}");
}

#[test]
fn rule_too_19_1_the_unit_panel_says_how_a_ship_supports() {
    let s = game("DA", true, "", &[]);
    let g = s.game();
    let text = |ty: &str| {
        let t = g.scenario.unit_types.iter().find(|t| t.id == ty).expect("type");
        let role = t.support.as_ref().expect("support");
        sandtable::client::attack::support_text(g, role, t.support_range, 6)
    };
    assert_eq!(text("n_nav"), "naval: adds 6 to an attack on a hex on the coast of The Gulf, The Narrows, from the sea; alone, it bombards an enemy Fortress");
    assert_eq!(text("n_hq"), "HQ: adds 6 to an attack by units within 3 hexes");
}

/// ToO 33.2 (optional air missions): air bases attack an enemy air base hex alone from their
/// range: only the air bases there defend, the terrain and every other unit ignored.
#[test]
fn rule_too_33_2_air_bases_attack_an_air_base_hex_alone_from_their_range() {
    let mut s = game("DA", true, "", &[]);
    play(&mut s, &[Command::EndPhase]);
    // N-Air (0502) is 3 hexes from 0604, where S-Air stands with S-2Inf.
    let p = crate::common::plan_now(&mut s, &["N-Air"], "0604");
    assert_eq!((p.attack, p.defense, p.defenders.clone()), (2, 1, vec!["S-Air".to_string()]));
    // Kell (0404) holds no air base.
    assert!(refused(&mut s, attack(&["N-Air"], "0404")).contains("holds none"));
    play(&mut s, &[attack(&["N-Air"], "0604")]);
    assert_eq!(location(&mut s, "S-Air"), "eliminated");
    assert_eq!(location(&mut s, "S-2Inf"), "0604");
}

/// The fixture's air bases under the optional rule 33 (`air_missions`, on when `on`): a second
/// North air base at 0503, both attacking alone only with the option, adding no strength before
/// 1915 (33.4 says 1916; the fixture's calendar runs autumn 1914 to summer 1915).
fn air_game(on: bool) -> Session {
    let options = format!(
        r#"    options: [(id: "air_missions", name: "Additional air missions", rule: Some("33"), default: {on})],
    setup: ("#
    );
    game_with(
        "DA",
        (true, ""),
        &[
            (r#"alone_against: ["s_air"]))),"#, r#"alone_against: ["s_air"], alone_option: Some("air_missions"), from_year: Some(1915)))),"#),
            (r#"(unit_type: "n_air", count: 1)"#, r#"(unit_type: "n_air", count: 2)"#),
            (r#"(id: "N-Air", unit_type: "n_air", at: "0502"),"#, r#"(id: "N-Air", unit_type: "n_air", at: "0502"), (id: "N-Air2", unit_type: "n_air", at: "0503"),"#),
            ("    setup: (", options.as_str()),
            (
                r#"labels: ["1", "2", "3", "4"],"#,
                r#"labels: ["1", "2", "3", "4"],
        seasons: [(id: "winter", name: "Winter"), (id: "spring", name: "Spring"), (id: "summer", name: "Summer"), (id: "autumn", name: "Autumn")],
        calendar: [(year: 1914, season: "autumn"), (year: 1915, season: "winter"), (year: 1915, season: "spring"), (year: 1915, season: "summer")],"#,
            ),
        ],
        &[],
    )
}

/// Ends phases until the North's combat phase of turn 2 (1915).
fn to_1915_combat(s: &mut Session) {
    while !(s.world.resource::<sandtable::model::TurnState>().turn == 1 && s.state(None).phase == "first_combat") {
        play(s, &[Command::EndPhase]);
    }
}

/// ToO 33.2 is optional: without its option, air bases never attack alone.
#[test]
fn rule_too_33_2_air_superiority_only_with_the_optional_air_missions() {
    let mut s = air_game(false);
    to_1915_combat(&mut s);
    let e = refused(&mut s, attack(&["N-Air"], "0604"));
    assert_eq!(e, "`N-Air` adds to an attack by other units; support units never attack alone");
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::Attack { attackers, .. } if attackers.iter().all(|a| a.starts_with("N-Air")))));
}

/// ToO 33.2: attacking alone, every air base within range adds its strength (the one per
/// attack of 18.4 is for attacks by other units); only the enemy air base defends.
#[test]
fn rule_too_33_2_every_air_base_in_range_adds_to_an_air_superiority_attack() {
    let mut s = air_game(true);
    to_1915_combat(&mut s);
    let p = crate::common::plan_now(&mut s, &["N-Air", "N-Air2"], "0604");
    assert_eq!((p.attack, p.defense, p.defenders.clone()), (4, 1, vec!["S-Air".to_string()]));
    assert!(s.legal_commands().contains(&attack(&["N-Air", "N-Air2"], "0604")));
    // With ground units, still one air base per attack (18.4).
    let e = refused(&mut s, attack(&["N-4Inf", "N-Air", "N-Air2"], "0604"));
    assert_eq!(e, "at most 1 air base unit(s) may support one attack");
    play(&mut s, &[attack(&["N-Air", "N-Air2"], "0604")]);
    assert_eq!(location(&mut s, "S-Air"), "eliminated");
}

/// ToO 33.4: before their year, air bases fly reconnaissance only: they add no strength, alone
/// or with other units.
#[test]
fn rule_too_33_4_air_bases_add_no_strength_before_their_year() {
    let mut s = air_game(true);
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(s.state(None).phase, "first_combat");
    let e = refused(&mut s, attack(&["N-Air"], "0604"));
    assert_eq!(e, "`N-Air` flies reconnaissance only before 1915: it adds no strength");
    assert!(refused(&mut s, attack(&["N-4Inf", "N-Air"], "0604")).contains("reconnaissance only"));
    assert!(s.legal_commands().contains(&attack(&["N-4Inf"], "0604")));
}

/// ToO 23.3: after each use the battlecruiser rolls for the turns it misses; it leaves play
/// when the phase ends and is back where it stood when they have passed.
#[test]
fn rule_too_23_3_a_unit_out_of_action_after_each_use_comes_back_after_the_turns_rolled() {
    // The combat's die, then the rest roll: 1 turn.
    let mut s = game("DA", true, "", &[6, 1]);
    play(&mut s, &[Command::EndPhase, attack(&["N-Goe"], "0404")]);
    assert!(log_has(&mut s, "N-Goe is out of action for 1 turn(s) after its use: back on turn 3 (23.3)"));
    assert_eq!(location(&mut s, "N-Goe"), "0701", "in play until the phase ends");
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(location(&mut s, "N-Goe"), "out of play");
    // Turn 2 passes without it; it is back as turn 3 begins.
    while s.world.resource::<sandtable::model::TurnState>().turn < 2 && !s.is_over() {
        let legal = s.legal_commands();
        let c = if legal.contains(&Command::EndPhase) { Command::EndPhase } else { legal[0].clone() };
        play(&mut s, &[c]);
        if s.world.resource::<sandtable::model::TurnState>().turn == 1 {
            assert_eq!(location(&mut s, "N-Goe"), "out of play");
        }
    }
    assert_eq!(location(&mut s, "N-Goe"), "0701");
    assert!(log_has(&mut s, "N-Goe is back in action at 0701"));
}
