//! Building by spending units (`rules.constructions`; engine gap G34, ToO 29): the hex gains a
//! tag as if printed, and purchases by that tag may use it.

use sandtable::session::{Command, Session};

use crate::common::{kell_with, location, log_has, play};

/// Kell Ford with a North Mobilization phase, a "coast" at 0101 and Hollin (0202, a "city" on
/// the coast), two more battalions in the pool, and ports built by using up two artillery
/// battalions in a coastal city; regiments are bought into ports.
fn game() -> Session {
    let rules = r#"rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true,
        constructions: [(id: "port", name: "Port", side: "north", phase: Mobilization, spend: [("n_art", 2)], on_tags: ["coast", "city"], adds_tag: "port", rule: Some("29"))],
        purchases: Some((tracks: [("north", "north_vp")], costs: [(unit_type: "n_inf", cost: 0)], places: [(tags: ["port"])]))),"#;
    kell_with(
        &[
            (crate::common::KELL_RULES, rules),
            ("        phases: [\n", "        phases: [\n            (id: \"mob\", name: \"First Player Mobilization\", kind: Mobilization, actor: First),\n"),
            (r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0202", name: Some("Hollin"), tags: ["coast", "city"]), (hex: "0101", tags: ["coast"]),"#),
            ("(unit_type: \"n_inf\", count: 2),", "(unit_type: \"n_inf\", count: 3),"),
            (r#"(unit_type: "n_art", count: 1),"#, r#"(unit_type: "n_art", count: 2),"#),
            (r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#, r#"(id: "N-Art", unit_type: "n_art", at: "0202"), (id: "N-Art2", unit_type: "n_art", at: "0202"),"#),
        ],
        &[],
    )
}

fn build(at: &str) -> Command {
    Command::Build { construction: "port".into(), at: at.into() }
}

#[test]
fn rule_too_29_a_port_is_built_by_using_up_units_in_a_coastal_city() {
    let mut s = game();
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::Recruit { .. })), "no port yet");
    assert_eq!(s.apply(build("0101")).expect_err("not a city"), "Port is built only in a hex that is coast and city: 0101 is not city");
    assert_eq!(s.legal_commands().iter().filter(|c| matches!(c, Command::Build { .. })).count(), 1);
    play(&mut s, &[build("0202")]);
    assert!(log_has(&mut s, "north builds Port at 0202, using up N-Art, N-Art2 (29)"));
    assert_eq!(location(&mut s, "N-Art"), "pool");
    assert_eq!(s.apply(build("0202")).expect_err("twice"), "0202 has a port already");
    // The port is read as if printed: regiments are bought into it.
    assert!(s.legal_commands().contains(&Command::Recruit { unit_type: "n_inf".into(), at: "0202".into(), surge: false }));
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(s.apply(build("0101")).expect_err("phase"), "Port is built in the side's own Mobilization phase");
}

#[test]
fn bad_constructions_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let rules = r#"rules: (constructions: [(id: "port", name: "Port", side: "east", phase: Mobilization, spend: [("n_zep", 3)], on_tags: ["coast"], adds_tag: "port")]),"#;
    let text = text.replacen(crate::common::KELL_RULES, rules, 1);
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("bad constructions load") };
    let e = e.to_string();
    for want in [
        "rules.constructions[0].side",
        "rules.constructions[0].phase: the sequence of play has no Mobilization phase",
        "rules.constructions[0].spend[0].0",
        "rules.constructions[0].on_tags[0]: no hex is tagged `coast`, and nothing builds it",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
}
