//! Netted track changes (`rules.net_track_changes`; engine gap G20, ToO 5.7 and worked case
//! T22): the changes one effect list makes to a track are added together before the cap.

use sandtable::model::dice::Dice;
use sandtable::model::log::GameLog;
use sandtable::model::view::UnitsView;
use sandtable::model::{Control, Pools, Tracks, TurnState};
use sandtable::rules::events::EffectCtx;
use sandtable::rules::supports::SupportState;
use sandtable::rules::timers::Timers;
use sandtable::scenario::schema::{Amount, EventEffect};
use sandtable::session::Session;

use crate::common::kell_rules;

/// Applies `effects` for the North as one list, with North VP at its cap of 10 first; returns
/// the track and the log's last line.
fn at_cap_apply(s: &mut Session, effects: &[EventEffect]) -> (i32, String) {
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let turn = s.world.resource::<TurnState>().clone();
    let (mut tracks, mut pools, control) = (s.world.resource::<Tracks>().clone(), s.world.resource::<Pools>().clone(), s.world.resource::<Control>().clone());
    let (mut dice, mut glog) = (s.world.resource::<Dice>().clone(), s.world.resource::<GameLog>().clone());
    let (mut timers, mut supports) = (s.world.resource::<Timers>().0.clone(), s.world.resource::<SupportState>().clone());
    let t = game.track_index("north_vp").expect("the track");
    tracks.0[t] = 10;
    let mut fx = EffectCtx {
        game: &game,
        turn: &turn,
        tracks: &mut tracks,
        pools: &mut pools,
        control: &control,
        dice: &mut dice,
        glog: &mut glog,
        units: &units,
        timers: &mut timers,
        supports: &mut supports,
        quotas: Vec::new(),
        looks: Vec::new(),
        reductions: &mut Vec::new(),
        deferred: Vec::new(),
        netting: None,
        withdrawals: Vec::new(),
        receipts: Vec::new(),
        restrictions: Vec::new(),
        side_changes: Vec::new(),
        choices: Vec::new(),
        leaving: Vec::new(),
        lasting: Vec::new(),
        happened: Vec::new(),
    };
    fx.apply(0, effects, "T22");
    (tracks.0[t], glog.0.last().map(|e| e.text.clone()).unwrap_or_default())
}

fn change(n: i32) -> EventEffect {
    EventEffect::AdjustTrack { track: "north_vp".into(), amount: Amount::Fixed(n), min: None }
}

#[test]
fn rule_too_5_7_t22_simultaneous_changes_are_netted_before_the_cap() {
    // T22: at the cap, +4 and -3 at the same moment net +1: the track stays at the cap.
    let mut s = kell_rules("(net_track_changes: true)", &[], &[]);
    let (v, line) = at_cap_apply(&mut s, &[change(4), change(-3)]);
    assert_eq!(v, 10, "{line}");
    assert_eq!(line, "North VP 10 -> 10 (T22, +4 -3 netted to +1)");
    // The changes inside an `If` of the list are part of it.
    let within = EventEffect::If { when: Vec::new(), then: vec![change(-3)], side: sandtable::scenario::schema::Whose::Own };
    assert_eq!(at_cap_apply(&mut s, &[change(4), within]).0, 10);
    // Without the rule each change meets the cap in turn: 10, then 7.
    let mut plain = kell_rules("()", &[], &[]);
    assert_eq!(at_cap_apply(&mut plain, &[change(4), change(-3)]).0, 7);
}
