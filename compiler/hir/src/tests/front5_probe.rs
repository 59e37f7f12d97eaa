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
