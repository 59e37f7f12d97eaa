//! HLSL `precise`: the arithmetic that computes a value stored into a `precise` variable (or a
//! `precise` struct field), or returned by a function declared `precise`, is marked
//! [`ir::InstData::precise`] (no contraction, reassociation or algebraic rewrite; the SPIR-V
//! backend emits `NoContraction`).
//!
//! The rule is DXC's (its SPIR-V `PreciseVisitor`): one walk of the function from its last
//! instruction back to its first. A store into a precise place, or a precise function's
//! `return`, makes the stored (returned) value precise; a precise value makes its operands
//! precise, through composites, swizzles and selections; a precise load makes the place it
//! reads precise, so the stores into that place *before* the load are followed in turn. A
//! store into it after the load (the variable reused for something else) is not, and neither
//! is arithmetic that flows into no precise value. Called functions keep their own marking.
//! `precise` parameters and `precise` globals (`static precise float g;`) are precise places
//! like `precise` locals, in every function that stores into them (DXC's precise function
//! parameters and module variables); a caller's argument is not.

use std::collections::HashSet;

use hir::item_tree::ItemKind;
use ir::{Function, Opcode, Value};

use crate::context::{GlobalRef, ModuleCtx};

/// The globals declared `precise` (`static precise float g;`, `groupshared precise ...`)
/// that the module has lowered so far, as places for [`mark_precise`].
pub(crate) fn precise_globals(cx: &ModuleCtx<'_>) -> Vec<Value> {
    (cx.globals.iter())
        .filter_map(|(&idx, r)| match (r, &cx.tree.item(idx).kind) {
            (GlobalRef::Var(g), ItemKind::Variable(v)) if v.is_precise => Some(Value::Global(*g)),
            _ => None,
        })
        .collect()
}

/// Whether `op` is arithmetic `precise` constrains.
fn is_arithmetic(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::Neg
            | Opcode::Add
            | Opcode::Sub
            | Opcode::Mul
            | Opcode::Div
            | Opcode::Rem
            | Opcode::MatMul
            | Opcode::MatVecMul
            | Opcode::VecMatMul
            | Opcode::Dot
    )
}

/// Whether `ptr` points into one of `precise`: a variable, or a `precise` struct field's
/// access chain, on its way to the variable.
fn is_precise_ptr(f: &Function, mut ptr: Value, precise: &HashSet<Value>) -> bool {
    loop {
        if precise.contains(&ptr) {
            return true;
        }
        match ptr {
            Value::Inst(i) => match f.insts.get(i) {
                Some(d) if d.opcode == Opcode::AccessChain && !d.operands.is_empty() => {
                    ptr = d.operands[0];
                }
                _ => return false,
            },
            _ => return false,
        }
    }
}

/// Marks precise the arithmetic feeding the stores into the places of `roots` (allocas or
/// globals, or access chains to `precise` struct fields) and, when `precise_result`, the
/// function's returned values, walking the function backwards as DXC does.
pub fn mark_precise(
    f: &mut Function,
    roots: impl IntoIterator<Item = Value>,
    precise_result: bool,
) {
    let mut places: HashSet<Value> = roots.into_iter().collect();
    if places.is_empty() && !precise_result {
        return;
    }
    let mut values: HashSet<Value> = HashSet::new();
    let order: Vec<ir::Inst> = f
        .layout
        .iter()
        .rev()
        .filter_map(|&b| f.blocks.get(b))
        .flat_map(|b| b.insts.iter().rev().copied())
        .collect();
    for i in order {
        let Some(d) = f.insts.get(i) else {
            continue;
        };
        let (opcode, operands) = (d.opcode, d.operands.clone());
        match opcode {
            Opcode::Store if operands.len() == 2 && is_precise_ptr(f, operands[0], &places) => {
                values.insert(operands[1]);
            }
            Opcode::Return if precise_result => values.extend(operands.first().copied()),
            _ => {}
        }
        if !values.contains(&Value::Inst(i)) {
            continue;
        }
        if is_arithmetic(opcode) {
            if let Some(d) = f.insts.get_mut(i) {
                d.precise = true;
            }
        }
        match opcode {
            // The place read (a variable, or the access chain into one) is precise from here
            // back.
            Opcode::Load => {
                places.extend(operands.first().copied());
            }
            // A callee's arithmetic is its own (DXC does not follow calls either).
            Opcode::Call(_) | Opcode::AccessChain | Opcode::Alloca => {}
            _ => values.extend(operands),
        }
    }
}

#[cfg(test)]
mod tests {
    use ir::{ModuleBuilder, Opcode, Value};
    use types::Type;

    use super::mark_precise;

    /// `t = x * y; p = t + x; q = x - y;` with `p` precise: the product and the sum are
    /// marked (the product through the load of `t`), the difference is not.
    #[test]
    fn marks_what_flows_into_the_precise_variable() {
        let mut mb = ModuleBuilder::new();
        let f = mb.declare_function("f", vec![Type::FLOAT, Type::FLOAT], Type::Void);
        let (mul, add, sub, p) = {
            let mut fb = mb.function(f);
            let b = fb.create_block("entry");
            fb.switch_to_block(b);
            let t = fb.alloca(Type::FLOAT, "t");
            let p = fb.alloca(Type::FLOAT, "p");
            let q = fb.alloca(Type::FLOAT, "q");
            let mul = fb.binary(Opcode::Mul, Value::Arg(0), Value::Arg(1));
            fb.store(t, mul);
            let loaded = fb.load(t);
            let add = fb.binary(Opcode::Add, loaded, Value::Arg(0));
            fb.store(p, add);
            let sub = fb.binary(Opcode::Sub, Value::Arg(0), Value::Arg(1));
            fb.store(q, sub);
            fb.ret(None);
            (mul, add, sub, p)
        };
        let mut m = mb.finish();
        let function = &mut m.functions[f];
        mark_precise(function, [p], false);
        let precise = |v: Value| match v {
            Value::Inst(i) => function.insts[i].precise,
            _ => false,
        };
        assert!(precise(mul));
        assert!(precise(add));
        assert!(!precise(sub));
    }

    /// `t = x * y; p = t + x; t = x - y;` with `p` precise: the second store into `t` comes
    /// after the load that made `t` precise, so its difference stays ordinary (DXC's
    /// backward walk).
    #[test]
    fn a_store_after_the_precise_load_is_not_followed() {
        let mut mb = ModuleBuilder::new();
        let f = mb.declare_function("f", vec![Type::FLOAT, Type::FLOAT], Type::Void);
        let (mul, add, sub, p) = {
            let mut fb = mb.function(f);
            let b = fb.create_block("entry");
            fb.switch_to_block(b);
            let t = fb.alloca(Type::FLOAT, "t");
            let p = fb.alloca(Type::FLOAT, "p");
            let mul = fb.binary(Opcode::Mul, Value::Arg(0), Value::Arg(1));
            fb.store(t, mul);
            let loaded = fb.load(t);
            let add = fb.binary(Opcode::Add, loaded, Value::Arg(0));
            fb.store(p, add);
            let sub = fb.binary(Opcode::Sub, Value::Arg(0), Value::Arg(1));
            fb.store(t, sub);
            fb.ret(None);
            (mul, add, sub, p)
        };
        let mut m = mb.finish();
        let function = &mut m.functions[f];
        mark_precise(function, [p], false);
        let precise = |v: Value| match v {
            Value::Inst(i) => function.insts[i].precise,
            _ => false,
        };
        assert!(precise(mul));
        assert!(precise(add));
        assert!(!precise(sub));
    }

    /// A `precise` function's returned value: `return x * y;` is marked with no variable.
    #[test]
    fn a_precise_result_is_marked() {
        let mut mb = ModuleBuilder::new();
        let f = mb.declare_function("f", vec![Type::FLOAT, Type::FLOAT], Type::FLOAT);
        let mul = {
            let mut fb = mb.function(f);
            let b = fb.create_block("entry");
            fb.switch_to_block(b);
            let mul = fb.binary(Opcode::Mul, Value::Arg(0), Value::Arg(1));
            fb.ret(Some(mul));
            mul
        };
        let mut m = mb.finish();
        let function = &mut m.functions[f];
        mark_precise(function, [], true);
        let Value::Inst(i) = mul else {
            panic!("an instruction")
        };
        assert!(function.insts[i].precise);
    }
}
