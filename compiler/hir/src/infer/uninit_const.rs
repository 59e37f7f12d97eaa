//! Locals of a `const` alias type declared without an initializer, recorded for `E2275`
//! (`crate::uninit_const_locals` reports them, where it can see the declaration's
//! attributes). Called by `declare_local`.

use types::Type;

use super::InferCtx;
use crate::body::LocalId;

impl InferCtx<'_> {
    /// Records local `id` of type `ty` when it is `const` through a `const` alias and declared
    /// without a value. A local `const` by its own qualifier is accepted, as DXC accepts it
    /// (see `uninit_const_locals`); structs, and arrays of them, are left alone; parameters
    /// take their arguments.
    pub(super) fn note_uninit_const_local(&mut self, id: LocalId, ty: Option<&Type>) {
        let local = self.body.local(id);
        if local.param.is_some() || local.init.is_some() {
            return;
        }
        let is_const = self.of_const_alias(&local.ty.clone());
        let Some(ty) = ty.filter(|_| is_const) else {
            return;
        };
        let mut inner = ty;
        while let Type::Array { element, .. } = inner {
            inner = element;
        }
        if !matches!(inner, Type::Struct(_)) {
            self.result.uninit_const_locals.push(id);
        }
    }
}
