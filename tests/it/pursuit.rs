//! Pursuit movement and pursuit combat (`rules.pursuit`, CRT effect `Pursuit`; engine gap G15,
//! ToO 14): the winners move into the hex the losers left and on, ignoring enemy zones, then
//! may attack again on their own; the chain repeats without limit.

use sandtable::model::PendingPrompt;
use sandtable::model::command::RetreatMove;
use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{KELL_RULES, attack, kell_every_roll, location, log_has, play};

const RESULTS: &str = r#"results: [
                (code: "DC", effects: [EliminatePercent(party: Defender, percent: 100), Pursuit(party: Attacker, combat: true)]),
                (code: "DW", effects: [Retreat(party: Defender, hexes: 1), Pursuit(party: Attacker, combat: false)]),
                (code: "AT", effects: [Rout(party: Attacker), Pursuit(party: Defender, combat: false)]),
            ],"#;

/// ToO 14.3: every unit with an attack pursues 1 hex, the tank (standing for cavalry) 2.
const PURSUIT: &str = r#"pursuit: Some((hexes: 1, by_type: [("n_tank", 2)]))"#;

fn game(code: &str, rules: &str, units: &[(&str, &str)]) -> Session {
    let line = format!("rules: (reveal_when_enemy_ends_adjacent: true, {rules}),");
    let mut extra: Vec<(&str, &str)> = vec![(KELL_RULES, line.as_str())];
    extra.extend_from_slice(units);
    kell_every_roll(code, RESULTS, &extra, &[6])
}

/// N-3Inf (0704) and N-1Tk (0705) next to S-2Inf in 0604; S-1Inf holds Kell (0404).
const N3_AT_0704: (&str, &str) = (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0704"),"#);
const TANK_AT_0705: (&str, &str) = (r#"(id: "N-1Tk", unit_type: "n_tank", at: "0302"),"#, r#"(id: "N-1Tk", unit_type: "n_tank", at: "0705"),"#);

pub(super) fn prompt(s: &Session) -> Option<Prompt> {
    s.world.resource::<PendingPrompt>().0.clone()
}

pub(super) fn pursue(moves: &[(&str, &[&str])]) -> Command {
    Command::Pursue { moves: moves.iter().map(|(u, p)| RetreatMove { unit: (*u).into(), path: p.iter().map(|k| (*k).into()).collect() }).collect() }
}

#[test]
fn rule_too_14_t14_pursuit_chain_the_cavalry_goes_on_and_attacks_again_alone() {
    let mut s = game("DC", PURSUIT, &[N3_AT_0704, TANK_AT_0705]);
    play(&mut s, &[Command::EndPhase, attack(&["N-1Tk", "N-3Inf"], "0604")]);
    assert_eq!(location(&mut s, "S-2Inf"), "eliminated");
    let Some(Prompt::Pursue { units, first, combat: true, .. }) = prompt(&s) else { panic!("a pursuit prompt: {:?}", prompt(&s)) };
    assert_eq!((units, first), (vec![("N-1Tk".to_string(), 2), ("N-3Inf".to_string(), 1)], vec!["0604".to_string()]));
    // 14.3: the infantry pursues 1 hex; 14.1: the first hex is the defender's.
    let e = s.apply(pursue(&[("N-3Inf", &["0604", "0605"])])).expect_err("too far");
    assert!(e.contains("pursues 1 to 1 hex(es)"), "{e}");
    let e = s.apply(pursue(&[("N-1Tk", &["0705", "0604"])])).expect_err("not the defender's hex first");
    assert!(e.contains("must pursue first into 0604"), "{e}");
    // 14.4: the tank goes on into 0505, in S-1Inf's zone of control, at no cost.
    play(&mut s, &[pursue(&[("N-3Inf", &["0604"]), ("N-1Tk", &["0604", "0505"])])]);
    assert_eq!((location(&mut s, "N-3Inf"), location(&mut s, "N-1Tk")), ("0604".to_string(), "0505".to_string()));
    assert!(log_has(&mut s, "N-1Tk pursues into 0604-0505 (ToO 14)"));
    // 14.5-14.6: a pursuit combat by the pursuers alone, though they attacked this phase.
    let Some(Prompt::PursuitCombat { units, .. }) = prompt(&s) else { panic!("a pursuit combat prompt") };
    assert_eq!(units, vec!["N-3Inf".to_string(), "N-1Tk".to_string()]);
    assert!(s.legal_commands().contains(&Command::Pass));
    play(&mut s, &[attack(&["N-1Tk"], "0404")]);
    assert!(log_has(&mut s, "column 1:2 of Combat Results Table (pursuit combat, ToO 14.5): rolled"));
    assert_eq!(location(&mut s, "S-1Inf"), "eliminated");
    // The chain repeats: another pursuit, into Kell.
    let Some(Prompt::Pursue { units, first, .. }) = prompt(&s) else { panic!("the chain goes on") };
    assert_eq!((units, first), (vec![("N-1Tk".to_string(), 2)], vec!["0404".to_string()]));
    play(&mut s, &[pursue(&[])]);
    assert!(prompt(&s).is_none());
    assert!(log_has(&mut s, "no pursuit"));
}

#[test]
fn rule_too_14_6_only_the_pursuers_make_the_pursuit_combat() {
    let n2 = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0504"),"#);
    let mut s = game("DC", PURSUIT, &[N3_AT_0704, TANK_AT_0705, n2]);
    play(&mut s, &[Command::EndPhase, attack(&["N-1Tk"], "0604"), pursue(&[("N-1Tk", &["0604", "0505"])])]);
    // N-2Inf, next to Kell, did not pursue.
    let e = s.apply(attack(&["N-1Tk", "N-2Inf"], "0404")).expect_err("not a pursuer");
    assert!(e.contains("`N-2Inf` did not pursue"), "{e}");
    // Other commands wait for the answer.
    assert!(s.apply(Command::EndPhase).is_err());
    play(&mut s, &[Command::Pass]);
    assert!(log_has(&mut s, "no pursuit combat (ToO 14.5)"));
    assert_eq!(location(&mut s, "S-1Inf"), "0404");
    // Once declined, 0604's ring is back to the one-attack rules: the tank has attacked.
    let e = s.apply(attack(&["N-1Tk"], "0404")).expect_err("attacked already");
    assert!(e.contains("has already attacked this phase"), "{e}");
}

#[test]
fn rule_too_14_5_dw_allows_a_pursuit_move_but_no_pursuit_combat() {
    let mut s = game("DW", PURSUIT, &[N3_AT_0704]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    let answer = s.legal_commands().into_iter().next().expect("a retreat");
    play(&mut s, &[answer]);
    let Some(Prompt::Pursue { combat: false, .. }) = prompt(&s) else { panic!("a pursuit, move only") };
    play(&mut s, &[pursue(&[("N-3Inf", &["0604"])])]);
    assert_eq!(location(&mut s, "N-3Inf"), "0604");
    assert!(prompt(&s).is_none(), "no pursuit combat after DW");
}

#[test]
fn rule_too_14_1_after_an_attackers_rout_the_defender_pursues_into_a_hex_it_left() {
    let mut s = game("AT", PURSUIT, &[N3_AT_0704]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    assert_eq!(location(&mut s, "N-3Inf"), "eliminated");
    let Some(Prompt::Pursue { side, units, first, combat: false, .. }) = prompt(&s) else { panic!("the defender pursues") };
    assert_eq!((side.as_str(), units, first), ("south", vec![("S-2Inf".to_string(), 1)], vec!["0704".to_string()]));
    play(&mut s, &[pursue(&[("S-2Inf", &["0704"])])]);
    assert_eq!(location(&mut s, "S-2Inf"), "0704");
}

#[test]
fn rule_too_13_4_t15_no_pursuit_while_a_fortress_holds_the_hex() {
    let types = (
        r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
        r#"(id: "s_fort", name: "Fortress", contingent: "south", symbol: Infantry, size: "XX", strength: Steps([(attack: 0, defense: 2, movement: 0)]), flags: [Fortress, Static, CannotAttack]),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    );
    let mix = (r#"(unit_type: "n_art", count: 1),"#, r#"(unit_type: "n_art", count: 1), (unit_type: "s_fort", count: 1),"#);
    let fort = (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"),"#, r#"(id: "S-Fort", unit_type: "s_fort", at: "0604"),"#);
    let rules = format!("{PURSUIT}, retreat: (fortress_shelters: true)");
    let mut s = game("DW", &rules, &[N3_AT_0704, types, mix, fort]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    let answer = s.legal_commands().into_iter().next().expect("a retreat");
    play(&mut s, &[answer]);
    assert!(log_has(&mut s, "no pursuit: 0604 is still held (ToO 14)"));
    assert!(prompt(&s).is_none());
}

#[test]
fn rule_too_14_random_games_with_pursuits_list_only_accepted_commands() {
    for (code, seed) in [("DC", 5), ("DW", 8), ("AT", 13)] {
        let mut s = game(code, PURSUIT, &[]);
        crate::common::play_random_checked(&mut s, seed, 3000);
    }
}

#[test]
fn bad_pursuit_rules_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let text = text
        .replace(r#"(code: "0/1", effects: [LossPoints(party: Defender, points: 1)]),"#, r#"(code: "0/1", effects: [LossPoints(party: Defender, points: 1), Pursuit(party: Attacker, combat: true)]),"#);
    let report = sandtable::games::load_str(&text, "kell_bad.ron", &crate::common::root()).expect_err("no pursuit rules").to_string();
    assert!(report.contains("a pursuit needs `rules.pursuit`"), "{report}");
    let text = text.replace(KELL_RULES, r#"rules: (pursuit: Some((hexes: 11, by_type: [("n_horse", 2)]))),"#);
    let report = sandtable::games::load_str(&text, "kell_bad.ron", &crate::common::root()).expect_err("bad pursuit rules").to_string();
    assert!(report.contains("rules.pursuit.hexes") && report.contains("n_horse"), "{report}");
}

#[test]
fn rule_too_14_6_the_pursuit_combat_keeps_the_attack_supply_of_the_original_attack() {
    let types = (
        r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
        r#"(id: "n_sup", name: "Supply", contingent: "north", symbol: Supply, strength: Steps([(attack: 0, defense: 1, movement: 4)]), flags: [NoZoc, CannotAttack]),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    );
    let mix = (r#"(unit_type: "n_art", count: 1),"#, r#"(unit_type: "n_art", count: 1), (unit_type: "n_sup", count: 1),"#);
    // The supply unit in 0806: the tank in 0705 is within its 2 hexes, not once in 0505.
    let art = r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#;
    let sup = format!(r#"{art} (id: "N-Sup", unit_type: "n_sup", at: "0806"),"#);
    let rules = format!(r#"{PURSUIT}, attack_supply: Some((unit_type: "n_sup", range: 2))"#);
    let mut s = game("DC", &rules, &[types, mix, (art, sup.as_str()), TANK_AT_0705]);
    play(&mut s, &[Command::EndPhase, Command::AttackSupply { unit: "N-Sup".into() }, attack(&["N-1Tk"], "0604")]);
    assert!(log_has(&mut s, "combat at 0604: 12 (attack ×2: attack supply) vs"));
    play(&mut s, &[pursue(&[("N-1Tk", &["0604", "0505"])]), attack(&["N-1Tk"], "0404")]);
    let b = &s.game().board;
    assert!(b.distance(b.space("0806").expect("hex"), b.space("0505").expect("hex")).expect("on the map") > 2, "out of range now");
    assert!(log_has(&mut s, "combat at 0404: 12 (attack ×2: attack supply) vs"));
}
