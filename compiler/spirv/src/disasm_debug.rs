//! The disassembler's handling of `NonSemantic.Shader.DebugInfo.100` (see `debug_info`):
//! rspirv's loader refuses an `OpExtInst` outside a function, where the module-level debug
//! instructions live, so [`take_global_ext_insts`] lifts them out of the words before loading
//! and `disasm` prints them where the global section ends; [`instruction_name`] names the
//! set's instructions.

/// `OpExtInst`.
const OP_EXT_INST: u32 = 12;
/// `OpFunction`.
const OP_FUNCTION: u32 = 54;

/// `words` without the `OpExtInst`s that precede the first function, and those instructions
/// (each its words: result type, result id, set, instruction, operands).
pub(crate) fn take_global_ext_insts(words: &[u32]) -> (Vec<u32>, Vec<Vec<u32>>) {
    let mut out = Vec::with_capacity(words.len());
    let mut taken = Vec::new();
    out.extend_from_slice(&words[..words.len().min(5)]);
    let mut at = 5;
    let mut in_functions = false;
    while at < words.len() {
        let count = ((words[at] >> 16) as usize).max(1);
        let end = (at + count).min(words.len());
        let opcode = words[at] & 0xffff;
        in_functions |= opcode == OP_FUNCTION;
        if opcode == OP_EXT_INST && !in_functions {
            taken.push(words[at + 1..end].to_vec());
        } else {
            out.extend_from_slice(&words[at..end]);
        }
        at = end;
    }
    (out, taken)
}

/// The name of instruction `n` of NonSemantic.Shader.DebugInfo.100.
pub(crate) fn instruction_name(n: u32) -> Option<&'static str> {
    Some(match n {
        0 => "DebugInfoNone",
        1 => "DebugCompilationUnit",
        2 => "DebugTypeBasic",
        3 => "DebugTypePointer",
        4 => "DebugTypeQualifier",
        5 => "DebugTypeArray",
        6 => "DebugTypeVector",
        7 => "DebugTypedef",
        8 => "DebugTypeFunction",
        9 => "DebugTypeEnum",
        10 => "DebugTypeComposite",
        11 => "DebugTypeMember",
        18 => "DebugGlobalVariable",
        20 => "DebugFunction",
        21 => "DebugLexicalBlock",
        23 => "DebugScope",
        24 => "DebugNoScope",
        25 => "DebugInlinedAt",
        26 => "DebugLocalVariable",
        28 => "DebugDeclare",
        29 => "DebugValue",
        31 => "DebugExpression",
        35 => "DebugSource",
        101 => "DebugFunctionDefinition",
        102 => "DebugSourceContinued",
        103 => "DebugLine",
        104 => "DebugNoLine",
        108 => "DebugTypeMatrix",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifts_only_the_ext_insts_before_functions() {
        // Header, OpExtInst (4 words + 1 operand), OpFunction (5 words), OpExtInst, OpFunctionEnd.
        let words = [
            0x0723_0203,
            0x0001_0000,
            0,
            20,
            0,
            (6 << 16) | OP_EXT_INST,
            1,
            2,
            3,
            35,
            4,
            (5 << 16) | OP_FUNCTION,
            1,
            5,
            0,
            6,
            (5 << 16) | OP_EXT_INST,
            1,
            7,
            3,
            23,
            (1 << 16) | 56,
        ];
        let (rest, taken) = take_global_ext_insts(&words);
        assert_eq!(taken, vec![vec![1, 2, 3, 35, 4]]);
        assert_eq!(rest.len(), words.len() - 6);
        assert_eq!(rest[5], (5 << 16) | OP_FUNCTION);
        assert_eq!(instruction_name(35), Some("DebugSource"));
        assert_eq!(instruction_name(200), None);
    }
}
