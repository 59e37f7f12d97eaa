//! Inference snapshots of statements and assignments: declarations and scopes, loops and
//! switches, assignments to locals, members, swizzles and resources.

use expect_test::expect;

use super::check_infer;

#[test]
fn switch_and_loops() {
    check_infer(
        r#"
void f(int k) { switch (k) { case 0: k = 1; break; default: break; } while (k < 3) k++; do { k--; } while (k > 0); }
"#,
        expect![[r#"
            fn f:
            k : int
            0 : literal int
            k = 1 : int
            k : int
            1 : literal int
            k < 3 : bool
            k : int
            3 : literal int
            k++ : int
            k : int
            k-- : int
            k : int
            k > 0 : bool
            k : int
            0 : literal int
            local k : int
        "#]],
    );
}

#[test]
fn compound_vector_assign() {
    check_infer(
        r#"
void f(float4 v, float s) { v *= s; v.xyz += 1; v.w /= 2; }
"#,
        expect![[r#"
            fn f:
            v *= s : float4
            v : float4
            s : float
            v.xyz += 1 : float3
            v.xyz : float3
            v : float4
            1 : literal int
            v.w /= 2 : float
            v.w : float
            v : float4
            2 : literal int
            local v : float4
            local s : float
        "#]],
    );
}

#[test]
fn matrix_index_assign() {
    check_infer(
        r#"
void f() { float4x4 m; m[0] = float4(1, 2, 3, 4); m[1][2] = 5; m._m00 = 1; }
"#,
        expect![[r#"
            fn f:
            m[0] = float4(1, 2, 3, 4) : float4
            m[0] : float4
            m : float4x4
            0 : literal int
            float4(1, 2, 3, 4) : float4
            float4 : {unknown}
            1 : literal int
            2 : literal int
            3 : literal int
            4 : literal int
            m[1][2] = 5 : float
            m[1][2] : float
            m[1] : float4
            m : float4x4
            1 : literal int
            2 : literal int
            5 : literal int
            m._m00 = 1 : float
            m._m00 : float
            m : float4x4
            1 : literal int
            local m : float4x4
        "#]],
    );
}

#[test]
fn post_pre_inc_types() {
    check_infer(
        r#"
void f(uint i, float x) { i++; ++x; x--; }
"#,
        expect![[r#"
            fn f:
            i++ : uint
            i : uint
            ++x : float
            x : float
            x-- : float
            x : float
            local i : uint
            local x : float
        "#]],
    );
}

#[test]
fn multiple_declarators() {
    check_infer(
        r#"
void f() { int a = 1, b = a + 1, c[2] = {a, b}; }
"#,
        expect![[r#"
            fn f:
            1 : literal int
            a + 1 : int
            a : int
            1 : literal int
            {a, b} : int[2]
            a : int
            b : int
            local a : int
            local b : int
            local c : int[2]
        "#]],
    );
}

#[test]
fn for_scope_shadowing() {
    check_infer(
        r#"
void f() { int i = 5; for (float i = 0; i < 1; i += 0.5) { i; } i; }
"#,
        expect![[r#"
            fn f:
            5 : literal int
            0 : literal int
            i < 1 : bool
            i : float
            1 : literal int
            i += 0.5 : float
            i : float
            0.5 : literal float
            i : float
            i : int
            local i : int
            local i : float
        "#]],
    );
}

#[test]
fn while_condition_types() {
    check_infer(
        r#"
void f(uint n) { while (n) { n--; } do { n++; } while (n < 10); }
"#,
        expect![[r#"
            fn f:
            n : uint
            n-- : uint
            n : uint
            n++ : uint
            n : uint
            n < 10 : bool
            n : uint
            10 : literal int
            local n : uint
        "#]],
    );
}

#[test]
fn switch_case_types() {
    check_infer(
        r#"
void f(uint k) { switch (k) { case 1: case 2u: break; default: break; } }
"#,
        expect![[r#"
            fn f:
            k : uint
            1 : literal int
            2u : uint
            local k : uint
        "#]],
    );
}

#[test]
fn this_member_assign() {
    check_infer(
        r#"
struct S { float x; void set(float v) { x = v; this.x = v; } };
"#,
        expect![[r#"
            fn set:
            x = v : float
            x : float
            v : float
            this.x = v : float
            this.x : float
            this : S
            v : float
            local v : float
        "#]],
    );
}

#[test]
fn global_static_member_assign() {
    check_infer(
        r#"
struct C { static int count; }; void f() { C::count = 1; C::count; }
"#,
        expect![[r#"
            fn f:
            C::count = 1 : int
            C::count : int
            1 : literal int
            C::count : int
        "#]],
    );
}

#[test]
fn groupshared_2d() {
    check_infer(
        r#"
groupshared float tile[8][8]; void f(uint2 t) { tile[t.y][t.x] = 0; tile[t.y]; }
"#,
        expect![[r#"
            fn f:
            tile[t.y][t.x] = 0 : float
            tile[t.y][t.x] : float
            tile[t.y] : float[8]
            tile : float[8][8]
            t.y : uint
            t : uint2
            t.x : uint
            t : uint2
            0 : literal int
            tile[t.y] : float[8]
            tile : float[8][8]
            t.y : uint
            t : uint2
            local t : uint2
        "#]],
    );
}

#[test]
fn precise_and_static_locals() {
    check_infer(
        r#"
float f() { precise float a = 1; static float b = 2; return a + b; }
"#,
        expect![[r#"
            fn f:
            1 : literal int
            2 : literal int
            a + b : float
            a : float
            b : float
            local a : float
            local b : float
        "#]],
    );
}

#[test]
fn const_param() {
    check_infer(
        r#"
float f(const float a) { return a * 2; }
"#,
        expect![[r#"
            fn f:
            a * 2 : float
            a : float
            2 : literal int
            local a : float
        "#]],
    );
}

#[test]
fn out_array_param() {
    check_infer(
        r#"
void f(out float a[3]) { a[0] = 1; a[1] = 2; a[2] = 3; }
"#,
        expect![[r#"
            fn f:
            a[0] = 1 : float
            a[0] : float
            a : float[3]
            0 : literal int
            1 : literal int
            a[1] = 2 : float
            a[1] : float
            a : float[3]
            1 : literal int
            2 : literal int
            a[2] = 3 : float
            a[2] : float
            a : float[3]
            2 : literal int
            3 : literal int
            local a : float[3]
        "#]],
    );
}

#[test]
fn comma_in_for() {
    check_infer(
        r#"
void f() { for (int i = 0, j = 10; i < j; i++, j--) { i + j; } }
"#,
        expect![[r#"
            fn f:
            0 : literal int
            10 : literal int
            i < j : bool
            i : int
            j : int
            i++, j-- : int
            i++ : int
            i : int
            j-- : int
            j : int
            i + j : int
            i : int
            j : int
            local i : int
            local j : int
        "#]],
    );
}

#[test]
fn discard_in_ps() {
    check_infer(
        r#"
float4 f(float a) : SV_Target { if (a < 0) discard; return a; }
"#,
        expect![[r#"
            fn f:
            a < 0 : bool
            a : float
            0 : literal int
            a : float
            local a : float
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
fn local_structs_and_typedefs() {
    check_infer(
        r#"
void f() {
    struct Hit { float t; float3 n; };
    typedef Hit Hits[2];
    Hit h;
    Hits all;
    struct { int k; } anon;
    h.n.y;
    all[1].t;
    anon.k;
    (Hit)0;
}
"#,
        expect![[r#"
            fn f:
            h.n.y : float
            h.n : float3
            h : Hit
            all[1].t : float
            all[1] : Hit
            all : Hit[2]
            1 : literal int
            anon.k : int
            anon : (anonymous struct at statement 4)
            (Hit)0 : Hit
            0 : literal int
            local h : Hit
            local all : Hit[2]
            local anon : (anonymous struct at statement 4)
        "#]],
    );
}
