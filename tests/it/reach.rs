//! A unit's reach (`rules::reach`): every space it could end a move in were the map at its most
//! open. The legal list draws a mover's candidates from it, so a destination outside it would
//! never be drawn: these tests hold the reach to every destination the rules list.

use sandtable::model::command::Command;
use sandtable::model::view::UnitsView;
use sandtable::model::{Control, SpaceId};
use sandtable::rules::movement::legal_destinations;
use sandtable::rules::reach::reach_bound;
use sandtable::session::{GameSetup, Session};

use crate::common::{load, session};

/// The reach of each unit listed as moving, and its legal destinations, by space.
fn reaches_and_destinations(s: &mut Session) -> Vec<(String, Vec<SpaceId>, Vec<SpaceId>)> {
    let listed = s.legal_commands();
    let mut movers: Vec<String> = listed.iter().filter_map(|c| if let Command::Move { unit, .. } = c { Some(unit.to_string()) } else { None }).collect();
    movers.dedup();
    let units = UnitsView::from_world(&mut s.world);
    let control = s.world.resource::<Control>().clone();
    let game = s.game();
    movers
        .into_iter()
        .map(|id| {
            let u = units.get(&id).expect("a listed mover");
            let reach = reach_bound(game, &units, &control, u).unwrap_or_else(|| (0..game.board.len()).map(|i| SpaceId(i as u32)).collect());
            let destinations = legal_destinations(game, &units, &control, u).into_iter().map(|d| d.space).collect();
            (id, reach, destinations)
        })
        .collect()
}

/// Tutorial 5.7: the reach of a panzer at the start holds every hex it may move to, and leaves
/// out its own hex and the far corner of the map, which its eight MP cannot pay for.
#[test]
fn rule_5_7_a_units_reach_holds_its_destinations_and_not_what_its_allowance_cannot_pay_for() {
    let mut s = session("scenarios/salt_river_line.ron", 1, &[]);
    let units = UnitsView::from_world(&mut s.world);
    let control = s.world.resource::<Control>().clone();
    let game = s.game();
    let u = units.get("NA-1Pz").expect("the panzer");
    let reach = reach_bound(game, &units, &control, u).expect("a table for the tutorial's map");
    let destinations = legal_destinations(game, &units, &control, u);
    assert!(!destinations.is_empty());
    for d in &destinations {
        assert!(reach.contains(&d.space), "{} is a destination outside the reach", game.board.key(d.space));
    }
    let hex = |k: &str| game.board.space(k).expect("a hex of the map");
    assert_eq!(u.space(), Some(hex("0404")));
    for far in ["0404", "0612", "1012"] {
        assert!(!reach.contains(&hex(far)), "{far} is within the reach");
    }
    assert!(reach.len() < game.board.len() * 3 / 4, "{} of {} hexes", reach.len(), game.board.len());
}

/// DI 13.5 (one district for all MP), 27.9 (twice the allowance from a base, with the
/// Combat Logistics option) and 27.4 (slow militia, an option), hex maps alike: in random games
/// of every shipped scenario with a table, each mover's destinations are within its reach, and
/// the reach leaves out a good part of the map (Kell Ford's movers reach about half of its 48
/// hexes, Decision: Iraq's about a third of its 49 spaces).
#[test]
fn rule_13_5_and_27_9_every_movers_destinations_are_within_its_reach() {
    let files = [("scenarios/decision_iraq.ron", &[][..]), ("scenarios/decision_iraq.ron", &["combat_logistics", "militia_movement"][..]), ("scenarios/salt_river_line.ron", &[]), ("scenarios/kell_ford.ron", &[])];
    for (file, options) in files {
        let (mut movers, mut reach_total, mut board) = (0, 0, 0);
        for seed in 1..=2 {
            let loaded = load(file);
            let mut chosen = Session::default_options(&loaded);
            chosen.extend(options.iter().map(|o| o.to_string()));
            let mut s = Session::new(loaded, GameSetup { options: chosen, seed, forced_dice: vec![] }).expect("session");
            board = s.game().board.len();
            let mut bot = sandtable::bots::random::RandomPlayer::new(seed);
            while !s.is_over() {
                for (id, reach, destinations) in reaches_and_destinations(&mut s) {
                    for d in &destinations {
                        assert!(reach.binary_search(d).is_ok(), "{file} {options:?}: {id}'s destination {} is outside its reach", s.game().board.key(*d));
                    }
                    movers += 1;
                    reach_total += reach.len();
                }
                let c = bot.choose(&mut s).expect("a command");
                s.apply(c).expect("legal");
            }
        }
        assert!(movers > 50, "{file} {options:?}: {movers} movers");
        assert!(reach_total < movers * board * 2 / 3, "{file} {options:?}: {reach_total} spaces of reach for {movers} movers on {board} spaces");
    }
}
