//! Declared attacks (`rules.attack_declarations`; ToO 31.4, the infiltration attack): which
//! declaration an attack may carry, and what a declared attack changes in its combat. The
//! defending fortress falls on a retreat result (`losses`), some attackers pursue farther
//! (`pursuit_distances`), and some attackers are eliminated first (`loss_answers`).

use super::events::{Facts, condition_holds};
use crate::model::command::{Command, Name};
use crate::model::view::UnitsView;
use crate::model::Game;

/// Checks an attack's `declare`: the declaration exists, is the attacking side's, its
/// conditions hold now and an attacker is of a type it needs. Its index, or why not.
pub fn declaration(facts: Facts, side: usize, attackers: &[String], declare: Option<&str>) -> Result<Option<usize>, String> {
    let Some(id) = declare else { return Ok(None) };
    let game = facts.game;
    let Some(i) = game.scenario.rules.attack_declarations.iter().position(|d| d.id == id) else {
        return Err(format!("no attack may be declared `{id}` in this game"));
    };
    let d = &game.scenario.rules.attack_declarations[i];
    let rule = d.rule_suffix();
    if game.side_index(&d.side) != Some(side) {
        let who = game.scenario.sides.iter().find(|x| x.id == d.side).map_or(d.side.as_str(), |x| x.name.as_str());
        return Err(format!("only {who} may declare {}{rule}", d.name));
    }
    if let Some(k) = d.when.iter().position(|c| !condition_holds(facts, c)) {
        return Err(format!("{} may not be declared now{rule}: `{:?}` does not hold", d.name, d.when[k]));
    }
    let needed = attackers.iter().filter_map(|id| facts.units.get(id)).any(|u| d.needs.contains(&game.scenario.unit_types[u.type_index].id));
    if !needed {
        return Err(format!("{} needs an attacker of type {}{rule}", d.name, d.needs.join(" or ")));
    }
    Ok(Some(i))
}

/// The declaration an attack carries: a pursuit combat (`pursuit` is Some) carries its
/// attack's and names none of its own (ToO 31.4 [I]: it continues that attack, as it keeps its
/// supports and supply, 14.6); any other attack what it declares, checked.
pub fn checked(facts: Facts, side: usize, attackers: &[String], declare: Option<&str>, pursuit: Option<Option<&str>>) -> Result<Option<usize>, String> {
    match pursuit {
        Some(_) if declare.is_some() => Err("a pursuit combat carries the declaration of the attack it follows, and makes none of its own".to_string()),
        Some(carried) => Ok(carried.and_then(|id| facts.game.scenario.rules.attack_declarations.iter().position(|d| d.id == id))),
        None => declaration(facts, side, attackers, declare),
    }
}

/// Adds, after `out[from..]`'s attacks, each of them again with each declaration it may carry
/// (the legal list; an undeclared attack stays listed).
pub fn add_declared(facts: Facts, side: usize, out: &mut Vec<Command>, from: usize) {
    let all = &facts.game.scenario.rules.attack_declarations;
    if all.is_empty() {
        return;
    }
    let mut more = Vec::new();
    for c in &out[from..] {
        let Command::Attack { attackers, declare: None, .. } = c else { continue };
        let ids = crate::model::command::strings(attackers);
        for d in all {
            if declaration(facts, side, &ids, Some(&d.id)).is_ok() {
                let mut with = c.clone();
                if let Command::Attack { declare, .. } = &mut with {
                    *declare = Some(Name::new(&d.id));
                }
                more.push(with);
            }
        }
    }
    out.extend(more);
}

/// What a declaration does, for a player choosing it: "NAME (RULE): effect; effect".
#[must_use]
pub fn effects_text(game: &Game, d: &crate::scenario::schema::AttackDeclaration) -> String {
    let names = |ids: &[String]| -> String {
        let named: Vec<&str> = ids.iter().map(|t| game.scenario.unit_types.iter().find(|x| &x.id == t).map_or(t.as_str(), |x| x.name.as_str())).collect();
        named.join(", ")
    };
    let mut parts = Vec::new();
    if d.fortress_falls {
        parts.push("a defending fortress shelters nobody and falls to any retreat result".to_string());
    }
    if !d.pursuers.is_empty() {
        parts.push(format!("{} pursue {} hexes", names(&d.pursuers), d.pursuit_hexes));
    }
    if !d.losses_first.is_empty() {
        parts.push(format!("{} are the first attackers lost", names(&d.losses_first)));
    }
    let rule = d.rule_suffix();
    format!("{}{rule}: {}", d.name, parts.join("; "))
}

/// ToO 31.4(b): the attackers of a declared attack that pursue farther than their own
/// distance, each with the hexes it may pursue.
#[must_use]
pub fn pursuit_distances(game: &Game, declared: Option<usize>, units: &UnitsView, attackers: &[String]) -> Vec<(String, u32)> {
    let Some(d) = declared.and_then(|i| game.scenario.rules.attack_declarations.get(i)) else { return Vec::new() };
    attackers
        .iter()
        .filter_map(|id| units.get(id))
        .filter(|u| d.pursuers.contains(&game.scenario.unit_types[u.type_index].id))
        .filter(|u| super::pursuit::pursuit_distance(game, u) < d.pursuit_hexes)
        .map(|u| (String::from(&*u.id), d.pursuit_hexes))
        .collect()
}

/// ToO 31.4(a): a declared attack whose retreat results eliminate the defending fortress.
#[must_use]
pub fn fortress_falls(game: &Game, declared: Option<usize>) -> Option<&crate::scenario::schema::AttackDeclaration> {
    declared.and_then(|i| game.scenario.rules.attack_declarations.get(i)).filter(|d| d.fortress_falls)
}

/// ToO 31.4(c): the unit types among the attacker's units that are eliminated first.
#[must_use]
pub fn losses_first(game: &Game, declared: Option<usize>) -> Vec<String> {
    declared.and_then(|i| game.scenario.rules.attack_declarations.get(i)).map(|d| d.losses_first.clone()).unwrap_or_default()
}
