//! The calendar (`turns.seasons`, `turns.calendar`; engine gap G3, ToO 24.0): every turn has a
//! year and a season, a season changes terrain costs, and conditions read the date.

use sandtable::model::view::UnitsView;
use sandtable::model::{Control, Tracks, TurnState};
use sandtable::rules::events::{Facts, condition_holds};
use sandtable::rules::movement::move_check;
use sandtable::scenario::schema::Condition;
use sandtable::session::{Command, Session};

use crate::common::{kell_with, play, root};

/// Kell Ford's four turns dated autumn 1914 to summer 1915.
pub(super) const CALENDAR: (&str, &str) = (
    r#"labels: ["1", "2", "3", "4"],"#,
    r#"labels: ["1", "2", "3", "4"],
        seasons: [(id: "winter", name: "Winter"), (id: "spring", name: "Spring"), (id: "summer", name: "Summer"), (id: "autumn", name: "Autumn")],
        calendar: [(year: 1914, season: "autumn"), (year: 1915, season: "winter"), (year: 1915, season: "spring"), (year: 1915, season: "summer")],"#,
);

/// ToO 24.2: rough ground (Kell Ford's hills, 2 MP) costs 3 MP in winter, 4 for mechanised units.
const WINTER_HILLS: (&str, &str) = (
    r##"(id: "hill", name: "Hill", symbol: "h", color: "#b59a6a", default_cost: Mp(2),"##,
    r##"(id: "hill", name: "Hill", symbol: "h", color: "#b59a6a", default_cost: Mp(2),
             season_costs: [(season: "winter", class: Some("mech"), cost: Mp(4)), (season: "winter", cost: Mp(3))],"##,
);

fn cost(s: &mut Session, unit: &str, to: &str) -> Result<u32, String> {
    let units = UnitsView::from_world(&mut s.world);
    move_check(s.game(), &units, s.world.resource::<Control>(), 0, unit, to).map(|d| d.cost)
}

/// Ends phases until the game turn `turn` (0-based) begins.
fn to_turn(s: &mut Session, turn: usize) {
    while s.world.resource::<TurnState>().turn < turn {
        play(s, &[Command::EndPhase]);
    }
}

#[test]
fn rule_too_24_2_a_season_changes_terrain_costs() {
    let mut s = kell_with(&[CALENDAR, WINTER_HILLS], &[]);
    // Autumn: the hills cost their usual 2 MP (0502 for the infantry, 0301 for the tank).
    assert_eq!(cost(&mut s, "N-3Inf", "0502"), Ok(2));
    assert_eq!(cost(&mut s, "N-1Tk", "0301"), Ok(2));
    to_turn(&mut s, 1);
    // Winter: 3 MP for every class, and the class the season names pays its own cost.
    assert_eq!(cost(&mut s, "N-3Inf", "0502"), Ok(3));
    assert_eq!(cost(&mut s, "N-1Tk", "0301"), Ok(4));
    // Clear terrain has no winter cost: it keeps 1 MP.
    assert_eq!(cost(&mut s, "N-3Inf", "0603"), Ok(1));
    to_turn(&mut s, 2);
    assert_eq!(cost(&mut s, "N-3Inf", "0502"), Ok(2), "spring: back to the usual cost");
}

#[test]
fn rule_too_24_1_conditions_read_the_turns_year_and_season() {
    let mut s = kell_with(&[CALENDAR], &[]);
    let holds = |s: &mut Session, c: &Condition| {
        let units = UnitsView::from_world(&mut s.world);
        let (game, turn, tracks, control) = (s.game(), s.world.resource::<TurnState>(), s.world.resource::<Tracks>(), s.world.resource::<Control>());
        condition_holds(Facts { game, turn, tracks, control, units: &units, timers: &[] }, c)
    };
    assert!(holds(&mut s, &Condition::Season("autumn".into())));
    assert!(!holds(&mut s, &Condition::Season("winter".into())));
    assert!(holds(&mut s, &Condition::YearAtMost(1914)) && !holds(&mut s, &Condition::YearAtLeast(1915)));
    to_turn(&mut s, 1);
    assert!(holds(&mut s, &Condition::Season("winter".into())));
    assert!(holds(&mut s, &Condition::YearAtLeast(1915)) && !holds(&mut s, &Condition::YearAtMost(1914)));
}

#[test]
fn bad_calendars_are_clear_errors() {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let with = |a: &str, b: &str| {
        let t = text.replacen(CALENDAR.0, &CALENDAR.1.replacen(a, b, 1), 1);
        assert_ne!(t, text);
        sandtable::games::load_str(&t, "dates.ron", &root()).expect_err("a bad calendar").to_string()
    };
    let e = with(r#", (year: 1915, season: "summer")]"#, "]");
    assert!(e.contains("dates.ron: error: turns.calendar: 3 dates for 4 turns"), "{e}");
    let e = with(r#"(year: 1915, season: "spring")"#, r#"(year: 1915, season: "monsoon")"#);
    assert!(e.contains("turns.calendar[2].season: unknown season `monsoon`"), "{e}");
    let e = with(r#"(year: 1915, season: "summer")"#, r#"(year: 1913, season: "summer")"#);
    assert!(e.contains("turns.calendar[3].year: 1913 comes after 1915"), "{e}");
    let t = text.replacen(CALENDAR.0, CALENDAR.1, 1).replacen(WINTER_HILLS.0, &WINTER_HILLS.1.replacen("class: Some(\"mech\")", "class: Some(\"hover\")", 1), 1);
    let e = sandtable::games::load_str(&t, "dates.ron", &root()).expect_err("an unknown class").to_string();
    assert!(e.contains("map.terrain[1].season_costs[0].class: no unit type has the movement class `hover`"), "{e}");
}
