//! A local array of resources passed to a parameter declared as an array of resources
//! (`Texture2D ts[2] = {a, b}; f(ts);` with `float4 f(Texture2D ts[2])`).
//!
//! Resources have no memory in a function (Vulkan forbids opaque types in `Function`
//! storage, `resource_structs`), so the array is passed as its elements: the resource each
//! element of the caller's local is bound to picks the callee's copy, one `ResourceArg` per
//! element, and an element that is an element of a global array brings its `int` index as
//! an argument, as for a struct holding resources. Inside that copy the parameter is a local
//! resource array whose elements are bound to those resources, so `ts[1]` and a run-time
//! `ts[i]` (when the elements are consecutive elements of one global array) lower as for a
//! local array. A local holding a whole global array in order still passes that global.
//!
//! `user_call` asks [`FnLower::local_array_argument`] for the argument;
//! `ModuleCtx::function_for_resources` and `func`'s parameters use
//! [`ModuleCtx::element_count`] to tell the two forms apart in a copy's resources.

use hir::body::ExprId;
use ir::Value;
use types::Type;

use crate::context::{ModuleCtx, ResourceArg, R};
use crate::func::FnLower;
use crate::resource_structs::Denoted;

/// The length of a parameter type that is a sized array of single resources.
pub(crate) fn resource_array_len(ty: &Type) -> Option<u32> {
    match ty {
        Type::Array {
            element,
            len: Some(n),
        } if matches!(**element, Type::Resource(_)) => {
            crate::resources::resource_of(ty).map(|_| *n)
        }
        _ => None,
    }
}

/// Whether `body` assigns an element of local resource array `l` (`l[1] = gt[3];`, at any
/// depth; a write into a buffer element behind it, `l[i][0] = 5;`, is no such assignment):
/// such a local keeps one binding per element from its initializer on, even when given a
/// whole global array, so that the assignment rebinds one element, not the global's.
pub(crate) fn element_assigned(
    body: &hir::body::Body,
    infer: &hir::InferenceResult,
    l: hir::body::LocalId,
) -> bool {
    use hir::body::Expr;
    use syntax::ast::BinaryOp;
    let rooted = |mut e: ExprId| loop {
        match body.expr(e) {
            Expr::Paren(i) => e = *i,
            Expr::Index { base, .. } => match body.expr(*base) {
                Expr::Local(y) => return *y == l,
                _ => e = *base,
            },
            _ => return false,
        }
    };
    let a_resource = |e: ExprId| {
        (infer.type_of_expr(e)).is_some_and(|t| crate::resources::resource_of(t).is_some())
    };
    body.exprs.iter().any(|x| match x {
        Expr::Binary {
            op: BinaryOp::Assign { .. },
            lhs,
            ..
        } => a_resource(*lhs) && rooted(*lhs),
        _ => false,
    })
}

/// The arguments of `body`'s calls passed to `out`/`inout` parameters holding resources
/// (`fill(ts)` with `void fill(inout Texture2D ts[4])`): the callee may rebind their
/// elements or members, which the caller takes back (`resource_out`).
pub(crate) fn rebinding_arguments(
    tree: &hir::item_tree::ItemTree,
    body: &hir::body::Body,
    infer: &hir::InferenceResult,
) -> Vec<ExprId> {
    use hir::body::Expr;
    let mut out = Vec::new();
    for (k, x) in body.exprs.iter().enumerate() {
        let args = match x {
            Expr::Call { args, .. } | Expr::MethodCall { args, .. } => args,
            _ => continue,
        };
        let Some(hir::Resolution::Function { function, .. }) = infer.resolution(ExprId(k as u32))
        else {
            continue;
        };
        let Some(decl) = tree.by_ast(*function).and_then(|f| tree.function(f)) else {
            continue;
        };
        for (&a, p) in args.iter().zip(&decl.params) {
            let holds = infer.type_of_expr(a).is_some_and(|t| {
                crate::resource_out::holds_resources(t) || resource_array_len(t).is_some()
            });
            if holds && p.direction != hir::item_tree::ParamDirection::In {
                out.push(a);
            }
        }
    }
    out
}

impl ModuleCtx<'_> {
    /// For a parameter of type `ty` whose resources start at `rest` in a copy's
    /// resources: the number of elements passed one by one, or `None` when the parameter
    /// is not an array of resources or its argument is a whole global array.
    pub fn element_count(&self, ty: &Type, rest: &[ResourceArg]) -> Option<u32> {
        let n = resource_array_len(ty)?;
        let first = rest.first()?;
        let whole = match first.global {
            Some(g) if !first.indexed => {
                matches!(self.mb.module().globals[g].ty, Type::Array { .. })
            }
            _ => false,
        };
        (!whole && rest.len() >= n as usize).then_some(n)
    }
}

impl FnLower<'_, '_> {
    /// Whether local resource array `l` keeps one binding per element from its initializer
    /// on, even when given a whole global array: when the function assigns one of its
    /// elements ([`element_assigned`]) or passes it to an `out`/`inout` parameter, which
    /// may rebind some of them.
    pub(crate) fn keeps_element_slots(&self, l: hir::body::LocalId) -> bool {
        use hir::body::Expr;
        element_assigned(&self.body, &self.infer, l)
            || rebinding_arguments(&self.cx.tree, &self.body, &self.infer)
                .into_iter()
                .any(|mut a| loop {
                    match self.body.expr(a) {
                        Expr::Paren(i) => a = *i,
                        Expr::Local(y) => break *y == l,
                        _ => break false,
                    }
                })
    }

    /// The argument `a` of a parameter of type `param` when it is a local array of
    /// resources that is not a whole global array: the resource of each element and the
    /// `int` indices of those that are elements of global arrays. `None` for any other
    /// argument.
    pub fn local_array_argument(
        &mut self,
        a: ExprId,
        param: Option<&Type>,
    ) -> Option<R<(Vec<ResourceArg>, Vec<Value>)>> {
        let n = resource_array_len(param?)?;
        let Some(Ok(Denoted::Array(l, path, len))) = self.denote(a) else {
            return None;
        };
        if len != n || self.whole_global_array(l, &path, n).is_some() {
            return None;
        }
        // A whole innermost row of an array of arrays: passed as the row (`row_args`).
        if let Some(row) = self.local_row_argument(l, &path, n) {
            return Some(Ok(row));
        }
        Some(self.element_arguments(a, l, &path, n))
    }

    fn element_arguments(
        &mut self,
        a: ExprId,
        l: hir::body::LocalId,
        path: &[u32],
        n: u32,
    ) -> R<(Vec<ResourceArg>, Vec<Value>)> {
        let mut resources = Vec::new();
        let mut indices = Vec::new();
        for k in 0..n {
            let mut slot = path.to_vec();
            slot.push(k);
            let passed = self.passed_slot(&(l, slot), a)?;
            // Never assigned: passed on unbound, an error only where it is used.
            if !self.push_passed_resource(passed, a, &mut resources, &mut indices)? {
                return Err(self.unsupported("passing this array of resources", a));
            }
        }
        Ok((resources, indices))
    }

    /// Binds the elements of `inout` parameter `l`, an array of `n` resources given whole
    /// global array `g`, to the elements of `g`, each as it came in, so that the callee may
    /// rebind some and hands back only those (`resource_out`).
    pub fn bind_whole_array_param(&mut self, l: hir::body::LocalId, g: ir::Global, n: u32) {
        for k in 0..n {
            let p = self.static_pointer((g, Some(i64::from(k))));
            let slot = (l, vec![k]);
            self.res.incoming.insert(slot.clone(), p);
            (self.res.slots).insert(slot, crate::resource_structs::Binding::Bound(p));
        }
    }

    /// Binds the elements of parameter `l`, a local resource array, to `elements` (a
    /// resource global, with the IR argument of its index when it is an array element).
    pub fn bind_element_param(
        &mut self,
        l: hir::body::LocalId,
        elements: &[(Option<ir::Global>, Option<u32>)],
    ) {
        let name = self.body.local(l).name.clone();
        for (k, &(g, index)) in elements.iter().enumerate() {
            let Some(g) = g else {
                // Never assigned by the caller: unbound here too.
                continue;
            };
            let p = match index {
                Some(n) => {
                    self.fb()
                        .set_param_name(n as usize, &format!("{name}.{k}.index"));
                    // One index per dimension of an array of arrays (`row_args`).
                    let p = self.incoming_element(g, Value::Arg(n), 0);
                    // An `inout` element left as it came in is not handed back
                    // (`resource_out`).
                    self.res.incoming.insert((l, vec![k as u32]), p);
                    p
                }
                None => Value::Global(g),
            };
            self.res.slots.insert(
                (l, vec![k as u32]),
                crate::resource_structs::Binding::Bound(p),
            );
        }
    }
}
