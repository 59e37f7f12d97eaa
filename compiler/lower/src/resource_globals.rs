//! Non-`static` global structs holding resources: `struct Sampler2D { Texture2D t;
//! SamplerState s; }; Sampler2D gMat : register(t3);`, used as `gMat.t.Sample(gMat.s, uv)` or
//! passed whole (`tex2D(gMat, uv)`).
//!
//! DXC (`DeclResultIdMapper::createExternVar`, `docs/SPIR-V.rst`) accepts such a global when
//! every member, recursively through member structs and arrays, is a texture or sampler
//! kind of resource (no buffer, no data): the struct takes one binding per resource in member
//! order, from its own binding (`[[vk::binding]]`, `register` with its shift, or the next
//! free run), and its legalization splits it into one variable per resource named after the
//! path (`gMat.t`, `gArr[1].s`). Declaring one also makes DXC count every resource array of
//! the file as one binding per element, as `-fspv-flatten-resource-arrays` does. A struct
//! mixing resources with data or holding buffers is refused in DXC's words (E3021).
//!
//! Here such a global is declared as those per-resource globals when first used, and each
//! function sees it as a split struct bound to them, as it sees a `static` struct holding
//! resources (`resource_statics`), so members, copies and arguments work alike.
//!
//! Called from `resources.rs` (bindings) and `resource_statics.rs` (what the global names).

use hir::item_tree::{ItemIdx, ItemKind};
use hir::GlobalId;
use types::{ResourceType, Type};

use crate::context::{ModuleCtx, R};
use crate::resource_statics::StaticBinding;
use crate::resource_structs::split_type;

/// One resource of a struct holding resources, in the order of its slots.
#[derive(Debug, Clone, PartialEq)]
pub struct SlotResource {
    /// The path appended to the global's name: `.t`, `[1].s`, `.layers[0]`.
    pub suffix: String,
    /// The resource (or array of resources) type.
    pub ty: Type,
}

/// The resources of `ty` (a struct, or array of structs, holding resources), in the order of
/// `Split::resource_paths`.
pub fn slot_resources(ty: &Type) -> Vec<SlotResource> {
    let mut out = Vec::new();
    walk(ty, String::new(), &mut out);
    out
}

fn walk(ty: &Type, prefix: String, out: &mut Vec<SlotResource>) {
    match ty {
        Type::Array {
            element,
            len: Some(n),
        } if split_type(element).is_some() => {
            for k in 0..*n {
                walk(element, format!("{prefix}[{k}]"), out);
            }
        }
        Type::Struct(s) => {
            for f in &s.fields {
                let name = format!("{prefix}.{}", f.name);
                if split_type(&f.ty).is_some() {
                    walk(&f.ty, name, out);
                    continue;
                }
                match (&f.ty, crate::resources::resource_of(&f.ty)) {
                    (
                        Type::Array {
                            element,
                            len: Some(n),
                        },
                        Some(_),
                    ) => out.extend((0..*n).map(|k| SlotResource {
                        suffix: format!("{name}[{k}]"),
                        ty: (**element).clone(),
                    })),
                    (Type::Resource(_), Some(_)) => out.push(SlotResource {
                        suffix: name,
                        ty: f.ty.clone(),
                    }),
                    _ => {}
                }
            }
        }
        _ => {}
    }
}

/// What DXC makes of a non-`static` global of a struct type holding resources.
#[derive(Debug, Clone, PartialEq)]
pub enum GlobalStruct {
    /// Only textures and samplers (and arrays of them): one binding per resource.
    Resources(Vec<SlotResource>),
    /// Data members beside the resources.
    Mixed,
    /// A buffer (structured, byte-address, constant or texture buffer) among the resources.
    Buffers,
}

impl GlobalStruct {
    /// What a global of type `ty` is; `None` when `ty` holds no resources in a struct.
    pub fn of(ty: &Type) -> Option<GlobalStruct> {
        let split = split_type(ty)?;
        if split.data.is_some() {
            return Some(GlobalStruct::Mixed);
        }
        let slots = slot_resources(ty);
        let buffer = slots.iter().any(|s| {
            matches!(
                crate::resources::resource_of(&s.ty),
                Some(
                    ResourceType::StructuredBuffer { .. }
                        | ResourceType::ByteAddressBuffer { .. }
                        | ResourceType::ConstantBuffer { .. }
                        | ResourceType::TextureBuffer { .. }
                )
            )
        });
        Some(if buffer {
            GlobalStruct::Buffers
        } else {
            GlobalStruct::Resources(slots)
        })
    }

    /// How many bindings the global takes: one per resource (an array of resources one per
    /// element); none for the refused kinds.
    pub fn binding_count(&self) -> u32 {
        match self {
            GlobalStruct::Resources(slots) => slots
                .iter()
                .map(|s| crate::resources::flattened_count(&s.ty).unwrap_or(1))
                .fold(0u32, u32::saturating_add),
            _ => 0,
        }
    }
}

impl ModuleCtx<'_> {
    /// What item `idx` is when it is a non-`static` global (at file or namespace scope) of a
    /// struct type holding resources.
    pub fn global_struct(&self, idx: ItemIdx) -> Option<GlobalStruct> {
        let item = self.tree.item(idx);
        let ItemKind::Variable(v) = &item.kind else {
            return None;
        };
        if v.is_static || v.groupshared || self.is_push_constant(idx) {
            return None;
        }
        let top = item
            .parent
            .is_none_or(|p| matches!(self.tree.item(p).kind, ItemKind::Namespace(_)));
        if !top {
            return None;
        }
        let g = GlobalId::new(self.db, self.file, self.config, item.ast);
        GlobalStruct::of(&crate::enums::global_type(self.db, g)?)
    }

    /// Whether the file declares a global struct of textures and samplers: DXC then gives
    /// every resource array one binding per element.
    pub fn flattens_composites(&self) -> bool {
        self.tree
            .indices()
            .any(|i| matches!(self.global_struct(i), Some(GlobalStruct::Resources(_))))
    }

    /// The resources global struct `idx` stands for: one resource global per slot, named
    /// after its path, on consecutive bindings from the struct's; DXC's error for the kinds
    /// it refuses.
    pub(crate) fn global_struct_binding(&mut self, idx: ItemIdx) -> R<StaticBinding> {
        let range = self.item_range(idx);
        let slots = match self.global_struct(idx) {
            Some(GlobalStruct::Resources(slots)) => slots,
            Some(GlobalStruct::Mixed) => {
                return Err(self.error(
                    crate::GLOBAL_RESOURCE_STRUCT,
                    "global structures containing both resources and non-resources are not \
                     supported"
                        .to_owned(),
                    range,
                ))
            }
            Some(GlobalStruct::Buffers) => {
                return Err(self.error(
                    crate::GLOBAL_RESOURCE_STRUCT,
                    "global structures containing buffers are not supported".to_owned(),
                    range,
                ))
            }
            None => return Err(self.unsupported("this global", range)),
        };
        let ty = self.global_type_of(idx)?;
        let name = self.tree.item(idx).name.clone();
        let (set, first) = self.binding_of_item(idx);
        let mut binding = first;
        let mut globals = Vec::new();
        for s in slots {
            let g = self
                .mb
                .resource(&format!("{name}{}", s.suffix), s.ty.clone(), set, binding);
            if let Type::Array { len: Some(n), .. } = s.ty {
                self.mb.module_mut().globals[g].resource_count = Some(n);
            }
            binding = binding.saturating_add(crate::resources::flattened_count(&s.ty).unwrap_or(1));
            globals.push(Some((g, None)));
        }
        Ok(StaticBinding {
            split: split_type(&ty),
            slots: globals,
            data: None,
            array: None,
            assigned: None,
            index: None,
            indexed_slots: Vec::new(),
        })
    }
}
