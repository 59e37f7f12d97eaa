//! Expressions: C precedence and associativity, by precedence climbing.
//!
//! From loosest to tightest: `,`; assignment and compound assignment (right associative);
//! `?:` (right associative; as in C++ its middle is a full expression and its last operand
//! an assignment expression); `||`; `&&`; `|`; `^`; `&`; `==` `!=`; `<` `>` `<=` `>=`; `<<` `>>`;
//! `+` `-`; `*` `/` `%`; prefix `+ - ! ~ ++ --` and casts; postfix calls, indexing, member
//! access, method calls and `++ --`.

use super::{nested, resume, scan_type, types, CompletedMarker, IdentClass, Parser};
use crate::SyntaxKind::{self, *};

/// Binding power of the comma operator.
const BP_COMMA: u8 = 1;
/// Binding power of assignments.
const BP_ASSIGN: u8 = 2;
/// Binding power of `?:`.
const BP_TERNARY: u8 = 3;
/// Binding power of `+` and `-`: template arguments are parsed from here, so `>` closes them.
pub(super) const BP_ADDITIVE: u8 = 12;

/// The binding power of a binary operator and whether it is right associative.
fn binary_bp(kind: SyntaxKind) -> Option<(u8, bool)> {
    let bp = match kind {
        COMMA => (BP_COMMA, false),
        EQ | PLUSEQ | MINUSEQ | STAREQ | SLASHEQ | PERCENTEQ | AMPEQ | PIPEEQ | CARETEQ | SHLEQ
        | SHREQ => (BP_ASSIGN, true),
        PIPE2 => (4, false),
        AMP2 => (5, false),
        PIPE => (6, false),
        CARET => (7, false),
        AMP => (8, false),
        EQ2 | NEQ => (9, false),
        LT | GT | LTEQ | GTEQ => (10, false),
        SHL | SHR => (11, false),
        PLUS | MINUS => (BP_ADDITIVE, false),
        STAR | SLASH | PERCENT => (13, false),
        _ => return None,
    };
    Some(bp)
}

/// Whether the current token can start an expression (not where the file's items resume
/// after a function body left open: `float x = ` then the next function).
pub(super) fn at_expr_start(p: &Parser<'_>) -> bool {
    let starts = matches!(
        p.current(),
        INT_NUMBER
            | FLOAT_NUMBER
            | STRING
            | CHAR
            | TRUE_KW
            | FALSE_KW
            | IDENT
            | COLON2
            | L_PAREN
            | L_BRACE
            | SIZEOF_KW
            | PLUS
            | MINUS
            | BANG
            | TILDE
            | PLUS2
            | MINUS2
    );
    starts && !resume::at_item_resumption(p)
}

/// A full expression, comma operator included. Consumes nothing and returns `None` when no
/// expression starts here (the caller reports).
pub(super) fn expr(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    expr_bp(p, BP_COMMA)
}

/// An expression without the comma operator (arguments, initializers, default values).
pub(super) fn expr_no_comma(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    expr_bp(p, BP_ASSIGN)
}

/// An expression whose binary operators bind at least as tight as `min_bp`.
pub(super) fn expr_bp(p: &mut Parser<'_>, min_bp: u8) -> Option<CompletedMarker> {
    nested(p, None, |p| expr_bp_inner(p, min_bp))
}

fn expr_bp_inner(p: &mut Parser<'_>, min_bp: u8) -> Option<CompletedMarker> {
    let mut lhs = unary(p)?;
    loop {
        let op = p.current();
        if op == QUESTION {
            if BP_TERNARY < min_bp {
                break;
            }
            // As in C++: `c ? expression : assignment-expression`, so `a ? b, c : d` and
            // `a ? b : c = d` (the assignment is in the else branch) both parse.
            let m = lhs.precede(p);
            p.bump(QUESTION);
            if expr_bp(p, BP_COMMA).is_none() {
                p.error("expected an expression after `?`");
            }
            if p.eat(COLON) {
                if expr_bp(p, BP_ASSIGN).is_none() {
                    p.error("expected an expression after `:`");
                }
            } else {
                p.error("expected `:` in conditional expression");
            }
            lhs = m.complete(p, CONDITIONAL_EXPR);
            continue;
        }
        let Some((bp, right_assoc)) = binary_bp(op) else {
            break;
        };
        if bp < min_bp {
            break;
        }
        let m = lhs.precede(p);
        p.bump_any();
        let next_min = if right_assoc { bp } else { bp + 1 };
        if expr_bp(p, next_min).is_none() {
            p.error("expected an expression after operator");
        }
        lhs = m.complete(p, BIN_EXPR);
    }
    Some(lhs)
}

/// Prefix operators and casts, then a postfix expression.
fn unary(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    nested(p, None, unary_inner)
}

fn unary_inner(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    match p.current() {
        PLUS | MINUS | BANG | TILDE | PLUS2 | MINUS2 => {
            let m = p.start();
            p.bump_any();
            if unary(p).is_none() {
                p.error("expected an expression after prefix operator");
            }
            Some(m.complete(p, PREFIX_EXPR))
        }
        L_PAREN if at_cast(p) => {
            let m = p.start();
            p.bump(L_PAREN);
            types::type_ref(p, true);
            p.expect(R_PAREN);
            if unary(p).is_none() {
                p.error("expected an expression after cast");
            }
            Some(m.complete(p, CAST_EXPR))
        }
        _ => {
            let lhs = primary(p)?;
            Some(postfix(p, lhs))
        }
    }
}

/// Whether a `(` here starts a cast; see the disambiguation notes in `grammar`.
fn at_cast(p: &Parser<'_>) -> bool {
    let Some(mut k) = scan_type(p, 1) else {
        return false;
    };
    let templated = k > 2 && p.nth_at(2, LT);
    while p.nth_at(k, L_BRACK) {
        if p.nth_at(k + 1, R_BRACK) {
            k += 2;
        } else if p.nth_at(k + 1, INT_NUMBER) && p.nth_at(k + 2, R_BRACK) {
            k += 3;
        } else {
            return false;
        }
    }
    if !p.nth_at(k, R_PAREN) {
        return false;
    }
    let builtin = matches!(
        p.nth_ident_class(1),
        Some(IdentClass::BuiltinType | IdentClass::Signedness)
    ) || templated;
    match p.nth(k + 1) {
        IDENT | INT_NUMBER | FLOAT_NUMBER | STRING | CHAR | TRUE_KW | FALSE_KW | L_PAREN | BANG
        | TILDE | SIZEOF_KW | COLON2 => true,
        PLUS | MINUS | PLUS2 | MINUS2 => builtin,
        _ => false,
    }
}

/// Literals, names, parentheses, initializer lists and `sizeof`.
fn primary(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    if resume::at_item_resumption(p) {
        return None;
    }
    let cm = match p.current() {
        INT_NUMBER | FLOAT_NUMBER | CHAR | TRUE_KW | FALSE_KW => {
            let m = p.start();
            p.bump_any();
            m.complete(p, LITERAL)
        }
        STRING => {
            // Adjacent string literals concatenate.
            let m = p.start();
            while p.at(STRING) {
                p.bump(STRING);
            }
            m.complete(p, LITERAL)
        }
        IDENT | COLON2 => {
            let m = p.start();
            types::path(p, types::PathMode::Expr);
            m.complete(p, PATH_EXPR)
        }
        L_PAREN => {
            let m = p.start();
            p.bump(L_PAREN);
            if expr(p).is_none() {
                p.error("expected an expression");
            }
            if !p.eat(R_PAREN) {
                p.error("expected `)` to close parentheses");
            }
            m.complete(p, PAREN_EXPR)
        }
        L_BRACE => init_list(p),
        SIZEOF_KW => {
            let m = p.start();
            p.bump(SIZEOF_KW);
            if p.eat(L_PAREN) {
                let is_type =
                    scan_type(p, 0).is_some_and(|k| matches!(p.nth(k), R_PAREN | L_BRACK));
                if is_type {
                    types::type_ref(p, true);
                } else if expr(p).is_none() {
                    p.error("expected a type or an expression");
                }
                p.expect(R_PAREN);
            } else if unary(p).is_none() {
                // `sizeof 42`: C's `sizeof` of a unary expression.
                p.error("expected `(` or an expression after `sizeof`");
            }
            m.complete(p, SIZEOF_EXPR)
        }
        _ => return None,
    };
    Some(cm)
}

/// `INIT_LIST_EXPR`: `{ a, b, { c, d }, }`.
fn init_list(p: &mut Parser<'_>) -> CompletedMarker {
    let m = p.start();
    p.bump(L_BRACE);
    while !p.at(R_BRACE) && !p.at_end() {
        if expr_no_comma(p).is_none() {
            p.error("expected an expression in initializer list");
            break;
        }
        if !p.eat(COMMA) {
            break;
        }
    }
    if !p.eat(R_BRACE) {
        p.error("expected `}` to close initializer list");
    }
    m.complete(p, INIT_LIST_EXPR)
}

/// Calls, indexing, member access, method calls, postfix `++`/`--`.
fn postfix(p: &mut Parser<'_>, mut lhs: CompletedMarker) -> CompletedMarker {
    loop {
        lhs = match p.current() {
            L_PAREN => {
                let m = lhs.precede(p);
                arg_list(p);
                m.complete(p, CALL_EXPR)
            }
            L_BRACK => {
                let m = lhs.precede(p);
                p.bump(L_BRACK);
                if expr(p).is_none() {
                    p.error("expected an index expression");
                }
                if !p.eat(R_BRACK) {
                    p.error("expected `]` after index");
                }
                m.complete(p, INDEX_EXPR)
            }
            DOT => {
                let m = lhs.precede(p);
                p.bump(DOT);
                if !p.at(IDENT) || resume::at_item_resumption(p) {
                    p.error("expected a field or method name after `.`");
                    m.complete(p, FIELD_EXPR)
                } else {
                    types::name_ref(p);
                    if p.at(LT) && types::at_expr_generic_args(p, 0) {
                        types::generic_arg_list(p);
                    }
                    if p.at(L_PAREN) {
                        arg_list(p);
                        m.complete(p, METHOD_CALL_EXPR)
                    } else {
                        m.complete(p, FIELD_EXPR)
                    }
                }
            }
            PLUS2 | MINUS2 => {
                let m = lhs.precede(p);
                p.bump_any();
                m.complete(p, POSTFIX_EXPR)
            }
            _ => return lhs,
        };
    }
}

/// `ARG_LIST`: `(` arguments `)`.
pub(super) fn arg_list(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(L_PAREN);
    while !p.at(R_PAREN) && !p.at_end() {
        if expr_no_comma(p).is_none() {
            p.error("expected an argument");
            break;
        }
        if p.eat(COMMA) || p.at(R_PAREN) {
            continue;
        }
        // `f(a b)`: a missing comma, when another argument follows.
        if at_expr_start(p) && !p.at(L_BRACE) {
            p.error("expected `,` between arguments");
            continue;
        }
        break;
    }
    if !p.eat(R_PAREN) {
        p.error("expected `)` after arguments");
    }
    m.complete(p, ARG_LIST);
}
