//! Shaders per second compiling the project's corpus (`tests/shaders`, every entry point its
//! header names) to SPIR-V for Vulkan 1.2.
//!
//! `cargo bench -p cli --bench corpus_spirv` measures the whole pipeline in-process (preprocess,
//! parse, semantic analysis, lowering, SPIR-V emission; a fresh database per shader, so nothing
//! is cached between compiles) on the entry points that lower today.
//!
//! With `HLSLC=<path to hlslc>` and `GLSLANG=<path to glslangValidator>` in the environment
//! (`scripts/bench-vs-glslang` sets both), it then times both as processes, one per compile, on
//! the entry points both accept: `hlslc -T <profile> -E <entry> -spirv -Fo <out> -Vd` against
//! `glslangValidator -D -V -S <stage> -e <entry> --target-env vulkan1.2 -o <out>`, with the
//! same defines and include directories. `-Vd`: glslang does not run spirv-val either.
//! Each figure is given per wall-clock second and per CPU-second (user + system time of the
//! bench and its child processes), the steadier one on a busy machine.

#[path = "../tests/common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use db::{FileSource, PreprocessConfig, RootDatabase};
use spirv_backend::{SpirvOptions, TargetEnv};
use syntax::preprocess::ShaderTarget;

struct Disk;

impl FileSource for Disk {
    fn read(&self, path: &str) -> Option<String> {
        std::fs::read_to_string(path).ok()
    }
}

/// One entry point of the corpus and what its header asks for.
#[derive(Debug, Clone)]
struct Job {
    path: PathBuf,
    text: String,
    entry: String,
    profile: String,
    defines: Vec<String>,
    include_dirs: Vec<String>,
    enable_16bit_types: bool,
}

fn jobs() -> Vec<Job> {
    let dir = common::corpus_dir();
    let mut jobs = Vec::new();
    for path in common::corpus_shaders() {
        let text = std::fs::read_to_string(&path).unwrap();
        let header = common::header(&text);
        let include_dirs: Vec<String> = header
            .include_dirs
            .iter()
            .map(|d| dir.join(d).to_string_lossy().into_owned())
            .collect();
        for (name, profile) in &header.entries {
            jobs.push(Job {
                path: path.clone(),
                text: text.clone(),
                entry: name.clone(),
                profile: profile.clone(),
                defines: header.defines.clone(),
                include_dirs: include_dirs.clone(),
                enable_16bit_types: header.args.iter().any(|a| a == "-enable-16bit-types"),
            });
        }
    }
    jobs
}

/// Compiles one job in-process; the SPIR-V words, or `None` when some stage refuses it.
fn compile(job: &Job) -> Option<Vec<u32>> {
    let target = ShaderTarget::from_profile(&job.profile).ok()?;
    let stage = db::LowerStage::from(target.stage);
    let mut db = RootDatabase::new(Arc::new(Disk));
    let file = db.set_file_text(&job.path.to_string_lossy(), Some(job.text.as_str().into()));
    let config = db.new_config(PreprocessConfig {
        include_dirs: job.include_dirs.clone(),
        defines: job
            .defines
            .iter()
            .map(|d| match d.split_once('=') {
                Some((n, v)) => (n.to_owned(), Some(v.to_owned())),
                None => (d.clone(), None),
            })
            .collect(),
        enable_16bit_types: job.enable_16bit_types,
        target: Some(target),
        ..PreprocessConfig::default()
    });
    if db::parse_file(&db, file, config).has_errors()
        || db::semantic_diagnostics(&db, file, config)
            .iter()
            .any(|d| d.severity == db::Severity::Error)
    {
        return None;
    }
    let module = db::lower_module(&db, file, config, &job.entry, stage).ok()?;
    spirv_backend::emit(&module, &SpirvOptions::new(TargetEnv::Vulkan1_2)).ok()
}

/// Wall-clock and CPU figures of one measurement.
struct Rate {
    compiles: usize,
    wall: Duration,
    /// User + system time of this process and of its finished children, when `/proc` says.
    cpu: Option<Duration>,
}

impl std::fmt::Display for Rate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.compiles as f64;
        write!(f, "{:>7.1} shaders/s wall", n / self.wall.as_secs_f64())?;
        if let Some(cpu) = self.cpu.filter(|c| !c.is_zero()) {
            write!(f, ", {:>7.1} shaders per CPU-second", n / cpu.as_secs_f64())?;
        }
        write!(f, " ({} compiles in {:.2?})", self.compiles, self.wall)
    }
}

/// User + system CPU time of this process plus its waited-for children, from
/// `/proc/self/stat` (Linux; clock ticks taken as the usual 100 Hz).
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // After the parenthesised command name come state (field 3) ... utime, stime, cutime and
    // cstime (fields 14 to 17).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<u64> = rest
        .split(' ')
        .skip(11)
        .take(4)
        .map(|f| f.parse().ok())
        .collect::<Option<_>>()?;
    Some(Duration::from_millis(fields.iter().sum::<u64>() * 10))
}

/// Runs `f` over `jobs` for `rounds` rounds.
fn rate(jobs: &[Job], rounds: usize, mut f: impl FnMut(&Job)) -> Rate {
    let cpu_start = cpu_time();
    let start = Instant::now();
    for _ in 0..rounds {
        for job in jobs {
            f(job);
        }
    }
    let wall = start.elapsed();
    let cpu = cpu_time()
        .zip(cpu_start)
        .map(|(end, start)| end.saturating_sub(start));
    Rate {
        compiles: jobs.len() * rounds,
        wall,
        cpu,
    }
}

fn glslang_stage(profile: &str) -> Option<&'static str> {
    Some(match &profile[..2] {
        "vs" => "vert",
        "ps" => "frag",
        "cs" => "comp",
        "gs" => "geom",
        "hs" => "tesc",
        "ds" => "tese",
        _ => return None,
    })
}

fn hlslc_command(hlslc: &Path, job: &Job, out: &Path) -> Command {
    let mut c = Command::new(hlslc);
    c.args(["-T", &job.profile, "-E", &job.entry, "-spirv", "-Vd"])
        .arg("-fspv-target-env=vulkan1.2")
        .arg("-Fo")
        .arg(out);
    for d in &job.defines {
        c.args(["-D", d]);
    }
    for i in &job.include_dirs {
        c.args(["-I", i]);
    }
    if job.enable_16bit_types {
        c.arg("-enable-16bit-types");
    }
    c.arg(&job.path);
    c
}

fn glslang_command(glslang: &Path, job: &Job, out: &Path) -> Option<Command> {
    let mut c = Command::new(glslang);
    c.args([
        "-D",
        "-V",
        "-S",
        glslang_stage(&job.profile)?,
        "-e",
        &job.entry,
    ])
    .args(["--target-env", "vulkan1.2", "-o"])
    .arg(out);
    for d in &job.defines {
        c.arg(format!("-D{d}"));
    }
    for i in &job.include_dirs {
        c.arg(format!("-I{i}"));
    }
    if job.enable_16bit_types {
        c.arg("--hlsl-enable-16bit-types");
    }
    c.arg(&job.path);
    Some(c)
}

fn succeeds(mut c: Command) -> bool {
    c.output().is_ok_and(|o| o.status.success())
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing else we use.
    let quick = std::env::args().any(|a| a == "--test");
    let all = jobs();
    let compiled: Vec<Job> = all
        .iter()
        .filter(|j| compile(j).is_some())
        .cloned()
        .collect();
    println!(
        "corpus: {} entry points, {} compile to SPIR-V with hlslc today",
        all.len(),
        compiled.len()
    );
    if quick {
        return;
    }
    let rounds = 10;
    let r = rate(&compiled, rounds, |j| {
        std::hint::black_box(compile(j));
    });
    println!("hlslc in-process:        {r}");

    let (Some(hlslc), Some(glslang)) = (std::env::var_os("HLSLC"), std::env::var_os("GLSLANG"))
    else {
        println!(
            "set HLSLC and GLSLANG (scripts/bench-vs-glslang) to compare with glslangValidator"
        );
        return;
    };
    let (hlslc, glslang) = (PathBuf::from(hlslc), PathBuf::from(glslang));
    let out_dir = std::env::temp_dir().join(format!("corpus-spirv-bench-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let out = out_dir.join("out.spv");
    let both: Vec<Job> = compiled
        .iter()
        .filter(|j| {
            succeeds(hlslc_command(&hlslc, j, &out))
                && glslang_command(&glslang, j, &out).is_some_and(succeeds)
        })
        .cloned()
        .collect();
    println!(
        "both compilers accept {} of the {} entry points hlslc compiles",
        both.len(),
        compiled.len()
    );
    let rounds = 5;
    let hi = rate(&both, rounds, |j| {
        std::hint::black_box(compile(j));
    });
    let h = rate(&both, rounds, |j| {
        hlslc_command(&hlslc, j, &out).output().unwrap();
    });
    let g = rate(&both, rounds, |j| {
        glslang_command(&glslang, j, &out)
            .unwrap()
            .output()
            .unwrap();
    });
    println!("on those {} entry points, {rounds} rounds:", both.len());
    println!("  hlslc in-process:        {hi}");
    println!("  hlslc, one process each: {h}");
    println!("  glslangValidator -D -V:  {g}");
    let _ = std::fs::remove_dir_all(&out_dir);
}
