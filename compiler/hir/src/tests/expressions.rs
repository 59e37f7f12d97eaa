//! More inferred types: promotions between scalar kinds, unary and compound operators,
//! shifts, casts, ternaries, namespaces, struct methods and declarations.

use expect_test::expect;

use super::check_infer;

#[test]
fn promote_int_uint() {
    check_infer(
        r#"
void f(int i, uint u) { i + u; i * u; u - i; i < u; i & u; }
"#,
        expect![[r#"
            fn f:
            i + u : uint
            i : int
            u : uint
            i * u : uint
            i : int
            u : uint
            u - i : uint
            u : uint
            i : int
            i < u : bool
            i : int
            u : uint
            i & u : uint
            i : int
            u : uint
            local i : int
            local u : uint
        "#]],
    );
}

#[test]
fn promote_int_float_double() {
    check_infer(
        r#"
void f(int i, float f, double d) { i + f; f + d; i * d; i / 2.0; f * 2.0; }
"#,
        expect![[r#"
            fn f:
            i + f : float
            i : int
            f : float
            f + d : double
            f : float
            d : double
            i * d : double
            i : int
            d : double
            i / 2.0 : float
            i : int
            2.0 : literal float
            f * 2.0 : float
            f : float
            2.0 : literal float
            local i : int
            local f : float
            local d : double
        "#]],
    );
}

#[test]
fn promote_half_float() {
    check_infer(
        r#"
void f(half h, float f) { h + f; h * h; h + 1; h + 1.0; h + 1.0f; }
"#,
        expect![[r#"
            fn f:
            h + f : float
            h : half
            f : float
            h * h : half
            h : half
            h : half
            h + 1 : half
            h : half
            1 : literal int
            h + 1.0 : half
            h : half
            1.0 : literal float
            h + 1.0f : float
            h : half
            1.0f : float
            local h : half
            local f : float
        "#]],
    );
}

#[test]
fn promote_min_precision() {
    check_infer(
        r#"
void f(min16float m, half h, min16int mi, int i) { m + h; m + 1.0; mi + i; mi * 2; mi + m; }
"#,
        expect![[r#"
            fn f:
            m + h : half
            m : min16float
            h : half
            m + 1.0 : min16float
            m : min16float
            1.0 : literal float
            mi + i : int
            mi : min16int
            i : int
            mi * 2 : min16int
            mi : min16int
            2 : literal int
            mi + m : min16float
            mi : min16int
            m : min16float
            local m : min16float
            local h : half
            local mi : min16int
            local i : int
        "#]],
    );
}

#[test]
fn promote_int64() {
    check_infer(
        r#"
void f(int64_t a, uint64_t b, int i, uint u) { a + i; a + u; b + i; a + b; b * 2; }
"#,
        expect![[r#"
            fn f:
            a + i : int64_t
            a : int64_t
            i : int
            a + u : int64_t
            a : int64_t
            u : uint
            b + i : uint64_t
            b : uint64_t
            i : int
            a + b : uint64_t
            a : int64_t
            b : uint64_t
            b * 2 : uint64_t
            b : uint64_t
            2 : literal int
            local a : int64_t
            local b : uint64_t
            local i : int
            local u : uint
        "#]],
    );
}

#[test]
fn promote_16bit_ints() {
    check_infer(
        r#"
void f(int16_t s, uint16_t us, int i) { s + us; s + i; us + 1; s * s; }
"#,
        expect![[r#"
            fn f:
            s + us : uint16_t
            s : int16_t
            us : uint16_t
            s + i : int
            s : int16_t
            i : int
            us + 1 : uint16_t
            us : uint16_t
            1 : literal int
            s * s : int16_t
            s : int16_t
            s : int16_t
            local s : int16_t
            local us : uint16_t
            local i : int
        "#]],
    );
}

#[test]
fn promote_vectors_mixed() {
    check_infer(
        r#"
void f(int3 i, float3 f, uint3 u) { i + f; i + u; u * f; i == u; f > 0; }
"#,
        expect![[r#"
            fn f:
            i + f : float3
            i : int3
            f : float3
            i + u : uint3
            i : int3
            u : uint3
            u * f : float3
            u : uint3
            f : float3
            i == u : bool3
            i : int3
            u : uint3
            f > 0 : bool3
            f : float3
            0 : literal int
            local i : int3
            local f : float3
            local u : uint3
        "#]],
    );
}

#[test]
fn promote_vector_scalar_mixed() {
    check_infer(
        r#"
void f(int3 i, float f, double d) { i * f; i + d; f * i; (i + 1) * 2.5; }
"#,
        expect![[r#"
            fn f:
            i * f : float3
            i : int3
            f : float
            i + d : double3
            i : int3
            d : double
            f * i : float3
            f : float
            i : int3
            (i + 1) * 2.5 : float3
            (i + 1) : int3
            i + 1 : int3
            i : int3
            1 : literal int
            2.5 : literal float
            local i : int3
            local f : float
            local d : double
        "#]],
    );
}

#[test]
fn bool_vectors() {
    check_infer(
        r#"
void f(bool2 a, bool2 b, int2 i) { a && b; a || b; !a; a == b; a + b; }
"#,
        expect![[r#"
            fn f:
            a && b : bool2
            a : bool2
            b : bool2
            a || b : bool2
            a : bool2
            b : bool2
            !a : bool2
            a : bool2
            a == b : bool2
            a : bool2
            b : bool2
            a + b : int2
            a : bool2
            b : bool2
            local a : bool2
            local b : bool2
            local i : int2
        "#]],
    );
}

#[test]
fn unary_ops() {
    check_infer(
        r#"
void f(int i, uint u, float f, bool b, float3 v) { -i; -u; +f; ~u; ~i; !b; !f; -v; !v; }
"#,
        expect![[r#"
            fn f:
            -i : int
            i : int
            -u : uint
            u : uint
            +f : float
            f : float
            ~u : uint
            u : uint
            ~i : int
            i : int
            !b : bool
            b : bool
            !f : bool
            f : float
            -v : float3
            v : float3
            !v : bool3
            v : float3
            local i : int
            local u : uint
            local f : float
            local b : bool
            local v : float3
        "#]],
    );
}

#[test]
fn increments() {
    check_infer(
        r#"
void f(int i, float f, uint2 u) { i++; ++f; u--; --u.x; }
"#,
        expect![[r#"
            fn f:
            i++ : int
            i : int
            ++f : float
            f : float
            u-- : uint2
            u : uint2
            --u.x : uint
            u.x : uint
            u : uint2
            local i : int
            local f : float
            local u : uint2
        "#]],
    );
}

#[test]
fn compound_assign_types() {
    check_infer(
        r#"
void f(int i, float f, float3 v) { f *= i; v /= 2; v.xy -= 1; i <<= 2; i %= 3; }
"#,
        expect![[r#"
            fn f:
            f *= i : float
            f : float
            i : int
            v /= 2 : float3
            v : float3
            2 : literal int
            v.xy -= 1 : float2
            v.xy : float2
            v : float3
            1 : literal int
            i <<= 2 : int
            i : int
            2 : literal int
            i %= 3 : int
            i : int
            3 : literal int
            local i : int
            local f : float
            local v : float3
        "#]],
    );
}

#[test]
fn shift_types() {
    check_infer(
        r#"
void f(uint u, int i, int3 v, uint64_t w) { u << 2; i >> u; v << 1; w >> 3; 1 << i; }
"#,
        expect![[r#"
            fn f:
            u << 2 : uint
            u : uint
            2 : literal int
            i >> u : int
            i : int
            u : uint
            v << 1 : int3
            v : int3
            1 : literal int
            w >> 3 : uint64_t
            w : uint64_t
            3 : literal int
            1 << i : int
            1 : literal int
            i : int
            local u : uint
            local i : int
            local v : int3
            local w : uint64_t
        "#]],
    );
}

#[test]
fn modulo_and_division() {
    check_infer(
        r#"
void f(int i, uint u, float f, int3 v) { i % 3; u % 2u; f % 2.0; i / u; v % 2; }
"#,
        expect![[r#"
            fn f:
            i % 3 : int
            i : int
            3 : literal int
            u % 2u : uint
            u : uint
            2u : uint
            f % 2.0 : float
            f : float
            2.0 : literal float
            i / u : uint
            i : int
            u : uint
            v % 2 : int3
            v : int3
            2 : literal int
            local i : int
            local u : uint
            local f : float
            local v : int3
        "#]],
    );
}

#[test]
fn casts_scalar() {
    check_infer(
        r#"
void f(float f, int i, uint u) { (int)f; (uint)i; (float)u; (bool)i; (double)f; (half)f; }
"#,
        expect![[r#"
            fn f:
            (int)f : int
            f : float
            (uint)i : uint
            i : int
            (float)u : float
            u : uint
            (bool)i : bool
            i : int
            (double)f : double
            f : float
            (half)f : half
            f : float
            local f : float
            local i : int
            local u : uint
        "#]],
    );
}

#[test]
fn casts_vector() {
    check_infer(
        r#"
void f(float4 v, int i) { (int4)v; (float3)v; (uint2)v; (float4)i; (bool4)v; }
"#,
        expect![[r#"
            fn f:
            (int4)v : int4
            v : float4
            (float3)v : float3
            v : float4
            (uint2)v : uint2
            v : float4
            (float4)i : float4
            i : int
            (bool4)v : bool4
            v : float4
            local v : float4
            local i : int
        "#]],
    );
}

#[test]
fn casts_matrix() {
    check_infer(
        r#"
void f(float4x4 m, float f) { (float3x3)m; (int4x4)m; (float2x2)f; (half4x4)m; }
"#,
        expect![[r#"
            fn f:
            (float3x3)m : float3x3
            m : float4x4
            (int4x4)m : int4x4
            m : float4x4
            (float2x2)f : float2x2
            f : float
            (half4x4)m : half4x4
            m : float4x4
            local m : float4x4
            local f : float
        "#]],
    );
}

#[test]
fn function_style_casts() {
    check_infer(
        r#"
void f(float f, int3 v) { int(f); float3(v); uint(f); bool(f); float2(f, f); }
"#,
        expect![[r#"
            fn f:
            int(f) : int
            int : {unknown}
            f : float
            float3(v) : float3
            float3 : {unknown}
            v : int3
            uint(f) : uint
            uint : {unknown}
            f : float
            bool(f) : bool
            bool : {unknown}
            f : float
            float2(f, f) : float2
            float2 : {unknown}
            f : float
            f : float
            local f : float
            local v : int3
        "#]],
    );
}

#[test]
fn cast_struct_from_zero() {
    check_infer(
        r#"
struct S { float a; int b; };
void f(float x) { (S)0; ((S)0).a; ((S)x).b; }
"#,
        expect![[r#"
            fn f:
            (S)0 : S
            0 : literal int
            ((S)0).a : float
            ((S)0) : S
            (S)0 : S
            0 : literal int
            ((S)x).b : int
            ((S)x) : S
            (S)x : S
            x : float
            local x : float
        "#]],
    );
}

#[test]
fn cast_of_expression() {
    check_infer(
        r#"
void f(float3 a, float3 b) { (int3)(a + b); (float)(a.x > b.x); (int)(a.x * b.y); }
"#,
        expect![[r#"
            fn f:
            (int3)(a + b) : int3
            (a + b) : float3
            a + b : float3
            a : float3
            b : float3
            (float)(a.x > b.x) : float
            (a.x > b.x) : bool
            a.x > b.x : bool
            a.x : float
            a : float3
            b.x : float
            b : float3
            (int)(a.x * b.y) : int
            (a.x * b.y) : float
            a.x * b.y : float
            a.x : float
            a : float3
            b.y : float
            b : float3
            local a : float3
            local b : float3
        "#]],
    );
}

#[test]
fn ternary_scalars() {
    check_infer(
        r#"
void f(bool c, int i, float x, uint u) { c ? i : x; c ? i : u; c ? 1 : 2; c ? x : 0; }
"#,
        expect![[r#"
            fn f:
            c ? i : x : float
            c : bool
            i : int
            x : float
            c ? i : u : uint
            c : bool
            i : int
            u : uint
            c ? 1 : 2 : literal int
            c : bool
            1 : literal int
            2 : literal int
            c ? x : 0 : float
            c : bool
            x : float
            0 : literal int
            local c : bool
            local i : int
            local x : float
            local u : uint
        "#]],
    );
}

#[test]
fn ternary_vectors() {
    check_infer(
        r#"
void f(bool c, float3 a, int3 b) { c ? a : b; c ? a : 0; c ? a.xy : a.zy; (c ? a : b).x; }
"#,
        expect![[r#"
            fn f:
            c ? a : b : float3
            c : bool
            a : float3
            b : int3
            c ? a : 0 : float3
            c : bool
            a : float3
            0 : literal int
            c ? a.xy : a.zy : float2
            c : bool
            a.xy : float2
            a : float3
            a.zy : float2
            a : float3
            (c ? a : b).x : float
            (c ? a : b) : float3
            c ? a : b : float3
            c : bool
            a : float3
            b : int3
            local c : bool
            local a : float3
            local b : int3
        "#]],
    );
}

#[test]
fn ternary_vector_condition() {
    check_infer(
        r#"
void f(bool3 c, float3 a, float3 b) { c ? a : b; c ? a : 1.0; }
"#,
        expect![[r#"
            fn f:
            c ? a : b : float3
            c : bool3
            a : float3
            b : float3
            c ? a : 1.0 : float3
            c : bool3
            a : float3
            1.0 : literal float
            local c : bool3
            local a : float3
            local b : float3
        "#]],
    );
}

#[test]
fn ternary_structs() {
    check_infer(
        r#"
struct S { float a; };
void f(bool c, S x, S y) { c ? x : y; (c ? x : y).a; }
"#,
        expect![[r#"
            fn f:
            c ? x : y : S
            c : bool
            x : S
            y : S
            (c ? x : y).a : float
            (c ? x : y) : S
            c ? x : y : S
            c : bool
            x : S
            y : S
            local c : bool
            local x : S
            local y : S
        "#]],
    );
}

#[test]
fn ternary_chain() {
    check_infer(
        r#"
void f(int i, float a, half h) { i > 0 ? a : i < 0 ? h : 0; (i != 0 ? a : h) * 2; }
"#,
        expect![[r#"
            fn f:
            i > 0 ? a : i < 0 ? h : 0 : float
            i > 0 : bool
            i : int
            0 : literal int
            a : float
            i < 0 ? h : 0 : half
            i < 0 : bool
            i : int
            0 : literal int
            h : half
            0 : literal int
            (i != 0 ? a : h) * 2 : float
            (i != 0 ? a : h) : float
            i != 0 ? a : h : float
            i != 0 : bool
            i : int
            0 : literal int
            a : float
            h : half
            2 : literal int
            local i : int
            local a : float
            local h : half
        "#]],
    );
}

#[test]
fn namespace_functions() {
    check_infer(
        r#"
namespace color { float luma(float3 c) { return c.g; } float3 tint(float3 c, float k) { return c * k; } }
void f(float3 c) { color::luma(c); color::tint(c, 2).x; color::luma(color::tint(c, 0.5)); }
"#,
        expect![[r#"
            fn luma:
            c.g : float
            c : float3
            local c : float3
            fn tint:
            c * k : float3
            c : float3
            k : float
            local c : float3
            local k : float
            fn f:
            color::luma(c) : float
            color::luma : {unknown}
            c : float3
            color::tint(c, 2).x : float
            color::tint(c, 2) : float3
            color::tint : {unknown}
            c : float3
            2 : literal int
            color::luma(color::tint(c, 0.5)) : float
            color::luma : {unknown}
            color::tint(c, 0.5) : float3
            color::tint : {unknown}
            c : float3
            0.5 : literal float
            local c : float3
        "#]],
    );
}

#[test]
fn namespace_constants_and_structs() {
    check_infer(
        r#"
namespace cfg { static const uint Count = 4; struct Item { float2 uv; }; }
void f(cfg::Item it) { cfg::Count * 2; it.uv; cfg::Item copy = it; copy.uv.y; }
"#,
        expect![[r#"
            fn f:
            cfg::Count * 2 : uint
            cfg::Count : uint
            2 : literal int
            it.uv : float2
            it : cfg::Item
            it : cfg::Item
            copy.uv.y : float
            copy.uv : float2
            copy : cfg::Item
            local it : cfg::Item
            local copy : cfg::Item
        "#]],
    );
}

#[test]
fn nested_namespace_types() {
    check_infer(
        r#"
namespace a { namespace b { struct V { int3 p; }; typedef float2 F2; } }
void f(a::b::V v, a::b::F2 w) { v.p.xy; w * 2; }
"#,
        expect![[r#"
            fn f:
            v.p.xy : int2
            v.p : int3
            v : a::b::V
            w * 2 : float2
            w : float2
            2 : literal int
            local v : a::b::V
            local w : float2
        "#]],
    );
}

#[test]
fn using_namespace_lookup() {
    check_infer(
        r#"
namespace m { float twice(float x) { return x * 2; } }
using namespace m;
void f(float y) { twice(y); m::twice(y) + 1; }
"#,
        expect![[r#"
            fn twice:
            x * 2 : float
            x : float
            2 : literal int
            local x : float
            fn f:
            twice(y) : float
            twice : {unknown}
            y : float
            m::twice(y) + 1 : float
            m::twice(y) : float
            m::twice : {unknown}
            y : float
            1 : literal int
            local y : float
        "#]],
    );
}

#[test]
fn struct_methods_return_types() {
    check_infer(
        r#"
struct Light { float3 dir; float power; float3 scaled() { return dir * power; } bool on() { return power > 0; } };
void f(Light l) { l.scaled(); l.on(); l.scaled().z; l.on() ? 1.0 : 0.0; }
"#,
        expect![[r#"
            fn scaled:
            dir * power : float3
            dir : float3
            power : float
            fn on:
            power > 0 : bool
            power : float
            0 : literal int
            fn f:
            l.scaled() : float3
            l : Light
            l.on() : bool
            l : Light
            l.scaled().z : float
            l.scaled() : float3
            l : Light
            l.on() ? 1.0 : 0.0 : literal float
            l.on() : bool
            l : Light
            1.0 : literal float
            0.0 : literal float
            local l : Light
        "#]],
    );
}

#[test]
fn struct_method_with_args() {
    check_infer(
        r#"
struct Acc { float4 sum; void add(float4 v) { sum += v; } float4 mean(uint n) { return sum / n; } };
void f(Acc a, float4 v) { a.add(v); a.mean(3); a.mean(2).xyz; }
"#,
        expect![[r#"
            fn add:
            sum += v : float4
            sum : float4
            v : float4
            local v : float4
            fn mean:
            sum / n : float4
            sum : float4
            n : uint
            local n : uint
            fn f:
            a.add(v) : void
            a : Acc
            v : float4
            a.mean(3) : float4
            a : Acc
            3 : literal int
            a.mean(2).xyz : float3
            a.mean(2) : float4
            a : Acc
            2 : literal int
            local a : Acc
            local v : float4
        "#]],
    );
}

#[test]
fn struct_static_members() {
    check_infer(
        r#"
struct K { static const float Pi = 3.14159; static float scale(float x) { return x * Pi; } };
void f(float x) { K::Pi; K::scale(x); K::scale(K::Pi) * 2; }
"#,
        expect![[r#"
            fn scale:
            x * Pi : float
            x : float
            Pi : float
            local x : float
            fn f:
            K::Pi : float
            K::scale(x) : float
            K::scale : {unknown}
            x : float
            K::scale(K::Pi) * 2 : float
            K::scale(K::Pi) : float
            K::scale : {unknown}
            K::Pi : float
            2 : literal int
            local x : float
        "#]],
    );
}

#[test]
fn method_this_and_members() {
    check_infer(
        r#"
struct P { float3 pos; float3 at(float t) { return this.pos * t; } float len() { return length(pos); } };
void f(P p) { p.at(2).y; p.len(); }
"#,
        expect![[r#"
            fn at:
            this.pos * t : float3
            this.pos : float3
            this : P
            t : float
            local t : float
            fn len:
            length(pos) : {unknown}
            length : {unknown}
            pos : float3
            fn f:
            p.at(2).y : float
            p.at(2) : float3
            p : P
            2 : literal int
            p.len() : float
            p : P
            local p : P
        "#]],
    );
}

#[test]
fn out_of_line_method() {
    check_infer(
        r#"
struct Q { float v; float get(); };
float Q::get() { return v * 2; }
void f(Q q) { q.get(); q.get() + q.v; }
"#,
        expect![[r#"
            fn get:
            v * 2 : float
            v : float
            2 : literal int
            fn f:
            q.get() : float
            q : Q
            q.get() + q.v : float
            q.get() : float
            q : Q
            q.v : float
            q : Q
            local q : Q
        "#]],
    );
}

#[test]
fn struct_inheritance_fields() {
    check_infer(
        r#"
struct Base { float a; }; struct Derived : Base { int b; };
void f(Derived d) { d.a; d.b; d.a + d.b; }
"#,
        expect![[r#"
            fn f:
            d.a : float
            d : Derived
            d.b : int
            d : Derived
            d.a + d.b : float
            d.a : float
            d : Derived
            d.b : int
            d : Derived
            local d : Derived
        "#]],
    );
}

#[test]
fn arrays_of_structs_and_methods() {
    check_infer(
        r#"
struct C { float4 c; float4 get() { return c; } };
void f(C cs[4], int i) { cs[i].c; cs[i].get().w; cs[0].get() * cs[1].c; }
"#,
        expect![[r#"
            fn get:
            c : float4
            fn f:
            cs[i].c : float4
            cs[i] : C
            cs : C[4]
            i : int
            cs[i].get().w : float
            cs[i].get() : float4
            cs[i] : C
            cs : C[4]
            i : int
            cs[0].get() * cs[1].c : float4
            cs[0].get() : float4
            cs[0] : C
            cs : C[4]
            0 : literal int
            cs[1].c : float4
            cs[1] : C
            cs : C[4]
            1 : literal int
            local cs : C[4]
            local i : int
        "#]],
    );
}

#[test]
fn declarations_with_initializers() {
    check_infer(
        r#"
void f() { float a = 1; int2 b = {1, 2}; float3 c = b.xyx; uint d = 3u; half4 e = 0; bool g = a > 0; }
"#,
        expect![[r#"
            fn f:
            1 : literal int
            {1, 2} : int2
            1 : literal int
            2 : literal int
            b.xyx : int3
            b : int2
            3u : uint
            0 : literal int
            a > 0 : bool
            a : float
            0 : literal int
            local a : float
            local b : int2
            local c : float3
            local d : uint
            local e : half4
            local g : bool
        "#]],
    );
}

#[test]
fn array_declarations() {
    check_infer(
        r#"
void f() { float a[3] = {1, 2, 3}; int2 b[2] = {1, 2, 3, 4}; float c[2][2]; a[0]; b[1].y; c[1]; c[1][0]; }
"#,
        expect![[r#"
            fn f:
            {1, 2, 3} : float[3]
            1 : literal int
            2 : literal int
            3 : literal int
            {1, 2, 3, 4} : int2[2]
            1 : literal int
            2 : literal int
            3 : literal int
            4 : literal int
            a[0] : float
            a : float[3]
            0 : literal int
            b[1].y : int
            b[1] : int2
            b : int2[2]
            1 : literal int
            c[1] : float[2]
            c : float[2][2]
            1 : literal int
            c[1][0] : float
            c[1] : float[2]
            c : float[2][2]
            1 : literal int
            0 : literal int
            local a : float[3]
            local b : int2[2]
            local c : float[2][2]
        "#]],
    );
}

#[test]
fn matrix_declarations() {
    check_infer(
        r#"
void f() { float2x2 m = {1, 2, 3, 4}; row_major float3x3 r; column_major int2x3 c; m[1]; r[0].z; c[1][2]; }
"#,
        expect![[r#"
            fn f:
            {1, 2, 3, 4} : float2x2
            1 : literal int
            2 : literal int
            3 : literal int
            4 : literal int
            m[1] : float2
            m : float2x2
            1 : literal int
            r[0].z : float
            r[0] : float3
            r : row_major float3x3
            0 : literal int
            c[1][2] : int
            c[1] : int3
            c : int2x3
            1 : literal int
            2 : literal int
            local m : float2x2
            local r : row_major float3x3
            local c : int2x3
        "#]],
    );
}

#[test]
fn static_and_const_locals() {
    check_infer(
        r#"
float4 f(float x) { static int calls = 0; const float k = 2.5; calls++; return x * k + calls; }
"#,
        expect![[r#"
            fn f:
            0 : literal int
            2.5 : literal float
            calls++ : int
            calls : int
            x * k + calls : float
            x * k : float
            x : float
            k : float
            calls : int
            local x : float
            local calls : int
            local k : float
        "#]],
    );
}

#[test]
fn swizzle_assign_targets() {
    check_infer(
        r#"
void f(float4 v, float3x3 m) { v.xy = 1; v.zw = v.xy; m._m00_m11 = v.xy; m[0].yz = v.zw; }
"#,
        expect![[r#"
            fn f:
            v.xy = 1 : float2
            v.xy : float2
            v : float4
            1 : literal int
            v.zw = v.xy : float2
            v.zw : float2
            v : float4
            v.xy : float2
            v : float4
            m._m00_m11 = v.xy : float2
            m._m00_m11 : float2
            m : float3x3
            v.xy : float2
            v : float4
            m[0].yz = v.zw : float2
            m[0].yz : float2
            m[0] : float3
            m : float3x3
            0 : literal int
            v.zw : float2
            v : float4
            local v : float4
            local m : float3x3
        "#]],
    );
}

#[test]
fn literal_types() {
    check_infer(
        r#"
void f() { 1; 1u; 1.0; 1.0f; 1.0h; 1.0l; true; 0x10; 1e3; }
"#,
        expect![[r#"
            fn f:
            1 : literal int
            1u : uint
            1.0 : literal float
            1.0f : float
            1.0h : half
            1.0l : double
            true : bool
            0x10 : literal int
            1e3 : literal float
        "#]],
    );
}
