//! Operator overloads HLSL 2021 refuses, in DXC's words (`E2056`), at the function's name:
//!
//! - operators that would need references to mean what they mean in C++: assignment and
//!   compound assignment (`operator=`, `operator+=`, ..., `operator>>=`), `operator++`,
//!   `operator--`, `operator->`, `operator->*`, and the shifts `operator<<`/`operator>>`
//!   ("overloading 'operator=' is not allowed"), as members or not;
//! - any other operator outside a struct: HLSL 2021 overloads member operators only
//!   ("overloading non-member 'operator==' is not allowed").
//!
//! Called by `decl_checks::declaration_diagnostics`.

use syntax::ast::{self, AstNode, HasName};
use syntax::{SyntaxKind, SyntaxNode, TextRange};

/// Operators no HLSL 2021 function may overload.
const NOT_OVERLOADABLE: &[&str] = &[
    "=", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>", "<<=", ">>=", "->*", "->",
    "++", "--",
];

/// The range and message of every refused operator overload in `root`.
pub(crate) fn refused_overloads(root: &SyntaxNode) -> Vec<(TextRange, String)> {
    let mut out = Vec::new();
    for node in root.descendants() {
        let Some(f) = ast::FnDef::cast(node.clone()) else {
            continue;
        };
        let Some(name) = f.name() else {
            continue;
        };
        let text: String = name
            .syntax()
            .children_with_tokens()
            .filter_map(|t| t.into_token())
            .filter(|t| t.kind() != SyntaxKind::WHITESPACE)
            .map(|t| t.text().to_owned())
            .collect();
        let Some(op) = text.strip_prefix("operator") else {
            continue;
        };
        if op.is_empty() || op.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let range = name.syntax().text_range();
        if NOT_OVERLOADABLE.contains(&op) {
            out.push((range, format!("overloading 'operator{op}' is not allowed")));
        } else if !is_member(&node) {
            out.push((
                range,
                format!("overloading non-member 'operator{op}' is not allowed"),
            ));
        }
    }
    out
}

/// Whether function `f` is a struct's member: declared in one, or defined outside it with a
/// qualified name (`S S::operator+(S o)`).
fn is_member(f: &SyntaxNode) -> bool {
    f.ancestors()
        .skip(1)
        .any(|a| a.kind() == SyntaxKind::STRUCT_DEF)
        || f.children_with_tokens()
            .take_while(|c| c.kind() != SyntaxKind::NAME)
            .any(|c| c.kind() == SyntaxKind::COLON2)
}
