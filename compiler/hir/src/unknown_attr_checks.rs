//! `[[...]]` attributes DXC does not know, which it ignores with clang's warning "unknown
//! attribute 'name' ignored" (the name without its namespace, as clang 3.7 prints it; DXC's
//! `attributes-unknown` test: `[[scope::attr(0, "str")]]` gives "unknown attribute 'attr'
//! ignored"):
//!
//! - an unscoped name (`[[foo]]`) that is neither a C++ standard attribute nor one of HLSL's
//!   one-bracket attributes (`W2112`);
//! - a `clang::` or `gnu::` name clang 3.7 (DXC's clang) does not declare in that namespace
//!   (`W2112`): `gnu::` takes the attributes `Attr.td` spells `GCC<...>` (its `[[gnu::x]]`
//!   form; `__x__` is `x`), less those of other targets (`mips16`, `dllexport`, ...), and
//!   `clang::` the few spelled `CXX11<"clang", ...>` (`fallthrough`, `optnone`, the thread
//!   safety capabilities, ...). A known one is processed by clang as on any target; what it
//!   means there (or a subject it does not apply to) is not checked here;
//! - a name in any other namespace (`[[ns::foo]]`, `W2112`), `_Clang::` and `__gnu__::`
//!   included (later clangs' spellings, which 3.7 does not know);
//! - a `[[vk::...]]` name DXC does not know inside a function body (a local, a statement):
//!   `W2090`, which `decl_checks` gives on the declarations outside bodies.
//!
//! DXC parses one-bracket attributes as these (its HLSL attributes are `CXX11<"", ...>`
//! spellings), so a scoped one-bracket name (`[ns::foo]`, `[gnu::bar]`) follows the same
//! rules, reported by `attr_placement` as its other one-bracket names (`W2102`), through
//! [`scoped_name_is_known`]. A `W2112` is at the attribute's name and arguments (without the
//! brackets, where DXC points). Called by `diagnostics::diagnostics`.

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode};
use syntax::{Diagnostic, SyntaxKind};

use crate::codes;
use crate::ids::{expanded_root, user_range};
use crate::HirDb;

/// The C++ standard attributes (C++11 to C++23): DXC's clang knows some of them, and none
/// is warned about, so that no attribute DXC knows is.
const STANDARD: &[&str] = &[
    "assume",
    "carries_dependency",
    "deprecated",
    "fallthrough",
    "likely",
    "maybe_unused",
    "no_unique_address",
    "nodiscard",
    "noreturn",
    "unlikely",
];

/// The attributes clang 3.7's `Attr.td` spells `GCC<"name">` (which gives `[[gnu::name]]`),
/// less the target-specific ones of targets DXC's is not (MIPS's `mips16`/`nomips16`,
/// Windows' `dllexport`/`dllimport`), which clang reports as unknown elsewhere.
const GNU: &[&str] = &[
    "alias",
    "aligned",
    "always_inline",
    "assume_aligned",
    "cdecl",
    "cleanup",
    "cold",
    "common",
    "const",
    "__const",
    "constructor",
    "deprecated",
    "destructor",
    "fastcall",
    "flatten",
    "format",
    "format_arg",
    "gnu_inline",
    "hot",
    "malloc",
    "may_alias",
    "mode",
    "ms_abi",
    "ms_struct",
    "naked",
    "no_address_safety_analysis",
    "no_instrument_function",
    "no_sanitize_address",
    "no_sanitize_thread",
    "no_split_stack",
    "nocommon",
    "nodebug",
    "noinline",
    "nonnull",
    "noreturn",
    "nothrow",
    "packed",
    "pcs",
    "pure",
    "regparm",
    "returns_nonnull",
    "returns_twice",
    "section",
    "sentinel",
    "stdcall",
    "sysv_abi",
    "target",
    "thiscall",
    "tls_model",
    "transparent_union",
    "unused",
    "used",
    "vector_size",
    "visibility",
    "warn_unused_result",
    "weak",
    "weakref",
];

/// The attributes clang 3.7's `Attr.td` spells `CXX11<"clang", "name">`.
const CLANG: &[&str] = &[
    "acquire_capability",
    "acquire_shared_capability",
    "assert_capability",
    "assert_shared_capability",
    "capability",
    "fallthrough",
    "no_sanitize",
    "noduplicate",
    "optnone",
    "release_capability",
    "release_generic_capability",
    "release_shared_capability",
    "requires_capability",
    "requires_shared_capability",
    "shared_capability",
    "try_acquire_capability",
    "try_acquire_shared_capability",
    "type_visibility",
    "warn_unused_result",
];

/// Whether DXC's clang knows attribute `name` in `namespace` (not `vk`, which
/// `vk_attr_checks` knows): a `gnu::` name (`__name__` normalized to `name`, as clang does for
/// GNU spellings) or a `clang::` one it declares; no other namespace.
pub(crate) fn scoped_name_is_known(namespace: &str, name: &str) -> bool {
    match namespace {
        "gnu" => {
            let bare = name
                .strip_prefix("__")
                .and_then(|n| n.strip_suffix("__"))
                .filter(|n| !n.is_empty())
                .unwrap_or(name);
            GNU.contains(&bare) || GNU.contains(&name)
        }
        "clang" => CLANG.contains(&name),
        _ => false,
    }
}

/// `W2112` (and `W2090` inside function bodies) for the `[[...]]` attributes of `file`
/// that DXC does not know.
pub(crate) fn unknown_attribute_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    out: &mut Vec<Diagnostic>,
) {
    let root = expanded_root(db, file, config);
    for attr in root.descendants().filter_map(ast::Attribute::cast) {
        if !attr.is_double_bracket() {
            continue;
        }
        let name = attr.name_text();
        if name.is_empty() {
            continue;
        }
        // The name and its arguments, without the brackets or a list's comma.
        let range = match (attr.path(), attr.arg_list()) {
            (Some(p), Some(a)) => p.syntax().text_range().cover(a.syntax().text_range()),
            (Some(p), None) => p.syntax().text_range(),
            _ => attr.syntax().text_range(),
        };
        let (namespace, short) = match name.rsplit_once("::") {
            Some((ns, short)) => (Some(ns), short),
            None => (None, name.as_str()),
        };
        let unknown = match namespace {
            None => {
                !STANDARD.contains(&short) && !crate::attr_placement::is_known_hlsl_attribute(short)
            }
            Some("vk") => {
                let in_body = attr
                    .syntax()
                    .ancestors()
                    .any(|n| n.kind() == SyntaxKind::BLOCK);
                if in_body {
                    if let Some((code, at, message)) =
                        crate::vk_attr_checks::unknown_vk_attribute(&attr)
                    {
                        let (f, r) = user_range(db, file, config, at);
                        out.push(Diagnostic::warning(code, message, f, r));
                    }
                }
                false
            }
            Some(ns) => !scoped_name_is_known(ns, short),
        };
        if unknown {
            let (f, r) = user_range(db, file, config, range);
            out.push(Diagnostic::warning(
                codes::UNKNOWN_OTHER_ATTRIBUTE,
                format!("unknown attribute '{short}' ignored"),
                f,
                r,
            ));
        }
    }
}
