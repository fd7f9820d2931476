//! The map view: hexes or area boxes drawn from scenario data, counters in the style of
//! printed counters, legal destinations highlighted, clicks turned into commands.

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};

use super::Client;
use crate::client::clicks::Highlight;
use crate::model::SpaceId;
use crate::scenario::board::SpaceKind;
use crate::model::view::{UnitView, UnitsView, factors};
use crate::scenario::schema::{HexOffset, Map};

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

/// An area's attributes in short: texts, then numbers joined by `/`, then the names of the
/// true flags (`Kurdish 4/1 oil`).
fn attributes_line(game: &crate::model::Game, space: usize) -> String {
    let Map::Area(m) = &game.scenario.map else { return String::new() };
    let key = game.board.key(SpaceId(space as u32));
    let Some(def) = m.spaces.iter().find(|d| d.id == key) else { return String::new() };
    use crate::scenario::schema::AttrValue;
    let texts = def.attributes.values().filter_map(|v| if let AttrValue::Text(t) = v { Some(t.clone()) } else { None });
    let ints: Vec<String> = def.attributes.values().filter_map(|v| if let AttrValue::Int(n) = v { Some(n.to_string()) } else { None }).collect();
    let flags = def.attributes.iter().filter(|(_, v)| matches!(v, AttrValue::Bool(true))).map(|(k, _)| k.clone());
    texts.chain((!ints.is_empty()).then(|| ints.join("/"))).chain(flags).collect::<Vec<_>>().join(" ")
}

/// Text centred at `at` in a box `width` wide: a name longer than the box is set smaller (down
/// to three fifths of the size) so that it reads whole instead of cut at the box's edges.
fn fitted_text(painter: &egui::Painter, at: Pos2, text: String, font: egui::FontId, width: f32, color: Color32) {
    let wide = painter.layout_no_wrap(text.clone(), font.clone(), color).size().x;
    let mut f = font;
    if wide > width && wide > 0.0 {
        f.size = (f.size * width / wide).max(f.size * 0.6);
    }
    painter.text(at, Align2::CENTER_CENTER, text, f, color);
}

/// The side of a control flag on a space `size` across (the names of areas keep clear of it).
fn flag_side(size: f32) -> f32 {
    (size * 0.2).max(7.0)
}

/// A railway between two hex centres: a black line with ties.
fn railway(painter: &egui::Painter, (sa, sb): (Pos2, Pos2), size: f32) {
    painter.line_segment([sa, sb], Stroke::new((size * 0.05).max(1.5), Color32::BLACK));
    let dir = (sb - sa).normalized();
    let tie = Vec2::new(-dir.y, dir.x) * size * 0.1;
    for k in 1..4 {
        let m = sa + (sb - sa) * (k as f32 / 4.0);
        painter.line_segment([m - tie, m + tie], Stroke::new(1.5, Color32::BLACK));
    }
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

pub fn map_ui(ui: &mut egui::Ui, client: &mut Client, images: &super::images::MapImages) {
    let background = images.background.as_ref();
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
    // Zoom with the wheel towards the pointer (the map point under it stays put), pan by
    // dragging; the map starts fitted to the window.
    if let Some(at) = response.hover_pos() {
        let scroll = ui.ctx().input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            let before = client.hex_size;
            client.hex_size = (client.hex_size * (1.0 + scroll * 0.002)).clamp(8.0, 160.0);
            let k = client.hex_size / before;
            let from_centre = at - rect.center();
            client.pan = [from_centre.x - (from_centre.x - client.pan[0]) * k, from_centre.y - (from_centre.y - client.pan[1]) * k];
        }
    }
    // A drag that starts on a unit carries it (hit-tested where the last frame drew the spaces)
    // instead of panning.
    if response.drag_started()
        && let Some(o) = ui.ctx().input(|i| i.pointer.press_origin())
        && let Some(space) = client
            .screen
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|(x, y)| (i, o.distance(Pos2::new(x, y)))))
            .filter(|(_, d)| *d < client.screen_radius)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    {
        let key = client.session.game().board.spaces[space].key.clone();
        client.start_drag(&key);
    }
    if response.dragged() && !client.dragging {
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
    // A click on a log entry centres the map on the space it names.
    if let Some(k) = client.center_on.take()
        && let Some(p) = client.session.game().board.space(&k).and_then(|id| pos[id.index()])
    {
        client.pan = [((min.x + max.x) / 2.0 - p.x) * size, ((min.y + max.y) / 2.0 - p.y) * size];
    }
    let origin = rect.center() - Vec2::new((min.x + max.x) / 2.0, (min.y + max.y) / 2.0) * size + Vec2::new(client.pan[0], client.pan[1]);
    let to_screen = |p: Pos2| origin + p.to_vec2() * size;
    client.screen = pos.iter().map(|p| p.map(|p| (to_screen(p).x, to_screen(p).y))).collect();
    client.screen_radius = size;

    let units = UnitsView::from_world(&mut client.session.world);
    let game = client.session.game().clone();
    let board = &game.board;
    // The units drawn face down are those the viewer may not see (no one's during a hand-off).
    let viewer = client.seats.secrets_of();
    // Solo play with both sides shown: nothing is face down.
    let reveal = matches!(client.seats.mode, crate::session::seats::SeatMode::Solo { reveal_all: true }) && client.seats.handoff.is_none();
    // ToO 10.8: of each enemy stack only the top unit is drawn (during a hand-off, of every
    // stack); solo play with both sides shown has no fog.
    let turn = client.session.world.resource::<crate::model::TurnState>().clone();
    let fogged = if reveal { Vec::new() } else { crate::rules::fog::fogged(&game, &turn, &units, viewer.unwrap_or(usize::MAX)) };
    let in_fog = |u: &UnitView| fogged.binary_search(&u.rank).is_ok();
    let highlights = client.highlights();
    let font = FontId::proportional((size * 0.28).clamp(8.0, 16.0));
    let small = FontId::proportional((size * 0.22).clamp(7.0, 13.0));

    // The designer's map scan under the grid, placed by its calibration: the first hex's centre
    // and the hex size in the image's pixels.
    if let (Some(bg), Map::Hex(m)) = (background, &game.scenario.map) {
        let first = board.spaces.iter().position(|sp| matches!(sp.kind, SpaceKind::Hex { col, row, .. } if col == m.first_column && row == m.first_row));
        if let Some(p0) = first.and_then(|i| pos[i]) {
            let top_left = p0 - Vec2::new(bg.origin.0, bg.origin.1) / bg.hex_size;
            let extent = Vec2::new(bg.original.0 as f32, bg.original.1 as f32) / bg.hex_size;
            let r = Rect::from_min_max(to_screen(top_left), to_screen(top_left + extent));
            painter.image(bg.texture.id(), r, Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)), Color32::WHITE);
        }
    }
    // Links between areas, under the boxes so that they run from box to box.
    if !board.is_hex {
        for (i, edges) in board.edges.iter().enumerate() {
            let Some(a) = pos[i] else { continue };
            for e in edges.iter().filter(|e| e.link_cost.is_some()) {
                if let Some(b) = pos[e.to.index()] {
                    painter.line_segment([to_screen(a), to_screen(b)], Stroke::new(3.0, Color32::from_gray(170)));
                }
            }
        }
    }
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
                // Over a map scan the terrain colours are only a tint.
                let fill = if background.is_some() { fill.gamma_multiply(0.25) } else { fill };
                painter.add(egui::Shape::convex_polygon(hex_corners(c, size * 0.98, flat), fill, Stroke::new(1.0, Color32::from_gray(90))));
            }
            SpaceKind::Area | SpaceKind::OffMap { .. } => {
                let r = Rect::from_center_size(c, Vec2::new(size * 2.3, size * 1.7));
                painter.rect(r, 6.0, Color32::from_rgb(214, 204, 176), Stroke::new(1.5, Color32::BLACK), StrokeKind::Inside);
                let name = sp.name.as_deref().unwrap_or(&sp.key).to_string();
                // Clear of the control flag in the box's top right corner (drawn below).
                let flag_half = flag_side(size) / 2.0;
                fitted_text(&painter.with_clip_rect(r), r.center_top() + Vec2::new(0.0, size * 0.22), name, font.clone(), 2.0 * (size - flag_half) - 4.0, Color32::BLACK);
                // The area's printed data (sect, points, oil...) under its name, from the
                // scenario's attributes; the tooltip names each.
                let line = attributes_line(&game, i);
                if !line.is_empty() {
                    fitted_text(&painter.with_clip_rect(r), r.center_top() + Vec2::new(0.0, size * 0.46), line, small.clone(), r.width() - 6.0, Color32::from_gray(70));
                }
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
            // Region borders (ToO 1.5: Anatolia, Persia...): a purple line on the shared side,
            // under any hexside feature. Coasts are no border (sea hexes have no region).
            if board.is_hex
                && let (Some(ra), Some(rb)) = (&board.spaces[i].region, &board.spaces[e.to.index()].region)
                && ra != rb
            {
                let mid = sa + (sb - sa) * 0.5;
                let dir = (sb - sa).normalized();
                let perp = Vec2::new(-dir.y, dir.x) * size * 0.5;
                painter.line_segment([mid - perp, mid + perp], Stroke::new((size * 0.08).max(1.5), Color32::from_rgb(128, 40, 128)));
            }
            if let (Some(f), Map::Hex(m)) = (e.hexside, &game.scenario.map) {
                // The shared side is perpendicular to the line between the centres.
                let mid = sa + (sb - sa) * 0.5;
                let dir = (sb - sa).normalized();
                let perp = Vec2::new(-dir.y, dir.x) * size * 0.5;
                painter.line_segment([mid - perp, mid + perp], Stroke::new((size * 0.12).max(2.0), color(&m.hexside_types[f].color)));
            }
            // Roads brown, first-class roads wider, railways black with ties.
            match e.road {
                Some(crate::scenario::schema::RoadClass::Road) => {
                    painter.line_segment([sa, sb], Stroke::new((size * 0.08).max(1.5), Color32::from_rgb(120, 70, 30)));
                }
                Some(crate::scenario::schema::RoadClass::FirstClass) => {
                    painter.line_segment([sa, sb], Stroke::new((size * 0.13).max(2.5), Color32::from_rgb(150, 60, 20)));
                }
                Some(crate::scenario::schema::RoadClass::Rail) => railway(&painter, (sa, sb), size),
                None => {}
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
    // Map markers: control of VP hexes and areas (a flag in the controller's colour), air
    // interdiction (5.7.6), marker supply sources, demolished bridges.
    {
        let control = client.session.world.resource::<crate::model::Control>().clone();
        for (i, sp) in board.spaces.iter().enumerate() {
            let Some(p) = pos[i] else { continue };
            let c = to_screen(p);
            let corner = match sp.kind {
                SpaceKind::Hex { .. } => c + Vec2::new(size * 0.42, -size * 0.5),
                SpaceKind::Area | SpaceKind::OffMap { .. } => c + Vec2::new(size * 1.0, -size * 0.7),
                SpaceKind::Slot { .. } => continue,
            };
            if let Some(owner) = control.owner.get(i).copied().flatten()
                && (sp.vp != 0 || !board.is_hex)
            {
                let flag = Rect::from_center_size(corner, Vec2::splat(flag_side(size)));
                painter.rect(flag, 1.0, color(&game.scenario.sides[owner].color), Stroke::new(1.0, Color32::BLACK), StrokeKind::Inside);
            }
            if control.interdicted.get(i).copied().unwrap_or(false) {
                let m = Rect::from_center_size(c + Vec2::new(-size * 0.45, -size * 0.3), Vec2::splat((size * 0.3).max(10.0)));
                painter.rect(m, 2.0, Color32::from_rgb(200, 40, 40), Stroke::new(1.0, Color32::BLACK), StrokeKind::Inside);
                painter.text(m.center(), Align2::CENTER_CENTER, "Int", FontId::proportional(m.height() * 0.45), Color32::WHITE);
            }
        }
        for at in control.source_markers.values().flatten() {
            if let Some(p) = pos[at.index()] {
                let m = Rect::from_center_size(to_screen(p) + Vec2::new(-size * 0.45, size * 0.3), Vec2::splat((size * 0.3).max(10.0)));
                painter.rect(m, 2.0, Color32::from_rgb(250, 250, 210), Stroke::new(1.0, Color32::BLACK), StrokeKind::Inside);
                painter.text(m.center(), Align2::CENTER_CENTER, "Sup", FontId::proportional(m.height() * 0.4), Color32::BLACK);
            }
        }
        // ToO 16.2: railways built in play, drawn as the printed ones.
        for (a, b) in &control.rail_built {
            if let (Some(pa), Some(pb)) = (pos[a.index()], pos[b.index()]) {
                railway(&painter, (to_screen(pa), to_screen(pb)), size);
            }
        }
        for (a, b) in &control.demolished {
            if let (Some(pa), Some(pb)) = (pos[a.index()], pos[b.index()]) {
                let mid = to_screen(pa) + (to_screen(pb) - to_screen(pa)) * 0.5;
                let d = size * 0.15;
                painter.line_segment([mid - Vec2::splat(d), mid + Vec2::splat(d)], Stroke::new(3.0, Color32::from_rgb(200, 40, 40)));
                painter.line_segment([mid + Vec2::new(-d, d), mid + Vec2::new(d, -d)], Stroke::new(3.0, Color32::from_rgb(200, 40, 40)));
            }
        }
    }
    // Legal moves with their cost, legal placements, targets: all from the rules' legal list.
    for (space, h) in &highlights {
        let Some(p) = pos[space.index()] else { continue };
        let c = to_screen(p);
        let colour = match h {
            Highlight::Move(_) => Color32::from_rgb(255, 230, 0),
            Highlight::Rail => Color32::from_rgb(120, 200, 255),
            Highlight::Sea => Color32::from_rgb(40, 190, 150),
            Highlight::Place => Color32::from_rgb(90, 230, 120),
            Highlight::Target => Color32::from_rgb(255, 90, 60),
        };
        let tint = Color32::from_rgba_unmultiplied(colour.r(), colour.g(), colour.b(), 60);
        // The space itself is outlined and tinted: a hex, or an area's box.
        match board.spaces[space.index()].kind {
            SpaceKind::Hex { .. } => {
                painter.add(egui::Shape::convex_polygon(hex_corners(c, size * 0.9, flat), tint, Stroke::new(3.0, colour)));
            }
            SpaceKind::Slot { .. } => {
                painter.rect(Rect::from_center_size(c, Vec2::splat(size * 0.8)), 2.0, tint, Stroke::new(3.0, colour), StrokeKind::Outside);
            }
            _ => {
                painter.rect(Rect::from_center_size(c, Vec2::new(size * 2.3, size * 1.7)), 6.0, tint, Stroke::new(3.0, colour), StrokeKind::Outside);
            }
        }
    }
    if let Some(t) = client.target.as_deref().and_then(|k| board.space(k))
        && let Some(p) = pos[t.index()]
    {
        painter.circle_stroke(to_screen(p), size * 0.8, Stroke::new(3.0, Color32::RED));
    }
    // Counters: on hexes, stacks drawn with an offset per unit so their depth shows; in an
    // area's box, a row under its name (overlapping when crowded); in an area's slot, one.
    for (i, p) in pos.iter().enumerate() {
        let Some(p) = *p else { continue };
        let here: Vec<&UnitView> = units.at(SpaceId(i as u32)).filter(|u| !in_fog(u)).collect();
        let c = to_screen(p);
        let area = matches!(board.spaces[i].kind, SpaceKind::Area | SpaceKind::Slot { .. });
        let cs = if area { size * 0.66 } else { size * 0.95 };
        let n = here.len() as f32;
        let step = if n > 1.0 { (cs * 1.05).min((size * 2.2 - cs) / (n - 1.0)) } else { 0.0 };
        for (k, u) in here.iter().enumerate() {
            let centre = match board.spaces[i].kind {
                SpaceKind::Area => c + Vec2::new(-(n - 1.0) * step / 2.0 + k as f32 * step, size * 0.2),
                SpaceKind::Slot { .. } => c,
                _ => c + Vec2::splat(-(k as f32) * cs * 0.1 + (n - 1.0) * cs * 0.05),
            };
            let r = Rect::from_center_size(centre, Vec2::splat(cs));
            let hide = u.hidden && viewer != Some(u.side) && !reveal;
            super::counters::counter(&painter, &game, u, r, (hide, client.selected.iter().any(|s| **s == *u.id)), images);
        }
    }
    // Move costs on dark badges at the hexes' lower right, over the counters.
    for (space, h) in &highlights {
        if let (Highlight::Move(cost), Some(p)) = (h, pos[space.index()]) {
            let at = to_screen(p) + Vec2::new(size * 0.5, size * 0.42);
            painter.circle_filled(at, (size * 0.2).max(8.0), Color32::from_black_alpha(200));
            painter.text(at, Align2::CENTER_CENTER, crate::rules::movement::mp_text(&game, *cost), font.clone(), Color32::from_rgb(255, 230, 0));
        }
    }
    // Drag a unit in a movement phase: it is selected where the drag starts, its path follows
    // the pointer over the ringed spaces, and it moves where the drag ends (as two clicks).
    let hit_at = |ptr: Pos2| pos.iter().enumerate().filter_map(|(i, p)| p.map(|p| (i, to_screen(p).distance(ptr)))).filter(|(_, d)| *d < size).min_by(|a, b| a.1.total_cmp(&b.1)).map(|(i, _)| SpaceId(i as u32));
    if client.dragging && response.drag_stopped() {
        client.dragging = false;
        if let Some(space) = response.interact_pointer_pos().or_else(|| response.hover_pos()).and_then(hit_at) {
            let _ = client.act(crate::client::UiAction::Space(board.key(space).to_string()));
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
            let key = board.key(space).to_string();
            let _ = client.act(crate::client::UiAction::Space(key));
        }
    }
    // Hover: the space and the units there the viewer may see, in a tooltip at the pointer.
    if let Some(h) = response.hover_pos() {
        let hit = pos.iter().enumerate().filter_map(|(i, p)| p.map(|p| (i, to_screen(p).distance(h)))).filter(|(_, d)| *d < size).min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((i, _)) = hit {
            let sp = &board.spaces[i];
            let terrain = match (&game.scenario.map, sp.terrain) {
                (Map::Hex(m), Some(t)) => format!(", {}", m.terrain[t].name),
                _ => String::new(),
            };
            let vp = if sp.vp != 0 { format!(", {} VP", sp.vp) } else { String::new() };
            let mut lines = vec![format!("{}{}{terrain}{vp}", sp.key, sp.name.as_ref().map(|n| format!(" {n}")).unwrap_or_default())];
            if let Map::Area(m) = &game.scenario.map
                && let Some(def) = m.spaces.iter().find(|d| d.id == sp.key)
                && !def.attributes.is_empty()
            {
                use crate::scenario::schema::AttrValue;
                let attrs: Vec<String> = def
                    .attributes
                    .iter()
                    .map(|(k, v)| match v {
                        AttrValue::Int(n) => format!("{k} {n}"),
                        AttrValue::Bool(b) => format!("{k}: {}", if *b { "yes" } else { "no" }),
                        AttrValue::Text(t) => format!("{k}: {t}"),
                    })
                    .collect();
                lines.push(attrs.join(", "));
            }
            // Under stack fog, an enemy stack shows its top unit only: said of every enemy
            // stack not open to the viewer, whatever it holds.
            let foggy = game.scenario.rules.stack_fog.is_some() && !reveal;
            let open = turn.attacked.contains(&SpaceId(i as u32)) || viewer.is_some_and(|v| turn.looking.contains(&v));
            if foggy && !open && units.at(SpaceId(i as u32)).any(|u| viewer != Some(u.side)) {
                lines.push("only the top unit of an enemy stack is seen".to_string());
            }
            for u in units.at(SpaceId(i as u32)).filter(|u| !in_fog(u)) {
                if u.hidden && viewer != Some(u.side) && !reveal {
                    lines.push(format!("a face-down {} unit", game.scenario.sides[u.side].name));
                    continue;
                }
                let t = &game.scenario.unit_types[u.type_index];
                let f = factors(&game, u.type_index, u.level);
                let level = if u.level > 0 { format!(", level {}", u.level) } else { String::new() };
                lines.push(format!("{}: {} ({}{level})", u.id, t.name, super::counters::factors_text(t, f)));
            }
            response.clone().on_hover_text_at_pointer(lines.join("\n"));
            // Over a ringed space: the path the selected unit would take.
            let space = SpaceId(i as u32);
            if highlights.iter().any(|(s, h)| *s == space && matches!(h, Highlight::Move(_)))
                && let Some(path) = client.path_to(space)
            {
                let points: Vec<Pos2> = path.iter().filter_map(|s| pos[s.index()]).map(&to_screen).collect();
                painter.add(egui::Shape::line(points, Stroke::new(4.0, Color32::from_rgb(255, 230, 0))));
            }
        }
    }
}
