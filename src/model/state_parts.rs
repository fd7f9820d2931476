//! The parts of the game state that the rules and rulesets keep in resources: each one printed
//! (by `sandtable script`, in the designer's full view) and hashed at every checkpoint, so that a
//! replay cannot drift in state nobody looks at. A mechanism registers its resources here; a
//! test checks that every resource of a running game is registered or named as holding no
//! state of the game (`NOT_STATE`), and that changing each registered one changes the hash.

use std::any::{Any, TypeId};

use bevy::prelude::{Resource, World};
use ron::value::RawValue;
use serde::Serialize;

/// One resource of the state.
#[derive(Clone, Copy)]
pub struct StatePart {
    /// The name it is printed under.
    pub name: &'static str,
    pub type_id: TypeId,
    /// Shown only in the full view (what is in a cup, which face-down unit is which): a side's
    /// view never holds it.
    pub secret: bool,
    /// The part as RON (`None` if the resource is missing).
    pub print: fn(&mut World) -> Option<Box<RawValue>>,
    /// Feeds the part into a state hash (without printing it).
    pub hash: fn(&mut World, &mut super::hashing::StateHasher),
    /// Takes the resource out, leaving its default, for the test that changing it changes the
    /// hash; `restore` puts it back.
    pub take: fn(&mut World) -> Option<Box<dyn Any>>,
    pub restore: fn(&mut World, Box<dyn Any>),
}

fn print_resource<R: Resource + Serialize>(world: &mut World) -> Option<Box<RawValue>> {
    RawValue::from_rust(world.get_resource::<R>()?).ok()
}

fn hash_resource<R: Resource + Serialize>(world: &mut World, h: &mut super::hashing::StateHasher) {
    if let Some(r) = world.get_resource::<R>() {
        super::hashing::feed(h, r);
    }
}

fn take_resource<R: Resource + Default>(world: &mut World) -> Option<Box<dyn Any>> {
    let old = world.remove_resource::<R>()?;
    world.insert_resource(R::default());
    Some(Box::new(old))
}

fn restore_resource<R: Resource>(world: &mut World, old: Box<dyn Any>) {
    if let Ok(r) = old.downcast::<R>() {
        world.insert_resource(*r);
    }
}

/// A resource printed and hashed as it serializes.
#[must_use]
pub fn part<R: Resource + Serialize + Default>(name: &'static str, secret: bool) -> StatePart {
    StatePart { name, type_id: TypeId::of::<R>(), secret, print: print_resource::<R>, hash: hash_resource::<R>, take: take_resource::<R>, restore: restore_resource::<R> }
}

/// Every part of the state that the running game's rules keep (inserted at spawn).
#[derive(Resource, Clone, Default)]
pub struct StateParts(pub Vec<StatePart>);

/// The dice: rolls made, where the generator stands and the forced results left.
#[must_use]
pub fn dice_part() -> StatePart {
    use super::dice::Dice;
    fn print(world: &mut World) -> Option<Box<RawValue>> {
        let d = world.get_resource::<Dice>()?;
        let (word, forced) = d.position();
        RawValue::from_rust(&(d.rolls.len(), word.to_string(), forced)).ok()
    }
    fn hash(world: &mut World, h: &mut super::hashing::StateHasher) {
        if let Some(d) = world.get_resource::<Dice>() {
            let (word, forced) = d.position();
            super::hashing::feed(h, &(d.rolls.len(), word, forced));
        }
    }
    fn take(world: &mut World) -> Option<Box<dyn Any>> {
        let old = world.remove_resource::<Dice>()?;
        world.insert_resource(Dice::new(0x5eed, &[]));
        Some(Box::new(old))
    }
    StatePart { name: "dice", type_id: TypeId::of::<Dice>(), secret: false, print, hash, take, restore: restore_resource::<Dice> }
}

/// Every unit with all it has done this phase (ids and types of face-down units included, so
/// only in the full view).
#[must_use]
pub fn units_part() -> StatePart {
    use super::components::Activity;
    use super::view::UnitsView;
    fn print(world: &mut World) -> Option<Box<RawValue>> {
        RawValue::from_rust(&UnitsView::from_world(world).all()).ok()
    }
    fn hash(world: &mut World, h: &mut super::hashing::StateHasher) {
        UnitsView::from_world(world).hash_into(h);
    }
    /// Marks the first unit (in entity order) finished, or not: a change the hash must see.
    fn take(world: &mut World) -> Option<Box<dyn Any>> {
        let mut q = world.query::<&mut Activity>();
        let mut a = q.iter_mut(world).next()?;
        a.finished = !a.finished;
        stale(world);
        Some(Box::new(()))
    }
    fn restore(world: &mut World, _: Box<dyn Any>) {
        let mut q = world.query::<&mut Activity>();
        if let Some(mut a) = q.iter_mut(world).next() {
            a.finished = !a.finished;
        }
        stale(world);
    }
    fn stale(world: &mut World) {
        if let Some(mut now) = world.get_resource_mut::<super::units_now::UnitsNow>() {
            now.stale();
        }
    }
    StatePart { name: "units", type_id: TypeId::of::<Activity>(), secret: true, print, hash, take, restore }
}
