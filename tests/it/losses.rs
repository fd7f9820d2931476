//! The loss pipeline with retreats (tutorial 5.7.7 worked cases): attacker first, a retreating
//! attacker cancels the defender's result, support steps after a retreat, advance after combat,
//! overstacked retreats continue.

use sandtable::session::Command;
use sandtable::model::command::RetreatMove;
use sandtable::model::prompt::Prompt;

use crate::common::{attack, kell_rules, location, mv, play};

const RULES: &str =
    "(losses: (max_retreat_hexes: 2, attacker_retreat_cancels_defender: true, tank_support_steps: 1, advance_after_combat: true))";

fn r(unit: &str, path: &[&str]) -> RetreatMove {
    RetreatMove { unit: unit.into(), path: path.iter().map(|s| (*s).into()).collect() }
}

fn losses(units: &[&str], retreat: Vec<RetreatMove>) -> Command {
    Command::TakeLosses { units: units.iter().map(|s| (*s).into()).collect(), retreat, break_down: Vec::new() }
}

/// North opening: N-2Inf to 0403, N-1Tk to 0304, then both attack Kell (0404) at 1:1.
fn opening(s: &mut sandtable::session::Session) {
    play(s, &[mv("N-2Inf", "0403"), mv("N-1Tk", "0304"), Command::EndPhase, attack(&["N-1Tk", "N-2Inf"], "0404")]);
}

#[test]
fn rule_5_7_7_attacker_retreat_cancels_the_defender_result() {
    // Roll 4 on 1:1 is 1/1: the North owes one point and pays it by retreating both units.
    let mut s = kell_rules(RULES, &[], &[4]);
    opening(&mut s);
    let st = s.state(None);
    let Some(Prompt::TakeLosses { side, steps, max_retreat, .. }) = st.prompt else { panic!("{:?}", st.prompt) };
    assert_eq!((side.as_str(), steps, max_retreat), ("north", 1, 2));
    // A retreat into an enemy ZOC is refused: 0204 is next to the militia at 0305.
    let e = s.apply(losses(&[], vec![r("N-1Tk", &["0204"]), r("N-2Inf", &["0402"])])).expect_err("EZOC");
    assert!(e.contains("0204 is in an enemy zone of control"), "{e}");
    // Not farther from the combat hex: refused.
    // 0304 is as close to Kell as 0403: not farther.
    let e = s.apply(losses(&[], vec![r("N-1Tk", &["0303"]), r("N-2Inf", &["0304"])])).expect_err("not farther");
    assert!(e.contains("0304 is not farther from the combat hex 0404"), "{e}");
    // Every surviving attacker must retreat.
    let e = s.apply(losses(&[], vec![r("N-1Tk", &["0303"])])).expect_err("both retreat");
    assert!(e.contains("`N-2Inf` must retreat 1 hex(es)"), "{e}");
    play(&mut s, &[losses(&[], vec![r("N-1Tk", &["0303"]), r("N-2Inf", &["0402"])])]);
    let st = s.state(None);
    assert!(st.prompt.is_none(), "the combat is over: {:?}", st.prompt);
    let u = |id: &str| st.units.iter().find(|u| u.id == id).cloned().expect("unit");
    assert_eq!((u("N-1Tk").location.as_str(), u("N-1Tk").level), ("0303", 0));
    assert_eq!(u("N-2Inf").location, "0402");
    assert_eq!((u("S-1Inf").location.as_str(), u("S-1Inf").level), ("0404", 0), "the defender's 1 point is cancelled");
    let glog = s.world.resource::<sandtable::model::log::GameLog>();
    assert!(glog.0.iter().any(|e| e.text.contains("defender's result is cancelled")));
}

#[test]
fn rule_5_7_7_defender_retreats_then_support_step_then_advance() {
    // Roll 6 on 1:1 is 0/1. S-1Inf retreats one hex; tank support then takes a step anyway;
    // the North advances into empty Kell and scores it.
    let mut s = kell_rules(RULES, &[], &[6]);
    opening(&mut s);
    let st = s.state(None);
    let Some(Prompt::TakeLosses { side, steps, units, .. }) = st.prompt else { panic!("{:?}", st.prompt) };
    assert_eq!((side.as_str(), steps, units), ("south", 1, vec!["S-1Inf".to_string()]));
    // 0504 is in the ZOC of N-2Inf; 0305 is too, but the friendly militia there opens it.
    let e = s.apply(losses(&[], vec![r("S-1Inf", &["0504"])])).expect_err("EZOC");
    assert!(e.contains("zone of control"), "{e}");
    play(&mut s, &[losses(&[], vec![r("S-1Inf", &["0305"])])]);
    assert_eq!(location(&mut s, "S-1Inf"), "0305");
    let st = s.state(None);
    assert_eq!(st.units.iter().find(|u| u.id == "S-1Inf").map(|u| u.level), Some(1), "tank support step after the retreat");
    let Some(Prompt::Advance { side, units, target, max }) = st.prompt else { panic!("{:?}", st.prompt) };
    assert_eq!((side.as_str(), target.as_str(), max), ("north", "0404", 3));
    assert_eq!(units, vec!["N-1Tk".to_string(), "N-2Inf".to_string()]);
    play(&mut s, &[Command::Advance { units: vec!["N-2Inf".into()] }]);
    let st = s.state(None);
    assert!(st.prompt.is_none());
    assert_eq!(location(&mut s, "N-2Inf"), "0404");
    assert_eq!(st.control["0404"], "north");
    assert_eq!(st.tracks["north_vp"], 3, "Kell is worth 3 VP");
}

#[test]
fn rule_5_7_7_overstacked_retreat_continues() {
    // Two Union units already fill clear hex 0505: a retreat that ends there must go on.
    let mut s = kell_rules(
        RULES,
        &[
            (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604")"#, r#"(id: "S-2Inf", unit_type: "s_inf", at: "0505")"#),
            (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305")"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0505")"#),
        ],
        &[6],
    );
    opening(&mut s);
    let e = s.apply(losses(&[], vec![r("S-1Inf", &["0505"])])).expect_err("overstacked");
    assert!(e.contains("ends overstacked in 0505: its retreat must go on"), "{e}");
    let e = s.apply(losses(&[], vec![r("S-1Inf", &["0405", "0406"])])).expect_err("too long");
    assert!(e.contains("0405 is not overstacked"), "{e}");
    play(&mut s, &[losses(&[], vec![r("S-1Inf", &["0505", "0506"])])]);
    assert_eq!(location(&mut s, "S-1Inf"), "0506", "one extra hex, absorbing nothing");
}

#[test]
fn rule_5_7_7_steps_or_retreat_choice_is_offered_by_the_legal_list() {
    let mut s = kell_rules(RULES, &[], &[6]);
    opening(&mut s);
    let legal = s.legal_commands();
    assert!(legal.contains(&losses(&["S-1Inf"], vec![])), "{legal:?}");
    assert!(legal.iter().any(|c| matches!(c, Command::TakeLosses { units, retreat, .. } if units.is_empty() && retreat.len() == 1)));
    for c in legal {
        let mut t = kell_rules(RULES, &[], &[6]);
        opening(&mut t);
        t.apply(c.clone()).unwrap_or_else(|e| panic!("listed `{}` rejected: {e}", c.describe()));
    }
}

/// Random legal games with retreats, support and advances: every listed command is accepted
/// and the invariants hold after each one.
#[test]
fn random_games_with_retreats_keep_the_invariants() {
    for seed in 0..12 {
        let mut s = kell_rules(RULES, &[], &[]);
        crate::common::play_random_checked(&mut s, seed, 5_000);
    }
}

#[test]
fn rule_5_7_7_retreat_cut_short_in_an_overstacked_hex_eliminates_the_unit() {
    use sandtable::model::Location;
    use sandtable::model::view::UnitsView;
    use sandtable::rules::retreat::{RetreatWorld, check_retreat};
    let mut s = kell_rules(RULES, &[], &[]);
    let game = s.game().clone();
    let mut units = (*UnitsView::from_world(&mut s.world)).clone();
    let mut place = |id: &str, at: &str| {
        let sp = game.board.space(at).expect("hex");
        units = units.changed(|v| v.iter_mut().find(|u| &*u.id == id).expect("unit").location = Location::OnMap(sp));
    };
    // S-2Inf and S-Mil fill clear 0505; North units hold every hex beyond it.
    place("S-2Inf", "0505");
    place("S-Mil", "0505");
    place("N-1Tk", "0506");
    place("N-2Inf", "0605");
    place("N-3Inf", "0604");
    let control = s.world.resource::<sandtable::model::Control>().clone();
    let w = RetreatWorld { units: &units, control: &control, moved: Vec::new() };
    let me = units.get("S-1Inf").expect("unit").clone();
    let kell = game.board.space("0404").expect("hex");
    // Two hexes chosen, one possible, and that one is full: no legal hex can be reached.
    assert_eq!(check_retreat(&game, &w, &me, kell, 2, &["0505".to_string()]), Ok(sandtable::rules::retreat::Retreat::default()));
}

/// Kell Ford with the 1:1 roll of 6 ("0/1") giving `effects` instead, and the opening attack.
fn result_variant(effects: &str) -> sandtable::session::Session {
    let line = r#"(code: "0/1", effects: [LossPoints(party: Defender, points: 1)]),"#;
    let with = format!(r#"(code: "0/1", effects: [{effects}]),"#);
    let mut s = crate::common::kell_with(&[(line, with.as_str())], &[6]);
    opening(&mut s);
    s
}

#[test]
fn crt_retreat_result_forces_the_stack_back_its_hexes() {
    let mut s = result_variant("Retreat(party: Defender, hexes: 2)");
    let Some(Prompt::TakeLosses { side, steps, min_retreat, max_retreat, .. }) = s.state(None).prompt else { panic!("a retreat to make") };
    assert_eq!((side.as_str(), steps, min_retreat, max_retreat), ("south", 2, 2, 2));
    let e = s.apply(losses(&["S-1Inf"], vec![])).expect_err("steps do not pay a retreat result");
    assert!(e.contains("forces a retreat of 2 hex(es)"), "{e}");
    play(&mut s, &[losses(&[], vec![r("S-1Inf", &["0505", "0506"])])]);
    assert_eq!(location(&mut s, "S-1Inf"), "0506");
}

#[test]
fn crt_exchange_smaller_side_loses_all_the_other_as_much_strength() {
    // 10 attack against 4 defence: the defender (smaller) loses everything; the attacker loses
    // steps worth at least 4 attack, the North's choice, with no step in excess.
    let mut s = result_variant("Exchange");
    let Some(Prompt::TakeLosses { side, min_strength, attacking, .. }) = s.state(None).prompt else { panic!("exchange losses") };
    assert_eq!((side.as_str(), min_strength, attacking), ("north", 4, true));
    let e = s.apply(losses(&["N-1Tk"], vec![])).expect_err("3 is short of 4");
    assert!(e.contains("worth 3 strength"), "{e}");
    let e = s.apply(losses(&["N-1Tk", "N-1Tk", "N-2Inf"], vec![])).expect_err("excess");
    assert!(e.contains("in excess"), "{e}");
    play(&mut s, &[losses(&["N-1Tk", "N-2Inf"], vec![])]);
    let st = s.state(None);
    let level = |id: &str| st.units.iter().find(|u| u.id == id).map(|u| (u.location.clone(), u.level)).expect("unit");
    assert_eq!(level("N-1Tk"), ("0304".into(), 1));
    assert_eq!(level("N-2Inf"), ("0403".into(), 1));
    assert_eq!(level("S-1Inf").0, "eliminated");
}

#[test]
fn crt_eliminate_percent_rounds_up_and_the_owner_picks_whole_units() {
    // Half of the two attackers, rounded up: one whole unit, the North's choice.
    let mut s = result_variant("EliminatePercent(party: Attacker, percent: 50)");
    let Some(Prompt::TakeLosses { whole_units, .. }) = s.state(None).prompt else { panic!("a unit to lose") };
    assert_eq!(whole_units, 1);
    let legal = s.legal_commands();
    assert!(legal.contains(&losses(&["N-1Tk", "N-1Tk"], vec![])) && legal.contains(&losses(&["N-2Inf", "N-2Inf"], vec![])), "{legal:?}");
    let e = s.apply(losses(&["N-1Tk"], vec![])).expect_err("a whole unit");
    assert!(e.contains("all its 2 step(s) or none"), "{e}");
    play(&mut s, &[losses(&["N-2Inf", "N-2Inf"], vec![])]);
    assert_eq!(location(&mut s, "N-2Inf"), "eliminated");
    assert_eq!(location(&mut s, "N-1Tk"), "0304");
}

/// Random games on a table full of retreat, exchange and percentage results: every listed
/// answer is accepted and the invariants hold after each command.
#[test]
fn random_games_with_every_result_kind_keep_the_invariants() {
    let swaps = [
        (r#"(code: "1/1", effects: [LossPoints(party: Attacker, points: 1), LossPoints(party: Defender, points: 1)]),"#, r#"(code: "1/1", effects: [Exchange]),"#),
        (r#"(code: "0/2", effects: [LossPoints(party: Defender, points: 2)]),"#, r#"(code: "0/2", effects: [EliminatePercent(party: Defender, percent: 50), Retreat(party: Defender, hexes: 1)]),"#),
        (r#"(code: "1/0", effects: [LossPoints(party: Attacker, points: 1)]),"#, r#"(code: "1/0", effects: [Retreat(party: Attacker, hexes: 1)]),"#),
    ];
    for seed in 0..12 {
        let mut s = kell_rules(RULES, &swaps, &[]);
        crate::common::play_random_checked(&mut s, seed, 5_000);
    }
}

/// Kell Ford with the Union infantry type made `Static` (a unit that never moves once placed).
const STATIC_S_INF: (&str, &str) = (
    "strength: Steps([(attack: 3, defense: 4, movement: 4), (attack: 1, defense: 2, movement: 4)])),",
    "strength: Steps([(attack: 3, defense: 4, movement: 4), (attack: 1, defense: 2, movement: 4)]), flags: [Static]),",
);

/// Static units (DI 23.1 in the generic loss pipeline): a static defender that owes a loss point
/// is never offered a retreat, a retreat named for it is refused, and it pays in steps.
#[test]
fn rule_23_1_a_static_defender_pays_its_retreat_in_steps_and_never_moves() {
    // Without tank support, so that the one step is all it loses.
    let rules = RULES.replace("tank_support_steps: 1", "tank_support_steps: 0");
    let mut s = kell_rules(&rules, &[STATIC_S_INF], &[6]);
    opening(&mut s);
    let Some(Prompt::TakeLosses { side, steps, .. }) = s.state(None).prompt else { panic!("losses to take") };
    assert_eq!((side.as_str(), steps), ("south", 1));
    let legal = s.legal_commands();
    // The only "retreat" offered is the one that goes nowhere and pays its hex in a step.
    assert!(legal.iter().all(|c| matches!(c, Command::TakeLosses { retreat, .. } if retreat.iter().all(|r| r.path.is_empty()))), "no retreat offered: {legal:?}");
    let e = s.apply(losses(&[], vec![r("S-1Inf", &["0305"])])).expect_err("a static unit never retreats");
    assert!(e.contains("`S-1Inf` never moves once placed"), "{e}");
    play(&mut s, &[losses(&["S-1Inf"], vec![])]);
    assert_eq!(location(&mut s, "S-1Inf"), "0404");
    assert_eq!(s.state(None).units.iter().find(|u| u.id == "S-1Inf").map(|u| u.level), Some(1), "one step lost");
}

/// A static attacker is never offered the advance after combat, and naming it is refused.
#[test]
fn rule_23_1_a_static_attacker_never_advances_after_combat() {
    // The North's infantry made static and set up where the opening would have moved it.
    let static_n_inf = (
        "strength: Steps([(attack: 4, defense: 4, movement: 4), (attack: 2, defense: 2, movement: 4)])),",
        "strength: Steps([(attack: 4, defense: 4, movement: 4), (attack: 2, defense: 2, movement: 4)]), flags: [Static]),",
    );
    let placed = [
        static_n_inf,
        (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402")"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0403")"#),
        (r#"(id: "N-1Tk", unit_type: "n_tank", at: "0302")"#, r#"(id: "N-1Tk", unit_type: "n_tank", at: "0304")"#),
    ];
    let mut s = kell_rules(RULES, &placed, &[6]);
    play(&mut s, &[Command::EndPhase, attack(&["N-1Tk", "N-2Inf"], "0404"), losses(&[], vec![r("S-1Inf", &["0305"])])]);
    let Some(Prompt::Advance { units, .. }) = s.state(None).prompt else { panic!("an advance on offer") };
    assert_eq!(units, vec!["N-1Tk".to_string()], "the static infantry is not offered");
    let e = s.apply(Command::Advance { units: vec!["N-2Inf".into()] }).expect_err("static");
    assert!(e.contains("`N-2Inf` may not advance"), "{e}");
    play(&mut s, &[Command::Advance { units: vec!["N-1Tk".into()] }]);
    assert_eq!((location(&mut s, "N-1Tk"), location(&mut s, "N-2Inf")), ("0404".to_string(), "0403".to_string()));
}
