//! Decision: Iraq chaos events (11, 6.7): each player rolls its own table (d66) in its chaos
//! phase; units come from the available counters; the side chooses where they go and which of
//! its units suffer; "not to 0 or below" floors at 1.

use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{location, log_has, play};
use crate::it::decision_iraq::with_units_dice;

/// The CI plays first in 2003B: its chaos phase rolls at once.
fn ci_chaos(units: &[(&str, &str, &str, u32)], dice: &[u32]) -> Session {
    let mut s = with_units_dice(units, dice);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    assert_eq!(s.state(None).phase, "first_chaos");
    s
}


fn ni(s: &mut Session, t: &str) -> i32 {
    s.state(None).tracks[t]
}

#[test]
fn rule_11_1_the_chaos_roll_reads_tens_and_ones_us_policy_shift_adds_1d6() {
    let mut s = ci_chaos(&[], &[2, 1, 4]);
    assert!(log_has(&mut s, "CI Chaos Events: rolled 21: US Policy Shift"));
    assert_eq!(ni(&mut s, "ci_ni"), 34);
    // The phase ends by command; the Insurgent rolls in its own chaos phase, not in the CI's.
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(s.state(None).phase, "first_movement");
}

#[test]
fn rule_11_ci_24_kurdish_rally_places_a_level_2_ig_militia_in_a_kurdish_district() {
    let mut s = ci_chaos(&[], &[2, 4]);
    let Some(Prompt::PlaceUnit { side, options, optional, .. }) = s.state(None).prompt else { panic!("placement") };
    assert_eq!((side.as_str(), optional), ("ci", false));
    assert_eq!(options.len(), 1);
    let (unit, spaces) = &options[0];
    assert!(unit.starts_with("ig_militia#"), "{unit}");
    assert_eq!(spaces, &["kurdistan_north", "kurdistan_north/infra1", "kurdistan_south", "kurdistan_south/infra1"]);
    assert!(s.apply(Command::Place { unit: unit.as_str().into(), at: "tikrit".into() }).is_err());
    play(&mut s, &[Command::Place { unit: unit.as_str().into(), at: "kurdistan_south/infra1".into() }]);
    let st = s.state(None);
    let u = st.units.iter().find(|u| &u.id == unit).expect("placed");
    assert_eq!((u.location.as_str(), u.level), ("kurdistan_south/infra1", 2), "12.5: event units may enter above level 1");
}

#[test]
fn rule_11_ci_33_prt_may_be_declined_or_costs_1d6_of_the_cis_index() {
    let mut s = ci_chaos(&[("B", "mnf_bct", "anbar", 1)], &[3, 3]);
    let Some(Prompt::PlaceUnit { options, optional, .. }) = s.state(None).prompt else { panic!("placement") };
    assert!(optional);
    assert_eq!(options[0].1, ["anbar", "anbar/infra1", "kuwait"], "a district with a CI unit");
    play(&mut s, &[Command::Pass]);
    assert_eq!(ni(&mut s, "ci_ni"), 30);
    let mut s = ci_chaos(&[("B", "mnf_bct", "anbar", 1)], &[3, 3, 5]);
    let Some(Prompt::PlaceUnit { options, .. }) = s.state(None).prompt else { panic!("placement") };
    play(&mut s, &[Command::Place { unit: options[0].0.as_str().into(), at: "anbar".into() }]);
    assert_eq!(ni(&mut s, "ci_ni"), 25);
}

#[test]
fn rule_11_ci_44_oil_demand_counts_kuwait_and_saudi_arabia() {
    let mut s = ci_chaos(&[], &[4, 4]);
    assert_eq!(ni(&mut s, "ci_ni"), 34, "+2 for each of Kuwait and Saudi Arabia (oil [uncertain])");
    assert!(log_has(&mut s, "+2 for each of kuwait, saudi_arabia"));
}

#[test]
fn rule_11_ci_61_abu_ghraib_never_takes_the_index_below_1() {
    let mut s = with_units_dice(&[], &[6, 1, 6, 6]);
    s.world.resource_mut::<sandtable::model::Tracks>().0[0] = 5;
    // The Insurgent has more points and lets the CI play first; 2d6 = 12 against an index of 5.
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    // 24.13: at 25 or less the CI is first offered the Surge; it declines.
    let Some(Prompt::Declare { id, .. }) = s.state(None).prompt else { panic!("Surge offered") };
    assert_eq!(id, "surge");
    play(&mut s, &[Command::Declare { id: "surge".into(), declare: false }]);
    assert!(log_has(&mut s, "rolled 61: Abu Ghraib"));
    assert_eq!(ni(&mut s, "ci_ni"), 1, "floor 1: no sudden death from this event");
    assert!(s.state(None).result.is_none());
}

#[test]
fn rule_11_ci_64_high_value_target_pays_3d6_if_an_mnf_sof_is_there_when_the_conflict_phase_ends() {
    let mut s = ci_chaos(&[("SOF", "mnf_sof", "baghdad_west", 0)], &[6, 4, 4, 6, 5, 4]);
    assert!(log_has(&mut s, "rolled 4, the marker goes to baghdad_west"));
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    assert_eq!(ni(&mut s, "ci_ni"), 30, "nothing before the conflict phase ends");
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(ni(&mut s, "ci_ni"), 45);
    let mut s = ci_chaos(&[("SOF", "mnf_sof", "samara", 0)], &[6, 4, 4]);
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    assert_eq!(ni(&mut s, "ci_ni"), 30);
    assert!(log_has(&mut s, "no mnf_sof there, the marker is removed"));
}

#[test]
fn rule_11_ci_53_sheikh_alliance_turns_bases_and_half_the_militia_lowest_first() {
    let mut s = ci_chaos(
        &[
            ("FF", "ff_jihadi", "tikrit", 0),
            ("Z", "ins_bz", "tikrit/infra1", 1),
            ("M1", "ins_militia", "tikrit", 1),
            ("M2", "ins_militia", "tikrit", 2),
            ("M3", "ins_militia", "tikrit/infra2", 3),
        ],
        &[5, 3],
    );
    let Some(Prompt::ChooseSpace { side, spaces, .. }) = s.state(None).prompt else { panic!("name a district") };
    assert_eq!((side.as_str(), spaces), ("ci", vec!["tikrit".to_string()]), "a district with an FF unit");
    play(&mut s, &[Command::ChooseSpace { space: "tikrit".into() }]);
    let st = s.state(None);
    let at = |t: &str, l: u32| st.units.iter().filter(|u| u.unit_type == t && u.level == l && u.location.starts_with("tikrit")).map(|u| u.location.clone()).collect::<Vec<_>>();
    assert_eq!(at("ig_bz", 1), ["tikrit/infra1"]);
    assert_eq!((at("ig_militia", 1), at("ig_militia", 2)), (vec!["tikrit".to_string()], vec!["tikrit".to_string()]), "two of three, lowest levels first");
    assert_eq!(location(&mut s, "M3"), "tikrit/infra2");
    assert_eq!((location(&mut s, "M1"), location(&mut s, "Z")), ("available".to_string(), "available".to_string()));
}

#[test]
fn rule_11_ins_34_sectarian_violence_costs_a_level_in_each_mixed_district_the_insurgent_choosing() {
    let mut s = with_units_dice(
        &[("A", "ins_militia", "mosul_kirkuk", 2), ("B", "ff_militia", "mosul_kirkuk", 1), ("C", "ins_militia", "baghdad_west/infra1", 2), ("D", "ins_militia", "tikrit", 1)],
        &[3, 4],
    );
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }]);
    let Some(Prompt::PickUnits { side, units, count, .. }) = s.state(None).prompt else { panic!("pick") };
    assert_eq!((side.as_str(), units, count), ("ins", vec!["A".to_string(), "B".to_string()], 1));
    play(&mut s, &[Command::PickUnits { units: vec!["B".into()] }]);
    let st = s.state(None);
    let lv = |id: &str| st.units.iter().find(|u| u.id == id).map(|u| (u.location.clone(), u.level)).expect(id);
    assert_eq!(lv("B").0, "available");
    assert_eq!(lv("C"), ("baghdad_west/infra1".into(), 1), "the only militia in Baghdad West: no choice");
    assert_eq!(lv("D"), ("tikrit".into(), 1), "Tikrit is Sunni");
}

#[test]
fn rule_11_ins_62_looting_names_a_district_without_ci_units() {
    let mut s = with_units_dice(&[("B", "mnf_bct", "fallujah", 1)], &[6, 2]);
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }]);
    let Some(Prompt::ChooseSpace { spaces, .. }) = s.state(None).prompt else { panic!("name a district") };
    assert!(!spaces.contains(&"fallujah".to_string()) && !spaces.contains(&"syria".to_string()) && spaces.contains(&"samara".to_string()), "{spaces:?}");
    play(&mut s, &[Command::ChooseSpace { space: "samara".into() }]);
    assert_eq!(ni(&mut s, "ins_ni"), 75);
}
