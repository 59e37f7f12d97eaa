//! Derivatives outside pixel shaders (`E2140`). Shader model 6.6 gives compute, mesh and
//! amplification shaders derivatives over quads of their thread group: `ddx`, `ddy` and
//! their coarse and fine forms, `fwidth`, implicit-LOD sampling (`Sample`, `SampleBias`,
//! `SampleCmp`, `SampleCmpBias`) and LOD queries (`CalculateLevelOfDetail*`). Below 6.6 DXC
//! refuses them there, in its validator's words: "opcode 'Derivatives in CS/MS/AS' should
//! only be used in 'Shader Model 6.6+'".
//!
//! As for barriers (`barrier_checks`), a helper is checked for each compute, mesh or
//! amplification entry that reaches it, at each derivative in it. Other stages are left to
//! the backend, which names the stage (DXC's SPIR-V refuses them there too). Called by
//! `diagnostics::file_diagnostics` with the call graph it builds.

use std::collections::HashMap;

use base_db::{CompileConfig, SourceFile};
use syntax::Diagnostic;

use crate::barrier_checks::reached_functions;
use crate::body::body_source_map;
use crate::codes;
use crate::entry::{entry_points, Stage};
use crate::ids::{user_range, AstId, FunctionId};
use crate::infer::infer;
use crate::HirDb;

/// Whether intrinsic function `name` takes derivatives.
pub(crate) fn is_derivative(name: &str) -> bool {
    matches!(
        name,
        "ddx" | "ddy" | "ddx_coarse" | "ddx_fine" | "ddy_coarse" | "ddy_fine" | "fwidth"
    )
}

/// Whether resource method `name` takes derivatives (implicit LOD or a LOD query).
pub(crate) fn is_derivative_method(name: &str) -> bool {
    matches!(
        name,
        "Sample"
            | "SampleBias"
            | "SampleCmp"
            | "SampleCmpBias"
            | "CalculateLevelOfDetail"
            | "CalculateLevelOfDetailUnclamped"
    )
}

/// DXC's words for a derivative in a compute, mesh or amplification shader before SM 6.6.
const MESSAGE: &str = "opcode 'Derivatives in CS/MS/AS' should only be used in 'Shader Model 6.6+'";

/// Adds `E2140` at every derivative a compute, mesh or amplification entry reaches when the
/// target's shader model is older than 6.6. `graph` maps each function with a body to the
/// functions it calls.
pub(crate) fn derivative_diagnostics(
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
    if sm >= (6, 6) || !funcs.iter().any(|f| !infer(db, *f).derivatives.is_empty()) {
        return;
    }
    let roots = entry_points(db, file, config)
        .iter()
        .filter(|e| matches!(e.stage, Stage::Compute | Stage::Mesh | Stage::Amplification))
        .map(|e| e.function)
        .collect::<Vec<_>>();
    // One diagnostic per use, however many entries reach it.
    for fid in reached_functions(db, funcs, roots, graph) {
        let result = infer(db, fid);
        if result.derivatives.is_empty() {
            continue;
        }
        let source_map = body_source_map(db, fid);
        for &call in &result.derivatives {
            let range = source_map.expr_syntax(call).text_range();
            let (at_file, at) = user_range(db, file, config, range);
            out.push(Diagnostic::error(
                codes::DERIVATIVES_SHADER_MODEL,
                MESSAGE.to_owned(),
                at_file,
                at,
            ));
        }
    }
}
