//! Verifier rules of the SM 6.4–6.8 operations with instructions of their own: the packed
//! dot products, `IsHelperLane`, `WaveMatch`, `WaveMultiPrefix*`, and the SM 6.8 comparison
//! samples with a bias or gradients; one broken instruction per rule, with its message.

mod common;

use common::*;
use expect_test::expect;
use ir::types::{ScalarKind, TextureAccess, TextureDim, Type};
use ir::{Intrinsic, ModuleBuilder, Opcode, Value};

#[test]
fn packed_dots_helper_lanes_and_partitions() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("f", vec![], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    let (u, i, x) = (fb.uint(1), fb.int(2), fb.float(0.5));
    let uint4 = vec_of(ScalarKind::Uint, 4);
    let mask = fb.construct(uint4.clone(), &[u, u, u, u]);
    // Valid: no messages for these.
    fb.call_intrinsic(Intrinsic::Dot4AddU8Packed, Type::UINT, &[u, u, u]);
    fb.call_intrinsic(Intrinsic::Dot4AddI8Packed, Type::INT, &[u, u, i]);
    fb.call_intrinsic(Intrinsic::IsHelperLane, Type::BOOL, &[]);
    fb.call_intrinsic(Intrinsic::WaveMatch, uint4.clone(), &[x]);
    fb.call_intrinsic(Intrinsic::WaveMultiPrefixSum, Type::FLOAT, &[x, mask]);
    fb.call_intrinsic(Intrinsic::WaveMultiPrefixBitOr, Type::UINT, &[u, mask]);
    // A signed accumulator on the unsigned form, an int result of it, two operands,
    // an operand of IsHelperLane, a bool to WaveMatch and a uint result, a float to a bitwise
    // prefix, a mask that is no uint4, a result of another type.
    fb.call_intrinsic(Intrinsic::Dot4AddU8Packed, Type::UINT, &[u, u, i]);
    fb.call_intrinsic(Intrinsic::Dot4AddI8Packed, Type::UINT, &[u, u, i]);
    fb.call_intrinsic(Intrinsic::Dot4AddI8Packed, Type::INT, &[u, u]);
    fb.call_intrinsic(Intrinsic::IsHelperLane, Type::BOOL, &[u]);
    let t = fb.bool(true);
    fb.call_intrinsic(Intrinsic::WaveMatch, Type::UINT, &[t]);
    fb.call_intrinsic(Intrinsic::WaveMultiPrefixBitAnd, Type::FLOAT, &[x, mask]);
    fb.call_intrinsic(Intrinsic::WaveMultiPrefixProduct, Type::UINT, &[u, u]);
    fb.call_intrinsic(Intrinsic::WaveMultiPrefixSum, Type::INT, &[u, mask]);
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%7 = call_intrinsic dot4add_u8packed(1:uint, 1:uint, 2:int) : uint`: [operand] dot4add_u8packed takes (uint, uint, uint), not (uint, uint, int)
        function @f, bb0, `%8 = call_intrinsic dot4add_i8packed(1:uint, 1:uint, 2:int) : uint`: [result-type] dot4add_i8packed yields int, not uint
        function @f, bb0, `%9 = call_intrinsic dot4add_i8packed(1:uint, 1:uint) : int`: [operand-count] dot4add_i8packed takes 3 operands
        function @f, bb0, `%10 = call_intrinsic IsHelperLane(1:uint) : bool`: [operand-count] IsHelperLane takes no operands
        function @f, bb0, `%11 = call_intrinsic WaveMatch(true:bool) : uint`: [operand] WaveMatch compares numbers, not bool
        function @f, bb0, `%11 = call_intrinsic WaveMatch(true:bool) : uint`: [result-type] WaveMatch yields uint4, not uint
        function @f, bb0, `%12 = call_intrinsic WaveMultiPrefixBitAnd(0.5:float, %0) : float`: [operand] WaveMultiPrefixBitAnd does not take float
        function @f, bb0, `%13 = call_intrinsic WaveMultiPrefixProduct(1:uint, 1:uint) : uint`: [operand] the mask of WaveMultiPrefixProduct is uint, not uint4
        function @f, bb0, `%14 = call_intrinsic WaveMultiPrefixSum(1:uint, %0) : int`: [result-type] WaveMultiPrefixSum yields uint, not int
    "#]]
    .assert_eq(&messages(&mb.finish()));
}

#[test]
fn comparison_samples_with_bias_or_gradients() {
    let mut mb = ModuleBuilder::new();
    let tex = mb.resource(
        "t",
        texture(TextureDim::D2, TextureAccess::Sampled, Type::FLOAT),
        0,
        0,
    );
    let cmp = mb.resource("s", sampler(true), 0, 1);
    let f = mb.declare_function("f", vec![], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    let (t, s) = (Value::Global(tex), Value::Global(cmp));
    let x = fb.float(0.5);
    let uv = fb.construct(float_n(2), &[x, x]);
    let uvw = fb.construct(float_n(3), &[x, x, x]);
    // Valid.
    fb.texture(
        Opcode::TextureSampleCompareBias,
        Type::FLOAT,
        &[t, s, uv, x, x],
        &[],
    );
    fb.texture(
        Opcode::TextureSampleCompareGrad,
        Type::FLOAT,
        &[t, s, uv, x, uv, uv],
        &[],
    );
    // A gradient of three floats for a 2D texture, a vector bias, a missing gradient.
    fb.texture(
        Opcode::TextureSampleCompareGrad,
        Type::FLOAT,
        &[t, s, uv, x, uvw, uv],
        &[],
    );
    fb.texture(
        Opcode::TextureSampleCompareBias,
        Type::FLOAT,
        &[t, s, uv, x, uv],
        &[],
    );
    fb.texture(
        Opcode::TextureSampleCompareGrad,
        Type::FLOAT,
        &[t, s, uv, x, uv],
        &[],
    );
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%4 = texture_sample_compare_grad @g0, @g1, %0, 0.5:float, %1, %0 : float`: [resource-operand] operand 4 has type float3, expected a gradient of 2 floats
        function @f, bb0, `%5 = texture_sample_compare_bias @g0, @g1, %0, 0.5:float, %0 : float`: [resource-operand] operand 4 has type float2, expected a float bias
        function @f, bb0, `%6 = texture_sample_compare_grad @g0, @g1, %0, 0.5:float, %0 : float`: [operand-count] texture_sample_compare_grad takes 6 to 8 operands, not 5
    "#]]
    .assert_eq(&messages(&mb.finish()));
}
