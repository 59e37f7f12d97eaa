//! Names HLSL knows before any declaration: keywords, built-in types, system-value semantics,
//! attributes and preprocessor directives. Highlighting and completion read these lists until
//! semantic analysis knows the intrinsic declarations itself.

/// Keywords: statements, declarations and modifiers.
pub const KEYWORDS: &[&str] = &[
    "break",
    "case",
    "cbuffer",
    "centroid",
    "class",
    "column_major",
    "const",
    "continue",
    "default",
    "discard",
    "do",
    "else",
    "enum",
    "export",
    "extern",
    "false",
    "for",
    "groupshared",
    "if",
    "in",
    "indices",
    "inline",
    "inout",
    "interface",
    "linear",
    "namespace",
    "nointerpolation",
    "noperspective",
    "out",
    "packoffset",
    "payload",
    "precise",
    "primitives",
    "register",
    "return",
    "row_major",
    "sample",
    "shared",
    "sizeof",
    "snorm",
    "static",
    "struct",
    "switch",
    "tbuffer",
    "template",
    "true",
    "typedef",
    "typename",
    "uniform",
    "unorm",
    "using",
    "vertices",
    "volatile",
    "while",
];

/// Resource, sampler and other object types, and the generic `vector`/`matrix`.
pub const OBJECT_TYPES: &[&str] = &[
    "AppendStructuredBuffer",
    "Buffer",
    "ByteAddressBuffer",
    "ConstantBuffer",
    "ConsumeStructuredBuffer",
    "FeedbackTexture2D",
    "FeedbackTexture2DArray",
    "InputPatch",
    "LineStream",
    "OutputPatch",
    "PointStream",
    "RasterizerOrderedBuffer",
    "RasterizerOrderedByteAddressBuffer",
    "RasterizerOrderedStructuredBuffer",
    "RasterizerOrderedTexture1D",
    "RasterizerOrderedTexture1DArray",
    "RasterizerOrderedTexture2D",
    "RasterizerOrderedTexture2DArray",
    "RasterizerOrderedTexture3D",
    "RayDesc",
    "RayQuery",
    "RaytracingAccelerationStructure",
    "RWBuffer",
    "RWByteAddressBuffer",
    "RWStructuredBuffer",
    "RWTexture1D",
    "RWTexture1DArray",
    "RWTexture2D",
    "RWTexture2DArray",
    "RWTexture2DMS",
    "RWTexture2DMSArray",
    "RWTexture3D",
    "SamplerComparisonState",
    "SamplerState",
    "StructuredBuffer",
    "Texture1D",
    "Texture1DArray",
    "Texture2D",
    "Texture2DArray",
    "Texture2DMS",
    "Texture2DMSArray",
    "Texture3D",
    "TextureBuffer",
    "TextureCube",
    "TextureCubeArray",
    "TriangleStream",
    "matrix",
    "sampler",
    "string",
    "vector",
];

/// System-value semantics and the usual user semantics.
pub const SEMANTICS: &[&str] = &[
    "SV_ClipDistance",
    "SV_Coverage",
    "SV_CullDistance",
    "SV_Depth",
    "SV_DepthGreaterEqual",
    "SV_DepthLessEqual",
    "SV_DispatchThreadID",
    "SV_DomainLocation",
    "SV_GroupID",
    "SV_GroupIndex",
    "SV_GroupThreadID",
    "SV_GSInstanceID",
    "SV_InnerCoverage",
    "SV_InsideTessFactor",
    "SV_InstanceID",
    "SV_IsFrontFace",
    "SV_OutputControlPointID",
    "SV_Position",
    "SV_PrimitiveID",
    "SV_RenderTargetArrayIndex",
    "SV_SampleIndex",
    "SV_StencilRef",
    "SV_Target",
    "SV_TessFactor",
    "SV_VertexID",
    "SV_ViewID",
    "SV_ViewportArrayIndex",
    "SV_ShadingRate",
    "SV_CullPrimitive",
    "SV_Barycentrics",
    "COLOR",
    "NORMAL",
    "POSITION",
    "TANGENT",
    "BINORMAL",
    "TEXCOORD",
    "BLENDINDICES",
    "BLENDWEIGHT",
    "PSIZE",
];

/// Attribute names written inside `[...]` (and `[[vk::...]]`).
pub const ATTRIBUTES: &[&str] = &[
    "numthreads",
    "shader",
    "unroll",
    "loop",
    "fastopt",
    "allow_uav_condition",
    "branch",
    "flatten",
    "forcecase",
    "call",
    "domain",
    "earlydepthstencil",
    "instance",
    "maxtessfactor",
    "maxvertexcount",
    "outputcontrolpoints",
    "outputtopology",
    "partitioning",
    "patchconstantfunc",
    "WaveSize",
    "NodeDispatch",
    "RootSignature",
    "vk::binding",
    "vk::location",
    "vk::builtin",
    "vk::push_constant",
    "vk::constant_id",
    "vk::input_attachment_index",
    "vk::offset",
    "vk::counter_binding",
    "vk::image_format",
    "vk::combinedImageSampler",
];

/// Preprocessor directives, without the `#`.
pub const DIRECTIVES: &[&str] = &[
    "define", "elif", "else", "endif", "error", "if", "ifdef", "ifndef", "include", "line",
    "pragma", "undef",
];

/// Whether `name` is a built-in type: a scalar, vector or matrix keyword, or an object type.
pub fn is_builtin_type(name: &str) -> bool {
    types::Type::from_hlsl_name(name).is_some() || OBJECT_TYPES.contains(&name)
}

/// The scalar, vector and matrix type names offered by completion: every scalar, and the
/// vectors and square-ish matrices of the common scalars.
pub fn numeric_type_names() -> Vec<String> {
    let mut out = vec!["void".to_owned(), "dword".to_owned()];
    for kind in types::ScalarKind::ALL {
        let name = kind.name();
        out.push(name.to_owned());
        for n in 1..=4 {
            out.push(format!("{name}{n}"));
        }
        if matches!(name, "float" | "half" | "int" | "uint" | "double" | "bool") {
            for r in 1..=4 {
                for c in 1..=4 {
                    out.push(format!("{name}{r}x{c}"));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_types() {
        for name in [
            "float4",
            "uint",
            "half3x3",
            "Texture2D",
            "min16float2",
            "void",
        ] {
            assert!(is_builtin_type(name), "{name}");
        }
        for name in ["float5", "S", "main", "Texture"] {
            assert!(!is_builtin_type(name), "{name}");
        }
        assert!(numeric_type_names().iter().all(|n| is_builtin_type(n)));
    }
}
