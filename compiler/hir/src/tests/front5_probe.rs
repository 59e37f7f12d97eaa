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
fn effect_objects_are_unknown_types_in_202x() {
    super::const_objects::check_version(
        "BlendState blend;\n",
        crate::HLSL_202X,
        expect![[r#"
            E2014 1:12 `blend`: unknown type `BlendState`
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

#[test]
fn packed_byte_vectors_are_types_of_their_own() {
    // Two overloads (no redefinition), each picked by its argument's type; numbers convert
    // to either, and each converts back to a `uint` word.
    super::check_infer_hlsl(
        r#"
uint f(uint8_t4_packed a) { return 1; }
uint f(int8_t4_packed a) { return 2; }
uint g(uint4 v) {
    uint8_t4_packed u = pack_u8(v);
    int8_t4_packed s = u;
    uint word = s;
    return f(u) + f(s) + word;
}
"#,
        expect![[r#"
            fn f:
            1 : literal int
            local a : uint8_t4_packed
            fn f:
            2 : literal int
            local a : int8_t4_packed
            fn g:
            pack_u8(v) : uint
            pack_u8 : {unknown}
            v : uint4
            u : uint8_t4_packed
            s : int8_t4_packed
            f(u) + f(s) + word : uint
            f(u) + f(s) : uint
            f(u) : uint
            f : {unknown}
            u : uint8_t4_packed
            f(s) : uint
            f : {unknown}
            s : int8_t4_packed
            word : uint
            local v : uint4
            local u : uint8_t4_packed
            local s : int8_t4_packed
            local word : uint
        "#]],
    );
}
