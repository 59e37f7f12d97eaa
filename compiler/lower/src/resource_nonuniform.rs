//! `NonUniformResourceIndex` across calls: an element of a resource array at a non-uniform
//! index passed to a function (`get(texs[NonUniformResourceIndex(i)], uv)`), or handed
//! back by one (`M make(uint i) { m.t = texs[NonUniformResourceIndex(i)]; return m; }`).
//!
//! The IR seed's `NonUniformIndex` intrinsic marks an index so that the SPIR-V backend
//! decorates the access chain, the loaded handle and the sampled image built from it as
//! `NonUniform`; the backend follows the mark through pure instructions of one function
//! only. DXC inlines every call, so the element's use keeps the caller's mark. Here a copy
//! of a function is made per resource argument (`context::ResourceArg`), so an element at
//! a non-uniform index picks a copy of its own, which marks its incoming index again; an
//! index handed back (a returned index, or a hidden `out int`, `resource_handed`) is marked
//! again by the caller when any `return` of the callee marked it.
//!
//! Called from `func.rs` (parameters), `user_call.rs`, `resource_out.rs` and
//! `resource_structs.rs` (arguments and returns), `resource_handed.rs`.

use crate::func::FnLower;
use ir::{Intrinsic, Opcode, Value};

/// How deep [`FnLower::is_nonuniform_index`] follows pure instructions.
const MAX_DEPTH: u32 = 16;

impl FnLower<'_, '_> {
    /// Whether `index` is marked by `NonUniformIndex`, directly or through pure
    /// instructions (a conversion, arithmetic), as the SPIR-V backend sees it.
    pub(crate) fn is_nonuniform_index(&self, index: Value) -> bool {
        self.marked(index, MAX_DEPTH)
    }

    fn marked(&self, v: Value, depth: u32) -> bool {
        let Value::Inst(i) = v else {
            return false;
        };
        let d = &self.cx.mb.module().functions[self.func].insts[i];
        match d.opcode {
            Opcode::CallIntrinsic(Intrinsic::NonUniformIndex) => true,
            op if op.is_pure() && depth > 0 => {
                d.operands.iter().any(|&o| self.marked(o, depth - 1))
            }
            _ => false,
        }
    }

    /// `index` marked by `NonUniformIndex`.
    pub(crate) fn mark_nonuniform(&mut self, index: Value) -> Value {
        let ty = self.type_of(index);
        self.fb()
            .call_intrinsic(Intrinsic::NonUniformIndex, ty, &[index])
    }

    /// Once the parameters are bound: marks the incoming index of each element the caller
    /// passed at a non-uniform index (`ResourceArg::nonuniform`).
    ///
    /// Binding the parameters made one access chain `access_chain @global, %argN` per
    /// incoming element, their arguments numbered in the order of this copy's resources;
    /// the chains, ordered by argument, pair with the indexed resources in order (their
    /// globals must agree, else nothing is marked).
    pub(crate) fn mark_nonuniform_params(&mut self) {
        let resources = self.indexed_resource_args();
        let indexed: Vec<_> = resources.iter().filter(|r| r.indexed).collect();
        if !indexed.iter().any(|r| r.nonuniform) {
            return;
        }
        let Some(chains) = self.incoming_chains(&indexed) else {
            return;
        };
        for ((n, i, _), r) in chains.into_iter().zip(indexed) {
            if !r.nonuniform {
                continue;
            }
            let marked = self.mark_nonuniform(Value::Arg(n));
            // The mark goes before the chain, at the top of the entry block.
            let f = &mut self.cx.mb.module_mut().functions[self.func];
            if let (Value::Inst(m), Some(&entry)) = (marked, f.layout.first()) {
                if let Some(b) = f.insts[m].block.take() {
                    f.blocks[b].insts.retain(|&x| x != m);
                }
                f.insts[m].block = Some(entry);
                f.blocks[entry].insts.insert(0, m);
            }
            f.insts[i].operands[1] = marked;
        }
    }
}
