//! Semantic analysis of HLSL on salsa: the item tree, name resolution, the HLSL types of
//! declarations, type inference of function bodies, and semantic diagnostics.
//!
//! Everything reads the *expanded* tree (`base_db::expanded_tree`), so macros and includes are
//! seen as DXC sees them; every diagnostic maps back to the user's text through
//! [`ids::user_range`].
//!
//! # Queries (rust-analyzer style)
//!
//! - `ast_id_map(file, config)`: declaration nodes → `AstId` (the only place with their
//!   ranges).
//! - `item_tree(file, config)`: declarations without ranges or bodies; backdated when an edit
//!   stays inside a function body. `item_scope` indexes it by (scope, name).
//! - `FunctionId` / `StructId`: interned (file, config, `AstId`).
//! - `function_signature(FunctionId)`: parameter and return types; `struct_type(StructId)`;
//!   `global_type(GlobalId)` (globals and static members, `GlobalId` = interned (file,
//!   config, `AstId`) of the declarator).
//! - `global_body(GlobalId)` / `infer_global(GlobalId)`: a global's initializer, lowered and
//!   inferred like a function body. A parameter's default value is lowered and inferred the
//!   same way, uncached, at each call that leaves it out (`body::lower_default_value`,
//!   `infer_default`).
//! - `body_with_source_map(FunctionId)` → `body(FunctionId)` (no ranges, backdated) and the
//!   source map.
//! - `infer(FunctionId)`: the type of every expression and local, and the body's diagnostics.
//! - `entry_points(file, config)`: the entry points with their stage and how each was found
//!   (configuration, `[shader]`, `[numthreads]`); `function_stage(FunctionId)`.
//!
//! # Diagnostic codes
//!
//! | Code  | Meaning |
//! |-------|---------|
//! | E2001 | use of an undeclared identifier (or of a name before its declaration) |
//! | E2002 | redefinition of a name in the same scope (related: previous definition) |
//! | E2003 | type mismatch: a value cannot be converted to the type needed |
//! | E2004 | no overload of a function takes the arguments (related: the candidates) |
//! | E2005 | ambiguous call: several overloads match equally well (related: the candidates) |
//! | E2006 | wrong number of arguments for the only candidate |
//! | E2007 | assignment to a const value (const local, uniform global, cbuffer member...) |
//! | E2008 | assignment to an expression that is not an lvalue |
//! | E2009 | an `out`/`inout` argument that is not a modifiable lvalue |
//! | E2010 | `break` outside a loop or switch, `continue` outside a loop |
//! | E2011 | invalid swizzle (bad components, mixed sets, out of range, repeated on assignment) |
//! | E2012 | constant index out of range of a vector, matrix, array or patch |
//! | E2013 | recursion: the function is part of a call cycle |
//! | E2014 | unknown type name |
//! | E2015 | no member (field or method) of that name |
//! | E2016 | component count mismatch in a constructor or initializer list |
//! | E2017 | invalid operands for an operator |
//! | E2018 | calling something that is not a function |
//! | E2019 | `return` with a value in a void function, or without one in a non-void function |
//! | E2020 | not supported yet (a construct the semantic layer does not handle yet, such as `using namespace N;` inside a function) |
//! | E2021 | indexing a value that cannot be indexed |
//! | E2022 | an array size that is not a constant, or is negative |
//! | E2023 | a semantic not valid for the entry point's stage and direction |
//! | E2024 | an entry point's parameter, return value or struct field without a semantic |
//! | E2025 | invalid attribute arguments (`[numthreads(1, 1, 65)]`, `[shader("bogus")]`, ...) |
//! | E2026 | a compute, mesh or amplification entry point without `[numthreads]` |
//! | E2027 | a Vulkan attribute on a declaration it does not apply to |
//! | E2028 | `[[vk::constant_id]]` on something that cannot be a specialization constant |
//! | E2029 | a typed buffer or texture whose element is not a scalar or vector |
//! | E2030 | `discard` reached from an entry point that is not a pixel shader |
//! | E2031 | an integer pixel-shader input interpolated other than `nointerpolation` |
//! | E2032 | a hull shader without an `SV_OutputControlPointID` parameter |
//! | E2033 | `string` anywhere but a global constant |
//! | E2034 | an intrinsic no target can express (`dx::IsDebuggerPresent`) |
//! | E2035 | a hull entry without `[patchconstantfunc]` or `[outputtopology]`, a mesh entry without `[outputtopology]`, a geometry entry with two input primitive types |
//! | E2036 | `SV_ClipDistance`/`SV_CullDistance` on a value that is not float |
//! | E2037 | a template argument a built-in type does not take (`SubpassInput<S>` of a struct) |
//! | E2038 | a literal `vk::RawBufferLoad`/`Store` alignment that is negative, not an integer or not a power of two |
//! | E2050 | one semantic on two inputs (or two outputs) of an entry point |
//! | E2051 | a `packoffset` outside a constant buffer, of a register that is not `c`, with a bad component, or that makes a value cross its register's end |
//! | E2052 | contradicting statement attributes (`[unroll]` with `[loop]` or `[fastopt]`, `[branch]` with `[flatten]`) |
//! | E2053 | a modifier where it means nothing (`in` on a global, `uniform` on a local or a function, `out uniform` parameter, `inline` entry point) |
//! | E2054 | an anonymous struct declaring nothing outside a struct |
//! | E2055 | a struct definition with template arguments but no `template<>` |
//! | E2056 | an operator overload HLSL 2021 refuses (`operator=`, `operator++`, `operator<<`, a non-member operator) |
//! | E2070 | `unsigned` on a type with no unsigned form (`unsigned float2`) |
//! | E2071 | a `register(...)` binding of the wrong class for its resource, of an unknown type, or with a malformed number or space |
//! | E2072 | a struct deriving from a vector, matrix, resource or built-in struct (DXC declares them `final`) |
//! | E2073 | under HLSL 202x, an initializer on a variable of a cbuffer, tbuffer or `$Globals` |
//! | E2074 | a `const` method before HLSL 202x, or `const` on a non-member or static function |
//! | E2145 | HLSL 202x: a non-`const` method called on a const object |
//! | W2001 | implicit truncation of a vector or matrix |
//! | W2002 | a non-void function can reach its end without returning a value |
//! | W2015 | `arr.Length` of a sized array (deprecated, a `uint`) |
//! | W2016 | `[numthreads]` whose group size is not 1 to 1024 (ignored, as DXC ignores it) |
//! | W2017 | a constant array index out of bounds before HLSL 2018 (`E2012` from 2018 on) |
//! | W2055 | a variable of a legacy effects object type (`BlendState`...), ignored as DXC ignores it |
//! | W2120 | effects-framework syntax (a technique, a state block, annotations, `= sampler_state {...}`), ignored as DXC ignores it |
//! | E2278 | a declaration of an abstract class type (an `interface`, or a class missing one of its methods) |
//! | E2240 | two `[[vk::stencil_ref_*]]` promises for one face of a pixel entry (DXC's words) |
//! | E2241 | two push-constant blocks, or `[[vk::push_constant]]` (or a shader record's attribute) with `[[vk::binding]]` (DXC's words) |
//! | W2090 | a `[[vk::...]]` attribute DXC does not know, ignored |
//! | W2091 | a stage attribute on an entry point of another stage (`[earlydepthstencil]` on a vertex shader), `[[vk::input_attachment_index]]` on no subpass input |
//! | W2092 | an attribute argument DXC does not know (`[[vk::image_format("bogus")]]`), ignored |
//! | W2102 | a one-bracket attribute DXC does not know (`[foo]`), ignored |
//! | W2103 | a statement attribute on a statement it does not apply to (`[loop]` on an `if`), ignored |
//! | W2104 | a negative or floating literal count (`[unroll(-1)]`; `[maxvertexcount(1.5)]` off entries) |
//! | W2106 | `[noinline]` on a variable, ignored |
//! | W2105 | `[clipplanes]`, which DXC's SPIR-V backend ignores |
//! | E2255 | `[unroll(n)]` whose count is no integer constant |
//! | E2256 | a `[clipplanes]` argument DXC refuses (not a global, member or literal-index element) |
//! | E2257 | a typed buffer or texture element of more than 16 bytes (`Buffer<double3>`) |
//! | E2258 | a texel type Vulkan images cannot hold (`double`; `bool` outside read-only textures) |
//! | E2259 | a shader attribute on a variable, `[noinline]` on a statement |
//! | E2279 | a work-graph node type (`NodeOutput<T>`) or SER name (`dx::HitObject`), which only DXIL has |
//! | E2280 | a state subobject (`GlobalRootSignature`), which only DXIL has |
//!
//! Intrinsics and resource methods come through the seam in [`intrinsics`].

mod abstract_checks;
mod array_size_ice;
mod attr_checks;
mod attr_placement;
mod barrier_checks;
mod base_checks;
mod bit_field_checks;
pub mod body;
mod broken_syntax;
pub mod builtin_consts;
mod builtin_semantics;
pub mod codes;
mod const_method_checks;
mod decl_checks;
mod default_checks;
mod derivative_checks;
pub mod diagnostics;
mod dxil_only_types;
mod effect_checks;
pub mod entry;
mod entry_checks;
pub mod ext_type;
mod hull_checks;
pub mod ids;
pub mod infer;
pub mod intrinsics;
pub mod item_tree;
mod legacy_intrinsics;
pub mod lower_type;
mod modifier_checks;
pub mod navigation;
mod operator_checks;
mod orientation_checks;
mod packoffset_checks;
mod param_decoration_checks;
mod pointer_local_checks;
mod register_checks;
pub mod scope;
mod spirv_type;
mod static_assert_checks;
mod static_assert_instances;
mod stmt_attr_checks;
mod switch_label_checks;
pub mod system_values;
pub mod type_ref;
mod typed_elements;
mod uninit_const_locals;
mod union_checks;
mod unknown_attr_checks;
pub mod vk_attr_checks;

#[cfg(test)]
mod test_db;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use base_db::{CompileConfig, SourceFile};
use syntax::{SyntaxKind, SyntaxNode, TextSize};
use types::Type;

/// The `__HLSL_VERSION` of HLSL 202x (`-HV 202x`; DXC reports the language in progress as
/// 2029): the first version whose rules some checks apply.
pub const HLSL_202X: u32 = 2029;

pub use crate::body::{
    body_source_map, body_with_source_map, Body, BodySourceMap, ExprId, LocalId,
};
pub use crate::diagnostics::{diagnostics, functions};
pub use crate::dxil_only_types::is_subobject_type;
pub use crate::entry::{entry_points, function_stage, EntryPoint, EntrySource, Stage};
pub use crate::ids::{ast_id_map, user_range, AstId, FunctionId, GlobalId, StructId};
pub use crate::infer::{
    function_signature, global_type, infer_default, infer_global, infer_instance,
    instance_signature, struct_type, FunctionSignature, InferenceResult, Resolution,
};
pub use crate::intrinsics::{
    HlslIntrinsics, IntrinsicArg, IntrinsicCall, IntrinsicTable, NoIntrinsics,
};
pub use crate::item_tree::ItemTree;

/// The semantic layer's view of the database.
#[salsa::db]
pub trait HirDb: base_db::SourceDb {
    /// The intrinsic table inference consults for calls no user function provides.
    fn intrinsics(&self) -> &dyn IntrinsicTable {
        &HlslIntrinsics
    }
}

/// The offset in the expanded tree of the token written at `offset` in `file`'s own text.
fn expanded_offset(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    offset: TextSize,
) -> Option<TextSize> {
    let parsed = base_db::parse_file(db, file, config);
    let tree = base_db::expanded_tree(db, file, config);
    let id = file.id(db);
    let index = parsed
        .preprocessed
        .tokens
        .iter()
        .position(|t| match t.origin {
            syntax::preprocess::TokenOrigin::File { file, range } => {
                file == id && range.contains_inclusive(offset)
            }
            syntax::preprocess::TokenOrigin::Macro { file, call, .. } => {
                file == id && call.contains_inclusive(offset)
            }
        })?;
    let start = *tree.token_starts.get(index)?;
    let token_range = parsed.preprocessed.tokens[index]
        .origin
        .diagnostic_range()
        .1;
    let delta = offset.checked_sub(token_range.start()).unwrap_or_default();
    let len = TextSize::from(parsed.preprocessed.tokens[index].text_len);
    Some(start + delta.min(len))
}

/// The body (function or global initializer) whose syntax contains `offset` of the expanded
/// tree: its source map and inference, and the tree's root.
fn body_at(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    offset: TextSize,
) -> Option<(Arc<BodySourceMap>, Arc<InferenceResult>, SyntaxNode)> {
    let root = ids::expanded_root(db, file, config);
    let token = root.token_at_offset(offset).right_biased()?;
    // A function first (its locals are declarators too), else a global's declarator.
    let owner = token
        .parent_ancestors()
        .find(|n| n.kind() == SyntaxKind::FN_DEF)
        .or_else(|| {
            token
                .parent_ancestors()
                .find(|n| n.kind() == SyntaxKind::VAR_DECLARATOR)
        })?;
    let map = ast_id_map(db, file, config);
    let ast = map.id_of(&owner)?;
    if owner.kind() == SyntaxKind::FN_DEF {
        let f = FunctionId::new(db, file, config, ast);
        return Some((body_source_map(db, f), infer::infer(db, f), root));
    }
    let g = GlobalId::new(db, file, config, ast);
    let source_map = body::global_body_with_source_map(db, g).1;
    Some((source_map, infer::infer_global(db, g), root))
}

/// The type of the innermost expression at `offset` of `file`'s text (for hover), in a
/// function body or a global's initializer; on a local's or parameter's name, its type.
pub fn type_of_expr_at(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    offset: TextSize,
) -> Option<Type> {
    let expanded = expanded_offset(db, file, config, offset)?;
    let (map, result, root) = body_at(db, file, config, expanded)?;
    let token = root.token_at_offset(expanded).right_biased()?;
    if let Some(name) = token.parent().filter(|n| n.kind() == SyntaxKind::NAME) {
        let ptr = rowan::ast::SyntaxNodePtr::new(&name);
        if let Some(i) = map.locals.iter().position(|p| *p == ptr) {
            return result.type_of_local(LocalId(i as u32)).cloned();
        }
    }
    token
        .parent_ancestors()
        .find_map(|n| map.expr_for_node(&n))
        .and_then(|e| result.type_of_expr(e).cloned())
}

/// Every expression of `f` with its inferred type, one per line (`text : type`), in source
/// order; then the locals. For tests and debugging.
pub fn dump_inference(db: &dyn HirDb, f: FunctionId<'_>) -> String {
    use std::fmt::Write;
    let root = ids::expanded_root(db, f.file(db), f.config(db));
    let (body, map) = body_with_source_map(db, f);
    let result = infer::infer(db, f);
    let mut exprs: Vec<ExprId> = (0..body.exprs.len() as u32).map(ExprId).collect();
    exprs.sort_by_key(|e| {
        let r = map.expr_syntax(*e).text_range();
        (r.start(), std::cmp::Reverse(r.end()))
    });
    let mut out = String::new();
    for e in exprs {
        let ptr = map.expr_syntax(e);
        let text = ptr
            .try_to_node(&root)
            .map(|n| n.text().to_string())
            .unwrap_or_default();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let _ = writeln!(out, "{text} : {}", result.display_type(e));
    }
    for (i, local) in body.locals.iter().enumerate() {
        let ty = result
            .type_of_local(LocalId(i as u32))
            .map_or("{unknown}".to_owned(), Type::to_string);
        let _ = writeln!(out, "local {} : {ty}", local.name);
    }
    out
}
