//! Bit-fields in buffers: DXC packs a run of bit-fields of one type into one word
//! (`types::stored_fields`), so the struct member a bit-field's pointer names is that word. A
//! load reads the word and takes the field's bits out (`OpBitFieldSExtract` for a signed
//! type, which copies the field's top bit up, `OpBitFieldUExtract` otherwise); a store reads
//! the word, puts the value's low bits in (`OpBitFieldInsert`) and writes it back. Vulkan
//! allows those instructions on 32-bit words only: 16- and 64-bit words use shifts and masks. Whole
//! structs convert member by member (`Fx::convert_repr`): the fields of a packed word are
//! extracted one by one, and a packed word is built from zero by inserting each field.
//! Called from `functions` (loads, stores, conversions between layouts).

use rspirv::dr::Operand;
use rspirv::spirv::{Op, Word};
use types::{BitRange, ScalarKind, Type};

use crate::functions::Fx;

/// The integer kind a bit-field of type `ty` is stored as (a signed one sign-extends).
fn kind_of(ty: &Type) -> ScalarKind {
    match ty {
        Type::Scalar(k) => *k,
        Type::Enum(e) => e.underlying,
        _ => ScalarKind::Uint,
    }
}

/// The mask of `width` low bits.
fn low_bits(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

impl Fx<'_, '_> {
    /// The value of the bit-field `bits` of type `ty` held in `word` (of SPIR-V type `t`).
    /// Vulkan takes the bit-field instructions on 32-bit integers only
    /// (VUID-StandaloneSpirv-Base-04781): a 16- or 64-bit word shifts instead, left to put
    /// the field's top bit at the word's, then right (arithmetic for a signed field).
    pub fn extract_bits(&mut self, word: Word, t: Word, ty: &Type, bits: BitRange) -> Word {
        let kind = kind_of(ty);
        let signed = kind.is_signed_integer();
        let w = kind.size_in_buffer() * 8;
        if w != 32 && bits.width > 0 && bits.offset + bits.width <= w {
            let up = self.cx.const_uint(w - bits.offset - bits.width);
            let down = self.cx.const_uint(w - bits.width);
            let top = self.op(Op::ShiftLeftLogical, t, Self::ids(&[word, up]));
            let op = if signed {
                Op::ShiftRightArithmetic
            } else {
                Op::ShiftRightLogical
            };
            return self.op(op, t, Self::ids(&[top, down]));
        }
        let op = if signed {
            Op::BitFieldSExtract
        } else {
            Op::BitFieldUExtract
        };
        let offset = self.cx.const_uint(bits.offset);
        let count = self.cx.const_uint(bits.width);
        self.op(op, t, Self::ids(&[word, offset, count]))
    }

    /// `word` (of SPIR-V type `t`, holding a `ty` bit-field) with the bits `bits` replaced by
    /// the low bits of `value`; with masks and shifts for a word that is not 32-bit.
    pub fn insert_bits(
        &mut self,
        word: Word,
        value: Word,
        t: Word,
        ty: &Type,
        bits: BitRange,
    ) -> Word {
        let kind = kind_of(ty);
        let w = kind.size_in_buffer() * 8;
        if w != 32 && bits.offset + bits.width <= w {
            let s = crate::types::scalar_of(kind, true);
            let field = low_bits(bits.width) << bits.offset;
            let keep = self.cx.const_scalar(s, !field & low_bits(w));
            let mask = self.cx.const_scalar(s, low_bits(bits.width));
            let at = self.cx.const_uint(bits.offset);
            let kept = self.op(Op::BitwiseAnd, t, Self::ids(&[word, keep]));
            let low = self.op(Op::BitwiseAnd, t, Self::ids(&[value, mask]));
            let placed = self.op(Op::ShiftLeftLogical, t, Self::ids(&[low, at]));
            return self.op(Op::BitwiseOr, t, Self::ids(&[kept, placed]));
        }
        let offset = self.cx.const_uint(bits.offset);
        let count = self.cx.const_uint(bits.width);
        self.op(
            Op::BitFieldInsert,
            t,
            vec![
                Operand::IdRef(word),
                Operand::IdRef(value),
                Operand::IdRef(offset),
                Operand::IdRef(count),
            ],
        )
    }

    /// A word of the stored form of `ty` with every bit 0, to build a packed word from.
    pub fn zero_word(&mut self, ty: &Type) -> Word {
        let s = crate::types::scalar_of(kind_of(ty), true);
        self.cx.const_scalar(s, 0)
    }
}
