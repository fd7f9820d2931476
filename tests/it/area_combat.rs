//! Combat inside a space on area maps (`combat_in_space`, DI 14.1-14.4, 15.1, 17.61): open
//! enemies first, by every open unit together; then units in boxes; units in boxes never attack;
//! a side facing open enemies must attack them before its conflict phase ends.

use sandtable::session::{Command, Session};

use crate::common::{attack, location, play, session_from_text_with};

const SCENARIO: &str = r#"(
    id: "district_fight", title: "District fight",
    rules: (combat_in_space: true),
    map: Area((spaces: [
        (id: "town", name: "Town", position: (0.0, 0.0),
         slots: [(id: "infra1", name: "Infra 1", capacity: 1), (id: "infra2", name: "Infra 2", capacity: 1)],
         links: [(to: "hills")]),
        (id: "hills", name: "Hills", position: (100.0, 0.0)),
    ])),
    sides: [(id: "ci", name: "Counterinsurgent"), (id: "ins", name: "Insurgent")],
    unit_types: [
        (id: "bct", name: "BCT", contingent: "ci", symbol: Armor,
         strength: Levels(lowest: 1, factors: [(attack: 4, defense: 4, movement: 2), (attack: 6, defense: 6, movement: 2)])),
        (id: "mil", name: "Militia", contingent: "ins", symbol: Militia,
         strength: Levels(lowest: 1, factors: [(attack: 1, defense: 1, movement: 1), (attack: 2, defense: 2, movement: 1)])),
    ],
    setup: (units: [
        (id: "B1", unit_type: "bct", at: "town", level: Some(1)),
        (id: "B2", unit_type: "bct", at: "town", level: Some(1)),
        (id: "B3", unit_type: "bct", at: "hills", level: Some(1)),
        (id: "B4", unit_type: "bct", at: "town/infra2", level: Some(1)),
        (id: "M1", unit_type: "mil", at: "town", level: Some(2)),
        (id: "U1", unit_type: "mil", at: "town/infra1", level: Some(1)),
    ]),
    turns: (labels: ["1"], first_side: "ci", phases: [(id: "ci_conflict", name: "CI Conflict", kind: Combat, actor: First)]),
    tables: (crts: [(
        id: "crt", name: "CRT", index: Odds,
        columns: ["1:2", "1:1", "2:1", "3:1", "4:1"], labels: ["<1-1", "1-1", "2-1", "3-1", "4-1"], dice: D6,
        rows: [(roll: 1, results: ["-", "-", "-", "-", "-"]), (roll: 2, results: ["-", "-", "-", "-", "-"]),
               (roll: 3, results: ["-", "-", "-", "-", "-"]), (roll: 4, results: ["-", "-", "-", "-", "-"]),
               (roll: 5, results: ["-", "-", "-", "-", "-"]), (roll: 6, results: ["DE", "DE", "DE", "DE", "DE"])],
        results: [(code: "-", effects: [NoEffect]), (code: "DE", effects: [EliminatePercent(party: Defender, percent: 100)])],
    )]),
    victory: (levels: [(id: "draw", name: "Draw")], conditions: [Otherwise(level: "draw")]),
)"#;

fn fight(dice: &[u32]) -> Session {
    session_from_text_with(SCENARIO, 1, dice)
}

#[test]
fn rule_di_14_4_open_enemies_are_attacked_by_every_open_unit_together() {
    let mut s = fight(&[6, 6]);
    let e = s.apply(attack(&["B1"], "town")).expect_err("all open units");
    assert!(e.contains("by all your open units in town together: B1, B2"), "{e}");
    let e = s.apply(attack(&["B3"], "town")).expect_err("from the next district");
    assert!(e.contains("not in the open part of town"), "{e}");
    let e = s.apply(attack(&["B4"], "town")).expect_err("units in boxes never attack");
    assert!(e.contains("not in the open part"), "{e}");
    // 14.3: the conflict phase cannot end while open enemies face open units.
    let e = s.apply(Command::EndPhase).expect_err("must attack");
    assert!(e.contains("must attack the open enemy units there first"), "{e}");
    assert!(!s.legal_commands().contains(&Command::EndPhase));
    assert_eq!(s.legal_commands(), vec![attack(&["B1", "B2"], "town")]);
    play(&mut s, &[attack(&["B1", "B2"], "town")]);
    assert_eq!(location(&mut s, "M1"), "eliminated");
}

#[test]
fn rule_di_15_1_units_in_boxes_are_attacked_only_once_the_open_is_clear() {
    // 6: the open militia is eliminated; 1: the attack on the box has no effect.
    let mut s = fight(&[6, 1]);
    play(&mut s, &[attack(&["B1", "B2"], "town")]);
    // The open is clear: the same units may now attack the box, some or all of them (14.4).
    let legal = s.legal_commands();
    assert!(legal.contains(&attack(&["B1"], "town")) && legal.contains(&attack(&["B1", "B2"], "town")), "{legal:?}");
    assert!(legal.contains(&Command::EndPhase), "attacking the boxes is voluntary");
    play(&mut s, &[attack(&["B2"], "town")]);
    assert_eq!(location(&mut s, "U1"), "town/infra1");
    let e = s.apply(attack(&["B1"], "town")).expect_err("once per phase");
    assert!(e.contains("already been attacked"), "{e}");
    play(&mut s, &[Command::EndPhase]);
}

#[test]
fn random_games_with_combat_in_space_keep_the_invariants() {
    for seed in 0..6 {
        let mut s = session_from_text_with(SCENARIO, seed, &[]);
        crate::common::play_random_checked(&mut s, seed, 1_000);
    }
}

/// DI 16.21 worked case: fractions always round up: three units taking a 50% loss lose two, the
/// owner choosing which.
#[test]
fn rule_di_16_21_three_units_taking_a_50_percent_loss_lose_two() {
    let text = SCENARIO
        .replace(r#"(roll: 6, results: ["DE", "DE", "DE", "DE", "DE"])"#, r#"(roll: 6, results: ["H", "H", "H", "H", "H"])"#)
        .replace(r#"(code: "DE", effects"#, r#"(code: "H", effects: [EliminatePercent(party: Defender, percent: 50)]), (code: "DE", effects"#)
        .replace(
            r#"(id: "U1", unit_type: "mil", at: "town/infra1", level: Some(1)),"#,
            r#"(id: "M2", unit_type: "mil", at: "town", level: Some(1)), (id: "M3", unit_type: "mil", at: "town", level: Some(1)),"#,
        );
    let mut s = session_from_text_with(&text, 1, &[6]);
    play(&mut s, &[attack(&["B1", "B2"], "town")]);
    let Some(sandtable::model::prompt::Prompt::TakeLosses { side, whole_units, units, .. }) = s.state(None).prompt else { panic!("the Insurgent chooses") };
    assert_eq!((side.as_str(), whole_units, units.len()), ("ins", 2, 3));
    play(&mut s, &[Command::TakeLosses { units: vec!["M1".into(), "M1".into(), "M3".into()], retreat: vec![], break_down: Vec::new() }]);
    let st = s.state(None);
    let gone: Vec<&str> = st.units.iter().filter(|u| u.location == "eliminated").map(|u| u.id.as_str()).collect();
    assert_eq!(gone, vec!["M1", "M3"]);
}
