//! Intrinsics with no SPIR-V instruction of their own, expanded into several as DXC does:
//! `lit` (ambient, diffuse, specular, 1), `dst` (the distance vector of the legacy lighting
//! model) and `msad4` (masked sums of absolute byte differences over four sliding windows).
//! Called from `intrinsics` for `CallIntrinsic`.

use rspirv::dr::Operand;
use rspirv::spirv::{Op, Word};
use types::{ScalarKind, Type};

use crate::functions::Fx;
use crate::instructions::shape;
use crate::{Result, SpirvError};

/// `GLSL.std.450` instruction numbers used here.
const FMIN: u32 = 37;
const FMAX: u32 = 40;
const POW: u32 = 26;

impl Fx<'_, '_> {
    /// The scalar type of a float scalar or vector type `ty`, and a constant of it.
    fn float_const(&mut self, ty: &Type, v: f32) -> Result<(Word, Word)> {
        let (k, _) = shape(ty).ok_or_else(|| SpirvError::invalid("not a float type"))?;
        let st = self.cx.plain_type(&Type::Scalar(k))?;
        let s = crate::types::scalar_of(k, false);
        let bits = match s {
            crate::types::Scalar::Float { width: 64 } => f64::from(v).to_bits(),
            crate::types::Scalar::Float { width: 16 } => u64::from(ir::value::f32_to_f16_bits(v)),
            _ => u64::from(v.to_bits()),
        };
        Ok((st, self.cx.const_scalar(s, bits)))
    }

    fn extract(&mut self, ty: Word, v: Word, index: u32) -> Word {
        self.op(
            Op::CompositeExtract,
            ty,
            vec![Operand::IdRef(v), Operand::LiteralBit32(index)],
        )
    }

    /// Component `c` (of type `ty`) of `v`, a vector of `n` components, or `v` itself when
    /// `n` is 1 (a scalar).
    pub(crate) fn component(&mut self, ty: Word, v: Word, n: u32, c: u32) -> Word {
        if n == 1 {
            v
        } else {
            self.extract(ty, v, c)
        }
    }

    /// `lit(n_dot_l, n_dot_h, m)`: `(1, max(n_dot_l, 0), specular, 1)` where the specular term
    /// is `pow(n_dot_h, m)`, or 0 when either dot product is negative.
    pub(crate) fn expand_lit(&mut self, ty: &Type, args: &[Word]) -> Result<Word> {
        let [ndl, ndh, m] = args else {
            return Err(SpirvError::invalid("lit takes 3 operands"));
        };
        let (st, one) = self.float_const(ty, 1.0)?;
        let (_, zero) = self.float_const(ty, 0.0)?;
        let b = self.cx.bool_type();
        let diffuse = self.glsl(st, FMAX, &[*ndl, zero]);
        let least = self.glsl(st, FMIN, &[*ndl, *ndh]);
        let negative = self.op(Op::FOrdLessThan, b, Self::ids(&[least, zero]));
        let power = self.glsl(st, POW, &[*ndh, *m]);
        let specular = self.op(Op::Select, st, Self::ids(&[negative, zero, power]));
        let t = self.cx.plain_type(ty)?;
        Ok(self.op(
            Op::CompositeConstruct,
            t,
            Self::ids(&[one, diffuse, specular, one]),
        ))
    }

    /// `dst(a, b)`: `(1, a.y * b.y, a.z, b.w)`.
    pub(crate) fn expand_dst(&mut self, ty: &Type, args: &[Word]) -> Result<Word> {
        let [a, b] = args else {
            return Err(SpirvError::invalid("dst takes 2 operands"));
        };
        // Any numeric kind, as DXC's table gives it (`numeric<4>`).
        let (k, _) = shape(ty).ok_or_else(|| SpirvError::invalid("dst of a non-vector"))?;
        let (st, one, mul) = if k.is_float() {
            let (st, one) = self.float_const(ty, 1.0)?;
            (st, one, Op::FMul)
        } else {
            let st = self.cx.plain_type(&Type::Scalar(k))?;
            let one = self.cx.const_scalar(crate::types::scalar_of(k, false), 1);
            (st, one, Op::IMul)
        };
        let ay = self.extract(st, *a, 1);
        let by = self.extract(st, *b, 1);
        let y = self.op(mul, st, Self::ids(&[ay, by]));
        let z = self.extract(st, *a, 2);
        let w = self.extract(st, *b, 3);
        let t = self.cx.plain_type(ty)?;
        Ok(self.op(Op::CompositeConstruct, t, Self::ids(&[one, y, z, w])))
    }

    /// `msad4(reference, source, accum)`: for each window `k` of four bytes starting at byte
    /// `k` of the 64-bit `source`, `accum[k]` plus the sum over the bytes `i` of `reference`
    /// that are not zero of `|reference.i - window.i|`.
    pub(crate) fn expand_msad4(&mut self, args: &[Word]) -> Result<Word> {
        let [reference, source, accum] = args else {
            return Err(SpirvError::invalid("msad4 takes 3 operands"));
        };
        let uint = self.cx.uint_type();
        let b = self.cx.bool_type();
        let c = |fx: &mut Self, v: u32| fx.cx.const_uint(v);
        let lo = self.extract(uint, *source, 0);
        let hi = self.extract(uint, *source, 1);
        let (eight, zero) = (c(self, 8), c(self, 0));
        // Bytes of the reference, and whether each takes part.
        let mut refs = Vec::new();
        for i in 0..4 {
            let off = c(self, 8 * i);
            let byte = self.op(
                Op::BitFieldUExtract,
                uint,
                Self::ids(&[*reference, off, eight]),
            );
            let used = self.op(Op::INotEqual, b, Self::ids(&[byte, zero]));
            refs.push((off, byte, used));
        }
        let mut sums = Vec::new();
        for k in 0..4u32 {
            // The window: bits 8k..8k+32 of hi:lo.
            let window = if k == 0 {
                lo
            } else {
                let (down, up) = (c(self, 8 * k), c(self, 32 - 8 * k));
                let l = self.op(Op::ShiftRightLogical, uint, Self::ids(&[lo, down]));
                let h = self.op(Op::ShiftLeftLogical, uint, Self::ids(&[hi, up]));
                self.op(Op::BitwiseOr, uint, Self::ids(&[l, h]))
            };
            let mut sum = self.extract(uint, *accum, k);
            for &(off, r, used) in &refs {
                let s = self.op(Op::BitFieldUExtract, uint, Self::ids(&[window, off, eight]));
                let greater = self.op(Op::UGreaterThan, b, Self::ids(&[r, s]));
                let r_s = self.op(Op::ISub, uint, Self::ids(&[r, s]));
                let s_r = self.op(Op::ISub, uint, Self::ids(&[s, r]));
                let diff = self.op(Op::Select, uint, Self::ids(&[greater, r_s, s_r]));
                let diff = self.op(Op::Select, uint, Self::ids(&[used, diff, zero]));
                sum = self.op(Op::IAdd, uint, Self::ids(&[sum, diff]));
            }
            sums.push(sum);
        }
        let t = self.cx.plain_type(&Type::Vector(ScalarKind::Uint, 4))?;
        Ok(self.op(Op::CompositeConstruct, t, Self::ids(&sums)))
    }
}
