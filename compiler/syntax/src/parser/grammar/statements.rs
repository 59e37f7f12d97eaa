//! Statements: blocks, local declarations, expression statements, `if`, loops, `switch` with
//! `CASE_CLAUSE`s, jumps, `discard` and empty statements, each optionally preceded by
//! attributes (`[unroll] for (...)`), which become children of the statement node.

use super::{
    at_decl_start, attributes, error_until, expressions, items, nested, resume, Marker, Parser,
    TokenSet,
};
use crate::SyntaxKind::*;

/// Tokens that start a statement; error recovery stops before them.
const STMT_START: TokenSet = TokenSet::new(&[
    IF_KW,
    FOR_KW,
    WHILE_KW,
    DO_KW,
    SWITCH_KW,
    RETURN_KW,
    BREAK_KW,
    CONTINUE_KW,
    DISCARD_KW,
    CASE_KW,
    DEFAULT_KW,
    STRUCT_KW,
    TYPEDEF_KW,
    STATIC_KW,
    CONST_KW,
]);

/// Items that cannot appear in a function body: a block that meets one was left unclosed.
pub(super) const ITEM_ONLY: TokenSet =
    TokenSet::new(&[CBUFFER_KW, TBUFFER_KW, NAMESPACE_KW, TEMPLATE_KW]);

/// Whether the statements of a block end here without its `}`: an item-only keyword, or the
/// start of the next item after a body left open (`resume`).
fn at_items_again(p: &Parser<'_>) -> bool {
    p.at_ts(ITEM_ONLY) || resume::at_item_resumption(p)
}

/// Consumes the `}` closing a block or reports it missing: where the items resume, at the end
/// of the block's last token, in words every enclosing block repeats (so they collapse into
/// one diagnostic); elsewhere (the end of input), `message` at the current token.
fn close_brace(p: &mut Parser<'_>, message: &str) {
    if p.eat(R_BRACE) {
        return;
    }
    if at_items_again(p) {
        p.error_at_end_of_previous("expected `}` to close the block");
    } else {
        p.error(message);
    }
}

/// `BLOCK`: `{ statements }`.
pub(super) fn block(p: &mut Parser<'_>) {
    let m = p.start();
    block_contents(p);
    m.complete(p, BLOCK);
}

fn block_contents(p: &mut Parser<'_>) {
    p.bump(L_BRACE);
    statements_until(p, TokenSet::EMPTY);
    close_brace(p, "expected `}` to close the block");
}

/// Statements up to a `}`, the end, an item-only keyword, or a token in `stop`. Inside a
/// `switch` body, a label in a nested block (`case 6: { case 7: break; }`, as C allows and
/// DXC accepts) starts a `CASE_CLAUSE` of the block.
fn statements_until(p: &mut Parser<'_>, stop: TokenSet) {
    let labels = TokenSet::new(&[CASE_KW, DEFAULT_KW]);
    while !p.at(R_BRACE) && !p.at_end() && !p.at_ts(stop) && !at_items_again(p) {
        if p.switch_depth > 0 && p.at_ts(labels) {
            case_clause(p, labels);
            continue;
        }
        let before = p.token_pos();
        stmt(p);
        if p.token_pos() == before {
            skip_non_statement(p);
        }
    }
}

/// Reports the token that cannot start a statement and skips to a likely statement start.
fn skip_non_statement(p: &mut Parser<'_>) {
    if p.at(ELSE_KW) {
        // Drop the `else` alone: what follows it is a good statement.
        p.err_and_bump("`else` without a matching `if`");
        return;
    }
    let message = match p.current() {
        CASE_KW => "`case` label outside of a `switch`",
        DEFAULT_KW => "`default` label outside of a `switch`",
        _ => "expected a statement",
    };
    error_until(p, message, STMT_START.union(ITEM_ONLY));
}

/// One statement. Consumes nothing and reports nothing when no statement starts here.
pub(super) fn stmt(p: &mut Parser<'_>) {
    nested(p, (), stmt_inner);
}

fn stmt_inner(p: &mut Parser<'_>) {
    let before = p.token_pos();
    let m = p.start();
    attributes::attributes(p);
    match p.current() {
        L_BRACE => {
            block_contents(p);
            m.complete(p, BLOCK);
        }
        SEMICOLON => {
            p.bump(SEMICOLON);
            m.complete(p, EMPTY_STMT);
        }
        IF_KW => if_stmt(p, m),
        FOR_KW => for_stmt(p, m),
        WHILE_KW => {
            p.bump(WHILE_KW);
            condition(p, "`while`", true);
            body(p);
            m.complete(p, WHILE_STMT);
        }
        DO_KW => do_while_stmt(p, m),
        SWITCH_KW => switch_stmt(p, m),
        RETURN_KW => {
            p.bump(RETURN_KW);
            if expressions::at_expr_start(p) {
                expressions::expr(p);
            }
            semicolon(p, "`return`");
            m.complete(p, RETURN_STMT);
        }
        BREAK_KW => jump(p, m, BREAK_STMT, "`break`"),
        CONTINUE_KW => jump(p, m, CONTINUE_STMT, "`continue`"),
        DISCARD_KW => jump(p, m, DISCARD_STMT, "`discard`"),
        IDENT if items::at_static_assert(p) => {
            items::item(p);
            m.complete(p, DECL_STMT);
        }
        _ if at_decl_start(p) => {
            items::item(p);
            m.complete(p, DECL_STMT);
        }
        _ if expressions::at_expr_start(p) => {
            expressions::expr(p);
            semicolon(p, "expression");
            m.complete(p, EXPR_STMT);
        }
        _ => {
            if p.token_pos() == before {
                m.abandon(p);
            } else {
                p.error("expected a statement after attributes");
                m.complete(p, ERROR);
            }
        }
    }
}

fn semicolon(p: &mut Parser<'_>, after: &str) {
    if !p.eat(SEMICOLON) {
        p.error_after_previous(format!("expected `;` after {after}"));
    }
}

fn jump(p: &mut Parser<'_>, m: Marker, kind: crate::SyntaxKind, what: &str) {
    p.bump_any();
    semicolon(p, what);
    m.complete(p, kind);
}

/// `( expr )` after `if`, `while`, `switch`; with `decl_allowed` (not after `do ... while`),
/// also `( type name = expr )`, a `CONDITION_DECL`.
fn condition(p: &mut Parser<'_>, after: &str, decl_allowed: bool) {
    let has_paren = p.eat(L_PAREN);
    if !has_paren {
        p.error(format!("expected `(` after {after}"));
    }
    if decl_allowed && at_decl_start(p) {
        let m = p.start();
        items::condition_decl(p);
        m.complete(p, CONDITION_DECL);
    } else if expressions::expr(p).is_none() {
        p.error("expected a condition");
    }
    // Without the `(`, a `)` after the condition is still its end: `if a) b();`.
    if !p.eat(R_PAREN) && has_paren {
        p.error("expected `)` after condition");
    }
}

/// The statement controlled by `if`, `else`, a loop: reports when there is none.
fn body(p: &mut Parser<'_>) {
    let before = p.token_pos();
    if !p.at(R_BRACE) && !p.at(ELSE_KW) && !at_items_again(p) {
        stmt(p);
    }
    if p.token_pos() == before {
        // `if (a) else ...`: the `else` still belongs to the `if`.
        if p.at(R_BRACE) || p.at_end() || p.at(ELSE_KW) || at_items_again(p) {
            p.error("expected a statement");
        } else {
            skip_non_statement(p);
        }
    }
}

fn if_stmt(p: &mut Parser<'_>, m: Marker) {
    p.bump(IF_KW);
    condition(p, "`if`", true);
    body(p);
    if p.at(ELSE_KW) {
        let e = p.start();
        p.bump(ELSE_KW);
        body(p);
        e.complete(p, ELSE_BRANCH);
    }
    m.complete(p, IF_STMT);
}

/// `for (init; cond; step) body`; the init is a `DECL_STMT`, an `EXPR_STMT` or a bare `;`,
/// the condition and step are wrapped in `FOR_COND` and `FOR_STEP`.
fn for_stmt(p: &mut Parser<'_>, m: Marker) {
    p.bump(FOR_KW);
    if p.eat(L_PAREN) {
        if !p.eat(SEMICOLON) {
            let init = p.start();
            if at_decl_start(p) {
                items::item(p);
                init.complete(p, DECL_STMT);
            } else {
                if expressions::expr(p).is_none() {
                    p.error("expected an initializer, a declaration or `;`");
                }
                semicolon(p, "for-loop initializer");
                init.complete(p, EXPR_STMT);
            }
        }
        if !p.at(SEMICOLON) {
            let c = p.start();
            if expressions::expr(p).is_none() {
                p.error("expected a loop condition");
            }
            c.complete(p, FOR_COND);
        }
        semicolon(p, "loop condition");
        if !p.at(R_PAREN) {
            let s = p.start();
            if expressions::expr(p).is_none() {
                p.error("expected a loop step expression");
            }
            s.complete(p, FOR_STEP);
        }
        if !p.eat(R_PAREN) {
            p.error("expected `)` after `for` clauses");
        }
    } else {
        p.error("expected `(` after `for`");
    }
    body(p);
    m.complete(p, FOR_STMT);
}

fn do_while_stmt(p: &mut Parser<'_>, m: Marker) {
    p.bump(DO_KW);
    body(p);
    if p.eat(WHILE_KW) {
        condition(p, "`while`", false);
        semicolon(p, "`do`-`while` loop");
    } else {
        p.error("expected `while` after `do` body");
    }
    m.complete(p, DO_WHILE_STMT);
}

/// `switch (x) { case 1: ... default: ... }`: a `SWITCH_BODY` of `CASE_CLAUSE`s, each holding
/// its label and the statements up to the next label.
fn switch_stmt(p: &mut Parser<'_>, m: Marker) {
    p.bump(SWITCH_KW);
    condition(p, "`switch`", true);
    if p.at(L_BRACE) {
        let b = p.start();
        p.bump(L_BRACE);
        let labels = TokenSet::new(&[CASE_KW, DEFAULT_KW]);
        p.switch_depth += 1;
        while !p.at(R_BRACE) && !p.at_end() && !at_items_again(p) {
            if p.at_ts(labels) {
                case_clause(p, labels);
            } else {
                // Statements before the first label.
                statements_until(p, labels);
            }
        }
        p.switch_depth -= 1;
        close_brace(p, "expected `}` to close the switch body");
        b.complete(p, SWITCH_BODY);
    } else {
        p.error("expected `{` to start the switch body");
    }
    m.complete(p, SWITCH_STMT);
}

fn case_clause(p: &mut Parser<'_>, labels: TokenSet) {
    let m = p.start();
    if p.eat(CASE_KW) {
        if expressions::expr_bp(p, 3).is_none() {
            p.error("expected a case value");
        }
    } else {
        p.bump(DEFAULT_KW);
    }
    if !p.eat(COLON) {
        p.error("expected `:` after case label");
    }
    statements_until(p, labels);
    m.complete(p, CASE_CLAUSE);
}
