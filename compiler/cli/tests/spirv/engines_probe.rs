//! Shapes from engine shaders (FidelityFX, MiniEngine, the DirectX ray-tracing samples)
//! compiled as a D3D12 build switching to `dxc -spirv` would: a `ConstantBuffer<T>` handed to
//! helpers that take the `T` (FidelityFX Parallel Sort passes its
//! `ConstantBuffer<FFX_ParallelSortCB>` to every pass function), scalar defaults of vector
//! parameters (`float4 Mask = 1` in MiniEngine's particle renderer), `+` in constant texel
//! offsets (CACAO), local arrays sized by `const` locals and the `1.#INF` literal (ray-tracing
//! samples). Each module is validated by `spirv-val`.

use crate::harness::compile;

/// A constant buffer, a texture buffer and a push-constant block read as their structs: the
/// whole block is loaded and rebuilt as the function's struct type (the block's type carries
/// the buffer's offsets, the parameter's does not).
#[test]
fn constant_buffer_passed_as_its_struct() {
    let text = r#"
struct SortCB { uint NumKeys; int NumBlocksPerThreadGroup; uint NumThreadGroups; float2 Scale; };
struct Root { uint ShiftBit; };
ConstantBuffer<SortCB> CBuffer : register(b0);
TextureBuffer<SortCB> TBuffer : register(t0);
[[vk::push_constant]] ConstantBuffer<Root> rootConst;
RWStructuredBuffer<uint> Keys : register(u0);
void Count(uint id, SortCB cb, uint shift, RWStructuredBuffer<uint> buf) {
    if (id < cb.NumKeys)
        buf[id] = (buf[id] >> shift) * (uint)cb.NumBlocksPerThreadGroup + (uint)cb.Scale.y;
}
[numthreads(128, 1, 1)]
void main(uint id : SV_DispatchThreadID) {
    Count(id, CBuffer, rootConst.ShiftBit, Keys);
    SortCB copy = TBuffer;
    Keys[id + 1] = copy.NumThreadGroups;
}
"#;
    for flags in [
        &[][..],
        &["-fvk-use-dx-layout"],
        &["-fvk-use-scalar-layout"],
    ] {
        let m = compile(text, "cs_6_0", flags);
        // Both blocks are loaded whole and rebuilt as the plain struct, which the helper
        // takes by value (the buffer resource itself is resolved at the call).
        m.assert_has(&[
            "OpLoad %type_ConstantBuffer_SortCB %CBuffer",
            "OpLoad %type_TextureBuffer_SortCB %TBuffer",
            "OpTypeFunction %void %uint %SortCB %uint",
        ]);
        assert_eq!(
            m.asm.matches("OpCompositeConstruct %SortCB").count(),
            2,
            "{}",
            m.asm
        );
    }
}

/// `float4 Mask = 1`: the scalar default fills every component of the vector (and of a
/// matrix), as the same scalar would at the call.
#[test]
fn scalar_default_of_a_vector_parameter() {
    let text = r#"
RWTexture2D<float4> Out : register(u0);
void Blend(inout float4 dst, float4 src, float4 Mask = 1, float2x2 Weights = 0.25) {
    dst += src * Mask * Weights[1][1];
}
[numthreads(8, 8, 1)]
void main(uint2 st : SV_DispatchThreadID) {
    float4 c = Out[st];
    Blend(c, float4(1, 2, 3, 4));
    Blend(c, c, float4(0, 1, 0, 1));
    Out[st] = c;
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&["OpConstantComposite %v4float %float_1 %float_1 %float_1 %float_1"]);
}

/// `int2(+0, -2)`: a unary `+` keeps a texel offset constant (FidelityFX CACAO writes its
/// `Load` offsets so), so it is a `ConstOffset` operand, as DXC emits it.
#[test]
fn unary_plus_in_a_constant_texel_offset() {
    let text = r#"
Texture2D<float> DepthIn : register(t0);
SamplerState PointClamp : register(s0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(8, 8, 1)]
void main(int2 tid : SV_DispatchThreadID) {
    float a = DepthIn.Load(int3(tid, 0), int2(+0, -2));
    float4 g = DepthIn.GatherRed(PointClamp, float2(tid) * 0.01, int2(+2, +0));
    Out[tid.x] = a + g.x;
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&["OpImageFetch", "OpImageGather"]);
    assert_eq!(m.asm.matches("ConstOffset").count(), 2, "{}", m.asm);
    assert!(!m.has(" Offset %"), "{}", m.asm);
}

/// From the DirectX ray-tracing samples: a local array sized by a `const` local, the legacy
/// `1.#INF` literal, and an intersection shader reporting a hit with custom attributes.
#[test]
fn const_local_array_sizes_and_infinity_in_an_intersection_shader() {
    let text = r#"
struct Attributes { float3 normal; };
bool NearestSphere(float3 origin, float3 dir, out float thit, out Attributes attr) {
    const int N = 3;
    float3 centers[N] = { float3(-0.3, -0.3, -0.3), float3(0.1, 0.1, 0.4), float3(0.35, 0.35, 0) };
    float radii[N] = { 0.6, 0.3, 0.15 };
    const float FLT_INFINITY = 1.#INF;
    thit = FLT_INFINITY;
    attr.normal = float3(0, 0, 0);
    for (int i = 0; i < N; i++) {
        float3 l = origin - centers[i];
        float b = dot(dir, l);
        float d = b * b - (dot(l, l) - radii[i] * radii[i]);
        float t = -b - sqrt(max(d, 0));
        if (d >= 0 && t < thit) { thit = t; attr.normal = normalize(origin + t * dir - centers[i]); }
    }
    return thit < FLT_INFINITY;
}
[shader("intersection")]
void Intersect() {
    float thit;
    Attributes attr;
    if (NearestSphere(ObjectRayOrigin(), ObjectRayDirection(), thit, attr))
        ReportHit(thit, 0, attr);
}
"#;
    let m = crate::harness::compile_entry(
        text,
        "lib_6_3",
        Some("Intersect"),
        &["-fspv-target-env=vulkan1.2"],
    );
    m.assert_has(&["OpReportIntersectionKHR", "OpConstant %float inf"]);
}
