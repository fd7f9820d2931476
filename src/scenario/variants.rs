//! Options that change the set-up (scenario variants, DI 27.13-27.15): applied to a copy of the
//! scenario when a game begins, so that every rule reads the variant's units, groups and tracks.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::schema::Scenario;

/// The scenario as played with these options on (the same one if none changes the set-up).
#[must_use]
pub fn with_options(s: &Arc<Scenario>, options: &BTreeSet<String>) -> Arc<Scenario> {
    let flags_on = s.options.iter().any(|o| !(o.flags.is_empty() && o.flags_from_year.is_empty()) && options.contains(&o.id));
    if !flags_on && !s.setup.by_option.iter().any(|o| options.contains(&o.option)) {
        return s.clone();
    }
    let mut out = (**s).clone();
    // Flags the options on give unit types (ToO 31.1).
    for o in s.options.iter().filter(|o| options.contains(&o.id)) {
        for (t, f) in &o.flags {
            if let Some(ty) = out.unit_types.iter_mut().find(|x| &x.id == t)
                && !ty.flags.contains(f)
            {
                ty.flags.push(*f);
            }
        }
        for (t, f, year) in &o.flags_from_year {
            if let Some(ty) = out.unit_types.iter_mut().find(|x| &x.id == t) {
                ty.flags_from_year.push((*f, *year));
            }
        }
    }
    // A scenario of its own on the same game (ToO 36): its set-up instead of the base one.
    if s.setup.by_option.iter().any(|o| o.replace_setup && options.contains(&o.option)) {
        out.setup.units.clear();
        out.setup.groups.clear();
    }
    for os in s.setup.by_option.iter().filter(|o| options.contains(&o.option)) {
        if let crate::scenario::schema::Map::Hex(m) = &mut out.map {
            m.initial_control.extend(os.initial_control.iter().cloned());
        }
        if let Some(ev) = &mut out.rules.events {
            ev.happened.extend(os.happened.iter().cloned());
        }
        for (track, start) in &os.tracks {
            if let Some(t) = out.tracks.iter_mut().find(|t| &t.id == track) {
                t.start = *start;
            }
        }
        out.setup.units.extend(os.units.iter().cloned());
        out.setup.groups.extend(os.groups.iter().cloned());
        for (group, fewer) in &os.remove {
            if let Some(g) = out.setup.groups.iter_mut().find(|g| &g.id == group) {
                g.count = g.count.saturating_sub(*fewer);
                g.default.truncate(g.count as usize);
            }
        }
    }
    out.setup.groups.retain(|g| g.count > 0);
    // The game ends earlier, or begins later: the turns outside (and their dates) go.
    for os in s.setup.by_option.iter().filter(|o| options.contains(&o.option)) {
        if let Some(at) = os.last_turn.as_ref().and_then(|l| out.turns.labels.iter().position(|x| x == l)) {
            out.turns.labels.truncate(at + 1);
            out.turns.calendar.truncate(at + 1);
        }
        if let Some(at) = os.first_turn.as_ref().and_then(|l| out.turns.labels.iter().position(|x| x == l)) {
            out.turns.labels.drain(..at);
            let n = at.min(out.turns.calendar.len());
            out.turns.calendar.drain(..n);
        }
    }
    Arc::new(out)
}
