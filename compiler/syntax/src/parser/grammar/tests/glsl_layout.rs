//! glslang's GLSL `layout(...)` before a declaration: one error on it, then the declaration
//! parses as if it were not there. A call of a function named `layout` stays a call.

use expect_test::expect;

use super::check;

#[test]
fn layout_before_a_declaration_is_one_error() {
    check(
        "layout(set = 2, binding = 1) RWStructuredBuffer<uint> b;\n",
        expect![[r#"
            SOURCE_FILE@0..57
              VAR_DECL@0..56
                ERROR@0..28
                  IDENT@0..6 "layout"
                  L_PAREN@6..7 "("
                  IDENT@7..10 "set"
                  WHITESPACE@10..11 " "
                  EQ@11..12 "="
                  WHITESPACE@12..13 " "
                  INT_NUMBER@13..14 "2"
                  COMMA@14..15 ","
                  WHITESPACE@15..16 " "
                  IDENT@16..23 "binding"
                  WHITESPACE@23..24 " "
                  EQ@24..25 "="
                  WHITESPACE@25..26 " "
                  INT_NUMBER@26..27 "1"
                  R_PAREN@27..28 ")"
                WHITESPACE@28..29 " "
                TYPE_REF@29..53
                  PATH@29..53
                    PATH_SEGMENT@29..53
                      NAME_REF@29..47
                        IDENT@29..47 "RWStructuredBuffer"
                      GENERIC_ARG_LIST@47..53
                        LT@47..48 "<"
                        TYPE_REF@48..52
                          PATH@48..52
                            PATH_SEGMENT@48..52
                              NAME_REF@48..52
                                IDENT@48..52 "uint"
                        GT@52..53 ">"
                WHITESPACE@53..54 " "
                VAR_DECLARATOR@54..55
                  NAME@54..55
                    IDENT@54..55 "b"
                SEMICOLON@55..56 ";"
              WHITESPACE@56..57 "\n"
            error 0..6: `layout(...)` is a glslang extension that DXC does not take: write `[[vk::binding(N, SET)]]`, `[[vk::push_constant]]`, `[[vk::constant_id(N)]]`, `[[vk::offset(N)]]` or `[[vk::image_format("...")]]` instead
        "#]],
    );
}

#[test]
fn layout_inside_a_cbuffer_and_before_const() {
    check(
        "cbuffer C { layout(offset = 16) float4 v; }\nlayout(constant_id = 3) const int k = 1;\n",
        expect![[r#"
            SOURCE_FILE@0..85
              CBUFFER_DEF@0..43
                CBUFFER_KW@0..7 "cbuffer"
                WHITESPACE@7..8 " "
                NAME@8..9
                  IDENT@8..9 "C"
                WHITESPACE@9..10 " "
                ITEM_LIST@10..43
                  L_BRACE@10..11 "{"
                  WHITESPACE@11..12 " "
                  VAR_DECL@12..41
                    ERROR@12..31
                      IDENT@12..18 "layout"
                      L_PAREN@18..19 "("
                      IDENT@19..25 "offset"
                      WHITESPACE@25..26 " "
                      EQ@26..27 "="
                      WHITESPACE@27..28 " "
                      INT_NUMBER@28..30 "16"
                      R_PAREN@30..31 ")"
                    WHITESPACE@31..32 " "
                    TYPE_REF@32..38
                      PATH@32..38
                        PATH_SEGMENT@32..38
                          NAME_REF@32..38
                            IDENT@32..38 "float4"
                    WHITESPACE@38..39 " "
                    VAR_DECLARATOR@39..40
                      NAME@39..40
                        IDENT@39..40 "v"
                    SEMICOLON@40..41 ";"
                  WHITESPACE@41..42 " "
                  R_BRACE@42..43 "}"
              WHITESPACE@43..44 "\n"
              VAR_DECL@44..84
                ERROR@44..67
                  IDENT@44..50 "layout"
                  L_PAREN@50..51 "("
                  IDENT@51..62 "constant_id"
                  WHITESPACE@62..63 " "
                  EQ@63..64 "="
                  WHITESPACE@64..65 " "
                  INT_NUMBER@65..66 "3"
                  R_PAREN@66..67 ")"
                WHITESPACE@67..68 " "
                CONST_KW@68..73 "const"
                WHITESPACE@73..74 " "
                TYPE_REF@74..77
                  PATH@74..77
                    PATH_SEGMENT@74..77
                      NAME_REF@74..77
                        IDENT@74..77 "int"
                WHITESPACE@77..78 " "
                VAR_DECLARATOR@78..83
                  NAME@78..79
                    IDENT@78..79 "k"
                  WHITESPACE@79..80 " "
                  EQ@80..81 "="
                  WHITESPACE@81..82 " "
                  LITERAL@82..83
                    INT_NUMBER@82..83 "1"
                SEMICOLON@83..84 ";"
              WHITESPACE@84..85 "\n"
            error 12..18: `layout(...)` is a glslang extension that DXC does not take: write `[[vk::binding(N, SET)]]`, `[[vk::push_constant]]`, `[[vk::constant_id(N)]]`, `[[vk::offset(N)]]` or `[[vk::image_format("...")]]` instead
            error 44..50: `layout(...)` is a glslang extension that DXC does not take: write `[[vk::binding(N, SET)]]`, `[[vk::push_constant]]`, `[[vk::constant_id(N)]]`, `[[vk::offset(N)]]` or `[[vk::image_format("...")]]` instead
        "#]],
    );
}

#[test]
fn a_function_named_layout_is_called() {
    check(
        "void f() { layout(1); float x = layout(2) + 1; }\n",
        expect![[r#"
            SOURCE_FILE@0..49
              FN_DEF@0..48
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
                BLOCK@9..48
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..21
                    CALL_EXPR@11..20
                      PATH_EXPR@11..17
                        PATH@11..17
                          PATH_SEGMENT@11..17
                            NAME_REF@11..17
                              IDENT@11..17 "layout"
                      ARG_LIST@17..20
                        L_PAREN@17..18 "("
                        LITERAL@18..19
                          INT_NUMBER@18..19 "1"
                        R_PAREN@19..20 ")"
                    SEMICOLON@20..21 ";"
                  WHITESPACE@21..22 " "
                  DECL_STMT@22..46
                    VAR_DECL@22..46
                      TYPE_REF@22..27
                        PATH@22..27
                          PATH_SEGMENT@22..27
                            NAME_REF@22..27
                              IDENT@22..27 "float"
                      WHITESPACE@27..28 " "
                      VAR_DECLARATOR@28..45
                        NAME@28..29
                          IDENT@28..29 "x"
                        WHITESPACE@29..30 " "
                        EQ@30..31 "="
                        WHITESPACE@31..32 " "
                        BIN_EXPR@32..45
                          CALL_EXPR@32..41
                            PATH_EXPR@32..38
                              PATH@32..38
                                PATH_SEGMENT@32..38
                                  NAME_REF@32..38
                                    IDENT@32..38 "layout"
                            ARG_LIST@38..41
                              L_PAREN@38..39 "("
                              LITERAL@39..40
                                INT_NUMBER@39..40 "2"
                              R_PAREN@40..41 ")"
                          WHITESPACE@41..42 " "
                          PLUS@42..43 "+"
                          WHITESPACE@43..44 " "
                          LITERAL@44..45
                            INT_NUMBER@44..45 "1"
                      SEMICOLON@45..46 ";"
                  WHITESPACE@46..47 " "
                  R_BRACE@47..48 "}"
              WHITESPACE@48..49 "\n"
        "#]],
    );
}
