//! Locals of a `const` alias type declared without an initializer (`E2275`), refused at the
//! name in clang's words ("default initialization of an object of const type 'const
//! vk::SpirvOpaqueType<...>'"): nothing can give such a local a value later. The alias is
//! `vk::WorkgroupSpirvPointer<T>` of DXC's `vk/spirv.h` (an alias of `const
//! vk::SpirvOpaqueType<...>`), whose local would otherwise be read as nothing. A local
//! `const` by its own qualifier (`const float f;`) or through a typedef (`typedef const uint
//! U; U u;`) is not refused: DXC accepts both (vkd3d's `const.shader_test` and
//! `invalid.shader_test` expect a failure only below SM 6, that is under FXC; DXC's own
//! `type.typedef.hlsl` compiles the typedef form), and reads it as zero as we do. DXC exempts a declaration with
//! `[[vk::ext_builtin_input(N)]]`, which must be a `static const` without a value (the
//! built-in gives it one). Every function is checked, called or not (DXC's semantic
//! analysis). `infer` records the locals (`InferenceResult::uninit_const_locals`); called by
//! `diagnostics::file_diagnostics`.

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
