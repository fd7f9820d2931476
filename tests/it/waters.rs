//! Units that keep to their waters (`unit_types[].waters`; engine gap G27, ToO 21): a river
//! flotilla moves only from hex to hex of its waters at 1 MP a step, exerts its zone of control
//! and attacks only into them, and retreats only into them; it carries a unit of its hex.

use sandtable::session::{Command, Session};

use crate::common::{attack, kell_every_roll, location, mv, play};

const RESULTS: &str = r#"results: [
                (code: "AR", effects: [Retreat(party: Attacker, hexes: 1)]),
                (code: "DA", effects: [EliminateUnits(party: Defender, count: 1)]),
            ],"#;

/// Kell Ford whose every roll gives `code`, with the river's waters tagged `river` on `waters`
/// (hex keys), a North flotilla (2-1-10) at `at`, a South flotilla at 0801 (waters 0801-0802)
/// and a South militia moved to 0504.
fn game(code: &str, waters: &[&str], at: &str) -> Session {
    let tagged: String = waters.iter().chain(&["0801", "0802"]).filter(|h| !["0202", "0404"].contains(*h)).map(|h| format!(r#"(hex: "{h}", tags: ["river"]), "#)).collect();
    let hollin = if waters.contains(&"0202") { r#"(hex: "0202", name: Some("Hollin"), tags: ["river"])"# } else { r#"(hex: "0202", name: Some("Hollin"))"# };
    let hexes = format!("{hollin}, {tagged}");
    let kell = if waters.contains(&"0404") { r#"(hex: "0404", name: Some("Kell"), vp: 3, objective: true, tags: ["river"]),"# } else { r#"(hex: "0404", name: Some("Kell"), vp: 3, objective: true),"# };
    let types = r#"(id: "n_flot", name: "Flotilla", contingent: "north", symbol: Naval, strength: Steps([(attack: 2, defense: 1, movement: 10)]),
         waters: Some((tag: "river")), carries: Some((points: 1, rule: Some("21.4")))),
        (id: "s_flot", name: "Flotilla", contingent: "south", symbol: Naval, strength: Steps([(attack: 2, defense: 1, movement: 10)]),
         waters: Some((tag: "river"))),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#;
    let mix = r#"(unit_type: "n_art", count: 1), (unit_type: "n_flot", count: 1), (unit_type: "s_flot", count: 1),"#;
    let placed = format!(
        r#"(id: "N-Art", unit_type: "n_art", at: "0202"), (id: "N-Flot", unit_type: "n_flot", at: "{at}"), (id: "S-Flot", unit_type: "s_flot", at: "0801"),"#
    );
    kell_every_roll(
        code,
        RESULTS,
        &[
            (r#"(hex: "0202", name: Some("Hollin")),"#, hexes.as_str()),
            (r#"(hex: "0404", name: Some("Kell"), vp: 3, objective: true),"#, kell),
            (r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#, types),
            (r#"(unit_type: "n_art", count: 1),"#, mix),
            (r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#, placed.as_str()),
            (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"),"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0504"),"#),
        ],
        &[6],
    )
}

fn destinations(s: &mut Session, unit: &str) -> Vec<String> {
    let mut out: Vec<String> = s
        .legal_commands()
        .into_iter()
        .filter_map(|c| match c {
            Command::Move { unit: u, to } if u == unit => Some(to.to_string()),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

#[test]
fn rule_too_21_1_a_flotilla_moves_only_through_its_waters_at_one_mp_a_step() {
    // Hill 0103 and the river hexsides cost it no more than 1 MP a step.
    let mut s = game("DA", &["0101", "0102", "0103", "0203", "0303", "0403"], "0101");
    // 0403 is next to Kell (S-1Inf) and the militia at 0504: it stops there.
    assert_eq!(destinations(&mut s, "N-Flot"), ["0102", "0103", "0203", "0303", "0403"]);
    assert!(s.apply(mv("N-Flot", "0201")).is_err(), "0201 is no part of its waters");
    play(&mut s, &[mv("N-Flot", "0303")]);
    let used = sandtable::model::units_now::UnitsNow::of_world(&mut s.world).get("N-Flot").expect("flotilla").activity.mp_used;
    assert_eq!(used, 4, "four steps at 1 MP");
}

#[test]
fn rule_too_21_2_a_flotillas_zone_of_control_reaches_only_into_its_waters() {
    let mut s = game("DA", &["0101"], "0101");
    let units = sandtable::model::view::UnitsView::from_world(&mut s.world);
    let zoc = sandtable::rules::movement::enemy_zoc(s.game(), &units, 0);
    let at = |k: &str| s.game().board.space(k).expect("hex").index();
    // S-Flot at 0801: into 0802 (its waters), not into 0701 or 0702.
    assert!(zoc[at("0802")]);
    assert!(!zoc[at("0701")] && !zoc[at("0702")]);
}

#[test]
fn rule_too_21_3_a_flotilla_attacks_only_hexes_of_its_waters_and_retreats_only_into_them() {
    let mut s = game("DA", &["0303", "0403", "0404"], "0403");
    play(&mut s, &[Command::EndPhase]);
    // The militia at 0504 is next to 0403, but off the waters.
    let e = s.apply(attack(&["N-Flot"], "0504")).expect_err("off its waters");
    assert_eq!(e, "`N-Flot` keeps to its waters and attacks only hexes of them");
    assert!(s.legal_commands().contains(&attack(&["N-Flot"], "0404")));
    // AR: the only hex of its waters farther from Kell is 0303.
    let mut t = game("AR", &["0303", "0403", "0404"], "0403");
    play(&mut t, &[Command::EndPhase, attack(&["N-Flot"], "0404")]);
    let answers = t.legal_commands();
    assert!(!answers.is_empty());
    for c in &answers {
        let Command::TakeLosses { retreat, .. } = c else { panic!("a retreat answer: {c:?}") };
        assert!(retreat.iter().all(|r| r.path.iter().all(|h| h.as_str() == "0303")), "{c:?}");
    }
    play(&mut t, &[answers[0].clone()]);
    assert_eq!(location(&mut t, "N-Flot"), "0303");
}

#[test]
fn rule_too_21_3_a_flotilla_with_no_hex_of_its_waters_to_retreat_into_is_eliminated() {
    let mut s = game("AR", &["0403", "0404"], "0403");
    play(&mut s, &[Command::EndPhase, attack(&["N-Flot"], "0404")]);
    for c in s.legal_commands() {
        if matches!(c, Command::TakeLosses { .. }) {
            play(&mut s, &[c]);
            break;
        }
    }
    assert_eq!(location(&mut s, "N-Flot"), "eliminated");
}

#[test]
fn bad_waters_are_clear_errors() {
    let text = crate::common::kell_text_with(&[(
        r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
        r#"(id: "n_flot", name: "Flotilla", contingent: "north", symbol: Naval, strength: Steps([(attack: 2, defense: 1, movement: 10)]),
         waters: Some((tag: "tigris", step_mp: 0))),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    )]);
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("bad waters load") };
    let e = e.to_string();
    assert!(e.contains("waters.tag: no hex has the tag `tigris`"), "{e}");
    assert!(e.contains("waters.step_mp: a step costs at least 1 MP"), "{e}");
}

fn carry(carrier: &str, passenger: &str, to: &str) -> Command {
    Command::Carry { carrier: carrier.into(), passenger: passenger.into(), to: to.into() }
}

#[test]
fn rule_too_21_4_a_flotilla_carries_a_unit_of_its_hex_and_sets_it_down_where_its_move_ends() {
    // The flotilla in Hollin (0202) with N-Art; its waters run 0202-0303-0403.
    let mut s = game("DA", &["0202", "0303", "0403"], "0202");
    assert!(s.legal_commands().contains(&carry("N-Flot", "N-Art", "0403")));
    play(&mut s, &[carry("N-Flot", "N-Art", "0303")]);
    assert!(crate::common::log_has(&mut s, "N-Flot carries N-Art to 0303 (21.4)"));
    assert_eq!((location(&mut s, "N-Flot"), location(&mut s, "N-Art")), ("0303".to_string(), "0303".to_string()));
    // The passenger's move is over; the flotilla moves on with what it has left.
    assert!(s.apply(mv("N-Art", "0402")).is_err());
    play(&mut s, &[mv("N-Flot", "0403")]);
}

#[test]
fn rule_too_21_4_the_passenger_starts_in_the_flotillas_hex_and_has_not_moved() {
    let mut s = game("DA", &["0202", "0303", "0403"], "0202");
    assert_eq!(s.apply(carry("N-Flot", "N-1Tk", "0303")).expect_err("apart"), "`N-1Tk` does not stand with `N-Flot`");
    assert_eq!(s.apply(carry("N-Art", "N-Flot", "0303")).expect_err("no carrier"), "`N-Art` carries no units");
    play(&mut s, &[mv("N-Art", "0201"), mv("N-Art", "0202")]);
    assert_eq!(s.apply(carry("N-Flot", "N-Art", "0303")).expect_err("moved"), "`N-Art` has moved this phase");
}

#[test]
fn rule_too_21_4_where_stacking_is_checked_on_entry_the_passenger_needs_room_too() {
    // 0302 holds N-1Tk; Kell Ford stacks 2 a hex: the flotilla fits, not with N-Art.
    let mut s = game("DA", &["0202", "0302"], "0202");
    assert_eq!(s.apply(carry("N-Flot", "N-Art", "0302")).expect_err("no room"), "0302 has no room for `N-Flot` and `N-Art`");
    assert!(!s.legal_commands().contains(&carry("N-Flot", "N-Art", "0302")));
    play(&mut s, &[mv("N-Flot", "0302")]);
}

#[test]
fn rule_too_21_4_a_flotilla_takes_units_aboard_only_where_it_starts_the_phase() {
    // Once it has moved it takes no one aboard, not even again the unit it set down.
    let mut t = game("DA", &["0202", "0303", "0403"], "0202");
    play(&mut t, &[carry("N-Flot", "N-Art", "0303")]);
    assert_eq!(
        t.apply(carry("N-Flot", "N-Art", "0403")).expect_err("moved"),
        "`N-Flot` has moved this phase: it takes units aboard only where it starts"
    );
}
