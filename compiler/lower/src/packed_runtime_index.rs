//! `-pack-optimized` with an element or row of an array or matrix stage variable chosen at
//! run time (`verts[i].t[i % 2] = ...`). DXC splits such a variable after packing with
//! spirv-opt's interface-variable scalar replacement, which takes every index of an access
//! chain into the variable as indices into each part (it assumes the only one is the
//! per-vertex index): a run-time element index then addresses a component or element of
//! every part instead of choosing one part, so DXC's output does not do what the source
//! says. hlslc refuses it with `E3289` at the use, labelled with the stage variable's
//! declaration. Called by `signature_packing` when `stage_var_split::split` fails at a use.

use syntax::TextRange;
use types::Type;

use crate::context::ModuleCtx;

/// Reports the stage variable `semantic` of type `ty` (declared at `decl`) indexed at run
/// time at `at`.
pub(crate) fn refuse(
    cx: &mut ModuleCtx<'_>,
    semantic: &str,
    ty: &Type,
    at: ir::SourceLoc,
    decl: TextRange,
) {
    let (a, what) = if matches!(ty, Type::Matrix { .. }) {
        ("a", "row")
    } else {
        ("an", "element")
    };
    let message = format!(
        "-pack-optimized with {a} {what} of the stage variable `{semantic}` ({ty}) chosen at \
         run time: the packed signature gives each {what} a variable of its own, and DXC's \
         flattening (spirv-opt's interface-variable scalar replacement) reads a run-time \
         index as an index into every part rather than a choice of one, so no SPIR-V does \
         what this does as DXC writes it; index it with a constant (or a `switch`), or drop \
         -pack-optimized"
    );
    let range = TextRange::new(at.start.into(), at.end.into());
    let mut d = syntax::Diagnostic::error(
        crate::PACKED_RUNTIME_INDEX,
        message,
        syntax::FileId(at.file),
        range,
    );
    let (file, user) = hir::user_range(cx.db, cx.file, cx.config, decl);
    d = d.with_related(file, user, format!("`{semantic}` is declared here"));
    if !cx.diagnostics.contains(&d) {
        cx.diagnostics.push(d);
    }
}
