//! `const` after a method's parameter list (`int get() const`), as DXC checks it (`E2074`, its
//! words): HLSL 202x takes it on instance methods, defined in their struct or out of it
//! (`int S::get() const { ... }`); earlier versions refuse it ("const-qualified member
//! functions are unsupported in HLSL before 202x"), and no version takes it on a function
//! that is not a member ("non-member function cannot have 'const' qualifier") or on a static
//! one ("static member function cannot have 'const' qualifier"). Called by
//! `decl_checks::declaration_diagnostics`.
//!
//! What the qualifier means (that a const object calls const methods only) is not checked
//! yet; the methods are called as if it were not written.

use syntax::ast::{self, AstNode, HasModifiers};
use syntax::{SyntaxKind, SyntaxNode, TextRange};

use crate::HLSL_202X;

/// The range and message of every `const` qualifier in `root` that `hlsl_version` refuses.
pub(crate) fn refused_const_methods(
    root: &SyntaxNode,
    hlsl_version: u32,
) -> Vec<(TextRange, String)> {
    let mut out = Vec::new();
    for f in root.descendants().filter_map(ast::FnDef::cast) {
        let Some(qualifier) = f.const_qualifiers().into_iter().next() else {
            continue;
        };
        let member = f.qualifier().is_some()
            || f.syntax()
                .parent()
                .is_some_and(|p| p.kind() == SyntaxKind::FIELD_LIST);
        let message = if !member {
            "non-member function cannot have 'const' qualifier"
        } else if f.has_modifier(SyntaxKind::STATIC_KW) {
            "static member function cannot have 'const' qualifier"
        } else if hlsl_version < HLSL_202X {
            "const-qualified member functions are unsupported in HLSL before 202x"
        } else {
            continue;
        };
        out.push((qualifier.text_range(), message.to_owned()));
    }
    out
}
