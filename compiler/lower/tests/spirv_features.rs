//! The SPIR-V of the lowering's later features validates with every `spirv-val` found:
//! methods and prototypes, texture gathers, offsets and LOD queries, multisampled textures,
//! append/consume and counter buffers, resource locals, spec constants (default and
//! specialized), `sizeof`, HLSL 2021 `and`/`or`/`select`, `NonUniformResourceIndex`, and
//! static initializers that run in `init_globals`.

mod common;

use lower::ShaderStage;
use spirv_backend::{SpirvOptions, TargetEnv};

fn validate_module(name: &str, m: &ir::Module) {
    let options = SpirvOptions::new(TargetEnv::Vulkan1_2);
    let words = spirv_backend::emit(m, &options)
        .unwrap_or_else(|e| panic!("{name}: emit failed: {e}\n{}", ir::print_module(m)));
    let failures =
        spirv_backend::validate::validate(&words, &spirv_backend::validator_options(m, &options));
    assert!(
        failures.is_empty(),
        "{name}: spirv-val failed:\n{}\n{}\n{}",
        failures.join("\n"),
        spirv_backend::disassemble(&words),
        ir::print_module(m)
    );
}

fn compute(name: &str, text: &str) {
    validate_module(name, &common::lower(text));
}

fn pixel(name: &str, text: &str) {
    validate_module(name, &common::lower_stage(text, ShaderStage::Pixel));
}

#[test]
fn methods_prototypes_and_defaults_validate() {
    compute(
        "methods",
        r#"
RWStructuredBuffer<float> Out : register(u0);
namespace Util { float Scale(float x, float k = 2.0); }
struct Acc {
    float sum;
    uint n;
    void Add(float v) { sum += v; n++; }
    float Mean() { return n > 0 ? sum / n : 0; }
    static float Twice(float v) { return v * 2; }
};
enum Mode { Off, On = 3 };
float Util::Scale(float x, float k) { return x * k; }
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Acc a;
    a.sum = 0;
    a.n = 0;
    a.Add(id.x);
    a.Add(Util::Scale(1.5));
    Mode m = On;
    Out[id.x] = a.Mean() + Acc::Twice(m) + sizeof(Acc);
}
"#,
    );
}

#[test]
fn gathers_offsets_and_lod_validate() {
    pixel(
        "gather",
        r#"
Texture2D<float4> Color : register(t0);
Texture2D<float> Depth : register(t1);
Texture2DArray<float> Shadow : register(t2);
SamplerState Point : register(s0);
SamplerComparisonState Cmp : register(s1);
float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
    float4 g = Color.Gather(Point, uv) + Color.GatherGreen(Point, uv, int2(1, 0))
        + Color.GatherAlpha(Point, uv);
    float4 d = Depth.GatherCmp(Cmp, uv, 0.5) + Depth.GatherCmpRed(Cmp, uv, 0.5, int2(-1, 1));
    float4 s = Color.Sample(Point, uv, int2(1, 1)) + Color.SampleLevel(Point, uv, 0, int2(0, 1))
        + Color.SampleBias(Point, uv, 1, -1) + Color.SampleGrad(Point, uv, 0, 0, int2(2, 2))
        + Color.Load(int3(pos.xy, 0), int2(1, 0));
    float c = Shadow.SampleCmpLevelZero(Cmp, float3(uv, 1), 0.5, int2(1, -1))
        + Shadow.SampleCmp(Cmp, float3(uv, 1), 0.5, int2(0, 1));
    float lod = Color.CalculateLevelOfDetail(Point, uv)
        + Color.CalculateLevelOfDetailUnclamped(Point, uv);
    return g + d + s + c + lod;
}
"#,
    );
}

#[test]
fn multisampled_textures_validate() {
    pixel(
        "msaa",
        r#"
Texture2DMS<float4> Color : register(t0);
Texture2DMSArray<float> Depth : register(t1);
struct Out { float4 c : SV_Target; uint mask : SV_Coverage; };
Out main(float4 pos : SV_Position, uint s : SV_SampleIndex, uint layer : SV_RenderTargetArrayIndex,
         uint coverage : SV_Coverage) {
    uint w, h, n, e, n2;
    Color.GetDimensions(w, h, n);
    Depth.GetDimensions(w, h, e, n2);
    float4 c = Color.Load(int2(pos.xy), s) + Color.sample[s][uint2(pos.xy)];
    float d = Depth.Load(int3(pos.xy, layer), 0);
    float2 p = Color.GetSamplePosition(s);
    Out o;
    o.c = c * d + float4(p, w, n + e + n2);
    o.mask = coverage & (1u << s);
    return o;
}
"#,
    );
}

#[test]
fn append_consume_and_counters_validate() {
    compute(
        "append",
        r#"
struct Particle { float3 pos; float life; };
ConsumeStructuredBuffer<Particle> Dead : register(u0);
AppendStructuredBuffer<Particle> Alive : register(u1);
RWStructuredBuffer<uint> Slots : register(u2);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Particle p = Dead.Consume();
    p.life -= 1;
    if (p.life > 0)
        Alive.Append(p);
    uint i = Slots.IncrementCounter();
    Slots[i] = Slots.DecrementCounter();
}
"#,
    );
}

#[test]
fn resource_locals_and_nonuniform_index_validate() {
    pixel(
        "resource locals",
        r#"
Texture2D<float4> Textures[8] : register(t0);
SamplerState Linear : register(s0);
float4 main(float4 pos : SV_Position, nointerpolation uint id : MATERIAL) : SV_Target {
    Texture2D<float4> t = Textures[NonUniformResourceIndex(id)];
    SamplerState s = Linear;
    return t.Sample(s, pos.xy);
}
"#,
    );
}

#[test]
fn spec_constants_validate_default_and_specialized() {
    let text = r#"
[[vk::constant_id(1)]] const uint Count = 4;
[[vk::constant_id(2)]] const float Scale = 0.5;
[[vk::constant_id(3)]] const bool Enabled = true;
RWStructuredBuffer<float> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    if (Enabled && id.x < Count)
        Out[id.x] = Out[id.x] * Scale;
}
"#;
    let m = common::lower(text);
    validate_module("spec", &m);
    let mut specialized = m.clone();
    let overrides = [
        lower::SpecOverride::parse("1=16").unwrap(),
        lower::SpecOverride::parse("3=false").unwrap(),
    ];
    lower::specialize(&mut specialized, &overrides).unwrap();
    assert!(ir::verify(&specialized).is_empty());
    assert_eq!(specialized.spec_constants.len(), 1);
    validate_module("specialized", &specialized);
    let mut bad = m.clone();
    let unknown = [lower::SpecOverride::parse("9=1").unwrap()];
    assert_eq!(
        lower::specialize(&mut bad, &unknown),
        Err("no spec constant has the id 9".to_owned())
    );
}

#[test]
fn hlsl2021_logic_and_static_initializers_validate() {
    compute(
        "hlsl2021",
        r#"
cbuffer Params : register(b0) { float4 Bias; };
static float4 Start = Bias * 2;
static uint Counter = 7;
uint Tick() { static uint ticks = 1; ticks *= 2; return ticks; }
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    bool3 a = id > 2;
    bool3 b = id < 6;
    bool3 both = and(a, b);
    bool3 either = or(a, b);
    float3 v = select(both, float3(1, 2, 3), float3(either));
    Out[id.x] = Start + float4(v, Counter + Tick());
}
"#,
    );
}

#[test]
fn functions_taking_resources_validate() {
    pixel(
        "resource parameters",
        r#"
Texture2D<float4> Albedo : register(t0);
Texture2D<float4> Layers[4] : register(t1);
SamplerState Linear : register(s0);
float4 Fetch(Texture2D<float4> t, SamplerState s, float2 uv) { return t.Sample(s, uv); }
float4 main(float4 pos : SV_Position, nointerpolation uint layer : LAYER) : SV_Target {
    return Fetch(Albedo, Linear, pos.xy) + Fetch(Layers[layer], Linear, pos.xy)
        + Fetch(Albedo, Linear, pos.yx);
}
"#,
    );
}

#[test]
fn templates_validate() {
    compute(
        "templates",
        r#"
template<typename T> T Twice(T x) { return x + x; }
template<typename T, uint N>
struct Ring {
    T items[N];
    uint head;
    void Push(T v) { items[head] = v; head = (head + 1) % N; }
    T First() { return items[0]; }
};
typedef Ring<float2, 2> Pairs;
RWStructuredBuffer<float2> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Pairs p;
    p.head = 0;
    p.Push(Twice(float2(id.xy)));
    Out[0] = p.First() + Twice<int>(3);
}
"#,
    );
}

#[test]
fn unrolled_offsets_validate() {
    pixel(
        "unroll",
        r#"
Texture2DArray<float> Shadow : register(t0);
SamplerComparisonState Cmp : register(s0);
float4 main(float3 uvw : TEXCOORD0) : SV_Target {
    static const int kHalf = 3 / 2;
    float lit = 0;
    [unroll] for (int y = -kHalf; y <= kHalf; ++y)
        [unroll] for (int x = -kHalf; x <= kHalf; ++x)
            lit += Shadow.SampleCmpLevelZero(Cmp, uvw, 0.5, int2(x, y));
    return lit / 9;
}
"#,
    );
}
