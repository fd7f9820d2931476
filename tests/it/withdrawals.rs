//! Withdrawals (`EventEffect::Withdraw`; engine gap G18, ToO 7.10, 6.3 Balkan Campaign, 6.4
//! Influenza): the side names units worth the quota, no more; corps may be broken down;
//! withdrawn units are set aside, not eliminated.

use sandtable::model::Tracks;
use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use crate::common::{kell_with, location, log_has, play};

/// Kell Ford with a North corps of three divisions (3 stacking points) at 0503 and a counter
/// pool, and `withdraw` (a `WithdrawalDef`) applied for the North as its first phase begins.
fn game(withdraw: &str, dice: &[u32]) -> Session {
    game_in("first_movement", withdraw, dice)
}

/// [`game`], with the withdrawal applied as phase `phase` of turn 1 begins (for its actor).
fn game_in(phase: &str, withdraw: &str, dice: &[u32]) -> Session {
    game_more(phase, "", withdraw, dice)
}

/// [`game_in`] with `more` (rules fields, each followed by a comma) in the rules.
fn game_more(phase: &str, more: &str, withdraw: &str, dice: &[u32]) -> Session {
    let rules = format!(
        "rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true, {more}reorganisation: [(unit_type: \"n_corps\", components: [(\"n_div\", 3)])],\n\
         scripted: [(turn: \"1\", phase: \"{phase}\", effects: [Withdraw(({withdraw}))], rule: Some(\"6.3\"))]),"
    );
    let types = r#"(id: "n_div", name: "Division", contingent: "north", symbol: Infantry, size: "XX", strength: Steps([(attack: 2, defense: 2, movement: 4)])),
        (id: "n_corps", name: "Corps", contingent: "north", symbol: Infantry, size: "XXX", stacking_points: 3, strength: Steps([(attack: 6, defense: 6, movement: 4)])),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#;
    let art = r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#;
    let corps = format!("{art}\n            (id: \"N-Corps\", unit_type: \"n_corps\", at: \"0503\"),");
    kell_with(
        &[
            (crate::common::KELL_RULES, rules.as_str()),
            (r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#, types),
            (r#"(unit_type: "n_art", count: 1),"#, r#"(unit_type: "n_art", count: 1), (unit_type: "n_div", count: 3), (unit_type: "n_corps", count: 1),"#),
            (art, corps.as_str()),
            ("default_cost: Mp(1), stacking: Some(2)),", "default_cost: Mp(1), stacking: Some(4)),"),
        ],
        dice,
    )
}

fn withdraw(units: &[&str], break_down: &[&str]) -> Command {
    Command::WithdrawUnits { units: units.iter().map(|u| (*u).into()).collect(), break_down: break_down.iter().map(|u| (*u).into()).collect() }
}

fn north_vp(s: &Session) -> i32 {
    let i = s.game().track_index("north_vp").expect("track");
    s.world.resource::<Tracks>().0[i]
}

#[test]
fn rule_too_7_10_a_withdrawal_takes_units_worth_the_quota_and_no_more() {
    let mut s = game(r#"amount: Fixed(2), measure: StackingPoints, units: (contingents: ["north"]), done: [AdjustTrack(track: "north_vp", amount: Fixed(1))]"#, &[]);
    let Some(Prompt::Withdraw { side, quota, may_refuse, composites, .. }) = s.state(None).prompt else { panic!("a withdrawal is asked for") };
    assert_eq!((side.as_str(), quota.as_str(), may_refuse), ("north", "2 stacking point(s) of units of Northern Army", false));
    assert_eq!(composites, vec!["N-Corps".to_string()]);
    let legal = s.legal_commands();
    assert!(legal.contains(&withdraw(&["N-Corps"], &[])), "the corps alone makes the quota");
    assert!(legal.contains(&withdraw(&["N-2Inf", "N-3Inf"], &[])));
    assert!(legal.contains(&withdraw(&["n_div#1", "n_div#2"], &["N-Corps"])), "{legal:?}");
    assert!(!legal.contains(&withdraw(&[], &[])), "the quota may not be refused");
    // Too little, too much, a breakdown for nothing: each refused with its reason.
    let e = s.apply(withdraw(&["N-2Inf"], &[])).expect_err("short");
    assert!(e.starts_with("the quota is 2 stacking point(s) of units of Northern Army:"), "{e}");
    let e = s.apply(withdraw(&["N-Corps", "N-2Inf"], &[])).expect_err("more than the quota");
    assert_eq!(e, "`N-2Inf` is not needed to make the quota (2 stacking point(s) of units of Northern Army)");
    let e = s.apply(withdraw(&["N-2Inf", "N-3Inf"], &["N-Corps"])).expect_err("a breakdown for nothing");
    assert!(e.starts_with("`N-Corps` is broken down, but none of its components"), "{e}");
    // 7.10: the corps is broken down and two of its divisions go; the third stays.
    play(&mut s, &[withdraw(&["n_div#1", "n_div#2"], &["N-Corps"])]);
    assert!(log_has(&mut s, "north withdraws n_div#1, n_div#2: the quota is met"));
    assert_eq!(location(&mut s, "n_div#3"), "0503");
    for id in ["N-Corps", "n_div#1", "n_div#2"] {
        assert_eq!(location(&mut s, id), "pool", "{id} is set aside, not eliminated");
    }
    assert_eq!(north_vp(&s), 1, "the quota met: its effect");
    assert!(s.state(None).prompt.is_none());
    assert!(s.legal_commands().contains(&Command::EndPhase), "the phase goes on");
}

#[test]
fn rule_too_6_3_a_side_that_may_refuse_withdraws_fewer_and_pays() {
    // Balkan Campaign: a die (4) of units; refusing costs 2 VP here (the Allies gain 10 there).
    let w = r#"amount: Dice(1), units: (unit_types: ["n_inf", "n_tank"]), done: [AdjustTrack(track: "north_vp", amount: Fixed(1))],
        short: [AdjustTrack(track: "north_vp", amount: Fixed(3))]"#;
    let mut s = game(w, &[4]);
    let Some(Prompt::Withdraw { quota, may_refuse: true, units, .. }) = s.state(None).prompt else { panic!("a withdrawal the side may refuse") };
    assert_eq!(quota, "4 unit(s) of Infantry Regiment, Tank Battalion");
    assert_eq!(units.len(), 3, "two regiments and a tank: fewer than the quota");
    assert!(s.legal_commands().contains(&withdraw(&[], &[])));
    play(&mut s, &[withdraw(&["N-2Inf"], &[])]);
    assert!(log_has(&mut s, "north withdraws N-2Inf: the quota is not met"));
    assert_eq!(location(&mut s, "N-2Inf"), "pool");
    assert_eq!(north_vp(&s), 3, "the cost of a quota not met");
}

#[test]
fn rule_too_7_10_short_of_units_every_one_that_counts_is_withdrawn() {
    // Influenza: 30 attack strength, more than the North has: 6 + 4 + 4 + 6 (the corps) + 0.
    let mut s = game(r#"amount: Fixed(30), measure: Attack, break_down: false"#, &[]);
    let Some(Prompt::Withdraw { composites, .. }) = s.state(None).prompt else { panic!("asked") };
    assert!(composites.is_empty(), "this withdrawal breaks nothing down");
    let e = s.apply(withdraw(&["N-1Tk", "N-2Inf", "N-3Inf"], &[])).expect_err("the corps too");
    assert!(e.ends_with("N-Corps must be withdrawn too"), "{e}");
    let e = s.apply(withdraw(&["N-1Tk", "N-2Inf", "N-3Inf", "N-Corps", "N-Art"], &[])).expect_err("no strength");
    assert!(e.starts_with("`N-Art` is not needed"), "{e}");
    play(&mut s, &[withdraw(&["N-1Tk", "N-2Inf", "N-3Inf", "N-Corps"], &[])]);
    assert_eq!(location(&mut s, "N-1Tk"), "pool");
    assert_eq!(north_vp(&s), 0);
}

#[test]
fn bad_withdrawals_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let rules = r#"rules: (scripted: [(turn: "1", phase: "first_movement", effects: [Withdraw((amount: Fixed(1),
        units: (contingents: ["east"], unit_types: ["n_div"], sizes: ["XXXXX"], regions: ["arabia"]), short: [AdjustTrack(track: "gold", amount: Fixed(1))]))])]),"#;
    let text = text.replacen(crate::common::KELL_RULES, rules, 1);
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("a bad withdrawal loads") };
    let e = e.to_string();
    for want in [
        "rules.scripted[0].effects[0].units.contingents[0]: no unit type is of contingent `east`",
        "rules.scripted[0].effects[0].units.unit_types[0]",
        "rules.scripted[0].effects[0].units.sizes[0]: no unit type is of size `XXXXX`",
        "rules.scripted[0].effects[0].units.regions[0]: unknown region `arabia`",
        "rules.scripted[0].effects[0].short[0].track",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
}

#[test]
fn rule_too_26_3_desertion_the_roller_removes_an_enemy_unit_of_its_choice() {
    // Only enemy regiments or militia in clear terrain count: S-2Inf (0604); S-1Inf holds the
    // town of Kell and the militia a hill.
    let mut s = game(r#"amount: Fixed(1), whose: Enemy, units: (unit_types: ["s_inf", "s_mil"], terrains: ["clear"])"#, &[]);
    let Some(Prompt::Withdraw { side, units, quota, .. }) = s.state(None).prompt else { panic!("the North chooses") };
    assert_eq!((side.as_str(), units, quota.as_str()), ("north", vec!["S-2Inf".to_string()], "1 enemy unit(s) of Infantry Regiment, Militia in clear"));
    let e = s.apply(withdraw(&["S-1Inf"], &[])).expect_err("in the town");
    assert_eq!(e, "`S-1Inf` is not a unit this withdrawal may take");
    play(&mut s, &[withdraw(&["S-2Inf"], &[])]);
    assert!(log_has(&mut s, "north removes S-2Inf: the quota is met"));
    assert_eq!(location(&mut s, "S-2Inf"), "pool", "removed, not eliminated (A31)");
}

#[test]
fn rule_too_7_10_a_corps_is_broken_down_only_for_components_the_withdrawal_takes() {
    // Regiments only: the corps is made of divisions, so breaking it down would give nothing.
    let mut s = game(r#"amount: Fixed(1), units: (unit_types: ["n_inf"])"#, &[]);
    let Some(Prompt::Withdraw { composites, units, .. }) = s.state(None).prompt else { panic!("asked") };
    assert!(composites.is_empty(), "{composites:?}");
    assert_eq!(units, vec!["N-2Inf".to_string(), "N-3Inf".to_string()]);
    let e = s.apply(withdraw(&["N-2Inf"], &["N-Corps"])).expect_err("no such breakdown");
    assert_eq!(e, "`N-Corps` may not be broken down for this withdrawal");
}

#[test]
fn rule_too_6_3_miracle_the_side_breaks_an_enemy_corps_down_where_it_stands() {
    // In the South's movement phase: the North's corps (0503, clear) is broken into divisions.
    let w = r#"amount: Fixed(1), whose: Enemy, units: (sizes: ["XXX"], terrains: ["clear"]), then: BrokenDown"#;
    let mut s = game_in("second_movement", w, &[]);
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    let Some(Prompt::Withdraw { side, units, quota, .. }) = s.state(None).prompt else { panic!("the South chooses") };
    assert_eq!((side.as_str(), units, quota.as_str()), ("south", vec!["N-Corps".to_string()], "1 enemy unit(s) of XXX in clear to break down"));
    play(&mut s, &[withdraw(&["N-Corps"], &[])]);
    assert!(log_has(&mut s, "N-Corps is broken down into n_div#1, n_div#2, n_div#3 (scenario rule 6.3)"));
    assert!(log_has(&mut s, "south breaks down N-Corps: the quota is met"));
    assert_eq!((location(&mut s, "N-Corps"), location(&mut s, "n_div#2")), ("pool".to_string(), "0503".to_string()));
}

#[test]
fn rule_too_23_1_a_withdrawn_once_only_counter_is_gone_for_good() {
    // N-2Inf's type is bought once a game: withdrawn, it leaves play instead of the pool.
    let once = r#"purchases: Some((tracks: [("north", "north_vp")], costs: [(unit_type: "n_inf", cost: 1, once: true)], places: [(side: Some("north"))])), "#;
    let mut s = game_more("first_movement", once, r#"amount: Fixed(2), measure: StackingPoints, units: (contingents: ["north"])"#, &[]);
    play(&mut s, &[withdraw(&["N-2Inf", "N-Art"], &[])]);
    assert_eq!(location(&mut s, "N-2Inf"), "out of play");
    assert_eq!(location(&mut s, "N-Art"), "pool");
}
