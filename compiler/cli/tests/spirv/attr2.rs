//! Stage-related gaps of issue #4 item 4, second round, through `hlslc -spirv`: attribute
//! evaluation of parts of inputs handed to helpers, interpolation decorations where DXC puts
//! them, derivatives in compute shaders gated by shader model, the SM 6.8 UAV barrier's
//! scope, and `precise` marking only what flows into precise values. Every module passes
//! every `spirv-val` installed; expectations come from DXC's documented behaviour and the
//! SPIR-V specification's scope and semantics values.

use crate::harness::{compile, refuse};

#[test]
fn compute_derivatives_need_shader_model_6_6() {
    let shader = "RWStructuredBuffer<float> o;
[numthreads(2, 2, 1)]
void main(uint3 id : SV_GroupThreadID) { o[id.x] = ddx((float)id.x); }
";
    refuse(
        shader,
        "cs_6_5",
        &[],
        1,
        "error[E2140]: opcode 'Derivatives in CS/MS/AS' should only be used in 'Shader Model 6.6+'",
    );
    compile(shader, "cs_6_6", &[]).assert_has(&["OpDPdx", "DerivativeGroupQuadsNV"]);
}

#[test]
fn a_uav_barrier_orders_memory_at_the_scope_it_names() {
    // SPIR-V scopes: Device = 1, Workgroup = 2. Semantics: UniformMemory 0x40 | ImageMemory
    // 0x800 | AcquireRelease 0x8 = 2120; with WorkgroupMemory 0x100, 2376.
    let m = compile(
        "RWStructuredBuffer<uint> b;
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  b[id.x] = 1;
  Barrier(b, GROUP_SCOPE | GROUP_SYNC);
  b[id.x + 4] = 2;
  Barrier(b, DEVICE_SCOPE);
  b[id.x + 8] = 3;
  Barrier(UAV_MEMORY | GROUP_SHARED_MEMORY, GROUP_SCOPE);
  b[id.x + 12] = 4;
  Barrier(UAV_MEMORY, GROUP_SCOPE | DEVICE_SCOPE);
}
",
        "cs_6_8",
        &[],
    );
    m.assert_has(&[
        "OpControlBarrier %uint_2 %uint_2 %uint_2120",
        "OpMemoryBarrier %uint_1 %uint_2120",
        "OpMemoryBarrier %uint_2 %uint_2376",
    ]);
    // The last one names both scopes: the device one wins.
    assert_eq!(
        m.asm.matches("OpMemoryBarrier %uint_1 %uint_2120").count(),
        2,
        "{}",
        m.asm
    );
}

#[test]
fn interpolation_decorations_sit_on_pixel_inputs_and_vertex_outputs_only() {
    // A vertex input's mode is dropped (Vulkan forbids `NoPerspective` there:
    // VUID-StandaloneSpirv-Flat-06202); integer and bool outputs are `Flat`, as DXC makes them.
    let vs = compile(
        "struct VOut {
  float4 pos : SV_Position;
  centroid float2 b : B;
  uint c : C;
  bool e : E;
  noperspective sample float f : F;
};
VOut main(noperspective float4 p : POSITION, out noperspective int k : K) {
  VOut o = (VOut)0; o.pos = p; k = 1; return o;
}
",
        "vs_6_0",
        &[],
    );
    vs.assert_has(&[
        "OpDecorate %out_B Centroid",
        "OpDecorate %out_C Flat",
        "OpDecorate %out_E Flat",
        "OpDecorate %out_F NoPerspective",
        "OpDecorate %out_F Sample",
    ]);
    assert!(
        !vs.has("OpDecorate %in_POSITION NoPerspective"),
        "{}",
        vs.asm
    );
    // An integer `out` parameter keeps its written mode (DXC's test of the same rule).
    vs.assert_has(&["OpDecorate %out_K NoPerspective"]);
    assert!(!vs.has("OpDecorate %out_K Flat"), "{}", vs.asm);
    // A geometry shader passes values through: no decoration on either side.
    let gs = compile(
        "struct V { float4 pos : SV_Position; nointerpolation uint id : ID; centroid float c : CC; };
[maxvertexcount(3)]
void main(triangle V input[3], inout TriangleStream<V> s) {
  for (int i = 0; i < 3; ++i) s.Append(input[i]);
}
",
        "gs_6_0",
        &[],
    );
    for d in [" Flat", " Centroid"] {
        assert!(
            !gs.asm
                .lines()
                .any(|l| l.starts_with("OpDecorate") && l.ends_with(d)),
            "{}",
            gs.asm
        );
    }
    // Pixel inputs keep theirs.
    compile(
        "float4 main(centroid float a : A, nointerpolation float b : B, sample float2 s : S) : SV_Target {
  return a + b + s.x;
}
",
        "ps_6_0",
        &[],
    )
    .assert_has(&[
        "OpDecorate %in_A Centroid",
        "OpDecorate %in_B Flat",
        "OpDecorate %in_S Sample",
    ]);
    refuse(
        "struct VOut { float4 pos : SV_Position; centroid uint c : C; };
VOut main() { VOut o = (VOut)0; return o; }
",
        "vs_6_0",
        &[],
        1,
        "only nointerpolation mode allowed for integer input parameters in pixel shader or integer output in vertex shader",
    );
}

#[test]
fn a_helper_evaluates_the_part_of_an_input_it_is_given() {
    // An element at a run-time and at a constant index (one copy, the index an argument), a
    // swizzle (the whole vector interpolated, then shuffled), a component of a swizzle, a
    // matrix row and a whole struct element: each an access chain into the `Input` variable.
    let m = compile(
        "struct V { float4 c : COLOR; float2 t : TEX; };
float ev(float x) { return EvaluateAttributeCentroid(x); }
float2 inner(float2 y, int s) { return EvaluateAttributeAtSample(y, s); }
float4 outer(float4 x, int s) { return float4(inner(x.zy, s), ev(x.w), 0); }
float4 whole(V w) { return EvaluateAttributeSnapped(w.c, int2(1, 1)) + ev(w.t.y); }
float4 main(V v[3] : A, nointerpolation uint i : IDX, float2x3 m : M) : SV_Target {
  float2 r = inner(m[1].xz, 2) + inner(m._m00_m12, 1);
  return outer(v[i].c, 1) + whole(v[2]) + whole(v[i]) + r.xyxy + ev(v[i % 2].c.yz.y);
}
",
        "ps_6_0",
        &[],
    );
    // The array's semantic names the fields' variables: `A` holds every `c`, `A1` every `t`.
    let color = m.id("in.A");
    let tex = m.id("in.A1");
    let mat = m.id("in.M");
    m.assert_has(&[
        &format!("OpAccessChain %_ptr_Input_v4float {color} "),
        &format!("OpAccessChain %_ptr_Input_float {color} "),
        &format!("OpAccessChain %_ptr_Input_float {tex} "),
        &format!("OpAccessChain %_ptr_Input_v3float {mat} "),
        "InterpolateAtOffset",
    ]);
    // Every evaluation reads through an access chain into an `Input` variable (none reads a
    // function-local copy).
    let evaluations: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains(" InterpolateAt"))
        .collect();
    assert_eq!(evaluations.len(), 8, "{}", m.asm);
    for line in evaluations {
        let ptr = line.split_whitespace().nth(6).expect("an interpolant");
        let def = format!("{ptr} = OpAccessChain %_ptr_Input_");
        assert!(
            m.asm.lines().any(|l| l.starts_with(&def)),
            "{line}\n{}",
            m.asm
        );
    }
}

#[test]
fn several_matrix_elements_of_an_input_are_evaluated() {
    let m = compile(
        "float4 main(float2x2 m : M) : SV_Target {
  return float4(EvaluateAttributeCentroid(m._m00_m11), EvaluateAttributeAtSample(m._m11_m10, 1));
}
",
        "ps_6_0",
        &[],
    );
    let mat = m.id("in.M");
    // Two elements of two rows, one by one; one row's two elements through the row.
    assert_eq!(
        m.asm
            .matches(&format!("OpAccessChain %_ptr_Input_float {mat} "))
            .count(),
        2,
        "{}",
        m.asm
    );
    m.assert_has(&[&format!("OpAccessChain %_ptr_Input_v2float {mat} ")]);
    assert_eq!(
        m.asm.matches("InterpolateAtCentroid").count(),
        2,
        "{}",
        m.asm
    );
    assert_eq!(m.asm.matches("InterpolateAtSample").count(), 1, "{}", m.asm);
}

/// The result ids `OpDecorate ... NoContraction` names.
pub(super) fn no_contraction(asm: &str) -> Vec<String> {
    asm.lines()
        .filter_map(|l| {
            l.strip_prefix("OpDecorate ")?
                .strip_suffix(" NoContraction")
        })
        .map(str::to_owned)
        .collect()
}

/// The ids of the results of `op` (`%5 = OpFMul ...`), in order.
pub(super) fn results_of(asm: &str, op: &str) -> Vec<String> {
    asm.lines()
        .filter_map(|l| {
            let (id, rest) = l.split_once(" = ")?;
            rest.starts_with(&format!("{op} ")).then(|| id.to_owned())
        })
        .collect()
}

#[test]
fn precise_marks_only_what_flows_into_precise_values() {
    // `t`'s first product flows into the precise `p`; its second value is stored after the
    // load and feeds only `u`; `f` is declared precise, `g` is not. DXC marks the first
    // product and `p`'s sum, and `f`'s product and sum: four `NoContraction`s.
    let m = compile(
        "precise float f(float a, float b) { return a * b + a; }
float g(float a, float b) { return a * b + b; }
float4 main(float4 a : A, float4 b : B) : SV_Target {
  float t = a.x * b.x;
  precise float p = t + a.y;
  t = a.z * b.z + 1;
  float u = t * 3;
  return float4(p, u, f(a.w, b.w), g(a.w, b.w));
}
",
        "ps_6_0",
        &[],
    );
    let marked = no_contraction(&m.asm);
    let muls = results_of(&m.asm, "OpFMul");
    let adds = results_of(&m.asm, "OpFAdd");
    // In module order: main_body's muls (t's first, t's second, u's), then f's, then g's.
    assert_eq!(muls.len(), 5, "{}", m.asm);
    assert_eq!(adds.len(), 4, "{}", m.asm);
    let mut expected = vec![
        muls[0].clone(),
        adds[0].clone(),
        muls[3].clone(),
        adds[2].clone(),
    ];
    expected.sort();
    let mut marked = marked;
    marked.sort();
    assert_eq!(marked, expected, "{}", m.asm);
}

#[test]
fn a_helpers_mesh_output_parameter_takes_a_local_array() {
    // The local array goes by pointer to a function-local temporary (the `Output` arrays are
    // never a function argument) and is copied back; the entry then writes its output.
    let m = compile(
        "struct V { float4 pos : SV_Position; };
void fill(out vertices V v[3], uint i) { v[i].pos = float4(i, 0, 0, 1); }
[outputtopology(\"triangle\")]
[numthreads(3, 1, 1)]
void main(uint i : SV_GroupIndex, out vertices V verts[3], out indices uint3 tris[1]) {
  SetMeshOutputCounts(3, 1);
  V local[3];
  fill(local, i);
  verts[i] = local[i];
  if (i == 0) tris[0] = uint3(0, 1, 2);
}
",
        "ms_6_5",
        &["-fspv-target-env=vulkan1.2"],
    );
    m.assert_has(&[
        "OpFunctionParameter %_ptr_Function__arr_V_uint_3",
        "OpEntryPoint MeshEXT",
    ]);
}
