//! Semantic analysis of files with syntax errors, as an editor sees them while the user
//! types: every item whose text parsed keeps its diagnostics, while those a syntax error
//! would cascade into (a half-typed name, the statement the parser gave up on, a function
//! whose closing brace is not typed yet) are left out.

use expect_test::expect;

use super::diagnostics_text;

/// The syntax diagnostics of `src`, then its semantic ones, one per line.
fn check(src: &str, expect: expect_test::Expect) {
    let parsed = syntax::parse(src);
    let index = syntax::line_index::LineIndex::new(src);
    let mut out = String::new();
    for d in &parsed.diagnostics {
        let lc = index.line_col(d.range.start());
        out.push_str(&format!(
            "{} {}:{}: {}\n",
            d.code,
            lc.line + 1,
            lc.col + 1,
            d.message
        ));
    }
    out.push_str(&diagnostics_text(src));
    expect.assert_eq(&out);
}

#[test]
fn a_missing_semicolon_keeps_the_other_statements_and_functions() {
    check(
        r#"
float f(float x) { return x; }
void broken() {
    float y = f(1.0)
    float3 v = float2(1, 2);
}
float4 g(float2 uv) { float4 c = uv; return c; }
"#,
        expect![[r#"
            E1200 4:20: expected `;` after declaration
            E2003 5:16 `float2(1, 2)`: cannot convert from `float2` to `float3`
            E2003 7:34 `uv`: cannot convert from `float2` to `float4`
        "#]],
    );
}

#[test]
fn an_initializer_not_typed_yet_at_the_end_of_the_file() {
    check(
        r#"
void g() { float3 v = float2(1, 2); }
float4 x = "#,
        expect![[r#"
            E1200 3:11: expected an initializer
            E1200 3:10: expected `;` after declaration
            E2003 2:23 `float2(1, 2)`: cannot convert from `float2` to `float3`
        "#]],
    );
}

#[test]
fn a_half_typed_name() {
    check(
        r#"
float4 f(float4 position) {
    float4 p = posit
    return p;
}
void g() { int i = undeclared; }
"#,
        expect![[r#"
            E1200 3:16: expected `;` after declaration
            E2001 6:20 `undeclared`: use of undeclared identifier `undeclared`
        "#]],
    );
}

#[test]
fn an_unclosed_function_before_another() {
    check(
        r#"
float f(float x) { return x; }
void g() { float3 v = float2(1, 2);
void h() { int a = bad; }
"#,
        expect![[r#"
            E1200 3:36: expected `}` to close the block
            E2003 3:23 `float2(1, 2)`: cannot convert from `float2` to `float3`
            E2001 4:20 `bad`: use of undeclared identifier `bad`
        "#]],
    );
}

#[test]
fn an_unclosed_function_ending_in_a_half_typed_statement() {
    // The missing `}` also hides what is said on `f`'s name (no `return` yet), though the
    // error sits in an unfinished statement; `g` after it is checked as usual.
    check(
        r#"
float f(float x) {
    float y = x *
float g() { return missing; }
"#,
        expect![[r#"
            E1200 3:18: expected an expression after operator
            E1200 3:17: expected `;` after declaration
            E1200 3:18: expected `}` to close the block
            E2001 4:20 `missing`: use of undeclared identifier `missing`
        "#]],
    );
}

#[test]
fn a_broken_function_between_two_good_ones() {
    check(
        r#"
float first(float x) { return x; }
void broken(int a) { int b = a +; }
void second() { float3 v = float2(1, 2); first(v, v); }
"#,
        expect![[r#"
            E1200 3:33: expected an expression after operator
            E2003 4:28 `float2(1, 2)`: cannot convert from `float2` to `float3`
            E2006 4:42 `first(v, v)`: `first` takes 1 argument(s), 2 given
              note 2:7 `first`: candidate: float first(float x)
        "#]],
    );
}

#[test]
fn a_broken_parameter_list() {
    check(
        r#"
void broken(int a, ) { }
void second() { broken(1); broken(1, 2, 3); }
"#,
        expect![[r#"
            E1200 2:20: expected a parameter after `,`
        "#]],
    );
}

#[test]
fn an_unclosed_struct() {
    check(
        r#"
struct S { float a;
void f() { S s; s.b = 1; }
"#,
        expect![[r#"
            E1200 2:20: expected `}` to close the block
            E2015 3:17 `s.b`: no member named `b` in `S`
        "#]],
    );
}

#[test]
fn a_broken_condition_keeps_the_diagnostics_of_its_body() {
    check(
        r#"
void f(int x) {
    if (x >) { float3 v = float2(1, 2); }
    else { int y = undeclared_a; }
    while (x < undeclared_b +) { x = float2(1, 2); }
}
"#,
        expect![[r#"
            E1200 3:12: expected an expression after operator
            E1200 5:30: expected an expression after operator
            E2003 3:27 `float2(1, 2)`: cannot convert from `float2` to `float3`
            E2001 4:20 `undeclared_a`: use of undeclared identifier `undeclared_a`
            W2001 5:38 `float2(1, 2)`: implicit truncation from `float2` to `int`
        "#]],
    );
}

#[test]
fn a_function_whose_closing_brace_is_not_typed_yet() {
    check(
        r#"
float complete() { }
float typing(float2 uv) {
    float3 v = float2(1, 2);
    float x = uv.x;
"#,
        expect![[r#"
            E1200 5:20: expected `}` to close the block
            W2002 2:7 `complete`: function `complete` does not return a value on every path
            E2003 4:16 `float2(1, 2)`: cannot convert from `float2` to `float3`
        "#]],
    );
}

#[test]
fn an_error_in_a_macro_use_damages_the_statement_of_the_use() {
    check(
        r#"
#define HALF(x) (x) *
void f() {
    float a = HALF(undeclared_a);
    float3 v = float2(1, 2);
}
"#,
        expect![[r#"
            E1200 4:33: expected an expression after operator
            E2003 5:16 `float2(1, 2)`: cannot convert from `float2` to `float3`
        "#]],
    );
}

#[test]
fn hostile_input_stays_linear() {
    // A chain of `else if`s, each broken: every damaged statement holds the rest of the
    // chain, which its walk must not visit again.
    let mut src = String::from("void f(int x) {\n if (x +) {}\n");
    for _ in 0..20_000 {
        src.push_str(" else if (x +) { x = 1; }\n");
    }
    src.push_str("}\n");
    assert_eq!(diagnostics_text(&src), "");
    // Under the error cap: every second condition broken, bodies with type errors kept.
    let mut src = String::from("void g(int x) {\n if (x) {}\n");
    for i in 0..200 {
        let cond = if i % 2 == 0 { "x +" } else { "x" };
        src.push_str(&format!(
            " else if ({cond}) {{ float3 v = float2(1, 2); }}\n"
        ));
    }
    src.push_str("}\n");
    let text = diagnostics_text(&src);
    assert_eq!(text.lines().count(), 200, "{text}");
    assert!(text.lines().all(|l| l.starts_with("E2003")), "{text}");
}
