//! The table of defined macro names, with a filter that answers "not a macro" for most
//! identifiers without hashing them.
//!
//! Every identifier the preprocessor reads is looked up here, and almost none of them name a
//! macro. The filter keeps one bit per (first byte, length and last byte) class of the names
//! ever inserted; an identifier whose class has no bit is not in the table. Bits are never
//! cleared (`#undef` leaves them), which only costs a hash lookup for a look-alike name.

use super::engine::FxMap;

/// Macro names to their index in `Pp::macros`.
pub(super) struct MacroNames {
    map: FxMap<String, u32>,
    /// Bit `class_bit(name)` of word `first byte % 64` is set for every name ever inserted.
    filter: [u64; 64],
}

impl Default for MacroNames {
    fn default() -> MacroNames {
        MacroNames {
            // Room for the predefined macros and a few of the file's without regrowing.
            map: FxMap::with_capacity_and_hasher(64, Default::default()),
            filter: [0; 64],
        }
    }
}

/// The filter word and bit of `name` (not empty).
fn class(name: &[u8]) -> (usize, u64) {
    let first = name.first().copied().unwrap_or(0);
    let last = name.last().copied().unwrap_or(0);
    let bit = (name.len() as u32).wrapping_add(u32::from(last).wrapping_mul(7)) % 64;
    (usize::from(first % 64), 1 << bit)
}

impl MacroNames {
    /// Whether `name` may be in the table (false: it certainly is not).
    #[inline]
    pub(super) fn may_contain(&self, name: &str) -> bool {
        let (word, bit) = class(name.as_bytes());
        self.filter[word] & bit != 0
    }

    /// Lets `name` pass the filter without defining it (for names the preprocessor handles
    /// itself, such as `_Pragma`).
    pub(super) fn watch(&mut self, name: &str) {
        let (word, bit) = class(name.as_bytes());
        self.filter[word] |= bit;
    }

    #[inline]
    pub(super) fn get(&self, name: &str) -> Option<&u32> {
        if !self.may_contain(name) {
            return None;
        }
        self.map.get(name)
    }

    pub(super) fn contains_key(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    pub(super) fn insert(&mut self, name: String, index: u32) {
        self.watch(&name);
        self.map.insert(name, index);
    }

    pub(super) fn remove(&mut self, name: &str) {
        self.map.remove(name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_was_inserted_and_nothing_else() {
        let mut names = MacroNames::default();
        names.insert("LANES".to_string(), 0);
        names.insert("SQR".to_string(), 1);
        assert_eq!(names.get("LANES"), Some(&0));
        assert_eq!(names.get("SQR"), Some(&1));
        for other in ["float4", "LANE", "LANES_", "SQ", "x", "Sqr"] {
            assert_eq!(names.get(other), None, "{other}");
        }
        names.remove("SQR");
        assert_eq!(names.get("SQR"), None);
        assert!(names.may_contain("SQR"), "bits stay after #undef");
        assert!(!names.may_contain("_Pragma"));
        names.watch("_Pragma");
        assert!(names.may_contain("_Pragma"));
        assert_eq!(names.get("_Pragma"), None);
    }
}
