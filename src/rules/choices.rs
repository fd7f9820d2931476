//! Choices of effects (`EventEffect::ChooseOne`; engine gap G19, ToO 6.3 Miracle / Sandstorm,
//! 26.3 Subversion and Large Revolt, 6.4 Emergency Reinforcements): the side picks one of the
//! options open when the effect applied, and that option's effects apply for it.

use bevy::prelude::*;

use super::RulesSystems;
use super::events::EffectParams;
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::prompt::Prompt;
use crate::model::{CurrentCommand, Outcome, PendingPrompt};
use crate::scenario::schema::EventEffect;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    if !s.uses(|sc| super::withdrawals::any_effect(sc, &|e| matches!(e, EventEffect::ChooseOne { .. }))) {
        return;
    }
    s.on(|c| matches!(c, Command::ChooseOption { .. }), choose.in_set(RulesSystems::Movement));
}

/// Asks for the first choice waiting, if no other question is open (`pending::ask_pending`).
pub(super) fn ask(prompt: &mut PendingPrompt, p: &EffectParams) {
    if prompt.0.is_some() {
        return;
    }
    let Some((side, options, cause)) = p.turn.choices.first() else { return };
    prompt.0 = Some(Prompt::ChooseOption { side: p.game.side_id(*side).to_string(), options: options.iter().map(|o| o.name.clone()).collect(), rule: cause.clone() });
}

/// Applies the option chosen.
fn choose(cmd: Res<CurrentCommand>, mut outcome: ResMut<Outcome>, mut prompt: ResMut<PendingPrompt>, mut p: EffectParams) {
    let Some((side, Command::ChooseOption { option })) = cmd.0.clone() else { return };
    let Some(Prompt::ChooseOption { options, .. }) = &prompt.0 else { return };
    if !options.iter().any(|o| *o == *option) {
        outcome.rejected = Some(format!("choose one of: {}", options.join(", ")));
        return;
    }
    let Some((who, open, cause)) = p.turn.choices.first().cloned().filter(|(s, ..)| *s == side) else { return };
    let Some(chosen) = open.into_iter().find(|o| *o.name == *option) else { return };
    p.turn.choices.remove(0);
    prompt.0 = None;
    p.run(|fx| {
        fx.log(LogKind::Command, format_args!("{} chooses {} ({cause})", fx.game.side_id(who), chosen.name));
        fx.apply(who, &chosen.effects, &format!("{cause}: {}", chosen.name));
    });
}

/// The answers to a choice of options, for bots and the client.
#[must_use]
pub fn option_answers(prompt: &Prompt) -> Vec<Command> {
    let Prompt::ChooseOption { options, .. } = prompt else { return Vec::new() };
    options.iter().map(|o| Command::ChooseOption { option: o.as_str().into() }).collect()
}
