//! Snapshot tests of declarations written as conditions: `if (int y = g())`,
//! `while (uint x = f())`, `switch (int c = a)`, and what stays an expression.

use expect_test::expect;

use super::check;

#[test]
fn if_with_declaration() {
    check(
        r#"void f() { if (int y = g()) h(y); }
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
                  IF_STMT@11..33
                    IF_KW@11..13 "if"
                    WHITESPACE@13..14 " "
                    L_PAREN@14..15 "("
                    CONDITION_DECL@15..26
                      VAR_DECL@15..26
                        TYPE_REF@15..18
                          PATH@15..18
                            PATH_SEGMENT@15..18
                              NAME_REF@15..18
                                IDENT@15..18 "int"
                        WHITESPACE@18..19 " "
                        VAR_DECLARATOR@19..26
                          NAME@19..20
                            IDENT@19..20 "y"
                          WHITESPACE@20..21 " "
                          EQ@21..22 "="
                          WHITESPACE@22..23 " "
                          CALL_EXPR@23..26
                            PATH_EXPR@23..24
                              PATH@23..24
                                PATH_SEGMENT@23..24
                                  NAME_REF@23..24
                                    IDENT@23..24 "g"
                            ARG_LIST@24..26
                              L_PAREN@24..25 "("
                              R_PAREN@25..26 ")"
                    R_PAREN@26..27 ")"
                    WHITESPACE@27..28 " "
                    EXPR_STMT@28..33
                      CALL_EXPR@28..32
                        PATH_EXPR@28..29
                          PATH@28..29
                            PATH_SEGMENT@28..29
                              NAME_REF@28..29
                                IDENT@28..29 "h"
                        ARG_LIST@29..32
                          L_PAREN@29..30 "("
                          PATH_EXPR@30..31
                            PATH@30..31
                              PATH_SEGMENT@30..31
                                NAME_REF@30..31
                                  IDENT@30..31 "y"
                          R_PAREN@31..32 ")"
                      SEMICOLON@32..33 ";"
                  WHITESPACE@33..34 " "
                  R_BRACE@34..35 "}"
              WHITESPACE@35..36 "\n"
        "#]],
    );
}

#[test]
fn while_and_switch_with_declarations() {
    check(
        r#"void f() { while (const uint x = n--) {} switch (int c = a) { default: break; } }
"#,
        expect![[r#"
            SOURCE_FILE@0..82
              FN_DEF@0..81
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
                BLOCK@9..81
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  WHILE_STMT@11..40
                    WHILE_KW@11..16 "while"
                    WHITESPACE@16..17 " "
                    L_PAREN@17..18 "("
                    CONDITION_DECL@18..36
                      VAR_DECL@18..36
                        CONST_KW@18..23 "const"
                        WHITESPACE@23..24 " "
                        TYPE_REF@24..28
                          PATH@24..28
                            PATH_SEGMENT@24..28
                              NAME_REF@24..28
                                IDENT@24..28 "uint"
                        WHITESPACE@28..29 " "
                        VAR_DECLARATOR@29..36
                          NAME@29..30
                            IDENT@29..30 "x"
                          WHITESPACE@30..31 " "
                          EQ@31..32 "="
                          WHITESPACE@32..33 " "
                          POSTFIX_EXPR@33..36
                            PATH_EXPR@33..34
                              PATH@33..34
                                PATH_SEGMENT@33..34
                                  NAME_REF@33..34
                                    IDENT@33..34 "n"
                            MINUS2@34..36 "--"
                    R_PAREN@36..37 ")"
                    WHITESPACE@37..38 " "
                    BLOCK@38..40
                      L_BRACE@38..39 "{"
                      R_BRACE@39..40 "}"
                  WHITESPACE@40..41 " "
                  SWITCH_STMT@41..79
                    SWITCH_KW@41..47 "switch"
                    WHITESPACE@47..48 " "
                    L_PAREN@48..49 "("
                    CONDITION_DECL@49..58
                      VAR_DECL@49..58
                        TYPE_REF@49..52
                          PATH@49..52
                            PATH_SEGMENT@49..52
                              NAME_REF@49..52
                                IDENT@49..52 "int"
                        WHITESPACE@52..53 " "
                        VAR_DECLARATOR@53..58
                          NAME@53..54
                            IDENT@53..54 "c"
                          WHITESPACE@54..55 " "
                          EQ@55..56 "="
                          WHITESPACE@56..57 " "
                          PATH_EXPR@57..58
                            PATH@57..58
                              PATH_SEGMENT@57..58
                                NAME_REF@57..58
                                  IDENT@57..58 "a"
                    R_PAREN@58..59 ")"
                    WHITESPACE@59..60 " "
                    SWITCH_BODY@60..79
                      L_BRACE@60..61 "{"
                      WHITESPACE@61..62 " "
                      CASE_CLAUSE@62..77
                        DEFAULT_KW@62..69 "default"
                        COLON@69..70 ":"
                        WHITESPACE@70..71 " "
                        BREAK_STMT@71..77
                          BREAK_KW@71..76 "break"
                          SEMICOLON@76..77 ";"
                      WHITESPACE@77..78 " "
                      R_BRACE@78..79 "}"
                  WHITESPACE@79..80 " "
                  R_BRACE@80..81 "}"
              WHITESPACE@81..82 "\n"
        "#]],
    );
}

#[test]
fn condition_expressions_stay_expressions() {
    // A call and a comparison are not declarations; `do ... while` takes no declaration.
    check(
        r#"void f() { if (g(y)) {} while (a < b) {} do {} while (int z = 1); }
"#,
        expect![[r#"
            SOURCE_FILE@0..68
              FN_DEF@0..67
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
                BLOCK@9..67
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  IF_STMT@11..23
                    IF_KW@11..13 "if"
                    WHITESPACE@13..14 " "
                    L_PAREN@14..15 "("
                    CALL_EXPR@15..19
                      PATH_EXPR@15..16
                        PATH@15..16
                          PATH_SEGMENT@15..16
                            NAME_REF@15..16
                              IDENT@15..16 "g"
                      ARG_LIST@16..19
                        L_PAREN@16..17 "("
                        PATH_EXPR@17..18
                          PATH@17..18
                            PATH_SEGMENT@17..18
                              NAME_REF@17..18
                                IDENT@17..18 "y"
                        R_PAREN@18..19 ")"
                    R_PAREN@19..20 ")"
                    WHITESPACE@20..21 " "
                    BLOCK@21..23
                      L_BRACE@21..22 "{"
                      R_BRACE@22..23 "}"
                  WHITESPACE@23..24 " "
                  WHILE_STMT@24..40
                    WHILE_KW@24..29 "while"
                    WHITESPACE@29..30 " "
                    L_PAREN@30..31 "("
                    BIN_EXPR@31..36
                      PATH_EXPR@31..32
                        PATH@31..32
                          PATH_SEGMENT@31..32
                            NAME_REF@31..32
                              IDENT@31..32 "a"
                      WHITESPACE@32..33 " "
                      LT@33..34 "<"
                      WHITESPACE@34..35 " "
                      PATH_EXPR@35..36
                        PATH@35..36
                          PATH_SEGMENT@35..36
                            NAME_REF@35..36
                              IDENT@35..36 "b"
                    R_PAREN@36..37 ")"
                    WHITESPACE@37..38 " "
                    BLOCK@38..40
                      L_BRACE@38..39 "{"
                      R_BRACE@39..40 "}"
                  WHITESPACE@40..41 " "
                  DO_WHILE_STMT@41..57
                    DO_KW@41..43 "do"
                    WHITESPACE@43..44 " "
                    BLOCK@44..46
                      L_BRACE@44..45 "{"
                      R_BRACE@45..46 "}"
                    WHITESPACE@46..47 " "
                    WHILE_KW@47..52 "while"
                    WHITESPACE@52..53 " "
                    L_PAREN@53..54 "("
                    PATH_EXPR@54..57
                      PATH@54..57
                        PATH_SEGMENT@54..57
                          NAME_REF@54..57
                            IDENT@54..57 "int"
                  WHITESPACE@57..58 " "
                  EXPR_STMT@58..63
                    BIN_EXPR@58..63
                      PATH_EXPR@58..59
                        PATH@58..59
                          PATH_SEGMENT@58..59
                            NAME_REF@58..59
                              IDENT@58..59 "z"
                      WHITESPACE@59..60 " "
                      EQ@60..61 "="
                      WHITESPACE@61..62 " "
                      LITERAL@62..63
                        INT_NUMBER@62..63 "1"
                  ERROR@63..65
                    R_PAREN@63..64 ")"
                    SEMICOLON@64..65 ";"
                  WHITESPACE@65..66 " "
                  R_BRACE@66..67 "}"
              WHITESPACE@67..68 "\n"
            error 58..59: expected `)` after condition
            error 54..57: expected `;` after `do`-`while` loop
            error 62..63: expected `;` after expression
            error 63..64: expected a statement
        "#]],
    );
}

#[test]
fn broken_condition_declaration() {
    // No initializer, and a missing `)`: errors in the tree, the text kept.
    check(
        r#"void f() { if (int y) {} switch (int c = { }
"#,
        expect![[r#"
            SOURCE_FILE@0..45
              FN_DEF@0..44
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
                BLOCK@9..44
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  IF_STMT@11..24
                    IF_KW@11..13 "if"
                    WHITESPACE@13..14 " "
                    L_PAREN@14..15 "("
                    CONDITION_DECL@15..20
                      VAR_DECL@15..20
                        TYPE_REF@15..18
                          PATH@15..18
                            PATH_SEGMENT@15..18
                              NAME_REF@15..18
                                IDENT@15..18 "int"
                        WHITESPACE@18..19 " "
                        VAR_DECLARATOR@19..20
                          NAME@19..20
                            IDENT@19..20 "y"
                    R_PAREN@20..21 ")"
                    WHITESPACE@21..22 " "
                    BLOCK@22..24
                      L_BRACE@22..23 "{"
                      R_BRACE@23..24 "}"
                  WHITESPACE@24..25 " "
                  SWITCH_STMT@25..44
                    SWITCH_KW@25..31 "switch"
                    WHITESPACE@31..32 " "
                    L_PAREN@32..33 "("
                    CONDITION_DECL@33..44
                      VAR_DECL@33..44
                        TYPE_REF@33..36
                          PATH@33..36
                            PATH_SEGMENT@33..36
                              NAME_REF@33..36
                                IDENT@33..36 "int"
                        WHITESPACE@36..37 " "
                        VAR_DECLARATOR@37..44
                          NAME@37..38
                            IDENT@37..38 "c"
                          WHITESPACE@38..39 " "
                          EQ@39..40 "="
                          WHITESPACE@40..41 " "
                          INIT_LIST_EXPR@41..44
                            L_BRACE@41..42 "{"
                            WHITESPACE@42..43 " "
                            R_BRACE@43..44 "}"
              WHITESPACE@44..45 "\n"
            error 20..21: expected `=` and an initializer: a declaration in a condition needs a value
            error 44..44: expected `)` after condition
        "#]],
    );
}
