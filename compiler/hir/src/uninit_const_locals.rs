//! `const` locals declared without an initializer (`E2275`), refused at the name in clang's
//! words as DXC refuses them ("default initialization of an object of const type 'const
//! int'"): nothing can give such a local a value later. A local is `const` by its own
//! qualifier or through a `const` alias (`vk::WorkgroupSpirvPointer<T>` of DXC's
//! `vk/spirv.h`, an alias of `const vk::SpirvOpaqueType<...>`). DXC exempts a declaration
//! with `[[vk::ext_builtin_input(N)]]`, which must be a `static const` without a value (the
//! built-in gives it one). Structs, and arrays of them, are not refused: clang's rule for a
//! class without a user-provided default constructor is a Microsoft extension's warning in
//! some modes, and DXC's behaviour there was not confirmed. Every function is checked,
//! called or not (DXC's semantic analysis). `infer` records the locals
//! (`InferenceResult::uninit_const_locals`); called by `diagnostics::file_diagnostics`.

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode};
use syntax::{Diagnostic, SyntaxKind};

use crate::body::body_source_map;
use crate::codes;
use crate::ids::{expanded_root, user_range, FunctionId};
use crate::infer::infer;
use crate::HirDb;

/// Adds `E2275` at the name of every recorded local of `funcs`.
pub(crate) fn uninit_const_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    funcs: &[FunctionId<'_>],
    out: &mut Vec<Diagnostic>,
) {
    let root = expanded_root(db, file, config);
    for &fid in funcs {
        let result = infer(db, fid);
        if result.uninit_const_locals.is_empty() {
            continue;
        }
        let source_map = body_source_map(db, fid);
        for &local in &result.uninit_const_locals {
            let syntax = source_map.local_syntax(local);
            let builtin_input = syntax.try_to_node(&root).is_some_and(|name| {
                name.ancestors()
                    .find(|n| n.kind() == SyntaxKind::DECL_STMT)
                    .is_some_and(|decl| {
                        decl.children()
                            .filter_map(ast::Attribute::cast)
                            .any(|a| a.name_text() == "vk::ext_builtin_input")
                    })
            });
            if builtin_input {
                continue;
            }
            let ty = result.local_types[local.0 as usize]
                .as_ref()
                .map_or_else(String::new, |t| t.to_string());
            let (at_file, at) = user_range(db, file, config, syntax.text_range());
            out.push(Diagnostic::error(
                codes::UNINIT_CONST_LOCAL,
                format!("default initialization of an object of const type 'const {ty}'"),
                at_file,
                at,
            ));
        }
    }
}
