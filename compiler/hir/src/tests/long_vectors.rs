//! SM 6.9 long vectors (`vector<T, N>` with N from 5 to 1024): not supported yet, said at
//! each use in those words (the offload test suite's `*.long-vector` tests), instead of the
//! "unknown type" they were.

use expect_test::expect;

use super::check_diagnostics;

#[test]
fn long_vectors_are_not_supported_yet() {
    check_diagnostics(
        r#"
void f() { vector<int, 8> a; vector<float, 4> ok; vector<uint, 1024> b; }
"#,
        expect![[r#"
            E2020 2:27 `a`: not supported yet: vectors of more than 4 components (`vector<int, 8>`, SM 6.9 long vectors)
            E2020 2:70 `b`: not supported yet: vectors of more than 4 components (`vector<uint, 1024>`, SM 6.9 long vectors)
        "#]],
    );
}
