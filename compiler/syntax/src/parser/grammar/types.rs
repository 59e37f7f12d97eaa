//! Types: type references, paths (`a::b<T>::c`), template argument lists and array suffixes.

use super::{
    expressions, items, nested, scan_generic_args, scan_type, CompletedMarker, IdentClass, Parser,
};
use crate::SyntaxKind::*;

/// Whether a path is parsed where a type is expected (a `<` after a name always opens template
/// arguments) or inside an expression (only when the shape says so, see the module docs of
/// `grammar`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum PathMode {
    Type,
    Expr,
}

/// Whether the current token can start a type.
pub(super) fn at_type_start(p: &Parser<'_>) -> bool {
    matches!(
        p.current(),
        IDENT | COLON2 | STRUCT_KW | CLASS_KW | INTERFACE_KW | UNION_KW | CONST_KW
    ) || at_typename(p, 0)
}

/// `typename` before a dependent name (`typename T::value_type`) at token `n`.
pub(super) fn at_typename(p: &Parser<'_>, n: usize) -> bool {
    p.nth_at(n, TYPENAME_KW) && matches!(p.nth(n + 1), IDENT | COLON2)
}

/// `TYPE_REF`. With `allow_array`, array suffixes after the type are part of it (casts and
/// template arguments: `(uint[4])x`, `StructuredBuffer<float[2]>`). Reports "expected a type"
/// and returns false, consuming nothing, when no type starts here.
pub(super) fn type_ref(p: &mut Parser<'_>, allow_array: bool) -> bool {
    if !at_type_start(p) {
        p.error("expected a type");
        return false;
    }
    nested(p, true, |p| type_ref_inner(p, allow_array))
}

fn type_ref_inner(p: &mut Parser<'_>, allow_array: bool) -> bool {
    let m = p.start();
    if at_typename(p, 0) {
        p.bump(TYPENAME_KW);
    }
    // Type modifiers written inside template arguments: `RWTexture2D<unorm float4>`.
    loop {
        if p.at(CONST_KW) {
            p.bump(CONST_KW);
            continue;
        }
        match p.nth_contextual_kw(0) {
            Some(kw @ (SNORM_KW | UNORM_KW | ROW_MAJOR_KW | COLUMN_MAJOR_KW))
                if p.nth_at(1, IDENT) =>
            {
                p.bump_remap(kw);
            }
            _ => break,
        }
    }
    match p.current() {
        STRUCT_KW | CLASS_KW | INTERFACE_KW | UNION_KW => {
            if items::at_struct_def(p) {
                items::struct_def(p);
            } else {
                p.bump_any();
                if p.at(IDENT) || p.at(COLON2) {
                    path(p, PathMode::Type);
                } else {
                    p.error("expected a struct name");
                }
            }
        }
        IDENT | COLON2 => {
            // `unsigned int`: the signedness word stays a bare `IDENT` of the `TYPE_REF`.
            if p.nth_ident_class(0) == Some(IdentClass::Signedness)
                && p.nth_ident_class(1) == Some(IdentClass::BuiltinType)
            {
                p.bump(IDENT);
            }
            path(p, PathMode::Type);
            // `float const x`: a trailing `const` belongs to the type.
            if p.at(CONST_KW) && matches!(p.nth(1), IDENT | GT | COMMA | R_PAREN) {
                p.bump(CONST_KW);
            }
        }
        _ => p.error("expected a type"),
    }
    if allow_array {
        while p.at(L_BRACK) {
            array_suffix(p);
        }
    }
    m.complete(p, TYPE_REF);
    true
}

/// `PATH`: `name`, `::name`, `a::b`, `Foo<T>::Bar`, made of `PATH_SEGMENT`s.
pub(super) fn path(p: &mut Parser<'_>, mode: PathMode) {
    let m = p.start();
    p.eat(COLON2);
    loop {
        path_segment(p, mode);
        if p.at(COLON2) && p.nth_at(1, IDENT) {
            p.bump(COLON2);
        } else if p.at(COLON2) && p.nth_at(1, TEMPLATE_KW) && p.nth_at(2, IDENT) {
            // `F<T>::template Iterator<0>`: a dependent template name.
            p.bump(COLON2);
            p.bump(TEMPLATE_KW);
        } else {
            break;
        }
    }
    if p.at(COLON2) {
        // Half-typed `ns::`.
        p.bump(COLON2);
        p.error("expected a name after `::`");
    }
    m.complete(p, PATH);
}

fn path_segment(p: &mut Parser<'_>, mode: PathMode) {
    let m = p.start();
    name_ref(p);
    if p.at(LT) && (mode == PathMode::Type || at_expr_generic_args(p, 0)) {
        generic_arg_list(p);
    }
    m.complete(p, PATH_SEGMENT);
}

/// `NAME_REF`, or an error if the current token is not an identifier.
pub(super) fn name_ref(p: &mut Parser<'_>) {
    if p.at(IDENT) {
        let m = p.start();
        p.bump(IDENT);
        m.complete(p, NAME_REF);
    } else {
        p.error("expected a name");
    }
}

/// Whether a `<` at token `n`, inside an expression, opens template arguments: its shape
/// scans to a matching `>` followed by `(` or `::`.
pub(super) fn at_expr_generic_args(p: &Parser<'_>, n: usize) -> bool {
    // Inside an expression, `a < b | c > (d)` stays a comparison: bitwise operators are only
    // taken as template content in type position.
    scan_generic_args(p, n).is_some_and(|k| {
        matches!(p.nth(k), L_PAREN | COLON2)
            && (n..k).all(|i| !matches!(p.nth(i), PIPE | AMP | CARET))
    })
}

/// `GENERIC_ARG_LIST`: `<` (type or constant expression),* `>`. A `>>` closing two lists is
/// split in two `>` tokens.
pub(super) fn generic_arg_list(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(LT);
    loop {
        if matches!(
            p.current(),
            GT | SHR | EOF | SEMICOLON | L_BRACE | R_BRACE | R_PAREN
        ) {
            break;
        }
        if !generic_arg(p) {
            break;
        }
        if !p.eat(COMMA) {
            break;
        }
    }
    if !p.eat_template_close() {
        p.error("expected `>` to close template arguments");
    }
    m.complete(p, GENERIC_ARG_LIST);
}

/// One template argument: a `TYPE_REF` when it is shaped like a type followed by `,` or `>`,
/// otherwise a constant expression (parsed above relational operators, so `>` closes).
fn generic_arg(p: &mut Parser<'_>) -> bool {
    let type_modifier = matches!(
        p.nth_contextual_kw(0),
        Some(SNORM_KW | UNORM_KW | ROW_MAJOR_KW | COLUMN_MAJOR_KW)
    ) && p.nth_at(1, IDENT);
    let type_like = type_modifier
        || match p.current() {
            // `B<C>>` cannot be scanned from inside (its `>>` also closes the outer list):
            // a name followed by `<` is a template type.
            IDENT => {
                qualified_template_name(p)
                    || scan_type(p, 0)
                        .is_some_and(|k| matches!(p.nth(k), COMMA | GT | SHR | L_BRACK))
            }
            COLON2 => true,
            STRUCT_KW | CLASS_KW | CONST_KW => true,
            _ => false,
        };
    if type_like {
        return type_ref(p, true);
    }
    if template_const_expr(p, 0).is_none() {
        p.error("expected a template argument");
        return false;
    }
    true
}

/// Whether a (qualified) name followed by `<` starts here: `B<C>`, `vk::Literal<...>`. Such
/// an argument is a template type (`vk::integral_constant<bool, false>` cannot be scanned as
/// a type, its `false` being no type).
fn qualified_template_name(p: &Parser<'_>) -> bool {
    let mut i = 0;
    while p.nth_at(i, IDENT) && p.nth_at(i + 1, COLON2) {
        i += 2;
    }
    p.nth_at(i, IDENT) && p.nth_at(i + 1, LT)
}

/// A constant template argument: additive expressions joined by `&`, `^` and `|` with C's
/// precedence (`RayQuery<RAY_FLAG_CULL_OPAQUE | RAY_FLAG_SKIP_TRIANGLES>`). Relational,
/// equality and shift operators are left out, so `>` and `>>` close the list.
fn template_const_expr(p: &mut Parser<'_>, min_bp: u8) -> Option<CompletedMarker> {
    let mut lhs = expressions::expr_bp(p, expressions::BP_ADDITIVE)?;
    loop {
        let bp = match p.current() {
            PIPE => 1,
            CARET => 2,
            AMP => 3,
            _ => break,
        };
        if bp < min_bp {
            break;
        }
        let m = lhs.precede(p);
        p.bump_any();
        if template_const_expr(p, bp + 1).is_none() {
            p.error("expected an expression after operator");
        }
        lhs = m.complete(p, BIN_EXPR);
    }
    Some(lhs)
}

/// `ARRAY_SUFFIX`: `[N]` or `[]`.
pub(super) fn array_suffix(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(L_BRACK);
    if !p.at(R_BRACK) && expressions::expr(p).is_none() {
        p.error("expected an array size");
    }
    p.expect(R_BRACK);
    m.complete(p, ARRAY_SUFFIX);
}
