//! Stack fog of war (`rules.stack_fog`, event effect `LookInsideStacks`; engine gap G29, ToO
//! 10.8, 18.8): a player sees only the top unit of each enemy stack, except in this phase's
//! combats, within range of his units that look, and while an event lets him look; the odds he
//! is shown count only what he sees.

use sandtable::client::{Client, OpenArgs, UiAction};
use sandtable::session::{Command, Session};

use crate::common::{KELL_RULES, attack, kell_with, play};

/// S-1Inf joins S-2Inf in 0604; N-3Inf next to them in 0704.
const STACK: [(&str, &str); 2] = [
    (r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404"),"#, r#"(id: "S-1Inf", unit_type: "s_inf", at: "0604"),"#),
    (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0704"),"#),
];

fn game(fog: &str, extra: &[(&str, &str)]) -> Session {
    let rules = format!("rules: (reveal_when_enemy_ends_adjacent: true, stack_fog: Some({fog})),");
    let mut all: Vec<(&str, &str)> = vec![(KELL_RULES, rules.as_str()), STACK[0], STACK[1]];
    all.extend_from_slice(extra);
    kell_with(&all, &[6])
}

/// The units a side's screen lists in a hex.
fn seen(s: &mut Session, viewer: Option<usize>, hex: &str) -> Vec<String> {
    s.state(viewer).units.into_iter().filter(|u| u.location == hex).map(|u| u.id).collect()
}

#[test]
fn rule_too_10_8_a_player_sees_only_the_top_unit_of_an_enemy_stack() {
    let mut s = game("()", &[]);
    // Equal stacking points: the first by id is on top.
    assert_eq!(seen(&mut s, Some(0), "0604"), vec!["S-1Inf".to_string()]);
    assert_eq!(seen(&mut s, Some(1), "0604"), vec!["S-1Inf".to_string(), "S-2Inf".to_string()], "the owner sees his stack");
    assert_eq!(seen(&mut s, None, "0604").len(), 2, "no viewer: everything");
    // Without the rule, every stack is open.
    let mut s = kell_with(&STACK, &[]);
    assert_eq!(seen(&mut s, Some(0), "0604").len(), 2);
}

#[test]
fn rule_too_10_8_a_stack_in_combat_opens_to_both_players_for_the_phase() {
    let mut s = game("()", &[]);
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(seen(&mut s, Some(0), "0604").len(), 1);
    play(&mut s, &[attack(&["N-3Inf"], "0604")]);
    // Whatever the result, the stack is known for the rest of the phase.
    while s.world.resource::<sandtable::model::PendingPrompt>().0.is_some() {
        let answer = s.legal_commands().into_iter().next().expect("an answer");
        play(&mut s, &[answer]);
    }
    let left = seen(&mut s, Some(1), "0604");
    assert_eq!(seen(&mut s, Some(0), "0604"), left, "open to the attacker as to the owner");
    play(&mut s, &[Command::EndPhase]);
    assert!(seen(&mut s, Some(0), "0604").len() <= 1, "fogged again once the phase is over");
}

#[test]
fn rule_too_18_8_units_that_look_see_inside_enemy_stacks_within_their_range() {
    // N-Art (0202) looks 3 hexes: 0604 is 4 away. Moved to 0402 it is 2 away (in N-2Inf's hex).
    let mut s = game(r#"(look_from: [("n_art", 3)])"#, &[]);
    assert_eq!(seen(&mut s, Some(0), "0604").len(), 1);
    let art = (r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#, r#"(id: "N-Art", unit_type: "n_art", at: "0503"),"#);
    let mut s = game(r#"(look_from: [("n_art", 3)])"#, &[art]);
    assert_eq!(seen(&mut s, Some(0), "0604").len(), 2);
}

#[test]
fn rule_too_6_3_intelligence_leak_looks_inside_every_stack_until_the_phase_ends() {
    let rules = "rules: (reveal_when_enemy_ends_adjacent: true, stack_fog: Some(()), events: Some((draws: 0, tables: [(\"north\", \"intel\")]))),";
    let mut s = kell_with(
        &[
            (KELL_RULES, rules),
            STACK[0],
            STACK[1],
            ("        phases: [\n", "        phases: [\n            (id: \"events\", name: \"Event Phase\", kind: Event, actor: First),\n"),
            (
                "    tables: (\n        crts: [(",
                "    tables: (\n        events: [(id: \"intel\", name: \"Intelligence\", side: Some(\"north\"), dice: D6, entries: [\
                 (rolls: (1, 6), name: \"Intelligence Leak\", effects: [LookInsideStacks])])],\n        crts: [(",
            ),
        ],
        &[3],
    );
    assert!(crate::common::log_has(&mut s, "Intelligence Leak: north looks inside every enemy stack this phase"));
    assert_eq!(seen(&mut s, Some(0), "0604").len(), 2, "in the event phase");
    assert_eq!(seen(&mut s, Some(1), "0404").len(), 0);
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(seen(&mut s, Some(0), "0604").len(), 1, "the movement phase after it is fogged");
}

#[test]
fn rule_too_10_8_the_odds_shown_count_only_the_units_the_attacker_sees() {
    let path = std::env::temp_dir().join(format!("sandtable_fog_{}", std::process::id()));
    std::fs::create_dir_all(&path).expect("temp dir");
    let file = path.join("kell_fog.ron");
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let text = text.replace(KELL_RULES, "rules: (reveal_when_enemy_ends_adjacent: true, stack_fog: Some(())),").replace(STACK[0].0, STACK[0].1).replace(STACK[1].0, STACK[1].1);
    std::fs::write(&file, text).expect("write");
    let mut c = Client::open(&OpenArgs { scenario: Some(file), seed: Some(7), load: None, solo: false }).expect("the scenario opens");
    c.save_dir = path.join("saves");
    if c.seats.handoff.is_some() {
        c.act(UiAction::ConfirmHandoff).expect("the hand-off button");
    }
    c.press("End phase").expect("end movement");
    for k in ["0704", "0604"] {
        c.act(UiAction::Space(k.into())).expect("click");
    }
    let odds = c.attack_preview().expect("the combat dialog").plan.expect("a legal attack");
    // S-1Inf alone (defence 4) is seen; S-2Inf's 4 is not counted.
    assert_eq!((odds.attack, odds.defense, odds.fogged), (4, 4, true));
    let _ = std::fs::remove_dir_all(path);
}
