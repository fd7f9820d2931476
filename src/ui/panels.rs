//! The panels: turn and phase, the sequence of play, the acting side's units, combat odds with
//! the probability of every result, the loss prompt, and the event log.

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::EguiContexts;

use super::client::Client;
use crate::model::view::{UnitsView, factors};
use crate::model::TurnState;
use crate::rules::combat::plan_attack;
use crate::rules::crt::{column_label, column_probabilities};
use crate::scenario::schema::{NatoSymbol, PhaseKind};
use crate::session::Command;
use crate::session::log::GameLog;
use crate::session::prompt::Prompt;

/// Draws the NATO symbol of a unit type inside its box.
pub fn nato(p: &egui::Painter, r: egui::Rect, s: NatoSymbol) {
    let st = egui::Stroke::new(1.0, Color32::BLACK);
    match s {
        NatoSymbol::Infantry | NatoSymbol::Marine | NatoSymbol::Militia => {
            p.line_segment([r.left_top(), r.right_bottom()], st);
            p.line_segment([r.left_bottom(), r.right_top()], st);
        }
        NatoSymbol::Armor => {
            p.rect_stroke(r.shrink2(egui::vec2(r.width() * 0.15, r.height() * 0.25)), r.height() * 0.25, st, egui::StrokeKind::Inside);
        }
        NatoSymbol::Mechanized | NatoSymbol::Motorized => {
            p.line_segment([r.left_top(), r.right_bottom()], st);
            p.line_segment([r.left_bottom(), r.right_top()], st);
            p.rect_stroke(r.shrink2(egui::vec2(r.width() * 0.15, r.height() * 0.25)), r.height() * 0.25, st, egui::StrokeKind::Inside);
        }
        NatoSymbol::Recon => {
            p.line_segment([r.left_bottom(), r.right_top()], st);
        }
        NatoSymbol::Artillery => {
            p.circle_filled(r.center(), r.height() * 0.15, Color32::BLACK);
        }
        NatoSymbol::AntiTank => {
            p.line_segment([r.left_bottom(), r.center_top()], st);
            p.line_segment([r.center_top(), r.right_bottom()], st);
        }
        _ => {
            let letter = format!("{s:?}").chars().next().map_or(String::new(), |c| c.to_string());
            p.text(r.center(), egui::Align2::CENTER_CENTER, letter, egui::FontId::proportional(r.height() * 0.7), Color32::BLACK);
        }
    }
}

pub fn draw_ui(mut contexts: EguiContexts, client: Option<ResMut<Client>>, menu: Option<ResMut<super::start::StartMenu>>, mut commands: Commands) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(mut client) = client else {
        // No game yet: the start screen.
        if let Some(mut menu) = menu
            && let Some(c) = super::start::start_screen(&ctx, &mut menu)
        {
            commands.insert_resource(c);
            commands.remove_resource::<super::start::StartMenu>();
        }
        return Ok(());
    };
    let client = &mut *client;
    // Keyboard shortcuts.
    let (undo, save, help) = ctx.input(|i| (i.modifiers.command && i.key_pressed(egui::Key::Z), i.modifiers.command && i.key_pressed(egui::Key::S), i.key_pressed(egui::Key::F1)));
    if undo {
        client.undo();
    }
    if save {
        client.save();
    }
    if help {
        client.show_help = !client.show_help;
    }
    if client.show_help {
        let mut open = true;
        egui::Window::new("Keys and mouse (F1)").open(&mut open).collapsible(false).resizable(false).show(&ctx, |ui| {
            egui::Grid::new("keys").striped(true).show(ui, |ui| {
                for (k, what) in [
                    ("Click a unit", "select it; its legal moves are ringed with their cost"),
                    ("Click a ringed space", "move the selected unit there"),
                    ("Combat phase: click units, then an enemy space", "choose attackers and target; the odds show before you attack"),
                    ("Mouse wheel", "zoom"),
                    ("Drag, arrow keys", "pan the map"),
                    ("Home", "fit the map to the window"),
                    ("Ctrl+Z", "undo (never past a die roll or a reveal)"),
                    ("Ctrl+S", "save"),
                    ("F1", "this list"),
                ] {
                    ui.label(RichText::new(k).strong());
                    ui.label(what);
                    ui.end_row();
                }
            });
        });
        client.show_help = open;
    }
    let mut viewport = egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    // A hotseat hand-off covers everything until the next player confirms.
    if let Some(next) = client.seats.handoff {
        handoff_screen(&mut viewport, client, next);
        return Ok(());
    }
    top_bar(&mut viewport, client);
    side_panel(&mut viewport, client);
    log_panel(&mut viewport, client);
    egui::CentralPanel::default().show(&mut viewport, |ui| super::map::map_ui(ui, client));
    if client.show_chart {
        let mut open = true;
        super::chart::chart_window(&ctx, client, &mut open);
        client.show_chart = open;
    }
    prompt_window(&ctx, client);
    Ok(())
}

/// The hand-off screen: no map, no panels, no log; only whom to pass the screen to.
fn handoff_screen(ui: &mut egui::Ui, client: &mut Client, next: usize) {
    let game = client.session.game().clone();
    let side = &game.scenario.sides[next];
    egui::CentralPanel::default().show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() / 3.0);
            ui.heading(RichText::new(format!("Hand the screen to the {} player", side.name)).size(28.0).color(super::map::color(&side.color)));
            ui.add_space(12.0);
            ui.label("The other side's chits and hidden units stay hidden. Click when the next player sits at the screen.");
            ui.add_space(12.0);
            if ui.button(RichText::new(format!("I play {}: show my screen", side.name)).size(18.0)).clicked() {
                client.seats.confirm();
            }
        });
    });
}

fn top_bar(ui: &mut egui::Ui, client: &mut Client) {
    let Some(st) = client.seats.visible(&mut client.session) else { return };
    let game = client.session.game().clone();
    egui::Panel::top("top").show(ui, |ui| {
        // Wrapped: a scenario may have more tracks than one line holds.
        ui.horizontal_wrapped(|ui| {
            ui.heading(&game.scenario.title);
            ui.separator();
            ui.label(RichText::new(format!("Turn {} of {}", st.turn, game.scenario.turns.labels.len())).strong());
            ui.separator();
            let phase_name = game.scenario.turns.phases.iter().find(|p| p.id == st.phase).map_or(st.phase.clone(), |p| p.name.clone());
            ui.label(RichText::new(phase_name).strong());
            if let Some(side) = &st.active_side {
                let name = game.scenario.sides.iter().find(|s| &s.id == side).map_or(side.clone(), |s| s.name.clone());
                ui.separator();
                ui.label(RichText::new(format!("{name} to act")).color(super::map::color(&game.scenario.sides.iter().find(|s| &s.id == side).map_or("#ffffff".into(), |s| s.color.clone()))));
            }
            for (t, v) in &st.tracks {
                let name = game.scenario.tracks.iter().find(|x| &x.id == t).map_or(t.clone(), |x| x.name.clone());
                ui.separator();
                ui.label(format!("{name}: {v}"));
            }
            ui.separator();
            if ui.button("Chart").on_hover_text("tracks over the turns").clicked() {
                client.show_chart = !client.show_chart;
            }
            if ui.button("Keys (F1)").clicked() {
                client.show_help = !client.show_help;
            }
            if let Some(r) = &st.result {
                ui.separator();
                let name = game.scenario.victory.levels.iter().find(|l| l.id == r.level).map_or(r.level.clone(), |l| l.name.clone());
                ui.label(RichText::new(format!("Game over: {name} ({})", r.reason)).color(Color32::YELLOW).strong());
            }
        });
    });
}

fn side_panel(ui: &mut egui::Ui, client: &mut Client) {
    let game = client.session.game().clone();
    let turn = client.session.world.resource::<TurnState>().clone();
    let units = UnitsView::from_world(&mut client.session.world);
    let actor = client.session.acting_side();
    egui::Panel::left("side").exact_size(300.0).show(ui, |ui| {
        ui.heading("Sequence of play");
        for (i, p) in game.scenario.turns.phases.iter().enumerate() {
            // Phases of optional rules that are off are not part of this game at all; phases
            // that do not happen this game turn (A/B turns) are dimmed. The rules decide which.
            if p.option.as_ref().is_some_and(|o| !game.options.contains(o)) {
                continue;
            }
            let happens = crate::rules::sequence::next_phase_on(&game, &turn.declared, turn.turn, i) == Some(i);
            let current = turn.setup.is_none() && turn.result.is_none() && i == turn.phase;
            let text = format!("{} {}", if current { ">" } else { " " }, p.name);
            ui.label(if current {
                RichText::new(text).strong().color(Color32::YELLOW)
            } else if happens {
                RichText::new(text)
            } else {
                RichText::new(format!("{text} (not this turn)")).weak()
            });
        }
        if turn.setup.is_some() {
            ui.label(RichText::new("> Setup").strong().color(Color32::YELLOW));
        }
        ui.separator();
        let phase = turn.current_phase(&game);
        // Units of the phase's side that may still move and have not, for the end-phase warning
        // (the phase's side, not a side answering a prompt in it).
        let mover = phase.and_then(|p| turn.actor(&game, p));
        let idle: Vec<&str> = match phase.map(|p| p.kind) {
            Some(PhaseKind::Movement) => units
                .0
                .iter()
                .filter(|u| Some(u.side) == mover && u.space().is_some() && !u.activity.moved && !u.activity.finished)
                .filter(|u| factors(&game, u.type_index, u.level).movement > 0 && crate::rules::reserve::phase_allows(&game, &turn, u).is_ok())
                .map(|u| u.id.as_str())
                .collect(),
            _ => Vec::new(),
        };
        ui.horizontal(|ui| {
            let end = ui.add_enabled(actor.is_some(), egui::Button::new("End phase"));
            if end.clicked() {
                client.give(Command::EndPhase);
            }
            if ui.add_enabled(client.session.can_undo(), egui::Button::new("Undo (Ctrl+Z)")).clicked() {
                client.undo();
            }
            if ui.button("Save (Ctrl+S)").clicked() {
                client.save();
            }
        });
        if !idle.is_empty() {
            ui.label(RichText::new(format!("Not yet moved: {}", idle.join(", "))).color(Color32::LIGHT_YELLOW));
        }
        if !client.session.can_undo() && !client.session.played.is_empty() {
            ui.label(RichText::new("Undo barrier: the last command rolled a die or revealed a unit.").small());
        }
        ui.separator();
        let color = if client.status_is_error { Color32::from_rgb(255, 120, 120) } else { Color32::LIGHT_GREEN };
        ui.label(RichText::new(&client.status).color(color));
        ui.separator();
        // Units waiting off the map (setup groups, reinforcements) can be selected here.
        let waiting: Vec<String> = units.0.iter().filter(|u| Some(u.side) == actor && u.location == crate::model::Location::NotEntered).map(|u| u.id.clone()).collect();
        if !waiting.is_empty() && (turn.setup.is_some() || phase.is_some_and(|p| p.kind == PhaseKind::Reinforcement)) {
            ui.label("Waiting to be placed (select, then click a space):");
            for id in waiting {
                let sel = client.selected.first() == Some(&id);
                if ui.selectable_label(sel, &id).clicked() {
                    client.selected = vec![id];
                }
            }
            ui.separator();
        }
        chits_section(ui, client);
        actions_section(ui, client, &units);
        if phase.is_some_and(|p| p.kind == PhaseKind::Combat) {
            combat_section(ui, client, &units, actor);
        } else if let Some(u) = client.selected.first().and_then(|id| units.get(id)) {
            let t = &game.scenario.unit_types[u.type_index];
            let f = factors(&game, u.type_index, u.level);
            ui.label(RichText::new(format!("{} ({})", u.id, t.name)).strong());
            ui.label(format!("attack {}, defence {}, movement {}", f.attack, f.defense, f.movement));
        }
    });
}

/// The viewer's chits by name with the plays open to it now; the enemy's hand only as a count.
fn chits_section(ui: &mut egui::Ui, client: &mut Client) {
    let Some(st) = client.seats.visible(&mut client.session) else { return };
    if st.hands.values().all(Vec::is_empty) && st.cups.is_empty() {
        return;
    }
    let game = client.session.game().clone();
    ui.separator();
    ui.label(RichText::new("Chits").strong());
    for (side, hand) in &st.hands {
        let name = game.scenario.sides.iter().find(|s| &s.id == side).map_or(side.clone(), |s| s.name.clone());
        if !hand.is_empty() && hand.iter().all(|c| c == "hidden") {
            ui.label(format!("{name}: {} in hand (hidden)", hand.len()));
        } else {
            let names: Vec<String> = hand.iter().map(|c| crate::rules::events::chit_def(&game, c).map_or(c.clone(), |(_, d)| d.name.clone())).collect();
            ui.label(format!("{name}: {}", if names.is_empty() { "none".to_string() } else { names.join(", ") }));
        }
    }
    // Plays come from the rules' legal list, and only the viewer's.
    let viewer_acts = client.seats.viewer.is_some() && client.session.acting_side() == client.seats.viewer;
    if viewer_acts && st.prompt.is_none() {
        let plays: Vec<Command> = client.legal().into_iter().filter(|c| matches!(c, Command::PlayChit { .. } | Command::BuyChit | Command::Hyperwar { .. })).collect();
        egui::ScrollArea::vertical().id_salt("chit_plays").max_height(120.0).show(ui, |ui| {
            for c in plays {
                if ui.button(c.describe()).clicked() {
                    client.give(c);
                }
            }
        });
    }
}

/// Commands the map and the prompts do not offer: purchases and withdrawals in a Mobilization
/// phase (grouped by unit type, with the cost and the free counters by level), and the other
/// actions of the phase (extra chaos rolls, Hyperwar, PGM strikes, group and suicide attacks,
/// transport, the default placement). All come from the rules' legal list.
fn actions_section(ui: &mut egui::Ui, client: &mut Client, units: &UnitsView) {
    let viewer_acts = client.seats.viewer.is_some() && client.session.acting_side() == client.seats.viewer;
    if !viewer_acts || client.session.world.resource::<crate::model::PendingPrompt>().0.is_some() {
        return;
    }
    let game = client.session.game().clone();
    let legal = client.legal();
    let mut recruits: std::collections::BTreeMap<String, Vec<Command>> = std::collections::BTreeMap::new();
    let mut withdraws = Vec::new();
    let mut others = Vec::new();
    for c in legal {
        match &c {
            Command::Recruit { unit_type, .. } => recruits.entry(unit_type.clone()).or_default().push(c),
            Command::Withdraw { .. } => withdraws.push(c),
            Command::ExtraChaos
            | Command::BuyAirstrike
            | Command::Pgm { .. }
            | Command::GroupAttack { .. }
            | Command::Carry { .. }
            | Command::Hyperwar { .. }
            | Command::DefaultSetup => others.push(c),
            Command::Attack { supports, .. } if !supports.is_empty() => others.push(c),
            _ => {}
        }
    }
    if recruits.is_empty() && withdraws.is_empty() && others.is_empty() {
        return;
    }
    ui.separator();
    let mut chosen = None;
    egui::ScrollArea::vertical().id_salt("actions").max_height(260.0).show(ui, |ui| {
        if !recruits.is_empty() {
            ui.label(RichText::new("Mobilization").strong());
        }
        for (ty, cmds) in &recruits {
            let Some(t) = game.scenario.unit_types.iter().position(|u| &u.id == ty) else { continue };
            let cost = game.scenario.rules.netwar.as_ref().and_then(|n| n.mobilization.iter().find(|r| &r.unit_type == ty)).map_or(0, |r| r.cost);
            // Free counters by level (12.9): the mix less the units in play.
            let free: Vec<String> = crate::rules::levels::range(&game, t)
                .map(|(lo, hi)| {
                    (lo..=hi)
                        .filter_map(|l| {
                            let mix = crate::rules::levels::mix_at(&game, t, l)?;
                            let used = units.0.iter().filter(|u| u.type_index == t && u.level == l && u.space().is_some()).count() as u32;
                            Some(format!("L{l} {}", mix.saturating_sub(used)))
                        })
                        .collect()
                })
                .unwrap_or_default();
            let header = format!("{} ({cost}){}", game.scenario.unit_types[t].name, if free.is_empty() { String::new() } else { format!(", free {}", free.join(" ")) });
            egui::CollapsingHeader::new(header).id_salt(ty).show(ui, |ui| {
                for c in cmds {
                    let text = match c {
                        Command::Recruit { at, surge: true, .. } => format!("at {at} (mobilization points)"),
                        Command::Recruit { at, .. } => format!("at {at}"),
                        _ => c.describe(),
                    };
                    if ui.small_button(text).clicked() {
                        chosen = Some(c.clone());
                    }
                }
            });
        }
        if !withdraws.is_empty() {
            egui::CollapsingHeader::new(format!("Withdraw a unit ({})", withdraws.len())).show(ui, |ui| {
                for c in &withdraws {
                    if ui.small_button(c.describe()).clicked() {
                        chosen = Some(c.clone());
                    }
                }
            });
        }
        if !others.is_empty() {
            ui.label(RichText::new("Other actions").strong());
            for c in others.iter().take(60) {
                if ui.small_button(c.describe()).clicked() {
                    chosen = Some(c.clone());
                }
            }
        }
    });
    if let Some(c) = chosen {
        client.give(c);
    }
}

fn combat_section(ui: &mut egui::Ui, client: &mut Client, units: &UnitsView, actor: Option<usize>) {
    ui.label(RichText::new("Attack").strong());
    ui.label("Click your units to choose attackers, then an enemy hex as the target.");
    ui.label(format!("Attackers: {}", if client.selected.is_empty() { "none".into() } else { client.selected.join(", ") }));
    ui.label(format!("Target: {}", client.target.clone().unwrap_or_else(|| "none".into())));
    let (Some(side), Some(target)) = (actor, client.target.clone()) else { return };
    if client.selected.is_empty() {
        return;
    }
    let game = client.session.game().clone();
    let turn = client.session.world.resource::<TurnState>().clone();
    let control = client.session.world.resource::<crate::model::Control>().clone();
    match plan_attack(&game, &turn, units, &control, side, &client.selected, &target, None) {
        Ok(plan) => {
            let crt = &game.scenario.tables.crts[plan.crt];
            ui.label(format!("{} vs {}: {} raw, {:+} shifts -> column {}", plan.attack, plan.defense, plan.pick.raw_label, plan.pick.shifts, column_label(crt, plan.pick.column)));
            egui::Grid::new("odds").striped(true).show(ui, |ui| {
                for (code, w) in column_probabilities(crt, plan.pick.column) {
                    ui.label(code);
                    ui.label(format!("{:.1}%", f64::from(w) * 100.0 / 36.0));
                    ui.end_row();
                }
            });
            if ui.button("Attack").clicked() {
                let cmd = Command::Attack { attackers: client.selected.clone(), target: target.clone(), table: None, supports: Vec::new() };
                client.give(cmd);
                client.selected.clear();
                client.target = None;
            }
        }
        Err(e) => {
            ui.label(RichText::new(format!("Not allowed: {e}")).color(Color32::from_rgb(255, 120, 120)));
        }
    }
}

fn log_panel(ui: &mut egui::Ui, client: &mut Client) {
    let entries = client.session.world.resource::<GameLog>().0.clone();
    egui::Panel::bottom("log").exact_size(150.0).show(ui, |ui| {
        ui.label(RichText::new("Event log").strong());
        egui::ScrollArea::vertical().stick_to_bottom(true).auto_shrink([false, false]).show(ui, |ui| {
            for e in entries.iter().rev().take(300).rev() {
                ui.label(format!("[{} {}] {}", e.turn, e.phase, e.text));
            }
        });
    });
}

fn prompt_window(ctx: &egui::Context, client: &mut Client) {
    // Only the viewer's own questions are shown (a prompt can name hidden chits).
    let Some(st) = client.seats.visible(&mut client.session) else { return };
    let Some(prompt) = st.prompt else { return };
    let (title, rule) = match &prompt {
        Prompt::TakeLosses { side, steps, rule, .. } => (format!("{side}: pay {steps} loss point(s)"), rule.clone()),
        Prompt::Advance { side, target, .. } => (format!("{side}: advance into {target}?"), "advance after combat".to_string()),
        Prompt::PlaceMarkers { side, count, marker, rule, .. } => (format!("{side}: place {count} {marker} marker(s)"), rule.clone()),
        Prompt::Declare { side, name, rule, .. } => (format!("{side}: declare {name}?"), rule.clone()),
        Prompt::React { side, moment, .. } => (format!("{side}: play a reaction chit? ({moment})"), "5.8 reaction chits".to_string()),
        Prompt::ChooseUnit { side, what, rule, .. } => (format!("{side}: choose the unit that {what}"), rule.clone()),
        Prompt::FirstPlayer { side, rule } => (format!("{side}: who plays first this turn?"), rule.clone()),
        Prompt::NetwarPoints { side, space, gain, subtract, rule } => {
            (format!("{side}: points from {space}: +{gain} to your index, or -{subtract} to the enemy's"), rule.clone())
        }
        Prompt::PickUnits { side, count, what, rule, .. } => (format!("{side}: pick {count} unit(s) that {what}"), rule.clone()),
        Prompt::Retreat { side, rule, .. } => (format!("{side}: retreat your units"), rule.clone()),
        Prompt::PlaceUnit { side, why, rule, .. } => (format!("{side}: place a unit ({why})"), rule.clone()),
        Prompt::ChooseSpace { side, why, rule, .. } => (format!("{side}: choose a space ({why})"), rule.clone()),
        Prompt::Airstrike { side, space, column, rule, .. } => (format!("{side}: airstrike in {space}? (now {column}; with it, any column)"), rule.clone()),
        Prompt::Obligation { side, name, demand, opt_out, rule, .. } => {
            let cost = opt_out.as_ref().map(|c| format!("; opting out costs {c}")).unwrap_or_default();
            (format!("{side}: {name}: name {demand}{cost}"), rule.clone())
        }
    };
    // The choices are the legal answers the rules list; the client adds no rule of its own.
    let options = client.legal();
    // Decisions sit at the map's right edge, where they hide neither the panels nor (on most
    // maps) the hexes they are about.
    egui::Window::new(title).collapsible(false).resizable(false).anchor(egui::Align2::RIGHT_TOP, [-12.0, 48.0]).show(ctx, |ui| {
        ui.label(format!("Rule: {rule}"));
        // Long lists (a placement anywhere in Iraq) scroll instead of covering the map.
        egui::ScrollArea::vertical().max_height(320.0).show(ui, |ui| {
            for cmd in options {
                if ui.button(cmd.describe()).clicked() {
                    client.give(cmd);
                }
            }
        });
    });
}
