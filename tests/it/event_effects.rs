//! More event effects (engine gap G19, ToO 6.3-6.4): amounts by parity and halved, a roll on a
//! small table of its own, and conditions on an expression (VP differences).

use sandtable::model::Tracks;
use sandtable::session::Session;

use crate::common::{kell_with, log_has};

/// Kell Ford with a South track and `effects` applied for the North as the game begins (a
/// scripted first movement phase).
fn game(effects: &str, dice: &[u32]) -> Session {
    let rules = format!(r#"rules: (reveal_when_enemy_ends_adjacent: true, scripted: [(turn: "1", phase: "first_movement", effects: [{effects}], rule: Some("6.3"))]),"#);
    let track = (
        r#"(id: "north_vp", name: "North VP", side: Some("north"), start: 0, floor: 0, cap: 10,"#,
        r#"(id: "south_vp", name: "South VP", side: Some("south"), start: 40, floor: 0, cap: 100),
        (id: "north_vp", name: "North VP", side: Some("north"), start: 0, floor: -50, cap: 100,"#,
    );
    kell_with(&[(crate::common::KELL_RULES, rules.as_str()), track], dice)
}

fn vp(s: &Session, track: &str) -> i32 {
    s.world.resource::<Tracks>().0[s.game().track_index(track).expect("track")]
}

#[test]
fn rule_too_6_3_political_crisis_adds_an_odd_roll_and_subtracts_an_even_one() {
    let crisis = r#"AdjustTrack(track: "north_vp", amount: ByParity(dice: 1, odd: 1, even: -1))"#;
    assert_eq!(vp(&game(crisis, &[3]), "north_vp"), 3);
    assert_eq!(vp(&game(crisis, &[4]), "north_vp"), -4);
    // Yemen Campaign the other way round.
    let yemen = r#"AdjustTrack(track: "north_vp", amount: ByParity(dice: 1, odd: -1, even: 1))"#;
    assert_eq!(vp(&game(yemen, &[4]), "north_vp"), 4);
}

#[test]
fn rule_too_6_3_a_halved_roll_rounds_up() {
    let revolt = r#"AdjustTrack(track: "north_vp", amount: HalfDice(1))"#;
    assert_eq!(vp(&game(revolt, &[5]), "north_vp"), 3);
    assert_eq!(vp(&game(revolt, &[4]), "north_vp"), 2);
}

/// Afghanistan Expedition: 1-2 success (the Allies lose a further roll), 3-5 nothing, 6 fiasco
/// (the Ottomans lose a further roll).
#[test]
fn rule_too_6_3_afghanistan_expedition_rolls_on_its_own_small_table() {
    let expedition = r#"Roll(dice: D6, entries: [
        (rolls: (1, 2), name: "Success", effects: [AdjustTrack(track: "south_vp", amount: MinusDice(1))]),
        (rolls: (3, 5), name: "No effect"),
        (rolls: (6, 6), name: "Fiasco", effects: [AdjustTrack(track: "north_vp", amount: MinusDice(1))])])"#;
    let mut s = game(expedition, &[2, 5]);
    assert!(log_has(&mut s, "scenario rule 6.3: rolled 2: Success"));
    assert_eq!((vp(&s, "south_vp"), vp(&s, "north_vp")), (40 - 5, 0));
    let mut t = game(expedition, &[6, 3]);
    assert!(log_has(&mut t, "scenario rule 6.3: rolled 6: Fiasco"));
    assert_eq!((vp(&t, "south_vp"), vp(&t, "north_vp")), (40, -3));
    let u = game(expedition, &[4]);
    assert_eq!((vp(&u, "south_vp"), vp(&u, "north_vp")), (40, 0));
}

/// Morale Check: only when one side has at least 26 VP more than the other.
#[test]
fn rule_too_6_3_morale_check_needs_a_26_vp_lead() {
    let check = |lead: i32| {
        format!(
            r#"AdjustTrack(track: "north_vp", amount: Fixed({})),
               If(when: [Expr(left: Sum([Track("south_vp"), Neg(Track("north_vp"))]), op: Ge, right: Const(26))],
                  then: [AdjustTrack(track: "south_vp", amount: Fixed(-1))])"#,
            40 - lead
        )
    };
    assert_eq!(vp(&game(&check(26), &[]), "south_vp"), 39, "a lead of 26");
    assert_eq!(vp(&game(&check(25), &[]), "south_vp"), 40, "a lead of 25");
}

#[test]
fn bad_event_effects_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let bad = r#"rules: (scripted: [(turn: "1", phase: "first_movement", effects: [
        Roll(dice: D6, entries: [(rolls: (1, 3), name: "Low"), (rolls: (3, 5), name: "High", effects: [AdjustTrack(track: "gold", amount: Fixed(1))])]),
        If(when: [Expr(left: Track("silver"), op: Ge, right: Const(1))], then: [])])]),"#;
    let t = text.replacen(crate::common::KELL_RULES, bad, 1);
    let Err(e) = sandtable::games::load_str(&t, "bad.ron", &crate::common::root()) else { panic!("bad effects load") };
    let e = e.to_string();
    for want in [
        "rules.scripted[0].effects[0].entries[1].rolls: roll 3 is also covered by entries[0]",
        "rules.scripted[0].effects[0].entries: the table has gaps: no entry for roll 6",
        "rules.scripted[0].effects[0].entries[1].effects[0].track",
        "rules.scripted[0].effects[1].when[0]",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
}

/// Russian Naval Superiority is on the Allied table and binds the Ottomans: an effect list
/// applied for the enemy side restricts it, and its own conditions are read first.
#[test]
fn rule_too_6_4_effects_may_apply_for_the_enemy_side() {
    let mut s = game(r#"If(side: Enemy, then: [Restrict(NoAttack(unit_types: ["s_inf"])), LookInsideStacks])"#, &[]);
    assert!(log_has(&mut s, "until the turn ends, south may not attack or support with s_inf"));
    assert!(log_has(&mut s, "south looks inside every enemy stack this phase"));
    // Conditions are the roller's view of the game: a 26-VP lead of the South makes the
    // South, its enemy, lose (Morale Check: the side behind withdraws).
    let mut t = game(r#"If(when: [Expr(left: Sum([Track("south_vp"), Neg(Track("north_vp"))]), op: Ge, right: Const(26))],
        side: Enemy, then: [AdjustTrack(track: "south_vp", amount: Fixed(-1))])"#, &[]);
    assert_eq!(vp(&t, "south_vp"), 39);
    assert!(log_has(&mut t, "South VP 40 -> 39"));
}

/// ToO 6.4 Balfour Declaration (A15): +3 VP if a pro-Allied guerrilla stands alone in Syria.
/// Here the South's militia stands alone at 0305, in the region `moor`.
#[test]
fn rule_too_6_4_a_condition_reads_a_unit_alone_in_a_hex_of_a_region() {
    let gain = |regions: &str| {
        let effects = format!(r#"If(when: [Alone(unit_types: ["s_mil"], regions: [{regions}])], then: [AdjustTrack(track: "south_vp", amount: Fixed(3))])"#);
        let rules = format!(r#"rules: (reveal_when_enemy_ends_adjacent: true, scripted: [(turn: "1", phase: "first_movement", effects: [{effects}], rule: Some("6.4"))]),"#);
        let track = (
            r#"(id: "north_vp", name: "North VP", side: Some("north"), start: 0, floor: 0, cap: 10,"#,
            r#"(id: "south_vp", name: "South VP", side: Some("south"), start: 40, floor: 0, cap: 100),
        (id: "north_vp", name: "North VP", side: Some("north"), start: 0, floor: -50, cap: 100,"#,
        );
        let moor = (r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0202", name: Some("Hollin")), (hex: "0305", region: Some("moor")), (hex: "0405", region: Some("town")),"#);
        let regions = ("        default_terrain: \"clear\",", "        default_terrain: \"clear\",\n        regions: [(id: \"moor\", name: \"Moor\"), (id: \"town\", name: \"Town\")],");
        let s = kell_with(&[(crate::common::KELL_RULES, rules.as_str()), track, moor, regions], &[]);
        vp(&s, "south_vp") - 40
    };
    assert_eq!(gain(r#""moor""#), 3, "the militia stands alone on the moor");
    assert_eq!(gain(r#""town""#), 0, "no militia in the town region");
}

/// ToO 26.3 Large revolt: Wassmuss "if not already in play": a condition on a unit type on the
/// map, and its negation.
#[test]
fn rule_too_26_3_conditions_read_a_unit_type_on_the_map_and_negate() {
    let gain = |cond: &str| {
        let effects = format!(r#"If(when: [{cond}], then: [AdjustTrack(track: "south_vp", amount: Fixed(3))])"#);
        let rules = format!(r#"rules: (reveal_when_enemy_ends_adjacent: true, scripted: [(turn: "1", phase: "first_movement", effects: [{effects}], rule: Some("26.3"))]),"#);
        let track = (
            r#"(id: "north_vp", name: "North VP", side: Some("north"), start: 0, floor: 0, cap: 10,"#,
            r#"(id: "south_vp", name: "South VP", side: Some("south"), start: 40, floor: 0, cap: 100),
        (id: "north_vp", name: "North VP", side: Some("north"), start: 0, floor: -50, cap: 100,"#,
        );
        let s = kell_with(&[(crate::common::KELL_RULES, rules.as_str()), track], &[]);
        vp(&s, "south_vp") - 40
    };
    assert_eq!(gain(r#"OnMap(["s_mil"])"#), 3);
    assert_eq!(gain(r#"Not(OnMap(["s_mil"]))"#), 0);
    assert_eq!(gain(r#"Not(OnMap(["s_tank"]))"#), 3, "the South's tank has not entered yet");
}
