//! Resolution of math intrinsics: template binding, broadcasting, literals, `mul` forms.

mod common;

cases! {
    lerp_broadcasts_scalar_weight: "lerp(float3, float3, float)" => "float3 lerp(float3 x, float3 y, float3 s)";
    lerp_literal_weight: "lerp(float3, float3, 0.5)" => "float3 lerp(float3 x, float3 y, float3 s)";
    lerp_half_stays_half: "lerp(half2, half2, 0.25)" => "half2 lerp(half2 x, half2 y, half2 s)";
    lerp_mixed_half_float_widens: "lerp(half3, float3, float)" => "float3 lerp(float3 x, float3 y, float3 s)";
    max_float_and_int_literal: "max(float, 0)" => "float max(float a, float b)";
    max_two_int_literals: "max(1, 2)" => "int max(int a, int b)";
    max_int_and_float_literal: "max(int, 0.5)" => "float max(float a, float b)";
    max_int_and_uint: "max(int, uint)" => "uint max(uint a, uint b)";
    max_int_and_float: "max(int2, float)" => "float2 max(float2 a, float2 b)";
    min_double: "min(double, double)" => "double min(double a, double b)";
    clamp_literals_broadcast: "clamp(float4, 0, 1)" => "float4 clamp(float4 x, float4 min, float4 max)";
    clamp_uint_literals: "clamp(uint, 0, 255)" => "uint clamp(uint x, uint min, uint max)";
    saturate_vector: "saturate(float3)" => "float3 saturate(float3 x)";
    saturate_matrix: "saturate(float2x2)" => "float2x2 saturate(float2x2 x)";
    sin_literal_int_is_float: "sin(1)" => "float sin(float x)";
    sin_int_converts_to_float: "sin(int3)" => "float3 sin(float3 x)";
    sin_bool_converts_to_float: "sin(bool2)" => "float2 sin(float2 x)";
    cos_min16float: "cos(min16float4)" => "min16float4 cos(min16float4 x)";
    sqrt_half: "sqrt(half)" => "half sqrt(half x)";
    rsqrt_float4: "rsqrt(float4)" => "float4 rsqrt(float4 x)";
    rcp_double: "rcp(double2)" => "double2 rcp(double2 x)";
    abs_int: "abs(int3)" => "int3 abs(int3 x)";
    abs_float_literal: "abs(-0.5)" => "float abs(float x)";
    pow_broadcast: "pow(float3, 2.0)" => "float3 pow(float3 x, float3 y)";
    exp2_float2: "exp2(float2)" => "float2 exp2(float2 x)";
    log10_float: "log10(float)" => "float log10(float x)";
    atan2_float2: "atan2(float2, float2)" => "float2 atan2(float2 y, float2 x)";
    fmod_float: "fmod(float, 2.0)" => "float fmod(float x, float y)";
    step_mixed: "step(0.5, float3)" => "float3 step(float3 y, float3 x)";
    smoothstep_literals: "smoothstep(0.0, 1.0, float2)" => "float2 smoothstep(float2 min, float2 max, float2 x)";
    mad_int: "mad(int, int, int)" => "int mad(int m, int a, int b)";
    fma_double: "fma(double, double, double)" => "double fma(double a, double b, double c)";
    frac_floor_ceil: "frac(float4)" => "float4 frac(float4 x)";
    round_half3: "round(half3)" => "half3 round(half3 x)";
    trunc_float: "trunc(float)" => "float trunc(float x)";
    modf_out_param: "modf(float3, float3)" => "float3 modf(float3 x, out float3 ip)";
    // DXC: an integer x converts to float, and the whole part converts to ip's kind.
    modf_uint: "modf(uint, uint)" => "float modf(float x, out uint ip)";
    modf_int_vector: "modf(int4, int4)" => "float4 modf(float4 x, out int4 ip)";
    modf_float_matrix_int_whole_part: "modf(float2x3, int2x3)" => "float2x3 modf(float2x3 x, out int2x3 ip)";
    frexp_out_param: "frexp(float, float)" => "float frexp(float x, out float exp)";
    ldexp_vector: "ldexp(float2, float2)" => "float2 ldexp(float2 x, float2 exp)";
    sincos_two_outs: "sincos(float2, float2, float2)" => "void sincos(float2 x, out float2 s, out float2 c)";
    sign_returns_int: "sign(float3)" => "int3 sign(float3 x)";
    isnan_returns_bool: "isnan(float4)" => "bool4 isnan(float4 x)";
    isinf_scalar: "isinf(half)" => "bool isinf(half x)";
    isfinite_matrix: "isfinite(float2x3)" => "bool2x3 isfinite(float2x3 x)";
    degrees_radians: "radians(float3)" => "float3 radians(float3 x)";
    dot_vectors: "dot(float3, float3)" => "float dot(float3 a, float3 b)";
    dot_ints: "dot(int4, int4)" => "int dot(int4 a, int4 b)";
    dot_broadcast_scalar: "dot(float3, 1.0)" => "float dot(float3 a, float3 b)";
    cross_float3: "cross(float3, float3)" => "float3 cross(float3 a, float3 b)";
    length_vector: "length(float3)" => "float length(float3 x)";
    length_scalar: "length(float)" => "float length(float x)";
    distance_points: "distance(float2, float2)" => "float distance(float2 a, float2 b)";
    normalize_half: "normalize(half3)" => "half3 normalize(half3 x)";
    reflect_vectors: "reflect(float3, float3)" => "float3 reflect(float3 i, float3 n)";
    refract_scalar_eta: "refract(float3, float3, float)" => "float3 refract(float3 i, float3 n, float eta)";
    refract_vector_eta_truncates: "refract(float4, float4, uint4)" => "float4 refract(float4 i, float4 n, float eta)";
    faceforward_vectors: "faceforward(float3, float3, float3)" => "float3 faceforward(float3 n, float3 i, float3 ng)";
    lit_scalars: "lit(float, float, 16)" => "float4 lit(float n_dot_l, float n_dot_h, float m)";
    dst_vectors: "dst(float4, float4)" => "float4 dst(float4 a, float4 b)";
    determinant_3x3: "determinant(float3x3)" => "float determinant(float3x3 m)";
    transpose_3x4: "transpose(float3x4)" => "float4x3 transpose(float3x4 m)";
    transpose_int: "transpose(int2x4)" => "int4x2 transpose(int2x4 m)";
    mul_scalar_scalar: "mul(float, float)" => "float mul(float a, float b)";
    mul_scalar_vector: "mul(float, float3)" => "float3 mul(float a, float3 b)";
    mul_scalar_matrix: "mul(2.0, float3x3)" => "float3x3 mul(float a, float3x3 b)";
    mul_vector_scalar: "mul(float4, float)" => "float4 mul(float4 a, float b)";
    mul_vector_vector_is_dot: "mul(float3, float3)" => "float mul(float3 a, float3 b)";
    mul_row_vector_matrix: "mul(float4, float4x4)" => "float4 mul(float4 a, float4x4 b)";
    mul_row_vector_nonsquare: "mul(float3, float3x2)" => "float2 mul(float3 a, float3x2 b)";
    mul_matrix_scalar: "mul(float2x3, 0.5)" => "float2x3 mul(float2x3 a, float b)";
    mul_matrix_column_vector: "mul(float3x4, float4)" => "float3 mul(float3x4 a, float4 b)";
    mul_matrix_matrix: "mul(float3x4, float4x2)" => "float3x2 mul(float3x4 a, float4x2 b)";
    mul_int_matrices: "mul(int2x2, int2x2)" => "int2x2 mul(int2x2 a, int2x2 b)";
    mul_mixed_kinds_float: "mul(int3, float3x3)" => "float3 mul(float3 a, float3x3 b)";
    // A 1xN matrix fixes the vector size of `mul(T<k>, T<kxc>)` to 1: a scalar is still the
    // scalar form, and a `float1` the vector form (its own shape).
    mul_scalar_one_row_matrix: "mul(2, float1x3)" => "float1x3 mul(float a, float1x3 b)";
    mul_float1_one_row_matrix: "mul(float1, float1x3)" => "float3 mul(float1 a, float1x3 b)";
    mul_one_column_matrix_float1: "mul(float3x1, float1)" => "float3 mul(float3x1 a, float1 b)";
    mul_row_times_column: "mul(float1x3, float3x1)" => "float1x1 mul(float1x3 a, float3x1 b)";
    all_vector: "all(bool3)" => "bool all(bool3 x)";
    any_float: "any(float4)" => "bool any(float4 x)";
    select_broadcast: "select(bool3, float3, float)" => "float3 select(bool3 cond, float3 t, float3 f)";
    select_scalar: "select(bool, int, 0)" => "int select(bool cond, int t, int f)";
    and_bools: "and(bool2, bool2)" => "bool2 and(bool2 a, bool2 b)";
    or_converts_to_bool: "or(int, bool)" => "bool or(bool a, bool b)";
}

#[test]
fn row_major_arguments_keep_their_orientation() {
    use intrinsics::{resolve_call, ArgType};
    use types::{MatrixOrientation, ScalarKind, Type};
    let m = Type::matrix_with(ScalarKind::Float, 4, 4, MatrixOrientation::RowMajor);
    let v = Type::vector(ScalarKind::Float, 4);
    let r = resolve_call("mul", &[ArgType::Type(v.clone()), ArgType::Type(m.clone())]).unwrap();
    assert_eq!(r.params[1].ty, m);
    assert_eq!(r.ret, v);
    assert_eq!(r.cost, 0);
    assert!(r.doc.starts_with("Multiplies"));
    let i = Type::matrix(ScalarKind::Int, 4, 4);
    let r = resolve_call("mul", &[ArgType::Type(i), ArgType::Type(m.clone())]).unwrap();
    assert_eq!(r.params[0].ty, Type::matrix(ScalarKind::Float, 4, 4));
    assert_eq!(r.params[1].ty, m);
}

cases! {
    one_component_vector_broadcasts: "lerp(float3, float3, float1)" => "float3 lerp(float3 x, float3 y, float3 s)";
    one_component_vector_alone: "sin(float1)" => "float1 sin(float1 x)";
}
