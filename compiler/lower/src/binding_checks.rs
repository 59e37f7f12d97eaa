//! Checks DXC makes on resource declarations: `[[vk::binding]]` on a loose global that goes
//! into `$Globals` (error E3005), `packoffset`s that make cbuffer members overlap and
//! `register(cN)`s that make loose globals overlap (error E3006), arrays of structured
//! buffers with counters (error E3008), `[[vk::offset]]`s that break the Vulkan layout rules of
//! the buffer (error E3160, `types::explicit_offset_faults`), `[[vk::binding]]` or
//! `[[vk::counter_binding]]` arguments that are no non-negative integer constants (error
//! E3265; named constants count, as in DXC); and two resources on one descriptor set and binding (a sampler may share its
//! binding with one sampled texture, Vulkan's combined image sampler), which today's DXC lets
//! through silently (an optimizer may remove one of them) and older versions refused: a
//! warning here, W3001, collected by [`crate::binding_warnings`].

use hir::item_tree::{ItemIdx, ItemKind};
use hir::GlobalId;
use types::{LayoutKind, ResourceType, StructuredKind, TextureAccess, Type, TypeLayout};

use crate::context::ModuleCtx;
use crate::resources::resource_of;

/// What occupies a (set, binding), for the combined-image-sampler exception.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BindingUse {
    Sampler,
    /// A read-only texture (a sampled image).
    SampledImage,
    /// A sampler and a sampled image: full.
    Combined,
    Other,
}

impl BindingUse {
    /// `self` joined by `other`, or `None` when they cannot share a binding.
    fn join(self, other: BindingUse) -> Option<BindingUse> {
        match (self, other) {
            (BindingUse::Sampler, BindingUse::SampledImage)
            | (BindingUse::SampledImage, BindingUse::Sampler) => Some(BindingUse::Combined),
            _ => None,
        }
    }
}

impl ModuleCtx<'_> {
    /// How resource item `idx` uses its binding.
    fn binding_use(&self, idx: ItemIdx) -> BindingUse {
        let item = self.tree.item(idx);
        if matches!(item.kind, ItemKind::CBuffer(_)) {
            return BindingUse::Other;
        }
        let g = GlobalId::new(self.db, self.file, self.config, item.ast);
        match crate::enums::global_type(self.db, g)
            .as_ref()
            .and_then(resource_of)
        {
            Some(ResourceType::Sampler { .. }) => BindingUse::Sampler,
            Some(ResourceType::Texture {
                access: TextureAccess::ReadOnly,
                ..
            }) => BindingUse::SampledImage,
            _ => BindingUse::Other,
        }
    }

    /// Records that resource `idx` (with `register`, its `register(...)` arguments) was given
    /// `(set, binding)` explicitly (one of its bindings, when a flattened array or struct takes
    /// several); warning W3001 when another resource holds it already ("resource binding #B
    /// in descriptor set #S already assigned", the message of older DXC versions), at what
    /// gave the binding (the `vk::binding` attribute or the `register` keyword, as those
    /// versions placed it), related: the same for the holder ("binding number
    /// previously assigned here", the last resource that took it).
    pub(crate) fn claim_binding(
        &mut self,
        idx: ItemIdx,
        (set, binding): (u32, u32),
        register: Option<&Vec<String>>,
    ) {
        let used = self.binding_use(idx);
        let (joined, first) = match self.bindings.uses.get(&(set, binding)) {
            None => (Some(used), idx),
            Some(&(previous, first)) => (previous.join(used), first),
        };
        match joined {
            // The last resource to take the binding is the one a later reuse names, as in
            // DXC (a texture joining its sampler).
            Some(u) => {
                self.bindings.uses.insert((set, binding), (u, idx));
            }
            None => {
                let range = self.binding_source_range(idx, register);
                let (file, range) = hir::user_range(self.db, self.file, self.config, range);
                let first_register = self.binds(first).flatten();
                let earlier = self.binding_source_range(first, first_register.as_ref());
                let (earlier_file, earlier) =
                    hir::user_range(self.db, self.file, self.config, earlier);
                self.warnings.push(
                    syntax::Diagnostic::warning(
                        crate::BINDING_REUSED,
                        format!(
                            "resource binding #{binding} in descriptor set #{set} already \
                             assigned"
                        ),
                        file,
                        range,
                    )
                    .with_related(
                        earlier_file,
                        earlier,
                        "binding number previously assigned here".to_owned(),
                    ),
                );
            }
        }
    }

    /// Where item `idx`'s explicit binding comes from: the name of its `[[vk::binding]]`
    /// unless `-fvk-bind-register` binds its register, else its `register` keyword; the
    /// item's range when neither is written.
    fn binding_source_range(
        &self,
        idx: ItemIdx,
        register: Option<&Vec<String>>,
    ) -> syntax::TextRange {
        let bound = register
            .and_then(|r| crate::resources::parse_register(r))
            .is_some_and(|(c, n, s)| self.options.bound_register(c, n, s).is_some());
        if !bound && self.vk_binding(idx).is_some() {
            return crate::attrs::item_attr_range(self, idx, "vk::binding");
        }
        crate::attrs::item_node(self, idx)
            .and_then(|n| {
                n.children()
                    .find(|c| c.kind() == syntax::SyntaxKind::REGISTER_BINDING)
            })
            .and_then(|r| {
                r.children_with_tokens()
                    .find(|t| t.kind() == syntax::SyntaxKind::REGISTER_KW)
            })
            .map(|t| t.text_range())
            .unwrap_or_else(|| self.item_range(idx))
    }

    /// DXC's check of `[[vk::combinedImageSampler]]`: a texture carrying it needs a sampler
    /// carrying it on its set and binding, and a sampler a texture; one without its partner
    /// is DXC's fatal error in its words (E3261, at the attribute). A pair of a texture and a
    /// sampler (not arrays) is recorded in `combined_pairs`: the texture becomes one combined
    /// image sampler (`OpTypeSampledImage`), as DXC merges them, and the sampler is no
    /// variable of its own while only that texture's sampling methods name it.
    pub(crate) fn check_combined_image_samplers(&mut self) {
        const ATTR: &str = "vk::combinedImageSampler";
        let mut marked: Vec<(ItemIdx, bool, (u32, u32))> = Vec::new();
        for i in self.bindings.bound_items() {
            if crate::attrs::item_attr(self, i, ATTR).is_none() {
                continue;
            }
            let g = GlobalId::new(self.db, self.file, self.config, self.tree.item(i).ast);
            let kind = crate::enums::global_type(self.db, g).and_then(|t| match resource_of(&t) {
                Some(ResourceType::Sampler { .. }) => Some(true),
                Some(ResourceType::Texture { .. }) => Some(false),
                _ => None,
            });
            if let (Some(is_sampler), Some(at)) = (kind, self.assigned_binding(i)) {
                marked.push((i, is_sampler, at));
            }
        }
        for &(i, is_sampler, (set, binding)) in &marked {
            let partner = marked
                .iter()
                .find(|&&(_, other, at)| other != is_sampler && at == (set, binding));
            let paired = partner.is_some();
            if let (false, Some(&(sampler, ..))) = (is_sampler, partner) {
                self.combined_pairs.insert(i, sampler);
            }
            if !paired {
                let range = crate::attrs::item_attr_range(self, i, ATTR);
                self.error(
                    crate::COMBINED_SAMPLER_UNPAIRED,
                    format!(
                        "Texture or Sampler with [[vk::combinedImageSampler]] attribute is \
                         missing for descriptor set and binding: {set}, {binding}"
                    ),
                    range,
                );
            }
        }
    }

    /// E3265 on `[[vk::binding]]`/`[[vk::counter_binding]]` of a global or cbuffer whose
    /// arguments are not all non-negative integer constants (`[[vk::binding(g)]]` with `g` a
    /// plain global), which DXC refuses ("'binding' attribute requires an integer
    /// constant") instead of binding the resource automatically.
    pub(crate) fn check_binding_arguments(&mut self) {
        for idx in self.tree.indices().collect::<Vec<_>>() {
            let item = self.tree.item(idx);
            if !matches!(item.kind, ItemKind::Variable(_) | ItemKind::CBuffer(_)) {
                continue;
            }
            for (attr, word) in [
                ("vk::binding", "binding"),
                ("vk::counter_binding", "counter_binding"),
            ] {
                let Some(args) = crate::attrs::item_attr_ints(self, idx, attr) else {
                    continue;
                };
                let constant = |a: &Option<i64>| a.is_some_and(|v| u32::try_from(v).is_ok());
                if args.iter().all(constant) {
                    continue;
                }
                let range = crate::attrs::item_attr_range(self, idx, attr);
                self.error(
                    crate::BINDING_NOT_CONSTANT,
                    format!("'{word}' attribute requires a non-negative integer constant"),
                    range,
                );
            }
        }
    }

    /// E3006 on every loose global of `$Globals` that carries `[[vk::binding]]`: its members
    /// share the block's binding. W2110 on every one with an initializer, which the block's
    /// value replaces (DXC's warning, at the initializer).
    pub(crate) fn check_globals_bindings(&mut self, members: &[ItemIdx]) {
        for &i in members {
            // A DXIL subobject (`GlobalRootSignature g = {...};`) is refused by hir (E2280).
            let has_init = matches!(&self.tree.item(i).kind,
                ItemKind::Variable(v) if v.has_init && !hir::is_subobject_type(&v.ty));
            if has_init {
                let name = self.tree.item(i).name.clone();
                use syntax::ast::AstNode;
                let range = crate::attrs::item_node(self, i)
                    .and_then(syntax::ast::VarDeclarator::cast)
                    .and_then(|d| d.initializer())
                    .map(|e| e.syntax().text_range())
                    .unwrap_or_else(|| self.item_range(i));
                let (file, range) = hir::user_range(self.db, self.file, self.config, range);
                self.warnings.push(syntax::Diagnostic::warning(
                    crate::GLOBAL_INIT_IGNORED,
                    format!("variable '{name}' will be placed in $Globals so initializer ignored"),
                    file,
                    range,
                ));
            }
            if crate::attrs::item_attr(self, i, "vk::binding").is_some() {
                let name = self.tree.item(i).name.clone();
                // At the attribute, as DXC reports it.
                let range = crate::attrs::item_attr_range(self, i, "vk::binding");
                self.error(
                    crate::BINDING_ON_GLOBAL,
                    format!(
                        "variable '{name}' will be placed in $Globals so cannot have \
                         vk::binding attribute"
                    ),
                    range,
                );
            }
        }
    }

    /// E3008 on a multi-dimensional array of RW, append or consume structured buffers, which
    /// DXC refuses in its own words (Vulkan's descriptor arrays have one dimension, and each
    /// buffer's counter would need an array of counter arrays). One-dimensional arrays of
    /// them pass, each element with its counter (DXC since PR 6903), unless
    /// `LowerOptions::refuse_rwstructuredbuffer_arrays` asks for the older DXC's refusal.
    pub(crate) fn check_structured_buffer_arrays(&mut self) {
        for idx in self.tree.indices().collect::<Vec<_>>() {
            let item = self.tree.item(idx);
            let in_namespace = item
                .parent
                .is_none_or(|p| matches!(self.tree.item(p).kind, ItemKind::Namespace(_)));
            if !matches!(item.kind, ItemKind::Variable(_)) || !in_namespace {
                continue;
            }
            let g = GlobalId::new(self.db, self.file, self.config, item.ast);
            let Some(Type::Array { element, .. }) = crate::enums::global_type(self.db, g) else {
                continue;
            };
            if let Type::Array { element: inner, .. } = &*element {
                // An array of arrays of buffers with counters: Vulkan has no arrays of
                // descriptor arrays, and DXC refuses them in these words, with or without
                // counter methods.
                let mut innermost = inner;
                while let Type::Array { element, .. } = &**innermost {
                    innermost = element;
                }
                if let Some(ResourceType::StructuredBuffer { kind, .. }) = innermost.as_resource() {
                    if *kind != StructuredKind::ReadOnly {
                        let range = self.item_range(idx);
                        self.error(
                            crate::COUNTER_BUFFER_ARRAY,
                            "Multi-dimensional arrays of RW/append/consume structured buffers \
                             are unsupported in Vulkan"
                                .to_owned(),
                            range,
                        );
                    }
                }
                continue;
            }
            let Some(ResourceType::StructuredBuffer { kind, .. }) = element.as_resource() else {
                continue;
            };
            let message = match kind {
                StructuredKind::ReadWrite if self.options.refuse_rwstructuredbuffer_arrays => {
                    "arrays of RW/append/consume structured buffers unsupported"
                }
                // DXC before PR 6903 refused them too (with its own message); since, each
                // element has its counter, as for RW structured buffers.
                StructuredKind::Append | StructuredKind::Consume
                    if self.options.refuse_rwstructuredbuffer_arrays =>
                {
                    "arrays of append or consume structured buffers unsupported"
                }
                _ => continue,
            };
            let range = self.item_range(idx);
            self.error(crate::COUNTER_BUFFER_ARRAY, message.to_owned(), range);
        }
    }

    /// E3160 at each buffer whose element places a member by `[[vk::offset]]` where the
    /// Vulkan rules of its layout refuse it (misaligned, or over another member). Runs after
    /// the layout rules are final.
    pub(crate) fn check_explicit_offsets(&mut self) {
        let mut faults = Vec::new();
        for (g, var) in self.mb.module().globals.iter() {
            let Some(layout) = &var.layout else { continue };
            let element = match resource_of(&var.ty) {
                Some(
                    ResourceType::ConstantBuffer { element }
                    | ResourceType::TextureBuffer { element }
                    | ResourceType::StructuredBuffer { element, .. },
                ) => element.clone(),
                Some(_) => continue,
                None => var.ty.clone(),
            };
            for message in types::explicit_offset_faults(&element, &layout.layout, layout.rules) {
                faults.push((g, message));
            }
        }
        for (g, message) in faults {
            let declared = self.globals.iter().find_map(|(&idx, r)| match r {
                crate::context::GlobalRef::Var(v) if *v == g => Some(idx),
                _ => None,
            });
            let declared = declared.or_else(|| {
                self.cbuffers
                    .iter()
                    .find(|(_, v)| **v == g)
                    .map(|(&i, _)| i)
            });
            let range = declared.map(|i| self.item_range(i)).unwrap_or_default();
            self.error(crate::EXPLICIT_OFFSET_LAYOUT, message, range);
        }
        self.check_pointee_offsets();
    }

    /// E3006 on each member of cbuffer `members` whose `packoffset` makes it overlap a member
    /// declared before it, under the block's layout `layout`.
    pub(crate) fn check_packoffsets(
        &mut self,
        members: &[ItemIdx],
        offsets: &[Option<u32>],
        layout: &TypeLayout,
    ) {
        self.check_offsets(members, offsets, layout, &|_| {
            "packoffset caused overlap with previous members".to_owned()
        });
    }

    /// E3006 on each loose global of `$Globals` whose `register(cN)` makes it overlap a
    /// member declared before it.
    pub(crate) fn check_register_offsets(
        &mut self,
        members: &[ItemIdx],
        offsets: &[Option<u32>],
        layout: &TypeLayout,
    ) {
        let registers: Vec<String> = members
            .iter()
            .map(|&m| crate::resources::constant_register(self.tree.item(m)).unwrap_or_default())
            .collect();
        self.check_offsets(members, offsets, layout, &|k| {
            format!(
                "found offset overlap when processing register({}) assignment",
                registers[k]
            )
        });
    }

    fn check_offsets(
        &mut self,
        members: &[ItemIdx],
        offsets: &[Option<u32>],
        layout: &TypeLayout,
        message: &dyn Fn(usize) -> String,
    ) {
        let LayoutKind::Struct { members: placed } = &layout.kind else {
            return;
        };
        let span = |k: usize| {
            let m = &placed[k];
            (m.offset, m.offset.saturating_add(m.layout.size))
        };
        for (k, &member) in members.iter().enumerate().take(placed.len()) {
            if offsets.get(k).copied().flatten().is_none() {
                continue;
            }
            let (start, end) = span(k);
            let overlaps = (0..k).any(|j| {
                let (s, e) = span(j);
                start < e && s < end
            });
            if overlaps {
                let range = self.item_range(member);
                self.error(crate::PACKOFFSET_OVERLAP, message(k), range);
            }
        }
    }
}
