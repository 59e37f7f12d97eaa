//! Rules found by measuring `hlslc` against vkd3d's HLSL test suite, each with the
//! declarations the rule allows (which must stay silent): `packoffset` (E2051).

use expect_test::expect;

use super::check_diagnostics;

#[test]
fn packoffset_only_on_constant_buffer_members() {
    check_diagnostics(
        r#"
struct S { float4 a : packoffset(c0); };
float4 g : packoffset(c0);
float4 f(float4 x : packoffset(c0)) : packoffset(c1) { return x; }
cbuffer B { float4 ok : packoffset(c2); S s : packoffset(c3); }
tbuffer T { float4 tok : packoffset(c0); }
"#,
        expect![[r#"
            E2051 2:21 `: packoffset(c0)`: packoffset is only allowed in a constant buffer
            E2051 3:10 `: packoffset(c0)`: packoffset is only allowed in a constant buffer
            E2051 4:19 `: packoffset(c0)`: packoffset is only allowed in a constant buffer
            E2051 4:37 `: packoffset(c1)`: packoffset is only allowed in a constant buffer
        "#]],
    );
}

#[test]
fn packoffset_registers_and_components() {
    check_diagnostics(
        r#"
cbuffer B
{
    float4 a : packoffset(c1junk);
    float2 b : packoffset(c2.xy);
    float4 c : packoffset(c3._m00);
    float4 d : packoffset(t4);
    float4 e : packoffset(c5.z);
    float3 f : packoffset(c6.y);
    float2 g : packoffset(c7.b);
    float h : packoffset(C8.a);
    float1x1 m : packoffset(c9.y);
    float arr[1] : packoffset(c10.w);
}
"#,
        expect![[r#"
            E2051 4:14 `: packoffset(c1junk)`: register number should be an integral numeric string
            E2051 5:14 `: packoffset(c2.xy)`: packoffset component should indicate offset with one of x, y, z, w, r, g, b, or a
            E2051 6:14 `: packoffset(c3._m00)`: packoffset component should indicate offset with one of x, y, z, w, r, g, b, or a
            E2051 7:14 `: packoffset(t4)`: register type is unsupported: packoffset takes a 'c' register
            E2051 8:14 `: packoffset(c5.z)`: register or offset bind not valid: the value does not fit in the rest of its 16-byte register
        "#]],
    );
}

#[test]
fn contradicting_statement_attributes() {
    check_diagnostics(
        r#"
float4 f(float4 u, int n)
{
    float r = 0;
    [loop] [unroll(2)] for (int i = 0; i < n; ++i) r += 1;
    [fastopt] [unroll] while (n > 0) { n--; }
    [branch] [flatten] if (u.x > 0) r = 1;
    [unroll] [unroll] for (int j = 0; j < 4; ++j) r += 1;
    [loop] [fastopt] do { r += 1; } while (r < 9);
    [branch] if (u.y > 0) r = 2;
    return r;
}
"#,
        expect![[r#"
            E2052 5:12 `[unroll(2)]`: 'unroll' and 'loop' attributes are not compatible
            E2052 6:15 `[unroll]`: 'unroll' and 'fastopt' attributes are not compatible
            E2052 7:14 `[flatten]`: 'flatten' and 'branch' attributes are not compatible
        "#]],
    );
}

#[test]
fn conditions_are_one_component() {
    check_diagnostics(
        r#"
float4 f(float2 v, float1 one, float1x1 m, float s)
{
    if (v) return 1;
    while (v) {}
    do {} while (v);
    for (; v;) {}
    if (one) return 2;
    if (m) return 3;
    if (s) return 4;
    return 0;
}
"#,
        expect![[r#"
            E2003 4:9 `v`: a condition must be a scalar, not `float2`: use `any()`, `all()` or one component
            E2003 5:12 `v`: a condition must be a scalar, not `float2`: use `any()`, `all()` or one component
            E2003 6:18 `v`: a condition must be a scalar, not `float2`: use `any()`, `all()` or one component
            E2003 7:12 `v`: a condition must be a scalar, not `float2`: use `any()`, `all()` or one component
        "#]],
    );
}

#[test]
fn arrays_convert_by_element_count_and_construct_vectors() {
    // Same element type and count: any shape. Another element type, another count, or a
    // vector for an array: no match. A constructor takes the scalars of an array of
    // numbers, not those of a struct (DXC refuses them).
    check_diagnostics(
        r#"
struct S { float2 a; int b; };
struct R { float a; Texture2D t; };
float take(float a[2][3]) { return a[0][0]; }
float take4(float a[4]) { return a[0]; }
float4 f(R r)
{
    float g[3][2] = {1, 2, 3, 4, 5, 6};
    float h[6] = g;
    int i[6] = {1, 2, 3, 4, 5, 6};
    float k[5] = {1, 2, 3, 4, 5};
    S s = {1, 2, 3};
    float x = take(g) + take(h) + take(i) + take(k) + take4(float4(1, 2, 3, 4));
    return float4(h[0], s) + float4(g) + float4(r);
}
"#,
        expect![[r#"
            E2004 13:35 `take(i)`: no matching overload for call to `take(int[6])`
              note 4:7 `take`: candidate: float take(float[2][3] a)
            E2004 13:45 `take(k)`: no matching overload for call to `take(float[5])`
              note 4:7 `take`: candidate: float take(float[2][3] a)
            E2004 13:55 `take4(float4(1, 2, 3, 4))`: no matching overload for call to `take4(float4)`
              note 5:7 `take4`: candidate: float take4(float[4] a)
            E2003 14:25 `s`: cannot use a value of type `S` to construct `float4`
            E2016 14:30 `float4(g)`: `float4` needs 4 component(s), 6 given
            E2003 14:49 `r`: cannot use a value of type `R` to construct `float4`
        "#]],
    );
}

#[test]
fn storage_modifiers_where_they_mean_nothing() {
    check_diagnostics(
        r#"
uniform in float4 a;
in float4 b;
static uniform float4 c;
namespace N { out float4 d; }
uniform float4 e;
static const float4 k = 1;
uniform float4 f() { return 0; }
void g(out uniform float4 o, inout uniform float4 p, in out uniform float4 q, uniform float4 u) { o = 0; }
void h() { uniform float x; in float y; static float z = 1; const float w = 2; }
"#,
        expect![[r#"
            E2053 2:9 `in`: 'in' is not a valid modifier for a global variable
            E2053 3:1 `in`: 'in' is not a valid modifier for a global variable
            E2053 4:8 `uniform`: 'uniform' is not a valid modifier for a static variable
            E2053 5:15 `out`: 'out' is not a valid modifier for a global variable
            E2053 8:1 `uniform`: 'uniform' is not a valid modifier for a function
            E2053 9:12 `uniform`: 'uniform' is not a valid modifier for an out parameter
            E2053 10:12 `uniform`: 'uniform' is not a valid modifier for a local variable
            E2053 10:29 `in`: 'in' is not a valid modifier for a local variable
        "#]],
    );
}

#[test]
fn numthreads_count_ignored_on_a_pixel_entry() {
    // DXC ignores how many arguments `[numthreads]` has on a pixel shader, not whether they
    // are constant numbers or an empty one; on a compute entry the count is checked.
    expect![[r#"
        E2025 5:13 `f`: the arguments of `[numthreads]` must be constant numbers
        E2025 6:1 `[numthreads()]`: `[numthreads]` has an empty argument
        E2025 7:1 `[numthreads(1,)]`: `[numthreads]` has an empty argument
        E2025 8:13 `float2(1)`: the arguments of `[numthreads]` must be constant numbers
        E2025 9:1 `[numthreads(1)]`: `[numthreads]` takes 3 argument(s), 1 given
    "#]]
    .assert_eq(&super::diagnostics_with_entries(
        r#"
uniform float f;
[numthreads] float4 p1() : SV_Target { return 0; }
[numthreads(1)] float4 p2() : SV_Target { return 0; }
[numthreads(f)] float4 p3() : SV_Target { return 0; }
[numthreads()] float4 p4() : SV_Target { return 0; }
[numthreads(1,)] float4 p5() : SV_Target { return 0; }
[numthreads(float2(1))] float4 p6() : SV_Target { return 0; }
[numthreads(1)] void c1() {}
[numthreads] float4 p7();
[numthreads] float4 p7() : SV_Target { return 0; }
"#,
        &[
            ("p1", "ps_6_0"),
            ("p2", "ps_6_0"),
            ("p3", "ps_6_0"),
            ("p4", "ps_6_0"),
            ("p5", "ps_6_0"),
            ("p6", "ps_6_0"),
            ("p7", "ps_6_0"),
            ("c1", "cs_6_0"),
        ],
    ));
}

#[test]
fn out_arguments_with_repeated_swizzle_components() {
    check_diagnostics(
        r#"
void f(inout float2 o) { o += 1; }
void g(out float2 o) { o = 1; }
void h()
{
    float2 x = 0;
    float3 q = 0;
    f(x.yy);
    g(q.xx);
    f(q.zx);
    g(x.yx);
}
"#,
        expect![[r#"
            E2011 8:7 `x.yy`: an `out` or `inout` argument cannot be a swizzle with repeated components
            E2011 9:7 `q.xx`: an `out` or `inout` argument cannot be a swizzle with repeated components
        "#]],
    );
}

#[test]
fn inline_entry_points() {
    expect![[r#"
        E2053 3:1 `inline`: 'inline' is not a valid modifier for an entry point: `main` would not be visible as the pixel entry point
    "#]].assert_eq(&super::diagnostics_with_entries(
        r#"
inline float helper(float a) { return a + 1; }
inline float4 main() : SV_Target { return helper(1); }
"#,
        &[("main", "ps_6_0")],
    ));
}
