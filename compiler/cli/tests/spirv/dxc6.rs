//! Differences from DXC's SPIR-V found in the sixth survey of DXC's `CodeGenSPIRV` tests:
//! each test is one construct with what DXC emits for it, written for this suite.

use crate::harness::compile;

/// The constants HLSL predeclares for inline ray tracing are constant expressions, so
/// they can label the cases of a `switch` on a ray query's candidate type or committed
/// status (they were "not supported yet: a non-constant case value").
#[test]
fn predeclared_ray_query_constants_label_switch_cases() {
    let text = r#"
RaytracingAccelerationStructure scene : register(t0);
RWStructuredBuffer<uint> hits : register(u0);
[numthreads(1, 1, 1)]
void main() {
    RayQuery<RAY_FLAG_FORCE_OPAQUE> q;
    RayDesc ray;
    ray.Origin = float3(0, 0, 0);
    ray.Direction = float3(0, 0, 1);
    ray.TMin = 0.0;
    ray.TMax = 100.0;
    q.TraceRayInline(scene, RAY_FLAG_NONE, 0xFF, ray);
    while (q.Proceed()) {
        switch (q.CandidateType()) {
        case CANDIDATE_NON_OPAQUE_TRIANGLE:
            q.CommitNonOpaqueTriangleHit();
            break;
        case CANDIDATE_PROCEDURAL_PRIMITIVE:
            q.CommitProceduralPrimitiveHit(0.5);
            break;
        }
    }
    switch (q.CommittedStatus()) {
    case COMMITTED_NOTHING: hits[0] = 7; break;
    case COMMITTED_TRIANGLE_HIT: hits[0] = 8; break;
    default: hits[0] = 9; break;
    }
}
"#;
    let m = compile(text, "cs_6_5", &[]);
    m.assert_has(&["OpSwitch", "OpRayQueryConfirmIntersectionKHR"]);
    // The candidate switch: default at the merge, cases 0 and 1.
    assert!(
        m.asm
            .lines()
            .any(|l| l.contains("OpSwitch") && l.contains(" 0 %") && l.contains(" 1 %")),
        "{}",
        m.asm
    );
}

/// A struct may hold a subpass input: the field names whichever global is assigned to it,
/// so it needs no `[[vk::input_attachment_index]]` of its own (only the global does), as
/// DXC accepts it (the field was "missing vk::input_attachment_index attribute").
#[test]
fn a_struct_field_may_hold_a_subpass_input() {
    let text = r#"
[[vk::input_attachment_index(3)]] SubpassInputMS<float3> gbuffer;
struct Inputs {
    SubpassInputMS<float3> normals;
};
float4 main() : SV_Target {
    Inputs inputs;
    inputs.normals = gbuffer;
    return float4(inputs.normals.SubpassLoad(1), 1.0);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&["OpCapability InputAttachment", "Sample %int_1"]);
    assert_eq!(
        m.decoration("gbuffer", "InputAttachmentIndex").as_deref(),
        Some("3"),
        "{}",
        m.asm
    );
}

/// A patch-constant function reading an `InputPatch` of another size than the hull entry's
/// is refused in DXC's words, at the patch-constant function (it was "not supported yet:
/// two different input patches").
#[test]
fn patch_constant_input_patch_must_match_the_entry() {
    let text = r#"
struct Point { float4 position : POSITION; };
struct Factors {
    float edge[3] : SV_TessFactor;
    float inside : SV_InsideTessFactor;
};
Factors constants(InputPatch<Point, 2> patch) {
    return (Factors)0;
}
[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[patchconstantfunc("constants")]
[outputcontrolpoints(3)]
Point main(InputPatch<Point, 3> patch, uint id : SV_OutputControlPointID) {
    return patch[id];
}
"#;
    crate::harness::refuse(
        text,
        "hs_6_0",
        &[],
        1,
        "error[E3260]: Patch constant function's input patch input should have 3 elements, \
         but has 2.",
    );
    let (output, _) = crate::harness::run(text, "hs_6_0", &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("t.hlsl:7:1"), "{stderr}");
}

/// `[[vk::ext_capability]]` and `[[vk::ext_extension]]` on an entry of a library (a
/// ray-generation shader compiled with `-T lib_6_3` and no `-E`) add to the module as they
/// do on a single entry (they were dropped).
#[test]
fn inline_spirv_requirements_of_library_entries() {
    let text = r#"
[[vk::ext_capability(/* Int8 */ 39)]]
[[vk::ext_extension("SPV_KHR_8bit_storage")]]
[shader("raygeneration")]
void rgen() {}
"#;
    let m = crate::harness::compile_entry(text, "lib_6_3", None, &["-fspv-target-env=vulkan1.2"]);
    m.assert_has(&["OpCapability Int8", "OpExtension \"SPV_KHR_8bit_storage\""]);
}

/// `[WaveOpsIncludeHelperLanes]` on a pixel shader keeps helper lanes in wave operations as
/// DXC writes it: `MaximallyReconvergesKHR` and `RequireFullQuadsKHR` (modes 6023 and 5089)
/// with `QuadControlKHR` (capability 5087) and both extensions; on a vertex shader it asks
/// for nothing (it was ignored everywhere).
#[test]
fn wave_ops_include_helper_lanes_modes() {
    let text = r#"
[WaveOpsIncludeHelperLanes]
float4 main(float4 pos : SV_Position) : SV_Target {
    return pos;
}
"#;
    // An older validator than the modes (Debian's) refuses the capability it does not know:
    // `-Vd`, then the newest validator installed checks the module.
    let (output, path) = crate::harness::run(text, "ps_6_7", &["-Vd"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let words: Vec<u32> = std::fs::read(&path)
        .unwrap()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let m = crate::harness::Module {
        asm: spirv_backend::disassemble(&words),
    };
    let newest = spirv_backend::validate::validators()
        .iter()
        .rfind(|v| v.version.contains("v2024") || v.version.contains("v2025"));
    if let Some(v) = newest {
        let args = ["--target-env".to_owned(), "vulkan1.0".to_owned()];
        spirv_backend::validate::validate_with(&v.path, &words, &args)
            .unwrap_or_else(|e| panic!("{}: {e}\n{}", v.version, m.asm));
    }
    m.assert_has(&[
        "OpCapability 5087",
        "OpExtension \"SPV_KHR_maximal_reconvergence\"",
        "OpExtension \"SPV_KHR_quad_control\"",
        "OpExecutionMode %main 6023",
        "OpExecutionMode %main 5089",
        "OpExecutionMode %main OriginUpperLeft",
    ]);
    let vertex = r#"
[WaveOpsIncludeHelperLanes]
float4 main() : SV_Position { return float4(0, 0, 0, 1); }
"#;
    let m = compile(vertex, "vs_6_7", &[]);
    assert!(!m.has("quad_control") && !m.has("6023"), "{}", m.asm);
}

/// `[[vk::ext_decorate]]` on a function that is no entry point decorates its `OpFunction`,
/// and its `[[vk::ext_capability]]`/`[[vk::ext_extension]]` add to the module, as DXC does
/// (the decoration was "not supported on functions", the requirements dropped);
/// `[[vk::ext_decorate_string]]` has no function form and stays DXC's error.
#[test]
fn inline_spirv_attributes_of_a_function() {
    let text = r#"
[[vk::ext_capability(/* Int8 */ 39)]]
[[vk::ext_extension("SPV_KHR_8bit_storage")]]
[[vk::ext_decorate(/* RelaxedPrecision */ 0)]]
[noinline] uint Identity(uint x) { return x; }
RWStructuredBuffer<uint> buf;
[numthreads(1, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  buf[0] = Identity(tid.x);
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&[
        "OpCapability Int8",
        "OpExtension \"SPV_KHR_8bit_storage\"",
        "OpDecorate %Identity RelaxedPrecision",
    ]);
    let string = r#"
[[vk::ext_decorate_string(/* UserTypeGOOGLE */ 5636, "t")]]
uint Identity(uint x) { return x; }
RWStructuredBuffer<uint> buf;
[numthreads(1, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) { buf[0] = Identity(tid.x); }
"#;
    crate::harness::refuse(
        string,
        "cs_6_0",
        &[],
        1,
        "vk::ext_decorate_string is not supported on functions",
    );
}

/// `[[vk::ext_decorate]]` on a vertex or pixel entry point decorates its result variables, as
/// DXC's stage-variable path takes it (its `spv.intrinsicDecorate.entry`); an inline
/// `Location` replaces the automatic one rather than conflicting with it (the entry was
/// refused, "vk::ext_decorate is not supported on functions").
#[test]
fn inline_decoration_of_an_entry_decorates_its_result() {
    let pixel = r#"
[[vk::ext_decorate(/* Location */ 30, 23)]]
float4 main() : SV_Target {
  return 1.0;
}
"#;
    let m = compile(pixel, "ps_6_0", &[]);
    assert_eq!(
        m.decoration("out.SV_Target", "Location").as_deref(),
        Some("23"),
        "{}",
        m.asm
    );
    assert!(!m.has("Location 0"), "{}", m.asm);
    let vertex = r#"
[[vk::ext_decorate(/* Invariant */ 18)]]
float4 main(float4 p : POSITION) : SV_Position {
  return p;
}
"#;
    let m = compile(vertex, "vs_6_0", &[]);
    assert_eq!(
        m.decoration("out.SV_Position", "Invariant").as_deref(),
        Some(""),
        "{}",
        m.asm
    );
}

/// An initializer on a global that goes into `$Globals` is ignored (the constant buffer
/// gives the value): DXC's warning, at the initializer; `[[vk::binding]]` on such a global is
/// DXC's error at the attribute (it was at the name). Both at DXC's columns.
#[test]
fn globals_initializer_warning_and_binding_error_positions() {
    let text = r#"
float4 tint = 1.0;
float4 main() : A { return tint; }
"#;
    let (output, _) = crate::harness::run(text, "vs_6_0", &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "warning[W2110]: variable 'tint' will be placed in $Globals so initializer ignored"
        ) && stderr.contains("t.hlsl:2:15"),
        "{stderr}"
    );
    let bound = r#"
[[vk::binding(10, 2)]] float4 gVec = 1.0;
float4 main() : A { return gVec; }
"#;
    let (output, _) = crate::harness::run(bound, "vs_6_0", &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("error[E3005]") && stderr.contains("t.hlsl:2:3"),
        "{stderr}"
    );
}

/// A `[[vk::constant_id]]` constant is a specialization constant and no member of
/// `$Globals` (it was both, so a file whose only loose globals were spec constants declared a
/// `$Globals` block that took binding 0 from the resources after it).
#[test]
fn spec_constants_are_no_globals_members() {
    let text = r#"
[[vk::constant_id(1)]] const int count = 3;
Texture2D<float4> tex;
float4 main() : SV_Target { return tex.Load(int3(count, 0, 0)); }
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert!(!m.has("$Globals"), "{}", m.asm);
    assert_eq!(m.binding("tex"), (0, 0), "{}", m.asm);
    m.assert_has(&["SpecId 1"]);
}

/// A mesh shader's `vertices` parameter declared `in` is refused at its declaration, where
/// DXC reports it (the `in`; it was at the name).
#[test]
fn mesh_output_object_direction_is_reported_at_the_declaration() {
    let text = r#"
struct V { float4 position : SV_Position; };
[outputtopology("triangle")]
[numthreads(1, 1, 1)]
void main(
        in vertices V verts[3],
        out indices uint3 tris[1])
{
}
"#;
    let (output, _) = crate::harness::run(text, "ms_6_5", &["-fspv-target-env=vulkan1.2"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("error[E3030]: 'vertices' object must be an out parameter")
            && stderr.contains("t.hlsl:6:9"),
        "{stderr}"
    );
}

/// `[[vk::combinedImageSampler]]` pairs a texture and a sampler on one set and binding: as in
/// DXC the pair is one combined image sampler variable (`OpTypeSampledImage`), sampled
/// through the texture's methods with the pair's sampler and read with `OpImage` for `Load`
/// and `GetDimensions`; one without its partner is DXC's fatal error in its words, at the
/// attribute (the attribute was ignored: a separate image and sampler).
#[test]
fn combined_image_sampler_needs_its_partner() {
    let paired = r#"
[[vk::combinedImageSampler]] Texture2D albedo : register(t1);
[[vk::combinedImageSampler]] SamplerState albedoSampler : register(s1);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    uint w, h;
    albedo.GetDimensions(w, h);
    return albedo.Sample(albedoSampler, uv) + albedo.Load(int3(0, 0, 0)) * w;
}
"#;
    let m = compile(paired, "ps_6_0", &[]);
    assert_eq!(m.binding("albedo"), (0, 1), "{}", m.asm);
    assert!(
        m.pointee_definition("albedo")
            .contains("OpTypeSampledImage"),
        "{}",
        m.asm
    );
    assert!(!m.has("OpTypeSampler"), "{}", m.asm);
    let lone = r#"
Texture2D albedo : register(t1);
[[vk::combinedImageSampler]] SamplerState albedoSampler : register(s1);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return albedo.Sample(albedoSampler, uv);
}
"#;
    crate::harness::refuse(
        lone,
        "ps_6_0",
        &[],
        1,
        "error[E3261]: Texture or Sampler with [[vk::combinedImageSampler]] attribute is \
         missing for descriptor set and binding: 0, 1",
    );
}
