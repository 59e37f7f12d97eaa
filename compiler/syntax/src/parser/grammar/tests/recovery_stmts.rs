//! Snapshot tests of error recovery (2/3): each case keeps the rest of the snippet parsed.

use expect_test::expect;

use super::check;

#[test]
fn case_outside_switch() {
    check(
        r#"void f() { case 1: x(); }
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
                  ERROR@11..23
                    CASE_KW@11..15 "case"
                    WHITESPACE@15..16 " "
                    INT_NUMBER@16..17 "1"
                    COLON@17..18 ":"
                    WHITESPACE@18..19 " "
                    IDENT@19..20 "x"
                    L_PAREN@20..21 "("
                    R_PAREN@21..22 ")"
                    SEMICOLON@22..23 ";"
                  WHITESPACE@23..24 " "
                  R_BRACE@24..25 "}"
              WHITESPACE@25..26 "\n"
            error 11..15: `case` label outside of a `switch`
        "#]],
    );
}

#[test]
fn do_missing_while() {
    check(
        r#"void f() { do x(); }
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
                  DO_WHILE_STMT@11..18
                    DO_KW@11..13 "do"
                    WHITESPACE@13..14 " "
                    EXPR_STMT@14..18
                      CALL_EXPR@14..17
                        PATH_EXPR@14..15
                          PATH@14..15
                            PATH_SEGMENT@14..15
                              NAME_REF@14..15
                                IDENT@14..15 "x"
                        ARG_LIST@15..17
                          L_PAREN@15..16 "("
                          R_PAREN@16..17 ")"
                      SEMICOLON@17..18 ";"
                  WHITESPACE@18..19 " "
                  R_BRACE@19..20 "}"
              WHITESPACE@20..21 "\n"
            error 19..20: expected `while` after `do` body
        "#]],
    );
}

#[test]
fn bad_parameter() {
    check(
        r#"void f(float a, 3, float b) {}
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
                PARAM_LIST@6..27
                  L_PAREN@6..7 "("
                  PARAM@7..14
                    TYPE_REF@7..12
                      PATH@7..12
                        PATH_SEGMENT@7..12
                          NAME_REF@7..12
                            IDENT@7..12 "float"
                    WHITESPACE@12..13 " "
                    NAME@13..14
                      IDENT@13..14 "a"
                  COMMA@14..15 ","
                  WHITESPACE@15..16 " "
                  ERROR@16..17
                    INT_NUMBER@16..17 "3"
                  COMMA@17..18 ","
                  WHITESPACE@18..19 " "
                  PARAM@19..26
                    TYPE_REF@19..24
                      PATH@19..24
                        PATH_SEGMENT@19..24
                          NAME_REF@19..24
                            IDENT@19..24 "float"
                    WHITESPACE@24..25 " "
                    NAME@25..26
                      IDENT@25..26 "b"
                  R_PAREN@26..27 ")"
                WHITESPACE@27..28 " "
                BLOCK@28..30
                  L_BRACE@28..29 "{"
                  R_BRACE@29..30 "}"
              WHITESPACE@30..31 "\n"
            error 16..17: expected a parameter
        "#]],
    );
}

#[test]
fn missing_comma_between_parameters() {
    check(
        r#"void f(float a float b) {}
"#,
        expect![[r#"
            SOURCE_FILE@0..27
              FN_DEF@0..26
                TYPE_REF@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "void"
                WHITESPACE@4..5 " "
                NAME@5..6
                  IDENT@5..6 "f"
                PARAM_LIST@6..23
                  L_PAREN@6..7 "("
                  PARAM@7..14
                    TYPE_REF@7..12
                      PATH@7..12
                        PATH_SEGMENT@7..12
                          NAME_REF@7..12
                            IDENT@7..12 "float"
                    WHITESPACE@12..13 " "
                    NAME@13..14
                      IDENT@13..14 "a"
                  WHITESPACE@14..15 " "
                  PARAM@15..22
                    TYPE_REF@15..20
                      PATH@15..20
                        PATH_SEGMENT@15..20
                          NAME_REF@15..20
                            IDENT@15..20 "float"
                    WHITESPACE@20..21 " "
                    NAME@21..22
                      IDENT@21..22 "b"
                  R_PAREN@22..23 ")"
                WHITESPACE@23..24 " "
                BLOCK@24..26
                  L_BRACE@24..25 "{"
                  R_BRACE@25..26 "}"
              WHITESPACE@26..27 "\n"
            error 15..20: expected `,` between parameters
        "#]],
    );
}

#[test]
fn half_typed_path() {
    check(
        r#"void f() { x = ns::; }
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
                    BIN_EXPR@11..19
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      PATH_EXPR@15..19
                        PATH@15..19
                          PATH_SEGMENT@15..17
                            NAME_REF@15..17
                              IDENT@15..17 "ns"
                          COLON2@17..19 "::"
                    SEMICOLON@19..20 ";"
                  WHITESPACE@20..21 " "
                  R_BRACE@21..22 "}"
              WHITESPACE@22..23 "\n"
            error 19..20: expected a name after `::`
        "#]],
    );
}

#[test]
fn empty_parameter() {
    check(
        r#"void f(, float b) {}
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
                PARAM_LIST@6..17
                  L_PAREN@6..7 "("
                  COMMA@7..8 ","
                  WHITESPACE@8..9 " "
                  PARAM@9..16
                    TYPE_REF@9..14
                      PATH@9..14
                        PATH_SEGMENT@9..14
                          NAME_REF@9..14
                            IDENT@9..14 "float"
                    WHITESPACE@14..15 " "
                    NAME@15..16
                      IDENT@15..16 "b"
                  R_PAREN@16..17 ")"
                WHITESPACE@17..18 " "
                BLOCK@18..20
                  L_BRACE@18..19 "{"
                  R_BRACE@19..20 "}"
              WHITESPACE@20..21 "\n"
            error 7..8: expected a parameter
        "#]],
    );
}

#[test]
fn stray_paren_in_statement() {
    check(
        r#"void f() { x = ) ; return 1; }
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
                  EXPR_STMT@11..14
                    BIN_EXPR@11..14
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  ERROR@15..18
                    R_PAREN@15..16 ")"
                    WHITESPACE@16..17 " "
                    SEMICOLON@17..18 ";"
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
            error 15..16: expected an expression after operator
            error 13..14: expected `;` after expression
            error 15..16: expected a statement
        "#]],
    );
}

#[test]
fn for_missing_step() {
    check(
        r#"void f() { for (int i = 0; i < 4 ) {} }
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
                  FOR_STMT@11..37
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
                    WHITESPACE@32..33 " "
                    R_PAREN@33..34 ")"
                    WHITESPACE@34..35 " "
                    BLOCK@35..37
                      L_BRACE@35..36 "{"
                      R_BRACE@36..37 "}"
                  WHITESPACE@37..38 " "
                  R_BRACE@38..39 "}"
              WHITESPACE@39..40 "\n"
            error 31..32: expected `;` after loop condition
        "#]],
    );
}

#[test]
fn unclosed_array_suffix() {
    check(
        r#"float a[4;
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
                  NAME@6..7
                    IDENT@6..7 "a"
                  ARRAY_SUFFIX@7..9
                    L_BRACK@7..8 "["
                    LITERAL@8..9
                      INT_NUMBER@8..9 "4"
                SEMICOLON@9..10 ";"
              WHITESPACE@10..11 "\n"
            error 9..10: expected `]`
        "#]],
    );
}

#[test]
fn cbuffer_missing_body() {
    check(
        r#"cbuffer CB : register(b0)
float a;
"#,
        expect![[r#"
            SOURCE_FILE@0..35
              CBUFFER_DEF@0..25
                CBUFFER_KW@0..7 "cbuffer"
                WHITESPACE@7..8 " "
                NAME@8..10
                  IDENT@8..10 "CB"
                WHITESPACE@10..11 " "
                REGISTER_BINDING@11..25
                  COLON@11..12 ":"
                  WHITESPACE@12..13 " "
                  REGISTER_KW@13..21 "register"
                  L_PAREN@21..22 "("
                  IDENT@22..24 "b0"
                  R_PAREN@24..25 ")"
              WHITESPACE@25..26 "\n"
              VAR_DECL@26..34
                TYPE_REF@26..31
                  PATH@26..31
                    PATH_SEGMENT@26..31
                      NAME_REF@26..31
                        IDENT@26..31 "float"
                WHITESPACE@31..32 " "
                VAR_DECLARATOR@32..33
                  NAME@32..33
                    IDENT@32..33 "a"
                SEMICOLON@33..34 ";"
              WHITESPACE@34..35 "\n"
            error 26..31: expected `{` to start the buffer body
        "#]],
    );
}

#[test]
fn enum_errors() {
    check(
        r#"enum E { A B, 3 };
"#,
        expect![[r#"
            SOURCE_FILE@0..19
              ENUM_DEF@0..18
                ENUM_KW@0..4 "enum"
                WHITESPACE@4..5 " "
                NAME@5..6
                  IDENT@5..6 "E"
                WHITESPACE@6..7 " "
                VARIANT_LIST@7..17
                  L_BRACE@7..8 "{"
                  WHITESPACE@8..9 " "
                  VARIANT@9..10
                    NAME@9..10
                      IDENT@9..10 "A"
                  WHITESPACE@10..11 " "
                  VARIANT@11..12
                    NAME@11..12
                      IDENT@11..12 "B"
                  COMMA@12..13 ","
                  WHITESPACE@13..14 " "
                  ERROR@14..15
                    INT_NUMBER@14..15 "3"
                  WHITESPACE@15..16 " "
                  R_BRACE@16..17 "}"
                SEMICOLON@17..18 ";"
              WHITESPACE@18..19 "\n"
            error 11..12: expected `,` between enumerators
            error 14..15: expected an enumerator
        "#]],
    );
}

#[test]
fn switch_missing_body() {
    check(
        r#"void f() { switch (x) case 1: break; }
"#,
        expect![[r#"
            SOURCE_FILE@0..39
              FN_DEF@0..38
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
                BLOCK@9..38
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  SWITCH_STMT@11..21
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
                  ERROR@22..29
                    CASE_KW@22..26 "case"
                    WHITESPACE@26..27 " "
                    INT_NUMBER@27..28 "1"
                    COLON@28..29 ":"
                  WHITESPACE@29..30 " "
                  BREAK_STMT@30..36
                    BREAK_KW@30..35 "break"
                    SEMICOLON@35..36 ";"
                  WHITESPACE@36..37 " "
                  R_BRACE@37..38 "}"
              WHITESPACE@38..39 "\n"
            error 22..26: expected `{` to start the switch body
            error 22..26: `case` label outside of a `switch`
        "#]],
    );
}

#[test]
fn unclosed_parenthesis() {
    check(
        r#"void f() { x = (a + b; }
"#,
        expect![[r#"
            SOURCE_FILE@0..25
              FN_DEF@0..24
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
                BLOCK@9..24
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
                        BIN_EXPR@16..21
                          PATH_EXPR@16..17
                            PATH@16..17
                              PATH_SEGMENT@16..17
                                NAME_REF@16..17
                                  IDENT@16..17 "a"
                          WHITESPACE@17..18 " "
                          PLUS@18..19 "+"
                          WHITESPACE@19..20 " "
                          PATH_EXPR@20..21
                            PATH@20..21
                              PATH_SEGMENT@20..21
                                NAME_REF@20..21
                                  IDENT@20..21 "b"
                    SEMICOLON@21..22 ";"
                  WHITESPACE@22..23 " "
                  R_BRACE@23..24 "}"
              WHITESPACE@24..25 "\n"
            error 21..22: expected `)` to close parentheses
        "#]],
    );
}

#[test]
fn unclosed_init_list() {
    check(
        r#"float a[2] = { 1, 2;
"#,
        expect![[r#"
            SOURCE_FILE@0..21
              VAR_DECL@0..20
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                VAR_DECLARATOR@6..19
                  NAME@6..7
                    IDENT@6..7 "a"
                  ARRAY_SUFFIX@7..10
                    L_BRACK@7..8 "["
                    LITERAL@8..9
                      INT_NUMBER@8..9 "2"
                    R_BRACK@9..10 "]"
                  WHITESPACE@10..11 " "
                  EQ@11..12 "="
                  WHITESPACE@12..13 " "
                  INIT_LIST_EXPR@13..19
                    L_BRACE@13..14 "{"
                    WHITESPACE@14..15 " "
                    LITERAL@15..16
                      INT_NUMBER@15..16 "1"
                    COMMA@16..17 ","
                    WHITESPACE@17..18 " "
                    LITERAL@18..19
                      INT_NUMBER@18..19 "2"
                SEMICOLON@19..20 ";"
              WHITESPACE@20..21 "\n"
            error 19..20: expected `}` to close initializer list
        "#]],
    );
}

#[test]
fn namespace_missing_body() {
    check(
        r#"namespace N float a;
"#,
        expect![[r#"
            SOURCE_FILE@0..21
              NAMESPACE_DEF@0..11
                NAMESPACE_KW@0..9 "namespace"
                WHITESPACE@9..10 " "
                NAME@10..11
                  IDENT@10..11 "N"
              WHITESPACE@11..12 " "
              VAR_DECL@12..20
                TYPE_REF@12..17
                  PATH@12..17
                    PATH_SEGMENT@12..17
                      NAME_REF@12..17
                        IDENT@12..17 "float"
                WHITESPACE@17..18 " "
                VAR_DECLARATOR@18..19
                  NAME@18..19
                    IDENT@18..19 "a"
                SEMICOLON@19..20 ";"
              WHITESPACE@20..21 "\n"
            error 12..17: expected `{` to start the namespace body
        "#]],
    );
}

#[test]
fn vk_attribute_missing_bracket() {
    check(
        r#"[[vk::binding(0)] float a;
"#,
        expect![[r#"
            SOURCE_FILE@0..27
              VAR_DECL@0..26
                ATTRIBUTE@0..17
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
                  ARG_LIST@13..16
                    L_PAREN@13..14 "("
                    LITERAL@14..15
                      INT_NUMBER@14..15 "0"
                    R_PAREN@15..16 ")"
                  R_BRACK@16..17 "]"
                WHITESPACE@17..18 " "
                TYPE_REF@18..23
                  PATH@18..23
                    PATH_SEGMENT@18..23
                      NAME_REF@18..23
                        IDENT@18..23 "float"
                WHITESPACE@23..24 " "
                VAR_DECLARATOR@24..25
                  NAME@24..25
                    IDENT@24..25 "a"
                SEMICOLON@25..26 ";"
              WHITESPACE@26..27 "\n"
            error 18..23: expected `]]` after attribute
        "#]],
    );
}

#[test]
fn template_missing_close() {
    check(
        r#"template<typename T struct S {};
"#,
        expect![[r#"
            SOURCE_FILE@0..33
              STRUCT_DEF@0..32
                TEMPLATE_PARAM_LIST@0..19
                  TEMPLATE_KW@0..8 "template"
                  LT@8..9 "<"
                  TEMPLATE_PARAM@9..19
                    TYPENAME_KW@9..17 "typename"
                    WHITESPACE@17..18 " "
                    NAME@18..19
                      IDENT@18..19 "T"
                WHITESPACE@19..20 " "
                STRUCT_KW@20..26 "struct"
                WHITESPACE@26..27 " "
                NAME@27..28
                  IDENT@27..28 "S"
                WHITESPACE@28..29 " "
                FIELD_LIST@29..31
                  L_BRACE@29..30 "{"
                  R_BRACE@30..31 "}"
                SEMICOLON@31..32 ";"
              WHITESPACE@32..33 "\n"
            error 20..26: expected `>` after template parameters
        "#]],
    );
}

#[test]
fn function_missing_body() {
    check(
        r#"void f() float a;
"#,
        expect![[r#"
            SOURCE_FILE@0..18
              FN_DEF@0..8
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
              WHITESPACE@17..18 "\n"
            error 9..14: expected `{` or `;` after function signature
        "#]],
    );
}

#[test]
fn half_typed_declaration_in_block() {
    check(
        r#"void f() { float4 }
"#,
        expect![[r#"
            SOURCE_FILE@0..20
              FN_DEF@0..19
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
                BLOCK@9..19
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..17
                    PATH_EXPR@11..17
                      PATH@11..17
                        PATH_SEGMENT@11..17
                          NAME_REF@11..17
                            IDENT@11..17 "float4"
                  WHITESPACE@17..18 " "
                  R_BRACE@18..19 "}"
              WHITESPACE@19..20 "\n"
            error 11..17: expected `;` after expression
        "#]],
    );
}

#[test]
fn attribute_without_statement() {
    check(
        r#"void f() { [unroll] }
"#,
        expect![[r#"
            SOURCE_FILE@0..22
              FN_DEF@0..21
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
                BLOCK@9..21
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  ERROR@11..19
                    ATTRIBUTE@11..19
                      L_BRACK@11..12 "["
                      PATH@12..18
                        PATH_SEGMENT@12..18
                          NAME_REF@12..18
                            IDENT@12..18 "unroll"
                      R_BRACK@18..19 "]"
                  WHITESPACE@19..20 " "
                  R_BRACE@20..21 "}"
              WHITESPACE@21..22 "\n"
            error 20..21: expected a statement after attributes
        "#]],
    );
}

#[test]
fn missing_semicolon_after_return() {
    check(
        r#"float f() { return 1 }
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
                NAME@6..7
                  IDENT@6..7 "f"
                PARAM_LIST@7..9
                  L_PAREN@7..8 "("
                  R_PAREN@8..9 ")"
                WHITESPACE@9..10 " "
                BLOCK@10..22
                  L_BRACE@10..11 "{"
                  WHITESPACE@11..12 " "
                  RETURN_STMT@12..20
                    RETURN_KW@12..18 "return"
                    WHITESPACE@18..19 " "
                    LITERAL@19..20
                      INT_NUMBER@19..20 "1"
                  WHITESPACE@20..21 " "
                  R_BRACE@21..22 "}"
              WHITESPACE@22..23 "\n"
            error 19..20: expected `;` after `return`
        "#]],
    );
}
