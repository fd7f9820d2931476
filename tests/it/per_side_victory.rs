//! Per-side victory (`victory.per_side`; engine gap G23, ToO 30.1, 30.2): each side is judged on
//! its own track, so both may win or both lose; a side at zero ends the game at once.

use sandtable::model::{Tracks, TurnState};
use sandtable::session::{Command, Session};

use crate::common::{kell_with, log_has};

/// A South track, four levels (a win and a loss for each side) and the per-side bands.
const TRACK: (&str, &str) = (
    r#"(id: "north_vp", name: "North VP", side: Some("north"), start: 0, floor: 0, cap: 10,"#,
    r#"(id: "south_vp", name: "South VP", side: Some("south"), start: 2, floor: 0, cap: 10),
        (id: "north_vp", name: "North VP", side: Some("north"), start: 2, floor: 0, cap: 10,"#,
);
const LEVELS: (&str, &str) = (
    r#"(id: "north_decisive", name: "North decisive victory", side: Some("north")),"#,
    r#"(id: "north_decisive", name: "North decisive victory", side: Some("north")),
            (id: "n_win", name: "North wins", side: Some("north")), (id: "n_loss", name: "North loses"),
            (id: "s_win", name: "South wins", side: Some("south")), (id: "s_loss", name: "South loses"),"#,
);
const PER_SIDE: (&str, &str) = (
    "conditions: [",
    r#"per_side: Some((
            sides: [
                (side: "north", track: "north_vp", bands: [(3, "n_win"), (0, "n_loss")], sudden_level: Some("n_win")),
                (side: "south", track: "south_vp", bands: [(2, "s_win"), (0, "s_loss")], sudden_level: Some("s_win")),
            ],
            sudden_death_at_or_below: Some(0),
        )),
        conditions: ["#,
);

fn game() -> Session {
    kell_with(&[TRACK, LEVELS, PER_SIDE], &[])
}

fn set(s: &mut Session, north: i32, south: i32) {
    let game = s.game().clone();
    let mut t = s.world.resource_mut::<Tracks>();
    t.0[game.track_index("north_vp").expect("track")] = north;
    t.0[game.track_index("south_vp").expect("track")] = south;
}

fn play_out(s: &mut Session) {
    while !s.is_over() {
        s.apply(Command::EndPhase).expect("end the phase");
    }
}

fn result(s: &Session) -> sandtable::model::GameResult {
    s.world.resource::<TurnState>().result.clone().expect("a result")
}

#[test]
fn rule_too_30_1_each_side_is_judged_on_its_own_total_so_both_may_win() {
    let mut s = game();
    set(&mut s, 4, 3);
    play_out(&mut s);
    let r = result(&s);
    assert_eq!(r.sides, vec![("north".to_string(), "n_win".to_string()), ("south".to_string(), "s_win".to_string())]);
    assert_eq!((r.level.as_str(), r.winner.as_deref()), ("n_win + s_win", Some("every side")));
    assert!(log_has(&mut s, "n_win + s_win (end of game)"));
}

#[test]
fn rule_too_30_1_both_may_lose() {
    let mut s = game();
    set(&mut s, 2, 1);
    play_out(&mut s);
    let r = result(&s);
    assert_eq!((r.level.as_str(), r.winner), ("n_loss + s_loss", None));
    // One side's win alone makes it the winner.
    let mut t = game();
    set(&mut t, 3, 1);
    play_out(&mut t);
    assert_eq!(result(&t).winner.as_deref(), Some("north"));
}

#[test]
fn rule_too_30_2_a_side_at_zero_ends_the_game_and_the_other_wins() {
    let mut s = game();
    set(&mut s, 0, 1);
    s.apply(Command::EndPhase).expect("a command");
    assert!(s.is_over());
    let r = result(&s);
    assert_eq!((r.level.as_str(), r.winner.as_deref()), ("n_loss + s_win", Some("south")));
    assert_eq!(r.reason, "sudden death: north at 0 or less");
    // Both at zero together: the game ends with both on their bands [D].
    let mut t = game();
    set(&mut t, 0, 0);
    t.apply(Command::EndPhase).expect("a command");
    assert_eq!(result(&t).level, "n_loss + s_loss");
}

#[test]
fn bad_per_side_victory_is_a_clear_error() {
    let bad = (
        "conditions: [",
        r#"per_side: Some((sides: [(side: "nobody", track: "none", bands: [(0, "n_loss"), (3, "x")], sudden_level: Some("y"))])),
        conditions: ["#,
    );
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let mut t = text;
    for (a, b) in [LEVELS, bad] {
        t = t.replacen(a, b, 1);
    }
    let Err(e) = sandtable::games::load_str(&t, "bad.ron", &crate::common::root()) else { panic!("bad victory loads") };
    let e = e.to_string();
    for want in [
        "victory.per_side.sides: names 1 sides; the scenario has 2 that play",
        "victory.per_side.sides[0].side",
        "victory.per_side.sides[0].track",
        "victory.per_side.sides[0].bands[1].1",
        "victory.per_side.sides[0].bands: bands go from the highest",
        "victory.per_side.sides[0].sudden_level",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
}

/// The per-side bands with an automatic victory by occupying Kell and Hollin.
fn occupation_game(extra: &[(&str, &str)]) -> Session {
    let occupy = (
        "            sudden_death_at_or_below: Some(0),\n",
        "            sudden_death_at_or_below: Some(0),\n            occupy_all: Some((spaces: [\"0404\", \"0202\"], not_counting: [\"s_mil\"])),\n",
    );
    let mut all = vec![TRACK, LEVELS, PER_SIDE, occupy];
    all.extend_from_slice(extra);
    kell_with(&all, &[])
}

/// Ends phases until the first game turn is over.
fn end_turn_one(s: &mut Session) {
    while s.world.resource::<TurnState>().turn == 0 && s.world.resource::<TurnState>().result.is_none() {
        crate::common::play(s, &[Command::EndPhase]);
    }
}

#[test]
fn rule_too_30_2_occupying_all_the_sudden_death_cities_wins_at_the_end_of_the_turn() {
    // S-1Inf holds Kell; S-2Inf moved into Hollin (N-Art moved out).
    let hollin = [
        (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604"),"#, r#"(id: "S-2Inf", unit_type: "s_inf", at: "0202"),"#),
        (r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#, r#"(id: "N-Art", unit_type: "n_art", at: "0101"),"#),
    ];
    let mut s = occupation_game(&hollin);
    assert!(s.world.resource::<TurnState>().result.is_none(), "checked only at the end of a game turn");
    end_turn_one(&mut s);
    let r = s.world.resource::<TurnState>().result.clone().expect("the game ends");
    assert_eq!((r.winner.as_deref(), r.level.as_str()), (Some("south"), "n_loss + s_win"));
    assert!(log_has(&mut s, "automatic victory: south occupies 0404, 0202"));
}

#[test]
fn rule_too_30_2_units_that_do_not_count_occupy_nothing() {
    // The militia (not counting) in Hollin instead.
    let hollin = [
        (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"),"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0202"),"#),
        (r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#, r#"(id: "N-Art", unit_type: "n_art", at: "0101"),"#),
    ];
    let mut s = occupation_game(&hollin);
    end_turn_one(&mut s);
    assert!(s.world.resource::<TurnState>().result.is_none());
}
