//! The tutorial scenario's own procedures (other-seeds 5.7.9 landing, 5.8 chits, 5.9 victory)
//! on the shipped `scenarios/salt_river_line.ron`, with its sequence of play.

use sandtable::model::{Control, Tracks};
use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{location, play, root, session_from_text_with};

const FILE: &str = "scenarios/salt_river_line.ron";

/// The tutorial with text replacements (each must match once or more) and forced dice.
fn tutorial(replacements: &[(&str, &str)], dice: &[u32]) -> Session {
    let mut text = std::fs::read_to_string(root().join(FILE)).expect("read");
    for (a, b) in replacements {
        assert!(text.contains(a), "replacement target not found: {a}");
        text = text.replace(a, b);
    }
    session_from_text_with(&text, 1, dice)
}

/// The landing window opened from turn 2 (and its waves with it), for short tests.
const EARLY_LANDING: [(&str, &str); 2] = [("turns: (5, 7)", "turns: (2, 7)"), ("(turn: 5, side: \"su\", declaration", "(turn: 2, side: \"su\", declaration")];

fn prompt(s: &mut Session) -> Option<Prompt> {
    s.state(None).prompt
}

fn track(s: &Session, id: &str) -> i32 {
    let i = s.game().track_index(id).expect("track");
    s.world.resource::<Tracks>().0[i]
}

/// Ends phases (answering interdiction prompts with the first legal placement, passing on
/// reaction offers and opting out of forced operations) until `stop`.
fn end_phases_until(s: &mut Session, stop: impl Fn(&mut Session) -> bool) {
    for _ in 0..500 {
        if stop(s) || s.is_over() {
            return;
        }
        let legal = s.legal_commands();
        let c = if legal.contains(&Command::EndPhase) {
            Command::EndPhase
        } else if legal.contains(&Command::Pass) {
            Command::Pass
        } else if legal.contains(&Command::OptOut) {
            Command::OptOut
        } else {
            legal.iter().find(|c| matches!(c, Command::PlaceMarkers { .. })).cloned().unwrap_or_else(|| panic!("only marker prompts are answered here: {:?} {legal:?}", s.state(None).prompt))
        };
        s.apply(c).expect("accepted");
    }
    panic!("the stop condition never held");
}

fn declare_prompt(s: &mut Session) -> bool {
    matches!(prompt(s), Some(Prompt::Declare { .. }))
}

#[test]
fn rule_5_7_9_landing_switches_first_player_and_lands_wave_1_with_the_beachhead() {
    let mut s = tutorial(&EARLY_LANDING, &[]);
    end_phases_until(&mut s, declare_prompt);
    assert_eq!(s.state(None).turn, "2");
    play(&mut s, &[Command::Declare { id: "landing".into(), declare: true }]);
    // The NA decides whether the Coastal Flotilla intercepts.
    assert!(matches!(prompt(&mut s), Some(Prompt::Declare { side, id, .. }) if side == "na" && id == "intercept"));
    play(&mut s, &[Command::Declare { id: "intercept".into(), declare: false }]);
    // The Event phase follows, then the Union, now first player, lands.
    end_phases_until(&mut s, |s| s.state(None).phase == "first_landing");
    assert_eq!(s.state(None).active_side.as_deref(), Some("su"));
    play(&mut s, &[Command::Enter { unit: "SU-Mar1".into(), at: "0203".into() }, Command::Enter { unit: "SU-Mar2".into(), at: "0204".into() }]);
    let st = s.state(None);
    assert_eq!(st.source_markers, vec![(3, "0203".to_string())], "the Beachhead stands where the first marine landed");
    // Wave 1 may not move in the declaration turn.
    end_phases_until(&mut s, |s| s.state(None).phase == "first_movement");
    let err = s.apply(crate::common::mv("SU-Mar1", "0303")).expect_err("landed units stay");
    assert!(err.contains("landed this turn"), "{err}");
    // Wave 2 lands in the breakthrough movement phase as reserve, with one MP spent.
    end_phases_until(&mut s, |s| s.state(None).phase == "first_breakthrough");
    play(&mut s, &[Command::Enter { unit: "SU-MTk".into(), at: "0203".into() }]);
    let units = sandtable::model::view::UnitsView::from_world(&mut s.world);
    let tank = units.get("SU-MTk").expect("unit");
    assert!(tank.activity.reserve, "wave 2 is reserve");
    assert_eq!(tank.activity.mp_used, 1, "wave 2 moves with MA - 1");
    // The marines are in supply through the Beachhead (a Union source since the landing).
    let supply = sandtable::rules::supply::side_supply(s.game(), &units, s.world.resource::<Control>(), 1);
    assert!(supply.iter().any(|(id, ok)| id == "SU-Mar1" && *ok));
}

#[test]
fn rule_5_7_9_interception_roll_of_1_costs_a_marine_a_step_and_the_penalty_comes_at_the_end() {
    // Flotilla roll 1: SU-Mar1 loses a step.
    let mut s = tutorial(&EARLY_LANDING, &[1]);
    end_phases_until(&mut s, declare_prompt);
    play(&mut s, &[Command::Declare { id: "landing".into(), declare: true }, Command::Declare { id: "intercept".into(), declare: true }]);
    let st = s.state(None);
    let mar1 = st.units.iter().find(|u| u.id == "SU-Mar1").expect("unit");
    assert_eq!(mar1.level, 1, "one step lost");
    assert_eq!(st.responded, vec!["intercept".to_string()]);
    assert_eq!(track(&s, "penalty"), 0, "the penalty is rolled at final determination only");
}

#[test]
fn rule_5_7_9_flotilla_sunk_on_5_or_6_gives_u_2_and_url_1() {
    let mut s = tutorial(&EARLY_LANDING, &[6]);
    end_phases_until(&mut s, declare_prompt);
    let (u, url) = (track(&s, "U"), track(&s, "URL"));
    play(&mut s, &[Command::Declare { id: "landing".into(), declare: true }, Command::Declare { id: "intercept".into(), declare: true }]);
    assert_eq!((track(&s, "U"), track(&s, "URL")), (u + 2, url + 1));
}

#[test]
fn rule_5_8_u6_government_crisis_forbids_the_landing_at_the_next_turn_start() {
    // As if U6 had been drawn on turn 1: the countdown stands at 1 when turn 2 begins.
    let mut s = tutorial(&[EARLY_LANDING[0], EARLY_LANDING[1], ("start: 0, floor: 0, cap: 2, countdown: true", "start: 2, floor: 0, cap: 2, countdown: true")], &[]);
    end_phases_until(&mut s, |s| s.state(None).turn == "2");
    assert!(!declare_prompt(&mut s), "no landing on the turn after the crisis");
    assert_eq!(track(&s, "crisis"), 1);
    end_phases_until(&mut s, |s| s.state(None).turn == "3" || declare_prompt(s));
    assert!(declare_prompt(&mut s), "the landing may be declared again a turn later");
}

#[test]
fn rule_5_8_n3_fuel_shortage_bars_na_reserves_for_the_turn() {
    // As if N3 had been drawn this turn (and with N3 drawing nothing later, so the turn-2 draw
    // cannot set it again).
    let mut s = tutorial(
        &[
            ("start: 0, floor: 0, cap: 1, countdown: true", "start: 1, floor: 0, cap: 1, countdown: true"),
            ("effects: [AdjustTrack(track: \"fuel\", amount: Fixed(1))]", "effects: [NoEffect]"),
        ],
        &[],
    );
    end_phases_until(&mut s, |s| s.state(None).phase == "first_movement" && s.state(None).prompt.is_none());
    let err = s.apply(Command::Reserve { unit: "NA-1Pz".into() }).expect_err("no reserves under Fuel Shortage");
    assert!(err.contains("cap") || err.contains("reserve"), "{err}");
    end_phases_until(&mut s, |s| s.state(None).turn == "2");
    assert_eq!(track(&s, "fuel"), 0, "the shortage lasts one turn");
}

#[test]
fn rule_5_9_ns_takes_min_s_p_and_the_landing_penalty_lowers_u() {
    use sandtable::rules::victory::condition_holds;
    let mut s = tutorial(&[], &[]);
    let game = s.game().clone();
    let minor = &game.scenario.victory.conditions[1];
    let set = |s: &mut Session, p: i32, sv: i32, u: i32, pen: i32| {
        for (id, v) in [("P", p), ("S", sv), ("U", u), ("penalty", pen)] {
            let i = game.track_index(id).expect("track");
            s.world.resource_mut::<Tracks>().0[i] = v;
        }
        let units = sandtable::model::view::UnitsView::from_world(&mut s.world);
        let control = s.world.resource::<Control>().clone();
        let tracks = s.world.resource::<Tracks>().clone();
        condition_holds(&game, &control, &tracks, &units, 8, minor)
    };
    // 10 + min(4, 10) - 3 = 11: short of 12.
    assert!(!set(&mut s, 10, 4, 3, 0));
    // S above P counts only up to P: 5 + min(9, 5) - 0 = 10.
    assert!(!set(&mut s, 5, 9, 0, 0));
    // A penalty of 2 lowers U to 1: 10 + 4 - 1 = 13.
    assert!(set(&mut s, 10, 4, 3, 2));
    // U never goes below 0: 8 + 4 - max(1 - 6, 0) = 12.
    assert!(set(&mut s, 8, 4, 1, 6));
}

#[test]
fn rule_5_9_doctrine_sudden_death_ends_a_passive_na_game_after_turn_3() {
    let mut s = tutorial(&[], &[]);
    end_phases_until(&mut s, |s| s.is_over());
    let st = s.state(None);
    let r = st.result.expect("result");
    assert_eq!(r.level, "su_doctrine");
    assert_eq!(st.turn, "4", "the game ended as turn 3 ended: {r:?}");
    let log = s.world.resource::<sandtable::model::log::GameLog>();
    assert!(log.0.iter().any(|e| e.text.contains("sudden death at the end of turn 3: 0 Lt 3")));
}

#[test]
fn rule_5_4_union_reserve_draws_two_of_three_face_down_into_the_merrow_box() {
    // Keep the NA alive past turn 3: enough line points on the track from the start.
    let mut s = tutorial(&[("(id: \"P\", name: \"NA line points (P)\", side: Some(\"na\"), start: 0", "(id: \"P\", name: \"NA line points (P)\", side: Some(\"na\"), start: 9")], &[]);
    end_phases_until(&mut s, |s| s.state(None).phase == "second_reinforcement");
    let st = s.state(Some(0));
    let out: Vec<_> = ["SU-7", "SU-M3", "SU-AT2"].iter().map(|id| location(&mut s, id)).collect();
    assert_eq!(out.iter().filter(|l| *l == "out of play").count(), 1, "{out:?}");
    // The NA sees face-down counters only: the two militia and the whole reserve cup (it learns
    // neither which two came nor which stayed out).
    assert_eq!(st.units.iter().filter(|u| u.id.starts_with("hidden")).count(), 5);
    assert!(st.units.iter().all(|u| !["SU-7", "SU-M3", "SU-AT2"].contains(&u.id.as_str())));
    let legal = s.legal_commands();
    assert!(legal.iter().any(|c| matches!(c, Command::Enter { at, .. } if at == "merrow_box")));
}

#[test]
fn salt_river_line_checks_clean_and_random_games_keep_the_invariants() {
    let loaded = crate::common::load(FILE);
    assert_eq!(loaded.scenario.id, "salt_river_line");
    for seed in 0..2 {
        let mut s = crate::common::session(FILE, seed, &[]);
        crate::common::play_random_checked(&mut s, seed, 20_000);
    }
}

/// Puts a chit straight into a side's hand (as if drawn earlier).
fn give(s: &mut Session, side: usize, chit: &str) {
    let mut pools = s.world.resource_mut::<sandtable::model::Pools>();
    pools.hands[side].push(chit.to_string());
    pools.hands[side].sort();
}

fn react_offer(s: &mut Session) -> Vec<(String, Vec<String>)> {
    match prompt(s) {
        Some(Prompt::React { chits, .. }) => chits,
        other => panic!("expected a reaction offer, got {other:?}"),
    }
}

#[test]
fn rule_5_8_u2_bridge_demolition_makes_the_road_pay_the_river() {
    use sandtable::rules::movement::edge_cost;
    let mut s = tutorial_with_hand(&[], &[], 1, "U2");
    let offer = react_offer(&mut s);
    assert_eq!(offer, vec![("U2".to_string(), vec!["0605-0606".to_string(), "0205-0206".to_string(), "0905-0906".to_string()])]);
    let game = s.game().clone();
    let (a, b) = (game.board.space("0605").expect("hex"), game.board.space("0606").expect("hex"));
    let edge = *game.board.edge(a, b).expect("adjacent");
    let cost = |s: &Session| {
        let c = s.world.resource::<Control>();
        edge_cost(&game, a, &edge, game.board.move_class("mech"), 8, &c.interdicted, &c.demolished)
    };
    assert_eq!(cost(&s), Some(1), "the bridge ignores the river");
    play(&mut s, &[Command::PlayChit { chit: "U2".into(), target: Some("0605-0606".into()) }]);
    assert_eq!(cost(&s), Some(2), "road 1 + river 1 once the bridge is down");
    assert!(matches!(prompt(&mut s), Some(Prompt::PlaceMarkers { count: 1, .. })), "then the interdiction markers");
    assert!(s.state(None).demolished.contains(&"0605-0606".to_string()));
}

/// The tutorial with replacements, and a chit in a side's hand from the start (the start-of-
/// phase offers of turn 1 are made again once it is there).
fn tutorial_with_hand(replacements: &[(&str, &str)], dice: &[u32], side: usize, chit: &str) -> Session {
    let mut text = std::fs::read_to_string(root().join(FILE)).expect("read");
    for (a, b) in replacements {
        assert!(text.contains(a), "replacement target not found: {a}");
        text = text.replace(a, b);
    }
    // Hands start empty; a turn-1 draw is the only way in, so the test adds the chit and
    // restarts the phase-start hooks as a new session would run them.
    let mut s = crate::common::session_from_text_with(&text, 1, dice);
    give(&mut s, side, chit);
    s.world.resource_mut::<sandtable::model::PendingPrompt>().0 = None;
    s.world.resource_mut::<sandtable::model::Outcome>().phase_started = true;
    sandtable::rules::run(&mut s.world);
    std::mem::take(&mut *s.world.resource_mut::<sandtable::model::Outcome>());
    s
}

#[test]
fn rule_5_8_u5_air_interdiction_surge_adds_a_marker_to_the_placement() {
    let mut s = tutorial_with_hand(&[], &[], 1, "U5");
    assert_eq!(react_offer(&mut s), vec![("U5".to_string(), vec![])]);
    play(&mut s, &[Command::PlayChit { chit: "U5".into(), target: None }]);
    assert!(matches!(prompt(&mut s), Some(Prompt::PlaceMarkers { count: 2, .. })), "1 marker + 1 from U5");
    assert!(s.state(Some(1)).hands["su"].is_empty(), "the chit is spent");
}

#[test]
fn rule_5_8_reaction_chits_are_played_only_when_offered() {
    let mut s = tutorial_with_hand(&[], &[], 1, "U5");
    play(&mut s, &[Command::Pass]);
    assert!(matches!(prompt(&mut s), Some(Prompt::PlaceMarkers { count: 1, .. })), "passing leaves the regular placement");
    let legal = s.legal_commands();
    play(&mut s, &[legal[0].clone()]);
    // In the Union's own phases U5 is not playable.
    end_phases_until(&mut s, |s| s.state(None).phase == "second_movement");
    let err = s.apply(Command::PlayChit { chit: "U5".into(), target: None }).expect_err("not offered");
    assert!(err.contains("only when it is offered"), "{err}");
}

#[test]
fn rule_5_8_n7_militia_desertion_eliminates_a_militia_next_to_an_na_unit() {
    // SU-M2 stands next to NA-11R (0305); the chit's turn window opened to turn 1 for the test
    // (in the cup from the start, so that the NA may hold it then).
    let mut s = tutorial_with_hand(
        &[
            ("(id: \"SU-M2\", unit_type: \"su_mil\", at: \"0208\"", "(id: \"SU-M2\", unit_type: \"su_mil\", at: \"0306\""),
            ("playable_if: [TurnAtLeast(4), TurnAtMost(6)]", "playable_if: [TurnAtMost(6)]"),
            ("(id: \"N7\", name: \"Militia Desertion\", added_on_turn: 4,", "(id: \"N7\", name: \"Militia Desertion\", added_on_turn: 1,"),
        ],
        &[],
        0,
        "N7",
    );
    end_phases_until(&mut s, |s| matches!(s.state(None).prompt, Some(Prompt::React { ref side, .. }) if side == "na"));
    assert_eq!(s.state(None).phase, "second_movement", "offered as the Union movement phase begins");
    assert_eq!(react_offer(&mut s), vec![("N7".to_string(), vec!["SU-M2".to_string()])]);
    play(&mut s, &[Command::PlayChit { chit: "N7".into(), target: Some("SU-M2".into()) }]);
    assert_eq!(location(&mut s, "SU-M2"), "eliminated");
    let st = s.state(Some(0));
    assert!(st.units.iter().any(|u| u.id == "SU-M2" && !u.hidden), "revealed to the NA");
}

#[test]
fn rule_5_8_u1_hold_at_all_costs_costs_an_attacking_tank_a_step() {
    // NA-2Pz and NA-2Mc attack Ferrow (SU-3 + SU-AT, 7) from 0605: 10 vs 7 is 1:1, the town and
    // the river shift it to 1:2 (clamped); a 6 gives 0/1.
    let mut s = tutorial_with_hand(&[], &[6], 1, "U1");
    // The Union holds a chit, and a Bridge Demolition (U2) could be played as the NA movement
    // phase begins: the window opens although U1 is no such chit, so that the offer says
    // nothing of the hand. The Union has nothing to play there and passes.
    assert_eq!(react_offer(&mut s), vec![], "offered with nothing to play");
    play(&mut s, &[Command::Pass]);
    let legal = s.legal_commands();
    play(&mut s, &[legal[0].clone()]);
    play(&mut s, &[crate::common::mv("NA-2Pz", "0605"), crate::common::mv("NA-2Mc", "0605"), Command::EndPhase]);
    play(&mut s, &[crate::common::attack(&["NA-2Pz", "NA-2Mc"], "0606")]);
    play(&mut s, &[Command::TakeLosses { units: vec!["SU-AT".into()], retreat: vec![], break_down: Vec::new() }]);
    assert_eq!(react_offer(&mut s), vec![("U1".to_string(), vec![])], "the Union defended a town");
    play(&mut s, &[Command::PlayChit { chit: "U1".into(), target: None }]);
    // The NA chooses, but a tank attacked: only the tank may be picked.
    match prompt(&mut s) {
        Some(Prompt::ChooseUnit { side, units, .. }) => {
            assert_eq!(side, "na");
            assert_eq!(units, vec!["NA-2Pz".to_string()]);
        }
        other => panic!("expected the NA's choice, got {other:?}"),
    }
    assert!(s.apply(Command::Choose { unit: "NA-2Mc".into() }).is_err());
    play(&mut s, &[Command::Choose { unit: "NA-2Pz".into() }]);
    let st = s.state(None);
    assert_eq!(st.units.iter().find(|u| u.id == "NA-2Pz").map(|u| u.level), Some(1));
}

/// The tutorial with a chit face down for `side` (drawn earlier), revealed at its next
/// movement phase.
fn tutorial_face_down(replacements: &[(&str, &str)], side: usize, chit: &str) -> Session {
    let mut text = std::fs::read_to_string(root().join(FILE)).expect("read");
    for (a, b) in replacements {
        assert!(text.contains(a), "replacement target not found: {a}");
        text = text.replace(a, b);
    }
    let mut s = crate::common::session_from_text_with(&text, 1, &[]);
    s.world.resource_mut::<sandtable::model::Pools>().face_down.push((side, chit.to_string()));
    s
}

fn place_first_markers(s: &mut Session) {
    let legal = s.legal_commands();
    let c = legal.into_iter().find(|c| matches!(c, Command::PlaceMarkers { .. })).expect("a marker placement");
    play(s, &[c]);
}

/// N2 with its "not on turn 2 or earlier" clause lifted, so that it can be tested on turn 1.
const N2_NOW: (&str, &str) = ("no_event: [TurnAtMost(2), TimerEnded(\"kestrel\")", "no_event: [TimerEnded(\"kestrel\")");

#[test]
fn rule_5_8_n2_relieve_the_arsenal_names_3_steps_2_mech_and_holds_them_to_the_closest_hex() {
    let mut s = tutorial_face_down(&[N2_NOW], 0, "N2");
    // Revealed once the Union's interdiction marker is down.
    place_first_markers(&mut s);
    let Some(Prompt::Obligation { candidates, demand, opt_out, .. }) = prompt(&mut s) else { panic!("N2 is revealed") };
    assert!(candidates.contains(&"NA-4Pz".to_string()) && candidates.contains(&"NA-3Mc".to_string()), "{candidates:?}");
    assert!(demand.contains("3 step(s), 2 of them mech-type"), "{demand}");
    assert_eq!(opt_out.as_deref(), Some("URL +2"));
    // One tank is 2 steps: not enough.
    let err = s.apply(Command::Comply { units: vec!["NA-4Pz".into()] }).expect_err("too few steps");
    assert!(err.contains("3 step"), "{err}");
    play(&mut s, &[Command::Comply { units: vec!["NA-4Pz".into(), "NA-4Mc".into()] }]);
    // From 0904 the closest hex to Harle it can reach in supply is 0905 (the Union ZOC stops it).
    let err = s.apply(crate::common::mv("NA-4Pz", "1004")).expect_err("not toward Harle");
    assert!(err.contains("bound by an operation toward 0907"), "{err}");
    let err = s.apply(Command::EndPhase).expect_err("the named units must move first");
    assert!(err.contains("must still move for N2"), "{err}");
    play(&mut s, &[crate::common::mv("NA-4Pz", "0905"), crate::common::mv("NA-4Mc", "0905"), Command::EndPhase]);
    assert_eq!(s.state(None).phase, "first_combat");
}

#[test]
fn rule_5_8_n2_opt_out_costs_url_2_and_ends_the_operation() {
    let mut s = tutorial_face_down(&[N2_NOW], 0, "N2");
    place_first_markers(&mut s);
    let url = track(&s, "URL");
    play(&mut s, &[Command::OptOut]);
    assert_eq!(track(&s, "URL"), url + 2);
    assert!(s.state(None).operations.is_empty());
    play(&mut s, &[Command::EndPhase]);
}

#[test]
fn rule_5_8_n2_repeats_every_na_movement_phase_until_harle_or_the_arsenal() {
    let mut s = tutorial_face_down(&[N2_NOW], 0, "N2");
    place_first_markers(&mut s);
    play(&mut s, &[Command::Comply { units: vec!["NA-4Pz".into(), "NA-4Mc".into()] }]);
    play(&mut s, &[crate::common::mv("NA-4Pz", "0905"), crate::common::mv("NA-4Mc", "0905")]);
    end_phases_until(&mut s, |s| s.state(None).turn == "2" && matches!(s.state(None).prompt, Some(Prompt::Obligation { .. })));
    assert_eq!(s.state(None).phase, "first_movement");
}

#[test]
fn rule_5_8_u3_counterattack_order_binds_two_units_near_ferrow() {
    // U3 with its "void while the Union holds Ferrow" clause lifted, for a turn-1 test.
    let mut s = tutorial_face_down(&[("no_event: [Controls(side: \"su\", space: \"0606\")]", "no_event: []")], 1, "U3");
    place_first_markers(&mut s);
    // The NA puts a stack next to Ferrow and one next to SU-5.
    play(&mut s, &[crate::common::mv("NA-2Pz", "0605"), crate::common::mv("NA-4Pz", "0905")]);
    end_phases_until(&mut s, |s| matches!(s.state(None).prompt, Some(Prompt::Obligation { .. })));
    assert_eq!(s.state(None).phase, "second_movement");
    let Some(Prompt::Obligation { side, candidates, opt_out, .. }) = prompt(&mut s) else { unreachable!() };
    assert_eq!(side, "su");
    assert!(candidates.contains(&"SU-4".to_string()) && candidates.contains(&"SU-Tk".to_string()), "{candidates:?}");
    assert_eq!(opt_out.as_deref(), Some("URL -1"));
    assert!(s.apply(Command::Comply { units: vec!["SU-4".into()] }).is_err(), "two units are needed");
    play(&mut s, &[Command::Comply { units: vec!["SU-4".into(), "SU-Tk".into()] }]);
    let units = sandtable::model::view::UnitsView::from_world(&mut s.world);
    assert!(units.get("SU-Tk").expect("unit").activity.supply_exempt, "named units may end out of supply");
    // SU-Tk (0608) must end next to Ferrow or to the NA stack next to it.
    let err = s.apply(crate::common::mv("SU-Tk", "0709")).expect_err("away from Ferrow");
    assert!(err.contains("bound by an operation toward 0606"), "{err}");
    assert!(s.apply(Command::EndPhase).is_err(), "SU-Tk still owes its move");
    play(&mut s, &[crate::common::mv("SU-Tk", "0607"), Command::EndPhase]);
    // In the combat phase a named unit may attack only in or next to Ferrow.
    let err = s.apply(crate::common::attack(&["SU-4"], "0905")).expect_err("far from Ferrow");
    assert!(err.contains("may attack only in or next to 0606"), "{err}");
}

/// Hidden information (5.8): a reaction window opens on what the enemy can see (the owner holds
/// some chit, and a reaction its cup could have dealt it could be played now), never on what the
/// hand holds: a Union holding Bridge Demolition and one holding a Quiet Front are asked alike.
#[test]
fn hidden_information_a_reaction_window_opens_the_same_whatever_the_hand_holds() {
    let mut with_u2 = tutorial_with_hand(&[], &[], 1, "U2");
    let mut with_u4 = tutorial_with_hand(&[], &[], 1, "U4");
    let (a, b) = (prompt(&mut with_u2), prompt(&mut with_u4));
    let Some(Prompt::React { side: sa, moment: ma, chits: ca }) = a else { panic!("U2 is offered: {a:?}") };
    let Some(Prompt::React { side: sb, moment: mb, chits: cb }) = b else { panic!("the window opens for U4 too: {b:?}") };
    assert_eq!((sa.as_str(), ma.as_str()), (sb.as_str(), mb.as_str()), "the same question");
    assert_eq!(ca.len(), 1, "Bridge Demolition with its bridges");
    assert!(cb.is_empty(), "nothing to play");
    // The NA, whose turn it is, sees neither the question nor the hand, only its size.
    assert!(with_u4.state(Some(0)).prompt.is_none());
    assert_eq!(with_u4.state(Some(0)).hands["su"], ["hidden"]);
    play(&mut with_u4, &[Command::Pass]);
    assert!(matches!(prompt(&mut with_u4), Some(Prompt::PlaceMarkers { .. })), "the phase goes on");
}
