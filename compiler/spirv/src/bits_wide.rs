//! `firstbithigh`, `firstbitlow` and `reversebits` of 16- and 64-bit integers. `GLSL.std.450`
//! `FindUMsb`, `FindSMsb` and `FindILsb` take 32-bit components only (spirv-val: "this
//! instruction is currently limited to 32-bit width components"), and Vulkan allows
//! `OpBitReverse` on 32-bit integers only (VUID-StandaloneSpirv-Base-04781). So a 16-bit
//! operand is extended to 32 bits (sign-extended for the signed `firstbithigh`, which keeps the
//! position of the highest bit that differs from the sign) and a 64-bit operand is split into
//! its two 32-bit words. Called from the intrinsic dispatch in `intrinsics.rs`.

use rspirv::dr::Operand;
use rspirv::spirv::{Op, Word};
use types::{ScalarKind, Type};

use crate::functions::Fx;
use crate::instructions::shape;
use crate::{Result, SpirvError};

const FIND_ILSB: u32 = 73;
const FIND_SMSB: u32 = 74;
const FIND_UMSB: u32 = 75;

impl Fx<'_, '_> {
    /// `firstbithigh` (`high`) or `firstbitlow` of `v` of type `from` (a 16- or 64-bit integer
    /// scalar or vector), as a value of the intrinsic's result type `to`.
    pub(crate) fn first_bit_wide(
        &mut self,
        high: bool,
        v: Word,
        from: &Type,
        to: &Type,
    ) -> Result<Word> {
        let (k, n) = shape(from)
            .filter(|(k, _)| k.is_integer())
            .ok_or_else(|| SpirvError::invalid("firstbithigh/firstbitlow of a non-integer"))?;
        let signed = k.is_signed_integer();
        if k.bit_width() < 32 {
            let kind = if signed {
                ScalarKind::Int
            } else {
                ScalarKind::Uint
            };
            let wide_ty = vector_or_scalar(kind, n);
            let wide = self.convert(v, from, &wide_ty)?;
            let inst = match (high, signed) {
                (false, _) => FIND_ILSB,
                (true, true) => FIND_SMSB,
                (true, false) => FIND_UMSB,
            };
            let t = self.cx.plain_type(&wide_ty)?;
            let r = self.glsl(t, inst, &[wide]);
            return self.convert(r, &wide_ty, to);
        }
        // 64 bits, component by component, in 32-bit unsigned arithmetic.
        let uint_ty = vector_or_scalar(ScalarKind::Uint, n);
        let st = self.cx.plain_type(&Type::Scalar(k))?;
        let mut parts = Vec::new();
        for c in 0..n {
            let x = self.component(st, v, n, c);
            parts.push(self.first_bit_64(high, signed, x, k)?);
        }
        let r = if n == 1 {
            parts[0]
        } else {
            let t = self.cx.plain_type(&uint_ty)?;
            self.op(Op::CompositeConstruct, t, Self::ids(&parts))
        };
        self.convert(r, &uint_ty, to)
    }

    /// One 64-bit component `x` of kind `k`: the bit position as a 32-bit unsigned value
    /// (`0xFFFFFFFF` when there is no such bit, as the 32-bit instructions answer -1).
    fn first_bit_64(&mut self, high: bool, signed: bool, x: Word, k: ScalarKind) -> Result<Word> {
        let uint = self.cx.uint_type();
        let uint2 = self.cx.plain_type(&Type::Vector(ScalarKind::Uint, 2))?;
        let b = self.cx.plain_type(&Type::BOOL)?;
        let zero = self.cx.const_uint(0);
        let thirty_two = self.cx.const_uint(32);
        // The signed `firstbithigh` is the unsigned one of `x ^ (x >> 63)`: for a negative
        // value the highest 0 bit is the highest 1 bit of its complement.
        let x = if high && signed {
            let t = self.cx.plain_type(&Type::Scalar(k))?;
            let sixty_three = self.cx.const_uint(63);
            let sign = self.op(Op::ShiftRightArithmetic, t, Self::ids(&[x, sixty_three]));
            self.op(Op::BitwiseXor, t, Self::ids(&[x, sign]))
        } else {
            x
        };
        let words = self.op(Op::Bitcast, uint2, Self::ids(&[x]));
        let lo = self.op(
            Op::CompositeExtract,
            uint,
            vec![Operand::IdRef(words), Operand::LiteralBit32(0)],
        );
        let hi = self.op(
            Op::CompositeExtract,
            uint,
            vec![Operand::IdRef(words), Operand::LiteralBit32(1)],
        );
        let inst = if high { FIND_UMSB } else { FIND_ILSB };
        let in_lo = self.glsl(uint, inst, &[lo]);
        let in_hi = self.glsl(uint, inst, &[hi]);
        let in_hi = self.op(Op::IAdd, uint, Self::ids(&[in_hi, thirty_two]));
        Ok(if high {
            // The high word decides when it has any bit set.
            let hi_set = self.op(Op::INotEqual, b, Self::ids(&[hi, zero]));
            self.op(Op::Select, uint, Self::ids(&[hi_set, in_hi, in_lo]))
        } else {
            // The low word decides when it has any bit set; with both words 0 there is none.
            let lo_set = self.op(Op::INotEqual, b, Self::ids(&[lo, zero]));
            let hi_set = self.op(Op::INotEqual, b, Self::ids(&[hi, zero]));
            let none = self.cx.const_uint(u32::MAX);
            let from_hi = self.op(Op::Select, uint, Self::ids(&[hi_set, in_hi, none]));
            self.op(Op::Select, uint, Self::ids(&[lo_set, in_lo, from_hi]))
        })
    }
}

impl Fx<'_, '_> {
    /// `reversebits` of `v` of type `ty`, a 16- or 64-bit integer scalar or vector: a 16-bit
    /// value is reversed as the low half of a 32-bit word and shifted down; a 64-bit value is
    /// its two words reversed and swapped.
    pub(crate) fn reverse_bits_wide(&mut self, v: Word, ty: &Type) -> Result<Word> {
        let (k, n) = shape(ty)
            .filter(|(k, _)| k.is_integer())
            .ok_or_else(|| SpirvError::invalid("reversebits of a non-integer"))?;
        let uint_ty = vector_or_scalar(ScalarKind::Uint, n);
        let ut = self.cx.plain_type(&uint_ty)?;
        if k.bit_width() < 32 {
            let unsigned = ty
                .with_scalar_kind(ScalarKind::Uint16)
                .ok_or_else(|| SpirvError::invalid("reversebits of a non-integer"))?;
            let u = self.convert(v, ty, &unsigned)?;
            let wide = self.convert(u, &unsigned, &uint_ty)?;
            let rev = self.op(Op::BitReverse, ut, Self::ids(&[wide]));
            let sixteen = self.cx.const_uint(16);
            let sixteen = if n == 1 {
                sixteen
            } else {
                self.cx.const_composite(ut, &vec![sixteen; n as usize])
            };
            let low = self.op(Op::ShiftRightLogical, ut, Self::ids(&[rev, sixteen]));
            let narrow = self.convert(low, &uint_ty, &unsigned)?;
            return self.convert(narrow, &unsigned, ty);
        }
        let uint2 = self.cx.plain_type(&Type::Vector(ScalarKind::Uint, 2))?;
        let st = self.cx.plain_type(&Type::Scalar(k))?;
        let mut parts = Vec::new();
        for c in 0..n {
            let x = self.component(st, v, n, c);
            let words = self.op(Op::Bitcast, uint2, Self::ids(&[x]));
            let rev = self.op(Op::BitReverse, uint2, Self::ids(&[words]));
            let swapped = self.op(
                Op::VectorShuffle,
                uint2,
                vec![
                    Operand::IdRef(rev),
                    Operand::IdRef(rev),
                    Operand::LiteralBit32(1),
                    Operand::LiteralBit32(0),
                ],
            );
            parts.push(self.op(Op::Bitcast, st, Self::ids(&[swapped])));
        }
        Ok(if n == 1 {
            parts[0]
        } else {
            let t = self.cx.plain_type(ty)?;
            self.op(Op::CompositeConstruct, t, Self::ids(&parts))
        })
    }
}

fn vector_or_scalar(kind: ScalarKind, n: u32) -> Type {
    if n == 1 {
        Type::Scalar(kind)
    } else {
        Type::Vector(kind, n as u8)
    }
}
