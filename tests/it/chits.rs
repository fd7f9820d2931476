//! Decision: Iraq Netwar chits (20, 25, 6.8): hidden hands, purchases, Tactical Edge before the
//! roll, InfoWar on the points, ISR, Leader Node, and the Black Ops/Fatwa cancel chain.

use sandtable::games::decision_iraq::vocabulary::{DiCommand, DiPrompt};
use sandtable::model::Pools;
use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{deal, location, log_has, play, session};
use crate::it::decision_iraq::{NO_CHAOS, with_units_edited};


fn cups_hold(s: &mut Session, chit: &str) -> bool {
    s.world.resource::<Pools>().cups.iter().any(|c| c.iter().any(|x| x == chit))
}


fn attack_on(attackers: &[&str], target: &str, table: &str) -> Command {
    Command::Attack { attackers: attackers.iter().map(|a| (*a).into()).collect(), target: target.into(), table: Some(table.into()), supports: vec![], declare: None }
}

fn ci_conflict(units: &[(&str, &str, &str, u32)], dice: &[u32]) -> Session {
    let mut s = with_units_edited(units, dice, &NO_CHAOS);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }, Command::EndPhase]);
    s
}

fn play_chit(chit: &str) -> Command {
    Command::PlayChit { chit: chit.into(), target: None }
}

#[test]
fn rule_20_5_tactical_edge_doubles_the_players_units_before_the_roll() {
    let mut s = ci_conflict(&[("B", "mnf_bct", "tikrit", 1), ("M1", "ins_militia", "tikrit", 2), ("M2", "ins_militia", "tikrit", 2)], &[1]);
    deal(&mut s, 0, "ci_tactical_edge#1");
    play(&mut s, &[attack_on(&["B"], "tikrit", "guerrilla")]);
    let Some(Prompt::React { side, chits, .. }) = s.state(None).prompt else { panic!("offered before the roll") };
    assert_eq!((side.as_str(), chits[0].0.as_str()), ("ci", "ci_tactical_edge#1"));
    // The enemy sees neither the offer nor the hand.
    assert!(s.state(Some(1)).prompt.is_none());
    assert_eq!(s.state(Some(1)).hands["ci"], ["hidden"]);
    play(&mut s, &[play_chit("ci_tactical_edge#1")]);
    assert!(log_has(&mut s, "conflict in tikrit: 8 vs 4 on Guerrilla, column 2-1: rolled 1"));
    assert!(cups_hold(&mut s, "ci_tactical_edge#1"), "20.5: back to the owner's pool");
}

#[test]
fn rule_20_5_black_ops_cancelled_by_fatwa_lets_the_tactical_edge_stand() {
    // The reference's case 14: the Insurgent plays Tactical Edge, the CI cancels with Black Ops,
    // the Insurgent cancels that with Fatwa: the Tactical Edge takes effect.
    let mut s = ci_conflict(&[("B", "mnf_bct", "tikrit", 2), ("M1", "ins_militia", "tikrit", 2), ("M2", "ins_militia", "tikrit", 2)], &[1]);
    deal(&mut s, 0, "black_ops#1");
    deal(&mut s, 1, "ins_tactical_edge#1");
    deal(&mut s, 1, "fatwa#1");
    play(&mut s, &[attack_on(&["B"], "tikrit", "guerrilla")]);
    // The CI holds a chit, so it is offered Tactical Edge first, with nothing to play.
    let Some(Prompt::React { side, chits, .. }) = s.state(None).prompt else { panic!("the attacker is offered") };
    assert_eq!((side.as_str(), chits.len()), ("ci", 0));
    play(&mut s, &[Command::Pass]);
    let Some(Prompt::React { side, .. }) = s.state(None).prompt else { panic!("the defender is offered") };
    assert_eq!(side, "ins");
    play(&mut s, &[play_chit("ins_tactical_edge#1")]);
    let Some(Prompt::React { side, chits, moment }) = s.state(None).prompt else { panic!("a cancel is offered") };
    assert_eq!((side.as_str(), chits[0].0.as_str()), ("ci", "black_ops#1"), "{moment}");
    play(&mut s, &[play_chit("black_ops#1")]);
    let Some(Prompt::React { side, chits, .. }) = s.state(None).prompt else { panic!("a counter-cancel is offered") };
    assert_eq!((side.as_str(), chits[0].0.as_str()), ("ins", "fatwa#1"));
    play(&mut s, &[play_chit("fatwa#1")]);
    assert!(log_has(&mut s, "ins's Tactical Edge takes effect"));
    assert!(log_has(&mut s, "conflict in tikrit: 6 vs 8 on Guerrilla, column <1-1"));
    for c in ["ins_tactical_edge#1", "black_ops#1", "fatwa#1"] {
        assert!(cups_hold(&mut s, c), "{c} is back in its pool");
    }
    // Without the Fatwa the Black Ops cancels it.
    let mut s = ci_conflict(&[("B", "mnf_bct", "tikrit", 2), ("M1", "ins_militia", "tikrit", 2), ("M2", "ins_militia", "tikrit", 2)], &[1]);
    deal(&mut s, 0, "black_ops#1");
    deal(&mut s, 1, "ins_tactical_edge#1");
    play(&mut s, &[attack_on(&["B"], "tikrit", "guerrilla"), Command::Pass, play_chit("ins_tactical_edge#1"), play_chit("black_ops#1")]);
    assert!(log_has(&mut s, "ins's Tactical Edge is cancelled"));
    assert!(log_has(&mut s, "conflict in tikrit: 6 vs 4 on Guerrilla, column 1-1"));
}

#[test]
fn rule_20_5_infowar_with_a_x2_result_makes_x3_the_worked_case_of_baghdad_west() {
    // 8 against 1 is 4-1; a 4 on the Kinetic table is VE (x2). InfoWar adds a doubling: x3.
    let mut s = ci_conflict(&[("B", "mnf_bct", "baghdad_west", 3), ("M", "ins_militia", "baghdad_west", 1)], &[4]);
    deal(&mut s, 0, "ci_info_war#1");
    // Tactical Edge is offered first (the CI holds a chit), with nothing to play.
    play(&mut s, &[attack_on(&["B"], "baghdad_west", "kinetic"), Command::Pass]);
    let Some(Prompt::React { moment, .. }) = s.state(None).prompt else { panic!("InfoWar offered") };
    assert!(moment.contains("InfoWar"), "{moment}");
    play(&mut s, &[play_chit("ci_info_war#1")]);
    let Some((_, DiPrompt::NetwarPoints { gain, subtract, .. })) = crate::it::netwar_conflict::di_points(&mut s) else { panic!("points") };
    assert_eq!((gain, subtract), (24, 15), "C-8 x3 or I-5 x3, never x4");
    play(&mut s, &[Command::from(DiCommand::NetwarPoints { subtract: false })]);
    assert_eq!(s.state(None).tracks["ci_ni"], 54);
    assert_eq!(location(&mut s, "M"), "available", "VE eliminates every defender");
}

#[test]
fn rule_20_5_isr_opens_a_districts_infra_boxes_to_the_kinetic_table_or_shows_the_enemy_hand() {
    let mut s = ci_conflict(&[("B", "mnf_bct", "tikrit", 1), ("U", "ins_militia", "tikrit/infra1", 1)], &[6]);
    deal(&mut s, 0, "ci_isr#1");
    deal(&mut s, 0, "ci_isr#2");
    deal(&mut s, 1, "fatwa#1");
    deal(&mut s, 1, "ins_info_war#1");
    assert!(s.apply(attack_on(&["B"], "tikrit", "kinetic")).is_err(), "15.2");
    // The Insurgent may cancel it: it passes.
    play(&mut s, &[Command::PlayChit { chit: "ci_isr#1".into(), target: Some("tikrit".into()) }, Command::Pass]);
    assert!(s.legal_commands().contains(&attack_on(&["B"], "tikrit", "kinetic")));
    play(&mut s, &[Command::PlayChit { chit: "ci_isr#2".into(), target: Some("hand".into()) }, Command::Pass]);
    assert!(log_has(&mut s, "ci looks at ins's chits: Fatwa, InfoWar (ISR)"));
    // ISR is an own-conflict-phase chit: not in a movement phase.
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(s.state(None).phase, "second_movement");
    deal(&mut s, 1, "ins_isr#1");
    let e = s.apply(Command::PlayChit { chit: "ins_isr#1".into(), target: Some("hand".into()) }).expect_err("not in a movement phase");
    assert!(e.contains("owner's conflict phase"), "{e}");
}

#[test]
fn rule_12_10_chits_are_bought_in_mobilization_and_3_3_the_insurgent_starts_with_three_hidden() {
    let mut s = session("scenarios/decision_iraq.ron", 7, &[]);
    let st = s.state(Some(0));
    assert_eq!(st.hands["ins"], ["hidden", "hidden", "hidden"], "25.2: the CI sees only that there are three");
    assert_eq!(s.state(Some(1)).hands["ins"].len(), 3);
    assert!(!s.state(Some(1)).hands["ins"].contains(&"hidden".to_string()));
    // Mobilization: 2004A, the CI first.
    let mut s = with_units_edited(&[], &[], &NO_CHAOS);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    while s.state(None).turn != "2004A" {
        play(&mut s, &[Command::EndPhase]);
    }
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }, Command::BuyChit]);
    let st = s.state(None);
    assert_eq!((st.tracks["ci_ni"], st.hands["ci"].len()), (26, 1), "a chit costs the CI 4");
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase, Command::BuyChit]);
    let st = s.state(None);
    assert_eq!((st.tracks["ins_ni"], st.hands["ins"].len()), (67, 1), "and the Insurgent 3");
}

#[test]
fn rule_20_5_leader_node_raises_a_unit_or_places_a_militia_where_one_could_set_up() {
    // Both Tikrit boxes: the Insurgent controls it, so no attrition on the way to 2004A.
    let mut s = with_units_edited(&[("M", "ins_militia", "tikrit/infra1", 1), ("N", "ins_militia", "tikrit/infra2", 1)], &[], &NO_CHAOS);
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }]);
    while s.state(None).turn != "2004A" {
        play(&mut s, &[Command::EndPhase]);
    }
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }]);
    assert_eq!(s.state(None).phase, "first_mobilization");
    deal(&mut s, 1, "ins_leader_node#1");
    deal(&mut s, 1, "ins_leader_node#2");
    // Two copies of one chit type: the list names the first only (copies are interchangeable).
    let legal = s.legal_commands();
    let plays = |copy: &str| legal.iter().filter(|c| matches!(c, Command::PlayChit { chit, .. } if &**chit == copy)).count();
    assert!(plays("ins_leader_node#1") > 0);
    assert_eq!(plays("ins_leader_node#2"), 0);
    play(&mut s, &[Command::PlayChit { chit: "ins_leader_node#1".into(), target: Some("M".into()) }]);
    assert_eq!(s.state(None).units.iter().find(|u| u.id == "M").map(|u| u.level), Some(2));
    // The legal list names the places a militia may go, as the play checks them.
    let legal = s.legal_commands();
    let listed = |t: &str| legal.contains(&Command::PlayChit { chit: "ins_leader_node#2".into(), target: Some(t.into()) });
    assert!(listed("basrah/infra2"), "an empty box of a militia district");
    assert!(!listed("kurdistan_north"), "no militia could have been set up there");
    assert!(!listed("tikrit/infra1"), "a box with a unit in it");
    assert!(listed("M"), "a unit of the side that can rise a level");
    let e = s.apply(Command::PlayChit { chit: "ins_leader_node#2".into(), target: Some("kurdistan_north".into()) }).expect_err("no Iraqi militia set up there");
    assert!(e.contains("could not have been set up"), "{e}");
    play(&mut s, &[Command::PlayChit { chit: "ins_leader_node#2".into(), target: Some("basrah/infra2".into()) }]);
    assert!(s.state(None).units.iter().any(|u| u.unit_type == "ins_militia" && u.location == "basrah/infra2" && u.level == 1));
}

/// 20.5 and hidden information: the Tactical Edge window before the roll opens for a side that
/// holds any chit, whatever the chit, so its appearing (and the hand-off before it) tells the
/// enemy nothing it cannot see already; a side with an empty hand is not asked.
#[test]
fn rule_20_5_the_tactical_edge_window_opens_whenever_the_side_holds_any_chit_never_on_what_it_holds() {
    let offer = |chit: Option<&str>| {
        let mut s = ci_conflict(&[("B", "mnf_bct", "tikrit", 1), ("M1", "ins_militia", "tikrit", 2)], &[1]);
        if let Some(c) = chit {
            deal(&mut s, 1, c);
        }
        play(&mut s, &[attack_on(&["B"], "tikrit", "guerrilla")]);
        match s.state(None).prompt {
            Some(Prompt::React { side, chits, .. }) => Some((side, chits.into_iter().map(|(c, _)| c).collect::<Vec<_>>())),
            _ => None,
        }
    };
    assert_eq!(offer(Some("ins_tactical_edge#1")), Some(("ins".to_string(), vec!["ins_tactical_edge#1".to_string()])));
    assert_eq!(offer(Some("fatwa#1")), Some(("ins".to_string(), vec![])), "offered all the same, nothing to play");
    assert_eq!(offer(None), None, "an empty hand is seen by both sides: no window");
}
