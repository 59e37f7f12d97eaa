//! Arithmetic, comparisons, conversions, bitcasts and composite operations, one invocation
//! each. Expected values are hand-computed constants or plain Rust on native types.

mod common;

use common::*;
use interp::RobustnessEvent;
use ir::types::{ScalarKind, Type};
use ir::Constant;

// Integer wrap-around at every width.

#[test]
fn int_add_wraps() {
    assert_eq!(binary1(Opcode::Add, i(i32::MAX), i(1)), 0x8000_0000);
}

#[test]
fn uint_add_wraps() {
    assert_eq!(binary1(Opcode::Add, u(u32::MAX), u(2)), 1);
}

#[test]
fn uint_sub_wraps() {
    assert_eq!(
        binary1(Opcode::Sub, u(3), u(5)),
        u64::from(3u32.wrapping_sub(5))
    );
}

#[test]
fn int_mul_wraps() {
    let want = 123_456_789i32.wrapping_mul(987_654_321) as u32;
    assert_eq!(
        binary1(Opcode::Mul, i(123_456_789), i(987_654_321)),
        u64::from(want)
    );
}

#[test]
fn int16_add_wraps() {
    let r = binary1(Opcode::Add, Constant::int16(i16::MAX), Constant::int16(1));
    assert_eq!(r, 0x8000);
}

#[test]
fn uint16_mul_wraps() {
    let r = binary1(Opcode::Mul, Constant::uint16(300), Constant::uint16(300));
    assert_eq!(r, u64::from(300u16.wrapping_mul(300)));
}

#[test]
fn int64_add_wraps() {
    let r = binary1(Opcode::Add, Constant::int64(i64::MAX), Constant::int64(1));
    assert_eq!(r, i64::MIN as u64);
}

#[test]
fn uint64_mul_wraps() {
    let r = binary1(Opcode::Mul, Constant::uint64(u64::MAX), Constant::uint64(3));
    assert_eq!(r, u64::MAX.wrapping_mul(3));
}

#[test]
fn int_neg_of_min_wraps() {
    let r = eval(Type::INT, |fb| {
        let a = fb.constant(i(i32::MIN));
        fb.unary(Opcode::Neg, a)
    });
    assert_eq!(r[0], 0x8000_0000);
}

#[test]
fn int_div_truncates_toward_zero() {
    assert_eq!(binary1(Opcode::Div, i(-7), i(2)) as u32 as i32, -3);
}

#[test]
fn int_rem_takes_sign_of_dividend() {
    assert_eq!(binary1(Opcode::Rem, i(-7), i(3)) as u32 as i32, -1);
    assert_eq!(binary1(Opcode::Rem, i(7), i(-3)) as u32 as i32, 1);
}

#[test]
fn uint_div_and_rem() {
    assert_eq!(binary1(Opcode::Div, u(0xffff_fff0), u(16)), 0x0fff_ffff);
    assert_eq!(binary1(Opcode::Rem, u(100), u(7)), 2);
}

#[test]
fn int_min_div_minus_one_wraps() {
    assert_eq!(binary1(Opcode::Div, i(i32::MIN), i(-1)), 0x8000_0000);
    assert_eq!(binary1(Opcode::Rem, i(i32::MIN), i(-1)), 0);
}

#[test]
fn division_by_zero_yields_zero_and_is_reported() {
    let (r, events) = eval_events(Type::UINT, |fb| {
        let (a, b) = (fb.uint(10), fb.uint(0));
        fb.binary(Opcode::Div, a, b)
    });
    assert_eq!(r, [0]);
    assert_eq!(events, [RobustnessEvent::DivisionByZero]);
}

#[test]
fn remainder_by_zero_yields_zero_and_is_reported() {
    let (r, events) = eval_events(Type::INT, |fb| {
        let (a, b) = (fb.int(-10), fb.int(0));
        fb.binary(Opcode::Rem, a, b)
    });
    assert_eq!(r, [0]);
    assert_eq!(events, [RobustnessEvent::DivisionByZero]);
}

#[test]
fn int64_division() {
    let r = binary1(
        Opcode::Div,
        Constant::int64(-9_000_000_000),
        Constant::int64(7),
    );
    assert_eq!(r as i64, -9_000_000_000i64 / 7);
}

// Shifts: counts are masked to the width.

#[test]
fn shl_count_masked_to_32() {
    assert_eq!(binary1(Opcode::Shl, u(1), u(33)), 2);
}

#[test]
fn shr_count_masked_to_32() {
    assert_eq!(binary1(Opcode::Shr, u(0x8000_0000), u(63)), 1);
}

#[test]
fn shr_is_arithmetic_on_int() {
    assert_eq!(binary1(Opcode::Shr, i(-16), i(2)) as u32 as i32, -4);
}

#[test]
fn shr_is_logical_on_uint() {
    assert_eq!(binary1(Opcode::Shr, u(0xffff_fff0), u(4)), 0x0fff_ffff);
}

#[test]
fn shl_int16_count_masked_to_16() {
    let r = binary1(Opcode::Shl, Constant::int16(1), Constant::int16(17));
    assert_eq!(r, 2);
}

#[test]
fn shr_int16_arithmetic() {
    let r = binary1(Opcode::Shr, Constant::int16(-256), Constant::int16(4));
    assert_eq!(r, u64::from((-16i16) as u16));
}

#[test]
fn shl_uint64_count_masked_to_64() {
    let r = binary1(Opcode::Shl, Constant::uint64(3), Constant::uint64(65));
    assert_eq!(r, 6);
}

#[test]
fn shl_by_uint_amount_on_int64() {
    let r = eval(Type::Scalar(ScalarKind::Int64), |fb| {
        let a = fb.constant(Constant::int64(1));
        let b = fb.uint(40);
        fb.binary(Opcode::Shl, a, b)
    });
    assert_eq!(r, [1u64 << 40]);
}

#[test]
fn shl_shifts_out_high_bits() {
    assert_eq!(binary1(Opcode::Shl, u(0xdead_beef), u(16)), 0xbeef_0000);
}

// Bitwise and logical operators.

#[test]
fn bit_and_or_xor() {
    assert_eq!(binary1(Opcode::BitAnd, u(0b1100), u(0b1010)), 0b1000);
    assert_eq!(binary1(Opcode::BitOr, u(0b1100), u(0b1010)), 0b1110);
    assert_eq!(binary1(Opcode::BitXor, u(0b1100), u(0b1010)), 0b0110);
}

#[test]
fn bit_not_of_uint16() {
    let r = eval(Type::Scalar(ScalarKind::Uint16), |fb| {
        let a = fb.constant(Constant::uint16(0x00ff));
        fb.unary(Opcode::BitNot, a)
    });
    assert_eq!(r, [0xff00]);
}

#[test]
fn logical_ops_on_bools() {
    let t = Constant::bool(true);
    let fl = Constant::bool(false);
    assert_eq!(binary1(Opcode::LogicalAnd, t.clone(), fl.clone()), 0);
    assert_eq!(binary1(Opcode::LogicalOr, t.clone(), fl.clone()), 1);
    let r = eval(Type::BOOL, |fb| {
        let a = fb.constant(t);
        fb.unary(Opcode::LogicalNot, a)
    });
    assert_eq!(r, [0]);
}

#[test]
fn vector_add_is_componentwise() {
    let r = eval(vec_ty(ScalarKind::Int, 3), |fb| {
        let a = vconst(fb, vec![i(1), i(i32::MAX), i(-5)]);
        let b = vconst(fb, vec![i(10), i(1), i(5)]);
        fb.binary(Opcode::Add, a, b)
    });
    assert_eq!(r, [11, 0x8000_0000, 0]);
}

// Comparisons.

#[test]
fn signed_and_unsigned_comparisons_differ() {
    assert_eq!(binary1(Opcode::Lt, i(-1), i(1)), 1);
    assert_eq!(binary1(Opcode::Lt, u(u32::MAX), u(1)), 0);
}

#[test]
fn int16_and_int64_comparisons_are_signed() {
    assert_eq!(
        binary1(Opcode::Gt, Constant::int16(-2), Constant::int16(1)),
        0
    );
    assert_eq!(
        binary1(Opcode::Ge, Constant::int64(-1), Constant::int64(-1)),
        1
    );
}

#[test]
fn nan_compares_false_except_not_equal() {
    let nan = f(f32::NAN);
    for op in [Opcode::Eq, Opcode::Lt, Opcode::Le, Opcode::Gt, Opcode::Ge] {
        assert_eq!(binary1(op, nan.clone(), f(1.0)), 0, "{op:?}");
    }
    assert_eq!(binary1(Opcode::Ne, nan.clone(), nan), 1);
}

#[test]
fn vector_comparison_yields_bool_vector() {
    let r = eval(vec_ty(ScalarKind::Bool, 4), |fb| {
        let a = vconst(fb, vec![f(1.0), f(2.0), f(3.0), f(-0.0)]);
        let b = vconst(fb, vec![f(2.0), f(2.0), f(1.0), f(0.0)]);
        fb.compare(Opcode::Le, a, b)
    });
    assert_eq!(r, [1, 1, 0, 1]);
}

// Float precision: float, double and float16_t.

#[test]
fn float_add_rounds_to_binary32() {
    assert_eq!(binary1(Opcode::Add, f(0.1), f(0.2)), fbits(0.1f32 + 0.2f32));
}

#[test]
fn float_add_ties_to_even() {
    // 2^24 + 1 is halfway between 2^24 and 2^24 + 2.
    assert_eq!(
        binary1(Opcode::Add, f(16_777_216.0), f(1.0)),
        fbits(16_777_216.0)
    );
    assert_eq!(
        binary1(Opcode::Add, f(16_777_216.0), f(3.0)),
        fbits(16_777_220.0)
    );
}

#[test]
fn float_div_one_third() {
    assert_eq!(binary1(Opcode::Div, f(1.0), f(3.0)), 0x3eaa_aaab);
}

#[test]
fn float_div_by_zero_is_infinite() {
    assert_eq!(binary1(Opcode::Div, f(1.0), f(0.0)), fbits(f32::INFINITY));
    assert_eq!(
        binary1(Opcode::Div, f(-1.0), f(0.0)),
        fbits(f32::NEG_INFINITY)
    );
}

#[test]
fn float_rem_has_sign_of_dividend() {
    assert_eq!(binary1(Opcode::Rem, f(-7.5), f(2.0)), fbits(-1.5));
}

#[test]
fn float_mul_flushes_a_denormal_result_to_zero() {
    // 2^-126 (the smallest normal) * 0.5 = 2^-127, a denormal: +0 by default (D3D's rule;
    // `Denormals::Preserve` keeps 0x0040_0000, see `numeric`'s unit tests); -0 when negative.
    let tiny = f32::from_bits(0x0080_0000);
    assert_eq!(binary1(Opcode::Mul, f(tiny), f(0.5)), 0);
    assert_eq!(binary1(Opcode::Mul, f(tiny), f(-0.5)), 0x8000_0000);
}

#[test]
fn double_mul_keeps_denormals() {
    // 2^-1022 (the smallest normal binary64) * 0.5 = 2^-1023: bits 1 << 51.
    let tiny = f64::from_bits(1 << 52);
    assert_eq!(binary1(Opcode::Mul, d(tiny), d(0.5)), 1 << 51);
}

#[test]
fn double_add_rounds_to_binary64() {
    assert_eq!(binary1(Opcode::Add, d(0.1), d(0.2)), 0x3fd3_3333_3333_3334);
}

#[test]
fn double_keeps_precision_float_loses() {
    let r = binary1(Opcode::Add, d(16_777_216.0), d(1.0));
    assert_eq!(f64::from_bits(r), 16_777_217.0);
}

#[test]
fn half_add_ties_to_even() {
    // 1 + 2^-11 is halfway between 1.0 (0x3c00) and 1 + 2^-10 (0x3c01): even wins.
    assert_eq!(binary1(Opcode::Add, h(0x3c00), h(0x1000)), 0x3c00);
}

#[test]
fn half_add_rounds_up_at_odd_tie() {
    // 1 + 3 * 2^-11 is halfway between 0x3c01 and 0x3c02: even (0x3c02) wins.
    assert_eq!(binary1(Opcode::Add, h(0x3c00), h(0x1600)), 0x3c02);
}

#[test]
fn half_overflow_rounds_to_infinity() {
    // 65504 + 16 = 65520, halfway between 65504 and 2^16 (out of range): infinity.
    assert_eq!(binary1(Opcode::Add, h(0x7bff), h(0x4c00)), 0x7c00);
}

#[test]
fn half_mul_exact_and_subnormal() {
    // 2^-14 (smallest normal, 0x0400) * 0.5 = 2^-15, a subnormal (0x0200).
    assert_eq!(binary1(Opcode::Mul, h(0x0400), h(0x3800)), 0x0200);
}

#[test]
fn half_div_rounds() {
    // 1/3 in binary16 is 0x3555.
    assert_eq!(binary1(Opcode::Div, h(0x3c00), h(0x4200)), 0x3555);
}

#[test]
fn half_sub_exact() {
    // 2.5 - 0.5 = 2.0.
    assert_eq!(binary1(Opcode::Sub, h(0x4100), h(0x3800)), 0x4000);
}

#[test]
fn float_neg_flips_sign_of_zero() {
    let r = eval(Type::FLOAT, |fb| {
        let a = fb.float(0.0);
        fb.unary(Opcode::Neg, a)
    });
    assert_eq!(r, [0x8000_0000]);
}

#[test]
fn half_typed_values_are_32_bit() {
    // `half` is a 32-bit float in the IR (no 16-bit types): 2^24 + 1 rounds like float.
    let k = ScalarKind::Half;
    let r = binary1(
        Opcode::Add,
        Constant::float_of(k, 16_777_216.0),
        Constant::float_of(k, 1.0),
    );
    assert_eq!(r, fbits(16_777_216.0));
}

// Conversions.

fn convert(c: Constant, to: Type) -> u64 {
    eval(to.clone(), |fb| {
        let v = fb.constant(c);
        fb.convert(v, to)
    })[0]
}

#[test]
fn float_to_int_truncates_toward_zero() {
    assert_eq!(convert(f(-1.7), Type::INT) as u32 as i32, -1);
    assert_eq!(convert(f(2.9), Type::INT), 2);
}

#[test]
fn float_to_int_saturates() {
    assert_eq!(convert(f(3.0e9), Type::INT), i32::MAX as u32 as u64);
    assert_eq!(convert(f(-3.0e9), Type::INT), i32::MIN as u32 as u64);
}

#[test]
fn float_to_uint_saturates_at_zero_and_max() {
    assert_eq!(convert(f(-1.0), Type::UINT), 0);
    assert_eq!(convert(f(1.0e20), Type::UINT), u64::from(u32::MAX));
}

#[test]
fn nan_to_int_is_zero() {
    assert_eq!(convert(f(f32::NAN), Type::INT), 0);
}

#[test]
fn int_to_float_rounds_to_nearest_even() {
    assert_eq!(convert(i(16_777_217), Type::FLOAT), fbits(16_777_216.0));
    assert_eq!(convert(i(16_777_219), Type::FLOAT), fbits(16_777_220.0));
}

#[test]
fn uint_to_float_of_large_value() {
    assert_eq!(convert(u(u32::MAX), Type::FLOAT), fbits(4_294_967_296.0));
}

#[test]
fn int_narrowing_truncates_bits() {
    assert_eq!(
        convert(i(70_000), Type::Scalar(ScalarKind::Int16)),
        70_000 & 0xffff
    );
}

#[test]
fn int16_widening_sign_extends() {
    assert_eq!(convert(Constant::int16(-2), Type::INT), 0xffff_fffe);
}

#[test]
fn uint16_widening_zero_extends() {
    assert_eq!(convert(Constant::uint16(0xfffe), Type::INT), 0xfffe);
}

#[test]
fn int_to_uint64_sign_extends() {
    assert_eq!(convert(i(-1), Type::Scalar(ScalarKind::Uint64)), u64::MAX);
}

#[test]
fn uint_to_int64_zero_extends() {
    assert_eq!(
        convert(u(u32::MAX), Type::Scalar(ScalarKind::Int64)),
        0xffff_ffff
    );
}

#[test]
fn bool_to_int_and_float() {
    assert_eq!(convert(Constant::bool(true), Type::INT), 1);
    assert_eq!(convert(Constant::bool(true), Type::FLOAT), fbits(1.0));
}

#[test]
fn float_and_int_to_bool() {
    assert_eq!(convert(f(-0.0), Type::BOOL), 0);
    assert_eq!(convert(f(0.5), Type::BOOL), 1);
    assert_eq!(convert(f(f32::NAN), Type::BOOL), 1);
    assert_eq!(convert(i(-3), Type::BOOL), 1);
}

#[test]
fn float_to_half_rounds_to_nearest_even() {
    // 2049 is halfway between 2048 and 2050 in binary16: 2048 (0x6800) is even.
    assert_eq!(
        convert(f(2049.0), Type::Scalar(ScalarKind::Float16)),
        0x6800
    );
    // 0.1f in binary16 is 0x2e66.
    assert_eq!(convert(f(0.1), Type::Scalar(ScalarKind::Float16)), 0x2e66);
}

#[test]
fn float_to_half_overflows_to_infinity() {
    assert_eq!(
        convert(f(70_000.0), Type::Scalar(ScalarKind::Float16)),
        0x7c00
    );
}

#[test]
fn half_to_float_is_exact() {
    assert_eq!(convert(h(0x3555), Type::FLOAT), fbits(0.333_251_95));
    assert_eq!(convert(h(0x0001), Type::FLOAT), fbits(2f32.powi(-24)));
}

#[test]
fn double_to_float_rounds() {
    assert_eq!(convert(d(0.1), Type::FLOAT), fbits(0.1));
}

#[test]
fn float_to_double_is_exact() {
    assert_eq!(
        convert(f(0.1), Type::Scalar(ScalarKind::Double)),
        (0.1f32 as f64).to_bits()
    );
}

#[test]
fn int64_to_double_and_back() {
    let big = (1i64 << 53) + 1;
    assert_eq!(
        convert(Constant::int64(big), Type::Scalar(ScalarKind::Double)),
        ((1i64 << 53) as f64).to_bits()
    );
    assert_eq!(
        convert(d(-2.5e10), Type::Scalar(ScalarKind::Int64)) as i64,
        -25_000_000_000
    );
}

#[test]
fn half_to_uint() {
    // 65504.0 (0x7bff) to uint.
    assert_eq!(convert(h(0x7bff), Type::UINT), 65504);
}

#[test]
fn vector_conversion_is_componentwise() {
    let r = eval(vec_ty(ScalarKind::Int, 3), |fb| {
        let v = vconst(fb, vec![f(1.5), f(-2.5), f(1e10)]);
        fb.convert(v, vec_ty(ScalarKind::Int, 3))
    });
    assert_eq!(r, [1, (-2i32) as u32 as u64, i32::MAX as u64]);
}

// Bitcasts.

#[test]
fn bitcast_float_to_uint() {
    let r = eval(Type::UINT, |fb| {
        let v = fb.float(-2.0);
        fb.bitcast(v, Type::UINT)
    });
    assert_eq!(r, [0xc000_0000]);
}

#[test]
fn bitcast_uint2_to_double() {
    let want = 1.5f64.to_bits();
    let r = eval(Type::Scalar(ScalarKind::Double), |fb| {
        let v = vconst(fb, vec![u(want as u32), u((want >> 32) as u32)]);
        fb.bitcast(v, Type::Scalar(ScalarKind::Double))
    });
    assert_eq!(r, [want]);
}

#[test]
fn bitcast_uint_to_uint16_pair() {
    let r = eval(vec_ty(ScalarKind::Uint16, 2), |fb| {
        let v = fb.uint(0x1234_5678);
        fb.bitcast(v, vec_ty(ScalarKind::Uint16, 2))
    });
    assert_eq!(r, [0x5678, 0x1234]);
}

#[test]
fn bitcast_int_to_float() {
    let r = eval(Type::FLOAT, |fb| {
        let v = fb.int(0x3f80_0000);
        fb.bitcast(v, Type::FLOAT)
    });
    assert_eq!(r, [fbits(1.0)]);
}

// Composites.

#[test]
fn construct_extract_and_swizzle() {
    let r = eval(vec_ty(ScalarKind::Float, 4), |fb| {
        let a = fb.float(1.0);
        let b = fb.float(2.0);
        let v2 = fb.construct(vec_ty(ScalarKind::Float, 2), &[a, b]);
        let c = fb.float(3.0);
        let v3 = fb.construct(vec_ty(ScalarKind::Float, 3), &[v2, c]);
        fb.swizzle(v3, &[2, 0, 1, 1])
    });
    assert_eq!(as_f32s(&r), [3.0, 1.0, 2.0, 2.0]);
}

#[test]
fn composite_insert_replaces_one_component() {
    let r = eval(vec_ty(ScalarKind::Int, 3), |fb| {
        let v = vconst(fb, vec![i(1), i(2), i(3)]);
        let x = fb.int(9);
        fb.insert(v, x, &[1])
    });
    assert_eq!(r, [1, 9, 3]);
}

#[test]
fn extract_from_struct_and_matrix() {
    let m = Type::matrix(ScalarKind::Float, 2, 3);
    let s = structure("S", &[("a", Type::INT), ("m", m.clone())]);
    let r = eval(vec_ty(ScalarKind::Float, 3), |fb| {
        let row0 = vconst(fb, vec![f(1.0), f(2.0), f(3.0)]);
        let row1 = vconst(fb, vec![f(4.0), f(5.0), f(6.0)]);
        let mat = fb.construct(m.clone(), &[row0, row1]);
        let a = fb.int(7);
        let sv = fb.construct(s.clone(), &[a, mat]);
        fb.extract(sv, &[1, 1])
    });
    assert_eq!(as_f32s(&r), [4.0, 5.0, 6.0]);
}

#[test]
fn extract_dynamic_in_and_out_of_range() {
    let (r, ev) = eval_events(Type::INT, |fb| {
        let v = vconst(fb, vec![i(10), i(20), i(30)]);
        let k = fb.int(2);
        fb.extract_dynamic(v, k)
    });
    assert_eq!((r, ev.len()), (vec![30], 0));
    let (r, ev) = eval_events(Type::INT, |fb| {
        let v = vconst(fb, vec![i(10), i(20), i(30)]);
        let k = fb.int(3);
        fb.extract_dynamic(v, k)
    });
    assert_eq!(r, [0]);
    assert_eq!(ev.len(), 1);
}

#[test]
fn insert_dynamic() {
    let r = eval(vec_ty(ScalarKind::Uint, 4), |fb| {
        let v = vconst(fb, vec![u(0), u(0), u(0), u(0)]);
        let x = fb.uint(5);
        let k = fb.uint(3);
        fb.insert_dynamic(v, x, k)
    });
    assert_eq!(r, [0, 0, 0, 5]);
}

#[test]
fn select_with_scalar_and_vector_conditions() {
    let r = eval(vec_ty(ScalarKind::Int, 2), |fb| {
        let c = fb.bool(false);
        let a = vconst(fb, vec![i(1), i(2)]);
        let b = vconst(fb, vec![i(3), i(4)]);
        fb.select(c, a, b)
    });
    assert_eq!(r, [3, 4]);
    let r = eval(vec_ty(ScalarKind::Int, 2), |fb| {
        let c = vconst(fb, vec![Constant::bool(true), Constant::bool(false)]);
        let a = vconst(fb, vec![i(1), i(2)]);
        let b = vconst(fb, vec![i(3), i(4)]);
        fb.select(c, a, b)
    });
    assert_eq!(r, [1, 4]);
}

// Matrix products.

fn mat2x3(fb: &mut ir::FunctionBuilder<'_>, vals: [f32; 6]) -> ir::Value {
    let r0 = vconst(fb, vec![f(vals[0]), f(vals[1]), f(vals[2])]);
    let r1 = vconst(fb, vec![f(vals[3]), f(vals[4]), f(vals[5])]);
    fb.construct(Type::matrix(ScalarKind::Float, 2, 3), &[r0, r1])
}

#[test]
fn matrix_times_vector() {
    let r = eval(vec_ty(ScalarKind::Float, 2), |fb| {
        let m = mat2x3(fb, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let v = vconst(fb, vec![f(1.0), f(0.0), f(-1.0)]);
        fb.mat(Opcode::MatVecMul, m, v)
    });
    assert_eq!(as_f32s(&r), [1.0 - 3.0, 4.0 - 6.0]);
}

#[test]
fn vector_times_matrix() {
    let r = eval(vec_ty(ScalarKind::Float, 3), |fb| {
        let m = mat2x3(fb, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let v = vconst(fb, vec![f(2.0), f(1.0)]);
        fb.mat(Opcode::VecMatMul, v, m)
    });
    assert_eq!(as_f32s(&r), [6.0, 9.0, 12.0]);
}

#[test]
fn matrix_times_matrix_row() {
    // [[1,2,3],[4,5,6]] x [[1,0],[0,1],[1,1]] = [[4,5],[10,11]]; check row 1.
    let r = eval(vec_ty(ScalarKind::Float, 2), |fb| {
        let a = mat2x3(fb, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let r0 = vconst(fb, vec![f(1.0), f(0.0)]);
        let r1 = vconst(fb, vec![f(0.0), f(1.0)]);
        let r2 = vconst(fb, vec![f(1.0), f(1.0)]);
        let b = fb.construct(Type::matrix(ScalarKind::Float, 3, 2), &[r0, r1, r2]);
        let c = fb.mat(Opcode::MatMul, a, b);
        fb.extract(c, &[1])
    });
    assert_eq!(as_f32s(&r), [10.0, 11.0]);
}

#[test]
fn dot_of_int_vectors_wraps() {
    let r = eval(Type::INT, |fb| {
        let a = vconst(fb, vec![i(i32::MAX), i(2)]);
        let b = vconst(fb, vec![i(1), i(1)]);
        fb.mat(Opcode::Dot, a, b)
    });
    assert_eq!(r, [u64::from(i32::MAX.wrapping_add(2) as u32)]);
}

#[test]
fn dot_of_float_vectors() {
    let r = eval(Type::FLOAT, |fb| {
        let a = vconst(fb, vec![f(1.0), f(2.0), f(3.0)]);
        let b = vconst(fb, vec![f(4.0), f(5.0), f(6.0)]);
        fb.mat(Opcode::Dot, a, b)
    });
    assert_eq!(r, [fbits(32.0)]);
}

// More widths and kinds.

#[test]
fn half_vector_add_rounds_each_component() {
    let r = eval(vec_ty(ScalarKind::Float16, 2), |fb| {
        let a = vconst(fb, vec![h(0x3c00), h(0x7bff)]);
        let b = vconst(fb, vec![h(0x1000), h(0x3c00)]);
        fb.binary(Opcode::Add, a, b)
    });
    // 1 + 2^-11 ties to 1.0; 65504 + 1 rounds back to 65504.
    assert_eq!(r, [0x3c00, 0x7bff]);
}

#[test]
fn half_comparisons_use_values_not_bits() {
    // -0.0 == +0.0, and -1 < 0.5 although its bits are larger.
    assert_eq!(binary1(Opcode::Eq, h(0x8000), h(0x0000)), 1);
    assert_eq!(binary1(Opcode::Lt, h(0xbc00), h(0x3800)), 1);
}

#[test]
fn min16float_computes_in_32_bits() {
    let k = ScalarKind::Min16Float;
    let r = binary1(
        Opcode::Div,
        Constant::float_of(k, 1.0),
        Constant::float_of(k, 3.0),
    );
    assert_eq!(r, 0x3eaa_aaab);
}

#[test]
fn uint64_shift_right_and_division() {
    let r = binary1(Opcode::Shr, Constant::uint64(1 << 63), Constant::uint64(62));
    assert_eq!(r, 2);
    let r = binary1(Opcode::Div, Constant::uint64(u64::MAX), Constant::uint64(3));
    assert_eq!(r, u64::MAX / 3);
}

#[test]
fn int64_shift_right_is_arithmetic() {
    let r = binary1(
        Opcode::Shr,
        Constant::int64(-(1 << 40)),
        Constant::int64(38),
    );
    assert_eq!(r as i64, -4);
}

#[test]
fn uint16_sub_wraps_and_compares_unsigned() {
    assert_eq!(
        binary1(Opcode::Sub, Constant::uint16(1), Constant::uint16(2)),
        0xffff
    );
    assert_eq!(
        binary1(Opcode::Gt, Constant::uint16(0xffff), Constant::uint16(1)),
        1
    );
}

#[test]
fn double_to_half_rounds_once() {
    // 1 + 2^-11 + 2^-40 is just above the halfway point: it must round up to 0x3c01
    // (rounding to float first would land exactly on the tie and pick 0x3c00).
    let v = 1.0 + 2f64.powi(-11) + 2f64.powi(-40);
    let r = eval(Type::Scalar(ScalarKind::Float16), |fb| {
        let c = fb.constant(d(v));
        fb.convert(c, Type::Scalar(ScalarKind::Float16))
    });
    assert_eq!(r, [0x3c01]);
}
