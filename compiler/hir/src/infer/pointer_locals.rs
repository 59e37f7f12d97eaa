//! `vk::BufferPointer` variables declared without an initializer (`E2272`). The proposal
//! gives the type no default constructor (a pointer is made from an address or copied), and
//! DXC's `doVarDecl` refuses such a declaration in its words, at the name: "vk::BufferPointer
//! has no default constructor". Only a variable whose own type is the pointer counts (an
//! array, a struct or a `cbuffer` member holding one is accepted, as DXC accepts it), and
//! parameters take their arguments. Locals here, called by `declare_local`; globals in
//! `decl_checks` ([`lacks_initializer`]).

use types::Type;

use super::{BodyNode, InferCtx};
use crate::body::LocalId;
use crate::codes;

/// DXC's message.
pub(crate) const NO_DEFAULT_CONSTRUCTOR: &str = "vk::BufferPointer has no default constructor";

/// Whether a variable of type `ty` declared without an initializer needs one.
pub(crate) fn lacks_initializer(ty: Option<&Type>, has_init: bool) -> bool {
    !has_init && matches!(ty, Some(Type::BufferPointer { .. }))
}

impl InferCtx<'_> {
    /// Refuses local `id` of type `ty` when it is a pointer left without a value.
    pub(super) fn check_pointer_local(&mut self, id: LocalId, ty: Option<&Type>, has_init: bool) {
        if lacks_initializer(ty, has_init) {
            let message = NO_DEFAULT_CONSTRUCTOR.to_owned();
            self.diag(
                codes::BUFFER_POINTER_NO_DEFAULT,
                BodyNode::Local(id),
                message,
            );
        }
    }
}
