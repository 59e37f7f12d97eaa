//! Stable ids of declarations and the map from ids back to syntax.
//!
//! An `AstId` is the index of a declaration node among the declaration nodes of the expanded
//! tree in preorder, not counting anything inside function bodies or expressions. Editing a
//! function body therefore keeps every `AstId` (and so the item tree) unchanged, while
//! `ast_id_map` — the only place that holds their text ranges — is recomputed. Ids of
//! functions and structs are salsa interned structs over (file, config, `AstId`), so queries
//! can be keyed on them.

use base_db::{expanded_tree, CompileConfig, SourceFile};
use rowan::ast::SyntaxNodePtr;
use syntax::{FileId, Hlsl, SyntaxKind, SyntaxNode, TextRange, TextSize};

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
        if matches!(
            kind,
            SyntaxKind::BLOCK | SyntaxKind::PARAM_LIST | SyntaxKind::ATTRIBUTE
        ) || <syntax::ast::Expr as syntax::ast::AstNode>::can_cast(kind)
        {
            walk.skip_subtree();
        }
    }
    out
}

/// The syntax node of every `AstId` of a file, as kind and range in the expanded tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AstIdMap {
    nodes: Vec<SyntaxNodePtr<Hlsl>>,
}

impl AstIdMap {
    pub fn ptr(&self, id: AstId) -> Option<SyntaxNodePtr<Hlsl>> {
        self.nodes.get(id.0 as usize).copied()
    }

    /// The node of `id` in `root` (the expanded tree it was built from).
    pub fn node(&self, root: &SyntaxNode, id: AstId) -> Option<SyntaxNode> {
        self.ptr(id)?.try_to_node(root)
    }

    /// The id of a declaration node.
    pub fn id_of(&self, node: &SyntaxNode) -> Option<AstId> {
        let ptr = SyntaxNodePtr::new(node);
        self.nodes
            .binary_search_by(|p| {
                p.text_range()
                    .start()
                    .cmp(&ptr.text_range().start())
                    .then(ptr.text_range().end().cmp(&p.text_range().end()))
                    .then((p.kind() as u16).cmp(&(ptr.kind() as u16)))
            })
            .ok()
            .or_else(|| self.nodes.iter().position(|p| *p == ptr))
            .map(|i| AstId(i as u32))
    }
}

/// The `AstIdMap` of `file`. Changes on every edit that moves text; what depends on it only
/// for finding nodes (body lowering, source maps) re-runs, and backdates when equal.
#[salsa::tracked(returns(ref))]
pub fn ast_id_map(db: &dyn HirDb, file: SourceFile, config: CompileConfig) -> AstIdMap {
    let root = expanded_root(db, file, config);
    AstIdMap {
        nodes: declaration_nodes(&root)
            .iter()
            .map(SyntaxNodePtr::new)
            .collect(),
    }
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
