//! The HLSL intrinsics that mean something in compute, component by component (scalar
//! arguments are broadcast against vectors). Called by `exec` for `CallIntrinsic`; wave
//! operations are in `wave`, the ones with `out` pointers in `exec`.
//!
//! Float intrinsics compute in `f64` and round once to the result's precision, so exact
//! operations (`sqrt`, `floor`, `fma`, ...) are correctly rounded in every precision and the
//! transcendental ones are at least as accurate as a GPU's; `lerp` and `smoothstep` round
//! each step of DXC's expansion instead, as a GPU running it does. `mad` is not fused (a product
//! rounded, then a sum rounded); `fma` is. `round` rounds halfway cases to even (DXIL's
//! `Round_ne`). `min`/`max` return the other operand when one is NaN. 32-bit denormals are
//! flushed around the arithmetic ones by the caller (`exec`, see [`flushes_denormals`]).

// Component loops index several slices in step (operands broadcast, strided memory).
#![allow(clippy::needless_range_loop)]

use ir::Intrinsic;

use crate::numeric::{self, from_f64, to_f64, to_i64, Num};

/// One argument: its components and their kind.
#[derive(Debug, Clone, Copy)]
pub struct ArgVal<'a> {
    pub v: &'a [u64],
    pub num: Num,
}

impl ArgVal<'_> {
    fn at(&self, i: usize) -> u64 {
        if self.v.len() == 1 {
            self.v[0]
        } else {
            self.v.get(i).copied().unwrap_or(0)
        }
    }

    fn f(&self, i: usize) -> f64 {
        to_f64(self.num, self.at(i))
    }

    fn fs(&self) -> Vec<f64> {
        (0..self.v.len()).map(|i| self.f(i)).collect()
    }
}

/// Whether `eval` (or `exec`) implements `which`.
pub fn supported(which: Intrinsic) -> bool {
    use Intrinsic::*;
    !matches!(
        which,
        Clip | Ddx
            | DdxCoarse
            | DdxFine
            | Ddy
            | DdyCoarse
            | DdyFine
            | Fwidth
            | EvaluateAttributeAtCentroid
            | EvaluateAttributeAtSample
            | EvaluateAttributeSnapped
            | GetRenderTargetSampleCount
            | GetRenderTargetSamplePosition
            | StreamAppend
            | StreamRestartStrip
            | Printf
    )
}

/// Whether `which` is arithmetic, whose 32-bit denormal operands and results are flushed
/// under [`numeric::Denormals::FlushFloat32`]: every float intrinsic but the ones that move
/// or reinterpret bits (`abs` clears the sign, `asuint`...) or convert (D3D lets float
/// conversions keep denormals).
pub fn flushes_denormals(which: Intrinsic) -> bool {
    use Intrinsic::*;
    !matches!(
        which,
        Abs | AsFloat | AsInt | AsUint | AsDouble | F32ToF16 | F16ToF32
    )
}

/// How many operands `which` takes (inclusive range); `None` when any count is accepted.
pub fn arity(which: Intrinsic) -> Option<(usize, usize)> {
    use Intrinsic::*;
    Some(match which {
        WaveIsFirstLane | WaveGetLaneIndex | WaveGetLaneCount | IsHelperLane => (0, 0),
        WaveMultiPrefixSum
        | WaveMultiPrefixProduct
        | WaveMultiPrefixBitAnd
        | WaveMultiPrefixBitOr
        | WaveMultiPrefixBitXor => (2, 2),
        Dot4AddU8Packed | Dot4AddI8Packed => (3, 3),
        AsUint => (1, 3),
        AsDouble | Atan2 | Cross | Distance | Dst | Fmod | Frexp | Ldexp | Max | Min | Modf
        | Pow | Reflect | Step | WaveReadLaneAt | QuadReadLaneAt => (2, 2),
        Clamp | FaceForward | Fma | Lerp | Lit | Mad | Msad4 | Refract | SmoothStep | Sincos => {
            (3, 3)
        }
        w if crate::program::is_wave_op(w) => (1, 1),
        w if supported(w) => (1, 1),
        _ => return None,
    })
}

/// `v` rounded to the precision of `num` (a float kind), as `f64`.
pub fn round_to(num: Num, v: f64) -> f64 {
    to_f64(num, from_f64(num, v))
}

/// Mantissa in `[0.5, 1)` (with the sign of `v`) and exponent: `v = m * 2^e`.
pub fn frexp(v: f64) -> (f64, i32) {
    if v == 0.0 || !v.is_finite() {
        return (v, 0);
    }
    let mut e = v.abs().log2().floor() as i32 + 1;
    let mut m = v / 2f64.powi(e);
    // log2 may be off by one near powers of two.
    if m.abs() >= 1.0 {
        m /= 2.0;
        e += 1;
    } else if m.abs() < 0.5 {
        m *= 2.0;
        e -= 1;
    }
    (m, e)
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn det(m: &[f64], n: usize) -> f64 {
    if n == 1 {
        return m[0];
    }
    let mut total = 0.0;
    for c in 0..n {
        let mut minor = Vec::with_capacity((n - 1) * (n - 1));
        for r in 1..n {
            for k in 0..n {
                if k != c {
                    minor.push(m[r * n + k]);
                }
            }
        }
        let sign = if c % 2 == 0 { 1.0 } else { -1.0 };
        total += sign * m[c] * det(&minor, n - 1);
    }
    total
}

fn int_cmp_min(num: Num, a: u64, b: u64, max: bool) -> u64 {
    let less = numeric::compare(numeric::CmpOp::Lt, num, a, b);
    if less != max {
        a
    } else {
        b
    }
}

/// Evaluates `which` into `out` (the result's components of kind `rn`).
pub fn eval(which: Intrinsic, rn: Num, args: &[ArgVal<'_>], out: &mut [u64]) -> Result<(), String> {
    use Intrinsic::*;
    let n = out.len();
    let a = |k: usize| {
        args.get(k)
            .copied()
            .ok_or_else(|| format!("{} needs more operands", which.name()))
    };
    let put = |out: &mut [u64], i: usize, v: f64| out[i] = from_f64(rn, v);
    // Component-wise float functions of one argument.
    let f1: Option<fn(f64) -> f64> = match which {
        Acos => Some(f64::acos),
        Asin => Some(f64::asin),
        Atan => Some(f64::atan),
        Ceil => Some(f64::ceil),
        Cos => Some(f64::cos),
        Cosh => Some(f64::cosh),
        Degrees => Some(f64::to_degrees),
        Exp => Some(f64::exp),
        Exp2 => Some(f64::exp2),
        Floor => Some(f64::floor),
        Frac => Some(|x| x - x.floor()),
        Log => Some(f64::ln),
        Log10 => Some(f64::log10),
        Log2 => Some(f64::log2),
        Radians => Some(f64::to_radians),
        Rcp => Some(|x| 1.0 / x),
        Round => Some(f64::round_ties_even),
        Rsqrt => Some(|x| 1.0 / x.sqrt()),
        Saturate => Some(|x| if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) }),
        Sin => Some(f64::sin),
        Sinh => Some(f64::sinh),
        Sqrt => Some(f64::sqrt),
        Tan => Some(f64::tan),
        Tanh => Some(f64::tanh),
        Trunc => Some(f64::trunc),
        _ => None,
    };
    if let Some(f) = f1 {
        let x = a(0)?;
        for i in 0..n {
            put(out, i, f(x.f(i)));
        }
        return Ok(());
    }
    match which {
        // Compute shaders have no helper lanes.
        IsHelperLane => out[0] = 0,
        Dot4AddU8Packed | Dot4AddI8Packed => {
            let (x, y, acc) = (a(0)?.at(0) as u32, a(1)?.at(0) as u32, a(2)?.at(0));
            let lane = |w: u32, i: u32| -> i64 {
                let byte = (w >> (8 * i)) & 0xff;
                if which == Dot4AddI8Packed {
                    i64::from(byte as u8 as i8)
                } else {
                    i64::from(byte)
                }
            };
            let dot: i64 = (0..4).map(|i| lane(x, i) * lane(y, i)).sum();
            out[0] = rn.mask(acc.wrapping_add(dot as u64));
        }
        Abs => {
            let x = a(0)?;
            for i in 0..n {
                out[i] = if rn.is_float() {
                    from_f64(rn, x.f(i).abs())
                } else if rn.is_signed() {
                    rn.mask(to_i64(rn, x.at(i)).wrapping_abs() as u64)
                } else {
                    x.at(i)
                };
            }
        }
        Atan2 | Pow | Fmod | Ldexp | Step => {
            let (x, y) = (a(0)?, a(1)?);
            for i in 0..n {
                let (p, q) = (x.f(i), y.f(i));
                let v = match which {
                    Atan2 => p.atan2(q),
                    Pow => p.powf(q),
                    Fmod => p % q,
                    Ldexp => p * q.exp2(),
                    _ => {
                        if q >= p {
                            1.0
                        } else {
                            0.0
                        }
                    }
                };
                put(out, i, v);
            }
        }
        Min | Max => {
            let (x, y) = (a(0)?, a(1)?);
            for i in 0..n {
                out[i] = if rn.is_float() {
                    let (p, q) = (x.f(i), y.f(i));
                    from_f64(rn, if which == Min { p.min(q) } else { p.max(q) })
                } else {
                    int_cmp_min(rn, x.at(i), y.at(i), which == Max)
                };
            }
        }
        Clamp => {
            let (x, lo, hi) = (a(0)?, a(1)?, a(2)?);
            for i in 0..n {
                out[i] = if rn.is_float() {
                    from_f64(rn, x.f(i).max(lo.f(i)).min(hi.f(i)))
                } else {
                    let m = int_cmp_min(rn, x.at(i), lo.at(i), true);
                    int_cmp_min(rn, m, hi.at(i), false)
                };
            }
        }
        Lerp => {
            let (x, y, s) = (a(0)?, a(1)?, a(2)?);
            for i in 0..n {
                let (p, q, t) = (x.f(i), y.f(i), s.f(i));
                // x + s * (y - x), rounding each step in the operand's precision.
                let d = round_to(rn, q - p);
                let m = round_to(rn, t * d);
                put(out, i, p + m);
            }
        }
        Mad | Fma => {
            let (x, y, z) = (a(0)?, a(1)?, a(2)?);
            for i in 0..n {
                out[i] = if rn.is_float() {
                    let v = if which == Fma {
                        x.f(i).mul_add(y.f(i), z.f(i))
                    } else {
                        round_to(rn, x.f(i) * y.f(i)) + z.f(i)
                    };
                    from_f64(rn, v)
                } else {
                    let (p, _) = numeric::binary(numeric::BinOp::Mul, rn, x.at(i), y.at(i));
                    numeric::binary(numeric::BinOp::Add, rn, p, z.at(i)).0
                };
            }
        }
        SmoothStep => {
            let (lo, hi, x) = (a(0)?, a(1)?, a(2)?);
            // DXC's expansion, each step rounded in the operands' precision:
            // t = saturate((x - lo) / (hi - lo)); (t * t) * (3 - 2 * t). `saturate` makes a
            // NaN `t` (x == lo == hi) 0.
            let r = |v: f64| round_to(rn, v);
            for i in 0..n {
                let q = r(r(x.f(i) - lo.f(i)) / r(hi.f(i) - lo.f(i)));
                let t = if q.is_nan() { 0.0 } else { q.clamp(0.0, 1.0) };
                put(out, i, r(t * t) * r(3.0 - r(2.0 * t)));
            }
        }
        CheckAccessFullyMapped => {
            // The interpreter's residency code: 0 when every texel read was resident, which
            // it always is here (texture reads with a status write 0).
            let code = a(0)?;
            for i in 0..n {
                out[i] = (code.at(i) == 0) as u64;
            }
        }
        IsFinite | IsInf | IsNan => {
            let x = a(0)?;
            for i in 0..n {
                let v = x.f(i);
                out[i] = match which {
                    IsFinite => v.is_finite(),
                    IsInf => v.is_infinite(),
                    _ => v.is_nan(),
                } as u64;
            }
        }
        Sign => {
            let x = a(0)?;
            for i in 0..n {
                let s: i64 = if x.num.is_float() {
                    let v = x.f(i);
                    if v > 0.0 {
                        1
                    } else if v < 0.0 {
                        -1
                    } else {
                        0
                    }
                } else if x.num.is_signed() {
                    to_i64(x.num, x.at(i)).signum()
                } else {
                    (x.at(i) != 0) as i64
                };
                out[i] = rn.mask(s as u64);
            }
        }
        All | Any => {
            let x = a(0)?;
            let truth = x.v.iter().map(|&b| {
                if x.num.is_float() {
                    to_f64(x.num, b) != 0.0
                } else {
                    b != 0
                }
            });
            out[0] = if which == All {
                truth.clone().all(|t| t)
            } else {
                truth.clone().any(|t| t)
            } as u64;
        }
        AsFloat | AsInt | AsUint => {
            let x = a(0)?;
            for i in 0..n {
                out[i] = rn.mask(x.at(i));
            }
        }
        AsDouble => {
            let (lo, hi) = (a(0)?, a(1)?);
            for i in 0..n {
                out[i] = (lo.at(i) & 0xffff_ffff) | (hi.at(i) << 32);
            }
        }
        CountBits | ReverseBits | FirstBitHigh | FirstBitLow => {
            let x = a(0)?;
            let w = x.num.width();
            for i in 0..n {
                let v = x.at(i);
                out[i] = match which {
                    CountBits => u64::from(v.count_ones()),
                    ReverseBits => v.reverse_bits() >> (64 - w),
                    FirstBitLow => {
                        if v == 0 {
                            0xffff_ffff
                        } else {
                            u64::from(v.trailing_zeros())
                        }
                    }
                    _ => {
                        // Signed: the first bit that differs from the sign bit.
                        let mut u = v;
                        if x.num.is_signed() && (v >> (w - 1)) & 1 == 1 {
                            u = x.num.mask(!v);
                        }
                        if u == 0 {
                            0xffff_ffff
                        } else {
                            u64::from(63 - u.leading_zeros())
                        }
                    }
                };
                out[i] = rn.mask(out[i]);
            }
        }
        F32ToF16 => {
            let x = a(0)?;
            for i in 0..n {
                out[i] = u64::from(numeric::f64_to_f16(f64::from(f32::from_bits(
                    x.at(i) as u32
                ))));
            }
        }
        F16ToF32 => {
            let x = a(0)?;
            for i in 0..n {
                out[i] = u64::from((numeric::f16_to_f64(x.at(i) as u16) as f32).to_bits());
            }
        }
        Cross => {
            let (p, q) = (a(0)?.fs(), a(1)?.fs());
            if p.len() != 3 || q.len() != 3 || n != 3 {
                return Err("cross needs 3-component vectors".to_owned());
            }
            put(out, 0, p[1] * q[2] - p[2] * q[1]);
            put(out, 1, p[2] * q[0] - p[0] * q[2]);
            put(out, 2, p[0] * q[1] - p[1] * q[0]);
        }
        Length => {
            let v = a(0)?.fs();
            put(out, 0, dot(&v, &v).sqrt());
        }
        Distance => {
            let (p, q) = (a(0)?.fs(), a(1)?.fs());
            let d: Vec<f64> = p.iter().zip(&q).map(|(x, y)| x - y).collect();
            put(out, 0, dot(&d, &d).sqrt());
        }
        Normalize => {
            let v = a(0)?.fs();
            let l = dot(&v, &v).sqrt();
            for i in 0..n {
                put(out, i, v[i] / l);
            }
        }
        Reflect => {
            let (i_, nn) = (a(0)?.fs(), a(1)?.fs());
            let d = dot(&nn, &i_);
            for k in 0..n {
                put(out, k, i_[k] - 2.0 * d * nn[k]);
            }
        }
        Refract => {
            let (i_, nn) = (a(0)?.fs(), a(1)?.fs());
            let eta = a(2)?.f(0);
            let d = dot(&nn, &i_);
            let k = 1.0 - eta * eta * (1.0 - d * d);
            for c in 0..n {
                let v = if k < 0.0 {
                    0.0
                } else {
                    eta * i_[c] - (eta * d + k.sqrt()) * nn[c]
                };
                put(out, c, v);
            }
        }
        FaceForward => {
            let (nn, i_, ng) = (a(0)?.fs(), a(1)?.fs(), a(2)?.fs());
            let s = if dot(&ng, &i_) < 0.0 { 1.0 } else { -1.0 };
            for c in 0..n {
                put(out, c, s * nn[c]);
            }
        }
        Determinant => {
            let m = a(0)?.fs();
            let size = (m.len() as f64).sqrt() as usize;
            if size * size != m.len() {
                return Err("determinant needs a square matrix".to_owned());
            }
            put(out, 0, det(&m, size));
        }
        Dst => {
            let (p, q) = (a(0)?, a(1)?);
            put(out, 0, 1.0);
            put(out, 1, p.f(1) * q.f(1));
            put(out, 2, p.f(2));
            put(out, 3, q.f(3));
        }
        Lit => {
            let (ndl, ndh, m) = (a(0)?.f(0), a(1)?.f(0), a(2)?.f(0));
            put(out, 0, 1.0);
            put(out, 1, ndl.max(0.0));
            put(
                out,
                2,
                if ndl < 0.0 || ndh < 0.0 {
                    0.0
                } else {
                    ndh.powf(m)
                },
            );
            put(out, 3, 1.0);
        }
        Msad4 => {
            let (reference, source, accum) = (a(0)?.at(0) as u32, a(1)?, a(2)?);
            let src = (source.at(0) as u32 as u64) | ((source.at(1) as u32 as u64) << 32);
            for (k, o) in out.iter_mut().enumerate().take(4) {
                let window = (src >> (8 * k)) as u32;
                let mut sum = accum.at(k) as u32;
                for b in 0..4 {
                    let r = (reference >> (8 * b)) & 0xff;
                    if r == 0 {
                        continue;
                    }
                    let s = (window >> (8 * b)) & 0xff;
                    sum = sum.wrapping_add(r.abs_diff(s));
                }
                *o = u64::from(sum);
            }
        }
        other => return Err(format!("intrinsic {} is not supported", other.name())),
    }
    Ok(())
}
