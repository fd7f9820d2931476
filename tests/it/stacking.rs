//! Stacking in points (ToO 10.1, 10.2, A13): a unit counts its type's stacking points (a corps
//! 3, other units 1), a terrain's limit is in points, and a hex may set its own limit.

use sandtable::model::Control;
use sandtable::model::view::UnitsView;
use sandtable::rules::movement::{legal_destinations, move_check};
use sandtable::session::{Command, Session};

use crate::common::{kell_with, location, mv, play};

/// The North's infantry regiments count as corps (3 points); clear terrain holds 4 points, the
/// ToO 10.2 example's hex (a corps and a division, or four divisions).
const CORPS: (&str, &str) = (r#"(id: "n_inf", name: "Infantry Regiment", contingent: "north", symbol: Infantry, size: "III","#, r#"(id: "n_inf", name: "Infantry Corps", contingent: "north", symbol: Infantry, size: "XXX", stacking_points: 3,"#);
const CLEAR_4: (&str, &str) = (r##"default_cost: Mp(1), stacking: Some(2)),"##, r##"default_cost: Mp(1), stacking: Some(4)),"##);

fn check(s: &mut Session, unit: &str, to: &str) -> Result<u32, String> {
    let units = UnitsView::from_world(&mut s.world);
    move_check(s.game(), &units, s.world.resource::<Control>(), 0, unit, to).map(|d| d.cost)
}

fn listed(s: &mut Session, unit: &str, to: &str) -> bool {
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let u = units.get(unit).expect("unit").clone();
    legal_destinations(&game, &units, s.world.resource::<Control>(), &u).iter().any(|d| game.board.key(d.space) == to)
}

#[test]
fn rule_too_10_2_a_corps_counts_three_stacking_points() {
    let mut s = kell_with(&[CORPS, CLEAR_4], &[]);
    // N-2Inf (a corps, 3 points) holds clear 0402 (4 points): a second corps does not fit...
    let e = check(&mut s, "N-3Inf", "0402").expect_err("3 + 3 > 4");
    assert!(e.contains("no room") || e.contains("stacking"), "{e}");
    assert!(!listed(&mut s, "N-3Inf", "0402"));
    // ...a one-point tank does, and then the hex is full.
    assert!(listed(&mut s, "N-1Tk", "0402"));
    play(&mut s, &[mv("N-1Tk", "0402")]);
    assert_eq!(location(&mut s, "N-1Tk"), "0402");
    assert!(!listed(&mut s, "N-Art", "0402"), "3 + 1 + 1 > 4");
    // Without stacking points the same units count one each: the second regiment fits.
    let mut plain = kell_with(&[CLEAR_4], &[]);
    assert!(check(&mut plain, "N-3Inf", "0402").is_ok());
}

#[test]
fn rule_too_a13_a_hex_sets_its_own_limit_over_its_terrains() {
    // ToO A13: a city hex holds 8 whatever its terrain; here 0402 holds 6, clear around it 4.
    let own = (r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0202", name: Some("Hollin")), (hex: "0402", stacking: Some(6)),"#);
    let mut s = kell_with(&[CORPS, CLEAR_4, own], &[]);
    assert!(listed(&mut s, "N-3Inf", "0402"), "3 + 3 <= 6");
    play(&mut s, &[mv("N-3Inf", "0402")]);
    assert_eq!(location(&mut s, "N-3Inf"), "0402");
    assert!(!listed(&mut s, "N-1Tk", "0402"), "3 + 3 + 1 > 6");
}

#[test]
fn hostile_files_stacking_points_have_a_limit() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let bad = text.replacen(CORPS.0, &CORPS.1.replace("stacking_points: 3", "stacking_points: 4000000000"), 1);
    assert_ne!(bad, text);
    let e = sandtable::games::load_str(&bad, "heavy.ron", &crate::common::root()).expect_err("over the limit").to_string();
    assert!(e.contains("heavy.ron: error: unit_types[1].stacking_points: 4000000000 is more than 1000"), "{e}");
}

#[test]
fn rule_too_10_2_an_advance_after_combat_counts_stacking_points() {
    use sandtable::model::command::RetreatMove;
    use sandtable::model::prompt::Prompt;
    let rules = "(losses: (max_retreat_hexes: 2, attacker_retreat_cancels_defender: true, tank_support_steps: 1, advance_after_combat: true))";
    // Roll 6 on 1:1 is 0/1: S-1Inf retreats from Kell (a town: 3 points) and the North may
    // advance (the tutorial's worked case, with the North's infantry counting 3 points).
    let mut s = crate::common::kell_rules(rules, &[CORPS, CLEAR_4], &[6]);
    play(&mut s, &[mv("N-2Inf", "0403"), mv("N-1Tk", "0304"), Command::EndPhase, crate::common::attack(&["N-1Tk", "N-2Inf"], "0404")]);
    let retreat = vec![RetreatMove { unit: "S-1Inf".into(), path: vec!["0305".into()] }];
    play(&mut s, &[Command::TakeLosses { units: Vec::new(), retreat, break_down: Vec::new() }]);
    let Some(Prompt::Advance { max, .. }) = s.state(None).prompt else { panic!("an advance is offered") };
    assert_eq!(max, 3, "Kell holds 3 stacking points");
    let both = Command::Advance { units: vec!["N-1Tk".into(), "N-2Inf".into()] };
    let e = s.apply(both.clone()).expect_err("1 + 3 > 3");
    assert!(e.contains("at most 3 stacking points"), "{e}");
    assert!(!s.legal_commands().contains(&both));
    play(&mut s, &[Command::Advance { units: vec!["N-2Inf".into()] }]);
    assert_eq!(location(&mut s, "N-2Inf"), "0404");
}

/// ToO 10.3: stacking is checked only at the ends of Movement and Combat Phases.
const CHECKED_AT_ENDS: &str = "(stacking_checked_at_end_of: [Movement, Combat])";

#[test]
fn rule_too_10_3_stacking_is_checked_at_the_end_of_the_phase_and_the_owner_eliminates_the_excess() {
    use sandtable::model::prompt::Prompt;
    let mut s = crate::common::kell_rules(CHECKED_AT_ENDS, &[], &[]);
    // Three units end their moves in clear 0302 (2 points a side): allowed while the phase lasts.
    play(&mut s, &[mv("N-2Inf", "0302"), mv("N-Art", "0302")]);
    assert_eq!((location(&mut s, "N-1Tk"), location(&mut s, "N-2Inf"), location(&mut s, "N-Art")), ("0302".into(), "0302".into(), "0302".into()));
    crate::common::assert_invariants(&mut s);
    // Ending the phase: the owner must first eliminate one of them; the phase goes on meanwhile.
    s.apply(Command::EndPhase).expect("end of the phase");
    let phase = |s: &mut Session| s.state(None).phase;
    assert_eq!(phase(&mut s), "first_movement");
    let asked = s.world.resource::<sandtable::model::PendingPrompt>().0.clone();
    let Some(Prompt::ChooseUnit { side, units, eliminate: true, then_end_phase: true, .. }) = asked else { panic!("a choice of unit: {asked:?}") };
    assert_eq!((side.as_str(), units), ("north", vec!["N-1Tk".to_string(), "N-2Inf".into(), "N-Art".into()]));
    assert!(crate::common::log_has(&mut s, "0302 holds 3 stacking points of north, over its limit of 2"));
    assert!(s.apply(mv("N-3Inf", "0502")).is_err(), "nothing else until the choice is made");
    // The artillery goes, whole; the hex fits, and the phase ends with that choice.
    s.apply(Command::Choose { unit: "N-Art".into() }).expect("a listed unit");
    assert_eq!(location(&mut s, "N-Art"), "eliminated");
    assert!(crate::common::log_has(&mut s, "N-Art is eliminated: 0302 is over its stacking limit"));
    assert_eq!(phase(&mut s), "first_combat");
    assert!(s.stacking_checked);
    crate::common::assert_invariants(&mut s);
}

#[test]
fn rule_too_10_3_without_the_rule_a_move_may_not_end_over_the_limit() {
    let mut s = crate::common::kell_rules("()", &[], &[]);
    play(&mut s, &[mv("N-2Inf", "0302")]);
    let e = check(&mut s, "N-Art", "0302").expect_err("3 > 2");
    assert!(e.contains("stacking"), "{e}");
}

#[test]
fn rule_too_10_3_random_games_keep_the_limits_at_every_checked_phase_end() {
    // Random players, every listed command accepted and the invariants checked after each (the
    // limits at the moments they are checked).
    let mut checked = 0;
    for seed in 0..100 {
        let mut s = crate::common::kell_rules(CHECKED_AT_ENDS, &[], &[]);
        crate::common::play_random_checked(&mut s, seed, 5_000);
        checked += s.world.resource::<sandtable::model::log::GameLog>().0.iter().filter(|e| e.text.contains("over its limit")).count();
    }
    assert!(checked > 0, "some random game overstacked a hex and paid for it");
}
