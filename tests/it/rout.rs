//! Routs (CRT effect `Rout`; engine gap G13, ToO 12 results AT and DT): units that are not
//! composites are eliminated, composites are broken down, and each survivor retreats the hexes
//! it rolled.

use sandtable::model::PendingPrompt;
use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{attack, kell_every_roll, location, log_has, play};

const RESULTS: &str = r#"results: [
                (code: "DT", effects: [Rout(party: Defender)]),
                (code: "AT", effects: [Rout(party: Attacker)]),
            ],"#;

/// A South corps of two divisions (the divisions in the pool), stacked with S-2Inf at 0604;
/// N-3Inf next to them at 0704.
fn game(code: &str, dice: &[u32]) -> Session {
    let types = (
        r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
        r#"(id: "s_div", name: "Division", contingent: "south", symbol: Infantry, size: "XX", strength: Steps([(attack: 2, defense: 2, movement: 4)])),
        (id: "s_corps", name: "Corps", contingent: "south", symbol: Infantry, size: "XXX", strength: Steps([(attack: 4, defense: 4, movement: 4)])),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    );
    let mix = (r#"(unit_type: "n_art", count: 1),"#, r#"(unit_type: "n_art", count: 1), (unit_type: "s_div", count: 2), (unit_type: "s_corps", count: 1),"#);
    let rules = (
        crate::common::KELL_RULES,
        r#"rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true, reorganisation: [(unit_type: "s_corps", components: [("s_div", 2)])]),"#,
    );
    let corps = (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604"),"#, r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604"), (id: "S-Corps", unit_type: "s_corps", at: "0604"),"#);
    let n3 = (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0704"),"#);
    kell_every_roll(code, RESULTS, &[types, mix, rules, corps, n3], dice)
}

fn distance(s: &Session, a: &str, b: &str) -> u32 {
    let board = &s.game().board;
    board.distance(board.space(a).expect("a"), board.space(b).expect("b")).expect("on the map")
}

#[test]
fn rule_too_12_dt_eliminates_the_rest_breaks_corps_down_and_each_survivor_retreats_its_roll() {
    // The combat's die, then each division's retreat: 2 and 1.
    let mut s = game("DT", &[6, 2, 1]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    assert_eq!(location(&mut s, "S-2Inf"), "eliminated");
    assert_eq!(location(&mut s, "S-Corps"), "pool", "broken down, not eliminated");
    assert!(log_has(&mut s, "S-Corps is broken down into s_div#1, s_div#2 (rout)"));
    assert!(log_has(&mut s, "rout: each survivor retreats what it rolled: s_div#1 2, s_div#2 1"));
    let Some(Prompt::TakeLosses { retreat_each, side, .. }) = s.world.resource::<PendingPrompt>().0.clone() else { panic!("a rout prompt") };
    assert_eq!((side.as_str(), retreat_each), ("south", vec![("s_div#1".to_string(), 2), ("s_div#2".to_string(), 1)]));
    // A path of the wrong length is refused.
    let wrong = Command::TakeLosses { units: Vec::new(), retreat: vec![sandtable::model::command::RetreatMove { unit: "s_div#1".into(), path: vec!["0605".into()] }], break_down: Vec::new() };
    assert!(s.apply(wrong).is_err());
    let answer = s.legal_commands().into_iter().next().expect("the retreats");
    play(&mut s, &[answer]);
    let (d1, d2) = (location(&mut s, "s_div#1"), location(&mut s, "s_div#2"));
    assert_eq!((distance(&s, "0604", &d1), distance(&s, "0604", &d2)), (2, 1));
    assert!(s.world.resource::<PendingPrompt>().0.is_none());
}

#[test]
fn rule_too_12_at_routs_the_attacker() {
    let mut s = game("AT", &[6]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    assert_eq!(location(&mut s, "N-3Inf"), "eliminated");
    assert!(log_has(&mut s, "N-3Inf is eliminated (rout)"));
    assert_eq!(location(&mut s, "S-Corps"), "0604", "the defender is untouched");
}

#[test]
fn rule_too_12_random_games_with_routs_list_only_accepted_commands() {
    for (seed, code) in [(1, "DT"), (2, "AT"), (3, "DT"), (4, "DT"), (5, "AT"), (6, "DT")] {
        let mut s = game(code, &[]);
        crate::common::play_random_checked(&mut s, seed, 2000);
    }
}
