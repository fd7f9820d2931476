//! Rail movement (`rules.rail_movement`; engine gap G6, ToO 9.8 and 9.9, worked case T20): pay
//! 1 MP, then ride up to 25 hexes of one's own rail net; once a phase, combined with other
//! movement; entering an enemy zone of control ends the ride; enemy rail is not one's own.

use sandtable::session::{Command, Session};

use crate::common::{kell_rules, location, log_has, mv, play};

/// A railway along row 1 (0101-0801, its east end, 0701-0801, held by the South at the start)
/// and a road south from 0101 to 0105.
pub const LINE: (&str, &str) = (
    r#"(id: "kell_road", class: Road, hexes: ["0201", "0202", "0303", "0403", "0404", "0505", "0506"]),"#,
    r#"(id: "kell_road", class: Road, hexes: ["0201", "0202", "0303", "0403", "0404", "0505", "0506"]),
            (id: "north_line", class: Rail, hexes: ["0101", "0201", "0301", "0401", "0501", "0601", "0701", "0801"]),
            (id: "west_road", class: Road, hexes: ["0101", "0102", "0103", "0104", "0105"]),"#,
);
pub const SOUTH_EAST: (&str, &str) = (r#"(side: "south", rows: Some((4, 6))),"#, r#"(side: "south", rows: Some((4, 6)), hexes: ["0701", "0801"]),"#);
const RULES: &str = "(road_mp: Some((1, 2)), rail_movement: Some((cost_mp: 1, max_hexes: 25)))";

fn rail(unit: &str, to: &str) -> Command {
    Command::RailMove { unit: unit.into(), to: to.into() }
}

fn rail_targets(s: &mut Session, unit: &str) -> Vec<String> {
    let mut out: Vec<String> = s.legal_commands().into_iter().filter_map(|c| match c {
        Command::RailMove { unit: u, to } if u == unit => Some(to.to_string()),
        _ => None,
    }).collect();
    out.sort();
    out
}

#[test]
fn rule_too_9_8_t20_walk_ride_walk_in_one_phase() {
    let mut s = kell_rules(RULES, &[LINE, SOUTH_EAST], &[]);
    // 1 clear hex onto the line (1 MP)...
    play(&mut s, &[mv("N-3Inf", "0601")]);
    // ...the whole of its own net westward is in reach; the South's end of the line is not.
    assert_eq!(rail_targets(&mut s, "N-3Inf"), ["0101", "0201", "0301", "0401", "0501"]);
    // ...boards and rides five hexes (1 MP)...
    play(&mut s, &[rail("N-3Inf", "0101")]);
    assert!(log_has(&mut s, "N-3Inf moves by rail 0501-0401-0301-0201-0101 (5 hexes, 1 MP)"));
    // ...a second ride is refused...
    let e = s.apply(rail("N-3Inf", "0301")).expect_err("one rail move a phase");
    assert!(e.contains("already moved by rail"), "{e}");
    // ...and it walks on by road, four hexes at half a point (2 MP): 4 MP in all.
    play(&mut s, &[mv("N-3Inf", "0105")]);
    assert_eq!(location(&mut s, "N-3Inf"), "0105");
    let e = s.apply(mv("N-3Inf", "0106")).expect_err("its 4 MP are spent");
    assert!(!e.is_empty());
}

#[test]
fn rule_too_9_9_entering_an_enemy_zone_of_control_ends_the_ride() {
    // The South's militia at 0402 puts 0401 in its zone (N-2Inf makes room at 0403).
    let zoc = (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"),"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0402"),"#);
    let n2 = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0403"),"#);
    let mut s = kell_rules(RULES, &[LINE, zoc, n2], &[]);
    play(&mut s, &[mv("N-3Inf", "0601")]);
    // West: 0501, then 0401 where the ride stops; nothing beyond. East: the rest of the line.
    assert_eq!(rail_targets(&mut s, "N-3Inf"), ["0401", "0501", "0701", "0801"]);
    play(&mut s, &[rail("N-3Inf", "0401")]);
    let e = s.apply(mv("N-3Inf", "0301")).expect_err("stopped in the zone");
    assert!(!e.is_empty());
}

#[test]
fn rule_too_9_8_only_a_unit_on_its_own_net_with_mp_for_the_fare_rides() {
    let mut s = kell_rules("(rail_movement: Some((cost_mp: 3, max_hexes: 25)))", &[LINE, SOUTH_EAST], &[]);
    // N-2Inf (0402) stands off the line.
    let e = s.apply(rail("N-2Inf", "0101")).expect_err("not on the net");
    assert!(e.contains("not on its side's rail net"), "{e}");
    // N-3Inf walks on (1 MP): 3 of its 4 MP are left, the fare.
    play(&mut s, &[mv("N-3Inf", "0601")]);
    assert!(!rail_targets(&mut s, "N-3Inf").is_empty());
    let mut t = kell_rules("(rail_movement: Some((cost_mp: 4, max_hexes: 25)))", &[LINE, SOUTH_EAST], &[]);
    play(&mut t, &[mv("N-3Inf", "0601")]);
    let e = t.apply(rail("N-3Inf", "0101")).expect_err("3 MP left, the fare is 4");
    assert!(e.contains("has 3 MP left; boarding a train costs 4"), "{e}");
}

#[test]
fn rule_too_9_8_a_rail_move_is_given_with_the_mouse() {
    use sandtable::client::clicks::Highlight;
    use sandtable::client::{Client, OpenArgs, UiAction};
    // The scenario as a file, for the client to open.
    let mut text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    for (a, b) in [LINE, SOUTH_EAST, (crate::common::KELL_RULES, &*format!("rules: {},", RULES.replacen('(', "(reveal_when_enemy_ends_adjacent: true, ", 1)))] {
        text = text.replacen(a, b, 1);
    }
    let dir = std::env::temp_dir().join(format!("sandtable-rail-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("kell_rail.ron");
    std::fs::write(&file, text).expect("write");
    let mut c = Client::open(&OpenArgs { scenario: Some(file), seed: Some(1), load: None, solo: true }).expect("opens");
    c.save_dir = dir.clone();
    c.act(UiAction::Space("0602".into())).expect("select N-3Inf");
    c.act(UiAction::Space("0601".into())).expect("move onto the line");
    assert_eq!(location(&mut c.session, "N-3Inf"), "0601");
    c.act(UiAction::Space("0601".into())).expect("select it again");
    // One button for the rides, not one per hex; with it on, the map rings the line's hexes.
    let ride = c.offers().into_iter().find(|o| o.action == UiAction::ToggleRail).expect("a rail button");
    assert_eq!(ride.label, "Rail move: 5 hexes (ringed light blue)");
    c.act(UiAction::ToggleRail).expect("rail mode");
    let rings: Vec<String> = c.highlights().into_iter().filter(|(_, h)| *h == Highlight::Rail).map(|(s, _)| c.session.game().board.key(s).to_string()).collect();
    assert_eq!(rings, ["0101", "0201", "0301", "0401", "0501"]);
    c.act(UiAction::Space("0101".into())).expect("ride");
    assert_eq!(location(&mut c.session, "N-3Inf"), "0101");
    assert!(matches!(c.session.played.last().map(|p| &p.command), Some(Command::RailMove { .. })));
    let _ = std::fs::remove_dir_all(dir);
}
