//! Commands and prompts: rejection changes nothing, the legal list is accepted, prompts answer.

use sandtable::session::Command;
use sandtable::model::log::GameLog;
use sandtable::model::prompt::Prompt;

use crate::common::{attack, kell, mv, play, session};

/// Every kind of illegal command is rejected with a reason, and the state hash, the log and the
/// command list stay exactly as they were.
#[test]
fn rejected_commands_change_nothing() {
    let mut s = kell(&[]);
    play(&mut s, &[mv("N-2Inf", "0403")]);
    let before = s.state_hash();
    let log_len = s.world.resource::<GameLog>().0.len();
    let bad = [
        (mv("N-2Inf", "0402"), "finished moving"),
        (mv("N-1Tk", "0808"), "unknown space"),
        (mv("N-1Tk", "0806"), "not reachable"),
        (mv("S-1Inf", "0405"), "not a unit of north"),
        (mv("N-Ghost", "0303"), "unknown unit"),
        (attack(&["N-1Tk"], "0404"), "not allowed in the First Player Movement"),
        (Command::TakeLosses { units: vec!["N-1Tk".into()], retreat: vec![], break_down: Vec::new() }, "no losses are waiting"),
        (Command::Enter { unit: "S-3Tk".into(), at: "0506".into() }, "not allowed"),
    ];
    for (cmd, why) in bad {
        let e = s.apply(cmd.clone()).expect_err("must be rejected");
        assert!(e.contains(why), "`{}`: {e}", cmd.describe());
        assert_eq!(s.state_hash(), before, "`{}` changed the state", cmd.describe());
        assert_eq!(s.world.resource::<GameLog>().0.len(), log_len);
        assert_eq!(s.played.len(), 1);
    }
}

#[test]
fn prohibited_attack_is_rejected_in_combat() {
    let mut s = kell(&[]);
    // N-3Inf to 0603, next to S-2Inf (0604) across the river. Then end movement.
    play(&mut s, &[mv("N-3Inf", "0603"), Command::EndPhase]);
    let before = s.state_hash();
    // The artillery may never attack; 0:1 odds would be prohibited anyway.
    let e = s.apply(attack(&["N-Art"], "0604")).expect_err("rejected");
    assert!(e.contains("not adjacent") || e.contains("may not attack"), "{e}");
    assert_eq!(s.state_hash(), before);
}

#[test]
fn losses_prompt_names_the_side_and_is_answered_by_a_command() {
    // North attacks at 1:1 (see the opening script); South then attacks the tank at 1:2 with two
    // units and rolls 5 (1/1): the South must choose which attacker loses the step.
    let mut s = kell(&[6, 5]);
    play(
        &mut s,
        &[
            mv("N-2Inf", "0403"),
            mv("N-1Tk", "0304"),
            Command::EndPhase,
            attack(&["N-1Tk", "N-2Inf"], "0404"),
            Command::EndPhase,
            Command::EndPhase,
            attack(&["S-1Inf", "S-Mil"], "0304"),
        ],
    );
    let st = s.state(None);
    let Some(Prompt::TakeLosses { side, steps, units, .. }) = st.prompt else { panic!("a prompt: {:?}", st.prompt) };
    assert_eq!((side.as_str(), steps), ("south", 1));
    assert_eq!(units, vec!["S-1Inf".to_string(), "S-Mil".to_string()]);
    // Only the prompt's answer is legal now, and End Phase is refused.
    let legal = s.legal_commands();
    assert!(legal.iter().all(|c| matches!(c, Command::TakeLosses { .. })), "{legal:?}");
    assert!(s.apply(Command::EndPhase).expect_err("must answer first").contains("must first answer"));
    let e = s.apply(Command::TakeLosses { units: vec!["N-1Tk".into()], retreat: vec![], break_down: Vec::new() }).expect_err("not a participant");
    assert!(e.contains("did not take part"), "{e}");
    play(&mut s, &[Command::TakeLosses { units: vec!["S-Mil".into()], retreat: vec![], break_down: Vec::new() }]);
    let st = s.state(None);
    assert!(st.prompt.is_none());
    let u = |id: &str| st.units.iter().find(|u| u.id == id).cloned().expect("unit");
    assert_eq!(u("S-Mil").location, "eliminated");
    assert_eq!(u("S-1Inf").level, 1, "S-1Inf keeps its step (it lost one to the North earlier)");
    assert_eq!(u("N-1Tk").level, 1, "the tank loses its defender step automatically");
}

/// Every command the legal list offers is accepted, through whole games.
#[test]
fn legal_commands_are_always_accepted() {
    for seed in 0..5 {
        let mut s = kell(&[]);
        let mut bot = sandtable::bots::random::RandomPlayer::new(seed);
        let mut n = 0;
        while !s.is_over() {
            let legal = s.legal_commands();
            assert!(!legal.is_empty(), "no legal command while the game is on");
            let c = bot.choose(&mut s).expect("a command");
            s.apply(c.clone()).unwrap_or_else(|e| panic!("seed {seed}: legal `{}` rejected: {e}", c.describe()));
            crate::common::assert_invariants(&mut s);
            n += 1;
            assert!(n < 5_000, "game does not end");
        }
        assert!(s.state(None).result.is_some());
    }
}

/// Setup groups: placement commands checked against the groups, then the game begins.
#[test]
fn setup_groups_are_placed_by_commands() {
    let mut s = session("tests/fixtures/three_provinces.ron", 1, &[]);
    assert_eq!(s.state(None).phase, "setup");
    assert_eq!(s.state(None).active_side.as_deref(), Some("red"));
    let e = s.apply(Command::EndPhase).expect_err("red must place first");
    assert!(e.contains("not placed yet"), "{e}");
    let e = s.apply(Command::Place { unit: "guards#1".into(), at: "plains".into() }).expect_err("wrong space");
    assert!(e.contains("may not be placed in plains"), "{e}");
    play(&mut s, &[Command::Place { unit: "guards#1".into(), at: "capital/infra1".into() }, Command::EndPhase]);
    assert_eq!(s.state(None).active_side.as_deref(), Some("blue"));
    play(&mut s, &[Command::Place { unit: "cells#1".into(), at: "plains".into() }]);
    let e = s.apply(Command::Place { unit: "cells#2".into(), at: "plains".into() }).expect_err("max 1 per space");
    assert!(e.contains("already holds 1"), "{e}");
    play(&mut s, &[Command::Place { unit: "cells#2".into(), at: "frontier".into() }, Command::EndPhase]);
    let st = s.state(None);
    assert_eq!((st.turn.as_str(), st.phase.as_str()), ("1", "red_move"));
}

/// The default placement is offered while each of its placements, made in turn on what stands
/// already, would be legal by hand; one the side's own placements block refuses it with the
/// reason, and the units placed by hand stay where they are.
#[test]
fn setup_default_placement_is_offered_only_while_each_of_its_placements_is_legal() {
    let tiny = std::fs::read_to_string(crate::common::root().join("tests/fixtures/three_provinces.ron")).expect("fixture");
    let with_default = r#"max_per_space: Some(1), default: ["plains", "frontier"])"#;
    let text = tiny.replacen("max_per_space: Some(1))", with_default, 1);
    let mut s = crate::common::session_from_text(&text);
    // Red's guards have no default placement.
    assert!(!s.legal_commands().contains(&Command::DefaultSetup));
    let e = s.apply(Command::DefaultSetup).expect_err("no default for the guards");
    assert!(e.contains("group `guards` has no default placement"), "{e}");
    play(&mut s, &[Command::Place { unit: "guards#1".into(), at: "capital/infra1".into() }, Command::EndPhase]);
    // Blue: cells#1 by hand where the default puts cells#2, at most one cell a province.
    assert!(s.legal_commands().contains(&Command::DefaultSetup));
    play(&mut s, &[Command::Place { unit: "cells#1".into(), at: "frontier".into() }]);
    assert!(!s.legal_commands().contains(&Command::DefaultSetup));
    let e = s.apply(Command::DefaultSetup).expect_err("the frontier is taken");
    assert_eq!(e, "the default placement fails: frontier already holds 1 units of group `cells`");
    // Placed where the default leaves room, the rest of the plan goes through.
    let mut s = crate::common::session_from_text(&text);
    play(&mut s, &[Command::Place { unit: "guards#1".into(), at: "capital/infra1".into() }, Command::EndPhase]);
    play(&mut s, &[Command::Place { unit: "cells#1".into(), at: "plains".into() }]);
    assert!(s.legal_commands().contains(&Command::DefaultSetup));
    play(&mut s, &[Command::DefaultSetup]);
    let st = s.state(None);
    let at = |id: &str| st.units.iter().find(|u| u.id == id).map(|u| u.location.clone());
    assert_eq!((at("cells#1").as_deref(), at("cells#2").as_deref()), (Some("plains"), Some("frontier")));
}

/// Random legal games with every generic rule variant switched on (retreats, support, advance,
/// overrun, supply with every effect, ZOC-to-ZOC forbidden): every listed command is accepted
/// and the invariants hold after each one.
#[test]
fn random_games_with_every_rule_variant_keep_the_invariants() {
    let rules = "(zoc: (zoc_to_zoc: Forbidden, min_attack: 1), \
        losses: (max_retreat_hexes: 2, attacker_retreat_cancels_defender: true, tank_support_steps: 1, advance_after_combat: true), \
        overrun: Some(()), \
        supply: Some((sources: [(side: \"north\", spaces: [\"0201\"]), (side: \"south\", spaces: [\"0506\"])], network: [Road], trace_mp: 3, \
        effects: [HalveMovement, HalveAttack, LoseStep, MayNotEndMoveUnsupplied(sides: [\"south\"])])))";
    let supply_phase = (
        "(id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),",
        "(id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),\n            (id: \"first_supply\", name: \"First Player Supply\", kind: Supply, actor: First),",
    );
    for seed in 0..12 {
        let mut s = crate::common::kell_rules(rules, &[supply_phase], &[]);
        crate::common::play_random_checked(&mut s, seed, 5_000);
    }
}
