//! Operand rules of the SM 6.4–6.6 intrinsics with an instruction of their own, applied by
//! [`super::typecheck`]: the packed dot products (two `uint` words and an accumulator whose
//! type, `uint` or `int`, is the result's), `IsHelperLane` (no operands, `bool`), `WaveMatch`
//! (a numeric scalar or vector, `uint4`) and `WaveMultiPrefix*` (the value, of the result's
//! type, and a `uint4` mask; integers only for the bitwise ones).

use types::{ScalarKind, Type};

use super::{FnCheck, Rule};
use crate::inst::InstData;
use crate::intrinsic::Intrinsic;
use crate::module::{Block, Inst};

pub(super) fn check_sm6x_intrinsic(
    ck: &mut FnCheck<'_>,
    b: Block,
    i: Inst,
    d: &InstData,
    which: Intrinsic,
    tys: &[Type],
) {
    let fail =
        |ck: &mut FnCheck<'_>, rule: Rule, msg: String| ck.report(rule, Some(b), Some(i), msg);
    let uint4 = Type::Vector(ScalarKind::Uint, 4);
    let numeric = |t: &Type| {
        matches!(t, Type::Scalar(_) | Type::Vector(..))
            && t.scalar_kind().is_some_and(|k| !k.is_bool())
    };
    let name = which.name();
    match which {
        Intrinsic::Dot4AddU8Packed | Intrinsic::Dot4AddI8Packed => {
            let acc = if which == Intrinsic::Dot4AddU8Packed {
                Type::UINT
            } else {
                Type::INT
            };
            if tys.len() != 3 {
                return fail(ck, Rule::OperandCount, format!("{name} takes 3 operands"));
            }
            if tys[0] != Type::UINT || tys[1] != Type::UINT || tys[2] != acc {
                let msg = format!(
                    "{name} takes (uint, uint, {}), not ({}, {}, {})",
                    acc.ir(),
                    tys[0].ir(),
                    tys[1].ir(),
                    tys[2].ir()
                );
                fail(ck, Rule::Operand, msg);
            }
            if d.ty != acc {
                let msg = format!("{name} yields {}, not {}", acc.ir(), d.ty.ir());
                fail(ck, Rule::ResultType, msg);
            }
        }
        Intrinsic::IsHelperLane => {
            if !tys.is_empty() {
                return fail(ck, Rule::OperandCount, format!("{name} takes no operands"));
            }
            if d.ty != Type::BOOL {
                let msg = format!("{name} yields bool, not {}", d.ty.ir());
                fail(ck, Rule::ResultType, msg);
            }
        }
        Intrinsic::WaveMatch => {
            if tys.len() != 1 {
                return fail(ck, Rule::OperandCount, format!("{name} takes 1 operand"));
            }
            if !numeric(&tys[0]) {
                let msg = format!("{name} compares numbers, not {}", tys[0].ir());
                fail(ck, Rule::Operand, msg);
            }
            if d.ty != uint4 {
                let msg = format!("{name} yields uint4, not {}", d.ty.ir());
                fail(ck, Rule::ResultType, msg);
            }
        }
        _ => {
            // WaveMultiPrefix*.
            if tys.len() != 2 {
                return fail(ck, Rule::OperandCount, format!("{name} takes 2 operands"));
            }
            let bitwise = matches!(
                which,
                Intrinsic::WaveMultiPrefixBitAnd
                    | Intrinsic::WaveMultiPrefixBitOr
                    | Intrinsic::WaveMultiPrefixBitXor
            );
            let kind_ok = tys[0].scalar_kind().is_some_and(|k| {
                if bitwise {
                    k.is_integer()
                } else {
                    !k.is_bool()
                }
            });
            if !numeric(&tys[0]) || !kind_ok {
                let msg = format!("{name} does not take {}", tys[0].ir());
                fail(ck, Rule::Operand, msg);
            }
            if tys[1] != uint4 {
                let msg = format!("the mask of {name} is {}, not uint4", tys[1].ir());
                fail(ck, Rule::Operand, msg);
            }
            if d.ty != tys[0] {
                let msg = format!("{name} yields {}, not {}", tys[0].ir(), d.ty.ir());
                fail(ck, Rule::ResultType, msg);
            }
        }
    }
}
