//! HLSL and IR-dump spellings of types.

use expect_test::expect;
use types::{
    AddressSpace, MatrixOrientation, ResourceType, ScalarKind, StreamKind, StructType,
    StructuredKind, TextureAccess, TextureDim, Type,
};

#[test]
fn spellings() {
    let s = Type::structure(StructType {
        name: "S".into(),
        fields: Vec::new(),
    });
    let tys = vec![
        Type::Void,
        Type::scalar(ScalarKind::Min16Float),
        Type::vector(ScalarKind::Float, 4),
        Type::matrix(ScalarKind::Float, 3, 3),
        Type::matrix_with(ScalarKind::Half, 2, 4, MatrixOrientation::RowMajor),
        Type::array(Type::array(Type::INT, 3), 2),
        Type::unsized_array(Type::UINT),
        Type::resource(ResourceType::StructuredBuffer {
            kind: StructuredKind::ReadWrite,
            element: s.clone(),
        }),
        Type::resource(ResourceType::Texture {
            dim: TextureDim::D2MSArray,
            access: TextureAccess::ReadOnly,
            sample: Type::vector(ScalarKind::Float, 4),
        }),
        Type::resource(ResourceType::Texture {
            dim: TextureDim::D3,
            access: TextureAccess::RasterizerOrdered,
            sample: Type::UINT,
        }),
        Type::resource(ResourceType::TypedBuffer {
            access: TextureAccess::ReadWrite,
            element: Type::vector(ScalarKind::Int, 2),
        }),
        Type::resource(ResourceType::ByteAddressBuffer {
            access: TextureAccess::ReadWrite,
        }),
        Type::resource(ResourceType::Sampler { comparison: true }),
        Type::resource(ResourceType::ConstantBuffer { element: s.clone() }),
        Type::resource(ResourceType::Stream {
            kind: StreamKind::Triangle,
            element: s.clone(),
        }),
        Type::resource(ResourceType::InputPatch {
            element: s.clone(),
            count: 3,
        }),
        Type::resource(ResourceType::RaytracingAccelerationStructure),
        Type::pointer(AddressSpace::Function, Type::array(Type::FLOAT, 4)),
    ];
    let mut out = String::new();
    for t in &tys {
        out.push_str(&format!("{t}  |  {}\n", t.ir()));
    }
    expect![[r#"
        void  |  void
        min16float  |  min16float
        float4  |  float4
        float3x3  |  float3x3
        row_major half2x4  |  row_major half2x4
        int[2][3]  |  array<array<int, 3>, 2>
        uint[]  |  array<uint>
        RWStructuredBuffer<S>  |  RWStructuredBuffer<S>
        Texture2DMSArray<float4>  |  Texture2DMSArray<float4>
        RasterizerOrderedTexture3D<uint>  |  RasterizerOrderedTexture3D<uint>
        RWBuffer<int2>  |  RWBuffer<int2>
        RWByteAddressBuffer  |  RWByteAddressBuffer
        SamplerComparisonState  |  SamplerComparisonState
        ConstantBuffer<S>  |  ConstantBuffer<S>
        TriangleStream<S>  |  TriangleStream<S>
        InputPatch<S, 3>  |  InputPatch<S, 3>
        RaytracingAccelerationStructure  |  RaytracingAccelerationStructure
        ptr<function, float[4]>  |  ptr<function, array<float, 4>>
    "#]]
    .assert_eq(&out);
}

#[test]
fn scalar_names_round_trip_and_dword_is_uint() {
    for k in ScalarKind::ALL {
        assert_eq!(ScalarKind::from_name(k.name()), Some(k));
    }
    assert_eq!(ScalarKind::from_name("dword"), Some(ScalarKind::Uint));
    assert_eq!(ScalarKind::from_name("floaty"), None);
}

#[test]
fn equality_is_structural() {
    let a = Type::array(Type::vector(ScalarKind::Float, 3), 4);
    let b = Type::array(Type::vector(ScalarKind::Float, 3), 4);
    assert_eq!(a, b);
    assert_ne!(a, Type::array(Type::vector(ScalarKind::Float, 3), 5));
    assert_ne!(
        Type::matrix(ScalarKind::Float, 4, 4),
        Type::matrix_with(ScalarKind::Float, 4, 4, MatrixOrientation::RowMajor)
    );
}

#[test]
fn numeric_type_names_parse() {
    let names = [
        "float",
        "float4",
        "dword2",
        "half4x4",
        "min16float2x3",
        "bool1",
        "uint64_t3",
        "int16_t2x2",
        "void",
        "uint8_t4_packed",
        "int8_t4_packed",
        "float5",
        "float0",
        "floatx",
        "float4x",
        "float4x5",
        "texture",
        "",
        "x4",
    ];
    let mut out = String::new();
    for n in names {
        let parsed = Type::from_hlsl_name(n).map_or("-".to_owned(), |t| t.to_string());
        out.push_str(&format!("{n:?} -> {parsed}\n"));
    }
    expect![[r#"
        "float" -> float
        "float4" -> float4
        "dword2" -> uint2
        "half4x4" -> half4x4
        "min16float2x3" -> min16float2x3
        "bool1" -> bool1
        "uint64_t3" -> uint64_t3
        "int16_t2x2" -> int16_t2x2
        "void" -> void
        "uint8_t4_packed" -> uint
        "int8_t4_packed" -> uint
        "float5" -> -
        "float0" -> -
        "floatx" -> -
        "float4x" -> -
        "float4x5" -> -
        "texture" -> -
        "" -> -
        "x4" -> -
    "#]]
    .assert_eq(&out);
}
