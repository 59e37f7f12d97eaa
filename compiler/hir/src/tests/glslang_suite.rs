//! Rules found by measuring `hlslc` against glslang's HLSL tests: what glslang takes that DXC
//! refuses gets DXC's refusal with a hint at what to write (a scalar splat by constructor,
//! pre-release wave names, Direct3D 9 texture functions), and what no buffer can address is
//! refused (E2210) instead of being placed at a wrapped offset.

use expect_test::expect;

use super::{check_diagnostics, check_diagnostics_hlsl, diagnostics_with_entries};

#[test]
fn a_constructor_does_not_splat_a_scalar() {
    check_diagnostics(
        r#"
void f(float s)
{
    float4 a = float4(s);
    int3 b = int3(2);
    float2x2 m = float2x2(s);
    float4 ok1 = (float4)s;
    float4 ok2 = s.xxxx;
    float1 ok3 = float1(s);
    float4 short = float4(s, s);
}
"#,
        expect![[r#"
            E2016 4:16 `float4(s)`: `float4` needs 4 component(s), 1 given: a constructor does not repeat a scalar; write a cast, `(float4)x`, or a swizzle, `x.xxxx`
            E2016 5:14 `int3(2)`: `int3` needs 3 component(s), 1 given: a constructor does not repeat a scalar; write a cast, `(int3)x`, or a swizzle, `x.xxx`
            E2016 6:18 `float2x2(s)`: `float2x2` needs 4 component(s), 1 given: a constructor does not repeat a scalar; write a cast, `(float2x2)x`
            E2016 10:20 `float4(s, s)`: `float4` needs 4 component(s), 2 given
        "#]],
    );
}

#[test]
fn pre_release_wave_names_and_d3d9_texture_functions() {
    check_diagnostics_hlsl(
        r#"
void f(uint i)
{
    uint a = WaveAllSum(i) + WaveOnce() + WaveGetOrderedIndex();
    uint b = QuadSwapX(i);
    tex2D(i, i);
    uint c = WaveActiveSum(i) + QuadReadAcrossX(i);
}
"#,
        expect![[r#"
            E2001 4:14 `WaveAllSum`: use of undeclared identifier `WaveAllSum`: `WaveAllSum` is a pre-release name of `WaveActiveSum`, which is what DXC knows
            E2001 4:30 `WaveOnce`: use of undeclared identifier `WaveOnce`: `WaveOnce` is a pre-release name of `WaveIsFirstLane`, which is what DXC knows
            E2001 4:43 `WaveGetOrderedIndex`: use of undeclared identifier `WaveGetOrderedIndex`: `WaveGetOrderedIndex` is a pre-release wave intrinsic that Shader Model 6.0 dropped
            E2001 5:14 `QuadSwapX`: use of undeclared identifier `QuadSwapX`: `QuadSwapX` is a pre-release name of `QuadReadAcrossX`, which is what DXC knows
            E2001 6:5 `tex2D`: use of undeclared identifier `tex2D`: `tex2D` is a Direct3D 9 intrinsic that DXC does not compile; use `Texture2D.Sample` with a `SamplerState`
        "#]],
    );
}

#[test]
fn an_unnamed_entry_parameter_is_named_by_its_position() {
    expect![[r#"
        E2024 2:22 `float`: unnamed parameter 2 of vertex entry point `main` has no semantic
    "#]]
    .assert_eq(&diagnostics_with_entries(
        r#"
void main(int a : A, float) {}
"#,
        &[("main", "vs_6_0")],
    ));
}

#[test]
fn constant_offsets_past_four_gib_e2210() {
    check_diagnostics(
        r#"
cbuffer B
{
    float4 near : packoffset(c268435455);
    float4 far : packoffset(c268435456);
    float farther : packoffset(c4000000000.y);
};
float4 g_near : register(c200000000);
float4 g_far : register(c300000000);
"#,
        expect![[r#"
            E2210 5:16 `: packoffset(c268435456)`: `packoffset(c268435456)` places the member at byte 4294967296, past the 4 GiB a buffer's offsets can address
            E2210 6:19 `: packoffset(c4000000000.y)`: `packoffset(c4000000000.y)` places the member at byte 64000000004, past the 4 GiB a buffer's offsets can address
            E2210 9:14 `: register(c300000000)`: `register(c300000000)` places the global at byte 4800000000, past the 4 GiB a buffer's offsets can address
        "#]],
    );
}

#[test]
fn vk_location_does_not_replace_a_semantic() {
    expect![[r#"
        E2024 2:66 `uv`: field `uv` has no semantic; it is part of parameter `i` of pixel entry point `main`: `[[vk::location]]` places it but does not name it, and DXC requires a semantic on every stage input and output
          note 3:36 `i`: parameter `i` of pixel entry point `main`
        E2024 3:21 `float4`: the return value of pixel entry point `main` has no semantic: `[[vk::location]]` places it but does not name it, and DXC requires a semantic on every stage input and output
        E2024 3:65 `extra`: parameter `extra` of pixel entry point `main` has no semantic: `[[vk::location]]` places it but does not name it, and DXC requires a semantic on every stage input and output
    "#]]
    .assert_eq(&diagnostics_with_entries(
        r#"
struct In { float4 pos : SV_Position; [[vk::location(1)]] float2 uv; [[vk::location(2)]] float k : K; };
[[vk::location(0)]] float4 main(In i, [[vk::location(3)]] float extra) { return i.uv.xyxy + i.k + extra; }
"#,
        &[("main", "ps_6_0")],
    ));
}

#[test]
fn a_struct_is_not_constructed_from_several_values_e2211() {
    check_diagnostics(
        r#"
struct S { float a; int b; };
void f(float x)
{
    struct L { float p; };
    S two = S(x, 2);
    L none = L();
    S cast = S(x);
    L local = L(cast);
    S bad = S(cast, cast);
}
"#,
        expect![[r#"
            E2211 6:13 `S(x, 2)`: constructors only defined for numeric base types: build a `S` with an initializer list, `S s = { ... };`
            E2211 7:14 `L()`: constructors only defined for numeric base types: build a `L` with an initializer list, `L s = { ... };`
            E2211 10:13 `S(cast, cast)`: constructors only defined for numeric base types: build a `S` with an initializer list, `S s = { ... };`
        "#]],
    );
}
