//! Decision: Iraq optional rules (27.x), each a named option that is off by default.

use sandtable::games::decision_iraq::vocabulary::{DiCommand, DiPrompt};
use sandtable::session::{Command, Session};

use crate::common::{deal, log_has, play};
use crate::it::decision_iraq::{NO_CHAOS, with_units_edited};

/// Edits that switch an option on by default.
fn on(option: &str) -> (String, String) {
    (format!("(id: \"{option}\", rule:"), format!("(id: \"{option}\", default: true, rule:"))
}

fn game(units: &[(&str, &str, &str, u32)], dice: &[u32], options: &[&str], chaos: bool) -> Session {
    let owned: Vec<(String, String)> = options.iter().map(|o| on(o)).collect();
    let mut edits: Vec<(&str, &str)> = owned.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    if !chaos {
        edits.extend(NO_CHAOS);
    }
    with_units_edited(units, dice, &edits)
}


/// To 2004A's first Mobilization phase with `side` playing first.
fn to_2004a(s: &mut Session, side: &str) {
    play(s, &[Command::FirstPlayer { side: side.into() }]);
    while s.state(None).turn != "2004A" {
        let legal = s.legal_commands();
        play(s, &[if legal.contains(&Command::EndPhase) { Command::EndPhase } else { legal[0].clone() }]);
    }
    play(s, &[Command::FirstPlayer { side: side.into() }]);
    while s.state(None).phase != "first_mobilization" {
        let legal = s.legal_commands();
        play(s, &[if legal.contains(&Command::EndPhase) { Command::EndPhase } else { legal[0].clone() }]);
    }
}

#[test]
fn rule_27_1_additional_events_cost_5_each_after_the_chaos_roll() {
    // 21 US Policy Shift (+4), then a bought roll: 36 NATO Reinforcement.
    let mut s = game(&[], &[2, 1, 4, 3, 6], &["additional_events"], true);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    assert_eq!(s.state(None).tracks["ci_ni"], 34);
    assert!(s.legal_commands().contains(&Command::from(DiCommand::ExtraChaos)));
    play(&mut s, &[Command::from(DiCommand::ExtraChaos)]);
    assert_eq!(s.state(None).tracks["ci_ni"], 29);
    assert!(log_has(&mut s, "CI Chaos Events: rolled 36: NATO Reinforcement"));
    // Off by default.
    let mut s = game(&[], &[2, 1, 4], &[], true);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    let e = s.apply(Command::from(DiCommand::ExtraChaos)).expect_err("option off");
    assert!(e.contains("27.1"), "{e}");
}

#[test]
fn rule_27_2_no_iraqi_insurgent_recruits_in_a_green_zone_the_ci_holds() {
    let units = [("G", "ig_militia", "green_zone/infra1", 2), ("J", "ins_jihadi", "green_zone", 0)];
    let recruit = Command::Recruit { unit_type: "ins_militia".into(), at: "green_zone".into(), surge: false };
    let mut s = game(&units, &[], &["green_zone"], false);
    to_2004a(&mut s, "ins");
    let e = s.apply(recruit.clone()).expect_err("27.2");
    assert!(e.contains("while ci controls it (27.2)"), "{e}");
    let mut s = game(&units, &[], &[], false);
    to_2004a(&mut s, "ins");
    play(&mut s, &[recruit]);
}

#[test]
fn rule_27_3_iraqi_militia_anywhere_in_iraq_for_6() {
    let recruit = Command::Recruit { unit_type: "ins_militia".into(), at: "south_zone".into(), surge: false };
    let mut s = game(&[("J", "ins_jihadi", "tikrit", 0)], &[], &["militia_anywhere"], false);
    to_2004a(&mut s, "ins");
    let before = s.state(None).tracks["ins_ni"];
    play(&mut s, &[Command::Recruit { unit_type: "ins_militia".into(), at: "tikrit".into(), surge: false }, recruit.clone()]);
    assert_eq!(s.state(None).tracks["ins_ni"], before - 3 - 6, "with a prerequisite 3, without 6");
    let mut s = game(&[("J", "ins_jihadi", "tikrit", 0)], &[], &[], false);
    to_2004a(&mut s, "ins");
    assert!(s.apply(recruit).is_err(), "without the option the chart's prerequisite holds");
}

#[test]
fn rule_27_11_the_insurgent_holding_all_five_sunni_districts_scores_5_more() {
    let boxes = ["tikrit/infra1", "tikrit/infra2", "samara/infra1", "samara/infra2", "fallujah/infra1", "fallujah/infra2", "al_qaim/infra1", "anbar/infra1", "anbar/infra2"];
    let ids: Vec<String> = (1..=boxes.len()).map(|i| format!("M{i}")).collect();
    let units: Vec<(&str, &str, &str, u32)> = ids.iter().zip(boxes).map(|(id, b)| (id.as_str(), "ins_militia", b, 1)).collect();
    for (options, expect) in [(&["sect_control"][..], 24 + 5), (&[][..], 24)] {
        let mut s = game(&units, &[], options, false);
        play(&mut s, &[Command::FirstPlayer { side: "ins".into() }]);
        while s.state(None).phase != "second_conflict" {
            play(&mut s, &[Command::EndPhase]);
        }
        let before = s.state(None).tracks["ins_ni"];
        play(&mut s, &[Command::EndPhase]);
        assert_eq!(s.state(None).tracks["ins_ni"], (before + expect).min(100), "options {options:?}");
    }
}

fn destinations(s: &mut Session, unit: &str) -> Vec<String> {
    use sandtable::model::view::UnitsView;
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let control = s.world.resource::<sandtable::model::Control>().clone();
    let u = units.get(unit).expect(unit).clone();
    sandtable::rules::movement::legal_destinations(&game, &units, &control, &u).into_iter().map(|d| game.board.key(d.space).to_string()).collect()
}

/// The unit's reach (`rules::reach`): the spaces the legal list draws its moves from.
fn reach(s: &mut Session, unit: &str) -> Vec<String> {
    use sandtable::model::view::UnitsView;
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let control = s.world.resource::<sandtable::model::Control>().clone();
    let u = units.get(unit).expect(unit).clone();
    let reach = sandtable::rules::reach::reach_bound(&game, &units, &control, &u).expect("a table for the map");
    reach.into_iter().map(|s| game.board.key(s).to_string()).collect()
}

#[test]
fn rule_13_5_a_unit_may_always_move_one_district_and_27_4_slow_militia_keep_to_their_sect() {
    let units = [("M", "ins_militia", "tikrit/infra1", 1), ("G", "ig_militia", "green_zone", 1)];
    let mut s = game(&units, &[], &[], false);
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }]);
    // 13.5: MF 1 is spent leaving the box, yet the militia may still enter a next district.
    let d = destinations(&mut s, "M");
    assert!(d.contains(&"tikrit".to_string()) && d.contains(&"samara".to_string()) && d.contains(&"mosul_kirkuk".to_string()), "{d:?}");
    // The militia's reach holds those districts (one step from its box's district).
    let r = reach(&mut s, "M");
    assert!(d.iter().all(|x| r.contains(x)), "{d:?} within {r:?}");
    let mut s = game(&units, &[], &["militia_movement"], false);
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }]);
    let d = destinations(&mut s, "M");
    assert!(d.contains(&"samara".to_string()), "Sunni to Sunni: {d:?}");
    assert!(!d.contains(&"mosul_kirkuk".to_string()) && !d.contains(&"kurdistan_south".to_string()), "not Mixed or Kurdish: {d:?}");
    // From the Green Zone (no sect) the IG militia moves freely (in the CI's phase).
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    assert_eq!(s.state(None).phase, "second_movement");
    let d = destinations(&mut s, "G");
    assert!(d.contains(&"baghdad_west".to_string()) && d.contains(&"tigris_euphrates".to_string()), "{d:?}");
}

#[test]
fn rule_27_6_a_suicide_attack_doubles_strength_and_points_and_reads_ar_as_al() {
    // The Ansar (4, doubled to 8) against a BCT (4): 2-1 on the Guerrilla table; a 5 is AR1,
    // read as AL1. The Insurgent gains I-1 x2 or takes C-6 x2.
    let units = [("A", "ins_ansar", "green_zone", 1), ("M", "ins_militia", "green_zone", 1), ("B", "mnf_bct", "green_zone", 1)];
    let suicide = Command::Attack { attackers: vec!["A".into()], target: "green_zone".into(), table: Some("guerrilla".into()), supports: vec!["suicide".into()], declare: None };
    let mut s = game(&units, &[5], &["suicide_attack"], false);
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }, Command::EndPhase]);
    assert_eq!(s.state(None).phase, "first_conflict");
    assert!(s.legal_commands().contains(&suicide));
    let with_m = Command::Attack { attackers: vec!["A".into(), "M".into()], target: "green_zone".into(), table: Some("guerrilla".into()), supports: vec!["suicide".into()], declare: None };
    assert!(s.apply(with_m).expect_err("alone").contains("alone"));
    play(&mut s, std::slice::from_ref(&suicide));
    assert!(log_has(&mut s, "8 vs 4 on Guerrilla, column 2-1: rolled 5"));
    assert!(log_has(&mut s, "AR1 is read as AL1"));
    let Some((_, DiPrompt::NetwarPoints { gain, subtract, .. })) = crate::it::netwar_conflict::di_points(&mut s) else { panic!("points") };
    assert_eq!((gain, subtract), (2, 12));
    play(&mut s, &[Command::from(DiCommand::NetwarPoints { subtract: true })]);
    // AL1: the Ansar (level 1) is eliminated; the militia must still make the district's conflict.
    assert_eq!(s.state(None).units.iter().find(|u| u.id == "A").map(|u| u.location.clone()), Some("available".into()));
    assert!(s.apply(Command::EndPhase).is_err(), "the militia owes its conflict");
    // Off by default.
    let mut s = game(&units, &[5], &[], false);
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }, Command::EndPhase]);
    assert!(s.apply(suicide).expect_err("off").contains("27.6"));
}

#[test]
fn rule_27_9_bases_double_moves_airmobile_units_fly_from_or_to_a_fob() {
    let units = [("F", "mnf_fob", "baghdad_west", 1), ("B", "mnf_bct", "baghdad_west", 1), ("A", "mnf_airmobile", "basrah", 1)];
    let mut s = game(&units, &[], &["combat_logistics"], false);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    let d = destinations(&mut s, "B");
    assert!(d.contains(&"kurdistan_south".to_string()), "MF 2 doubled: BW-Samara-Tikrit-Kurdistan South: {d:?}");
    // The doubled allowance reaches as far.
    assert!(reach(&mut s, "B").contains(&"kurdistan_south".to_string()));
    // 27.91: an airmobile unit away from a FOB may only end at one (Kuwait has one from the set-up).
    assert_eq!(destinations(&mut s, "A"), ["baghdad_west", "kuwait"]);
    let mut s = game(&units, &[], &[], false);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    assert!(!destinations(&mut s, "B").contains(&"kurdistan_south".to_string()));
    assert!(!reach(&mut s, "B").contains(&"kurdistan_south".to_string()), "the allowance is not doubled without the option");
    assert!(destinations(&mut s, "A").contains(&"amara".to_string()));
}

#[test]
fn rule_27_92_the_kinetic_table_needs_a_base_nearby_and_27_93_air_supply_for_ci_infiltrators() {
    // The reference's case 13: a BCT in Fallujah with the FOB in Baghdad West, where open
    // insurgents stand, may not use the Kinetic table; a SOF in Anbar two districts from the FOB may.
    let units = [
        ("F", "mnf_fob", "baghdad_west", 1),
        ("X", "ins_militia", "baghdad_west/infra1", 1),
        ("Y", "ins_militia", "baghdad_west", 1),
        ("B", "mnf_bct", "fallujah", 1),
        ("M", "ins_militia", "fallujah", 1),
        ("S", "mnf_sof", "anbar", 0),
        ("N", "ins_militia", "anbar", 1),
    ];
    let kinetic = |a: &str, at: &str| Command::Attack { attackers: vec![a.into()], target: at.into(), table: Some("kinetic".into()), supports: vec![], declare: None };
    let mut s = game(&units, &[1, 1], &["combat_logistics"], false);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }, Command::EndPhase]);
    let e = s.apply(kinetic("B", "fallujah")).expect_err("27.92");
    assert!(e.contains("27.92"), "{e}");
    assert!(s.legal_commands().contains(&kinetic("S", "anbar")), "27.93: air supply");
    play(&mut s, &[kinetic("S", "anbar")]);
    // Without the option the Kinetic table is open to both.
    let mut s = game(&units, &[], &[], false);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }, Command::EndPhase]);
    assert!(s.legal_commands().contains(&kinetic("B", "fallujah")));
}

#[test]
fn rule_27_10_a_pgm_strike_spends_an_airstrike_and_isr_on_one_open_unit_at_any_column() {
    // 4-1 on the Kinetic table: a 4 is VE. The militia alone is struck; the BCT then attacks
    // the rest of the district as usual.
    let units = [("B", "mnf_bct", "tikrit", 1), ("M1", "ins_militia", "tikrit", 1), ("M2", "ins_militia", "tikrit", 2)];
    let mut s = game(&units, &[4], &["pgm_strike"], false);
    let t = s.game().track_index("ci_airstrikes").expect("track");
    s.world.resource_mut::<sandtable::model::Tracks>().0[t] = 2;
    {
        let mut pools = s.world.resource_mut::<sandtable::model::Pools>();
        pools.cups[0].retain(|c| c != "ci_isr#1");
        pools.hands[0].push("ci_isr#1".into());
    }
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }, Command::EndPhase]);
    let pgm = Command::from(DiCommand::Pgm { unit: "M2".into(), column: "4-1".into(), chit: "ci_isr#1".into() });
    assert!(s.legal_commands().contains(&pgm));
    play(&mut s, &[pgm]);
    assert!(log_has(&mut s, "PGM strike on M2 in tikrit at 4-1"));
    let Some((side, DiPrompt::NetwarPoints { gain, .. })) = crate::it::netwar_conflict::di_points(&mut s) else { panic!("points") };
    assert_eq!((side.as_str(), gain), ("ci", 4), "VE: C-2 x2");
    play(&mut s, &[Command::from(DiCommand::NetwarPoints { subtract: false })]);
    let st = s.state(None);
    assert_eq!(st.tracks["ci_airstrikes"], 1);
    assert!(st.hands["ci"].is_empty());
    assert_eq!(st.units.iter().find(|u| u.id == "M2").map(|u| u.location.as_str()), Some("available"));
    assert!(s.legal_commands().iter().any(|c| matches!(c, Command::Attack { target, .. } if target == "tikrit")), "27.103: the survivors may still be attacked");
}


#[test]
fn rule_27_12_hyperwar_information_operation_and_defection_or_cancelled_unused() {
    let units = [("G1", "ig_militia", "tikrit", 1), ("G2", "ig_militia", "tikrit", 2), ("G3", "ig_militia", "tikrit/infra1", 2)];
    let hw = |info: Option<bool>, d: Option<&str>| {
        Command::from(DiCommand::Hyperwar { chits: vec!["ins_leader_node#1".into(), "ins_isr#1".into(), "ins_info_war#1".into()], info, defection: d.map(str::to_string) })
    };
    // 2d6 = 3 + 4 to the Insurgent's index; 1d6 = 2: the two level-2 IG militia defect.
    let mut s = game(&units, &[3, 4, 2], &["hyperwar"], false);
    for c in ["ins_leader_node#1", "ins_isr#1", "ins_info_war#1"] {
        deal(&mut s, 1, c);
    }
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }]);
    assert_eq!(s.state(None).phase, "first_hyperwar");
    assert!(s.legal_commands().contains(&hw(Some(false), Some("tikrit"))));
    play(&mut s, &[hw(Some(false), Some("tikrit"))]);
    let st = s.state(None);
    assert_eq!(st.tracks["ins_ni"], 77);
    let at = |id: &str| st.units.iter().find(|u| u.id == id).map(|u| u.location.clone()).expect(id);
    assert_eq!((at("G1"), at("G2"), at("G3")), ("tikrit".to_string(), "available".to_string(), "available".to_string()));
    assert_eq!(st.units.iter().filter(|u| u.unit_type == "ins_militia" && u.level == 2 && u.location.starts_with("tikrit")).count(), 2);
    assert!(st.hands["ins"].is_empty(), "the chits go back to the pool");
    // 27.121: cancelled by Black Ops, nothing happens and the chits return unused.
    let mut s = game(&units, &[], &["hyperwar"], false);
    for c in ["ins_leader_node#1", "ins_isr#1", "ins_info_war#1"] {
        deal(&mut s, 1, c);
    }
    deal(&mut s, 0, "black_ops#1");
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }, hw(Some(true), None), Command::PlayChit { chit: "black_ops#1".into(), target: None }]);
    let st = s.state(None);
    assert_eq!((st.tracks["ci_ni"], st.tracks["ins_ni"]), (30, 70));
    assert!(log_has(&mut s, "ins's Leader Node is cancelled"));
    assert!(st.hands["ins"].is_empty() && st.cups["ins_chits"] == 12);
}

#[test]
fn rule_27_5_an_airmobile_unit_carries_a_prt_and_27_8_the_riverine_keeps_to_the_rivers() {
    let units = [("A", "mnf_airmobile", "basrah", 1), ("P", "mnf_prt", "tigris_euphrates", 0), ("R", "mnf_riverine", "kuwait", 1)];
    let carry = Command::Carry { carrier: "A".into(), passenger: "P".into(), to: "baghdad_west".into() };
    let mut s = game(&units, &[], &["airmobile_transport", "riverine"], false);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    // Basrah to Tigris-Euphrates (1), then Green Zone and Baghdad West (3 of MF 3).
    play(&mut s, std::slice::from_ref(&carry));
    let st = s.state(None);
    let at = |id: &str| st.units.iter().find(|u| u.id == id).map(|u| u.location.clone()).expect(id);
    assert_eq!((at("A"), at("P")), ("baghdad_west".to_string(), "baghdad_west".to_string()));
    assert!(s.apply(Command::Move { unit: "P".into(), to: "green_zone".into() }).is_err(), "the passenger made its move");
    // 27.8: the riverine squadron never leaves the river districts.
    let d = destinations(&mut s, "R");
    assert!(d.contains(&"basrah".to_string()) && !d.contains(&"saudi_arabia".to_string()), "{d:?}");
    let mut s = game(&units, &[], &[], false);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    assert!(s.apply(carry).expect_err("off").contains("27.5"));
}

/// DI 14.4 with 27.71: while a coordinated district under way still owes a group attack, the
/// attacks of another district are not listed (nor accepted); once it owes none, they are.
#[test]
fn rule_14_4_a_district_that_owes_a_group_attack_keeps_other_districts_attacks_out_of_the_list() {
    let units = [("F", "mnf_fob", "tikrit/infra1", 1), ("B1", "mnf_bct", "tikrit", 1), ("B2", "mnf_bct", "tikrit", 2), ("M1", "ins_militia", "tikrit", 1), ("M2", "ins_militia", "tikrit", 2), ("C", "mnf_bct", "samara", 2), ("N", "ins_militia", "samara", 1)];
    let group = |a: &str, d: &str| Command::GroupAttack { attackers: vec![a.into()], defenders: vec![d.into()], table: Some("civic_action".into()) };
    // Asked of the full list and of the list the random player reads (attacks held apart by
    // district): the same answer.
    let in_samara = |s: &mut sandtable::session::Session| {
        let samara = |c: &Command| matches!(c, Command::Attack { target, .. } if target == "samara");
        let held = s.legal_list().into_commands().into_iter().filter(samara).count();
        let full = s.legal_commands().into_iter().filter(samara).count();
        assert_eq!(held, full, "the held list and the full list");
        full
    };
    let mut s = game(&units, &[3, 3], &["coordination"], false);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }, Command::EndPhase]);
    assert!(in_samara(&mut s) > 0, "Samara's attacks before any district is under way");
    play(&mut s, &[group("B1", "M1"), Command::from(DiCommand::NetwarPoints { subtract: false })]);
    assert_eq!(in_samara(&mut s), 0, "Tikrit still owes the attack on M2");
    assert!(s.legal_commands().contains(&group("B2", "M2")));
    let samara = Command::Attack { attackers: vec!["C".into()], target: "samara".into(), table: Some("civic_action".into()), supports: vec![], declare: None };
    assert!(s.apply(samara).is_err(), "14.4: Tikrit first");
    play(&mut s, &[group("B2", "M2"), Command::from(DiCommand::NetwarPoints { subtract: false })]);
    assert!(in_samara(&mut s) > 0, "Tikrit is finished: Samara's attacks are listed again");
}

#[test]
fn rule_27_7_coordination_splits_the_attack_into_groups_and_every_enemy_is_attacked() {
    let units = [("F", "mnf_fob", "tikrit/infra1", 1), ("B1", "mnf_bct", "tikrit", 1), ("B2", "mnf_bct", "tikrit", 2), ("M1", "ins_militia", "tikrit", 1), ("M2", "ins_militia", "tikrit", 2)];
    let group = |a: &str, d: &str| Command::GroupAttack { attackers: vec![a.into()], defenders: vec![d.into()], table: Some("civic_action".into()) };
    // Civic Action rolls of 3 (DL3 on 4-1, DL2 on 3-1): the defenders gain points each time.
    let mut s = game(&units, &[3, 3], &["coordination"], false);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }, Command::EndPhase]);
    assert!(s.legal_commands().contains(&group("B1", "M1")));
    play(&mut s, &[group("B1", "M1"), Command::from(DiCommand::NetwarPoints { subtract: false })]);
    assert!(log_has(&mut s, "conflict in tikrit: 4 vs 1 on Civic Action, column 4-1: rolled 3"));
    let e = s.apply(Command::EndPhase).expect_err("27.71");
    assert!(e.contains("27.71") && e.contains("M2"), "{e}");
    assert!(s.apply(Command::Attack { attackers: vec!["B2".into()], target: "tikrit".into(), table: None, supports: vec![], declare: None }).is_err(), "groups only now");
    assert!(s.apply(group("B2", "M1")).is_err(), "M1 was attacked already");
    play(&mut s, &[group("B2", "M2"), Command::from(DiCommand::NetwarPoints { subtract: false })]);
    play(&mut s, &[Command::EndPhase]);
    let mut s = game(&units, &[3], &[], false);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }, Command::EndPhase]);
    assert!(s.apply(group("B1", "M1")).expect_err("off").contains("27.7"));
}
