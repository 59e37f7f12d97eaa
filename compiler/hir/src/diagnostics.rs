//! Semantic diagnostics of a file: item-level checks (redefinitions, unknown types in
//! declarations, recursion through the call graph) and the diagnostics of every body, mapped
//! from ids to the user's text through the source maps and `ids::user_range`.

use std::collections::HashMap;

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode, HasName};
use syntax::{Diagnostic, FileId, SyntaxNode, TextRange};

use crate::body::{body_source_map, global_body_with_source_map, BodySourceMap};
use crate::codes;
use crate::ids::{ast_id_map, expanded_root, user_range, AstId, FunctionId, GlobalId};
use crate::infer::{
    function_signature, infer, infer_global, BodyNode, InferenceResult, RelatedNode,
};
use crate::item_tree::{item_tree, ItemIdx, ItemKind, ItemTree};
use crate::lower_type::{TypeCtx, TypeError};
use crate::scope::item_scope;
use crate::HirDb;

/// An array size that is not a constant, in DXC's words (it has no variable-length arrays).
pub(crate) const NOT_CONSTANT_SIZE: &str =
    "variable length arrays are not supported in HLSL: the array size is not a constant";

/// Every function of `file` that has a body, in source order.
pub fn functions(db: &dyn HirDb, file: SourceFile, config: CompileConfig) -> Vec<FunctionId<'_>> {
    let tree = item_tree(db, file, config);
    tree.indices()
        .filter(|i| tree.function(*i).is_some_and(|f| f.has_body))
        .map(|i| FunctionId::new(db, file, config, tree.item(i).ast))
        .collect()
}

/// The semantic diagnostics of `file` under `config`, in source order.
pub fn diagnostics(db: &dyn HirDb, file: SourceFile, config: CompileConfig) -> Vec<Diagnostic> {
    file_diagnostics(db, file, config).clone()
}

/// The query behind `diagnostics`: memoized, so asking again for a file nothing has changed
/// (another open file in the editor, say) costs a revalidation, not a new collection.
#[salsa::tracked(returns(ref))]
fn file_diagnostics(db: &dyn HirDb, file: SourceFile, config: CompileConfig) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let root = expanded_root(db, file, config);
    let map = ast_id_map(db, file, config);
    let item_range = |ast: AstId| -> (FileId, TextRange) {
        let range = map
            .node(&root, ast)
            .map(|n| name_range(&n))
            .unwrap_or_default();
        user_range(db, file, config, range)
    };
    let tree = item_tree(db, file, config);
    // Part 0 of a function is its return type, part `i + 1` its parameter `i`.
    let part_range = |ast: AstId, part: usize| -> (FileId, TextRange) {
        let f = map.node(&root, ast).and_then(ast::FnDef::cast);
        let range = f.and_then(|f| match part {
            0 => f.return_type().map(|t| t.syntax().text_range()),
            i => f.param_list()?.params().nth(i - 1).map(|p| {
                p.ty()
                    .map_or_else(|| p.syntax().text_range(), |t| t.syntax().text_range())
            }),
        });
        match range {
            Some(r) => user_range(db, file, config, r),
            None => item_range(ast),
        }
    };
    item_diagnostics(db, file, config, &tree, &item_range, &part_range, &mut out);

    let funcs = functions(db, file, config);
    let mut graph: HashMap<AstId, Vec<AstId>> = HashMap::new();
    for &f in &funcs {
        let result = infer(db, f);
        graph.insert(f.ast(db), result.calls.clone());
        if !result.diagnostics.is_empty() {
            let source_map = body_source_map(db, f);
            let owner = item_range(f.ast(db));
            map_body_diagnostics(
                db,
                file,
                config,
                &result,
                &source_map,
                owner,
                &item_range,
                &mut out,
            );
        }
    }
    for g in globals_with_initializers(db, file, config) {
        let result = infer_global(db, g);
        if !result.diagnostics.is_empty() {
            let source_map = global_body_with_source_map(db, g).1;
            let owner = item_range(g.ast(db));
            map_body_diagnostics(
                db,
                file,
                config,
                &result,
                &source_map,
                owner,
                &item_range,
                &mut out,
            );
        }
    }
    crate::default_checks::default_diagnostics(db, file, config, &item_range, &mut out);
    crate::static_assert_checks::static_assert_diagnostics(db, file, config, &mut out);
    // Calls resolved to a prototype call its definition.
    let scope = item_scope(db, file, config);
    let definition: HashMap<AstId, AstId> = tree
        .indices()
        .filter(|i| tree.function(*i).is_some_and(|f| !f.has_body))
        .filter_map(|proto| {
            let sig = |i: ItemIdx| {
                function_signature(db, FunctionId::new(db, file, config, tree.item(i).ast))
            };
            let def = scope
                .in_scope(
                    crate::scope::declaring_scope(&tree, proto),
                    &tree.item(proto).name,
                )
                .iter()
                .copied()
                .find(|d| {
                    tree.function(*d).is_some_and(|f| f.has_body)
                        && sig(*d).params == sig(proto).params
                })?;
            Some((tree.item(proto).ast, tree.item(def).ast))
        })
        .collect();
    for callees in graph.values_mut() {
        for c in callees.iter_mut() {
            if let Some(d) = definition.get(c) {
                *c = *d;
            }
        }
    }
    recursion(db, &tree, &graph, &item_range, &mut out);
    crate::barrier_checks::barrier_diagnostics(db, file, config, &funcs, &graph, &mut out);
    crate::barrier_checks::gated_call_diagnostics(db, file, config, &funcs, &graph, &mut out);
    crate::derivative_checks::derivative_diagnostics(db, file, config, &funcs, &graph, &mut out);
    crate::pointer_local_checks::pointer_local_diagnostics(
        db, file, config, &funcs, &graph, &mut out,
    );
    crate::uninit_const_locals::uninit_const_diagnostics(db, file, config, &funcs, &mut out);
    crate::hull_checks::hull_reachability_diagnostics(db, file, config, &graph, &mut out);
    crate::entry_checks::entry_diagnostics(db, file, config, &mut out);
    crate::attr_checks::attribute_diagnostics(db, file, config, &mut out);
    crate::param_decoration_checks::param_decoration_diagnostics(db, file, config, &mut out);
    crate::unknown_attr_checks::unknown_attribute_diagnostics(db, file, config, &mut out);
    crate::decl_checks::declaration_diagnostics(db, file, config, &mut out);
    crate::effect_checks::effect_syntax_diagnostics(db, file, config, &mut out);
    crate::abstract_checks::abstract_type_diagnostics(db, file, config, &mut out);
    let damage = crate::broken_syntax::damage(db, file, config);
    out.retain(|d| !damage.hides(d));
    out.sort_by_key(|d| (d.file, d.range.start(), d.code));
    out.dedup();
    out
}

/// Globals and static members with an initializer (cbuffer members' initializers are
/// ignored, as DXC does).
pub fn globals_with_initializers(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
) -> Vec<GlobalId<'_>> {
    let tree = item_tree(db, file, config);
    tree.indices()
        .filter(|i| match &tree.item(*i).kind {
            ItemKind::Variable(v) => {
                v.has_init
                    && !tree
                        .item(*i)
                        .parent
                        .is_some_and(|p| matches!(tree.item(p).kind, ItemKind::CBuffer(_)))
            }
            _ => false,
        })
        .map(|i| GlobalId::new(db, file, config, tree.item(i).ast))
        .collect()
}

/// Turns the id-based diagnostics of a body into text diagnostics.
#[allow(clippy::too_many_arguments)]
pub(crate) fn map_body_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    result: &InferenceResult,
    source_map: &BodySourceMap,
    owner: (FileId, TextRange),
    item_range: &dyn Fn(AstId) -> (FileId, TextRange),
    out: &mut Vec<Diagnostic>,
) {
    let node_range = |node: BodyNode| -> (FileId, TextRange) {
        let range = match node {
            BodyNode::Expr(e) => source_map.expr_syntax(e).text_range(),
            BodyNode::Local(l) => source_map.local_syntax(l).text_range(),
            BodyNode::Stmt(s) => source_map.stmt_syntax(s).text_range(),
            BodyNode::Function => return owner,
        };
        user_range(db, file, config, range)
    };
    for d in &result.diagnostics {
        let (dfile, range) = node_range(d.node);
        let mut diag = Diagnostic {
            code: d.code,
            severity: d.severity,
            message: d.message.clone(),
            file: dfile,
            range,
            related: Vec::new(),
        };
        for (node, message) in &d.related {
            let (rfile, rrange) = match node {
                RelatedNode::Local(l) => node_range(BodyNode::Local(*l)),
                RelatedNode::Item(ast) => item_range(*ast),
            };
            diag = diag.with_related(rfile, rrange, message.clone());
        }
        out.push(diag);
    }
}

/// The range of a declaration's name, or of the whole node.
fn name_range(node: &SyntaxNode) -> TextRange {
    let name = ast::FnDef::cast(node.clone())
        .and_then(|f| f.name())
        .or_else(|| ast::VarDeclarator::cast(node.clone()).and_then(|d| d.name()))
        .or_else(|| ast::StructDef::cast(node.clone()).and_then(|d| d.name()))
        .or_else(|| ast::CBufferDef::cast(node.clone()).and_then(|d| d.name()))
        .or_else(|| ast::EnumDef::cast(node.clone()).and_then(|d| d.name()))
        .or_else(|| ast::Variant::cast(node.clone()).and_then(|d| d.name()))
        .or_else(|| ast::NamespaceDef::cast(node.clone()).and_then(|d| d.name()))
        .or_else(|| ast::TypeAlias::cast(node.clone()).and_then(|d| d.name()));
    match name {
        Some(n) => n.syntax().text_range(),
        None => node.text_range(),
    }
}

fn item_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    tree: &ItemTree,
    item_range: &dyn Fn(AstId) -> (FileId, TextRange),
    part_range: &dyn Fn(AstId, usize) -> (FileId, TextRange),
    out: &mut Vec<Diagnostic>,
) {
    let checks = item_checks(db, file, config);
    for &(later, previous) in &checks.redefinitions {
        let (f, r) = item_range(tree.item(later).ast);
        let (pf, pr) = item_range(tree.item(previous).ast);
        out.push(
            Diagnostic::error(
                codes::REDEFINITION,
                format!("redefinition of `{}`", tree.item(later).name),
                f,
                r,
            )
            .with_related(pf, pr, "previous definition is here"),
        );
    }
    for (idx, part, e) in &checks.type_errors {
        let item = tree.item(*idx);
        let (f, r) = match item.kind {
            ItemKind::Function(_) => part_range(item.ast, *part),
            _ => item_range(item.ast),
        };
        if let (TypeError::UnknownType(name), ItemKind::Variable(_)) = (e, &item.kind) {
            // DXC drops the declaration with a warning; a use of it is still an error. HLSL
            // 202x has no effects syntax: there the type is unknown.
            let effects = config.preprocess(db).hlsl_version < crate::HLSL_202X;
            if effects && EFFECT_OBJECT_TYPES.contains(&name.as_str()) {
                let message = "effect object ignored - effect syntax is deprecated";
                out.push(Diagnostic::warning(codes::EFFECT_OBJECT, message, f, r));
                continue;
            }
        }
        let (code, message) = match e {
            TypeError::UnknownType(name) => crate::dxil_only_types::unknown_type(name),
            TypeError::DeclaredLater(name) => (codes::UNKNOWN_TYPE, declared_later(name)),
            TypeError::StringType if matches!(item.kind, ItemKind::Function(_)) && *part > 0 => (
                codes::STRING_TYPE,
                "parameter of type string is not supported".to_owned(),
            ),
            TypeError::StringType => (
                codes::STRING_TYPE,
                "string declaration not supported here: `string` is for global constants \
                 (printf formats) only"
                    .to_owned(),
            ),
            TypeError::NotConstant => (codes::NOT_CONSTANT, NOT_CONSTANT_SIZE.to_owned()),
            TypeError::ArraySize(message) => (codes::NOT_CONSTANT, message.clone()),
            TypeError::NotSupported(what) => {
                (codes::NOT_SUPPORTED, format!("not supported yet: {what}"))
            }
            TypeError::InvalidArgument(what) => (codes::INVALID_TYPE_ARGUMENT, what.clone()),
            TypeError::MissingTypename(path) => (codes::UNKNOWN_TYPE, missing_typename(path)),
            TypeError::NotSignable(message) => (codes::NOT_SIGNABLE, message.clone()),
            TypeError::Orientation(message) => (codes::MATRIX_ORIENTATION, message.clone()),
            TypeError::MissingTemplate(name) => (codes::UNKNOWN_TYPE, missing_template(name)),
        };
        out.push(Diagnostic::error(code, message, f, r));
    }
}

/// The object types of the legacy effects framework (fx), which DXC parses and ignores.
const EFFECT_OBJECT_TYPES: [&str; 20] = [
    "BlendState",
    "ComputeShader",
    "DepthStencilState",
    "DepthStencilView",
    "DomainShader",
    "GeometryShader",
    "HullShader",
    "Hullshader",
    "PixelShader",
    "RasterizerState",
    "RenderTargetView",
    "Texture",
    "VertexShader",
    "pixelfragment",
    "pixelshader",
    "stateblock",
    "stateblock_state",
    "texture",
    "vertexfragment",
    "vertexshader",
];

/// What the item-level checks found, by item: no ranges, so an edit that leaves the item tree
/// and the signatures alone (any edit inside a body) does not re-run the checks.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct ItemChecks {
    /// (the redefinition, the earlier definition).
    redefinitions: Vec<(ItemIdx, ItemIdx)>,
    /// Types of declarations that do not resolve: (item, part, error), where part 0 of a
    /// function is its return type and part `i + 1` its parameter `i`.
    type_errors: Vec<(ItemIdx, usize, TypeError)>,
}

#[salsa::tracked(returns(ref))]
fn item_checks(db: &dyn HirDb, file: SourceFile, config: CompileConfig) -> ItemChecks {
    let tree = item_tree(db, file, config);
    let scope = item_scope(db, file, config);
    let mut checks = ItemChecks::default();
    // Redefinitions: two items of one name in one scope, except overloads, a prototype and
    // its definition, forward declarations, reopened namespaces and identical typedefs.
    for group in scope.groups() {
        for (n, &later) in group.iter().enumerate() {
            let previous = group[..n]
                .iter()
                .copied()
                .find(|&earlier| conflicts(db, file, config, &tree, earlier, later));
            if let Some(previous) = previous {
                checks.redefinitions.push((later, previous));
            }
        }
    }
    // Unknown types in declarations, on the type as written where we can find it.
    for idx in tree.indices() {
        let item = tree.item(idx);
        let refs: Vec<&crate::type_ref::TypeRef> = match &item.kind {
            ItemKind::Variable(v) => vec![&v.ty],
            ItemKind::Function(f) => std::iter::once(&f.ret)
                .chain(f.params.iter().map(|p| &p.ty))
                .collect(),
            // An alias template's type is checked where it is used, its parameters bound.
            ItemKind::Typedef(_) if tree.alias_templates.iter().any(|(i, _)| *i == idx) => continue,
            ItemKind::Typedef(t) => vec![t],
            _ => continue,
        };
        let tcx = TypeCtx::inside(&tree, &scope, idx);
        // A global `string` (a constant, as DXC implies) is the one place the type is allowed.
        let global_string = matches!(&item.kind, ItemKind::Variable(v) if v.ty.is_string())
            && item
                .parent
                .is_none_or(|p| matches!(tree.item(p).kind, ItemKind::Namespace(_)));
        for (part, r) in refs.into_iter().enumerate() {
            let mut errors = Vec::new();
            tcx.resolve(r, &mut errors);
            if global_string {
                errors.retain(|e| *e != TypeError::StringType);
            }
            errors.dedup();
            checks
                .type_errors
                .extend(errors.into_iter().map(|e| (idx, part, e)));
        }
    }
    checks
}

/// Whether `later` redefines `earlier` (same scope, same name).
fn conflicts(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    tree: &ItemTree,
    earlier: ItemIdx,
    later: ItemIdx,
) -> bool {
    match (&tree.item(earlier).kind, &tree.item(later).kind) {
        (ItemKind::Function(a), ItemKind::Function(b)) => {
            if !(a.has_body && b.has_body) || a.template.is_some() || b.template.is_some() {
                return false;
            }
            let sig = |i: ItemIdx| {
                function_signature(db, FunctionId::new(db, file, config, tree.item(i).ast))
            };
            // `get()` and `get() const` overload on their object, `f(uint)` and `f(out uint)`
            // on the parameter's direction (DXC's parameter types differ).
            let (sa, sb) = (sig(earlier), sig(later));
            a.is_const == b.is_const
                && sa.params.len() == sb.params.len()
                && sa
                    .params
                    .iter()
                    .zip(&sb.params)
                    .all(|(x, y)| x.ty.is_some() && x.ty == y.ty && x.direction == y.direction)
        }
        // Explicit specializations (`template<> struct S<int>`) live beside their template.
        (ItemKind::Struct(a), ItemKind::Struct(b)) => {
            !a.is_forward
                && !b.is_forward
                && a.specialization.is_none()
                && b.specialization.is_none()
        }
        (ItemKind::Struct(_), _) | (_, ItemKind::Struct(_)) => false,
        (ItemKind::Namespace(_), ItemKind::Namespace(_)) => false,
        (ItemKind::Typedef(a), ItemKind::Typedef(b)) => a != b,
        (ItemKind::UsingNamespace(_), _) | (_, ItemKind::UsingNamespace(_)) => false,
        _ => true,
    }
}

/// Reports every function that is part of a call cycle (HLSL has no recursion).
fn recursion(
    db: &dyn HirDb,
    tree: &ItemTree,
    graph: &HashMap<AstId, Vec<AstId>>,
    item_range: &dyn Fn(AstId) -> (FileId, TextRange),
    out: &mut Vec<Diagnostic>,
) {
    let _ = db;
    let mut nodes: Vec<AstId> = graph.keys().copied().collect();
    nodes.sort();
    for &start in &nodes {
        // Is `start` reachable from itself?
        let mut stack: Vec<AstId> = graph.get(&start).cloned().unwrap_or_default();
        let mut seen = std::collections::HashSet::new();
        let mut cyclic = false;
        while let Some(n) = stack.pop() {
            if n == start {
                cyclic = true;
                break;
            }
            if seen.insert(n) {
                stack.extend(graph.get(&n).into_iter().flatten().copied());
            }
        }
        if cyclic {
            let name = tree
                .by_ast(start)
                .map(|i| tree.item(i).name.clone())
                .unwrap_or_default();
            let (f, r) = item_range(start);
            out.push(Diagnostic::error(
                codes::RECURSION,
                format!("recursive call of `{name}`: HLSL does not allow recursion"),
                f,
                r,
            ));
        }
    }
}

/// The message of [`TypeError::MissingTemplate`], in DXC's words.
pub(crate) fn missing_template(name: &str) -> String {
    format!("use 'template' keyword to treat '{name}' as a dependent template name")
}

/// The message of [`TypeError::MissingTypename`], in DXC's words.
pub(crate) fn missing_typename(path: &str) -> String {
    format!("missing 'typename' prior to dependent type name '{path}'")
}

/// The message of [`TypeError::DeclaredLater`].
pub(crate) fn declared_later(name: &str) -> String {
    format!(
        "unknown type `{name}` here: it is declared later (forward declarations of structs, \
         as a vk::BufferPointer linked list uses, are not supported yet)"
    )
}
