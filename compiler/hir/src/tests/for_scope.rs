//! The scope of a `for` statement's init declarations under `-HV`: from HLSL 2021 on they
//! end with the loop (C++ rules); before, they belong to the enclosing scope, so legacy code
//! such as the DirectX SDK samples reuses a loop's variable in a later loop, and declaring it
//! again in a later loop is no redefinition (the most recent declaration wins, as in DXC).

use base_db::CompileConfig;
use expect_test::{expect, Expect};
use syntax::line_index::LineIndex;
use syntax::PreprocessConfig;

use crate::test_db::TestDb;

fn check(src: &str, hlsl_version: u32, expect: Expect) {
    let mut db = TestDb::new();
    let file = db.set_file_text("/t/main.hlsl", src);
    let config = CompileConfig::new(
        &db,
        PreprocessConfig {
            hlsl_version,
            ..PreprocessConfig::default()
        },
    );
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
    expect.assert_eq(&out);
}

const SRC: &str = r#"
float f(uint n) {
    float s = 0;
    for (uint i = 0; i < n; i++) s += i;
    for (i = n; i > 0; i >>= 1) s += 2 * i;
    for (uint i = 1; i < n; i++) { float t = i; s -= t; }
    return s + i;
}
"#;

#[test]
fn hlsl_2018_keeps_for_variables_after_the_loop() {
    check(SRC, 2018, expect![[""]]);
    check(SRC, 2016, expect![[""]]);
}

#[test]
fn hlsl_2021_ends_for_variables_with_the_loop() {
    check(
        SRC,
        2021,
        expect![[r#"
            E2001 5:10 `i`: use of undeclared identifier `i` (the variable a `for` statement declares ends with the loop from HLSL 2021 on; `-HV 2018` keeps it)
            E2001 5:17 `i`: use of undeclared identifier `i` (the variable a `for` statement declares ends with the loop from HLSL 2021 on; `-HV 2018` keeps it)
            E2001 5:24 `i`: use of undeclared identifier `i` (the variable a `for` statement declares ends with the loop from HLSL 2021 on; `-HV 2018` keeps it)
            E2001 5:42 `i`: use of undeclared identifier `i` (the variable a `for` statement declares ends with the loop from HLSL 2021 on; `-HV 2018` keeps it)
            E2001 7:16 `i`: use of undeclared identifier `i` (the variable a `for` statement declares ends with the loop from HLSL 2021 on; `-HV 2018` keeps it)
        "#]],
    );
}

/// A body's own declarations stay in the body whatever the version: only the init leaks.
#[test]
fn loop_body_declarations_never_leak() {
    let src = r#"
float g(uint n) {
    for (uint i = 0; i < n; i++) { float t = i; }
    return t;
}
"#;
    check(
        src,
        2018,
        expect![[r#"
            E2001 4:12 `t`: use of undeclared identifier `t`
        "#]],
    );
}

/// A name used before any loop declares it gets the plain message.
#[test]
fn use_before_the_loop_is_plainly_undeclared() {
    let src = r#"
float h() {
    float a = k;
    for (int k = 0; k < 2; k++) { a += k; }
    return a;
}
"#;
    check(
        src,
        2021,
        expect![[r#"
            E2001 3:15 `k`: use of undeclared identifier `k`
        "#]],
    );
}
