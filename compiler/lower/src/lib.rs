//! Lowering from the typed HIR to the IR.
//!
//! [`lower_module`] turns one entry point of a file (and every function, global and resource it
//! reaches) into an [`ir::Module`] that [`ir::verify()`] accepts, following the IR
//! specification's lowering conventions:
//!
//! - the HLSL entry `main` becomes `main_body` (the user function, original parameters) plus a
//!   parameterless wrapper `main`, the only entry point, which loads the stage inputs (built-in
//!   globals such as `SV_DispatchThreadID`) and calls the body;
//! - every local and parameter is an `alloca` in the entry block, read and written with
//!   `load`/`store`;
//! - resources, constant buffers and `groupshared` variables are module globals; buffer
//!   elements and cbuffer members are reached through `access_chain`;
//! - `&&`, `||`, impure `?:` and a `?:` of structs or arrays are control flow with a `phi`,
//!   any other `?:` is a `select`;
//!   loops and selections carry structure markers; no code follows `return`, `break` or
//!   `continue`, and merge blocks nothing reaches end in `unreachable`;
//! - user calls go where semantic analysis resolved them (a prototype to its definition,
//!   missing arguments to their defaults); a struct method takes its object as a first
//!   `this` pointer; a function taking resources is compiled once per distinct resource (an
//!   element of a resource array passes its index as an `int`), and a template function or
//!   a method of a template struct once per instantiation;
//! - an append or consume buffer comes with a `counter.var.<name>` global; a
//!   `[[vk::constant_id(N)]]` constant is a spec constant, which [`specialize`] can replace;
//!   non-constant `static` initializers run in `init_globals`, called first by the wrapper;
//! - `ResourceDescriptorHeap[i]` is element `i` of a runtime array global per resource type,
//!   all aliasing one binding (see [`heap`]);
//! - every instruction records the source range it was lowered from.
//!
//! Every stage lowers: compute, vertex and pixel shaders, geometry, hull, domain, mesh and
//! amplification shaders, and the ray-tracing stages ([`stages`]); a library's entries lower
//! one at a time (`-E`, the stage from `[shader("...")]`) or all into one module
//! ([`lower_library_with`]). A work-graph node entry is refused as DXIL-only (E3304,
//! `node_shader`). Not lowered yet (reported as E3001, never a panic): descriptor-heap elements used other than to initialize a resource local, be passed or
//! cast ([`heap`]), and a status argument of a `Gather` with four run-time offsets. Structs holding resources (locals, arguments, return
//! values), resource locals assigned after their declaration and local resource arrays are
//! split into data and resources bound at compile time ([`resource_structs`]). What SPIR-V for Vulkan cannot express, as DXC reports too
//! (`GatherCmpGreen`, `GatherRaw`, run-time `Sample`/`Load` offsets), is E3004 ([`texture`]).
//! A `static` local with a non-constant initializer (and a `static const` one whose
//! initializer reads locals) runs it the first time its declaration is reached, behind an
//! `init.<name>` flag global; `printf` keeps its format in the module's strings ([`printf`]).
//!
//! # Diagnostic codes
//!
//! | Code  | Meaning |
//! |-------|---------|
//! | E3001 | not supported yet: a construct (or shader stage) the lowering does not handle yet |
//! | E3002 | the entry point named by `-E` does not exist (or has no body), or a library has no `[shader]` entry |
//! | E3003 | `[[vk::location]]` without a number, or on some stage inputs (or outputs) but not all; `[[vk::builtin]]` not allowed there |
//! | E3004 | HLSL that SPIR-V for Vulkan cannot express and DXC rejects too (`GatherCmpGreen`, a run-time `Sample` offset) |
//! | E3304 | a work-graph node shader (`[Shader("node")]`) as an entry: DXIL-only |
//! | E3005 | `[[vk::binding]]` on a global that goes into `$Globals` |
//! | E3006 | `packoffset`s that make cbuffer members overlap |
//! | E3240 | `[[vk::depth_unchanged]]` beside an `SV_DepthGreaterEqual`/`SV_DepthLessEqual` output |
//! | E3260 | a patch-constant function's `InputPatch` of another size than the hull entry's (DXC's words) |
//! | E3261 | a `[[vk::combinedImageSampler]]` texture or sampler without its partner on its set and binding (DXC's words) |
//! | E3262 | an `Interlocked*` on a mesh shader's output (Vulkan has no atomic on an `Output` variable) |
//! | E3263 | a geometry stream written in a shader of another stage (no `OpEmitVertex` there) |
//! | E3272 | the sampler of a `[[vk::combinedImageSampler]]` pair sampling another texture than its pair's (DXC fails too) |
//! | E3265 | `[[vk::binding]]`/`[[vk::counter_binding]]` with an argument that is no non-negative integer constant |
//! | E3266 | `[[vk::push_constant]]` on a `vk::BufferPointer` declaration (DXC's words) |
//! | E3270 | a field of a patch-constant function's `InputPatch` whose semantic the hull entry's input patch lacks (DXC's words) |
//! | E3271 | a field of a patch-constant function's `InputPatch` of another type than the hull entry's of its semantic |
//! | E3160 | `[[vk::offset]]`s that break the Vulkan layout rules of their buffer (or of a buffer pointer's pointee) |
//! | E3007 | a system value on a variable of a type DXC does not allow for it |
//! | E3020 | a resource Vulkan cannot name at compile time (chosen at run time, or never assigned), where DXC's legalization fails too |
//! | E3021 | a global struct holding resources that DXC refuses (data beside resources, or buffers) |
//! | E3022 | a cast to a struct holding resources whose resources do not line up with the source's |
//! | E3060 | an attribute evaluation of a value not taken directly from a stage input (DXC's words) |
//! | E3061 | `GetAttributeAtVertex` of a value without `nointerpolation` (DXC's words), or of a built-in input |
//! | E3062 | `noise`, which DXC does not declare for shader model 6 |
//! | E3255 | an SM 6.8 `Barrier` whose flags are not constant expressions |
//! | E3256 | a `printf` argument that is a resource |
//! | E3257 | an element of a zero-length array (every index is past its end) |
//! | E3258 | a local geometry stream of an element type no output stream of the entry has |
//! | E3259 | a `DispatchMesh` payload that is not a `groupshared` variable (DXC's words) |
//! | E3294 | a column-major matrix of a non-float type in a buffer's memory (DXC's words; `external_matrices`) |
//! | W2110 | warning: an initializer on a global of `$Globals`, which is ignored (DXC's words) |
//! | W2117 | warning: `firstbithigh`/`firstbitlow` of 16- or 64-bit integers, which DXC's SPIR-V path refuses (`bit_search_width`) |
//! | W2119 | warning: a use of a plain `static` resource never assigned, an undefined value, in code lowered for an entry |
//! | W3001 | warning: two resources on one descriptor set and binding (only a sampler and a sampled texture may share); see [`binding_warnings`] |
//!
//! Modules: [`context`] (module-wide state: globals, functions to lower, diagnostics),
//! [`options`] (DXC's `-fvk-*` binding and layout options), [`resources`] (globals,
//! resources, cbuffers, their bindings and layouts), [`preserve_bindings`]
//! (`-fspv-preserve-bindings`: unused resources declared too), [`attrs`] (`vk::binding`,
//! `vk::location`), [`binding_checks`] (DXC's errors on bindings and `packoffset`), [`entry`] (the compute and amplification entry wrapper), [`graphics`]
//! (vertex and pixel entry wrappers), [`evaluate_attribute`] (`EvaluateAttribute*` traced to
//! the stage input), [`stages`] (geometry, tessellation and mesh entry
//! wrappers), [`ray_query`] (inline ray tracing), [`heap`] (SM 6.6 descriptor heaps), [`atomic64`] (64-bit byte-address
//! atomics), [`func`] (per-function
//! state and places), [`stmt`], [`expr`], [`call`] (user calls, constructors, intrinsics,
//! resource methods), [`user_call`] (user functions and methods), [`texture`] (sampling and
//! gathers with their offsets, clamps and statuses, LOD queries), [`texture_load`] (texel
//! loads, `mips`/`sample`, multisampled queries), [`atomic64`] (64-bit atomics on byte-address buffers), [`counters`] (append, consume and
//! counter buffers), [`spec_const`] (spec constants and specialization), [`convert`]
//! (implicit and initializer-list conversions), [`init`] (`static` initializers and
//! `init_globals`), [`precise`] (the arithmetic feeding `precise` variables),
//! [`resource_structs`] (locals holding resources), [`resource_choice`] (resources chosen by
//! compile-time conditions), [`resource_out`] (`out` parameters holding resources),
//! [`resource_handed`] (elements at run-time indices handed back through hidden `out int`s),
//! [`resource_assign`] (assignments of resources used as values), [`resource_nonuniform`]
//! (`NonUniformResourceIndex` across calls),
//! [`resource_statics`] (`static` globals holding resources; `resource_rows`: elements and
//! rows of arrays of arrays of resources by row-major position; `static_out_args`: statics
//! written through `out` arguments of initializer calls), [`resource_globals`]
//! (non-`static` global structs of textures and samplers), [`resource_dead`] (uses of
//! resources never assigned), [`resource_index`] (run-time indices into locals holding
//! resources), [`resource_init`] (flattened initializer lists of structs holding resources),
//! [`unsized_params`] (parameters declared as arrays of unknown size, sized by the argument),
//! [`default_args`] (default arguments computed at the call from globals),
//! [`resource_array_args`] (local arrays of resources passed element by element),
//! [`resource_runs`] (runs of consecutive elements of a global array passed to a copy),
//! [`resource_loops`] (loops rebinding resources, lowered again from the merged bindings;
//! the exits of a `switch`), `resource_same` (bindings compared by the resource they name),
//! `local_constants` (locals holding one constant on every path), [`resource_undefined`]
//! (resources never assigned, undefined values),
//! [`static_assign`] and [`static_flow`] (`static` resources assigned in functions, their
//! resource flowing through calls),
//! [`local_types`] (types declared inside a function, for `sizeof`).

pub mod array_length;
pub mod atomic64;
pub mod atomic_memory;
pub mod attrs;
pub mod barrier;
mod bind_register_checks;
pub mod binding_checks;
pub mod bit_fields;
mod bit_search_width;
pub mod buffer_pointer;
mod builtin_globals;
pub mod byte_address;
pub mod call;
pub mod cast_places;
mod const_arrays;
pub mod context;
pub mod convert;
pub mod counters;
pub mod default_args;
pub mod empty_arrays;
pub mod entry;
mod entry_resources;
mod enums;
pub mod evaluate_attribute;
mod execution_mode_id;
pub mod expr;
pub mod ext_type_def;
mod external_matrices;
pub mod float_bitwise;
pub mod func;
pub mod graphics;
pub mod heap;
pub mod init;
pub mod inline_spirv;
pub mod literal_fold;
mod local_constants;
pub mod local_types;
pub mod matrix_split;
mod member_globals;
mod node_shader;
pub mod options;
pub mod packed_math;
mod packed_runtime_index;
pub mod point_size_input;
mod pointee_offsets;
pub mod precise;
pub mod preserve_bindings;
pub mod printf;
pub mod raw_buffer;
pub mod ray_query;
pub mod resource_array_args;
pub mod resource_array_returns;
pub mod resource_assign;
pub mod resource_cast;
pub mod resource_choice;
pub mod resource_dead;
pub mod resource_globals;
pub mod resource_grid_index;
pub mod resource_handed;
pub mod resource_index;
pub mod resource_init;
pub mod resource_labels;
pub mod resource_loops;
pub mod resource_nonuniform;
pub mod resource_out;
pub mod resource_returns;
mod resource_rows;
pub mod resource_runs;
mod resource_same;
pub mod resource_statics;
pub mod resource_structs;
pub mod resource_undefined;
pub mod resource_unread;
pub mod resources;
mod row_args;
mod row_flow;
mod row_statics;
mod shader_record;
mod signature_packing;
mod snapshot;
pub mod spec_const;
mod spirv_pointer;
pub mod stage_decorations;
pub mod stage_io_order;
mod stage_var_split;
pub mod stages;
pub mod static_assign;
pub mod static_flow;
pub mod static_init_calls;
mod static_local_alias;
mod static_local_slots;
mod static_out_args;
pub mod stmt;
mod storage_class;
pub mod subpass;
pub mod texture;
pub mod texture_load;
pub mod unroll;
pub mod unsized_params;
pub mod user_call;
pub mod void_conditional;
pub mod wave_matrix;

use base_db::{CompileConfig, SourceFile};
use syntax::Diagnostic;

pub use entry::ShaderStage;
pub use ir;
pub use options::{
    BindingShift, BoundRegister, LayoutChoice, LowerOptions, RegisterClass, StageIoOrder,
};
pub use spec_const::{specialize, SpecOverride};

/// The code of "not supported yet" diagnostics.
pub const NOT_SUPPORTED: &str = "E3001";
/// The code of a missing entry point.
pub const NO_ENTRY: &str = "E3002";
/// The code of `[[vk::location]]` misuse: not a number, or on some stage variables of a side
/// but not all.
pub const BAD_LOCATION: &str = "E3003";
/// The code of HLSL that SPIR-V for Vulkan cannot express, where DXC rejects it too
/// (`GatherCmpGreen`, a run-time texel offset of `Sample`, a status of a structured `Load`).
pub const NO_VULKAN_EQUIVALENT: &str = "E3004";
/// The code of an intrinsic DXC's SPIR-V backend does not implement, refused in its words
/// (the hull shader's `Process*TessFactors*` helpers).
pub const DXC_UNIMPLEMENTED: &str = "E3220";
/// The code of a resource `-fvk-bind-register` cannot bind, refused in DXC's words: one
/// without a register, a register the flag does not name, a structured buffer's counter.
pub const BIND_REGISTER_REFUSED: &str = "E3303";
/// The code of a work-graph node shader (`[Shader("node")]`) as an entry: DXIL-only.
pub const NODE_SHADER: &str = "E3304";
/// The code of `[[vk::binding]]` on a global that is a member of `$Globals`.
pub const BINDING_ON_GLOBAL: &str = "E3005";
/// The code of `packoffset`s that make cbuffer members overlap.
pub const PACKOFFSET_OVERLAP: &str = "E3006";
/// A `[[vk::offset]]` that places a member where the Vulkan layout rules of its buffer refuse
/// it: misaligned, or over another member (DXC emits such SPIR-V and fails validation).
pub const EXPLICIT_OFFSET_LAYOUT: &str = "E3160";
/// `[[vk::binding]]`/`[[vk::counter_binding]]` with an argument that is no non-negative
/// integer constant.
pub const BINDING_NOT_CONSTANT: &str = "E3265";
/// `[[vk::depth_unchanged]]` on a pixel shader that writes `SV_DepthGreaterEqual` or
/// `SV_DepthLessEqual` (SPIR-V allows one depth mode).
pub const DEPTH_MODE_CONFLICT: &str = "E3240";
/// A system value on a variable of a type DXC does not allow for it.
pub const BAD_STAGE_TYPE: &str = "E3007";
/// An array of RW, append or consume structured buffers (DXC: "arrays of RW/append/consume
/// structured buffers unsupported").
pub const COUNTER_BUFFER_ARRAY: &str = "E3008";
/// A hull shader's patch-constant function whose `InputPatch` has another number of control
/// points than the entry's (DXC's words).
pub const PATCH_SIZE_MISMATCH: &str = "E3260";
/// A field of a patch-constant function's `InputPatch` whose semantic is not in the hull
/// entry's input patch (DXC's words).
pub const PCF_PATCH_SEMANTIC_NOT_FOUND: &str = "E3270";
/// A field of a patch-constant function's `InputPatch` of another type than the hull entry's
/// input of its semantic.
pub const PCF_PATCH_TYPE_MISMATCH: &str = "E3271";
/// A texture or sampler with `[[vk::combinedImageSampler]]` and no partner of the other kind
/// with it on its set and binding (DXC's words).
pub const COMBINED_SAMPLER_UNPAIRED: &str = "E3261";
/// The code of a misused subpass input: no `[[vk::input_attachment_index]]`, `static`, or
/// used outside a pixel shader (DXC's checks and wording).
pub const SUBPASS_INPUT_MISUSE: &str = "E3010";
/// The code of a `vk::RawBufferLoad`/`vk::RawBufferStore` alignment that is not a constant
/// power of two.
pub const RAW_BUFFER_ALIGNMENT: &str = "E3011";
/// The code of misused inline SPIR-V: a `[[vk::ext_instruction]]` without an opcode number,
/// an argument of a `[[vk::ext_reference]]` parameter that is no lvalue, one of a
/// `[[vk::ext_literal]]` parameter that is no constant.
pub const INLINE_SPIRV_MISUSE: &str = "E3012";
/// The code of a resource Vulkan cannot name at compile time, where DXC's legalization fails
/// too: chosen by run-time control flow, a run-time `?:` or a run-time index into distinct
/// resources, or used before one is assigned.
pub const RESOURCE_NOT_LEGAL: &str = "E3020";
/// The code of a non-`static` global struct holding resources that DXC refuses: data members
/// beside the resources, or a buffer among them (`resource_globals`).
pub const GLOBAL_RESOURCE_STRUCT: &str = "E3021";
/// The code of a cast to a struct holding resources whose resources do not meet resources of
/// the same type in flattened member order (DXC: "cannot convert from 'A' to 'B'";
/// `resource_cast`).
pub const CAST_MISMATCH: &str = "E3022";
/// The code of a mesh shader's `vertices`, `indices` or `primitives` parameter that DXC
/// refuses, in its words (not `out`, not an array, missing, array sizes that disagree, index
/// vectors that do not fit the output topology).
pub const MESH_OUTPUT_MISUSE: &str = "E3030";
/// The code of a stage input or output value without a semantic where semantic analysis does
/// not look (the patch-constant function's parameters and result), in DXC's words.
pub const MISSING_STAGE_SEMANTIC: &str = "E3031";
/// The code of a geometry shader DXC refuses, in its words: no `[maxvertexcount]`, output
/// streams of two primitive kinds.
pub const GEOMETRY_MISUSE: &str = "E3032";
/// The code of an attribute evaluation (`EvaluateAttributeAtSample`, `...Centroid`,
/// `...Snapped`) of a value that is not a stage input, in DXC's words.
pub const ATTRIBUTE_NOT_INPUT: &str = "E3060";
/// The code of an attribute evaluation of a 16-bit float value (`-enable-16bit-types`):
/// SPIR-V's `InterpolateAt*` take 32-bit floats only, and DXC's module fails validation.
pub const ATTRIBUTE_OF_16_BIT_FLOAT: &str = "E3297";
/// The code of a `GetAttributeAtVertex` DXC refuses, in its words (a value without
/// `nointerpolation`), or whose SPIR-V no Vulkan implementation takes (a built-in input).
pub const ATTRIBUTE_AT_VERTEX_MISUSE: &str = "E3061";
/// The code of an SM 6.8 `Barrier` whose flags are not constant expressions (DXC's
/// validator: "... must be an immediate constant"; SPIR-V barriers take constant operands).
pub const BARRIER_FLAGS_NOT_CONSTANT: &str = "E3255";
/// The code of a `printf` argument DXC's debug printf cannot pass: a resource, whose SPIR-V
/// value is a handle (or, for a buffer, no value at all).
pub const PRINTF_ARGUMENT: &str = "E3256";
/// The code of an element of a zero-length array read or written: every index is past its end.
pub const EMPTY_ARRAY_ELEMENT: &str = "E3257";
/// The code of a local geometry stream never given a stream whose element type is no output
/// stream's of the entry (DXC has no stage outputs to write it to).
pub const STREAM_WITHOUT_OUTPUT: &str = "E3258";
/// The code of a `DispatchMesh` payload that is not a `groupshared` variable, in DXC's words.
pub const PAYLOAD_NOT_GROUPSHARED: &str = "E3259";
/// The code of an `Interlocked*` on a mesh shader's output: Vulkan allows no atomic on an
/// `Output` variable.
pub const ATOMIC_ON_MESH_OUTPUT: &str = "E3262";
/// The code of an `Interlocked*` on a `static` global or a local (`atomic_memory.rs`).
pub const ATOMIC_ON_PRIVATE_MEMORY: &str = "E3300";
/// The code of a geometry stream's `Append`/`RestartStrip` in a shader of another stage:
/// `OpEmitVertex`/`OpEndPrimitive` belong to the geometry execution model only.
pub const STREAM_OUTSIDE_GEOMETRY: &str = "E3263";
/// The code of an entry-point parameter holding a resource (a texture, a sampler, a buffer,
/// or a struct or array holding one), which DXC takes no stage variable for.
pub const ENTRY_PARAM_RESOURCE: &str = "E3286";
/// The code of a use of a `[[vk::shader_record_ext]]` (or `_nv`) block in an entry of a stage
/// other than ray tracing, which has no shader binding table.
pub const SHADER_RECORD_OUTSIDE_RAY_TRACING: &str = "E3287";
/// The code of a tessellation signature DXC has no valid SPIR-V form for: an `out` parameter
/// of a patch-constant function or hull entry, a hull entry without a control-point count.
pub const SIGNATURE_WITHOUT_SPIRV_FORM: &str = "E3288";
/// The code of an element or row of a `-pack-optimized` array or matrix stage variable chosen
/// at run time, which the flattening DXC runs mis-addresses.
pub const PACKED_RUNTIME_INDEX: &str = "E3289";
/// The code of `[[vk::push_constant]]` on a `vk::BufferPointer` itself, which DXC refuses (a
/// pointer goes into a push-constant struct).
pub const PUSH_CONSTANT_BUFFER_POINTER: &str = "E3266";
/// The code of `[[vk::ext_storage_class(9)]]` on a `$Globals` member beside a
/// `[[vk::push_constant]]` block: `$Globals` would be a second push-constant block.
pub const GLOBALS_STORAGE_CONFLICT: &str = "E3292";
/// A call of a function declared without a body and defined nowhere in the file.
pub const UNDEFINED_FUNCTION: &str = "E3282";
/// The code of the sampler of a `[[vk::combinedImageSampler]]` pair sampling a texture other
/// than its pair's: merged into the pair's combined image sampler, it has no variable of its
/// own, and DXC's convert-to-sampled-image pass fails on such a use.
pub const COMBINED_SAMPLER_ELSEWHERE: &str = "E3272";
/// The code of an intrinsic DXC does not declare for shader model 6 (`noise`).
pub const NO_SUCH_INTRINSIC: &str = "E3062";
/// The code of a default argument whose value needs itself: a call in it leaves out an
/// argument whose default comes back to it (`default_args`).
pub const DEFAULT_NEEDS_ITSELF: &str = "E3050";
/// The code of the warning about two resources given one descriptor set and binding (a
/// sampler and a sampled texture may share one).
pub const BINDING_REUSED: &str = "W3001";
/// The code of the warning about a use of a plain `static` resource never assigned,
/// an undefined value (`resource_undefined`).
pub const UNDEFINED_RESOURCE: &str = "W2119";
/// The code of DXC's warning about an initializer on a global that goes into `$Globals`,
/// whose value the constant buffer gives instead.
pub const GLOBAL_INIT_IGNORED: &str = "W2110";

/// `e` without the parentheses around it.
pub(crate) fn unparen(body: &hir::body::Body, mut e: hir::body::ExprId) -> hir::body::ExprId {
    while let hir::body::Expr::Paren(i) = body.expr(e) {
        e = *i;
    }
    e
}

/// Lowers the entry point `entry` of `file` for `stage` into a verified-shape IR module, or
/// returns the diagnostics of what could not be lowered.
pub fn lower_module(
    db: &dyn hir::HirDb,
    file: SourceFile,
    config: CompileConfig,
    entry: &str,
    stage: ShaderStage,
) -> Result<ir::Module, Vec<Diagnostic>> {
    lower_module_with(db, file, config, entry, stage, &LowerOptions::default())
}

/// Lowers every `[shader("...")]` entry point of a library (`-T lib_6_x` without `-E`) into
/// one module, as DXC does for SPIR-V, with DXC's `-fvk-*` binding and layout options.
pub fn lower_library_with(
    db: &dyn hir::HirDb,
    file: SourceFile,
    config: CompileConfig,
    options: &LowerOptions,
) -> Result<ir::Module, Vec<Diagnostic>> {
    lower_library_warned(db, file, config, options).0
}

/// [`lower_library_with`], with the warnings about the code lowered for the entry points
/// ([`Lowering`]).
pub fn lower_library_warned(
    db: &dyn hir::HirDb,
    file: SourceFile,
    config: CompileConfig,
    options: &LowerOptions,
) -> Lowering {
    let mut cx = context::ModuleCtx::for_entries(db, file, config, options);
    let names: Vec<String> = hir::entry::entry_points(db, file, config)
        .iter()
        .filter(|e| e.source == hir::entry::EntrySource::ShaderAttribute)
        .map(|e| e.name.clone())
        .collect();
    if names.is_empty() {
        cx.error(
            NO_ENTRY,
            "the library has no `[shader(\"...\")]` entry point".to_owned(),
            syntax::TextRange::default(),
        );
    }
    cx.refuse_function_decorations(&names);
    cx.check_builtin_globals();
    for name in &names {
        entry::lower_entry(&mut cx, name, ShaderStage::Other);
        // Each entry's `[[vk::ext_capability]]`/`[[vk::ext_extension]]`, as for one entry.
        cx.declare_entry_inline_spirv(name);
    }
    cx.finish_module()
}

/// The warnings about the resource declarations of `file` under `options` (W3001: two
/// resources given one descriptor set and binding), whatever the entry point: every resource
/// takes its binding, used or not, as in DXC.
pub fn binding_warnings(
    db: &dyn hir::HirDb,
    file: SourceFile,
    config: CompileConfig,
    options: &LowerOptions,
) -> Vec<Diagnostic> {
    let mut cx = context::ModuleCtx::new(db, file, config);
    cx.options = options.clone();
    cx.assign_bindings();
    cx.warnings
}

/// A module lowered for its entry points (or the errors that stopped it), and the warnings
/// about the code lowered for them: W2117 (`firstbithigh`/`firstbitlow` of a width DXC's
/// SPIR-V path refuses) and W2119 (a `static` texture or sampler never assigned, read), each
/// once per place however many copies of a function lower it, in source order. Code no entry
/// point reaches, or that never runs, gets none (the declarations' warnings are
/// [`binding_warnings`]'s).
pub type Lowering = (Result<ir::Module, Vec<Diagnostic>>, Vec<Diagnostic>);

/// [`lower_module`] with DXC's `-fvk-*` binding and layout options.
pub fn lower_module_with(
    db: &dyn hir::HirDb,
    file: SourceFile,
    config: CompileConfig,
    entry: &str,
    stage: ShaderStage,
    options: &LowerOptions,
) -> Result<ir::Module, Vec<Diagnostic>> {
    lower_module_warned(db, file, config, entry, stage, options).0
}

/// [`lower_module_with`], with the warnings about the code lowered for the entry point
/// ([`Lowering`]).
pub fn lower_module_warned(
    db: &dyn hir::HirDb,
    file: SourceFile,
    config: CompileConfig,
    entry: &str,
    stage: ShaderStage,
    options: &LowerOptions,
) -> Lowering {
    let mut cx = context::ModuleCtx::for_entries(db, file, config, options);
    cx.refuse_function_decorations(&[entry.to_owned()]);
    cx.check_builtin_globals();
    entry::lower_entry(&mut cx, entry, stage);
    cx.declare_unused_resources();
    cx.declare_entry_inline_spirv(entry);
    cx.refuse_groupshared(stage);
    cx.refuse_subpass_inputs(stage);
    cx.finish_module()
}
