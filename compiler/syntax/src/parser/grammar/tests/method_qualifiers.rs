//! Snapshot tests of C++ qualifiers after a parameter list: `const` (`int get() const`) is a
//! `METHOD_CONST` node (HLSL 202x takes it; semantic analysis decides), `&` is refused
//! ("reference qualifiers on functions is unsupported in HLSL") and parsed past: one error on
//! the qualifier, the function otherwise whole.

use expect_test::expect;

use super::check;

#[test]
fn const_method_parses_and_reference_qualifier_is_refused() {
    check(
        r#"struct S { int x; int get() const { return x; } void f() & {} };
"#,
        expect![[r#"
            SOURCE_FILE@0..65
              STRUCT_DEF@0..64
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                FIELD_LIST@9..63
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  VAR_DECL@11..17
                    TYPE_REF@11..14
                      PATH@11..14
                        PATH_SEGMENT@11..14
                          NAME_REF@11..14
                            IDENT@11..14 "int"
                    WHITESPACE@14..15 " "
                    VAR_DECLARATOR@15..16
                      NAME@15..16
                        IDENT@15..16 "x"
                    SEMICOLON@16..17 ";"
                  WHITESPACE@17..18 " "
                  FN_DEF@18..47
                    TYPE_REF@18..21
                      PATH@18..21
                        PATH_SEGMENT@18..21
                          NAME_REF@18..21
                            IDENT@18..21 "int"
                    WHITESPACE@21..22 " "
                    NAME@22..25
                      IDENT@22..25 "get"
                    PARAM_LIST@25..27
                      L_PAREN@25..26 "("
                      R_PAREN@26..27 ")"
                    WHITESPACE@27..28 " "
                    METHOD_CONST@28..33
                      CONST_KW@28..33 "const"
                    WHITESPACE@33..34 " "
                    BLOCK@34..47
                      L_BRACE@34..35 "{"
                      WHITESPACE@35..36 " "
                      RETURN_STMT@36..45
                        RETURN_KW@36..42 "return"
                        WHITESPACE@42..43 " "
                        PATH_EXPR@43..44
                          PATH@43..44
                            PATH_SEGMENT@43..44
                              NAME_REF@43..44
                                IDENT@43..44 "x"
                        SEMICOLON@44..45 ";"
                      WHITESPACE@45..46 " "
                      R_BRACE@46..47 "}"
                  WHITESPACE@47..48 " "
                  FN_DEF@48..61
                    TYPE_REF@48..52
                      PATH@48..52
                        PATH_SEGMENT@48..52
                          NAME_REF@48..52
                            IDENT@48..52 "void"
                    WHITESPACE@52..53 " "
                    NAME@53..54
                      IDENT@53..54 "f"
                    PARAM_LIST@54..56
                      L_PAREN@54..55 "("
                      R_PAREN@55..56 ")"
                    WHITESPACE@56..57 " "
                    ERROR@57..58
                      AMP@57..58 "&"
                    WHITESPACE@58..59 " "
                    BLOCK@59..61
                      L_BRACE@59..60 "{"
                      R_BRACE@60..61 "}"
                  WHITESPACE@61..62 " "
                  R_BRACE@62..63 "}"
                SEMICOLON@63..64 ";"
              WHITESPACE@64..65 "\n"
            error 57..58: reference qualifiers on functions is unsupported in HLSL
        "#]],
    );
}

#[test]
fn function_definitions_do_not_nest() {
    // A body inside a body is refused at its `{` and parsed on; a method of a local struct
    // may have one.
    check(
        r#"void f() { void g() { } struct L { int m() { return 1; } }; }
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
                  DECL_STMT@11..23
                    FN_DEF@11..23
                      TYPE_REF@11..15
                        PATH@11..15
                          PATH_SEGMENT@11..15
                            NAME_REF@11..15
                              IDENT@11..15 "void"
                      WHITESPACE@15..16 " "
                      NAME@16..17
                        IDENT@16..17 "g"
                      PARAM_LIST@17..19
                        L_PAREN@17..18 "("
                        R_PAREN@18..19 ")"
                      WHITESPACE@19..20 " "
                      BLOCK@20..23
                        L_BRACE@20..21 "{"
                        WHITESPACE@21..22 " "
                        R_BRACE@22..23 "}"
                  WHITESPACE@23..24 " "
                  DECL_STMT@24..59
                    STRUCT_DEF@24..59
                      STRUCT_KW@24..30 "struct"
                      WHITESPACE@30..31 " "
                      NAME@31..32
                        IDENT@31..32 "L"
                      WHITESPACE@32..33 " "
                      FIELD_LIST@33..58
                        L_BRACE@33..34 "{"
                        WHITESPACE@34..35 " "
                        FN_DEF@35..56
                          TYPE_REF@35..38
                            PATH@35..38
                              PATH_SEGMENT@35..38
                                NAME_REF@35..38
                                  IDENT@35..38 "int"
                          WHITESPACE@38..39 " "
                          NAME@39..40
                            IDENT@39..40 "m"
                          PARAM_LIST@40..42
                            L_PAREN@40..41 "("
                            R_PAREN@41..42 ")"
                          WHITESPACE@42..43 " "
                          BLOCK@43..56
                            L_BRACE@43..44 "{"
                            WHITESPACE@44..45 " "
                            RETURN_STMT@45..54
                              RETURN_KW@45..51 "return"
                              WHITESPACE@51..52 " "
                              LITERAL@52..53
                                INT_NUMBER@52..53 "1"
                              SEMICOLON@53..54 ";"
                            WHITESPACE@54..55 " "
                            R_BRACE@55..56 "}"
                        WHITESPACE@56..57 " "
                        R_BRACE@57..58 "}"
                      SEMICOLON@58..59 ";"
                  WHITESPACE@59..60 " "
                  R_BRACE@60..61 "}"
              WHITESPACE@61..62 "\n"
            error 20..21: function definition is not allowed here
        "#]],
    );
}
