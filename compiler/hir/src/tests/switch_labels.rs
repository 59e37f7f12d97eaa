//! `case` labels in blocks nested in a `switch`: spliced into the switch's clauses (no
//! diagnostic, names still scoped to their block); one inside an `if` or a loop of the switch
//! cannot be a target of structured control flow and is refused at the label (E2020).

use expect_test::expect;

use super::check_diagnostics;

#[test]
fn labels_in_plain_blocks_are_accepted_and_scoped() {
    // `k` is declared in the block and unknown after it.
    check_diagnostics(
        r#"
int f(int a) {
    int b = 0;
    switch (a) { case 0: { int k = 1; b = k; case 1: b += k; { case 2: b++; } } b += k; }
    return b;
}
"#,
        expect![[r#"
            E2001 4:86 `k`: use of undeclared identifier `k`
        "#]],
    );
}

#[test]
fn labels_inside_an_if_or_a_loop_are_refused() {
    check_diagnostics(
        r#"
void f(int a) {
    switch (a) { case 0: if (a > 0) { case 1: a++; } break; }
    switch (a) { default: while (a < 4) { case 3: a++; } }
}
"#,
        expect![[r#"
            E2020 3:39 `case 1: a++;`: not supported yet: a `case` or `default` label inside an `if`, a loop or an attributed block of its `switch` (structured control flow cannot enter that statement at the label)
            E2020 4:43 `case 3: a++;`: not supported yet: a `case` or `default` label inside an `if`, a loop or an attributed block of its `switch` (structured control flow cannot enter that statement at the label)
        "#]],
    );
}
