//! A float vector or matrix times a scalar, as DXC emits it: `OpVectorTimesScalar` (a vector,
//! or a matrix with one row or column, which SPIR-V holds as a vector) and
//! `OpMatrixTimesScalar`, the vector or matrix first, whichever side the scalar was written on
//! (`v * s`, `s * v`, `v *= s`, `mul(s, v)`). DXC chooses these from the AST, where the scalar
//! is an implicit splat; lowering marks such a `mul` with its splat operand
//! ([`ir::scaling`]), a `composite_construct` of one scalar value repeated (or a constant
//! whose components are all one constant), and [`scaling`] reads that mark. A vector the
//! source wrote out (`v * float4(2, 2, 2, 2)`, `v * (float4)2`, `v * s.xxxx`) leaves the `mul`
//! unmarked, an `OpFMul` as in DXC, whatever its value. Integer products keep the splat and
//! `OpIMul`, as in DXC, and so do one-component results (`float1`, `float1x1`: a scalar
//! `OpFMul`); lowering marks neither.
//!
//! A splat that only feeds such products is not emitted at all ([`elided_splats`], computed
//! once per function by `functions`); `instructions` calls [`Fx::lower_scaling`].

use std::collections::{HashMap, HashSet};

use rspirv::spirv::{Decoration, Op, Word};
use types::Type;

use crate::functions::Fx;
use crate::Result;

/// For a `mul` DXC emits as a vector or matrix times a scalar (marked so by lowering): the
/// index of the vector or matrix operand and the scalar the other operand splats.
pub(crate) fn scaling(
    m: &ir::Module,
    f: &ir::Function,
    d: &ir::InstData,
) -> Option<(usize, ir::Value)> {
    if d.opcode != ir::Opcode::Mul || d.operands.len() != 2 {
        return None;
    }
    let splat = ir::scaling::scalar_operand(d).filter(|&i| i < 2)?;
    let scalar = ir::scaling::splat_scalar(m, f, d.operands[splat])?;
    Some((1 - splat, scalar))
}

/// The splat `composite_construct`s of `f` whose every use is a scaling `mul` (as its scalar
/// side) or another such splat (the rows of a matrix splat): nothing reads them once the
/// products take the scalar, so `functions` does not emit them.
pub(crate) fn elided_splats(m: &ir::Module, f: &ir::Function) -> HashSet<ir::Inst> {
    let placed = || {
        f.layout
            .iter()
            .filter_map(|&b| f.blocks.get(b))
            .flat_map(|b| b.insts.iter().copied())
    };
    let mut candidates: HashSet<ir::Inst> = placed()
        .filter(|&i| ir::scaling::splat_scalar(m, f, ir::Value::Inst(i)).is_some())
        .collect();
    if candidates.is_empty() {
        return candidates;
    }
    // Every use of a candidate: the user and whether it takes the candidate as a scalar.
    let mut uses: HashMap<ir::Inst, Vec<(ir::Inst, bool)>> = HashMap::new();
    for user in placed() {
        let Some(d) = f.insts.get(user) else { continue };
        let scaled = scaling(m, f, d).map(|(vector, _)| 1 - vector);
        for (n, &o) in d.operands.iter().enumerate() {
            if let ir::Value::Inst(used) = o {
                if candidates.contains(&used) {
                    let as_scalar = scaled == Some(n) && d.operands[1 - n] != o;
                    uses.entry(used).or_default().push((user, as_scalar));
                }
            }
        }
    }
    loop {
        let kept: Vec<ir::Inst> = candidates
            .iter()
            .copied()
            .filter(|i| {
                let Some(us) = uses.get(i) else {
                    // Unused: emitted as before (there is nothing to save).
                    return true;
                };
                us.iter()
                    .any(|&(user, as_scalar)| !as_scalar && !candidates.contains(&user))
            })
            .collect();
        if kept.is_empty() {
            return candidates;
        }
        for i in kept {
            candidates.remove(&i);
        }
    }
}

impl Fx<'_, '_> {
    /// `OpVectorTimesScalar` or `OpMatrixTimesScalar` for a `mul` that [`scaling`] chose:
    /// `vector` is the index of the vector or matrix operand, `scalar` the splatted value.
    pub(crate) fn lower_scaling(
        &mut self,
        d: &ir::InstData,
        vector: usize,
        scalar: ir::Value,
    ) -> Result<Word> {
        let v = self.value(d.operands[vector])?;
        let s = self.value(scalar)?;
        let op = match d.ty {
            Type::Matrix { .. } if d.ty.one_row_or_column().is_none() => Op::MatrixTimesScalar,
            _ => Op::VectorTimesScalar,
        };
        let t = self.cx.plain_type(&d.ty)?;
        let id = self.op(op, t, Self::ids(&[v, s]));
        if d.precise {
            self.cx.decorate(id, Decoration::NoContraction, &[]);
        }
        Ok(id)
    }
}
