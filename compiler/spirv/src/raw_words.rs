//! Instructions rspirv cannot represent: inline SPIR-V may name an opcode, a capability or
//! a storage class (`HitObjectAttributeEXT`, built as a stand-in class and rewritten after
//! assembly) newer than rspirv's grammar, and an `rspirv::dr::Instruction` holds its opcode as the
//! grammar's enum. Such an instruction is built as an `OpNop` whose first operand is the real
//! opcode ([`raw_instruction`]); an `OpNop` never has operands otherwise, so after assembly
//! [`restore_raw_opcodes`] rewrites each one into the instruction it stands for. Called by
//! `inline_spirv` and `context`; the disassembler sets them aside with [`take_unknown`] and
//! prints them by number, as it does with capabilities and execution modes rspirv does not
//! know.

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, StorageClass, Word};

/// SPIR-V's `HitObjectAttributeEXT` storage class (`SPV_EXT_shader_invocation_reorder`),
/// newer than rspirv's grammar.
pub(crate) const HIT_OBJECT_ATTRIBUTE_EXT: u32 = 5411;
/// The class the module is built with in its place: `CodeSectionINTEL`, which no Vulkan
/// module has (lowering refuses it), so [`restore_raw_opcodes`] can tell every use of it
/// apart and rewrite it, and the disassembler can read it back.
pub(crate) const HIT_OBJECT_ATTRIBUTE_EXT_STAND_IN: StorageClass = StorageClass::CodeSectionINTEL;

/// The word of the storage class operand of a `words` instruction (`OpTypePointer`,
/// `OpVariable`), when it has one.
fn storage_class_word(words: &[Word]) -> Option<usize> {
    let at = match Op::from_u32(words.first()? & 0xffff)? {
        Op::TypePointer | Op::TypeForwardPointer => 2,
        Op::Variable => 3,
        _ => return None,
    };
    (at < words.len()).then_some(at)
}

/// Rewrites storage class `from` into `to` in every instruction of `words` that names one
/// (the module's header included in `words`).
fn swap_storage_class(words: &mut [Word], from: u32, to: u32) {
    let mut at = 5;
    while at < words.len() {
        let count = ((words[at] >> 16) as usize).max(1);
        let end = (at + count).min(words.len());
        if let Some(i) = storage_class_word(&words[at..end]) {
            if words[at + i] == from {
                words[at + i] = to;
            }
        }
        at = end;
    }
}

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
    let stand_in = HIT_OBJECT_ATTRIBUTE_EXT_STAND_IN as u32;
    swap_storage_class(&mut out, stand_in, HIT_OBJECT_ATTRIBUTE_EXT);
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
    // The loader reads `HitObjectAttributeEXT` as its stand-in (the disassembler names it).
    let mut words = words.to_vec();
    let stand_in = HIT_OBJECT_ATTRIBUTE_EXT_STAND_IN as u32;
    swap_storage_class(&mut words, HIT_OBJECT_ATTRIBUTE_EXT, stand_in);
    let words = words.as_slice();
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
    fn the_storage_class_stand_in_becomes_hit_object_attribute_ext() {
        let stand_in = HIT_OBJECT_ATTRIBUTE_EXT_STAND_IN as u32;
        // Header, `%3 = OpTypePointer <class> %2`, `%4 = OpVariable %3 <class>`, and a
        // `OpTypePointer Private` left alone.
        let words = vec![
            0x0723_0203,
            0x0001_0600,
            0,
            10,
            0,
            (4 << 16) | Op::TypePointer as u32,
            3,
            stand_in,
            2,
            (4 << 16) | Op::Variable as u32,
            3,
            4,
            stand_in,
            (4 << 16) | Op::TypePointer as u32,
            5,
            StorageClass::Private as u32,
            2,
        ];
        let out = restore_raw_opcodes(words.clone());
        assert_eq!(out[7], HIT_OBJECT_ATTRIBUTE_EXT);
        assert_eq!(out[12], HIT_OBJECT_ATTRIBUTE_EXT);
        assert_eq!(out[15], StorageClass::Private as u32);
        let (back, _) = take_unknown(&out);
        assert_eq!(back, words);
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
