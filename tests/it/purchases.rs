//! Purchases on hex maps (`rules.purchases`; engine gap G17, ToO 5.4, 7.2-7.9): counters of the
//! mix not in play, bought with track points in the side's Mobilization phase and placed where
//! the placement rules allow.

use sandtable::model::{Location, Tracks};
use sandtable::session::{Command, Session};

use crate::common::{kell_with, location, log_has, play};

/// Kell Ford with a North Mobilization phase first, two more regiments and two more artillery
/// battalions in the mix (in the pool), 10 mobilisation points, a depot at Hollin (0202) and
/// two mobilisation hexes (0101, 0301) that take one artillery battalion each a turn.
fn game(costs: &str) -> Session {
    game_with(costs, "")
}

/// [`game`] with more rules (`name: value, ` each).
fn game_with(costs: &str, more: &str) -> Session {
    game_with_extra(costs, more, &[])
}

/// [`game_with`] with more replacements, made after its own.
fn game_with_extra(costs: &str, more: &str, extra: &[(&str, &str)]) -> Session {
    let rules = format!(
        "rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true, {more}purchases: Some((\n\
         tracks: [(\"north\", \"north_mp\")], keep_at_least: Some(1), costs: [{costs}],\n\
         places: [(side: Some(\"north\"), tags: [\"depot\"]), (side: Some(\"north\"), unit_types: [\"n_art\"], tags: [\"mob\"], per_hex_per_turn: Some(1))],\n\
         per_turn: [(side: \"north\", unit_types: [\"n_inf\"], max: 1)]))),"
    );
    let mut all = vec![
            (crate::common::KELL_RULES, rules.as_str()),
            ("        phases: [\n", "        phases: [\n            (id: \"mob\", name: \"First Player Mobilization\", kind: Mobilization, actor: First),\n"),
            (r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0202", name: Some("Hollin"), tags: ["depot"]), (hex: "0101", tags: ["mob"]), (hex: "0301", tags: ["mob"]),"#),
            ("(unit_type: \"n_inf\", count: 2),", "(unit_type: \"n_inf\", count: 4),"),
            (r#"(unit_type: "n_art", count: 1),"#, r#"(unit_type: "n_art", count: 3),"#),
            ("    tracks: [\n", "    tracks: [\n        (id: \"north_mp\", name: \"North MP\", side: Some(\"north\"), start: 10, floor: 0, cap: 20),\n"),
    ];
    all.extend_from_slice(extra);
    kell_with(&all, &[])
}

const COSTS: &str = r#"(unit_type: "n_inf", cost: 4), (unit_type: "n_art", cost: 2, replaceable: false), (unit_type: "n_tank", cost: 5, from_year: Some(1917))"#;

fn recruit(ty: &str, at: &str) -> Command {
    Command::Recruit { unit_type: ty.into(), at: at.into(), surge: false }
}

fn mp(s: &Session) -> i32 {
    let i = s.game().track_index("north_mp").expect("track");
    s.world.resource::<Tracks>().0[i]
}

#[test]
fn rule_too_7_2_units_are_bought_with_track_points_and_placed_where_7_4_allows() {
    let mut s = game(COSTS);
    let pooled = location(&mut s, "n_inf#1");
    assert_eq!(pooled, "pool", "the counters not set up wait in the pool");
    let legal = s.legal_commands();
    assert!(legal.contains(&recruit("n_inf", "0202")), "a regiment at the depot");
    assert!(!legal.contains(&recruit("n_inf", "0101")), "mobilisation hexes take artillery only");
    assert!(legal.contains(&recruit("n_art", "0101")) && legal.contains(&recruit("n_art", "0202")));
    assert!(!legal.iter().any(|c| matches!(c, Command::Recruit { unit_type, .. } if unit_type == "n_tank")));
    play(&mut s, &[recruit("n_inf", "0202")]);
    assert!(log_has(&mut s, "north buys Infantry Regiment (n_inf#1) at 0202 for 4: North MP 10 -> 6"));
    assert_eq!(location(&mut s, "n_inf#1"), "0202");
    // 7.5: one regiment a turn here.
    assert_eq!(s.apply(recruit("n_inf", "0202")).expect_err("cap"), "north buys at most 1 such unit(s) a turn (7.5)");
    // 7.4: one battalion a turn at each mobilisation hex.
    play(&mut s, &[recruit("n_art", "0101")]);
    assert_eq!(s.apply(recruit("n_art", "0101")).expect_err("per hex"), "Artillery Battalion may not be placed at 0101 (7.4)");
    play(&mut s, &[recruit("n_art", "0301")]);
    assert_eq!(mp(&s), 2);
    // 5.4: 2 left; a battalion would leave 0.
    let e = s.apply(recruit("n_art", "0202")).expect_err("keep 1");
    assert_eq!(e, "Artillery Battalion costs 2 and North MP is 2: it may not go below 1 (5.4)");
    let e = s.apply(Command::Recruit { unit_type: "n_tank".into(), at: "0202".into(), surge: false }).expect_err("year");
    assert_eq!(e, "Tank Battalion may be bought from 1917 on (7.2)");
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::Recruit { .. })), "nothing is affordable or free");
}

#[test]
fn rule_too_5_4_a_purchase_never_leaves_the_track_below_what_must_be_kept() {
    let mut s = game(r#"(unit_type: "n_art", cost: 5)"#);
    play(&mut s, &[recruit("n_art", "0101")]);
    let e = s.apply(recruit("n_art", "0301")).expect_err("keep 1");
    assert_eq!(e, "Artillery Battalion costs 5 and North MP is 5: it may not go below 1 (5.4)");
}

#[test]
fn rule_too_7_3_no_placement_among_enemy_units_or_outside_the_sides_phase() {
    let mut s = game(COSTS);
    let e = s.apply(recruit("n_inf", "0505")).expect_err("not a depot");
    assert_eq!(e, "Infantry Regiment may not be placed at 0505 (7.4)");
    let mut t = game(COSTS);
    play(&mut t, &[Command::EndPhase]);
    let e = t.apply(recruit("n_inf", "0202")).expect_err("movement phase");
    assert!(e.contains("is not allowed in the First Player Movement phase"), "{e}");
    // Kell (0404), tagged a depot, holds a South regiment.
    let mut hostile = kell_variant_with_enemy_depot();
    let e = hostile.apply(recruit("n_inf", "0404")).expect_err("enemy units");
    assert_eq!(e, "0404 holds enemy units (7.3)");
}

fn kell_variant_with_enemy_depot() -> Session {
    let rules = "rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true, purchases: Some((tracks: [(\"north\", \"north_vp\")], \
                 costs: [(unit_type: \"n_inf\", cost: 0)], places: [(side: Some(\"north\"), tags: [\"depot\"], control: Any)]))),";
    kell_with(
        &[
            (crate::common::KELL_RULES, rules),
            ("        phases: [\n", "        phases: [\n            (id: \"mob\", name: \"First Player Mobilization\", kind: Mobilization, actor: First),\n"),
            (r#"(hex: "0404", name: Some("Kell"), vp: 3, objective: true),"#, r#"(hex: "0404", name: Some("Kell"), vp: 3, objective: true, tags: ["depot"]),"#),
            ("(unit_type: \"n_inf\", count: 2),", "(unit_type: \"n_inf\", count: 3),"),
        ],
        &[],
    )
}

#[test]
fn rule_too_7_9_eliminated_units_are_bought_again_unless_never_replaced() {
    let mut s = game(COSTS);
    // Every pooled battalion is bought; then one on the map is eliminated.
    play(&mut s, &[recruit("n_art", "0101"), recruit("n_art", "0301")]);
    let e = s.world.resource::<sandtable::model::UnitIndex>().0["N-Art"];
    *s.world.get_mut::<Location>(e).expect("a unit") = Location::Eliminated;
    s.world.resource_mut::<sandtable::model::units_now::UnitsNow>().stale();
    let e = s.apply(recruit("n_art", "0202")).expect_err("not replaceable");
    assert_eq!(e, "no counter of Artillery Battalion is free to buy (7.2, 7.9)");
    // A regiment may be replaced: the eliminated one comes back once the pool is empty.
    let mut t = game(r#"(unit_type: "n_inf", cost: 1)"#);
    for id in ["n_inf#1", "n_inf#2"] {
        let e = t.world.resource::<sandtable::model::UnitIndex>().0[id];
        *t.world.get_mut::<Location>(e).expect("a unit") = Location::OnMap(t.game().board.space("0101").expect("hex"));
    }
    let e = t.world.resource::<sandtable::model::UnitIndex>().0["N-2Inf"];
    *t.world.get_mut::<Location>(e).expect("a unit") = Location::Eliminated;
    t.world.resource_mut::<sandtable::model::units_now::UnitsNow>().stale();
    play(&mut t, &[recruit("n_inf", "0202")]);
    assert_eq!(location(&mut t, "N-2Inf"), "0202");
}

#[test]
fn bad_purchases_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let rules = r#"rules: (purchases: Some((tracks: [("east", "gold")], costs: [(unit_type: "n_zep", cost: -1)],
        places: [(side: Some("north"), tags: ["port"], regions: ["sea"])]))),"#;
    let text = text.replacen(crate::common::KELL_RULES, rules, 1);
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("bad purchases load") };
    let e = e.to_string();
    for want in [
        "rules.purchases.tracks[0].0",
        "rules.purchases.tracks[0].1",
        "rules.purchases.costs[0].unit_type",
        "rules.purchases.costs[0].cost: -1 is below 0",
        "rules.purchases: purchases take counters of the mix not in play",
        "rules.purchases.places[0].tags[0]: no hex is tagged `port`",
        "rules.purchases.places[0].regions[0]: unknown region `sea`",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
}

#[test]
fn rule_too_23_1_a_once_only_counter_enters_by_purchase_once_a_game() {
    let mut s = game(r#"(unit_type: "n_art", cost: 2, once: true)"#);
    play(&mut s, &[recruit("n_art", "0101")]);
    assert_eq!(location(&mut s, "n_art#1"), "0101");
    // Back to the pool (as a withdrawal would put it): it is not bought again.
    let e = s.world.resource::<sandtable::model::UnitIndex>().0["n_art#1"];
    *s.world.get_mut::<Location>(e).expect("a unit") = Location::Pool;
    s.world.resource_mut::<sandtable::model::units_now::UnitsNow>().stale();
    play(&mut s, &[recruit("n_art", "0301")]);
    assert_eq!((location(&mut s, "n_art#1"), location(&mut s, "n_art#2")), ("pool".to_string(), "0301".to_string()));
    assert_eq!(s.apply(recruit("n_art", "0202")).expect_err("used up"), "no counter of Artillery Battalion is free to buy (7.2, 7.9)");
}

#[test]
fn rule_too_6_3_events_may_ban_contingents_and_hexes_from_purchases_this_turn() {
    // Orient Express Disrupted and Home Government vs. India Dispute, as the phase begins.
    let script = r#"scripted: [(turn: "1", phase: "mob", effects: [Restrict(NoPurchase(contingents: ["north"])), Restrict(NoPlacement(tags: ["mob"]))], rule: Some("6.3"))], "#;
    let mut s = game_with(COSTS, script);
    assert!(log_has(&mut s, "scenario rule 6.3: until the turn ends, north may not buy units of north"));
    let e = s.apply(recruit("n_inf", "0202")).expect_err("banned");
    assert_eq!(e, "units of north may not be bought this turn (scenario rule 6.3)");
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::Recruit { .. })));
    // Only the hex ban: the depot still takes units, the mobilisation hexes do not.
    let script = r#"scripted: [(turn: "1", phase: "mob", effects: [Restrict(NoPlacement(tags: ["mob"]))])], "#;
    let mut t = game_with(COSTS, script);
    assert_eq!(t.apply(recruit("n_art", "0101")).expect_err("banned hex"), "no new unit may be placed at 0101 this turn (scenario rule)");
    play(&mut t, &[recruit("n_art", "0202")]);
    // The next turn the bans are gone.
    while t.world.resource::<sandtable::model::TurnState>().turn < 1 {
        play(&mut t, &[Command::EndPhase]);
    }
    assert!(t.world.resource::<sandtable::model::TurnState>().restrictions.is_empty());
    assert!(t.legal_commands().contains(&recruit("n_art", "0101")));
}

/// ToO 23.1: no ANZAC division is bought in a scenario that begins in 1916 or later (36,
/// played as an option of the campaign's file): a price may hold only without an option.
#[test]
fn rule_too_23_1_a_price_may_hold_only_while_an_option_is_off() {
    let costs = r#"(unit_type: "n_inf", cost: 4, unless_option: Some("late")), (unit_type: "n_art", cost: 2)"#;
    let rules = format!(
        "rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true, purchases: Some((\n\
         tracks: [(\"north\", \"north_mp\")], costs: [{costs}], places: [(side: Some(\"north\"), tags: [\"depot\"])]))),"
    );
    let s = |default: bool| {
        let options = format!("    options: [(id: \"late\", name: \"The later scenario\", default: {default})],\n    victory: (");
        kell_with(
            &[
                (crate::common::KELL_RULES, rules.as_str()),
                ("        phases: [\n", "        phases: [\n            (id: \"mob\", name: \"First Player Mobilization\", kind: Mobilization, actor: First),\n"),
                (r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0202", name: Some("Hollin"), tags: ["depot"]),"#),
                ("(unit_type: \"n_inf\", count: 2),", "(unit_type: \"n_inf\", count: 4),"),
                ("    tracks: [\n", "    tracks: [\n        (id: \"north_mp\", name: \"North MP\", side: Some(\"north\"), start: 10, floor: 0, cap: 20),\n"),
                ("    victory: (", options.as_str()),
            ],
            &[],
        )
    };
    let mut late = s(true);
    let e = late.apply(recruit("n_inf", "0202")).expect_err("never in this game");
    assert_eq!(e, "Infantry Regiment is never bought in this game (The later scenario)");
    assert!(!late.legal_commands().iter().any(|c| matches!(c, Command::Recruit { unit_type, .. } if unit_type == "n_inf")));
    let mut early = s(false);
    play(&mut early, &[recruit("n_inf", "0202")]);
}

/// ToO 33.4: with the optional air missions, air bases are bought from 1914 instead of 1916
/// (`option_from_year`); here a tank battalion from 1917, or from 1914 with the option.
#[test]
fn rule_too_33_4_an_option_moves_a_purchase_to_an_earlier_year() {
    let costs = r#"(unit_type: "n_tank", cost: 5, from_year: Some(1917), option_from_year: Some(("air_missions", 1914)))"#;
    let calendar = (
        r#"labels: ["1", "2", "3", "4"],"#,
        r#"labels: ["1", "2", "3", "4"],
        seasons: [(id: "autumn", name: "Autumn")],
        calendar: [(year: 1914, season: "autumn"), (year: 1914, season: "autumn"), (year: 1914, season: "autumn"), (year: 1914, season: "autumn")],"#,
    );
    let with = |on: bool| {
        let options = format!("    options: [(id: \"air_missions\", name: \"Air missions\", default: {on})],\n    setup: (");
        let spare = (r#"(unit_type: "n_tank", count: 1),"#, r#"(unit_type: "n_tank", count: 2),"#);
        let mut s = game_with_extra(costs, "", &[calendar, spare, ("    setup: (", options.as_str())]);
        s.apply(recruit("n_tank", "0202"))
    };
    assert_eq!(with(false).expect_err("1917"), "Tank Battalion may be bought from 1917 on (7.2)");
    assert_eq!(with(true), Ok(()), "from 1914 with the option");
}
