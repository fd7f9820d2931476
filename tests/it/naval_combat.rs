//! ToO 32 (optional rule, the twilight ruleset's own procedure): the Goeben's sortie against an
//! enemy naval unit at work in one sea zone. Here Kell Ford with three sea zones (as the sea
//! move tests): the North's transport N-Ship is the target type and the East Sea (column 08)
//! the zone; the South's raider S-Raider rests 1d6 turns after each use (23.3).

use sandtable::games::twilight::vocabulary::{TooCommand, TooPrompt, too_prompt};
use sandtable::session::{Command, Session};

use super::twilight_cases::{prompt, track};
use crate::common::{kell_text_with, location, log_has, play};

const SECTION: &str = r#"ruleset: "twilight",
    ruleset_rules: (naval_combat: Some((option: "naval_combat", raider: "s_raider", targets: ["n_ship"], zone: "east",
        results: [(rolls: (1, 2), name: "sunk", sinks: true), (rolls: (3, 4), name: "no effect"),
                  (rolls: (5, 6), name: "the raider is hit", track: Some(("north_vp", 2)))],
        rule: "32"))),"#;

/// The scenario, with `option_on` as the option's default and `section` as the ruleset.
fn text(section: &str, option_on: bool) -> String {
    text_with(section, option_on, &[])
}

/// [`text`] with more replacements, made after its own.
fn text_with(section: &str, option_on: bool, more: &[(&str, &str)]) -> String {
    let rules = r#"rules: (reveal_when_enemy_ends_adjacent: true, sea_moves: Some((transports: ["n_ship"], capacity: 2,
            zones: [(contingents: ["north"], zones: ["west", "south", "east"])], rule: Some("20")))),"#;
    let options = format!(
        r#"    options: [(id: "naval_combat", name: "Naval combat", rule: Some("32"), default: {option_on})],
    setup: ("#
    );
    let mut all = vec![
        (r#"ruleset: "generic","#, section),
        (crate::common::KELL_RULES, rules),
        super::sea_moves::PORTS,
        super::sea_moves::SEA_ZONES,
        (
            "    ],\n    counter_mix: [",
            r#"        (id: "n_ship", name: "Transport", contingent: "north", symbol: Infantry, size: "II",
         strength: Steps([(attack: 0, defense: 1, movement: 0)]), flags: [NoZoc, CannotAttack, Static]),
        (id: "s_raider", name: "Raider", contingent: "south", symbol: Naval,
         strength: Steps([(attack: 4, defense: 0, movement: 0)]), flags: [NoZoc, Static],
         rests_after_use: Some((dice: D6, rule: Some("23.3")))),
    ],
    counter_mix: [
        (unit_type: "n_ship", count: 1), (unit_type: "s_raider", count: 1),"#,
        ),
        ("    setup: (", options.as_str()),
        (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"), (id: "N-Ship", unit_type: "n_ship", at: "0101"),"#),
        (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"),"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"), (id: "S-Raider", unit_type: "s_raider", at: "0706"),"#),
    ];
    all.extend_from_slice(more);
    kell_text_with(&all)
}

fn game(option_on: bool, dice: &[u32]) -> Session {
    crate::common::session_from_text_with(&text(SECTION, option_on), 1, dice)
}

fn sail(units: &[&str], to: &str) -> Command {
    Command::SeaMove { transport: "N-Ship".into(), units: units.iter().map(|u| (*u).into()).collect(), to: to.into() }
}

fn sortie(attack: bool) -> Command {
    TooCommand::Sortie { attack }.into()
}

/// The North lands its artillery from Hollin at 0801 on the East Sea: the South is asked.
fn after_landing(dice: &[u32]) -> Session {
    let mut s = game(true, dice);
    play(&mut s, &[sail(&["N-Art"], "0801")]);
    let p = prompt(&s).expect("a sortie is offered");
    assert_eq!(p.side(), "south");
    let offer = too_prompt(&p).cloned().expect("the ruleset's question");
    let want = TooPrompt::Sortie { raider: "S-Raider".into(), target: "N-Ship".into(), cargo: vec!["N-Art".into()], at: "0801".into(), rule: "32".into() };
    assert_eq!(offer, want);
    assert_eq!(s.legal_commands(), vec![sortie(true), sortie(false)]);
    s
}

#[test]
fn rule_too_32_a_sortie_rolling_1_or_2_sinks_the_transport_with_its_cargo() {
    let mut s = after_landing(&[2, 4]);
    play(&mut s, &[sortie(true)]);
    assert!(log_has(&mut s, "S-Raider sorties against N-Ship off 0801: rolled 2, sunk (32)"));
    assert!(log_has(&mut s, "N-Ship, N-Art eliminated by S-Raider (32)"));
    assert_eq!((location(&mut s, "N-Ship"), location(&mut s, "N-Art")), ("eliminated".into(), "eliminated".into()));
    // 23.3: the sortie is a use; the raider misses 4 turns (A28: the one roll of the use).
    assert!(log_has(&mut s, "S-Raider is out of action for 4 turn(s) after its use"));
    assert!(prompt(&s).is_none(), "the North plays on");
}

#[test]
fn rule_too_32_a_sortie_rolling_3_or_4_does_nothing_but_uses_the_raider() {
    let mut s = after_landing(&[3, 1]);
    play(&mut s, &[sortie(true)]);
    assert!(log_has(&mut s, "rolled 3, no effect (32)"));
    assert_eq!(location(&mut s, "N-Art"), "0801");
    assert_eq!(track(&s, "north_vp"), 0);
    assert!(log_has(&mut s, "S-Raider is out of action for 1 turn(s) after its use"));
}

#[test]
fn rule_too_32_a_sortie_rolling_5_or_6_hits_the_raider_and_the_enemy_scores_2() {
    let mut s = after_landing(&[6, 2]);
    play(&mut s, &[sortie(true)]);
    assert!(log_has(&mut s, "S-Raider is hit: North VP +2 = 2 (32)"));
    assert_eq!(track(&s, "north_vp"), 2);
    assert_eq!(location(&mut s, "N-Ship"), "0101");
    assert!(log_has(&mut s, "S-Raider is out of action for 2 turn(s) after its use"));
}

#[test]
fn rule_too_32_the_raider_may_stay_in_port_and_no_die_is_rolled() {
    let mut s = after_landing(&[]);
    let rolls = s.world.resource::<sandtable::model::dice::Dice>().position();
    play(&mut s, &[sortie(false)]);
    assert!(log_has(&mut s, "S-Raider stays in port: no sortie against N-Ship (32)"));
    assert_eq!(s.world.resource::<sandtable::model::dice::Dice>().position(), rolls);
    assert_eq!(location(&mut s, "N-Art"), "0801");
}

#[test]
fn rule_too_32_no_sortie_outside_its_sea_or_without_the_option() {
    // A voyage within West Bay: not in the East Sea.
    let mut s = game(true, &[]);
    play(&mut s, &[sail(&["N-Art"], "0102")]);
    assert!(prompt(&s).is_none());
    assert_eq!(s.apply(sortie(true)).expect_err("none on offer"), "no sortie is on offer (32)");
    // The option off: the rule sleeps.
    let mut s = game(false, &[]);
    play(&mut s, &[sail(&["N-Art"], "0801")]);
    assert!(prompt(&s).is_none());
}

#[test]
fn bad_naval_combat_sections_are_clear_errors() {
    let bad = SECTION.replace(r#"zone: "east""#, r#"zone: "north_sea""#).replace(r#"raider: "s_raider""#, r#"raider: "s_battleship""#).replace("(rolls: (3, 4)", "(rolls: (3, 3)");
    let Err(e) = sandtable::games::load_str(&text(&bad, true), "bad.ron", &crate::common::root()) else { panic!("bad section loads") };
    let e = e.to_string();
    for want in [
        "ruleset_rules.naval_combat.raider: unknown unit type `s_battleship`",
        "ruleset_rules.naval_combat.zone: unknown sea zone `north_sea`",
        "ruleset_rules.naval_combat.results: every roll 1-6 must be covered by exactly one entry",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
}

/// 32: a bombardment at work is a target too. The North's ship N-Nav (6, from the South Sea)
/// supports N-3Inf's attack on S-2Inf at 0604, on the South Sea's coast; the sortie comes once
/// the combat is over.
#[test]
fn rule_too_32_a_bombardment_supporting_an_attack_in_the_zone_may_be_attacked_after_the_combat() {
    let section = SECTION.replace(r#"targets: ["n_ship"], zone: "east""#, r#"targets: ["n_ship", "n_nav"], zone: "south""#);
    let more = [
        (
            "        (id: \"s_raider\",",
            r#"        (id: "n_nav", name: "Naval Bombardment", contingent: "north", symbol: Naval, strength: Steps([(attack: 6, defense: 0, movement: 0)]),
         flags: [NoZoc, FixedStrength], support: Some((category: "naval", from_sea: ["south"]))),
        (id: "s_raider","#,
        ),
        ("(unit_type: \"s_raider\", count: 1),", "(unit_type: \"s_raider\", count: 1), (unit_type: \"n_nav\", count: 1),"),
        (r#"(id: "N-Ship", unit_type: "n_ship", at: "0101"),"#, r#"(id: "N-Ship", unit_type: "n_ship", at: "0101"), (id: "N-Nav", unit_type: "n_nav", at: "0101"),"#),
    ];
    // The combat's roll 6 (10 against 4, 2:1 shifted to 1:1 by the terrain: 0/1), then the
    // sortie's 1, then the raider's turns out of action, 2.
    let mut s = crate::common::session_from_text_with(&text_with(&section, true, &more), 1, &[6, 1, 2]);
    play(&mut s, &[crate::common::mv("N-3Inf", "0603"), Command::EndPhase, crate::common::attack(&["N-3Inf", "N-Nav"], "0604")]);
    // S-2Inf has no choice to make: its step goes at once.
    assert!(log_has(&mut s, "combat at 0604: 10 vs 4 (2:1), -1 shifts, column 1:1 of Combat Results Table: rolled 6"));
    assert!(log_has(&mut s, "S-2Inf loses a step"));
    let offer = prompt(&s).and_then(|p| too_prompt(&p).cloned()).expect("the sortie");
    assert_eq!(offer, TooPrompt::Sortie { raider: "S-Raider".into(), target: "N-Nav".into(), cargo: Vec::new(), at: "0604".into(), rule: "32".into() });
    play(&mut s, &[sortie(true)]);
    assert!(log_has(&mut s, "N-Nav eliminated by S-Raider (32)"));
    assert_eq!(location(&mut s, "N-Nav"), "eliminated");
}
