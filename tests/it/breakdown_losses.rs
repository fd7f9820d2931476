//! Breaking a composite down to take losses (`TakeLosses.break_down`; engine gap G16, ToO 8.2
//! and 12 "Choosing losses", worked case T2): a corps owing half its strength may lose the whole
//! corps, or be broken into its divisions and lose only as many as it must.

use sandtable::model::PendingPrompt;
use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{KELL_RULES, attack, kell_every_roll, location, log_has, play};

const RESULTS: &str = r#"results: [
                (code: "DD", effects: [HalfStrength(party: Defender), Retreat(party: Defender, hexes: 1)]),
                (code: "DA", effects: [EliminateUnits(party: Defender, count: 1)]),
            ],"#;

/// T2's corps: defence 6, three divisions of defence 2 in the pool.
fn game(code: &str) -> Session {
    let types = (
        r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
        r#"(id: "s_div", name: "Division", contingent: "south", symbol: Infantry, size: "XX", strength: Steps([(attack: 2, defense: 2, movement: 4)])),
        (id: "s_corps", name: "Corps", contingent: "south", symbol: Infantry, size: "XXX", stacking_points: 3, strength: Steps([(attack: 6, defense: 6, movement: 4)])),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    );
    let mix = (r#"(unit_type: "n_art", count: 1),"#, r#"(unit_type: "n_art", count: 1), (unit_type: "s_div", count: 3), (unit_type: "s_corps", count: 1),"#);
    // Limits are checked at the ends of phases (ToO 10.3), so the corps stands where a
    // regiment would.
    let rules = (
        KELL_RULES,
        r#"rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true, stacking_checked_at_end_of: [Combat], reorganisation: [(unit_type: "s_corps", components: [("s_div", 3)])]),"#,
    );
    let corps = (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604"),"#, r#"(id: "S-Corps", unit_type: "s_corps", at: "0604"),"#);
    let n = [
        (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0704"),"#),
        (r#"(id: "N-1Tk", unit_type: "n_tank", at: "0302"),"#, r#"(id: "N-1Tk", unit_type: "n_tank", at: "0705"),"#),
    ];
    let mut s = kell_every_roll(code, RESULTS, &[types, mix, rules, corps, n[0], n[1]], &[6]);
    play(&mut s, &[Command::EndPhase, attack(&["N-1Tk", "N-3Inf"], "0604")]);
    s
}

fn losses(units: &[&str], break_down: &[&str]) -> Command {
    Command::TakeLosses { units: units.iter().map(|u| (*u).into()).collect(), retreat: Vec::new(), break_down: break_down.iter().map(|u| (*u).into()).collect() }
}

#[test]
fn rule_too_12_t2_a_corps_owing_half_may_break_down_and_lose_two_divisions() {
    let mut s = game("DD");
    let Some(Prompt::TakeLosses { min_strength: 3, .. }) = s.world.resource::<PendingPrompt>().0.clone() else { panic!("a half-strength prompt") };
    // Both of T2's options are offered.
    let legal = s.legal_commands();
    assert!(legal.contains(&losses(&["S-Corps"], &[])), "{legal:?}");
    assert!(legal.contains(&losses(&["s_div#1", "s_div#2"], &["S-Corps"])), "{legal:?}");
    // Three divisions are one too many (4 already make 3).
    let e = s.apply(losses(&["s_div#1", "s_div#2", "s_div#3"], &["S-Corps"])).expect_err("in excess");
    assert!(e.contains("no step may be lost in excess"), "{e}");
    // Option A: the breakdown is no elimination; two divisions are lost, the third retreats.
    play(&mut s, &[losses(&["s_div#1", "s_div#2"], &["S-Corps"])]);
    assert!(log_has(&mut s, "S-Corps is broken down into s_div#1, s_div#2, s_div#3 to take losses (ToO 8.2)"));
    assert_eq!(location(&mut s, "S-Corps"), "pool");
    assert_eq!((location(&mut s, "s_div#1"), location(&mut s, "s_div#2")), ("eliminated".to_string(), "eliminated".to_string()));
    let Some(Prompt::TakeLosses { units, min_retreat: 1, .. }) = s.world.resource::<PendingPrompt>().0.clone() else { panic!("the survivor retreats") };
    assert_eq!(units, vec!["s_div#3".to_string()]);
    let answer = s.legal_commands().into_iter().next().expect("a retreat");
    play(&mut s, &[answer]);
    let at = location(&mut s, "s_div#3");
    assert!(at != "0604" && at != "eliminated", "s_div#3 retreated, to {at}");
}

#[test]
fn rule_too_12_t2_or_the_whole_corps_is_lost_and_nothing_retreats() {
    let mut s = game("DD");
    play(&mut s, &[losses(&["S-Corps"], &[])]);
    assert_eq!(location(&mut s, "S-Corps"), "eliminated");
    assert!(s.world.resource::<PendingPrompt>().0.is_none());
}

#[test]
fn rule_too_12_t2_da_breaks_the_corps_and_loses_one_division() {
    let mut s = game("DA");
    let legal = s.legal_commands();
    assert!(legal.contains(&losses(&["S-Corps"], &[])) && legal.contains(&losses(&["s_div#1"], &["S-Corps"])), "{legal:?}");
    play(&mut s, &[losses(&["s_div#1"], &["S-Corps"])]);
    assert_eq!((location(&mut s, "s_div#1"), location(&mut s, "s_div#2"), location(&mut s, "s_div#3")), ("eliminated".into(), "0604".into(), "0604".into()));
    assert!(s.world.resource::<PendingPrompt>().0.is_none(), "no retreat after DA");
}

#[test]
fn rule_too_8_2_only_units_that_may_break_down_are_broken_down_to_take_losses() {
    let mut s = game("DA");
    let e = s.apply(losses(&["N-1Tk"], &["N-1Tk"])).expect_err("not of this party");
    assert!(e.contains("is not a unit of this combat to break down"), "{e}");
    let e = s.apply(losses(&["S-Corps"], &["S-Corps"])).expect_err("the corps is gone once broken down");
    assert!(e.contains("`S-Corps` did not take part"), "{e}");
}

#[test]
fn rule_too_12_random_games_breaking_corps_down_list_only_accepted_commands() {
    for (code, seed) in [("DD", 2), ("DA", 9)] {
        let mut s = game(code);
        crate::common::play_random_checked(&mut s, seed, 3000);
    }
}
