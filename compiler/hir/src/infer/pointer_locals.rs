//! `vk::BufferPointer` variables declared without an initializer (`E2272`). The proposal
//! gives the type no default constructor (a pointer is made from an address or copied), and
//! DXC's `doVarDecl` refuses such a declaration in its words, at the name: "vk::BufferPointer
//! has no default constructor". Only a variable whose own type is the pointer counts (an
//! array, a struct or a `cbuffer` member holding one is accepted, as DXC accepts it), and
//! parameters take their arguments. Locals are recorded here, called by `declare_local`, and
//! refused where an entry point reaches them (`pointer_local_checks`); globals, which DXC's
//! emitter always declares, in `decl_checks` ([`lacks_initializer`]).

use types::Type;

use super::InferCtx;
use crate::body::LocalId;

/// DXC's message.
pub(crate) const NO_DEFAULT_CONSTRUCTOR: &str = "vk::BufferPointer has no default constructor";

/// Whether a variable of type `ty` declared without an initializer needs one.
pub(crate) fn lacks_initializer(ty: Option<&Type>, has_init: bool) -> bool {
    !has_init && matches!(ty, Some(Type::BufferPointer { .. }))
}

impl InferCtx<'_> {
    /// Records local `id` of type `ty` when it is a pointer left without a value. DXC's
    /// check is in its SPIR-V emitter, which sees only the functions an entry point (or, in
    /// a library, an export) reaches, so the error is given there (`pointer_local_checks`).
    pub(super) fn check_pointer_local(&mut self, id: LocalId, ty: Option<&Type>, has_init: bool) {
        if lacks_initializer(ty, has_init) {
            self.result.uninit_pointer_locals.push(id);
        }
    }
}
