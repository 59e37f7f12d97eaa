//! `static_assert(condition, "message");` at file, namespace and struct level and as a
//! statement: a `STATIC_ASSERT` node holding the arguments, not a function declaration or a
//! call.

use crate::ast::{self, AstNode};
use crate::SyntaxKind::{DECL_STMT, EXPR_STMT, STATIC_ASSERT};

#[test]
fn static_assert_everywhere_a_declaration_can_be() {
    let text = "static_assert(sizeof(S) == 16, \"size\");\n\
                namespace N { static_assert(true); }\n\
                struct S { static_assert(1 < 2, \"in a struct\"); float4 v; };\n\
                void f() { static_assert(2 + 2 == 4); g(); }\n";
    let parsed = crate::parse(text);
    let tree = parsed.syntax();
    assert_eq!(tree.to_string(), text);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let asserts: Vec<(String, usize)> = tree
        .descendants()
        .filter_map(ast::StaticAssert::cast)
        .map(|a| {
            let args = a.arg_list().map_or(0, |l| l.args().count());
            (a.syntax().text().to_string(), args)
        })
        .collect();
    assert_eq!(
        asserts,
        [
            ("static_assert(sizeof(S) == 16, \"size\");".to_owned(), 2),
            ("static_assert(true);".to_owned(), 1),
            ("static_assert(1 < 2, \"in a struct\");".to_owned(), 2),
            ("static_assert(2 + 2 == 4);".to_owned(), 1),
        ]
    );
    // In a body it is a declaration statement; the call after it stays an expression.
    let in_body: Vec<_> = tree
        .descendants()
        .filter(|n| matches!(n.kind(), DECL_STMT | EXPR_STMT))
        .map(|n| (n.kind(), n.first_child().map(|c| c.kind())))
        .collect();
    assert_eq!(in_body[0], (DECL_STMT, Some(STATIC_ASSERT)));
    assert_eq!(in_body[1].0, EXPR_STMT);
}

#[test]
fn a_function_named_like_it_without_parentheses_is_an_error_not_an_assertion() {
    // `static_assert` not followed by `(` starts no assertion.
    let parsed = crate::parse("int static_assert;\n");
    let tree = parsed.syntax();
    assert!(tree.descendants().all(|n| n.kind() != STATIC_ASSERT));
}
