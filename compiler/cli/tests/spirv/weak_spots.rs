//! Weak spots of lowering and layout that real shaders hit, through `hlslc -spirv`: `precise`
//! on parameters and `static` globals, the interpolation decorations of built-in stage
//! variables, bases with data under multiple inheritance, and `[[vk::offset]]` checks on the
//! structs behind buffer pointers. Every module passes every `spirv-val` installed.

use crate::attr2::{no_contraction, results_of};
use crate::harness::{compile, refuse};

#[test]
fn precise_parameters_and_static_globals_mark_what_is_stored_into_them() {
    // DXC's precise function parameters and module variables: `x = x * y + y` stores into the
    // precise `x`, `o = y * y + 1` into the precise `out` parameter, `acc = a * b + a` into the
    // precise static; `scale`'s returned `x + y * y` and `u` feed nothing precise.
    let m = compile(
        "RWStructuredBuffer<float> buf;
static precise float acc;
float scale(precise float x, float y) { x = x * y + y; return x + y * y; }
void put(precise out float o, float y) { o = y * y + 1; }
[numthreads(1, 1, 1)]
void main() {
  float a = buf[0], b = buf[1];
  acc = a * b + a;
  float u = a * a + b;
  float o;
  put(o, b);
  buf[2] = scale(a, b) + acc + u + o;
}
",
        "cs_6_0",
        &[],
    );
    let muls = results_of(&m.asm, "OpFMul");
    let adds = results_of(&m.asm, "OpFAdd");
    // Module order: main's two products and five sums, then put's, then scale's.
    assert_eq!(muls.len(), 5, "{}", m.asm);
    assert_eq!(adds.len(), 8, "{}", m.asm);
    let mut expected = vec![
        muls[0].clone(),
        adds[0].clone(),
        muls[2].clone(),
        adds[5].clone(),
        muls[3].clone(),
        adds[6].clone(),
    ];
    expected.sort();
    let mut marked = no_contraction(&m.asm);
    marked.sort();
    assert_eq!(marked, expected, "{}", m.asm);
}

#[test]
fn a_precise_statics_initializer_is_precise() {
    // The initializers run in `init_globals`: `k`'s product and sum are precise, `j`'s not.
    let m = compile(
        "RWStructuredBuffer<float> buf;
static precise float k = buf[0] * buf[1] + buf[2];
static float j = buf[0] * buf[1] + buf[2];
[numthreads(1, 1, 1)]
void main() { buf[3] = k + j; }
",
        "cs_6_0",
        &[],
    );
    let muls = results_of(&m.asm, "OpFMul");
    let adds = results_of(&m.asm, "OpFAdd");
    // Module order: main's sum, then init_globals' two products and sums.
    assert_eq!((muls.len(), adds.len()), (2, 3), "{}", m.asm);
    let mut expected = vec![muls[0].clone(), adds[1].clone()];
    expected.sort();
    let mut marked = no_contraction(&m.asm);
    marked.sort();
    assert_eq!(marked, expected, "{}", m.asm);
}

/// The decorations `OpDecorate <var> <word>` gives the variable named `name`.
fn decorations(m: &crate::harness::Module, name: &str) -> Vec<String> {
    let id = m.id(name);
    let prefix = format!("OpDecorate {id} ");
    let mut out: Vec<String> = (m.asm.lines())
        .filter_map(|l| l.strip_prefix(&prefix))
        .filter(|d| !d.starts_with("BuiltIn") && !d.starts_with("Location"))
        .map(str::to_owned)
        .collect();
    out.sort();
    out
}

#[test]
fn pixel_built_in_inputs_are_decorated_as_dxc_decorates_every_pixel_input() {
    // DXC's rule for every pixel input but the barycentrics: integer or bool is `Flat`
    // (`FrontFacing` too), a float takes the modes written (`FragCoord` `Centroid` and
    // `NoPerspective`); `noperspective` picks the barycentrics' built-in and `sample` stays.
    let m = compile(
        "struct In {
  centroid noperspective float4 pos : SV_Position;
  uint si : SV_SampleIndex;
  uint pid : SV_PrimitiveID;
  uint layer : SV_RenderTargetArrayIndex;
  uint vp : SV_ViewportArrayIndex;
  bool ff : SV_IsFrontFace;
  noperspective sample float3 bary : SV_Barycentrics;
};
float4 main(In i) : SV_Target {
  return i.pos + i.si + i.pid + i.layer + i.vp + (i.ff ? 1 : 0) + i.bary.x;
}
",
        "ps_6_1",
        &["-fspv-target-env=vulkan1.3"],
    );
    let flat = vec!["Flat".to_owned()];
    for name in [
        "in.SV_SampleIndex",
        "in.SV_PrimitiveID",
        "in.SV_RenderTargetArrayIndex",
        "in.SV_ViewportArrayIndex",
        "in.SV_IsFrontFace",
    ] {
        assert_eq!(decorations(&m, name), flat, "{name}\n{}", m.asm);
    }
    assert_eq!(
        decorations(&m, "in.SV_Position"),
        ["Centroid", "NoPerspective"],
        "{}",
        m.asm
    );
    assert_eq!(
        decorations(&m, "in.SV_Barycentrics"),
        ["Sample"],
        "{}",
        m.asm
    );
    m.assert_has(&["BuiltIn BaryCoordNoPerspKHR"]);
}

#[test]
fn vertex_built_in_outputs_are_decorated_as_dxc_decorates_every_vertex_output() {
    // Newer DXC decorates vertex outputs as pixel inputs: the integer `Layer` and
    // `ViewportIndex` are `Flat`, the position keeps its `noperspective`.
    let m = compile(
        "struct O {
  noperspective float4 pos : SV_Position;
  uint layer : SV_RenderTargetArrayIndex;
  nointerpolation uint vp : SV_ViewportArrayIndex;
};
O main(uint id : SV_VertexID) { O o; o.pos = id; o.layer = id; o.vp = id; return o; }
",
        "vs_6_1",
        &["-fspv-target-env=vulkan1.2"],
    );
    assert_eq!(
        decorations(&m, "out.SV_Position"),
        ["NoPerspective"],
        "{}",
        m.asm
    );
    assert_eq!(
        decorations(&m, "out.SV_RenderTargetArrayIndex"),
        ["Flat"],
        "{}",
        m.asm
    );
    assert_eq!(
        decorations(&m, "out.SV_ViewportArrayIndex"),
        ["Flat"],
        "{}",
        m.asm
    );
}

#[test]
fn an_integer_parameter_with_an_interpolation_mode_is_refused_like_a_field() {
    // DXC checks every pixel input declaration, parameters and system values included.
    refuse(
        "float4 main(linear uint pid : SV_PrimitiveID) : SV_Target { return pid; }\n",
        "ps_6_0",
        &[],
        1,
        "error[E2031]: only nointerpolation mode allowed for integer input parameters in pixel \
         shader: parameter `pid` of type `uint` is `linear`",
    );
    compile(
        "float4 main(nointerpolation uint pid : SV_PrimitiveID, linear float4 c : C) : SV_Target { return pid + c; }\n",
        "ps_6_0",
        &[],
    );
}

#[test]
fn each_base_of_a_struct_with_two_bases_is_a_member_of_its_own() {
    // DXC declares each base as a member of its own (its struct lowering and alignment
    // calculator walk every base): under std140 `A` takes a 16-byte row, so `B` starts at 16
    // and `c` after `B`'s row, at 32 (one merged base would put `b` at 8 and `c` at 16).
    let m = compile(
        "struct A { float a; };
struct B { float2 b; };
struct C : A, B { float c; };
cbuffer CB { C cb; };
RWStructuredBuffer<float4> o;
[numthreads(1, 1, 1)]
void main() { o[0] = float4(cb.a, cb.b, cb.c); }
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.offsets("C"), [0, 16, 32], "{}", m.asm);
}

#[test]
fn a_vk_offset_behind_a_buffer_pointer_follows_the_pointer_layout() {
    // The pointee is laid out under relaxed std430: a `float4` at byte 4 fails validation
    // (an improperly straddling vector), so it is E3160 at the member `b` (line 1, column
    // 46), as in a buffer.
    let shader = "struct S { float a; [[vk::offset(4)]] float4 b; };
struct Push { vk::BufferPointer<S> p; };
[[vk::push_constant]] Push pc;
RWStructuredBuffer<float4> o;
[numthreads(1, 1, 1)]
void main() { o[0] = pc.p.Get().b; }
";
    refuse(
        shader,
        "cs_6_0",
        &["-fspv-target-env=vulkan1.3"],
        1,
        "error[E3160]: `[[vk::offset(4)]]` places `S.b` (float4) where the relaxed_std430 \
         layout does not allow it to start (the next offset it allows is 16)",
    );
    refuse(
        shader,
        "cs_6_0",
        &["-fspv-target-env=vulkan1.3"],
        1,
        ".hlsl:1:46",
    );
    // The scalar rules allow it.
    let m = compile(
        shader,
        "cs_6_0",
        &["-fspv-target-env=vulkan1.3", "-fvk-use-scalar-layout"],
    );
    assert_eq!(m.offsets("S"), [0, 4], "{}", m.asm);
}

#[test]
fn a_vk_builtin_stage_variable_is_decorated_as_its_kind_of_value() {
    // DXC decorates `[[vk::builtin]]` pixel inputs and vertex outputs like any other: the
    // bool `HelperInvocation` is `Flat`, the float `PointSize` keeps its `noperspective`.
    let ps = compile(
        "float4 main([[vk::builtin(\"HelperInvocation\")]] bool h : HI, float4 c : C) : SV_Target { return h ? c : 0; }\n",
        "ps_6_0",
        &[],
    );
    assert_eq!(decorations(&ps, "in.HI"), ["Flat"], "{}", ps.asm);
    let vs = compile(
        "struct O { float4 pos : SV_Position; [[vk::builtin(\"PointSize\")]] noperspective float ps : PSIZE; };
O main() { O o; o.pos = 1; o.ps = 1; return o; }
",
        "vs_6_0",
        &[],
    );
    assert_eq!(
        decorations(&vs, "out.PSIZE"),
        ["NoPerspective"],
        "{}",
        vs.asm
    );
}

#[test]
fn a_backend_error_about_a_global_points_at_its_declaration() {
    // SPIR-V images hold no 16-bit float texels: the backend's refusal is at `T` (line 1,
    // column 19), not at the top of the file as when globals carried no location. (Its first
    // example, `Texture2D<bool>`, is an image of `uint` now, as in DXC.)
    let shader = "Buffer<float16_t> T;
RWStructuredBuffer<uint> o;
[numthreads(1, 1, 1)]
void main() { o[0] = T.Load(0) > 0 ? 1 : 0; }
";
    let flags = ["-enable-16bit-types"];
    refuse(
        shader,
        "cs_6_2",
        &flags,
        1,
        "global T: texel type float16_t",
    );
    refuse(shader, "cs_6_2", &flags, 1, ".hlsl:1:19");
}
