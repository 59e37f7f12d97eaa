//! Snapshot tests of statements: blocks, declarations, `if`, loops, `switch`, jumps, loop attributes.

use expect_test::expect;

use super::check;

#[test]
fn block_nested() {
    check(
        r#"void f() { { ; } }
"#,
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
                PARAM_LIST@6..8
                  L_PAREN@6..7 "("
                  R_PAREN@7..8 ")"
                WHITESPACE@8..9 " "
                BLOCK@9..18
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  BLOCK@11..16
                    L_BRACE@11..12 "{"
                    WHITESPACE@12..13 " "
                    EMPTY_STMT@13..14
                      SEMICOLON@13..14 ";"
                    WHITESPACE@14..15 " "
                    R_BRACE@15..16 "}"
                  WHITESPACE@16..17 " "
                  R_BRACE@17..18 "}"
              WHITESPACE@18..19 "\n"
        "#]],
    );
}

#[test]
fn local_declarations() {
    check(
        r#"void f() { const float x = 1; static int s; float a, b = 2; }
"#,
        expect![[r#"
            SOURCE_FILE@0..62
              FN_DEF@0..61
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
                BLOCK@9..61
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  DECL_STMT@11..29
                    VAR_DECL@11..29
                      CONST_KW@11..16 "const"
                      WHITESPACE@16..17 " "
                      TYPE_REF@17..22
                        PATH@17..22
                          PATH_SEGMENT@17..22
                            NAME_REF@17..22
                              IDENT@17..22 "float"
                      WHITESPACE@22..23 " "
                      VAR_DECLARATOR@23..28
                        NAME@23..24
                          IDENT@23..24 "x"
                        WHITESPACE@24..25 " "
                        EQ@25..26 "="
                        WHITESPACE@26..27 " "
                        LITERAL@27..28
                          INT_NUMBER@27..28 "1"
                      SEMICOLON@28..29 ";"
                  WHITESPACE@29..30 " "
                  DECL_STMT@30..43
                    VAR_DECL@30..43
                      STATIC_KW@30..36 "static"
                      WHITESPACE@36..37 " "
                      TYPE_REF@37..40
                        PATH@37..40
                          PATH_SEGMENT@37..40
                            NAME_REF@37..40
                              IDENT@37..40 "int"
                      WHITESPACE@40..41 " "
                      VAR_DECLARATOR@41..42
                        NAME@41..42
                          IDENT@41..42 "s"
                      SEMICOLON@42..43 ";"
                  WHITESPACE@43..44 " "
                  DECL_STMT@44..59
                    VAR_DECL@44..59
                      TYPE_REF@44..49
                        PATH@44..49
                          PATH_SEGMENT@44..49
                            NAME_REF@44..49
                              IDENT@44..49 "float"
                      WHITESPACE@49..50 " "
                      VAR_DECLARATOR@50..51
                        NAME@50..51
                          IDENT@50..51 "a"
                      COMMA@51..52 ","
                      WHITESPACE@52..53 " "
                      VAR_DECLARATOR@53..58
                        NAME@53..54
                          IDENT@53..54 "b"
                        WHITESPACE@54..55 " "
                        EQ@55..56 "="
                        WHITESPACE@56..57 " "
                        LITERAL@57..58
                          INT_NUMBER@57..58 "2"
                      SEMICOLON@58..59 ";"
                  WHITESPACE@59..60 " "
                  R_BRACE@60..61 "}"
              WHITESPACE@61..62 "\n"
        "#]],
    );
}

#[test]
fn local_struct_and_typedef() {
    check(
        r#"void f() { struct L { int a; }; typedef float F; L l; }
"#,
        expect![[r#"
            SOURCE_FILE@0..56
              FN_DEF@0..55
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
                BLOCK@9..55
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  DECL_STMT@11..31
                    STRUCT_DEF@11..31
                      STRUCT_KW@11..17 "struct"
                      WHITESPACE@17..18 " "
                      NAME@18..19
                        IDENT@18..19 "L"
                      WHITESPACE@19..20 " "
                      FIELD_LIST@20..30
                        L_BRACE@20..21 "{"
                        WHITESPACE@21..22 " "
                        VAR_DECL@22..28
                          TYPE_REF@22..25
                            PATH@22..25
                              PATH_SEGMENT@22..25
                                NAME_REF@22..25
                                  IDENT@22..25 "int"
                          WHITESPACE@25..26 " "
                          VAR_DECLARATOR@26..27
                            NAME@26..27
                              IDENT@26..27 "a"
                          SEMICOLON@27..28 ";"
                        WHITESPACE@28..29 " "
                        R_BRACE@29..30 "}"
                      SEMICOLON@30..31 ";"
                  WHITESPACE@31..32 " "
                  DECL_STMT@32..48
                    TYPEDEF_DEF@32..48
                      TYPEDEF_KW@32..39 "typedef"
                      WHITESPACE@39..40 " "
                      TYPE_REF@40..45
                        PATH@40..45
                          PATH_SEGMENT@40..45
                            NAME_REF@40..45
                              IDENT@40..45 "float"
                      WHITESPACE@45..46 " "
                      VAR_DECLARATOR@46..47
                        NAME@46..47
                          IDENT@46..47 "F"
                      SEMICOLON@47..48 ";"
                  WHITESPACE@48..49 " "
                  DECL_STMT@49..53
                    VAR_DECL@49..53
                      TYPE_REF@49..50
                        PATH@49..50
                          PATH_SEGMENT@49..50
                            NAME_REF@49..50
                              IDENT@49..50 "L"
                      WHITESPACE@50..51 " "
                      VAR_DECLARATOR@51..52
                        NAME@51..52
                          IDENT@51..52 "l"
                      SEMICOLON@52..53 ";"
                  WHITESPACE@53..54 " "
                  R_BRACE@54..55 "}"
              WHITESPACE@55..56 "\n"
        "#]],
    );
}

#[test]
fn expression_statements() {
    check(
        r#"void f() { x = 1; x += 2; x <<= 1; }
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
                  EXPR_STMT@18..25
                    BIN_EXPR@18..24
                      PATH_EXPR@18..19
                        PATH@18..19
                          PATH_SEGMENT@18..19
                            NAME_REF@18..19
                              IDENT@18..19 "x"
                      WHITESPACE@19..20 " "
                      PLUSEQ@20..22 "+="
                      WHITESPACE@22..23 " "
                      LITERAL@23..24
                        INT_NUMBER@23..24 "2"
                    SEMICOLON@24..25 ";"
                  WHITESPACE@25..26 " "
                  EXPR_STMT@26..34
                    BIN_EXPR@26..33
                      PATH_EXPR@26..27
                        PATH@26..27
                          PATH_SEGMENT@26..27
                            NAME_REF@26..27
                              IDENT@26..27 "x"
                      WHITESPACE@27..28 " "
                      SHLEQ@28..31 "<<="
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
fn if_else_chain() {
    check(
        r#"void f() { if (a) b(); else if (c) d(); else { e(); } }
"#,
        expect![[r#"
            SOURCE_FILE@0..56
              FN_DEF@0..55
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
                BLOCK@9..55
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  IF_STMT@11..53
                    IF_KW@11..13 "if"
                    WHITESPACE@13..14 " "
                    L_PAREN@14..15 "("
                    PATH_EXPR@15..16
                      PATH@15..16
                        PATH_SEGMENT@15..16
                          NAME_REF@15..16
                            IDENT@15..16 "a"
                    R_PAREN@16..17 ")"
                    WHITESPACE@17..18 " "
                    EXPR_STMT@18..22
                      CALL_EXPR@18..21
                        PATH_EXPR@18..19
                          PATH@18..19
                            PATH_SEGMENT@18..19
                              NAME_REF@18..19
                                IDENT@18..19 "b"
                        ARG_LIST@19..21
                          L_PAREN@19..20 "("
                          R_PAREN@20..21 ")"
                      SEMICOLON@21..22 ";"
                    WHITESPACE@22..23 " "
                    ELSE_BRANCH@23..53
                      ELSE_KW@23..27 "else"
                      WHITESPACE@27..28 " "
                      IF_STMT@28..53
                        IF_KW@28..30 "if"
                        WHITESPACE@30..31 " "
                        L_PAREN@31..32 "("
                        PATH_EXPR@32..33
                          PATH@32..33
                            PATH_SEGMENT@32..33
                              NAME_REF@32..33
                                IDENT@32..33 "c"
                        R_PAREN@33..34 ")"
                        WHITESPACE@34..35 " "
                        EXPR_STMT@35..39
                          CALL_EXPR@35..38
                            PATH_EXPR@35..36
                              PATH@35..36
                                PATH_SEGMENT@35..36
                                  NAME_REF@35..36
                                    IDENT@35..36 "d"
                            ARG_LIST@36..38
                              L_PAREN@36..37 "("
                              R_PAREN@37..38 ")"
                          SEMICOLON@38..39 ";"
                        WHITESPACE@39..40 " "
                        ELSE_BRANCH@40..53
                          ELSE_KW@40..44 "else"
                          WHITESPACE@44..45 " "
                          BLOCK@45..53
                            L_BRACE@45..46 "{"
                            WHITESPACE@46..47 " "
                            EXPR_STMT@47..51
                              CALL_EXPR@47..50
                                PATH_EXPR@47..48
                                  PATH@47..48
                                    PATH_SEGMENT@47..48
                                      NAME_REF@47..48
                                        IDENT@47..48 "e"
                                ARG_LIST@48..50
                                  L_PAREN@48..49 "("
                                  R_PAREN@49..50 ")"
                              SEMICOLON@50..51 ";"
                            WHITESPACE@51..52 " "
                            R_BRACE@52..53 "}"
                  WHITESPACE@53..54 " "
                  R_BRACE@54..55 "}"
              WHITESPACE@55..56 "\n"
        "#]],
    );
}

#[test]
fn for_with_declaration() {
    check(
        r#"void f() { for (int i = 0; i < 4; ++i) { } }
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
                  FOR_STMT@11..42
                    FOR_KW@11..14 "for"
                    WHITESPACE@14..15 " "
                    L_PAREN@15..16 "("
                    DECL_STMT@16..26
                      VAR_DECL@16..26
                        TYPE_REF@16..19
                          PATH@16..19
                            PATH_SEGMENT@16..19
                              NAME_REF@16..19
                                IDENT@16..19 "int"
                        WHITESPACE@19..20 " "
                        VAR_DECLARATOR@20..25
                          NAME@20..21
                            IDENT@20..21 "i"
                          WHITESPACE@21..22 " "
                          EQ@22..23 "="
                          WHITESPACE@23..24 " "
                          LITERAL@24..25
                            INT_NUMBER@24..25 "0"
                        SEMICOLON@25..26 ";"
                    WHITESPACE@26..27 " "
                    FOR_COND@27..32
                      BIN_EXPR@27..32
                        PATH_EXPR@27..28
                          PATH@27..28
                            PATH_SEGMENT@27..28
                              NAME_REF@27..28
                                IDENT@27..28 "i"
                        WHITESPACE@28..29 " "
                        LT@29..30 "<"
                        WHITESPACE@30..31 " "
                        LITERAL@31..32
                          INT_NUMBER@31..32 "4"
                    SEMICOLON@32..33 ";"
                    WHITESPACE@33..34 " "
                    FOR_STEP@34..37
                      PREFIX_EXPR@34..37
                        PLUS2@34..36 "++"
                        PATH_EXPR@36..37
                          PATH@36..37
                            PATH_SEGMENT@36..37
                              NAME_REF@36..37
                                IDENT@36..37 "i"
                    R_PAREN@37..38 ")"
                    WHITESPACE@38..39 " "
                    BLOCK@39..42
                      L_BRACE@39..40 "{"
                      WHITESPACE@40..41 " "
                      R_BRACE@41..42 "}"
                  WHITESPACE@42..43 " "
                  R_BRACE@43..44 "}"
              WHITESPACE@44..45 "\n"
        "#]],
    );
}

#[test]
fn for_with_expression_init() {
    check(
        r#"void f() { for (i = 0, j = 1; i < j; i++, j--) ; }
"#,
        expect![[r#"
            SOURCE_FILE@0..51
              FN_DEF@0..50
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
                BLOCK@9..50
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  FOR_STMT@11..48
                    FOR_KW@11..14 "for"
                    WHITESPACE@14..15 " "
                    L_PAREN@15..16 "("
                    EXPR_STMT@16..29
                      BIN_EXPR@16..28
                        BIN_EXPR@16..21
                          PATH_EXPR@16..17
                            PATH@16..17
                              PATH_SEGMENT@16..17
                                NAME_REF@16..17
                                  IDENT@16..17 "i"
                          WHITESPACE@17..18 " "
                          EQ@18..19 "="
                          WHITESPACE@19..20 " "
                          LITERAL@20..21
                            INT_NUMBER@20..21 "0"
                        COMMA@21..22 ","
                        WHITESPACE@22..23 " "
                        BIN_EXPR@23..28
                          PATH_EXPR@23..24
                            PATH@23..24
                              PATH_SEGMENT@23..24
                                NAME_REF@23..24
                                  IDENT@23..24 "j"
                          WHITESPACE@24..25 " "
                          EQ@25..26 "="
                          WHITESPACE@26..27 " "
                          LITERAL@27..28
                            INT_NUMBER@27..28 "1"
                      SEMICOLON@28..29 ";"
                    WHITESPACE@29..30 " "
                    FOR_COND@30..35
                      BIN_EXPR@30..35
                        PATH_EXPR@30..31
                          PATH@30..31
                            PATH_SEGMENT@30..31
                              NAME_REF@30..31
                                IDENT@30..31 "i"
                        WHITESPACE@31..32 " "
                        LT@32..33 "<"
                        WHITESPACE@33..34 " "
                        PATH_EXPR@34..35
                          PATH@34..35
                            PATH_SEGMENT@34..35
                              NAME_REF@34..35
                                IDENT@34..35 "j"
                    SEMICOLON@35..36 ";"
                    WHITESPACE@36..37 " "
                    FOR_STEP@37..45
                      BIN_EXPR@37..45
                        POSTFIX_EXPR@37..40
                          PATH_EXPR@37..38
                            PATH@37..38
                              PATH_SEGMENT@37..38
                                NAME_REF@37..38
                                  IDENT@37..38 "i"
                          PLUS2@38..40 "++"
                        COMMA@40..41 ","
                        WHITESPACE@41..42 " "
                        POSTFIX_EXPR@42..45
                          PATH_EXPR@42..43
                            PATH@42..43
                              PATH_SEGMENT@42..43
                                NAME_REF@42..43
                                  IDENT@42..43 "j"
                          MINUS2@43..45 "--"
                    R_PAREN@45..46 ")"
                    WHITESPACE@46..47 " "
                    EMPTY_STMT@47..48
                      SEMICOLON@47..48 ";"
                  WHITESPACE@48..49 " "
                  R_BRACE@49..50 "}"
              WHITESPACE@50..51 "\n"
        "#]],
    );
}

#[test]
fn for_empty_parts() {
    check(
        r#"void f() { for (;;) break; }
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
                  FOR_STMT@11..26
                    FOR_KW@11..14 "for"
                    WHITESPACE@14..15 " "
                    L_PAREN@15..16 "("
                    SEMICOLON@16..17 ";"
                    SEMICOLON@17..18 ";"
                    R_PAREN@18..19 ")"
                    WHITESPACE@19..20 " "
                    BREAK_STMT@20..26
                      BREAK_KW@20..25 "break"
                      SEMICOLON@25..26 ";"
                  WHITESPACE@26..27 " "
                  R_BRACE@27..28 "}"
              WHITESPACE@28..29 "\n"
        "#]],
    );
}

#[test]
fn while_loop() {
    check(
        r#"void f() { while (i < 10) i++; }
"#,
        expect![[r#"
            SOURCE_FILE@0..33
              FN_DEF@0..32
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
                BLOCK@9..32
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  WHILE_STMT@11..30
                    WHILE_KW@11..16 "while"
                    WHITESPACE@16..17 " "
                    L_PAREN@17..18 "("
                    BIN_EXPR@18..24
                      PATH_EXPR@18..19
                        PATH@18..19
                          PATH_SEGMENT@18..19
                            NAME_REF@18..19
                              IDENT@18..19 "i"
                      WHITESPACE@19..20 " "
                      LT@20..21 "<"
                      WHITESPACE@21..22 " "
                      LITERAL@22..24
                        INT_NUMBER@22..24 "10"
                    R_PAREN@24..25 ")"
                    WHITESPACE@25..26 " "
                    EXPR_STMT@26..30
                      POSTFIX_EXPR@26..29
                        PATH_EXPR@26..27
                          PATH@26..27
                            PATH_SEGMENT@26..27
                              NAME_REF@26..27
                                IDENT@26..27 "i"
                        PLUS2@27..29 "++"
                      SEMICOLON@29..30 ";"
                  WHITESPACE@30..31 " "
                  R_BRACE@31..32 "}"
              WHITESPACE@32..33 "\n"
        "#]],
    );
}

#[test]
fn do_while_loop() {
    check(
        r#"void f() { do { i--; } while (i > 0); }
"#,
        expect![[r#"
            SOURCE_FILE@0..40
              FN_DEF@0..39
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
                BLOCK@9..39
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  DO_WHILE_STMT@11..37
                    DO_KW@11..13 "do"
                    WHITESPACE@13..14 " "
                    BLOCK@14..22
                      L_BRACE@14..15 "{"
                      WHITESPACE@15..16 " "
                      EXPR_STMT@16..20
                        POSTFIX_EXPR@16..19
                          PATH_EXPR@16..17
                            PATH@16..17
                              PATH_SEGMENT@16..17
                                NAME_REF@16..17
                                  IDENT@16..17 "i"
                          MINUS2@17..19 "--"
                        SEMICOLON@19..20 ";"
                      WHITESPACE@20..21 " "
                      R_BRACE@21..22 "}"
                    WHITESPACE@22..23 " "
                    WHILE_KW@23..28 "while"
                    WHITESPACE@28..29 " "
                    L_PAREN@29..30 "("
                    BIN_EXPR@30..35
                      PATH_EXPR@30..31
                        PATH@30..31
                          PATH_SEGMENT@30..31
                            NAME_REF@30..31
                              IDENT@30..31 "i"
                      WHITESPACE@31..32 " "
                      GT@32..33 ">"
                      WHITESPACE@33..34 " "
                      LITERAL@34..35
                        INT_NUMBER@34..35 "0"
                    R_PAREN@35..36 ")"
                    SEMICOLON@36..37 ";"
                  WHITESPACE@37..38 " "
                  R_BRACE@38..39 "}"
              WHITESPACE@39..40 "\n"
        "#]],
    );
}

#[test]
fn switch_cases() {
    check(
        r#"void f() { switch (x) { case 0: a(); break; case 1: case 2: { b(); } break; default: c(); } }
"#,
        expect![[r#"
            SOURCE_FILE@0..94
              FN_DEF@0..93
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
                BLOCK@9..93
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  SWITCH_STMT@11..91
                    SWITCH_KW@11..17 "switch"
                    WHITESPACE@17..18 " "
                    L_PAREN@18..19 "("
                    PATH_EXPR@19..20
                      PATH@19..20
                        PATH_SEGMENT@19..20
                          NAME_REF@19..20
                            IDENT@19..20 "x"
                    R_PAREN@20..21 ")"
                    WHITESPACE@21..22 " "
                    SWITCH_BODY@22..91
                      L_BRACE@22..23 "{"
                      WHITESPACE@23..24 " "
                      CASE_CLAUSE@24..43
                        CASE_KW@24..28 "case"
                        WHITESPACE@28..29 " "
                        LITERAL@29..30
                          INT_NUMBER@29..30 "0"
                        COLON@30..31 ":"
                        WHITESPACE@31..32 " "
                        EXPR_STMT@32..36
                          CALL_EXPR@32..35
                            PATH_EXPR@32..33
                              PATH@32..33
                                PATH_SEGMENT@32..33
                                  NAME_REF@32..33
                                    IDENT@32..33 "a"
                            ARG_LIST@33..35
                              L_PAREN@33..34 "("
                              R_PAREN@34..35 ")"
                          SEMICOLON@35..36 ";"
                        WHITESPACE@36..37 " "
                        BREAK_STMT@37..43
                          BREAK_KW@37..42 "break"
                          SEMICOLON@42..43 ";"
                      WHITESPACE@43..44 " "
                      CASE_CLAUSE@44..51
                        CASE_KW@44..48 "case"
                        WHITESPACE@48..49 " "
                        LITERAL@49..50
                          INT_NUMBER@49..50 "1"
                        COLON@50..51 ":"
                      WHITESPACE@51..52 " "
                      CASE_CLAUSE@52..75
                        CASE_KW@52..56 "case"
                        WHITESPACE@56..57 " "
                        LITERAL@57..58
                          INT_NUMBER@57..58 "2"
                        COLON@58..59 ":"
                        WHITESPACE@59..60 " "
                        BLOCK@60..68
                          L_BRACE@60..61 "{"
                          WHITESPACE@61..62 " "
                          EXPR_STMT@62..66
                            CALL_EXPR@62..65
                              PATH_EXPR@62..63
                                PATH@62..63
                                  PATH_SEGMENT@62..63
                                    NAME_REF@62..63
                                      IDENT@62..63 "b"
                              ARG_LIST@63..65
                                L_PAREN@63..64 "("
                                R_PAREN@64..65 ")"
                            SEMICOLON@65..66 ";"
                          WHITESPACE@66..67 " "
                          R_BRACE@67..68 "}"
                        WHITESPACE@68..69 " "
                        BREAK_STMT@69..75
                          BREAK_KW@69..74 "break"
                          SEMICOLON@74..75 ";"
                      WHITESPACE@75..76 " "
                      CASE_CLAUSE@76..89
                        DEFAULT_KW@76..83 "default"
                        COLON@83..84 ":"
                        WHITESPACE@84..85 " "
                        EXPR_STMT@85..89
                          CALL_EXPR@85..88
                            PATH_EXPR@85..86
                              PATH@85..86
                                PATH_SEGMENT@85..86
                                  NAME_REF@85..86
                                    IDENT@85..86 "c"
                            ARG_LIST@86..88
                              L_PAREN@86..87 "("
                              R_PAREN@87..88 ")"
                          SEMICOLON@88..89 ";"
                      WHITESPACE@89..90 " "
                      R_BRACE@90..91 "}"
                  WHITESPACE@91..92 " "
                  R_BRACE@92..93 "}"
              WHITESPACE@93..94 "\n"
        "#]],
    );
}

#[test]
fn switch_qualified_case() {
    check(
        r#"void f() { switch (m) { case Mode::A: return; } }
"#,
        expect![[r#"
            SOURCE_FILE@0..50
              FN_DEF@0..49
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
                BLOCK@9..49
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  SWITCH_STMT@11..47
                    SWITCH_KW@11..17 "switch"
                    WHITESPACE@17..18 " "
                    L_PAREN@18..19 "("
                    PATH_EXPR@19..20
                      PATH@19..20
                        PATH_SEGMENT@19..20
                          NAME_REF@19..20
                            IDENT@19..20 "m"
                    R_PAREN@20..21 ")"
                    WHITESPACE@21..22 " "
                    SWITCH_BODY@22..47
                      L_BRACE@22..23 "{"
                      WHITESPACE@23..24 " "
                      CASE_CLAUSE@24..45
                        CASE_KW@24..28 "case"
                        WHITESPACE@28..29 " "
                        PATH_EXPR@29..36
                          PATH@29..36
                            PATH_SEGMENT@29..33
                              NAME_REF@29..33
                                IDENT@29..33 "Mode"
                            COLON2@33..35 "::"
                            PATH_SEGMENT@35..36
                              NAME_REF@35..36
                                IDENT@35..36 "A"
                        COLON@36..37 ":"
                        WHITESPACE@37..38 " "
                        RETURN_STMT@38..45
                          RETURN_KW@38..44 "return"
                          SEMICOLON@44..45 ";"
                      WHITESPACE@45..46 " "
                      R_BRACE@46..47 "}"
                  WHITESPACE@47..48 " "
                  R_BRACE@48..49 "}"
              WHITESPACE@49..50 "\n"
        "#]],
    );
}

#[test]
fn return_forms() {
    check(
        r#"float f() { return; return 1 + 2; }
"#,
        expect![[r#"
            SOURCE_FILE@0..36
              FN_DEF@0..35
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                NAME@6..7
                  IDENT@6..7 "f"
                PARAM_LIST@7..9
                  L_PAREN@7..8 "("
                  R_PAREN@8..9 ")"
                WHITESPACE@9..10 " "
                BLOCK@10..35
                  L_BRACE@10..11 "{"
                  WHITESPACE@11..12 " "
                  RETURN_STMT@12..19
                    RETURN_KW@12..18 "return"
                    SEMICOLON@18..19 ";"
                  WHITESPACE@19..20 " "
                  RETURN_STMT@20..33
                    RETURN_KW@20..26 "return"
                    WHITESPACE@26..27 " "
                    BIN_EXPR@27..32
                      LITERAL@27..28
                        INT_NUMBER@27..28 "1"
                      WHITESPACE@28..29 " "
                      PLUS@29..30 "+"
                      WHITESPACE@30..31 " "
                      LITERAL@31..32
                        INT_NUMBER@31..32 "2"
                    SEMICOLON@32..33 ";"
                  WHITESPACE@33..34 " "
                  R_BRACE@34..35 "}"
              WHITESPACE@35..36 "\n"
        "#]],
    );
}

#[test]
fn discard_and_continue() {
    check(
        r#"void f() { for (;;) { if (a) continue; discard; } }
"#,
        expect![[r#"
            SOURCE_FILE@0..52
              FN_DEF@0..51
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
                BLOCK@9..51
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  FOR_STMT@11..49
                    FOR_KW@11..14 "for"
                    WHITESPACE@14..15 " "
                    L_PAREN@15..16 "("
                    SEMICOLON@16..17 ";"
                    SEMICOLON@17..18 ";"
                    R_PAREN@18..19 ")"
                    WHITESPACE@19..20 " "
                    BLOCK@20..49
                      L_BRACE@20..21 "{"
                      WHITESPACE@21..22 " "
                      IF_STMT@22..38
                        IF_KW@22..24 "if"
                        WHITESPACE@24..25 " "
                        L_PAREN@25..26 "("
                        PATH_EXPR@26..27
                          PATH@26..27
                            PATH_SEGMENT@26..27
                              NAME_REF@26..27
                                IDENT@26..27 "a"
                        R_PAREN@27..28 ")"
                        WHITESPACE@28..29 " "
                        CONTINUE_STMT@29..38
                          CONTINUE_KW@29..37 "continue"
                          SEMICOLON@37..38 ";"
                      WHITESPACE@38..39 " "
                      DISCARD_STMT@39..47
                        DISCARD_KW@39..46 "discard"
                        SEMICOLON@46..47 ";"
                      WHITESPACE@47..48 " "
                      R_BRACE@48..49 "}"
                  WHITESPACE@49..50 " "
                  R_BRACE@50..51 "}"
              WHITESPACE@51..52 "\n"
        "#]],
    );
}

#[test]
fn loop_attributes() {
    check(
        r#"void f() { [unroll] for (;;) {} [unroll(4)] for (;;) {} [loop] while (1) {} }
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
                  FOR_STMT@11..31
                    ATTRIBUTE@11..19
                      L_BRACK@11..12 "["
                      PATH@12..18
                        PATH_SEGMENT@12..18
                          NAME_REF@12..18
                            IDENT@12..18 "unroll"
                      R_BRACK@18..19 "]"
                    WHITESPACE@19..20 " "
                    FOR_KW@20..23 "for"
                    WHITESPACE@23..24 " "
                    L_PAREN@24..25 "("
                    SEMICOLON@25..26 ";"
                    SEMICOLON@26..27 ";"
                    R_PAREN@27..28 ")"
                    WHITESPACE@28..29 " "
                    BLOCK@29..31
                      L_BRACE@29..30 "{"
                      R_BRACE@30..31 "}"
                  WHITESPACE@31..32 " "
                  FOR_STMT@32..55
                    ATTRIBUTE@32..43
                      L_BRACK@32..33 "["
                      PATH@33..39
                        PATH_SEGMENT@33..39
                          NAME_REF@33..39
                            IDENT@33..39 "unroll"
                      ARG_LIST@39..42
                        L_PAREN@39..40 "("
                        LITERAL@40..41
                          INT_NUMBER@40..41 "4"
                        R_PAREN@41..42 ")"
                      R_BRACK@42..43 "]"
                    WHITESPACE@43..44 " "
                    FOR_KW@44..47 "for"
                    WHITESPACE@47..48 " "
                    L_PAREN@48..49 "("
                    SEMICOLON@49..50 ";"
                    SEMICOLON@50..51 ";"
                    R_PAREN@51..52 ")"
                    WHITESPACE@52..53 " "
                    BLOCK@53..55
                      L_BRACE@53..54 "{"
                      R_BRACE@54..55 "}"
                  WHITESPACE@55..56 " "
                  WHILE_STMT@56..75
                    ATTRIBUTE@56..62
                      L_BRACK@56..57 "["
                      PATH@57..61
                        PATH_SEGMENT@57..61
                          NAME_REF@57..61
                            IDENT@57..61 "loop"
                      R_BRACK@61..62 "]"
                    WHITESPACE@62..63 " "
                    WHILE_KW@63..68 "while"
                    WHITESPACE@68..69 " "
                    L_PAREN@69..70 "("
                    LITERAL@70..71
                      INT_NUMBER@70..71 "1"
                    R_PAREN@71..72 ")"
                    WHITESPACE@72..73 " "
                    BLOCK@73..75
                      L_BRACE@73..74 "{"
                      R_BRACE@74..75 "}"
                  WHITESPACE@75..76 " "
                  R_BRACE@76..77 "}"
              WHITESPACE@77..78 "\n"
        "#]],
    );
}
