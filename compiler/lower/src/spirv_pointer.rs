//! Locals and parameters holding an inline SPIR-V pointer: a value of
//! `vk::SpirvOpaqueType</* OpTypePointer */ 32, class, T>`, as DXC's `vk/spirv.h` header
//! declares `vk::WorkgroupSpirvPointer<T>` (a `const` alias template) and hands one back from
//! `vk::GetGroupSharedAddress(v)` (an `OpCopyObject` of `v`'s pointer).
//!
//! Vulkan's logical addressing gives no variable a pointer type and takes pointers into
//! function calls only as memory object declarations, unless the module declares the
//! `VariablePointers` capability (DXC's `workgroupspirvpointer.varpointer` test). DXC leaves
//! the local and the call to its legalization, which inlines the call and removes the
//! variable. Here, without `VariablePointers`, such a local is no variable: it names the value
//! it is initialized with (the alias is `const`, so nothing assigns it later), and a
//! parameter of a function that is not inlined is not supported yet (`E3001`). With the
//! capability, both are ordinary locals. Called from `func` (declaring locals and
//! parameters), `stmt` (declarations) and `expr` (reads).

use std::collections::HashMap;

use hir::body::{Expr, ExprId, LocalId};
use ir::Value;
use types::Type;

use crate::context::R;
use crate::func::FnLower;

/// SPIR-V's `OpTypePointer`.
const OP_TYPE_POINTER: u32 = 32;
/// SPIR-V's `VariablePointers` capability.
const VARIABLE_POINTERS: u32 = 4442;

/// The locals of a function that hold an inline SPIR-V pointer without memory: the value
/// each was initialized with (`None` before its declaration ran).
pub type PointerLocals = HashMap<LocalId, Option<Value>>;

/// Whether `ty` is an inline SPIR-V pointer type (`vk::WorkgroupSpirvPointer<T>`).
pub(crate) fn is_inline_pointer(ty: &Type) -> bool {
    matches!(ty, Type::Spirv(s) if s.opcode == OP_TYPE_POINTER)
}

impl FnLower<'_, '_> {
    /// Whether the module declares `VariablePointers` (`[[vk::ext_capability(4442)]]`), which
    /// lets pointers live in variables and pass into calls.
    fn variable_pointers(&self) -> bool {
        self.cx
            .mb
            .module()
            .spirv_capabilities
            .contains(&VARIABLE_POINTERS)
    }

    /// Declares local `l` of type `ty` when it holds an inline SPIR-V pointer and cannot be
    /// a variable: `Some(Ok(()))` when it is now a pointer local (no memory), `Some(Err)` for
    /// a parameter (not supported yet), `None` for any other local.
    pub(crate) fn declare_pointer_local(&mut self, l: LocalId, ty: &Type) -> Option<R<()>> {
        if !is_inline_pointer(ty) || self.variable_pointers() {
            return None;
        }
        if self.body.local(l).param.is_some() {
            let range = self.map.locals[l.0 as usize].text_range();
            return Some(Err(self.cx.unsupported(
                &format!(
                    "a parameter holding an inline SPIR-V pointer ({ty}, as \
                     vk::WorkgroupSpirvPointer): Vulkan passes a pointer into a call only with \
                     the VariablePointers capability, and DXC inlines the call instead"
                ),
                range,
            )));
        }
        self.pointer_locals.insert(l, None);
        Some(Ok(()))
    }

    /// The declaration of pointer local `l`: the local names its initializer's value (none
    /// without one). `None` when `l` is no pointer local.
    pub(crate) fn init_pointer_local(&mut self, l: LocalId) -> Option<R<()>> {
        if !self.pointer_locals.contains_key(&l) {
            return None;
        }
        let init = self.body.local(l).init?;
        Some(self.rvalue(init).map(|v| {
            self.pointer_locals.insert(l, Some(v));
        }))
    }

    /// The value a read of pointer local `e` gives; `None` when `e` names no pointer local.
    pub(crate) fn pointer_local_value(&mut self, e: ExprId) -> Option<R<Value>> {
        let Expr::Local(l) = self.body.expr(e) else {
            return None;
        };
        let value = *self.pointer_locals.get(l)?;
        Some(value.ok_or_else(|| {
            self.unsupported(
                "reading an inline SPIR-V pointer local declared without a value",
                e,
            )
        }))
    }
}
