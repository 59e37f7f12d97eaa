//! `hlslc`: the command-line face of the compiler.
//!
//! Reads one HLSL file, runs the pipeline as far as the requested outputs need, prints
//! diagnostics to stderr and writes outputs to stdout or to `-Fo`. Exit status: 0 on success,
//! 1 on compile errors, 2 on bad usage (or a requested output that is not supported yet).

mod args;
mod dxc_flags;
mod files;
mod preprocessed;
mod render;
mod spv_extensions;
mod vulkan;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser as _;
use db::{RootDatabase, SourceDb as _};
use syntax::preprocess::{ShaderStage, ShaderTarget};
use syntax::{PreprocessConfig, Severity};

use crate::args::{EmitKind, ErrorFormat, Options};
use crate::files::{DiskSource, FilesView};

fn main() -> ExitCode {
    let argv = match args::normalize(std::env::args_os()) {
        Ok(argv) => argv,
        Err(message) => return usage_error(&message),
    };
    let mut options = match Options::try_parse_from(argv) {
        Ok(options) => options,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    if let Err(message) = options.resolve_preprocess_operand() {
        return usage_error(&message);
    }
    for mode in &options.spirv_debug {
        if let Some(why) = vulkan::debug_mode_warning(mode) {
            eprintln!("hlslc: warning: `-fspv-debug={mode}`: {why}");
        }
    }
    for flag in &options.ignored_dxc_flags {
        let why = match flag.as_str() {
            f if f.starts_with("-G") => {
                "it is a code-generation hint that changes nothing in hlslc's output"
            }
            f if f.starts_with("-Oconfig=") => {
                "it configures spirv-opt passes, and hlslc runs no optimizer yet"
            }
            "-Zi" | "-Zs" | "-Qembed_debug" => {
                "the OpSource/OpLine debug information DXC gives for it is not emitted yet; \
                 `-fspv-debug=vulkan` gives NonSemantic.Shader.DebugInfo.100"
            }
            "-Qstrip_debug" | "-Qstrip_reflect" => {
                "hlslc keeps no debug information or reflection data apart to strip"
            }
            "-fcgl" => {
                "hlslc's modules need no legalization, so the module is the one it always writes"
            }
            "-fspv-print-all" => "hlslc runs no spirv-opt passes whose output it could print",
            "-fspv-reduce-load-size" => "it configures spirv-opt, and hlslc runs no optimizer yet",
            "-enable-unions" => {
                "unions are not supported yet (DXC's SPIR-V backend lays a union out as a \
                 struct, members one after another); a union is still refused"
            }
            "-enable-payload-qualifiers" | "-disable-payload-qualifiers" => {
                "payload access qualifiers are always parsed and, as in DXC's SPIR-V, change \
                 nothing in the module"
            }
            _ => {
                "it only concerns DXIL (root signatures, container hashes, lifetime markers, \
                 signature packing, the DXIL listing); DXC's SPIR-V ignores it too"
            }
        };
        eprintln!("hlslc: warning: `{flag}` is ignored: {why}");
    }
    for pair in options.ignored_dxc_options.chunks(2) {
        let why = if pair[0] == "-Fd" {
            "DXC writes a PDB for DXIL only; the SPIR-V carries its debug information \
             (`-fspv-debug=vulkan`)"
        } else {
            "root signatures only concern DXIL; DXC's SPIR-V ignores them too"
        };
        eprintln!("hlslc: warning: `{}` is ignored: {why}", pair[0]);
    }
    match run(&options) {
        Ok(code) => code,
        Err(message) => usage_error(&message),
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("hlslc: error: {message}");
    ExitCode::from(2)
}

fn run(options: &Options) -> Result<ExitCode, String> {
    let (run_mode, input) = match options.inputs.as_slice() {
        [file] => (false, file.as_str()),
        [command, file] if command == "run" => (true, file.as_str()),
        [] => return Err("no input file; usage: hlslc [OPTIONS] FILE.hlsl".into()),
        _ => return Err(
            "usage: hlslc [OPTIONS] FILE.hlsl, or hlslc run --pipeline P.yaml [OPTIONS] FILE.hlsl"
                .into(),
        ),
    };
    if run_mode != options.pipeline.is_some() {
        return Err("`hlslc run FILE.hlsl` and `--pipeline P.yaml` go together".into());
    }
    // Before checking the file: a compute kernel checked as another stage only gets errors.
    let profile = options.profile.as_deref().map(parse_profile).transpose()?;
    if let (Some(written), Some(_)) = (options.profile.as_deref(), profile) {
        let major = written
            .split('_')
            .nth(1)
            .and_then(|m| m.parse::<u32>().ok());
        if major.is_some_and(|m| m < 6) {
            // dxc.exe's words: a 4.x/5.x profile is compiled as 6.0, with this warning.
            eprintln!("hlslc: warning: promoting older shader model profile `{written}` to 6.0");
        }
    }
    if run_mode && profile.is_some_and(|t| t.stage != ShaderStage::Compute) {
        return Err("`hlslc run` runs compute shaders: use a cs_6_x profile".into());
    }
    if let Some(encoding) = &options.source_encoding {
        if !encoding.eq_ignore_ascii_case("utf8") {
            return Err(format!(
                "not supported yet: -encoding {encoding} (hlslc reads UTF-8 sources)"
            ));
        }
    }
    let config = preprocess_config(options)?;
    let bytes = std::fs::read(input).map_err(|e| format!("cannot read `{input}`: {e}"))?;
    let text: Arc<str> = String::from_utf8_lossy(&bytes).as_ref().into();

    let mut db = RootDatabase::new(Arc::new(DiskSource));
    let main_file = db.set_file_text(input, Some(text));
    // `-T` names the stage of the entry point `-E` (DXC's default: `main`).
    let entries = config
        .target
        .map(|target| db::EntryPointConfig {
            name: options.entry.clone().unwrap_or_else(|| "main".to_owned()),
            target,
        })
        .into_iter()
        .collect();
    let config = db.new_config_with_entries(config, entries);
    let parsed = db::parse_file(&db, main_file, config);
    if options.show_includes {
        show_includes(&db, main_file.id(&db), &parsed.preprocessed.includes);
    }
    if let Some(code) = preprocessor_outputs(options, input, &db, parsed)? {
        return Ok(code);
    }
    let mut diagnostics = parsed.diagnostics.clone();
    // Semantic analysis also runs after syntax errors (it leaves out their cascades), so
    // one typo does not hide the file's other errors; binding warnings need a clean parse.
    if parsed.supports_semantic_analysis() {
        diagnostics.extend(db::semantic_diagnostics(&db, main_file, config));
    }
    if !parsed.has_errors()
        && (options.spirv || !options.emit.is_empty() || options.output.is_some())
    {
        let lower_options = vulkan::lower_options(options)?;
        diagnostics.extend(db::binding_warnings(&db, main_file, config, &lower_options));
    }

    if options.no_warnings {
        diagnostics.retain(|d| d.severity == Severity::Error);
    }
    diagnostics.retain(|d| {
        d.severity == Severity::Error || !options.no_warning_codes.iter().any(|c| *c == d.code)
    });
    let files = if options.ignore_line_directives {
        FilesView::new(&db)
    } else {
        FilesView::new(&db).with_line_directives(&parsed.preprocessed.line_directives)
    };
    if let Some(path) = &options.errors_output {
        // `-Fe`: the file holds this run's diagnostics only.
        std::fs::write(path, "").map_err(|e| format!("cannot write `{path}`: {e}"))?;
    }
    let color = options.errors_output.is_none() && std::io::stderr().is_terminal();
    render_diagnostics(options, &files, &diagnostics, color);
    // `-WX`: warnings count as errors.
    let failed = diagnostics.iter().any(|d| {
        d.severity == Severity::Error
            || (options.warnings_as_errors && d.severity == Severity::Warning)
    });

    if options.check {
        return Ok(exit_status(failed));
    }
    if let Some(pipeline_path) = &options.pipeline {
        if failed {
            return Ok(exit_status(true));
        }
        return run_pipeline(
            options,
            pipeline_path,
            &db,
            main_file,
            config,
            &report_errors(options, &files, color),
        );
    }
    let mut emits = options.emit.clone();
    let listings = options.assembly_output.is_some() || options.header_output.is_some();
    // `-Fc`/`-Fh` without `-Fo`: only those files.
    let listings_only = emits.is_empty() && options.output.is_none() && listings;
    if emits.is_empty() && (options.spirv || listings) {
        // Like DXC: the binary into -Fo, the disassembly on the terminal.
        emits.push(if options.output.is_some() || listings {
            EmitKind::Spirv
        } else {
            EmitKind::SpirvAsm
        });
    }
    let report = report_errors(options, &files, color);
    // Lowered once, for every output that needs the IR.
    let mut module: Option<db::ir::Module> = None;
    for kind in emits {
        let produced: Vec<u8> = match kind {
            EmitKind::Syntax => syntax::debug_tree(&parsed.syntax()).into_bytes(),
            EmitKind::Preprocessed => {
                let expanded = parsed.expanded();
                let mut text = syntax::SyntaxNode::new_root(expanded.green.clone()).to_string();
                text.push('\n');
                text.into_bytes()
            }
            EmitKind::Ir | EmitKind::Spirv | EmitKind::SpirvAsm => {
                if failed {
                    return Ok(exit_status(true));
                }
                if module.is_none() {
                    let (lowered, warnings) = lower_ir(options, &db, main_file, config)?;
                    // The warnings about the code lowered for the entry point (W2117,
                    // W2119), which `-WX` makes errors.
                    if !options.no_warnings && !warnings.is_empty() {
                        report(&warnings);
                        if options.warnings_as_errors {
                            return Ok(exit_status(true));
                        }
                    }
                    match lowered {
                        Ok(mut m) => {
                            let overrides = options
                                .spec
                                .iter()
                                .map(|s| db::SpecOverride::parse(s))
                                .collect::<Result<Vec<_>, _>>()?;
                            db::specialize(&mut m, &overrides)?;
                            module = Some(m);
                        }
                        Err(errors) => {
                            report(&errors);
                            return Ok(exit_status(true));
                        }
                    }
                }
                let Some(module) = &module else {
                    return Ok(exit_status(true));
                };
                let main_id = main_file.id(&db);
                if !options.skip_validation {
                    if let Some(message) = vulkan::verify_ir(module) {
                        report(&[validation_error(message, main_id)]);
                        return Ok(exit_status(true));
                    }
                }
                match kind {
                    EmitKind::Ir => ir_text(module, options.ir_locations, &files).into_bytes(),
                    _ => match emit_spirv(options, module, main_id, &files)? {
                        Ok(words) => {
                            write_listings(options, &words)?;
                            if kind == EmitKind::Spirv {
                                words.iter().flat_map(|w| w.to_le_bytes()).collect()
                            } else {
                                spirv_backend::disassemble(&words).into_bytes()
                            }
                        }
                        Err(error) => {
                            report(&[error]);
                            return Ok(exit_status(true));
                        }
                    },
                }
            }
            other => {
                let name = format!("{other:?}").to_lowercase();
                return Err(format!(
                    "not supported yet: --emit {name} (hlslc produces syntax, preprocessed, ir, spirv and spirv-asm today)"
                ));
            }
        };
        if !listings_only {
            write_output(options, kind, &produced)?;
        }
    }
    Ok(exit_status(failed))
}

/// Prints diagnostics in the chosen format.
fn report_errors<'a>(
    options: &'a Options,
    files: &'a FilesView,
    color: bool,
) -> impl Fn(&[syntax::Diagnostic]) + 'a {
    move |errors| render_diagnostics(options, files, errors, color)
}

/// Prints `diagnostics` in the chosen format, on the terminal or appended to the `-Fe` file.
fn render_diagnostics(
    options: &Options,
    files: &FilesView,
    diagnostics: &[syntax::Diagnostic],
    color: bool,
) {
    let mut file;
    let mut stderr;
    let out: &mut dyn std::io::Write = match &options.errors_output {
        Some(path) => match std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
        {
            Ok(f) => {
                file = f;
                &mut file
            }
            Err(e) => {
                eprintln!("hlslc: error: cannot write `{path}`: {e}");
                stderr = std::io::stderr();
                &mut stderr
            }
        },
        None => {
            stderr = std::io::stderr();
            &mut stderr
        }
    };
    match options.error_format {
        ErrorFormat::Human => render::human(out, files, diagnostics, color),
        ErrorFormat::Json => render::json(out, files, diagnostics),
        ErrorFormat::Msvc => render::one_line(out, files, diagnostics, render::LineStyle::Msvc),
        ErrorFormat::Vi => render::one_line(out, files, diagnostics, render::LineStyle::Vi),
    }
}

/// What DXC's preprocessor flags produce: `-P` the preprocessed text into a file, `-M` the
/// dependencies on stdout (both stop there: `Some` exit status), `-MD`/`-MF` the dependencies
/// into a file (compilation goes on: `None`).
fn preprocessor_outputs(
    options: &Options,
    input: &str,
    db: &RootDatabase,
    parsed: &db::ParsedFile,
) -> Result<Option<ExitCode>, String> {
    let pp_failed = parsed
        .preprocessed
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error);
    if options.preprocess {
        let path = options
            .preprocess_output
            .clone()
            .unwrap_or_else(|| with_extension(input, "i"));
        let text = preprocessed::line_preserving_text(db, &parsed.preprocessed);
        std::fs::write(&path, text).map_err(|e| format!("cannot write `{path}`: {e}"))?;
        report_preprocessor_errors(options, db, parsed);
        return Ok(Some(exit_status(pp_failed)));
    }
    let wants_file = options.deps_file.is_some() || options.deps_file_default;
    if !options.deps_stdout && !wants_file {
        return Ok(None);
    }
    let rule = dependency_rule(options, input, db, parsed);
    if options.deps_stdout {
        say(&rule);
        report_preprocessor_errors(options, db, parsed);
        return Ok(Some(exit_status(pp_failed)));
    }
    let path = options
        .deps_file
        .clone()
        .unwrap_or_else(|| with_extension(input, "d"));
    std::fs::write(&path, rule).map_err(|e| format!("cannot write `{path}`: {e}"))?;
    Ok(None)
}

/// The preprocessor's diagnostics, when it alone ran.
fn report_preprocessor_errors(options: &Options, db: &RootDatabase, parsed: &db::ParsedFile) {
    let files = FilesView::new(db).with_line_directives(&parsed.preprocessed.line_directives);
    let color = options.errors_output.is_none() && std::io::stderr().is_terminal();
    render_diagnostics(options, &files, &parsed.preprocessed.diagnostics, color);
}

/// `TARGET: INPUT INCLUDED...` as make reads it: the target is the first output named
/// (`-Fo`, `-Fh`, `-Fc`), else the input; each included file once, in the order first met;
/// spaces escaped.
fn dependency_rule(
    options: &Options,
    input: &str,
    db: &RootDatabase,
    parsed: &db::ParsedFile,
) -> String {
    let escape = |p: &str| p.replace(' ', "\\ ");
    let target = options
        .output
        .as_deref()
        .or(options.header_output.as_deref())
        .or(options.assembly_output.as_deref())
        .unwrap_or(input);
    let mut seen = std::collections::HashSet::new();
    let mut rule = format!("{}: {}", escape(target), escape(input));
    for include in &parsed.preprocessed.includes {
        if !seen.insert(include.to) {
            continue;
        }
        if let Some(file) = db.file(include.to) {
            let path = file.path(db).clone();
            if path != input {
                rule.push(' ');
                rule.push_str(&escape(&path));
            }
        }
    }
    rule.push('\n');
    rule
}

/// `-H`: each included file on stderr after one dot per level of nesting, in the order the
/// preprocessor opened them.
fn show_includes(db: &RootDatabase, main: db::FileId, includes: &[syntax::preprocess::Include]) {
    let mut depth_of = std::collections::HashMap::from([(main, 0usize)]);
    for include in includes {
        let depth = depth_of.get(&include.from).copied().unwrap_or(0) + 1;
        depth_of.entry(include.to).or_insert(depth);
        let path = db
            .file(include.to)
            .map(|f| f.path(db).clone())
            .unwrap_or_else(|| include.path.clone());
        eprintln!("{} {path}", ".".repeat(depth));
    }
}

/// `path` with its extension replaced by (or, without one, followed by) `.ext`.
fn with_extension(path: &str, ext: &str) -> String {
    std::path::Path::new(path)
        .with_extension(ext)
        .to_string_lossy()
        .into_owned()
}

/// `hlslc run`: lowers the compute entry point under the same `-fvk-*` options as `-spirv`,
/// runs the pipeline on the interpreter and prints every buffer as JSON on stdout.
fn run_pipeline(
    options: &Options,
    pipeline_path: &str,
    db: &RootDatabase,
    main_file: db::SourceFile,
    config: db::CompileConfig,
    report: &dyn Fn(&[syntax::Diagnostic]),
) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(pipeline_path)
        .map_err(|e| format!("cannot read `{pipeline_path}`: {e}"))?;
    let mut pipeline =
        interp::parse_pipeline(&text).map_err(|e| format!("{pipeline_path}: {e}"))?;
    let entry = options
        .entry
        .clone()
        .or_else(|| pipeline.shaders.first().map(|s| s.entry.clone()))
        .unwrap_or_else(|| "main".to_owned());
    // `-E` names the entry point compiled, as for DXC: the pipeline runs it whatever its
    // compute shader's `Entry` says (the suite compiles with `-E`, or DXC's `main`).
    if let Some(shader) = pipeline
        .shaders
        .iter_mut()
        .find(|s| s.stage.eq_ignore_ascii_case("compute"))
    {
        shader.entry.clone_from(&entry);
    }
    let stage = match options.profile.as_deref().map(parse_profile).transpose()? {
        None => db::LowerStage::Compute,
        Some(t) if t.stage == ShaderStage::Compute => db::LowerStage::Compute,
        Some(_) => return Err("`hlslc run` runs compute shaders: use a cs_6_x profile".into()),
    };
    // The interpreter runs the module `-spirv` would emit: the `-fvk-*` layout and binding
    // flags apply (`-fvk-use-dx-layout` packs structured buffers as D3D does).
    let lower_options = vulkan::lower_options(options)?;
    let module = match db::lower_module_with(db, main_file, config, &entry, stage, &lower_options) {
        Ok(module) => module,
        Err(errors) => {
            report(&errors);
            return Ok(exit_status(true));
        }
    };
    // `-denorm preserve` keeps 32-bit denormals; `ftz` and the default `any` flush them, as
    // D3D's float rules do (the suite expects it).
    let run_options = interp::PipelineOptions {
        denormals: match options.denorm.as_deref() {
            Some("preserve") => interp::Denormals::Preserve,
            None | Some("any" | "ftz") => interp::Denormals::FlushFloat32,
            Some(other) => {
                return Err(format!(
                    "unknown -denorm `{other}` (expected any, preserve or ftz)"
                ))
            }
        },
        ..Default::default()
    };
    match interp::run_pipeline(&module, &pipeline, &run_options) {
        Ok(results) => {
            say(&format!("{}\n", results.to_json()));
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("hlslc: error: {e}");
            Ok(exit_status(true))
        }
    }
}

/// SPIR-V for `module` under the `-fspv-target-env` and `-fvk-*` flags, validated unless
/// `-Vd`; or the backend's error as a diagnostic at the construct it could not express.
fn emit_spirv(
    options: &Options,
    module: &db::ir::Module,
    main_file: db::FileId,
    files: &FilesView,
) -> Result<Result<Vec<u32>, syntax::Diagnostic>, String> {
    let mut spirv = vulkan::spirv_options(options)?;
    spirv.debug_info = vulkan::debug_info(options, files)?;
    let words = match spirv_backend::emit(module, &spirv) {
        Ok(words) => words,
        Err(e) => {
            let (file, range) = match e.loc {
                Some(loc) => (
                    db::FileId(loc.file),
                    syntax::TextRange::new(loc.start.into(), loc.end.max(loc.start).into()),
                ),
                None => (main_file, syntax::TextRange::empty(0.into())),
            };
            return Ok(Err(syntax::Diagnostic::error(
                SPIRV_ERROR,
                e.message,
                file,
                range,
            )));
        }
    };
    if !options.skip_validation {
        if let Some(message) = vulkan::validate_spirv(module, &spirv, &words) {
            return Ok(Err(validation_error(message, main_file)));
        }
    }
    Ok(Ok(words))
}

/// A module that fails validation, reported at the start of the main file.
fn validation_error(message: String, main_file: db::FileId) -> syntax::Diagnostic {
    syntax::Diagnostic::error(
        vulkan::VALIDATION_ERROR,
        message,
        main_file,
        syntax::TextRange::empty(0.into()),
    )
}

/// What the SPIR-V backend cannot express (yet) for this module.
const SPIRV_ERROR: &str = "E4001";

/// Lowers the entry point `-E` (default `main`) for the stage of `-T` to the IR.
fn lower_ir(
    options: &Options,
    db: &RootDatabase,
    file: db::SourceFile,
    config: db::CompileConfig,
) -> Result<db::Lowering, String> {
    let profile = options
        .profile
        .as_deref()
        .ok_or("--emit ir needs a target profile (-T), such as cs_6_0")?;
    let target_stage = parse_profile(profile)?.stage;
    let stage = db::LowerStage::from(target_stage);
    let lower_options = vulkan::lower_options(options)?;
    // A library without `-E` compiles all its `[shader("...")]` entries into one module.
    if target_stage == ShaderStage::Library && options.entry.is_none() {
        return Ok(db::lower_library_warned(db, file, config, &lower_options));
    }
    let entry = options.entry.as_deref().unwrap_or("main");
    let lowered = db::lower_module_warned(db, file, config, entry, stage, &lower_options);
    // DXC ignores `-E` for a library (`-T lib_6_4 -E main` compiles every `[shader("...")]`
    // entry); we keep `-E` when it names a function and, like DXC, compile the library when
    // it names none.
    if target_stage == ShaderStage::Library {
        if let (Err(errors), _) = &lowered {
            if errors.iter().any(|d| d.code == db::NO_ENTRY_POINT) {
                return Ok(db::lower_library_warned(db, file, config, &lower_options));
            }
        }
    }
    Ok(lowered)
}

fn ir_text(module: &db::ir::Module, locations: bool, files: &FilesView) -> String {
    let options = db::ir::PrintOptions {
        locations,
        sources: Some(files),
        ..Default::default()
    };
    db::ir::print_module_with(module, &options)
}

fn exit_status(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// DXC's `-Fc` (the disassembly) and `-Fh` (a C header holding the binary as the array `-Vn`
/// names, `g_<entry>` by default), beside whatever `-Fo` gets.
fn write_listings(options: &Options, words: &[u32]) -> Result<(), String> {
    if let Some(path) = &options.assembly_output {
        let text = spirv_backend::disassemble(words);
        std::fs::write(path, text).map_err(|e| format!("cannot write `{path}`: {e}"))?;
    }
    if let Some(path) = &options.header_output {
        let entry = options.entry.as_deref().unwrap_or("main");
        let name = options
            .variable_name
            .clone()
            .unwrap_or_else(|| format!("g_{entry}"));
        let text = c_header(&name, words);
        std::fs::write(path, text).map_err(|e| format!("cannot write `{path}`: {e}"))?;
    }
    Ok(())
}

/// A C header declaring the SPIR-V binary `words` as `const unsigned char NAME[]`, its bytes in
/// file order.
fn c_header(name: &str, words: &[u32]) -> String {
    use std::fmt::Write as _;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut out = String::from("#if 0\n; SPIR-V generated by hlslc\n#endif\n\n");
    let _ = writeln!(out, "const unsigned char {name}[] = {{");
    for line in bytes.chunks(16) {
        let parts: Vec<String> = line.iter().map(|b| format!("0x{b:02x}")).collect();
        let _ = writeln!(out, "  {},", parts.join(", "));
    }
    out.push_str("};\n");
    out
}

fn write_output(options: &Options, kind: EmitKind, produced: &[u8]) -> Result<(), String> {
    match &options.output {
        Some(path) => {
            std::fs::write(path, produced).map_err(|e| format!("cannot write `{path}`: {e}"))?;
            say(&format!("hlslc: wrote {} to {path}\n", describe(kind)));
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            let _ = stdout.write_all(produced);
        }
    }
    Ok(())
}

/// Writes `text` to stdout; a reader that went away (`hlslc ... | head`) is no error, and
/// never a panic as `print!` would make it.
fn say(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

fn describe(kind: EmitKind) -> &'static str {
    match kind {
        EmitKind::Syntax => "the syntax tree",
        EmitKind::Preprocessed => "the preprocessed text",
        EmitKind::Ir => "the IR",
        EmitKind::Spirv => "the SPIR-V binary",
        EmitKind::SpirvAsm => "the SPIR-V disassembly",
        _ => "the output",
    }
}

/// The preprocessor configuration the options ask for.
fn preprocess_config(options: &Options) -> Result<PreprocessConfig, String> {
    let hlsl_version = syntax::preprocess::hlsl_version_from_name(&options.hlsl_version)?;
    let target = options.profile.as_deref().map(parse_profile).transpose()?;
    let defines = options
        .defines
        .iter()
        .map(|d| match d.split_once('=') {
            Some((name, value)) => (name.to_owned(), Some(value.to_owned())),
            None => (d.clone(), None),
        })
        .collect();
    Ok(PreprocessConfig {
        include_dirs: options.include_dirs.clone(),
        defines,
        hlsl_version,
        enable_16bit_types: options.enable_16bit_types,
        target,
        row_major_default: options.row_major_default,
        // hlslc produces SPIR-V only.
        spirv: true,
        legacy_macro_expansion: options.legacy_macro_expansion,
        enable_short_circuit: options.enable_short_circuit,
    })
}

/// Parses a DXC profile such as `cs_6_0` or `lib_6_x`.
pub fn parse_profile(profile: &str) -> Result<ShaderTarget, String> {
    ShaderTarget::from_profile(profile)
}
