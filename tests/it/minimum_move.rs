//! The minimum move on hex maps (`rules.minimum_move`, ToO 9.4): a unit that has not moved yet
//! may always move one hex by spending all its MP; every other rule of movement (9.3) holds.

use sandtable::model::Control;
use sandtable::model::view::UnitsView;
use sandtable::rules::movement::{legal_destinations, move_check};
use sandtable::session::Session;

use crate::common::{kell_rules, location, mv, play};

/// N-2Inf set up at 0403, in the ZOC of S-1Inf (0404). Its neighbour 0504 (across the river,
/// 2 MP) is in the ZOC of S-1Inf and S-2Inf; 0503 (1 MP) is in no enemy ZOC.
const N2_AT_0403: (&str, &str) = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402")"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0403")"#);

/// The North's infantry with this movement factor at both steps.
fn infantry_ma(ma: u32) -> (&'static str, String) {
    ("(attack: 4, defense: 4, movement: 4), (attack: 2, defense: 2, movement: 4)", format!("(attack: 4, defense: 4, movement: {ma}), (attack: 2, defense: 2, movement: {ma})"))
}

fn session(rules: &str, ma: u32) -> Session {
    let (a, b) = infantry_ma(ma);
    kell_rules(rules, &[N2_AT_0403, (a, b.as_str())], &[])
}

fn cost(s: &mut Session, unit: &str, to: &str) -> Result<u32, String> {
    let units = UnitsView::from_world(&mut s.world);
    move_check(s.game(), &units, s.world.resource::<Control>(), 0, unit, to).map(|d| d.cost)
}

fn destinations(s: &mut Session, unit: &str) -> Vec<(String, u32)> {
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let u = units.get(unit).expect("unit").clone();
    legal_destinations(&game, &units, s.world.resource::<Control>(), &u).iter().map(|d| (game.board.key(d.space).to_string(), d.cost)).collect()
}

#[test]
fn rule_too_9_4_minimum_move_one_hex_for_all_its_mp() {
    // Without the rule, 1 MP does not pay for the river crossing (2 MP).
    let mut off = session("()", 1);
    assert!(cost(&mut off, "N-2Inf", "0504").is_err());
    assert_eq!(cost(&mut off, "N-2Inf", "0503"), Ok(1));
    // With it, the crossing costs all the unit's MP; ZOC to ZOC is allowed in Kell Ford.
    let mut on = session("(minimum_move: true)", 1);
    assert_eq!(cost(&mut on, "N-2Inf", "0504"), Ok(1));
    let listed = destinations(&mut on, "N-2Inf");
    assert!(listed.contains(&("0504".to_string(), 1)) && listed.contains(&("0503".to_string(), 1)), "{listed:?}");
    play(&mut on, &[mv("N-2Inf", "0504")]);
    assert_eq!(location(&mut on, "N-2Inf"), "0504");
    assert!(destinations(&mut on, "N-2Inf").is_empty(), "all its MP are spent");
}

#[test]
fn rule_too_9_4_minimum_move_keeps_the_other_movement_rules() {
    let mut s = session("(minimum_move: true, zoc: (zoc_to_zoc: Forbidden))", 1);
    // 9.3: not from one enemy ZOC straight into another, not into the enemy's hex.
    assert!(cost(&mut s, "N-2Inf", "0504").is_err());
    assert!(cost(&mut s, "N-2Inf", "0404").is_err());
    assert_eq!(cost(&mut s, "N-2Inf", "0503"), Ok(1));
    // Only before the unit spends any MP: with 2 MP, after one clear hex the hill (2 MP) next
    // to it is out of reach.
    let mut t = session("(minimum_move: true)", 2);
    play(&mut t, &[mv("N-2Inf", "0503")]);
    assert!(cost(&mut t, "N-2Inf", "0502").is_err());
    assert!(!destinations(&mut t, "N-2Inf").iter().any(|(h, _)| h == "0502"));
}

#[test]
fn rule_too_9_4_minimum_move_a_unit_without_movement_factor_stays() {
    let art = ("(attack: 0, defense: 1, movement: 4)", "(attack: 0, defense: 1, movement: 0)");
    let mut s = kell_rules("(minimum_move: true)", &[art], &[]);
    assert!(destinations(&mut s, "N-Art").is_empty());
    assert!(cost(&mut s, "N-Art", "0201").is_err());
}
