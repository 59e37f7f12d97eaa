//! Entry-point rules of the stages with execution modes: each mode belongs to its stage, the
//! modes a stage cannot run without are there (a geometry shader's primitives and vertex
//! count, a hull shader's domain, topology and control points but not its partitioning, which
//! DXC lets a shader leave out, a domain shader's domain, a mesh shader's topology and output
//! sizes), none appears twice, and `patch`/`per_primitive` mark only stage variables.

use crate::modes::ExecutionMode as M;
use crate::module::{EntryPoint, GlobalKind, Module, Stage};

/// Which modes `stage` takes, by discriminant name, and which of them it needs.
fn allowed(stage: Stage) -> (&'static [&'static str], &'static [&'static str]) {
    match stage {
        Stage::Geometry => (
            &[
                "invocations",
                "input_primitive",
                "output_topology",
                "output_vertices",
            ],
            &["input_primitive", "output_topology", "output_vertices"],
        ),
        Stage::Hull => (
            &[
                "domain",
                "partitioning",
                "tess_output",
                "output_vertices",
                "input_control_points",
            ],
            // DXC compiles a hull shader without `[partitioning]`, declaring no spacing.
            &["domain", "tess_output", "output_vertices"],
        ),
        // DXC gives a domain shader's `[partitioning]` and `[outputtopology]` their modes.
        Stage::Domain => (
            &[
                "domain",
                "input_control_points",
                "partitioning",
                "tess_output",
            ],
            &["domain"],
        ),
        Stage::Mesh => (
            &["output_topology", "output_vertices", "output_primitives"],
            &["output_topology", "output_vertices", "output_primitives"],
        ),
        // At most one of each kind (`key`): the front end allows one depth output.
        Stage::Pixel => (
            &[
                "depth",
                "early_fragment_tests",
                "post_depth_coverage",
                "early_and_late_fragment_tests",
                "stencil_ref_front",
                "stencil_ref_back",
                "wave_ops_include_helper_lanes",
            ],
            &[],
        ),
        Stage::Compute | Stage::Amplification => (&["wave_size"], &[]),
        _ => (&[], &[]),
    }
}

fn key(m: M) -> &'static str {
    match m {
        M::Invocations(_) => "invocations",
        M::InputPrimitive(_) => "input_primitive",
        M::OutputTopology(_) => "output_topology",
        M::OutputVertices(_) => "output_vertices",
        M::OutputPrimitives(_) => "output_primitives",
        M::InputControlPoints(_) => "input_control_points",
        M::Domain(_) => "domain",
        M::Partitioning(_) => "partitioning",
        M::TessOutput(_) => "tess_output",
        // SPIR-V allows one of the depth modes, and one stencil-reference mode per face.
        M::DepthGreater | M::DepthLess | M::DepthUnchanged => "depth",
        M::EarlyFragmentTests => "early_fragment_tests",
        M::PostDepthCoverage => "post_depth_coverage",
        M::EarlyAndLateFragmentTests => "early_and_late_fragment_tests",
        M::StencilRef(r) if r.is_back() => "stencil_ref_back",
        M::StencilRef(_) => "stencil_ref_front",
        M::WaveSize(_) => "wave_size",
        M::WaveOpsIncludeHelperLanes => "wave_ops_include_helper_lanes",
    }
}

/// The messages of every broken rule of `e`'s modes.
pub(super) fn check_modes(e: &EntryPoint) -> Vec<String> {
    let mut out = Vec::new();
    let (allowed, needed) = allowed(e.stage);
    let mut seen = Vec::new();
    for &m in &e.modes {
        let k = key(m);
        if !allowed.contains(&k) {
            out.push(format!(
                "{} is not a mode of {} shaders",
                m.display(),
                e.stage.name()
            ));
        }
        if seen.contains(&k) {
            out.push(format!("{k} is given twice"));
        }
        seen.push(k);
    }
    for k in needed {
        if !seen.contains(k) {
            out.push(format!("a {} shader needs {k}", e.stage.name()));
        }
    }
    if matches!(e.stage, Stage::Mesh | Stage::Amplification) && e.workgroup_size.is_none() {
        out.push(format!("a {} shader needs numthreads", e.stage.name()));
    }
    out
}

/// `patch` and `per_primitive` on a global that is no stage variable.
pub(super) fn check_global_flags(m: &Module) -> Vec<(usize, String)> {
    m.globals
        .iter()
        .filter(|(_, g)| {
            (g.patch || g.per_primitive)
                && !matches!(g.kind, GlobalKind::Input | GlobalKind::Output)
        })
        .map(|(h, g)| {
            (
                h.index(),
                format!(
                    "a {} global cannot be patch or per_primitive",
                    g.kind.name()
                ),
            )
        })
        .collect()
}
