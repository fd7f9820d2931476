//! The calendar (engine gap G3; ToO 24.0): seasons, the date of every turn, the terrain costs
//! of a season, and the conditions that read the date.

use super::schema::{Map, Scenario};
use super::validate::{Ctx, ids};

/// Seasons have distinct ids; a calendar gives every turn a date in a known season with years
/// that never go back; a season cost names a known season and a class the chart knows.
pub(super) fn check_calendar(ctx: &mut Ctx, s: &Scenario) {
    let t = &s.turns;
    let seasons = ids(ctx, &t.seasons, "turns.seasons", |x| &x.id);
    if !t.calendar.is_empty() && t.calendar.len() != t.labels.len() {
        ctx.err("turns.calendar", format!("{} dates for {} turns: give one date per turn label", t.calendar.len(), t.labels.len()));
    }
    let mut year = 0;
    for (i, d) in t.calendar.iter().enumerate() {
        if !seasons.contains(d.season.as_str()) {
            ctx.err(format!("turns.calendar[{i}].season"), format!("unknown season `{}`", d.season));
        }
        if d.year < year {
            ctx.err(format!("turns.calendar[{i}].year"), format!("{} comes after {year}: the calendar never goes back", d.year));
        }
        year = d.year;
    }
    let Map::Hex(m) = &s.map else { return };
    let classes: Vec<&str> = s.unit_types.iter().map(|u| u.movement_class.as_str()).collect();
    for (i, terrain) in m.terrain.iter().enumerate() {
        for (k, c) in terrain.season_costs.iter().enumerate() {
            let p = format!("map.terrain[{i}].season_costs[{k}]");
            if !seasons.contains(c.season.as_str()) {
                ctx.err(format!("{p}.season"), format!("unknown season `{}`", c.season));
            }
            if let Some(class) = &c.class
                && !classes.contains(&class.as_str())
            {
                ctx.err(format!("{p}.class"), format!("no unit type has the movement class `{class}`"));
            }
        }
    }
}

/// A condition on the date needs a calendar, and a season condition a known season.
pub(super) fn check_date_condition(ctx: &mut Ctx, s: &Scenario, path: &str, c: &super::schema::Condition) {
    use super::schema::Condition;
    match c {
        Condition::Season(id) if !s.turns.seasons.iter().any(|x| &x.id == id) => ctx.err(path, format!("unknown season `{id}`")),
        Condition::Season(_) | Condition::YearAtLeast(_) | Condition::YearAtMost(_) if s.turns.calendar.is_empty() => {
            ctx.err(path, "a condition on the date needs `turns.calendar`");
        }
        _ => {}
    }
}
