//! SM 6.4–6.6 intrinsics the front end accepts, as DXC's SPIR-V maps them (`docs/SPIR-V.rst`
//! and its tests): packed dot products as `OpUDot`/`OpSDot` on packed 4x8-bit words
//! (`SPV_KHR_integer_dot_product` below SPIR-V 1.6), `dot2add` as a half-precision `OpDot`
//! widened to `float`, the 8-bit pack/unpack family and `AddUint64` as 32-bit integer
//! arithmetic, the 16-bit reinterpretations as `OpBitcast`, `IsHelperLane` by target
//! environment, `WaveMatch`/`WaveMultiPrefix*` through `SPV_NV_shader_subgroup_partitioned`,
//! and the float compare-exchange methods of byte-address buffers on the word's bits.

use crate::harness::{compile, refuse};

const PACKED_DOTS: &str = r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = dot4add_u8packed(Out[1], Out[2], Out[3]);
    Out[4] = (uint)dot4add_i8packed(Out[5], Out[6], (int)Out[7]);
}
"#;

#[test]
fn packed_dot_products_use_the_integer_dot_product_extension_before_spirv_1_6() {
    for env in ["vulkan1.0", "vulkan1.1", "vulkan1.2"] {
        let flag = format!("-fspv-target-env={env}");
        let m = compile(PACKED_DOTS, "cs_6_4", &[&flag]);
        m.assert_has(&[
            "OpCapability DotProduct\n",
            "OpCapability DotProductInput4x8BitPacked",
            "OpExtension \"SPV_KHR_integer_dot_product\"",
            "= OpUDot %uint ",
            "= OpSDot %int ",
            "PackedVectorFormat4x8Bit",
            "= OpIAdd %int ",
        ]);
    }
    // Core in SPIR-V 1.6: no extension.
    let m = compile(PACKED_DOTS, "cs_6_4", &["-fspv-target-env=vulkan1.3"]);
    m.assert_has(&["OpCapability DotProduct\n", "= OpUDot %uint "]);
    assert!(!m.has("SPV_KHR_integer_dot_product"), "{}", m.asm);
}

#[test]
fn packed_dot_products_need_their_extension_allowed() {
    refuse(
        PACKED_DOTS,
        "cs_6_4",
        &["-fspv-extension=SPV_KHR_16bit_storage"],
        1,
        "SPV_KHR_integer_dot_product",
    );
}

#[test]
fn pack_and_unpack_are_32_bit_integer_arithmetic() {
    // No 8-bit types (DXC's `OpSConvert` to `char4` needs `Int8`): masks, shifts and clamps.
    let m = compile(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<int4> Wide : register(u1);
[numthreads(1, 1, 1)]
void main() {
    int4 v = Wide[0];
    Out[0] = pack_u8(v) ^ pack_s8(v) ^ pack_clamp_u8(v) ^ pack_clamp_s8(v);
    Wide[1] = unpack_s8s32(Out[1]) + (int4)unpack_u8u32(Out[2]);
}
"#,
        "cs_6_6",
        &[],
    );
    m.assert_has(&[
        "SClamp",
        "= OpShiftLeftLogical %v4uint",
        "= OpShiftRightArithmetic %v4int",
        "= OpShiftRightLogical %v4uint",
        "= OpBitwiseAnd %v4uint",
    ]);
    assert!(!m.has("OpCapability Int8"), "{}", m.asm);
}

#[test]
fn sixteen_bit_forms_of_pack_unpack_dot2add_and_the_reinterpretations() {
    let m = compile(
        r#"
RWStructuredBuffer<float> Out : register(u0);
RWStructuredBuffer<uint16_t4> U : register(u1);
[numthreads(1, 1, 1)]
void main() {
    half2 a = half2(U[2].xy);
    Out[0] = dot2add(a, half2(3, 4), Out[1]);
    float16_t4 h = asfloat16(U[0]);
    int16_t4 i = asint16(h);
    U[1] = asuint16(i) + unpack_u8u16(0x01020304u);
    int16_t4 s = unpack_s8s16(0xFF00FF00u);
    U[2] = pack_clamp_u8(s) + pack_s8(s);
    float16_t2x2 m = asfloat16(uint16_t2x2(U[3]));
    Out[2] = m[1][1];
}
"#,
        "cs_6_6",
        &["-enable-16bit-types"],
    );
    m.assert_has(&[
        "= OpDot %half ",
        "= OpFConvert %float ",
        "= OpBitcast %v4half ",
        "= OpBitcast %v4int16 ",
        "= OpBitcast %v4uint16 ",
        "= OpBitcast %v2half ",
    ]);
}

#[test]
fn dot2add_without_16_bit_types_is_a_float_dot_product() {
    let m = compile(
        r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = dot2add(half2(Out[1], 2), half2(3, Out[2]), Out[3]); }
"#,
        "cs_6_4",
        &[],
    );
    m.assert_has(&["= OpDot %float ", "= OpFAdd %float "]);
}

#[test]
fn add_uint64_adds_the_carry_of_the_low_words() {
    let m = compile(
        r#"
RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = AddUint64(Out[1], Out[2]);
    Out[3].xy = AddUint64(Out[1].xy, Out[2].zw);
}
"#,
        "cs_6_0",
        &[],
    );
    m.assert_has(&["= OpULessThan %bool ", "= OpIAdd %uint "]);
}

const HELPER: &str = r#"
float4 main(float4 c : COLOR) : SV_Target {
    if (IsHelperLane()) return 0;
    return c;
}
"#;

#[test]
fn is_helper_lane_is_the_demote_extension_before_vulkan_1_3() {
    for env in ["vulkan1.0", "vulkan1.1", "vulkan1.2"] {
        let flag = format!("-fspv-target-env={env}");
        let m = compile(HELPER, "ps_6_6", &[&flag]);
        m.assert_has(&[
            "OpCapability DemoteToHelperInvocation",
            "OpExtension \"SPV_EXT_demote_to_helper_invocation\"",
            "= OpIsHelperInvocationEXT %bool",
        ]);
    }
}

#[test]
fn is_helper_lane_reads_the_volatile_built_in_from_vulkan_1_3() {
    let m = compile(HELPER, "ps_6_6", &["-fspv-target-env=vulkan1.3"]);
    m.assert_has(&[
        "BuiltIn HelperInvocation",
        "OpDecorate %var_HelperInvocation Volatile",
        "= OpLoad %bool %var_HelperInvocation",
    ]);
    assert!(!m.has("OpIsHelperInvocationEXT"), "{}", m.asm);
    // A `bool` input needs no `Flat`.
    assert!(!m.has("OpDecorate %var_HelperInvocation Flat"), "{}", m.asm);
}

#[test]
fn is_helper_lane_under_the_vulkan_memory_model_is_a_volatile_load() {
    // The memory model bans the `Volatile` decoration; the load says it instead.
    let m = compile(
        HELPER,
        "ps_6_6",
        &[
            "-fspv-target-env=vulkan1.3",
            "-fspv-use-vulkan-memory-model",
        ],
    );
    m.assert_has(&["= OpLoad %bool %var_HelperInvocation Volatile"]);
    assert!(
        !m.has("OpDecorate %var_HelperInvocation Volatile"),
        "{}",
        m.asm
    );
}

#[test]
fn is_helper_lane_is_false_outside_pixel_shaders() {
    let m = compile(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = IsHelperLane() ? 1 : 2; }
"#,
        "cs_6_6",
        &["-fspv-target-env=vulkan1.3"],
    );
    m.assert_has(&["OpConstantFalse %bool"]);
    assert!(!m.has("HelperInvocation"), "{}", m.asm);
}

const MULTI_PREFIX: &str = r#"
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<float3> F : register(u1);
[numthreads(8, 1, 1)]
void main(uint id : SV_GroupIndex) {
    uint4 m = WaveMatch(id % 3);
    Out[id] = WaveMultiPrefixSum(id, m) + WaveMultiPrefixProduct(id, m)
        + WaveMultiPrefixBitAnd(id, m) + WaveMultiPrefixBitOr(id, m)
        + WaveMultiPrefixBitXor(id, m) + WaveMultiPrefixCountBits(id > 2, m);
    F[id] = WaveMultiPrefixProduct(F[id], WaveMatch(F[id]));
}
"#;

#[test]
fn wave_match_and_multi_prefix_are_partitioned_group_operations() {
    let m = compile(MULTI_PREFIX, "cs_6_5", &["-fspv-target-env=vulkan1.1"]);
    m.assert_has(&[
        "OpCapability GroupNonUniformPartitionedNV",
        "OpExtension \"SPV_NV_shader_subgroup_partitioned\"",
        "= OpGroupNonUniformPartitionNV %v4uint ",
        "= OpGroupNonUniformIAdd %uint %uint_3 PartitionedExclusiveScanNV ",
        "= OpGroupNonUniformIMul %uint %uint_3 PartitionedExclusiveScanNV ",
        "= OpGroupNonUniformBitwiseAnd %uint %uint_3 PartitionedExclusiveScanNV ",
        "= OpGroupNonUniformBitwiseOr %uint %uint_3 PartitionedExclusiveScanNV ",
        "= OpGroupNonUniformBitwiseXor %uint %uint_3 PartitionedExclusiveScanNV ",
        "= OpGroupNonUniformFMul %v3float %uint_3 PartitionedExclusiveScanNV ",
    ]);
}

#[test]
fn wave_match_needs_vulkan_1_1() {
    refuse(
        MULTI_PREFIX,
        "cs_6_5",
        &[],
        1,
        "WaveMatch needs vulkan1.1 or later",
    );
}

#[test]
fn float_bitwise_compare_exchange_methods_act_on_the_word_bits() {
    let m = compile(
        r#"
RWByteAddressBuffer B : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float o;
    B.InterlockedCompareExchangeFloatBitwise(4, 1.0f, 2.0f, o);
    B.InterlockedCompareStoreFloatBitwise(8, o, 3.0f);
}
"#,
        "cs_6_6",
        &[],
    );
    m.assert_has(&[
        "= OpBitcast %uint %float_1",
        "= OpAtomicCompareExchange %uint ",
        "= OpBitcast %float ",
    ]);
}

#[test]
fn float_bitwise_compare_exchange_of_a_float_variable_is_refused() {
    refuse(
        r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { InterlockedCompareStoreFloatBitwise(Out[0], 1.0f, 2.0f); }
"#,
        "cs_6_6",
        &[],
        1,
        "error[E3004]: InterlockedCompareStoreFloatBitwise on a float variable",
    );
}

#[test]
fn sample_cmp_bias_and_grad_are_dref_samples_with_bias_or_gradients() {
    let m = compile(
        r#"
Texture2D<float> T : register(t0);
TextureCube<float> C : register(t1);
SamplerComparisonState S : register(s0);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    uint status;
    float a = T.SampleCmpBias(S, uv, 0.5, 1.0, int2(1, -1), 2.0, status);
    float b = T.SampleCmpGrad(S, uv, 0.5, float2(0.1, 0), float2(0, 0.1), int2(1, 1));
    float c = C.SampleCmpGrad(S, float3(uv, 1), 0.5, float3(0.1, 0, 0), float3(0, 0.1, 0));
    return float4(a, b, c, CheckAccessFullyMapped(status));
}
"#,
        "ps_6_8",
        &[],
    );
    m.assert_has(&[
        "OpCapability MinLod",
        "= OpImageSparseSampleDrefImplicitLod %SparseResidencyStruct ",
        "Bias|ConstOffset|MinLod %float_1 %v2int_1_n1 %float_2",
        "= OpImageSampleDrefExplicitLod %float ",
        "Grad|ConstOffset ",
    ]);
}

#[test]
fn sample_cmp_grad_is_allowed_outside_pixel_shaders_and_bias_needs_derivative_groups() {
    let grad = r#"
Texture2D<float> T : register(t0);
SamplerComparisonState S : register(s0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = T.SampleCmpGrad(S, float2(0.5, 0.5), 0.5, float2(0.1, 0), float2(0, 0.1)); }
"#;
    compile(grad, "cs_6_8", &[]).assert_has(&["= OpImageSampleDrefExplicitLod %float "]);
    refuse(
        &grad
            .replace("SampleCmpGrad", "SampleCmpBias")
            .replace("float2(0.1, 0), float2(0, 0.1)", "1.0"),
        "cs_6_8",
        &[],
        1,
        // SM 6.6 compute shaders take derivatives over quads or groups of four threads
        // (`SPV_NV_compute_shader_derivatives`); a group of one thread has neither.
        "derivatives in a compute shader of group size (1, 1, 1)",
    );
}
