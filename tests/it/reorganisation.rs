//! Reorganisation (`rules.reorganisation`, `rules.counter_pool`, phase kind `Reorganisation`;
//! engine gap G16, ToO 8): corps broken down into divisions and divisions combined into corps
//! in the owner's Reorganisation phase, with counters from the pool.

use sandtable::session::{Command, Session};

use crate::common::{kell_with, location, log_has, play};

/// North divisions (six in the mix), a corps of three, an expeditionary corps of three and a
/// supply unit it uses up, and a corps that may not be broken down.
const TYPES: (&str, &str) = (
    r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    r#"(id: "n_div", name: "Division", contingent: "north", symbol: Infantry, size: "XX", strength: Steps([(attack: 2, defense: 2, movement: 4)])),
        (id: "n_corps", name: "Corps", contingent: "north", symbol: Infantry, size: "XXX", strength: Steps([(attack: 6, defense: 6, movement: 4)])),
        (id: "n_exp", name: "Expeditionary Corps", contingent: "north", symbol: Infantry, size: "XXX", strength: Steps([(attack: 7, defense: 6, movement: 4)])),
        (id: "n_bol", name: "Bolshevik Corps", contingent: "north", symbol: Infantry, size: "XXX", strength: Steps([(attack: 6, defense: 6, movement: 3)])),
        (id: "n_sup", name: "Supply", contingent: "north", symbol: Supply, strength: Steps([(attack: 0, defense: 1, movement: 4)]), flags: [NoZoc, CannotAttack]),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
);
const MIX: (&str, &str) = (
    r#"(unit_type: "n_art", count: 1),"#,
    r#"(unit_type: "n_art", count: 1), (unit_type: "n_div", count: 6), (unit_type: "n_corps", count: 1), (unit_type: "n_exp", count: 1),
        (unit_type: "n_bol", count: 1), (unit_type: "n_sup", count: 1),"#,
);
const RULES: (&str, &str) = (
    crate::common::KELL_RULES,
    r#"rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true, reorganisation: [
            (unit_type: "n_corps", components: [("n_div", 3)]),
            (unit_type: "n_exp", components: [("n_div", 3)], consumes: Some("n_sup")),
            (unit_type: "n_bol", components: [("n_div", 3)], breaks_down: false),
        ]),"#,
);
const PHASE: (&str, &str) = (
    "        phases: [\n",
    "        phases: [\n            (id: \"reorg\", name: \"First Player Reorganisation\", kind: Reorganisation, actor: First),\n",
);
/// Clear ground holds 4 units (Kell Ford's 2 would not hold a broken-down corps).
const ROOMY: (&str, &str) = ("default_cost: Mp(1), stacking: Some(2)),", "default_cost: Mp(1), stacking: Some(4)),");

fn game(extra_units: &[&str], roomy: bool) -> Session {
    let art = r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#;
    let placed = format!("{art}\n{}", extra_units.join("\n"));
    let mut reps = vec![TYPES, MIX, RULES, PHASE, (art, placed.as_str())];
    if roomy {
        reps.push(ROOMY);
    }
    kell_with(&reps, &[])
}

fn unit(id: &str, ty: &str, at: &str) -> String {
    format!(r#"(id: "{id}", unit_type: "{ty}", at: "{at}"),"#)
}

#[test]
fn rule_too_8_2_a_corps_breaks_down_into_divisions_from_the_pool() {
    let mut s = game(&[&unit("N-Corps", "n_corps", "0503")], true);
    assert_eq!(location(&mut s, "n_div#1"), "pool");
    assert!(s.legal_commands().contains(&Command::Breakdown { unit: "N-Corps".into() }));
    play(&mut s, &[Command::Breakdown { unit: "N-Corps".into() }]);
    assert!(log_has(&mut s, "N-Corps is broken down into n_div#1, n_div#2, n_div#3 (8.2)"));
    assert_eq!(location(&mut s, "N-Corps"), "pool", "not eliminated");
    for d in ["n_div#1", "n_div#2", "n_div#3"] {
        assert_eq!(location(&mut s, d), "0503");
    }
    assert_eq!(location(&mut s, "n_div#4"), "pool");
    // 8.3: and back, the corps' counter from the pool.
    let back = Command::Combine { units: vec!["n_div#1".into(), "n_div#2".into(), "n_div#3".into()] };
    assert!(s.legal_commands().contains(&back));
    play(&mut s, &[back]);
    assert!(log_has(&mut s, "n_div#1, n_div#2, n_div#3 combine into N-Corps (8.3)"));
    assert_eq!((location(&mut s, "N-Corps"), location(&mut s, "n_div#1")), ("0503".to_string(), "pool".to_string()));
}

#[test]
fn rule_too_8_5_an_expeditionary_corps_uses_up_a_supply_unit() {
    let mut s = game(&[&unit("D1", "n_div", "0503"), &unit("D2", "n_div", "0503"), &unit("D3", "n_div", "0503"), &unit("Sup", "n_sup", "0503")], true);
    play(&mut s, &[Command::Combine { units: vec!["D1".into(), "D2".into(), "D3".into(), "Sup".into()] }]);
    assert!(log_has(&mut s, "D1, D2, D3 combine into n_exp#1, using up Sup (8.3)"));
    assert_eq!((location(&mut s, "n_exp#1"), location(&mut s, "Sup")), ("0503".to_string(), "out of play".to_string()));
    // 8.2: breaking it down gives divisions only, never the supply unit back.
    play(&mut s, &[Command::Breakdown { unit: "n_exp#1".into() }]);
    assert_eq!(location(&mut s, "Sup"), "out of play");
    assert_eq!(location(&mut s, "D1"), "0503", "the first division counters of the pool, by id");
}

#[test]
fn rule_too_8_3_combination_needs_one_hex_the_right_units_and_the_phase() {
    let mut s = game(&[&unit("D1", "n_div", "0503"), &unit("D2", "n_div", "0503"), &unit("D3", "n_div", "0502")], true);
    let refuse = |s: &mut Session, c: Command, want: &str| {
        let e = s.apply(c).expect_err(want);
        assert!(e.contains(want), "{e}");
    };
    let three = Command::Combine { units: vec!["D1".into(), "D2".into(), "D3".into()] };
    refuse(&mut s, three, "must be in one hex");
    refuse(&mut s, Command::Combine { units: vec!["D1".into(), "D2".into()] }, "make no unit");
    refuse(&mut s, Command::Breakdown { unit: "D1".into() }, "is not made of other units");
    play(&mut s, &[Command::EndPhase]);
    refuse(&mut s, Command::Combine { units: vec!["D1".into(), "D2".into()] }, "not allowed in the First Player Movement phase");
}

#[test]
fn rule_too_8_2_what_may_not_be_broken_down_or_has_no_room() {
    let mut s = game(&[&unit("Bol", "n_bol", "0503")], true);
    let e = s.apply(Command::Breakdown { unit: "Bol".into() }).expect_err("Bolsheviks");
    assert!(e.contains("may not be broken down"), "{e}");
    // Kell Ford's clear hexes hold 2 units: three divisions do not fit.
    let mut t = game(&[&unit("N-Corps", "n_corps", "0503")], false);
    let e = t.apply(Command::Breakdown { unit: "N-Corps".into() }).expect_err("room");
    assert!(e.contains("its components would overstack 0503 (3 of 2 stacking points)"), "{e}");
    // With the pool empty of divisions, no breakdown.
    let six: Vec<String> = (1..=6).map(|k| unit(&format!("D{k}"), "n_div", if k <= 3 { "0601" } else { "0701" })).collect();
    let mut all: Vec<&str> = six.iter().map(String::as_str).collect();
    let corps = unit("N-Corps", "n_corps", "0503");
    all.push(&corps);
    let mut u = game(&all, true);
    let e = u.apply(Command::Breakdown { unit: "N-Corps".into() }).expect_err("pool");
    assert!(e.contains("not enough component counters are free"), "{e}");
}

#[test]
fn rule_too_8_random_games_with_reorganisation_list_only_accepted_commands() {
    for seed in 1..=8 {
        let mut s = game(&[&unit("N-Corps", "n_corps", "0503"), &unit("D1", "n_div", "0601"), &unit("D2", "n_div", "0601"), &unit("D3", "n_div", "0601"), &unit("Sup", "n_sup", "0601")], true);
        crate::common::play_random_checked(&mut s, seed, 2000);
    }
}

#[test]
fn bad_formations_are_clear_errors() {
    let bad = (
        crate::common::KELL_RULES,
        r#"rules: (reorganisation: [(unit_type: "n_inf", components: [("n_inf", 0), ("ghost", 2)], consumes: Some("none"))]),"#,
    );
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let t = text.replacen(bad.0, bad.1, 1).replacen(PHASE.0, PHASE.1, 1);
    let Err(e) = sandtable::games::load_str(&t, "bad.ron", &crate::common::root()) else { panic!("bad formations load") };
    let e = e.to_string();
    for want in [
        "rules.reorganisation[0].components: needs at least one component, each at least once",
        "rules.reorganisation[0].components[0].0: a unit cannot be its own component",
        "rules.reorganisation[0].components[1].0",
        "rules.reorganisation[0].consumes",
        "rules.reorganisation: breakdown and combination take counters from the pool",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
}

/// ToO 23.2: the Yildirim corps is formed only from 1916 and once its event has happened or
/// the Allies have held an Ottoman mobilisation hex: a formation's conditions, one of which
/// may be any of several (`Any`).
#[test]
fn rule_too_23_2_a_formation_is_made_only_while_its_conditions_hold() {
    let rules = (
        crate::common::KELL_RULES,
        r#"rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true, reorganisation: [
            (unit_type: "n_corps", components: [("n_div", 3)],
             when: [TurnAtMost(1), Any([Track(track: "north_vp", when: AtLeast(2)), Controls(side: "north", space: "0404")])]),
        ]),"#,
    );
    let divisions = [unit("N-D1", "n_div", "0503"), unit("N-D2", "n_div", "0503"), unit("N-D3", "n_div", "0503")];
    let setup = |vp: i32| {
        let art = r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#;
        let placed = format!("{art}\n{}", divisions.join("\n"));
        let start = format!("start: {vp}, floor: 0, cap: 10,");
        kell_with(&[TYPES, MIX, rules, PHASE, ROOMY, (art, placed.as_str()), ("start: 0, floor: 0, cap: 10,", start.as_str())], &[])
    };
    let combine = Command::Combine { units: ["N-D1", "N-D2", "N-D3"].iter().map(|u| (*u).into()).collect() };
    // Neither of the two holds: refused, and not listed.
    let mut s = setup(0);
    assert_eq!(s.apply(combine.clone()).expect_err("not yet"), "Corps may not be formed now (its conditions do not hold)");
    assert!(!s.legal_commands().contains(&combine));
    // One of them holds: formed.
    let mut t = setup(3);
    assert!(t.legal_commands().contains(&combine));
    play(&mut t, &[combine]);
    assert_eq!(location(&mut t, "n_corps#1"), "0503");
}

#[test]
fn bad_formation_conditions_are_clear_errors() {
    let rules = (
        crate::common::KELL_RULES,
        r#"rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true, reorganisation: [
            (unit_type: "n_corps", components: [("n_div", 3)], when: [Any([]), Any([Track(track: "nope", when: AtLeast(1))])]),
        ]),"#,
    );
    let text = crate::common::kell_text_with(&[TYPES, MIX, rules, PHASE]);
    let e = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()).expect_err("bad").to_string();
    assert!(e.contains("rules.reorganisation[0].when[0]: `Any` names no condition"), "{e}");
    assert!(e.contains("rules.reorganisation[0].when[1][0]"), "{e}");
}
