//! Units that come back after their elimination (`unit_types[].returns`; ToO 23.4: Lawrence
//! and Wassmuss roll 1d6, 1-5 back after that many turns, 6 gone for good; 28.4: the Bolshevik
//! corps back in its side's next Mobilisation Phase).

use sandtable::model::PendingPrompt;
use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{kell_rules, location, log_has, play};

/// Kell Ford with supply attrition in the North's Supply phase (as in the elimination-score
/// tests: N-1Tk and N-2Inf are out of supply and roll 3 and 2), a North Mobilization phase,
/// and the North's infantry regiments coming back as `returns` says, at the depot 0402.
fn game(returns: &str, dice: &[u32]) -> Session {
    let rules = "(supply: Some((sources: [(side: \"north\", spaces: [\"0801\"]), (side: \"south\", spaces: [\"0506\"])], network: [Road], trace_mp: 3, \
         effects: [DiceAttrition(die: 6, eliminated_at_most: 3, checks: [(terrain: \"clear\", checks: 1)])])), counter_pool: true)";
    let phases = (
        "(id: \"first_movement\", name: \"First Player Movement\", kind: Movement, actor: First),\n            (id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),",
        "(id: \"mob\", name: \"First Player Mobilization\", kind: Mobilization, actor: First),\n            (id: \"first_movement\", name: \"First Player Movement\", kind: Movement, actor: First),\n            (id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),\n            (id: \"first_supply\", name: \"First Player Supply\", kind: Supply, actor: First),",
    );
    let depot = (r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0202", name: Some("Hollin")), (hex: "0402", tags: ["depot"]),"#);
    let infantry = (
        r#"(id: "n_inf", name: "Infantry Regiment", contingent: "north", symbol: Infantry, size: "III","#,
        &*format!(r#"(id: "n_inf", name: "Infantry Regiment", contingent: "north", symbol: Infantry, size: "III", returns: {returns},"#),
    );
    let no_sudden_death = ("AtLeast(5)", "AtLeast(100)");
    let mut s = kell_rules(rules, &[phases, depot, (infantry.0, infantry.1), no_sudden_death], dice);
    // Turn 1: to the North's Supply phase, where N-1Tk and N-2Inf are lost.
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    s
}

const LAWRENCE: &str = r#"Some((dice: Some(D6), gone: Some((6, 6)), places: [(side: Some("north"), tags: ["depot"])], rule: Some("23.4")))"#;

fn prompt(s: &Session) -> Option<Prompt> {
    s.world.resource::<PendingPrompt>().0.clone()
}

#[test]
fn rule_too_23_4_an_eliminated_leader_rolls_and_comes_back_after_that_many_turns() {
    // N-2Inf rolls 1 on its elimination: back in the next turn's Mobilization phase.
    let mut s = game(LAWRENCE, &[3, 2, 1, 1, 4]);
    assert_eq!(location(&mut s, "N-2Inf"), "eliminated");
    assert!(log_has(&mut s, "N-2Inf is eliminated and rolls 1: back in 2 (23.4)"));
    // The South's turn, then the North's Mobilization phase of turn 2 asks where it comes back.
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    assert!(log_has(&mut s, "N-2Inf comes back (23.4)"));
    let Some(Prompt::PlaceUnit { options, .. }) = prompt(&s) else { panic!("a placement: {:?}", prompt(&s)) };
    assert_eq!(options, vec![("N-2Inf".to_string(), vec!["0402".to_string()])]);
    play(&mut s, &[Command::Place { unit: "N-2Inf".into(), at: "0402".into() }]);
    assert_eq!(location(&mut s, "N-2Inf"), "0402");
    // Lost again (roll 1 in turn 2's Supply phase), it rolls again: 4 turns, past the game's end.
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    assert_eq!(location(&mut s, "N-2Inf"), "eliminated");
    assert!(log_has(&mut s, "N-2Inf is eliminated and rolls 4: never again in this game (23.4)"));
}

#[test]
fn rule_too_23_4_a_six_sends_it_away_for_good() {
    let mut s = game(LAWRENCE, &[3, 2, 6]);
    assert!(log_has(&mut s, "N-2Inf is eliminated and rolls 6: gone for good (23.4)"));
    assert_eq!(location(&mut s, "N-2Inf"), "out of play");
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    assert!(prompt(&s).is_none(), "nothing comes back");
}

#[test]
fn rule_too_28_4_without_dice_it_comes_back_in_the_sides_next_mobilization_phase() {
    let bolshevik = r#"Some((places: [(side: Some("north"), tags: ["depot"])], rule: Some("28.4")))"#;
    let mut s = game(bolshevik, &[3, 2]);
    assert!(log_has(&mut s, "N-2Inf comes back in north's next Mobilization phase (28.4)"));
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    assert!(matches!(prompt(&s), Some(Prompt::PlaceUnit { .. })));
}

#[test]
fn bad_returns_are_clear_errors() {
    let text = crate::common::kell_text_with(&[(
        r#"(id: "n_inf", name: "Infantry Regiment", contingent: "north", symbol: Infantry, size: "III","#,
        r#"(id: "n_inf", name: "Infantry Regiment", contingent: "north", symbol: Infantry, size: "III", returns: Some((gone: Some((6, 6)), places: [(tags: ["nowhere"])])),"#,
    )]);
    let e = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()).expect_err("bad").to_string();
    assert!(e.contains("returns.gone: a result that sends the unit away for good needs `dice`"), "{e}");
    assert!(e.contains("returns.places[0].tags[0]"), "{e}");
}

/// ToO 28.3: the Ottoman player receives a German division "in his next Mobilisation Phase": a
/// unit received by an event may wait for a phase of its side (`Receive(in_phase)`).
#[test]
fn rule_too_28_3_a_unit_received_may_wait_for_the_sides_next_mobilization_phase() {
    let rules = r#"(counter_pool: true, scripted: [(turn: "1", phase: "first_movement", rule: Some("28.3"), effects: [
        Receive((count: Fixed(1), unit_types: ["n_inf"], places: [(tags: ["depot"])], in_phase: Some(Mobilization), rule: Some("28.3")))])])"#;
    let phases = (
        "(id: \"first_movement\", name: \"First Player Movement\", kind: Movement, actor: First),",
        "(id: \"mob\", name: \"First Player Mobilization\", kind: Mobilization, actor: First, from_turn: Some(2)),\n            (id: \"first_movement\", name: \"First Player Movement\", kind: Movement, actor: First),",
    );
    let depot = (r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0202", name: Some("Hollin")), (hex: "0402", tags: ["depot"]),"#);
    let mix = ("(unit_type: \"n_inf\", count: 2),", "(unit_type: \"n_inf\", count: 3),");
    let no_sudden_death = ("AtLeast(5)", "AtLeast(100)");
    let mut s = kell_rules(rules, &[phases, depot, mix, no_sudden_death], &[]);
    // Turn 1: the unit is received but not placed: the North moves on without a question.
    assert!(log_has(&mut s, "north receives 1 unit(s), free"));
    assert!(prompt(&s).is_none());
    assert_eq!(location(&mut s, "n_inf#1"), "pool");
    // Turn 2's Mobilization phase asks where it goes.
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    assert_eq!(s.state(None).phase, "mob");
    let Some(Prompt::PlaceUnit { options, .. }) = prompt(&s) else { panic!("a placement: {:?}", prompt(&s)) };
    assert_eq!(options, vec![("n_inf#1".to_string(), vec!["0402".to_string()])]);
}
