//! HLSL `precise`: the arithmetic that computes a value stored into a `precise` variable (or a
//! `precise` struct field) is marked [`ir::InstData::precise`] (no contraction, reassociation
//! or algebraic rewrite; the SPIR-V backend emits `NoContraction`). As in DXC, the marking
//! follows the data backwards from every store into the variable, through loads of other
//! variables: a variable whose value feeds a precise one is precise too, so the stores into it
//! are followed in turn.

use std::collections::HashSet;

use ir::{Function, Opcode, Value};

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

/// The variable (`alloca` or global) pointer `ptr` points into, through access chains.
fn root(f: &Function, mut ptr: Value) -> Value {
    while let Value::Inst(i) = ptr {
        match f.insts.get(i) {
            Some(d) if d.opcode == Opcode::AccessChain && !d.operands.is_empty() => {
                ptr = d.operands[0];
            }
            _ => break,
        }
    }
    ptr
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

/// Marks precise the arithmetic feeding every store into a variable of `roots` (allocas or
/// globals, or access chains to `precise` struct fields), and, transitively, into any
/// variable such arithmetic loads.
pub fn mark_precise(f: &mut Function, roots: impl IntoIterator<Item = Value>) {
    let mut precise: HashSet<Value> = roots.into_iter().collect();
    if precise.is_empty() {
        return;
    }
    let stores: Vec<(Value, Value)> = f
        .insts
        .iter()
        .filter(|(_, d)| d.opcode == Opcode::Store && d.operands.len() == 2)
        .map(|(_, d)| (d.operands[0], d.operands[1]))
        .collect();
    let mut followed = vec![false; stores.len()];
    let mut visited = HashSet::new();
    loop {
        let mut grew = false;
        for (n, &(ptr, value)) in stores.iter().enumerate() {
            if followed[n] || !is_precise_ptr(f, ptr, &precise) {
                continue;
            }
            followed[n] = true;
            grew = true;
            let mut stack = vec![value];
            while let Some(v) = stack.pop() {
                let Value::Inst(i) = v else { continue };
                if !visited.insert(i) {
                    continue;
                }
                let Some(d) = f.insts.get_mut(i) else {
                    continue;
                };
                if is_arithmetic(d.opcode) {
                    d.precise = true;
                }
                let (opcode, operands) = (d.opcode, d.operands.clone());
                match opcode {
                    Opcode::Load => {
                        precise.insert(root(f, operands[0]));
                    }
                    // A callee's arithmetic is its own (DXC does not follow calls either).
                    Opcode::Call(_) | Opcode::AccessChain | Opcode::Alloca => {}
                    _ => stack.extend(operands),
                }
            }
        }
        if !grew {
            break;
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
        mark_precise(function, [p]);
        let precise = |v: Value| match v {
            Value::Inst(i) => function.insts[i].precise,
            _ => false,
        };
        assert!(precise(mul));
        assert!(precise(add));
        assert!(!precise(sub));
    }
}
