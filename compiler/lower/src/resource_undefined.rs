//! Plain `static` textures and samplers that no code ever assigns, read where code runs
//! (`static Texture2D t; ... t.Sample(s, uv)`).
//!
//! DXC declares such a `static` as a private variable of the image (or sampler) type; its
//! legalization turns the variable into a function local and each load of it, with no store
//! before, into an `OpUndef` of the type, which both `spirv-val`s accept (checked on SPIR-V
//! shaped as DXC writes it through `spirv-opt --legalize-hlsl`). We do the same in one step:
//! the static becomes a `Private` global of its resource type, which the backend declares as
//! an `OpUndef` of the type and "loads" as that value (`spirv-backend`'s `resources.rs` and
//! `texture.rs`), and each use of the static is warned about (W2119, labelled with its
//! declaration, with the binding warnings, once whatever the entries): the value read there
//! is undefined.
//!
//! Only read-only textures and samplers, whose every use loads the handle; a buffer, a
//! writable texture or a combined image sampler never assigned stays `E3020` at the use
//! (`resource_dead`), as does any use in a function the static is passed to.
//!
//! Called from `resource_statics.rs` (`static_resource_pointer`) and `lib.rs`
//! (`binding_warnings`).

use hir::item_tree::{ItemIdx, ItemKind};
use ir::Value;
use types::{ResourceType, TextureAccess, Type};

use crate::context::ModuleCtx;
use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// The undefined value standing for plain `static` `idx`, never assigned (W2119 at its
    /// uses, [`ModuleCtx::undefined_static_warnings`]); `None` when its type has no
    /// such value here.
    pub(crate) fn undefined_static_resource(&mut self, idx: ItemIdx) -> Option<Value> {
        let ty = self.cx.undefined_static_type(idx)?;
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

    /// W2119 at each use of a plain `static` texture or sampler without an initializer that
    /// no function assigns (labelled with its declaration): where code reads it, it is an
    /// undefined value. Run with the binding warnings, once per compilation whatever the
    /// entry points, over every function body, so a use is reported once however many
    /// entries (or copies of its function) reach it.
    pub(crate) fn undefined_static_warnings(&mut self) {
        let mut never = Vec::new();
        for idx in self.tree.indices() {
            let ItemKind::Variable(v) = &self.tree.item(idx).kind else {
                continue;
            };
            if v.has_init || !self.is_resource_static(idx) {
                continue;
            }
            let Some(ty) = self.undefined_static_type(idx) else {
                continue;
            };
            let errors = self.diagnostics.len();
            let unassigned = self
                .static_binding(idx)
                .is_ok_and(|b| b.index.is_none() && b.slots[..] == [None]);
            self.diagnostics.truncate(errors);
            if unassigned {
                let what = match ty.as_resource() {
                    Some(ResourceType::Sampler { .. }) => "sampler",
                    _ => "texture",
                };
                never.push((idx, what));
            }
        }
        if never.is_empty() {
            return;
        }
        let functions: Vec<ItemIdx> = self
            .tree
            .indices()
            .filter(|&i| self.tree.function(i).is_some_and(|f| f.has_body))
            .collect();
        let mut found = Vec::new();
        for f in functions {
            let fid = self.function_id(f);
            let (body, map) = hir::body_with_source_map(self.db, fid);
            let infer = crate::enums::infer(self.db, fid);
            for id in 0..body.exprs.len() {
                let e = hir::body::ExprId(id as u32);
                let Some(&(idx, what)) = self
                    .global_item(&infer, e)
                    .and_then(|g| never.iter().find(|(n, _)| *n == g))
                else {
                    continue;
                };
                found.push((map.expr_syntax(e).text_range(), idx, what));
            }
        }
        let mut warnings = Vec::new();
        for (range, idx, what) in found {
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
            warnings.push(d);
        }
        // In source order; a macro expanding to several uses at one place warns once.
        warnings.sort_by_key(|d| (d.file, d.range.start()));
        warnings.dedup();
        self.warnings.extend(warnings);
    }
}
