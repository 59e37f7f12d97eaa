//! The table as a whole: integrity checks, counts, and full dumps of the free intrinsics and of
//! the methods of each resource kind (snapshot files to read against the HLSL reference).

mod common;

use std::collections::HashSet;
use std::fmt::Write;

use expect_test::{expect, expect_file};
use intrinsics::{all, methods_of, ray_query_methods, signature_text, Intrinsic};

fn dump(entries: &[Intrinsic]) -> String {
    let mut out = String::new();
    for e in entries {
        let a = e.availability;
        let ext = match a.extended {
            Some((sm, st)) => format!(" (+{st} from {sm})"),
            None => String::new(),
        };
        let interp = if e.interpretable { " interp" } else { "" };
        writeln!(
            out,
            "{} [{:?}] sm{} {}{ext}{interp}",
            e.name, e.category, a.min_sm, a.stages
        )
        .unwrap();
        writeln!(out, "  // {}", e.doc).unwrap();
        for ov in &e.overloads {
            writeln!(out, "  {}", signature_text(e.name, ov)).unwrap();
        }
    }
    out
}

fn methods(ty: &str) -> String {
    let t = common::parse_type(ty);
    dump(&methods_of(t.as_resource().unwrap()))
}

#[test]
fn names_are_unique_and_docs_are_sentences() {
    let mut seen = HashSet::new();
    for e in all() {
        assert!(seen.insert(e.name), "duplicate {}", e.name);
        assert!(!e.overloads.is_empty(), "{}", e.name);
        assert!(
            e.doc.len() > 10 && e.doc.ends_with('.'),
            "{}: {}",
            e.name,
            e.doc
        );
        assert!(e.doc.len() < 240, "{} doc too long", e.name);
    }
    for m in ray_query_methods() {
        assert!(m.doc.ends_with('.'), "{}", m.name);
    }
}

#[test]
fn every_return_and_parameter_variable_is_bound_by_a_parameter() {
    use intrinsics::{KindPat, Pat, ShapePat};
    for e in all() {
        for ov in &e.overloads {
            let bound = |i: u8| {
                ov.params.iter().any(|p| match &p.ty {
                    Pat::Numeric { kind, shape } => {
                        *kind == KindPat::Var(i) || *shape == ShapePat::Var(i)
                    }
                    Pat::Generic(g) => *g == i,
                    _ => false,
                })
            };
            for i in 0..ov.vars.len() as u8 {
                assert!(bound(i), "{}", signature_text(e.name, ov));
            }
        }
    }
}

#[test]
fn counts() {
    let intrinsics = all().len();
    let overloads: usize = all().iter().map(|e| e.overloads.len()).sum();
    let rq = ray_query_methods().len();
    let kinds = [
        "Texture1D<float4>",
        "Texture1DArray<float4>",
        "Texture2D<float4>",
        "Texture2DArray<float4>",
        "Texture2DMS<float4>",
        "Texture2DMSArray<float4>",
        "Texture3D<float4>",
        "TextureCube<float4>",
        "TextureCubeArray<float4>",
        "RWTexture1D<float4>",
        "RWTexture2D<float4>",
        "RWTexture2DArray<float4>",
        "RWTexture3D<float4>",
        "Buffer<float4>",
        "RWBuffer<float4>",
        "StructuredBuffer<S>",
        "RWStructuredBuffer<S>",
        "AppendStructuredBuffer<S>",
        "ConsumeStructuredBuffer<S>",
        "ByteAddressBuffer",
        "RWByteAddressBuffer",
        "TriangleStream<S>",
        "InputPatch<S, 3>",
        "OutputPatch<S, 3>",
    ];
    let mut methods = 0;
    let mut method_overloads = 0;
    for k in kinds {
        let t = common::parse_type(k);
        let ms = methods_of(t.as_resource().unwrap());
        methods += ms.len();
        method_overloads += ms.iter().map(|m| m.overloads.len()).sum::<usize>();
    }
    let text = format!(
        "intrinsics: {intrinsics}, overloads: {overloads}, ray query methods: {rq}, \
         methods over {} resource kinds: {methods} ({method_overloads} overloads)",
        kinds.len()
    );
    expect!["intrinsics: 198, overloads: 236, ray query methods: 40, methods over 24 resource kinds: 215 (534 overloads)"].assert_eq(&text);
}

#[test]
fn dump_intrinsics() {
    expect_file!["snapshots/intrinsics.txt"].assert_eq(&dump(all()));
}

#[test]
fn dump_feedback_textures() {
    use intrinsics::{extra_object_methods, ExtraObject};
    let mut text = dump(extra_object_methods(ExtraObject::FeedbackTexture2D));
    text.push_str("--- FeedbackTexture2DArray\n");
    text.push_str(&dump(extra_object_methods(
        ExtraObject::FeedbackTexture2DArray,
    )));
    expect_file!["snapshots/FeedbackTexture2D.txt"].assert_eq(&text);
}

#[test]
fn dump_ray_query() {
    expect_file!["snapshots/RayQuery.txt"].assert_eq(&dump(ray_query_methods()));
}

macro_rules! method_dumps {
    ($($name:ident: $ty:literal => $file:literal;)*) => {
        $(
            #[test]
            fn $name() {
                expect_file![$file].assert_eq(&methods($ty));
            }
        )*
    };
}

method_dumps! {
    dump_texture1d: "Texture1D<float4>" => "snapshots/Texture1D.txt";
    dump_texture1darray: "Texture1DArray<float4>" => "snapshots/Texture1DArray.txt";
    dump_texture2d: "Texture2D<float4>" => "snapshots/Texture2D.txt";
    dump_texture2darray: "Texture2DArray<float4>" => "snapshots/Texture2DArray.txt";
    dump_texture2dms: "Texture2DMS<float4>" => "snapshots/Texture2DMS.txt";
    dump_texture2dmsarray: "Texture2DMSArray<float4>" => "snapshots/Texture2DMSArray.txt";
    dump_texture3d: "Texture3D<float4>" => "snapshots/Texture3D.txt";
    dump_texturecube: "TextureCube<float4>" => "snapshots/TextureCube.txt";
    dump_texturecubearray: "TextureCubeArray<float4>" => "snapshots/TextureCubeArray.txt";
    dump_rwtexture2d: "RWTexture2D<float4>" => "snapshots/RWTexture2D.txt";
    dump_rwtexture3d: "RWTexture3D<uint>" => "snapshots/RWTexture3D.txt";
    dump_buffer: "Buffer<float4>" => "snapshots/Buffer.txt";
    dump_rwbuffer: "RWBuffer<uint>" => "snapshots/RWBuffer.txt";
    dump_structured: "StructuredBuffer<S>" => "snapshots/StructuredBuffer.txt";
    dump_rwstructured: "RWStructuredBuffer<S>" => "snapshots/RWStructuredBuffer.txt";
    dump_append: "AppendStructuredBuffer<S>" => "snapshots/AppendStructuredBuffer.txt";
    dump_consume: "ConsumeStructuredBuffer<S>" => "snapshots/ConsumeStructuredBuffer.txt";
    dump_byte_address: "ByteAddressBuffer" => "snapshots/ByteAddressBuffer.txt";
    dump_rw_byte_address: "RWByteAddressBuffer" => "snapshots/RWByteAddressBuffer.txt";
    dump_stream: "TriangleStream<S>" => "snapshots/TriangleStream.txt";
    dump_input_patch: "InputPatch<S, 3>" => "snapshots/InputPatch.txt";
    dump_output_patch: "OutputPatch<S, 4>" => "snapshots/OutputPatch.txt";
}

#[test]
fn constant_buffers_samplers_and_acceleration_structures_have_no_methods() {
    for ty in [
        "ConstantBuffer<S>",
        "SamplerState",
        "RaytracingAccelerationStructure",
    ] {
        let t = common::parse_type(ty);
        assert!(methods_of(t.as_resource().unwrap()).is_empty(), "{ty}");
    }
}

/// `signature_text` prints the table's own syntax: every printed overload parses back to itself.
#[test]
fn printed_signatures_parse_back() {
    let check = |name: &str, ov: &intrinsics::Overload| {
        let text = signature_text(name, ov);
        let (parsed_name, parsed) = intrinsics::sig::parse(&text, &[]);
        assert_eq!(parsed_name, name);
        assert_eq!(&parsed, ov, "{text}");
    };
    for e in all() {
        for ov in &e.overloads {
            check(e.name, ov);
        }
    }
    for e in ray_query_methods() {
        for ov in &e.overloads {
            check(e.name, ov);
        }
    }
    for ty in [
        "Texture1D<float4>",
        "Texture2DArray<half2>",
        "Texture2DMSArray<float4>",
        "TextureCubeArray<uint>",
        "RWTexture3D<int2>",
        "RWBuffer<float>",
        "RWByteAddressBuffer",
    ] {
        let t = common::parse_type(ty);
        for m in methods_of(t.as_resource().unwrap()).iter() {
            for ov in &m.overloads {
                check(m.name, ov);
            }
        }
    }
}

/// Every intrinsic the project needs from SM 6.0-6.7 is in the table.
#[test]
fn required_intrinsics_exist() {
    let names = "abs acos asin atan atan2 cos sin tan cosh sinh tanh sincos clamp saturate lerp mad \
        fma step smoothstep pow exp exp2 log log2 log10 sqrt rsqrt rcp frac floor ceil round trunc \
        fmod modf frexp ldexp min max sign isnan isinf isfinite dot cross length distance normalize \
        reflect refract faceforward determinant transpose mul all any select and or lit dst degrees \
        radians noise countbits firstbithigh firstbitlow reversebits msad4 asfloat asint asuint \
        asdouble asfloat16 asint16 asuint16 f32tof16 f16tof32 D3DCOLORtoUBYTE4 ddx ddy ddx_coarse \
        ddx_fine ddy_coarse ddy_fine fwidth clip abort printf WaveGetLaneCount WaveGetLaneIndex \
        WaveIsFirstLane WaveActiveAnyTrue WaveActiveAllTrue WaveActiveBallot WaveReadLaneAt \
        WaveReadLaneFirst WaveActiveAllEqual WaveActiveSum WaveActiveProduct WaveActiveMin \
        WaveActiveMax WaveActiveBitAnd WaveActiveBitOr WaveActiveBitXor WaveActiveCountBits \
        WavePrefixSum WavePrefixProduct WavePrefixCountBits WaveMatch WaveMultiPrefixSum \
        WaveMultiPrefixProduct WaveMultiPrefixBitAnd WaveMultiPrefixBitOr WaveMultiPrefixBitXor \
        WaveMultiPrefixCountBits QuadReadAcrossX QuadReadAcrossY QuadReadAcrossDiagonal \
        QuadReadLaneAt QuadAny QuadAll InterlockedAdd InterlockedAnd InterlockedOr InterlockedXor \
        InterlockedMin InterlockedMax InterlockedExchange InterlockedCompareExchange \
        InterlockedCompareStore InterlockedCompareExchangeFloatBitwise \
        InterlockedCompareStoreFloatBitwise GroupMemoryBarrier GroupMemoryBarrierWithGroupSync \
        DeviceMemoryBarrier DeviceMemoryBarrierWithGroupSync AllMemoryBarrier \
        AllMemoryBarrierWithGroupSync pack_u8 pack_s8 pack_clamp_u8 pack_clamp_s8 unpack_u8u32 \
        unpack_u8u16 unpack_s8s32 unpack_s8s16 dot4add_u8packed dot4add_i8packed dot2add \
        NonUniformResourceIndex GetRenderTargetSampleCount GetRenderTargetSamplePosition \
        EvaluateAttributeAtSample EvaluateAttributeCentroid EvaluateAttributeSnapped \
        GetAttributeAtVertex IsHelperLane SetMeshOutputCounts DispatchMesh \
        Process2DQuadTessFactorsAvg Process2DQuadTessFactorsMax Process2DQuadTessFactorsMin \
        ProcessQuadTessFactorsAvg ProcessQuadTessFactorsMax ProcessQuadTessFactorsMin \
        ProcessTriTessFactorsAvg ProcessTriTessFactorsMax ProcessTriTessFactorsMin \
        ProcessIsolineTessFactors CheckAccessFullyMapped TraceRay ReportHit CallShader IgnoreHit \
        AcceptHitAndEndSearch DispatchRaysIndex DispatchRaysDimensions WorldRayOrigin \
        WorldRayDirection ObjectRayOrigin ObjectRayDirection RayTMin RayTCurrent RayFlags \
        InstanceIndex InstanceID GeometryIndex PrimitiveIndex HitKind ObjectToWorld3x4 \
        ObjectToWorld4x3 WorldToObject3x4 WorldToObject4x3 ObjectToWorld WorldToObject AddUint64";
    let missing: Vec<&str> = names
        .split_whitespace()
        .filter(|n| intrinsics::lookup(n).is_none())
        .collect();
    assert!(missing.is_empty(), "missing: {missing:?}");
}

/// Every method family is present on each resource kind that has it.
#[test]
fn required_methods_exist() {
    let cases: &[(&str, &str)] = &[
        ("Texture2D<float4>", "Sample SampleBias SampleCmp SampleCmpLevelZero SampleCmpLevel SampleGrad SampleLevel Gather GatherRed GatherGreen GatherBlue GatherAlpha GatherCmp GatherCmpRed GatherCmpGreen GatherCmpBlue GatherCmpAlpha GatherRaw Load GetDimensions CalculateLevelOfDetail CalculateLevelOfDetailUnclamped mips operator[]"),
        ("TextureCubeArray<float4>", "Sample SampleBias SampleCmp SampleCmpLevelZero SampleCmpLevel SampleGrad SampleLevel Gather GatherRed GatherCmp GetDimensions CalculateLevelOfDetail"),
        ("Texture3D<float4>", "Sample SampleBias SampleGrad SampleLevel Load GetDimensions CalculateLevelOfDetail mips operator[]"),
        ("Texture2DMS<float4>", "Load GetDimensions GetSamplePosition sample operator[]"),
        ("RWTexture2DArray<float4>", "Load GetDimensions operator[]"),
        ("Buffer<float4>", "Load GetDimensions operator[]"),
        ("RWBuffer<float4>", "Load GetDimensions operator[]"),
        ("StructuredBuffer<S>", "Load GetDimensions operator[]"),
        ("RWStructuredBuffer<S>", "Load GetDimensions operator[] IncrementCounter DecrementCounter"),
        ("AppendStructuredBuffer<S>", "Append GetDimensions"),
        ("ConsumeStructuredBuffer<S>", "Consume GetDimensions"),
        ("ByteAddressBuffer", "Load Load2 Load3 Load4 GetDimensions"),
        ("RWByteAddressBuffer", "Load Load2 Load3 Load4 GetDimensions Store Store2 Store3 Store4 InterlockedAdd InterlockedAnd InterlockedOr InterlockedXor InterlockedMin InterlockedMax InterlockedExchange InterlockedCompareExchange InterlockedCompareStore InterlockedAdd64 InterlockedMin64 InterlockedMax64 InterlockedAnd64 InterlockedOr64 InterlockedXor64 InterlockedExchange64 InterlockedCompareExchange64 InterlockedCompareStore64 InterlockedExchangeFloat InterlockedCompareExchangeFloatBitwise InterlockedCompareStoreFloatBitwise"),
        ("TriangleStream<S>", "Append RestartStrip"),
        ("InputPatch<S, 3>", "operator[]"),
        ("OutputPatch<S, 3>", "operator[]"),
    ];
    for (ty, names) in cases {
        let t = common::parse_type(ty);
        let methods = methods_of(t.as_resource().unwrap());
        for n in names.split_whitespace() {
            assert!(methods.iter().any(|m| m.name == n), "{ty} lacks {n}");
        }
    }
    for n in [
        "TraceRayInline",
        "Proceed",
        "Abort",
        "CommittedStatus",
        "CandidateType",
        "CommitNonOpaqueTriangleHit",
        "CommitProceduralPrimitiveHit",
        "CandidateTriangleBarycentrics",
        "CommittedInstanceID",
    ] {
        assert!(
            ray_query_methods().iter().any(|m| m.name == n),
            "RayQuery lacks {n}"
        );
    }
}
