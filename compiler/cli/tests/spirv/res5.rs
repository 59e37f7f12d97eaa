//! The last "not supported yet" forms of issue #4 item 4 in lowering (task res5), through
//! `hlslc -spirv` and every `spirv-val` installed: a mesh-shader helper given the entry's
//! output arrays on one call and local arrays on another, `static` locals holding resources
//! given different resources on different calls, struct `static` locals initialized by a
//! call or a copy, and attribute evaluations whose index has side effects.

use crate::harness::{compile, refuse};

/// The function defined as `name`'s `OpFunction` up to its `OpFunctionEnd`.
fn function_body<'a>(asm: &'a str, name: &str) -> &'a str {
    let start = asm
        .find(&format!("{name} = OpFunction "))
        .unwrap_or_else(|| panic!("no function {name}:\n{asm}"));
    let end = asm[start..].find("OpFunctionEnd").expect("function end");
    &asm[start..start + end]
}

/// `emit` is called with locals first and the entry's arrays second, `tri` the other way
/// round: each call picks its own copy, the one given the entry's arrays writing the output
/// variables and the other writing through its pointer parameters.
#[test]
fn mesh_helper_given_outputs_and_local_arrays() {
    let m = compile(
        "struct V { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
void emit(out vertices V vs[3], out indices uint3 ts[1], float k) {
    vs[0].pos = float4(k, 0, 0, 1);
    vs[1].pos = float4(0, k, 0, 1);
    vs[2].pos = float4(0, 0, k, 1);
    vs[0].uv = k;
    vs[1].uv = 0;
    vs[2].uv = 1;
    ts[0] = uint3(0, 1, 2);
}
void tri(out indices uint3 ts[1], uint first) { ts[0] = uint3(first, first + 1, first + 2); }
[outputtopology(\"triangle\")]
[numthreads(1, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1]) {
    SetMeshOutputCounts(3, 1);
    V local[3];
    uint3 localTris[1];
    emit(local, localTris, 2.0);
    emit(verts, tris, local[1].pos.y);
    tri(tris, 0);
    tri(localTris, localTris[0].y);
}
",
        "ms_6_5",
        &["-fspv-target-env=vulkan1.3"],
    );
    // Two copies of each helper: one with pointer parameters, one without, which writes
    // the output variables.
    m.assert_has(&[
        "%vs = OpFunctionParameter %_ptr_Function__arr_V_uint_3",
        "%ts_0 = OpFunctionParameter %_ptr_Function__arr_v3uint_uint_1",
        "%emit_1 = OpFunction %void None %fn_void_float",
        "%tri = OpFunction %void None %fn_void_uint",
    ]);
    let outputs = function_body(&m.asm, "%emit_1");
    assert!(outputs.contains("%out_SV_Position"), "{}", m.asm);
    assert!(outputs.contains("%out_indices"), "{}", m.asm);
    assert!(
        function_body(&m.asm, "%tri").contains("%out_indices"),
        "{}",
        m.asm
    );
    assert!(
        !function_body(&m.asm, "%tri_1").contains("%out_indices"),
        "{}",
        m.asm
    );
}

/// `h(a)` and `h(b)` give the `static` texture (and the struct's member) their resources
/// before reading them: each copy of `h` samples its own texture; the counter in the struct
/// is one private variable.
#[test]
fn static_resource_locals_given_different_resources_per_call() {
    let m = compile(
        "Texture2D a : register(t0);
Texture2D b : register(t1);
SamplerState sm : register(s0);
struct S { Texture2D t; float k; };
float4 h(Texture2D x, float k) {
    static Texture2D t;
    static S s;
    t = x;
    s.t = t;
    s.k += k;
    return t.Sample(sm, float2(0.5, 0.5)) + s.t.Sample(sm, float2(0.25, 0.25)) * s.k;
}
float4 main() : SV_Target { return h(a, 1) + h(b, 2); }
",
        "ps_6_0",
        &[],
    );
    assert!(
        function_body(&m.asm, "%h").contains("OpLoad %type_image %a"),
        "{}",
        m.asm
    );
    assert!(
        function_body(&m.asm, "%h_1").contains("OpLoad %type_image %b"),
        "{}",
        m.asm
    );
    assert_eq!(
        m.asm.matches("OpVariable %_ptr_Private_S Private").count(),
        1,
        "{}",
        m.asm
    );
}

/// Reading the `static` texture before this call assigns it reads the one an earlier call
/// left (`static_flow`, res7); on the first call there is none, DXC's legalization failure
/// (E3020) at the read.
#[test]
fn static_resource_local_read_before_assigned_is_refused() {
    refuse(
        "Texture2D a : register(t0);
Texture2D b : register(t1);
SamplerState sm : register(s0);
float4 h(Texture2D x) {
    static Texture2D t;
    float4 r = t.Sample(sm, float2(0.5, 0.5));
    t = x;
    return r;
}
float4 main() : SV_Target { return h(a) + h(b); }
",
        "ps_6_0",
        &[],
        1,
        "error[E3020]: this resource is used before one is assigned to it",
    );
}

/// `static S s = makeS();` and `static S s2 = other;` in a function called twice: the
/// initializers run on the first call (a flag each), their textures are `a` and `b` in
/// both copies.
#[test]
fn struct_static_locals_initialized_by_a_call_and_a_copy() {
    let m = compile(
        "Texture2D a : register(t0);
Texture2D b : register(t1);
SamplerState sm : register(s0);
struct S { Texture2D t; float k; };
S makeS(float k) { S r; r.t = a; r.k = k; return r; }
float4 h(Texture2D x) {
    S other;
    other.t = b;
    other.k = 3;
    static S s = makeS(2);
    static S s2 = other;
    s.k += 1;
    return s.t.Sample(sm, float2(0.5, 0.5)) * s.k + s2.t.Sample(sm, float2(0.25, 0.25)) * s2.k
        + x.Sample(sm, float2(0, 0));
}
float4 main() : SV_Target { return h(a) + h(b); }
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpName %init_h_s \"init.h.s\"",
        "OpName %init_h_s2 \"init.h.s2\"",
    ]);
    for f in ["%h", "%h_1"] {
        let body = function_body(&m.asm, f);
        assert!(body.contains("OpLoad %type_image %a"), "{}", m.asm);
        assert!(body.contains("OpLoad %type_image %b"), "{}", m.asm);
    }
}

/// The index of an attribute evaluation with side effects (`i++`, a call with an `inout`
/// argument, `--i`) runs them once, before the evaluation reads the input's element.
#[test]
fn attribute_evaluations_at_indices_with_side_effects() {
    let m = compile(
        "struct In { float4 c[3] : COLOR; };
int bump(inout int i) { i += 1; return i; }
float4 main(In input, uint s : SV_SampleIndex) : SV_Target {
    int i = 0;
    float4 a = EvaluateAttributeAtSample(input.c[i++], s);
    float4 b = EvaluateAttributeSnapped(input.c[bump(i)], int2(1, 0));
    float c = EvaluateAttributeCentroid(input.c[--i].z);
    return a + b + c + (float)i;
}
",
        "ps_6_0",
        &[],
    );
    let main = function_body(&m.asm, "%main_body");
    assert_eq!(main.matches("InterpolateAtSample").count(), 1, "{}", m.asm);
    assert_eq!(main.matches("InterpolateAtOffset").count(), 1, "{}", m.asm);
    assert_eq!(
        main.matches("InterpolateAtCentroid").count(),
        1,
        "{}",
        m.asm
    );
    assert_eq!(
        main.matches("OpFunctionCall %int %bump").count(),
        1,
        "{}",
        m.asm
    );
}

/// `t[p][c] = x` with `c` known only at run time: the texel is read, its component replaced
/// with `OpVectorInsertDynamic` and the whole texel written back.
#[test]
fn storage_texel_component_at_a_run_time_index() {
    let m = compile(
        "RWTexture2D<float4> t : register(u0);
[numthreads(8, 8, 1)]
void main(uint2 p : SV_DispatchThreadID) {
    for (uint c = 0; c < p.y % 4; c++) t[p][c] = c * 0.25;
    t[p][p.x % 4] += 1;
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpVectorInsertDynamic %v4float",
        "OpVectorExtractDynamic %float",
    ]);
    assert_eq!(m.asm.matches("OpImageWrite").count(), 2, "{}", m.asm);
}

/// `static T chosen = Bufs[k + 1];` with `k` from a constant buffer: the index is computed
/// once by `init_globals` into a private `int`, each use indexes the array with it; a
/// resource local passed to a function and used again keeps its access chain (the
/// verifier refused the dangling chain before).
#[test]
fn static_resource_initialized_at_a_run_time_index() {
    let m = compile(
        "StructuredBuffer<uint> Bufs[3] : register(t0);
RWStructuredBuffer<uint> Out : register(u3);
cbuffer C : register(b4) { uint k; };
static StructuredBuffer<uint> chosen = Bufs[k + 1];
uint first(StructuredBuffer<uint> b) { return b[0]; }
uint second() { return chosen[1]; }
[numthreads(1, 1, 1)]
void main() {
    StructuredBuffer<uint> local = Bufs[k];
    Out[0] = first(chosen) + second() * 10 + chosen[0] * 100;
    Out[1] = first(local) + local[1] * 10;
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpName %chosen_index \"chosen.index\"",
        "%init_globals = OpFunction",
    ]);
    let init = function_body(&m.asm, "%init_globals");
    assert!(init.contains("OpStore %chosen_index"), "{}", m.asm);
}

/// A helper's plain `out` array parameter (no `vertices` qualifier) given the entry's output
/// array writes the output variables straight, as a `vertices` one does; given a local
/// array, it is an ordinary pointer.
#[test]
fn mesh_output_array_to_a_plain_out_parameter() {
    let m = compile(
        "struct V { float4 pos : SV_Position; };
void fill(out V vs[3], float k) {
    vs[0].pos = float4(k, 0, 0, 1);
    vs[1].pos = float4(0, k, 0, 1);
    vs[2].pos = float4(0, 0, k, 1);
}
[outputtopology(\"triangle\")]
[numthreads(1, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1]) {
    SetMeshOutputCounts(3, 1);
    V local[3];
    fill(local, 2.0);
    fill(verts, local[1].pos.y);
    tris[0] = uint3(0, 1, 2);
}
",
        "ms_6_5",
        &["-fspv-target-env=vulkan1.3"],
    );
    m.assert_has(&["%vs = OpFunctionParameter %_ptr_Function__arr_V_uint_3"]);
    assert!(
        function_body(&m.asm, "%fill_1").contains("%out_SV_Position"),
        "{}",
        m.asm
    );
}
