//! SM 6.4–6.6 intrinsics with SPIR-V instructions of their own, as DXC maps them: the packed
//! dot products (`OpUDot`/`OpSDot` on `PackedVectorFormat4x8Bit` words, then `OpIAdd` of the
//! accumulator; `SPV_KHR_integer_dot_product` below SPIR-V 1.6, where it is core),
//! `IsHelperLane` (`OpIsHelperInvocationEXT` through `SPV_EXT_demote_to_helper_invocation`
//! below Vulkan 1.3, a `Volatile` read of the `HelperInvocation` built-in from it on; `false`
//! outside pixel shaders, which have no helper lanes), and `WaveMatch` /
//! `WaveMultiPrefix*` through `SPV_NV_shader_subgroup_partitioned`
//! (`OpGroupNonUniformPartitionNV`, and the group operations with
//! `PartitionedExclusiveScanNV`; Vulkan 1.1 or later, like every wave operation). Called by
//! `intrinsics` for the intrinsics `ir::Intrinsic::is_sm6x` names.

use rspirv::dr::Operand;
use rspirv::spirv::{
    BuiltIn, Capability, Decoration, GroupOperation, MemoryAccess, Op, PackedVectorFormat, Scope,
    Word,
};

use crate::functions::Fx;
use crate::{Result, SpirvError};

impl Fx<'_, '_> {
    pub(crate) fn lower_sm6x(&mut self, intr: ir::Intrinsic, d: &ir::InstData) -> Result<Word> {
        use ir::Intrinsic as I;
        let args = self.values(&d.operands)?;
        let need = |n: usize| crate::intrinsics::operand_count(intr, args.len(), n);
        match intr {
            I::Dot4AddU8Packed | I::Dot4AddI8Packed => {
                need(3)?;
                if !self.cx.at_least(1, 6) {
                    self.cx.extension("SPV_KHR_integer_dot_product");
                }
                self.cx.capability(Capability::DotProduct);
                self.cx.capability(Capability::DotProductInput4x8BitPacked);
                let t = self.cx.plain_type(&d.ty)?;
                let op = if intr == I::Dot4AddU8Packed {
                    Op::UDot
                } else {
                    Op::SDot
                };
                let dot = self.op(
                    op,
                    t,
                    vec![
                        Operand::IdRef(args[0]),
                        Operand::IdRef(args[1]),
                        Operand::PackedVectorFormat(PackedVectorFormat::PackedVectorFormat4x8Bit),
                    ],
                );
                Ok(self.op(Op::IAdd, t, Self::ids(&[dot, args[2]])))
            }
            I::IsHelperLane => {
                need(0)?;
                let b = self.cx.bool_type();
                if self.stages.iter().any(|s| *s != ir::Stage::Pixel) {
                    return Ok(self.cx.const_bool(false));
                }
                if self.cx.at_least(1, 6) {
                    // SPIR-V 1.6 makes the value change as lanes demote: the variable is
                    // `Volatile` (decorated when it is made), or under the Vulkan memory
                    // model, which bans that decoration, each load is.
                    let vmm = self.cx.opts.vulkan_memory_model;
                    let made = self
                        .cx
                        .builtin_vars
                        .contains_key(&(BuiltIn::HelperInvocation as u32));
                    let var = self.cx.builtin_input(BuiltIn::HelperInvocation, b);
                    if !made && !vmm {
                        self.cx.decorate(var, Decoration::Volatile, &[]);
                    }
                    self.cx.func_uses[self.fidx].builtins.insert(var);
                    let mut operands = vec![Operand::IdRef(var)];
                    if vmm {
                        operands.push(Operand::MemoryAccess(MemoryAccess::VOLATILE));
                    }
                    Ok(self.op(Op::Load, b, operands))
                } else {
                    self.cx.extension("SPV_EXT_demote_to_helper_invocation");
                    self.cx.capability(Capability::DemoteToHelperInvocation);
                    Ok(self.op(Op::IsHelperInvocationEXT, b, vec![]))
                }
            }
            I::WaveMatch => {
                need(1)?;
                self.require_partitioned(intr)?;
                let t = self.cx.plain_type(&d.ty)?;
                Ok(self.op(
                    Op::GroupNonUniformPartitionNV,
                    t,
                    vec![Operand::IdRef(args[0])],
                ))
            }
            _ => {
                need(2)?;
                self.require_partitioned(intr)?;
                let kind = d.ty.scalar_kind();
                let float = kind.is_some_and(|k| k.is_float());
                let op = match intr {
                    I::WaveMultiPrefixSum if float => Op::GroupNonUniformFAdd,
                    I::WaveMultiPrefixSum => Op::GroupNonUniformIAdd,
                    I::WaveMultiPrefixProduct if float => Op::GroupNonUniformFMul,
                    I::WaveMultiPrefixProduct => Op::GroupNonUniformIMul,
                    I::WaveMultiPrefixBitAnd => Op::GroupNonUniformBitwiseAnd,
                    I::WaveMultiPrefixBitOr => Op::GroupNonUniformBitwiseOr,
                    I::WaveMultiPrefixBitXor => Op::GroupNonUniformBitwiseXor,
                    _ => return Err(SpirvError::invalid(format!("{} here", intr.name()))),
                };
                let t = self.cx.plain_type(&d.ty)?;
                let scope = self.cx.const_uint(Scope::Subgroup as u32);
                Ok(self.op(
                    op,
                    t,
                    vec![
                        Operand::IdScope(scope),
                        Operand::GroupOperation(GroupOperation::PartitionedExclusiveScanNV),
                        Operand::IdRef(args[0]),
                        Operand::IdRef(args[1]),
                    ],
                ))
            }
        }
    }

    /// Vulkan 1.1 and `SPV_NV_shader_subgroup_partitioned`.
    fn require_partitioned(&mut self, intr: ir::Intrinsic) -> Result<()> {
        self.require_waves(intr.name(), Capability::GroupNonUniformPartitionedNV)?;
        self.cx.extension("SPV_NV_shader_subgroup_partitioned");
        Ok(())
    }
}
