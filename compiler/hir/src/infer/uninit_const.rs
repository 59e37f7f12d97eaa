//! Inline SPIR-V locals of a `const` alias type declared without an initializer, recorded
//! for `E2275`
//! (`crate::uninit_const_locals` reports them, where it can see the declaration's
//! attributes). Called by `declare_local`.

use types::Type;

use super::InferCtx;
use crate::body::LocalId;

impl InferCtx<'_> {
    /// Records local `id` of type `ty` when it is an inline SPIR-V type made `const` by a
    /// `const` alias (`vk::WorkgroupSpirvPointer<T>`) and declared without a value. Any other
    /// `const` local without a value, by its own qualifier or through a typedef, is accepted,
    /// as DXC accepts it (see `uninit_const_locals`); parameters take their arguments.
    pub(super) fn note_uninit_const_local(&mut self, id: LocalId, ty: Option<&Type>) {
        let local = self.body.local(id);
        if local.param.is_some() || local.init.is_some() {
            return;
        }
        if matches!(ty, Some(Type::Spirv(_))) && self.of_const_alias(&local.ty.clone()) {
            self.result.uninit_const_locals.push(id);
        }
    }
}
