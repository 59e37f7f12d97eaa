//! Every error kind, with its message.

mod common;

use intrinsics::{resolve_call, resolve_method, ArgType, Error};
use types::{ScalarKind, Type};

cases! {
    unknown_intrinsic: "lerpp(float, float, float)" => "error: unknown intrinsic `lerpp`";
    intrinsic_names_are_case_sensitive: "Lerp(float, float, float)" => "error: unknown intrinsic `Lerp`";
    too_few_arguments: "lerp(float3, float3)" => "error: `lerp` takes 3 arguments, not 2";
    too_many_arguments: "sin(float, float)" => "error: `sin` takes 1 argument, not 2";
    several_accepted_counts: "InterlockedAdd(int)" => "error: `InterlockedAdd` takes 2 or 3 arguments, not 1";
    variadic_needs_format: "printf()" => "error: `printf` takes 1 or more arguments, not 0";
    sample_counts: "Texture2D<float4>.Sample(SamplerState)" => "error: `Sample` takes 2, 3, 4 or 5 arguments, not 1";
    vector_and_matrix_mix: "max(float4, float2x2)" => "error: no overload of `max` takes (float4, float2x2)\n  candidate: T max(T a, T b) where T: numeric";
    length_rejects_matrix: "length(float3x3)" => "error: no overload of `length` takes (float3x3)\n  candidate: T<> length(T x) where T: float_like sv";
    cross_needs_three: "cross(float4, float4)" => "error: no overload of `cross` takes (float4, float4)\n  candidate: T<3> cross(T<3> a, T<3> b) where T: float_like";
    determinant_needs_square: "determinant(float3x4)" => "error: no overload of `determinant` takes (float3x4)\n  candidate: T<> determinant(T<nxn> m) where T: float_like";
    mul_inner_dimension_mismatch: "mul(float3, float4x4)" => "error: no overload of `mul` takes (float3, float4x4)\n  candidate: T<> mul(T<> a, T<> b) where T: numeric\n  candidate: T<n> mul(T<> a, T<n> b) where T: numeric\n  candidate: T<rxc> mul(T<> a, T<rxc> b) where T: numeric\n  candidate: T<n> mul(T<n> a, T<> b) where T: numeric\n  candidate: T<> mul(T<n> a, T<n> b) where T: numeric\n  candidate: T<c> mul(T<k> a, T<kxc> b) where T: numeric\n  candidate: T<rxc> mul(T<rxc> a, T<> b) where T: numeric\n  candidate: T<r> mul(T<rxk> a, T<k> b) where T: numeric\n  candidate: T<rxc> mul(T<rxk> a, T<kxc> b) where T: numeric";
    atomic_on_float: "InterlockedAnd(float, 1)" => "error: no overload of `InterlockedAnd` takes (float, literal int)\n  candidate: void InterlockedAnd(inout T dest, T value) where T: int32 s\n  candidate: [SM 6.6] void InterlockedAnd(inout T dest, T value) where T: int64 s";
    out_param_rejects_literal: "modf(float, 1.0)" => "error: no overload of `modf` takes (float, literal float)\n  candidate: T modf(T x, out U<T> ip) where T: float_like, U: numeric";
    out_param_rejects_broadcast: "sincos(float3, float, float)" => "error: no overload of `sincos` takes (float3, float, float)\n  candidate: void sincos(T x, out T s, out T c) where T: float_like";
    string_only_for_printf: "sin(\"x\")" => "error: no overload of `sin` takes (string)\n  candidate: T sin(T x) where T: float_like";
    asuint16_refuses_an_int_variable: "asuint16(int)" => "error: no overload of `asuint16` takes (int)\n  candidate: uint16_t<T> asuint16(T x) where T: bits16";
    struct_to_numeric: "abs(S)" => "error: no overload of `abs` takes (S)\n  candidate: T abs(T x) where T: numeric";
    sampler_kind_matters: "Texture2D<float>.SampleCmp(SamplerState, float2, 0.5)" => "error: no overload of `SampleCmp` takes (SamplerState, float2, literal float)\n  candidate: float SampleCmp(SamplerComparisonState s, float2 location, float compareValue)";
    wrong_coordinate_size: "Texture2DArray<float4>.SampleLevel(SamplerState, float2, 0)" => "error: no overload of `SampleLevel` takes (SamplerState, float2, literal int)\n  candidate: float4 SampleLevel(SamplerState s, float3 location, float lod)";
    get_dimensions_bool_outs_are_ambiguous: "Texture2D<float4>.GetDimensions(bool, bool)" => "error: call to `GetDimensions` with (bool, bool) is ambiguous\n  candidate: void GetDimensions(out uint width, out uint height)\n  candidate: void GetDimensions(out float width, out float height)";
    pack_u8_needs_four_components: "pack_u8(int3)" => "error: no overload of `pack_u8` takes (int3)\n  candidate: uint pack_u8(T<4> v) where T: int16or32";
    cube_has_no_load: "TextureCube<float4>.Load(int4)" => "error: `TextureCube<float4>` has no method `Load`";
    cube_coordinates_do_not_widen: "TextureCube<float4>.Sample(SamplerState, float2)" => "error: no overload of `Sample` takes (SamplerState, float2)\n  candidate: float4 Sample(SamplerState s, float3 location)";
    texture3d_has_no_sample_cmp: "Texture3D<float>.SampleCmp(SamplerComparisonState, float3, 0.5)" => "error: `Texture3D<float>` has no method `SampleCmp`";
    readonly_buffer_has_no_store: "ByteAddressBuffer.Store(0, 1)" => "error: `ByteAddressBuffer` has no method `Store`";
    structured_has_no_counter: "StructuredBuffer<S>.IncrementCounter()" => "error: `StructuredBuffer<S>` has no method `IncrementCounter`";
    ms_texture_has_no_sample: "Texture2DMS<float4>.Sample(SamplerState, float2)" => "error: `Texture2DMS<float4>` has no method `Sample`";
    rw_texture_has_no_sample: "RWTexture2D<float4>.Sample(SamplerState, float2)" => "error: `RWTexture2D<float4>` has no method `Sample`";
    ray_query_unknown: "RayQuery.Foo()" => "error: `RayQuery` has no method `Foo`";
}

#[test]
fn methods_of_non_resource() {
    let err = resolve_method(&Type::FLOAT, "Sample", &[]).unwrap_err();
    assert_eq!(
        err,
        Error::UnknownMethod {
            object: "float".into(),
            method: "Sample".into()
        }
    );
}

#[test]
fn error_values_are_structured() {
    let err = resolve_call("clamp", &[ArgType::LiteralInt]).unwrap_err();
    assert_eq!(
        err,
        Error::WrongArgCount {
            name: "clamp".into(),
            got: 1,
            accepted: vec![3],
            at_least: None
        }
    );
    let f3 = ArgType::Type(Type::vector(ScalarKind::Float, 3));
    let m2 = ArgType::Type(Type::matrix(ScalarKind::Float, 2, 2));
    match resolve_call("min", &[f3, m2]).unwrap_err() {
        Error::NoMatch {
            args, candidates, ..
        } => {
            assert_eq!(args, ["float3", "float2x2"]);
            assert_eq!(candidates, ["T min(T a, T b) where T: numeric"]);
        }
        e => panic!("unexpected {e:?}"),
    }
    let tex = Type::resource(types::ResourceType::Texture {
        dim: types::TextureDim::D2,
        access: types::TextureAccess::ReadOnly,
        sample: Type::FLOAT,
    });
    // `int` outputs take the `uint` overload (see `methods.rs`); `bool` ones fit neither better.
    let b = ArgType::Type(Type::BOOL);
    match resolve_method(&tex, "GetDimensions", &[b.clone(), b]).unwrap_err() {
        Error::Ambiguous { candidates, .. } => assert_eq!(candidates.len(), 2),
        e => panic!("unexpected {e:?}"),
    }
}

cases! {
    atomic_half_dest_is_not_converted: "InterlockedExchange(half, half, half)" => "error: no overload of `InterlockedExchange` takes (half, half, half)\n  candidate: void InterlockedExchange(inout T dest, T value, out T original) where T: int32 s\n  candidate: [SM 6.6] void InterlockedExchange(inout T dest, T value, out T original) where T: int64 s\n  candidate: [SM 6.6] void InterlockedExchange(inout float dest, float value, out float original)";
    atomic_dest_must_be_scalar: "InterlockedAdd(uint2, uint2)" => "error: no overload of `InterlockedAdd` takes (uint2, uint2)\n  candidate: void InterlockedAdd(inout T dest, T value) where T: int32 s\n  candidate: [SM 6.6] void InterlockedAdd(inout T dest, T value) where T: int64 s\n  candidate: [SM 6.6] void InterlockedAdd(inout float dest, float value)";
}
