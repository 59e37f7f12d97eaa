//! The typed AST: thin, zero-cost views over the lossless rowan tree, in the manner of
//! rust-analyzer.
//!
//! Each node kind has a struct (`FnDef`, `VarDecl`, `BinExpr`...) that wraps a `SyntaxNode`
//! of that kind; `Item`, `Stmt`, `Expr`, `GenericArg` and `Annotation` are enums over several.
//! Accessors return `Option`s and iterators, since trees with syntax errors can miss any part.
//! The AST owns no data: it is always re-derived from the tree.

mod exprs;
mod items;
mod nodes;
mod stmts;

#[cfg(test)]
mod tests;

use std::marker::PhantomData;

use crate::{Hlsl, SyntaxKind, SyntaxNode, SyntaxToken};

type SyntaxNodeChildren = rowan::SyntaxNodeChildren<Hlsl>;

pub use self::exprs::{ArithOp, BinaryOp, CmpOp, LiteralKind, LogicOp, PostfixOp, PrefixOp};
pub use self::items::GenericArg;
pub use self::nodes::*;

/// A typed view of a syntax node of one kind (or one of a few kinds, for enums).
pub trait AstNode {
    /// Whether a node of `kind` can be viewed as `Self`.
    fn can_cast(kind: SyntaxKind) -> bool
    where
        Self: Sized;

    /// The typed view of `syntax`, if its kind fits.
    fn cast(syntax: SyntaxNode) -> Option<Self>
    where
        Self: Sized;

    /// The underlying node.
    fn syntax(&self) -> &SyntaxNode;
}

/// The children of a node that cast to `N`, in order.
#[derive(Debug, Clone)]
pub struct AstChildren<N> {
    inner: SyntaxNodeChildren,
    ph: PhantomData<N>,
}

impl<N> AstChildren<N> {
    fn new(parent: &SyntaxNode) -> Self {
        AstChildren {
            inner: parent.children(),
            ph: PhantomData,
        }
    }
}

impl<N: AstNode> Iterator for AstChildren<N> {
    type Item = N;

    fn next(&mut self) -> Option<N> {
        self.inner.by_ref().find_map(N::cast)
    }
}

/// Helpers shared by the accessors.
mod support {
    use super::{AstChildren, AstNode};
    use crate::{SyntaxKind, SyntaxNode, SyntaxToken};

    pub(super) fn child<N: AstNode>(parent: &SyntaxNode) -> Option<N> {
        parent.children().find_map(N::cast)
    }

    pub(super) fn children<N: AstNode>(parent: &SyntaxNode) -> AstChildren<N> {
        AstChildren::new(parent)
    }

    pub(super) fn token(parent: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
        parent
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == kind)
    }

    /// The first child `N` that comes after the first direct token of `kind`.
    pub(super) fn child_after_token<N: AstNode>(
        parent: &SyntaxNode,
        kind: SyntaxKind,
    ) -> Option<N> {
        parent
            .children_with_tokens()
            .skip_while(|e| e.as_token().is_none_or(|t| t.kind() != kind))
            .filter_map(|e| e.into_node())
            .find_map(N::cast)
    }

    /// The first child `N` that comes before the first direct token of `kind` (or anywhere,
    /// if there is no such token).
    pub(super) fn child_before_token<N: AstNode>(
        parent: &SyntaxNode,
        kind: SyntaxKind,
    ) -> Option<N> {
        parent
            .children_with_tokens()
            .take_while(|e| e.as_token().is_none_or(|t| t.kind() != kind))
            .filter_map(|e| e.into_node())
            .find_map(N::cast)
    }
}

/// Nodes that declare a name.
pub trait HasName: AstNode {
    fn name(&self) -> Option<Name> {
        support::child(self.syntax())
    }
}

/// Nodes that can carry attributes (`[numthreads(8, 8, 1)]`, `[[vk::binding(0)]]`).
pub trait HasAttributes: AstNode {
    fn attributes(&self) -> AstChildren<Attribute> {
        support::children(self.syntax())
    }
}

/// Nodes that can carry declaration modifiers (`static`, `const`, `in`, `row_major`...).
pub trait HasModifiers: AstNode {
    /// The modifier keyword tokens, in order.
    fn modifiers(&self) -> Vec<SyntaxToken> {
        self.syntax()
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| is_modifier_kind(t.kind()))
            .collect()
    }

    /// Whether modifier `kind` (`STATIC_KW`, `IN_KW`...) is present.
    fn has_modifier(&self, kind: SyntaxKind) -> bool {
        self.modifiers().iter().any(|t| t.kind() == kind)
    }
}

/// Nodes followed by `: ...` annotations (semantics, register bindings, packoffsets).
pub trait HasAnnotations: AstNode {
    fn annotations(&self) -> AstChildren<Annotation> {
        support::children(self.syntax())
    }

    /// The first semantic (`: SV_Position`).
    fn semantic(&self) -> Option<Semantic> {
        support::child(self.syntax())
    }

    /// The first `: register(...)` binding.
    fn register_binding(&self) -> Option<RegisterBinding> {
        support::child(self.syntax())
    }
}

fn is_modifier_kind(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(kind, STATIC_KW | CONST_KW)
        || (UNIFORM_KW as u16..=PAYLOAD_KW as u16).contains(&(kind as u16))
}

impl Name {
    pub fn ident(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, SyntaxKind::IDENT)
    }

    /// The name's text (for `operator +`, the whole text without trivia: `operator+`).
    pub fn text(&self) -> String {
        let mut tokens = self.syntax.children_with_tokens();
        if let (Some(only), None) = (tokens.next(), tokens.next()) {
            if let Some(t) = only.as_token() {
                return t.text().to_string();
            }
        }
        self.syntax
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| !t.kind().is_trivia())
            .map(|t| t.text().to_string())
            .collect()
    }
}

impl NameRef {
    pub fn ident(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, SyntaxKind::IDENT)
    }

    pub fn text(&self) -> String {
        self.ident()
            .map(|t| t.text().to_string())
            .unwrap_or_default()
    }
}
