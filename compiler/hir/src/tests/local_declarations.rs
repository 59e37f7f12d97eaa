//! Functions declared inside a function body (`float g(float);`), as C++ and DXC allow: the
//! declaration names the file's function for the rest of its block, even when that function
//! is defined further down the file.

use expect_test::expect;

use super::check_infer;

/// The semantic diagnostics of `src` with the real intrinsic table (so that a call no user
/// function takes is not taken for an intrinsic of a table that has none).
pub(super) fn check_diagnostics(src: &str, expect: expect_test::Expect) {
    let mut db =
        crate::test_db::TestDb::with_intrinsics(std::sync::Arc::new(crate::HlslIntrinsics));
    let file = db.set_file_text("/t/main.hlsl", src);
    let config = base_db::CompileConfig::new(&db, syntax::PreprocessConfig::default());
    let index = syntax::line_index::LineIndex::new(src);
    let mut out = String::new();
    for d in crate::diagnostics::diagnostics(&db, file, config) {
        let lc = index.line_col(d.range.start());
        let text = &src[d.range];
        out.push_str(&format!(
            "{} {}:{} `{text}`: {}\n",
            d.code,
            lc.line + 1,
            lc.col + 1,
            d.message
        ));
    }
    expect.assert_eq(&out);
}

#[test]
fn a_local_declaration_calls_the_later_definition() {
    check_infer(
        r#"
float f() { float twice(float); return twice(1.5); }
float twice(float x) { return x * 2; }
"#,
        expect![[r#"
            fn f:
            twice(1.5) : float
            twice : {unknown}
            1.5 : literal float
            fn twice:
            x * 2 : float
            x : float
            2 : literal int
            local x : float
        "#]],
    );
}

#[test]
fn the_declaration_ends_with_its_block() {
    check_diagnostics(
        r#"
void f() {
    { float twice(float); twice(1.0); }
    twice(2.0);
}
float twice(float x) { return x * 2; }
"#,
        expect![[r#"
            E2001 4:5 `twice`: use of undeclared identifier `twice`
        "#]],
    );
}

#[test]
fn overloads_and_a_missing_definition() {
    // FIXME: `nowhere` is declared; with no declaration at file scope to find, the message
    // should say it is never defined (as lowering's E3001 does for a file-scope prototype).
    check_diagnostics(
        r#"
void f() {
    int pick(int);
    float pick(float);
    int i = pick(1);
    float v = pick(1.5f);
    float nowhere(float);
    nowhere(1.0);
}
int pick(int x) { return x; }
float pick(float x) { return x; }
"#,
        expect![[r#"
            E2001 8:5 `nowhere`: use of undeclared identifier `nowhere`
        "#]],
    );
}
