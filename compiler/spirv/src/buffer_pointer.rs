//! `vk::BufferPointer<T, A>` (hlsl-specs proposal 0010, DXC's `docs/SPIR-V.rst`): a buffer
//! pointer value is an `OpTypePointer PhysicalStorageBuffer` to `T` with an explicit layout
//! (`Offset`, `ArrayStride`, `MatrixStride` from DXC's default storage-buffer rules,
//! vector-relaxed std430; a matrix sits in a one-member struct as for raw buffers). It is
//! stored as itself in buffers, structs and variables (8 bytes, as a `uint64_t`).
//! `vk::BufferPointer::Load`/`Store` read and write the whole `T` with the `Aligned A` memory
//! operand. Variables and function parameters holding one are `RestrictPointer`/`Restrict`,
//! the proposal's default aliasing. Needs what raw buffers need: the
//! `PhysicalStorageBufferAddresses` capability and `SPV_KHR_physical_storage_buffer`
//! (`context` then picks the `PhysicalStorageBuffer64` addressing model).

use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Decoration, MemoryAccess, Op, StorageClass, Word};
use types::{LayoutRules, Type, TypeLayout};

use crate::context::Ctx;
use crate::functions::Fx;
use crate::raw_buffer::memory_type;
use crate::{Result, SpirvError};

/// The rules that lay out a buffer pointer's pointee (`hir` picks the default alignment `A`
/// with the same rules).
const POINTEE_RULES: LayoutRules = LayoutRules::RelaxedStd430;

/// Whether a variable of type `ty` holds buffer pointers directly (itself or an array of
/// them), which SPIR-V asks to decorate `RestrictPointer` or `AliasedPointer`.
pub(crate) fn holds_buffer_pointer(ty: &Type) -> bool {
    match ty {
        Type::BufferPointer { .. } => true,
        Type::Array { element, .. } => holds_buffer_pointer(element),
        _ => false,
    }
}

impl Ctx<'_> {
    /// The SPIR-V type of a buffer pointer to `pointee`.
    pub(crate) fn buffer_pointer_type(&mut self, pointee: &Type) -> Result<Word> {
        self.capability(Capability::PhysicalStorageBufferAddresses);
        self.extension("SPV_KHR_physical_storage_buffer");
        let memory = memory_type(pointee);
        self.require_16bit_storage(&memory, StorageClass::PhysicalStorageBuffer);
        let layout = TypeLayout::of(&memory, POINTEE_RULES);
        let t = self.data_type(&memory, Some(&layout), true)?;
        Ok(self.pointer_type(StorageClass::PhysicalStorageBuffer, t))
    }

    /// Marks variable `id` of type `ty` restrict when it holds buffer pointers.
    pub(crate) fn restrict_buffer_pointer_variable(&mut self, id: Word, ty: &Type) {
        if holds_buffer_pointer(ty) {
            self.decorate(id, Decoration::RestrictPointer, &[]);
        }
    }
}

impl Fx<'_, '_> {
    /// The pointer operand of a buffer pointer access: its id, pointee and alignment.
    fn buffer_pointer_operand(&mut self, p: ir::Value) -> Result<(Word, Type, u32)> {
        let Type::BufferPointer { pointee, alignment } = self.type_of(p)? else {
            return Err(SpirvError::invalid(
                "a buffer pointer access through a value that is not a buffer pointer",
            ));
        };
        let id = self.value(p)?;
        Ok((id, (*pointee).clone(), alignment))
    }

    pub(crate) fn lower_buffer_pointer_load(&mut self, d: &ir::InstData) -> Result<Word> {
        let &[p] = &d.operands[..] else {
            return Err(SpirvError::invalid(
                "vk::BufferPointer::Load takes the pointer",
            ));
        };
        let (ptr, pointee, align) = self.buffer_pointer_operand(p)?;
        let memory = memory_type(&pointee);
        let layout = TypeLayout::of(&memory, POINTEE_RULES);
        let memory_ty = self.cx.data_type(&memory, Some(&layout), true)?;
        let loaded = self.op(
            Op::Load,
            memory_ty,
            vec![
                Operand::IdRef(ptr),
                Operand::MemoryAccess(MemoryAccess::ALIGNED),
                Operand::LiteralBit32(align),
            ],
        );
        let plain = self.convert_repr(loaded, &memory, (Some(&layout), true), (None, false))?;
        if memory == pointee {
            return Ok(plain);
        }
        let ty = self.cx.plain_type(&pointee)?;
        Ok(self.op(
            Op::CompositeExtract,
            ty,
            vec![Operand::IdRef(plain), Operand::LiteralBit32(0)],
        ))
    }

    pub(crate) fn lower_buffer_pointer_store(&mut self, d: &ir::InstData) -> Result<()> {
        let &[p, value] = &d.operands[..] else {
            return Err(SpirvError::invalid(
                "vk::BufferPointer::Store takes the pointer and a value",
            ));
        };
        let (ptr, pointee, align) = self.buffer_pointer_operand(p)?;
        let memory = memory_type(&pointee);
        let layout = TypeLayout::of(&memory, POINTEE_RULES);
        let mut v = self.value(value)?;
        if memory != pointee {
            let wrapper = self.cx.plain_type(&memory)?;
            v = self.op(Op::CompositeConstruct, wrapper, vec![Operand::IdRef(v)]);
        }
        let converted = self.convert_repr(v, &memory, (None, false), (Some(&layout), true))?;
        self.op_void(
            Op::Store,
            vec![
                Operand::IdRef(ptr),
                Operand::IdRef(converted),
                Operand::MemoryAccess(MemoryAccess::ALIGNED),
                Operand::LiteralBit32(align),
            ],
        );
        Ok(())
    }
}
