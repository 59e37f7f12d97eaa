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
//!   hint), so they compute in binary32. Denormals are kept, never flushed.
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
