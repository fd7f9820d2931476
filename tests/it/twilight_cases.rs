//! Twilight of the Ottomans, reference section 7: the worked cases T1-T28 not already named
//! elsewhere, each as a test named for its case: here T1, T5-T9 and T12 (combat, supply), in
//! `twilight_cases_play` T19, T23, T24 and T26-T28 (the sequence of play, events, the map). Small
//! Kell Ford fixtures where the case is about a mechanism; the shipped scenario
//! (`scenarios/twilight/outbreak.ron`) and map where it is about ToO's own data.

use sandtable::model::command::RetreatMove;
use sandtable::model::prompt::Prompt;
use sandtable::model::{PendingPrompt, Tracks};
use sandtable::rules::combat::AttackPlan;
use sandtable::session::{Command, Session};

use crate::common::{KELL_RULES, attack, kell_rules, kell_text_with, kell_with, location, log_has, mv, play, plan_now, root};

pub(super) const TOO: &str = "scenarios/twilight/outbreak.ron";

pub(super) fn ends(n: usize) -> Vec<Command> {
    vec![Command::EndPhase; n]
}

pub(super) fn prompt(s: &Session) -> Option<Prompt> {
    s.world.resource::<PendingPrompt>().0.clone()
}

pub(super) fn track(s: &Session, id: &str) -> i32 {
    s.world.resource::<Tracks>().0[s.game().track_index(id).unwrap_or_else(|| panic!("track {id}"))]
}

/// How many entries of the game log contain `text`.
pub(super) fn log_count(s: &Session, text: &str) -> usize {
    s.world.resource::<sandtable::model::log::GameLog>().0.iter().filter(|e| e.text.contains(text)).count()
}

pub(super) fn session_of(text: &str, base: &str, seed: u64, dice: &[u32]) -> Session {
    let loaded = sandtable::games::load_str(text, "twilight_case.ron", &root().join(base)).unwrap_or_else(|r| panic!("{r}"));
    let loaded = std::sync::Arc::new(loaded);
    let options = Session::default_options(&loaded);
    Session::new(loaded, sandtable::session::GameSetup { options, seed, forced_dice: dice.to_vec() }).expect("session")
}

/// An attack on a named table.
pub(super) fn attack_on(attackers: &[&str], target: &str, table: &str) -> Command {
    let attackers = attackers.iter().map(|s| (*s).into()).collect();
    Command::Attack { attackers, target: target.into(), table: Some(table.into()), supports: vec![], declare: None }
}

/// A setup line of Kell Ford moved to another hex.
pub(super) fn moved(line: &'static str, to: &str) -> (&'static str, String) {
    let at = line.find("at: \"").expect("a setup line") + 5;
    (line, format!("{}{to}{}", &line[..at], &line[at + 4..]))
}

pub(super) const N_TANK: &str = r#"(id: "N-1Tk", unit_type: "n_tank", at: "0302"),"#;
pub(super) const N_INF2: &str = r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#;
pub(super) const N_INF3: &str = r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#;
pub(super) const N_ART: &str = r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#;
pub(super) const S_INF1: &str = r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404"),"#;
pub(super) const S_MIL: &str = r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"),"#;

/// Kell Ford's unit types end with this line: new types go before it.
pub(super) const S_INF_TYPE: &str = r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#;

pub(super) fn with_types(types: &str) -> (&'static str, String) {
    (S_INF_TYPE, format!("{types}\n        {S_INF_TYPE}"))
}

pub(super) fn with_mix(mix: &str) -> (&'static str, String) {
    (r#"(unit_type: "n_art", count: 1),"#, format!(r#"(unit_type: "n_art", count: 1), {mix}"#))
}

pub(super) fn with_track(track: &str) -> (&'static str, String) {
    ("    tracks: [\n", format!("    tracks: [\n        {track}\n"))
}

pub(super) fn refs<'a>(pairs: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    pairs.iter().map(|(a, b)| (*a, b.as_str())).collect()
}

// ------------------------------------------------------------------------------------------
// T1
// ------------------------------------------------------------------------------------------

/// Kell Ford on a percentage table with ToO's columns, every result `0/1`; infantry attacking
/// 10 and the South's infantry defending 13.
fn kell_percentage(extra: &[(&str, &str)], dice: &[u32]) -> Session {
    let text = kell_text_with(extra);
    let start = text.find("            index: Odds,").expect("the table's index");
    let end = text.find("            // attacker/defender loss points").expect("the table's results");
    let rows: Vec<String> = (1..=6).map(|r| format!(r#"(roll: {r}, results: ["0/1", "0/1", "0/1", "0/1", "0/1", "0/1"]),"#)).collect();
    let table = format!(
        "            index: Percentage,\n            columns: [\"0\", \"50\", \"100\", \"150\", \"200\", \"300\"],\n            \
         labels: [\"-49%\", \"50-99%\", \"100-149%\", \"150-199%\", \"200-299%\", \"300%+\"],\n            dice: D6,\n            \
         rows: [{}],\n",
        rows.join(" ")
    );
    let text = format!("{}{table}{}", &text[..start], &text[end..]);
    crate::common::session_from_text_with(&text, 1, dice)
}

/// T1 (12.2): the attack as a percentage of the defence, truncated; the shipped Raid and
/// Onslaught tables (placeholders) put 153% on 150-199%, 83% on 50-99%, and an attack on no
/// defence on the rightmost column.
#[test]
fn rule_too_12_2_t1_attack_20_against_13_is_153_percent_on_the_150_column() {
    use sandtable::rules::crt::{column_label, odds_column};
    let loaded = crate::common::load(TOO);
    let crts = &loaded.scenario.tables.crts;
    assert_eq!(crts.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), ["raid", "onslaught"]);
    for crt in crts {
        let pick = odds_column(crt, 20, 13, 0);
        assert_eq!((pick.raw, pick.raw_label().as_str(), column_label(crt, pick.column)), (153, "153%", "150-199%"), "{}", crt.name);
        let pick = odds_column(crt, 10, 12, 0);
        assert_eq!((pick.raw, column_label(crt, pick.column)), (83, "50-99%"), "{}", crt.name);
        // [D] 7 against 0: a defence of 0 counts as 1 (700%), the rightmost column.
        let pick = odds_column(crt, 7, 0, 0);
        assert_eq!((pick.column, column_label(crt, pick.column)), (crt.columns.len() - 1, "300%+"), "{}", crt.name);
    }
    // In play: two infantry of 10 (0704, 0705) against S-2Inf's 13 in clear 0604, then one of
    // them against 12.
    let play_it = |defence: u32, attackers: &[&str]| {
        let attack_10 = (
            "(attack: 4, defense: 4, movement: 4), (attack: 2, defense: 2, movement: 4)",
            "(attack: 10, defense: 4, movement: 4), (attack: 5, defense: 2, movement: 4)".to_string(),
        );
        let defence = (
            "(attack: 3, defense: 4, movement: 4), (attack: 1, defense: 2, movement: 4)",
            format!("(attack: 3, defense: {defence}, movement: 4), (attack: 1, defense: 2, movement: 4)"),
        );
        let pairs = [attack_10, defence, moved(N_INF2, "0705"), moved(N_INF3, "0704")];
        let mut s = kell_percentage(&refs(&pairs), &[6]);
        play(&mut s, &[Command::EndPhase]);
        let p = plan_now(&mut s, attackers, "0604");
        play(&mut s, &[attack(attackers, "0604")]);
        (s, p)
    };
    let (mut s, p) = play_it(13, &["N-2Inf", "N-3Inf"]);
    assert_eq!((p.attack, p.defense, p.pick.raw), (20, 13, 153));
    assert!(log_has(&mut s, "combat at 0604: 20 vs 13 (153%), +0 shifts, column 150-199% of Combat Results Table: rolled 6"));
    let (mut s, p) = play_it(12, &["N-3Inf"]);
    assert_eq!((p.attack, p.defense, p.pick.raw), (10, 12, 83));
    assert!(log_has(&mut s, "combat at 0604: 10 vs 12 (83%), +0 shifts, column 50-99% of Combat Results Table: rolled 6"));
}

// ------------------------------------------------------------------------------------------
// T5
// ------------------------------------------------------------------------------------------

/// Hills stand for rough ground (×2); the Kell river doubles when every attacker crosses it.
const HILL_X2: (&str, &str) = (
    "default_cost: Mp(2),\n             defender_shift: -1, stacking: Some(2)),",
    "default_cost: Mp(2),\n             defender_shift: -1, stacking: Some(2), defense_multiplier: 2),",
);
const RIVER_X2: (&str, &str) = ("extra_cost: 1, defender_shift: -1),", "extra_cost: 1, defender_shift: -1, defense_multiplier: 2),");

/// T5 (38.0, 12): S-1Inf (4) in Kell behind the river. N-3Inf attacks across it from 0403,
/// N-2Inf from 0304 across no river.
#[test]
fn rule_too_38_0_t5_a_river_doubles_only_if_every_attacker_crosses_it_and_never_past_x2() {
    let placed = [moved(N_INF2, "0304"), moved(N_INF3, "0403")];
    let mut all = vec![HILL_X2, RIVER_X2];
    all.extend(refs(&placed));
    let mut s = kell_with(&all, &[6]);
    play(&mut s, &[Command::EndPhase]);
    // From both hexes, one across the river and one not: no doubling.
    let p: AttackPlan = plan_now(&mut s, &["N-2Inf", "N-3Inf"], "0404");
    assert_eq!((p.defense, p.defense_multiplier.0), (4, 1));
    // Every attacker across the river: ×2.
    let p = plan_now(&mut s, &["N-3Inf"], "0404");
    assert_eq!((p.defense, p.defense_multiplier.0, p.defense_multiplier.1.as_str()), (8, 2, "Kell River crossed by every attacker"));
    play(&mut s, &[attack(&["N-3Inf"], "0404")]);
    assert!(log_has(&mut s, "combat at 0404: 4 vs 8 (defence ×2: Kell River crossed by every attacker)"));
    // Kell on rough ground (a hill) and behind the river: still ×2, never ×4.
    let rough = (
        r#"(hex: "0404", name: Some("Kell"), vp: 3, objective: true),"#,
        r#"(hex: "0404", name: Some("Kell"), vp: 3, objective: true, terrain: Some("hill")),"#,
    );
    let mut all = vec![HILL_X2, RIVER_X2, rough];
    all.extend(refs(&placed));
    let mut t = kell_with(&all, &[]);
    play(&mut t, &[Command::EndPhase]);
    let p = plan_now(&mut t, &["N-3Inf"], "0404");
    assert_eq!((p.defense, p.defense_multiplier.0), (8, 2));
}

// ------------------------------------------------------------------------------------------
// T6
// ------------------------------------------------------------------------------------------

/// T6 (12.2, A25): the militia on its hill (D = 0305) with N0 = 0304 (N-2Inf) and N3 = 0306
/// (N-3Inf) on opposite sides. N0's zone covers 0204 (N1) and 0404, N3's 0205 and 0405: the
/// whole ring, so the attack doubles. With all-sea hexsides between N1 and N0 and between N1
/// and N2 (0205), no zone reaches N1: no doubling.
#[test]
fn rule_too_12_2_t6_zones_of_two_opposite_attackers_close_the_ring_but_not_across_all_sea_hexsides() {
    let rules = "(concentric_attack: Some((multiplier: 2)))";
    let placed = [moved(N_INF2, "0304"), moved(N_INF3, "0306")];
    let mut s = kell_rules(rules, &refs(&placed), &[1]);
    play(&mut s, &[Command::EndPhase]);
    let p = plan_now(&mut s, &["N-2Inf", "N-3Inf"], "0305");
    assert_eq!((p.attack, p.attack_multiplier.0, p.attack_multiplier.1.as_str()), (16, 2, "concentric attack"));
    play(&mut s, &[attack(&["N-2Inf", "N-3Inf"], "0305")]);
    assert!(log_has(&mut s, "combat at 0305: 16 (attack ×2: concentric attack) vs 2"));
    // All-sea hexsides (no zone of control reaches across, 11.2) around N1.
    let sea_type = (
        r##"(id: "river", name: "Kell River", color: "#3a6fc4", extra_cost: 1, defender_shift: -1),"##,
        r##"(id: "river", name: "Kell River", color: "#3a6fc4", extra_cost: 1, defender_shift: -1),
            (id: "sea", name: "All-sea hexside", prohibited: true, blocks_zoc: true),"##,
    );
    let sea_sides = (
        r#"(between: ("0103", "0104"), feature: "river"),"#,
        r#"(between: ("0103", "0104"), feature: "river"),
            (between: ("0304", "0204"), feature: "sea"),
            (between: ("0204", "0205"), feature: "sea"),"#,
    );
    let mut extra = vec![sea_type, sea_sides];
    extra.extend(refs(&placed));
    let mut t = kell_rules(rules, &extra, &[]);
    play(&mut t, &[Command::EndPhase]);
    let p = plan_now(&mut t, &["N-2Inf", "N-3Inf"], "0305");
    assert_eq!((p.attack, p.attack_multiplier.0), (8, 1));
}

// ------------------------------------------------------------------------------------------
// T7 and T8
// ------------------------------------------------------------------------------------------

/// A North supply unit type (range 2 in the rules), as in ToO (0-1-4).
const SUPPLY_TYPE: &str = r#"(id: "n_sup", name: "Supply", contingent: "north", symbol: Supply,
         strength: Steps([(attack: 0, defense: 1, movement: 4)]), flags: [NoZoc, CannotAttack]),"#;

/// Kell Ford with North supply units placed (`(id, hex)`), `moves` and the given rules.
fn with_supply(rules: &str, supply: &[(&str, &str)], moves: &[(&'static str, String)], dice: &[u32]) -> Session {
    let placed: String = supply.iter().map(|(id, hex)| format!(r#" (id: "{id}", unit_type: "n_sup", at: "{hex}"),"#)).collect();
    let mix = format!(r#"(unit_type: "n_sup", count: {}),"#, supply.len());
    let mut pairs = vec![with_types(SUPPLY_TYPE), with_mix(&mix), (N_ART, format!("{N_ART}{placed}"))];
    pairs.extend_from_slice(moves);
    kell_rules(rules, &refs(&pairs), dice)
}

/// T7 (15.8, 15.9, 24.2): S (range 2, not moved) is spent as the Combat Phase begins. Attack A
/// (N-2Inf, 1 hex from S) is doubled; in attack B only N-3Inf (2 hexes) is, not N-1Tk (3
/// hexes). S stays for the whole phase and leaves play when it ends. In winter, or once S has
/// moved, it may not be spent.
#[test]
fn rule_too_15_8_t7_attack_supply_lasts_the_combat_phase_for_the_units_in_range() {
    let rules = r#"(attack_supply: Some((unit_types: ["n_sup"], range: 2, forbidden_if: [Season("winter")])))"#;
    // Turn 1 in `season`, the others in spring.
    let calendar = |season: &str| {
        let line = r#"labels: ["1", "2", "3", "4"],"#;
        let seasons = r#"seasons: [(id: "winter", name: "Winter"), (id: "spring", name: "Spring"), (id: "autumn", name: "Autumn")]"#;
        let dates: Vec<String> = [season, "spring", "spring", "spring"].iter().map(|x| format!(r#"(year: 1915, season: "{x}")"#)).collect();
        (line, format!("{line}\n        {seasons},\n        calendar: [{}],", dates.join(", ")))
    };
    let moves = [moved(N_INF2, "0403"), moved(N_INF3, "0603"), moved(N_TANK, "0704"), calendar("autumn")];
    let mut s = with_supply(rules, &[("N-Sup", "0402")], &moves, &[6, 6]);
    play(&mut s, &[Command::EndPhase, Command::AttackSupply { unit: "N-Sup".into() }]);
    assert!(log_has(&mut s, "N-Sup is spent for attack supply: attack ×2 within 2 hexes this phase"));
    let a = plan_now(&mut s, &["N-2Inf"], "0404");
    assert_eq!((a.attack, a.attack_multiplier.1.as_str()), (8, "attack supply"));
    let b = plan_now(&mut s, &["N-1Tk", "N-3Inf"], "0604");
    assert_eq!((b.attack, b.attack_multiplier.1.as_str()), (6 + 4 * 2, "attack supply for N-3Inf"));
    play(&mut s, &[attack(&["N-2Inf"], "0404")]);
    assert!(log_has(&mut s, "combat at 0404: 8 (attack ×2: attack supply) vs 4"));
    assert_eq!(location(&mut s, "N-Sup"), "0402", "still there for the rest of the phase");
    play(&mut s, &[attack(&["N-1Tk", "N-3Inf"], "0604")]);
    assert!(log_has(&mut s, "combat at 0604: 14 (attack ×2: attack supply for N-3Inf) vs 4"));
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(location(&mut s, "N-Sup"), "out of play");
    assert!(log_has(&mut s, "spent attack supply is removed: N-Sup"));
    // A supply unit that moved (flipped) is refused.
    let mut m = with_supply(rules, &[("N-Sup", "0402")], &[calendar("autumn")], &[]);
    play(&mut m, &[mv("N-Sup", "0502"), Command::EndPhase]);
    let e = m.apply(Command::AttackSupply { unit: "N-Sup".into() }).expect_err("it moved");
    assert!(e.contains("moved in the movement phase just before"), "{e}");
    // Turn I is winter: refused.
    let mut w = with_supply(rules, &[("N-Sup", "0402")], &[calendar("winter")], &[]);
    play(&mut w, &[Command::EndPhase]);
    let e = w.apply(Command::AttackSupply { unit: "N-Sup".into() }).expect_err("winter");
    assert!(e.contains("a condition forbids it"), "{e}");
}

/// T8 (15.5, 15.7, errata): S (0101) is spent as the Movement Phase begins and leaves the map at
/// once; every friendly unit within 2 hexes has its allowance doubled, among them the second
/// supply unit S2 (0201): a supply unit force-marches only on another one spent for it.
#[test]
fn rule_too_15_7_t8_forced_march_spends_the_supply_unit_at_once_and_doubles_the_ma_in_range() {
    use sandtable::model::view::UnitsView;
    use sandtable::rules::movement::movement_allowance;
    let rules = r#"(forced_march: Some((unit_types: ["n_sup"], range: 2)))"#;
    let supply = [("N-Sup", "0101"), ("N-Sup2", "0201")];
    // Without a forced march S2 (4 MP) cannot reach 0801: 6 MP away.
    let mut plain = with_supply(rules, &supply, &[], &[]);
    assert!(plain.apply(mv("N-Sup2", "0801")).is_err());
    // Declared after a unit has moved: refused.
    let mut late = with_supply(rules, &supply, &[], &[]);
    play(&mut late, &[mv("N-3Inf", "0603")]);
    let e = late.apply(Command::ForcedMarch { unit: "N-Sup".into() }).expect_err("a unit moved");
    assert!(e.contains("before any unit moves"), "{e}");
    let mut s = with_supply(rules, &supply, &[], &[]);
    play(&mut s, &[Command::ForcedMarch { unit: "N-Sup".into() }]);
    assert!(log_has(&mut s, "N-Sup is spent for a forced march: movement x2 for "));
    assert_eq!(location(&mut s, "N-Sup"), "out of play", "removed at once (errata, 15.5)");
    let game = s.game().clone();
    let units = UnitsView::from_world(&mut s.world);
    let ma = |id: &str| movement_allowance(&game, units.get(id).expect("unit"));
    // In range: S2 (1 hex), N-1Tk (2); out of range: N-2Inf (3), N-3Inf.
    assert_eq!((ma("N-Sup2"), ma("N-1Tk"), ma("N-2Inf"), ma("N-3Inf")), (8, 12, 4, 4));
    // S itself cannot move; S2 marches 6 MP.
    assert!(s.apply(mv("N-Sup", "0102")).is_err());
    play(&mut s, &[mv("N-Sup2", "0801")]);
    assert_eq!(location(&mut s, "N-Sup2"), "0801");
    // Once a phase.
    let e = s.apply(Command::ForcedMarch { unit: "N-Sup2".into() }).expect_err("once");
    assert!(!e.is_empty());
}

// ------------------------------------------------------------------------------------------
// T9
// ------------------------------------------------------------------------------------------

/// Kell Ford with ToO's attrition chart (outbreak.ron `rules.supply`: rough twice in winter,
/// desert once in summer and winter but camels in winter only, lava always), rough at 0302,
/// desert at 0402 and 0502, lava at 0602, 0301 and 0303 (0303 on the road), a North camel
/// unit at 0502, turn 1 in `season`, and a Supply phase after the North's combat.
fn attrition_game(season: &str, supply: Option<&str>, moves: &[(&'static str, String)], dice: &[u32]) -> Session {
    let sources = supply.map(|_| r#"unit_sources: [(unit_types: ["n_sup"], range: 2)], always: ["n_sup"],"#).unwrap_or_default();
    let rules = format!(
        r#"rules: (reveal_when_enemy_ends_adjacent: true, supply: Some((sources: [], trace_mp: 0, trace_in_hexes: true, {sources}
            line_class: Some("supply_line"),
            effects: [DiceAttrition(die: 6, eliminated_at_most: 3, checks: [
                (terrain: "clear", seasons: ["winter"], checks: 1),
                (terrain: "rough", seasons: ["winter"], checks: 2),
                (terrain: "desert", seasons: ["winter"], checks: 1, unit_types: ["n_camel"]),
                (terrain: "desert", seasons: ["summer", "winter"], checks: 1),
                (terrain: "lava", checks: 1),
            ])]))),"#
    );
    let terrains = (
        "defender_shift: -1, stacking: Some(3)),",
        r##"defender_shift: -1, stacking: Some(3)),
            (id: "rough", name: "Rough", symbol: "r", color: "#b99c6b", default_cost: Mp(2), stacking: Some(4)),
            (id: "desert", name: "Desert", symbol: "d", color: "#ecd9a6", default_cost: Mp(2), stacking: Some(2)),
            (id: "lava", name: "Lava", symbol: "l", color: "#6f6158", default_cost: Mp(2), stacking: Some(1),
             costs: [(class: "supply_line", cost: RoadOnly)]),"##,
    );
    let hexes = (
        r#"(hex: "0202", name: Some("Hollin")),"#,
        r#"(hex: "0202", name: Some("Hollin")), (hex: "0302", terrain: Some("rough")), (hex: "0402", terrain: Some("desert")),
            (hex: "0502", terrain: Some("desert")), (hex: "0602", terrain: Some("lava")), (hex: "0301", terrain: Some("lava")),
            (hex: "0303", terrain: Some("lava")),"#,
    );
    let calendar = (
        r#"labels: ["1", "2", "3", "4"],"#,
        format!(
            r#"labels: ["1", "2", "3", "4"],
        seasons: [(id: "winter", name: "Winter"), (id: "summer", name: "Summer")],
        calendar: [(year: 1915, season: "{season}"), (year: 1915, season: "summer"), (year: 1915, season: "summer"),
                   (year: 1915, season: "summer")],"#
        ),
    );
    let supply_phase = (
        "(id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),",
        "(id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),\n            \
         (id: \"first_supply\", name: \"First Player Supply\", kind: Supply, actor: First),",
    );
    let camel_type = r#"(id: "n_camel", name: "Camel Corps", contingent: "north", symbol: Recon,
         strength: Steps([(attack: 1, defense: 1, movement: 6)])),"#;
    let sup = supply.map(|h| format!(r#" (id: "N-Sup", unit_type: "n_sup", at: "{h}"),"#)).unwrap_or_default();
    let mut pairs = vec![
        (KELL_RULES, rules),
        (terrains.0, terrains.1.to_string()),
        (hexes.0, hexes.1.to_string()),
        calendar,
        (supply_phase.0, supply_phase.1.to_string()),
        with_types(&format!("{camel_type}\n        {SUPPLY_TYPE}")),
        with_mix(r#"(unit_type: "n_camel", count: 1), (unit_type: "n_sup", count: 1),"#),
        (N_ART, format!(r#"{N_ART} (id: "N-Camel", unit_type: "n_camel", at: "0502"),{sup}"#)),
    ];
    pairs.extend_from_slice(moves);
    kell_with(&refs(&pairs), dice)
}

fn supplied(s: &mut Session, unit: &str) -> bool {
    let units = sandtable::model::view::UnitsView::from_world(&mut s.world);
    let control = s.world.resource::<sandtable::model::Control>().clone();
    sandtable::rules::supply::side_supply(s.game(), &units, &control, 0).into_iter().any(|(id, ok)| id == unit && ok)
}

/// T9 (15.6, 38.0, A22): units out of supply roll in their Supply phase, in id order. Rough in
/// winter: two rolls, a 1-3 on either eliminates. Desert in summer: the infantry rolls once, the
/// camel not at all. Lava: a roll every turn, whatever the season. A supply line enters lava only
/// along a road.
#[test]
fn rule_too_15_6_t9_attrition_by_terrain_and_season_and_lava_supplied_only_by_road() {
    let supply_phase = |s: &mut Session| {
        play(s, &[Command::EndPhase, Command::EndPhase]);
        assert_eq!(s.state(None).phase, "first_supply");
    };
    // Winter: N-1Tk (rough) rolls 5 then 3; N-2Inf (desert) 4; N-3Inf (lava) 6; the camel 1.
    let mut w = attrition_game("winter", None, &[], &[5, 3, 4, 6, 1]);
    supply_phase(&mut w);
    assert!(log_has(&mut w, "N-1Tk is out of supply: attrition roll 5, 3: eliminated (15.6)"));
    assert!(log_has(&mut w, "N-2Inf is out of supply: attrition roll 4: survives (15.6)"));
    assert!(log_has(&mut w, "N-3Inf is out of supply: attrition roll 6: survives (15.6)"));
    assert!(log_has(&mut w, "N-Camel is out of supply: attrition roll 1: eliminated (15.6)"));
    assert_eq!((location(&mut w, "N-1Tk"), location(&mut w, "N-Camel")), ("eliminated".into(), "eliminated".into()));
    // Rough in winter: two good rolls survive (1 chance in 4).
    let mut r = attrition_game("winter", None, &[], &[4, 6, 4, 6, 4]);
    supply_phase(&mut r);
    assert!(log_has(&mut r, "N-1Tk is out of supply: attrition roll 4, 6: survives (15.6)"));
    // Summer: no roll in rough; the infantry in desert rolls once, the camel never; lava rolls.
    let mut s = attrition_game("summer", None, &[], &[2, 5, 6]);
    supply_phase(&mut s);
    assert!(log_has(&mut s, "N-2Inf is out of supply: attrition roll 2: eliminated (15.6)"));
    assert!(log_has(&mut s, "N-3Inf is out of supply: attrition roll 5: survives (15.6)"));
    assert_eq!(s.world.resource::<sandtable::model::dice::Dice>().rolls.len(), 2, "none for N-1Tk, N-Art or the camel");
    assert_eq!((location(&mut s, "N-1Tk"), location(&mut s, "N-Camel")), ("0302".into(), "0502".into()));
    // Lava again on turn 2 (summer too): another roll.
    play(&mut s, &ends(5));
    assert_eq!((s.state(None).turn.as_str(), s.state(None).phase.as_str()), ("2", "first_supply"));
    assert!(log_has(&mut s, "N-3Inf is out of supply: attrition roll 6: survives (15.6)"));
    assert_eq!(log_count(&s, "N-3Inf is out of supply"), 2);
    // Supply from N-Sup (0201): into lava along the road (0202-0303) yes, off it (0301) no.
    let moves = [moved(N_TANK, "0301"), moved(N_INF3, "0303")];
    let mut t = attrition_game("summer", Some("0201"), &moves, &[]);
    assert!(supplied(&mut t, "N-3Inf"), "lava 0303, 2 hexes along the road");
    assert!(!supplied(&mut t, "N-1Tk"), "lava 0301, 1 hex but off the road");
}

// ------------------------------------------------------------------------------------------
// T12
// ------------------------------------------------------------------------------------------

/// Kell Ford where every roll is DT: in Kell (0404) a South corps of three divisions, a
/// division and an HQ; N-2Inf attacks from 0403. The South scores -11 a corps, -7 the HQ, -5
/// any other unit on its own VP track (30.3); retreats are ToO's (13.2: cut short, eliminated).
fn rout_game(dice: &[u32]) -> Session {
    let types = r#"(id: "s_div", name: "Division", contingent: "south", symbol: Infantry, size: "XX",
         strength: Steps([(attack: 2, defense: 1, movement: 4)])),
        (id: "s_corps", name: "Corps", contingent: "south", symbol: Infantry, size: "XXX",
         strength: Steps([(attack: 6, defense: 3, movement: 4)])),
        (id: "s_hq", name: "HQ", contingent: "south", symbol: Headquarters, size: "XXXX",
         strength: Steps([(attack: 0, defense: 1, movement: 4)]), flags: [CannotAttack]),"#;
    let rules = r#"rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true,
        reorganisation: [(unit_type: "s_corps", components: [("s_div", 3)])],
        retreat: (enemy_zoc: Costs(1), cut_short: Eliminated, least_harm: true),
        elimination_first_match: true,
        elimination_scores: [(side: "south", unit_types: ["s_hq"], track: "south_vp", amount: -7),
            (side: "south", sizes: ["XXX"], track: "south_vp", amount: -11), (side: "south", track: "south_vp", amount: -5)]),"#;
    let pairs = [
        with_types(types),
        with_mix(r#"(unit_type: "s_div", count: 4), (unit_type: "s_corps", count: 1), (unit_type: "s_hq", count: 1),"#),
        (KELL_RULES, rules.to_string()),
        (
            S_INF1,
            r#"(id: "S-Corps", unit_type: "s_corps", at: "0404"), (id: "S-Div", unit_type: "s_div", at: "0404"),
            (id: "S-HQ", unit_type: "s_hq", at: "0404"),"#
                .to_string(),
        ),
        moved(N_INF2, "0403"),
        with_track(r#"(id: "south_vp", name: "South VP", side: Some("south"), start: 20, floor: 0, cap: 100),"#),
    ];
    let results = r#"results: [(code: "DT", effects: [Rout(party: Defender)])],"#;
    crate::common::kell_every_roll("DT", results, &refs(&pairs), dice)
}

/// T12 (12 DT, 8.2, 13.2(5), 30.3): the division and the HQ are eliminated; the corps breaks
/// into its three divisions (no VP), which roll 4, 1 and 6 and retreat exactly that many hexes
/// from Kell. The 6 finds every path blocked after 3 hexes (0206, in a corner of the map) and is
/// eliminated there. VP: -5 (division), -7 (HQ), -5 (the division lost retreating).
#[test]
fn rule_too_12_t12_dt_eliminates_the_others_breaks_the_corps_and_each_division_retreats_its_roll() {
    let mut s = rout_game(&[6, 4, 1, 6]);
    play(&mut s, &[Command::EndPhase, attack(&["N-2Inf"], "0404")]);
    assert_eq!((location(&mut s, "S-Div"), location(&mut s, "S-HQ")), ("eliminated".into(), "eliminated".into()));
    assert_eq!(location(&mut s, "S-Corps"), "pool", "broken down, not eliminated");
    let Some(Prompt::TakeLosses { retreat_each, .. }) = prompt(&s) else { panic!("a rout prompt: {:?}", prompt(&s)) };
    let rolled: Vec<u32> = retreat_each.iter().map(|(_, n)| *n).collect();
    assert_eq!(rolled, [4, 1, 6]);
    let divs: Vec<String> = retreat_each.iter().map(|(id, _)| id.clone()).collect();
    assert!(log_has(&mut s, &format!("S-Corps is broken down into {} (rout)", divs.join(", "))));
    let path = |unit: &str, hexes: &[&str]| RetreatMove { unit: unit.into(), path: hexes.iter().map(|h| (*h).into()).collect() };
    // The 4 may not stop short; the 6 may stop only where nothing lies further on.
    let short = vec![path(&divs[0], &["0505", "0605", "0705"]), path(&divs[1], &["0405"]), path(&divs[2], &["0405", "0306", "0206"])];
    assert!(s.apply(Command::TakeLosses { units: vec![], retreat: short, break_down: vec![] }).is_err());
    let retreat = vec![
        path(&divs[0], &["0505", "0605", "0705", "0805"]),
        path(&divs[1], &["0405"]),
        path(&divs[2], &["0405", "0306", "0206"]),
    ];
    play(&mut s, &[Command::TakeLosses { units: vec![], retreat, break_down: vec![] }]);
    let ended: Vec<String> = divs.iter().map(|d| location(&mut s, d)).collect();
    assert_eq!(ended, ["0805", "0405", "eliminated"]);
    assert!(log_has(&mut s, "S-HQ eliminated: South VP -7"));
    assert!(log_has(&mut s, "S-Div eliminated: South VP -5"));
    assert!(log_has(&mut s, &format!("{} eliminated: South VP -5", divs[2])));
    assert_eq!(log_count(&s, "S-Corps eliminated"), 0, "the breakdown costs nothing (30.3)");
    assert_eq!(track(&s, "south_vp"), 20 - 5 - 7 - 5);
}
