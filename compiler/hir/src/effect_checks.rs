//! Effects-framework syntax that DXC parses and ignores, each with its warning (`W2120`), as
//! its `effects-syntax` test expects:
//!
//! - a technique (`technique11 Render { pass P0 { ... } }`, `TECHNIQUE_DEF`): "effect
//!   technique ignored - effect syntax is deprecated", at the keyword; nothing in it is
//!   compiled, so the `CompileShader` calls and state assignments of its passes name nothing;
//! - a state block after a declarator (`SamplerState s { Filter = MIN_MAG_MIP_LINEAR; };`,
//!   `STATE_BLOCK` outside a technique): "effect state block ignored - effect syntax is
//!   deprecated", at its `{`;
//! - annotations (`Texture2D t < string name = "a.png"; >;`, `EFFECT_ANNOTATIONS`): "possible
//!   effect annotation ignored - effect syntax is deprecated", at the `<`;
//! - a Direct3D 9 sampler description (`sampler s = sampler_state { Texture = t; };`,
//!   `SAMPLER_STATE_INIT`): "effect sampler_state assignment ignored - effect syntax is
//!   deprecated", at `sampler_state`; the sampler is declared without an initializer.
//!
//! A variable of an effects object type is `W2055`, in `diagnostics`. Called by
//! `diagnostics::diagnostics`.

use base_db::{CompileConfig, SourceFile};
use syntax::{Diagnostic, SyntaxKind};

use crate::codes;
use crate::ids::{expanded_root, user_range};
use crate::HirDb;

pub(crate) fn effect_syntax_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    out: &mut Vec<Diagnostic>,
) {
    let root = expanded_root(db, file, config);
    for node in root.descendants() {
        let what = match node.kind() {
            SyntaxKind::TECHNIQUE_DEF => "effect technique",
            SyntaxKind::SAMPLER_STATE_INIT => "effect sampler_state assignment",
            // A technique's own annotations are part of the ignored technique.
            SyntaxKind::EFFECT_ANNOTATIONS
                if node
                    .parent()
                    .is_some_and(|p| p.kind() != SyntaxKind::TECHNIQUE_DEF) =>
            {
                "possible effect annotation"
            }
            SyntaxKind::STATE_BLOCK
                if node.parent().is_some_and(|p| {
                    !matches!(
                        p.kind(),
                        SyntaxKind::TECHNIQUE_DEF | SyntaxKind::SAMPLER_STATE_INIT
                    )
                }) =>
            {
                "effect state block"
            }
            _ => continue,
        };
        let Some(first) = node.first_token() else {
            continue;
        };
        let (f, r) = user_range(db, file, config, first.text_range());
        out.push(Diagnostic::warning(
            codes::EFFECT_SYNTAX,
            format!("{what} ignored - effect syntax is deprecated"),
            f,
            r,
        ));
    }
}
