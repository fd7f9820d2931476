//! The map view: hexes or area boxes drawn from scenario data, counters in the style of
//! printed counters, legal destinations highlighted, clicks turned into commands.

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};

use super::client::Client;
use crate::model::board::SpaceKind;
use crate::model::view::{UnitView, UnitsView, factors};
use crate::model::{SpaceId, TurnState};
use crate::rules::movement::legal_destinations;
use crate::scenario::schema::{HexOffset, Map, PhaseKind};
use crate::session::Command;

/// Parses `#rrggbb` (validated when the scenario loaded).
#[must_use]
pub fn color(hex: &str) -> Color32 {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0x00c8_c8c8);
    Color32::from_rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
}

/// Centre of every space in map units (hex radius 1), and whether hexes are flat-topped.
fn layout(client: &Client) -> (Vec<Option<Pos2>>, bool) {
    let game = client.session.game();
    let board = &game.board;
    let flat = matches!(board.offset, Some(HexOffset::EvenQ | HexOffset::OddQ));
    let s3 = 3f32.sqrt();
    let mut pos: Vec<Option<Pos2>> = vec![None; board.len()];
    for (i, sp) in board.spaces.iter().enumerate() {
        if let SpaceKind::Hex { q, r, .. } = sp.kind {
            let (q, r) = (q as f32, r as f32);
            pos[i] = Some(if flat {
                Pos2::new(1.5 * q, s3 * (r + q / 2.0))
            } else {
                Pos2::new(s3 * (q + r / 2.0), 1.5 * r)
            });
        }
    }
    if let Map::Area(m) = &game.scenario.map {
        // Area positions are in map units of 100 per box width; scale to hex-radius units.
        for sp in &m.spaces {
            if let Some(id) = board.space(&sp.id) {
                pos[id.index()] = Some(Pos2::new(sp.position.0 / 40.0, sp.position.1 / 40.0));
            }
            for (k, slot) in sp.slots.iter().enumerate() {
                if let Some(id) = board.space(&format!("{}/{}", sp.id, slot.id)) {
                    pos[id.index()] = Some(Pos2::new(sp.position.0 / 40.0 - 0.9 + 0.9 * k as f32, sp.position.1 / 40.0 + 1.1));
                }
            }
        }
    }
    // Off-map boxes sit beside their linked hex.
    for (i, sp) in board.spaces.iter().enumerate() {
        if matches!(sp.kind, SpaceKind::OffMap { .. })
            && let Some(link) = board.edges[i].first()
            && let Some(p) = pos[link.to.index()]
        {
            pos[i] = Some(Pos2::new(p.x, p.y + 2.2));
        }
    }
    (pos, flat)
}

fn hex_corners(c: Pos2, size: f32, flat: bool) -> Vec<Pos2> {
    (0..6)
        .map(|i| {
            let deg = 60.0 * i as f32 - if flat { 0.0 } else { 30.0 };
            let a = deg.to_radians();
            Pos2::new(c.x + size * a.cos(), c.y + size * a.sin())
        })
        .collect()
}

pub fn map_ui(ui: &mut egui::Ui, client: &mut Client) {
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
    let rect = response.rect;
    painter.rect_filled(rect, 0.0, Color32::from_rgb(40, 44, 52));
    let (pos, flat) = layout(client);
    let pts: Vec<Pos2> = pos.iter().flatten().copied().collect();
    if pts.is_empty() {
        return;
    }
    let min = pts.iter().fold(Pos2::new(f32::MAX, f32::MAX), |a, p| Pos2::new(a.x.min(p.x), a.y.min(p.y)));
    let max = pts.iter().fold(Pos2::new(f32::MIN, f32::MIN), |a, p| Pos2::new(a.x.max(p.x), a.y.max(p.y)));
    // Zoom with the wheel, pan by dragging; the map starts fitted to the window.
    if response.hovered() {
        let scroll = ui.ctx().input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            client.hex_size = (client.hex_size * (1.0 + scroll * 0.002)).clamp(8.0, 160.0);
        }
    }
    if response.dragged() {
        let d = response.drag_delta();
        client.pan[0] += d.x;
        client.pan[1] += d.y;
    }
    // Arrow keys pan while held; Home fits the map to the window again.
    let (l, r, u, d, home) = ui.ctx().input(|i| {
        use egui::Key;
        (i.key_down(Key::ArrowLeft), i.key_down(Key::ArrowRight), i.key_down(Key::ArrowUp), i.key_down(Key::ArrowDown), i.key_pressed(Key::Home))
    });
    let step = 8.0;
    client.pan[0] += step * (f32::from(u8::from(l)) - f32::from(u8::from(r)));
    client.pan[1] += step * (f32::from(u8::from(u)) - f32::from(u8::from(d)));
    if home {
        client.hex_size = 40.0;
        client.pan = [0.0, 0.0];
    }
    let extent = Vec2::new(max.x - min.x + 2.0, max.y - min.y + 2.0);
    let fit = (rect.width() / extent.x).min(rect.height() / extent.y);
    // `hex_size` 40 is "fitted to the window"; the wheel scales from there.
    let size = (fit * client.hex_size / 40.0).max(4.0);
    let origin = rect.center() - Vec2::new((min.x + max.x) / 2.0, (min.y + max.y) / 2.0) * size + Vec2::new(client.pan[0], client.pan[1]);
    let to_screen = |p: Pos2| origin + p.to_vec2() * size;

    let units = UnitsView::from_world(&mut client.session.world);
    let game = client.session.game().clone();
    let board = &game.board;
    // The units drawn face down are those the viewer may not see (no one's during a hand-off).
    let viewer = client.seats.secrets_of();
    let turn = client.session.world.resource::<TurnState>().clone();
    let phase_kind = turn.current_phase(&game).map(|p| p.kind);
    let selected: Option<&UnitView> = client.selected.first().and_then(|id| units.get(id));
    let dests = match (selected, phase_kind) {
        (Some(u), Some(PhaseKind::Movement)) if crate::rules::reserve::phase_allows(&game, &turn, u).is_ok() => legal_destinations(&game, &units, client.session.world.resource::<crate::model::Control>(), u),
        _ => Vec::new(),
    };
    let font = FontId::proportional((size * 0.28).clamp(8.0, 16.0));
    let small = FontId::proportional((size * 0.22).clamp(7.0, 13.0));

    // Spaces.
    for (i, sp) in board.spaces.iter().enumerate() {
        let Some(p) = pos[i] else { continue };
        let c = to_screen(p);
        match &sp.kind {
            SpaceKind::Hex { .. } => {
                let fill = sp.terrain.map_or(Color32::GRAY, |t| match &game.scenario.map {
                    Map::Hex(m) => color(&m.terrain[t].color),
                    Map::Area(_) => Color32::GRAY,
                });
                painter.add(egui::Shape::convex_polygon(hex_corners(c, size * 0.98, flat), fill, Stroke::new(1.0, Color32::from_gray(90))));
            }
            SpaceKind::Area | SpaceKind::OffMap { .. } => {
                let r = Rect::from_center_size(c, Vec2::new(size * 2.2, size * 1.6));
                painter.rect(r, 6.0, Color32::from_rgb(214, 204, 176), Stroke::new(1.5, Color32::BLACK), StrokeKind::Inside);
                painter.text(r.center_top() + Vec2::new(0.0, 10.0), Align2::CENTER_CENTER, sp.name.as_deref().unwrap_or(&sp.key), font.clone(), Color32::BLACK);
            }
            SpaceKind::Slot { .. } => {
                let r = Rect::from_center_size(c, Vec2::new(size * 0.8, size * 0.8));
                painter.rect(r, 2.0, Color32::from_rgb(170, 160, 140), Stroke::new(1.0, Color32::BLACK), StrokeKind::Inside);
            }
        }
    }
    // Hexside features, roads, links.
    for (i, edges) in board.edges.iter().enumerate() {
        let Some(a) = pos[i] else { continue };
        for e in edges {
            let Some(b) = pos[e.to.index()] else { continue };
            if e.to.index() < i && board.is_hex {
                continue;
            }
            let (sa, sb) = (to_screen(a), to_screen(b));
            if let (Some(f), Map::Hex(m)) = (e.hexside, &game.scenario.map) {
                // The shared side is perpendicular to the line between the centres.
                let mid = sa + (sb - sa) * 0.5;
                let dir = (sb - sa).normalized();
                let perp = Vec2::new(-dir.y, dir.x) * size * 0.5;
                painter.line_segment([mid - perp, mid + perp], Stroke::new((size * 0.12).max(2.0), color(&m.hexside_types[f].color)));
            }
            if e.road.is_some() {
                painter.line_segment([sa, sb], Stroke::new((size * 0.08).max(1.5), Color32::from_rgb(120, 70, 30)));
            }
            if e.link_cost.is_some() && !board.is_hex {
                painter.line_segment([sa, sb], Stroke::new(2.0, Color32::from_gray(200)));
            }
        }
    }
    // Hex numbers and names on top of every hex and feature, so no neighbour covers them.
    for (i, sp) in board.spaces.iter().enumerate() {
        let (Some(p), SpaceKind::Hex { .. }) = (pos[i], &sp.kind) else { continue };
        let c = to_screen(p);
        if client.show_hex_numbers && size > 22.0 {
            painter.text(c + Vec2::new(0.0, -size * 0.72), Align2::CENTER_CENTER, &sp.key, small.clone(), Color32::from_gray(60));
        }
        if let Some(name) = &sp.name {
            let vp = if sp.vp != 0 { format!(" ({} VP)", sp.vp) } else { String::new() };
            painter.text(c + Vec2::new(0.0, size * 0.68), Align2::CENTER_CENTER, format!("{name}{vp}"), small.clone(), Color32::BLACK);
        }
    }
    // Legal destinations.
    for d in &dests {
        if let Some(p) = pos[d.space.index()] {
            let c = to_screen(p);
            painter.circle_stroke(c, size * 0.75, Stroke::new(3.0, Color32::from_rgb(255, 230, 0)));
            painter.text(c + Vec2::new(size * 0.55, -size * 0.45), Align2::CENTER_CENTER, format!("{}", d.cost), font.clone(), Color32::from_rgb(255, 230, 0));
        }
    }
    if let Some(t) = client.target.as_deref().and_then(|k| board.space(k))
        && let Some(p) = pos[t.index()]
    {
        painter.circle_stroke(to_screen(p), size * 0.8, Stroke::new(3.0, Color32::RED));
    }
    // Counters: stacks drawn with an offset per unit so depth shows.
    for (i, p) in pos.iter().enumerate() {
        let Some(p) = *p else { continue };
        let here: Vec<&UnitView> = units.at(SpaceId(i as u32)).collect();
        let c = to_screen(p);
        let cs = size * 0.95;
        for (k, u) in here.iter().enumerate() {
            let off = Vec2::splat(-(k as f32) * cs * 0.1 + (here.len() as f32 - 1.0) * cs * 0.05);
            let r = Rect::from_center_size(c + off, Vec2::splat(cs));
            let side_col = color(&game.scenario.sides[u.side].color);
            let hide = u.hidden && viewer != Some(u.side);
            let sel = client.selected.contains(&u.id);
            painter.rect(r, 3.0, side_col, Stroke::new(if sel { 3.0 } else { 1.0 }, if sel { Color32::YELLOW } else { Color32::BLACK }), StrokeKind::Inside);
            if hide {
                painter.text(r.center(), Align2::CENTER_CENTER, "?", FontId::proportional(cs * 0.5), Color32::BLACK);
                continue;
            }
            let t = &game.scenario.unit_types[u.type_index];
            let f = factors(&game, u.type_index, u.level);
            // NATO box in the upper half, factors below, id on top: as on a printed counter.
            let sym = Rect::from_center_size(r.center() - Vec2::new(0.0, cs * 0.1), Vec2::new(cs * 0.5, cs * 0.3));
            painter.rect_stroke(sym, 0.0, Stroke::new(1.0, Color32::BLACK), StrokeKind::Inside);
            super::panels::nato(&painter, sym, t.symbol);
            painter.text(r.center_top() + Vec2::new(0.0, cs * 0.12), Align2::CENTER_CENTER, &u.id, FontId::proportional(cs * 0.15), Color32::BLACK);
            let reduced = u.level > 0 && matches!(t.strength, crate::scenario::schema::Strength::Steps(_));
            painter.text(
                r.center_bottom() - Vec2::new(0.0, cs * 0.16),
                Align2::CENTER_CENTER,
                format!("{}-{}-{}", f.attack, f.defense, f.movement),
                FontId::proportional(cs * 0.22),
                if reduced { Color32::from_rgb(150, 0, 0) } else { Color32::BLACK },
            );
        }
    }
    // Clicks.
    if response.clicked()
        && let Some(ptr) = response.interact_pointer_pos()
    {
        let hit = pos
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (i, to_screen(p).distance(ptr))))
            .filter(|(_, d)| *d < size)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| SpaceId(i as u32));
        if let Some(space) = hit {
            click(client, &units, space, phase_kind, viewer, &dests);
        }
    }
    if response.hovered()
        && let Some(h) = response.hover_pos()
    {
        let hit = pos.iter().enumerate().filter_map(|(i, p)| p.map(|p| (i, to_screen(p).distance(h)))).filter(|(_, d)| *d < size).min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((i, _)) = hit {
            let sp = &board.spaces[i];
            let terrain = match (&game.scenario.map, sp.terrain) {
                (Map::Hex(m), Some(t)) => m.terrain[t].name.clone(),
                _ => String::new(),
            };
            let text = format!("{} {} {}", sp.key, sp.name.clone().unwrap_or_default(), terrain);
            painter.text(rect.left_bottom() + Vec2::new(8.0, -10.0), Align2::LEFT_CENTER, text, font, Color32::WHITE);
        }
    }
}

fn click(client: &mut Client, units: &UnitsView, space: SpaceId, phase: Option<PhaseKind>, viewer: Option<usize>, dests: &[crate::rules::movement::Destination]) {
    let key = client.session.game().board.key(space).to_string();
    let own: Vec<String> = units.at(space).filter(|u| Some(u.side) == viewer).map(|u| u.id.clone()).collect();
    let enemy = units.at(space).any(|u| Some(u.side) != viewer);
    match phase {
        Some(PhaseKind::Movement) => {
            if let Some(d) = dests.iter().find(|d| d.space == space)
                && let Some(unit) = client.selected.first().cloned()
            {
                let _ = d;
                client.give(Command::Move { unit, to: key });
                client.selected.clear();
            } else if !own.is_empty() {
                // Click a stack again to cycle through its units.
                let next = own.iter().position(|u| client.selected.first() == Some(u)).map_or(0, |i| (i + 1) % own.len());
                client.selected = vec![own[next].clone()];
                client.status = format!("{} selected: legal moves are ringed, with their MP cost.", own[next]);
                client.status_is_error = false;
            } else if !client.selected.is_empty() {
                client.status = format!("{key} is not a legal destination for {}.", client.selected[0]);
                client.status_is_error = true;
            }
        }
        Some(PhaseKind::Combat) => {
            if enemy {
                client.target = Some(key);
            } else {
                for u in own {
                    if let Some(i) = client.selected.iter().position(|s| *s == u) {
                        client.selected.remove(i);
                    } else {
                        client.selected.push(u);
                    }
                }
            }
        }
        Some(PhaseKind::Reinforcement) => {
            if let Some(unit) = client.selected.first().cloned() {
                client.give(Command::Enter { unit, at: key });
            }
        }
        _ => {
            if client.session.world.resource::<TurnState>().setup.is_some()
                && let Some(unit) = client.selected.first().cloned()
            {
                client.give(Command::Place { unit, at: key });
            }
        }
    }
}
