//! `sizeof` without parentheses (`sizeof 42`, `sizeof "s"`): C's `sizeof` of a unary
//! expression, which DXC parses and then refuses in semantic analysis.

use crate::SyntaxKind::{LITERAL, SIZEOF_EXPR};

#[test]
fn sizeof_takes_a_unary_expression_without_parentheses() {
    let text = "void f() { uint a = sizeof 42 + 1; uint b = sizeof \"s\"; }\n";
    let parsed = crate::parse(text);
    let tree = parsed.syntax();
    assert_eq!(tree.to_string(), text);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    // Each `sizeof` holds its literal only: `sizeof 42 + 1` is `(sizeof 42) + 1`.
    let sizeofs: Vec<String> = tree
        .descendants()
        .filter(|n| n.kind() == SIZEOF_EXPR)
        .map(|n| n.to_string())
        .collect();
    assert_eq!(sizeofs, ["sizeof 42", "sizeof \"s\""]);
    assert!(tree
        .descendants()
        .filter(|n| n.kind() == SIZEOF_EXPR)
        .all(|n| n.children().any(|c| c.kind() == LITERAL)));
}
