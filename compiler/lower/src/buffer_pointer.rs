//! `vk::BufferPointer<T, A>` (hlsl-specs proposal 0010, DXC's `vk::BufferPointer`): an IR
//! value of type `bufptr<T, A>` holding a device address. `p.Get()` names the `T` at that
//! address as a [`Place::Pointee`]; a member or array element of it (nested, in any
//! number of steps) extends the place's access path, so the `vk::BufferPointer::Load` and
//! `Store` intrinsics read or write that part only. Components of a vector or matrix are
//! picked from the loaded value. Called from `call` (`p.Get()`) and `expr` (parts, and
//! assignments).
//!
//! Not supported yet, each an E3001 at the use: writing components of a vector or matrix
//! behind the pointer (a read-modify-write of the whole vector would race with invocations
//! writing its other components), atomics on it, and pointees laid out by `-fvk-use-gl-layout`,
//! `-fvk-use-dx-layout` or `-fvk-use-scalar-layout` (the backend lays pointees out with DXC's
//! default storage-buffer rules, vector-relaxed std430).

use hir::body::{Expr, ExprId};
use ir::Value;
use types::{ScalarKind, Type};

use crate::context::R;
use crate::func::{FnLower, Place};
use crate::options::LayoutChoice;

impl FnLower<'_, '_> {
    /// `receiver.name(args)` when the receiver is a buffer pointer: the place `p.Get()`
    /// names; `None` for other receivers.
    pub(crate) fn buffer_pointer_get(
        &mut self,
        e: ExprId,
        receiver: ExprId,
        name: &str,
        args: &[ExprId],
    ) -> Option<R<Place>> {
        let ty = self.infer.type_of_expr(receiver)?.clone();
        if !matches!(ty, Type::BufferPointer { .. }) {
            return None;
        }
        if name != "Get" || !args.is_empty() {
            return Some(Err(self.unsupported("this buffer pointer method", e)));
        }
        if self.cx.options.layout != LayoutChoice::VectorRelaxed {
            return Some(Err(self.unsupported(
                "vk::BufferPointer with a buffer layout other than DXC's default",
                e,
            )));
        }
        Some(
            self.coerce(receiver, &ty)
                .map(|p| Place::Pointee(p, Vec::new())),
        )
    }

    /// Whether `e` is a struct member or array element, possibly nested, of a `p.Get()`:
    /// a part a read loads alone.
    pub(crate) fn is_pointee_part(&self, e: ExprId) -> bool {
        let is_get = |fx: &Self, e: ExprId| match fx.body.expr(e) {
            Expr::MethodCall { receiver, name, .. } => {
                name == "Get"
                    && matches!(
                        fx.infer.type_of_expr(*receiver),
                        Some(Type::BufferPointer { .. })
                    )
            }
            _ => false,
        };
        let mut cur = e;
        let mut steps = 0;
        loop {
            let inner = match self.body.expr(cur) {
                Expr::Paren(inner) => *inner,
                Expr::Field { expr, .. }
                    if matches!(self.infer.type_of_expr(*expr), Some(Type::Struct(_))) =>
                {
                    *expr
                }
                Expr::Index { base, .. }
                    if matches!(self.infer.type_of_expr(*base), Some(Type::Array { .. })) =>
                {
                    *base
                }
                _ => return steps > 0 && is_get(self, cur),
            };
            steps += 1;
            cur = inner;
        }
    }

    /// Member `name` of the struct at `path` behind `ptr` (`p.Get().m = v`).
    pub(crate) fn pointee_member(
        &mut self,
        e: ExprId,
        ptr: Value,
        mut path: Vec<Value>,
        name: &str,
    ) -> R<Place> {
        let place = Place::Pointee(ptr, path.clone());
        let Type::Struct(s) = self.place_type(&place) else {
            return Err(self.pointee_part_write(e));
        };
        let Some(i) = s.field_index(name) else {
            return Err(self.unsupported("this member", e));
        };
        path.push(self.fb().int(i as i32));
        Ok(Place::Pointee(ptr, path))
    }

    /// Element `index` of the array at `path` behind `ptr` (`p.Get().a[i] = v`).
    pub(crate) fn pointee_element(
        &mut self,
        e: ExprId,
        ptr: Value,
        mut path: Vec<Value>,
        index: ExprId,
    ) -> R<Place> {
        let place = Place::Pointee(ptr, path.clone());
        if !matches!(self.place_type(&place), Type::Array { .. }) {
            return Err(self.pointee_part_write(e));
        }
        path.push(self.index_value(index)?);
        Ok(Place::Pointee(ptr, path))
    }

    /// `vk::BufferPointer<T, A>(address)`, `uint64_t(p)` and a pointer cast: a bitcast
    /// between the pointer and its 64-bit address (an integer scalar converted to
    /// `uint64_t` first), or between two buffer pointer types; `(bool)p` compares the
    /// address with 0.
    pub(crate) fn convert_buffer_pointer(
        &mut self,
        v: Value,
        from: &Type,
        to: &Type,
        e: ExprId,
    ) -> R<Value> {
        let u64_ty = Type::Scalar(ScalarKind::Uint64);
        let integer = |t: &Type| matches!(t, Type::Scalar(k) if k.is_integer());
        match (from, to) {
            (Type::BufferPointer { .. }, Type::BufferPointer { .. }) => {
                Ok(self.fb().bitcast(v, to.clone()))
            }
            (Type::BufferPointer { .. }, t) if *t == u64_ty => Ok(self.fb().bitcast(v, u64_ty)),
            // `(bool)p`: whether the pointer is not null (the proposal).
            (Type::BufferPointer { .. }, Type::Scalar(ScalarKind::Bool)) => {
                let address = self.fb().bitcast(v, u64_ty);
                let null = self.fb().constant(ir::Constant::uint64(0));
                Ok(self.fb().compare(ir::Opcode::Ne, address, null))
            }
            (t, Type::BufferPointer { .. }) if integer(t) => {
                let address = self.convert_value(v, from, &u64_ty, e)?;
                Ok(self.fb().bitcast(address, to.clone()))
            }
            _ => Err(self.unsupported(&format!("converting {from} to {to}"), e)),
        }
    }

    /// The error for writing components of a vector or matrix behind a buffer pointer.
    fn pointee_part_write(&mut self, e: ExprId) -> crate::context::Unsupported {
        self.unsupported(
            "writing components of a vector or matrix behind a vk::BufferPointer (assign the \
             whole vector or matrix)",
            e,
        )
    }
}
