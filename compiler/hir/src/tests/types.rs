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
fn vector1_as_scalar() {
    check_infer(
        r#"
void f(float1 a, float4 b) { a + b; a * 2; a.x; }
"#,
        expect![[r#"
            fn f:
            a + b : float4
            a : float1
            b : float4
            a * 2 : float1
            a : float1
            2 : literal int
            a.x : float
            a : float1
            local a : float1
            local b : float4
        "#]],
    );
}

#[test]
fn matrix_1xn_with_vector() {
    check_infer(
        r#"
void f(float1x4 m, float4 v) { m + v; }
"#,
        expect![[r#"
            fn f:
            m + v : float4
            m : float1x4
            v : float4
            local m : float1x4
            local v : float4
        "#]],
    );
}

#[test]
fn bool_vector_logic() {
    check_infer(
        r#"
void f(bool3 a, bool3 b) { a == b; !a; a.xy; }
"#,
        expect![[r#"
            fn f:
            a == b : bool3
            a : bool3
            b : bool3
            !a : bool3
            a : bool3
            a.xy : bool2
            a : bool3
            local a : bool3
            local b : bool3
        "#]],
    );
}

#[test]
fn int_division_and_mod() {
    check_infer(
        r#"
void f(int a, uint b, float c) { a / b; a % 3; c % 2.0; }
"#,
        expect![[r#"
            fn f:
            a / b : uint
            a : int
            b : uint
            a % 3 : int
            a : int
            3 : literal int
            c % 2.0 : float
            c : float
            2.0 : literal float
            local a : int
            local b : uint
            local c : float
        "#]],
    );
}

#[test]
fn nested_ternary() {
    check_infer(
        r#"
void f(int k, float a) { k > 0 ? a : k < 0 ? -a : 0; }
"#,
        expect![[r#"
            fn f:
            k > 0 ? a : k < 0 ? -a : 0 : float
            k > 0 : bool
            k : int
            0 : literal int
            a : float
            k < 0 ? -a : 0 : float
            k < 0 : bool
            k : int
            0 : literal int
            -a : float
            a : float
            0 : literal int
            local k : int
            local a : float
        "#]],
    );
}

#[test]
fn compare_literals_result() {
    check_infer(
        r#"
void f() { 1 == 1.0; 2 > 1; }
"#,
        expect![[r#"
            fn f:
            1 == 1.0 : bool
            1 : literal int
            1.0 : literal float
            2 > 1 : bool
            2 : literal int
            1 : literal int
        "#]],
    );
}

#[test]
fn cast_to_struct() {
    check_infer(
        r#"
struct S { float a; float b; }; void f() { (S)0; }
"#,
        expect![[r#"
            fn f:
            (S)0 : S
            0 : literal int
        "#]],
    );
}

#[test]
fn cast_array() {
    check_infer(
        r#"
void f(float4 v) { (float[4])v; }
"#,
        expect![[r#"
            fn f:
            (float[4])v : float[4]
            v : float4
            local v : float4
        "#]],
    );
}

#[test]
fn swizzle_of_call() {
    check_infer(
        r#"
float4 g() { return 0; } void f() { g().xy; g().w; }
"#,
        expect![[r#"
            fn g:
            0 : literal int
            fn f:
            g().xy : float2
            g() : float4
            g : {unknown}
            g().w : float
            g() : float4
            g : {unknown}
        "#]],
    );
}

#[test]
fn index_of_call() {
    check_infer(
        r#"
float4 g() { return 0; } void f() { g()[2]; }
"#,
        expect![[r#"
            fn g:
            0 : literal int
            fn f:
            g()[2] : float
            g() : float4
            g : {unknown}
            2 : literal int
        "#]],
    );
}

#[test]
fn member_of_index_of_member() {
    check_infer(
        r#"
struct A { float2 p[2]; }; struct B { A a[3]; }; void f(B b) { b.a[2].p[1].y; }
"#,
        expect![[r#"
            fn f:
            b.a[2].p[1].y : float
            b.a[2].p[1] : float2
            b.a[2].p : float2[2]
            b.a[2] : A
            b.a : A[3]
            b : B
            2 : literal int
            1 : literal int
            local b : B
        "#]],
    );
}

#[test]
fn assign_chain() {
    check_infer(
        r#"
void f() { float a, b, c; a = b = c = 1; }
"#,
        expect![[r#"
            fn f:
            a = b = c = 1 : float
            a : float
            b = c = 1 : float
            b : float
            c = 1 : float
            c : float
            1 : literal int
            local a : float
            local b : float
            local c : float
        "#]],
    );
}

#[test]
fn matrix_cast_truncate() {
    check_infer(
        r#"
void f(float4x4 m) { (float3x3)m; }
"#,
        expect![[r#"
            fn f:
            (float3x3)m : float3x3
            m : float4x4
            local m : float4x4
        "#]],
    );
}

#[test]
fn vector_cast_truncate() {
    check_infer(
        r#"
void f(float4 v) { (float2)v; (int3)v; }
"#,
        expect![[r#"
            fn f:
            (float2)v : float2
            v : float4
            (int3)v : int3
            v : float4
            local v : float4
        "#]],
    );
}

#[test]
fn scalar_broadcast_cast() {
    check_infer(
        r#"
void f(float s) { (float4)s; }
"#,
        expect![[r#"
            fn f:
            (float4)s : float4
            s : float
            local s : float
        "#]],
    );
}

#[test]
fn half_vectors() {
    check_infer(
        r#"
void f(half3 h, float3 f3) { h + f3; h * 0.5; }
"#,
        expect![[r#"
            fn f:
            h + f3 : float3
            h : half3
            f3 : float3
            h * 0.5 : half3
            h : half3
            0.5 : literal float
            local h : half3
            local f3 : float3
        "#]],
    );
}

#[test]
fn min16_vectors() {
    check_infer(
        r#"
void f(min16float4 a, min16int2 b) { a * 2; b + 1; a.xy * b; }
"#,
        expect![[r#"
            fn f:
            a * 2 : min16float4
            a : min16float4
            2 : literal int
            b + 1 : min16int2
            b : min16int2
            1 : literal int
            a.xy * b : min16float2
            a.xy : min16float2
            a : min16float4
            b : min16int2
            local a : min16float4
            local b : min16int2
        "#]],
    );
}

#[test]
fn int64_vectors() {
    check_infer(
        r#"
void f(int64_t2 a, uint64_t b) { a * b; }
"#,
        expect![[r#"
            fn f:
            a * b : uint64_t2
            a : int64_t2
            b : uint64_t
            local a : int64_t2
            local b : uint64_t
        "#]],
    );
}

#[test]
fn bitwise_vectors() {
    check_infer(
        r#"
void f(uint4 a, uint4 b) { a & b; a | 0xFF; a >> 4; ~a; }
"#,
        expect![[r#"
            fn f:
            a & b : uint4
            a : uint4
            b : uint4
            a | 0xFF : uint4
            a : uint4
            0xFF : literal int
            a >> 4 : uint4
            a : uint4
            4 : literal int
            ~a : uint4
            a : uint4
            local a : uint4
            local b : uint4
        "#]],
    );
}

#[test]
fn negative_literals() {
    check_infer(
        r#"
void f() { -1; -1.0; -(1 + 2); }
"#,
        expect![[r#"
            fn f:
            -1 : literal int
            1 : literal int
            -1.0 : literal float
            1.0 : literal float
            -(1 + 2) : literal int
            (1 + 2) : literal int
            1 + 2 : literal int
            1 : literal int
            2 : literal int
        "#]],
    );
}

#[test]
fn bool_literal_arith() {
    check_infer(
        r#"
void f() { true + 1; true && false; }
"#,
        expect![[r#"
            fn f:
            true + 1 : int
            true : bool
            1 : literal int
            true && false : bool
            true : bool
            false : bool
        "#]],
    );
}

#[test]
fn literal_suffix_mix() {
    check_infer(
        r#"
void f() { 1u + 1; 1.0f + 1.0; 1.0h * 2; 1l + 1u; }
"#,
        expect![[r#"
            fn f:
            1u + 1 : uint
            1u : uint
            1 : literal int
            1.0f + 1.0 : float
            1.0f : float
            1.0 : literal float
            1.0h * 2 : half
            1.0h : half
            2 : literal int
            1l + 1u : int64_t
            1l : int64_t
            1u : uint
        "#]],
    );
}

#[test]
fn octal_hex_literals() {
    check_infer(
        r#"
void f() { 017; 0xFFu; 0x7fffffff; }
"#,
        expect![[r#"
            fn f:
            017 : literal int
            0xFFu : uint
            0x7fffffff : literal int
        "#]],
    );
}

#[test]
fn float_exponent_literals() {
    check_infer(
        r#"
void f() { 1e3; 1.5e-2f; .5; 2.; }
"#,
        expect![[r#"
            fn f:
            1e3 : literal float
            1.5e-2f : float
            .5 : literal float
            2. : literal float
        "#]],
    );
}

#[test]
fn array_of_vectors_swizzle() {
    check_infer(
        r#"
void f() { float3 a[2]; a[0].zyx; a[1].x = 1; }
"#,
        expect![[r#"
            fn f:
            a[0].zyx : float3
            a[0] : float3
            a : float3[2]
            0 : literal int
            a[1].x = 1 : float
            a[1].x : float
            a[1] : float3
            a : float3[2]
            1 : literal int
            1 : literal int
            local a : float3[2]
        "#]],
    );
}

#[test]
fn matrix_array() {
    check_infer(
        r#"
void f() { float2x2 m[3]; m[2][1][0]; m[0]._m11; }
"#,
        expect![[r#"
            fn f:
            m[2][1][0] : float
            m[2][1] : float2
            m[2] : float2x2
            m : float2x2[3]
            2 : literal int
            1 : literal int
            0 : literal int
            m[0]._m11 : float
            m[0] : float2x2
            m : float2x2[3]
            0 : literal int
            local m : float2x2[3]
        "#]],
    );
}
