//! Functions returning an array of resources (`typedef Texture2D TA[2]; TA pick() { return
//! gTex; }`), which DXC accepts and legalizes once it has inlined the call.
//!
//! Resources have no memory in a function (`resource_structs`), so such a function returns
//! nothing in the IR: it is handled as one returning a struct whose only member is the array
//! (a [`Split`] without data whose member is [`Member::ResourceArray`], told apart by its
//! member name, which no HLSL member can have). Each `return` records the resource every
//! element holds (a global, a constant element of one, or an element at a run-time index
//! whose index goes back through a hidden `out int`, `resource_handed`); the `return`s must
//! agree, as for a returned struct (`resource_returns`). The caller binds a temporary to what
//! the callee returned and sees the call as a local array of resource slots
//! (`resource_structs::Denoted::Array`), so `pick()[1]`, `pick()[i]`, `TA l = pick();` and
//! passing the result on to an array parameter lower as for a local array.
//!
//! `context.rs` declares the function with [`returned_split`]; `resource_returns` records the
//! `return`s through [`FnLower::array_bindings`]; `resource_structs::call_result` binds the
//! caller's temporary.

use hir::body::ExprId;
use ir::Value;
use types::Type;

use crate::context::R;
use crate::func::FnLower;
use crate::resource_structs::{Binding, Denoted, Member, Split};

/// The member name of the split standing for a returned array: no HLSL member is named so.
const ARRAY_MEMBER: &str = "[]";

/// How a function returning `ty` hands back its resources when `ty` is an array of
/// resources: as a struct whose only member is that array.
pub(crate) fn returned_split(ty: &Type) -> Option<Split> {
    let n = crate::resource_array_args::resource_array_len(ty)?;
    Some(Split {
        data: None,
        members: vec![Member::ResourceArray(n)],
        names: vec![ARRAY_MEMBER.to_owned()],
        is_array: false,
    })
}

/// The length of the returned array `split` stands for (see [`returned_split`]); `None` for
/// the split of a struct.
pub(crate) fn returned_array_len(split: &Split) -> Option<u32> {
    match (&split.members[..], &split.names[..]) {
        ([Member::ResourceArray(n)], [name]) if name == ARRAY_MEMBER => Some(*n),
        _ => None,
    }
}

impl FnLower<'_, '_> {
    /// What each element of the array of `n` resources `e` holds: the slots of a local array
    /// (a parameter, a call's result, a `static` array), or the elements of a global array
    /// or of a row of one (`None` for an element never assigned).
    pub(crate) fn array_bindings(&mut self, e: ExprId, n: u32) -> R<Vec<Option<Binding>>> {
        match self.denote(e) {
            Some(Ok(Denoted::Array(l, path, len))) if len == n => Ok((0..n)
                .map(|k| {
                    let mut slot = path.clone();
                    slot.push(k);
                    self.res.slots.get(&(l, slot)).copied()
                })
                .collect()),
            Some(Err(u)) => Err(u),
            Some(Ok(_)) => Err(self.unsupported("this array of resources", e)),
            None => {
                let whole = self.resource_pointer(e)?;
                let mut elements = Vec::new();
                for k in 0..n {
                    elements.push(Some(Binding::Bound(self.element_pointer(whole, k))));
                }
                Ok(elements)
            }
        }
    }

    /// Element `k` of resource array `whole` (a global, or a row of a global array of
    /// arrays): an element of a global is the one chain made at the top of the function
    /// (`resource_statics::static_pointer`), so that it names a known resource.
    fn element_pointer(&mut self, whole: Value, k: u32) -> Value {
        if let Value::Global(g) = whole {
            return self.static_pointer((g, Some(i64::from(k))));
        }
        let k = self.fb().int(k as i32);
        self.fb().access_chain(whole, &[k])
    }

    /// The element of a global array of arrays `p` is when it is `g[r][k]` at constant
    /// indices (a chain into the chain of a row): named by its row-major position, as
    /// `resource_rows` names the elements of arrays of arrays.
    pub(crate) fn row_element_of(
        &self,
        p: Value,
    ) -> Option<crate::resource_statics::StaticResource> {
        let module = self.cx.mb.module();
        let insts = &module.functions[self.func].insts;
        let Value::Inst(i) = p else { return None };
        let (ir::Opcode::AccessChain, [Value::Inst(row), k]) =
            (insts[i].opcode, &insts[i].operands[..])
        else {
            return None;
        };
        let (ir::Opcode::AccessChain, [Value::Global(g), row_indices @ ..]) =
            (insts[*row].opcode, &insts[*row].operands[..])
        else {
            return None;
        };
        let mut indices = Vec::new();
        for v in row_indices.iter().chain([k]) {
            let Value::Const(c) = v else { return None };
            let ir::ConstantKind::Scalar(bits) = module.constants[*c].kind else {
                return None;
            };
            indices.push(i64::from(bits as u32 as i32));
        }
        let dims = self.cx.global_dims(*g);
        crate::resource_rows::flat_position(&dims, &indices).map(|k| (*g, Some(k)))
    }

    /// The global array of arrays, row index and element `p` is, when it is `g[r][k]` with
    /// a run-time `r` and a constant `k`.
    pub(crate) fn indexed_row_element_of(&self, p: Value) -> Option<(ir::Global, Value, i64)> {
        let Value::Inst(i) = p else { return None };
        let insts = &self.cx.mb.module().functions[self.func].insts;
        let (ir::Opcode::AccessChain, [Value::Inst(row), Value::Const(k)]) =
            (insts[i].opcode, &insts[i].operands[..])
        else {
            return None;
        };
        let d = &insts[*row];
        let (ir::Opcode::AccessChain, [Value::Global(g), index]) = (d.opcode, &d.operands[..])
        else {
            return None;
        };
        if matches!(index, Value::Const(_)) {
            return None;
        }
        let ir::ConstantKind::Scalar(bits) = self.cx.mb.module().constants[*k].kind else {
            return None;
        };
        Some((*g, *index, i64::from(bits as u32 as i32)))
    }
}
