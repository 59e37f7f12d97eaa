//! Snapshot tests of functions: parameters, modifiers, semantics, attributes, templates.

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
fn fn_geometry_triangle() {
    check(
        r#"[maxvertexcount(3)]
void gs(triangle V input[3], inout TriangleStream<V> s) {}
"#,
        expect![[r#"
            SOURCE_FILE@0..79
              FN_DEF@0..78
                ATTRIBUTE@0..19
                  L_BRACK@0..1 "["
                  PATH@1..15
                    PATH_SEGMENT@1..15
                      NAME_REF@1..15
                        IDENT@1..15 "maxvertexcount"
                  ARG_LIST@15..18
                    L_PAREN@15..16 "("
                    LITERAL@16..17
                      INT_NUMBER@16..17 "3"
                    R_PAREN@17..18 ")"
                  R_BRACK@18..19 "]"
                WHITESPACE@19..20 "\n"
                TYPE_REF@20..24
                  PATH@20..24
                    PATH_SEGMENT@20..24
                      NAME_REF@20..24
                        IDENT@20..24 "void"
                WHITESPACE@24..25 " "
                NAME@25..27
                  IDENT@25..27 "gs"
                PARAM_LIST@27..75
                  L_PAREN@27..28 "("
                  PARAM@28..47
                    TRIANGLE_KW@28..36 "triangle"
                    WHITESPACE@36..37 " "
                    TYPE_REF@37..38
                      PATH@37..38
                        PATH_SEGMENT@37..38
                          NAME_REF@37..38
                            IDENT@37..38 "V"
                    WHITESPACE@38..39 " "
                    NAME@39..44
                      IDENT@39..44 "input"
                    ARRAY_SUFFIX@44..47
                      L_BRACK@44..45 "["
                      LITERAL@45..46
                        INT_NUMBER@45..46 "3"
                      R_BRACK@46..47 "]"
                  COMMA@47..48 ","
                  WHITESPACE@48..49 " "
                  PARAM@49..74
                    INOUT_KW@49..54 "inout"
                    WHITESPACE@54..55 " "
                    TYPE_REF@55..72
                      PATH@55..72
                        PATH_SEGMENT@55..72
                          NAME_REF@55..69
                            IDENT@55..69 "TriangleStream"
                          GENERIC_ARG_LIST@69..72
                            LT@69..70 "<"
                            TYPE_REF@70..71
                              PATH@70..71
                                PATH_SEGMENT@70..71
                                  NAME_REF@70..71
                                    IDENT@70..71 "V"
                            GT@71..72 ">"
                    WHITESPACE@72..73 " "
                    NAME@73..74
                      IDENT@73..74 "s"
                  R_PAREN@74..75 ")"
                WHITESPACE@75..76 " "
                BLOCK@76..78
                  L_BRACE@76..77 "{"
                  R_BRACE@77..78 "}"
              WHITESPACE@78..79 "\n"
        "#]],
    );
}

#[test]
fn fn_geometry_primitive_kinds() {
    check(
        r#"void a(point V p[1]);
void b(line V p[2]);
void c(lineadj V p[4]);
void d(triangleadj V p[6]);
"#,
        expect![[r#"
            SOURCE_FILE@0..95
              FN_DEF@0..21
                TYPE_REF@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "void"
                WHITESPACE@4..5 " "
                NAME@5..6
                  IDENT@5..6 "a"
                PARAM_LIST@6..20
                  L_PAREN@6..7 "("
                  PARAM@7..19
                    POINT_KW@7..12 "point"
                    WHITESPACE@12..13 " "
                    TYPE_REF@13..14
                      PATH@13..14
                        PATH_SEGMENT@13..14
                          NAME_REF@13..14
                            IDENT@13..14 "V"
                    WHITESPACE@14..15 " "
                    NAME@15..16
                      IDENT@15..16 "p"
                    ARRAY_SUFFIX@16..19
                      L_BRACK@16..17 "["
                      LITERAL@17..18
                        INT_NUMBER@17..18 "1"
                      R_BRACK@18..19 "]"
                  R_PAREN@19..20 ")"
                SEMICOLON@20..21 ";"
              WHITESPACE@21..22 "\n"
              FN_DEF@22..42
                TYPE_REF@22..26
                  PATH@22..26
                    PATH_SEGMENT@22..26
                      NAME_REF@22..26
                        IDENT@22..26 "void"
                WHITESPACE@26..27 " "
                NAME@27..28
                  IDENT@27..28 "b"
                PARAM_LIST@28..41
                  L_PAREN@28..29 "("
                  PARAM@29..40
                    LINE_KW@29..33 "line"
                    WHITESPACE@33..34 " "
                    TYPE_REF@34..35
                      PATH@34..35
                        PATH_SEGMENT@34..35
                          NAME_REF@34..35
                            IDENT@34..35 "V"
                    WHITESPACE@35..36 " "
                    NAME@36..37
                      IDENT@36..37 "p"
                    ARRAY_SUFFIX@37..40
                      L_BRACK@37..38 "["
                      LITERAL@38..39
                        INT_NUMBER@38..39 "2"
                      R_BRACK@39..40 "]"
                  R_PAREN@40..41 ")"
                SEMICOLON@41..42 ";"
              WHITESPACE@42..43 "\n"
              FN_DEF@43..66
                TYPE_REF@43..47
                  PATH@43..47
                    PATH_SEGMENT@43..47
                      NAME_REF@43..47
                        IDENT@43..47 "void"
                WHITESPACE@47..48 " "
                NAME@48..49
                  IDENT@48..49 "c"
                PARAM_LIST@49..65
                  L_PAREN@49..50 "("
                  PARAM@50..64
                    LINEADJ_KW@50..57 "lineadj"
                    WHITESPACE@57..58 " "
                    TYPE_REF@58..59
                      PATH@58..59
                        PATH_SEGMENT@58..59
                          NAME_REF@58..59
                            IDENT@58..59 "V"
                    WHITESPACE@59..60 " "
                    NAME@60..61
                      IDENT@60..61 "p"
                    ARRAY_SUFFIX@61..64
                      L_BRACK@61..62 "["
                      LITERAL@62..63
                        INT_NUMBER@62..63 "4"
                      R_BRACK@63..64 "]"
                  R_PAREN@64..65 ")"
                SEMICOLON@65..66 ";"
              WHITESPACE@66..67 "\n"
              FN_DEF@67..94
                TYPE_REF@67..71
                  PATH@67..71
                    PATH_SEGMENT@67..71
                      NAME_REF@67..71
                        IDENT@67..71 "void"
                WHITESPACE@71..72 " "
                NAME@72..73
                  IDENT@72..73 "d"
                PARAM_LIST@73..93
                  L_PAREN@73..74 "("
                  PARAM@74..92
                    TRIANGLEADJ_KW@74..85 "triangleadj"
                    WHITESPACE@85..86 " "
                    TYPE_REF@86..87
                      PATH@86..87
                        PATH_SEGMENT@86..87
                          NAME_REF@86..87
                            IDENT@86..87 "V"
                    WHITESPACE@87..88 " "
                    NAME@88..89
                      IDENT@88..89 "p"
                    ARRAY_SUFFIX@89..92
                      L_BRACK@89..90 "["
                      LITERAL@90..91
                        INT_NUMBER@90..91 "6"
                      R_BRACK@91..92 "]"
                  R_PAREN@92..93 ")"
                SEMICOLON@93..94 ";"
              WHITESPACE@94..95 "\n"
        "#]],
    );
}

#[test]
fn fn_mesh_params() {
    check(
        r#"void ms(out vertices V verts[64], out indices uint3 tris[128], out primitives P prims[128], in payload Pl p) {}
"#,
        expect![[r#"
            SOURCE_FILE@0..112
              FN_DEF@0..111
                TYPE_REF@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "void"
                WHITESPACE@4..5 " "
                NAME@5..7
                  IDENT@5..7 "ms"
                PARAM_LIST@7..108
                  L_PAREN@7..8 "("
                  PARAM@8..32
                    OUT_KW@8..11 "out"
                    WHITESPACE@11..12 " "
                    VERTICES_KW@12..20 "vertices"
                    WHITESPACE@20..21 " "
                    TYPE_REF@21..22
                      PATH@21..22
                        PATH_SEGMENT@21..22
                          NAME_REF@21..22
                            IDENT@21..22 "V"
                    WHITESPACE@22..23 " "
                    NAME@23..28
                      IDENT@23..28 "verts"
                    ARRAY_SUFFIX@28..32
                      L_BRACK@28..29 "["
                      LITERAL@29..31
                        INT_NUMBER@29..31 "64"
                      R_BRACK@31..32 "]"
                  COMMA@32..33 ","
                  WHITESPACE@33..34 " "
                  PARAM@34..61
                    OUT_KW@34..37 "out"
                    WHITESPACE@37..38 " "
                    INDICES_KW@38..45 "indices"
                    WHITESPACE@45..46 " "
                    TYPE_REF@46..51
                      PATH@46..51
                        PATH_SEGMENT@46..51
                          NAME_REF@46..51
                            IDENT@46..51 "uint3"
                    WHITESPACE@51..52 " "
                    NAME@52..56
                      IDENT@52..56 "tris"
                    ARRAY_SUFFIX@56..61
                      L_BRACK@56..57 "["
                      LITERAL@57..60
                        INT_NUMBER@57..60 "128"
                      R_BRACK@60..61 "]"
                  COMMA@61..62 ","
                  WHITESPACE@62..63 " "
                  PARAM@63..90
                    OUT_KW@63..66 "out"
                    WHITESPACE@66..67 " "
                    PRIMITIVES_KW@67..77 "primitives"
                    WHITESPACE@77..78 " "
                    TYPE_REF@78..79
                      PATH@78..79
                        PATH_SEGMENT@78..79
                          NAME_REF@78..79
                            IDENT@78..79 "P"
                    WHITESPACE@79..80 " "
                    NAME@80..85
                      IDENT@80..85 "prims"
                    ARRAY_SUFFIX@85..90
                      L_BRACK@85..86 "["
                      LITERAL@86..89
                        INT_NUMBER@86..89 "128"
                      R_BRACK@89..90 "]"
                  COMMA@90..91 ","
                  WHITESPACE@91..92 " "
                  PARAM@92..107
                    IN_KW@92..94 "in"
                    WHITESPACE@94..95 " "
                    PAYLOAD_KW@95..102 "payload"
                    WHITESPACE@102..103 " "
                    TYPE_REF@103..105
                      PATH@103..105
                        PATH_SEGMENT@103..105
                          NAME_REF@103..105
                            IDENT@103..105 "Pl"
                    WHITESPACE@105..106 " "
                    NAME@106..107
                      IDENT@106..107 "p"
                  R_PAREN@107..108 ")"
                WHITESPACE@108..109 " "
                BLOCK@109..111
                  L_BRACE@109..110 "{"
                  R_BRACE@110..111 "}"
              WHITESPACE@111..112 "\n"
        "#]],
    );
}

#[test]
fn fn_void_param() {
    check(
        r#"float f(void) { return 0; }
"#,
        expect![[r#"
            SOURCE_FILE@0..28
              FN_DEF@0..27
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
                  PARAM@8..12
                    TYPE_REF@8..12
                      PATH@8..12
                        PATH_SEGMENT@8..12
                          NAME_REF@8..12
                            IDENT@8..12 "void"
                  R_PAREN@12..13 ")"
                WHITESPACE@13..14 " "
                BLOCK@14..27
                  L_BRACE@14..15 "{"
                  WHITESPACE@15..16 " "
                  RETURN_STMT@16..25
                    RETURN_KW@16..22 "return"
                    WHITESPACE@22..23 " "
                    LITERAL@23..24
                      INT_NUMBER@23..24 "0"
                    SEMICOLON@24..25 ";"
                  WHITESPACE@25..26 " "
                  R_BRACE@26..27 "}"
              WHITESPACE@27..28 "\n"
        "#]],
    );
}

#[test]
fn fn_static_inline() {
    check(
        r#"static inline float sq(float x) { return x * x; }
"#,
        expect![[r#"
            SOURCE_FILE@0..50
              FN_DEF@0..49
                STATIC_KW@0..6 "static"
                WHITESPACE@6..7 " "
                INLINE_KW@7..13 "inline"
                WHITESPACE@13..14 " "
                TYPE_REF@14..19
                  PATH@14..19
                    PATH_SEGMENT@14..19
                      NAME_REF@14..19
                        IDENT@14..19 "float"
                WHITESPACE@19..20 " "
                NAME@20..22
                  IDENT@20..22 "sq"
                PARAM_LIST@22..31
                  L_PAREN@22..23 "("
                  PARAM@23..30
                    TYPE_REF@23..28
                      PATH@23..28
                        PATH_SEGMENT@23..28
                          NAME_REF@23..28
                            IDENT@23..28 "float"
                    WHITESPACE@28..29 " "
                    NAME@29..30
                      IDENT@29..30 "x"
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
                              IDENT@41..42 "x"
                      WHITESPACE@42..43 " "
                      STAR@43..44 "*"
                      WHITESPACE@44..45 " "
                      PATH_EXPR@45..46
                        PATH@45..46
                          PATH_SEGMENT@45..46
                            NAME_REF@45..46
                              IDENT@45..46 "x"
                    SEMICOLON@46..47 ";"
                  WHITESPACE@47..48 " "
                  R_BRACE@48..49 "}"
              WHITESPACE@49..50 "\n"
        "#]],
    );
}

#[test]
fn fn_export() {
    check(
        r#"export float f() { return 1; }
"#,
        expect![[r#"
            SOURCE_FILE@0..31
              FN_DEF@0..30
                EXPORT_KW@0..6 "export"
                WHITESPACE@6..7 " "
                TYPE_REF@7..12
                  PATH@7..12
                    PATH_SEGMENT@7..12
                      NAME_REF@7..12
                        IDENT@7..12 "float"
                WHITESPACE@12..13 " "
                NAME@13..14
                  IDENT@13..14 "f"
                PARAM_LIST@14..16
                  L_PAREN@14..15 "("
                  R_PAREN@15..16 ")"
                WHITESPACE@16..17 " "
                BLOCK@17..30
                  L_BRACE@17..18 "{"
                  WHITESPACE@18..19 " "
                  RETURN_STMT@19..28
                    RETURN_KW@19..25 "return"
                    WHITESPACE@25..26 " "
                    LITERAL@26..27
                      INT_NUMBER@26..27 "1"
                    SEMICOLON@27..28 ";"
                  WHITESPACE@28..29 " "
                  R_BRACE@29..30 "}"
              WHITESPACE@30..31 "\n"
        "#]],
    );
}

#[test]
fn fn_param_attribute() {
    check(
        r#"void f([[vk::location(0)]] float4 c : COLOR) {}
"#,
        expect![[r#"
            SOURCE_FILE@0..48
              FN_DEF@0..47
                TYPE_REF@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "void"
                WHITESPACE@4..5 " "
                NAME@5..6
                  IDENT@5..6 "f"
                PARAM_LIST@6..44
                  L_PAREN@6..7 "("
                  PARAM@7..43
                    ATTRIBUTE@7..26
                      L_BRACK@7..8 "["
                      L_BRACK@8..9 "["
                      PATH@9..21
                        PATH_SEGMENT@9..11
                          NAME_REF@9..11
                            IDENT@9..11 "vk"
                        COLON2@11..13 "::"
                        PATH_SEGMENT@13..21
                          NAME_REF@13..21
                            IDENT@13..21 "location"
                      ARG_LIST@21..24
                        L_PAREN@21..22 "("
                        LITERAL@22..23
                          INT_NUMBER@22..23 "0"
                        R_PAREN@23..24 ")"
                      R_BRACK@24..25 "]"
                      R_BRACK@25..26 "]"
                    WHITESPACE@26..27 " "
                    TYPE_REF@27..33
                      PATH@27..33
                        PATH_SEGMENT@27..33
                          NAME_REF@27..33
                            IDENT@27..33 "float4"
                    WHITESPACE@33..34 " "
                    NAME@34..35
                      IDENT@34..35 "c"
                    WHITESPACE@35..36 " "
                    SEMANTIC@36..43
                      COLON@36..37 ":"
                      WHITESPACE@37..38 " "
                      IDENT@38..43 "COLOR"
                  R_PAREN@43..44 ")"
                WHITESPACE@44..45 " "
                BLOCK@45..47
                  L_BRACE@45..46 "{"
                  R_BRACE@46..47 "}"
              WHITESPACE@47..48 "\n"
        "#]],
    );
}

#[test]
fn fn_operator_overload() {
    check(
        r#"struct S {
  float v;
  S operator+(S o) { S r; r.v = v + o.v; return r; }
  float operator[](uint i) { return v; }
};
"#,
        expect![[r#"
            SOURCE_FILE@0..119
              STRUCT_DEF@0..118
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..117
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..13 "\n  "
                  VAR_DECL@13..21
                    TYPE_REF@13..18
                      PATH@13..18
                        PATH_SEGMENT@13..18
                          NAME_REF@13..18
                            IDENT@13..18 "float"
                    WHITESPACE@18..19 " "
                    VAR_DECLARATOR@19..20
                      NAME@19..20
                        IDENT@19..20 "v"
                    SEMICOLON@20..21 ";"
                  WHITESPACE@21..24 "\n  "
                  FN_DEF@24..74
                    TYPE_REF@24..25
                      PATH@24..25
                        PATH_SEGMENT@24..25
                          NAME_REF@24..25
                            IDENT@24..25 "S"
                    WHITESPACE@25..26 " "
                    NAME@26..35
                      IDENT@26..34 "operator"
                      PLUS@34..35 "+"
                    PARAM_LIST@35..40
                      L_PAREN@35..36 "("
                      PARAM@36..39
                        TYPE_REF@36..37
                          PATH@36..37
                            PATH_SEGMENT@36..37
                              NAME_REF@36..37
                                IDENT@36..37 "S"
                        WHITESPACE@37..38 " "
                        NAME@38..39
                          IDENT@38..39 "o"
                      R_PAREN@39..40 ")"
                    WHITESPACE@40..41 " "
                    BLOCK@41..74
                      L_BRACE@41..42 "{"
                      WHITESPACE@42..43 " "
                      DECL_STMT@43..47
                        VAR_DECL@43..47
                          TYPE_REF@43..44
                            PATH@43..44
                              PATH_SEGMENT@43..44
                                NAME_REF@43..44
                                  IDENT@43..44 "S"
                          WHITESPACE@44..45 " "
                          VAR_DECLARATOR@45..46
                            NAME@45..46
                              IDENT@45..46 "r"
                          SEMICOLON@46..47 ";"
                      WHITESPACE@47..48 " "
                      EXPR_STMT@48..62
                        BIN_EXPR@48..61
                          FIELD_EXPR@48..51
                            PATH_EXPR@48..49
                              PATH@48..49
                                PATH_SEGMENT@48..49
                                  NAME_REF@48..49
                                    IDENT@48..49 "r"
                            DOT@49..50 "."
                            NAME_REF@50..51
                              IDENT@50..51 "v"
                          WHITESPACE@51..52 " "
                          EQ@52..53 "="
                          WHITESPACE@53..54 " "
                          BIN_EXPR@54..61
                            PATH_EXPR@54..55
                              PATH@54..55
                                PATH_SEGMENT@54..55
                                  NAME_REF@54..55
                                    IDENT@54..55 "v"
                            WHITESPACE@55..56 " "
                            PLUS@56..57 "+"
                            WHITESPACE@57..58 " "
                            FIELD_EXPR@58..61
                              PATH_EXPR@58..59
                                PATH@58..59
                                  PATH_SEGMENT@58..59
                                    NAME_REF@58..59
                                      IDENT@58..59 "o"
                              DOT@59..60 "."
                              NAME_REF@60..61
                                IDENT@60..61 "v"
                        SEMICOLON@61..62 ";"
                      WHITESPACE@62..63 " "
                      RETURN_STMT@63..72
                        RETURN_KW@63..69 "return"
                        WHITESPACE@69..70 " "
                        PATH_EXPR@70..71
                          PATH@70..71
                            PATH_SEGMENT@70..71
                              NAME_REF@70..71
                                IDENT@70..71 "r"
                        SEMICOLON@71..72 ";"
                      WHITESPACE@72..73 " "
                      R_BRACE@73..74 "}"
                  WHITESPACE@74..77 "\n  "
                  FN_DEF@77..115
                    TYPE_REF@77..82
                      PATH@77..82
                        PATH_SEGMENT@77..82
                          NAME_REF@77..82
                            IDENT@77..82 "float"
                    WHITESPACE@82..83 " "
                    NAME@83..93
                      IDENT@83..91 "operator"
                      L_BRACK@91..92 "["
                      R_BRACK@92..93 "]"
                    PARAM_LIST@93..101
                      L_PAREN@93..94 "("
                      PARAM@94..100
                        TYPE_REF@94..98
                          PATH@94..98
                            PATH_SEGMENT@94..98
                              NAME_REF@94..98
                                IDENT@94..98 "uint"
                        WHITESPACE@98..99 " "
                        NAME@99..100
                          IDENT@99..100 "i"
                      R_PAREN@100..101 ")"
                    WHITESPACE@101..102 " "
                    BLOCK@102..115
                      L_BRACE@102..103 "{"
                      WHITESPACE@103..104 " "
                      RETURN_STMT@104..113
                        RETURN_KW@104..110 "return"
                        WHITESPACE@110..111 " "
                        PATH_EXPR@111..112
                          PATH@111..112
                            PATH_SEGMENT@111..112
                              NAME_REF@111..112
                                IDENT@111..112 "v"
                        SEMICOLON@112..113 ";"
                      WHITESPACE@113..114 " "
                      R_BRACE@114..115 "}"
                  WHITESPACE@115..116 "\n"
                  R_BRACE@116..117 "}"
                SEMICOLON@117..118 ";"
              WHITESPACE@118..119 "\n"
        "#]],
    );
}

#[test]
fn fn_interpolation_params() {
    check(
        r#"float4 main(nointerpolation float4 c : COLOR, linear centroid float2 uv : TEXCOORD, sample float3 n : NORMAL) : SV_Target { return c; }
"#,
        expect![[r#"
            SOURCE_FILE@0..136
              FN_DEF@0..135
                TYPE_REF@0..6
                  PATH@0..6
                    PATH_SEGMENT@0..6
                      NAME_REF@0..6
                        IDENT@0..6 "float4"
                WHITESPACE@6..7 " "
                NAME@7..11
                  IDENT@7..11 "main"
                PARAM_LIST@11..109
                  L_PAREN@11..12 "("
                  PARAM@12..44
                    NOINTERPOLATION_KW@12..27 "nointerpolation"
                    WHITESPACE@27..28 " "
                    TYPE_REF@28..34
                      PATH@28..34
                        PATH_SEGMENT@28..34
                          NAME_REF@28..34
                            IDENT@28..34 "float4"
                    WHITESPACE@34..35 " "
                    NAME@35..36
                      IDENT@35..36 "c"
                    WHITESPACE@36..37 " "
                    SEMANTIC@37..44
                      COLON@37..38 ":"
                      WHITESPACE@38..39 " "
                      IDENT@39..44 "COLOR"
                  COMMA@44..45 ","
                  WHITESPACE@45..46 " "
                  PARAM@46..82
                    LINEAR_KW@46..52 "linear"
                    WHITESPACE@52..53 " "
                    CENTROID_KW@53..61 "centroid"
                    WHITESPACE@61..62 " "
                    TYPE_REF@62..68
                      PATH@62..68
                        PATH_SEGMENT@62..68
                          NAME_REF@62..68
                            IDENT@62..68 "float2"
                    WHITESPACE@68..69 " "
                    NAME@69..71
                      IDENT@69..71 "uv"
                    WHITESPACE@71..72 " "
                    SEMANTIC@72..82
                      COLON@72..73 ":"
                      WHITESPACE@73..74 " "
                      IDENT@74..82 "TEXCOORD"
                  COMMA@82..83 ","
                  WHITESPACE@83..84 " "
                  PARAM@84..108
                    SAMPLE_KW@84..90 "sample"
                    WHITESPACE@90..91 " "
                    TYPE_REF@91..97
                      PATH@91..97
                        PATH_SEGMENT@91..97
                          NAME_REF@91..97
                            IDENT@91..97 "float3"
                    WHITESPACE@97..98 " "
                    NAME@98..99
                      IDENT@98..99 "n"
                    WHITESPACE@99..100 " "
                    SEMANTIC@100..108
                      COLON@100..101 ":"
                      WHITESPACE@101..102 " "
                      IDENT@102..108 "NORMAL"
                  R_PAREN@108..109 ")"
                WHITESPACE@109..110 " "
                SEMANTIC@110..121
                  COLON@110..111 ":"
                  WHITESPACE@111..112 " "
                  IDENT@112..121 "SV_Target"
                WHITESPACE@121..122 " "
                BLOCK@122..135
                  L_BRACE@122..123 "{"
                  WHITESPACE@123..124 " "
                  RETURN_STMT@124..133
                    RETURN_KW@124..130 "return"
                    WHITESPACE@130..131 " "
                    PATH_EXPR@131..132
                      PATH@131..132
                        PATH_SEGMENT@131..132
                          NAME_REF@131..132
                            IDENT@131..132 "c"
                    SEMICOLON@132..133 ";"
                  WHITESPACE@133..134 " "
                  R_BRACE@134..135 "}"
              WHITESPACE@135..136 "\n"
        "#]],
    );
}

#[test]
fn fn_const_param() {
    check(
        r#"float f(const float x, const in uint y) { return x; }
"#,
        expect![[r#"
            SOURCE_FILE@0..54
              FN_DEF@0..53
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                NAME@6..7
                  IDENT@6..7 "f"
                PARAM_LIST@7..39
                  L_PAREN@7..8 "("
                  PARAM@8..21
                    CONST_KW@8..13 "const"
                    WHITESPACE@13..14 " "
                    TYPE_REF@14..19
                      PATH@14..19
                        PATH_SEGMENT@14..19
                          NAME_REF@14..19
                            IDENT@14..19 "float"
                    WHITESPACE@19..20 " "
                    NAME@20..21
                      IDENT@20..21 "x"
                  COMMA@21..22 ","
                  WHITESPACE@22..23 " "
                  PARAM@23..38
                    CONST_KW@23..28 "const"
                    WHITESPACE@28..29 " "
                    IN_KW@29..31 "in"
                    WHITESPACE@31..32 " "
                    TYPE_REF@32..36
                      PATH@32..36
                        PATH_SEGMENT@32..36
                          NAME_REF@32..36
                            IDENT@32..36 "uint"
                    WHITESPACE@36..37 " "
                    NAME@37..38
                      IDENT@37..38 "y"
                  R_PAREN@38..39 ")"
                WHITESPACE@39..40 " "
                BLOCK@40..53
                  L_BRACE@40..41 "{"
                  WHITESPACE@41..42 " "
                  RETURN_STMT@42..51
                    RETURN_KW@42..48 "return"
                    WHITESPACE@48..49 " "
                    PATH_EXPR@49..50
                      PATH@49..50
                        PATH_SEGMENT@49..50
                          NAME_REF@49..50
                            IDENT@49..50 "x"
                    SEMICOLON@50..51 ";"
                  WHITESPACE@51..52 " "
                  R_BRACE@52..53 "}"
              WHITESPACE@53..54 "\n"
        "#]],
    );
}
