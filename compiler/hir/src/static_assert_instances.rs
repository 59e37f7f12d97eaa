//! The instantiations of the file's templates that `static_assert` checks: a struct template
//! named with arguments (`Ring<float, 3> r;`) and a function template called (its arguments
//! deduced or written), each with its template parameters bound and the place that asks for
//! it. Found as semantic analysis sees them: every type written outside a template, and every
//! call of a template function from a function that is no template, then from those
//! instances in turn (a bounded number), and the types written in those instances.

use std::collections::HashSet;
use std::sync::Arc;

use syntax::ast::{self, AstNode};
use syntax::{SyntaxKind, SyntaxNode, TextRange};

use crate::body::body_source_map;
use crate::ids::{AstIdMap, FunctionId};
use crate::infer::{infer, infer_instance, Resolution};
use crate::item_tree::{ItemIdx, ItemKind, ItemTree};
use crate::lower_type::{TemplateArg, TypeCtx};
use crate::scope::{ItemScope, LookupSite};
use crate::type_ref::{Name, TypeRef};
use crate::HirDb;
use base_db::{CompileConfig, SourceFile};
use types::Type;

/// Template parameters bound by name.
type Env = Vec<(Name, TemplateArg)>;

/// One instantiation of a template item.
pub(crate) struct Instance {
    /// The struct or function template.
    pub(crate) template: ItemIdx,
    /// Its template parameters (and those of the struct a method belongs to) by name.
    pub(crate) env: Env,
    /// Where it is asked for, in the expanded tree: the type or the call.
    pub(crate) site: TextRange,
    /// How the template is named there: `Ring<float, 3>`, `sum<int>`.
    pub(crate) spelled: String,
}

/// At most this many function instances are inferred to find the ones they call.
const MAX_FUNCTION_INSTANCES: usize = 64;

/// Every instantiation of the templates in `wanted` (struct or function items), first site
/// first; one per template and arguments.
pub(crate) fn template_instances(
    db: &dyn HirDb,
    (file, config): (SourceFile, CompileConfig),
    (tree, scope, map): (&ItemTree, &ItemScope, &AstIdMap),
    root: &SyntaxNode,
    wanted: &HashSet<ItemIdx>,
) -> Vec<Instance> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut push = |out: &mut Vec<Instance>, instance: Instance| {
        let fully_known = instance
            .env
            .iter()
            .all(|(_, a)| !matches!(a, TemplateArg::Opaque));
        if fully_known && seen.insert((instance.template, instance.env.clone())) {
            out.push(instance);
        }
    };
    if wanted.iter().any(|&i| tree.strukt(i).is_some()) {
        for instance in struct_instances(tree, scope, map, root, None, wanted) {
            push(&mut out, instance);
        }
    }
    if wanted.iter().any(|&i| tree.function(i).is_some()) {
        // Calls from functions that are no templates, then from the instances found.
        let mut queue: Vec<(FunctionId<'_>, Option<Env>)> = tree
            .indices()
            .filter(|&i| tree.function(i).is_some_and(|f| f.has_body) && !in_template(tree, i))
            .map(|i| (FunctionId::new(db, file, config, tree.item(i).ast), None))
            .collect();
        let mut inferred = 0;
        while let Some((f, env)) = queue.pop() {
            let result = match &env {
                None => infer(db, f),
                Some(env) if inferred < MAX_FUNCTION_INSTANCES => {
                    inferred += 1;
                    Arc::new(infer_instance(db, f, env))
                }
                Some(_) => continue,
            };
            let sources = body_source_map(db, f);
            for (expr, resolution) in &result.resolutions {
                let Resolution::Function {
                    function,
                    template_args,
                } = resolution
                else {
                    continue;
                };
                let Some(callee) = tree.by_ast(*function) else {
                    continue;
                };
                if template_args.is_empty() || !tree.function(callee).is_some_and(|f| f.has_body) {
                    continue;
                }
                let site = sources.expr_syntax(*expr).text_range();
                let instance = Instance {
                    template: callee,
                    env: template_args.clone(),
                    site,
                    spelled: spell(&tree.item(callee).name, template_args),
                };
                let before = out.len();
                push(&mut out, instance);
                if out.len() > before {
                    let id = FunctionId::new(db, file, config, tree.item(callee).ast);
                    queue.push((id, Some(template_args.clone())));
                }
            }
        }
    }
    if wanted.iter().any(|&i| tree.strukt(i).is_some()) {
        // Struct templates named in the function templates' instances, their arguments bound
        // (`Ring<T, 2> r;` in `f<float>`).
        let bound: Vec<(ItemIdx, Env)> = out
            .iter()
            .filter(|i| tree.function(i.template).is_some())
            .map(|i| (i.template, i.env.clone()))
            .collect();
        for (f, env) in bound {
            let Some(node) = map.node(root, tree.item(f).ast) else {
                continue;
            };
            for instance in struct_instances(tree, scope, map, &node, Some(&env), wanted) {
                push(&mut out, instance);
            }
        }
    }
    out.retain(|i| wanted.contains(&i.template));
    out
}

/// The struct template instances named by the types written under `root`: outside templates,
/// or, with `bound`, in the function template `root` is, its parameters bound so.
fn struct_instances(
    tree: &ItemTree,
    scope: &ItemScope,
    map: &AstIdMap,
    root: &SyntaxNode,
    bound: Option<&Env>,
    wanted: &HashSet<ItemIdx>,
) -> Vec<Instance> {
    let mut out = Vec::new();
    for node in root.descendants() {
        if node.kind() != SyntaxKind::TYPE_REF
            || !node
                .descendants()
                .any(|n| n.kind() == SyntaxKind::GENERIC_ARG_LIST)
        {
            continue;
        }
        let Some(ty) = ast::TypeRef::cast(node.clone()) else {
            continue;
        };
        let owner = node
            .ancestors()
            .skip(1)
            .find_map(|n| map.id_of(&n).and_then(|id| tree.by_ast(id)));
        if bound.is_none() && owner.is_some_and(|o| in_template(tree, o)) {
            continue;
        }
        let mut ctx = match owner {
            Some(o) => TypeCtx::inside(tree, scope, o),
            None => TypeCtx::new(tree, scope, LookupSite::file()),
        };
        ctx.env.extend(bound.into_iter().flatten().cloned());
        let tref = TypeRef::lower(Some(ty), &[], std::iter::empty());
        let Some(Type::Struct(st)) = ctx.resolve(&tref, &mut Vec::new()) else {
            continue;
        };
        let Some((idx, args)) = ctx.struct_item(&st) else {
            continue;
        };
        let Some(params) = tree.strukt(idx).and_then(|s| s.template.as_deref()) else {
            continue;
        };
        if !wanted.contains(&idx) || params.len() != args.len() {
            continue;
        }
        out.push(Instance {
            template: idx,
            env: params.iter().map(|p| p.name.clone()).zip(args).collect(),
            site: node.text_range(),
            spelled: st.name.clone(),
        });
    }
    out
}

/// `name<args>` as a diagnostic names an instance.
fn spell(name: &str, env: &[(Name, TemplateArg)]) -> String {
    let args: Vec<String> = env
        .iter()
        .map(|(_, a)| match a {
            TemplateArg::Type(t) => t.to_string(),
            TemplateArg::Value(v) => v.to_string(),
            TemplateArg::Opaque => "?".to_owned(),
        })
        .collect();
    format!("{name}<{}>", args.join(", "))
}

/// The template around item `idx` (itself included): a function or struct with template
/// parameters.
pub(crate) fn enclosing_template(tree: &ItemTree, idx: ItemIdx) -> Option<ItemIdx> {
    let mut at = Some(idx);
    while let Some(i) = at {
        let templated = match &tree.item(i).kind {
            ItemKind::Function(f) => f.template.is_some(),
            ItemKind::Struct(s) => s.template.is_some(),
            _ => false,
        };
        if templated {
            return Some(i);
        }
        at = tree.item(i).parent;
    }
    None
}

/// Whether item `idx` is a template, or inside one.
pub(crate) fn in_template(tree: &ItemTree, idx: ItemIdx) -> bool {
    enclosing_template(tree, idx).is_some()
}
