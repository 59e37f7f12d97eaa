//! Shapes from Wicked Engine's shaders (its Vulkan build: `-spirv -fspv-target-env=vulkan1.2
//! -fvk-use-dx-layout -fvk-use-dx-position-w` and the `t`/`u`/`s` shifts of
//! `wiShaderCompiler.cpp`) that the eng4 survey found lowering wrongly or not at all. Each
//! module is validated by `spirv-val`.

use crate::harness::compile;
use crate::wicked_probe::WICKED_FLAGS;

/// A resource parameter with a default (`in SamplerState sam = sampler_linear_wrap`, as in
/// its parallax occlusion mapping helper): a call leaving it out samples through the global
/// the default names, a call passing one samples through that.
#[test]
fn left_out_resource_parameter_takes_its_default_global() {
    let text = r#"
SamplerState wrap_sampler : register(s1);
SamplerState clamp_sampler : register(s2);
Texture2D height_map : register(t0);
float height_at(Texture2D tex, float2 uv, in SamplerState sam = wrap_sampler)
{
    return tex.SampleLevel(sam, uv, 0).r;
}
float4 main(float2 uv : TEXCOORD0) : SV_Target
{
    float by_default = height_at(height_map, uv);
    float given = height_at(height_map, uv, clamp_sampler);
    return float4(by_default, given, 0, 1);
}
"#;
    let m = compile(text, "ps_6_0", WICKED_FLAGS);
    assert_eq!(m.binding("wrap_sampler"), (0, 3001), "{}", m.asm);
    assert_eq!(m.binding("clamp_sampler"), (0, 3002), "{}", m.asm);
    let wrap = m.id("wrap_sampler");
    let clamp = m.id("clamp_sampler");
    for sampler in [&wrap, &clamp] {
        let load = format!("OpLoad %type_sampler {sampler}");
        assert!(m.has(&load), "no `{load}` in\n{}", m.asm);
    }
    let samples = m.asm.matches("OpImageSampleExplicitLod").count();
    assert_eq!(samples, 2, "one sample per call:\n{}", m.asm);
}

/// `[[vk::binding(B, S)]]` whose set is a named constant (`static const uint`, as Wicked
/// Engine names the descriptor sets of its bindless arrays) binds at that set; arithmetic on
/// constants works too, and so does a named `[[vk::counter_binding]]`.
#[test]
fn binding_attribute_arguments_may_name_constants() {
    let text = r#"
static const uint SET_STORAGE = 1;
static const uint SET_TEXTURES = SET_STORAGE + 3;
static const uint COUNTER_SLOT = 7;
[[vk::binding(0, SET_STORAGE)]] ByteAddressBuffer raw_buffers[];
[[vk::binding(SET_STORAGE * 2, SET_TEXTURES)]] Texture2D<float4> images[];
[[vk::binding(3, 2), vk::counter_binding(COUNTER_SLOT)]] RWStructuredBuffer<uint> items;
RWStructuredBuffer<float4> result : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint n = items.IncrementCounter();
    result[id.x] = images[id.x].Load(int3(0, 0, 0)) + raw_buffers[id.x].Load(0) + n;
}
"#;
    let m = compile(text, "cs_6_0", WICKED_FLAGS);
    assert_eq!(m.binding("raw_buffers"), (1, 0), "{}", m.asm);
    assert_eq!(m.binding("images"), (4, 2), "{}", m.asm);
    assert_eq!(m.binding("items"), (2, 3), "{}", m.asm);
    assert_eq!(m.binding("counter.var.items"), (2, 7), "{}", m.asm);
}

/// A `[[vk::binding]]` argument that is no integer constant (a plain global, a float
/// constant) is refused, as DXC refuses it, rather than bound automatically.
#[test]
fn binding_attribute_arguments_must_be_integer_constants() {
    let text = r#"
uint slot;
static const float FLOAT_SET = 1.0;
[[vk::binding(slot)]] ByteAddressBuffer a;
[[vk::binding(0, FLOAT_SET)]] ByteAddressBuffer b;
RWStructuredBuffer<uint> result : register(u0);
[numthreads(1, 1, 1)]
void main() { result[0] = a.Load(0) + b.Load(0); }
"#;
    let (output, _) = crate::harness::run(text, "cs_6_0", WICKED_FLAGS);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let refused = stderr
        .matches("error[E3265]: 'binding' attribute requires a non-negative integer constant")
        .count();
    assert_eq!(refused, 2, "one error per binding:\n{stderr}");
}

/// `[maxvertexcount]`, `[instance]` and `[[vk::location]]` arguments naming `static const`
/// constants are evaluated, as DXC evaluates them (a named count was refused, E3032/E3003).
#[test]
fn geometry_attribute_arguments_may_name_constants() {
    let text = r#"
static const uint MAX_VERTICES = 6;
static const uint INSTANCES = 2;
static const uint UV_LOCATION = 3;
struct VSOut { float4 pos : SV_POSITION; [[vk::location(UV_LOCATION)]] float2 uv : UV; };
struct GSOut { float4 pos : SV_POSITION; float2 uv : UV; };
[instance(INSTANCES)]
[maxvertexcount(MAX_VERTICES)]
void main(triangle VSOut input[3], inout TriangleStream<GSOut> output)
{
    for (uint i = 0; i < 3; ++i)
    {
        GSOut o;
        o.pos = input[i].pos;
        o.uv = input[i].uv;
        output.Append(o);
    }
}
"#;
    let m = compile(text, "gs_6_0", WICKED_FLAGS);
    m.assert_has(&[
        "OpExecutionMode %main OutputVertices 6",
        "OpExecutionMode %main Invocations 2",
    ]);
    assert_eq!(m.location("in.UV"), 3, "{}", m.asm);
}

/// `[outputcontrolpoints]`, `[[vk::input_attachment_index]]` and `[[vk::constant_id]]`
/// naming constants are evaluated too (the hull shader outputs 4 control points from patches
/// of 3, so the count cannot come from the input patch).
#[test]
fn stage_and_vulkan_attribute_arguments_may_name_constants() {
    let hull = r#"
static const uint CONTROL_POINTS = 4;
struct P { float4 pos : SV_POSITION; };
struct C { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
C patch_constants(InputPatch<P, 3> p)
{
    C c;
    c.e[0] = c.e[1] = c.e[2] = c.e[3] = 1;
    c.i[0] = c.i[1] = 1;
    return c;
}
[domain("quad")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(CONTROL_POINTS)]
[patchconstantfunc("patch_constants")]
P main(InputPatch<P, 3> p, uint id : SV_OutputControlPointID) { return p[id % 3]; }
"#;
    let m = compile(hull, "hs_6_0", WICKED_FLAGS);
    m.assert_has(&["OpExecutionMode %main OutputVertices 4"]);

    let pixel = r#"
static const uint ATTACHMENT = 2;
static const uint SPEC_ID = 5;
[[vk::input_attachment_index(ATTACHMENT)]] SubpassInput previous;
[[vk::constant_id(SPEC_ID)]] const bool use_previous = true;
float4 main() : SV_Target { return use_previous ? previous.SubpassLoad() : 0; }
"#;
    let m = compile(pixel, "ps_6_0", WICKED_FLAGS);
    let previous = m.id("previous");
    let flag = m.id("use_previous");
    m.assert_has(&[
        &format!("OpDecorate {previous} InputAttachmentIndex 2"),
        &format!("OpDecorate {flag} SpecId 5"),
    ]);
}

/// `[unroll(N)]` naming a `static const` count unrolls by that count as a literal does
/// (`PartialCount` from SPIR-V 1.4, which Wicked Engine's Vulkan 1.2 target has); the named
/// count was dropped, leaving a plain `Unroll`.
#[test]
fn unroll_count_may_name_a_constant() {
    let text = r#"
static const uint TAPS = 4;
RWStructuredBuffer<uint> result : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint sum = 0;
    [unroll(TAPS)]
    for (uint i = 0; i < id.x; ++i)
        sum += i;
    [unroll(TAPS * 2)]
    for (uint j = 0; j < id.y; ++j)
        sum += j;
    result[0] = sum;
}
"#;
    let m = compile(text, "cs_6_0", WICKED_FLAGS);
    let merges: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains("OpLoopMerge"))
        .collect();
    assert_eq!(merges.len(), 2, "{}", m.asm);
    assert!(
        merges[0].ends_with("Unroll|PartialCount 4"),
        "{}",
        merges[0]
    );
    assert!(
        merges[1].ends_with("Unroll|PartialCount 8"),
        "{}",
        merges[1]
    );
}

/// Inline SPIR-V whose opcode and capability name `static const` constants (as headers of
/// SPIR-V enumerants declare them) is emitted as with the numbers written; it was refused
/// ("vk::ext_instruction takes an opcode number").
#[test]
fn inline_spirv_numbers_may_name_constants() {
    let text = r#"
static const uint OpReadClockKHR = 5056;
static const uint CapabilityShaderClockKHR = 5055;
[[vk::ext_extension("SPV_KHR_shader_clock")]]
[[vk::ext_capability(CapabilityShaderClockKHR)]]
[[vk::ext_instruction(OpReadClockKHR)]]
uint64_t read_clock(uint scope);
RWStructuredBuffer<uint64_t> result : register(u0);
[numthreads(1, 1, 1)]
void main() { result[0] = read_clock(3); }
"#;
    let m = compile(text, "cs_6_0", WICKED_FLAGS);
    m.assert_has(&[
        "OpCapability ShaderClockKHR",
        "OpExtension \"SPV_KHR_shader_clock\"",
        "OpReadClockKHR %uint64 %uint_3",
    ]);
}
