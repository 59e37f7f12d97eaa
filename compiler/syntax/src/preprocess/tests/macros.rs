//! Tests of macro expansion: object-like and function-like macros, `#`, `##`, variadic
//! macros, blue paint and runaway expansion.

use std::fmt::Write;

use expect_test::expect;

use super::*;

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
