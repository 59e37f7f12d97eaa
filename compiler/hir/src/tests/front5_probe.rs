//! Valid HLSL that met false errors once semantic analysis ran after syntax errors too
//! (session 9's survey of DXC's SemaHLSL tests). The shaders are ours.

use expect_test::expect;

use super::check_diagnostics;

#[test]
fn effect_objects_are_ignored_with_dxc_warning() {
    // DXC: "effect object ignored - effect syntax is deprecated", on each declaration.
    check_diagnostics(
        r#"
BlendState blend;
Texture legacyTexture;
static const PixelShader ps;
pixelfragment fragment;
float f() { return 1; }
"#,
        expect![[r#"
            W2055 2:12 `blend`: effect object ignored - effect syntax is deprecated
            W2055 3:9 `legacyTexture`: effect object ignored - effect syntax is deprecated
            W2055 4:26 `ps`: effect object ignored - effect syntax is deprecated
            W2055 5:15 `fragment`: effect object ignored - effect syntax is deprecated
        "#]],
    );
}

#[test]
fn braces_inside_an_initializer_list_do_not_split_its_components() {
    // DXC flattens nested lists: six values for two `float3`s, however they are braced;
    // only the outermost count is checked (`q` has three values).
    check_diagnostics(
        r#"
struct Pair { float3 a; float3 b; };
void f() {
    Pair p = { { 1, 2, 3, 4, 5 }, { 6 } };
    float2 v[2] = { { 1 }, { 2, 3, 4 } };
    Pair q = { { 1, 2 }, { 3 } };
}
"#,
        expect![[r#"
            E2016 6:14 `{ { 1, 2 }, { 3 } }`: initializer list has 3 component(s), `Pair` needs 6
        "#]],
    );
}
