//! Inline ray tracing (`RayQuery<flags>`) to `SPV_KHR_ray_query` as DXC's `docs/SPIR-V.rst`
//! maps it: the acceleration structure and ray query types, `OpRayQueryInitializeKHR` with
//! the template flags OR-ed into the call's, the traversal and commit instructions, the getters
//! with their intersection operand (0 candidate, 1 committed), the 3x4 matrices transposed
//! from the SPIR-V 4x3 result; and, as in DXC, the same under every target environment
//! (`SPV_KHR_ray_query` requires only SPIR-V 1.0).

use crate::harness::compile;

const VK12: &[&str] = &["-fspv-target-env=vulkan1.2"];

/// A compute shader with an acceleration structure `Scene`, an output buffer `Out`, a ray
/// `ray` and a query `q` of `flags`, running `body`.
fn kernel(flags: &str, body: &str) -> String {
    format!(
        "RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {{
    RayDesc ray = {{ float3(0, 0, 0), 0.0, float3(0, 0, 1), 10.0 }};
    RayQuery<{flags}> q;
    {body}
}}
"
    )
}

#[test]
fn types_capability_and_extension() {
    let m = compile(
        &kernel("0", "q.TraceRayInline(Scene, 0, 0xFF, ray);"),
        "cs_6_5",
        VK12,
    );
    m.assert_has(&[
        "OpCapability RayQueryKHR",
        "OpExtension \"SPV_KHR_ray_query\"",
        "OpTypeAccelerationStructureKHR",
        "OpTypeRayQueryKHR",
    ]);
    assert_eq!(m.binding("Scene"), (0, 0));
    assert!(
        m.pointee_definition("Scene")
            .contains("OpTypeAccelerationStructureKHR"),
        "{}",
        m.asm
    );
}

#[test]
fn trace_ray_inline_ors_the_template_flags() {
    // RAY_FLAG_CULL_OPAQUE (0x40) | RAY_FLAG_SKIP_TRIANGLES (0x100) = 320, OR-ed into 4: one
    // constant, 324.
    let m = compile(
        &kernel(
            "RAY_FLAG_CULL_OPAQUE | RAY_FLAG_SKIP_TRIANGLES",
            "q.TraceRayInline(Scene, RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH, 0xFF, ray);",
        ),
        "cs_6_5",
        VK12,
    );
    m.assert_has(&[
        "OpRayQueryInitializeKHR %q",
        "%uint_324 %uint_255",
        "OpCapability RayTraversalPrimitiveCullingKHR",
    ]);
}

#[test]
fn skipping_primitives_declares_primitive_culling() {
    // RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES in the template, with run-time call flags: the
    // capability comes from the template's constant.
    let m = compile(
        &kernel(
            "RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES",
            "q.TraceRayInline(Scene, Out.Load(0).x > 0 ? 1 : 0, 0xFF, ray);",
        ),
        "cs_6_5",
        VK12,
    );
    m.assert_has(&["OpCapability RayTraversalPrimitiveCullingKHR"]);
    // Without such a flag, no capability.
    let m = compile(
        &kernel(
            "RAY_FLAG_CULL_OPAQUE",
            "q.TraceRayInline(Scene, 0, 0xFF, ray);",
        ),
        "cs_6_5",
        VK12,
    );
    assert!(!m.has("RayTraversalPrimitiveCullingKHR"), "{}", m.asm);
}

#[test]
fn traversal_and_commits() {
    let m = compile(
        &kernel(
            "0",
            "q.TraceRayInline(Scene, 0, 0xFF, ray);
    while (q.Proceed()) {
        if (q.CandidateType() == CANDIDATE_NON_OPAQUE_TRIANGLE) q.CommitNonOpaqueTriangleHit();
        else if (q.CandidateProceduralPrimitiveNonOpaque()) q.CommitProceduralPrimitiveHit(1.5);
        else q.Abort();
    }
    Out[0] = q.CommittedStatus() == COMMITTED_NOTHING ? 0 : q.CommittedRayT();",
        ),
        "cs_6_5",
        VK12,
    );
    m.assert_has(&[
        "OpRayQueryProceedKHR %bool %q",
        "OpRayQueryGetIntersectionTypeKHR %uint %q %uint_0",
        "OpRayQueryConfirmIntersectionKHR %q",
        "OpRayQueryGetIntersectionCandidateAABBOpaqueKHR %bool %q",
        "OpLogicalNot %bool",
        "OpRayQueryGenerateIntersectionKHR %q %float_1_5",
        "OpRayQueryTerminateKHR %q",
        "OpRayQueryGetIntersectionTypeKHR %uint %q %uint_1",
        "OpRayQueryGetIntersectionTKHR %float %q %uint_1",
    ]);
}

#[test]
fn every_getter_validates() {
    let mut body = String::from(
        "q.TraceRayInline(Scene, 0, 0xFF, ray);\n    q.Proceed();\n    float s = 0;\n",
    );
    for which in ["Candidate", "Committed"] {
        for (ty, prop, read) in [
            ("uint", "InstanceIndex", "float(v)"),
            ("uint", "InstanceID", "float(v)"),
            ("uint", "InstanceContributionToHitGroupIndex", "float(v)"),
            ("uint", "GeometryIndex", "float(v)"),
            ("uint", "PrimitiveIndex", "float(v)"),
            ("float3", "ObjectRayOrigin", "v.x"),
            ("float3", "ObjectRayDirection", "v.y"),
            ("float3x4", "ObjectToWorld3x4", "v[0][3]"),
            ("float4x3", "ObjectToWorld4x3", "v[3][0]"),
            ("float3x4", "WorldToObject3x4", "v[2][1]"),
            ("float4x3", "WorldToObject4x3", "v[1][2]"),
            ("float2", "TriangleBarycentrics", "v.x"),
            ("bool", "TriangleFrontFace", "(v ? 1.0 : 0.0)"),
        ] {
            body.push_str(&format!(
                "    {{ {ty} v = q.{which}{prop}(); s += {read}; }}\n"
            ));
        }
    }
    body.push_str(
        "    s += q.WorldRayOrigin().x + q.WorldRayDirection().z + q.RayTMin() + float(q.RayFlags()) + q.CandidateTriangleRayT();\n    Out[0] = s;",
    );
    let m = compile(&kernel("0", &body), "cs_6_5", VK12);
    m.assert_has(&[
        "OpRayQueryGetIntersectionInstanceIdKHR %uint %q %uint_0",
        "OpRayQueryGetIntersectionInstanceCustomIndexKHR %uint %q %uint_1",
        "OpRayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR %uint %q",
        "OpRayQueryGetIntersectionGeometryIndexKHR %uint %q",
        "OpRayQueryGetIntersectionPrimitiveIndexKHR %uint %q",
        "OpRayQueryGetIntersectionObjectRayOriginKHR %v3float %q",
        "OpRayQueryGetIntersectionObjectRayDirectionKHR %v3float %q",
        "OpRayQueryGetIntersectionObjectToWorldKHR %mat4v3float %q",
        "OpRayQueryGetIntersectionWorldToObjectKHR %mat4v3float %q",
        "OpTranspose %mat3v4float",
        "OpRayQueryGetIntersectionBarycentricsKHR %v2float %q",
        "OpRayQueryGetIntersectionFrontFaceKHR %bool %q",
        "OpRayQueryGetWorldRayOriginKHR %v3float %q",
        "OpRayQueryGetWorldRayDirectionKHR %v3float %q",
        "OpRayQueryGetRayTMinKHR %float %q",
        "OpRayQueryGetRayFlagsKHR %uint %q",
        "OpRayQueryGetIntersectionTKHR %float %q %uint_0",
    ]);
}

/// DXC emits inline ray tracing under its default target (Vulkan 1.0) too: the extension
/// requires SPIR-V 1.0 only, so the module stays at the target's version and validates.
#[test]
fn every_target_environment_takes_ray_queries() {
    for env in ["vulkan1.0", "vulkan1.1", "vulkan1.1spirv1.4"] {
        let flag = format!("-fspv-target-env={env}");
        let m = compile(
            &kernel("0", "q.TraceRayInline(Scene, 0, 0xFF, ray);"),
            "cs_6_5",
            &[flag.as_str()],
        );
        m.assert_has(&[
            "OpCapability RayQueryKHR",
            "OpExtension \"SPV_KHR_ray_query\"",
            "OpRayQueryInitializeKHR %q",
        ]);
    }
}
