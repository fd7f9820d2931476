//! Units received free (`EventEffect::Receive`; engine gap G19, ToO 6.3, 7.7, 7.8, 22.1): the
//! side places counters of the mix not in play one by one where the effect allows; a unit with
//! no hex is lost; guerrillas are drawn at random.

use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{kell_with, location, log_has, play};

/// Kell Ford with two more regiments and two more battalions in the pool, a depot at Hollin
/// (0202), mobilisation hexes 0101 and 0301, and `receive` (a `ReceiveDef`) applied for the
/// North as its first phase begins.
fn game(receive: &str, dice: &[u32]) -> Session {
    let rules = format!(
        "rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true,\n\
         scripted: [(turn: \"1\", phase: \"first_movement\", effects: [Receive(({receive}))], rule: Some(\"6.3\"))]),"
    );
    kell_with(
        &[
            (crate::common::KELL_RULES, rules.as_str()),
            (r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0202", name: Some("Hollin"), tags: ["depot"]), (hex: "0101", tags: ["mob"]), (hex: "0301", tags: ["mob"]),"#),
            ("(unit_type: \"n_inf\", count: 2),", "(unit_type: \"n_inf\", count: 4),"),
            (r#"(unit_type: "n_art", count: 1),"#, r#"(unit_type: "n_art", count: 3),"#),
        ],
        dice,
    )
}

fn place(unit: &str, at: &str) -> Command {
    Command::Place { unit: unit.into(), at: at.into() }
}

fn offered(s: &mut Session) -> Vec<(String, Vec<String>)> {
    match s.state(None).prompt {
        Some(Prompt::PlaceUnit { options, by, .. }) if by == "receive" => options,
        p => panic!("a placement of units received is asked for, not {p:?}"),
    }
}

#[test]
fn rule_too_7_7_units_received_are_placed_one_by_one_where_the_effect_allows() {
    let mut s = game(r#"count: Fixed(2), unit_types: ["n_inf", "n_art"], places: [(tags: ["depot", "mob"])]"#, &[]);
    // In board order (row by row).
    let spaces = vec!["0101".to_string(), "0301".to_string(), "0202".to_string()];
    assert_eq!(offered(&mut s), vec![("n_inf#1".to_string(), spaces.clone()), ("n_art#1".to_string(), spaces)]);
    assert!(s.legal_commands().contains(&place("n_art#1", "0301")));
    assert_eq!(s.apply(place("n_inf#2", "0202")).expect_err("not offered"), "`n_inf#2` is not to be placed now: n_inf#1 or n_art#1");
    assert_eq!(s.apply(place("n_inf#1", "0505")).expect_err("not there"), "`n_inf#1` may not be placed at 0505: 0101, 0301, 0202");
    play(&mut s, &[place("n_inf#1", "0202")]);
    assert!(log_has(&mut s, "north places n_inf#1, received free, at 0202 (scenario rule 6.3)"));
    // The second unit: the next free regiment, or the battalion still.
    let next = offered(&mut s);
    let ids: Vec<&str> = next.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids, ["n_inf#2", "n_art#1"]);
    play(&mut s, &[place("n_art#1", "0101")]);
    assert_eq!((location(&mut s, "n_inf#1"), location(&mut s, "n_art#1")), ("0202".to_string(), "0101".to_string()));
    assert!(s.state(None).prompt.is_none(), "both units are placed");
    assert!(s.legal_commands().contains(&Command::EndPhase));
}

#[test]
fn rule_too_7_8_a_unit_with_no_hex_to_enter_is_lost() {
    // Only an empty depot will do, and Hollin holds the North's battalion.
    let mut s = game(r#"count: Fixed(1), unit_types: ["n_inf"], places: [(tags: ["depot"], empty: true)]"#, &[]);
    assert!(s.state(None).prompt.is_none());
    assert!(log_has(&mut s, "scenario rule 6.3: n_inf#1 has no hex to enter: it is lost (7.8)"));
    assert_eq!(location(&mut s, "n_inf#1"), "pool");
}

#[test]
fn rule_too_22_1_units_drawn_at_random_come_from_every_free_counter() {
    // Free: n_inf#1, n_inf#2, n_art#1, n_art#2; the die (1-4) says 3.
    let mut s = game(r#"count: Fixed(1), unit_types: ["n_inf", "n_art"], places: [(tags: ["mob"])], random: true"#, &[3]);
    assert_eq!(offered(&mut s), vec![("n_art#1".to_string(), vec!["0101".to_string(), "0301".to_string()])]);
    assert!(!s.can_undo(), "the draw is an undo barrier");
    play(&mut s, &[place("n_art#1", "0301")]);
    assert_eq!(location(&mut s, "n_art#1"), "0301");
}

#[test]
fn bad_receipts_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let rules = r#"rules: (scripted: [(turn: "1", phase: "first_movement", effects: [Receive((count: Fixed(1), unit_types: ["n_zep"], places: [(side: Some("east"), tags: ["port"])]))])]),"#;
    let text = text.replacen(crate::common::KELL_RULES, rules, 1);
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("a bad receipt loads") };
    let e = e.to_string();
    for want in [
        "rules.scripted[0].effects[0].unit_types[0]",
        "rules.scripted[0].effects[0].places[0].side",
        "rules.scripted[0].effects[0].places[0].tags[0]: no hex is tagged `port`",
        "rules.scripted[0].effects[0]: units received are counters of the mix not in play",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
}
