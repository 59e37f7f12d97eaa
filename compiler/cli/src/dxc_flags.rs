//! DXC's command-line flags as `hlslc` knows them: the ones it accepts (with the long option
//! each becomes) and the ones DXC has that it refuses with "not supported yet". `args::normalize`
//! reads these tables; `docs/dxc-flags.md` lists the same flags, and a test keeps the two equal.

/// A DXC flag `hlslc` accepts.
pub struct Accepted {
    /// As DXC spells it, with one dash; a trailing `=` means the value is glued
    /// (`-fspv-target-env=vulkan1.1`).
    pub name: &'static str,
    /// The arguments of an example use, starting with the flag (for the tests).
    #[cfg_attr(not(test), allow(dead_code))]
    pub example: &'static [&'static str],
}

/// Every DXC flag `hlslc` accepts. `-T`, `-E`, `-I` and `-D` also take their value glued
/// (`-Tcs_6_0`), and `-Fo`/`-HV` too.
pub const ACCEPTED: &[Accepted] = &[
    flag("-T", &["-T", "cs_6_0"]),
    flag("-E", &["-E", "main"]),
    flag("-I", &["-I", "include"]),
    flag("-D", &["-D", "NAME=1"]),
    flag("-Fo", &["-Fo", "out.spv"]),
    flag("-spirv", &["-spirv"]),
    flag("-HV", &["-HV", "2021"]),
    flag("-O0", &["-O0"]),
    flag("-O1", &["-O1"]),
    flag("-O2", &["-O2"]),
    flag("-O3", &["-O3"]),
    flag("-Od", &["-Od"]),
    flag("-Vd", &["-Vd"]),
    flag("-enable-16bit-types", &["-enable-16bit-types"]),
    flag("-Zpr", &["-Zpr"]),
    flag("-Zpc", &["-Zpc"]),
    flag("-Zi", &["-Zi"]),
    flag("-Zs", &["-Zs"]),
    flag("-Qembed_debug", &["-Qembed_debug"]),
    flag("-Qstrip_debug", &["-Qstrip_debug"]),
    flag("-Qstrip_reflect", &["-Qstrip_reflect"]),
    flag("-fspv-target-env=", &["-fspv-target-env=vulkan1.1"]),
    flag("-fvk-b-shift", &["-fvk-b-shift", "10", "0"]),
    flag("-fvk-t-shift", &["-fvk-t-shift", "20", "all"]),
    flag("-fvk-s-shift", &["-fvk-s-shift", "30", "1"]),
    flag("-fvk-u-shift", &["-fvk-u-shift", "40", "2"]),
    flag(
        "-fvk-bind-register",
        &["-fvk-bind-register", "t3", "1", "7", "2"],
    ),
    flag("-fvk-use-dx-layout", &["-fvk-use-dx-layout"]),
    flag("-fvk-use-gl-layout", &["-fvk-use-gl-layout"]),
    flag("-fvk-use-scalar-layout", &["-fvk-use-scalar-layout"]),
    flag("-fvk-invert-y", &["-fvk-invert-y"]),
    flag("-fvk-invert-w", &["-fvk-invert-w"]),
    flag(
        "-fspv-use-legacy-buffer-matrix-order",
        &["-fspv-use-legacy-buffer-matrix-order"],
    ),
    flag("-fvk-use-glsl-layout", &["-fvk-use-glsl-layout"]),
    flag(
        "-fvk-support-nonzero-base-instance",
        &["-fvk-support-nonzero-base-instance"],
    ),
    flag("-fvk-bind-globals", &["-fvk-bind-globals", "2", "1"]),
    flag("-auto-binding-space", &["-auto-binding-space", "3"]),
    flag("-vkbr", &["-vkbr", "t3", "1", "7", "2"]),
    flag("-fvk-auto-shift-bindings", &["-fvk-auto-shift-bindings"]),
    flag("-fspv-entrypoint-name=", &["-fspv-entrypoint-name=VSMain"]),
    flag(
        "-fspv-extension=",
        &["-fspv-extension=SPV_KHR_float_controls"],
    ),
    flag("-fspv-reflect", &["-fspv-reflect"]),
    flag("-fspv-debug=", &["-fspv-debug=vulkan-with-source"]),
    flag(
        "-fvk-allow-rwstructuredbuffer-arrays",
        &["-fvk-allow-rwstructuredbuffer-arrays"],
    ),
    flag(
        "-fspv-use-vulkan-memory-model",
        &["-fspv-use-vulkan-memory-model"],
    ),
    flag(
        "-fspv-flatten-resource-arrays",
        &["-fspv-flatten-resource-arrays"],
    ),
    flag("-fspv-preserve-bindings", &["-fspv-preserve-bindings"]),
    flag("-fspv-preserve-interface", &["-fspv-preserve-interface"]),
    flag("-Oconfig=", &["-Oconfig=--loop-unroll"]),
    flag("-Fc", &["-Fc", "out.spvasm"]),
    flag("-Fh", &["-Fh", "out.h"]),
    flag("-Vn", &["-Vn", "g_shader"]),
    flag("-WX", &["-WX"]),
    flag("-W", &["-Wno-conversion"]),
    flag("-no-warnings", &["-no-warnings"]),
    flag("-Gec", &["-Gec"]),
    flag("-Ges", &["-Ges"]),
    flag("-Gfa", &["-Gfa"]),
    flag("-Gfp", &["-Gfp"]),
    flag("-Gis", &["-Gis"]),
    flag("-all-resources-bound", &["-all-resources-bound"]),
    flag("-res-may-alias", &["-res-may-alias"]),
    flag("-Qstrip_rootsignature", &["-Qstrip_rootsignature"]),
    flag("-pack-optimized", &["-pack-optimized"]),
    flag("-enable-lifetime-markers", &["-enable-lifetime-markers"]),
    flag("-disable-lifetime-markers", &["-disable-lifetime-markers"]),
    flag(
        "-flegacy-resource-reservation",
        &["-flegacy-resource-reservation"],
    ),
    flag("-Zsb", &["-Zsb"]),
    flag("-Zss", &["-Zss"]),
    flag("-Ni", &["-Ni"]),
    flag("-No", &["-No"]),
    flag("-Lx", &["-Lx"]),
    flag("-Cc", &["-Cc"]),
    flag(
        "-enable-payload-qualifiers",
        &["-enable-payload-qualifiers"],
    ),
    flag(
        "-disable-payload-qualifiers",
        &["-disable-payload-qualifiers"],
    ),
    flag("-enable-unions", &["-enable-unions"]),
    flag("-fcgl", &["-fcgl"]),
    flag("-fspv-print-all", &["-fspv-print-all"]),
    flag(
        "-fspv-fix-func-call-arguments",
        &["-fspv-fix-func-call-arguments"],
    ),
    flag("-Qunused-arguments", &["-Qunused-arguments"]),
    flag("-P", &["-P"]),
    flag("-denorm", &["-denorm", "ftz"]),
    flag("-fvk-stage-io-order=", &["-fvk-stage-io-order=alpha"]),
    flag("-fvk-use-entrypoint-name", &["-fvk-use-entrypoint-name"]),
    flag("-Fi", &["-Fi", "out.i"]),
    flag("-M", &["-M"]),
    flag("-MD", &["-MD"]),
    flag("-MF", &["-MF", "out.d"]),
    flag("-Fe", &["-Fe", "errors.txt"]),
    flag("-nologo", &["-nologo"]),
    flag("-fdiagnostics-show-option", &["-fdiagnostics-show-option"]),
    flag(
        "-fno-diagnostics-show-option",
        &["-fno-diagnostics-show-option"],
    ),
    flag("-fdisable-loc-tracking", &["-fdisable-loc-tracking"]),
    flag("-ffinite-math-only", &["-ffinite-math-only"]),
    flag("-fno-finite-math-only", &["-fno-finite-math-only"]),
    flag("-pack-prefix-stable", &["-pack-prefix-stable"]),
    flag("-no-legacy-cbuf-layout", &["-no-legacy-cbuf-layout"]),
    flag("-Qstrip_priv", &["-Qstrip_priv"]),
    flag("-fspv-reduce-load-size", &["-fspv-reduce-load-size"]),
    flag("-rootsig-define", &["-rootsig-define", "ROOT_SIG"]),
    flag("-setrootsignature", &["-setrootsignature", "rs.bin"]),
    flag("-force-rootsig-ver", &["-force-rootsig-ver", "rootsig_1_1"]),
    flag("-fvk-use-dx-position-w", &["-fvk-use-dx-position-w"]),
    flag("-Fd", &["-Fd", "out.pdb"]),
    flag("-flegacy-macro-expansion", &["-flegacy-macro-expansion"]),
    flag("-enable-templates", &["-enable-templates"]),
    flag(
        "-enable-operator-overloading",
        &["-enable-operator-overloading"],
    ),
    flag("-enable-bitfields", &["-enable-bitfields"]),
    flag("-strict-udt-casting", &["-strict-udt-casting"]),
    flag("-enable-short-circuit", &["-enable-short-circuit"]),
    flag("-fdiagnostics-format=", &["-fdiagnostics-format=msvc"]),
    flag("-H", &["-H"]),
    flag("-Vi", &["-Vi"]),
    flag("-ignore-line-directives", &["-ignore-line-directives"]),
    flag("-encoding", &["-encoding", "utf8"]),
    flag("-help", &["-help"]),
];

/// The accepted flags, comma-separated, for messages.
pub fn accepted_names() -> String {
    let names: Vec<&str> = ACCEPTED.iter().map(|f| f.name).collect();
    names.join(", ")
}

const fn flag(name: &'static str, example: &'static [&'static str]) -> Accepted {
    Accepted { name, example }
}

/// DXC flags `hlslc` does not accept yet; a trailing `=` or `-` means every flag that starts
/// so (`-fspv-extension=KHR`, `-Wno-conversion`).
pub const NOT_YET: &[&str] = &[
    "-Fre",
    "-Frs",
    "-Fsh",
    "-ftime-report",
    "-ftime-trace",
    "-exports",
    "-export-shaders-only",
    "-default-linkage",
    "-ast-dump",
    "-fvk-bind-resource-heap",
    "-fvk-bind-sampler-heap",
    "-fvk-bind-counter-heap",
    "-fspv-use-descriptor-heap",
    "-fspv-max-id=",
];

/// The `NOT_YET` entry that names `arg` (`-Wno-x` is named by `-W`, `-fspv-extension=KHR` by
/// `-fspv-extension=`).
pub fn not_yet(arg: &str) -> Option<&'static str> {
    NOT_YET
        .iter()
        .copied()
        .find(|&n| arg == n || (n.ends_with('=') && arg.starts_with(n)))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::ffi::OsString;

    use clap::Parser as _;

    use super::*;
    use crate::args::{normalize, Options};

    /// The flags of the table under `heading` in `docs/dxc-flags.md`: the first backticked
    /// word of each row, up to a space.
    fn documented(heading: &str) -> BTreeSet<String> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/dxc-flags.md");
        let doc = std::fs::read_to_string(path).unwrap();
        let section = doc
            .split("\n## ")
            .find(|s| s.starts_with(heading))
            .unwrap_or_else(|| panic!("docs/dxc-flags.md has no `## {heading}` section"));
        section
            .lines()
            .filter(|l| l.starts_with("| `"))
            .map(|l| {
                let name = &l[3..];
                let end = name.find(['`', ' ', '<']).unwrap();
                name[..end].to_owned()
            })
            .collect()
    }

    fn argv(args: &[&str]) -> Vec<OsString> {
        std::iter::once("hlslc")
            .chain(args.iter().copied())
            .chain(["x.hlsl"])
            .map(OsString::from)
            .collect()
    }

    #[test]
    fn docs_list_exactly_the_accepted_flags() {
        let code: BTreeSet<String> = ACCEPTED.iter().map(|f| f.name.to_owned()).collect();
        assert_eq!(documented("Accepted"), code);
    }

    #[test]
    fn docs_list_exactly_the_refused_flags() {
        let code: BTreeSet<String> = NOT_YET.iter().map(|f| (*f).to_owned()).collect();
        assert_eq!(documented("Not accepted yet"), code);
    }

    #[test]
    fn a_repeated_flag_takes_its_last_value_and_lists_keep_every_one() {
        // DXC reads the last `-fspv-target-env=`/`-T`/`-E` it is given (engine build scripts
        // append an override to a shared list), while `-D` and `-I` accumulate.
        let args = normalize(argv(&[
            "-fspv-target-env=vulkan1.0",
            "-T",
            "vs_6_0",
            "-DA=1",
            "-fspv-target-env=vulkan1.2",
            "-Tps_6_0",
            "-D",
            "B",
            "-I",
            "inc",
            "-Iinc2",
        ]))
        .unwrap();
        let o = Options::try_parse_from(args).unwrap();
        assert_eq!(o.target_env.as_deref(), Some("vulkan1.2"));
        assert_eq!(o.profile.as_deref(), Some("ps_6_0"));
        assert_eq!(o.defines, ["A=1", "B"]);
        assert_eq!(o.include_dirs, ["inc", "inc2"]);
    }

    #[test]
    fn every_accepted_flag_parses() {
        for f in ACCEPTED {
            if f.name == "-help" {
                continue;
            }
            let args = normalize(argv(f.example)).unwrap_or_else(|e| panic!("{}: {e}", f.name));
            if let Err(e) = Options::try_parse_from(args) {
                panic!("{}: {e}", f.name);
            }
        }
    }

    #[test]
    fn every_refused_flag_is_named_as_not_supported_yet() {
        for name in NOT_YET {
            let arg = match name.strip_suffix('=') {
                Some(_) => format!("{name}value"),
                None if *name == "-W" => "-Wno-conversion".to_owned(),
                None => (*name).to_owned(),
            };
            let e = normalize(argv(&[arg.as_str()])).unwrap_err();
            assert_eq!(
                e,
                format!(
                    "`{arg}` is a DXC option hlslc does not support yet \
                     (docs/dxc-flags.md lists what it accepts)"
                )
            );
        }
    }
}
