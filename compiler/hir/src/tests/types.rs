//! Inference snapshots of expressions: literals, operators, conversions, swizzles, indexing,
//! constructors and casts, and the built-in type spellings.

use expect_test::expect;

use super::check_infer;

#[test]
fn literals() {
    check_infer(
        r#"
void f() { 1; 1.0; 1u; 1.0f; 1.0h; 1.0l; 1l; true; 0x10; }
"#,
        expect![[r#"
            fn f:
            1 : literal int
            1.0 : literal float
            1u : uint
            1.0f : float
            1.0h : half
            1.0l : double
            1l : int64_t
            true : bool
            0x10 : literal int
        "#]],
    );
}

#[test]
fn int_float_arith() {
    check_infer(
        r#"
void f(int i, float x) { i + 1; x * 2; i + x; 1 + 2.0; i / 2; }
"#,
        expect![[r#"
            fn f:
            i + 1 : int
            i : int
            1 : literal int
            x * 2 : float
            x : float
            2 : literal int
            i + x : float
            i : int
            x : float
            1 + 2.0 : literal float
            1 : literal int
            2.0 : literal float
            i / 2 : int
            i : int
            2 : literal int
            local i : int
            local x : float
        "#]],
    );
}

#[test]
fn unsigned_wins() {
    check_infer(
        r#"
void f(int i, uint u) { i + u; u - 1; i * 2u; }
"#,
        expect![[r#"
            fn f:
            i + u : uint
            i : int
            u : uint
            u - 1 : uint
            u : uint
            1 : literal int
            i * 2u : uint
            i : int
            2u : uint
            local i : int
            local u : uint
        "#]],
    );
}

#[test]
fn half_and_float() {
    check_infer(
        r#"
void f(half h, float x, double d) { h + x; h * 2.0; d + x; h + 1; }
"#,
        expect![[r#"
            fn f:
            h + x : float
            h : half
            x : float
            h * 2.0 : half
            h : half
            2.0 : literal float
            d + x : double
            d : double
            x : float
            h + 1 : half
            h : half
            1 : literal int
            local h : half
            local x : float
            local d : double
        "#]],
    );
}

#[test]
fn min_precision() {
    check_infer(
        r#"
void f(min16float m, min16int k, float x) { m * 2.0; m + x; k + 1; k * m; }
"#,
        expect![[r#"
            fn f:
            m * 2.0 : min16float
            m : min16float
            2.0 : literal float
            m + x : float
            m : min16float
            x : float
            k + 1 : min16int
            k : min16int
            1 : literal int
            k * m : min16float
            k : min16int
            m : min16float
            local m : min16float
            local k : min16int
            local x : float
        "#]],
    );
}

#[test]
fn sixteen_bit() {
    check_infer(
        r#"
void f(int16_t a, uint16_t b, float16_t c, int64_t d) { a + b; c * 2; d + 1; a + d; }
"#,
        expect![[r#"
            fn f:
            a + b : uint16_t
            a : int16_t
            b : uint16_t
            c * 2 : float16_t
            c : float16_t
            2 : literal int
            d + 1 : int64_t
            d : int64_t
            1 : literal int
            a + d : int64_t
            a : int16_t
            d : int64_t
            local a : int16_t
            local b : uint16_t
            local c : float16_t
            local d : int64_t
        "#]],
    );
}

#[test]
fn bool_arith() {
    check_infer(
        r#"
void f(bool a, bool b) { a + b; a && b; !a; -a; }
"#,
        expect![[r#"
            fn f:
            a + b : int
            a : bool
            b : bool
            a && b : bool
            a : bool
            b : bool
            !a : bool
            a : bool
            -a : int
            a : bool
            local a : bool
            local b : bool
        "#]],
    );
}

#[test]
fn vector_scalar() {
    check_infer(
        r#"
void f(float4 v, float s) { v * s; s + v; v + 1; v * 2.0; }
"#,
        expect![[r#"
            fn f:
            v * s : float4
            v : float4
            s : float
            s + v : float4
            s : float
            v : float4
            v + 1 : float4
            v : float4
            1 : literal int
            v * 2.0 : float4
            v : float4
            2.0 : literal float
            local v : float4
            local s : float
        "#]],
    );
}

#[test]
fn vector_vector() {
    check_infer(
        r#"
void f(float4 a, float4 b, int4 i) { a + b; a * i; i + i; }
"#,
        expect![[r#"
            fn f:
            a + b : float4
            a : float4
            b : float4
            a * i : float4
            a : float4
            i : int4
            i + i : int4
            i : int4
            i : int4
            local a : float4
            local b : float4
            local i : int4
        "#]],
    );
}

#[test]
fn vector_truncation() {
    check_infer(
        r#"
void f(float4 a, float3 b) { a + b; }
"#,
        expect![[r#"
            fn f:
            a + b : float3
            a : float4
            b : float3
            local a : float4
            local b : float3
        "#]],
    );
}

#[test]
fn matrix_ops() {
    check_infer(
        r#"
void f(float4x4 m, float3x3 n, float s) { m * s; m + m; m + n; }
"#,
        expect![[r#"
            fn f:
            m * s : float4x4
            m : float4x4
            s : float
            m + m : float4x4
            m : float4x4
            m : float4x4
            m + n : float3x3
            m : float4x4
            n : float3x3
            local m : float4x4
            local n : float3x3
            local s : float
        "#]],
    );
}

#[test]
fn comparisons() {
    check_infer(
        r#"
void f(float4 a, float4 b, int i) { a < b; a == b; i != 0; 1 < 2; }
"#,
        expect![[r#"
            fn f:
            a < b : bool4
            a : float4
            b : float4
            a == b : bool4
            a : float4
            b : float4
            i != 0 : bool
            i : int
            0 : literal int
            1 < 2 : bool
            1 : literal int
            2 : literal int
            local a : float4
            local b : float4
            local i : int
        "#]],
    );
}

#[test]
fn logical() {
    check_infer(
        r#"
void f(bool a, int b) { a || b; a && true; }
"#,
        expect![[r#"
            fn f:
            a || b : bool
            a : bool
            b : int
            a && true : bool
            a : bool
            true : bool
            local a : bool
            local b : int
        "#]],
    );
}

#[test]
fn bitwise() {
    check_infer(
        r#"
void f(uint a, int b, uint2 v) { a & b; a << 2; b >> 1; v | 1; ~a; a ^ b; }
"#,
        expect![[r#"
            fn f:
            a & b : uint
            a : uint
            b : int
            a << 2 : uint
            a : uint
            2 : literal int
            b >> 1 : int
            b : int
            1 : literal int
            v | 1 : uint2
            v : uint2
            1 : literal int
            ~a : uint
            a : uint
            a ^ b : uint
            a : uint
            b : int
            local a : uint
            local b : int
            local v : uint2
        "#]],
    );
}

#[test]
fn shift_keeps_left() {
    check_infer(
        r#"
void f(uint16_t a, int b) { a << b; 1 << b; }
"#,
        expect![[r#"
            fn f:
            a << b : uint16_t
            a : uint16_t
            b : int
            1 << b : int
            1 : literal int
            b : int
            local a : uint16_t
            local b : int
        "#]],
    );
}

#[test]
fn unary() {
    check_infer(
        r#"
void f(int i, float2 v) { -i; +v; -v; !v; ++i; i--; }
"#,
        expect![[r#"
            fn f:
            -i : int
            i : int
            +v : float2
            v : float2
            -v : float2
            v : float2
            !v : bool2
            v : float2
            ++i : int
            i : int
            i-- : int
            i : int
            local i : int
            local v : float2
        "#]],
    );
}

#[test]
fn swizzle_vector() {
    check_infer(
        r#"
void f(float4 v) { v.x; v.xy; v.zyx; v.wwww; v.rgba; v.b; }
"#,
        expect![[r#"
            fn f:
            v.x : float
            v : float4
            v.xy : float2
            v : float4
            v.zyx : float3
            v : float4
            v.wwww : float4
            v : float4
            v.rgba : float4
            v : float4
            v.b : float
            v : float4
            local v : float4
        "#]],
    );
}

#[test]
fn swizzle_scalar() {
    check_infer(
        r#"
void f(float s) { s.x; s.xx; s.xxxx; s.r; }
"#,
        expect![[r#"
            fn f:
            s.x : float
            s : float
            s.xx : float2
            s : float
            s.xxxx : float4
            s : float
            s.r : float
            s : float
            local s : float
        "#]],
    );
}

#[test]
fn swizzle_matrix() {
    check_infer(
        r#"
void f(float4x4 m) { m._m00; m._11; m._m00_m11; m._11_22_33_44; }
"#,
        expect![[r#"
            fn f:
            m._m00 : float
            m : float4x4
            m._11 : float
            m : float4x4
            m._m00_m11 : float2
            m : float4x4
            m._11_22_33_44 : float4
            m : float4x4
            local m : float4x4
        "#]],
    );
}

#[test]
fn swizzle_literal() {
    check_infer(
        r#"
void f() { 1.0.xxx; }
"#,
        expect![[r#"
            fn f:
            1.0.xxx : float3
            1.0 : literal float
        "#]],
    );
}

#[test]
fn index_vector_matrix() {
    check_infer(
        r#"
void f(float4 v, float3x4 m, int i) { v[0]; v[i]; m[1]; m[i][2]; }
"#,
        expect![[r#"
            fn f:
            v[0] : float
            v : float4
            0 : literal int
            v[i] : float
            v : float4
            i : int
            m[1] : float4
            m : float3x4
            1 : literal int
            m[i][2] : float
            m[i] : float4
            m : float3x4
            i : int
            2 : literal int
            local v : float4
            local m : float3x4
            local i : int
        "#]],
    );
}

#[test]
fn index_array() {
    check_infer(
        r#"
void f() { float a[4]; int b[2][3]; a[1]; b[1]; b[1][2]; }
"#,
        expect![[r#"
            fn f:
            a[1] : float
            a : float[4]
            1 : literal int
            b[1] : int[3]
            b : int[2][3]
            1 : literal int
            b[1][2] : int
            b[1] : int[3]
            b : int[2][3]
            1 : literal int
            2 : literal int
            local a : float[4]
            local b : int[2][3]
        "#]],
    );
}

#[test]
fn index_resources() {
    check_infer(
        r#"
Texture2D<float4> t; RWTexture2D<float> rw; StructuredBuffer<float3> sb; Buffer<uint2> b; void f(uint2 p) { t[p]; rw[p]; sb[0]; b[1]; }
"#,
        expect![[r#"
            fn f:
            t[p] : float4
            t : Texture2D<float4>
            p : uint2
            rw[p] : float
            rw : RWTexture2D<float>
            p : uint2
            sb[0] : float3
            sb : StructuredBuffer<float3>
            0 : literal int
            b[1] : uint2
            b : Buffer<uint2>
            1 : literal int
            local p : uint2
        "#]],
    );
}

#[test]
fn structs() {
    check_infer(
        r#"
struct S { float a; int2 b; float4 c[2]; }; void f(S s) { s.a; s.b; s.b.y; s.c[1].zw; }
"#,
        expect![[r#"
            fn f:
            s.a : float
            s : S
            s.b : int2
            s : S
            s.b.y : int
            s.b : int2
            s : S
            s.c[1].zw : float2
            s.c[1] : float4
            s.c : float4[2]
            s : S
            1 : literal int
            local s : S
        "#]],
    );
}

#[test]
fn nested_structs() {
    check_infer(
        r#"
struct In { float x; }; struct Out { In inner; In arr[2]; }; void f(Out o) { o.inner.x; o.arr[1].x; }
"#,
        expect![[r#"
            fn f:
            o.inner.x : float
            o.inner : In
            o : Out
            o.arr[1].x : float
            o.arr[1] : In
            o.arr : In[2]
            o : Out
            1 : literal int
            local o : Out
        "#]],
    );
}

#[test]
fn constructors() {
    check_infer(
        r#"
void f(float2 a, float b) { float4(a, b, 1); float3(1, 2, 3); float2x2(1, 2, 3, 4); int(b); float4(a, a); }
"#,
        expect![[r#"
            fn f:
            float4(a, b, 1) : float4
            float4 : {unknown}
            a : float2
            b : float
            1 : literal int
            float3(1, 2, 3) : float3
            float3 : {unknown}
            1 : literal int
            2 : literal int
            3 : literal int
            float2x2(1, 2, 3, 4) : float2x2
            float2x2 : {unknown}
            1 : literal int
            2 : literal int
            3 : literal int
            4 : literal int
            int(b) : int
            int : {unknown}
            b : float
            float4(a, a) : float4
            float4 : {unknown}
            a : float2
            a : float2
            local a : float2
            local b : float
        "#]],
    );
}

#[test]
fn vector_template_ctor() {
    check_infer(
        r#"
void f() { vector<float, 2>(1, 2); matrix<int, 2, 2>(1, 2, 3, 4); }
"#,
        expect![[r#"
            fn f:
            vector<float, 2>(1, 2) : float2
            vector<float, 2> : {unknown}
            1 : literal int
            2 : literal int
            matrix<int, 2, 2>(1, 2, 3, 4) : int2x2
            matrix<int, 2, 2> : {unknown}
            1 : literal int
            2 : literal int
            3 : literal int
            4 : literal int
        "#]],
    );
}

#[test]
fn casts() {
    check_infer(
        r#"
void f(float4 v, int i) { (int)v.x; (float3)v; (uint)i; (float)1; (half2)v.xy; }
"#,
        expect![[r#"
            fn f:
            (int)v.x : int
            v.x : float
            v : float4
            (float3)v : float3
            v : float4
            (uint)i : uint
            i : int
            (float)1 : float
            1 : literal int
            (half2)v.xy : half2
            v.xy : float2
            v : float4
            local v : float4
            local i : int
        "#]],
    );
}

#[test]
fn ternary() {
    check_infer(
        r#"
void f(bool c, float a, int b, float3 v) { c ? a : b; c ? 1 : 2; c ? v : 0; }
"#,
        expect![[r#"
            fn f:
            c ? a : b : float
            c : bool
            a : float
            b : int
            c ? 1 : 2 : literal int
            c : bool
            1 : literal int
            2 : literal int
            c ? v : 0 : float3
            c : bool
            v : float3
            0 : literal int
            local c : bool
            local a : float
            local b : int
            local v : float3
        "#]],
    );
}

#[test]
fn assignment_types() {
    check_infer(
        r#"
void f() { float x; int i; x = 1; i = x; x += 2; i <<= 1; float4 v; v.xy = 1; v = 0; }
"#,
        expect![[r#"
            fn f:
            x = 1 : float
            x : float
            1 : literal int
            i = x : int
            i : int
            x : float
            x += 2 : float
            x : float
            2 : literal int
            i <<= 1 : int
            i : int
            1 : literal int
            v.xy = 1 : float2
            v.xy : float2
            v : float4
            1 : literal int
            v = 0 : float4
            v : float4
            0 : literal int
            local x : float
            local i : int
            local v : float4
        "#]],
    );
}

#[test]
fn comma() {
    check_infer(
        r#"
void f(int a, float b) { a, b; }
"#,
        expect![[r#"
            fn f:
            a, b : float
            a : int
            b : float
            local a : int
            local b : float
        "#]],
    );
}

#[test]
fn locals_and_scopes() {
    check_infer(
        r#"
void f() { int a = 1; { float a = 2.0; a; } a; for (int i = 0; i < 4; i++) { i; } }
"#,
        expect![[r#"
            fn f:
            1 : literal int
            2.0 : literal float
            a : float
            a : int
            0 : literal int
            i < 4 : bool
            i : int
            4 : literal int
            i++ : int
            i : int
            i : int
            local a : int
            local a : float
            local i : int
        "#]],
    );
}

#[test]
fn globals() {
    check_infer(
        r#"
static float g = 1.0; float4 color; cbuffer C { float4x4 mvp; float time; }; void f() { g; color; mvp; time; }
"#,
        expect![[r#"
            fn f:
            g : float
            color : float4
            mvp : float4x4
            time : float
        "#]],
    );
}

#[test]
fn const_globals() {
    check_infer(
        r#"
static const uint N = 8; static const float K[N] = {0,1,2,3,4,5,6,7}; void f() { K; K[2]; N * 2; }
"#,
        expect![[r#"
            fn f:
            K : float[8]
            K[2] : float
            K : float[8]
            2 : literal int
            N * 2 : uint
            N : uint
            2 : literal int
        "#]],
    );
}

#[test]
fn typedefs() {
    check_infer(
        r#"
typedef float4 color_t; typedef uint idx_t[3]; void f(color_t c, idx_t i) { c; i; c.rgb; }
"#,
        expect![[r#"
            fn f:
            c : float4
            i : uint[3]
            c.rgb : float3
            c : float4
            local c : float4
            local i : uint[3]
        "#]],
    );
}

#[test]
fn scalar_spellings() {
    check_infer(
        r#"
void f(dword a, half b, min10float c, min12int d, min16uint e, uint64_t g, float64_t h) { a; b; c; d; e; g; }
"#,
        expect![[r#"
            fn f:
            a : uint
            b : half
            c : min10float
            d : min12int
            e : min16uint
            g : uint64_t
            local a : uint
            local b : half
            local c : min10float
            local d : min12int
            local e : min16uint
            local g : uint64_t
            local h : double
        "#]],
    );
}

#[test]
fn vector_spellings() {
    check_infer(
        r#"
void f(bool2 a, dword3 b, half4 c, min16float2 d, int16_t3 e, uint64_t2 g) { a; b; c; d; e; g; }
"#,
        expect![[r#"
            fn f:
            a : bool2
            b : uint3
            c : half4
            d : min16float2
            e : int16_t3
            g : uint64_t2
            local a : bool2
            local b : uint3
            local c : half4
            local d : min16float2
            local e : int16_t3
            local g : uint64_t2
        "#]],
    );
}

#[test]
fn matrix_spellings() {
    check_infer(
        r#"
void f(float1x4 a, half2x3 b, int4x4 c, row_major float2x2 d, column_major float3x3 e, matrix m, vector v) { a; b; c; d; e; m; v; }
"#,
        expect![[r#"
            fn f:
            a : float1x4
            b : half2x3
            c : int4x4
            d : row_major float2x2
            e : float3x3
            m : float4x4
            v : float4
            local a : float1x4
            local b : half2x3
            local c : int4x4
            local d : row_major float2x2
            local e : float3x3
            local m : float4x4
            local v : float4
        "#]],
    );
}

#[test]
fn template_vector_matrix() {
    check_infer(
        r#"
void f(vector<int, 3> a, matrix<half, 2, 4> b, vector<float, 1> c) { a; b; c; }
"#,
        expect![[r#"
            fn f:
            a : int3
            b : half2x4
            c : float1
            local a : int3
            local b : half2x4
            local c : float1
        "#]],
    );
}

#[test]
fn resource_defaults() {
    check_infer(
        r#"
Texture2D t; Buffer b; RWTexture3D<uint> r; Texture2DArray<float2> ta; TextureCube tc; void f() { t; b; r; ta; tc; }
"#,
        expect![[r#"
            fn f:
            t : Texture2D<float4>
            b : Buffer<float4>
            r : RWTexture3D<uint>
            ta : Texture2DArray<float2>
            tc : TextureCube<float4>
        "#]],
    );
}

#[test]
fn resource_kinds() {
    check_infer(
        r#"
struct P { float3 pos; }; RWStructuredBuffer<P> a; AppendStructuredBuffer<P> b; ByteAddressBuffer c; RWByteAddressBuffer d; ConstantBuffer<P> e; SamplerState s; SamplerComparisonState sc; RaytracingAccelerationStructure rt; void f() { a; b; c; d; e; e.pos; s; sc; rt; a[0].pos; }
"#,
        expect![[r#"
            fn f:
            a : RWStructuredBuffer<P>
            b : AppendStructuredBuffer<P>
            c : ByteAddressBuffer
            d : RWByteAddressBuffer
            e : ConstantBuffer<P>
            e.pos : float3
            e : ConstantBuffer<P>
            s : SamplerState
            sc : SamplerComparisonState
            rt : RaytracingAccelerationStructure
            a[0].pos : float3
            a[0] : P
            a : RWStructuredBuffer<P>
            0 : literal int
        "#]],
    );
}
