//! What `-HV` changes in the checker: from HLSL 2021 on, `&&`, `||` and `?:` short-circuit
//! and take scalars only (DXC's messages point at `and`, `or` and `select`); before, vectors
//! and matrices work per component.

use base_db::CompileConfig;
use expect_test::expect;
use syntax::line_index::LineIndex;
use syntax::PreprocessConfig;

use crate::test_db::TestDb;

fn diagnostics(src: &str, hlsl_version: u32) -> String {
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
    out
}

const SRC: &str = r#"
void f(bool3 a, bool3 b, float2x2 m, bool1 one, bool s) {
    bool3 x = a && b;
    bool3 y = a || s;
    float2x2 z = m ? m : -m;
    bool t = one && s;
    float u = s ? 1.0 : 2.0;
}
"#;

#[test]
fn hlsl_2021_takes_scalars() {
    expect![[r#"
        E2017 3:15 `a && b`: operands for short-circuiting logical binary operator must be scalar, for non-scalar types use 'and' (HLSL 2021; `-HV 2018` combines per component)
        E2017 4:15 `a || s`: operands for short-circuiting logical binary operator must be scalar, for non-scalar types use 'or' (HLSL 2021; `-HV 2018` combines per component)
        E2017 5:18 `m`: condition for short-circuiting ternary operator must be scalar, for non-scalar types use 'select' (HLSL 2021; `-HV 2018` chooses per component)
    "#]].assert_eq(&diagnostics(SRC, 2021));
}

#[test]
fn hlsl_2018_works_per_component() {
    expect![[r#""#]].assert_eq(&diagnostics(SRC, 2018));
}

/// A union, declared and used (by an elaborated name and by its own).
const UNION: &str = r#"
union Bits { uint u; float f; };
float g(union Bits b) { Bits c = b; return c.f + b.u; }
"#;

#[test]
fn union_is_a_reserved_word_before_202x() {
    // DXC: "'union' is a reserved keyword in HLSL", at each use of the word, and nothing on
    // what uses the union.
    expect![[r#"
        E2180 2:1 `union`: 'union' is a reserved keyword in HLSL
        E2180 3:9 `union`: 'union' is a reserved keyword in HLSL
    "#]]
    .assert_eq(&diagnostics(UNION, 2021));
    expect![[r#"
        E2180 2:1 `union`: 'union' is a reserved keyword in HLSL
        E2180 3:9 `union`: 'union' is a reserved keyword in HLSL
    "#]]
    .assert_eq(&diagnostics(UNION, 2018));
}

#[test]
fn union_is_not_supported_yet_in_202x() {
    // DXC takes it; the definition is refused once, at its head.
    expect![[r#"
        E2020 2:1 `union Bits`: not supported yet: union
    "#]]
    .assert_eq(&diagnostics(UNION, crate::HLSL_202X));
}
