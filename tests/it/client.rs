//! The desktop client's model without a window: what a player can do with the mouse (clicks on
//! spaces, the buttons on the screen) is enough to play whole turns, the combat dialog shows the
//! odds before the roll, refusals say why, and nothing of the hidden side's chits reaches the
//! screen's data during the other side's turn.

use std::collections::BTreeSet;

use sandtable::client::clicks::Highlight;
use sandtable::client::script::{read, run_headless};
use sandtable::client::{Client, OpenArgs, Place, UiAction};
use sandtable::model::TurnState;
use sandtable::scenario::schema::PhaseKind;
use sandtable::session::Command;

use crate::common::{location, log_has, root};

fn temp_dir(name: &str) -> std::path::PathBuf {
    crate::common::scratch_dir(&format!("client-{name}"))
}

/// A new hotseat game, past its opening hand-off (every shipped game holds secrets at start).
fn open(scenario: &str, seed: u64) -> Client {
    let mut c = open_covered(scenario, seed);
    assert!(c.seats.handoff.is_some() && c.seats.opening, "a hotseat game with secrets opens on a hand-off");
    c.act(UiAction::ConfirmHandoff).expect("the hand-off button");
    c
}

/// A new hotseat game as it opens.
fn open_covered(scenario: &str, seed: u64) -> Client {
    let mut c = Client::open(&OpenArgs { scenario: Some(root().join(scenario)), seed: Some(seed), load: None, solo: false }).expect("opens");
    c.save_dir = temp_dir(scenario.trim_start_matches("scenarios/").trim_end_matches(".ron"));
    c
}

fn turn(c: &Client) -> usize {
    c.session.world.resource::<TurnState>().turn
}

#[test]
fn client_a_full_kell_ford_turn_by_mouse_alone_from_a_script() {
    let script = read(&root().join("tests/fixtures/ui/kell_ford_turn.ron")).expect("script reads");
    let dir = temp_dir("kell_turn");
    let mut c = run_headless(&script, &dir).expect("every step is a click a player could make").expect("a game is open");
    assert_eq!(turn(&c), 1, "the second game turn has begun (turns count from 0)");
    assert_eq!(location(&mut c.session, "N-2Inf"), "0403");
    assert_eq!(location(&mut c.session, "N-1Tk"), "0304");
    assert_eq!(location(&mut c.session, "S-2Inf"), "0505");
    let attacks = c.session.played.iter().filter(|p| matches!(p.command, Command::Attack { .. })).count();
    assert_eq!(attacks, 2, "one attack per side, through the combat dialog");
    assert!(log_has(&mut c.session, "S-Mil"), "the South's loss is in the log");
    // Phase ends were autosaved.
    assert!(dir.join("autosave").read_dir().is_ok_and(|mut d| d.next().is_some()), "autosaves were written");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn client_combat_dialog_shows_the_odds_column_shifts_and_every_result_chance_kell_ford() {
    let mut c = open("scenarios/kell_ford.ron", 7);
    for k in ["0402", "0403", "0302", "0304"] {
        c.act(UiAction::Space(k.into())).expect("click");
    }
    c.press("End phase").expect("end movement");
    // Targets are ringed before any choice.
    let targets: Vec<_> = c.highlights().into_iter().filter(|(_, h)| *h == Highlight::Target).collect();
    assert!(!targets.is_empty(), "the enemies in reach are ringed");
    for k in ["0304", "0403", "0404"] {
        c.act(UiAction::Space(k.into())).expect("click");
    }
    let p = c.attack_preview().expect("the combat dialog is open");
    assert_eq!(p.target, "0404");
    assert_eq!(p.target_name, "Kell");
    assert_eq!(c.named("attack 0404 with N-1Tk"), "attack Kell (0404) with N-1Tk", "buttons name spaces by their names");
    assert!(p.options[0].label.starts_with("your choice: N-1Tk, N-2Inf"), "{:?}", p.options);
    let odds = p.plan.expect("the attack is legal");
    // 6 + 4 = 10 against 4 in a town (tutorial worked case): 2:1, one column left = 1:1.
    assert_eq!((odds.attack, odds.defense, odds.raw.as_str(), odds.shifts, odds.column.as_str()), (10, 4, "2:1", -1, "1:1"));
    let total: f64 = odds.results.iter().map(|(_, p)| p).sum();
    assert!((total - 100.0).abs() < 1e-9, "the chances add up to 100%: {:?}", odds.results);
    assert!(c.offers().iter().any(|o| o.place == Place::Combat && o.label == "Attack" && o.enabled));
}

#[test]
fn client_an_illegal_move_explains_why_and_buttons_off_the_screen_are_refused() {
    let mut c = open("scenarios/kell_ford.ron", 7);
    c.act(UiAction::Space("0402".into())).expect("select");
    c.act(UiAction::Space("0808".into())).ok();
    c.act(UiAction::Space("0706".into())).expect("a click anywhere on the map is possible");
    assert!(c.status_is_error, "{}", c.status);
    assert!(c.status.starts_with("N-2Inf cannot go to 0706 now: "), "the rules' reason is given: {}", c.status);
    // Commands that are not on a button cannot be given by the mouse.
    let err = c.act(UiAction::Give(Command::Move { unit: "S-1Inf".into(), to: "0405".into() })).expect_err("not on the screen");
    assert!(err.contains("no such button"), "{err}");
    assert!(c.press("Attack").is_err(), "no combat dialog in a movement phase");
}

/// Everything the screen would show the viewer, as text: the offers and the visible state.
fn screen_text(c: &mut Client) -> String {
    let offers: Vec<String> = c.offers().into_iter().map(|o| o.label).collect();
    let state = c.seats.visible(&mut c.session).map(|s| format!("{s:?}")).unwrap_or_default();
    let preview = c.attack_preview().map(|p| format!("{p:?}")).unwrap_or_default();
    format!("{}\n{state}\n{preview}", offers.join("\n"))
}

/// Plays by the mouse alone with a simple player: hand-offs confirmed, prompts answered with
/// their first button, the default placement, one purchase per Mobilization phase by picking
/// a unit type and clicking a ringed space, one move per Movement phase by clicking a unit and
/// a ringed space, every ringed target attacked through the combat dialog, then End phase.
/// Stops when `until` holds. Checks on every step that the hidden side's chits never reach the
/// screen's data.
fn play_by_mouse(c: &mut Client, until: impl Fn(&Client) -> bool, max: usize) -> (Vec<String>, usize) {
    let game = c.session.game().clone();
    let mut secrets_checked = 0;
    let mut tried: BTreeSet<(usize, usize, String)> = BTreeSet::new();
    let mut done = Vec::new();
    for _ in 0..max {
        if until(c) {
            return (done, secrets_checked);
        }
        // The hidden side's chits (ids and names) never appear in what the screen shows.
        if let Some(viewer) = c.seats.secrets_of() {
            let text = screen_text(c);
            let pools = c.session.world.resource::<sandtable::model::Pools>().clone();
            for (side, hand) in pools.hands.iter().enumerate() {
                if side == viewer {
                    continue;
                }
                for chit in hand {
                    secrets_checked += 1;
                    let name = sandtable::rules::events::chit_def(&game, chit).map(|(_, d)| d.name.clone()).unwrap_or_default();
                    let own_too = pools.hands[viewer].contains(chit);
                    assert!(own_too || !text.contains(chit.as_str()), "the viewer's screen holds the hidden chit id {chit}");
                    assert!(own_too || name.is_empty() || !text.contains(&name) || pools.hands[viewer].iter().any(|o| sandtable::rules::events::chit_def(&game, o).is_some_and(|(_, d)| d.name == name)), "the viewer's screen names the hidden chit {name}");
                }
            }
        }
        let offers = c.offers();
        let pick = |place: &Place| offers.iter().find(|o| &o.place == place && o.enabled).map(|o| o.action.clone());
        let ts = c.session.world.resource::<TurnState>().clone();
        let phase = ts.current_phase(&game).map(|p| p.kind);
        let action = if let Some(a) = pick(&Place::Handoff).or_else(|| pick(&Place::Prompt)) {
            a
        } else if let Some(o) = offers.iter().find(|o| o.label == "take the default placement") {
            o.action.clone()
        } else if c.attack_preview().is_some() {
            if offers.iter().any(|o| o.label == "Attack" && o.enabled) { UiAction::Attack } else { UiAction::CancelAttack }
        } else {
            let hl = c.highlights();
            let first = |want: fn(&Highlight) -> bool| hl.iter().find(|(_, h)| want(h)).map(|(s, _)| game.board.key(*s).to_string());
            let mut chosen = None;
            match phase {
                Some(PhaseKind::Combat) => {
                    if let Some(t) = first(|h| *h == Highlight::Target)
                        && tried.insert((ts.turn, ts.phase, format!("attack {t}")))
                    {
                        chosen = Some(UiAction::Space(t));
                    }
                }
                Some(PhaseKind::Mobilization) if c.recruit_type.is_some() => {
                    chosen = first(|h| *h == Highlight::Place).map(UiAction::Space);
                    if chosen.is_none() {
                        c.recruit_type = None;
                    }
                }
                Some(PhaseKind::Mobilization) => {
                    if let Some(a) = offers.iter().find(|o| matches!(o.action, UiAction::RecruitType(_))).map(|o| o.action.clone())
                        && tried.insert((ts.turn, ts.phase, "recruit".into()))
                    {
                        chosen = Some(a);
                    }
                }
                Some(PhaseKind::Movement) if !c.selected.is_empty() => {
                    chosen = first(|h| matches!(h, Highlight::Move(_))).map(UiAction::Space);
                    if chosen.is_none() {
                        c.selected.clear();
                    }
                }
                Some(PhaseKind::Movement) => {
                    let viewer = c.seats.viewer;
                    let units = sandtable::model::view::UnitsView::from_world(&mut c.session.world);
                    let own = units.all().iter().filter(|u| Some(u.side) == viewer && !u.activity.moved).find_map(|u| u.space());
                    if let Some(s) = own
                        && tried.insert((ts.turn, ts.phase, "move".into()))
                    {
                        chosen = Some(UiAction::Space(game.board.key(s).to_string()));
                    }
                }
                _ => {}
            }
            chosen.unwrap_or(UiAction::EndPhase)
        };
        let before = c.session.played.len();
        c.act(action.clone()).unwrap_or_else(|e| panic!("{action:?} was on the screen: {e}"));
        if c.session.played.len() > before {
            done.push(c.session.played.last().map(|p| p.command.describe()).unwrap_or_default());
        }
        assert!(!(action == UiAction::EndPhase && c.status_is_error && c.session.played.len() == before && offers.iter().all(|o| o.place != Place::Combat) && phase != Some(PhaseKind::Combat)), "End phase was refused with nothing else to do: {}", c.status);
    }
    panic!("did not finish in {max} mouse actions; last status: {}", c.status);
}

#[test]
fn client_a_full_decision_iraq_turn_by_mouse_alone_and_no_hidden_chit_on_screen() {
    let mut c = open("scenarios/decision_iraq.ron", 5);
    assert!(c.seats.handoff.is_none());
    // Through the set-up, game turn 2003B and the A turn 2004A (with its Mobilization).
    let (done, secrets_checked) = play_by_mouse(&mut c, |c| c.session.world.resource::<TurnState>().turn >= 2, 3000);
    assert!(secrets_checked > 20, "the other side held chits while the screen was checked ({secrets_checked} checks)");
    assert!(c.session.played.iter().any(|p| p.side == "ins") && c.session.played.iter().any(|p| p.side == "ci"));
    assert!(done.iter().any(|d| d == "take the default placement"), "{done:?}");
    assert!(done.iter().any(|d| d.starts_with("move ")), "a unit moved by clicks: {done:?}");
    assert!(done.iter().any(|d| d.starts_with("recruit ")), "a unit bought by clicks: {done:?}");
    assert!(done.iter().any(|d| d.starts_with("attack ")), "a conflict through the combat dialog: {done:?}");
    assert!(done.iter().filter(|d| *d == "end phase").count() >= 10, "{done:?}");
    eprintln!("{} commands by mouse, {secrets_checked} hidden-chit checks: {done:?}", done.len());
    let _ = std::fs::remove_dir_all(&c.save_dir);
}


#[test]
fn client_the_smoke_script_plays_without_a_window() {
    let script = read(&root().join("tests/fixtures/ui/smoke.ron")).expect("script reads");
    let dir = temp_dir("smoke");
    let mut c = run_headless(&script, &dir).expect("every step is a click a player could make").expect("a game is open");
    assert_eq!(c.session.game().scenario.id, "decision_iraq", "the Decision: Iraq game, continued from its autosave");
    assert!(c.seats.handoff.is_none(), "the hand-off was confirmed");
    assert_eq!(c.session.played.len(), 5, "the continued game holds both set-ups and the initiative");
    let _ = (&mut c, std::fs::remove_dir_all(dir));
}

#[test]
fn client_a_map_scan_and_counter_art_are_read_with_limits_and_scaled_to_fit_a_texture() {
    let dir = temp_dir("background");
    // A scan wider than a texture may be: 5000 x 300 pixels.
    image::RgbImage::from_pixel(5000, 300, image::Rgb([200, 180, 140])).save(dir.join("scan.png")).expect("png");
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("scenario");
    let text = text.replacen("columns: 8,", "background: Some((image: \"scan.png\", origin: (60.0, 52.0), hex_size: 40.0)),\n        columns: 8,", 1);
    // And counter art for the tank battalion, 600 pixels square.
    image::RgbImage::from_pixel(600, 600, image::Rgb([90, 110, 150])).save(dir.join("tank.png")).expect("png");
    let text = text.replacen("symbol: Armor,", "symbol: Armor, image: Some(\"tank.png\"),", 1);
    std::fs::write(dir.join("with_scan.ron"), text).expect("write");
    let loaded = sandtable::games::load_file(&dir.join("with_scan.ron")).expect("the scenario with its scan loads");
    let bg = sandtable::client::images::load_background(&loaded).expect("the scan reads").expect("a background");
    assert_eq!(bg.original, (5000, 300), "the calibration keeps the original pixels");
    assert_eq!(bg.size[0], sandtable::client::images::MAX_TEXTURE_SIDE as usize, "scaled down to a texture's size");
    assert_eq!(bg.rgba.len(), bg.size[0] * bg.size[1] * 4);
    assert_eq!((bg.origin, bg.hex_size), ((60.0, 52.0), 40.0));
    let art = sandtable::client::images::load_counter_art(&loaded).expect("the counter art reads");
    assert_eq!(art.len(), 1);
    assert_eq!(loaded.scenario.unit_types[art[0].unit_type].id, "n_tank");
    assert_eq!(art[0].image.size, [256, 256], "scaled down to a counter's texture");
    // A missing scan is a clear error naming the field, not a crash.
    std::fs::remove_file(dir.join("scan.png")).expect("rm");
    let Err(err) = sandtable::games::load_file(&dir.join("with_scan.ron")) else { panic!("a missing scan is refused") };
    let err = err.to_string();
    assert!(err.contains("map.background.image"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn client_solo_play_keeps_secrets_until_the_player_asks_to_see_both_sides() {
    let mut c = Client::open(&OpenArgs { scenario: Some(root().join("scenarios/decision_iraq.ron")), seed: Some(5), load: None, solo: true }).expect("opens");
    c.save_dir = temp_dir("solo");
    let hidden = |c: &mut Client| c.seats.visible(&mut c.session).expect("a view").hands.get("ins").is_some_and(|h| !h.is_empty() && h.iter().all(|x| x == "hidden"));
    assert!(hidden(&mut c), "the Counterinsurgent's view holds the Insurgent's 3 chits face down (3.3)");
    c.press("Show both sides").expect("solo play offers the switch");
    assert!(!hidden(&mut c), "both sides' chits are shown");
    c.press("Hide the other side").expect("and back");
    assert!(hidden(&mut c));
    let _ = std::fs::remove_dir_all(&c.save_dir);
}

#[test]
fn client_interdiction_markers_go_wherever_the_rule_allows_by_clicks_salt_river_5_7_6() {
    let mut c = open("scenarios/salt_river_line.ron", 3);
    let (spaces, count) = c.marker_prompt().expect("the Union places its interdiction markers first (5.7.6)");
    assert_eq!(count, 1);
    // A space the prompt's short button list does not offer: the map takes it anyway.
    let listed: Vec<String> = c.offers().into_iter().filter(|o| o.place == Place::Prompt).map(|o| o.label).collect();
    let far = spaces.iter().rev().find(|s| !listed.iter().any(|l| l.contains(s.as_str()))).expect("more spaces than buttons").clone();
    assert!(c.highlights().iter().any(|(s, h)| c.session.game().board.key(*s) == far && *h == Highlight::Place), "allowed spaces are ringed");
    c.act(UiAction::Space(far.clone())).expect("click");
    assert!(!c.status_is_error, "{}", c.status);
    assert_eq!(c.session.played.last().map(|p| p.command.clone()), Some(Command::PlaceMarkers { spaces: vec![far.into()] }));
}

#[test]
fn client_a_full_salt_river_line_turn_by_mouse_alone() {
    let mut c = open("scenarios/salt_river_line.ron", 3);
    let (done, _) = play_by_mouse(&mut c, |c| c.session.world.resource::<TurnState>().turn >= 1, 3000);
    assert!(done.iter().any(|d| d.starts_with("move ")), "{done:?}");
    assert!(done.iter().any(|d| d.starts_with("place markers")), "{done:?}");
    let _ = std::fs::remove_dir_all(&c.save_dir);
}

#[test]
fn client_going_back_to_the_menu_mid_phase_autosaves_every_command_played() {
    let mut c = open("scenarios/kell_ford.ron", 7);
    for k in ["0402", "0403"] {
        c.act(UiAction::Space(k.into())).expect("click");
    }
    assert!(c.dirty, "a move mid-phase is not yet in any autosave");
    c.press("Menu").expect("the menu button");
    assert!(c.to_menu && !c.dirty);
    let save = sandtable::session::save::read_save(&c.save_dir.join("autosave").join(&c.game).join("autosave-1.ron")).expect("an autosave");
    let mut again = sandtable::session::save::replay(&save, None).expect("it replays");
    assert_eq!(location(&mut again, "N-2Inf"), "0403", "the move is in the autosave");
    let _ = std::fs::remove_dir_all(&c.save_dir);
}

#[test]
fn client_tutorial_worked_attack_5_7_7_in_the_combat_dialog_salt_river() {
    let script = read(&root().join("tests/fixtures/ui/salt_river_turn.ron")).expect("script reads");
    let dir = temp_dir("srl_turn");
    let mut c = run_headless(&script, &dir).expect("every step is a click a player could make").expect("a game is open");
    let p = c.attack_preview().expect("the combat dialog is open");
    let odds = p.plan.clone().expect("the attack is legal");
    // 10 against 4 is 2:1; the hill and the river shift two columns left, the barrage three
    // right: 3:1. Air support adds a defender step.
    assert_eq!((odds.attack, odds.defense, odds.raw.as_str(), odds.shifts, odds.column.as_str()), (10, 4, "2:1", 1, "3:1"));
    assert_eq!(p.extra_steps, 1);
    assert!(p.supports.iter().all(|s| s.on), "{:?}", p.supports);
    c.press("Attack").expect("attack");
    assert!(log_has(&mut c.session, "supports committed: barrage, air"), "{}", c.status);
    let _ = std::fs::remove_dir_all(dir);
}


#[test]
fn client_a_broken_script_names_its_file_line_and_column_and_a_bad_step_its_number() {
    let dir = temp_dir("bad_script");
    let path = dir.join("bad.ron");
    std::fs::write(&path, "(\n    steps: [\n        Clik(\"0402\"),\n    ],\n)\n").expect("write");
    let err = read(&path).expect_err("a misspelt step is refused");
    assert!(err.starts_with(&format!("{}:3:", path.display())), "{err}");
    std::fs::write(&path, "(steps: [Open(scenario: \"scenarios/kell_ford.ron\", seed: Some(7)), Press(\"Attack\")])").expect("write");
    let script = read(&path).expect("reads");
    let err = run_headless(&script, &dir).err().expect("no Attack button in a movement phase");
    assert!(err.starts_with("step 2 ") && err.contains("no button `Attack`"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// What the screen shows while it is covered: only the hand-off button, and no state at all.
fn covered(c: &mut Client) -> bool {
    let offers = c.offers();
    c.seats.handoff.is_some() && offers.iter().all(|o| o.place == Place::Handoff) && c.seats.visible(&mut c.session).is_none()
}

#[test]
fn hotseat_handoff_before_first_view_of_a_new_game_salt_river_line_and_decision_iraq() {
    // Salt River Line opens on the Union's interdiction marker: its face-down militia must not be
    // shown to whoever sits down first.
    let mut c = open_covered("scenarios/salt_river_line.ron", 3);
    assert!(covered(&mut c) && c.seats.opening);
    assert!(c.act(UiAction::Space("0902".into())).is_err(), "the map is covered");
    c.press("I play Southern Union: show my screen").expect("the hand-off button");
    assert_eq!(c.seats.viewer, Some(1));
    assert!(c.marker_prompt().is_some(), "then the Union places its marker");
    // Decision: Iraq: the Insurgent's chits are secret; the CI sets up first.
    let mut c = open_covered("scenarios/decision_iraq.ron", 5);
    assert!(covered(&mut c));
    c.press("I play Counterinsurgent: show my screen").expect("the hand-off button");
    let view = c.seats.visible(&mut c.session).expect("the CI's view");
    assert_eq!(view.hands["ins"], ["hidden", "hidden", "hidden"]);
    // Solo play needs no hand-off: the same person sits at the screen.
    let solo = Client::open(&OpenArgs { scenario: Some(root().join("scenarios/salt_river_line.ron")), seed: Some(3), load: None, solo: true }).expect("opens");
    assert!(solo.seats.handoff.is_none());
}

#[test]
fn hotseat_handoff_before_first_view_of_a_loaded_game_and_undo_stops_at_the_load() {
    let mut c = open("scenarios/salt_river_line.ron", 3);
    // The Union places its marker, the NA takes the screen and ends its movement phase.
    let (spaces, _) = c.marker_prompt().expect("marker prompt");
    c.act(UiAction::Space(spaces[0].clone())).expect("marker");
    c.press("I play Northern Army: show my screen").expect("hand-off");
    c.press("End phase").expect("end phase");
    c.save();
    assert!(!c.status_is_error, "{}", c.status);
    let path = c.status.trim_start_matches("Saved to ").trim_end_matches('.').to_string();
    let played = c.session.played.len();
    let mut again = Client::load_game(std::path::Path::new(&path), false).expect("the save loads");
    again.save_dir = c.save_dir.clone();
    assert_eq!(again.session.played.len(), played);
    assert!(covered(&mut again) && again.seats.opening, "a continued game opens on a hand-off");
    let side = again.session.acting_side().expect("a side to act");
    let name = again.session.game().scenario.sides[side].name.clone();
    again.press(&format!("I play {name}: show my screen")).expect("hand-off");
    // Nothing given since the load may be undone: the last command is not this player's to take back.
    again.press("Undo (Ctrl+Z)").expect("the undo button");
    assert!(again.status_is_error, "{}", again.status);
    assert!(again.status.contains("before you took the screen"), "{}", again.status);
    assert_eq!(again.session.played.len(), played, "nothing was undone");
    let _ = std::fs::remove_dir_all(&c.save_dir);
}

#[test]
fn hotseat_undo_never_takes_back_the_other_sides_decisions_salt_river_line() {
    let mut c = open("scenarios/salt_river_line.ron", 3);
    let (spaces, _) = c.marker_prompt().expect("the Union's interdiction marker (5.7.6)");
    c.act(UiAction::Space(spaces[0].clone())).expect("marker");
    c.press("I play Northern Army: show my screen").expect("hand-off to the NA");
    // The NA may not take back the Union's marker.
    c.press("Undo (Ctrl+Z)").expect("the undo button");
    assert!(c.status_is_error);
    assert!(c.status.starts_with("Cannot undo: command 1 (place markers in"), "{}", c.status);
    assert!(c.status.contains("was given by the Southern Union player before you took the screen"), "{}", c.status);
    assert_eq!(c.session.played.len(), 1);
    assert_eq!(c.undo_refusal().as_deref().map(|w| w.contains("Southern Union")), Some(true), "the side panel says why too");
    // Its own move it may take back, and then no further.
    let before = c.session.played.len();
    c.act(UiAction::Space("0404".into())).expect("select");
    c.act(UiAction::Space("0405".into())).expect("move");
    assert_eq!(c.session.played.len(), before + 1, "{}", c.status);
    c.press("Undo (Ctrl+Z)").expect("undo");
    assert!(!c.status_is_error, "{}", c.status);
    assert_eq!(c.session.played.len(), before);
    c.press("Undo (Ctrl+Z)").expect("undo button");
    assert!(c.status_is_error && c.status.contains("Southern Union"), "{}", c.status);
    let _ = std::fs::remove_dir_all(&c.save_dir);
}

/// Twilight of the Ottomans by the mouse alone (tests/fixtures/ui/twilight_tour.ron): both
/// set-ups, the Forced Offensive's placements, a purchase type chosen, a rail move offered from
/// Angora on the big map.
#[test]
fn client_twilight_of_the_ottomans_tour_by_mouse_alone() {
    let script = read(&root().join("tests/fixtures/ui/twilight_tour.ron")).expect("script reads");
    let dir = temp_dir("too_tour");
    let mut c = run_headless(&script, &dir).expect("every step is a click a player could make").expect("a game is open");
    assert_eq!(c.session.state(None).phase, "ott_movement");
    assert_eq!(location(&mut c.session, "tr_inf_corps#1"), "1705");
    assert_eq!(location(&mut c.session, "ott_supply#1"), "3405");
    assert!(c.status.contains("Rail move"), "{}", c.status);
    let _ = std::fs::remove_dir_all(dir);
}
