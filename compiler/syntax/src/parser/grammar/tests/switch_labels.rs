//! `case` and `default` labels in blocks nested in a `switch` body: each starts a
//! `CASE_CLAUSE` of the block (C's rule, which DXC follows); outside every `switch` a label is
//! still an error.

use expect_test::expect;

use super::check;

#[test]
fn labels_in_a_nested_block() {
    check(
        r#"void f() { switch (x) { case 0: { a(); case 1: break; } default: ; } { case 2: ; } }
"#,
        expect![[r#"
            SOURCE_FILE@0..85
              FN_DEF@0..84
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
                BLOCK@9..84
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  SWITCH_STMT@11..68
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
                    SWITCH_BODY@22..68
                      L_BRACE@22..23 "{"
                      WHITESPACE@23..24 " "
                      CASE_CLAUSE@24..55
                        CASE_KW@24..28 "case"
                        WHITESPACE@28..29 " "
                        LITERAL@29..30
                          INT_NUMBER@29..30 "0"
                        COLON@30..31 ":"
                        WHITESPACE@31..32 " "
                        BLOCK@32..55
                          L_BRACE@32..33 "{"
                          WHITESPACE@33..34 " "
                          EXPR_STMT@34..38
                            CALL_EXPR@34..37
                              PATH_EXPR@34..35
                                PATH@34..35
                                  PATH_SEGMENT@34..35
                                    NAME_REF@34..35
                                      IDENT@34..35 "a"
                              ARG_LIST@35..37
                                L_PAREN@35..36 "("
                                R_PAREN@36..37 ")"
                            SEMICOLON@37..38 ";"
                          WHITESPACE@38..39 " "
                          CASE_CLAUSE@39..53
                            CASE_KW@39..43 "case"
                            WHITESPACE@43..44 " "
                            LITERAL@44..45
                              INT_NUMBER@44..45 "1"
                            COLON@45..46 ":"
                            WHITESPACE@46..47 " "
                            BREAK_STMT@47..53
                              BREAK_KW@47..52 "break"
                              SEMICOLON@52..53 ";"
                          WHITESPACE@53..54 " "
                          R_BRACE@54..55 "}"
                      WHITESPACE@55..56 " "
                      CASE_CLAUSE@56..66
                        DEFAULT_KW@56..63 "default"
                        COLON@63..64 ":"
                        WHITESPACE@64..65 " "
                        EMPTY_STMT@65..66
                          SEMICOLON@65..66 ";"
                      WHITESPACE@66..67 " "
                      R_BRACE@67..68 "}"
                  WHITESPACE@68..69 " "
                  BLOCK@69..82
                    L_BRACE@69..70 "{"
                    WHITESPACE@70..71 " "
                    ERROR@71..80
                      CASE_KW@71..75 "case"
                      WHITESPACE@75..76 " "
                      INT_NUMBER@76..77 "2"
                      COLON@77..78 ":"
                      WHITESPACE@78..79 " "
                      SEMICOLON@79..80 ";"
                    WHITESPACE@80..81 " "
                    R_BRACE@81..82 "}"
                  WHITESPACE@82..83 " "
                  R_BRACE@83..84 "}"
              WHITESPACE@84..85 "\n"
            error 71..75: `case` label outside of a `switch`
        "#]],
    );
}
