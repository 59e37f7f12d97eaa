//! Resources chosen by conditions known at compile time, as DXC's legalization resolves them
//! (DXC's "SPIR-V cookbook": an `if`, a `switch` or a function return whose condition the
//! optimizer folds is legal, one decided at run time is not).
//!
//! - [`FnLower::static_condition`] evaluates a condition from literals, `const` locals and
//!   globals, enumerators and the parameters a function copy is specialized on.
//! - `c ? A : B` of a resource (or of a struct holding resources) denotes the arm a static
//!   condition picks; with a run-time condition it is an E3020 error at the `?:`.
//! - An `if` with a static condition keeps the resource bindings of the arm that runs only,
//!   and what the other arm returns is not recorded (`StaticFlow`); a `switch` on a static
//!   selector keeps those of the clauses that run (the matching one and those it falls
//!   into), where a run-time selector forbids rebinding in its clauses.
//! - A call of a function that hands resources back (a returned resource, a returned struct
//!   holding resources) is lowered once per set of constant scalar arguments, each copy
//!   seeing those parameters as constants, so `pick(true)` and `pick(false)` return
//!   different globals.
//!
//! Called from `stmt.rs` (`if`), `expr.rs` (places), `resource_structs.rs` (returns) and
//! `user_call.rs` (arguments).

use hir::body::{Body, Expr, ExprId, Literal, LocalId};
use syntax::ast::{BinaryOp, CmpOp, LogicOp, PostfixOp, PrefixOp};

use crate::context::R;
use crate::func::FnLower;

/// A scalar parameter of a function copy fixed to a constant: (parameter index, value).
pub type ConstantArg = (u32, i64);

impl FnLower<'_, '_> {
    /// The value of condition `e` when it is known at compile time.
    pub fn static_condition(&self, e: ExprId) -> Option<bool> {
        self.static_scalar(e).map(|v| v != 0)
    }

    /// The value of a scalar integer or `bool` expression known at compile time (`bool`s as
    /// 0 and 1).
    fn static_scalar(&self, e: ExprId) -> Option<i64> {
        match self.body.expr(e) {
            Expr::Literal(Literal::Bool(b)) => Some(i64::from(*b)),
            Expr::Paren(i) => self.static_scalar(*i),
            // A `bool` local holding one constant (`bool useA = true;`, `local_constants`).
            Expr::Local(l) if !self.const_locals.contains_key(l) => {
                let scalar = |me: &Self, e| me.static_scalar(e).map(|v| vec![v]);
                match self.local_constant(*l, scalar)?[..] {
                    [v] => Some(v),
                    _ => None,
                }
            }
            Expr::Prefix {
                op: PrefixOp::Not,
                expr,
            } => Some(i64::from(self.static_scalar(*expr)? == 0)),
            Expr::Binary {
                op: BinaryOp::Cmp(op),
                lhs,
                rhs,
            } => {
                let (a, b) = (self.static_scalar(*lhs)?, self.static_scalar(*rhs)?);
                Some(i64::from(match op {
                    CmpOp::Eq => a == b,
                    CmpOp::Ne => a != b,
                    CmpOp::Lt => a < b,
                    CmpOp::Gt => a > b,
                    CmpOp::Le => a <= b,
                    CmpOp::Ge => a >= b,
                }))
            }
            Expr::Binary {
                op: BinaryOp::Logic(op),
                lhs,
                rhs,
            } => {
                let (a, b) = (
                    self.static_scalar(*lhs)? != 0,
                    self.static_scalar(*rhs)? != 0,
                );
                Some(i64::from(match op {
                    LogicOp::And => a && b,
                    LogicOp::Or => a || b,
                }))
            }
            Expr::Conditional {
                cond,
                then,
                otherwise,
            } => {
                let arm = if self.static_condition(*cond)? {
                    *then
                } else {
                    *otherwise
                };
                self.static_scalar(arm)
            }
            _ => match self.const_ints(e)?[..] {
                [v] => Some(v),
                _ => None,
            },
        }
    }

    /// The value of a `switch` selector known at compile time.
    pub fn static_selector(&self, e: ExprId) -> Option<i64> {
        self.static_scalar(e)
    }

    /// Whether `e`'s type is a resource, an array of resources or a struct holding resources:
    /// then a `?:` of it chooses at compile time.
    pub fn holds_resources(&self, e: ExprId) -> bool {
        self.infer.type_of_expr(e).is_some_and(|t| {
            crate::resource_structs::split_type(t).is_some()
                || crate::resources::resource_of(t).is_some()
        })
    }

    /// For `c ? a : b` holding resources: the arm a static condition picks, or the E3020
    /// error at the `?:` when the condition is decided at run time. `None` for any other
    /// expression.
    pub fn chosen_arm(&mut self, e: ExprId) -> Option<R<ExprId>> {
        let Expr::Conditional {
            cond,
            then,
            otherwise,
        } = *self.body.expr(e)
        else {
            return None;
        };
        if !self.holds_resources(e) {
            return None;
        }
        Some(match self.static_condition(cond) {
            Some(true) => Ok(then),
            Some(false) => Ok(otherwise),
            // In code that never runs, or in the initializer of a local never read, the
            // statement goes away, as DXC's dead-code elimination removes the choice
            // (`resource_dead`, `resource_unread`).
            None if self.res.flow.dead || self.res.dropping => {
                self.res.dead_use = true;
                Err(crate::context::Unsupported)
            }
            None => {
                let range = self.expr_range(e);
                let how = self.run_time_choice_failure(e);
                Err(self.cx.error(
                    crate::RESOURCE_NOT_LEGAL,
                    format!(
                        "this `?:` chooses a resource by a condition known only at run time; \
                         Vulkan needs each use to name one resource, and {how} (branch with \
                         `if` and use each resource in its own arm)"
                    ),
                    range,
                ))
            }
        })
    }

    /// How DXC fails on a run-time `?:` of resources `e`. Its legalization turns the
    /// temporary it stores the chosen resource in into an `OpPhi` of the loaded objects,
    /// which SPIR-V's validator refuses for images and samplers in every environment (and
    /// `OpSelect`, even from SPIR-V 1.4, takes no image or sampler either).
    fn run_time_choice_failure(&self, e: ExprId) -> String {
        let opaque = match self.infer.type_of_expr(e).and_then(|t| t.as_resource()) {
            Some(types::ResourceType::Texture { .. }) => Some("OpTypeImage"),
            Some(types::ResourceType::Sampler { .. }) => Some("OpTypeSampler"),
            _ => None,
        };
        match opaque {
            Some(ty) => format!(
                "DXC fails here too: its legalization leaves an `OpPhi` of the two resources, \
                 which the validator refuses (\"generated SPIR-V is invalid: Result type \
                 cannot be {ty}\")"
            ),
            None => crate::resource_structs::DXC_FAILS.to_owned(),
        }
    }

    /// The constant scalar arguments of a call of a function that hands resources back:
    /// its copy is specialized on them. `params_in[i]` says whether parameter `i` is an `in`
    /// scalar.
    pub fn constant_arguments(&self, args: &[ExprId], params_in: &[bool]) -> Vec<ConstantArg> {
        args.iter()
            .zip(params_in)
            .enumerate()
            .filter(|(_, (_, &scalar_in))| scalar_in)
            .filter_map(|(i, (&a, _))| Some((i as u32, self.static_scalar(a)?)))
            .collect()
    }

    /// Makes the parameters this copy is specialized on constants (those the body never
    /// writes; a written one stays a variable).
    pub fn bind_constant_params(&mut self, constants: &[ConstantArg]) {
        for &(i, v) in constants {
            let Some(&p) = self.body.params.get(i as usize) else {
                continue;
            };
            if !is_written(&self.body, &self.infer, p) {
                self.const_locals.insert(p, v);
            }
        }
    }
}

/// The parameters among those `params_in` marks as `in` scalars with which `body` indexes
/// an array holding resources (or structs holding them), `a[i]`: a constant argument there
/// names one element, as DXC's inlining sees it, so the call picks a copy per constant (a
/// run-time argument stays a run-time index, `resource_runs`); and those a condition reads
/// in a function assigning resources.
pub(crate) fn resource_index_params(
    body: &Body,
    infer: &hir::InferenceResult,
    params_in: &[bool],
) -> Vec<bool> {
    let mut used = vec![false; params_in.len()];
    let param = |mut e: ExprId| loop {
        match body.expr(e) {
            Expr::Local(x) => {
                return body
                    .params
                    .iter()
                    .zip(params_in)
                    .position(|(p, &scalar_in)| scalar_in && p == x);
            }
            Expr::Paren(i) => e = *i,
            _ => return None,
        }
    };
    let holds_resources = |t: &types::Type| match t {
        types::Type::Array { element, .. } => {
            crate::resources::resource_of(element).is_some()
                || crate::resource_structs::split_type(element).is_some()
        }
        _ => false,
    };
    for x in body.exprs.iter() {
        if let Expr::Index { base, index } = x {
            if let Some(k) = param(*index) {
                if infer.type_of_expr(*base).is_some_and(holds_resources) {
                    used[k] = true;
                }
            }
        }
    }
    // A function assigning resources (`t = B`, `m.t = B`) under a condition on such a
    // parameter (`if (useB) t = B;`): a constant argument picks the resource, as DXC's
    // inlining folds the condition, so the call picks a copy per constant.
    let assigns_resources = body.exprs.iter().any(|x| match x {
        Expr::Binary {
            op: syntax::ast::BinaryOp::Assign { op: None },
            lhs,
            ..
        } => infer
            .type_of_expr(*lhs)
            .is_some_and(crate::resource_out::holds_resources),
        _ => false,
    });
    if assigns_resources {
        let mut conditions: Vec<ExprId> = body
            .stmts
            .iter()
            .filter_map(|st| match st {
                hir::body::Stmt::If { cond, .. } => Some(*cond),
                hir::body::Stmt::Switch { expr, .. } => Some(*expr),
                _ => None,
            })
            .collect();
        conditions.extend(body.exprs.iter().filter_map(|x| match x {
            Expr::Conditional { cond, .. } => Some(*cond),
            _ => None,
        }));
        while let Some(e) = conditions.pop() {
            if let Some(k) = param(e) {
                used[k] = true;
            }
            conditions.extend(body.children(e));
        }
    }
    used
}

/// Whether local `l` may be written in `body`: assigned, incremented, or passed to a user
/// function (which could take it as `out`).
pub(crate) fn is_written(body: &Body, infer: &hir::InferenceResult, l: LocalId) -> bool {
    let is_l = |mut e: ExprId| loop {
        match body.expr(e) {
            Expr::Local(x) => return *x == l,
            Expr::Paren(i) => e = *i,
            _ => return false,
        }
    };
    (0..body.exprs.len()).any(|i| {
        let e = ExprId(i as u32);
        if let Some(written) = assigned_operand(body.expr(e)) {
            return is_l(written);
        }
        match body.expr(e) {
            Expr::Call { args, .. } | Expr::MethodCall { args, .. } => {
                infer.resolution(e).is_some() && args.iter().any(|&a| is_l(a))
            }
            _ => false,
        }
    })
}

/// Whether the code being lowered runs, as far as compile-time conditions tell: code in the
/// arm of an `if` whose condition is a constant the other way, or after an `if` whose
/// running arm always leaves, is statically dead. Its resource bindings and returns do not
/// count.
#[derive(Debug, Default, Clone, Copy)]
pub struct StaticFlow {
    pub dead: bool,
}

/// The operand expression `e` writes: the left side of an assignment (compound or not), the
/// operand of `++`/`--`.
pub(crate) fn assigned_operand(e: &Expr) -> Option<ExprId> {
    match e {
        Expr::Binary {
            op: BinaryOp::Assign { .. },
            lhs,
            ..
        } => Some(*lhs),
        Expr::Prefix {
            op: PrefixOp::PreInc | PrefixOp::PreDec,
            expr,
        }
        | Expr::Postfix {
            op: PostfixOp::PostInc | PostfixOp::PostDec,
            expr,
        } => Some(*expr),
        _ => None,
    }
}
