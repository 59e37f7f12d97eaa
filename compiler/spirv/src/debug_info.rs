//! `-fspv-debug=vulkan` and its kin: source-level debug information as
//! `NonSemantic.Shader.DebugInfo.100` extended instructions (with `SPV_KHR_non_semantic_info`
//! below SPIR-V 1.6), the set DXC's Vulkan debug modes emit. What is emitted:
//!
//! - `DebugSource` per source file (with its text when [`DebugInfoOptions::embed_source`]) and
//!   a `DebugCompilationUnit` (HLSL) for the main file;
//! - `DebugTypeBasic`, `DebugTypeVector`, `DebugTypeMatrix` and `DebugTypeArray` for the
//!   numeric types (and arrays of them) of parameters, results, locals and globals, and a
//!   `DebugTypeFunction` per function;
//! - `DebugTypeComposite` (`Structure`) with a `DebugTypeMember` per field for structs whose
//!   fields all have debug types, the offsets and sizes in bits those of the scalar layout
//!   (function-local structs have no layout of their own; buffer members are described by the
//!   buffer's SPIR-V decorations). The IR's types carry no declaration site, so a struct's
//!   (and its members') line and column are those of the first local or global that needs it;
//! - `DebugTypeComposite` (`Class`, size `DebugInfoNone`) for resources, named as HLSL spells
//!   them (`Texture2D<float4>`), as DXC describes its resource types;
//! - `DebugFunction` per function with `DebugFunctionDefinition` in its entry block;
//! - `DebugScope` at the start of each block and `DebugLine` before each instruction whose
//!   source line or column changed, from the IR's source locations;
//! - `DebugLocalVariable` with `DebugDeclare` for each local of such a type (parameters are
//!   locals too, since the IR copies them into one);
//! - `DebugGlobalVariable` for `static` and `groupshared` globals of such a type and for
//!   resources (a constant or texture buffer is described by its contents' struct), at their
//!   first use.
//!
//! Not emitted yet (the command line says so with a warning): lexical blocks (the IR keeps no
//! scopes) and inlined-at chains.
//!
//! `context` owns the module-level part ([`DebugState`]); `functions` calls [`Fx::debug_before`]
//! for each instruction it pushes and [`Fx::debug_entry`] when a function is finished.

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};
use types::{ScalarKind, Type};

use crate::context::Ctx;
use crate::functions::Fx;

/// A source file for debug information: its path and text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DebugSourceFile {
    pub path: String,
    pub text: String,
}

/// What `-fspv-debug=` asks for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct DebugInfoOptions {
    /// The source files, indexed by the IR's `SourceLoc::file`; file 0 is the main file.
    pub files: Vec<DebugSourceFile>,
    /// Put each file's text into its `DebugSource` (`vulkan-with-source`).
    pub embed_source: bool,
}

// Instruction numbers of NonSemantic.Shader.DebugInfo.100.
const COMPILATION_UNIT: u32 = 1;
const INFO_NONE: u32 = 0;
const TYPE_BASIC: u32 = 2;
const TYPE_ARRAY: u32 = 5;
const TYPE_VECTOR: u32 = 6;
const TYPE_FUNCTION: u32 = 8;
const TYPE_COMPOSITE: u32 = 10;
const TYPE_MEMBER: u32 = 11;
const GLOBAL_VARIABLE: u32 = 18;
const FUNCTION: u32 = 20;
const SCOPE: u32 = 23;
const LOCAL_VARIABLE: u32 = 26;
const DECLARE: u32 = 28;
const EXPRESSION: u32 = 31;
const SOURCE: u32 = 35;
const FUNCTION_DEFINITION: u32 = 101;
const LINE: u32 = 103;
const TYPE_MATRIX: u32 = 108;

/// `FlagIsProtected | FlagIsPrivate`: public, as DXC marks functions.
const FLAG_IS_PUBLIC: u32 = 3;
/// `DebugCompositeType` tags.
const TAG_CLASS: u32 = 0;
const TAG_STRUCTURE: u32 = 1;
/// `SourceLanguage` HLSL.
const LANGUAGE_HLSL: u32 = 5;

/// The module-level debug information under construction.
#[derive(Debug, Default)]
pub(crate) struct DebugState {
    pub import: Word,
    /// The instructions of the types-and-globals section, appended after everything else so
    /// that the constants and types they name come first.
    pub globals: Vec<Instruction>,
    sources: Vec<Option<Word>>,
    /// Start offsets of the lines of each file.
    line_starts: Vec<Vec<usize>>,
    unit: Option<Word>,
    types: Vec<(Type, Word)>,
    expression: Option<Word>,
    none: Option<Word>,
    /// Where the local or global being described is: the place given to the composite
    /// types it is the first to need.
    anchor: Option<ir::SourceLoc>,
}

/// The per-function state: the `DebugFunction`, whether the current block has its
/// `DebugScope`, the last line emitted, and the location of the instruction being lowered.
#[derive(Debug, Default)]
pub(crate) struct FnDebug {
    pub function: Option<Word>,
    pub loc: Option<ir::SourceLoc>,
    scoped: bool,
    last: Option<(u32, u32, u32)>,
    /// The locals to declare: (`DebugLocalVariable`, the `OpVariable`).
    pub locals: Vec<(Word, Word)>,
}

impl FnDebug {
    /// A new block needs its own scope and line.
    pub fn new_block(&mut self) {
        self.scoped = false;
        self.last = None;
    }
}

impl Ctx<'_> {
    fn debug_opts(&self) -> Option<&DebugInfoOptions> {
        self.opts.debug_info.as_ref()
    }

    /// A module-level `OpExtInst` of the debug set, returning its id.
    fn debug_global(&mut self, inst: u32, operands: Vec<Operand>) -> Word {
        let void = self.void_type();
        let id = self.id();
        let state = self.debug.as_mut().expect("debug info is on");
        let mut ops = vec![
            Operand::IdRef(state.import),
            Operand::LiteralExtInstInteger(inst),
        ];
        ops.extend(operands);
        state
            .globals
            .push(Instruction::new(Op::ExtInst, Some(void), Some(id), ops));
        id
    }

    fn uint_id(&mut self, v: u32) -> Operand {
        Operand::IdRef(self.const_uint(v))
    }

    /// Starts debug information when asked for: the import and the compilation unit.
    pub(crate) fn begin_debug_info(&mut self) {
        let Some(opts) = self.debug_opts().cloned() else {
            return;
        };
        if !self.at_least(1, 6) {
            self.extension("SPV_KHR_non_semantic_info");
        }
        let import = self.id();
        let line_starts = opts
            .files
            .iter()
            .map(|f| {
                std::iter::once(0)
                    .chain(f.text.match_indices('\n').map(|(i, _)| i + 1))
                    .collect()
            })
            .collect();
        self.debug = Some(DebugState {
            import,
            sources: vec![None; opts.files.len()],
            line_starts,
            ..DebugState::default()
        });
        let Some(main) = self.debug_source(0) else {
            return;
        };
        let version = self.uint_id(100);
        let dwarf = self.uint_id(5);
        let language = self.uint_id(LANGUAGE_HLSL);
        let unit = self.debug_global(
            COMPILATION_UNIT,
            vec![version, dwarf, Operand::IdRef(main), language],
        );
        if let Some(s) = self.debug.as_mut() {
            s.unit = Some(unit);
        }
    }

    /// The `DebugSource` of file `file`, made on first use.
    fn debug_source(&mut self, file: u32) -> Option<Word> {
        let state = self.debug.as_ref()?;
        if let Some(Some(id)) = state.sources.get(file as usize) {
            return Some(*id);
        }
        let f = self.debug_opts()?.files.get(file as usize)?.clone();
        let embed = self.debug_opts()?.embed_source;
        let path = self.debug_string(&f.path);
        let mut ops = vec![Operand::IdRef(path)];
        if embed {
            ops.push(Operand::IdRef(self.debug_string(&f.text)));
        }
        let id = self.debug_global(SOURCE, ops);
        if let Some(slot) = self
            .debug
            .as_mut()
            .and_then(|s| s.sources.get_mut(file as usize))
        {
            *slot = Some(id);
        }
        Some(id)
    }

    /// The 1-based line and column of a byte offset in `file`.
    fn line_col(&self, file: u32, offset: u32) -> Option<(u32, u32)> {
        let starts = self.debug.as_ref()?.line_starts.get(file as usize)?;
        let offset = offset as usize;
        let line = starts.partition_point(|&s| s <= offset).max(1);
        let col = offset - starts[line - 1] + 1;
        Some((line as u32, col as u32))
    }

    /// The debug type of `ty`, for the numeric types; `None` for the rest.
    fn debug_type(&mut self, ty: &Type) -> Option<Word> {
        if let Some((_, id)) = self.debug.as_ref()?.types.iter().find(|(t, _)| t == ty) {
            return Some(*id);
        }
        let id = match ty {
            Type::Scalar(k) => {
                let (name, encoding) = match k {
                    ScalarKind::Bool => ("bool", 2),
                    k if k.is_float() => (k.name(), 3),
                    k if k.is_signed_integer() => (k.name(), 4),
                    k => (k.name(), 6),
                };
                let bits = if *k == ScalarKind::Bool {
                    32
                } else {
                    k.bit_width()
                };
                let name = self.debug_string(name);
                let size = self.uint_id(bits);
                let encoding = self.uint_id(encoding);
                let flags = self.uint_id(0);
                self.debug_global(
                    TYPE_BASIC,
                    vec![Operand::IdRef(name), size, encoding, flags],
                )
            }
            Type::Vector(k, n) => {
                let base = self.debug_type(&Type::Scalar(*k))?;
                let count = self.uint_id(u32::from(*n));
                self.debug_global(TYPE_VECTOR, vec![Operand::IdRef(base), count])
            }
            Type::Matrix {
                scalar, rows, cols, ..
            } => {
                // HLSL's RxC matrix is stored as R row vectors of C components (see `types`).
                let row = self.debug_type(&Type::Vector(*scalar, *cols))?;
                let count = self.uint_id(u32::from(*rows));
                let column_major = self.const_bool(false);
                self.debug_global(
                    TYPE_MATRIX,
                    vec![Operand::IdRef(row), count, Operand::IdRef(column_major)],
                )
            }
            Type::Array {
                element,
                len: Some(n),
            } => {
                let base = self.debug_type(element)?;
                let count = self.uint_id(*n);
                self.debug_global(TYPE_ARRAY, vec![Operand::IdRef(base), count])
            }
            Type::Struct(st) => self.debug_struct(ty, st)?,
            Type::Resource(r) => {
                let name = self.debug_string(&r.to_string());
                let size = self.debug_none()?;
                self.debug_composite(name, TAG_CLASS, Operand::IdRef(size), Vec::new())?
            }
            _ => return None,
        };
        self.debug.as_mut()?.types.push((ty.clone(), id));
        Some(id)
    }

    /// The `DebugTypeComposite` of a struct and its `DebugTypeMember`s, when every field
    /// has a debug type.
    fn debug_struct(&mut self, ty: &Type, st: &types::StructType) -> Option<Word> {
        let layout = types::TypeLayout::of(ty, types::LayoutRules::Scalar);
        let types::LayoutKind::Struct { members: offsets } = &layout.kind else {
            return None;
        };
        let mut fields = Vec::with_capacity(st.fields.len());
        for field in &st.fields {
            fields.push(self.debug_type(&field.ty)?);
        }
        let (source, line, col) = self.debug_anchor()?;
        let mut members = Vec::with_capacity(fields.len());
        for ((field, member_type), place) in st.fields.iter().zip(fields).zip(offsets) {
            let name = self.debug_string(&field.name);
            let offset = self.uint_id(place.offset * 8);
            let size = self.uint_id(place.layout.size * 8);
            let flags = self.uint_id(FLAG_IS_PUBLIC);
            members.push(Operand::IdRef(self.debug_global(
                TYPE_MEMBER,
                vec![
                    Operand::IdRef(name),
                    Operand::IdRef(member_type),
                    Operand::IdRef(source),
                    line.clone(),
                    col.clone(),
                    offset,
                    size,
                    flags,
                ],
            )));
        }
        let name = self.debug_string(&st.name);
        let size = self.uint_id(layout.size * 8);
        self.debug_composite(name, TAG_STRUCTURE, size, members)
    }

    /// A `DebugTypeComposite` named `name` in the compilation unit, at the anchor.
    fn debug_composite(
        &mut self,
        name: Word,
        tag: u32,
        size: Operand,
        members: Vec<Operand>,
    ) -> Option<Word> {
        let unit = self.debug.as_ref()?.unit?;
        let (source, line, col) = self.debug_anchor()?;
        let tag = self.uint_id(tag);
        let flags = self.uint_id(FLAG_IS_PUBLIC);
        let mut ops = vec![
            Operand::IdRef(name),
            tag,
            Operand::IdRef(source),
            line,
            col,
            Operand::IdRef(unit),
            Operand::IdRef(name),
            size,
            flags,
        ];
        ops.extend(members);
        Some(self.debug_global(TYPE_COMPOSITE, ops))
    }

    /// The source, line and column of the anchor (see [`DebugState::anchor`]); the start of
    /// the main file without one.
    fn debug_anchor(&mut self) -> Option<(Word, Operand, Operand)> {
        let anchor = self.debug.as_ref()?.anchor;
        let (file, (line, col)) = match anchor {
            Some(loc) => (
                loc.file,
                self.line_col(loc.file, loc.start).unwrap_or((1, 1)),
            ),
            None => (0, (1, 1)),
        };
        let source = self.debug_source(file)?;
        Some((source, self.uint_id(line), self.uint_id(col)))
    }

    /// The module's one `DebugInfoNone`.
    fn debug_none(&mut self) -> Option<Word> {
        self.debug_singleton(INFO_NONE, |s| &mut s.none)
    }

    /// The module's one instruction `inst` without operands, kept in `slot` of the state.
    fn debug_singleton(
        &mut self,
        inst: u32,
        slot: fn(&mut DebugState) -> &mut Option<Word>,
    ) -> Option<Word> {
        if let Some(id) = *slot(self.debug.as_mut()?) {
            return Some(id);
        }
        let id = self.debug_global(inst, vec![]);
        *slot(self.debug.as_mut()?) = Some(id);
        Some(id)
    }

    /// The `DebugFunction` of IR function `f` (made before its body is lowered).
    pub(crate) fn debug_function(&mut self, f: &ir::Function, spirv_name: &str) -> Option<Word> {
        let unit = self.debug.as_ref()?.unit?;
        let void = self.void_type();
        let ret = match &f.ret {
            Type::Void => Some(void),
            t => self.debug_type(t),
        };
        let flags = self.uint_id(FLAG_IS_PUBLIC);
        let mut ops = vec![flags, Operand::IdRef(ret.unwrap_or(void))];
        for p in &f.params {
            if let Some(t) = self.debug_type(&p.ty) {
                ops.push(Operand::IdRef(t));
            }
        }
        let fn_type = self.debug_global(TYPE_FUNCTION, ops);
        let first = f.insts.iter().find_map(|(_, d)| d.loc);
        let file = first.map_or(0, |l| l.file);
        let source = self.debug_source(file)?;
        let (line, col) = first
            .and_then(|l| self.line_col(l.file, l.start))
            .unwrap_or((1, 1));
        let name = self.debug_string(&f.name);
        let linkage = self.debug_string(spirv_name);
        let line = self.uint_id(line);
        let col = self.uint_id(col);
        let flags = self.uint_id(FLAG_IS_PUBLIC);
        Some(self.debug_global(
            FUNCTION,
            vec![
                Operand::IdRef(name),
                Operand::IdRef(fn_type),
                Operand::IdRef(source),
                line.clone(),
                col,
                Operand::IdRef(unit),
                Operand::IdRef(linkage),
                flags,
                line,
            ],
        ))
    }

    /// A `DebugLocalVariable` named `name` of type `ty` at `loc` in `function`, when its
    /// type has a debug type.
    pub(crate) fn debug_local(
        &mut self,
        function: Word,
        name: &str,
        ty: &Type,
        loc: Option<ir::SourceLoc>,
    ) -> Option<Word> {
        let loc = loc?;
        self.debug.as_mut()?.anchor = Some(loc);
        let ty = self.debug_type(ty)?;
        let source = self.debug_source(loc.file)?;
        let (line, col) = self.line_col(loc.file, loc.start)?;
        let name = self.debug_string(name);
        let line = self.uint_id(line);
        let col = self.uint_id(col);
        let flags = self.uint_id(0);
        Some(self.debug_global(
            LOCAL_VARIABLE,
            vec![
                Operand::IdRef(name),
                Operand::IdRef(ty),
                Operand::IdRef(source),
                line,
                col,
                Operand::IdRef(function),
                flags,
            ],
        ))
    }

    /// A `DebugGlobalVariable` for each `static` and `groupshared` global and each resource
    /// whose type has a debug type, at its first use (globals carry no location of their own).
    pub(crate) fn debug_global_variables(&mut self) {
        let Some(unit) = self.debug.as_ref().and_then(|s| s.unit) else {
            return;
        };
        let m = self.m;
        for (h, g) in m.globals.iter() {
            if !matches!(
                g.kind,
                ir::GlobalKind::Private | ir::GlobalKind::Groupshared | ir::GlobalKind::Resource
            ) {
                continue;
            }
            let Some(Some(info)) = self.global_info.get(h.index()) else {
                continue;
            };
            // A private texture, sampler or buffer is an `OpUndef`, no variable
            // (`lower_global`).
            if g.kind == ir::GlobalKind::Private && matches!(g.ty, types::Type::Resource(_)) {
                continue;
            }
            let var = info.id;
            let me = ir::Value::Global(h);
            let loc = m.functions.iter().find_map(|(_, f)| {
                f.insts
                    .iter()
                    .find(|(_, d)| d.loc.is_some() && d.operands.contains(&me))
                    .and_then(|(_, d)| d.loc)
            });
            let Some(loc) = loc else { continue };
            if let Some(state) = self.debug.as_mut() {
                state.anchor = Some(loc);
            }
            // A constant or texture buffer is described by its contents.
            let described = match &g.ty {
                Type::Resource(r) => match &**r {
                    types::ResourceType::ConstantBuffer { element }
                    | types::ResourceType::TextureBuffer { element } => element,
                    _ => &g.ty,
                },
                t => t,
            };
            let Some(ty) = self.debug_type(described) else {
                continue;
            };
            let (Some(source), Some((line, col))) = (
                self.debug_source(loc.file),
                self.line_col(loc.file, loc.start),
            ) else {
                continue;
            };
            let name = self.debug_string(&g.name);
            let linkage = self.debug_string(&g.name);
            let line = self.uint_id(line);
            let col = self.uint_id(col);
            let flags = self.uint_id(0);
            self.debug_global(
                GLOBAL_VARIABLE,
                vec![
                    Operand::IdRef(name),
                    Operand::IdRef(ty),
                    Operand::IdRef(source),
                    line,
                    col,
                    Operand::IdRef(unit),
                    Operand::IdRef(linkage),
                    Operand::IdRef(var),
                    flags,
                ],
            );
        }
    }

    /// The empty `DebugExpression` of `DebugDeclare`s.
    fn debug_expression(&mut self) -> Option<Word> {
        self.debug_singleton(EXPRESSION, |s| &mut s.expression)
    }

    /// A function-level `OpExtInst` of the debug set.
    fn debug_inst(&mut self, inst: u32, operands: Vec<Operand>) -> Option<Instruction> {
        let import = self.debug.as_ref()?.import;
        let void = self.void_type();
        let id = self.id();
        let mut ops = vec![Operand::IdRef(import), Operand::LiteralExtInstInteger(inst)];
        ops.extend(operands);
        Some(Instruction::new(Op::ExtInst, Some(void), Some(id), ops))
    }
}

/// Instructions that no debug instruction may precede in their block, or that must stay
/// next to what follows them.
fn keeps_its_place(op: Op) -> bool {
    matches!(
        op,
        Op::Phi
            | Op::Variable
            | Op::SelectionMerge
            | Op::LoopMerge
            | Op::Branch
            | Op::BranchConditional
            | Op::Switch
            | Op::Return
            | Op::ReturnValue
            | Op::Kill
            | Op::Unreachable
            | Op::TerminateInvocation
            | Op::IgnoreIntersectionKHR
            | Op::TerminateRayKHR
            | Op::EmitMeshTasksEXT
    )
}

impl Fx<'_, '_> {
    /// The `DebugScope` a block starts with and the `DebugLine` of `inst`, to push before it.
    pub(crate) fn debug_before(&mut self, inst: &Instruction) -> Vec<Instruction> {
        let mut out = Vec::new();
        let Some(function) = self.debug.function else {
            return out;
        };
        if keeps_its_place(inst.class.opcode) {
            return out;
        }
        if !self.debug.scoped {
            self.debug.scoped = true;
            out.extend(self.cx.debug_inst(SCOPE, vec![Operand::IdRef(function)]));
        }
        let Some(loc) = self.debug.loc else {
            return out;
        };
        let (Some((line, col)), Some((end_line, end_col))) = (
            self.cx.line_col(loc.file, loc.start),
            self.cx.line_col(loc.file, loc.end.max(loc.start)),
        ) else {
            return out;
        };
        if self.debug.last == Some((loc.file, line, col)) {
            return out;
        }
        self.debug.last = Some((loc.file, line, col));
        let Some(source) = self.cx.debug_source(loc.file) else {
            return out;
        };
        let ops = vec![
            Operand::IdRef(source),
            self.cx.uint_id(line),
            self.cx.uint_id(end_line),
            self.cx.uint_id(col),
            self.cx.uint_id(end_col),
        ];
        out.extend(self.cx.debug_inst(LINE, ops));
        out
    }

    /// The entry block's `DebugFunctionDefinition` and the `DebugDeclare` of each local, to
    /// put after its `OpVariable`s.
    pub(crate) fn debug_entry(&mut self, function_id: Word) -> Vec<Instruction> {
        let mut out = Vec::new();
        let Some(function) = self.debug.function else {
            return out;
        };
        out.extend(self.cx.debug_inst(
            FUNCTION_DEFINITION,
            vec![Operand::IdRef(function), Operand::IdRef(function_id)],
        ));
        let locals = std::mem::take(&mut self.debug.locals);
        if locals.is_empty() {
            return out;
        }
        let Some(expression) = self.cx.debug_expression() else {
            return out;
        };
        for (local, var) in locals {
            out.extend(self.cx.debug_inst(
                DECLARE,
                vec![
                    Operand::IdRef(local),
                    Operand::IdRef(var),
                    Operand::IdRef(expression),
                ],
            ));
        }
        out
    }
}
