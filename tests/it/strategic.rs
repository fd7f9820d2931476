//! Strategic movement (tutorial 5.7.1): along first-class road only, two hexes per MP, never
//! next to an enemy unit, and nothing else that phase. Forced march (ToO 15.7).

use sandtable::session::Command;

use crate::common::{kell_rules, location, mv, play};

const RULES: &str = "(strategic: Some((road: FirstClass)))";
const FIRST_CLASS: (&str, &str) = ("(id: \"kell_road\", class: Road,", "(id: \"kell_road\", class: FirstClass,");

fn sm(unit: &str, to: &str) -> Command {
    Command::StrategicMove { unit: unit.into(), to: to.into() }
}

#[test]
fn rule_5_7_1_strategic_movement_along_the_first_class_road() {
    let away = [
        FIRST_CLASS,
        (r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404")"#, r#"(id: "S-1Inf", unit_type: "s_inf", at: "0806")"#),
        (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604")"#, r#"(id: "S-2Inf", unit_type: "s_inf", at: "0706")"#),
        (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305")"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0106")"#),
    ];
    let mut s = kell_rules(RULES, &away, &[]);
    // N-Art (4 MP = 8 road hexes) from Hollin 0202 down the road to Marrow 0506: 5 hexes.
    play(&mut s, &[sm("N-Art", "0506")]);
    assert_eq!(location(&mut s, "N-Art"), "0506");
    assert_eq!(s.state(None).tracks["north_vp"], 5, "it took Kell and Marrow on the way: sudden death");
    let e = s.apply(mv("N-Art", "0505")).expect_err("no other move");
    assert!(e.contains("game is over") || e.contains("finished moving"), "{e}");
}

#[test]
fn rule_5_7_1_strategic_movement_never_next_to_an_enemy_unit() {
    let mut s = kell_rules(RULES, &[FIRST_CLASS], &[]);
    // 0403 touches S-1Inf in Kell: the road stops at 0303.
    let e = s.apply(sm("N-Art", "0403")).expect_err("next to the enemy");
    assert!(e.contains("not reachable by strategic movement"), "{e}");
    play(&mut s, &[sm("N-Art", "0303")]);
    assert_eq!(location(&mut s, "N-Art"), "0303");
    // Not along an ordinary road, and not after moving.
    let mut s = kell_rules(RULES, &[], &[]);
    assert!(s.apply(sm("N-Art", "0303")).is_err(), "the Kell road is an ordinary road here");
    let mut s = kell_rules(RULES, &[FIRST_CLASS], &[]);
    play(&mut s, &[mv("N-Art", "0201")]);
    let e = s.apply(sm("N-Art", "0303")).expect_err("already moved");
    assert!(e.contains("already moved"), "{e}");
}

/// ToO 15.7 / T8: spending a supply unit at the start of the movement phase doubles the
/// allowance of every friendly unit within its range; the spent unit leaves play.
#[test]
fn rule_too_15_7_forced_march_doubles_ma_in_range_and_spends_the_unit() {
    use sandtable::model::view::UnitsView;
    use sandtable::rules::movement::movement_allowance;
    let fm = "(forced_march: Some((unit_type: \"n_art\", range: 2)))";
    let mut s = kell_rules(fm, &[], &[]);
    let e = s.apply(Command::ForcedMarch { unit: "N-1Tk".into() }).expect_err("not a supply unit");
    assert!(e.contains("only a `n_art`"), "{e}");
    play(&mut s, &[Command::ForcedMarch { unit: "N-Art".into() }]);
    assert_eq!(location(&mut s, "N-Art"), "out of play");
    let game = s.game().clone();
    let units = UnitsView::from_world(&mut s.world);
    // N-1Tk (0302) is 1 hex from N-Art (0202): 6 MP doubled; N-3Inf (0602) is 4 hexes away.
    assert_eq!(movement_allowance(&game, units.get("N-1Tk").expect("unit")), 12);
    assert_eq!(movement_allowance(&game, units.get("N-3Inf").expect("unit")), 4);
    // Once per phase, and only before any unit has moved.
    let mut t = kell_rules(fm, &[], &[]);
    play(&mut t, &[mv("N-3Inf", "0603")]);
    let e = t.apply(Command::ForcedMarch { unit: "N-Art".into() }).expect_err("a unit moved");
    assert!(e.contains("before any unit moves"), "{e}");
}
