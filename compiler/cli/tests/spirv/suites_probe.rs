//! Shapes from public sample shaders and other compilers' HLSL test suites (the Vulkan samples
//! built with `dxc -spirv`, glslang's `Test/hlsl.*`) that once failed here although DXC takes
//! them: a cbuffer wrapping a member of its own name, `GetDimensions` into `int` lvalues,
//! legacy pixel semantics, effects annotations, `[numthreads]` on a helper,
//! intrinsics given integer arguments where they take floats (and the reverse). Each module is
//! validated by `spirv-val`.

use crate::harness::compile;

/// `cbuffer ubo { UBO ubo; }`: the cbuffer's name is not a value, so the member of the same
/// name is what `ubo` means, and the block is laid out as usual.
#[test]
fn cbuffer_wrapping_a_member_of_its_own_name() {
    let text = r#"
struct UBO { float4x4 projection; float4x4 model; float4 lightPos; };
cbuffer ubo : register(b0) { UBO ubo; }
struct VSOutput { float4 Pos : SV_POSITION; [[vk::location(0)]] float3 LightVec : TEXCOORD2; };
VSOutput main([[vk::location(0)]] float3 Pos : POSITION0) {
    VSOutput o = (VSOutput)0;
    o.Pos = mul(ubo.projection, mul(ubo.model, float4(Pos, 1.0)));
    o.LightVec = ubo.lightPos.xyz - Pos;
    return o;
}
"#;
    let m = compile(text, "vs_6_1", &[]);
    assert_eq!(m.binding("ubo"), (0, 0));
    // One block variable: the member is not a second global.
    assert_eq!(m.asm.matches("OpVariable %_ptr_Uniform_").count(), 1);
}

/// `int2 dim; t.GetDimensions(dim.x, dim.y)` takes the `uint` overload: the query's `uint`
/// results are bit-cast into the `int` components (no float conversion).
#[test]
fn get_dimensions_into_int_components() {
    let text = r#"
Texture2D t : register(t0);
Texture2DArray ta : register(t1);
SamplerState s : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    int2 dim; int layers; int levels;
    t.GetDimensions(dim.x, dim.y);
    ta.GetDimensions(0, dim.x, dim.y, layers, levels);
    float2 texel = 1.0 / (float2)dim;
    return t.Sample(s, uv + texel) * layers * levels;
}
"#;
    let m = compile(text, "ps_6_4", &[]);
    m.assert_has(&["OpImageQuerySizeLod", "OpImageQueryLevels"]);
    assert!(!m.has("OpConvertUToF %int"), "{}", m.asm);
}

/// Integer arguments to float intrinsics convert first (`clip(-1)` discards; `length` and
/// `isnan` of `int` vectors work on floats), float arguments to integer ones convert to an
/// integer (`countbits(1.0)`).
#[test]
fn intrinsic_arguments_convert_to_the_parameter_kind() {
    let text = r#"
float4 main(float4 c : COLOR0, nointerpolation int3 i : INDEX) : SV_Target {
    if (c.a < 0.5) clip(-1);
    clip(i.x);
    float r = length(i) + distance(i, i.zyx) + fwidth(i.x);
    bool3 n = isnan(i);
    uint bits = countbits(c.x) + firstbithigh(c.y);
    float3 x = cross(i, i.yzx);
    return float4(r, n.x ? 1 : 0, bits, x.x);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&["OpKill", "OpConvertSToF %v3float", "OpIsNan", "OpBitCount"]);
    assert!(
        m.has("OpConvertFToS") || m.has("OpConvertFToU"),
        "{}",
        m.asm
    );
}

/// Legacy DX9 semantics, as DXC's SPIR-V path takes them: a pixel shader's `COLOR0`,
/// `COLOR1` and `DEPTH` outputs and its `VPOS`/`VFACE` inputs are user semantics with
/// locations in declaration order (not `FragDepth`, `FragCoord` or `FrontFacing`).
#[test]
fn legacy_pixel_semantics_are_user_semantics() {
    let text = r#"
struct PS_OUT { float4 c0 : COLOR0; float4 c1 : COLOR1; float d : DEPTH; };
PS_OUT main(float4 vpos : VPOS, float face : VFACE, float2 uv : TEXCOORD0) {
    PS_OUT o;
    o.c0 = vpos;
    o.c1 = float4(uv, face, 1);
    o.d = 0.5;
    return o;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(m.location("out.COLOR0"), 0);
    assert_eq!(m.location("out.COLOR1"), 1);
    assert_eq!(m.location("out.DEPTH"), 2);
    assert_eq!(m.location("in.VPOS"), 0);
    assert_eq!(m.location("in.VFACE"), 1);
    assert!(!m.has("BuiltIn FragDepth"), "{}", m.asm);
}

/// Effects annotations (`<int UIMin = 0;>`) after a global's semantics and bindings are
/// parsed and ignored, as DXC does, and a profile-qualified `register(ps_5_0, s1)` too.
#[test]
fn effect_annotations_are_ignored() {
    let text = r#"
float4 tint : register(ps_5_0, c1) <string UIName = "Tint"; float UIMin = 0.0;> = float4(1, 1, 1, 1);
Texture2D t <string ResourceName = "albedo.png";>;
SamplerState s;
float4 main(float2 uv : TEXCOORD0) : SV_Target { return t.Sample(s, uv) * tint; }
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&["OpImageSampleImplicitLod"]);
}

/// `[numthreads]` on a helper that returns a value (the samples' `cull.comp`) does not make it
/// a second entry: `-E main` compiles `main`, which calls the helper.
#[test]
fn numthreads_on_a_helper_is_ignored() {
    let text = r#"
cbuffer ubo : register(b2) { float4 planes[6]; }
RWStructuredBuffer<uint> visible : register(u1);
[numthreads(16, 1, 1)]
bool frustumCheck(float4 pos, float radius) {
    for (int i = 0; i < 6; i++) { if (dot(pos, planes[i]) + radius < 0.0) return false; }
    return true;
}
[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { visible[id.x] = frustumCheck(float4(id, 1), 1.0) ? 1 : 0; }
"#;
    let m = compile(text, "cs_6_1", &[]);
    assert_eq!(m.asm.matches("OpEntryPoint").count(), 1, "{}", m.asm);
    m.assert_has(&["OpExecutionMode %main LocalSize 16 1 1"]);
}

/// Intrinsic vector operands of different lengths meet at the shortest, as DXC takes them
/// (the Vulkan samples' normal-mapping shader: `mul((float3x3)m, float4)`,
/// `dot(float4, float3)`): a three-component `OpDot` and an `OpMatrixTimesVector` by the
/// first three components.
#[test]
fn intrinsic_operands_truncate_to_the_shortest_vector() {
    let text = r#"
cbuffer ubo : register(b0) { float4x4 normal; float4 light; };
float4 main([[vk::location(0)]] float4 tangent : TEXCOORD1) : SV_Target {
    float3 t = mul((float3x3)normal, tangent);
    return float4(t, dot(tangent, light.xyz));
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert!(m.asm.contains("OpDot %float"), "{}", m.asm);
    assert!(m.asm.contains("OpVectorShuffle %v3float"), "{}", m.asm);
}
