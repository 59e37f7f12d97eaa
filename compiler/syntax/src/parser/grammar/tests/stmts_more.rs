//! Snapshot tests of statements: branch attributes, telling declarations from expressions.

use expect_test::expect;

use super::check;

#[test]
fn branch_attributes() {
    check(
        r#"void f() { [branch] if (a) {} [flatten] if (b) {} [forcecase] switch (c) {} }
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
                  IF_STMT@11..29
                    ATTRIBUTE@11..19
                      L_BRACK@11..12 "["
                      PATH@12..18
                        PATH_SEGMENT@12..18
                          NAME_REF@12..18
                            IDENT@12..18 "branch"
                      R_BRACK@18..19 "]"
                    WHITESPACE@19..20 " "
                    IF_KW@20..22 "if"
                    WHITESPACE@22..23 " "
                    L_PAREN@23..24 "("
                    PATH_EXPR@24..25
                      PATH@24..25
                        PATH_SEGMENT@24..25
                          NAME_REF@24..25
                            IDENT@24..25 "a"
                    R_PAREN@25..26 ")"
                    WHITESPACE@26..27 " "
                    BLOCK@27..29
                      L_BRACE@27..28 "{"
                      R_BRACE@28..29 "}"
                  WHITESPACE@29..30 " "
                  IF_STMT@30..49
                    ATTRIBUTE@30..39
                      L_BRACK@30..31 "["
                      PATH@31..38
                        PATH_SEGMENT@31..38
                          NAME_REF@31..38
                            IDENT@31..38 "flatten"
                      R_BRACK@38..39 "]"
                    WHITESPACE@39..40 " "
                    IF_KW@40..42 "if"
                    WHITESPACE@42..43 " "
                    L_PAREN@43..44 "("
                    PATH_EXPR@44..45
                      PATH@44..45
                        PATH_SEGMENT@44..45
                          NAME_REF@44..45
                            IDENT@44..45 "b"
                    R_PAREN@45..46 ")"
                    WHITESPACE@46..47 " "
                    BLOCK@47..49
                      L_BRACE@47..48 "{"
                      R_BRACE@48..49 "}"
                  WHITESPACE@49..50 " "
                  SWITCH_STMT@50..75
                    ATTRIBUTE@50..61
                      L_BRACK@50..51 "["
                      PATH@51..60
                        PATH_SEGMENT@51..60
                          NAME_REF@51..60
                            IDENT@51..60 "forcecase"
                      R_BRACK@60..61 "]"
                    WHITESPACE@61..62 " "
                    SWITCH_KW@62..68 "switch"
                    WHITESPACE@68..69 " "
                    L_PAREN@69..70 "("
                    PATH_EXPR@70..71
                      PATH@70..71
                        PATH_SEGMENT@70..71
                          NAME_REF@70..71
                            IDENT@70..71 "c"
                    R_PAREN@71..72 ")"
                    WHITESPACE@72..73 " "
                    SWITCH_BODY@73..75
                      L_BRACE@73..74 "{"
                      R_BRACE@74..75 "}"
                  WHITESPACE@75..76 " "
                  R_BRACE@76..77 "}"
              WHITESPACE@77..78 "\n"
        "#]],
    );
}

#[test]
fn local_template_type_declarations() {
    check(
        r#"void f() { Texture2D<float4> t; vector<float, 2> v = 0; }
"#,
        expect![[r#"
            SOURCE_FILE@0..58
              FN_DEF@0..57
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
                BLOCK@9..57
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  DECL_STMT@11..31
                    VAR_DECL@11..31
                      TYPE_REF@11..28
                        PATH@11..28
                          PATH_SEGMENT@11..28
                            NAME_REF@11..20
                              IDENT@11..20 "Texture2D"
                            GENERIC_ARG_LIST@20..28
                              LT@20..21 "<"
                              TYPE_REF@21..27
                                PATH@21..27
                                  PATH_SEGMENT@21..27
                                    NAME_REF@21..27
                                      IDENT@21..27 "float4"
                              GT@27..28 ">"
                      WHITESPACE@28..29 " "
                      VAR_DECLARATOR@29..30
                        NAME@29..30
                          IDENT@29..30 "t"
                      SEMICOLON@30..31 ";"
                  WHITESPACE@31..32 " "
                  DECL_STMT@32..55
                    VAR_DECL@32..55
                      TYPE_REF@32..48
                        PATH@32..48
                          PATH_SEGMENT@32..48
                            NAME_REF@32..38
                              IDENT@32..38 "vector"
                            GENERIC_ARG_LIST@38..48
                              LT@38..39 "<"
                              TYPE_REF@39..44
                                PATH@39..44
                                  PATH_SEGMENT@39..44
                                    NAME_REF@39..44
                                      IDENT@39..44 "float"
                              COMMA@44..45 ","
                              WHITESPACE@45..46 " "
                              LITERAL@46..47
                                INT_NUMBER@46..47 "2"
                              GT@47..48 ">"
                      WHITESPACE@48..49 " "
                      VAR_DECLARATOR@49..54
                        NAME@49..50
                          IDENT@49..50 "v"
                        WHITESPACE@50..51 " "
                        EQ@51..52 "="
                        WHITESPACE@52..53 " "
                        LITERAL@53..54
                          INT_NUMBER@53..54 "0"
                      SEMICOLON@54..55 ";"
                  WHITESPACE@55..56 " "
                  R_BRACE@56..57 "}"
              WHITESPACE@57..58 "\n"
        "#]],
    );
}

#[test]
fn comparison_statements_are_expressions() {
    check(
        r#"void f() { a < b; x < y && z > w; }
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
                  EXPR_STMT@11..17
                    BIN_EXPR@11..16
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "a"
                      WHITESPACE@12..13 " "
                      LT@13..14 "<"
                      WHITESPACE@14..15 " "
                      PATH_EXPR@15..16
                        PATH@15..16
                          PATH_SEGMENT@15..16
                            NAME_REF@15..16
                              IDENT@15..16 "b"
                    SEMICOLON@16..17 ";"
                  WHITESPACE@17..18 " "
                  EXPR_STMT@18..33
                    BIN_EXPR@18..32
                      BIN_EXPR@18..23
                        PATH_EXPR@18..19
                          PATH@18..19
                            PATH_SEGMENT@18..19
                              NAME_REF@18..19
                                IDENT@18..19 "x"
                        WHITESPACE@19..20 " "
                        LT@20..21 "<"
                        WHITESPACE@21..22 " "
                        PATH_EXPR@22..23
                          PATH@22..23
                            PATH_SEGMENT@22..23
                              NAME_REF@22..23
                                IDENT@22..23 "y"
                      WHITESPACE@23..24 " "
                      AMP2@24..26 "&&"
                      WHITESPACE@26..27 " "
                      BIN_EXPR@27..32
                        PATH_EXPR@27..28
                          PATH@27..28
                            PATH_SEGMENT@27..28
                              NAME_REF@27..28
                                IDENT@27..28 "z"
                        WHITESPACE@28..29 " "
                        GT@29..30 ">"
                        WHITESPACE@30..31 " "
                        PATH_EXPR@31..32
                          PATH@31..32
                            PATH_SEGMENT@31..32
                              NAME_REF@31..32
                                IDENT@31..32 "w"
                    SEMICOLON@32..33 ";"
                  WHITESPACE@33..34 " "
                  R_BRACE@34..35 "}"
              WHITESPACE@35..36 "\n"
        "#]],
    );
}

#[test]
fn contextual_keywords_as_variables() {
    check(
        r#"void f() { float sample = 1; sample = 2; line++; }
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
                  DECL_STMT@11..28
                    VAR_DECL@11..28
                      TYPE_REF@11..16
                        PATH@11..16
                          PATH_SEGMENT@11..16
                            NAME_REF@11..16
                              IDENT@11..16 "float"
                      WHITESPACE@16..17 " "
                      VAR_DECLARATOR@17..27
                        NAME@17..23
                          IDENT@17..23 "sample"
                        WHITESPACE@23..24 " "
                        EQ@24..25 "="
                        WHITESPACE@25..26 " "
                        LITERAL@26..27
                          INT_NUMBER@26..27 "1"
                      SEMICOLON@27..28 ";"
                  WHITESPACE@28..29 " "
                  EXPR_STMT@29..40
                    BIN_EXPR@29..39
                      PATH_EXPR@29..35
                        PATH@29..35
                          PATH_SEGMENT@29..35
                            NAME_REF@29..35
                              IDENT@29..35 "sample"
                      WHITESPACE@35..36 " "
                      EQ@36..37 "="
                      WHITESPACE@37..38 " "
                      LITERAL@38..39
                        INT_NUMBER@38..39 "2"
                    SEMICOLON@39..40 ";"
                  WHITESPACE@40..41 " "
                  EXPR_STMT@41..48
                    POSTFIX_EXPR@41..47
                      PATH_EXPR@41..45
                        PATH@41..45
                          PATH_SEGMENT@41..45
                            NAME_REF@41..45
                              IDENT@41..45 "line"
                      PLUS2@45..47 "++"
                    SEMICOLON@47..48 ";"
                  WHITESPACE@48..49 " "
                  R_BRACE@49..50 "}"
              WHITESPACE@50..51 "\n"
        "#]],
    );
}

#[test]
fn local_qualified_declaration() {
    check(
        r#"void f() { ns::T x; ns::f(); }
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
                  DECL_STMT@11..19
                    VAR_DECL@11..19
                      TYPE_REF@11..16
                        PATH@11..16
                          PATH_SEGMENT@11..13
                            NAME_REF@11..13
                              IDENT@11..13 "ns"
                          COLON2@13..15 "::"
                          PATH_SEGMENT@15..16
                            NAME_REF@15..16
                              IDENT@15..16 "T"
                      WHITESPACE@16..17 " "
                      VAR_DECLARATOR@17..18
                        NAME@17..18
                          IDENT@17..18 "x"
                      SEMICOLON@18..19 ";"
                  WHITESPACE@19..20 " "
                  EXPR_STMT@20..28
                    CALL_EXPR@20..27
                      PATH_EXPR@20..25
                        PATH@20..25
                          PATH_SEGMENT@20..22
                            NAME_REF@20..22
                              IDENT@20..22 "ns"
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
fn method_call_statement() {
    check(
        r#"void f() { stream.Append(v); }
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
                    METHOD_CALL_EXPR@11..27
                      PATH_EXPR@11..17
                        PATH@11..17
                          PATH_SEGMENT@11..17
                            NAME_REF@11..17
                              IDENT@11..17 "stream"
                      DOT@17..18 "."
                      NAME_REF@18..24
                        IDENT@18..24 "Append"
                      ARG_LIST@24..27
                        L_PAREN@24..25 "("
                        PATH_EXPR@25..26
                          PATH@25..26
                            PATH_SEGMENT@25..26
                              NAME_REF@25..26
                                IDENT@25..26 "v"
                        R_PAREN@26..27 ")"
                    SEMICOLON@27..28 ";"
                  WHITESPACE@28..29 " "
                  R_BRACE@29..30 "}"
              WHITESPACE@30..31 "\n"
        "#]],
    );
}

#[test]
fn local_groupshared_like_modifiers() {
    check(
        r#"void f() { precise float p = 1; uint3 u = 0; }
"#,
        expect![[r#"
            SOURCE_FILE@0..47
              FN_DEF@0..46
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
                BLOCK@9..46
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  DECL_STMT@11..31
                    VAR_DECL@11..31
                      PRECISE_KW@11..18 "precise"
                      WHITESPACE@18..19 " "
                      TYPE_REF@19..24
                        PATH@19..24
                          PATH_SEGMENT@19..24
                            NAME_REF@19..24
                              IDENT@19..24 "float"
                      WHITESPACE@24..25 " "
                      VAR_DECLARATOR@25..30
                        NAME@25..26
                          IDENT@25..26 "p"
                        WHITESPACE@26..27 " "
                        EQ@27..28 "="
                        WHITESPACE@28..29 " "
                        LITERAL@29..30
                          INT_NUMBER@29..30 "1"
                      SEMICOLON@30..31 ";"
                  WHITESPACE@31..32 " "
                  DECL_STMT@32..44
                    VAR_DECL@32..44
                      TYPE_REF@32..37
                        PATH@32..37
                          PATH_SEGMENT@32..37
                            NAME_REF@32..37
                              IDENT@32..37 "uint3"
                      WHITESPACE@37..38 " "
                      VAR_DECLARATOR@38..43
                        NAME@38..39
                          IDENT@38..39 "u"
                        WHITESPACE@39..40 " "
                        EQ@40..41 "="
                        WHITESPACE@41..42 " "
                        LITERAL@42..43
                          INT_NUMBER@42..43 "0"
                      SEMICOLON@43..44 ";"
                  WHITESPACE@44..45 " "
                  R_BRACE@45..46 "}"
              WHITESPACE@46..47 "\n"
        "#]],
    );
}

#[test]
fn for_multiple_declarators() {
    check(
        r#"void f() { for (int i = 0, j = 4; i < j; i++) {} }
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
                    DECL_STMT@16..33
                      VAR_DECL@16..33
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
                        COMMA@25..26 ","
                        WHITESPACE@26..27 " "
                        VAR_DECLARATOR@27..32
                          NAME@27..28
                            IDENT@27..28 "j"
                          WHITESPACE@28..29 " "
                          EQ@29..30 "="
                          WHITESPACE@30..31 " "
                          LITERAL@31..32
                            INT_NUMBER@31..32 "4"
                        SEMICOLON@32..33 ";"
                    WHITESPACE@33..34 " "
                    FOR_COND@34..39
                      BIN_EXPR@34..39
                        PATH_EXPR@34..35
                          PATH@34..35
                            PATH_SEGMENT@34..35
                              NAME_REF@34..35
                                IDENT@34..35 "i"
                        WHITESPACE@35..36 " "
                        LT@36..37 "<"
                        WHITESPACE@37..38 " "
                        PATH_EXPR@38..39
                          PATH@38..39
                            PATH_SEGMENT@38..39
                              NAME_REF@38..39
                                IDENT@38..39 "j"
                    SEMICOLON@39..40 ";"
                    WHITESPACE@40..41 " "
                    FOR_STEP@41..44
                      POSTFIX_EXPR@41..44
                        PATH_EXPR@41..42
                          PATH@41..42
                            PATH_SEGMENT@41..42
                              NAME_REF@41..42
                                IDENT@41..42 "i"
                        PLUS2@42..44 "++"
                    R_PAREN@44..45 ")"
                    WHITESPACE@45..46 " "
                    BLOCK@46..48
                      L_BRACE@46..47 "{"
                      R_BRACE@47..48 "}"
                  WHITESPACE@48..49 " "
                  R_BRACE@49..50 "}"
              WHITESPACE@50..51 "\n"
        "#]],
    );
}

#[test]
fn types_spelled_like_modifiers() {
    check(
        r#"point p;
void f() { line l = 0; sample s[2]; }
"#,
        expect![[r#"
            SOURCE_FILE@0..47
              VAR_DECL@0..8
                TYPE_REF@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "point"
                WHITESPACE@5..6 " "
                VAR_DECLARATOR@6..7
                  NAME@6..7
                    IDENT@6..7 "p"
                SEMICOLON@7..8 ";"
              WHITESPACE@8..9 "\n"
              FN_DEF@9..46
                TYPE_REF@9..13
                  PATH@9..13
                    PATH_SEGMENT@9..13
                      NAME_REF@9..13
                        IDENT@9..13 "void"
                WHITESPACE@13..14 " "
                NAME@14..15
                  IDENT@14..15 "f"
                PARAM_LIST@15..17
                  L_PAREN@15..16 "("
                  R_PAREN@16..17 ")"
                WHITESPACE@17..18 " "
                BLOCK@18..46
                  L_BRACE@18..19 "{"
                  WHITESPACE@19..20 " "
                  DECL_STMT@20..31
                    VAR_DECL@20..31
                      TYPE_REF@20..24
                        PATH@20..24
                          PATH_SEGMENT@20..24
                            NAME_REF@20..24
                              IDENT@20..24 "line"
                      WHITESPACE@24..25 " "
                      VAR_DECLARATOR@25..30
                        NAME@25..26
                          IDENT@25..26 "l"
                        WHITESPACE@26..27 " "
                        EQ@27..28 "="
                        WHITESPACE@28..29 " "
                        LITERAL@29..30
                          INT_NUMBER@29..30 "0"
                      SEMICOLON@30..31 ";"
                  WHITESPACE@31..32 " "
                  DECL_STMT@32..44
                    VAR_DECL@32..44
                      TYPE_REF@32..38
                        PATH@32..38
                          PATH_SEGMENT@32..38
                            NAME_REF@32..38
                              IDENT@32..38 "sample"
                      WHITESPACE@38..39 " "
                      VAR_DECLARATOR@39..43
                        NAME@39..40
                          IDENT@39..40 "s"
                        ARRAY_SUFFIX@40..43
                          L_BRACK@40..41 "["
                          LITERAL@41..42
                            INT_NUMBER@41..42 "2"
                          R_BRACK@42..43 "]"
                      SEMICOLON@43..44 ";"
                  WHITESPACE@44..45 " "
                  R_BRACE@45..46 "}"
              WHITESPACE@46..47 "\n"
        "#]],
    );
}

#[test]
fn stray_statements_before_first_case() {
    check(
        r#"void f() { switch (x) { y(); case 0: break; } }
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
                PARAM_LIST@6..8
                  L_PAREN@6..7 "("
                  R_PAREN@7..8 ")"
                WHITESPACE@8..9 " "
                BLOCK@9..47
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  SWITCH_STMT@11..45
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
                    SWITCH_BODY@22..45
                      L_BRACE@22..23 "{"
                      WHITESPACE@23..24 " "
                      EXPR_STMT@24..28
                        CALL_EXPR@24..27
                          PATH_EXPR@24..25
                            PATH@24..25
                              PATH_SEGMENT@24..25
                                NAME_REF@24..25
                                  IDENT@24..25 "y"
                          ARG_LIST@25..27
                            L_PAREN@25..26 "("
                            R_PAREN@26..27 ")"
                        SEMICOLON@27..28 ";"
                      WHITESPACE@28..29 " "
                      CASE_CLAUSE@29..43
                        CASE_KW@29..33 "case"
                        WHITESPACE@33..34 " "
                        LITERAL@34..35
                          INT_NUMBER@34..35 "0"
                        COLON@35..36 ":"
                        WHITESPACE@36..37 " "
                        BREAK_STMT@37..43
                          BREAK_KW@37..42 "break"
                          SEMICOLON@42..43 ";"
                      WHITESPACE@43..44 " "
                      R_BRACE@44..45 "}"
                  WHITESPACE@45..46 " "
                  R_BRACE@46..47 "}"
              WHITESPACE@47..48 "\n"
        "#]],
    );
}

#[test]
fn for_with_template_type_declaration() {
    check(
        r#"void f() { for (vector<int, 2> v = 0; v.x < 4; v.x++) {} }
"#,
        expect![[r#"
            SOURCE_FILE@0..59
              FN_DEF@0..58
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
                BLOCK@9..58
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  FOR_STMT@11..56
                    FOR_KW@11..14 "for"
                    WHITESPACE@14..15 " "
                    L_PAREN@15..16 "("
                    DECL_STMT@16..37
                      VAR_DECL@16..37
                        TYPE_REF@16..30
                          PATH@16..30
                            PATH_SEGMENT@16..30
                              NAME_REF@16..22
                                IDENT@16..22 "vector"
                              GENERIC_ARG_LIST@22..30
                                LT@22..23 "<"
                                TYPE_REF@23..26
                                  PATH@23..26
                                    PATH_SEGMENT@23..26
                                      NAME_REF@23..26
                                        IDENT@23..26 "int"
                                COMMA@26..27 ","
                                WHITESPACE@27..28 " "
                                LITERAL@28..29
                                  INT_NUMBER@28..29 "2"
                                GT@29..30 ">"
                        WHITESPACE@30..31 " "
                        VAR_DECLARATOR@31..36
                          NAME@31..32
                            IDENT@31..32 "v"
                          WHITESPACE@32..33 " "
                          EQ@33..34 "="
                          WHITESPACE@34..35 " "
                          LITERAL@35..36
                            INT_NUMBER@35..36 "0"
                        SEMICOLON@36..37 ";"
                    WHITESPACE@37..38 " "
                    FOR_COND@38..45
                      BIN_EXPR@38..45
                        FIELD_EXPR@38..41
                          PATH_EXPR@38..39
                            PATH@38..39
                              PATH_SEGMENT@38..39
                                NAME_REF@38..39
                                  IDENT@38..39 "v"
                          DOT@39..40 "."
                          NAME_REF@40..41
                            IDENT@40..41 "x"
                        WHITESPACE@41..42 " "
                        LT@42..43 "<"
                        WHITESPACE@43..44 " "
                        LITERAL@44..45
                          INT_NUMBER@44..45 "4"
                    SEMICOLON@45..46 ";"
                    WHITESPACE@46..47 " "
                    FOR_STEP@47..52
                      POSTFIX_EXPR@47..52
                        FIELD_EXPR@47..50
                          PATH_EXPR@47..48
                            PATH@47..48
                              PATH_SEGMENT@47..48
                                NAME_REF@47..48
                                  IDENT@47..48 "v"
                          DOT@48..49 "."
                          NAME_REF@49..50
                            IDENT@49..50 "x"
                        PLUS2@50..52 "++"
                    R_PAREN@52..53 ")"
                    WHITESPACE@53..54 " "
                    BLOCK@54..56
                      L_BRACE@54..55 "{"
                      R_BRACE@55..56 "}"
                  WHITESPACE@56..57 " "
                  R_BRACE@57..58 "}"
              WHITESPACE@58..59 "\n"
        "#]],
    );
}

#[test]
fn nested_loops() {
    check(
        r#"void f() { do while (a) { b--; } while (c); }
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
                  DO_WHILE_STMT@11..43
                    DO_KW@11..13 "do"
                    WHITESPACE@13..14 " "
                    WHILE_STMT@14..32
                      WHILE_KW@14..19 "while"
                      WHITESPACE@19..20 " "
                      L_PAREN@20..21 "("
                      PATH_EXPR@21..22
                        PATH@21..22
                          PATH_SEGMENT@21..22
                            NAME_REF@21..22
                              IDENT@21..22 "a"
                      R_PAREN@22..23 ")"
                      WHITESPACE@23..24 " "
                      BLOCK@24..32
                        L_BRACE@24..25 "{"
                        WHITESPACE@25..26 " "
                        EXPR_STMT@26..30
                          POSTFIX_EXPR@26..29
                            PATH_EXPR@26..27
                              PATH@26..27
                                PATH_SEGMENT@26..27
                                  NAME_REF@26..27
                                    IDENT@26..27 "b"
                            MINUS2@27..29 "--"
                          SEMICOLON@29..30 ";"
                        WHITESPACE@30..31 " "
                        R_BRACE@31..32 "}"
                    WHITESPACE@32..33 " "
                    WHILE_KW@33..38 "while"
                    WHITESPACE@38..39 " "
                    L_PAREN@39..40 "("
                    PATH_EXPR@40..41
                      PATH@40..41
                        PATH_SEGMENT@40..41
                          NAME_REF@40..41
                            IDENT@40..41 "c"
                    R_PAREN@41..42 ")"
                    SEMICOLON@42..43 ";"
                  WHITESPACE@43..44 " "
                  R_BRACE@44..45 "}"
              WHITESPACE@45..46 "\n"
        "#]],
    );
}

#[test]
fn using_namespace_in_block() {
    check(
        r#"void f() { using namespace ns; g(); }
"#,
        expect![[r#"
            SOURCE_FILE@0..38
              FN_DEF@0..37
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
                BLOCK@9..37
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  DECL_STMT@11..30
                    USING_NAMESPACE@11..30
                      USING_KW@11..16 "using"
                      WHITESPACE@16..17 " "
                      NAMESPACE_KW@17..26 "namespace"
                      WHITESPACE@26..27 " "
                      PATH@27..29
                        PATH_SEGMENT@27..29
                          NAME_REF@27..29
                            IDENT@27..29 "ns"
                      SEMICOLON@29..30 ";"
                  WHITESPACE@30..31 " "
                  EXPR_STMT@31..35
                    CALL_EXPR@31..34
                      PATH_EXPR@31..32
                        PATH@31..32
                          PATH_SEGMENT@31..32
                            NAME_REF@31..32
                              IDENT@31..32 "g"
                      ARG_LIST@32..34
                        L_PAREN@32..33 "("
                        R_PAREN@33..34 ")"
                    SEMICOLON@34..35 ";"
                  WHITESPACE@35..36 " "
                  R_BRACE@36..37 "}"
              WHITESPACE@37..38 "\n"
        "#]],
    );
}

#[test]
fn stray_semicolons_in_struct_and_block() {
    check(
        r#"struct S { ; float a; };
void f() { ;; }
"#,
        expect![[r#"
            SOURCE_FILE@0..41
              STRUCT_DEF@0..24
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..23
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  SEMICOLON@11..12 ";"
                  WHITESPACE@12..13 " "
                  VAR_DECL@13..21
                    TYPE_REF@13..18
                      PATH@13..18
                        PATH_SEGMENT@13..18
                          NAME_REF@13..18
                            IDENT@13..18 "float"
                    WHITESPACE@18..19 " "
                    VAR_DECLARATOR@19..20
                      NAME@19..20
                        IDENT@19..20 "a"
                    SEMICOLON@20..21 ";"
                  WHITESPACE@21..22 " "
                  R_BRACE@22..23 "}"
                SEMICOLON@23..24 ";"
              WHITESPACE@24..25 "\n"
              FN_DEF@25..40
                TYPE_REF@25..29
                  PATH@25..29
                    PATH_SEGMENT@25..29
                      NAME_REF@25..29
                        IDENT@25..29 "void"
                WHITESPACE@29..30 " "
                NAME@30..31
                  IDENT@30..31 "f"
                PARAM_LIST@31..33
                  L_PAREN@31..32 "("
                  R_PAREN@32..33 ")"
                WHITESPACE@33..34 " "
                BLOCK@34..40
                  L_BRACE@34..35 "{"
                  WHITESPACE@35..36 " "
                  EMPTY_STMT@36..37
                    SEMICOLON@36..37 ";"
                  EMPTY_STMT@37..38
                    SEMICOLON@37..38 ";"
                  WHITESPACE@38..39 " "
                  R_BRACE@39..40 "}"
              WHITESPACE@40..41 "\n"
        "#]],
    );
}

/// `float const x`: a `const` after the type (clang's grammar, which DXC takes) still makes
/// the statement a declaration, the qualifier part of its `TYPE_REF`.
#[test]
fn local_declaration_with_trailing_const() {
    check(
        r#"void f() { float const s = 2; }
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
                  DECL_STMT@11..29
                    VAR_DECL@11..29
                      TYPE_REF@11..22
                        PATH@11..16
                          PATH_SEGMENT@11..16
                            NAME_REF@11..16
                              IDENT@11..16 "float"
                        WHITESPACE@16..17 " "
                        CONST_KW@17..22 "const"
                      WHITESPACE@22..23 " "
                      VAR_DECLARATOR@23..28
                        NAME@23..24
                          IDENT@23..24 "s"
                        WHITESPACE@24..25 " "
                        EQ@25..26 "="
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
