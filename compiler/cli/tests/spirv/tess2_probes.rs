//! The tessellation and geometry signatures probed during task tess2: hull shaders of the
//! three domains with tess factors as arrays (and the inside factor of a triangle as a
//! scalar or `float[1]`), patch-constant functions taking `OutputPatch`, `InputPatch`,
//! `SV_PrimitiveID` and `SV_ViewID` in any order, control points with nested structs,
//! arrays of structs, clip and cull distances; domain shaders reading every kind of patch
//! constant, with `out` parameters; geometry shaders of every input primitive, `[instance]`
//! with `SV_GSInstanceID`, several streams, interpolation qualifiers on per-vertex inputs and
//! outputs, layer and viewport outputs. Each compiles under DXC's flags that change their
//! signatures (`-fvk-invert-y`, `-pack-optimized`, `-fspv-reflect`,
//! `-fvk-stage-io-order=alpha`) and passes every `spirv-val` installed (`harness::compile`).
//! The forms that differed from DXC have their own tests in `tess2.rs`.

use crate::harness::compile;

const FLAGS: &[&[&str]] = &[
    &[],
    &["-fvk-invert-y"],
    &["-pack-optimized"],
    &["-fspv-reflect"],
    &["-fvk-stage-io-order=alpha"],
];

/// Compiles every probe of `probes` (name, source) for `profile` under each of [`FLAGS`].
fn compile_all(probes: &[(&str, &str)], profile: &str) {
    for (name, src) in probes {
        for flags in FLAGS {
            let m = compile(src, profile, flags);
            assert!(m.has("OpEntryPoint"), "{name} {flags:?}:\n{}", m.asm);
        }
    }
}

const HULL: &[(&str, &str)] = &[
    (
        "p01_hs",
        r#"
struct CP { float4 pos : POSITION; float3 n : NORMAL; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf(OutputPatch<CP, 3> op, uint pid : SV_PrimitiveID) { PC o; o.e[0]=op[0].pos.x; o.e[1]=op[1].pos.x; o.e[2]=pid; o.i=1; return o; }
[domain("tri")][partitioning("fractional_odd")][outputtopology("triangle_cw")][outputcontrolpoints(3)][patchconstantfunc("pcf")][maxtessfactor(64.0)]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#,
    ),
    (
        "p02_hs",
        r#"
struct CP { float3 pos : POSITION; float2 uv : TEXCOORD0; };
struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; float3 center : CENTER; };
PC pcf(InputPatch<CP, 4> ip) { PC o; [unroll] for (int k=0;k<4;k++) o.e[k]=4; o.i[0]=2; o.i[1]=3; o.center=(ip[0].pos+ip[2].pos)*0.5; return o; }
[domain("quad")][partitioning("integer")][outputtopology("triangle_ccw")][outputcontrolpoints(4)][patchconstantfunc("pcf")]
CP main(InputPatch<CP, 4> ip, uint id : SV_OutputControlPointID, uint pid : SV_PrimitiveID) { CP c = ip[id]; c.uv += pid; return c; }
"#,
    ),
    (
        "p03_hs",
        r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[2] : SV_TessFactor; };
PC pcf() { PC o; o.e[0]=1; o.e[1]=16; return o; }
[domain("isoline")][partitioning("integer")][outputtopology("line")][outputcontrolpoints(4)][patchconstantfunc("pcf")]
CP main(InputPatch<CP, 4> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#,
    ),
    (
        "p10_hs",
        r#"
struct CP { float4 pos : SV_Position; float2 clip : SV_ClipDistance0; float cull : SV_CullDistance0; float3 n : NORMAL; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf(InputPatch<CP, 3> ip) { PC o; o.e[0]=ip[0].clip.x; o.e[1]=ip[1].cull; o.e[2]=1; o.i=1; return o; }
[domain("tri")][partitioning("integer")][outputtopology("triangle_cw")][outputcontrolpoints(3)][patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#,
    ),
    (
        "p13_hs",
        r#"
struct Inner { float3 n : NORMAL; float2 uv[2] : TEXCOORD; };
struct CP { float4 pos : POSITION; Inner in1; Inner in2 : OTHER; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf(InputPatch<CP, 3> ip, OutputPatch<CP, 3> op) { PC o; o.e[0]=ip[0].in1.uv[1].x; o.e[1]=op[1].in2.n.y; o.e[2]=1; o.i=1; return o; }
[domain("tri")][partitioning("integer")][outputtopology("triangle_cw")][outputcontrolpoints(3)][patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#,
    ),
    (
        "p19_hs",
        r#"
struct VSOut { float3 pos : POS; };
struct CP { float3 pos : POS; float w : WEIGHT; };
struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
PC pcf(InputPatch<VSOut, 4> ip, OutputPatch<CP, 16> op) { PC o; for (int k=0;k<4;k++){o.e[k]=op[k*4].w;} o.i[0]=o.i[1]=ip[0].pos.z; return o; }
[domain("quad")][partitioning("fractional_even")][outputtopology("point")][outputcontrolpoints(16)][patchconstantfunc("pcf")]
CP main(InputPatch<VSOut, 4> ip, uint id : SV_OutputControlPointID, uint pid : SV_PrimitiveID) { CP c; c.pos = ip[id % 4].pos; c.w = id + pid; return c; }
"#,
    ),
    (
        "p23_hs",
        r#"
struct Bone { float4 w : WEIGHTS; uint4 idx : INDICES; };
struct CP { float4 pos : POSITION; Bone bones[2]; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf() { PC o = (PC)1; return o; }
[domain("tri")][partitioning("integer")][outputtopology("triangle_cw")][outputcontrolpoints(3)][patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID, uint pid : SV_PrimitiveID) { CP c = ip[id]; c.bones[1].idx.x += pid; return c; }
"#,
    ),
    (
        "p25_hs",
        r#"
struct CP { float3 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float3 b[3] : BEZIER; float3x3 m : MAT; };
PC pcf(InputPatch<CP, 3> ip) { PC o; o.e[0]=o.e[1]=o.e[2]=2; o.i=2; for(int k=0;k<3;k++) o.b[k]=ip[k].pos; o.m = float3x3(ip[0].pos, ip[1].pos, ip[2].pos); return o; }
[domain("tri")][partitioning("integer")][outputtopology("triangle_cw")][outputcontrolpoints(3)][patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#,
    ),
    (
        "p28_hs",
        r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf(uint vid : SV_ViewID) { PC o = (PC)vid; return o; }
[domain("tri")][partitioning("integer")][outputtopology("triangle_cw")][outputcontrolpoints(3)][patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID, uint vid : SV_ViewID) { CP c = ip[id]; c.pos.x += vid; return c; }
"#,
    ),
    (
        "p30_hs",
        r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
PC pcf(InputPatch<CP, 4> ip, uint pid : SV_PrimitiveID) { PC o; o.e[0]=o.e[1]=o.e[2]=o.e[3]=ip[0].pos.w; o.i[0]=o.i[1]=pid; return o; }
[domain("quad")][partitioning("fractional_odd")][outputtopology("triangle_cw")][outputcontrolpoints(4)][patchconstantfunc("pcf")]
CP main(InputPatch<CP, 4> ip, uint id : SV_OutputControlPointID, uint pid : SV_PrimitiveID) { CP c = ip[id]; c.pos.y = pid; return c; }
"#,
    ),
    (
        "p32_hs",
        r#"
struct CP { float4 pos : POSITION; float4 col : COLOR; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float4 col : PATCHCOLOR; };
PC pcf(uint pid : SV_PrimitiveID, const OutputPatch<CP, 3> op, const InputPatch<CP, 3> ip) { PC o; o.e[0]=o.e[1]=o.e[2]=o.i=1; o.col = op[0].col + ip[2].col + pid; return o; }
[domain("tri")][partitioning("integer")][outputtopology("triangle_cw")][outputcontrolpoints(3)][patchconstantfunc("pcf")]
CP main(const InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#,
    ),
    (
        "p33_hs",
        r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
[domain("quad")][partitioning("integer")][outputtopology("triangle_cw")][outputcontrolpoints(4)][patchconstantfunc("pcf")]
CP main(InputPatch<CP, 1> ip, uint id : SV_OutputControlPointID) { CP c; c.pos = ip[0].pos + id; return c; }
PC pcf(InputPatch<CP, 1> ip) { PC o = (PC)ip[0].pos.x; return o; }
"#,
    ),
    (
        "p36_hs",
        r#"
struct CP { float4 pos : POSITION; };
struct Extra { float3 n : NORMAL; float4 t : TANGENT; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; Extra ex; float w[2] : WEIGHTS; };
PC pcf(InputPatch<CP, 3> ip) { PC o = (PC)0; o.ex.n = ip[0].pos.xyz; o.w[1] = 2; o.e[0]=o.e[1]=o.e[2]=o.i=3; return o; }
[domain("tri")][partitioning("integer")][outputtopology("triangle_cw")][outputcontrolpoints(3)][patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#,
    ),
    (
        "p39_hs",
        r#"
struct VSOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; float3 n : NORMAL; };
struct Uv { float2 uv : TEXCOORD0; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf(InputPatch<Uv, 3> ip, uint pid : SV_PrimitiveID) { PC o; o.e[0]=ip[0].uv.x; o.e[1]=ip[1].uv.y; o.e[2]=ip[2].uv.x; o.i = pid; return o; }
[domain("tri")][partitioning("integer")][outputtopology("triangle_cw")][outputcontrolpoints(3)][patchconstantfunc("pcf")]
VSOut main(InputPatch<VSOut, 3> ip, uint id : SV_OutputControlPointID, uint pid : SV_PrimitiveID) { VSOut o = ip[id]; o.uv += pid; return o; }
"#,
    ),
    (
        "p41_hs",
        r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i[1] : SV_InsideTessFactor; };
PC pcf(InputPatch<CP, 3> ip) { PC o; o.e[0]=o.e[1]=o.e[2]=2; o.i[0]=5; return o; }
[domain("tri")][partitioning("integer")][outputtopology("triangle_cw")][outputcontrolpoints(3)][patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#,
    ),
];

#[test]
fn hull_shader_signatures_compile_and_validate() {
    compile_all(HULL, "hs_6_1");
}

const DOMAIN: &[(&str, &str)] = &[
    (
        "p04_ds",
        r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[2] : SV_TessFactor; };
struct DSOut { float4 pos : SV_Position; float t : T; };
[domain("isoline")]
DSOut main(PC pc, float2 uv : SV_DomainLocation, const OutputPatch<CP, 4> p) { DSOut o; o.pos = lerp(p[0].pos, p[3].pos, uv.x) + pc.e[1]; o.t = uv.y; return o; }
"#,
    ),
    (
        "p05_ds",
        r#"
struct CP { float3 pos : POSITION; float2 uv : TEXCOORD0; };
struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; float3 center : CENTER; };
struct DSOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; nointerpolation uint pid : PID; };
[domain("quad")]
DSOut main(PC pc, float2 uv : SV_DomainLocation, const OutputPatch<CP, 4> p, uint pid : SV_PrimitiveID) {
  DSOut o; float3 a = lerp(p[0].pos, p[1].pos, uv.x); float3 b = lerp(p[3].pos, p[2].pos, uv.x);
  o.pos = float4(lerp(a, b, uv.y) + pc.center * pc.e[2] * pc.i[1], 1); o.uv = uv; o.pid = pid; return o; }
"#,
    ),
    (
        "p06_ds",
        r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
[domain("tri")]
float4 main(PC pc, float3 b : SV_DomainLocation, const OutputPatch<CP, 3> p) : SV_Position { return p[0].pos*b.x + p[1].pos*b.y + p[2].pos*b.z + pc.i; }
"#,
    ),
    (
        "p11_ds",
        r#"
struct CP { float4 pos : SV_Position; float2 clip : SV_ClipDistance0; float cull : SV_CullDistance0; float3 n : NORMAL; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
struct DSOut { float4 pos : SV_Position; float clip0 : SV_ClipDistance0; float2 clip1 : SV_ClipDistance1; float cull : SV_CullDistance; float3 n : NORMAL; };
[domain("tri")]
DSOut main(PC pc, float3 b : SV_DomainLocation, const OutputPatch<CP, 3> p) { DSOut o; o.pos = p[0].pos*b.x+p[1].pos*b.y+p[2].pos*b.z; o.clip0 = p[0].clip.x; o.clip1 = p[1].clip; o.cull = p[2].cull; o.n = p[0].n; return o; }
"#,
    ),
    (
        "p14_ds",
        r#"
struct Inner { float3 n : NORMAL; float2 uv[2] : TEXCOORD; };
struct CP { float4 pos : POSITION; Inner in1; Inner in2 : OTHER; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
struct DSOut { float4 pos : SV_Position; Inner inner; };
[domain("tri")]
DSOut main(PC pc, float3 b : SV_DomainLocation, const OutputPatch<CP, 3> p) { DSOut o; o.pos = p[0].pos*b.x+p[1].pos*b.y+p[2].pos*b.z; o.inner = p[1].in2; o.inner.uv[0] += p[2].in1.uv[1]; return o; }
"#,
    ),
    (
        "p20_ds",
        r#"
struct CP { float3 pos : POS; float w : WEIGHT; };
struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
struct O { float4 pos : SV_Position; nointerpolation float w : WEIGHT; sample float3 p : P; };
[domain("quad")]
O main(PC pc, float2 uv : SV_DomainLocation, const OutputPatch<CP, 16> p, uint pid : SV_PrimitiveID) { O o; float3 s = 0; for (int k=0;k<16;k++) s += p[k].pos * p[k].w; o.pos = float4(s*uv.x, 1); o.w = pc.i[0] + pid; o.p = s; return o; }
"#,
    ),
    (
        "p21_ds",
        r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
[domain("tri")]
void main(PC pc, float3 b : SV_DomainLocation, const OutputPatch<CP, 3> p, out float4 pos : SV_Position, out float2 uv : TEXCOORD0, out float clip : SV_ClipDistance0) { pos = p[0].pos*b.x + p[1].pos*b.y + p[2].pos*b.z; uv = b.xy; clip = b.z; }
"#,
    ),
    (
        "p26_ds",
        r#"
struct CP { float3 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float3 b[3] : BEZIER; float3x3 m : MAT; };
[domain("tri")]
float4 main(PC pc, float3 bc : SV_DomainLocation, const OutputPatch<CP, 3> p) : SV_Position { return float4(mul(bc, pc.m) + pc.b[1] + p[0].pos, 1); }
"#,
    ),
    (
        "p35_ds",
        r#"
struct CP { float4 pos : POSITION; };
struct Extra { float3 n : NORMAL; float4 t : TANGENT; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; Extra ex; float w[2] : WEIGHTS; };
struct O { float4 pos : SV_Position; float3 n : NORMAL; };
[domain("tri")]
O main(PC pc, float3 b : SV_DomainLocation, const OutputPatch<CP, 3> p) { O o; o.pos = p[0].pos*b.x + p[1].pos*b.y + p[2].pos*b.z + pc.w[1]; o.n = pc.ex.n + pc.ex.t.xyz; return o; }
"#,
    ),
    (
        "p38_ds",
        r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[2] : SV_TessFactor; };
[domain("isoline")]
void main(PC pc, float2 uv : SV_DomainLocation, const OutputPatch<CP, 2> p, uint pid : SV_PrimitiveID, out float4 pos : SV_Position, out uint line : LINE, out float cull[1] : SV_CullDistance) { pos = lerp(p[0].pos, p[1].pos, uv.x); line = pid; cull[0] = uv.y; }
"#,
    ),
    (
        "p42_ds",
        r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i[1] : SV_InsideTessFactor; };
[domain("tri")]
float4 main(PC pc, float3 b : SV_DomainLocation, const OutputPatch<CP, 3> p) : SV_Position { return p[0].pos*b.x + p[1].pos*b.y + p[2].pos*b.z + pc.i[0] + pc.e[2]; }
"#,
    ),
];

#[test]
fn domain_shader_signatures_compile_and_validate() {
    compile_all(DOMAIN, "ds_6_1");
}

const GEOMETRY: &[(&str, &str)] = &[
    (
        "p07_gs",
        r#"
struct V { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
struct O { float4 pos : SV_Position; float2 uv : TEXCOORD0; uint layer : SV_RenderTargetArrayIndex; uint vp : SV_ViewportArrayIndex; };
[instance(4)][maxvertexcount(3)]
void main(triangle V v[3], uint inst : SV_GSInstanceID, uint pid : SV_PrimitiveID, inout TriangleStream<O> s) {
  [unroll] for (int i=0;i<3;i++) { O o; o.pos=v[i].pos; o.uv=v[i].uv; o.layer=inst; o.vp=pid%2; s.Append(o);} s.RestartStrip(); }
"#,
    ),
    (
        "p08_gs",
        r#"
struct A { float4 pos : SV_Position; float c : COLOR; };
struct B { float4 p : POSITION1; uint id : ID; };
[maxvertexcount(2)]
void main(point float4 v[1] : POSITION, uint pid : SV_PrimitiveID, inout PointStream<A> s0, inout PointStream<B> s1) {
  A a; a.pos = v[0]; a.c = 1; s0.Append(a); B b; b.p = v[0]; b.id = pid; s1.Append(b); }
"#,
    ),
    (
        "p09_gs",
        r#"
struct V { float4 pos : SV_Position; nointerpolation uint id : ID; sample float2 uv : UV; centroid float3 n : N; noperspective float d : D; };
[maxvertexcount(3)]
void main(triangle V v[3], inout TriangleStream<V> s) { for (uint i=0;i<3;i++) s.Append(v[i]); }
"#,
    ),
    (
        "p12_gs",
        r#"
struct V { float4 pos : SV_Position; float clip[2] : SV_ClipDistance; float cull : SV_CullDistance0; };
struct O { float4 pos : SV_Position; float2 clip : SV_ClipDistance; float cull : SV_CullDistance0; };
[maxvertexcount(3)]
void main(triangle V v[3], inout TriangleStream<O> s) { for (uint i=0;i<3;i++) { O o; o.pos=v[i].pos; o.clip=float2(v[i].clip[0], v[i].clip[1]); o.cull=v[i].cull; s.Append(o);} }
"#,
    ),
    (
        "p15_gs",
        r#"
struct V { float4 pos : SV_Position; float w : W; };
[maxvertexcount(2)]
void main(lineadj V v[4], inout LineStream<V> s) { s.Append(v[1]); s.Append(v[2]); s.RestartStrip(); }
"#,
    ),
    (
        "p16_gs",
        r#"
struct V { float4 pos : SV_Position; };
[maxvertexcount(3)]
void main(triangleadj V v[6], inout TriangleStream<V> s) { s.Append(v[0]); s.Append(v[2]); s.Append(v[4]); }
"#,
    ),
    (
        "p17_gs",
        r#"
struct N { float3 c : COLOR; float s : SIZE; };
struct O { float4 pos : SV_Position; N n; };
[maxvertexcount(2)]
void main(point float4 p[1] : SV_Position, point float3 c[1] : COLOR, inout LineStream<O> s) { O o; o.pos=p[0]; o.n.c=c[0]; o.n.s=1; s.Append(o); o.pos.x+=1; s.Append(o); }
"#,
    ),
    (
        "p22_gs",
        r#"
struct V { float4 pos : SV_Position; };
struct O { float4 pos : SV_Position; uint pid : SV_PrimitiveID; };
[maxvertexcount(3)]
void main(triangle V v[3], uint pid : SV_PrimitiveID, inout TriangleStream<O> s) { for (uint i=0;i<3;i++){ O o; o.pos=v[i].pos; o.pid=pid*2; s.Append(o);} }
"#,
    ),
    (
        "p27_gs",
        r#"
struct V { float4 pos : SV_Position; float2x2 m : M; float a[2] : A; };
struct O { float4 pos : SV_Position; float2 v : V; };
[maxvertexcount(3)]
void main(triangle V v[3], inout TriangleStream<O> s) { for (uint i=0;i<3;i++) { O o; o.pos=v[i].pos; o.v = mul(v[i].m, float2(v[i].a[0], v[i].a[1])); s.Append(o);} }
"#,
    ),
    (
        "p29_gs",
        r#"
struct V { float4 pos : SV_Position; float clip : SV_ClipDistance0; float size : PSIZE; };
struct O { float4 pos : SV_Position; float2 uv : TEXCOORD; float clip : SV_ClipDistance0; };
[maxvertexcount(4)]
void main(point V v[1], inout TriangleStream<O> s) { const float2 c[4] = {float2(-1,-1),float2(1,-1),float2(-1,1),float2(1,1)}; for (int i=0;i<4;i++){ O o; o.pos = v[0].pos + float4(c[i]*v[0].size,0,0); o.uv=c[i]; o.clip=v[0].clip; s.Append(o);} }
"#,
    ),
    (
        "p31_gs",
        r#"
struct V { float4 pos : SV_Position; float3 n : NORMAL; };
struct O { float4 pos : SV_Position; sample float3 n : NORMAL; nointerpolation uint face : FACE; };
[maxvertexcount(6)]
void main(triangle V v[3], uint pid : SV_PrimitiveID, inout TriangleStream<O> s) { for (uint f=0;f<2;f++){ for (uint i=0;i<3;i++){ O o; o.pos=v[i].pos; o.n=v[i].n; o.face=f; s.Append(o);} s.RestartStrip(); } }
"#,
    ),
    (
        "p34_gs",
        r#"
struct Pos { float4 p : SV_Position; };
struct O { Pos pos; float2 clip[2] : SV_ClipDistance; };
[instance(32)][maxvertexcount(1)]
void main(point float4 v[1] : POSITION, uint inst : SV_GSInstanceID, inout PointStream<O> s) { O o; o.pos.p = v[0] + inst; o.clip[0] = 1; o.clip[1] = -1; s.Append(o); }
"#,
    ),
    (
        "p37_gs",
        r#"
struct V { float4 pos : SV_Position; float3 wpos : WPOS; };
struct O { float4 pos : SV_Position; float3 n : NORMAL; uint pid : SV_PrimitiveID; uint layer : SV_RenderTargetArrayIndex; };
void emit(inout TriangleStream<O> s, V v, float3 n, uint pid) { O o; o.pos = v.pos; o.n = n; o.pid = pid; o.layer = pid % 6; s.Append(o); }
[maxvertexcount(3)]
void main(triangle V v[3], uint pid : SV_PrimitiveID, inout TriangleStream<O> s) { float3 n = normalize(cross(v[1].wpos - v[0].wpos, v[2].wpos - v[0].wpos)); for (uint i = 0; i < 3; i++) emit(s, v[i], n, pid); }
"#,
    ),
    (
        "p40_gs",
        r#"
struct V { float4 pos : SV_Position; float4 c : COLOR; };
[maxvertexcount(4)]
void main(line V v[2], inout TriangleStream<V> s) { V a = v[0]; s.Append(a); a.pos.y += 1; s.Append(a); V b = v[1]; s.Append(b); b.pos.y += 1; s.Append(b); }
"#,
    ),
];

#[test]
fn geometry_shader_signatures_compile_and_validate() {
    compile_all(GEOMETRY, "gs_6_1");
}
