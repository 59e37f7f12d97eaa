//! Stage-specific intrinsics: derivatives, pixel-shader helpers, mesh and amplification,
//! tessellation factor processing, ray tracing (SM 6.3+), `printf`/`errorf`, and the methods of
//! `RayQuery<flags>` (SM 6.5).

use std::sync::Arc;

use types::{ScalarKind, StructField, StructType, Type};

use crate::model::avail::{all_from, at, ALL, DERIV, PIXEL};
use crate::model::Category::{Debug, Derivative, Mesh, Pixel, RayTracing, Tessellation};
use crate::model::{ShaderModel, StageSet};
use crate::Table;

/// The built-in `RayDesc` struct: origin, minimum t, direction, maximum t.
pub fn ray_desc_type() -> Type {
    let f = |name: &str, ty: Type| StructField::new(name, ty);
    Type::Struct(Arc::new(StructType {
        name: "RayDesc".to_string(),
        fields: vec![
            f("Origin", Type::vector(ScalarKind::Float, 3)),
            f("TMin", Type::FLOAT),
            f("Direction", Type::vector(ScalarKind::Float, 3)),
            f("TMax", Type::FLOAT),
        ],
    }))
}

/// The built-in `BuiltInTriangleIntersectionAttributes` struct (the barycentrics of a hit).
pub fn triangle_attributes_type() -> Type {
    Type::Struct(Arc::new(StructType {
        name: "BuiltInTriangleIntersectionAttributes".to_string(),
        fields: vec![StructField::new(
            "barycentrics",
            Type::vector(ScalarKind::Float, 2),
        )],
    }))
}

/// Adds the stage-specific intrinsics.
pub(crate) fn add(t: &mut Table) {
    // Derivatives.
    for (sig, doc) in [
        (
            "T ddx(T x) where T: float_like",
            "Screen-space partial derivative of x along the horizontal axis.",
        ),
        (
            "T ddy(T x) where T: float_like",
            "Screen-space partial derivative of x along the vertical axis.",
        ),
        (
            "T ddx_coarse(T x) where T: float_like",
            "Horizontal derivative computed once per 2x2 quad.",
        ),
        (
            "T ddy_coarse(T x) where T: float_like",
            "Vertical derivative computed once per 2x2 quad.",
        ),
        (
            "T ddx_fine(T x) where T: float_like",
            "Horizontal derivative computed per pixel row within the quad.",
        ),
        (
            "T ddy_fine(T x) where T: float_like",
            "Vertical derivative computed per pixel column within the quad.",
        ),
        (
            "T fwidth(T x) where T: float_like",
            "abs(ddx(x)) + abs(ddy(x)): how fast x changes across neighbouring pixels.",
        ),
    ] {
        t.def(Derivative, DERIV, false, doc, &[sig]);
    }

    // Pixel shaders.
    t.def(
        Pixel,
        PIXEL,
        false,
        "Discards the pixel if any component of x is negative.",
        &["void clip(T x) where T: float"],
    );
    t.def(
        Pixel,
        PIXEL,
        false,
        "Evaluates an interpolated input at the given sample of the pixel.",
        &["T EvaluateAttributeAtSample(T value, uint index) where T: numeric"],
    );
    t.def(
        Pixel,
        PIXEL,
        false,
        "Evaluates an interpolated input at the pixel centroid.",
        &["T EvaluateAttributeCentroid(T value) where T: numeric"],
    );
    t.def(Pixel, PIXEL, false, "Evaluates an interpolated input at a pixel offset given in 1/16 pixel steps (a signed 4-bit fixed-point int2).", &["T EvaluateAttributeSnapped(T value, int2 offset) where T: numeric"]);
    t.def(
        Pixel,
        at(ShaderModel::SM6_1, StageSet::PIXEL),
        false,
        "The value of a nointerpolation input at one of the primitive's vertices (0 to 2).",
        &["T GetAttributeAtVertex(T value, uint vertex) where T: numeric"],
    );
    t.def(
        Pixel,
        PIXEL,
        false,
        "Number of samples of the bound render target.",
        &["uint GetRenderTargetSampleCount()"],
    );
    t.def(
        Pixel,
        PIXEL,
        false,
        "Position of the given sample relative to the pixel centre.",
        &["float2 GetRenderTargetSamplePosition(int index)"],
    );
    t.def(
        Pixel,
        all_from(ShaderModel::SM6_6),
        false,
        "True when this lane is a helper lane (runs only to provide derivatives).",
        &["bool IsHelperLane()"],
    );

    // Mesh and amplification shaders.
    t.def(Mesh, at(ShaderModel::SM6_5, StageSet::MESH), false, "Declares how many vertices and primitives the mesh shader group outputs; call once before writing outputs.", &["void SetMeshOutputCounts(uint numVertices, uint numPrimitives)"]);
    t.def(Mesh, at(ShaderModel::SM6_5, StageSet::AMPLIFICATION), false, "Launches a grid of mesh shader groups, passing them the payload; ends the amplification shader.", &["void DispatchMesh(uint threadGroupCountX, uint threadGroupCountY, uint threadGroupCountZ, T payload) where T: type"]);

    // Tessellation factors (hull shaders).
    let hull = at(ShaderModel::SM6_0, StageSet::HULL);
    for kind in ["Avg", "Max", "Min"] {
        let doc: &'static str = match kind {
            "Avg" => "Rounds quad-patch edge factors and derives inside factors by averaging the edges, scaled by the inside scale.",
            "Max" => "Rounds quad-patch edge factors and derives inside factors from the largest edges, scaled by the inside scale.",
            _ => "Rounds quad-patch edge factors and derives inside factors from the smallest edges, scaled by the inside scale.",
        };
        let s2d = format!("void Process2DQuadTessFactors{kind}(float4 RawEdgeFactors, float2 InsideScale, out float4 RoundedEdgeTessFactors, out float2 RoundedInsideTessFactors, out float2 UnroundedInsideTessFactors)");
        t.def(Tessellation, hull, false, doc, &[&s2d]);
        let sq = format!("void ProcessQuadTessFactors{kind}(float4 RawEdgeFactors, float InsideScale, out float4 RoundedEdgeTessFactors, out float2 RoundedInsideTessFactors, out float2 UnroundedInsideTessFactors)");
        t.def(Tessellation, hull, false, doc, &[&sq]);
        let tri_doc: &'static str = match kind {
            "Avg" => "Rounds triangle-patch edge factors and derives the inside factor by averaging the edges.",
            "Max" => "Rounds triangle-patch edge factors and derives the inside factor from the largest edge.",
            _ => "Rounds triangle-patch edge factors and derives the inside factor from the smallest edge.",
        };
        let st = format!("void ProcessTriTessFactors{kind}(float3 RawEdgeFactors, float InsideScale, out float3 RoundedEdgeTessFactors, out float RoundedInsideTessFactor, out float UnroundedInsideTessFactor)");
        t.def(Tessellation, hull, false, tri_doc, &[&st]);
    }
    t.def(Tessellation, hull, false, "Rounds isoline detail and density factors to the partitioning in use.", &["void ProcessIsolineTessFactors(float RawDetailFactor, float RawDensityFactor, out float RoundedDetailFactor, out float RoundedDensityFactor)"]);

    // Ray tracing.
    t.env.push(("RayDesc", ray_desc_type()));
    t.env.push((
        "Accel",
        Type::resource(types::ResourceType::RaytracingAccelerationStructure),
    ));
    let sm63 = ShaderModel::SM6_3;
    let rt = |s: StageSet| at(sm63, s);
    let trace_stages = StageSet::RAYGEN
        .union(StageSet::CLOSESTHIT)
        .union(StageSet::MISS);
    t.def(RayTracing, rt(trace_stages), false, "Traces a ray into the acceleration structure, running hit and miss shaders that read and write the payload.", &["void TraceRay($Accel AccelerationStructure, uint RayFlags, uint InstanceInclusionMask, uint RayContributionToHitGroupIndex, uint MultiplierForGeometryContributionToHitGroupIndex, uint MissShaderIndex, $RayDesc Ray, inout T Payload) where T: type"]);
    t.def(RayTracing, rt(StageSet::INTERSECTION), false, "Reports a procedural hit at distance THit with custom attributes; returns whether it was accepted.", &["bool ReportHit(float THit, uint HitKind, T Attributes) where T: type"]);
    t.def(
        RayTracing,
        rt(trace_stages.union(StageSet::CALLABLE)),
        false,
        "Invokes a callable shader from the shader table, passing parameters by reference.",
        &["void CallShader(uint ShaderIndex, inout T Parameter) where T: type"],
    );
    t.def(
        RayTracing,
        rt(StageSet::ANYHIT),
        false,
        "Rejects the current candidate hit and ends this any-hit invocation.",
        &["void IgnoreHit()"],
    );
    t.def(
        RayTracing,
        rt(StageSet::ANYHIT),
        false,
        "Accepts the current hit and stops the traversal; the closest-hit shader runs next.",
        &["void AcceptHitAndEndSearch()"],
    );
    t.def(
        RayTracing,
        rt(StageSet::RAY),
        false,
        "The index of this ray in the dispatch grid.",
        &["uint3 DispatchRaysIndex()"],
    );
    t.def(
        RayTracing,
        rt(StageSet::RAY),
        false,
        "The size of the dispatch grid.",
        &["uint3 DispatchRaysDimensions()"],
    );
    let seen = StageSet::HIT.union(StageSet::MISS);
    t.def(
        RayTracing,
        rt(seen),
        false,
        "The ray's origin in world space.",
        &["float3 WorldRayOrigin()"],
    );
    t.def(
        RayTracing,
        rt(seen),
        false,
        "The ray's direction in world space.",
        &["float3 WorldRayDirection()"],
    );
    t.def(
        RayTracing,
        rt(seen),
        false,
        "The ray's parametric start distance.",
        &["float RayTMin()"],
    );
    t.def(
        RayTracing,
        rt(seen),
        false,
        "The current parametric end of the ray (the closest hit so far).",
        &["float RayTCurrent()"],
    );
    t.def(
        RayTracing,
        rt(seen),
        false,
        "The flags TraceRay was called with.",
        &["uint RayFlags()"],
    );
    let hit = rt(StageSet::HIT);
    t.def(
        RayTracing,
        hit,
        false,
        "The index of the hit instance among those of the top-level structure.",
        &["uint InstanceIndex()"],
    );
    t.def(
        RayTracing,
        hit,
        false,
        "The user-provided InstanceID of the hit instance.",
        &["uint InstanceID()"],
    );
    t.def(
        RayTracing,
        at(ShaderModel::SM6_5, StageSet::HIT),
        false,
        "The index of the hit geometry within its bottom-level structure.",
        &["uint GeometryIndex()"],
    );
    t.def(
        RayTracing,
        hit,
        false,
        "The index of the hit primitive within its geometry.",
        &["uint PrimitiveIndex()"],
    );
    t.def(
        RayTracing,
        hit,
        false,
        "The ray's origin in the hit instance's object space.",
        &["float3 ObjectRayOrigin()"],
    );
    t.def(
        RayTracing,
        hit,
        false,
        "The ray's direction in the hit instance's object space.",
        &["float3 ObjectRayDirection()"],
    );
    t.def(
        RayTracing,
        hit,
        false,
        "The object-to-world transform of the hit instance, as 3x4.",
        &["float3x4 ObjectToWorld3x4()"],
    );
    t.def(
        RayTracing,
        hit,
        false,
        "The object-to-world transform of the hit instance, as 4x3.",
        &["float4x3 ObjectToWorld4x3()"],
    );
    t.def(
        RayTracing,
        hit,
        false,
        "The world-to-object transform of the hit instance, as 3x4.",
        &["float3x4 WorldToObject3x4()"],
    );
    t.def(
        RayTracing,
        hit,
        false,
        "The world-to-object transform of the hit instance, as 4x3.",
        &["float4x3 WorldToObject4x3()"],
    );
    t.def(
        RayTracing,
        hit,
        false,
        "Same as ObjectToWorld3x4.",
        &["float3x4 ObjectToWorld()"],
    );
    t.def(
        RayTracing,
        hit,
        false,
        "Same as WorldToObject3x4.",
        &["float3x4 WorldToObject()"],
    );
    t.def(
        RayTracing,
        rt(StageSet::ANYHIT.union(StageSet::CLOSESTHIT)),
        false,
        "The hit kind: a front or back face triangle, or the value given to ReportHit.",
        &["uint HitKind()"],
    );

    // Debug output; DXC accepts these (printf reaches SPIR-V as debug printf).
    t.def(
        Debug,
        ALL,
        false,
        "Formatted debug output, for tools that capture it.",
        &["void printf(string format, ...)"],
    );
    t.def(
        Debug,
        ALL,
        false,
        "Stops the shader invocation, for tools and targets that support it.",
        &["void abort()"],
    );
}

/// Adds the methods of `RayQuery<flags>`.
pub(crate) fn add_ray_query(t: &mut Table) {
    t.env.push(("RayDesc", ray_desc_type()));
    t.env.push((
        "Accel",
        Type::resource(types::ResourceType::RaytracingAccelerationStructure),
    ));
    let a = all_from(ShaderModel::SM6_5);
    t.def(RayTracing, a, false, "Starts an inline traversal of the acceleration structure; step it with Proceed.", &["void TraceRayInline($Accel AccelerationStructure, uint RayFlags, uint InstanceInclusionMask, $RayDesc Ray)"]);
    t.def(
        RayTracing,
        a,
        false,
        "Advances the traversal; true while there is a candidate for the shader to decide on.",
        &["bool Proceed()"],
    );
    t.def(
        RayTracing,
        a,
        false,
        "Ends the traversal early.",
        &["void Abort()"],
    );
    t.def(
        RayTracing,
        a,
        false,
        "Whether the committed result is nothing, a triangle or a procedural primitive.",
        &["uint CommittedStatus()"],
    );
    t.def(
        RayTracing,
        a,
        false,
        "Whether the current candidate is a non-opaque triangle or a procedural primitive.",
        &["uint CandidateType()"],
    );
    t.def(
        RayTracing,
        a,
        false,
        "True if the candidate procedural primitive is non-opaque.",
        &["bool CandidateProceduralPrimitiveNonOpaque()"],
    );
    t.def(
        RayTracing,
        a,
        false,
        "Commits the candidate non-opaque triangle as the closest hit so far.",
        &["void CommitNonOpaqueTriangleHit()"],
    );
    t.def(
        RayTracing,
        a,
        false,
        "Commits the candidate procedural primitive with the given hit distance.",
        &["void CommitProceduralPrimitiveHit(float tHit)"],
    );
    t.def(
        RayTracing,
        a,
        false,
        "The ray's origin in world space.",
        &["float3 WorldRayOrigin()"],
    );
    t.def(
        RayTracing,
        a,
        false,
        "The ray's direction in world space.",
        &["float3 WorldRayDirection()"],
    );
    t.def(
        RayTracing,
        a,
        false,
        "The ray's parametric start distance.",
        &["float RayTMin()"],
    );
    t.def(
        RayTracing,
        a,
        false,
        "The ray flags of the query, template and call flags combined.",
        &["uint RayFlags()"],
    );
    t.def(
        RayTracing,
        a,
        false,
        "Distance to the candidate triangle.",
        &["float CandidateTriangleRayT()"],
    );
    t.def(
        RayTracing,
        a,
        false,
        "Distance to the committed hit.",
        &["float CommittedRayT()"],
    );
    let props: [(&str, &str, &'static str, &'static str); 13] = [
        (
            "uint",
            "InstanceIndex",
            "Instance index of the candidate hit.",
            "Instance index of the committed hit.",
        ),
        (
            "uint",
            "InstanceID",
            "User InstanceID of the candidate hit.",
            "User InstanceID of the committed hit.",
        ),
        (
            "uint",
            "InstanceContributionToHitGroupIndex",
            "Hit-group contribution of the candidate's instance.",
            "Hit-group contribution of the committed hit's instance.",
        ),
        (
            "uint",
            "GeometryIndex",
            "Geometry index of the candidate hit.",
            "Geometry index of the committed hit.",
        ),
        (
            "uint",
            "PrimitiveIndex",
            "Primitive index of the candidate hit.",
            "Primitive index of the committed hit.",
        ),
        (
            "float3",
            "ObjectRayOrigin",
            "Ray origin in the candidate's object space.",
            "Ray origin in the committed hit's object space.",
        ),
        (
            "float3",
            "ObjectRayDirection",
            "Ray direction in the candidate's object space.",
            "Ray direction in the committed hit's object space.",
        ),
        (
            "float3x4",
            "ObjectToWorld3x4",
            "Object-to-world transform of the candidate, 3x4.",
            "Object-to-world transform of the committed hit, 3x4.",
        ),
        (
            "float4x3",
            "ObjectToWorld4x3",
            "Object-to-world transform of the candidate, 4x3.",
            "Object-to-world transform of the committed hit, 4x3.",
        ),
        (
            "float3x4",
            "WorldToObject3x4",
            "World-to-object transform of the candidate, 3x4.",
            "World-to-object transform of the committed hit, 3x4.",
        ),
        (
            "float4x3",
            "WorldToObject4x3",
            "World-to-object transform of the candidate, 4x3.",
            "World-to-object transform of the committed hit, 4x3.",
        ),
        (
            "float2",
            "TriangleBarycentrics",
            "Barycentrics of the candidate triangle hit.",
            "Barycentrics of the committed triangle hit.",
        ),
        (
            "bool",
            "TriangleFrontFace",
            "True if the candidate triangle is front-facing.",
            "True if the committed triangle is front-facing.",
        ),
    ];
    for (ty, prop, cand, comm) in props {
        t.def(
            RayTracing,
            a,
            false,
            cand,
            &[&format!("{ty} Candidate{prop}()")],
        );
        t.def(
            RayTracing,
            a,
            false,
            comm,
            &[&format!("{ty} Committed{prop}()")],
        );
    }
}
