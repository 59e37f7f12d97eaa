//! The item tree: every declaration of a file (with its includes) under one configuration —
//! functions, structs with their fields, methods and static members, cbuffers and tbuffers,
//! globals, typedefs, enums, namespaces and templates — with names, declared types as
//! written, attributes, semantics and register bindings.
//!
//! It holds no text ranges and no function bodies, so an edit inside a body leaves it equal
//! and salsa backdates it: nothing that reads only the item tree re-runs. Ranges live in
//! `ast_id_map`; bodies are lowered by `body`.

use std::collections::HashMap;
use std::sync::Arc;

use base_db::{expanded_tree, CompileConfig, SourceFile};
use rowan::ast::SyntaxNodePtr;
use rowan::{GreenNode, GreenNodeData, NodeOrToken};
use syntax::ast::{self, AstNode, HasAnnotations, HasAttributes, HasModifiers, HasName};
use syntax::preprocess::PackMatrixPragma;
use syntax::{Hlsl, SyntaxKind, SyntaxNode, TextSize};

use crate::ids::{declaration_nodes, AstId};
use crate::type_ref::{lower_path, ConstExpr, Name, Path, TypeBase, TypeRef};
use crate::HirDb;

/// An item's index in its `ItemTree`. Items are numbered in source order, which is the order
/// HLSL's declare-before-use rule follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemIdx(pub u32);

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ItemTree {
    pub items: Vec<Item>,
    /// Items at file scope, in order.
    pub top_level: Vec<ItemIdx>,
    /// `(AstId, ItemIdx)`, sorted by `AstId`.
    by_ast: Vec<(AstId, ItemIdx)>,
    /// `-enable-16bit-types`: `half` and the minimum-precision types are 16-bit types.
    pub native_16bit: bool,
    /// The `[[vk::ext_capability]]` and `[[vk::ext_extension]]` attributes of typedefs and
    /// type aliases, which an inline SPIR-V type they name asks the module for.
    pub alias_attrs: Vec<(ItemIdx, Vec<Attr>)>,
    /// The template parameters of each alias template (`template <typename T> using V =
    /// vector<T, 4>;`), by item: `V<float>` names its type with `T` bound to `float`.
    pub alias_templates: Vec<(ItemIdx, Vec<TemplateParam>)>,
    /// Aliases of a `const` type (`using P = const T;`, as DXC's `vk::WorkgroupSpirvPointer`,
    /// or `typedef const T P;`): a variable declared with one is `const`.
    pub const_aliases: Vec<ItemIdx>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// Empty for anonymous structs and `using namespace`.
    pub name: Name,
    pub ast: AstId,
    /// The struct, cbuffer, enum or namespace that contains this item.
    pub parent: Option<ItemIdx>,
    pub kind: ItemKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ItemKind {
    Function(Function),
    Struct(Struct),
    /// A global, a struct field (static or not) or a cbuffer member.
    Variable(Variable),
    CBuffer(CBuffer),
    /// `typedef` and `using X = T;`.
    Typedef(TypeRef),
    Enum(Enum),
    Enumerator(Option<ConstExpr>),
    Namespace(Vec<ItemIdx>),
    UsingNamespace(Path),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    pub template: Option<Vec<TemplateParam>>,
    /// The arguments of an explicit specialization, `template<> int f<int>(int x)`: calls
    /// that pick the template `f` with these arguments run this function instead.
    pub specialization: Option<Vec<crate::type_ref::GenericArg>>,
    pub ret: TypeRef,
    pub params: Vec<Param>,
    pub is_static: bool,
    /// Declared `precise`: the arithmetic computing its returned values keeps its exact
    /// evaluation order (lowering's `precise`).
    pub is_precise: bool,
    pub attrs: Vec<Attr>,
    pub semantic: Option<String>,
    pub has_body: bool,
    /// `S` in an out-of-line method definition `float S::f() { ... }`.
    pub qualifier: Option<Path>,
    /// `int get() const`: a method that leaves its object alone (HLSL 202x).
    pub is_const: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateParam {
    pub name: Name,
    /// `None` for `typename T`; the type of a value parameter (`uint N`).
    pub value_type: Option<TypeRef>,
    /// The default argument: `float` in `typename T = float`, `4` in `uint N = 4`.
    pub default: Option<crate::type_ref::GenericArg>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParamDirection {
    In,
    Out,
    InOut,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    pub name: Name,
    pub ty: TypeRef,
    pub direction: ParamDirection,
    pub is_const: bool,
    /// `precise`: the arithmetic computing the values stored into it inside the function
    /// keeps its exact evaluation (DXC's precise function parameter).
    pub is_precise: bool,
    pub semantic: Option<String>,
    pub has_default: bool,
    /// The default argument (`uint bands = 4`), as a constant expression.
    pub default: Option<ConstExpr>,
    /// The input primitive of a geometry shader parameter, lowercase: `point`, `line`,
    /// `triangle`, `lineadj` or `triangleadj`.
    pub input_primitive: Option<String>,
    /// `uniform`: an entry parameter that is a constant, not a stage input.
    pub is_uniform: bool,
    /// `vertices`, `indices`, `primitives` or `payload` on a mesh or amplification entry.
    pub mesh: Option<MeshParam>,
}

/// The mesh-shader qualifier of a parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MeshParam {
    Vertices,
    Indices,
    Primitives,
    Payload,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variable {
    pub ty: TypeRef,
    pub is_static: bool,
    pub is_const: bool,
    pub groupshared: bool,
    /// `globallycoherent`: a resource whose accesses are coherent across the device.
    pub globally_coherent: bool,
    /// `precise` (a `static` global): the arithmetic computing the values stored into it
    /// keeps its exact evaluation.
    pub is_precise: bool,
    pub semantic: Option<String>,
    pub register: Option<Vec<String>>,
    pub packoffset: Option<String>,
    /// The argument of `[[vk::offset(N)]]` (a struct or cbuffer member's byte offset).
    pub vk_offset: Option<ConstExpr>,
    /// `linear`, `nointerpolation`... (struct fields of stage inputs and outputs).
    pub interpolation: Vec<types::Interpolation>,
    /// `uint a : 8;`: a bit-field's width (a struct field).
    pub bit_width: Option<u8>,
    /// The initializer, when it is a constant expression we can represent.
    pub init: Option<ConstExpr>,
    pub has_init: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Struct {
    pub template: Option<Vec<TemplateParam>>,
    /// The arguments of an explicit specialization, `template<> struct S<int> { ... }`: the
    /// struct is what `S<int>` names instead of the primary template's instance.
    pub specialization: Option<Vec<crate::type_ref::GenericArg>>,
    pub bases: Vec<TypeRef>,
    /// Fields, methods, static members and nested types, in order.
    pub members: Vec<ItemIdx>,
    /// `struct S;`
    pub is_forward: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CBuffer {
    pub is_tbuffer: bool,
    pub register: Option<Vec<String>>,
    pub members: Vec<ItemIdx>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enum {
    pub scoped: bool,
    pub underlying: Option<TypeRef>,
    pub enumerators: Vec<ItemIdx>,
}

/// `[numthreads(8, 8, 1)]`: the name and the arguments' text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attr {
    pub name: String,
    pub args: Vec<String>,
}

impl ItemTree {
    pub fn item(&self, idx: ItemIdx) -> &Item {
        &self.items[idx.0 as usize]
    }

    pub fn get(&self, idx: ItemIdx) -> Option<&Item> {
        self.items.get(idx.0 as usize)
    }

    pub fn by_ast(&self, ast: AstId) -> Option<ItemIdx> {
        let i = self.by_ast.binary_search_by_key(&ast, |(a, _)| *a).ok()?;
        Some(self.by_ast[i].1)
    }

    pub fn function(&self, idx: ItemIdx) -> Option<&Function> {
        match &self.get(idx)?.kind {
            ItemKind::Function(f) => Some(f),
            _ => None,
        }
    }

    pub fn strukt(&self, idx: ItemIdx) -> Option<&Struct> {
        match &self.get(idx)?.kind {
            ItemKind::Struct(s) => Some(s),
            _ => None,
        }
    }

    /// The members of a container item (struct, cbuffer, enum, namespace).
    pub fn children(&self, idx: ItemIdx) -> &[ItemIdx] {
        match &self.item(idx).kind {
            ItemKind::Struct(s) => &s.members,
            ItemKind::CBuffer(c) => &c.members,
            ItemKind::Enum(e) => &e.enumerators,
            ItemKind::Namespace(items) => items,
            _ => &[],
        }
    }

    /// Every item index, in source order.
    pub fn indices(&self) -> impl Iterator<Item = ItemIdx> {
        (0..self.items.len() as u32).map(ItemIdx)
    }

    /// The qualified name of an item (`ns::S::f`).
    pub fn qualified_name(&self, idx: ItemIdx) -> String {
        let item = self.item(idx);
        match item.parent {
            Some(p) if !matches!(self.item(p).kind, ItemKind::CBuffer(_)) => {
                format!("{}::{}", self.qualified_name(p), item.name)
            }
            _ => item.name.clone(),
        }
    }
}

/// The item tree of `file` under `config`. It reads the expanded tree through `item_outline`,
/// so an edit inside a function body does not re-run it.
#[salsa::tracked(returns(clone))]
pub fn item_tree(db: &dyn HirDb, file: SourceFile, config: CompileConfig) -> Arc<ItemTree> {
    let root = SyntaxNode::new_root(item_outline(db, file, config).0.clone());
    let mut tree = lower_item_tree(&root, matrix_packing(db, file, config));
    tree.native_16bit = config.preprocess(db).enable_16bit_types;
    Arc::new(tree)
}

/// The expanded tree as the item tree sees it: two outlines are equal when their trees differ
/// only inside function bodies, so salsa backdates this query after a body edit and the item
/// tree is not rebuilt. Only `item_tree` may read it, because it looks at nothing in a body
/// but whether there is one. Offsets can differ between equal outlines; the item tree uses
/// them only to compare declarations with `#pragma pack_matrix` positions, which an edit moves
/// alike (and `matrix_packing` changes when it moves a pragma).
#[salsa::tracked(returns(ref))]
fn item_outline(db: &dyn HirDb, file: SourceFile, config: CompileConfig) -> ItemOutline {
    ItemOutline(expanded_tree(db, file, config).green.clone())
}

#[derive(Debug, Clone)]
struct ItemOutline(GreenNode);

impl PartialEq for ItemOutline {
    fn eq(&self, other: &ItemOutline) -> bool {
        same_outside_bodies(&self.0, &other.0)
    }
}

impl Eq for ItemOutline {}

/// Whether two green trees are equal apart from the contents of function bodies (the `BLOCK`
/// children of `FN_DEF`s). Shared subtrees answer at once.
fn same_outside_bodies(a: &GreenNodeData, b: &GreenNodeData) -> bool {
    if std::ptr::eq(a, b) {
        return true;
    }
    if a.kind() != b.kind() || a.children().len() != b.children().len() {
        return false;
    }
    let is_fn = SyntaxKind::from(a.kind().0) == SyntaxKind::FN_DEF;
    a.children().zip(b.children()).all(|pair| match pair {
        (NodeOrToken::Node(x), NodeOrToken::Node(y)) => {
            let body =
                |n: &GreenNodeData| is_fn && SyntaxKind::from(n.kind().0) == SyntaxKind::BLOCK;
            (body(x) && body(y)) || same_outside_bodies(x, y)
        }
        (NodeOrToken::Token(x), NodeOrToken::Token(y)) => x == y,
        _ => false,
    })
}

/// The `#pragma pack_matrix` changes of `file`. A query of its own so that the item tree
/// reads the parse (which changes on every keystroke) only through it: an edit that moves no
/// pragma within the expanded tree leaves the item tree unexecuted.
#[salsa::tracked(returns(ref))]
fn matrix_packing(db: &dyn HirDb, file: SourceFile, config: CompileConfig) -> MatrixPacking {
    let parsed = base_db::parse_file(db, file, config);
    let expanded = base_db::expanded_tree(db, file, config);
    let mut packing = MatrixPacking::new(&parsed.preprocessed.pack_matrix, &expanded.token_starts);
    if config.preprocess(db).row_major_default {
        // `-Zpr`: row-major from the start of the file until a pragma says otherwise.
        packing.changes.insert(0, (TextSize::from(0), true));
    }
    packing
}

/// Where `#pragma pack_matrix` changes the default matrix orientation, by offset in the
/// expanded tree. Declarations without `row_major`/`column_major` take the default in effect
/// where they start.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct MatrixPacking {
    /// (offset, row major), in order.
    changes: Vec<(TextSize, bool)>,
}

impl MatrixPacking {
    pub fn new(pragmas: &[PackMatrixPragma], token_starts: &[TextSize]) -> MatrixPacking {
        let mut changes: Vec<(TextSize, bool)> = pragmas
            .iter()
            .map(|p| {
                let at = token_starts
                    .get(p.token_index)
                    .copied()
                    .unwrap_or(TextSize::from(u32::MAX));
                (at, p.row_major)
            })
            .collect();
        changes.sort_by_key(|(at, _)| *at);
        MatrixPacking { changes }
    }

    /// Applies the default in effect at `node` to a type written without an orientation.
    fn apply(&self, node: &SyntaxNode, ty: &mut TypeRef) {
        if ty.row_major || ty.column_major {
            return;
        }
        let start = node.text_range().start();
        if let Some((_, row_major)) = self.changes.iter().rev().find(|(at, _)| *at <= start) {
            if *row_major {
                ty.row_major = true;
            } else {
                ty.column_major = true;
            }
        }
    }
}

/// Builds the item tree of an expanded tree.
pub fn lower_item_tree(root: &SyntaxNode, packing: &MatrixPacking) -> ItemTree {
    let ids = declaration_nodes(root)
        .iter()
        .enumerate()
        .map(|(i, n)| (SyntaxNodePtr::new(n), AstId(i as u32)))
        .collect();
    let mut ctx = Lowering {
        tree: ItemTree::default(),
        ids,
        packing,
    };
    let top: Vec<_> = root
        .children()
        .filter_map(ast::Item::cast)
        .flat_map(|item| ctx.lower_item(&item, None))
        .collect();
    ctx.tree.top_level = top;
    let mut by_ast: Vec<_> = ctx
        .tree
        .items
        .iter()
        .enumerate()
        .map(|(i, it)| (it.ast, ItemIdx(i as u32)))
        .collect();
    by_ast.sort();
    by_ast.dedup_by_key(|(a, _)| *a);
    ctx.tree.by_ast = by_ast;
    ctx.tree
}

struct Lowering<'a> {
    tree: ItemTree,
    ids: HashMap<SyntaxNodePtr<Hlsl>, AstId>,
    packing: &'a MatrixPacking,
}

impl Lowering<'_> {
    fn ast_id(&self, node: &SyntaxNode) -> AstId {
        // Every declaration node has an id; `u32::MAX` only for nodes the walk skipped.
        self.ids
            .get(&SyntaxNodePtr::new(node))
            .copied()
            .unwrap_or(AstId(u32::MAX))
    }

    fn push(
        &mut self,
        name: Name,
        node: &SyntaxNode,
        parent: Option<ItemIdx>,
        kind: ItemKind,
    ) -> ItemIdx {
        let idx = ItemIdx(self.tree.items.len() as u32);
        let ast = self.ast_id(node);
        self.tree.items.push(Item {
            name,
            ast,
            parent,
            kind,
        });
        idx
    }

    /// Records the inline SPIR-V requirements among the attributes of typedef `idx`.
    fn alias_attrs(&mut self, idx: ItemIdx, attrs: ast::AstChildren<ast::Attribute>) {
        let attrs: Vec<Attr> = lower_attrs(attrs)
            .into_iter()
            .filter(|a| matches!(a.name.as_str(), "vk::ext_capability" | "vk::ext_extension"))
            .collect();
        if !attrs.is_empty() {
            self.tree.alias_attrs.push((idx, attrs));
        }
    }

    /// Lowers one item; a variable declaration gives one item per declarator.
    fn lower_item(&mut self, item: &ast::Item, parent: Option<ItemIdx>) -> Vec<ItemIdx> {
        match item {
            ast::Item::FnDef(f) => vec![self.lower_fn(f, parent)],
            ast::Item::VarDecl(v) => self.lower_var_decl(v, parent),
            ast::Item::StructDef(s) => self.lower_struct(s, parent).into_iter().collect(),
            ast::Item::CBufferDef(c) => vec![self.lower_cbuffer(c, parent)],
            ast::Item::TypedefDef(t) => {
                let mut out = Vec::new();
                let inline = t
                    .ty()
                    .and_then(|ty| ty.struct_def())
                    .and_then(|s| self.lower_struct(&s, parent));
                out.extend(inline);
                let mods = t.modifiers();
                let is_const = mods.iter().any(|m| m.kind() == SyntaxKind::CONST_KW)
                    || t.ty().is_some_and(|ty| ty.has_const());
                for d in t.declarators() {
                    let mut ty = TypeRef::lower(t.ty(), &mods, d.array_suffixes());
                    self.packing.apply(t.syntax(), &mut ty);
                    if let Some(s) = inline {
                        ty.base = TypeBase::InlineStruct(s.0);
                    }
                    let name = d.name().map(|n| n.text()).unwrap_or_default();
                    let idx = self.push(name, d.syntax(), parent, ItemKind::Typedef(ty));
                    if is_const {
                        self.tree.const_aliases.push(idx);
                    }
                    self.alias_attrs(idx, t.attributes());
                    out.push(idx);
                }
                out
            }
            ast::Item::TypeAlias(a) => {
                let name = a.name().map(|n| n.text()).unwrap_or_default();
                let ty = TypeRef::lower(a.ty(), &[], std::iter::empty());
                let idx = self.push(name, a.syntax(), parent, ItemKind::Typedef(ty));
                self.alias_attrs(idx, a.attributes());
                if let Some(list) = a.template_param_list() {
                    let params = lower_template_params(&list);
                    self.tree.alias_templates.push((idx, params));
                }
                let is_const = a
                    .syntax()
                    .descendants_with_tokens()
                    .filter_map(|e| e.into_token())
                    .skip_while(|t| t.kind() != SyntaxKind::EQ)
                    .any(|t| t.kind() == SyntaxKind::CONST_KW);
                if is_const {
                    self.tree.const_aliases.push(idx);
                }
                vec![idx]
            }
            // `enum E : 1;` in a struct: an unnamed bit-field (padding), no enum.
            ast::Item::EnumDef(e)
                if e.variant_list().is_none()
                    && e.syntax()
                        .children()
                        .any(|c| c.kind() == SyntaxKind::BIT_FIELD_WIDTH) =>
            {
                Vec::new()
            }
            ast::Item::EnumDef(e) => vec![self.lower_enum(e, parent)],
            ast::Item::NamespaceDef(n) => {
                let name = n.name().map(|n| n.text()).unwrap_or_default();
                let idx = self.push(name, n.syntax(), parent, ItemKind::Namespace(Vec::new()));
                let children: Vec<_> = n
                    .item_list()
                    .map(|l| {
                        l.items()
                            .flat_map(|i| self.lower_item(&i, Some(idx)))
                            .collect()
                    })
                    .unwrap_or_default();
                self.tree.items[idx.0 as usize].kind = ItemKind::Namespace(children);
                vec![idx]
            }
            ast::Item::UsingNamespace(u) => {
                let path = u.path().map(|p| lower_path(&p)).unwrap_or_default();
                // `USING_NAMESPACE` has no AstId of its own; it shares its parent's.
                let node = u.syntax().clone();
                vec![self.push(String::new(), &node, parent, ItemKind::UsingNamespace(path))]
            }
            // Checked where it is written (`static_assert_checks`); it declares nothing.
            ast::Item::StaticAssert(_) => Vec::new(),
        }
    }

    fn lower_fn(&mut self, f: &ast::FnDef, parent: Option<ItemIdx>) -> ItemIdx {
        let name = f.name().map(|n| n.text()).unwrap_or_default();
        let params = f
            .param_list()
            .map(|l| {
                l.params()
                    .map(|p| {
                        let mut param = lower_param(&p);
                        self.packing.apply(p.syntax(), &mut param.ty);
                        param
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut ret = TypeRef::lower(f.return_type(), &f.modifiers(), std::iter::empty());
        self.packing.apply(f.syntax(), &mut ret);
        let function = Function {
            template: f.template_param_list().map(|l| lower_template_params(&l)),
            specialization: f
                .specialization_args()
                .map(|l| crate::type_ref::lower_generic_args(&l)),
            ret,
            params,
            is_static: f.has_modifier(SyntaxKind::STATIC_KW),
            is_precise: f.has_modifier(SyntaxKind::PRECISE_KW),
            attrs: lower_attrs(f.attributes()),
            semantic: f.semantic().map(|s| s.text()),
            has_body: f.body().is_some(),
            qualifier: f.qualifier().map(|p| lower_path(&p)),
            is_const: !f.const_qualifiers().is_empty(),
        };
        self.push(name, f.syntax(), parent, ItemKind::Function(function))
    }

    fn lower_var_decl(&mut self, v: &ast::VarDecl, parent: Option<ItemIdx>) -> Vec<ItemIdx> {
        let mut out = Vec::new();
        let inline = v
            .ty()
            .and_then(|t| t.struct_def())
            .and_then(|s| self.lower_struct(&s, parent));
        out.extend(inline);
        let mods = v.modifiers();
        let has = |k: SyntaxKind| mods.iter().any(|t| t.kind() == k);
        if let Some(q) = v.qualifier() {
            self.define_static_members(&lower_path(&q), v);
            return out;
        }
        for d in v.declarators() {
            let mut ty = TypeRef::lower(v.ty(), &mods, d.array_suffixes());
            self.packing.apply(v.syntax(), &mut ty);
            if let Some(s) = inline {
                ty.base = TypeBase::InlineStruct(s.0);
            }
            let init = d.initializer();
            let var = Variable {
                ty,
                is_static: has(SyntaxKind::STATIC_KW),
                is_const: has(SyntaxKind::CONST_KW) || v.ty().is_some_and(|t| t.has_const()),
                groupshared: has(SyntaxKind::GROUPSHARED_KW),
                globally_coherent: has(SyntaxKind::GLOBALLYCOHERENT_KW),
                is_precise: has(SyntaxKind::PRECISE_KW),
                semantic: d.semantic().map(|s| s.text()),
                register: d.register_binding().map(|r| r.args()),
                packoffset: d.packoffset().and_then(|p| p.offset()),
                vk_offset: vk_offset(v),
                interpolation: mods
                    .iter()
                    .filter_map(|t| interpolation(t.kind()))
                    .collect(),
                bit_width: d
                    .bit_field_width()
                    .and_then(|w| w.width())
                    .and_then(|t| t.text().parse().ok()),
                init: init.as_ref().map(ConstExpr::lower),
                has_init: init.is_some(),
            };
            let name = d.name().map(|n| n.text()).unwrap_or_default();
            out.push(self.push(name, d.syntax(), parent, ItemKind::Variable(var)));
        }
        out
    }

    /// `const int S::SIX = 6;`: the out-of-class definition of static member `SIX` of struct
    /// `S` gives the member declared in `S` its initializer; it is no item of its own. A
    /// definition whose struct or member is not found is dropped (FIXME: report it).
    fn define_static_members(&mut self, qualifier: &Path, v: &ast::VarDecl) {
        let mut scope: Option<ItemIdx> = None;
        for seg in &qualifier.segments {
            let found = (0..self.tree.items.len() as u32).map(ItemIdx).find(|&i| {
                let item = &self.tree.items[i.0 as usize];
                item.name == seg.name
                    && matches!(item.kind, ItemKind::Struct(_) | ItemKind::Namespace(_))
                    && (scope.is_none() || item.parent == scope)
            });
            let Some(found) = found else { return };
            scope = Some(found);
        }
        let Some(ItemKind::Struct(strukt)) = scope.map(|s| &self.tree.items[s.0 as usize].kind)
        else {
            return;
        };
        let members = strukt.members.clone();
        for d in v.declarators() {
            let name = d.name().map(|n| n.text()).unwrap_or_default();
            let init = d.initializer();
            let member = members
                .iter()
                .find(|m| self.tree.items[m.0 as usize].name == name)
                .copied();
            if let Some(m) = member {
                if let ItemKind::Variable(var) = &mut self.tree.items[m.0 as usize].kind {
                    if var.is_static && !var.has_init {
                        var.init = init.as_ref().map(ConstExpr::lower);
                        var.has_init = init.is_some();
                    }
                }
            }
        }
    }

    fn lower_struct(&mut self, s: &ast::StructDef, parent: Option<ItemIdx>) -> Option<ItemIdx> {
        let name = s.name().map(|n| n.text()).unwrap_or_default();
        let strukt = Struct {
            template: s.template_param_list().map(|l| lower_template_params(&l)),
            specialization: s
                .specialization_args()
                .map(|l| crate::type_ref::lower_generic_args(&l)),
            bases: s
                .base_list()
                .map(|b| {
                    b.types()
                        .map(|t| TypeRef::lower(Some(t), &[], std::iter::empty()))
                        .collect()
                })
                .unwrap_or_default(),
            members: Vec::new(),
            is_forward: s.field_list().is_none(),
        };
        let idx = self.push(name, s.syntax(), parent, ItemKind::Struct(strukt));
        let members: Vec<_> = s
            .field_list()
            .map(|l| {
                l.members()
                    .flat_map(|m| self.lower_item(&m, Some(idx)))
                    .collect()
            })
            .unwrap_or_default();
        if let ItemKind::Struct(st) = &mut self.tree.items[idx.0 as usize].kind {
            st.members = members;
        }
        Some(idx)
    }

    fn lower_cbuffer(&mut self, c: &ast::CBufferDef, parent: Option<ItemIdx>) -> ItemIdx {
        let name = c.name().map(|n| n.text()).unwrap_or_default();
        let cb = CBuffer {
            is_tbuffer: c.is_tbuffer(),
            register: c.register_binding().map(|r| r.args()),
            members: Vec::new(),
        };
        let idx = self.push(name, c.syntax(), parent, ItemKind::CBuffer(cb));
        let members: Vec<_> = c
            .item_list()
            .map(|l| {
                l.items()
                    .flat_map(|m| self.lower_item(&m, Some(idx)))
                    .collect()
            })
            .unwrap_or_default();
        if let ItemKind::CBuffer(cb) = &mut self.tree.items[idx.0 as usize].kind {
            cb.members = members;
        }
        idx
    }

    fn lower_enum(&mut self, e: &ast::EnumDef, parent: Option<ItemIdx>) -> ItemIdx {
        let name = e.name().map(|n| n.text()).unwrap_or_default();
        let en = Enum {
            scoped: e.is_scoped(),
            underlying: e
                .underlying_type()
                .map(|t| TypeRef::lower(Some(t), &[], std::iter::empty())),
            enumerators: Vec::new(),
        };
        let idx = self.push(name, e.syntax(), parent, ItemKind::Enum(en));
        let variants: Vec<_> = e
            .variant_list()
            .map(|l| {
                l.variants()
                    .map(|v| {
                        let name = v.name().map(|n| n.text()).unwrap_or_default();
                        let value = v.value().map(|e| ConstExpr::lower(&e));
                        self.push(name, v.syntax(), Some(idx), ItemKind::Enumerator(value))
                    })
                    .collect()
            })
            .unwrap_or_default();
        if let ItemKind::Enum(en) = &mut self.tree.items[idx.0 as usize].kind {
            en.enumerators = variants;
        }
        idx
    }
}

pub(crate) fn interpolation(kind: SyntaxKind) -> Option<types::Interpolation> {
    use types::Interpolation::*;
    Some(match kind {
        SyntaxKind::LINEAR_KW => Linear,
        SyntaxKind::CENTROID_KW => Centroid,
        SyntaxKind::NOINTERPOLATION_KW => NoInterpolation,
        SyntaxKind::NOPERSPECTIVE_KW => NoPerspective,
        SyntaxKind::SAMPLE_KW => Sample,
        _ => return None,
    })
}

/// Lowers a parameter (also used for the parameters of function bodies).
pub(crate) fn lower_param(p: &ast::Param) -> Param {
    let mods = p.modifiers();
    let has = |k: SyntaxKind| mods.iter().any(|t| t.kind() == k);
    let direction =
        if has(SyntaxKind::INOUT_KW) || (has(SyntaxKind::IN_KW) && has(SyntaxKind::OUT_KW)) {
            ParamDirection::InOut
        } else if has(SyntaxKind::OUT_KW) {
            ParamDirection::Out
        } else {
            ParamDirection::In
        };
    Param {
        name: p.name().map(|n| n.text()).unwrap_or_default(),
        ty: TypeRef::lower(p.ty(), &mods, p.array_suffixes()),
        direction,
        is_const: has(SyntaxKind::CONST_KW) || p.ty().is_some_and(|t| t.has_const()),
        is_precise: has(SyntaxKind::PRECISE_KW),
        semantic: p.semantic().map(|s| s.text()),
        has_default: p.default_value().is_some(),
        default: p.default_value().map(|e| ConstExpr::lower(&e)),
        input_primitive: mods
            .iter()
            .find(|t| {
                use SyntaxKind::*;
                matches!(
                    t.kind(),
                    POINT_KW | LINE_KW | TRIANGLE_KW | LINEADJ_KW | TRIANGLEADJ_KW
                )
            })
            .map(|t| t.text().to_ascii_lowercase()),
        is_uniform: has(SyntaxKind::UNIFORM_KW),
        mesh: if has(SyntaxKind::VERTICES_KW) {
            Some(MeshParam::Vertices)
        } else if has(SyntaxKind::INDICES_KW) {
            Some(MeshParam::Indices)
        } else if has(SyntaxKind::PRIMITIVES_KW) {
            Some(MeshParam::Primitives)
        } else if has(SyntaxKind::PAYLOAD_KW) {
            Some(MeshParam::Payload)
        } else {
            None
        },
    }
}

fn lower_template_params(list: &ast::TemplateParamList) -> Vec<TemplateParam> {
    list.params()
        .map(|p| TemplateParam {
            name: p.name().map(|n| n.text()).unwrap_or_default(),
            value_type: if p.is_type_param() {
                None
            } else {
                Some(TypeRef::lower(p.ty(), &[], std::iter::empty()))
            },
            default: if p.is_type_param() {
                p.default_type().map(|t| {
                    crate::type_ref::GenericArg::Type(TypeRef::lower(
                        Some(t),
                        &[],
                        std::iter::empty(),
                    ))
                })
            } else {
                p.default_value()
                    .map(|e| crate::type_ref::GenericArg::Const(ConstExpr::lower(&e)))
            },
        })
        .collect()
}

/// The argument of `[[vk::offset(N)]]` on declaration `v` (`Unknown` when it has none).
fn vk_offset(v: &ast::VarDecl) -> Option<ConstExpr> {
    let a = v.attributes().find(|a| a.name_text() == "vk::offset")?;
    let arg = a.arg_list().and_then(|l| l.args().next());
    Some(arg.as_ref().map_or(ConstExpr::Unknown, ConstExpr::lower))
}

fn lower_attrs(attrs: ast::AstChildren<ast::Attribute>) -> Vec<Attr> {
    attrs
        .map(|a| Attr {
            name: a.name_text(),
            args: a
                .arg_list()
                .map(|l| {
                    l.args()
                        .map(|e| e.syntax().text().to_string().trim().to_owned())
                        .collect()
                })
                .unwrap_or_default(),
        })
        .collect()
}
