//! Combat supports (tutorial 5.7.7-5.7.8): barrage markers (+3 columns, consumable, a barrage
//! unit within 3 hexes and in supply) and air support (+1 defender step once per player turn).

use sandtable::session::Command;

use crate::common::{kell_rules, mv, play};

const RULES: &str = "(supports: [\
    (id: \"barrage\", name: \"Barrage\", side: \"north\", markers: Some(2), needs_unit: Some((\"n_art\", 3)), effect: Shift(3)), \
    (id: \"air\", name: \"Air Support\", side: \"north\", per_player_turn: Some(1), effect: ExtraDefenderSteps(1))])";

fn attack_with(attackers: &[&str], target: &str, supports: &[&str]) -> Command {
    Command::Attack {
        attackers: attackers.iter().map(|s| (*s).into()).collect(),
        target: target.into(),
        table: None,
        supports: supports.iter().map(|s| (*s).into()).collect(),
        declare: None,
    }
}

fn opening(s: &mut sandtable::session::Session) {
    play(s, &[mv("N-2Inf", "0403"), mv("N-1Tk", "0304"), mv("N-3Inf", "0603"), Command::EndPhase]);
}

#[test]
fn rule_5_7_8_barrage_adds_three_columns_and_is_spent() {
    // 10 vs 4 is 2:1, one left for the town: 1:1; with the barrage 4:1. A 4 on 4:1 is 0/2.
    let mut s = kell_rules(RULES, &[], &[4]);
    opening(&mut s);
    assert_eq!(s.state(None).support_markers, vec![2, 0]);
    play(&mut s, &[attack_with(&["N-1Tk", "N-2Inf"], "0404", &["barrage"])]);
    let st = s.state(None);
    assert_eq!(st.support_markers, vec![1, 0]);
    let glog = s.world.resource::<sandtable::model::log::GameLog>();
    assert!(glog.0.iter().any(|e| e.text.contains("+2 shifts, column 4:1")), "{:?}", glog.0.last());
    assert_eq!(st.units.iter().find(|u| u.id == "S-1Inf").map(|u| u.location.as_str()), Some("eliminated"));
}

#[test]
fn rule_5_7_8_barrage_needs_its_battalion_within_three_hexes() {
    // S-2Inf at 0604 is 4 hexes from the barrage battalion in 0202.
    let mut s = kell_rules(RULES, &[], &[4]);
    opening(&mut s);
    let e = s.apply(attack_with(&["N-3Inf"], "0604", &["barrage"])).expect_err("out of range");
    assert!(e.contains("needs a supplied `n_art` within 3 hexes"), "{e}");
}

#[test]
fn rule_5_7_7_air_support_once_per_player_turn_adds_a_defender_step() {
    // N-3Inf alone against S-2Inf across the river: 4 vs 4 = 1:1, one left for the river =
    // 1:2; a 6 is 0/1, and air support adds a step: both of S-2Inf's steps are gone.
    let mut s = kell_rules(RULES, &[], &[6, 6]);
    opening(&mut s);
    play(&mut s, &[attack_with(&["N-3Inf"], "0604", &["air"])]);
    let st = s.state(None);
    assert_eq!(st.units.iter().find(|u| u.id == "S-2Inf").map(|u| u.location.as_str()), Some("eliminated"));
    let e = s.apply(attack_with(&["N-1Tk", "N-2Inf"], "0404", &["air"])).expect_err("once per player turn");
    assert!(e.contains("used this player turn"), "{e}");
    let legal = s.legal_commands();
    assert!(legal.iter().any(|c| matches!(c, Command::Attack { supports, .. } if supports == &vec!["barrage".to_string()])));
    assert!(!legal.iter().any(|c| matches!(c, Command::Attack { supports, .. } if supports.iter().any(|s| s == "air"))));
}
