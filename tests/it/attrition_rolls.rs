//! Attrition by the dice (`SupplyEffect::DiceAttrition`; engine gap G12, ToO 15.6 and 38.0):
//! in the side's Supply phase each unit out of supply rolls a d6 once or twice by its terrain
//! and the season; 1-3 eliminates it.

use sandtable::session::{Command, Session};

use crate::common::{kell_rules, log_has, play};

/// The North's only source is 0801: N-3Inf (0602) traces to it, N-1Tk (0302), N-2Inf (0402)
/// and N-Art (0202, Hollin, a town) do not. `checks` says how many rolls where.
fn rules(checks: &str) -> String {
    format!(
        "(supply: Some((sources: [(side: \"north\", spaces: [\"0801\"]), (side: \"south\", spaces: [\"0506\"])], network: [Road], trace_mp: 3, \
         effects: [DiceAttrition(die: 6, eliminated_at_most: 3, checks: [{checks}])])))"
    )
}

/// Clear ground calls for a roll (two for the tank), towns for none.
const CLEAR: &str = r#"(terrain: "clear", checks: 1), (terrain: "clear", checks: 2, unit_types: ["n_tank"])"#;

const SUPPLY_PHASE: (&str, &str) = (
    "(id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),",
    "(id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),\n            (id: \"first_supply\", name: \"First Player Supply\", kind: Supply, actor: First),",
);

fn at_supply_phase(checks: &str, more: &[(&str, &str)], dice: &[u32]) -> Session {
    let mut all = vec![SUPPLY_PHASE];
    all.extend_from_slice(more);
    let mut s = kell_rules(&rules(checks), &all, dice);
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    assert_eq!(s.state(None).phase, "first_supply");
    s
}

fn location(s: &mut Session, id: &str) -> String {
    crate::common::location(s, id)
}

#[test]
fn rule_too_15_6_an_unsupplied_unit_rolls_by_its_terrain_and_1_to_3_eliminates_it() {
    // In id order: N-1Tk rolls 5 (survives) then 3 (eliminated); N-2Inf rolls 4 (survives).
    let mut s = at_supply_phase(CLEAR, &[], &[5, 3, 4]);
    assert_eq!(location(&mut s, "N-1Tk"), "eliminated");
    assert_eq!(location(&mut s, "N-2Inf"), "0402");
    assert!(log_has(&mut s, "N-1Tk is out of supply: attrition roll 5, 3: eliminated (15.6)"));
    assert!(log_has(&mut s, "N-2Inf is out of supply: attrition roll 4: survives (15.6)"));
    // In supply (N-3Inf) or in a town with no check (N-Art): no roll.
    let log = &s.world.resource::<sandtable::model::log::GameLog>().0;
    assert!(!log.iter().any(|e| e.text.contains("N-3Inf") || e.text.contains("N-Art")));
    assert_eq!(s.world.resource::<sandtable::model::dice::Dice>().rolls.len(), 3);
}

#[test]
fn rule_too_38_0_attrition_checks_hold_in_their_seasons_only() {
    // Kell Ford's first turn is autumn: winter checks do not roll; towns always roll once.
    let calendar = (
        r#"labels: ["1", "2", "3", "4"],"#,
        r#"labels: ["1", "2", "3", "4"],
        seasons: [(id: "winter", name: "Winter"), (id: "spring", name: "Spring"), (id: "summer", name: "Summer"), (id: "autumn", name: "Autumn")],
        calendar: [(year: 1914, season: "autumn"), (year: 1915, season: "winter"), (year: 1915, season: "spring"), (year: 1915, season: "summer")],"#,
    );
    let checks = r#"(terrain: "clear", seasons: ["winter"], checks: 1), (terrain: "town", checks: 1)"#;
    let mut s = at_supply_phase(checks, &[calendar], &[2]);
    assert_eq!(location(&mut s, "N-1Tk"), "0302", "a winter check, in autumn");
    assert_eq!(location(&mut s, "N-2Inf"), "0402");
    assert_eq!(location(&mut s, "N-Art"), "eliminated", "the town's roll of 2");
}

#[test]
fn bad_attrition_checks_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let r = rules(r#"(terrain: "swamp", seasons: ["monsoon"], checks: 1, unit_types: ["n_camel"])"#).replace("die: 6, eliminated_at_most: 3", "die: 6, eliminated_at_most: 6");
    let bad = text.replacen(crate::common::KELL_RULES, &format!("rules: {r},"), 1);
    let e = sandtable::games::load_str(&bad, "dice.ron", &crate::common::root()).expect_err("bad checks").to_string();
    assert!(e.contains("rules.supply.effects[0]: a d6 eliminating on 1-6"), "{e}");
    assert!(e.contains("rules.supply.effects[0].checks[0].terrain: unknown terrain `swamp`"), "{e}");
    assert!(e.contains("rules.supply.effects[0].checks[0].seasons[0]: unknown season `monsoon`"), "{e}");
    assert!(e.contains("rules.supply.effects[0].checks[0].unit_types[0]"), "{e}");
}

/// ToO 33.3 (optional air missions, the twilight ruleset): the North's air base N-Air (range 3)
/// at 0702, in supply, may fly air supply as the North's Supply phase begins, in 1914 here.
fn air_supply_game(on: bool, dice: &[u32]) -> Session {
    let section = r#"ruleset: "twilight",
    ruleset_rules: (air_supply: Some((option: "air_missions", side: "north", unit_types: ["n_air"], from_year: 1914, rule: "33.3"))),"#;
    let options = format!("    options: [(id: \"air_missions\", name: \"Air missions\", rule: Some(\"33\"), default: {on})],\n    setup: (");
    let calendar = (
        r#"labels: ["1", "2", "3", "4"],"#,
        r#"labels: ["1", "2", "3", "4"],
        seasons: [(id: "autumn", name: "Autumn")],
        calendar: [(year: 1914, season: "autumn"), (year: 1914, season: "autumn"), (year: 1914, season: "autumn"), (year: 1914, season: "autumn")],"#,
    );
    let more = [
        (r#"ruleset: "generic","#, section),
        ("    setup: (", options.as_str()),
        calendar,
        (
            "    ],\n    counter_mix: [",
            r#"        (id: "n_air", name: "Air Base", contingent: "north", symbol: Air, strength: Steps([(attack: 2, defense: 1, movement: 4)]),
         flags: [CannotAttack], support_range: Some(3), support: Some((category: "air base", max_per_attack: Some(1)))),
    ],
    counter_mix: [
        (unit_type: "n_air", count: 1),"#,
        ),
        (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"), (id: "N-Air", unit_type: "n_air", at: "0702"),"#),
    ];
    at_supply_phase(CLEAR, &more, dice)
}

fn air(mission: Option<(&str, &str)>) -> Command {
    sandtable::games::twilight::vocabulary::TooCommand::AirSupply { mission: mission.map(|(b, h)| (b.to_string(), h.to_string())) }.into()
}

#[test]
fn rule_too_33_3_an_air_base_supplies_one_hex_of_its_range_before_the_attrition_rolls() {
    let mut s = air_supply_game(true, &[5, 3]);
    // The rolls wait for the answer; 0402 (N-2Inf) is within 3 hexes, 0302 (N-1Tk) is not.
    assert_eq!(s.world.resource::<sandtable::model::dice::Dice>().rolls.len(), 0);
    let p = super::twilight_cases::prompt(&s).expect("an offer");
    let want = sandtable::games::twilight::vocabulary::TooPrompt::AirSupply { missions: vec![("N-Air".into(), vec!["0402".into()])], rule: "33.3".into() };
    assert_eq!((p.side(), sandtable::games::twilight::vocabulary::too_prompt(&p)), ("north", Some(&want)));
    assert_eq!(s.legal_commands(), vec![air(Some(("N-Air", "0402"))), air(None)]);
    let e = s.apply(air(Some(("N-Air", "0302")))).expect_err("out of range");
    assert!(e.contains("N-Air cannot supply 0302"), "{e}");
    play(&mut s, &[air(Some(("N-Air", "0402")))]);
    assert!(log_has(&mut s, "N-Air flies air supply to 0402: N-2Inf in normal supply this phase (33.3)"));
    // N-2Inf rolls no attrition; N-1Tk still rolls 5 then 3.
    assert_eq!(location(&mut s, "N-1Tk"), "eliminated");
    assert_eq!(location(&mut s, "N-2Inf"), "0402");
    let log = &s.world.resource::<sandtable::model::log::GameLog>().0;
    assert!(!log.iter().any(|e| e.text.contains("N-2Inf is out of supply")));
}

#[test]
fn rule_too_33_3_no_mission_means_the_usual_rolls_and_without_the_option_none_is_offered() {
    let mut s = air_supply_game(true, &[5, 3, 4]);
    play(&mut s, &[air(None)]);
    assert!(log_has(&mut s, "north flies no air supply (33.3)"));
    assert!(log_has(&mut s, "N-2Inf is out of supply: attrition roll 4: survives (15.6)"));
    let mut s = air_supply_game(false, &[5, 3, 4]);
    assert!(super::twilight_cases::prompt(&s).is_none());
    assert!(log_has(&mut s, "N-2Inf is out of supply: attrition roll 4: survives (15.6)"));
}
