//! Module-wide lowering state: the module under construction, the globals and functions
//! already lowered (by HIR item), the queue of functions still to lower, and diagnostics.

use std::collections::HashMap;
use std::sync::Arc;

use base_db::{CompileConfig, SourceFile};
use hir::item_tree::{ItemIdx, ItemKind, ItemTree};
use hir::scope::ItemScope;
use hir::{FunctionId, HirDb};
use ir::{Func, Global, ModuleBuilder};
use syntax::{Diagnostic, TextRange};

/// How a global name of HLSL is reached in the IR.
#[derive(Debug, Clone, Copy)]
pub enum GlobalRef {
    /// A resource, `groupshared` or `static` variable: the global itself.
    Var(Global),
    /// A member of a cbuffer: `access_chain(cbuffer, member)`.
    CBufferMember(Global, u32),
}

/// What picks one IR copy of a user function: the function, its template arguments, the
/// resources its resource parameters stand for, its constant scalar arguments, the
/// lengths of the arrays passed to its parameters of unknown size (`unsized_params`) and
/// the resources the `static`s flowing through it hold when it is called (`static_flow`)
/// and the ray query parameters given an element of an array of queries (`ray_query`).
pub type FunctionKey = (
    ItemIdx,
    Vec<TemplateBinding>,
    Vec<ResourceArg>,
    Vec<crate::resource_choice::ConstantArg>,
    Vec<u32>,
    Vec<crate::static_flow::StaticState>,
    Vec<crate::evaluate_attribute::ArgPart>,
    Vec<crate::ray_query::QueryElement>,
);

/// What picks one copy of a user function besides the function (the parts of its
/// [`FunctionKey`] after the first).
#[derive(Debug, Clone, Copy, Default)]
pub struct CopyArgs<'a> {
    pub template_args: &'a [TemplateBinding],
    pub resources: &'a [ResourceArg],
    pub constants: &'a [crate::resource_choice::ConstantArg],
    pub array_lens: &'a [u32],
    pub statics: &'a [crate::static_flow::StaticState],
    /// Parts of pixel inputs given to parameters whose attributes the copy evaluates
    /// (`evaluate_attribute`): their indices are trailing `int` parameters.
    pub input_parts: &'a [crate::evaluate_attribute::ArgPart],
    pub query_elements: &'a [crate::ray_query::QueryElement],
    /// The `vertices`/`primitives`/`indices` parameters given the entry's mesh output arrays
    /// (`stages::mesh_outputs`): this copy has no IR parameter for them. Not part of the key:
    /// the output arrays given are among its `resources`.
    pub mesh_params: &'a [usize],
}

/// Which private global of a `static` local: its function, the function's template arguments,
/// the local and the global's role ([`ModuleCtx::static_local_globals`]).
pub type StaticLocalKey = (
    ItemIdx,
    Vec<TemplateBinding>,
    hir::body::LocalId,
    &'static str,
);

/// A template parameter bound to an argument, by name.
pub type TemplateBinding = (String, hir::lower_type::TemplateArg);

/// The resource a resource parameter stands for in one copy of a function: a resource global,
/// or (`indexed`) an element of a resource array whose index the copy takes as an `int`
/// (`nonuniform`: an index marked by `NonUniformResourceIndex`, which the copy marks again,
/// `resource_nonuniform`; `follows`: an element of the same global array as the resource
/// argument just before it, at the next index, so that a run of them is consecutive elements
/// the copy may index at run time, `resource_runs`); `global` is `None` for a resource member
/// never assigned (the copy may pass it on, not use it, as DXC accepts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ResourceArg {
    pub global: Option<Global>,
    pub indexed: bool,
    pub nonuniform: bool,
    pub follows: bool,
}

/// The error of a lowering step; its diagnostic is already recorded.
#[derive(Debug, Clone, Copy)]
pub struct Unsupported;

pub type R<T> = Result<T, Unsupported>;

pub struct ModuleCtx<'db> {
    pub db: &'db dyn HirDb,
    pub file: SourceFile,
    pub config: CompileConfig,
    pub tree: Arc<ItemTree>,
    pub scope: Arc<ItemScope>,
    pub mb: ModuleBuilder,
    pub globals: HashMap<ItemIdx, GlobalRef>,
    pub cbuffers: HashMap<ItemIdx, Global>,
    /// By function, template arguments, the resources its resource parameters stand for and
    /// the constant scalar arguments it is specialized on (`resource_choice`).
    pub functions: HashMap<FunctionKey, Func>,
    /// The constant scalar arguments each specialized copy of a function is for.
    pub constant_args: HashMap<Func, Vec<crate::resource_choice::ConstantArg>>,
    /// The lengths each copy of a function with parameters of unknown size (`T a[]`) gives
    /// them, in parameter order (`unsized_params`).
    pub array_lens: HashMap<Func, Vec<u32>>,
    /// The ray query parameters of each copy given an element of an array of queries
    /// (`ray_query`).
    pub query_elements: HashMap<Func, Vec<crate::ray_query::QueryElement>>,
    /// The template arguments of each instance of a template function or of a method of a
    /// template struct.
    pub template_args: HashMap<Func, Vec<TemplateBinding>>,
    /// The resources each lowered copy of a function with resource parameters is for.
    pub resource_args: HashMap<Func, Vec<ResourceArg>>,
    /// How the struct holding resources that a function returns splits (its IR function
    /// returns the data part), and the resource globals its `return`s leave in the slots
    /// (`None` for one never assigned), once its body is lowered (`resource_structs`).
    pub split_returns: HashMap<Func, crate::resource_structs::SplitReturn>,
    /// Functions returning a resource (their IR function returns nothing), and the resource
    /// their `return`s name (a global or a constant element of one), once their body is
    /// lowered.
    pub resource_returns: HashMap<Func, Option<crate::resource_statics::StaticResource>>,
    /// Functions returning a resource that is an element of a global array at a run-time
    /// index: their IR function returns the `int` index (`resource_structs`).
    pub indexed_returns: std::collections::HashSet<Func>,
    /// Functions returning a resource whose `return`s name one never assigned: only a use
    /// of the call's result is an error, in the caller (`resource_unread`).
    pub unassigned_returns: std::collections::HashSet<Func>,
    /// Functions with `out`/`inout` parameters holding resources and what they hand back
    /// (`resource_out`).
    pub handed_out: HashMap<Func, crate::resource_out::HandedOut>,
    /// The hidden `out int` parameters through which functions hand back the run-time
    /// indices of resource array elements they return or hand out (`resource_handed`).
    pub hidden_indices: HashMap<Func, crate::resource_handed::HiddenIndices>,
    /// Functions returning the index of a resource array element that a `return` marked
    /// by `NonUniformResourceIndex` (`resource_nonuniform`).
    pub nonuniform_returns: std::collections::HashSet<Func>,
    /// What each `static` global holding resources names (`resource_statics`).
    pub static_resources: HashMap<ItemIdx, crate::resource_statics::StaticBinding>,
    /// Plain resource statics whose resource flows through calls (`static_flow`).
    pub static_flows: crate::static_flow::StaticFlows,
    /// The `counter.var.<name>` global of each structured buffer with a counter.
    pub counters: HashMap<Global, Global>,
    /// The table of standard sample positions, once `GetSamplePosition` is used.
    pub sample_positions: Option<Global>,
    /// The spec constants of `[[vk::constant_id]]` globals.
    pub spec_values: HashMap<ItemIdx, ir::Value>,
    /// The text a global `string` was last assigned (`second = "...";`, which semantic
    /// analysis refuses as DXC does, E2201), read by `printf` as lowering meets the calls.
    pub string_values: HashMap<ItemIdx, String>,
    /// Functions declared but not lowered yet.
    pub queue: Vec<(ItemIdx, Func)>,
    /// The `$Globals` constant buffer and its members, once a loose uniform is used.
    pub dollar_globals: Option<(Global, Vec<ItemIdx>)>,
    /// `static` globals whose initializers `init_globals` runs, in order of first use.
    pub static_inits: Vec<(ItemIdx, Global)>,
    /// The index expressions of the initializer slots at run-time indices found while a
    /// `static`'s initializer is read (`resource_statics::slot_resource`).
    pub pending_indexed: Vec<hir::body::ExprId>,
    /// The `inout` arguments of calls in `static` initializers naming (a part of) a
    /// `static` those calls write: what each slot under the argument holds when that call
    /// runs, by the writer's item and the argument (`static_out_args`).
    pub out_write_inputs:
        HashMap<(ItemIdx, hir::body::ExprId), Vec<Option<crate::resource_statics::StaticResource>>>,
    /// The `static` whose initializer's call `static_out_args` is lowering for what it
    /// writes (the key of `out_write_inputs` for its arguments).
    pub out_writer: Option<ItemIdx>,
    /// What a plain resource `static` written by calls in other statics' initializers holds
    /// before each writing initializer runs, by writer, in order: what the initializer of a
    /// `static` declared before that writer reads (`static_out_args`).
    pub static_phases: HashMap<ItemIdx, Vec<(ItemIdx, crate::resource_statics::StaticBinding)>>,
    /// The `static` whose initializer is being read or lowered, for those phases.
    pub reading_initializer: Option<ItemIdx>,
    /// Plain resource `static`s whose initializer's call hands an element at a run-time
    /// index back through `out` to another `static`, with that static's index global:
    /// `init_globals` runs the call for the index (`static_out_args`).
    pub out_index_runs: Vec<(ItemIdx, Global)>,
    /// The `out` arguments naming a part of a struct `static` or `static` array (by writer
    /// and argument) to which their call hands back elements at run-time indices: for each
    /// such slot, its position under the argument and the private `int` holding its index,
    /// which the call stores where `init_globals` runs it (`static_out_args`).
    pub out_part_indices: HashMap<(ItemIdx, hir::body::ExprId), Vec<(usize, Global)>>,
    /// The source map of the `static` whose initializer is being read, for the ranges of
    /// its expressions in diagnostics (`resource_statics`).
    pub static_init_map: Option<std::sync::Arc<hir::body::BodySourceMap>>,
    /// `static` locals with a non-constant initializer: the local's global and the `bool`
    /// global that says its initializer has run (DXC's `init.<name>` flag).
    pub static_local_flags: Vec<(Global, Global)>,
    /// The functions with a parameter holding an inline SPIR-V pointer, and that parameter's
    /// range: their calls are inlined when the module is done (`spirv_pointer`).
    pub pointer_param_funcs: Vec<(ir::Func, TextRange)>,
    /// The private globals of `static` locals, shared by every copy of their function (one
    /// variable per function, as in HLSL; a template instance has its own): by function,
    /// template arguments, local and role (`""` for the value, `"init"` for its flag).
    pub static_local_globals: HashMap<StaticLocalKey, Global>,
    /// The resources the initializer (not a list) of an aliasing `static` struct local gave
    /// its slots in the first copy of its function lowered, which every copy must agree
    /// with (`static_local_alias`).
    pub static_initializer_resources:
        HashMap<StaticLocalKey, Vec<(Vec<u32>, crate::resource_statics::StaticResource)>>,
    /// The set and binding of every resource of the file.
    pub bindings: crate::resources::Bindings,
    /// Whether the file declares a global struct of textures and samplers, which makes DXC
    /// give every resource array one binding per element (`resource_globals`).
    pub flattens_composites: bool,
    pub options: crate::options::LowerOptions,
    /// The automatic locations of the entry being lowered (`stage_io_order`).
    pub auto_locations: Vec<crate::stage_io_order::AutoLocation>,
    /// Input and output locations given so far to the entry being lowered, explicit or not.
    pub location_kinds: [crate::stage_io_order::LocationKinds; 2],
    /// What the entry's parameters became (geometry streams, mesh outputs).
    pub stage_io: crate::stages::StageIo,
    /// The runtime arrays standing for SM 6.6 descriptor heaps.
    pub heaps: crate::heap::HeapArrays,
    /// The functions compiled as entry points (`refuse_function_decorations` records them):
    /// their `[[vk::ext_decorate]]` is not their `OpFunction`'s.
    pub entry_items: Vec<ItemIdx>,
    /// The stage of the entry being lowered (`entry::lower_entry`), once known.
    pub entry_stage: Option<crate::entry::ShaderStage>,
    /// `[[vk::combinedImageSampler]]` pairs: each texture with its sampler (`binding_checks`).
    pub combined_pairs: HashMap<ItemIdx, ItemIdx>,
    /// The combined image sampler global each pair's texture became, with the pair's sampler:
    /// a sampling method passes the texture for that sampler (`texture`).
    pub combined_textures: HashMap<Global, ItemIdx>,
    /// The body of each ray-tracing entry with its `inout` parameters (argument index) and
    /// the incoming payload global each copies back to (see `stages::raytracing`).
    pub ray_payload_params: HashMap<Func, Vec<(u32, Global)>>,
    pub diagnostics: Vec<Diagnostic>,
    /// Warnings: about the declarations (reused bindings), reported by
    /// [`crate::binding_warnings`], and about the code lowered for the entry points (W2117,
    /// W2119), returned by [`crate::lower_module_warned`]; they do not stop lowering.
    pub warnings: Vec<Diagnostic>,
    /// The `Private` globals standing for plain `static` textures and samplers never
    /// assigned, undefined values (`resource_undefined`).
    pub undefined_statics: HashMap<ItemIdx, ir::Global>,
}

impl<'db> ModuleCtx<'db> {
    pub fn new(db: &'db dyn HirDb, file: SourceFile, config: CompileConfig) -> ModuleCtx<'db> {
        ModuleCtx {
            db,
            file,
            config,
            tree: hir::item_tree::item_tree(db, file, config),
            scope: hir::scope::item_scope(db, file, config),
            mb: ModuleBuilder::new(),
            globals: HashMap::new(),
            cbuffers: HashMap::new(),
            functions: HashMap::new(),
            constant_args: HashMap::new(),
            array_lens: HashMap::new(),
            query_elements: HashMap::new(),
            resource_args: HashMap::new(),
            split_returns: HashMap::new(),
            resource_returns: HashMap::new(),
            indexed_returns: Default::default(),
            unassigned_returns: Default::default(),
            handed_out: HashMap::new(),
            hidden_indices: HashMap::new(),
            nonuniform_returns: Default::default(),
            static_resources: HashMap::new(),
            static_flows: Default::default(),
            template_args: HashMap::new(),
            counters: HashMap::new(),
            sample_positions: None,
            spec_values: HashMap::new(),
            string_values: HashMap::new(),
            queue: Vec::new(),
            static_inits: Vec::new(),
            pending_indexed: Vec::new(),
            out_write_inputs: HashMap::new(),
            out_writer: None,
            static_phases: HashMap::new(),
            reading_initializer: None,
            out_index_runs: Vec::new(),
            out_part_indices: HashMap::new(),
            static_init_map: None,
            static_local_flags: Vec::new(),
            pointer_param_funcs: Vec::new(),
            static_local_globals: HashMap::new(),
            static_initializer_resources: HashMap::new(),
            dollar_globals: None,
            bindings: Default::default(),
            flattens_composites: false,
            options: Default::default(),
            auto_locations: Vec::new(),
            location_kinds: Default::default(),
            stage_io: Default::default(),
            entry_items: Vec::new(),
            entry_stage: None,
            combined_pairs: HashMap::new(),
            combined_textures: HashMap::new(),
            heaps: Default::default(),
            ray_payload_params: HashMap::new(),
            diagnostics: Vec::new(),
            warnings: Vec::new(),
            undefined_statics: HashMap::new(),
        }
    }

    /// A module context about to lower entry points under `options`: every resource bound
    /// (as DXC binds them, used or not), and the declarations' warnings dropped, since
    /// `binding_warnings` reports them whatever the entry.
    pub fn for_entries(
        db: &'db dyn HirDb,
        file: SourceFile,
        config: CompileConfig,
        options: &crate::LowerOptions,
    ) -> Self {
        let mut cx = Self::new(db, file, config);
        cx.options = options.clone();
        cx.assign_bindings();
        cx.warnings.clear();
        cx
    }

    /// The steps after the entry points are lowered, then [`ModuleCtx::finish_warned`]: the
    /// member decorations, the layout rules and explicit offsets checked, heap bindings.
    pub fn finish_module(mut self) -> crate::Lowering {
        self.declare_member_decorations();
        self.apply_layout_rules();
        self.check_explicit_offsets();
        self.assign_heap_bindings();
        self.finish_warned()
    }

    /// [`ModuleCtx::finish`], with the warnings lowering gave, in source order.
    pub fn finish_warned(mut self) -> crate::Lowering {
        let mut warnings = std::mem::take(&mut self.warnings);
        warnings.sort_by_key(|d| (d.file, d.range.start()));
        warnings.dedup();
        (self.finish(), warnings)
    }

    pub fn finish(mut self) -> Result<ir::Module, Vec<Diagnostic>> {
        if self.diagnostics.is_empty() {
            self.inline_pointer_calls();
        }
        if self.diagnostics.is_empty() {
            Ok(self.mb.finish())
        } else {
            Err(self.diagnostics)
        }
    }

    /// Records an error with `code` at `range` of the expanded tree.
    pub fn error(&mut self, code: &'static str, message: String, range: TextRange) -> Unsupported {
        let (file, range) = hir::user_range(self.db, self.file, self.config, range);
        let d = Diagnostic::error(code, message, file, range);
        // Each copy of a function lowers its body: one error, once.
        if !self.diagnostics.contains(&d) {
            self.diagnostics.push(d);
        }
        Unsupported
    }

    /// Records "not supported yet: `what`" at `range` of the expanded tree.
    pub fn unsupported(&mut self, what: &str, range: TextRange) -> Unsupported {
        self.error(
            crate::NOT_SUPPORTED,
            format!("not supported yet: {what}"),
            range,
        )
    }

    /// The range of item `idx`'s declaration in the expanded tree.
    pub fn item_range(&self, idx: ItemIdx) -> TextRange {
        let root = hir::ids::expanded_root(self.db, self.file, self.config);
        hir::ast_id_map(self.db, self.file, self.config)
            .node(&root, self.tree.item(idx).ast)
            .map(|n| n.text_range())
            .unwrap_or_default()
    }

    /// `range` (of the expanded tree) as a location in the user's file.
    pub fn source_loc(&self, range: TextRange) -> ir::SourceLoc {
        let (file, r) = hir::user_range(self.db, self.file, self.config, range);
        ir::SourceLoc {
            file: file.0,
            start: r.start().into(),
            end: r.end().into(),
        }
    }

    pub fn function_id(&self, idx: ItemIdx) -> FunctionId<'db> {
        FunctionId::new(self.db, self.file, self.config, self.tree.item(idx).ast)
    }

    /// Top-level functions with a body named `name`.
    pub fn functions_named(&self, name: &str) -> Vec<ItemIdx> {
        self.tree
            .indices()
            .filter(|&i| {
                self.tree.item(i).name == name
                    && self.tree.item(i).parent.is_none()
                    && self.tree.function(i).is_some_and(|f| f.has_body)
            })
            .collect()
    }

    /// The IR function for user function `idx`, declared (and queued) on first use.
    pub fn function_for(&mut self, idx: ItemIdx, name: &str) -> R<Func> {
        self.function_for_resources(idx, name, CopyArgs::default())
    }

    /// The IR function for user function `idx` called with `args`: its resources (one
    /// per resource parameter, in order): a copy per distinct set of resources, whose
    /// resource parameters are gone (an indexed array element leaves an `int` index), and
    /// one per set of `constants` (scalar parameters the copy sees as constants), and one
    /// per list of `array_lens` (the lengths its parameters of unknown size take), and one
    /// per set of resources in the `statics` flowing through it (`static_flow`).
    pub fn function_for_resources(
        &mut self,
        idx: ItemIdx,
        name: &str,
        args: CopyArgs<'_>,
    ) -> R<Func> {
        let CopyArgs {
            template_args,
            resources,
            constants,
            array_lens,
            statics,
            input_parts,
            query_elements,
            mesh_params,
        } = args;
        let key = (
            idx,
            template_args.to_vec(),
            resources.to_vec(),
            constants.to_vec(),
            array_lens.to_vec(),
            statics.to_vec(),
            input_parts.to_vec(),
            query_elements.to_vec(),
        );
        if let Some(&f) = self.functions.get(&key) {
            return Ok(f);
        }
        let fid = self.function_id(idx);
        let sig = if template_args.is_empty() {
            (*crate::enums::function_signature(self.db, fid)).clone()
        } else {
            crate::enums::instance_signature(self.db, fid, template_args)
        };
        let range = self.item_range(idx);
        let mut params = Vec::new();
        // A method's object comes first, as a pointer (see `user_call`).
        let mut next_resource = resources.iter();
        let mut handed = Vec::new();
        if let Some(this) = self.this_type(idx, template_args)? {
            match crate::resource_structs::split_type(&this) {
                // A struct holding resources: a pointer to its data part, and its resources
                // (the first of `resources`) pick this copy; the method may rebind them,
                // like an `inout` parameter (`resource_out`).
                Some(split) => {
                    handed.push((crate::resource_out::THIS, None));
                    let data = split.data.clone();
                    params.extend(
                        data.map(|d| types::Type::pointer(types::AddressSpace::Function, d)),
                    );
                    // The index of each resource that is an array element follows.
                    for _ in split.resource_paths() {
                        if next_resource.next().is_some_and(|r| r.indexed) {
                            params.push(types::Type::INT);
                        }
                    }
                }
                None => params.push(types::Type::pointer(types::AddressSpace::Function, this)),
            }
        }
        let mut next_len = array_lens.iter();
        for (n, p) in sig.params.iter().enumerate() {
            // A geometry shader's stream is no value: `Append` writes the stage outputs.
            let stream = p.ty.as_ref().and_then(|t| t.as_resource());
            if matches!(stream, Some(types::ResourceType::Stream { .. })) {
                self.stage_io.skip(idx, n);
            }
            // A zero-length array is no value (`empty_arrays`).
            if p.ty.as_ref().is_some_and(crate::empty_arrays::is_empty) {
                self.stage_io.skip(idx, n);
            }
            if self.stage_io.is_skipped(idx, n) || mesh_params.contains(&n) {
                continue;
            }
            // `InputPatch<T, N>` and `OutputPatch<T, N>` are arrays.
            let ty = match p.ty.as_ref().map(crate::stages::value_type) {
                Some(t) if crate::resource_structs::split_type(&t).is_some() => {
                    // A struct holding resources: one resource per slot picks this copy;
                    // its data part is the argument.
                    let split = crate::resource_structs::split_type(&t).expect("checked");
                    if p.direction != hir::item_tree::ParamDirection::In {
                        // A pointer to the caller's data part; an `inout` one's resources
                        // pick this copy (`resource_out`).
                        params.extend(
                            split
                                .data
                                .clone()
                                .map(|d| types::Type::pointer(types::AddressSpace::Function, d)),
                        );
                        handed.push((n as u32, None));
                        if p.direction == hir::item_tree::ParamDirection::InOut {
                            // An incoming element of a resource array brings its index.
                            for _ in split.resource_paths() {
                                match next_resource.next() {
                                    Some(r) if r.indexed => params.push(types::Type::INT),
                                    Some(_) => {}
                                    None => {
                                        return Err(self.unsupported("this parameter type", range))
                                    }
                                }
                            }
                        }
                        continue;
                    }
                    params.extend(split.data.clone());
                    for _ in split.resource_paths() {
                        match next_resource.next() {
                            Some(r) if r.indexed => params.push(types::Type::INT),
                            Some(_) => {}
                            None => return Err(self.unsupported("this parameter type", range)),
                        }
                    }
                    continue;
                }
                // A ray query is passed by reference whatever its direction (`ray_query`).
                Some(t) if crate::ray_query::is_ray_query(&t) => {
                    // An element of an array of queries: the whole array and its indices.
                    match query_elements.iter().find(|q| q.param == n as u32) {
                        Some(q) => {
                            let array = q.array.clone();
                            let depth = crate::ray_query::array_depth(&array);
                            params.push(types::Type::pointer(types::AddressSpace::Function, array));
                            params.extend((0..depth).map(|_| types::Type::INT));
                        }
                        None => params.push(types::Type::pointer(types::AddressSpace::Function, t)),
                    }
                    continue;
                }
                Some(t) if crate::resources::resource_of(&t).is_some() => {
                    if p.direction != hir::item_tree::ParamDirection::In {
                        handed.push((n as u32, None));
                    }
                    if p.direction == hir::item_tree::ParamDirection::Out {
                        // Nothing comes in (`resource_out`).
                        continue;
                    }
                    // An array passed element by element (`resource_array_args`).
                    if let Some(n) = self.element_count(&t, next_resource.as_slice()) {
                        for r in next_resource.by_ref().take(n as usize) {
                            if r.indexed {
                                params.push(types::Type::INT);
                            }
                        }
                        continue;
                    }
                    match next_resource.next() {
                        Some(r) if r.indexed => params.push(types::Type::INT),
                        Some(_) => {}
                        None => return Err(self.unsupported("this parameter type", range)),
                    }
                    continue;
                }
                Some(t) if crate::func::is_storable(&t) => t,
                // `T a[]` takes the length of this copy's argument (`unsized_params`).
                Some(t) if crate::unsized_params::is_unsized_value_array(&t) => {
                    match next_len.next() {
                        Some(&len) => crate::unsized_params::with_len(&t, len),
                        None => {
                            let what = "a parameter of unknown size outside a call";
                            return Err(self.unsupported(what, range));
                        }
                    }
                }
                _ => return Err(self.unsupported("this parameter type", range)),
            };
            // `out` and `inout` parameters are pointers to the caller's copy.
            params.push(if p.direction == hir::item_tree::ParamDirection::In {
                ty
            } else {
                types::Type::pointer(types::AddressSpace::Function, ty)
            });
        }
        // The indices into parts of pixel inputs come last (`evaluate_attribute`).
        let first_index = params.len() as u32;
        let index_count = crate::evaluate_attribute::index_count(input_parts);
        params.extend(std::iter::repeat_n(types::Type::INT, index_count));
        // The indices of the flowing statics given as elements at run-time indices
        // (`static_flow`).
        let mut static_index_params = Vec::new();
        for (k, (_, _, held)) in statics.iter().enumerate() {
            if matches!(held, crate::static_flow::Held::Element(..)) {
                static_index_params.push((k, params.len() as u32));
                params.push(types::Type::INT);
            }
        }
        let Some(ret) = sig.ret.clone() else {
            return Err(self.unsupported("this return type", range));
        };
        // A struct holding resources returns its data part (see `resource_structs`).
        let split_ret = crate::resource_structs::split_type(&ret)
            .or_else(|| crate::resource_array_returns::returned_split(&ret));
        let returns_resource = matches!(ret, types::Type::Resource(_))
            && crate::resources::resource_of(&ret).is_some();
        let ret = match &split_ret {
            Some(split) => split.data.clone().unwrap_or(types::Type::Void),
            None if returns_resource || crate::empty_arrays::is_empty(&ret) => types::Type::Void,
            None => ret,
        };
        // Overloads and per-resource copies get distinct names: `f`, `f.1`, `f.2`...
        let mut unique = name.to_owned();
        let mut n = 0;
        while self.mb.module().function_by_name(&unique).is_some() {
            n += 1;
            unique = format!("{name}.{n}");
        }
        let f = self.mb.declare_function(&unique, params, ret);
        self.functions.insert(key, f);
        if index_count > 0 {
            self.stage_io.part_index_args.push((f, first_index));
        }
        if let Some(split) = split_ret {
            self.split_returns.insert(f, (split, None));
        }
        if returns_resource {
            self.resource_returns.insert(f, None);
        }
        if !handed.is_empty() {
            self.handed_out.insert(f, handed);
        }
        self.resource_args.insert(f, resources.to_vec());
        if !constants.is_empty() {
            self.constant_args.insert(f, constants.to_vec());
        }
        if !array_lens.is_empty() {
            self.array_lens.insert(f, array_lens.to_vec());
        }
        if !query_elements.is_empty() {
            self.query_elements.insert(f, query_elements.to_vec());
        }
        if !template_args.is_empty() {
            self.template_args.insert(f, template_args.to_vec());
        }
        if !statics.is_empty() {
            self.static_flows.incoming.insert(f, statics.to_vec());
        }
        if !static_index_params.is_empty() {
            self.static_flows
                .index_params
                .insert(f, static_index_params);
        }
        self.queue.push((idx, f));
        Ok(f)
    }

    /// Lowers queued function `f` now (when it is still queued).
    pub fn lower_now(&mut self, f: Func) {
        if let Some(i) = self.queue.iter().position(|&(_, g)| g == f) {
            let (idx, f) = self.queue.remove(i);
            let _ = crate::func::lower_function(self, idx, f);
        }
    }

    /// Lowers queued functions until none is left.
    pub fn drain_queue(&mut self) {
        while let Some((idx, f)) = self.queue.pop() {
            let _ = crate::func::lower_function(self, idx, f);
        }
    }

    /// The item a global name resolves to from inside function `site`.
    pub fn lookup_value(&self, site: ItemIdx, name: &str) -> Vec<ItemIdx> {
        let site = hir::scope::LookupSite::inside(&self.tree, site);
        self.scope.lookup(&self.tree, &site, name).0
    }

    pub fn is_cbuffer_member(&self, idx: ItemIdx) -> Option<ItemIdx> {
        let parent = self.tree.item(idx).parent?;
        let in_cbuffer = matches!(self.tree.item(parent).kind, ItemKind::CBuffer(_));
        (in_cbuffer && !self.is_resource_item(idx) && !self.is_static_item(idx)).then_some(parent)
    }

    /// Whether item `idx` is a `static` variable. One declared inside a cbuffer is no member
    /// of it: like DXC, it is a private global with its initializer
    /// (`cbuffer cb { static float r = 10; }`).
    fn is_static_item(&self, idx: ItemIdx) -> bool {
        matches!(&self.tree.item(idx).kind, ItemKind::Variable(v) if v.is_static)
    }

    /// Whether variable `idx` is of a resource type (or an array of resources). A resource
    /// declared inside a cbuffer is no member of it: like DXC, it becomes a global of its own.
    pub fn is_resource_item(&self, idx: ItemIdx) -> bool {
        let g = hir::GlobalId::new(self.db, self.file, self.config, self.tree.item(idx).ast);
        crate::enums::global_type(self.db, g)
            .is_some_and(|t| crate::resources::resource_of(&t).is_some())
    }

    /// The data members of cbuffer `members` (without the resources and statics declared in
    /// it).
    pub fn cbuffer_data_members(&self, members: &[ItemIdx]) -> Vec<ItemIdx> {
        members
            .iter()
            .copied()
            .filter(|&m| {
                matches!(self.tree.item(m).kind, ItemKind::Variable(_))
                    && !self.is_resource_item(m)
                    && !self.is_static_item(m)
            })
            .collect()
    }
}
