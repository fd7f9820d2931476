//! The legal list as it is made: its commands, with the ones that cost most to work out held
//! apart, unsure, where a random player takes one command of hundreds:
//! - a movement phase's moves: each unit that may move is a block of candidates, one for each
//!   space of the map until a draw falls on it, then one for each space it could reach at most
//!   (`rules::reach`); its destinations are worked out only when the list is read in full or
//!   when a random draw falls on one of those spaces;
//! - a Combat phase's area attacks: each district where attacks may be listed is a block of
//!   candidates, one for each table and group of attackers it may try, worked out as a
//!   mover's are;
//! - a set-up list's placements and default placement: each one candidate, checked only when
//!   the list is read in full or when a draw falls on it;
//! - a ruleset's own commands it holds apart (`Ruleset::held_commands`: Decision: Iraq's
//!   purchases, a block per unit type).
//!
//! [`LegalList::draw_other`] draws among the candidates until it falls on a listed command:
//! each listed command is as likely as if the whole list had been worked out and drawn from.

use std::cell::OnceCell;
use std::sync::Arc;

use crate::model::command::Command;
use crate::model::held_blocks::HeldBlocks;
use crate::model::view::UnitsView;
use crate::model::{Control, Game, SpaceId, Tracks, TurnState};
use crate::rules::movement::{Surroundings, legal_destinations_among};
use crate::rules::reach::Reach;

/// A movement phase's moves, unsure: the units that may move, each with its destinations once
/// they are worked out (as the sure list works them out, on the same surroundings).
pub(super) struct UnsureMoves<'w> {
    game: &'w Game,
    control: &'w Control,
    near: Surroundings,
    units: Arc<UnitsView>,
    /// The units that may move, by place in `units`, in list order.
    movers: Vec<u32>,
    /// Each mover's destinations, in list order, once worked out.
    found: Vec<OnceCell<Vec<SpaceId>>>,
    /// Each mover's reach (`rules::reach`) once worked out: the spaces its destinations are
    /// among (`None`: every space).
    reach: Vec<OnceCell<Option<Reach<'w>>>>,
}

impl<'w> UnsureMoves<'w> {
    /// The moves of `movers` (places in `units`) through `near`, the surroundings of their side.
    pub(super) fn new((game, control): (&'w Game, &'w Control), near: Surroundings, units: &Arc<UnitsView>, movers: Vec<u32>) -> Self {
        let found = movers.iter().map(|_| OnceCell::new()).collect();
        let reach = movers.iter().map(|_| OnceCell::new()).collect();
        UnsureMoves { game, control, near, units: units.clone(), movers, found, reach }
    }

    /// Mover `b`'s reach (worked out once).
    fn reach(&self, b: usize) -> Option<&Reach<'w>> {
        self.reach[b].get_or_init(|| crate::rules::reach::reach_of(self.game, &self.units, self.control, &self.units.all()[self.movers[b] as usize])).as_ref()
    }

    /// How many candidates mover `b` has: its destinations once worked out, else the spaces of
    /// its reach once that is, else every space of the map.
    fn weight(&self, b: usize) -> usize {
        match (self.found[b].get(), self.reach[b].get()) {
            (Some(found), _) => found.len(),
            (None, Some(Some(reach))) => reach.len(),
            _ => self.game.board.len(),
        }
    }

    /// Candidate `j` of mover `b` as a move, if it is listed. A candidate of the whole map
    /// outside the mover's reach is refused once the reach is worked out (the mover's
    /// candidates become the reach); one inside it, or a candidate of the reach, is listed if
    /// it is one of the destinations, which are worked out then.
    fn pick(&self, b: usize, j: usize) -> Option<Command> {
        if let Some(found) = self.found[b].get() {
            return Some(self.made(b, found[j]));
        }
        let to = match self.reach[b].get() {
            Some(Some(reach)) => {
                debug_assert!(j < reach.len(), "a draw within the reach's weight");
                reach.get(j)?
            }
            Some(None) => SpaceId(u32::try_from(j).ok()?),
            None => {
                let to = SpaceId(u32::try_from(j).ok()?);
                if self.reach(b).is_some_and(|reach| !reach.contains(to)) {
                    return None;
                }
                to
            }
        };
        self.destinations(b).contains(&to).then(|| self.made(b, to))
    }

    /// Mover `b`'s destinations (worked out once).
    fn destinations(&self, b: usize) -> &[SpaceId] {
        self.found[b].get_or_init(|| {
            let unit = &self.units.all()[self.movers[b] as usize];
            let found: Vec<SpaceId> = legal_destinations_among(self.game, &self.units, self.control, &self.near, unit).into_iter().map(|d| d.space).collect();
            // Each listed move is one candidate of the unit's block: its space, once.
            debug_assert!(found.iter().all(|s| s.index() < self.game.board.len()) && found.windows(2).all(|w| w[0] < w[1]), "destinations are spaces of the map in board order, each once");
            debug_assert!(self.reach(b).is_none_or(|reach| found.iter().all(|&s| reach.contains(s))), "the destinations of `{}` are within its reach", unit.id);
            found
        })
    }

    /// The surroundings the moves are worked out in.
    pub(super) fn near(&self) -> &Surroundings {
        &self.near
    }

    /// Every mover's moves, in list order.
    pub(super) fn listed(&self) -> Vec<Command> {
        (0..self.movers.len()).flat_map(|b| self.destinations(b).iter().map(move |&s| self.made(b, s))).collect()
    }

    fn made(&self, b: usize, to: SpaceId) -> Command {
        Command::Move { unit: self.units.all()[self.movers[b] as usize].id.clone(), to: self.game.board.key_name(to).clone() }
    }
}

/// A Combat phase's area attacks, unsure: the districts where attacks may be listed, each with
/// its attacks and their slots once they are worked out (`area_combat::district_attacks`).
pub(super) struct UnsureAttacks<'w> {
    game: &'w Game,
    turn: &'w TurnState,
    tracks: &'w Tracks,
    units: Arc<UnitsView>,
    side: usize,
    tables: Vec<Option<String>>,
    /// Each district, with how many groups of attackers it may try at most.
    districts: Vec<(SpaceId, usize)>,
    found: Vec<OnceCell<Vec<(usize, Command)>>>,
    /// Where ending the phase goes in the list if it is listed, and whether it is: the 14.3
    /// check, made when first asked (`None`: the list decided it).
    end: Option<(usize, OnceCell<bool>)>,
}

impl<'w> UnsureAttacks<'w> {
    /// The attacks of `side` on `tables`, in the districts where they may be listed (only one,
    /// where the ruleset confines them there).
    pub(super) fn new((game, turn, tracks): (&'w Game, &'w TurnState, &'w Tracks), units: &Arc<UnitsView>, side: usize, tables: Vec<Option<String>>, only: Option<SpaceId>) -> Self {
        use crate::rules::area_combat::{attack_districts, district_groups_bound};
        let districts: Vec<(SpaceId, usize)> = attack_districts(game, turn, units, side).filter(|s| only.is_none_or(|o| o == *s)).map(|s| (s, district_groups_bound(units, side, s))).collect();
        let found = districts.iter().map(|_| OnceCell::new()).collect();
        UnsureAttacks { game, turn, tracks, units: units.clone(), side, tables, districts, found, end: None }
    }

    /// District `b`'s attacks with their slots, in list order (worked out once).
    fn attacks(&self, b: usize) -> &[(usize, Command)] {
        self.found[b].get_or_init(|| {
            let mut found = Vec::new();
            let s = self.districts[b].0;
            crate::rules::area_combat::district_attacks(self.game, self.turn, &self.units, self.tracks, self.side, (&self.tables, false), s, &mut |slot, c| found.push((slot, c)));
            debug_assert!(found.windows(2).all(|w| w[0].0 < w[1].0) && found.last().is_none_or(|l| l.0 < self.slots(b)), "each attack of a district has a slot of its own");
            found
        })
    }

    /// Whether ending the phase is listed (asked once; `rules::area_combat::must_attack_rejection`).
    fn ends(&self) -> bool {
        self.end.as_ref().is_some_and(|(_, listed)| *listed.get_or_init(|| crate::rules::area_combat::must_attack_rejection(self.game, self.turn, &self.units, self.tracks, self.side).is_none()))
    }

    /// How many slots district `b` has: a bound on its attacks.
    fn slots(&self, b: usize) -> usize {
        self.districts[b].1 * self.tables.len()
    }
}

/// A set-up list's unsure commands: the placements (each the place of the unit in `units`, its
/// group, and the place of the space among the group's spaces), then the default placement (the
/// list is of a set-up with groups left to place). Each is listed if the rules take it: asked
/// once, when first needed (`known`, by item).
pub(super) struct UnsureSetup<'w> {
    game: &'w Game,
    units: Arc<UnitsView>,
    side: usize,
    places: Vec<(u32, u32, u32)>,
    known: Vec<OnceCell<bool>>,
}

impl<'w> UnsureSetup<'w> {
    pub(super) fn new((game, units, side): (&'w Game, &Arc<UnitsView>, usize), places: Vec<(u32, u32, u32)>) -> Self {
        let known = (0..=places.len()).map(|_| OnceCell::new()).collect();
        UnsureSetup { game, units: units.clone(), side, places, known }
    }

    /// Whether item `i` is listed (`rules::setup`'s checks, as the sure list asks them).
    fn holds(&self, i: usize) -> bool {
        *self.known[i].get_or_init(|| match self.places.get(i) {
            Some(&(k, gi, si)) => {
                let (game, units) = (self.game, &self.units);
                let (unit, group) = (&units.all()[k as usize], &game.scenario.setup.groups[gi as usize]);
                let space = game.lookups.group_spaces(gi as usize)[si as usize];
                let ok = space.is_some_and(|space| crate::rules::setup::space_allows(game, units, self.side, group, space, unit));
                let at = &group.spaces[si as usize];
                debug_assert_eq!(ok, crate::rules::setup::place_rejection(game, units, self.side, &unit.id, at).is_none(), "the list and the command agree on {} at {at}", unit.id);
                ok
            }
            None => crate::rules::setup::default_placement(self.game, &self.units, self.side).is_ok(),
        })
    }

    fn command(&self, i: usize) -> Command {
        match self.places.get(i) {
            Some(&(k, gi, si)) => {
                let at = &self.game.scenario.setup.groups[gi as usize].spaces[si as usize];
                Command::Place { unit: self.units.all()[k as usize].id.clone(), at: at.as_str().into() }
            }
            None => Command::DefaultSetup,
        }
    }
}

/// Commands held apart from the sure list, each block worked out when first needed.
pub(super) enum Unsure<'w> {
    Moves(Box<UnsureMoves<'w>>),
    Attacks(Box<UnsureAttacks<'w>>),
    Setup(UnsureSetup<'w>),
    Ruleset(Box<HeldBlocks<'w>>),
}

impl Unsure<'_> {
    fn blocks(&self) -> usize {
        match self {
            Unsure::Moves(m) => m.movers.len(),
            Unsure::Attacks(a) => a.districts.len(),
            Unsure::Setup(s) => s.known.len(),
            Unsure::Ruleset(h) => h.blocks(),
        }
    }

    /// Block `b`'s candidates: its listed commands once it is worked out, else a bound on them
    /// (a mover: every space of the map, or of its reach; a district: its slots; a set-up item:
    /// itself).
    fn weight(&self, b: usize) -> usize {
        match self {
            Unsure::Moves(m) => m.weight(b),
            Unsure::Attacks(a) => a.found[b].get().map_or(a.slots(b), Vec::len),
            Unsure::Setup(s) => s.known[b].get().map_or(1, |&ok| usize::from(ok)),
            Unsure::Ruleset(h) => h.weight(b),
        }
    }

    /// Candidate `j` of block `b` (below its weight) as a command, if it is listed: a block
    /// worked out lists every candidate it has; another is worked out now.
    fn pick(&self, b: usize, j: usize) -> Option<Command> {
        match self {
            Unsure::Moves(m) => m.pick(b, j),
            Unsure::Attacks(a) => match a.found[b].get() {
                Some(found) => Some(found[j].1.clone()),
                None => a.attacks(b).iter().find(|(slot, _)| *slot == j).map(|(_, c)| c.clone()),
            },
            Unsure::Setup(s) => s.holds(b).then(|| s.command(b)),
            Unsure::Ruleset(h) => h.pick(b, j),
        }
    }

    /// The listed commands, in list order (every block worked out).
    pub(super) fn listed(&self) -> Vec<Command> {
        match self {
            Unsure::Moves(m) => m.listed(),
            Unsure::Attacks(a) => (0..a.districts.len()).flat_map(|b| a.attacks(b).iter().map(|(_, c)| c.clone())).collect(),
            Unsure::Setup(s) => (0..s.known.len()).filter(|&i| s.holds(i)).map(|i| s.command(i)).collect(),
            Unsure::Ruleset(h) => h.listed(),
        }
    }

    /// Leaves whether the phase may end to be asked later, ending the phase going at `at` in the
    /// list if it may (attacks only; false: the list asks it now).
    pub(super) fn end_at(&mut self, at: usize) -> bool {
        match self {
            Unsure::Attacks(a) => {
                a.end = Some((at, OnceCell::new()));
                true
            }
            _ => false,
        }
    }

    /// Whether ending the phase is listed among the commands held apart.
    fn ends(&self) -> bool {
        matches!(self, Unsure::Attacks(a) if a.ends())
    }

    /// Puts the commands held apart that are listed into `out` at `at`, and the end of the
    /// phase at its place if it is listed.
    pub(super) fn settle_at(&self, at: usize, out: &mut Vec<Command>) {
        if let Unsure::Attacks(a) = self
            && let Some((end_at, _)) = a.end
            && a.ends()
        {
            out.insert(end_at.min(out.len()), Command::EndPhase);
        }
        let at = at.min(out.len());
        out.splice(at..at, self.listed());
    }

    /// How many commands are listed (every block worked out).
    fn listed_len(&self) -> usize {
        match self {
            Unsure::Moves(m) => (0..m.movers.len()).map(|b| m.destinations(b).len()).sum(),
            Unsure::Attacks(a) => (0..a.districts.len()).map(|b| a.attacks(b).len()).sum(),
            Unsure::Setup(s) => (0..s.known.len()).filter(|&i| s.holds(i)).count(),
            Unsure::Ruleset(h) => h.listed_len(),
        }
    }
}

/// The legal commands of the side to act, in the order `session::legal::legal_commands` lists
/// them, read as the random player reads them: the end of the phase, and the others.
pub struct LegalList<'w> {
    pub(super) commands: Vec<Command>,
    /// Commands held apart, listed at their place among `commands`.
    pub(super) unsure: Option<(usize, Unsure<'w>)>,
}

impl LegalList<'_> {
    #[must_use]
    pub fn len(&self) -> usize {
        self.commands.len() + self.unsure.as_ref().map_or(0, |(_, u)| u.listed_len() + usize::from(u.ends()))
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether ending the phase is listed.
    #[must_use]
    pub fn ends_phase(&self) -> bool {
        self.commands.iter().any(is_end) || self.unsure.as_ref().is_some_and(|(_, u)| u.ends())
    }

    /// How many commands other than ending the phase are listed.
    #[must_use]
    pub fn others(&self) -> usize {
        self.commands.iter().filter(|c| !is_end(c)).count() + self.unsure.as_ref().map_or(0, |(_, u)| u.listed_len())
    }

    /// One of the commands other than ending the phase, each as likely; `draw(n)` draws an
    /// index below `n`, each as likely. `None`: no other command is listed.
    ///
    /// The commands held apart are candidates, and a draw that falls on one works out its
    /// block (a mover's destinations, a district's attacks, a placement's checks). A candidate that is not listed is
    /// dropped, its block's candidates become what it lists, and the draw is made again. Each
    /// draw gives every listed command the same chance, whatever was dropped before: the
    /// command taken is as likely as any other listed one. At most one draw per block is
    /// refused once the block is worked out, since it then lists every candidate it keeps (a
    /// mover's reach may refuse one before).
    /// The list itself is left as it was.
    pub fn draw_other(&self, mut draw: impl FnMut(usize) -> usize) -> Option<Command> {
        let Some((at, unsure)) = &self.unsure else {
            let n = self.others();
            return if n == 0 { None } else { nth_other(&self.commands, 0, draw(n)).cloned() };
        };
        let at = (*at).min(self.commands.len());
        let before = self.commands[..at].iter().filter(|c| !is_end(c)).count();
        let after = self.commands[at..].iter().filter(|c| !is_end(c)).count();
        let mut weights: Vec<usize> = (0..unsure.blocks()).map(|b| unsure.weight(b)).collect();
        let mut total = before + after + weights.iter().sum::<usize>();
        while total > 0 {
            let mut k = draw(total);
            if k < before {
                return nth_other(&self.commands, 0, k).cloned();
            }
            k -= before;
            let mut block = None;
            for (b, &w) in weights.iter().enumerate() {
                if k < w {
                    block = Some(b);
                    break;
                }
                k -= w;
            }
            let Some(b) = block else { return nth_other(&self.commands, at, k).cloned() };
            if let Some(c) = unsure.pick(b, k) {
                return Some(c);
            }
            total -= weights[b];
            weights[b] = unsure.weight(b);
            total += weights[b];
        }
        None
    }

    /// Puts the commands held apart that are listed into the list, at their place.
    fn settle(&mut self) {
        if let Some((at, u)) = self.unsure.take() {
            u.settle_at(at, &mut self.commands);
        }
    }

    /// The `k`-th command other than ending the phase, in list order.
    #[must_use]
    pub fn other(mut self, k: usize) -> Option<Command> {
        self.settle();
        let i = other_place(&self.commands, 0, k)?;
        Some(self.commands.swap_remove(i))
    }

    /// The first command listed.
    #[must_use]
    pub fn first(self) -> Option<Command> {
        self.into_commands().into_iter().next()
    }

    /// Every command, in list order.
    #[must_use]
    pub fn into_commands(mut self) -> Vec<Command> {
        self.settle();
        self.commands
    }
}

/// The place of the `k`-th command other than ending the phase from place `from` on.
fn other_place(commands: &[Command], from: usize, k: usize) -> Option<usize> {
    Some(commands.iter().enumerate().skip(from).filter(|(_, c)| !is_end(c)).nth(k)?.0)
}

/// The `k`-th command other than ending the phase from place `from` on.
fn nth_other(commands: &[Command], from: usize, k: usize) -> Option<&Command> {
    commands.get(other_place(commands, from, k)?)
}

fn is_end(c: &Command) -> bool {
    matches!(c, Command::EndPhase)
}
