//! Recovery from a function body whose `}` is missing: where the file's items resume.
//!
//! Without it, a function left open while its body is typed swallows every function after it
//! as nested statements, and the editor loses them. Like rust-analyzer, which ends a block at
//! a token that can only start an item (`fn`, `struct`...), the body closes where the next
//! item evidently starts. HLSL has no such keyword for functions, so the evidence is the
//! token's line, its shape and the braces or the indentation around it. The token starts a
//! line, at column 0 or at most as deep as the line the open function starts (functions in a
//! namespace or a struct are indented alike), and:
//!
//! - it starts a function definition (attributes, modifiers, a return type, a name, a
//!   parameter list, then `{` or a `:` semantic), which no body holds, and either the body's
//!   own lines are deeper (*dedented*: its author indents, and this line is out) or the rest
//!   of the input does not close the body (counting braces from here, the depth never falls
//!   back to the one before the body's `{`, or only at a `}` on a line of its own less
//!   indented than the function: an enclosing namespace's or struct's);
//! - or it starts a struct definition (`struct S {`, `struct S : Base {`), and the rest of
//!   the input does not close the body, or the line is dedented and items follow;
//! - or it starts a variable declaration (`RWBuffer<float> b : register(u0);`), the line is
//!   dedented, and items follow: from it, declarations and struct definitions follow one
//!   another on lines no deeper than the function up to a function definition, an item-only
//!   keyword or the end (`items_follow`). A local at column 0 followed by an indented
//!   statement or the body's `}` stays a local.
//!
//! A body that starts on its `{`'s line (`struct S { float a;`) is deeper than its head, so
//! a line at the head's column is dedented. In a function body written at the function's
//! column, nothing tells a local from a global: a declaration that items follow ends it when
//! the braces leave it open (locals there would be its last lines, declared for nothing).
//! `typedef`, `enum`, `using` and `static_assert` count as declarations; a template header
//! and attributes may precede a function, a struct or a declaration.
//!
//! So a `}` missing in one function and a stray one in a later function, which balance, no
//! longer make the functions between nested ones. A well-formed file has no function
//! definition in a body, and a local written at column 0 is followed by the body's lines or
//! its `}`: it parses as it would without this rule (the corpus under `tests/` does, byte for
//! byte), and an unindented body (its lines at the function's column) is left to the braces.
//!
//! The body of a struct or cbuffer at file or namespace level whose `}` is missing ends alike
//! (`items::braced_items_recovering`), and also at `cbuffer`, `tbuffer` or `namespace`. A
//! cbuffer holds no function, so it follows the function body's rules; a struct's members may
//! be functions and structs written at any indentation, so there only the braces of the rest
//! of the input, left unclosed, let a function, a struct or a declaration (dedented, items
//! following) end it.
//!
//! `cbuffer`, `tbuffer`, `namespace` and `template`, which no body holds, end a body wherever
//! they stand (`statements::ITEM_ONLY`). Statement lists, the operand of an expression and
//! error skipping all stop where `at_item_resumption` holds; each block left open then reports
//! "expected `}`" at the end of its last token, and the duplicates collapse into one.

use super::{
    items, nth_at_modifier, scan_balanced_angles, scan_type, statements::ITEM_ONLY, BodyKind,
    IdentClass, Parser,
};
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
    if indent > body.indent {
        return false;
    }
    // The body's lines are deeper than this one: its author indents, and this line is out.
    let dedented = body.inner_indent.is_some_and(|inner| inner > indent);
    let holds_functions = body.kind == BodyKind::Struct;
    // `body_closed_ahead` is asked last: it is the one check that scans to the end.
    let resumes = match shape_at(p, 0) {
        // A struct's member functions may be written anywhere: only its braces say.
        Shape::Function | Shape::Struct if holds_functions => !p.body_closed_ahead(body),
        Shape::Declaration if holds_functions => {
            dedented && items_follow(p, body.indent) && !p.body_closed_ahead(body)
        }
        Shape::Function => dedented || !p.body_closed_ahead(body),
        Shape::Struct => (dedented && items_follow(p, body.indent)) || !p.body_closed_ahead(body),
        Shape::Declaration if dedented => items_follow(p, body.indent),
        // In a function body written at the function's column, locals and globals look
        // alike: declarations that only items follow, in a body the braces leave open, are
        // globals (locals there would be the body's last lines, declared for nothing).
        Shape::Declaration => {
            body.kind == BodyKind::Function
                && body.inner_indent.is_none_or(|inner| inner <= body.indent)
                && items_follow(p, body.indent)
                && !p.body_closed_ahead(body)
        }
        Shape::Other => false,
    };
    if resumes {
        // Errors reported here are about what is missing before it (`Parser::error`).
        p.items_resume_at.set(Some(p.token_pos().0));
    }
    resumes
}

/// What the tokens from a line start look like, as far as recovery cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// A function definition: no body holds one.
    Function,
    /// A struct definition: a body may hold one (a local struct).
    Struct,
    /// A variable or function declaration (`RWBuffer<float> b : register(u0);`,
    /// `static const int N = 4;`, `float3 f(float3 x);`): a body may hold one (a local).
    Declaration,
    Other,
}

/// The shape of the tokens from `n` ahead.
fn shape_at(p: &Parser<'_>, n: usize) -> Shape {
    let mut i = n;
    // A template header: `template<typename T>`, `template<>`.
    if p.nth_at(i, TEMPLATE_KW) && p.nth_at(i + 1, LT) {
        match scan_balanced_angles(p, i + 1) {
            Some(next) => i = next,
            None => return Shape::Other,
        }
    }
    // `typedef`, `enum`, `using` and `static_assert` declare or assert at file level and in
    // a body alike.
    if matches!(p.nth(i), TYPEDEF_KW | ENUM_KW | USING_KW)
        || (p.nth_ident_class(i) == Some(IdentClass::StaticAssert) && p.nth_at(i + 1, L_PAREN))
    {
        return Shape::Declaration;
    }
    // Attribute lists: `[numthreads(8, 8, 1)]`, `[shader("compute")]`, `[[vk::...]]`.
    while p.nth_at(i, L_BRACK) {
        match skip_balanced(p, i, L_BRACK, R_BRACK) {
            Some(next) => i = next,
            None => return Shape::Other,
        }
    }
    while nth_at_modifier(p, i) {
        i += 1;
    }
    if matches!(p.nth(i), STRUCT_KW | CLASS_KW | INTERFACE_KW | UNION_KW) {
        // `struct S {`, `[[vk::push_constant]] struct { ... } pc;`.
        return if items::at_struct_def_at(p, i) {
            Shape::Struct
        } else if at_declaration(p, i) || (p.nth_at(i + 1, IDENT) && p.nth_at(i + 2, SEMICOLON)) {
            // A variable of a struct type, or a forward declaration (`struct Node;`).
            Shape::Declaration
        } else {
            Shape::Other
        };
    }
    if at_fn_definition(p, i) {
        Shape::Function
    } else if at_declaration(p, i) || at_fn_declaration(p, i) {
        Shape::Declaration
    } else {
        Shape::Other
    }
}

/// Whether a function definition starts at token `n`: a return type, a name (maybe
/// qualified, `S::get`), a parameter list, `const`, then `{` or a semantic and `{`.
fn at_fn_definition(p: &Parser<'_>, n: usize) -> bool {
    fn_signature_end(p, n) == Some(L_BRACE)
}

/// Whether a function declaration (a prototype, `float3 f(float3 x);`) starts at token `n`.
fn at_fn_declaration(p: &Parser<'_>, n: usize) -> bool {
    fn_signature_end(p, n) == Some(SEMICOLON)
}

/// For a function signature at token `n` (a return type, a name, maybe qualified, a
/// parameter list, `const`, a semantic), the token after it when it is `{` or `;`.
fn fn_signature_end(p: &Parser<'_>, n: usize) -> Option<crate::SyntaxKind> {
    let mut i = scan_type(p, n)?;
    if !p.nth_at(i, IDENT) {
        return None;
    }
    i += 1;
    while p.nth_at(i, COLON2) && p.nth_at(i + 1, IDENT) {
        i += 2;
    }
    if !p.nth_at(i, L_PAREN) {
        return None;
    }
    i = skip_balanced(p, i, L_PAREN, R_PAREN)?;
    if p.nth_at(i, CONST_KW) {
        i += 1;
    }
    match p.nth(i) {
        k @ (L_BRACE | SEMICOLON) => Some(k),
        // A semantic, then the body or the `;`.
        COLON => (i + 1..i + 16)
            .map(|k| p.nth(k))
            .find(|&k| matches!(k, L_BRACE | SEMICOLON | R_BRACE | EOF))
            .filter(|&k| matches!(k, L_BRACE | SEMICOLON)),
        _ => None,
    }
}

/// Whether a variable declaration starts at token `n` (after its modifiers): a type, a name,
/// then `;`, `=`, `:`, `[` or `,`.
fn at_declaration(p: &Parser<'_>, n: usize) -> bool {
    scan_type(p, n).is_some_and(|i| {
        p.nth_at(i, IDENT) && matches!(p.nth(i + 1), SEMICOLON | EQ | COLON | L_BRACK | COMMA)
    })
}

/// Whether the declaration or struct definition here is one of the file's items, as the
/// lines after it tell: from it, declarations and struct definitions follow one another on
/// lines no deeper than `indent` (the open function's) up to something no body holds (a
/// function definition, `cbuffer`...) or the end of input. A local written at column 0
/// among the body's indented lines, or before the `}` closing the body, is no item.
fn items_follow(p: &Parser<'_>, indent: u32) -> bool {
    const MAX_ITEMS: usize = 64;
    let mut i = 0;
    for _ in 0..MAX_ITEMS {
        if p.nth_at(i, EOF) || ITEM_ONLY.contains(p.nth(i)) {
            return true;
        }
        match shape_at(p, i) {
            Shape::Function => return true,
            Shape::Struct | Shape::Declaration => {}
            Shape::Other => return false,
        }
        let Some(end) = end_of_declaration(p, i) else {
            return false;
        };
        i = end;
        if p.nth_line_indent(i).is_some_and(|next| next > indent) {
            return false;
        }
    }
    false
}

/// From the declaration or struct definition at token `n`, the index past its `;`, within a
/// bounded lookahead; `None` at a bracket it does not open or at the end.
fn end_of_declaration(p: &Parser<'_>, n: usize) -> Option<usize> {
    const MAX_LOOKAHEAD: usize = 4096;
    let mut depth = 0usize;
    for i in n..n + MAX_LOOKAHEAD {
        match p.nth(i) {
            L_PAREN | L_BRACK | L_BRACE => depth += 1,
            R_PAREN | R_BRACK | R_BRACE => depth = depth.checked_sub(1)?,
            SEMICOLON if depth == 0 => return Some(i + 1),
            EOF => return None,
            _ => {}
        }
    }
    None
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
