//! Locals whose value is never read, initialized through a resource never assigned:
//! `int unused = obj.getBuffer()[42];` where `getBuffer` returns a member of `obj` that was
//! never set.
//!
//! DXC accepts such code because its optimizer removes the unread local and, with it, the
//! load from a resource that does not exist (`docs/SPIR-V.rst`, "HLSL legalization"). Here a
//! declaration is dropped the same way, but only when that is sound: every local it declares
//! is never named again in the function, and its initializer has no effect besides its value
//! (no assignment, `++`/`--`, `out` argument, write, atomic or barrier, also inside the user
//! functions and methods it calls). Such a declaration is lowered from a checkpoint; a use of
//! a resource never assigned inside it restores the checkpoint and drops the statement
//! (`resource_dead`), instead of E3020. Any other declaration, and any other error, stays as
//! it is.
//!
//! The unassigned resource may be named inside a callee (`return ro2;` in a method): a
//! function returning a resource never assigned records so (`ModuleCtx::unassigned_returns`),
//! and its caller reports the use at the call, where this module can drop it.
//!
//! Called from `stmt.rs` (declarations), `resource_dead.rs` (the error of such a use) and
//! `resource_structs.rs` (a `return` of a resource never assigned).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use hir::body::{Body, Expr, ExprId, LocalId, Stmt, StmtId};
use hir::item_tree::ParamDirection;
use hir::{InferenceResult, Resolution};
use syntax::ast::{BinaryOp, PrefixOp};
use types::Type;

use crate::context::{ModuleCtx, R};
use crate::func::FnLower;
use crate::resource_structs::Denoted;

impl FnLower<'_, '_> {
    /// Whether declaration `s` may be dropped when its initializer uses a resource never
    /// assigned: its locals are never named again, and its initializers have no effects.
    pub(crate) fn is_droppable_decl(&mut self, s: StmtId) -> bool {
        let Stmt::Decl(locals) = self.body.stmt(s) else {
            return false;
        };
        let named = match &self.res.named_locals {
            Some(n) => n.clone(),
            None => {
                let n = Arc::new(named_locals(&self.body));
                self.res.named_locals = Some(n.clone());
                n
            }
        };
        locals.iter().all(|&l| {
            let local = self.body.local(l);
            !local.is_static
                && !named.contains(&l)
                && local
                    .init
                    .is_some_and(|init| Purity::new(self.cx).expr(&self.body, &self.infer, init))
        })
    }

    /// Lowers droppable declaration `s`: a use of a resource never assigned in it drops it.
    pub(crate) fn lower_droppable_decl(&mut self, s: StmtId) -> R<()> {
        self.res.dropping = true;
        let r = self.lower_dead_stmt(s);
        self.res.dropping = false;
        self.res.dead_use = false;
        r
    }
}

impl FnLower<'_, '_> {
    /// Whether `e` is a resource member, element or local never assigned.
    pub(crate) fn never_assigned(&mut self, e: ExprId) -> bool {
        if let Expr::Local(l) = *self.body.expr(e) {
            let plain = matches!(self.infer.type_of_local(l), Some(Type::Resource(_)));
            return plain
                && self.body.local(l).param.is_none()
                && self.locals[l.0 as usize].is_none()
                && !self.res.conflicts.contains(&l)
                && !self.res.arrays.contains_key(&l);
        }
        match self.denote(e) {
            Some(Ok(Denoted::Slot(slot))) => !self.res.slots.contains_key(&slot),
            _ => false,
        }
    }

    /// Whether evaluating `e` has no effect besides its value (so evaluating it twice is as
    /// evaluating it once).
    pub(crate) fn has_no_effects(&self, e: ExprId) -> bool {
        Purity::new(self.cx).expr(&self.body, &self.infer, e)
    }
}

/// The locals named by an expression of `body` (a declaration does not name its local).
fn named_locals(body: &Body) -> HashSet<LocalId> {
    body.exprs
        .iter()
        .filter_map(|e| match e {
            Expr::Local(l) => Some(*l),
            _ => None,
        })
        .collect()
}

/// Which expressions and functions have no effect besides their value; each function is
/// looked at once (a cycle counts as having effects).
struct Purity<'a, 'db> {
    cx: &'a ModuleCtx<'db>,
    functions: HashMap<hir::AstId, bool>,
}

impl<'a, 'db> Purity<'a, 'db> {
    fn new(cx: &'a ModuleCtx<'db>) -> Self {
        Purity {
            cx,
            functions: HashMap::new(),
        }
    }

    /// Whether evaluating `e` of `body` has no effect besides its value.
    fn expr(&mut self, body: &Body, infer: &InferenceResult, e: ExprId) -> bool {
        let mut sub = |x: ExprId| self.expr(body, infer, x);
        match body.expr(e) {
            Expr::Missing
            | Expr::Literal(_)
            | Expr::Local(_)
            | Expr::Path(_)
            | Expr::SizeOf { .. } => true,
            Expr::Binary { op, lhs, rhs } => {
                !matches!(op, BinaryOp::Assign { .. }) && sub(*lhs) && sub(*rhs)
            }
            Expr::Prefix { op, expr } => {
                !matches!(op, PrefixOp::PreInc | PrefixOp::PreDec) && sub(*expr)
            }
            Expr::Postfix { .. } => false,
            Expr::Conditional {
                cond,
                then,
                otherwise,
            } => sub(*cond) && sub(*then) && sub(*otherwise),
            Expr::Field { expr, .. } | Expr::Cast { expr, .. } | Expr::Paren(expr) => sub(*expr),
            Expr::Index { base, index } => sub(*base) && sub(*index),
            Expr::InitList(items) => items.iter().all(|&i| sub(i)),
            Expr::Call { args, .. } => args.iter().all(|&a| sub(a)) && self.call(body, infer, e),
            Expr::MethodCall { receiver, args, .. } => {
                sub(*receiver) && args.iter().all(|&a| sub(a)) && self.call(body, infer, e)
            }
        }
    }

    /// Whether call `e` itself (not its operands) has no effect besides its value: a
    /// constructor, an intrinsic or resource read that neither writes nor synchronizes, or a
    /// user function without effects.
    fn call(&mut self, body: &Body, infer: &InferenceResult, e: ExprId) -> bool {
        if let Some(Resolution::Function { function, .. }) = infer.resolution(e) {
            return self.function(*function);
        }
        match body.expr(e) {
            Expr::Call { callee, .. } => {
                let name = match body.expr(*callee) {
                    Expr::Path(path) => path.as_name(),
                    _ => None,
                };
                name.is_some_and(|n| !EFFECTS.iter().any(|x| n.contains(x)))
            }
            // A resource method: the reads only (a `Load` with a status argument writes it).
            Expr::MethodCall { name, args, .. } => {
                name.starts_with("Sample")
                    || name.starts_with("Gather")
                    || name.starts_with("CalculateLevelOfDetail")
                    || (name.starts_with("Load") && args.len() == 1)
            }
            _ => false,
        }
    }

    /// Whether user function (or method) `function` has no effect besides its result:
    /// every expression of its body is free of effects, except assignments to its own locals
    /// that are not parameters; it has no `out`/`inout` parameter, no `discard`, and is no
    /// template.
    fn function(&mut self, function: hir::AstId) -> bool {
        if let Some(&known) = self.functions.get(&function) {
            return known;
        }
        // Until known: a call back into it (a cycle) has effects.
        self.functions.insert(function, false);
        let pure = self.function_body(function);
        self.functions.insert(function, pure);
        pure
    }

    fn function_body(&mut self, function: hir::AstId) -> bool {
        let cx = self.cx;
        let Some(idx) = cx.tree.by_ast(function) else {
            return false;
        };
        let idx = cx.definition_of(idx);
        let fid = cx.function_id(idx);
        if crate::enums::function_signature(cx.db, fid).is_template {
            return false;
        }
        let body = hir::body_with_source_map(cx.db, fid).0;
        let infer = crate::enums::infer(cx.db, fid);
        if body.stmts.iter().any(|s| matches!(s, Stmt::Discard)) {
            return false;
        }
        let by_value =
            |&p: &LocalId| matches!(body.local(p).param, Some(ParamDirection::In) | None);
        if !body.params.iter().all(by_value) {
            return false;
        }
        // The root of an assignment's target must be a local of the function, not a
        // parameter.
        let own = |x: ExprId| -> bool {
            let mut x = x;
            loop {
                match body.expr(x) {
                    Expr::Local(l) => return body.local(*l).param.is_none(),
                    Expr::Field { expr, .. }
                    | Expr::Index { base: expr, .. }
                    | Expr::Paren(expr) => x = *expr,
                    _ => return false,
                }
            }
        };
        (0..body.exprs.len() as u32).map(ExprId).all(|e| {
            // Assignments and `++`/`--` of its own locals are the function's business.
            if let Some(written) = crate::resource_choice::assigned_operand(body.expr(e)) {
                return own(written);
            }
            match body.expr(e) {
                // The call itself: its operands are expressions of the body too.
                Expr::Call { .. } | Expr::MethodCall { .. } => self.call(&body, &infer, e),
                _ => true,
            }
        })
    }
}

/// Intrinsics that write memory or `out` arguments, synchronize, or end the invocation (by
/// part of their name).
const EFFECTS: &[&str] = &[
    "Interlocked",
    "Barrier",
    "clip",
    "abort",
    "printf",
    "errorf",
    "sincos",
    "modf",
    "frexp",
    "Store",
    "Process",
    "SetMeshOutputCounts",
    "DispatchMesh",
    "TraceRay",
    "ReportHit",
    "CallShader",
    "IgnoreHit",
    "AcceptHitAndEndSearch",
    "Emit",
    "Restart",
    "GetDimensions",
];
