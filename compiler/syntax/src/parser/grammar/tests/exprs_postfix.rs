//! Snapshot tests of expressions: member access, indexing, paths, literals, initializer lists, `sizeof`.

use expect_test::expect;

use super::check;

#[test]
fn field_and_swizzle() {
    check(
        r#"void f() { x = a.xyz; y = a.b.c; }
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
                PARAM_LIST@6..8
                  L_PAREN@6..7 "("
                  R_PAREN@7..8 ")"
                WHITESPACE@8..9 " "
                BLOCK@9..34
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..21
                    BIN_EXPR@11..20
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      FIELD_EXPR@15..20
                        PATH_EXPR@15..16
                          PATH@15..16
                            PATH_SEGMENT@15..16
                              NAME_REF@15..16
                                IDENT@15..16 "a"
                        DOT@16..17 "."
                        NAME_REF@17..20
                          IDENT@17..20 "xyz"
                    SEMICOLON@20..21 ";"
                  WHITESPACE@21..22 " "
                  EXPR_STMT@22..32
                    BIN_EXPR@22..31
                      PATH_EXPR@22..23
                        PATH@22..23
                          PATH_SEGMENT@22..23
                            NAME_REF@22..23
                              IDENT@22..23 "y"
                      WHITESPACE@23..24 " "
                      EQ@24..25 "="
                      WHITESPACE@25..26 " "
                      FIELD_EXPR@26..31
                        FIELD_EXPR@26..29
                          PATH_EXPR@26..27
                            PATH@26..27
                              PATH_SEGMENT@26..27
                                NAME_REF@26..27
                                  IDENT@26..27 "a"
                          DOT@27..28 "."
                          NAME_REF@28..29
                            IDENT@28..29 "b"
                        DOT@29..30 "."
                        NAME_REF@30..31
                          IDENT@30..31 "c"
                    SEMICOLON@31..32 ";"
                  WHITESPACE@32..33 " "
                  R_BRACE@33..34 "}"
              WHITESPACE@34..35 "\n"
        "#]],
    );
}

#[test]
fn method_call() {
    check(
        r#"void f() { c = tex.Sample(s, uv); }
"#,
        expect![[r#"
            SOURCE_FILE@0..36
              FN_DEF@0..35
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
                BLOCK@9..35
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..33
                    BIN_EXPR@11..32
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "c"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      METHOD_CALL_EXPR@15..32
                        PATH_EXPR@15..18
                          PATH@15..18
                            PATH_SEGMENT@15..18
                              NAME_REF@15..18
                                IDENT@15..18 "tex"
                        DOT@18..19 "."
                        NAME_REF@19..25
                          IDENT@19..25 "Sample"
                        ARG_LIST@25..32
                          L_PAREN@25..26 "("
                          PATH_EXPR@26..27
                            PATH@26..27
                              PATH_SEGMENT@26..27
                                NAME_REF@26..27
                                  IDENT@26..27 "s"
                          COMMA@27..28 ","
                          WHITESPACE@28..29 " "
                          PATH_EXPR@29..31
                            PATH@29..31
                              PATH_SEGMENT@29..31
                                NAME_REF@29..31
                                  IDENT@29..31 "uv"
                          R_PAREN@31..32 ")"
                    SEMICOLON@32..33 ";"
                  WHITESPACE@33..34 " "
                  R_BRACE@34..35 "}"
              WHITESPACE@35..36 "\n"
        "#]],
    );
}

#[test]
fn method_call_with_template_args() {
    check(
        r#"void f() { v = buf.Load<uint>(0); w = buf.Load2(4); }
"#,
        expect![[r#"
            SOURCE_FILE@0..54
              FN_DEF@0..53
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
                BLOCK@9..53
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..33
                    BIN_EXPR@11..32
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "v"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      METHOD_CALL_EXPR@15..32
                        PATH_EXPR@15..18
                          PATH@15..18
                            PATH_SEGMENT@15..18
                              NAME_REF@15..18
                                IDENT@15..18 "buf"
                        DOT@18..19 "."
                        NAME_REF@19..23
                          IDENT@19..23 "Load"
                        GENERIC_ARG_LIST@23..29
                          LT@23..24 "<"
                          TYPE_REF@24..28
                            PATH@24..28
                              PATH_SEGMENT@24..28
                                NAME_REF@24..28
                                  IDENT@24..28 "uint"
                          GT@28..29 ">"
                        ARG_LIST@29..32
                          L_PAREN@29..30 "("
                          LITERAL@30..31
                            INT_NUMBER@30..31 "0"
                          R_PAREN@31..32 ")"
                    SEMICOLON@32..33 ";"
                  WHITESPACE@33..34 " "
                  EXPR_STMT@34..51
                    BIN_EXPR@34..50
                      PATH_EXPR@34..35
                        PATH@34..35
                          PATH_SEGMENT@34..35
                            NAME_REF@34..35
                              IDENT@34..35 "w"
                      WHITESPACE@35..36 " "
                      EQ@36..37 "="
                      WHITESPACE@37..38 " "
                      METHOD_CALL_EXPR@38..50
                        PATH_EXPR@38..41
                          PATH@38..41
                            PATH_SEGMENT@38..41
                              NAME_REF@38..41
                                IDENT@38..41 "buf"
                        DOT@41..42 "."
                        NAME_REF@42..47
                          IDENT@42..47 "Load2"
                        ARG_LIST@47..50
                          L_PAREN@47..48 "("
                          LITERAL@48..49
                            INT_NUMBER@48..49 "4"
                          R_PAREN@49..50 ")"
                    SEMICOLON@50..51 ";"
                  WHITESPACE@51..52 " "
                  R_BRACE@52..53 "}"
              WHITESPACE@53..54 "\n"
        "#]],
    );
}

#[test]
fn index_chain() {
    check(
        r#"void f() { x = a[i][j]; }
"#,
        expect![[r#"
            SOURCE_FILE@0..26
              FN_DEF@0..25
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
                BLOCK@9..25
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..23
                    BIN_EXPR@11..22
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      INDEX_EXPR@15..22
                        INDEX_EXPR@15..19
                          PATH_EXPR@15..16
                            PATH@15..16
                              PATH_SEGMENT@15..16
                                NAME_REF@15..16
                                  IDENT@15..16 "a"
                          L_BRACK@16..17 "["
                          PATH_EXPR@17..18
                            PATH@17..18
                              PATH_SEGMENT@17..18
                                NAME_REF@17..18
                                  IDENT@17..18 "i"
                          R_BRACK@18..19 "]"
                        L_BRACK@19..20 "["
                        PATH_EXPR@20..21
                          PATH@20..21
                            PATH_SEGMENT@20..21
                              NAME_REF@20..21
                                IDENT@20..21 "j"
                        R_BRACK@21..22 "]"
                    SEMICOLON@22..23 ";"
                  WHITESPACE@23..24 " "
                  R_BRACE@24..25 "}"
              WHITESPACE@25..26 "\n"
        "#]],
    );
}

#[test]
fn qualified_names() {
    check(
        r#"void f() { x = ns::f(1); y = S::member; z = ::g(); }
"#,
        expect![[r#"
            SOURCE_FILE@0..53
              FN_DEF@0..52
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
                BLOCK@9..52
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..24
                    BIN_EXPR@11..23
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      CALL_EXPR@15..23
                        PATH_EXPR@15..20
                          PATH@15..20
                            PATH_SEGMENT@15..17
                              NAME_REF@15..17
                                IDENT@15..17 "ns"
                            COLON2@17..19 "::"
                            PATH_SEGMENT@19..20
                              NAME_REF@19..20
                                IDENT@19..20 "f"
                        ARG_LIST@20..23
                          L_PAREN@20..21 "("
                          LITERAL@21..22
                            INT_NUMBER@21..22 "1"
                          R_PAREN@22..23 ")"
                    SEMICOLON@23..24 ";"
                  WHITESPACE@24..25 " "
                  EXPR_STMT@25..39
                    BIN_EXPR@25..38
                      PATH_EXPR@25..26
                        PATH@25..26
                          PATH_SEGMENT@25..26
                            NAME_REF@25..26
                              IDENT@25..26 "y"
                      WHITESPACE@26..27 " "
                      EQ@27..28 "="
                      WHITESPACE@28..29 " "
                      PATH_EXPR@29..38
                        PATH@29..38
                          PATH_SEGMENT@29..30
                            NAME_REF@29..30
                              IDENT@29..30 "S"
                          COLON2@30..32 "::"
                          PATH_SEGMENT@32..38
                            NAME_REF@32..38
                              IDENT@32..38 "member"
                    SEMICOLON@38..39 ";"
                  WHITESPACE@39..40 " "
                  EXPR_STMT@40..50
                    BIN_EXPR@40..49
                      PATH_EXPR@40..41
                        PATH@40..41
                          PATH_SEGMENT@40..41
                            NAME_REF@40..41
                              IDENT@40..41 "z"
                      WHITESPACE@41..42 " "
                      EQ@42..43 "="
                      WHITESPACE@43..44 " "
                      CALL_EXPR@44..49
                        PATH_EXPR@44..47
                          PATH@44..47
                            COLON2@44..46 "::"
                            PATH_SEGMENT@46..47
                              NAME_REF@46..47
                                IDENT@46..47 "g"
                        ARG_LIST@47..49
                          L_PAREN@47..48 "("
                          R_PAREN@48..49 ")"
                    SEMICOLON@49..50 ";"
                  WHITESPACE@50..51 " "
                  R_BRACE@51..52 "}"
              WHITESPACE@52..53 "\n"
        "#]],
    );
}

#[test]
fn literals() {
    check(
        r#"void f() { x = 1; y = 1.5f; z = true; w = false; s = "str" "cat"; h = 0x1Fu; c = 'c'; }
"#,
        expect![[r#"
            SOURCE_FILE@0..88
              FN_DEF@0..87
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
                BLOCK@9..87
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..17
                    BIN_EXPR@11..16
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      LITERAL@15..16
                        INT_NUMBER@15..16 "1"
                    SEMICOLON@16..17 ";"
                  WHITESPACE@17..18 " "
                  EXPR_STMT@18..27
                    BIN_EXPR@18..26
                      PATH_EXPR@18..19
                        PATH@18..19
                          PATH_SEGMENT@18..19
                            NAME_REF@18..19
                              IDENT@18..19 "y"
                      WHITESPACE@19..20 " "
                      EQ@20..21 "="
                      WHITESPACE@21..22 " "
                      LITERAL@22..26
                        FLOAT_NUMBER@22..26 "1.5f"
                    SEMICOLON@26..27 ";"
                  WHITESPACE@27..28 " "
                  EXPR_STMT@28..37
                    BIN_EXPR@28..36
                      PATH_EXPR@28..29
                        PATH@28..29
                          PATH_SEGMENT@28..29
                            NAME_REF@28..29
                              IDENT@28..29 "z"
                      WHITESPACE@29..30 " "
                      EQ@30..31 "="
                      WHITESPACE@31..32 " "
                      LITERAL@32..36
                        TRUE_KW@32..36 "true"
                    SEMICOLON@36..37 ";"
                  WHITESPACE@37..38 " "
                  EXPR_STMT@38..48
                    BIN_EXPR@38..47
                      PATH_EXPR@38..39
                        PATH@38..39
                          PATH_SEGMENT@38..39
                            NAME_REF@38..39
                              IDENT@38..39 "w"
                      WHITESPACE@39..40 " "
                      EQ@40..41 "="
                      WHITESPACE@41..42 " "
                      LITERAL@42..47
                        FALSE_KW@42..47 "false"
                    SEMICOLON@47..48 ";"
                  WHITESPACE@48..49 " "
                  EXPR_STMT@49..65
                    BIN_EXPR@49..64
                      PATH_EXPR@49..50
                        PATH@49..50
                          PATH_SEGMENT@49..50
                            NAME_REF@49..50
                              IDENT@49..50 "s"
                      WHITESPACE@50..51 " "
                      EQ@51..52 "="
                      WHITESPACE@52..53 " "
                      LITERAL@53..64
                        STRING@53..58 "\"str\""
                        WHITESPACE@58..59 " "
                        STRING@59..64 "\"cat\""
                    SEMICOLON@64..65 ";"
                  WHITESPACE@65..66 " "
                  EXPR_STMT@66..76
                    BIN_EXPR@66..75
                      PATH_EXPR@66..67
                        PATH@66..67
                          PATH_SEGMENT@66..67
                            NAME_REF@66..67
                              IDENT@66..67 "h"
                      WHITESPACE@67..68 " "
                      EQ@68..69 "="
                      WHITESPACE@69..70 " "
                      LITERAL@70..75
                        INT_NUMBER@70..75 "0x1Fu"
                    SEMICOLON@75..76 ";"
                  WHITESPACE@76..77 " "
                  EXPR_STMT@77..85
                    BIN_EXPR@77..84
                      PATH_EXPR@77..78
                        PATH@77..78
                          PATH_SEGMENT@77..78
                            NAME_REF@77..78
                              IDENT@77..78 "c"
                      WHITESPACE@78..79 " "
                      EQ@79..80 "="
                      WHITESPACE@80..81 " "
                      LITERAL@81..84
                        CHAR@81..84 "'c'"
                    SEMICOLON@84..85 ";"
                  WHITESPACE@85..86 " "
                  R_BRACE@86..87 "}"
              WHITESPACE@87..88 "\n"
        "#]],
    );
}

#[test]
fn init_list_nested() {
    check(
        r#"float a[2][2] = { { 1, 2 }, { 3, 4 } };
"#,
        expect![[r#"
            SOURCE_FILE@0..40
              VAR_DECL@0..39
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                VAR_DECLARATOR@6..38
                  NAME@6..7
                    IDENT@6..7 "a"
                  ARRAY_SUFFIX@7..10
                    L_BRACK@7..8 "["
                    LITERAL@8..9
                      INT_NUMBER@8..9 "2"
                    R_BRACK@9..10 "]"
                  ARRAY_SUFFIX@10..13
                    L_BRACK@10..11 "["
                    LITERAL@11..12
                      INT_NUMBER@11..12 "2"
                    R_BRACK@12..13 "]"
                  WHITESPACE@13..14 " "
                  EQ@14..15 "="
                  WHITESPACE@15..16 " "
                  INIT_LIST_EXPR@16..38
                    L_BRACE@16..17 "{"
                    WHITESPACE@17..18 " "
                    INIT_LIST_EXPR@18..26
                      L_BRACE@18..19 "{"
                      WHITESPACE@19..20 " "
                      LITERAL@20..21
                        INT_NUMBER@20..21 "1"
                      COMMA@21..22 ","
                      WHITESPACE@22..23 " "
                      LITERAL@23..24
                        INT_NUMBER@23..24 "2"
                      WHITESPACE@24..25 " "
                      R_BRACE@25..26 "}"
                    COMMA@26..27 ","
                    WHITESPACE@27..28 " "
                    INIT_LIST_EXPR@28..36
                      L_BRACE@28..29 "{"
                      WHITESPACE@29..30 " "
                      LITERAL@30..31
                        INT_NUMBER@30..31 "3"
                      COMMA@31..32 ","
                      WHITESPACE@32..33 " "
                      LITERAL@33..34
                        INT_NUMBER@33..34 "4"
                      WHITESPACE@34..35 " "
                      R_BRACE@35..36 "}"
                    WHITESPACE@36..37 " "
                    R_BRACE@37..38 "}"
                SEMICOLON@38..39 ";"
              WHITESPACE@39..40 "\n"
        "#]],
    );
}

#[test]
fn init_list_in_return() {
    check(
        r#"S f() { return { 1, 2 }; }
"#,
        expect![[r#"
            SOURCE_FILE@0..27
              FN_DEF@0..26
                TYPE_REF@0..1
                  PATH@0..1
                    PATH_SEGMENT@0..1
                      NAME_REF@0..1
                        IDENT@0..1 "S"
                WHITESPACE@1..2 " "
                NAME@2..3
                  IDENT@2..3 "f"
                PARAM_LIST@3..5
                  L_PAREN@3..4 "("
                  R_PAREN@4..5 ")"
                WHITESPACE@5..6 " "
                BLOCK@6..26
                  L_BRACE@6..7 "{"
                  WHITESPACE@7..8 " "
                  RETURN_STMT@8..24
                    RETURN_KW@8..14 "return"
                    WHITESPACE@14..15 " "
                    INIT_LIST_EXPR@15..23
                      L_BRACE@15..16 "{"
                      WHITESPACE@16..17 " "
                      LITERAL@17..18
                        INT_NUMBER@17..18 "1"
                      COMMA@18..19 ","
                      WHITESPACE@19..20 " "
                      LITERAL@20..21
                        INT_NUMBER@20..21 "2"
                      WHITESPACE@21..22 " "
                      R_BRACE@22..23 "}"
                    SEMICOLON@23..24 ";"
                  WHITESPACE@24..25 " "
                  R_BRACE@25..26 "}"
              WHITESPACE@26..27 "\n"
        "#]],
    );
}

#[test]
fn sizeof_type_and_expression() {
    check(
        r#"void f() { x = sizeof(float4); y = sizeof(S); z = sizeof(a + 1); }
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
                PARAM_LIST@6..8
                  L_PAREN@6..7 "("
                  R_PAREN@7..8 ")"
                WHITESPACE@8..9 " "
                BLOCK@9..66
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..30
                    BIN_EXPR@11..29
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      SIZEOF_EXPR@15..29
                        SIZEOF_KW@15..21 "sizeof"
                        L_PAREN@21..22 "("
                        TYPE_REF@22..28
                          PATH@22..28
                            PATH_SEGMENT@22..28
                              NAME_REF@22..28
                                IDENT@22..28 "float4"
                        R_PAREN@28..29 ")"
                    SEMICOLON@29..30 ";"
                  WHITESPACE@30..31 " "
                  EXPR_STMT@31..45
                    BIN_EXPR@31..44
                      PATH_EXPR@31..32
                        PATH@31..32
                          PATH_SEGMENT@31..32
                            NAME_REF@31..32
                              IDENT@31..32 "y"
                      WHITESPACE@32..33 " "
                      EQ@33..34 "="
                      WHITESPACE@34..35 " "
                      SIZEOF_EXPR@35..44
                        SIZEOF_KW@35..41 "sizeof"
                        L_PAREN@41..42 "("
                        TYPE_REF@42..43
                          PATH@42..43
                            PATH_SEGMENT@42..43
                              NAME_REF@42..43
                                IDENT@42..43 "S"
                        R_PAREN@43..44 ")"
                    SEMICOLON@44..45 ";"
                  WHITESPACE@45..46 " "
                  EXPR_STMT@46..64
                    BIN_EXPR@46..63
                      PATH_EXPR@46..47
                        PATH@46..47
                          PATH_SEGMENT@46..47
                            NAME_REF@46..47
                              IDENT@46..47 "z"
                      WHITESPACE@47..48 " "
                      EQ@48..49 "="
                      WHITESPACE@49..50 " "
                      SIZEOF_EXPR@50..63
                        SIZEOF_KW@50..56 "sizeof"
                        L_PAREN@56..57 "("
                        BIN_EXPR@57..62
                          PATH_EXPR@57..58
                            PATH@57..58
                              PATH_SEGMENT@57..58
                                NAME_REF@57..58
                                  IDENT@57..58 "a"
                          WHITESPACE@58..59 " "
                          PLUS@59..60 "+"
                          WHITESPACE@60..61 " "
                          LITERAL@61..62
                            INT_NUMBER@61..62 "1"
                        R_PAREN@62..63 ")"
                    SEMICOLON@63..64 ";"
                  WHITESPACE@64..65 " "
                  R_BRACE@65..66 "}"
              WHITESPACE@66..67 "\n"
        "#]],
    );
}

#[test]
fn comparisons_in_arguments_are_not_templates() {
    check(
        r#"void f() { g(a < b, c > d); }
"#,
        expect![[r#"
            SOURCE_FILE@0..30
              FN_DEF@0..29
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
                BLOCK@9..29
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..27
                    CALL_EXPR@11..26
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "g"
                      ARG_LIST@12..26
                        L_PAREN@12..13 "("
                        BIN_EXPR@13..18
                          PATH_EXPR@13..14
                            PATH@13..14
                              PATH_SEGMENT@13..14
                                NAME_REF@13..14
                                  IDENT@13..14 "a"
                          WHITESPACE@14..15 " "
                          LT@15..16 "<"
                          WHITESPACE@16..17 " "
                          PATH_EXPR@17..18
                            PATH@17..18
                              PATH_SEGMENT@17..18
                                NAME_REF@17..18
                                  IDENT@17..18 "b"
                        COMMA@18..19 ","
                        WHITESPACE@19..20 " "
                        BIN_EXPR@20..25
                          PATH_EXPR@20..21
                            PATH@20..21
                              PATH_SEGMENT@20..21
                                NAME_REF@20..21
                                  IDENT@20..21 "c"
                          WHITESPACE@21..22 " "
                          GT@22..23 ">"
                          WHITESPACE@23..24 " "
                          PATH_EXPR@24..25
                            PATH@24..25
                              PATH_SEGMENT@24..25
                                NAME_REF@24..25
                                  IDENT@24..25 "d"
                        R_PAREN@25..26 ")"
                    SEMICOLON@26..27 ";"
                  WHITESPACE@27..28 " "
                  R_BRACE@28..29 "}"
              WHITESPACE@29..30 "\n"
        "#]],
    );
}

#[test]
fn nested_template_qualified_call() {
    check(
        r#"void f() { x = A<B<C>>::f(); }
"#,
        expect![[r#"
            SOURCE_FILE@0..31
              FN_DEF@0..30
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
                BLOCK@9..30
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..28
                    BIN_EXPR@11..27
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      CALL_EXPR@15..27
                        PATH_EXPR@15..25
                          PATH@15..25
                            PATH_SEGMENT@15..22
                              NAME_REF@15..16
                                IDENT@15..16 "A"
                              GENERIC_ARG_LIST@16..22
                                LT@16..17 "<"
                                TYPE_REF@17..21
                                  PATH@17..21
                                    PATH_SEGMENT@17..21
                                      NAME_REF@17..18
                                        IDENT@17..18 "B"
                                      GENERIC_ARG_LIST@18..21
                                        LT@18..19 "<"
                                        TYPE_REF@19..20
                                          PATH@19..20
                                            PATH_SEGMENT@19..20
                                              NAME_REF@19..20
                                                IDENT@19..20 "C"
                                        GT@20..21 ">"
                                GT@21..22 ">"
                            COLON2@22..24 "::"
                            PATH_SEGMENT@24..25
                              NAME_REF@24..25
                                IDENT@24..25 "f"
                        ARG_LIST@25..27
                          L_PAREN@25..26 "("
                          R_PAREN@26..27 ")"
                    SEMICOLON@27..28 ";"
                  WHITESPACE@28..29 " "
                  R_BRACE@29..30 "}"
              WHITESPACE@30..31 "\n"
        "#]],
    );
}

#[test]
fn postfix_chain() {
    check(
        r#"void f() { x = a.b[2].c(1).d; }
"#,
        expect![[r#"
            SOURCE_FILE@0..32
              FN_DEF@0..31
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
                BLOCK@9..31
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..29
                    BIN_EXPR@11..28
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      FIELD_EXPR@15..28
                        METHOD_CALL_EXPR@15..26
                          INDEX_EXPR@15..21
                            FIELD_EXPR@15..18
                              PATH_EXPR@15..16
                                PATH@15..16
                                  PATH_SEGMENT@15..16
                                    NAME_REF@15..16
                                      IDENT@15..16 "a"
                              DOT@16..17 "."
                              NAME_REF@17..18
                                IDENT@17..18 "b"
                            L_BRACK@18..19 "["
                            LITERAL@19..20
                              INT_NUMBER@19..20 "2"
                            R_BRACK@20..21 "]"
                          DOT@21..22 "."
                          NAME_REF@22..23
                            IDENT@22..23 "c"
                          ARG_LIST@23..26
                            L_PAREN@23..24 "("
                            LITERAL@24..25
                              INT_NUMBER@24..25 "1"
                            R_PAREN@25..26 ")"
                        DOT@26..27 "."
                        NAME_REF@27..28
                          IDENT@27..28 "d"
                    SEMICOLON@28..29 ";"
                  WHITESPACE@29..30 " "
                  R_BRACE@30..31 "}"
              WHITESPACE@31..32 "\n"
        "#]],
    );
}

#[test]
fn compound_assignments() {
    check(
        r#"void f() { a -= 1; a *= 2; a /= 3; a %= 4; a &= 5; a |= 6; a ^= 7; a >>= 8; }
"#,
        expect![[r#"
            SOURCE_FILE@0..78
              FN_DEF@0..77
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
                BLOCK@9..77
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..18
                    BIN_EXPR@11..17
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "a"
                      WHITESPACE@12..13 " "
                      MINUSEQ@13..15 "-="
                      WHITESPACE@15..16 " "
                      LITERAL@16..17
                        INT_NUMBER@16..17 "1"
                    SEMICOLON@17..18 ";"
                  WHITESPACE@18..19 " "
                  EXPR_STMT@19..26
                    BIN_EXPR@19..25
                      PATH_EXPR@19..20
                        PATH@19..20
                          PATH_SEGMENT@19..20
                            NAME_REF@19..20
                              IDENT@19..20 "a"
                      WHITESPACE@20..21 " "
                      STAREQ@21..23 "*="
                      WHITESPACE@23..24 " "
                      LITERAL@24..25
                        INT_NUMBER@24..25 "2"
                    SEMICOLON@25..26 ";"
                  WHITESPACE@26..27 " "
                  EXPR_STMT@27..34
                    BIN_EXPR@27..33
                      PATH_EXPR@27..28
                        PATH@27..28
                          PATH_SEGMENT@27..28
                            NAME_REF@27..28
                              IDENT@27..28 "a"
                      WHITESPACE@28..29 " "
                      SLASHEQ@29..31 "/="
                      WHITESPACE@31..32 " "
                      LITERAL@32..33
                        INT_NUMBER@32..33 "3"
                    SEMICOLON@33..34 ";"
                  WHITESPACE@34..35 " "
                  EXPR_STMT@35..42
                    BIN_EXPR@35..41
                      PATH_EXPR@35..36
                        PATH@35..36
                          PATH_SEGMENT@35..36
                            NAME_REF@35..36
                              IDENT@35..36 "a"
                      WHITESPACE@36..37 " "
                      PERCENTEQ@37..39 "%="
                      WHITESPACE@39..40 " "
                      LITERAL@40..41
                        INT_NUMBER@40..41 "4"
                    SEMICOLON@41..42 ";"
                  WHITESPACE@42..43 " "
                  EXPR_STMT@43..50
                    BIN_EXPR@43..49
                      PATH_EXPR@43..44
                        PATH@43..44
                          PATH_SEGMENT@43..44
                            NAME_REF@43..44
                              IDENT@43..44 "a"
                      WHITESPACE@44..45 " "
                      AMPEQ@45..47 "&="
                      WHITESPACE@47..48 " "
                      LITERAL@48..49
                        INT_NUMBER@48..49 "5"
                    SEMICOLON@49..50 ";"
                  WHITESPACE@50..51 " "
                  EXPR_STMT@51..58
                    BIN_EXPR@51..57
                      PATH_EXPR@51..52
                        PATH@51..52
                          PATH_SEGMENT@51..52
                            NAME_REF@51..52
                              IDENT@51..52 "a"
                      WHITESPACE@52..53 " "
                      PIPEEQ@53..55 "|="
                      WHITESPACE@55..56 " "
                      LITERAL@56..57
                        INT_NUMBER@56..57 "6"
                    SEMICOLON@57..58 ";"
                  WHITESPACE@58..59 " "
                  EXPR_STMT@59..66
                    BIN_EXPR@59..65
                      PATH_EXPR@59..60
                        PATH@59..60
                          PATH_SEGMENT@59..60
                            NAME_REF@59..60
                              IDENT@59..60 "a"
                      WHITESPACE@60..61 " "
                      CARETEQ@61..63 "^="
                      WHITESPACE@63..64 " "
                      LITERAL@64..65
                        INT_NUMBER@64..65 "7"
                    SEMICOLON@65..66 ";"
                  WHITESPACE@66..67 " "
                  EXPR_STMT@67..75
                    BIN_EXPR@67..74
                      PATH_EXPR@67..68
                        PATH@67..68
                          PATH_SEGMENT@67..68
                            NAME_REF@67..68
                              IDENT@67..68 "a"
                      WHITESPACE@68..69 " "
                      SHREQ@69..72 ">>="
                      WHITESPACE@72..73 " "
                      LITERAL@73..74
                        INT_NUMBER@73..74 "8"
                    SEMICOLON@74..75 ";"
                  WHITESPACE@75..76 " "
                  R_BRACE@76..77 "}"
              WHITESPACE@77..78 "\n"
        "#]],
    );
}

#[test]
fn cast_binds_tighter_than_binary() {
    check(
        r#"void f() { x = -(float)y * 2; }
"#,
        expect![[r#"
            SOURCE_FILE@0..32
              FN_DEF@0..31
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
                BLOCK@9..31
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..29
                    BIN_EXPR@11..28
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      BIN_EXPR@15..28
                        PREFIX_EXPR@15..24
                          MINUS@15..16 "-"
                          CAST_EXPR@16..24
                            L_PAREN@16..17 "("
                            TYPE_REF@17..22
                              PATH@17..22
                                PATH_SEGMENT@17..22
                                  NAME_REF@17..22
                                    IDENT@17..22 "float"
                            R_PAREN@22..23 ")"
                            PATH_EXPR@23..24
                              PATH@23..24
                                PATH_SEGMENT@23..24
                                  NAME_REF@23..24
                                    IDENT@23..24 "y"
                        WHITESPACE@24..25 " "
                        STAR@25..26 "*"
                        WHITESPACE@26..27 " "
                        LITERAL@27..28
                          INT_NUMBER@27..28 "2"
                    SEMICOLON@28..29 ";"
                  WHITESPACE@29..30 " "
                  R_BRACE@30..31 "}"
              WHITESPACE@31..32 "\n"
        "#]],
    );
}

#[test]
fn method_template_arg_of_array_type() {
    // `Load<uint[2]>(0)` takes an array type; `a < b[1]` without `>` stays a comparison.
    check(
        r#"void f() { x = buf.Load<uint[2]>(0); y = a < b[1]; }
"#,
        expect![[r#"
            SOURCE_FILE@0..53
              FN_DEF@0..52
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
                BLOCK@9..52
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..36
                    BIN_EXPR@11..35
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      METHOD_CALL_EXPR@15..35
                        PATH_EXPR@15..18
                          PATH@15..18
                            PATH_SEGMENT@15..18
                              NAME_REF@15..18
                                IDENT@15..18 "buf"
                        DOT@18..19 "."
                        NAME_REF@19..23
                          IDENT@19..23 "Load"
                        GENERIC_ARG_LIST@23..32
                          LT@23..24 "<"
                          TYPE_REF@24..31
                            PATH@24..28
                              PATH_SEGMENT@24..28
                                NAME_REF@24..28
                                  IDENT@24..28 "uint"
                            ARRAY_SUFFIX@28..31
                              L_BRACK@28..29 "["
                              LITERAL@29..30
                                INT_NUMBER@29..30 "2"
                              R_BRACK@30..31 "]"
                          GT@31..32 ">"
                        ARG_LIST@32..35
                          L_PAREN@32..33 "("
                          LITERAL@33..34
                            INT_NUMBER@33..34 "0"
                          R_PAREN@34..35 ")"
                    SEMICOLON@35..36 ";"
                  WHITESPACE@36..37 " "
                  EXPR_STMT@37..50
                    BIN_EXPR@37..49
                      PATH_EXPR@37..38
                        PATH@37..38
                          PATH_SEGMENT@37..38
                            NAME_REF@37..38
                              IDENT@37..38 "y"
                      WHITESPACE@38..39 " "
                      EQ@39..40 "="
                      WHITESPACE@40..41 " "
                      BIN_EXPR@41..49
                        PATH_EXPR@41..42
                          PATH@41..42
                            PATH_SEGMENT@41..42
                              NAME_REF@41..42
                                IDENT@41..42 "a"
                        WHITESPACE@42..43 " "
                        LT@43..44 "<"
                        WHITESPACE@44..45 " "
                        INDEX_EXPR@45..49
                          PATH_EXPR@45..46
                            PATH@45..46
                              PATH_SEGMENT@45..46
                                NAME_REF@45..46
                                  IDENT@45..46 "b"
                          L_BRACK@46..47 "["
                          LITERAL@47..48
                            INT_NUMBER@47..48 "1"
                          R_BRACK@48..49 "]"
                    SEMICOLON@49..50 ";"
                  WHITESPACE@50..51 " "
                  R_BRACE@51..52 "}"
              WHITESPACE@52..53 "\n"
        "#]],
    );
}
