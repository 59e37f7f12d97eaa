//! `-fspv-use-vulkan-memory-model`: the module after the rules of spirv-opt's
//! upgrade-memory-model pass, which DXC runs for this flag. Called by `context::emit_module`
//! on the finished functions.
//!
//! - `OpMemoryModel Logical Vulkan`, the `VulkanMemoryModel` capability and, below SPIR-V
//!   1.5 (where it is core), `SPV_KHR_vulkan_memory_model`, which requires SPIR-V 1.3: the
//!   default `vulkan1.0` target is refused ([`check_target`]);
//! - no `Coherent` decorations: a load through a pointer into a `globallycoherent` resource
//!   gets `MakePointerVisible|NonPrivatePointer` with scope `QueueFamily`, a store
//!   `MakePointerAvailable|NonPrivatePointer`; `OpImageRead` of such an image
//!   `MakeTexelVisible|NonPrivateTexel`, `OpImageWrite` `MakeTexelAvailable|NonPrivateTexel`;
//! - `Workgroup` memory (`groupshared`) is coherent without a decoration, at scope
//!   `Workgroup`;
//! - atomics and barriers at scope `Device` move to `QueueFamily` (`Device` would need the
//!   `VulkanMemoryModelDeviceScope` capability);
//! - in a tessellation control shader, control barriers also order `Output` memory
//!   (`OutputMemory`), since the hull wrapper writes its control point before one. The pass
//!   only adds the bit, which current spirv-val rejects (a storage-class bit needs an
//!   acquire/release order, VUID-StandaloneSpirv-MemorySemantics-10871, and an order needs a
//!   memory scope wider than `Invocation`, VUID-StandaloneSpirv-None-04641), so such a
//!   barrier becomes `Workgroup`-scoped `OutputMemory|AcquireRelease`.

use std::collections::HashMap;

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{
    Capability, ExecutionModel, ImageOperands, MemoryAccess, MemorySemantics, Op, Scope,
    StorageClass, Word,
};

use crate::context::Ctx;
use crate::{Result, SpirvError, TargetEnv};

/// `SPV_KHR_vulkan_memory_model` requires SPIR-V 1.3: under `vulkan1.0` the module would be
/// invalid (DXC's output fails its own validation there), so that target is refused.
pub(crate) fn check_target(env: TargetEnv) -> Result<()> {
    if env.spirv_version() < (1, 3) {
        return Err(SpirvError::needs_target(format!(
            "-fspv-use-vulkan-memory-model: the Vulkan memory model needs SPIR-V 1.3 \
             (SPV_KHR_vulkan_memory_model requires it), and the target is {} (SPIR-V 1.0); \
             give -fspv-target-env=vulkan1.1 or later",
            env.name()
        )));
    }
    Ok(())
}

impl Ctx<'_> {
    /// Rewrites the finished functions for the Vulkan memory model (see the module doc).
    pub(crate) fn upgrade_memory_model(&mut self) {
        self.capability(Capability::VulkanMemoryModel);
        if !self.at_least(1, 5) {
            self.extension("SPV_KHR_vulkan_memory_model");
        }
        let pointer_classes: HashMap<Word, StorageClass> = self
            .globals
            .iter()
            .filter(|i| i.class.opcode == Op::TypePointer)
            .filter_map(|i| match (i.result_id, i.operands.first()) {
                (Some(id), Some(Operand::StorageClass(c))) => Some((id, *c)),
                _ => None,
            })
            .collect();
        // Where a pointer (or an image loaded through one) is coherent, and at which scope.
        let mut coherent: HashMap<Word, Scope> = HashMap::new();
        for (h, g) in self.m.globals.iter() {
            if !g.globally_coherent {
                continue;
            }
            if let Some(Some(info)) = self.global_info.get(h.index()) {
                for id in self.interface_ids(h.index(), info.id) {
                    coherent.insert(id, Scope::QueueFamily);
                }
            }
            if let Some(&view) = self.u64_views.get(&h.index()) {
                coherent.insert(view, Scope::QueueFamily);
            }
        }
        // The storage class of every pointer: a memory operand is only allowed on one into
        // memory (`Uniform`, `StorageBuffer`, `Workgroup`, `Image`...), not on the load of an
        // image handle from `UniformConstant`, which only passes the coherence on.
        let mut classes: HashMap<Word, StorageClass> = self
            .globals
            .iter()
            .filter(|i| i.class.opcode == Op::Variable)
            .filter_map(|i| Some((i.result_id?, *pointer_classes.get(&i.result_type?)?)))
            .collect();
        let takes_operands = |c: Option<&StorageClass>| {
            matches!(
                c,
                Some(
                    StorageClass::Uniform
                        | StorageClass::StorageBuffer
                        | StorageClass::Workgroup
                        | StorageClass::Image
                        | StorageClass::PhysicalStorageBuffer
                )
            )
        };
        let queue_family = self.const_uint(Scope::QueueFamily as u32);
        let workgroup = self.const_uint(Scope::Workgroup as u32);
        let device = self.const_uint(Scope::Device as u32);
        let scope_id = |s: Scope| match s {
            Scope::Workgroup => workgroup,
            _ => queue_family,
        };
        let mut functions = std::mem::take(&mut self.functions);
        for f in &mut functions {
            for b in &mut f.blocks {
                for inst in &mut b.instructions {
                    let ptr_scope =
                        |id: Word, coherent: &HashMap<Word, Scope>| coherent.get(&id).copied();
                    let operand_id = |k: usize| match inst.operands.get(k) {
                        Some(Operand::IdRef(id)) => Some(*id),
                        _ => None,
                    };
                    // Workgroup pointers are coherent by their storage class.
                    if let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) {
                        if let Some(&class) = pointer_classes.get(&ty) {
                            classes.insert(id, class);
                            if class == StorageClass::Workgroup {
                                coherent.insert(id, Scope::Workgroup);
                            }
                        }
                    }
                    let into_memory =
                        operand_id(0).is_some_and(|p| takes_operands(classes.get(&p)));
                    match inst.class.opcode {
                        Op::AccessChain | Op::InBoundsAccessChain | Op::CopyObject => {
                            let base = operand_id(0).and_then(|b| ptr_scope(b, &coherent));
                            if let (Some(s), Some(id)) = (base, inst.result_id) {
                                coherent.entry(id).or_insert(s);
                            }
                        }
                        Op::Load => {
                            if let Some(s) = operand_id(0).and_then(|p| ptr_scope(p, &coherent)) {
                                // An image loaded from a coherent variable is a coherent image.
                                if let Some(id) = inst.result_id {
                                    coherent.insert(id, s);
                                }
                                let flags = MemoryAccess::MAKE_POINTER_VISIBLE
                                    | MemoryAccess::NON_PRIVATE_POINTER;
                                if into_memory {
                                    add_memory_access(inst, 1, flags, scope_id(s));
                                }
                            }
                        }
                        Op::Store => {
                            if let Some(s) = operand_id(0).and_then(|p| ptr_scope(p, &coherent)) {
                                let flags = MemoryAccess::MAKE_POINTER_AVAILABLE
                                    | MemoryAccess::NON_PRIVATE_POINTER;
                                if into_memory {
                                    add_memory_access(inst, 2, flags, scope_id(s));
                                }
                            }
                        }
                        Op::ImageRead | Op::ImageSparseRead => {
                            if let Some(s) = operand_id(0).and_then(|p| ptr_scope(p, &coherent)) {
                                let flags = ImageOperands::MAKE_TEXEL_VISIBLE
                                    | ImageOperands::NON_PRIVATE_TEXEL;
                                add_image_operands(inst, 2, flags, scope_id(s));
                            }
                        }
                        Op::ImageWrite => {
                            if let Some(s) = operand_id(0).and_then(|p| ptr_scope(p, &coherent)) {
                                let flags = ImageOperands::MAKE_TEXEL_AVAILABLE
                                    | ImageOperands::NON_PRIVATE_TEXEL;
                                add_image_operands(inst, 3, flags, scope_id(s));
                            }
                        }
                        Op::ControlBarrier => replace_scope(inst, 1, device, queue_family),
                        Op::MemoryBarrier => replace_scope(inst, 0, device, queue_family),
                        op if is_atomic(op) => replace_scope(inst, 1, device, queue_family),
                        _ => {}
                    }
                }
            }
        }
        self.functions = functions;
        let hull = self.entry_points.iter().any(|e| {
            e.operands.first()
                == Some(&Operand::ExecutionModel(
                    ExecutionModel::TessellationControl,
                ))
        });
        if hull {
            self.add_output_memory_to_barriers();
        }
    }

    /// Makes every control barrier order `Output` memory: `OutputMemory` added to its
    /// semantics, with `AcquireRelease` when it has no order, and scope `Workgroup` when its
    /// memory scope was `Invocation`.
    fn add_output_memory_to_barriers(&mut self) {
        let invocation = self.const_uint(Scope::Invocation as u32);
        let workgroup = self.const_uint(Scope::Workgroup as u32);
        let values: HashMap<Word, u32> = self
            .globals
            .iter()
            .filter(|i| i.class.opcode == Op::Constant)
            .filter_map(|i| match (i.result_id, i.operands.first()) {
                (Some(id), Some(Operand::LiteralBit32(v))) => Some((id, *v)),
                _ => None,
            })
            .collect();
        let mut functions = std::mem::take(&mut self.functions);
        for f in &mut functions {
            for b in &mut f.blocks {
                for inst in &mut b.instructions {
                    if inst.class.opcode != Op::ControlBarrier {
                        continue;
                    }
                    let Some(Operand::IdMemorySemantics(sem)) = inst.operands.get(2) else {
                        continue;
                    };
                    let Some(&v) = values.get(sem) else { continue };
                    let orders = MemorySemantics::ACQUIRE
                        | MemorySemantics::RELEASE
                        | MemorySemantics::ACQUIRE_RELEASE
                        | MemorySemantics::SEQUENTIALLY_CONSISTENT;
                    let mut with_output = v | MemorySemantics::OUTPUT_MEMORY.bits();
                    if v & orders.bits() == 0 {
                        with_output |= MemorySemantics::ACQUIRE_RELEASE.bits();
                    }
                    inst.operands[2] = Operand::IdMemorySemantics(self.const_uint(with_output));
                    replace_scope(inst, 1, invocation, workgroup);
                }
            }
        }
        self.functions = functions;
    }
}

/// Whether `op` is an atomic instruction whose second operand is its memory scope.
fn is_atomic(op: Op) -> bool {
    matches!(
        op,
        Op::AtomicLoad
            | Op::AtomicStore
            | Op::AtomicExchange
            | Op::AtomicCompareExchange
            | Op::AtomicIIncrement
            | Op::AtomicIDecrement
            | Op::AtomicIAdd
            | Op::AtomicISub
            | Op::AtomicSMin
            | Op::AtomicUMin
            | Op::AtomicSMax
            | Op::AtomicUMax
            | Op::AtomicAnd
            | Op::AtomicOr
            | Op::AtomicXor
            | Op::AtomicFAddEXT
            | Op::AtomicFMinEXT
            | Op::AtomicFMaxEXT
    )
}

/// Replaces scope operand `k` when it is the `Device` constant.
fn replace_scope(inst: &mut Instruction, k: usize, device: Word, queue_family: Word) {
    match inst.operands.get_mut(k) {
        Some(Operand::IdScope(id)) | Some(Operand::IdRef(id)) if *id == device => {
            *id = queue_family;
        }
        _ => {}
    }
}

/// ORs `flags` into the memory-access operand at `k` (adding it when absent) and appends the
/// scope its availability or visibility operation takes (after any `Aligned` literal, as the
/// operands follow the bits in order).
fn add_memory_access(inst: &mut Instruction, k: usize, flags: MemoryAccess, scope: Word) {
    match inst.operands.get_mut(k) {
        Some(Operand::MemoryAccess(existing)) => *existing |= flags,
        _ => {
            inst.operands.truncate(k);
            inst.operands.push(Operand::MemoryAccess(flags));
        }
    }
    inst.operands.push(Operand::IdScope(scope));
}

/// The same for the image operands at `k` (the scope follows the operands of lower bits, and
/// image reads and writes take none of the higher ones).
fn add_image_operands(inst: &mut Instruction, k: usize, flags: ImageOperands, scope: Word) {
    match inst.operands.get_mut(k) {
        Some(Operand::ImageOperands(existing)) => *existing |= flags,
        _ => {
            inst.operands.truncate(k);
            inst.operands.push(Operand::ImageOperands(flags));
        }
    }
    inst.operands.push(Operand::IdScope(scope));
}
