//! The side panel's action sections: the viewer's chits (the other side's only as a count), the
//! Mobilization purchases by unit type (cost, free counters by level; picking a type rings its
//! legal placements on the map), withdrawals, and the phase's other actions. Every button is an
//! offer of the client's model, from the rules' legal list.

use bevy_egui::egui::{self, RichText};

use super::Client;
use super::panels::buttons;
use crate::client::{Offer, Place, UiAction};
use crate::model::view::UnitsView;

/// The viewer's chits by name with the plays open to it now; the enemy's hand only as a count.
pub fn chits_section(ui: &mut egui::Ui, client: &mut Client, offers: &[Offer], clicked: &mut Option<UiAction>) {
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
    egui::ScrollArea::vertical().id_salt("chit_plays").max_height(120.0).show(ui, |ui| buttons(ui, offers, &Place::Chits, clicked));
}

/// Purchases by unit type with the cost and the free counters by level (DI 12.9), withdrawals.
pub fn mobilization_section(ui: &mut egui::Ui, client: &Client, units: &UnitsView, offers: &[Offer], clicked: &mut Option<UiAction>) {
    let mut types: Vec<&str> = Vec::new();
    for o in offers {
        if let Place::Mobilization(t) = &o.place
            && !types.contains(&t.as_str())
        {
            types.push(t);
        }
    }
    if types.is_empty() && !offers.iter().any(|o| o.place == Place::Withdraw) {
        return;
    }
    let game = client.session.game().clone();
    ui.separator();
    if !types.is_empty() {
        ui.label(RichText::new("Mobilization").strong());
        ui.label("Pick a unit type, then click a green-ringed space.");
    }
    for ty in types {
        let Some(t) = game.scenario.unit_types.iter().position(|u| u.id == ty) else { continue };
        // A ruleset's own price, or the scenario's (ToO 7.2: with the counters free to buy).
        let turn = client.session.world.resource::<crate::model::TurnState>();
        let cost = match game.ruleset.purchase_cost(&game, ty) {
            Some(c) => format!(" ({c})"),
            None => crate::rules::purchases::purchase_note(&game, units, turn, ty).map_or(String::new(), |n| format!(" ({n})")),
        };
        // Free counters by level (12.9): the mix less the units in play.
        let free: Vec<String> = crate::rules::levels::range(&game, t)
            .map(|(lo, hi)| {
                (lo..=hi)
                    .filter_map(|l| {
                        let mix = crate::rules::levels::mix_at(&game, t, l)?;
                        let used = units.all().iter().filter(|u| u.type_index == t && u.level == l && u.space().is_some()).count() as u32;
                        Some(format!("L{l} {}", mix.saturating_sub(used)))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let chosen = client.recruit_type.as_deref() == Some(ty);
        let header = format!("{}{cost}{}", game.scenario.unit_types[t].name, if free.is_empty() { String::new() } else { format!(", free {}", free.join(" ")) });
        // A click on the type rings its legal placements on the map; the chosen type also
        // lists them as buttons (with purchases paid by mobilization points).
        if ui.selectable_label(chosen, header).clicked() {
            *clicked = Some(UiAction::RecruitType(ty.to_string()));
        }
        if chosen {
            ui.indent(("buys", ty), |ui| {
                for o in offers.iter().filter(|o| matches!(&o.place, Place::Mobilization(x) if x == ty) && matches!(o.action, UiAction::Give(_))) {
                    if ui.small_button(&o.label).clicked() {
                        *clicked = Some(o.action.clone());
                    }
                }
            });
        }
    }
    let withdraws = offers.iter().filter(|o| o.place == Place::Withdraw).count();
    if withdraws > 0 {
        egui::CollapsingHeader::new(format!("Withdraw a unit ({withdraws})")).show(ui, |ui| buttons(ui, offers, &Place::Withdraw, clicked));
    }
}

/// The phase's other actions (the ruleset's own purchases and procedures, group attacks, the
/// default placement).
pub fn other_section(ui: &mut egui::Ui, offers: &[Offer], clicked: &mut Option<UiAction>) {
    if !offers.iter().any(|o| o.place == Place::Other) {
        return;
    }
    ui.separator();
    ui.label(RichText::new("Other actions").strong());
    egui::ScrollArea::vertical().id_salt("other_actions").max_height(220.0).show(ui, |ui| buttons(ui, offers, &Place::Other, clicked));
}
