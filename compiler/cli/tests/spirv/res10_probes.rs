//! Realistic shader fragments written to probe the lowering's "not probed" E3001 rows of
//! `docs/lowering-gaps.md` (task res10), grouped by the files whose rows they probe: each
//! compiles through `hlslc -spirv` and every `spirv-val` installed. The probes that reached
//! an E3001 are fixed or refused under their own codes (`res10.rs`), or listed as reaching
//! their row in the gaps table.

use crate::harness::{compile, compile_entry};

/// (name, profile, flags, text).
type Probe = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static str,
);

/// Compiles every probe (a library without `-E`), naming the failing one.
fn compile_all(probes: &[Probe]) {
    for (name, profile, flags, text) in probes {
        eprintln!("probe {name}");
        if profile.starts_with("lib_") {
            compile_entry(text, profile, None, flags);
        } else {
            compile(text, profile, flags);
        }
    }
}

const CONVERSIONS: &[Probe] = &[
    (
        "conv_array_to_struct",
        "cs_6_0",
        &[],
        r#"struct Q { float a; float b; float c; float d; };
RWStructuredBuffer<Q> O;
[numthreads(1,1,1)] void main() { float arr[4] = {1,2,3,4}; Q q = (Q)arr; O[0] = q; }
"#,
    ),
    (
        "conv_bool_vectors",
        "cs_6_0",
        &[],
        r#"RWStructuredBuffer<uint3> O; StructuredBuffer<float3> I;
[numthreads(1,1,1)] void main() { bool3 b = (bool3)I[0]; O[0] = (uint3)b + (uint3)(I[1] > 0.5); }
"#,
    ),
    (
        "conv_enum_list",
        "cs_6_0",
        &[],
        r#"enum Kind { A, B = 5, C };
struct T { Kind k; float v; };
RWStructuredBuffer<uint> O;
[numthreads(1,1,1)] void main() { T t = { C, 2 }; Kind ks[2] = { B, t.k }; O[0] = ks[1] + (uint)ks[0]; }
"#,
    ),
    (
        "conv_flat_list_nested",
        "cs_6_0",
        &[],
        r#"struct Inner { float2 uv; uint id; };
struct Outer { Inner parts[2]; float4x4 m; };
RWStructuredBuffer<Outer> O;
[numthreads(1,1,1)] void main() { Outer o = { 1, 2, 3, float2(4, 5), 6, (float4x4)1 }; O[0] = o; }
"#,
    ),
    (
        "conv_half_double",
        "cs_6_2",
        &["-enable-16bit-types"],
        r#"RWStructuredBuffer<double2> O; StructuredBuffer<half4> I;
[numthreads(1,1,1)] void main() { double2 d = (double2)I[0].xy; O[0] = d + (double2)(float2)I[0].zw; }
"#,
    ),
    (
        "conv_matrix_list",
        "cs_6_0",
        &[],
        r#"RWStructuredBuffer<float2x3> O;
[numthreads(1,1,1)] void main() { float2x3 m = { float3(1,2,3), 4, float2(5,6) }; int2x3 n = (int2x3)m; O[0] = n; }
"#,
    ),
    (
        "conv_struct_scalar_splat",
        "cs_6_0",
        &[],
        r#"struct Q { float a; uint b; float3 c; bool d; };
RWStructuredBuffer<Q> O;
[numthreads(1,1,1)] void main() { Q q = (Q)0; Q r = (Q)1.5; O[0] = q; O[1] = r; }
"#,
    ),
    (
        "conv_struct_to_vector",
        "cs_6_0",
        &[],
        r#"struct Q { float a; float b; float2 c; };
RWStructuredBuffer<float4> O; StructuredBuffer<Q> I;
[numthreads(1,1,1)] void main() { Q q = I[0]; O[0] = (float4)q; }
"#,
    ),
    (
        "conv_vector_to_struct",
        "cs_6_0",
        &[],
        r#"struct Q { float a; int b; float2 c; };
RWStructuredBuffer<Q> O;
[numthreads(1,1,1)] void main() { O[0] = (Q)float4(1, 2, 3, 4); }
"#,
    ),
];

#[test]
fn conversions() {
    compile_all(CONVERSIONS);
}

const PARAMETERS_AND_RETURNS: &[Probe] = &[
    (
        "ctx_inout_textures",
        "cs_6_0",
        &[],
        r#"Texture2D<float4> A; Texture2D<float4> B; RWStructuredBuffer<float4> O;
void swap(inout Texture2D<float4> a, inout Texture2D<float4> b) { Texture2D<float4> t = a; a = b; b = t; }
[numthreads(1,1,1)] void main() { Texture2D<float4> x = A, y = B; swap(x, y); O[0] = x.Load(int3(0,0,0)) + y.Load(int3(0,0,0)); }
"#,
    ),
    (
        "ctx_rayquery_param",
        "cs_6_5",
        &[],
        r#"RaytracingAccelerationStructure Scene; RWStructuredBuffer<uint> O;
bool hit(inout RayQuery<RAY_FLAG_NONE> q) { while (q.Proceed()) {} return q.CommittedStatus() == COMMITTED_TRIANGLE_HIT; }
[numthreads(1,1,1)] void main() { RayQuery<RAY_FLAG_NONE> q; RayDesc r; r.Origin = 0; r.Direction = float3(0,0,1); r.TMin = 0; r.TMax = 10; q.TraceRayInline(Scene, 0, 0xFF, r); O[0] = hit(q); }
"#,
    ),
    (
        "ctx_resource_array_param",
        "cs_6_0",
        &[],
        r#"Texture2D<float4> Ts[4]; SamplerState S; RWStructuredBuffer<float4> O;
float4 sum(Texture2D<float4> ts[4], float2 uv) { float4 r = 0; [unroll] for (int i = 0; i < 4; i++) r += ts[i].SampleLevel(S, uv, 0); return r; }
[numthreads(1,1,1)] void main() { O[0] = sum(Ts, float2(0.5, 0.5)); }
"#,
    ),
    (
        "ctx_return_struct_res",
        "cs_6_0",
        &[],
        r#"struct View { Texture2D<float4> t; float w; };
Texture2D<float4> A; RWStructuredBuffer<float4> O;
View make(float w) { View v; v.t = A; v.w = w; return v; }
[numthreads(1,1,1)] void main() { View v = make(3); O[0] = v.t.Load(int3(0,0,0)) * v.w; }
"#,
    ),
    (
        "ctx_return_texture",
        "ps_6_0",
        &[],
        r#"Texture2D<float4> A; Texture2D<float4> B; SamplerState S;
cbuffer C { uint pick; };
Texture2D<float4> choose() { return A; }
float4 main(float2 uv : TEXCOORD0) : SV_Target { return choose().Sample(S, uv); }
"#,
    ),
    (
        "ctx_sampler_param",
        "ps_6_0",
        &[],
        r#"Texture2D<float4> A; SamplerState Lin; SamplerComparisonState Cmp;
float shadow(Texture2D<float4> t, SamplerComparisonState c, float3 p) { return t.SampleCmpLevelZero(c, p.xy, p.z); }
float4 main(float3 p : TEXCOORD0) : SV_Target { return shadow(A, Cmp, p) * A.Sample(Lin, p.xy); }
"#,
    ),
    (
        "ctx_struct_res_inout",
        "cs_6_0",
        &[],
        r#"struct Mat { Texture2D<float4> albedo; SamplerState s; float scale; };
Texture2D<float4> T0; Texture2D<float4> T1; SamplerState S; RWStructuredBuffer<float4> O;
void pick(inout Mat m, bool second) { if (second) m.albedo = T1; m.scale *= 2; }
[numthreads(1,1,1)] void main() { Mat m; m.albedo = T0; m.s = S; m.scale = 1; pick(m, false); O[0] = m.albedo.SampleLevel(m.s, float2(0,0), 0) * m.scale; }
"#,
    ),
    (
        "ctx_unsized_param",
        "cs_6_0",
        &[],
        r#"RWStructuredBuffer<float> O;
float total(float a[], uint n) { float s = 0; for (uint i = 0; i < n; i++) s += a[i]; return s; }
[numthreads(1,1,1)] void main() { float w[3] = {1, 2, 3}; O[0] = total(w, 3); }
"#,
    ),
];

#[test]
fn parameters_and_returns() {
    compile_all(PARAMETERS_AND_RETURNS);
}

const TESSELLATION: &[Probe] = &[
    (
        "ds_outputpatch",
        "ds_6_0",
        &[],
        r#"struct CP { float3 p : POS; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float3 mid : MID; };
struct DO { float4 pos : SV_Position; };
[domain("tri")] DO main(PC pc, float3 bary : SV_DomainLocation, const OutputPatch<CP, 3> op, uint pid : SV_PrimitiveID) { DO o; o.pos = float4(op[0].p * bary.x + op[1].p * bary.y + op[2].p * bary.z + pc.mid, 1 + pid); return o; }
"#,
    ),
    (
        "hs_isoline",
        "hs_6_0",
        &[],
        r#"struct CP { float4 p : POS; };
struct PC { float e[2] : SV_TessFactor; };
PC pcf(InputPatch<CP, 4> ip) { PC c; c.e[0] = 1; c.e[1] = 4; return c; }
[domain("isoline")] [partitioning("integer")] [outputtopology("line")] [outputcontrolpoints(4)] [patchconstantfunc("pcf")]
CP main(InputPatch<CP, 4> ip, uint i : SV_OutputControlPointID, uint pid : SV_PrimitiveID) { CP o = ip[i]; o.p.w += pid; return o; }
"#,
    ),
    (
        "hs_pcf_outputpatch",
        "hs_6_0",
        &[],
        r#"struct CP { float3 p : POS; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float3 mid : MID; };
PC pcf(InputPatch<CP, 3> ip, OutputPatch<CP, 3> op, uint pid : SV_PrimitiveID) { PC c; c.e[0] = c.e[1] = c.e[2] = 2; c.i = 2; c.mid = (op[0].p + op[1].p + ip[2].p) / 3 + pid; return c; }
[domain("tri")] [partitioning("fractional_odd")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)] [patchconstantfunc("pcf")] [maxtessfactor(8)]
CP main(InputPatch<CP, 3> ip, uint i : SV_OutputControlPointID) { return ip[i]; }
"#,
    ),
];

#[test]
fn tessellation() {
    compile_all(TESSELLATION);
}

const EXPRESSIONS: &[Probe] = &[
    (
        "expr_array_length",
        "cs_6_0",
        &[],
        r#"RWStructuredBuffer<uint> O;
[numthreads(1,1,1)] void main() { float w[5]; O[0] = w.Length; }
"#,
    ),
    (
        "expr_comma",
        "cs_6_0",
        &[],
        r#"RWStructuredBuffer<int> O;
[numthreads(1,1,1)] void main() { int a = 1, b = 2; int c = (a += 3, b * a); O[0] = c; }
"#,
    ),
    (
        "expr_globals_struct_member_array",
        "cs_6_0",
        &[],
        r#"struct Light { float3 pos; float range; };
cbuffer Lights { Light lights[4]; uint count; };
RWStructuredBuffer<float> O;
[numthreads(1,1,1)] void main(uint t : SV_GroupIndex) { float r = 0; for (uint i = 0; i < count; i++) r += lights[i].range * lights[i].pos[t % 3]; O[0] = r; }
"#,
    ),
    (
        "expr_mips_read",
        "ps_6_0",
        &[],
        r#"Texture2D<float4> T;
float4 main(float4 p : SV_Position) : SV_Target { return T.mips[1][uint2(p.xy)] + T.mips[0][uint2(0, 0)].x; }
"#,
    ),
    (
        "expr_namespace_global",
        "cs_6_0",
        &[],
        r#"namespace Cfg { static const float Gain = 2; float twice(float x) { return x * Gain; } }
RWStructuredBuffer<float> O;
[numthreads(1,1,1)] void main() { O[0] = Cfg::twice(Cfg::Gain); }
"#,
    ),
    (
        "expr_runtime_vector_matrix_write",
        "cs_6_0",
        &[],
        r#"RWStructuredBuffer<float4x4> O; cbuffer C { uint i; uint j; };
[numthreads(1,1,1)] void main() { float4x4 m = 0; m[i][j] = 1; m[j] += 2; float4 v = 0; v[i] *= 3; O[0] = m + v.x; }
"#,
    ),
    (
        "expr_sizeof_struct",
        "cs_6_0",
        &["-enable-16bit-types"],
        r#"struct S { float3 p; uint16_t h; double d; };
RWStructuredBuffer<uint> O;
[numthreads(1,1,1)] void main() { O[0] = sizeof(S) + sizeof(float3x4); }
"#,
    ),
    (
        "expr_static_member",
        "cs_6_0",
        &[],
        r#"struct Cfg { static const uint N = 4; static float scale() { return 0.5; } };
RWStructuredBuffer<float> O;
[numthreads(1,1,1)] void main() { O[0] = Cfg::N * Cfg::scale(); }
"#,
    ),
    (
        "expr_swizzle_of_swizzle_write",
        "cs_6_0",
        &[],
        r#"RWStructuredBuffer<float4> O;
[numthreads(1,1,1)] void main() { float4 v = 0; v.xyz.zx = float2(1, 2); v.wzyx.x += 5; O[0] = v; }
"#,
    ),
    (
        "expr_ternary_struct",
        "cs_6_0",
        &[],
        r#"struct L { float3 c; float i; };
RWStructuredBuffer<L> O; cbuffer C { bool warm; };
[numthreads(1,1,1)] void main() { L a = { float3(1,0,0), 2 }; L b = { float3(0,0,1), 1 }; O[0] = warm ? a : b; }
"#,
    ),
    (
        "expr_texel_component_write",
        "cs_6_0",
        &[],
        r#"RWTexture2D<float4> T;
[numthreads(8,8,1)] void main(uint2 id : SV_DispatchThreadID) { T[id].y = 1; T[id].zw = float2(2, 3); T[id][0] += 1; }
"#,
    ),
    (
        "expr_texel_ms_sample_write",
        "cs_6_0",
        &[],
        r#"RWTexture2DMS<float4> T;
[numthreads(1,1,1)] void main() { float4 v = T.sample[1][int2(0,0)]; T.sample[2][int2(1,1)] = v; }
"#,
    ),
    (
        "expr_this_member",
        "cs_6_0",
        &[],
        r#"struct Acc { float total; void add(float v) { this.total += v; } float get() { return total; } };
RWStructuredBuffer<float> O;
[numthreads(1,1,1)] void main() { Acc a; a.total = 0; a.add(2); a.add(3); O[0] = a.get(); }
"#,
    ),
    (
        "expr_void_ternary_call",
        "cs_6_0",
        &[],
        r#"RWStructuredBuffer<uint> O;
void inc(uint k) { O[k] += 1; }
[numthreads(1,1,1)] void main(uint t : SV_GroupIndex) { t > 0 ? inc(0) : inc(1); }
"#,
    ),
    (
        "void_use",
        "cs_6_0",
        &[],
        r#"void f() {}
RWStructuredBuffer<float> O;
[numthreads(1,1,1)] void main() { O[0] = (f(), 1.0); }
"#,
    ),
];

#[test]
fn expressions() {
    compile_all(EXPRESSIONS);
}

const GEOMETRY: &[Probe] = &[
    (
        "gs_instanced_multistream",
        "gs_6_0",
        &[],
        r#"struct A { float4 pos : SV_Position; };
struct B { float4 c : COLOR0; };
[instance(2)] [maxvertexcount(1)] void main(point A v[1], inout PointStream<A> s0, inout PointStream<B> s1) { s0.Append(v[0]); B b; b.c = 1; s1.Append(b); }
"#,
    ),
    (
        "gs_primitive_id",
        "gs_6_0",
        &[],
        r#"struct V { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
[maxvertexcount(3)] void main(triangle V v[3], uint pid : SV_PrimitiveID, uint inst : SV_GSInstanceID, inout TriangleStream<V> s) { for (int i = 0; i < 3; i++) { V o = v[i]; o.uv += pid + inst; s.Append(o); } s.RestartStrip(); }
"#,
    ),
    (
        "gs_stream_array_member",
        "gs_6_0",
        &[],
        r#"struct V { float4 pos : SV_Position; float clip[2] : SV_ClipDistance; float4 c[2] : COLOR; };
[maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { V o = v[0]; o.c[1] = 1; s.Append(o); }
"#,
    ),
    (
        "gs_triangleadj",
        "gs_6_0",
        &[],
        r#"struct V { float4 pos : SV_Position; };
[maxvertexcount(2)] void main(triangleadj V v[6], inout LineStream<V> s) { s.Append(v[0]); s.Append(v[2]); }
"#,
    ),
    (
        "gs_stream_wrong_elem_in_helper",
        "gs_6_0",
        &[],
        r#"struct A { float4 pos : SV_Position; };
struct B { float4 pos : SV_Position; float k : K; };
void emit() { PointStream<A> a; A v; v.pos = 0; a.Append(v); }
[maxvertexcount(2)] void main(point float4 p[1] : POSITION, inout PointStream<A> s) { emit(); }
"#,
    ),
];

#[test]
fn geometry() {
    compile_all(GEOMETRY);
}

const MESH: &[Probe] = &[
    (
        "ms_line_topology_swizzle",
        "ms_6_5",
        &["-fspv-target-env=vulkan1.3"],
        r#"struct V { float4 pos : SV_Position; float3 n : NORMAL; };
[numthreads(2,1,1)] [outputtopology("line")] void main(uint t : SV_GroupThreadID, out vertices V vs[2], out indices uint2 ls[1]) { SetMeshOutputCounts(2, 1); vs[t].pos = 0; vs[t].pos.xy = float2(t, 1); vs[t].n.zx = 1; vs[t].n[1] = 2; if (t == 0) ls[0] = uint2(0, 1); }
"#,
    ),
    (
        "ms_payload_prims",
        "ms_6_5",
        &["-fspv-target-env=vulkan1.3"],
        r#"struct Pay { uint base; float scale[4]; };
struct V { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
struct P { uint id : PRIM_ID; bool cull : SV_CullPrimitive; };
[numthreads(4,1,1)] [outputtopology("triangle")] void main(uint t : SV_GroupThreadID, in payload Pay pay, out vertices V vs[4], out indices uint3 tris[2], out primitives P ps[2]) {
  SetMeshOutputCounts(4, 2); vs[t].pos = float4(t, 0, 0, 1) * pay.scale[t]; vs[t].uv = t; if (t < 2) { tris[t] = uint3(0, t + 1, t + 2); ps[t].id = pay.base + t; ps[t].cull = false; } }
"#,
    ),
];

#[test]
fn mesh() {
    compile_all(MESH);
}

const SYSTEM_VALUES: &[Probe] = &[
    (
        "ps_coverage_barycentrics",
        "ps_6_1",
        &[],
        r#"float4 main(float4 p : SV_Position, float3 b : SV_Barycentrics, nointerpolation float3 c : COLOR, uint cov : SV_Coverage, bool ff : SV_IsFrontFace, out uint ocov : SV_Coverage, out float depth : SV_DepthGreaterEqual) : SV_Target { ocov = cov & 1; depth = p.z; return float4(b, ff) + GetAttributeAtVertex(c, 1).x; }
"#,
    ),
    (
        "ps_shading_rate_stencil",
        "ps_6_4",
        &[],
        r#"float4 main(float4 p : SV_Position, uint rate : SV_ShadingRate, uint s : SV_SampleIndex, out uint sref : SV_StencilRef) : SV_Target { sref = rate + s; return p; }
"#,
    ),
    (
        "vs_view_instance",
        "vs_6_1",
        &[],
        r#"struct O { float4 pos : SV_Position; float clip : SV_ClipDistance0; uint layer : SV_RenderTargetArrayIndex; uint vp : SV_ViewportArrayIndex; };
O main(float3 p : POSITION, uint vid : SV_VertexID, uint iid : SV_InstanceID, uint view : SV_ViewID) { O o; o.pos = float4(p + vid + iid, 1); o.clip = p.x; o.layer = view; o.vp = 0; return o; }
"#,
    ),
];

#[test]
fn system_values() {
    compile_all(SYSTEM_VALUES);
}

const RESOURCES_AND_CALLS: &[Probe] = &[
    (
        "res_counters_array",
        "cs_6_0",
        &[],
        r#"AppendStructuredBuffer<uint> A; ConsumeStructuredBuffer<uint> C; RWStructuredBuffer<uint> Rs[2];
[numthreads(1,1,1)] void main(uint t : SV_GroupIndex) { A.Append(C.Consume()); uint n = Rs[t & 1].IncrementCounter(); Rs[0][n] = Rs[1].DecrementCounter(); }
"#,
    ),
    (
        "res_default_args",
        "cs_6_0",
        &[],
        r#"RWStructuredBuffer<float> O;
float blend(float a, float b = 1, float t = 0.5) { return lerp(a, b, t); }
[numthreads(1,1,1)] void main() { O[0] = blend(2) + blend(2, 3) + blend(2, 3, 0.25); }
"#,
    ),
    (
        "res_functor",
        "cs_6_0",
        &["-HV", "2021"],
        r#"struct Adder { uint k; uint operator()(uint x) { return x + k; } };
RWStructuredBuffer<uint> O;
[numthreads(1,1,1)] void main() { Adder a; a.k = 3; O[0] = a(4); }
"#,
    ),
    (
        "res_heap_buffer_counter",
        "cs_6_6",
        &[],
        r#"cbuffer C { uint bi; };
[numthreads(1,1,1)] void main() { RWStructuredBuffer<uint> b = ResourceDescriptorHeap[bi]; uint n = b.IncrementCounter(); b[n] = 7; ByteAddressBuffer r = ResourceDescriptorHeap[bi + 1]; b[0] = r.Load(4); }
"#,
    ),
    (
        "res_image_formats",
        "cs_6_0",
        &[],
        r#"[[vk::image_format("rgba16f")]] RWTexture2D<float4> A; [[vk::image_format("r32ui")]] RWBuffer<uint> B; [[vk::image_format("rg11b10f")]] RWTexture3D<float3> C;
[numthreads(1,1,1)] void main() { A[uint2(0,0)] = 1; InterlockedAdd(B[0], 1); C[uint3(0,0,0)] = 2; }
"#,
    ),
    (
        "res_inout_out_resource",
        "cs_6_0",
        &[],
        r#"Texture2D<float4> A; RWStructuredBuffer<float4> O;
void get(out Texture2D<float4> t) { t = A; }
[numthreads(1,1,1)] void main() { Texture2D<float4> t; get(t); O[0] = t.Load(int3(0,0,0)); }
"#,
    ),
    (
        "res_push_constant_cbuffer",
        "cs_6_0",
        &[],
        r#"struct PC { float4 tint; uint index; };
[[vk::push_constant]] ConstantBuffer<PC> pc;
RWStructuredBuffer<float4> O;
[numthreads(1,1,1)] void main() { O[pc.index] = pc.tint; }
"#,
    ),
    (
        "res_raw_buffer_load",
        "cs_6_0",
        &[],
        r#"struct S { float3 p; uint k; };
cbuffer C { uint64_t addr; };
RWStructuredBuffer<float4> O;
[numthreads(1,1,1)] void main() { S s = vk::RawBufferLoad<S>(addr, 16); float2 v = vk::RawBufferLoad<float2>(addr + 16); vk::RawBufferStore<uint>(addr + 24, s.k); vk::RawBufferStore<S>(addr + 32, s); O[0] = float4(s.p, v.x); }
"#,
    ),
    (
        "res_spec_constants",
        "cs_6_0",
        &[],
        r#"[[vk::constant_id(1)]] const uint Count = 4; [[vk::constant_id(2)]] const float Gain = 1.5; [[vk::constant_id(3)]] const bool Fast = false;
RWStructuredBuffer<float> O;
[numthreads(1,1,1)] void main() { float s = 0; for (uint i = 0; i < Count; i++) s += Gain; O[0] = Fast ? s : -s; }
"#,
    ),
    (
        "res_subpass",
        "ps_6_0",
        &[],
        r#"[[vk::input_attachment_index(0)]] SubpassInput<float4> In; [[vk::input_attachment_index(1)]] SubpassInputMS<float4> Ms;
float4 main(float4 p : SV_Position) : SV_Target { return In.SubpassLoad() + Ms.SubpassLoad(2); }
"#,
    ),
    (
        "res_tbuffer_globals",
        "ps_6_0",
        &[],
        r#"tbuffer T { float4 a; float4 b[2]; };
float4 tint; float scale; Buffer<float4> Bf;
struct TBS { float4 v; }; TextureBuffer<TBS> TB;
float4 main() : SV_Target { return a + b[1] * scale + tint + Bf[0] + TB.v; }
"#,
    ),
    (
        "res_template_fn",
        "cs_6_0",
        &["-HV", "2021"],
        r#"template<typename T> T twice(T v) { return v + v; }
template<typename B> uint first(B b) { return b[0]; }
StructuredBuffer<uint> I; RWStructuredBuffer<uint> O;
[numthreads(1,1,1)] void main() { O[0] = twice(first(I)) + (uint)twice(1.5f); }
"#,
    ),
    (
        "res_user_call_methods",
        "cs_6_0",
        &[],
        r#"struct Sampler2 { Texture2D<float4> t; SamplerState s; float4 fetch(float2 uv) { return t.SampleLevel(s, uv, 0); } };
Texture2D<float4> A; SamplerState S; RWStructuredBuffer<float4> O;
[numthreads(1,1,1)] void main() { Sampler2 x; x.t = A; x.s = S; O[0] = x.fetch(float2(0.5, 0.5)); }
"#,
    ),
    (
        "res_cast_struct",
        "ps_6_0",
        &[],
        r#"struct A { Texture2D t; SamplerState s; };
struct B { Texture2D tex; SamplerState smp; };
Texture2D T; SamplerState S;
float4 main(float2 uv : TEXCOORD0) : SV_Target { A a; a.t = T; a.s = S; B b = (B)a; return b.tex.Sample(b.smp, uv); }
"#,
    ),
    (
        "res_global_struct",
        "ps_6_0",
        &[],
        r#"struct Bind { Texture2D t; SamplerState s; };
Bind g;
float4 main(float2 uv : TEXCOORD0) : SV_Target { return g.t.Sample(g.s, uv); }
"#,
    ),
    (
        "res_handed_index",
        "ps_6_0",
        &[],
        r#"Texture2D Ts[4]; SamplerState S;
void pick(uint i, out Texture2D t) { t = Ts[i]; }
Texture2D choose(uint i) { return Ts[i]; }
float4 main(float2 uv : TEXCOORD0, nointerpolation uint k : K) : SV_Target { Texture2D t; pick(k, t); return t.Sample(S, uv) + choose(k + 1).Sample(S, uv); }
"#,
    ),
    (
        "res_index_struct_array",
        "ps_6_0",
        &[],
        r#"struct Mat { Texture2D t; float k; };
Texture2D Ts[3]; SamplerState S; cbuffer C { uint i; };
float4 main(float2 uv : TEXCOORD0) : SV_Target { Texture2D local[3] = Ts; return local[2].Sample(S, uv) + Ts[i].Sample(S, uv); }
"#,
    ),
    (
        "res_init_lists",
        "ps_6_0",
        &[],
        r#"struct Pair { Texture2D t; SamplerState s; };
Texture2D T0; Texture2D T1; SamplerState S;
float4 main(float2 uv : TEXCOORD0) : SV_Target { Pair ps[2] = { T0, S, T1, S }; Texture2D ts[2] = { T0, T1 }; Pair p = { ts[1], S }; return ps[1].t.Sample(ps[0].s, uv) + p.t.Sample(p.s, uv); }
"#,
    ),
];

#[test]
fn resources_and_calls() {
    compile_all(RESOURCES_AND_CALLS);
}

const RAY_QUERIES: &[Probe] = &[
    (
        "rq_array",
        "cs_6_5",
        &[],
        r#"RaytracingAccelerationStructure Scene; RWStructuredBuffer<uint> O;
[numthreads(1,1,1)] void main(uint t : SV_GroupIndex) { RayQuery<RAY_FLAG_FORCE_OPAQUE> qs[2]; RayDesc r; r.Origin = 0; r.Direction = float3(0,0,1); r.TMin = 0; r.TMax = 10;
 qs[t & 1].TraceRayInline(Scene, 0, 0xFF, r); qs[t & 1].Proceed(); O[0] = qs[t & 1].CommittedStatus(); }
"#,
    ),
    (
        "rq_candidate_methods",
        "cs_6_5",
        &[],
        r#"RaytracingAccelerationStructure Scene; RWStructuredBuffer<float4> O;
[numthreads(1,1,1)] void main() { RayQuery<0> q; RayDesc r; r.Origin = 0; r.Direction = float3(0,0,1); r.TMin = 0; r.TMax = 10; q.TraceRayInline(Scene, RAY_FLAG_CULL_BACK_FACING_TRIANGLES, 0xFF, r);
 while (q.Proceed()) { if (q.CandidateType() == CANDIDATE_PROCEDURAL_PRIMITIVE) { q.CommitProceduralPrimitiveHit(q.CandidateTriangleRayT()); } else if (q.CandidateTriangleFrontFace()) q.CommitNonOpaqueTriangleHit(); else q.Abort(); }
 float3x4 m = q.CommittedObjectToWorld3x4(); O[0] = float4(q.CommittedTriangleBarycentrics(), q.CommittedRayT(), q.CommittedInstanceContributionToHitGroupIndex()) + m[0]; }
"#,
    ),
    (
        "rq_struct_member",
        "cs_6_5",
        &[],
        r#"RaytracingAccelerationStructure Scene; RWStructuredBuffer<uint> O;
RayDesc ray() { RayDesc r; r.Origin = 0; r.Direction = float3(0,0,1); r.TMin = 0; r.TMax = 10; return r; }
[numthreads(1,1,1)] void main() { RayQuery<0> q; q.TraceRayInline(Scene, 0, 1, ray()); q.Proceed(); O[0] = q.CommittedInstanceIndex() + q.CommittedGeometryIndex() + q.CommittedPrimitiveIndex(); }
"#,
    ),
];

#[test]
fn ray_queries() {
    compile_all(RAY_QUERIES);
}

const RAY_TRACING: &[Probe] = &[
    (
        "rt_callable_raygen",
        "lib_6_3",
        &["-fspv-target-env=vulkan1.2"],
        r#"struct Data { float3 v; };
RWTexture2D<float4> Out;
[shader("callable")] void call(inout Data d) { d.v *= 2; }
[shader("raygeneration")] void gen() { Data d; d.v = float3(DispatchRaysIndex().xy, 1); CallShader(0, d); Out[DispatchRaysIndex().xy] = float4(d.v, DispatchRaysDimensions().x); }
"#,
    ),
    (
        "rt_closesthit",
        "lib_6_3",
        &["-fspv-target-env=vulkan1.2"],
        r#"struct Payload { float4 color; uint depth; };
RaytracingAccelerationStructure Scene;
[shader("closesthit")] void chs(inout Payload p, in BuiltInTriangleIntersectionAttributes a) { p.color = float4(a.barycentrics, RayTCurrent(), 1); if (p.depth < 2) { RayDesc r; r.Origin = WorldRayOrigin(); r.Direction = WorldRayDirection(); r.TMin = 0.01; r.TMax = 100; p.depth++; TraceRay(Scene, 0, 0xFF, 0, 1, 0, r, p); } }
[shader("miss")] void miss(inout Payload p) { p.color = 0; }
"#,
    ),
    (
        "rt_intersection",
        "lib_6_3",
        &["-fspv-target-env=vulkan1.2"],
        r#"struct Attr { float2 uv; float t; };
[shader("intersection")] void isect() { Attr a; a.uv = float2(0.5, 0.5); a.t = 1; ReportHit(RayTMin() + 1, 0, a); }
[shader("anyhit")] void ahs(inout float4 p, Attr a) { if (a.t > 0.5) IgnoreHit(); p = a.t; }
"#,
    ),
];

#[test]
fn ray_tracing() {
    compile_all(RAY_TRACING);
}

const STATEMENTS: &[Probe] = &[
    (
        "stmt_do_while_continue",
        "cs_6_0",
        &[],
        r#"RWStructuredBuffer<uint> O;
[numthreads(1,1,1)] void main() { uint i = 0, s = 0; do { i++; if (i & 1) continue; s += i; } while (i < 10); O[0] = s; }
"#,
    ),
    (
        "stmt_heap_sampler",
        "ps_6_6",
        &[],
        r#"cbuffer C { uint ti; uint si; };
float4 main(float2 uv : TEXCOORD0) : SV_Target { Texture2D<float4> t = ResourceDescriptorHeap[ti]; SamplerState s = SamplerDescriptorHeap[si]; return t.Sample(s, uv); }
"#,
    ),
    (
        "stmt_resource_local_const_ternary",
        "ps_6_0",
        &[],
        r#"Texture2D<float4> A; Texture2D<float4> B; SamplerState S;
static const bool UseA = true;
float4 main(float2 uv : TEXCOORD0) : SV_Target { Texture2D<float4> t = UseA ? A : B; return t.Sample(S, uv); }
"#,
    ),
    (
        "stmt_static_const_case",
        "cs_6_0",
        &[],
        r#"static const uint K = 3; RWStructuredBuffer<uint> O;
enum class Mode { Off, On };
[numthreads(1,1,1)] void main(uint t : SV_GroupIndex) { Mode m = (Mode)(t & 1); switch (t) { case K: O[0] = 1; break; case K + 1: O[0] = 2; break; } switch (m) { case Mode::On: O[1] = 3; break; default: break; } }
"#,
    ),
    (
        "stmt_switch_in_loop",
        "cs_6_0",
        &[],
        r#"RWStructuredBuffer<uint> O;
[numthreads(1,1,1)] void main(uint t : SV_GroupIndex) {
  uint acc = 0;
  for (uint i = 0; i < 8; i++) { switch (i % 3) { case 0: continue; case 1: acc += i; break; default: if (i > 6) break; acc *= 2; } }
  O[0] = acc; }
"#,
    ),
    (
        "stmt_unroll_break",
        "cs_6_0",
        &[],
        r#"RWStructuredBuffer<uint> O; StructuredBuffer<uint> I;
[numthreads(1,1,1)] void main() { uint s = 0; [unroll(4)] for (uint i = 0; i < 4; i++) { if (I[i] == 0) break; s += I[i]; } O[0] = s; }
"#,
    ),
];

#[test]
fn statements() {
    compile_all(STATEMENTS);
}

const TEXTURES: &[Probe] = &[
    (
        "tex_1d_grad_bias",
        "ps_6_0",
        &[],
        r#"Texture1D<float4> T; Texture1DArray<float4> TA; SamplerState S;
float4 main(float2 p : TEXCOORD0) : SV_Target { return T.SampleGrad(S, p.x, ddx(p.x), ddy(p.x), 1) + TA.SampleBias(S, p, 0.5, 2) + T.Sample(S, p.x, 1, 0.5); }
"#,
    ),
    (
        "tex_3d_sample_offset_clamp",
        "ps_6_0",
        &[],
        r#"Texture3D<float4> T; SamplerState S;
float4 main(float3 p : TEXCOORD0) : SV_Target { uint st; return T.Sample(S, p, int3(1, 0, -1), 2.0, st) + CheckAccessFullyMapped(st); }
"#,
    ),
    (
        "tex_cube_gather_cmp",
        "ps_6_0",
        &[],
        r#"TextureCube<float> T; SamplerComparisonState C;
float4 main(float4 p : TEXCOORD0) : SV_Target { return T.GatherCmp(C, p.xyz, p.w) + T.GatherCmpRed(C, p.xyz, p.w); }
"#,
    ),
    (
        "tex_gather_array_offsets",
        "ps_6_0",
        &[],
        r#"Texture2DArray<float4> T; SamplerState S;
float4 main(float3 p : TEXCOORD0) : SV_Target { uint st; float4 a = T.GatherRed(S, p, int2(1,0), int2(0,1), int2(-1,0), int2(0,-1), st); return a + T.GatherAlpha(S, p, int2(1, 1)) + CheckAccessFullyMapped(st); }
"#,
    ),
    (
        "tex_lod_cube_array",
        "ps_6_0",
        &[],
        r#"TextureCubeArray<float4> T; SamplerState S;
float4 main(float4 p : TEXCOORD0) : SV_Target { float l = T.CalculateLevelOfDetail(S, p.xyz); float u = T.CalculateLevelOfDetailUnclamped(S, p.xyz); return T.SampleLevel(S, p, l) * u; }
"#,
    ),
    (
        "tex_ms_load_offset_status",
        "ps_6_0",
        &[],
        r#"Texture2DMS<float4, 4> T; Texture2DMSArray<float4> TA;
float4 main(float4 p : SV_Position) : SV_Target { uint st; float4 a = T.Load(int2(p.xy), 2, int2(1, 0), st); float4 b = TA.Load(int3(p.xy, 1), 0); return a + b + CheckAccessFullyMapped(st) + T.GetSamplePosition(1).x; }
"#,
    ),
    (
        "tex_samplecmp_variants",
        "ps_6_8",
        &[],
        r#"Texture2D<float> D; SamplerComparisonState C;
float4 main(float3 p : TEXCOORD0) : SV_Target { uint st; float a = D.SampleCmpLevel(C, p.xy, p.z, 0, int2(1,1), st); float b = D.SampleCmpBias(C, p.xy, p.z, 0.5); float c = D.SampleCmpGrad(C, p.xy, p.z, ddx(p.xy), ddy(p.xy)); return a + b + c + CheckAccessFullyMapped(st); }
"#,
    ),
];

#[test]
fn textures() {
    compile_all(TEXTURES);
}

const BUFFER_POINTERS: &[Probe] = &[
    (
        "bp_aliased",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"struct S { uint a; };
cbuffer C { vk::BufferPointer<S> p; };
RWStructuredBuffer<uint> O;
[numthreads(1,1,1)] void main() { [[vk::aliased_pointer]] vk::BufferPointer<S> a = p; [[vk::aliased_pointer]] vk::BufferPointer<S> b = p; a.Get().a = 1; O[0] = b.Get().a; }
"#,
    ),
    (
        "bp_array_of_pointers",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"struct S { float x; };
cbuffer C { vk::BufferPointer<S> ptrs[4]; };
RWStructuredBuffer<float> O;
[numthreads(4,1,1)] void main(uint t : SV_GroupIndex) { O[t] = ptrs[t].Get().x; ptrs[t].Get().x = t; }
"#,
    ),
    (
        "bp_array_pointee",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"typedef float F4[4];
cbuffer C { vk::BufferPointer<F4> p; };
RWStructuredBuffer<float> O;
[numthreads(1,1,1)] void main(uint t : SV_GroupIndex) { p.Get()[t % 4] = 1; O[0] = p.Get()[2]; }
"#,
    ),
    (
        "bp_buffer_member",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"struct Obj { float3 pos; vk::BufferPointer<float4> colors; };
StructuredBuffer<Obj> Objs; RWStructuredBuffer<float4> O;
[numthreads(1,1,1)] void main(uint t : SV_GroupIndex) { O[t] = Objs[t].colors.Get() * Objs[t].pos.x; }
"#,
    ),
    (
        "bp_casts",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"struct A { float4 v; }; struct B { uint4 u; };
cbuffer C { vk::BufferPointer<A, 16> pa; uint64_t addr; };
RWStructuredBuffer<uint4> O;
[numthreads(1,1,1)] void main() { vk::BufferPointer<B, 16> pb = vk::reinterpret_pointer_cast<B, 16>(pa); vk::BufferPointer<A, 4> low = vk::static_pointer_cast<A, 4>(pa); vk::BufferPointer<B> fromAddr = vk::BufferPointer<B>(addr); O[0] = pb.Get().u + fromAddr.Get().u + (uint4)low.Get().v; O[1] = uint4((uint64_t)pa != 0, (bool)pa, 0, 0); }
"#,
    ),
    (
        "bp_from_int",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"cbuffer C { int a; };
RWStructuredBuffer<float> O;
[numthreads(1,1,1)] void main() { vk::BufferPointer<float> p = vk::BufferPointer<float>(a); O[0] = p.Get(); }
"#,
    ),
    (
        "bp_linked_list",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"struct Node;
typedef vk::BufferPointer<Node> NodePtr;
struct Node { float v; NodePtr next; };
cbuffer C { NodePtr head; };
RWStructuredBuffer<float> O;
[numthreads(1,1,1)] void main() { float s = 0; NodePtr n = head; for (uint i = 0; i < 4 && (bool)n; i++) { s += n.Get().v; n = n.Get().next; } O[0] = s; }
"#,
    ),
    (
        "bp_local_and_param",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"struct S { uint a; uint b; };
cbuffer C { vk::BufferPointer<S> p; };
uint sum(vk::BufferPointer<S> q) { return q.Get().a + q.Get().b; }
void bump(vk::BufferPointer<S> q) { q.Get().a += 1; InterlockedAdd(q.Get().b, 2); }
RWStructuredBuffer<uint> O;
[numthreads(1,1,1)] void main() { vk::BufferPointer<S> l = p; bump(l); O[0] = sum(l); }
"#,
    ),
    (
        "bp_matrix_whole_elem",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"cbuffer C { vk::BufferPointer<float2x2> p; };
[numthreads(1,1,1)] void main() { p.Get()[1][0] = 5; p.Get()._m01 = 2; p.Get()._m00_m11 = float2(7, 8); p.Get()[0] = float2(3, 4); }
"#,
    ),
    (
        "bp_matrix_whole_read",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"cbuffer C { vk::BufferPointer<float3x2> p; };
RWStructuredBuffer<float> O;
[numthreads(1,1,1)] void main() { O[0] = p.Get()[2][1] + p.Get()._m10 + p.Get()[1].y; }
"#,
    ),
    (
        "bp_nested_pointer",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"struct Leaf { float v; };
struct Mid { vk::BufferPointer<Leaf> leaf; uint n; };
cbuffer C { vk::BufferPointer<Mid> root; };
RWStructuredBuffer<float> O;
[numthreads(1,1,1)] void main() { O[0] = root.Get().leaf.Get().v; root.Get().leaf.Get().v = 3; }
"#,
    ),
    (
        "bp_printf",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"cbuffer C { vk::BufferPointer<float> p; };
[numthreads(1,1,1)] void main() { printf("%f %lu", p.Get(), (uint64_t)p); }
"#,
    ),
    (
        "bp_push_constant",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"struct S { float4 c; };
struct PC { vk::BufferPointer<S> data; uint n; };
[[vk::push_constant]] PC pc;
RWStructuredBuffer<float4> O;
[numthreads(1,1,1)] void main() { O[0] = pc.data.Get().c * pc.n; }
"#,
    ),
    (
        "bp_row_major_matrix_elem",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"cbuffer C { vk::BufferPointer<row_major float2x3> p; };
[numthreads(1,1,1)] void main(uint t : SV_GroupIndex) { p.Get()[1][2] = 1; p.Get()[t % 2][t % 3] = 2; }
"#,
    ),
    (
        "bp_scalar_pointee",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"cbuffer C { vk::BufferPointer<uint> p; };
RWStructuredBuffer<uint> O;
[numthreads(1,1,1)] void main() { p.Get() = 4; O[0] = p.Get() + p.Get().x; uint old; InterlockedAdd(p.Get(), 1, old); O[1] = old; }
"#,
    ),
    (
        "bp_struct_get",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"struct Node { float4 color; uint next; float weights[4]; float2x2 m; };
cbuffer C { vk::BufferPointer<Node> head; };
RWStructuredBuffer<float4> O;
[numthreads(1,1,1)] void main(uint t : SV_GroupIndex) { Node n = head.Get(); head.Get().weights[t] = 2; head.Get().m._m10 = 1; head.Get().color.yz = float2(1, 2); O[0] = n.color + head.Get().weights[1]; }
"#,
    ),
    (
        "bp_to_float",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"cbuffer C { vk::BufferPointer<float> p; };
RWStructuredBuffer<float> O;
[numthreads(1,1,1)] void main() { O[0] = (float)p; }
"#,
    ),
    (
        "bp_to_uint",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"cbuffer C { vk::BufferPointer<float> p; };
RWStructuredBuffer<uint> O;
[numthreads(1,1,1)] void main() { O[0] = (uint)p; }
"#,
    ),
    (
        "bp_to_uint2",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"cbuffer C { vk::BufferPointer<float> p; };
RWStructuredBuffer<uint2> O;
[numthreads(1,1,1)] void main() { uint64_t a = (uint64_t)p; O[0] = uint2(a & 0xffffffff, a >> 32); }
"#,
    ),
    (
        "bp_vector_pointee",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"cbuffer C { vk::BufferPointer<float4> p; };
RWStructuredBuffer<float4> O;
[numthreads(1,1,1)] void main(uint t : SV_GroupIndex) { p.Get().y = 1; p.Get()[t % 4] = 2; p.Get().xz = float2(3, 4); O[0] = p.Get(); }
"#,
    ),
    (
        "bp_from_float",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"cbuffer C { float f; };
RWStructuredBuffer<float> O;
[numthreads(1,1,1)] void main() { vk::BufferPointer<float> p = (vk::BufferPointer<float>)f; O[0] = p.Get(); }
"#,
    ),
];

#[test]
fn buffer_pointers() {
    compile_all(BUFFER_POINTERS);
}

const INLINE_SPIRV: &[Probe] = &[
    (
        "inl_builtin_input",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"[[vk::ext_builtin_input(/* NumWorkgroups */ 24)]] static const uint3 groups;
RWStructuredBuffer<uint> B;
[numthreads(1,1,1)] void main() { B[0] = groups.x; }
"#,
    ),
    (
        "inl_decorate_local",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"RWStructuredBuffer<float> B;
[numthreads(1,1,1)] void main() { [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float x = B[1]; B[0] = x * 2; }
"#,
    ),
    (
        "inl_ext_reference_buffer",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"[[vk::ext_instruction(/* OpAtomicIAdd */ 234)]] uint atomic_add([[vk::ext_reference]] uint p, uint scope, uint sem, uint v);
RWStructuredBuffer<uint> B;
[numthreads(1,1,1)] void main() { atomic_add(B[0], 1, 0, 1); }
"#,
    ),
    (
        "inl_ext_reference_store",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"[[vk::ext_instruction(/* OpStore */ 62)]] void store([[vk::ext_reference]] float p, float v);
RWStructuredBuffer<float> Out;
[numthreads(1,1,1)] void main() { float x = 0; store(x, 3); float4 v = 0; store(v.y, 4); Out[0] = x + v.y; }
"#,
    ),
    (
        "inl_ext_type_def",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"[[vk::ext_type_def(0, /* OpTypeInt */ 21)]] void defineInt([[vk::ext_literal]] int width, [[vk::ext_literal]] int signedness);
RWStructuredBuffer<uint> B;
[numthreads(1,1,1)] void main() { defineInt(32, 0); B[0] = 1; }
"#,
    ),
    (
        "inl_glsl_ext",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"[[vk::ext_instruction(/* FindILsb */ 73, "GLSL.std.450")]] uint lsb(uint v);
RWStructuredBuffer<uint> B;
[numthreads(1,1,1)] void main() { B[0] = lsb(B[1]); }
"#,
    ),
    (
        "inl_opaque_type",
        "cs_6_0",
        &["-HV", "2021", "-fspv-target-env=vulkan1.2"],
        r#"typedef vk::SpirvOpaqueType</* OpTypeImage */ 25, float, vk::Literal<vk::integral_constant<uint, 1> >, vk::Literal<vk::integral_constant<uint, 0> >, vk::Literal<vk::integral_constant<uint, 0> >, vk::Literal<vk::integral_constant<uint, 0> >, vk::Literal<vk::integral_constant<uint, 1> >, vk::Literal<vk::integral_constant<uint, 0> > > Img;
[[vk::ext_storage_class(/* UniformConstant */ 0)]] Img image;
RWStructuredBuffer<uint> B;
[numthreads(1,1,1)] void main() { B[0] = 1; }
"#,
    ),
    (
        "inl_param_decorate",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"float twice([[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float v) { return v * 2; }
RWStructuredBuffer<float> Out;
[numthreads(1,1,1)] void main() { Out[0] = twice(Out[1]); }
"#,
    ),
    (
        "inl_ref_matrix_elem",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"[[vk::ext_instruction(/* OpStore */ 62)]] void store([[vk::ext_reference]] float p, float v);
RWStructuredBuffer<float> Out;
[numthreads(1,1,1)] void main() { float2x2 m = 0; store(m._m10, 4); store(m[0][1], 5); Out[0] = m._m10 + m._m01; }
"#,
    ),
    (
        "inl_spirv_type",
        "cs_6_0",
        &["-HV", "2021", "-fspv-target-env=vulkan1.2"],
        r#"typedef vk::SpirvType</* OpTypeInt */ 21, 8, 8, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<uint, 0> > > u8;
[[vk::ext_capability(/* Int8 */ 39)]] u8 x;
RWStructuredBuffer<uint> B;
[numthreads(1,1,1)] void main() { B[0] = 1; }
"#,
    ),
];

#[test]
fn inline_spirv() {
    compile_all(INLINE_SPIRV);
}

const PRINTF: &[Probe] = &[
    (
        "printf_array_and_bufptr",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
        r#"cbuffer C { vk::BufferPointer<float> p; };
[numthreads(1,1,1)] void main() { float a[2] = {1, 2}; printf("%f %f %lu", a, p.Get(), p); }
"#,
    ),
    (
        "printf_global_string",
        "cs_6_0",
        &[],
        r#"string fmt = "v=%d\n"; const string other = "w=%u";
[numthreads(1,1,1)] void main(uint t : SV_GroupIndex) { printf(fmt, t); printf(other, t); }
"#,
    ),
];

#[test]
fn printf() {
    compile_all(PRINTF);
}

const ENTRIES: &[Probe] = &[
    (
        "entry_cs_struct_input",
        "cs_6_0",
        &[],
        r#"struct In { uint3 id : SV_DispatchThreadID; uint gi : SV_GroupIndex; };
RWStructuredBuffer<uint> O;
[numthreads(8,1,1)] void main(In i) { O[i.gi] = i.id.x; }
"#,
    ),
    (
        "entry_numthreads_const",
        "cs_6_0",
        &[],
        r#"static const uint N = 8;
#define M 4
RWStructuredBuffer<uint> O;
[numthreads(N, M, 1)] void main(uint3 id : SV_DispatchThreadID, uint3 g : SV_GroupID, uint3 gt : SV_GroupThreadID, uint gi : SV_GroupIndex) { O[gi] = id.x + g.y + gt.z; }
"#,
    ),
    (
        "lib_entries",
        "lib_6_3",
        &[],
        r#"RWStructuredBuffer<uint> O;
[shader("compute")] [numthreads(4,1,1)] void cs(uint t : SV_GroupIndex) { O[t] = t; }
[shader("pixel")] float4 ps(float4 p : SV_Position) : SV_Target { return p; }
[shader("vertex")] float4 vs(float3 p : POSITION) : SV_Position { return float4(p, 1); }
"#,
    ),
];

#[test]
fn entries() {
    compile_all(ENTRIES);
}

const ATTRIBUTE_EVALUATION: &[Probe] = &[
    (
        "eval_attribute_array_input",
        "ps_6_0",
        &[],
        r#"float4 main(float4 c[2] : COLOR0, uint k : K) : SV_Target { return EvaluateAttributeCentroid(c[1]) + EvaluateAttributeAtSample(c[0].xy, 2).xyxy; }
"#,
    ),
    (
        "eval_attribute_forms",
        "ps_6_0",
        &[],
        r#"struct PSIn { float4 pos : SV_Position; float4 color : COLOR0; float2 uv : TEXCOORD0; };
float4 tint(float4 c) { return EvaluateAttributeCentroid(c); }
float4 main(PSIn i, uint s : SV_SampleIndex) : SV_Target { return EvaluateAttributeAtSample(i.color, s) + EvaluateAttributeSnapped(i.uv.xyxy, int2(1, 1)) + EvaluateAttributeCentroid(i.color.zyx).x; }
"#,
    ),
    (
        "eval_attribute_param",
        "ps_6_0",
        &[],
        r#"float4 shade(float4 c) { return EvaluateAttributeCentroid(c) * 2; }
float4 main(float4 c : COLOR0, float2 uv : TEXCOORD0) : SV_Target { return shade(c) + EvaluateAttributeAtSample(uv, 1).xyxy; }
"#,
    ),
];

#[test]
fn attribute_evaluation() {
    compile_all(ATTRIBUTE_EVALUATION);
}
