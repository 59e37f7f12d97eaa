//! Snapshot tests of functions: parameters, modifiers, semantics, prototypes, templates, attributes.

use expect_test::expect;

use super::check;

#[test]
fn fn_empty() {
    check(
        r#"void f() {}
"#,
        expect![[r#"
            SOURCE_FILE@0..12
              FN_DEF@0..11
                TYPE_REF@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "void"
                WHITESPACE@4..5 " "
                NAME@5..6
                  IDENT@5..6 "f"
                PARAM_LIST@6..8
                  L_PAREN@6..7 "("
                  R_PAREN@7..8 ")"
                WHITESPACE@8..9 " "
                BLOCK@9..11
                  L_BRACE@9..10 "{"
                  R_BRACE@10..11 "}"
              WHITESPACE@11..12 "\n"
        "#]],
    );
}

#[test]
fn fn_param_modifiers() {
    check(
        r#"void f(in float a, out float b, inout float c, uniform float d) {}
"#,
        expect![[r#"
            SOURCE_FILE@0..67
              FN_DEF@0..66
                TYPE_REF@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "void"
                WHITESPACE@4..5 " "
                NAME@5..6
                  IDENT@5..6 "f"
                PARAM_LIST@6..63
                  L_PAREN@6..7 "("
                  PARAM@7..17
                    IN_KW@7..9 "in"
                    WHITESPACE@9..10 " "
                    TYPE_REF@10..15
                      PATH@10..15
                        PATH_SEGMENT@10..15
                          NAME_REF@10..15
                            IDENT@10..15 "float"
                    WHITESPACE@15..16 " "
                    NAME@16..17
                      IDENT@16..17 "a"
                  COMMA@17..18 ","
                  WHITESPACE@18..19 " "
                  PARAM@19..30
                    OUT_KW@19..22 "out"
                    WHITESPACE@22..23 " "
                    TYPE_REF@23..28
                      PATH@23..28
                        PATH_SEGMENT@23..28
                          NAME_REF@23..28
                            IDENT@23..28 "float"
                    WHITESPACE@28..29 " "
                    NAME@29..30
                      IDENT@29..30 "b"
                  COMMA@30..31 ","
                  WHITESPACE@31..32 " "
                  PARAM@32..45
                    INOUT_KW@32..37 "inout"
                    WHITESPACE@37..38 " "
                    TYPE_REF@38..43
                      PATH@38..43
                        PATH_SEGMENT@38..43
                          NAME_REF@38..43
                            IDENT@38..43 "float"
                    WHITESPACE@43..44 " "
                    NAME@44..45
                      IDENT@44..45 "c"
                  COMMA@45..46 ","
                  WHITESPACE@46..47 " "
                  PARAM@47..62
                    UNIFORM_KW@47..54 "uniform"
                    WHITESPACE@54..55 " "
                    TYPE_REF@55..60
                      PATH@55..60
                        PATH_SEGMENT@55..60
                          NAME_REF@55..60
                            IDENT@55..60 "float"
                    WHITESPACE@60..61 " "
                    NAME@61..62
                      IDENT@61..62 "d"
                  R_PAREN@62..63 ")"
                WHITESPACE@63..64 " "
                BLOCK@64..66
                  L_BRACE@64..65 "{"
                  R_BRACE@65..66 "}"
              WHITESPACE@66..67 "\n"
        "#]],
    );
}

#[test]
fn fn_default_args() {
    check(
        r#"float f(float a, float b = 1.0) { return a + b; }
"#,
        expect![[r#"
            SOURCE_FILE@0..50
              FN_DEF@0..49
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                NAME@6..7
                  IDENT@6..7 "f"
                PARAM_LIST@7..31
                  L_PAREN@7..8 "("
                  PARAM@8..15
                    TYPE_REF@8..13
                      PATH@8..13
                        PATH_SEGMENT@8..13
                          NAME_REF@8..13
                            IDENT@8..13 "float"
                    WHITESPACE@13..14 " "
                    NAME@14..15
                      IDENT@14..15 "a"
                  COMMA@15..16 ","
                  WHITESPACE@16..17 " "
                  PARAM@17..30
                    TYPE_REF@17..22
                      PATH@17..22
                        PATH_SEGMENT@17..22
                          NAME_REF@17..22
                            IDENT@17..22 "float"
                    WHITESPACE@22..23 " "
                    NAME@23..24
                      IDENT@23..24 "b"
                    WHITESPACE@24..25 " "
                    EQ@25..26 "="
                    WHITESPACE@26..27 " "
                    LITERAL@27..30
                      FLOAT_NUMBER@27..30 "1.0"
                  R_PAREN@30..31 ")"
                WHITESPACE@31..32 " "
                BLOCK@32..49
                  L_BRACE@32..33 "{"
                  WHITESPACE@33..34 " "
                  RETURN_STMT@34..47
                    RETURN_KW@34..40 "return"
                    WHITESPACE@40..41 " "
                    BIN_EXPR@41..46
                      PATH_EXPR@41..42
                        PATH@41..42
                          PATH_SEGMENT@41..42
                            NAME_REF@41..42
                              IDENT@41..42 "a"
                      WHITESPACE@42..43 " "
                      PLUS@43..44 "+"
                      WHITESPACE@44..45 " "
                      PATH_EXPR@45..46
                        PATH@45..46
                          PATH_SEGMENT@45..46
                            NAME_REF@45..46
                              IDENT@45..46 "b"
                    SEMICOLON@46..47 ";"
                  WHITESPACE@47..48 " "
                  R_BRACE@48..49 "}"
              WHITESPACE@49..50 "\n"
        "#]],
    );
}

#[test]
fn fn_param_and_return_semantics() {
    check(
        r#"float4 main(float4 pos : SV_Position, uint id : SV_VertexID) : SV_Target { return pos; }
"#,
        expect![[r#"
            SOURCE_FILE@0..89
              FN_DEF@0..88
                TYPE_REF@0..6
                  PATH@0..6
                    PATH_SEGMENT@0..6
                      NAME_REF@0..6
                        IDENT@0..6 "float4"
                WHITESPACE@6..7 " "
                NAME@7..11
                  IDENT@7..11 "main"
                PARAM_LIST@11..60
                  L_PAREN@11..12 "("
                  PARAM@12..36
                    TYPE_REF@12..18
                      PATH@12..18
                        PATH_SEGMENT@12..18
                          NAME_REF@12..18
                            IDENT@12..18 "float4"
                    WHITESPACE@18..19 " "
                    NAME@19..22
                      IDENT@19..22 "pos"
                    WHITESPACE@22..23 " "
                    SEMANTIC@23..36
                      COLON@23..24 ":"
                      WHITESPACE@24..25 " "
                      IDENT@25..36 "SV_Position"
                  COMMA@36..37 ","
                  WHITESPACE@37..38 " "
                  PARAM@38..59
                    TYPE_REF@38..42
                      PATH@38..42
                        PATH_SEGMENT@38..42
                          NAME_REF@38..42
                            IDENT@38..42 "uint"
                    WHITESPACE@42..43 " "
                    NAME@43..45
                      IDENT@43..45 "id"
                    WHITESPACE@45..46 " "
                    SEMANTIC@46..59
                      COLON@46..47 ":"
                      WHITESPACE@47..48 " "
                      IDENT@48..59 "SV_VertexID"
                  R_PAREN@59..60 ")"
                WHITESPACE@60..61 " "
                SEMANTIC@61..72
                  COLON@61..62 ":"
                  WHITESPACE@62..63 " "
                  IDENT@63..72 "SV_Target"
                WHITESPACE@72..73 " "
                BLOCK@73..88
                  L_BRACE@73..74 "{"
                  WHITESPACE@74..75 " "
                  RETURN_STMT@75..86
                    RETURN_KW@75..81 "return"
                    WHITESPACE@81..82 " "
                    PATH_EXPR@82..85
                      PATH@82..85
                        PATH_SEGMENT@82..85
                          NAME_REF@82..85
                            IDENT@82..85 "pos"
                    SEMICOLON@85..86 ";"
                  WHITESPACE@86..87 " "
                  R_BRACE@87..88 "}"
              WHITESPACE@88..89 "\n"
        "#]],
    );
}

#[test]
fn fn_prototype() {
    check(
        r#"float helper(float x);
"#,
        expect![[r#"
            SOURCE_FILE@0..23
              FN_DEF@0..22
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                NAME@6..12
                  IDENT@6..12 "helper"
                PARAM_LIST@12..21
                  L_PAREN@12..13 "("
                  PARAM@13..20
                    TYPE_REF@13..18
                      PATH@13..18
                        PATH_SEGMENT@13..18
                          NAME_REF@13..18
                            IDENT@13..18 "float"
                    WHITESPACE@18..19 " "
                    NAME@19..20
                      IDENT@19..20 "x"
                  R_PAREN@20..21 ")"
                SEMICOLON@21..22 ";"
              WHITESPACE@22..23 "\n"
        "#]],
    );
}

#[test]
fn fn_param_register() {
    check(
        r#"float4 main(uniform float4 c : register(c0)) : COLOR { return c; }
"#,
        expect![[r#"
            SOURCE_FILE@0..67
              FN_DEF@0..66
                TYPE_REF@0..6
                  PATH@0..6
                    PATH_SEGMENT@0..6
                      NAME_REF@0..6
                        IDENT@0..6 "float4"
                WHITESPACE@6..7 " "
                NAME@7..11
                  IDENT@7..11 "main"
                PARAM_LIST@11..44
                  L_PAREN@11..12 "("
                  PARAM@12..43
                    UNIFORM_KW@12..19 "uniform"
                    WHITESPACE@19..20 " "
                    TYPE_REF@20..26
                      PATH@20..26
                        PATH_SEGMENT@20..26
                          NAME_REF@20..26
                            IDENT@20..26 "float4"
                    WHITESPACE@26..27 " "
                    NAME@27..28
                      IDENT@27..28 "c"
                    WHITESPACE@28..29 " "
                    REGISTER_BINDING@29..43
                      COLON@29..30 ":"
                      WHITESPACE@30..31 " "
                      REGISTER_KW@31..39 "register"
                      L_PAREN@39..40 "("
                      IDENT@40..42 "c0"
                      R_PAREN@42..43 ")"
                  R_PAREN@43..44 ")"
                WHITESPACE@44..45 " "
                SEMANTIC@45..52
                  COLON@45..46 ":"
                  WHITESPACE@46..47 " "
                  IDENT@47..52 "COLOR"
                WHITESPACE@52..53 " "
                BLOCK@53..66
                  L_BRACE@53..54 "{"
                  WHITESPACE@54..55 " "
                  RETURN_STMT@55..64
                    RETURN_KW@55..61 "return"
                    WHITESPACE@61..62 " "
                    PATH_EXPR@62..63
                      PATH@62..63
                        PATH_SEGMENT@62..63
                          NAME_REF@62..63
                            IDENT@62..63 "c"
                    SEMICOLON@63..64 ";"
                  WHITESPACE@64..65 " "
                  R_BRACE@65..66 "}"
              WHITESPACE@66..67 "\n"
        "#]],
    );
}

#[test]
fn fn_array_params() {
    check(
        r#"void f(float a[4], int m[2][3]) {}
"#,
        expect![[r#"
            SOURCE_FILE@0..35
              FN_DEF@0..34
                TYPE_REF@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "void"
                WHITESPACE@4..5 " "
                NAME@5..6
                  IDENT@5..6 "f"
                PARAM_LIST@6..31
                  L_PAREN@6..7 "("
                  PARAM@7..17
                    TYPE_REF@7..12
                      PATH@7..12
                        PATH_SEGMENT@7..12
                          NAME_REF@7..12
                            IDENT@7..12 "float"
                    WHITESPACE@12..13 " "
                    NAME@13..14
                      IDENT@13..14 "a"
                    ARRAY_SUFFIX@14..17
                      L_BRACK@14..15 "["
                      LITERAL@15..16
                        INT_NUMBER@15..16 "4"
                      R_BRACK@16..17 "]"
                  COMMA@17..18 ","
                  WHITESPACE@18..19 " "
                  PARAM@19..30
                    TYPE_REF@19..22
                      PATH@19..22
                        PATH_SEGMENT@19..22
                          NAME_REF@19..22
                            IDENT@19..22 "int"
                    WHITESPACE@22..23 " "
                    NAME@23..24
                      IDENT@23..24 "m"
                    ARRAY_SUFFIX@24..27
                      L_BRACK@24..25 "["
                      LITERAL@25..26
                        INT_NUMBER@25..26 "2"
                      R_BRACK@26..27 "]"
                    ARRAY_SUFFIX@27..30
                      L_BRACK@27..28 "["
                      LITERAL@28..29
                        INT_NUMBER@28..29 "3"
                      R_BRACK@29..30 "]"
                  R_PAREN@30..31 ")"
                WHITESPACE@31..32 " "
                BLOCK@32..34
                  L_BRACE@32..33 "{"
                  R_BRACE@33..34 "}"
              WHITESPACE@34..35 "\n"
        "#]],
    );
}

#[test]
fn fn_template() {
    check(
        r#"template<typename T, int N> T first(T v[N]) { return v[0]; }
"#,
        expect![[r#"
            SOURCE_FILE@0..61
              FN_DEF@0..60
                TEMPLATE_PARAM_LIST@0..27
                  TEMPLATE_KW@0..8 "template"
                  LT@8..9 "<"
                  TEMPLATE_PARAM@9..19
                    TYPENAME_KW@9..17 "typename"
                    WHITESPACE@17..18 " "
                    NAME@18..19
                      IDENT@18..19 "T"
                  COMMA@19..20 ","
                  WHITESPACE@20..21 " "
                  TEMPLATE_PARAM@21..26
                    TYPE_REF@21..24
                      PATH@21..24
                        PATH_SEGMENT@21..24
                          NAME_REF@21..24
                            IDENT@21..24 "int"
                    WHITESPACE@24..25 " "
                    NAME@25..26
                      IDENT@25..26 "N"
                  GT@26..27 ">"
                WHITESPACE@27..28 " "
                TYPE_REF@28..29
                  PATH@28..29
                    PATH_SEGMENT@28..29
                      NAME_REF@28..29
                        IDENT@28..29 "T"
                WHITESPACE@29..30 " "
                NAME@30..35
                  IDENT@30..35 "first"
                PARAM_LIST@35..43
                  L_PAREN@35..36 "("
                  PARAM@36..42
                    TYPE_REF@36..37
                      PATH@36..37
                        PATH_SEGMENT@36..37
                          NAME_REF@36..37
                            IDENT@36..37 "T"
                    WHITESPACE@37..38 " "
                    NAME@38..39
                      IDENT@38..39 "v"
                    ARRAY_SUFFIX@39..42
                      L_BRACK@39..40 "["
                      PATH_EXPR@40..41
                        PATH@40..41
                          PATH_SEGMENT@40..41
                            NAME_REF@40..41
                              IDENT@40..41 "N"
                      R_BRACK@41..42 "]"
                  R_PAREN@42..43 ")"
                WHITESPACE@43..44 " "
                BLOCK@44..60
                  L_BRACE@44..45 "{"
                  WHITESPACE@45..46 " "
                  RETURN_STMT@46..58
                    RETURN_KW@46..52 "return"
                    WHITESPACE@52..53 " "
                    INDEX_EXPR@53..57
                      PATH_EXPR@53..54
                        PATH@53..54
                          PATH_SEGMENT@53..54
                            NAME_REF@53..54
                              IDENT@53..54 "v"
                      L_BRACK@54..55 "["
                      LITERAL@55..56
                        INT_NUMBER@55..56 "0"
                      R_BRACK@56..57 "]"
                    SEMICOLON@57..58 ";"
                  WHITESPACE@58..59 " "
                  R_BRACE@59..60 "}"
              WHITESPACE@60..61 "\n"
        "#]],
    );
}

#[test]
fn fn_numthreads() {
    check(
        r#"[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {}
"#,
        expect![[r#"
            SOURCE_FILE@0..67
              FN_DEF@0..66
                ATTRIBUTE@0..21
                  L_BRACK@0..1 "["
                  PATH@1..11
                    PATH_SEGMENT@1..11
                      NAME_REF@1..11
                        IDENT@1..11 "numthreads"
                  ARG_LIST@11..20
                    L_PAREN@11..12 "("
                    LITERAL@12..13
                      INT_NUMBER@12..13 "8"
                    COMMA@13..14 ","
                    WHITESPACE@14..15 " "
                    LITERAL@15..16
                      INT_NUMBER@15..16 "8"
                    COMMA@16..17 ","
                    WHITESPACE@17..18 " "
                    LITERAL@18..19
                      INT_NUMBER@18..19 "1"
                    R_PAREN@19..20 ")"
                  R_BRACK@20..21 "]"
                WHITESPACE@21..22 "\n"
                TYPE_REF@22..26
                  PATH@22..26
                    PATH_SEGMENT@22..26
                      NAME_REF@22..26
                        IDENT@22..26 "void"
                WHITESPACE@26..27 " "
                NAME@27..31
                  IDENT@27..31 "main"
                PARAM_LIST@31..63
                  L_PAREN@31..32 "("
                  PARAM@32..62
                    TYPE_REF@32..37
                      PATH@32..37
                        PATH_SEGMENT@32..37
                          NAME_REF@32..37
                            IDENT@32..37 "uint3"
                    WHITESPACE@37..38 " "
                    NAME@38..40
                      IDENT@38..40 "id"
                    WHITESPACE@40..41 " "
                    SEMANTIC@41..62
                      COLON@41..42 ":"
                      WHITESPACE@42..43 " "
                      IDENT@43..62 "SV_DispatchThreadID"
                  R_PAREN@62..63 ")"
                WHITESPACE@63..64 " "
                BLOCK@64..66
                  L_BRACE@64..65 "{"
                  R_BRACE@65..66 "}"
              WHITESPACE@66..67 "\n"
        "#]],
    );
}

#[test]
fn fn_shader_attribute() {
    check(
        r#"[shader("compute")]
[numthreads(64, 1, 1)]
void cs() {}
"#,
        expect![[r#"
            SOURCE_FILE@0..56
              FN_DEF@0..55
                ATTRIBUTE@0..19
                  L_BRACK@0..1 "["
                  PATH@1..7
                    PATH_SEGMENT@1..7
                      NAME_REF@1..7
                        IDENT@1..7 "shader"
                  ARG_LIST@7..18
                    L_PAREN@7..8 "("
                    LITERAL@8..17
                      STRING@8..17 "\"compute\""
                    R_PAREN@17..18 ")"
                  R_BRACK@18..19 "]"
                WHITESPACE@19..20 "\n"
                ATTRIBUTE@20..42
                  L_BRACK@20..21 "["
                  PATH@21..31
                    PATH_SEGMENT@21..31
                      NAME_REF@21..31
                        IDENT@21..31 "numthreads"
                  ARG_LIST@31..41
                    L_PAREN@31..32 "("
                    LITERAL@32..34
                      INT_NUMBER@32..34 "64"
                    COMMA@34..35 ","
                    WHITESPACE@35..36 " "
                    LITERAL@36..37
                      INT_NUMBER@36..37 "1"
                    COMMA@37..38 ","
                    WHITESPACE@38..39 " "
                    LITERAL@39..40
                      INT_NUMBER@39..40 "1"
                    R_PAREN@40..41 ")"
                  R_BRACK@41..42 "]"
                WHITESPACE@42..43 "\n"
                TYPE_REF@43..47
                  PATH@43..47
                    PATH_SEGMENT@43..47
                      NAME_REF@43..47
                        IDENT@43..47 "void"
                WHITESPACE@47..48 " "
                NAME@48..50
                  IDENT@48..50 "cs"
                PARAM_LIST@50..52
                  L_PAREN@50..51 "("
                  R_PAREN@51..52 ")"
                WHITESPACE@52..53 " "
                BLOCK@53..55
                  L_BRACE@53..54 "{"
                  R_BRACE@54..55 "}"
              WHITESPACE@55..56 "\n"
        "#]],
    );
}

#[test]
fn fn_hull_attributes() {
    check(
        r#"[domain("tri")]
[partitioning("integer")]
[outputcontrolpoints(3)]
[patchconstantfunc("PCF")]
HSOut hs(InputPatch<VSOut, 3> patch, uint i : SV_OutputControlPointID) { return (HSOut)0; }
"#,
        expect![[r#"
            SOURCE_FILE@0..186
              FN_DEF@0..185
                ATTRIBUTE@0..15
                  L_BRACK@0..1 "["
                  PATH@1..7
                    PATH_SEGMENT@1..7
                      NAME_REF@1..7
                        IDENT@1..7 "domain"
                  ARG_LIST@7..14
                    L_PAREN@7..8 "("
                    LITERAL@8..13
                      STRING@8..13 "\"tri\""
                    R_PAREN@13..14 ")"
                  R_BRACK@14..15 "]"
                WHITESPACE@15..16 "\n"
                ATTRIBUTE@16..41
                  L_BRACK@16..17 "["
                  PATH@17..29
                    PATH_SEGMENT@17..29
                      NAME_REF@17..29
                        IDENT@17..29 "partitioning"
                  ARG_LIST@29..40
                    L_PAREN@29..30 "("
                    LITERAL@30..39
                      STRING@30..39 "\"integer\""
                    R_PAREN@39..40 ")"
                  R_BRACK@40..41 "]"
                WHITESPACE@41..42 "\n"
                ATTRIBUTE@42..66
                  L_BRACK@42..43 "["
                  PATH@43..62
                    PATH_SEGMENT@43..62
                      NAME_REF@43..62
                        IDENT@43..62 "outputcontrolpoints"
                  ARG_LIST@62..65
                    L_PAREN@62..63 "("
                    LITERAL@63..64
                      INT_NUMBER@63..64 "3"
                    R_PAREN@64..65 ")"
                  R_BRACK@65..66 "]"
                WHITESPACE@66..67 "\n"
                ATTRIBUTE@67..93
                  L_BRACK@67..68 "["
                  PATH@68..85
                    PATH_SEGMENT@68..85
                      NAME_REF@68..85
                        IDENT@68..85 "patchconstantfunc"
                  ARG_LIST@85..92
                    L_PAREN@85..86 "("
                    LITERAL@86..91
                      STRING@86..91 "\"PCF\""
                    R_PAREN@91..92 ")"
                  R_BRACK@92..93 "]"
                WHITESPACE@93..94 "\n"
                TYPE_REF@94..99
                  PATH@94..99
                    PATH_SEGMENT@94..99
                      NAME_REF@94..99
                        IDENT@94..99 "HSOut"
                WHITESPACE@99..100 " "
                NAME@100..102
                  IDENT@100..102 "hs"
                PARAM_LIST@102..164
                  L_PAREN@102..103 "("
                  PARAM@103..129
                    TYPE_REF@103..123
                      PATH@103..123
                        PATH_SEGMENT@103..123
                          NAME_REF@103..113
                            IDENT@103..113 "InputPatch"
                          GENERIC_ARG_LIST@113..123
                            LT@113..114 "<"
                            TYPE_REF@114..119
                              PATH@114..119
                                PATH_SEGMENT@114..119
                                  NAME_REF@114..119
                                    IDENT@114..119 "VSOut"
                            COMMA@119..120 ","
                            WHITESPACE@120..121 " "
                            LITERAL@121..122
                              INT_NUMBER@121..122 "3"
                            GT@122..123 ">"
                    WHITESPACE@123..124 " "
                    NAME@124..129
                      IDENT@124..129 "patch"
                  COMMA@129..130 ","
                  WHITESPACE@130..131 " "
                  PARAM@131..163
                    TYPE_REF@131..135
                      PATH@131..135
                        PATH_SEGMENT@131..135
                          NAME_REF@131..135
                            IDENT@131..135 "uint"
                    WHITESPACE@135..136 " "
                    NAME@136..137
                      IDENT@136..137 "i"
                    WHITESPACE@137..138 " "
                    SEMANTIC@138..163
                      COLON@138..139 ":"
                      WHITESPACE@139..140 " "
                      IDENT@140..163 "SV_OutputControlPointID"
                  R_PAREN@163..164 ")"
                WHITESPACE@164..165 " "
                BLOCK@165..185
                  L_BRACE@165..166 "{"
                  WHITESPACE@166..167 " "
                  RETURN_STMT@167..183
                    RETURN_KW@167..173 "return"
                    WHITESPACE@173..174 " "
                    CAST_EXPR@174..182
                      L_PAREN@174..175 "("
                      TYPE_REF@175..180
                        PATH@175..180
                          PATH_SEGMENT@175..180
                            NAME_REF@175..180
                              IDENT@175..180 "HSOut"
                      R_PAREN@180..181 ")"
                      LITERAL@181..182
                        INT_NUMBER@181..182 "0"
                    SEMICOLON@182..183 ";"
                  WHITESPACE@183..184 " "
                  R_BRACE@184..185 "}"
              WHITESPACE@185..186 "\n"
        "#]],
    );
}

#[test]
fn void_parameter_list_and_elaborated_struct_parameter() {
    // `(void)` declares no parameter (the `void` is a bare token of the list); `struct P p`
    // is a parameter of the struct type `P`; `(void x)` stays a parameter for the checker.
    check(
        r#"float f(void);
float g(struct P p, class C c);
float h(void x);
"#,
        expect![[r#"
            SOURCE_FILE@0..64
              FN_DEF@0..14
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                NAME@6..7
                  IDENT@6..7 "f"
                PARAM_LIST@7..13
                  L_PAREN@7..8 "("
                  IDENT@8..12 "void"
                  R_PAREN@12..13 ")"
                SEMICOLON@13..14 ";"
              WHITESPACE@14..15 "\n"
              FN_DEF@15..46
                TYPE_REF@15..20
                  PATH@15..20
                    PATH_SEGMENT@15..20
                      NAME_REF@15..20
                        IDENT@15..20 "float"
                WHITESPACE@20..21 " "
                NAME@21..22
                  IDENT@21..22 "g"
                PARAM_LIST@22..45
                  L_PAREN@22..23 "("
                  PARAM@23..33
                    TYPE_REF@23..31
                      STRUCT_KW@23..29 "struct"
                      WHITESPACE@29..30 " "
                      PATH@30..31
                        PATH_SEGMENT@30..31
                          NAME_REF@30..31
                            IDENT@30..31 "P"
                    WHITESPACE@31..32 " "
                    NAME@32..33
                      IDENT@32..33 "p"
                  COMMA@33..34 ","
                  WHITESPACE@34..35 " "
                  PARAM@35..44
                    TYPE_REF@35..42
                      CLASS_KW@35..40 "class"
                      WHITESPACE@40..41 " "
                      PATH@41..42
                        PATH_SEGMENT@41..42
                          NAME_REF@41..42
                            IDENT@41..42 "C"
                    WHITESPACE@42..43 " "
                    NAME@43..44
                      IDENT@43..44 "c"
                  R_PAREN@44..45 ")"
                SEMICOLON@45..46 ";"
              WHITESPACE@46..47 "\n"
              FN_DEF@47..63
                TYPE_REF@47..52
                  PATH@47..52
                    PATH_SEGMENT@47..52
                      NAME_REF@47..52
                        IDENT@47..52 "float"
                WHITESPACE@52..53 " "
                NAME@53..54
                  IDENT@53..54 "h"
                PARAM_LIST@54..62
                  L_PAREN@54..55 "("
                  PARAM@55..61
                    TYPE_REF@55..59
                      PATH@55..59
                        PATH_SEGMENT@55..59
                          NAME_REF@55..59
                            IDENT@55..59 "void"
                    WHITESPACE@59..60 " "
                    NAME@60..61
                      IDENT@60..61 "x"
                  R_PAREN@61..62 ")"
                SEMICOLON@62..63 ";"
              WHITESPACE@63..64 "\n"
        "#]],
    );
}

#[test]
fn explicit_function_specialization() {
    check(
        "template<> int twice<int>(int x) { return x; }",
        expect![[r#"
            SOURCE_FILE@0..46
              FN_DEF@0..46
                TEMPLATE_PARAM_LIST@0..10
                  TEMPLATE_KW@0..8 "template"
                  LT@8..9 "<"
                  GT@9..10 ">"
                WHITESPACE@10..11 " "
                TYPE_REF@11..14
                  PATH@11..14
                    PATH_SEGMENT@11..14
                      NAME_REF@11..14
                        IDENT@11..14 "int"
                WHITESPACE@14..15 " "
                NAME@15..20
                  IDENT@15..20 "twice"
                GENERIC_ARG_LIST@20..25
                  LT@20..21 "<"
                  TYPE_REF@21..24
                    PATH@21..24
                      PATH_SEGMENT@21..24
                        NAME_REF@21..24
                          IDENT@21..24 "int"
                  GT@24..25 ">"
                PARAM_LIST@25..32
                  L_PAREN@25..26 "("
                  PARAM@26..31
                    TYPE_REF@26..29
                      PATH@26..29
                        PATH_SEGMENT@26..29
                          NAME_REF@26..29
                            IDENT@26..29 "int"
                    WHITESPACE@29..30 " "
                    NAME@30..31
                      IDENT@30..31 "x"
                  R_PAREN@31..32 ")"
                WHITESPACE@32..33 " "
                BLOCK@33..46
                  L_BRACE@33..34 "{"
                  WHITESPACE@34..35 " "
                  RETURN_STMT@35..44
                    RETURN_KW@35..41 "return"
                    WHITESPACE@41..42 " "
                    PATH_EXPR@42..43
                      PATH@42..43
                        PATH_SEGMENT@42..43
                          NAME_REF@42..43
                            IDENT@42..43 "x"
                    SEMICOLON@43..44 ";"
                  WHITESPACE@44..45 " "
                  R_BRACE@45..46 "}"
        "#]],
    );
}

#[test]
fn attributes_after_the_template_header() {
    // `template <typename T> [[vk::ext_instruction(1, "set")]] T f(T x);`: the attribute
    // belongs to the function, as when written before `template`.
    let text = "template <typename T>\n[[vk::ext_instruction(1, \"SPV_AMD_shader_trinary_minmax\")]]\nT min3(T x, T y, T z);\n";
    let parsed = crate::parse(text);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let tree = parsed.syntax();
    let f = tree
        .descendants()
        .find(|n| n.kind() == crate::SyntaxKind::FN_DEF)
        .expect("a function");
    assert!(f
        .children()
        .any(|c| c.kind() == crate::SyntaxKind::ATTRIBUTE));
}
