//! Declarations (tutorial 5.7.9): offered at the start of the turns of their window; the
//! declaring side becomes first player for good and its declaration phases happen that turn.

use sandtable::session::Command;
use sandtable::model::prompt::Prompt;

use crate::common::{kell_rules, play};

fn session() -> sandtable::session::Session {
    kell_rules(
        "(declarations: [(id: \"landing\", name: \"Operation Gannet\", side: \"south\", turns: (2, 3), becomes_first_player: true, \
          forbidden_if: [Track(track: \"north_vp\", when: AtLeast(3))])])",
        &[(
            "        phases: [\n",
            "        phases: [\n            (id: \"landing\", name: \"Landing Phase\", kind: Reinforcement, actor: Side(\"south\"), declaration: Some(\"landing\")),\n",
        )],
        &[],
    )
}

fn declare(yes: bool) -> Command {
    Command::Declare { id: "landing".into(), declare: yes }
}

#[test]
fn rule_5_7_9_declaration_makes_the_side_first_player_for_good() {
    let mut s = session();
    assert!(s.state(None).prompt.is_none(), "nothing to declare on turn 1");
    play(&mut s, &vec![Command::EndPhase; 4]);
    let st = s.state(None);
    assert_eq!(st.turn, "2");
    assert!(matches!(st.prompt, Some(Prompt::Declare { ref side, .. }) if side == "south"));
    assert_eq!(s.legal_commands(), vec![declare(true), declare(false)]);
    play(&mut s, &[declare(true)]);
    let st = s.state(None);
    assert_eq!((st.phase.as_str(), st.active_side.as_deref()), ("landing", Some("south")));
    assert_eq!(st.declared, vec![("landing".to_string(), "2".to_string())]);
    // The Union now plays first: after its landing phase comes its own movement phase.
    play(&mut s, &[Command::EndPhase]);
    let st = s.state(None);
    assert_eq!((st.phase.as_str(), st.active_side.as_deref()), ("first_movement", Some("south")));
    // Turn 3: still first, no landing phase, nothing offered again.
    play(&mut s, &vec![Command::EndPhase; 5]);
    let st = s.state(None);
    assert_eq!((st.turn.as_str(), st.phase.as_str(), st.active_side.as_deref()), ("3", "first_movement", Some("south")));
    assert!(st.prompt.is_none());
}

#[test]
fn rule_5_7_9_declining_keeps_the_order_and_the_offer_comes_back() {
    let mut s = session();
    play(&mut s, &vec![Command::EndPhase; 4]);
    play(&mut s, &[declare(false)]);
    let st = s.state(None);
    assert_eq!((st.phase.as_str(), st.active_side.as_deref()), ("first_movement", Some("north")));
    play(&mut s, &vec![Command::EndPhase; 5]);
    assert!(matches!(s.state(None).prompt, Some(Prompt::Declare { .. })), "offered again on turn 3");
}

#[test]
fn rule_5_7_9_declaration_forbidden_while_a_condition_holds() {
    let mut s = kell_rules(
        "(declarations: [(id: \"landing\", name: \"Operation Gannet\", side: \"south\", turns: (2, 3), becomes_first_player: true, \
          forbidden_if: [TurnAtMost(2)])])",
        &[],
        &[],
    );
    play(&mut s, &vec![Command::EndPhase; 4]);
    assert!(s.state(None).prompt.is_none());
    let glog = s.world.resource::<sandtable::model::log::GameLog>();
    assert!(glog.0.iter().any(|e| e.text == "Operation Gannet may not be declared this turn"));
}
