//! Recovery from a missing `}`, `)` or `;` that the rules of `grammar::resume` did not cover
//! at first, and from code half typed at the end of a file: the error sits where the token
//! is missing and the items after it keep their place (`outline`).

use expect_test::expect;

use super::recovery_unclosed_fns::outline;

#[test]
fn unindented_body_missing_its_brace() {
    outline(
        r#"float4 f(float4 x) {
float4 y = x * 2;
return y;

static const float K = 2;
struct S { float a; };
float4 g(float4 x) {
return x * K;
}
"#,
        expect![[r#"
            FN_DEF f@0..48
            VAR_DECL@50..75
            STRUCT_DEF S@76..98
            FN_DEF g@99..135
            error 48..48: expected `}` to close the block
        "#]],
    );
}

#[test]
fn one_line_struct_missing_its_brace() {
    outline(
        r#"struct S { uint a; uint b; ;
StructuredBuffer<S> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = In[0].a; }
"#,
        expect![[r#"
            STRUCT_DEF S@0..28
            VAR_DECL@29..67
            VAR_DECL@68..112
            FN_DEF main@113..168
            error 28..28: expected `}` to close the block
        "#]],
    );
}

#[test]
fn one_line_cbuffer_missing_its_brace() {
    outline(
        r#"cbuffer C : register(b0) { float a; float3 b;
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = a; }
"#,
        expect![[r#"
            CBUFFER_DEF C@0..45
            VAR_DECL@46..91
            FN_DEF main@92..141
            error 45..45: expected `}` to close the block
        "#]],
    );
}

#[test]
fn nested_block_missing_its_brace() {
    outline(
        r#"void f(bool x) {
    if (x) {
        a();
    b();
}

static const int N = 4;
void g() {
    h();
}
"#,
        expect![[r#"
            FN_DEF f@0..53
            VAR_DECL@55..78
            FN_DEF g@79..100
            error 53..53: expected `}` to close the block
        "#]],
    );
}

#[test]
fn call_missing_its_paren_across_lines() {
    outline(
        r#"void f() {
    float x = max(a,
                  b;
    g();
}
void h() {}
"#,
        expect![[r#"
            FN_DEF f@0..63
            FN_DEF h@64..75
            error 51..52: expected `)` after arguments
        "#]],
    );
}

#[test]
fn if_condition_missing_its_paren_across_lines() {
    outline(
        r#"void f() {
    if (a &&
        b {
        g();
    }
}
void h() {}
"#,
        expect![[r#"
            FN_DEF f@0..56
            FN_DEF h@57..68
            error 34..35: expected `)` after condition
        "#]],
    );
}

#[test]
fn struct_missing_its_semicolon() {
    outline(
        r#"struct S { float a; }
float4 main() : SV_Target { return 0; }
"#,
        expect![[r#"
            STRUCT_DEF S@0..21
            FN_DEF main@22..61
            error 21..21: expected `;` after struct
        "#]],
    );
}

#[test]
fn half_typed_function_at_the_end() {
    outline(
        r#"float a;
void f() {}
float4 main(
"#,
        expect![[r#"
            VAR_DECL@0..8
            FN_DEF f@9..20
            FN_DEF main@21..33
            error 33..33: expected `)` after parameters
        "#]],
    );
}

#[test]
fn half_typed_cbuffer_at_the_end() {
    outline(
        r#"float a;
void f() {}
cbuffer C {
"#,
        expect![[r#"
            VAR_DECL@0..8
            FN_DEF f@9..20
            CBUFFER_DEF C@21..32
            error 32..32: expected `}`
        "#]],
    );
}

#[test]
fn half_typed_attribute_at_the_end() {
    outline(
        r#"float a;
void f() {}
[numthreads(8,
"#,
        expect![[r#"
            VAR_DECL@0..8
            FN_DEF f@9..20
            ERROR@21..35
            error 35..35: expected `)` after arguments
        "#]],
    );
}

#[test]
fn macro_attribute_line_after_an_unclosed_body() {
    outline(
        r#"#define NUMTHREADS [numthreads(8, 8, 1)]
float f() {
    return 1;

NUMTHREADS
void main() {}
"#,
        expect![[r#"
            FN_DEF f@41..66
            FN_DEF main@68..93
            error 66..66: expected `}` to close the block
        "#]],
    );
}

#[test]
fn cbuffer_missing_its_brace_before_a_typedef() {
    // The items after the buffer run up to a typedef, which a body may hold too.
    outline(
        r#"cbuffer Params : register(b0)
{
    uint2 Size;
    float Sigma;
;

Texture2D<float4> Noisy : register(t0);
typedef vector<float16_t, 3> half3_t;
static const int Radius = 2;
float f() { return 1; }
"#,
        expect![[r#"
            CBUFFER_DEF Params@0..66
            VAR_DECL@68..107
            TYPEDEF_DEF@108..145
            VAR_DECL@146..174
            FN_DEF f@175..198
            error 66..66: expected `}` to close the block
        "#]],
    );
}

#[test]
fn one_line_struct_missing_its_brace_before_a_template() {
    outline(
        r#"template<uint n> struct Pow2 { enum { value = 2 * Pow2<n - 1>::value }; ;
template<> struct Pow2<0> { enum { value = 1 }; };
[[vk::push_constant]] struct { uint a; } pc;
float4 main() : SV_Target { return Pow2<3>::value; }
"#,
        expect![[r#"
            STRUCT_DEF Pow2@0..73
            STRUCT_DEF Pow2@74..124
            VAR_DECL@125..169
            FN_DEF main@170..222
            error 73..73: expected `}` to close the block
        "#]],
    );
}

#[test]
fn anonymous_struct_missing_its_brace_keeps_its_variable() {
    outline(
        r#"[[vk::push_constant]] struct { vk::BufferPointer<S> s; pc;
float4 main() : SV_Target { return 0; }
"#,
        expect![[r#"
            VAR_DECL@0..58
            FN_DEF main@59..98
            error 54..54: expected `}` to close the block
        "#]],
    );
}

#[test]
fn struct_variable_missing_its_semicolon() {
    outline(
        r#"[[vk::push_constant]] struct { uint a; } pc
float4 main() : SV_Target { return pc.a; }
"#,
        expect![[r#"
            VAR_DECL@0..43
            FN_DEF main@44..86
            error 41..43: expected `;` after declaration
        "#]],
    );
}

#[test]
fn declaration_missing_its_semicolon_before_attributes() {
    // `[[` never starts an array size: it is the next declaration's attribute list.
    outline(
        r#"[[vk::binding(4, 1)]] Texture2D<float4> a
[[vk::binding(5, 1)]] RWTexture2D<float4> b;
float4 main() : SV_Target { return 0; }
"#,
        expect![[r#"
            VAR_DECL@0..41
            VAR_DECL@42..86
            FN_DEF main@87..126
            error 40..41: expected `;` after declaration
        "#]],
    );
}

#[test]
fn forward_declaration_missing_its_semicolon() {
    outline(
        r#"struct B
struct A { vk::BufferPointer<B> b; };
struct B { int n; };
"#,
        expect![[r#"
            STRUCT_DEF B@0..8
            STRUCT_DEF A@9..46
            STRUCT_DEF B@47..67
            error 8..8: expected `;` after struct
        "#]],
    );
}

#[test]
fn variable_of_a_forward_declared_struct_on_the_next_line() {
    // `struct B` then `b;` on the next line declares `b`: no missing `;`.
    outline(
        r#"struct B
b;
"#,
        expect![[r#"
            VAR_DECL@0..11
        "#]],
    );
}

#[test]
fn function_returning_a_struct_named_on_the_next_line() {
    // `struct S` then `make()` on the next line is one function definition.
    outline(
        r#"struct S { int a; };
struct S
make() { S s; return s; }
"#,
        expect![[r#"
            STRUCT_DEF S@0..20
            FN_DEF make@21..55
        "#]],
    );
}

#[test]
fn one_line_struct_missing_its_brace_before_a_forward_declaration() {
    outline(
        r#"struct B { int n; ;
struct Node;
typedef vk::BufferPointer<Node> NodePtr;
struct Node { float4 color; NodePtr next; };
float4 main() : SV_Target { return 0; }
"#,
        expect![[r#"
            STRUCT_DEF B@0..19
            STRUCT_DEF Node@20..32
            TYPEDEF_DEF@33..73
            STRUCT_DEF Node@74..118
            FN_DEF main@119..158
            error 19..19: expected `}` to close the block
        "#]],
    );
}
