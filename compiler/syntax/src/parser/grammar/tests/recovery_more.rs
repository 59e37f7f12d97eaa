//! Snapshot tests of error recovery (3/3): each case keeps the rest of the snippet parsed.

use expect_test::expect;

use super::check;

#[test]
fn garbage_braces_at_top_level() {
    check(
        r#"{ x = 1; } float a;
"#,
        expect![[r#"
            SOURCE_FILE@0..20
              ERROR@0..10
                L_BRACE@0..1 "{"
                WHITESPACE@1..2 " "
                IDENT@2..3 "x"
                WHITESPACE@3..4 " "
                EQ@4..5 "="
                WHITESPACE@5..6 " "
                INT_NUMBER@6..7 "1"
                SEMICOLON@7..8 ";"
                WHITESPACE@8..9 " "
                R_BRACE@9..10 "}"
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
              WHITESPACE@19..20 "\n"
            error 0..1: expected a declaration
        "#]],
    );
}

#[test]
fn trailing_comma_in_parameters() {
    check(
        r#"void f(float a,) {}
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
                PARAM_LIST@6..16
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
                  R_PAREN@15..16 ")"
                WHITESPACE@16..17 " "
                BLOCK@17..19
                  L_BRACE@17..18 "{"
                  R_BRACE@18..19 "}"
              WHITESPACE@19..20 "\n"
            error 15..16: expected a parameter after `,`
        "#]],
    );
}

#[test]
fn struct_body_unterminated() {
    check(
        r#"struct S { float a;
"#,
        expect![[r#"
            SOURCE_FILE@0..20
              STRUCT_DEF@0..19
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..19
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
              WHITESPACE@19..20 "\n"
            error 19..19: expected `}`
        "#]],
    );
}

#[test]
fn typedef_missing_name() {
    check(
        r#"typedef float4;
float b;
"#,
        expect![[r#"
            SOURCE_FILE@0..25
              TYPEDEF_DEF@0..15
                TYPEDEF_KW@0..7 "typedef"
                WHITESPACE@7..8 " "
                TYPE_REF@8..14
                  PATH@8..14
                    PATH_SEGMENT@8..14
                      NAME_REF@8..14
                        IDENT@8..14 "float4"
                VAR_DECLARATOR@14..14
                SEMICOLON@14..15 ";"
              WHITESPACE@15..16 "\n"
              VAR_DECL@16..24
                TYPE_REF@16..21
                  PATH@16..21
                    PATH_SEGMENT@16..21
                      NAME_REF@16..21
                        IDENT@16..21 "float"
                WHITESPACE@21..22 " "
                VAR_DECLARATOR@22..23
                  NAME@22..23
                    IDENT@22..23 "b"
                SEMICOLON@23..24 ";"
              WHITESPACE@24..25 "\n"
            error 14..15: expected a name
        "#]],
    );
}

#[test]
fn using_missing_equals() {
    check(
        r#"using V float4;
float b;
"#,
        expect![[r#"
            SOURCE_FILE@0..25
              TYPE_ALIAS@0..7
                USING_KW@0..5 "using"
                WHITESPACE@5..6 " "
                NAME@6..7
                  IDENT@6..7 "V"
              WHITESPACE@7..8 " "
              VAR_DECL@8..15
                TYPE_REF@8..14
                  PATH@8..14
                    PATH_SEGMENT@8..14
                      NAME_REF@8..14
                        IDENT@8..14 "float4"
                VAR_DECLARATOR@14..14
                SEMICOLON@14..15 ";"
              WHITESPACE@15..16 "\n"
              VAR_DECL@16..24
                TYPE_REF@16..21
                  PATH@16..21
                    PATH_SEGMENT@16..21
                      NAME_REF@16..21
                        IDENT@16..21 "float"
                WHITESPACE@21..22 " "
                VAR_DECLARATOR@22..23
                  NAME@22..23
                    IDENT@22..23 "b"
                SEMICOLON@23..24 ";"
              WHITESPACE@24..25 "\n"
            error 8..14: expected `=`
            error 6..7: expected `;` after `using` declaration
            error 14..15: expected a name
        "#]],
    );
}

#[test]
fn function_missing_parameter_list() {
    check(
        r#"void f { }
float b;
"#,
        expect![[r#"
            SOURCE_FILE@0..20
              FN_DEF@0..10
                TYPE_REF@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "void"
                WHITESPACE@4..5 " "
                NAME@5..6
                  IDENT@5..6 "f"
                WHITESPACE@6..7 " "
                BLOCK@7..10
                  L_BRACE@7..8 "{"
                  WHITESPACE@8..9 " "
                  R_BRACE@9..10 "}"
              WHITESPACE@10..11 "\n"
              VAR_DECL@11..19
                TYPE_REF@11..16
                  PATH@11..16
                    PATH_SEGMENT@11..16
                      NAME_REF@11..16
                        IDENT@11..16 "float"
                WHITESPACE@16..17 " "
                VAR_DECLARATOR@17..18
                  NAME@17..18
                    IDENT@17..18 "b"
                SEMICOLON@18..19 ";"
              WHITESPACE@19..20 "\n"
            error 7..8: expected a parameter list
        "#]],
    );
}

#[test]
fn field_missing_semicolon() {
    check(
        r#"struct S { float a float b; };
"#,
        expect![[r#"
            SOURCE_FILE@0..31
              STRUCT_DEF@0..30
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..29
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  VAR_DECL@11..18
                    TYPE_REF@11..16
                      PATH@11..16
                        PATH_SEGMENT@11..16
                          NAME_REF@11..16
                            IDENT@11..16 "float"
                    WHITESPACE@16..17 " "
                    VAR_DECLARATOR@17..18
                      NAME@17..18
                        IDENT@17..18 "a"
                  WHITESPACE@18..19 " "
                  VAR_DECL@19..27
                    TYPE_REF@19..24
                      PATH@19..24
                        PATH_SEGMENT@19..24
                          NAME_REF@19..24
                            IDENT@19..24 "float"
                    WHITESPACE@24..25 " "
                    VAR_DECLARATOR@25..26
                      NAME@25..26
                        IDENT@25..26 "b"
                    SEMICOLON@26..27 ";"
                  WHITESPACE@27..28 " "
                  R_BRACE@28..29 "}"
                SEMICOLON@29..30 ";"
              WHITESPACE@30..31 "\n"
            error 17..18: expected `;` after declaration
        "#]],
    );
}

#[test]
fn cbuffer_member_missing_semicolon() {
    check(
        r#"cbuffer CB { float a }
float b;
"#,
        expect![[r#"
            SOURCE_FILE@0..32
              CBUFFER_DEF@0..22
                CBUFFER_KW@0..7 "cbuffer"
                WHITESPACE@7..8 " "
                NAME@8..10
                  IDENT@8..10 "CB"
                WHITESPACE@10..11 " "
                ITEM_LIST@11..22
                  L_BRACE@11..12 "{"
                  WHITESPACE@12..13 " "
                  VAR_DECL@13..20
                    TYPE_REF@13..18
                      PATH@13..18
                        PATH_SEGMENT@13..18
                          NAME_REF@13..18
                            IDENT@13..18 "float"
                    WHITESPACE@18..19 " "
                    VAR_DECLARATOR@19..20
                      NAME@19..20
                        IDENT@19..20 "a"
                  WHITESPACE@20..21 " "
                  R_BRACE@21..22 "}"
              WHITESPACE@22..23 "\n"
              VAR_DECL@23..31
                TYPE_REF@23..28
                  PATH@23..28
                    PATH_SEGMENT@23..28
                      NAME_REF@23..28
                        IDENT@23..28 "float"
                WHITESPACE@28..29 " "
                VAR_DECLARATOR@29..30
                  NAME@29..30
                    IDENT@29..30 "b"
                SEMICOLON@30..31 ";"
              WHITESPACE@31..32 "\n"
            error 19..20: expected `;` after declaration
        "#]],
    );
}

#[test]
fn missing_semantic_name() {
    check(
        r#"float4 main() : { return 0; }
"#,
        expect![[r#"
            SOURCE_FILE@0..30
              FN_DEF@0..29
                TYPE_REF@0..6
                  PATH@0..6
                    PATH_SEGMENT@0..6
                      NAME_REF@0..6
                        IDENT@0..6 "float4"
                WHITESPACE@6..7 " "
                NAME@7..11
                  IDENT@7..11 "main"
                PARAM_LIST@11..13
                  L_PAREN@11..12 "("
                  R_PAREN@12..13 ")"
                WHITESPACE@13..14 " "
                SEMANTIC@14..15
                  COLON@14..15 ":"
                WHITESPACE@15..16 " "
                BLOCK@16..29
                  L_BRACE@16..17 "{"
                  WHITESPACE@17..18 " "
                  RETURN_STMT@18..27
                    RETURN_KW@18..24 "return"
                    WHITESPACE@24..25 " "
                    LITERAL@25..26
                      INT_NUMBER@25..26 "0"
                    SEMICOLON@26..27 ";"
                  WHITESPACE@27..28 " "
                  R_BRACE@28..29 "}"
              WHITESPACE@29..30 "\n"
            error 16..17: expected a semantic after `:`
        "#]],
    );
}

#[test]
fn unclosed_register() {
    check(
        r#"Texture2D t : register(t0;
float b;
"#,
        expect![[r#"
            SOURCE_FILE@0..36
              VAR_DECL@0..26
                TYPE_REF@0..9
                  PATH@0..9
                    PATH_SEGMENT@0..9
                      NAME_REF@0..9
                        IDENT@0..9 "Texture2D"
                WHITESPACE@9..10 " "
                VAR_DECLARATOR@10..25
                  NAME@10..11
                    IDENT@10..11 "t"
                  WHITESPACE@11..12 " "
                  REGISTER_BINDING@12..25
                    COLON@12..13 ":"
                    WHITESPACE@13..14 " "
                    REGISTER_KW@14..22 "register"
                    L_PAREN@22..23 "("
                    IDENT@23..25 "t0"
                SEMICOLON@25..26 ";"
              WHITESPACE@26..27 "\n"
              VAR_DECL@27..35
                TYPE_REF@27..32
                  PATH@27..32
                    PATH_SEGMENT@27..32
                      NAME_REF@27..32
                        IDENT@27..32 "float"
                WHITESPACE@32..33 " "
                VAR_DECLARATOR@33..34
                  NAME@33..34
                    IDENT@33..34 "b"
                SEMICOLON@34..35 ";"
              WHITESPACE@35..36 "\n"
            error 25..26: expected `)` after binding
        "#]],
    );
}

#[test]
fn attribute_at_end_of_file() {
    check(
        r#"[numthreads(8, 8, 1)]
"#,
        expect![[r#"
            SOURCE_FILE@0..22
              ERROR@0..21
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
            error 21..21: expected a declaration
        "#]],
    );
}

#[test]
fn template_at_end_of_file() {
    check(
        r#"template<typename T>
"#,
        expect![[r#"
            SOURCE_FILE@0..21
              ERROR@0..20
                TEMPLATE_PARAM_LIST@0..20
                  TEMPLATE_KW@0..8 "template"
                  LT@8..9 "<"
                  TEMPLATE_PARAM@9..19
                    TYPENAME_KW@9..17 "typename"
                    WHITESPACE@17..18 " "
                    NAME@18..19
                      IDENT@18..19 "T"
                  GT@19..20 ">"
              WHITESPACE@20..21 "\n"
            error 20..20: expected a declaration
        "#]],
    );
}

#[test]
fn struct_keyword_at_end_of_file() {
    check(
        r#"struct
"#,
        expect![[r#"
            SOURCE_FILE@0..7
              VAR_DECL@0..7
                TYPE_REF@0..6
                  STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 "\n"
                VAR_DECLARATOR@7..7
            error 6..6: expected a struct name
            error 0..6: expected `;` after declaration
        "#]],
    );
}

#[test]
fn if_missing_then_branch() {
    check(
        r#"void f() { if (a) else b(); }
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
                  IF_STMT@11..27
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
                    ELSE_BRANCH@18..27
                      ELSE_KW@18..22 "else"
                      WHITESPACE@22..23 " "
                      EXPR_STMT@23..27
                        CALL_EXPR@23..26
                          PATH_EXPR@23..24
                            PATH@23..24
                              PATH_SEGMENT@23..24
                                NAME_REF@23..24
                                  IDENT@23..24 "b"
                          ARG_LIST@24..26
                            L_PAREN@24..25 "("
                            R_PAREN@25..26 ")"
                        SEMICOLON@26..27 ";"
                  WHITESPACE@27..28 " "
                  R_BRACE@28..29 "}"
              WHITESPACE@29..30 "\n"
            error 18..22: expected a statement
        "#]],
    );
}

#[test]
fn for_missing_semicolon_after_init() {
    check(
        r#"void f() { for (int i = 0 i < 3; i++) {} }
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
                  FOR_STMT@11..40
                    FOR_KW@11..14 "for"
                    WHITESPACE@14..15 " "
                    L_PAREN@15..16 "("
                    DECL_STMT@16..25
                      VAR_DECL@16..25
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
                    WHITESPACE@25..26 " "
                    FOR_COND@26..31
                      BIN_EXPR@26..31
                        PATH_EXPR@26..27
                          PATH@26..27
                            PATH_SEGMENT@26..27
                              NAME_REF@26..27
                                IDENT@26..27 "i"
                        WHITESPACE@27..28 " "
                        LT@28..29 "<"
                        WHITESPACE@29..30 " "
                        LITERAL@30..31
                          INT_NUMBER@30..31 "3"
                    SEMICOLON@31..32 ";"
                    WHITESPACE@32..33 " "
                    FOR_STEP@33..36
                      POSTFIX_EXPR@33..36
                        PATH_EXPR@33..34
                          PATH@33..34
                            PATH_SEGMENT@33..34
                              NAME_REF@33..34
                                IDENT@33..34 "i"
                        PLUS2@34..36 "++"
                    R_PAREN@36..37 ")"
                    WHITESPACE@37..38 " "
                    BLOCK@38..40
                      L_BRACE@38..39 "{"
                      R_BRACE@39..40 "}"
                  WHITESPACE@40..41 " "
                  R_BRACE@41..42 "}"
              WHITESPACE@42..43 "\n"
            error 24..25: expected `;` after declaration
        "#]],
    );
}

#[test]
fn double_binary_operator() {
    check(
        r#"void f() { x = a +* b; }
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
                      BIN_EXPR@15..21
                        BIN_EXPR@15..18
                          PATH_EXPR@15..16
                            PATH@15..16
                              PATH_SEGMENT@15..16
                                NAME_REF@15..16
                                  IDENT@15..16 "a"
                          WHITESPACE@16..17 " "
                          PLUS@17..18 "+"
                        STAR@18..19 "*"
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
            error 18..19: expected an expression after operator
        "#]],
    );
}

#[test]
fn arguments_missing_comma() {
    check(
        r#"void f() { x = g(a b); }
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
                      CALL_EXPR@15..21
                        PATH_EXPR@15..16
                          PATH@15..16
                            PATH_SEGMENT@15..16
                              NAME_REF@15..16
                                IDENT@15..16 "g"
                        ARG_LIST@16..21
                          L_PAREN@16..17 "("
                          PATH_EXPR@17..18
                            PATH@17..18
                              PATH_SEGMENT@17..18
                                NAME_REF@17..18
                                  IDENT@17..18 "a"
                          WHITESPACE@18..19 " "
                          PATH_EXPR@19..20
                            PATH@19..20
                              PATH_SEGMENT@19..20
                                NAME_REF@19..20
                                  IDENT@19..20 "b"
                          R_PAREN@20..21 ")"
                    SEMICOLON@21..22 ";"
                  WHITESPACE@22..23 " "
                  R_BRACE@23..24 "}"
              WHITESPACE@24..25 "\n"
            error 19..20: expected `,` between arguments
        "#]],
    );
}

#[test]
fn return_missing_semicolon_before_brace() {
    check(
        r#"void f() { return }
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
                  RETURN_STMT@11..17
                    RETURN_KW@11..17 "return"
                  WHITESPACE@17..18 " "
                  R_BRACE@18..19 "}"
              WHITESPACE@19..20 "\n"
            error 11..17: expected `;` after `return`
        "#]],
    );
}

#[test]
fn keyword_as_expression() {
    check(
        r#"void f() { x = struct; y = 1; }
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
                  DECL_STMT@15..22
                    VAR_DECL@15..22
                      TYPE_REF@15..21
                        STRUCT_KW@15..21 "struct"
                      VAR_DECLARATOR@21..21
                      SEMICOLON@21..22 ";"
                  WHITESPACE@22..23 " "
                  EXPR_STMT@23..29
                    BIN_EXPR@23..28
                      PATH_EXPR@23..24
                        PATH@23..24
                          PATH_SEGMENT@23..24
                            NAME_REF@23..24
                              IDENT@23..24 "y"
                      WHITESPACE@24..25 " "
                      EQ@25..26 "="
                      WHITESPACE@26..27 " "
                      LITERAL@27..28
                        INT_NUMBER@27..28 "1"
                    SEMICOLON@28..29 ";"
                  WHITESPACE@29..30 " "
                  R_BRACE@30..31 "}"
              WHITESPACE@31..32 "\n"
            error 15..21: expected an expression after operator
            error 13..14: expected `;` after expression
            error 21..22: expected a struct name
            error 21..22: expected a name
        "#]],
    );
}
