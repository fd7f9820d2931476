//! Twilight of the Ottomans, reference section 7: worked cases T19, T23, T24 and T26-T28 (the
//! stacking check, event lookup, Forced Offensive, the Bolshevik corps, the Hejaz link, Suez),
//! with the fixtures of `twilight_cases`.

use sandtable::model::command::RetreatMove;
use sandtable::model::prompt::Prompt;
use sandtable::session::{Command, Session};

use super::twilight_cases::*;
use crate::common::{KELL_RULES, attack, kell_rules, kell_with, location, log_has, mv, play, root};

// ------------------------------------------------------------------------------------------
// T19
// ------------------------------------------------------------------------------------------

/// T19 (10.3, [D]): stacking is checked only when Movement and Combat Phases end. N-2Inf, a
/// corps of 3 points, and two 1-point units (5 DE) in rough ground that holds 4 (a hill here).
#[test]
fn rule_too_10_3_t19_stacking_holds_only_when_the_phase_ends() {
    let corps = (
        r#"(id: "n_inf", name: "Infantry Regiment", contingent: "north", symbol: Infantry, size: "III","#,
        r#"(id: "n_inf", name: "Infantry Corps", contingent: "north", symbol: Infantry, size: "XXX", stacking_points: 3,"#,
    );
    let rough_4 = ("defender_shift: -1, stacking: Some(2)),", "defender_shift: -1, stacking: Some(4)),");
    let clear_4 = ("default_cost: Mp(1), stacking: Some(2)),", "default_cost: Mp(1), stacking: Some(4)),");
    let score = "elimination_scores: [(side: \"north\", track: \"north_score\", amount: -5)]";
    let rules = format!("(stacking_checked_at_end_of: [Movement, Combat], {score})");
    let track_line = with_track(r#"(id: "north_score", name: "North score", side: Some("north"), start: 20, floor: 0, cap: 100),"#);
    let extra = [corps, rough_4, clear_4, (track_line.0, track_line.1.as_str())];
    let into_rough = [mv("N-2Inf", "0502"), mv("N-1Tk", "0502"), mv("N-Art", "0502")];
    // Through: all three in the hill 0502 (5 points), then the corps moves on: legal.
    let mut s = kell_rules(&rules, &extra, &[]);
    play(&mut s, &into_rough);
    play(&mut s, &[mv("N-2Inf", "0501")]);
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(s.state(None).phase, "first_combat");
    assert!(prompt(&s).is_none());
    // Ending there: the owner removes units until it fits, each counted as eliminated.
    let mut t = kell_rules(&rules, &extra, &[]);
    play(&mut t, &into_rough);
    assert_eq!(location(&mut t, "N-Art"), "0502", "over the limit while the phase lasts");
    play(&mut t, &[Command::EndPhase]);
    assert!(log_has(&mut t, "0502 holds 5 stacking points of north, over its limit of 4"));
    let Some(Prompt::ChooseUnit { units, eliminate: true, .. }) = prompt(&t) else { panic!("a choice: {:?}", prompt(&t)) };
    assert_eq!(units, ["N-1Tk", "N-2Inf", "N-Art"]);
    play(&mut t, &[Command::Choose { unit: "N-Art".into() }]);
    assert_eq!(location(&mut t, "N-Art"), "eliminated");
    assert!(log_has(&mut t, "N-Art eliminated: North score -5 = 15"));
    assert_eq!(t.state(None).phase, "first_combat");
    // Reinforcements placed over the limit: legal until the end of the next Movement Phase.
    // S-2Inf and S-Mil fill 0604 (2 points); S-3Tk enters there on turn 2.
    let entry = ("entry: [\"0506\", \"0806\"]", "entry: [\"0604\"]");
    let mil = moved(S_MIL, "0604");
    let mut r = kell_rules("(stacking_checked_at_end_of: [Movement, Combat])", &[entry, (mil.0, mil.1.as_str())], &[]);
    play(&mut r, &ends(6));
    assert_eq!((r.state(None).turn.as_str(), r.state(None).phase.as_str()), ("2", "second_reinforcement"));
    play(&mut r, &[Command::Enter { unit: "S-3Tk".into(), at: "0604".into() }, Command::EndPhase]);
    assert_eq!((r.state(None).phase.as_str(), location(&mut r, "S-3Tk")), ("second_movement", "0604".to_string()));
    assert!(prompt(&r).is_none(), "not checked when the reinforcement phase ends");
    play(&mut r, &[Command::EndPhase]);
    assert!(log_has(&mut r, "0604 holds 3 stacking points of south, over its limit of 2"));
    assert!(matches!(prompt(&r), Some(Prompt::ChooseUnit { eliminate: true, .. })));
}

// ------------------------------------------------------------------------------------------
// T23
// ------------------------------------------------------------------------------------------

/// The shipped scenario with only its Event and End phases before 1918 IV (the scenario ends
/// after 1916 II): each game turn is the Ottoman roll, then the Allied roll. 35.6's scripted
/// Forced Offensive, which replaces the first Ottoman roll, is dropped. `extra` replacements.
fn too_events_only(extra: &[(&str, &str)], seed: u64, dice: &[u32]) -> Session {
    let mut text = std::fs::read_to_string(root().join(TOO)).expect("read the scenario");
    let script = r#"            (turn: "1914-IV", phase: "ott_events", no_roll: true,
             effects: [TableEntry(table: "ott_events", entry: "Forced Offensive")], rule: Some("35.6")),
"#;
    assert!(text.contains(script), "35.6's script");
    text = text.replacen(script, "", 1);
    let phases = text.find("        phases: [\n            (id: \"ott_events\"").expect("the turn's phases");
    for id in ["ott_mobilization", "ott_reorganisation", "ott_movement", "ott_combat", "ott_supply", "all_mobilization",
               "all_reorganisation", "all_movement", "all_combat", "all_supply", "vp"] {
        let at = phases + text[phases..].find(&format!("(id: \"{id}\", name: ")).unwrap_or_else(|| panic!("phase {id}"));
        let end = at + text[at..].find("),\n").expect("end of the phase");
        text.insert_str(end, ", only_turns: [\"1918-IV\"]");
    }
    for (a, b) in extra {
        assert!(text.contains(a), "replacement target not found: {a}");
        text = text.replacen(a, b, 1);
    }
    session_of(&text, "scenarios/twilight", seed, dice)
}

/// Answers the placement prompts with the first place offered.
fn place_all(s: &mut Session) {
    while let Some(Prompt::PlaceUnit { .. }) = prompt(s) {
        let c = s.legal_commands().into_iter().find(|c| matches!(c, Command::Place { .. })).expect("a place to put it");
        play(s, &[c]);
    }
}

fn turn_phase(s: &mut Session) -> (String, String) {
    let st = s.state(None);
    (st.turn, st.phase)
}

/// T23 (6.2-6.4, 28.0-28.3, A14, the errata on 6.3): the D66 row is the first die, the column
/// the second. The shipped tables: Ottoman (3, 1) Holy War, (1, 3) Bolshevik Alliance; Allied
/// (5, 3) Russian Revolution: no event in 1915, the first revolution in 1916, the second on the
/// next roll (either table), then no event. Holy War is once a game. Morale Check: nothing at a
/// VP difference of 25, a withdrawal of 1d6 DE by the side behind at 26.
#[test]
fn rule_too_6_t23_random_events_read_row_then_column_once_only_and_in_their_years() {
    // Russian units that roll at the first revolution: in play but the ships and the Grand Duke.
    let mut probe = too_events_only(&[], 1, &[]);
    play(&mut probe, &[Command::DefaultSetup, Command::EndPhase, Command::DefaultSetup]);
    let game = probe.game().clone();
    let russian = |ty: &str| {
        game.scenario.unit_types.iter().any(|t| t.id == ty && t.contingent == "ru") && !["ru_navy", "ru_amph", "hq_gdn"].contains(&ty)
    };
    let in_play = |at: &str| !["pool", "eliminated", "out of play", "not entered"].contains(&at);
    let rolling = probe.state(None).units.iter().filter(|u| russian(&u.unit_type) && in_play(&u.location)).count();
    assert!(rolling > 0);
    // Dice: 1914-IV Holy War (3, 1), 1 guerrilla, 4 VP, the guerrilla drawn (1); Intelligence
    // Leak (2, 4). 1915-I Holy War again (3, 1); Russian Revolution (5, 3). 1915-II to IV
    // Intelligence Leaks (1, 6) and (2, 4). 1916-I Bolshevik Alliance (1, 3); Russian Revolution
    // (5, 3), a 4 (stays) for each Russian unit, 1 guerrilla a side and their draws. 1916-II
    // Russian Revolution on the Ottoman table (5, 6), then on the Allied table (5, 3).
    let mut dice = vec![3, 1, 1, 4, 1, 2, 4, 3, 1, 5, 3, 1, 6, 2, 4, 1, 6, 2, 4, 1, 6, 2, 4, 1, 3, 5, 3];
    dice.extend(std::iter::repeat_n(4, rolling));
    dice.extend([1, 1, 1, 1, 5, 6, 5, 3]);
    let mut s = too_events_only(&[], 1, &dice);
    play(&mut s, &[Command::DefaultSetup, Command::EndPhase, Command::DefaultSetup, Command::EndPhase]);
    assert_eq!(turn_phase(&mut s), ("1914-IV".into(), "ott_events".into()));
    assert!(log_has(&mut s, "Ottoman Random Events: rolled 31: Holy War"));
    assert!(log_has(&mut s, "Allied VP 50 -> 46 (Ottoman Random Events: Holy War)"));
    place_all(&mut s);
    play(&mut s, &[Command::EndPhase]);
    assert!(log_has(&mut s, "Allied Random Events: rolled 24: Intelligence Leak"));
    // 1915-I: Holy War again is no event; the Russian Revolution is none before 1916.
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(turn_phase(&mut s), ("1915-I".into(), "ott_events".into()));
    assert!(log_has(&mut s, "Ottoman Random Events: Holy War has happened already: no event (once a game)"));
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(turn_phase(&mut s), ("1915-I".into(), "all_events".into()));
    assert!(log_has(&mut s, "Allied Random Events: rolled 53: Russian Revolution"));
    assert_eq!(log_count(&s, "Allied Random Events: Russian Revolution: its conditions do not hold: no event"), 1);
    play(&mut s, &ends(7));
    assert_eq!(turn_phase(&mut s), ("1916-I".into(), "ott_events".into()));
    assert!(log_has(&mut s, "Ottoman Random Events: rolled 13: Bolshevik Alliance"));
    // 1916-I: the first revolution.
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(turn_phase(&mut s), ("1916-I".into(), "all_events".into()));
    assert!(log_has(&mut s, "Russian revolutions 0 -> 1 (Allied Random Events: Russian Revolution)"));
    assert!(log_has(&mut s, "Allied Random Events: Russian Revolution: RU-Navy is withdrawn"));
    assert_eq!(log_count(&s, "rolls 4 and stays"), rolling);
    place_all(&mut s);
    // 1916-II: the second, on the Ottoman table; a third roll is no event.
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(turn_phase(&mut s), ("1916-II".into(), "ott_events".into()));
    assert!(log_has(&mut s, "Ottoman Random Events: rolled 56: Russian Revolution"));
    assert!(log_has(&mut s, "Russian revolutions 1 -> 2 (Ottoman Random Events: Russian Revolution)"));
    assert!(log_has(&mut s, "Ottoman Random Events: Russian Revolution: ottoman receives 1 unit(s), free: Bolshevik Corps"));
    place_all(&mut s);
    // T26: the Ottomans place the Bolshevik corps, in an empty Russian city, and it stays neutral.
    let corps = s.state(None).units.into_iter().find(|u| u.unit_type == "bolshevik").expect("the Bolshevik corps");
    let city = s.game().board.space(&corps.location).map(|at| s.game().board.spaces[at.index()].region.clone());
    assert_eq!((corps.side.as_str(), city), ("bolsheviks", Some(Some("russia".to_string()))));
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(turn_phase(&mut s), ("1916-II".into(), "all_events".into()));
    assert_eq!(log_count(&s, "Allied Random Events: Russian Revolution: its conditions do not hold: no event"), 2);
    assert_eq!(track(&s, "revolutions"), 2);
    // Morale Check (4, 4): the Ottomans 75 against the Allies' 50 is no event; 76 makes the
    // Allies (behind) withdraw 1d6 (here 2) stacking points of units.
    let vp = r#"(id: "ottoman_vp", name: "Ottoman VP", side: Some("ottoman"), start: 60,"#;
    for (start, event) in [(75, false), (76, true)] {
        let lead = vp.replace("start: 60", &format!("start: {start}"));
        let mut m = too_events_only(&[(vp, lead.as_str())], 1, &[4, 4, 2]);
        play(&mut m, &[Command::DefaultSetup, Command::EndPhase, Command::DefaultSetup, Command::EndPhase]);
        assert!(log_has(&mut m, "Ottoman Random Events: rolled 44: Morale Check"));
        let none = log_has(&mut m, "Ottoman Random Events: Morale Check: its conditions do not hold: no event");
        assert_eq!(none, !event, "lead {}", start - 50);
        if event {
            assert!(log_has(&mut m, "Ottoman Random Events: Morale Check: allies withdraws 2 stacking point(s) of units of"));
            assert_eq!(prompt(&m).map(|p| p.side().to_string()), Some("allies".to_string()));
        }
    }
}

// ------------------------------------------------------------------------------------------
// T24
// ------------------------------------------------------------------------------------------

/// Kell Ford with a second table, "onslaught" (every roll `code`), after its own (the Raid
/// here), a North track of 20, and the Forced Offensive's quota as the game begins: two
/// Onslaught attacks with a corps (n_inf here) or -10.
fn offensive_game(code: &str, rules: &str, extra: &[(&'static str, String)], dice: &[u32]) -> Session {
    let rows: Vec<String> = (1..=6).map(|r| format!("(roll: {r}, results: [{}]),", vec![format!("\"{code}\""); 8].join(", "))).collect();
    let effects = match code {
        "DC" => "EliminatePercent(party: Defender, percent: 100), Pursuit(party: Attacker, combat: true)",
        _ => "LossPoints(party: Defender, points: 1)",
    };
    let onslaught = format!(
        r#"), (
            id: "onslaught", name: "Onslaught", index: Odds, dice: D6,
            columns: ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1"],
            rows: [{}],
            results: [(code: "{code}", effects: [{effects}])],
        )],
    ),
    tracks"#,
        rows.join(" ")
    );
    let quota = format!(
        r#"rules: (reveal_when_enemy_ends_adjacent: true{rules},
        scripted: [(turn: "1", phase: "first_movement", rule: Some("6.3"), effects: [
            AttackQuota(count: 2, table: Some("onslaught"), unit_types: ["n_inf"],
                        penalty: [AdjustTrack(track: "north_pp", amount: Fixed(-10))])])]),"#
    );
    let mut pairs = vec![
        ("        )],\n    ),\n    tracks", onslaught),
        (KELL_RULES, quota),
        with_track(r#"(id: "north_pp", name: "North PP", side: Some("north"), start: 20, floor: 0, cap: 100),"#),
        moved(N_INF2, "0403"),
        moved(N_INF3, "0704"),
    ];
    pairs.extend_from_slice(extra);
    kell_with(&refs(&pairs), dice)
}

/// T24 (6.3, A29, [D]): the Ottoman Forced Offensive of the shipped scenario (35.6 applies it in
/// 1914 IV) gives a corps at Constantinople and a supply unit, and asks for two Onslaught
/// attacks, each with a corps. One Onslaught and one Raid: -10 VP when the Combat Phase ends.
/// Two Onslaughts with two corps, or one and the same corps's pursuit combat on Onslaught: none.
#[test]
fn rule_too_6_3_t24_a_forced_offensive_wants_two_onslaughts_each_with_a_corps() {
    let mut too = crate::common::session(TOO, 1, &[]);
    play(&mut too, &[Command::DefaultSetup, Command::EndPhase, Command::DefaultSetup, Command::EndPhase]);
    assert!(log_has(&mut too, "Forced Offensive: ottoman receives 1 unit(s), free: Turkish Infantry Corps or Turkish Expeditionary Corps"));
    assert!(log_has(&mut too, "Forced Offensive: ottoman receives 1 unit(s), free: Supply"));
    assert!(log_has(&mut too, "Forced Offensive: ottoman must make 2 attack(s) on the Onslaught, each with a unit of tr_inf_corps"));
    let Some(Prompt::PlaceUnit { options, .. }) = prompt(&too) else { panic!("the corps to place: {:?}", prompt(&too)) };
    assert!(options.iter().all(|(_, hexes)| hexes == &["1705"]), "at Constantinople: {options:?}");
    // One Onslaught (N-2Inf on Kell) and one Raid (N-3Inf on 0604): missed.
    let mut a = offensive_game("0/1", "", &[], &[6, 6]);
    play(&mut a, &[Command::EndPhase, attack_on(&["N-2Inf"], "0404", "onslaught"), attack_on(&["N-3Inf"], "0604", "crt")]);
    assert_eq!(track(&a, "north_pp"), 20, "not before the Combat Phase ends");
    play(&mut a, &[Command::EndPhase]);
    assert!(log_has(&mut a, "scenario rule 6.3: 1 of 2 attacks made, the quota is missed"));
    assert!(log_has(&mut a, "North PP 20 -> 10 (scenario rule 6.3: quota missed)"));
    // Two Onslaughts, each with a corps: met.
    let mut b = offensive_game("0/1", "", &[], &[6, 6]);
    let both = [attack_on(&["N-2Inf"], "0404", "onslaught"), attack_on(&["N-3Inf"], "0604", "onslaught")];
    play(&mut b, &[Command::EndPhase]);
    play(&mut b, &both);
    play(&mut b, &[Command::EndPhase]);
    assert!(log_has(&mut b, "scenario rule 6.3: 2 of 2 attacks made, the quota is met"));
    assert_eq!(track(&b, "north_pp"), 20);
    // [D] N-3Inf's Onslaught wins (DC), it pursues into 0604 and attacks the militia (0505) on
    // Onslaught again: two attacks with a corps, met.
    let mil = moved(S_MIL, "0505");
    let mut c = offensive_game("DC", ", pursuit: Some((hexes: 1))", &[mil], &[6, 6]);
    play(&mut c, &[Command::EndPhase, attack_on(&["N-3Inf"], "0604", "onslaught")]);
    assert!(matches!(prompt(&c), Some(Prompt::Pursue { .. })), "{:?}", prompt(&c));
    let pursue = |moves: &[(&str, &[&str])]| {
        let path = |p: &[&str]| p.iter().map(|k| (*k).into()).collect();
        Command::Pursue { moves: moves.iter().map(|(u, p)| RetreatMove { unit: (*u).into(), path: path(p) }).collect() }
    };
    play(&mut c, &[pursue(&[("N-3Inf", &["0604"])]), attack_on(&["N-3Inf"], "0505", "onslaught")]);
    assert!(log_has(&mut c, "of Onslaught (pursuit combat, ToO 14.5): rolled"));
    assert_eq!(location(&mut c, "S-Mil"), "eliminated");
    play(&mut c, &[pursue(&[]), Command::EndPhase]);
    assert!(log_has(&mut c, "scenario rule 6.3: 2 of 2 attacks made, the quota is met"));
    assert_eq!(track(&c, "north_pp"), 20);
}

// ------------------------------------------------------------------------------------------
// T26
// ------------------------------------------------------------------------------------------

/// Kell Ford with a neutral Bolshevik side and its corps in an empty "Russian city" (0403, next
/// to N-2Inf); Russia is columns 1-4, and the corps never leaves it (28.4); it comes back in its
/// side's next Mobilisation Phase at that city (28.4), and its loss costs no VP; the South (here
/// the side it joins) has a Mobilisation phase and its own VP track. `rules` are added.
fn bolshevik_game(rules: &str, dice: &[u32]) -> Session {
    let all_rules = format!(
        r#"rules: (reveal_when_enemy_ends_adjacent: true, region_bound: [(contingent: "bolsheviks", regions: ["russia"])],
        elimination_first_match: true,
        elimination_scores: [(side: "south", unit_types: ["b_corps"], track: "south_vp", amount: 0),
                             (side: "south", track: "south_vp", amount: -5)]{rules}),"#
    );
    let pairs = [
        (KELL_RULES, all_rules),
        (
            r##"        (id: "south", name: "Southern Union", color: "#d9b36c"),"##,
            r##"        (id: "bolsheviks", name: "Bolsheviks", color: "#c04040", neutral: true),
        (id: "south", name: "Southern Union", color: "#d9b36c"),"##
                .to_string(),
        ),
        with_types(
            r#"(id: "b_corps", name: "Bolshevik Corps", contingent: "bolsheviks", symbol: Infantry, size: "XXX",
         strength: Steps([(attack: 4, defense: 4, movement: 3)]), flags: [AttacksAlone, StacksAlone],
         returns: Some((places: [(tags: ["russian_city"], empty: true, control: Any)], rule: Some("28.4")))),"#,
        ),
        with_mix(r#"(unit_type: "b_corps", count: 1),"#),
        (S_MIL, format!(r#"{S_MIL} (id: "B-Corps", unit_type: "b_corps", at: "0403"),"#)),
        (
            "        hexes: [",
            r#"        region_grid: [
            "r r r r o o o o",
            "r r r r o o o o",
            "r r r r o o o o",
            "r r r r o o o o",
            "r r r r o o o o",
            "r r r r o o o o",
        ],
        regions: [(id: "russia", name: "Russia", symbol: Some("r")), (id: "other", name: "Elsewhere", symbol: Some("o"))],
        hexes: [(hex: "0403", tags: ["russian_city"]),"#
                .to_string(),
        ),
        (
            "            (id: \"second_movement\", name: \"Second Player Movement\", kind: Movement, actor: Second),",
            r#"            (id: "second_mobilization", name: "Second Player Mobilisation", kind: Mobilization, actor: Second),
            (id: "second_movement", name: "Second Player Movement", kind: Movement, actor: Second),"#
                .to_string(),
        ),
        with_track(r#"(id: "south_vp", name: "South VP", side: Some("south"), start: 20, floor: 0, cap: 100),"#),
    ];
    kell_with(&refs(&pairs), dice)
}

fn side_of(s: &mut Session, unit: &str) -> String {
    s.state(None).units.into_iter().find(|u| u.id == unit).map(|u| u.side).expect("unit")
}

/// T26 (28.4, A27): neutral in its city, the corps joins the South (standing for the Ottomans)
/// when the North (the Allies) attacks it, and defends as the South's: 4 against 4, the roll 6
/// takes its one step. Its loss costs no VP; it comes back free for the South in the South's
/// next Mobilisation Phase, in its empty city; it never leaves Russia.
#[test]
fn rule_too_28_4_t26_the_bolshevik_corps_joins_the_side_not_attacking_it_and_comes_back_free() {
    let mut s = bolshevik_game("", &[6]);
    assert_eq!(side_of(&mut s, "B-Corps"), "bolsheviks");
    play(&mut s, &[Command::EndPhase, attack(&["N-2Inf"], "0403")]);
    assert!(log_has(&mut s, "B-Corps joins south: attacked by north (ToO 28.4)"));
    assert!(log_has(&mut s, "combat at 0403: 4 vs 4"));
    assert_eq!((side_of(&mut s, "B-Corps"), location(&mut s, "B-Corps")), ("south".into(), "eliminated".into()));
    assert_eq!(track(&s, "south_vp"), 20, "no VP for the Bolsheviks");
    assert!(log_has(&mut s, "B-Corps comes back in south's next Mobilization phase (28.4)"));
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(s.state(None).phase, "second_mobilization");
    let Some(Prompt::PlaceUnit { side, options, .. }) = prompt(&s) else { panic!("its return: {:?}", prompt(&s)) };
    assert_eq!((side.as_str(), options), ("south", vec![("B-Corps".to_string(), vec!["0403".to_string()])]));
    play(&mut s, &[Command::Place { unit: "B-Corps".into(), at: "0403".into() }, Command::EndPhase]);
    assert_eq!((side_of(&mut s, "B-Corps"), location(&mut s, "B-Corps")), ("south".into(), "0403".into()));
    // Never out of Russia (0504 is elsewhere); within it, it moves.
    assert!(s.apply(mv("B-Corps", "0504")).is_err());
    assert!(!s.legal_commands().contains(&mv("B-Corps", "0504")));
    play(&mut s, &[mv("B-Corps", "0304")]);
    assert_eq!(location(&mut s, "B-Corps"), "0304");
}

/// T26 (28.4): the Bolshevik corps never attacks together with other units. Here the Bolshevik
/// Alliance (6.3) passes the corps to the North, whose infantry stand for Turkish units.
#[test]
fn rule_too_28_4_t26_the_bolshevik_corps_never_attacks_with_turkish_units() {
    let alliance = r#", scripted: [(turn: "1", phase: "first_movement", rule: Some("6.3"),
        effects: [ChangeSides(unit_types: ["b_corps"])])]"#;
    let mut s = bolshevik_game(alliance, &[6]);
    assert_eq!(side_of(&mut s, "B-Corps"), "north");
    // N-3Inf at 0504 and the corps at 0403 both touch Kell: not in one attack, each alone yes.
    play(&mut s, &[mv("N-3Inf", "0504"), Command::EndPhase]);
    let e = s.apply(attack(&["B-Corps", "N-3Inf"], "0404")).expect_err("never together");
    assert_eq!(e, "`B-Corps` attacks only by itself");
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::Attack { attackers, .. } if attackers.len() > 1 && attackers.iter().any(|a| a.as_str() == "B-Corps"))));
    assert!(s.legal_commands().contains(&attack(&["B-Corps"], "0404")));
}

/// T26 (28.4): the Bolshevik corps may not stack with Turkish units (`StacksAlone`): no friendly
/// unit moves into its hex, and it moves into none that holds a unit; both are left out of the
/// legal list too. (Retreats, pursuit, advances, landings and placements use the same check;
/// `sim` asserts after every command that the corps stands alone.)
#[test]
fn rule_too_28_4_t26_the_bolshevik_corps_never_stacks_with_turkish_units() {
    let alliance = r#", scripted: [(turn: "1", phase: "first_movement", rule: Some("6.3"),
        effects: [ChangeSides(unit_types: ["b_corps"])])]"#;
    let mut s = bolshevik_game(alliance, &[6]);
    assert_eq!(side_of(&mut s, "B-Corps"), "north");
    // N-2Inf (0402) next to the corps (0403): not into its hex.
    let e = s.apply(mv("N-2Inf", "0403")).expect_err("stacked with the Bolsheviks");
    assert!(e.contains("0403"), "{e}");
    assert!(!s.legal_commands().contains(&mv("N-2Inf", "0403")));
    // Nor the corps into the infantry's hex; into an empty one it goes.
    assert!(s.apply(mv("B-Corps", "0402")).is_err(), "the corps stacked with the North");
    assert!(!s.legal_commands().contains(&mv("B-Corps", "0402")));
    assert!(s.legal_commands().contains(&mv("B-Corps", "0304")));
    // Once it has left, its old hex is open to the North's units again.
    play(&mut s, &[mv("B-Corps", "0304"), mv("N-2Inf", "0403")]);
    assert_eq!(location(&mut s, "N-2Inf"), "0403");
}

// ------------------------------------------------------------------------------------------
// T27
// ------------------------------------------------------------------------------------------

/// The shipped map around a small scenario (the map tests' own), with the Ottoman division at
/// `at`, the Hejaz Railway the Ottomans' net, and rail movement (9.8).
fn hejaz_game(at: &str) -> Session {
    let rail = [
        "3116", "3117", "3118", "3119", "3120", "3221", "3222", "3223", "3224", "3324", "3325", "3426", "3427", "3428", "3429", "3529",
        "3630", "3730", "3831", "3930", "4031", "4131",
    ];
    let net: Vec<String> = rail.iter().map(|h| format!("\"{h}\"")).collect();
    let mut text = super::twilight_map::scenario_around_map();
    for (a, b) in [
        (r#"(id: "TU-9", unit_type: "tu_inf", at: "3604"),"#.to_string(), format!(r#"(id: "TU-9", unit_type: "tu_inf", at: "{at}"),"#)),
        ("    initial_control: [],".to_string(), format!("    initial_control: [(side: \"ottoman\", hexes: [{}])],", net.join(", "))),
        ("\n    sides: [".to_string(), "\n    rules: (rail_movement: Some((cost_mp: 1, max_hexes: 25))),\n    sides: [".to_string()),
    ] {
        assert!(text.contains(&a), "{a}");
        text = text.replacen(&a, &b, 1);
    }
    crate::common::session_from_text_with(&text, 1, &[])
}

/// T27 (2.3, 9.8, errata on section 5): 5700, the Hejaz sheet's first hex, is the main grid's
/// 3429, straight south of 3428 on the Hejaz Railway. A move from 3428 into it costs what any
/// hex of the line costs (1 MP along the railway; desert off it costs 2), and a train runs on
/// through it.
#[test]
fn rule_too_2_3_t27_the_hejaz_link_costs_the_normal_terrain_and_trains_run_through_it() {
    let mut s = hejaz_game("3428");
    let board = &s.game().board;
    assert_eq!(board.space("5700"), board.space("3429"));
    play(&mut s, &[mv("TU-9", "5700")]);
    assert_eq!(location(&mut s, "TU-9"), "3429");
    assert!(log_has(&mut s, "TU-9 moves 3429 (1 MP)"));
    // The same step one hex north, on the main sheet, and a desert hex off the line.
    let mut north = hejaz_game("3427");
    play(&mut north, &[mv("TU-9", "3428")]);
    assert!(log_has(&mut north, "TU-9 moves 3428 (1 MP)"));
    let mut off = hejaz_game("3428");
    play(&mut off, &[mv("TU-9", "3528")]);
    assert!(log_has(&mut off, "TU-9 moves 3528 (2 MP)"));
    // By rail from 3428 to Medina (4131), across the link.
    let mut r = hejaz_game("3428");
    play(&mut r, &[Command::RailMove { unit: "TU-9".into(), to: "4131".into() }]);
    assert!(log_has(&mut r, "TU-9 moves by rail 3429-3529-3630-3730-3831-3930-4031-4131 (8 hexes, 1 MP)"));
    assert_eq!(location(&mut r, "TU-9"), "4131");
}

// ------------------------------------------------------------------------------------------
// T28
// ------------------------------------------------------------------------------------------

/// Kell Ford with sea zones (as the sea move tests): West Bay (0101-0103, Hollin 0202, a port)
/// and the East Sea (column 08, port 0801), a North transport at 0101 and N-Art in Hollin; the
/// passage between them is watched from 0605 (standing for the canal bank), where a South camel
/// unit stands if `camel` says so (else at 0106).
fn suez_game(camel: bool) -> Session {
    let rules = r#"rules: (reveal_when_enemy_ends_adjacent: true, sea_moves: Some((transports: ["n_ship"], capacity: 2,
            zones: [(contingents: ["north"], zones: ["west", "east"])], rule: Some("20"),
            passages: [(from: ["west"], to: ["east"], watched: ["0605"], hampered: PortToPortAllMp, rule: Some("20.8"))]))),"#;
    let camel_at = if camel { "0605" } else { "0106" };
    let pairs = [
        (KELL_RULES, rules.to_string()),
        (
            r#"(hex: "0202", name: Some("Hollin")),"#,
            r#"(hex: "0202", name: Some("Hollin"), tags: ["port"]), (hex: "0801", tags: ["port"]),"#.to_string(),
        ),
        (
            "        vp_tracks:",
            r#"        sea_zones: [
            (id: "west", name: "West Bay", coast: ["0101", "0102", "0103", "0202"]),
            (id: "east", name: "East Sea", coast: ["0801", "0802", "0803", "0804", "0805", "0806"]),
        ],
        vp_tracks:"#
                .to_string(),
        ),
        with_types(
            r#"(id: "n_ship", name: "Transport", contingent: "north", symbol: Infantry, size: "II",
         strength: Steps([(attack: 0, defense: 1, movement: 0)]), flags: [NoZoc, CannotAttack, Static]),
        (id: "s_camel", name: "Camel Corps", contingent: "south", symbol: Recon,
         strength: Steps([(attack: 1, defense: 1, movement: 6)])),"#,
        ),
        with_mix(r#"(unit_type: "n_ship", count: 1), (unit_type: "s_camel", count: 1),"#),
        (N_INF3, format!(r#"{N_INF3} (id: "N-Ship", unit_type: "n_ship", at: "0101"),"#)),
        (S_MIL, format!(r#"{S_MIL} (id: "S-Camel", unit_type: "s_camel", at: "{camel_at}"),"#)),
    ];
    kell_with(&refs(&pairs), &[])
}

fn sail(units: &[&str], to: &str) -> Command {
    Command::SeaMove { transport: "N-Ship".into(), units: units.iter().map(|u| (*u).into()).collect(), to: to.into() }
}

fn mp_used(s: &mut Session, unit: &str) -> (u32, bool) {
    let v = sandtable::model::units_now::UnitsNow::of_world(&mut s.world);
    let u = v.get(unit).expect("unit");
    (u.activity.mp_used, u.activity.finished)
}

/// T28 (20.8, A36): with an enemy camel unit by the canal, a voyage from the Mediterranean
/// (West Bay) to the Red Sea (East Sea) must be port to port and costs the whole allowance;
/// with nobody there, port to port costs 1 MP. The shipped scenario watches every hex that
/// touches a Suez Canal hexside.
#[test]
fn rule_too_20_8_t28_an_enemy_unit_by_the_canal_makes_the_passage_port_to_port_at_all_ma() {
    let mut s = suez_game(true);
    let e = s.apply(sail(&["N-Art"], "0803")).expect_err("not port to port");
    assert_eq!(e, "enemy units by the passage from West Bay to East Sea allow only port to port voyages (20.8)");
    play(&mut s, &[sail(&["N-Art"], "0801")]);
    assert!(log_has(&mut s, "N-Art sail from 0202 to 0801 on N-Ship (West Bay to East Sea; all their MP) (20)"));
    assert_eq!(mp_used(&mut s, "N-Art"), (4, true));
    let mut t = suez_game(false);
    play(&mut t, &[sail(&["N-Art"], "0801")]);
    assert!(log_has(&mut t, "N-Art sail from 0202 to 0801 on N-Ship (West Bay to East Sea; port to port, 1 MP) (20)"));
    assert_eq!(mp_used(&mut t, "N-Art"), (1, false));
    // The shipped scenario: the Suez passage is watched from the hexes along the canal.
    let loaded = crate::common::load(TOO);
    let sandtable::scenario::schema::Map::Hex(m) = &loaded.scenario.map else { panic!("a hex map") };
    let passage = &loaded.scenario.rules.sea_moves.as_ref().expect("sea moves").passages[0];
    assert_eq!(passage.from, ["mediterranean"]);
    assert_eq!(passage.to, ["red_sea", "persian_gulf"]);
    let board = &loaded.board;
    for hex in &passage.watched {
        let at = board.space(hex).expect("a hex");
        let canal = board.edges[at.index()].iter().any(|e| e.hexside.is_some_and(|f| m.hexside_types[f].id == "canal"));
        assert!(canal, "{hex} touches the canal");
    }
}
