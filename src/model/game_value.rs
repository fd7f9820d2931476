//! Commands and prompts of a ruleset's own vocabulary, as the generic engine carries them: a
//! typed value of the ruleset's (compared, described, written as RON) behind one generic
//! variant (`Command::Game`, `Prompt::Game`). Read from a file, a ruleset command is kept as
//! written until the session hands it to the game's ruleset, which reads it into its own type.

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

use ron::value::RawValue;

/// A value of a ruleset's own vocabulary.
pub trait GameValue: Any + Send + Sync + Debug {
    fn as_any(&self) -> &dyn Any;
    fn eq_dyn(&self, other: &dyn GameValue) -> bool;
    /// The value as RON, as a file writes it (`Name(field: value)`).
    fn to_ron(&self) -> String;
    /// A short human form for logs and buttons.
    fn describe(&self) -> String;
    /// The rule it comes from (prompts show it).
    fn rule(&self) -> String;
}

/// A typed value's behaviour as a [`GameValue`]: what a ruleset's command and prompt enums
/// implement.
pub trait Describe {
    fn describe(&self) -> String;
    fn rule(&self) -> String {
        String::new()
    }
}

impl<T: Any + Send + Sync + Debug + PartialEq + serde::Serialize + Describe> GameValue for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn eq_dyn(&self, other: &dyn GameValue) -> bool {
        other.as_any().downcast_ref::<T>().is_some_and(|o| o == self)
    }
    fn to_ron(&self) -> String {
        ron::to_string(self).unwrap_or_default()
    }
    fn describe(&self) -> String {
        Describe::describe(self)
    }
    fn rule(&self) -> String {
        Describe::rule(self)
    }
}

/// A ruleset's value: typed, or (read from a file before the game's ruleset saw it) as written.
#[derive(Clone, Debug)]
pub enum GameVal {
    Typed(Arc<dyn GameValue>),
    Raw(Box<RawValue>),
}

impl GameVal {
    #[must_use]
    pub fn new(v: impl GameValue) -> Self {
        GameVal::Typed(Arc::new(v))
    }

    /// The typed value, if it is one of `T`.
    #[must_use]
    pub fn get<T: 'static>(&self) -> Option<&T> {
        match self {
            GameVal::Typed(v) => v.as_any().downcast_ref::<T>(),
            GameVal::Raw(_) => None,
        }
    }

    #[must_use]
    pub fn to_ron(&self) -> String {
        match self {
            GameVal::Typed(v) => v.to_ron(),
            GameVal::Raw(r) => r.get_ron().trim().to_string(),
        }
    }

    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            GameVal::Typed(v) => v.describe(),
            GameVal::Raw(r) => crate::scenario::files::quote(r.get_ron().trim()),
        }
    }

    #[must_use]
    pub fn rule(&self) -> String {
        match self {
            GameVal::Typed(v) => v.rule(),
            GameVal::Raw(_) => String::new(),
        }
    }
}

impl PartialEq for GameVal {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (GameVal::Typed(a), GameVal::Typed(b)) => a.eq_dyn(b.as_ref()),
            (GameVal::Raw(a), GameVal::Raw(b)) => a.get_ron().trim() == b.get_ron().trim(),
            _ => false,
        }
    }
}

impl Eq for GameVal {}

impl serde::Serialize for GameVal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            GameVal::Raw(r) => r.serialize(s),
            GameVal::Typed(v) => match RawValue::from_boxed_ron(v.to_ron().into_boxed_str()) {
                Ok(r) => r.serialize(s),
                Err(e) => Err(serde::ser::Error::custom(e)),
            },
        }
    }
}

impl<'de> serde::Deserialize<'de> for GameVal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Box::<RawValue>::deserialize(d).map(GameVal::Raw)
    }
}
