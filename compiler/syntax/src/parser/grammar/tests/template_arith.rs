//! Template arguments with arithmetic and parenthesized comparisons inside expressions
//! (`factorial<n - 1>::value`, `A<m, (m < 2)>::value`), as DXC's template tests write
//! them in enumerators, and the comparisons that must stay comparisons.

use crate::SyntaxKind::{BIN_EXPR, GENERIC_ARG_LIST};

/// The parse errors of `text`, and how many generic argument lists and binary expressions
/// its tree has.
fn shape(text: &str) -> (Vec<String>, usize, usize) {
    let parsed = crate::parse(text);
    let tree = parsed.syntax();
    assert_eq!(tree.to_string(), text, "the tree must hold the text");
    let count = |k| tree.descendants().filter(|n| n.kind() == k).count();
    let errors = parsed
        .diagnostics
        .iter()
        .map(|d| d.message.clone())
        .collect();
    (errors, count(GENERIC_ARG_LIST), count(BIN_EXPR))
}

#[test]
fn arithmetic_arguments_before_a_qualified_name_are_template_arguments() {
    // `n * F<n - 1>::v`: one list, holding `n - 1`; binary expressions `n - 1` and the
    // product.
    let (errors, lists, bins) = shape("struct S { enum { v = n * F<n - 1>::v }; };\n");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!((lists, bins), (1, 2));
}

#[test]
fn nested_lists_and_parenthesized_comparisons() {
    // Two lists; binary expressions: `M - 1`, `N - 1`, `m < 2`.
    let (errors, lists, _) = shape("int x = A<M - 1, A<M, N - 1>::value>::value;\n");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(lists, 2);
    let (errors, lists, bins) = shape("int y = B<m, (m < 2)>::value + 1;\n");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!((lists, bins), (1, 2));
}

#[test]
fn comparisons_not_followed_by_a_call_or_name_stay_comparisons() {
    // `a < b - 1 && c > d`: `&&` cannot be template content; `i < n - 1; ...` neither.
    let (errors, lists, _) =
        shape("void f() { bool b = a < b - 1 && c > (d); for (i = 0; i < n - 1; i++) {} }\n");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(lists, 0);
}
