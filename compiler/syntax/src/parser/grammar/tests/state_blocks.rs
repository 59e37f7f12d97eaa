//! Snapshot tests of effects state blocks whose inside is a list of values
//! (`int a[2] {1, 2};`): DXC reads a `{ ... }` after a variable's declarator as a state block
//! (and ignores it) whatever it holds, where a function missing its parameters has a body
//! that no `;` follows. Also the register bindings of the same probe (`s[1+1]`).

use expect_test::expect;

use super::check;

#[test]
fn value_list_after_a_global_declarator_is_a_state_block() {
    check(
        "int a[2] {1, 2};\n",
        expect![[r#"
            SOURCE_FILE@0..17
              VAR_DECL@0..16
                TYPE_REF@0..3
                  PATH@0..3
                    PATH_SEGMENT@0..3
                      NAME_REF@0..3
                        IDENT@0..3 "int"
                WHITESPACE@3..4 " "
                VAR_DECLARATOR@4..15
                  NAME@4..5
                    IDENT@4..5 "a"
                  ARRAY_SUFFIX@5..8
                    L_BRACK@5..6 "["
                    LITERAL@6..7
                      INT_NUMBER@6..7 "2"
                    R_BRACK@7..8 "]"
                  WHITESPACE@8..9 " "
                  STATE_BLOCK@9..15
                    L_BRACE@9..10 "{"
                    INT_NUMBER@10..11 "1"
                    COMMA@11..12 ","
                    WHITESPACE@12..13 " "
                    INT_NUMBER@13..14 "2"
                    R_BRACE@14..15 "}"
                SEMICOLON@15..16 ";"
              WHITESPACE@16..17 "\n"
        "#]],
    );
}

#[test]
fn value_list_after_a_local_declarator_is_a_state_block() {
    check(
        "void f() { float2 v{ 1, 2 }, w; }\n",
        expect![[r#"
            SOURCE_FILE@0..34
              FN_DEF@0..33
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
                BLOCK@9..33
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  DECL_STMT@11..31
                    VAR_DECL@11..31
                      TYPE_REF@11..17
                        PATH@11..17
                          PATH_SEGMENT@11..17
                            NAME_REF@11..17
                              IDENT@11..17 "float2"
                      WHITESPACE@17..18 " "
                      VAR_DECLARATOR@18..27
                        NAME@18..19
                          IDENT@18..19 "v"
                        STATE_BLOCK@19..27
                          L_BRACE@19..20 "{"
                          WHITESPACE@20..21 " "
                          INT_NUMBER@21..22 "1"
                          COMMA@22..23 ","
                          WHITESPACE@23..24 " "
                          INT_NUMBER@24..25 "2"
                          WHITESPACE@25..26 " "
                          R_BRACE@26..27 "}"
                      COMMA@27..28 ","
                      WHITESPACE@28..29 " "
                      VAR_DECLARATOR@29..30
                        NAME@29..30
                          IDENT@29..30 "w"
                      SEMICOLON@30..31 ";"
                  WHITESPACE@31..32 " "
                  R_BRACE@32..33 "}"
              WHITESPACE@33..34 "\n"
        "#]],
    );
}

#[test]
fn register_subcomponent_may_be_arithmetic() {
    // Not a state block: a binding whose subcomponent DXC evaluates (`s[1+1]` is `s2`).
    check(
        "sampler s : register(ps, s[1+1]);\n",
        expect![[r#"
            SOURCE_FILE@0..34
              VAR_DECL@0..33
                TYPE_REF@0..7
                  PATH@0..7
                    PATH_SEGMENT@0..7
                      NAME_REF@0..7
                        IDENT@0..7 "sampler"
                WHITESPACE@7..8 " "
                VAR_DECLARATOR@8..32
                  NAME@8..9
                    IDENT@8..9 "s"
                  WHITESPACE@9..10 " "
                  REGISTER_BINDING@10..32
                    COLON@10..11 ":"
                    WHITESPACE@11..12 " "
                    REGISTER_KW@12..20 "register"
                    L_PAREN@20..21 "("
                    IDENT@21..23 "ps"
                    COMMA@23..24 ","
                    WHITESPACE@24..25 " "
                    IDENT@25..26 "s"
                    L_BRACK@26..27 "["
                    INT_NUMBER@27..28 "1"
                    PLUS@28..29 "+"
                    INT_NUMBER@29..30 "1"
                    R_BRACK@30..31 "]"
                    R_PAREN@31..32 ")"
                SEMICOLON@32..33 ";"
              WHITESPACE@33..34 "\n"
        "#]],
    );
}
