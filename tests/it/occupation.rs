//! Occupation income (`rules.occupation_income`; engine gap G21, ToO 5.2, 5.3): in every
//! Scoring phase a side adds the VP of every space its units occupy; a space held only by units
//! of the `not_alone` types scores nothing.

use sandtable::model::{Tracks, TurnState};
use sandtable::session::{Command, Session};

use crate::common::{kell_rules, log_has, play};

const RULES: &str = r#"(occupation_income: [(side: "north", track: "north_vp", not_alone: ["n_art"])])"#;

/// Kell Ford with a Victory Point phase closing each turn, no VP for taking hexes, N-2Inf in
/// Kell (3 VP) and the North's artillery in Marrow (2 VP), with `company` beside it if given.
fn session(company: Option<&str>) -> Session {
    let marrow = match company {
        Some(u) => format!(r#"(id: "{u}", unit_type: "n_inf", at: "0506")"#),
        None => r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602")"#.to_string(),
    };
    kell_rules(
        RULES,
        &[
            (r#"vp_tracks: [(side: "north", track: "north_vp")],"#, ""),
            (
                r#"(id: "second_combat", name: "Second Player Combat", kind: Combat, actor: Second),"#,
                r#"(id: "second_combat", name: "Second Player Combat", kind: Combat, actor: Second),
            (id: "vp", name: "Victory Point Phase", kind: Scoring, actor: Nobody),"#,
            ),
            (r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404")"#, r#"(id: "S-1Inf", unit_type: "s_inf", at: "0405")"#),
            (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402")"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0404")"#),
            (r#"(id: "N-Art", unit_type: "n_art", at: "0202")"#, r#"(id: "N-Art", unit_type: "n_art", at: "0506")"#),
            (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602")"#, marrow.as_str()),
        ],
        &[],
    )
}

/// Ends the phases of game turn 1: its Victory Point phase follows by itself.
fn end_turn_1(s: &mut Session) {
    while s.world.resource::<TurnState>().turn == 0 && !s.is_over() {
        play(s, &[Command::EndPhase]);
    }
}

fn north_vp(s: &Session) -> i32 {
    s.world.resource::<Tracks>().0[s.game().track_index("north_vp").expect("the track")]
}

#[test]
fn rule_too_5_2_each_occupied_objective_scores_every_turn() {
    let mut s = session(None);
    assert_eq!(north_vp(&s), 0);
    end_turn_1(&mut s);
    // 5.3: the artillery alone in Marrow scores nothing; the infantry in Kell scores 3.
    assert_eq!(north_vp(&s), 3);
    assert!(log_has(&mut s, "North VP 0 -> 3 (occupation: Kell 3)"));
}

#[test]
fn rule_too_5_3_a_unit_that_scores_nothing_alone_scores_with_company() {
    let mut s = session(Some("N-3Inf"));
    end_turn_1(&mut s);
    assert_eq!(north_vp(&s), 5, "Kell 3 and Marrow 2 (and Kell Ford's sudden death at 5 ends the game)");
    assert!(s.is_over());
    assert!(log_has(&mut s, "(occupation: Kell 3, Marrow 2)"));
}
