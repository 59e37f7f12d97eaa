//! The texture and buffer operations that lower today, each to the SPIR-V instruction DXC's
//! `docs/SPIR-V.rst` maps it to: the `Sample` family, `Load`, reads and writes through `[]`,
//! `GetDimensions`, atomics, and byte-address `Load*`/`Store*`. (Gathers and texel offsets
//! come with their own tests.)

use crate::harness::compile;

/// A pixel shader returning `expr` (a float4) with a `Texture2D` `T`, a `SamplerState` `S`
/// and a `float2 uv` input, after `decls`.
fn pixel(decls: &str, expr: &str) -> String {
    format!(
        "Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
{decls}
float4 main(float2 uv : TEXCOORD0) : SV_Target {{ return {expr}; }}
"
    )
}

/// A compute shader with `decls` and `body`.
fn kernel(decls: &str, body: &str) -> String {
    format!(
        "{decls}
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {{ {body} }}
"
    )
}

#[test]
fn sample_is_implicit_lod() {
    let m = compile(&pixel("", "T.Sample(S, uv)"), "ps_6_0", &[]);
    m.assert_has(&[
        "OpSampledImage %type_sampled_image",
        "OpImageSampleImplicitLod %v4float",
    ]);
}

#[test]
fn sample_bias_adds_a_bias_operand() {
    let m = compile(&pixel("", "T.SampleBias(S, uv, 0.5)"), "ps_6_0", &[]);
    m.assert_has(&["OpImageSampleImplicitLod %v4float", " Bias %"]);
}

#[test]
fn sample_level_is_explicit_lod() {
    let m = compile(&pixel("", "T.SampleLevel(S, uv, 2)"), "ps_6_0", &[]);
    m.assert_has(&["OpImageSampleExplicitLod %v4float", " Lod %"]);
}

#[test]
fn sample_grad_passes_both_gradients() {
    let m = compile(
        &pixel("", "T.SampleGrad(S, uv, ddx(uv), ddy(uv))"),
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpDPdx %v2float",
        "OpDPdy %v2float",
        "OpImageSampleExplicitLod %v4float",
        " Grad %",
    ]);
}

#[test]
fn sample_cmp_is_dref_implicit_lod() {
    let m = compile(
        &pixel(
            "Texture2D<float> D : register(t1); SamplerComparisonState C : register(s1);",
            "D.SampleCmp(C, uv, 0.5).xxxx",
        ),
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpImageSampleDrefImplicitLod %float"]);
}

#[test]
fn sample_cmp_level_zero_is_dref_explicit_lod() {
    let m = compile(
        &pixel(
            "Texture2D<float> D : register(t1); SamplerComparisonState C : register(s1);",
            "D.SampleCmpLevelZero(C, uv, 0.5).xxxx",
        ),
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpImageSampleDrefExplicitLod %float", " Lod %"]);
}

#[test]
fn sample_texture_array_takes_the_layer_in_the_coordinate() {
    let m = compile(
        &pixel(
            "Texture2DArray<float4> A : register(t2);",
            "A.Sample(S, float3(uv, 3))",
        ),
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpImageSampleImplicitLod %v4float"]);
}

#[test]
fn sample_in_a_vertex_shader_needs_a_level() {
    let m = compile(
        "Texture2D<float4> T : register(t0);\nSamplerState S : register(s0);\nfloat4 main(float2 uv : TEXCOORD0) : SV_Position { return T.SampleLevel(S, uv, 0); }",
        "vs_6_0",
        &[],
    );
    m.assert_has(&["OpImageSampleExplicitLod %v4float"]);
}

#[test]
fn texture_load_is_a_fetch_with_a_lod() {
    let m = compile(&pixel("", "T.Load(int3(uv * 64, 1))"), "ps_6_0", &[]);
    m.assert_has(&["OpImageFetch %v4float", " Lod %"]);
}

#[test]
fn texture_index_operator_is_a_fetch() {
    let m = compile(&pixel("", "T[uint2(uv * 64)]"), "ps_6_0", &[]);
    m.assert_has(&["OpImageFetch %v4float"]);
}

#[test]
fn buffer_load_is_a_fetch() {
    let m = compile(
        &kernel(
            "Buffer<float4> B : register(t0); RWStructuredBuffer<float4> O : register(u0);",
            "O[id.x] = B.Load(id.x) + B[id.x + 1];",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpImageFetch %v4float"]);
}

#[test]
fn rw_texture_read_and_write() {
    let m = compile(
        &kernel(
            "RWTexture2D<float4> T : register(u0);",
            "T[id.xy] = T[id.yx] * 0.5;",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpImageRead %v4float", "OpImageWrite %"]);
}

#[test]
fn rw_buffer_read_and_write() {
    let m = compile(
        &kernel(
            "RWBuffer<float> B : register(u0);",
            "B[id.x] = B[id.x + 1] + 1;",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpImageRead %v4float", "OpImageWrite %"]);
}

#[test]
fn get_dimensions_with_mip_levels() {
    let m = compile(
        &kernel(
            "Texture2D<float4> T : register(t0); RWStructuredBuffer<uint> O : register(u0);",
            "uint w, h, levels; T.GetDimensions(1, w, h, levels); O[0] = w + h + levels;",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpImageQuerySizeLod %v2uint",
        "OpImageQueryLevels %uint",
        "OpCapability ImageQuery",
    ]);
}

#[test]
fn get_dimensions_of_a_texture_array() {
    let m = compile(
        &kernel(
            "Texture2DArray<float4> T : register(t0); RWStructuredBuffer<uint> O : register(u0);",
            "uint w, h, layers; T.GetDimensions(w, h, layers); O[0] = w + h + layers;",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpImageQuerySizeLod %v3uint"]);
}

#[test]
fn get_dimensions_of_a_storage_image() {
    let m = compile(
        &kernel(
            "RWTexture2D<float4> T : register(u0);",
            "uint w, h; T.GetDimensions(w, h); T[id.xy] = float4(w, h, 0, 1);",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpImageQuerySize %v2uint"]);
}

#[test]
fn get_dimensions_of_texel_buffers_is_an_image_size_query() {
    // DXC: `Buffer.GetDimensions` is `OpImageQuerySize` of the texel buffer (no level).
    for decl in [
        "Buffer<float4> B : register(t0);",
        "RWBuffer<uint> B : register(u1);",
    ] {
        let decls = format!("{decl}\nRWStructuredBuffer<uint> O : register(u0);");
        let m = compile(
            &kernel(&decls, "uint n; B.GetDimensions(n); O[0] = n;"),
            "cs_6_0",
            &[],
        );
        m.assert_has(&["OpImageQuerySize %uint", "OpCapability ImageQuery"]);
    }
}

#[test]
fn storage_image_load_is_an_image_read() {
    // DXC: `RWTexture2D.Load(c)` reads like `T[c]`: `OpImageRead`.
    let m = compile(
        &kernel(
            "RWTexture2D<float4> T : register(u0);",
            "T[id.xy] = T.Load(int2(id.xy)) * 2;",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpImageRead %v4float"]);
}

#[test]
fn byte_address_compare_exchange_is_an_atomic_compare_exchange() {
    // DXC: `OpAtomicCompareExchange` on the word at the byte offset divided by 4.
    let m = compile(
        &kernel(
            "RWByteAddressBuffer B : register(u0);",
            "uint o; B.InterlockedCompareExchange(4 * gi, 0, 1, o); B.InterlockedCompareStore(0, 1, 2);",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpAtomicCompareExchange %uint", "OpShiftRightLogical"]);
}

#[test]
fn byte_address_load_widths() {
    let m = compile(
        &kernel(
            "ByteAddressBuffer In : register(t0); RWStructuredBuffer<uint4> O : register(u0);",
            "O[id.x] = In.Load(0) + uint4(In.Load2(8), 0, 0) + uint4(In.Load3(16), 0) + In.Load4(32);",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCompositeConstruct %v2uint",
        "OpCompositeConstruct %v3uint",
        "OpCompositeConstruct %v4uint",
        "OpShiftRightLogical %uint",
    ]);
}

#[test]
fn byte_address_store_widths() {
    let m = compile(
        &kernel(
            "RWByteAddressBuffer Out : register(u0);",
            "Out.Store(0, id.x); Out.Store2(8, id.xy); Out.Store3(16, id); Out.Store4(32, uint4(id, 1));",
        ),
        "cs_6_0",
        &[],
    );
    let stores = m.asm.lines().filter(|l| l.starts_with("OpStore ")).count();
    // 1 + 2 + 3 + 4 words.
    assert!(stores >= 10, "{stores} stores:\n{}", m.asm);
}

#[test]
fn structured_buffer_element_and_member_access() {
    let m = compile(
        &kernel(
            "struct P { float3 pos; float mass; }; StructuredBuffer<P> In : register(t0); RWStructuredBuffer<P> Out : register(u0);",
            "P p = In[id.x]; p.pos += p.mass; Out[id.x] = p; Out[0].mass = 1;",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpAccessChain %_ptr_Uniform_P",
        "OpAccessChain %_ptr_Uniform_float",
    ]);
}

#[test]
fn interlocked_add_on_byte_address_buffer() {
    let m = compile(
        &kernel(
            "RWByteAddressBuffer B : register(u0);",
            "uint old; B.InterlockedAdd(0, 1, old); B.Store(4, old);",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpAtomicIAdd %uint"]);
}

#[test]
fn interlocked_bitwise_and_minmax_on_byte_address_buffer() {
    let m = compile(
        &kernel(
            "RWByteAddressBuffer B : register(u0);",
            "B.InterlockedMin(0, id.x); B.InterlockedMax(4, id.x); B.InterlockedAnd(8, id.x); B.InterlockedOr(12, id.x); B.InterlockedXor(16, id.x);",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpAtomicUMin %uint",
        "OpAtomicUMax %uint",
        "OpAtomicAnd %uint",
        "OpAtomicOr %uint",
        "OpAtomicXor %uint",
    ]);
}

#[test]
fn interlocked_exchange_and_compare_exchange() {
    let m = compile(
        &kernel(
            "RWByteAddressBuffer B : register(u0); RWStructuredBuffer<uint> S : register(u1);",
            "uint a, b; B.InterlockedExchange(0, id.x, a); InterlockedCompareExchange(S[0], 0, id.x, b); InterlockedCompareStore(S[1], 1, 2); B.Store(12, a + b);",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpAtomicExchange %uint", "OpAtomicCompareExchange %uint"]);
}

#[test]
fn signed_atomics_on_a_structured_buffer() {
    let m = compile(
        &kernel("RWStructuredBuffer<int> B : register(u0);", "InterlockedMin(B[0], (int)id.x - 5); InterlockedMax(B[1], (int)id.x); InterlockedAdd(B[2], -1);"),
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpAtomicSMin %int",
        "OpAtomicSMax %int",
        "OpAtomicIAdd %int",
    ]);
}

#[test]
fn atomics_on_a_storage_image_use_a_texel_pointer() {
    let m = compile(
        &kernel(
            "RWTexture2D<uint> T : register(u0);",
            "uint old; InterlockedAdd(T[id.xy], 1, old); InterlockedMax(T[id.yx], old);",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpImageTexelPointer %_ptr_Image_uint",
        "OpAtomicIAdd %uint",
        "OpAtomicUMax %uint",
    ]);
}

#[test]
fn atomics_on_groupshared_memory_are_workgroup_scoped() {
    let m = compile(
        &kernel(
            "groupshared uint Count; RWStructuredBuffer<uint> O : register(u0);",
            "if (gi == 0) Count = 0; GroupMemoryBarrierWithGroupSync(); InterlockedAdd(Count, 1); GroupMemoryBarrierWithGroupSync(); if (gi == 0) O[0] = Count;",
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpVariable %_ptr_Workgroup_uint Workgroup",
        "OpAtomicIAdd %uint",
        "OpControlBarrier",
    ]);
}

#[test]
fn constant_buffer_reads_are_uniform_loads() {
    let m = compile(
        &kernel(
            "cbuffer C : register(b0) { float4x4 M; float4 V; }; RWStructuredBuffer<float4> O : register(u0);",
            "O[id.x] = mul(M, V);",
        ),
        "cs_6_0",
        &[],
    );
    // HLSL mul(M, v) is SPIR-V v * M on the transposed matrix.
    m.assert_has(&["OpLoad %mat4v4float", "OpVectorTimesMatrix %v4float"]);
}

#[test]
fn structured_and_byte_address_get_dimensions_are_array_lengths() {
    // DXC: the element count is `OpArrayLength` of the block's runtime array; a byte-address
    // buffer's size is that length (in words) times 4; the stride is a constant.
    let m = compile(
        "struct P { float3 pos; float w; float2 uv; };
StructuredBuffer<P> S;
RWByteAddressBuffer A;
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() { uint n, s, b; S.GetDimensions(n, s); A.GetDimensions(b); Out[0] = n + s + b; }",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpArrayLength", "OpIMul"]);
}

/// `printf` is DXC's debug printf: `OpExtInst %void %DebugPrintf 1 %format args...` with the
/// format as an `OpString`, the `NonSemantic.DebugPrintf` set, and before SPIR-V 1.6 the
/// `SPV_KHR_non_semantic_info` extension.
#[test]
fn printf_is_debug_printf() {
    let text = r#"
RWStructuredBuffer<uint> O : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    printf("id %u, v %f, pair %d %d", id.x, 1.5, int2(1, -2));
    O[0] = 1;
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&[
        "OpExtension \"SPV_KHR_non_semantic_info\"",
        "%printf = OpExtInstImport \"NonSemantic.DebugPrintf\"",
        "= OpString \"id %u, v %f, pair %d %d\"",
        "= OpExtInst %void %printf 1 ",
    ]);
    let m = compile(text, "cs_6_0", &["-fspv-target-env=vulkan1.3"]);
    assert!(!m.has("SPV_KHR_non_semantic_info"), "{}", m.asm);
    m.assert_has(&["OpExtInst %void %printf 1 "]);
}
