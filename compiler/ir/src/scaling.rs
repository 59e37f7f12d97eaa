//! Products the source wrote with a scalar factor (`v * s`, `2.0 * m`, `v *= s`,
//! `mul(s, v)`): the IR multiplies component-wise, so lowering splats the scalar, and marks
//! the `mul` with one literal, the index of the splat operand (dump: `scalar(1)`). A splat the
//! source wrote itself (`float4(2, 2, 2, 2)`, `(float4)2`, `s.xxxx`) leaves the `mul` unmarked.
//! DXC's SPIR-V follows that source form (`OpVectorTimesScalar`/`OpMatrixTimesScalar` for the
//! first, `OpFMul` for the second), so the SPIR-V backend reads the mark rather than guess from
//! the operand's value. Written by `lower` (`FunctionBuilder::scale`), checked by the
//! verifier, read by `spirv`'s `scale.rs`; other consumers treat the `mul` as any other.

use types::Type;

use crate::inst::{InstData, Opcode};
use crate::module::{Function, Module};
use crate::value::{ConstantKind, Value};

/// The scalar a vector or matrix value `v` repeats, when it is a splat: a `composite_construct`
/// whose operands are all one value (a scalar, or itself a splat, for the rows of a matrix), or
/// a composite constant made of one constant.
pub fn splat_scalar(m: &Module, f: &Function, v: Value) -> Option<Value> {
    let first = match v {
        Value::Inst(i) => {
            let d = f.insts.get(i)?;
            if d.opcode != Opcode::CompositeConstruct {
                return None;
            }
            let first = *d.operands.first()?;
            if d.operands.iter().any(|&o| o != first) {
                return None;
            }
            first
        }
        Value::Const(c) => {
            let ConstantKind::Composite(parts) = &m.constants.get(c)?.kind else {
                return None;
            };
            let first = *parts.first()?;
            if parts.iter().any(|&p| p != first) {
                return None;
            }
            Value::Const(first)
        }
        _ => return None,
    };
    match m.value_type(f, first)? {
        Type::Scalar(_) => Some(first),
        Type::Vector(..) | Type::Matrix { .. } => splat_scalar(m, f, first),
        _ => None,
    }
}

/// The operand index a `mul` marks as the source's scalar factor, if it is marked.
pub fn scalar_operand(d: &InstData) -> Option<usize> {
    match (d.opcode, d.literals.as_slice()) {
        (Opcode::Mul, &[i]) => usize::try_from(i).ok(),
        _ => None,
    }
}

/// What is wrong with the mark of a `mul` (`None` when it has none or it holds): one literal,
/// 0 or 1, naming a splat of a scalar.
pub(crate) fn mark_fault(m: &Module, f: &Function, d: &InstData) -> Option<String> {
    if d.opcode != Opcode::Mul || d.literals.is_empty() {
        return None;
    }
    let Some(i) = scalar_operand(d).filter(|&i| i < 2) else {
        return Some(format!(
            "mul marks its scalar factor with one literal, 0 or 1, not {:?}",
            d.literals
        ));
    };
    let splat = d.operands.get(i).copied()?;
    if splat_scalar(m, f, splat).is_none() {
        return Some(format!(
            "operand {i} of mul, marked scalar, is not a splat of a scalar"
        ));
    }
    None
}
