//! The module under construction: id allocation, the SPIR-V sections (capabilities,
//! extensions, entry points, names, decorations, types and globals, functions), caches of
//! types and constants, and the driver [`emit_module`] that lowers globals, functions and
//! entry points in that order and assembles the words. Every other module adds to [`Ctx`].

use std::collections::{BTreeSet, HashMap};

use rspirv::binary::Assemble;
use rspirv::dr::{self, Instruction, Operand};
use rspirv::spirv::{self, Capability, Op, StorageClass, Word};

use crate::types::TypeKey;
use crate::{Result, SpirvError, SpirvOptions, TargetEnv};

/// What an IR global became.
#[derive(Debug, Clone)]
pub(crate) struct GlobalInfo {
    pub id: Word,
    pub class: StorageClass,
    /// The SPIR-V pointee of the variable.
    pub pointee: Pointee,
}

/// How a pointer's pointee is represented: the IR type it points to, and for data, the layout
/// it has in memory and whether `bool` is stored as `uint` (buffers and stage variables).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Pointee {
    pub ty: types::Type,
    pub layout: Option<types::TypeLayout>,
    pub external: bool,
    /// A buffer block wrapper around `ty` (resources only): chains start inside it.
    pub block: Option<crate::types::BlockKind>,
    /// The declared format of a storage image.
    pub format: Option<ir::ImageFormat>,
    /// A storage image an atomic operates on: it keeps the format its texel type infers
    /// where others are `Unknown` (`image_formats`).
    pub atomic_image: bool,
}

impl Pointee {
    pub fn plain(ty: types::Type) -> Pointee {
        Pointee {
            ty,
            layout: None,
            external: false,
            block: None,
            format: None,
            atomic_image: false,
        }
    }
}

/// Globals, built-ins and callees a function uses directly.
#[derive(Debug, Clone, Default)]
pub(crate) struct FuncUses {
    pub globals: BTreeSet<usize>,
    pub builtins: BTreeSet<Word>,
    pub callees: BTreeSet<usize>,
}

pub(crate) struct Ctx<'m> {
    pub m: &'m ir::Module,
    pub opts: &'m SpirvOptions,
    next_id: Word,
    pub(crate) caps: BTreeSet<u32>,
    exts: BTreeSet<&'static str>,
    /// Extensions inline SPIR-V names (`[[vk::ext_extension]]`), beside `exts`.
    pub inline_exts: BTreeSet<String>,
    glsl: Option<Word>,
    /// Instruction sets inline SPIR-V imports (`[[vk::ext_instruction(op, "set")]]`).
    ext_sets: Vec<(String, Word)>,
    /// The `NonSemantic.DebugPrintf` import and the `OpString`s of `printf` formats, by
    /// index into the module's strings.
    debug_printf: Option<Word>,
    strings: HashMap<u32, Word>,
    string_insts: Vec<Instruction>,
    pub names: Vec<Instruction>,
    pub annotations: Vec<Instruction>,
    pub globals: Vec<Instruction>,
    pub entry_points: Vec<Instruction>,
    pub exec_modes: Vec<Instruction>,
    /// Whether a function a compute entry reaches takes derivatives (`compute_derivatives`).
    pub compute_derivatives: bool,
    pub functions: Vec<dr::Function>,
    pub type_ids: HashMap<TypeKey, Word>,
    pub const_ids: HashMap<(Word, Vec<u64>, bool), Word>,
    pub ir_consts: HashMap<ir::Const, Word>,
    pub spec_ids: HashMap<ir::Spec, Word>,
    pub global_info: Vec<Option<GlobalInfo>>,
    pub func_ids: Vec<Word>,
    /// Built-in inputs the backend adds itself (`SubgroupSize`, ...), by built-in.
    pub builtin_vars: HashMap<u32, Word>,
    pub func_uses: Vec<FuncUses>,
    /// Structs named once each (`OpName` on the first type made for a struct name).
    named_types: BTreeSet<Word>,
    /// Stage variables already decorated `Flat`.
    pub flat_ids: BTreeSet<Word>,
    /// The 64-bit views of byte-address buffers, by global index (see `atomic64`).
    pub u64_views: HashMap<usize, Word>,
    /// Resource arrays declared one variable per element, by global index (see `flatten`).
    pub flat_arrays: HashMap<usize, crate::flatten::FlatArray>,
    /// Debug information under construction (`-fspv-debug=`, see `debug_info`).
    pub debug: Option<crate::debug_info::DebugState>,
    /// Structs holding buffer pointers to themselves (see `forward_pointer`).
    pub(crate) recursive: crate::forward_pointer::RecursiveStructs,
    /// The storage images atomics operate on, by global index (`image_formats`).
    pub atomic_images: std::collections::HashSet<usize>,
    /// The NV forms of mesh shading (`mesh_nv`).
    pub(crate) nv: crate::mesh_nv::NvMesh,
    /// Payload and callable data locations of NV ray tracing (`ray_tracing_nv`).
    pub(crate) ray_nv: crate::ray_tracing_nv::NvLocations,
}

impl<'m> Ctx<'m> {
    fn new(m: &'m ir::Module, opts: &'m SpirvOptions) -> Ctx<'m> {
        Ctx {
            m,
            opts,
            next_id: 1,
            caps: BTreeSet::new(),
            exts: BTreeSet::new(),
            inline_exts: BTreeSet::new(),
            glsl: None,
            ext_sets: Vec::new(),
            debug_printf: None,
            strings: HashMap::new(),
            string_insts: Vec::new(),
            names: Vec::new(),
            annotations: Vec::new(),
            globals: Vec::new(),
            entry_points: Vec::new(),
            exec_modes: Vec::new(),
            compute_derivatives: false,
            functions: Vec::new(),
            type_ids: HashMap::new(),
            recursive: Default::default(),
            const_ids: HashMap::new(),
            ir_consts: HashMap::new(),
            spec_ids: HashMap::new(),
            global_info: vec![None; m.globals.len()],
            func_ids: Vec::new(),
            builtin_vars: HashMap::new(),
            func_uses: vec![FuncUses::default(); m.functions.len()],
            named_types: BTreeSet::new(),
            flat_ids: BTreeSet::new(),
            u64_views: HashMap::new(),
            flat_arrays: HashMap::new(),
            debug: None,
            atomic_images: crate::image_formats::atomic_images(m),
            nv: Default::default(),
            ray_nv: Default::default(),
        }
    }

    pub fn id(&mut self) -> Word {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    pub fn env(&self) -> TargetEnv {
        self.opts.target_env
    }

    /// The SPIR-V version is at least `major.minor`.
    pub fn at_least(&self, major: u8, minor: u8) -> bool {
        self.env().spirv_version() >= (major, minor)
    }

    /// Storage buffers use the `StorageBuffer` class (SPIR-V 1.3+), else `Uniform` +
    /// `BufferBlock` as DXC does for Vulkan 1.0.
    pub fn storage_buffer_class(&self) -> StorageClass {
        if self.at_least(1, 3) {
            StorageClass::StorageBuffer
        } else {
            StorageClass::Uniform
        }
    }

    pub fn capability(&mut self, c: Capability) {
        self.caps.insert(c as u32);
    }

    pub fn extension(&mut self, e: &'static str) {
        self.exts.insert(e);
    }

    /// Fails when the module needs an extension `-fspv-extension=` does not allow (`KHR`
    /// allows every `SPV_KHR_*`), naming the first such one as DXC does.
    fn check_extensions(&self) -> Result<()> {
        let Some(allowed) = &self.opts.allowed_extensions else {
            return Ok(());
        };
        // A vendor name (`KHR`, `AMD`, `NV`...) allows that vendor's every extension.
        let permitted = |e: &str| {
            allowed.iter().any(|a| {
                a == e
                    || (!a.starts_with("SPV_")
                        && e.strip_prefix("SPV_")
                            .and_then(|r| r.strip_prefix(a.as_str()))
                            .is_some_and(|r| r.starts_with('_')))
            })
        };
        let set_exts = self.instruction_set_extensions();
        match self
            .exts
            .iter()
            .copied()
            .chain(set_exts.iter().map(String::as_str))
            .find(|e| !permitted(e))
        {
            None => Ok(()),
            Some(e) => Err(SpirvError::needs_target(format!(
                "the module needs SPIR-V extension {e}, which the -fspv-extension options do \
                 not allow (allowed: {})",
                allowed.join(", ")
            ))),
        }
    }

    /// The extensions the imported instruction sets name: a set called after its extension
    /// (`SPV_AMD_shader_trinary_minmax`) needs the extension declared, as DXC infers it.
    fn instruction_set_extensions(&self) -> Vec<String> {
        self.ext_sets
            .iter()
            .filter(|(name, _)| name.starts_with("SPV_"))
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// The `GLSL.std.450` import.
    pub fn glsl(&mut self) -> Word {
        if let Some(id) = self.glsl {
            return id;
        }
        let id = self.id();
        self.glsl = Some(id);
        id
    }

    /// The import of instruction set `name` (`GLSL.std.450` is the one [`Ctx::glsl`] makes).
    pub fn ext_set(&mut self, name: &str) -> Word {
        if name == "GLSL.std.450" {
            return self.glsl();
        }
        if let Some((_, id)) = self.ext_sets.iter().find(|(n, _)| n == name) {
            return *id;
        }
        let id = self.id();
        self.ext_sets.push((name.to_owned(), id));
        id
    }

    /// The `NonSemantic.DebugPrintf` import (with the extension non-semantic sets need before
    /// SPIR-V 1.6).
    pub fn debug_printf(&mut self) -> Word {
        if let Some(id) = self.debug_printf {
            return id;
        }
        if !self.at_least(1, 6) {
            self.extension("SPV_KHR_non_semantic_info");
        }
        let id = self.id();
        self.debug_printf = Some(id);
        id
    }

    /// The `OpString` of string `index` of the module.
    pub fn string(&mut self, index: u32) -> Result<Word, crate::SpirvError> {
        if let Some(&id) = self.strings.get(&index) {
            return Ok(id);
        }
        let Some(text) = self.m.strings.get(index as usize) else {
            return Err(crate::SpirvError::invalid(format!("no string #{index}")));
        };
        let id = self.id();
        self.string_insts.push(Instruction::new(
            Op::String,
            None,
            Some(id),
            vec![Operand::LiteralString(text.clone())],
        ));
        self.strings.insert(index, id);
        Ok(id)
    }

    /// A new `OpString` holding `text` (debug information's file names and sources).
    pub fn debug_string(&mut self, text: &str) -> Word {
        let id = self.id();
        self.string_insts.push(Instruction::new(
            Op::String,
            None,
            Some(id),
            vec![Operand::LiteralString(text.to_owned())],
        ));
        id
    }

    pub fn name(&mut self, id: Word, name: &str) {
        if self.opts.debug_names && !name.is_empty() {
            self.names.push(Instruction::new(
                Op::Name,
                None,
                None,
                vec![Operand::IdRef(id), Operand::LiteralString(name.to_owned())],
            ));
        }
    }

    /// Names a type once (structs are made once per layout, the first name wins).
    pub fn name_type(&mut self, id: Word, name: &str) {
        if self.named_types.insert(id) {
            self.name(id, name);
        }
    }

    pub fn member_name(&mut self, id: Word, member: u32, name: &str) {
        if self.opts.debug_names && !name.is_empty() {
            self.names.push(Instruction::new(
                Op::MemberName,
                None,
                None,
                vec![
                    Operand::IdRef(id),
                    Operand::LiteralBit32(member),
                    Operand::LiteralString(name.to_owned()),
                ],
            ));
        }
    }

    pub fn decorate(&mut self, id: Word, d: spirv::Decoration, extra: &[Operand]) {
        let mut ops = vec![Operand::IdRef(id), Operand::Decoration(d)];
        ops.extend_from_slice(extra);
        self.annotations
            .push(Instruction::new(Op::Decorate, None, None, ops));
    }

    pub fn member_decorate(
        &mut self,
        id: Word,
        member: u32,
        d: spirv::Decoration,
        extra: &[Operand],
    ) {
        let mut ops = vec![
            Operand::IdRef(id),
            Operand::LiteralBit32(member),
            Operand::Decoration(d),
        ];
        ops.extend_from_slice(extra);
        self.annotations
            .push(Instruction::new(Op::MemberDecorate, None, None, ops));
    }

    /// Appends a type, constant or global variable with a fresh id.
    pub fn global_inst(&mut self, op: Op, ty: Option<Word>, operands: Vec<Operand>) -> Word {
        let id = self.id();
        self.globals
            .push(Instruction::new(op, ty, Some(id), operands));
        id
    }

    fn assemble(self, version: (u8, u8)) -> Vec<u32> {
        let memory_model = if self.opts.vulkan_memory_model {
            spirv::MemoryModel::Vulkan
        } else {
            spirv::MemoryModel::GLSL450
        };
        let mut module = dr::Module::new();
        let mut header = dr::ModuleHeader::new(self.next_id);
        header.set_version(version.0, version.1);
        // Generator 0: unregistered tool.
        header.generator = 0;
        module.header = Some(header);
        // A capability rspirv does not know goes out by number (`raw_words`).
        module.capabilities = self
            .caps
            .iter()
            .map(|&c| match Capability::from_u32(c) {
                Some(c) => {
                    Instruction::new(Op::Capability, None, None, vec![Operand::Capability(c)])
                }
                None => crate::raw_words::raw_instruction(
                    Op::Capability as u32,
                    [Operand::LiteralBit32(c)],
                ),
            })
            .collect();
        let mut extensions: BTreeSet<String> = self.exts.iter().map(|e| (*e).to_owned()).collect();
        extensions.extend(self.inline_exts.iter().cloned());
        extensions.extend(self.instruction_set_extensions());
        module.extensions = extensions
            .into_iter()
            .map(|e| Instruction::new(Op::Extension, None, None, vec![Operand::LiteralString(e)]))
            .collect();
        for (name, id) in &self.ext_sets {
            module.ext_inst_imports.push(Instruction::new(
                Op::ExtInstImport,
                None,
                Some(*id),
                vec![Operand::LiteralString(name.clone())],
            ));
        }
        if let Some(id) = self.glsl {
            module.ext_inst_imports.push(Instruction::new(
                Op::ExtInstImport,
                None,
                Some(id),
                vec![Operand::LiteralString("GLSL.std.450".to_owned())],
            ));
        }
        if let Some(id) = self.debug_printf {
            module.ext_inst_imports.push(Instruction::new(
                Op::ExtInstImport,
                None,
                Some(id),
                vec![Operand::LiteralString("NonSemantic.DebugPrintf".to_owned())],
            ));
        }
        if let Some(debug) = &self.debug {
            module.ext_inst_imports.push(Instruction::new(
                Op::ExtInstImport,
                None,
                Some(debug.import),
                vec![Operand::LiteralString(
                    "NonSemantic.Shader.DebugInfo.100".to_owned(),
                )],
            ));
        }
        module.debug_string_source = self.string_insts;
        // Raw buffer accesses (`raw_buffer`) use physical addresses.
        let addressing = if self
            .caps
            .contains(&(spirv::Capability::PhysicalStorageBufferAddresses as u32))
        {
            spirv::AddressingModel::PhysicalStorageBuffer64
        } else {
            spirv::AddressingModel::Logical
        };
        module.memory_model = Some(Instruction::new(
            Op::MemoryModel,
            None,
            None,
            vec![
                Operand::AddressingModel(addressing),
                Operand::MemoryModel(memory_model),
            ],
        ));
        module.entry_points = self.entry_points;
        module.execution_modes = self.exec_modes;
        module.debug_names = self.names;
        module.annotations = self.annotations;
        module.types_global_values = self.globals;
        if let Some(debug) = self.debug {
            // After the types and constants they name.
            module.types_global_values.extend(debug.globals);
        }
        module.functions = self.functions;
        crate::raw_words::restore_raw_opcodes(module.assemble())
    }
}

/// Lowers the whole module: globals first (their types, constants and variables), then every
/// function, then the entry points (whose interfaces need each function's uses).
pub(crate) fn emit_module(m: &ir::Module, opts: &SpirvOptions) -> Result<Vec<u32>> {
    if opts.vulkan_memory_model {
        crate::vulkan_memory::check_target(opts.target_env)?;
    }
    let mut cx = Ctx::new(m, opts);
    cx.capability(Capability::Shader);
    cx.begin_debug_info();
    let version = opts.target_env.spirv_version();
    for (h, f) in m.functions.iter() {
        let id = cx.id();
        cx.func_ids.push(id);
        cx.name(id, &f.name);
        let _ = h;
    }
    // With `-fspv-reflect`, counters come first: `HlslCounterBufferGOOGLE` must not refer to a
    // variable declared after the buffer it decorates.
    let is_counter = |g: &ir::GlobalVar| opts.reflect && g.name.starts_with("counter.var.");
    for (h, _) in m.globals.iter().filter(|(_, g)| is_counter(g)) {
        cx.lower_global(h)?;
    }
    for (h, _) in m.globals.iter().filter(|(_, g)| !is_counter(g)) {
        cx.lower_global(h)?;
    }
    cx.declare_inline_spirv()?;
    for (h, _) in m.functions.iter() {
        crate::functions::lower_function(&mut cx, h)?;
    }
    for e in &m.entry_points {
        cx.lower_entry_point(e)?;
    }
    cx.debug_global_variables();
    if m.entry_points.is_empty() {
        return Err(SpirvError::invalid(
            "the module has no entry point (Vulkan SPIR-V needs one)",
        ));
    }
    if opts.reflect {
        cx.reflect_globals();
    }
    if opts.vulkan_memory_model {
        cx.upgrade_memory_model();
    }
    cx.check_extensions()?;
    Ok(cx.assemble(version))
}

/// A short helper for `SpirvError`s about a function.
pub(crate) fn in_function(
    mut e: SpirvError,
    f: &ir::Function,
    loc: Option<ir::SourceLoc>,
) -> SpirvError {
    if e.function.is_none() {
        e.function = Some(f.name.clone());
    }
    if e.loc.is_none() {
        e.loc = loc;
    }
    e
}
