//! Operand rules of the Vulkan-only intrinsics, applied by [`super::typecheck`]:
//! `SubpassInput::SubpassLoad` (a subpass input pointer, then a sample index exactly when it
//! is multisampled; the result is its element), `vk::RawBufferLoad`/`vk::RawBufferStore` (a
//! `uint64_t` address, the stored value, a constant power-of-two `uint` alignment),
//! `vk::BufferPointer::Load`/`Store` (a buffer pointer, the stored value, an access path into
//! the pointee naming the part loaded or stored) and
//! `vk::ext_instruction` (an opcode, a set and one operand kind per operand in `literals`),
//! `vk::ReadClock` (a constant `uint` scope, a `uint64_t` result).

use types::{ResourceType, ScalarKind, Type};

use super::typecheck::pointed_resource;
use super::{FnCheck, Rule};
use crate::inst::InstData;
use crate::intrinsic::{ExtOperand, Intrinsic};
use crate::module::{Block, Inst};

pub(super) fn check_vulkan_intrinsic(
    ck: &mut FnCheck<'_>,
    b: Block,
    i: Inst,
    d: &InstData,
    which: Intrinsic,
    tys: &[Type],
) {
    let fail =
        |ck: &mut FnCheck<'_>, rule: Rule, msg: String| ck.report(rule, Some(b), Some(i), msg);
    match which {
        Intrinsic::SubpassLoad => {
            let Some(ResourceType::SubpassInput {
                multisampled,
                element,
            }) = tys.first().and_then(pointed_resource)
            else {
                let msg = "SubpassLoad reads through a pointer to a subpass input".to_owned();
                return fail(ck, Rule::ResourceOperand, msg);
            };
            let want = if *multisampled { 2 } else { 1 };
            if tys.len() != want {
                let msg = format!("SubpassLoad of this input takes {want} operand(s)");
                return fail(ck, Rule::OperandCount, msg);
            }
            if *multisampled && !tys[1].scalar_kind().is_some_and(|k| k.is_integer()) {
                let msg = format!("the sample index is {}, not an integer", tys[1].ir());
                fail(ck, Rule::ResourceOperand, msg);
            }
            if &d.ty != element {
                let msg = format!("SubpassLoad yields {}, not {}", element.ir(), d.ty.ir());
                fail(ck, Rule::ResultType, msg);
            }
        }
        Intrinsic::RawBufferLoad | Intrinsic::RawBufferStore => {
            let want = if which == Intrinsic::RawBufferLoad {
                2
            } else {
                3
            };
            if tys.len() != want {
                let msg = format!("{} takes {want} operands", which.name());
                return fail(ck, Rule::OperandCount, msg);
            }
            if tys[0] != Type::Scalar(ScalarKind::Uint64) {
                let msg = format!("the address is {}, not uint64_t", tys[0].ir());
                fail(ck, Rule::Operand, msg);
            }
            let align = d.operands[want - 1];
            let constant = ck
                .m
                .const_int(align)
                .filter(|&a| tys[want - 1] == Type::UINT && a > 0 && (a as u64).is_power_of_two());
            if constant.is_none() {
                let msg = "the alignment is not a constant uint power of two".to_owned();
                fail(ck, Rule::Operand, msg);
            }
            if which == Intrinsic::RawBufferStore && !d.ty.is_void() {
                fail(
                    ck,
                    Rule::ResultType,
                    "a raw buffer store has no result".to_owned(),
                );
            }
        }
        Intrinsic::BufferPointerLoad | Intrinsic::BufferPointerStore => {
            let load = which == Intrinsic::BufferPointerLoad;
            let want = if load { 1 } else { 2 };
            if tys.len() < want {
                let msg = format!("{} takes at least {want} operand(s)", which.name());
                return fail(ck, Rule::OperandCount, msg);
            }
            if !matches!(tys[0], Type::BufferPointer { .. }) {
                let msg = format!("the pointer is {}, not a buffer pointer", tys[0].ir());
                return fail(ck, Rule::Operand, msg);
            }
            let path = &d.operands[want..];
            let Some(part) =
                crate::intrinsic::buffer_pointer_part(ck.m, &tys[0], path, &tys[want..])
            else {
                let msg = "the access path does not fit the pointee (constant member indices, \
                           integer element and component indices)"
                    .to_owned();
                return fail(ck, Rule::Operand, msg);
            };
            if load && d.ty != part {
                let msg = format!("the load yields {}, not {}", d.ty.ir(), part.ir());
                fail(ck, Rule::ResultType, msg);
            }
            if !load && tys[1] != part {
                let msg = format!("the stored value is {}, not {}", tys[1].ir(), part.ir());
                fail(ck, Rule::Operand, msg);
            }
            if !load && !d.ty.is_void() {
                let msg = "a buffer pointer store has no result".to_owned();
                fail(ck, Rule::ResultType, msg);
            }
        }
        Intrinsic::ExtInstruction => {
            let kinds = d.literals.get(2..).unwrap_or(&[]);
            if d.literals.len() < 2 || kinds.len() != tys.len() {
                let msg = "vk::ext_instruction needs an opcode, a set and one operand kind per \
                           operand"
                    .to_owned();
                return fail(ck, Rule::OperandCount, msg);
            }
            let set_ok = d.literals[1] == -1
                || usize::try_from(d.literals[1]).is_ok_and(|s| s < ck.m.strings.len());
            if !set_ok {
                let msg = "the instruction set names no string of the module".to_owned();
                fail(ck, Rule::Operand, msg);
            }
            for (k, (&kind, ty)) in kinds.iter().zip(tys).enumerate() {
                let ok = match ExtOperand::from_code(kind) {
                    Some(ExtOperand::Reference) => ty.pointee().is_some(),
                    Some(ExtOperand::Literal) => ck.m.const_int(d.operands[k]).is_some(),
                    Some(ExtOperand::Value) => true,
                    None => false,
                };
                if !ok {
                    let msg = format!("operand {k} does not fit its kind {kind}");
                    fail(ck, Rule::Operand, msg);
                }
            }
        }
        Intrinsic::ReadClock => {
            let scope = d.operands.first().and_then(|&v| ck.m.const_int(v));
            if tys.len() != 1 || tys[0] != Type::UINT || scope.is_none() {
                let msg = "vk::ReadClock takes one constant uint scope".to_owned();
                fail(ck, Rule::Operand, msg);
            }
            if d.ty != Type::Scalar(ScalarKind::Uint64) {
                let msg = format!("vk::ReadClock yields uint64_t, not {}", d.ty.ir());
                fail(ck, Rule::ResultType, msg);
            }
        }
        _ => {}
    }
}
