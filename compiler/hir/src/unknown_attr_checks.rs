//! `[[...]]` attributes DXC does not know, which it ignores with clang's warning "unknown
//! attribute 'name' ignored" (the name without its namespace, as clang 3.7 prints it; DXC's
//! `attributes-unknown` test: `[[scope::attr(0, "str")]]` gives "unknown attribute 'attr'
//! ignored"):
//!
//! - an unscoped name (`[[foo]]`) that is neither a C++ standard attribute nor one of HLSL's
//!   one-bracket attributes (`W2112`);
//! - a name in a namespace other than `vk`, `clang` and `gnu` (`[[ns::foo]]`, `W2112`);
//!   `clang::` and `gnu::` name clang's own attributes, which are not listed here, so they
//!   are not checked (no false warning);
//! - a `[[vk::...]]` name DXC does not know inside a function body (a local, a statement):
//!   `W2090`, which `decl_checks` gives on the declarations outside bodies.
//!
//! One-bracket attributes are `attr_placement`'s (`W2102`). A `W2112` is at the attribute's
//! name and arguments (without the brackets, where DXC points). Called by
//! `diagnostics::diagnostics`.

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

/// The namespaces of attributes that are checked elsewhere (`vk`) or not at all (clang's
/// own, `clang` and `gnu`).
const KNOWN_NAMESPACES: &[&str] = &["vk", "clang", "gnu", "_Clang", "__gnu__"];

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
            Some(ns) => !KNOWN_NAMESPACES.contains(&ns),
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
