//! Decision: Iraq mobilization (12): purchases from the chart with index points, placement
//! prerequisites as they stood when the phase began, level-1 entry, empty infra boxes,
//! withdrawal, and the counter mix as a hard limit.

use sandtable::games::decision_iraq::vocabulary::DiCommand;
use sandtable::session::{Command, Session};

use crate::common::{location, play};
use crate::it::decision_iraq::{NO_CHAOS, with_units_edited};

/// Plays 2003B through with no conflicts and gives the CI the first player turn of 2004A.
fn to_2004a(mut s: Session) -> Session {
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    for _ in 0..20 {
        if s.state(None).turn == "2004A" {
            break;
        }
        play(&mut s, &[Command::EndPhase]);
    }
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    if s.state(None).phase == "first_chaos" {
        play(&mut s, &[Command::EndPhase]);
    }
    assert_eq!(s.state(None).phase, "first_mobilization");
    s
}

fn recruit(t: &str, at: &str) -> Command {
    Command::Recruit { unit_type: t.into(), at: at.into(), surge: false }
}

fn ni(s: &mut Session, t: &str) -> i32 {
    s.state(None).tracks[t]
}

#[test]
fn rule_12_4_an_ig_division_needs_a_fob_there_when_the_phase_began() {
    let mut s = to_2004a(with_units_edited(&[("F", "mnf_fob", "baghdad_west", 1), ("B", "mnf_bct", "samara", 1), ("M", "ins_militia", "baghdad_west/infra1", 1)], &[], &NO_CHAOS));
    let before = ni(&mut s, "ci_ni");
    // 12.6: the Insurgent militia in the district does not block the placement.
    play(&mut s, &[recruit("ig_division", "baghdad_west")]);
    assert_eq!(ni(&mut s, "ci_ni"), before - 4, "an IG division costs 4");
    let st = s.state(None);
    let div = st.units.iter().find(|u| u.unit_type == "ig_division" && u.location == "baghdad_west").expect("placed");
    assert_eq!(div.level, 1, "12.2: multi-level units enter at level 1");
    // A FOB placed now in Samara (with the BCT there) does not let a division follow it this phase.
    play(&mut s, &[recruit("mnf_fob", "samara")]);
    let e = s.apply(recruit("ig_division", "samara")).expect_err("prerequisite placed this phase");
    assert!(e.contains("when the phase began"), "{e}");
    // An MNF BCT goes to Kuwait or a FOB district, open or into an empty infra box.
    play(&mut s, &[recruit("mnf_bct", "baghdad_west/infra2")]);
    let e = s.apply(recruit("mnf_bct", "tikrit")).expect_err("no FOB in Tikrit");
    assert!(e.contains("does not let"), "{e}");
    let e = s.apply(recruit("ig_division", "kuwait")).expect_err("IG units stay in Iraq");
    assert!(e.contains("does not let"), "{e}");
}

#[test]
fn rule_12_8_withdrawn_units_are_available_at_once_and_12_9_the_mix_is_a_hard_limit() {
    let mix = (r#"(unit_type: "mnf_sof", count: 5),"#, r#"(unit_type: "mnf_sof", count: 1),"#);
    let mut s = to_2004a(with_units_edited(&[("SOF", "mnf_sof", "anbar", 0)], &[], &[mix, NO_CHAOS[0], NO_CHAOS[1]]));
    let e = s.apply(recruit("mnf_sof", "kuwait")).expect_err("the one SOF counter is in play");
    assert!(e.contains("is in play") || e.contains("free"), "{e}");
    play(&mut s, &[Command::Withdraw { unit: "SOF".into() }]);
    assert_eq!(location(&mut s, "SOF"), "available");
    let before = ni(&mut s, "ci_ni");
    play(&mut s, &[recruit("mnf_sof", "kuwait")]);
    assert_eq!((location(&mut s, "SOF"), ni(&mut s, "ci_ni")), ("kuwait".to_string(), before - 8));
    // Nothing is bought in the enemy's phase or outside Mobilization.
    play(&mut s, &[Command::EndPhase]);
    assert!(s.apply(recruit("mnf_bct", "kuwait")).is_err());
}

#[test]
fn rule_12_1_purchases_never_spend_the_index_to_zero() {
    let mut s = to_2004a(with_units_edited(&[], &[], &NO_CHAOS));
    let mut bought = 0;
    while s.apply(recruit("mnf_bct", "kuwait")).is_ok() {
        bought += 1;
    }
    let left = ni(&mut s, "ci_ni");
    assert!(left >= 1 && left - 6 < 1, "stops with {left} after {bought}");
    let legal = s.legal_commands();
    assert!(!legal.iter().any(|c| matches!(c, Command::Recruit { unit_type, .. } if unit_type == "mnf_bct")));
    assert!(legal.iter().any(|c| matches!(c, Command::Recruit { unit_type, .. } if unit_type == "mnf_contractor")) == (left > 2));
}

#[test]
fn rule_22_1_airstrikes_are_bought_for_4_up_to_the_counters() {
    let mut s = to_2004a(with_units_edited(&[], &[], &NO_CHAOS));
    play(&mut s, &[Command::from(DiCommand::BuyAirstrike), Command::from(DiCommand::BuyAirstrike), Command::from(DiCommand::BuyAirstrike)]);
    let st = s.state(None);
    assert_eq!((st.tracks["ci_airstrikes"], st.tracks["ci_ni"]), (3, ni(&mut s, "ci_ni")));
    assert_eq!(st.tracks["ci_ni"], 30 - 12);
    play(&mut s, &[Command::from(DiCommand::BuyAirstrike)]);
    let e = s.apply(Command::from(DiCommand::BuyAirstrike)).expect_err("four counters");
    assert!(e.contains("every airstrike counter"), "{e}");
}
