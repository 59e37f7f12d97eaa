//! Where an `Interlocked*` may act: SPIR-V atomics work on buffers, images and groupshared
//! memory, so a `static` global or a local (`Private` and `Function` memory) is DXC's error
//! ("using static variable or function scope variable in interlocked operation is not
//! allowed", `E3300`) at the destination argument. Called by `call.rs` on every atomic's
//! destination pointer.

use hir::body::ExprId;
use ir::Value;
use types::AddressSpace;

use crate::context::R;
use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// Refuses an atomic on the memory `ptr` points to when it is a `static` or a local.
    pub(crate) fn check_atomic_memory(&mut self, ptr: Value, e: ExprId) -> R<()> {
        let ty = self.fb().type_of(ptr);
        if let Some((AddressSpace::Private | AddressSpace::Function, _)) = ty.pointee() {
            let range = self.expr_range(e);
            return Err(self.cx.error(
                crate::ATOMIC_ON_PRIVATE_MEMORY,
                "using static variable or function scope variable in interlocked operation is \
                 not allowed"
                    .to_owned(),
                range,
            ));
        }
        Ok(())
    }
}
