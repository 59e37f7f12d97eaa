//! Mesh and amplification shaders, lowered once for both extensions: the backend writes
//! them through `SPV_EXT_mesh_shader` or, where DXC picks it, `SPV_NV_mesh_shader`
//! (`spirv-backend`'s `mesh_nv`; the wrapper's call of the body carries the entry's name for
//! its refusals).
//!
//! Mesh: system-value parameters are the compute built-ins; `in payload P p` reads the
//! `task_payload` global; `out vertices T v[N]` and `out primitives T p[M]` are no IR
//! parameters but one output array per leaf (`per_primitive` for primitives, locations
//! after the vertices'), and `out indices uint3 t[M]` is the `PrimitiveTriangleIndicesEXT`
//! built-in (`uint2`: lines, `uint`: points). An element, or a part of one, of those arrays
//! is a place of its own (`mesh_outputs`): read, assigned, compound-assigned and passed as
//! an `out`/`inout` argument straight through those variables, as DXC does; a whole array
//! passed to a helper's `vertices`/`primitives`/`indices` parameter makes a copy of the
//! helper that reaches the same variables. DXC's checks of
//! the output parameters are `E3030` errors in its words.
//! `SetMeshOutputCounts(v, p)` is `set_mesh_outputs`. Modes: the `[outputtopology]`, `N`
//! and `M`, and `[numthreads]`.
//!
//! Amplification: the compute wrapper (see `entry`); the `groupshared` variable passed to
//! `DispatchMesh` (in the entry or a function it calls) is the `task_payload` global, and
//! `DispatchMesh(x, y, z, payload)` is the terminator `emit_mesh_tasks` (under NV mesh
//! shading the instruction `set_mesh_tasks`, after which the shader carries on, as in DXC);
//! any other payload is DXC's error (E3259).

use hir::body::{Expr, ExprId};
use hir::item_tree::{ItemIdx, ItemKind, MeshParam, ParamDirection};
use ir::{BuiltIn, EntryPoint, ExecutionMode, OutputTopology, Stage, StageBinding, Value};
use types::{ScalarKind, Type};

use super::{Declare, Side, StageVar};
use crate::context::{GlobalRef, ModuleCtx, R};
use crate::func::{FnLower, Place};

/// One of a mesh shader's output arrays.
#[derive(Debug, Clone)]
pub struct MeshOutput {
    /// The array element's type.
    pub element: Type,
    /// One arrayed variable per leaf of the element (the index built-in for `indices`).
    pub vars: Vec<StageVar>,
}

pub fn lower_mesh_entry(cx: &mut ModuleCtx<'_>, idx: ItemIdx, name: &str) -> R<()> {
    let range = cx.item_range(idx);
    let f = cx.tree.function(idx).cloned().expect("a function");
    let sig = crate::enums::function_signature(cx.db, cx.function_id(idx));
    let Some(size) = crate::attrs::entry_numthreads(cx, idx) else {
        return Err(cx.unsupported("a mesh shader without a constant `[numthreads]`", range));
    };
    let topology = match super::attr_text(&f, "outputtopology").as_deref() {
        Some("triangle") => OutputTopology::Triangles,
        Some("line") => OutputTopology::Lines,
        Some("point") => OutputTopology::Points,
        _ => return Err(cx.unsupported("a mesh shader without a known `[outputtopology]`", range)),
    };
    cx.stage_io.entry = Some(idx);
    enum Arg {
        Value(Type, Vec<StageVar>),
        Payload(ir::Global),
    }
    let mut args = Vec::new();
    let mut in_location = 0;
    let mut vertices = None;
    let mut primitives = None;
    let mut indices = None;
    let ranges = super::param_ranges(cx, idx);
    for (n, (p, ps)) in f.params.iter().zip(&sig.params).enumerate() {
        let prange = ranges.get(n).copied().unwrap_or(range);
        let Some(ty) = ps.ty.clone() else {
            return Err(cx.unsupported(&format!("the parameter `{}`", p.name), prange));
        };
        let role = p.mesh.map(|m| match m {
            MeshParam::Vertices => "vertices",
            MeshParam::Indices => "indices",
            MeshParam::Primitives => "primitives",
            MeshParam::Payload => "payload",
        });
        match (role, p.direction) {
            (Some("payload"), ParamDirection::In) => {
                let g = cx.mb.task_payload(&p.name, ty);
                args.push(Arg::Payload(g));
            }
            (Some("payload"), _) => {
                // At the declaration's `out`, as DXC reports it.
                let at = super::param_decl_range(cx, idx, n).unwrap_or(prange);
                let message = "'payload' object must be an in parameter".to_owned();
                return Err(cx.error(crate::MESH_OUTPUT_MISUSE, message, at));
            }
            (Some(r @ ("vertices" | "primitives" | "indices")), direction) => {
                if direction != ParamDirection::Out {
                    let message = format!("'{r}' object must be an out parameter");
                    // At the declaration's `in`, as DXC reports it.
                    let at = super::param_decl_range(cx, idx, n).unwrap_or(prange);
                    return Err(cx.error(crate::MESH_OUTPUT_MISUSE, message, at));
                }
                let Type::Array {
                    element,
                    len: Some(len),
                } = &ty
                else {
                    let message = "expected 1D array of indices/vertices/primitives object";
                    return Err(cx.error(crate::MESH_OUTPUT_MISUSE, message.to_owned(), prange));
                };
                let Some(local) = super::param_local(cx, idx, n) else {
                    return Err(cx.unsupported("this mesh output parameter", prange));
                };
                cx.stage_io.skip(idx, n);
                let slot = match r {
                    "vertices" => &mut vertices,
                    "primitives" => &mut primitives,
                    _ => &mut indices,
                };
                if slot.is_some() {
                    let message = format!("only one object with '{r}' modifier is allowed");
                    return Err(cx.error(crate::MESH_OUTPUT_MISUSE, message, prange));
                }
                *slot = Some((local, (**element).clone(), *len, p.semantic.clone(), prange));
            }
            (None, ParamDirection::In) => {
                let Some(mut leaves) = super::leaves(&ty, p.semantic.as_deref(), &[]) else {
                    return Err(cx.unsupported(
                        &format!("the parameter `{}` (no semantic)", p.name),
                        prange,
                    ));
                };
                let own = crate::attrs::param_builtin(cx, idx, n);
                super::vars::attach_vk_builtins(cx, &ty, own, &mut leaves);
                let decl = Declare {
                    stage: Stage::Mesh,
                    side: Side::Input,
                    arrayed: None,
                    patch: false,
                    per_primitive: false,
                };
                let vars = decl.vars(cx, &leaves, &mut in_location, prange)?;
                args.push(Arg::Value(ty, vars));
            }
            // An output that is no output object: DXC finds no signature point for its
            // semantic in a mesh shader.
            (None, ParamDirection::Out | ParamDirection::InOut) if p.semantic.is_some() => {
                let semantic = p.semantic.as_deref().unwrap_or_default();
                let message =
                    format!("invalid usage of semantic '{semantic}' in shader profile ms");
                return Err(cx.error(crate::MESH_OUTPUT_MISUSE, message, prange));
            }
            _ => {
                return Err(
                    cx.unsupported(&format!("the mesh shader parameter `{}`", p.name), prange)
                )
            }
        }
    }
    // DXC's checks of the output objects, in its words, at the entry's name.
    let missing = |what: &str| format!("expected {what} object declaration");
    let at = super::tess_refusals::name_range(cx, idx);
    let Some(vertices) = vertices else {
        return Err(cx.error(crate::MESH_OUTPUT_MISUSE, missing("vertices"), at));
    };
    let Some(indices) = indices else {
        return Err(cx.error(crate::MESH_OUTPUT_MISUSE, missing("indices"), at));
    };
    if primitives.as_ref().is_some_and(|p| p.2 != indices.2) {
        let message = "array size of primitives object should match 'indices' object";
        return Err(cx.error(crate::MESH_OUTPUT_MISUSE, message.to_owned(), at));
    }
    let mut out_location = 0;
    let mut outputs = Vec::new();
    let mut modes = vec![
        ExecutionMode::OutputTopology(topology),
        ExecutionMode::OutputVertices(vertices.2),
        ExecutionMode::OutputPrimitives(indices.2),
    ];
    for (out, per_primitive) in [(Some(vertices), false), (primitives, true)] {
        let Some((local, element, len, semantic, prange)) = out else {
            continue;
        };
        let Some(mut leaves) = super::leaves(&element, semantic.as_deref(), &[]) else {
            return Err(cx.unsupported("mesh outputs without semantics", range));
        };
        super::vars::attach_vk_builtins(cx, &element, None, &mut leaves);
        // An array of values (no struct) is declared by the parameter itself.
        for leaf in leaves.iter_mut().filter(|l| l.steps.is_empty()) {
            leaf.decl_range.get_or_insert(prange);
        }
        let decl = Declare {
            stage: Stage::Mesh,
            side: Side::Output,
            arrayed: Some(len),
            patch: false,
            per_primitive,
        };
        let vars = decl.vars(cx, &leaves, &mut out_location, range)?;
        // Each output is located at its field (or parameter), where the backend reports
        // what the target cannot express of it (`SV_CullPrimitive` under NV).
        for v in &vars {
            let loc = cx.source_loc(v.leaf.decl_range.unwrap_or(prange));
            cx.mb.module_mut().globals[v.global].loc.get_or_insert(loc);
        }
        outputs.extend(vars.iter().map(|v| v.global));
        cx.stage_io
            .mesh_outputs
            .push((local, MeshOutput { element, vars }));
    }
    let (local, element, len, _, indices_range) = indices;
    let (builtin, want) = match topology {
        OutputTopology::Points => (BuiltIn::PrimitivePointIndices, Type::UINT),
        OutputTopology::Lines => (
            BuiltIn::PrimitiveLineIndices,
            Type::Vector(ScalarKind::Uint, 2),
        ),
        _ => (
            BuiltIn::PrimitiveTriangleIndices,
            Type::Vector(ScalarKind::Uint, 3),
        ),
    };
    if element != want {
        let message = format!("expected 1D array of {want} type");
        return Err(cx.error(crate::MESH_OUTPUT_MISUSE, message, indices_range));
    }
    let g = cx.mb.output(
        "out.indices",
        Type::array(element.clone(), len),
        StageBinding::BuiltIn(builtin),
    );
    crate::stage_decorations::decorate_from(cx, indices_range, g);
    outputs.push(g);
    let mut leaf = super::Leaf::new(Vec::new(), element.clone(), "indices");
    leaf.name = "indices".to_owned();
    let var = StageVar {
        global: g,
        leaf,
        var_ty: element.clone(),
        arrayed: Some(len),
        component: None,
    };
    cx.stage_io.mesh_outputs.push((
        local,
        MeshOutput {
            element,
            vars: vec![var],
        },
    ));
    modes.sort();

    let body = cx.function_for(idx, &format!("{name}_body"))?;
    let wrapper = super::begin_wrapper(cx, name);
    // The call of the body is located at the entry's name: the backend reports what the
    // target cannot express about the entry point there.
    let entry_loc = cx.source_loc(super::tess_refusals::name_range(cx, idx));
    let mut inputs = Vec::new();
    {
        let mut fb = super::wrapper_builder(cx, wrapper);
        let mut vals = Vec::new();
        for a in &args {
            vals.push(match a {
                Arg::Value(ty, vars) => {
                    inputs.extend(vars.iter().map(|v| v.global));
                    super::load_value(&mut fb, ty, vars, None)
                }
                Arg::Payload(g) => fb.load(Value::Global(*g)),
            });
        }
        fb.set_loc(Some(entry_loc));
        fb.call(body, &vals);
        fb.set_loc(None);
    }
    super::finish_wrapper(
        cx,
        wrapper,
        EntryPoint {
            name: name.to_owned(),
            stage: Stage::Mesh,
            function: wrapper,
            inputs,
            outputs,
            workgroup_size: Some(size),
            modes,
        },
    );
    Ok(())
}

/// Before an amplification shader's body is lowered: the `groupshared` variable its
/// `DispatchMesh` call passes becomes the `task_payload` global (found in the entry's body,
/// or in a function of the file, which the entry may call: DXC takes the variable a call
/// names wherever the call is).
pub fn declare_task_payload(cx: &mut ModuleCtx<'_>, idx: ItemIdx) -> R<()> {
    let functions: Vec<ItemIdx> = std::iter::once(idx)
        .chain(
            cx.tree
                .indices()
                .filter(|&i| i != idx && cx.tree.function(i).is_some_and(|f| f.has_body)),
        )
        .collect();
    for f in functions {
        declare_payloads_of(cx, f)?;
    }
    Ok(())
}

/// [`declare_task_payload`] for the `DispatchMesh` calls of function `idx`.
fn declare_payloads_of(cx: &mut ModuleCtx<'_>, idx: ItemIdx) -> R<()> {
    let fid = cx.function_id(idx);
    let body = hir::body::body(cx.db, fid);
    let infer = hir::infer::infer(cx.db, fid);
    for e in body.exprs.iter() {
        let Expr::Call { callee, args } = e else {
            continue;
        };
        let Expr::Path(path) = body.expr(*callee) else {
            continue;
        };
        if path.as_name() != Some("DispatchMesh") || args.len() != 4 {
            continue;
        }
        let mut arg = args[3];
        while let Expr::Paren(inner) = body.expr(arg) {
            arg = *inner;
        }
        // The global the name resolves to (`pay`, `N::pay`).
        let Some(hir::Resolution::Global(ast)) = infer.resolution(arg) else {
            continue;
        };
        let Some(var) = cx.tree.by_ast(*ast) else {
            continue;
        };
        let ItemKind::Variable(v) = &cx.tree.item(var).kind else {
            continue;
        };
        if !v.groupshared || cx.globals.contains_key(&var) {
            continue;
        }
        let ty = cx.global_type_of(var)?;
        let name = cx.tree.item(var).name.clone();
        let g = cx.mb.task_payload(&name, ty);
        cx.globals.insert(var, GlobalRef::Var(g));
    }
    Ok(())
}

impl FnLower<'_, '_> {
    /// `SetMeshOutputCounts` and `DispatchMesh`.
    pub fn lower_mesh_intrinsic(
        &mut self,
        name: &str,
        args: &[ExprId],
    ) -> Option<R<Option<Value>>> {
        match (name, args) {
            ("SetMeshOutputCounts", [v, p]) => Some(self.set_mesh_output_counts(*v, *p)),
            ("DispatchMesh", [x, y, z, payload]) => {
                Some(self.dispatch_mesh([*x, *y, *z], *payload))
            }
            _ => None,
        }
    }

    fn set_mesh_output_counts(&mut self, v: ExprId, p: ExprId) -> R<Option<Value>> {
        let v = self.coerce(v, &Type::UINT)?;
        let p = self.coerce(p, &Type::UINT)?;
        self.fb().set_mesh_outputs(v, p);
        Ok(None)
    }

    fn dispatch_mesh(&mut self, counts: [ExprId; 3], payload: ExprId) -> R<Option<Value>> {
        let mut c = Vec::new();
        for a in counts {
            c.push(self.coerce(a, &Type::UINT)?);
        }
        let p = match self.lvalue(payload)? {
            Place::Ptr(p @ Value::Global(g))
                if self.cx.mb.module().globals[g].kind == ir::GlobalKind::TaskPayload =>
            {
                p
            }
            // A `groupshared` variable the entry does not name (a helper's `DispatchMesh`).
            Place::Ptr(Value::Global(g))
                if self.cx.mb.module().globals[g].kind == ir::GlobalKind::Groupshared =>
            {
                return Err(self.unsupported(
                    "a `DispatchMesh` payload that is not a `groupshared` variable named in the \
                     entry function",
                    payload,
                ))
            }
            // DXC's SPIR-V takes the payload's variable as the task payload: a local, a
            // parameter or a member is refused, in its words.
            _ => {
                let range = self.expr_range(payload);
                return Err(self.cx.error(
                    crate::PAYLOAD_NOT_GROUPSHARED,
                    "expected groupshared object as argument to DispatchMesh()".to_owned(),
                    range,
                ));
            }
        };
        if self.current.is_some() {
            if self.cx.options.nv_mesh_tasks {
                self.fb().set_mesh_tasks(c[0], c[1], c[2], p);
            } else {
                self.fb().emit_mesh_tasks(c[0], c[1], c[2], p);
                self.current = None;
            }
        }
        Ok(None)
    }
}
