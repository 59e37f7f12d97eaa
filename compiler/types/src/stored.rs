//! How the fields of an HLSL struct map to the members of the struct a backend declares: a
//! run of bit-fields packed into one word (see `layout.rs`) is one member, and every other
//! field is a member of its own. Called by the SPIR-V backend wherever it names a struct
//! member (types, access chains, conversions between layouts) and by the interpreter's
//! memory shapes.

use crate::layout::{LayoutKind, TypeLayout};
use crate::ty::StructType;

/// Bits `offset .. offset + width` of an integer member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BitRange {
    pub offset: u32,
    pub width: u32,
}

/// Where one field of a struct is stored: the declared member, and the bits of it for a
/// bit-field laid out in a buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StoredField {
    pub member: u32,
    pub bits: Option<BitRange>,
}

/// Where each field of `s` is stored when it is laid out as `layout` (a struct layout of
/// `s`), or in plain memory (`None`: every field a whole member).
pub fn stored_fields(s: &StructType, layout: Option<&TypeLayout>) -> Vec<StoredField> {
    let members = match layout.map(|l| &l.kind) {
        Some(LayoutKind::Struct { members }) if members.len() == s.fields.len() => Some(members),
        _ => None,
    };
    let mut out: Vec<StoredField> = Vec::with_capacity(s.fields.len());
    let mut next = 0;
    for i in 0..s.fields.len() {
        let bits = members.and_then(|m| match m[i].layout.kind {
            LayoutKind::BitField { bit_offset, width } => Some(BitRange {
                offset: bit_offset,
                width,
            }),
            _ => None,
        });
        // A bit-field at a bit past 0 shares the word of the bit-field before it.
        let shares = bits.is_some_and(|b| b.offset > 0)
            && out.last().is_some_and(|prev| prev.bits.is_some());
        let member = match out.last() {
            Some(prev) if shares => prev.member,
            _ => {
                next += 1;
                next - 1
            }
        };
        out.push(StoredField { member, bits });
    }
    out
}

/// The number of members the struct declares for `stored` (see [`stored_fields`]).
pub fn stored_member_count(stored: &[StoredField]) -> u32 {
    stored.last().map_or(0, |f| f.member + 1)
}

/// For each declared member, the index of the first field stored in it.
pub fn first_fields(stored: &[StoredField]) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, f) in stored.iter().enumerate() {
        if f.member as usize == out.len() {
            out.push(i);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LayoutRules, StructField, Type};

    fn bit_field(name: &str, ty: Type, width: u8) -> StructField {
        StructField {
            bit_width: Some(width),
            ..StructField::new(name, ty)
        }
    }

    /// `struct B { uint a : 4; uint b : 12; uint c; int d : 3; int e : 30; uint f : 2; }`:
    /// a and b share word 0 (bits 0..4 and 4..16); c is word 1; d starts word 2; e (30 bits)
    /// does not fit after d's 3 and starts word 3; f is a `uint`, not an `int`, so it cannot
    /// join e and starts word 4.
    #[test]
    fn runs_of_bit_fields_share_a_member() {
        let s = StructType {
            name: "B".into(),
            fields: vec![
                bit_field("a", Type::UINT, 4),
                bit_field("b", Type::UINT, 12),
                StructField::new("c", Type::UINT),
                bit_field("d", Type::INT, 3),
                bit_field("e", Type::INT, 30),
                bit_field("f", Type::UINT, 2),
            ],
        };
        let ty = Type::structure(s.clone());
        let layout = TypeLayout::of(&ty, LayoutRules::RelaxedStd430);
        let stored = stored_fields(&s, Some(&layout));
        let got: Vec<(u32, Option<(u32, u32)>)> = stored
            .iter()
            .map(|f| (f.member, f.bits.map(|b| (b.offset, b.width))))
            .collect();
        assert_eq!(
            got,
            [
                (0, Some((0, 4))),
                (0, Some((4, 12))),
                (1, None),
                (2, Some((0, 3))),
                (3, Some((0, 30))),
                (4, Some((0, 2))),
            ]
        );
        assert_eq!(stored_member_count(&stored), 5);
        assert_eq!(first_fields(&stored), [0, 2, 3, 4, 5]);
        let LayoutKind::Struct { members } = &layout.kind else {
            panic!("a struct layout");
        };
        let offsets: Vec<u32> = members.iter().map(|m| m.offset).collect();
        assert_eq!(offsets, [0, 0, 4, 8, 12, 16]);
        assert_eq!(layout.size, 20);
        // In plain memory every field is a member of its own.
        let plain = stored_fields(&s, None);
        assert_eq!(stored_member_count(&plain), 6);
        assert!(plain.iter().all(|f| f.bits.is_none()));
    }
}
