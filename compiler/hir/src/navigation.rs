//! Names at a position, for the language server: what a name written in a file refers to (go
//! to definition), where a declaration is used (find references), and where it is declared.
//!
//! A name is resolved on the expanded tree, as inference sees it: locals and parameters
//! through the body's source map, members after `.` through the inferred type of the receiver,
//! calls to the overload that the arguments' inferred types select (ranked as inference ranks
//! them), and everything else through the item scope from the innermost enclosing item.
//! References are found as rust-analyzer finds them: every identifier token with the name is
//! resolved, and those that lead to the same declaration are kept. A declaration is identified
//! by where its name is written in the user's text, so that the same header declaration seen
//! through two including files is one declaration.

use std::sync::Arc;

use base_db::{CompileConfig, SourceFile};
use rowan::ast::SyntaxNodePtr;
use syntax::ast::{self, AstNode};
use syntax::{FileId, SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};
use types::{ResourceType, Type};

use crate::body::{
    body_with_source_map, global_body_with_source_map, Body, BodySourceMap, Expr, ExprId, LocalId,
};
use crate::ids::{ast_id_map, expanded_root, user_range, AstId, AstIdMap, FunctionId, GlobalId};
use crate::infer::ops::Operand;
use crate::infer::{function_signature, infer, infer_global, InferenceResult, Resolution};
use crate::item_tree::{item_tree, ItemIdx, ItemKind, ItemTree};
use crate::lower_type::TypeCtx;
use crate::scope::{declaring_scope, item_scope, ItemScope, LookupSite};
use crate::type_ref::{lower_path, Path};
use crate::HirDb;

mod call;
mod describe;

pub use self::call::{call_at, CallSite, Callee};
pub use self::describe::{describe, Description, MemberOffset};
pub use crate::item_tree::Attr;

/// Whose body an expression or a local belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BodyOwner {
    Function(AstId),
    /// A global's initializer.
    Global(AstId),
}

/// What a name refers to, within one file's analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Definition {
    /// An item of the file's item tree: function, struct, field, cbuffer, cbuffer member,
    /// global, typedef, enum, enumerator or namespace.
    Item(ItemIdx),
    /// A local variable or parameter.
    Local(BodyOwner, LocalId),
}

/// What kind of declaration a [`NavTarget`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NavKind {
    Function,
    Method,
    Struct,
    Field,
    CBuffer,
    /// A global variable or a cbuffer member.
    Global,
    Local,
    Parameter,
    Typedef,
    Enum,
    Enumerator,
    Namespace,
}

/// A declaration in the user's text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NavTarget {
    pub file: FileId,
    /// The declaration's name.
    pub name_range: TextRange,
    /// The whole declaration.
    pub full_range: TextRange,
    pub name: String,
    pub kind: NavKind,
}

impl NavTarget {
    /// Where the name is written: what identifies the declaration across files.
    pub fn key(&self) -> (FileId, TextRange) {
        (self.file, self.name_range)
    }
}

/// The name at an offset and what it refers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    /// The name's range in the queried file's text.
    pub range: TextRange,
    /// What it refers to: one declaration, or several when a call is ambiguous or a name
    /// means an overload set.
    pub definitions: Vec<(Definition, NavTarget)>,
}

/// A use or a declaration of a name found by [`references`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reference {
    pub file: FileId,
    pub range: TextRange,
    pub is_declaration: bool,
}

/// What the name at `offset` of `file`'s text refers to.
pub fn definition_at(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    offset: TextSize,
) -> Option<Resolved> {
    let sema = Sema::new(db, file, config);
    let token = sema.ident_at(offset)?;
    let definitions: Vec<_> = sema
        .resolve_token(&token)
        .into_iter()
        .filter_map(|d| Some((d, sema.nav_target(d)?)))
        .collect();
    if definitions.is_empty() {
        return None;
    }
    let (token_file, range) = user_range(db, file, config, token.text_range());
    (token_file == file.id(db)).then_some(Resolved { range, definitions })
}

/// Every place in `file` (with what it includes) where a name that resolves to one of
/// `targets` (by [`NavTarget::key`]) is written, in order.
pub fn references(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    name: &str,
    targets: &[(FileId, TextRange)],
) -> Vec<Reference> {
    let sema = Sema::new(db, file, config);
    let root = sema.root.clone();
    sema.references_in(&root, name, targets)
}

/// The references of the declaration named at `offset` of `file`, within `file` and what it
/// includes. A local's references are looked for in its own body only.
pub fn references_at(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    offset: TextSize,
) -> Option<(Resolved, Vec<Reference>)> {
    let resolved = definition_at(db, file, config, offset)?;
    let sema = Sema::new(db, file, config);
    let (definition, target) = resolved.definitions.first()?.clone();
    let keys: Vec<_> = resolved.definitions.iter().map(|(_, t)| t.key()).collect();
    let scope = match definition {
        Definition::Local(owner, _) => sema.owner_node(owner)?,
        Definition::Item(_) => sema.root.clone(),
    };
    let refs = sema.references_in(&scope, &target.name, &keys);
    Some((resolved, refs))
}

/// The declarations of `file` (with what it includes) that a workspace symbol search shows:
/// every named item except `using namespace`.
pub fn file_symbols(db: &dyn HirDb, file: SourceFile, config: CompileConfig) -> Vec<NavTarget> {
    let sema = Sema::new(db, file, config);
    sema.tree
        .indices()
        .filter(|i| !sema.tree.item(*i).name.is_empty())
        .filter_map(|i| sema.nav_target(Definition::Item(i)))
        .collect()
}

/// The type of the receiver of the `.` whose member name is at or just after `offset` of
/// `file`'s text (`a.` or `a.x` with the cursor after the dot), for member completion.
pub fn receiver_type_at(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    dot: TextSize,
) -> Option<Type> {
    let sema = Sema::new(db, file, config);
    let expanded = crate::expanded_offset(db, file, config, dot)?;
    let token = sema
        .root
        .token_at_offset(expanded)
        .find(|t| t.kind() == SyntaxKind::DOT)?;
    let node = token.parent()?;
    let receiver = match node.kind() {
        SyntaxKind::FIELD_EXPR => ast::FieldExpr::cast(node.clone())?.expr()?,
        SyntaxKind::METHOD_CALL_EXPR => ast::MethodCallExpr::cast(node.clone())?.receiver()?,
        _ => return None,
    };
    let data = sema.body_of(receiver.syntax())?;
    let e = data.map.expr_for_node(receiver.syntax())?;
    data.infer.type_of_expr(e).cloned()
}

/// The fields of a struct type (its own and its bases'), as items, for member completion and
/// hover; and for `ConstantBuffer<S>`, those of `S`.
pub fn struct_members(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    ty: &Type,
) -> Vec<(Definition, NavTarget)> {
    let sema = Sema::new(db, file, config);
    let Some(idx) = sema.struct_of(ty) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for s in sema.struct_and_bases(idx) {
        for &m in &sema
            .tree
            .strukt(s)
            .map(|s| s.members.clone())
            .unwrap_or_default()
        {
            let def = Definition::Item(m);
            if let Some(t) = sema.nav_target(def) {
                out.push((def, t));
            }
        }
    }
    out
}

/// The analysis of one file, for resolving names in it.
struct Sema<'db> {
    db: &'db dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    root: SyntaxNode,
    map: &'db AstIdMap,
    tree: Arc<ItemTree>,
    scope: Arc<ItemScope>,
}

/// A body with what inference knows about it.
struct BodyData {
    owner: BodyOwner,
    body: Arc<Body>,
    map: Arc<BodySourceMap>,
    infer: Arc<InferenceResult>,
    /// The item whose body it is.
    item: ItemIdx,
}

impl<'db> Sema<'db> {
    fn new(db: &'db dyn HirDb, file: SourceFile, config: CompileConfig) -> Sema<'db> {
        Sema {
            db,
            file,
            config,
            root: expanded_root(db, file, config),
            map: ast_id_map(db, file, config),
            tree: item_tree(db, file, config),
            scope: item_scope(db, file, config),
        }
    }

    /// The identifier written at `offset` of the file's own text, in the expanded tree.
    fn ident_at(&self, offset: TextSize) -> Option<SyntaxToken> {
        let expanded = crate::expanded_offset(self.db, self.file, self.config, offset)?;
        self.root
            .token_at_offset(expanded)
            .find(|t| t.kind() == SyntaxKind::IDENT)
    }

    fn item_of_node(&self, node: &SyntaxNode) -> Option<ItemIdx> {
        if !crate::ids::is_declaration(node.kind()) {
            return None;
        }
        self.tree.by_ast(self.map.id_of(node)?)
    }

    /// Where lookups start for a name written inside `node`.
    fn site_of(&self, node: &SyntaxNode) -> LookupSite {
        node.ancestors()
            .find_map(|n| self.item_of_node(&n))
            .map_or_else(LookupSite::file, |idx| LookupSite::inside(&self.tree, idx))
    }

    /// The body (function, or global initializer) that contains `node`.
    fn body_of(&self, node: &SyntaxNode) -> Option<BodyData> {
        let owner = node
            .ancestors()
            .find(|n| n.kind() == SyntaxKind::FN_DEF)
            .or_else(|| {
                node.ancestors()
                    .find(|n| n.kind() == SyntaxKind::VAR_DECLARATOR)
            })?;
        let ast = self.map.id_of(&owner)?;
        let item = self.tree.by_ast(ast)?;
        if owner.kind() == SyntaxKind::FN_DEF {
            if !self.tree.function(item).is_some_and(|f| f.has_body) {
                return None;
            }
            let f = FunctionId::new(self.db, self.file, self.config, ast);
            let (body, map) = body_with_source_map(self.db, f);
            return Some(BodyData {
                owner: BodyOwner::Function(ast),
                body,
                map,
                infer: infer(self.db, f),
                item,
            });
        }
        let g = GlobalId::new(self.db, self.file, self.config, ast);
        let (body, map) = global_body_with_source_map(self.db, g);
        Some(BodyData {
            owner: BodyOwner::Global(ast),
            body,
            map,
            infer: infer_global(self.db, g),
            item,
        })
    }

    fn owner_node(&self, owner: BodyOwner) -> Option<SyntaxNode> {
        let (BodyOwner::Function(ast) | BodyOwner::Global(ast)) = owner;
        self.map.node(&self.root, ast)
    }

    fn owner_data(&self, owner: BodyOwner) -> Option<BodyData> {
        let node = self.owner_node(owner)?;
        // The declarator or function itself: `body_of` looks at its ancestors, itself first.
        self.body_of(&node)
    }

    fn resolve_token(&self, token: &SyntaxToken) -> Vec<Definition> {
        let Some(parent) = token.parent() else {
            return Vec::new();
        };
        match parent.kind() {
            SyntaxKind::NAME => self.resolve_declaration(&parent).into_iter().collect(),
            SyntaxKind::NAME_REF => self.resolve_name_ref(&parent),
            _ => Vec::new(),
        }
    }

    /// A name where it is declared stands for its declaration.
    fn resolve_declaration(&self, name: &SyntaxNode) -> Option<Definition> {
        let decl = name.parent()?;
        if let Some(data) = self.body_of(name) {
            let ptr = SyntaxNodePtr::new(name);
            if let Some(i) = data.map.locals.iter().position(|p| *p == ptr) {
                return Some(Definition::Local(data.owner, LocalId(i as u32)));
            }
        }
        if decl.kind() == SyntaxKind::PARAM {
            return None; // a prototype's parameter
        }
        let idx = self.item_of_node(&decl)?;
        Some(self.canonical(Definition::Item(idx)))
    }

    fn resolve_name_ref(&self, name_ref: &SyntaxNode) -> Vec<Definition> {
        let Some(parent) = name_ref.parent() else {
            return Vec::new();
        };
        match parent.kind() {
            SyntaxKind::PATH_SEGMENT => self.resolve_path_segment(&parent),
            SyntaxKind::FIELD_EXPR => self.resolve_field(&parent).into_iter().collect(),
            SyntaxKind::METHOD_CALL_EXPR => self.resolve_method(&parent),
            _ => Vec::new(),
        }
    }

    fn resolve_path_segment(&self, segment: &SyntaxNode) -> Vec<Definition> {
        let Some(path_node) = segment.parent() else {
            return Vec::new();
        };
        let Some(path) = ast::Path::cast(path_node.clone()) else {
            return Vec::new();
        };
        let segments: Vec<_> = path.segments().collect();
        let Some(i) = segments.iter().position(|s| s.syntax() == segment) else {
            return Vec::new();
        };
        let site = self.site_of(&path_node);
        let lowered = lower_path(&path);
        if i + 1 < segments.len() {
            // A scope: namespace, struct or enum.
            let prefix = Path {
                global: lowered.global,
                segments: lowered.segments[..=i].to_vec(),
            };
            let found = self.scope.lookup_qualified(&self.tree, &site, &prefix);
            return found
                .into_iter()
                .find(|f| {
                    matches!(
                        self.tree.item(*f).kind,
                        ItemKind::Namespace(_)
                            | ItemKind::Struct(_)
                            | ItemKind::Enum(_)
                            | ItemKind::Typedef(_)
                    )
                })
                .map(|f| self.canonical(Definition::Item(f)))
                .into_iter()
                .collect();
        }
        let holder = path_node.parent();
        if let Some(expr) = holder.filter(|h| h.kind() == SyntaxKind::PATH_EXPR) {
            if let Some(defs) = self.resolve_path_expr(&expr, &lowered) {
                return defs;
            }
        }
        // A type, or a name outside any body (an array size, an attribute).
        let found = self.scope.lookup_qualified(&self.tree, &site, &lowered);
        self.definitions_of(found, None)
    }

    /// A name in an expression: a local, or an item (the called overload for a callee).
    fn resolve_path_expr(&self, expr: &SyntaxNode, path: &Path) -> Option<Vec<Definition>> {
        let data = self.body_of(expr)?;
        let e = data.map.expr_for_node(expr)?;
        match data.body.expr(e) {
            Expr::Local(l) => Some(vec![Definition::Local(data.owner, *l)]),
            Expr::Path(_) => {
                let site = LookupSite::inside(&self.tree, data.item);
                let found = self.scope.lookup_qualified(&self.tree, &site, path);
                let call = expr
                    .parent()
                    .filter(|p| p.kind() == SyntaxKind::CALL_EXPR)
                    .and_then(|call| data.map.expr_for_node(&call))
                    .filter(|&call| {
                        matches!(data.body.expr(call), Expr::Call { callee, .. } if *callee == e)
                    });
                let chosen = call.and_then(|call| self.chosen_function(&data, call));
                Some(self.definitions_of(found, chosen))
            }
            _ => None,
        }
    }

    /// The function or method inference chose for call `call`.
    fn chosen_function(&self, data: &BodyData, call: ExprId) -> Option<ItemIdx> {
        match data.infer.resolution(call)? {
            Resolution::Function { function, .. } => self.tree.by_ast(*function),
            _ => None,
        }
    }

    /// Items found by a lookup as definitions: for functions, the overload inference chose
    /// (when the name is called), else all of them.
    fn definitions_of(&self, found: Vec<ItemIdx>, chosen: Option<ItemIdx>) -> Vec<Definition> {
        let Some(&first) = found.first() else {
            return Vec::new();
        };
        let items = if self.tree.function(first).is_some() {
            let functions: Vec<_> = found
                .into_iter()
                .filter(|i| self.tree.function(*i).is_some())
                .collect();
            match chosen {
                Some(f) => vec![f],
                None => functions,
            }
        } else {
            vec![first]
        };
        let mut out: Vec<Definition> = Vec::new();
        for i in items {
            let d = self.canonical(Definition::Item(i));
            if !out.contains(&d) {
                out.push(d);
            }
        }
        out
    }

    /// `a.name`: a field of the struct (or of a `ConstantBuffer`'s struct) `a` is.
    fn resolve_field(&self, field: &SyntaxNode) -> Option<Definition> {
        let data = self.body_of(field)?;
        let e = data.map.expr_for_node(field)?;
        let Expr::Field { expr, name } = data.body.expr(e) else {
            return None;
        };
        let idx = self.struct_of(data.infer.type_of_expr(*expr)?)?;
        self.struct_and_bases(idx).into_iter().find_map(|s| {
            self.scope
                .in_scope(Some(s), name)
                .iter()
                .copied()
                .find(|m| matches!(self.tree.item(*m).kind, ItemKind::Variable(_)))
                .map(Definition::Item)
        })
    }

    /// `a.name(args)`: the method overload of `a`'s struct that the arguments choose.
    fn resolve_method(&self, call: &SyntaxNode) -> Vec<Definition> {
        let Some(data) = self.body_of(call) else {
            return Vec::new();
        };
        let Some(e) = data.map.expr_for_node(call) else {
            return Vec::new();
        };
        let Expr::MethodCall { receiver, name, .. } = data.body.expr(e) else {
            return Vec::new();
        };
        let Some(idx) = data
            .infer
            .type_of_expr(*receiver)
            .and_then(|t| self.struct_of(t))
        else {
            return Vec::new();
        };
        let methods: Vec<ItemIdx> = self
            .struct_and_bases(idx)
            .into_iter()
            .map(|s| {
                self.scope
                    .in_scope(Some(s), name)
                    .iter()
                    .copied()
                    .filter(|m| self.tree.function(*m).is_some())
                    .collect::<Vec<_>>()
            })
            .find(|m| !m.is_empty())
            .unwrap_or_default();
        self.definitions_of(methods, self.chosen_function(&data, e))
    }

    /// The struct item of a struct type, or of a `ConstantBuffer`/`TextureBuffer` element.
    fn struct_of(&self, ty: &Type) -> Option<ItemIdx> {
        let s = match ty {
            Type::Struct(s) => s,
            Type::Resource(r) => match &**r {
                ResourceType::ConstantBuffer {
                    element: Type::Struct(s),
                }
                | ResourceType::TextureBuffer {
                    element: Type::Struct(s),
                } => s,
                _ => return None,
            },
            _ => return None,
        };
        let tcx = TypeCtx::new(&self.tree, &self.scope, LookupSite::file());
        Some(tcx.struct_item(s)?.0)
    }

    /// A struct and its bases, nearest first.
    fn struct_and_bases(&self, idx: ItemIdx) -> Vec<ItemIdx> {
        let mut out = vec![idx];
        let mut i = 0;
        while i < out.len() && out.len() < 16 {
            let s = out[i];
            let tcx = TypeCtx::inside(&self.tree, &self.scope, s);
            for base in self
                .tree
                .strukt(s)
                .map(|s| s.bases.clone())
                .unwrap_or_default()
            {
                if let Some(Type::Struct(b)) = tcx.resolve(&base, &mut Vec::new()) {
                    if let Some((bi, _)) = tcx.struct_item(&b) {
                        if !out.contains(&bi) {
                            out.push(bi);
                        }
                    }
                }
            }
            i += 1;
        }
        out
    }

    /// A prototype stands for the function it declares: the definition with the same
    /// parameter types in the same scope, if there is one.
    fn canonical(&self, def: Definition) -> Definition {
        let Definition::Item(idx) = def else {
            return def;
        };
        if self.tree.function(idx).is_none_or(|f| f.has_body) {
            return def;
        }
        let sig = |i: ItemIdx| {
            let ast = self.tree.item(i).ast;
            function_signature(
                self.db,
                FunctionId::new(self.db, self.file, self.config, ast),
            )
        };
        let params = |i: ItemIdx| -> Vec<Option<Type>> {
            sig(i).params.iter().map(|p| p.ty.clone()).collect()
        };
        let mine = params(idx);
        self.scope
            .in_scope(declaring_scope(&self.tree, idx), &self.tree.item(idx).name)
            .iter()
            .copied()
            .find(|&d| self.tree.function(d).is_some_and(|f| f.has_body) && params(d) == mine)
            .map_or(def, Definition::Item)
    }

    fn nav_target(&self, def: Definition) -> Option<NavTarget> {
        match def {
            Definition::Item(idx) => {
                let item = self.tree.get(idx)?;
                let node = self.map.node(&self.root, item.ast)?;
                let name = node.children().find(|c| c.kind() == SyntaxKind::NAME);
                let name_range = name.map_or(node.text_range(), |n| n.text_range());
                let (file, name_range) = user_range(self.db, self.file, self.config, name_range);
                let (full_file, full_range) =
                    user_range(self.db, self.file, self.config, node.text_range());
                let full_range = if full_file == file && full_range.contains_range(name_range) {
                    full_range
                } else {
                    name_range
                };
                Some(NavTarget {
                    file,
                    name_range,
                    full_range,
                    name: item.name.clone(),
                    kind: self.item_kind(idx),
                })
            }
            Definition::Local(owner, local) => {
                let data = self.owner_data(owner)?;
                let ptr = *data.map.locals.get(local.0 as usize)?;
                let name = ptr.try_to_node(&self.root)?;
                let decl = name.parent().unwrap_or_else(|| name.clone());
                let (file, name_range) =
                    user_range(self.db, self.file, self.config, name.text_range());
                let (_, full_range) =
                    user_range(self.db, self.file, self.config, decl.text_range());
                let is_param = data.body.params.contains(&local);
                Some(NavTarget {
                    file,
                    name_range,
                    full_range: if full_range.contains_range(name_range) {
                        full_range
                    } else {
                        name_range
                    },
                    name: data.body.local(local).name.clone(),
                    kind: if is_param {
                        NavKind::Parameter
                    } else {
                        NavKind::Local
                    },
                })
            }
        }
    }

    fn item_kind(&self, idx: ItemIdx) -> NavKind {
        let parent = self.tree.item(idx).parent.map(|p| &self.tree.item(p).kind);
        match &self.tree.item(idx).kind {
            ItemKind::Function(_) if matches!(parent, Some(ItemKind::Struct(_))) => NavKind::Method,
            ItemKind::Function(_) => NavKind::Function,
            ItemKind::Struct(_) => NavKind::Struct,
            ItemKind::Variable(_) if matches!(parent, Some(ItemKind::Struct(_))) => NavKind::Field,
            ItemKind::Variable(_) => NavKind::Global,
            ItemKind::CBuffer(_) => NavKind::CBuffer,
            ItemKind::Typedef(_) => NavKind::Typedef,
            ItemKind::Enum(_) => NavKind::Enum,
            ItemKind::Enumerator(_) => NavKind::Enumerator,
            ItemKind::Namespace(_) | ItemKind::UsingNamespace(_) => NavKind::Namespace,
        }
    }

    fn references_in(
        &self,
        within: &SyntaxNode,
        name: &str,
        targets: &[(FileId, TextRange)],
    ) -> Vec<Reference> {
        let mut out = Vec::new();
        let tokens = within
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == SyntaxKind::IDENT && t.text() == name);
        for token in tokens {
            let hits = self
                .resolve_token(&token)
                .into_iter()
                .filter_map(|d| self.nav_target(d))
                .any(|t| targets.contains(&t.key()));
            if !hits {
                continue;
            }
            let (file, range) = user_range(self.db, self.file, self.config, token.text_range());
            let is_declaration = token.parent().is_some_and(|p| p.kind() == SyntaxKind::NAME);
            out.push(Reference {
                file,
                range,
                is_declaration,
            });
        }
        out.sort_by_key(|r| (r.file, r.range.start(), r.range.end()));
        out.dedup();
        out
    }
}

/// The inferred types of call arguments, for overload choice.
fn operands(data: &BodyData, args: &[ExprId]) -> Vec<Option<Operand>> {
    args.iter()
        .map(|a| {
            Some(Operand {
                ty: data.infer.type_of_expr(*a)?.clone(),
                literal: data.infer.is_literal(*a),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
