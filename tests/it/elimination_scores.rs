//! Elimination scoring by category (engine gap G22, ToO 30.3): entries match a unit by side,
//! flag, type and size; with `elimination_first_match` only the first that matches counts, so
//! that a corps costs 11, an HQ 7 and any other unit 5, and an entry worth nothing (supply
//! units) ends the search.

use sandtable::session::{Command, Session};

use crate::common::{kell_rules, log_has, play};

/// Attrition in the North's Supply phase eliminates N-1Tk (a battalion, size II) and N-2Inf
/// (a regiment, III) on the forced rolls 3 and 2 (as in the attrition tests).
fn after_attrition(scores: &str, first_match: bool) -> Session {
    let rules = format!(
        "(supply: Some((sources: [(side: \"north\", spaces: [\"0801\"]), (side: \"south\", spaces: [\"0506\"])], network: [Road], trace_mp: 3, \
         effects: [DiceAttrition(die: 6, eliminated_at_most: 3, checks: [(terrain: \"clear\", checks: 1)])])), \
         elimination_scores: [{scores}], elimination_first_match: {first_match})"
    );
    let phase = (
        "(id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),",
        "(id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),\n            (id: \"first_supply\", name: \"First Player Supply\", kind: Supply, actor: First),",
    );
    let track = ("start: 0, floor: 0, cap: 10,", "start: 50, floor: 0, cap: 100,");
    let no_sudden_death = ("AtLeast(5)", "AtLeast(100)");
    let mut s = kell_rules(&rules, &[phase, track, no_sudden_death], &[3, 2]);
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    s
}

fn north_vp(s: &mut Session) -> i32 {
    s.world.resource::<sandtable::model::Tracks>().0[0]
}

const BY_SIZE: &str = r#"(side: "north", sizes: ["II"], track: "north_vp", amount: -11), (side: "north", track: "north_vp", amount: -5)"#;

#[test]
fn rule_too_30_3_the_first_matching_category_sets_the_cost_of_a_loss() {
    let mut s = after_attrition(BY_SIZE, true);
    assert!(log_has(&mut s, "N-1Tk eliminated: North VP -11 = 39"));
    assert!(log_has(&mut s, "N-2Inf eliminated: North VP -5 = 34"));
    assert_eq!(north_vp(&mut s), 34);
}

#[test]
fn rule_too_30_3_without_first_match_every_matching_entry_adds() {
    // The battalion matches both entries: 11 + 5.
    let mut s = after_attrition(BY_SIZE, false);
    assert_eq!(north_vp(&mut s), 50 - 16 - 5);
}

#[test]
fn rule_too_30_3_a_category_worth_nothing_ends_the_search() {
    // Tanks cost nothing (as ToO's supply units); everything else 5.
    let scores = r#"(side: "north", unit_types: ["n_tank"], track: "north_vp", amount: 0), (side: "north", track: "north_vp", amount: -5)"#;
    let mut s = after_attrition(scores, true);
    assert_eq!(north_vp(&mut s), 45);
    let log = &s.world.resource::<sandtable::model::log::GameLog>().0;
    assert!(!log.iter().any(|e| e.text.starts_with("N-1Tk eliminated:")));
}

#[test]
fn elimination_categories_are_checked() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let r = r#"rules: (elimination_scores: [(side: "north", sizes: ["XXXX"], unit_types: ["n_camel"], track: "north_vp", amount: -1)]),"#;
    let bad = text.replacen(crate::common::KELL_RULES, r, 1);
    let e = sandtable::games::load_str(&bad, "scores.ron", &crate::common::root()).expect_err("bad categories").to_string();
    assert!(e.contains("rules.elimination_scores[0].sizes[0]: no unit type has the size `XXXX`"), "{e}");
    assert!(e.contains("rules.elimination_scores[0].unit_types[0]"), "{e}");
}

/// ToO 7.9, 30.3: a counter bought back after its elimination costs its VP again when it is
/// lost again (each elimination scores, not each counter once a game).
#[test]
fn rule_too_30_3_a_unit_bought_back_and_lost_again_scores_again() {
    let rules = "(supply: Some((sources: [(side: \"north\", spaces: [\"0801\"]), (side: \"south\", spaces: [\"0506\"])], network: [Road], trace_mp: 3, \
         effects: [DiceAttrition(die: 6, eliminated_at_most: 3, checks: [(terrain: \"clear\", checks: 1)])])), \
         elimination_scores: [(side: \"north\", track: \"north_vp\", amount: -5)], counter_pool: true, \
         purchases: Some((tracks: [(\"north\", \"north_vp\")], costs: [(unit_type: \"n_inf\", cost: 1)], places: [(side: Some(\"north\"), tags: [\"depot\"])])))";
    let phases = (
        "(id: \"first_movement\", name: \"First Player Movement\", kind: Movement, actor: First),\n            (id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),",
        "(id: \"mob\", name: \"First Player Mobilization\", kind: Mobilization, actor: First),\n            (id: \"first_movement\", name: \"First Player Movement\", kind: Movement, actor: First),\n            (id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),\n            (id: \"first_supply\", name: \"First Player Supply\", kind: Supply, actor: First),",
    );
    let depot = (r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0202", name: Some("Hollin")), (hex: "0402", tags: ["depot"]),"#);
    let track = ("start: 0, floor: 0, cap: 10,", "start: 50, floor: 0, cap: 100,");
    let no_sudden_death = ("AtLeast(5)", "AtLeast(100)");
    let mut s = kell_rules(rules, &[phases, depot, track, no_sudden_death], &[3, 2, 1]);
    // Turn 1: the North's Supply phase loses N-1Tk and N-2Inf (rolls 3 and 2): -10.
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    assert_eq!(north_vp(&mut s), 40);
    // To turn 2's Mobilization: N-2Inf is bought back (1 VP) where it stood, out of supply.
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    play(&mut s, &[Command::Recruit { unit_type: "n_inf".into(), at: "0402".into(), surge: false }]);
    assert!(log_has(&mut s, "north buys Infantry Regiment (N-2Inf) at 0402 for 1"));
    assert_eq!(north_vp(&mut s), 39);
    // Its Supply phase loses it again (roll 1): it costs 5 VP again.
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    assert_eq!(crate::common::location(&mut s, "N-2Inf"), "eliminated");
    assert_eq!(north_vp(&mut s), 34);
}
