//! Tests of the preprocessor: an in-memory file loader and snapshots of a compact rendering of
//! the output (expanded text, token origins, regions, includes, diagnostics). Every test also
//! checks that the lossless tree of the main file reproduces its text byte for byte.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::Arc;

use expect_test::{expect, Expect};

use super::*;

/// Files by path; the first one is the main file (id 0), the others get ids 1, 2...
struct MemFiles {
    files: HashMap<String, (FileId, Arc<str>)>,
}

impl MemFiles {
    fn new(files: &[(&str, &str)]) -> MemFiles {
        MemFiles {
            files: files
                .iter()
                .enumerate()
                .map(|(i, (p, t))| (p.to_string(), (FileId(i as u32), Arc::from(*t))))
                .collect(),
        }
    }
}

impl FileLoader for MemFiles {
    fn load(&self, path: &str) -> Option<LoadedFile> {
        let (id, text) = self.files.get(path)?;
        Some(LoadedFile {
            id: *id,
            path: path.to_string(),
            text: text.clone(),
        })
    }
}

fn range(r: TextRange) -> String {
    format!("{}..{}", u32::from(r.start()), u32::from(r.end()))
}

/// The expanded text: tokens separated by one space where whitespace stood.
fn expanded_text(pp: &Preprocessed) -> String {
    let mut s = String::new();
    for (i, t) in pp.tokens.iter().enumerate() {
        if i > 0 && t.leading_space {
            s.push(' ');
        }
        s.push_str(pp.token_text(i));
    }
    s
}

fn render(pp: &Preprocessed, main_text: &str, with_tokens: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "text: {}", expanded_text(pp));
    if with_tokens {
        for (i, t) in pp.tokens.iter().enumerate() {
            let origin = match t.origin {
                TokenOrigin::File { file, range: r } => format!("file {}:{}", file.0, range(r)),
                TokenOrigin::Macro {
                    file,
                    call,
                    spelled,
                } => {
                    let sp =
                        spelled.map_or("-".to_string(), |(f, r)| format!("{}:{}", f.0, range(r)));
                    format!("macro {}:{} spelled {}", file.0, range(call), sp)
                }
            };
            let _ = writeln!(s, "  {:?} {:?} {}", t.kind, pp.token_text(i), origin);
        }
    }
    for r in &pp.regions {
        let text = main_text
            .get(usize::from(r.range.start())..usize::from(r.range.end()))
            .unwrap_or("?");
        let _ = writeln!(s, "region {:?} {} {:?}", r.kind, range(r.range), text);
    }
    for i in &pp.includes {
        let _ = writeln!(
            s,
            "include {}:{} -> {} {}",
            i.from.0,
            range(i.path_range),
            i.to.0,
            i.path
        );
    }
    for p in &pp.pack_matrix {
        let _ = writeln!(
            s,
            "pack_matrix at {} row_major={}",
            p.token_index, p.row_major
        );
    }
    for l in &pp.line_directives {
        let _ = writeln!(
            s,
            "line {} at {} = {} {:?}",
            l.file.0,
            u32::from(l.offset),
            l.line,
            l.path
        );
    }
    for d in &pp.diagnostics {
        let _ = writeln!(
            s,
            "{} {:?} {}:{}: {}",
            d.code,
            d.severity,
            d.file.0,
            range(d.range),
            d.message
        );
        for r in &d.related {
            let _ = writeln!(
                s,
                "  related {}:{}: {}",
                r.file.0,
                range(r.range),
                r.message
            );
        }
    }
    s
}

/// Preprocesses without parsing (for the runaway tests, whose output is huge).
fn run_pp(text: &str) -> Preprocessed {
    let pp = preprocess(
        FileId(0),
        "main.hlsl",
        text,
        &PreprocessConfig::default(),
        &NoFiles,
    );
    for w in pp.regions.windows(2) {
        assert!(w[0].range.end() <= w[1].range.start(), "{:?}", pp.regions);
    }
    pp
}

fn run(files: &[(&str, &str)], config: &PreprocessConfig) -> Preprocessed {
    let loader = MemFiles::new(files);
    let (path, text) = files[0];
    let pp = preprocess(FileId(0), path, text, config, &loader);
    // Regions are sorted and disjoint, and the lossless tree is the file.
    for w in pp.regions.windows(2) {
        assert!(w[0].range.end() <= w[1].range.start(), "{:?}", pp.regions);
    }
    let parsed = crate::parse_file(FileId(0), path, text, config, &loader);
    assert_eq!(parsed.syntax().to_string(), text);
    pp
}

fn check_files(files: &[(&str, &str)], config: &PreprocessConfig, expect: Expect) {
    let pp = run(files, config);
    expect.assert_eq(&render(&pp, files[0].1, true));
}

/// Full rendering of one file.
fn check(text: &str, expect: Expect) {
    check_files(&[("main.hlsl", text)], &PreprocessConfig::default(), expect);
}

/// Expanded text, regions and diagnostics, without token origins.
fn check_text(text: &str, expect: Expect) {
    let pp = run(&[("main.hlsl", text)], &PreprocessConfig::default());
    expect.assert_eq(&render(&pp, text, false));
}

fn check_config(text: &str, config: &PreprocessConfig, expect: Expect) {
    let pp = run(&[("main.hlsl", text)], config);
    expect.assert_eq(&render(&pp, text, false));
}

// ---- Plain text and origins ----

#[test]
fn plain_tokens() {
    check(
        "float a; // c\nint b;",
        expect![[r#"
            text: float a; int b;
              IDENT "float" file 0:0..5
              IDENT "a" file 0:6..7
              SEMICOLON ";" file 0:7..8
              IDENT "int" file 0:14..17
              IDENT "b" file 0:18..19
              SEMICOLON ";" file 0:19..20
        "#]],
    );
}

#[test]
fn lexer_errors_are_reported() {
    check_text(
        "float @a;\n#if 0\n'unterminated\n#endif\n",
        expect![[r##"
        text: float @a;
        region Directive 10..15 "#if 0"
        region Inactive 16..29 "'unterminated"
        region Directive 30..36 "#endif"
        E1001 Error 0:6..7: unexpected character
    "##]],
    );
}

#[test]
fn hash_not_at_line_start_passes_through() {
    check_text(
        "a # b\n#\nc ## d",
        expect![[r##"
        text: a # b c ## d
        region Directive 6..7 "#"
    "##]],
    );
}

// ---- Object-like and function-like macros ----

#[test]
fn object_macro() {
    check(
        "#define X 1 + 2\nint a = X;",
        expect![[r##"
        text: int a = 1 + 2;
          IDENT "int" file 0:16..19
          IDENT "a" file 0:20..21
          EQ "=" file 0:22..23
          INT_NUMBER "1" macro 0:24..25 spelled 0:10..11
          PLUS "+" macro 0:24..25 spelled 0:12..13
          INT_NUMBER "2" macro 0:24..25 spelled 0:14..15
          SEMICOLON ";" file 0:25..26
        region Directive 0..15 "#define X 1 + 2"
        region MacroCall 24..25 "X"
    "##]],
    );
}

#[test]
fn function_macro() {
    check(
        "#define ADD(a, b) ((a) + (b))\nint x = ADD(1, y);",
        expect![[r##"
            text: int x = ((1) + (y));
              IDENT "int" file 0:30..33
              IDENT "x" file 0:34..35
              EQ "=" file 0:36..37
              L_PAREN "(" macro 0:38..47 spelled 0:18..19
              L_PAREN "(" macro 0:38..47 spelled 0:19..20
              INT_NUMBER "1" macro 0:38..47 spelled 0:42..43
              R_PAREN ")" macro 0:38..47 spelled 0:21..22
              PLUS "+" macro 0:38..47 spelled 0:23..24
              L_PAREN "(" macro 0:38..47 spelled 0:25..26
              IDENT "y" macro 0:38..47 spelled 0:45..46
              R_PAREN ")" macro 0:38..47 spelled 0:27..28
              R_PAREN ")" macro 0:38..47 spelled 0:28..29
              SEMICOLON ";" file 0:47..48
            region Directive 0..29 "#define ADD(a, b) ((a) + (b))"
            region MacroCall 38..47 "ADD(1, y)"
        "##]],
    );
}

#[test]
fn function_macro_without_parens_is_not_expanded() {
    check_text(
        "#define F(x) x\nint F; F\n(2) F (3)",
        expect![[r##"
        text: int F; 2 3
        region Directive 0..14 "#define F(x) x"
        region MacroCall 22..27 "F\n(2)"
        region MacroCall 28..33 "F (3)"
    "##]],
    );
}

#[test]
fn arguments_spanning_lines() {
    check_text(
        "#define F(a, b) a * b\nF(1,\n  2\n  )\nend",
        expect![[r##"
        text: 1 * 2 end
        region Directive 0..21 "#define F(a, b) a * b"
        region MacroCall 22..34 "F(1,\n  2\n  )"
    "##]],
    );
}

#[test]
fn arguments_with_parens_and_commas() {
    check_text(
        "#define F(a, b) [a|b]\nF((1, 2), g(3, 4))\nF([1, 2], 3)",
        expect![[r##"
            text: [(1, 2)|g(3, 4)]
            region Directive 0..21 "#define F(a, b) [a|b]"
            region MacroCall 22..40 "F((1, 2), g(3, 4))"
            region MacroCall 41..53 "F([1, 2], 3)"
            E1007 Error 0:41..53: macro `F` expects 2 arguments, got 3
        "##]],
    );
}

#[test]
fn empty_arguments() {
    check_text(
        "#define F(a, b) <a|b>\n#define G(a) <a>\n#define H() h\nF(,) F(1,) G() H()",
        expect![[r##"
            text: <|> <1|> <> h
            region Directive 0..21 "#define F(a, b) <a|b>"
            region Directive 22..38 "#define G(a) <a>"
            region Directive 39..52 "#define H() h"
            region MacroCall 53..57 "F(,)"
            region MacroCall 58..63 "F(1,)"
            region MacroCall 64..67 "G()"
            region MacroCall 68..71 "H()"
        "##]],
    );
}

#[test]
fn wrong_argument_count() {
    check_text(
        "#define F(a, b) a b\n#define H() h\nF(1) F(1, 2, 3) H(1) ok",
        expect![[r##"
            text: ok
            region Directive 0..19 "#define F(a, b) a b"
            region Directive 20..33 "#define H() h"
            region MacroCall 34..38 "F(1)"
            region MacroCall 39..49 "F(1, 2, 3)"
            region MacroCall 50..54 "H(1)"
            E1007 Error 0:34..38: macro `F` expects 2 arguments, got 1
            E1007 Error 0:39..49: macro `F` expects 2 arguments, got 3
            E1007 Error 0:50..54: macro `H` expects 0 arguments, got 1
        "##]],
    );
}

#[test]
fn unterminated_invocation() {
    check_text(
        "#define F(a) a\nF(1, 2",
        expect![[r##"
        text: 
        region Directive 0..14 "#define F(a) a"
        region MacroCall 15..21 "F(1, 2"
        E1006 Error 0:15..16: unterminated function-like macro invocation
    "##]],
    );
}

#[test]
fn nested_expansion() {
    check(
        "#define A B + 1\n#define B C * 2\n#define C 3\nA",
        expect![[r##"
            text: 3 * 2 + 1
              INT_NUMBER "3" macro 0:44..45 spelled 0:42..43
              STAR "*" macro 0:44..45 spelled 0:28..29
              INT_NUMBER "2" macro 0:44..45 spelled 0:30..31
              PLUS "+" macro 0:44..45 spelled 0:12..13
              INT_NUMBER "1" macro 0:44..45 spelled 0:14..15
            region Directive 0..15 "#define A B + 1"
            region Directive 16..31 "#define B C * 2"
            region Directive 32..43 "#define C 3"
            region MacroCall 44..45 "A"
        "##]],
    );
}

#[test]
fn blue_paint_self_reference() {
    check_text(
        "#define foo foo + 1\n#define f(x) x + f(x)\nfoo f(2)",
        expect![[r##"
            text: foo + 1 2 + f(2)
            region Directive 0..19 "#define foo foo + 1"
            region Directive 20..41 "#define f(x) x + f(x)"
            region MacroCall 42..45 "foo"
            region MacroCall 46..50 "f(2)"
        "##]],
    );
}

#[test]
fn blue_paint_mutual_recursion() {
    check_text(
        "#define A B\n#define B A\nA B",
        expect![[r##"
        text: A B
        region Directive 0..11 "#define A B"
        region Directive 12..23 "#define B A"
        region MacroCall 24..25 "A"
        region MacroCall 26..27 "B"
    "##]],
    );
}

#[test]
fn arguments_are_pre_expanded() {
    check_text(
        "#define ONE 1\n#define F(x) x #x\n#define G(x) F(x)\nF(ONE) G(ONE)",
        expect![[r##"
            text: 1 "ONE" 1 "1"
            region Directive 0..13 "#define ONE 1"
            region Directive 14..31 "#define F(x) x #x"
            region Directive 32..49 "#define G(x) F(x)"
            region MacroCall 50..56 "F(ONE)"
            region MacroCall 57..63 "G(ONE)"
        "##]],
    );
}

#[test]
fn nested_invocation_in_argument() {
    check_text(
        "#define f(x) (x)\nf(f(f(1)))",
        expect![[r##"
        text: (((1)))
        region Directive 0..16 "#define f(x) (x)"
        region MacroCall 17..27 "f(f(f(1)))"
    "##]],
    );
}

#[test]
fn macro_name_from_expansion_takes_args_from_file() {
    check(
        "#define F G\n#define G(x) <x>\nF(1) end",
        expect![[r##"
            text: <1> end
              LT "<" macro 0:29..33 spelled 0:25..26
              INT_NUMBER "1" macro 0:29..33 spelled 0:31..32
              GT ">" macro 0:29..33 spelled 0:27..28
              IDENT "end" file 0:34..37
            region Directive 0..11 "#define F G"
            region Directive 12..28 "#define G(x) <x>"
            region MacroCall 29..33 "F(1)"
        "##]],
    );
}

#[test]
fn c_standard_example() {
    // The example of C11 6.10.3.5p5, trimmed.
    check_text(
        "#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n#define z z[0]\n#define h g(~\n#define m(a) a(w)\n#define w 0,1\n#define t(a) a\n#define p() int\n#define q(x) x\n#define r(x,y) x ## y\nf(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\ng(x+(3,4)-w) | h 5) & m\n(f)^m(m);\np() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };",
        expect![[r##"
            text: f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1); f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1); int i[] = { 1, 23, 4, 5, };
            region Directive 0..11 "#define x 3"
            region Directive 12..35 "#define f(a) f(x * (a))"
            region Directive 36..44 "#undef x"
            region Directive 45..56 "#define x 2"
            region Directive 57..68 "#define g f"
            region Directive 69..83 "#define z z[0]"
            region Directive 84..97 "#define h g(~"
            region Directive 98..115 "#define m(a) a(w)"
            region Directive 116..129 "#define w 0,1"
            region Directive 130..144 "#define t(a) a"
            region Directive 145..160 "#define p() int"
            region Directive 161..175 "#define q(x) x"
            region Directive 176..197 "#define r(x,y) x ## y"
            region MacroCall 198..204 "f(y+1)"
            region MacroCall 207..214 "f(f(z))"
            region MacroCall 217..231 "t(t(g)(0) + t)"
            region MacroCall 236..248 "g(x+(3,4)-w)"
            region MacroCall 251..255 "h 5)"
            region MacroCall 258..263 "m\n(f)"
            region MacroCall 264..268 "m(m)"
            region MacroCall 270..273 "p()"
            region MacroCall 276..279 "q()"
            region MacroCall 285..289 "q(1)"
            region MacroCall 291..297 "r(2,3)"
            region MacroCall 299..304 "r(4,)"
            region MacroCall 306..311 "r(,5)"
            region MacroCall 313..317 "r(,)"
        "##]],
    );
}

#[test]
fn empty_expansion_is_a_macro_call_region() {
    check(
        "#define E\n#define F(x)\na E F(1) b",
        expect![[r##"
        text: a b
          IDENT "a" file 0:23..24
          IDENT "b" file 0:32..33
        region Directive 0..9 "#define E"
        region Directive 10..22 "#define F(x)"
        region MacroCall 25..26 "E"
        region MacroCall 27..31 "F(1)"
    "##]],
    );
}

#[test]
fn undef() {
    check_text(
        "#define X 1\nX\n#undef X\nX\n#undef Y",
        expect![[r##"
        text: 1 X
        region Directive 0..11 "#define X 1"
        region MacroCall 12..13 "X"
        region Directive 14..22 "#undef X"
        region Directive 25..33 "#undef Y"
    "##]],
    );
}

#[test]
fn redefinition_warning() {
    check_text(
        "#define X 1\n#define X 1\n#define X  1\n#define X 2\n#define F(a) a\n#define F(b) b",
        expect![[r##"
            text: 
            region Directive 0..11 "#define X 1"
            region Directive 12..23 "#define X 1"
            region Directive 24..36 "#define X  1"
            region Directive 37..48 "#define X 2"
            region Directive 49..63 "#define F(a) a"
            region Directive 64..78 "#define F(b) b"
            W1001 Warning 0:45..46: `X` macro redefined
              related 0:32..33: previous definition is here
            W1001 Warning 0:72..73: `F` macro redefined
              related 0:57..58: previous definition is here
        "##]],
    );
}

#[test]
fn malformed_defines() {
    check_text(
        "#define\n#define 1\n#define F(a\n#define G(a,a) a\n#define H(a) #b\n#define I ## x\n#define J(x) x ##\n#define defined 1\nok",
        expect![[r##"
            text: ok
            region Directive 0..7 "#define"
            region Directive 8..17 "#define 1"
            region Directive 18..29 "#define F(a"
            region Directive 30..46 "#define G(a,a) a"
            region Directive 47..62 "#define H(a) #b"
            region Directive 63..77 "#define I ## x"
            region Directive 78..95 "#define J(x) x ##"
            region Directive 96..113 "#define defined 1"
            E1005 Error 0:0..7: macro name missing after #define
            E1005 Error 0:16..17: macro name must be an identifier
            E1005 Error 0:28..29: expected `,` or `)` in macro parameter list
            E1005 Error 0:42..43: duplicate or reserved macro parameter `a`
            E1005 Error 0:60..61: `#` is not followed by a macro parameter
            E1005 Error 0:71..72: `##` cannot appear at either end of a macro expansion
            E1005 Error 0:86..87: `##` cannot appear at either end of a macro expansion
            E1005 Error 0:104..111: `defined` cannot be used as a macro name
        "##]],
    );
}

#[test]
fn object_macro_with_paren_after_space() {
    check_text(
        "#define F (x) x\nF",
        expect![[r##"
        text: (x) x
        region Directive 0..15 "#define F (x) x"
        region MacroCall 16..17 "F"
    "##]],
    );
}

// ---- # and ## ----

#[test]
fn stringify() {
    check(
        "#define S(x) #x\nS(a  +  b) S( \"q\\n\" 'c' ) S()",
        expect![[r##"
            text: "a + b" "\"q\\n\" 'c'" ""
              STRING "\"a + b\"" macro 0:16..26 spelled -
              STRING "\"\\\"q\\\\n\\\" 'c'\"" macro 0:27..41 spelled -
              STRING "\"\"" macro 0:42..45 spelled -
            region Directive 0..15 "#define S(x) #x"
            region MacroCall 16..26 "S(a  +  b)"
            region MacroCall 27..41 "S( \"q\\n\" 'c' )"
            region MacroCall 42..45 "S()"
        "##]],
    );
}

#[test]
fn stringify_does_not_expand() {
    check_text(
        "#define X 1\n#define S(x) #x\n#define XS(x) S(x)\nS(X) XS(X)",
        expect![[r##"
        text: "X" "1"
        region Directive 0..11 "#define X 1"
        region Directive 12..27 "#define S(x) #x"
        region Directive 28..46 "#define XS(x) S(x)"
        region MacroCall 47..51 "S(X)"
        region MacroCall 52..57 "XS(X)"
    "##]],
    );
}

#[test]
fn paste() {
    check(
        "#define CAT(a, b) a ## b\nCAT(x, y) CAT(1, 2) CAT(+, =) CAT(, z) CAT(w, ) CAT(,)",
        expect![[r##"
            text: xy 12 += z w
              IDENT "xy" macro 0:25..34 spelled -
              INT_NUMBER "12" macro 0:35..44 spelled -
              PLUSEQ "+=" macro 0:45..54 spelled -
              IDENT "z" macro 0:55..63 spelled 0:61..62
              IDENT "w" macro 0:64..72 spelled 0:68..69
            region Directive 0..24 "#define CAT(a, b) a ## b"
            region MacroCall 25..34 "CAT(x, y)"
            region MacroCall 35..44 "CAT(1, 2)"
            region MacroCall 45..54 "CAT(+, =)"
            region MacroCall 55..63 "CAT(, z)"
            region MacroCall 64..72 "CAT(w, )"
            region MacroCall 73..79 "CAT(,)"
        "##]],
    );
}

#[test]
fn paste_in_object_macro_and_rescan() {
    check_text(
        "#define xy 42\n#define P x ## y\n#define CAT(a, b) a ## b\nP CAT(x, y) CAT(CAT, (1, 2))",
        expect![[r##"
            text: 42 42 CAT (1, 2)
            region Directive 0..13 "#define xy 42"
            region Directive 14..30 "#define P x ## y"
            region Directive 31..55 "#define CAT(a, b) a ## b"
            region MacroCall 56..57 "P"
            region MacroCall 58..67 "CAT(x, y)"
            region MacroCall 68..84 "CAT(CAT, (1, 2))"
            E1008 Error 0:68..84: pasting `CAT` and `(` does not give a valid preprocessing token
        "##]],
    );
}

#[test]
fn paste_does_not_pre_expand() {
    check_text(
        "#define A 1\n#define CAT(a, b) a ## b\n#define XCAT(a, b) CAT(a, b)\nCAT(A, A) XCAT(A, A)",
        expect![[r##"
            text: AA 11
            region Directive 0..11 "#define A 1"
            region Directive 12..36 "#define CAT(a, b) a ## b"
            region Directive 37..65 "#define XCAT(a, b) CAT(a, b)"
            region MacroCall 66..75 "CAT(A, A)"
            region MacroCall 76..86 "XCAT(A, A)"
        "##]],
    );
}

#[test]
fn invalid_paste() {
    check_text(
        "#define CAT(a, b) a ## b\nCAT(+, -) CAT(., x) CAT(/, /)",
        expect![[r##"
            text: + - . x / /
            region Directive 0..24 "#define CAT(a, b) a ## b"
            region MacroCall 25..34 "CAT(+, -)"
            region MacroCall 35..44 "CAT(., x)"
            region MacroCall 45..54 "CAT(/, /)"
            E1008 Error 0:25..34: pasting `+` and `-` does not give a valid preprocessing token
            E1008 Error 0:35..44: pasting `.` and `x` does not give a valid preprocessing token
            E1008 Error 0:45..54: pasting `/` and `/` does not give a valid preprocessing token
        "##]],
    );
}

#[test]
fn chained_paste() {
    check_text(
        "#define C3(a, b, c) a ## b ## c\nC3(x, 1, y) C3(, , z)",
        expect![[r##"
        text: x1y z
        region Directive 0..31 "#define C3(a, b, c) a ## b ## c"
        region MacroCall 32..43 "C3(x, 1, y)"
        region MacroCall 44..53 "C3(, , z)"
    "##]],
    );
}

// ---- Variadic macros ----

#[test]
fn varargs() {
    check(
        "#define V(fmt, ...) f(fmt, __VA_ARGS__)\nV(1, 2, 3) V(1)",
        expect![[r##"
            text: f(1, 2, 3) f(1,)
              IDENT "f" macro 0:40..50 spelled 0:20..21
              L_PAREN "(" macro 0:40..50 spelled 0:21..22
              INT_NUMBER "1" macro 0:40..50 spelled 0:42..43
              COMMA "," macro 0:40..50 spelled 0:25..26
              INT_NUMBER "2" macro 0:40..50 spelled 0:45..46
              COMMA "," macro 0:40..50 spelled 0:46..47
              INT_NUMBER "3" macro 0:40..50 spelled 0:48..49
              R_PAREN ")" macro 0:40..50 spelled 0:38..39
              IDENT "f" macro 0:51..55 spelled 0:20..21
              L_PAREN "(" macro 0:51..55 spelled 0:21..22
              INT_NUMBER "1" macro 0:51..55 spelled 0:53..54
              COMMA "," macro 0:51..55 spelled 0:25..26
              R_PAREN ")" macro 0:51..55 spelled 0:38..39
            region Directive 0..39 "#define V(fmt, ...) f(fmt, __VA_ARGS__)"
            region MacroCall 40..50 "V(1, 2, 3)"
            region MacroCall 51..55 "V(1)"
        "##]],
    );
}

#[test]
fn varargs_only_and_stringify() {
    check_text(
        "#define V(...) [__VA_ARGS__] #__VA_ARGS__\n#define N(args...) <args>\nV() V(a, (b, c)) N(1, 2)",
        expect![[r##"
            text: [] "" [a, (b, c)] "a, (b, c)" <1, 2>
            region Directive 0..41 "#define V(...) [__VA_ARGS__] #__VA_ARGS__"
            region Directive 42..67 "#define N(args...) <args>"
            region MacroCall 68..71 "V()"
            region MacroCall 72..84 "V(a, (b, c))"
            region MacroCall 85..92 "N(1, 2)"
        "##]],
    );
}

#[test]
fn gnu_comma_paste() {
    check_text(
        "#define L(fmt, ...) p(fmt, ## __VA_ARGS__)\nL(a) L(a, b)",
        expect![[r##"
            text: p(a) p(a, b)
            region Directive 0..42 "#define L(fmt, ...) p(fmt, ## __VA_ARGS__)"
            region MacroCall 43..47 "L(a)"
            region MacroCall 48..55 "L(a, b)"
        "##]],
    );
}

#[test]
fn va_args_outside_variadic_macro_is_plain() {
    check_text(
        "#define F(x) __VA_ARGS__ x\nF(1)",
        expect![[r##"
        text: __VA_ARGS__ 1
        region Directive 0..26 "#define F(x) __VA_ARGS__ x"
        region MacroCall 27..31 "F(1)"
    "##]],
    );
}

// ---- Runaway expansion ----

#[test]
fn runaway_exponential_expansion_is_bounded() {
    let mut text = String::from("#define A0 x x\n");
    for i in 1..40 {
        let _ = writeln!(text, "#define A{i} A{p} A{p}", p = i - 1);
    }
    text.push_str("A39\n");
    let pp = run_pp(&text);
    assert!(pp.tokens.len() <= 2 * engine::MAX_EXPANDED_TOKENS);
    let codes: Vec<_> = pp.diagnostics.iter().map(|d| (d.code, d.range)).collect();
    expect![[r#"
        [
            (
                "E1009",
                766..769,
            ),
        ]
    "#]]
    .assert_debug_eq(&codes);
}

#[test]
fn runaway_function_macro_doubling_is_bounded() {
    let mut text = String::from("#define D(x) x x\n");
    let n = 40;
    text.push_str(&"D(".repeat(n));
    text.push('1');
    text.push_str(&")".repeat(n));
    let pp = run_pp(&text);
    let codes: Vec<_> = pp.diagnostics.iter().map(|d| d.code).collect();
    expect![[r#"
        [
            "E1009",
        ]
    "#]]
    .assert_debug_eq(&codes);
}

#[test]
fn deeply_nested_arguments_do_not_overflow() {
    let mut text = String::from("#define F(x) x\n");
    let n = 5000;
    text.push_str(&"F(".repeat(n));
    text.push('1');
    text.push_str(&")".repeat(n));
    let pp = run_pp(&text);
    let codes: Vec<_> = pp.diagnostics.iter().map(|d| d.code).collect();
    // Past the nesting limit arguments are substituted unexpanded and re-expanded on rescan,
    // which is quadratic, so the expansion cap stops it.
    expect![[r#"
        [
            "E1020",
            "E1009",
        ]
    "#]]
    .assert_debug_eq(&codes);
}

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
        "#error Something is   wrong\n#warning careful here\n#if 0\n#error not reported\n#endif\n#error",
        expect![[r##"
            text: 
            region Directive 0..27 "#error Something is   wrong"
            region Directive 28..49 "#warning careful here"
            region Directive 50..55 "#if 0"
            region Inactive 56..75 "#error not reported"
            region Directive 76..82 "#endif"
            region Directive 83..89 "#error"
            E1015 Error 0:0..27: Something is   wrong
            W1002 Warning 0:28..49: careful here
            E1015 Error 0:83..89: #error
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
        .map(|(d, f)| directives::join_path(d, f))
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
