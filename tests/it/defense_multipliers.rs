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
