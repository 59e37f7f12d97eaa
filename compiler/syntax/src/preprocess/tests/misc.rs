//! Tests of the whole pipeline (lossless trees) and of odd inputs, with a fuzz test.

use expect_test::expect;

use super::*;

// ---- Whole pipeline ----

#[test]
fn lossless_tree_with_directives_and_macros() {
    let text = "\
#define X 1
#define F(a, b) a + b
#define E
// comment
float x = X; /* block */
float y = F(1,
            2);
E
#if 0
float z;
#  if 1
nested
#  endif
#elif defined(X)
float w = F(X, X) E;
#else
nope
#endif
#pragma pack_matrix(row_major)
#line 10
int l = __LINE__;
#  define LONG \\
    continued
LONG
";
    let parsed = crate::parse(text);
    assert_eq!(parsed.syntax().to_string(), text);
    let pp = &parsed.preprocessed;
    expect![[r##"
        text: float x = 1; float y = 1 + 2; float w = 1 + 1; int l = 10; continued
        region Directive 0..11 "#define X 1"
        region Directive 12..33 "#define F(a, b) a + b"
        region Directive 34..43 "#define E"
        region MacroCall 65..66 "X"
        region MacroCall 90..109 "F(1,\n            2)"
        region MacroCall 111..112 "E"
        region Directive 113..118 "#if 0"
        region Inactive 119..127 "float z;"
        region Directive 128..135 "#  if 1"
        region Inactive 136..142 "nested"
        region Directive 143..151 "#  endif"
        region Directive 152..168 "#elif defined(X)"
        region MacroCall 179..186 "F(X, X)"
        region MacroCall 187..188 "E"
        region Directive 190..195 "#else"
        region Inactive 196..200 "nope"
        region Directive 201..207 "#endif"
        region Directive 208..238 "#pragma pack_matrix(row_major)"
        region Directive 239..247 "#line 10"
        region MacroCall 256..264 "__LINE__"
        region Directive 266..296 "#  define LONG \\\n    continued"
        region MacroCall 297..301 "LONG"
        pack_matrix at 19 row_major=true
        line 0 at 248 = 10 None
    "##]]
    .assert_eq(&render(pp, text, false));
}

#[test]
fn never_panics_on_odd_inputs() {
    let inputs = [
        "#",
        "#define",
        "#define F(",
        "#define F(x",
        "F(",
        "#if",
        "#if (",
        "#elif",
        "#include",
        "#include <",
        "#line",
        "#define F(x) #",
        "#define F(x) x ##",
        "##",
        "#if 1 ?",
        "'",
        "\"",
        "/*",
        "#define A(x) A(x) A(x)\nA(A(A(1)))",
        "#if 1/0\n",
        "#if 9999999999999999999999\n#endif",
        "#define S(x) #x\nS(\"\\\")",
        "#define F(...) __VA_ARGS__\nF(,,,)",
        "\\\n#define X\\\n1\nX",
        "#if 0\n#else\n#else\n#endif",
        "#ifdef\n#endif",
        "#undef",
        "#define X(a,...) a\nX()",
        "#pragma pack_matrix(",
        "#line 4294967295\n__LINE__\n__LINE__",
    ];
    for text in inputs {
        let _ = run(&[("main.hlsl", text)], &PreprocessConfig::default());
    }
}

// ---- More edge cases ----

#[test]
fn conditional_inside_macro_arguments() {
    check_text(
        "#define F(x) [x]\nF(a\n#ifdef NOPE\nb\n#else\nc\n#endif\n) d",
        expect![[r##"
            text: [a c] d
            region Directive 0..16 "#define F(x) [x]"
            region MacroCall 17..51 "F(a\n#ifdef NOPE\nb\n#else\nc\n#endif\n)"
        "##]],
    );
}

#[test]
fn keyword_as_macro_name() {
    check(
        "#define float half\n#ifdef float\nfloat x;\n#endif",
        expect![[r##"
            text: half x;
              IDENT "half" macro 0:32..37 spelled 0:14..18
              IDENT "x" file 0:38..39
              SEMICOLON ";" file 0:39..40
            region Directive 0..18 "#define float half"
            region Directive 19..31 "#ifdef float"
            region MacroCall 32..37 "float"
            region Directive 41..47 "#endif"
        "##]],
    );
}

#[test]
fn directive_after_comment_and_not_at_line_start() {
    check_text(
        "/* c */ #define X 1\nX\n#define E\nE # define Y 2\nY",
        expect![[r##"
            text: 1 # define Y 2 Y
            region Directive 8..19 "#define X 1"
            region MacroCall 20..21 "X"
            region Directive 22..31 "#define E"
            region MacroCall 32..33 "E"
        "##]],
    );
}

#[test]
fn macro_arguments_stop_at_end_of_included_file() {
    check_files(
        &[
            ("main.hlsl", "#define F(x) x\n#include \"a.h\"\n2) after"),
            ("a.h", "F(1,"),
        ],
        &PreprocessConfig::default(),
        expect![[r##"
            text: 2) after
              INT_NUMBER "2" file 0:30..31
              R_PAREN ")" file 0:31..32
              IDENT "after" file 0:33..38
            region Directive 0..14 "#define F(x) x"
            region Directive 15..29 "#include \"a.h\""
            include 0:24..29 -> 1 a.h
            E1006 Error 1:0..1: unterminated function-like macro invocation
        "##]],
    );
}

#[test]
fn macro_uses_in_included_file_have_its_origin() {
    check_files(
        &[
            ("main.hlsl", "#define ONE 1\n#include \"a.h\"\n"),
            ("a.h", "int a = ONE;\n#if 0\nskipped\n#endif\n"),
        ],
        &PreprocessConfig::default(),
        expect![[r##"
            text: int a = 1;
              IDENT "int" file 1:0..3
              IDENT "a" file 1:4..5
              EQ "=" file 1:6..7
              INT_NUMBER "1" macro 1:8..11 spelled 0:12..13
              SEMICOLON ";" file 1:11..12
            region Directive 0..13 "#define ONE 1"
            region Directive 14..28 "#include \"a.h\""
            include 0:23..28 -> 1 a.h
        "##]],
    );
}

#[test]
fn macro_invocation_split_across_expansion_and_file() {
    check(
        "#define LP (\n#define F(x) <x>\n#define G F LP 1 )\n#define H F\nG H (2)",
        expect![[r##"
            text: F ( 1 ) <2>
              IDENT "F" macro 0:61..62 spelled 0:40..41
              L_PAREN "(" macro 0:61..62 spelled 0:11..12
              INT_NUMBER "1" macro 0:61..62 spelled 0:45..46
              R_PAREN ")" macro 0:61..62 spelled 0:47..48
              LT "<" macro 0:63..68 spelled 0:26..27
              INT_NUMBER "2" macro 0:63..68 spelled 0:66..67
              GT ">" macro 0:63..68 spelled 0:28..29
            region Directive 0..12 "#define LP ("
            region Directive 13..29 "#define F(x) <x>"
            region Directive 30..48 "#define G F LP 1 )"
            region Directive 49..60 "#define H F"
            region MacroCall 61..62 "G"
            region MacroCall 63..68 "H (2)"
        "##]],
    );
}

#[test]
fn variadic_missing_argument() {
    check_text(
        "#define V(a, ...) <a|__VA_ARGS__>\n#define W(...) [__VA_ARGS__]\nV(1) V() W() W(,)",
        expect![[r##"
            text: <1|> <|> [] [,]
            region Directive 0..33 "#define V(a, ...) <a|__VA_ARGS__>"
            region Directive 34..62 "#define W(...) [__VA_ARGS__]"
            region MacroCall 63..67 "V(1)"
            region MacroCall 68..71 "V()"
            region MacroCall 72..75 "W()"
            region MacroCall 76..80 "W(,)"
        "##]],
    );
}

#[test]
fn stringify_spacing_and_escapes() {
    check_text(
        "#define S(x) #x\n#define XS(x) S(x)\nS(  a   (b)c  ) S(\"\\\\\" '\\'') S(a\n  b) XS(__LINE__)",
        expect![[r##"
            text: "a (b)c" "\"\\\\\" '\\''" "a b" "4"
            region Directive 0..15 "#define S(x) #x"
            region Directive 16..34 "#define XS(x) S(x)"
            region MacroCall 35..50 "S(  a   (b)c  )"
            region MacroCall 51..63 "S(\"\\\\\" '\\'')"
            region MacroCall 64..72 "S(a\n  b)"
            region MacroCall 73..85 "XS(__LINE__)"
        "##]],
    );
}

#[test]
fn paste_forms_keyword_and_number() {
    check(
        "#define CAT(a, b) a ## b\nCAT(fl, oat) CAT(1, .5f) CAT(<<, =) CAT(>, >)",
        expect![[r##"
            text: float 1.5f <<= >>
              IDENT "float" macro 0:25..37 spelled -
              FLOAT_NUMBER "1.5f" macro 0:38..49 spelled -
              SHLEQ "<<=" macro 0:50..60 spelled -
              SHR ">>" macro 0:61..70 spelled -
            region Directive 0..24 "#define CAT(a, b) a ## b"
            region MacroCall 25..37 "CAT(fl, oat)"
            region MacroCall 38..49 "CAT(1, .5f)"
            region MacroCall 50..60 "CAT(<<, =)"
            region MacroCall 61..70 "CAT(>, >)"
        "##]],
    );
}

#[test]
fn command_line_define_errors_point_at_file_start() {
    let config = PreprocessConfig {
        defines: vec![
            ("1BAD".to_string(), None),
            ("OK".to_string(), Some("@".to_string())),
        ],
        ..PreprocessConfig::default()
    };
    check_config(
        "OK",
        &config,
        expect![[r#"
        text: @
        region MacroCall 0..2 "OK"
        E1005 Error 0:0..0: macro name must be an identifier
        E1001 Error 0:0..0: unexpected character
    "#]],
    );
}

#[test]
fn pack_matrix_in_included_file() {
    check_files(
        &[
            ("main.hlsl", "a\n#include \"p.h\"\nb"),
            ("p.h", "x\n#pragma pack_matrix(column_major)\ny\n"),
        ],
        &PreprocessConfig::default(),
        expect![[r##"
            text: a x y b
              IDENT "a" file 0:0..1
              IDENT "x" file 1:0..1
              IDENT "y" file 1:36..37
              IDENT "b" file 0:17..18
            region Directive 2..16 "#include \"p.h\""
            include 0:11..16 -> 1 p.h
            pack_matrix at 2 row_major=false
        "##]],
    );
}

#[test]
fn crlf_line_endings() {
    check_text(
        "#define X 1\r\n#if 0\r\nno\r\n#else\r\nX\r\n#endif\r\n",
        expect![[r##"
            text: 1
            region Directive 0..12 "#define X 1\r"
            region Directive 13..19 "#if 0\r"
            region Inactive 20..23 "no\r"
            region Directive 24..30 "#else\r"
            region MacroCall 31..32 "X"
            region Directive 34..41 "#endif\r"
        "##]],
    );
}

#[test]
fn elif_after_taken_branch_is_not_evaluated() {
    check_text(
        "#if 1\na\n#elif 1/0\nb\n#elif garbage (\nc\n#endif",
        expect![[r##"
        text: a
        region Directive 0..5 "#if 1"
        region Directive 8..17 "#elif 1/0"
        region Inactive 18..19 "b"
        region Directive 20..35 "#elif garbage ("
        region Inactive 36..37 "c"
        region Directive 38..44 "#endif"
    "##]],
    );
}

#[test]
fn pragma_operator() {
    check_text(
        "a _Pragma(\"pack_matrix(row_major)\") b\n#define P(x) _Pragma(#x)\nP(pack_matrix(column_major)) c _Pragma(x) _Pragma",
        expect![[r##"
            text: a b c _Pragma
            region MacroCall 2..35 "_Pragma(\"pack_matrix(row_major)\")"
            region Directive 38..62 "#define P(x) _Pragma(#x)"
            region MacroCall 63..91 "P(pack_matrix(column_major))"
            region MacroCall 94..104 "_Pragma(x)"
            pack_matrix at 1 row_major=true
            pack_matrix at 2 row_major=false
            E1021 Error 0:94..104: _Pragma takes a parenthesized string literal
        "##]],
    );
}

mod fuzz {
    use proptest::prelude::*;

    use super::*;

    pub(super) const PIECES: &[&str] = &[
        "#define ",
        "#undef ",
        "#if ",
        "#ifdef ",
        "#elif ",
        "#else",
        "#endif",
        "#include \"a.h\"",
        "#include A",
        "#pragma once",
        "#line 3",
        "#error x",
        "\n",
        "\n",
        "\n",
        " ",
        "F",
        "G",
        "A",
        "X",
        "(",
        ")",
        "(",
        ")",
        ",",
        "##",
        "#",
        "...",
        "__VA_ARGS__",
        "defined",
        "1",
        "0",
        "/",
        "+",
        "?",
        ":",
        "\\\n",
        "/*",
        "*/",
        "\"",
        "'",
        "__LINE__",
        "_Pragma",
        "x",
        "<",
        ">",
        "#define F(x) x x\n",
        "#define A A A\n",
        "#define G(...) F(__VA_ARGS__) G\n",
        "#define X(a, b) a ## b #a\n",
        "#define A \"a.h\"\n",
        "F(F(",
        "X(,",
        "#if 0\n",
        "#if 1\n",
        "\n#endif\n",
    ];

    fn text() -> impl Strategy<Value = String> {
        prop::collection::vec(0..PIECES.len(), 0..60)
            .prop_map(|ix| ix.into_iter().map(|i| PIECES[i]).collect::<String>())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn preprocessing_never_panics_and_stays_lossless(main in text(), header in text()) {
            let files = [("main.hlsl", main.as_str()), ("a.h", header.as_str())];
            // `run` checks that regions are sorted and disjoint and the tree is lossless.
            let _ = run(&files, &PreprocessConfig::default());
        }
    }
}

#[test]
fn byte_order_mark_is_ignored() {
    check(
        "\u{feff}#define X 1\nX",
        expect![[r##"
        text: 1
          INT_NUMBER "1" macro 0:15..16 spelled 0:13..14
        region Directive 3..14 "#define X 1"
        region MacroCall 15..16 "X"
    "##]],
    );
}

#[test]
fn expansion_boundaries_do_not_glue_tokens() {
    check_text(
        "#define NEG -1\n#define E\n#define ID(x) x\n-NEG a-NEG NEG-1 x E-E-y ID(+)+ f(ID(1))",
        expect![[r##"
            text: - -1 a- -1 -1-1 x- -y + + f(1)
            region Directive 0..14 "#define NEG -1"
            region Directive 15..24 "#define E"
            region Directive 25..40 "#define ID(x) x"
            region MacroCall 42..45 "NEG"
            region MacroCall 48..51 "NEG"
            region MacroCall 52..55 "NEG"
            region MacroCall 60..61 "E"
            region MacroCall 62..63 "E"
            region MacroCall 66..71 "ID(+)"
            region MacroCall 75..80 "ID(1)"
        "##]],
    );
}

#[test]
fn legacy_macro_expansion_expands_paste_operands_first() {
    // C (and DXC) paste `A` and `B` as written; fxc's rule expands them first.
    let text = "#define CAT(a, b) a##b\n#define A 1\n#define B 2\nCAT(A, B) CAT(A, x)";
    check_config(
        text,
        &PreprocessConfig::default(),
        expect![[r##"
            text: AB Ax
            region Directive 0..22 "#define CAT(a, b) a##b"
            region Directive 23..34 "#define A 1"
            region Directive 35..46 "#define B 2"
            region MacroCall 47..56 "CAT(A, B)"
            region MacroCall 57..66 "CAT(A, x)"
        "##]],
    );
    let legacy = PreprocessConfig {
        legacy_macro_expansion: true,
        ..PreprocessConfig::default()
    };
    check_config(
        text,
        &legacy,
        expect![[r##"
        text: 12 1x
        region Directive 0..22 "#define CAT(a, b) a##b"
        region Directive 23..34 "#define A 1"
        region Directive 35..46 "#define B 2"
        region MacroCall 47..56 "CAT(A, B)"
        region MacroCall 57..66 "CAT(A, x)"
    "##]],
    );
}

/// The fxc-era profiles the D3D12 samples name (`vs_5_0`, `ps_5_1`, `cs_4_0`) are shader
/// model 6.0 targets, as dxc.exe upgrades them; stages and versions DXC's table lacks stay
/// errors.
#[test]
fn shader_model_5_profiles_become_6_0() {
    use crate::preprocess::{ShaderStage, ShaderTarget};
    for (profile, stage) in [
        ("vs_5_0", ShaderStage::Vertex),
        ("ps_5_1", ShaderStage::Pixel),
        ("gs_4_1", ShaderStage::Geometry),
        ("hs_5_0", ShaderStage::Hull),
        ("cs_4_0", ShaderStage::Compute),
    ] {
        assert_eq!(
            ShaderTarget::from_profile(profile),
            Ok(ShaderTarget {
                stage,
                major: 6,
                minor: 0
            }),
            "{profile}"
        );
    }
    for profile in ["hs_4_0", "ms_5_0", "lib_5_0", "ps_5_2", "ps_3_0", "cs_7_0"] {
        assert!(ShaderTarget::from_profile(profile).is_err(), "{profile}");
    }
}
