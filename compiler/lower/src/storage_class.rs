//! `[[vk::ext_storage_class(N)]]` on variables: the address space a declaration written with
//! DXC's inline SPIR-V storage class lives in.
//!
//! DXC's `doVarDecl` makes the variable as it would without the attribute, then sets its
//! storage class to `N`; its emitter writes every variable whose class is not `Function` at
//! module scope. So a local with the attribute is one module-scope variable per function
//! (as a `static` local is), its initializer stored each time the declaration runs, as any
//! local's (a `static` local's the first time, behind a private flag, as DXC's `initOnce`); a
//! global is that variable, not a member of `$Globals`. `Function` (7) on a local is an
//! ordinary local; on a parameter the attribute changes nothing (DXC never calls `doVarDecl`
//! on one).
//!
//! The classes lowered are those our address spaces have: `Private`, `Workgroup`, the
//! five ray-tracing classes (payloads, hit attributes, callable data), `HitObjectAttributeNV`
//! (NVIDIA's shader execution reordering) and `TaskPayloadWorkgroupEXT` (the payload of
//! amplification and mesh shaders); `Input` and `Output` go with
//! `[[vk::ext_builtin_input]]`/`[[vk::ext_builtin_output]]` (`inline_spirv`).
//!
//! The classes of descriptor-bound and pushed memory (`UniformConstant`, `Uniform`,
//! `StorageBuffer`, `PushConstant`, `ShaderRecordBufferKHR`) depend on what is declared
//! (`DescriptorUse`). On a global that is not `static`, DXC sets the class of the variable it
//! made anyway: a resource's own, or `$Globals`'s for a plain value, so the class the variable
//! already has changes nothing (`UniformConstant` on a texture, `StorageBuffer` on a
//! `RWStructuredBuffer`, `Uniform` on a plain value, which stays in `$Globals`; `StorageBuffer`
//! or `PushConstant` on a plain value moves `$Globals` itself, the one variable DXC gives all
//! its members, into that class: [`ModuleCtx::globals_storage`]), and an
//! opaque inline SPIR-V type (`vk::SpirvOpaqueType<OpTypeAccelerationStructureKHR>`, DXC's
//! `spv.raytracing` test) in `UniformConstant` is a resource with a descriptor binding. A
//! `static` or local variable has no binding nor block to give, so DXC's variable fails
//! Vulkan's validation: `E3012`.
//!
//! A class Vulkan gives no variable (`CrossWorkgroup`, `Generic`, `AtomicCounter`, `Image`,
//! `PhysicalStorageBuffer`, the OpenCL and Intel ones), a number that is no storage class, or
//! `Function` on a global is refused (`E3012`): DXC writes the module and its validator
//! refuses it. The other Vulkan classes are not supported yet (`E3001`). Called from
//! `resources::global_for` (globals, through `ModuleCtx::ext_storage_class`) and
//! `func::lower_body` (locals).

use hir::body::LocalId;
use ir::{GlobalKind, GlobalVar};
use syntax::TextRange;
use types::{AddressSpace, Type};

use crate::context::R;
use crate::entry::ShaderStage;
use crate::func::FnLower;

/// SPIR-V's `Input` storage class.
pub(crate) const INPUT: u32 = 1;
/// SPIR-V's `Output` storage class.
pub(crate) const OUTPUT: u32 = 3;
/// SPIR-V's `Workgroup` storage class.
pub(crate) const WORKGROUP: u32 = 4;
/// SPIR-V's `Private` storage class.
pub(crate) const PRIVATE: u32 = 6;
/// SPIR-V's `Function` storage class.
const FUNCTION: u32 = 7;

/// Where a variable declared in a storage class lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Placement {
    /// An ordinary local (`Function` on a local).
    Local,
    /// A module-scope variable of this kind in this address space.
    Global(GlobalKind, AddressSpace),
}

/// Why a storage class cannot hold the variable: DXC's output would be invalid (`E3012`), or
/// we do not lower that class yet (`E3001`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refusal {
    Invalid(String),
    NotYet(String),
}

/// SPIR-V's name of storage class `class`, `None` for a number that names none.
pub(crate) fn class_name(class: u32) -> Option<&'static str> {
    Some(match class {
        0 => "UniformConstant",
        1 => "Input",
        2 => "Uniform",
        3 => "Output",
        4 => "Workgroup",
        5 => "CrossWorkgroup",
        6 => "Private",
        7 => "Function",
        8 => "Generic",
        9 => "PushConstant",
        10 => "AtomicCounter",
        11 => "Image",
        12 => "StorageBuffer",
        4172 => "TileImageEXT",
        4491 => "TileAttachmentQCOM",
        5068 => "NodePayloadAMDX",
        5328 => "CallableDataKHR",
        5329 => "IncomingCallableDataKHR",
        5338 => "RayPayloadKHR",
        5339 => "HitAttributeKHR",
        5342 => "IncomingRayPayloadKHR",
        5343 => "ShaderRecordBufferKHR",
        5349 => "PhysicalStorageBuffer",
        5385 => "HitObjectAttributeNV",
        5402 => "TaskPayloadWorkgroupEXT",
        5411 => "HitObjectAttributeEXT",
        5605 => "CodeSectionINTEL",
        5936 => "DeviceOnlyINTEL",
        5937 => "HostOnlyINTEL",
        _ => return None,
    })
}

/// Where a variable in storage class `class` lives (`on_local`: declared in a function body,
/// not `static`). `Input` and `Output` are the caller's (they need a built-in).
pub(crate) fn placement(class: u32, on_local: bool) -> Result<Placement, Refusal> {
    let ray = |space| Ok(Placement::Global(GlobalKind::RayData, space));
    let Some(name) = class_name(class) else {
        return Err(Refusal::Invalid(format!(
            "vk::ext_storage_class({class}): {class} is no SPIR-V storage class"
        )));
    };
    match class {
        FUNCTION if on_local => Ok(Placement::Local),
        FUNCTION => Err(Refusal::Invalid(format!(
            "vk::ext_storage_class({class}): a variable outside a function cannot be in the \
             {name} storage class"
        ))),
        PRIVATE => Ok(Placement::Global(
            GlobalKind::Private,
            AddressSpace::Private,
        )),
        WORKGROUP => Ok(Placement::Global(
            GlobalKind::Groupshared,
            AddressSpace::Workgroup,
        )),
        5328 => ray(AddressSpace::CallableData),
        5329 => ray(AddressSpace::IncomingCallableData),
        5338 => ray(AddressSpace::RayPayload),
        5339 => ray(AddressSpace::HitAttribute),
        5342 => ray(AddressSpace::IncomingRayPayload),
        5385 => ray(AddressSpace::HitObjectAttribute),
        5411 => ray(AddressSpace::HitObjectAttributeExt),
        5402 => Ok(Placement::Global(
            GlobalKind::TaskPayload,
            AddressSpace::TaskPayload,
        )),
        5 | 8 | 10 | 11 | 5349 | 5605 | 5936 | 5937 => Err(Refusal::Invalid(format!(
            "vk::ext_storage_class({class}): a Vulkan shader has no variables in the {name} \
             storage class"
        ))),
        _ => Err(Refusal::NotYet(format!(
            "a variable in the {name} storage class (vk::ext_storage_class({class}))"
        ))),
    }
}

/// What a declaration in a class of descriptor-bound or pushed memory is (see the module's
/// comment).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DescriptorUse {
    /// The variable already is in that class: the attribute changes nothing.
    Unchanged,
    /// An opaque inline SPIR-V type in `UniformConstant`: a resource with a binding.
    Resource,
    /// A plain value in `StorageBuffer` or `PushConstant`: still a member of `$Globals`,
    /// whose one variable DXC moves into that class (its `createExternVar` hands back
    /// `$Globals`'s variable for every member, and `doVarDecl` sets that variable's class).
    MovesGlobals(AddressSpace),
    /// Not a class of descriptor-bound or pushed memory, or one we place otherwise.
    Other,
}

/// Whether `ty` is an opaque inline SPIR-V type of what a descriptor holds (`vk::SpirvOpaqueType`
/// or `vk::ext_type<N>` of an image, a sampler, a sampled image or an acceleration structure,
/// or an array of one), or an array of one.
pub(crate) fn is_opaque_inline(ty: &Type) -> bool {
    let mut inner = ty;
    while let Type::Array { element, .. } = inner {
        inner = element;
    }
    let Type::Spirv(s) = inner else {
        return false;
    };
    if s.layout.is_some() {
        return false;
    }
    match s.opcode {
        // OpTypeImage, OpTypeSampler, OpTypeSampledImage, OpTypeAccelerationStructureKHR.
        25 | 26 | 27 | 5341 => true,
        // OpTypeArray, OpTypeRuntimeArray: of such an element.
        28 | 29 => matches!(
            s.operands.first(),
            Some(types::SpirvTypeOperand::Type(t)) if is_opaque_inline(t)
        ),
        _ => false,
    }
}

/// Whether `class` is one of descriptor-bound or pushed memory.
fn is_descriptor_class(class: u32) -> bool {
    matches!(class, 0 | 2 | 9 | 12 | 5343)
}

/// What `[[vk::ext_storage_class(class)]]` on a global that is not `static`, of type `ty`,
/// does (DXC sets the class of the variable it makes without the attribute).
pub(crate) fn descriptor_use(class: u32, ty: &Type) -> DescriptorUse {
    if !is_descriptor_class(class) {
        return DescriptorUse::Other;
    }
    let mut inner = ty;
    while let Type::Array { element, .. } = inner {
        inner = element;
    }
    let own = match inner {
        Type::Resource(r) => Some(r.address_space()),
        Type::Spirv(s) if s.layout.is_none() => {
            return if class == 0 && is_opaque_inline(inner) {
                DescriptorUse::Resource
            } else {
                DescriptorUse::Other
            };
        }
        // A plain value is a member of `$Globals`, a `Uniform` block.
        _ if inner.as_resource().is_none() => match class {
            12 => return DescriptorUse::MovesGlobals(AddressSpace::StorageBuffer),
            9 => return DescriptorUse::MovesGlobals(AddressSpace::PushConstant),
            _ => Some(AddressSpace::Uniform),
        },
        _ => None,
    };
    let same = matches!(
        (class, own),
        (0, Some(AddressSpace::UniformConstant))
            | (2, Some(AddressSpace::Uniform))
            | (12, Some(AddressSpace::StorageBuffer))
    );
    if same {
        DescriptorUse::Unchanged
    } else {
        DescriptorUse::Other
    }
}

/// Why a global that is not `static`, of type `ty`, cannot be in descriptor class `class`
/// where the class is not its own (`None`: no such refusal): DXC sets the class of the
/// variable it made anyway, and Vulkan refuses an image or sampler outside `UniformConstant`
/// and a block (`$Globals`, which a plain value's class moves) inside it.
pub(crate) fn misplaced_descriptor(class: u32, ty: &Type) -> Option<Refusal> {
    if !matches!(class, 0 | 2 | 9 | 12) {
        return None;
    }
    let mut inner = ty;
    while let Type::Array { element, .. } = inner {
        inner = element;
    }
    let name = class_name(class).unwrap_or("?");
    let why = match inner {
        Type::Resource(r) if r.address_space() == AddressSpace::UniformConstant && class != 0 => {
            format!("a {inner} is an image, sampler or acceleration structure, which Vulkan keeps in the UniformConstant storage class, not {name}")
        }
        Type::Spirv(_) | Type::Resource(_) => return None,
        _ if class == 0 && inner.as_resource().is_none() => {
            "a plain value is a member of $Globals, which would move into the UniformConstant \
             storage class, where Vulkan allows no block"
                .to_owned()
        }
        _ => return None,
    };
    Some(Refusal::Invalid(format!(
        "vk::ext_storage_class({class}): {why}"
    )))
}

/// Why a `static` or local variable cannot be in `class` (`None`: it may, as far as this
/// check goes): the classes of descriptor-bound and pushed memory need a block and a binding
/// (or a push-constant block) that DXC gives only to the globals it declares there itself.
pub(crate) fn unbound_refusal(class: u32) -> Option<Refusal> {
    if !is_descriptor_class(class) {
        return None;
    }
    let name = class_name(class).unwrap_or("?");
    let needs = match class {
        0 => "a descriptor set and binding",
        9 | 5343 => "a Block-decorated struct",
        _ => "a Block-decorated struct with a descriptor set and binding",
    };
    Some(Refusal::Invalid(format!(
        "vk::ext_storage_class({class}): a static or local variable cannot be in the {name} \
         storage class: Vulkan needs {needs}, which such a variable does not have (declare a \
         global resource instead)"
    )))
}

/// The stages whose entries may use a variable in `space` (Vulkan's rules, which
/// `spirv-val` checks), with how a message lists them; `None`: any stage.
fn stages_of(space: AddressSpace) -> Option<(&'static [ShaderStage], &'static str)> {
    use ShaderStage as S;
    Some(match space {
        AddressSpace::Workgroup => (
            &[S::Compute, S::Mesh, S::Amplification],
            "compute, mesh and amplification shaders",
        ),
        AddressSpace::RayPayload => (
            &[S::RayGeneration, S::ClosestHit, S::Miss],
            "ray generation, closest-hit and miss shaders",
        ),
        AddressSpace::IncomingRayPayload => (
            &[S::AnyHit, S::ClosestHit, S::Miss],
            "any-hit, closest-hit and miss shaders",
        ),
        AddressSpace::HitAttribute => (
            &[S::Intersection, S::AnyHit, S::ClosestHit],
            "intersection, any-hit and closest-hit shaders",
        ),
        AddressSpace::CallableData => (
            &[S::RayGeneration, S::ClosestHit, S::Miss, S::Callable],
            "ray generation, closest-hit, miss and callable shaders",
        ),
        AddressSpace::IncomingCallableData => (&[S::Callable], "callable shaders"),
        AddressSpace::HitObjectAttribute | AddressSpace::HitObjectAttributeExt => (
            &[S::RayGeneration, S::ClosestHit, S::Miss],
            "ray generation, closest-hit and miss shaders",
        ),
        AddressSpace::TaskPayload => (
            &[S::Mesh, S::Amplification],
            "mesh and amplification shaders",
        ),
        _ => return None,
    })
}

/// Refuses a variable in storage class `class` (`space`) where the entry being lowered,
/// `stage`, may not use one (`E3012` in a message; `None` when it may, or when the stage is
/// not known yet). Checked where the variable is made, for the entry that first uses it.
pub(crate) fn stage_refusal(
    class: u32,
    space: AddressSpace,
    stage: Option<ShaderStage>,
) -> Option<String> {
    let stage = stage.filter(|s| *s != ShaderStage::Other)?;
    let (stages, listed) = stages_of(space)?;
    if stages.contains(&stage) {
        return None;
    }
    Some(format!(
        "vk::ext_storage_class({class}): a variable in the {} storage class is only valid in \
         {listed}, not in a {} shader",
        class_name(class).unwrap_or("?"),
        stage_name(stage)
    ))
}

/// How a message names `stage`.
fn stage_name(stage: ShaderStage) -> &'static str {
    use ShaderStage as S;
    match stage {
        S::Compute => "compute",
        S::Vertex => "vertex",
        S::Pixel => "pixel",
        S::Geometry => "geometry",
        S::Hull => "hull",
        S::Domain => "domain",
        S::Mesh => "mesh",
        S::Amplification => "amplification",
        S::RayGeneration => "ray generation",
        S::Intersection => "intersection",
        S::AnyHit => "any-hit",
        S::ClosestHit => "closest-hit",
        S::Miss => "miss",
        S::Callable => "callable",
        S::Other => "library",
    }
}

impl FnLower<'_, '_> {
    /// The module-scope variable of local `l` (of type `ty`) declared with
    /// `[[vk::ext_storage_class(N)]]`, one per function, made by the first copy lowered;
    /// `None` for a local without the attribute, or with `Function` (7), or a `static` local
    /// with `Private` (6), which are what they would be without it.
    pub(crate) fn ext_storage_local(&mut self, l: LocalId, ty: &Type) -> R<Option<ir::Global>> {
        let root = hir::ids::expanded_root(self.cx.db, self.cx.file, self.cx.config);
        let syntax = self.map.local_syntax(l);
        let Some(name) = syntax.try_to_node(&root) else {
            return Ok(None);
        };
        let attrs = crate::attrs::local_attrs(&name);
        let Some(attr) = attrs
            .iter()
            .find(|a| a.name_text() == "vk::ext_storage_class")
        else {
            return Ok(None);
        };
        let range = syntax.text_range();
        let local = self.body.local(l).clone();
        if local.param.is_some() {
            // DXC declares parameters elsewhere (no `doVarDecl`): the attribute changes nothing.
            return Ok(None);
        }
        let scope = self.item;
        let class = self.cx.storage_class_arg(attr, scope, range)?;
        if let Some(r) = unbound_refusal(class) {
            return Err(self.cx.storage_class_refusal(r, range));
        }
        let (kind, space) = match placement(class, !local.is_static) {
            Ok(Placement::Local) => return Ok(None),
            Ok(Placement::Global(GlobalKind::Private, _)) if local.is_static => return Ok(None),
            Ok(Placement::Global(kind, space)) => (kind, space),
            Err(r) => return Err(self.cx.storage_class_refusal(r, range)),
        };
        if let Some(message) = stage_refusal(class, space, self.cx.entry_stage) {
            return Err(self.cx.error(crate::INLINE_SPIRV_MISUSE, message, range));
        }
        if !crate::func::is_storable(ty) {
            return Err(self.cx.unsupported(&format!("a local of type {ty}"), range));
        }
        let template_args = (self.cx.template_args.get(&self.func).cloned()).unwrap_or_default();
        let key = (self.item, template_args, l, "ext_storage_class");
        if let Some(&g) = self.cx.static_local_globals.get(&key) {
            return Ok(Some(g));
        }
        // Named after the function, not the copy (`h`, not `h.1`), as a `static` local.
        let copy = &self.cx.mb.module().functions[self.func].name;
        let fname = match copy.rsplit_once('.') {
            Some((f, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => f,
            _ => copy,
        };
        let gname = format!("{fname}.{}", local.name);
        let g = self
            .cx
            .mb
            .global(GlobalVar::new(gname, kind, space, ty.clone()));
        self.cx.static_local_globals.insert(key, g);
        if local.is_static && local.init.is_some() {
            // Initialized the first time the declaration runs, behind a private flag, as any
            // `static` local whose initializer is no constant of its variable (`stmt.rs`).
            let no = self.cx.mb.const_handle(ir::Constant::bool(false));
            let (flag, _) = self.static_private(l, "init", Type::BOOL, Some(no));
            self.cx.static_local_flags.push((g, flag));
        }
        Ok(Some(g))
    }
}

impl crate::context::ModuleCtx<'_> {
    /// What `[[vk::ext_storage_class(N)]]` on global `idx`, not `static`, does with a class
    /// of descriptor-bound or pushed memory (`descriptor_use`); without the attribute, an
    /// opaque inline SPIR-V type is a resource all the same (`UniformConstant`, as DXC
    /// declares `vk::ext_type<N> as : register(t0);` in its `spv.intrinsicTypeRayquery` test).
    /// `None` on a `static` or `groupshared` global, or with a class that is no constant.
    pub(crate) fn global_descriptor_use(
        &self,
        idx: hir::item_tree::ItemIdx,
    ) -> Option<DescriptorUse> {
        let hir::item_tree::ItemKind::Variable(v) = &self.tree.item(idx).kind else {
            return None;
        };
        if v.is_static || v.groupshared {
            return None;
        }
        let g = hir::ids::GlobalId::new(self.db, self.file, self.config, self.tree.item(idx).ast);
        let ty = crate::enums::global_type(self.db, g)?;
        let Some(args) = crate::attrs::item_attr_ints(self, idx, "vk::ext_storage_class") else {
            return is_opaque_inline(&ty).then_some(DescriptorUse::Resource);
        };
        let class = u32::try_from(args.first().copied().flatten()?).ok()?;
        Some(descriptor_use(class, &ty))
    }

    /// Moves `$Globals` (global `g`, of `members`) into `StorageBuffer` or `PushConstant`
    /// when a member carries `[[vk::ext_storage_class(12)]]` or `(9)`, as DXC's `doVarDecl`
    /// sets the class of `$Globals`'s variable for each such member (the last in source
    /// order wins). Its layout, binding and `Block` stay (a push-constant block takes no
    /// binding decorations in the backend). A second push-constant block beside a
    /// `[[vk::push_constant]]` one is `E3292`: Vulkan allows one per entry point.
    pub(crate) fn globals_storage(
        &mut self,
        g: ir::Global,
        members: &[hir::item_tree::ItemIdx],
    ) -> R<()> {
        let mut moved = None;
        for &m in members {
            if let Some(DescriptorUse::MovesGlobals(space)) = self.global_descriptor_use(m) {
                moved = Some((m, space));
            }
        }
        let Some((m, space)) = moved else {
            return Ok(());
        };
        if space == AddressSpace::PushConstant {
            let block = self
                .tree
                .indices()
                .find(|&i| crate::attrs::item_attr(self, i, "vk::push_constant").is_some());
            if let Some(block) = block {
                let name = self.tree.item(block).name.clone();
                let message = format!(
                    "vk::ext_storage_class(9) on `{}` moves $Globals into the PushConstant \
                     storage class, and `{name}` is a push-constant block already: an entry \
                     point may use only one",
                    self.tree.item(m).name
                );
                let range = self.item_range(m);
                return Err(self.error(crate::GLOBALS_STORAGE_CONFLICT, message, range));
            }
        }
        self.mb.module_mut().globals[g].space = space;
        Ok(())
    }

    /// The storage class number of `[[vk::ext_storage_class(N)]]` attribute `attr` (a literal
    /// or a constant seen from item `scope`); `E3012` at `range` without one.
    pub(crate) fn storage_class_arg(
        &mut self,
        attr: &syntax::ast::Attribute,
        scope: hir::item_tree::ItemIdx,
        range: TextRange,
    ) -> R<u32> {
        let arg = crate::stmt::attr_args(attr).first().cloned();
        match arg.and_then(|t| self.int_attr_arg(scope, &t)) {
            Some(n) if (0..=i64::from(u32::MAX)).contains(&n) => Ok(n as u32),
            _ => Err(self.error(
                crate::INLINE_SPIRV_MISUSE,
                "vk::ext_storage_class takes a storage class number".to_owned(),
                range,
            )),
        }
    }

    /// Reports refusal `r` of a storage class at `range`.
    pub(crate) fn storage_class_refusal(
        &mut self,
        r: Refusal,
        range: TextRange,
    ) -> crate::context::Unsupported {
        match r {
            Refusal::Invalid(message) => self.error(crate::INLINE_SPIRV_MISUSE, message, range),
            Refusal::NotYet(what) => self.unsupported(&what, range),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_place_variables_as_dxc_declares_them() {
        assert_eq!(placement(7, true), Ok(Placement::Local));
        assert!(matches!(placement(7, false), Err(Refusal::Invalid(_))));
        assert_eq!(
            placement(5338, true),
            Ok(Placement::Global(
                GlobalKind::RayData,
                AddressSpace::RayPayload
            ))
        );
        assert_eq!(
            placement(4, false),
            Ok(Placement::Global(
                GlobalKind::Groupshared,
                AddressSpace::Workgroup
            ))
        );
        assert!(matches!(placement(5, true), Err(Refusal::Invalid(_))));
        assert!(matches!(placement(12, true), Err(Refusal::NotYet(_))));
        assert_eq!(
            placement(5402, true),
            Ok(Placement::Global(
                GlobalKind::TaskPayload,
                AddressSpace::TaskPayload
            ))
        );
        assert_eq!(
            placement(5411, true),
            Ok(Placement::Global(
                GlobalKind::RayData,
                AddressSpace::HitObjectAttributeExt
            ))
        );
    }

    #[test]
    fn descriptor_classes_keep_what_the_variable_is() {
        let tex = Type::Resource(std::sync::Arc::new(types::ResourceType::Texture {
            dim: types::TextureDim::D2,
            access: types::TextureAccess::Sampled,
            sample: Type::Vector(types::ScalarKind::Float, 4),
        }));
        assert_eq!(descriptor_use(0, &tex), DescriptorUse::Unchanged);
        assert_eq!(descriptor_use(12, &tex), DescriptorUse::Other);
        assert_eq!(descriptor_use(2, &Type::FLOAT), DescriptorUse::Unchanged);
        assert_eq!(descriptor_use(0, &Type::FLOAT), DescriptorUse::Other);
        assert_eq!(
            descriptor_use(12, &Type::FLOAT),
            DescriptorUse::MovesGlobals(AddressSpace::StorageBuffer)
        );
        assert_eq!(
            descriptor_use(9, &Type::FLOAT),
            DescriptorUse::MovesGlobals(AddressSpace::PushConstant)
        );
        assert_eq!(descriptor_use(12, &tex), DescriptorUse::Other);
        assert_eq!(descriptor_use(6, &Type::FLOAT), DescriptorUse::Other);
        assert!(unbound_refusal(12).is_some());
        assert!(misplaced_descriptor(12, &tex).is_some());
        assert!(misplaced_descriptor(0, &tex).is_none());
        assert!(misplaced_descriptor(0, &Type::FLOAT).is_some());
        assert!(misplaced_descriptor(12, &Type::FLOAT).is_none());
        assert!(unbound_refusal(5338).is_none());
        assert!(matches!(placement(99, true), Err(Refusal::Invalid(_))));
    }
}
