//! Globals: resources (with the set and binding [`Bindings`] assigns), cbuffers (a
//! `ConstantBuffer` of a struct of their members, laid out by `types` under the rules the
//! options choose) and `groupshared` variables, each declared on first use so that the module
//! holds only what the entry reaches.

use std::collections::{HashMap, HashSet};

use hir::item_tree::{ItemIdx, ItemKind};
use hir::GlobalId;
use types::{StructField, StructType, Type};

use crate::context::{GlobalRef, ModuleCtx, R};
use crate::options::{LayoutChoice, RegisterClass};

/// `register(u3, space1)` → (class `u`, register 3, space 1); `None` without a register
/// number (`register(c4)` of a loose global has no class we bind).
pub(crate) fn parse_register(args: &[String]) -> Option<(RegisterClass, u32, u32)> {
    parse_register_in(args, 0)
}

/// [`parse_register`], a register without a space being in `default_space`
/// (`-auto-binding-space`).
fn parse_register_in(args: &[String], default_space: u32) -> Option<(RegisterClass, u32, u32)> {
    let slot = args.first()?.trim();
    let class = RegisterClass::from_letter(slot.chars().next()?)?;
    let register = slot.get(1..)?.parse().ok()?;
    let space = args
        .get(1)
        .and_then(|s| s.trim().strip_prefix("space"))
        .and_then(|n| n.parse().ok())
        .unwrap_or(default_space);
    Some((class, register, space))
}

/// The space N of a space-only binding `register(spaceN)`, DXC's form that gives the
/// descriptor set and leaves the binding automatic.
fn space_only(args: &[String]) -> Option<u32> {
    match args {
        [only] => only.trim().strip_prefix("space")?.parse().ok(),
        _ => None,
    }
}

/// The descriptor set and binding of every resource the file declares, assigned before
/// lowering in DXC's three passes (`docs/SPIR-V.rst`, "HLSL register and Vulkan binding"):
/// `[[vk::binding]]`, then `register(xN, spaceM)` with the `-fvk-*-shift` options (or
/// `-fvk-bind-register`, which wins over both), then the next free binding of set 0 for the
/// rest, in declaration order, whether the entry point uses them or not. `$Globals` takes its
/// automatic binding where the first loose global is declared.
#[derive(Debug, Default)]
pub struct Bindings {
    /// (set, binding) by declaring item.
    of_item: HashMap<ItemIdx, (u32, u32)>,
    /// (set, first binding) of the counter of each append or consume buffer (or array of
    /// them) without `[[vk::counter_binding]]`, by the buffer's declaring item.
    pub(crate) counter_of_item: HashMap<ItemIdx, (u32, u32)>,
    dollar_globals: Option<(u32, u32)>,
    taken: HashSet<(u32, u32)>,
    /// What holds each explicitly given (set, binding), and the item that took it first, for
    /// the reuse check.
    pub(crate) uses: HashMap<(u32, u32), (crate::binding_checks::BindingUse, ItemIdx)>,
}

/// An entry of the last binding pass, in declaration order.
enum Automatic {
    /// `$Globals`, at its first loose global.
    Globals,
    /// A resource without `[[vk::binding]]` or a register binding.
    Item(ItemIdx),
    /// The counter of an append or consume buffer (the buffer's item; how many bindings).
    Counter(ItemIdx, u32),
}

impl Bindings {
    /// The items holding a binding, in declaration order.
    pub(crate) fn bound_items(&self) -> Vec<ItemIdx> {
        let mut items: Vec<ItemIdx> = self.of_item.keys().copied().collect();
        items.sort();
        items
    }

    /// The next free binding of set 0, taken.
    fn next_free(&mut self) -> (u32, u32) {
        self.next_free_in(0)
    }

    /// The next free binding of `set`, taken.
    pub fn next_free_in(&mut self, set: u32) -> (u32, u32) {
        self.next_free_from(set, 0)
    }

    /// The next free binding of `set` at or after `first`, taken.
    fn next_free_from(&mut self, set: u32, first: u32) -> (u32, u32) {
        self.next_free_run(set, first, 1)
    }

    /// The first of `count` consecutive free bindings of `set` at or after `first`, all
    /// taken (a flattened resource array takes one binding per element).
    pub(crate) fn next_free_run(&mut self, set: u32, first: u32, count: u32) -> (u32, u32) {
        let mut b = first;
        while (b..b.saturating_add(count)).any(|x| self.taken.contains(&(set, x))) {
            b += 1;
        }
        for x in b..b.saturating_add(count) {
            self.taken.insert((set, x));
        }
        (set, b)
    }
}

impl ModuleCtx<'_> {
    /// `[[vk::binding(b, s)]]` on the declaration of item `idx`: (binding, set).
    pub(crate) fn vk_binding(&self, idx: ItemIdx) -> Option<(u32, u32)> {
        let args = crate::attrs::item_attr_ints(self, idx, "vk::binding")?;
        let binding = u32::try_from((*args.first()?)?).ok()?;
        let set = match args.get(1) {
            Some(s) => u32::try_from((*s)?).ok()?,
            None => 0,
        };
        Some((binding, set))
    }

    /// The set and binding of item `idx` from its attribute or register, before automatic
    /// assignment.
    fn explicit_binding(&self, idx: ItemIdx, register: Option<&Vec<String>>) -> Option<(u32, u32)> {
        let register = register.and_then(|r| parse_register_in(r, self.options.default_space));
        if let Some((class, n, space)) = register {
            if let Some(bound) = self.options.bound_register(class, n, space) {
                return Some(bound);
            }
        }
        if let Some((binding, set)) = self.vk_binding(idx) {
            return Some((set, binding));
        }
        register.map(|(class, n, space)| self.options.register_binding(class, n, space))
    }

    /// Whether global `idx` carries `[[vk::push_constant]]` (or is a shader-record block,
    /// which is placed the same way): it is a push-constant block, not a member of `$Globals`
    /// or a descriptor.
    pub(crate) fn is_push_constant(&self, idx: ItemIdx) -> bool {
        crate::attrs::item_attr(self, idx, "vk::push_constant").is_some()
            || self.is_shader_record(idx)
    }

    /// Whether global `idx` carries `[[vk::shader_record_ext]]` (or `_nv`): a block of the
    /// shader binding table's current record, which, like a push-constant block, is no
    /// `$Globals` member and takes no binding.
    pub(crate) fn is_shader_record(&self, idx: ItemIdx) -> bool {
        crate::attrs::item_attr(self, idx, "vk::shader_record_ext").is_some()
            || crate::attrs::item_attr(self, idx, "vk::shader_record_nv").is_some()
    }

    /// Whether item `idx` declares a resource that takes a binding: a cbuffer or tbuffer, or
    /// a global of resource type (or array of resources) outside structs and cbuffers.
    pub(crate) fn binds(&self, idx: ItemIdx) -> Option<Option<Vec<String>>> {
        let item = self.tree.item(idx);
        match &item.kind {
            // A cbuffer holding no data (resources only) is no variable in DXC, so it takes
            // no binding and its register reserves none.
            ItemKind::CBuffer(c) => {
                let data = c.members.iter().any(|&m| {
                    matches!(&self.tree.item(m).kind, ItemKind::Variable(v) if !v.is_static)
                        && self.binds(m).is_none()
                });
                (data && !self.is_shader_record(idx)).then(|| c.register.clone())
            }
            ItemKind::Variable(v)
                if !v.is_static && !v.groupshared && !self.is_push_constant(idx) =>
            {
                // Resources inside a cbuffer are globals of their own, as in DXC.
                let outside = item.parent.is_none_or(|p| {
                    matches!(
                        self.tree.item(p).kind,
                        ItemKind::Namespace(_) | ItemKind::CBuffer(_)
                    )
                });
                let g = GlobalId::new(self.db, self.file, self.config, item.ast);
                let ty = crate::enums::global_type(self.db, g)?;
                // A global struct of textures and samplers takes one binding per resource
                // (`resource_globals`).
                let textures = matches!(
                    self.global_struct(idx),
                    Some(crate::resource_globals::GlobalStruct::Resources(_))
                );
                // An opaque inline SPIR-V type in `UniformConstant` (`storage_class`).
                let opaque = matches!(
                    self.global_descriptor_use(idx),
                    Some(crate::storage_class::DescriptorUse::Resource)
                );
                (outside && (resource_of(&ty).is_some() || opaque) || textures)
                    .then(|| v.register.clone())
            }
            _ => None,
        }
    }

    /// The register class of the resource item `idx` declares (`-fvk-auto-shift-bindings`):
    /// `b` for constant buffers, `s` for samplers, `u` for writable resources, `t` otherwise.
    fn implicit_class(&self, idx: ItemIdx) -> RegisterClass {
        use types::ResourceType as Rt;
        let item = self.tree.item(idx);
        if let ItemKind::CBuffer(c) = &item.kind {
            return if c.is_tbuffer {
                RegisterClass::ShaderResource
            } else {
                RegisterClass::ConstantBuffer
            };
        }
        let g = GlobalId::new(self.db, self.file, self.config, item.ast);
        let ty = crate::enums::global_type(self.db, g);
        match ty.as_ref().and_then(resource_of) {
            Some(Rt::ConstantBuffer { .. }) => RegisterClass::ConstantBuffer,
            Some(Rt::Sampler { .. }) => RegisterClass::Sampler,
            Some(
                Rt::Texture { access, .. }
                | Rt::TypedBuffer { access, .. }
                | Rt::ByteAddressBuffer { access },
            ) if access.is_writable() => RegisterClass::UnorderedAccess,
            Some(Rt::StructuredBuffer { kind, .. }) if *kind != types::StructuredKind::ReadOnly => {
                RegisterClass::UnorderedAccess
            }
            _ => RegisterClass::ShaderResource,
        }
    }

    /// The automatic binding of item `idx` (`None`: `$Globals`): the next free one of set
    /// 0 (or `-auto-binding-space`'s), from the class's shift on under
    /// `-fvk-auto-shift-bindings`.
    fn automatic_binding(&mut self, idx: Option<ItemIdx>) -> (u32, u32) {
        let count = idx.map_or(1, |i| self.binding_count(i));
        // `register(space2)` names the set; the binding is the next free one of that set.
        if let Some(set) = idx
            .and_then(|i| self.binds(i))
            .flatten()
            .as_deref()
            .and_then(space_only)
        {
            return self.bindings.next_free_run(set, 0, count);
        }
        let set = self.options.default_space;
        if !self.options.auto_shift_bindings {
            return self.bindings.next_free_run(set, 0, count);
        }
        let class = idx.map_or(RegisterClass::ConstantBuffer, |i| self.implicit_class(i));
        let first = self.options.space0_shift(class);
        self.bindings.next_free_run(set, first, count)
    }

    /// How many bindings item `idx` takes: one per resource of a global struct of textures
    /// and samplers; one per element of a fixed-size (possibly nested) array of resources
    /// under `-fspv-flatten-resource-arrays`, or when the file declares such a struct (DXC
    /// then flattens every composite of resources); one otherwise.
    fn binding_count(&mut self, idx: ItemIdx) -> u32 {
        if let Some(s) = self.global_struct(idx) {
            return s.binding_count().max(1);
        }
        if !self.options.flatten_resource_arrays && !self.flattens_composites {
            return 1;
        }
        if !matches!(self.tree.item(idx).kind, ItemKind::Variable(_)) {
            return 1;
        }
        let g = GlobalId::new(self.db, self.file, self.config, self.tree.item(idx).ast);
        crate::enums::global_type(self.db, g)
            .and_then(|t| flattened_count(&t))
            .unwrap_or(1)
    }

    /// Assigns every resource of the file its set and binding (see [`Bindings`]).
    pub fn assign_bindings(&mut self) {
        self.flattens_composites = self.flattens_composites();
        // DXC declares the resources inside a cbuffer before the cbuffer's own variable.
        let mut items: Vec<ItemIdx> = self.tree.indices().collect();
        items.sort_by_key(|&i| match &self.tree.item(i).kind {
            ItemKind::CBuffer(c) => (c.members.iter().copied().max().unwrap_or(i).max(i), 1),
            _ => (i, 0),
        });
        let mut automatic: Vec<Automatic> = Vec::new();
        let first_loose_global = self.loose_globals().first().copied();
        let globals_binding = self.options.globals_binding;
        if let (Some((binding, set)), Some(_)) = (globals_binding, first_loose_global) {
            self.bindings.taken.insert((set, binding));
            self.bindings.dollar_globals = Some((set, binding));
        }
        for i in items {
            if Some(i) == first_loose_global && globals_binding.is_none() {
                automatic.push(Automatic::Globals);
            }
            let Some(register) = self.binds(i) else {
                continue;
            };
            self.check_bound_register(i, register.as_ref());
            match self.explicit_binding(i, register.as_ref()) {
                Some(b) => {
                    let (set, first) = b;
                    for binding in first..first.saturating_add(self.binding_count(i)) {
                        self.claim_binding(i, (set, binding), register.as_ref());
                        self.bindings.taken.insert((set, binding));
                    }
                    self.bindings.of_item.insert(i, b);
                    // `[[vk::counter_binding(N)]]`: the counter's binding in the same set.
                    if let Some(c) = self.counter_binding_attr(i) {
                        self.bindings.taken.insert((set, c));
                    }
                }
                None => {
                    // The counter of a buffer bound automatically is in set 0 (or the set of
                    // a space-only register), its explicit binding reserved there as well.
                    if let Some(c) = self.counter_binding_attr(i) {
                        let set = register
                            .as_deref()
                            .and_then(space_only)
                            .unwrap_or(self.options.default_space);
                        self.bindings.taken.insert((set, c));
                    }
                    automatic.push(Automatic::Item(i))
                }
            }
            // DXC declares the counter of an append or consume buffer right after the buffer,
            // so in its last pass the counter takes the next free binding at the buffer's
            // place in declaration order (before the resources declared after it), whether
            // the buffer is bound explicitly or not (`DeclResultIdMapper::createExternVar`).
            if let Some(count) = self.append_consume_counter(i) {
                automatic.push(Automatic::Counter(i, count));
            }
        }
        let loose = self.loose_globals();
        self.check_globals_bindings(&loose);
        self.check_binding_arguments();
        self.check_structured_buffer_arrays();
        self.check_subpass_inputs();
        self.check_external_int_matrices();
        for a in automatic {
            match a {
                Automatic::Item(i) => {
                    let b = self.automatic_binding(Some(i));
                    self.bindings.of_item.insert(i, b);
                }
                Automatic::Globals => {
                    self.bindings.dollar_globals = Some(self.automatic_binding(None));
                }
                Automatic::Counter(i, count) => {
                    let set = self.bindings.of_item.get(&i).map_or(0, |&(set, _)| set);
                    let b = self.bindings.next_free_run(set, 0, count);
                    self.bindings.counter_of_item.insert(i, b);
                }
            }
        }
        self.check_combined_image_samplers();
    }

    /// The set and binding item `i` took in the binding passes, when it holds one.
    pub(crate) fn assigned_binding(&self, i: ItemIdx) -> Option<(u32, u32)> {
        self.bindings.of_item.get(&i).copied()
    }

    /// The bindings the counter of item `i` takes when `i` is an append or consume
    /// structured buffer (one), or a sized array of them (one, or one per element when
    /// resource arrays are flattened), and its counter has no `[[vk::counter_binding]]`.
    fn append_consume_counter(&mut self, i: ItemIdx) -> Option<u32> {
        if !matches!(self.tree.item(i).kind, ItemKind::Variable(_))
            || self.counter_binding_attr(i).is_some()
        {
            return None;
        }
        let g = GlobalId::new(self.db, self.file, self.config, self.tree.item(i).ast);
        let ty = crate::enums::global_type(self.db, g)?;
        let (element, count) = match &ty {
            Type::Array {
                element,
                len: Some(n),
            } => (&**element, *n),
            _ => (&ty, 1),
        };
        let Some(types::ResourceType::StructuredBuffer { kind, .. }) = element.as_resource() else {
            return None;
        };
        if !matches!(
            kind,
            types::StructuredKind::Append | types::StructuredKind::Consume
        ) {
            return None;
        }
        Some(if self.options.flatten_resource_arrays {
            count
        } else {
            1
        })
    }

    /// `[[vk::image_format("rgba8")]]` on resource `idx`: the format of a storage image or
    /// texel buffer, instead of the one inferred from its element type.
    fn image_format(&mut self, idx: ItemIdx) -> R<Option<ir::ImageFormat>> {
        let Some(args) = crate::attrs::item_attr(self, idx, "vk::image_format") else {
            return Ok(None);
        };
        let text = args.first().map_or("", |a| a.trim().trim_matches('"'));
        match ir::ImageFormat::from_name(text) {
            Some(f) => Ok(Some(f)),
            // A name DXC does not know: the front end warns (W2092) and, as DXC, the
            // attribute is ignored.
            None if !hir_knows_format(text) => Ok(None),
            None => {
                let range = self.item_range(idx);
                Err(self.unsupported(&format!("the image format `{text}`"), range))
            }
        }
    }

    /// The set and binding of a resource, assigned by [`ModuleCtx::assign_bindings`].
    pub(crate) fn binding_of_item(&mut self, idx: ItemIdx) -> (u32, u32) {
        self.binding_for(idx)
    }

    /// The set and binding of a resource, assigned by [`ModuleCtx::assign_bindings`].
    fn binding_for(&mut self, idx: ItemIdx) -> (u32, u32) {
        match self.bindings.of_item.get(&idx) {
            Some(&b) => b,
            None => self.bindings.next_free(),
        }
    }

    /// Top-level uniform values outside cbuffers, those of namespaces included (the members
    /// of `$Globals`, as DXC makes them), in source order, whatever their type (resources are
    /// filtered out by type later).
    pub(crate) fn loose_globals(&self) -> Vec<ItemIdx> {
        let mut items = Vec::new();
        let mut pending: Vec<ItemIdx> = self.tree.top_level.iter().rev().copied().collect();
        while let Some(i) = pending.pop() {
            match &self.tree.item(i).kind {
                ItemKind::Namespace(members) => pending.extend(members.iter().rev().copied()),
                _ => items.push(i),
            }
        }
        items
            .into_iter()
            .filter(|&i| {
                // A global `string` is a constant (DXC implies `static const`): a `printf` format,
                // not a member of `$Globals`.
                matches!(&self.tree.item(i).kind,
                    ItemKind::Variable(v) if !v.is_static && !v.groupshared && !v.ty.is_string())
                    && !self.is_push_constant(i)
                    // In a storage class of its own, unless it is `$Globals`'s (`storage_class`).
                    && match self.global_descriptor_use(i) {
                        // An opaque inline SPIR-V type is a resource of its own.
                        Some(crate::storage_class::DescriptorUse::Resource) => false,
                        Some(
                            crate::storage_class::DescriptorUse::Unchanged
                            | crate::storage_class::DescriptorUse::MovesGlobals(_),
                        ) => true,
                        _ => crate::attrs::item_attr(self, i, "vk::ext_storage_class").is_none(),
                    }
                    // A `[[vk::constant_id]]` constant is a spec constant, not a member.
                    && self.constant_id(i).is_none()
            })
            .filter(|&i| {
                let g = GlobalId::new(self.db, self.file, self.config, self.tree.item(i).ast);
                // A struct holding resources is no `$Globals` member (`resource_statics`).
                crate::enums::global_type(self.db, g).is_none_or(|t| {
                    resource_of(&t).is_none() && crate::resource_structs::split_type(&t).is_none()
                })
            })
            .collect()
    }

    /// Recomputes the layout of every buffer under the rules `options.layout` chooses.
    pub fn apply_layout_rules(&mut self) {
        let choice = self.options.layout;
        if choice == LayoutChoice::VectorRelaxed {
            return;
        }
        let buffers: Vec<(ir::Global, types::LayoutRules)> = self
            .mb
            .module()
            .globals
            .iter()
            .filter(|(_, g)| g.layout.is_some())
            .map(|(h, g)| {
                let rules = match resource_of(&g.ty) {
                    Some(types::ResourceType::ConstantBuffer { .. }) => choice.rules(true),
                    Some(types::ResourceType::TextureBuffer { .. }) => {
                        choice.texture_buffer_rules()
                    }
                    _ => choice.rules(false),
                };
                (h, rules)
            })
            .collect();
        for (g, rules) in buffers {
            self.mb.set_layout_rules(g, rules);
        }
        // The pointee of a buffer pointer is laid out as a storage buffer (the proposal's
        // "Buffer Pointer Pointee Buffer Layout").
        if crate::buffer_pointer::module_has_buffer_pointers(self.mb.module()) {
            self.mb.module_mut().buffer_pointer_layout = Some(choice.rules(false));
        }
    }

    pub(crate) fn global_type_of(&mut self, idx: ItemIdx) -> R<Type> {
        let g = GlobalId::new(self.db, self.file, self.config, self.tree.item(idx).ast);
        match crate::enums::global_type(self.db, g) {
            Some(t) => Ok(t),
            None => {
                let range = self.item_range(idx);
                let is_string =
                    matches!(&self.tree.item(idx).kind, ItemKind::Variable(v) if v.ty.is_string());
                Err(self.unsupported(
                    if is_string {
                        "a global `string` used other than as a `printf` format"
                    } else {
                        "a global of unknown type"
                    },
                    range,
                ))
            }
        }
    }

    /// How global variable `idx` is reached, declaring it on first use.
    pub fn global_for(&mut self, idx: ItemIdx) -> R<GlobalRef> {
        if let Some(&g) = self.globals.get(&idx) {
            return Ok(g);
        }
        let range = self.item_range(idx);
        let ItemKind::Variable(var) = self.tree.item(idx).kind.clone() else {
            return Err(self.unsupported("this kind of name in an expression", range));
        };
        let name = self.tree.item(idx).name.clone();
        let r = if let Some(cb) = self.is_cbuffer_member(idx) {
            let global = self.cbuffer_for(cb)?;
            let ItemKind::CBuffer(c) = &self.tree.item(cb).kind else {
                unreachable!("is_cbuffer_member checked the parent")
            };
            let members = self.cbuffer_data_members(&c.members.clone());
            let member = members.iter().position(|m| *m == idx).unwrap_or(0);
            GlobalRef::CBufferMember(global, member as u32)
        } else {
            let mut ty = self.global_type_of(idx)?;
            // The texture of a `[[vk::combinedImageSampler]]` pair is a combined image sampler.
            let combined_with = self.combined_pairs.get(&idx).copied();
            if let (Some(_), Some(types::ResourceType::Texture { dim, sample, .. })) =
                (combined_with, ty.as_resource())
            {
                ty = Type::Resource(std::sync::Arc::new(types::ResourceType::Texture {
                    dim: *dim,
                    access: types::TextureAccess::Sampled,
                    sample: sample.clone(),
                }));
            }
            // `[[vk::ext_storage_class(N)]]`: DXC moves the variable to storage class N.
            let storage = self.ext_storage_class(idx)?;
            if let Some(g) = self.ext_builtin_global(idx, &var, &name, &ty)? {
                GlobalRef::Var(g)
            } else if matches!(storage, Some((ir::GlobalKind::Resource, _)))
                || (storage.is_none()
                    && self.global_descriptor_use(idx)
                        == Some(crate::storage_class::DescriptorUse::Resource))
            {
                // An opaque inline SPIR-V type in `UniformConstant` (`storage_class`).
                let (set, binding) = self.binding_for(idx);
                GlobalRef::Var(self.mb.resource(&name, ty, set, binding))
            } else if let Some((kind, space)) = storage {
                // Its initializer runs in `init_globals`, as DXC stores it at the entry.
                let g = self
                    .mb
                    .global(ir::GlobalVar::new(name.as_str(), kind, space, ty));
                if var.has_init {
                    self.static_inits.push((idx, g));
                }
                GlobalRef::Var(g)
            } else if var.groupshared {
                GlobalRef::Var(self.mb.groupshared(&name, ty))
            } else if !var.is_static && self.is_shader_record(idx) {
                GlobalRef::Var(crate::shader_record::shader_record_for(self, idx, ty)?)
            } else if !var.is_static && self.is_push_constant(idx) {
                GlobalRef::Var(self.push_constant_for(idx, ty)?)
            } else if let Some(res) = resource_of(&ty) {
                let with_counter = matches!(
                    res,
                    types::ResourceType::StructuredBuffer {
                        kind: types::StructuredKind::Append | types::StructuredKind::Consume,
                        ..
                    }
                );
                if with_counter && matches!(ty, Type::Array { len: None, .. }) {
                    let what = "arrays of append and consume buffers of unknown size";
                    return Err(self.unsupported(what, range));
                }
                let (set, binding) = self.binding_for(idx);
                let format = self.image_format(idx)?;
                let g = self.mb.resource(&name, ty.clone(), set, binding);
                if let Some(sampler) = combined_with {
                    self.combined_textures.insert(g, sampler);
                }
                self.mb.module_mut().globals[g].image_format = format;
                self.mb.module_mut().globals[g].globally_coherent = var.globally_coherent;
                self.mb.module_mut().globals[g].input_attachment = self.input_attachment_index(idx);
                if let Type::Array { len: Some(n), .. } = ty {
                    self.mb.module_mut().globals[g].resource_count = Some(n);
                }
                if with_counter {
                    // Known before the counter is declared, which looks up its attributes.
                    self.globals.insert(idx, GlobalRef::Var(g));
                    match ty {
                        // An array of append or consume buffers has an array of counters,
                        // element `i` counting element `i` (`counters`).
                        Type::Array { len: Some(n), .. } => {
                            self.counter_array_for(g, n);
                        }
                        _ => {
                            self.counter_for(g);
                        }
                    }
                }
                GlobalRef::Var(g)
            } else if var.is_static && !var.has_init {
                let g = self.mb.private(&name, ty, None);
                self.mark_aliased_pointer(idx, g);
                GlobalRef::Var(g)
            } else if var.is_static {
                // A literal initializer is the global's constant; any other runs in
                // `init_globals`.
                let version = self.config.preprocess(self.db).hlsl_version;
                let init = var
                    .init
                    .as_ref()
                    .and_then(|c| crate::init::const_scalar(c, &ty, version))
                    .map(|c| self.mb.const_handle(c));
                let g = self.mb.private(&name, ty, init);
                self.mark_aliased_pointer(idx, g);
                if init.is_none() {
                    self.static_inits.push((idx, g));
                }
                GlobalRef::Var(g)
            } else if crate::resource_structs::split_type(&ty).is_some() {
                // Reached through `resource_statics` (one resource global per member), never
                // as a whole.
                return Err(self.unsupported("this global struct holding resources", range));
            } else {
                let (g, members) = self.dollar_globals()?;
                match members.iter().position(|m| *m == idx) {
                    Some(i) => GlobalRef::CBufferMember(g, i as u32),
                    None => return Err(self.unsupported("this global", range)),
                }
            }
        };
        if let GlobalRef::Var(g) = r {
            self.apply_ext_decorations(idx, g);
            let loc = self.source_loc(range);
            self.mb.module_mut().globals[g].loc.get_or_insert(loc);
        }
        self.globals.insert(idx, r);
        Ok(r)
    }

    /// Reports each `groupshared` variable the entry of `stage` uses when the stage has no
    /// workgroup: Vulkan allows `Workgroup` memory in compute, mesh and task shaders only
    /// (VUID-StandaloneSpirv-None-04645). DXC's front end accepts the variable and emits a
    /// `Workgroup` variable anyway; that module fails `spirv-val`, so DXC's own validation
    /// refuses it unless `-fcgl` or `-Vd` skips the check. We refuse it at the variable.
    pub fn refuse_groupshared(&mut self, stage: crate::ShaderStage) {
        use crate::ShaderStage as S;
        if matches!(stage, S::Compute | S::Mesh | S::Amplification | S::Other) {
            return;
        }
        let stage = format!("{stage:?}").to_lowercase();
        let mut used: Vec<ItemIdx> = self
            .globals
            .keys()
            .copied()
            .filter(|&i| matches!(&self.tree.item(i).kind, ItemKind::Variable(v) if v.groupshared))
            .collect();
        used.sort();
        for i in used {
            let range = self.item_range(i);
            self.error(
                crate::NO_VULKAN_EQUIVALENT,
                format!(
                    "`groupshared` variable `{}` in a {stage} shader: Vulkan has workgroup \
                     memory in compute, mesh and amplification shaders only \
                     (VUID-StandaloneSpirv-None-04645); DXC emits a `Workgroup` variable here, \
                     which is invalid Vulkan SPIR-V that spirv-val rejects",
                    self.tree.item(i).name
                ),
                range,
            );
        }
    }

    /// The `$Globals` constant buffer of every top-level uniform value outside a cbuffer (in
    /// source order), declared on first use.
    pub(crate) fn dollar_globals(&mut self) -> R<(ir::Global, Vec<ItemIdx>)> {
        if let Some(d) = &self.dollar_globals {
            return Ok(d.clone());
        }
        let candidates = self.loose_globals();
        let mut members = Vec::new();
        let mut fields = Vec::new();
        for i in candidates {
            let ty = self.global_type_of(i)?;
            if resource_of(&ty).is_some() {
                continue;
            }
            fields.push(StructField::new(self.tree.item(i).name.clone(), ty));
            members.push(i);
        }
        let element = Type::structure(StructType {
            name: "type.$Globals".to_owned(),
            fields,
        });
        let ty = Type::resource(types::ResourceType::ConstantBuffer { element });
        let (set, binding) = match self.bindings.dollar_globals {
            Some(b) => b,
            None => self.bindings.next_free(),
        };
        let g = self.mb.resource("$Globals", ty, set, binding);
        self.globals_storage(g, &members)?;
        // `register(cN)` places a loose global at constant register N, as `packoffset(cN)`
        // places a cbuffer member.
        let offsets: Vec<Option<u32>> = members
            .iter()
            .map(|&m| {
                constant_register(self.tree.item(m))
                    .as_deref()
                    .and_then(types::packoffset_bytes)
            })
            .collect();
        if offsets.iter().any(Option::is_some) {
            self.mb.set_member_offsets(g, offsets.clone());
            if let Some(layout) = self.mb.module().globals[g].layout.clone() {
                self.check_register_offsets(&members, &offsets, &layout.layout);
            }
        }
        self.dollar_globals = Some((g, members.clone()));
        Ok((g, members))
    }

    /// The push-constant block of `[[vk::push_constant]] S pcs;` or
    /// `[[vk::push_constant]] ConstantBuffer<S> pcs;`: a global of struct `S` in the
    /// push-constant address space (one per module, as Vulkan allows one per stage).
    fn push_constant_for(&mut self, idx: ItemIdx, ty: Type) -> R<ir::Global> {
        let range = self.item_range(idx);
        let block = match resource_of(&ty) {
            None => ty,
            Some(types::ResourceType::ConstantBuffer { element }) if ty.as_resource().is_some() => {
                element.clone()
            }
            Some(_) => {
                return Err(self.unsupported("`[[vk::push_constant]]` on this resource type", range))
            }
        };
        if matches!(block, Type::BufferPointer { .. }) {
            let msg = "vk::push_constant attribute cannot be used on declarations with \
                       vk::BufferPointer type (declare the pointer in a push-constant struct)";
            return Err(self.error(crate::PUSH_CONSTANT_BUFFER_POINTER, msg.into(), range));
        }
        if !matches!(block, Type::Struct(_)) {
            return Err(self.unsupported("`[[vk::push_constant]]` on a non-struct global", range));
        }
        let taken = self
            .mb
            .module()
            .globals
            .iter()
            .any(|(_, g)| g.kind == ir::GlobalKind::PushConstant);
        if taken {
            return Err(self.unsupported("more than one push-constant block", range));
        }
        let name = self.tree.item(idx).name.clone();
        Ok(self.mb.push_constant(&name, block))
    }

    /// The `ConstantBuffer` global of cbuffer `idx`.
    pub(crate) fn cbuffer_for(&mut self, idx: ItemIdx) -> R<ir::Global> {
        if let Some(&g) = self.cbuffers.get(&idx) {
            return Ok(g);
        }
        let ItemKind::CBuffer(c) = self.tree.item(idx).kind.clone() else {
            let range = self.item_range(idx);
            return Err(self.unsupported("this kind of buffer", range));
        };
        let name = self.tree.item(idx).name.clone();
        let mut fields = Vec::new();
        // `packoffset(c1.y)` places a member at byte 20, as DXC does for SPIR-V too.
        let members = self.cbuffer_data_members(&c.members);
        let offsets: Vec<Option<u32>> = members
            .iter()
            .map(|&m| match &self.tree.item(m).kind {
                // A member with `[[vk::offset]]` ignores its `packoffset`, and so does DXC's
                // overlap check.
                ItemKind::Variable(v) if v.vk_offset.is_none() => {
                    v.packoffset.as_deref().and_then(types::packoffset_bytes)
                }
                _ => None,
            })
            .collect();
        for (i, &m) in members.iter().enumerate() {
            for decoration in self.ext_decorations(m, false) {
                let d = ir::SpirvMemberDecoration {
                    struct_name: format!("type.{name}"),
                    member: i as u32,
                    decoration,
                };
                self.mb.module_mut().spirv_member_decorations.push(d);
            }
            let ty = self.global_type_of(m)?;
            if crate::resource_out::holds_resources(&ty) {
                // A resource declared in a cbuffer is a global of its own (as DXC separates
                // it); one inside a struct member would have to sit in the buffer's memory.
                let range = self.item_range(m);
                return Err(self.error(
                    crate::GLOBAL_RESOURCE_STRUCT,
                    format!(
                        "`{}`: a {} member whose type holds resources is not supported; \
                         a Vulkan buffer cannot hold resources (DXC's SPIR-V fails validation \
                         too). Declare the resources outside the struct.",
                        self.tree.item(m).name,
                        if c.is_tbuffer { "tbuffer" } else { "cbuffer" },
                    ),
                    range,
                ));
            }
            // `[[vk::offset(N)]]` on a cbuffer member places it as on a struct member, over
            // its `packoffset` (DXC's `docs/SPIR-V.rst`).
            let offset = match &self.tree.item(m).kind {
                ItemKind::Variable(v) => v.vk_offset.as_ref().and_then(|e| {
                    hir::lower_type::TypeCtx::inside(&self.tree, &self.scope, m).eval_u32(e)
                }),
                _ => None,
            };
            fields.push(StructField {
                offset,
                ..StructField::new(self.tree.item(m).name.clone(), ty)
            });
        }
        let element = Type::structure(StructType {
            name: format!("type.{name}"),
            fields,
        });
        // A tbuffer is a `TextureBuffer` of its members, as a cbuffer is a `ConstantBuffer`.
        let ty = Type::resource(if c.is_tbuffer {
            types::ResourceType::TextureBuffer { element }
        } else {
            types::ResourceType::ConstantBuffer { element }
        });
        let g = if self.is_shader_record(idx) && !c.is_tbuffer {
            // `[[vk::shader_record_ext]] cbuffer`: its members are the record's, and it takes
            // no binding (DXC's `createShaderRecordBuffer` of a buffer declaration).
            let types::ResourceType::ConstantBuffer { element } =
                ty.as_resource().expect("built above").clone()
            else {
                unreachable!("a cbuffer is a ConstantBuffer")
            };
            self.mb.shader_record(&name, element)
        } else {
            let (set, binding) = self.binding_for(idx);
            self.mb.resource(&name, ty, set, binding)
        };
        let loc = self.source_loc(self.item_range(idx));
        self.mb.module_mut().globals[g].loc = Some(loc);
        if offsets.iter().any(Option::is_some) {
            self.mb.set_member_offsets(g, offsets.clone());
            if let Some(layout) = self.mb.module().globals[g].layout.clone() {
                self.check_packoffsets(&members, &offsets, &layout.layout);
            }
        }
        self.cbuffers.insert(idx, g);
        Ok(g)
    }
}

/// `cN` of `register(cN)` on a loose global (the constant register it asks for).
pub(crate) fn constant_register(item: &hir::item_tree::Item) -> Option<String> {
    let ItemKind::Variable(v) = &item.kind else {
        return None;
    };
    v.register
        .as_ref()?
        .iter()
        .map(|r| r.trim())
        .find(|r| r.starts_with(['c', 'C']) && r[1..].chars().all(|c| c.is_ascii_digit()))
        .map(str::to_owned)
}

/// The number of elements of a fixed-size array (of arrays) of resources, the bindings it
/// takes when flattened; `None` for anything else (an unsized array stays one binding).
pub fn flattened_count(ty: &Type) -> Option<u32> {
    match ty {
        Type::Array {
            element,
            len: Some(n),
        } => match element.as_ref() {
            Type::Resource(_) => Some(*n),
            inner => flattened_count(inner).map(|m| m.saturating_mul(*n)),
        },
        _ => None,
    }
}

/// The resource of a resource type or an array (of arrays) of resources.
pub fn resource_of(ty: &Type) -> Option<&types::ResourceType> {
    // Through every array level: `Texture2D t[2][3]` is an array of resources too.
    let r = match ty {
        Type::Array { element, .. } => resource_of(element),
        t => t.as_resource(),
    };
    // A `RayQuery` is traversal state in a local variable, not a descriptor.
    r.filter(|r| !matches!(r, types::ResourceType::RayQuery { .. }))
}

/// Whether DXC knows the `[[vk::image_format]]` name `text` (`unknown` included).
fn hir_knows_format(text: &str) -> bool {
    hir::vk_attr_checks::is_image_format(text)
}
