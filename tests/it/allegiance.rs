//! Neutral and side-switching units (`sides[].neutral`, effect `ChangeSides`; engine gap G30,
//! ToO 28.4, A27, T26): a neutral side plays no phase, its units are everyone's enemy, an
//! attacked neutral unit joins the side not attacking, and events pass units between sides.

use sandtable::session::{Command, Session};

use crate::common::{attack, kell_with, log_has, play};

/// Kell Ford with a neutral side listed between the North and the South, and its corps at 0403
/// (next to N-2Inf at 0402); `rules` replaces Kell Ford's rules.
fn game(rules: &str, dice: &[u32]) -> Session {
    kell_with(
        &[
            (crate::common::KELL_RULES, rules),
            (r##"        (id: "south", name: "Southern Union", color: "#d9b36c"),"##, r##"        (id: "bolsheviks", name: "Bolsheviks", color: "#c04040", neutral: true),
        (id: "south", name: "Southern Union", color: "#d9b36c"),"##),
            (r#"        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#, r#"        (id: "b_corps", name: "Bolshevik Corps", contingent: "bolsheviks", symbol: Infantry, size: "XXX", strength: Steps([(attack: 4, defense: 4, movement: 3)])),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#),
            ("(unit_type: \"s_inf\", count: 2),", "(unit_type: \"s_inf\", count: 2), (unit_type: \"b_corps\", count: 1),"),
            (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"),"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"), (id: "B-Corps", unit_type: "b_corps", at: "0403"),"#),
        ],
        dice,
    )
}

fn side_of(s: &mut Session, unit: &str) -> String {
    s.state(None).units.into_iter().find(|u| u.id == unit).map(|u| u.side).expect("unit")
}

#[test]
fn rule_too_28_4_a_neutral_unit_attacked_joins_the_side_not_attacking() {
    // T26: the North attacks the corps (4 against 4: 1:1; roll 6 = 0/1): it joins the South at
    // once and defends as the South's.
    let mut s = game(crate::common::KELL_RULES, &[6]);
    assert_eq!(side_of(&mut s, "B-Corps"), "bolsheviks");
    play(&mut s, &[Command::EndPhase]);
    assert!(s.legal_commands().contains(&attack(&["N-2Inf"], "0403")), "either side may attack it");
    play(&mut s, &[attack(&["N-2Inf"], "0403")]);
    assert!(log_has(&mut s, "B-Corps joins south: attacked by north (ToO 28.4)"));
    assert_eq!(side_of(&mut s, "B-Corps"), "south");
    // Its one step is the South's loss now.
    assert_eq!(crate::common::location(&mut s, "B-Corps"), "eliminated");
}

#[test]
fn rule_too_28_4_a_neutral_side_plays_no_phase() {
    // Listed second, the neutral side is passed over: the South plays the second player's phases.
    let mut s = game(crate::common::KELL_RULES, &[]);
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    assert_eq!(s.acting_side(), Some(2), "the South, not the Bolsheviks");
}

#[test]
fn rule_too_6_3_bolshevik_alliance_passes_the_corps_to_the_side() {
    let rules = r#"rules: (reveal_when_enemy_ends_adjacent: true, scripted: [(turn: "1", phase: "first_movement", effects: [ChangeSides(unit_types: ["b_corps"])], rule: Some("6.3"))]),"#;
    let mut s = game(rules, &[]);
    assert!(log_has(&mut s, "scenario rule 6.3: B-Corps passes to north"));
    assert_eq!(side_of(&mut s, "B-Corps"), "north");
    assert!(s.legal_commands().iter().any(|c| matches!(c, Command::Move { unit, .. } if unit == "B-Corps")), "the North moves it now");
}

#[test]
fn bad_neutral_sides_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let text = text.replacen(r##"(id: "south", name: "Southern Union", color: "#d9b36c"),"##, r##"(id: "south", name: "Southern Union", color: "#d9b36c", neutral: true),"##, 1);
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("a neutral South loads") };
    let e = e.to_string();
    assert!(e.contains("sides: at least two sides must play (not neutral)"), "{e}");
}
