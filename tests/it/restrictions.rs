//! Restrictions until the end of the game turn (`EventEffect::Restrict`; engine gap G19, ToO
//! 6.3 German-Turkish Friction, 6.4 Command Dispute): units of contingents kept apart may not
//! attack together.

use sandtable::session::{Command, Session};

use crate::common::{attack, kell_with, mv, play};

/// Kell Ford with the North's tanks in a contingent of their own ("armour") and `restrict`
/// applied for the North as its first phase begins.
fn game(restrict: &str, dice: &[u32]) -> Session {
    let rules = format!("rules: (reveal_when_enemy_ends_adjacent: true, scripted: [(turn: \"1\", phase: \"first_movement\", effects: [Restrict({restrict})], rule: Some(\"6.3\"))]),");
    kell_with(
        &[
            (crate::common::KELL_RULES, rules.as_str()),
            (r#"(id: "n_tank", name: "Tank Battalion", contingent: "north","#, r#"(id: "n_tank", name: "Tank Battalion", contingent: "armour","#),
            ("    sides: [", "    contingents: [(id: \"armour\", name: \"Armour\", side: \"north\", color: \"#556b8f\")],\n    sides: ["),
        ],
        dice,
    )
}

/// N-2Inf to 0403 and N-1Tk to 0304, both next to Kell (0404); then the combat phase.
fn close_in(s: &mut Session) {
    play(s, &[mv("N-2Inf", "0403"), mv("N-1Tk", "0304"), Command::EndPhase]);
}

#[test]
fn rule_too_6_3_contingents_kept_apart_may_not_attack_together() {
    let mut s = game(r#"AttackApart(groups: [["north"], ["armour"]])"#, &[6]);
    close_in(&mut s);
    let e = s.apply(attack(&["N-1Tk", "N-2Inf"], "0404")).expect_err("kept apart");
    assert_eq!(e, "`N-1Tk` and `N-2Inf` may not attack together this turn (scenario rule 6.3)");
    assert!(!s.legal_commands().contains(&attack(&["N-1Tk", "N-2Inf"], "0404")));
    // Each may attack on its own.
    play(&mut s, &[attack(&["N-2Inf"], "0404")]);
}

#[test]
fn rule_too_6_3_exempt_units_attack_with_anyone_and_the_ban_ends_with_the_turn() {
    // The Yildirim exemption, played by the tanks' type.
    let mut s = game(r#"AttackApart(groups: [["north"], ["armour"]], exempt: ["n_tank"])"#, &[6]);
    close_in(&mut s);
    assert!(s.legal_commands().contains(&attack(&["N-1Tk", "N-2Inf"], "0404")));
    let mut t = game(r#"AttackApart(groups: [["north"], ["armour"]])"#, &[]);
    while t.world.resource::<sandtable::model::TurnState>().turn < 1 {
        play(&mut t, &[Command::EndPhase]);
    }
    assert!(t.world.resource::<sandtable::model::TurnState>().restrictions.is_empty(), "over at the end of the game turn");
}

#[test]
fn bad_restrictions_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let rules = r#"rules: (scripted: [(turn: "1", phase: "first_movement", effects: [Restrict(AttackApart(groups: [["tr"]], exempt: ["yildirim"])),
        Restrict(NoPurchase(contingents: ["de"])), Restrict(NoPlacement(tags: ["gulf"])), Restrict(NoAttack(unit_types: ["goeben"]))])]),"#;
    let text = text.replacen(crate::common::KELL_RULES, rules, 1);
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("bad restrictions load") };
    let e = e.to_string();
    for want in [
        "rules.scripted[0].effects[0].groups[0][0]: no unit type is of contingent `tr`",
        "rules.scripted[0].effects[0].exempt[0]",
        "rules.scripted[0].effects[1].contingents[0]: no unit type is of contingent `de`",
        "rules.scripted[0].effects[2].tags[0]: no hex is tagged `gulf`",
        "rules.scripted[0].effects[3].unit_types[0]",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
}

#[test]
fn rule_too_6_4_naval_superiority_keeps_a_unit_type_out_of_every_attack() {
    // The tanks' type stands for the Goeben: barred from attacking, alone or with others.
    let mut s = game(r#"NoAttack(unit_types: ["n_tank"])"#, &[6]);
    close_in(&mut s);
    let e = s.apply(attack(&["N-1Tk", "N-2Inf"], "0404")).expect_err("barred");
    assert_eq!(e, "`N-1Tk` may take part in no attack (scenario rule 6.3)");
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::Attack { attackers, .. } if attackers.iter().any(|a| a.as_str() == "N-1Tk"))));
    play(&mut s, &[attack(&["N-2Inf"], "0404")]);
}
