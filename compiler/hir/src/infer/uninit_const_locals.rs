//! `const` locals declared without an initializer (`E2275`), refused at the declaration in
//! clang's words as DXC refuses them ("default initialization of an object of const type
//! 'const int'"): nothing can give such a local a value later. A local is `const` by its
//! own qualifier or through a `const` alias (`vk::WorkgroupSpirvPointer<T>` of DXC's
//! `vk/spirv.h`, an alias of `const vk::SpirvOpaqueType<...>`). Structs, and arrays of them,
//! are left alone: clang's rule for a class type without a user-provided default
//! constructor is a Microsoft extension's warning in some modes, and DXC's exact behaviour
//! there was not checked. Parameters take their arguments. Called by `declare_local`.

use types::Type;

use super::{BodyNode, InferCtx};
use crate::body::LocalId;
use crate::codes;

impl InferCtx<'_> {
    /// Refuses local `id` of type `ty` when it is `const` and declared without a value.
    pub(super) fn check_uninit_const_local(&mut self, id: LocalId, ty: Option<&Type>) {
        let local = self.body.local(id);
        if local.param.is_some() || local.init.is_some() {
            return;
        }
        let is_const = local.is_const || self.of_const_alias(&local.ty.clone());
        let Some(ty) = ty.filter(|_| is_const) else {
            return;
        };
        let mut inner = ty;
        while let Type::Array { element, .. } = inner {
            inner = element;
        }
        if matches!(inner, Type::Struct(_)) {
            return;
        }
        let message = format!("default initialization of an object of const type 'const {ty}'");
        self.diag(codes::UNINIT_CONST_LOCAL, BodyNode::Local(id), message);
    }
}
