//! Ray-tracing pipeline stages to `SPV_KHR_ray_tracing` as DXC's `docs/SPIR-V.rst` maps them:
//! a library (`-T lib_6_x`, no `-E`) becomes one module with an entry point per
//! `[shader("...")]` function and its execution model; payloads, hit attributes and callable
//! data live in their storage classes; `TraceRay`, `CallShader`, `ReportHit`, `IgnoreHit` and
//! `AcceptHitAndEndSearch` become their instructions; every system value is its built-in.

use crate::harness::{compile_entry, run_entry};

const VK12: &[&str] = &["-fspv-target-env=vulkan1.2"];

const LIBRARY: &str = r#"
RaytracingAccelerationStructure Scene : register(t0);
RWTexture2D<float4> Output : register(u0);
struct Payload { float4 color; };
struct Params { float3 value; };
struct Sphere { float3 normal; };

[shader("raygeneration")]
void RayGen() {
    uint2 pixel = DispatchRaysIndex().xy;
    float2 size = float2(DispatchRaysDimensions().xy);
    RayDesc ray = { float3(pixel / size, 0), 0.0, float3(0, 0, 1), 100.0 };
    Payload p = { float4(0, 0, 0, 0) };
    TraceRay(Scene, RAY_FLAG_CULL_BACK_FACING_TRIANGLES, 0xFF, 0, 1, 0, ray, p);
    Output[pixel] = p.color;
}

[shader("miss")]
void Miss(inout Payload p) {
    Params d = { WorldRayDirection() };
    CallShader(0, d);
    p.color = float4(d.value, RayTMin());
}

[shader("callable")]
void Sky(inout Params d) { d.value = d.value * 0.5 + 0.5; }

[shader("closesthit")]
void Hit(inout Payload p, in BuiltInTriangleIntersectionAttributes attr) {
    float3x4 o2w = ObjectToWorld3x4();
    float4x3 w2o = WorldToObject4x3();
    float3 n = mul(o2w, float4(0, 0, 1, 0)) + w2o[3] + WorldRayOrigin() + ObjectRayDirection();
    uint ids = InstanceIndex() + InstanceID() + GeometryIndex() + PrimitiveIndex() + RayFlags();
    p.color = float4(n * attr.barycentrics.x, RayTCurrent() + float(ids));
}

[shader("anyhit")]
void AnyHit(inout Payload p, in BuiltInTriangleIntersectionAttributes attr) {
    p.color.a += 1;
    if (attr.barycentrics.y > 0.9) IgnoreHit();
    if (HitKind() == HIT_KIND_TRIANGLE_FRONT_FACE) AcceptHitAndEndSearch();
}

[shader("intersection")]
void Intersect() {
    Sphere s = { normalize(ObjectRayOrigin()) };
    ReportHit(RayTMin() + 1.0, 5, s);
}
"#;

#[test]
fn library_has_an_entry_point_per_stage() {
    let m = compile_entry(LIBRARY, "lib_6_3", None, VK12);
    m.assert_has(&[
        "OpCapability RayTracingKHR",
        "OpExtension \"SPV_KHR_ray_tracing\"",
        // rspirv's disassembler prints the NV spellings the KHR values share.
        "OpEntryPoint RayGenerationNV %RayGen \"RayGen\"",
        "OpEntryPoint MissNV %Miss \"Miss\"",
        "OpEntryPoint CallableNV %Sky \"Sky\"",
        "OpEntryPoint ClosestHitNV %Hit \"Hit\"",
        "OpEntryPoint AnyHitNV %AnyHit \"AnyHit\"",
        "OpEntryPoint IntersectionNV %Intersect \"Intersect\"",
        "OpTypeAccelerationStructureKHR",
    ]);
}

#[test]
fn data_between_stages_is_in_its_storage_classes() {
    let m = compile_entry(LIBRARY, "lib_6_3", None, VK12);
    m.assert_has(&[
        "OpVariable %_ptr_RayPayloadNV_Payload RayPayloadNV",
        "OpVariable %_ptr_IncomingRayPayloadNV_Payload IncomingRayPayloadNV",
        "OpVariable %_ptr_HitAttributeNV_BuiltInTriangleIntersectionAttributes HitAttributeNV",
        "OpVariable %_ptr_HitAttributeNV_Sphere HitAttributeNV",
        "OpVariable %_ptr_CallableDataNV_Params CallableDataNV",
        "OpVariable %_ptr_IncomingCallableDataNV_Params IncomingCallableDataNV",
    ]);
}

#[test]
fn calls_and_terminators() {
    let m = compile_entry(LIBRARY, "lib_6_3", None, VK12);
    m.assert_has(&[
        // RAY_FLAG_CULL_BACK_FACING_TRIANGLES = 0x10.
        "OpTraceRayKHR %",
        "%uint_16 %uint_255 %uint_0 %uint_1 %uint_0",
        "OpExecuteCallableKHR %uint_0 %callable_data_Params",
        "OpReportIntersectionKHR %bool",
        "OpIgnoreIntersectionKHR",
        "OpTerminateRayKHR",
    ]);
}

#[test]
fn system_values_are_built_ins() {
    let m = compile_entry(LIBRARY, "lib_6_3", None, VK12);
    for builtin in [
        "LaunchIdNV",
        "LaunchSizeNV",
        "WorldRayOriginNV",
        "WorldRayDirectionNV",
        "ObjectRayOriginNV",
        "ObjectRayDirectionNV",
        "RayTminNV",
        "RayTmaxNV",
        "IncomingRayFlagsNV",
        "InstanceId",
        "InstanceCustomIndexNV",
        "RayGeometryIndexKHR",
        "PrimitiveId",
        "HitKindNV",
        "ObjectToWorldNV",
        "WorldToObjectNV",
    ] {
        m.assert_has(&[&format!("BuiltIn {builtin}")]);
    }
    // ObjectToWorld3x4 is the transpose of the built-in's four float3 columns.
    m.assert_has(&["OpTranspose %mat3v4float"]);
}

#[test]
fn one_entry_of_a_library() {
    let m = compile_entry(LIBRARY, "lib_6_3", Some("Hit"), VK12);
    m.assert_has(&["OpEntryPoint ClosestHitNV %Hit \"Hit\""]);
    assert!(!m.has("RayGenerationNV"), "{}", m.asm);
}

#[test]
fn vulkan_1_1_is_too_old() {
    let (output, _) = run_entry(LIBRARY, "lib_6_3", None, &["-fspv-target-env=vulkan1.1"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "Vulkan 1.1 with SPIR-V 1.4 is required for ray tracing (SPV_KHR_ray_tracing \
             requires SPIR-V 1.4), and the target is vulkan1.1; give \
             -fspv-target-env=vulkan1.1spirv1.4 or later"
        ),
        "{stderr}"
    );
}

#[test]
fn a_system_value_outside_its_stages_is_a_clear_error() {
    // Vulkan gives `HitKindKHR` to any-hit and closest-hit shaders only.
    let (output, _) = run_entry(
        "struct P { float x; };\n[shader(\"miss\")]\nvoid Miss(inout P p) { p.x = HitKind(); }\n",
        "lib_6_3",
        None,
        VK12,
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("E4001")
            && stderr
                .contains("HitKind in a miss shader (only anyhit, closesthit shaders have it)"),
        "{stderr}"
    );
}
