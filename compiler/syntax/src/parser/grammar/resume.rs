//! Recovery from a function body whose `}` is missing: where the file's items resume.
//!
//! Without it, a function left open while its body is typed swallows every function after it
//! as nested statements, and the editor loses them. Like rust-analyzer, which ends a block at
//! a token that can only start an item (`fn`, `struct`...), the body closes where the next
//! item evidently starts. HLSL has no such keyword for functions, so the evidence is:
//!
//! - the token starts a line, at column 0 or at most as deep as the line the open function
//!   starts (functions in a namespace or a struct are indented alike);
//! - the tokens from it are shaped like what can only be an item there: a function definition
//!   (attributes, modifiers, a return type, a name, a parameter list, then `{` or a `:`
//!   semantic), or a struct definition (`struct S {`, `struct S : Base {`);
//! - the rest of the input does not close the body: counting braces from here, the depth
//!   never falls back to the one before the body's `{`, or only at a `}` on a line of its own
//!   less indented than the function (an enclosing namespace's or struct's).
//!
//! Line starts are only found (`syntax::parse_file`) in a file with more `{` than `}`, so a
//! file whose braces balance, every well-formed file among them, parses exactly as it would
//! without this rule, local struct definitions and function declarations included.
//!
//! `cbuffer`, `tbuffer`, `namespace` and `template`, which no body holds, end a body wherever
//! they stand (`statements::ITEM_ONLY`). Statement lists, the operand of an expression and
//! error skipping all stop where `at_item_resumption` holds; each block left open then reports
//! "expected `}`" at the end of its last token, and the duplicates collapse into one.

use super::{items, nth_at_modifier, scan_type, Parser};
use crate::SyntaxKind::*;

/// Whether the current token is where the items of the file resume after a function body
/// whose `}` is missing.
#[inline]
pub(super) fn at_item_resumption(p: &Parser<'_>) -> bool {
    // Asked at most operands: most tokens start no line, which is answered inline.
    match p.nth_line_indent(0) {
        Some(indent) => starts_item_at(p, indent),
        None => false,
    }
}

/// `at_item_resumption` for a token that starts a line, `indent` blanks in.
fn starts_item_at(p: &Parser<'_>, indent: u32) -> bool {
    let Some(body) = p.open_body else {
        return false;
    };
    let resumes = indent <= body.indent && at_item_only_shape(p) && !p.body_closed_ahead(body);
    if resumes {
        // Errors reported here are about what is missing before it (`Parser::error`).
        p.items_resume_at.set(Some(p.token_pos().0));
    }
    resumes
}

/// Whether the tokens from the current one are shaped like a function or struct definition.
fn at_item_only_shape(p: &Parser<'_>) -> bool {
    if matches!(p.current(), STRUCT_KW | CLASS_KW | INTERFACE_KW | UNION_KW) {
        return items::at_struct_def(p);
    }
    let mut i = 0;
    // Attribute lists: `[numthreads(8, 8, 1)]`, `[shader("compute")]`, `[[vk::...]]`.
    while p.nth_at(i, L_BRACK) {
        match skip_balanced(p, i, L_BRACK, R_BRACK) {
            Some(next) => i = next,
            None => return false,
        }
    }
    while nth_at_modifier(p, i) {
        i += 1;
    }
    at_fn_definition(p, i)
}

/// Whether a function definition starts at token `n`: a return type, a name (maybe
/// qualified, `S::get`), a parameter list, `const`, then `{` or `:`.
fn at_fn_definition(p: &Parser<'_>, n: usize) -> bool {
    let Some(mut i) = scan_type(p, n) else {
        return false;
    };
    if !p.nth_at(i, IDENT) {
        return false;
    }
    i += 1;
    while p.nth_at(i, COLON2) && p.nth_at(i + 1, IDENT) {
        i += 2;
    }
    if !p.nth_at(i, L_PAREN) {
        return false;
    }
    let Some(after) = skip_balanced(p, i, L_PAREN, R_PAREN) else {
        return false;
    };
    i = after;
    if p.nth_at(i, CONST_KW) {
        i += 1;
    }
    matches!(p.nth(i), L_BRACE | COLON)
}

/// From an `open` token at `n`, the index past its matching `close`, if it comes before a
/// `;`, a brace or the end, within a bounded lookahead.
fn skip_balanced(
    p: &Parser<'_>,
    n: usize,
    open: crate::SyntaxKind,
    close: crate::SyntaxKind,
) -> Option<usize> {
    const MAX_LOOKAHEAD: usize = 256;
    let mut depth = 0usize;
    for i in n..n + MAX_LOOKAHEAD {
        match p.nth(i) {
            k if k == open => depth += 1,
            k if k == close => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            SEMICOLON | L_BRACE | R_BRACE | EOF => return None,
            _ => {}
        }
    }
    None
}
