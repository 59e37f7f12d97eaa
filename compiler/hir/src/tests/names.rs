//! Inference snapshots of name resolution: shadowing, namespaces and `using namespace`,
//! enums, typedef chains, nested types, constant expressions in array sizes.

use expect_test::expect;

use super::check_infer;

#[test]
fn enums() {
    check_infer(
        r#"
enum Color { Red, Green = 4, Blue }; enum class Mode : uint { A, B }; void f() { Red; Blue; Color::Green; Mode::B; int x = Green + 1; }
"#,
        expect![[r#"
            fn f:
            Red : Color
            Blue : Color
            Color::Green : Color
            Mode::B : Mode
            Green + 1 : Color
            Green : Color
            1 : literal int
            local x : int
        "#]],
    );
}

#[test]
fn namespaces() {
    check_infer(
        r#"
namespace ns { static const float k = 2; float twice(float x) { return x * k; } namespace inner { int v; } } void f() { ns::k; ns::twice(1); ns::inner::v; }
"#,
        expect![[r#"
            fn twice:
            x * k : float
            x : float
            k : float
            local x : float
            fn f:
            ns::k : float
            ns::twice(1) : float
            ns::twice : {unknown}
            1 : literal int
            ns::inner::v : int
        "#]],
    );
}

#[test]
fn enum_in_namespace() {
    check_infer(
        r#"
namespace N { enum E { A, B }; } void f() { N::A; N::E::B; int x = N::B; }
"#,
        expect![[r#"
            fn f:
            N::A : N::E
            N::E::B : N::E
            N::B : N::E
            local x : int
        "#]],
    );
}

#[test]
fn using_namespace() {
    check_infer(
        r#"
namespace N { static const int k = 3; } using namespace N; void f() { k; }
"#,
        expect![[r#"
            fn f:
            k : int
        "#]],
    );
}

#[test]
fn reopened_namespace() {
    check_infer(
        r#"
namespace N { static const int a = 1; } namespace N { static const int b = a + 1; } void f() { N::a; N::b; }
"#,
        expect![[r#"
            fn f:
            N::a : int
            N::b : int
        "#]],
    );
}

#[test]
fn typedef_enum_scope() {
    check_infer(
        r#"
namespace S { enum class Model { Lit, Unlit }; } typedef S::Model M; void f() { M::Unlit; }
"#,
        expect![[r#"
            fn f:
            M::Unlit : S::Model
        "#]],
    );
}

#[test]
fn local_shadows_global() {
    check_infer(
        r#"
static float x = 1; void f() { int x = 2; x; }
"#,
        expect![[r#"
            fn f:
            2 : literal int
            x : int
            local x : int
        "#]],
    );
}

#[test]
fn param_shadows_global() {
    check_infer(
        r#"
static float x = 1; void f(int x) { x; }
"#,
        expect![[r#"
            fn f:
            x : int
            local x : int
        "#]],
    );
}

#[test]
fn member_shadows_global() {
    check_infer(
        r#"
static int v; struct S { float v; float get() { return v; } };
"#,
        expect![[r#"
            fn get:
            v : float
        "#]],
    );
}

#[test]
fn nested_namespaces_lookup() {
    check_infer(
        r#"
namespace a { namespace b { static const int k = 1; } int g() { return b::k; } } void f() { a::b::k; a::g(); }
"#,
        expect![[r#"
            fn g:
            b::k : int
            fn f:
            a::b::k : int
            a::g() : int
            a::g : {unknown}
        "#]],
    );
}

#[test]
fn namespace_inner_sees_outer() {
    check_infer(
        r#"
namespace a { static const float s = 2; namespace b { float h() { return s; } } } void f() { a::b::h(); }
"#,
        expect![[r#"
            fn h:
            s : float
            fn f:
            a::b::h() : float
            a::b::h : {unknown}
        "#]],
    );
}

#[test]
fn global_path_from_namespace() {
    check_infer(
        r#"
static const int k = 1; namespace n { static const float k = 2.0; float g() { return k + ::k; } }
"#,
        expect![[r#"
            fn g:
            k + ::k : float
            k : float
            ::k : int
        "#]],
    );
}

#[test]
fn struct_nested_type() {
    check_infer(
        r#"
struct Outer { struct Inner { float x; }; Inner i; }; void f(Outer o) { o.i.x; }
"#,
        expect![[r#"
            fn f:
            o.i.x : float
            o.i : Outer::Inner
            o : Outer
            local o : Outer
        "#]],
    );
}

#[test]
fn enum_values_in_array_size() {
    check_infer(
        r#"
enum Sizes { Small = 2, Big = Small * 2 }; void f() { float a[Big]; a; }
"#,
        expect![[r#"
            fn f:
            a : float[4]
            local a : float[4]
        "#]],
    );
}

#[test]
fn typedef_chain() {
    check_infer(
        r#"
typedef float4 A; typedef A B; typedef B C[2]; void f(C c) { c[1].w; }
"#,
        expect![[r#"
            fn f:
            c[1].w : float
            c[1] : float4
            c : float4[2]
            1 : literal int
            local c : float4[2]
        "#]],
    );
}

#[test]
fn vector_typedef_template() {
    check_infer(
        r#"
typedef vector<float, 3> vec3; typedef matrix<float, 3, 3> mat3; void f(vec3 v, mat3 m) { v; m[0]; }
"#,
        expect![[r#"
            fn f:
            v : float3
            m[0] : float3
            m : float3x3
            0 : literal int
            local v : float3
            local m : float3x3
        "#]],
    );
}

#[test]
fn const_expr_array_sizes() {
    check_infer(
        r#"
static const uint W = 4; static const uint H = W / 2; void f() { float a[W * H + 1]; a; }
"#,
        expect![[r#"
            fn f:
            a : float[9]
            local a : float[9]
        "#]],
    );
}

/// A cast of a float is no integer constant expression: DXC refuses `float a[(int)2.5]` as
/// a variable-length array (its `NonVLAArrays.hlsl` test, issue 2530), so the type is
/// unknown here (semantic analysis reports E2022).
#[test]
fn cast_in_array_size() {
    check_infer(
        r#"
void f() { float a[(int)2.5]; a; }
"#,
        expect![[r#"
            fn f:
            a : {unknown}
            local a : {unknown}
        "#]],
    );
}

#[test]
fn variable_hides_type_of_same_name() {
    // DirectX mesh-shader samples: `ConstantBuffer<Constants> Constants;`, then `Constants.X`
    // is the variable. As a type the name still names the struct.
    check_infer(
        r#"
struct Info { uint count; }; ConstantBuffer<Info> Info; struct Tag { int t; }; static Tag Tag; uint f() { Info x; return Info.count + uint(Tag.t); }
"#,
        expect![[r#"
            fn f:
            Info.count + uint(Tag.t) : uint
            Info.count : uint
            Info : ConstantBuffer<Info>
            uint(Tag.t) : uint
            uint : {unknown}
            Tag.t : int
            Tag : Tag
            local x : Info
        "#]],
    );
}
