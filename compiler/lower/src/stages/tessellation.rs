//! Hull and domain shaders, after DXC's wrapper shape.
//!
//! Hull: the wrapper runs once per output control point. It reads the `InputPatch` from
//! arrayed inputs, calls `Name_body` with the control point's id (`SV_OutputControlPointID`
//! is `InvocationId`) and writes the result to element `id` of the arrayed outputs. Then a
//! `barrier group_sync` lets every control point land, and invocation 0 alone calls the
//! `[patchconstantfunc]` function (with the same `InputPatch`, an `OutputPatch` read back from
//! the outputs, `SV_PrimitiveID`) and writes its result to the per-patch outputs:
//! `SV_TessFactor`/`SV_InsideTessFactor` are `TessLevelOuter`/`TessLevelInner`, the rest
//! `patch` locations after the control-point ones. Modes: `[domain]`, `[partitioning]`,
//! `[outputtopology]`, `[outputcontrolpoints]`, and the input patch size.
//!
//! Domain: `SV_DomainLocation` is `TessCoord`, the `OutputPatch` reads arrayed inputs, the
//! patch-constant struct reads `patch` inputs and the tessellation levels; outputs are a
//! vertex shader's: the result's, then those of `out` parameters. Modes: `[domain]`, and
//! `[partitioning]` and `[outputtopology]` when the domain shader has them (DXC emits them).

use hir::item_tree::{ItemIdx, ParamDirection};
use ir::{
    BarrierFlags, EntryPoint, ExecutionMode, Opcode, Stage, TessDomain, TessOutput,
    TessPartitioning, Value,
};
use types::Type;

use super::vars::no_leaves;
use super::{Declare, Leaf, Side, StageVar};
use crate::context::{ModuleCtx, R};

/// Where an argument of a hull, patch-constant or domain function comes from.
enum Arg {
    /// A patch `T[N]` from arrayed variables.
    Patch(Type, u32, Vec<StageVar>),
    /// A value from plain variables.
    Value(Type, Vec<StageVar>),
}

/// The `[domain("...")]` of `f`.
fn domain(
    cx: &mut ModuleCtx<'_>,
    f: &hir::item_tree::Function,
    range: syntax::TextRange,
) -> R<TessDomain> {
    match super::attr_text(f, "domain")
        .as_deref()
        .and_then(TessDomain::from_name_ignoring_case)
    {
        Some(d) => Ok(d),
        None => Err(cx.unsupported("a tessellation shader without a known `[domain]`", range)),
    }
}

/// Reads the arguments of `args` in the wrapper.
fn load_args(
    fb: &mut ir::FunctionBuilder<'_>,
    args: &[Arg],
    inputs: &mut Vec<ir::Global>,
) -> Vec<Value> {
    let mut vals = Vec::new();
    for a in args {
        let (v, vars) = match a {
            Arg::Patch(element, n, vars) => (super::load_array(fb, element, *n, vars), vars),
            Arg::Value(ty, vars) => (super::load_value(fb, ty, vars, None), vars),
        };
        for var in vars {
            // An `OutputPatch` reads the hull shader's own outputs.
            let is_input =
                fb.module_builder().module().globals[var.global].kind == ir::GlobalKind::Input;
            if is_input && !inputs.contains(&var.global) {
                inputs.push(var.global);
            }
        }
        vals.push(v);
    }
    vals
}

/// The hull-shader inputs shared by the entry and its patch-constant function.
#[derive(Default)]
struct HullInputs {
    patch: Option<(Type, u32, Vec<StageVar>)>,
    /// System values by upper-case semantic.
    values: Vec<(String, Vec<StageVar>)>,
    next_location: u32,
}

impl HullInputs {
    /// The argument source of each parameter of `f` (the entry or its patch-constant
    /// function). `output_patch` is the control-point outputs, for an `OutputPatch`.
    fn args_of(
        &mut self,
        cx: &mut ModuleCtx<'_>,
        idx: ItemIdx,
        output_patch: Option<&(Type, u32, Vec<StageVar>)>,
    ) -> R<Vec<Arg>> {
        let range = cx.item_range(idx);
        let f = cx.tree.function(idx).cloned().expect("a function");
        let sig = crate::enums::function_signature(cx.db, cx.function_id(idx));
        let mut args = Vec::new();
        let ranges = super::param_ranges(cx, idx);
        for (n, (p, ps)) in f.params.iter().zip(&sig.params).enumerate() {
            let prange = ranges.get(n).copied().unwrap_or(range);
            let ty = ps.ty.clone();
            if p.direction != ParamDirection::In {
                let pcf = output_patch.is_some();
                return Err(super::tess_refusals::out_param(cx, idx, p, pcf, prange));
            }
            match ty.as_ref().and_then(super::patch_of) {
                Some((element, n, true)) => {
                    if output_patch.is_some() && self.patch.is_none() {
                        // The entry reads no input patch: DXC's signature has none of the
                        // function's fields (`E3270` at the first).
                        let by = super::patch_semantics::patch_by_semantic;
                        by(cx, &element, &[], &p.name, prange)?;
                    }
                    if let Some((e, m, vars)) = &self.patch {
                        // The entry's patch came first: this is the patch-constant function.
                        if *m != n {
                            let msg = format!(
                                "Patch constant function's input patch input should have {m} \
                                 elements, but has {n}."
                            );
                            return Err(cx.error(crate::PATCH_SIZE_MISMATCH, msg, range));
                        }
                        let vars = if *e == element {
                            vars.clone()
                        } else {
                            // Another control point: its fields by semantic.
                            let (name, vars) = (p.name.clone(), vars.clone());
                            let by = super::patch_semantics::patch_by_semantic;
                            by(cx, &element, &vars, &name, prange)?
                        };
                        args.push(Arg::Patch(element, n, vars));
                        continue;
                    }
                    let Some(mut leaves) = super::leaves(&element, None, &[]) else {
                        let what = "control points without semantics";
                        let (ty, name) = (&element, &p.name);
                        let e = no_leaves(cx, ty, None, name, Side::Input, what, prange);
                        return Err(e);
                    };
                    super::vars::attach_vk_builtins(cx, &element, None, &mut leaves);
                    let decl = Declare {
                        stage: Stage::Hull,
                        side: Side::Input,
                        arrayed: Some(n),
                        patch: false,
                        per_primitive: false,
                    };
                    let vars = decl.vars(cx, &leaves, &mut self.next_location, prange)?;
                    self.patch = Some((element.clone(), n, vars.clone()));
                    args.push(Arg::Patch(element, n, vars));
                }
                Some((element, n, false)) => match output_patch {
                    Some((e, m, vars)) if *e == element && *m == n => {
                        args.push(Arg::Patch(element, n, vars.clone()))
                    }
                    _ => {
                        return Err(cx.unsupported(
                            "an `OutputPatch` that is not the hull shader's output",
                            prange,
                        ))
                    }
                },
                None => {
                    let (Some(ty), Some(sem)) = (ty.clone(), p.semantic.clone()) else {
                        let what = format!("the parameter `{}` (no semantic)", p.name);
                        let ty = ty.unwrap_or(Type::Void);
                        let name = &p.name;
                        let e = no_leaves(cx, &ty, None, name, Side::Input, &what, prange);
                        return Err(e);
                    };
                    let key = sem.to_ascii_uppercase();
                    if let Some((_, vars)) = self.values.iter().find(|(k, _)| *k == key) {
                        args.push(Arg::Value(ty, vars.clone()));
                        continue;
                    }
                    let Some(mut leaves) = super::leaves(&ty, Some(&sem), &[]) else {
                        return Err(cx.unsupported(&format!("the parameter `{}`", p.name), prange));
                    };
                    value_param_leaves(cx, idx, n, &ty, prange, &mut leaves);
                    let input = match output_patch {
                        Some(_) => super::system_inputs::Input::PatchConstantParameter(&p.name),
                        None => super::system_inputs::Input::Hull,
                    };
                    super::system_inputs::check(cx, &leaves, input, prange)?;
                    let decl = Declare {
                        stage: Stage::Hull,
                        side: Side::Input,
                        arrayed: None,
                        patch: false,
                        per_primitive: false,
                    };
                    let vars = decl.vars(cx, &leaves, &mut self.next_location, prange)?;
                    self.values.push((key, vars.clone()));
                    args.push(Arg::Value(ty, vars));
                }
            }
        }
        Ok(args)
    }
}

pub fn lower_hull_entry(cx: &mut ModuleCtx<'_>, idx: ItemIdx, name: &str) -> R<()> {
    let range = cx.item_range(idx);
    let f = cx.tree.function(idx).cloned().expect("a function");
    let sig = crate::enums::function_signature(cx.db, cx.function_id(idx));
    let domain = domain(cx, &f, range)?;
    let partitioning = super::attr_text(&f, "partitioning")
        .as_deref()
        .and_then(TessPartitioning::from_name_ignoring_case);
    let topology = super::attr_text(&f, "outputtopology")
        .as_deref()
        .and_then(TessOutput::from_name_ignoring_case);
    let Some(topology) = topology else {
        return Err(cx.unsupported("a hull shader without a known `[outputtopology]`", range));
    };
    // Without `[partitioning]` DXC declares no spacing (hir warns, W2004); so do we.
    let control_points = super::entry_attr_count(cx, idx, &f, "outputcontrolpoints");
    if control_points == Some(0) {
        return Err(cx.error(
            crate::NO_VULKAN_EQUIVALENT,
            "`[outputcontrolpoints(0)]`: a Vulkan tessellation control shader outputs at least \
             one control point (`OutputVertices`)"
                .to_owned(),
            range,
        ));
    }
    let Some(pcf_name) = super::attr_text(&f, "patchconstantfunc") else {
        return Err(cx.unsupported("a hull shader without `[patchconstantfunc]`", range));
    };
    let Some(&pcf) = cx.functions_named(&pcf_name).first() else {
        return Err(cx.unsupported(
            &format!("the patch-constant function `{pcf_name}` (not found)"),
            range,
        ));
    };
    cx.stage_io.entry = Some(idx);

    let mut hull_inputs = HullInputs::default();
    let args = hull_inputs.args_of(cx, idx, None)?;
    // A hull shader may read no input patch (its control points made from nothing but
    // their ids): Vulkan takes the patch size from the pipeline, SPIR-V declares none.
    let input_points = hull_inputs.patch.as_ref().map(|(_, n, _)| *n);
    // DXC accepts a hull shader without `[outputcontrolpoints]`; its output patch then has
    // as many control points as the input patch (a pass-through, the usual case).
    let Some(control_points) = control_points.or(input_points) else {
        return Err(super::tess_refusals::no_control_point_count(cx, idx, name));
    };
    // The wrapper writes the control point it computed at its id, a parameter or not.
    let invocation = match hull_inputs
        .values
        .iter()
        .find(|(k, _)| k == "SV_OUTPUTCONTROLPOINTID")
    {
        Some((_, vars)) => vars[0].global,
        None => cx.mb.input(
            "in.SV_OutputControlPointID",
            Type::UINT,
            ir::StageBinding::BuiltIn(ir::BuiltIn::InvocationId),
        ),
    };

    // Per-control-point outputs, then the patch constants.
    let ret = sig.ret.clone().unwrap_or(Type::Void);
    let Some(mut cp_leaves) = super::leaves(&ret, f.semantic.as_deref(), &[]) else {
        let what = "a hull shader result without semantics";
        let semantic = f.semantic.as_deref();
        let e = no_leaves(cx, &ret, semantic, name, Side::Output, what, range);
        return Err(e);
    };
    super::vars::attach_vk_builtins(cx, &ret, None, &mut cp_leaves);
    let mut out_location = 0;
    let cp_decl = Declare {
        stage: Stage::Hull,
        side: Side::Output,
        arrayed: Some(control_points),
        patch: false,
        per_primitive: false,
    };
    let cp_vars = cp_decl.vars(cx, &cp_leaves, &mut out_location, range)?;
    let output_patch = (ret.clone(), control_points, cp_vars.clone());
    let pcf_args = hull_inputs.args_of(cx, pcf, Some(&output_patch))?;
    let pcf_sig = crate::enums::function_signature(cx.db, cx.function_id(pcf));
    let pc_ty = pcf_sig.ret.clone().unwrap_or(Type::Void);
    let pcf_semantic = cx.tree.function(pcf).and_then(|f| f.semantic.clone());
    let Some(mut pc_leaves) = super::leaves(&pc_ty, pcf_semantic.as_deref(), &[]) else {
        let what = "a patch-constant result without semantics";
        let semantic = pcf_semantic.as_deref();
        let at = cx.item_range(pcf);
        let e = no_leaves(cx, &pc_ty, semantic, &pcf_name, Side::Output, what, at);
        return Err(e);
    };
    super::vars::attach_vk_builtins(cx, &pc_ty, None, &mut pc_leaves);
    super::tess_factors::check(cx, &pc_leaves, domain, cx.item_range(pcf))?;
    let pc_decl = Declare {
        stage: Stage::Hull,
        side: Side::Output,
        arrayed: None,
        patch: true,
        per_primitive: false,
    };
    let pc_vars = pc_decl.vars(cx, &pc_leaves, &mut out_location, range)?;

    let body = cx.function_for(idx, &format!("{name}_body"))?;
    let pcf_func = cx.function_for(pcf, &pcf_name)?;
    let wrapper = super::begin_wrapper(cx, name);
    let mut inputs = Vec::new();
    {
        let mut fb = super::wrapper_builder(cx, wrapper);
        let vals = load_args(&mut fb, &args, &mut inputs);
        if !inputs.contains(&invocation) {
            inputs.push(invocation);
        }
        let result = fb.call(body, &vals);
        let id = fb.load(Value::Global(invocation));
        super::store_value(&mut fb, result, &cp_vars, Some(id));
        fb.barrier(BarrierFlags::GROUP_SYNC);
        let zero = fb.uint(0);
        let first = fb.compare(Opcode::Eq, id, zero);
        let header = fb.current_block().expect("the wrapper's block");
        let then = fb.create_block("patch_constants");
        let merge = fb.create_block("merge");
        fb.mark_selection(header, merge, None);
        fb.cond_br(first, then, merge);
        fb.switch_to_block(then);
        let pvals = load_args(&mut fb, &pcf_args, &mut inputs);
        let pc = fb.call(pcf_func, &pvals);
        super::store_value(&mut fb, pc, &pc_vars, None);
        fb.br(merge);
        fb.switch_to_block(merge);
    }
    let outputs = cp_vars.iter().chain(&pc_vars).map(|v| v.global).collect();
    super::finish_wrapper(
        cx,
        wrapper,
        EntryPoint {
            name: name.to_owned(),
            stage: Stage::Hull,
            function: wrapper,
            inputs,
            outputs,
            workgroup_size: None,
            modes: [
                Some(ExecutionMode::Domain(domain)),
                partitioning.map(ExecutionMode::Partitioning),
                Some(ExecutionMode::TessOutput(topology)),
                Some(ExecutionMode::OutputVertices(control_points)),
                input_points.map(ExecutionMode::InputControlPoints),
            ]
            .into_iter()
            .flatten()
            .collect(),
        },
    );
    Ok(())
}

pub fn lower_domain_entry(cx: &mut ModuleCtx<'_>, idx: ItemIdx, name: &str) -> R<()> {
    let range = cx.item_range(idx);
    let f = cx.tree.function(idx).cloned().expect("a function");
    let sig = crate::enums::function_signature(cx.db, cx.function_id(idx));
    let domain = domain(cx, &f, range)?;
    cx.stage_io.entry = Some(idx);
    // Locations go to the control points first, then to the patch constants, as the hull
    // shader's outputs are numbered, so that the two stages match.
    let mut slots: Vec<Option<Arg>> = Vec::new();
    let mut out_params = Vec::new();
    let mut location = 0;
    let mut modes = vec![ExecutionMode::Domain(domain)];
    // A domain shader's own `[partitioning]` and `[outputtopology]` declare their modes
    // too, as DXC emits them (Vulkan takes them from either tessellation stage).
    if let Some(p) = super::attr_text(&f, "partitioning")
        .as_deref()
        .and_then(TessPartitioning::from_name_ignoring_case)
    {
        modes.push(ExecutionMode::Partitioning(p));
    }
    if let Some(t) = super::attr_text(&f, "outputtopology")
        .as_deref()
        .and_then(TessOutput::from_name_ignoring_case)
    {
        modes.push(ExecutionMode::TessOutput(t));
    }
    let ranges = super::param_ranges(cx, idx);
    for control_points in [true, false] {
        for (n, (p, ps)) in f.params.iter().zip(&sig.params).enumerate() {
            let prange = ranges.get(n).copied().unwrap_or(range);
            if slots.len() <= n {
                slots.push(None);
            }
            let Some(ty) = ps.ty.clone() else {
                return Err(cx.unsupported(&format!("the parameter `{}`", p.name), prange));
            };
            if p.direction == ParamDirection::Out {
                // An output, as a vertex shader's `out` parameter: declared after the result's.
                if !control_points {
                    out_params.push((n, ty, p.semantic.clone(), prange));
                }
                continue;
            }
            if p.direction != ParamDirection::In {
                return Err(
                    cx.unsupported(&format!("the `inout` parameter `{}` here", p.name), prange)
                );
            }
            let patch = super::patch_of(&ty);
            if patch.is_some() != control_points {
                continue;
            }
            if let Some((element, count, input)) = patch {
                // An `InputPatch` is read as an `OutputPatch` is (DXC's `createStageInputVar`
                // takes either's element and size): the control points the hull shader wrote.
                let _ = input;
                let Some(mut leaves) = super::leaves(&element, None, &[]) else {
                    return Err(cx.unsupported("this patch parameter of a domain shader", prange));
                };
                super::vars::attach_vk_builtins(cx, &element, None, &mut leaves);
                let decl = Declare {
                    stage: Stage::Domain,
                    side: Side::Input,
                    arrayed: Some(count),
                    patch: false,
                    per_primitive: false,
                };
                let vars = decl.vars(cx, &leaves, &mut location, prange)?;
                modes.push(ExecutionMode::InputControlPoints(count));
                slots[n] = Some(Arg::Patch(element, count, vars));
                continue;
            }
            let Some(mut leaves) = super::leaves(&ty, p.semantic.as_deref(), &[]) else {
                return Err(
                    cx.unsupported(&format!("the parameter `{}` (no semantic)", p.name), prange)
                );
            };
            value_param_leaves(cx, idx, n, &ty, prange, &mut leaves);
            super::tess_factors::check(cx, &leaves, domain, prange)?;
            // A struct parameter is the patch constants, and so is a lone value of a user
            // semantic (DXC's `DSIn` point: a `patch` input, numbered with the hull shader's
            // patch outputs); a lone system value is a built-in of its own.
            let user = !p
                .semantic
                .as_deref()
                .and_then(|s| s.get(..3))
                .is_some_and(|s| s.eq_ignore_ascii_case("sv_"));
            let decl = Declare {
                stage: Stage::Domain,
                side: Side::Input,
                arrayed: None,
                patch: matches!(ty, Type::Struct(_)) || user,
                per_primitive: false,
            };
            let vars = decl.vars(cx, &leaves, &mut location, prange)?;
            slots[n] = Some(Arg::Value(ty, vars));
        }
    }
    let ret = sig.ret.clone().unwrap_or(Type::Void);
    // The result and the `out` parameters are outputs, in that order.
    let output = Declare {
        stage: Stage::Domain,
        side: Side::Output,
        arrayed: None,
        patch: false,
        per_primitive: false,
    };
    // The leaves of the result and of each `out` parameter, declared together: their clip
    // and cull distances share one array each.
    let mut groups: Vec<(Vec<Leaf>, syntax::TextRange)> = Vec::new();
    if !ret.is_void() {
        let Some(mut leaves) = super::leaves(&ret, f.semantic.as_deref(), &[]) else {
            return Err(cx.unsupported("a domain shader result without semantics", range));
        };
        super::vars::attach_vk_builtins(cx, &ret, None, &mut leaves);
        groups.push((leaves, range));
    }
    for (n, ty, semantic, prange) in &out_params {
        let Some(mut leaves) = super::leaves(ty, semantic.as_deref(), &[]) else {
            let what = format!("the `out` parameter `{}` here", f.params[*n].name);
            let name = &f.params[*n].name;
            let e = no_leaves(
                cx,
                ty,
                semantic.as_deref(),
                name,
                Side::Output,
                &what,
                *prange,
            );
            return Err(e);
        };
        let own = crate::attrs::param_builtin(cx, idx, *n);
        super::vars::attach_vk_builtins(cx, ty, own, &mut leaves);
        groups.push((leaves, *prange));
    }
    let mut out_location = 0;
    let refs: Vec<(&[Leaf], syntax::TextRange)> =
        groups.iter().map(|(l, r)| (l.as_slice(), *r)).collect();
    let mut declared = output
        .vars_of_groups(cx, &refs, &mut out_location)?
        .into_iter();
    let mut out_vars = if ret.is_void() {
        Vec::new()
    } else {
        declared.next().unwrap_or_default()
    };
    // `out` parameters: (parameter, type, its variables).
    let mut outs = Vec::new();
    for ((n, ty, _, _), vars) in out_params.into_iter().zip(declared) {
        out_vars.extend(vars.iter().cloned());
        outs.push((n, ty, vars));
    }
    let body = cx.function_for(idx, &format!("{name}_body"))?;
    let wrapper = super::begin_wrapper(cx, name);
    let mut inputs = Vec::new();
    {
        let mut fb = super::wrapper_builder(cx, wrapper);
        // The inputs in parameter order, with a local of the wrapper for each `out` one.
        let mut vals = Vec::new();
        let mut locals = Vec::new();
        for (n, slot) in slots.into_iter().enumerate() {
            if let Some((_, ty, vars)) = outs.iter().find(|(m, _, _)| *m == n) {
                let local = fb.alloca(ty.clone(), &f.params[n].name);
                locals.push((local, vars));
                vals.push(local);
            } else if let Some(arg) = slot {
                vals.extend(load_args(&mut fb, &[arg], &mut inputs));
            }
        }
        let result = fb.call(body, &vals);
        let result_vars = out_vars.len() - locals.iter().map(|(_, v)| v.len()).sum::<usize>();
        if !ret.is_void() {
            super::store_value(&mut fb, result, &out_vars[..result_vars], None);
        }
        for (local, vars) in locals {
            let v = fb.load(local);
            super::store_value(&mut fb, v, vars, None);
        }
    }
    super::finish_wrapper(
        cx,
        wrapper,
        EntryPoint {
            name: name.to_owned(),
            stage: Stage::Domain,
            function: wrapper,
            inputs,
            outputs: out_vars.iter().map(|v| v.global).collect(),
            workgroup_size: None,
            modes,
        },
    );
    Ok(())
}

/// The `[[vk::builtin]]`s and `[[vk::location]]`s of the leaves of parameter `n` of function
/// `idx`, a value of `ty` declared at `range`: those of its struct fields, or, for a value
/// that is one leaf, the parameter's own.
fn value_param_leaves(
    cx: &ModuleCtx<'_>,
    idx: ItemIdx,
    n: usize,
    ty: &Type,
    range: syntax::TextRange,
    leaves: &mut [super::vars::Leaf],
) {
    let builtin = crate::attrs::param_builtin(cx, idx, n);
    super::vars::attach_vk_builtins(cx, ty, builtin, leaves);
    if let [leaf] = leaves {
        if leaf.steps.is_empty() {
            leaf.location = crate::attrs::param_location(cx, idx, n);
        }
    }
    for leaf in leaves.iter_mut() {
        leaf.decl_range.get_or_insert(range);
    }
}
