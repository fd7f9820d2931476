//! Who sits at the screen (hotseat and solo play): every screen is drawn from one side's view.
//! In hotseat play, when another side must act and the game holds secrets (chits in hand,
//! face-down units), the screen is handed over: nothing is shown until the next player
//! confirms; a new or continued game that holds secrets opens on such a hand-off too, so the
//! first view is never shown to whoever happens to sit down. In solo play the view follows the
//! side to act without a hand-off, keeping each side's secrets to its own turns, unless the
//! player chooses to see everything.
//!
//! Undo goes back only over the commands of the side at the screen since it last took it
//! (`since`): never over the other side's decisions, nor over commands played before the game
//! was loaded.

use crate::model::{Pools, TurnState};
use crate::session::Session;
use crate::session::state::GameState;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatMode {
    /// Two players at one PC.
    Hotseat,
    /// One person playing both sides; `reveal_all` shows both sides' secrets.
    Solo { reveal_all: bool },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seats {
    pub mode: SeatMode,
    /// The side whose view the screen shows.
    pub viewer: Option<usize>,
    /// A hand-off waiting for the next player (the side that takes the screen).
    pub handoff: Option<usize>,
    /// The hand-off is the first view of a game just started or loaded.
    pub opening: bool,
    /// Commands played when the side at the screen took it: undo never goes below this.
    pub since: usize,
}

/// Whether the game holds anything one side may not see.
#[must_use]
pub fn has_secrets(session: &mut Session) -> bool {
    let pools = session.world.resource::<Pools>();
    if pools.hands.iter().any(|h| !h.is_empty()) || !pools.face_down.is_empty() {
        return true;
    }
    // ToO 10.8: under stack fog every stack of more than one unit is a secret.
    if session.game().scenario.rules.stack_fog.is_some() {
        return true;
    }
    crate::model::view::UnitsView::from_world(&mut session.world).all().iter().any(|u| u.hidden)
}

impl Seats {
    /// The seats of a new or loaded game: the side to act has the screen, after a hand-off in
    /// hotseat play when the game holds secrets (the first view shows that side's secrets).
    #[must_use]
    pub fn new(mode: SeatMode, session: &mut Session) -> Self {
        let since = session.played.len();
        let acting = session.acting_side();
        if mode == SeatMode::Hotseat && acting.is_some() && has_secrets(session) {
            return Self { mode, viewer: None, handoff: acting, opening: true, since };
        }
        Self { mode, viewer: acting, handoff: None, opening: false, since }
    }

    /// After a command: the screen goes to the side that must act now, through a hand-off in
    /// hotseat play when there are secrets to keep.
    pub fn follow(&mut self, session: &mut Session) {
        let Some(next) = session.acting_side() else { return };
        if Some(next) == self.viewer || self.handoff == Some(next) {
            return;
        }
        match self.mode {
            SeatMode::Hotseat if has_secrets(session) => {
                self.handoff = Some(next);
                self.opening = false;
            }
            _ => {
                self.viewer = Some(next);
                self.since = session.played.len();
            }
        }
    }

    /// The next player has the screen (`played` commands so far: undo stops there).
    pub fn confirm(&mut self, played: usize) {
        if let Some(n) = self.handoff.take() {
            self.viewer = Some(n);
            self.since = played;
            self.opening = false;
        }
    }

    /// What the screen may show now: nothing during a hand-off, else the viewer's view (or
    /// everything in solo play with `reveal_all`).
    #[must_use]
    pub fn visible(&self, session: &mut Session) -> Option<GameState> {
        if self.handoff.is_some() {
            return None;
        }
        let all = matches!(self.mode, SeatMode::Solo { reveal_all: true });
        Some(session.state(if all { None } else { self.viewer }))
    }

    /// The side whose secrets the screen may show (none during a hand-off).
    #[must_use]
    pub fn secrets_of(&self) -> Option<usize> {
        if self.handoff.is_some() { None } else { self.viewer }
    }
}

/// Whether the game is still in its set-up (for the hand-off text).
#[must_use]
pub fn in_setup(session: &Session) -> bool {
    session.world.resource::<TurnState>().setup.is_some()
}
