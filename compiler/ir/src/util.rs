//! Helpers for passes, which keep no use lists: [`build_users`] computes who uses each
//! instruction in one walk, [`apply_replacements`] rewrites operands from a replacement map in
//! one sweep, [`remove_inst`] unlinks an instruction. Used by the optimizer and by lowering.

use std::collections::HashMap;

use crate::module::{Block, Function, Inst};
use crate::value::Value;

/// For every instruction, the placed instructions that use its result, in layout order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Users {
    users: Vec<Vec<Inst>>,
}

impl Users {
    /// The users of `inst` (an instruction using it twice is listed once).
    pub fn of(&self, inst: Inst) -> &[Inst] {
        self.users.get(inst.index()).map_or(&[], Vec::as_slice)
    }

    pub fn is_unused(&self, inst: Inst) -> bool {
        self.of(inst).is_empty()
    }
}

/// Placed instructions in layout order, with their blocks. Dangling handles are skipped.
pub fn placed_insts(f: &Function) -> Vec<(Block, Inst)> {
    let mut out = Vec::new();
    for &b in &f.layout {
        if let Some(data) = f.blocks.get(b) {
            out.extend(
                data.insts
                    .iter()
                    .filter(|i| f.insts.get(**i).is_some())
                    .map(|&i| (b, i)),
            );
        }
    }
    out
}

pub fn build_users(f: &Function) -> Users {
    let mut users: Vec<Vec<Inst>> = vec![Vec::new(); f.insts.len()];
    for (_, i) in placed_insts(f) {
        for op in &f.insts[i].operands {
            if let Value::Inst(def) = op {
                if let Some(list) = users.get_mut(def.index()) {
                    if list.last() != Some(&i) {
                        list.push(i);
                    }
                }
            }
        }
    }
    Users { users }
}

/// Rewrites every operand of the placed instructions through `map`, following chains
/// (`a -> b`, `b -> c` makes `a` into `c`); a cycle in the map stops at the value where it
/// closes.
pub fn apply_replacements(f: &mut Function, map: &HashMap<Value, Value>) {
    if map.is_empty() {
        return;
    }
    let resolve = |mut v: Value| {
        let mut steps = 0;
        while let Some(&next) = map.get(&v) {
            v = next;
            steps += 1;
            if steps > map.len() {
                break;
            }
        }
        v
    };
    for (_, i) in placed_insts(f) {
        for op in &mut f.insts[i].operands {
            *op = resolve(*op);
        }
    }
}

/// Takes `inst` out of its block (the arena entry stays, unplaced). Returns whether it was
/// placed.
pub fn remove_inst(f: &mut Function, inst: Inst) -> bool {
    let Some(block) = f.insts.get(inst).and_then(|d| d.block) else {
        return false;
    };
    let Some(data) = f.blocks.get_mut(block) else {
        return false;
    };
    let before = data.insts.len();
    data.insts.retain(|&i| i != inst);
    let removed = data.insts.len() != before;
    f.insts[inst].block = None;
    removed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::ModuleBuilder;
    use crate::inst::Opcode;
    use crate::print::print_module;
    use types::Type;

    #[test]
    fn users_replacements_and_removal() {
        let mut mb = ModuleBuilder::new();
        let func = mb.declare_function("f", vec![Type::INT], Type::INT);
        let mut fb = mb.function(func);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        let one = fb.int(1);
        let a = fb.binary(Opcode::Add, fb.arg(0), one);
        let m = fb.binary(Opcode::Mul, a, a);
        let s = fb.binary(Opcode::Sub, m, a);
        fb.ret(Some(s));
        let mut module = mb.finish();
        let f = &mut module.functions[func];
        let (Value::Inst(ai), Value::Inst(mi), Value::Inst(si)) = (a, m, s) else {
            unreachable!()
        };
        let users = build_users(f);
        assert_eq!(users.of(ai), [mi, si]);
        assert_eq!(users.of(mi), [si]);
        assert!(!users.is_unused(si));

        // m -> a -> arg0: the chain is followed.
        let map = HashMap::from([(m, a), (a, Value::Arg(0))]);
        apply_replacements(f, &map);
        assert!(remove_inst(f, mi));
        assert!(remove_inst(f, ai));
        assert!(!remove_inst(f, ai));
        let users = build_users(f);
        assert!(users.is_unused(ai));
        assert!(crate::verify(&module).is_empty());
        expect_test::expect![[r#"
            func @f(%arg0: int) -> int {
            bb0:
              %0 = sub %arg0, %arg0 : int
              ret %0
            }
        "#]]
        .assert_eq(&print_module(&module));
    }
}
