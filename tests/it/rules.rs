//! Generic rules on the shipped scenarios: movement costs, ZOC, stacking, area links, combat
//! columns, victory. Each test names the rule it checks.

use sandtable::model::view::UnitsView;
use sandtable::model::{Game, TurnState};
use sandtable::rules::combat::plan_attack;
use sandtable::rules::crt::{column_label, column_probabilities, odds_column};
use sandtable::rules::movement::move_check;
use sandtable::session::Command;

use crate::common::{attack, kell, location, mv, play, session};

fn cost(s: &mut sandtable::session::Session, unit: &str, to: &str) -> Result<u32, String> {
    let units = UnitsView::from_world(&mut s.world);
    let side = s.acting_side().expect("a side acts");
    move_check(s.game(), &units, s.world.resource::<sandtable::model::Control>(), side, unit, to).map(|d| d.cost)
}

#[test]
fn movement_river_hexside_adds_one_mp() {
    let mut s = kell(&[]);
    // N-1Tk 0302 -> 0303 (1) -> 0304 across the river (1 + 1): 3 MP.
    assert_eq!(cost(&mut s, "N-1Tk", "0304"), Ok(3));
}

#[test]
fn movement_road_across_river_ignores_the_extra_mp() {
    let mut s = kell(&[]);
    // Clear the bridge: S-1Inf is at 0404, so test the road from 0303 to 0403 (road, 1 MP) and
    // N-2Inf 0402 -> 0403 -> nothing further (0404 is held). Road 0202-0303-0403 for the artillery:
    assert_eq!(cost(&mut s, "N-Art", "0403"), Ok(2), "two road hexes");
}

#[test]
fn movement_hill_costs_two_and_zoc_stops_movement() {
    let mut s = kell(&[]);
    // 0403 is in the zone of control of S-1Inf (0404): N-2Inf may enter it.
    assert_eq!(cost(&mut s, "N-2Inf", "0403"), Ok(1));
    // 0502 is a hill: 2 MP.
    assert_eq!(cost(&mut s, "N-2Inf", "0502"), Ok(2));
    // No path of any North unit passes through an enemy-ZOC hex: it may only end there.
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let zoc = sandtable::rules::movement::enemy_zoc(&game, &units, 0);
    let control = s.world.resource::<sandtable::model::Control>().clone();
    let mut ended_in_zoc = 0;
    for u in units.all().iter().filter(|u| u.side == 0) {
        for d in sandtable::rules::movement::legal_destinations(&game, &units, &control, u) {
            for step in &d.path[..d.path.len() - 1] {
                assert!(!zoc[step.index()], "{} passes through ZOC hex {}", u.id, game.board.key(*step));
            }
            ended_in_zoc += usize::from(zoc[d.space.index()]);
        }
    }
    assert!(ended_in_zoc > 0, "some moves end in an enemy ZOC");
}

#[test]
fn movement_stacking_limit_at_destination() {
    let mut s = kell(&[]);
    // Clear hexes hold 2 units per side: 0303 takes two, not a third.
    play(&mut s, &[mv("N-1Tk", "0303"), mv("N-2Inf", "0303")]);
    let e = s.apply(mv("N-Art", "0303")).expect_err("overstacked");
    assert!(e.contains("not reachable"), "{e}");
}

#[test]
fn area_movement_follows_links_and_one_way_links() {
    let mut s = session("tests/fixtures/three_provinces.ron", 1, &[]);
    play(
        &mut s,
        &[
            Command::Place { unit: "guards#1".into(), at: "capital/infra1".into() },
            Command::EndPhase,
            Command::Place { unit: "cells#1".into(), at: "plains".into() },
            Command::Place { unit: "cells#2".into(), at: "frontier".into() },
            Command::EndPhase,
        ],
    );
    // R-1 (level 2, 2 MF): capital -> frontier by the one-way link, 1 MF; entering an enemy-held
    // area ends the move.
    assert_eq!(cost(&mut s, "R-1", "frontier"), Ok(1));
    play(&mut s, &[mv("R-1", "frontier"), Command::EndPhase]);
    // Blue's cell in the frontier cannot use the one-way link back to the capital directly:
    // it has 1 MF, and the way round through the plains costs 2.
    let e = cost(&mut s, "cells#2", "capital").expect_err("one-way link");
    assert!(e.contains("not reachable"), "{e}");
    assert_eq!(location(&mut s, "R-1"), "frontier");
}

#[test]
fn combat_column_shifts_before_the_clamp_12_to_1_two_left_is_7_to_1() {
    let s = kell(&[]);
    let crt = &s.game().scenario.tables.crts[0];
    let pick = odds_column(crt, 12, 1, -2);
    assert_eq!(pick.raw_label(), "12:1");
    assert_eq!(column_label(crt, pick.column), "7:1");
    assert!(!pick.prohibited);
}

#[test]
fn combat_raw_1_to_3_is_prohibited_and_1_to_2_is_not() {
    let s = kell(&[]);
    let crt = &s.game().scenario.tables.crts[0];
    assert!(odds_column(crt, 1, 3, 0).prohibited);
    assert!(odds_column(crt, 2, 7, 5).prohibited, "raw 1:4 stays prohibited whatever the shifts");
    assert!(!odds_column(crt, 1, 2, 0).prohibited);
    // Rounded in the defender's favour: 9 vs 6 is 1:1, 3 vs 4 is 1:2.
    assert_eq!(column_label(crt, odds_column(crt, 9, 6, 0).column), "1:1");
    assert_eq!(column_label(crt, odds_column(crt, 3, 4, 0).column), "1:2");
}

#[test]
fn combat_probabilities_of_a_column_sum_to_one() {
    let s = kell(&[]);
    let crt = &s.game().scenario.tables.crts[0];
    let p = column_probabilities(crt, 0);
    assert_eq!(p.iter().map(|(_, w)| w).sum::<u32>(), 36);
    assert_eq!(p[0], ("2/0".to_string(), 12));
}

#[test]
fn combat_town_shift_and_river_shift_only_when_all_attackers_cross() {
    let mut s = kell(&[]);
    play(&mut s, &[mv("N-2Inf", "0403"), mv("N-1Tk", "0304"), Command::EndPhase]);
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let turn = s.world.resource::<TurnState>().clone();
    let control = s.world.resource::<sandtable::model::Control>().clone();
    // N-2Inf attacks Kell across the river (the road bridge does not cancel the combat shift):
    // 4 vs 4 = 1:1, town -1, river -1 -> clamped to 1:2.
    let p = plan_attack(&game, &turn, &units, &control, 0, &["N-2Inf".into()], "0404", None).expect("legal");
    assert_eq!(p.pick.shifts, -2);
    // With the tank, which does not cross the river, only the town shift applies.
    let p = plan_attack(&game, &turn, &units, &control, 0, &["N-1Tk".into(), "N-2Inf".into()], "0404", None).expect("legal");
    assert_eq!((p.attack, p.defense, p.pick.shifts), (10, 4, -1));
    let _: &Game = &game;
}

#[test]
fn combat_each_hex_attacked_once_and_each_unit_attacks_once() {
    let mut s = kell(&[4, 4]);
    play(&mut s, &[mv("N-2Inf", "0403"), mv("N-1Tk", "0304"), Command::EndPhase, attack(&["N-2Inf"], "0404")]);
    let e = s.apply(attack(&["N-1Tk"], "0404")).expect_err("hex attacked once");
    assert!(e.contains("already been attacked"), "{e}");
    let e = s.apply(attack(&["N-2Inf"], "0305")).expect_err("unit attacks once");
    assert!(e.contains("already attacked") || e.contains("not adjacent"), "{e}");
}

#[test]
fn victory_sudden_death_and_end_of_game() {
    // A full game where nobody does anything: the South keeps Kell and wins at the end of turn 4.
    let mut s = kell(&[]);
    let mut guard = 0;
    while !s.is_over() {
        play(&mut s, &[Command::EndPhase]);
        guard += 1;
        assert!(guard < 100);
    }
    let r = s.state(None).result.expect("result");
    assert_eq!((r.level.as_str(), r.winner.as_deref()), ("south_win", Some("south")));
    assert_eq!(guard, 4 * 5 - 1, "five phases a turn, no reinforcement phase on turn 1");
    assert!(s.apply(Command::EndPhase).is_err(), "nothing is legal after the end");
}

/// Kell Ford with the South's units moved out of the way, for scoring tests.
fn open_kell() -> sandtable::session::Session {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let text = text
        .replace(r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404")"#, r#"(id: "S-1Inf", unit_type: "s_inf", at: "0806")"#)
        .replace(r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604")"#, r#"(id: "S-2Inf", unit_type: "s_inf", at: "0706")"#)
        .replace(r#"(id: "S-Mil", unit_type: "s_mil", at: "0305")"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0106")"#);
    let loaded = sandtable::games::load_str(&text, "open_kell.ron", &crate::common::root()).expect("valid");
    let loaded = std::sync::Arc::new(loaded);
    let options = sandtable::session::Session::default_options(&loaded);
    sandtable::session::Session::new(loaded, sandtable::session::GameSetup { options, seed: 1, forced_dice: vec![] })
        .expect("session")
}

#[test]
fn tracks_vp_for_controlling_a_space_and_sudden_death_threshold() {
    let mut s = open_kell();
    // N-2Inf: 0402 -> 0403 (clear, 1) -> 0404 by the road bridge (1): Kell, worth 3 VP.
    assert_eq!(cost(&mut s, "N-2Inf", "0404"), Ok(2));
    play(&mut s, &[mv("N-2Inf", "0404")]);
    let st = s.state(None);
    assert_eq!(st.tracks["north_vp"], 3);
    assert_eq!(st.control["0404"], "north");
    assert!(st.result.is_none());
    // N-1Tk along the road to Marrow (2 VP): 0303, 0403, 0404, 0505, 0506 = 5 MP of 6.
    play(&mut s, &[mv("N-1Tk", "0506")]);
    let r = s.state(None).result.expect("north_vp reached 5: sudden death");
    assert_eq!((r.level.as_str(), r.winner.as_deref()), ("north_decisive", Some("north")));
}

#[test]
fn rule_5_6_face_down_unit_revealed_when_an_enemy_ends_its_move_next_to_it() {
    let mut s = kell(&[]);
    let north = s.state(Some(0));
    assert!(!north.units.iter().any(|u| u.id == "S-Mil"), "face down at the start");
    // 0303 is not next to 0305: still hidden.
    play(&mut s, &[mv("N-1Tk", "0303")]);
    assert!(!s.state(Some(0)).units.iter().any(|u| u.id == "S-Mil"));
    assert!(s.can_undo());
    // 0304 is: revealed for good, and that is an undo barrier.
    let mut s = kell(&[]);
    play(&mut s, &[mv("N-1Tk", "0304")]);
    let north = s.state(Some(0));
    assert_eq!(north.units.iter().find(|u| u.id == "S-Mil").map(|u| u.unit_type.as_str()), Some("s_mil"));
    assert!(!s.can_undo(), "a reveal is an undo barrier");
}

/// Kell Ford's South moved off the Kell road, with a resolve track and control scores.
fn scored_kell() -> sandtable::session::Session {
    crate::common::kell_rules(
        "(control_scores: [(space: \"0404\", side: \"north\", track: \"resolve\", amount: -2), \
          (space: \"0404\", side: \"north\", track: \"north_vp\", amount: 1, once: true)])",
        &[
            (r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404")"#, r#"(id: "S-1Inf", unit_type: "s_inf", at: "0806")"#),
            (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604")"#, r#"(id: "S-2Inf", unit_type: "s_inf", at: "0306")"#),
            (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305")"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0106")"#),
            ("    tracks: [", "    tracks: [\n        (id: \"resolve\", name: \"Union Resolve\", side: Some(\"south\"), start: 12, floor: 0, cap: 20),"),
        ],
        &[],
    )
}

#[test]
fn rule_5_7_11_control_scores_change_tracks_and_reverse_unless_once() {
    let mut s = scored_kell();
    // N-2Inf runs through Kell (0403, bridge, 0505): the North takes Kell on the way.
    play(&mut s, &[mv("N-2Inf", "0505")]);
    let st = s.state(None);
    assert_eq!(st.control["0404"], "north");
    assert_eq!(st.tracks["resolve"], 10, "resolve -2 while the North holds Kell");
    assert_eq!(st.tracks["north_vp"], 3 + 1, "3 VP for Kell, +1 once");
    assert_eq!(st.scored_once, vec![1]);
    // The South walks back into Kell: the resolve loss is reversed, the one-time score is not.
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    play(&mut s, &[mv("S-2Inf", "0404")]);
    let st = s.state(None);
    assert_eq!(st.control["0404"], "south");
    assert_eq!(st.tracks["resolve"], 12);
    assert_eq!(st.tracks["north_vp"], 1, "Kell's 3 VP go, the one-time point stays");
}

#[test]
fn rule_5_9_doctrine_sudden_death_expression_at_the_end_of_turn() {
    // "P + min(S, P) < turn number" from turn 2, with North VP as P and a secondary track S.
    let mut s = crate::common::kell_with(
        &[
            ("    tracks: [", "    tracks: [\n        (id: \"s\", name: \"Secondary\", start: 5, floor: 0, cap: 20),"),
            (
                "        conditions: [",
                "        end_of_turn: [(left: Sum([Track(\"north_vp\"), Min([Track(\"s\"), Track(\"north_vp\")])]), op: Lt, right: Turn, \
                 level: \"south_win\", from_turn: Some(2))],\n        conditions: [",
            ),
        ],
        &[],
    );
    // Turn 1 ends (5 phases minus the turn-2 reinforcement phase): not checked before turn 2.
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    assert!(s.state(None).result.is_none());
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    assert!(s.state(None).result.is_none(), "turn 2 not over: one phase left");
    play(&mut s, &[Command::EndPhase]);
    let r = s.state(None).result.expect("0 + min(5, 0) < 2");
    assert_eq!(r.level, "south_win");
    assert!(r.reason.contains("end of turn 2"), "{}", r.reason);
}

#[test]
fn rule_5_7_11_militia_may_not_attack_below_a_track_threshold() {
    let mut s = crate::common::kell_rules("(attack_bans: [(unit_type: \"s_mil\", when: (\"north_vp\", AtMost(0)))])", &[], &[6]);
    play(&mut s, &[mv("N-2Inf", "0403"), mv("N-1Tk", "0304"), Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    let before = s.state_hash();
    let e = s.apply(attack(&["S-1Inf", "S-Mil"], "0304")).expect_err("militia barred");
    assert!(e.contains("`S-Mil` may not attack while north_vp is AtMost(0)"), "{e}");
    assert_eq!(s.state_hash(), before);
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::Attack { attackers, .. } if attackers.iter().any(|a| a == "S-Mil"))));
    play(&mut s, &[attack(&["S-1Inf"], "0304")]);
}

#[test]
fn rule_5_9_isolation_is_a_path_of_any_length_free_of_enemy_units_and_zoc() {
    let mut s = crate::common::kell_with(
        &[
            (r#"(id: "N-1Tk", unit_type: "n_tank", at: "0302")"#, r#"(id: "N-1Tk", unit_type: "n_tank", at: "0505")"#),
            (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402")"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0405")"#),
        ],
        &[],
    );
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let control = s.world.resource::<sandtable::model::Control>().clone();
    use sandtable::rules::victory::isolated;
    // Marrow (0506) lies in the ZOC of both North units with no Union unit in it: cut off.
    assert!(isolated(&game, &control, &units, "0404", 1, &["0506".into()]));
    // 0205 is reachable through the militia's hill: a friendly unit opens its ZOC hex.
    assert!(!isolated(&game, &control, &units, "0404", 1, &["0205".into()]));
    // The east edge is walled off by the North's units and zones of control.
    assert!(isolated(&game, &control, &units, "0404", 1, &["0806".into()]));
    // A target the side does not hold does not count.
    assert!(isolated(&game, &control, &units, "0404", 1, &["0201".into()]));
}

#[test]
fn rule_5_9_depot_strike_holding_spaces_through_a_full_player_turn() {
    let mut s = crate::common::kell_with(
        &[
            (r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404")"#, r#"(id: "S-1Inf", unit_type: "s_inf", at: "0806")"#),
            (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604")"#, r#"(id: "S-2Inf", unit_type: "s_inf", at: "0706")"#),
            (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305")"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0106")"#),
            ("        conditions: [", "        held: [(side: \"north\", spaces: [\"0404\", \"0506\"], count: 1, player_turns: 3, level: \"north_win\")],\n        conditions: ["),
        ],
        &[],
    );
    play(&mut s, &[mv("N-2Inf", "0404"), Command::EndPhase, Command::EndPhase]);
    assert_eq!(s.state(None).held, vec![1], "end of the North's player turn 1");
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    assert_eq!(s.state(None).held, vec![2], "end of the South's player turn 1");
    assert!(s.state(None).result.is_none());
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    let st = s.state(None);
    let r = st.result.expect("held at three player-turn ends in a row");
    assert_eq!(r.level, "north_win");
    assert!(r.reason.contains("for 3 player turns"), "{}", r.reason);
}

/// The systems of the schedule for `EndPhase` commands of a shipped scenario, by type.
fn end_phase_systems(file: &str) -> Vec<std::any::TypeId> {
    sandtable::rules::schedule_systems(&crate::common::load(file), &Command::EndPhase).expect("the schedule builds")
}

fn type_of<M>(system: impl bevy::prelude::IntoSystem<(), (), M>) -> std::any::TypeId {
    use bevy::ecs::system::System;
    bevy::prelude::IntoSystem::into_system(system).system_type()
}

/// A schedule holds the systems of the mechanisms its scenario uses only: control by slots,
/// combat in spaces and attrition by choice on area maps (DI 18.2, 14.3, 19), supply markers
/// where supply is traced (tutorial 5.7.9), effects at final determination where there are some
/// (tutorial 5.9), checks of forced operations where some chit carries one, reaction offers
/// where some chit has a reaction window (tutorial 5.8) and the record of a finished combat
/// cleared where the generic combat makes one, the phase-start hooks of interdiction
/// and declarations where the scenario has them; the check of 14.3 in the End Phase schedule.
#[test]
fn schedules_keep_only_the_systems_of_the_mechanisms_a_scenario_uses() {
    let kell = end_phase_systems("scenarios/kell_ford.ron");
    let iraq = end_phase_systems("scenarios/decision_iraq.ron");
    let river = end_phase_systems("scenarios/salt_river_line.ron");
    for systems in [&kell, &iraq, &river] {
        assert!(systems.contains(&type_of(sandtable::rules::sequence::check_sequence)), "every scenario checks the sequence of play");
    }
    use sandtable::rules::{area_combat, area_control, attrition, supply};
    let area = [type_of(area_control::control_by_slots), type_of(area_combat::check_must_attack), type_of(attrition::next_choice)];
    assert!(area.iter().all(|t| iraq.contains(t) && !kell.contains(t) && !river.contains(t)));
    let markers = type_of(supply::remove_entered_markers);
    assert!(river.contains(&markers) && !kell.contains(&markers) && !iraq.contains(&markers));
    // Tutorial 5.9: effects made at final determination (the landing penalty), only where the
    // scenario has some.
    let before_final = type_of(sandtable::rules::victory::apply_before_final);
    assert!(river.contains(&before_final) && !kell.contains(&before_final) && !iraq.contains(&before_final));
    // Commands are checked against forced operations only where a chit or an event carries one.
    let operations = type_of(sandtable::rules::obligations::check_command);
    assert!(river.contains(&operations) && !kell.contains(&operations) && !iraq.contains(&operations));
    // Tutorial 5.8: reaction offers only where some chit has a reaction window.
    let offers = type_of(sandtable::rules::reactions::offer_after_command);
    assert!(river.contains(&offers) && !kell.contains(&offers) && !iraq.contains(&offers));
    // Without offers, the last finished combat is forgotten a command later only where the
    // generic combat finishes one (an attack on a table, or an overrun): Decision: Iraq
    // resolves its conflicts its own way (DI 15) and has no overruns.
    let forget = type_of(sandtable::rules::reactions::forget_finished_combat);
    assert!(kell.contains(&forget) && !iraq.contains(&forget) && !river.contains(&forget));
    // Tutorial 5.7.6: interdiction markers asked for only where the scenario has interdiction;
    // declarations offered only where it has some (tutorial 5.7.9, DI 24).
    let markers = type_of(sandtable::rules::interdiction::prompt_for_markers);
    assert!(river.contains(&markers) && !kell.contains(&markers) && !iraq.contains(&markers));
    let declarations = type_of(sandtable::rules::declarations::offer_declarations);
    assert!(river.contains(&declarations) && !kell.contains(&declarations) && iraq.contains(&declarations));
    // DI 14.3 holds up the end of a phase only: a move's schedule does without the check.
    let loaded = crate::common::load("scenarios/decision_iraq.ron");
    let moves = sandtable::rules::schedule_systems(&loaded, &Command::Move { unit: "x".into(), to: "y".into() }).expect("the schedule builds");
    assert!(moves.contains(&type_of(sandtable::rules::sequence::check_sequence)) && !moves.contains(&type_of(area_combat::check_must_attack)));
    // Effects are queued by declarations (DI 24, tutorial 5.7.9) and answers only: a move's
    // schedule does without applying them, a declaration's applies them.
    let effects = type_of(sandtable::rules::declarations::apply_pending_effects);
    let declares = sandtable::rules::schedule_systems(&loaded, &Command::Declare { id: "x".into(), declare: true }).expect("the schedule builds");
    assert!(!moves.contains(&effects) && declares.contains(&effects));
}

/// A move checked right after the legal list is answered from the search the list remembered
/// for the unit: the same cost and the same cheapest path as a fresh search finds.
#[test]
fn movement_check_after_the_legal_list_keeps_the_cheapest_path() {
    let mut s = kell(&[]);
    let game = s.game().clone();
    let control = s.world.resource::<sandtable::model::Control>().clone();
    let units = UnitsView::from_world(&mut s.world);
    let tank = units.get("N-1Tk").expect("N-1Tk").clone();
    let fresh = sandtable::rules::movement::legal_destinations(&game, &units, &control, &tank);
    let far = fresh.iter().max_by_key(|d| (d.path.len(), d.space)).expect("destinations").clone();
    assert!(far.path.len() >= 3, "a path of several steps: {far:?}");
    assert!(s.legal_commands().iter().any(|c| matches!(c, Command::Move { unit, .. } if unit == "N-1Tk")));
    let units = UnitsView::from_world(&mut s.world);
    let checked = move_check(&game, &units, &control, tank.side, "N-1Tk", game.board.key(far.space));
    assert_eq!(checked, Ok(far));
}

/// Where no chit is kept face down and no operation binds units (Kell Ford), the start of each
/// movement phase is still marked, as the state hash holds it (tutorial 5.8 reveals chits at
/// that moment where a scenario has them): the first player's, then the second player's.
#[test]
fn movement_phase_starts_are_marked_where_nothing_is_revealed() {
    use sandtable::rules::obligations::Obligations;
    let mut s = kell(&[]);
    let now = |s: &sandtable::session::Session| {
        let turn = s.world.resource::<TurnState>();
        (turn.turn, turn.phase)
    };
    assert_eq!(now(&s), (0, 0), "the first player's movement phase");
    assert_eq!(s.world.resource::<Obligations>().revealed_at, Some((0, 0)));
    // Combat, then (no reinforcements on turn 1) the second player's movement phase.
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    assert_eq!(now(&s), (0, 3));
    assert_eq!(s.world.resource::<Obligations>().revealed_at, Some((0, 3)));
}

/// A phase end passes over idle units at once: a unit is idle exactly when its activity is the
/// default one, whichever field is set.
#[test]
fn an_activity_is_idle_exactly_when_it_is_the_default() {
    use sandtable::model::components::Activity;
    assert!(Activity::default().is_idle());
    let set: [fn(&mut Activity); 15] = [
        |a| a.moved = true,
        |a| a.finished = true,
        |a| a.no_attack = true,
        |a| a.reserve = true,
        |a| a.mp_used = 1,
        |a| a.attacked = true,
        |a| a.out_of_supply = true,
        |a| a.landed = true,
        |a| a.supply_exempt = true,
        |a| a.forced_march = true,
        |a| a.attacked_below = true,
        |a| a.railed = true,
        |a| a.attack_supply = true,
        |a| a.moved_before = true,
        |a| a.retreated = true,
    ];
    for (i, f) in set.iter().enumerate() {
        let mut a = Activity::default();
        f(&mut a);
        assert!(a != Activity::default() && !a.is_idle(), "field {i}");
    }
}
