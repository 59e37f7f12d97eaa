//! Inlining one call: the callee's blocks copied into the caller in place of the call.
//!
//! Small and for one purpose: `lower` inlines the calls of functions taking an inline SPIR-V
//! pointer (`vk::WorkgroupSpirvPointer<T>`), which Vulkan's logical addressing cannot pass
//! into a call without `VariablePointers` (DXC inlines every function). The block holding
//! the call is split after it, the callee's blocks go in between (its `Arg`s replaced by the
//! call's arguments, its `Alloca`s moved to the caller's entry block), and its return becomes
//! a branch to the second half. With one return, the call's result is the returned value,
//! which dominates that half. With several, the callee's blocks are wrapped in a loop run
//! once (as spirv-opt's merge-return pass does), each return a `break` to the second half,
//! which starts with a `Phi` of the returned values: structured, as long as no return sits
//! inside a loop of the callee (a `break` leaves only the innermost loop), which
//! [`inline_call`] refuses, as it refuses a call in a loop header, whose marker cannot move.

use std::collections::HashMap;

use crate::inst::Opcode;
use crate::module::{Block, Func, Inst};
use crate::module::{BlockData, Module};
use crate::value::Value;

/// Why a call was not inlined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InlineRefusal {
    /// The callee never returns.
    NoReturn,
    /// The callee returns from inside one of its loops, and from more than one place.
    ReturnInLoop,
    /// The call sits in a loop header block.
    InLoopHeader,
    /// The instruction is no call in a block of the caller.
    NotACall,
}

/// The number of `Return` instructions of function `f` reachable in its layout.
pub fn return_count(m: &Module, f: Func) -> usize {
    let func = &m.functions[f];
    func.layout
        .iter()
        .flat_map(|b| func.blocks[*b].insts.iter())
        .filter(|i| func.insts[**i].opcode == Opcode::Return)
        .count()
}

/// Inlines call `call` of function `caller` (see the module's comment).
pub fn inline_call(m: &mut Module, caller: Func, call: Inst) -> Result<(), InlineRefusal> {
    let (callee, args, at_block) = {
        let f = &m.functions[caller];
        let data = &f.insts[call];
        let Opcode::Call(callee) = data.opcode else {
            return Err(InlineRefusal::NotACall);
        };
        let Some(b) = data.block else {
            return Err(InlineRefusal::NotACall);
        };
        (callee, data.operands.clone(), b)
    };
    let returns = return_count(m, callee);
    if returns == 0 {
        return Err(InlineRefusal::NoReturn);
    }
    if returns > 1 && returns_in_loops(&m.functions[callee]) {
        return Err(InlineRefusal::ReturnInLoop);
    }
    let body = m.functions[callee].clone();
    let f = &mut m.functions[caller];
    if f.blocks[at_block]
        .marker
        .is_some_and(|mk| mk.continue_block.is_some())
    {
        return Err(InlineRefusal::InLoopHeader);
    }
    let Some(pos) = f.blocks[at_block].insts.iter().position(|i| *i == call) else {
        return Err(InlineRefusal::NotACall);
    };
    let entry = f.layout[0];

    // The second half of the split block: what follows the call, with the marker.
    let tail: Vec<Inst> = f.blocks[at_block].insts.split_off(pos + 1);
    f.blocks[at_block].insts.pop();
    let marker = f.blocks[at_block].marker.take();
    let name = f.blocks[at_block].name.clone();
    let after = f.blocks.push(BlockData {
        insts: tail.clone(),
        marker,
        name,
    });
    for i in &tail {
        f.insts[*i].block = Some(after);
    }
    // Phis of the successors now come from the second half.
    if let Some(&last) = tail.last() {
        let succs = f.insts[last].blocks.clone();
        for s in succs {
            for i in f.blocks[s].insts.clone() {
                if f.insts[i].opcode == Opcode::Phi {
                    for b in f.insts[i].blocks.iter_mut() {
                        if *b == at_block {
                            *b = after;
                        }
                    }
                }
            }
        }
    }

    // New blocks and instructions for the callee's.
    let block_map: HashMap<Block, Block> = body
        .layout
        .iter()
        .map(|b| {
            let d = &body.blocks[*b];
            let nb = f.blocks.push(BlockData {
                insts: Vec::new(),
                marker: None,
                name: d.name.clone(),
            });
            (*b, nb)
        })
        .collect();
    let mut inst_map: HashMap<Inst, Inst> = HashMap::new();
    for b in &body.layout {
        for i in &body.blocks[*b].insts {
            let ni = f.insts.push(body.insts[*i].clone());
            inst_map.insert(*i, ni);
        }
    }
    let map_value = |v: Value, inst_map: &HashMap<Inst, Inst>| match v {
        Value::Arg(n) => args[n as usize],
        Value::Inst(i) => Value::Inst(inst_map[&i]),
        v => v,
    };
    let mut returned = Vec::new();
    let mut allocas = Vec::new();
    for b in &body.layout {
        let nb = block_map[b];
        let marker = body.blocks[*b].marker.map(|mut mk| {
            mk.merge = block_map[&mk.merge];
            mk.continue_block = mk.continue_block.map(|c| block_map[&c]);
            mk
        });
        f.blocks[nb].marker = marker;
        for i in &body.blocks[*b].insts {
            let ni = inst_map[i];
            let d = &mut f.insts[ni];
            d.operands = d
                .operands
                .iter()
                .map(|v| map_value(*v, &inst_map))
                .collect();
            d.blocks = d.blocks.iter().map(|x| block_map[x]).collect();
            if d.opcode == Opcode::Return {
                returned.extend(d.operands.first().map(|v| (*v, nb)));
                d.opcode = Opcode::Branch;
                d.operands.clear();
                d.blocks = vec![after];
            }
            if d.opcode == Opcode::Alloca {
                d.block = Some(entry);
                allocas.push(ni);
            } else {
                d.block = Some(nb);
                f.blocks[nb].insts.push(ni);
            }
        }
    }
    // Allocas in the caller's entry block, first.
    let mut entry_insts = allocas.clone();
    entry_insts.extend(std::mem::take(&mut f.blocks[entry].insts));
    f.blocks[entry].insts = entry_insts;
    // The decorations and aliasing of the callee's locals go with them.
    for (v, d) in &body.spirv_decorations {
        f.spirv_decorations
            .push((map_value(*v, &inst_map), d.clone()));
    }
    for v in &body.aliased_pointers {
        if let Value::Inst(_) = v {
            f.aliased_pointers.push(map_value(*v, &inst_map));
        }
    }

    // The first half branches into the callee's entry, or into the loop run once.
    let loc = f.insts[call].loc;
    let branch = |f: &mut crate::module::Function, from: Block, to: Block| {
        let mut br = crate::inst::InstData::new(Opcode::Branch, types::Type::Void, Vec::new());
        br.blocks = vec![to];
        br.block = Some(from);
        br.loc = loc;
        let br = f.insts.push(br);
        f.blocks[from].insts.push(br);
    };
    let callee_entry = block_map[&body.layout[0]];
    let mut wrapper = Vec::new();
    if returns == 1 {
        branch(f, at_block, callee_entry);
    } else {
        let header = f.blocks.push(BlockData::default());
        let back = f.blocks.push(BlockData::default());
        f.blocks[header].marker = Some(crate::inst::StructureMarker {
            kind: crate::inst::StructureKind::Loop,
            merge: after,
            continue_block: Some(back),
            hint: None,
        });
        branch(f, at_block, header);
        branch(f, header, callee_entry);
        // Never taken: the loop runs once.
        branch(f, back, header);
        wrapper = vec![header, back];
    }
    f.insts[call].block = None;

    // The call's uses read the returned value: the one returned, or a `Phi` of them.
    let ret = match returned.as_slice() {
        [] => None,
        [(v, _)] if returns == 1 => Some(*v),
        several => {
            let mut phi = crate::inst::InstData::new(
                Opcode::Phi,
                body.ret.clone(),
                several.iter().map(|(v, _)| *v).collect(),
            );
            phi.blocks = several.iter().map(|(_, b)| *b).collect();
            phi.block = Some(after);
            phi.loc = loc;
            let phi = f.insts.push(phi);
            f.blocks[after].insts.insert(0, phi);
            Some(Value::Inst(phi))
        }
    };
    if let Some(ret) = ret {
        for h in f.insts.handles().collect::<Vec<_>>() {
            for v in f.insts[h].operands.iter_mut() {
                if *v == Value::Inst(call) {
                    *v = ret;
                }
            }
        }
    }

    // Layout: the first half, the callee's blocks, the second half.
    let at = f.layout.iter().position(|b| *b == at_block).unwrap_or(0);
    let mut new_blocks: Vec<Block> = wrapper.first().copied().into_iter().collect();
    new_blocks.extend(body.layout.iter().map(|b| block_map[b]));
    new_blocks.extend(wrapper.get(1).copied());
    new_blocks.push(after);
    f.layout.splice(at + 1..at + 1, new_blocks);
    Ok(())
}

/// Whether a `Return` of `f` sits inside one of its loops: in a block a loop header reaches
/// without passing its merge block.
fn returns_in_loops(f: &crate::module::Function) -> bool {
    let is_return = |b: Block| f.terminator(b).is_some_and(|t| t.opcode == Opcode::Return);
    for &h in &f.layout {
        let Some(mk) = f.blocks[h].marker else {
            continue;
        };
        if mk.kind != crate::inst::StructureKind::Loop {
            continue;
        }
        let mut seen = vec![h];
        let mut work = f.successors(h);
        while let Some(b) = work.pop() {
            if b == mk.merge || seen.contains(&b) {
                continue;
            }
            if is_return(b) {
                return true;
            }
            seen.push(b);
            work.extend(f.successors(b));
        }
    }
    false
}
