//! Snapshot tests of expressions: precedence, associativity, prefix/postfix operators, calls, casts.

use expect_test::expect;

use super::check;

#[test]
fn precedence_arithmetic() {
    check(
        r#"int x = 1 + 2 * 3 - 4 / 5 % 6;
"#,
        expect![[r#"
            SOURCE_FILE@0..31
              VAR_DECL@0..30
                TYPE_REF@0..3
                  PATH@0..3
                    PATH_SEGMENT@0..3
                      NAME_REF@0..3
                        IDENT@0..3 "int"
                WHITESPACE@3..4 " "
                VAR_DECLARATOR@4..29
                  NAME@4..5
                    IDENT@4..5 "x"
                  WHITESPACE@5..6 " "
                  EQ@6..7 "="
                  WHITESPACE@7..8 " "
                  BIN_EXPR@8..29
                    BIN_EXPR@8..17
                      LITERAL@8..9
                        INT_NUMBER@8..9 "1"
                      WHITESPACE@9..10 " "
                      PLUS@10..11 "+"
                      WHITESPACE@11..12 " "
                      BIN_EXPR@12..17
                        LITERAL@12..13
                          INT_NUMBER@12..13 "2"
                        WHITESPACE@13..14 " "
                        STAR@14..15 "*"
                        WHITESPACE@15..16 " "
                        LITERAL@16..17
                          INT_NUMBER@16..17 "3"
                    WHITESPACE@17..18 " "
                    MINUS@18..19 "-"
                    WHITESPACE@19..20 " "
                    BIN_EXPR@20..29
                      BIN_EXPR@20..25
                        LITERAL@20..21
                          INT_NUMBER@20..21 "4"
                        WHITESPACE@21..22 " "
                        SLASH@22..23 "/"
                        WHITESPACE@23..24 " "
                        LITERAL@24..25
                          INT_NUMBER@24..25 "5"
                      WHITESPACE@25..26 " "
                      PERCENT@26..27 "%"
                      WHITESPACE@27..28 " "
                      LITERAL@28..29
                        INT_NUMBER@28..29 "6"
                SEMICOLON@29..30 ";"
              WHITESPACE@30..31 "\n"
        "#]],
    );
}

#[test]
fn precedence_logical() {
    check(
        r#"bool b = a || b && c | d ^ e & f == g != h;
"#,
        expect![[r#"
            SOURCE_FILE@0..44
              VAR_DECL@0..43
                TYPE_REF@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "bool"
                WHITESPACE@4..5 " "
                VAR_DECLARATOR@5..42
                  NAME@5..6
                    IDENT@5..6 "b"
                  WHITESPACE@6..7 " "
                  EQ@7..8 "="
                  WHITESPACE@8..9 " "
                  BIN_EXPR@9..42
                    PATH_EXPR@9..10
                      PATH@9..10
                        PATH_SEGMENT@9..10
                          NAME_REF@9..10
                            IDENT@9..10 "a"
                    WHITESPACE@10..11 " "
                    PIPE2@11..13 "||"
                    WHITESPACE@13..14 " "
                    BIN_EXPR@14..42
                      PATH_EXPR@14..15
                        PATH@14..15
                          PATH_SEGMENT@14..15
                            NAME_REF@14..15
                              IDENT@14..15 "b"
                      WHITESPACE@15..16 " "
                      AMP2@16..18 "&&"
                      WHITESPACE@18..19 " "
                      BIN_EXPR@19..42
                        PATH_EXPR@19..20
                          PATH@19..20
                            PATH_SEGMENT@19..20
                              NAME_REF@19..20
                                IDENT@19..20 "c"
                        WHITESPACE@20..21 " "
                        PIPE@21..22 "|"
                        WHITESPACE@22..23 " "
                        BIN_EXPR@23..42
                          PATH_EXPR@23..24
                            PATH@23..24
                              PATH_SEGMENT@23..24
                                NAME_REF@23..24
                                  IDENT@23..24 "d"
                          WHITESPACE@24..25 " "
                          CARET@25..26 "^"
                          WHITESPACE@26..27 " "
                          BIN_EXPR@27..42
                            PATH_EXPR@27..28
                              PATH@27..28
                                PATH_SEGMENT@27..28
                                  NAME_REF@27..28
                                    IDENT@27..28 "e"
                            WHITESPACE@28..29 " "
                            AMP@29..30 "&"
                            WHITESPACE@30..31 " "
                            BIN_EXPR@31..42
                              BIN_EXPR@31..37
                                PATH_EXPR@31..32
                                  PATH@31..32
                                    PATH_SEGMENT@31..32
                                      NAME_REF@31..32
                                        IDENT@31..32 "f"
                                WHITESPACE@32..33 " "
                                EQ2@33..35 "=="
                                WHITESPACE@35..36 " "
                                PATH_EXPR@36..37
                                  PATH@36..37
                                    PATH_SEGMENT@36..37
                                      NAME_REF@36..37
                                        IDENT@36..37 "g"
                              WHITESPACE@37..38 " "
                              NEQ@38..40 "!="
                              WHITESPACE@40..41 " "
                              PATH_EXPR@41..42
                                PATH@41..42
                                  PATH_SEGMENT@41..42
                                    NAME_REF@41..42
                                      IDENT@41..42 "h"
                SEMICOLON@42..43 ";"
              WHITESPACE@43..44 "\n"
        "#]],
    );
}

#[test]
fn relational_and_shift() {
    check(
        r#"bool b = a < b << 1 >= c >> 2;
"#,
        expect![[r#"
            SOURCE_FILE@0..31
              VAR_DECL@0..30
                TYPE_REF@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "bool"
                WHITESPACE@4..5 " "
                VAR_DECLARATOR@5..29
                  NAME@5..6
                    IDENT@5..6 "b"
                  WHITESPACE@6..7 " "
                  EQ@7..8 "="
                  WHITESPACE@8..9 " "
                  BIN_EXPR@9..29
                    BIN_EXPR@9..19
                      PATH_EXPR@9..10
                        PATH@9..10
                          PATH_SEGMENT@9..10
                            NAME_REF@9..10
                              IDENT@9..10 "a"
                      WHITESPACE@10..11 " "
                      LT@11..12 "<"
                      WHITESPACE@12..13 " "
                      BIN_EXPR@13..19
                        PATH_EXPR@13..14
                          PATH@13..14
                            PATH_SEGMENT@13..14
                              NAME_REF@13..14
                                IDENT@13..14 "b"
                        WHITESPACE@14..15 " "
                        SHL@15..17 "<<"
                        WHITESPACE@17..18 " "
                        LITERAL@18..19
                          INT_NUMBER@18..19 "1"
                    WHITESPACE@19..20 " "
                    GTEQ@20..22 ">="
                    WHITESPACE@22..23 " "
                    BIN_EXPR@23..29
                      PATH_EXPR@23..24
                        PATH@23..24
                          PATH_SEGMENT@23..24
                            NAME_REF@23..24
                              IDENT@23..24 "c"
                      WHITESPACE@24..25 " "
                      SHR@25..27 ">>"
                      WHITESPACE@27..28 " "
                      LITERAL@28..29
                        INT_NUMBER@28..29 "2"
                SEMICOLON@29..30 ";"
              WHITESPACE@30..31 "\n"
        "#]],
    );
}

#[test]
fn assignment_right_associative() {
    check(
        r#"void f() { a = b = c; a += b -= 1; }
"#,
        expect![[r#"
            SOURCE_FILE@0..37
              FN_DEF@0..36
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
                BLOCK@9..36
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..21
                    BIN_EXPR@11..20
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "a"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      BIN_EXPR@15..20
                        PATH_EXPR@15..16
                          PATH@15..16
                            PATH_SEGMENT@15..16
                              NAME_REF@15..16
                                IDENT@15..16 "b"
                        WHITESPACE@16..17 " "
                        EQ@17..18 "="
                        WHITESPACE@18..19 " "
                        PATH_EXPR@19..20
                          PATH@19..20
                            PATH_SEGMENT@19..20
                              NAME_REF@19..20
                                IDENT@19..20 "c"
                    SEMICOLON@20..21 ";"
                  WHITESPACE@21..22 " "
                  EXPR_STMT@22..34
                    BIN_EXPR@22..33
                      PATH_EXPR@22..23
                        PATH@22..23
                          PATH_SEGMENT@22..23
                            NAME_REF@22..23
                              IDENT@22..23 "a"
                      WHITESPACE@23..24 " "
                      PLUSEQ@24..26 "+="
                      WHITESPACE@26..27 " "
                      BIN_EXPR@27..33
                        PATH_EXPR@27..28
                          PATH@27..28
                            PATH_SEGMENT@27..28
                              NAME_REF@27..28
                                IDENT@27..28 "b"
                        WHITESPACE@28..29 " "
                        MINUSEQ@29..31 "-="
                        WHITESPACE@31..32 " "
                        LITERAL@32..33
                          INT_NUMBER@32..33 "1"
                    SEMICOLON@33..34 ";"
                  WHITESPACE@34..35 " "
                  R_BRACE@35..36 "}"
              WHITESPACE@36..37 "\n"
        "#]],
    );
}

#[test]
fn ternary_right_associative() {
    check(
        r#"void f() { x = a ? b : c ? d : e; }
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
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      CONDITIONAL_EXPR@15..32
                        PATH_EXPR@15..16
                          PATH@15..16
                            PATH_SEGMENT@15..16
                              NAME_REF@15..16
                                IDENT@15..16 "a"
                        WHITESPACE@16..17 " "
                        QUESTION@17..18 "?"
                        WHITESPACE@18..19 " "
                        PATH_EXPR@19..20
                          PATH@19..20
                            PATH_SEGMENT@19..20
                              NAME_REF@19..20
                                IDENT@19..20 "b"
                        WHITESPACE@20..21 " "
                        COLON@21..22 ":"
                        WHITESPACE@22..23 " "
                        CONDITIONAL_EXPR@23..32
                          PATH_EXPR@23..24
                            PATH@23..24
                              PATH_SEGMENT@23..24
                                NAME_REF@23..24
                                  IDENT@23..24 "c"
                          WHITESPACE@24..25 " "
                          QUESTION@25..26 "?"
                          WHITESPACE@26..27 " "
                          PATH_EXPR@27..28
                            PATH@27..28
                              PATH_SEGMENT@27..28
                                NAME_REF@27..28
                                  IDENT@27..28 "d"
                          WHITESPACE@28..29 " "
                          COLON@29..30 ":"
                          WHITESPACE@30..31 " "
                          PATH_EXPR@31..32
                            PATH@31..32
                              PATH_SEGMENT@31..32
                                NAME_REF@31..32
                                  IDENT@31..32 "e"
                    SEMICOLON@32..33 ";"
                  WHITESPACE@33..34 " "
                  R_BRACE@34..35 "}"
              WHITESPACE@35..36 "\n"
        "#]],
    );
}

#[test]
fn comma_operator() {
    check(
        r#"void f() { x = (a, b); i++, j++; }
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
                  EXPR_STMT@11..22
                    BIN_EXPR@11..21
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      PAREN_EXPR@15..21
                        L_PAREN@15..16 "("
                        BIN_EXPR@16..20
                          PATH_EXPR@16..17
                            PATH@16..17
                              PATH_SEGMENT@16..17
                                NAME_REF@16..17
                                  IDENT@16..17 "a"
                          COMMA@17..18 ","
                          WHITESPACE@18..19 " "
                          PATH_EXPR@19..20
                            PATH@19..20
                              PATH_SEGMENT@19..20
                                NAME_REF@19..20
                                  IDENT@19..20 "b"
                        R_PAREN@20..21 ")"
                    SEMICOLON@21..22 ";"
                  WHITESPACE@22..23 " "
                  EXPR_STMT@23..32
                    BIN_EXPR@23..31
                      POSTFIX_EXPR@23..26
                        PATH_EXPR@23..24
                          PATH@23..24
                            PATH_SEGMENT@23..24
                              NAME_REF@23..24
                                IDENT@23..24 "i"
                        PLUS2@24..26 "++"
                      COMMA@26..27 ","
                      WHITESPACE@27..28 " "
                      POSTFIX_EXPR@28..31
                        PATH_EXPR@28..29
                          PATH@28..29
                            PATH_SEGMENT@28..29
                              NAME_REF@28..29
                                IDENT@28..29 "j"
                        PLUS2@29..31 "++"
                    SEMICOLON@31..32 ";"
                  WHITESPACE@32..33 " "
                  R_BRACE@33..34 "}"
              WHITESPACE@34..35 "\n"
        "#]],
    );
}

#[test]
fn prefix_operators() {
    check(
        r#"void f() { x = -a + +b - !c + ~d; ++x; --y; }
"#,
        expect![[r#"
            SOURCE_FILE@0..46
              FN_DEF@0..45
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
                BLOCK@9..45
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..33
                    BIN_EXPR@11..32
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      BIN_EXPR@15..32
                        BIN_EXPR@15..27
                          BIN_EXPR@15..22
                            PREFIX_EXPR@15..17
                              MINUS@15..16 "-"
                              PATH_EXPR@16..17
                                PATH@16..17
                                  PATH_SEGMENT@16..17
                                    NAME_REF@16..17
                                      IDENT@16..17 "a"
                            WHITESPACE@17..18 " "
                            PLUS@18..19 "+"
                            WHITESPACE@19..20 " "
                            PREFIX_EXPR@20..22
                              PLUS@20..21 "+"
                              PATH_EXPR@21..22
                                PATH@21..22
                                  PATH_SEGMENT@21..22
                                    NAME_REF@21..22
                                      IDENT@21..22 "b"
                          WHITESPACE@22..23 " "
                          MINUS@23..24 "-"
                          WHITESPACE@24..25 " "
                          PREFIX_EXPR@25..27
                            BANG@25..26 "!"
                            PATH_EXPR@26..27
                              PATH@26..27
                                PATH_SEGMENT@26..27
                                  NAME_REF@26..27
                                    IDENT@26..27 "c"
                        WHITESPACE@27..28 " "
                        PLUS@28..29 "+"
                        WHITESPACE@29..30 " "
                        PREFIX_EXPR@30..32
                          TILDE@30..31 "~"
                          PATH_EXPR@31..32
                            PATH@31..32
                              PATH_SEGMENT@31..32
                                NAME_REF@31..32
                                  IDENT@31..32 "d"
                    SEMICOLON@32..33 ";"
                  WHITESPACE@33..34 " "
                  EXPR_STMT@34..38
                    PREFIX_EXPR@34..37
                      PLUS2@34..36 "++"
                      PATH_EXPR@36..37
                        PATH@36..37
                          PATH_SEGMENT@36..37
                            NAME_REF@36..37
                              IDENT@36..37 "x"
                    SEMICOLON@37..38 ";"
                  WHITESPACE@38..39 " "
                  EXPR_STMT@39..43
                    PREFIX_EXPR@39..42
                      MINUS2@39..41 "--"
                      PATH_EXPR@41..42
                        PATH@41..42
                          PATH_SEGMENT@41..42
                            NAME_REF@41..42
                              IDENT@41..42 "y"
                    SEMICOLON@42..43 ";"
                  WHITESPACE@43..44 " "
                  R_BRACE@44..45 "}"
              WHITESPACE@45..46 "\n"
        "#]],
    );
}

#[test]
fn postfix_operators() {
    check(
        r#"void f() { x++; y--; a[i]++; }
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
                  EXPR_STMT@11..15
                    POSTFIX_EXPR@11..14
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      PLUS2@12..14 "++"
                    SEMICOLON@14..15 ";"
                  WHITESPACE@15..16 " "
                  EXPR_STMT@16..20
                    POSTFIX_EXPR@16..19
                      PATH_EXPR@16..17
                        PATH@16..17
                          PATH_SEGMENT@16..17
                            NAME_REF@16..17
                              IDENT@16..17 "y"
                      MINUS2@17..19 "--"
                    SEMICOLON@19..20 ";"
                  WHITESPACE@20..21 " "
                  EXPR_STMT@21..28
                    POSTFIX_EXPR@21..27
                      INDEX_EXPR@21..25
                        PATH_EXPR@21..22
                          PATH@21..22
                            PATH_SEGMENT@21..22
                              NAME_REF@21..22
                                IDENT@21..22 "a"
                        L_BRACK@22..23 "["
                        PATH_EXPR@23..24
                          PATH@23..24
                            PATH_SEGMENT@23..24
                              NAME_REF@23..24
                                IDENT@23..24 "i"
                        R_BRACK@24..25 "]"
                      PLUS2@25..27 "++"
                    SEMICOLON@27..28 ";"
                  WHITESPACE@28..29 " "
                  R_BRACE@29..30 "}"
              WHITESPACE@30..31 "\n"
        "#]],
    );
}

#[test]
fn calls_and_constructors() {
    check(
        r#"void f() { g(); h(a, b); float4(a, 1.0); }
"#,
        expect![[r#"
            SOURCE_FILE@0..43
              FN_DEF@0..42
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
                BLOCK@9..42
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..15
                    CALL_EXPR@11..14
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "g"
                      ARG_LIST@12..14
                        L_PAREN@12..13 "("
                        R_PAREN@13..14 ")"
                    SEMICOLON@14..15 ";"
                  WHITESPACE@15..16 " "
                  EXPR_STMT@16..24
                    CALL_EXPR@16..23
                      PATH_EXPR@16..17
                        PATH@16..17
                          PATH_SEGMENT@16..17
                            NAME_REF@16..17
                              IDENT@16..17 "h"
                      ARG_LIST@17..23
                        L_PAREN@17..18 "("
                        PATH_EXPR@18..19
                          PATH@18..19
                            PATH_SEGMENT@18..19
                              NAME_REF@18..19
                                IDENT@18..19 "a"
                        COMMA@19..20 ","
                        WHITESPACE@20..21 " "
                        PATH_EXPR@21..22
                          PATH@21..22
                            PATH_SEGMENT@21..22
                              NAME_REF@21..22
                                IDENT@21..22 "b"
                        R_PAREN@22..23 ")"
                    SEMICOLON@23..24 ";"
                  WHITESPACE@24..25 " "
                  EXPR_STMT@25..40
                    CALL_EXPR@25..39
                      PATH_EXPR@25..31
                        PATH@25..31
                          PATH_SEGMENT@25..31
                            NAME_REF@25..31
                              IDENT@25..31 "float4"
                      ARG_LIST@31..39
                        L_PAREN@31..32 "("
                        PATH_EXPR@32..33
                          PATH@32..33
                            PATH_SEGMENT@32..33
                              NAME_REF@32..33
                                IDENT@32..33 "a"
                        COMMA@33..34 ","
                        WHITESPACE@34..35 " "
                        LITERAL@35..38
                          FLOAT_NUMBER@35..38 "1.0"
                        R_PAREN@38..39 ")"
                    SEMICOLON@39..40 ";"
                  WHITESPACE@40..41 " "
                  R_BRACE@41..42 "}"
              WHITESPACE@42..43 "\n"
        "#]],
    );
}

#[test]
fn templated_constructor() {
    check(
        r#"void f() { v = vector<float, 2>(1, 2); }
"#,
        expect![[r#"
            SOURCE_FILE@0..41
              FN_DEF@0..40
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
                BLOCK@9..40
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..38
                    BIN_EXPR@11..37
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "v"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      CALL_EXPR@15..37
                        PATH_EXPR@15..31
                          PATH@15..31
                            PATH_SEGMENT@15..31
                              NAME_REF@15..21
                                IDENT@15..21 "vector"
                              GENERIC_ARG_LIST@21..31
                                LT@21..22 "<"
                                TYPE_REF@22..27
                                  PATH@22..27
                                    PATH_SEGMENT@22..27
                                      NAME_REF@22..27
                                        IDENT@22..27 "float"
                                COMMA@27..28 ","
                                WHITESPACE@28..29 " "
                                LITERAL@29..30
                                  INT_NUMBER@29..30 "2"
                                GT@30..31 ">"
                        ARG_LIST@31..37
                          L_PAREN@31..32 "("
                          LITERAL@32..33
                            INT_NUMBER@32..33 "1"
                          COMMA@33..34 ","
                          WHITESPACE@34..35 " "
                          LITERAL@35..36
                            INT_NUMBER@35..36 "2"
                          R_PAREN@36..37 ")"
                    SEMICOLON@37..38 ";"
                  WHITESPACE@38..39 " "
                  R_BRACE@39..40 "}"
              WHITESPACE@40..41 "\n"
        "#]],
    );
}

#[test]
fn casts_to_builtin_types() {
    check(
        r#"void f() { x = (float3)v; y = (float3x3)m; z = (float)-w; u = (uint)(a); }
"#,
        expect![[r#"
            SOURCE_FILE@0..75
              FN_DEF@0..74
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
                BLOCK@9..74
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..25
                    BIN_EXPR@11..24
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      CAST_EXPR@15..24
                        L_PAREN@15..16 "("
                        TYPE_REF@16..22
                          PATH@16..22
                            PATH_SEGMENT@16..22
                              NAME_REF@16..22
                                IDENT@16..22 "float3"
                        R_PAREN@22..23 ")"
                        PATH_EXPR@23..24
                          PATH@23..24
                            PATH_SEGMENT@23..24
                              NAME_REF@23..24
                                IDENT@23..24 "v"
                    SEMICOLON@24..25 ";"
                  WHITESPACE@25..26 " "
                  EXPR_STMT@26..42
                    BIN_EXPR@26..41
                      PATH_EXPR@26..27
                        PATH@26..27
                          PATH_SEGMENT@26..27
                            NAME_REF@26..27
                              IDENT@26..27 "y"
                      WHITESPACE@27..28 " "
                      EQ@28..29 "="
                      WHITESPACE@29..30 " "
                      CAST_EXPR@30..41
                        L_PAREN@30..31 "("
                        TYPE_REF@31..39
                          PATH@31..39
                            PATH_SEGMENT@31..39
                              NAME_REF@31..39
                                IDENT@31..39 "float3x3"
                        R_PAREN@39..40 ")"
                        PATH_EXPR@40..41
                          PATH@40..41
                            PATH_SEGMENT@40..41
                              NAME_REF@40..41
                                IDENT@40..41 "m"
                    SEMICOLON@41..42 ";"
                  WHITESPACE@42..43 " "
                  EXPR_STMT@43..57
                    BIN_EXPR@43..56
                      PATH_EXPR@43..44
                        PATH@43..44
                          PATH_SEGMENT@43..44
                            NAME_REF@43..44
                              IDENT@43..44 "z"
                      WHITESPACE@44..45 " "
                      EQ@45..46 "="
                      WHITESPACE@46..47 " "
                      CAST_EXPR@47..56
                        L_PAREN@47..48 "("
                        TYPE_REF@48..53
                          PATH@48..53
                            PATH_SEGMENT@48..53
                              NAME_REF@48..53
                                IDENT@48..53 "float"
                        R_PAREN@53..54 ")"
                        PREFIX_EXPR@54..56
                          MINUS@54..55 "-"
                          PATH_EXPR@55..56
                            PATH@55..56
                              PATH_SEGMENT@55..56
                                NAME_REF@55..56
                                  IDENT@55..56 "w"
                    SEMICOLON@56..57 ";"
                  WHITESPACE@57..58 " "
                  EXPR_STMT@58..72
                    BIN_EXPR@58..71
                      PATH_EXPR@58..59
                        PATH@58..59
                          PATH_SEGMENT@58..59
                            NAME_REF@58..59
                              IDENT@58..59 "u"
                      WHITESPACE@59..60 " "
                      EQ@60..61 "="
                      WHITESPACE@61..62 " "
                      CAST_EXPR@62..71
                        L_PAREN@62..63 "("
                        TYPE_REF@63..67
                          PATH@63..67
                            PATH_SEGMENT@63..67
                              NAME_REF@63..67
                                IDENT@63..67 "uint"
                        R_PAREN@67..68 ")"
                        PAREN_EXPR@68..71
                          L_PAREN@68..69 "("
                          PATH_EXPR@69..70
                            PATH@69..70
                              PATH_SEGMENT@69..70
                                NAME_REF@69..70
                                  IDENT@69..70 "a"
                          R_PAREN@70..71 ")"
                    SEMICOLON@71..72 ";"
                  WHITESPACE@72..73 " "
                  R_BRACE@73..74 "}"
              WHITESPACE@74..75 "\n"
        "#]],
    );
}

#[test]
fn cast_to_struct() {
    check(
        r#"void f() { s = (MyStruct)0; }
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
                    BIN_EXPR@11..26
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "s"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      CAST_EXPR@15..26
                        L_PAREN@15..16 "("
                        TYPE_REF@16..24
                          PATH@16..24
                            PATH_SEGMENT@16..24
                              NAME_REF@16..24
                                IDENT@16..24 "MyStruct"
                        R_PAREN@24..25 ")"
                        LITERAL@25..26
                          INT_NUMBER@25..26 "0"
                    SEMICOLON@26..27 ";"
                  WHITESPACE@27..28 " "
                  R_BRACE@28..29 "}"
              WHITESPACE@29..30 "\n"
        "#]],
    );
}

#[test]
fn cast_to_array() {
    check(
        r#"void f() { a = (uint[4])b; }
"#,
        expect![[r#"
            SOURCE_FILE@0..29
              FN_DEF@0..28
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
                BLOCK@9..28
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..26
                    BIN_EXPR@11..25
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "a"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      CAST_EXPR@15..25
                        L_PAREN@15..16 "("
                        TYPE_REF@16..23
                          PATH@16..20
                            PATH_SEGMENT@16..20
                              NAME_REF@16..20
                                IDENT@16..20 "uint"
                          ARRAY_SUFFIX@20..23
                            L_BRACK@20..21 "["
                            LITERAL@21..22
                              INT_NUMBER@21..22 "4"
                            R_BRACK@22..23 "]"
                        R_PAREN@23..24 ")"
                        PATH_EXPR@24..25
                          PATH@24..25
                            PATH_SEGMENT@24..25
                              NAME_REF@24..25
                                IDENT@24..25 "b"
                    SEMICOLON@25..26 ";"
                  WHITESPACE@26..27 " "
                  R_BRACE@27..28 "}"
              WHITESPACE@28..29 "\n"
        "#]],
    );
}

#[test]
fn parenthesised_names_are_not_casts() {
    check(
        r#"void f() { x = (a) - b; y = (a) + (b); }
"#,
        expect![[r#"
            SOURCE_FILE@0..41
              FN_DEF@0..40
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
                BLOCK@9..40
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
                      BIN_EXPR@15..22
                        PAREN_EXPR@15..18
                          L_PAREN@15..16 "("
                          PATH_EXPR@16..17
                            PATH@16..17
                              PATH_SEGMENT@16..17
                                NAME_REF@16..17
                                  IDENT@16..17 "a"
                          R_PAREN@17..18 ")"
                        WHITESPACE@18..19 " "
                        MINUS@19..20 "-"
                        WHITESPACE@20..21 " "
                        PATH_EXPR@21..22
                          PATH@21..22
                            PATH_SEGMENT@21..22
                              NAME_REF@21..22
                                IDENT@21..22 "b"
                    SEMICOLON@22..23 ";"
                  WHITESPACE@23..24 " "
                  EXPR_STMT@24..38
                    BIN_EXPR@24..37
                      PATH_EXPR@24..25
                        PATH@24..25
                          PATH_SEGMENT@24..25
                            NAME_REF@24..25
                              IDENT@24..25 "y"
                      WHITESPACE@25..26 " "
                      EQ@26..27 "="
                      WHITESPACE@27..28 " "
                      BIN_EXPR@28..37
                        PAREN_EXPR@28..31
                          L_PAREN@28..29 "("
                          PATH_EXPR@29..30
                            PATH@29..30
                              PATH_SEGMENT@29..30
                                NAME_REF@29..30
                                  IDENT@29..30 "a"
                          R_PAREN@30..31 ")"
                        WHITESPACE@31..32 " "
                        PLUS@32..33 "+"
                        WHITESPACE@33..34 " "
                        PAREN_EXPR@34..37
                          L_PAREN@34..35 "("
                          PATH_EXPR@35..36
                            PATH@35..36
                              PATH_SEGMENT@35..36
                                NAME_REF@35..36
                                  IDENT@35..36 "b"
                          R_PAREN@36..37 ")"
                    SEMICOLON@37..38 ";"
                  WHITESPACE@38..39 " "
                  R_BRACE@39..40 "}"
              WHITESPACE@40..41 "\n"
        "#]],
    );
}
