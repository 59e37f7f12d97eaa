//! The SPIR-V backend: translates an [`ir::Module`] into SPIR-V words for Vulkan through
//! `rspirv`, following DXC's SPIR-V conventions (`docs/SPIR-V.rst` in DXC): HLSL matrices are
//! stored transposed (an RxC matrix is R SPIR-V vectors of C components, so `row_major` buffers
//! get `ColMajor` decorations and `mul` swaps its operands), buffers are `Block` structs with
//! explicit layouts, resources keep their `set`/`binding`. Called by `db` (the `spirv` and
//! `spirv-asm` outputs) and by the language server's SPIR-V pane.
//!
//! Entry points: [`emit`] (IR to words) and [`disassemble`] (words to readable text). The work
//! is split by topic: [`context`] holds the module under construction, `types`/`decorations`
//! lower types and layouts, `resources` and `entry` lower globals and entry points (`stages`: the
//! execution models, modes and instructions of geometry, tessellation and mesh shaders),
//! `functions` lowers control flow and memory, `instructions`, `texture`, `sampling` and
//! `intrinsics` lower the other opcodes. Options that reshape the module have their own
//! modules: `flatten` (resource arrays), `vulkan_memory` (the Vulkan memory model) and
//! `debug_info` (`NonSemantic.Shader.DebugInfo.100`).

mod atomic64;
mod bit_fields;
mod bits_wide;
mod buffer_pointer;
mod byte_address;
mod compute_derivatives;
mod context;
mod debug_info;
mod decorations;
mod disasm;
mod disasm_debug;
mod entry;
mod expand;
mod flatten;
mod forward_pointer;
mod functions;
mod helper_lanes;
mod image_formats;
mod inline_spirv;
mod instructions;
mod intrinsics;
mod matmul;
mod mesh_nv;
mod nonuniform_indexing;
mod raw_buffer;
mod raw_words;
mod ray_query;
mod ray_tracing_nv;
mod raytracing;
mod reflect;
mod resource_grid;
mod resources;
mod sampling;
mod scale;
mod sm6x;
mod spirv_type;
mod stages;
mod subpass;
mod texture;
mod types;
pub mod validate;
mod vulkan_memory;

use std::fmt;

pub use debug_info::{DebugInfoOptions, DebugSourceFile};
pub use disasm::disassemble;

/// The Vulkan version the module is for; it chooses the SPIR-V version (as DXC's
/// `-fspv-target-env=vulkan1.x` does) and which instructions and storage classes are available.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum TargetEnv {
    /// SPIR-V 1.0. Storage buffers are `BufferBlock` structs in the `Uniform` storage class.
    #[default]
    Vulkan1_0,
    /// SPIR-V 1.3: `StorageBuffer` storage class, wave operations.
    Vulkan1_1,
    /// Vulkan 1.1 with SPIR-V 1.4 (`VK_KHR_spirv_1_4`).
    Vulkan1_1Spirv1_4,
    /// SPIR-V 1.5: entry points list every global they use.
    Vulkan1_2,
    /// SPIR-V 1.6: `OpTerminateInvocation` for `discard`.
    Vulkan1_3,
    /// SPIR-V 1.5 outside Vulkan's rules (DXC's `universal1.5`); code as for `vulkan1.2`.
    Universal1_5,
}

impl TargetEnv {
    pub const ALL: [TargetEnv; 6] = [
        TargetEnv::Vulkan1_0,
        TargetEnv::Vulkan1_1,
        TargetEnv::Vulkan1_1Spirv1_4,
        TargetEnv::Vulkan1_2,
        TargetEnv::Vulkan1_3,
        TargetEnv::Universal1_5,
    ];

    /// The SPIR-V version (major, minor) emitted for this environment.
    pub fn spirv_version(self) -> (u8, u8) {
        match self {
            TargetEnv::Vulkan1_0 => (1, 0),
            TargetEnv::Vulkan1_1 => (1, 3),
            TargetEnv::Vulkan1_1Spirv1_4 => (1, 4),
            TargetEnv::Vulkan1_2 | TargetEnv::Universal1_5 => (1, 5),
            TargetEnv::Vulkan1_3 => (1, 6),
        }
    }

    /// DXC's `-fspv-target-env` name.
    pub fn name(self) -> &'static str {
        match self {
            TargetEnv::Vulkan1_0 => "vulkan1.0",
            TargetEnv::Vulkan1_1 => "vulkan1.1",
            TargetEnv::Vulkan1_1Spirv1_4 => "vulkan1.1spirv1.4",
            TargetEnv::Vulkan1_2 => "vulkan1.2",
            TargetEnv::Vulkan1_3 => "vulkan1.3",
            TargetEnv::Universal1_5 => "universal1.5",
        }
    }

    /// The `--target-env` name of `spirv-val` for this environment.
    pub fn validator_name(self) -> &'static str {
        match self {
            TargetEnv::Vulkan1_1Spirv1_4 => "vulkan1.1spv1.4",
            TargetEnv::Universal1_5 => "spv1.5",
            other => other.name(),
        }
    }

    pub fn from_name(name: &str) -> Option<TargetEnv> {
        TargetEnv::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Options of [`emit`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SpirvOptions {
    pub target_env: TargetEnv,
    /// `-fvk-invert-y`: negate `y` of the position written by vertex, domain and geometry
    /// shaders.
    pub invert_y: bool,
    /// Emit `OpName`/`OpMemberName` for globals, functions and structs (on by default in DXC).
    pub debug_names: bool,
    /// `-Gis`: every entry point gets `SignedZeroInfNanPreserve` for 32-bit floats (as in DXC)
    /// and for the other float widths the module uses (`SPV_KHR_float_controls` below SPIR-V
    /// 1.4).
    pub signed_zero_inf_nan_preserve: bool,
    /// `-denorm preserve|ftz`: every entry point gets `DenormPreserve` or
    /// `DenormFlushToZero` for 32-bit floats, as DXC gives them (`SPV_KHR_float_controls`
    /// below SPIR-V 1.4); `None` (`-denorm any`, the default) leaves denormals to the device.
    pub denorm: Option<DenormMode>,
    /// `-fspv-entrypoint-name=`: the `OpEntryPoint` name of the module's entry point.
    pub entry_point_name: Option<String>,
    /// `-fspv-extension=`: the only extensions the module may use (`KHR` stands for every
    /// `SPV_KHR_*`); `None` allows all.
    pub allowed_extensions: Option<Vec<String>>,
    /// `-fspv-reflect`: semantic, user-type and counter-buffer decorations for reflection.
    pub reflect: bool,
    /// `-fspv-flatten-resource-arrays`: each element of a fixed-size resource array is its
    /// own variable at its own binding (see `flatten`).
    pub flatten_resource_arrays: bool,
    /// `-fspv-use-vulkan-memory-model`: the Vulkan memory model instead of GLSL450, with
    /// availability and visibility operands where `globallycoherent` asked for `Coherent`
    /// (see `vulkan_memory`).
    pub vulkan_memory_model: bool,
    /// `-fspv-debug=vulkan` (and kin): `NonSemantic.Shader.DebugInfo.100` debug information
    /// for these source files (see `debug_info`).
    pub debug_info: Option<DebugInfoOptions>,
}

/// What `-denorm` asks of 32-bit denormal floats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DenormMode {
    /// `DenormPreserve`: kept as they are.
    Preserve,
    /// `DenormFlushToZero`: flushed to zero.
    FlushToZero,
}

impl Default for SpirvOptions {
    fn default() -> SpirvOptions {
        SpirvOptions::new(TargetEnv::default())
    }
}

impl SpirvOptions {
    pub fn new(target_env: TargetEnv) -> SpirvOptions {
        SpirvOptions {
            target_env,
            invert_y: false,
            debug_names: true,
            signed_zero_inf_nan_preserve: false,
            denorm: None,
            entry_point_name: None,
            allowed_extensions: None,
            reflect: false,
            flatten_resource_arrays: false,
            vulkan_memory_model: false,
            debug_info: None,
        }
    }

    /// Whether mesh and amplification shaders use `SPV_NV_mesh_shader` rather than
    /// `SPV_EXT_mesh_shader`, as DXC's `FeatureManager` decides: EXT is enabled by default
    /// from SPIR-V 1.4 on, and in an explicit `-fspv-extension=` list only by name.
    pub fn mesh_nv(&self) -> bool {
        match &self.allowed_extensions {
            None => self.target_env.spirv_version() < (1, 4),
            Some(list) => !list.iter().any(|e| e == "SPV_EXT_mesh_shader"),
        }
    }
}

/// What kind of problem stopped [`emit`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpirvErrorKind {
    /// The backend does not translate this yet.
    NotSupportedYet,
    /// The target environment cannot express it (a newer `--target-env` can).
    NeedsNewerTarget,
    /// The module breaks a rule the verifier does not check (or was not verified).
    InvalidModule,
}

/// Why a module cannot be expressed in SPIR-V, with the function and the source location of
/// the instruction that could not be translated when there is one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SpirvError {
    pub kind: SpirvErrorKind,
    pub message: String,
    /// The function being translated.
    pub function: Option<String>,
    pub loc: Option<ir::SourceLoc>,
}

impl SpirvError {
    pub(crate) fn unsupported(message: impl Into<String>) -> SpirvError {
        SpirvError {
            kind: SpirvErrorKind::NotSupportedYet,
            message: message.into(),
            function: None,
            loc: None,
        }
    }

    pub(crate) fn needs_target(message: impl Into<String>) -> SpirvError {
        SpirvError {
            kind: SpirvErrorKind::NeedsNewerTarget,
            message: message.into(),
            function: None,
            loc: None,
        }
    }

    pub(crate) fn invalid(message: impl Into<String>) -> SpirvError {
        SpirvError {
            kind: SpirvErrorKind::InvalidModule,
            message: message.into(),
            function: None,
            loc: None,
        }
    }
}

impl fmt::Display for SpirvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            SpirvErrorKind::NotSupportedYet => f.write_str("not supported yet: ")?,
            SpirvErrorKind::NeedsNewerTarget => f.write_str("needs a newer target: ")?,
            SpirvErrorKind::InvalidModule => f.write_str("invalid module: ")?,
        }
        f.write_str(&self.message)?;
        if let Some(func) = &self.function {
            write!(f, " (in @{func}")?;
            if let Some(l) = self.loc {
                write!(f, ", file {} bytes {}..{}", l.file, l.start, l.end)?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

impl std::error::Error for SpirvError {}

pub type Result<T, E = SpirvError> = std::result::Result<T, E>;

/// Translates `module` into a SPIR-V binary for `options.target_env`.
///
/// The module should pass [`ir::verify`]; for one that does not, `emit` returns an error or
/// invalid SPIR-V but never panics.
pub fn emit(module: &ir::Module, options: &SpirvOptions) -> Result<Vec<u32>> {
    context::emit_module(module, options)
}

/// The `spirv-val` options that match what [`emit`] produced for `module`: the target
/// environment, and the block layout rules its buffers use (DXC's vector-relaxed layouts are
/// core in Vulkan 1.1 but need `--relax-block-layout` for Vulkan 1.0; the scalar layout needs
/// `--scalar-block-layout`; the DX layout follows no Vulkan rule spirv-val knows, so, as DXC
/// does, its block layout is not checked: `--skip-block-layout`). Raw buffer accesses lay
/// their values out with the scalar rules (DXC's `sizeof(T)` bytes), so a module with any
/// is checked under `--scalar-block-layout` too, as is one whose buffer pointers point to
/// scalar-laid-out memory (`ir::Module::buffer_pointer_layout`).
pub fn validator_options(module: &ir::Module, options: &SpirvOptions) -> Vec<String> {
    let mut args = vec![
        "--target-env".to_owned(),
        options.target_env.validator_name().to_owned(),
    ];
    let rules: Vec<::types::LayoutRules> = module
        .globals
        .iter()
        .filter_map(|(_, g)| g.layout.as_ref().map(|l| l.rules))
        .chain(module.buffer_pointer_layout)
        .collect();
    if rules.contains(&::types::LayoutRules::Dx) {
        args.push("--skip-block-layout".to_owned());
    } else if rules.contains(&::types::LayoutRules::Scalar)
        || rules.contains(&::types::LayoutRules::DxStructured)
        || raw_buffer::uses_raw_buffers(module)
    {
        args.push("--scalar-block-layout".to_owned());
    } else if options.target_env == TargetEnv::Vulkan1_0 {
        args.push("--relax-block-layout".to_owned());
    }
    args
}
