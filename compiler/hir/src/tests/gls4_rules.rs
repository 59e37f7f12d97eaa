//! Rules found by the gls4 survey (glslang's and vkd3d's HLSL test suites measured against
//! `hlslc`), each with the declarations the rule allows, which must stay silent.

use expect_test::expect;

use super::check_diagnostics;

#[test]
fn matrix_orientation_only_on_one_matrix() {
    // Refused: the keyword on a vector, a scalar local, a struct, an array typedef and a
    // struct field; the opposite orientation of a typedef's. Silent: the same keyword twice,
    // on a typedef and again at its use, on an array of matrices, a matrix template.
    check_diagnostics(
        r#"
typedef row_major float3x3 rm3;
typedef column_major float4 cvec;
typedef float2x2 arr2[2];
struct Pair { float2 a; row_major float4 b; };
column_major float2 v;
column_major rm3 flipped;
row_major Pair p;
row_major arr2 a2;
row_major row_major float4x4 twice;
row_major rm3 same;
row_major float2x3 many[4];
column_major matrix<float, 2, 2> tmpl;
float f() { row_major float x = 1; row_major float2x2 m = 0; return x + m[0].x; }
"#,
        expect![[r#"
            E2270 3:29 `cvec`: 'column_major' can only be used with a matrix type
            E2270 5:42 `b`: 'row_major' can only be used with a matrix type
            E2270 6:21 `v`: 'column_major' can only be used with a matrix type
            E2270 7:18 `flipped`: 'row_major' and 'column_major' attributes are not compatible
            E2270 8:16 `p`: 'row_major' can only be used with a matrix type
            E2270 9:16 `a2`: 'row_major' can only be used with a matrix type
            E2270 14:29 `x`: 'row_major' can only be used with a matrix type
        "#]],
    );
}

#[test]
fn pack_matrix_default_is_no_orientation_error() {
    // `#pragma pack_matrix` gives every declaration a default, scalars and structs included:
    // only a written keyword is checked.
    check_diagnostics(
        r#"
#pragma pack_matrix(row_major)
float4 v;
struct S { float3 a; float2x2 m; };
S s;
typedef float3x3 M;
column_major M m;
"#,
        expect![[r#""#]],
    );
}

#[test]
fn switch_labels_clang_refuses() {
    // A second `default` (also when it sits in a plain block of the switch), a label with no
    // statement before the block ends. Silent: labels falling through to the next one, a
    // nested switch with its own `default`, a label in a plain block followed by a statement.
    check_diagnostics(
        r#"
int f(int a) {
    int b = 0;
    switch (a) { default: b = 1; break; case 1: { default: b = 2; } }
    switch (a) { case 0: b = 3; case 1: }
    switch (a) { case 0: return 1; default: }
    switch (a) { case 0: case 1: b = 4; break; default: switch (b) { default: b++; } }
    switch (a) { case 0: { case 2: b++; } break; }
    return b;
}
"#,
        expect![[r#"
            E2271 4:51 `default:`: multiple default labels in one switch
            E2271 5:33 `case 1:`: label at end of compound statement: expected statement
            E2271 6:36 `default:`: label at end of compound statement: expected statement
        "#]],
    );
}

#[test]
fn case_values_must_be_distinct_integer_constants() {
    // Refused: a float value, one reading a variable or a parameter, a value met before (a
    // 32-bit switch compares 32-bit values). Silent: constants, `const` locals, enumerators,
    // and the same values in a 64-bit switch, where they differ.
    check_diagnostics(
        r#"
enum E { Red = 3 };
static const int K = 5;
int f(int a, uint u, uint64_t w, const int p) {
    const int c = 7;
    int v = 1;
    switch (a) { case 1.5f: return 0; case v + 1: return 1; case p: return 2; }
    switch (a) { case 2: return 3; case 1 + 1: return 4; case Red: return 5; case K: return 6; case c: return 7; }
    switch (u) { case -1: return 8; case 0xffffffff: return 9; }
    switch (w) { case 0xffffffff: return 10; case 0x1ffffffff: return 11; }
    return 0;
}
"#,
        expect![[r#"
            E2271 7:23 `1.5f`: expression is not an integral constant expression
            E2271 7:44 `v + 1`: expression is not an integral constant expression
            E2271 7:66 `p`: expression is not an integral constant expression
            E2271 8:41 `1 + 1`: duplicate case value '2'
            E2271 9:42 `0xffffffff`: duplicate case value '4294967295'
        "#]],
    );
}

#[test]
fn local_arrays_need_a_size() {
    // Refused: `[]` with nothing to count, an inner `[]`. Silent: sized by an initializer
    // (also an outer `[]` of arrays), explicit sizes, an unsized parameter.
    check_diagnostics(
        r#"
struct Empty {};
float f(float p[]) {
    float4 a[];
    Empty e[];
    float2 b[3][] = {1, 2, 3, 4, 5, 6};
    float2 c[][3] = {1, 2, 3, 4, 5, 6};
    float d[] = {1, 2};
    float g[2][2];
    return c[0][0].x + d[1] + g[0][0];
}
"#,
        expect![[r#"
            E2022 4:12 `a`: definition of variable with array type needs an explicit size or an initializer
            E2022 5:11 `e`: definition of variable with array type needs an explicit size or an initializer
            E2022 6:12 `b`: array has incomplete element type 'float2[]'
        "#]],
    );
}

#[test]
fn initializer_lists_count_resources_as_one_element() {
    // A struct holding resources takes one list element per resource: a value missing or
    // left over is counted (was found only in lowering, as 'not supported yet'). Silent:
    // the right count, an array of textures sized by its list.
    check_diagnostics(
        r#"
Texture2D t;
struct Mat { float2 uv; Texture2D a; Texture2D b; float4 tint; };
float4 f() {
    Mat short = {1, 2, t, 3, 4, 5, 6};
    Mat extra = {1, 2, t, t, t, 3, 4, 5, 6};
    Mat right = {1, 2, t, t, 3, 4, 5, 6};
    Texture2D both[] = {t, t};
    return right.tint + both[1].Load(int3(0, 0, 0));
}
"#,
        expect![[r#"
            E2016 5:17 `{1, 2, t, 3, 4, 5, 6}`: initializer list has 7 component(s), `Mat` needs 8
            E2016 6:17 `{1, 2, t, t, t, 3, 4, 5, 6}`: initializer list has 9 component(s), `Mat` needs 8
        "#]],
    );
}
