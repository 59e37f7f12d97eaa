//! 64-bit atomics on byte-address buffers (`atomic_rmw op, buffer, byte_offset, value :
//! uint64_t`).
//!
//! A byte-address buffer is a block of 32-bit words in SPIR-V, and an atomic needs a pointer
//! to a 64-bit integer. So the backend declares a second view of the buffer: a variable whose
//! block holds a runtime array of `ulong` (stride 8), decorated with the same set and binding
//! (Vulkan lets variables of one descriptor alias). For a descriptor-heap or bindless element
//! (`access_chain @array, i`) the view is an array of such blocks and the chain repeats the
//! element index. The atomic then reaches `view[i].data[offset >> 3]`. `texture.rs`'s
//! `lower_atomic` calls [`Fx::byte_address_u64_pointer`].

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, Word};
use types::{LayoutRules, Type, TypeLayout};

use crate::functions::Fx;
use crate::types::BlockKind;
use crate::{Result, SpirvError};

impl Fx<'_, '_> {
    /// The pointer to the 64-bit word at byte offset `offset` of byte-address buffer
    /// `buffer` (the global or an element of an array of them), of scalar type `word` (a
    /// 64-bit integer).
    pub(crate) fn byte_address_u64_pointer(
        &mut self,
        buffer: ir::Value,
        offset: ir::Value,
        word: &Type,
    ) -> Result<Word> {
        let (global, element) = match buffer {
            ir::Value::Global(g) => (g, None),
            ir::Value::Inst(i) => match self.f.insts.get(i) {
                Some(d)
                    if d.opcode == ir::Opcode::AccessChain
                        && d.operands.len() == 2
                        && matches!(d.operands[0], ir::Value::Global(_)) =>
                {
                    let ir::Value::Global(g) = d.operands[0] else {
                        unreachable!("matched above")
                    };
                    (g, Some(d.operands[1]))
                }
                _ => {
                    return Err(SpirvError::unsupported(
                        "a 64-bit atomic on a byte-address buffer reached through this pointer",
                    ))
                }
            },
            _ => return Err(SpirvError::invalid("a 64-bit atomic on a non-buffer")),
        };
        let nonuniform = self.ptr_info(buffer)?.nonuniform;
        // Marks the buffer used, so the entry point's interface lists its view.
        self.value(ir::Value::Global(global))?;
        let view = self.u64_view(global, word)?;
        let class = self.cx.storage_buffer_class();
        let uint = self.cx.plain_type(&Type::UINT)?;
        let off = self.value(offset)?;
        let three = self.cx.const_uint(3);
        let index = self.op(
            Op::ShiftRightLogical,
            uint,
            vec![Operand::IdRef(off), Operand::IdRef(three)],
        );
        let mut chain = vec![Operand::IdRef(view)];
        if let Some(e) = element {
            chain.push(Operand::IdRef(self.value(e)?));
        }
        chain.push(Operand::IdRef(self.cx.const_uint(0)));
        chain.push(Operand::IdRef(index));
        let scalar = self.cx.plain_type(word)?;
        let pt = self.cx.pointer_type(class, scalar);
        let id = self.op(Op::AccessChain, pt, chain);
        if nonuniform {
            self.nonuniform_decorate(id);
        }
        Ok(id)
    }

    /// The 64-bit view of byte-address buffer global `g`, declared on first use.
    fn u64_view(&mut self, g: ir::Global, word: &Type) -> Result<Word> {
        if let Some(&id) = self.cx.u64_views.get(&g.index()) {
            return Ok(id);
        }
        let gv = &self.cx.m.globals[g];
        let (name, set, binding, ty) = (
            format!("{}.u64", gv.name),
            gv.set.unwrap_or(0),
            gv.binding.unwrap_or(0),
            gv.ty.clone(),
        );
        let content = Type::unsized_array(word.clone());
        let layout = TypeLayout::of(&content, LayoutRules::RelaxedStd430);
        let block = self.cx.block_type(
            &content,
            Some(&layout),
            BlockKind::Storage { read_only: false },
            "type.RWByteAddressBuffer.u64",
        )?;
        let pointee = match ty {
            // An array of buffers (a heap or a bindless array): as many views.
            Type::Array { len, .. } => self.cx.array_type(block, len, None),
            _ => block,
        };
        let class = self.cx.storage_buffer_class();
        let pt = self.cx.pointer_type(class, pointee);
        let id = self
            .cx
            .global_inst(Op::Variable, Some(pt), vec![Operand::StorageClass(class)]);
        self.cx.name(id, &name);
        self.cx
            .decorate(id, Decoration::DescriptorSet, &[Operand::LiteralBit32(set)]);
        self.cx
            .decorate(id, Decoration::Binding, &[Operand::LiteralBit32(binding)]);
        self.cx.u64_views.insert(g.index(), id);
        Ok(id)
    }
}
