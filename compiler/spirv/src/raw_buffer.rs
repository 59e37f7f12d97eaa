//! `vk::RawBufferLoad` / `vk::RawBufferStore` (DXC's `docs/SPIR-V.rst`, "RawBufferLoad and
//! RawBufferStore"): the 64-bit address is `OpBitcast` to a `PhysicalStorageBuffer` pointer
//! to the value's type, read or written with the `Aligned` memory operand. The pointee has an
//! explicit layout, the scalar one (the intrinsics move `sizeof(T)` bytes, as DXC lays them
//! out), and stores `bool` as `uint`; 16-bit values need `StorageBuffer16BitAccess`, which
//! covers this storage class. Using either needs the `PhysicalStorageBufferAddresses`
//! capability, `SPV_KHR_physical_storage_buffer` (core in SPIR-V 1.5, still declared as DXC
//! does) and the `PhysicalStorageBuffer64` addressing model, which `context` picks when the
//! capability is present. A matrix travels inside a one-member struct that carries its
//! stride and majorness.

use rspirv::dr::Operand;
use rspirv::spirv::{Capability, MemoryAccess, Op, StorageClass, Word};
use types::{LayoutRules, StructField, StructType, Type, TypeLayout};

use crate::functions::Fx;
use crate::{Result, SpirvError};

/// Whether any function of `module` reads or writes a raw buffer.
pub(crate) fn uses_raw_buffers(module: &ir::Module) -> bool {
    module.functions.iter().any(|(_, f)| {
        f.insts.iter().any(|(_, d)| {
            matches!(
                d.opcode,
                ir::Opcode::CallIntrinsic(
                    ir::Intrinsic::RawBufferLoad | ir::Intrinsic::RawBufferStore
                )
            )
        })
    })
}

impl Fx<'_, '_> {
    /// The alignment operand: a constant power of two (lowering checked it).
    fn raw_alignment(&self, v: ir::Value) -> Result<u32> {
        match self.cx.m.const_int(v) {
            Some(a) if a > 0 && (a as u64).is_power_of_two() && a <= i64::from(u32::MAX) => {
                Ok(a as u32)
            }
            _ => Err(SpirvError::invalid(
                "the alignment of a raw buffer access is not a constant power of two",
            )),
        }
    }

    /// The `PhysicalStorageBuffer` pointer to the memory form of `ty` at `address` (see
    /// [`memory_type`]), with the scalar layout: the pointer, the pointee type and layout.
    fn raw_pointer(
        &mut self,
        address: ir::Value,
        memory: &Type,
    ) -> Result<(Word, Word, TypeLayout)> {
        self.cx
            .capability(Capability::PhysicalStorageBufferAddresses);
        self.cx.extension("SPV_KHR_physical_storage_buffer");
        self.cx
            .require_16bit_storage(memory, StorageClass::PhysicalStorageBuffer);
        let layout = TypeLayout::of(memory, LayoutRules::Scalar);
        let pointee = self.cx.data_type(memory, Some(&layout), true)?;
        let ptr_ty = self
            .cx
            .pointer_type(StorageClass::PhysicalStorageBuffer, pointee);
        let a = self.value(address)?;
        let ptr = self.op(Op::Bitcast, ptr_ty, vec![Operand::IdRef(a)]);
        Ok((ptr, pointee, layout))
    }

    pub(crate) fn lower_raw_buffer_load(&mut self, d: &ir::InstData) -> Result<Word> {
        let &[address, alignment] = &d.operands[..] else {
            return Err(SpirvError::invalid(
                "vk::RawBufferLoad takes an address and an alignment",
            ));
        };
        let align = self.raw_alignment(alignment)?;
        let memory = memory_type(&d.ty);
        let (ptr, pointee, layout) = self.raw_pointer(address, &memory)?;
        let loaded = self.op(
            Op::Load,
            pointee,
            vec![
                Operand::IdRef(ptr),
                Operand::MemoryAccess(MemoryAccess::ALIGNED),
                Operand::LiteralBit32(align),
            ],
        );
        self.plain_from_memory(loaded, &memory, &layout, &d.ty)
    }

    /// `loaded`, a value of `memory` laid out by `layout` in physical storage, as a plain value
    /// of `ty`: a whole matrix (which `memory_type` wraps in a one-member struct) unwrapped.
    pub(crate) fn plain_from_memory(
        &mut self,
        loaded: Word,
        memory: &Type,
        layout: &TypeLayout,
        ty: &Type,
    ) -> Result<Word> {
        let plain = self.convert_repr(loaded, memory, (Some(layout), true), (None, false))?;
        if memory == ty {
            return Ok(plain);
        }
        let plain_ty = self.cx.plain_type(ty)?;
        Ok(self.op(
            Op::CompositeExtract,
            plain_ty,
            vec![Operand::IdRef(plain), Operand::LiteralBit32(0)],
        ))
    }

    pub(crate) fn lower_raw_buffer_store(&mut self, d: &ir::InstData) -> Result<()> {
        let &[address, value, alignment] = &d.operands[..] else {
            return Err(SpirvError::invalid(
                "vk::RawBufferStore takes an address, a value and an alignment",
            ));
        };
        let align = self.raw_alignment(alignment)?;
        let ty = self.type_of(value)?;
        let memory = memory_type(&ty);
        let (ptr, _, layout) = self.raw_pointer(address, &memory)?;
        let mut v = self.value(value)?;
        if memory != ty {
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

/// How a value of type `ty` sits in physical storage: as itself, except that a matrix of more
/// than one row and column is wrapped in a one-member struct, since its `MatrixStride` and
/// majorness are member decorations (the bytes are the same: the member is at offset 0). A
/// matrix of one row or column is a vector in SPIR-V (a `1x1` a scalar), with no stride to
/// decorate: pointed at directly, as DXC points at it.
pub(crate) fn memory_type(ty: &Type) -> Type {
    if !matches!(ty, Type::Matrix { rows, cols, .. } if *rows > 1 && *cols > 1) {
        return ty.clone();
    }
    Type::structure(StructType {
        name: "RawBufferMatrix".to_owned(),
        fields: vec![StructField::new("m", ty.clone())],
    })
}
