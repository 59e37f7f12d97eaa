//! `vk::BufferPointer<T, A>` (hlsl-specs proposal 0010, DXC's `vk::BufferPointer`): an IR
//! value of type `bufptr<T, A>` holding a device address. `p.Get()` names the `T` at that
//! address as a [`Place::Pointee`], read and written whole through the
//! `vk::BufferPointer::Load`/`Store` intrinsics; a member or element of it is read from the
//! loaded value. Called from `call` (reads) and `expr` (assignments).
//!
//! Not supported yet, each an E3001 at the use: writing a part of `p.Get()` (a member, an
//! element, components: a read-modify-write of the whole `T` would race with invocations
//! writing its other parts), atomics on it, and pointees laid out by `-fvk-use-gl-layout`,
//! `-fvk-use-dx-layout` or `-fvk-use-scalar-layout` (the backend lays pointees out with DXC's
//! default storage-buffer rules, vector-relaxed std430).

use hir::body::ExprId;
use types::Type;

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
        Some(self.coerce(receiver, &ty).map(Place::Pointee))
    }

    /// The error for writing a part of `p.Get()` (see the module comment).
    pub(crate) fn pointee_part_write(&mut self, e: ExprId) -> crate::context::Unsupported {
        self.unsupported(
            "writing a member, element or component of `vk::BufferPointer::Get()` (assign \
             the whole value)",
            e,
        )
    }
}
