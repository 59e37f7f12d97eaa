//! The server's configuration: the `hlsl-analyzer.toml` file at the workspace root, overridden
//! by the client's `initializationOptions` and then by `workspace/didChangeConfiguration`.
//!
//! Each source is a `Settings` layer in which every field is optional; `Config::resolve` stacks
//! the layers (a field set in a later layer replaces the earlier one, lists included) and checks
//! the values. The state owner turns a `Config` into one `PreprocessConfig` per file (the
//! profile of an entry point applies to the entry's file). The format is documented in
//! `server/README.md`.

use serde::Deserialize;
use syntax::preprocess::ShaderTarget;
use syntax::PreprocessConfig;

/// The name of the configuration file at the workspace root.
pub const CONFIG_FILE: &str = "hlsl-analyzer.toml";

/// One layer of settings, as written in the TOML file (snake_case) or sent by the client
/// (camelCase); both spellings are accepted in both places.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Settings {
    /// Include directories, relative to the workspace root or absolute.
    #[serde(alias = "include_dirs")]
    pub include_dirs: Option<Vec<String>>,
    /// `NAME` or `NAME=VALUE`, as with `-D`; or a table of names to values.
    pub defines: Option<Defines>,
    /// `2016`, `2018`, `2021` or `202x` (a string or a number).
    #[serde(alias = "hlsl_version")]
    pub hlsl_version: Option<Version>,
    /// `-enable-16bit-types`: `half` is 16-bit and `__HLSL_ENABLE_16_BIT` is defined.
    #[serde(rename = "enable16BitTypes", alias = "enable_16bit_types")]
    pub enable_16bit_types: Option<bool>,
    /// The profile of files that no entry point names, such as `ps_6_0`.
    pub profile: Option<String>,
    /// The SPIR-V target environment, such as `vulkan1.2`.
    #[serde(alias = "target_env")]
    pub target_env: Option<String>,
    /// Optimization level 0 to 3.
    #[serde(alias = "opt_level", alias = "optimization")]
    pub opt_level: Option<u8>,
    /// Entry points with their profiles.
    #[serde(alias = "entries")]
    pub entry: Option<Vec<EntrySetting>>,
}

/// Every key `Settings` reads, in both spellings.
const KNOWN_KEYS: &[&str] = &[
    "include_dirs",
    "includeDirs",
    "defines",
    "hlsl_version",
    "hlslVersion",
    "enable_16bit_types",
    "enable16BitTypes",
    "profile",
    "target_env",
    "targetEnv",
    "opt_level",
    "optLevel",
    "optimization",
    "entry",
    "entries",
];

/// Defines as a list of `NAME[=VALUE]` or as a table.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum Defines {
    List(Vec<String>),
    Table(std::collections::BTreeMap<String, DefineValue>),
}

/// A value in the table form of `defines`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum DefineValue {
    Text(String),
    Number(i64),
    Flag(bool),
}

/// A language version, written as a string or a number.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum Version {
    Text(String),
    Number(u32),
}

/// `[[entry]]`: a function, its profile and the file that holds it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntrySetting {
    pub name: String,
    pub profile: String,
    pub file: String,
}

impl Settings {
    /// Parses the TOML configuration file. Unknown keys are errors here (a typo in a file
    /// should not pass silently), while client settings may carry keys of other versions.
    pub fn from_toml(text: &str) -> Result<Settings, String> {
        let table: toml::Table =
            toml::from_str(text).map_err(|e| format!("{CONFIG_FILE}: {}", e.message().trim()))?;
        if let Some(key) = table.keys().find(|k| !KNOWN_KEYS.contains(&k.as_str())) {
            return Err(format!("{CONFIG_FILE}: unknown key `{key}`"));
        }
        toml::Value::Table(table)
            .try_into()
            .map_err(|e| format!("{CONFIG_FILE}: {}", e.message().trim()))
    }

    /// Reads client settings: either the `hlsl-analyzer` section of an object, or the object
    /// itself. `null` is an empty layer.
    pub fn from_json(value: &serde_json::Value) -> Result<Settings, String> {
        let section = value.get("hlsl-analyzer").unwrap_or(value);
        if section.is_null() {
            return Ok(Settings::default());
        }
        Settings::deserialize(section).map_err(|e| format!("settings: {e}"))
    }
}

/// An entry point of the configuration, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryPoint {
    pub name: String,
    pub profile: ShaderTarget,
    /// Absolute path, as the database spells it.
    pub file: String,
}

/// The configuration in force: defaults, overridden by each layer in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    pub include_dirs: Vec<String>,
    pub defines: Vec<(String, Option<String>)>,
    pub hlsl_version: u32,
    pub enable_16bit_types: bool,
    pub profile: Option<ShaderTarget>,
    pub target_env: String,
    pub opt_level: u8,
    pub entries: Vec<EntryPoint>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            include_dirs: Vec::new(),
            defines: Vec::new(),
            hlsl_version: 2021,
            enable_16bit_types: false,
            profile: None,
            target_env: "vulkan1.2".to_owned(),
            opt_level: 3,
            entries: Vec::new(),
        }
    }
}

impl Config {
    /// Stacks `layers` over the defaults. Relative paths are taken from `root`. Values that do
    /// not make sense are left out and explained in the returned messages.
    pub fn resolve(root: Option<&str>, layers: &[&Settings]) -> (Config, Vec<String>) {
        let mut config = Config::default();
        let mut problems = Vec::new();
        let absolute = |p: &str| -> String {
            let p = p.replace('\\', "/");
            let is_abs = p.starts_with('/') || p.as_bytes().get(1) == Some(&b':');
            match root {
                Some(root) if !is_abs => format!("{}/{}", root.trim_end_matches('/'), p),
                _ => p,
            }
        };
        for layer in layers {
            if let Some(dirs) = &layer.include_dirs {
                config.include_dirs = dirs.iter().map(|d| absolute(d)).collect();
            }
            if let Some(defines) = &layer.defines {
                config.defines = match defines {
                    Defines::List(list) => list.iter().map(|d| parse_define(d)).collect(),
                    Defines::Table(table) => table
                        .iter()
                        .map(|(name, value)| {
                            let value = match value {
                                DefineValue::Text(t) => t.clone(),
                                DefineValue::Number(n) => n.to_string(),
                                DefineValue::Flag(b) => u8::from(*b).to_string(),
                            };
                            (name.clone(), Some(value))
                        })
                        .collect(),
                };
            }
            if let Some(version) = &layer.hlsl_version {
                match parse_hlsl_version(version) {
                    Ok(v) => config.hlsl_version = v,
                    Err(e) => problems.push(e),
                }
            }
            if let Some(enable) = layer.enable_16bit_types {
                config.enable_16bit_types = enable;
            }
            if let Some(profile) = &layer.profile {
                match parse_profile(profile) {
                    Ok(p) => config.profile = Some(p),
                    Err(e) => problems.push(e),
                }
            }
            if let Some(env) = &layer.target_env {
                config.target_env = env.clone();
            }
            if let Some(level) = layer.opt_level {
                if level <= 3 {
                    config.opt_level = level;
                } else {
                    problems.push(format!("optimization level {level} is not 0 to 3"));
                }
            }
            if let Some(entries) = &layer.entry {
                config.entries = entries
                    .iter()
                    .filter_map(|e| match parse_profile(&e.profile) {
                        Ok(profile) => Some(EntryPoint {
                            name: e.name.clone(),
                            profile,
                            file: absolute(&e.file),
                        }),
                        Err(err) => {
                            problems.push(format!("entry point `{}`: {err}", e.name));
                            None
                        }
                    })
                    .collect();
            }
        }
        (config, problems)
    }

    /// The preprocessor configuration for the file at `path`: the profile of the first entry
    /// point in that file, else the default profile.
    pub fn preprocess_for(&self, path: &str) -> PreprocessConfig {
        let target = self
            .entries
            .iter()
            .find(|e| e.file == path)
            .map(|e| e.profile)
            .or(self.profile);
        PreprocessConfig {
            include_dirs: self.include_dirs.clone(),
            defines: self.defines.clone(),
            hlsl_version: self.hlsl_version,
            enable_16bit_types: self.enable_16bit_types,
            target,
            ..PreprocessConfig::default()
        }
    }

    /// The entry points of the file at `path`, for its `CompileConfig`: semantic analysis
    /// checks their signatures for their stages.
    pub fn entry_points_for(&self, path: &str) -> Vec<db::EntryPointConfig> {
        self.entries
            .iter()
            .filter(|e| e.file == path)
            .map(|e| db::EntryPointConfig {
                name: e.name.clone(),
                target: e.profile,
            })
            .collect()
    }
}

fn parse_define(define: &str) -> (String, Option<String>) {
    match define.split_once('=') {
        Some((name, value)) => (name.trim().to_owned(), Some(value.to_owned())),
        None => (define.trim().to_owned(), None),
    }
}

fn parse_hlsl_version(version: &Version) -> Result<u32, String> {
    let text = match version {
        Version::Text(t) => t.clone(),
        Version::Number(n) => n.to_string(),
    };
    syntax::preprocess::hlsl_version_from_name(&text)
}

/// Parses a profile such as `cs_6_0`, `ps_6_6` or `lib_6_x`.
pub fn parse_profile(profile: &str) -> Result<ShaderTarget, String> {
    ShaderTarget::from_profile(profile)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_then_client_layers() {
        let file = Settings::from_toml(
            r#"
include_dirs = ["inc", "/abs/dir"]
defines = ["A", "B=2"]
hlsl_version = 2018
target_env = "vulkan1.1"
opt_level = 0
enable_16bit_types = true

[[entry]]
name = "main"
profile = "cs_6_6"
file = "shaders/blur.hlsl"
"#,
        )
        .unwrap();
        let client = Settings::from_json(&serde_json::json!({
            "hlsl-analyzer": { "defines": { "B": 3, "C": true }, "hlslVersion": "202x" }
        }))
        .unwrap();
        let (config, problems) = Config::resolve(Some("/ws"), &[&file, &client]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(config.include_dirs, ["/ws/inc", "/abs/dir"]);
        assert_eq!(
            config.defines,
            [
                ("B".to_owned(), Some("3".to_owned())),
                ("C".to_owned(), Some("1".to_owned()))
            ]
        );
        assert_eq!(config.hlsl_version, 2029);
        assert_eq!(config.target_env, "vulkan1.1");
        assert_eq!(config.opt_level, 0);
        assert!(config.enable_16bit_types);
        let entry = &config.entries[0];
        assert_eq!(entry.file, "/ws/shaders/blur.hlsl");
        let pp = config.preprocess_for("/ws/shaders/blur.hlsl");
        assert_eq!(
            pp.target.unwrap().stage,
            syntax::preprocess::ShaderStage::Compute
        );
        assert_eq!(config.preprocess_for("/ws/other.hlsl").target, None);
        let entries = config.entry_points_for("/ws/shaders/blur.hlsl");
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].name, "main");
        assert!(config.entry_points_for("/ws/other.hlsl").is_empty());
    }

    #[test]
    fn bad_values_are_explained() {
        let layer = Settings::from_json(&serde_json::json!({
            "profile": "xx_6_0", "hlslVersion": 2000, "optLevel": 7
        }))
        .unwrap();
        let (config, problems) = Config::resolve(None, &[&layer]);
        assert_eq!(config, Config::default());
        assert_eq!(
            problems,
            [
                "unknown HLSL version `2000` (expected 2016, 2018, 2021 or 202x)",
                "unknown profile `xx_6_0` (expected STAGE_MAJOR_MINOR, such as cs_6_0 or ps_6_6)",
                "optimization level 7 is not 0 to 3",
            ]
        );
        let err = Settings::from_toml("include_dir = 1").unwrap_err();
        assert_eq!(err, "hlsl-analyzer.toml: unknown key `include_dir`");
        assert_eq!(
            Settings::from_json(&serde_json::Value::Null),
            Ok(Settings::default())
        );
    }
}
