//! Whole-unit combat results (CRT effects `EliminateUnits`, `HalfStrength`, `SpeedTest`; engine
//! gap G13, ToO 12): units lost whole or by half the printed strength, the owner's choice, and
//! the mobile-defence speed comparison.

use sandtable::model::PendingPrompt;
use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{attack, location, log_has, play, root};

/// ToO's results on Kell Ford's table (codes as printed on the ToO charts).
const RESULTS: &str = r#"results: [
                (code: "AA", effects: [EliminateUnits(party: Attacker, count: 1)]),
                (code: "BA", effects: [EliminateUnits(party: Attacker, count: 1), EliminateUnits(party: Defender, count: 1)]),
                (code: "DD", effects: [HalfStrength(party: Defender), Retreat(party: Defender, hexes: 1)]),
                (code: "BB", effects: [HalfStrength(party: Attacker), HalfStrength(party: Defender)]),
                (code: "DW", effects: [Retreat(party: Defender, hexes: 1)]),
                (code: "MD", effects: [SpeedTest(faster: "DW", otherwise: "BA")]),
            ],"#;

fn game(code: &str, extra: &[(&str, &str)]) -> Session {
    crate::common::kell_every_roll(code, RESULTS, extra, &[6])
}

/// N-3Inf next to S-2Inf (0604) across no river: from 0704.
const N3_AT_0704: (&str, &str) = (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0704"),"#);
/// N-2Inf next to S-2Inf too, from 0705.
const N2_AT_0705: (&str, &str) = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0705"),"#);

fn prompt(s: &Session) -> Option<Prompt> {
    s.world.resource::<PendingPrompt>().0.clone()
}

fn losses(units: &[&str]) -> Command {
    Command::TakeLosses { units: units.iter().map(|u| (*u).into()).collect(), retreat: Vec::new(), break_down: Vec::new() }
}

#[test]
fn rule_too_12_dd_the_defender_loses_half_its_printed_defence_rounded_up_then_retreats() {
    let mut s = game("DD", &[N3_AT_0704]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    // S-2Inf defends 4 (steps worth 2 and 2): at least 2 must go.
    assert!(log_has(&mut s, "result DD: attacker 0 loss point(s), defender 0; defender loses units worth at least 2 of its 4 strength"));
    let Some(Prompt::TakeLosses { min_strength, units, .. }) = prompt(&s) else { panic!("a losses prompt") };
    assert_eq!((min_strength, units), (2, vec!["S-2Inf".to_string()]));
    let e = s.apply(losses(&["S-2Inf", "S-2Inf"])).expect_err("one step too many");
    assert!(e.contains("no step may be lost in excess"), "{e}");
    play(&mut s, &[losses(&["S-2Inf"])]);
    // Then the survivor retreats 1 hex: the only answers listed move it.
    let Some(Prompt::TakeLosses { min_retreat: 1, .. }) = prompt(&s) else { panic!("a retreat prompt") };
    let answer = s.legal_commands().into_iter().next().expect("a retreat");
    play(&mut s, &[answer]);
    assert_ne!(location(&mut s, "S-2Inf"), "0604");
    assert_ne!(location(&mut s, "S-2Inf"), "eliminated");
}

#[test]
fn rule_too_12_aa_eliminates_one_whole_attacking_unit_the_owners_choice() {
    let mut s = game("AA", &[N3_AT_0704, N2_AT_0705]);
    play(&mut s, &[Command::EndPhase, attack(&["N-2Inf", "N-3Inf"], "0604")]);
    let Some(Prompt::TakeLosses { whole_units: 1, .. }) = prompt(&s) else { panic!("a whole-unit prompt") };
    let e = s.apply(losses(&["N-3Inf"])).expect_err("half a unit");
    assert!(e.contains("must lose all its 2 step(s) or none"), "{e}");
    play(&mut s, &[losses(&["N-3Inf", "N-3Inf"])]);
    assert_eq!(location(&mut s, "N-3Inf"), "eliminated");
    assert_eq!(location(&mut s, "N-2Inf"), "0705");
    assert_eq!(location(&mut s, "S-2Inf"), "0604", "no retreat");
}

#[test]
fn rule_too_12_bb_both_lose_half_their_strength() {
    let mut s = game("BB", &[N3_AT_0704]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    assert!(log_has(&mut s, "attacker loses units worth at least 2 of its 4 strength; defender loses units worth at least 2 of its 4 strength"));
    play(&mut s, &[losses(&["N-3Inf"]), losses(&["S-2Inf"])]);
    assert!(prompt(&s).is_none());
    assert_eq!((location(&mut s, "N-3Inf"), location(&mut s, "S-2Inf")), ("0704".to_string(), "0604".to_string()));
}

/// MD: the militia made faster than the infantry (5 MP against 4) withdraws (DW); the
/// infantry defending with 4 MP against 4 is no faster, and both lose a unit (BA).
#[test]
fn rule_too_12_md_the_faster_defender_withdraws_the_slower_one_trades_a_unit() {
    let fast_militia = ("(attack: 1, defense: 2, movement: 3)", "(attack: 1, defense: 2, movement: 5)");
    let n2 = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0306"),"#);
    let mut s = game("MD", &[fast_militia, n2]);
    play(&mut s, &[Command::EndPhase, attack(&["N-2Inf"], "0305")]);
    assert!(log_has(&mut s, "speed test: every defender is faster (5 MP or more against 4): result DW"));
    let Some(Prompt::TakeLosses { min_retreat: 1, .. }) = prompt(&s) else { panic!("a retreat prompt") };

    let mut t = game("MD", &[N3_AT_0704]);
    play(&mut t, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    assert!(log_has(&mut t, "speed test: a defender is no faster than the fastest attacker (4 MP against 4): result BA"));
    // One unit each, and each side has only one there: no choice, both are eliminated.
    assert_eq!((location(&mut t, "N-3Inf"), location(&mut t, "S-2Inf")), ("eliminated".to_string(), "eliminated".to_string()));
}

#[test]
fn a_speed_test_must_name_other_results_of_its_table() {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let bad = text.replacen(
        r#"(code: "0/1", effects: [LossPoints(party: Defender, points: 1)]),"#,
        r#"(code: "0/1", effects: [SpeedTest(faster: "XX", otherwise: "0/9")]),
                (code: "0/9", effects: [SpeedTest(faster: "0/2", otherwise: "0/3")]),"#,
        1,
    );
    let Err(e) = sandtable::games::load_str(&bad, "bad.ron", &root()) else { panic!("a bad speed test loads") };
    let e = e.to_string();
    assert!(e.contains("effects[0].faster") && e.contains("unknown result `XX`"), "{e}");
    assert!(e.contains("effects[0].otherwise") && e.contains("`0/9` is itself a speed test"), "{e}");
}
