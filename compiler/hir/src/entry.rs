//! Entry points of a file and their stages.
//!
//! A function is an entry point when the configuration names it (`-E` with `-T` on the command
//! line, or an `[[entry]]` of the workspace configuration, both in `CompileConfig`), when it
//! carries `[shader("...")]`, or when it returns `void` and carries `[numthreads]` (a compute
//! shader, or a mesh shader when it also has `[outputtopology]` or mesh outputs). The configuration wins over
//! the attributes, `[shader]` over `[numthreads]`, as DXC compiles the function `-E` names
//! with the profile `-T` gives. `entry_points` is a query on the item tree and the
//! configuration, so a body edit does not re-run it; `function_stage` gives every later query
//! (diagnostics, lowering, hover) the stage of one function.

use std::sync::Arc;

use base_db::{CompileConfig, ShaderStage, SourceFile};

use crate::ids::{AstId, FunctionId};
use crate::item_tree::{item_tree, ItemIdx, ItemTree, MeshParam};
use crate::HirDb;

/// The stage of an entry point: the graphics and compute stages, and the ray tracing and
/// work-graph kinds `[shader("...")]` can name in a library.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    Vertex,
    Pixel,
    Geometry,
    Hull,
    Domain,
    Compute,
    Mesh,
    Amplification,
    RayGeneration,
    Intersection,
    AnyHit,
    ClosestHit,
    Miss,
    Callable,
    Node,
}

impl Stage {
    /// The stage `[shader("name")]` names (case-insensitive, as DXC reads it).
    pub fn from_shader_attr(name: &str) -> Option<Stage> {
        const NAMES: &[(&str, Stage)] = &[
            ("vertex", Stage::Vertex),
            ("pixel", Stage::Pixel),
            ("geometry", Stage::Geometry),
            ("hull", Stage::Hull),
            ("domain", Stage::Domain),
            ("compute", Stage::Compute),
            ("mesh", Stage::Mesh),
            ("amplification", Stage::Amplification),
            ("raygeneration", Stage::RayGeneration),
            ("intersection", Stage::Intersection),
            ("anyhit", Stage::AnyHit),
            ("closesthit", Stage::ClosestHit),
            ("miss", Stage::Miss),
            ("callable", Stage::Callable),
            ("node", Stage::Node),
        ];
        NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, s)| *s)
    }

    /// The stage of a profile; `None` for a library (`lib_6_x`), whose entries carry
    /// `[shader("...")]`.
    pub fn from_profile_stage(stage: ShaderStage) -> Option<Stage> {
        Some(match stage {
            ShaderStage::Vertex => Stage::Vertex,
            ShaderStage::Pixel => Stage::Pixel,
            ShaderStage::Geometry => Stage::Geometry,
            ShaderStage::Hull => Stage::Hull,
            ShaderStage::Domain => Stage::Domain,
            ShaderStage::Compute => Stage::Compute,
            ShaderStage::Mesh => Stage::Mesh,
            ShaderStage::Amplification => Stage::Amplification,
            ShaderStage::Library => return None,
        })
    }

    /// The name DXC uses in messages and in `[shader("...")]`.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Vertex => "vertex",
            Stage::Pixel => "pixel",
            Stage::Geometry => "geometry",
            Stage::Hull => "hull",
            Stage::Domain => "domain",
            Stage::Compute => "compute",
            Stage::Mesh => "mesh",
            Stage::Amplification => "amplification",
            Stage::RayGeneration => "raygeneration",
            Stage::Intersection => "intersection",
            Stage::AnyHit => "anyhit",
            Stage::ClosestHit => "closesthit",
            Stage::Miss => "miss",
            Stage::Callable => "callable",
            Stage::Node => "node",
        }
    }

    /// Whether the stage runs in thread groups and so needs `[numthreads]`.
    pub fn needs_numthreads(self) -> bool {
        matches!(self, Stage::Compute | Stage::Mesh | Stage::Amplification)
    }
}

/// How an entry point was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntrySource {
    /// `-E`/`-T` or the workspace configuration.
    Config,
    /// `[shader("...")]`.
    ShaderAttribute,
    /// `[numthreads(...)]` without `[shader]`: a compute shader.
    NumThreads,
}

/// One entry point of a file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EntryPoint {
    /// The function's declaration.
    pub function: AstId,
    pub name: String,
    pub stage: Stage,
    pub source: EntrySource,
}

/// The entry points of `file` under `config`, in source order of their functions.
#[salsa::tracked(returns(clone))]
pub fn entry_points(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
) -> Arc<Vec<EntryPoint>> {
    let tree = item_tree(db, file, config);
    let configured = config.entry_points(db);
    let mut out = Vec::new();
    let mut named = Vec::new();
    for e in configured {
        let Some(stage) = Stage::from_profile_stage(e.target.stage) else {
            continue;
        };
        if let Some(idx) = top_level_definition(&tree, &e.name) {
            named.push(idx);
            out.push((idx, stage, EntrySource::Config));
        }
    }
    for idx in tree.indices() {
        let Some(f) = tree.function(idx) else {
            continue;
        };
        if !f.has_body || named.contains(&idx) {
            continue;
        }
        let attr = |name: &str| f.attrs.iter().find(|a| a.name.eq_ignore_ascii_case(name));
        let shader = attr("shader")
            .and_then(|a| a.args.first())
            .and_then(|arg| Stage::from_shader_attr(arg.trim_matches('"')));
        if let Some(stage) = shader {
            out.push((idx, stage, EntrySource::ShaderAttribute));
        } else if attr("numthreads").is_some() && attr("shader").is_none() && returns_void(f) {
            // A mesh shader names its output topology or has mesh outputs; without a profile
            // that is how it differs from a compute shader.
            let mesh = attr("outputtopology").is_some()
                || f.params.iter().any(|p| {
                    matches!(
                        p.mesh,
                        Some(MeshParam::Vertices | MeshParam::Indices | MeshParam::Primitives)
                    )
                });
            let stage = if mesh { Stage::Mesh } else { Stage::Compute };
            out.push((idx, stage, EntrySource::NumThreads));
        }
    }
    out.sort_by_key(|(idx, _, _)| *idx);
    Arc::new(
        out.into_iter()
            .map(|(idx, stage, source)| EntryPoint {
                function: tree.item(idx).ast,
                name: tree.item(idx).name.clone(),
                stage,
                source,
            })
            .collect(),
    )
}

/// Whether `f` is declared to return `void`: thread-group entries (compute, mesh) return
/// nothing, so `[numthreads]` on a function that returns a value makes no entry point. DXC
/// ignores the attribute on a helper its `-E` does not name (a Vulkan sample puts it on a
/// `bool` helper of its compute shader).
fn returns_void(f: &crate::item_tree::Function) -> bool {
    f.ret.dims.is_empty()
        && matches!(&f.ret.base, crate::type_ref::TypeBase::Path(p) if p.as_name() == Some("void"))
}

/// The stage of `f` when it is an entry point of its file.
#[salsa::tracked]
pub fn function_stage<'db>(db: &'db dyn HirDb, f: FunctionId<'db>) -> Option<Stage> {
    entry_points(db, f.file(db), f.config(db))
        .iter()
        .find(|e| e.function == f.ast(db))
        .map(|e| e.stage)
}

/// The first definition (a function with a body) named `name` at file scope: what `-E name`
/// compiles. Functions in namespaces and methods cannot be entry points.
fn top_level_definition(tree: &ItemTree, name: &str) -> Option<ItemIdx> {
    tree.top_level
        .iter()
        .copied()
        .find(|&idx| tree.item(idx).name == name && tree.function(idx).is_some_and(|f| f.has_body))
}

/// Whether function `idx` of `file` is, or may be, an entry point: one of
/// [`entry_points`], or, where the configuration names no entry point and the profile is no
/// library (the editor without an `[[entry]]` for the file, whose `-E` it cannot know), a
/// top-level function definition that no function of the file calls. `hlslc` always names
/// its entry (`-E`, by default `main`), so there this is [`entry_points`] exactly. Checks
/// that only hold off entry points (`W2100`) ask this, so that an attribute-less
/// `VSMain(...)` compiled with `-E VSMain` is not warned about in the editor.
pub fn may_be_entry(db: &dyn HirDb, file: SourceFile, config: CompileConfig, idx: ItemIdx) -> bool {
    let tree = item_tree(db, file, config);
    let ast = tree.item(idx).ast;
    if entry_points(db, file, config)
        .iter()
        .any(|e| e.function == ast)
    {
        return true;
    }
    let library = config
        .preprocess(db)
        .target
        .is_some_and(|t| t.stage == ShaderStage::Library);
    if !config.entry_points(db).is_empty() || library {
        return false;
    }
    if !tree.top_level.contains(&idx) || !tree.function(idx).is_some_and(|f| f.has_body) {
        return false;
    }
    !crate::diagnostics::functions(db, file, config)
        .into_iter()
        .any(|f| crate::infer::infer(db, f).calls.contains(&ast))
}
