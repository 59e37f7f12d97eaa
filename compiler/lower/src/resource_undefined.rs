//! Plain `static` textures and samplers that no code ever assigns, read where code runs
//! (`static Texture2D t; ... t.Sample(s, uv)`).
//!
//! DXC declares such a `static` as a private variable of the image (or sampler) type; its
//! legalization turns the variable into a function local and each load of it, with no store
//! before, into an `OpUndef` of the type, which both `spirv-val`s accept (checked on SPIR-V
//! shaped as DXC writes it through `spirv-opt --legalize-hlsl`). We do the same in one step:
//! the static becomes a `Private` global of its resource type, which the backend declares as
//! an `OpUndef` of the type and "loads" as that value (`spirv-backend`'s `resources.rs` and
//! `texture.rs`), and each use of the static lowered for an entry point is warned about
//! (W2119, labelled with its declaration, once per place whatever the copies of its
//! function): the value read there is undefined. Code no entry reaches, or that never
//! runs, gets no warning.
//!
//! Only read-only textures and samplers, whose every use loads the handle; a buffer, a
//! writable texture or a combined image sampler never assigned stays `E3020` at the use
//! (`resource_dead`), as does any use in a function the static is passed to.
//!
//! Called from `resource_statics.rs` (`static_resource_pointer`).

use hir::body::ExprId;
use hir::item_tree::ItemIdx;
use ir::Value;
use types::{ResourceType, TextureAccess, Type};

use crate::context::ModuleCtx;
use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// The undefined value standing for plain `static` `idx`, never assigned, read at `e`
    /// in code that runs (W2119 there); `None` when its type has no such value here.
    pub(crate) fn undefined_static_resource(&mut self, idx: ItemIdx, e: ExprId) -> Option<Value> {
        let ty = self.cx.undefined_static_type(idx)?;
        let range = self.expr_range(e);
        self.cx.warn_undefined_static(idx, range);
        let name = self.cx.tree.item(idx).name.clone();
        let g = match self.cx.undefined_statics.get(&idx) {
            Some(&g) => g,
            None => {
                let g = self.cx.mb.global(ir::GlobalVar::new(
                    name,
                    ir::GlobalKind::Private,
                    types::AddressSpace::Private,
                    ty.clone(),
                ));
                self.cx.undefined_statics.insert(idx, g);
                g
            }
        };
        Some(Value::Global(g))
    }
}

impl FnLower<'_, '_> {
    /// The undefined buffer standing for a struct member of buffer type `ty` (a structured,
    /// append, consume or byte-address buffer) that no code assigned, read where code runs
    /// (`localWrapper.b.b2.append.Append(5.0)` in DXC's `spirv.legal.sbuffer.counter.struct`
    /// test): DXC keeps such a member as a never-stored variable holding the buffer's
    /// pointer (and its counter's), which its legalization turns into an `OpUndef` pointer
    /// that the access chains then index (checked with `spirv-opt --legalize-hlsl` and
    /// `spirv-val` on SPIR-V shaped as DXC writes it). One `Private` global per buffer type,
    /// which the backend declares as that `OpUndef`. `None` for other types, and in code
    /// that never runs (its statement is dropped, `resource_dead`).
    pub(crate) fn undefined_member_buffer(&mut self, ty: &Type) -> Option<Value> {
        if self.res.flow.dead || self.res.dropping {
            return None;
        }
        let r = ty.as_resource()?;
        if !matches!(
            r,
            ResourceType::StructuredBuffer { .. } | ResourceType::ByteAddressBuffer { .. }
        ) {
            return None;
        }
        let name = "undefined.buffer";
        let existing = self
            .cx
            .mb
            .module()
            .globals
            .iter()
            .find(|(_, g)| g.kind == ir::GlobalKind::Private && g.name == name && g.ty == *ty)
            .map(|(h, _)| h);
        let g = match existing {
            Some(g) => g,
            None => {
                let mut g = ir::GlobalVar::new(
                    name,
                    ir::GlobalKind::Private,
                    r.address_space(),
                    ty.clone(),
                );
                if let Some(t) = g.buffer_layout_type() {
                    g.layout = Some(types::BufferLayout::new(&t, g.default_layout_rules()));
                }
                self.cx.mb.global(g)
            }
        };
        Some(Value::Global(g))
    }
}

impl ModuleCtx<'_> {
    /// The type of `static` `idx` when it is a read-only texture or a sampler (no array).
    fn undefined_static_type(&self, idx: ItemIdx) -> Option<Type> {
        let gid = hir::GlobalId::new(self.db, self.file, self.config, self.tree.item(idx).ast);
        let ty = crate::enums::global_type(self.db, gid)?;
        let loaded_only = matches!(
            ty.as_resource()?,
            ResourceType::Texture {
                access: TextureAccess::ReadOnly,
                ..
            } | ResourceType::Sampler { .. }
        );
        loaded_only.then_some(ty)
    }

    /// W2119 at `range` (of the expanded tree), a use of plain `static` texture or sampler
    /// `idx` (`what`) that no function assigns, lowered for an entry point: the value read
    /// there is undefined. Labelled with its declaration; once per place, however many
    /// copies of the function lower it ([`ModuleCtx::finish_warned`] drops repeats).
    fn warn_undefined_static(&mut self, idx: ItemIdx, range: syntax::TextRange) {
        let what = match self
            .undefined_static_type(idx)
            .as_ref()
            .and_then(Type::as_resource)
        {
            Some(ResourceType::Sampler { .. }) => "sampler",
            _ => "texture",
        };
        let name = self.tree.item(idx).name.clone();
        let (file, range) = hir::user_range(self.db, self.file, self.config, range);
        let decl = self.item_range(idx);
        let (decl_file, decl) = hir::user_range(self.db, self.file, self.config, decl);
        let d = syntax::Diagnostic::warning(
            crate::UNDEFINED_RESOURCE,
            format!(
                "`static` {what} '{name}' is never assigned: this reads an undefined \
                 {what} (DXC's legalization leaves an `OpUndef` there)"
            ),
            file,
            range,
        )
        .with_related(decl_file, decl, format!("'{name}' is declared here"));
        self.warnings.push(d);
    }
}
