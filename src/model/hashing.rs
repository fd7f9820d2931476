//! Hashing state without printing it: a serde serializer that feeds a 64-bit word hash with a
//! compact, unambiguous encoding of any `Serialize` value (a tag before each item, lengths
//! before sequences and strings), so a checkpoint's hash costs no text to build. Equal values
//! give equal hashes; the encoding names fields and variants by position, never by text.

use serde::ser::{self, Serialize};

/// A 64-bit hash fed a word at a time: each word is xored in, multiplied by an odd constant and
/// folded (the state after a word depends on every bit fed before). Written out here, bit for
/// bit, so that the hashes a save records are the same on every machine. It detects a replay
/// that drifted, not a forger: saves are not signed.
#[derive(Clone, Copy, Debug)]
pub struct StateHasher(pub u64);

impl Default for StateHasher {
    fn default() -> Self {
        StateHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl StateHasher {
    /// Feeds one word.
    #[inline]
    pub fn word(&mut self, w: u64) {
        let x = (self.0 ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = x ^ (x >> 29);
    }

    /// Feeds bytes eight at a time (the last word padded with zeros; callers feed the length
    /// first where lengths vary).
    pub fn bytes(&mut self, b: &[u8]) {
        let mut chunks = b.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.word(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.word(u64::from_le_bytes(w));
        }
    }

    fn tag(&mut self, t: u8) {
        self.word(u64::from(t) << 56);
    }

    /// A tag and a value in two words.
    fn tagged(&mut self, t: u8, v: u64) {
        self.tag(t);
        self.word(v);
    }
}

/// The hash of a value.
#[must_use]
pub fn hash_value<T: Serialize + ?Sized>(v: &T) -> u64 {
    let mut h = StateHasher::default();
    feed(&mut h, v);
    h.0
}

/// Feeds a value into a running hash.
pub fn feed<T: Serialize + ?Sized>(h: &mut StateHasher, v: &T) {
    // Hashing cannot fail: every method below returns Ok.
    let _ = v.serialize(Hasher(h));
}

/// The serializer (writes into the hash, returns nothing).
pub struct Hasher<'a>(pub &'a mut StateHasher);

/// Never produced: hashing does not fail.
#[derive(Debug)]
pub struct Never;

impl std::fmt::Display for Never {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("hashing failed")
    }
}

impl std::error::Error for Never {}

impl ser::Error for Never {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Never
    }
}

impl<'a> ser::Serializer for Hasher<'a> {
    type Ok = ();
    type Error = Never;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, v: bool) -> Result<(), Never> {
        self.0.tagged(1, u64::from(v));
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Never> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<(), Never> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<(), Never> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<(), Never> {
        self.0.tagged(2, v as u64);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Result<(), Never> {
        self.0.tag(2);
        self.0.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Never> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<(), Never> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<(), Never> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<(), Never> {
        self.0.tagged(3, v);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Result<(), Never> {
        self.0.tag(3);
        self.0.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Never> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Never> {
        self.0.tagged(4, v.to_bits());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Never> {
        self.0.tagged(5, u64::from(v));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Never> {
        self.0.tagged(6, v.len() as u64);
        self.0.bytes(v.as_bytes());
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Never> {
        self.0.tagged(7, v.len() as u64);
        self.0.bytes(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Never> {
        self.0.tag(8);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), Never> {
        self.0.tag(9);
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Never> {
        self.0.tag(10);
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Never> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _: &'static str, i: u32, _: &'static str) -> Result<(), Never> {
        self.0.tagged(11, u64::from(i));
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Result<(), Never> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(self, _: &'static str, i: u32, _: &'static str, v: &T) -> Result<(), Never> {
        self.0.tagged(12, u64::from(i));
        v.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, Never> {
        self.0.tagged(13, len.map_or(u64::MAX, |n| n as u64));
        Ok(self)
    }
    fn serialize_tuple(self, len: usize) -> Result<Self, Never> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Self, Never> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(self, _: &'static str, i: u32, _: &'static str, len: usize) -> Result<Self, Never> {
        self.0.tagged(14, u64::from(i));
        self.serialize_seq(Some(len))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Self, Never> {
        self.0.tagged(15, len.map_or(u64::MAX, |n| n as u64));
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Self, Never> {
        self.0.tagged(16, len as u64);
        Ok(self)
    }
    fn serialize_struct_variant(self, _: &'static str, i: u32, _: &'static str, len: usize) -> Result<Self, Never> {
        self.0.tagged(17, u64::from(i));
        self.serialize_struct("", len)
    }
}

impl ser::SerializeSeq for Hasher<'_> {
    type Ok = ();
    type Error = Never;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Never> {
        v.serialize(Hasher(self.0))
    }
    fn end(self) -> Result<(), Never> {
        self.0.tag(18);
        Ok(())
    }
}

impl ser::SerializeTuple for Hasher<'_> {
    type Ok = ();
    type Error = Never;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Never> {
        v.serialize(Hasher(self.0))
    }
    fn end(self) -> Result<(), Never> {
        self.0.tag(18);
        Ok(())
    }
}

impl ser::SerializeTupleStruct for Hasher<'_> {
    type Ok = ();
    type Error = Never;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Never> {
        v.serialize(Hasher(self.0))
    }
    fn end(self) -> Result<(), Never> {
        self.0.tag(18);
        Ok(())
    }
}

impl ser::SerializeTupleVariant for Hasher<'_> {
    type Ok = ();
    type Error = Never;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Never> {
        v.serialize(Hasher(self.0))
    }
    fn end(self) -> Result<(), Never> {
        self.0.tag(18);
        Ok(())
    }
}

impl ser::SerializeMap for Hasher<'_> {
    type Ok = ();
    type Error = Never;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), Never> {
        k.serialize(Hasher(self.0))
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Never> {
        v.serialize(Hasher(self.0))
    }
    fn end(self) -> Result<(), Never> {
        self.0.tag(18);
        Ok(())
    }
}

/// Fields of the state added after saves of format 3 were first written (issue 14's mechanisms,
/// each skipped while empty): skipped, they feed nothing, so a format-3 save written before
/// them still verifies. A field added to the state later, skipped while empty, joins the list.
const ADDED_AFTER_FORMAT_3: &[&str] = &[
    "phase_acted",
    "rolls_bought",
    "bought",
    "bought_once",
    "withdrawals",
    "receipts",
    "restrictions",
    "side_changes",
    "choices",
    "happened",
    "leaving",
    "lasting_restrictions",
    "built_tags",
    "bombarded",
    "landings",
    "attacker_pursues",
    "resting",
    "returning",
    // ToO 31: declared attacks and flags from a year.
    "year",
    "declare",
    "declared",
    "farther",
    "first",
];

/// A skipped field is a tag in the hash, unless it came after format 3 (see above).
fn skip(h: &mut StateHasher, key: &'static str) {
    if !ADDED_AFTER_FORMAT_3.contains(&key) {
        h.tag(19);
    }
}

impl ser::SerializeStruct for Hasher<'_> {
    type Ok = ();
    type Error = Never;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, _: &'static str, v: &T) -> Result<(), Never> {
        v.serialize(Hasher(self.0))
    }
    fn skip_field(&mut self, key: &'static str) -> Result<(), Never> {
        skip(self.0, key);
        Ok(())
    }
    fn end(self) -> Result<(), Never> {
        self.0.tag(18);
        Ok(())
    }
}

impl ser::SerializeStructVariant for Hasher<'_> {
    type Ok = ();
    type Error = Never;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, _: &'static str, v: &T) -> Result<(), Never> {
        v.serialize(Hasher(self.0))
    }
    fn skip_field(&mut self, key: &'static str) -> Result<(), Never> {
        skip(self.0, key);
        Ok(())
    }
    fn end(self) -> Result<(), Never> {
        self.0.tag(18);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::hash_value;

    #[test]
    fn equal_values_equal_hashes_and_structure_counts() {
        assert_eq!(hash_value(&vec!["ab", "c"]), hash_value(&vec!["ab", "c"]));
        assert_ne!(hash_value(&vec!["ab", "c"]), hash_value(&vec!["a", "bc"]), "lengths keep strings apart");
        assert_ne!(hash_value(&(Some(1u32), None::<u32>)), hash_value(&(None::<u32>, Some(1u32))));
        assert_ne!(hash_value(&1u32), hash_value(&1i32), "a tag per kind");
    }
}
