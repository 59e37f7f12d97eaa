//! DXC's checks of SM 6.8 `Barrier` calls against the entry points that reach them
//! (`E2120`): group flags (`GROUP_SYNC`, `GROUP_SCOPE`, `GROUP_SHARED_MEMORY`) need a stage
//! with a visible thread group (compute, mesh, amplification, and node shaders other than
//! thread launch), node-record memory needs a node shader, and `Barrier` itself needs
//! shader model 6.8. `ALL_MEMORY` is masked to the memory the stage has, as DXC does, so it
//! is valid everywhere. Flags that are not constant expressions are not checked (DXC neither).
//!
//! As in DXC, a helper is checked for each entry that calls it (directly or through other
//! helpers), and a helper no entry reaches is not checked.
//!
//! Intrinsic forms newer than their intrinsic (`CalculateLevelOfDetail` with a comparison
//! sampler, SM 6.8) are checked the same way against the target's shader model (`E2123`),
//! from the entry points and the `export`ed functions of a library.
//!
//! Called by `diagnostics::file_diagnostics` with the call graph it builds.

use std::collections::{HashMap, HashSet};

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode, HasModifiers};
use syntax::{Diagnostic, FileId, SyntaxKind, TextRange};

use crate::body::body_source_map;
use crate::codes;
use crate::entry::{entry_points, Stage};
use crate::ids::{ast_id_map, expanded_root, user_range, AstId, FunctionId};
use crate::infer::barrier::{memory, semantic, BarrierCall};
use crate::infer::infer;
use crate::item_tree::item_tree;
use crate::HirDb;

/// The problems of one barrier in a context: DXC's messages.
pub(crate) fn barrier_problems(
    call: &BarrierCall,
    group_visible: bool,
    node: bool,
) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mem = call.memory.unwrap_or(0);
    let sem = call.semantic.unwrap_or(0);
    let masked = mem == memory::ALL;
    if !group_visible {
        if !masked && mem & memory::GROUP_SHARED != 0 {
            out.push("GROUP_SHARED_MEMORY specified for Barrier operation when context has no visible group");
        }
        if sem & (semantic::GROUP_SYNC | semantic::GROUP_SCOPE) != 0 {
            out.push("GROUP_SYNC or GROUP_SCOPE specified for Barrier operation when context has no visible group");
        }
    }
    if !node && !masked && mem & (memory::NODE_INPUT | memory::NODE_OUTPUT) != 0 {
        out.push("NODE_INPUT_MEMORY or NODE_OUTPUT_MEMORY may only be specified for Barrier operation in a node shader");
    }
    out
}

/// Adds the barrier diagnostics of `file` to `out`. `graph` maps each function with a body
/// to the functions it calls (prototypes already replaced by their definitions).
pub(crate) fn barrier_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    funcs: &[FunctionId<'_>],
    graph: &HashMap<AstId, Vec<AstId>>,
    out: &mut Vec<Diagnostic>,
) {
    let by_ast: HashMap<AstId, FunctionId<'_>> = funcs.iter().map(|f| (f.ast(db), *f)).collect();
    if !funcs.iter().any(|f| !infer(db, *f).barriers.is_empty()) {
        return;
    }
    let tree = item_tree(db, file, config);
    let sm = config.preprocess(db).target.map(|t| (t.major, t.minor));
    for entry in entry_points(db, file, config).iter() {
        let launch_thread = tree
            .by_ast(entry.function)
            .and_then(|i| tree.function(i))
            .is_some_and(|f| {
                f.attrs.iter().any(|a| {
                    a.name.eq_ignore_ascii_case("NodeLaunch")
                        && a.args
                            .first()
                            .is_some_and(|l| l.trim_matches('"').eq_ignore_ascii_case("thread"))
                })
            });
        let node = entry.stage == Stage::Node;
        let group_visible = matches!(
            entry.stage,
            Stage::Compute | Stage::Mesh | Stage::Amplification
        ) || (node && !launch_thread);
        // Every function the entry reaches, the entry included.
        for f in reached(entry.function, graph) {
            let Some(&fid) = by_ast.get(&f) else {
                continue;
            };
            let result = infer(db, fid);
            if result.barriers.is_empty() {
                continue;
            }
            let source_map = body_source_map(db, fid);
            for call in &result.barriers {
                let range = source_map.expr_syntax(call.call).text_range();
                let (at_file, at): (FileId, TextRange) = user_range(db, file, config, range);
                if sm.is_some_and(|v| v < (6, 8)) {
                    out.push(Diagnostic::error(
                        codes::BARRIER_FLAGS,
                        format!(
                            "intrinsic Barrier potentially used by '{}' requires shader model \
                             6.8 or greater",
                            entry.name
                        ),
                        at_file,
                        at,
                    ));
                    continue;
                }
                for message in barrier_problems(call, group_visible, node) {
                    out.push(Diagnostic::error(
                        codes::BARRIER_FLAGS,
                        message.to_owned(),
                        at_file,
                        at,
                    ));
                }
            }
        }
    }
}

/// The functions `root` reaches through `graph`, itself included, in a stable order.
pub(crate) fn reached(root: AstId, graph: &HashMap<AstId, Vec<AstId>>) -> Vec<AstId> {
    let mut seen = HashSet::new();
    let mut stack = vec![root];
    while let Some(f) = stack.pop() {
        if seen.insert(f) {
            stack.extend(graph.get(&f).into_iter().flatten().copied());
        }
    }
    let mut out: Vec<AstId> = seen.into_iter().collect();
    out.sort();
    out
}

/// Each function of `funcs` that `roots` reach through `graph`, once, in a stable order:
/// the functions whose calls a check that follows DXC (which looks only at what an entry
/// point or export reaches) visits.
pub(crate) fn reached_functions<'db>(
    db: &'db dyn HirDb,
    funcs: &[FunctionId<'db>],
    roots: impl IntoIterator<Item = AstId>,
    graph: &HashMap<AstId, Vec<AstId>>,
) -> Vec<FunctionId<'db>> {
    let by_ast: HashMap<AstId, FunctionId<'db>> = funcs.iter().map(|f| (f.ast(db), *f)).collect();
    let mut done = HashSet::new();
    let mut out = Vec::new();
    for r in roots {
        for f in reached(r, graph) {
            if let (true, Some(&fid)) = (done.insert(f), by_ast.get(&f)) {
                out.push(fid);
            }
        }
    }
    out
}

/// The entry points and `export`ed functions of the file: where DXC's SPIR-V emitter starts
/// the functions it translates.
pub(crate) fn entry_and_export_roots(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    funcs: &[FunctionId<'_>],
) -> Vec<AstId> {
    let mut roots: Vec<AstId> = entry_points(db, file, config)
        .iter()
        .map(|e| e.function)
        .chain(exported_functions(db, file, config, funcs))
        .collect();
    roots.sort();
    roots.dedup();
    roots
}

/// The functions of `funcs` declared `export`.
pub(crate) fn exported_functions(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    funcs: &[FunctionId<'_>],
) -> Vec<AstId> {
    let map = ast_id_map(db, file, config);
    let root = expanded_root(db, file, config);
    funcs
        .iter()
        .map(|f| f.ast(db))
        .filter(|&ast| {
            map.node(&root, ast)
                .and_then(ast::FnDef::cast)
                .is_some_and(|f| {
                    f.modifiers()
                        .iter()
                        .any(|m| m.kind() == SyntaxKind::EXPORT_KW)
                })
        })
        .collect()
}

/// Adds `E2123` for the gated calls the entry points and exported functions reach when the
/// target's shader model is older than the call needs.
pub(crate) fn gated_call_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    funcs: &[FunctionId<'_>],
    graph: &HashMap<AstId, Vec<AstId>>,
    out: &mut Vec<Diagnostic>,
) {
    let Some(sm) = config.preprocess(db).target.map(|t| (t.major, t.minor)) else {
        return;
    };
    if !funcs.iter().any(|f| !infer(db, *f).gated_calls.is_empty()) {
        return;
    }
    let roots = entry_and_export_roots(db, file, config, funcs);
    for fid in reached_functions(db, funcs, roots, graph) {
        let result = infer(db, fid);
        if result.gated_calls.is_empty() {
            continue;
        }
        let source_map = body_source_map(db, fid);
        for call in result.gated_calls.iter().filter(|c| sm < c.min_sm) {
            let range = source_map.expr_syntax(call.call).text_range();
            let (at_file, at) = user_range(db, file, config, range);
            let (major, minor) = call.min_sm;
            out.push(Diagnostic::error(
                codes::SHADER_MODEL_GATED,
                format!(
                    "{} requires shader model {major}.{minor} or greater",
                    call.what
                ),
                at_file,
                at,
            ));
        }
    }
}
