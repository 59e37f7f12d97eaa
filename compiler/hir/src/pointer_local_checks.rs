//! `vk::BufferPointer` locals declared without an initializer (`E2272`), where DXC refuses
//! them: its check is in the SPIR-V emitter's `doVarDecl`, which translates only the
//! functions its roots reach, so a function nothing emitted calls may hold one. The roots
//! are DXC's (`emitted_roots`): for a shader profile the `-E` entry alone (another
//! function's `[shader("...")]` or `[numthreads]` makes it no entry there); for a library
//! the `[shader("...")]` functions and the `export`ed ones. With no profile (an editor),
//! every entry point and export the file shows, or every function when it shows none. `infer` records the locals
//! (`InferenceResult::uninit_pointer_locals`); globals are checked in `decl_checks`.
//! Called by `diagnostics::file_diagnostics` with the call graph it builds.

use std::collections::HashMap;

use base_db::{CompileConfig, ShaderStage, SourceFile};
use syntax::Diagnostic;

use crate::barrier_checks::{entry_and_export_roots, exported_functions, reached_functions};
use crate::body::body_source_map;
use crate::codes;
use crate::entry::{entry_points, EntrySource};
use crate::ids::{user_range, AstId, FunctionId};
use crate::infer::infer;
use crate::infer::pointer_locals::NO_DEFAULT_CONSTRUCTOR;
use crate::HirDb;

/// Adds `E2272` at the name of every pointer local without an initializer in a function an
/// entry point or export reaches. `graph` maps each function with a body to the functions
/// it calls.
pub(crate) fn pointer_local_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    funcs: &[FunctionId<'_>],
    graph: &HashMap<AstId, Vec<AstId>>,
    out: &mut Vec<Diagnostic>,
) {
    if !funcs
        .iter()
        .any(|f| !infer(db, *f).uninit_pointer_locals.is_empty())
    {
        return;
    }
    let mut found = Vec::new();
    let checked = match emitted_roots(db, file, config, funcs) {
        Some(roots) => reached_functions(db, funcs, roots, graph),
        // No profile and no entry point known: every function is checked.
        None => funcs.to_vec(),
    };
    for fid in checked {
        let result = infer(db, fid);
        if result.uninit_pointer_locals.is_empty() {
            continue;
        }
        let source_map = body_source_map(db, fid);
        for &local in &result.uninit_pointer_locals {
            let range = source_map.local_syntax(local).text_range();
            found.push(user_range(db, file, config, range));
        }
    }
    // In source order, however the entries reach them.
    found.sort_by_key(|(f, r)| (*f, r.start()));
    for (at_file, at) in found {
        out.push(Diagnostic::error(
            codes::BUFFER_POINTER_NO_DEFAULT,
            NO_DEFAULT_CONSTRUCTOR.to_owned(),
            at_file,
            at,
        ));
    }
}

/// The functions DXC's SPIR-V emitter starts translating from: under a shader profile the
/// function `-E` names; under a library profile each `[shader("...")]` function and each
/// `export`ed one. With no profile, the entry points and exports the file shows; `None`
/// when it shows none.
fn emitted_roots(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    funcs: &[FunctionId<'_>],
) -> Option<Vec<AstId>> {
    let entries = entry_points(db, file, config);
    let picked = |source: EntrySource| {
        entries
            .iter()
            .filter(move |e| e.source == source)
            .map(|e| e.function)
    };
    let stage = config.preprocess(db).target.map(|t| t.stage);
    let roots: Vec<AstId> = match stage {
        Some(ShaderStage::Library) => picked(EntrySource::ShaderAttribute)
            .chain(exported_functions(db, file, config, funcs))
            .collect(),
        Some(_) => picked(EntrySource::Config).collect(),
        None => {
            let roots = entry_and_export_roots(db, file, config, funcs);
            return (!roots.is_empty()).then_some(roots);
        }
    };
    Some(roots)
}
