//! Intrinsics, one invocation each. Expected values are hand-computed or plain Rust `f64`/
//! `f32` arithmetic on the same inputs.

mod common;

use common::*;
use ir::types::{ScalarKind, Type};
use ir::{Constant, Value};

fn f1(which: Intrinsic, x: f32) -> f32 {
    as_f32(intrinsic(which, Type::FLOAT, vec![f(x)])[0])
}

fn fv(which: Intrinsic, n: u8, args: Vec<Vec<f32>>) -> Vec<f32> {
    let args = args
        .into_iter()
        .map(|a| a.into_iter().map(f).collect())
        .collect();
    as_f32s(&intrinsic_v(which, float_n(n), args))
}

fn float_n(n: u8) -> Type {
    if n == 1 {
        Type::FLOAT
    } else {
        vec_ty(ScalarKind::Float, n)
    }
}

/// `v` computed in f64 and rounded once to f32.
fn r32(v: f64) -> f32 {
    v as f32
}

#[test]
fn abs_of_float_and_int_min() {
    assert_eq!(f1(Intrinsic::Abs, -2.5), 2.5);
    assert_eq!(intrinsic(Intrinsic::Abs, Type::INT, vec![i(-7)]), [7]);
    assert_eq!(
        intrinsic(Intrinsic::Abs, Type::INT, vec![i(i32::MIN)]),
        [0x8000_0000]
    );
}

#[test]
fn min_max_of_ints_and_uints() {
    assert_eq!(
        intrinsic(Intrinsic::Min, Type::INT, vec![i(-3), i(2)]),
        [(-3i32) as u32 as u64]
    );
    assert_eq!(
        intrinsic(Intrinsic::Max, Type::UINT, vec![u(u32::MAX), u(2)]),
        [u64::from(u32::MAX)]
    );
}

#[test]
fn min_max_of_floats_ignore_nan() {
    assert_eq!(
        as_f32(intrinsic(Intrinsic::Min, Type::FLOAT, vec![f(f32::NAN), f(1.0)])[0]),
        1.0
    );
    assert_eq!(
        as_f32(intrinsic(Intrinsic::Max, Type::FLOAT, vec![f(-1.0), f(f32::NAN)])[0]),
        -1.0
    );
}

#[test]
fn clamp_float_and_int() {
    assert_eq!(
        as_f32(intrinsic(Intrinsic::Clamp, Type::FLOAT, vec![f(5.0), f(0.0), f(1.0)])[0]),
        1.0
    );
    assert_eq!(
        intrinsic(Intrinsic::Clamp, Type::INT, vec![i(-5), i(-2), i(3)]),
        [(-2i32) as u32 as u64]
    );
}

#[test]
fn saturate_clamps_and_maps_nan_to_zero() {
    assert_eq!(f1(Intrinsic::Saturate, 1.5), 1.0);
    assert_eq!(f1(Intrinsic::Saturate, -0.5), 0.0);
    assert_eq!(f1(Intrinsic::Saturate, 0.25), 0.25);
    assert_eq!(f1(Intrinsic::Saturate, f32::NAN), 0.0);
}

#[test]
fn sqrt_rsqrt_rcp() {
    assert_eq!(f1(Intrinsic::Sqrt, 2.0), 2f32.sqrt());
    assert_eq!(f1(Intrinsic::Rsqrt, 4.0), 0.5);
    assert_eq!(f1(Intrinsic::Rcp, 8.0), 0.125);
    assert!(f1(Intrinsic::Sqrt, -1.0).is_nan());
}

#[test]
fn floor_ceil_trunc() {
    assert_eq!(f1(Intrinsic::Floor, -1.5), -2.0);
    assert_eq!(f1(Intrinsic::Ceil, -1.5), -1.0);
    assert_eq!(f1(Intrinsic::Trunc, -1.5), -1.0);
}

#[test]
fn round_halfway_cases_to_even() {
    assert_eq!(f1(Intrinsic::Round, 2.5), 2.0);
    assert_eq!(f1(Intrinsic::Round, 3.5), 4.0);
    assert_eq!(f1(Intrinsic::Round, -2.5), -2.0);
    assert_eq!(f1(Intrinsic::Round, 2.6), 3.0);
}

#[test]
fn frac_is_x_minus_floor() {
    assert_eq!(f1(Intrinsic::Frac, -1.25), 0.75);
    assert_eq!(f1(Intrinsic::Frac, 3.5), 0.5);
}

#[test]
fn sign_returns_int() {
    let r = intrinsic_v(
        Intrinsic::Sign,
        vec_ty(ScalarKind::Int, 4),
        vec![vec![f(-2.0), f(0.0), f(3.0), f(-0.0)]],
    );
    assert_eq!(r, [(-1i32) as u32 as u64, 0, 1, 0]);
    assert_eq!(
        intrinsic(Intrinsic::Sign, Type::INT, vec![i(-9)]),
        [(-1i32) as u32 as u64]
    );
}

#[test]
fn step_compares_x_to_edge() {
    // step(y, x) = x >= y ? 1 : 0.
    assert_eq!(
        as_f32(intrinsic(Intrinsic::Step, Type::FLOAT, vec![f(0.5), f(0.5)])[0]),
        1.0
    );
    assert_eq!(
        as_f32(intrinsic(Intrinsic::Step, Type::FLOAT, vec![f(0.5), f(0.4)])[0]),
        0.0
    );
}

#[test]
fn lerp_interpolates() {
    let r = fv(
        Intrinsic::Lerp,
        2,
        vec![vec![0.0, 10.0], vec![10.0, 20.0], vec![0.25, 0.5]],
    );
    assert_eq!(r, [2.5, 15.0]);
}

#[test]
fn lerp_with_scalar_weight_broadcasts() {
    let r = fv(
        Intrinsic::Lerp,
        2,
        vec![vec![0.0, 10.0], vec![4.0, 20.0], vec![0.5]],
    );
    assert_eq!(r, [2.0, 15.0]);
}

#[test]
fn mad_rounds_product_then_sum() {
    // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 rounds to 1 + 2^-11 in f32 before the sum.
    let x = 1.0 + 2f32.powi(-12);
    let c = -(1.0 + 2f32.powi(-11));
    let r = as_f32(intrinsic(Intrinsic::Mad, Type::FLOAT, vec![f(x), f(x), f(c)])[0]);
    assert_eq!(r, 0.0);
}

#[test]
fn mad_on_ints_wraps() {
    let r = intrinsic(Intrinsic::Mad, Type::INT, vec![i(65536), i(65536), i(5)]);
    assert_eq!(r, [5]);
}

#[test]
fn fma_on_doubles_is_fused() {
    let x = 1.0 + 2f64.powi(-30);
    let c = -(1.0 + 2f64.powi(-29));
    let r = intrinsic(
        Intrinsic::Fma,
        Type::Scalar(ScalarKind::Double),
        vec![d(x), d(x), d(c)],
    );
    assert_eq!(f64::from_bits(r[0]), 2f64.powi(-60));
}

#[test]
fn smoothstep_endpoints_and_midpoint() {
    let s = |x| {
        as_f32(
            intrinsic(
                Intrinsic::SmoothStep,
                Type::FLOAT,
                vec![f(0.0), f(2.0), f(x)],
            )[0],
        )
    };
    assert_eq!(s(-1.0), 0.0);
    assert_eq!(s(1.0), 0.5);
    assert_eq!(s(3.0), 1.0);
    assert_eq!(s(0.5), r32(0.25 * 0.25 * (3.0 - 0.5)));
}

#[test]
fn countbits_and_reversebits() {
    assert_eq!(
        intrinsic(Intrinsic::CountBits, Type::UINT, vec![u(0xf0f0_0001)]),
        [9]
    );
    assert_eq!(
        intrinsic(Intrinsic::ReverseBits, Type::UINT, vec![u(1)]),
        [0x8000_0000]
    );
    assert_eq!(
        intrinsic(Intrinsic::ReverseBits, Type::UINT, vec![u(0x1234_5678)]),
        [u64::from(0x1234_5678u32.reverse_bits())]
    );
}

#[test]
fn firstbithigh_unsigned_and_signed() {
    assert_eq!(
        intrinsic(Intrinsic::FirstBitHigh, Type::UINT, vec![u(0x8000_0000)]),
        [31]
    );
    assert_eq!(
        intrinsic(Intrinsic::FirstBitHigh, Type::UINT, vec![u(0)]),
        [0xffff_ffff]
    );
    // Signed: the first bit that differs from the sign bit.
    assert_eq!(
        intrinsic(Intrinsic::FirstBitHigh, Type::UINT, vec![i(-1)]),
        [0xffff_ffff]
    );
    assert_eq!(
        intrinsic(Intrinsic::FirstBitHigh, Type::UINT, vec![i(-2)]),
        [0]
    );
    assert_eq!(
        intrinsic(Intrinsic::FirstBitHigh, Type::UINT, vec![i(0x100)]),
        [8]
    );
}

#[test]
fn firstbitlow() {
    assert_eq!(
        intrinsic(Intrinsic::FirstBitLow, Type::UINT, vec![u(0b1000)]),
        [3]
    );
    assert_eq!(
        intrinsic(Intrinsic::FirstBitLow, Type::UINT, vec![u(0)]),
        [0xffff_ffff]
    );
}

#[test]
fn f32tof16_rounds_to_nearest_even() {
    assert_eq!(
        intrinsic(Intrinsic::F32ToF16, Type::UINT, vec![f(1.0)]),
        [0x3c00]
    );
    assert_eq!(
        intrinsic(Intrinsic::F32ToF16, Type::UINT, vec![f(2049.0)]),
        [0x6800]
    );
    assert_eq!(
        intrinsic(Intrinsic::F32ToF16, Type::UINT, vec![f(-65520.0)]),
        [0xfc00]
    );
}

#[test]
fn f16tof32_reads_low_bits() {
    assert_eq!(
        intrinsic(Intrinsic::F16ToF32, Type::FLOAT, vec![u(0xffff_c000)]),
        [fbits(-2.0)]
    );
    assert_eq!(
        intrinsic(Intrinsic::F16ToF32, Type::FLOAT, vec![u(0x7c00)]),
        [fbits(f32::INFINITY)]
    );
}

#[test]
fn asuint_asint_asfloat_reinterpret() {
    assert_eq!(
        intrinsic(Intrinsic::AsUint, Type::UINT, vec![f(1.0)]),
        [0x3f80_0000]
    );
    assert_eq!(
        intrinsic(Intrinsic::AsInt, Type::INT, vec![f(-0.0)]),
        [0x8000_0000]
    );
    assert_eq!(
        intrinsic(Intrinsic::AsFloat, Type::FLOAT, vec![u(0x4049_0fdb)]),
        [0x4049_0fdb]
    );
}

#[test]
fn asdouble_joins_words() {
    let bits = std::f64::consts::PI.to_bits();
    let r = intrinsic(
        Intrinsic::AsDouble,
        Type::Scalar(ScalarKind::Double),
        vec![u(bits as u32), u((bits >> 32) as u32)],
    );
    assert_eq!(r, [bits]);
}

#[test]
fn asuint_of_double_splits_through_pointers() {
    let bits = 2.5f64.to_bits();
    let r = eval(vec_ty(ScalarKind::Uint, 2), |fb| {
        let lo = fb.alloca(Type::UINT, "lo");
        let hi = fb.alloca(Type::UINT, "hi");
        let x = fb.constant(d(2.5));
        fb.call_intrinsic(Intrinsic::AsUint, Type::Void, &[x, lo, hi]);
        let a = fb.load(lo);
        let b = fb.load(hi);
        fb.construct(vec_ty(ScalarKind::Uint, 2), &[a, b])
    });
    assert_eq!(r, [bits & 0xffff_ffff, bits >> 32]);
}

#[test]
fn cross_product() {
    let r = fv(
        Intrinsic::Cross,
        3,
        vec![vec![1.0, 0.0, 0.0], vec![0.0, 1.0, 0.0]],
    );
    assert_eq!(r, [0.0, 0.0, 1.0]);
    let r = fv(
        Intrinsic::Cross,
        3,
        vec![vec![1.0, 2.0, 3.0], vec![4.0, 5.0, 6.0]],
    );
    assert_eq!(r, [-3.0, 6.0, -3.0]);
}

#[test]
fn length_and_distance() {
    assert_eq!(fv(Intrinsic::Length, 1, vec![vec![3.0, 4.0]]), [5.0]);
    assert_eq!(
        fv(
            Intrinsic::Distance,
            1,
            vec![vec![1.0, 1.0, 1.0], vec![3.0, 3.0, 2.0]]
        ),
        [3.0]
    );
}

#[test]
fn normalize_vector() {
    let r = fv(Intrinsic::Normalize, 2, vec![vec![3.0, 4.0]]);
    assert_eq!(r, [0.6, 0.8]);
}

#[test]
fn reflect_off_plane() {
    let r = fv(Intrinsic::Reflect, 2, vec![vec![1.0, -1.0], vec![0.0, 1.0]]);
    assert_eq!(r, [1.0, 1.0]);
}

#[test]
fn refract_straight_through_and_total_internal_reflection() {
    let r = fv(
        Intrinsic::Refract,
        2,
        vec![vec![0.0, -1.0], vec![0.0, 1.0], vec![1.0]],
    );
    assert_eq!(r, [0.0, -1.0]);
    let s = std::f32::consts::FRAC_1_SQRT_2;
    let r = fv(
        Intrinsic::Refract,
        2,
        vec![vec![s, -s], vec![0.0, 1.0], vec![2.0]],
    );
    assert_eq!(r, [0.0, 0.0]);
}

#[test]
fn faceforward_flips_against_ng() {
    let r = fv(
        Intrinsic::FaceForward,
        2,
        vec![vec![0.0, 1.0], vec![0.0, -1.0], vec![0.0, 1.0]],
    );
    assert_eq!(r, [0.0, 1.0]);
    let r = fv(
        Intrinsic::FaceForward,
        2,
        vec![vec![0.0, 1.0], vec![0.0, 1.0], vec![0.0, 1.0]],
    );
    assert_eq!(r, [-0.0, -1.0]);
}

#[test]
fn isnan_isinf_isfinite() {
    let v = vec![vec![f(f32::NAN), f(f32::INFINITY), f(1.0)]];
    let b3 = vec_ty(ScalarKind::Bool, 3);
    assert_eq!(
        intrinsic_v(Intrinsic::IsNan, b3.clone(), v.clone()),
        [1, 0, 0]
    );
    assert_eq!(
        intrinsic_v(Intrinsic::IsInf, b3.clone(), v.clone()),
        [0, 1, 0]
    );
    assert_eq!(intrinsic_v(Intrinsic::IsFinite, b3, v), [0, 0, 1]);
}

#[test]
fn any_and_all() {
    let v = vec![vec![i(0), i(3), i(0)]];
    assert_eq!(intrinsic_v(Intrinsic::Any, Type::BOOL, v.clone()), [1]);
    assert_eq!(intrinsic_v(Intrinsic::All, Type::BOOL, v), [0]);
    assert_eq!(
        intrinsic_v(Intrinsic::All, Type::BOOL, vec![vec![f(1.0), f(-2.0)]]),
        [1]
    );
}

#[test]
fn exp2_log2_pow() {
    assert_eq!(f1(Intrinsic::Exp2, 10.0), 1024.0);
    assert_eq!(f1(Intrinsic::Log2, 0.125), -3.0);
    assert_eq!(
        as_f32(intrinsic(Intrinsic::Pow, Type::FLOAT, vec![f(2.0), f(0.5)])[0]),
        r32(2f64.sqrt())
    );
}

#[test]
fn exp_log_log10() {
    assert_eq!(f1(Intrinsic::Exp, 1.0), r32(std::f64::consts::E));
    assert_eq!(f1(Intrinsic::Log, 1.0), 0.0);
    assert_eq!(f1(Intrinsic::Log10, 1000.0), 3.0);
}

#[test]
fn trigonometry_in_f32() {
    assert_eq!(f1(Intrinsic::Sin, 1.0), r32(1f64.sin()));
    assert_eq!(f1(Intrinsic::Cos, 1.0), r32(1f64.cos()));
    assert_eq!(f1(Intrinsic::Tan, 0.5), r32(0.5f64.tan()));
    assert_eq!(f1(Intrinsic::Asin, 1.0), r32(std::f64::consts::FRAC_PI_2));
    assert_eq!(f1(Intrinsic::Acos, -1.0), r32(std::f64::consts::PI));
    assert_eq!(f1(Intrinsic::Atan, 1.0), r32(std::f64::consts::FRAC_PI_4));
    assert_eq!(
        as_f32(intrinsic(Intrinsic::Atan2, Type::FLOAT, vec![f(1.0), f(-1.0)])[0]),
        r32(3.0 * std::f64::consts::FRAC_PI_4)
    );
}

#[test]
fn hyperbolic_functions() {
    assert_eq!(f1(Intrinsic::Sinh, 1.0), r32(1f64.sinh()));
    assert_eq!(f1(Intrinsic::Cosh, 1.0), r32(1f64.cosh()));
    assert_eq!(f1(Intrinsic::Tanh, 0.5), r32(0.5f64.tanh()));
}

#[test]
fn degrees_and_radians() {
    assert_eq!(
        f1(Intrinsic::Degrees, std::f32::consts::PI),
        r32(f64::from(std::f32::consts::PI) * 180.0 / std::f64::consts::PI)
    );
    assert_eq!(f1(Intrinsic::Radians, 180.0), r32(std::f64::consts::PI));
}

#[test]
fn fmod_and_ldexp() {
    assert_eq!(
        as_f32(intrinsic(Intrinsic::Fmod, Type::FLOAT, vec![f(-7.0), f(3.0)])[0]),
        -1.0
    );
    assert_eq!(
        as_f32(intrinsic(Intrinsic::Ldexp, Type::FLOAT, vec![f(1.5), f(4.0)])[0]),
        24.0
    );
}

#[test]
fn half_precision_sqrt_rounds_to_binary16() {
    // sqrt(2) in binary16 is 0x3da8 (1.4140625).
    let r = intrinsic(
        Intrinsic::Sqrt,
        Type::Scalar(ScalarKind::Float16),
        vec![h(0x4000)],
    );
    assert_eq!(r, [0x3da8]);
}

#[test]
fn double_precision_sqrt() {
    let r = intrinsic(
        Intrinsic::Sqrt,
        Type::Scalar(ScalarKind::Double),
        vec![d(2.0)],
    );
    assert_eq!(f64::from_bits(r[0]), 2f64.sqrt());
}

#[test]
fn determinant_2x2_and_3x3() {
    let r = eval(Type::FLOAT, |fb| {
        let r0 = vconst(fb, vec![f(3.0), f(8.0)]);
        let r1 = vconst(fb, vec![f(4.0), f(6.0)]);
        let m = fb.construct(Type::matrix(ScalarKind::Float, 2, 2), &[r0, r1]);
        fb.call_intrinsic(Intrinsic::Determinant, Type::FLOAT, &[m])
    });
    assert_eq!(as_f32(r[0]), -14.0);
    let r = eval(Type::FLOAT, |fb| {
        let r0 = vconst(fb, vec![f(6.0), f(1.0), f(1.0)]);
        let r1 = vconst(fb, vec![f(4.0), f(-2.0), f(5.0)]);
        let r2 = vconst(fb, vec![f(2.0), f(8.0), f(7.0)]);
        let m = fb.construct(Type::matrix(ScalarKind::Float, 3, 3), &[r0, r1, r2]);
        fb.call_intrinsic(Intrinsic::Determinant, Type::FLOAT, &[m])
    });
    assert_eq!(as_f32(r[0]), -306.0);
}

#[test]
fn transpose_2x3() {
    let r = eval(vec_ty(ScalarKind::Float, 2), |fb| {
        let r0 = vconst(fb, vec![f(1.0), f(2.0), f(3.0)]);
        let r1 = vconst(fb, vec![f(4.0), f(5.0), f(6.0)]);
        let m = fb.construct(Type::matrix(ScalarKind::Float, 2, 3), &[r0, r1]);
        let t = fb.call_intrinsic(
            Intrinsic::Transpose,
            Type::matrix(ScalarKind::Float, 3, 2),
            &[m],
        );
        fb.extract(t, &[2])
    });
    assert_eq!(as_f32s(&r), [3.0, 6.0]);
}

#[test]
fn modf_splits_through_pointer() {
    let r = eval(vec_ty(ScalarKind::Float, 2), |fb| {
        let ip = fb.alloca(Type::FLOAT, "ip");
        let x = fb.float(-2.75);
        let frac = fb.call_intrinsic(Intrinsic::Modf, Type::FLOAT, &[x, ip]);
        let whole = fb.load(ip);
        fb.construct(vec_ty(ScalarKind::Float, 2), &[frac, whole])
    });
    assert_eq!(as_f32s(&r), [-0.75, -2.0]);
}

#[test]
fn frexp_splits_mantissa_and_exponent() {
    let r = eval(vec_ty(ScalarKind::Float, 2), |fb| {
        let e = fb.alloca(Type::FLOAT, "e");
        let x = fb.float(12.0);
        let m = fb.call_intrinsic(Intrinsic::Frexp, Type::FLOAT, &[x, e]);
        let ev = fb.load(e);
        fb.construct(vec_ty(ScalarKind::Float, 2), &[m, ev])
    });
    // 12 = 0.75 * 2^4.
    assert_eq!(as_f32s(&r), [0.75, 4.0]);
}

#[test]
fn sincos_writes_both() {
    let r = eval(vec_ty(ScalarKind::Float, 2), |fb| {
        let s = fb.alloca(Type::FLOAT, "s");
        let c = fb.alloca(Type::FLOAT, "c");
        let x = fb.float(0.5);
        fb.call_intrinsic(Intrinsic::Sincos, Type::Void, &[x, s, c]);
        let sv = fb.load(s);
        let cv = fb.load(c);
        fb.construct(vec_ty(ScalarKind::Float, 2), &[sv, cv])
    });
    assert_eq!(as_f32s(&r), [r32(0.5f64.sin()), r32(0.5f64.cos())]);
}

#[test]
fn dst_and_lit() {
    let r = fv(
        Intrinsic::Dst,
        4,
        vec![vec![9.0, 2.0, 3.0, 9.0], vec![9.0, 5.0, 9.0, 7.0]],
    );
    assert_eq!(r, [1.0, 10.0, 3.0, 7.0]);
    let r = fv(Intrinsic::Lit, 4, vec![vec![0.5], vec![0.5], vec![2.0]]);
    assert_eq!(r, [1.0, 0.5, 0.25, 1.0]);
    let r = fv(Intrinsic::Lit, 4, vec![vec![-0.5], vec![0.5], vec![2.0]]);
    assert_eq!(r, [1.0, 0.0, 0.0, 1.0]);
}

#[test]
fn msad4_sums_absolute_differences_skipping_zero_reference_bytes() {
    // reference bytes (low to high): 1, 0, 3, 4; source window k starts at byte k of
    // 0x08070605_04030201.
    let r = eval(vec_ty(ScalarKind::Uint, 4), |fb| {
        let reference = fb.uint(0x0403_0001);
        let src = vconst(fb, vec![u(0x0403_0201), u(0x0807_0605)]);
        let acc = vconst(fb, vec![u(0), u(0), u(0), u(100)]);
        fb.call_intrinsic(
            Intrinsic::Msad4,
            vec_ty(ScalarKind::Uint, 4),
            &[reference, src, acc],
        )
    });
    // window 0: bytes 1,2,3,4 -> |1-1| + |3-3| + |4-4| = 0
    // window 1: bytes 2,3,4,5 -> |1-2| + |3-4| + |4-5| = 3
    // window 2: bytes 3,4,5,6 -> 2 + 2 + 2 = 6
    // window 3: bytes 4,5,6,7 -> 3 + 3 + 3 = 9, plus 100
    assert_eq!(r, [0, 3, 6, 109]);
}

#[test]
fn non_uniform_index_is_identity() {
    let r = eval(Type::UINT, |fb| {
        let x = fb.uint(42);
        fb.call_intrinsic(Intrinsic::NonUniformIndex, Type::UINT, &[x])
    });
    assert_eq!(r, [42]);
}

#[test]
fn wave_lane_queries_without_meeting() {
    let r = eval(vec_ty(ScalarKind::Uint, 2), |fb| {
        let a = fb.call_intrinsic(Intrinsic::WaveGetLaneIndex, Type::UINT, &[]);
        let b = fb.call_intrinsic(Intrinsic::WaveGetLaneCount, Type::UINT, &[]);
        fb.construct(vec_ty(ScalarKind::Uint, 2), &[a, b])
    });
    assert_eq!(r, [0, 32]);
}

#[test]
fn derivatives_are_reported_as_unsupported() {
    let mut k = Kernel::new([1, 1, 1]);
    k.body(|fb| {
        let x = fb.float(1.0);
        fb.call_intrinsic(Intrinsic::Ddx, Type::FLOAT, &[x]);
    });
    let m = k.finish();
    let err = run_with(&m, [1, 1, 1], &Default::default(), vec![], None).unwrap_err();
    assert_eq!(
        err,
        interp::RunError::Unsupported("intrinsic ddx in compute".to_owned())
    );
}

#[test]
fn intrinsic_on_vector_is_componentwise() {
    let r = fv(Intrinsic::Floor, 4, vec![vec![1.5, -1.5, 2.0, -0.25]]);
    assert_eq!(r, [1.0, -2.0, 2.0, -1.0]);
    let _ = Value::Arg(0);
    let _ = Constant::bool(true);
}

#[test]
fn lerp_in_half_precision() {
    // lerp(1, 2, 1/3) in binary16: d = 1, s * d = 0x3555 (0.33325195), 1 + that rounds to
    // 1.3330078 (0x3d55).
    let hk = Type::Scalar(ScalarKind::Float16);
    let r = intrinsic(Intrinsic::Lerp, hk, vec![h(0x3c00), h(0x4000), h(0x3555)]);
    assert_eq!(r, [0x3d55]);
}

#[test]
fn countbits_of_uint64_and_firstbitlow_of_int() {
    let r = intrinsic(
        Intrinsic::CountBits,
        Type::UINT,
        vec![Constant::uint64(u64::MAX)],
    );
    assert_eq!(r, [64]);
    assert_eq!(
        intrinsic(Intrinsic::FirstBitLow, Type::UINT, vec![i(-8)]),
        [3]
    );
}

#[test]
fn clamp_of_vectors_with_scalar_bounds() {
    let r = fv(
        Intrinsic::Clamp,
        3,
        vec![vec![-1.0, 0.5, 9.0], vec![0.0], vec![1.0]],
    );
    assert_eq!(r, [0.0, 0.5, 1.0]);
}
