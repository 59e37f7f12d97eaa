//! Storage modifiers written where they mean nothing, refused as DXC refuses them (`E2053`,
//! "'in' is not a valid modifier for a global variable"), at the modifier:
//!
//! - a global variable is no stage input or output: no `in`, `out` or `inout`, and a
//!   `static` one is no `uniform`; it is not `volatile` either, and `extern` (the default of
//!   a non-static global) goes with neither `groupshared` nor `static`, in DXC's words;
//! - a local variable takes none of `uniform`, `in`, `out`, `inout`;
//! - a function takes none of them either (`uniform float4 main()`);
//! - an `out` parameter is not `uniform` (`inout uniform` is accepted, as DXC does).
//!
//! Called by `decl_checks::declaration_diagnostics`.

use syntax::ast::{self, AstNode, HasModifiers};
use syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange};

use SyntaxKind::{
    EXTERN_KW, GROUPSHARED_KW, INOUT_KW, IN_KW, OUT_KW, STATIC_KW, UNIFORM_KW, VOLATILE_KW,
};

/// The range and message of every misplaced modifier in `root`.
pub(crate) fn misplaced_modifiers(root: &SyntaxNode) -> Vec<(TextRange, String)> {
    let mut out = Vec::new();
    let mut conflicts = Vec::new();
    let mut refuse = |t: &SyntaxToken, what: &str| {
        out.push((
            t.text_range(),
            format!("'{}' is not a valid modifier for {what}", t.text()),
        ));
    };
    for node in root.descendants() {
        if let Some(decl) = ast::VarDecl::cast(node.clone()) {
            let mods = decl.modifiers();
            match Place::of(&node) {
                Place::Local => {
                    for t in mods
                        .iter()
                        .filter(|t| matches!(t.kind(), UNIFORM_KW | IN_KW | OUT_KW | INOUT_KW))
                    {
                        refuse(t, "a local variable");
                    }
                }
                Place::Global => {
                    for t in mods
                        .iter()
                        .filter(|t| matches!(t.kind(), IN_KW | OUT_KW | INOUT_KW))
                    {
                        refuse(t, "a global variable");
                    }
                    if mods.iter().any(|t| t.kind() == STATIC_KW) {
                        for t in mods.iter().filter(|t| t.kind() == UNIFORM_KW) {
                            refuse(t, "a static variable");
                        }
                    }
                    for t in mods.iter().filter(|t| t.kind() == VOLATILE_KW) {
                        refuse(t, "a global variable");
                    }
                    extern_conflicts(&mods, &mut conflicts);
                }
                Place::Other => {}
            }
        } else if let Some(f) = ast::FnDef::cast(node.clone()) {
            for t in f
                .modifiers()
                .iter()
                .filter(|t| matches!(t.kind(), UNIFORM_KW | IN_KW | OUT_KW | INOUT_KW))
            {
                refuse(t, "a function");
            }
        } else if let Some(p) = ast::Param::cast(node) {
            let mods = p.modifiers();
            let has = |k: SyntaxKind| mods.iter().any(|t| t.kind() == k);
            if has(OUT_KW) && !has(IN_KW) && !has(INOUT_KW) {
                for t in mods.iter().filter(|t| t.kind() == UNIFORM_KW) {
                    refuse(t, "an out parameter");
                }
            }
        }
    }
    out.extend(conflicts);
    out
}

/// `extern` with `groupshared` or `static` on a global, at the later of the two, with DXC's
/// messages.
fn extern_conflicts(mods: &[SyntaxToken], out: &mut Vec<(TextRange, String)>) {
    let Some(ext) = mods.iter().find(|t| t.kind() == EXTERN_KW) else {
        return;
    };
    let later = |t: &SyntaxToken| {
        if t.text_range().start() > ext.text_range().start() {
            t.text_range()
        } else {
            ext.text_range()
        }
    };
    if let Some(g) = mods.iter().find(|t| t.kind() == GROUPSHARED_KW) {
        out.push((
            later(g),
            "'extern' and 'groupshared' cannot be used together for a global variable".into(),
        ));
    }
    if let Some(st) = mods.iter().find(|t| t.kind() == STATIC_KW) {
        out.push((
            later(st),
            "cannot combine with previous 'extern' declaration specifier".into(),
        ));
    }
}

/// Where a variable declaration is.
enum Place {
    /// In a function body (a declaration statement or a `for` initializer).
    Local,
    /// At file or namespace scope.
    Global,
    /// A struct field or a cbuffer member.
    Other,
}

impl Place {
    fn of(decl: &SyntaxNode) -> Place {
        let Some(parent) = decl.parent() else {
            return Place::Other;
        };
        match parent.kind() {
            SyntaxKind::SOURCE_FILE => Place::Global,
            SyntaxKind::DECL_STMT | SyntaxKind::FOR_STMT => Place::Local,
            SyntaxKind::ITEM_LIST
                if parent
                    .parent()
                    .is_some_and(|p| p.kind() == SyntaxKind::NAMESPACE_DEF) =>
            {
                Place::Global
            }
            _ => Place::Other,
        }
    }
}
