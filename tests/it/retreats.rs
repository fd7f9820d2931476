//! Retreat variants (`rules.retreat`; engine gap G14, ToO 13): enemy zones of control entered
//! at a cost in stacking points, elimination when a retreat is cut short, the path that harms
//! least, fortresses that shelter, and units retreated over the limit adding no defence.

use sandtable::model::PendingPrompt;
use sandtable::model::command::RetreatMove;
use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{KELL_RULES, attack, kell_every_roll, location, log_has, play, plan_now};

const RESULTS: &str = r#"results: [
                (code: "DW", effects: [Retreat(party: Defender, hexes: 1)]),
                (code: "DR2", effects: [Retreat(party: Defender, hexes: 2)]),
            ],"#;

/// ToO 13's retreat: zones cost 1 stacking point a hex, a short retreat eliminates, the path
/// that harms least, fortresses shelter.
const TOO_RETREAT: &str = "retreat: (enemy_zoc: Costs(1), cut_short: Eliminated, least_harm: true, fortress_shelters: true)";

/// South types: a guerrilla that retreats through zones freely, a fortress, and a corps of two
/// divisions (in the pool) worth 2 stacking points.
const TYPES: (&str, &str) = (
    r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    r#"(id: "s_guer", name: "Guerrilla", contingent: "south", symbol: Militia, size: "II", strength: Steps([(attack: 1, defense: 1, movement: 4)]), flags: [RetreatsThroughZoc]),
        (id: "s_fort", name: "Fortress", contingent: "south", symbol: Infantry, size: "XX", strength: Steps([(attack: 0, defense: 2, movement: 0)]), flags: [Fortress, Static, CannotAttack]),
        (id: "s_div", name: "Division", contingent: "south", symbol: Infantry, size: "XX", strength: Steps([(attack: 2, defense: 2, movement: 4)])),
        (id: "s_corps", name: "Corps", contingent: "south", symbol: Infantry, size: "XXX", stacking_points: 2, strength: Steps([(attack: 4, defense: 4, movement: 4)])),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
);
const MIX: (&str, &str) = (
    r#"(unit_type: "n_art", count: 1),"#,
    r#"(unit_type: "n_art", count: 1), (unit_type: "s_guer", count: 1), (unit_type: "s_fort", count: 2), (unit_type: "s_div", count: 2), (unit_type: "s_corps", count: 1),"#,
);
/// N-3Inf next to S-2Inf (0604), from 0704: its zone covers 0603 and 0705 of S-2Inf's ring.
const N3_AT_0704: (&str, &str) = (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0704"),"#);
/// N-2Inf in 0505: the rest of the ring (0504, 0605) in its zone, 0505 held.
const N2_AT_0505: (&str, &str) = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0505"),"#);

fn game(code: &str, rules: &str, units: &[(&str, &str)]) -> Session {
    let rules_line = format!("rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true, reorganisation: [(unit_type: \"s_corps\", components: [(\"s_div\", 2)])], {rules}),");
    let mut extra: Vec<(&str, &str)> = vec![TYPES, MIX, (KELL_RULES, rules_line.as_str())];
    extra.extend_from_slice(units);
    kell_every_roll(code, RESULTS, &extra, &[6])
}

fn prompt(s: &Session) -> Option<Prompt> {
    s.world.resource::<PendingPrompt>().0.clone()
}

fn retreat(unit: &str, path: &[&str]) -> Command {
    Command::TakeLosses { units: Vec::new(), retreat: vec![RetreatMove { unit: unit.into(), path: path.iter().map(|p| (*p).into()).collect() }], break_down: Vec::new() }
}

/// Puts a South unit in a hex, replacing S-Mil's placement (the Militia leaves the game).
fn south(id: &str, ty: &str, at: &str) -> String {
    format!(r#"(id: "{id}", unit_type: "{ty}", at: "{at}"),"#)
}
const S_MIL: &str = r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"),"#;

#[test]
fn rule_too_13_2_2_t11_a_division_with_only_enemy_zones_to_retreat_into_pays_one_de_and_is_eliminated() {
    let mut s = game("DW", TOO_RETREAT, &[N3_AT_0704, N2_AT_0505]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    let answer = s.legal_commands().into_iter().next().expect("a retreat");
    play(&mut s, &[answer]);
    assert_eq!(location(&mut s, "S-2Inf"), "eliminated");
    assert!(log_has(&mut s, "S-2Inf entered 1 enemy zone(s) of control retreating, owing 1 stacking point(s) (ToO 13.2): eliminated in"));
}

#[test]
fn rule_too_13_2_7_t11_a_retreat_must_avoid_enemy_zones_when_it_can() {
    let mut s = game("DW", TOO_RETREAT, &[N3_AT_0704]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    // 0705 lies in N-3Inf's zone; 0605, 0504 and 0505 do not.
    let e = s.apply(retreat("S-2Inf", &["0705"])).expect_err("a zone when a free hex exists");
    assert!(e.contains("has a retreat that harms it less"), "{e}");
    play(&mut s, &[retreat("S-2Inf", &["0605"])]);
    assert_eq!(location(&mut s, "S-2Inf"), "0605");
    assert!(prompt(&s).is_none());
}

#[test]
fn rule_too_22_3_t11_a_guerrilla_retreats_through_enemy_zones_at_no_cost() {
    let g = south("S-Guer", "s_guer", "0604");
    let mut s = game("DW", TOO_RETREAT, &[N3_AT_0704, N2_AT_0505, (S_MIL, g.as_str()), (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604"),"#, "")]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    let answer = s.legal_commands().into_iter().next().expect("a retreat");
    play(&mut s, &[answer]);
    let at = location(&mut s, "S-Guer");
    assert!(["0603", "0605", "0504", "0705"].contains(&at.as_str()), "S-Guer retreated into a zone hex, not to {at}");
}

#[test]
fn rule_too_13_2_2_a_corps_worth_more_than_it_owes_breaks_down_and_pays_with_a_division() {
    let corps = south("S-Corps", "s_corps", "0604");
    let mut s = game("DW", TOO_RETREAT, &[N3_AT_0704, N2_AT_0505, (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604"),"#, corps.as_str())]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    play(&mut s, &[retreat("S-Corps", &["0605"])]);
    assert_eq!(location(&mut s, "S-Corps"), "pool", "broken down, not eliminated");
    assert_eq!((location(&mut s, "s_div#1"), location(&mut s, "s_div#2")), ("eliminated".to_string(), "0605".to_string()));
    assert!(log_has(&mut s, "S-Corps entered 1 enemy zone(s) of control retreating, owing 1 stacking point(s) (ToO 13.2): broken down into s_div#1, s_div#2, and s_div#1 eliminated"));
}

/// S-2Inf in the corner hex 0806, N-3Inf in 0706: the only way back, 0805, lies in its zone.
const CORNER: [(&str, &str); 2] = [
    (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604"),"#, r#"(id: "S-2Inf", unit_type: "s_inf", at: "0806"),"#),
    (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0706"),"#),
];

#[test]
fn rule_too_13_2_5_a_unit_that_cannot_retreat_is_eliminated_where_the_tutorial_pays_steps() {
    // The tutorial's retreat (zones barred): it pays the hex it cannot retreat in a step.
    let mut s = game("DW", "retreat: ()", &CORNER);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0806")]);
    play(&mut s, &[Command::TakeLosses { units: Vec::new(), retreat: vec![RetreatMove { unit: "S-2Inf".into(), path: Vec::new() }], break_down: Vec::new() }]);
    assert_eq!(location(&mut s, "S-2Inf"), "0806");
    assert!(log_has(&mut s, "S-2Inf cannot retreat further: 1 step(s) instead"));
    // ToO 13.2(5): eliminated instead.
    let mut s = game("DW", "retreat: (cut_short: Eliminated)", &CORNER);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0806")]);
    let answer = s.legal_commands().into_iter().next().expect("the answer");
    play(&mut s, &[answer]);
    assert_eq!(location(&mut s, "S-2Inf"), "eliminated");
    assert!(log_has(&mut s, "S-2Inf has nowhere to retreat: eliminated (ToO 13.2)"));
}

#[test]
fn rule_too_13_4_t15_a_fortress_ignores_the_retreat_and_the_units_with_it_may_stay() {
    let fort = south("S-Fort", "s_fort", "0604");
    let mut s = game("DW", TOO_RETREAT, &[N3_AT_0704, (S_MIL, fort.as_str())]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    let Some(Prompt::TakeLosses { units, .. }) = prompt(&s) else { panic!("a retreat prompt") };
    assert_eq!(units, vec!["S-2Inf".to_string()], "the fortress is not asked to retreat");
    // Both answers are offered: retreat, or stay with the fortress.
    let offered = s.legal_commands();
    let stays = |c: &Command| matches!(c, Command::TakeLosses { retreat, .. } if retreat.iter().all(|m| m.path.is_empty()));
    assert!(offered.iter().any(stays) && offered.iter().any(|c| !stays(c)), "{offered:?}");
    play(&mut s, &[retreat("S-2Inf", &[])]);
    assert_eq!((location(&mut s, "S-2Inf"), location(&mut s, "S-Fort")), ("0604".to_string(), "0604".to_string()));
    assert!(log_has(&mut s, "S-2Inf holds 0604 with a fortress: it ignores the retreat (ToO 13.4)"));
}

#[test]
fn rule_too_13_4_a_retreat_may_end_early_in_a_friendly_fortress_hex() {
    let fort = south("S-Fort", "s_fort", "0605");
    let mut s = game("DR2", TOO_RETREAT, &[N3_AT_0704, (S_MIL, fort.as_str())]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    play(&mut s, &[retreat("S-2Inf", &["0605"])]);
    assert_eq!(location(&mut s, "S-2Inf"), "0605");
    // Without the rule, one hex of two is too short while a hex lies further on.
    let mut s = game("DR2", "retreat: ()", &[N3_AT_0704, (S_MIL, fort.as_str())]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    let e = s.apply(retreat("S-2Inf", &["0605"])).expect_err("too short");
    assert!(e.contains("must retreat further"), "{e}");
}

#[test]
fn rule_too_13_3_units_retreated_into_an_overstacked_hex_add_no_defence() {
    // S-1Inf and a militia hold 0605 (a hill, 2 stacking points); S-2Inf retreats in over the
    // limit (checked at the end of the combat phase), then N-2Inf attacks 0605.
    let mil = r#"(id: "S-Mil", unit_type: "s_mil", at: "0605"),"#;
    let one = (r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404"),"#, r#"(id: "S-1Inf", unit_type: "s_inf", at: "0605"),"#);
    let n2 = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0706"),"#);
    let rules = "stacking_checked_at_end_of: [Combat], retreat: (over_limit_add_no_defence: true)";
    let mut s = game("DW", rules, &[N3_AT_0704, (S_MIL, mil), one, n2]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604"), retreat("S-2Inf", &["0605"])]);
    assert_eq!(location(&mut s, "S-2Inf"), "0605");
    // S-1Inf 4 and the militia 2: S-2Inf's 4 does not count.
    assert_eq!(plan_now(&mut s, &["N-2Inf"], "0605").defense, 6);
}

#[test]
fn bad_retreat_rules_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let text = text.replace(KELL_RULES, "rules: (retreat: (enemy_zoc: Costs(0), over_limit_add_no_defence: true)),");
    let report = sandtable::games::load_str(&text, "kell_bad.ron", &crate::common::root()).expect_err("bad rules").to_string();
    assert!(report.contains("rules.retreat.enemy_zoc") && report.contains("Costs(0)"), "{report}");
    assert!(report.contains("rules.retreat.over_limit_add_no_defence"), "{report}");
}

#[test]
fn rule_too_13_random_games_with_too_retreats_list_only_accepted_commands() {
    for (code, seed) in [("DR2", 3), ("DW", 11), ("DR2", 29)] {
        let corps = south("S-Corps", "s_corps", "0505");
        let mut s = game(code, TOO_RETREAT, &[(S_MIL, corps.as_str())]);
        crate::common::play_random_checked(&mut s, seed, 3000);
    }
}
