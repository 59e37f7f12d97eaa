//! Effects-framework techniques (`technique11 Render { pass P0 { ... } }`), which DXC parses
//! and ignores with the warning "effect technique ignored - effect syntax is deprecated"
//! (`W2120`), at the `technique` keyword, as its `effects-syntax` test expects. The parser
//! keeps the block whole (`TECHNIQUE_DEF`); nothing in it is compiled, so the `CompileShader`
//! calls and state assignments of its passes name nothing. Called by
//! `diagnostics::diagnostics`.

use base_db::{CompileConfig, SourceFile};
use syntax::{Diagnostic, SyntaxKind};

use crate::codes;
use crate::ids::{expanded_root, user_range};
use crate::HirDb;

pub(crate) fn technique_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    out: &mut Vec<Diagnostic>,
) {
    let root = expanded_root(db, file, config);
    for node in root
        .descendants()
        .filter(|n| n.kind() == SyntaxKind::TECHNIQUE_DEF)
    {
        let Some(keyword) = node.first_token() else {
            continue;
        };
        let (f, r) = user_range(db, file, config, keyword.text_range());
        out.push(Diagnostic::warning(
            codes::EFFECT_TECHNIQUE,
            "effect technique ignored - effect syntax is deprecated",
            f,
            r,
        ));
    }
}
