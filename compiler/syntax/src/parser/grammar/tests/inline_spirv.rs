//! Template arguments of inline SPIR-V types: a qualified template type holding a value
//! (`vk::integral_constant<bool, false>`) is a type argument, and a local declared with such
//! a type is a declaration, not a comparison.

use expect_test::expect;

use super::check;

#[test]
fn qualified_template_argument_holding_a_value_is_a_type() {
    check(
        r#"void f() { vk::T<vk::C<bool, false> > v; }
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
                  DECL_STMT@11..40
                    VAR_DECL@11..40
                      TYPE_REF@11..37
                        PATH@11..37
                          PATH_SEGMENT@11..13
                            NAME_REF@11..13
                              IDENT@11..13 "vk"
                          COLON2@13..15 "::"
                          PATH_SEGMENT@15..37
                            NAME_REF@15..16
                              IDENT@15..16 "T"
                            GENERIC_ARG_LIST@16..37
                              LT@16..17 "<"
                              TYPE_REF@17..35
                                PATH@17..35
                                  PATH_SEGMENT@17..19
                                    NAME_REF@17..19
                                      IDENT@17..19 "vk"
                                  COLON2@19..21 "::"
                                  PATH_SEGMENT@21..35
                                    NAME_REF@21..22
                                      IDENT@21..22 "C"
                                    GENERIC_ARG_LIST@22..35
                                      LT@22..23 "<"
                                      TYPE_REF@23..27
                                        PATH@23..27
                                          PATH_SEGMENT@23..27
                                            NAME_REF@23..27
                                              IDENT@23..27 "bool"
                                      COMMA@27..28 ","
                                      WHITESPACE@28..29 " "
                                      LITERAL@29..34
                                        FALSE_KW@29..34 "false"
                                      GT@34..35 ">"
                              WHITESPACE@35..36 " "
                              GT@36..37 ">"
                      WHITESPACE@37..38 " "
                      VAR_DECLARATOR@38..39
                        NAME@38..39
                          IDENT@38..39 "v"
                      SEMICOLON@39..40 ";"
                  WHITESPACE@40..41 " "
                  R_BRACE@41..42 "}"
              WHITESPACE@42..43 "\n"
        "#]],
    );
}

#[test]
fn alias_attributes_follow_its_name() {
    check(
        r#"using u8 [[vk::ext_capability(39)]] = T;
"#,
        expect![[r#"
            SOURCE_FILE@0..41
              TYPE_ALIAS@0..40
                USING_KW@0..5 "using"
                WHITESPACE@5..6 " "
                NAME@6..8
                  IDENT@6..8 "u8"
                WHITESPACE@8..9 " "
                ATTRIBUTE@9..35
                  L_BRACK@9..10 "["
                  L_BRACK@10..11 "["
                  PATH@11..29
                    PATH_SEGMENT@11..13
                      NAME_REF@11..13
                        IDENT@11..13 "vk"
                    COLON2@13..15 "::"
                    PATH_SEGMENT@15..29
                      NAME_REF@15..29
                        IDENT@15..29 "ext_capability"
                  ARG_LIST@29..33
                    L_PAREN@29..30 "("
                    LITERAL@30..32
                      INT_NUMBER@30..32 "39"
                    R_PAREN@32..33 ")"
                  R_BRACK@33..34 "]"
                  R_BRACK@34..35 "]"
                WHITESPACE@35..36 " "
                EQ@36..37 "="
                WHITESPACE@37..38 " "
                TYPE_REF@38..39
                  PATH@38..39
                    PATH_SEGMENT@38..39
                      NAME_REF@38..39
                        IDENT@38..39 "T"
                SEMICOLON@39..40 ";"
              WHITESPACE@40..41 "\n"
        "#]],
    );
}
