//! Runs the real `hlslc` on an HLSL snippet with DXC's flags, validates the module it writes
//! with every `spirv-val` installed (none is a failure, never a skip), and reads facts back
//! from the disassembly: member offsets, strides, bindings, locations, built-ins.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::test_dir::TestDir;

/// A module `hlslc` wrote and `spirv-val` accepted, with its disassembly.
pub struct Module {
    pub asm: String,
}

/// The module `hlslc` wrote (a path to it), in a directory removed when this is dropped.
pub struct OutFile {
    path: PathBuf,
    _dir: TestDir,
}

impl std::ops::Deref for OutFile {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for OutFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

/// Runs `hlslc -T <profile> -E main -spirv -Fo <out> <flags> <file>` on `text`.
pub fn run(text: &str, profile: &str, flags: &[&str]) -> (Output, OutFile) {
    run_entry(text, profile, Some("main"), flags)
}

/// [`run`] with entry `entry`, or none (`-T lib_6_x` then compiles every entry).
pub fn run_entry(
    text: &str,
    profile: &str,
    entry: Option<&str>,
    flags: &[&str],
) -> (Output, OutFile) {
    let dir = TestDir::new("spirv-e2e");
    let src = dir.write("t.hlsl", text);
    let out = dir.join("t.spv");
    let entry_args = entry.map(|e| vec!["-E", e]).unwrap_or_default();
    let output = Command::new(env!("CARGO_BIN_EXE_hlslc"))
        .args(["-T", profile])
        .args(entry_args)
        .args(["-spirv", "-Fo"])
        .arg(&out)
        .args(flags)
        .arg(&src)
        .output()
        .expect("hlslc runs");
    (
        output,
        OutFile {
            path: out,
            _dir: dir,
        },
    )
}

/// The `spirv-val` options the flags imply: the target environment and the block layout
/// rules of `-fvk-use-*-layout` (vector-relaxed layouts need `--relax-block-layout` under
/// Vulkan 1.0; the DX layout follows no Vulkan rule and is not checked, as DXC does).
fn validator_args(flags: &[&str]) -> Vec<String> {
    let env = flags
        .iter()
        .find_map(|f| f.strip_prefix("-fspv-target-env="))
        .unwrap_or("vulkan1.0");
    let env = match env {
        "vulkan1.1spirv1.4" => "vulkan1.1spv1.4",
        "universal1.5" => "spv1.5",
        e => e,
    };
    let mut args = vec!["--target-env".to_owned(), env.to_owned()];
    if flags.contains(&"-fvk-use-dx-layout") {
        args.push("--skip-block-layout".to_owned());
    } else if flags.contains(&"-fvk-use-scalar-layout") {
        args.push("--scalar-block-layout".to_owned());
    } else if env == "vulkan1.0" {
        args.push("--relax-block-layout".to_owned());
    }
    args
}

/// Compiles `text` (entry `main`) for `profile` with `flags`, expects success and a module
/// every `spirv-val` accepts.
pub fn compile(text: &str, profile: &str, flags: &[&str]) -> Module {
    compile_entry(text, profile, Some("main"), flags)
}

/// [`compile`] with entry `entry`, or none (a whole library).
pub fn compile_entry(text: &str, profile: &str, entry: Option<&str>, flags: &[&str]) -> Module {
    let (output, path) = run_entry(text, profile, entry, flags);
    assert!(
        output.status.success(),
        "hlslc {flags:?} failed:\n{}\n{text}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(&path).unwrap();
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let asm = spirv_backend::disassemble(&words);
    let failures = spirv_backend::validate::validate(&words, &validator_args(flags));
    assert!(
        failures.is_empty(),
        "spirv-val rejects the module:\n{}\n{asm}",
        failures.join("\n")
    );
    Module { asm }
}

/// What `hlslc` printed on stderr for `src`, which must compile to valid SPIR-V.
pub fn stderr_of(src: &str, profile: &str, flags: &[&str]) -> String {
    compile(src, profile, flags);
    let (out, _) = run(src, profile, flags);
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Compiles and expects failure with exit status `code` and `message` on stderr.
pub fn refuse(text: &str, profile: &str, flags: &[&str], code: i32, message: &str) {
    let (output, _) = run(text, profile, flags);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(code), "{stderr}");
    assert!(
        stderr.contains(message),
        "expected `{message}` in:\n{stderr}"
    );
}

impl Module {
    /// The ids `OpName` gives `name` (a struct used with two layouts has two).
    fn ids_named(&self, name: &str) -> Vec<String> {
        let quoted = format!("\"{name}\"");
        self.asm
            .lines()
            .filter_map(|l| {
                let rest = l.strip_prefix("OpName ")?;
                let (id, n) = rest.split_once(' ')?;
                (n == quoted).then(|| id.to_owned())
            })
            .collect()
    }

    /// The id of the object named `name`.
    pub fn id(&self, name: &str) -> String {
        let ids = self.ids_named(name);
        assert!(!ids.is_empty(), "no OpName \"{name}\" in:\n{}", self.asm);
        ids[0].clone()
    }

    /// The operands of `OpMemberDecorate <struct> i <decoration> <value>` for each member i, in
    /// member order (`None` where a member has none).
    pub fn member_decorations(&self, name: &str, decoration: &str) -> Vec<Option<String>> {
        let id = self.id(name);
        let mut found: Vec<(usize, String)> = Vec::new();
        let mut count = 0;
        for l in self.asm.lines() {
            let Some(rest) = l.strip_prefix(&format!("OpMemberDecorate {id} ")) else {
                continue;
            };
            let mut parts = rest.split(' ');
            let member: usize = parts.next().unwrap().parse().unwrap();
            count = count.max(member + 1);
            if parts.next() == Some(decoration) {
                found.push((member, parts.collect::<Vec<_>>().join(" ")));
            }
        }
        (0..count)
            .map(|m| found.iter().find(|(i, _)| *i == m).map(|(_, v)| v.clone()))
            .collect()
    }

    /// The `Offset` of every member of the struct named `name`.
    pub fn offsets(&self, name: &str) -> Vec<u32> {
        self.member_decorations(name, "Offset")
            .into_iter()
            .map(|o| o.expect("every member has an offset").parse().unwrap())
            .collect()
    }

    /// The operands of `OpDecorate <id> <decoration> ...` on the object named `name`.
    pub fn decoration(&self, name: &str, decoration: &str) -> Option<String> {
        let id = self.id(name);
        self.decoration_of_id(&id, decoration)
    }

    /// The `Location` and `Component` of the stage variable named `name`.
    pub fn placed(&self, name: &str) -> (Option<u32>, Option<u32>) {
        let number = |d: &str| {
            self.decoration(name, d)
                .map(|n| n.parse().expect("a number"))
        };
        (number("Location"), number("Component"))
    }

    /// Asserts the `(name, location, component)` of each stage variable.
    pub fn assert_placed(&self, expected: &[(&str, u32, Option<u32>)]) {
        for &(name, location, component) in expected {
            assert_eq!(
                self.placed(name),
                (Some(location), component),
                "{name}:\n{}",
                self.asm
            );
        }
    }

    pub fn decoration_of_id(&self, id: &str, decoration: &str) -> Option<String> {
        let prefix = format!("OpDecorate {id} {decoration}");
        self.asm.lines().find_map(|l| {
            let rest = l.strip_prefix(&prefix)?;
            if rest.is_empty() {
                Some(String::new())
            } else {
                rest.strip_prefix(' ').map(str::to_owned)
            }
        })
    }

    /// (set, binding) of the resource named `name`.
    pub fn binding(&self, name: &str) -> (u32, u32) {
        let num = |d| {
            self.decoration(name, d)
                .unwrap_or_else(|| panic!("{name} has no {d}:\n{}", self.asm))
                .parse()
                .unwrap()
        };
        (num("DescriptorSet"), num("Binding"))
    }

    /// The `Location` of the stage variable named `name` (`in.TEXCOORD0`, `out.SV_Target1`).
    pub fn location(&self, name: &str) -> u32 {
        self.decoration(name, "Location")
            .unwrap_or_else(|| panic!("{name} has no Location:\n{}", self.asm))
            .parse()
            .unwrap()
    }

    /// The `BuiltIn` of the stage variable named `name`.
    pub fn builtin(&self, name: &str) -> String {
        self.decoration(name, "BuiltIn")
            .unwrap_or_else(|| panic!("{name} has no BuiltIn:\n{}", self.asm))
    }

    /// The `ArrayStride` of every array type whose element is `element` (a type id such as
    /// `%v2float`), in order of declaration.
    pub fn array_strides(&self, element: &str) -> Vec<u32> {
        let arrays: Vec<String> = self
            .asm
            .lines()
            .filter_map(|l| {
                let (id, def) = l.split_once(" = ")?;
                let rest = def
                    .strip_prefix("OpTypeArray ")
                    .or_else(|| def.strip_prefix("OpTypeRuntimeArray "))?;
                (rest.split(' ').next() == Some(element)).then(|| id.to_owned())
            })
            .collect();
        arrays
            .iter()
            .filter_map(|a| self.decoration_of_id(a, "ArrayStride"))
            .map(|s| s.parse().unwrap())
            .collect()
    }

    /// Whether some line of the disassembly contains `text`.
    pub fn has(&self, text: &str) -> bool {
        self.asm.contains(text)
    }

    /// Asserts that the disassembly contains each of `texts`.
    pub fn assert_has(&self, texts: &[&str]) {
        for t in texts {
            assert!(self.has(t), "no `{t}` in:\n{}", self.asm);
        }
    }

    /// The definition (`OpTypeImage ...`) of the type of the variable named `name`, through its
    /// pointer type (and an array type for resource arrays).
    pub fn pointee_definition(&self, name: &str) -> String {
        let id = self.id(name);
        let def = |id: &str| -> String {
            self.asm
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{id} = ")).map(str::to_owned))
                .unwrap_or_else(|| panic!("no definition of {id}:\n{}", self.asm))
        };
        let var = def(&id);
        let ptr_type = var.split(' ').nth(1).unwrap().to_owned();
        let ptr = def(&ptr_type);
        let mut pointee = ptr.split(' ').nth(2).unwrap().to_owned();
        let mut d = def(&pointee);
        while let Some(rest) = d
            .strip_prefix("OpTypeArray ")
            .or_else(|| d.strip_prefix("OpTypeRuntimeArray "))
        {
            pointee = rest.split(' ').next().unwrap().to_owned();
            d = def(&pointee);
        }
        d
    }
}
