//! Default arguments whose value is known only at run time: a default that names a global,
//! a cbuffer member or a `static` (`float scale = gScale`), calls a user function or an
//! intrinsic (`float a = g()`, `float m = max(gX, gY)`), builds a struct or a matrix, casts,
//! or reads a member of a global. DXC evaluates such a default at each call that leaves the
//! argument out, in the scope of the function's declaration; so does `user_call`, through
//! [`FnLower::run_time_default`], after constant defaults (folded by `hir`'s constant
//! evaluator) have had their turn.
//!
//! The default's syntax is lowered and inferred as an expression of its own
//! (`hir::body::lower_default_value`, `hir::infer_default`: the parameters are not in scope,
//! only what the declaration sees), and the caller's [`FnLower`] lowers it with that body
//! and inference put in place of its own for the time of the expression. A resource
//! parameter's default (`in SamplerState sam = sampler_linear_wrap`) is lowered the same way
//! and passed as the resource argument that picks the callee's copy.

use std::sync::Arc;

use hir::body::ExprId;
use hir::item_tree::ItemIdx;
use hir::{Body, BodySourceMap, InferenceResult};
use ir::Value;
use syntax::ast;
use types::Type;

use crate::context::{ResourceArg, TemplateBinding, R};
use crate::func::FnLower;

/// What the caller's lowering holds while a default is lowered in its place.
struct CallerScope {
    item: ItemIdx,
    body: Arc<Body>,
    map: Arc<BodySourceMap>,
    infer: Arc<InferenceResult>,
    this: Option<Value>,
    call_temps: std::collections::HashMap<ExprId, hir::body::LocalId>,
}

impl FnLower<'_, '_> {
    /// The value of parameter `i`'s default (from the first of `decls` that has one) for a
    /// call `e` leaving it out, computed here, converted to the parameter type `ty`; `env`
    /// binds the callee's template parameters.
    pub fn run_time_default(
        &mut self,
        e: ExprId,
        decls: [ItemIdx; 2],
        i: usize,
        ty: &Type,
        env: &[TemplateBinding],
    ) -> R<Value> {
        self.with_default(e, decls, i, env, |s, init| s.coerce(init, ty))
    }

    /// The resource a call `e` leaving out resource parameter `i` passes: its default, a
    /// resource the declaration sees (`in SamplerState sam = sampler_linear_wrap`), which
    /// picks the callee's copy as a written argument would (`user_call`).
    pub fn default_resource_argument(
        &mut self,
        e: ExprId,
        decls: [ItemIdx; 2],
        i: usize,
        param: Option<&Type>,
        env: &[TemplateBinding],
    ) -> R<(ResourceArg, Option<Value>)> {
        self.with_default(e, decls, i, env, |s, init| s.resource_argument(init, param))
    }

    /// Runs `f` on parameter `i`'s default expression (from the first of `decls` that has
    /// one), lowered with the default's own body and inference in place of the caller's.
    fn with_default<T>(
        &mut self,
        e: ExprId,
        decls: [ItemIdx; 2],
        i: usize,
        env: &[TemplateBinding],
        f: impl FnOnce(&mut Self, ExprId) -> R<T>,
    ) -> R<T> {
        let found = decls
            .into_iter()
            .find_map(|idx| Some((idx, self.default_syntax(idx, i)?)));
        let Some((site, syntax)) = found else {
            return Err(self.unsupported("this default argument", e));
        };
        if self.defaults.contains(&(site, i)) {
            let range = self.expr_range(e);
            return Err(self.cx.error(
                crate::DEFAULT_NEEDS_ITSELF,
                "this default argument needs its own value: the calls in it leave out \
                 arguments whose defaults come back to it"
                    .to_owned(),
                range,
            ));
        }
        let (body, mut map) = hir::body::lower_default_value(&syntax);
        let fid = self.cx.function_id(site);
        let infer = crate::enums::infer_default(self.cx.db, fid, &body, i, env);
        let Some(init) = body.init else {
            return Err(self.unsupported("this default argument", e));
        };
        if infer
            .diagnostics
            .iter()
            .any(|d| d.severity == syntax::Severity::Error)
        {
            return Err(self.unsupported("this default argument (it does not type-check)", e));
        }
        // The default names no local; it sees the caller's as its own so that temporaries
        // made while lowering it (numbered after the locals) stay apart from the caller's.
        let mut body = body;
        body.locals = self.body.locals.clone();
        map.locals = self.map.locals.clone();
        let caller = self.enter_default(site, body, map, infer);
        self.defaults.push((site, i));
        let v = f(self, init);
        self.defaults.pop();
        self.leave_default(caller);
        v
    }

    /// Puts the default's body and inference in place of the caller's.
    fn enter_default(
        &mut self,
        site: ItemIdx,
        body: Body,
        map: BodySourceMap,
        infer: InferenceResult,
    ) -> CallerScope {
        CallerScope {
            item: std::mem::replace(&mut self.item, site),
            body: std::mem::replace(&mut self.body, Arc::new(body)),
            map: std::mem::replace(&mut self.map, Arc::new(map)),
            infer: std::mem::replace(&mut self.infer, Arc::new(infer)),
            // A default cannot name the members of the object of a method.
            this: self.this.take(),
            call_temps: std::mem::take(&mut self.res.call_temps),
        }
    }

    /// Gives the caller back its body and inference.
    fn leave_default(&mut self, caller: CallerScope) {
        self.item = caller.item;
        self.body = caller.body;
        self.map = caller.map;
        self.infer = caller.infer;
        self.this = caller.this;
        self.res.call_temps = caller.call_temps;
    }

    /// The syntax of parameter `i`'s default in function `site`'s declaration.
    fn default_syntax(&self, site: ItemIdx, i: usize) -> Option<ast::Expr> {
        crate::attrs::param_node(self.cx, site, i)?.default_value()
    }
}
