//! The textual dump that tests compare and the editor's IR pane shows.
//!
//! Values are numbered in print order per function (`%0`, `%1`; parameters are `%arg0`),
//! blocks by layout position (`bb0`), globals by position (`@g0`), so the text never depends
//! on handles, hashing or names; source names appear only in `;` comments. Called by tests,
//! `hlslc --emit ir`, the language server and the verifier (which quotes the offending line).
//!
//! Sections, separated by blank lines, in this order:
//!
//! ```text
//! spec 0 kCount = 4:int                              spec constants: id, name, default
//! struct Light { float3 dir; float4 c : COLOR0; }    struct types, in first-use order
//! @g0 = input float4 location(0) ; in.var.COLOR0     globals: kind, [space,] type, attributes
//! @g1 = resource uniform ConstantBuffer<T> set(0) binding(0) layout(relaxed_std140) ; cb
//! func @f(%arg0: int) -> int {                       functions
//! bb0: ; (entry)                                     block: marker, hint and name in the comment
//!   %0 = alloca : ptr<function, int> ; sum           result = [precise] opcode operands : type
//!   store %0, 0:int                                  constants are `value:type`
//! bb1: ; loop merge=bb5 continue=bb4 hint=dontunroll (for.header)
//! }
//! entry compute "main" @main numthreads(8, 8, 1) inputs(@g0) outputs()
//! entry geometry "gs" @gs invocations(1) input_primitive(triangle) output_topology(triangle_strip) output_vertices(3) inputs(@g0) outputs(@g1)
//! ```
//!
//! Stage variables per patch (hull and domain shaders) print ` patch`, mesh-shader outputs per
//! primitive ` per_primitive`, after their binding; `globallycoherent` resources
//! ` globallycoherent`. Buffer pointer variables declared `[[vk::aliased_pointer]]` print
//! ` aliased_pointer`: a global after its attributes, an argument after its type
//! (`%arg0: bufptr<S, 4> aliased_pointer`), an alloca after its opcode, as are the inline
//! SPIR-V decorations of an alloca (`alloca spirv_decorate(39, 0) : ...`) and of a function
//! (after its result type: `func @f(%arg0: u32) -> u32 spirv_decorate(0) {`). A module whose
//! buffer pointers point to memory laid out by non-default rules starts with
//! `buffer_pointer_layout(RULES)`; inline SPIR-V decorations of struct members are lines
//! `spirv_member_decoration S.1 spirv_decorate(d, ...)` there too.
//!
//! Operand forms: `%N`, `%argN`, `@gN`, `spec(ID NAME)`, `1.5:float`, `{1.0, 0.0}:float2`
//! (composite parts untyped), infinities and NaNs as hex bits (`0x7f800000:float`). Opcode
//! specific forms: `phi [%1, bb0], [%2, bb1]`, `br bb1`, `cond_br %c, bb1, bb2`,
//! `switch %s, bbDefault, [0: bb1, 1: bb2]`, `call @f(%a)`, `call_intrinsic sin(%a)`,
//! `atomic_rmw add %p, %v`, `barrier workgroup_memory|group_sync`, `swizzle %v, xzy`,
//! `composite_extract %v, [1, 0]`, texture immediates as `component(N)`, `offset(x, y)` and
//! `offsets(x0, y0, .., x3, y3)`, then trailing texture operands as `offset(%o)`,
//! `min_lod(%c)` and `status(%p)`.

use std::fmt::Write as _;
use std::sync::Arc;

use types::{ScalarKind, StructType, Type};

use crate::inst::{InstData, Opcode, SourceLoc, StructureKind};
use crate::module::{Block, Func, Function, Inst, Module, StageBinding};
use crate::value::{f16_bits_to_f32, sign_extend, Const, ConstantKind, Value};

#[derive(Clone, Copy, Default)]
pub struct PrintOptions<'a> {
    /// Append `loc(...)` to the comment of instructions that have one: what
    /// [`PrintOptions::sources`] says, else `loc(file:start..end)` with the file id and the
    /// byte range.
    pub locations: bool,
    /// List the offsets, sizes and strides of buffer layouts as `;` lines under their globals.
    pub layouts: bool,
    /// Names the files and line/column positions of locations (the driver knows the paths
    /// and texts; the IR keeps only ids and byte offsets).
    pub sources: Option<&'a dyn SourceNames>,
}

impl std::fmt::Debug for PrintOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PrintOptions")
            .field("locations", &self.locations)
            .field("layouts", &self.layouts)
            .field("sources", &self.sources.is_some())
            .finish()
    }
}

/// How a dump names a source location, e.g. `shader.hlsl:4:15..4:27`; `None` for a file it
/// does not know (the dump falls back to the id and byte range).
pub trait SourceNames {
    fn describe(&self, loc: SourceLoc) -> Option<String>;
}

/// `format!("{module}")` is [`print_module`].
impl std::fmt::Display for Module {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&print_module(self))
    }
}

/// ` spirv_decorate(d, ...)` (or `_string`, `_id`): an inline SPIR-V decoration.
fn format_spirv_decoration(module: &Module, d: &crate::module::SpirvDecoration) -> String {
    use crate::module::SpirvDecorationOperands as O;
    let mut out = String::new();
    match &d.operands {
        O::Literals(words) => {
            let _ = write!(out, " spirv_decorate({}", d.decoration);
            for w in words {
                let _ = write!(out, ", {w}");
            }
        }
        O::Strings(texts) => {
            let _ = write!(out, " spirv_decorate_string({}", d.decoration);
            for t in texts {
                let _ = write!(out, ", {t:?}");
            }
        }
        O::Ids(ids) => {
            let _ = write!(out, " spirv_decorate_id({}", d.decoration);
            for &c in ids {
                let _ = write!(out, ", {}", format_const(module, c, true));
            }
        }
    }
    out.push(')');
    out
}

/// The dump of a whole module with default options.
pub fn print_module(module: &Module) -> String {
    print_module_with(module, &PrintOptions::default())
}

pub fn print_module_with(module: &Module, opts: &PrintOptions) -> String {
    let mut sections: Vec<String> = Vec::new();

    let mut inline = String::new();
    for c in &module.spirv_capabilities {
        let _ = writeln!(inline, "spirv_capability {c}");
    }
    for e in &module.spirv_extensions {
        let _ = writeln!(inline, "spirv_extension {e:?}");
    }
    for m in &module.spirv_execution_modes {
        let words: Vec<String> = m.iter().map(u32::to_string).collect();
        let _ = writeln!(inline, "spirv_execution_mode {}", words.join(" "));
    }
    for (mode, ids) in &module.spirv_execution_mode_ids {
        let ids: Vec<String> = ids
            .iter()
            .map(|&v| match v {
                Value::Const(c) => format_const(module, c, true),
                Value::Spec(s) => match module.spec_constants.get(s) {
                    Some(s) => format!("spec({} {})", s.id, s.name),
                    None => format!("spec(<bad #{}>)", s.index()),
                },
                _ => "<not a constant>".to_owned(),
            })
            .collect();
        let _ = writeln!(inline, "spirv_execution_mode_id {mode} {}", ids.join(" "));
    }
    for (id, operands) in &module.spirv_type_defs {
        let operands: Vec<String> = operands
            .iter()
            .map(|o| types::SpirvOperandIr(o).to_string())
            .collect();
        let _ = writeln!(inline, "spirv_type_def {id}: {}", operands.join(", "));
    }
    for d in &module.spirv_member_decorations {
        let text = format_spirv_decoration(module, &d.decoration);
        let _ = writeln!(
            inline,
            "spirv_member_decoration {}.{}{text}",
            d.struct_name, d.member
        );
    }
    if let Some(rules) = module.buffer_pointer_layout {
        let _ = writeln!(inline, "buffer_pointer_layout({})", rules.name());
    }
    sections.push(inline);

    let mut spec = String::new();
    for (_, s) in module.spec_constants.iter() {
        let _ = writeln!(
            spec,
            "spec {} {} = {}:{}",
            s.id,
            s.name,
            format_scalar(s.kind, s.default_bits),
            s.kind.name()
        );
    }
    sections.push(spec);

    let mut structs = String::new();
    for s in collect_structs(module) {
        let _ = write!(structs, "struct {} {{", s.name);
        for f in &s.fields {
            structs.push(' ');
            // An explicit buffer offset as HLSL writes it.
            if let Some(at) = f.offset {
                let _ = write!(structs, "[[vk::offset({at})]] ");
            }
            for i in &f.interpolation {
                let _ = write!(structs, "{} ", i.name());
            }
            let _ = write!(structs, "{} {}", f.ty.ir(), f.name);
            // A bit-field's width as HLSL writes it (`uint a : 4;`).
            if let Some(w) = f.bit_width {
                let _ = write!(structs, " : {w}");
            }
            if let Some(sem) = &f.semantic {
                let _ = write!(structs, " : {sem}");
            }
            structs.push(';');
        }
        structs.push_str(" }\n");
    }
    sections.push(structs);

    let mut globals = String::new();
    for (h, g) in module.globals.iter() {
        let _ = write!(globals, "@g{} = {}", h.index(), g.kind.name());
        if g.kind.fixed_space() != Some(g.space) {
            let _ = write!(globals, " {}", g.space.name());
        }
        let _ = write!(globals, " {}", g.ty.ir());
        if let Some(s) = g.set {
            let _ = write!(globals, " set({s})");
        }
        if let Some(b) = g.binding {
            let _ = write!(globals, " binding({b})");
        }
        if let Some(n) = g.resource_count {
            let _ = write!(globals, " count({n})");
        }
        if let Some(f) = g.image_format {
            let _ = write!(globals, " format({})", f.name());
        }
        if let Some(n) = g.input_attachment {
            let _ = write!(globals, " input_attachment({n})");
        }
        for d in &g.spirv_decorations {
            globals.push_str(&format_spirv_decoration(module, d));
        }
        if let Some(l) = &g.layout {
            let _ = write!(globals, " layout({})", l.rules.name());
        }
        match g.stage_binding {
            Some(StageBinding::Location(l)) => {
                let _ = write!(globals, " location({l})");
                if let Some(c) = g.component {
                    let _ = write!(globals, " component({c})");
                }
            }
            Some(StageBinding::BuiltIn(b)) => {
                let _ = write!(globals, " builtin({})", b.name());
            }
            None => {}
        }
        if g.patch {
            globals.push_str(" patch");
        }
        if g.per_primitive {
            globals.push_str(" per_primitive");
        }
        if let Some(s) = g.stream {
            let _ = write!(globals, " stream({s})");
        }
        if g.per_vertex {
            globals.push_str(" per_vertex");
        }
        if g.globally_coherent {
            globals.push_str(" globallycoherent");
        }
        if g.aliased_pointer {
            globals.push_str(" aliased_pointer");
        }
        for i in &g.interpolation {
            let _ = write!(globals, " {}", i.name());
        }
        if let Some(init) = g.init {
            let _ = write!(globals, " = {}", format_const(module, init, true));
        }
        let _ = writeln!(globals, " ; {}", g.name);
        if let (true, Some(l), Some(t)) = (opts.layouts, &g.layout, g.buffer_layout_type()) {
            for line in l.layout.describe(&t).lines() {
                let _ = writeln!(globals, ";   {line}");
            }
        }
    }
    sections.push(globals);

    let funcs: Vec<String> = module
        .functions
        .handles()
        .map(|f| print_function(module, f, opts))
        .collect();
    sections.push(funcs.join("\n"));

    let mut entries = String::new();
    for e in &module.entry_points {
        let _ = write!(
            entries,
            "entry {} \"{}\" {}",
            e.stage.name(),
            e.name,
            func_ref(module, e.function)
        );
        if let Some([x, y, z]) = e.workgroup_size {
            let _ = write!(entries, " numthreads({x}, {y}, {z})");
        }
        for m in &e.modes {
            let _ = write!(entries, " {}", m.display());
        }
        let list = |gs: &[crate::module::Global]| {
            gs.iter()
                .map(|g| format!("@g{}", g.index()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            entries,
            " inputs({}) outputs({})",
            list(&e.inputs),
            list(&e.outputs)
        );
    }
    sections.push(entries);

    sections.retain(|s| !s.is_empty());
    sections.join("\n")
}

/// One function's dump.
pub fn print_function(module: &Module, func: Func, opts: &PrintOptions) -> String {
    let Some(f) = module.functions.get(func) else {
        return format!("; no function #{}\n", func.index());
    };
    let num = Numbering::new(f);
    let mut out = String::new();
    let params: Vec<String> = f
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let aliased = f.aliased_pointers.contains(&Value::Arg(i as u32));
            let flag = if aliased { " aliased_pointer" } else { "" };
            format!("%arg{i}: {}{flag}", p.ty.ir())
        })
        .collect();
    let decorations: String = f
        .decorations
        .iter()
        .map(|d| format_spirv_decoration(module, d))
        .collect();
    let _ = writeln!(
        out,
        "func @{}({}) -> {}{decorations} {{",
        f.name,
        params.join(", "),
        f.ret.ir()
    );
    for (pos, &b) in f.layout.iter().enumerate() {
        out.push_str(&block_header(f, &num, pos, b));
        out.push('\n');
        if let Some(data) = f.blocks.get(b) {
            for &i in &data.insts {
                let _ = writeln!(out, "  {}", inst_line(module, f, &num, i, opts));
            }
        }
    }
    out.push_str("}\n");
    out
}

/// Print-order numbers of a function's blocks and result values.
pub(crate) struct Numbering {
    insts: Vec<Option<u32>>,
    blocks: Vec<Option<u32>>,
}

impl Numbering {
    pub(crate) fn new(f: &Function) -> Numbering {
        let mut insts = vec![None; f.insts.len()];
        let mut blocks = vec![None; f.blocks.len()];
        let mut next = 0;
        for (pos, &b) in f.layout.iter().enumerate() {
            if let Some(slot) = blocks.get_mut(b.index()) {
                slot.get_or_insert(pos as u32);
            }
            let Some(data) = f.blocks.get(b) else {
                continue;
            };
            for &i in &data.insts {
                let has_result = f.insts.get(i).is_some_and(InstData::has_result);
                if let Some(slot) = insts.get_mut(i.index()) {
                    if has_result && slot.is_none() {
                        *slot = Some(next);
                        next += 1;
                    }
                }
            }
        }
        Numbering { insts, blocks }
    }

    pub(crate) fn block(&self, b: Block) -> String {
        match self.blocks.get(b.index()).copied().flatten() {
            Some(n) => format!("bb{n}"),
            None => format!("bb?{}", b.index()),
        }
    }
}

pub(crate) fn block_header(f: &Function, num: &Numbering, pos: usize, b: Block) -> String {
    let mut line = format!("bb{pos}:");
    let mut comment = Vec::new();
    if let Some(data) = f.blocks.get(b) {
        if let Some(m) = &data.marker {
            let kind = match m.kind {
                StructureKind::Selection => "selection",
                StructureKind::Loop => "loop",
            };
            let mut s = format!("{kind} merge={}", num.block(m.merge));
            if let Some(c) = m.continue_block {
                let _ = write!(s, " continue={}", num.block(c));
            }
            if let Some(h) = m.hint {
                let _ = write!(s, " hint={}", h.name());
            }
            comment.push(s);
        }
        if let Some(name) = data.name.as_deref() {
            comment.push(format!("({name})"));
        }
    } else {
        comment.push(format!("(missing block #{})", b.index()));
    }
    if !comment.is_empty() {
        line.push_str(" ; ");
        line.push_str(&comment.join(" "));
    }
    line
}

fn func_ref(module: &Module, func: Func) -> String {
    match module.functions.get(func) {
        Some(f) => format!("@{}", f.name),
        None => format!("@<bad function #{}>", func.index()),
    }
}

pub(crate) fn format_value(module: &Module, f: &Function, num: &Numbering, v: Value) -> String {
    match v {
        Value::Const(c) => format_const(module, c, true),
        Value::Spec(s) => match module.spec_constants.get(s) {
            Some(s) => format!("spec({} {})", s.id, s.name),
            None => format!("spec(<bad #{}>)", s.index()),
        },
        Value::Global(g) => {
            if module.globals.get(g).is_some() {
                format!("@g{}", g.index())
            } else {
                format!("@<bad global #{}>", g.index())
            }
        }
        Value::Arg(i) => format!("%arg{i}"),
        Value::Inst(i) => match num.insts.get(i.index()).copied().flatten() {
            Some(n) => format!("%{n}"),
            None if f.insts.get(i).is_some_and(|d| !d.has_result()) => {
                format!("%<no result #{}>", i.index())
            }
            None if f.insts.get(i).is_some() => format!("%<unplaced #{}>", i.index()),
            None => format!("%<bad inst #{}>", i.index()),
        },
    }
}

/// A scalar's bits as dump text: decimal integers, `true`/`false`, shortest round-trip
/// floats, and hex bits for infinities and NaNs.
pub fn format_scalar(kind: ScalarKind, bits: u64) -> String {
    match kind {
        ScalarKind::Bool => (bits != 0).to_string(),
        ScalarKind::Double => {
            let v = f64::from_bits(bits);
            if v.is_finite() {
                format!("{v:?}")
            } else {
                format!("0x{bits:016x}")
            }
        }
        ScalarKind::Float16 => {
            let v = f16_bits_to_f32(bits as u16);
            if v.is_finite() {
                format!("{v:?}")
            } else {
                format!("0x{bits:04x}")
            }
        }
        k if k.is_float() => {
            let v = f32::from_bits(bits as u32);
            if v.is_finite() {
                format!("{v:?}")
            } else {
                format!("0x{bits:08x}")
            }
        }
        k if k.is_signed_integer() => sign_extend(k, bits).to_string(),
        _ => bits.to_string(),
    }
}

/// `1.5:float`, `{1.0, 2.0}:float2`; nested composite parts are untyped.
pub fn format_const(module: &Module, c: Const, typed: bool) -> String {
    let mut out = String::new();
    write_const(module, c, &mut out, 0);
    if typed {
        if let Some(k) = module.constants.get(c) {
            let _ = write!(out, ":{}", k.ty.ir());
        }
    }
    out
}

fn write_const(module: &Module, c: Const, out: &mut String, depth: u32) {
    let Some(k) = module.constants.get(c) else {
        let _ = write!(out, "<bad const #{}>", c.index());
        return;
    };
    if depth > 32 {
        out.push_str("...");
        return;
    }
    match &k.kind {
        ConstantKind::Scalar(bits) => match k.ty.scalar_kind() {
            Some(kind) if matches!(k.ty, Type::Scalar(_)) => {
                out.push_str(&format_scalar(kind, *bits))
            }
            _ => {
                let _ = write!(out, "0x{bits:x}");
            }
        },
        ConstantKind::Composite(parts) => {
            out.push('{');
            for (i, p) in parts.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                // Parts precede their composite in a valid pool; anything else may be a cycle.
                if p.index() >= c.index() {
                    let _ = write!(out, "<const #{} out of order>", p.index());
                } else {
                    write_const(module, *p, out, depth + 1);
                }
            }
            out.push('}');
        }
    }
}

/// One instruction as it appears in the dump, without indentation.
pub(crate) fn inst_line(
    module: &Module,
    f: &Function,
    num: &Numbering,
    inst: Inst,
    opts: &PrintOptions,
) -> String {
    let Some(d) = f.insts.get(inst) else {
        return format!("<bad inst #{}>", inst.index());
    };
    let v = |x: Value| format_value(module, f, num, x);
    let vals = |xs: &[Value]| xs.iter().map(|&x| v(x)).collect::<Vec<_>>();
    let lits = |xs: &[i64]| {
        xs.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };

    let mut line = String::new();
    if d.has_result() {
        let _ = write!(line, "{} = ", v(Value::Inst(inst)));
    }
    if d.precise {
        line.push_str("precise ");
    }
    line.push_str(d.opcode.name());
    if d.opcode == Opcode::Alloca && f.aliased_pointers.contains(&Value::Inst(inst)) {
        line.push_str(" aliased_pointer");
    }
    for (_, dec) in f
        .spirv_decorations
        .iter()
        .filter(|(v, _)| d.opcode == Opcode::Alloca && *v == Value::Inst(inst))
    {
        line.push_str(&format_spirv_decoration(module, dec));
    }
    let mut args: Vec<String> = Vec::new();
    match d.opcode {
        Opcode::Phi => {
            for (i, x) in d.operands.iter().enumerate() {
                let b = d
                    .blocks
                    .get(i)
                    .map_or_else(|| "<no block>".to_owned(), |&b| num.block(b));
                args.push(format!("[{}, {b}]", v(*x)));
            }
            if d.blocks.len() > d.operands.len() {
                for &b in &d.blocks[d.operands.len()..] {
                    args.push(format!("[<no value>, {}]", num.block(b)));
                }
            }
        }
        Opcode::Switch => {
            args = vals(&d.operands);
            let mut blocks = d.blocks.iter().map(|&b| num.block(b));
            args.push(blocks.next().unwrap_or_else(|| "<no default>".to_owned()));
            let cases: Vec<String> = d
                .literals
                .iter()
                .zip(blocks)
                .map(|(c, b)| format!("{c}: {b}"))
                .collect();
            args.push(format!("[{}]", cases.join(", ")));
        }
        Opcode::Call(callee) => {
            line.push(' ');
            line.push_str(&func_ref(module, callee));
            let _ = write!(line, "({})", vals(&d.operands).join(", "));
        }
        // `printf`'s format is a string of the module, named by its first literal.
        Opcode::CallIntrinsic(i @ crate::Intrinsic::Printf) => {
            let format = d
                .literals
                .first()
                .and_then(|&s| module.strings.get(s as usize));
            let mut parts = vec![match format {
                Some(s) => format!("{s:?}"),
                None => "<no string>".to_owned(),
            }];
            parts.extend(vals(&d.operands));
            let _ = write!(line, " {}({})", i.name(), parts.join(", "));
        }
        Opcode::CallIntrinsic(i @ crate::Intrinsic::ExtInstruction) => {
            // `vk::ext_instruction[61](ref %1, literal 0:int)`, `["GLSL.std.450" 81](...)`.
            let opcode = d.literals.first().copied().unwrap_or(-1);
            let set = d
                .literals
                .get(1)
                .and_then(|&s| usize::try_from(s).ok())
                .and_then(|s| module.strings.get(s));
            let head = match set {
                Some(set) => format!("{set:?} {opcode}"),
                None => opcode.to_string(),
            };
            let kinds = d.literals.get(2..).unwrap_or(&[]);
            let parts: Vec<String> = vals(&d.operands)
                .into_iter()
                .enumerate()
                .map(|(k, v)| {
                    let kind = kinds
                        .get(k)
                        .and_then(|&c| crate::intrinsic::ExtOperand::from_code(c));
                    format!("{}{v}", kind.map_or("", |k| k.prefix()))
                })
                .collect();
            let _ = write!(line, " {}[{head}]({})", i.name(), parts.join(", "));
        }
        Opcode::CallIntrinsic(i) => {
            let _ = write!(line, " {}({})", i.name(), vals(&d.operands).join(", "));
        }
        Opcode::AtomicRmw(op) => {
            line.push(' ');
            line.push_str(op.name());
            args = vals(&d.operands);
        }
        Opcode::Barrier(flags) => {
            line.push(' ');
            line.push_str(&flags.names());
        }
        Opcode::Swizzle => {
            args = vals(&d.operands);
            let comps: String = d
                .literals
                .iter()
                .map(|&c| match c {
                    0 => 'x',
                    1 => 'y',
                    2 => 'z',
                    3 => 'w',
                    _ => '?',
                })
                .collect();
            args.push(comps);
        }
        Opcode::CompositeExtract | Opcode::CompositeInsert => {
            args = vals(&d.operands);
            args.push(format!("[{}]", lits(&d.literals)));
        }
        Opcode::EmitVertex | Opcode::EndPrimitive => {
            args = vals(&d.operands);
            args.extend(d.literals.iter().map(|s| format!("stream({s})")));
        }
        op if op.is_texture() => {
            // Table operands, immediates (`component(N)`, `offset(..)` or four 2D offsets as
            // `offsets(..)`), then the trailing operands by role.
            let tys: Option<Vec<Type>> = d
                .operands
                .iter()
                .map(|&x| module.value_type(f, x))
                .collect();
            let roles = tys
                .and_then(|t| crate::texture::split(op, &t).ok())
                .unwrap_or(crate::texture::TextureOperands {
                    fixed: d.operands.len(),
                    ..Default::default()
                });
            args = vals(&d.operands[..roles.fixed]);
            let offset = match (op, d.literals.split_first()) {
                (Opcode::TextureGather, Some((c, rest))) => {
                    args.push(format!("component({c})"));
                    rest
                }
                _ => &d.literals[..],
            };
            if offset.len() == 8 {
                args.push(format!("offsets({})", lits(offset)));
            } else if !offset.is_empty() {
                args.push(format!("offset({})", lits(offset)));
            }
            for (label, at) in [
                ("offset", roles.offset),
                ("min_lod", roles.min_lod),
                ("status", roles.status),
            ] {
                if let Some(at) = at {
                    args.push(format!("{label}({})", v(d.operands[at])));
                }
            }
        }
        _ => {
            args = vals(&d.operands);
            args.extend(d.blocks.iter().map(|&b| num.block(b)));
            if !d.literals.is_empty() {
                args.push(format!("[{}]", lits(&d.literals)));
            }
        }
    }
    if !args.is_empty() {
        line.push(' ');
        line.push_str(&args.join(", "));
    }
    if d.has_result() {
        let _ = write!(line, " : {}", d.ty.ir());
    }
    let mut comment = Vec::new();
    if let Some(n) = d.name.as_deref() {
        comment.push(n.to_owned());
    }
    if opts.locations {
        if let Some(l) = d.loc {
            let named = opts.sources.and_then(|s| s.describe(l));
            comment.push(match named {
                Some(text) => format!("loc({text})"),
                None => format!("loc({}:{}..{})", l.file, l.start, l.end),
            });
        }
    }
    if !comment.is_empty() {
        line.push_str(" ; ");
        line.push_str(&comment.join(" "));
    }
    line
}

/// Struct types in first-use order, each after the structs its fields use.
fn collect_structs(module: &Module) -> Vec<Arc<StructType>> {
    let mut out: Vec<Arc<StructType>> = Vec::new();
    fn visit(ty: &Type, out: &mut Vec<Arc<StructType>>, depth: u32) {
        if depth > 64 {
            return;
        }
        match ty {
            Type::Struct(s) => {
                if out.iter().any(|o| Arc::ptr_eq(o, s) || **o == **s) {
                    return;
                }
                for f in &s.fields {
                    visit(&f.ty, out, depth + 1);
                }
                if !out.iter().any(|o| **o == **s) {
                    out.push(s.clone());
                }
            }
            Type::Array { element, .. } => visit(element, out, depth + 1),
            Type::Pointer { pointee, .. } | Type::BufferPointer { pointee, .. } => {
                visit(pointee, out, depth + 1)
            }
            Type::Resource(r) => {
                if let Some(e) = r.element() {
                    visit(e, out, depth + 1);
                }
            }
            _ => {}
        }
    }
    for (_, g) in module.globals.iter() {
        visit(&g.ty, &mut out, 0);
    }
    for (_, c) in module.constants.iter() {
        visit(&c.ty, &mut out, 0);
    }
    for (_, f) in module.functions.iter() {
        for p in &f.params {
            visit(&p.ty, &mut out, 0);
        }
        visit(&f.ret, &mut out, 0);
        for &b in &f.layout {
            let Some(data) = f.blocks.get(b) else {
                continue;
            };
            for &i in &data.insts {
                if let Some(d) = f.insts.get(i) {
                    visit(&d.ty, &mut out, 0);
                }
            }
        }
    }
    out
}
