//! Resources that no code assigns, read where code runs: plain `static`s (`static Texture2D
//! t; ... t.Sample(s, uv)`), resource locals and parameters (`Texture2D t;`), and members of
//! locals, parameters, call results and struct `static`s.
//!
//! DXC declares each as a variable (private for a `static`, function-local otherwise) of the
//! image, sampler or buffer-pointer type; its legalization turns each load of it, with no
//! store before, into an `OpUndef` of the type, which both `spirv-val`s accept (checked on
//! SPIR-V shaped as DXC writes it through `spirv-opt --legalize-hlsl`, for sampled and
//! storage images and samplers, and for buffer pointers). We do the same in one step: a
//! `Private` global of the resource type, which the backend declares as an `OpUndef` of the
//! type (of the buffer's pointer type for a buffer) and "loads" as that value
//! (`spirv-backend`'s `resources.rs` and `texture.rs`). A plain `static` read-only texture or
//! sampler has one named for it; other types share one per type (`undefined.texture`,
//! `undefined.sampler`, `undefined.buffer`). Each use of a plain `static` lowered for an entry
//! point is warned about (W2119, labelled with its declaration, once per place whatever the
//! copies of its function): the value read there is undefined. Code no entry reaches, or
//! that never runs, gets no warning.
//!
//! Left `E3020` (`resource_dead`): a combined image sampler, an atomic on a texture so left
//! (`OpImageTexelPointer` needs a real image), and a `static` local read before any call
//! assigned it (`static_flow`'s rule; one never written at all is undefined too).
//!
//! Called from `resource_statics.rs` (`static_resource_pointer`), `resource_structs.rs`
//! (slots), `func.rs` (locals), `call.rs` (atomics).

use hir::body::{ExprId, LocalId};
use hir::item_tree::ItemIdx;
use ir::Value;
use types::{ResourceType, TextureAccess, Type};

use crate::context::{ModuleCtx, R};
use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// The undefined value standing for plain `static` `idx`, never assigned, read at `e`
    /// in code that runs (W2119 there); `None` when its type has no such value here.
    pub(crate) fn undefined_static_resource(&mut self, idx: ItemIdx, e: ExprId) -> Option<Value> {
        let ty = self.cx.undefined_static_type(idx)?;
        let range = self.expr_range(e);
        self.cx.warn_undefined_static(idx, range);
        if !loaded_only(&ty) {
            // A writable texture, a typed buffer or a buffer: the shared undefined value of
            // its type, whose atomics are refused (`check_undefined_texel_atomic`).
            return self.undefined_resource(&ty);
        }
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
    /// The undefined value standing for a resource of type `ty` that no code assigned, read
    /// where code runs: a buffer member of a local or parameter
    /// (`localWrapper.b.b2.append.Append(5.0)` in DXC's `spirv.legal.sbuffer.counter.struct`
    /// test), a texture, typed buffer or sampler local, parameter left unbound by its caller,
    /// or member of one (`Texture2D t; t.Sample(s, uv)`), or a member of a struct `static`
    /// nothing gives a resource. DXC keeps each as a never-stored variable (of the image or
    /// sampler, or of the buffer's pointer and its counter's), which its legalization turns
    /// into an `OpUndef` of the type that the sampling, fetches or access chains then use
    /// (checked with `spirv-opt --legalize-hlsl` and `spirv-val` on SPIR-V shaped as DXC
    /// writes it). One `Private` global per type, which the backend declares as that
    /// `OpUndef` (a writable texture's loads and stores take it; an atomic on one, which
    /// needs a pointer to a real image, is E3020 as DXC's legalization fails there,
    /// [`Self::check_undefined_texel_atomic`]). `None` for other types (a combined image
    /// sampler, constant buffers, acceleration structures), and in code that never runs (its
    /// statement is dropped, `resource_dead`).
    pub(crate) fn undefined_resource(&mut self, ty: &Type) -> Option<Value> {
        if self.res.flow.dead || self.res.dropping {
            return None;
        }
        let name = match ty.as_resource()? {
            ResourceType::StructuredBuffer { .. } | ResourceType::ByteAddressBuffer { .. } => {
                "undefined.buffer"
            }
            ResourceType::Texture { access, .. } | ResourceType::TypedBuffer { access, .. }
                if !access.is_combined() =>
            {
                "undefined.texture"
            }
            ResourceType::Sampler { .. } => "undefined.sampler",
            _ => return None,
        };
        let r = ty.as_resource()?;
        // Textures and samplers live in no memory of their own (`lower_undefined_resource`).
        let space = match name {
            "undefined.buffer" => r.address_space(),
            _ => types::AddressSpace::Private,
        };
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
                let mut g = ir::GlobalVar::new(name, ir::GlobalKind::Private, space, ty.clone());
                if let Some(t) = g.buffer_layout_type() {
                    g.layout = Some(types::BufferLayout::new(&t, g.default_layout_rules()));
                }
                self.cx.mb.global(g)
            }
        };
        Some(Value::Global(g))
    }
}

impl FnLower<'_, '_> {
    /// The undefined value standing for plain resource local (or parameter) `l` where it is
    /// read and nothing assigned it on any path ([`Self::undefined_resource`]); `None` for
    /// a local chosen by run-time control flow, a `static` local something writes (its flow
    /// rules are `static_flow`'s), an array, a stream, or a type without such a value.
    pub(crate) fn undefined_local(&mut self, l: LocalId) -> Option<Value> {
        let written_static = self.body.locals.get(l.0 as usize)?.is_static
            && !crate::static_assign::never_written(&self.body, l);
        if self.res.conflicts.contains(&l)
            || self.res.split.contains_key(&l)
            || self.res.arrays.contains_key(&l)
            || written_static
        {
            return None;
        }
        let ty = self.infer.type_of_local(l)?.clone();
        if crate::stages::geometry::is_stream(&ty) {
            return None;
        }
        self.undefined_resource(&ty)
    }

    /// Whether a slot of local `l` that nothing assigned reads as an undefined value: a
    /// slot of an ordinary local or parameter, of a temporary (a call's result), or of the
    /// temporary standing for a struct `static` or `static` array (a slot nothing assigned
    /// on any path before the use, through the calls its resources flow through: DXC's
    /// inlined private variable, never stored there); not one of a `static` local, whose
    /// reads before any call assigned it keep `static_flow`'s rule.
    pub(crate) fn slot_may_be_undefined(&self, l: LocalId) -> bool {
        if let Some(local) = self.body.locals.get(l.0 as usize) {
            return !local.is_static;
        }
        !self.res.local_statics.values().any(|&t| t == l)
    }
}

impl FnLower<'_, '_> {
    /// E3020 at `e` when texture `resource`, an atomic's target, is the undefined value of
    /// one never assigned ([`Self::undefined_resource`]): `OpImageTexelPointer` needs a
    /// pointer to an image variable, and DXC's legalization leaves the never-stored local
    /// variable it would point into (its validator refuses the module).
    pub(crate) fn check_undefined_texel_atomic(&mut self, resource: Value, e: ExprId) -> R<()> {
        let Value::Global(g) = resource else {
            return Ok(());
        };
        let global = &self.cx.mb.module().globals[g];
        if global.kind != ir::GlobalKind::Private || global.name != "undefined.texture" {
            return Ok(());
        }
        let range = self.expr_range(e);
        Err(self.cx.error(
            crate::RESOURCE_NOT_LEGAL,
            format!(
                "an atomic operation on a texture never assigned, so the use names no \
                 resource; {}",
                crate::resource_structs::DXC_FAILS
            ),
            range,
        ))
    }
}

impl ModuleCtx<'_> {
    /// The type of `static` `idx` when a use of it never assigned has an undefined value: a
    /// texture (not a combined image sampler), typed buffer, sampler or buffer (no array).
    fn undefined_static_type(&self, idx: ItemIdx) -> Option<Type> {
        let gid = hir::GlobalId::new(self.db, self.file, self.config, self.tree.item(idx).ast);
        let ty = crate::enums::global_type(self.db, gid)?;
        let defined = match ty.as_resource()? {
            ResourceType::Texture { access, .. } | ResourceType::TypedBuffer { access, .. } => {
                !access.is_combined()
            }
            ResourceType::Sampler { .. }
            | ResourceType::StructuredBuffer { .. }
            | ResourceType::ByteAddressBuffer { .. } => true,
            _ => false,
        };
        defined.then_some(ty)
    }

    /// W2119 at `range` (of the expanded tree), a use of plain `static` resource
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
            Some(
                ResourceType::StructuredBuffer { .. }
                | ResourceType::ByteAddressBuffer { .. }
                | ResourceType::TypedBuffer { .. },
            ) => "buffer",
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

/// Whether `ty` is a read-only texture or a sampler, whose every use loads the handle: a
/// `static` of it never assigned has an undefined value of its own, named for it.
fn loaded_only(ty: &Type) -> bool {
    matches!(
        ty.as_resource(),
        Some(
            ResourceType::Texture {
                access: TextureAccess::ReadOnly,
                ..
            } | ResourceType::Sampler { .. }
        )
    )
}
