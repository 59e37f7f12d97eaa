//! Operand and result type rules of every opcode, applied by the verifier to instructions
//! whose operands are all valid values.

use types::{AddressSpace, ResourceType, ScalarKind, Type};

use super::{composite_parts, FnCheck, Rule};
use crate::inst::{InstData, Opcode};
use crate::module::{Block, Inst};
use crate::typing;

/// Total scalar components of a scalar or vector.
pub(super) fn scalar_or_vector_len(ty: &Type) -> Option<(ScalarKind, u32)> {
    match ty {
        Type::Scalar(k) => Some((*k, 1)),
        Type::Vector(k, n) => Some((*k, u32::from(*n))),
        _ => None,
    }
}

/// The resource behind a pointer (to a resource, not to an array of them).
pub(super) fn pointed_resource(ty: &Type) -> Option<&ResourceType> {
    ty.pointee().and_then(|(_, t)| t.as_resource())
}

fn texture_of(ty: &Type) -> Option<(types::TextureDim, &Type)> {
    match pointed_resource(ty)? {
        ResourceType::Texture { dim, sample, .. } => Some((*dim, sample)),
        _ => None,
    }
}

/// `1 operand`, `2 operands`, `1 to 2 operands`, `at least 1 operand`.
pub(super) fn describe_count(range: &std::ops::RangeInclusive<usize>) -> String {
    let (lo, hi) = (*range.start(), *range.end());
    let noun = |n: usize| if n == 1 { "operand" } else { "operands" };
    if hi == usize::MAX {
        format!("at least {lo} {}", noun(lo))
    } else if lo == hi {
        format!("{lo} {}", noun(lo))
    } else {
        format!("{lo} to {hi} {}", noun(hi))
    }
}

pub(super) fn check_inst(ck: &mut FnCheck<'_>, b: Block, i: Inst, d: &InstData) {
    let tys: Vec<Type> = d
        .operands
        .iter()
        .map(|&v| ck.value_type(v).unwrap_or(Type::Void))
        .collect();
    let fail =
        |ck: &mut FnCheck<'_>, rule: Rule, msg: String| ck.report(rule, Some(b), Some(i), msg);
    let count = |ck: &mut FnCheck<'_>, range: std::ops::RangeInclusive<usize>| -> bool {
        if range.contains(&d.operands.len()) {
            return true;
        }
        let msg = format!(
            "{} takes {}, not {}",
            d.opcode.name(),
            describe_count(&range),
            d.operands.len()
        );
        ck.report(Rule::OperandCount, Some(b), Some(i), msg);
        false
    };
    let needs_void = |ck: &mut FnCheck<'_>| {
        if !d.ty.is_void() {
            let msg = format!(
                "{} has no result, but the type is {}",
                d.opcode.name(),
                d.ty.ir()
            );
            ck.report(Rule::ResultType, Some(b), Some(i), msg);
        }
    };
    let needs_no_blocks = |ck: &mut FnCheck<'_>| {
        if !d.blocks.is_empty() && !matches!(d.opcode, Opcode::Phi) && !d.opcode.is_terminator() {
            let msg = format!("{} takes no block operands", d.opcode.name());
            ck.report(Rule::OperandCount, Some(b), Some(i), msg);
        }
    };
    needs_no_blocks(ck);

    let op = d.opcode;
    match op {
        _ if op.is_unary_arithmetic() => {
            if !count(ck, 1..=1) {
                return;
            }
            let ok_kind = |k: ScalarKind| match op {
                Opcode::Neg => !k.is_bool(),
                Opcode::BitNot => k.is_integer(),
                _ => k.is_bool(),
            };
            if tys[0] != d.ty {
                fail(
                    ck,
                    Rule::ArithmeticType,
                    format!("operand has type {}, expected {}", tys[0].ir(), d.ty.ir()),
                );
            } else if !d.ty.scalar_kind().is_some_and(ok_kind) {
                fail(
                    ck,
                    Rule::ArithmeticType,
                    format!("{} does not apply to {}", op.name(), d.ty.ir()),
                );
            }
        }
        _ if op.is_binary_arithmetic() => {
            if !count(ck, 2..=2) {
                return;
            }
            let ok_kind = |k: ScalarKind| match op {
                Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Div | Opcode::Rem => !k.is_bool(),
                Opcode::LogicalAnd | Opcode::LogicalOr => k.is_bool(),
                _ => k.is_integer(),
            };
            if tys[0] != d.ty {
                fail(
                    ck,
                    Rule::ArithmeticType,
                    format!("operand 0 has type {}, expected {}", tys[0].ir(), d.ty.ir()),
                );
                return;
            }
            let is_shift = matches!(op, Opcode::Shl | Opcode::Shr);
            let rhs_ok = if is_shift {
                tys[1].scalar_kind().is_some_and(ScalarKind::is_integer)
                    && d.ty.with_scalar_kind(ScalarKind::Bool)
                        == tys[1].with_scalar_kind(ScalarKind::Bool)
            } else {
                tys[1] == d.ty
            };
            if !rhs_ok {
                fail(
                    ck,
                    Rule::ArithmeticType,
                    format!("operand 1 has type {}, expected {}", tys[1].ir(), d.ty.ir()),
                );
            } else if !d.ty.scalar_kind().is_some_and(ok_kind) {
                fail(
                    ck,
                    Rule::ArithmeticType,
                    format!("{} does not apply to {}", op.name(), d.ty.ir()),
                );
            }
        }
        _ if op.is_comparison() => {
            if !count(ck, 2..=2) {
                return;
            }
            if tys[0] != tys[1] {
                let msg = format!("operands have types {} and {}", tys[0].ir(), tys[1].ir());
                fail(ck, Rule::ComparisonType, msg);
            } else if !tys[0].is_numeric_shape() {
                fail(
                    ck,
                    Rule::ComparisonType,
                    format!("cannot compare values of type {}", tys[0].ir()),
                );
            } else if typing::compare_type(&tys[0]).as_ref() != Some(&d.ty) {
                let want = typing::compare_type(&tys[0]).unwrap_or(Type::Void);
                let msg = format!("result type is {}, expected {}", d.ty.ir(), want.ir());
                fail(ck, Rule::ComparisonType, msg);
            }
        }
        Opcode::Convert | Opcode::Bitcast => {
            if !count(ck, 1..=1) {
                return;
            }
            let (from, to) = (&tys[0], &d.ty);
            // A buffer pointer bitcasts to and from its `uint64_t` address and to another
            // buffer pointer type.
            let address = |t: &Type| {
                matches!(
                    t,
                    Type::BufferPointer { .. } | Type::Scalar(ScalarKind::Uint64)
                )
            };
            let pointer = |t: &Type| matches!(t, Type::BufferPointer { .. });
            let ok = match (from.scalar_kind(), to.scalar_kind()) {
                _ if pointer(from) || pointer(to) => {
                    op == Opcode::Bitcast && address(from) && address(to)
                }
                (Some(_), Some(tk)) if op == Opcode::Convert => {
                    from.with_scalar_kind(tk).as_ref() == Some(to)
                }
                (Some(fk), Some(tk)) => {
                    let bits = |t: &Type, k: ScalarKind| {
                        scalar_or_vector_len(t).map(|(_, n)| n * k.bit_width())
                    };
                    !fk.is_bool()
                        && !tk.is_bool()
                        && bits(from, fk).is_some()
                        && bits(from, fk) == bits(to, tk)
                }
                _ => false,
            };
            if !ok {
                let msg = format!("cannot {} {} to {}", op.name(), from.ir(), to.ir());
                fail(ck, Rule::ConversionType, msg);
            }
        }
        Opcode::MatMul | Opcode::MatVecMul | Opcode::VecMatMul | Opcode::Dot => {
            if !count(ck, 2..=2) {
                return;
            }
            match typing::mat_mul_type(op, &tys[0], &tys[1]) {
                Some(t) if t == d.ty => {}
                Some(t) => fail(
                    ck,
                    Rule::ArithmeticType,
                    format!("result type is {}, expected {}", d.ty.ir(), t.ir()),
                ),
                None => {
                    let msg = format!(
                        "{} does not apply to {} and {}",
                        op.name(),
                        tys[0].ir(),
                        tys[1].ir()
                    );
                    fail(ck, Rule::ArithmeticType, msg);
                }
            }
        }
        Opcode::Select => {
            if !count(ck, 3..=3) {
                return;
            }
            let cond_ok = tys[0] == Type::BOOL
                || d.ty.with_scalar_kind(ScalarKind::Bool).as_ref() == Some(&tys[0]);
            if !cond_ok {
                let msg = format!(
                    "condition has type {}, expected bool or bool of the result's shape",
                    tys[0].ir()
                );
                fail(ck, Rule::SelectType, msg);
            }
            for (n, t) in tys.iter().enumerate().skip(1) {
                if *t != d.ty {
                    let msg = format!("operand {n} has type {}, expected {}", t.ir(), d.ty.ir());
                    fail(ck, Rule::SelectType, msg);
                }
            }
        }
        Opcode::Phi => {
            if d.operands.len() != d.blocks.len() {
                let msg = format!(
                    "{} values for {} incoming blocks",
                    d.operands.len(),
                    d.blocks.len()
                );
                fail(ck, Rule::OperandCount, msg);
            }
            for (n, t) in tys.iter().enumerate() {
                if *t != d.ty {
                    let msg = format!(
                        "incoming value {n} has type {}, expected {}",
                        t.ir(),
                        d.ty.ir()
                    );
                    fail(ck, Rule::PhiType, msg);
                }
            }
        }
        Opcode::Alloca => {
            if !count(ck, 0..=0) {
                return;
            }
            if matches!(d.ty.pointee(), Some((_, Type::Pointer { .. }))) {
                let msg = format!(
                    "alloca yields {}: logical addressing has no pointers to pointers",
                    d.ty.ir()
                );
                fail(ck, Rule::MemoryType, msg);
            } else if !matches!(d.ty.pointee(), Some((AddressSpace::Function, _))) {
                fail(
                    ck,
                    Rule::MemoryType,
                    format!("alloca yields {}, expected ptr<function, T>", d.ty.ir()),
                );
            }
        }
        Opcode::Load => {
            if !count(ck, 1..=1) {
                return;
            }
            match typing::load_type(&tys[0]) {
                Err(e) => fail(ck, Rule::MemoryType, e),
                Ok(t) if t != d.ty => {
                    let msg = format!("loads {} through {}", d.ty.ir(), tys[0].ir());
                    fail(ck, Rule::MemoryType, msg);
                }
                Ok(_) => {}
            }
        }
        Opcode::Store => {
            needs_void(ck);
            if !count(ck, 2..=2) {
                return;
            }
            match tys[0].pointee() {
                None => fail(
                    ck,
                    Rule::MemoryType,
                    format!("stores to {}, which is not a pointer", tys[0].ir()),
                ),
                Some((
                    AddressSpace::Input | AddressSpace::Uniform | AddressSpace::UniformConstant,
                    _,
                )) => {
                    fail(
                        ck,
                        Rule::MemoryType,
                        format!("stores through read-only {}", tys[0].ir()),
                    );
                }
                Some((_, Type::Resource(r))) => {
                    let msg = format!("stores into {}, a resource", r.ir());
                    fail(ck, Rule::MemoryType, msg);
                }
                Some((_, p)) if *p != tys[1] => {
                    let msg = format!("stores {} through {}", tys[1].ir(), tys[0].ir());
                    fail(ck, Rule::MemoryType, msg);
                }
                Some(_) => {}
            }
        }
        Opcode::AccessChain => {
            if !count(ck, 1..=usize::MAX) {
                return;
            }
            match typing::access_chain_type(ck.m, ck.f, &tys[0], &d.operands[1..]) {
                Err(e) => fail(ck, Rule::AccessChain, e),
                Ok(t) if t != d.ty => {
                    let msg = format!("result type is {}, the chain reaches {}", d.ty.ir(), t.ir());
                    fail(ck, Rule::AccessChain, msg);
                }
                Ok(_) => {}
            }
        }
        Opcode::CompositeConstruct => check_construct(ck, b, i, d, &tys),
        Opcode::CompositeExtract | Opcode::CompositeInsert => {
            let n = if op == Opcode::CompositeExtract { 1 } else { 2 };
            if !count(ck, n..=n) {
                return;
            }
            if d.literals.is_empty() {
                fail(
                    ck,
                    Rule::OperandCount,
                    format!("{} needs at least one index", op.name()),
                );
                return;
            }
            let Some(part) = typing::extract_type(&tys[0], &d.literals) else {
                let msg = format!("indices {:?} do not fit {}", d.literals, tys[0].ir());
                fail(ck, Rule::CompositeType, msg);
                return;
            };
            let (want, got) = if op == Opcode::CompositeExtract {
                (part, d.ty.clone())
            } else {
                if tys[0] != d.ty {
                    let msg = format!("result type is {}, expected {}", d.ty.ir(), tys[0].ir());
                    fail(ck, Rule::CompositeType, msg);
                }
                (part, tys[1].clone())
            };
            if want != got {
                fail(
                    ck,
                    Rule::CompositeType,
                    format!("part has type {}, expected {}", got.ir(), want.ir()),
                );
            }
        }
        Opcode::Swizzle => {
            if !count(ck, 1..=1) {
                return;
            }
            let Some((_, len)) = scalar_or_vector_len(&tys[0]) else {
                fail(
                    ck,
                    Rule::CompositeType,
                    format!("cannot swizzle {}", tys[0].ir()),
                );
                return;
            };
            if d.literals.iter().any(|&c| c < 0 || c >= i64::from(len)) {
                let msg = format!(
                    "components {:?} out of range for {}",
                    d.literals,
                    tys[0].ir()
                );
                fail(ck, Rule::CompositeType, msg);
            } else if typing::swizzle_type(&tys[0], d.literals.len()).as_ref() != Some(&d.ty) {
                let msg = format!(
                    "result type {} does not match {} components",
                    d.ty.ir(),
                    d.literals.len()
                );
                fail(ck, Rule::CompositeType, msg);
            }
        }
        Opcode::ExtractDynamic | Opcode::InsertDynamic => {
            let n = if op == Opcode::ExtractDynamic { 2 } else { 3 };
            if !count(ck, n..=n) {
                return;
            }
            let index = &tys[n - 1];
            if !matches!(index, Type::Scalar(k) if k.is_integer()) {
                fail(
                    ck,
                    Rule::CompositeType,
                    format!("index has type {}, expected an integer", index.ir()),
                );
            }
            let Type::Vector(k, _) = tys[0] else {
                fail(
                    ck,
                    Rule::CompositeType,
                    format!("{} needs a vector, not {}", op.name(), tys[0].ir()),
                );
                return;
            };
            let (part, whole) = if op == Opcode::ExtractDynamic {
                (d.ty.clone(), tys[0].clone())
            } else {
                (tys[1].clone(), d.ty.clone())
            };
            if part != Type::Scalar(k) || whole != tys[0] {
                fail(
                    ck,
                    Rule::CompositeType,
                    format!("component type does not match {}", tys[0].ir()),
                );
            }
        }
        _ if op.is_texture()
            || matches!(
                op,
                Opcode::ByteAddressLoad | Opcode::ByteAddressStore | Opcode::ArrayLength
            ) =>
        {
            super::resource_ops::check_resource_op(ck, b, i, d, &tys)
        }
        Opcode::AtomicRmw(_) | Opcode::AtomicCompareExchange => {
            let values = if op == Opcode::AtomicCompareExchange {
                2
            } else {
                1
            };
            let behind_pointer = matches!(tys.first(), Some(Type::BufferPointer { .. }));
            if !behind_pointer && !count(ck, values + 1..=values + 2) {
                return;
            }
            let on_texture = d.operands.len() == values + 2;
            let target = if behind_pointer {
                let end = d.operands.len().saturating_sub(values).max(1);
                let path = &d.operands[1..end];
                match crate::intrinsic::buffer_pointer_part(ck.m, &tys[0], path, &tys[1..end]) {
                    Some(t) if d.operands.len() > values => t,
                    _ => {
                        let msg = "the access path behind the buffer pointer does not fit its \
                                   pointee"
                            .to_owned();
                        fail(ck, Rule::AtomicOperand, msg);
                        return;
                    }
                }
            } else if on_texture {
                match (texture_of(&tys[0]), pointed_resource(&tys[0])) {
                    (Some((_, sample)), _) => sample.clone(),
                    // A read-write typed buffer is a texel buffer: one integer coordinate.
                    (None, Some(ResourceType::TypedBuffer { element, access }))
                        if access.is_writable() =>
                    {
                        element.clone()
                    }
                    // A 64-bit atomic on a byte-address buffer: the coordinate is the byte
                    // offset and the value says the width.
                    (None, Some(ResourceType::ByteAddressBuffer { access }))
                        if access.is_writable()
                            && tys[1] == Type::UINT
                            && matches!(&d.ty, Type::Scalar(k) if k.is_integer() && k.bit_width() == 64) =>
                    {
                        d.ty.clone()
                    }
                    _ => {
                        let msg = format!(
                            "with a coordinate, the target must be a texture or read-write byte-address buffer pointer (with a uint byte offset and a 64-bit result), not {}",
                            tys[0].ir()
                        );
                        fail(ck, Rule::AtomicOperand, msg);
                        return;
                    }
                }
            } else {
                match tys[0].pointee() {
                    Some((AddressSpace::Workgroup | AddressSpace::StorageBuffer, t)) => t.clone(),
                    _ => {
                        let msg = format!(
                            "target {} is not a groupshared or buffer pointer",
                            tys[0].ir()
                        );
                        fail(ck, Rule::AtomicOperand, msg);
                        return;
                    }
                }
            };
            // 32-bit floats take exchange, add, min and max (SPIR-V's float atomics).
            let float_op = target == Type::FLOAT
                && matches!(
                    op,
                    Opcode::AtomicRmw(
                        crate::inst::AtomicOp::Exchange
                            | crate::inst::AtomicOp::Add
                            | crate::inst::AtomicOp::Min
                            | crate::inst::AtomicOp::Max
                    )
                );
            if !matches!(target, Type::Scalar(k) if k.is_integer()) && !float_op {
                fail(
                    ck,
                    Rule::AtomicOperand,
                    format!(
                        "atomic target holds {}, expected an integer scalar",
                        target.ir()
                    ),
                );
                return;
            }
            let first_value = d.operands.len() - values;
            for (n, t) in tys.iter().enumerate().skip(first_value) {
                if *t != target {
                    fail(
                        ck,
                        Rule::AtomicOperand,
                        format!("operand {n} has type {}, expected {}", t.ir(), target.ir()),
                    );
                }
            }
            if d.ty != target {
                fail(
                    ck,
                    Rule::AtomicOperand,
                    format!("result type is {}, expected {}", d.ty.ir(), target.ir()),
                );
            }
        }
        Opcode::Barrier(_) => {
            needs_void(ck);
            count(ck, 0..=0);
        }
        Opcode::Call(callee) => {
            let Some(cf) = ck.m.functions.get(callee) else {
                fail(
                    ck,
                    Rule::CallSignature,
                    format!("calls a dangling function #{}", callee.index()),
                );
                return;
            };
            if cf.params.len() != d.operands.len() {
                let msg = format!(
                    "@{} takes {} arguments, {} given",
                    cf.name,
                    cf.params.len(),
                    d.operands.len()
                );
                fail(ck, Rule::CallSignature, msg);
                return;
            }
            for (n, (p, t)) in cf.params.iter().zip(&tys).enumerate() {
                if p.ty != *t {
                    let msg = format!(
                        "argument {n} has type {}, @{} expects {}",
                        t.ir(),
                        cf.name,
                        p.ty.ir()
                    );
                    fail(ck, Rule::CallSignature, msg);
                }
            }
            if cf.ret != d.ty {
                let msg = format!(
                    "result type is {}, @{} returns {}",
                    d.ty.ir(),
                    cf.name,
                    cf.ret.ir()
                );
                fail(ck, Rule::CallSignature, msg);
            }
        }
        // Intrinsic signatures belong to the front end's table.
        Opcode::CallIntrinsic(crate::Intrinsic::Printf) => {
            let known = match d.literals.as_slice() {
                [s] => usize::try_from(*s).is_ok_and(|s| s < ck.m.strings.len()),
                _ => false,
            };
            if !known {
                let msg = "printf needs one literal naming a string of the module".to_owned();
                fail(ck, Rule::OperandCount, msg);
            }
        }
        Opcode::CallIntrinsic(
            w @ (crate::Intrinsic::SubpassLoad
            | crate::Intrinsic::RawBufferLoad
            | crate::Intrinsic::RawBufferStore
            | crate::Intrinsic::BufferPointerLoad
            | crate::Intrinsic::BufferPointerStore
            | crate::Intrinsic::ExtInstruction
            | crate::Intrinsic::ReadClock),
        ) => super::vulkan_ops::check_vulkan_intrinsic(ck, b, i, d, w, &tys),
        Opcode::CallIntrinsic(w) if w.is_sm6x() => {
            super::sm6x_ops::check_sm6x_intrinsic(ck, b, i, d, w, &tys)
        }
        Opcode::CallIntrinsic(_) => {}
        Opcode::EmitVertex | Opcode::EndPrimitive => {
            needs_void(ck);
            count(ck, 0..=0);
            if d.literals.len() > 1 || d.literals.iter().any(|&s| !(0..4).contains(&s)) {
                let msg = "takes at most one stream id, 0 to 3".to_owned();
                fail(ck, Rule::OperandCount, msg);
            }
        }
        Opcode::SetMeshOutputs | Opcode::EmitMeshTasks | Opcode::SetMeshTasks => {
            needs_void(ck);
            let counts = if d.opcode == Opcode::SetMeshOutputs {
                2
            } else {
                3
            };
            if !count(
                ck,
                counts..=counts + usize::from(d.opcode != Opcode::SetMeshOutputs),
            ) {
                return;
            }
            for (n, t) in tys.iter().enumerate().take(counts) {
                if *t != Type::UINT {
                    let msg = format!("operand {n} has type {}, expected uint", t.ir());
                    fail(ck, Rule::ArithmeticType, msg);
                }
            }
            if let Some(p) = tys.get(counts) {
                if !matches!(p.pointee(), Some((AddressSpace::TaskPayload, _))) {
                    let msg = format!(
                        "the payload has type {}, expected a pointer into task_payload",
                        p.ir()
                    );
                    fail(ck, Rule::MemoryType, msg);
                }
            }
            if !d.blocks.is_empty() {
                fail(
                    ck,
                    Rule::OperandCount,
                    format!("{} takes no target blocks", d.opcode.name()),
                );
            }
        }
        Opcode::Branch
        | Opcode::CondBranch
        | Opcode::Switch
        | Opcode::Return
        | Opcode::Kill
        | Opcode::Unreachable
        | Opcode::IgnoreHit
        | Opcode::AcceptHitAndEndSearch => {
            needs_void(ck);
            check_terminator(ck, b, i, d, &tys);
        }
        _ => {}
    }
}

fn check_terminator(ck: &mut FnCheck<'_>, b: Block, i: Inst, d: &InstData, tys: &[Type]) {
    let fail =
        |ck: &mut FnCheck<'_>, rule: Rule, msg: String| ck.report(rule, Some(b), Some(i), msg);
    let blocks = |ck: &mut FnCheck<'_>, n: usize| {
        if d.blocks.len() != n {
            let msg = format!(
                "{} takes {n} target blocks, not {}",
                d.opcode.name(),
                d.blocks.len()
            );
            ck.report(Rule::OperandCount, Some(b), Some(i), msg);
        }
    };
    match d.opcode {
        Opcode::Branch => {
            blocks(ck, 1);
            if !d.operands.is_empty() {
                fail(ck, Rule::OperandCount, "br takes no operands".to_owned());
            }
        }
        Opcode::CondBranch => {
            blocks(ck, 2);
            if d.operands.len() != 1 {
                fail(
                    ck,
                    Rule::OperandCount,
                    "cond_br takes one condition".to_owned(),
                );
            } else if tys[0] != Type::BOOL {
                fail(
                    ck,
                    Rule::BranchCondition,
                    format!("condition has type {}, expected bool", tys[0].ir()),
                );
            }
        }
        Opcode::Switch => {
            blocks(ck, d.literals.len() + 1);
            if d.operands.len() != 1 {
                fail(
                    ck,
                    Rule::OperandCount,
                    "switch takes one selector".to_owned(),
                );
            } else if !matches!(tys[0], Type::Scalar(k) if k.is_integer()) {
                fail(
                    ck,
                    Rule::BranchCondition,
                    format!(
                        "selector has type {}, expected an integer scalar",
                        tys[0].ir()
                    ),
                );
            }
            let mut seen = Vec::new();
            for c in &d.literals {
                if seen.contains(c) {
                    fail(ck, Rule::BranchCondition, format!("case {c} appears twice"));
                }
                seen.push(*c);
            }
        }
        Opcode::Return => {
            blocks(ck, 0);
            let ret = ck.f.ret.clone();
            match (tys.first(), ret.is_void()) {
                (None, true) => {}
                (Some(t), false) if *t == ret => {}
                (None, false) => fail(
                    ck,
                    Rule::ReturnType,
                    format!("returns nothing from a function returning {}", ret.ir()),
                ),
                (Some(t), _) => fail(
                    ck,
                    Rule::ReturnType,
                    format!("returns {} from a function returning {}", t.ir(), ret.ir()),
                ),
            }
            if tys.len() > 1 {
                fail(
                    ck,
                    Rule::OperandCount,
                    "ret takes at most one value".to_owned(),
                );
            }
        }
        _ => {
            blocks(ck, 0);
            if !d.operands.is_empty() {
                fail(
                    ck,
                    Rule::OperandCount,
                    format!("{} takes no operands", d.opcode.name()),
                );
            }
        }
    }
}

fn check_construct(ck: &mut FnCheck<'_>, b: Block, i: Inst, d: &InstData, tys: &[Type]) {
    let fail =
        |ck: &mut FnCheck<'_>, msg: String| ck.report(Rule::CompositeType, Some(b), Some(i), msg);
    if let Type::Vector(k, n) = d.ty {
        // Vectors may be built from scalars and smaller vectors of the same kind.
        let mut total = 0;
        for (idx, t) in tys.iter().enumerate() {
            match scalar_or_vector_len(t) {
                Some((tk, len)) if tk == k => total += len,
                _ => fail(
                    ck,
                    format!(
                        "part {idx} has type {}, expected {} components",
                        t.ir(),
                        k.name()
                    ),
                ),
            }
        }
        if total != u32::from(n) {
            fail(
                ck,
                format!("parts give {total} components, {} needs {n}", d.ty.ir()),
            );
        }
        return;
    }
    let parts = match composite_parts(&d.ty, tys.len()) {
        None => {
            fail(ck, format!("cannot construct {}", d.ty.ir()));
            return;
        }
        Some(Err(n)) => {
            fail(
                ck,
                format!("{} has {n} parts, {} given", d.ty.ir(), tys.len()),
            );
            return;
        }
        Some(Ok(parts)) => parts,
    };
    for (idx, (want, got)) in parts.iter().zip(tys).enumerate() {
        if want != got {
            fail(
                ck,
                format!("part {idx} has type {}, expected {}", got.ir(), want.ir()),
            );
        }
    }
}
