//! Shader-model and stage availability, and the interpreter flag.

mod common;

use intrinsics::{
    is_available, lookup, method, resolve_call, ArgType, ShaderModel as SM, Stage, StageSet,
};
use types::{ResourceType, ScalarKind, StreamKind, TextureAccess, TextureDim, Type};

macro_rules! avail_cases {
    ($($name:ident: $f:literal, $sm:ident, $stage:ident => $expect:expr;)*) => {
        $(
            #[test]
            fn $name() {
                assert_eq!(is_available($f, SM::$sm, Stage::$stage), Some($expect));
            }
        )*
    };
}

avail_cases! {
    ddx_in_pixel: "ddx", SM6_0, Pixel => true;
    ddx_in_compute_before_66: "ddx", SM6_5, Compute => false;
    ddx_in_compute_from_66: "ddx", SM6_6, Compute => true;
    ddx_in_mesh_from_66: "ddx", SM6_6, Mesh => true;
    ddx_never_in_vertex: "ddx", SM6_7, Vertex => false;
    sin_everywhere: "sin", SM6_0, ClosestHit => true;
    wave_ops_in_vertex: "WaveActiveSum", SM6_0, Vertex => true;
    wave_match_before_65: "WaveMatch", SM6_4, Compute => false;
    wave_match_from_65: "WaveMatch", SM6_5, Compute => true;
    quad_read_in_pixel: "QuadReadAcrossX", SM6_0, Pixel => true;
    quad_read_not_in_vertex: "QuadReadAcrossX", SM6_7, Vertex => false;
    quad_any_before_67: "QuadAny", SM6_6, Pixel => false;
    quad_any_from_67: "QuadAny", SM6_7, Pixel => true;
    group_sync_in_compute: "GroupMemoryBarrierWithGroupSync", SM6_0, Compute => true;
    group_sync_not_in_pixel: "GroupMemoryBarrierWithGroupSync", SM6_0, Pixel => false;
    device_barrier_in_pixel: "DeviceMemoryBarrier", SM6_0, Pixel => true;
    clip_pixel_only: "clip", SM6_0, Vertex => false;
    attribute_at_vertex_needs_61: "GetAttributeAtVertex", SM6_0, Pixel => false;
    attribute_at_vertex_at_61: "GetAttributeAtVertex", SM6_1, Pixel => true;
    asfloat16_needs_62: "asfloat16", SM6_1, Compute => false;
    dot4add_needs_64: "dot4add_u8packed", SM6_3, Compute => false;
    dot4add_at_64: "dot4add_u8packed", SM6_4, Compute => true;
    pack_u8_needs_66: "pack_u8", SM6_5, Compute => false;
    is_helper_lane_at_66: "IsHelperLane", SM6_6, Pixel => true;
    mesh_output_counts_in_mesh: "SetMeshOutputCounts", SM6_5, Mesh => true;
    mesh_output_counts_not_in_compute: "SetMeshOutputCounts", SM6_5, Compute => false;
    mesh_output_counts_needs_65: "SetMeshOutputCounts", SM6_4, Mesh => false;
    dispatch_mesh_in_amplification: "DispatchMesh", SM6_5, Amplification => true;
    tess_factors_in_hull: "ProcessTriTessFactorsAvg", SM6_0, Hull => true;
    tess_factors_not_in_domain: "ProcessTriTessFactorsAvg", SM6_0, Domain => false;
    trace_ray_in_raygen: "TraceRay", SM6_3, RayGeneration => true;
    trace_ray_needs_63: "TraceRay", SM6_2, RayGeneration => false;
    trace_ray_not_in_anyhit: "TraceRay", SM6_3, AnyHit => false;
    report_hit_in_intersection: "ReportHit", SM6_3, Intersection => true;
    report_hit_not_in_closesthit: "ReportHit", SM6_3, ClosestHit => false;
    ignore_hit_in_anyhit: "IgnoreHit", SM6_3, AnyHit => true;
    call_shader_in_callable: "CallShader", SM6_3, Callable => true;
    hit_kind_not_in_intersection: "HitKind", SM6_3, Intersection => false;
    world_ray_origin_in_miss: "WorldRayOrigin", SM6_3, Miss => true;
    geometry_index_needs_65: "GeometryIndex", SM6_4, ClosestHit => false;
    noise_never: "noise", SM6_7, Pixel => false;
}

#[test]
fn unknown_name_has_no_availability() {
    assert_eq!(is_available("nope", SM::SM6_0, Stage::Pixel), None);
}

#[test]
fn stage_sets_print() {
    let ddx = lookup("ddx").unwrap().availability;
    assert_eq!(ddx.stages_at(SM::SM6_5).to_string(), "pixel");
    assert_eq!(
        ddx.stages_at(SM::SM6_6).to_string(),
        "pixel|compute|mesh|amplification"
    );
    assert_eq!(
        lookup("sin").unwrap().availability.stages_at(SM::SM6_0),
        StageSet::ALL
    );
    assert_eq!(
        lookup("TraceRay")
            .unwrap()
            .availability
            .stages_at(SM::SM6_3)
            .to_string(),
        "raygeneration|closesthit|miss"
    );
    assert_eq!(
        lookup("WaveMatch")
            .unwrap()
            .availability
            .stages_at(SM::SM6_4),
        StageSet::NONE
    );
}

#[test]
fn overload_shader_model_of_64_bit_atomics() {
    let i = ArgType::Type(Type::INT);
    let r = resolve_call("InterlockedAdd", &[i.clone(), i]).unwrap();
    assert_eq!(r.min_sm, SM::SM6_0);
    let l = ArgType::Type(Type::Scalar(ScalarKind::Int64));
    let r = resolve_call("InterlockedAdd", &[l.clone(), l]).unwrap();
    assert_eq!(r.min_sm, SM::SM6_6);
    let f = ArgType::Type(Type::FLOAT);
    let r = resolve_call("InterlockedExchange", &[f.clone(), f.clone(), f]).unwrap();
    assert_eq!(r.min_sm, SM::SM6_6);
}

#[test]
fn texture_method_availability() {
    let tex = ResourceType::Texture {
        dim: TextureDim::D2,
        access: TextureAccess::ReadOnly,
        sample: Type::vector(ScalarKind::Float, 4),
    };
    let sample = method(&tex, "Sample").unwrap().availability;
    assert!(sample.allows(SM::SM6_0, Stage::Pixel));
    assert!(!sample.allows(SM::SM6_5, Stage::Compute));
    assert!(sample.allows(SM::SM6_6, Stage::Compute));
    let level = method(&tex, "SampleLevel").unwrap().availability;
    assert!(level.allows(SM::SM6_0, Stage::Vertex));
    let cmp_level = method(&tex, "SampleCmpLevel").unwrap().availability;
    assert!(!cmp_level.allows(SM::SM6_6, Stage::Pixel));
    assert!(cmp_level.allows(SM::SM6_7, Stage::Pixel));
    let lod = method(&tex, "CalculateLevelOfDetail").unwrap().availability;
    assert!(!lod.allows(SM::SM6_0, Stage::Vertex));
}

#[test]
fn stream_and_patch_method_stages() {
    let stream = ResourceType::Stream {
        kind: StreamKind::Line,
        element: Type::vector(ScalarKind::Float, 4),
    };
    let append = method(&stream, "Append").unwrap().availability;
    assert!(append.allows(SM::SM6_0, Stage::Geometry));
    assert!(!append.allows(SM::SM6_0, Stage::Vertex));
    let patch = ResourceType::OutputPatch {
        element: Type::FLOAT,
        count: 3,
    };
    let index = method(&patch, "operator[]").unwrap().availability;
    assert!(index.allows(SM::SM6_0, Stage::Domain));
}

#[test]
fn interpreter_flags() {
    let interp = |n: &str| lookup(n).unwrap().interpretable;
    assert!(interp("sin"));
    assert!(interp("mul"));
    assert!(interp("countbits"));
    assert!(interp("WaveActiveSum"));
    assert!(interp("InterlockedAdd"));
    assert!(interp("GroupMemoryBarrierWithGroupSync"));
    assert!(!interp("ddx"));
    assert!(!interp("clip"));
    assert!(!interp("TraceRay"));
    let tex = ResourceType::Texture {
        dim: TextureDim::D2,
        access: TextureAccess::ReadOnly,
        sample: Type::FLOAT,
    };
    assert!(!method(&tex, "Sample").unwrap().interpretable);
    let rw = ResourceType::ByteAddressBuffer {
        access: TextureAccess::ReadWrite,
    };
    assert!(method(&rw, "InterlockedAdd").unwrap().interpretable);
}

#[test]
fn resolved_availability_merges_overload_shader_model() {
    let l = ArgType::Type(Type::Scalar(ScalarKind::Uint64));
    let r = resolve_call("InterlockedOr", &[l.clone(), l]).unwrap();
    assert!(!r.availability.allows(SM::SM6_5, Stage::Compute));
    assert!(r.availability.allows(SM::SM6_6, Stage::Compute));
    let f = ArgType::Type(Type::FLOAT);
    let r = resolve_call("ddx", &[f]).unwrap();
    assert!(r.availability.allows(SM::SM6_0, Stage::Pixel));
    assert!(!r.availability.allows(SM::SM6_5, Stage::Compute));
    assert!(r.availability.allows(SM::SM6_6, Stage::Amplification));
}

#[test]
fn intrinsic_helpers() {
    let lerp = lookup("lerp").unwrap();
    assert!(lerp.is_available(SM::SM6_0, Stage::Vertex));
    assert_eq!(
        lerp.signature_texts(),
        ["T lerp(T x, T y, T s) where T: float_like"]
    );
    assert_eq!(lookup("mul").unwrap().signature_texts().len(), 9);
}
