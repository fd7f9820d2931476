//! Hotseat and solo seats (issue 5): the screen's data source shows one side's view, a hand-off
//! hides everything until the next player confirms, and no chit of the hidden side reaches it.

use sandtable::session::seats::{SeatMode, Seats};
use sandtable::session::{Command, Session};

use crate::common::{play, session};

const FILE: &str = "scenarios/decision_iraq.ron";

fn ins_chits(s: &mut Session) -> Vec<String> {
    s.world.resource::<sandtable::model::Pools>().hands[1].clone()
}

#[test]
fn hotseat_hands_the_screen_over_and_the_ci_view_never_holds_insurgent_chits() {
    let mut s = session(FILE, 5, &[]);
    let chits = ins_chits(&mut s);
    assert_eq!(chits.len(), 3, "3.3: the Insurgent starts with three");
    let mut seats = Seats::new(SeatMode::Hotseat, &mut s);
    // The game holds secrets: its first view waits for the CI player, who sets up first.
    assert_eq!((seats.viewer, seats.handoff, seats.opening), (None, Some(0), true));
    assert!(seats.visible(&mut s).is_none(), "nothing is shown before the first player confirms");
    seats.confirm(s.played.len());
    assert_eq!(seats.viewer, Some(0), "the CI sets up first");
    let shown = seats.visible(&mut s).expect("the CI's view");
    let text = format!("{shown:?}");
    for c in &chits {
        assert!(!text.contains(c.as_str()), "{c} is in the CI's view");
    }
    assert_eq!(shown.hands["ins"], ["hidden", "hidden", "hidden"]);
    // The CI ends its set-up: the Insurgent must act, and the screen shows nothing until it confirms.
    play(&mut s, &[Command::DefaultSetup, Command::EndPhase]);
    seats.follow(&mut s);
    assert_eq!(seats.handoff, Some(1));
    assert!(seats.visible(&mut s).is_none(), "nothing of either side during the hand-off");
    assert_eq!(seats.secrets_of(), None);
    seats.confirm(s.played.len());
    let shown = seats.visible(&mut s).expect("the Insurgent's view");
    assert_eq!(shown.hands["ins"], chits);
    assert!(shown.hands["ci"].is_empty());
}

#[test]
fn solo_follows_the_side_to_act_without_a_hand_off_and_may_show_everything() {
    let mut s = session(FILE, 5, &[]);
    let chits = ins_chits(&mut s);
    let mut seats = Seats::new(SeatMode::Solo { reveal_all: false }, &mut s);
    play(&mut s, &[Command::DefaultSetup, Command::EndPhase]);
    seats.follow(&mut s);
    assert_eq!((seats.viewer, seats.handoff), (Some(1), None));
    play(&mut s, &[Command::DefaultSetup, Command::EndPhase]);
    seats.follow(&mut s);
    // The Insurgent (70 against 30) chooses the first player: still its view.
    assert_eq!(seats.viewer, Some(1));
    let all = Seats { mode: SeatMode::Solo { reveal_all: true }, viewer: Some(0), handoff: None, opening: false, since: 0 };
    assert_eq!(all.visible(&mut s).expect("all").hands["ins"], chits);
    let ci = Seats { mode: SeatMode::Solo { reveal_all: false }, viewer: Some(0), handoff: None, opening: false, since: 0 };
    assert_eq!(ci.visible(&mut s).expect("ci").hands["ins"], ["hidden", "hidden", "hidden"]);
}
