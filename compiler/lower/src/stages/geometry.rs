//! Geometry shaders. The input primitive parameter (`triangle VSOut input[3]`, or
//! `InputPatch<VSOut, 3> input`, the primitive of as many vertices; there may be several of
//! one primitive) reads arrayed input variables, one element per vertex; other parameters
//! are system values
//! (`SV_PrimitiveID`, `SV_GSInstanceID`). An `inout TriangleStream<T>` parameter is no IR
//! parameter: its element's leaves are the output variables, and `stream.Append(v)` stores
//! `v`'s leaves into them, then `emit_vertex`; `RestartStrip()` is `end_primitive`. A function
//! the stream is passed to has no IR parameter for it either, and its `Append` does the same.
//! A stream local copied from a stream (`TriangleStream<G> s2 = s;`, or assigned later) is an
//! alias of it, as the stream is the stage's output variables (DXC's legalization inlines
//! the copy away): its `Append` writes the same variables, and passing it passes that stream.
//!
//! With several streams (`inout PointStream<A> s0, inout PointStream<B> s1`), each has its own
//! output variables, marked with their stream (SPIR-V `Stream`), locations continuing from one
//! stream to the next in parameter order, and `Append`/`RestartStrip` name the stream
//! (`OpEmitStreamVertex`/`OpEndStreamPrimitive`, capability `GeometryStreams`).
//!
//! Modes: `[instance(n)]` (default 1), the input primitive, the streams' topology and
//! `[maxvertexcount(n)]`.

use crate::unparen;
use hir::body::{Expr, ExprId, LocalId};
use hir::item_tree::{ItemIdx, ParamDirection};
use ir::{
    EntryPoint, ExecutionMode, InputPrimitive, Opcode, OutputTopology, Stage, StageBinding, Value,
};
use syntax::ast::BinaryOp;
use types::{ResourceType, StreamKind, Type};

use super::{Declare, Side, StageVar};
use crate::context::{ModuleCtx, R};
use crate::func::FnLower;

/// One output stream of a geometry shader.
#[derive(Debug, Clone)]
pub struct OutputStream {
    /// The entry parameter it is.
    pub param: usize,
    pub element: Type,
    /// The variables `Append` writes.
    pub vars: Vec<StageVar>,
}

pub fn lower_geometry_entry(cx: &mut ModuleCtx<'_>, idx: ItemIdx, name: &str) -> R<()> {
    let range = cx.item_range(idx);
    let f = cx.tree.function(idx).cloned().expect("a function");
    let sig = crate::enums::function_signature(cx.db, cx.function_id(idx));
    let Some(max_vertices) = super::entry_attr_count(cx, idx, &f, "maxvertexcount") else {
        let message = "geometry entry point must have a valid maxvertexcount attribute";
        return Err(cx.error(crate::GEOMETRY_MISUSE, message.to_owned(), range));
    };
    let invocations = super::entry_attr_count(cx, idx, &f, "instance").unwrap_or(1);
    cx.stage_io.entry = Some(idx);

    // (argument source) per kept parameter: an arrayed primitive or plain system values.
    enum Arg {
        Primitive(Type, u32, Vec<StageVar>),
        Value(Type, Vec<StageVar>),
    }
    let mut args = Vec::new();
    let mut primitive = None;
    let mut topology = None;
    let mut in_location = 0;
    let mut out_location = 0;
    let ranges = super::param_ranges(cx, idx);
    for (n, (p, ps)) in f.params.iter().zip(&sig.params).enumerate() {
        let prange = ranges.get(n).copied().unwrap_or(range);
        let Some(ty) = ps.ty.clone() else {
            return Err(cx.unsupported(&format!("the parameter `{}`", p.name), prange));
        };
        if let Some(ResourceType::Stream { kind, element }) = ty.as_resource() {
            let this = match kind {
                StreamKind::Point => OutputTopology::Points,
                StreamKind::Line => OutputTopology::LineStrip,
                StreamKind::Triangle => OutputTopology::TriangleStrip,
            };
            if topology.is_some_and(|t| t != this) {
                // Vulkan has one output primitive per geometry shader; DXC's words.
                let message = "only one output primitive type can be specified in the geometry \
                               shader";
                return Err(cx.error(crate::GEOMETRY_MISUSE, message.to_owned(), prange));
            }
            topology = Some(this);
            let Some(mut leaves) = super::leaves(element, None, &[]) else {
                return Err(cx.unsupported("a stream element without semantics", prange));
            };
            super::vars::attach_vk_builtins(cx, element, None, &mut leaves);
            let decl = Declare {
                stage: Stage::Geometry,
                side: Side::Output,
                arrayed: None,
                patch: false,
                per_primitive: false,
            };
            let vars = decl.vars(cx, &leaves, &mut out_location, prange)?;
            // Two streams cannot both write one built-in: Vulkan has one variable per built-in.
            let builtins = |vars: &[StageVar]| -> Vec<StageBinding> {
                vars.iter()
                    .filter_map(|v| cx.mb.module().globals[v.global].stage_binding)
                    .filter(|b| matches!(b, StageBinding::BuiltIn(_)))
                    .collect()
            };
            let mine = builtins(&vars);
            if cx
                .stage_io
                .streams
                .iter()
                .any(|s| builtins(&s.vars).iter().any(|b| mine.contains(b)))
            {
                return Err(cx.unsupported("the same system value in two output streams", prange));
            }
            cx.stage_io.skip(idx, n);
            cx.stage_io.streams.push(OutputStream {
                param: n,
                element: element.clone(),
                vars,
            });
            continue;
        }
        if p.direction != ParamDirection::In {
            return Err(cx.unsupported(
                &format!("the `out` parameter `{}` of a geometry shader", p.name),
                prange,
            ));
        }
        let prim = p
            .input_primitive
            .as_deref()
            .and_then(InputPrimitive::from_name_ignoring_case);
        // The per-vertex input: an array with a primitive modifier, or an `InputPatch<T, N>`,
        // which DXC reads as the array `T input[N]` (without a modifier its primitive is the
        // one of `N` vertices).
        let vertices = match (prim, &ty, super::patch_of(&ty)) {
            (
                Some(prim),
                Type::Array {
                    element,
                    len: Some(len),
                },
                _,
            ) => Some((prim, (**element).clone(), *len)),
            (Some(prim), _, Some((element, len, true))) => Some((prim, element, len)),
            (None, _, Some((element, len, true))) => match primitive_of(len) {
                Some(prim) => Some((prim, element, len)),
                None => {
                    let what = format!(
                        "an `InputPatch` of {len} vertices as a geometry-shader input (a \
                         Vulkan geometry shader takes primitives of 1, 2, 3, 4 or 6 vertices)"
                    );
                    return Err(cx.unsupported(&what, prange));
                }
            },
            (Some(_), _, _) | (None, _, Some(_)) => {
                return Err(cx.unsupported("this input primitive parameter", prange));
            }
            (None, _, None) => None,
        };
        if let Some((prim, element, len)) = vertices {
            // Several per-vertex inputs of one primitive (`line float2 a[2] : A, line S s[2]`)
            // are each arrays of the vertices' values, as DXC reads them; primitives of two
            // kinds are refused by semantic analysis (E2035).
            if primitive.is_some_and(|p| p != prim) {
                return Err(cx.unsupported("input primitives of two kinds", prange));
            }
            if len != prim.vertex_count() {
                // DXC rejects this shader; the front end does not check it yet.
                let what = format!(
                    "a `{}` input of {len} vertices (it takes {})",
                    prim.name(),
                    prim.vertex_count()
                );
                return Err(cx.unsupported(&what, prange));
            }
            let Some(mut leaves) = super::leaves(&element, p.semantic.as_deref(), &[]) else {
                return Err(cx.unsupported("input vertices without semantics", prange));
            };
            super::vars::attach_vk_builtins(cx, &element, None, &mut leaves);
            let decl = Declare {
                stage: Stage::Geometry,
                side: Side::Input,
                arrayed: Some(len),
                patch: false,
                per_primitive: false,
            };
            let vars = decl.vars(cx, &leaves, &mut in_location, prange)?;
            primitive = Some(prim);
            args.push(Arg::Primitive(element, len, vars));
            continue;
        }
        let Some(leaves) = super::leaves(&ty, p.semantic.as_deref(), &[]) else {
            return Err(
                cx.unsupported(&format!("the parameter `{}` (no semantic)", p.name), prange)
            );
        };
        super::system_inputs::check(cx, &leaves, super::system_inputs::Input::Geometry, prange)?;
        let decl = Declare {
            stage: Stage::Geometry,
            side: Side::Input,
            arrayed: None,
            patch: false,
            per_primitive: false,
        };
        let vars = decl.vars(cx, &leaves, &mut in_location, prange)?;
        args.push(Arg::Value(ty, vars));
    }
    // DXC accepts a geometry shader without a primitive parameter or an output stream
    // (`[maxvertexcount(3)] void main() {}`); Vulkan still needs one input and one output
    // primitive mode, so the missing one is points, the kind that needs no adjacency.
    let primitive = primitive.unwrap_or(InputPrimitive::Point);
    let topology = topology.unwrap_or(OutputTopology::Points);
    if cx.stage_io.streams.len() > 1 {
        for (i, stream) in cx.stage_io.streams.clone().iter().enumerate() {
            for v in &stream.vars {
                cx.mb.module_mut().globals[v.global].stream = Some(i as u32);
            }
        }
    }
    let body = cx.function_for(idx, &format!("{name}_body"))?;
    let wrapper = super::begin_wrapper(cx, name);
    let mut inputs = Vec::new();
    {
        let mut fb = super::wrapper_builder(cx, wrapper);
        let mut vals = Vec::new();
        for a in &args {
            let v = match a {
                Arg::Primitive(element, len, vars) => {
                    inputs.extend(vars.iter().map(|v| v.global));
                    super::load_array(&mut fb, element, *len, vars)
                }
                Arg::Value(ty, vars) => {
                    inputs.extend(vars.iter().map(|v| v.global));
                    super::load_value(&mut fb, ty, vars, None)
                }
            };
            vals.push(v);
        }
        fb.call(body, &vals);
    }
    let outputs = cx
        .stage_io
        .streams
        .iter()
        .flat_map(|s| s.vars.iter().map(|v| v.global))
        .collect();
    super::finish_wrapper(
        cx,
        wrapper,
        EntryPoint {
            name: name.to_owned(),
            stage: Stage::Geometry,
            function: wrapper,
            inputs,
            outputs,
            workgroup_size: None,
            modes: vec![
                ExecutionMode::Invocations(invocations),
                ExecutionMode::InputPrimitive(primitive),
                ExecutionMode::OutputTopology(topology),
                ExecutionMode::OutputVertices(max_vertices),
            ],
        },
    );
    Ok(())
}

impl FnLower<'_, '_> {
    /// The entry's stream (index into `StageIo::streams`) that stream parameter `n` of the
    /// function being lowered (not the entry) is.
    fn stream_of_param(&self, n: usize) -> Option<usize> {
        let io = &self.cx.stage_io;
        let (_, ids) = io.stream_copies.iter().find(|(f, _)| *f == self.func)?;
        let position = (0..n).filter(|&m| self.is_stream_param(m)).count();
        ids.get(position).copied()
    }

    /// Whether parameter `m` of the function being lowered is a geometry stream.
    fn is_stream_param(&self, m: usize) -> bool {
        let Some(&l) = self.body.params.get(m) else {
            return false;
        };
        matches!(
            self.infer.type_of_local(l).and_then(|t| t.as_resource()),
            Some(ResourceType::Stream { .. })
        )
    }

    /// The entry's stream (index into `StageIo::streams`) that stream expression `e` names:
    /// a stream parameter of the entry or of the function being lowered, or a local copy of
    /// one (`TriangleStream<G> s2 = s;`), which is an alias, since a stream is the stage's
    /// output variables.
    pub(crate) fn stream_of_expr(&self, e: ExprId) -> Option<usize> {
        match self.body.expr(unparen(&self.body, e)) {
            Expr::Local(l) => self.stream_of_local(*l, 0),
            _ => None,
        }
    }

    /// [`Self::stream_of_expr`] for local `l`, `depth` copies away from the use. A local
    /// (not a parameter) stands for the one stream its initializer and every assignment to
    /// it name; `None` when they name none or several.
    fn stream_of_local(&self, l: LocalId, depth: u32) -> Option<usize> {
        if let Some(n) = self.body.params.iter().position(|&p| p == l) {
            if self.cx.stage_io.entry == Some(self.item) {
                return self.cx.stage_io.streams.iter().position(|s| s.param == n);
            }
            return self.stream_of_param(n);
        }
        // A chain of copies longer than the body is a cycle (`a = b; b = a;`).
        if depth as usize > self.body.locals.len() {
            return None;
        }
        let sources = self.stream_local_sources(l);
        if sources.is_empty() {
            return self.stream_of_element(l);
        }
        let mut id = None;
        for source in sources {
            let Expr::Local(m) = self.body.expr(unparen(&self.body, source)) else {
                return None;
            };
            let this = self.stream_of_local(*m, depth + 1)?;
            if id.is_some_and(|i| i != this) {
                return None;
            }
            id = Some(this);
        }
        id
    }

    /// The entry's stream that stream local `l`, never given a stream, writes: the one of its
    /// element type. DXC writes an `Append`ed value to the stage output variables of the
    /// element's struct fields (or of the declaration holding the semantic), whichever
    /// stream object names them, so a local stream of the entry stream's element type is that
    /// stream. Two streams of one element type repeat their semantics (E2050).
    fn stream_of_element(&self, l: LocalId) -> Option<usize> {
        let Some(ResourceType::Stream { element, .. }) =
            self.infer.type_of_local(l).and_then(|t| t.as_resource())
        else {
            return None;
        };
        let streams = &self.cx.stage_io.streams;
        let mut same = (0..streams.len()).filter(|&i| streams[i].element == *element);
        match (same.next(), same.next()) {
            (Some(i), None) => Some(i),
            _ => None,
        }
    }

    /// The initializer of stream local `l` and the right-hand sides of the assignments to it.
    fn stream_local_sources(&self, l: LocalId) -> Vec<ExprId> {
        let mut out: Vec<ExprId> = self.body.local(l).init.into_iter().collect();
        for x in self.body.exprs.iter() {
            if let Expr::Binary {
                op: BinaryOp::Assign { op: None },
                lhs,
                rhs,
            } = x
            {
                if matches!(self.body.expr(unparen(&self.body, *lhs)), Expr::Local(y) if *y == l) {
                    out.push(*rhs);
                }
            }
        }
        out
    }

    /// `Stream s2 = s;` or `s2 = s;` for a stream local: nothing to do (the local is an
    /// alias of the stream, `stream_of_expr`), once checked that the value is one of the
    /// shader's streams.
    pub(crate) fn copy_stream(&mut self, value: ExprId) -> R<()> {
        match self.stream_of_expr(value) {
            Some(_) => Ok(()),
            None => Err(self.unsupported("copying this stream", value)),
        }
    }

    /// The entry's streams (indices into `StageIo::streams`) the stream arguments of a call
    /// name, in parameter order: the entry's stream parameters, or streams the function
    /// being lowered was given.
    pub(crate) fn stream_arguments(
        &mut self,
        sig: &hir::FunctionSignature,
        args: &[ExprId],
        e: ExprId,
    ) -> R<Vec<usize>> {
        let mut out = Vec::new();
        for (i, p) in sig.params.iter().enumerate() {
            if !matches!(
                p.ty.as_ref().and_then(|t| t.as_resource()),
                Some(ResourceType::Stream { .. })
            ) {
                continue;
            }
            let id = args.get(i).and_then(|&a| self.stream_of_expr(a));
            match id {
                Some(id) => out.push(id),
                None => return Err(self.unsupported("passing this stream to a function", e)),
            }
        }
        Ok(out)
    }

    /// `stream.Append(v)` and `stream.RestartStrip()` on a stream parameter.
    pub fn lower_stream_method(
        &mut self,
        e: ExprId,
        receiver: ExprId,
        name: &str,
        args: &[ExprId],
    ) -> Option<R<Option<Value>>> {
        let Expr::Local(l) = self.body.expr(unparen(&self.body, receiver)).clone() else {
            return None;
        };
        let Some(ResourceType::Stream { element: own, .. }) = self
            .infer
            .type_of_local(l)
            .and_then(|t| t.as_resource())
            .cloned()
        else {
            return None;
        };
        // The entry's stream parameter, a function's it was passed to, or a local copy of
        // either.
        match self.body.params.iter().position(|&p| p == l) {
            Some(n) if !self.cx.stage_io.is_skipped_in(self.item, self.func, n) => return None,
            Some(_) => {}
            None if self.stream_local_sources(l).is_empty()
                && !self.cx.stage_io.streams.is_empty()
                && self.stream_of_element(l).is_none() =>
            {
                let range = self.expr_range(receiver);
                return Some(Err(self.cx.error(
                    crate::STREAM_WITHOUT_OUTPUT,
                    format!(
                        "this stream of `{own}` is not the geometry shader's output stream: \
                         DXC writes an appended value to the stage outputs of the entry \
                         stream's element, and no output stream of the entry holds `{own}`"
                    ),
                    range,
                )));
            }
            None => {}
        }
        let Some(id) = self.stream_of_local(l, 0) else {
            if self.cx.stage_io.streams.is_empty() {
                let range = self.expr_range(receiver);
                return Some(Err(self.cx.error(
                    crate::STREAM_OUTSIDE_GEOMETRY,
                    "a geometry stream written outside a geometry shader: SPIR-V emits \
                     vertices (`OpEmitVertex`) in the geometry execution model only"
                        .to_owned(),
                    range,
                )));
            }
            let what = "a stream local given different streams";
            return Some(Err(self.unsupported(what, receiver)));
        };
        let streams = &self.cx.stage_io.streams;
        let stream = streams[id].clone();
        let several = streams.len() > 1;
        let (element, vars) = (stream.element, stream.vars);
        // The stream id, when the shader has several streams.
        let stream_op = |fl: &mut FnLower<'_, '_>, op: Opcode| {
            let mut d = ir::InstData::new(op, Type::Void, Vec::new());
            if several {
                d.literals = vec![id as i64];
            }
            fl.fb().push(d);
        };
        if own != element {
            return Some(Err(self.unsupported(
                "a stream of another element type than the entry's",
                e,
            )));
        }
        Some(match (name, args) {
            ("Append", [v]) => self.coerce(*v, &element).map(|v| {
                let mut fb = self.fb();
                super::store_value(&mut fb, v, &vars, None);
                stream_op(self, Opcode::EmitVertex);
                None
            }),
            ("RestartStrip", []) => {
                stream_op(self, Opcode::EndPrimitive);
                Ok(None)
            }
            _ => Err(self.unsupported(&format!("the stream method `{name}`"), e)),
        })
    }
}

/// The input primitive of `n` vertices, for an `InputPatch` parameter.
fn primitive_of(n: u32) -> Option<InputPrimitive> {
    [
        InputPrimitive::Point,
        InputPrimitive::Line,
        InputPrimitive::Triangle,
        InputPrimitive::LineAdj,
        InputPrimitive::TriangleAdj,
    ]
    .into_iter()
    .find(|p| p.vertex_count() == n)
}

/// Whether `ty` is a geometry stream.
pub(crate) fn is_stream(ty: &Type) -> bool {
    matches!(ty.as_resource(), Some(ResourceType::Stream { .. }))
}
