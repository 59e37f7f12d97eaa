//! Scalar semantics: how the interpreter stores a component ([`Num`] and its bits), and
//! arithmetic, comparisons and conversions as the GPU defines them. Used by the executor
//! (`exec`) and the intrinsics (`intrinsics`).
//!
//! Choices, all documented here once:
//! - Integers wrap at their width (16, 32 or 64 bits); shift counts are masked to the width
//!   of the shifted operand; `>>` is arithmetic on signed and logical on unsigned types.
//! - Integer division or remainder by zero yields 0 and is reported as a robustness event;
//!   `MIN / -1` wraps to `MIN` and `MIN % -1` is 0 (neither is reported).
//! - `float16_t` arithmetic rounds every result to binary16 (nearest even); `half` and the
//!   minimum-precision types are 32-bit values, as the IR stores them (their precision is a
//!   hint), so they compute in binary32.
//! - Denormals ([`Denormals`]): by default 32-bit floats (`float`, and `half` and the
//!   minimum-precision types, which compute in binary32) are flushed to zero of the same sign
//!   on the input and the output of arithmetic (`+ - * / %`, comparisons, matrix products, the
//!   math intrinsics and wave reductions), as D3D's float rules require and DXIL's default
//!   (`-denorm any`, which our SPIR-V leaves to the device) lets a device do. Moves, loads and
//!   stores, negation, `abs`, `select`, bit casts (`asuint`...) and conversions keep them
//!   (D3D lets float32/float64 conversions do either). `float16_t` and `double` denormals are
//!   always kept (DXC: "fp16/fp64 need to preserve denorms"). `-denorm preserve` keeps them
//!   everywhere. The interpreter specification (the seed) says nothing of denormals or NaNs.
//! - Float to integer truncates toward zero and saturates out of range; NaN becomes 0
//!   (Vulkan leaves this undefined; saturation is what most hardware and Rust's `as` do).
//! - Integer to float rounds to nearest even. Comparisons of NaN are false except `!=`.

use types::ScalarKind;

/// A component kind as the interpreter computes with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Num {
    Bool,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F16,
    F32,
    F64,
}

impl Num {
    pub fn of(kind: ScalarKind) -> Num {
        match kind {
            ScalarKind::Bool => Num::Bool,
            ScalarKind::Int | ScalarKind::Min16Int | ScalarKind::Min12Int => Num::I32,
            ScalarKind::Uint | ScalarKind::Min16Uint => Num::U32,
            ScalarKind::Int16 => Num::I16,
            ScalarKind::Uint16 => Num::U16,
            ScalarKind::Int64 => Num::I64,
            ScalarKind::Uint64 => Num::U64,
            ScalarKind::Float16 => Num::F16,
            ScalarKind::Half
            | ScalarKind::Float
            | ScalarKind::Min16Float
            | ScalarKind::Min10Float => Num::F32,
            ScalarKind::Double => Num::F64,
        }
    }

    pub fn width(self) -> u32 {
        match self {
            Num::Bool => 1,
            Num::I16 | Num::U16 | Num::F16 => 16,
            Num::I32 | Num::U32 | Num::F32 => 32,
            Num::I64 | Num::U64 | Num::F64 => 64,
        }
    }

    /// Bytes in memory (`bool` is a 32-bit word).
    pub fn mem_size(self) -> u32 {
        match self {
            Num::Bool => 4,
            n => n.width() / 8,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Num::F16 | Num::F32 | Num::F64)
    }

    pub fn is_signed(self) -> bool {
        matches!(self, Num::I16 | Num::I32 | Num::I64)
    }

    pub fn is_int(self) -> bool {
        !self.is_float() && self != Num::Bool
    }

    /// Masks `v` to this kind's width.
    #[inline]
    pub fn mask(self, v: u64) -> u64 {
        match self.width() {
            64 => v,
            w => v & ((1u64 << w) - 1),
        }
    }
}

/// The signed value of integer bits (sign-extended for signed kinds).
#[inline]
pub fn to_i64(num: Num, bits: u64) -> i64 {
    match num {
        Num::I16 => bits as u16 as i16 as i64,
        Num::I32 => bits as u32 as i32 as i64,
        _ => bits as i64,
    }
}

/// The value of float bits (exact), or of integer/bool bits converted.
#[inline]
pub fn to_f64(num: Num, bits: u64) -> f64 {
    match num {
        Num::F32 => f32::from_bits(bits as u32) as f64,
        Num::F64 => f64::from_bits(bits),
        Num::F16 => f16_to_f64(bits as u16),
        Num::Bool => (bits != 0) as u8 as f64,
        n if n.is_signed() => to_i64(n, bits) as f64,
        _ => bits as f64,
    }
}

/// Float bits of `v` rounded (nearest even) to a float kind.
#[inline]
pub fn from_f64(num: Num, v: f64) -> u64 {
    match num {
        Num::F32 => (v as f32).to_bits() as u64,
        Num::F64 => v.to_bits(),
        Num::F16 => u64::from(f64_to_f16(v)),
        _ => convert(Num::F64, num, v.to_bits()),
    }
}

/// binary16 bits to their value (exact).
#[inline]
pub fn f16_to_f64(bits: u16) -> f64 {
    f64::from(ir::value::f16_bits_to_f32(bits))
}

/// `v` rounded to binary16 bits, to nearest even, in one rounding from `f64` (going through
/// `f32` first would round twice). NaNs become quiet NaNs.
pub fn f64_to_f16(v: f64) -> u16 {
    let bits = v.to_bits();
    let sign = ((bits >> 48) & 0x8000) as u16;
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let mant = bits & ((1u64 << 52) - 1);
    if exp == 0x7ff {
        return sign | 0x7c00 | if mant != 0 { 0x200 } else { 0 };
    }
    // The biased binary16 exponent.
    let e = exp - 1023 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    let round = |m: u64, shift: u32| -> u16 {
        let r = m >> shift;
        let rest = m & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        let up = rest > half || (rest == half && r & 1 == 1);
        (r + u64::from(up)) as u16
    };
    if e <= 0 {
        // Subnormal (or zero): units of 2^-24; values below 2^-25 round to zero.
        if e < -10 || exp == 0 {
            return sign;
        }
        let sig = mant | (1u64 << 52);
        return sign | round(sig, (43 - e) as u32);
    }
    // Normal: a carry out of the mantissa moves into the exponent (and up to infinity).
    sign | round(((e as u64) << 52) | mant, 42)
}

/// What arithmetic does with 32-bit denormal operands and results (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Denormals {
    /// Flushed to a zero of the same sign, on input and output: D3D's rule, and what
    /// `-denorm ftz` (and the default, `any`) lets a device do.
    #[default]
    FlushFloat32,
    /// Kept, as IEEE 754 (`-denorm preserve`).
    Preserve,
}

impl Denormals {
    /// `bits` of `num`, with a 32-bit denormal flushed to zero under [`Denormals::FlushFloat32`].
    #[inline]
    pub fn flush(self, num: Num, bits: u64) -> u64 {
        // A zero exponent field is a zero or a denormal: either way only the sign remains.
        if self == Denormals::FlushFloat32 && num == Num::F32 && bits & 0x7f80_0000 == 0 {
            bits & 0x8000_0000
        } else {
            bits
        }
    }

    /// `Some(self)` when it changes arithmetic of `num` (flushing, on 32-bit floats), so a
    /// caller can test once per instruction and take plain [`binary`]/[`compare`] otherwise.
    #[inline]
    pub fn for_num(self, num: Num) -> Option<Denormals> {
        (self == Denormals::FlushFloat32 && num == Num::F32).then_some(self)
    }

    /// [`binary`] with this treatment of denormal operands and result.
    #[inline]
    pub fn binary(self, op: BinOp, num: Num, a: u64, b: u64) -> (u64, bool) {
        if self == Denormals::Preserve || num != Num::F32 {
            return binary(op, num, a, b);
        }
        let (v, z) = binary(op, num, self.flush(num, a), self.flush(num, b));
        (self.flush(num, v), z)
    }

    /// [`compare`] with this treatment of denormal operands (a flushed denormal equals zero).
    #[inline]
    pub fn compare(self, op: CmpOp, num: Num, a: u64, b: u64) -> bool {
        compare(op, num, self.flush(num, a), self.flush(num, b))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    And,
    Or,
    Xor,
    Shl,
    Shr,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// `a op b` on bits of `num`; the flag is set on division by zero. For shifts, `b` may be of
/// another integer kind: its bits are masked to `num`'s width.
#[inline]
pub fn binary(op: BinOp, num: Num, a: u64, b: u64) -> (u64, bool) {
    match num {
        Num::F32 => {
            let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
            let r = match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::Mul => x * y,
                BinOp::Div => x / y,
                BinOp::Rem => x % y,
                _ => return (0, false),
            };
            (r.to_bits() as u64, false)
        }
        Num::F64 | Num::F16 => {
            let (x, y) = (to_f64(num, a), to_f64(num, b));
            let r = match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::Mul => x * y,
                BinOp::Div => x / y,
                BinOp::Rem => x % y,
                _ => return (0, false),
            };
            (from_f64(num, r), false)
        }
        Num::Bool => {
            let r = match op {
                BinOp::And | BinOp::Mul => a & b,
                BinOp::Or | BinOp::Add => a | b,
                BinOp::Xor | BinOp::Sub => a ^ b,
                _ => a,
            };
            (r & 1, false)
        }
        _ => int_binary(op, num, a, b),
    }
}

#[inline]
fn int_binary(op: BinOp, num: Num, a: u64, b: u64) -> (u64, bool) {
    let w = num.width();
    let r = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl => a << (b & u64::from(w - 1)),
        BinOp::Shr => {
            let s = b & u64::from(w - 1);
            if num.is_signed() {
                (to_i64(num, a) >> s) as u64
            } else {
                a >> s
            }
        }
        BinOp::Div | BinOp::Rem => {
            if num.mask(b) == 0 {
                return (0, true);
            }
            if num.is_signed() {
                let (x, y) = (to_i64(num, a), to_i64(num, b));
                // Computed at 64 bits and masked: `MIN / -1` wraps to `MIN`.
                if op == BinOp::Div {
                    x.wrapping_div(y) as u64
                } else {
                    x.wrapping_rem(y) as u64
                }
            } else if op == BinOp::Div {
                a / b
            } else {
                a % b
            }
        }
    };
    (num.mask(r), false)
}

#[inline]
pub fn unary(op: UnOp, num: Num, a: u64) -> u64 {
    match (op, num) {
        (UnOp::Neg, Num::F32) => a ^ 0x8000_0000,
        (UnOp::Neg, Num::F64) => a ^ (1 << 63),
        (UnOp::Neg, Num::F16) => a ^ 0x8000,
        (UnOp::Neg, Num::Bool) => a,
        (UnOp::Neg, n) => n.mask(a.wrapping_neg()),
        (UnOp::Not, Num::Bool) => a ^ 1,
        (UnOp::Not, n) => n.mask(!a),
    }
}

#[inline]
pub fn compare(op: CmpOp, num: Num, a: u64, b: u64) -> bool {
    if num.is_float() {
        let (x, y) = (to_f64(num, a), to_f64(num, b));
        return match op {
            CmpOp::Eq => x == y,
            CmpOp::Ne => x != y,
            CmpOp::Lt => x < y,
            CmpOp::Le => x <= y,
            CmpOp::Gt => x > y,
            CmpOp::Ge => x >= y,
        };
    }
    let ord = if num.is_signed() {
        to_i64(num, a).cmp(&to_i64(num, b))
    } else {
        a.cmp(&b)
    };
    match op {
        CmpOp::Eq => ord.is_eq(),
        CmpOp::Ne => ord.is_ne(),
        CmpOp::Lt => ord.is_lt(),
        CmpOp::Le => ord.is_le(),
        CmpOp::Gt => ord.is_gt(),
        CmpOp::Ge => ord.is_ge(),
    }
}

/// Converts bits of `from` to bits of `to` with HLSL's value conversion.
pub fn convert(from: Num, to: Num, bits: u64) -> u64 {
    if from == to {
        return bits;
    }
    if to == Num::Bool {
        return if from.is_float() {
            (to_f64(from, bits) != 0.0) as u64
        } else {
            (bits != 0) as u64
        };
    }
    if to.is_float() {
        return match from {
            Num::Bool => from_f64(to, bits as f64),
            Num::I64 => match to {
                Num::F32 => (bits as i64 as f32).to_bits() as u64,
                Num::F64 => (bits as i64 as f64).to_bits(),
                _ => from_f64(to, bits as i64 as f64),
            },
            Num::U64 => match to {
                Num::F32 => (bits as f32).to_bits() as u64,
                Num::F64 => (bits as f64).to_bits(),
                _ => from_f64(to, bits as f64),
            },
            // Narrower integers and floats are exact in f64, so one rounding happens.
            _ => from_f64(to, to_f64(from, bits)),
        };
    }
    // To an integer.
    if from.is_float() {
        let v = to_f64(from, bits);
        let r = match to {
            Num::I16 => v as i16 as u64,
            Num::U16 => v as u16 as u64,
            Num::I32 => v as i32 as u64,
            Num::U32 => v as u32 as u64,
            Num::I64 => v as i64 as u64,
            _ => v as u64,
        };
        return to.mask(r);
    }
    // Integer to integer: sign- or zero-extend the source, then truncate.
    let v = if from.is_signed() {
        to_i64(from, bits) as u64
    } else {
        bits
    };
    to.mask(v)
}

/// Whether a scalar of `num` is "true" as a condition.
#[inline]
pub fn truthy(bits: u64) -> bool {
    bits != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2^-149 (bits 1) and 2^-126 (0x0080_0000, the smallest normal) as binary32 bits.
    const TINY: u64 = 1;
    const MIN_NORMAL: u64 = 0x0080_0000;

    #[test]
    fn float32_denormals_flush_on_input_and_output() {
        let ftz = Denormals::FlushFloat32;
        let keep = Denormals::Preserve;
        let f = |v: f32| u64::from(v.to_bits());
        // Output: 2^-126 * 0.5 = 2^-127 is a denormal (0x0040_0000): kept, or +0.
        assert_eq!(
            keep.binary(BinOp::Mul, Num::F32, MIN_NORMAL, f(0.5)).0,
            0x0040_0000
        );
        assert_eq!(ftz.binary(BinOp::Mul, Num::F32, MIN_NORMAL, f(0.5)).0, 0);
        // Negative results flush to -0.
        assert_eq!(
            ftz.binary(BinOp::Mul, Num::F32, MIN_NORMAL, f(-0.5)).0,
            f(-0.0)
        );
        // Input: 2^-149 * 2^100 = 2^-49 when kept; the flushed input gives +0.
        let big = f(2f32.powi(100));
        assert_eq!(
            keep.binary(BinOp::Mul, Num::F32, TINY, big).0,
            f(2f32.powi(-49))
        );
        assert_eq!(ftz.binary(BinOp::Mul, Num::F32, TINY, big).0, 0);
        // -2^-149 + 0: the flushed -0 plus +0 is +0 (round to nearest); kept, -2^-149.
        let neg_tiny = TINY | 0x8000_0000;
        assert_eq!(ftz.binary(BinOp::Add, Num::F32, neg_tiny, 0).0, 0);
        assert_eq!(keep.binary(BinOp::Add, Num::F32, neg_tiny, 0).0, neg_tiny);
        // A flushed denormal compares equal to zero.
        assert!(ftz.compare(CmpOp::Eq, Num::F32, TINY, 0));
        assert!(!keep.compare(CmpOp::Eq, Num::F32, TINY, 0));
        // Normal values, zeros, infinities and NaNs pass unchanged.
        for bits in [MIN_NORMAL, f(1.0), f(-0.0), f(f32::INFINITY), f(f32::NAN)] {
            assert_eq!(ftz.flush(Num::F32, bits), bits);
        }
    }

    #[test]
    fn half_and_double_denormals_are_kept() {
        let ftz = Denormals::FlushFloat32;
        // binary16: 0x0001 (2^-24) + 0x0001 = 0x0002 (2^-23), both denormals.
        assert_eq!(ftz.binary(BinOp::Add, Num::F16, 1, 1).0, 2);
        // binary64: 2^-1074 * 2 = 2^-1073 (bits 2).
        let two = 2f64.to_bits();
        assert_eq!(ftz.binary(BinOp::Mul, Num::F64, 1, two).0, 2);
        // Integers are not floats: bits 1 stay 1.
        assert_eq!(ftz.flush(Num::U32, 1), 1);
    }

    /// Every finite binary16 value converts back to itself, and every midpoint between two
    /// neighbours rounds to the even one; just above or below a midpoint rounds to the
    /// nearer one.
    #[test]
    fn f64_to_f16_is_exact_on_values_and_ties_to_even() {
        for bits in 0..0x7c00u16 {
            for sign in [0, 0x8000] {
                let b = bits | sign;
                assert_eq!(f64_to_f16(f16_to_f64(b)), b, "{b:#06x}");
            }
            if bits == 0x7bff {
                continue; // the next value is infinity: checked below
            }
            let (lo, hi) = (f16_to_f64(bits), f16_to_f64(bits + 1));
            let mid = (lo + hi) / 2.0;
            let even = if bits & 1 == 0 { bits } else { bits + 1 };
            assert_eq!(f64_to_f16(mid), even, "midpoint above {bits:#06x}");
            let tiny = (hi - lo) * 2f64.powi(-30);
            assert_eq!(f64_to_f16(mid - tiny), bits);
            assert_eq!(f64_to_f16(mid + tiny), bits + 1);
        }
        assert_eq!(f64_to_f16(65520.0), 0x7c00);
        assert_eq!(f64_to_f16(65519.99), 0x7bff);
        assert_eq!(f64_to_f16(2f64.powi(-25)), 0);
        assert_eq!(f64_to_f16(2f64.powi(-25) * 1.0001), 1);
        assert_eq!(f64_to_f16(f64::NAN) & 0x7e00, 0x7e00);
        assert_eq!(f64_to_f16(f64::NEG_INFINITY), 0xfc00);
        assert_eq!(f64_to_f16(1e-300), 0);
    }
}
