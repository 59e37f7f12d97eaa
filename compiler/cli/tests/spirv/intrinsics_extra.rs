//! Intrinsics whose SPIR-V needs more than one instruction or a conversion first, as DXC's
//! `docs/SPIR-V.rst` and the Vulkan validation rules ask: `countbits` of 16/64-bit integers
//! (Vulkan's `OpBitCount` takes 32-bit integers only), lane indices of wave reads (unsigned),
//! `sincos` and `clip` of matrices (row by row), the wave built-ins of pixel shaders
//! (integer fragment inputs are `Flat`), and `QuadAny`/`QuadAll` from four quad broadcasts.

use crate::harness::compile;

/// A compute shader writing `expr` (a `uint`) to a buffer, after `decls`.
fn kernel(decls: &str, expr: &str) -> String {
    format!(
        "RWStructuredBuffer<uint> Out : register(u0);
{decls}
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {{ Out[id.x] = {expr}; }}
"
    )
}

#[test]
fn countbits_of_16_bit_ints_zero_extends_to_32_bits() {
    // A negative int16_t must count its 16 bits, not 32 sign-extended ones: the value is
    // bitcast to uint16_t, then zero-extended (`OpUConvert`).
    let m = compile(
        &kernel(
            "RWStructuredBuffer<int16_t> In : register(u1);",
            "countbits(In[id.x])",
        ),
        "cs_6_2",
        &["-enable-16bit-types"],
    );
    m.assert_has(&["OpBitcast %uint16", "OpUConvert %uint", "OpBitCount %uint"]);
    assert!(!m.has("OpSConvert"), "{}", m.asm);
}

#[test]
fn countbits_of_64_bit_ints_adds_the_counts_of_both_words() {
    let m = compile(
        &kernel(
            "RWStructuredBuffer<uint64_t> In : register(u1);",
            "countbits(In[id.x])",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpBitcast %v2uint", "OpBitCount %v2uint", "OpIAdd %uint"]);
}

#[test]
fn countbits_of_64_bit_vectors_goes_component_by_component() {
    let m = compile(
        &kernel(
            "RWStructuredBuffer<int64_t3> In : register(u1);",
            "dot(countbits(In[id.x]), uint3(1, 1, 1))",
        ),
        "cs_6_0",
        &[],
    );
    assert_eq!(m.asm.matches("OpBitCount %v2uint").count(), 3, "{}", m.asm);
    m.assert_has(&["OpCompositeConstruct %v3uint"]);
}

#[test]
fn wave_read_lane_at_takes_an_unsigned_lane() {
    // `15` is an int literal; the `uint lane` parameter converts it, and
    // `OpGroupNonUniformShuffle` gets an unsigned id.
    let m = compile(
        &kernel("", "WaveReadLaneAt(id.x, 15)"),
        "cs_6_0",
        &["-fspv-target-env=vulkan1.1"],
    );
    m.assert_has(&["OpGroupNonUniformShuffle %uint %uint_3 %", " %uint_15"]);
}

#[test]
fn wave_read_lane_at_converts_a_signed_variable_lane() {
    let m = compile(
        &kernel(
            "RWStructuredBuffer<int> Lanes : register(u1);",
            "WaveReadLaneAt(id.x, Lanes[0])",
        ),
        "cs_6_0",
        &["-fspv-target-env=vulkan1.1"],
    );
    m.assert_has(&["OpBitcast %uint", "OpGroupNonUniformShuffle %uint"]);
}

#[test]
fn wave_lane_built_ins_are_flat_in_pixel_shaders() {
    let m = compile(
        "float4 main() : SV_Target { return float4(WaveGetLaneIndex(), WaveGetLaneCount(), 0, 1); }\n",
        "ps_6_0",
        &["-fspv-target-env=vulkan1.1"],
    );
    m.assert_has(&[
        "OpDecorate %var_SubgroupLocalInvocationId BuiltIn SubgroupLocalInvocationId",
        "OpDecorate %var_SubgroupSize BuiltIn SubgroupSize",
        "OpDecorate %var_SubgroupLocalInvocationId Flat",
        "OpDecorate %var_SubgroupSize Flat",
    ]);
}

#[test]
fn wave_lane_built_ins_are_not_flat_in_compute_shaders() {
    let m = compile(
        &kernel("", "WaveGetLaneIndex() + WaveGetLaneCount()"),
        "cs_6_0",
        &["-fspv-target-env=vulkan1.1"],
    );
    assert!(!m.has(" Flat"), "{}", m.asm);
}

#[test]
fn sincos_of_a_matrix_goes_row_by_row() {
    let m = compile(
        "float4 main(float2x3 m : M) : SV_Target {
  float2x3 s, c;
  sincos(m, s, c);
  return float4(s[0] + c[1], 1);
}
",
        "ps_6_0",
        &[],
    );
    // Two rows, each a `Sin` and a `Cos` of a float3.
    assert_eq!(m.asm.matches(" Sin ").count(), 2, "{}", m.asm);
    assert_eq!(m.asm.matches(" Cos ").count(), 2, "{}", m.asm);
}

#[test]
fn clip_of_a_matrix_discards_when_any_component_is_negative() {
    let m = compile(
        "float4 main(float2x2 m : M) : SV_Target { clip(m); return 1; }\n",
        "ps_6_0",
        &[],
    );
    assert_eq!(
        m.asm.matches("OpFOrdLessThan %v2bool").count(),
        2,
        "{}",
        m.asm
    );
    m.assert_has(&["OpAny %bool", "OpLogicalOr %bool"]);
}

#[test]
fn transpose_of_an_int_matrix_gathers_columns() {
    // `OpTranspose` takes float matrices only; an int2x3 becomes an int3x2 built from the
    // six components.
    let m = compile(
        "RWStructuredBuffer<int2> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { int2x3 m = int2x3(1, 2, 3, 4, 5, 6); int3x2 t = transpose(m); Out[0] = t[2]; }
",
        "cs_6_0",
        &[],
    );
    assert!(!m.has("OpTranspose"), "{}", m.asm);
    assert_eq!(
        m.asm.matches("OpCompositeConstruct %v2int").count(),
        3,
        "{}",
        m.asm
    );
}

#[test]
fn transpose_of_a_bool_matrix_validates() {
    compile(
        "float4 main(float2x2 m : M) : SV_Target { bool2x2 t = transpose((bool2x2)m); return t[0].x ? 1 : 0; }\n",
        "ps_6_0",
        &[],
    );
}

#[test]
fn asdouble_of_vectors_pairs_components() {
    let m = compile(
        "RWStructuredBuffer<double3> Out : register(u0);
RWStructuredBuffer<uint3> Lo : register(u1);
RWStructuredBuffer<uint3> Hi : register(u2);
[numthreads(1, 1, 1)]
void main() { Out[0] = asdouble(Lo[0], Hi[0]); }
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.asm.matches("OpBitcast %double").count(), 3, "{}", m.asm);
    m.assert_has(&[
        "OpCompositeConstruct %v2uint",
        "OpCompositeConstruct %v3double",
    ]);
}

#[test]
fn frexp_and_modf_of_matrices_go_row_by_row() {
    let m = compile(
        "float4 main(float2x3 x : X) : SV_Target {
  float2x3 e, w;
  float2x3 a = frexp(x, e);
  float2x3 b = modf(x, w);
  return float4(a[0] + b[1] + e[1] + w[0], 1);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(m.asm.matches(" FrexpStruct ").count(), 2, "{}", m.asm);
    assert_eq!(m.asm.matches(" ModfStruct ").count(), 2, "{}", m.asm);
}

#[test]
fn modf_of_a_uint_works_on_a_float() {
    // DXC converts x to float and the whole part back to ip's type (uint).
    let m = compile(
        "RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { uint ip; uint f = modf(Out[0], ip); Out[1] = ip + f; }
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpConvertUToF %float", "ModfStruct", "OpConvertFToU %uint"]);
}

#[test]
fn float_matrices_convert_to_half_matrices_row_by_row() {
    let m = compile(
        "RWStructuredBuffer<half3> Out : register(u0);
RWStructuredBuffer<float3x3> In : register(u1);
[numthreads(1, 1, 1)]
void main() { half3x3 h = (half3x3)In[0]; h *= (half)2; Out[0] = h[1]; }
",
        "cs_6_2",
        &["-enable-16bit-types"],
    );
    assert_eq!(m.asm.matches("OpFConvert %v3half").count(), 3, "{}", m.asm);
}

#[test]
fn interlocked_compare_exchange_on_a_typed_buffer_uses_a_texel_pointer() {
    let m = compile(
        "RWBuffer<int> B : register(u0);
float4 main(uint i : I) : SV_Target {
  int old;
  InterlockedCompareExchange(B[i], 1, 2, old);
  InterlockedExchange(B[i + 1], old, old);
  return old;
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpImageTexelPointer %_ptr_Image_int",
        "OpAtomicCompareExchange %int",
        "OpAtomicExchange %int",
    ]);
}

#[test]
fn groupshared_memory_in_a_pixel_shader_is_refused() {
    // Vulkan: the Workgroup storage class only in compute, mesh and task shaders
    // (VUID-StandaloneSpirv-None-04645). Lowering says so at the variable (E3004); the
    // backend checks the same for modules lowered other ways.
    crate::harness::refuse(
        "RWByteAddressBuffer B;
groupshared float G;
float4 main() : SV_Target { B.InterlockedAdd(16, 42, G); return G; }
",
        "ps_6_0",
        &[],
        1,
        "`groupshared` variable `G` in a pixel shader",
    );
}

#[test]
fn interlocked_add_into_a_groupshared_float_converts_the_old_value() {
    let m = compile(
        "RWByteAddressBuffer B;
groupshared float G;
[numthreads(1, 1, 1)]
void main() { B.InterlockedAdd(16, 42, G); B.Store(0, asuint(G)); }
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpAtomicIAdd %uint", "OpConvertUToF %float"]);
}

#[test]
fn lit_dst_msad4_and_d3dcolor_expand_to_valid_spirv() {
    let m = compile(
        "RWStructuredBuffer<float4> F : register(u0);
RWStructuredBuffer<uint4> U : register(u1);
RWStructuredBuffer<int4> I : register(u2);
[numthreads(1, 1, 1)]
void main() {
  float4 a = F[0];
  F[1] = lit(a.x, a.y, a.z) + dst(a, F[2]);
  U[0] = msad4(U[1].x, U[1].yz, U[2]);
  I[0] = D3DCOLORtoUBYTE4(a);
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        " Pow ",
        "OpBitFieldUExtract %uint",
        "OpVectorShuffle %v4float",
        "OpConvertFToS %v4int",
    ]);
}

/// SM 6.7's `QuadAny`/`QuadAll`, as DXC writes them without SPV_KHR_quad_control: the
/// predicate of each of the quad's four lanes (OpGroupNonUniformQuadBroadcast of lanes 0 to
/// 3), combined with `LogicalOr` or `LogicalAnd`.
#[test]
fn quad_any_and_quad_all_combine_the_four_lanes() {
    let m = compile(
        "float4 main(float4 c : COLOR0) : SV_Target {
    return QuadAny(c.x > 0.5) ? c : (QuadAll(c.y > 0) ? 1 : 0);
}
",
        "ps_6_7",
        &["-fspv-target-env=vulkan1.1"],
    );
    m.assert_has(&["OpCapability GroupNonUniformQuad"]);
    let count = |op: &str| m.asm.lines().filter(|l| l.contains(op)).count();
    assert_eq!(
        count("OpGroupNonUniformQuadBroadcast %bool"),
        8,
        "{}",
        m.asm
    );
    assert_eq!(count("OpLogicalOr"), 3, "{}", m.asm);
    assert_eq!(count("OpLogicalAnd"), 3, "{}", m.asm);
}
