//! Snapshot tests of types, template arguments, typedef, using, enums, namespaces, templates.

use expect_test::expect;

use super::check;

#[test]
fn vector_template() {
    check(
        r#"vector<float, 3> v;
"#,
        expect![[r#"
            SOURCE_FILE@0..20
              VAR_DECL@0..19
                TYPE_REF@0..16
                  PATH@0..16
                    PATH_SEGMENT@0..16
                      NAME_REF@0..6
                        IDENT@0..6 "vector"
                      GENERIC_ARG_LIST@6..16
                        LT@6..7 "<"
                        TYPE_REF@7..12
                          PATH@7..12
                            PATH_SEGMENT@7..12
                              NAME_REF@7..12
                                IDENT@7..12 "float"
                        COMMA@12..13 ","
                        WHITESPACE@13..14 " "
                        LITERAL@14..15
                          INT_NUMBER@14..15 "3"
                        GT@15..16 ">"
                WHITESPACE@16..17 " "
                VAR_DECLARATOR@17..18
                  NAME@17..18
                    IDENT@17..18 "v"
                SEMICOLON@18..19 ";"
              WHITESPACE@19..20 "\n"
        "#]],
    );
}

#[test]
fn matrix_template() {
    check(
        r#"matrix<float, 4, 4> m;
"#,
        expect![[r#"
            SOURCE_FILE@0..23
              VAR_DECL@0..22
                TYPE_REF@0..19
                  PATH@0..19
                    PATH_SEGMENT@0..19
                      NAME_REF@0..6
                        IDENT@0..6 "matrix"
                      GENERIC_ARG_LIST@6..19
                        LT@6..7 "<"
                        TYPE_REF@7..12
                          PATH@7..12
                            PATH_SEGMENT@7..12
                              NAME_REF@7..12
                                IDENT@7..12 "float"
                        COMMA@12..13 ","
                        WHITESPACE@13..14 " "
                        LITERAL@14..15
                          INT_NUMBER@14..15 "4"
                        COMMA@15..16 ","
                        WHITESPACE@16..17 " "
                        LITERAL@17..18
                          INT_NUMBER@17..18 "4"
                        GT@18..19 ">"
                WHITESPACE@19..20 " "
                VAR_DECLARATOR@20..21
                  NAME@20..21
                    IDENT@20..21 "m"
                SEMICOLON@21..22 ";"
              WHITESPACE@22..23 "\n"
        "#]],
    );
}

#[test]
fn nested_template_splits_shr() {
    check(
        r#"A<B<C>> x;
"#,
        expect![[r#"
            SOURCE_FILE@0..11
              VAR_DECL@0..10
                TYPE_REF@0..7
                  PATH@0..7
                    PATH_SEGMENT@0..7
                      NAME_REF@0..1
                        IDENT@0..1 "A"
                      GENERIC_ARG_LIST@1..7
                        LT@1..2 "<"
                        TYPE_REF@2..6
                          PATH@2..6
                            PATH_SEGMENT@2..6
                              NAME_REF@2..3
                                IDENT@2..3 "B"
                              GENERIC_ARG_LIST@3..6
                                LT@3..4 "<"
                                TYPE_REF@4..5
                                  PATH@4..5
                                    PATH_SEGMENT@4..5
                                      NAME_REF@4..5
                                        IDENT@4..5 "C"
                                GT@5..6 ">"
                        GT@6..7 ">"
                WHITESPACE@7..8 " "
                VAR_DECLARATOR@8..9
                  NAME@8..9
                    IDENT@8..9 "x"
                SEMICOLON@9..10 ";"
              WHITESPACE@10..11 "\n"
        "#]],
    );
}

#[test]
fn triple_nested_template() {
    check(
        r#"A<B<C<D>>> x;
"#,
        expect![[r#"
            SOURCE_FILE@0..14
              VAR_DECL@0..13
                TYPE_REF@0..10
                  PATH@0..10
                    PATH_SEGMENT@0..10
                      NAME_REF@0..1
                        IDENT@0..1 "A"
                      GENERIC_ARG_LIST@1..10
                        LT@1..2 "<"
                        TYPE_REF@2..9
                          PATH@2..9
                            PATH_SEGMENT@2..9
                              NAME_REF@2..3
                                IDENT@2..3 "B"
                              GENERIC_ARG_LIST@3..9
                                LT@3..4 "<"
                                TYPE_REF@4..8
                                  PATH@4..8
                                    PATH_SEGMENT@4..8
                                      NAME_REF@4..5
                                        IDENT@4..5 "C"
                                      GENERIC_ARG_LIST@5..8
                                        LT@5..6 "<"
                                        TYPE_REF@6..7
                                          PATH@6..7
                                            PATH_SEGMENT@6..7
                                              NAME_REF@6..7
                                                IDENT@6..7 "D"
                                        GT@7..8 ">"
                                GT@8..9 ">"
                        GT@9..10 ">"
                WHITESPACE@10..11 " "
                VAR_DECLARATOR@11..12
                  NAME@11..12
                    IDENT@11..12 "x"
                SEMICOLON@12..13 ";"
              WHITESPACE@13..14 "\n"
        "#]],
    );
}

#[test]
fn template_then_path() {
    check(
        r#"Foo<T>::Bar x;
"#,
        expect![[r#"
            SOURCE_FILE@0..15
              VAR_DECL@0..14
                TYPE_REF@0..11
                  PATH@0..11
                    PATH_SEGMENT@0..6
                      NAME_REF@0..3
                        IDENT@0..3 "Foo"
                      GENERIC_ARG_LIST@3..6
                        LT@3..4 "<"
                        TYPE_REF@4..5
                          PATH@4..5
                            PATH_SEGMENT@4..5
                              NAME_REF@4..5
                                IDENT@4..5 "T"
                        GT@5..6 ">"
                    COLON2@6..8 "::"
                    PATH_SEGMENT@8..11
                      NAME_REF@8..11
                        IDENT@8..11 "Bar"
                WHITESPACE@11..12 " "
                VAR_DECLARATOR@12..13
                  NAME@12..13
                    IDENT@12..13 "x"
                SEMICOLON@13..14 ";"
              WHITESPACE@14..15 "\n"
        "#]],
    );
}

#[test]
fn texture_ms_sample_count() {
    check(
        r#"Texture2DMS<float4, 8> t;
"#,
        expect![[r#"
            SOURCE_FILE@0..26
              VAR_DECL@0..25
                TYPE_REF@0..22
                  PATH@0..22
                    PATH_SEGMENT@0..22
                      NAME_REF@0..11
                        IDENT@0..11 "Texture2DMS"
                      GENERIC_ARG_LIST@11..22
                        LT@11..12 "<"
                        TYPE_REF@12..18
                          PATH@12..18
                            PATH_SEGMENT@12..18
                              NAME_REF@12..18
                                IDENT@12..18 "float4"
                        COMMA@18..19 ","
                        WHITESPACE@19..20 " "
                        LITERAL@20..21
                          INT_NUMBER@20..21 "8"
                        GT@21..22 ">"
                WHITESPACE@22..23 " "
                VAR_DECLARATOR@23..24
                  NAME@23..24
                    IDENT@23..24 "t"
                SEMICOLON@24..25 ";"
              WHITESPACE@25..26 "\n"
        "#]],
    );
}

#[test]
fn unorm_template_argument() {
    check(
        r#"RWTexture2D<unorm float4> o;
"#,
        expect![[r#"
            SOURCE_FILE@0..29
              VAR_DECL@0..28
                TYPE_REF@0..25
                  PATH@0..25
                    PATH_SEGMENT@0..25
                      NAME_REF@0..11
                        IDENT@0..11 "RWTexture2D"
                      GENERIC_ARG_LIST@11..25
                        LT@11..12 "<"
                        TYPE_REF@12..24
                          UNORM_KW@12..17 "unorm"
                          WHITESPACE@17..18 " "
                          PATH@18..24
                            PATH_SEGMENT@18..24
                              NAME_REF@18..24
                                IDENT@18..24 "float4"
                        GT@24..25 ">"
                WHITESPACE@25..26 " "
                VAR_DECLARATOR@26..27
                  NAME@26..27
                    IDENT@26..27 "o"
                SEMICOLON@27..28 ";"
              WHITESPACE@28..29 "\n"
        "#]],
    );
}

#[test]
fn template_constant_expression() {
    check(
        r#"vector<float, N + 1> v;
"#,
        expect![[r#"
            SOURCE_FILE@0..24
              VAR_DECL@0..23
                TYPE_REF@0..20
                  PATH@0..20
                    PATH_SEGMENT@0..20
                      NAME_REF@0..6
                        IDENT@0..6 "vector"
                      GENERIC_ARG_LIST@6..20
                        LT@6..7 "<"
                        TYPE_REF@7..12
                          PATH@7..12
                            PATH_SEGMENT@7..12
                              NAME_REF@7..12
                                IDENT@7..12 "float"
                        COMMA@12..13 ","
                        WHITESPACE@13..14 " "
                        BIN_EXPR@14..19
                          PATH_EXPR@14..15
                            PATH@14..15
                              PATH_SEGMENT@14..15
                                NAME_REF@14..15
                                  IDENT@14..15 "N"
                          WHITESPACE@15..16 " "
                          PLUS@16..17 "+"
                          WHITESPACE@17..18 " "
                          LITERAL@18..19
                            INT_NUMBER@18..19 "1"
                        GT@19..20 ">"
                WHITESPACE@20..21 " "
                VAR_DECLARATOR@21..22
                  NAME@21..22
                    IDENT@21..22 "v"
                SEMICOLON@22..23 ";"
              WHITESPACE@23..24 "\n"
        "#]],
    );
}

#[test]
fn array_template_argument() {
    check(
        r#"StructuredBuffer<float[2]> b;
"#,
        expect![[r#"
            SOURCE_FILE@0..30
              VAR_DECL@0..29
                TYPE_REF@0..26
                  PATH@0..26
                    PATH_SEGMENT@0..26
                      NAME_REF@0..16
                        IDENT@0..16 "StructuredBuffer"
                      GENERIC_ARG_LIST@16..26
                        LT@16..17 "<"
                        TYPE_REF@17..25
                          PATH@17..22
                            PATH_SEGMENT@17..22
                              NAME_REF@17..22
                                IDENT@17..22 "float"
                          ARRAY_SUFFIX@22..25
                            L_BRACK@22..23 "["
                            LITERAL@23..24
                              INT_NUMBER@23..24 "2"
                            R_BRACK@24..25 "]"
                        GT@25..26 ">"
                WHITESPACE@26..27 " "
                VAR_DECLARATOR@27..28
                  NAME@27..28
                    IDENT@27..28 "b"
                SEMICOLON@28..29 ";"
              WHITESPACE@29..30 "\n"
        "#]],
    );
}

#[test]
fn typedef_simple() {
    check(
        r#"typedef float4 Color;
"#,
        expect![[r#"
            SOURCE_FILE@0..22
              TYPEDEF_DEF@0..21
                TYPEDEF_KW@0..7 "typedef"
                WHITESPACE@7..8 " "
                TYPE_REF@8..14
                  PATH@8..14
                    PATH_SEGMENT@8..14
                      NAME_REF@8..14
                        IDENT@8..14 "float4"
                WHITESPACE@14..15 " "
                VAR_DECLARATOR@15..20
                  NAME@15..20
                    IDENT@15..20 "Color"
                SEMICOLON@20..21 ";"
              WHITESPACE@21..22 "\n"
        "#]],
    );
}

#[test]
fn typedef_array() {
    check(
        r#"typedef float3 Corners[4];
"#,
        expect![[r#"
            SOURCE_FILE@0..27
              TYPEDEF_DEF@0..26
                TYPEDEF_KW@0..7 "typedef"
                WHITESPACE@7..8 " "
                TYPE_REF@8..14
                  PATH@8..14
                    PATH_SEGMENT@8..14
                      NAME_REF@8..14
                        IDENT@8..14 "float3"
                WHITESPACE@14..15 " "
                VAR_DECLARATOR@15..25
                  NAME@15..22
                    IDENT@15..22 "Corners"
                  ARRAY_SUFFIX@22..25
                    L_BRACK@22..23 "["
                    LITERAL@23..24
                      INT_NUMBER@23..24 "4"
                    R_BRACK@24..25 "]"
                SEMICOLON@25..26 ";"
              WHITESPACE@26..27 "\n"
        "#]],
    );
}

#[test]
fn typedef_inline_struct() {
    check(
        r#"typedef struct { float a; } Anon;
"#,
        expect![[r#"
            SOURCE_FILE@0..34
              TYPEDEF_DEF@0..33
                TYPEDEF_KW@0..7 "typedef"
                WHITESPACE@7..8 " "
                TYPE_REF@8..27
                  STRUCT_DEF@8..27
                    STRUCT_KW@8..14 "struct"
                    WHITESPACE@14..15 " "
                    FIELD_LIST@15..27
                      L_BRACE@15..16 "{"
                      WHITESPACE@16..17 " "
                      VAR_DECL@17..25
                        TYPE_REF@17..22
                          PATH@17..22
                            PATH_SEGMENT@17..22
                              NAME_REF@17..22
                                IDENT@17..22 "float"
                        WHITESPACE@22..23 " "
                        VAR_DECLARATOR@23..24
                          NAME@23..24
                            IDENT@23..24 "a"
                        SEMICOLON@24..25 ";"
                      WHITESPACE@25..26 " "
                      R_BRACE@26..27 "}"
                WHITESPACE@27..28 " "
                VAR_DECLARATOR@28..32
                  NAME@28..32
                    IDENT@28..32 "Anon"
                SEMICOLON@32..33 ";"
              WHITESPACE@33..34 "\n"
        "#]],
    );
}

#[test]
fn typedef_const() {
    check(
        r#"typedef const float CF;
"#,
        expect![[r#"
            SOURCE_FILE@0..24
              TYPEDEF_DEF@0..23
                TYPEDEF_KW@0..7 "typedef"
                WHITESPACE@7..8 " "
                CONST_KW@8..13 "const"
                WHITESPACE@13..14 " "
                TYPE_REF@14..19
                  PATH@14..19
                    PATH_SEGMENT@14..19
                      NAME_REF@14..19
                        IDENT@14..19 "float"
                WHITESPACE@19..20 " "
                VAR_DECLARATOR@20..22
                  NAME@20..22
                    IDENT@20..22 "CF"
                SEMICOLON@22..23 ";"
              WHITESPACE@23..24 "\n"
        "#]],
    );
}

#[test]
fn using_alias() {
    check(
        r#"using Vec = vector<float, 2>;
"#,
        expect![[r#"
            SOURCE_FILE@0..30
              TYPE_ALIAS@0..29
                USING_KW@0..5 "using"
                WHITESPACE@5..6 " "
                NAME@6..9
                  IDENT@6..9 "Vec"
                WHITESPACE@9..10 " "
                EQ@10..11 "="
                WHITESPACE@11..12 " "
                TYPE_REF@12..28
                  PATH@12..28
                    PATH_SEGMENT@12..28
                      NAME_REF@12..18
                        IDENT@12..18 "vector"
                      GENERIC_ARG_LIST@18..28
                        LT@18..19 "<"
                        TYPE_REF@19..24
                          PATH@19..24
                            PATH_SEGMENT@19..24
                              NAME_REF@19..24
                                IDENT@19..24 "float"
                        COMMA@24..25 ","
                        WHITESPACE@25..26 " "
                        LITERAL@26..27
                          INT_NUMBER@26..27 "2"
                        GT@27..28 ">"
                SEMICOLON@28..29 ";"
              WHITESPACE@29..30 "\n"
        "#]],
    );
}

#[test]
fn using_namespace() {
    check(
        r#"using namespace foo::bar;
"#,
        expect![[r#"
            SOURCE_FILE@0..26
              USING_NAMESPACE@0..25
                USING_KW@0..5 "using"
                WHITESPACE@5..6 " "
                NAMESPACE_KW@6..15 "namespace"
                WHITESPACE@15..16 " "
                PATH@16..24
                  PATH_SEGMENT@16..19
                    NAME_REF@16..19
                      IDENT@16..19 "foo"
                  COLON2@19..21 "::"
                  PATH_SEGMENT@21..24
                    NAME_REF@21..24
                      IDENT@21..24 "bar"
                SEMICOLON@24..25 ";"
              WHITESPACE@25..26 "\n"
        "#]],
    );
}

#[test]
fn elaborated_struct_variable() {
    check(
        r#"struct S s;
"#,
        expect![[r#"
            SOURCE_FILE@0..12
              VAR_DECL@0..11
                TYPE_REF@0..8
                  STRUCT_KW@0..6 "struct"
                  WHITESPACE@6..7 " "
                  PATH@7..8
                    PATH_SEGMENT@7..8
                      NAME_REF@7..8
                        IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                VAR_DECLARATOR@9..10
                  NAME@9..10
                    IDENT@9..10 "s"
                SEMICOLON@10..11 ";"
              WHITESPACE@11..12 "\n"
        "#]],
    );
}

#[test]
fn enum_basic() {
    check(
        r#"enum Color { Red, Green = 2, Blue, };
"#,
        expect![[r#"
            SOURCE_FILE@0..38
              ENUM_DEF@0..37
                ENUM_KW@0..4 "enum"
                WHITESPACE@4..5 " "
                NAME@5..10
                  IDENT@5..10 "Color"
                WHITESPACE@10..11 " "
                VARIANT_LIST@11..36
                  L_BRACE@11..12 "{"
                  WHITESPACE@12..13 " "
                  VARIANT@13..16
                    NAME@13..16
                      IDENT@13..16 "Red"
                  COMMA@16..17 ","
                  WHITESPACE@17..18 " "
                  VARIANT@18..27
                    NAME@18..23
                      IDENT@18..23 "Green"
                    WHITESPACE@23..24 " "
                    EQ@24..25 "="
                    WHITESPACE@25..26 " "
                    LITERAL@26..27
                      INT_NUMBER@26..27 "2"
                  COMMA@27..28 ","
                  WHITESPACE@28..29 " "
                  VARIANT@29..33
                    NAME@29..33
                      IDENT@29..33 "Blue"
                  COMMA@33..34 ","
                  WHITESPACE@34..35 " "
                  R_BRACE@35..36 "}"
                SEMICOLON@36..37 ";"
              WHITESPACE@37..38 "\n"
        "#]],
    );
}

#[test]
fn enum_class_underlying() {
    check(
        r#"enum class Mode : uint { A = 1u << 0, B = 1u << 1 };
"#,
        expect![[r#"
            SOURCE_FILE@0..53
              ENUM_DEF@0..52
                ENUM_KW@0..4 "enum"
                WHITESPACE@4..5 " "
                CLASS_KW@5..10 "class"
                WHITESPACE@10..11 " "
                NAME@11..15
                  IDENT@11..15 "Mode"
                WHITESPACE@15..16 " "
                COLON@16..17 ":"
                WHITESPACE@17..18 " "
                TYPE_REF@18..22
                  PATH@18..22
                    PATH_SEGMENT@18..22
                      NAME_REF@18..22
                        IDENT@18..22 "uint"
                WHITESPACE@22..23 " "
                VARIANT_LIST@23..51
                  L_BRACE@23..24 "{"
                  WHITESPACE@24..25 " "
                  VARIANT@25..36
                    NAME@25..26
                      IDENT@25..26 "A"
                    WHITESPACE@26..27 " "
                    EQ@27..28 "="
                    WHITESPACE@28..29 " "
                    BIN_EXPR@29..36
                      LITERAL@29..31
                        INT_NUMBER@29..31 "1u"
                      WHITESPACE@31..32 " "
                      SHL@32..34 "<<"
                      WHITESPACE@34..35 " "
                      LITERAL@35..36
                        INT_NUMBER@35..36 "0"
                  COMMA@36..37 ","
                  WHITESPACE@37..38 " "
                  VARIANT@38..49
                    NAME@38..39
                      IDENT@38..39 "B"
                    WHITESPACE@39..40 " "
                    EQ@40..41 "="
                    WHITESPACE@41..42 " "
                    BIN_EXPR@42..49
                      LITERAL@42..44
                        INT_NUMBER@42..44 "1u"
                      WHITESPACE@44..45 " "
                      SHL@45..47 "<<"
                      WHITESPACE@47..48 " "
                      LITERAL@48..49
                        INT_NUMBER@48..49 "1"
                  WHITESPACE@49..50 " "
                  R_BRACE@50..51 "}"
                SEMICOLON@51..52 ";"
              WHITESPACE@52..53 "\n"
        "#]],
    );
}

#[test]
fn namespace_nested() {
    check(
        r#"namespace a { namespace b { float f() { return 0; } } }
"#,
        expect![[r#"
            SOURCE_FILE@0..56
              NAMESPACE_DEF@0..55
                NAMESPACE_KW@0..9 "namespace"
                WHITESPACE@9..10 " "
                NAME@10..11
                  IDENT@10..11 "a"
                WHITESPACE@11..12 " "
                ITEM_LIST@12..55
                  L_BRACE@12..13 "{"
                  WHITESPACE@13..14 " "
                  NAMESPACE_DEF@14..53
                    NAMESPACE_KW@14..23 "namespace"
                    WHITESPACE@23..24 " "
                    NAME@24..25
                      IDENT@24..25 "b"
                    WHITESPACE@25..26 " "
                    ITEM_LIST@26..53
                      L_BRACE@26..27 "{"
                      WHITESPACE@27..28 " "
                      FN_DEF@28..51
                        TYPE_REF@28..33
                          PATH@28..33
                            PATH_SEGMENT@28..33
                              NAME_REF@28..33
                                IDENT@28..33 "float"
                        WHITESPACE@33..34 " "
                        NAME@34..35
                          IDENT@34..35 "f"
                        PARAM_LIST@35..37
                          L_PAREN@35..36 "("
                          R_PAREN@36..37 ")"
                        WHITESPACE@37..38 " "
                        BLOCK@38..51
                          L_BRACE@38..39 "{"
                          WHITESPACE@39..40 " "
                          RETURN_STMT@40..49
                            RETURN_KW@40..46 "return"
                            WHITESPACE@46..47 " "
                            LITERAL@47..48
                              INT_NUMBER@47..48 "0"
                            SEMICOLON@48..49 ";"
                          WHITESPACE@49..50 " "
                          R_BRACE@50..51 "}"
                      WHITESPACE@51..52 " "
                      R_BRACE@52..53 "}"
                  WHITESPACE@53..54 " "
                  R_BRACE@54..55 "}"
              WHITESPACE@55..56 "\n"
        "#]],
    );
}

#[test]
fn template_struct() {
    check(
        r#"template<typename T> struct Pair { T first; T second; };
"#,
        expect![[r#"
            SOURCE_FILE@0..57
              STRUCT_DEF@0..56
                TEMPLATE_PARAM_LIST@0..20
                  TEMPLATE_KW@0..8 "template"
                  LT@8..9 "<"
                  TEMPLATE_PARAM@9..19
                    TYPENAME_KW@9..17 "typename"
                    WHITESPACE@17..18 " "
                    NAME@18..19
                      IDENT@18..19 "T"
                  GT@19..20 ">"
                WHITESPACE@20..21 " "
                STRUCT_KW@21..27 "struct"
                WHITESPACE@27..28 " "
                NAME@28..32
                  IDENT@28..32 "Pair"
                WHITESPACE@32..33 " "
                FIELD_LIST@33..55
                  L_BRACE@33..34 "{"
                  WHITESPACE@34..35 " "
                  VAR_DECL@35..43
                    TYPE_REF@35..36
                      PATH@35..36
                        PATH_SEGMENT@35..36
                          NAME_REF@35..36
                            IDENT@35..36 "T"
                    WHITESPACE@36..37 " "
                    VAR_DECLARATOR@37..42
                      NAME@37..42
                        IDENT@37..42 "first"
                    SEMICOLON@42..43 ";"
                  WHITESPACE@43..44 " "
                  VAR_DECL@44..53
                    TYPE_REF@44..45
                      PATH@44..45
                        PATH_SEGMENT@44..45
                          NAME_REF@44..45
                            IDENT@44..45 "T"
                    WHITESPACE@45..46 " "
                    VAR_DECLARATOR@46..52
                      NAME@46..52
                        IDENT@46..52 "second"
                    SEMICOLON@52..53 ";"
                  WHITESPACE@53..54 " "
                  R_BRACE@54..55 "}"
                SEMICOLON@55..56 ";"
              WHITESPACE@56..57 "\n"
        "#]],
    );
}

#[test]
fn template_default_params() {
    check(
        r#"template<typename T = float, int N = 4> struct Arr { T v[N]; };
"#,
        expect![[r#"
            SOURCE_FILE@0..64
              STRUCT_DEF@0..63
                TEMPLATE_PARAM_LIST@0..39
                  TEMPLATE_KW@0..8 "template"
                  LT@8..9 "<"
                  TEMPLATE_PARAM@9..27
                    TYPENAME_KW@9..17 "typename"
                    WHITESPACE@17..18 " "
                    NAME@18..19
                      IDENT@18..19 "T"
                    WHITESPACE@19..20 " "
                    EQ@20..21 "="
                    WHITESPACE@21..22 " "
                    TYPE_REF@22..27
                      PATH@22..27
                        PATH_SEGMENT@22..27
                          NAME_REF@22..27
                            IDENT@22..27 "float"
                  COMMA@27..28 ","
                  WHITESPACE@28..29 " "
                  TEMPLATE_PARAM@29..38
                    TYPE_REF@29..32
                      PATH@29..32
                        PATH_SEGMENT@29..32
                          NAME_REF@29..32
                            IDENT@29..32 "int"
                    WHITESPACE@32..33 " "
                    NAME@33..34
                      IDENT@33..34 "N"
                    WHITESPACE@34..35 " "
                    EQ@35..36 "="
                    WHITESPACE@36..37 " "
                    LITERAL@37..38
                      INT_NUMBER@37..38 "4"
                  GT@38..39 ">"
                WHITESPACE@39..40 " "
                STRUCT_KW@40..46 "struct"
                WHITESPACE@46..47 " "
                NAME@47..50
                  IDENT@47..50 "Arr"
                WHITESPACE@50..51 " "
                FIELD_LIST@51..62
                  L_BRACE@51..52 "{"
                  WHITESPACE@52..53 " "
                  VAR_DECL@53..60
                    TYPE_REF@53..54
                      PATH@53..54
                        PATH_SEGMENT@53..54
                          NAME_REF@53..54
                            IDENT@53..54 "T"
                    WHITESPACE@54..55 " "
                    VAR_DECLARATOR@55..59
                      NAME@55..56
                        IDENT@55..56 "v"
                      ARRAY_SUFFIX@56..59
                        L_BRACK@56..57 "["
                        PATH_EXPR@57..58
                          PATH@57..58
                            PATH_SEGMENT@57..58
                              NAME_REF@57..58
                                IDENT@57..58 "N"
                        R_BRACK@58..59 "]"
                    SEMICOLON@59..60 ";"
                  WHITESPACE@60..61 " "
                  R_BRACE@61..62 "}"
                SEMICOLON@62..63 ";"
              WHITESPACE@63..64 "\n"
        "#]],
    );
}

#[test]
fn template_class_keyword() {
    check(
        r#"template<class T> T id(T x) { return x; }
"#,
        expect![[r#"
            SOURCE_FILE@0..42
              FN_DEF@0..41
                TEMPLATE_PARAM_LIST@0..17
                  TEMPLATE_KW@0..8 "template"
                  LT@8..9 "<"
                  TEMPLATE_PARAM@9..16
                    CLASS_KW@9..14 "class"
                    WHITESPACE@14..15 " "
                    NAME@15..16
                      IDENT@15..16 "T"
                  GT@16..17 ">"
                WHITESPACE@17..18 " "
                TYPE_REF@18..19
                  PATH@18..19
                    PATH_SEGMENT@18..19
                      NAME_REF@18..19
                        IDENT@18..19 "T"
                WHITESPACE@19..20 " "
                NAME@20..22
                  IDENT@20..22 "id"
                PARAM_LIST@22..27
                  L_PAREN@22..23 "("
                  PARAM@23..26
                    TYPE_REF@23..24
                      PATH@23..24
                        PATH_SEGMENT@23..24
                          NAME_REF@23..24
                            IDENT@23..24 "T"
                    WHITESPACE@24..25 " "
                    NAME@25..26
                      IDENT@25..26 "x"
                  R_PAREN@26..27 ")"
                WHITESPACE@27..28 " "
                BLOCK@28..41
                  L_BRACE@28..29 "{"
                  WHITESPACE@29..30 " "
                  RETURN_STMT@30..39
                    RETURN_KW@30..36 "return"
                    WHITESPACE@36..37 " "
                    PATH_EXPR@37..38
                      PATH@37..38
                        PATH_SEGMENT@37..38
                          NAME_REF@37..38
                            IDENT@37..38 "x"
                    SEMICOLON@38..39 ";"
                  WHITESPACE@39..40 " "
                  R_BRACE@40..41 "}"
              WHITESPACE@41..42 "\n"
        "#]],
    );
}

#[test]
fn unsigned_int() {
    check(
        r#"unsigned int a;
void f() { unsigned int b = (unsigned int)c; }
"#,
        expect![[r#"
            SOURCE_FILE@0..63
              VAR_DECL@0..15
                TYPE_REF@0..12
                  IDENT@0..8 "unsigned"
                  WHITESPACE@8..9 " "
                  PATH@9..12
                    PATH_SEGMENT@9..12
                      NAME_REF@9..12
                        IDENT@9..12 "int"
                WHITESPACE@12..13 " "
                VAR_DECLARATOR@13..14
                  NAME@13..14
                    IDENT@13..14 "a"
                SEMICOLON@14..15 ";"
              WHITESPACE@15..16 "\n"
              FN_DEF@16..62
                TYPE_REF@16..20
                  PATH@16..20
                    PATH_SEGMENT@16..20
                      NAME_REF@16..20
                        IDENT@16..20 "void"
                WHITESPACE@20..21 " "
                NAME@21..22
                  IDENT@21..22 "f"
                PARAM_LIST@22..24
                  L_PAREN@22..23 "("
                  R_PAREN@23..24 ")"
                WHITESPACE@24..25 " "
                BLOCK@25..62
                  L_BRACE@25..26 "{"
                  WHITESPACE@26..27 " "
                  DECL_STMT@27..60
                    VAR_DECL@27..60
                      TYPE_REF@27..39
                        IDENT@27..35 "unsigned"
                        WHITESPACE@35..36 " "
                        PATH@36..39
                          PATH_SEGMENT@36..39
                            NAME_REF@36..39
                              IDENT@36..39 "int"
                      WHITESPACE@39..40 " "
                      VAR_DECLARATOR@40..59
                        NAME@40..41
                          IDENT@40..41 "b"
                        WHITESPACE@41..42 " "
                        EQ@42..43 "="
                        WHITESPACE@43..44 " "
                        CAST_EXPR@44..59
                          L_PAREN@44..45 "("
                          TYPE_REF@45..57
                            IDENT@45..53 "unsigned"
                            WHITESPACE@53..54 " "
                            PATH@54..57
                              PATH_SEGMENT@54..57
                                NAME_REF@54..57
                                  IDENT@54..57 "int"
                          R_PAREN@57..58 ")"
                          PATH_EXPR@58..59
                            PATH@58..59
                              PATH_SEGMENT@58..59
                                NAME_REF@58..59
                                  IDENT@58..59 "c"
                      SEMICOLON@59..60 ";"
                  WHITESPACE@60..61 " "
                  R_BRACE@61..62 "}"
              WHITESPACE@62..63 "\n"
        "#]],
    );
}

#[test]
fn template_specialization() {
    check(
        r#"template<> struct Traits<float> { static const int size = 4; };
"#,
        expect![[r#"
            SOURCE_FILE@0..64
              STRUCT_DEF@0..63
                TEMPLATE_PARAM_LIST@0..10
                  TEMPLATE_KW@0..8 "template"
                  LT@8..9 "<"
                  GT@9..10 ">"
                WHITESPACE@10..11 " "
                STRUCT_KW@11..17 "struct"
                WHITESPACE@17..18 " "
                NAME@18..24
                  IDENT@18..24 "Traits"
                GENERIC_ARG_LIST@24..31
                  LT@24..25 "<"
                  TYPE_REF@25..30
                    PATH@25..30
                      PATH_SEGMENT@25..30
                        NAME_REF@25..30
                          IDENT@25..30 "float"
                  GT@30..31 ">"
                WHITESPACE@31..32 " "
                FIELD_LIST@32..62
                  L_BRACE@32..33 "{"
                  WHITESPACE@33..34 " "
                  VAR_DECL@34..60
                    STATIC_KW@34..40 "static"
                    WHITESPACE@40..41 " "
                    CONST_KW@41..46 "const"
                    WHITESPACE@46..47 " "
                    TYPE_REF@47..50
                      PATH@47..50
                        PATH_SEGMENT@47..50
                          NAME_REF@47..50
                            IDENT@47..50 "int"
                    WHITESPACE@50..51 " "
                    VAR_DECLARATOR@51..59
                      NAME@51..55
                        IDENT@51..55 "size"
                      WHITESPACE@55..56 " "
                      EQ@56..57 "="
                      WHITESPACE@57..58 " "
                      LITERAL@58..59
                        INT_NUMBER@58..59 "4"
                    SEMICOLON@59..60 ";"
                  WHITESPACE@60..61 " "
                  R_BRACE@61..62 "}"
                SEMICOLON@62..63 ";"
              WHITESPACE@63..64 "\n"
        "#]],
    );
}

#[test]
fn statement_template_with_expression_argument() {
    check(
        r#"void f() { vector<float, N + 1> v; }
"#,
        expect![[r#"
            SOURCE_FILE@0..37
              FN_DEF@0..36
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
                BLOCK@9..36
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..11 " "
                  DECL_STMT@11..34
                    VAR_DECL@11..34
                      TYPE_REF@11..31
                        PATH@11..31
                          PATH_SEGMENT@11..31
                            NAME_REF@11..17
                              IDENT@11..17 "vector"
                            GENERIC_ARG_LIST@17..31
                              LT@17..18 "<"
                              TYPE_REF@18..23
                                PATH@18..23
                                  PATH_SEGMENT@18..23
                                    NAME_REF@18..23
                                      IDENT@18..23 "float"
                              COMMA@23..24 ","
                              WHITESPACE@24..25 " "
                              BIN_EXPR@25..30
                                PATH_EXPR@25..26
                                  PATH@25..26
                                    PATH_SEGMENT@25..26
                                      NAME_REF@25..26
                                        IDENT@25..26 "N"
                                WHITESPACE@26..27 " "
                                PLUS@27..28 "+"
                                WHITESPACE@28..29 " "
                                LITERAL@29..30
                                  INT_NUMBER@29..30 "1"
                              GT@30..31 ">"
                      WHITESPACE@31..32 " "
                      VAR_DECLARATOR@32..33
                        NAME@32..33
                          IDENT@32..33 "v"
                      SEMICOLON@33..34 ";"
                  WHITESPACE@34..35 " "
                  R_BRACE@35..36 "}"
              WHITESPACE@36..37 "\n"
        "#]],
    );
}

#[test]
fn template_argument_with_bitwise_or() {
    // `|` binds looser than `&` inside the argument; `>` still closes the list.
    check(
        r#"RayQuery<A | B & C> q;
"#,
        expect![[r#"
            SOURCE_FILE@0..23
              VAR_DECL@0..22
                TYPE_REF@0..19
                  PATH@0..19
                    PATH_SEGMENT@0..19
                      NAME_REF@0..8
                        IDENT@0..8 "RayQuery"
                      GENERIC_ARG_LIST@8..19
                        LT@8..9 "<"
                        BIN_EXPR@9..18
                          PATH_EXPR@9..10
                            PATH@9..10
                              PATH_SEGMENT@9..10
                                NAME_REF@9..10
                                  IDENT@9..10 "A"
                          WHITESPACE@10..11 " "
                          PIPE@11..12 "|"
                          WHITESPACE@12..13 " "
                          BIN_EXPR@13..18
                            PATH_EXPR@13..14
                              PATH@13..14
                                PATH_SEGMENT@13..14
                                  NAME_REF@13..14
                                    IDENT@13..14 "B"
                            WHITESPACE@14..15 " "
                            AMP@15..16 "&"
                            WHITESPACE@16..17 " "
                            PATH_EXPR@17..18
                              PATH@17..18
                                PATH_SEGMENT@17..18
                                  NAME_REF@17..18
                                    IDENT@17..18 "C"
                        GT@18..19 ">"
                WHITESPACE@19..20 " "
                VAR_DECLARATOR@20..21
                  NAME@20..21
                    IDENT@20..21 "q"
                SEMICOLON@21..22 ";"
              WHITESPACE@22..23 "\n"
        "#]],
    );
}

#[test]
fn bitwise_or_in_expression_is_not_template() {
    check(
        r#"void f() { x = a < b | c > (d); }
"#,
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
                  EXPR_STMT@11..31
                    BIN_EXPR@11..30
                      PATH_EXPR@11..12
                        PATH@11..12
                          PATH_SEGMENT@11..12
                            NAME_REF@11..12
                              IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      BIN_EXPR@15..30
                        BIN_EXPR@15..20
                          PATH_EXPR@15..16
                            PATH@15..16
                              PATH_SEGMENT@15..16
                                NAME_REF@15..16
                                  IDENT@15..16 "a"
                          WHITESPACE@16..17 " "
                          LT@17..18 "<"
                          WHITESPACE@18..19 " "
                          PATH_EXPR@19..20
                            PATH@19..20
                              PATH_SEGMENT@19..20
                                NAME_REF@19..20
                                  IDENT@19..20 "b"
                        WHITESPACE@20..21 " "
                        PIPE@21..22 "|"
                        WHITESPACE@22..23 " "
                        BIN_EXPR@23..30
                          PATH_EXPR@23..24
                            PATH@23..24
                              PATH_SEGMENT@23..24
                                NAME_REF@23..24
                                  IDENT@23..24 "c"
                          WHITESPACE@24..25 " "
                          GT@25..26 ">"
                          WHITESPACE@26..27 " "
                          PAREN_EXPR@27..30
                            L_PAREN@27..28 "("
                            PATH_EXPR@28..29
                              PATH@28..29
                                PATH_SEGMENT@28..29
                                  NAME_REF@28..29
                                    IDENT@28..29 "d"
                            R_PAREN@29..30 ")"
                    SEMICOLON@30..31 ";"
                  WHITESPACE@31..32 " "
                  R_BRACE@32..33 "}"
              WHITESPACE@33..34 "\n"
        "#]],
    );
}
