//! Snapshot tests of global variables: modifiers, declarators, arrays, initializers, bindings.

use expect_test::expect;

use super::check;

#[test]
fn global_static_const() {
    check(
        r#"static const float PI = 3.14159;
"#,
        expect![[r#"
            SOURCE_FILE@0..33
              VAR_DECL@0..32
                STATIC_KW@0..6 "static"
                WHITESPACE@6..7 " "
                CONST_KW@7..12 "const"
                WHITESPACE@12..13 " "
                TYPE_REF@13..18
                  PATH@13..18
                    PATH_SEGMENT@13..18
                      NAME_REF@13..18
                        IDENT@13..18 "float"
                WHITESPACE@18..19 " "
                VAR_DECLARATOR@19..31
                  NAME@19..21
                    IDENT@19..21 "PI"
                  WHITESPACE@21..22 " "
                  EQ@22..23 "="
                  WHITESPACE@23..24 " "
                  LITERAL@24..31
                    FLOAT_NUMBER@24..31 "3.14159"
                SEMICOLON@31..32 ";"
              WHITESPACE@32..33 "\n"
        "#]],
    );
}

#[test]
fn global_multiple_declarators() {
    check(
        r#"float a = 1, b[3] = { 1, 2, 3 }, c;
"#,
        expect![[r#"
            SOURCE_FILE@0..36
              VAR_DECL@0..35
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                VAR_DECLARATOR@6..11
                  NAME@6..7
                    IDENT@6..7 "a"
                  WHITESPACE@7..8 " "
                  EQ@8..9 "="
                  WHITESPACE@9..10 " "
                  LITERAL@10..11
                    INT_NUMBER@10..11 "1"
                COMMA@11..12 ","
                WHITESPACE@12..13 " "
                VAR_DECLARATOR@13..31
                  NAME@13..14
                    IDENT@13..14 "b"
                  ARRAY_SUFFIX@14..17
                    L_BRACK@14..15 "["
                    LITERAL@15..16
                      INT_NUMBER@15..16 "3"
                    R_BRACK@16..17 "]"
                  WHITESPACE@17..18 " "
                  EQ@18..19 "="
                  WHITESPACE@19..20 " "
                  INIT_LIST_EXPR@20..31
                    L_BRACE@20..21 "{"
                    WHITESPACE@21..22 " "
                    LITERAL@22..23
                      INT_NUMBER@22..23 "1"
                    COMMA@23..24 ","
                    WHITESPACE@24..25 " "
                    LITERAL@25..26
                      INT_NUMBER@25..26 "2"
                    COMMA@26..27 ","
                    WHITESPACE@27..28 " "
                    LITERAL@28..29
                      INT_NUMBER@28..29 "3"
                    WHITESPACE@29..30 " "
                    R_BRACE@30..31 "}"
                COMMA@31..32 ","
                WHITESPACE@32..33 " "
                VAR_DECLARATOR@33..34
                  NAME@33..34
                    IDENT@33..34 "c"
                SEMICOLON@34..35 ";"
              WHITESPACE@35..36 "\n"
        "#]],
    );
}

#[test]
fn global_globallycoherent() {
    check(
        r#"globallycoherent RWByteAddressBuffer buf;
"#,
        expect![[r#"
            SOURCE_FILE@0..42
              VAR_DECL@0..41
                GLOBALLYCOHERENT_KW@0..16 "globallycoherent"
                WHITESPACE@16..17 " "
                TYPE_REF@17..36
                  PATH@17..36
                    PATH_SEGMENT@17..36
                      NAME_REF@17..36
                        IDENT@17..36 "RWByteAddressBuffer"
                WHITESPACE@36..37 " "
                VAR_DECLARATOR@37..40
                  NAME@37..40
                    IDENT@37..40 "buf"
                SEMICOLON@40..41 ";"
              WHITESPACE@41..42 "\n"
        "#]],
    );
}

#[test]
fn global_groupshared() {
    check(
        r#"groupshared float4 cache[64];
"#,
        expect![[r#"
            SOURCE_FILE@0..30
              VAR_DECL@0..29
                GROUPSHARED_KW@0..11 "groupshared"
                WHITESPACE@11..12 " "
                TYPE_REF@12..18
                  PATH@12..18
                    PATH_SEGMENT@12..18
                      NAME_REF@12..18
                        IDENT@12..18 "float4"
                WHITESPACE@18..19 " "
                VAR_DECLARATOR@19..28
                  NAME@19..24
                    IDENT@19..24 "cache"
                  ARRAY_SUFFIX@24..28
                    L_BRACK@24..25 "["
                    LITERAL@25..27
                      INT_NUMBER@25..27 "64"
                    R_BRACK@27..28 "]"
                SEMICOLON@28..29 ";"
              WHITESPACE@29..30 "\n"
        "#]],
    );
}

#[test]
fn global_uniform_extern() {
    check(
        r#"uniform float u;
extern float e;
"#,
        expect![[r#"
            SOURCE_FILE@0..33
              VAR_DECL@0..16
                UNIFORM_KW@0..7 "uniform"
                WHITESPACE@7..8 " "
                TYPE_REF@8..13
                  PATH@8..13
                    PATH_SEGMENT@8..13
                      NAME_REF@8..13
                        IDENT@8..13 "float"
                WHITESPACE@13..14 " "
                VAR_DECLARATOR@14..15
                  NAME@14..15
                    IDENT@14..15 "u"
                SEMICOLON@15..16 ";"
              WHITESPACE@16..17 "\n"
              VAR_DECL@17..32
                EXTERN_KW@17..23 "extern"
                WHITESPACE@23..24 " "
                TYPE_REF@24..29
                  PATH@24..29
                    PATH_SEGMENT@24..29
                      NAME_REF@24..29
                        IDENT@24..29 "float"
                WHITESPACE@29..30 " "
                VAR_DECLARATOR@30..31
                  NAME@30..31
                    IDENT@30..31 "e"
                SEMICOLON@31..32 ";"
              WHITESPACE@32..33 "\n"
        "#]],
    );
}

#[test]
fn global_precise_volatile() {
    check(
        r#"precise float p;
volatile int v;
"#,
        expect![[r#"
            SOURCE_FILE@0..33
              VAR_DECL@0..16
                PRECISE_KW@0..7 "precise"
                WHITESPACE@7..8 " "
                TYPE_REF@8..13
                  PATH@8..13
                    PATH_SEGMENT@8..13
                      NAME_REF@8..13
                        IDENT@8..13 "float"
                WHITESPACE@13..14 " "
                VAR_DECLARATOR@14..15
                  NAME@14..15
                    IDENT@14..15 "p"
                SEMICOLON@15..16 ";"
              WHITESPACE@16..17 "\n"
              VAR_DECL@17..32
                VOLATILE_KW@17..25 "volatile"
                WHITESPACE@25..26 " "
                TYPE_REF@26..29
                  PATH@26..29
                    PATH_SEGMENT@26..29
                      NAME_REF@26..29
                        IDENT@26..29 "int"
                WHITESPACE@29..30 " "
                VAR_DECLARATOR@30..31
                  NAME@30..31
                    IDENT@30..31 "v"
                SEMICOLON@31..32 ";"
              WHITESPACE@32..33 "\n"
        "#]],
    );
}

#[test]
fn global_matrix_majors() {
    check(
        r#"row_major float4x4 a;
column_major float3x3 b;
"#,
        expect![[r#"
            SOURCE_FILE@0..47
              VAR_DECL@0..21
                ROW_MAJOR_KW@0..9 "row_major"
                WHITESPACE@9..10 " "
                TYPE_REF@10..18
                  PATH@10..18
                    PATH_SEGMENT@10..18
                      NAME_REF@10..18
                        IDENT@10..18 "float4x4"
                WHITESPACE@18..19 " "
                VAR_DECLARATOR@19..20
                  NAME@19..20
                    IDENT@19..20 "a"
                SEMICOLON@20..21 ";"
              WHITESPACE@21..22 "\n"
              VAR_DECL@22..46
                COLUMN_MAJOR_KW@22..34 "column_major"
                WHITESPACE@34..35 " "
                TYPE_REF@35..43
                  PATH@35..43
                    PATH_SEGMENT@35..43
                      NAME_REF@35..43
                        IDENT@35..43 "float3x3"
                WHITESPACE@43..44 " "
                VAR_DECLARATOR@44..45
                  NAME@44..45
                    IDENT@44..45 "b"
                SEMICOLON@45..46 ";"
              WHITESPACE@46..47 "\n"
        "#]],
    );
}

#[test]
fn global_snorm_unorm() {
    check(
        r#"snorm float s;
unorm float4 u;
"#,
        expect![[r#"
            SOURCE_FILE@0..31
              VAR_DECL@0..14
                SNORM_KW@0..5 "snorm"
                WHITESPACE@5..6 " "
                TYPE_REF@6..11
                  PATH@6..11
                    PATH_SEGMENT@6..11
                      NAME_REF@6..11
                        IDENT@6..11 "float"
                WHITESPACE@11..12 " "
                VAR_DECLARATOR@12..13
                  NAME@12..13
                    IDENT@12..13 "s"
                SEMICOLON@13..14 ";"
              WHITESPACE@14..15 "\n"
              VAR_DECL@15..30
                UNORM_KW@15..20 "unorm"
                WHITESPACE@20..21 " "
                TYPE_REF@21..27
                  PATH@21..27
                    PATH_SEGMENT@21..27
                      NAME_REF@21..27
                        IDENT@21..27 "float4"
                WHITESPACE@27..28 " "
                VAR_DECLARATOR@28..29
                  NAME@28..29
                    IDENT@28..29 "u"
                SEMICOLON@29..30 ";"
              WHITESPACE@30..31 "\n"
        "#]],
    );
}

#[test]
fn global_multi_dim_and_open_arrays() {
    check(
        r#"float m[2][3];
float open[];
"#,
        expect![[r#"
            SOURCE_FILE@0..29
              VAR_DECL@0..14
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                VAR_DECLARATOR@6..13
                  NAME@6..7
                    IDENT@6..7 "m"
                  ARRAY_SUFFIX@7..10
                    L_BRACK@7..8 "["
                    LITERAL@8..9
                      INT_NUMBER@8..9 "2"
                    R_BRACK@9..10 "]"
                  ARRAY_SUFFIX@10..13
                    L_BRACK@10..11 "["
                    LITERAL@11..12
                      INT_NUMBER@11..12 "3"
                    R_BRACK@12..13 "]"
                SEMICOLON@13..14 ";"
              WHITESPACE@14..15 "\n"
              VAR_DECL@15..28
                TYPE_REF@15..20
                  PATH@15..20
                    PATH_SEGMENT@15..20
                      NAME_REF@15..20
                        IDENT@15..20 "float"
                WHITESPACE@20..21 " "
                VAR_DECLARATOR@21..27
                  NAME@21..25
                    IDENT@21..25 "open"
                  ARRAY_SUFFIX@25..27
                    L_BRACK@25..26 "["
                    R_BRACK@26..27 "]"
                SEMICOLON@27..28 ";"
              WHITESPACE@28..29 "\n"
        "#]],
    );
}

#[test]
fn global_nested_init_list() {
    check(
        r#"float2x2 m[2] = { { 1, 2, 3, 4 }, { 5, 6, 7, 8, }, };
"#,
        expect![[r#"
            SOURCE_FILE@0..54
              VAR_DECL@0..53
                TYPE_REF@0..8
                  PATH@0..8
                    PATH_SEGMENT@0..8
                      NAME_REF@0..8
                        IDENT@0..8 "float2x2"
                WHITESPACE@8..9 " "
                VAR_DECLARATOR@9..52
                  NAME@9..10
                    IDENT@9..10 "m"
                  ARRAY_SUFFIX@10..13
                    L_BRACK@10..11 "["
                    LITERAL@11..12
                      INT_NUMBER@11..12 "2"
                    R_BRACK@12..13 "]"
                  WHITESPACE@13..14 " "
                  EQ@14..15 "="
                  WHITESPACE@15..16 " "
                  INIT_LIST_EXPR@16..52
                    L_BRACE@16..17 "{"
                    WHITESPACE@17..18 " "
                    INIT_LIST_EXPR@18..32
                      L_BRACE@18..19 "{"
                      WHITESPACE@19..20 " "
                      LITERAL@20..21
                        INT_NUMBER@20..21 "1"
                      COMMA@21..22 ","
                      WHITESPACE@22..23 " "
                      LITERAL@23..24
                        INT_NUMBER@23..24 "2"
                      COMMA@24..25 ","
                      WHITESPACE@25..26 " "
                      LITERAL@26..27
                        INT_NUMBER@26..27 "3"
                      COMMA@27..28 ","
                      WHITESPACE@28..29 " "
                      LITERAL@29..30
                        INT_NUMBER@29..30 "4"
                      WHITESPACE@30..31 " "
                      R_BRACE@31..32 "}"
                    COMMA@32..33 ","
                    WHITESPACE@33..34 " "
                    INIT_LIST_EXPR@34..49
                      L_BRACE@34..35 "{"
                      WHITESPACE@35..36 " "
                      LITERAL@36..37
                        INT_NUMBER@36..37 "5"
                      COMMA@37..38 ","
                      WHITESPACE@38..39 " "
                      LITERAL@39..40
                        INT_NUMBER@39..40 "6"
                      COMMA@40..41 ","
                      WHITESPACE@41..42 " "
                      LITERAL@42..43
                        INT_NUMBER@42..43 "7"
                      COMMA@43..44 ","
                      WHITESPACE@44..45 " "
                      LITERAL@45..46
                        INT_NUMBER@45..46 "8"
                      COMMA@46..47 ","
                      WHITESPACE@47..48 " "
                      R_BRACE@48..49 "}"
                    COMMA@49..50 ","
                    WHITESPACE@50..51 " "
                    R_BRACE@51..52 "}"
                SEMICOLON@52..53 ";"
              WHITESPACE@53..54 "\n"
        "#]],
    );
}

#[test]
fn global_texture_register_space() {
    check(
        r#"Texture2D<float4> t : register(t0, space1);
"#,
        expect![[r#"
            SOURCE_FILE@0..44
              VAR_DECL@0..43
                TYPE_REF@0..17
                  PATH@0..17
                    PATH_SEGMENT@0..17
                      NAME_REF@0..9
                        IDENT@0..9 "Texture2D"
                      GENERIC_ARG_LIST@9..17
                        LT@9..10 "<"
                        TYPE_REF@10..16
                          PATH@10..16
                            PATH_SEGMENT@10..16
                              NAME_REF@10..16
                                IDENT@10..16 "float4"
                        GT@16..17 ">"
                WHITESPACE@17..18 " "
                VAR_DECLARATOR@18..42
                  NAME@18..19
                    IDENT@18..19 "t"
                  WHITESPACE@19..20 " "
                  REGISTER_BINDING@20..42
                    COLON@20..21 ":"
                    WHITESPACE@21..22 " "
                    REGISTER_KW@22..30 "register"
                    L_PAREN@30..31 "("
                    IDENT@31..33 "t0"
                    COMMA@33..34 ","
                    WHITESPACE@34..35 " "
                    IDENT@35..41 "space1"
                    R_PAREN@41..42 ")"
                SEMICOLON@42..43 ";"
              WHITESPACE@43..44 "\n"
        "#]],
    );
}

#[test]
fn global_sampler_register() {
    check(
        r#"SamplerState s : register(s0);
"#,
        expect![[r#"
            SOURCE_FILE@0..31
              VAR_DECL@0..30
                TYPE_REF@0..12
                  PATH@0..12
                    PATH_SEGMENT@0..12
                      NAME_REF@0..12
                        IDENT@0..12 "SamplerState"
                WHITESPACE@12..13 " "
                VAR_DECLARATOR@13..29
                  NAME@13..14
                    IDENT@13..14 "s"
                  WHITESPACE@14..15 " "
                  REGISTER_BINDING@15..29
                    COLON@15..16 ":"
                    WHITESPACE@16..17 " "
                    REGISTER_KW@17..25 "register"
                    L_PAREN@25..26 "("
                    IDENT@26..28 "s0"
                    R_PAREN@28..29 ")"
                SEMICOLON@29..30 ";"
              WHITESPACE@30..31 "\n"
        "#]],
    );
}

#[test]
fn global_rw_structured_buffer() {
    check(
        r#"RWStructuredBuffer<S> buf : register(u1);
"#,
        expect![[r#"
            SOURCE_FILE@0..42
              VAR_DECL@0..41
                TYPE_REF@0..21
                  PATH@0..21
                    PATH_SEGMENT@0..21
                      NAME_REF@0..18
                        IDENT@0..18 "RWStructuredBuffer"
                      GENERIC_ARG_LIST@18..21
                        LT@18..19 "<"
                        TYPE_REF@19..20
                          PATH@19..20
                            PATH_SEGMENT@19..20
                              NAME_REF@19..20
                                IDENT@19..20 "S"
                        GT@20..21 ">"
                WHITESPACE@21..22 " "
                VAR_DECLARATOR@22..40
                  NAME@22..25
                    IDENT@22..25 "buf"
                  WHITESPACE@25..26 " "
                  REGISTER_BINDING@26..40
                    COLON@26..27 ":"
                    WHITESPACE@27..28 " "
                    REGISTER_KW@28..36 "register"
                    L_PAREN@36..37 "("
                    IDENT@37..39 "u1"
                    R_PAREN@39..40 ")"
                SEMICOLON@40..41 ";"
              WHITESPACE@41..42 "\n"
        "#]],
    );
}

#[test]
fn global_vk_attributes() {
    check(
        r#"[[vk::binding(0, 1)]] Texture2D tex;
[[vk::constant_id(3)]] const bool flag = true;
[[vk::push_constant]] ConstantBuffer<P> pc;
"#,
        expect![[r#"
            SOURCE_FILE@0..128
              VAR_DECL@0..36
                ATTRIBUTE@0..21
                  L_BRACK@0..1 "["
                  L_BRACK@1..2 "["
                  PATH@2..13
                    PATH_SEGMENT@2..4
                      NAME_REF@2..4
                        IDENT@2..4 "vk"
                    COLON2@4..6 "::"
                    PATH_SEGMENT@6..13
                      NAME_REF@6..13
                        IDENT@6..13 "binding"
                  ARG_LIST@13..19
                    L_PAREN@13..14 "("
                    LITERAL@14..15
                      INT_NUMBER@14..15 "0"
                    COMMA@15..16 ","
                    WHITESPACE@16..17 " "
                    LITERAL@17..18
                      INT_NUMBER@17..18 "1"
                    R_PAREN@18..19 ")"
                  R_BRACK@19..20 "]"
                  R_BRACK@20..21 "]"
                WHITESPACE@21..22 " "
                TYPE_REF@22..31
                  PATH@22..31
                    PATH_SEGMENT@22..31
                      NAME_REF@22..31
                        IDENT@22..31 "Texture2D"
                WHITESPACE@31..32 " "
                VAR_DECLARATOR@32..35
                  NAME@32..35
                    IDENT@32..35 "tex"
                SEMICOLON@35..36 ";"
              WHITESPACE@36..37 "\n"
              VAR_DECL@37..83
                ATTRIBUTE@37..59
                  L_BRACK@37..38 "["
                  L_BRACK@38..39 "["
                  PATH@39..54
                    PATH_SEGMENT@39..41
                      NAME_REF@39..41
                        IDENT@39..41 "vk"
                    COLON2@41..43 "::"
                    PATH_SEGMENT@43..54
                      NAME_REF@43..54
                        IDENT@43..54 "constant_id"
                  ARG_LIST@54..57
                    L_PAREN@54..55 "("
                    LITERAL@55..56
                      INT_NUMBER@55..56 "3"
                    R_PAREN@56..57 ")"
                  R_BRACK@57..58 "]"
                  R_BRACK@58..59 "]"
                WHITESPACE@59..60 " "
                CONST_KW@60..65 "const"
                WHITESPACE@65..66 " "
                TYPE_REF@66..70
                  PATH@66..70
                    PATH_SEGMENT@66..70
                      NAME_REF@66..70
                        IDENT@66..70 "bool"
                WHITESPACE@70..71 " "
                VAR_DECLARATOR@71..82
                  NAME@71..75
                    IDENT@71..75 "flag"
                  WHITESPACE@75..76 " "
                  EQ@76..77 "="
                  WHITESPACE@77..78 " "
                  LITERAL@78..82
                    TRUE_KW@78..82 "true"
                SEMICOLON@82..83 ";"
              WHITESPACE@83..84 "\n"
              VAR_DECL@84..127
                ATTRIBUTE@84..105
                  L_BRACK@84..85 "["
                  L_BRACK@85..86 "["
                  PATH@86..103
                    PATH_SEGMENT@86..88
                      NAME_REF@86..88
                        IDENT@86..88 "vk"
                    COLON2@88..90 "::"
                    PATH_SEGMENT@90..103
                      NAME_REF@90..103
                        IDENT@90..103 "push_constant"
                  R_BRACK@103..104 "]"
                  R_BRACK@104..105 "]"
                WHITESPACE@105..106 " "
                TYPE_REF@106..123
                  PATH@106..123
                    PATH_SEGMENT@106..123
                      NAME_REF@106..120
                        IDENT@106..120 "ConstantBuffer"
                      GENERIC_ARG_LIST@120..123
                        LT@120..121 "<"
                        TYPE_REF@121..122
                          PATH@121..122
                            PATH_SEGMENT@121..122
                              NAME_REF@121..122
                                IDENT@121..122 "P"
                        GT@122..123 ">"
                WHITESPACE@123..124 " "
                VAR_DECLARATOR@124..126
                  NAME@124..126
                    IDENT@124..126 "pc"
                SEMICOLON@126..127 ";"
              WHITESPACE@127..128 "\n"
        "#]],
    );
}

#[test]
fn global_stray_semicolons() {
    check(
        r#";;float a;;
"#,
        expect![[r#"
            SOURCE_FILE@0..12
              SEMICOLON@0..1 ";"
              SEMICOLON@1..2 ";"
              VAR_DECL@2..10
                TYPE_REF@2..7
                  PATH@2..7
                    PATH_SEGMENT@2..7
                      NAME_REF@2..7
                        IDENT@2..7 "float"
                WHITESPACE@7..8 " "
                VAR_DECLARATOR@8..9
                  NAME@8..9
                    IDENT@8..9 "a"
                SEMICOLON@9..10 ";"
              SEMICOLON@10..11 ";"
              WHITESPACE@11..12 "\n"
        "#]],
    );
}

#[test]
fn global_qualified_types() {
    check(
        r#"ns::Type a;
::Global b;
"#,
        expect![[r#"
            SOURCE_FILE@0..24
              VAR_DECL@0..11
                TYPE_REF@0..8
                  PATH@0..8
                    PATH_SEGMENT@0..2
                      NAME_REF@0..2
                        IDENT@0..2 "ns"
                    COLON2@2..4 "::"
                    PATH_SEGMENT@4..8
                      NAME_REF@4..8
                        IDENT@4..8 "Type"
                WHITESPACE@8..9 " "
                VAR_DECLARATOR@9..10
                  NAME@9..10
                    IDENT@9..10 "a"
                SEMICOLON@10..11 ";"
              WHITESPACE@11..12 "\n"
              VAR_DECL@12..23
                TYPE_REF@12..20
                  PATH@12..20
                    COLON2@12..14 "::"
                    PATH_SEGMENT@14..20
                      NAME_REF@14..20
                        IDENT@14..20 "Global"
                WHITESPACE@20..21 " "
                VAR_DECLARATOR@21..22
                  NAME@21..22
                    IDENT@21..22 "b"
                SEMICOLON@22..23 ";"
              WHITESPACE@23..24 "\n"
        "#]],
    );
}

#[test]
fn global_constant_expression() {
    check(
        r#"static const uint N = 4 * 2 + 1;
"#,
        expect![[r#"
            SOURCE_FILE@0..33
              VAR_DECL@0..32
                STATIC_KW@0..6 "static"
                WHITESPACE@6..7 " "
                CONST_KW@7..12 "const"
                WHITESPACE@12..13 " "
                TYPE_REF@13..17
                  PATH@13..17
                    PATH_SEGMENT@13..17
                      NAME_REF@13..17
                        IDENT@13..17 "uint"
                WHITESPACE@17..18 " "
                VAR_DECLARATOR@18..31
                  NAME@18..19
                    IDENT@18..19 "N"
                  WHITESPACE@19..20 " "
                  EQ@20..21 "="
                  WHITESPACE@21..22 " "
                  BIN_EXPR@22..31
                    BIN_EXPR@22..27
                      LITERAL@22..23
                        INT_NUMBER@22..23 "4"
                      WHITESPACE@23..24 " "
                      STAR@24..25 "*"
                      WHITESPACE@25..26 " "
                      LITERAL@26..27
                        INT_NUMBER@26..27 "2"
                    WHITESPACE@27..28 " "
                    PLUS@28..29 "+"
                    WHITESPACE@29..30 " "
                    LITERAL@30..31
                      INT_NUMBER@30..31 "1"
                SEMICOLON@31..32 ";"
              WHITESPACE@32..33 "\n"
        "#]],
    );
}

#[test]
fn global_register_profile() {
    check(
        r#"float4 c : register(ps_5_0, c0);
"#,
        expect![[r#"
            SOURCE_FILE@0..33
              VAR_DECL@0..32
                TYPE_REF@0..6
                  PATH@0..6
                    PATH_SEGMENT@0..6
                      NAME_REF@0..6
                        IDENT@0..6 "float4"
                WHITESPACE@6..7 " "
                VAR_DECLARATOR@7..31
                  NAME@7..8
                    IDENT@7..8 "c"
                  WHITESPACE@8..9 " "
                  REGISTER_BINDING@9..31
                    COLON@9..10 ":"
                    WHITESPACE@10..11 " "
                    REGISTER_KW@11..19 "register"
                    L_PAREN@19..20 "("
                    IDENT@20..26 "ps_5_0"
                    COMMA@26..27 ","
                    WHITESPACE@27..28 " "
                    IDENT@28..30 "c0"
                    R_PAREN@30..31 ")"
                SEMICOLON@31..32 ";"
              WHITESPACE@32..33 "\n"
        "#]],
    );
}

#[test]
fn global_preprocessed() {
    check(
        r#"#define SIZE 4
float a[SIZE];
"#,
        expect![[r##"
            SOURCE_FILE@0..30
              PP_DIRECTIVE@0..14 "#define SIZE 4"
              WHITESPACE@14..15 "\n"
              VAR_DECL@15..29
                TYPE_REF@15..20
                  PATH@15..20
                    PATH_SEGMENT@15..20
                      NAME_REF@15..20
                        IDENT@15..20 "float"
                WHITESPACE@20..21 " "
                VAR_DECLARATOR@21..28
                  NAME@21..22
                    IDENT@21..22 "a"
                  ARRAY_SUFFIX@22..28
                    L_BRACK@22..23 "["
                    LITERAL@23..27
                      MACRO_CALL@23..27 "SIZE"
                    R_BRACK@27..28 "]"
                SEMICOLON@28..29 ";"
              WHITESPACE@29..30 "\n"
        "##]],
    );
}

#[test]
fn trailing_const_in_type() {
    check(
        r#"float const a = 1;
void f(float const b) {}
"#,
        expect![[r#"
            SOURCE_FILE@0..44
              VAR_DECL@0..18
                TYPE_REF@0..11
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                  WHITESPACE@5..6 " "
                  CONST_KW@6..11 "const"
                WHITESPACE@11..12 " "
                VAR_DECLARATOR@12..17
                  NAME@12..13
                    IDENT@12..13 "a"
                  WHITESPACE@13..14 " "
                  EQ@14..15 "="
                  WHITESPACE@15..16 " "
                  LITERAL@16..17
                    INT_NUMBER@16..17 "1"
                SEMICOLON@17..18 ";"
              WHITESPACE@18..19 "\n"
              FN_DEF@19..43
                TYPE_REF@19..23
                  PATH@19..23
                    PATH_SEGMENT@19..23
                      NAME_REF@19..23
                        IDENT@19..23 "void"
                WHITESPACE@23..24 " "
                NAME@24..25
                  IDENT@24..25 "f"
                PARAM_LIST@25..40
                  L_PAREN@25..26 "("
                  PARAM@26..39
                    TYPE_REF@26..37
                      PATH@26..31
                        PATH_SEGMENT@26..31
                          NAME_REF@26..31
                            IDENT@26..31 "float"
                      WHITESPACE@31..32 " "
                      CONST_KW@32..37 "const"
                    WHITESPACE@37..38 " "
                    NAME@38..39
                      IDENT@38..39 "b"
                  R_PAREN@39..40 ")"
                WHITESPACE@40..41 " "
                BLOCK@41..43
                  L_BRACE@41..42 "{"
                  R_BRACE@42..43 "}"
              WHITESPACE@43..44 "\n"
        "#]],
    );
}

#[test]
fn sampler_state_block() {
    check(
        "SamplerState s : register(s0) { Filter = MIN_MAG_MIP_LINEAR; };\n",
        expect![[r#"
            SOURCE_FILE@0..64
              VAR_DECL@0..63
                TYPE_REF@0..12
                  PATH@0..12
                    PATH_SEGMENT@0..12
                      NAME_REF@0..12
                        IDENT@0..12 "SamplerState"
                WHITESPACE@12..13 " "
                VAR_DECLARATOR@13..62
                  NAME@13..14
                    IDENT@13..14 "s"
                  WHITESPACE@14..15 " "
                  REGISTER_BINDING@15..29
                    COLON@15..16 ":"
                    WHITESPACE@16..17 " "
                    REGISTER_KW@17..25 "register"
                    L_PAREN@25..26 "("
                    IDENT@26..28 "s0"
                    R_PAREN@28..29 ")"
                  WHITESPACE@29..30 " "
                  STATE_BLOCK@30..62
                    L_BRACE@30..31 "{"
                    WHITESPACE@31..32 " "
                    IDENT@32..38 "Filter"
                    WHITESPACE@38..39 " "
                    EQ@39..40 "="
                    WHITESPACE@40..41 " "
                    IDENT@41..59 "MIN_MAG_MIP_LINEAR"
                    SEMICOLON@59..60 ";"
                    WHITESPACE@60..61 " "
                    R_BRACE@61..62 "}"
                SEMICOLON@62..63 ";"
              WHITESPACE@63..64 "\n"
        "#]],
    );
}

#[test]
fn function_missing_parameters_is_not_a_state_block() {
    check(
        "void f { return; }\n",
        expect![[r#"
        SOURCE_FILE@0..19
          FN_DEF@0..18
            TYPE_REF@0..4
              PATH@0..4
                PATH_SEGMENT@0..4
                  NAME_REF@0..4
                    IDENT@0..4 "void"
            WHITESPACE@4..5 " "
            NAME@5..6
              IDENT@5..6 "f"
            WHITESPACE@6..7 " "
            BLOCK@7..18
              L_BRACE@7..8 "{"
              WHITESPACE@8..9 " "
              RETURN_STMT@9..16
                RETURN_KW@9..15 "return"
                SEMICOLON@15..16 ";"
              WHITESPACE@16..17 " "
              R_BRACE@17..18 "}"
          WHITESPACE@18..19 "\n"
        error 7..8: expected a parameter list
    "#]],
    );
}

#[test]
fn static_member_defined_out_of_class() {
    // The qualifier is a `PATH` before `::` and the declarator, as for out-of-line methods.
    check(
        r#"const int S::SIX = 6;
"#,
        expect![[r#"
            SOURCE_FILE@0..22
              VAR_DECL@0..21
                CONST_KW@0..5 "const"
                WHITESPACE@5..6 " "
                TYPE_REF@6..9
                  PATH@6..9
                    PATH_SEGMENT@6..9
                      NAME_REF@6..9
                        IDENT@6..9 "int"
                WHITESPACE@9..10 " "
                PATH@10..11
                  PATH_SEGMENT@10..11
                    NAME_REF@10..11
                      IDENT@10..11 "S"
                COLON2@11..13 "::"
                VAR_DECLARATOR@13..20
                  NAME@13..16
                    IDENT@13..16 "SIX"
                  WHITESPACE@16..17 " "
                  EQ@17..18 "="
                  WHITESPACE@18..19 " "
                  LITERAL@19..20
                    INT_NUMBER@19..20 "6"
                SEMICOLON@20..21 ";"
              WHITESPACE@21..22 "\n"
        "#]],
    );
}

#[test]
fn effect_annotations_after_semantics() {
    check(
        "float4 c : VPOS : register(ps_5_0, s1) <int bambam=30; string UIName = \"c\";> ;\n",
        expect![[r#"
            SOURCE_FILE@0..79
              VAR_DECL@0..78
                TYPE_REF@0..6
                  PATH@0..6
                    PATH_SEGMENT@0..6
                      NAME_REF@0..6
                        IDENT@0..6 "float4"
                WHITESPACE@6..7 " "
                VAR_DECLARATOR@7..76
                  NAME@7..8
                    IDENT@7..8 "c"
                  WHITESPACE@8..9 " "
                  SEMANTIC@9..15
                    COLON@9..10 ":"
                    WHITESPACE@10..11 " "
                    IDENT@11..15 "VPOS"
                  WHITESPACE@15..16 " "
                  REGISTER_BINDING@16..38
                    COLON@16..17 ":"
                    WHITESPACE@17..18 " "
                    REGISTER_KW@18..26 "register"
                    L_PAREN@26..27 "("
                    IDENT@27..33 "ps_5_0"
                    COMMA@33..34 ","
                    WHITESPACE@34..35 " "
                    IDENT@35..37 "s1"
                    R_PAREN@37..38 ")"
                  WHITESPACE@38..39 " "
                  EFFECT_ANNOTATIONS@39..76
                    LT@39..40 "<"
                    IDENT@40..43 "int"
                    WHITESPACE@43..44 " "
                    IDENT@44..50 "bambam"
                    EQ@50..51 "="
                    INT_NUMBER@51..53 "30"
                    SEMICOLON@53..54 ";"
                    WHITESPACE@54..55 " "
                    IDENT@55..61 "string"
                    WHITESPACE@61..62 " "
                    IDENT@62..68 "UIName"
                    WHITESPACE@68..69 " "
                    EQ@69..70 "="
                    WHITESPACE@70..71 " "
                    STRING@71..74 "\"c\""
                    SEMICOLON@74..75 ";"
                    GT@75..76 ">"
                WHITESPACE@76..77 " "
                SEMICOLON@77..78 ";"
              WHITESPACE@78..79 "\n"
        "#]],
    );
}

#[test]
fn unterminated_effect_annotations_stop_at_the_struct_end() {
    check(
        "struct S { float a <int x = 1; };\nfloat b;\n",
        expect![[r#"
            SOURCE_FILE@0..43
              STRUCT_DEF@0..33
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..32
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  VAR_DECL@11..30
                    TYPE_REF@11..16
                      PATH@11..16
                        PATH_SEGMENT@11..16
                          NAME_REF@11..16
                            IDENT@11..16 "float"
                    WHITESPACE@16..17 " "
                    VAR_DECLARATOR@17..30
                      NAME@17..18
                        IDENT@17..18 "a"
                      WHITESPACE@18..19 " "
                      EFFECT_ANNOTATIONS@19..30
                        LT@19..20 "<"
                        IDENT@20..23 "int"
                        WHITESPACE@23..24 " "
                        IDENT@24..25 "x"
                        WHITESPACE@25..26 " "
                        EQ@26..27 "="
                        WHITESPACE@27..28 " "
                        INT_NUMBER@28..29 "1"
                        SEMICOLON@29..30 ";"
                  WHITESPACE@30..31 " "
                  R_BRACE@31..32 "}"
                SEMICOLON@32..33 ";"
              WHITESPACE@33..34 "\n"
              VAR_DECL@34..42
                TYPE_REF@34..39
                  PATH@34..39
                    PATH_SEGMENT@34..39
                      NAME_REF@34..39
                        IDENT@34..39 "float"
                WHITESPACE@39..40 " "
                VAR_DECLARATOR@40..41
                  NAME@40..41
                    IDENT@40..41 "b"
                SEMICOLON@41..42 ";"
              WHITESPACE@42..43 "\n"
            error 31..32: expected `>` to close the annotations
            error 29..30: expected `;` after declaration
        "#]],
    );
}

#[test]
fn double_bracket_attribute_list() {
    // DXC takes a comma-separated list in one `[[...]]`; each entry is an attribute node.
    check(
        "[[vk::binding(2), vk::counter_binding(5)]] RWBuffer<float> b;\n",
        expect![[r#"
            SOURCE_FILE@0..62
              VAR_DECL@0..61
                ATTRIBUTE@0..17
                  L_BRACK@0..1 "["
                  L_BRACK@1..2 "["
                  PATH@2..13
                    PATH_SEGMENT@2..4
                      NAME_REF@2..4
                        IDENT@2..4 "vk"
                    COLON2@4..6 "::"
                    PATH_SEGMENT@6..13
                      NAME_REF@6..13
                        IDENT@6..13 "binding"
                  ARG_LIST@13..16
                    L_PAREN@13..14 "("
                    LITERAL@14..15
                      INT_NUMBER@14..15 "2"
                    R_PAREN@15..16 ")"
                  COMMA@16..17 ","
                WHITESPACE@17..18 " "
                ATTRIBUTE@18..42
                  PATH@18..37
                    PATH_SEGMENT@18..20
                      NAME_REF@18..20
                        IDENT@18..20 "vk"
                    COLON2@20..22 "::"
                    PATH_SEGMENT@22..37
                      NAME_REF@22..37
                        IDENT@22..37 "counter_binding"
                  ARG_LIST@37..40
                    L_PAREN@37..38 "("
                    LITERAL@38..39
                      INT_NUMBER@38..39 "5"
                    R_PAREN@39..40 ")"
                  R_BRACK@40..41 "]"
                  R_BRACK@41..42 "]"
                WHITESPACE@42..43 " "
                TYPE_REF@43..58
                  PATH@43..58
                    PATH_SEGMENT@43..58
                      NAME_REF@43..51
                        IDENT@43..51 "RWBuffer"
                      GENERIC_ARG_LIST@51..58
                        LT@51..52 "<"
                        TYPE_REF@52..57
                          PATH@52..57
                            PATH_SEGMENT@52..57
                              NAME_REF@52..57
                                IDENT@52..57 "float"
                        GT@57..58 ">"
                WHITESPACE@58..59 " "
                VAR_DECLARATOR@59..60
                  NAME@59..60
                    IDENT@59..60 "b"
                SEMICOLON@60..61 ";"
              WHITESPACE@61..62 "\n"
        "#]],
    );
}
