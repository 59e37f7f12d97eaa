//! Forms DXC accepts for `-spirv` that issue #4 item 4 lists: templated byte-address buffer
//! loads and stores of 16-bit, 64-bit and composite types, one-sample writes of multisampled
//! storage images, stage I/O reached from helper functions, clip and cull distance arrays,
//! `[[vk::builtin]]` and user semantics on mesh inputs, and gathers with status and four
//! offsets. Every module passes `spirv-val`.

use crate::harness::compile;

#[test]
fn sixteen_bit_byte_address_loads_shift_and_stores_merge_half_words() {
    // DXC's rule (SPIR-V.rst, "ByteAddressBuffer"): the word is `address >> 2`; a 16-bit
    // value is the word shifted right by `(address % 4) * 8` and narrowed; a store keeps the
    // other half of the word.
    let m = compile(
        "RWByteAddressBuffer Buf : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  half3 h = Buf.Load<half3>(id.x);
  int16_t s = Buf.Load<int16_t>(id.x + 6);
  Buf.Store(id.x + 8, h * (half)2);
  Buf.Store<int16_t>(id.x + 14, s);
}
",
        "cs_6_2",
        &["-enable-16bit-types"],
    );
    m.assert_has(&[
        "OpCapability Int16",
        "OpCapability Float16",
        "OpUConvert %uint16",
        "OpBitcast %half",
        "OpBitcast %int16",
        "OpNot %uint",
        "OpBitwiseOr %uint",
    ]);
    // Loads of half3 read 3 words (one per component), the int16_t one word; stores also
    // read each word before writing it back.
    assert_eq!(
        m.asm.matches("= OpUConvert %uint16").count(),
        4,
        "{}",
        m.asm
    );
    assert!(m.asm.matches("OpStore").count() >= 4, "{}", m.asm);
}

#[test]
fn sixty_four_bit_vectors_of_three_and_four_take_two_words_each() {
    let m = compile(
        "RWByteAddressBuffer Buf : register(u0);
[numthreads(1, 1, 1)]
void main() {
  double3 d = Buf.Load<double3>(0);
  uint64_t4 u = Buf.Load<uint64_t4>(32);
  Buf.Store(64, d + 1.0);
  Buf.Store(96, u);
}
",
        "cs_6_2",
        &[],
    );
    m.assert_has(&[
        "OpBitcast %double",
        "OpBitcast %uint64",
        "OpBitcast %v2uint",
    ]);
    // 3 + 4 components loaded, two words each.
    assert_eq!(m.asm.matches("= OpLoad %uint").count(), 14, "{}", m.asm);
}

#[test]
fn composite_byte_address_loads_and_stores_validate() {
    compile(
        "struct Inner { float16_t v[3]; uint w; };
struct Outer { float16_t3 a[3]; double c; Inner i[2]; bool b; float2x3 m; };
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Outer o[2] = In.Load<Outer[2]>(id.x * 256);
  o[1].b = !o[0].b;
  Out.Store<Outer[2]>(id.x * 256, o);
  bool2 flags = In.Load<bool2>(8);
  Out.Store(0, flags);
}
",
        "cs_6_2",
        &["-enable-16bit-types"],
    );
}

#[test]
fn one_sample_writes_of_multisampled_storage_images_name_the_sample() {
    // `tex.sample[s][c] = v` is `OpImageWrite` with the `Sample` image operand `s`.
    let m = compile(
        "RWTexture2DMS<float4> T : register(u0);
RWTexture2DMSArray<int4> A : register(u1);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  T.sample[id.z][id.xy] = float4(1, 2, 3, 4);
  A.sample[id.x][id] = int4(5, 6, 7, 8);
  T.sample[2][id.xy].y = 0.5;
}
",
        "cs_6_7",
        &[],
    );
    let writes: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.trim_start().starts_with("OpImageWrite"))
        .collect();
    assert_eq!(writes.len(), 3, "{}", m.asm);
    assert!(writes.iter().all(|w| w.contains(" Sample %")), "{writes:?}");
    // The read of the read-modify-write takes sample 2 too.
    assert!(m.has("Sample %uint_2"), "{}", m.asm);
    m.assert_has(&["OpCapability StorageImageMultisample"]);
}

#[test]
fn clip_and_cull_distance_arrays_share_one_float_array_each() {
    // float2 c[3] (6 floats) + float d (1) → ClipDistance float[7]; float3 e[2] → CullDistance
    // float[6]; the pixel shader reads them back from the same layout.
    let vs = compile(
        "struct VSOut { float4 pos : SV_Position; float2 c[3] : SV_ClipDistance0;
  float d : SV_ClipDistance1; float3 e[2] : SV_CullDistance; };
VSOut main(float4 p : POSITION) {
  VSOut o;
  o.pos = p;
  o.c[0] = float2(1, 2); o.c[1] = p.xy; o.c[2] = p.zw;
  o.d = 7;
  o.e[0] = p.xyz; o.e[1] = 1;
  return o;
}
",
        "vs_6_0",
        &[],
    );
    vs.assert_has(&[
        "OpDecorate %out_SV_ClipDistance BuiltIn ClipDistance",
        "OpDecorate %out_SV_CullDistance BuiltIn CullDistance",
        "OpTypeArray %float %uint_7",
        "OpTypeArray %float %uint_6",
    ]);
    let ps = compile(
        "struct PSIn { float4 pos : SV_Position; float2 c[3] : SV_ClipDistance0; float d : SV_ClipDistance1; };
float4 main(PSIn i) : SV_Target { return float4(i.c[0], i.c[2].y, i.d); }
",
        "ps_6_0",
        &[],
    );
    ps.assert_has(&["OpTypeArray %float %uint_7"]);
}

#[test]
fn clip_distance_of_another_type_is_refused_with_dxc_message() {
    crate::harness::refuse(
        "struct VSOut { float4 pos : SV_Position; uint3 u : SV_CullDistance2; };
VSOut main() { return (VSOut)0; }
",
        "vs_6_0",
        &[],
        1,
        "elements for SV_CullDistance variable 'u' must be scalar, vector, or array with float type",
    );
}

#[test]
fn struct_parameter_with_a_semantic_passes_it_to_its_fields() {
    // DXC names the fields of `Inner inner : TEXCOORD4` TEXCOORD4 and TEXCOORD5.
    let m = compile(
        "struct Inner { float4x3 m; float4 v; };
struct In { float3 p : POSITION; Inner inner : TEXCOORD4; };
float4 main(const In i) : SV_Position { const Inner c = i.inner; return c.v; }
",
        "vs_6_0",
        &["-fspv-reflect"],
    );
    m.assert_has(&[
        "OpDecorateString %in_TEXCOORD4 UserSemantic \"TEXCOORD4\"",
        "OpDecorateString %in_TEXCOORD5 UserSemantic \"TEXCOORD5\"",
        "OpDecorate %in_TEXCOORD4 Location 1",
        "OpDecorate %in_TEXCOORD5 Location 5",
    ]);
}

#[test]
fn geometry_shader_with_only_maxvertexcount_validates() {
    let m = compile("[maxvertexcount(4)]\nvoid main() {}\n", "gs_6_0", &[]);
    m.assert_has(&[
        "OpExecutionMode %main OutputVertices 4",
        "OpExecutionMode %main InputPoints",
        "OpExecutionMode %main OutputPoints",
    ]);
}

const HULL: &str = "struct CP { float4 p : POSITION; };
struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
PC consts() { return (PC)0; }
[domain(\"quad\")]
[partitioning(\"fractional_even\")]
TOPOLOGY
CONTROL_POINTS
[patchconstantfunc(\"consts\")]
CP main(InputPatch<CP, 4> v, uint id : SV_OutputControlPointID) { return v[id]; }
";

#[test]
fn hull_shader_without_outputcontrolpoints_outputs_its_input_patch_size() {
    let text = HULL
        .replace("TOPOLOGY", "[outputtopology(\"triangle_ccw\")]")
        .replace("CONTROL_POINTS", "");
    let m = compile(&text, "hs_6_0", &[]);
    m.assert_has(&["OpExecutionMode %main OutputVertices 4"]);
}

#[test]
fn hull_shader_without_partitioning_declares_no_spacing_and_warns() {
    let text = HULL
        .replace("[partitioning(\"fractional_even\")]", "")
        .replace("TOPOLOGY", "[outputtopology(\"triangle_ccw\")]")
        .replace("CONTROL_POINTS", "[outputcontrolpoints(4)]");
    let (output, _) = crate::harness::run(&text, "hs_6_0", &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("warning[W2004]"), "{stderr}");
    let m = compile(&text, "hs_6_0", &[]);
    m.assert_has(&[
        "OpExecutionMode %main Quads",
        "OpExecutionMode %main VertexOrderCcw",
    ]);
    assert!(!m.asm.contains("Spacing"), "{}", m.asm);
}

#[test]
fn hull_shader_errors_dxc_gives() {
    let no_topology = HULL
        .replace("TOPOLOGY", "")
        .replace("CONTROL_POINTS", "[outputcontrolpoints(4)]");
    crate::harness::refuse(
        &no_topology,
        "hs_6_0",
        &[],
        1,
        "hull entry point must have a valid outputtopology attribute",
    );
    let zero = HULL
        .replace("TOPOLOGY", "[outputtopology(\"triangle_ccw\")]")
        .replace("CONTROL_POINTS", "[outputcontrolpoints(0)]");
    crate::harness::refuse(&zero, "hs_6_0", &[], 1, "error[E3004]");
}

#[test]
fn vk_builtins_on_mesh_inputs_and_outputs() {
    // DXC allows `[[vk::builtin("DrawIndex")]]` on a mesh input and `PointSize` on a mesh
    // output, whatever the semantic; both are built-ins, not located variables.
    let m = compile(
        "struct V { float4 p : SV_Position; [[vk::builtin(\"PointSize\")]] float s : PSIZE;
  float4x4 mat : USER_MAT; };
struct Payload { float4 pos; };
[outputtopology(\"triangle\")] [numthreads(32, 1, 1)]
void main([[vk::builtin(\"DrawIndex\")]] in int draw : DRAW, in payload Payload pld,
          in uint tid : SV_DispatchThreadID,
          out vertices V verts[64], out indices uint3 tris[32]) {
  SetMeshOutputCounts(64, 32);
  verts[tid].p.yw = float2(draw, 1);
  verts[tid].p.xz = pld.pos.xz;
  verts[tid].s = 2;
  verts[tid].mat[3] = float4(7, 8, 9, 10);
  tris[tid] = uint3(0, 1, 2);
}
",
        "ms_6_5",
        &["-fspv-target-env=vulkan1.2"],
    );
    m.assert_has(&[
        "OpDecorate %in_DRAW BuiltIn DrawIndex",
        "OpDecorate %out_PSIZE BuiltIn PointSize",
        "OpCapability DrawParameters",
    ]);
    assert!(!m.has("OpDecorate %in_DRAW Location"), "{}", m.asm);
}

#[test]
fn vk_builtin_point_size_through_a_geometry_stream() {
    let m = compile(
        "struct GSOut { float4 p : SV_Position; [[vk::builtin(\"PointSize\")]] float s : PSIZE; };
[maxvertexcount(1)]
void main(point float4 v[1] : SV_Position, inout PointStream<GSOut> stream) {
  GSOut o; o.p = v[0]; o.s = 4; stream.Append(o);
}
",
        "gs_6_0",
        &[],
    );
    m.assert_has(&["BuiltIn PointSize"]);
}

#[test]
fn gathers_with_four_run_time_offsets_and_a_status_are_four_sparse_gathers() {
    let m = compile(
        "Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
SamplerComparisonState C : register(s1);
float4 main(float2 uv : TEXCOORD, int2 o : OFFSET) : SV_Target {
  uint s1, s2;
  float4 a = T.GatherRed(S, uv, o, o + 1, o + 2, o + 3, s1);
  float4 c = T.GatherCmpRed(C, uv, 0.5, o, o, int2(1, 1), o, s2);
  return a + c + (CheckAccessFullyMapped(s1) && CheckAccessFullyMapped(s2) ? 1 : 0);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability SparseResidency",
        "OpCapability ImageGatherExtended",
    ]);
    assert_eq!(m.asm.matches("OpImageSparseGather").count(), 4, "{}", m.asm);
    assert_eq!(
        m.asm.matches("OpImageSparseDrefGather").count(),
        4,
        "{}",
        m.asm
    );
}

#[test]
fn get_attribute_at_vertex_inside_helper_functions() {
    let m = compile(
        "float4 inner(nointerpolation float4 c, uint k) { return GetAttributeAtVertex(c, k); }
float4 outer(nointerpolation float4 c) { return inner(c, 2) + inner(c, 0); }
float4 main(nointerpolation float4 color : COLOR) : SV_Target { return outer(color); }
",
        "ps_6_1",
        &[],
    );
    m.assert_has(&[
        "OpDecorate %in_COLOR PerVertexKHR",
        "OpCapability FragmentBarycentricKHR",
    ]);
}

#[test]
fn stream_append_and_restart_strip_inside_nested_helpers() {
    let m = compile(
        "struct GSOut { float4 p : SV_Position; float4 c : COLOR; };
void put(inout TriangleStream<GSOut> s, float4 p) {
  GSOut o; o.p = p; o.c = 1; s.Append(o);
}
void strip(inout TriangleStream<GSOut> s, float4 a, float4 b, float4 c) {
  put(s, a); put(s, b); put(s, c); s.RestartStrip();
}
[maxvertexcount(6)]
void main(triangle float4 v[3] : SV_Position, inout TriangleStream<GSOut> out) {
  strip(out, v[0], v[1], v[2]);
  strip(out, v[2], v[1], v[0]);
}
",
        "gs_6_0",
        &[],
    );
    m.assert_has(&["OpEmitVertex", "OpEndPrimitive", "OutputTriangleStrip"]);
}

#[test]
fn helpers_given_different_streams_emit_on_their_own_stream() {
    // `both` passes its two streams on; each copy of `putA`/`putB` writes its stream's
    // variables and emits on that stream.
    let m = compile(
        "struct A { float4 p : SV_Position; float4 c : COLOR; };
struct B { float4 t : TEXCOORD; };
void putA(inout PointStream<A> s, float4 p) { A o; o.p = p; o.c = 1; s.Append(o); s.RestartStrip(); }
void putB(inout PointStream<B> s, float4 p) { B o; o.t = p; s.Append(o); }
void both(inout PointStream<A> a, inout PointStream<B> b, float4 p) { putA(a, p); putB(b, p * 2); }
[maxvertexcount(4)]
void main(point float4 v[1] : SV_Position, inout PointStream<A> a, inout PointStream<B> b) {
  both(a, b, v[0]);
  putB(b, v[0]);
}
",
        "gs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpEmitStreamVertex %uint_0",
        "OpEmitStreamVertex %uint_1",
        "OpEndStreamPrimitive %uint_0",
        "OpCapability GeometryStreams",
    ]);
}
