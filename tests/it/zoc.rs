//! Zones of control as data-chosen variants (`rules.zoc`): which units exert a ZOC, stop on
//! entry, ZOC-to-ZOC, exit cost, infiltration.

use sandtable::model::view::UnitsView;
use sandtable::rules::movement::{enemy_zoc, legal_destinations, move_check};
use sandtable::session::Session;

use crate::common::{kell, kell_rules, mv, play};

/// N-2Inf set up at 0403, in the ZOC of S-1Inf (0404). Its neighbour 0504 (across the river,
/// 2 MP) is in the ZOC of S-1Inf and S-2Inf; 0503 (1 MP) is in no enemy ZOC.
const N2_AT_0403: (&str, &str) = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402")"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0403")"#);

fn cost(s: &mut Session, unit: &str, to: &str) -> Result<u32, String> {
    let units = UnitsView::from_world(&mut s.world);
    move_check(s.game(), &units, s.world.resource::<sandtable::model::Control>(), 0, unit, to).map(|d| d.cost)
}

#[test]
fn zoc_to_zoc_allowed_by_default() {
    let mut s = kell_rules("()", &[N2_AT_0403], &[]);
    assert_eq!(cost(&mut s, "N-2Inf", "0504"), Ok(2));
    assert_eq!(cost(&mut s, "N-2Inf", "0503"), Ok(1));
}

#[test]
fn zoc_to_zoc_forbidden() {
    let mut s = kell_rules("(zoc: (zoc_to_zoc: Forbidden))", &[N2_AT_0403], &[]);
    // Not directly (that would be 2 MP): only round by the free hex 0503, 1 + 2 MP.
    assert_eq!(cost(&mut s, "N-2Inf", "0504"), Ok(3));
    assert_eq!(cost(&mut s, "N-2Inf", "0503"), Ok(1), "leaving into a free hex is fine");
}

#[test]
fn zoc_to_zoc_at_a_cost_and_exit_cost() {
    let mut s = kell_rules("(zoc: (zoc_to_zoc: Cost(1), exit_cost: 1))", &[N2_AT_0403], &[]);
    assert_eq!(cost(&mut s, "N-2Inf", "0504"), Ok(4), "2 terrain + 1 exit + 1 ZOC-to-ZOC");
    assert_eq!(cost(&mut s, "N-2Inf", "0503"), Ok(2), "1 terrain + 1 exit");
}

#[test]
fn zoc_stop_on_entry_can_be_switched_off() {
    let paths_through_zoc = |s: &mut Session| {
        let units = UnitsView::from_world(&mut s.world);
        let game = s.game().clone();
        let zoc = enemy_zoc(&game, &units, 0);
        let control = s.world.resource::<sandtable::model::Control>().clone();
        units
            .all()
            .iter()
            .filter(|u| u.side == 0)
            .flat_map(|u| legal_destinations(&game, &units, &control, u))
            .filter(|d| d.path[..d.path.len() - 1].iter().any(|h| zoc[h.index()]))
            .count()
    };
    assert_eq!(paths_through_zoc(&mut kell(&[])), 0);
    assert!(paths_through_zoc(&mut kell_rules("(zoc: (stop_on_entry: false))", &[], &[])) > 0);
}

#[test]
fn zoc_exerted_only_from_min_attack_and_not_by_no_zoc_units() {
    // S-Mil (attack 1) at 0305 is the only unit next to 0204.
    let mut s = kell_rules("(zoc: (min_attack: 2))", &[], &[]);
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let z = enemy_zoc(&game, &units, 0);
    let at = |k: &str| z[game.board.space(k).expect("hex").index()];
    assert!(!at("0204"), "militia with attack 1 exerts no ZOC at min_attack 2");
    assert!(at("0403"), "S-1Inf (attack 3) does");
    let mut s = kell(&[]);
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let z = enemy_zoc(&game, &units, 0);
    assert!(z[game.board.space("0204").expect("hex").index()], "by default every unit exerts a ZOC");
    // The North's artillery (NoZoc) at 0202 exerts none: 0103 touches only its hex.
    let z = enemy_zoc(&game, &units, 1);
    assert!(!z[game.board.space("0103").expect("hex").index()]);
}

#[test]
fn zoc_infiltration_ignores_enemy_zones() {
    let mut s = kell_rules(
        "(zoc: (zoc_to_zoc: Forbidden))",
        &[N2_AT_0403, ("symbol: Infantry, size: \"III\",\n         strength: Steps([(attack: 4", "symbol: Infantry, size: \"III\", flags: [Infiltration],\n         strength: Steps([(attack: 4")],
        &[],
    );
    assert_eq!(cost(&mut s, "N-2Inf", "0504"), Ok(2), "an infiltrator may go ZOC to ZOC");
}

#[test]
fn rule_too_11_2_a_zoc_does_not_reach_across_a_hexside_that_blocks_it() {
    // The Kell as a hexside no zone of control crosses (ToO's all-sea and strait hexsides).
    let river = (r#"extra_cost: 1, defender_shift: -1),"#, r#"extra_cost: 1, defender_shift: -1, blocks_zoc: true),"#);
    let mut s = kell_rules("(zoc: (zoc_to_zoc: Forbidden))", &[N2_AT_0403, river], &[]);
    let units = UnitsView::from_world(&mut s.world);
    let zoc = enemy_zoc(s.game(), &units, 0);
    let at = |k: &str| s.game().board.space(k).expect("hex").index();
    assert!(!zoc[at("0403")], "S-1Inf (0404) is across the river from 0403");
    assert!(zoc[at("0504")], "0504 touches S-1Inf by land");
    // So N-2Inf at 0403 is in no enemy zone: straight to 0504 across the river (1 + 1 MP),
    // where the same move is ZOC-to-ZOC without the rule (3 MP round by 0503).
    assert_eq!(cost(&mut s, "N-2Inf", "0504"), Ok(2));
}

#[test]
fn rule_too_31_2_infiltrators_pay_to_leave_an_enemy_zone_even_into_another() {
    let infiltrator = ("symbol: Infantry, size: \"III\",\n         strength: Steps([(attack: 4", "symbol: Infantry, size: \"III\", flags: [Infiltration],\n         strength: Steps([(attack: 4");
    let mut s = kell_rules("(zoc: (zoc_to_zoc: Forbidden, infiltration_mp: Some(2)))", &[N2_AT_0403, infiltrator], &[]);
    assert_eq!(cost(&mut s, "N-2Inf", "0504"), Ok(4), "2 terrain + 2 to leave the zone, straight into another");
    assert_eq!(cost(&mut s, "N-2Inf", "0503"), Ok(3), "1 terrain + 2 to leave the zone");
    // A regiment without the flag may not go zone to zone: round by 0503 (1 + 2 MP).
    let mut plain = kell_rules("(zoc: (zoc_to_zoc: Forbidden, infiltration_mp: Some(2)))", &[N2_AT_0403], &[]);
    assert_eq!(cost(&mut plain, "N-2Inf", "0504"), Ok(3));
}

#[test]
fn rule_too_31_3_an_infiltrator_may_always_pass_the_first_enemy_zone_one_hex_for_all_its_mp() {
    // N-2Inf with 2 MP at 0403, in S-1Inf's zone: to 0504 costs 2 terrain + 2 to leave, more
    // than it has; 9.4's minimum move lets it go one hex for all its MP, zone to zone.
    let infiltrator = (
        "symbol: Infantry, size: \"III\",\n         strength: Steps([(attack: 4, defense: 4, movement: 4)",
        "symbol: Infantry, size: \"III\", flags: [Infiltration],\n         strength: Steps([(attack: 4, defense: 4, movement: 2)",
    );
    let rules = "(minimum_move: true, zoc: (zoc_to_zoc: Forbidden, infiltration_mp: Some(2)))";
    let mut s = kell_rules(rules, &[N2_AT_0403, infiltrator], &[]);
    assert_eq!(cost(&mut s, "N-2Inf", "0504"), Ok(2), "one hex for all its MP");
    play(&mut s, &[mv("N-2Inf", "0504")]);
    assert!(s.apply(mv("N-2Inf", "0505")).is_err(), "then it moves no more");
    // A regiment without the flag may not go zone to zone even so (nor round by 0503, 3 MP).
    let plain = ("symbol: Infantry, size: \"III\",\n         strength: Steps([(attack: 4, defense: 4, movement: 4)", "symbol: Infantry, size: \"III\",\n         strength: Steps([(attack: 4, defense: 4, movement: 2)");
    let mut t = kell_rules(rules, &[N2_AT_0403, plain], &[]);
    assert!(cost(&mut t, "N-2Inf", "0504").is_err());
}
