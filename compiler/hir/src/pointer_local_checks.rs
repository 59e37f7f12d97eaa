//! `vk::BufferPointer` locals declared without an initializer (`E2272`), where DXC refuses
//! them: its check is in the SPIR-V emitter's `doVarDecl`, which translates only the
//! functions an entry point reaches (in a library, also those an `export`ed function
//! reaches), so a function nothing calls may hold one (with no entry point known, as in an
//! editor given no profile, every function is checked). `infer` records the locals
//! (`InferenceResult::uninit_pointer_locals`); globals are checked in `decl_checks`.
//! Called by `diagnostics::file_diagnostics` with the call graph it builds.

use std::collections::HashMap;

use base_db::{CompileConfig, SourceFile};
use syntax::Diagnostic;

use crate::barrier_checks::{entry_and_export_roots, reached_functions};
use crate::body::body_source_map;
use crate::codes;
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
    let roots = entry_and_export_roots(db, file, config, funcs);
    // With no entry point known (an editor given no profile), every function is checked.
    let checked = if roots.is_empty() {
        funcs.to_vec()
    } else {
        reached_functions(db, funcs, roots, graph)
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
