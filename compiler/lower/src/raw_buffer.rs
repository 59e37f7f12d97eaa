//! `vk::RawBufferLoad<T>(address [, alignment])` and `vk::RawBufferStore<T>(address, value
//! [, alignment])` as the `vk::RawBufferLoad`/`vk::RawBufferStore` intrinsics: the address
//! as a `uint64_t`, the value converted to `T`, the alignment a `uint` constant (4 when
//! omitted, as in DXC). The front end checked literal alignments; named constants and
//! anything else are checked here (E3011, after DXC's wording). Also `vk::ReadClock(scope)`,
//! the `vk::ReadClock` intrinsic on a constant Device or Subgroup scope. Called from `call`.

use hir::body::ExprId;
use hir::infer::vk::VkIntrinsic;
use ir::{Intrinsic, Value};
use types::{ScalarKind, Type};

use crate::context::R;
use crate::func::FnLower;

/// DXC's default alignment of raw buffer accesses.
const DEFAULT_ALIGNMENT: u32 = 4;

impl FnLower<'_, '_> {
    pub(crate) fn lower_vk_call(
        &mut self,
        e: ExprId,
        which: VkIntrinsic,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let (value_arg, align_arg) = match which {
            VkIntrinsic::RawBufferLoad => (None, 1),
            VkIntrinsic::RawBufferStore => (Some(1), 2),
            VkIntrinsic::ExtExecutionMode => return self.lower_ext_execution_mode(e, args),
            VkIntrinsic::ExtExecutionModeId => return self.lower_ext_execution_mode_id(e, args),
            VkIntrinsic::ReadClock => return self.lower_read_clock(e, args),
        };
        self.need_args(e, "raw buffer access", args, align_arg)?;
        let address = self.coerce(args[0], &Type::Scalar(ScalarKind::Uint64))?;
        let value = match value_arg {
            Some(i) => {
                let t = self.store_type(e)?;
                Some(self.coerce(args[i], &t)?)
            }
            None => None,
        };
        let alignment = match args.get(align_arg) {
            Some(&a) => match self.const_arg(a)? {
                Some(n) if n > 0 && (n as u64).is_power_of_two() && n <= i64::from(u32::MAX) => {
                    self.fb().uint(n as u32)
                }
                _ => {
                    let range = self.expr_range(a);
                    return Err(self.cx.error(
                        crate::RAW_BUFFER_ALIGNMENT,
                        "alignment argument must be a constant unsigned integer power of two"
                            .to_owned(),
                        range,
                    ));
                }
            },
            None => self.fb().uint(DEFAULT_ALIGNMENT),
        };
        match value {
            None => {
                let ty = self.ty(e)?;
                let v =
                    self.fb()
                        .call_intrinsic(Intrinsic::RawBufferLoad, ty, &[address, alignment]);
                Ok(Some(v))
            }
            Some(v) => {
                self.fb().call_intrinsic(
                    Intrinsic::RawBufferStore,
                    Type::Void,
                    &[address, v, alignment],
                );
                Ok(None)
            }
        }
    }

    /// `vk::ReadClock(scope)`: the scope must be a constant, Device or Subgroup as Vulkan's
    /// `shaderDeviceClock`/`shaderSubgroupClock` allow.
    fn lower_read_clock(&mut self, e: ExprId, args: &[ExprId]) -> R<Option<Value>> {
        self.need_args(e, "vk::ReadClock", args, 1)?;
        match self.const_arg(args[0])? {
            Some(scope @ (1 | 3)) => {
                let scope = self.fb().uint(scope as u32);
                let ty = Type::Scalar(ScalarKind::Uint64);
                Ok(Some(self.fb().call_intrinsic(
                    Intrinsic::ReadClock,
                    ty,
                    &[scope],
                )))
            }
            _ => {
                let range = self.expr_range(args[0]);
                Err(self.cx.error(
                    crate::NO_VULKAN_EQUIVALENT,
                    "vk::ReadClock reads the clock of vk::DeviceScope or vk::SubgroupScope only \
                     (a constant)"
                        .to_owned(),
                    range,
                ))
            }
        }
    }

    /// The value of constant argument `a`: a named constant (`static const uint A = 16;`)
    /// by its declared value, anything else when it lowers to a constant.
    pub(crate) fn const_arg(&mut self, a: ExprId) -> R<Option<i64>> {
        let mut e = a;
        while let hir::body::Expr::Paren(inner) = self.body.expr(e) {
            e = *inner;
        }
        if let Some(hir::Resolution::Global(ast)) = self.infer.resolution(e).cloned() {
            let value = self.cx.tree.by_ast(ast).and_then(|idx| {
                hir::lower_type::TypeCtx::inside(&self.cx.tree, &self.cx.scope, idx).item_value(idx)
            });
            if let Some(v) = value {
                return Ok(Some(v.as_int()));
            }
        }
        let v = self.coerce(a, &Type::UINT)?;
        Ok(self.cx.mb.module().const_int(v))
    }

    /// The `T` of a `vk::RawBufferStore<T>` call `e`: the front end records it as the
    /// callee's type.
    fn store_type(&mut self, e: ExprId) -> R<Type> {
        let hir::body::Expr::Call { callee, .. } = self.body.expr(e).clone() else {
            return Err(self.unsupported("this raw buffer store", e));
        };
        self.ty(callee)
    }
}
