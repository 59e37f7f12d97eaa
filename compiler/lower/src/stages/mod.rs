//! Entry wrappers of the stages whose stage variables are more than one value per invocation:
//! [`geometry`] (per-vertex input arrays, output streams), [`tessellation`] (hull shaders with
//! their patch-constant function, domain shaders), [`mesh`] (mesh and amplification shaders),
//! and [`raytracing`] (the ray-tracing stages, whose data between stages are globals of the
//! ray address spaces rather than stage variables).
//! They share, after DXC's SPIR-V mapping (`docs/SPIR-V.rst`), [`vars`] and [`attrs`]:
//!
//! - a stage value is split into *leaves* (struct fields with a semantic, down to scalars,
//!   vectors, matrices and arrays of them); each leaf is one stage variable, an array of them
//!   when the stage sees one value per vertex or control point; an array of structs is split
//!   like one struct whose leaves hold their field of every element (`S s[2]` with a field
//!   `float2 uv` is one `float2[2]` variable), as DXC splits the per-vertex arrays;
//! - system values are built-ins of their natural type (`SV_TessFactor` is `TessLevelOuter`,
//!   a `float[4]`, whatever the HLSL array length), converted on load and written element by
//!   element on store;
//! - `SV_ClipDistance<n>` (and `SV_CullDistance<n>`) leaves share one `float` array built-in,
//!   each at an offset, in the order of the semantic index;
//! - other leaves take locations in declaration order, as many as their type needs;
//! - [`StageIo`] tells the body lowering what the entry's parameters became: a stream's
//!   `Append` writes the stream's output variables, a mesh shader's `out vertices` and
//!   `out primitives` arrays are written straight into theirs.

pub mod attrs;
pub mod fragment_tests;
pub mod geometry;
pub mod mesh;
pub mod mesh_outputs;
pub mod patch_semantics;
pub mod raytracing;
pub mod system_inputs;
pub mod tess_factors;
pub mod tess_refusals;
pub mod tessellation;
pub mod vars;
pub mod vk_attr_checks;

use hir::body::{ExprId, LocalId};
use hir::item_tree::ItemIdx;
use ir::FunctionBuilder;
use types::{ResourceType, Type};

use crate::context::ModuleCtx;
use crate::func::FnLower;

pub use attrs::{attr, attr_count, attr_text, entry_attr_count, eval_count};
pub use vars::{
    leaves, load_array, load_value, store_adapted, store_leaf, store_value, Declare, Leaf, Side,
    StageVar, Step,
};

/// What the entry's parameters became, for the lowering of its body.
#[derive(Debug, Default)]
pub struct StageIo {
    /// The entry function.
    pub entry: Option<ItemIdx>,
    /// Parameters (function, position) that have no IR parameter: streams (of the entry and
    /// of the functions it passes its stream to) and mesh outputs live in stage variables.
    pub skipped: Vec<(ItemIdx, usize)>,
    /// A geometry shader's output streams, in parameter order.
    pub streams: Vec<geometry::OutputStream>,
    /// For a copy of a function that takes streams: the entry's stream (index into
    /// `streams`) each of its stream parameters is, in parameter order.
    pub stream_copies: Vec<(ir::Func, Vec<usize>)>,
    /// Pixel inputs read with `GetAttributeAtVertex`: (parameter, field path, the variable
    /// holding one value per vertex).
    pub per_vertex: Vec<(usize, Vec<u32>, ir::Global)>,
    /// The per-vertex variables whose declaration lacks `nointerpolation` (DXC refuses
    /// `GetAttributeAtVertex` of them).
    pub per_vertex_interpolated: Vec<ir::Global>,
    /// Parameters of copies of other functions that `GetAttributeAtVertex` reads (or fields
    /// of which it reads): (the copy, parameter, the whole input its calls pass). A function
    /// is copied per list of inputs it is given.
    pub per_vertex_params: Vec<(ir::Func, usize, crate::evaluate_attribute::InputRoot)>,
    /// The other pixel inputs of the entry's parameters: (parameter, the leaf's steps,
    /// variable), for the attribute-evaluation intrinsics.
    pub pixel_inputs: Vec<(usize, Vec<Step>, ir::Global)>,
    /// Parameters of copies of other functions whose value an attribute evaluation reads:
    /// (the copy, parameter, the whole input its calls pass). A function is copied per list
    /// of inputs it is given, as DXC's inlining gives each call its own.
    pub evaluated_params: Vec<(ir::Func, usize, crate::evaluate_attribute::InputRoot)>,
    /// Copies given parts of pixel inputs at indices (`InputRoot::part`): the copy and its
    /// IR argument holding the first index (the others follow).
    pub part_index_args: Vec<(ir::Func, u32)>,
    /// A mesh shader's output arrays: the parameter and its variables.
    pub mesh_outputs: Vec<(LocalId, mesh::MeshOutput)>,
    /// Parameters of copies of other functions given a mesh output array: (the copy,
    /// parameter, index into `mesh_outputs`); they have no IR parameter (`mesh_outputs`).
    pub mesh_output_params: Vec<(ir::Func, usize, usize)>,
}

/// What a call passes to a callee's parameters that stand for stage variables of the entry
/// (found by [`FnLower::stage_arguments`], recorded for the callee's copy by
/// [`FnLower::record_stage_arguments`]).
#[derive(Debug, Default)]
pub struct StageArguments {
    /// Pixel inputs whose attributes the callee evaluates (`evaluate_attribute`).
    evaluated: Vec<(usize, crate::evaluate_attribute::InputRoot)>,
    /// Pixel inputs the callee reads with `GetAttributeAtVertex` (`graphics`).
    per_vertex: Vec<(usize, crate::evaluate_attribute::InputRoot)>,
    /// Mesh output arrays (`mesh_outputs`): the parameter and the output's index.
    mesh_outputs: Vec<(usize, usize)>,
    /// The indices into the parts of `evaluated` inputs, the callee's trailing `int`
    /// arguments.
    pub indices: Vec<ir::Value>,
}

impl StageArguments {
    /// The parts of inputs the call passes, which pick the callee's copy with its resources.
    pub fn input_parts(&self) -> Vec<crate::evaluate_attribute::ArgPart> {
        self.evaluated
            .iter()
            .filter(|(_, root)| !root.part.is_empty())
            .map(|(k, root)| (*k, root.part.clone()))
            .collect()
    }

    /// The parameters given the entry's mesh output arrays, which the copy has no IR
    /// parameter for.
    pub fn mesh_params(&self) -> Vec<usize> {
        self.mesh_outputs.iter().map(|&(k, _)| k).collect()
    }
}

impl FnLower<'_, '_> {
    /// The stage variables a call of `callee` with `args` passes: each picks the callee's
    /// copy, added to the `resources` that key it (after the real resources, where no
    /// parameter reads them), as DXC's inlining gives each call its own.
    pub(crate) fn stage_arguments(
        &mut self,
        callee: ItemIdx,
        args: &[ExprId],
        resources: &mut Vec<crate::context::ResourceArg>,
    ) -> crate::context::R<StageArguments> {
        let mut indices = Vec::new();
        Ok(StageArguments {
            evaluated: self.evaluated_args(callee, args, resources, &mut indices)?,
            per_vertex: self.per_vertex_args(callee, args, resources)?,
            mesh_outputs: self.mesh_output_arguments(callee, args, resources)?,
            indices,
        })
    }

    /// Records what [`FnLower::stage_arguments`] found for copy `f` of the callee.
    pub(crate) fn record_stage_arguments(&mut self, f: ir::Func, found: &StageArguments) {
        let io = &mut self.cx.stage_io;
        for (k, root) in &found.evaluated {
            if !io
                .evaluated_params
                .iter()
                .any(|(h, m, _)| *h == f && m == k)
            {
                io.evaluated_params.push((f, *k, root.clone()));
            }
        }
        for (k, root) in &found.per_vertex {
            if !io
                .per_vertex_params
                .iter()
                .any(|(h, m, _)| *h == f && m == k)
            {
                io.per_vertex_params.push((f, *k, root.clone()));
            }
        }
        for &(k, at) in &found.mesh_outputs {
            if !io
                .mesh_output_params
                .iter()
                .any(|&(h, m, _)| h == f && m == k)
            {
                io.mesh_output_params.push((f, k, at));
            }
        }
    }
}

impl StageIo {
    /// Whether parameter `n` of function `item` has no IR parameter.
    pub fn is_skipped(&self, item: ItemIdx, n: usize) -> bool {
        self.skipped.contains(&(item, n))
    }

    /// Whether parameter `n` of copy `f` of function `item` has no IR parameter: one every
    /// copy lacks, or one this copy was given the entry's mesh output array in.
    pub fn is_skipped_in(&self, item: ItemIdx, f: ir::Func, n: usize) -> bool {
        self.is_skipped(item, n)
            || (self.mesh_output_params.iter()).any(|&(g, m, _)| g == f && m == n)
    }

    /// Marks parameter `n` of `item` as having no IR parameter.
    pub fn skip(&mut self, item: ItemIdx, n: usize) {
        if !self.is_skipped(item, n) {
            self.skipped.push((item, n));
        }
    }

    /// The IR argument index of parameter `n` of `item`, counting only kept parameters.
    pub fn arg_index(&self, item: ItemIdx, n: usize) -> u32 {
        (0..n).filter(|&i| !self.is_skipped(item, i)).count() as u32
    }
}

/// The IR type of a value of HLSL type `ty`: `InputPatch<T, N>` and `OutputPatch<T, N>` are
/// arrays `T[N]` (their stage variables are arrays, and indexing them is indexing an array).
pub fn value_type(ty: &Type) -> Type {
    match ty.as_resource() {
        Some(ResourceType::InputPatch { element, count })
        | Some(ResourceType::OutputPatch { element, count }) => {
            Type::array(element.clone(), *count)
        }
        _ => ty.clone(),
    }
}

/// The element type and length of an `InputPatch`/`OutputPatch`.
pub fn patch_of(ty: &Type) -> Option<(Type, u32, bool)> {
    match ty.as_resource()? {
        ResourceType::InputPatch { element, count } => Some((element.clone(), *count, true)),
        ResourceType::OutputPatch { element, count } => Some((element.clone(), *count, false)),
        _ => None,
    }
}

/// The wrapper function `name`, a parameterless void function with an entry block to fill.
pub fn begin_wrapper(cx: &mut ModuleCtx<'_>, name: &str) -> ir::Func {
    let wrapper = cx.mb.declare_function(name, Vec::new(), Type::Void);
    let mut fb = cx.mb.function(wrapper);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    wrapper
}

/// A builder at the end of the wrapper's last block.
pub fn wrapper_builder<'m>(cx: &'m mut ModuleCtx<'_>, wrapper: ir::Func) -> FunctionBuilder<'m> {
    let last = cx.mb.module().functions[wrapper].layout.last().copied();
    let mut fb = cx.mb.function(wrapper);
    if let Some(b) = last {
        fb.switch_to_block(b);
    }
    fb
}

/// Ends the wrapper with `ret`, lowers the queued functions and `init_globals`. Variables
/// listed twice (leaves sharing a clip-distance array) are listed once.
pub fn finish_wrapper(cx: &mut ModuleCtx<'_>, wrapper: ir::Func, mut entry: ir::EntryPoint) {
    for list in [&mut entry.inputs, &mut entry.outputs] {
        let mut seen = Vec::new();
        list.retain(|g| {
            let first = !seen.contains(g);
            seen.push(*g);
            first
        });
    }
    wrapper_builder(cx, wrapper).ret(None);
    cx.mb.entry_point(entry);
    cx.drain_queue();
    crate::init::lower_init_globals(cx, wrapper);
}

/// The range of each parameter of `item` (in the expanded tree), for diagnostics.
pub fn param_ranges(cx: &ModuleCtx<'_>, item: ItemIdx) -> Vec<syntax::TextRange> {
    let (body, map) = hir::body_with_source_map(cx.db, cx.function_id(item));
    body.params
        .iter()
        .map(|l| map.locals[l.0 as usize].text_range())
        .collect()
}

/// The whole declaration of parameter `n` of function `item`, its modifiers included
/// (`in vertices V verts[3]`), where DXC reports a misused modifier; the name's range
/// (`param_ranges`) when the declaration is not found.
pub fn param_decl_range(cx: &ModuleCtx<'_>, item: ItemIdx, n: usize) -> Option<syntax::TextRange> {
    use syntax::ast::AstNode;
    crate::attrs::item_node(cx, item)
        .and_then(syntax::ast::FnDef::cast)?
        .param_list()?
        .params()
        .nth(n)
        .map(|p| p.syntax().text_range())
        .or_else(|| param_ranges(cx, item).get(n).copied())
}

/// The HIR local of parameter `n` of function `item`.
pub fn param_local(cx: &ModuleCtx<'_>, item: ItemIdx, n: usize) -> Option<LocalId> {
    let body = hir::body::body(cx.db, cx.function_id(item));
    body.params.get(n).copied()
}
