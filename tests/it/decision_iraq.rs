//! Decision: Iraq as data (decision-iraq.md 2.3, 2.4, 3.1-3.3): the district table, the movement
//! links against the rules' hints, foreign control and the set-up groups, on the fixture the
//! Decision: Iraq ruleset will play.

use std::collections::BTreeSet;

use sandtable::model::{Control, TurnState};
use sandtable::scenario::schema::{AttrValue, Map, SpaceDef};
use sandtable::session::{Command, Session};

use crate::common::{location, play, session};

const FILE: &str = "scenarios/decision_iraq.ron";

fn districts(s: &Session) -> Vec<SpaceDef> {
    match &s.game().scenario.map {
        Map::Area(a) => a.spaces.clone(),
        Map::Hex(_) => panic!("Decision: Iraq is an area map"),
    }
}

fn int(d: &SpaceDef, key: &str) -> i64 {
    match d.attributes.get(key) {
        Some(AttrValue::Int(n)) => *n,
        other => panic!("{}: {key} is {other:?}", d.id),
    }
}

fn text<'a>(d: &'a SpaceDef, key: &str) -> &'a str {
    match d.attributes.get(key) {
        Some(AttrValue::Text(t)) => t,
        other => panic!("{}: {key} is {other:?}", d.id),
    }
}

fn linked(s: &Session, a: &str, b: &str) -> bool {
    let g = s.game();
    let (x, y) = (g.board.space(a).expect(a), g.board.space(b).expect(b));
    g.board.edge(x, y).is_some()
}

#[test]
fn rule_2_3_district_table_totals_49_49_and_29_infra_boxes() {
    let s = session(FILE, 1, &[]);
    let d = districts(&s);
    assert_eq!(d.len(), 20, "15 Iraqi and 5 foreign districts");
    let iraqi: Vec<&SpaceDef> = d.iter().filter(|x| text(x, "sect") != "foreign").collect();
    assert_eq!(iraqi.len(), 15);
    assert_eq!(iraqi.iter().map(|x| int(x, "ins_points")).sum::<i64>(), 49);
    assert_eq!(iraqi.iter().map(|x| int(x, "ci_points")).sum::<i64>(), 49);
    assert_eq!(iraqi.iter().map(|x| x.slots.len()).sum::<usize>(), 29);
    // 17.2: every Iraqi district has an infra box; 2.17: foreign districts have none.
    assert!(iraqi.iter().all(|x| !x.slots.is_empty()));
    assert!(d.iter().filter(|x| text(x, "sect") == "foreign").all(|x| x.slots.is_empty() && int(x, "ins_points") == 0));
    // The value multiset of the 45 numbers recovered from the source (2.2).
    let mut values: Vec<i64> = iraqi.iter().flat_map(|x| [int(x, "ins_points"), int(x, "ci_points"), x.slots.len() as i64]).collect();
    values.sort_unstable();
    let count = |v: i64| values.iter().filter(|x| **x == v).count();
    assert_eq!([count(1), count(2), count(3), count(4), count(5), count(6), count(7), count(8)], [12, 14, 6, 5, 3, 2, 2, 1]);
}

#[test]
fn rule_2_1_green_zone_baghdad_west_and_the_five_sunni_districts() {
    let s = session(FILE, 1, &[]);
    let d = districts(&s);
    let by = |id: &str| d.iter().find(|x| x.id == id).cloned().expect(id);
    let gz = by("green_zone");
    assert_eq!((int(&gz, "ins_points"), int(&gz, "ci_points"), gz.slots.len(), text(&gz, "sect")), (1, 6, 1, "None"));
    assert_eq!(by("baghdad_west").slots.len(), 3, "18.22's example");
    assert_eq!(d.iter().filter(|x| text(x, "sect") == "Sunni").count(), 5, "27.11's example");
    for mixed in ["mosul_kirkuk", "baghdad_west", "baghdad_east"] {
        assert_eq!(text(&by(mixed), "sect"), "Mixed", "3.3 groups {mixed} with neither Sunni nor Shia");
    }
}

#[test]
fn rule_13_2_basrah_reaches_the_green_zone_only_through_tigris_euphrates() {
    let s = session(FILE, 1, &[]);
    assert!(linked(&s, "basrah", "tigris_euphrates") && linked(&s, "tigris_euphrates", "green_zone"));
    assert!(!linked(&s, "basrah", "south_zone") && !linked(&s, "basrah", "green_zone"));
}

#[test]
fn rule_27_8_riverine_districts_form_one_connected_route() {
    let s = session(FILE, 1, &[]);
    let set = ["kuwait", "basrah", "tigris_euphrates", "green_zone", "baghdad_east", "baghdad_west", "samara", "fallujah", "al_qaim", "mosul_kirkuk"];
    let mut seen: BTreeSet<&str> = BTreeSet::from(["kuwait"]);
    let mut stack = vec!["kuwait"];
    while let Some(a) = stack.pop() {
        for b in set {
            if !seen.contains(b) && linked(&s, a, b) {
                seen.insert(b);
                stack.push(b);
            }
        }
    }
    assert_eq!(seen.len(), set.len(), "reached {seen:?}");
}

#[test]
fn rule_18_3_foreign_districts_are_controlled_from_the_start() {
    let s = session(FILE, 1, &[]);
    let g = s.game();
    let control = s.world.resource::<Control>();
    let owner = |k: &str| control.owner[g.board.space(k).expect(k).index()].map(|i| g.side_id(i).to_string());
    for (k, side) in [("kuwait", "ci"), ("saudi_arabia", "ci"), ("syria", "ins"), ("iran_north", "ins"), ("iran_south", "ins")] {
        assert_eq!(owner(k).as_deref(), Some(side), "{k}");
    }
    assert_eq!(owner("baghdad_west"), None, "18.22: no unit in any infra box, uncontrolled");
}

#[test]
fn rule_3_2_the_ci_sets_up_first_and_mnf_units_never_start_in_infra_boxes() {
    let mut s = session(FILE, 1, &[]);
    assert_eq!(s.world.resource::<TurnState>().setup, s.game().side_index("ci"));
    let e = s.apply(Command::Place { unit: "ci_bct1#1".into(), at: "baghdad_west/infra1".into() }).expect_err("MNF in an infra box");
    assert!(e.contains("may not be placed in baghdad_west/infra1"), "{e}");
    let e = s.apply(Command::Place { unit: "ci_bct1#1".into(), at: "kuwait".into() }).expect_err("Kuwait is not Iraq");
    assert!(e.contains("may not be placed in kuwait"), "{e}");
    play(&mut s, &[Command::Place { unit: "ci_bct1#1".into(), at: "baghdad_west".into() }]);
    // IG militia may start underground in a Kurdish district; one unit per infra box.
    play(&mut s, &[Command::Place { unit: "ci_kurd1#1".into(), at: "kurdistan_north/infra1".into() }]);
    let e = s.apply(Command::Place { unit: "ci_kurd1#2".into(), at: "kurdistan_north/infra1".into() }).expect_err("full box");
    assert!(e.contains("no room"), "{e}");
    // Every group placed by the first legal placement, CI then Ins, and the game begins.
    for _ in 0..200 {
        if s.world.resource::<TurnState>().setup.is_none() {
            break;
        }
        let legal = s.legal_commands();
        let c = legal.iter().find(|c| matches!(c, Command::Place { .. })).cloned().unwrap_or(Command::EndPhase);
        play(&mut s, &[c]);
    }
    assert!(s.world.resource::<TurnState>().setup.is_none());
    let st = s.state(None);
    assert_eq!(st.turn, "2003B");
    assert_eq!((st.tracks["ci_ni"], st.tracks["ins_ni"]), (30, 70), "3.2/3.3 starting indexes");
    let on_map = |side: &str| st.units.iter().filter(|u| u.side == side && u.location != "not entered" && u.location != "available").count();
    assert_eq!(on_map("ci"), 2 + 10 + 2 + 4 + 1 + 3 + 2 + 2 + 1, "Kuwait, BCTs, airmobiles, SOF, IG militia (one with a SOF)");
    assert_eq!(on_map("ins"), 2 + 3 + 3 + 2 + 9 + 3 + 1 + 1, "Iran South, militia, jihadis, FF");
    assert_eq!(location(&mut s, "MNF-FOB-1"), "kuwait");
    assert!(st.units.iter().filter(|u| u.unit_type.starts_with("mnf_")).all(|u| !u.location.contains("/infra")));
    assert!(st.units.iter().filter(|u| u.unit_type.starts_with("ff_")).all(|u| !u.location.contains("/infra")), "3.3: FF never in infra boxes");
}

#[test]
fn rule_18_2_a_side_controls_a_district_whose_every_infra_box_it_holds() {
    use sandtable::model::Location;
    use sandtable::model::view::UnitsView;
    use sandtable::rules::area_control::slot_control;
    let mut s = session(FILE, 1, &[]);
    let game = s.game().clone();
    let base = (*UnitsView::from_world(&mut s.world)).clone();
    let at = |units: &mut UnitsView, id: &str, key: &str| {
        let sp = game.board.space(key).expect(key);
        *units = units.changed(|v| v.iter_mut().find(|u| &*u.id == id).expect(id).location = Location::OnMap(sp));
    };
    let bw = game.board.space("baghdad_west").expect("district");
    let (ci, ins) = (game.side_index("ci"), game.side_index("ins"));
    // CI units in all three Baghdad West boxes: the CI controls it, open Ins units or not.
    let mut u = base.clone();
    at(&mut u, "ci_bct1#1", "baghdad_west/infra1");
    at(&mut u, "ci_bct1#2", "baghdad_west/infra2");
    at(&mut u, "ci_bct1#3", "baghdad_west/infra3");
    at(&mut u, "ins_n1#1", "baghdad_west");
    assert_eq!(slot_control(&game, &u, bw), ci);
    // 18.21: an Ins unit in one box makes it contested.
    at(&mut u, "ci_bct1#3", "baghdad_west");
    at(&mut u, "ins_n1#2", "baghdad_west/infra3");
    assert_eq!(slot_control(&game, &u, bw), None);
    // An empty box: nobody holds every box; 18.22: no unit in any box, uncontrolled.
    at(&mut u, "ins_n1#2", "baghdad_west");
    assert_eq!(slot_control(&game, &u, bw), None);
    assert_eq!(slot_control(&game, &base, bw), None);
    let mut all_ins = base.clone();
    for (k, id) in ["ins_n1#1", "ins_n1#2", "ins_n1#3"].iter().enumerate() {
        at(&mut all_ins, id, &format!("baghdad_west/infra{}", k + 1));
    }
    assert_eq!(slot_control(&game, &all_ins, bw), ins);
}

/// 18.2: control by boxes is worked out again when a space's owner was changed from outside
/// (the boxes win it back) by the next command, though no unit moved since box control last
/// ran (at the end of the phase before).
#[test]
fn rule_18_2_box_control_restores_an_owner_changed_though_no_unit_moved() {
    use sandtable::model::log::GameLog;
    use sandtable::model::units_now::UnitsNow;
    use sandtable::model::view::UnitsView;
    use sandtable::rules::area_control::slot_control;
    let mut s = session(FILE, 1, &[]);
    play(&mut s, &[Command::DefaultSetup, Command::EndPhase, Command::DefaultSetup, Command::EndPhase]);
    // The first player, then the end of the chaos phase: the end of a phase has been played
    // once with the units where they stand now.
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }, Command::EndPhase]);
    let game = s.game().clone();
    let units = (*UnitsView::from_world(&mut s.world)).clone();
    let placed = s.world.resource::<UnitsNow>().placements();
    let spaces = game.lookups.slot_controlled().to_vec();
    let (d, held) = spaces.iter().find_map(|&d| slot_control(&game, &units, d).map(|side| (d, side))).expect("a district held by its boxes");
    assert_eq!(s.world.resource::<Control>().owner[d.index()], Some(held));
    s.world.resource_mut::<Control>().owner[d.index()] = None;
    let logged = s.world.resource::<GameLog>().0.len();
    // The end of the movement phase, no unit moved.
    assert_eq!(s.state(None).phase, "first_movement");
    play(&mut s, &[Command::EndPhase]);
    let _ = UnitsView::from_world(&mut s.world);
    assert_eq!(s.world.resource::<UnitsNow>().placements(), placed, "no unit placed");
    assert_eq!(s.world.resource::<Control>().owner[d.index()], Some(held), "the boxes decide");
    let name = game.board.spaces[d.index()].name.clone().unwrap_or_else(|| game.board.key(d).to_string());
    let told = s.world.resource::<GameLog>().0[logged..].iter().any(|e| e.text == format!("{name} is now controlled by {}", game.side_id(held)));
    assert!(told, "the change is logged");
}

/// 18.2: a move between districts leaves every box as it was, and box control has nothing to
/// work out; a unit that leaves a box changes who controls its district at once.
#[test]
fn rule_18_2_box_control_follows_a_unit_out_of_its_box_after_moves_between_districts() {
    use sandtable::model::units_now::UnitsNow;
    use sandtable::model::view::UnitsView;
    use sandtable::rules::area_control::slot_control;
    use sandtable::scenario::board::SpaceKind;
    let mut s = session(FILE, 1, &[]);
    play(&mut s, &[Command::DefaultSetup, Command::EndPhase, Command::DefaultSetup, Command::EndPhase]);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }, Command::EndPhase]);
    let game = s.game().clone();
    let in_box = |s: &mut Session, unit: &str| {
        let at = UnitsView::from_world(&mut s.world).get(unit).and_then(|u| u.space());
        at.is_some_and(|sp| matches!(game.board.spaces[sp.index()].kind, SpaceKind::Slot { .. }))
    };
    let boxes_decide = |s: &mut Session| {
        let units = UnitsView::from_world(&mut s.world);
        let owner = s.world.resource::<Control>().owner.clone();
        game.lookups.slot_controlled().iter().all(|&d| owner[d.index()] == slot_control(&game, &units, d))
    };
    let moves = |s: &mut Session| s.legal_commands().into_iter().filter(|c| matches!(c, Command::Move { .. })).collect::<Vec<_>>();
    let open = moves(&mut s).into_iter().find(|c| matches!(c, Command::Move { unit, .. } if !in_box(&mut s, unit))).expect("a move between districts");
    let placed = s.world.resource::<UnitsNow>().placements();
    let owners = s.world.resource::<Control>().owner.clone();
    play(&mut s, &[open]);
    let _ = UnitsView::from_world(&mut s.world);
    assert_ne!(s.world.resource::<UnitsNow>().placements(), placed, "a unit was placed");
    assert!(boxes_decide(&mut s));
    let slot_controlled = game.lookups.slot_controlled();
    let kept = |o: &[Option<usize>]| slot_controlled.iter().map(|d| o[d.index()]).collect::<Vec<_>>();
    assert_eq!(kept(&s.world.resource::<Control>().owner), kept(&owners), "no box changed");
    let from_box = moves(&mut s).into_iter().find(|c| matches!(c, Command::Move { unit, .. } if in_box(&mut s, unit))).expect("a move out of a box");
    let Command::Move { unit, .. } = &from_box else { unreachable!() };
    let district = game.board.area_of(UnitsView::from_world(&mut s.world).get(unit).and_then(|u| u.space()).expect("on the map"));
    let before = s.world.resource::<Control>().owner[district.index()];
    play(&mut s, &[from_box]);
    assert!(boxes_decide(&mut s));
    assert_ne!(s.world.resource::<Control>().owner[district.index()], before, "the district's box was left");
}

#[test]
fn rule_18_4_the_control_phase_adds_each_side_its_own_points() {
    let mut s = session(FILE, 1, &[]);
    // Set-up: the Ins fills both Tikrit boxes (5 Ins points there), everything else by the first legal placement.
    for _ in 0..300 {
        if s.world.resource::<TurnState>().setup.is_none() {
            break;
        }
        let st = s.state(None);
        let placed_tikrit = st.units.iter().filter(|u| u.location.starts_with("tikrit/")).count();
        let legal = s.legal_commands();
        let tikrit = legal.iter().find(|c| matches!(c, Command::Place { at, .. } if at.starts_with("tikrit/") && placed_tikrit < 2));
        let other = legal.iter().find(|c| matches!(c, Command::Place { at, .. } if !at.contains("/infra")));
        let c = tikrit.or(other).cloned().unwrap_or(Command::EndPhase);
        play(&mut s, &[c]);
    }
    let st = s.state(None);
    assert_eq!(st.control.get("tikrit").map(String::as_str), Some("ins"), "{:?}", st.control);
    // The Insurgent (70 against 30) keeps the initiative; both player turns pass (making the
    // conflicts the rules demand); the automatic Control phase scores what is held then.
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }]);
    let before = loop {
        let st = s.state(None);
        let legal = s.legal_commands();
        if st.phase == "second_conflict" && st.prompt.is_none() && legal.contains(&Command::EndPhase) {
            break st;
        }
        let c = if legal.contains(&Command::EndPhase) { Command::EndPhase } else { legal[0].clone() };
        play(&mut s, &[c]);
    };
    let held = |side: &str| -> i64 {
        let d = districts(&s);
        d.iter().filter(|x| before.control.get(&x.id).map(String::as_str) == Some(side)).map(|x| int(x, if side == "ci" { "ci_points" } else { "ins_points" })).sum()
    };
    let (ci_gain, ins_gain) = (held("ci"), held("ins"));
    assert!(ins_gain >= 5);
    play(&mut s, &[Command::EndPhase]);
    let after = s.state(None);
    assert_eq!(after.phase, "attrition_second");
    assert_eq!(after.tracks["ci_ni"] as i64, before.tracks["ci_ni"] as i64 + ci_gain);
    assert_eq!(after.tracks["ins_ni"] as i64, (before.tracks["ins_ni"] as i64 + ins_gain).min(100));
}

#[test]
fn rule_5_2_sudden_death_the_survivor_scores_its_index_plus_50() {
    use sandtable::model::Tracks;
    use sandtable::rules::victory::margin_result;
    let s = session(FILE, 1, &[]);
    let game = s.game().clone();
    let tracks = |ci: i32, ins: i32| Tracks(vec![ci, ins]);
    // The reference's example: A has 20 when B reaches 0: 70 is a Substantive Victory.
    let r = margin_result(&game, &tracks(20, 0), true).expect("sudden death");
    assert_eq!(r.level, "ci_substantive");
    assert_eq!(r.winner.as_deref(), Some("ci"));
    assert!(margin_result(&game, &tracks(20, 1), true).is_none(), "no index at 0: the game goes on");
    // Above 100 counts as Turning Point.
    assert_eq!(margin_result(&game, &tracks(0, 60), true).expect("sudden death").level, "ins_turning_point");
    // 5.1 at the end: margins 0-25 draw, 26-50 limited, 51-75 substantive, 76+ turning point.
    assert_eq!(margin_result(&game, &tracks(55, 30), false).expect("end").level, "draw");
    assert_eq!(margin_result(&game, &tracks(30, 56), false).expect("end").level, "ins_limited");
    assert_eq!(margin_result(&game, &tracks(90, 14), false).expect("end").level, "ci_turning_point");
}

/// The fixture with no set-up groups and these units placed: (id, type, space, level).
fn with_units(units: &[(&str, &str, &str, u32)]) -> Session {
    with_units_edited(units, &[], &NO_CHAOS)
}

/// Edits that take the chaos phases out of the data (for tests of other rules with forced dice).
pub(crate) const NO_CHAOS: [(&str, &str); 2] = [
    ("(id: \"first_chaos\", name: \"First Player Chaos\", kind: Event, actor: First, rule: Some(\"11\")),\n                     ", ""),
    ("(id: \"second_chaos\", name: \"Second Player Chaos\", kind: Event, actor: Second, rule: Some(\"11\")),\n                     ", ""),
];

/// The Decision: Iraq data with only these units (id, type, place, level) and forced dice.
pub(crate) fn with_units_dice(units: &[(&str, &str, &str, u32)], dice: &[u32]) -> Session {
    with_units_edited(units, dice, &[])
}

/// As `with_units_dice`, with text replacements made in the data first.
pub(crate) fn with_units_edited(units: &[(&str, &str, &str, u32)], dice: &[u32], edits: &[(&str, &str)]) -> Session {
    let mut text = std::fs::read_to_string(crate::common::root().join(FILE)).expect("read");
    // No chits in hand and no airstrikes unless a test deals them.
    text = text.replacen("initial_draws: [(\"ins\", \"ins_chits\", 3)],", "initial_draws: [],", 1);
    text = text.replacen("side: Some(\"ci\"), start: 2, floor: 0, cap: 4)", "side: Some(\"ci\"), start: 0, floor: 0, cap: 4)", 1);
    for (a, b) in edits {
        assert!(text.contains(a), "{a}");
        text = text.replacen(a, b, 1);
    }
    let (a, b) = (text.find("        groups: [").expect("groups"), text.find("    tables: (").expect("tables"));
    let placed: String = units.iter().map(|(id, t, at, l)| format!("            (id: \"{id}\", unit_type: \"{t}\", at: \"{at}\", level: Some({l})),\n")).collect();
    let text = format!("{}        groups: [],\n    ),\n{}", &text[..a], &text[b..]).replacen("        units: [\n", &format!("        units: [\n{placed}"), 1);
    crate::common::session_from_text_with(&text, 1, dice)
}

fn destinations(s: &mut Session, unit: &str) -> Vec<(String, u32)> {
    use sandtable::model::view::UnitsView;
    use sandtable::rules::movement::legal_destinations;
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let control = s.world.resource::<Control>().clone();
    let u = units.get(unit).expect(unit).clone();
    legal_destinations(&game, &units, &control, &u).into_iter().map(|d| (game.board.key(d.space).to_string(), d.cost)).collect()
}

fn reaches(d: &[(String, u32)], key: &str) -> Option<u32> {
    d.iter().find(|(k, _)| k == key).map(|(_, c)| *c)
}

#[test]
fn rule_13_2_a_2_mf_unit_in_basrah_reaches_the_green_zone_through_tigris_euphrates() {
    let mut s = with_units(&[("BCT", "mnf_bct", "basrah", 1)]);
    let d = destinations(&mut s, "BCT");
    assert_eq!(reaches(&d, "tigris_euphrates"), Some(1));
    assert_eq!(reaches(&d, "green_zone"), Some(2), "one MP per district entered");
    assert_eq!(reaches(&d, "baghdad_east"), Some(2));
    assert_eq!(reaches(&d, "samara"), None, "three districts away");
}

#[test]
fn rule_13_3_open_enemies_stop_a_move_and_13_4_underground_ones_do_not() {
    let mut open = with_units(&[("BCT", "mnf_bct", "basrah", 1), ("M", "ins_militia", "tigris_euphrates", 1)]);
    let d = destinations(&mut open, "BCT");
    assert_eq!(reaches(&d, "tigris_euphrates"), Some(1), "it may enter, and stops");
    assert_eq!(reaches(&d, "green_zone"), None);
    let mut under = with_units(&[("BCT", "mnf_bct", "basrah", 1), ("M", "ins_militia", "tigris_euphrates/infra1", 1)]);
    assert_eq!(reaches(&destinations(&mut under, "BCT"), "green_zone"), Some(2));
}

#[test]
fn rule_13_6_an_infiltrating_unit_passes_through_enemy_districts() {
    let mut s = with_units(&[("AIR", "mnf_airmobile", "basrah", 1), ("M", "ins_militia", "tigris_euphrates", 1)]);
    let d = destinations(&mut s, "AIR");
    assert_eq!(reaches(&d, "green_zone"), Some(2));
    assert_eq!(reaches(&d, "baghdad_west"), Some(3), "three MF, through an occupied district");
}

#[test]
fn rule_17_1_an_infra_box_costs_1_mp_and_17_3_a_unit_stops_in_it_beside_open_enemies() {
    use sandtable::model::view::UnitsView;
    use sandtable::rules::movement::must_stop;
    let mut s = with_units(&[("BCT", "mnf_bct", "baghdad_west", 2), ("M", "ins_militia", "baghdad_west", 1), ("U", "ins_militia", "baghdad_west/infra1", 1)]);
    let d = destinations(&mut s, "BCT");
    assert_eq!(reaches(&d, "baghdad_west/infra2"), Some(1));
    assert_eq!(reaches(&d, "baghdad_west/infra1"), None, "one unit per box");
    let game = s.game().clone();
    let units = UnitsView::from_world(&mut s.world);
    let me = units.get("BCT").expect("unit").clone();
    let control = s.world.resource::<sandtable::model::Control>().clone();
    assert!(must_stop(&game, (&units, &control), &me, game.board.space("baghdad_west/infra2").expect("box"), 1), "open enemies in the district");
    let mut quiet = with_units(&[("BCT", "mnf_bct", "baghdad_west", 2)]);
    let d = destinations(&mut quiet, "BCT");
    assert_eq!(reaches(&d, "baghdad_west/infra3"), Some(1));
    assert_eq!(reaches(&d, "samara"), Some(1));
}

#[test]
fn rule_13_7_the_movement_restriction_chart() {
    let mut s = with_units(&[
        ("BCT", "mnf_bct", "al_qaim", 1),
        ("SOF", "mnf_sof", "al_qaim", 0),
        ("IM", "ins_militia", "basrah", 2),
        ("FJ", "ff_jihadi", "basrah", 0),
    ]);
    assert_eq!(reaches(&destinations(&mut s, "BCT"), "syria"), None, "no MNF in Syria but a SOF");
    assert_eq!(reaches(&destinations(&mut s, "SOF"), "syria"), Some(1));
    assert_eq!(reaches(&destinations(&mut s, "IM"), "kuwait"), None, "Iraqi insurgents stay in Iraq");
    assert_eq!(reaches(&destinations(&mut s, "FJ"), "kuwait"), Some(1), "one FF Jihadi in Kuwait");
    // A second MNF SOF may not join the first in Syria.
    let mut two = with_units(&[("SOF", "mnf_sof", "al_qaim", 0), ("SOF2", "mnf_sof", "syria", 0)]);
    assert_eq!(reaches(&destinations(&mut two, "SOF"), "syria"), None);
}

#[test]
fn rule_19_3_half_the_militia_outside_control_lose_a_level_the_owner_choosing() {
    use sandtable::model::prompt::Prompt;
    // The reference's example: 1 L1 and 2 L2 militia in an uncontrolled district, 2 reductions.
    // Also an FF militia (exempt, 19.1) and Ins militia filling Samara's boxes (controlled: safe).
    let mut s = with_units(&[
        ("M1", "ins_militia", "tikrit", 1),
        ("M2a", "ins_militia", "tikrit", 2),
        ("M2b", "ins_militia", "tikrit/infra1", 2),
        ("FF", "ff_militia", "tikrit", 2),
        ("S1", "ins_militia", "samara/infra1", 1),
        ("S2", "ins_militia", "samara/infra2", 1),
    ]);
    // 2003B is a B turn: initiative (the Insurgent plays first), both movement and conflict
    // phases, the Control phase, the CI's attrition (nothing to do), then the Insurgent's.
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }, Command::EndPhase, Command::EndPhase, Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    let st = s.state(None);
    assert_eq!(st.phase, "attrition_first");
    let Some(Prompt::ChooseUnit { side, units, .. }) = st.prompt else { panic!("the owner chooses: {:?}", st.prompt) };
    assert_eq!(side, "ins");
    assert_eq!(units, vec!["M1".to_string(), "M2a".to_string(), "M2b".to_string()], "FF militia are exempt");
    assert!(s.apply(Command::EndPhase).is_err(), "the choice comes first");
    play(&mut s, &[Command::Choose { unit: "M1".into() }]);
    let Some(Prompt::ChooseUnit { units, .. }) = s.state(None).prompt else { panic!("one more to choose") };
    assert_eq!(units, vec!["M2a".to_string(), "M2b".to_string()], "distinct units");
    play(&mut s, &[Command::Choose { unit: "M2b".into() }]);
    let st = s.state(None);
    assert!(st.prompt.is_none());
    let level = |id: &str| st.units.iter().find(|u| u.id == id).map(|u| (u.location.clone(), u.level)).expect(id);
    assert_eq!(level("M1").0, "available", "an L1 unit that loses a level is eliminated");
    assert_eq!(level("M2b"), ("tikrit/infra1".into(), 1));
    assert_eq!(level("M2a"), ("tikrit".into(), 2));
    assert_eq!((level("S1").1, level("S2").1), (1, 1), "Samara is the Insurgent's: no attrition");
    // A turns have Mobilization phases and no attrition phase.
    play(&mut s, &[Command::EndPhase, Command::FirstPlayer { side: "ins".into() }]);
    let phases: Vec<String> = (0..6).map(|_| { let p = s.state(None).phase; s.apply(Command::EndPhase).expect("ends"); p }).collect();
    assert_eq!(s.state(None).turn, "2004B", "{phases:?}");
    assert_eq!(phases, ["first_mobilization", "first_movement", "first_conflict", "second_mobilization", "second_movement", "second_conflict"]);
}

/// Random legal games through set-up, area movement, control, income and attrition: every
/// listed command is accepted and the invariants hold after each one; every game ends with a
/// margin level.
#[test]
fn random_games_on_the_decision_iraq_data_keep_the_invariants() {
    for seed in 0..3 {
        let mut s = session(FILE, seed, &[]);
        crate::common::play_random_checked(&mut s, seed, 50_000);
        let r = s.state(None).result.expect("a result");
        assert!(r.level == "draw" || r.level.ends_with("limited") || r.level.ends_with("substantive") || r.level.ends_with("turning_point"), "{r:?}");
    }
}

#[test]
fn rule_10_2_the_side_with_more_points_chooses_the_first_player() {
    use sandtable::model::prompt::Prompt;
    let mut s = with_units(&[("BCT", "mnf_bct", "basrah", 1)]);
    // 70 against 30: the Insurgent chooses, before any phase is played.
    let Some(Prompt::FirstPlayer { side, .. }) = s.state(None).prompt else { panic!("initiative first") };
    assert_eq!(side, "ins");
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    let st = s.state(None);
    assert_eq!((st.phase.as_str(), st.active_side.as_deref()), ("first_movement", Some("ci")));
    // 10.3: for one turn; the side with more points chooses, a tie makes the Insurgent first.
    use sandtable::rules::initiative::{Initiative, initiative};
    let game = s.game().clone();
    let tracks = |ci: i32, ins: i32| sandtable::model::Tracks(vec![ci, ins]);
    let (ci, ins) = (game.side_index("ci").expect("ci"), game.side_index("ins").expect("ins"));
    assert_eq!(initiative(&game, &tracks(40, 40)), Some(Initiative::TiedFirst(ins)));
    assert_eq!(initiative(&game, &tracks(41, 40)), Some(Initiative::Chooses(ci)));
    while s.state(None).turn == "2003B" {
        let legal = s.legal_commands();
        let c = legal.iter().find(|c| matches!(c, Command::EndPhase)).cloned().unwrap_or_else(|| legal[0].clone());
        play(&mut s, &[c]);
    }
    assert!(matches!(s.state(None).prompt, Some(Prompt::FirstPlayer { .. })), "asked again on 2004A");
}

/// DI 10.2: with equal Netwar Indexes the Insurgent is First Player; nobody is asked, and a
/// `FirstPlayer` command is refused.
#[test]
fn rule_10_2_a_tie_makes_the_insurgent_first_player_without_a_choice() {
    use sandtable::model::prompt::Prompt;
    let tie = [("(id: \"ins_ni\", name: \"Insurgent Netwar Index\", side: Some(\"ins\"), start: 70,", "(id: \"ins_ni\", name: \"Insurgent Netwar Index\", side: Some(\"ins\"), start: 30,")];
    let mut s = with_units_edited(&[("BCT", "mnf_bct", "basrah", 1)], &[], &tie);
    let st = s.state(None);
    assert_eq!((st.tracks["ci_ni"], st.tracks["ins_ni"]), (30, 30));
    assert!(!matches!(st.prompt, Some(Prompt::FirstPlayer { .. })), "nobody chooses on a tie: {:?}", st.prompt);
    assert_eq!(st.active_side.as_deref(), Some("ins"), "the Insurgent plays first");
    assert!(crate::common::log_has(&mut s, "the tracks are tied: ins is first player this turn (10.2)"));
    assert!(s.apply(Command::FirstPlayer { side: "ci".into() }).is_err(), "the tied Insurgent may not hand the initiative over");
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::FirstPlayer { .. })));
}

/// The data may give the tied side the choice instead (`tie_chooses: true`).
#[test]
fn rule_10_2_tie_chooses_in_the_data_gives_the_tied_side_the_choice() {
    use sandtable::model::prompt::Prompt;
    let edits = [
        ("(id: \"ins_ni\", name: \"Insurgent Netwar Index\", side: Some(\"ins\"), start: 70,", "(id: \"ins_ni\", name: \"Insurgent Netwar Index\", side: Some(\"ins\"), start: 30,"),
        ("tie: \"ins\")", "tie: \"ins\", tie_chooses: true)"),
    ];
    let mut s = with_units_edited(&[("BCT", "mnf_bct", "basrah", 1)], &[], &edits);
    let Some(Prompt::FirstPlayer { side, .. }) = s.state(None).prompt else { panic!("the tied side chooses") };
    assert_eq!(side, "ins");
}

#[test]
fn a_misspelt_income_attribute_is_an_error_not_a_silent_zero() {
    let text = std::fs::read_to_string(crate::common::root().join(FILE)).expect("read").replace(r#"attribute: "ci_points""#, r#"attribute: "ci_pionts""#);
    let Err(err) = sandtable::games::load_str(&text, "di.ron", &crate::common::root()) else { panic!("refused") };
    let err = err.to_string();
    assert!(err.contains("rules.control_income[0].attribute: no area space has an integer attribute `ci_pionts`"), "{err}");
}

#[test]
fn misspelt_netwar_ids_are_errors_with_their_field_paths() {
    let text = std::fs::read_to_string(crate::common::root().join(FILE))
        .expect("read")
        .replace(r#"track: "ci_ni", points: "ci_points""#, r#"track: "ci_nix", points: "ci_points""#)
        .replace(r#"tables: ["guerrilla", "kinetic"], banned"#, r#"tables: ["guerilla", "kinetic"], banned"#)
        .replace(r#"unit_types: ["ins_militia", "ins_ansar", "ins_jihadi", "ig_militia"], max_movement"#, r#"unit_types: ["ins_milita", "ins_ansar", "ins_jihadi", "ig_militia"], max_movement"#)
        .replace(r#"RulesetEffect(PlaceUnit(unit_types: ["ig_militia"], level: Some(2), spaces: [Attribute("sect", Text("Kurdish"))]))"#, r#"RulesetEffect(PlaceUnit(unit_types: ["ig_milita"], level: Some(2), spaces: [Attribute("sect", Text("Kurdish"))]))"#);
    let Err(err) = sandtable::games::load_str(&text, "di.ron", &crate::common::root()) else { panic!("refused") };
    let err = err.to_string();
    for want in [
        "ruleset_rules.sides[0].track: unknown track `ci_nix`",
        "ruleset_rules.airstrikes.tables[0]: unknown combat results table `guerilla`",
        "ruleset_rules.sect_bound.unit_types[0]",
        "tables.events[0].entries[2].effects[0].unit_types[0]",
    ] {
        assert!(err.contains(want), "{want}: {err}");
    }
}

#[test]
fn rule_3_2_3_3_the_default_placement_starts_a_game_at_once_and_the_sof_militia_needs_a_sof() {
    let mut s = session(FILE, 1, &[]);
    // 3.2: the IG militia placed with a SOF may go only where an MNF SOF already stands.
    let e = s.apply(Command::Place { unit: "ci_sofmil#1".into(), at: "tikrit".into() }).expect_err("no SOF there");
    assert!(e.contains("already stands"), "{e}");
    play(&mut s, &[Command::Place { unit: "ci_sof#1".into(), at: "anbar".into() }, Command::Place { unit: "ci_sofmil#1".into(), at: "anbar/infra2".into() }]);
    // The rest of the CI's groups by the default placement, then the Insurgent's.
    assert!(s.legal_commands().contains(&Command::DefaultSetup));
    play(&mut s, &[Command::DefaultSetup, Command::EndPhase, Command::DefaultSetup, Command::EndPhase]);
    let st = s.state(None);
    assert!(s.world.resource::<TurnState>().setup.is_none());
    assert_eq!(st.turn, "2003B");
    assert!(st.units.iter().all(|u| u.location != "not entered"), "every set-up unit is placed");
    assert_eq!(location(&mut s, "ci_sofmil#1"), "anbar/infra2", "placed by hand, kept");
    assert_eq!(location(&mut s, "ins_s1#1"), "baghdad_east/infra1");
    assert_eq!(st.control.get("kurdistan_north").map(String::as_str), Some("ci"));
}

/// A new game of the shipped scenario with these options, both sides taking the default placement.
fn variant(options: &[&str]) -> Session {
    use sandtable::session::GameSetup;
    let loaded = crate::common::load(FILE);
    let options = options.iter().map(|o| (*o).to_string()).collect();
    let mut s = Session::new(loaded, GameSetup { options, seed: 3, forced_dice: vec![] }).expect("session");
    play(&mut s, &[Command::DefaultSetup, Command::EndPhase, Command::DefaultSetup, Command::EndPhase]);
    s
}

#[test]
fn rule_27_14_variant_2_no_debaathification_changes_forces_and_indexes() {
    let mut s = variant(&["no_debaathification"]);
    let st = s.state(None);
    assert_eq!((st.tracks["ci_ni"], st.tracks["ins_ni"]), (20, 80));
    let divisions: Vec<(String, u32)> = st.units.iter().filter(|u| u.unit_type == "ig_division" && u.location != "available").map(|u| (u.location.clone(), u.level)).collect();
    assert_eq!(divisions.len(), 3);
    assert!(divisions.iter().all(|(_, l)| *l == 2));
    let l2_militia = st.units.iter().filter(|u| u.unit_type == "ins_militia" && u.level == 2 && u.location != "available").count();
    assert_eq!(l2_militia, 0, "the three level-2 Iraqi militia are removed");
    let mut std = variant(&[]);
    assert_eq!(std.state(None).tracks["ins_ni"], 70);
}

#[test]
fn rule_27_15_variant_3_iranian_intervention_sends_units_and_opens_iran_to_mnf_sof() {
    let mut s = variant(&["iranian_intervention"]);
    let st = s.state(None);
    assert_eq!(st.tracks["ins_ni"], 60);
    assert!(st.units.iter().any(|u| u.unit_type == "ff_ansar" && u.level == 2 && u.location == "iran_south"));
    assert_eq!(st.units.iter().filter(|u| u.unit_type == "ff_militia" && u.level == 3 && u.location.starts_with("iran")).count(), 2);
    // Two MNF SOF in Iran at once: only in this variant.
    use sandtable::model::view::UnitsView;
    use sandtable::rules::entry_bans::entry_bans;
    for (opts, expect) in [(&["iranian_intervention"][..], false), (&[][..], true)] {
        let mut s = variant(opts);
        let iran = s.game().board.space("iran_north").expect("iran");
        let south = s.game().board.space("iran_south").expect("iran");
        let units = UnitsView::from_world(&mut s.world).changed(|v| v.iter_mut().find(|u| &*u.id == "ci_sof#1").expect("sof").location = sandtable::model::Location::OnMap(south));
        let second = units.get("ci_sof#2").expect("sof").clone();
        assert_eq!(entry_bans(s.game(), &units, &second).contains(iran), expect, "options {opts:?}");
    }
}

#[test]
fn rule_27_13_variant_1_the_ci_buys_mnf_units_at_set_up_for_double_and_may_use_boxes() {
    use sandtable::session::GameSetup;
    let loaded = crate::common::load(FILE);
    let mut s = Session::new(loaded, GameSetup { options: ["mnf_surge".to_string()].into(), seed: 3, forced_dice: vec![] }).expect("session");
    play(&mut s, &[Command::Recruit { unit_type: "mnf_bct".into(), at: "mosul_kirkuk/infra1".into(), surge: false }]);
    assert_eq!(s.state(None).tracks["ci_ni"], 30 - 12, "double the chart's 6");
    let e = s.apply(Command::Recruit { unit_type: "ig_division".into(), at: "tikrit".into(), surge: false }).expect_err("MNF only");
    assert!(e.contains("27.13"), "{e}");
    play(&mut s, &[Command::Place { unit: "ci_bct1_v1#1".into(), at: "mosul_kirkuk/infra2".into() }, Command::DefaultSetup, Command::EndPhase]);
    // The Insurgent may not buy at set-up.
    assert!(s.apply(Command::Recruit { unit_type: "ins_militia".into(), at: "tikrit".into(), surge: false }).is_err());
    play(&mut s, &[Command::DefaultSetup, Command::EndPhase]);
    let st = s.state(None);
    assert!(s.world.resource::<TurnState>().setup.is_none());
    assert_eq!(st.units.iter().filter(|u| u.unit_type == "mnf_bct" && u.location.starts_with("mosul_kirkuk/")).count(), 2);
    assert_eq!(st.control.get("mosul_kirkuk").map(String::as_str), Some("ci"));
    // Without the variant the MNF set-up stays out of the boxes and nothing is bought.
    let mut s = session(FILE, 1, &[]);
    assert!(s.apply(Command::Recruit { unit_type: "mnf_bct".into(), at: "tikrit".into(), surge: false }).is_err());
}

#[test]
fn rule_4_1_the_sequence_of_play_of_a_b_turn_and_an_a_turn() {
    let mut s = with_units(&[]);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    let mut phases = Vec::new();
    while s.state(None).turn != "2004B" {
        let st = s.state(None);
        if phases.last() != Some(&format!("{} {}", st.turn, st.phase)) {
            phases.push(format!("{} {}", st.turn, st.phase));
        }
        let legal = s.legal_commands();
        play(&mut s, &[if legal.contains(&Command::EndPhase) { Command::EndPhase } else { legal[0].clone() }]);
    }
    // (Chaos phases are taken out of this data; see NO_CHAOS.) The Control phase plays itself.
    assert_eq!(
        phases,
        [
            "2003B first_movement", "2003B first_conflict", "2003B second_movement", "2003B second_conflict", "2003B attrition_second", "2003B attrition_first",
            "2004A first_mobilization", "2004A first_movement", "2004A first_conflict", "2004A second_mobilization", "2004A second_movement", "2004A second_conflict",
        ]
    );
}

#[test]
fn rule_6_2_the_index_never_rises_above_100() {
    // The Insurgent at 98 controls Tikrit (5): the Control phase takes it to 100, not 103.
    let mut s = with_units_edited(&[("M1", "ins_militia", "tikrit/infra1", 1), ("M2", "ins_militia", "tikrit/infra2", 1)], &[], &[(r#"side: Some("ins"), start: 70,"#, r#"side: Some("ins"), start: 98,"#), NO_CHAOS[0], NO_CHAOS[1]]);
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }, Command::EndPhase, Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    assert_eq!(s.state(None).tracks["ins_ni"], 100);
}

#[test]
fn rule_9_3_one_unit_per_infra_box_whatever_its_side() {
    let mut s = with_units(&[("B", "mnf_bct", "tikrit/infra1", 1), ("M", "ins_militia", "samara", 2)]);
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }]);
    let d = destinations(&mut s, "M");
    assert!(reaches(&d, "tikrit/infra2").is_some() || reaches(&d, "tikrit").is_some(), "{d:?}");
    assert_eq!(reaches(&d, "tikrit/infra1"), None, "the CI's box is full");
}

#[test]
fn rule_25_2_chits_in_hand_are_hidden_from_the_other_side() {
    let mut s = session(FILE, 5, &[]);
    let own = s.state(Some(1)).hands["ins"].clone();
    assert_eq!(own.len(), 3);
    assert!(own.iter().all(|c| c != "hidden"));
    assert_eq!(s.state(Some(0)).hands["ins"], ["hidden", "hidden", "hidden"]);
    let st = s.state(Some(0));
    let text = format!("{st:?}");
    for c in &own {
        assert!(!text.contains(c.as_str()), "{c} leaks into the CI's view");
    }
}

#[test]
fn the_track_history_keeps_each_index_at_every_turn_end_for_the_chart() {
    use sandtable::rules::tracks::TrackHistory;
    // The Insurgent holds Tikrit: +5 at each Control phase.
    let mut s = with_units(&[("M1", "ins_militia", "tikrit/infra1", 1), ("M2", "ins_militia", "tikrit/infra2", 1)]);
    for _ in 0..2 {
        play(&mut s, &[Command::FirstPlayer { side: "ins".into() }]);
        let turn = s.state(None).turn;
        while s.state(None).turn == turn {
            play(&mut s, &[Command::EndPhase]);
        }
    }
    let h = s.world.resource::<TrackHistory>().0.clone();
    let labels: Vec<&str> = h.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(labels, ["start", "2003B", "2004A"]);
    let ins = s.game().track_index("ins_ni").expect("ins");
    assert_eq!(h.iter().map(|(_, v)| v[ins]).collect::<Vec<_>>(), [70, 75, 80]);
}

#[test]
fn rule_20_5_each_chit_has_the_kind_its_effects_name_and_each_side_the_windows_its_cups_give() {
    use sandtable::games::decision_iraq::chits::{chit_kind, window_for};
    use sandtable::games::decision_iraq::schema::{NetwarChit, NetwarEffect};
    use sandtable::scenario::schema::EventEffect;
    let kinds = [NetwarChit::Cancel, NetwarChit::InfoWar, NetwarChit::Isr, NetwarChit::LeaderNode, NetwarChit::TacticalEdge];
    // The shipped cups, and the same without the CI's Tactical Edge chits.
    let text = std::fs::read_to_string(crate::common::root().join(FILE)).expect("scenario");
    let edge = "(id: \"ci_tactical_edge\", name: \"Tactical Edge\", count: 3, mode: Held, rule: Some(\"20.5\"), effects: [RulesetEffect(Chit(TacticalEdge))]),";
    assert!(text.contains(edge));
    for (s, ci_edge) in [(session(FILE, 5, &[]), true), (crate::common::session_from_text_with(&text.replace(edge, ""), 5, &[]), false)] {
        let game = s.game();
        // Every Netwar chit kind a definition's effects name, read from the definition itself.
        let named = |c: &sandtable::scenario::schema::ChitDef| -> Vec<NetwarChit> {
            let kind = |e: &EventEffect| match e {
                EventEffect::RulesetEffect(raw) => match sandtable::games::decision_iraq::effect(game, raw) {
                    Some(NetwarEffect::Chit(k)) => Some(*k),
                    _ => None,
                },
                _ => None,
            };
            c.effects.iter().filter_map(kind).collect()
        };
        let mut with_kind = 0;
        for p in &game.scenario.pools {
            for c in &p.chits {
                // Any copy of the type (`fatwa#2`) has the type's kind.
                assert_eq!(chit_kind(game, &format!("{}#2", c.id)), named(c).first().copied(), "{}", c.id);
                with_kind += usize::from(!named(c).is_empty());
            }
        }
        assert_eq!(with_kind, if ci_edge { 10 } else { 9 }, "the cups' Netwar chits");
        assert_eq!(chit_kind(game, "no_such_chit#1"), None);
        // A side is offered a window for a kind where a cup of its own (or of no side) holds
        // one, and only while it holds some chit.
        let mut pools = s.world.resource::<sandtable::model::Pools>().clone();
        for (side, def) in game.scenario.sides.iter().enumerate() {
            pools.hands[side] = vec!["any#1".to_string()];
            for k in kinds {
                let in_cups = game.scenario.pools.iter().filter(|p| p.side.as_deref().is_none_or(|x| x == def.id)).any(|p| p.chits.iter().any(|c| named(c).contains(&k)));
                assert_eq!(window_for(game, &pools, side, k), in_cups, "{} {k:?}", def.id);
                assert_eq!(in_cups, ci_edge || def.id != "ci" || k != NetwarChit::TacticalEdge, "{} {k:?}", def.id);
            }
            pools.hands[side].clear();
            assert!(kinds.iter().all(|&k| !window_for(game, &pools, side, k)), "an empty hand has no window");
        }
    }
}
