//! Sea moves (`rules.sea_moves`; engine gap G26, ToO 20): transports carry units from coast to
//! coast, 1 MP port to port and the whole allowance otherwise, in the zones each contingent
//! sails; enemy units by a passage hamper it, mined zones take a roll, events ban zones.

use sandtable::session::{Command, Session};

use crate::common::{kell_text_with, location, log_has, mv, play};

/// Kell Ford with three sea zones: West Bay (0101-0103 and Hollin, 0202), the South Sea (row 6
/// and 0604) and the East Sea (column 08); Hollin, Marrow (0506) and 0801 are ports. The North
/// has two transports at 0101 that carry 2 stacking points each, and both its infantry
/// regiments in Hollin with its artillery. `sea` is appended to the sea rules, `rules` to the
/// rules.
fn game(sea: &str, rules: &str, dice: &[u32]) -> Session {
    game_with(r#"zones: [(contingents: ["north"], zones: ["west", "south", "east"])]"#, sea, rules, dice)
}

/// [`game`] with the contingents' zones given.
fn game_with(zones: &str, sea: &str, rules: &str, dice: &[u32]) -> Session {
    let loaded = sandtable::games::load_str(&scenario(zones, sea, rules), "kell_sea.ron", &crate::common::root()).unwrap_or_else(|r| panic!("{r}"));
    let loaded = std::sync::Arc::new(loaded);
    let options = Session::default_options(&loaded);
    Session::new(loaded, sandtable::session::GameSetup { options, seed: 1, forced_dice: dice.to_vec() }).expect("session")
}

/// The text of the scenario of [`game_with`].
fn scenario(zones: &str, sea: &str, rules: &str) -> String {
    let all = format!(
        r#"rules: (reveal_when_enemy_ends_adjacent: true, sea_moves: Some((transports: ["n_ship"], capacity: 2,
            {zones}, rule: Some("20"){sea})){rules}),"#
    );
    kell_text_with(&[
            (crate::common::KELL_RULES, all.as_str()),
            PORTS,
            (r#"(hex: "0506", name: Some("Marrow"), vp: 2, objective: true),"#, r#"(hex: "0506", name: Some("Marrow"), vp: 2, objective: true, tags: ["port"]),"#),
            SEA_ZONES,
            (
                "    ],\n    counter_mix: [",
                r#"        (id: "n_ship", name: "Transport", contingent: "north", symbol: Infantry, size: "II",
         strength: Steps([(attack: 0, defense: 1, movement: 0)]), flags: [NoZoc, CannotAttack, Static]),
    ],
    counter_mix: [
        (unit_type: "n_ship", count: 2),"#,
            ),
            (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0202"),"#),
            (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0202"), (id: "N-Ship", unit_type: "n_ship", at: "0101"), (id: "N-Ship2", unit_type: "n_ship", at: "0101"),"#),
        ])
}

/// Kell Ford's three sea zones, as a replacement of its text.
pub(super) const SEA_ZONES: (&str, &str) = (
    "        vp_tracks:",
    r#"        sea_zones: [
            (id: "west", name: "West Bay", coast: ["0101", "0102", "0103", "0202"]),
            (id: "south", name: "South Sea", coast: ["0106", "0206", "0306", "0406", "0506", "0606", "0706", "0806", "0604"]),
            (id: "east", name: "East Sea", coast: ["0801", "0802", "0803", "0804", "0805", "0806"]),
        ],
        vp_tracks:"#,
);

/// Hollin and 0801 as ports.
pub(super) const PORTS: (&str, &str) =
    (r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0202", name: Some("Hollin"), tags: ["port"]), (hex: "0801", tags: ["port"]),"#);

fn sail(transport: &str, units: &[&str], to: &str) -> Command {
    Command::SeaMove { transport: transport.into(), units: units.iter().map(|u| (*u).into()).collect(), to: to.into() }
}

fn mp_used(s: &mut Session, unit: &str) -> (u32, bool) {
    let v = sandtable::model::units_now::UnitsNow::of_world(&mut s.world);
    let u = v.get(unit).expect("unit");
    (u.activity.mp_used, u.activity.finished)
}

#[test]
fn rule_too_20_3_port_to_port_costs_one_mp_and_the_units_move_on() {
    let mut s = game("", "", &[]);
    assert!(s.legal_commands().contains(&sail("N-Ship", &["N-Art"], "0801")));
    play(&mut s, &[sail("N-Ship", &["N-Art"], "0801")]);
    assert!(log_has(&mut s, "N-Art sail from 0202 to 0801 on N-Ship (West Bay to East Sea; port to port, 1 MP) (20)"));
    assert_eq!(location(&mut s, "N-Art"), "0801");
    assert_eq!(mp_used(&mut s, "N-Art"), (1, false));
    // It moves on by land with the 3 MP left; it sails no more this phase.
    play(&mut s, &[mv("N-Art", "0802")]);
    assert_eq!(s.apply(sail("N-Ship2", &["N-Art"], "0803")).expect_err("moved"), "`N-Art` has moved this phase");
}

#[test]
fn rule_too_20_3_any_other_voyage_costs_the_whole_allowance() {
    let mut s = game("", "", &[]);
    play(&mut s, &[sail("N-Ship", &["N-Art"], "0803")]);
    assert!(log_has(&mut s, "N-Art sail from 0202 to 0803 on N-Ship (West Bay to East Sea; all their MP) (20)"));
    assert_eq!(mp_used(&mut s, "N-Art"), (4, true));
}

#[test]
fn rule_too_20_2_a_transport_carries_its_capacity_once_a_phase() {
    let mut s = game("", "", &[]);
    let three = sail("N-Ship", &["N-Art", "N-2Inf", "N-3Inf"], "0801");
    assert_eq!(s.apply(three).expect_err("capacity"), "3 stacking points are more than a transport carries (2)");
    // The legal list offers each unit alone, not the whole stack that does not fit.
    assert!(s.legal_commands().contains(&sail("N-Ship", &["N-3Inf"], "0806")));
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::SeaMove { units, .. } if units.len() == 3)));
    play(&mut s, &[sail("N-Ship", &["N-2Inf", "N-3Inf"], "0801")]);
    assert_eq!(location(&mut s, "N-3Inf"), "0801");
    assert_eq!(s.apply(sail("N-Ship", &["N-Art"], "0801")).expect_err("once"), "`N-Ship` has sailed this phase");
    play(&mut s, &[sail("N-Ship2", &["N-Art"], "0102")]);
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::SeaMove { .. })), "both transports have sailed");
}

#[test]
fn rule_too_20_2_the_landing_hex_is_another_coastal_hex_without_enemy_units() {
    let mut s = game("", "", &[]);
    assert_eq!(s.apply(sail("N-Ship", &["N-Art"], "0404")).expect_err("inland"), "0404 is not a coastal hex");
    assert_eq!(s.apply(sail("N-Ship", &["N-Art"], "0202")).expect_err("same"), "the units already stand in 0202");
    assert_eq!(s.apply(sail("N-1Tk", &["N-Art"], "0801")).expect_err("no ship"), "`N-1Tk` is not a sea transport of north");
    assert_eq!(s.apply(sail("N-Ship", &["N-1Tk"], "0801")).expect_err("not coastal"), "0302 is not a coastal hex");
    assert_eq!(s.apply(sail("N-Ship", &["N-Art", "N-1Tk"], "0801")).expect_err("apart"), "`N-1Tk` does not stand with `N-Art`: a transport loads in one hex");
    assert_eq!(s.apply(sail("N-Ship", &["N-Art"], "0604")).expect_err("enemy"), "enemy units hold 0604");
    // Marrow is a port, but the South's: a voyage there is not port to port.
    let mut t = game("", "", &[]);
    assert!(t.legal_commands().contains(&sail("N-Ship", &["N-Art"], "0506")), "a port the enemy holds is still a coastal hex");
    play(&mut t, &[sail("N-Ship", &["N-Art"], "0506")]);
    assert!(log_has(&mut t, "N-Art sail from 0202 to 0506 on N-Ship (West Bay to South Sea; all their MP) (20)"), "not a friendly port");
}

#[test]
fn rule_too_20_9_each_contingent_sails_its_own_zones_while_their_conditions_hold() {
    let zones = r#"zones: [(contingents: ["north"], zones: ["west"]), (contingents: ["north"], zones: ["south"], when: [Controls(side: "north", space: "0404")])]"#;
    let mut s = game_with(zones, "", "", &[]);
    assert_eq!(s.apply(sail("N-Ship", &["N-Art"], "0803")).expect_err("east"), "no sea zone open to the units joins 0202 and 0803");
    assert_eq!(s.apply(sail("N-Ship", &["N-Art"], "0306")).expect_err("south while Kell is held"), "no sea zone open to the units joins 0202 and 0306");
    play(&mut s, &[sail("N-Ship", &["N-Art"], "0103")]);
    assert!(log_has(&mut s, "N-Art sail from 0202 to 0103 on N-Ship (West Bay; all their MP) (20)"));
}

#[test]
fn rule_too_20_8_enemy_units_by_the_canal_make_the_passage_port_to_port_at_all_mp() {
    // T28: the passage between West Bay and the East Sea is watched at 0604, where the South's
    // S-2Inf stands.
    let watched = |hex: &str| format!(r#", passages: [(from: ["west"], to: ["east", "south"], watched: ["{hex}"], hampered: PortToPortAllMp, rule: Some("20.8"))]"#);
    let mut s = game(&watched("0604"), "", &[]);
    assert_eq!(
        s.apply(sail("N-Ship", &["N-Art"], "0803")).expect_err("not port to port"),
        "enemy units by the passage from West Bay to East Sea allow only port to port voyages (20.8)"
    );
    play(&mut s, &[sail("N-Ship", &["N-Art"], "0801")]);
    assert!(log_has(&mut s, "N-Art sail from 0202 to 0801 on N-Ship (West Bay to East Sea; all their MP) (20)"));
    assert_eq!(mp_used(&mut s, "N-Art"), (4, true));
    // Within one zone the passage is not used.
    play(&mut s, &[sail("N-Ship2", &["N-2Inf"], "0102")]);
    // Nobody by the canal: port to port at 1 MP.
    let mut t = game(&watched("0605"), "", &[]);
    play(&mut t, &[sail("N-Ship", &["N-Art"], "0801")]);
    assert_eq!(mp_used(&mut t, "N-Art"), (1, false));
}

#[test]
fn rule_too_20_11_one_roll_per_transport_in_a_mined_zone_loses_everything_on_1_to_3() {
    let mines = |unless: &str| {
        format!(r#", hazards: [(zone: "east", contingents: ["north"], dice: D6, lost: (1, 3), transport_lost: true, unless: [{unless}], rule: Some("20.11"))]"#)
    };
    let mut s = game(&mines(r#"Controls(side: "north", space: "0404")"#), "", &[2, 5]);
    play(&mut s, &[sail("N-Ship", &["N-2Inf", "N-3Inf"], "0801")]);
    assert!(log_has(&mut s, "N-Ship sails from 0202 with N-2Inf, N-3Inf: rolled 2, all are lost with N-Ship (20.11)"));
    for u in ["N-2Inf", "N-3Inf", "N-Ship"] {
        assert_eq!(location(&mut s, u), "eliminated", "{u}");
    }
    play(&mut s, &[sail("N-Ship2", &["N-Art"], "0801")]);
    assert!(log_has(&mut s, "N-Ship2 sails from 0202 with N-Art: rolled 5, they come through (20.11)"));
    assert_eq!(location(&mut s, "N-Art"), "0801");
    // Waived while the condition holds (the Allies hold Constantinople): no roll is made.
    let mut t = game(&mines(r#"Controls(side: "north", space: "0101")"#), "", &[1]);
    play(&mut t, &[sail("N-Ship", &["N-Art"], "0801")]);
    assert_eq!(location(&mut t, "N-Art"), "0801");
    // A voyage that avoids the zone does not roll.
    let mut u = game(&mines(r#"Controls(side: "north", space: "0404")"#), "", &[1]);
    play(&mut u, &[sail("N-Ship", &["N-Art"], "0102")]);
    assert_eq!(location(&mut u, "N-Art"), "0102");
}

#[test]
fn rule_too_6_4_events_ban_sea_moves_in_a_zone_or_between_zones() {
    let scripted = |ban: &str| format!(r#", scripted: [(turn: "1", phase: "first_movement", effects: [Restrict({ban})], rule: Some("6.4"))]"#);
    // Russian Naval Superiority: no voyage in the zone.
    let mut s = game("", &scripted(r#"SeaBan(zones: ["west"])"#), &[]);
    assert_eq!(s.apply(sail("N-Ship", &["N-Art"], "0801")).expect_err("banned"), "no sea zone open to the units joins 0202 and 0801");
    // Home Government vs. India: not between the zone and another, but within it.
    let mut t = game("", &scripted(r#"SeaBan(zones: ["west"], between_only: true)"#), &[]);
    assert_eq!(t.apply(sail("N-Ship", &["N-Art"], "0801")).expect_err("between"), "an event bars voyages between West Bay and East Sea");
    play(&mut t, &[sail("N-Ship", &["N-Art"], "0102")]);
}

#[test]
fn bad_sea_moves_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let rules = r#"rules: (sea_moves: Some((transports: ["galley"], capacity: 0, zones: [(contingents: ["vikings"], zones: ["baltic"])],
        passages: [(from: ["baltic"], to: [], watched: [], hampered: Closed)],
        hazards: [(zone: "north_sea", contingents: ["north"], dice: D6, lost: (4, 9), transport_lost: false)])),
        scripted: [(turn: "1", phase: "first_movement", effects: [Restrict(SeaBan(zones: ["biscay"]))])]),"#;
    let text = text.replacen(crate::common::KELL_RULES, rules, 1);
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("bad sea moves load") };
    let e = e.to_string();
    for want in [
        "rules.sea_moves: the map has no sea zones (map.sea_zones)",
        "rules.sea_moves.transports[0]",
        "rules.sea_moves.capacity: a transport carries at least 1 stacking point",
        "rules.sea_moves.zones[0].contingents[0]: no unit type is of contingent `vikings`",
        "rules.sea_moves.zones[0].zones[0]: unknown sea zone `baltic` (map.sea_zones)",
        "rules.sea_moves.passages[0].watched: watches no hex",
        "rules.sea_moves.hazards[0].zone: unknown sea zone `north_sea`",
        "rules.sea_moves.hazards[0].lost: (4, 9) is not a range of rolls the dice show",
        "rules.scripted[0].effects[0].zones[0]: unknown sea zone `biscay`",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
}

#[test]
fn client_sea_moves_by_mouse_take_units_aboard_and_sail() {
    use sandtable::client::{Client, UiAction};
    let text = scenario(r#"zones: [(contingents: ["north"], zones: ["west", "south", "east"])]"#, "", "");
    let loaded = std::sync::Arc::new(sandtable::games::load_str(&text, "kell_sea.ron", &crate::common::root()).expect("loads"));
    let options = Session::default_options(&loaded);
    let mut c = Client::start(loaded, sandtable::session::GameSetup { options, seed: 1, forced_dice: Vec::new() }, true).expect("client");
    c.act(UiAction::Space("0202".into())).expect("select");
    assert!(c.status.starts_with("N-2Inf selected"), "{}", c.status);
    // No button lists each voyage: the map shows them.
    assert!(!c.offers().iter().any(|o| o.label.starts_with("carry")), "voyages are given on the map");
    // 18 coastal hexes: not its own, not 0604 (the enemy), not 0101 (full with the transports).
    c.press("Sea move: 15 coastal hexes (ringed sea green)").expect("the sea move button");
    assert!(c.highlights().iter().any(|(s, h)| *s == c.session.game().board.space("0801").expect("hex") && *h == sandtable::client::clicks::Highlight::Sea));
    c.press("Take N-3Inf aboard too").expect("aboard");
    c.press("Take N-Art aboard too").expect("aboard");
    assert!(c.status.contains("They may not sail anywhere together now"), "{}", c.status);
    c.press("Leave N-Art ashore").expect("ashore");
    c.act(UiAction::Space("0801".into())).expect("sail");
    assert_eq!(location(&mut c.session, "N-2Inf"), "0801");
    assert_eq!(location(&mut c.session, "N-3Inf"), "0801");
    assert_eq!(location(&mut c.session, "N-Art"), "0202");
    assert!(c.status.contains("Done: carry N-2Inf, N-3Inf by sea to 0801 on N-Ship"), "{}", c.status);
}

#[test]
fn rule_too_21_5_a_flotilla_never_sails_out_of_its_waters() {
    let text = scenario(r#"zones: [(contingents: ["north"], zones: ["west", "south", "east"])]"#, "", "").replacen(
        "    counter_mix: [",
        r#"    counter_mix: [
        (unit_type: "n_flot", count: 1),"#,
        1,
    );
    let text = text.replacen(
        r#"        (id: "n_ship", name: "Transport","#,
        r#"        (id: "n_flot", name: "Flotilla", contingent: "north", symbol: Naval, strength: Steps([(attack: 2, defense: 1, movement: 10)]), waters: Some((tag: "port"))),
        (id: "n_ship", name: "Transport","#,
        1,
    );
    let text = text.replacen(r#"(id: "N-Ship", unit_type: "n_ship", at: "0101"),"#, r#"(id: "N-Ship", unit_type: "n_ship", at: "0101"), (id: "N-Flot", unit_type: "n_flot", at: "0202"),"#, 1);
    let loaded = std::sync::Arc::new(sandtable::games::load_str(&text, "kell_sea.ron", &crate::common::root()).unwrap_or_else(|r| panic!("{r}")));
    let options = Session::default_options(&loaded);
    let mut s = Session::new(loaded, sandtable::session::GameSetup { options, seed: 1, forced_dice: vec![] }).expect("session");
    assert_eq!(s.apply(sail("N-Ship", &["N-Flot"], "0801")).expect_err("waters"), "`N-Flot` never moves by sea");
}

#[test]
fn rule_too_20_9_no_voyage_between_zones_no_water_joins() {
    // The East Sea is a lake of its own (as the Caspian is): West Bay and the South Sea join.
    let mut s = game(r#", basins: [["west", "south"], ["east"]]"#, "", &[]);
    let e = s.apply(sail("N-Ship", &["N-Art"], "0801")).expect_err("no water joins them");
    assert_eq!(e, "no water joins West Bay and East Sea");
    assert!(!s.legal_commands().contains(&sail("N-Ship", &["N-Art"], "0801")));
    play(&mut s, &[sail("N-Ship", &["N-Art"], "0506")]);
    assert_eq!(location(&mut s, "N-Art"), "0506");
    let bad = sandtable::games::load_str(&scenario(r#"zones: [(contingents: ["north"], zones: ["west"])]"#, r#", basins: [["west", "lake"]]"#, ""), "bad.ron", &crate::common::root());
    let e = bad.expect_err("an unknown zone").to_string();
    assert!(e.contains("rules.sea_moves.basins[0][1]"), "{e}");
}
