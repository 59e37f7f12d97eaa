//! Snapshot tests of structs, classes, interfaces and their members.

use expect_test::expect;

use super::check;

#[test]
fn struct_fields_semantics() {
    check(
        r#"struct V { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
"#,
        expect![[r#"
            SOURCE_FILE@0..63
              STRUCT_DEF@0..62
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "V"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..61
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  VAR_DECL@11..36
                    TYPE_REF@11..17
                      PATH@11..17
                        PATH_SEGMENT@11..17
                          NAME_REF@11..17
                            IDENT@11..17 "float4"
                    WHITESPACE@17..18 " "
                    VAR_DECLARATOR@18..35
                      NAME@18..21
                        IDENT@18..21 "pos"
                      WHITESPACE@21..22 " "
                      SEMANTIC@22..35
                        COLON@22..23 ":"
                        WHITESPACE@23..24 " "
                        IDENT@24..35 "SV_Position"
                    SEMICOLON@35..36 ";"
                  WHITESPACE@36..37 " "
                  VAR_DECL@37..59
                    TYPE_REF@37..43
                      PATH@37..43
                        PATH_SEGMENT@37..43
                          NAME_REF@37..43
                            IDENT@37..43 "float2"
                    WHITESPACE@43..44 " "
                    VAR_DECLARATOR@44..58
                      NAME@44..46
                        IDENT@44..46 "uv"
                      WHITESPACE@46..47 " "
                      SEMANTIC@47..58
                        COLON@47..48 ":"
                        WHITESPACE@48..49 " "
                        IDENT@49..58 "TEXCOORD0"
                    SEMICOLON@58..59 ";"
                  WHITESPACE@59..60 " "
                  R_BRACE@60..61 "}"
                SEMICOLON@61..62 ";"
              WHITESPACE@62..63 "\n"
        "#]],
    );
}

#[test]
fn struct_interpolation_modifiers() {
    check(
        r#"struct P { nointerpolation uint id : ID; noperspective float2 uv : UV; centroid float c : C; };
"#,
        expect![[r#"
            SOURCE_FILE@0..96
              STRUCT_DEF@0..95
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "P"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..94
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  VAR_DECL@11..40
                    NOINTERPOLATION_KW@11..26 "nointerpolation"
                    WHITESPACE@26..27 " "
                    TYPE_REF@27..31
                      PATH@27..31
                        PATH_SEGMENT@27..31
                          NAME_REF@27..31
                            IDENT@27..31 "uint"
                    WHITESPACE@31..32 " "
                    VAR_DECLARATOR@32..39
                      NAME@32..34
                        IDENT@32..34 "id"
                      WHITESPACE@34..35 " "
                      SEMANTIC@35..39
                        COLON@35..36 ":"
                        WHITESPACE@36..37 " "
                        IDENT@37..39 "ID"
                    SEMICOLON@39..40 ";"
                  WHITESPACE@40..41 " "
                  VAR_DECL@41..70
                    NOPERSPECTIVE_KW@41..54 "noperspective"
                    WHITESPACE@54..55 " "
                    TYPE_REF@55..61
                      PATH@55..61
                        PATH_SEGMENT@55..61
                          NAME_REF@55..61
                            IDENT@55..61 "float2"
                    WHITESPACE@61..62 " "
                    VAR_DECLARATOR@62..69
                      NAME@62..64
                        IDENT@62..64 "uv"
                      WHITESPACE@64..65 " "
                      SEMANTIC@65..69
                        COLON@65..66 ":"
                        WHITESPACE@66..67 " "
                        IDENT@67..69 "UV"
                    SEMICOLON@69..70 ";"
                  WHITESPACE@70..71 " "
                  VAR_DECL@71..92
                    CENTROID_KW@71..79 "centroid"
                    WHITESPACE@79..80 " "
                    TYPE_REF@80..85
                      PATH@80..85
                        PATH_SEGMENT@80..85
                          NAME_REF@80..85
                            IDENT@80..85 "float"
                    WHITESPACE@85..86 " "
                    VAR_DECLARATOR@86..91
                      NAME@86..87
                        IDENT@86..87 "c"
                      WHITESPACE@87..88 " "
                      SEMANTIC@88..91
                        COLON@88..89 ":"
                        WHITESPACE@89..90 " "
                        IDENT@90..91 "C"
                    SEMICOLON@91..92 ";"
                  WHITESPACE@92..93 " "
                  R_BRACE@93..94 "}"
                SEMICOLON@94..95 ";"
              WHITESPACE@95..96 "\n"
        "#]],
    );
}

#[test]
fn struct_methods() {
    check(
        r#"struct S { float v; float get() { return v; } void set(float x) { v = x; } };
"#,
        expect![[r#"
            SOURCE_FILE@0..78
              STRUCT_DEF@0..77
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..76
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  VAR_DECL@11..19
                    TYPE_REF@11..16
                      PATH@11..16
                        PATH_SEGMENT@11..16
                          NAME_REF@11..16
                            IDENT@11..16 "float"
                    WHITESPACE@16..17 " "
                    VAR_DECLARATOR@17..18
                      NAME@17..18
                        IDENT@17..18 "v"
                    SEMICOLON@18..19 ";"
                  WHITESPACE@19..20 " "
                  FN_DEF@20..45
                    TYPE_REF@20..25
                      PATH@20..25
                        PATH_SEGMENT@20..25
                          NAME_REF@20..25
                            IDENT@20..25 "float"
                    WHITESPACE@25..26 " "
                    NAME@26..29
                      IDENT@26..29 "get"
                    PARAM_LIST@29..31
                      L_PAREN@29..30 "("
                      R_PAREN@30..31 ")"
                    WHITESPACE@31..32 " "
                    BLOCK@32..45
                      L_BRACE@32..33 "{"
                      WHITESPACE@33..34 " "
                      RETURN_STMT@34..43
                        RETURN_KW@34..40 "return"
                        WHITESPACE@40..41 " "
                        PATH_EXPR@41..42
                          PATH@41..42
                            PATH_SEGMENT@41..42
                              NAME_REF@41..42
                                IDENT@41..42 "v"
                        SEMICOLON@42..43 ";"
                      WHITESPACE@43..44 " "
                      R_BRACE@44..45 "}"
                  WHITESPACE@45..46 " "
                  FN_DEF@46..74
                    TYPE_REF@46..50
                      PATH@46..50
                        PATH_SEGMENT@46..50
                          NAME_REF@46..50
                            IDENT@46..50 "void"
                    WHITESPACE@50..51 " "
                    NAME@51..54
                      IDENT@51..54 "set"
                    PARAM_LIST@54..63
                      L_PAREN@54..55 "("
                      PARAM@55..62
                        TYPE_REF@55..60
                          PATH@55..60
                            PATH_SEGMENT@55..60
                              NAME_REF@55..60
                                IDENT@55..60 "float"
                        WHITESPACE@60..61 " "
                        NAME@61..62
                          IDENT@61..62 "x"
                      R_PAREN@62..63 ")"
                    WHITESPACE@63..64 " "
                    BLOCK@64..74
                      L_BRACE@64..65 "{"
                      WHITESPACE@65..66 " "
                      EXPR_STMT@66..72
                        BIN_EXPR@66..71
                          PATH_EXPR@66..67
                            PATH@66..67
                              PATH_SEGMENT@66..67
                                NAME_REF@66..67
                                  IDENT@66..67 "v"
                          WHITESPACE@67..68 " "
                          EQ@68..69 "="
                          WHITESPACE@69..70 " "
                          PATH_EXPR@70..71
                            PATH@70..71
                              PATH_SEGMENT@70..71
                                NAME_REF@70..71
                                  IDENT@70..71 "x"
                        SEMICOLON@71..72 ";"
                      WHITESPACE@72..73 " "
                      R_BRACE@73..74 "}"
                  WHITESPACE@74..75 " "
                  R_BRACE@75..76 "}"
                SEMICOLON@76..77 ";"
              WHITESPACE@77..78 "\n"
        "#]],
    );
}

#[test]
fn struct_inheritance() {
    check(
        r#"struct D : B { float extra; };
"#,
        expect![[r#"
            SOURCE_FILE@0..31
              STRUCT_DEF@0..30
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "D"
                WHITESPACE@8..9 " "
                BASE_LIST@9..12
                  COLON@9..10 ":"
                  WHITESPACE@10..11 " "
                  TYPE_REF@11..12
                    PATH@11..12
                      PATH_SEGMENT@11..12
                        NAME_REF@11..12
                          IDENT@11..12 "B"
                WHITESPACE@12..13 " "
                FIELD_LIST@13..29
                  L_BRACE@13..14 "{"
                  WHITESPACE@14..15 " "
                  VAR_DECL@15..27
                    TYPE_REF@15..20
                      PATH@15..20
                        PATH_SEGMENT@15..20
                          NAME_REF@15..20
                            IDENT@15..20 "float"
                    WHITESPACE@20..21 " "
                    VAR_DECLARATOR@21..26
                      NAME@21..26
                        IDENT@21..26 "extra"
                    SEMICOLON@26..27 ";"
                  WHITESPACE@27..28 " "
                  R_BRACE@28..29 "}"
                SEMICOLON@29..30 ";"
              WHITESPACE@30..31 "\n"
        "#]],
    );
}

#[test]
fn struct_nested_struct_and_typedef() {
    check(
        r#"struct Outer { struct Inner { int x; } inner; typedef int I; I value; };
"#,
        expect![[r#"
            SOURCE_FILE@0..73
              STRUCT_DEF@0..72
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..12
                  IDENT@7..12 "Outer"
                WHITESPACE@12..13 " "
                FIELD_LIST@13..71
                  L_BRACE@13..14 "{"
                  WHITESPACE@14..15 " "
                  VAR_DECL@15..45
                    TYPE_REF@15..38
                      STRUCT_DEF@15..38
                        STRUCT_KW@15..21 "struct"
                        WHITESPACE@21..22 " "
                        NAME@22..27
                          IDENT@22..27 "Inner"
                        WHITESPACE@27..28 " "
                        FIELD_LIST@28..38
                          L_BRACE@28..29 "{"
                          WHITESPACE@29..30 " "
                          VAR_DECL@30..36
                            TYPE_REF@30..33
                              PATH@30..33
                                PATH_SEGMENT@30..33
                                  NAME_REF@30..33
                                    IDENT@30..33 "int"
                            WHITESPACE@33..34 " "
                            VAR_DECLARATOR@34..35
                              NAME@34..35
                                IDENT@34..35 "x"
                            SEMICOLON@35..36 ";"
                          WHITESPACE@36..37 " "
                          R_BRACE@37..38 "}"
                    WHITESPACE@38..39 " "
                    VAR_DECLARATOR@39..44
                      NAME@39..44
                        IDENT@39..44 "inner"
                    SEMICOLON@44..45 ";"
                  WHITESPACE@45..46 " "
                  TYPEDEF_DEF@46..60
                    TYPEDEF_KW@46..53 "typedef"
                    WHITESPACE@53..54 " "
                    TYPE_REF@54..57
                      PATH@54..57
                        PATH_SEGMENT@54..57
                          NAME_REF@54..57
                            IDENT@54..57 "int"
                    WHITESPACE@57..58 " "
                    VAR_DECLARATOR@58..59
                      NAME@58..59
                        IDENT@58..59 "I"
                    SEMICOLON@59..60 ";"
                  WHITESPACE@60..61 " "
                  VAR_DECL@61..69
                    TYPE_REF@61..62
                      PATH@61..62
                        PATH_SEGMENT@61..62
                          NAME_REF@61..62
                            IDENT@61..62 "I"
                    WHITESPACE@62..63 " "
                    VAR_DECLARATOR@63..68
                      NAME@63..68
                        IDENT@63..68 "value"
                    SEMICOLON@68..69 ";"
                  WHITESPACE@69..70 " "
                  R_BRACE@70..71 "}"
                SEMICOLON@71..72 ";"
              WHITESPACE@72..73 "\n"
        "#]],
    );
}

#[test]
fn struct_static_members() {
    check(
        r#"struct S { static const int N = 4; static float helper(); };
"#,
        expect![[r#"
            SOURCE_FILE@0..61
              STRUCT_DEF@0..60
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..59
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  VAR_DECL@11..34
                    STATIC_KW@11..17 "static"
                    WHITESPACE@17..18 " "
                    CONST_KW@18..23 "const"
                    WHITESPACE@23..24 " "
                    TYPE_REF@24..27
                      PATH@24..27
                        PATH_SEGMENT@24..27
                          NAME_REF@24..27
                            IDENT@24..27 "int"
                    WHITESPACE@27..28 " "
                    VAR_DECLARATOR@28..33
                      NAME@28..29
                        IDENT@28..29 "N"
                      WHITESPACE@29..30 " "
                      EQ@30..31 "="
                      WHITESPACE@31..32 " "
                      LITERAL@32..33
                        INT_NUMBER@32..33 "4"
                    SEMICOLON@33..34 ";"
                  WHITESPACE@34..35 " "
                  FN_DEF@35..57
                    STATIC_KW@35..41 "static"
                    WHITESPACE@41..42 " "
                    TYPE_REF@42..47
                      PATH@42..47
                        PATH_SEGMENT@42..47
                          NAME_REF@42..47
                            IDENT@42..47 "float"
                    WHITESPACE@47..48 " "
                    NAME@48..54
                      IDENT@48..54 "helper"
                    PARAM_LIST@54..56
                      L_PAREN@54..55 "("
                      R_PAREN@55..56 ")"
                    SEMICOLON@56..57 ";"
                  WHITESPACE@57..58 " "
                  R_BRACE@58..59 "}"
                SEMICOLON@59..60 ";"
              WHITESPACE@60..61 "\n"
        "#]],
    );
}

#[test]
fn struct_anonymous_with_variable() {
    check(
        r#"struct { float a; } anon;
"#,
        expect![[r#"
            SOURCE_FILE@0..26
              VAR_DECL@0..25
                TYPE_REF@0..19
                  STRUCT_DEF@0..19
                    STRUCT_KW@0..6 "struct"
                    WHITESPACE@6..7 " "
                    FIELD_LIST@7..19
                      L_BRACE@7..8 "{"
                      WHITESPACE@8..9 " "
                      VAR_DECL@9..17
                        TYPE_REF@9..14
                          PATH@9..14
                            PATH_SEGMENT@9..14
                              NAME_REF@9..14
                                IDENT@9..14 "float"
                        WHITESPACE@14..15 " "
                        VAR_DECLARATOR@15..16
                          NAME@15..16
                            IDENT@15..16 "a"
                        SEMICOLON@16..17 ";"
                      WHITESPACE@17..18 " "
                      R_BRACE@18..19 "}"
                WHITESPACE@19..20 " "
                VAR_DECLARATOR@20..24
                  NAME@20..24
                    IDENT@20..24 "anon"
                SEMICOLON@24..25 ";"
              WHITESPACE@25..26 "\n"
        "#]],
    );
}

#[test]
fn struct_with_multiple_variables() {
    check(
        r#"struct S { int x; } s1, s2[2];
"#,
        expect![[r#"
            SOURCE_FILE@0..31
              VAR_DECL@0..30
                TYPE_REF@0..19
                  STRUCT_DEF@0..19
                    STRUCT_KW@0..6 "struct"
                    WHITESPACE@6..7 " "
                    NAME@7..8
                      IDENT@7..8 "S"
                    WHITESPACE@8..9 " "
                    FIELD_LIST@9..19
                      L_BRACE@9..10 "{"
                      WHITESPACE@10..11 " "
                      VAR_DECL@11..17
                        TYPE_REF@11..14
                          PATH@11..14
                            PATH_SEGMENT@11..14
                              NAME_REF@11..14
                                IDENT@11..14 "int"
                        WHITESPACE@14..15 " "
                        VAR_DECLARATOR@15..16
                          NAME@15..16
                            IDENT@15..16 "x"
                        SEMICOLON@16..17 ";"
                      WHITESPACE@17..18 " "
                      R_BRACE@18..19 "}"
                WHITESPACE@19..20 " "
                VAR_DECLARATOR@20..22
                  NAME@20..22
                    IDENT@20..22 "s1"
                COMMA@22..23 ","
                WHITESPACE@23..24 " "
                VAR_DECLARATOR@24..29
                  NAME@24..26
                    IDENT@24..26 "s2"
                  ARRAY_SUFFIX@26..29
                    L_BRACK@26..27 "["
                    LITERAL@27..28
                      INT_NUMBER@27..28 "2"
                    R_BRACK@28..29 "]"
                SEMICOLON@29..30 ";"
              WHITESPACE@30..31 "\n"
        "#]],
    );
}

#[test]
fn struct_forward_declaration() {
    check(
        r#"struct S;
"#,
        expect![[r#"
            SOURCE_FILE@0..10
              STRUCT_DEF@0..9
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                SEMICOLON@8..9 ";"
              WHITESPACE@9..10 "\n"
        "#]],
    );
}

#[test]
fn class_definition() {
    check(
        r#"class C { float f; };
"#,
        expect![[r#"
            SOURCE_FILE@0..22
              STRUCT_DEF@0..21
                CLASS_KW@0..5 "class"
                WHITESPACE@5..6 " "
                NAME@6..7
                  IDENT@6..7 "C"
                WHITESPACE@7..8 " "
                FIELD_LIST@8..20
                  L_BRACE@8..9 "{"
                  WHITESPACE@9..10 " "
                  VAR_DECL@10..18
                    TYPE_REF@10..15
                      PATH@10..15
                        PATH_SEGMENT@10..15
                          NAME_REF@10..15
                            IDENT@10..15 "float"
                    WHITESPACE@15..16 " "
                    VAR_DECLARATOR@16..17
                      NAME@16..17
                        IDENT@16..17 "f"
                    SEMICOLON@17..18 ";"
                  WHITESPACE@18..19 " "
                  R_BRACE@19..20 "}"
                SEMICOLON@20..21 ";"
              WHITESPACE@21..22 "\n"
        "#]],
    );
}

#[test]
fn interface_and_implementation() {
    check(
        r#"interface I { float eval(); };
class C : I { float eval() { return 1; } };
"#,
        expect![[r#"
            SOURCE_FILE@0..75
              STRUCT_DEF@0..30
                INTERFACE_KW@0..9 "interface"
                WHITESPACE@9..10 " "
                NAME@10..11
                  IDENT@10..11 "I"
                WHITESPACE@11..12 " "
                FIELD_LIST@12..29
                  L_BRACE@12..13 "{"
                  WHITESPACE@13..14 " "
                  FN_DEF@14..27
                    TYPE_REF@14..19
                      PATH@14..19
                        PATH_SEGMENT@14..19
                          NAME_REF@14..19
                            IDENT@14..19 "float"
                    WHITESPACE@19..20 " "
                    NAME@20..24
                      IDENT@20..24 "eval"
                    PARAM_LIST@24..26
                      L_PAREN@24..25 "("
                      R_PAREN@25..26 ")"
                    SEMICOLON@26..27 ";"
                  WHITESPACE@27..28 " "
                  R_BRACE@28..29 "}"
                SEMICOLON@29..30 ";"
              WHITESPACE@30..31 "\n"
              STRUCT_DEF@31..74
                CLASS_KW@31..36 "class"
                WHITESPACE@36..37 " "
                NAME@37..38
                  IDENT@37..38 "C"
                WHITESPACE@38..39 " "
                BASE_LIST@39..42
                  COLON@39..40 ":"
                  WHITESPACE@40..41 " "
                  TYPE_REF@41..42
                    PATH@41..42
                      PATH_SEGMENT@41..42
                        NAME_REF@41..42
                          IDENT@41..42 "I"
                WHITESPACE@42..43 " "
                FIELD_LIST@43..73
                  L_BRACE@43..44 "{"
                  WHITESPACE@44..45 " "
                  FN_DEF@45..71
                    TYPE_REF@45..50
                      PATH@45..50
                        PATH_SEGMENT@45..50
                          NAME_REF@45..50
                            IDENT@45..50 "float"
                    WHITESPACE@50..51 " "
                    NAME@51..55
                      IDENT@51..55 "eval"
                    PARAM_LIST@55..57
                      L_PAREN@55..56 "("
                      R_PAREN@56..57 ")"
                    WHITESPACE@57..58 " "
                    BLOCK@58..71
                      L_BRACE@58..59 "{"
                      WHITESPACE@59..60 " "
                      RETURN_STMT@60..69
                        RETURN_KW@60..66 "return"
                        WHITESPACE@66..67 " "
                        LITERAL@67..68
                          INT_NUMBER@67..68 "1"
                        SEMICOLON@68..69 ";"
                      WHITESPACE@69..70 " "
                      R_BRACE@70..71 "}"
                  WHITESPACE@71..72 " "
                  R_BRACE@72..73 "}"
                SEMICOLON@73..74 ";"
              WHITESPACE@74..75 "\n"
        "#]],
    );
}

#[test]
fn struct_bitfields() {
    check(
        r#"struct F { uint a : 4; uint b : 28; };
"#,
        expect![[r#"
            SOURCE_FILE@0..39
              STRUCT_DEF@0..38
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "F"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..37
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  VAR_DECL@11..22
                    TYPE_REF@11..15
                      PATH@11..15
                        PATH_SEGMENT@11..15
                          NAME_REF@11..15
                            IDENT@11..15 "uint"
                    WHITESPACE@15..16 " "
                    VAR_DECLARATOR@16..21
                      NAME@16..17
                        IDENT@16..17 "a"
                      WHITESPACE@17..18 " "
                      BIT_FIELD_WIDTH@18..21
                        COLON@18..19 ":"
                        WHITESPACE@19..20 " "
                        INT_NUMBER@20..21 "4"
                    SEMICOLON@21..22 ";"
                  WHITESPACE@22..23 " "
                  VAR_DECL@23..35
                    TYPE_REF@23..27
                      PATH@23..27
                        PATH_SEGMENT@23..27
                          NAME_REF@23..27
                            IDENT@23..27 "uint"
                    WHITESPACE@27..28 " "
                    VAR_DECLARATOR@28..34
                      NAME@28..29
                        IDENT@28..29 "b"
                      WHITESPACE@29..30 " "
                      BIT_FIELD_WIDTH@30..34
                        COLON@30..31 ":"
                        WHITESPACE@31..32 " "
                        INT_NUMBER@32..34 "28"
                    SEMICOLON@34..35 ";"
                  WHITESPACE@35..36 " "
                  R_BRACE@36..37 "}"
                SEMICOLON@37..38 ";"
              WHITESPACE@38..39 "\n"
        "#]],
    );
}

#[test]
fn struct_field_attributes() {
    check(
        r#"struct VSIn { [[vk::location(0)]] float3 pos : POSITION; };
"#,
        expect![[r#"
            SOURCE_FILE@0..60
              STRUCT_DEF@0..59
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..11
                  IDENT@7..11 "VSIn"
                WHITESPACE@11..12 " "
                FIELD_LIST@12..58
                  L_BRACE@12..13 "{"
                  WHITESPACE@13..14 " "
                  VAR_DECL@14..56
                    ATTRIBUTE@14..33
                      L_BRACK@14..15 "["
                      L_BRACK@15..16 "["
                      PATH@16..28
                        PATH_SEGMENT@16..18
                          NAME_REF@16..18
                            IDENT@16..18 "vk"
                        COLON2@18..20 "::"
                        PATH_SEGMENT@20..28
                          NAME_REF@20..28
                            IDENT@20..28 "location"
                      ARG_LIST@28..31
                        L_PAREN@28..29 "("
                        LITERAL@29..30
                          INT_NUMBER@29..30 "0"
                        R_PAREN@30..31 ")"
                      R_BRACK@31..32 "]"
                      R_BRACK@32..33 "]"
                    WHITESPACE@33..34 " "
                    TYPE_REF@34..40
                      PATH@34..40
                        PATH_SEGMENT@34..40
                          NAME_REF@34..40
                            IDENT@34..40 "float3"
                    WHITESPACE@40..41 " "
                    VAR_DECLARATOR@41..55
                      NAME@41..44
                        IDENT@41..44 "pos"
                      WHITESPACE@44..45 " "
                      SEMANTIC@45..55
                        COLON@45..46 ":"
                        WHITESPACE@46..47 " "
                        IDENT@47..55 "POSITION"
                    SEMICOLON@55..56 ";"
                  WHITESPACE@56..57 " "
                  R_BRACE@57..58 "}"
                SEMICOLON@58..59 ";"
              WHITESPACE@59..60 "\n"
        "#]],
    );
}

#[test]
fn struct_empty() {
    check(
        r#"struct E {};
"#,
        expect![[r#"
            SOURCE_FILE@0..13
              STRUCT_DEF@0..12
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "E"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..11
                  L_BRACE@9..10 "{"
                  R_BRACE@10..11 "}"
                SEMICOLON@11..12 ";"
              WHITESPACE@12..13 "\n"
        "#]],
    );
}

#[test]
fn struct_method_uses_this() {
    check(
        r#"struct S { float v; float get() { return this.v; } };
"#,
        expect![[r#"
            SOURCE_FILE@0..54
              STRUCT_DEF@0..53
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..52
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  VAR_DECL@11..19
                    TYPE_REF@11..16
                      PATH@11..16
                        PATH_SEGMENT@11..16
                          NAME_REF@11..16
                            IDENT@11..16 "float"
                    WHITESPACE@16..17 " "
                    VAR_DECLARATOR@17..18
                      NAME@17..18
                        IDENT@17..18 "v"
                    SEMICOLON@18..19 ";"
                  WHITESPACE@19..20 " "
                  FN_DEF@20..50
                    TYPE_REF@20..25
                      PATH@20..25
                        PATH_SEGMENT@20..25
                          NAME_REF@20..25
                            IDENT@20..25 "float"
                    WHITESPACE@25..26 " "
                    NAME@26..29
                      IDENT@26..29 "get"
                    PARAM_LIST@29..31
                      L_PAREN@29..30 "("
                      R_PAREN@30..31 ")"
                    WHITESPACE@31..32 " "
                    BLOCK@32..50
                      L_BRACE@32..33 "{"
                      WHITESPACE@33..34 " "
                      RETURN_STMT@34..48
                        RETURN_KW@34..40 "return"
                        WHITESPACE@40..41 " "
                        FIELD_EXPR@41..47
                          PATH_EXPR@41..45
                            PATH@41..45
                              PATH_SEGMENT@41..45
                                NAME_REF@41..45
                                  IDENT@41..45 "this"
                          DOT@45..46 "."
                          NAME_REF@46..47
                            IDENT@46..47 "v"
                        SEMICOLON@47..48 ";"
                      WHITESPACE@48..49 " "
                      R_BRACE@49..50 "}"
                  WHITESPACE@50..51 " "
                  R_BRACE@51..52 "}"
                SEMICOLON@52..53 ";"
              WHITESPACE@53..54 "\n"
        "#]],
    );
}

#[test]
fn struct_enum_member() {
    check(
        r#"struct S { enum K { A, B }; K k; };
"#,
        expect![[r#"
            SOURCE_FILE@0..36
              STRUCT_DEF@0..35
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..34
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  ENUM_DEF@11..27
                    ENUM_KW@11..15 "enum"
                    WHITESPACE@15..16 " "
                    NAME@16..17
                      IDENT@16..17 "K"
                    WHITESPACE@17..18 " "
                    VARIANT_LIST@18..26
                      L_BRACE@18..19 "{"
                      WHITESPACE@19..20 " "
                      VARIANT@20..21
                        NAME@20..21
                          IDENT@20..21 "A"
                      COMMA@21..22 ","
                      WHITESPACE@22..23 " "
                      VARIANT@23..24
                        NAME@23..24
                          IDENT@23..24 "B"
                      WHITESPACE@24..25 " "
                      R_BRACE@25..26 "}"
                    SEMICOLON@26..27 ";"
                  WHITESPACE@27..28 " "
                  VAR_DECL@28..32
                    TYPE_REF@28..29
                      PATH@28..29
                        PATH_SEGMENT@28..29
                          NAME_REF@28..29
                            IDENT@28..29 "K"
                    WHITESPACE@29..30 " "
                    VAR_DECLARATOR@30..31
                      NAME@30..31
                        IDENT@30..31 "k"
                    SEMICOLON@31..32 ";"
                  WHITESPACE@32..33 " "
                  R_BRACE@33..34 "}"
                SEMICOLON@34..35 ";"
              WHITESPACE@35..36 "\n"
        "#]],
    );
}

#[test]
fn ray_payload_attribute_and_access_qualifiers() {
    check(
        "struct [raypayload] P { float4 c : write(caller, miss) : read(caller); };",
        expect![[r#"
            SOURCE_FILE@0..73
              STRUCT_DEF@0..73
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                ATTRIBUTE@7..19
                  L_BRACK@7..8 "["
                  PATH@8..18
                    PATH_SEGMENT@8..18
                      NAME_REF@8..18
                        IDENT@8..18 "raypayload"
                  R_BRACK@18..19 "]"
                WHITESPACE@19..20 " "
                NAME@20..21
                  IDENT@20..21 "P"
                WHITESPACE@21..22 " "
                FIELD_LIST@22..72
                  L_BRACE@22..23 "{"
                  WHITESPACE@23..24 " "
                  VAR_DECL@24..70
                    TYPE_REF@24..30
                      PATH@24..30
                        PATH_SEGMENT@24..30
                          NAME_REF@24..30
                            IDENT@24..30 "float4"
                    WHITESPACE@30..31 " "
                    VAR_DECLARATOR@31..69
                      NAME@31..32
                        IDENT@31..32 "c"
                      WHITESPACE@32..33 " "
                      PAYLOAD_ACCESS@33..54
                        COLON@33..34 ":"
                        WHITESPACE@34..35 " "
                        WRITE_KW@35..40 "write"
                        L_PAREN@40..41 "("
                        IDENT@41..47 "caller"
                        COMMA@47..48 ","
                        WHITESPACE@48..49 " "
                        IDENT@49..53 "miss"
                        R_PAREN@53..54 ")"
                      WHITESPACE@54..55 " "
                      PAYLOAD_ACCESS@55..69
                        COLON@55..56 ":"
                        WHITESPACE@56..57 " "
                        READ_KW@57..61 "read"
                        L_PAREN@61..62 "("
                        IDENT@62..68 "caller"
                        R_PAREN@68..69 ")"
                    SEMICOLON@69..70 ";"
                  WHITESPACE@70..71 " "
                  R_BRACE@71..72 "}"
                SEMICOLON@72..73 ";"
        "#]],
    );
}

#[test]
fn union_definition_and_elaborated_use() {
    // A `union` parses as a struct with its keyword; semantic analysis says what DXC says.
    check(
        r#"union U { int i; float f; };
union U u;
"#,
        expect![[r#"
            SOURCE_FILE@0..40
              STRUCT_DEF@0..28
                UNION_KW@0..5 "union"
                WHITESPACE@5..6 " "
                NAME@6..7
                  IDENT@6..7 "U"
                WHITESPACE@7..8 " "
                FIELD_LIST@8..27
                  L_BRACE@8..9 "{"
                  WHITESPACE@9..10 " "
                  VAR_DECL@10..16
                    TYPE_REF@10..13
                      PATH@10..13
                        PATH_SEGMENT@10..13
                          NAME_REF@10..13
                            IDENT@10..13 "int"
                    WHITESPACE@13..14 " "
                    VAR_DECLARATOR@14..15
                      NAME@14..15
                        IDENT@14..15 "i"
                    SEMICOLON@15..16 ";"
                  WHITESPACE@16..17 " "
                  VAR_DECL@17..25
                    TYPE_REF@17..22
                      PATH@17..22
                        PATH_SEGMENT@17..22
                          NAME_REF@17..22
                            IDENT@17..22 "float"
                    WHITESPACE@22..23 " "
                    VAR_DECLARATOR@23..24
                      NAME@23..24
                        IDENT@23..24 "f"
                    SEMICOLON@24..25 ";"
                  WHITESPACE@25..26 " "
                  R_BRACE@26..27 "}"
                SEMICOLON@27..28 ";"
              WHITESPACE@28..29 "\n"
              VAR_DECL@29..39
                TYPE_REF@29..36
                  UNION_KW@29..34 "union"
                  WHITESPACE@34..35 " "
                  PATH@35..36
                    PATH_SEGMENT@35..36
                      NAME_REF@35..36
                        IDENT@35..36 "U"
                WHITESPACE@36..37 " "
                VAR_DECLARATOR@37..38
                  NAME@37..38
                    IDENT@37..38 "u"
                SEMICOLON@38..39 ";"
              WHITESPACE@39..40 "\n"
        "#]],
    );
}
