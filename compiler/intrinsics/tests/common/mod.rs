//! Test helpers: parse call text such as `lerp(float3, float3, 0.5)` or
//! `Texture2D<float4>.Sample(SamplerState, float2)` into argument types, resolve it, and print
//! the chosen signature or the error.

#![allow(dead_code)]

use std::sync::Arc;

use intrinsics::ArgType;
use types::{
    ResourceType, ScalarKind, StreamKind, StructField, StructType, StructuredKind, TextureAccess,
    TextureDim, Type,
};

/// A user struct `S { float4 a; uint b; }` for structured buffers and payloads.
pub fn user_struct() -> Type {
    Type::Struct(Arc::new(StructType {
        name: "S".into(),
        fields: vec![
            StructField {
                name: "a".into(),
                ty: Type::vector(ScalarKind::Float, 4),
                semantic: None,
                interpolation: vec![],
                bit_width: None,
                offset: None,
                base_depth: 0,
                base_starts: 0,
            },
            StructField {
                name: "b".into(),
                ty: Type::UINT,
                semantic: None,
                interpolation: vec![],
                bit_width: None,
                offset: None,
                base_depth: 0,
                base_starts: 0,
            },
        ],
    }))
}

/// Splits at top-level commas (not inside `<>`).
fn split_top(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut cur = String::new();
    for ch in s.chars() {
        match ch {
            '<' => depth += 1,
            '>' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// Parses an HLSL type spelling, resources included.
pub fn parse_type(s: &str) -> Type {
    let s = s.trim();
    if let Some(t) = Type::from_hlsl_name(s) {
        return t;
    }
    match s {
        "S" => return user_struct(),
        "RayDesc" => return intrinsics::ray_desc_type(),
        "Attribs" => return intrinsics::triangle_attributes_type(),
        "SamplerState" => return Type::resource(ResourceType::Sampler { comparison: false }),
        "SamplerComparisonState" => {
            return Type::resource(ResourceType::Sampler { comparison: true })
        }
        "ByteAddressBuffer" => {
            return Type::resource(ResourceType::ByteAddressBuffer {
                access: TextureAccess::ReadOnly,
            })
        }
        "RWByteAddressBuffer" => {
            return Type::resource(ResourceType::ByteAddressBuffer {
                access: TextureAccess::ReadWrite,
            })
        }
        "RaytracingAccelerationStructure" => {
            return Type::resource(ResourceType::RaytracingAccelerationStructure)
        }
        _ => {}
    }
    let (base, inner) = s
        .split_once('<')
        .unwrap_or_else(|| panic!("unknown type `{s}`"));
    let inner = inner.strip_suffix('>').expect("closing >");
    let parts = split_top(inner);
    let elem = parse_type(&parts[0]);
    let (access, rest) = if let Some(r) = base.strip_prefix("RW") {
        (TextureAccess::ReadWrite, r)
    } else if let Some(r) = base.strip_prefix("RasterizerOrdered") {
        (TextureAccess::RasterizerOrdered, r)
    } else if let Some(r) = base.strip_prefix("vk::Sampled") {
        (TextureAccess::Sampled, r)
    } else {
        (TextureAccess::ReadOnly, base)
    };
    if let Some(suffix) = rest.strip_prefix("Texture") {
        let dim = [
            TextureDim::D1,
            TextureDim::D1Array,
            TextureDim::D2,
            TextureDim::D2Array,
            TextureDim::D2MS,
            TextureDim::D2MSArray,
            TextureDim::D3,
            TextureDim::Cube,
            TextureDim::CubeArray,
        ]
        .into_iter()
        .find(|d| d.suffix() == suffix)
        .unwrap_or_else(|| panic!("unknown texture `{s}`"));
        return Type::resource(ResourceType::Texture {
            dim,
            access,
            sample: elem,
        });
    }
    let structured = |kind| {
        Type::resource(ResourceType::StructuredBuffer {
            kind,
            element: elem.clone(),
        })
    };
    match (access, rest) {
        (_, "Buffer") => Type::resource(ResourceType::TypedBuffer {
            access,
            element: elem,
        }),
        (TextureAccess::ReadOnly, "StructuredBuffer") => structured(StructuredKind::ReadOnly),
        (TextureAccess::ReadWrite, "StructuredBuffer") => structured(StructuredKind::ReadWrite),
        (TextureAccess::RasterizerOrdered, "StructuredBuffer") => {
            structured(StructuredKind::RasterizerOrdered)
        }
        (_, "AppendStructuredBuffer") => structured(StructuredKind::Append),
        (_, "ConsumeStructuredBuffer") => structured(StructuredKind::Consume),
        (_, "ConstantBuffer") => Type::resource(ResourceType::ConstantBuffer { element: elem }),
        (_, "TriangleStream") => Type::resource(ResourceType::Stream {
            kind: StreamKind::Triangle,
            element: elem,
        }),
        (_, "PointStream") => Type::resource(ResourceType::Stream {
            kind: StreamKind::Point,
            element: elem,
        }),
        (_, "InputPatch") => Type::resource(ResourceType::InputPatch {
            element: elem,
            count: parts[1].parse().unwrap(),
        }),
        (_, "OutputPatch") => Type::resource(ResourceType::OutputPatch {
            element: elem,
            count: parts[1].parse().unwrap(),
        }),
        _ => panic!("unknown type `{s}`"),
    }
}

/// `1` is a literal int, `0.5` a literal float, `"..."` a string, anything else a type.
pub fn parse_arg(s: &str) -> ArgType {
    let s = s.trim();
    if s.starts_with('"') {
        ArgType::String
    } else if s.parse::<i64>().is_ok() {
        ArgType::LiteralInt
    } else if s.parse::<f64>().is_ok() {
        ArgType::LiteralFloat
    } else {
        ArgType::Type(parse_type(s))
    }
}

/// Resolves `name(args)` or `Object.method<T>(args)`; prints the signature or the error.
pub fn call(text: &str) -> String {
    let open = text.find('(').expect("(");
    let head = &text[..open];
    let args_text = text[open + 1..].strip_suffix(')').expect(")");
    let args: Vec<ArgType> = split_top(args_text).iter().map(|a| parse_arg(a)).collect();
    // The method name is after the last `.` outside angle brackets.
    let mut depth = 0;
    let mut dot = None;
    for (i, ch) in head.char_indices() {
        match ch {
            '<' => depth += 1,
            '>' => depth -= 1,
            '.' if depth == 0 => dot = Some(i),
            _ => {}
        }
    }
    let result = match dot {
        None => intrinsics::resolve_call(head, &args),
        Some(i) => {
            let object = &head[..i];
            let mut method = &head[i + 1..];
            let mut templates = Vec::new();
            if let Some((m, t)) = method.split_once('<') {
                method = m;
                templates.push(parse_type(t.strip_suffix('>').unwrap()));
            }
            if object == "RayQuery" {
                intrinsics::resolve_ray_query_method(method, &args)
            } else if object == "FeedbackTexture2D" {
                intrinsics::resolve_extra_method(
                    intrinsics::ExtraObject::FeedbackTexture2D,
                    method,
                    &args,
                )
            } else if object == "FeedbackTexture2DArray" {
                intrinsics::resolve_extra_method(
                    intrinsics::ExtraObject::FeedbackTexture2DArray,
                    method,
                    &args,
                )
            } else {
                intrinsics::resolve_method_templated(&parse_type(object), method, &templates, &args)
            }
        }
    };
    match result {
        Ok(r) => r.signature_text(),
        Err(e) => format!("error: {e}"),
    }
}

/// One test per case: `name: "call text" => "expected signature or error";`.
#[macro_export]
macro_rules! cases {
    ($($name:ident: $call:expr => $expect:expr;)*) => {
        $(
            #[test]
            fn $name() {
                assert_eq!(common::call($call), $expect, "{}", $call);
            }
        )*
    };
}
