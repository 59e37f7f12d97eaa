//! Vertex and pixel entry wrappers: each parameter (or each field of a struct parameter) with
//! a semantic becomes an input variable and the return value (or each field of a returned
//! struct) an output variable; an `out` parameter is an output, an `inout` one both (outputs
//! of the result come first), passed to the body as a local of the wrapper. After DXC's SPIR-V
//! mapping (`docs/SPIR-V.rst`):
//!
//! - system values are built-ins of their natural type ([`stages::vars::builtin`]: the
//!   same table as the other stages), converted on load and store;
//! - every `SV_ClipDistance<n>` of one side shares one `float` array built-in, each at its
//!   offset in the order of the semantic index, and so do the cull distances (a vertex
//!   shader's inputs are vertex attributes whatever their semantic: they take locations);
//! - `SV_Target<n>` is location `n`; other semantics (system values without a built-in
//!   there, such as a vertex input `SV_Position`, included) take the next location in
//!   declaration order, unless `[[vk::location(n)]]` says otherwise;
//! - `[[vk::location(0), vk::index(N)]]` on a pixel output is dual-source blending: the
//!   output's `Index` is N (0 or 1, DXC's checks in `stages::vk_attr_checks`);
//! - `[[vk::builtin("Name")]]` makes a value that built-in whatever its semantic (PointSize,
//!   BaseVertex, BaseInstance, DrawIndex, HelperInvocation, DeviceIndex, where DXC allows
//!   them; a misuse gets DXC's errors, `stages::vk_attr_checks`);
//! - `SV_DepthGreaterEqual`/`SV_DepthLessEqual` add the `DepthGreater`/`DepthLess` mode;
//! - a pixel input field or parameter with `[[vk::perprimitive]]` reads a mesh shader's
//!   per-primitive output (`PerPrimitiveEXT`);
//! - `-fvk-invert-w` makes a pixel shader read `SV_Position.w` as `1 / FragCoord.w`, and
//!   `-fvk-support-nonzero-base-instance` a vertex shader read `SV_InstanceID` as
//!   `InstanceIndex - BaseInstance` ([`InputFixes`]);
//! - `[earlydepthstencil]`, `[[vk::post_depth_coverage]]` and `[WaveOpsIncludeHelperLanes]`
//!   add their pixel modes, and so do the attributes of
//!   `SPV_AMD_shader_early_and_late_fragment_tests` (`stages::fragment_tests`).
//!
//! The wrapper loads the inputs, calls `Name_body` and stores the outputs.

use hir::item_tree::ParamDirection;
use ir::{BuiltIn, EntryPoint, ExecutionMode, Opcode, Stage, StageBinding};
use types::{Interpolation, Type};

use hir::body::{Expr, ExprId};

use crate::context::{ModuleCtx, R};
use crate::entry::ShaderStage;
use crate::func::FnLower;
use crate::stages::vars::{builtin, location_count, Declare, Leaf, Side, StageVar, Step};

/// One stage variable to declare: its leaf and what the attributes of its declaration say.
struct Var {
    leaf: Leaf,
    /// `[[vk::location]]`, or the argument text when it is not a number.
    location: Option<Result<u32, String>>,
    /// `[[vk::perprimitive]]`.
    per_primitive: bool,
    /// Read with `GetAttributeAtVertex`: one value per vertex of the primitive.
    per_vertex: bool,
    /// `[[vk::builtin("Name")]]`: the Vulkan built-in the value is, whatever its semantic,
    /// with the range of the attribute.
    vk_builtin: Option<(String, syntax::TextRange)>,
    /// `[[vk::index]]` and `[[vk::location]]` with their ranges (dual-source blending).
    index_attrs: crate::attrs::IndexAttrs,
    /// An `out`/`inout` parameter that is a leaf itself (no struct around it): DXC sees its
    /// type as a reference, no integer, so it keeps its written modes and takes no `Flat`.
    by_reference: bool,
    /// Its declaration carries an inline `BuiltIn` (`[[vk::ext_decorate(11, n)]]`): that
    /// built-in, with no location (`stage_decorations::declares_builtin`).
    inline_builtin: bool,
}

/// The attributes that apply to the leaves of one parameter or result.
#[derive(Clone, Default)]
struct Attrs {
    location: Option<Result<u32, String>>,
    per_primitive: bool,
    vk_builtin: Option<(String, syntax::TextRange)>,
    index_attrs: crate::attrs::IndexAttrs,
}

/// SPIR-V's `Index` decoration (dual-source blending), by number.
const INDEX_DECORATION: u32 = 32;

/// `SV_Target3` → 3.
fn target_index(semantic: &str) -> Option<u32> {
    let s = semantic.to_ascii_uppercase();
    let rest = s.strip_prefix("SV_TARGET")?;
    if rest.is_empty() {
        Some(0)
    } else {
        rest.parse().ok()
    }
}

fn is_distance(semantic: &str) -> bool {
    let s = semantic.to_ascii_uppercase();
    s.starts_with("SV_CLIPDISTANCE") || s.starts_with("SV_CULLDISTANCE")
}

/// The stage variables of a value of `ty` with `semantic` (struct fields carry their own
/// semantics and attributes; an array of structs is split like its element, each variable
/// holding its field of every element); `None` when a leaf has no semantic or is of a type no
/// stage variable can have.
fn vars_of(
    cx: &ModuleCtx<'_>,
    ty: &Type,
    semantic: Option<&str>,
    attrs: Attrs,
    steps: &mut Vec<Step>,
    out: &mut Vec<Var>,
) -> Option<()> {
    match ty {
        Type::Struct(s) => {
            let start = out.len();
            for (i, f) in s.fields.iter().enumerate() {
                let field = Attrs {
                    location: crate::attrs::field_location(cx, &s.name, &f.name),
                    per_primitive: attrs.per_primitive
                        || crate::attrs::field_has_attr(cx, &s.name, &f.name, "vk::perprimitive"),
                    vk_builtin: crate::attrs::field_builtin_at(cx, &s.name, &f.name),
                    index_attrs: crate::attrs::field_index_attrs(cx, &s.name, &f.name),
                };
                let first = out.len();
                // A semantic on the struct shadows its fields' (renamed below).
                let field_semantic = semantic.or(f.semantic.as_deref());
                steps.push(Step::Field(i as u32));
                vars_of(cx, &f.ty, field_semantic, field, steps, out)?;
                steps.pop();
                for v in &mut out[first..] {
                    if v.leaf.interpolation.is_empty() {
                        v.leaf.interpolation = f.interpolation.clone();
                    }
                    if v.leaf.name.is_empty() {
                        v.leaf.name = f.name.clone();
                    }
                }
            }
            if let Some(base) = semantic {
                for (k, v) in out[start..].iter_mut().enumerate() {
                    v.leaf.semantic = crate::stages::vars::inherited_semantic(base, k);
                }
            }
            Some(())
        }
        Type::Array {
            element,
            len: Some(n),
        } if crate::stages::vars::splits(element) => {
            let first = out.len();
            steps.push(Step::Elements(*n));
            vars_of(cx, element, semantic, attrs, steps, out)?;
            steps.pop();
            for v in &mut out[first..] {
                v.leaf.ty = Type::array(v.leaf.ty.clone(), *n);
            }
            Some(())
        }
        _ if crate::stages::vars::is_leaf_type(ty) => {
            out.push(Var {
                leaf: Leaf::new(steps.clone(), ty.clone(), semantic?),
                location: attrs.location,
                per_primitive: attrs.per_primitive,
                per_vertex: false,
                vk_builtin: attrs.vk_builtin,
                index_attrs: attrs.index_attrs,
                by_reference: false,
                inline_builtin: false,
            });
            Some(())
        }
        _ => None,
    }
}

/// The interpolation modes of located variable `v` (`vars::interpolation_of`), except that
/// an `out` parameter that is a leaf itself keeps the ones written on it, as DXC does.
fn located_interpolation(stage: Stage, side: Side, v: &Var) -> Vec<Interpolation> {
    if v.by_reference && stage == Stage::Vertex && side == Side::Output {
        return v.leaf.interpolation.clone();
    }
    crate::stages::vars::interpolation_of(stage, side, &v.leaf)
}

/// The interpolation decorations of built-in `b` declared as `leaf` on `stage`'s `side`, as
/// DXC decorates every pixel input and vertex output, built-ins included: an integer or bool
/// one is `Flat` (`hir` refuses other modes on it), a float one takes the modes written
/// (`FragCoord` can be `Centroid`, `Sample`...), and so does a vertex shader's `out`
/// parameter that is a leaf itself (DXC sees a reference there, not an integer, as for
/// located outputs). The barycentrics keep only `centroid` and `sample` (`noperspective`
/// picked the built-in). Other stages' built-ins take none.
fn builtin_interpolation(stage: Stage, side: Side, b: BuiltIn, v: &Var) -> Vec<Interpolation> {
    let written = || {
        let mut modes = v.leaf.interpolation.clone();
        modes.retain(|i| *i != Interpolation::Linear);
        modes
    };
    if matches!(b, BuiltIn::Barycentric | BuiltIn::BarycentricNoPerspective) {
        let mut modes = written();
        modes.retain(|i| matches!(i, Interpolation::Centroid | Interpolation::Sample));
        return modes;
    }
    match (stage, side) {
        (Stage::Vertex, Side::Output) if v.by_reference => return written(),
        (Stage::Pixel, Side::Input) | (Stage::Vertex, Side::Output) => {}
        _ => return Vec::new(),
    }
    let mut element = &v.leaf.ty;
    while let Type::Array { element: e, .. } = element {
        element = e;
    }
    if element.scalar_kind().is_some_and(|k| !k.is_float()) {
        return vec![Interpolation::NoInterpolation];
    }
    written()
}

/// Whether `var` is a located variable (not a built-in, not a clip or cull distance).
fn is_located(stage: Stage, side: Side, var: &Var) -> bool {
    var.vk_builtin.is_none()
        && !var.inline_builtin
        && builtin(stage, side, &var.leaf.semantic).is_none()
        && !is_distance(&var.leaf.semantic)
}

/// The explicit locations of `vars` (`None` where a variable is a built-in), when any variable
/// has `[[vk::location]]`; like DXC, either every located variable of one side has one or none
/// does.
fn explicit_locations(
    cx: &mut ModuleCtx<'_>,
    stage: Stage,
    side: Side,
    vars: &[Var],
    range: syntax::TextRange,
) -> Result<Option<Vec<Option<u32>>>, ()> {
    if vars.iter().all(|v| v.location.is_none()) {
        return Ok(None);
    }
    let side_name = if side == Side::Output {
        "outputs"
    } else {
        "inputs"
    };
    let mut out = Vec::new();
    for v in vars {
        if !is_located(stage, side, v) {
            out.push(None);
            continue;
        }
        match &v.location {
            Some(Ok(n)) => out.push(Some(*n)),
            Some(Err(text)) => {
                let message = format!("`[[vk::location({text})]]` needs a constant number");
                cx.error(crate::BAD_LOCATION, message, range);
                return Err(());
            }
            None => {
                let message = format!(
                    "the stage {side_name} mix `[[vk::location]]` with implicit locations \
                     (`{}` has none): give every one a location, or none (DXC requires the same)",
                    v.leaf.semantic
                );
                cx.error(crate::BAD_LOCATION, message, range);
                return Err(());
            }
        }
    }
    check_explicit_locations(cx, side, vars, &out, range)?;
    Ok(Some(out))
}

/// DXC's checks of explicit locations, in its words and at each `[[vk::location]]`: one at or
/// past DXC's 64 locations, and one a variable before it on the same side already has (with
/// the same `[[vk::index]]`).
fn check_explicit_locations(
    cx: &mut ModuleCtx<'_>,
    side: Side,
    vars: &[Var],
    locations: &[Option<u32>],
    range: syntax::TextRange,
) -> Result<(), ()> {
    /// DXC's `LocationSet::kMaxLoc`.
    const MAX_LOCATION: u32 = 64;
    let side_name = if side == Side::Output {
        "output"
    } else {
        "input"
    };
    let mut used = Vec::new();
    let mut failed = false;
    for (v, loc) in vars.iter().zip(locations) {
        let Some(loc) = *loc else { continue };
        let at = v.index_attrs.location.map_or(range, |(_, r)| r);
        if loc >= MAX_LOCATION {
            let message = format!("stage {side_name} location #{loc} too large");
            cx.error(crate::BAD_LOCATION, message, at);
            return Err(());
        }
        let index = v.index_attrs.index.and_then(|(i, _)| i).unwrap_or(0);
        if used.contains(&(loc, index)) {
            let message = format!("stage {side_name} location #{loc} already assigned");
            cx.error(crate::BAD_LOCATION, message, at);
            failed = true;
        }
        used.push((loc, index));
    }
    if failed {
        Err(())
    } else {
        Ok(())
    }
}

/// Declares the variables of `vars` on one side; `None` (with a diagnostic) when one cannot
/// be.
fn declare(
    cx: &mut ModuleCtx<'_>,
    stage: Stage,
    side: Side,
    vars: &[Var],
    range: syntax::TextRange,
) -> Option<Vec<StageVar>> {
    let explicit = explicit_locations(cx, stage, side, vars, range).ok()?;
    let leaves: Vec<Leaf> = vars.iter().map(|v| v.leaf.clone()).collect();
    let shared = Declare {
        stage,
        side,
        arrayed: None,
        patch: false,
        per_primitive: false,
    };
    // A vertex shader's inputs are vertex attributes whatever their semantic: a
    // `SV_ClipDistance` input takes a location, as DXC declares it (Vulkan has no
    // `ClipDistance` input in the vertex stage).
    let distances = if stage == Stage::Vertex && side == Side::Input {
        Vec::new()
    } else {
        shared.distances(cx, &leaves, range).ok()?
    };
    let mut next_location = 0;
    let mut out = Vec::new();
    for (i, v) in vars.iter().enumerate() {
        let semantic = &v.leaf.semantic;
        if let Some(d) = distances.iter().find(|d| &d.semantic == semantic) {
            out.push(StageVar {
                global: d.global,
                leaf: v.leaf.clone(),
                var_ty: d.var_ty.clone(),
                arrayed: None,
                component: Some(d.offset),
            });
            continue;
        }
        if let Some((index, index_range)) = v.index_attrs.index {
            use crate::stages::vk_attr_checks::{index_misuses, IndexAttr};
            let location = v.index_attrs.location;
            let misuses = index_misuses(
                stage,
                index.unwrap_or(u32::MAX),
                location.map(|(n, _)| n.unwrap_or(u32::MAX)),
            );
            for (attr, message) in &misuses {
                let at = match (attr, location) {
                    (IndexAttr::Location, Some((_, r))) => r,
                    _ => index_range,
                };
                cx.error(crate::BAD_LOCATION, (*message).to_owned(), at);
            }
            if !misuses.is_empty() {
                return None;
            }
        }
        // Built-ins take the modes DXC decorates them with (`builtin_interpolation`),
        // location-bound variables theirs (`interpolation_of`).
        let mut interpolation = v.leaf.interpolation.clone();
        let mut auto = false;
        let (binding, ty) =
            if let Some((name, attr_range)) = &v.vk_builtin {
                let misuses = crate::stages::vk_attr_checks::misuses(
                    stage,
                    side,
                    name,
                    &v.leaf.ty,
                    v.location.is_some(),
                );
                if !misuses.is_empty() {
                    for message in misuses {
                        cx.error(crate::BAD_LOCATION, message, *attr_range);
                    }
                    return None;
                }
                if stage == Stage::Pixel && side == Side::Input && name == "PointSize" {
                    // Never read (`point_size_input`): no stage variable, as DXC's optimizer
                    // leaves none; the wrapper copies an unwritten private variable.
                    let g = cx
                        .mb
                        .private(&format!("in.{semantic}"), v.leaf.ty.clone(), None);
                    out.push(StageVar {
                        global: g,
                        leaf: v.leaf.clone(),
                        var_ty: v.leaf.ty.clone(),
                        arrayed: None,
                        component: None,
                    });
                    continue;
                }
                let Some((b, t)) = crate::stages::vars::vk_builtin(stage, side, name) else {
                    let message =
                        format!(
                    "`[[vk::builtin(\"{name}\")]]` on a {} {}: not a built-in DXC allows there",
                    format!("{stage:?}").to_lowercase(),
                    if side == Side::Input { "input" } else { "output" },
                );
                    cx.error(crate::BAD_LOCATION, message, *attr_range);
                    return None;
                };
                interpolation = builtin_interpolation(stage, side, b, v);
                (StageBinding::BuiltIn(b), t)
            } else if let Some((b, t)) = builtin(stage, side, semantic) {
                if !adaptable(&v.leaf.ty, &t) {
                    cx.unsupported(&format!("`{semantic}` of type {}", v.leaf.ty), range);
                    return None;
                }
                // `noperspective` picks the barycentrics without perspective correction; the
                // other modifiers stay decorations of the built-in.
                let b = if b == BuiltIn::Barycentric
                    && interpolation.contains(&Interpolation::NoPerspective)
                {
                    BuiltIn::BarycentricNoPerspective
                } else {
                    b
                };
                interpolation = builtin_interpolation(stage, side, b, v);
                (StageBinding::BuiltIn(b), t)
            } else if v.inline_builtin {
                // Its inline `BuiltIn` decoration places it (the binding is cleared below).
                interpolation = located_interpolation(stage, side, v);
                (StageBinding::Location(0), v.leaf.ty.clone())
            } else if let Some(n) = explicit.as_ref().and_then(|e| e[i]) {
                interpolation = located_interpolation(stage, side, v);
                (StageBinding::Location(n), v.leaf.ty.clone())
            } else if let Some(n) =
                target_index(semantic).filter(|_| side == Side::Output && stage == Stage::Pixel)
            {
                interpolation = located_interpolation(stage, side, v);
                (StageBinding::Location(n), v.leaf.ty.clone())
            } else {
                interpolation = located_interpolation(stage, side, v);
                let n = next_location;
                next_location += location_count(&v.leaf.ty);
                auto = true;
                (StageBinding::Location(n), v.leaf.ty.clone())
            };
        let name = format!(
            "{}.{semantic}",
            if side == Side::Output { "out" } else { "in" }
        );
        // The three vertices' values of a primitive, not interpolated.
        let arrayed = v.per_vertex.then_some(3);
        let declared = match arrayed {
            Some(n) => Type::array(ty.clone(), n),
            None => ty.clone(),
        };
        // Two values of one built-in (`float4 a : SV_Position; float4 b : SV_Position;` in a
        // pixel input) are the one variable, as DXC lets them alias.
        let same_builtin = out.iter().find(|o: &&StageVar| {
            matches!(binding, StageBinding::BuiltIn(_))
                && o.arrayed.is_none()
                && o.var_ty == ty
                && cx.mb.module().globals[o.global].stage_binding == Some(binding)
        });
        if let (Some(first), None) = (same_builtin, arrayed) {
            out.push(StageVar {
                global: first.global,
                leaf: v.leaf.clone(),
                var_ty: ty,
                arrayed: None,
                component: None,
            });
            continue;
        }
        let g = if side == Side::Output {
            cx.mb.output(&name, declared, binding)
        } else {
            cx.mb.input(&name, declared, binding)
        };
        if auto {
            cx.record_auto_location(
                g,
                side,
                semantic,
                &v.leaf.ty,
                v.leaf.decl_range.unwrap_or(range),
            );
        }
        let gv = &mut cx.mb.module_mut().globals[g];
        if v.inline_builtin {
            gv.stage_binding = None;
        }
        // A per-vertex input keeps its `nointerpolation` (`Flat`) beside `PerVertexKHR`, as
        // DXC decorates it.
        gv.interpolation = interpolation;
        gv.per_primitive = v.per_primitive && stage == Stage::Pixel && side == Side::Input;
        if let Some((Some(index), _)) = v.index_attrs.index {
            // Dual-source blending: the output's `Index` (checked above).
            gv.spirv_decorations.push(ir::SpirvDecoration {
                decoration: INDEX_DECORATION,
                operands: ir::SpirvDecorationOperands::Literals(vec![index]),
            });
        }
        gv.per_vertex = v.per_vertex;
        if v.per_vertex
            && !v
                .leaf
                .interpolation
                .contains(&Interpolation::NoInterpolation)
        {
            cx.stage_io.per_vertex_interpolated.push(g);
        }
        out.push(StageVar {
            global: g,
            leaf: v.leaf.clone(),
            var_ty: ty,
            arrayed,
            component: None,
        });
    }
    Some(out)
}

/// Whether a leaf of type `leaf` can be read from or written to a built-in of type `var`.
fn adaptable(leaf: &Type, var: &Type) -> bool {
    match (leaf, var) {
        _ if leaf == var => true,
        (Type::Scalar(_), Type::Scalar(_)) => true,
        (Type::Vector(_, a), Type::Vector(_, b)) => a <= b,
        (Type::Scalar(k), Type::Array { element, .. }) => Type::Scalar(*k) == **element,
        (Type::Scalar(_), Type::Vector(..)) => true,
        _ => false,
    }
}

/// How the wrapper passes one parameter of the entry function.
struct ParamShape {
    ty: Type,
    direction: ParamDirection,
    /// Its input variables (`in`, `inout`).
    inputs: std::ops::Range<usize>,
    /// Its output variables (`out`, `inout`).
    outputs: std::ops::Range<usize>,
}

pub fn lower_graphics_entry(
    cx: &mut ModuleCtx<'_>,
    idx: hir::item_tree::ItemIdx,
    name: &str,
    stage: ShaderStage,
) {
    let ir_stage = if stage == ShaderStage::Vertex {
        Stage::Vertex
    } else {
        Stage::Pixel
    };
    let range = cx.item_range(idx);
    let f = cx.tree.function(idx).cloned().expect("a function");
    let sig = crate::enums::function_signature(cx.db, cx.function_id(idx));
    // Outputs: the result's first, then those of `out` and `inout` parameters (DXC's order).
    let ret = sig.ret.clone().unwrap_or(Type::Void);
    let mut outputs = Vec::new();
    if !ret.is_void() {
        let attrs = Attrs {
            location: crate::attrs::result_location(cx, idx),
            per_primitive: false,
            vk_builtin: crate::attrs::result_builtin_at(cx, idx),
            index_attrs: crate::attrs::result_index_attrs(cx, idx),
        };
        let semantic = f.semantic.as_deref();
        if vars_of(cx, &ret, semantic, attrs, &mut Vec::new(), &mut outputs).is_none() {
            cx.unsupported("an entry result without semantics", range);
            return;
        }
    }
    let result_outputs = outputs.len();
    for v in &mut outputs {
        let decl = crate::stage_decorations::result_leaf_decl(cx, idx, &ret, &v.leaf.steps);
        v.inline_builtin = crate::stage_decorations::declares_builtin(cx, decl);
    }
    let mut inputs = Vec::new();
    let mut params = Vec::new();
    for (i, (p, ps)) in f.params.iter().zip(&sig.params).enumerate() {
        let attrs = Attrs {
            location: crate::attrs::param_location(cx, idx, i),
            per_primitive: crate::attrs::param_has_attr(cx, idx, i, "vk::perprimitive"),
            vk_builtin: crate::attrs::param_builtin_at(cx, idx, i),
            index_attrs: crate::attrs::param_index_attrs(cx, idx, i),
        };
        let modifiers = crate::attrs::param_interpolation(cx, idx, i);
        let Some(ty) = ps.ty.clone() else {
            cx.unsupported(&format!("the entry parameter `{}`", p.name), range);
            return;
        };
        let semantic = p.semantic.as_deref();
        let side = |vars: &mut Vec<Var>| -> Option<std::ops::Range<usize>> {
            let first = vars.len();
            vars_of(cx, &ty, semantic, attrs.clone(), &mut Vec::new(), vars)?;
            // Modifiers of the parameter itself (fields keep their own).
            for v in &mut vars[first..] {
                if v.leaf.interpolation.is_empty() {
                    v.leaf.interpolation = modifiers.clone();
                }
                v.by_reference = p.direction != ParamDirection::In && v.leaf.steps.is_empty();
            }
            Some(first..vars.len())
        };
        let reads = p.direction != ParamDirection::Out;
        let writes = p.direction != ParamDirection::In;
        let ins = if reads { side(&mut inputs) } else { Some(0..0) };
        let outs = if writes {
            side(&mut outputs)
        } else {
            Some(0..0)
        };
        let (Some(ins), Some(outs)) = (ins, outs) else {
            cx.unsupported(
                &format!(
                    "the entry parameter `{}` (only values with semantics)",
                    p.name
                ),
                range,
            );
            return;
        };
        let parts = inputs[ins.clone()].iter_mut();
        for v in parts.chain(outputs[outs.clone()].iter_mut()) {
            let decl = crate::stage_decorations::param_leaf_decl(cx, idx, i, &ty, &v.leaf.steps);
            v.inline_builtin = crate::stage_decorations::declares_builtin(cx, decl);
        }
        params.push(ParamShape {
            ty,
            direction: p.direction,
            inputs: ins,
            outputs: outs,
        });
    }
    if ir_stage == Stage::Pixel {
        let wanted = attribute_at_vertex_uses(cx, idx);
        let ranges = crate::stages::param_ranges(cx, idx);
        for (n, p) in params.iter().enumerate() {
            for v in &mut inputs[p.inputs.clone()] {
                if v.vk_builtin.as_ref().is_some_and(|(n, _)| n == "PointSize") {
                    let path = v.leaf.field_path().unwrap_or_default();
                    if crate::point_size_input::leaf_is_read(cx, idx, n, &path) {
                        let message = crate::point_size_input::read_message(&v.leaf.name);
                        let at = v
                            .leaf
                            .decl_range
                            .or(ranges.get(n).copied())
                            .unwrap_or(range);
                        cx.error(crate::BAD_LOCATION, message, at);
                        return;
                    }
                }
                v.per_vertex = v
                    .leaf
                    .field_path()
                    .is_some_and(|path| wanted.contains(&(n, path)));
                let semantic = &v.leaf.semantic;
                if let Some((b, _)) =
                    builtin(ir_stage, Side::Input, semantic).filter(|_| v.per_vertex)
                {
                    // DXC declares the built-in as an array of the vertices' values, which
                    // the Vulkan rules of the built-in (one value of its type) make invalid.
                    let message = format!(
                        "`GetAttributeAtVertex` of the system value `{semantic}`: Vulkan's \
                         built-in {b:?} has no per-vertex form (DXC's array of {b:?} fails \
                         validation)"
                    );
                    let at = ranges.get(n).copied().unwrap_or(range);
                    cx.error(crate::ATTRIBUTE_AT_VERTEX_MISUSE, message, at);
                    return;
                }
            }
        }
    }
    let Some(in_vars) = declare(cx, ir_stage, Side::Input, &inputs, range) else {
        // DXC checks the outputs' explicit locations too.
        let _ = explicit_locations(cx, ir_stage, Side::Output, &outputs, range);
        return;
    };
    for (n, p) in params.iter().enumerate() {
        for v in &in_vars[p.inputs.clone()] {
            if v.arrayed.is_none() && ir_stage == Stage::Pixel && v.leaf.ty == v.var_ty {
                // Attribute evaluation reaches parts of arrays of structs too.
                let entry = (n, v.leaf.steps.clone(), v.global);
                cx.stage_io.pixel_inputs.push(entry);
            }
            // A part of an array of structs is no value an expression names.
            let Some(path) = v.leaf.field_path() else {
                continue;
            };
            if v.arrayed.is_some() {
                cx.stage_io.per_vertex.push((n, path, v.global));
            }
        }
    }
    cx.stage_io.entry = Some(idx);
    let Some(out_vars) = declare(cx, ir_stage, Side::Output, &outputs, range) else {
        return;
    };
    // Each variable takes the inline SPIR-V decorations of its declaration, as DXC's
    // (`stage_decorations`); clip and cull distances share a built-in and take none.
    for (n, p) in params.iter().enumerate() {
        for v in in_vars[p.inputs.clone()]
            .iter()
            .chain(&out_vars[p.outputs.clone()])
        {
            if v.component.is_none() {
                let steps = &v.leaf.steps;
                crate::stage_decorations::decorate_param_var(cx, idx, n, &p.ty, steps, v.global);
            }
        }
    }
    for v in out_vars[..result_outputs]
        .iter()
        .filter(|v| v.component.is_none())
    {
        crate::stage_decorations::decorate_result_var(cx, idx, &ret, &v.leaf.steps, v.global);
    }
    let Ok(body) = cx.function_for(idx, &format!("{name}_body")) else {
        return;
    };
    let fixes = InputFixes::new(cx, ir_stage, &in_vars);
    let wrapper = crate::stages::begin_wrapper(cx, name);
    {
        let mut fb = crate::stages::wrapper_builder(cx, wrapper);
        let mut args = Vec::new();
        // `out` and `inout` parameters: the body writes a local of the wrapper.
        let mut locals = Vec::new();
        for (p, param) in params.iter().zip(&f.params) {
            let value = (p.direction != ParamDirection::Out)
                .then(|| load_param(&mut fb, &p.ty, &in_vars[p.inputs.clone()], &fixes));
            if p.direction == ParamDirection::In {
                args.extend(value);
                continue;
            }
            let local = fb.alloca(p.ty.clone(), &param.name);
            if let Some(v) = value {
                fb.store(local, v);
            }
            locals.push((local, p));
            args.push(local);
        }
        let result = fb.call(body, &args);
        let result_vars = outputs.len() - params.iter().map(|p| p.outputs.len()).sum::<usize>();
        if !ret.is_void() {
            crate::stages::store_value(&mut fb, result, &out_vars[..result_vars], None);
        }
        for (local, p) in locals {
            let v = fb.load(local);
            crate::stages::store_value(&mut fb, v, &out_vars[p.outputs.clone()], None);
        }
    }
    let mut modes = Vec::new();
    for v in &outputs {
        match v.leaf.semantic.to_ascii_uppercase().as_str() {
            "SV_DEPTHGREATEREQUAL" => modes.push(ExecutionMode::DepthGreater),
            "SV_DEPTHLESSEQUAL" => modes.push(ExecutionMode::DepthLess),
            _ => {}
        }
    }
    if ir_stage == Stage::Pixel {
        if crate::stages::attrs::attr(&f, "earlydepthstencil").is_some() {
            modes.push(ExecutionMode::EarlyFragmentTests);
        }
        if crate::stages::attrs::attr(&f, "vk::post_depth_coverage").is_some() {
            modes.push(ExecutionMode::PostDepthCoverage);
        }
        if crate::stages::attrs::attr(&f, "WaveOpsIncludeHelperLanes").is_some() {
            modes.push(ExecutionMode::WaveOpsIncludeHelperLanes);
        }
        crate::stages::fragment_tests::add_modes(cx, &f, idx, &mut modes);
    }
    let entry = EntryPoint {
        name: name.to_owned(),
        stage: ir_stage,
        function: wrapper,
        inputs: in_vars
            .iter()
            .map(|v| v.global)
            .filter(|&g| cx.mb.module().globals[g].kind == ir::GlobalKind::Input)
            .chain(fixes.base_instance())
            .collect(),
        outputs: out_vars.iter().map(|v| v.global).collect(),
        workgroup_size: None,
        modes,
    };
    crate::stages::finish_wrapper(cx, wrapper, entry);
}

/// Built-in inputs whose Vulkan value differs from D3D's and that a DXC flag asks to convert
/// when the wrapper reads them.
#[derive(Debug, Default)]
struct InputFixes {
    /// `-fvk-invert-w`: the pixel shader's `FragCoord` input.
    frag_coord: Option<ir::Global>,
    /// `-fvk-support-nonzero-base-instance`: the vertex shader's `InstanceIndex` input and the
    /// `BaseInstance` one subtracted from it.
    instance: Option<(ir::Global, ir::Global)>,
}

impl InputFixes {
    fn new(cx: &mut ModuleCtx<'_>, stage: Stage, in_vars: &[StageVar]) -> InputFixes {
        let find = |cx: &ModuleCtx<'_>, b: BuiltIn| {
            in_vars
                .iter()
                .map(|v| v.global)
                .find(|&g| v_is(cx, g, b) && v_unarrayed(in_vars, g))
        };
        fn v_is(cx: &ModuleCtx<'_>, g: ir::Global, b: BuiltIn) -> bool {
            cx.mb.module().globals[g].stage_binding == Some(StageBinding::BuiltIn(b))
        }
        fn v_unarrayed(vars: &[StageVar], g: ir::Global) -> bool {
            vars.iter()
                .any(|v| v.global == g && v.arrayed.is_none() && v.component.is_none())
        }
        let mut fixes = InputFixes::default();
        if cx.options.invert_w && stage == Stage::Pixel {
            fixes.frag_coord = find(cx, BuiltIn::FragCoord);
        }
        if cx.options.nonzero_base_instance && stage == Stage::Vertex {
            if let Some(index) = find(cx, BuiltIn::InstanceIndex) {
                // A declared `SV_StartInstanceLocation` already is the `BaseInstance` input.
                let base = find(cx, BuiltIn::BaseInstance).unwrap_or_else(|| {
                    let binding = StageBinding::BuiltIn(BuiltIn::BaseInstance);
                    cx.mb.input("gl_BaseInstance", Type::UINT, binding)
                });
                fixes.instance = Some((index, base));
            }
        }
        fixes
    }

    /// The `BaseInstance` input the fixes added (or reuse).
    fn base_instance(&self) -> Option<ir::Global> {
        self.instance.map(|(_, base)| base)
    }

    /// `raw`, loaded from `g`, as D3D defines it.
    fn apply(&self, fb: &mut ir::FunctionBuilder<'_>, g: ir::Global, raw: ir::Value) -> ir::Value {
        if self.frag_coord == Some(g) {
            let w = fb.extract(raw, &[3]);
            let one = fb.float(1.0);
            let inverse = fb.binary(Opcode::Div, one, w);
            return fb.insert(raw, inverse, &[3]);
        }
        match self.instance {
            Some((index, base)) if index == g => {
                let b = fb.load(ir::Value::Global(base));
                fb.binary(Opcode::Sub, raw, b)
            }
            _ => raw,
        }
    }
}

/// A parameter's value from its input variables; a per-vertex one gives its first vertex's
/// value (what the parameter reads outside `GetAttributeAtVertex`).
fn load_param(
    fb: &mut ir::FunctionBuilder<'_>,
    ty: &Type,
    vars: &[StageVar],
    fixes: &InputFixes,
) -> ir::Value {
    let leaves: Vec<ir::Value> = vars
        .iter()
        .map(|v| match v.arrayed {
            Some(_) => {
                let first = fb.uint(0);
                let p = fb.access_chain(ir::Value::Global(v.global), &[first]);
                fb.load(p)
            }
            None if v.component.is_none() => {
                let raw = fb.load(ir::Value::Global(v.global));
                let fixed = fixes.apply(fb, v.global, raw);
                crate::stages::vars::adapt_in(fb, fixed, &v.var_ty, &v.leaf.ty)
            }
            None => crate::stages::load_value(fb, &v.leaf.ty, std::slice::from_ref(v), None),
        })
        .collect();
    crate::stages::vars::build(fb, ty, &mut leaves.into_iter())
}

/// The parameter and field path of `e` when it names an entry parameter or a field of one
/// (`c`, `input.color`).
pub(crate) fn param_leaf(
    body: &hir::body::Body,
    ty_of: impl Fn(ExprId) -> Option<Type>,
    e: ExprId,
) -> Option<(usize, Vec<u32>)> {
    match body.expr(e) {
        Expr::Local(l) => Some((body.params.iter().position(|p| p == l)?, Vec::new())),
        Expr::Field { expr, name } => {
            let Some(Type::Struct(s)) = ty_of(*expr) else {
                return None;
            };
            let i = s.field_index(name)? as u32;
            let (n, mut path) = param_leaf(body, ty_of, *expr)?;
            path.push(i);
            Some((n, path))
        }
        Expr::Paren(inner) => param_leaf(body, ty_of, *inner),
        _ => None,
    }
}

/// The value `e` indexes (through elements of arrays, rows of matrices and components of
/// vectors, `x.a[1][j]`) and the indices, outermost first.
fn peel_indices(body: &hir::body::Body, mut e: ExprId) -> (ExprId, Vec<ExprId>) {
    let mut indices = Vec::new();
    loop {
        match body.expr(e) {
            Expr::Index { base, index } => {
                indices.push(*index);
                e = *base;
            }
            Expr::Paren(inner) => e = *inner,
            _ => break,
        }
    }
    indices.reverse();
    (e, indices)
}

/// The (parameter, field path) of every `GetAttributeAtVertex(x, i)` of entry `idx` whose `x`
/// names a parameter or one of its fields, directly or in a function the value (or a struct
/// holding it) is passed to.
fn attribute_at_vertex_uses(
    cx: &ModuleCtx<'_>,
    idx: hir::item_tree::ItemIdx,
) -> Vec<(usize, Vec<u32>)> {
    let fid = cx.function_id(idx);
    let body = hir::body::body(cx.db, fid);
    let infer = crate::enums::infer(cx.db, fid);
    let ty_of = |x: ExprId| infer.type_of_expr(x).cloned();
    let mut out = Vec::new();
    for (id, e) in body.exprs.iter().enumerate() {
        let Expr::Call { args, .. } = e else {
            continue;
        };
        for (k, &a) in args.iter().enumerate() {
            let read = read_paths(cx, &body, &infer, ExprId(id as u32), k, 0);
            if read.is_empty() {
                continue;
            }
            let Some((n, path)) = param_leaf(&body, ty_of, peel_indices(&body, a).0) else {
                continue;
            };
            for sub in read {
                out.push((n, [path.clone(), sub].concat()));
            }
        }
    }
    out
}

/// The field paths of argument `k` of call `call` (in a function with `body` and `infer`)
/// that are read per vertex: the whole argument when it is `GetAttributeAtVertex`'s value,
/// and those a user function reads of its parameter, in turn (`depth` bounds the search
/// through recursive calls).
fn read_paths(
    cx: &ModuleCtx<'_>,
    body: &hir::body::Body,
    infer: &hir::infer::InferenceResult,
    call: ExprId,
    k: usize,
    depth: u32,
) -> Vec<Vec<u32>> {
    let Expr::Call { callee, .. } = body.expr(call) else {
        return Vec::new();
    };
    if let Expr::Path(path) = body.expr(*callee) {
        if path.as_name() == Some("GetAttributeAtVertex") {
            return if k == 0 { vec![Vec::new()] } else { Vec::new() };
        }
    }
    let Some(hir::Resolution::Function { function, .. }) = infer.resolution(call) else {
        return Vec::new();
    };
    let Some(callee) = cx.tree.by_ast(*function).map(|i| cx.definition_of(i)) else {
        return Vec::new();
    };
    if depth >= 8 {
        return Vec::new();
    }
    param_read_paths(cx, callee, k, depth + 1)
}

/// The field paths of parameter `n` of user function `idx` read per vertex inside it (the
/// empty path for the whole parameter).
fn param_read_paths(
    cx: &ModuleCtx<'_>,
    idx: hir::item_tree::ItemIdx,
    n: usize,
    depth: u32,
) -> Vec<Vec<u32>> {
    let fid = cx.function_id(idx);
    let body = hir::body::body(cx.db, fid);
    let infer = crate::enums::infer(cx.db, fid);
    let ty_of = |x: ExprId| infer.type_of_expr(x).cloned();
    let mut out = Vec::new();
    for (id, e) in body.exprs.iter().enumerate() {
        let Expr::Call { args, .. } = e else {
            continue;
        };
        for (k, &a) in args.iter().enumerate() {
            let Some((m, path)) = param_leaf(&body, ty_of, peel_indices(&body, a).0) else {
                continue;
            };
            if m != n {
                continue;
            }
            for sub in read_paths(cx, &body, &infer, ExprId(id as u32), k, depth) {
                let full = [path.clone(), sub].concat();
                if !out.contains(&full) {
                    out.push(full);
                }
            }
        }
    }
    out
}

/// Whether parameter `n` of user function `idx` (or a field of it) is read per vertex inside
/// it.
pub(crate) fn param_read_per_vertex(
    cx: &ModuleCtx<'_>,
    idx: hir::item_tree::ItemIdx,
    n: usize,
    depth: u32,
) -> bool {
    !param_read_paths(cx, idx, n, depth).is_empty()
}

impl FnLower<'_, '_> {
    /// The per-vertex input variable `x` reads: in the entry, a parameter (or field of one)
    /// read with `GetAttributeAtVertex`; in another function, a parameter every call passed
    /// the same such input.
    pub(crate) fn per_vertex_global(&self, x: ExprId) -> Option<ir::Global> {
        let infer = self.infer.clone();
        let ty_of = |v: ExprId| infer.type_of_expr(v).cloned();
        let (n, path) = param_leaf(&self.body, ty_of, x)?;
        let stage_io = &self.cx.stage_io;
        if stage_io.entry == Some(self.item) {
            return stage_io
                .per_vertex
                .iter()
                .find(|(m, p, _)| *m == n && *p == path)
                .map(|(_, _, g)| *g);
        }
        // A parameter of this copy: the input its calls pass, then `path` inside it.
        let (_, _, root) = stage_io
            .per_vertex_params
            .iter()
            .find(|(f, m, _)| *f == self.func && *m == n)?;
        let full = [root.fields.clone(), path].concat();
        stage_io
            .per_vertex
            .iter()
            .find(|(m, p, _)| *m == root.param && *p == full)
            .map(|(_, _, g)| *g)
    }

    /// The whole per-vertex input (an entry parameter or a field of one, in the entry's
    /// terms) that `x` names, for a call passing it to a parameter read per vertex.
    fn per_vertex_root(&self, x: ExprId) -> Option<crate::evaluate_attribute::InputRoot> {
        let infer = self.infer.clone();
        let ty_of = |v: ExprId| infer.type_of_expr(v).cloned();
        let (n, path) = param_leaf(&self.body, ty_of, x)?;
        let stage_io = &self.cx.stage_io;
        let (param, fields) = if stage_io.entry == Some(self.item) {
            (n, path)
        } else {
            let (_, _, root) = stage_io
                .per_vertex_params
                .iter()
                .find(|(f, m, _)| *f == self.func && *m == n)?;
            (root.param, [root.fields.clone(), path].concat())
        };
        let first = stage_io
            .per_vertex
            .iter()
            .find(|(m, p, _)| *m == param && p.starts_with(&fields))
            .map(|(_, _, g)| *g)?;
        Some(crate::evaluate_attribute::InputRoot {
            param,
            fields,
            first,
            part: Vec::new(),
        })
    }

    /// The per-vertex inputs a call of `callee` passes to the parameters it reads with
    /// `GetAttributeAtVertex`, as (parameter, variable): they pick the callee's copy, as DXC's
    /// inlining gives each call its own (added to its `resources` key). An input passed there
    /// must be declared `nointerpolation`, as DXC requires (in its words, `E3061`); an
    /// argument that is no whole per-vertex input is refused.
    pub(crate) fn per_vertex_args(
        &mut self,
        callee: hir::item_tree::ItemIdx,
        args: &[ExprId],
        resources: &mut Vec<crate::context::ResourceArg>,
    ) -> R<Vec<(usize, crate::evaluate_attribute::InputRoot)>> {
        if self.cx.stage_io.per_vertex.is_empty() {
            return Ok(Vec::new());
        }
        let mut bound = Vec::new();
        for (k, &a) in args.iter().enumerate() {
            if !param_read_per_vertex(self.cx, callee, k, 0) {
                continue;
            }
            let Some(root) = self.per_vertex_root(a) else {
                let what = "passing something other than a whole per-vertex pixel input to a \
                            parameter read with `GetAttributeAtVertex`";
                return Err(self.unsupported(what, a));
            };
            let whole = self.per_vertex_global(a);
            if whole.is_some_and(|g| self.cx.stage_io.per_vertex_interpolated.contains(&g)) {
                let message = format!(
                    "parameter {k} of {} must have a 'nointerpolation' attribute",
                    self.cx.tree.item(callee).name
                );
                let range = self.expr_range(a);
                return Err(self
                    .cx
                    .error(crate::ATTRIBUTE_AT_VERTEX_MISUSE, message, range));
            }
            resources.push(crate::context::ResourceArg {
                global: Some(root.first),
                ..Default::default()
            });
            bound.push((k, root));
        }
        Ok(bound)
    }

    /// Whether the value `GetAttributeAtVertex` reads is declared `nointerpolation`, as DXC
    /// requires: an entry input (a parameter or field of one), or a parameter of another
    /// function. Other values are left to [`FnLower::per_vertex_global`] to refuse.
    fn declared_nointerpolation(&self, x: ExprId) -> bool {
        let infer = self.infer.clone();
        let ty_of = |v: ExprId| infer.type_of_expr(v).cloned();
        let Some((n, path)) = param_leaf(&self.body, ty_of, x) else {
            return true;
        };
        if self.cx.stage_io.entry == Some(self.item) || !path.is_empty() {
            // The input's own declaration (a field of a struct passed whole, in a function).
            let global = self.per_vertex_global(x);
            return !global.is_some_and(|g| self.cx.stage_io.per_vertex_interpolated.contains(&g));
        }
        crate::attrs::param_interpolation(self.cx, self.item, n)
            .contains(&Interpolation::NoInterpolation)
    }

    /// `GetAttributeAtVertex(x, i)` in a pixel entry (or a function it passes `x` to):
    /// vertex `i`'s value of the per-vertex input `x` names, or of an element or component
    /// of it (`x.a[1]`).
    pub fn lower_attribute_at_vertex(
        &mut self,
        e: ExprId,
        args: &[ExprId],
    ) -> R<Option<ir::Value>> {
        let [value, vertex] = args else {
            return Err(self.unsupported("`GetAttributeAtVertex` without two arguments", e));
        };
        // An element (or component) of an input: the chain goes on inside the vertex's value.
        let (value, inner) = peel_indices(&self.body, *value);
        let value = &value;
        if !self.declared_nointerpolation(*value) {
            let range = self.expr_range(*value);
            return Err(self.cx.error(
                crate::ATTRIBUTE_AT_VERTEX_MISUSE,
                "parameter 0 of GetAttributeAtVertex must have a 'nointerpolation' attribute"
                    .to_owned(),
                range,
            ));
        }
        let Some(global) = self.per_vertex_global(*value) else {
            return Err(self.unsupported(
                "`GetAttributeAtVertex` of something other than a pixel entry's input value \
                 (or a parameter passed one)",
                e,
            ));
        };
        let mut chain = vec![self.coerce(*vertex, &Type::UINT)?];
        for j in inner {
            chain.push(self.index_value(j)?);
        }
        let mut fb = self.fb();
        let p = fb.access_chain(ir::Value::Global(global), &chain);
        Ok(Some(fb.load(p)))
    }
}
