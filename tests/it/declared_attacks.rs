//! Declared attacks (`rules.attack_declarations`, `Command::Attack::declare`; ToO 31.4, the
//! infiltration attack) and flags from a year (`options[].flags_from_year`; ToO 31.1): on Kell
//! Ford fixtures for the mechanisms, and on the shipped Twilight scenario for its data.

use sandtable::model::command::{Name, RetreatMove};
use sandtable::model::prompt::Prompt;
use sandtable::model::view::{UnitsView, has_flag_now};
use sandtable::model::{Control, Tracks, TurnState};
use sandtable::rules::attack_declarations::declaration;
use sandtable::rules::events::Facts;
use sandtable::scenario::schema::UnitFlag;
use sandtable::session::{Command, GameSetup, Session};

use super::calendar::CALENDAR;
use super::pursuit::{prompt, pursue};
use crate::common::{KELL_RULES, attack, kell_every_roll, kell_rules, kell_text_with, load, location, log_has, play, root};

const RESULTS: &str = r#"results: [
                (code: "DC", effects: [EliminatePercent(party: Defender, percent: 100), Pursuit(party: Attacker, combat: true)]),
                (code: "DW", effects: [Retreat(party: Defender, hexes: 1), Pursuit(party: Attacker, combat: true)]),
                (code: "AA", effects: [EliminateUnits(party: Attacker, count: 1)]),
                (code: "AD", effects: [HalfStrength(party: Attacker)]),
            ],"#;

/// A storm attack of the North's, needing an infantry regiment: the fortress falls, infantry
/// pursues 2 hexes, tanks are lost first; only while the option `storms` is on.
const STORM: &str = r#"attack_declarations: [
            (id: "storm", name: "Storm attack", rule: Some("ToO 31.4"), side: "north", when: [OptionOn("storms")],
             needs: ["n_inf"], fortress_falls: true, pursuers: ["n_inf"], pursuit_hexes: 2, losses_first: ["n_tank"]),
            (id: "sortie", name: "Sortie", side: "south", needs: ["s_inf"], fortress_falls: true),
        ]"#;

const FORT_TYPE: (&str, &str) = (
    r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    r#"(id: "s_fort", name: "Fortress", contingent: "south", symbol: Infantry, size: "XX", strength: Steps([(attack: 0, defense: 2, movement: 0)]), flags: [Fortress, Static, CannotAttack]),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
);
const FORT_MIX: (&str, &str) = (r#"(unit_type: "n_art", count: 1),"#, r#"(unit_type: "n_art", count: 1), (unit_type: "s_fort", count: 1),"#);
/// S-2Inf's hex (0604) holds a fortress.
const FORT_AT_0604: (&str, &str) = (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"),"#, r#"(id: "S-Fort", unit_type: "s_fort", at: "0604"),"#);
/// N-3Inf (0704) and N-1Tk (0705) next to S-2Inf in 0604.
const N3_AT_0704: (&str, &str) = (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0704"),"#);
const TANK_AT_0705: (&str, &str) = (r#"(id: "N-1Tk", unit_type: "n_tank", at: "0302"),"#, r#"(id: "N-1Tk", unit_type: "n_tank", at: "0705"),"#);

fn options(on: bool) -> (&'static str, String) {
    ("    victory: (", format!("    options: [(id: \"storms\", name: \"Storms\", default: {on})],\n    victory: ("))
}

fn game(code: &str, storms_on: bool, units: &[(&str, &str)]) -> Session {
    let rules = format!("rules: (reveal_when_enemy_ends_adjacent: true, pursuit: Some((hexes: 1, by_type: [(\"n_tank\", 2)])), retreat: (fortress_shelters: true), {STORM}),");
    let opts = options(storms_on);
    let mut extra: Vec<(&str, &str)> = vec![(KELL_RULES, rules.as_str()), opts_ref(&opts)];
    extra.extend_from_slice(units);
    kell_every_roll(code, RESULTS, &extra, &[6])
}

fn opts_ref<'a>(o: &'a (&'static str, String)) -> (&'static str, &'a str) {
    (o.0, o.1.as_str())
}

fn declared(attackers: &[&str], target: &str, id: &str) -> Command {
    let Command::Attack { attackers, target, table, supports, .. } = attack(attackers, target) else { unreachable!("an attack") };
    Command::Attack { attackers, target, table, supports, declare: Some(Name::new(id)) }
}

#[test]
fn rule_too_31_4_a_under_a_declared_attack_the_fortress_falls_to_the_retreat_result() {
    let mut s = game("DW", true, &[N3_AT_0704, FORT_TYPE, FORT_MIX, FORT_AT_0604]);
    play(&mut s, &[Command::EndPhase, declared(&["N-3Inf"], "0604", "storm")]);
    assert!(log_has(&mut s, "Storm attack declared (ToO 31.4)"));
    assert!(log_has(&mut s, "S-Fort falls to the Storm attack (ToO 31.4)"));
    assert_eq!(location(&mut s, "S-Fort"), "eliminated");
    // 13.4 no longer shelters S-2Inf: every answer retreats it.
    let Some(Prompt::TakeLosses { units, min_retreat: 1, .. }) = prompt(&s) else { panic!("a forced retreat: {:?}", prompt(&s)) };
    assert_eq!(units, vec!["S-2Inf".to_string()]);
    let stay = Command::TakeLosses { units: vec![], retreat: vec![RetreatMove { unit: "S-2Inf".into(), path: vec![] }], break_down: vec![] };
    assert!(s.apply(stay).is_err(), "no fortress to hold with");
    let answers = s.legal_commands();
    assert!(!answers.is_empty());
    play(&mut s, &answers[..1]);
    assert_ne!(location(&mut s, "S-2Inf"), "0604");
    // The hex is empty: the pursuit follows (T15's "no pursuit" holds only for an undeclared attack).
    assert!(matches!(prompt(&s), Some(Prompt::Pursue { .. })), "{:?}", prompt(&s));
}

#[test]
fn rule_too_31_4_a_t15_an_undeclared_attack_leaves_the_fortress_sheltering() {
    let mut s = game("DW", true, &[N3_AT_0704, FORT_TYPE, FORT_MIX, FORT_AT_0604]);
    play(&mut s, &[Command::EndPhase, attack(&["N-3Inf"], "0604")]);
    let answer = s.legal_commands().into_iter().next().expect("an answer");
    play(&mut s, &[answer]);
    assert_eq!(location(&mut s, "S-Fort"), "0604");
    assert!(log_has(&mut s, "no pursuit: 0604 is still held (ToO 14)"));
}

#[test]
fn rule_too_31_4_b_declared_pursuers_pursue_two_hexes_and_the_pursuit_combat_keeps_the_declaration() {
    let mut s = game("DC", true, &[N3_AT_0704, TANK_AT_0705]);
    play(&mut s, &[Command::EndPhase, declared(&["N-1Tk", "N-3Inf"], "0604", "storm")]);
    let Some(Prompt::Pursue { units, declared: carried, .. }) = prompt(&s) else { panic!("a pursuit: {:?}", prompt(&s)) };
    assert_eq!(units, vec![("N-1Tk".to_string(), 2), ("N-3Inf".to_string(), 2)], "infantry pursues 2 hexes, not 1");
    assert_eq!(carried.as_deref(), Some("storm"));
    play(&mut s, &[pursue(&[("N-3Inf", &["0604", "0505"]), ("N-1Tk", &["0604"])])]);
    assert_eq!(location(&mut s, "N-3Inf"), "0505");
    // 14.5: the pursuit combat carries the attack's declaration and names none of its own.
    let e = s.apply(declared(&["N-3Inf"], "0404", "storm")).expect_err("declared twice");
    assert!(e.contains("a pursuit combat carries the declaration of the attack it follows"), "{e}");
    play(&mut s, &[attack(&["N-3Inf"], "0404")]);
    assert_eq!(location(&mut s, "S-1Inf"), "eliminated");
    let Some(Prompt::Pursue { units, .. }) = prompt(&s) else { panic!("the chain goes on: {:?}", prompt(&s)) };
    assert_eq!(units, vec![("N-3Inf".to_string(), 2)], "still 2 hexes in the chain");
}

#[test]
fn rule_too_31_4_b_an_undeclared_attacks_infantry_pursues_its_own_distance() {
    let mut s = game("DC", true, &[N3_AT_0704, TANK_AT_0705]);
    play(&mut s, &[Command::EndPhase, attack(&["N-1Tk", "N-3Inf"], "0604")]);
    let Some(Prompt::Pursue { units, declared: None, .. }) = prompt(&s) else { panic!("a pursuit: {:?}", prompt(&s)) };
    assert_eq!(units, vec![("N-1Tk".to_string(), 2), ("N-3Inf".to_string(), 1)]);
}

#[test]
fn rule_too_31_4_c_the_declared_types_are_the_first_attackers_eliminated() {
    let mut s = game("AA", true, &[N3_AT_0704, TANK_AT_0705]);
    play(&mut s, &[Command::EndPhase, declared(&["N-1Tk", "N-3Inf"], "0604", "storm")]);
    let Some(Prompt::TakeLosses { whole_units: 1, first, .. }) = prompt(&s) else { panic!("one unit to lose: {:?}", prompt(&s)) };
    assert_eq!(first, vec!["n_tank".to_string()]);
    let inf = Command::TakeLosses { units: vec!["N-3Inf".into()], retreat: vec![], break_down: vec![] };
    let e = s.apply(inf).expect_err("the tank goes first");
    assert!(e.contains("`N-3Inf` may lose a step only once `N-1Tk` is eliminated"), "{e}");
    // The legal answers: the tank only.
    let answers = s.legal_commands();
    assert!(!answers.is_empty());
    assert!(answers.iter().all(|c| matches!(c, Command::TakeLosses { units, .. } if units.iter().all(|u| &**u == "N-1Tk"))), "{answers:?}");
    play(&mut s, &answers[..1]);
    assert_eq!((location(&mut s, "N-1Tk"), location(&mut s, "N-3Inf")), ("eliminated".to_string(), "0704".to_string()));
}

#[test]
fn rule_too_31_4_c_strength_losses_take_the_first_types_whole_then_no_more_than_needed() {
    // AD: half the attack (tank 6 + infantry 4 = 10: 5). The tank goes first (6): enough alone.
    let mut s = game("AD", true, &[N3_AT_0704, TANK_AT_0705]);
    play(&mut s, &[Command::EndPhase, declared(&["N-1Tk", "N-3Inf"], "0604", "storm")]);
    let answers = s.legal_commands();
    assert!(!answers.is_empty(), "some answer is legal");
    for a in &answers {
        let Command::TakeLosses { units, .. } = a else { panic!("{a:?}") };
        assert!(units.iter().any(|u| &**u == "N-1Tk"), "the tank is lost in every answer: {a:?}");
    }
    let e = s.apply(Command::TakeLosses { units: vec!["N-3Inf".into(); 2], retreat: vec![], break_down: vec![] }).expect_err("infantry first");
    assert!(e.contains("go first in this declared attack"), "{e}");
    // A step of each (3 + 2) would pay, but the tank must go whole first.
    let mixed = Command::TakeLosses { units: vec!["N-1Tk".into(), "N-3Inf".into()], retreat: vec![], break_down: vec![] };
    let e = s.apply(mixed.clone()).expect_err("tank whole first");
    assert!(e.contains("`N-3Inf` may lose a step only once `N-1Tk` is eliminated"), "{e}");
    // Undeclared, that answer is legal.
    let mut plain = game("AD", true, &[N3_AT_0704, TANK_AT_0705]);
    play(&mut plain, &[Command::EndPhase, attack(&["N-1Tk", "N-3Inf"], "0604")]);
    assert!(plain.legal_commands().contains(&mixed));
}

#[test]
fn rule_too_31_4_a_declaration_is_refused_unless_its_side_conditions_and_units_allow_it() {
    let mut s = game("DW", true, &[N3_AT_0704, TANK_AT_0705]);
    play(&mut s, &[Command::EndPhase]);
    let e = s.apply(declared(&["N-3Inf"], "0604", "blitz")).expect_err("unknown");
    assert!(e.contains("no attack may be declared `blitz` in this game"), "{e}");
    let e = s.apply(declared(&["N-3Inf"], "0604", "sortie")).expect_err("the other side's");
    assert!(e.contains("only Southern Union may declare Sortie"), "{e}");
    let e = s.apply(declared(&["N-1Tk"], "0604", "storm")).expect_err("no infantry");
    assert!(e.contains("Storm attack needs an attacker of type n_inf (ToO 31.4)"), "{e}");
    // The legal list offers the declared attack wherever it may be made, beside the plain one.
    let legal = s.legal_commands();
    assert!(legal.contains(&declared(&["N-3Inf"], "0604", "storm")));
    assert!(legal.contains(&attack(&["N-3Inf"], "0604")));
    assert!(!legal.iter().any(|c| matches!(c, Command::Attack { attackers, declare: Some(_), .. } if attackers.iter().all(|a| &**a == "N-1Tk"))));
    // With the option off, never.
    let mut off = game("DW", false, &[N3_AT_0704, TANK_AT_0705]);
    play(&mut off, &[Command::EndPhase]);
    let e = off.apply(declared(&["N-3Inf"], "0604", "storm")).expect_err("option off");
    assert!(e.contains("Storm attack may not be declared now (ToO 31.4)"), "{e}");
    assert!(!off.legal_commands().iter().any(|c| matches!(c, Command::Attack { declare: Some(_), .. })));
}

#[test]
fn rule_too_31_4_random_games_with_declared_attacks_list_only_accepted_commands() {
    for (code, seed) in [("DW", 3), ("DC", 5), ("AA", 8), ("AD", 13)] {
        let mut s = game(code, true, &[N3_AT_0704, TANK_AT_0705, FORT_TYPE, FORT_MIX, FORT_AT_0604]);
        crate::common::play_random_checked(&mut s, seed, 3000);
    }
}

#[test]
fn bad_attack_declarations_are_clear_errors() {
    let bad = STORM
        .replace("needs: [\"n_inf\"], fortress_falls: true, pursuers", "needs: [\"n_jet\"], fortress_falls: true, pursuers")
        .replace("pursuit_hexes: 2", "pursuit_hexes: 0")
        .replace("side: \"south\"", "side: \"east\"")
        .replace("OptionOn(\"storms\")", "OptionOn(\"gales\")");
    let rules = format!("rules: (reveal_when_enemy_ends_adjacent: true, {bad}),");
    let t = kell_text_with(&[(KELL_RULES, rules.as_str())]);
    let e = sandtable::games::load_str(&t, "bad.ron", &root()).expect_err("bad declarations").to_string();
    for want in [
        "rules.attack_declarations[0].needs[0]",
        "rules.attack_declarations[0].pursuit_hexes: pursuers are named",
        "rules.attack_declarations[0].pursuit_hexes",
        "rules.attack_declarations[1].side",
        "unknown option `gales`",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
    let typo = STORM.replace("fortress_falls: true, pursuers", "fortress_fall: true, pursuers");
    let rules = format!("rules: (reveal_when_enemy_ends_adjacent: true, {typo}),");
    let t = kell_text_with(&[(KELL_RULES, rules.as_str())]);
    let e = sandtable::games::load_str(&t, "typo.ron", &root()).expect_err("unknown field").to_string();
    assert!(e.contains("typo.ron:") && e.contains("fortress_fall"), "{e}");
}

// ------------------------------------------------------------------------------------------
// 31.1: flags from a year

/// N-2Inf in S-1Inf's zone (0403); the calendar dates Kell Ford's turns 1914 to 1915.
const N2_AT_0403: (&str, &str) = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402")"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0403")"#);

fn infiltration_option(flag: &str) -> (&'static str, String) {
    ("    victory: (", format!("    options: [(id: \"infiltration\", name: \"Infiltration\", rule: Some(\"31\"), default: true, flags_from_year: [(\"n_inf\", {flag}, 1915)])],\n    victory: ("))
}

fn cost(s: &mut Session, unit: &str, to: &str) -> Result<u32, String> {
    let units = UnitsView::from_world(&mut s.world);
    sandtable::rules::movement::move_check(s.game(), &units, s.world.resource::<Control>(), 0, unit, to).map(|d| d.cost)
}

#[test]
fn rule_too_31_1_infantry_infiltrates_only_from_the_year_the_option_names() {
    let option = infiltration_option("Infiltration");
    let mut s = kell_rules("(zoc: (zoc_to_zoc: Forbidden))", &[N2_AT_0403, CALENDAR, opts_ref(&option)], &[]);
    // 1914: zone to zone is forbidden; round by 0503 (1 + 2 MP).
    assert_eq!(cost(&mut s, "N-2Inf", "0504"), Ok(3));
    assert_eq!(s.world.resource::<Control>().year, Some(1914));
    while s.world.resource::<TurnState>().turn < 1 {
        play(&mut s, &[Command::EndPhase]);
    }
    // 1915: the infantry infiltrates, straight across the river into the next zone (2 MP).
    assert_eq!(s.world.resource::<Control>().year, Some(1915));
    assert_eq!(cost(&mut s, "N-2Inf", "0504"), Ok(2));
    // Without the option, the same infantry stays bound by the zones in 1915.
    let off = ("default: true, flags_from_year", "default: false, flags_from_year");
    let mut t = kell_rules("(zoc: (zoc_to_zoc: Forbidden))", &[N2_AT_0403, CALENDAR, opts_ref(&option), off], &[]);
    while t.world.resource::<TurnState>().turn < 1 {
        play(&mut t, &[Command::EndPhase]);
    }
    assert_eq!(t.world.resource::<Control>().year, None, "no type's flags depend on the year");
    assert_eq!(cost(&mut t, "N-2Inf", "0504"), Ok(3));
}

#[test]
fn flags_from_a_year_are_checked() {
    let option = infiltration_option("Fortress");
    let t = kell_text_with(&[CALENDAR, opts_ref(&option)]);
    let e = sandtable::games::load_str(&t, "bad.ron", &root()).expect_err("a flag read all game").to_string();
    assert!(e.contains("options[0].flags_from_year[0].1: only Infiltration may come with a year"), "{e}");
    let option = infiltration_option("Infiltration");
    let t = kell_text_with(&[opts_ref(&option)]);
    let e = sandtable::games::load_str(&t, "bad.ron", &root()).expect_err("no calendar").to_string();
    assert!(e.contains("options[0].flags_from_year[0].2: the scenario has no calendar"), "{e}");
    let unknown = (option.1.as_str(), option.1.replace("(\"n_inf\"", "(\"n_jet\""));
    let t = kell_text_with(&[CALENDAR, opts_ref(&option), (unknown.0, unknown.1.as_str())]);
    let e = sandtable::games::load_str(&t, "bad.ron", &root()).expect_err("unknown type").to_string();
    assert!(e.contains("options[0].flags_from_year[0].0"), "{e}");
}

// ------------------------------------------------------------------------------------------
// The shipped scenario

const TOO: &str = "scenarios/twilight/outbreak.ron";

/// Scenario 36 (1917 I to 1918 IV), set up by default, with or without the optional rule 31.
fn last_crusade(infiltration: bool) -> Session {
    let mut options: std::collections::BTreeSet<String> = ["last_crusade".to_string()].into();
    if infiltration {
        options.insert("infiltration".to_string());
    }
    let mut s = Session::new(load(TOO), GameSetup { options, seed: 3, forced_dice: vec![] }).expect("session");
    for _ in 0..2 {
        play(&mut s, &[Command::DefaultSetup, Command::EndPhase]);
    }
    s
}

fn unit_of_type(s: &mut Session, t: &str) -> String {
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let u = units.all().iter().find(|u| game.scenario.unit_types[u.type_index].id == t).unwrap_or_else(|| panic!("a {t}"));
    String::from(&*u.id)
}

/// The infiltration attack's check, with game turn `turn` (0 = 1917 I, 4 = 1918 I).
fn may_declare(s: &mut Session, turn: usize, attackers: &[String]) -> Result<Option<usize>, String> {
    s.world.resource_mut::<TurnState>().turn = turn;
    let units = UnitsView::from_world(&mut s.world);
    let (game, turn, tracks, control) = (s.game(), s.world.resource::<TurnState>(), s.world.resource::<Tracks>(), s.world.resource::<Control>());
    declaration(Facts { game, turn, tracks, control, units: &units, timers: &[] }, 0, attackers, Some("infiltration_attack"))
}

#[test]
fn rule_too_31_4_the_ottomans_declare_an_infiltration_attack_with_a_german_unit_in_1918() {
    let mut s = last_crusade(true);
    assert_eq!(s.game().scenario.turns.labels[4], "1918-I");
    let german = unit_of_type(&mut s, "de_inf_div");
    let turkish = unit_of_type(&mut s, "tr_inf_div");
    let expeditionary = unit_of_type(&mut s, "tr_exp_corps");
    let e = may_declare(&mut s, 3, std::slice::from_ref(&german)).expect_err("1917");
    assert!(e.contains("Infiltration attack may not be declared now (ToO 31.4)"), "{e}");
    assert!(may_declare(&mut s, 4, &[german.clone(), turkish.clone()]).is_ok_and(|d| d.is_some()), "1918, with a German division");
    assert!(may_declare(&mut s, 4, std::slice::from_ref(&expeditionary)).is_ok_and(|d| d.is_some()), "an expeditionary corps [I]");
    let e = may_declare(&mut s, 4, std::slice::from_ref(&turkish)).expect_err("Turkish infantry alone");
    assert!(e.contains("Infiltration attack needs an attacker of type de_inf_div"), "{e}");
    let d = &s.game().scenario.rules.attack_declarations[0];
    assert!(d.fortress_falls, "31.4(a)");
    assert_eq!((d.pursuers.contains(&"de_inf_div".to_string()), d.pursuit_hexes), (true, 2), "31.4(b)");
    assert!(d.losses_first.contains(&"de_exp_corps".to_string()), "31.4(c)");
    // Only under the optional rule.
    let mut off = last_crusade(false);
    let german = unit_of_type(&mut off, "de_inf_div");
    assert!(may_declare(&mut off, 4, &[german]).is_err());
}

#[test]
fn rule_too_31_1_german_infantry_and_expeditionary_corps_infiltrate_from_1918() {
    let s = last_crusade(true);
    let game = s.game().clone();
    let ix = |t: &str| game.scenario.unit_types.iter().position(|u| u.id == t).expect("type");
    let mut control = s.world.resource::<Control>().clone();
    assert_eq!(control.year, Some(1917));
    for t in ["de_inf_div", "de_inf_corps", "de_exp_corps", "tr_exp_corps", "yildirim"] {
        assert!(!has_flag_now(&game, &control, ix(t), UnitFlag::Infiltration), "{t} in 1917");
    }
    control.year = Some(1918);
    for t in ["de_inf_div", "de_inf_corps", "de_exp_corps", "tr_exp_corps", "yildirim"] {
        assert!(has_flag_now(&game, &control, ix(t), UnitFlag::Infiltration), "{t} in 1918");
    }
    assert!(!has_flag_now(&game, &control, ix("tr_inf_div"), UnitFlag::Infiltration), "Turkish infantry never");
    assert!(has_flag_now(&game, &control, ix("br_cav_div"), UnitFlag::Infiltration), "British cavalry the whole war");
    // Without the optional rule nobody infiltrates.
    let off = last_crusade(false);
    assert!(!has_flag_now(off.game(), &control, ix("de_inf_div"), UnitFlag::Infiltration));
    assert!(!has_flag_now(off.game(), &control, ix("br_cav_div"), UnitFlag::Infiltration));
}

// ------------------------------------------------------------------------------------------
// The combat dialog

#[test]
fn client_the_combat_dialog_offers_the_declared_attack_beside_the_plain_one() {
    use sandtable::client::{Client, OpenArgs, UiAction};
    let rules = format!("rules: (reveal_when_enemy_ends_adjacent: true, pursuit: Some((hexes: 1)), {STORM}),");
    let opts = options(true);
    let text = kell_text_with(&[(KELL_RULES, rules.as_str()), opts_ref(&opts), N3_AT_0704]);
    let dir = std::env::temp_dir().join(format!("sandtable-declared-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("kell_storm.ron");
    std::fs::write(&file, text).expect("write");
    let mut c = Client::open(&OpenArgs { scenario: Some(file), seed: Some(7), load: None, solo: true }).expect("opens");
    c.save_dir = dir.clone();
    if c.seats.handoff.is_some() {
        c.act(UiAction::ConfirmHandoff).expect("hand-off");
    }
    c.press("End phase").expect("end movement");
    for k in ["0704", "0604"] {
        c.act(UiAction::Space(k.into())).expect("click");
    }
    let p = c.attack_preview().expect("the combat dialog is open");
    let labels: Vec<&str> = p.options.iter().map(|o| o.label.as_str()).collect();
    let i = labels.iter().position(|l| l.contains("N-3Inf") && l.ends_with(", declared: Storm attack, ToO 31.4")).unwrap_or_else(|| panic!("{labels:?}"));
    assert!(labels.iter().any(|l| l.contains("N-3Inf") && !l.contains("declared")), "the plain attack too: {labels:?}");
    c.act(UiAction::PickAttack(i)).expect("pick");
    let p = c.attack_preview().expect("the combat dialog is open");
    let want = "Storm attack (ToO 31.4): a defending fortress shelters nobody and falls to any retreat result; Infantry Regiment pursue 2 hexes; Tank Battalion are the first attackers lost";
    assert_eq!(p.declared.as_deref(), Some(want));
    c.press("Attack").expect("attack");
    assert!(log_has(&mut c.session, "Storm attack declared (ToO 31.4)"));
    let _ = std::fs::remove_dir_all(dir);
}
