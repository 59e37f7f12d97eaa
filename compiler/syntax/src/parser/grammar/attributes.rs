//! Attributes: `[numthreads(8, 8, 1)]`, `[unroll(4)]`, `[shader("compute")]` and the
//! double-bracket `[[vk::binding(0, 1)]]` form. They stand before declarations, parameters,
//! fields and statements, and are children of the node they precede.

use super::{expressions, types, Parser};
use crate::SyntaxKind::*;

/// Zero or more `ATTRIBUTE`s.
pub(super) fn attributes(p: &mut Parser<'_>) {
    while p.at(L_BRACK) {
        attribute(p);
    }
}

/// `ATTRIBUTE`: `[` path args? `]` or `[[` path args? `]]`. A double-bracket list
/// `[[vk::binding(2), vk::counter_binding(5)]]` is one `ATTRIBUTE` per entry: the first
/// holds `[[` and its `,`, the last the `]]`.
fn attribute(p: &mut Parser<'_>) {
    let mut m = p.start();
    p.bump(L_BRACK);
    let double = p.eat(L_BRACK);
    loop {
        if p.at(IDENT) || p.at(COLON2) {
            types::path(p, types::PathMode::Expr);
        } else {
            p.error("expected an attribute name");
        }
        if p.at(L_PAREN) {
            expressions::arg_list(p);
        }
        if !(double && p.eat(COMMA)) {
            break;
        }
        m.complete(p, ATTRIBUTE);
        m = p.start();
    }
    if !p.eat(R_BRACK) {
        p.error("expected `]` after attribute");
    } else if double && !p.eat(R_BRACK) {
        p.error("expected `]]` after attribute");
    }
    m.complete(p, ATTRIBUTE);
}
