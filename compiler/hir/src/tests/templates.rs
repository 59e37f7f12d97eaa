//! HLSL 2021 user templates: deduction of template arguments from call arguments, template
//! structs with members of the parameter types, and instantiations used in later expressions.

use expect_test::expect;

use super::{check_diagnostics, check_infer};

#[test]
fn deduce_from_vector_argument() {
    check_infer(
        r#"
template<typename T> T twice(T v) { return v + v; }
void f(float3 a, int2 b, half h) { twice(a).xy; twice(b) * 2; twice(h); }
"#,
        expect![[r#"
            fn twice:
            v + v : {unknown}
            v : {unknown}
            v : {unknown}
            local v : {unknown}
            fn f:
            twice(a).xy : float2
            twice(a) : float3
            twice : {unknown}
            a : float3
            twice(b) * 2 : int2
            twice(b) : int2
            twice : {unknown}
            b : int2
            2 : literal int
            twice(h) : half
            twice : {unknown}
            h : half
            local a : float3
            local b : int2
            local h : half
        "#]],
    );
}

#[test]
fn deduce_two_parameters_and_return_pair() {
    check_infer(
        r#"
template<typename T, typename U> T first(T a, U b) { return a; }
void f(float2 a, uint b) { first(a, b); first(b, a); }
"#,
        expect![[r#"
            fn first:
            a : {unknown}
            local a : {unknown}
            local b : {unknown}
            fn f:
            first(a, b) : float2
            first : {unknown}
            a : float2
            b : uint
            first(b, a) : uint
            first : {unknown}
            b : uint
            a : float2
            local a : float2
            local b : uint
        "#]],
    );
}

#[test]
fn template_struct_members_of_type_t() {
    check_infer(
        r#"
template<typename T> struct Pair { T a; T b; T sum() { return a + b; } };
void f() { Pair<float4> p; p.a.w; p.sum().xyz; Pair<int> q; q.a + q.b; q.sum() / 2; }
"#,
        expect![[r#"
            fn sum:
            a + b : {unknown}
            a : {unknown}
            b : {unknown}
            fn f:
            p.a.w : float
            p.a : float4
            p : Pair<float4>
            p.sum().xyz : float3
            p.sum() : float4
            p : Pair<float4>
            q.a + q.b : int
            q.a : int
            q : Pair<int>
            q.b : int
            q : Pair<int>
            q.sum() / 2 : int
            q.sum() : int
            q : Pair<int>
            2 : literal int
            local p : Pair<float4>
            local q : Pair<int>
        "#]],
    );
}

#[test]
fn template_struct_array_member_and_value_parameter() {
    check_infer(
        r#"
template<typename T, uint N> struct Ring { T items[N]; uint head; T at(uint i) { return items[i % N]; } };
void f() { Ring<float2, 4> r; r.items; r.items[1].y; r.at(5); }
"#,
        expect![[r#"
            fn at:
            items[i % N] : {unknown}
            items : {unknown}
            i % N : uint
            i : uint
            N : uint
            local i : uint
            fn f:
            r.items : float2[4]
            r : Ring<float2, 4>
            r.items[1].y : float
            r.items[1] : float2
            r.items : float2[4]
            r : Ring<float2, 4>
            1 : literal int
            r.at(5) : float2
            r : Ring<float2, 4>
            5 : literal int
            local r : Ring<float2, 4>
        "#]],
    );
}

#[test]
fn template_function_returning_template_struct() {
    check_infer(
        r#"
template<typename T> struct Box { T v; };
template<typename T> Box<T> box(T v) { Box<T> b; b.v = v; return b; }
void f() { box(1.5f).v; box(uint3(1, 2, 3)).v.z; }
"#,
        expect![[r#"
            fn box:
            b.v = v : {unknown}
            b.v : {unknown}
            b : {unknown}
            v : {unknown}
            b : {unknown}
            local v : {unknown}
            local b : {unknown}
            fn f:
            box(1.5f).v : float
            box(1.5f) : Box<float>
            box : {unknown}
            1.5f : float
            box(uint3(1, 2, 3)).v.z : uint
            box(uint3(1, 2, 3)).v : uint3
            box(uint3(1, 2, 3)) : Box<uint3>
            box : {unknown}
            uint3(1, 2, 3) : uint3
            uint3 : {unknown}
            1 : literal int
            2 : literal int
            3 : literal int
        "#]],
    );
}

#[test]
fn nested_template_structs() {
    check_infer(
        r#"
template<typename T> struct Box { T v; };
void f() { Box<Box<float3> > bb; bb.v; bb.v.v.x; }
"#,
        expect![[r#"
            fn f:
            bb.v : Box<float3>
            bb : Box<Box<float3>>
            bb.v.v.x : float
            bb.v.v : float3
            bb.v : Box<float3>
            bb : Box<Box<float3>>
            local bb : Box<Box<float3>>
        "#]],
    );
}

#[test]
fn template_call_in_later_expressions() {
    check_infer(
        r#"
template<typename T> T clampTo(T v, T lo, T hi) { return min(max(v, lo), hi); }
float4 f(float4 c) { float4 x = clampTo(c, (float4)0, (float4)1) * 2; return x + clampTo(c, c, c).wzyx; }
"#,
        expect![[r#"
            fn clampTo:
            min(max(v, lo), hi) : {unknown}
            min : {unknown}
            max(v, lo) : {unknown}
            max : {unknown}
            v : {unknown}
            lo : {unknown}
            hi : {unknown}
            local v : {unknown}
            local lo : {unknown}
            local hi : {unknown}
            fn f:
            clampTo(c, (float4)0, (float4)1) * 2 : float4
            clampTo(c, (float4)0, (float4)1) : float4
            clampTo : {unknown}
            c : float4
            (float4)0 : float4
            0 : literal int
            (float4)1 : float4
            1 : literal int
            2 : literal int
            x + clampTo(c, c, c).wzyx : float4
            x : float4
            clampTo(c, c, c).wzyx : float4
            clampTo(c, c, c) : float4
            clampTo : {unknown}
            c : float4
            c : float4
            c : float4
            local c : float4
            local x : float4
        "#]],
    );
}

#[test]
fn template_struct_with_struct_argument() {
    check_infer(
        r#"
struct Light { float3 color; float range; };
template<typename T> struct List { T items[8]; uint count; };
void f(List<Light> l) { l.items[0].color; l.items[l.count - 1].range * 2; }
"#,
        expect![[r#"
            fn f:
            l.items[0].color : float3
            l.items[0] : Light
            l.items : Light[8]
            l : List<Light>
            0 : literal int
            l.items[l.count - 1].range * 2 : float
            l.items[l.count - 1].range : float
            l.items[l.count - 1] : Light
            l.items : Light[8]
            l : List<Light>
            l.count - 1 : uint
            l.count : uint
            l : List<Light>
            1 : literal int
            2 : literal int
            local l : List<Light>
        "#]],
    );
}

#[test]
fn template_mismatch_is_reported() {
    check_diagnostics(
        r#"
template<typename T> struct Box { T v; };
template<typename T> T same(T a, T b) { return a; }
void f() { Box<float2> b; float4 x = b.v; }
"#,
        expect![[r#"
            E2003 4:38 `b.v`: cannot convert from `float2` to `float4`
        "#]],
    );
}

#[test]
fn deduce_through_vector_and_matrix_parameters() {
    check_infer(
        r#"
template<typename T> T head(vector<T, 3> v) { return v.x; }
template<typename T, int R, int C> vector<T, C> row0(matrix<T, R, C> m) { return m[0]; }
void f(float3 a, int3 b, float2x4 m) { head(a); head(b); row0(m); }
"#,
        expect![[r#"
            fn head:
            v.x : {unknown}
            v : {unknown}
            local v : {unknown}
            fn row0:
            m[0] : {unknown}
            m : {unknown}
            0 : literal int
            local m : {unknown}
            fn f:
            head(a) : float
            head : {unknown}
            a : float3
            head(b) : int
            head : {unknown}
            b : int3
            row0(m) : float4
            row0 : {unknown}
            m : float2x4
            local a : float3
            local b : int3
            local m : float2x4
        "#]],
    );
}

#[test]
fn conflicting_deduction() {
    check_diagnostics(
        r#"
template<typename T> T same(T a, T b) { return a; }
void f(float a, int2 b) { same(a, b); }
"#,
        expect![[r#"
            E2004 3:27 `same(a, b)`: no matching overload for call to `same(float, int2)`: template parameter `T` deduced as both `float` and `int2`
              note 2:24 `same`: candidate: float same(float a, float b)
        "#]],
    );
}

#[test]
fn template_struct_default_arguments() {
    // A parameter not written takes its default; a default naming an earlier parameter takes
    // that parameter's argument (DXC's `template <typename T0, typename T1 = A>`).
    check_infer(
        r#"
struct A { int k; };
template <typename T0, typename T1 = A> struct B { T0 m0; T1 m1; };
template <typename T = float, uint N = 3> struct V { vector<T, N> v; };
template <typename T, typename U = T> struct P { T a; U b; };
void f(B<float4> b, V<> v, V<int> w, V<half, 2> h, P<uint> p) { b.m1.k; v.v; w.v; h.v; p.b; }
"#,
        expect![[r#"
            fn f:
            b.m1.k : int
            b.m1 : A
            b : B<float4, A>
            v.v : float3
            v : V<float, 3>
            w.v : int3
            w : V<int, 3>
            h.v : half2
            h : V<half, 2>
            p.b : uint
            p : P<uint, uint>
            local b : B<float4, A>
            local v : V<float, 3>
            local w : V<int, 3>
            local h : V<half, 2>
            local p : P<uint, uint>
        "#]],
    );
}
