//! Instructions rspirv cannot represent: inline SPIR-V may name an opcode or a capability
//! newer than rspirv's grammar, and an `rspirv::dr::Instruction` holds its opcode as the
//! grammar's enum. Such an instruction is built as an `OpNop` whose first operand is the real
//! opcode ([`raw_instruction`]); an `OpNop` never has operands otherwise, so after assembly
//! [`restore_raw_opcodes`] rewrites each one into the instruction it stands for. Called by
//! `inline_spirv` and `context`; the disassembler sets them aside with [`take_unknown`] and
//! prints them by number, as it does with capabilities and execution modes rspirv does not
//! know.

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};

/// An instruction of opcode `opcode` with `words` (result type and id included, in order),
/// as the `OpNop` stand-in [`restore_raw_opcodes`] rewrites.
pub(crate) fn raw_instruction(
    opcode: u32,
    words: impl IntoIterator<Item = Operand>,
) -> Instruction {
    let mut ops = vec![Operand::LiteralBit32(opcode)];
    ops.extend(words);
    Instruction::new(Op::Nop, None, None, ops)
}

/// Rewrites every `OpNop` with operands in the assembled module `words` into the instruction
/// its first operand names (one word shorter).
pub(crate) fn restore_raw_opcodes(words: Vec<Word>) -> Vec<Word> {
    let mut out = Vec::with_capacity(words.len());
    out.extend(words.iter().take(5));
    let mut at = 5;
    while at < words.len() {
        let count = ((words[at] >> 16) as usize).max(1);
        let end = (at + count).min(words.len());
        if words[at] & 0xffff == Op::Nop as u32 && count >= 2 && end - at == count {
            let opcode = words[at + 1] & 0xffff;
            out.push(((count as u32 - 1) << 16) | opcode);
            out.extend(&words[at + 2..end]);
        } else {
            out.extend(&words[at..end]);
        }
        at = end;
    }
    out
}

/// What [`take_unknown`] set aside for the disassembler.
#[derive(Debug, Default)]
pub(crate) struct Unknown {
    /// `OpCapability` operands rspirv does not know.
    pub capabilities: Vec<u32>,
    /// Instructions of unknown opcodes inside functions, each replaced by a one-word `OpNop`
    /// (which nothing else emits), in order.
    pub in_functions: Vec<Vec<u32>>,
    /// Instructions of unknown opcodes outside functions, removed.
    pub outside: Vec<Vec<u32>>,
}

/// `words` without what rspirv's loader cannot read: unknown capabilities and opcodes.
pub(crate) fn take_unknown(words: &[Word]) -> (Vec<Word>, Unknown) {
    let mut out: Vec<Word> = words.iter().take(5).copied().collect();
    let mut unknown = Unknown::default();
    let mut in_function = false;
    let mut at = 5;
    while at < words.len() {
        let count = ((words[at] >> 16) as usize).max(1);
        let end = (at + count).min(words.len());
        let inst = &words[at..end];
        let opcode = words[at] & 0xffff;
        match Op::from_u32(opcode) {
            Some(Op::Function) => in_function = true,
            Some(Op::FunctionEnd) => in_function = false,
            _ => {}
        }
        if opcode == Op::Capability as u32
            && inst.len() == 2
            && rspirv::spirv::Capability::from_u32(inst[1]).is_none()
        {
            unknown.capabilities.push(inst[1]);
        } else if opcode == Op::ExecutionMode as u32
            && inst.len() >= 3
            && rspirv::spirv::ExecutionMode::from_u32(inst[2]).is_none()
        {
            // A mode newer than rspirv's grammar (`helper_lanes`): printed by number.
            unknown.outside.push(inst.to_vec());
        } else if Op::from_u32(opcode).is_some_and(|op| in_function || placed_by_loader(op)) {
            out.extend(inst);
        } else if in_function {
            unknown.in_functions.push(inst.to_vec());
            out.push((1 << 16) | Op::Nop as u32);
        } else {
            unknown.outside.push(inst.to_vec());
        }
        at = end;
    }
    (out, unknown)
}

/// Whether rspirv's loader takes `op` outside a function. A newer type instruction it has
/// a name for but does not class as a type (`OpTypeCooperativeMatrixKHR`, written by inline
/// SPIR-V types) is set aside like an unknown one; every other known opcode goes to the
/// loader as before (the disassembler lifts what the loader refuses elsewhere).
fn placed_by_loader(op: Op) -> bool {
    rspirv::grammar::reflect::is_type(op) || !format!("{op:?}").starts_with("Type")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_types_the_loader_cannot_class_are_set_aside() {
        assert!(!placed_by_loader(Op::TypeCooperativeMatrixKHR));
        assert!(placed_by_loader(Op::TypeInt));
        assert!(placed_by_loader(Op::TypeRayQueryKHR));
        assert!(placed_by_loader(Op::DecorateId));
        assert!(placed_by_loader(Op::ExecutionModeId));
    }

    #[test]
    fn a_stand_in_becomes_its_instruction() {
        // Header, `OpNop 5110 %2 %3 %4` (5 words), `OpReturn`.
        let nop = (5u32 << 16) | Op::Nop as u32;
        let words = vec![
            0x0723_0203,
            0x0001_0600,
            0,
            10,
            0,
            nop,
            5110,
            2,
            3,
            4,
            (1 << 16) | 253,
        ];
        assert_eq!(
            restore_raw_opcodes(words),
            [
                0x0723_0203,
                0x0001_0600,
                0,
                10,
                0,
                (4 << 16) | 5110,
                2,
                3,
                4,
                (1 << 16) | 253
            ]
        );
    }
}
