//! Supply (tutorial 5.7.5): the road network from the sources, tethering through enemy ZOC
//! only with a friendly unit, the trace, and the effects at each hook.

use sandtable::model::view::UnitsView;
use sandtable::model::{Control, TurnState};
use sandtable::rules::combat::plan_attack;
use sandtable::rules::movement::legal_destinations;
use sandtable::rules::supply::{side_supply, supply_map};
use sandtable::session::{Command, Session};

use crate::common::{kell_rules, location, mv, play};

fn supply(sources_north: &str, extra_effects: &str) -> String {
    format!(
        "(supply: Some((sources: [(side: \"north\", spaces: [{sources_north}]), (side: \"south\", spaces: [\"0506\"])], \
         network: [Road], trace_mp: 3, effects: [HalveMovement, HalveAttack, LoseStep{extra_effects}])))"
    )
}

fn connected(s: &mut Session, side: usize, key: &str) -> bool {
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let control = s.world.resource::<Control>().clone();
    let rules = game.scenario.rules.supply.clone().expect("supply rules");
    let none = vec![false; game.board.len()];
    let map = supply_map(&game, &rules, &units, &control, side, &none);
    map.connected[game.board.space(key).expect("hex").index()]
}

fn supplied(s: &mut Session, unit: &str) -> bool {
    let units = UnitsView::from_world(&mut s.world);
    let control = s.world.resource::<Control>().clone();
    let side = units.get(unit).expect("unit").side;
    side_supply(s.game(), &units, &control, side).into_iter().any(|(id, ok)| id == unit && ok)
}

#[test]
fn rule_5_7_5_network_passes_an_enemy_zoc_hex_only_with_a_friendly_unit_in_it() {
    let mut s = kell_rules(&supply("\"0201\"", ""), &[], &[]);
    assert!(connected(&mut s, 0, "0303"), "the road from the north edge reaches 0303");
    assert!(!connected(&mut s, 0, "0403"), "0403 is in the ZOC of S-1Inf and empty");
    play(&mut s, &[mv("N-2Inf", "0403")]);
    assert!(connected(&mut s, 0, "0403"), "N-2Inf in 0403 tethers the road through the ZOC");
    assert!(!connected(&mut s, 0, "0404"), "never into a hex held by the enemy");
    // The South's network runs from Marrow through its own units.
    assert!(connected(&mut s, 1, "0404"));
}

#[test]
fn rule_5_7_5_out_of_supply_at_movement_start_halves_movement() {
    // The North's only source is 0801, off the road: N-3Inf (0602) can trace 2 MP to it,
    // N-2Inf (0402) cannot.
    let mut s = kell_rules(&supply("\"0801\"", ""), &[], &[]);
    assert!(supplied(&mut s, "N-3Inf"));
    assert!(!supplied(&mut s, "N-2Inf"));
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let control = s.world.resource::<Control>().clone();
    let n2 = units.get("N-2Inf").expect("unit");
    assert!(n2.activity.out_of_supply, "checked when the movement phase began");
    let max = legal_destinations(&game, &units, &control, n2).iter().map(|d| d.cost).max();
    assert_eq!(max, Some(2), "4 MP halved");
    let n3 = units.get("N-3Inf").expect("unit");
    let max = legal_destinations(&game, &units, &control, n3).iter().map(|d| d.cost).max();
    assert_eq!(max, Some(4));
}

#[test]
fn rule_5_7_5_out_of_supply_attackers_are_halved_at_combat() {
    let mut s = kell_rules(&supply("\"0801\"", ""), &[], &[]);
    play(&mut s, &[mv("N-2Inf", "0403"), mv("N-1Tk", "0304"), Command::EndPhase]);
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let turn = s.world.resource::<TurnState>().clone();
    let control = s.world.resource::<Control>().clone();
    let p = plan_attack(&game, &turn, &units, &control, 0, &["N-1Tk".into(), "N-2Inf".into()], "0404", None).expect("legal");
    assert_eq!(p.attack, 5, "6 + 4 out of supply, halved");
}

#[test]
fn rule_5_7_5_supply_phase_costs_a_step_out_of_supply() {
    let mut s = kell_rules(
        &supply("\"0801\"", ""),
        &[(
            "(id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),",
            "(id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),\n            (id: \"first_supply\", name: \"First Player Supply\", kind: Supply, actor: First),",
        )],
        &[],
    );
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    let st = s.state(None);
    assert_eq!(st.phase, "first_supply");
    let lvl = |id: &str| st.units.iter().find(|u| u.id == id).map(|u| (u.level, u.location.clone())).expect("unit");
    assert_eq!(lvl("N-2Inf").0, 1, "out of supply: one step lost");
    assert_eq!(lvl("N-3Inf").0, 0, "in supply");
    assert_eq!(lvl("N-Art").1, "eliminated", "a one-step unit out of supply is eliminated");
}

#[test]
fn rule_5_7_5_a_side_may_be_forbidden_to_end_a_move_out_of_supply() {
    let rules = supply("\"0201\"", ", MayNotEndMoveUnsupplied(sides: [\"south\"])");
    let mut s = kell_rules(&rules, &[], &[]);
    let mut free = kell_rules(&supply("\"0201\"", ""), &[], &[]);
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    play(&mut free, &[Command::EndPhase, Command::EndPhase]);
    let dests = |s: &mut Session| {
        let units = UnitsView::from_world(&mut s.world);
        let game = s.game().clone();
        let control = s.world.resource::<Control>().clone();
        let u = units.get("S-2Inf").expect("unit").clone();
        legal_destinations(&game, &units, &control, &u).into_iter().map(|d| game.board.key(d.space).to_string()).collect::<Vec<_>>()
    };
    let limited = dests(&mut s);
    let all = dests(&mut free);
    let excluded: Vec<&String> = all.iter().filter(|k| !limited.contains(k)).collect();
    assert!(!excluded.is_empty(), "some hexes are out of supply");
    assert!(limited.iter().all(|k| all.contains(k)));
    let far = excluded[0].clone();
    let e = s.apply(mv("S-2Inf", &far)).expect_err("would end out of supply");
    assert!(e.contains("supply"), "{e}");
    play(&mut s, &[mv("S-2Inf", &limited[0])]);
    assert_eq!(location(&mut s, "S-2Inf"), limited[0]);
}

/// "Trace within N MP or N hexes" (tutorial 5.7.5 and HW use MP; other games count hexes): a
/// tank across the river at 0406 is 4 MP but 3 hexes from the NA road at 0604.
#[test]
fn supply_trace_counts_mp_or_hexes() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/salt_river_line.ron")).expect("read");
    let moved = text
        .replace(r#"(id: "NA-1Pz", unit_type: "na_tank", at: "0404")"#, r#"(id: "NA-1Pz", unit_type: "na_tank", at: "0406")"#)
        .replace(r#"(id: "SU-2", unit_type: "su_inf", at: "0406")"#, r#"(id: "SU-2", unit_type: "su_inf", at: "0407")"#);
    let mut by_mp = crate::common::session_from_text(&moved);
    assert!(!supplied(&mut by_mp, "NA-1Pz"), "0406-0405 costs 2 MP with the river, 0504 3, 0604 4");
    let mut by_hex = crate::common::session_from_text(&moved.replace("trace_mp: 3,", "trace_mp: 3, trace_in_hexes: true,"));
    assert!(supplied(&mut by_hex, "NA-1Pz"), "0405, 0504, 0604: three hexes");
}

/// 5.7.5: whether a unit traces to its network from a space is the same asked one space at a
/// time (a trace from that space) or for the whole map at once (one search back from the
/// network), for every unit of both sides and every hex of the tutorial, at the start and after
/// forty random commands; with the tutorial's trace allowance and with one of 5,000 points.
#[test]
fn rule_5_7_5_a_trace_from_each_space_and_one_search_back_from_the_network_agree() {
    use sandtable::rules::supply::{network_reach, surely_supplied_at};
    let mut s = crate::common::session("scenarios/salt_river_line.ron", 3, &[]);
    let (mut yes, mut no) = (0, 0);
    for round in 0..2 {
        if round == 1 {
            let mut bot = sandtable::bots::random::RandomPlayer::new(11);
            for _ in 0..40 {
                let c = bot.choose(&mut s).expect("the game is on");
                s.apply(c).expect("a listed command");
            }
        }
        let units = UnitsView::from_world(&mut s.world);
        let control = s.world.resource::<Control>().clone();
        // The tutorial's trace allowance, and one past what the search back takes point by
        // point (it then takes spaces from a heap).
        let mut far = s.game().clone();
        let mut scenario = (*far.scenario).clone();
        scenario.rules.supply.as_mut().expect("the tutorial has supply rules").trace_mp = 5_000;
        far.scenario = std::sync::Arc::new(scenario);
        for game in [s.game().clone(), far] {
            let rules = game.scenario.rules.supply.clone().expect("the tutorial has supply rules");
            for side in 0..game.scenario.sides.len() {
                let map = supply_map(&game, &rules, &units, &control, side, &control.interdicted);
                for u in units.all().iter().filter(|u| u.side == side && u.space().is_some()) {
                    let class = &game.scenario.unit_types[u.type_index].movement_class;
                    let all = network_reach(&game, &map, class).expect("supply rules");
                    for (i, reach) in all.iter().enumerate() {
                        let at = sandtable::model::SpaceId(i as u32);
                        let one = surely_supplied_at(&game, &map, u, at);
                        assert_eq!(one, reach.is_some(), "{} at {}", u.id, game.board.key(at));
                        if one { yes += 1 } else { no += 1 }
                    }
                }
            }
        }
    }
    assert!(yes > 100 && no > 100, "both answers are asked about: {yes} yes, {no} no");
}

/// 5.7.5: limited sources serve the first units by id that reach them. One unit's answer
/// (`unit_in_supply`, as a move's destinations ask it) is the answer for the whole side
/// (`side_supply`) for every unit, at the start and after random commands, with the southern
/// side's only source the limited one (of one unit), so that units contend for it.
#[test]
fn rule_5_7_5_one_units_supply_agrees_with_the_sides_where_units_share_a_limited_source() {
    use sandtable::rules::supply::unit_in_supply;
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/salt_river_line.ron")).expect("read");
    let contended = text.replace(r#"(side: "su", spaces: ["0612", "0912", "merrow_box"]),"#, "").replace("capacity: Some(2)", "capacity: Some(1)");
    assert_ne!(contended, text, "the tutorial's sources are as this test expects");
    let mut s = crate::common::session_from_text(&contended);
    let mut bot = sandtable::bots::random::RandomPlayer::new(5);
    let (mut yes, mut no) = (0, 0);
    for _ in 0..6 {
        let units = UnitsView::from_world(&mut s.world);
        let control = s.world.resource::<Control>().clone();
        let game = s.game().clone();
        for side in 0..game.scenario.sides.len() {
            for (id, whole) in side_supply(&game, &units, &control, side) {
                assert_eq!(unit_in_supply(&game, &units, &control, side, &id), whole, "{id}");
                if side == 1 && whole { yes += 1 } else if side == 1 { no += 1 }
            }
        }
        for _ in 0..10 {
            let Some(c) = bot.choose(&mut s) else { break };
            s.apply(c).expect("a listed command");
        }
    }
    assert!(yes > 0 && no > 0, "the southern units are both in and out of supply: {yes} in, {no} out");
}
