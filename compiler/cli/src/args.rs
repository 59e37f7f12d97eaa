//! The command line of `hlslc`: DXC's single-dash flags and our own long options.
//!
//! DXC spells multi-letter options with one dash (`-HV 2021`, `-Fo out`, `-spirv`,
//! `-fspv-target-env=vulkan1.1`) and glues values to short ones (`-Tcs_6_0`, `-DNAME=1`,
//! `-Iinc`). clap does not parse that style, so `normalize` first rewrites DXC's spellings into
//! clap's long options; everything else is clap's work. Which DXC flags exist, and which of
//! them `hlslc` accepts, is in `dxc_flags`.

use std::ffi::OsString;

use clap::{Parser, ValueEnum};

/// What `--emit` can produce.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EmitKind {
    /// The lossless syntax tree in rowan's debug form.
    Syntax,
    /// The tokens after preprocessing, with where each came from.
    Preprocessed,
    /// The IR after lowering.
    Ir,
    /// The IR after optimization.
    IrOpt,
    /// SPIR-V binary.
    Spirv,
    /// SPIR-V disassembly.
    SpirvAsm,
    /// Metal Shading Language.
    Msl,
    /// WGSL.
    Wgsl,
    /// Entry-point signatures.
    Signatures,
    /// Resource reflection as JSON.
    Reflection,
    /// Integer ranges proven by range analysis.
    Ranges,
}

/// How diagnostics are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ErrorFormat {
    /// rustc/clang style: file:line:col, code, message, source excerpt.
    Human,
    /// One JSON object per line.
    Json,
    /// One line each, `file(line,col): error CODE: message` (DXC:
    /// -fdiagnostics-format=msvc).
    Msvc,
    /// One line each, `file +line:col: error CODE: message` (DXC: -fdiagnostics-format=vi).
    Vi,
}

/// hlslc: an HLSL compiler that accepts DXC's flags.
#[derive(Debug, Parser)]
#[command(
    name = "hlslc",
    version,
    about,
    disable_help_flag = true,
    args_override_self = true
)]
pub struct Options {
    /// The HLSL source file; or `run` followed by the file, to execute a compute shader on the
    /// CPU (with `--pipeline`).
    #[arg(num_args = 0..=2, value_name = "FILE")]
    pub inputs: Vec<String>,

    /// `hlslc run`: the pipeline (LLVM offload-test-suite YAML) with buffers and bindings.
    #[arg(long, value_name = "PIPELINE.yaml")]
    pub pipeline: Option<String>,

    /// Target profile, such as cs_6_0, ps_6_6, lib_6_3 (DXC: -T).
    #[arg(short = 'T', long = "profile", value_name = "PROFILE")]
    pub profile: Option<String>,

    /// Entry point name (DXC: -E; default `main`, or every `[shader("...")]` entry of a
    /// `lib_6_x` library).
    #[arg(short = 'E', long = "entry", value_name = "NAME")]
    pub entry: Option<String>,

    /// Add a directory to the include search path (DXC: -I).
    #[arg(short = 'I', long = "include-dir", value_name = "DIR")]
    pub include_dirs: Vec<String>,

    /// Define a macro: NAME or NAME=VALUE (DXC: -D).
    #[arg(short = 'D', long = "define", value_name = "NAME[=VALUE]")]
    pub defines: Vec<String>,

    /// HLSL language version: 2016, 2018, 2021, 202x (DXC: -HV).
    #[arg(long = "hlsl-version", value_name = "VERSION", default_value = "2021")]
    pub hlsl_version: String,

    /// Output file (DXC: -Fo).
    #[arg(long = "output", value_name = "FILE")]
    pub output: Option<String>,

    /// Optimization level 0 to 3 (DXC: -O0 .. -O3, -Od). Accepted; there is no optimizer yet,
    /// so every level emits the same code.
    #[arg(long = "opt-level", value_name = "N", default_value = "3")]
    pub opt_level: u8,

    /// Skip validation: the IR verifier and spirv-val on the emitted SPIR-V (DXC: -Vd).
    #[arg(long = "skip-validation")]
    pub skip_validation: bool,

    /// Shift the bindings of `register(bN, spaceM)` by N in space M, or `all` spaces.
    #[arg(long = "fvk-b-shift", num_args = 2, value_names = ["N", "SPACE"])]
    pub b_shift: Vec<String>,

    /// Shift the bindings of `register(tN, spaceM)` by N in space M, or `all` spaces.
    #[arg(long = "fvk-t-shift", num_args = 2, value_names = ["N", "SPACE"])]
    pub t_shift: Vec<String>,

    /// Shift the bindings of `register(sN, spaceM)` by N in space M, or `all` spaces.
    #[arg(long = "fvk-s-shift", num_args = 2, value_names = ["N", "SPACE"])]
    pub s_shift: Vec<String>,

    /// Shift the bindings of `register(uN, spaceM)` by N in space M, or `all` spaces.
    #[arg(long = "fvk-u-shift", num_args = 2, value_names = ["N", "SPACE"])]
    pub u_shift: Vec<String>,

    /// Bind `register(xX, spaceY)` to binding N of descriptor set M (negative numbers are
    /// read, to be refused as DXC refuses them).
    #[arg(
        long = "fvk-bind-register",
        num_args = 4,
        allow_negative_numbers = true,
        value_names = ["xX", "Y", "N", "M"]
    )]
    pub bind_register: Vec<String>,

    /// The descriptor set of resources whose register names no space, and of those bound
    /// automatically (DXC's default is 0).
    #[arg(long = "auto-binding-space", value_name = "N")]
    pub auto_binding_space: Option<String>,

    /// Lay out buffers as D3D does (cbuffer packing; structured buffers packed).
    #[arg(long = "fvk-use-dx-layout")]
    pub dx_layout: bool,

    /// Lay out buffers with strict std140 (constant) and std430 (storage) rules.
    #[arg(long = "fvk-use-gl-layout")]
    pub gl_layout: bool,

    /// Lay out buffers with the scalar block layout.
    #[arg(long = "fvk-use-scalar-layout")]
    pub scalar_layout: bool,

    /// Negate SV_Position.y written by vertex, domain and geometry shaders.
    #[arg(long = "fvk-invert-y")]
    pub invert_y: bool,

    /// Pixel shaders read SV_Position.w as 1/w (D3D's clip-space w).
    #[arg(long = "fvk-invert-w")]
    pub invert_w: bool,

    /// Matrices in templated byte-address loads and stores are row-major (DXC's old order).
    #[arg(long = "fspv-use-legacy-buffer-matrix-order")]
    pub legacy_buffer_matrix_order: bool,

    /// SV_InstanceID counts from 0 whatever the first instance: InstanceIndex - BaseInstance.
    #[arg(long = "fvk-support-nonzero-base-instance")]
    pub nonzero_base_instance: bool,

    /// Give `$Globals` binding N of descriptor set M.
    #[arg(long = "fvk-bind-globals", num_args = 2, value_names = ["N", "M"])]
    pub bind_globals: Vec<String>,

    /// Resources without a register or `[[vk::binding]]` take bindings from their class's
    /// `-fvk-*-shift` (space 0) on.
    #[arg(long = "fvk-auto-shift-bindings")]
    pub auto_shift_bindings: bool,

    /// The name of the SPIR-V entry point (default: the HLSL entry function's).
    #[arg(long = "fspv-entrypoint-name", value_name = "NAME")]
    pub entry_point_name: Option<String>,

    /// Add reflection decorations: HLSL semantics, HLSL resource types, counter buffers.
    #[arg(long = "fspv-reflect")]
    pub reflect: bool,

    /// Elements of `RWStructuredBuffer` arrays have counters (an array of counters).
    #[arg(long = "fvk-allow-rwstructuredbuffer-arrays")]
    pub allow_rwstructuredbuffer_arrays: bool,

    /// Debug information (DXC: -fspv-debug=): `vulkan`, `vulkan-with-source`, `rich`,
    /// `rich-with-source` emit NonSemantic.Shader.DebugInfo.100; `file`, `source`, `line`,
    /// `tool` are accepted without effect yet. Repeatable.
    #[arg(long = "fspv-debug", value_name = "MODE")]
    pub spirv_debug: Vec<String>,

    /// Use the Vulkan memory model instead of GLSL450.
    #[arg(long = "fspv-use-vulkan-memory-model")]
    pub vulkan_memory_model: bool,

    /// Each element of a resource array is its own variable and binding (as in D3D).
    #[arg(long = "fspv-flatten-resource-arrays")]
    pub flatten_resource_arrays: bool,

    /// Declare every resource and buffer of the file with its binding, even those the
    /// entry point does not use.
    #[arg(long = "fspv-preserve-bindings")]
    pub preserve_bindings: bool,

    /// Allow only these SPIR-V extensions (repeatable; `KHR` allows every SPV_KHR_*); a
    /// module that needs another one is an error.
    #[arg(long = "fspv-extension", value_name = "NAME")]
    pub extensions: Vec<String>,

    /// Denormal floats: `any` (the default), `preserve` or `ftz` (flush to zero): the
    /// `DenormPreserve`/`DenormFlushToZero` execution mode for 32-bit floats (DXC: -denorm).
    #[arg(long = "denorm", value_name = "MODE")]
    pub denorm: Option<String>,

    /// The order of the automatic locations of stage inputs and outputs: `decl` (declaration
    /// order, the default) or `alpha` (alphabetical order of the semantics)
    /// (DXC: -fvk-stage-io-order=).
    #[arg(long = "fvk-stage-io-order", value_name = "ORDER")]
    pub stage_io_order: Option<String>,

    /// Pack stage inputs and outputs into the components of shared locations (`Component`
    /// decorations), as DXC's SPIR-V does under -pack-optimized (DXC: -pack-optimized).
    #[arg(long = "pack-optimized")]
    pub pack_optimized: bool,

    /// Preserve signed zeros, infinities and NaNs in float arithmetic: the
    /// `SignedZeroInfNanPreserve` execution mode (DXC: -Gis).
    #[arg(long = "signed-zero-inf-nan-preserve")]
    pub signed_zero_inf_nan_preserve: bool,

    /// Generate SPIR-V (DXC: -spirv).
    #[arg(long = "spirv")]
    pub spirv: bool,

    /// Vulkan environment for SPIR-V (DXC: -fspv-target-env=).
    #[arg(long = "fspv-target-env", value_name = "ENV")]
    pub target_env: Option<String>,

    /// Make `half` a 16-bit type and allow the 16-bit scalar types (DXC: -enable-16bit-types).
    #[arg(long = "enable-16bit-types")]
    pub enable_16bit_types: bool,

    /// Matrices without `row_major`/`column_major` are row-major (DXC: -Zpr); `-Zpc` keeps
    /// DXC's column-major default.
    #[arg(long = "pack-matrix-row-major")]
    pub row_major_default: bool,

    /// Also write the SPIR-V disassembly to FILE (DXC: -Fc).
    #[arg(long = "assembly-output", value_name = "FILE")]
    pub assembly_output: Option<String>,

    /// Also write the SPIR-V binary as a C header to FILE (DXC: -Fh).
    #[arg(long = "header-output", value_name = "FILE")]
    pub header_output: Option<String>,

    /// The array's name in the `-Fh` header (DXC: -Vn; default `g_<entry>`).
    #[arg(long = "variable-name", value_name = "NAME")]
    pub variable_name: Option<String>,

    /// Treat warnings as errors (DXC: -WX).
    #[arg(long = "warnings-as-errors")]
    pub warnings_as_errors: bool,

    /// Report no warnings (DXC: -no-warnings).
    #[arg(long = "no-warnings")]
    pub no_warnings: bool,

    /// Report no warning of this code (repeatable; DXC's `-Wno-vk-ignored-features` drops
    /// those of ignored features).
    #[arg(long = "no-warning-code", hide = true, value_name = "CODE")]
    pub no_warning_codes: Vec<String>,

    /// Preprocess only, into the `--preprocess-output` file or the input's name with `.i`
    /// (DXC: -P).
    #[arg(long = "preprocess")]
    pub preprocess: bool,

    /// The file `--preprocess` writes (DXC: -Fi).
    #[arg(long = "preprocess-output", value_name = "FILE")]
    pub preprocess_output: Option<String>,

    /// The argument after DXC's `-P`: the input file (`-P in.hlsl`), or, when the input is
    /// given elsewhere, the file to write (fxc's and older DXC's `-P out.i in.hlsl`).
    #[arg(long = "preprocess-operand", value_name = "FILE", hide = true)]
    pub preprocess_operand: Option<String>,

    /// Print the input's dependencies (the files it includes) as a makefile rule and stop
    /// (DXC: -M).
    #[arg(long = "deps-stdout")]
    pub deps_stdout: bool,

    /// Also write the dependencies into the input's name with `.d` (DXC: -MD).
    #[arg(long = "deps-file-default")]
    pub deps_file_default: bool,

    /// Also write the dependencies into FILE (DXC: -MF).
    #[arg(long = "deps-file", value_name = "FILE")]
    pub deps_file: Option<String>,

    /// Write warnings and errors into FILE instead of the terminal (DXC: -Fe).
    #[arg(long = "errors-output", value_name = "FILE")]
    pub errors_output: Option<String>,

    /// Expand macro arguments before `##` pastes them, as fxc did (DXC:
    /// -flegacy-macro-expansion).
    #[arg(long = "legacy-macro-expansion")]
    pub legacy_macro_expansion: bool,

    /// `&&`, `||` and `?:` short-circuit and take scalars only under `-HV 2016`/`2018` too
    /// (DXC: -enable-short-circuit; always so from HLSL 2021 on).
    #[arg(long = "short-circuit")]
    pub enable_short_circuit: bool,

    /// Print each included file on stderr, indented by its nesting depth (DXC: -H, -Vi).
    #[arg(long = "show-includes")]
    pub show_includes: bool,

    /// Show diagnostics at the file's own lines, not where `#line` directives say (DXC:
    /// -ignore-line-directives).
    #[arg(long = "ignore-line-directives")]
    pub ignore_line_directives: bool,

    /// The encoding of the sources; only `utf8` is read (DXC: -encoding).
    #[arg(long = "source-encoding", value_name = "ENCODING")]
    pub source_encoding: Option<String>,

    /// DXC flags taking a value that are accepted without effect, as FLAG VALUE pairs, each
    /// reported with a warning.
    #[arg(
        long = "ignored-dxc-option",
        hide = true,
        num_args = 2,
        allow_hyphen_values = true,
        value_names = ["FLAG", "VALUE"]
    )]
    pub ignored_dxc_options: Vec<String>,

    /// DXC flags accepted without effect (debug information and stripping), each reported
    /// with a warning.
    #[arg(long = "ignored-dxc-flag", hide = true, value_name = "FLAG")]
    pub ignored_dxc_flags: Vec<String>,

    /// Only report diagnostics; produce no output.
    #[arg(long)]
    pub check: bool,

    /// What to produce, comma-separated.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "KIND")]
    pub emit: Vec<EmitKind>,

    /// With `--emit ir`: end each instruction's comment with the source it was lowered from,
    /// `loc(FILE:START..END)` (file id and byte offsets).
    #[arg(long = "ir-locations")]
    pub ir_locations: bool,

    /// Give specialization constant ID (`[[vk::constant_id(ID)]]`) the value VALUE: it becomes
    /// a plain constant after lowering. Repeatable.
    #[arg(long = "spec", value_name = "ID=VALUE")]
    pub spec: Vec<String>,

    /// How to print diagnostics.
    #[arg(long = "error-format", value_enum, default_value = "human")]
    pub error_format: ErrorFormat,

    /// Print help.
    #[arg(short = 'h', long = "help", action = clap::ArgAction::Help)]
    pub help: Option<bool>,
}

impl Options {
    /// Places the argument after `-P` ([`Options::preprocess_operand`]): the input when no
    /// other input is given, else the output file (the fxc form), which `-Fi` must not name
    /// too.
    pub fn resolve_preprocess_operand(&mut self) -> Result<(), String> {
        let Some(operand) = self.preprocess_operand.take() else {
            return Ok(());
        };
        if self.inputs.is_empty() {
            self.inputs.push(operand);
        } else if self.preprocess_output.is_none() {
            self.preprocess_output = Some(operand);
        } else {
            return Err(format!(
                "`-P {operand}` and `-Fi` both name the preprocessed file; give one"
            ));
        }
        Ok(())
    }
}

/// Rewrites DXC-style arguments into the long options `Options` declares.
pub fn normalize(args: impl IntoIterator<Item = OsString>) -> Result<Vec<OsString>, String> {
    let mut out = Vec::new();
    let mut args = args.into_iter().peekable();
    if let Some(program) = args.next() {
        out.push(program);
    }
    let mut rest_are_files = false;
    while let Some(arg) = args.next() {
        let Some(s) = arg.to_str().map(str::to_owned) else {
            out.push(arg);
            continue;
        };
        if rest_are_files || !s.starts_with('-') || s == "-" || s.starts_with("--") {
            if s == "--" {
                rest_are_files = true;
            }
            out.push(arg);
            continue;
        }
        let flag = &s[1..];
        if crate::dxc_flags::not_yet(&s).is_some() {
            return Err(format!(
                "`{s}` is a DXC option hlslc does not support yet \
                 (docs/dxc-flags.md lists what it accepts)"
            ));
        }
        let mapped: Vec<String> = match flag {
            "HV" => vec!["--hlsl-version".into()],
            "Fo" => vec!["--output".into()],
            "spirv" => vec!["--spirv".into()],
            "enable-16bit-types" => vec!["--enable-16bit-types".into()],
            "Zpr" => vec!["--pack-matrix-row-major".into()],
            "Zpc" => Vec::new(),
            // Debug-information and stripping flags change no code: accepted with a warning.
            "Zi" | "Zs" | "Qembed_debug" | "Qstrip_debug" | "Qstrip_reflect" => {
                vec![format!("--ignored-dxc-flag={s}")]
            }
            // Code-generation hints that change nothing in hlslc's output.
            "Gec" | "Ges" | "Gfa" | "Gfp" => vec![format!("--ignored-dxc-flag={s}")],
            "Gis" => vec!["--signed-zero-inf-nan-preserve".into()],
            // DXC's SPIR-V packs stage variables into shared locations under it.
            "pack-optimized" => vec!["--pack-optimized".into()],
            // What only DXIL has (root signatures, container hashes, LLVM lifetime markers,
            // its disassembly listing's style) and what hlslc's modules need no pass for:
            // accepted with a warning.
            "all-resources-bound"
            | "res-may-alias"
            | "Qstrip_rootsignature"
            | "enable-lifetime-markers"
            | "disable-lifetime-markers"
            | "flegacy-resource-reservation"
            | "Zsb"
            | "Zss"
            | "Ni"
            | "No"
            | "Lx"
            | "Cc"
            | "enable-payload-qualifiers"
            | "disable-payload-qualifiers"
            | "enable-unions"
            | "fcgl"
            | "fspv-print-all" => vec![format!("--ignored-dxc-flag={s}")],
            // Arguments always reach a callee through temporaries of the parameter's type,
            // which is what this flag asks of DXC; and hlslc warns of no unused argument.
            "fspv-fix-func-call-arguments" | "Qunused-arguments" => Vec::new(),
            // No banner to suppress; diagnostics carry no option names; no optimizer to allow
            // or forbid finite-math assumptions; DXIL's default signature packing.
            "nologo"
            | "fdiagnostics-show-option"
            | "fno-diagnostics-show-option"
            | "fdisable-loc-tracking"
            | "ffinite-math-only"
            | "fno-finite-math-only"
            | "pack-prefix-stable" => Vec::new(),
            "no-legacy-cbuf-layout" | "Qstrip_priv" | "fspv-reduce-load-size" => {
                vec![format!("--ignored-dxc-flag={s}")]
            }
            // Root signatures and PDB files are DXIL's: the value is read and ignored.
            "rootsig-define" | "setrootsignature" | "force-rootsig-ver" | "Fd" => {
                vec!["--ignored-dxc-option".into(), s.clone()]
            }
            // DXC's newer name of `-fvk-invert-w`.
            "fvk-use-dx-position-w" => vec!["--fvk-invert-w".into()],
            "H" | "Vi" => vec!["--show-includes".into()],
            "flegacy-macro-expansion" => vec!["--legacy-macro-expansion".into()],
            // DXC's switches for the HLSL 2021 features under `-HV 2016`/`2018` (no-ops from
            // 2021 on). hlslc takes templates, operator overloading, bit-fields and the
            // name-based overload matching of structs in every version, so only the
            // short-circuiting operators change anything.
            "enable-templates"
            | "enable-operator-overloading"
            | "enable-bitfields"
            | "strict-udt-casting" => Vec::new(),
            "enable-short-circuit" => vec!["--short-circuit".into()],
            // DXC's `clang` form is the default, with the source shown.
            _ if flag.starts_with("fdiagnostics-format=") => {
                match &flag["fdiagnostics-format=".len()..] {
                    "clang" => vec!["--error-format=human".into()],
                    "msvc" => vec!["--error-format=msvc".into()],
                    "vi" => vec!["--error-format=vi".into()],
                    other => {
                        return Err(format!(
                            "`-fdiagnostics-format={other}`: the formats are clang, msvc and vi"
                        ))
                    }
                }
            }
            "ignore-line-directives" => vec!["--ignore-line-directives".into()],
            "encoding" => vec!["--source-encoding".into()],
            // DXC's `-P` is a flag; fxc's (and older DXC's) took the output file. The
            // argument after it, when not a flag, is resolved once the input is known
            // (`Options::resolve_preprocess_operand`).
            "P" => match args.peek().and_then(|a| a.to_str()) {
                Some(next) if !next.starts_with('-') && !rest_are_files => {
                    let next = next.to_owned();
                    args.next();
                    vec!["--preprocess".into(), "--preprocess-operand".into(), next]
                }
                _ => vec!["--preprocess".into()],
            },
            "denorm" => vec!["--denorm".into()],
            _ if flag.starts_with("denorm") => {
                vec!["--denorm".into(), flag["denorm".len()..].into()]
            }
            _ if flag.starts_with("fvk-stage-io-order=") => vec![format!(
                "--fvk-stage-io-order={}",
                &flag["fvk-stage-io-order=".len()..]
            )],
            // slangc's flag (DXC has none): the entry point already keeps the HLSL name, as
            // DXC names it unless `-fspv-entrypoint-name=` says otherwise.
            "fvk-use-entrypoint-name" => Vec::new(),
            "Fi" => vec!["--preprocess-output".into()],
            "M" => vec!["--deps-stdout".into()],
            "MD" => vec!["--deps-file-default".into()],
            "MF" => vec!["--deps-file".into()],
            "Fe" => vec!["--errors-output".into()],
            "Fc" => vec!["--assembly-output".into()],
            "Fh" => vec!["--header-output".into()],
            "Vn" => vec!["--variable-name".into()],
            "WX" => vec!["--warnings-as-errors".into()],
            "no-warnings" => vec!["--no-warnings".into()],
            // DXC's group of warnings about what Vulkan cannot express and is dropped:
            // initializers of `$Globals` variables and of cbuffer and tbuffer members.
            "Wno-vk-ignored-features" => ["W2110", "W2118"]
                .iter()
                .flat_map(|c| ["--no-warning-code".to_owned(), (*c).to_owned()])
                .collect(),
            // Other warning groups: hlslc's warnings have no groups yet, so `-Wno-conversion`
            // and the like are accepted and change nothing.
            _ if flag.starts_with('W') && flag.len() > 1 => Vec::new(),
            "O0" | "O1" | "O2" | "O3" => vec!["--opt-level".into(), flag[1..].into()],
            "Od" => vec!["--opt-level".into(), "0".into()],
            "Vd" => vec!["--skip-validation".into()],
            // DXC's short spelling of `-fvk-bind-register`.
            "vkbr" => vec!["--fvk-bind-register".into()],
            "fvk-b-shift"
            | "fvk-t-shift"
            | "fvk-s-shift"
            | "fvk-u-shift"
            | "fvk-bind-register"
            | "fvk-use-dx-layout"
            | "fvk-use-gl-layout"
            | "fvk-use-scalar-layout"
            | "fvk-invert-y"
            | "fvk-invert-w"
            | "fvk-support-nonzero-base-instance"
            | "fspv-use-legacy-buffer-matrix-order"
            | "fvk-bind-globals"
            | "auto-binding-space"
            | "fvk-auto-shift-bindings"
            | "fspv-reflect"
            | "fspv-flatten-resource-arrays"
            | "fspv-preserve-bindings"
            | "fspv-use-vulkan-memory-model"
            | "fvk-allow-rwstructuredbuffer-arrays" => vec![format!("-{s}")],
            // DXC's older spelling of `-fvk-use-gl-layout`.
            "fvk-use-glsl-layout" => vec!["--fvk-use-gl-layout".into()],
            // It only keeps an optimizer from removing interface variables, and hlslc has no
            // optimizer that would.
            "fspv-preserve-interface" => Vec::new(),
            _ if flag.starts_with("Oconfig=") => vec![format!("--ignored-dxc-flag={s}")],
            _ if flag.starts_with("fspv-entrypoint-name=") => vec![format!(
                "--fspv-entrypoint-name={}",
                &flag["fspv-entrypoint-name=".len()..]
            )],
            _ if flag.starts_with("fspv-debug=") => {
                vec![format!("--fspv-debug={}", &flag["fspv-debug=".len()..])]
            }
            _ if flag.starts_with("fspv-extension=") => vec![format!(
                "--fspv-extension={}",
                &flag["fspv-extension=".len()..]
            )],
            "help" | "?" => vec!["--help".into()],
            _ if flag.starts_with("fspv-target-env=") => {
                vec![format!(
                    "--fspv-target-env={}",
                    &flag["fspv-target-env=".len()..]
                )]
            }
            _ if flag.starts_with("Fo") && flag.len() > 2 => {
                vec!["--output".into(), flag[2..].into()]
            }
            _ if flag.starts_with("HV") && flag.len() > 2 => {
                vec!["--hlsl-version".into(), flag[2..].into()]
            }
            // Single-letter options with a glued value (-Tcs_6_0, -DX=1, -Iinc, -Emain).
            _ if flag.len() > 1 && matches!(&flag[..1], "T" | "E" | "D" | "I") => {
                vec![format!("-{}", &flag[..1]), flag[1..].into()]
            }
            _ if flag.len() == 1 => vec![s.clone()],
            _ => {
                return Err(format!(
                    "unknown option `{s}`; the DXC flags hlslc accepts are {} \
                     (docs/dxc-flags.md), and `hlslc --help` lists its own",
                    crate::dxc_flags::accepted_names()
                ))
            }
        };
        let bind_register = mapped.first().is_some_and(|m| m == "--fvk-bind-register");
        out.extend(mapped.into_iter().map(OsString::from));
        // Its four values are taken as they are, a negative number too (DXC reads `-10` as
        // a value, to refuse it as a binding number).
        if bind_register {
            out.extend(args.by_ref().take(4));
        }
    }
    check_oconfig(&out)?;
    Ok(out)
}

/// DXC's rules for `-Oconfig=`: given once at most, and not with an `-O` level.
fn check_oconfig(normalized: &[OsString]) -> Result<(), String> {
    let oconfigs = normalized
        .iter()
        .filter(|a| {
            a.to_str()
                .is_some_and(|s| s.starts_with("--ignored-dxc-flag=-Oconfig="))
        })
        .count();
    if oconfigs > 1 {
        return Err("-Oconfig should not be specified more than once".to_owned());
    }
    if oconfigs == 1 && normalized.iter().any(|a| a == "--opt-level") {
        return Err("-Oconfig should not be used together with -O".to_owned());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(args: &[&str]) -> Vec<String> {
        let os = std::iter::once("hlslc")
            .chain(args.iter().copied())
            .map(OsString::from);
        normalize(os)
            .unwrap()
            .into_iter()
            .map(|s| s.into_string().unwrap())
            .collect()
    }

    #[test]
    fn oconfig_is_given_once_and_without_a_level() {
        let args = |a: &[&str]| {
            normalize(
                std::iter::once("hlslc")
                    .chain(a.iter().copied())
                    .map(OsString::from),
            )
        };
        assert_eq!(
            args(&["-Oconfig=-O", "-Oconfig=-Os", "x.hlsl"]).unwrap_err(),
            "-Oconfig should not be specified more than once"
        );
        assert_eq!(
            args(&["-O3", "-Oconfig=--loop-unroll", "x.hlsl"]).unwrap_err(),
            "-Oconfig should not be used together with -O"
        );
        assert!(args(&["-Oconfig=--loop-unroll", "x.hlsl"]).is_ok());
    }

    #[test]
    fn dxc_spellings() {
        assert_eq!(
            norm(&[
                "-Tcs_6_0", "-E", "main", "-DX=1", "-Iinc", "-HV", "2018", "-O0", "-spirv", "-Fo",
                "a.spv", "x.hlsl"
            ]),
            [
                "hlslc",
                "-T",
                "cs_6_0",
                "-E",
                "main",
                "-D",
                "X=1",
                "-I",
                "inc",
                "--hlsl-version",
                "2018",
                "--opt-level",
                "0",
                "--spirv",
                "--output",
                "a.spv",
                "x.hlsl"
            ]
        );
        assert_eq!(
            norm(&["-fspv-target-env=vulkan1.1", "--emit", "syntax"]),
            ["hlslc", "--fspv-target-env=vulkan1.1", "--emit", "syntax"]
        );
    }

    #[test]
    fn unknown_and_unsupported_dxc_flags_are_named() {
        let os = ["hlslc", "-Fre"].into_iter().map(OsString::from);
        assert_eq!(
            normalize(os).unwrap_err(),
            "`-Fre` is a DXC option hlslc does not support yet \
             (docs/dxc-flags.md lists what it accepts)"
        );
        let os = ["hlslc", "-frobnicate"].into_iter().map(OsString::from);
        let e = normalize(os).unwrap_err();
        assert!(
            e.starts_with("unknown option `-frobnicate`; the DXC flags hlslc accepts are -T, -E,"),
            "{e}"
        );
    }

    #[test]
    fn vulkan_flags_keep_their_values() {
        assert_eq!(
            norm(&[
                "-fvk-t-shift",
                "10",
                "all",
                "-Vd",
                "-fvk-invert-y",
                "-fvk-use-dx-layout"
            ]),
            [
                "hlslc",
                "--fvk-t-shift",
                "10",
                "all",
                "--skip-validation",
                "--fvk-invert-y",
                "--fvk-use-dx-layout"
            ]
        );
    }
}
