//! Decision: Iraq conflicts (14-16, 21, 23, 26, errata to 6) and unit levels (8): odds, the
//! gaining side's choice of points, level results on the owner's units, Kinetic eliminations and
//! retreats, the x3 cap on doublings.

use sandtable::games::decision_iraq::vocabulary::{DiCommand, DiPrompt};
use sandtable::model::view::UnitsView;
use sandtable::model::TurnState;
use sandtable::rules::levels::{LevelChange, change_level};
use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{location, log_has, play};
use crate::it::decision_iraq::{NO_CHAOS, with_units_dice, with_units_edited};

fn attack_on(attackers: &[&str], target: &str, table: &str) -> Command {
    Command::Attack { attackers: attackers.iter().map(|a| (*a).into()).collect(), target: target.into(), table: Some(table.into()), supports: vec![], declare: None }
}

/// The CI plays first in 2003B and ends its movement phase: its conflict phase begins.
fn ci_conflict(units: &[(&str, &str, &str, u32)], dice: &[u32]) -> Session {
    let mut s = with_units_edited(units, dice, &NO_CHAOS);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }, Command::EndPhase]);
    assert_eq!(s.state(None).phase, "first_conflict");
    s
}


fn level(s: &mut Session, id: &str) -> u32 {
    s.state(None).units.iter().find(|u| u.id == id).map(|u| u.level).expect(id)
}

fn track(s: &mut Session, id: &str) -> i32 {
    s.state(None).tracks[id]
}

#[test]
fn rule_14_6_nine_against_six_is_1_1_and_three_against_four_is_below_1_1() {
    // 1 on 1-1 is DL2; 4 on <1-1 is AR1.
    let mut s = ci_conflict(
        &[
            ("B1", "mnf_bct", "tikrit", 1),
            ("A2", "mnf_airmobile", "tikrit", 2),
            ("M2", "ins_militia", "tikrit", 2),
            ("M4", "ins_militia", "tikrit", 4),
            ("D1", "ig_division", "samara", 1),
            ("N4", "ins_militia", "samara", 4),
        ],
        &[1, 4],
    );
    play(&mut s, &[attack_on(&["A2", "B1"], "tikrit", "civic_action")]);
    assert!(log_has(&mut s, "9 vs 6 on Civic Action, column 1-1: rolled 1"));
    // DL2: the Insurgent gains the points, then all its conventional units there lose a level.
    let Some((side, DiPrompt::NetwarPoints { gain, subtract, .. })) = crate::it::netwar_conflict::di_points(&mut s) else { panic!("points choice") };
    assert_eq!((side.as_str(), gain, subtract), ("ins", 5, 2), "Tikrit is I-5/C-2");
    play(&mut s, &[Command::from(DiCommand::NetwarPoints { subtract: true })]);
    assert_eq!(track(&mut s, "ci_ni"), 28);
    assert_eq!((level(&mut s, "M2"), level(&mut s, "M4")), (1, 3));
    play(&mut s, &[attack_on(&["D1"], "samara", "civic_action")]);
    assert!(log_has(&mut s, "3 vs 4 on Civic Action, column <1-1: rolled 4"));
    // AR1: the CI gains, half of its one conventional unit (rounded up: the division) rises.
    play(&mut s, &[Command::from(DiCommand::NetwarPoints { subtract: false })]);
    assert_eq!(track(&mut s, "ci_ni"), 30);
    assert_eq!(level(&mut s, "D1"), 2);
}

#[test]
fn rule_16_33_green_zone_a_gives_c_6_or_minus_i_1_and_d_gives_i_1_or_minus_c_6() {
    // 6 against 3 is 2-1: a 5 is AL2, a 1 is DL2.
    let units = [("B", "mnf_bct", "green_zone", 2), ("M2", "ins_militia", "green_zone", 2), ("M1", "ins_militia", "green_zone", 1)];
    let mut s = ci_conflict(&units, &[5]);
    play(&mut s, &[attack_on(&["B"], "green_zone", "civic_action")]);
    let Some((side, DiPrompt::NetwarPoints { gain, subtract, rule, .. })) = crate::it::netwar_conflict::di_points(&mut s) else { panic!("points choice") };
    assert_eq!((side.as_str(), gain, subtract, rule.as_str()), ("ci", 6, 1, "16.33"));
    play(&mut s, &[Command::from(DiCommand::NetwarPoints { subtract: false })]);
    assert_eq!((track(&mut s, "ci_ni"), track(&mut s, "ins_ni")), (36, 70));
    assert_eq!(level(&mut s, "B"), 1, "AL2: all the CI's conventional units lose a level");
    let mut s = ci_conflict(&units, &[1]);
    play(&mut s, &[attack_on(&["B"], "green_zone", "civic_action")]);
    let Some((side, DiPrompt::NetwarPoints { gain, subtract, .. })) = crate::it::netwar_conflict::di_points(&mut s) else { panic!("points choice") };
    assert_eq!((side.as_str(), gain, subtract), ("ins", 1, 6), "the Insurgent subtracts 6 from the CI's index");
    play(&mut s, &[Command::from(DiCommand::NetwarPoints { subtract: true })]);
    assert_eq!(track(&mut s, "ci_ni"), 24);
    // DL2 on both militia: the level 1 unit is eliminated (8.3), the level 2 one drops to 1.
    assert_eq!(location(&mut s, "M1"), "available");
    assert_eq!(level(&mut s, "M2"), 1);
}

#[test]
fn rule_16_34_half_rounded_up_of_the_conventional_units_and_the_owner_chooses() {
    // AR1 with three conventional attackers and a SOF: two units gain a level, the SOF is not
    // counted (16.35). 15 against 2 is 4-1: a 1 is AR1.
    let mut s = ci_conflict(
        &[
            ("B1", "mnf_bct", "anbar", 1),
            ("B2", "mnf_bct", "anbar", 1),
            ("B3", "mnf_bct", "anbar", 1),
            ("SOF", "mnf_sof", "anbar", 0),
            ("M", "ins_militia", "anbar", 2),
        ],
        &[1],
    );
    play(&mut s, &[attack_on(&["B1", "B2", "B3", "SOF"], "anbar", "civic_action")]);
    play(&mut s, &[Command::from(DiCommand::NetwarPoints { subtract: false })]);
    let Some(Prompt::PickUnits { side, units, count, .. }) = s.state(None).prompt else { panic!("the owner chooses") };
    assert_eq!((side.as_str(), units.len(), count), ("ci", 3, 2));
    let e = s.apply(Command::PickUnits { units: vec!["B1".into()] }).expect_err("two");
    assert!(e.contains("exactly 2"), "{e}");
    assert!(s.apply(Command::PickUnits { units: vec!["B1".into(), "SOF".into()] }).is_err(), "the SOF has no level");
    play(&mut s, &[Command::PickUnits { units: vec!["B1".into(), "B3".into()] }]);
    assert_eq!([level(&mut s, "B1"), level(&mut s, "B2"), level(&mut s, "B3"), level(&mut s, "SOF")], [2, 1, 2, 0]);
}

#[test]
fn rule_8_4_levels_skip_going_down_never_going_up_and_use_free_counters() {
    let mix = (
        r#"(unit_type: "mnf_bct", level: Some(1), count: 13), (unit_type: "mnf_bct", level: Some(2), count: 6), (unit_type: "mnf_bct", level: Some(3), count: 4),"#,
        r#"(unit_type: "mnf_bct", level: Some(1), count: 3), (unit_type: "mnf_bct", level: Some(2), count: 1), (unit_type: "mnf_bct", level: Some(3), count: 2),"#,
    );
    let mut s = with_units_edited(
        &[("B3", "mnf_bct", "tikrit", 3), ("B2", "mnf_bct", "tikrit", 2), ("B1", "mnf_bct", "samara", 1), ("SOF", "mnf_sof", "samara", 0)],
        &[],
        &[mix],
    );
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let t = |id: &str| units.get(id).expect(id).type_index;
    // Level 1 counters: B1 and the BCT in Kuwait use two of three. Every level-2 counter is in
    // play: a level 3 unit losing one level becomes level 1.
    assert_eq!(change_level(&game, &units, "B3", t("B3"), 3, -1), LevelChange::To(1));
    // A level 1 unit should rise but no level 2 counter is free: no change, and never a skip.
    assert_eq!(change_level(&game, &units, "B1", t("B1"), 1, 1), LevelChange::Same);
    assert_eq!(change_level(&game, &units, "B1", t("B1"), 1, 2), LevelChange::Same, "AR3 cannot skip to level 3");
    assert_eq!(change_level(&game, &units, "B1", t("B1"), 1, -1), LevelChange::Eliminated);
    assert_eq!(change_level(&game, &units, "B2", t("B2"), 2, 1), LevelChange::To(3));
    // 8.9: unconventional units never change.
    assert_eq!(change_level(&game, &units, "SOF", t("SOF"), 0, -1), LevelChange::Same);
    assert_eq!(change_level(&game, &units, "SOF", t("SOF"), 0, 2), LevelChange::Same);
    // 12.7, 12.9: the counters not set up wait in the pool, the mix in all.
    let bcts = units.all().iter().filter(|u| u.type_index == t("B1")).count();
    assert_eq!(bcts, 6);
}

#[test]
fn rule_16_42_kinetic_ea_eliminates_two_of_three_and_the_third_retreats() {
    // 8 against 3 is 2-1: a 3 is EA. Then a 1 on the Guerrilla table against the box (DR3).
    let mut s = ci_conflict(
        &[
            ("B", "mnf_bct", "tikrit", 3),
            ("C", "mnf_bct", "samara", 1),
            ("M1", "ins_militia", "tikrit", 1),
            ("M2", "ins_militia", "tikrit", 1),
            ("M3", "ins_militia", "tikrit", 1),
        ],
        &[3, 1, 1],
    );
    play(&mut s, &[attack_on(&["B"], "tikrit", "kinetic"), Command::from(DiCommand::NetwarPoints { subtract: false })]);
    assert_eq!(track(&mut s, "ci_ni"), 32);
    let Some(Prompt::PickUnits { side, count, rule, .. }) = s.state(None).prompt else { panic!("eliminations") };
    assert_eq!((side.as_str(), count, rule.as_str()), ("ins", 2, "16.42"));
    play(&mut s, &[Command::PickUnits { units: vec!["M1".into(), "M3".into()] }]);
    let Some(Prompt::Retreat { options, may_stay, .. }) = s.state(None).prompt else { panic!("the survivor retreats") };
    assert!(may_stay.is_empty());
    let (unit, to) = &options[0];
    assert_eq!(unit, "M2");
    // An empty box of Tikrit, or a linked district without open CI units (not Samara), or a box there.
    assert!(to.contains(&"tikrit/infra1".to_string()) && to.contains(&"mosul_kirkuk".to_string()) && to.contains(&"kurdistan_south/infra2".to_string()), "{to:?}");
    assert!(!to.iter().any(|t| t.starts_with("samara")), "{to:?}");
    let e = s.apply(Command::RetreatTo { moves: vec![] }).expect_err("must retreat");
    assert!(e.contains("must retreat"), "{e}");
    play(&mut s, &[Command::RetreatTo { moves: vec![("M2".into(), "tikrit/infra1".into())] }]);
    assert_eq!(location(&mut s, "M2"), "tikrit/infra1");
    // 16.46: the retreated unit may be attacked again in the boxes, but not on the Kinetic table
    // by a conventional unit (15.2).
    let e = s.apply(attack_on(&["B"], "tikrit", "kinetic")).expect_err("15.2");
    assert!(e.contains("every attacker is unconventional"), "{e}");
    play(&mut s, &[attack_on(&["B"], "tikrit", "guerrilla")]);
    assert!(log_has(&mut s, "conflict in tikrit (infra boxes): 8 vs 1 on Guerrilla, column 4-1: rolled 1"));
}

#[test]
fn rule_16_47_units_with_a_friendly_base_may_ignore_the_retreat_and_the_base_never_moves() {
    // 8 against 3 (militia 2 + base 1) is 2-1: a 3 is EA; the owner eliminates the militia.
    let mut s = ci_conflict(&[("B", "mnf_bct", "tikrit", 3), ("M", "ins_militia", "tikrit", 2), ("J", "ins_jihadi", "tikrit", 0), ("BZ", "ins_bz", "tikrit", 1)], &[3]);
    play(&mut s, &[attack_on(&["B"], "tikrit", "kinetic"), Command::from(DiCommand::NetwarPoints { subtract: true })]);
    assert_eq!(track(&mut s, "ins_ni"), 65);
    let Some(Prompt::PickUnits { count, .. }) = s.state(None).prompt else { panic!("eliminations") };
    assert_eq!(count, 2, "half of three units, rounded up, the Jihadi counted (16.42)");
    play(&mut s, &[Command::PickUnits { units: vec!["M".into(), "J".into()] }]);
    // Only the base is left: it never retreats, so no retreat is asked.
    assert!(s.state(None).prompt.is_none());
    assert_eq!(location(&mut s, "BZ"), "tikrit");
    let mut s = ci_conflict(&[("B", "mnf_bct", "tikrit", 3), ("M", "ins_militia", "tikrit", 2), ("J", "ins_jihadi", "tikrit", 0), ("BZ", "ins_bz", "tikrit", 1)], &[3]);
    play(&mut s, &[attack_on(&["B"], "tikrit", "kinetic"), Command::from(DiCommand::NetwarPoints { subtract: true }), Command::PickUnits { units: vec!["M".into(), "BZ".into()] }]);
    let Some(Prompt::Retreat { options, may_stay, .. }) = s.state(None).prompt else { panic!("retreat") };
    assert_eq!(options.len(), 1);
    assert!(may_stay.is_empty(), "the base was eliminated: no one may stay");
}

#[test]
fn rule_21_3_unconventional_units_may_stay_out_and_21_5_may_go_for_the_boxes() {
    let mut s = ci_conflict(
        &[
            ("B", "mnf_bct", "tikrit", 1),
            ("SOF", "mnf_sof", "tikrit", 0),
            ("M", "ins_militia", "tikrit", 1),
            ("J", "ins_jihadi", "tikrit/infra1", 0),
            ("SOF2", "mnf_sof", "samara", 0),
            ("N", "ins_militia", "samara", 1),
            ("U", "ins_militia", "samara/infra1", 1),
        ],
        &[6, 1],
    );
    // 14.3: the BCT must attack the open militia; the SOF may stay out (21.3) but not go alone.
    let e = s.apply(attack_on(&["SOF"], "tikrit", "guerrilla")).expect_err("the BCT must join");
    assert!(e.contains("all your open units in tikrit together: B"), "{e}");
    let legal = s.legal_commands();
    assert!(legal.contains(&attack_on(&["B"], "tikrit", "guerrilla")) && legal.contains(&attack_on(&["B", "SOF"], "tikrit", "guerrilla")), "{legal:?}");
    // 21.5: the lone SOF in Samara may attack the box at once, even on the Kinetic table (21.4).
    assert!(legal.contains(&attack_on(&["SOF2"], "samara/infra1", "kinetic")), "{legal:?}");
    let e = s.apply(attack_on(&["B"], "tikrit/infra1", "guerrilla")).expect_err("open first");
    assert!(e.contains("must be cleared"), "{e}");
    // A conflict phase with an unconventional-only force facing open enemies may end (21.3).
    play(&mut s, &[attack_on(&["SOF2"], "samara/infra1", "kinetic")]);
    assert!(log_has(&mut s, "conflict in samara (infra boxes): 2 vs 1 on Kinetic, column 2-1: rolled 6"));
    // OK (Overkill): the defender gains its points x2 and is eliminated.
    play(&mut s, &[Command::from(DiCommand::NetwarPoints { subtract: false })]);
    assert_eq!((track(&mut s, "ins_ni"), location(&mut s, "U")), (80, "available".to_string()));
    // 15.2: the attacker may advance into the emptied box.
    play(&mut s, &[Command::Advance { units: vec!["SOF2".into()] }]);
    assert_eq!(location(&mut s, "SOF2"), "samara/infra1");
    let e = s.apply(Command::EndPhase).expect_err("Tikrit still owes its conflict");
    assert!(e.contains("tikrit"), "{e}");
}

#[test]
fn rule_26_1_and_errata_6_election_and_a_x2_result_make_x3_never_x4() {
    let mut s = with_units_dice(&[("B", "mnf_bct", "baghdad_west", 3)], &[]);
    let game = s.game().clone();
    let ci = game.track_index("ci_ni").expect("ci");
    let ins = game.track_index("ins_ni").expect("ins");
    let m = |s: &mut Session, turn: usize, track: usize, d: u32| {
        let mut t: TurnState = s.world.resource::<TurnState>().clone();
        t.turn = turn;
        sandtable::games::decision_iraq::multiplier(&game, &t, track, d)
    };
    // 2004A (turn 2): no election. 2004B (turn 3) and 2008B (turn 11): the CI's changes double.
    assert_eq!([m(&mut s, 1, ci, 0), m(&mut s, 1, ci, 1), m(&mut s, 1, ci, 2)], [1, 2, 3]);
    assert_eq!([m(&mut s, 2, ci, 0), m(&mut s, 2, ci, 1), m(&mut s, 2, ci, 2)], [2, 3, 3]);
    assert_eq!([m(&mut s, 10, ci, 0), m(&mut s, 2, ins, 0), m(&mut s, 2, ins, 1)], [2, 1, 2], "the Insurgent is unaffected");
}

#[test]
fn rule_22_an_airstrike_picks_the_column_and_doubles_the_insurgents_points() {
    // The reference's case 6: the CI attacks in the Green Zone on the Guerrilla table with an
    // airstrike; the result is DR1; the Insurgent adds 1 x2 or takes 6 x2 from the CI.
    let units = [("B", "mnf_bct", "green_zone", 1), ("M1", "ins_militia", "green_zone", 2), ("M2", "ins_militia", "green_zone", 2)];
    let mut s = ci_conflict(&units, &[1]);
    let t = s.game().track_index("ci_airstrikes").expect("track");
    s.world.resource_mut::<sandtable::model::Tracks>().0[t] = 2;
    play(&mut s, &[attack_on(&["B"], "green_zone", "guerrilla")]);
    let Some((side, DiPrompt::Airstrike { column, columns, .. })) = crate::it::netwar_conflict::di_airstrike(&mut s) else { panic!("airstrike offered") };
    assert_eq!((side.as_str(), column.as_str(), columns.len()), ("ci", "1-1", 5));
    assert!(s.apply(Command::from(DiCommand::Airstrike { column: Some("5-1".into()) })).is_err());
    play(&mut s, &[Command::from(DiCommand::Airstrike { column: Some("4-1".into()) })]);
    assert!(log_has(&mut s, "4 vs 4 on Guerrilla, column 4-1, airstrike: rolled 1"));
    let Some((side, DiPrompt::NetwarPoints { gain, subtract, .. })) = crate::it::netwar_conflict::di_points(&mut s) else { panic!("points") };
    assert_eq!((side.as_str(), gain, subtract), ("ins", 2, 12));
    assert_eq!(track(&mut s, "ci_airstrikes"), 1, "used up");
    // Never on the Civic Action table.
    let mut s = ci_conflict(&units, &[1]);
    s.world.resource_mut::<sandtable::model::Tracks>().0[t] = 2;
    play(&mut s, &[attack_on(&["B"], "green_zone", "civic_action")]);
    assert!(crate::it::netwar_conflict::di_airstrike(&mut s).is_none());
    assert_eq!(track(&mut s, "ci_airstrikes"), 2);
}

#[test]
fn rule_16_44_when_one_box_is_left_for_two_survivors_the_other_is_eliminated() {
    // Amara's one box is the only way out: Tigris-Euphrates and Basrah hold open CI units and
    // Iraqi insurgents may not enter Iran (13.7). 8 against 4 is 2-1: a 3 is EA.
    let mut s = ci_conflict(
        &[
            ("B", "mnf_bct", "amara", 3),
            ("T", "mnf_bct", "tigris_euphrates", 1),
            ("R", "mnf_bct", "basrah", 1),
            ("M1", "ins_militia", "amara", 1),
            ("M2", "ins_militia", "amara", 1),
            ("M3", "ins_militia", "amara", 1),
            ("M4", "ins_militia", "amara", 1),
        ],
        &[3],
    );
    play(&mut s, &[attack_on(&["B"], "amara", "kinetic"), Command::from(DiCommand::NetwarPoints { subtract: false }), Command::PickUnits { units: vec!["M1".into(), "M2".into()] }]);
    let Some(Prompt::Retreat { options, .. }) = s.state(None).prompt else { panic!("retreat") };
    assert_eq!(options, vec![("M3".to_string(), vec!["amara/infra1".to_string()]), ("M4".to_string(), vec!["amara/infra1".to_string()])]);
    let e = s.apply(Command::RetreatTo { moves: vec![("M3".into(), "amara/infra1".into()), ("M4".into(), "amara/infra1".into())] }).expect_err("one unit per box");
    assert!(e.contains("one unit only"), "{e}");
    assert!(s.apply(Command::RetreatTo { moves: vec![] }).is_err(), "a unit that can retreat must");
    play(&mut s, &[Command::RetreatTo { moves: vec![("M4".into(), "amara/infra1".into())] }]);
    assert_eq!((location(&mut s, "M4"), location(&mut s, "M3")), ("amara/infra1".to_string(), "available".to_string()));
}

#[test]
fn rule_8_1_worked_odds_4_against_4_8_against_2_and_20_against_2_capped_at_4_1() {
    use sandtable::rules::crt::{column_label, odds_column};
    let s = with_units_dice(&[], &[]);
    let crt = s.game().scenario.tables.crts.iter().find(|c| c.id == "guerrilla").expect("table").clone();
    let col = |a: u32, d: u32| column_label(&crt, odds_column(&crt, a, d, 0).column).to_string();
    assert_eq!([col(9, 6), col(3, 4), col(4, 4), col(8, 2), col(20, 2), col(5, 0)], ["1-1", "<1-1", "1-1", "4-1", "4-1", "4-1"]);
}

#[test]
fn rule_16_45_infiltrating_units_retreat_up_to_their_mf_through_enemy_districts() {
    // An FF Jihadi (MF 3) in Samara: Tikrit, Fallujah and both Baghdads hold open CI units, so it
    // may pass through them and end beyond (Kurdistan South, Al Qaim...), never among open enemies.
    let mut s = ci_conflict(
        &[
            ("B", "mnf_bct", "samara", 3),
            ("T", "mnf_bct", "tikrit", 1),
            ("F", "mnf_bct", "fallujah", 1),
            ("W", "mnf_bct", "baghdad_west", 1),
            ("E", "mnf_bct", "baghdad_east", 1),
            ("J", "ff_jihadi", "samara", 0),
            ("M", "ins_militia", "samara", 1),
        ],
        &[3],
    );
    // 8 against 4 (3 + 1) is 2-1: EA; the militia is eliminated, the Jihadi retreats.
    play(&mut s, &[attack_on(&["B"], "samara", "kinetic"), Command::from(DiCommand::NetwarPoints { subtract: false }), Command::PickUnits { units: vec!["M".into()] }]);
    let Some(Prompt::Retreat { options, .. }) = s.state(None).prompt else { panic!("retreat") };
    let (_, to) = &options[0];
    assert!(to.contains(&"kurdistan_south".to_string()) && to.contains(&"al_qaim".to_string()) && to.contains(&"green_zone".to_string()), "{to:?}");
    assert!(!to.iter().any(|t| ["tikrit", "fallujah", "baghdad_west", "baghdad_east"].contains(&t.as_str())), "{to:?}");
}

#[test]
fn rule_7_31_a_unit_changes_level_only_with_counters_of_its_own_type() {
    // Every MNF heavy BCT level-2 counter in play: a level-1 BCT cannot rise, though IG division
    // level-2 counters are free (an MNF unit never takes an IG counter).
    let mix = (
        r#"(unit_type: "mnf_bct", level: Some(1), count: 13), (unit_type: "mnf_bct", level: Some(2), count: 6),"#,
        r#"(unit_type: "mnf_bct", level: Some(1), count: 13), (unit_type: "mnf_bct", level: Some(2), count: 1),"#,
    );
    let mut s = with_units_edited(&[("B1", "mnf_bct", "tikrit", 1), ("B2", "mnf_bct", "tikrit", 2)], &[], &[mix]);
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let t = units.get("B1").expect("B1").type_index;
    assert_eq!(change_level(&game, &units, "B1", t, 1, 1), LevelChange::Same);
    assert!(sandtable::rules::levels::free_at(&game, &units, game.scenario.unit_types.iter().position(|u| u.id == "ig_division").expect("ig"), 2, ""));
}

#[test]
fn rule_23_3_a_base_lets_the_attacker_choose_who_attacks_and_bases_need_not() {
    let units = [("F", "mnf_fob", "tikrit", 1), ("B1", "mnf_bct", "tikrit", 1), ("B2", "mnf_bct", "tikrit", 1), ("M", "ins_militia", "tikrit", 1)];
    let mut s = ci_conflict(&units, &[1]);
    // No obligation: the phase may end at once.
    assert!(s.legal_commands().contains(&Command::EndPhase));
    // Any group may attack, the base staying out.
    assert!(s.legal_commands().contains(&attack_on(&["B1"], "tikrit", "civic_action")));
    play(&mut s, &[attack_on(&["B1"], "tikrit", "civic_action")]);
    assert!(log_has(&mut s, "4 vs 1 on Civic Action"), "only B1 attacks");
}

#[test]
fn rule_14_4_4_each_district_is_finished_before_the_next_and_never_reopened() {
    // Tikrit: 6 against 1 on the Kinetic table, a 4 is VE and clears the open; Samara: a 1 on
    // the Guerrilla table at 4-1 is DR1.
    let mut s = ci_conflict(
        &[
            ("B", "mnf_bct", "tikrit", 2),
            ("M", "ins_militia", "tikrit", 1),
            ("U", "ins_militia", "tikrit/infra1", 1),
            ("C", "mnf_bct", "samara", 2),
            ("N", "ins_militia", "samara", 1),
        ],
        &[4, 1],
    );
    play(&mut s, &[attack_on(&["B"], "tikrit", "kinetic"), Command::from(DiCommand::NetwarPoints { subtract: false })]);
    assert_eq!(location(&mut s, "M"), "available");
    // Tikrit's box could be attacked now (15.1); the CI goes to Samara instead.
    assert!(s.legal_commands().contains(&attack_on(&["B"], "tikrit", "guerrilla")));
    play(&mut s, &[attack_on(&["C"], "samara", "guerrilla"), Command::from(DiCommand::NetwarPoints { subtract: false })]);
    let e = s.apply(attack_on(&["B"], "tikrit", "guerrilla")).expect_err("Tikrit is over");
    assert!(e.contains("over for this phase"), "{e}");
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::Attack { target, .. } if target == "tikrit")));
}

/// DI 23.1: a FOB never moves once placed. It may join an attack on an infra box (23.3), but when
/// the conflict empties the box only the other attackers are offered the advance (15.2), and an
/// advance naming the FOB is refused.
#[test]
fn rule_23_1_a_fob_that_attacked_a_box_is_never_offered_the_advance() {
    // BCT 4 + FOB 1 against a level-1 militia in a box: 4-1 on Guerrilla; a 2 is DL3, and the
    // militia losing two levels is eliminated.
    let mut s = ci_conflict(&[("B", "mnf_bct", "samara", 1), ("F", "mnf_fob", "samara", 1), ("U", "ins_militia", "samara/infra1", 1)], &[2]);
    play(&mut s, &[attack_on(&["B", "F"], "samara/infra1", "guerrilla")]);
    assert!(log_has(&mut s, "5 vs 1 on Guerrilla, column 4-1: rolled 2"));
    play(&mut s, &[Command::from(DiCommand::NetwarPoints { subtract: false })]);
    assert_eq!(location(&mut s, "U"), "available");
    let Some(Prompt::Advance { units, .. }) = s.state(None).prompt else { panic!("the advance into the emptied box") };
    assert_eq!(units, vec!["B".to_string()], "the FOB is not offered");
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::Advance { units } if units.iter().any(|u| u == "F"))));
    let e = s.apply(Command::Advance { units: vec!["F".into()] }).expect_err("a FOB never moves");
    assert!(e.contains("`F` may not advance"), "{e}");
    play(&mut s, &[Command::Advance { units: vec!["B".into()] }]);
    assert_eq!((location(&mut s, "B"), location(&mut s, "F")), ("samara/infra1".to_string(), "samara".to_string()));
}

/// DI 23.1: a FOB is never carried (27.5) either, even where the data would let a carrier take it.
#[test]
fn rule_23_1_a_fob_is_never_carried() {
    let edits = [
        ("passengers: [\"mnf_prt\", \"mnf_contractor\"]),\n            (option: \"riverine\"", "passengers: [\"mnf_prt\", \"mnf_contractor\", \"mnf_fob\"]),\n            (option: \"riverine\""),
        ("(id: \"airmobile_transport\", rule: Some(\"27.5\"), name: \"Airmobile transport\",", "(id: \"airmobile_transport\", rule: Some(\"27.5\"), name: \"Airmobile transport\", default: true,"),
        NO_CHAOS[0],
        NO_CHAOS[1],
    ];
    let mut s = with_units_edited(&[("F", "mnf_fob", "kuwait", 1), ("A", "mnf_airmobile", "kuwait", 1), ("P", "mnf_prt", "kuwait", 0)], &[], &edits);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    assert_eq!(s.state(None).phase, "first_movement");
    let carry = |p: &str| Command::Carry { carrier: "A".into(), passenger: p.into(), to: "basrah".into() };
    let legal = s.legal_commands();
    assert!(legal.iter().any(|c| matches!(c, Command::Carry { passenger, .. } if passenger == "P")), "the PRT may be carried: {legal:?}");
    assert!(!legal.iter().any(|c| matches!(c, Command::Carry { passenger, .. } if passenger == "F")), "{legal:?}");
    let e = s.apply(carry("F")).expect_err("a FOB never moves");
    assert!(e.contains("`F` never moves once placed (23.1)"), "{e}");
    assert_eq!(location(&mut s, "F"), "kuwait");
}

/// Undo's barrier tells the truth: declaring a Kinetic attack that stops at the airstrike offer
/// rolls nothing and reveals nothing, so the declaration may still be taken back; once the die
/// is rolled, undo is refused and says which command rolled.
#[test]
fn undo_barrier_a_declaration_stopped_at_the_airstrike_offer_rolled_nothing_and_may_be_undone() {
    let units = [("B", "mnf_bct", "green_zone", 1), ("M1", "ins_militia", "green_zone", 2), ("M2", "ins_militia", "green_zone", 2)];
    let mut s = ci_conflict(&units, &[1]);
    let t = s.game().track_index("ci_airstrikes").expect("track");
    s.world.resource_mut::<sandtable::model::Tracks>().0[t] = 2;
    let rolls = s.world.resource::<sandtable::model::dice::Dice>().rolls.len();
    play(&mut s, &[attack_on(&["B"], "green_zone", "kinetic")]);
    assert!(crate::it::netwar_conflict::di_airstrike(&mut s).is_some(), "the airstrike offer waits");
    assert_eq!(s.world.resource::<sandtable::model::dice::Dice>().rolls.len(), rolls, "no die rolled yet");
    assert_eq!(s.undo_refusal(0), None, "nothing rolled, nothing revealed");
    play(&mut s, &[Command::from(DiCommand::Airstrike { column: None })]);
    let why = s.undo_refusal(0).expect("the roll is a barrier");
    assert!(why.contains("rolled the dice") && why.contains("no airstrike"), "{why}");
    // Undo the declaration in a fresh game: back to the conflict phase with nothing declared.
    let mut s = ci_conflict(&units, &[1]);
    s.world.resource_mut::<sandtable::model::Tracks>().0[t] = 2;
    play(&mut s, &[attack_on(&["B"], "green_zone", "kinetic")]);
    s.undo().expect("the declaration is undone");
    assert!(s.state(None).prompt.is_none());
    assert_eq!(s.state(None).phase, "first_conflict");
}

/// The side and the points question open now, if one is.
pub(crate) fn di_points(s: &mut Session) -> Option<(String, DiPrompt)> {
    match s.state(None).prompt {
        Some(Prompt::Game { side, prompt }) => prompt.get::<DiPrompt>().filter(|p| matches!(p, DiPrompt::NetwarPoints { .. })).map(|p| (side, p.clone())),
        _ => None,
    }
}

/// The side and the airstrike offer open now, if one is.
pub(crate) fn di_airstrike(s: &mut Session) -> Option<(String, DiPrompt)> {
    match s.state(None).prompt {
        Some(Prompt::Game { side, prompt }) => prompt.get::<DiPrompt>().filter(|p| matches!(p, DiPrompt::Airstrike { .. })).map(|p| (side, p.clone())),
        _ => None,
    }
}

/// Prompt ownership: a question several procedures ask names who asked it, and only that
/// procedure takes the answer (the conflict's eliminations here, never the chaos answers).
#[test]
fn prompt_ownership_a_shared_kind_of_question_names_the_procedure_that_asked_it() {
    let mut s = ci_conflict(&[("B", "mnf_bct", "tikrit", 3), ("M1", "ins_militia", "tikrit", 1), ("M2", "ins_militia", "tikrit", 1), ("M3", "ins_militia", "tikrit", 1)], &[3]);
    play(&mut s, &[attack_on(&["B"], "tikrit", "kinetic"), Command::from(DiCommand::NetwarPoints { subtract: false })]);
    let Some(Prompt::PickUnits { by, .. }) = s.state(None).prompt else { panic!("eliminations") };
    assert_eq!(by, sandtable::games::decision_iraq::conflict::ASKER);
    assert_ne!(by, sandtable::games::decision_iraq::chaos::ASKER);
    // The same question, said to come from the chaos table, is taken by no rule and refused.
    let asked = s.world.resource::<sandtable::model::PendingPrompt>().0.clone();
    if let Some(Prompt::PickUnits { side, units, count, what, rule, .. }) = asked {
        let chaos = Prompt::PickUnits { side, units, count, what, rule, by: sandtable::games::decision_iraq::chaos::ASKER.into() };
        s.world.resource_mut::<sandtable::model::PendingPrompt>().0 = Some(chaos);
    }
    let e = s.apply(Command::PickUnits { units: vec!["M1".into(), "M2".into()] }).expect_err("the chaos has nothing to eliminate");
    assert!(e.contains("no rule takes"), "{e}");
}
