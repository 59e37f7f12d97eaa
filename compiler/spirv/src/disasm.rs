//! A readable disassembly of SPIR-V words, close to `spirv-dis` with friendly names: ids
//! are named after `OpName`s, types (`%v4float`, `%_ptr_Uniform_float`) and constants
//! (`%uint_0`, `%float_1`), typed constant literals, and `GLSL.std.450` instruction names.
//! Used by tests (snapshots), `hlslc --emit spirv-asm` and the editor's SPIR-V pane.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use rspirv::binary::Disassemble as _;
use rspirv::dr::{self, Operand};
use rspirv::spirv::{Op, Word};

/// `OpDecorateId`, which rspirv's loader does not place among the annotations.
const OP_DECORATE_ID: u32 = 332;
const OP_EXECUTION_MODE_ID: u32 = 331;

/// `words` with every `OpDecorateId` turned into an `OpDecorate` of the same operands (its
/// id operands read as literals otherwise; `CounterBuffer`'s as an id either way), and every
/// `OpExecutionModeId` into an `OpExecutionMode`, and the target and decoration (or entry and
/// mode) of each, to print them as `OpDecorateId`/`OpExecutionModeId` again.
fn decorate_ids_as_decorates(words: &[u32]) -> (Vec<u32>, Vec<(Word, u32)>) {
    let mut out = words.to_vec();
    let mut found = Vec::new();
    let mut at = 5;
    while at < out.len() {
        let count = (out[at] >> 16) as usize;
        if out[at] & 0xffff == OP_DECORATE_ID && count >= 3 && at + 2 < out.len() {
            out[at] = (out[at] & 0xffff_0000) | Op::Decorate as u32;
            found.push((out[at + 1], out[at + 2]));
        }
        // rspirv's loader does not place `OpExecutionModeId` (`vk::ext_execution_mode_id`):
        // read as an `OpExecutionMode`, whose id modes' operands the grammar reads as ids.
        if out[at] & 0xffff == OP_EXECUTION_MODE_ID && count >= 3 && at + 2 < out.len() {
            out[at] = (out[at] & 0xffff_0000) | Op::ExecutionMode as u32;
            found.push((out[at + 1], out[at + 2]));
        }
        at += count.max(1);
    }
    (out, found)
}

/// Disassembles a SPIR-V binary; words that do not parse give a one-line comment instead.
pub fn disassemble(words: &[u32]) -> String {
    let (words, mut unknown) = crate::raw_words::take_unknown(words);
    let (words, decorate_ids) = decorate_ids_as_decorates(&words);
    let (words, mut debug_globals) = crate::disasm_debug::take_global_ext_insts(&words);
    let module = match dr::load_words(&words) {
        Ok(m) => m,
        Err(e) => return format!("; invalid SPIR-V: {e}\n"),
    };
    let names = friendly_names(&module);
    let mut scalar_types: HashMap<Word, (bool, bool, u32)> = HashMap::new();
    for i in &module.types_global_values {
        match (i.class.opcode, i.result_id, &i.operands[..]) {
            (Op::TypeInt, Some(id), [Operand::LiteralBit32(w), Operand::LiteralBit32(s)]) => {
                scalar_types.insert(id, (false, *s != 0, *w));
            }
            (Op::TypeFloat, Some(id), [Operand::LiteralBit32(w), ..]) => {
                scalar_types.insert(id, (true, false, *w));
            }
            _ => {}
        }
    }
    let glsl: HashSet<Word> = module
        .ext_inst_imports
        .iter()
        .filter(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "GLSL.std.450"))
        .filter_map(|i| i.result_id)
        .collect();
    // SPV_EXT_mesh_shader reuses the values of SPV_NV_mesh_shader's modes and decorations;
    // rspirv names them after NV.
    let mesh_ext = module.extensions.iter().any(|i| {
        matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "SPV_EXT_mesh_shader")
    });
    let mut out = String::new();
    if let Some(h) = &module.header {
        let (major, minor) = h.version();
        let _ = writeln!(out, "; SPIR-V {major}.{minor}");
        let _ = writeln!(out, "; Bound: {}", h.bound);
    }
    let name = |id: Word| -> String { names.get(&id).cloned().unwrap_or_else(|| id.to_string()) };
    // Instructions rspirv does not know, by number; words naming an id of the module as ids.
    let raw_line = |words: &[u32]| -> String {
        let opcode = words.first().map_or(0, |w| w & 0xffff);
        // A name rspirv has (a newer type its loader cannot place), else the number.
        let mut line = match Op::from_u32(opcode) {
            Some(op) => format!("Op{op:?}"),
            None => format!("Op{opcode}"),
        };
        for w in words.iter().skip(1) {
            match names.get(w) {
                Some(n) => {
                    let _ = write!(line, " %{n}");
                }
                None => {
                    let _ = write!(line, " {w}");
                }
            }
        }
        line
    };
    for c in &unknown.capabilities {
        let _ = writeln!(out, "OpCapability {c}");
    }
    let mut raw_in_functions = std::mem::take(&mut unknown.in_functions).into_iter();
    let debug_sets: HashSet<Word> = module
        .ext_inst_imports
        .iter()
        .filter(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "NonSemantic.Shader.DebugInfo.100"))
        .filter_map(|i| i.result_id)
        .collect();
    for inst in module.all_inst_iter() {
        if inst.class.opcode == Op::Function {
            // The module-level debug instructions end the global section.
            for words in std::mem::take(&mut debug_globals) {
                let [ty, id, set, n, operands @ ..] = words.as_slice() else {
                    continue;
                };
                let mut line =
                    format!("%{} = OpExtInst %{} %{} ", name(*id), name(*ty), name(*set));
                match crate::disasm_debug::instruction_name(*n) {
                    Some(s) => line.push_str(s),
                    None => {
                        let _ = write!(line, "{n}");
                    }
                }
                for op in operands {
                    let _ = write!(line, " %{}", name(*op));
                }
                let _ = writeln!(out, "{line}");
            }
        }
        if inst.class.opcode == Op::Nop {
            if let Some(words) = raw_in_functions.next() {
                let _ = writeln!(out, "{}", raw_line(&words));
                continue;
            }
        }
        let mut line = String::new();
        if let Some(id) = inst.result_id {
            let _ = write!(line, "%{} = ", name(id));
        }
        let as_decorate_id = inst.class.opcode == Op::Decorate
            && match (inst.operands.first(), inst.operands.get(1)) {
                (Some(Operand::IdRef(target)), Some(Operand::Decoration(d))) => {
                    decorate_ids.contains(&(*target, *d as u32))
                }
                _ => false,
            };
        let as_mode_id = inst.class.opcode == Op::ExecutionMode
            && match (inst.operands.first(), inst.operands.get(1)) {
                (Some(Operand::IdRef(entry)), Some(Operand::ExecutionMode(m))) => {
                    decorate_ids.contains(&(*entry, *m as u32))
                }
                _ => false,
            };
        let opname = if as_decorate_id {
            "DecorateId"
        } else if as_mode_id {
            "ExecutionModeId"
        } else {
            inst.class.opname
        };
        let _ = write!(line, "Op{opname}");
        if let Some(t) = inst.result_type {
            let _ = write!(line, " %{}", name(t));
        }
        let literal_type = match inst.class.opcode {
            Op::Constant | Op::SpecConstant => inst.result_type.and_then(|t| scalar_types.get(&t)),
            _ => None,
        };
        for (k, op) in inst.operands.iter().enumerate() {
            line.push(' ');
            match op {
                Operand::IdRef(id) | Operand::IdScope(id) | Operand::IdMemorySemantics(id) => {
                    let _ = write!(line, "%{}", name(*id));
                }
                Operand::LiteralString(s) => {
                    let _ = write!(line, "\"{s}\"");
                }
                Operand::LiteralExtInstInteger(n)
                    if inst.class.opcode == Op::ExtInst
                        && matches!(inst.operands.first(), Some(Operand::IdRef(s)) if glsl.contains(s)) =>
                {
                    match rspirv::grammar::GlslStd450InstructionTable::lookup_opcode(*n) {
                        Some(e) => line.push_str(e.opname),
                        None => {
                            let _ = write!(line, "{n}");
                        }
                    }
                }
                Operand::LiteralExtInstInteger(n)
                    if inst.class.opcode == Op::ExtInst
                        && matches!(inst.operands.first(), Some(Operand::IdRef(s)) if debug_sets.contains(s)) =>
                {
                    match crate::disasm_debug::instruction_name(*n) {
                        Some(s) => line.push_str(s),
                        None => {
                            let _ = write!(line, "{n}");
                        }
                    }
                }
                Operand::LiteralBit32(v) => match literal_type {
                    Some((true, _, 32)) => {
                        let _ = write!(line, "{:?}", f32::from_bits(*v));
                    }
                    Some((true, _, 16)) => {
                        let _ = write!(line, "{:?}", ir::value::f16_bits_to_f32(*v as u16));
                    }
                    Some((false, true, _)) => {
                        let _ = write!(line, "{}", *v as i32);
                    }
                    _ => {
                        let _ = write!(line, "{v}");
                    }
                },
                Operand::LiteralBit64(v) => match literal_type {
                    Some((true, _, _)) => {
                        let _ = write!(line, "{:?}", f64::from_bits(*v));
                    }
                    Some((false, true, _)) => {
                        let _ = write!(line, "{}", *v as i64);
                    }
                    _ => {
                        let _ = write!(line, "{v}");
                    }
                },
                Operand::ExecutionMode(_) | Operand::Decoration(_) if mesh_ext => {
                    let text = op.disassemble();
                    match text.as_str() {
                        "OutputTrianglesNV" | "OutputLinesNV" | "OutputPrimitivesNV"
                        | "PerPrimitiveNV" => {
                            line.push_str(&text[..text.len() - 2]);
                            line.push_str("EXT");
                        }
                        _ => line.push_str(&text),
                    }
                }
                other => line.push_str(&other.disassemble()),
            }
            let _ = k;
        }
        out.push_str(&line);
        out.push('\n');
    }
    for words in &unknown.outside {
        let _ = writeln!(out, "; outside any function: {}", raw_line(words));
    }
    // The loader read `HitObjectAttributeEXT` as its stand-in (`raw_words`).
    let stand_in = format!("{:?}", crate::raw_words::HIT_OBJECT_ATTRIBUTE_EXT_STAND_IN);
    out.replace(&stand_in, "HitObjectAttributeEXT")
}

/// Names for ids: `OpName`s, then generated type and constant names; each name once.
fn friendly_names(m: &dr::Module) -> HashMap<Word, String> {
    let mut names: HashMap<Word, String> = HashMap::new();
    let mut used: HashSet<String> = HashSet::new();
    let mut assign = |names: &mut HashMap<Word, String>, id: Word, base: String| {
        if names.contains_key(&id) {
            return;
        }
        let mut base: String = base
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        if base.is_empty() || base.chars().all(|c| c.is_ascii_digit()) {
            base.insert(0, '_');
        }
        let mut name = base.clone();
        let mut n = 0;
        while used.contains(&name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        used.insert(name.clone());
        names.insert(id, name);
    };
    for i in &m.debug_names {
        if let (Op::Name, [Operand::IdRef(id), Operand::LiteralString(s)]) =
            (i.class.opcode, &i.operands[..])
        {
            assign(&mut names, *id, s.clone());
        }
    }
    for i in &m.ext_inst_imports {
        if let Some(id) = i.result_id {
            let name = match i.operands.first() {
                Some(Operand::LiteralString(s)) if s == "NonSemantic.DebugPrintf" => "printf",
                Some(Operand::LiteralString(s)) if s == "NonSemantic.Shader.DebugInfo.100" => {
                    "debug"
                }
                _ => "glsl",
            };
            assign(&mut names, id, name.to_owned());
        }
    }
    let mut consts: HashMap<Word, String> = HashMap::new();
    for i in &m.types_global_values {
        let Some(id) = i.result_id else { continue };
        let get = |names: &HashMap<Word, String>, k: usize| -> String {
            match i.operands.get(k) {
                Some(Operand::IdRef(r)) => names.get(r).cloned().unwrap_or_else(|| r.to_string()),
                _ => String::new(),
            }
        };
        let lit = |k: usize| -> u32 {
            match i.operands.get(k) {
                Some(Operand::LiteralBit32(v)) => *v,
                _ => 0,
            }
        };
        let base = match i.class.opcode {
            Op::TypeVoid => Some("void".to_owned()),
            Op::TypeBool => Some("bool".to_owned()),
            Op::TypeInt => Some(match (lit(0), lit(1)) {
                (32, 1) => "int".to_owned(),
                (32, 0) => "uint".to_owned(),
                (w, 1) => format!("int{w}"),
                (w, _) => format!("uint{w}"),
            }),
            Op::TypeFloat => Some(match lit(0) {
                32 => "float".to_owned(),
                16 => "half".to_owned(),
                64 => "double".to_owned(),
                w => format!("float{w}"),
            }),
            Op::TypeVector => Some(format!("v{}{}", lit(1), get(&names, 0))),
            Op::TypeMatrix => Some(format!("mat{}{}", lit(1), get(&names, 0))),
            Op::TypeArray => Some(format!("_arr_{}_{}", get(&names, 0), get(&names, 1))),
            Op::TypeRuntimeArray => Some(format!("_runtimearr_{}", get(&names, 0))),
            Op::TypePointer => {
                let class = match i.operands.first() {
                    Some(Operand::StorageClass(c)) => format!("{c:?}"),
                    _ => String::new(),
                };
                Some(format!("_ptr_{class}_{}", get(&names, 1)))
            }
            Op::TypeFunction => Some(
                (0..i.operands.len())
                    .map(|k| get(&names, k))
                    .fold("fn".to_owned(), |acc, p| acc + "_" + &p),
            ),
            Op::TypeImage => Some("type_image".to_owned()),
            Op::TypeSampler => Some("type_sampler".to_owned()),
            Op::TypeSampledImage => Some("type_sampled_image".to_owned()),
            Op::TypeStruct => Some("_struct".to_owned()),
            Op::ConstantTrue => Some("true".to_owned()),
            Op::ConstantFalse => Some("false".to_owned()),
            Op::Constant => {
                let ty = i
                    .result_type
                    .and_then(|t| names.get(&t))
                    .cloned()
                    .unwrap_or_default();
                let v = match (ty.as_str(), i.operands.first()) {
                    ("float", Some(Operand::LiteralBit32(b))) => format!("{}", f32::from_bits(*b)),
                    ("double", Some(Operand::LiteralBit64(b))) => format!("{}", f64::from_bits(*b)),
                    ("int", Some(Operand::LiteralBit32(b))) => format!("{}", *b as i32),
                    (_, Some(Operand::LiteralBit32(b))) => format!("{b}"),
                    (_, Some(Operand::LiteralBit64(b))) => format!("{b}"),
                    _ => String::new(),
                };
                let v = v.replace('-', "n").replace('.', "_");
                let s = format!("{ty}_{v}");
                consts.insert(id, s.clone());
                Some(s)
            }
            Op::ConstantComposite => {
                let ty = i
                    .result_type
                    .and_then(|t| names.get(&t))
                    .cloned()
                    .unwrap_or_default();
                let parts: Vec<String> = i
                    .operands
                    .iter()
                    .map(|o| match o {
                        Operand::IdRef(r) => consts
                            .get(r)
                            .and_then(|c| c.split_once('_').map(|(_, v)| v.to_owned()))
                            .unwrap_or_default(),
                        _ => String::new(),
                    })
                    .collect();
                let s = if parts.len() <= 4 && parts.iter().all(|p| !p.is_empty()) {
                    format!("{ty}_{}", parts.join("_"))
                } else {
                    format!("{ty}_const")
                };
                Some(s)
            }
            _ => None,
        };
        if let Some(b) = base {
            assign(&mut names, id, b);
        }
    }
    names
}
