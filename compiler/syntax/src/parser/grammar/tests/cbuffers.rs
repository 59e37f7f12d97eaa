//! Snapshot tests of cbuffers, tbuffers and buffer bindings.

use expect_test::expect;

use super::check;

#[test]
fn cbuffer_register_space() {
    check(
        r#"cbuffer CB : register(b0, space1) { float4 c; };
"#,
        expect![[r#"
            SOURCE_FILE@0..49
              CBUFFER_DEF@0..48
                CBUFFER_KW@0..7 "cbuffer"
                WHITESPACE@7..8 " "
                NAME@8..10
                  IDENT@8..10 "CB"
                WHITESPACE@10..11 " "
                REGISTER_BINDING@11..33
                  COLON@11..12 ":"
                  WHITESPACE@12..13 " "
                  REGISTER_KW@13..21 "register"
                  L_PAREN@21..22 "("
                  IDENT@22..24 "b0"
                  COMMA@24..25 ","
                  WHITESPACE@25..26 " "
                  IDENT@26..32 "space1"
                  R_PAREN@32..33 ")"
                WHITESPACE@33..34 " "
                ITEM_LIST@34..47
                  L_BRACE@34..35 "{"
                  WHITESPACE@35..36 " "
                  VAR_DECL@36..45
                    TYPE_REF@36..42
                      PATH@36..42
                        PATH_SEGMENT@36..42
                          NAME_REF@36..42
                            IDENT@36..42 "float4"
                    WHITESPACE@42..43 " "
                    VAR_DECLARATOR@43..44
                      NAME@43..44
                        IDENT@43..44 "c"
                    SEMICOLON@44..45 ";"
                  WHITESPACE@45..46 " "
                  R_BRACE@46..47 "}"
                SEMICOLON@47..48 ";"
              WHITESPACE@48..49 "\n"
        "#]],
    );
}

#[test]
fn cbuffer_without_semicolon() {
    check(
        r#"cbuffer CB { float a; }
float b;
"#,
        expect![[r#"
            SOURCE_FILE@0..33
              CBUFFER_DEF@0..23
                CBUFFER_KW@0..7 "cbuffer"
                WHITESPACE@7..8 " "
                NAME@8..10
                  IDENT@8..10 "CB"
                WHITESPACE@10..11 " "
                ITEM_LIST@11..23
                  L_BRACE@11..12 "{"
                  WHITESPACE@12..13 " "
                  VAR_DECL@13..21
                    TYPE_REF@13..18
                      PATH@13..18
                        PATH_SEGMENT@13..18
                          NAME_REF@13..18
                            IDENT@13..18 "float"
                    WHITESPACE@18..19 " "
                    VAR_DECLARATOR@19..20
                      NAME@19..20
                        IDENT@19..20 "a"
                    SEMICOLON@20..21 ";"
                  WHITESPACE@21..22 " "
                  R_BRACE@22..23 "}"
              WHITESPACE@23..24 "\n"
              VAR_DECL@24..32
                TYPE_REF@24..29
                  PATH@24..29
                    PATH_SEGMENT@24..29
                      NAME_REF@24..29
                        IDENT@24..29 "float"
                WHITESPACE@29..30 " "
                VAR_DECLARATOR@30..31
                  NAME@30..31
                    IDENT@30..31 "b"
                SEMICOLON@31..32 ";"
              WHITESPACE@32..33 "\n"
        "#]],
    );
}

#[test]
fn cbuffer_packoffset() {
    check(
        r#"cbuffer CB { float4 a : packoffset(c0); float b : packoffset(c1.y); }
"#,
        expect![[r#"
            SOURCE_FILE@0..70
              CBUFFER_DEF@0..69
                CBUFFER_KW@0..7 "cbuffer"
                WHITESPACE@7..8 " "
                NAME@8..10
                  IDENT@8..10 "CB"
                WHITESPACE@10..11 " "
                ITEM_LIST@11..69
                  L_BRACE@11..12 "{"
                  WHITESPACE@12..13 " "
                  VAR_DECL@13..39
                    TYPE_REF@13..19
                      PATH@13..19
                        PATH_SEGMENT@13..19
                          NAME_REF@13..19
                            IDENT@13..19 "float4"
                    WHITESPACE@19..20 " "
                    VAR_DECLARATOR@20..38
                      NAME@20..21
                        IDENT@20..21 "a"
                      WHITESPACE@21..22 " "
                      PACKOFFSET_BINDING@22..38
                        COLON@22..23 ":"
                        WHITESPACE@23..24 " "
                        PACKOFFSET_KW@24..34 "packoffset"
                        L_PAREN@34..35 "("
                        IDENT@35..37 "c0"
                        R_PAREN@37..38 ")"
                    SEMICOLON@38..39 ";"
                  WHITESPACE@39..40 " "
                  VAR_DECL@40..67
                    TYPE_REF@40..45
                      PATH@40..45
                        PATH_SEGMENT@40..45
                          NAME_REF@40..45
                            IDENT@40..45 "float"
                    WHITESPACE@45..46 " "
                    VAR_DECLARATOR@46..66
                      NAME@46..47
                        IDENT@46..47 "b"
                      WHITESPACE@47..48 " "
                      PACKOFFSET_BINDING@48..66
                        COLON@48..49 ":"
                        WHITESPACE@49..50 " "
                        PACKOFFSET_KW@50..60 "packoffset"
                        L_PAREN@60..61 "("
                        IDENT@61..63 "c1"
                        DOT@63..64 "."
                        IDENT@64..65 "y"
                        R_PAREN@65..66 ")"
                    SEMICOLON@66..67 ";"
                  WHITESPACE@67..68 " "
                  R_BRACE@68..69 "}"
              WHITESPACE@69..70 "\n"
        "#]],
    );
}

#[test]
fn tbuffer() {
    check(
        r#"tbuffer TB : register(t3) { float t; };
"#,
        expect![[r#"
            SOURCE_FILE@0..40
              CBUFFER_DEF@0..39
                TBUFFER_KW@0..7 "tbuffer"
                WHITESPACE@7..8 " "
                NAME@8..10
                  IDENT@8..10 "TB"
                WHITESPACE@10..11 " "
                REGISTER_BINDING@11..25
                  COLON@11..12 ":"
                  WHITESPACE@12..13 " "
                  REGISTER_KW@13..21 "register"
                  L_PAREN@21..22 "("
                  IDENT@22..24 "t3"
                  R_PAREN@24..25 ")"
                WHITESPACE@25..26 " "
                ITEM_LIST@26..38
                  L_BRACE@26..27 "{"
                  WHITESPACE@27..28 " "
                  VAR_DECL@28..36
                    TYPE_REF@28..33
                      PATH@28..33
                        PATH_SEGMENT@28..33
                          NAME_REF@28..33
                            IDENT@28..33 "float"
                    WHITESPACE@33..34 " "
                    VAR_DECLARATOR@34..35
                      NAME@34..35
                        IDENT@34..35 "t"
                    SEMICOLON@35..36 ";"
                  WHITESPACE@36..37 " "
                  R_BRACE@37..38 "}"
                SEMICOLON@38..39 ";"
              WHITESPACE@39..40 "\n"
        "#]],
    );
}

#[test]
fn cbuffer_members() {
    check(
        r#"cbuffer CB { S s; row_major float4x4 m; float arr[4]; }
"#,
        expect![[r#"
            SOURCE_FILE@0..56
              CBUFFER_DEF@0..55
                CBUFFER_KW@0..7 "cbuffer"
                WHITESPACE@7..8 " "
                NAME@8..10
                  IDENT@8..10 "CB"
                WHITESPACE@10..11 " "
                ITEM_LIST@11..55
                  L_BRACE@11..12 "{"
                  WHITESPACE@12..13 " "
                  VAR_DECL@13..17
                    TYPE_REF@13..14
                      PATH@13..14
                        PATH_SEGMENT@13..14
                          NAME_REF@13..14
                            IDENT@13..14 "S"
                    WHITESPACE@14..15 " "
                    VAR_DECLARATOR@15..16
                      NAME@15..16
                        IDENT@15..16 "s"
                    SEMICOLON@16..17 ";"
                  WHITESPACE@17..18 " "
                  VAR_DECL@18..39
                    ROW_MAJOR_KW@18..27 "row_major"
                    WHITESPACE@27..28 " "
                    TYPE_REF@28..36
                      PATH@28..36
                        PATH_SEGMENT@28..36
                          NAME_REF@28..36
                            IDENT@28..36 "float4x4"
                    WHITESPACE@36..37 " "
                    VAR_DECLARATOR@37..38
                      NAME@37..38
                        IDENT@37..38 "m"
                    SEMICOLON@38..39 ";"
                  WHITESPACE@39..40 " "
                  VAR_DECL@40..53
                    TYPE_REF@40..45
                      PATH@40..45
                        PATH_SEGMENT@40..45
                          NAME_REF@40..45
                            IDENT@40..45 "float"
                    WHITESPACE@45..46 " "
                    VAR_DECLARATOR@46..52
                      NAME@46..49
                        IDENT@46..49 "arr"
                      ARRAY_SUFFIX@49..52
                        L_BRACK@49..50 "["
                        LITERAL@50..51
                          INT_NUMBER@50..51 "4"
                        R_BRACK@51..52 "]"
                    SEMICOLON@52..53 ";"
                  WHITESPACE@53..54 " "
                  R_BRACE@54..55 "}"
              WHITESPACE@55..56 "\n"
        "#]],
    );
}

#[test]
fn constant_buffer_template() {
    check(
        r#"ConstantBuffer<Params> params : register(b2);
"#,
        expect![[r#"
            SOURCE_FILE@0..46
              VAR_DECL@0..45
                TYPE_REF@0..22
                  PATH@0..22
                    PATH_SEGMENT@0..22
                      NAME_REF@0..14
                        IDENT@0..14 "ConstantBuffer"
                      GENERIC_ARG_LIST@14..22
                        LT@14..15 "<"
                        TYPE_REF@15..21
                          PATH@15..21
                            PATH_SEGMENT@15..21
                              NAME_REF@15..21
                                IDENT@15..21 "Params"
                        GT@21..22 ">"
                WHITESPACE@22..23 " "
                VAR_DECLARATOR@23..44
                  NAME@23..29
                    IDENT@23..29 "params"
                  WHITESPACE@29..30 " "
                  REGISTER_BINDING@30..44
                    COLON@30..31 ":"
                    WHITESPACE@31..32 " "
                    REGISTER_KW@32..40 "register"
                    L_PAREN@40..41 "("
                    IDENT@41..43 "b2"
                    R_PAREN@43..44 ")"
                SEMICOLON@44..45 ";"
              WHITESPACE@45..46 "\n"
        "#]],
    );
}

#[test]
fn cbuffer_register_array() {
    check(
        r#"Texture2D ts[4] : register(t0[2]);
"#,
        expect![[r#"
            SOURCE_FILE@0..35
              VAR_DECL@0..34
                TYPE_REF@0..9
                  PATH@0..9
                    PATH_SEGMENT@0..9
                      NAME_REF@0..9
                        IDENT@0..9 "Texture2D"
                WHITESPACE@9..10 " "
                VAR_DECLARATOR@10..33
                  NAME@10..12
                    IDENT@10..12 "ts"
                  ARRAY_SUFFIX@12..15
                    L_BRACK@12..13 "["
                    LITERAL@13..14
                      INT_NUMBER@13..14 "4"
                    R_BRACK@14..15 "]"
                  WHITESPACE@15..16 " "
                  REGISTER_BINDING@16..33
                    COLON@16..17 ":"
                    WHITESPACE@17..18 " "
                    REGISTER_KW@18..26 "register"
                    L_PAREN@26..27 "("
                    IDENT@27..29 "t0"
                    L_BRACK@29..30 "["
                    INT_NUMBER@30..31 "2"
                    R_BRACK@31..32 "]"
                    R_PAREN@32..33 ")"
                SEMICOLON@33..34 ";"
              WHITESPACE@34..35 "\n"
        "#]],
    );
}

#[test]
fn cbuffer_with_attributes_and_struct() {
    check(
        r#"[[vk::binding(2, 0)]] cbuffer CB : register(b3) { struct L { float3 dir; } light; float intensity; };
"#,
        expect![[r#"
            SOURCE_FILE@0..102
              CBUFFER_DEF@0..101
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
                      INT_NUMBER@14..15 "2"
                    COMMA@15..16 ","
                    WHITESPACE@16..17 " "
                    LITERAL@17..18
                      INT_NUMBER@17..18 "0"
                    R_PAREN@18..19 ")"
                  R_BRACK@19..20 "]"
                  R_BRACK@20..21 "]"
                WHITESPACE@21..22 " "
                CBUFFER_KW@22..29 "cbuffer"
                WHITESPACE@29..30 " "
                NAME@30..32
                  IDENT@30..32 "CB"
                WHITESPACE@32..33 " "
                REGISTER_BINDING@33..47
                  COLON@33..34 ":"
                  WHITESPACE@34..35 " "
                  REGISTER_KW@35..43 "register"
                  L_PAREN@43..44 "("
                  IDENT@44..46 "b3"
                  R_PAREN@46..47 ")"
                WHITESPACE@47..48 " "
                ITEM_LIST@48..100
                  L_BRACE@48..49 "{"
                  WHITESPACE@49..50 " "
                  VAR_DECL@50..81
                    TYPE_REF@50..74
                      STRUCT_DEF@50..74
                        STRUCT_KW@50..56 "struct"
                        WHITESPACE@56..57 " "
                        NAME@57..58
                          IDENT@57..58 "L"
                        WHITESPACE@58..59 " "
                        FIELD_LIST@59..74
                          L_BRACE@59..60 "{"
                          WHITESPACE@60..61 " "
                          VAR_DECL@61..72
                            TYPE_REF@61..67
                              PATH@61..67
                                PATH_SEGMENT@61..67
                                  NAME_REF@61..67
                                    IDENT@61..67 "float3"
                            WHITESPACE@67..68 " "
                            VAR_DECLARATOR@68..71
                              NAME@68..71
                                IDENT@68..71 "dir"
                            SEMICOLON@71..72 ";"
                          WHITESPACE@72..73 " "
                          R_BRACE@73..74 "}"
                    WHITESPACE@74..75 " "
                    VAR_DECLARATOR@75..80
                      NAME@75..80
                        IDENT@75..80 "light"
                    SEMICOLON@80..81 ";"
                  WHITESPACE@81..82 " "
                  VAR_DECL@82..98
                    TYPE_REF@82..87
                      PATH@82..87
                        PATH_SEGMENT@82..87
                          NAME_REF@82..87
                            IDENT@82..87 "float"
                    WHITESPACE@87..88 " "
                    VAR_DECLARATOR@88..97
                      NAME@88..97
                        IDENT@88..97 "intensity"
                    SEMICOLON@97..98 ";"
                  WHITESPACE@98..99 " "
                  R_BRACE@99..100 "}"
                SEMICOLON@100..101 ";"
              WHITESPACE@101..102 "\n"
        "#]],
    );
}

#[test]
fn typedef_multiple_names() {
    check(
        r#"typedef float2 A, B[2];
"#,
        expect![[r#"
            SOURCE_FILE@0..24
              TYPEDEF_DEF@0..23
                TYPEDEF_KW@0..7 "typedef"
                WHITESPACE@7..8 " "
                TYPE_REF@8..14
                  PATH@8..14
                    PATH_SEGMENT@8..14
                      NAME_REF@8..14
                        IDENT@8..14 "float2"
                WHITESPACE@14..15 " "
                VAR_DECLARATOR@15..16
                  NAME@15..16
                    IDENT@15..16 "A"
                COMMA@16..17 ","
                WHITESPACE@17..18 " "
                VAR_DECLARATOR@18..22
                  NAME@18..19
                    IDENT@18..19 "B"
                  ARRAY_SUFFIX@19..22
                    L_BRACK@19..20 "["
                    LITERAL@20..21
                      INT_NUMBER@20..21 "2"
                    R_BRACK@21..22 "]"
                SEMICOLON@22..23 ";"
              WHITESPACE@23..24 "\n"
        "#]],
    );
}
