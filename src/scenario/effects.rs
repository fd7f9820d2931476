//! Walks over every effect a scenario holds, at any depth (event tables, chits, declarations,
//! timers, scripted phases, the end of the game).

use super::schema::{EventEffect, Scenario};

/// Whether any effect the scenario holds, at any depth, is one `pred` picks.
#[must_use]
pub fn any_effect(s: &Scenario, pred: &dyn Fn(&EventEffect) -> bool) -> bool {
    fn walk(list: &[EventEffect], pred: &dyn Fn(&EventEffect) -> bool) -> bool {
        list.iter().any(|e| {
            pred(e)
                || match e {
                    EventEffect::If { then, .. } => walk(then, pred),
                    EventEffect::Roll { entries, .. } => entries.iter().any(|x| walk(&x.effects, pred)),
                    EventEffect::AttackQuota { penalty, .. } => walk(penalty, pred),
                    EventEffect::Obligation(o) => walk(&o.opt_out, pred),
                    EventEffect::Withdraw(w) => walk(&w.done, pred) || walk(&w.short, pred),
                    EventEffect::ChooseOne { options } => options.iter().any(|o| walk(&o.effects, pred)),
                    _ => false,
                }
        })
    }
    s.pools.iter().flat_map(|p| &p.chits).any(|c| walk(&c.effects, pred))
        || s.tables.events.iter().flat_map(|t| &t.entries).any(|x| walk(&x.effects, pred))
        || s.rules.declarations.iter().any(|d| walk(&d.effects, pred) || d.response.as_ref().is_some_and(|r| walk(&r.effects, pred)))
        || s.rules.timers.iter().any(|t| walk(&t.on_fall, pred) || walk(&t.on_relief, pred))
        || s.rules.scripted.iter().any(|sp| walk(&sp.effects, pred))
        || walk(&s.victory.before_final, pred)
}
