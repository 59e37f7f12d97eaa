//! Matrices with one row or one column, mapped as DXC's `docs/SPIR-V.rst` ("Vectors and
//! matrices") says: `T1x1` is the scalar `T`, `T1xN` and `TNx1` the vector `TN`. Buffer
//! offsets are worked out by hand from DXC's layout rules (such a matrix is laid out as a
//! vector, except that `-fvk-use-dx-layout` gives a `column_major` 1xN or `row_major` Nx1 one
//! 16-byte row per component, an array of scalars with `ArrayStride 16`).

use crate::harness::compile;

#[test]
fn locals_of_every_kind_are_scalars_and_vectors() {
    let m = compile(
        "RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  float1x1 a = 1; int1x2 b = {1, 2}; uint3x1 c = {1, 2, 3}; bool1x4 d = true;
  half2x1 e = {1, 2}; double1x3 f = {1, 2, 3};
  Out[0] = a + b._12 + c._31 + (d._14 ? 1 : 0) + e._21 + (float)f._13;
}
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.pointee_definition("a"), "OpTypeFloat 32");
    assert!(m.pointee_definition("b").starts_with("OpTypeVector %int 2"));
    assert!(m
        .pointee_definition("c")
        .starts_with("OpTypeVector %uint 3"));
    assert!(m
        .pointee_definition("d")
        .starts_with("OpTypeVector %bool 4"));
    assert!(m
        .pointee_definition("e")
        .starts_with("OpTypeVector %float 2"));
    assert!(m
        .pointee_definition("f")
        .starts_with("OpTypeVector %double 3"));
    assert!(!m.has("OpTypeMatrix"), "{}", m.asm);
}

/// `float a; float1x3 b; float2x1 c; float1x1 d; row_major float1x2 e;` (b: 12 bytes, c: 8,
/// d: 4, e: 8).
const MEMBERS: &str = "float a; float1x3 b; float2x1 c; float1x1 d; row_major float1x2 e;";

fn cbuffer_offsets(flags: &[&str]) -> crate::harness::Module {
    let text = format!(
        "cbuffer C : register(b0) {{ {MEMBERS} }};
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {{
  Out[0] = a + b[0][2] + b._m01 + c[1][0] + d + e._12;
}}
"
    );
    compile(&text, "cs_6_0", flags)
}

#[test]
fn cbuffer_members_are_laid_out_as_vectors() {
    // Relaxed std140: b (a float3) packs after a at 4; c at 16; d at 24; e (8 bytes) would
    // straddle 28..36 and moves to 32. No MatrixStride: they are vectors.
    let m = cbuffer_offsets(&[]);
    assert_eq!(m.offsets("type.C"), [0, 4, 16, 24, 32]);
    assert!(m
        .member_decorations("type.C", "MatrixStride")
        .iter()
        .all(Option::is_none));
    // Strict std140: the float3 aligns to 16, the float2s to 8.
    assert_eq!(
        cbuffer_offsets(&["-fvk-use-gl-layout"]).offsets("type.C"),
        [0, 16, 32, 40, 48]
    );
    // Scalar: every member aligns to its 4-byte component.
    assert_eq!(
        cbuffer_offsets(&["-fvk-use-scalar-layout"]).offsets("type.C"),
        [0, 4, 16, 24, 28]
    );
}

#[test]
fn dx_layout_gives_each_column_of_a_one_row_matrix_its_own_row() {
    // column_major float1x3: three one-float columns, 16 bytes apart (36 bytes), from 16;
    // c (a float2 for DX) packs at 52, d at 60, e (row_major 1x2: one row, a float2) at 64.
    let m = cbuffer_offsets(&["-fvk-use-dx-layout"]);
    assert_eq!(m.offsets("type.C"), [0, 16, 52, 60, 64]);
    assert_eq!(
        m.decoration_of_id("%_arr_float_uint_3", "ArrayStride")
            .as_deref(),
        Some("16")
    );
    assert!(
        m.has("%_arr_float_uint_3 = OpTypeArray %float %uint_3"),
        "{}",
        m.asm
    );
    // With -Zpr the orientations flip: b (now row_major) is a float3 packed at 4, c (now a
    // row_major 2x1) two one-float rows from 16 (20 bytes), d at 36, e at 40.
    let zpr = cbuffer_offsets(&["-fvk-use-dx-layout", "-Zpr"]);
    assert_eq!(zpr.offsets("type.C"), [0, 4, 16, 36, 40]);
    assert!(
        zpr.has("%_arr_float_uint_2 = OpTypeArray %float %uint_2"),
        "{}",
        zpr.asm
    );
}

#[test]
fn dx_layout_row_major_column_and_struct_member() {
    // A row_major float3x1 is three one-float rows; inside a struct, { float1x1; float1x2;
    // float } takes 40 bytes (the float1x2 at 16, 20 bytes long, the float at 36), so the
    // member after the struct is at 16 + 40.
    let m = compile(
        "struct P { float1x1 x; float1x2 y; float z; };
cbuffer C : register(b0) { float a; P p; float b; row_major float3x1 r; };
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
  uint i = (uint)Out[1];
  Out[0] = a + p.x + p.y._12 + p.y[0][i] + p.z + b + r._21 + r[i][0];
}
",
        "cs_6_0",
        &["-fvk-use-dx-layout"],
    );
    assert_eq!(m.offsets("type.C"), [0, 16, 56, 64]);
    assert_eq!(m.offsets("P"), [0, 16, 36]);
    for array in ["%_arr_float_uint_2", "%_arr_float_uint_3"] {
        assert_eq!(
            m.decoration_of_id(array, "ArrayStride").as_deref(),
            Some("16"),
            "{}",
            m.asm
        );
    }
}

#[test]
fn structured_buffer_arrays_and_integer_forms() {
    // std430: a float1x3 element is a float3 (stride 16); an int1x2 member is an int2 and a
    // bool2x1 a uint2 (Vulkan has no booleans in buffers).
    let m = compile(
        "struct S { int1x2 i; bool2x1 b; float1x3 f[2]; };
RWStructuredBuffer<float1x3> A : register(u0);
RWStructuredBuffer<S> B : register(u1);
[numthreads(1, 1, 1)]
void main() {
  A[1] = A[0] * 2;
  S s = B[0];
  s.i += 1;
  s.b = !s.b;
  s.f[1] = s.f[0] + A[1];
  B[1] = s;
}
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.offsets("S"), [0, 8, 16]);
    assert_eq!(m.array_strides("%v3float"), [16, 16]);
}

#[test]
fn stage_variables_take_one_location_each() {
    // A float1x3 output is a vec3 at one location; a float4x1 input is a vec4 at one location.
    let m = compile(
        "struct VSOut { float4 pos : SV_Position; float1x3 a : TEXCOORD0; float2 b : TEXCOORD1; };
VSOut main(float4x1 p : POSITION, float1x2 q : NORMAL) {
  VSOut o;
  o.pos = (float4)p;
  o.a = float1x3(q._11, q._12, 1);
  o.b = (float2)q;
  return o;
}
",
        "vs_6_0",
        &[],
    );
    assert_eq!(m.location("in.POSITION"), 0);
    assert_eq!(m.location("in.NORMAL"), 1);
    assert_eq!(m.location("out.TEXCOORD0"), 0);
    assert_eq!(m.location("out.TEXCOORD1"), 1);
    assert!(m
        .pointee_definition("out.TEXCOORD0")
        .starts_with("OpTypeVector %float 3"));
    assert!(m
        .pointee_definition("in.POSITION")
        .starts_with("OpTypeVector %float 4"));
}

#[test]
fn products_use_dot_outer_product_and_scalar_forms() {
    let m = compile(
        "RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  float1x3 r = {1, 2, 3};
  float3x1 c = {4, 5, 6};
  float1x1 s = 2;
  float3x3 m = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  float x = mul(r, c);
  float3x3 o = mul(c, r);
  float1x3 rs = mul(s, r);
  float3x1 cs = mul(c, s);
  float1x3 rm = mul(r, m);
  float3x1 mc = mul(m, c);
  float3 v = mul((float3)r, m);
  Out[0] = float4((float3)rm + (float3)mc + v + (float3)rs + (float3)cs, x + o._32);
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpDot %float",
        "OpOuterProduct %mat3v3float",
        "OpVectorTimesScalar %v3float",
        "OpMatrixTimesVector %v3float",
        "OpVectorTimesMatrix %v3float",
    ]);
}

#[test]
fn integer_products_are_sums_of_scaled_rows() {
    // SPIR-V's matrix instructions take floats only: integer products (of any shape) are
    // built from `OpIMul` and `OpIAdd`.
    let m = compile(
        "RWStructuredBuffer<int4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  int1x2 r = {1, 2};
  int2x2 m = {1, 2, 3, 4};
  int2x1 c = {5, 6};
  int2 a = mul(r, m);
  int2x1 b = mul(m, c);
  int2x2 o = mul(c, r);
  int2x3 full = mul(int2x4(1, 2, 3, 4, 5, 6, 7, 8), int4x3(1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1));
  uint3 u = mul(uint3x2(1, 2, 3, 4, 5, 6), uint2(1, 1));
  Out[0] = int4(a, (int2)b + o[1]) + int4(full[1], u.z);
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpIMul %v2int", "OpIAdd %v2int"]);
    assert!(!m.has("OpMatrixTimes"), "{}", m.asm);
}

#[test]
fn casts_intrinsics_and_operators() {
    let m = compile(
        "RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  float3 v = Out[0].xyz;
  float1x3 k = (float1x3)v;
  float3x1 t = transpose(k);
  float2x2 q = {1, 2, 3, 4};
  float1x2 top = (float1x2)q;
  float2x1 left = (float2x1)q;
  float1x1 one = 5;
  float det = determinant(one);
  float1x3 f = abs(k) + sin(k) + lerp(k, (float1x3)t, 0.5) + saturate(k) + clamp(k, 0, 1);
  k++;
  t -= 1;
  bool ok = all(k > 0) && any((float3)t == v);
  Out[1] = float4((float3)f + (float3)t, det + top._12 + left._21 + (ok ? 1 : 0));
}
",
        "cs_6_0",
        &[],
    );
    assert!(!m.has("OpTranspose"), "{}", m.asm);
    assert!(!m.has("Determinant"), "{}", m.asm);
}

/// One shader with one-row and one-column matrices in a cbuffer, structured buffers,
/// groupshared memory, parameters, swizzles, dynamic indices and every product form: it
/// must compile and validate under every layout rule.
const EVERYTHING: &str =
    "struct S { float1x3 a; column_major bool1x3 b; row_major int3x1 c; float1x1 d; };
cbuffer C : register(b0) { float x; float1x3 cb; bool1x2 bb; row_major float2x1 rc; S s; };
RWStructuredBuffer<float1x3> B : register(u1);
RWStructuredBuffer<S> SB : register(u2);
groupshared float1x3 G[4];
float1x3 f(float3x1 p, inout float1x1 q) { q += 1; return transpose(p) * q; }
[numthreads(4, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  float1x3 k = cb;
  k._m01_m02 = float2(7, 8);
  float2 sw = k._m00_m02;
  float3x1 c = (float3x1)k;
  c[gi % 3] = 3;
  c[1] += 2;
  B[gi]._m01 = sw.y;
  B[gi][0] = k;
  B[gi][0][gi % 3] = 1;
  G[gi] = k;
  GroupMemoryBarrierWithGroupSync();
  float1x1 q = 2;
  float1x3 r = f(c, q);
  bool ok = bb._12 && s.b._13 && all(s.b) && any(bb);
  float1x3 sel = ok ? r : k;
  S t = SB[gi];
  t.a = G[(gi + 1) % 4] + cb[0][gi % 3] + rc[gi % 2][0] + s.c._21 + s.d;
  t.b = !t.b;
  t.c = mul(int3x3(1, 0, 0, 0, 1, 0, 0, 0, 1), t.c);
  SB[gi] = t;
  B[gi] = sel + mul(float3(1, 2, 3), (float3x1)k) + mul(2, k) + mul(float1(2), k)
    + (float1x3)mul((float3x1)k, float1(3));
}
";

#[test]
fn everything_validates_under_every_layout_rule() {
    let m = compile(EVERYTHING, "cs_6_0", &[]);
    // Relaxed std140: cb (a float3) packs at 4, bb (a uint2) at 16, rc (a float2) at 24,
    // the struct at 32.
    assert_eq!(m.offsets("type.C"), [0, 4, 16, 24, 32]);
    for flags in [
        &["-fvk-use-gl-layout"][..],
        &["-fvk-use-scalar-layout"],
        &["-fvk-use-dx-layout"],
    ] {
        compile(EVERYTHING, "cs_6_0", flags);
    }
    // DX: cb, bb and rc are one-component rows (36, 20 and 20 bytes, each from a new
    // 16-byte row): 16, 64, 96; s at 128 (after 116, rounded to the struct's 16).
    let dx = compile(EVERYTHING, "cs_6_0", &["-fvk-use-dx-layout"]);
    assert_eq!(dx.offsets("type.C"), [0, 16, 64, 96, 128]);
}
