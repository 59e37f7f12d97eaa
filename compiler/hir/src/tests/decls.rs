//! Inference snapshots of declarations and calls: enums, namespaces, structs and methods,
//! overload resolution, templates, initializer lists, globals.

use expect_test::expect;

use super::{check_diagnostics, check_infer};

#[test]
fn static_members() {
    check_infer(
        r#"
struct S { static const int N = 4; float x; float get() { return x; } }; void f(S s) { S::N; s.get(); s.x; }
"#,
        expect![[r#"
            fn get:
            x : float
            fn f:
            S::N : int
            s.get() : float
            s : S
            s.x : float
            s : S
            local s : S
        "#]],
    );
}

#[test]
fn methods() {
    check_infer(
        r#"
struct Acc { float sum; void add(float v) { sum += v; } float total() { return sum; } }; void f() { Acc a; a.add(1); a.total(); }
"#,
        expect![[r#"
            fn add:
            sum += v : float
            sum : float
            v : float
            local v : float
            fn total:
            sum : float
            fn f:
            a.add(1) : void
            a : Acc
            1 : literal int
            a.total() : float
            a : Acc
            local a : Acc
        "#]],
    );
}

#[test]
fn user_calls() {
    check_infer(
        r#"
float sq(float x) { return x * x; } int twice(int x) { return 2 * x; } void f() { sq(2); twice(3); sq(twice(1)); }
"#,
        expect![[r#"
            fn sq:
            x * x : float
            x : float
            x : float
            local x : float
            fn twice:
            2 * x : int
            2 : literal int
            x : int
            local x : int
            fn f:
            sq(2) : float
            sq : {unknown}
            2 : literal int
            twice(3) : int
            twice : {unknown}
            3 : literal int
            sq(twice(1)) : float
            sq : {unknown}
            twice(1) : int
            twice : {unknown}
            1 : literal int
        "#]],
    );
}

#[test]
fn overload_exact() {
    check_infer(
        r#"
float pick(float x) { return x; } int pick(int x) { return x; } void f(float a, int b) { pick(a); pick(b); }
"#,
        expect![[r#"
            fn pick:
            x : float
            local x : float
            fn pick:
            x : int
            local x : int
            fn f:
            pick(a) : float
            pick : {unknown}
            a : float
            pick(b) : int
            pick : {unknown}
            b : int
            local a : float
            local b : int
        "#]],
    );
}

#[test]
fn overload_promotion() {
    check_infer(
        r#"
double pick(double x) { return x; } uint pick(uint x) { return x; } void f(float a) { pick(a); }
"#,
        expect![[r#"
            fn pick:
            x : double
            local x : double
            fn pick:
            x : uint
            local x : uint
            fn f:
            pick(a) : double
            pick : {unknown}
            a : float
            local a : float
        "#]],
    );
}

#[test]
fn overload_vector() {
    check_infer(
        r#"
float2 g(float2 v) { return v; } float4 g(float4 v) { return v; } void f(float4 a, float2 b) { g(a); g(b); }
"#,
        expect![[r#"
            fn g:
            v : float2
            local v : float2
            fn g:
            v : float4
            local v : float4
            fn f:
            g(a) : float4
            g : {unknown}
            a : float4
            g(b) : float2
            g : {unknown}
            b : float2
            local a : float4
            local b : float2
        "#]],
    );
}

#[test]
fn overload_literal() {
    check_infer(
        r#"
float g(float x) { return x; } int g(int x) { return x; } void f() { g(1); g(1.5); }
"#,
        expect![[r#"
            fn g:
            x : float
            local x : float
            fn g:
            x : int
            local x : int
            fn f:
            g(1) : int
            g : {unknown}
            1 : literal int
            g(1.5) : float
            g : {unknown}
            1.5 : literal float
        "#]],
    );
}

#[test]
fn default_params() {
    check_infer(
        r#"
float g(float x, float y = 2) { return x * y; } void f() { g(1); g(1, 3); }
"#,
        expect![[r#"
            fn g:
            x * y : float
            x : float
            y : float
            local x : float
            local y : float
            fn f:
            g(1) : float
            g : {unknown}
            1 : literal int
            g(1, 3) : float
            g : {unknown}
            1 : literal int
            3 : literal int
        "#]],
    );
}

#[test]
fn out_params() {
    check_infer(
        r#"
void get(out float x, inout int y) { x = 1; y += 1; } void f() { float a; int b = 0; get(a, b); }
"#,
        expect![[r#"
            fn get:
            x = 1 : float
            x : float
            1 : literal int
            y += 1 : int
            y : int
            1 : literal int
            local x : float
            local y : int
            fn f:
            0 : literal int
            get(a, b) : void
            get : {unknown}
            a : float
            b : int
            local a : float
            local b : int
        "#]],
    );
}

#[test]
fn prototype_then_definition() {
    check_infer(
        r#"
float later(float x); void f() { later(1); } float later(float x) { return x; }
"#,
        expect![[r#"
            fn f:
            later(1) : float
            later : {unknown}
            1 : literal int
            fn later:
            x : float
            local x : float
        "#]],
    );
}

#[test]
fn init_lists() {
    check_infer(
        r#"
struct S { float a; float2 b; }; void f() { float4 v = {1, 2, 3, 4}; S s = {1, 2, 3}; float arr[] = {1, 2, 3}; int2 m[2] = {1, 2, 3, 4}; }
"#,
        expect![[r#"
            fn f:
            {1, 2, 3, 4} : float4
            1 : literal int
            2 : literal int
            3 : literal int
            4 : literal int
            {1, 2, 3} : S
            1 : literal int
            2 : literal int
            3 : literal int
            {1, 2, 3} : float[]
            1 : literal int
            2 : literal int
            3 : literal int
            {1, 2, 3, 4} : int2[2]
            1 : literal int
            2 : literal int
            3 : literal int
            4 : literal int
            local v : float4
            local s : S
            local arr : float[3]
            local m : int2[2]
        "#]],
    );
}

#[test]
fn template_function() {
    check_infer(
        r#"
template<typename T> T sq(T x) { return x * x; } void f(float3 v) { sq(v); sq(2); }
"#,
        expect![[r#"
            fn sq:
            x * x : {unknown}
            x : {unknown}
            x : {unknown}
            local x : {unknown}
            fn f:
            sq(v) : float3
            sq : {unknown}
            v : float3
            sq(2) : int
            sq : {unknown}
            2 : literal int
            local v : float3
        "#]],
    );
}

#[test]
fn template_struct() {
    check_infer(
        r#"
template<typename T> struct Box { T value; T get() { return value; } }; void f() { Box<float3> b; b.value; b.get(); }
"#,
        expect![[r#"
            fn get:
            value : {unknown}
            fn f:
            b.value : float3
            b : Box<float3>
            b.get() : float3
            b : Box<float3>
            local b : Box<float3>
        "#]],
    );
}

#[test]
fn typedef_template_struct() {
    check_infer(
        r#"
template<typename T> struct MinMax { T lo; T hi; }; typedef MinMax<float3> Bounds; void f(Bounds b) { b.lo; b.hi - b.lo; }
"#,
        expect![[r#"
            fn f:
            b.lo : float3
            b : MinMax<float3>
            b.hi - b.lo : float3
            b.hi : float3
            b : MinMax<float3>
            b.lo : float3
            b : MinMax<float3>
            local b : MinMax<float3>
        "#]],
    );
}

#[test]
fn this_in_method() {
    check_infer(
        r#"
struct S { float x; float get() { return this.x; } };
"#,
        expect![[r#"
            fn get:
            this.x : float
            this : S
        "#]],
    );
}

#[test]
fn sizeof_expr() {
    check_infer(
        r#"
struct S { float4 a; }; void f() { sizeof(S); sizeof(float); }
"#,
        expect![[r#"
            fn f:
            sizeof(S) : uint
            sizeof(float) : uint
        "#]],
    );
}

#[test]
fn unsigned_int() {
    check_infer(
        r#"
void f(unsigned int a, unsigned b) { a; b; }
"#,
        expect![[r#"
            fn f:
            a : uint
            b : uint
            local a : uint
            local b : uint
        "#]],
    );
}

#[test]
fn row_major_global() {
    check_infer(
        r#"
row_major float4x4 m; float3x4 arr[2]; void f() { m; arr; arr[0]; }
"#,
        expect![[r#"
            fn f:
            m : row_major float4x4
            arr : float3x4[2]
            arr[0] : float3x4
            arr : float3x4[2]
            0 : literal int
        "#]],
    );
}

#[test]
fn inline_struct_global() {
    check_infer(
        r#"
struct { float a; } anon; struct Named { int b; } named; void f() { anon.a; named.b; }
"#,
        expect![[r#"
            fn f:
            anon.a : float
            anon : (anonymous struct #0)
            named.b : int
            named : Named
        "#]],
    );
}

#[test]
fn struct_inheritance() {
    check_infer(
        r#"
struct Base { float a; }; struct Derived : Base { float b; }; void f(Derived d) { d.a; d.b; }
"#,
        expect![[r#"
            fn f:
            d.a : float
            d : Derived
            d.b : float
            d : Derived
            local d : Derived
        "#]],
    );
}

#[test]
fn literal_float_with_half() {
    check_infer(
        r#"
void f(half h) { h * 0.5; 0.5 * h; h + 1.0f; }
"#,
        expect![[r#"
            fn f:
            h * 0.5 : half
            h : half
            0.5 : literal float
            0.5 * h : half
            0.5 : literal float
            h : half
            h + 1.0f : float
            h : half
            1.0f : float
            local h : half
        "#]],
    );
}

#[test]
fn int_literal_with_uint_vector() {
    check_infer(
        r#"
void f(uint3 id) { id.x * 64 + id.y; id + 1; id.xy * 2; }
"#,
        expect![[r#"
            fn f:
            id.x * 64 + id.y : uint
            id.x * 64 : uint
            id.x : uint
            id : uint3
            64 : literal int
            id.y : uint
            id : uint3
            id + 1 : uint3
            id : uint3
            1 : literal int
            id.xy * 2 : uint2
            id.xy : uint2
            id : uint3
            2 : literal int
            local id : uint3
        "#]],
    );
}

#[test]
fn scalar_to_vector_compare() {
    check_infer(
        r#"
void f(float3 v) { v > 0; any(v > 0.5); }
"#,
        expect![[r#"
            fn f:
            v > 0 : bool3
            v : float3
            0 : literal int
            any(v > 0.5) : {unknown}
            any : {unknown}
            v > 0.5 : bool3
            v : float3
            0.5 : literal float
            local v : float3
        "#]],
    );
}

#[test]
fn intrinsics_unknown() {
    check_infer(
        r#"
void f(float3 v) { dot(v, v); normalize(v); saturate(v.x); }
"#,
        expect![[r#"
            fn f:
            dot(v, v) : {unknown}
            dot : {unknown}
            v : float3
            v : float3
            normalize(v) : {unknown}
            normalize : {unknown}
            v : float3
            saturate(v.x) : {unknown}
            saturate : {unknown}
            v.x : float
            v : float3
            local v : float3
        "#]],
    );
}

#[test]
fn nested_calls_and_parens() {
    check_infer(
        r#"
float a(float x) { return x; } void f() { ((a(1) + 2) * 3); }
"#,
        expect![[r#"
            fn a:
            x : float
            local x : float
            fn f:
            ((a(1) + 2) * 3) : float
            (a(1) + 2) * 3 : float
            (a(1) + 2) : float
            a(1) + 2 : float
            a(1) : float
            a : {unknown}
            1 : literal int
            2 : literal int
            3 : literal int
        "#]],
    );
}

#[test]
fn global_typedef_struct() {
    check_infer(
        r#"
typedef struct { float3 n; } Surf; void f(Surf s) { s.n; }
"#,
        expect![[r#"
            fn f:
            s.n : float3
            s : (anonymous struct #0)
            local s : (anonymous struct #0)
        "#]],
    );
}

#[test]
fn array_of_struct_member() {
    check_infer(
        r#"
struct L { float3 c; }; cbuffer B { L lights[4]; }; void f(int i) { lights[i].c; lights[i].c.x; }
"#,
        expect![[r#"
            fn f:
            lights[i].c : float3
            lights[i] : L
            lights : L[4]
            i : int
            lights[i].c.x : float
            lights[i].c : float3
            lights[i] : L
            lights : L[4]
            i : int
            local i : int
        "#]],
    );
}

#[test]
fn groupshared_write() {
    check_infer(
        r#"
groupshared float cache[64]; void f(uint i) { cache[i] = 1; cache[i]; }
"#,
        expect![[r#"
            fn f:
            cache[i] = 1 : float
            cache[i] : float
            cache : float[64]
            i : uint
            1 : literal int
            cache[i] : float
            cache : float[64]
            i : uint
            local i : uint
        "#]],
    );
}

#[test]
fn mul_like_ops() {
    check_infer(
        r#"
void f(float3x3 m, float3 v) { m * 2; v * m[0]; m[0] * v; }
"#,
        expect![[r#"
            fn f:
            m * 2 : float3x3
            m : float3x3
            2 : literal int
            v * m[0] : float3
            v : float3
            m[0] : float3
            m : float3x3
            0 : literal int
            m[0] * v : float3
            m[0] : float3
            m : float3x3
            0 : literal int
            v : float3
            local m : float3x3
            local v : float3
        "#]],
    );
}

#[test]
fn conditional_vectors() {
    check_infer(
        r#"
void f(bool2 c, float2 a, float2 b) { c.x ? a : b; }
"#,
        expect![[r#"
            fn f:
            c.x ? a : b : float2
            c.x : bool
            c : bool2
            a : float2
            b : float2
            local c : bool2
            local a : float2
            local b : float2
        "#]],
    );
}

#[test]
fn bool_vector_ctor() {
    check_infer(
        r#"
void f() { bool3(true, false, true); bool2(1, 0); }
"#,
        expect![[r#"
            fn f:
            bool3(true, false, true) : bool3
            bool3 : {unknown}
            true : bool
            false : bool
            true : bool
            bool2(1, 0) : bool2
            bool2 : {unknown}
            1 : literal int
            0 : literal int
        "#]],
    );
}

#[test]
fn int_to_float_vectors() {
    check_infer(
        r#"
void f(int3 i) { float3 f = i; f; float3(i); }
"#,
        expect![[r#"
            fn f:
            i : int3
            f : float3
            float3(i) : float3
            float3 : {unknown}
            i : int3
            local i : int3
            local f : float3
        "#]],
    );
}

#[test]
fn matrix_row_vector() {
    check_infer(
        r#"
void f(float4x4 m) { m[0].xyz; m[3][3]; m._m30_m31; }
"#,
        expect![[r#"
            fn f:
            m[0].xyz : float3
            m[0] : float4
            m : float4x4
            0 : literal int
            m[3][3] : float
            m[3] : float4
            m : float4x4
            3 : literal int
            3 : literal int
            m._m30_m31 : float2
            m : float4x4
            local m : float4x4
        "#]],
    );
}

#[test]
fn double_literals() {
    check_infer(
        r#"
void f(double d) { d * 1.0; d + 1.0l; 1.0l * 2; }
"#,
        expect![[r#"
            fn f:
            d * 1.0 : double
            d : double
            1.0 : literal float
            d + 1.0l : double
            d : double
            1.0l : double
            1.0l * 2 : double
            1.0l : double
            2 : literal int
            local d : double
        "#]],
    );
}

#[test]
fn int64_literals() {
    check_infer(
        r#"
void f(uint64_t a) { a + 1; a * 2ul; 1ull; }
"#,
        expect![[r#"
            fn f:
            a + 1 : uint64_t
            a : uint64_t
            1 : literal int
            a * 2ul : uint64_t
            a : uint64_t
            2ul : uint64_t
            1ull : uint64_t
            local a : uint64_t
        "#]],
    );
}

#[test]
fn param_semantics() {
    check_infer(
        r#"
float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return pos * uv.x; }
"#,
        expect![[r#"
            fn main:
            pos * uv.x : float4
            pos : float4
            uv.x : float
            uv : float2
            local pos : float4
            local uv : float2
        "#]],
    );
}

#[test]
fn return_conversion() {
    check_infer(
        r#"
float f(int x) { return x; } float4 g() { return 1; }
"#,
        expect![[r#"
            fn f:
            x : int
            local x : int
            fn g:
            1 : literal int
        "#]],
    );
}

#[test]
fn explicit_template_args() {
    check_infer(
        r#"
template<typename T> T conv(float x) { return (T)x; }
void f() { conv<int>(1.5); conv<float3>(2); }
"#,
        expect![[r#"
            fn conv:
            (T)x : {unknown}
            x : float
            local x : float
            fn f:
            conv<int>(1.5) : int
            conv<int> : {unknown}
            1.5 : literal float
            conv<float3>(2) : float3
            conv<float3> : {unknown}
            2 : literal int
        "#]],
    );
}

#[test]
fn unsized_global_array_takes_initializer_length() {
    check_infer(
        r#"
static const float2 K[] = {float2(0, 1), float2(1, 0), 0.5, 0.5};
void f() { K; K[1]; }
"#,
        expect![[r#"
            fn f:
            K : float2[3]
            K[1] : float2
            K : float2[3]
            1 : literal int
        "#]],
    );
}

#[test]
fn method_calls_other_method() {
    check_infer(
        r#"
struct S { float x; float a() { return x; } float b() { return a() * 2; } };
"#,
        expect![[r#"
            fn a:
            x : float
            fn b:
            a() * 2 : float
            a() : float
            a : {unknown}
            2 : literal int
        "#]],
    );
}

#[test]
fn static_method() {
    check_infer(
        r#"
struct M { static float twice(float v) { return v * 2; } }; void f() { M::twice(3); }
"#,
        expect![[r#"
            fn twice:
            v * 2 : float
            v : float
            2 : literal int
            local v : float
            fn f:
            M::twice(3) : float
            M::twice : {unknown}
            3 : literal int
        "#]],
    );
}

#[test]
fn namespace_struct() {
    check_infer(
        r#"
namespace geo { struct Ray { float3 o; float3 d; }; } void f(geo::Ray r) { r.o + r.d; }
"#,
        expect![[r#"
            fn f:
            r.o + r.d : float3
            r.o : float3
            r : geo::Ray
            r.d : float3
            r : geo::Ray
            local r : geo::Ray
        "#]],
    );
}

#[test]
fn global_scope_path() {
    check_infer(
        r#"
static const int k = 1; void f() { int k = 2; ::k; k; }
"#,
        expect![[r#"
            fn f:
            2 : literal int
            ::k : int
            k : int
            local k : int
        "#]],
    );
}

#[test]
fn enum_typed_local() {
    check_infer(
        r#"
enum Mode { Off, On }; void f() { Mode m = On; m == Off; }
"#,
        expect![[r#"
            fn f:
            On : Mode
            m == Off : bool
            m : Mode
            Off : Mode
            local m : Mode
        "#]],
    );
}

#[test]
fn enum_class_with_type() {
    check_infer(
        r#"
enum class Small : uint16_t { A = 1 }; void f() { Small::A; }
"#,
        expect![[r#"
            fn f:
            Small::A : Small
        "#]],
    );
}

#[test]
fn nested_init_list() {
    check_infer(
        r#"
struct P { float2 a; float b; }; void f() { P ps[2] = { {1, 2, 3}, {4, 5, 6} }; float2x2 m = {1, 2, 3, 4}; }
"#,
        expect![[r#"
            fn f:
            { {1, 2, 3}, {4, 5, 6} } : P[2]
            {1, 2, 3} : P
            1 : literal int
            2 : literal int
            3 : literal int
            {4, 5, 6} : P
            4 : literal int
            5 : literal int
            6 : literal int
            {1, 2, 3, 4} : float2x2
            1 : literal int
            2 : literal int
            3 : literal int
            4 : literal int
            local ps : P[2]
            local m : float2x2
        "#]],
    );
}

#[test]
fn init_list_with_vectors() {
    check_infer(
        r#"
void f(float2 a) { float4 v = {a, a}; float3 w = {a, 1}; }
"#,
        expect![[r#"
            fn f:
            {a, a} : float4
            a : float2
            a : float2
            {a, 1} : float3
            a : float2
            1 : literal int
            local a : float2
            local v : float4
            local w : float3
        "#]],
    );
}

#[test]
fn ternary_struct() {
    check_infer(
        r#"
struct S { float a; }; void f(bool c, S x, S y) { c ? x : y; }
"#,
        expect![[r#"
            fn f:
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
fn sizeof_variable() {
    check_infer(
        r#"
void f() { float4 v; sizeof(v); sizeof(float4); }
"#,
        expect![[r#"
            fn f:
            sizeof(v) : uint
            sizeof(float4) : uint
            local v : float4
        "#]],
    );
}

#[test]
fn call_with_conversions() {
    check_infer(
        r#"
float4 g(float4 v) { return v; } void f(int4 i, float s) { g(i); g(s); }
"#,
        expect![[r#"
            fn g:
            v : float4
            local v : float4
            fn f:
            g(i) : float4
            g : {unknown}
            i : int4
            g(s) : float4
            g : {unknown}
            s : float
            local i : int4
            local s : float
        "#]],
    );
}

#[test]
fn overload_splat_vs_conversion() {
    check_infer(
        r#"
float g(float x) { return x; } float4 g(float4 x) { return x; } void f(int i) { g(i); }
"#,
        expect![[r#"
            fn g:
            x : float
            local x : float
            fn g:
            x : float4
            local x : float4
            fn f:
            g(i) : float
            g : {unknown}
            i : int
            local i : int
        "#]],
    );
}

#[test]
fn overload_by_count() {
    check_infer(
        r#"
float g(float x) { return x; } float g(float x, float y) { return x + y; } void f() { g(1); g(1, 2); }
"#,
        expect![[r#"
            fn g:
            x : float
            local x : float
            fn g:
            x + y : float
            x : float
            y : float
            local x : float
            local y : float
            fn f:
            g(1) : float
            g : {unknown}
            1 : literal int
            g(1, 2) : float
            g : {unknown}
            1 : literal int
            2 : literal int
        "#]],
    );
}

#[test]
fn template_two_params() {
    check_infer(
        r#"
template<typename T, typename U> T cast(U u) { return (T)u; } void f() { cast<float>(1); cast<int, float>(2.0); }
"#,
        expect![[r#"
            fn cast:
            (T)u : {unknown}
            u : {unknown}
            local u : {unknown}
            fn f:
            cast<float>(1) : float
            cast<float> : {unknown}
            1 : literal int
            cast<int, float>(2.0) : int
            cast<int, float> : {unknown}
            2.0 : literal float
        "#]],
    );
}

#[test]
fn template_value_param() {
    check_infer(
        r#"
template<uint N> float sum(float v[N]) { return v[0]; } void f() { float a[2] = {1, 2}; sum<2>(a); }
"#,
        expect![[r#"
            fn sum:
            v[0] : {unknown}
            v : {unknown}
            0 : literal int
            local v : {unknown}
            fn f:
            {1, 2} : float[2]
            1 : literal int
            2 : literal int
            sum<2>(a) : float
            sum<2> : {unknown}
            a : float[2]
            local a : float[2]
        "#]],
    );
}

#[test]
fn template_struct_method_subst() {
    check_infer(
        r#"
template<typename T> struct W { T v; T get() { return v; } void put(T x) { v = x; } }; void f() { W<int2> w; w.put(int2(1, 2)); w.get().y; }
"#,
        expect![[r#"
            fn get:
            v : {unknown}
            fn put:
            v = x : {unknown}
            v : {unknown}
            x : {unknown}
            local x : {unknown}
            fn f:
            w.put(int2(1, 2)) : void
            w : W<int2>
            int2(1, 2) : int2
            int2 : {unknown}
            1 : literal int
            2 : literal int
            w.get().y : int
            w.get() : int2
            w : W<int2>
            local w : W<int2>
        "#]],
    );
}

#[test]
fn entry_point_params() {
    check_infer(
        r#"
struct PSIn { float4 pos : SV_Position; float2 uv : TEXCOORD0; }; float4 main(PSIn i) : SV_Target { return float4(i.uv, 0, 1); }
"#,
        expect![[r#"
            fn main:
            float4(i.uv, 0, 1) : float4
            float4 : {unknown}
            i.uv : float2
            i : PSIn
            0 : literal int
            1 : literal int
            local i : PSIn
        "#]],
    );
}

#[test]
fn literal_matches_every_kind_of_its_family() {
    // DXC: a literal int converts to any integer type, a literal float to any float type,
    // for free, so `g(1)` and `h(1.0)` are ambiguous; a suffix makes the type concrete
    // (`1u` is a `uint`, `1.0f` a `float`, `1.0l` a `double`).
    check_diagnostics(
        r#"
int g(int x) { return x; } uint g(uint x) { return x; }
float h(float x) { return x; } double h(double x) { return x; }
void f() { g(1); h(1.0); g(1u); h(1.0f); h(1.0l); }
"#,
        expect![[r#"
            E2005 4:12 `g(1)`: call to `g` is ambiguous
              note 2:5 `g`: candidate: int g(int x)
              note 2:33 `g`: candidate: uint g(uint x)
            E2005 4:18 `h(1.0)`: call to `h` is ambiguous
              note 3:7 `h`: candidate: float h(float x)
              note 3:39 `h`: candidate: double h(double x)
        "#]],
    );
}

#[test]
fn inherited_methods() {
    check_infer(
        r#"
struct Base { float a; float twice() { return a * 2; } };
struct Derived : Base { float b; };
void f(Derived d) { d.twice(); d.a + d.b; }
"#,
        expect![[r#"
            fn twice:
            a * 2 : float
            a : float
            2 : literal int
            fn f:
            d.twice() : float
            d : Derived
            d.a + d.b : float
            d.a : float
            d : Derived
            d.b : float
            d : Derived
            local d : Derived
        "#]],
    );
}
