//! `typename` before a dependent name and `template` before a dependent template name, as
//! DXC's HLSLFileCheck template tests write them: parsed as types, without errors.

use expect_test::expect;

use super::check;

#[test]
fn typename_before_a_dependent_return_type_and_local() {
    check(
        r#"typename T::value_type f(T v) { typename T::value_type x = v.x; return x; }
"#,
        expect![[r#"
            SOURCE_FILE@0..76
              FN_DEF@0..75
                TYPE_REF@0..22
                  TYPENAME_KW@0..8 "typename"
                  WHITESPACE@8..9 " "
                  PATH@9..22
                    PATH_SEGMENT@9..10
                      NAME_REF@9..10
                        IDENT@9..10 "T"
                    COLON2@10..12 "::"
                    PATH_SEGMENT@12..22
                      NAME_REF@12..22
                        IDENT@12..22 "value_type"
                WHITESPACE@22..23 " "
                NAME@23..24
                  IDENT@23..24 "f"
                PARAM_LIST@24..29
                  L_PAREN@24..25 "("
                  PARAM@25..28
                    TYPE_REF@25..26
                      PATH@25..26
                        PATH_SEGMENT@25..26
                          NAME_REF@25..26
                            IDENT@25..26 "T"
                    WHITESPACE@26..27 " "
                    NAME@27..28
                      IDENT@27..28 "v"
                  R_PAREN@28..29 ")"
                WHITESPACE@29..30 " "
                BLOCK@30..75
                  L_BRACE@30..31 "{"
                  WHITESPACE@31..32 " "
                  DECL_STMT@32..63
                    VAR_DECL@32..63
                      TYPE_REF@32..54
                        TYPENAME_KW@32..40 "typename"
                        WHITESPACE@40..41 " "
                        PATH@41..54
                          PATH_SEGMENT@41..42
                            NAME_REF@41..42
                              IDENT@41..42 "T"
                          COLON2@42..44 "::"
                          PATH_SEGMENT@44..54
                            NAME_REF@44..54
                              IDENT@44..54 "value_type"
                      WHITESPACE@54..55 " "
                      VAR_DECLARATOR@55..62
                        NAME@55..56
                          IDENT@55..56 "x"
                        WHITESPACE@56..57 " "
                        EQ@57..58 "="
                        WHITESPACE@58..59 " "
                        FIELD_EXPR@59..62
                          PATH_EXPR@59..60
                            PATH@59..60
                              PATH_SEGMENT@59..60
                                NAME_REF@59..60
                                  IDENT@59..60 "v"
                          DOT@60..61 "."
                          NAME_REF@61..62
                            IDENT@61..62 "x"
                      SEMICOLON@62..63 ";"
                  WHITESPACE@63..64 " "
                  RETURN_STMT@64..73
                    RETURN_KW@64..70 "return"
                    WHITESPACE@70..71 " "
                    PATH_EXPR@71..72
                      PATH@71..72
                        PATH_SEGMENT@71..72
                          NAME_REF@71..72
                            IDENT@71..72 "x"
                    SEMICOLON@72..73 ";"
                  WHITESPACE@73..74 " "
                  R_BRACE@74..75 "}"
              WHITESPACE@75..76 "\n"
        "#]],
    );
}

#[test]
fn template_before_a_dependent_template_name() {
    check(
        r#"struct F2 { typename F1<T>::template Iterator<0> pos; };
"#,
        expect![[r#"
            SOURCE_FILE@0..57
              STRUCT_DEF@0..56
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..9
                  IDENT@7..9 "F2"
                WHITESPACE@9..10 " "
                FIELD_LIST@10..55
                  L_BRACE@10..11 "{"
                  WHITESPACE@11..12 " "
                  VAR_DECL@12..53
                    TYPE_REF@12..48
                      TYPENAME_KW@12..20 "typename"
                      WHITESPACE@20..21 " "
                      PATH@21..48
                        PATH_SEGMENT@21..26
                          NAME_REF@21..23
                            IDENT@21..23 "F1"
                          GENERIC_ARG_LIST@23..26
                            LT@23..24 "<"
                            TYPE_REF@24..25
                              PATH@24..25
                                PATH_SEGMENT@24..25
                                  NAME_REF@24..25
                                    IDENT@24..25 "T"
                            GT@25..26 ">"
                        COLON2@26..28 "::"
                        TEMPLATE_KW@28..36 "template"
                        WHITESPACE@36..37 " "
                        PATH_SEGMENT@37..48
                          NAME_REF@37..45
                            IDENT@37..45 "Iterator"
                          GENERIC_ARG_LIST@45..48
                            LT@45..46 "<"
                            LITERAL@46..47
                              INT_NUMBER@46..47 "0"
                            GT@47..48 ">"
                    WHITESPACE@48..49 " "
                    VAR_DECLARATOR@49..52
                      NAME@49..52
                        IDENT@49..52 "pos"
                    SEMICOLON@52..53 ";"
                  WHITESPACE@53..54 " "
                  R_BRACE@54..55 "}"
                SEMICOLON@55..56 ";"
              WHITESPACE@56..57 "\n"
        "#]],
    );
}
