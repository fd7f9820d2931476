//! Off-map boxes (tutorial 5.6, OD 16.1) and reinforcements drawn k of n (tutorial 5.4, OD).

use sandtable::session::Command;

use crate::common::{attack, kell_with, location, mv, play};

const BOX: (&str, &str) = (
    "        vp_tracks: [(side: \"north\", track: \"north_vp\")],",
    "        vp_tracks: [(side: \"north\", track: \"north_vp\")],\n        boxes: [(id: \"merrow_box\", name: \"Merrow Box\", linked_hex: \"0506\", cost: 1, sides: [\"south\"], protected: true, lost_with_linked_hex: true)],",
);

#[test]
fn rule_5_6_box_cannot_be_attacked_and_is_lost_with_its_linked_hex() {
    let mut s = kell_with(
        &[
            BOX,
            ("sudden_death: [(when: AtLeast(5), level: \"north_decisive\")]", "sudden_death: [(when: AtLeast(9), level: \"north_decisive\")]"),
            (r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404")"#, r#"(id: "S-1Inf", unit_type: "s_inf", at: "0806")"#),
            (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604")"#, r#"(id: "S-2Inf", unit_type: "s_inf", at: "0706")"#),
            (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305")"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "merrow_box")"#),
        ],
        &[],
    );
    // The tank drives down the road into Marrow (5 MP).
    play(&mut s, &[mv("N-1Tk", "0506"), Command::EndPhase]);
    let e = s.apply(attack(&["N-1Tk"], "merrow_box")).expect_err("protected");
    assert!(e.contains("cannot be attacked"), "{e}");
    assert_eq!(location(&mut s, "S-Mil"), "merrow_box", "lost only when the player turn ends");
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(location(&mut s, "S-Mil"), "eliminated");
    let glog = s.world.resource::<sandtable::model::log::GameLog>();
    assert!(glog.0.iter().any(|e| e.text == "S-Mil is lost with Merrow Box: 0506 is in enemy hands"));
}

#[test]
fn rule_5_4_reinforcements_drawn_two_of_three_face_down() {
    let mut s = kell_with(
        &[
            BOX,
            (
                "(turn: 2, side: \"south\", units: [(id: \"S-3Tk\", unit_type: \"s_tank\")], entry: [\"0506\", \"0806\"]),",
                "(turn: 2, side: \"south\", draw: Some(2), hidden: true, units: [(id: \"S-3Tk\", unit_type: \"s_tank\"), \
                 (id: \"S-7Inf\", unit_type: \"s_inf\"), (id: \"S-M3\", unit_type: \"s_mil\")], entry: [\"merrow_box\"]),",
            ),
            ("(unit_type: \"s_inf\", count: 2),", "(unit_type: \"s_inf\", count: 3),"),
            ("(unit_type: \"s_mil\", count: 1),", "(unit_type: \"s_mil\", count: 2),"),
        ],
        // Turn 2 begins: draw 3 of [S-3Tk, S-7Inf, S-M3] = S-M3, then 1 of [S-3Tk, S-7Inf] = S-3Tk.
        &[3, 1],
    );
    play(&mut s, &vec![Command::EndPhase; 4]);
    let st = s.state(None);
    assert_eq!(st.turn, "2");
    let loc = |id: &str| st.units.iter().find(|u| u.id == id).map(|u| u.location.clone()).expect("unit");
    assert_eq!(loc("S-7Inf"), "out of play");
    assert_eq!(loc("S-M3"), "not entered");
    assert_eq!(loc("S-3Tk"), "not entered");
    // The North sees three face-down counters, not which were drawn.
    let north = s.state(Some(0));
    assert!(!north.units.iter().any(|u| u.id == "S-7Inf" || u.id == "S-3Tk" || u.id == "S-M3"));
    // In the South's reinforcement phase the drawn units enter the box; the other never does.
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    assert_eq!(s.state(None).phase, "second_reinforcement");
    let e = s.apply(Command::Enter { unit: "S-7Inf".into(), at: "merrow_box".into() }).expect_err("not drawn");
    assert!(e.contains("not drawn"), "{e}");
    play(&mut s, &[Command::Enter { unit: "S-3Tk".into(), at: "merrow_box".into() }]);
    assert_eq!(location(&mut s, "S-3Tk"), "merrow_box");
}

/// 5.6: a box whose linked hex the enemy holds is closed; the legal list (which remembers its
/// searches between lists) sees it close and open again when only the hex's holder changes.
#[test]
fn rule_5_6_the_legal_list_closes_a_box_when_its_linked_hex_changes_hands() {
    let mut s = kell_with(&[BOX, (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305")"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0506")"#)], &[]);
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    assert_eq!(s.state(None).phase, "second_movement");
    let into_box = |s: &mut sandtable::session::Session| s.legal_commands().contains(&mv("S-Mil", "merrow_box"));
    assert!(into_box(&mut s), "the box is open to the South");
    let link = s.game().board.space("0506").expect("the linked hex");
    let hold = |s: &mut sandtable::session::Session, side: usize| s.world.resource_mut::<sandtable::model::Control>().owner[link.index()] = Some(side);
    hold(&mut s, 0);
    assert!(!into_box(&mut s), "closed while the North holds 0506");
    hold(&mut s, 1);
    assert!(into_box(&mut s), "open again");
}
