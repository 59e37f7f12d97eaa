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
