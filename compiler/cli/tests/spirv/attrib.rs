//! Pixel attribute intrinsics and mesh outputs through `hlslc -spirv` (issue #4 item 4):
//! `EvaluateAttribute*` interpolate the stage input a value copies (SPIR-V's
//! `InterpolateAt*` take a pointer to the `Input` variable or a part of it), mesh output
//! elements are read and updated in their `Output` arrays, and what DXC refuses is refused
//! in its words.

use crate::harness::{compile, refuse};

#[test]
fn attribute_evaluation_of_a_copy_member_element_or_swizzle_points_at_the_input() {
    let m = compile(
        "struct In { float4 c : COLOR; };
float4 main(In i, float3 arr[2] : ARR, nointerpolation uint k : INDEX) : SV_Target {
  float4 l = i.c;
  float4 a = EvaluateAttributeAtSample(l, 1);
  float3 b = EvaluateAttributeCentroid(arr[k]);
  float2 s = EvaluateAttributeSnapped(l.wz, int2(1, 2));
  return a + float4(b, 0) + s.xyxy;
}
",
        "ps_6_0",
        &[],
    );
    // The copy `l` interpolates `COLOR` itself; the element is an access chain on `ARR`.
    let color = m.id("in.COLOR");
    let arr = m.id("in.ARR");
    m.assert_has(&[
        &format!("InterpolateAtSample {color} %int_1"),
        &format!("OpAccessChain %_ptr_Input_v3float {arr} "),
        &format!("InterpolateAtOffset {color} "),
        "OpCapability InterpolationFunction",
    ]);
    assert!(m.has("InterpolateAtCentroid"), "{}", m.asm);
    // `.wz` swizzles the interpolated vector.
    assert!(
        m.has("OpVectorShuffle %v2float") && m.has(" 3 2"),
        "{}",
        m.asm
    );
}

#[test]
fn attribute_evaluation_in_a_helper_points_at_the_input_passed() {
    let m = compile(
        "float2 at(float2 v, uint s) { return EvaluateAttributeAtSample(v, s); }
float4 main(float2 uv : TEXCOORD, uint s : SV_SampleIndex) : SV_Target {
  return float4(at(uv, s), at(uv, s + 1));
}
",
        "ps_6_0",
        &[],
    );
    let uv = m.id("in.TEXCOORD");
    assert_eq!(
        m.asm.matches(&format!("InterpolateAtSample {uv} ")).count(),
        1,
        "{}",
        m.asm
    );
}

#[test]
fn attribute_evaluation_of_a_computed_value_is_dxcs_error() {
    refuse(
        "float4 main(float4 c : COLOR) : SV_Target { float4 l = c * 2; return EvaluateAttributeAtSample(l, 0); }",
        "ps_6_0",
        &[],
        1,
        "error[E3060]: attribute evaluation can only be done on values taken directly from inputs.",
    );
}

#[test]
fn get_attribute_at_vertex_refusals() {
    refuse(
        "float4 main(float4 c : COLOR) : SV_Target { return GetAttributeAtVertex(c, 2); }",
        "ps_6_1",
        &[],
        1,
        "error[E3061]: parameter 0 of GetAttributeAtVertex must have a 'nointerpolation' attribute",
    );
    refuse(
        "float4 main(nointerpolation float4 p : SV_Position) : SV_Target { return GetAttributeAtVertex(p, 2); }",
        "ps_6_1",
        &[],
        1,
        "error[E3061]: `GetAttributeAtVertex` of the system value `SV_Position`",
    );
}

#[test]
fn render_target_sample_queries_and_noise_are_refused_at_the_call() {
    refuse(
        "float4 main() : SV_Target { return GetRenderTargetSampleCount(); }",
        "ps_6_0",
        &[],
        1,
        "error[E3004]: no equivalent for GetRenderTargetSampleCount intrinsic function in Vulkan",
    );
    refuse(
        "float4 main() : SV_Target { return float4(GetRenderTargetSamplePosition(2), 0, 1); }",
        "ps_6_0",
        &[],
        1,
        "error[E3004]: no equivalent for GetRenderTargetSamplePosition intrinsic function in Vulkan",
    );
    refuse(
        "float4 main(float4 c : COLOR) : SV_Target { return noise(c.xyz); }",
        "ps_6_0",
        &[],
        1,
        "error[E3062]: use of undeclared identifier 'noise'",
    );
}

#[test]
fn mesh_outputs_are_read_updated_copied_and_passed() {
    let m = compile(
        "struct V { float4 p : SV_Position; float4 c : COLOR; float2 cd : SV_ClipDistance; };
struct P { uint id : SV_PrimitiveID; bool cull : SV_CullPrimitive; };
void fill(out V v, float x) { v.p = x; v.c = 1; v.cd = float2(x, -x); }
void scale(inout float4 c, float k) { c *= k; }
[outputtopology(\"triangle\")]
[numthreads(3, 1, 1)]
void main(uint t : SV_GroupThreadID, out vertices V vs[3], out indices uint3 tris[1],
          out primitives P prims[1]) {
  SetMeshOutputCounts(3, 1);
  fill(vs[t], t);
  vs[t].c = vs[t].p;
  vs[t].p.xy += 2;
  vs[t].cd.y *= 2;
  scale(vs[t].c, 0.5);
  GroupMemoryBarrierWithGroupSync();
  if (t == 0) {
    vs[2] = vs[1];
    tris[0] = uint3(0, 1, 2);
    tris[0].z += tris[0].x;
    prims[0].id = 7;
    prims[0].id += t;
    prims[0].cull = prims[0].id > 9;
  }
}
",
        "ms_6_5",
        &["-fspv-target-env=vulkan1.2"],
    );
    // The element's parts are loaded from the output arrays themselves.
    assert!(m.has("OpLoad %v4float"), "{}", m.asm);
    m.assert_has(&["OpCapability MeshShadingEXT", "BuiltIn ClipDistance"]);
    assert_eq!(m.builtin("out.SV_PrimitiveID"), "PrimitiveId");
}

#[test]
fn pixel_and_mesh_forms_of_the_sweep_compile() {
    // Barycentrics with their interpolation modifiers, the sample index with a `sample`
    // input, a task payload written in a loop, per-primitive system values and
    // `SetMeshOutputCounts` in a branch.
    let m = compile(
        "float4 main(noperspective float3 b : SV_Barycentrics, uint si : SV_SampleIndex,
            sample float4 c : COLOR) : SV_Target { return float4(b, 1) + c * si; }
",
        "ps_6_1",
        &[],
    );
    m.assert_has(&["BuiltIn BaryCoordNoPerspKHR", "BuiltIn SampleId", "Sample"]);
    compile(
        "struct Payload { uint ids[4]; float w; };
groupshared Payload p;
[numthreads(4, 1, 1)]
void main(uint t : SV_GroupThreadID) {
  for (uint i = 0; i < 4; i++) { p.ids[i] = i * t; }
  p.w = 2;
  DispatchMesh(1, 1, 1, p);
}
",
        "as_6_5",
        &["-fspv-target-env=vulkan1.2"],
    );
    compile(
        "struct V { float4 p : SV_Position; };
struct P { bool cull : SV_CullPrimitive; uint id : SV_PrimitiveID; };
[outputtopology(\"triangle\")]
[numthreads(2, 1, 1)]
void main(uint t : SV_GroupThreadID, out vertices V vs[3], out indices uint3 tris[2],
          out primitives P prims[2]) {
  if (t == 0) { SetMeshOutputCounts(3, 2); }
  if (t < 3) vs[t].p = float4(t, 0, 0, 1);
  tris[t] = uint3(0, 1, 2);
  prims[t].cull = t == 1;
  prims[t].id = t;
}
",
        "ms_6_5",
        &["-fspv-target-env=vulkan1.2"],
    );
}

#[test]
fn a_functor_member_and_a_functor_element_are_called() {
    let m = compile(
        "struct F { float k; float operator()(float x) { k += 1; return x * k; } };
struct H { F s; };
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() {
  H h;
  h.s.k = 3;
  F fs[2];
  fs[0].k = 1;
  fs[1].k = 2;
  int i = 1;
  Out[0] = h.s(2) + fs[i](3);
}
",
        "cs_6_0",
        &["-HV", "2021"],
    );
    assert_eq!(
        m.asm.matches("OpFunctionCall %float").count(),
        2,
        "{}",
        m.asm
    );
}
