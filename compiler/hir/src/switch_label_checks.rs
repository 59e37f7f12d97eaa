//! `switch` labels DXC's parser and semantic analysis refuse (`E2271`), in clang's words, at
//! the label:
//!
//! - a second `default` in one switch ("multiple default labels in one switch");
//! - a label that ends its block, with no statement after it (`case 2: }`: "label at end of
//!   compound statement: expected statement").
//!
//! Labels in plain blocks of the switch count as its own (they are spliced into its clauses,
//! see `body`); a nested `switch` has labels of its own. Duplicate and non-constant case
//! values need the values and are checked in `infer::case_values`. Called by
//! `decl_checks::declaration_diagnostics`.

use syntax::ast::{self, AstNode};
use syntax::{SyntaxKind, SyntaxNode, TextRange};

/// The range and message of every refused label in `root`.
pub(crate) fn refused_labels(root: &SyntaxNode) -> Vec<(TextRange, String)> {
    let mut out = Vec::new();
    for body in root
        .descendants()
        .filter(|n| n.kind() == SyntaxKind::SWITCH_BODY)
    {
        let mut seen_default = false;
        labels_of(&body, &mut |clause| {
            if clause.is_default() {
                if seen_default {
                    out.push((
                        label_range(&clause),
                        "multiple default labels in one switch".into(),
                    ));
                }
                seen_default = true;
            }
            let ends_block = clause.statements().next().is_none()
                && clause
                    .syntax()
                    .next_sibling()
                    .is_none_or(|n| !is_label_or_statement(&n));
            if ends_block {
                out.push((
                    label_range(&clause),
                    "label at end of compound statement: expected statement".into(),
                ));
            }
        });
    }
    out
}

/// Calls `f` on every label of the switch whose body is `body`, those of its plain blocks
/// included, in source order.
fn labels_of(body: &SyntaxNode, f: &mut impl FnMut(ast::CaseClause)) {
    for child in body.children() {
        if let Some(clause) = ast::CaseClause::cast(child.clone()) {
            let stmts: Vec<SyntaxNode> = clause.syntax().children().collect();
            f(clause);
            for s in stmts {
                nested_labels(&s, f);
            }
        } else {
            nested_labels(&child, f);
        }
    }
}

/// The labels in `stmt` that belong to the enclosing switch: those of plain blocks.
fn nested_labels(stmt: &SyntaxNode, f: &mut impl FnMut(ast::CaseClause)) {
    if stmt.kind() == SyntaxKind::BLOCK {
        labels_of(stmt, f);
    }
}

fn is_label_or_statement(n: &SyntaxNode) -> bool {
    ast::CaseClause::can_cast(n.kind()) || ast::Stmt::can_cast(n.kind())
}

/// `case 2:` or `default:`: the clause up to its colon.
fn label_range(clause: &ast::CaseClause) -> TextRange {
    let start = clause.syntax().text_range().start();
    let end = clause
        .syntax()
        .children_with_tokens()
        .find(|t| t.kind() == SyntaxKind::COLON)
        .map_or(clause.syntax().text_range().end(), |t| t.text_range().end());
    TextRange::new(start, end)
}
