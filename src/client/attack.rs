//! The combat dialog's model: once a target is chosen, the attacks the rules allow on it (the
//! player's own choice of attackers first), and for the chosen one its strengths, odds column,
//! shifts and the probability of every result, before anything is rolled.

use super::Client;
use crate::model::view::UnitsView;
use crate::model::{Control, TurnState};
use crate::rules::combat::plan_supported_attack;
use crate::rules::supports::{SupportState, check_supports};
use crate::rules::crt::{column_label, column_probabilities};
use crate::scenario::schema::{CombatEffect, Party, PhaseKind, Portion};
use crate::session::Command;

/// One attack the dialog offers.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackOption {
    pub label: String,
    pub command: Command,
}

/// The odds of the chosen attack.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    pub table: String,
    pub attack: u32,
    pub defense: u32,
    /// What multiplied the defence, said for the player ("×2: Rough"), if anything did.
    pub defense_multiplier: Option<String>,
    /// What multiplied the attack ("×2: concentric attack"), if anything did.
    pub attack_multiplier: Option<String>,
    /// The odds or differential before shifts, the net shift, and the column used.
    pub raw: String,
    pub shifts: i32,
    pub column: String,
    /// Each result with its name and its chance in percent, in table order.
    pub results: Vec<(String, f64)>,
    /// The defence counts only the units the attacker sees (ToO 10.8 stack fog): the stack
    /// may hold more.
    pub fogged: bool,
}

/// A combat support the attacker may add (a barrage, air support), and whether it is added.
#[derive(Clone, Debug, PartialEq)]
pub struct SupportChoice {
    pub id: String,
    pub name: String,
    pub on: bool,
}

/// Everything the combat dialog shows.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackPreview {
    pub target: String,
    pub target_name: String,
    pub options: Vec<AttackOption>,
    pub pick: usize,
    /// Supports that may join this attack (or are chosen).
    pub supports: Vec<SupportChoice>,
    /// Extra defender steps the chosen supports add (paid if the result was at least 1).
    pub extra_steps: u32,
    /// What the chosen attack's declaration does, if it carries one (ToO 31.4).
    pub declared: Option<String>,
    /// The attack the Attack button gives, or why none can be given.
    pub command: Result<Command, String>,
    pub plan: Result<Odds, String>,
}

fn option_label(game: &crate::model::Game, c: &Command) -> String {
    let Command::Attack { attackers, target, table, supports, declare } = c else { return c.describe() };
    let mut s = attackers.join(", ");
    if let Some(t) = table {
        let name = game.scenario.tables.crts.iter().find(|x| &x.id == t).map_or(t.to_string(), |x| x.name.clone());
        s.push_str(&format!(" on {name}"));
    }
    if game.board.space(target).is_some_and(|t| matches!(game.board.spaces[t.index()].kind, crate::scenario::board::SpaceKind::Slot { .. })) {
        s.push_str(" against the boxes");
    }
    if !supports.is_empty() {
        s.push_str(&format!(" with {}", supports.join(", ")));
    }
    // ToO 31.4: a declared attack says so, with its rule.
    if let Some(d) = declare.as_ref().and_then(|d| game.scenario.rules.attack_declarations.iter().find(|x| x.id == **d)) {
        let rule = d.rule.as_deref().map(|r| format!(", {r}")).unwrap_or_default();
        s.push_str(&format!(", declared: {}{rule}", d.name));
    }
    s
}

/// What a result does, in words, for results the table does not name.
pub fn effects_text(effects: &[CombatEffect]) -> String {
    let who = |p: &Party| if *p == Party::Attacker { "attacker" } else { "defender" };
    let parts: Vec<String> = effects
        .iter()
        .filter_map(|e| match e {
            CombatEffect::LossPoints { points: 0, .. } | CombatEffect::Steps { steps: 0, .. } | CombatEffect::Retreat { hexes: 0, .. } => None,
            CombatEffect::LossPoints { party, points } => Some(format!("{} pays {points} loss point{}", who(party), if *points == 1 { "" } else { "s" })),
            CombatEffect::Steps { party, steps } => Some(format!("{} loses {steps} step{}", who(party), if *steps == 1 { "" } else { "s" })),
            CombatEffect::Retreat { party, hexes } => Some(format!("{} retreats {hexes}", who(party))),
            CombatEffect::Exchange => Some("exchange".to_string()),
            CombatEffect::EliminatePercent { party, percent } => Some(format!("{percent}% of the {} eliminated", who(party))),
            CombatEffect::EliminateUnits { party, count } => Some(format!("{} loses {count} unit{}", who(party), if *count == 1 { "" } else { "s" })),
            CombatEffect::HalfStrength { party } => Some(format!("{} loses half its strength", who(party))),
            CombatEffect::Rout { party } => Some(format!("{} routed", who(party))),
            CombatEffect::Pursuit { party, combat: true } => Some(format!("{} may pursue and attack again", who(party))),
            CombatEffect::Pursuit { party, combat: false } => Some(format!("{} may pursue", who(party))),
            CombatEffect::SpeedTest { faster, otherwise } => Some(format!("{faster} if every defender is faster, else {otherwise}")),
            CombatEffect::Level { party, portion, delta } => Some(format!("{} {} units {delta:+} level", if *portion == Portion::All { "all" } else { "half the" }, who(party))),
            CombatEffect::Points { party, multiplier } => Some(format!("{} scores x{multiplier}", who(party))),
            CombatEffect::NoEffect => None,
        })
        .collect();
    if parts.is_empty() { "no effect".to_string() } else { parts.join(", ") }
}

/// How a support unit joins attacks, for the unit panel (ToO 17-19).
#[must_use]
pub fn support_text(game: &crate::model::Game, role: &crate::scenario::schema::SupportRole, range: Option<u32>, attack: u32) -> String {
    let reach = if role.from_sea.is_empty() {
        format!("by units within {} hexes", range.unwrap_or(0))
    } else {
        let zones: Vec<&str> = role.from_sea.iter().map(|z| crate::rules::sea_moves::zone_name_of(game, z)).collect();
        format!("on a hex on the coast of {}, from the sea", zones.join(", "))
    };
    let alone_against = crate::rules::bombardment::alone_targets(game, role);
    let alone = if alone_against.is_empty() {
        String::new()
    } else {
        let types: Vec<&str> = alone_against.iter().map(|t| game.scenario.unit_types.iter().find(|u| u.id == *t).map_or(t.as_str(), |u| u.name.as_str())).collect();
        format!("; alone, it bombards an enemy {}", types.join(" or "))
    };
    format!("{}: adds {attack} to an attack {reach}{alone}", role.category)
}

impl Client {
    /// The combat dialog, when the phase is a combat phase, the viewer acts and has chosen a
    /// target.
    pub fn attack_preview(&mut self) -> Option<AttackPreview> {
        let target = self.target.clone()?;
        if !self.viewer_acts() {
            return None;
        }
        let game = self.session.game().clone();
        let turn = self.session.world.resource::<TurnState>().clone();
        if turn.current_phase(&game).map(|p| p.kind) != Some(PhaseKind::Combat) {
            return None;
        }
        let side = self.session.acting_side()?;
        let area = game.board.area_of(game.board.space(&target)?);
        // The listed attacks on this target; supports are chosen apart (any combination).
        let legal: Vec<Command> = self
            .legal()
            .into_iter()
            .filter(|c| matches!(c, Command::Attack { target: t, supports, .. } if supports.is_empty() && game.board.space(t).is_some_and(|s| game.board.area_of(s) == area)))
            .collect();
        let units = UnitsView::from_world(&mut self.session.world);
        // ToO 10.8: the odds shown use only what the attacker sees [I].
        let reveal_all = matches!(self.seats.mode, crate::session::seats::SeatMode::Solo { reveal_all: true });
        let seen = if reveal_all { None } else { crate::rules::fog::as_seen_by(&game, &turn, &units, side) };
        let fogged = seen.is_some();
        let units = seen.map_or(units, std::sync::Arc::new);
        let control = self.session.world.resource::<Control>().clone();
        let mut options: Vec<AttackOption> = Vec::new();
        // The player's own choice of attackers (clicked on the map) comes first, on each table
        // the listed attacks use.
        if !self.selected.is_empty() {
            let mut tables: Vec<Option<String>> = legal.iter().filter_map(|c| if let Command::Attack { table, .. } = c { Some(table.as_ref().map(ToString::to_string)) } else { None }).collect();
            tables.dedup();
            if tables.is_empty() {
                tables.push(None);
            }
            // ToO 31.4: and each declaration the choice may carry.
            let declarations: Vec<Option<String>> = {
                let tracks = self.session.world.resource::<crate::model::Tracks>();
                let timers = self.session.world.resource::<crate::rules::timers::Timers>();
                let facts = crate::rules::events::Facts { game: &game, turn: &turn, tracks, control: &control, units: &units, timers: &timers.0 };
                let ids = game.scenario.rules.attack_declarations.iter().map(|d| &d.id);
                let open = ids.filter(|d| crate::rules::attack_declarations::declaration(facts, side, &self.selected, Some(d)).is_ok());
                std::iter::once(None).chain(open.cloned().map(Some)).collect()
            };
            for table in tables {
                for declare in &declarations {
                    let (names, at) = (crate::model::command::names(&self.selected), target.as_str().into());
                    let c = Command::Attack { attackers: names, target: at, table: table.as_deref().map(Into::into), supports: Vec::new(), declare: declare.as_deref().map(Into::into) };
                    options.push(AttackOption { label: format!("your choice: {}", self.named(&option_label(&game, &c))), command: c });
                }
            }
        }
        for c in legal {
            if !options.iter().any(|o| o.command == c) {
                options.push(AttackOption { label: self.named(&option_label(&game, &c)), command: c });
            }
        }
        let pick = self.attack_pick.min(options.len().saturating_sub(1));
        let state = self.session.world.resource::<SupportState>().clone();
        let target_id = game.board.space(&target)?;
        let supports: Vec<SupportChoice> = game
            .scenario
            .rules
            .supports
            .iter()
            .filter(|d| game.side_index(&d.side) == Some(side))
            .map(|d| SupportChoice { id: String::from(&*d.id), name: d.name.clone(), on: self.supports.contains(&d.id) })
            .filter(|c| c.on || check_supports(&game, &units, &control, &state, side, std::slice::from_ref(&c.id), target_id, false).is_ok())
            .collect();
        let chosen = options.get(pick).map(|o| match &o.command {
            Command::Attack { attackers, target, table, declare, .. } => {
                let supports = crate::model::command::names(&self.supports);
                Command::Attack { attackers: attackers.clone(), target: target.clone(), table: table.clone(), supports, declare: declare.clone() }
            }
            c => c.clone(),
        });
        let mut extra_steps = 0;
        let plan = match &chosen {
            Some(Command::Attack { attackers, target, table, supports, .. }) => plan_supported_attack(&game, &turn, &units, &control, &state, side, (&crate::model::command::strings(attackers), target, table.as_deref()), &crate::model::command::strings(supports)).map(|p| {
                extra_steps = p.extra_steps;
                let crt = &game.scenario.tables.crts[p.crt];
                let results = column_probabilities(crt, p.pick.column)
                    .into_iter()
                    .map(|(code, w)| {
                        // The result's printed name, else what it does.
                        let name = crt.results.iter().find(|r| r.code == code).map(|r| if r.name.is_empty() { effects_text(&r.effects) } else { r.name.clone() }).filter(|n| !n.is_empty());
                        (name.map_or(code.clone(), |n| format!("{code} ({n})")), f64::from(w) * 100.0 / 36.0)
                    })
                    .collect();
                Odds { table: crt.name.clone(), attack: p.attack, defense: p.defense, defense_multiplier: (p.defense_multiplier.0 > 1).then(|| format!("×{}: {}", p.defense_multiplier.0, p.defense_multiplier.1)), attack_multiplier: (p.attack_multiplier.0 > 1).then(|| format!("×{}: {}", p.attack_multiplier.0, p.attack_multiplier.1)), raw: p.pick.raw_label(), shifts: p.pick.shifts, column: column_label(crt, p.pick.column).to_string(), results, fogged }
            }),
            _ => Err(format!("no attack on {target} is possible now")),
        };
        let name = game.board.spaces[area.index()].name.clone().unwrap_or_else(|| game.board.key(area).to_string());
        let command = match (&plan, chosen) {
            (Ok(_), Some(c)) => Ok(c),
            (Err(e), _) => Err(e.clone()),
            (Ok(_), None) => Err("no attack chosen".into()),
        };
        let declared = match &command {
            Ok(Command::Attack { declare: Some(d), .. }) => {
                game.scenario.rules.attack_declarations.iter().find(|x| x.id == **d).map(|x| crate::rules::attack_declarations::effects_text(&game, x))
            }
            _ => None,
        };
        Some(AttackPreview { target, target_name: name, options, pick, supports, extra_steps, declared, command, plan })
    }
}
