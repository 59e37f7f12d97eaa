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
    expect!["intrinsics: 197, overloads: 229, ray query methods: 40, methods over 24 resource kinds: 203 (490 overloads)"].assert_eq(&text);
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
