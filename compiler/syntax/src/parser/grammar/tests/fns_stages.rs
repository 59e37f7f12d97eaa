//! Snapshot tests of functions: shader-stage parameters, inline/export, operators, qualified names.

use expect_test::expect;

use super::check;

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

#[test]
fn fn_out_of_line_method() {
    check(
        r#"float S::get() { return v; }
void ns::S::set(float x);
"#,
        expect![[r#"
            SOURCE_FILE@0..55
              FN_DEF@0..28
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                PATH@6..7
                  PATH_SEGMENT@6..7
                    NAME_REF@6..7
                      IDENT@6..7 "S"
                COLON2@7..9 "::"
                NAME@9..12
                  IDENT@9..12 "get"
                PARAM_LIST@12..14
                  L_PAREN@12..13 "("
                  R_PAREN@13..14 ")"
                WHITESPACE@14..15 " "
                BLOCK@15..28
                  L_BRACE@15..16 "{"
                  WHITESPACE@16..17 " "
                  RETURN_STMT@17..26
                    RETURN_KW@17..23 "return"
                    WHITESPACE@23..24 " "
                    PATH_EXPR@24..25
                      PATH@24..25
                        PATH_SEGMENT@24..25
                          NAME_REF@24..25
                            IDENT@24..25 "v"
                    SEMICOLON@25..26 ";"
                  WHITESPACE@26..27 " "
                  R_BRACE@27..28 "}"
              WHITESPACE@28..29 "\n"
              FN_DEF@29..54
                TYPE_REF@29..33
                  PATH@29..33
                    PATH_SEGMENT@29..33
                      NAME_REF@29..33
                        IDENT@29..33 "void"
                WHITESPACE@33..34 " "
                PATH@34..39
                  PATH_SEGMENT@34..36
                    NAME_REF@34..36
                      IDENT@34..36 "ns"
                  COLON2@36..38 "::"
                  PATH_SEGMENT@38..39
                    NAME_REF@38..39
                      IDENT@38..39 "S"
                COLON2@39..41 "::"
                NAME@41..44
                  IDENT@41..44 "set"
                PARAM_LIST@44..53
                  L_PAREN@44..45 "("
                  PARAM@45..52
                    TYPE_REF@45..50
                      PATH@45..50
                        PATH_SEGMENT@45..50
                          NAME_REF@45..50
                            IDENT@45..50 "float"
                    WHITESPACE@50..51 " "
                    NAME@51..52
                      IDENT@51..52 "x"
                  R_PAREN@52..53 ")"
                SEMICOLON@53..54 ";"
              WHITESPACE@54..55 "\n"
        "#]],
    );
}
