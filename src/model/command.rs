//! Commands: every player action, serializable, the only way state changes. Spaces and units
//! are named by their scenario keys, never by ECS entities.

use serde::{Deserialize, Serialize};

pub use super::game_value::GameVal;

/// A name in a command (a unit id, a space key, a chit, a table): names up to 23 bytes are held
/// inline, so the legal list allocates nothing for the names of the commands it lists.
pub type Name = smol_str::SmolStr;

/// Names as a command holds them.
#[must_use]
pub fn names<S: AsRef<str>>(v: &[S]) -> Vec<Name> {
    v.iter().map(|s| Name::new(s.as_ref())).collect()
}

/// A command's names as text (for the rules that work on text ids).
#[must_use]
pub fn strings(v: &[Name]) -> Vec<String> {
    v.iter().map(ToString::to_string).collect()
}

/// A field a command does not have (a misspelt `suports:`) is an error where the command is read
/// (scripts, saves), never silently dropped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub enum Command {
    /// Move a unit to a space by the cheapest legal path.
    Move { unit: Name, to: Name },
    /// Bring a scheduled reinforcement onto one of its entry spaces.
    Enter { unit: Name, at: Name },
    /// Place a unit of a setup group (the unit is named by the group's generated id).
    Place { unit: Name, at: Name },
    /// Place every unit of the side's setup groups still to place at the scenario's default.
    DefaultSetup,
    /// Attack a space with adjacent units; `table` picks the CRT where the rules allow a choice.
    /// `supports` names consumable supports (barrage, air support) committed to the attack.
    Attack {
        attackers: Vec<Name>,
        target: Name,
        #[serde(default)]
        table: Option<Name>,
        #[serde(default)]
        supports: Vec<Name>,
        /// The kind of attack declared (`rules.attack_declarations`; ToO 31.4: an infiltration
        /// attack), if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        declare: Option<Name>,
    },
    /// Answer a losses prompt: one entry per step, naming the unit that loses it, and (where
    /// the game lets losses be paid by retreating) each surviving unit's retreat path.
    TakeLosses {
        units: Vec<Name>,
        #[serde(default)]
        retreat: Vec<RetreatMove>,
        /// Composites broken down first, so that their components take the losses (ToO 8.2,
        /// 12: "a corps may be broken down to take losses"); `units` then names components.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        break_down: Vec<Name>,
    },
    /// Answer a declaration prompt: make the declaration or not.
    Declare { id: Name, declare: bool },
    /// Answer a markers prompt: the spaces that receive the markers.
    PlaceMarkers { spaces: Vec<Name> },
    /// Play a held chit from the hand; `target` names the bridge, unit or space a reaction
    /// chit acts on.
    PlayChit {
        chit: Name,
        #[serde(default)]
        target: Option<Name>,
    },
    /// Decline a reaction offer.
    Pass,
    /// Answer a forced operation: the units that comply.
    Comply { units: Vec<Name> },
    /// Answer a forced operation: opt out and pay its cost.
    OptOut,
    /// Answer a choose-unit prompt.
    Choose { unit: Name },
    /// Answer the initiative: the side that plays first this turn.
    FirstPlayer { side: Name },
    /// DI 27.7: with a friendly base in the district, one group of attackers against the named
    /// enemy units there.
    GroupAttack {
        attackers: Vec<Name>,
        defenders: Vec<Name>,
        #[serde(default)]
        table: Option<Name>,
    },
    /// A carrier takes a friendly unit from its space to another: DI 27.5, 27.8 (the ruleset's
    /// transports); ToO 21.4 (`unit_types[].carries`: the carrier moves as `Move` does and sets
    /// the passenger down where its move ends).
    Carry { carrier: Name, passenger: Name, to: Name },
    /// Strategic movement along the strategic road class.
    StrategicMove { unit: Name, to: Name },
    /// A rail move along the side's own rail net (ToO 9.8).
    RailMove { unit: Name, to: Name },
    /// Railway engineers in one hex extend their side's net into `hexes`, one hex for each
    /// engineer, and end their move in the last (ToO 16.2).
    BuildRail { engineers: Vec<Name>, hexes: Vec<Name> },
    /// Mark a unit as breakthrough reserve at the start of its movement phase.
    Reserve { unit: Name },
    /// Spend a unit for a forced march at the start of the movement phase.
    ForcedMarch { unit: Name },
    /// Spend a unit for attack supply at the start of the combat phase (ToO 15.7).
    AttackSupply { unit: Name },
    /// Break a composite unit down into its components (ToO 8.2).
    Breakdown { unit: Name },
    /// Combine components in one hex into a composite unit (ToO 8.3), with the unit the
    /// combination consumes if any.
    Combine { units: Vec<Name> },
    /// Overrun an adjacent enemy hex during movement with a stack of units in one hex.
    Overrun { units: Vec<Name>, target: Name },
    /// Answer an advance prompt: the units that advance into the vacated hex (none = stay).
    Advance { units: Vec<Name> },
    /// Answer a pursuit prompt (ToO 14): each pursuing unit's path, its first hex one the
    /// losers left; units not named stay (no moves: no pursuit).
    Pursue { moves: Vec<RetreatMove> },
    /// Answer a pick-units prompt: the units that suffer its effect.
    PickUnits { units: Vec<Name> },
    /// Answer a retreat prompt (DI 16.43): where each unit goes (a space or a box); units not
    /// named stay where they are, which only units allowed to ignore the retreat may do.
    RetreatTo { moves: Vec<(Name, Name)> },
    /// Answer a choose-space prompt.
    ChooseSpace { space: Name },
    /// Mobilization (DI 12): buy a unit of this type and place it at a space or box; `surge`:
    /// pay with the side's mobilization points of a declaration (DI 24.5).
    Recruit {
        unit_type: Name,
        at: Name,
        #[serde(default)]
        surge: bool,
    },
    /// Mobilization (DI 12.10): buy a chit, drawn at random from the side's pool.
    BuyChit,
    /// Mobilization (DI 12.8): take an own unit off the map; it becomes available at once.
    Withdraw { unit: Name },
    /// End the current phase.
    EndPhase,
    // Variants are added here, at the end: saves and hashes read a variant by its place.
    /// Build `construction` at `at`, spending the units it uses up there (ToO 29: a port).
    Build { construction: Name, at: Name },
    /// Pay track points for a roll on one of the tables of `roll` (`rules.bought_rolls`; ToO
    /// 26: psychological warfare, column A or B).
    BuyRoll { roll: Name, table: Name },
    /// Answer a choice of options: the option taken (by its name).
    ChooseOption { option: Name },
    /// Answer a withdrawal prompt (ToO 7.10): the units withdrawn, after the composites in
    /// `break_down` are broken down (their components, the first free of the pool by id, may
    /// then be named).
    WithdrawUnits {
        units: Vec<Name>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        break_down: Vec<Name>,
    },
    /// Carry `units`, which stand in one coastal hex, by sea on `transport` to the coastal hex
    /// `to` (`rules.sea_moves`; ToO 20.2).
    SeaMove { transport: Name, units: Vec<Name>, to: Name },
    /// A command of the ruleset's own vocabulary, written in files under the ruleset's own name
    /// for it and with its own fields.
    #[serde(skip)]
    Game(GameVal),
}

impl Command {
    /// A short human form for logs.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Command::Move { unit, to } => format!("move {unit} to {to}"),
            Command::Enter { unit, at } => format!("enter {unit} at {at}"),
            Command::Place { unit, at } => format!("place {unit} at {at}"),
            Command::DefaultSetup => "take the default placement".to_string(),
            Command::Attack { attackers, target, table, supports, declare } => format!(
                "attack {target} with {}{}{}{}",
                attackers.join(", "),
                table.as_ref().map(|t| format!(" on {t}")).unwrap_or_default(),
                if supports.is_empty() { String::new() } else { format!(" supported by {}", supports.join(", ")) },
                declare.as_ref().map(|d| format!(", declared {d}")).unwrap_or_default()
            ),
            Command::TakeLosses { units, retreat, break_down } => {
                let steps = if units.is_empty() { "no steps".to_string() } else { units.join(", ") };
                let steps = if break_down.is_empty() { steps } else { format!("break {} down; {steps}", break_down.join(", ")) };
                let r: Vec<String> = retreat.iter().map(|m| format!("{} to {}", m.unit, m.path.join("-"))).collect();
                if r.is_empty() { format!("take losses: {steps}") } else { format!("take losses: {steps}; retreat {}", r.join(", ")) }
            }
            Command::Declare { id, declare: true } => format!("declare {id}"),
            Command::Declare { id, declare: false } => format!("do not declare {id}"),
            Command::PlaceMarkers { spaces } => format!("place markers in {}", spaces.join(", ")),
            Command::PlayChit { chit, target: None } => format!("play chit {chit}"),
            Command::PlayChit { chit, target: Some(t) } => format!("play chit {chit} on {t}"),
            Command::Pass => "pass".to_string(),
            Command::Comply { units } => format!("comply with {}", units.join(", ")),
            Command::OptOut => "opt out".to_string(),
            Command::Choose { unit } => format!("choose {unit}"),
            Command::FirstPlayer { side } => format!("{side} plays first"),
            Command::GroupAttack { attackers, defenders, table } => format!(
                "group attack on {} with {}{}",
                defenders.join(", "),
                attackers.join(", "),
                table.as_ref().map(|t| format!(" on {t}")).unwrap_or_default()
            ),
            Command::Carry { carrier, passenger, to } => format!("{carrier} carries {passenger} to {to}"),
            Command::StrategicMove { unit, to } => format!("strategic move {unit} to {to}"),
            Command::RailMove { unit, to } => format!("rail move {unit} to {to}"),
            Command::BuildRail { engineers, hexes } => format!("build the railway into {} with {}", hexes.join("-"), engineers.join(", ")),
            Command::Reserve { unit } => format!("mark {unit} as reserve"),
            Command::ForcedMarch { unit } => format!("spend {unit} for a forced march"),
            Command::AttackSupply { unit } => format!("spend {unit} for attack supply"),
            Command::Breakdown { unit } => format!("break {unit} down"),
            Command::Combine { units } => format!("combine {}", units.join(", ")),
            Command::Overrun { units, target } => format!("overrun {target} with {}", units.join(", ")),
            Command::Advance { units } if units.is_empty() => "do not advance".to_string(),
            Command::Advance { units } => format!("advance {}", units.join(", ")),
            Command::Pursue { moves } if moves.is_empty() => "no pursuit".to_string(),
            Command::Pursue { moves } => {
                format!("pursue: {}", moves.iter().map(|m| format!("{} into {}", m.unit, m.path.join("-"))).collect::<Vec<_>>().join(", "))
            }
            Command::ChooseOption { option } => format!("choose: {option}"),
            Command::WithdrawUnits { units, break_down } => {
                let what = if units.is_empty() { "no unit".to_string() } else { units.join(", ") };
                if break_down.is_empty() { format!("withdraw {what}") } else { format!("break {} down; withdraw {what}", break_down.join(", ")) }
            }
            Command::PickUnits { units } => format!("pick {}", if units.is_empty() { "no unit".to_string() } else { units.join(", ") }),
            Command::RetreatTo { moves } if moves.is_empty() => "stay (no retreat)".to_string(),
            Command::RetreatTo { moves } => {
                format!("retreat {}", moves.iter().map(|(u, t)| format!("{u} to {t}")).collect::<Vec<_>>().join(", "))
            }
            Command::ChooseSpace { space } => format!("choose {space}"),
            Command::Recruit { unit_type, at, surge: false } => format!("recruit {unit_type} at {at}"),
            Command::Recruit { unit_type, at, surge: true } => format!("recruit {unit_type} at {at} with mobilization points"),
            Command::Withdraw { unit } => format!("withdraw {unit}"),
            Command::BuyChit => "buy a chit".to_string(),
            Command::BuyRoll { roll, table } => format!("buy {roll}: roll on {table}"),
            Command::Build { construction, at } => format!("build {construction} at {at}"),
            Command::SeaMove { transport, units, to } => format!("carry {} by sea to {to} on {transport}", units.join(", ")),
            Command::EndPhase => "end phase".to_string(),
            Command::Game(g) => g.describe(),
        }
    }
}

/// Written as the derived form, a ruleset's command as the ruleset writes it.
impl Serialize for Command {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Command::Game(g) => g.serialize(s),
            c => Command::serialize(c, s),
        }
    }
}

/// Read as the derived form; a name the generic engine does not know is a ruleset's command,
/// kept as written until the game's ruleset reads it (`Session::apply`).
impl<'de> Deserialize<'de> for Command {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let raw = Box::<ron::value::RawValue>::deserialize(d)?;
        let mut de = ron::Deserializer::from_str(raw.get_ron()).map_err(D::Error::custom)?;
        match Command::deserialize(&mut de) {
            Ok(c) => Ok(c),
            Err(ron::Error::NoSuchEnumVariant { .. }) => Ok(Command::Game(GameVal::Raw(raw))),
            Err(e) => {
                let at = de.span_error(e);
                Err(D::Error::custom(format!("{} (at column {} of the command)", at.code, at.span.start.col)))
            }
        }
    }
}

/// One unit's retreat: the hexes it passes, in order, ending where it stops.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RetreatMove {
    pub unit: Name,
    pub path: Vec<Name>,
}
