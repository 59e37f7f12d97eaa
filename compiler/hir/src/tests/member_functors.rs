//! HLSL 2021 functors reached through a member (`h.s(2)`): a call of the `operator()` of
//! member `s`'s struct, with that operator's overloads and result type, as DXC resolves it.

use base_db::CompileConfig;
use expect_test::expect;
use syntax::line_index::LineIndex;
use syntax::PreprocessConfig;

use crate::test_db::TestDb;

fn diagnostics(src: &str) -> String {
    let mut db = TestDb::new();
    let file = db.set_file_text("/t/main.hlsl", src);
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    let index = LineIndex::new(src);
    let mut out = String::new();
    for d in crate::diagnostics::diagnostics(&db, file, config) {
        let lc = index.line_col(d.range.start());
        out.push_str(&format!(
            "{} {}:{} `{}`: {}\n",
            d.code,
            lc.line + 1,
            lc.col + 1,
            &src[std::ops::Range::<usize>::from(d.range)],
            d.message
        ));
    }
    out
}

#[test]
fn a_member_with_a_call_operator_is_called() {
    // `h.s(2)` and `o.inner.s(2.5)` call `F::operator()`, `h.g(1, 2)` the two-argument
    // `G::operator()`: no "no method named" error (E2015, before HLSL 2021 functors were
    // followed through members).
    expect![[r#""#]].assert_eq(&diagnostics(
        r#"
struct F { float k; float operator()(float x) { return x * k; } };
struct G { int operator()(int a, int b) { return a + b; } };
struct H { F s; G g; };
struct Outer { H inner; };
void f(H h, Outer o) {
    float r = h.s(2);
    float q = o.inner.s(2.5);
    int t = h.g(1, 2);
}
"#,
    ));
}

#[test]
fn a_member_call_checks_the_operators_overloads() {
    // Arguments the operator does not take are its overload errors; a member without an
    // `operator()` (or of a non-struct type) is still no method.
    expect![[r#"
        E2006 6:5 `h.s(1, 2)`: `operator()` takes 1 argument(s), 2 given
        E2015 7:5 `h.p(1)`: no method named `p` in `H`
        E2015 8:5 `h.v(1)`: no method named `v` in `H`
    "#]]
    .assert_eq(&diagnostics(
        r#"
struct F { float operator()(float x) { return x; } };
struct P { float x; };
struct H { F s; P p; float v; };
void f(H h) {
    h.s(1, 2);
    h.p(1);
    h.v(1);
}
"#,
    ));
}
