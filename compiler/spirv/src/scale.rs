//! A float vector or matrix times a scalar, as DXC emits it: `OpVectorTimesScalar` (a vector,
//! or a matrix with one row or column, which SPIR-V holds as a vector) and
//! `OpMatrixTimesScalar`, the vector or matrix first, whichever side the scalar was written on
//! (`v * s`, `s * v`, `v *= s`, `mul(s, v)`). DXC chooses these from the AST, where the scalar
//! is an implicit splat; the IR holds that splat as a `composite_construct` of one scalar value
//! repeated (or a constant whose components are all one constant), which is what
//! [`scaling`] looks for. Integer products keep the splat and `OpIMul`, as in DXC, and so do
//! one-component results (`float1`, `float1x1`: a scalar `OpFMul`).
//!
//! A splat that only feeds such products is not emitted at all ([`elided_splats`], computed
//! once per function by `functions`); `instructions` calls [`Fx::lower_scaling`].
//!
//! An explicit `float4(s, s, s, s)` of one loaded value reads `s` four times, so it is no splat
//! here; a constant vector whose components are all equal is (DXC emits `OpFMul` with the
//! constant composite when it was written out as a vector, which the IR no longer tells apart).

use std::collections::{HashMap, HashSet};

use rspirv::spirv::{Decoration, Op, Word};
use types::Type;

use crate::functions::Fx;
use crate::Result;

/// The scalar a vector or matrix value `v` repeats, when it is a splat: a `composite_construct`
/// whose operands are all one value (a scalar, or itself a splat, for the rows of a matrix), or
/// a composite constant made of one constant.
fn splat_scalar(m: &ir::Module, f: &ir::Function, v: ir::Value) -> Option<ir::Value> {
    let first = match v {
        ir::Value::Inst(i) => {
            let d = f.insts.get(i)?;
            if d.opcode != ir::Opcode::CompositeConstruct {
                return None;
            }
            let first = *d.operands.first()?;
            if d.operands.iter().any(|&o| o != first) {
                return None;
            }
            first
        }
        ir::Value::Const(c) => {
            let ir::ConstantKind::Composite(parts) = &m.constants.get(c)?.kind else {
                return None;
            };
            let first = *parts.first()?;
            if parts.iter().any(|&p| p != first) {
                return None;
            }
            ir::Value::Const(first)
        }
        _ => return None,
    };
    match m.value_type(f, first)? {
        Type::Scalar(_) => Some(first),
        Type::Vector(..) | Type::Matrix { .. } => splat_scalar(m, f, first),
        _ => None,
    }
}

/// For a `mul` DXC emits as a vector or matrix times a scalar: the index of the vector or
/// matrix operand and the scalar the other operand splats. The result must be a float vector
/// of two or more components or a float matrix other than `1x1`.
pub(crate) fn scaling(
    m: &ir::Module,
    f: &ir::Function,
    d: &ir::InstData,
) -> Option<(usize, ir::Value)> {
    if d.opcode != ir::Opcode::Mul || d.operands.len() != 2 {
        return None;
    }
    let wide = match d.ty {
        Type::Vector(k, n) => k.is_float() && n > 1,
        Type::Matrix {
            scalar, rows, cols, ..
        } => scalar.is_float() && u16::from(rows) * u16::from(cols) > 1,
        _ => false,
    };
    if !wide {
        return None;
    }
    // DXC looks for the splat on the right first (`v * s`), then on the left (`s * v`).
    [1, 0].into_iter().find_map(|splat| {
        let other = d.operands[1 - splat];
        (m.value_type(f, other)? == d.ty)
            .then(|| splat_scalar(m, f, d.operands[splat]))
            .flatten()
            .map(|s| (1 - splat, s))
    })
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
        .filter(|&i| splat_scalar(m, f, ir::Value::Inst(i)).is_some())
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
