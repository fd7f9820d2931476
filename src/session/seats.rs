//! Who sits at the screen (hotseat and solo play): every screen is drawn from one side's view.
//! In hotseat play, when another side must act and the game holds secrets (chits in hand,
//! face-down units), the screen is handed over: nothing is shown until the next player
//! confirms. In solo play the view follows the side to act without a hand-off, keeping each
//! side's secrets to its own turns, unless the player chooses to see everything.

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
}

/// Whether the game holds anything one side may not see.
#[must_use]
pub fn has_secrets(session: &mut Session) -> bool {
    let pools = session.world.resource::<Pools>();
    if pools.hands.iter().any(|h| !h.is_empty()) || !pools.face_down.is_empty() {
        return true;
    }
    crate::model::view::UnitsView::from_world(&mut session.world).0.iter().any(|u| u.hidden)
}

impl Seats {
    /// The seats of a new or loaded game: the side to act has the screen.
    #[must_use]
    pub fn new(mode: SeatMode, session: &Session) -> Self {
        Self { mode, viewer: session.acting_side(), handoff: None }
    }

    /// After a command: the screen goes to the side that must act now, through a hand-off in
    /// hotseat play when there are secrets to keep.
    pub fn follow(&mut self, session: &mut Session) {
        let Some(next) = session.acting_side() else { return };
        if Some(next) == self.viewer || self.handoff == Some(next) {
            return;
        }
        match self.mode {
            SeatMode::Hotseat if has_secrets(session) => self.handoff = Some(next),
            _ => self.viewer = Some(next),
        }
    }

    /// The next player has the screen.
    pub fn confirm(&mut self) {
        if let Some(n) = self.handoff.take() {
            self.viewer = Some(n);
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
