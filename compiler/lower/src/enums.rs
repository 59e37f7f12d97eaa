//! Enums below the front end: lowering sees every `hir` type with its enums erased to their
//! underlying integer types (`types::Type::erase_enums`), so an enum value is its underlying
//! scalar in the IR and the backends and the interpreter never meet an enum. The same pass
//! drops struct members that hold nothing (`float e[0]`, `types::Type::ir_form`): they take
//! no space and SPIR-V has no arrays of length 0.
//!
//! These wrappers of the `hir` queries that hand out types are how lowering reads them; a
//! type lowering resolves itself (`TypeCtx::resolve`) is erased where it is resolved.

use std::sync::Arc;

use hir::infer::{FunctionSignature, InferenceResult};
use hir::lower_type::TemplateArg;
use hir::{FunctionId, GlobalId, HirDb, StructId};
use types::Type;

fn erase(t: &Option<Type>) -> Option<Type> {
    t.as_ref().map(Type::ir_form)
}

fn result_mentions_enum(r: &InferenceResult) -> bool {
    let some = |t: &Option<Type>| t.as_ref().is_some_and(Type::needs_ir_form);
    r.expr_types.iter().any(some) || r.local_types.iter().any(some) || some(&r.declared_type)
}

fn erase_result(r: &InferenceResult) -> InferenceResult {
    InferenceResult {
        expr_types: r.expr_types.iter().map(erase).collect(),
        local_types: r.local_types.iter().map(erase).collect(),
        declared_type: erase(&r.declared_type),
        ..r.clone()
    }
}

fn erase_shared(r: Arc<InferenceResult>) -> Arc<InferenceResult> {
    if result_mentions_enum(&r) {
        Arc::new(erase_result(&r))
    } else {
        r
    }
}

fn erase_signature(s: &FunctionSignature) -> FunctionSignature {
    let mut s = s.clone();
    for p in &mut s.params {
        p.ty = erase(&p.ty);
    }
    s.ret = erase(&s.ret);
    s
}

/// [`hir::infer::infer`], enums erased.
pub(crate) fn infer(db: &dyn HirDb, f: FunctionId<'_>) -> Arc<InferenceResult> {
    erase_shared(hir::infer::infer(db, f))
}

/// [`hir::infer_instance`], enums erased.
pub(crate) fn infer_instance(
    db: &dyn HirDb,
    f: FunctionId<'_>,
    env: &[(String, TemplateArg)],
) -> InferenceResult {
    let r = hir::infer_instance(db, f, env);
    if result_mentions_enum(&r) {
        erase_result(&r)
    } else {
        r
    }
}

/// [`hir::infer_default`], enums erased.
pub(crate) fn infer_default(
    db: &dyn HirDb,
    f: FunctionId<'_>,
    body: &hir::Body,
    param: usize,
    env: &[(String, TemplateArg)],
) -> InferenceResult {
    let r = hir::infer_default(db, f, body, param, env);
    if result_mentions_enum(&r) {
        erase_result(&r)
    } else {
        r
    }
}

/// [`hir::infer_global`], enums erased.
pub(crate) fn infer_global(db: &dyn HirDb, g: GlobalId<'_>) -> Arc<InferenceResult> {
    erase_shared(hir::infer_global(db, g))
}

/// [`hir::global_type`], enums erased.
pub(crate) fn global_type(db: &dyn HirDb, g: GlobalId<'_>) -> Option<Type> {
    erase(&hir::global_type(db, g))
}

/// [`hir::struct_type`], enums erased.
pub(crate) fn struct_type(db: &dyn HirDb, s: StructId<'_>) -> Option<Type> {
    erase(&hir::struct_type(db, s))
}

/// [`hir::function_signature`], enums erased.
pub(crate) fn function_signature(db: &dyn HirDb, f: FunctionId<'_>) -> Arc<FunctionSignature> {
    let s = hir::function_signature(db, f);
    let mentions = |t: &Option<Type>| t.as_ref().is_some_and(Type::needs_ir_form);
    if s.params.iter().any(|p| mentions(&p.ty)) || mentions(&s.ret) {
        Arc::new(erase_signature(&s))
    } else {
        s
    }
}

/// [`hir::instance_signature`], enums erased.
pub(crate) fn instance_signature(
    db: &dyn HirDb,
    f: FunctionId<'_>,
    env: &[(String, TemplateArg)],
) -> FunctionSignature {
    erase_signature(&hir::instance_signature(db, f, env))
}
