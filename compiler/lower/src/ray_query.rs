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
//! passes it by reference too. Copying one (`RayQuery<F> b = q;`, `b = q;`) is refused as
//! DXC refuses it (E3004).

use hir::body::ExprId;
use ir::{Intrinsic, Opcode, Value};
use types::{ResourceType, Type};

use crate::context::R;
use crate::func::{FnLower, Place};

/// Whether `ty` is a `RayQuery<flags>`.
pub fn is_ray_query(ty: &Type) -> bool {
    matches!(ty.as_resource(), Some(ResourceType::RayQuery { .. }))
}

impl FnLower<'_, '_> {
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
