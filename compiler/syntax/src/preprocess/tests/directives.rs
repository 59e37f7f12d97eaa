//! Tests of directives: conditionals, includes, pragmas, `#error`, `#line`, predefined and
//! command-line macros, and the recorded definitions and uses.

use std::fmt::Write;

use expect_test::expect;

use super::*;

// ---- Conditionals ----

#[test]
fn if_else_regions() {
    check(
        "#if 1\na\n#else\nb\nc\n#endif\nd",
        expect![[r##"
            text: a d
              IDENT "a" file 0:6..7
              IDENT "d" file 0:25..26
            region Directive 0..5 "#if 1"
            region Directive 8..13 "#else"
            region Inactive 14..17 "b\nc"
            region Directive 18..24 "#endif"
        "##]],
    );
}

#[test]
fn ifdef_ifndef() {
    check_text(
        "#define X\n#ifdef X\nx\n#endif\n#ifndef X\nnx\n#endif\n#ifdef Y\ny\n#else\nny\n#endif",
        expect![[r##"
            text: x ny
            region Directive 0..9 "#define X"
            region Directive 10..18 "#ifdef X"
            region Directive 21..27 "#endif"
            region Directive 28..37 "#ifndef X"
            region Inactive 38..40 "nx"
            region Directive 41..47 "#endif"
            region Directive 48..56 "#ifdef Y"
            region Inactive 57..58 "y"
            region Directive 59..64 "#else"
            region Directive 68..74 "#endif"
        "##]],
    );
}

#[test]
fn elif_chain() {
    check_text(
        "#define V 2\n#if V == 1\none\n#elif V == 2\ntwo\n#elif V == 3\nthree\n#else\nother\n#endif",
        expect![[r##"
            text: two
            region Directive 0..11 "#define V 2"
            region Directive 12..22 "#if V == 1"
            region Inactive 23..26 "one"
            region Directive 27..39 "#elif V == 2"
            region Directive 44..56 "#elif V == 3"
            region Inactive 57..62 "three"
            region Directive 63..68 "#else"
            region Inactive 69..74 "other"
            region Directive 75..81 "#endif"
        "##]],
    );
}

#[test]
fn elif_chain_else_taken() {
    check_text(
        "#if 0\na\n#elif 0\nb\n#else\nc\n#endif",
        expect![[r##"
        text: c
        region Directive 0..5 "#if 0"
        region Inactive 6..7 "a"
        region Directive 8..15 "#elif 0"
        region Inactive 16..17 "b"
        region Directive 18..23 "#else"
        region Directive 26..32 "#endif"
    "##]],
    );
}

#[test]
fn nested_conditionals_in_inactive_region() {
    check_text(
        "#if 0\na\n#if 1\nb\n#else\nc\n#endif\n#define X 1\nd\n#elif 1\ne\n#endif\nX",
        expect![[r##"
            text: e X
            region Directive 0..5 "#if 0"
            region Inactive 6..7 "a"
            region Directive 8..13 "#if 1"
            region Inactive 14..15 "b"
            region Directive 16..21 "#else"
            region Inactive 22..23 "c"
            region Directive 24..30 "#endif"
            region Inactive 31..44 "#define X 1\nd"
            region Directive 45..52 "#elif 1"
            region Directive 55..61 "#endif"
        "##]],
    );
}

#[test]
fn nested_active_conditionals() {
    check_text(
        "#if 1\n#if 0\na\n#else\nb\n#endif\n#endif\n",
        expect![[r##"
            text: b
            region Directive 0..5 "#if 1"
            region Directive 6..11 "#if 0"
            region Inactive 12..13 "a"
            region Directive 14..19 "#else"
            region Directive 22..28 "#endif"
            region Directive 29..35 "#endif"
        "##]],
    );
}

#[test]
fn if_arithmetic_and_precedence() {
    check_text(
        "#if 1 + 2 * 3 == 7 && (1 + 2) * 3 == 9\nok1\n#endif\n\
#if 1 << 4 == 16 && -1 >> 1 == -1 && 7 % 3 == 1 && 7 / 2 == 3\nok2\n#endif\n\
#if (1 | 2) == 3 && (3 & 6) == 2 && (5 ^ 1) == 4 && ~0 == -1 && !0 && !!5\nok3\n#endif\n\
#if 1 ? 2 : 3 == 2\nok4\n#endif\n\
#if 0 ? 1 : 0 ? 2 : 3\nok5\n#endif\n\
#if 2 < 3 && 3 > 2 && 2 <= 2 && 2 >= 3 == 0 && 1 != 2\nok6\n#endif\n\
#if -1 < 0u\nbad7\n#else\nok7\n#endif\n\
#if 0x10 == 16 && 010 == 8 && 0b101 == 5 && 10UL == 10 && 'A' == 65 && '\\n' == 10\nok8\n#endif\n\
#if 18446744073709551615 == -1\nok9\n#endif\n\
#if +3 - -3 == 6\nok10\n#endif",
        expect![[r##"
            text: ok1 ok2 ok3 ok4 ok5 ok6 ok7 ok8 ok9 ok10
            region Directive 0..38 "#if 1 + 2 * 3 == 7 && (1 + 2) * 3 == 9"
            region Directive 43..49 "#endif"
            region Directive 50..111 "#if 1 << 4 == 16 && -1 >> 1 == -1 && 7 % 3 == 1 && 7 / 2 == 3"
            region Directive 116..122 "#endif"
            region Directive 123..196 "#if (1 | 2) == 3 && (3 & 6) == 2 && (5 ^ 1) == 4 && ~0 == -1 && !0 && !!5"
            region Directive 201..207 "#endif"
            region Directive 208..226 "#if 1 ? 2 : 3 == 2"
            region Directive 231..237 "#endif"
            region Directive 238..259 "#if 0 ? 1 : 0 ? 2 : 3"
            region Directive 264..270 "#endif"
            region Directive 271..324 "#if 2 < 3 && 3 > 2 && 2 <= 2 && 2 >= 3 == 0 && 1 != 2"
            region Directive 329..335 "#endif"
            region Directive 336..347 "#if -1 < 0u"
            region Inactive 348..352 "bad7"
            region Directive 353..358 "#else"
            region Directive 363..369 "#endif"
            region Directive 370..451 "#if 0x10 == 16 && 010 == 8 && 0b101 == 5 && 10UL == 10 && 'A' == 65 && '\\n' == 10"
            region Directive 456..462 "#endif"
            region Directive 463..493 "#if 18446744073709551615 == -1"
            region Directive 498..504 "#endif"
            region Directive 505..521 "#if +3 - -3 == 6"
            region Directive 527..533 "#endif"
        "##]],
    );
}

#[test]
fn if_undefined_identifiers_are_zero() {
    check_text(
        "#if UNDEFINED\na\n#endif\n#if !UNDEFINED && true && !false\nb\n#endif",
        expect![[r##"
            text: b
            region Directive 0..13 "#if UNDEFINED"
            region Inactive 14..15 "a"
            region Directive 16..22 "#endif"
            region Directive 23..55 "#if !UNDEFINED && true && !false"
            region Directive 58..64 "#endif"
        "##]],
    );
}

#[test]
fn defined_operator() {
    check_text(
        "#define X\n#if defined X && defined(X) && !defined Y && !defined ( Y )\nok\n#endif\n#if defined\n#endif\n#if defined(X\n#endif",
        expect![[r##"
            text: ok
            region Directive 0..9 "#define X"
            region Directive 10..69 "#if defined X && defined(X) && !defined Y && !defined ( Y )"
            region Directive 73..79 "#endif"
            region Directive 80..91 "#if defined"
            region Directive 92..98 "#endif"
            region Directive 99..112 "#if defined(X"
            region Directive 113..119 "#endif"
            E1019 Error 0:84..91: `defined` requires an identifier
            E1019 Error 0:103..112: `defined` requires an identifier
        "##]],
    );
}

#[test]
fn defined_through_macro() {
    check_text(
        "#define X\n#define HAS_X defined(X)\n#if HAS_X\nok\n#endif",
        expect![[r##"
            text: ok
            region Directive 0..9 "#define X"
            region Directive 10..34 "#define HAS_X defined(X)"
            region Directive 35..44 "#if HAS_X"
            region Directive 48..54 "#endif"
        "##]],
    );
}

#[test]
fn if_with_macros() {
    check_text(
        "#define VER 3\n#define AT_LEAST(v) (VER >= (v))\n#if AT_LEAST(2) && !AT_LEAST(4)\nok\n#endif",
        expect![[r##"
            text: ok
            region Directive 0..13 "#define VER 3"
            region Directive 14..46 "#define AT_LEAST(v) (VER >= (v))"
            region Directive 47..78 "#if AT_LEAST(2) && !AT_LEAST(4)"
            region Directive 82..88 "#endif"
        "##]],
    );
}

#[test]
fn if_division_by_zero() {
    check_text(
        "#if 1 / 0\na\n#endif\n#if 0 && 1 / 0\nb\n#endif\n#if 1 || 1 % 0\nc\n#endif",
        expect![[r##"
            text: c
            region Directive 0..9 "#if 1 / 0"
            region Inactive 10..11 "a"
            region Directive 12..18 "#endif"
            region Directive 19..33 "#if 0 && 1 / 0"
            region Inactive 34..35 "b"
            region Directive 36..42 "#endif"
            region Directive 43..57 "#if 1 || 1 % 0"
            region Directive 60..66 "#endif"
            E1011 Error 0:6..7: division by zero in #if expression
        "##]],
    );
}

#[test]
fn if_syntax_errors() {
    check_text(
        "#if\n#endif\n#if 1 +\n#endif\n#if (1\n#endif\n#if 1 2\n#endif\n#if 1.5\n#endif\n#if 1 ? 2\n#endif\nok",
        expect![[r##"
            text: ok
            region Directive 0..3 "#if"
            region Directive 4..10 "#endif"
            region Directive 11..18 "#if 1 +"
            region Directive 19..25 "#endif"
            region Directive 26..32 "#if (1"
            region Directive 33..39 "#endif"
            region Directive 40..47 "#if 1 2"
            region Directive 48..54 "#endif"
            region Directive 55..62 "#if 1.5"
            region Directive 63..69 "#endif"
            region Directive 70..79 "#if 1 ? 2"
            region Directive 80..86 "#endif"
            E1010 Error 0:0..3: expected an expression after #if
            E1010 Error 0:17..18: expected a value in #if expression
            E1010 Error 0:31..32: expected `)` in #if expression
            E1010 Error 0:46..47: unexpected token in #if expression: `2`
            E1010 Error 0:59..62: floating-point literal in #if expression: `1.5`
            E1010 Error 0:78..79: expected `:` in #if expression
        "##]],
    );
}

#[test]
fn unterminated_if() {
    check(
        "a\n#if 1\nb\n#ifdef X\nc",
        expect![[r##"
        text: a b
          IDENT "a" file 0:0..1
          IDENT "b" file 0:8..9
        region Directive 2..7 "#if 1"
        region Directive 10..18 "#ifdef X"
        region Inactive 19..20 "c"
        E1012 Error 0:10..18: unterminated conditional directive
        E1012 Error 0:2..7: unterminated conditional directive
    "##]],
    );
}

#[test]
fn stray_endif_and_else() {
    check_text(
        "#endif\n#else\n#elif 1\na",
        expect![[r##"
        text: a
        region Directive 0..6 "#endif"
        region Directive 7..12 "#else"
        region Directive 13..20 "#elif 1"
        E1014 Error 0:0..6: #endif without #if
        E1014 Error 0:7..12: #else without #if
        E1014 Error 0:13..20: #elif without #if
    "##]],
    );
}

#[test]
fn else_after_else() {
    check_text(
        "#if 1\na\n#else\nb\n#else\nc\n#endif\n#if 0\nd\n#else\ne\n#elif 1\nf\n#endif",
        expect![[r##"
            text: a e
            region Directive 0..5 "#if 1"
            region Directive 8..13 "#else"
            region Inactive 14..15 "b"
            region Directive 16..21 "#else"
            region Inactive 22..23 "c"
            region Directive 24..30 "#endif"
            region Directive 31..36 "#if 0"
            region Inactive 37..38 "d"
            region Directive 39..44 "#else"
            region Directive 47..54 "#elif 1"
            region Inactive 55..56 "f"
            region Directive 57..63 "#endif"
            E1013 Error 0:16..21: #else after #else
            E1013 Error 0:47..54: #elif after #else
        "##]],
    );
}

#[test]
fn extra_tokens_after_endif() {
    check_text(
        "#ifdef X junk\n#endif X\n#if 1\n#else junk\n#endif",
        expect![[r##"
        text: 
        region Directive 0..13 "#ifdef X junk"
        region Directive 14..22 "#endif X"
        region Directive 23..28 "#if 1"
        region Directive 29..39 "#else junk"
        region Directive 40..46 "#endif"
        W1003 Warning 0:9..13: extra tokens at end of #ifdef directive
        W1003 Warning 0:21..22: extra tokens at end of #endif directive
        W1003 Warning 0:35..39: extra tokens at end of #else directive
    "##]],
    );
}

#[test]
fn inactive_region_at_end_without_newline() {
    check(
        "#if 0\nnothing here",
        expect![[r##"
        text: 
        region Directive 0..5 "#if 0"
        region Inactive 6..18 "nothing here"
        E1012 Error 0:0..5: unterminated conditional directive
    "##]],
    );
}

// ---- Includes ----

#[test]
fn include_relative() {
    check_files(
        &[
            ("src/main.hlsl", "#include \"common.hlsli\"\nfloat b = C;"),
            ("src/common.hlsli", "#define C 2\nfloat a;\n"),
        ],
        &PreprocessConfig::default(),
        expect![[r##"
            text: float a; float b = 2;
              IDENT "float" file 1:12..17
              IDENT "a" file 1:18..19
              SEMICOLON ";" file 1:19..20
              IDENT "float" file 0:24..29
              IDENT "b" file 0:30..31
              EQ "=" file 0:32..33
              INT_NUMBER "2" macro 0:34..35 spelled 1:10..11
              SEMICOLON ";" file 0:35..36
            region Directive 0..23 "#include \"common.hlsli\""
            region MacroCall 34..35 "C"
            include 0:9..23 -> 1 src/common.hlsli
        "##]],
    );
}

#[test]
fn include_search_order_and_angle_brackets() {
    let config = PreprocessConfig {
        include_dirs: vec!["inc1".to_string(), "inc2/".to_string()],
        ..PreprocessConfig::default()
    };
    check_files(
        &[
            (
                "dir/main.hlsl",
                "#include \"a.h\"\n#include <a.h>\n#include <b.h>\n#include \"../lib/./c.h\"",
            ),
            ("dir/a.h", "local_a"),
            ("inc1/a.h", "inc1_a"),
            ("inc2/b.h", "inc2_b"),
            ("lib/c.h", "lib_c"),
        ],
        &config,
        expect![[r##"
            text: local_a inc1_a inc2_b lib_c
              IDENT "local_a" file 1:0..7
              IDENT "inc1_a" file 2:0..6
              IDENT "inc2_b" file 3:0..6
              IDENT "lib_c" file 4:0..5
            region Directive 0..14 "#include \"a.h\""
            region Directive 15..29 "#include <a.h>"
            region Directive 30..44 "#include <b.h>"
            region Directive 45..68 "#include \"../lib/./c.h\""
            include 0:9..14 -> 1 dir/a.h
            include 0:24..29 -> 2 inc1/a.h
            include 0:39..44 -> 3 inc2/b.h
            include 0:54..68 -> 4 lib/c.h
        "##]],
    );
}

#[test]
fn include_from_included_file_is_relative_to_it() {
    check_files(
        &[
            ("main.hlsl", "#include \"sub/a.h\"\nmain"),
            ("sub/a.h", "#include \"b.h\"\na"),
            ("sub/b.h", "b"),
        ],
        &PreprocessConfig::default(),
        expect![[r##"
            text: b a main
              IDENT "b" file 2:0..1
              IDENT "a" file 1:15..16
              IDENT "main" file 0:19..23
            region Directive 0..18 "#include \"sub/a.h\""
            include 0:9..18 -> 1 sub/a.h
            include 1:9..14 -> 2 sub/b.h
        "##]],
    );
}

#[test]
fn include_macro_name() {
    check_files(
        &[
            (
                "main.hlsl",
                "#define HDR \"a.h\"\n#define SYS <b.h>\n#include HDR\n#include SYS\n#include NOPE",
            ),
            ("a.h", "a"),
            ("b.h", "b"),
        ],
        &PreprocessConfig {
            include_dirs: vec![".".to_string()],
            ..PreprocessConfig::default()
        },
        expect![[r##"
            text: a b
              IDENT "a" file 1:0..1
              IDENT "b" file 2:0..1
            region Directive 0..17 "#define HDR \"a.h\""
            region Directive 18..35 "#define SYS <b.h>"
            region Directive 36..48 "#include HDR"
            region Directive 49..61 "#include SYS"
            region Directive 62..75 "#include NOPE"
            include 0:45..48 -> 1 a.h
            include 0:58..61 -> 2 b.h
            E1004 Error 0:71..75: expected "FILENAME" or <FILENAME> after #include
        "##]],
    );
}

#[test]
fn include_not_found() {
    check_text(
        "#include \"missing.h\"\n#include <sys.h>\n#include\n#include <oops\nafter",
        expect![[r##"
            text: after
            region Directive 0..20 "#include \"missing.h\""
            region Directive 21..37 "#include <sys.h>"
            region Directive 38..46 "#include"
            region Directive 47..61 "#include <oops"
            E1002 Error 0:9..20: file not found: `missing.h`
            E1002 Error 0:30..37: file not found: `sys.h`
            E1004 Error 0:38..46: expected "FILENAME" or <FILENAME> after #include
            E1004 Error 0:47..61: missing `>` in #include
        "##]],
    );
}

#[test]
fn include_cycle() {
    let files = [
        ("main.hlsl", "#include \"a.h\"\nmain"),
        ("a.h", "#include \"b.h\"\n"),
        ("b.h", "#include \"a.h\"\n"),
    ];
    let pp = run(&files, &PreprocessConfig::default());
    let mut s = format!(
        "text: {}\nincludes: {}\n",
        expanded_text(&pp),
        pp.includes.len()
    );
    for d in &pp.diagnostics {
        let _ = writeln!(
            s,
            "{} {}:{}: {}",
            d.code,
            d.file.0,
            range(d.range),
            d.message
        );
    }
    expect![[r#"
        text: main
        includes: 200
        E1003 1:9..14: #include nested too deeply: `b.h` includes itself (include cycle without a guard)
    "#]].assert_eq(&s);
}

#[test]
fn include_guard_and_pragma_once() {
    check_files(
        &[
            (
                "main.hlsl",
                "#include \"g.h\"\n#include \"g.h\"\n#include \"o.h\"\n#include \"o.h\"\n",
            ),
            ("g.h", "#ifndef G_H\n#define G_H\nguarded\n#endif\n"),
            ("o.h", "#pragma once\nonce\n"),
        ],
        &PreprocessConfig::default(),
        expect![[r##"
            text: guarded once
              IDENT "guarded" file 1:24..31
              IDENT "once" file 2:13..17
            region Directive 0..14 "#include \"g.h\""
            region Directive 15..29 "#include \"g.h\""
            region Directive 30..44 "#include \"o.h\""
            region Directive 45..59 "#include \"o.h\""
            include 0:9..14 -> 1 g.h
            include 0:24..29 -> 1 g.h
            include 0:39..44 -> 2 o.h
            include 0:54..59 -> 2 o.h
        "##]],
    );
}

#[test]
fn macro_from_included_file_used_in_main() {
    check_files(
        &[
            ("main.hlsl", "#include \"m.h\"\nF(2)"),
            ("m.h", "#define F(x) x + ONE\n#define ONE 1\n"),
        ],
        &PreprocessConfig::default(),
        expect![[r##"
            text: 2 + 1
              INT_NUMBER "2" macro 0:15..19 spelled 0:17..18
              PLUS "+" macro 0:15..19 spelled 1:15..16
              INT_NUMBER "1" macro 0:15..19 spelled 1:33..34
            region Directive 0..14 "#include \"m.h\""
            region MacroCall 15..19 "F(2)"
            include 0:9..14 -> 1 m.h
        "##]],
    );
}

#[test]
fn unterminated_conditional_in_included_file() {
    check_files(
        &[
            ("main.hlsl", "#include \"a.h\"\nafter"),
            ("a.h", "#if 1\ninside\n"),
        ],
        &PreprocessConfig::default(),
        expect![[r##"
            text: inside after
              IDENT "inside" file 1:6..12
              IDENT "after" file 0:15..20
            region Directive 0..14 "#include \"a.h\""
            include 0:9..14 -> 1 a.h
            E1012 Error 1:0..5: unterminated conditional directive
        "##]],
    );
}

#[test]
fn include_inside_macro_arguments() {
    check_text(
        "#define F(x) x\nF(1,\n#include \"a.h\"\n)\nF(2\n#define Y 3\n) Y",
        expect![[r##"
        text: 2 3
        region Directive 0..14 "#define F(x) x"
        region MacroCall 15..36 "F(1,\n#include \"a.h\"\n)"
        region MacroCall 37..54 "F(2\n#define Y 3\n)"
        region MacroCall 55..56 "Y"
        E1018 Error 0:20..34: #include inside macro arguments is not supported
        E1007 Error 0:15..36: macro `F` expects 1 arguments, got 2
    "##]],
    );
}

// ---- Pragmas, #error, #warning, #line, unknown directives ----

#[test]
fn pragmas() {
    check_text(
        "a\n#pragma pack_matrix(row_major)\nb c\n#pragma pack_matrix( column_major )\n#pragma warning(disable: 3205)\n#pragma def(x)\n#pragma pack_matrix(diagonal)\n#pragma\nd",
        expect![[r##"
            text: a b c d
            region Directive 2..32 "#pragma pack_matrix(row_major)"
            region Directive 37..72 "#pragma pack_matrix( column_major )"
            region Directive 73..103 "#pragma warning(disable: 3205)"
            region Directive 104..118 "#pragma def(x)"
            region Directive 119..148 "#pragma pack_matrix(diagonal)"
            region Directive 149..156 "#pragma"
            pack_matrix at 1 row_major=true
            pack_matrix at 3 row_major=false
            W1004 Warning 0:127..148: expected `(row_major)` or `(column_major)` after #pragma pack_matrix
        "##]],
    );
}

#[test]
fn error_and_warning() {
    check_text(
        "#error Something is   wrong // why\n#warning careful here\n#if 0\n#error not reported\n#endif\n#error",
        expect![[r##"
            text: 
            region Directive 0..34 "#error Something is   wrong // why"
            region Directive 35..56 "#warning careful here"
            region Directive 57..62 "#if 0"
            region Inactive 63..82 "#error not reported"
            region Directive 83..89 "#endif"
            region Directive 90..96 "#error"
            E1015 Error 0:0..34: Something is   wrong
            W1002 Warning 0:35..56: careful here
            E1015 Error 0:90..96: #error
        "##]],
    );
}

#[test]
fn unknown_directive_and_null_directive() {
    check_text(
        "#\n#foo bar\n  #  \nx\n#if 0\n#foo\n#endif",
        expect![[r##"
        text: x
        region Directive 0..1 "#"
        region Directive 2..10 "#foo bar"
        region Directive 13..16 "#  "
        region Directive 19..24 "#if 0"
        region Inactive 25..29 "#foo"
        region Directive 30..36 "#endif"
        E1016 Error 0:2..10: unknown directive `#foo`
    "##]],
    );
}

#[test]
fn line_directive_and_builtins() {
    check_text(
        "__LINE__ __FILE__\n#line 100 \"other.hlsl\"\n__LINE__ __FILE__\n\n__LINE__\n#line 7\n__LINE__ __FILE__\n#line x\n#define L __LINE__\nL",
        expect![[r##"
            text: 1 "main.hlsl" 100 "other.hlsl" 102 7 "other.hlsl" 10
            region MacroCall 0..8 "__LINE__"
            region MacroCall 9..17 "__FILE__"
            region Directive 18..40 "#line 100 \"other.hlsl\""
            region MacroCall 41..49 "__LINE__"
            region MacroCall 50..58 "__FILE__"
            region MacroCall 60..68 "__LINE__"
            region Directive 69..76 "#line 7"
            region MacroCall 77..85 "__LINE__"
            region MacroCall 86..94 "__FILE__"
            region Directive 95..102 "#line x"
            region Directive 103..121 "#define L __LINE__"
            region MacroCall 122..123 "L"
            line 0 at 41 = 100 Some("other.hlsl")
            line 0 at 77 = 7 Some("other.hlsl")
            E1017 Error 0:95..102: #line expects a line number
        "##]],
    );
}

#[test]
fn line_in_multiline_invocation() {
    check_text(
        "#define F(x) x __LINE__\nF(\na\n)",
        expect![[r##"
            text: a 4
            region Directive 0..23 "#define F(x) x __LINE__"
            region MacroCall 24..30 "F(\na\n)"
        "##]],
    );
}

#[test]
fn file_in_included_file() {
    check_files(
        &[
            ("main.hlsl", "#include \"dir/a.h\"\n__FILE__"),
            ("dir/a.h", "__FILE__ __LINE__"),
        ],
        &PreprocessConfig::default(),
        expect![[r##"
            text: "dir/a.h" 1 "main.hlsl"
              STRING "\"dir/a.h\"" macro 1:0..8 spelled -
              INT_NUMBER "1" macro 1:9..17 spelled -
              STRING "\"main.hlsl\"" macro 0:19..27 spelled -
            region Directive 0..18 "#include \"dir/a.h\""
            region MacroCall 19..27 "__FILE__"
            include 0:9..18 -> 1 dir/a.h
        "##]],
    );
}

#[test]
fn counter() {
    check_text(
        "__COUNTER__ __COUNTER__\n#define C __COUNTER__\nC C\n#if __COUNTER__ == 4\nfive\n#endif",
        expect![[r##"
            text: 0 1 2 3 five
            region MacroCall 0..11 "__COUNTER__"
            region MacroCall 12..23 "__COUNTER__"
            region Directive 24..45 "#define C __COUNTER__"
            region MacroCall 46..47 "C"
            region MacroCall 48..49 "C"
            region Directive 50..70 "#if __COUNTER__ == 4"
            region Directive 76..82 "#endif"
        "##]],
    );
}

// ---- Predefined and command-line macros ----

#[test]
fn predefined_target_macros() {
    let config = PreprocessConfig {
        target: Some(ShaderTarget {
            stage: ShaderStage::Compute,
            major: 6,
            minor: 6,
        }),
        hlsl_version: 2018,
        ..PreprocessConfig::default()
    };
    check_config(
        "__HLSL_VERSION __SHADER_TARGET_STAGE __SHADER_TARGET_MAJOR __SHADER_TARGET_MINOR\n\
#if __SHADER_TARGET_STAGE == __SHADER_STAGE_COMPUTE\ncs\n#endif\n\
__SHADER_STAGE_PIXEL __SHADER_STAGE_VERTEX __SHADER_STAGE_GEOMETRY __SHADER_STAGE_HULL __SHADER_STAGE_DOMAIN __SHADER_STAGE_LIBRARY __SHADER_STAGE_MESH __SHADER_STAGE_AMPLIFICATION",
        &config,
        expect![[r##"
            text: 2018 5 6 6 cs 0 1 2 3 4 6 13 14
            region MacroCall 0..14 "__HLSL_VERSION"
            region MacroCall 15..36 "__SHADER_TARGET_STAGE"
            region MacroCall 37..58 "__SHADER_TARGET_MAJOR"
            region MacroCall 59..80 "__SHADER_TARGET_MINOR"
            region Directive 81..132 "#if __SHADER_TARGET_STAGE == __SHADER_STAGE_COMPUTE"
            region Directive 136..142 "#endif"
            region MacroCall 143..163 "__SHADER_STAGE_PIXEL"
            region MacroCall 164..185 "__SHADER_STAGE_VERTEX"
            region MacroCall 186..209 "__SHADER_STAGE_GEOMETRY"
            region MacroCall 210..229 "__SHADER_STAGE_HULL"
            region MacroCall 230..251 "__SHADER_STAGE_DOMAIN"
            region MacroCall 252..274 "__SHADER_STAGE_LIBRARY"
            region MacroCall 275..294 "__SHADER_STAGE_MESH"
            region MacroCall 295..323 "__SHADER_STAGE_AMPLIFICATION"
        "##]],
    );
}

#[test]
fn predefined_definitions_are_recorded_as_command_line_ones() {
    // The predefined numbers are defined without reading `#define` lines; they are recorded
    // as if they had been, and a `-D` redefining one warns without pointing anywhere.
    let config = PreprocessConfig {
        defines: vec![("__HLSL_VERSION".to_string(), Some("2018".to_string()))],
        enable_16bit_types: true,
        ..PreprocessConfig::default()
    };
    let pp = run(
        &[("main.hlsl", "__HLSL_VERSION __HLSL_ENABLE_16_BIT")],
        &config,
    );
    let mut out = String::new();
    for d in &pp.macro_definitions {
        let _ = writeln!(
            out,
            "{} {:?} {:?} {:?} {}",
            d.name, d.body, d.file, d.name_range, d.predefined
        );
    }
    for d in &pp.diagnostics {
        let _ = writeln!(
            out,
            "{} {} {:?} {:?}",
            d.code, d.message, d.range, d.related
        );
    }
    let _ = writeln!(out, "{}", pp.text);
    for t in &pp.tokens {
        let _ = writeln!(out, "{:?} {:?}", t.kind, t.origin);
    }
    expect![[r#"
        __LINE__ "" FileId(0) 0..0 true
        __FILE__ "" FileId(0) 0..0 true
        __COUNTER__ "" FileId(0) 0..0 true
        __HLSL_VERSION "2021" FileId(0) 0..0 true
        __hlsl_dx_compiler "1" FileId(0) 0..0 true
        __HLSL_ENABLE_16_BIT "1" FileId(0) 0..0 true
        __spirv__ "1" FileId(0) 0..0 true
        __SHADER_STAGE_PIXEL "0" FileId(0) 0..0 true
        __SHADER_STAGE_VERTEX "1" FileId(0) 0..0 true
        __SHADER_STAGE_GEOMETRY "2" FileId(0) 0..0 true
        __SHADER_STAGE_HULL "3" FileId(0) 0..0 true
        __SHADER_STAGE_DOMAIN "4" FileId(0) 0..0 true
        __SHADER_STAGE_COMPUTE "5" FileId(0) 0..0 true
        __SHADER_STAGE_LIBRARY "6" FileId(0) 0..0 true
        __SHADER_STAGE_MESH "13" FileId(0) 0..0 true
        __SHADER_STAGE_AMPLIFICATION "14" FileId(0) 0..0 true
        __HLSL_VERSION "2018" FileId(0) 0..0 true
        W1001 `__HLSL_VERSION` macro redefined 0..0 []
        20181
        INT_NUMBER Macro { file: FileId(0), call: 0..14, spelled: None }
        INT_NUMBER Macro { file: FileId(0), call: 15..35, spelled: None }
    "#]]
    .assert_eq(&out);
}

#[test]
fn no_target_macros_without_target() {
    check_text(
        "#ifdef __SHADER_TARGET_STAGE\nstage\n#endif\n__HLSL_VERSION",
        expect![[r##"
            text: 2021
            region Directive 0..28 "#ifdef __SHADER_TARGET_STAGE"
            region Inactive 29..34 "stage"
            region Directive 35..41 "#endif"
            region MacroCall 42..56 "__HLSL_VERSION"
        "##]],
    );
}

#[test]
fn spirv_macro_follows_the_output() {
    // DXC defines `__spirv__` under `-spirv`; the default configuration produces SPIR-V.
    check_text(
        "#ifdef __spirv__\nvk\n#else\ndx\n#endif",
        expect![[r##"
        text: vk
        region Directive 0..16 "#ifdef __spirv__"
        region Directive 20..25 "#else"
        region Inactive 26..28 "dx"
        region Directive 29..35 "#endif"
    "##]],
    );
    let config = PreprocessConfig {
        spirv: false,
        ..PreprocessConfig::default()
    };
    check_config(
        "#ifdef __spirv__\nvk\n#else\ndx\n#endif",
        &config,
        expect![[r##"
        text: dx
        region Directive 0..16 "#ifdef __spirv__"
        region Inactive 17..19 "vk"
        region Directive 20..25 "#else"
        region Directive 29..35 "#endif"
    "##]],
    );
}

#[test]
fn command_line_defines() {
    let config = PreprocessConfig {
        defines: vec![
            ("FLAG".to_string(), None),
            ("VALUE".to_string(), Some("4 * 2".to_string())),
            ("F(x)".to_string(), Some("(x + 1)".to_string())),
        ],
        ..PreprocessConfig::default()
    };
    check_config(
        "FLAG VALUE F(3)\n#if FLAG && VALUE == 8\nok\n#endif",
        &config,
        expect![[r##"
        text: 1 4 * 2 (3 + 1) ok
        region MacroCall 0..4 "FLAG"
        region MacroCall 5..10 "VALUE"
        region MacroCall 11..15 "F(3)"
        region Directive 16..38 "#if FLAG && VALUE == 8"
        region Directive 42..48 "#endif"
    "##]],
    );
}

#[test]
fn builtin_redefinition_warns() {
    check_text(
        "#define __LINE__ 3\n#undef __FILE__\n__LINE__",
        expect![[r##"
        text: 3
        region Directive 0..18 "#define __LINE__ 3"
        region Directive 19..34 "#undef __FILE__"
        region MacroCall 35..43 "__LINE__"
        W1005 Warning 0:8..16: redefining builtin macro `__LINE__`
        W1005 Warning 0:26..34: undefining builtin macro `__FILE__`
    "##]],
    );
}

// ---- Recorded data ----

#[test]
fn macro_definitions_and_uses() {
    let text =
        "#define A 1\n#define F(x, y) x\n#ifdef A\nA F(A, 2)\n#endif\n#if defined(F)\n#endif";
    let pp = run(&[("main.hlsl", text)], &PreprocessConfig::default());
    let mut s = String::new();
    for d in pp.macro_definitions.iter().filter(|d| !d.predefined) {
        let _ = writeln!(
            s,
            "def {} {} {:?} {:?}",
            d.name,
            range(d.name_range),
            d.params,
            d.body
        );
    }
    for u in &pp.macro_uses {
        let name = &pp.macro_definitions[u.definition].name;
        let _ = writeln!(s, "use {} {}", name, range(u.name_range));
    }
    expect![[r#"
        def A 8..9 None "1"
        def F 20..21 Some(["x", "y"]) "x"
        use A 37..38
        use A 39..40
        use F 41..42
        use A 43..44
        use F 68..69
    "#]]
    .assert_eq(&s);
}

#[test]
fn path_joining() {
    let cases = [
        ("a/b", "c.h"),
        ("a/b", "../c.h"),
        ("a/b", "./../../../c.h"),
        ("", "x/./y/../z.h"),
        ("/abs/dir", "../f.h"),
        ("a", "/root/f.h"),
        ("a\\b", "c\\d.h"),
    ];
    let out: Vec<String> = cases
        .iter()
        .map(|(d, f)| crate::preprocess::directives::join_path(d, f))
        .collect();
    expect![[r#"
        [
            "a/b/c.h",
            "a/c.h",
            "../c.h",
            "x/z.h",
            "/abs/f.h",
            "/root/f.h",
            "a/b/c/d.h",
        ]
    "#]]
    .assert_debug_eq(&out);
}

#[test]
fn include_guard_skips_the_file_without_reading_it() {
    let files = [
        (
            "main.hlsl",
            "#include \"g.h\"\n#include \"g.h\"\n#include \"after.h\"\n#include \"after.h\"\n#include \"else.h\"\n#include \"else.h\"\n",
        ),
        ("g.h", "#ifndef G_H\n#define G_H\nguarded\n#endif\n"),
        ("after.h", "#ifndef A_H\n#define A_H\n#endif\ntail\n"),
        ("else.h", "#ifndef E_H\n#define E_H\nfirst\n#else\nsecond\n#endif\n"),
    ];
    let pp = run(&files, &PreprocessConfig::default());
    let mut s = format!("text: {}\n", expanded_text(&pp));
    for u in &pp.macro_uses {
        let name = &pp.macro_definitions[u.definition].name;
        let _ = writeln!(s, "use {} in {} at {}", name, u.file.0, range(u.name_range));
    }
    // `g.h` is not read again (no use of `G_H`); the others are.
    expect![[r#"
        text: guarded tail tail first second
        use A_H in 2 at 8..11
        use E_H in 3 at 8..11
    "#]]
    .assert_eq(&s);
}

#[test]
fn nested_elif_in_inactive_group_is_not_evaluated() {
    check_text(
        "#if 0\n#if 1\n#elif 1/0\n#else\n#endif\n#elif 1\nyes\n#endif",
        expect![[r##"
            text: yes
            region Directive 0..5 "#if 0"
            region Directive 6..11 "#if 1"
            region Directive 12..21 "#elif 1/0"
            region Directive 22..27 "#else"
            region Directive 28..34 "#endif"
            region Directive 35..42 "#elif 1"
            region Directive 47..53 "#endif"
        "##]],
    );
}

#[test]
fn conditionals_do_not_cross_file_boundaries() {
    check_files(
        &[
            ("main.hlsl", "#if 1\n#include \"a.h\"\nmain\n#endif"),
            ("a.h", "#else\nheader\n#endif\n"),
        ],
        &PreprocessConfig::default(),
        expect![[r##"
            text: header main
              IDENT "header" file 1:6..12
              IDENT "main" file 0:21..25
            region Directive 0..5 "#if 1"
            region Directive 6..20 "#include \"a.h\""
            region Directive 26..32 "#endif"
            include 0:15..20 -> 1 a.h
            E1014 Error 1:0..5: #else without #if
            E1014 Error 1:13..19: #endif without #if
        "##]],
    );
}

#[test]
fn if_literal_forms_and_unsigned_arithmetic() {
    check_text(
        "#if '\\x41' == 65 && '\\101' == 65 && 'ab' == 24930 && '\\'' == 39\nchars\n#endif\n\
#if 0xFFFFFFFFFFFFFFFF == -1 && 0xffffffffffffffff > 0 && -1 > 0u && !(-1 > 0)\nunsigned\n#endif\n\
#if 1 ? 1 : 1 / 0\nternary\n#endif\n\
#if (2 || 1 / 0) && !(0 && 1 % 0)\nshort\n#endif\n\
#if 99999999999999999999\n#endif\n\
#if 0x\n#endif\n\
#if -9223372036854775807 - 1 < 0 && (-9223372036854775807 - 1) / -1 < 0\nwrap\n#endif",
        expect![[r##"
            text: chars unsigned ternary short wrap
            region Directive 0..63 "#if '\\x41' == 65 && '\\101' == 65 && 'ab' == 24930 && '\\'' == 39"
            region Directive 70..76 "#endif"
            region Directive 77..155 "#if 0xFFFFFFFFFFFFFFFF == -1 && 0xffffffffffffffff > 0 && -1 > 0u && !(-1 > 0)"
            region Directive 165..171 "#endif"
            region Directive 172..189 "#if 1 ? 1 : 1 / 0"
            region Directive 198..204 "#endif"
            region Directive 205..238 "#if (2 || 1 / 0) && !(0 && 1 % 0)"
            region Directive 245..251 "#endif"
            region Directive 252..276 "#if 99999999999999999999"
            region Directive 277..283 "#endif"
            region Directive 284..290 "#if 0x"
            region Directive 291..297 "#endif"
            region Directive 298..369 "#if -9223372036854775807 - 1 < 0 && (-9223372036854775807 - 1) / -1 < 0"
            region Directive 375..381 "#endif"
            E1010 Error 0:256..276: invalid integer literal in #if expression: `99999999999999999999`
            E1010 Error 0:288..290: invalid integer literal in #if expression: `0x`
        "##]],
    );
}
