//! Choices of effects (`EventEffect::ChooseOne`; engine gap G19, ToO 6.3 Miracle / Sandstorm,
//! 26.3 Subversion): the side picks one of the options open, and its effects apply.

use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{kell_with, log_has, play};

/// `options` offered to the North as its first phase begins.
fn game(options: &str) -> Session {
    let rules = format!("rules: (reveal_when_enemy_ends_adjacent: true, scripted: [(turn: \"1\", phase: \"first_movement\", effects: [ChooseOne(options: [{options}])], rule: Some(\"26.3\"))]),");
    kell_with(&[(crate::common::KELL_RULES, rules.as_str())], &[])
}

fn vp(s: &Session) -> i32 {
    let i = s.game().track_index("north_vp").expect("track");
    s.world.resource::<sandtable::model::Tracks>().0[i]
}

#[test]
fn rule_too_26_3_the_side_chooses_one_open_option_and_its_effects_apply() {
    // The third option is not open: the North does not hold Kell.
    let mut s = game(r#"(name: "Propaganda", effects: [AdjustTrack(track: "north_vp", amount: Fixed(2))]), (name: "No effect"),
        (name: "Victory parade", when: [Controls(side: "north", space: "0404")], effects: [AdjustTrack(track: "north_vp", amount: Fixed(4))])"#);
    let Some(Prompt::ChooseOption { side, options, .. }) = s.state(None).prompt else { panic!("a choice is asked for") };
    assert_eq!((side.as_str(), options), ("north", vec!["Propaganda".to_string(), "No effect".to_string()]));
    let e = s.apply(Command::ChooseOption { option: "Victory parade".into() }).expect_err("not open");
    assert_eq!(e, "choose one of: Propaganda, No effect");
    assert_eq!(s.apply(Command::EndPhase).expect_err("asked first"), "north must first answer: choose one of: Propaganda, No effect");
    play(&mut s, &[Command::ChooseOption { option: "Propaganda".into() }]);
    assert!(log_has(&mut s, "north chooses Propaganda (scenario rule 26.3)"));
    assert_eq!(vp(&s), 2);
    assert!(s.state(None).prompt.is_none());
}

#[test]
fn rule_too_26_3_with_no_option_open_nothing_happens() {
    let mut s = game(r#"(name: "Victory parade", when: [Controls(side: "north", space: "0404")], effects: [AdjustTrack(track: "north_vp", amount: Fixed(4))])"#);
    assert!(s.state(None).prompt.is_none());
    assert!(log_has(&mut s, "scenario rule 26.3: no option is open"));
}
