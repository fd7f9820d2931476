//! Counters drawn in the style of printed ones: the contingent's colours, the NATO symbol with
//! its size marker, the type's name, the factors (red on a reduced side), the level of level
//! units; counter art where the scenario supplies it; face-down counters show only their side.

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Stroke, StrokeKind, Vec2};

use super::map::color;
use crate::model::Game;
use crate::model::view::{UnitView, factors};
use crate::scenario::schema::{NatoSymbol, Strength};

/// Draws `u` in `r`; `(hide, selected)`: face down to the viewer, selected by the player.
pub fn counter(painter: &egui::Painter, game: &Game, u: &UnitView, r: Rect, (hide, sel): (bool, bool), images: &super::images::MapImages) {
    let cs = r.width();
    // The contingent's colours where the scenario gives them, else the side's; a face-down
    // counter shows only its side.
    let t = &game.scenario.unit_types[u.type_index];
    let contingent = game.scenario.contingents.iter().find(|k| k.id == t.contingent).filter(|_| !hide);
    let side_col = contingent.map_or_else(|| color(&game.scenario.sides[u.side].color), |k| color(&k.color));
    let ink = contingent.map_or(Color32::BLACK, |k| color(&k.text_color));
    painter.rect(r, 3.0, side_col, Stroke::new(if sel { 3.0 } else { 1.0 }, if sel { Color32::YELLOW } else { Color32::BLACK }), StrokeKind::Inside);
    if hide {
        painter.text(r.center(), Align2::CENTER_CENTER, "?", FontId::proportional(cs * 0.5), Color32::BLACK);
        return;
    }
    // Counter art where the scenario supplies it, with the level or reduced side marked.
    if let Some(tex) = images.counters.get(&u.type_index) {
        painter.image(tex.id(), r.shrink(3.0), Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)), Color32::WHITE);
        if u.level > 0 {
            let m = Rect::from_min_size(r.left_bottom() - Vec2::new(0.0, cs * 0.3), Vec2::splat(cs * 0.3));
            painter.rect_filled(m, 2.0, Color32::from_rgb(150, 0, 0));
            painter.text(m.center(), Align2::CENTER_CENTER, u.level.to_string(), FontId::proportional(cs * 0.22), Color32::WHITE);
        }
        return;
    }
    let f = factors(game, u.type_index, u.level);
    // NATO box in the upper half, factors below, name on top: as on a printed counter.
    let sym = Rect::from_center_size(r.center() - Vec2::new(0.0, cs * 0.02), Vec2::new(cs * 0.5, cs * 0.3));
    // The size marker (II, III, X) just above the symbol, as printed.
    if !t.size.is_empty() {
        painter.text(sym.center_top() - Vec2::new(0.0, cs * 0.07), Align2::CENTER_CENTER, &t.size, FontId::proportional(cs * 0.12), ink);
    }
    painter.rect_stroke(sym, 0.0, Stroke::new(1.0, ink), StrokeKind::Inside);
    nato(painter, sym, t.symbol, ink);
    // Counters of a counter mix (`ci_bct1#3`) carry their type's name, as printed; named units
    // their name. Clipped to the counter; the tooltip has the rest.
    let label = if u.id.contains('#') { t.name.as_str() } else { &u.id };
    painter.with_clip_rect(r.shrink(1.0)).text(r.center_top() + Vec2::new(0.0, cs * 0.11), Align2::CENTER_CENTER, label, FontId::proportional(cs * 0.15), ink);
    // The level of level units (DI 8), in the corner where printed counters show it.
    if let Strength::Levels { .. } = t.strength
        && u.level > 0
    {
        painter.text(r.left_bottom() + Vec2::new(cs * 0.1, -cs * 0.38), Align2::LEFT_CENTER, format!("L{}", u.level), FontId::proportional(cs * 0.15), ink);
    }
    let reduced = u.level > 0 && matches!(t.strength, Strength::Steps(_));
    painter.text(
        r.center_bottom() - Vec2::new(0.0, cs * 0.16),
        Align2::CENTER_CENTER,
        factors_text(t, f),
        FontId::proportional(cs * 0.22),
        if reduced { Color32::from_rgb(150, 0, 0) } else { ink },
    );
}

/// Draws the NATO symbol of a unit type inside its box.
pub fn nato(p: &egui::Painter, r: egui::Rect, s: NatoSymbol, ink: Color32) {
    let st = Stroke::new(1.0, ink);
    match s {
        NatoSymbol::Infantry | NatoSymbol::Marine | NatoSymbol::Militia => {
            p.line_segment([r.left_top(), r.right_bottom()], st);
            p.line_segment([r.left_bottom(), r.right_top()], st);
        }
        NatoSymbol::Armor => {
            p.rect_stroke(r.shrink2(egui::vec2(r.width() * 0.15, r.height() * 0.25)), r.height() * 0.25, st, StrokeKind::Inside);
        }
        NatoSymbol::Mechanized | NatoSymbol::Motorized => {
            p.line_segment([r.left_top(), r.right_bottom()], st);
            p.line_segment([r.left_bottom(), r.right_top()], st);
            p.rect_stroke(r.shrink2(egui::vec2(r.width() * 0.15, r.height() * 0.25)), r.height() * 0.25, st, StrokeKind::Inside);
        }
        NatoSymbol::Recon => {
            p.line_segment([r.left_bottom(), r.right_top()], st);
        }
        NatoSymbol::Artillery => {
            p.circle_filled(r.center(), r.height() * 0.15, ink);
        }
        // The NATO supply symbol: a bar across the lower third of the frame.
        NatoSymbol::Supply => {
            let y = r.top() + r.height() * 0.7;
            p.line_segment([egui::pos2(r.left(), y), egui::pos2(r.right(), y)], st);
        }
        // The NATO engineer symbol: a bar with three short legs, like a bridge.
        NatoSymbol::Engineer => {
            let (l, rr) = (r.left() + r.width() * 0.25, r.right() - r.width() * 0.25);
            let (top, bottom) = (r.top() + r.height() * 0.35, r.top() + r.height() * 0.65);
            p.line_segment([egui::pos2(l, top), egui::pos2(rr, top)], st);
            for x in [l, (l + rr) / 2.0, rr] {
                p.line_segment([egui::pos2(x, top), egui::pos2(x, bottom)], st);
            }
        }
        NatoSymbol::AntiTank => {
            p.line_segment([r.left_bottom(), r.center_top()], st);
            p.line_segment([r.center_top(), r.right_bottom()], st);
        }
        _ => {
            let letter = format!("{s:?}").chars().next().map_or(String::new(), |c| c.to_string());
            p.text(r.center(), egui::Align2::CENTER_CENTER, letter, egui::FontId::proportional(r.height() * 0.7), ink);
        }
    }
}

/// A counter's factors as printed: attack-defence-movement, a support unit's attack in
/// parentheses (ToO 17.1: it only adds to other units' attacks).
#[must_use]
pub fn factors_text(t: &crate::scenario::schema::UnitTypeDef, f: crate::scenario::schema::Factors) -> String {
    if t.support.is_some() { format!("({})-{}-{}", f.attack, f.defense, f.movement) } else { format!("{}-{}-{}", f.attack, f.defense, f.movement) }
}
