//! Snapshot tests of error recovery (1/3): each case keeps the rest of the snippet parsed.

use expect_test::expect;

use super::check;

#[test]
fn missing_semicolon_after_global() {
    check(
        r#"float a
float b;
"#,
        expect![[r#"
            SOURCE_FILE@0..17
              VAR_DECL@0..7
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                VAR_DECLARATOR@6..7
                  NAME@6..7
                    IDENT@6..7 "a"
              WHITESPACE@7..8 "\n"
              VAR_DECL@8..16
                TYPE_REF@8..13
                  PATH@8..13
                    PATH_SEGMENT@8..13
                      NAME_REF@8..13
                        IDENT@8..13 "float"
                WHITESPACE@13..14 " "
                VAR_DECLARATOR@14..15
                  NAME@14..15
                    IDENT@14..15 "b"
                SEMICOLON@15..16 ";"
              WHITESPACE@16..17 "\n"
            error 6..7: expected `;` after declaration
        "#]],
    );
}

#[test]
fn missing_semicolon_after_expression() {
    check(
        r#"void f() { x = 1 y = 2; }
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
                  EXPR_STMT@11..16
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
                  WHITESPACE@16..17 " "
                  EXPR_STMT@17..23
                    BIN_EXPR@17..22
                      PATH_EXPR@17..18
                        PATH@17..18
                          PATH_SEGMENT@17..18
                            NAME_REF@17..18
                              IDENT@17..18 "y"
                      WHITESPACE@18..19 " "
                      EQ@19..20 "="
                      WHITESPACE@20..21 " "
                      LITERAL@21..22
                        INT_NUMBER@21..22 "2"
                    SEMICOLON@22..23 ";"
                  WHITESPACE@23..24 " "
                  R_BRACE@24..25 "}"
              WHITESPACE@25..26 "\n"
            error 15..16: expected `;` after expression
        "#]],
    );
}

#[test]
fn missing_rparen_in_call() {
    check(
        r#"void f() { g(a, b; }
"#,
        expect![[r#"
            SOURCE_FILE@0..21
              FN_DEF@0..20
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
                BLOCK@9..20
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..18
                    CALL_EXPR@11..17
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "g"
                      ARG_LIST@12..17
                        L_PAREN@12..13 "("
                        PATH_EXPR@13..14
                          PATH@13..14
                            PATH_SEGMENT@13..14
                              NAME_REF@13..14
                                IDENT@13..14 "a"
                        COMMA@14..15 ","
                        WHITESPACE@15..16 " "
                        PATH_EXPR@16..17
                          PATH@16..17
                            PATH_SEGMENT@16..17
                              NAME_REF@16..17
                                IDENT@16..17 "b"
                    SEMICOLON@17..18 ";"
                  WHITESPACE@18..19 " "
                  R_BRACE@19..20 "}"
              WHITESPACE@20..21 "\n"
            error 17..18: expected `)` after arguments
        "#]],
    );
}

#[test]
fn missing_rparen_in_if() {
    check(
        r#"void f() { if (a { b(); } }
"#,
        expect![[r#"
            SOURCE_FILE@0..28
              FN_DEF@0..27
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
                BLOCK@9..27
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  IF_STMT@11..25
                    IF_KW@11..13 "if"
                    WHITESPACE@13..14 " "
                    L_PAREN@14..15 "("
                    PATH_EXPR@15..16
                      PATH@15..16
                        PATH_SEGMENT@15..16
                          NAME_REF@15..16
                            IDENT@15..16 "a"
                    WHITESPACE@16..17 " "
                    BLOCK@17..25
                      L_BRACE@17..18 "{"
                      WHITESPACE@18..19 " "
                      EXPR_STMT@19..23
                        CALL_EXPR@19..22
                          PATH_EXPR@19..20
                            PATH@19..20
                              PATH_SEGMENT@19..20
                                NAME_REF@19..20
                                  IDENT@19..20 "b"
                          ARG_LIST@20..22
                            L_PAREN@20..21 "("
                            R_PAREN@21..22 ")"
                        SEMICOLON@22..23 ";"
                      WHITESPACE@23..24 " "
                      R_BRACE@24..25 "}"
                  WHITESPACE@25..26 " "
                  R_BRACE@26..27 "}"
              WHITESPACE@27..28 "\n"
            error 17..18: expected `)` after condition
        "#]],
    );
}

#[test]
fn stray_tokens_at_top_level() {
    check(
        r#"float a; ) 42 float b;
"#,
        expect![[r#"
            SOURCE_FILE@0..23
              VAR_DECL@0..8
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                VAR_DECLARATOR@6..7
                  NAME@6..7
                    IDENT@6..7 "a"
                SEMICOLON@7..8 ";"
              WHITESPACE@8..9 " "
              ERROR@9..13
                R_PAREN@9..10 ")"
                WHITESPACE@10..11 " "
                INT_NUMBER@11..13 "42"
              WHITESPACE@13..14 " "
              VAR_DECL@14..22
                TYPE_REF@14..19
                  PATH@14..19
                    PATH_SEGMENT@14..19
                      NAME_REF@14..19
                        IDENT@14..19 "float"
                WHITESPACE@19..20 " "
                VAR_DECLARATOR@20..21
                  NAME@20..21
                    IDENT@20..21 "b"
                SEMICOLON@21..22 ";"
              WHITESPACE@22..23 "\n"
            error 9..10: expected a declaration
        "#]],
    );
}

#[test]
fn unterminated_block() {
    check(
        r#"void f() { x = 1;
"#,
        expect![[r#"
            SOURCE_FILE@0..18
              FN_DEF@0..17
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
                BLOCK@9..17
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
              WHITESPACE@17..18 "\n"
            error 17..17: expected `}` to close the block
        "#]],
    );
}

#[test]
fn unterminated_block_before_cbuffer() {
    check(
        r#"void f() { x = 1;
cbuffer CB { float a; }
"#,
        expect![[r#"
            SOURCE_FILE@0..42
              FN_DEF@0..17
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
                BLOCK@9..17
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
              WHITESPACE@17..18 "\n"
              CBUFFER_DEF@18..41
                CBUFFER_KW@18..25 "cbuffer"
                WHITESPACE@25..26 " "
                NAME@26..28
                  IDENT@26..28 "CB"
                WHITESPACE@28..29 " "
                ITEM_LIST@29..41
                  L_BRACE@29..30 "{"
                  WHITESPACE@30..31 " "
                  VAR_DECL@31..39
                    TYPE_REF@31..36
                      PATH@31..36
                        PATH_SEGMENT@31..36
                          NAME_REF@31..36
                            IDENT@31..36 "float"
                    WHITESPACE@36..37 " "
                    VAR_DECLARATOR@37..38
                      NAME@37..38
                        IDENT@37..38 "a"
                    SEMICOLON@38..39 ";"
                  WHITESPACE@39..40 " "
                  R_BRACE@40..41 "}"
              WHITESPACE@41..42 "\n"
            error 17..17: expected `}` to close the block
        "#]],
    );
}

#[test]
fn garbage_inside_struct() {
    check(
        r#"struct S { float a; 123 + ; float b; };
"#,
        expect![[r#"
            SOURCE_FILE@0..40
              STRUCT_DEF@0..39
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..38
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
                        IDENT@17..18 "a"
                    SEMICOLON@18..19 ";"
                  WHITESPACE@19..20 " "
                  ERROR@20..27
                    INT_NUMBER@20..23 "123"
                    WHITESPACE@23..24 " "
                    PLUS@24..25 "+"
                    WHITESPACE@25..26 " "
                    SEMICOLON@26..27 ";"
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
                        IDENT@34..35 "b"
                    SEMICOLON@35..36 ";"
                  WHITESPACE@36..37 " "
                  R_BRACE@37..38 "}"
                SEMICOLON@38..39 ";"
              WHITESPACE@39..40 "\n"
            error 20..23: expected a declaration
        "#]],
    );
}

#[test]
fn half_typed_member_access() {
    check(
        r#"void f() { x = a.; }
"#,
        expect![[r#"
            SOURCE_FILE@0..21
              FN_DEF@0..20
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
                BLOCK@9..20
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..18
                    BIN_EXPR@11..17
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      FIELD_EXPR@15..17
                        PATH_EXPR@15..16
                          PATH@15..16
                            PATH_SEGMENT@15..16
                              NAME_REF@15..16
                                IDENT@15..16 "a"
                        DOT@16..17 "."
                    SEMICOLON@17..18 ";"
                  WHITESPACE@18..19 " "
                  R_BRACE@19..20 "}"
              WHITESPACE@20..21 "\n"
            error 17..18: expected a field or method name after `.`
        "#]],
    );
}

#[test]
fn half_typed_call() {
    check(
        r#"void f() { g(a, }
"#,
        expect![[r#"
            SOURCE_FILE@0..18
              FN_DEF@0..17
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
                BLOCK@9..17
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..15
                    CALL_EXPR@11..15
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "g"
                      ARG_LIST@12..15
                        L_PAREN@12..13 "("
                        PATH_EXPR@13..14
                          PATH@13..14
                            PATH_SEGMENT@13..14
                              NAME_REF@13..14
                                IDENT@13..14 "a"
                        COMMA@14..15 ","
                  WHITESPACE@15..16 " "
                  R_BRACE@16..17 "}"
              WHITESPACE@17..18 "\n"
            error 16..17: expected an argument
            error 16..17: expected `)` after arguments
            error 14..15: expected `;` after expression
        "#]],
    );
}

#[test]
fn half_typed_call_at_end() {
    check(
        r#"void f() { g(a,
"#,
        expect![[r#"
            SOURCE_FILE@0..16
              FN_DEF@0..15
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
                BLOCK@9..15
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..15
                    CALL_EXPR@11..15
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "g"
                      ARG_LIST@12..15
                        L_PAREN@12..13 "("
                        PATH_EXPR@13..14
                          PATH@13..14
                            PATH_SEGMENT@13..14
                              NAME_REF@13..14
                                IDENT@13..14 "a"
                        COMMA@14..15 ","
              WHITESPACE@15..16 "\n"
            error 15..15: expected `)` after arguments
            error 14..15: expected `;` after expression
        "#]],
    );
}

#[test]
fn modifier_without_declaration() {
    check(
        r#"static ;
"#,
        expect![[r#"
            SOURCE_FILE@0..9
              ERROR@0..6
                STATIC_KW@0..6 "static"
              WHITESPACE@6..7 " "
              SEMICOLON@7..8 ";"
              WHITESPACE@8..9 "\n"
            error 7..8: expected a declaration
        "#]],
    );
}

#[test]
fn struct_missing_semicolon() {
    check(
        r#"struct S { float a; }
float b;
"#,
        expect![[r#"
            SOURCE_FILE@0..31
              STRUCT_DEF@0..21
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..21
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
                        IDENT@17..18 "a"
                    SEMICOLON@18..19 ";"
                  WHITESPACE@19..20 " "
                  R_BRACE@20..21 "}"
              WHITESPACE@21..22 "\n"
              VAR_DECL@22..30
                TYPE_REF@22..27
                  PATH@22..27
                    PATH_SEGMENT@22..27
                      NAME_REF@22..27
                        IDENT@22..27 "float"
                WHITESPACE@27..28 " "
                VAR_DECLARATOR@28..29
                  NAME@28..29
                    IDENT@28..29 "b"
                SEMICOLON@29..30 ";"
              WHITESPACE@30..31 "\n"
            error 21..21: expected `;` after struct
        "#]],
    );
}

#[test]
fn declaration_missing_name() {
    check(
        r#"float = 3;
"#,
        expect![[r#"
            SOURCE_FILE@0..11
              VAR_DECL@0..10
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                VAR_DECLARATOR@6..9
                  EQ@6..7 "="
                  WHITESPACE@7..8 " "
                  LITERAL@8..9
                    INT_NUMBER@8..9 "3"
                SEMICOLON@9..10 ";"
              WHITESPACE@10..11 "\n"
            error 6..7: expected a name
        "#]],
    );
}

#[test]
fn stray_closing_brace() {
    check(
        r#"} float a;
"#,
        expect![[r#"
            SOURCE_FILE@0..11
              ERROR@0..1
                R_BRACE@0..1 "}"
              WHITESPACE@1..2 " "
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
              WHITESPACE@10..11 "\n"
            error 0..1: unmatched `}`
        "#]],
    );
}

#[test]
fn missing_operand() {
    check(
        r#"void f() { x = 1 + ; }
"#,
        expect![[r#"
            SOURCE_FILE@0..23
              FN_DEF@0..22
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
                BLOCK@9..22
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..20
                    BIN_EXPR@11..18
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      BIN_EXPR@15..18
                        LITERAL@15..16
                          INT_NUMBER@15..16 "1"
                        WHITESPACE@16..17 " "
                        PLUS@17..18 "+"
                    WHITESPACE@18..19 " "
                    SEMICOLON@19..20 ";"
                  WHITESPACE@20..21 " "
                  R_BRACE@21..22 "}"
              WHITESPACE@22..23 "\n"
            error 19..20: expected an expression after operator
        "#]],
    );
}

#[test]
fn ternary_missing_colon() {
    check(
        r#"void f() { x = a ? b; }
"#,
        expect![[r#"
            SOURCE_FILE@0..24
              FN_DEF@0..23
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
                BLOCK@9..23
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
                      CONDITIONAL_EXPR@15..20
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
                    SEMICOLON@20..21 ";"
                  WHITESPACE@21..22 " "
                  R_BRACE@22..23 "}"
              WHITESPACE@23..24 "\n"
            error 20..21: expected `:` in conditional expression
        "#]],
    );
}

#[test]
fn unclosed_template_arguments() {
    check(
        r#"Texture2D<float4 t;
"#,
        expect![[r#"
            SOURCE_FILE@0..20
              VAR_DECL@0..19
                TYPE_REF@0..16
                  PATH@0..16
                    PATH_SEGMENT@0..16
                      NAME_REF@0..9
                        IDENT@0..9 "Texture2D"
                      GENERIC_ARG_LIST@9..16
                        LT@9..10 "<"
                        PATH_EXPR@10..16
                          PATH@10..16
                            PATH_SEGMENT@10..16
                              NAME_REF@10..16
                                IDENT@10..16 "float4"
                WHITESPACE@16..17 " "
                VAR_DECLARATOR@17..18
                  NAME@17..18
                    IDENT@17..18 "t"
                SEMICOLON@18..19 ";"
              WHITESPACE@19..20 "\n"
            error 17..18: expected `>` to close template arguments
        "#]],
    );
}

#[test]
fn unclosed_attribute() {
    check(
        r#"[numthreads(8,8,1) void main() {}
"#,
        expect![[r#"
            SOURCE_FILE@0..34
              FN_DEF@0..33
                ATTRIBUTE@0..18
                  L_BRACK@0..1 "["
                  PATH@1..11
                    PATH_SEGMENT@1..11
                      NAME_REF@1..11
                        IDENT@1..11 "numthreads"
                  ARG_LIST@11..18
                    L_PAREN@11..12 "("
                    LITERAL@12..13
                      INT_NUMBER@12..13 "8"
                    COMMA@13..14 ","
                    LITERAL@14..15
                      INT_NUMBER@14..15 "8"
                    COMMA@15..16 ","
                    LITERAL@16..17
                      INT_NUMBER@16..17 "1"
                    R_PAREN@17..18 ")"
                WHITESPACE@18..19 " "
                TYPE_REF@19..23
                  PATH@19..23
                    PATH_SEGMENT@19..23
                      NAME_REF@19..23
                        IDENT@19..23 "void"
                WHITESPACE@23..24 " "
                NAME@24..28
                  IDENT@24..28 "main"
                PARAM_LIST@28..30
                  L_PAREN@28..29 "("
                  R_PAREN@29..30 ")"
                WHITESPACE@30..31 " "
                BLOCK@31..33
                  L_BRACE@31..32 "{"
                  R_BRACE@32..33 "}"
              WHITESPACE@33..34 "\n"
            error 19..23: expected `]` after attribute
        "#]],
    );
}

#[test]
fn if_missing_lparen() {
    check(
        r#"void f() { if a) b(); }
"#,
        expect![[r#"
            SOURCE_FILE@0..24
              FN_DEF@0..23
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
                BLOCK@9..23
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  IF_STMT@11..21
                    IF_KW@11..13 "if"
                    WHITESPACE@13..14 " "
                    PATH_EXPR@14..15
                      PATH@14..15
                        PATH_SEGMENT@14..15
                          NAME_REF@14..15
                            IDENT@14..15 "a"
                    R_PAREN@15..16 ")"
                    WHITESPACE@16..17 " "
                    EXPR_STMT@17..21
                      CALL_EXPR@17..20
                        PATH_EXPR@17..18
                          PATH@17..18
                            PATH_SEGMENT@17..18
                              NAME_REF@17..18
                                IDENT@17..18 "b"
                        ARG_LIST@18..20
                          L_PAREN@18..19 "("
                          R_PAREN@19..20 ")"
                      SEMICOLON@20..21 ";"
                  WHITESPACE@21..22 " "
                  R_BRACE@22..23 "}"
              WHITESPACE@23..24 "\n"
            error 14..15: expected `(` after `if`
        "#]],
    );
}

#[test]
fn else_without_if() {
    check(
        r#"void f() { else x(); }
"#,
        expect![[r#"
            SOURCE_FILE@0..23
              FN_DEF@0..22
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
                BLOCK@9..22
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  ERROR@11..15
                    ELSE_KW@11..15 "else"
                  WHITESPACE@15..16 " "
                  EXPR_STMT@16..20
                    CALL_EXPR@16..19
                      PATH_EXPR@16..17
                        PATH@16..17
                          PATH_SEGMENT@16..17
                            NAME_REF@16..17
                              IDENT@16..17 "x"
                      ARG_LIST@17..19
                        L_PAREN@17..18 "("
                        R_PAREN@18..19 ")"
                    SEMICOLON@19..20 ";"
                  WHITESPACE@20..21 " "
                  R_BRACE@21..22 "}"
              WHITESPACE@22..23 "\n"
            error 11..15: `else` without a matching `if`
        "#]],
    );
}
