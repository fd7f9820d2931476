//! Another scenario of the same game played as an option of its file (ToO 36 on the file of 35
//! and 37): a later first turn, a set-up of its own, its front, what it finds built (tags and
//! railways), scripted phases of its own and skipped phases, purchases it forbids.

use std::sync::Arc;

use sandtable::model::Control;
use sandtable::session::{Command, GameSetup, Session};

use crate::common::{kell_text_with, root};

const REINFORCEMENTS: (&str, &str) = (
    "    reinforcements: [\n        (turn: 2, side: \"south\", units: [(id: \"S-3Tk\", unit_type: \"s_tank\")], entry: [\"0506\", \"0806\"]),\n    ],\n",
    "",
);
const OPTIONS: (&str, &str) = ("    victory: (", "    options: [(id: \"late\", name: \"Late start\")],\n    victory: (");
const LATE: &str = r#"        by_option: [(option: "late", first_turn: Some("3"), replace_setup: true,
            units: [(id: "N-X", unit_type: "n_inf", at: "0101"), (id: "S-X", unit_type: "s_inf", at: "0606")],
            initial_control: [(side: "north", hexes: ["0404"])],
            tags: [("0404", ["port"])], rail: [["0101", "0102", "0103"]])],
"#;

fn text(extra: &[(&str, &str)]) -> String {
    let by_option = format!("    setup: (\n{LATE}");
    let mut all = vec![REINFORCEMENTS, OPTIONS, ("    setup: (\n", by_option.as_str())];
    all.extend_from_slice(extra);
    kell_text_with(&all)
}

fn game(text: &str, late: bool) -> Session {
    let loaded = Arc::new(sandtable::games::load_str(text, "late.ron", &root()).unwrap_or_else(|r| panic!("{r}")));
    let options = if late { ["late".to_string()].into() } else { Default::default() };
    Session::new(loaded, GameSetup { options, seed: 1, forced_dice: vec![] }).expect("session")
}

#[test]
fn rule_too_36_an_option_begins_later_with_its_own_setup_front_and_works() {
    let t = text(&[]);
    let mut s = game(&t, true);
    assert_eq!(s.game().scenario.turns.labels, vec!["3".to_string(), "4".to_string()]);
    let st = s.state(None);
    assert_eq!(st.turn, "3");
    let ids: Vec<&str> = st.units.iter().filter(|u| u.location != "pool").map(|u| u.id.as_str()).collect();
    assert!(ids.contains(&"N-X") && ids.contains(&"S-X") && !ids.contains(&"N-2Inf"), "{ids:?}");
    assert_eq!(st.control.get("0404").map(String::as_str), Some("north"));
    let control = s.world.resource::<Control>();
    let (k, a, b) = (s.game().board.space("0404").expect("hex"), s.game().board.space("0101").expect("hex"), s.game().board.space("0102").expect("hex"));
    assert!(control.built_tags.contains(&(k, "port".to_string())));
    assert!(control.rail_built.contains(&(a.min(b), a.max(b))));
    // Without the option, the scenario's own game.
    let mut plain = game(&t, false);
    assert_eq!(plain.game().scenario.turns.labels.len(), 4);
    assert!(plain.state(None).units.iter().any(|u| u.id == "N-2Inf"));
}

#[test]
fn rule_too_36_7_a_scripted_phase_of_an_option_is_skipped_only_with_it() {
    let script = (
        "rules: (reveal_when_enemy_ends_adjacent: true),",
        r#"rules: (reveal_when_enemy_ends_adjacent: true, scripted: [(turn: "3", phase: "first_movement", skip: true, option: Some("late"), rule: Some("36.7"))]),"#,
    );
    let t = text(&[script]);
    let mut s = game(&t, true);
    assert_eq!(s.state(None).phase, "first_combat", "the first player's movement of turn 3 is skipped");
    let mut plain = game(&t, false);
    crate::common::play(&mut plain, &[Command::EndPhase]);
    assert_eq!(plain.state(None).phase, "first_combat");
    crate::common::play(&mut plain, &[Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    // Turn 2 of the plain game is not skipped either: the script names turn 3 and the option.
    assert_eq!((plain.state(None).turn.as_str(), plain.state(None).phase.as_str()), ("2", "first_movement"));
}

#[test]
fn bad_option_scenarios_are_clear_errors() {
    let bad = LATE.replace("first_turn: Some(\"3\")", "first_turn: Some(\"9\")").replace("[\"0101\", \"0102\", \"0103\"]", "[\"0101\", \"0103\"]").replace("hexes: [\"0404\"]", "hexes: [\"0909\"]");
    let by_option = format!("    setup: (\n{bad}");
    let t = kell_text_with(&[OPTIONS, ("    setup: (\n", by_option.as_str())]);
    let e = sandtable::games::load_str(&t, "bad.ron", &root()).expect_err("bad").to_string();
    for want in [
        "setup.by_option[0].first_turn: unknown turn `9`",
        "setup.by_option[0].first_turn: a game that begins later cannot have turn-numbered reinforcements",
        "setup.by_option[0].initial_control[0].hexes[0]",
        "setup.by_option[0].rail[0][1]: 0103 is not adjacent to 0101",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
}

/// ToO 31.1: under the optional rule, British cavalry and guerrillas infiltrate: an option may
/// give unit types flags while it is on.
#[test]
fn rule_too_31_1_an_option_gives_unit_types_flags_while_it_is_on() {
    let options = ("    victory: (", "    options: [(id: \"infiltration\", name: \"Infiltration\", rule: Some(\"31\"), flags: [(\"n_tank\", Infiltration)])],\n    victory: (");
    let t = kell_text_with(&[options]);
    let flags = |on: bool| {
        let s = game(&t, false);
        let loaded = s.loaded.clone();
        let opts: std::collections::BTreeSet<String> = if on { ["infiltration".to_string()].into() } else { Default::default() };
        let s = Session::new(loaded, GameSetup { options: opts, seed: 1, forced_dice: vec![] }).expect("session");
        let tank = s.game().scenario.unit_types.iter().find(|u| u.id == "n_tank").expect("type").clone();
        tank.flags.contains(&sandtable::scenario::schema::UnitFlag::Infiltration)
    };
    assert!(flags(true));
    assert!(!flags(false));
    let bad = t.replace("(\"n_tank\", Infiltration)", "(\"n_jet\", Infiltration)");
    let e = sandtable::games::load_str(&bad, "bad.ron", &root()).expect_err("unknown type").to_string();
    assert!(e.contains("options[0].flags[0].0"), "{e}");
}
