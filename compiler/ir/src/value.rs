//! Values and constants: the operands of instructions. A [`Value`] is a constant, a spec
//! constant, a global, a function argument or an instruction result. Constants keep the exact
//! bits of their scalar type so folding can wrap integers and keep float precision. Used by the
//! builder, printer, verifier and every pass.

use types::{ScalarKind, Type};

use crate::entity::Handle;
use crate::module::{Global, Inst};

pub type Const = Handle<Constant>;
pub type Spec = Handle<SpecConstant>;

/// An instruction operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    Const(Const),
    Spec(Spec),
    Global(Global),
    /// The n-th parameter of the enclosing function.
    Arg(u32),
    Inst(Inst),
}

/// A constant in the module's constant pool.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Constant {
    pub ty: Type,
    pub kind: ConstantKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ConstantKind {
    /// The exact bits of a scalar, zero-extended to 64 bits. `bool` is 0 or 1; `half` and the
    /// minimum-precision floats hold 32-bit float bits; `float16_t` holds binary16 bits.
    Scalar(u64),
    /// Vectors (of scalars), matrices (of row vectors), arrays and structs.
    Composite(Vec<Const>),
}

/// A specialization constant: a scalar with an id and a default, never folded.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SpecConstant {
    pub id: u32,
    pub name: String,
    pub kind: ScalarKind,
    /// Bits of the default, as in [`ConstantKind::Scalar`].
    pub default_bits: u64,
}

/// Masks `bits` to the width of `kind`.
pub fn normalize_bits(kind: ScalarKind, bits: u64) -> u64 {
    match kind.bit_width() {
        64 => bits,
        1 => bits & 1,
        w => bits & ((1u64 << w) - 1),
    }
}

impl Constant {
    pub fn scalar(kind: ScalarKind, bits: u64) -> Constant {
        Constant {
            ty: Type::Scalar(kind),
            kind: ConstantKind::Scalar(normalize_bits(kind, bits)),
        }
    }

    pub fn bool(v: bool) -> Constant {
        Constant::scalar(ScalarKind::Bool, v as u64)
    }

    pub fn int(v: i32) -> Constant {
        Constant::scalar(ScalarKind::Int, v as u32 as u64)
    }

    pub fn uint(v: u32) -> Constant {
        Constant::scalar(ScalarKind::Uint, v as u64)
    }

    pub fn int64(v: i64) -> Constant {
        Constant::scalar(ScalarKind::Int64, v as u64)
    }

    pub fn uint64(v: u64) -> Constant {
        Constant::scalar(ScalarKind::Uint64, v)
    }

    pub fn int16(v: i16) -> Constant {
        Constant::scalar(ScalarKind::Int16, v as u16 as u64)
    }

    pub fn uint16(v: u16) -> Constant {
        Constant::scalar(ScalarKind::Uint16, v as u64)
    }

    pub fn float(v: f32) -> Constant {
        Constant::scalar(ScalarKind::Float, v.to_bits() as u64)
    }

    pub fn double(v: f64) -> Constant {
        Constant::scalar(ScalarKind::Double, v.to_bits())
    }

    /// A float constant of a 32-bit float kind (`float`, `half`, `min16float`, `min10float`)
    /// or of `float16_t` (rounded to nearest even) or `double`.
    pub fn float_of(kind: ScalarKind, v: f64) -> Constant {
        match kind {
            ScalarKind::Double => Constant::double(v),
            ScalarKind::Float16 => Constant::scalar(kind, f32_to_f16_bits(v as f32) as u64),
            _ => Constant::scalar(kind, (v as f32).to_bits() as u64),
        }
    }

    pub fn scalar_bits(&self) -> Option<u64> {
        match self.kind {
            ConstantKind::Scalar(b) => Some(b),
            ConstantKind::Composite(_) => None,
        }
    }

    /// The value of an integer scalar constant, sign-extended for signed kinds.
    pub fn as_i64(&self) -> Option<i64> {
        let kind = self.ty.scalar_kind()?;
        let bits = self.scalar_bits()?;
        if !matches!(self.ty, Type::Scalar(_)) || !kind.is_integer() {
            return None;
        }
        Some(sign_extend(kind, bits))
    }
}

impl Constant {
    /// The value of a float scalar constant, exactly (every float kind fits in `f64`).
    pub fn as_f64(&self) -> Option<f64> {
        let Type::Scalar(kind) = self.ty else {
            return None;
        };
        let bits = self.scalar_bits()?;
        match kind {
            ScalarKind::Double => Some(f64::from_bits(bits)),
            ScalarKind::Float16 => Some(f64::from(f16_bits_to_f32(bits as u16))),
            k if k.is_float() => Some(f64::from(f32::from_bits(bits as u32))),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match (&self.ty, &self.kind) {
            (Type::Scalar(ScalarKind::Bool), ConstantKind::Scalar(b)) => Some(*b != 0),
            _ => None,
        }
    }
}

/// Interprets `bits` of an integer kind as a signed (sign-extended) or unsigned value.
pub fn sign_extend(kind: ScalarKind, bits: u64) -> i64 {
    let w = kind.bit_width();
    if kind.is_signed_integer() && w < 64 {
        let shift = 64 - w;
        ((bits << shift) as i64) >> shift
    } else {
        bits as i64
    }
}

/// IEEE binary16 to binary32 (exact).
pub fn f16_bits_to_f32(h: u16) -> f32 {
    let sign = ((h >> 15) as u32) << 31;
    let exp = ((h >> 10) & 0x1f) as u32;
    let mant = (h & 0x3ff) as u32;
    let bits = match (exp, mant) {
        (0, 0) => sign,
        (0, m) => {
            // Subnormal: value = m * 2^-24.
            let v = m as f32 * f32::from_bits(0x3380_0000);
            return if sign != 0 { -v } else { v };
        }
        (0x1f, m) => sign | 0x7f80_0000 | (m << 13),
        (e, m) => sign | ((e + 112) << 23) | (m << 13),
    };
    f32::from_bits(bits)
}

/// IEEE binary32 to binary16, rounding to nearest even.
pub fn f32_to_f16_bits(v: f32) -> u16 {
    let bits = v.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if mant != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rest > half || (rest == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (mant >> 13);
    let rest = mant & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && r & 1 == 1) {
        r += 1;
    }
    sign | r as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_conversions_round_trip_and_round_to_nearest_even() {
        for bits in [
            0x0000u16, 0x8000, 0x3c00, 0xc000, 0x7bff, 0x0001, 0x03ff, 0x0400, 0x7c00,
        ] {
            assert_eq!(f32_to_f16_bits(f16_bits_to_f32(bits)), bits, "{bits:#06x}");
        }
        assert_eq!(f16_bits_to_f32(0x3c00), 1.0);
        assert_eq!(f16_bits_to_f32(0x0001), 2f32.powi(-24));
        // 1 + 2^-11 is halfway between 1.0 and the next half; ties go to even (1.0).
        assert_eq!(f32_to_f16_bits(1.0 + 2f32.powi(-11)), 0x3c00);
        assert_eq!(f32_to_f16_bits(1.0 + 3.0 * 2f32.powi(-11)), 0x3c02);
        assert_eq!(f32_to_f16_bits(1.0e6), 0x7c00);
        assert_eq!(f32_to_f16_bits(f32::NAN) & 0x7e00, 0x7e00);
    }

    #[test]
    fn integer_bits_are_masked_and_sign_extended() {
        assert_eq!(Constant::int(-1).scalar_bits(), Some(0xffff_ffff));
        assert_eq!(Constant::int(-1).as_i64(), Some(-1));
        assert_eq!(Constant::int16(-2).as_i64(), Some(-2));
        assert_eq!(Constant::uint(u32::MAX).as_i64(), Some(4294967295));
        assert_eq!(Constant::scalar(ScalarKind::Bool, 3).scalar_bits(), Some(1));
        assert_eq!(Constant::float(1.0).as_i64(), None);
        assert_eq!(Constant::float(1.5).as_f64(), Some(1.5));
        assert_eq!(
            Constant::float_of(ScalarKind::Float16, 0.5).as_f64(),
            Some(0.5)
        );
        assert_eq!(Constant::double(0.1).as_f64(), Some(0.1));
        assert_eq!(Constant::int(1).as_f64(), None);
        assert_eq!(Constant::bool(true).as_bool(), Some(true));
        assert_eq!(Constant::int(1).as_bool(), None);
    }
}
