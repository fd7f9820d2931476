//! Units bound to their side's rail net (unit flags `RailBound`, `Fastest`; engine gap G27, ToO
//! 16.4 and 12 MD, worked case T13): an armoured train moves and attacks only along its side's
//! railways, and beats any unit in a speed test.

use sandtable::session::{Command, Session};

use crate::common::{attack, kell_every_roll, log_has, mv, play};

/// The railway along row 1 (its east end, 0701-0801, the South's), a North armoured train in
/// 0401 and the South's militia moved to `mil`.
fn game(mil: &str) -> Session {
    let line = (
        r#"(id: "kell_road", class: Road, hexes: ["0201", "0202", "0303", "0403", "0404", "0505", "0506"]),"#,
        r#"(id: "kell_road", class: Road, hexes: ["0201", "0202", "0303", "0403", "0404", "0505", "0506"]),
            (id: "north_line", class: Rail, hexes: ["0101", "0201", "0301", "0401", "0501", "0601", "0701", "0801"]),"#,
    );
    let east = (r#"(side: "south", rows: Some((4, 6))),"#, r#"(side: "south", rows: Some((4, 6)), hexes: ["0701", "0801"]),"#);
    let types = (
        r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
        r#"(id: "n_train", name: "Armoured Train", contingent: "north", symbol: Armor, size: "II", strength: Steps([(attack: 2, defense: 2, movement: 6)]), flags: [RailBound, Fastest]),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    );
    let mix = (r#"(unit_type: "n_art", count: 1),"#, r#"(unit_type: "n_art", count: 1), (unit_type: "n_train", count: 1),"#);
    let art = r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#;
    let train = format!(r#"{art} (id: "N-Train", unit_type: "n_train", at: "0401"),"#);
    let m = format!(r#"(id: "S-Mil", unit_type: "s_mil", at: "{mil}"),"#);
    let results = r#"results: [
                (code: "MD", effects: [SpeedTest(faster: "DW", otherwise: "BA")]),
                (code: "DW", effects: [Retreat(party: Defender, hexes: 1)]),
                (code: "BA", effects: [EliminateUnits(party: Attacker, count: 1), EliminateUnits(party: Defender, count: 1)]),
            ],"#;
    let extra = [line, east, types, mix, (art, train.as_str()), (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"),"#, m.as_str())];
    kell_every_roll("MD", results, &extra, &[6])
}

fn destinations(s: &mut Session, unit: &str) -> Vec<String> {
    let mut out: Vec<String> = s.legal_commands().into_iter().filter_map(|c| match c {
        Command::Move { unit: u, to } if u == unit => Some(to.to_string()),
        _ => None,
    }).collect();
    out.sort();
    out
}

#[test]
fn rule_too_16_4_an_armoured_train_moves_only_along_its_sides_rail_net() {
    let mut s = game("0305");
    // Along row 1, not into the South's end of the line (0701) nor off the railway.
    assert_eq!(destinations(&mut s, "N-Train"), ["0101", "0201", "0301", "0501", "0601"]);
    let e = s.apply(mv("N-Train", "0402")).expect_err("off the railway");
    assert!(!e.is_empty());
}

#[test]
fn rule_too_16_4_an_armoured_train_attacks_only_along_a_railway() {
    // The militia in 0402, next to the train but off the railway.
    let mut s = game("0402");
    play(&mut s, &[Command::EndPhase]);
    let e = s.apply(attack(&["N-Train"], "0402")).expect_err("not along a railway");
    assert!(e.contains("attacks only a hex joined to its own by a railway"), "{e}");
}

#[test]
fn rule_too_12_md_t13_an_attacking_armoured_train_always_gives_ba() {
    // The militia (3 MP) in 0501, on the railway.
    let mut s = game("0501");
    play(&mut s, &[Command::EndPhase, attack(&["N-Train"], "0501")]);
    assert!(log_has(&mut s, "speed test: a defender is no faster than the fastest attacker (3 MP against a train's): result BA"));
}
