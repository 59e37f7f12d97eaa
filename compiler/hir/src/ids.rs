//! Stable ids of declarations and the map from ids back to syntax.
//!
//! An `AstId` is the index of a declaration node among the declaration nodes of the expanded
//! tree in preorder, not counting anything inside function bodies or expressions. Editing a
//! function body therefore keeps every `AstId` (and so the item tree) unchanged, while
//! `ast_id_map` — the only place that holds their text ranges — is recomputed. Ids of
//! functions and structs are salsa interned structs over (file, config, `AstId`), so queries
//! can be keyed on them.

use base_db::{expanded_tree, CompileConfig, SourceFile};
use rowan::GreenNodeData;
use syntax::{FileId, SyntaxKind, SyntaxNode, TextRange, TextSize};

use crate::HirDb;

/// A declaration's index in its file's `AstIdMap`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AstId(pub u32);

/// The kinds of node that get an `AstId`.
pub(crate) fn is_declaration(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        kind,
        FN_DEF
            | STRUCT_DEF
            | CBUFFER_DEF
            | TYPEDEF_DEF
            | ENUM_DEF
            | VARIANT
            | NAMESPACE_DEF
            | VAR_DECLARATOR
            | TYPE_ALIAS
            | VAR_DECL
    )
}

/// Declaration nodes of `root` in preorder, skipping function bodies, expressions and the
/// insides of declarators (initializers). Both the item tree and `ast_id_map` use this walk,
/// so their numbering agrees.
pub(crate) fn declaration_nodes(root: &SyntaxNode) -> Vec<SyntaxNode> {
    let mut out = Vec::new();
    // A preorder walk that skips the subtrees holding no declarations (no allocation per
    // node: this runs on every edit).
    let mut walk = root.preorder();
    while let Some(event) = walk.next() {
        let rowan::WalkEvent::Enter(node) = event else {
            continue;
        };
        let kind = node.kind();
        if is_declaration(kind) {
            out.push(node);
        }
        if skips_subtree(kind) {
            walk.skip_subtree();
        }
    }
    out
}

/// The syntax node of every `AstId` of a file, as kind and range in the expanded tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AstIdMap {
    nodes: Vec<(SyntaxKind, TextRange)>,
}

impl AstIdMap {
    /// The range of `id`'s node in the expanded tree.
    pub fn range(&self, id: AstId) -> Option<TextRange> {
        self.nodes.get(id.0 as usize).map(|(_, range)| *range)
    }

    /// The node of `id` in `root` (the expanded tree it was built from).
    pub fn node(&self, root: &SyntaxNode, id: AstId) -> Option<SyntaxNode> {
        let (kind, range) = *self.nodes.get(id.0 as usize)?;
        if root.parent().is_some() {
            return None;
        }
        // Down from the root through the child covering the range, as rowan's
        // `SyntaxNodePtr::try_to_node` does.
        std::iter::successors(Some(root.clone()), |node| {
            node.child_or_token_at_range(range)?.into_node()
        })
        .find(|n| n.text_range() == range && n.kind() == kind)
    }

    /// The id of a declaration node.
    pub fn id_of(&self, node: &SyntaxNode) -> Option<AstId> {
        let key = (node.kind(), node.text_range());
        self.nodes
            .binary_search_by(|(kind, range)| {
                range
                    .start()
                    .cmp(&key.1.start())
                    .then(key.1.end().cmp(&range.end()))
                    .then((*kind as u16).cmp(&(key.0 as u16)))
            })
            .ok()
            .or_else(|| self.nodes.iter().position(|p| *p == key))
            .map(|i| AstId(i as u32))
    }
}

/// The `AstIdMap` of `file`. Changes on every edit that moves text; what depends on it only
/// for finding nodes (body lowering, source maps) re-runs, and backdates when equal. Built
/// from the green tree without cursors (it runs on every keystroke): the same preorder walk
/// as `declaration_nodes`.
#[salsa::tracked(returns(ref))]
pub fn ast_id_map(db: &dyn HirDb, file: SourceFile, config: CompileConfig) -> AstIdMap {
    let green = &expanded_tree(db, file, config).green;
    AstIdMap {
        nodes: declaration_ranges(green),
    }
}

/// Kind and range of the declaration nodes of the tree `root`, in the order of
/// `declaration_nodes`.
fn declaration_ranges(root: &GreenNodeData) -> Vec<(SyntaxKind, TextRange)> {
    let mut out = Vec::new();
    // (node, its start), children pushed in reverse so they pop in order.
    let mut stack: Vec<(&GreenNodeData, TextSize)> = vec![(root, TextSize::from(0))];
    while let Some((node, start)) = stack.pop() {
        let kind = SyntaxKind::from(node.kind().0);
        if is_declaration(kind) {
            out.push((kind, TextRange::at(start, node.text_len())));
        }
        if skips_subtree(kind) {
            continue;
        }
        let first_child = stack.len();
        let mut offset = start;
        for child in node.children() {
            match child {
                rowan::NodeOrToken::Node(n) => {
                    stack.push((n, offset));
                    offset += n.text_len();
                }
                rowan::NodeOrToken::Token(t) => offset += t.text_len(),
            }
        }
        stack[first_child..].reverse();
    }
    out
}

/// Subtrees that hold no declaration with an id: bodies, parameters, attributes, expressions.
fn skips_subtree(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SyntaxKind::BLOCK | SyntaxKind::PARAM_LIST | SyntaxKind::ATTRIBUTE
    ) || <syntax::ast::Expr as syntax::ast::AstNode>::can_cast(kind)
}

/// The root of the expanded tree of `file`.
pub fn expanded_root(db: &dyn HirDb, file: SourceFile, config: CompileConfig) -> SyntaxNode {
    SyntaxNode::new_root(expanded_tree(db, file, config).green.clone())
}

/// A function or method, by the `AstId` of its `FN_DEF`.
#[salsa::interned(debug)]
pub struct FunctionId<'db> {
    #[returns(copy)]
    pub file: SourceFile,
    #[returns(copy)]
    pub config: CompileConfig,
    #[returns(copy)]
    pub ast: AstId,
}

/// A global variable or static member with an initializer, by the `AstId` of its
/// `VAR_DECLARATOR`.
#[salsa::interned(debug)]
pub struct GlobalId<'db> {
    #[returns(copy)]
    pub file: SourceFile,
    #[returns(copy)]
    pub config: CompileConfig,
    #[returns(copy)]
    pub ast: AstId,
}

/// A struct, by the `AstId` of its `STRUCT_DEF`.
#[salsa::interned(debug)]
pub struct StructId<'db> {
    #[returns(copy)]
    pub file: SourceFile,
    #[returns(copy)]
    pub config: CompileConfig,
    #[returns(copy)]
    pub ast: AstId,
}

/// Maps a range of the expanded tree to the user's text: the file and range of the tokens
/// that produced it (the macro use, for tokens a macro produced). Every diagnostic goes
/// through here.
pub fn user_range(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    range: TextRange,
) -> (FileId, TextRange) {
    let parsed = base_db::parse_file(db, file, config);
    let tree = expanded_tree(db, file, config);
    let tokens = &parsed.preprocessed.tokens;
    // Skip the single space the expanded tree puts before a token.
    let first = tree
        .token_at(range.start())
        .and_then(|i| {
            let start = tree.token_starts[i];
            let len = TextSize::from(tokens.get(i)?.text_len);
            if range.start() >= start + len {
                Some(i + 1)
            } else {
                Some(i)
            }
        })
        .filter(|&i| i < tokens.len());
    let Some(first) = first else {
        return (file.id(db), TextRange::empty(TextSize::from(0)));
    };
    let (first_file, first_range) = tokens[first].origin.diagnostic_range();
    let last_offset = if range.is_empty() {
        range.start()
    } else {
        range.end() - TextSize::from(1)
    };
    let last = tree.token_at(last_offset).unwrap_or(first).max(first);
    match tokens.get(last).map(|t| t.origin.diagnostic_range()) {
        Some((last_file, last_range))
            if last_file == first_file && last_range.end() >= first_range.start() =>
        {
            (first_file, first_range.cover(last_range))
        }
        _ => (first_file, first_range),
    }
}

#[cfg(test)]
mod tests {
    use super::{declaration_nodes, declaration_ranges};
    use syntax::SyntaxNode;

    /// The cursor-free walk of `ast_id_map` numbers declarations as the item tree's walk does.
    #[test]
    fn green_walk_agrees_with_the_cursor_walk() {
        let text = "struct S { float a, b; float m() { int local = 1; return a; } };\n\
                    cbuffer C { float4 c; };\nnamespace n { enum E { X, Y = 2 }; typedef int T; }\n\
                    template<typename U> U id(U u) { return u; }\n\
                    [numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) { struct L { int z; }; }\n\
                    static const float k = 2 * 3, j[2] = { 1, 2 };\n";
        let parsed = syntax::parse(text);
        let green = parsed.expanded().green.clone();
        let root = SyntaxNode::new_root(green.clone());
        let by_cursor: Vec<_> = declaration_nodes(&root)
            .iter()
            .map(|n| (n.kind(), n.text_range()))
            .collect();
        assert!(by_cursor.len() > 10, "{by_cursor:?}");
        assert_eq!(declaration_ranges(&green), by_cursor);
    }
}
