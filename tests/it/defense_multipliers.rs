//! Defence multipliers (engine gap G8, first part; ToO 38.0 and 12.x): rough ground doubles the
//! defence, so does a river every attacker crosses; they do not add up (never more than ×2).

use sandtable::rules::combat::AttackPlan;
use sandtable::session::Session;

use crate::common::{kell_with, log_has, play, attack, root};

/// Hills double the defence, and so does the Kell river when every attacker crosses it.
const HILL: (&str, &str) = (r##"default_cost: Mp(2),
             defender_shift: -1, stacking: Some(2)),"##, r##"default_cost: Mp(2),
             defender_shift: -1, stacking: Some(2), defense_multiplier: 2),"##);
const RIVER: (&str, &str) = (r#"extra_cost: 1, defender_shift: -1),"#, r#"extra_cost: 1, defender_shift: -1, defense_multiplier: 2),"#);
/// N-2Inf faces the militia on its hill (0305) from 0304; N-3Inf faces Kell (0404) across the
/// river from 0403.
const N2: (&str, &str) = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0304"),"#);
const N3: (&str, &str) = (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0403"),"#);

fn plan(s: &mut Session, attackers: &[&str], target: &str) -> AttackPlan {
    crate::common::plan_now(s, attackers, target)
}

#[test]
fn rule_too_38_0_rough_ground_doubles_the_defence() {
    let mut s = kell_with(&[HILL, RIVER, N2, N3], &[]);
    let p = plan(&mut s, &["N-2Inf"], "0305");
    assert_eq!((p.defense, p.defense_multiplier.0, p.defense_multiplier.1.as_str()), (4, 2, "Hill"), "the militia's 2, doubled");
}

#[test]
fn rule_too_38_0_a_river_doubles_the_defence_only_if_every_attacker_crosses_it() {
    let mut s = kell_with(&[HILL, RIVER, N2, N3], &[]);
    // S-1Inf (4) in Kell: across the river from 0403 alone, doubled...
    let p = plan(&mut s, &["N-3Inf"], "0404");
    assert_eq!((p.defense, p.defense_multiplier.1.as_str()), (8, "Kell River crossed by every attacker"));
    // ...with N-2Inf joining from 0304, not across it, not.
    let p = plan(&mut s, &["N-2Inf", "N-3Inf"], "0404");
    assert_eq!((p.defense, p.defense_multiplier.0), (4, 1));
}

#[test]
fn rule_too_12_defence_multipliers_do_not_add_up() {
    // Kell itself on a hill and across the river: still ×2, not ×4.
    let town_hill = (r##"(hex: "0404", name: Some("Kell"), vp: 3, objective: true),"##, r##"(hex: "0404", name: Some("Kell"), vp: 3, objective: true, terrain: Some("hill")),"##);
    let mut s = kell_with(&[HILL, RIVER, N2, N3, town_hill], &[6]);
    let p = plan(&mut s, &["N-3Inf"], "0404");
    assert_eq!((p.defense, p.defense_multiplier.0, p.defense_multiplier.1.as_str()), (8, 2, "Hill"));
    // The roll's cause names the doubled defence.
    play(&mut s, &[sandtable::session::Command::EndPhase, attack(&["N-3Inf"], "0404")]);
    assert!(log_has(&mut s, "combat at 0404: 4 vs 8 (defence ×2: Hill)"));
}

#[test]
fn a_defence_multiplier_is_checked() {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let bad = text.replacen(RIVER.0, &RIVER.1.replace("defense_multiplier: 2", "defense_multiplier: 0"), 1);
    let e = sandtable::games::load_str(&bad, "mult.ron", &root()).expect_err("a zero multiplier").to_string();
    assert!(e.contains("mult.ron: error: map.hexside_types[0].defense_multiplier: 0 is not between 1 and 10"), "{e}");
}

/// A South fortress (0-3-0) in Kell with S-1Inf, and the rule that fortresses double.
const FORT: [(&str, &str); 3] = [
    (
        r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
        r#"(id: "s_fort", name: "Fortress", contingent: "south", symbol: Base, strength: Steps([(attack: 0, defense: 3, movement: 0)]),
         flags: [Static, CannotAttack, Fortress], stacking_points: 0),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    ),
    (r#"(unit_type: "s_mil", count: 1),"#, r#"(unit_type: "s_mil", count: 1), (unit_type: "s_fort", count: 1),"#),
    (r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404"),"#, r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404"), (id: "S-Fort", unit_type: "s_fort", at: "0404"),"#),
];

fn with_fortress(extra: &[(&str, &str)], multiplier: &str) -> Session {
    let rules = format!("rules: (reveal_when_enemy_ends_adjacent: true, fortress_multiplier: {multiplier}),");
    let mut all: Vec<(&str, &str)> = FORT.to_vec();
    all.push((crate::common::KELL_RULES, rules.as_str()));
    all.extend_from_slice(extra);
    kell_with(&all, &[])
}

/// N-1Tk next to Kell at 0504, across no river.
const TK: (&str, &str) = (r#"(id: "N-1Tk", unit_type: "n_tank", at: "0302"),"#, r#"(id: "N-1Tk", unit_type: "n_tank", at: "0504"),"#);

/// Reference T4 (defence): infantry 4 with a fortress of 3: 4 x 2 + 3 = 11, in clear ground or
/// in rough (never x4); without the rule, 4 + 3.
#[test]
fn rule_too_12_a_fortress_doubles_the_units_with_it_but_not_itself() {
    // N-2Inf (0304) and N-1Tk (0504) attack Kell across no river: Kell's terrain doubles nothing.
    let mut s = with_fortress(&[N2, TK], "Some(2)");
    let p = plan(&mut s, &["N-1Tk", "N-2Inf"], "0404");
    assert_eq!((p.defense, p.defense_multiplier.0, p.defense_multiplier.1.as_str()), (4 * 2 + 3, 2, "a fortress (not for the fortress itself)"));
    // Kell on a hill (x2 by terrain): the same 11, named for the hill.
    let town_hill = (r##"(hex: "0404", name: Some("Kell"), vp: 3, objective: true),"##, r##"(hex: "0404", name: Some("Kell"), vp: 3, objective: true, terrain: Some("hill")),"##);
    let mut t = with_fortress(&[N2, TK, HILL, town_hill], "Some(2)");
    let p = plan(&mut t, &["N-1Tk", "N-2Inf"], "0404");
    assert_eq!((p.defense, p.defense_multiplier.1.as_str()), (4 * 2 + 3, "Hill"));
    // Without the rule a fortress is only its own 3.
    let mut u = with_fortress(&[N2, TK], "None");
    assert_eq!(plan(&mut u, &["N-1Tk", "N-2Inf"], "0404").defense, 4 + 3);
}

#[test]
fn a_fortress_multiplier_is_checked() {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let bad = text.replacen(crate::common::KELL_RULES, "rules: (fortress_multiplier: Some(0)),", 1);
    let Err(e) = sandtable::games::load_str(&bad, "bad.ron", &root()) else { panic!("a bad multiplier loads") };
    assert!(e.to_string().contains("rules.fortress_multiplier: 0 is not between 1 and 10"), "{e}");
}

#[test]
fn rule_too_25_1_t4_a_special_city_gives_no_terrain_doubling_but_a_fortress_still_doubles() {
    let fort_types = (
        r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
        r#"(id: "s_fort", name: "Fortress", contingent: "south", symbol: Infantry, size: "XX", strength: Steps([(attack: 0, defense: 3, movement: 0)]), flags: [Fortress, Static, CannotAttack]),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    );
    let mix = (r#"(unit_type: "n_art", count: 1),"#, r#"(unit_type: "n_art", count: 1), (unit_type: "s_fort", count: 1),"#);
    // Kell (0404, a town) tagged a special city; towns double the defence here.
    let town = (
        r##"(id: "town", name: "Town", symbol: "T", color: "#d0b8b8", default_cost: Mp(1),"##,
        r##"(id: "town", name: "Town", symbol: "T", color: "#d0b8b8", default_cost: Mp(1), defense_multiplier: 2,"##,
    );
    let tagged = (r#"(hex: "0404", name: Some("Kell"), vp: 3, objective: true),"#, r#"(hex: "0404", name: Some("Kell"), vp: 3, objective: true, tags: ["special_city"]),"#);
    let n2 = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0403"),"#);
    let rules = (crate::common::KELL_RULES, r#"rules: (reveal_when_enemy_ends_adjacent: true, fortress_multiplier: Some(2), no_terrain_defence: ["special_city"]),"#);
    // Without the rule: S-1Inf's 4 doubled by the town.
    let plain = (crate::common::KELL_RULES, r#"rules: (reveal_when_enemy_ends_adjacent: true, fortress_multiplier: Some(2)),"#);
    let mut s = crate::common::kell_with(&[town, n2, plain, fort_types, mix, tagged], &[]);
    sandtable_play_end(&mut s);
    assert_eq!(crate::common::plan_now(&mut s, &["N-2Inf"], "0404").defense, 8);
    // Tagged: 4, no doubling.
    let mut s = crate::common::kell_with(&[town, n2, rules, fort_types, mix, tagged], &[]);
    sandtable_play_end(&mut s);
    assert_eq!(crate::common::plan_now(&mut s, &["N-2Inf"], "0404").defense, 4);
    // With a fortress too: 4 x 2 + 3 = 11 (T4).
    let fort = (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"),"#, r#"(id: "S-Fort", unit_type: "s_fort", at: "0404"),"#);
    let tank = (r#"(id: "N-1Tk", unit_type: "n_tank", at: "0302"),"#, r#"(id: "N-1Tk", unit_type: "n_tank", at: "0504"),"#);
    let mut s = crate::common::kell_with(&[town, n2, rules, fort_types, mix, tagged, fort, tank], &[]);
    sandtable_play_end(&mut s);
    assert_eq!(crate::common::plan_now(&mut s, &["N-1Tk", "N-2Inf"], "0404").defense, 11);
}

fn sandtable_play_end(s: &mut Session) {
    crate::common::play(s, &[sandtable::session::Command::EndPhase]);
}
