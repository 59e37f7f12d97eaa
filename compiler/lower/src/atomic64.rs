//! SM 6.6 64-bit atomics on byte-address buffers: `InterlockedAdd64(offset, value [,
//! original])` and its siblings on a `RWByteAddressBuffer`.
//!
//! The IR has no 64-bit view of a byte-address buffer (an access chain into one addresses a
//! 32-bit word), so these lower to the resource form of the atomic opcodes, as atomics on
//! read-write textures do: `atomic_rmw op, buffer, byte_offset, value : uint64_t` (and
//! `atomic_compare_exchange buffer, byte_offset, comparand, value`). The byte offset must be
//! a multiple of 8. Called from the buffer methods of `call.rs`.

use hir::body::ExprId;
use ir::{AtomicOp, Value};
use types::{ScalarKind, Type};

use crate::context::R;
use crate::func::FnLower;

/// The read-modify-write operation of a 64-bit method name.
fn rmw_op(name: &str) -> Option<AtomicOp> {
    Some(match name {
        "InterlockedAdd64" => AtomicOp::Add,
        "InterlockedAnd64" => AtomicOp::And,
        "InterlockedOr64" => AtomicOp::Or,
        "InterlockedXor64" => AtomicOp::Xor,
        "InterlockedMin64" => AtomicOp::Min,
        "InterlockedMax64" => AtomicOp::Max,
        "InterlockedExchange64" => AtomicOp::Exchange,
        _ => return None,
    })
}

impl FnLower<'_, '_> {
    /// The 64-bit atomic method `name` of byte-address buffer `buffer`; `None` when `name`
    /// is not one.
    pub fn lower_byte_address_atomic64(
        &mut self,
        e: ExprId,
        buffer: Value,
        name: &str,
        args: &[ExprId],
    ) -> Option<R<()>> {
        let compare = matches!(
            name,
            "InterlockedCompareExchange64" | "InterlockedCompareStore64"
        );
        let op = rmw_op(name);
        if op.is_none() && !compare {
            return None;
        }
        Some(self.byte_address_atomic64(e, buffer, name, op, args))
    }

    fn byte_address_atomic64(
        &mut self,
        e: ExprId,
        buffer: Value,
        name: &str,
        op: Option<AtomicOp>,
        args: &[ExprId],
    ) -> R<()> {
        let values = if op.is_some() { 1 } else { 2 };
        self.need_args(e, name, args, 1 + values)?;
        // The value's type picks signedness (`int64_t` for a signed min/max); anything else
        // converts to `uint64_t`.
        let ty = match self.ty(args[1])? {
            Type::Scalar(k @ (ScalarKind::Int64 | ScalarKind::Uint64)) => Type::Scalar(k),
            _ => Type::Scalar(ScalarKind::Uint64),
        };
        let offset = self.coerce(args[0], &Type::UINT)?;
        let target = [buffer, offset];
        let old = match op {
            Some(op) => {
                let v = self.coerce(args[1], &ty)?;
                self.fb().atomic_rmw(op, ty, &target, v)
            }
            None => {
                let cmp = self.coerce(args[1], &ty)?;
                let new = self.coerce(args[2], &ty)?;
                self.fb().atomic_compare_exchange(ty, &target, cmp, new)
            }
        };
        if let Some(&out) = args.get(1 + values) {
            self.store_out(out, old)?;
        }
        Ok(())
    }
}
