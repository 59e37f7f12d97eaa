//! Locals whose value is a constant on every path: declared with a constant initializer and
//! afterwards never written, or only given that same constant (`int4 co = {0, 0, 0, 0};
//! b[co.x + co.y] = t;`, `int mode = 2; if (n > 3) mode = 2;`).
//!
//! DXC's legalization runs local-single-store elimination and constant propagation before it
//! resolves resources, so an index, a condition or a `switch` selector read from such a local
//! chooses a resource at compile time there. `FnLower::const_ints` (`texture.rs`) and the
//! conditions of `resource_choice` fold them through [`FnLower::local_constant`]. Texel offsets and `case` values are not folded
//! so: DXC's front end wants those to be constant expressions, and refuses a plain local
//! ([`FnLower::reads_plain_local`] tells them apart).
//!
//! A local counts as written otherwise when it (or a part of it) is assigned, incremented, the object
//! of a method, or an argument of a call to anything but an `in` parameter of a user function
//! (intrinsics' `out` arguments such as `sincos`'s included).

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use hir::body::{Body, Expr, ExprId, LocalId};
use syntax::ast::BinaryOp;

use crate::func::FnLower;

/// How the body writes its locals, worked out once per body.
#[derive(Debug, Default)]
pub struct LocalWrites {
    /// Locals written other than by a plain assignment of a whole value (`l = v;`).
    other: HashSet<LocalId>,
    /// The values of the plain assignments of each local.
    assigned: HashMap<LocalId, Vec<ExprId>>,
    /// The locals whose value is being worked out (a cycle of assignments knows none).
    visiting: RefCell<HashSet<LocalId>>,
}

impl FnLower<'_, '_> {
    /// The value of local `l` when it is the same constant on every path (`eval` the
    /// components of an expression known at compile time): its initializer's, and that of
    /// every assignment of it, none of which writes it otherwise. A `const` local is its
    /// initializer's value. A local that is not `const` must be a 32-bit integer or `bool`
    /// (scalar or vector) holding values of its type, so that the folded value is the one
    /// the code would compute.
    pub(crate) fn local_constant(
        &self,
        l: LocalId,
        eval: impl Fn(&Self, ExprId) -> Option<Vec<i64>>,
    ) -> Option<Vec<i64>> {
        let local = self.body.local(l);
        let init = local.init?;
        if local.is_const {
            return eval(self, init);
        }
        let range = match self.infer.type_of_local(l)?.scalar_kind()? {
            types::ScalarKind::Bool => 0..=1,
            types::ScalarKind::Int => i64::from(i32::MIN)..=i64::from(i32::MAX),
            types::ScalarKind::Uint => 0..=i64::from(i32::MAX),
            _ => return None,
        };
        let writes = self
            .res
            .local_writes
            .get_or_init(|| Rc::new(self.local_writes()))
            .clone();
        if writes.other.contains(&l) || !writes.visiting.borrow_mut().insert(l) {
            return None;
        }
        let value = (|| {
            let v = eval(self, init)?;
            for &a in writes
                .assigned
                .get(&l)
                .map(Vec::as_slice)
                .unwrap_or_default()
            {
                if eval(self, a)? != v {
                    return None;
                }
            }
            Some(v)
        })();
        writes.visiting.borrow_mut().remove(&l);
        value.filter(|v| v.iter().all(|x| range.contains(x)))
    }

    /// Whether `e` reads a local that is neither `const` nor a constant the lowering fixes (an
    /// unrolled loop's variable, a parameter a copy is specialized on).
    pub(crate) fn reads_plain_local(&self, e: ExprId) -> bool {
        if let Expr::Local(l) = self.body.expr(e) {
            if !self.const_locals.contains_key(l) && !self.body.local(*l).is_const {
                return true;
            }
        }
        self.body
            .children(e)
            .into_iter()
            .any(|c| self.reads_plain_local(c))
    }

    /// How this body writes its locals.
    fn local_writes(&self) -> LocalWrites {
        let body = &self.body;
        let mut out = LocalWrites::default();
        for i in 0..body.exprs.len() {
            let e = ExprId(i as u32);
            if let Expr::Binary {
                op: BinaryOp::Assign { op: None },
                lhs,
                rhs,
            } = body.expr(e)
            {
                if let Expr::Local(l) = body.expr(*lhs) {
                    out.assigned.entry(*l).or_default().push(*rhs);
                    continue;
                }
            }
            if let Some(w) = crate::resource_choice::assigned_operand(body.expr(e)) {
                out.other.extend(root_local(body, w));
                continue;
            }
            let (receiver, args) = match body.expr(e) {
                Expr::Call { args, .. } => (None, args),
                Expr::MethodCall { receiver, args, .. } => (Some(*receiver), args),
                _ => continue,
            };
            out.other.extend(receiver.and_then(|r| root_local(body, r)));
            let params = match self.infer.resolution(e) {
                Some(hir::Resolution::Function { function, .. }) => self
                    .cx
                    .tree
                    .by_ast(*function)
                    .and_then(|f| self.cx.tree.function(f))
                    .map(|f| f.params.clone()),
                _ => None,
            };
            for (k, &a) in args.iter().enumerate() {
                let read_only = params
                    .as_ref()
                    .and_then(|p| p.get(k))
                    .is_some_and(|p| p.direction == hir::item_tree::ParamDirection::In);
                if !read_only {
                    out.other.extend(root_local(body, a));
                }
            }
        }
        out
    }
}

/// The local an expression is a part of (`v`, `v.xy`, `v.f[1]`).
fn root_local(body: &Body, mut e: ExprId) -> Option<LocalId> {
    loop {
        match body.expr(e) {
            Expr::Local(l) => return Some(*l),
            Expr::Paren(i) | Expr::Cast { expr: i, .. } => e = *i,
            Expr::Field { expr, .. } => e = *expr,
            Expr::Index { base, .. } => e = *base,
            _ => return None,
        }
    }
}
