//! Twilight of the Ottomans (Strategy & Tactics): the ruleset. Nearly every rule of the game is
//! a generic mechanism the scenario data chooses (maps in files, fronts by region, rail nets,
//! the sea layer, point-buy mobilisation, per-side victory and the rest); this folder holds the
//! procedures no other game has: the Goeben's sortie (32, optional) and air supply (33.3,
//! optional).

use std::any::Any;

use crate::model::command::Command;
use crate::model::prompt::Prompt;
use crate::model::ruleset::Ruleset;
use crate::model::state_parts::StatePart;
use crate::model::{Game, TurnState};
use crate::scenario::validate::{Ctx, RulesetCaps};
use crate::scenario::{Diagnostic, Loaded};
use bevy::prelude::World;

pub mod air_supply;
pub mod schema;
pub mod sortie;
pub mod vocabulary;

use self::schema::TooRules;
use self::vocabulary::{TooCommand, TooPrompt, too_prompt};

/// The ruleset, with its section of the scenario read when the scenario loaded.
#[derive(Debug)]
pub struct Twilight {
    pub rules: TooRules,
    /// The sortie's sea zone as a bit of `Lookups::sea_zones` (0 without the rule).
    pub sortie_zone: u64,
}

/// What the file format needs to know: the phases and results of the generic rules.
#[must_use]
pub fn caps() -> RulesetCaps {
    RulesetCaps { id: "twilight".into(), ..RulesetCaps::default() }
}

/// Reads and checks the scenario's `ruleset_rules` (optional: without it, the generic rules
/// play alone).
pub fn make(loaded: &Loaded) -> Result<std::sync::Arc<dyn Ruleset>, Vec<Diagnostic>> {
    let file = loaded.path.display().to_string();
    let mut ctx = Ctx::new(&file);
    let rules: TooRules = match &loaded.scenario.ruleset_rules {
        None => TooRules::default(),
        Some(raw) => crate::scenario::load::read_section(loaded, raw, &mut ctx).unwrap_or_default(),
    };
    let sortie_zone = check(loaded, &rules, &mut ctx);
    let out = ctx.into_diagnostics();
    if out.iter().any(|d| d.severity == crate::scenario::Severity::Error) {
        return Err(out);
    }
    Ok(std::sync::Arc::new(Twilight { rules, sortie_zone }))
}

/// Every id the section names must exist; the sortie table covers 1-6 once. Returns the
/// sortie's sea zone bit.
fn check(loaded: &Loaded, rules: &TooRules, ctx: &mut Ctx) -> u64 {
    let s = &loaded.scenario;
    if let Some(a) = &rules.air_supply {
        let p = "ruleset_rules.air_supply";
        if !s.options.iter().any(|o| o.id == a.option) {
            ctx.err(format!("{p}.option"), format!("unknown option `{}`", a.option));
        }
        if !s.sides.iter().any(|x| x.id == a.side) {
            ctx.err(format!("{p}.side"), format!("unknown side `{}`", a.side));
        }
        for (i, t) in a.unit_types.iter().enumerate() {
            if !s.unit_types.iter().any(|u| &u.id == t) {
                ctx.err(format!("{p}.unit_types[{i}]"), format!("unknown unit type `{t}`"));
            }
        }
    }
    let Some(n) = &rules.naval_combat else { return 0 };
    let p = "ruleset_rules.naval_combat";
    if !s.options.iter().any(|o| o.id == n.option) {
        ctx.err(format!("{p}.option"), format!("unknown option `{}`", n.option));
    }
    for (path, t) in std::iter::once((format!("{p}.raider"), &n.raider)).chain(n.targets.iter().enumerate().map(|(i, t)| (format!("{p}.targets[{i}]"), t))) {
        if !s.unit_types.iter().any(|u| &u.id == t) {
            ctx.err(path, format!("unknown unit type `{t}`"));
        }
    }
    let zones: Vec<&str> = match &s.map {
        crate::scenario::schema::Map::Hex(m) => m.sea_zones.iter().map(|z| z.id.as_str()).collect(),
        crate::scenario::schema::Map::Area(_) => Vec::new(),
    };
    let zone = zones.iter().position(|z| *z == n.zone);
    if zone.is_none() {
        ctx.err(format!("{p}.zone"), format!("unknown sea zone `{}`", n.zone));
    }
    let mut covered = [0u32; 7];
    for (i, r) in n.results.iter().enumerate() {
        if r.rolls.0 < 1 || r.rolls.1 > 6 || r.rolls.0 > r.rolls.1 {
            ctx.err(format!("{p}.results[{i}].rolls"), "a 1d6 range (first, last) within 1-6");
            continue;
        }
        for k in r.rolls.0..=r.rolls.1 {
            covered[k as usize] += 1;
        }
        if let Some((t, _)) = &r.track
            && !s.tracks.iter().any(|x| &x.id == t)
        {
            ctx.err(format!("{p}.results[{i}].track"), format!("unknown track `{t}`"));
        }
    }
    if covered[1..].iter().any(|c| *c != 1) {
        ctx.err(format!("{p}.results"), "every roll 1-6 must be covered by exactly one entry");
    }
    zone.filter(|z| *z < 64).map_or(0, |z| 1 << z)
}

/// The ruleset of a game playing Twilight of the Ottomans' rules, if it is one.
#[must_use]
pub fn ruleset(game: &Game) -> Option<&Twilight> {
    game.ruleset.as_any().downcast_ref::<Twilight>()
}

impl Ruleset for Twilight {
    fn id(&self) -> &'static str {
        "twilight"
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn add_systems(&self, s: &mut crate::model::rules_builder::RulesBuilder) {
        sortie::add_systems(s);
        air_supply::add_systems(s);
    }

    fn insert_resources(&self, world: &mut World) {
        crate::model::put_resource(world, sortie::SortieWatch::default());
        crate::model::put_resource(world, air_supply::AirSupplyState::default());
    }

    fn state_parts(&self) -> Vec<StatePart> {
        use crate::model::state_parts::part;
        vec![part::<sortie::SortieWatch>("sortie_watch", false), part::<air_supply::AirSupplyState>("air_supply", false)]
    }

    fn prompt_answers(&self, _game: &Game, prompt: &Prompt) -> Option<Vec<Command>> {
        match too_prompt(prompt)? {
            TooPrompt::Sortie { .. } => Some(vec![TooCommand::Sortie { attack: true }.into(), TooCommand::Sortie { attack: false }.into()]),
            TooPrompt::AirSupply { missions, .. } => {
                let each = missions.iter().flat_map(|(b, hexes)| hexes.iter().map(move |h| Some((b.clone(), h.clone()))));
                Some(each.chain([None]).map(|mission| TooCommand::AirSupply { mission }.into()).collect())
            }
        }
    }

    fn parse_command(&self, raw: &ron::value::RawValue) -> Result<Command, String> {
        ron::Options::default().from_str::<TooCommand>(raw.get_ron()).map(Command::from).map_err(|e| crate::scenario::files::shorten(&e.code.to_string()))
    }

    fn command_kind(&self, cmd: &crate::model::game_value::GameVal) -> Option<u64> {
        cmd.get::<TooCommand>().map(crate::model::rules_builder::kind_number)
    }

    fn sequence_rejection(&self, _game: &Game, _turn: &TurnState, prompt: Option<&Prompt>, cmd: &crate::model::game_value::GameVal) -> Option<String> {
        match cmd.get::<TooCommand>() {
            Some(c) => vocabulary::sequence_rejection(prompt, c),
            None => Some(format!("Twilight of the Ottomans has no command `{}`", cmd.describe())),
        }
    }
}
