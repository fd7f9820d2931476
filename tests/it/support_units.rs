//! Support units (`unit_types[].support`, `support_range`; engine gap G7, ToO 12.13, 17-19):
//! HQs, air bases and ships named among an attack's attackers add their strength from their
//! range, at most one of some categories per attack, and share the results only where the
//! defender exposes them; they never retreat.

use sandtable::model::PendingPrompt;
use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{attack, kell_every_roll, location, log_has, play};

const RESULTS: &str = r#"results: [
                (code: "AA", effects: [EliminateUnits(party: Attacker, count: 1)]),
                (code: "AD", effects: [HalfStrength(party: Attacker), Retreat(party: Attacker, hexes: 1)]),
                (code: "DA", effects: [EliminateUnits(party: Defender, count: 1)]),
            ],"#;

/// North HQs (range 3, one per attack), an air base (range 4, exposed by an enemy air base),
/// ships (any number, exposed by an enemy fortress) and a South fortress and air base.
const TYPES: (&str, &str) = (
    r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    r#"(id: "n_hq", name: "HQ", contingent: "north", symbol: Headquarters, strength: Steps([(attack: 2, defense: 1, movement: 4)]),
         flags: [CannotAttack], support_range: Some(3), support: Some((category: "HQ", max_per_attack: Some(1)))),
        (id: "n_air", name: "Air Base", contingent: "north", symbol: Air, strength: Steps([(attack: 2, defense: 1, movement: 4)]),
         flags: [CannotAttack], support_range: Some(4), support: Some((category: "air base", max_per_attack: Some(1), exposed_if_defender_has: ["s_air"]))),
        (id: "n_nav", name: "Naval Bombardment", contingent: "north", symbol: Naval, strength: Steps([(attack: 6, defense: 0, movement: 0)]),
         flags: [NoZoc, FixedStrength], support_range: Some(1), support: Some((category: "naval", exposed_if_defender_has: ["s_fort"], one_lost_first: true))),
        (id: "s_fort", name: "Fortress", contingent: "south", symbol: Base, strength: Steps([(attack: 0, defense: 3, movement: 0)]), flags: [Static, CannotAttack], stacking_points: 0),
        (id: "s_air", name: "Air Base", contingent: "south", symbol: Air, strength: Steps([(attack: 2, defense: 1, movement: 4)]), flags: [CannotAttack]),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
);
const MIX: (&str, &str) = (
    r#"(unit_type: "n_inf", count: 2),
        (unit_type: "n_art", count: 1),"#,
    r#"(unit_type: "n_inf", count: 4),
        (unit_type: "n_art", count: 1), (unit_type: "n_hq", count: 2), (unit_type: "n_air", count: 1), (unit_type: "n_nav", count: 2),
        (unit_type: "s_fort", count: 1), (unit_type: "s_air", count: 1),"#,
);
/// N-2Inf next to Kell (0404) at 0403.
const N2: (&str, &str) = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0403"),"#);

/// Kell Ford with every roll giving `code` and these extra units (setup lines).
fn game(code: &str, units: &[&str]) -> Session {
    let art = r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#;
    let placed = format!("{art}\n{}", units.join("\n"));
    kell_every_roll(code, RESULTS, &[TYPES, MIX, N2, (art, placed.as_str())], &[6, 6, 6])
}

fn unit(id: &str, ty: &str, at: &str) -> String {
    format!(r#"(id: "{id}", unit_type: "{ty}", at: "{at}"),"#)
}

fn prompt(s: &Session) -> Option<Prompt> {
    s.world.resource::<PendingPrompt>().0.clone()
}

#[test]
fn rule_too_17_1_an_hq_adds_its_strength_from_its_range_and_never_shares_the_result() {
    // N-HQ at 0401 is 2 hexes from N-2Inf (0403).
    let mut s = game("AA", &[&unit("N-HQ", "n_hq", "0401")]);
    play(&mut s, &[Command::EndPhase]);
    let p = crate::common::plan_now(&mut s, &["N-2Inf", "N-HQ"], "0404");
    assert_eq!((p.attack, p.supporting.clone()), (4 + 2, vec![("N-HQ".to_string(), false)]));
    assert!(s.legal_commands().contains(&attack(&["N-2Inf", "N-HQ"], "0404")), "the supported attack is listed");
    play(&mut s, &[attack(&["N-2Inf", "N-HQ"], "0404")]);
    assert!(log_has(&mut s, "combat at 0404: 6 vs 4"));
    // AA: one attacking unit is lost, and the HQ is not one of them.
    assert_eq!(location(&mut s, "N-2Inf"), "eliminated");
    assert_eq!(location(&mut s, "N-HQ"), "0401");
}

#[test]
fn rule_too_17_2_one_hq_per_attack_once_a_phase_never_alone_and_within_range() {
    let mut s = game("DA", &[&unit("N-HQ", "n_hq", "0401"), &unit("N-HQ2", "n_hq", "0302"), &unit("N-Air", "n_air", "0101")]);
    play(&mut s, &[Command::EndPhase]);
    let refuse = |s: &mut Session, who: &[&str], want: &str| {
        let e = s.apply(attack(who, "0404")).expect_err(want);
        assert!(e.contains(want), "{e}");
    };
    refuse(&mut s, &["N-2Inf", "N-HQ", "N-HQ2"], "at most 1 HQ unit(s) may support one attack");
    refuse(&mut s, &["N-HQ"], "never attack alone");
    // 18.3: N-Air (0101) is 4 hexes from N-2Inf (0403): in range; an HQ at 0101 would not be.
    let p = crate::common::plan_now(&mut s, &["N-2Inf", "N-HQ", "N-Air"], "0404");
    assert_eq!(p.attack, 4 + 2 + 2);
    play(&mut s, &[attack(&["N-2Inf", "N-HQ"], "0404")]);
    let mut t = game("DA", &[&unit("N-HQ", "n_hq", "0101")]);
    play(&mut t, &[Command::EndPhase]);
    refuse(&mut t, &["N-2Inf", "N-HQ"], "`N-HQ` is not within 3 hexes of an attacking unit");
}

#[test]
fn rule_too_17_1_a_support_unit_supports_one_attack_a_phase() {
    // N-HQ (0502) is 2 hexes from N-2Inf (0403) and from N-4Inf (0603, next to S-2Inf).
    let mut s = game("DA", &[&unit("N-HQ", "n_hq", "0502"), &unit("N-4Inf", "n_inf", "0603")]);
    play(&mut s, &[Command::EndPhase, attack(&["N-2Inf", "N-HQ"], "0404")]);
    let e = s.apply(attack(&["N-4Inf", "N-HQ"], "0604")).expect_err("used");
    assert!(e.contains("`N-HQ` has already attacked this phase"), "{e}");
    play(&mut s, &[attack(&["N-4Inf"], "0604")]);
}

/// Reference T3: infantry and a 6-strength ship attack, result AD. Against plain infantry the
/// ship neither counts toward the half nor is lost or retreats. Against a hex with an enemy
/// fortress it counts, and exactly one ship is lost first (19.3), counting toward the half; the
/// rest comes from the infantry; the ship never retreats.
#[test]
fn rule_too_12_13_t3_ships_count_toward_half_losses_only_against_a_fortress() {
    let ship = unit("N-Nav", "n_nav", "0303");
    let mut s = game("AD", &[&ship]);
    play(&mut s, &[Command::EndPhase, attack(&["N-2Inf", "N-Nav"], "0404")]);
    assert!(log_has(&mut s, "attacker loses units worth at least 2 of its 4 strength"));
    let Some(Prompt::TakeLosses { units, .. }) = prompt(&s) else { panic!("a losses prompt") };
    assert_eq!(units, vec!["N-2Inf".to_string()]);

    // 4 + 6 = 10 against the fortress: 5 owed, the ship's 6 pays them; the infantry retreats.
    let fort = unit("S-Fort", "s_fort", "0404");
    let mut t = game("AD", &[&ship, &fort]);
    play(&mut t, &[Command::EndPhase, attack(&["N-2Inf", "N-Nav"], "0404")]);
    assert!(log_has(&mut t, "attacker loses units worth at least 5 of its 10 strength"));
    assert!(log_has(&mut t, "N-Nav is the one support of its kind lost (ToO 19.3)"));
    assert_eq!(location(&mut t, "N-Nav"), "eliminated");
    let Some(Prompt::TakeLosses { units, min_retreat: 1, .. }) = prompt(&t) else { panic!("a retreat prompt") };
    assert_eq!(units, vec!["N-2Inf".to_string()]);
}

/// Reference T3 with 8 infantry: 8 + 6 = 14, 7 owed: the one ship first (6), then at least 1
/// more from the infantry; the second ship is never lost (19.3: never more than one).
#[test]
fn rule_too_19_3_t3_one_ship_never_more_is_lost_against_a_fortress() {
    let (ship, ship2, fort) = (unit("N-Nav", "n_nav", "0303"), unit("N-Nav2", "n_nav", "0303"), unit("S-Fort", "s_fort", "0404"));
    let mut t = game("AD", &[&ship, &ship2, &fort, &unit("N-5Inf", "n_inf", "0304")]);
    play(&mut t, &[Command::EndPhase, attack(&["N-2Inf", "N-5Inf", "N-Nav", "N-Nav2"], "0404")]);
    assert!(log_has(&mut t, "attacker loses units worth at least 10 of its 20 strength"));
    let lost: Vec<String> = ["N-Nav", "N-Nav2"].iter().map(|id| location(&mut t, id)).collect();
    assert_eq!(lost.iter().filter(|l| *l == "eliminated").count(), 1, "{lost:?}");
    let Some(Prompt::TakeLosses { units, min_strength: 4, .. }) = prompt(&t) else { panic!("the rest from the infantry: {:?}", prompt(&t)) };
    assert_eq!(units, vec!["N-2Inf".to_string(), "N-5Inf".to_string()]);
}

#[test]
fn rule_too_18_6_an_air_base_shares_the_result_only_against_an_enemy_air_base() {
    let air = unit("N-Air", "n_air", "0401");
    let mut s = game("AA", &[&air, &unit("S-Air", "s_air", "0404")]);
    play(&mut s, &[Command::EndPhase]);
    let p = crate::common::plan_now(&mut s, &["N-2Inf", "N-Air"], "0404");
    assert_eq!(p.supporting, vec![("N-Air".to_string(), true)]);
    play(&mut s, &[attack(&["N-2Inf", "N-Air"], "0404")]);
    // AA: one of the two, the owner's choice.
    let Some(Prompt::TakeLosses { units, whole_units: 1, .. }) = prompt(&s) else { panic!("a choice of unit") };
    assert_eq!(units, vec!["N-2Inf".to_string(), "N-Air".to_string()]);
}

#[test]
fn bad_support_units_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let bad = text.replacen(
        "flags: [NoZoc, CannotAttack], support_range: Some(3)),",
        r#"flags: [NoZoc, CannotAttack], support: Some((category: "", exposed_if_defender_has: ["nobody"]))),"#,
        1,
    );
    let Err(e) = sandtable::games::load_str(&bad, "bad.ron", &crate::common::root()) else { panic!("bad support loads") };
    let e = e.to_string();
    for want in ["unit_types[2].support_range", "unit_types[2].support.category", "unit_types[2].support.exposed_if_defender_has[0]"] {
        assert!(e.contains(want), "{want} in {e}");
    }
}

#[test]
fn rule_too_17_random_games_with_support_units_list_only_accepted_commands() {
    for (seed, code) in [(1, "AD"), (2, "AA"), (3, "DA"), (4, "AD"), (5, "AA"), (6, "DA")] {
        let mut s = game(code, &[&unit("N-HQ", "n_hq", "0401"), &unit("N-Air", "n_air", "0101"), &unit("N-Nav", "n_nav", "0303"), &unit("S-Air", "s_air", "0505")]);
        crate::common::play_random_checked(&mut s, seed, 2000);
    }
}

/// ToO 6.4: a track threshold that bars a unit type from attacking bars it as a support unit
/// too, from the legal list as from the command (the Goeben under Russian Naval Superiority).
#[test]
fn rule_too_6_4_an_attack_ban_keeps_a_support_unit_out_of_the_legal_list() {
    let ban = r#"rules: (reveal_when_enemy_ends_adjacent: true, attack_bans: [(unit_type: "n_hq", when: ("north_vp", AtLeast(0)))]),"#;
    let art = r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#;
    let placed = format!("{art}\n{}", unit("N-HQ", "n_hq", "0401"));
    let mut s = kell_every_roll("AA", RESULTS, &[TYPES, MIX, N2, (art, placed.as_str()), (crate::common::KELL_RULES, ban)], &[6]);
    play(&mut s, &[Command::EndPhase]);
    let e = s.apply(attack(&["N-2Inf", "N-HQ"], "0404")).expect_err("barred");
    assert!(e.contains("`N-HQ` may not attack while north_vp"), "{e}");
    let listed = s.legal_commands();
    assert!(listed.contains(&attack(&["N-2Inf"], "0404")));
    assert!(!listed.iter().any(|c| matches!(c, Command::Attack { attackers, .. } if attackers.iter().any(|a| a.as_str() == "N-HQ"))));
}
