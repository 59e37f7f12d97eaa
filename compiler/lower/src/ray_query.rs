//! Inline ray tracing: the methods of `RayQuery<flags>` (SM 6.5). A query is a function-local
//! variable of the `RayQuery` type (an `alloca`, never loaded or copied); every method is a
//! `CallIntrinsic` named `RayQuery::Method` whose first operand is the query pointer.
//! `TraceRayInline` takes the acceleration structure (a resource pointer), the ray flags with
//! the template's flags OR-ed in (as DXC does), the instance mask and the `RayDesc` value.
//! Called from `call::lower_method_call`; the SPIR-V backend maps the calls to
//! `SPV_KHR_ray_query` (`spirv/src/ray_query.rs`).
//!
//! A query passed to a function (`in`, `out` or `inout`) is passed as a pointer to the
//! caller's variable, never copied: SPIR-V has no way to copy a ray query object, and DXC
//! passes it by reference too. An element of an array of queries (`f(q[1])`) cannot be
//! passed as such, since a SPIR-V call's pointer operands must be whole variables: the call
//! picks a copy of the function taking a pointer to the whole array and the element's
//! indices (`QueryElement`), which binds the parameter to that element, as DXC's inlining
//! leaves it. Copying one (`RayQuery<F> b = q;`, `b = q;`) is refused as
//! DXC refuses it (E3004).

use hir::body::ExprId;
use ir::{Intrinsic, Opcode, Value};
use types::{ResourceType, Type};

use crate::context::R;
use crate::func::{FnLower, Place};

/// A ray query parameter of a function copy given an element of an array of queries: the
/// parameter (its index among the HLSL parameters) and the array's type. The copy takes a
/// pointer to the array and one `int` index per array level after it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct QueryElement {
    pub param: u32,
    pub array: Type,
}

/// The number of array levels of `ty` (`RayQuery<0> q[2][3]`: 2).
pub fn array_depth(ty: &Type) -> u32 {
    match ty {
        Type::Array { element, .. } => 1 + array_depth(element),
        _ => 0,
    }
}

/// Whether `ty` is a `RayQuery<flags>`.
pub fn is_ray_query(ty: &Type) -> bool {
    matches!(ty.as_resource(), Some(ResourceType::RayQuery { .. }))
}

impl FnLower<'_, '_> {
    /// The array argument `a` (for ray query parameter `param`) is an element of: an
    /// indexed array of queries (`q[1]`, `q[i][0]`), or a parameter of this copy that is
    /// itself such an element.
    pub(crate) fn query_element_of(&self, a: ExprId, param: u32) -> Option<QueryElement> {
        let mut e = a;
        let mut levels = 0;
        loop {
            match self.body.expr(e) {
                hir::body::Expr::Paren(i) => e = *i,
                hir::body::Expr::Index { base, .. } => {
                    levels += 1;
                    e = *base;
                }
                _ => break,
            }
        }
        if levels == 0 {
            let hir::body::Expr::Local(l) = self.body.expr(e) else {
                return None;
            };
            let at = self.body.params.iter().position(|p| p == l)? as u32;
            let mine = self.cx.query_elements.get(&self.func)?;
            let q = mine.iter().find(|q| q.param == at)?;
            return Some(QueryElement {
                param,
                array: q.array.clone(),
            });
        }
        let array = self.infer.type_of_expr(e)?.clone();
        (array_depth(&array) == levels).then_some(QueryElement { param, array })
    }

    /// The number of index parameters after ray query parameter `param` of this copy: the
    /// levels of the array of queries it is an element of, or 0.
    pub(crate) fn query_element_depth(&self, param: u32) -> u32 {
        self.cx
            .query_elements
            .get(&self.func)
            .and_then(|qs| qs.iter().find(|q| q.param == param))
            .map_or(0, |q| array_depth(&q.array))
    }

    /// The operands passing query element `p` (an access chain into an array of queries)
    /// to a copy taking `q`: the array's pointer, then its `int` indices.
    pub(crate) fn query_element_operands(
        &mut self,
        p: Value,
        q: &QueryElement,
        a: ExprId,
    ) -> R<Vec<Value>> {
        let mut indices = Vec::new();
        let mut base = p;
        while let Value::Inst(i) = base {
            let d = &self.cx.mb.module().functions[self.func].insts[i];
            if d.opcode != Opcode::AccessChain {
                break;
            }
            let (b, rest) = (d.operands[0], d.operands[1..].to_vec());
            indices.splice(0..0, rest);
            base = b;
        }
        if indices.len() != array_depth(&q.array) as usize {
            return Err(self.unsupported("this element of an array of RayQuery as an argument", a));
        }
        let mut out = vec![base];
        for i in indices {
            let from = self.type_of(i);
            out.push(self.convert_value(i, &from, &Type::INT, a)?);
        }
        Ok(out)
    }

    /// E3004 when `e` copies a ray query into a variable of type `ty`.
    pub(crate) fn ray_query_copy(&mut self, ty: &Type, e: ExprId) -> Option<R<()>> {
        if !is_ray_query(ty) {
            return None;
        }
        let range = self.expr_range(e);
        Some(Err(self.cx.error(
            crate::NO_VULKAN_EQUIVALENT,
            format!(
                "store value of type '{ty}' is unsupported: a ray query cannot be copied or \
                 assigned (SPIR-V has no way to copy one; pass it to functions instead)"
            ),
            range,
        )))
    }

    /// `query.name(args)` where `query` points to a `RayQuery<flags>`; `None` when `r` is
    /// another resource.
    pub(crate) fn lower_ray_query_method(
        &mut self,
        e: ExprId,
        query: Value,
        r: &ResourceType,
        name: &str,
        args: &[ExprId],
    ) -> Option<R<Option<Value>>> {
        let &ResourceType::RayQuery { flags } = r else {
            return None;
        };
        Some(self.ray_query_call(e, query, flags, name, args))
    }

    fn ray_query_call(
        &mut self,
        e: ExprId,
        query: Value,
        template_flags: u32,
        name: &str,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let Some(intrinsic) = Intrinsic::from_name(&format!("RayQuery::{name}")) else {
            return Err(self.unsupported(&format!("the RayQuery method `{name}`"), e));
        };
        let ty = self.ty(e)?;
        let mut operands = vec![query];
        if intrinsic == Intrinsic::RayQueryTraceRayInline {
            self.need_args(e, name, args, 4)?;
            let Place::Ptr(accel) = self.lvalue(args[0])? else {
                return Err(self.unsupported("this acceleration structure argument", e));
            };
            let mut ray_flags = self.coerce(args[1], &Type::UINT)?;
            if let Some(flags) = self.cx.mb.module().const_int(ray_flags) {
                // Constant flags stay one constant, so the backend sees every bit.
                ray_flags = self.fb().uint(flags as u32 | template_flags);
            } else if template_flags != 0 {
                let t = self.fb().uint(template_flags);
                ray_flags = self.fb().binary(Opcode::BitOr, ray_flags, t);
            }
            let mask = self.coerce(args[2], &Type::UINT)?;
            let ray_ty = self.ty(args[3])?;
            let ray = self.coerce(args[3], &ray_ty)?;
            operands.extend([accel, ray_flags, mask, ray]);
        } else {
            // Only `CommitProceduralPrimitiveHit(float tHit)` takes an argument.
            for &a in args {
                operands.push(self.coerce(a, &Type::FLOAT)?);
            }
        }
        let v = self.fb().call_intrinsic(intrinsic, ty.clone(), &operands);
        Ok((!ty.is_void()).then_some(v))
    }
}
