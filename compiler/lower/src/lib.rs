//! Lowering from the typed HIR to the IR.
//!
//! [`lower_module`] turns one entry point of a file (and every function, global and resource it
//! reaches) into an [`ir::Module`] that [`ir::verify()`] accepts, following the IR
//! specification's lowering conventions:
//!
//! - the HLSL entry `main` becomes `main_body` (the user function, original parameters) plus a
//!   parameterless wrapper `main`, the only entry point, which loads the stage inputs (built-in
//!   globals such as `SV_DispatchThreadID`) and calls the body;
//! - every local and parameter is an `alloca` in the entry block, read and written with
//!   `load`/`store`;
//! - resources, constant buffers and `groupshared` variables are module globals; buffer
//!   elements and cbuffer members are reached through `access_chain`;
//! - `&&`, `||` and impure `?:` are control flow with a `phi`, pure `?:` is a `select`;
//!   loops and selections carry structure markers; no code follows `return`, `break` or
//!   `continue`, and merge blocks nothing reaches end in `unreachable`.
//!
//! Every stage but libraries lowers: compute, vertex and pixel shaders whose stage variables
//! are scalars, vectors or structs of them, and geometry, hull, domain, mesh and amplification
//! shaders ([`stages`]). Not lowered yet (reported as E3001, never a panic): ray-tracing and
//! library entries, append/consume buffers, resource-typed locals and parameters,
//! methods of user structs, `Gather*`, `CalculateLevelOfDetail`, multisampled-texture
//! queries, texel offsets, `sizeof`, non-`const` `static` locals, calls to overloads that need
//! argument conversions, and a few intrinsics (`printf`, `Quantize`...).
//!
//! # Diagnostic codes
//!
//! | Code  | Meaning |
//! |-------|---------|
//! | E3001 | not supported yet: a construct (or shader stage) the lowering does not handle yet |
//! | E3002 | the entry point named by `-E` does not exist (or has no body) |
//!
//! Modules: [`context`] (module-wide state: globals, functions to lower, diagnostics),
//! [`resources`] (globals, resources, cbuffers and their bindings), [`entry`] (the compute
//! and amplification entry wrapper), [`graphics`] (vertex and pixel entry wrappers),
//! [`stages`] (geometry, tessellation and mesh entry wrappers), [`func`] (per-function
//! state and places), [`stmt`], [`expr`], [`call`] (user calls, constructors, intrinsics,
//! resource methods), [`convert`] (implicit and initializer-list conversions), [`init`]
//! (`static` initializers and `init_globals`).

pub mod call;
pub mod context;
pub mod convert;
pub mod entry;
pub mod expr;
pub mod func;
pub mod graphics;
pub mod init;
pub mod resources;
pub mod stages;
pub mod stmt;

use base_db::{CompileConfig, SourceFile};
use syntax::Diagnostic;

pub use entry::ShaderStage;
pub use ir;

/// The code of "not supported yet" diagnostics.
pub const NOT_SUPPORTED: &str = "E3001";
/// The code of a missing entry point.
pub const NO_ENTRY: &str = "E3002";

/// Lowers the entry point `entry` of `file` for `stage` into a verified-shape IR module, or
/// returns the diagnostics of what could not be lowered.
pub fn lower_module(
    db: &dyn hir::HirDb,
    file: SourceFile,
    config: CompileConfig,
    entry: &str,
    stage: ShaderStage,
) -> Result<ir::Module, Vec<Diagnostic>> {
    let mut cx = context::ModuleCtx::new(db, file, config);
    cx.reserve_explicit_bindings();
    entry::lower_entry(&mut cx, entry, stage);
    cx.finish()
}
