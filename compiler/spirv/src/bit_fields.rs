//! Bit-fields in buffers: DXC packs a run of bit-fields of one type into one word
//! (`types::stored_fields`), so the struct member a bit-field's pointer names is that word. A
//! load reads the word and takes the field's bits out (`OpBitFieldSExtract` for a signed
//! type, which copies the field's top bit up, `OpBitFieldUExtract` otherwise); a store reads
//! the word, puts the value's low bits in (`OpBitFieldInsert`) and writes it back. Whole
//! structs convert member by member (`Fx::convert_repr`): the fields of a packed word are
//! extracted one by one, and a packed word is built from zero by inserting each field.
//! Called from `functions` (loads, stores, conversions between layouts).

use rspirv::dr::Operand;
use rspirv::spirv::{Op, Word};
use types::{BitRange, ScalarKind, Type};

use crate::functions::Fx;

/// The integer kind a bit-field of type `ty` is extracted as: signed kinds sign-extend.
fn is_signed(ty: &Type) -> bool {
    matches!(ty, Type::Scalar(k) if k.is_signed_integer())
        || matches!(ty, Type::Enum(e) if e.underlying.is_signed_integer())
}

impl Fx<'_, '_> {
    /// The value of the bit-field `bits` of type `ty` held in `word` (of SPIR-V type `t`).
    pub fn extract_bits(&mut self, word: Word, t: Word, ty: &Type, bits: BitRange) -> Word {
        let op = if is_signed(ty) {
            Op::BitFieldSExtract
        } else {
            Op::BitFieldUExtract
        };
        let offset = self.cx.const_uint(bits.offset);
        let count = self.cx.const_uint(bits.width);
        self.op(op, t, Self::ids(&[word, offset, count]))
    }

    /// `word` (of SPIR-V type `t`) with the bits `bits` replaced by the low bits of `value`.
    pub fn insert_bits(&mut self, word: Word, value: Word, t: Word, bits: BitRange) -> Word {
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
        let kind = match ty {
            Type::Scalar(k) => *k,
            Type::Enum(e) => e.underlying,
            _ => ScalarKind::Uint,
        };
        let s = crate::types::scalar_of(kind, true);
        self.cx.const_scalar(s, 0)
    }
}
