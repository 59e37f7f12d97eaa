//! The HLSL grammar: one function per construct, driving `Parser`.
//!
//! The grammar is split by topic: `items` (declarations at file, namespace, struct and cbuffer
//! level, also used for local declarations), `types` (type references, paths, template
//! arguments), `attributes`, `statements` and `expressions`. This module holds the entry point
//! and the lookahead helpers shared by all of them.
//!
//! # Disambiguation
//!
//! The parser sees token kinds only (plus contextual keywords and whether an identifier names a
//! built-in numeric type), never symbol tables, so it decides ambiguous spots by shape:
//!
//! - **Declaration or expression statement.** A statement is a declaration when it starts with a
//!   declaration keyword or modifier (`const`, `static`, `struct`, `typedef`, `groupshared`...),
//!   or when it starts with something shaped like a type (`a`, `a::b`, `a<...>` with a matching
//!   `>`) directly followed by an identifier (`float x`, `Texture2D<float4> t`). A name with
//!   template arguments holding operators counts too when a declarator follows the `>`
//!   (`vector<float, N + 1> v;`).
//! - **Template arguments in expressions.** `name <` opens template arguments only when a
//!   matching `>` follows, the tokens in between are only identifiers, numbers, `,`, `::` and
//!   nested `<`/`>`, and the `>` is followed by `(` or `::` (`vector<float, 2>(1, 2)`,
//!   `buf.Load<uint>(0)`, `A<B>::c`). Otherwise `<` is a comparison. In type positions `<`
//!   always opens template arguments. Known cost: `g(a < b, c > (d))` parses as a call of
//!   `a<b, c>` (C++ makes the same choice when `a` names a template).
//! - **Casts.** `(T)` is a cast when `T` is shaped like a type (optionally with array
//!   suffixes) and the token after `)` can start an operand. For built-in numeric types
//!   (`float`, `uint3`, `float4x4`, `vector<...>`...) and templated types, an operand may also
//!   start with `+`, `-`, `++` or `--` (`(float)-x`); for other names it must start with an
//!   identifier, literal, `(`, `!`, `~` or `sizeof`, so `(a) - b` stays a subtraction.
//! - **Contextual keywords.** Modifiers that are not hard keywords (`in`, `linear`, `sample`,
//!   `point`...) act as modifiers only when followed by an identifier or another modifier, so
//!   `sample = 1;` still assigns to a variable named `sample`; and not when that identifier is
//!   directly followed by `;`, `=` or `[` (`point p;` declares `p` of a type named `point`).
//! - **`sizeof`.** `sizeof(X)` where `X` is shaped like a type holds a `TYPE_REF`, even when
//!   `X` names a variable; the semantic layer resolves it.

//!
//! # Tree shapes
//!
//! - Items: `FN_DEF` (attributes, `TEMPLATE_PARAM_LIST`, modifier tokens, `TYPE_REF` return
//!   type, optional `PATH` qualifier + `::`, `NAME`, `PARAM_LIST`, annotations, `BLOCK` or `;`);
//!   `VAR_DECL` (attributes, modifiers, `TYPE_REF`, optional `PATH` qualifier + `::` of a
//!   static member defined out of its class, `VAR_DECLARATOR`s separated by `,`, `;`);
//!   `STRUCT_DEF` (keyword, `NAME`, `BASE_LIST`, `FIELD_LIST` of items, `;`); a struct defined
//!   in a variable declaration is a `STRUCT_DEF` inside the `VAR_DECL`'s `TYPE_REF`;
//!   `CBUFFER_DEF` (`NAME`, annotations, `ITEM_LIST`); `TYPEDEF_DEF` (`TYPE_REF`,
//!   `VAR_DECLARATOR`s); `ENUM_DEF` (`VARIANT_LIST` of `VARIANT`s); `NAMESPACE_DEF`
//!   (`ITEM_LIST`); `TYPE_ALIAS`; `USING_NAMESPACE`.
//! - Declarators and parameters hold `NAME`, `ARRAY_SUFFIX`es, annotations (`SEMANTIC`,
//!   `REGISTER_BINDING`, `PACKOFFSET_BINDING`, `BIT_FIELD_WIDTH`) and the initializer or default
//!   value after `=`.
//! - Statements: `BLOCK`, `DECL_STMT` (wrapping an item), `EXPR_STMT`, `IF_STMT` (condition,
//!   then statement, `ELSE_BRANCH`), `FOR_STMT` (init `DECL_STMT`/`EXPR_STMT` or bare `;`,
//!   `FOR_COND`, `FOR_STEP`, body), `WHILE_STMT`, `DO_WHILE_STMT`, `SWITCH_STMT` (`SWITCH_BODY`
//!   of `CASE_CLAUSE`s, each with its label and following statements), jumps. Attributes are
//!   the first children of the statement they precede. The condition of `if`, `while` and
//!   `switch` is an expression or a `CONDITION_DECL` (`if (int y = g())`) wrapping a `VAR_DECL`
//!   of one declarator without `;`.
//! - Expressions: `BIN_EXPR` (also assignments and `,`), `PREFIX_EXPR`, `POSTFIX_EXPR`,
//!   `CONDITIONAL_EXPR`, `CAST_EXPR`, `CALL_EXPR` (callee expression + `ARG_LIST`; constructors
//!   `float4(...)` are calls of a type name), `METHOD_CALL_EXPR`, `FIELD_EXPR`, `INDEX_EXPR`,
//!   `PAREN_EXPR`, `PATH_EXPR`, `LITERAL`, `INIT_LIST_EXPR`, `SIZEOF_EXPR`.
//! - Types: `TYPE_REF` holding a `PATH` of `PATH_SEGMENT`s (`NAME_REF` + `GENERIC_ARG_LIST`
//!   whose children are `TYPE_REF`s or expressions), or an inline `STRUCT_DEF`.

mod attributes;
mod expressions;
mod items;
mod resume;
mod statements;
mod types;

#[cfg(test)]
mod tests;

use super::{BodyKind, CompletedMarker, IdentClass, Marker, OpenBody, Parser, TokenSet};
use crate::SyntaxKind::{self, *};

/// `SOURCE_FILE`: items until the end of input.
pub(super) fn source_file(p: &mut Parser<'_>) {
    let m = p.start();
    items::item_list_contents(p, false);
    m.complete(p, SOURCE_FILE);
    debug_assert!(!p.stuck(), "a grammar loop stopped making progress");
}

/// Runs a recursive rule one nesting level deeper. Past the depth limit, everything left is
/// wrapped in one `ERROR` node instead (the rest of a pathological input is not parsed).
fn nested<T>(p: &mut Parser<'_>, fallback: T, rule: impl FnOnce(&mut Parser<'_>) -> T) -> T {
    if !p.enter_nesting() {
        let m = p.start();
        p.error("nesting is too deep");
        while !p.at_end() {
            p.bump_any();
        }
        m.complete(p, ERROR);
        return fallback;
    }
    let result = rule(p);
    p.exit_nesting();
    result
}

/// Modifiers that are hard keywords.
const HARD_MODIFIERS: TokenSet = TokenSet::new(&[STATIC_KW, CONST_KW]);

/// Whether token `n` ahead is a contextual keyword that works as a declaration modifier.
fn is_modifier_kw(kw: SyntaxKind) -> bool {
    matches!(
        kw,
        UNIFORM_KW
            | EXTERN_KW
            | VOLATILE_KW
            | PRECISE_KW
            | GROUPSHARED_KW
            | GLOBALLYCOHERENT_KW
            | SHARED_KW
            | INLINE_KW
            | EXPORT_KW
            | IN_KW
            | OUT_KW
            | INOUT_KW
            | ROW_MAJOR_KW
            | COLUMN_MAJOR_KW
            | SNORM_KW
            | UNORM_KW
            | NOINTERPOLATION_KW
            | LINEAR_KW
            | CENTROID_KW
            | NOPERSPECTIVE_KW
            | SAMPLE_KW
            | CENTER_KW
            | POINT_KW
            | LINE_KW
            | TRIANGLE_KW
            | LINEADJ_KW
            | TRIANGLEADJ_KW
            | VERTICES_KW
            | PRIMITIVES_KW
            | INDICES_KW
            | PAYLOAD_KW
    )
}

/// Whether token `n` ahead is a modifier: `static`, `const`, or a contextual modifier keyword
/// followed by something that can continue a declaration (an identifier, `::`, another
/// modifier or `struct`).
fn nth_at_modifier(p: &Parser<'_>, n: usize) -> bool {
    if HARD_MODIFIERS.contains(p.nth(n)) {
        return true;
    }
    match p.nth_contextual_kw(n) {
        Some(kw) if is_modifier_kw(kw) => {
            // `point p;`, `line l = ...`: a type that happens to be spelled like a modifier.
            let declares_it =
                p.nth(n + 1) == IDENT && matches!(p.nth(n + 2), SEMICOLON | EQ | L_BRACK);
            !declares_it
                && matches!(
                    p.nth(n + 1),
                    IDENT
                        | COLON2
                        | STATIC_KW
                        | CONST_KW
                        | STRUCT_KW
                        | CLASS_KW
                        | INTERFACE_KW
                        | UNION_KW
                )
        }
        _ => false,
    }
}

/// Consumes modifiers (remapping contextual ones to their keyword kinds).
fn modifiers(p: &mut Parser<'_>) {
    while nth_at_modifier(p, 0) {
        match p.nth_contextual_kw(0) {
            Some(kw) => p.bump_remap(kw),
            None => p.bump_any(),
        }
    }
}

/// `NAME`: an identifier introduced by a declaration.
fn name(p: &mut Parser<'_>, what: &str) -> bool {
    if p.at(IDENT) {
        let m = p.start();
        p.bump(IDENT);
        m.complete(p, NAME);
        true
    } else {
        p.error(format!("expected {what}"));
        false
    }
}

/// Lookahead: if a `<` at token `n` opens a template argument list of shape-only content,
/// the index just past its matching `>`.
///
/// Content may be identifiers, numbers, `,`, `::`, `|`, `&`, `^`, the arithmetic operators
/// (`F<n - 1>::v`), parenthesized expressions (whose `<`/`>` are comparisons: `A<(m < 2)>`),
/// type modifiers and nested `<...>`; a `>>` closes two levels. Anything else (`;`, `&&`,
/// an unmatched `)`) means it is not a template argument list.
fn scan_generic_args(p: &Parser<'_>, n: usize) -> Option<usize> {
    if p.nth(n) != LT {
        return None;
    }
    let mut depth = 1usize;
    let mut i = n + 1;
    loop {
        match p.nth(i) {
            LT => depth += 1,
            GT => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            SHR => {
                if depth < 2 {
                    return None;
                }
                depth -= 2;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            IDENT | INT_NUMBER | COMMA | COLON2 | CONST_KW => {}
            // Flags OR-ed together (`RayQuery<RAY_FLAG_A | RAY_FLAG_B>`), arithmetic on
            // template values (`factorial<n - 1>::value`).
            PIPE | AMP | CARET | PLUS | MINUS | STAR | SLASH | PERCENT => {}
            L_PAREN => i = skip_parens(p, i)?,
            // An array type with a size (`buf.Load<uint[2]>(0)`).
            L_BRACK
                if p.nth(i - 1) == IDENT
                    && matches!(p.nth(i + 1), INT_NUMBER | IDENT)
                    && p.nth(i + 2) == R_BRACK =>
            {
                i += 2;
            }
            _ => return None,
        }
        i += 1;
        if i > n + 64 {
            return None;
        }
    }
}

/// Lookahead: the index of the `)` matching the `(` at token `n`, if it comes before a
/// `;`, a brace or the end (and within a short distance).
fn skip_parens(p: &Parser<'_>, n: usize) -> Option<usize> {
    let mut depth = 0usize;
    for i in n..n + 64 {
        match p.nth(i) {
            L_PAREN => depth += 1,
            R_PAREN => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            SEMICOLON | L_BRACE | R_BRACE | EOF => return None,
            _ => {}
        }
    }
    None
}

/// Lookahead: if tokens from `n` are shaped like a type (`T`, `::T`, `a::b`, `T<...>`,
/// `A<B>::C`, `struct S`), the index just past it.
fn scan_type(p: &Parser<'_>, n: usize) -> Option<usize> {
    let mut i = n;
    if matches!(p.nth(i), STRUCT_KW | CLASS_KW | INTERFACE_KW | UNION_KW)
        || types::at_typename(p, i)
    {
        i += 1;
    }
    if p.nth_ident_class(i) == Some(IdentClass::Signedness)
        && p.nth_ident_class(i + 1) == Some(IdentClass::BuiltinType)
    {
        i += 1;
    }
    if p.nth(i) == COLON2 {
        i += 1;
    }
    loop {
        if p.nth(i) != IDENT {
            return None;
        }
        i += 1;
        if p.nth(i) == LT {
            i = scan_generic_args(p, i)?;
        }
        if p.nth(i) == COLON2 && p.nth(i + 1) == IDENT {
            i += 1;
        } else if p.nth(i) == COLON2 && p.nth(i + 1) == TEMPLATE_KW && p.nth(i + 2) == IDENT {
            i += 2;
        } else {
            return Some(i);
        }
    }
}

/// Whether the tokens from the current one start a declaration (rather than an expression):
/// a declaration keyword or modifier, or a type followed by a name.
fn at_decl_start(p: &Parser<'_>) -> bool {
    match p.current() {
        STRUCT_KW | CLASS_KW | INTERFACE_KW | UNION_KW | TYPEDEF_KW | ENUM_KW | USING_KW
        | TEMPLATE_KW | STATIC_KW | CONST_KW => true,
        TYPENAME_KW => types::at_typename(p, 0),
        IDENT | COLON2 => {
            if nth_at_modifier(p, 0) {
                return true;
            }
            // `float x`, and `float const x` with the qualifier after the type (clang's
            // grammar, which DXC takes: AMD's FidelityFX denoisers write `float const sigma`).
            if matches!(scan_type(p, 0), Some(k) if p.nth(k) == IDENT
                || (p.nth(k) == CONST_KW && p.nth(k + 1) == IDENT))
            {
                return true;
            }
            // `vector<float, N + 1> v;`, `vk::SpirvType<..., vk::integral_constant<bool,
            // false> > v;`: template arguments with operators or values, then a declarator.
            let mut i = usize::from(p.at(COLON2));
            while p.nth_at(i, IDENT) && p.nth_at(i + 1, COLON2) {
                i += 2;
            }
            p.nth_at(i, IDENT)
                && p.nth_at(i + 1, LT)
                && scan_balanced_angles(p, i + 1).is_some_and(|k| {
                    p.nth_at(k, IDENT)
                        && matches!(p.nth(k + 1), SEMICOLON | EQ | COMMA | L_BRACK | COLON)
                })
        }
        _ => false,
    }
}

/// Lookahead: from a `<` at token `n`, the index past its matching `>`, allowing any tokens
/// but `;`, braces, and (outside parentheses) `&&`, `||`, `?` and `=` in between; parentheses
/// and brackets must balance.
fn scan_balanced_angles(p: &Parser<'_>, n: usize) -> Option<usize> {
    let mut angles = 0usize;
    let mut parens = 0usize;
    let mut i = n;
    while i < n + 128 {
        match p.nth(i) {
            LT if parens == 0 => angles += 1,
            GT if parens == 0 => {
                angles -= 1;
                if angles == 0 {
                    return Some(i + 1);
                }
            }
            SHR if parens == 0 => {
                if angles < 2 {
                    return None;
                }
                angles -= 2;
                if angles == 0 {
                    return Some(i + 1);
                }
            }
            L_PAREN | L_BRACK => parens += 1,
            R_PAREN | R_BRACK => parens = parens.checked_sub(1)?,
            SEMICOLON | L_BRACE | R_BRACE | EOF => return None,
            // Logical operators and assignments mark comparisons, not template arguments.
            AMP2 | PIPE2 | QUESTION | EQ if parens == 0 => return None,
            _ => {}
        }
        i += 1;
    }
    None
}

/// Skips tokens into one `ERROR` node after reporting `message`: up to and including a `;`,
/// or up to (not including) a `}`, a token in `stop` or two identifiers in a row (the start of
/// a declaration). It consumes at least one token unless
/// at `}` or the end; a `{` is skipped with everything up to its matching `}`.
fn error_until(p: &mut Parser<'_>, message: &str, stop: TokenSet) {
    if p.at_end() || p.at(R_BRACE) {
        p.error(message);
        return;
    }
    let m = p.start();
    p.error(message);
    let mut first = true;
    loop {
        if p.at_end() || p.at(R_BRACE) {
            break;
        }
        // Stop before a token in `stop`, or a `Type name` that starts a declaration, or where
        // the file's items resume after a body left open.
        if !first
            && (p.at_ts(stop)
                || (p.at(IDENT) && p.nth_at(1, IDENT))
                || resume::at_item_resumption(p))
        {
            break;
        }
        first = false;
        if p.eat(SEMICOLON) {
            break;
        }
        if p.at(L_BRACE) {
            skip_braces(p);
            break;
        }
        p.bump_any();
    }
    m.complete(p, ERROR);
}

/// Consumes a `{`, everything up to its matching `}`, and that `}`.
fn skip_braces(p: &mut Parser<'_>) {
    let mut depth = 0usize;
    loop {
        match p.current() {
            EOF => break,
            L_BRACE => depth += 1,
            R_BRACE => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    p.bump_any();
                    break;
                }
            }
            _ => {}
        }
        p.bump_any();
    }
}
