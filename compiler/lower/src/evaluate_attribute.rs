//! `EvaluateAttributeAtSample(x, s)`, `EvaluateAttributeCentroid(x)` and
//! `EvaluateAttributeSnapped(x, offset)` in a pixel entry (called from `call`).
//!
//! SPIR-V's `InterpolateAtSample`/`InterpolateAtCentroid`/`InterpolateAtOffset` take a pointer
//! to an `Input` variable (or to an element or component of one), so `x` must lead back to a
//! stage input. As DXC's legalization does, the trace goes through a local that is a plain
//! copy (initialized from the value and never written), struct members, array elements and
//! swizzles: `float4 l = c; EvaluateAttributeAtSample(l.zy, 0)` interpolates input `c` and
//! swizzles the result. Members pick the input variable of that field (a struct input is one
//! variable per field), elements of an array of structs pick the element of each field's
//! variable (`v[i].c` is element `i` of the variable holding every `c`), elements, matrix
//! rows, single matrix elements (`m._m01`) and single components extend the access chain on
//! it, and a swizzle of several components is applied to the interpolated vector. A function
//! given the input (`float4 at(float4 v) { return EvaluateAttributeAtSample(v, 1); }`), or a
//! whole struct input, reads the input variables its call passed: it has a copy per list of
//! inputs its calls pass (`stages::StageArguments`), as DXC's inlining gives each call its
//! own; a part of an input chosen by an index or a swizzle passed there is refused (`E3001`).
//! A value
//! that is not a stage input (computed, a global, a written local) is DXC's error, in its
//! words (`E3060`).

use hir::body::{Body, Expr, ExprId, LocalId};
use hir::item_tree::ItemIdx;
use ir::Value;
use types::Type;

use crate::context::{ModuleCtx, R};
use crate::func::FnLower;

/// What the value of an attribute evaluation is.
enum Source {
    /// Parameter `n` of the entry, then `steps` into it (also for a parameter of a copy of
    /// another function that its calls pass a whole input: the steps to that input first).
    Input(usize, Vec<AttrStep>),
    /// Not a stage input: a computed value, a global, a written local.
    Computed,
    /// A parameter of a function other than the entry that is bound to no input variable
    /// (the function is not called from the pixel entry).
    OtherFunction,
}

/// A whole pixel input a call passes to a parameter whose attribute the callee evaluates:
/// entry parameter `param`, or its field at `fields` (a struct input is one variable per
/// field, so a struct passed whole is several variables).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputRoot {
    pub param: usize,
    pub fields: Vec<u32>,
    /// The first input variable inside it, which picks the callee's copy.
    pub first: ir::Global,
}

/// One step from an entry parameter to the evaluated value.
#[derive(Clone)]
enum AttrStep {
    /// Field `i` of a struct.
    Field(u32),
    /// An element of an array, a row of a matrix or a component of a vector.
    Index(ExprId),
    /// Components of a vector (or the one scalar).
    Swizzle(Vec<u8>),
    /// One element of a matrix (`m._m01`, `m._12`): row, column.
    MatrixElement(u8, u8),
    /// Several elements of a matrix (`m._m00_m11`): not supported yet.
    MatrixElements,
}

impl FnLower<'_, '_> {
    /// Lowers an attribute evaluation (`intrinsic`, of result type `ty`) of `args[0]`.
    pub fn lower_evaluate_attribute(
        &mut self,
        e: ExprId,
        intrinsic: ir::Intrinsic,
        ty: &Type,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let Some((&value, rest)) = args.split_first() else {
            return Err(self.unsupported("this attribute evaluation", e));
        };
        let (global, steps) = match self.attribute_source(value, 0) {
            Source::Input(n, steps) => match self.input_leaf(n, steps) {
                Some(found) => found,
                None => {
                    return Err(self.unsupported(
                        "evaluating an attribute of this part of an input (a value held by \
                         several input variables)",
                        e,
                    ))
                }
            },
            Source::Computed => return Err(self.not_an_input(value)),
            Source::OtherFunction => {
                return Err(self.unsupported(
                    "evaluating an attribute of a parameter outside a function called from \
                     the pixel entry",
                    e,
                ))
            }
        };
        // Elements and single components extend the access chain; several components are
        // taken from the result.
        let mut ty_at = self.global_value_type(global);
        let mut chain = Vec::new();
        let mut swizzle = None;
        for step in steps {
            if swizzle.is_some() {
                return Err(self.unsupported("an attribute evaluation of a swizzled swizzle", e));
            }
            match (step, &ty_at) {
                (AttrStep::Index(j), Type::Array { element, .. }) => {
                    let element = (**element).clone();
                    chain.push(self.index_value(j)?);
                    ty_at = element;
                }
                (AttrStep::Index(j), Type::Vector(k, _)) => {
                    let k = *k;
                    chain.push(self.index_value(j)?);
                    ty_at = Type::Scalar(k);
                }
                // A row of a matrix (its rows are its elements).
                (AttrStep::Index(j), Type::Matrix { scalar, cols, .. }) => {
                    let row = Type::Vector(*scalar, *cols);
                    chain.push(self.index_value(j)?);
                    ty_at = row;
                }
                (AttrStep::MatrixElement(r, c), Type::Matrix { scalar, .. }) => {
                    let k = *scalar;
                    let mut fb = self.fb();
                    chain.push(fb.uint(u32::from(r)));
                    chain.push(fb.uint(u32::from(c)));
                    ty_at = Type::Scalar(k);
                }
                (AttrStep::Swizzle(c), Type::Vector(k, _)) if c.len() == 1 => {
                    let k = *k;
                    chain.push(self.fb().uint(u32::from(c[0])));
                    ty_at = Type::Scalar(k);
                }
                (AttrStep::Swizzle(c), Type::Vector(..)) => swizzle = Some(c),
                (AttrStep::Swizzle(c), Type::Scalar(_)) if c.iter().all(|&x| x == 0) => {
                    swizzle = Some(c)
                }
                _ => {
                    return Err(
                        self.unsupported("an attribute evaluation of this part of an input", e)
                    )
                }
            }
        }
        let mut ops = Vec::new();
        for &a in rest {
            ops.push(self.rvalue(a)?);
        }
        let mut fb = self.fb();
        let ptr = if chain.is_empty() {
            Value::Global(global)
        } else {
            fb.access_chain(Value::Global(global), &chain)
        };
        let loaded = fb.load(ptr);
        ops.insert(0, loaded);
        let evaluated_ty = if swizzle.is_some() {
            ty_at.clone()
        } else {
            ty.clone()
        };
        let v = fb.call_intrinsic(intrinsic, evaluated_ty, &ops);
        Ok(Some(match swizzle {
            Some(c) if matches!(ty_at, Type::Scalar(_)) => {
                let parts = vec![v; c.len()];
                fb.construct(ty.clone(), &parts)
            }
            Some(c) => fb.swizzle(v, &c),
            None => v,
        }))
    }

    /// The input variable of entry parameter `n` that the leading fields (and elements of
    /// arrays of structs) of `steps` lead to, and the steps into it: the elements chosen in
    /// arrays of structs first (the variable holds its part of every element, outermost
    /// array first), then the steps left.
    fn input_leaf(&self, n: usize, steps: Vec<AttrStep>) -> Option<(ir::Global, Vec<AttrStep>)> {
        use crate::stages::Step;
        let inputs: Vec<&(usize, Vec<Step>, ir::Global)> = self
            .cx
            .stage_io
            .pixel_inputs
            .iter()
            .filter(|(m, _, _)| *m == n)
            .collect();
        let mut path = Vec::new();
        let mut chain = Vec::new();
        let mut steps = steps.into_iter();
        loop {
            if let Some((_, _, g)) = inputs.iter().find(|(_, p, _)| *p == path) {
                chain.extend(steps);
                return Some((*g, chain));
            }
            match steps.next()? {
                AttrStep::Field(i) => path.push(Step::Field(i)),
                AttrStep::Index(j) => {
                    let len = inputs
                        .iter()
                        .find_map(|(_, p, _)| match p.get(path.len()) {
                            Some(Step::Elements(len)) if p.starts_with(&path) => Some(*len),
                            _ => None,
                        })?;
                    path.push(Step::Elements(len));
                    chain.push(AttrStep::Index(j));
                }
                AttrStep::Swizzle(_) | AttrStep::MatrixElement(..) | AttrStep::MatrixElements => {
                    return None
                }
            }
        }
    }

    /// The input variables a call of `callee` passes to the parameters an attribute
    /// evaluation in `callee` reads, as (parameter, variable): they pick the callee's copy,
    /// added to its `resources` key (see `stages::StageArguments`). An argument that is no stage
    /// input is DXC's error (`E3060`), one that is a part of an input chosen by an index or
    /// a swizzle is not supported yet.
    pub(crate) fn evaluated_args(
        &mut self,
        callee: ItemIdx,
        args: &[ExprId],
        resources: &mut Vec<crate::context::ResourceArg>,
    ) -> R<Vec<(usize, InputRoot)>> {
        if self.cx.stage_io.pixel_inputs.is_empty() {
            return Ok(Vec::new());
        }
        let mut bound = Vec::new();
        for (k, &a) in args.iter().enumerate() {
            if !param_evaluated(self.cx, callee, k, 0) {
                continue;
            }
            let whole = match self.attribute_source(a, 0) {
                Source::Input(n, steps) => self.input_root(n, &steps),
                Source::Computed => return Err(self.not_an_input(a)),
                Source::OtherFunction => None,
            };
            match whole {
                Some(root) => bound.push((k, root)),
                None => {
                    let what = "passing a part of a pixel input chosen by an index or a swizzle \
                                to a parameter whose attribute is evaluated (pass the whole \
                                input)";
                    return Err(self.unsupported(what, a));
                }
            }
        }
        // After the resources, where no parameter reads them: the first variable of each
        // input (distinct parts of the inputs have distinct first variables).
        resources.extend(bound.iter().map(|(_, root)| crate::context::ResourceArg {
            global: Some(root.first),
            ..Default::default()
        }));
        Ok(bound)
    }

    /// The whole input (a parameter of the entry, or a field of one, down to any depth)
    /// that `steps` into entry parameter `n` name; `None` for a part chosen by an index or
    /// a swizzle, or a value no input variable holds.
    fn input_root(&self, n: usize, steps: &[AttrStep]) -> Option<InputRoot> {
        use crate::stages::Step;
        let fields: Vec<u32> = steps
            .iter()
            .map(|s| match s {
                AttrStep::Field(i) => Some(*i),
                _ => None,
            })
            .collect::<Option<_>>()?;
        let prefix: Vec<Step> = fields.iter().map(|&i| Step::Field(i)).collect();
        let first = self
            .cx
            .stage_io
            .pixel_inputs
            .iter()
            .find(|(m, leaf, _)| *m == n && leaf.starts_with(&prefix))
            .map(|(_, _, g)| *g)?;
        Some(InputRoot {
            param: n,
            fields,
            first,
        })
    }

    /// DXC's error for an attribute evaluation of `value`, which is no stage input.
    fn not_an_input(&mut self, value: ExprId) -> crate::context::Unsupported {
        let range = self.expr_range(value);
        self.cx.error(
            crate::ATTRIBUTE_NOT_INPUT,
            "attribute evaluation can only be done on values taken directly from inputs."
                .to_owned(),
            range,
        )
    }

    /// The type of a value held by global `g`.
    fn global_value_type(&self, g: ir::Global) -> Type {
        self.cx.mb.module().globals[g].ty.clone()
    }

    /// Where the value of `e` comes from, following plain copies (`depth` bounds chains of
    /// copies).
    fn attribute_source(&self, e: ExprId, depth: u32) -> Source {
        let push = |s: Source, step: AttrStep| match s {
            Source::Input(n, mut steps) => {
                steps.push(step);
                Source::Input(n, steps)
            }
            other => other,
        };
        match self.body.expr(e) {
            Expr::Paren(inner) => self.attribute_source(*inner, depth),
            Expr::Local(l) => {
                if self.local_is_written(*l) {
                    return Source::Computed;
                }
                if let Some(n) = self.body.params.iter().position(|p| p == l) {
                    if self.cx.stage_io.entry == Some(self.item) {
                        return Source::Input(n, Vec::new());
                    }
                    let bound = self
                        .cx
                        .stage_io
                        .evaluated_params
                        .iter()
                        .find(|(f, m, _)| *f == self.func && *m == n)
                        .map(|(_, _, root)| root);
                    return match bound {
                        Some(root) => Source::Input(
                            root.param,
                            root.fields.iter().map(|&i| AttrStep::Field(i)).collect(),
                        ),
                        None => Source::OtherFunction,
                    };
                }
                match self.body.locals[l.0 as usize].init {
                    Some(init) if depth < 16 && self.same_type(e, init) => {
                        self.attribute_source(init, depth + 1)
                    }
                    _ => Source::Computed,
                }
            }
            Expr::Field { expr, name } => {
                let base = self.attribute_source(*expr, depth);
                match self.infer.type_of_expr(*expr) {
                    Some(Type::Struct(s)) => match s.field_index(name) {
                        Some(i) => push(base, AttrStep::Field(i as u32)),
                        None => Source::Computed,
                    },
                    Some(Type::Vector(..) | Type::Scalar(_)) => {
                        match crate::expr::swizzle_components(name) {
                            Some(c) => push(base, AttrStep::Swizzle(c)),
                            None => Source::Computed,
                        }
                    }
                    Some(Type::Matrix { rows, cols, .. }) => {
                        match crate::expr::matrix_swizzle(name, *rows, *cols).as_deref() {
                            Ok(&[(r, c)]) => push(base, AttrStep::MatrixElement(r, c)),
                            Ok(_) => push(base, AttrStep::MatrixElements),
                            Err(()) => Source::Computed,
                        }
                    }
                    _ => Source::Computed,
                }
            }
            Expr::Index { base, index } => {
                let b = self.attribute_source(*base, depth);
                push(b, AttrStep::Index(*index))
            }
            _ => Source::Computed,
        }
    }

    /// Whether `a` and `b` have the same inferred type (a copy that converts is a computed
    /// value).
    fn same_type(&self, a: ExprId, b: ExprId) -> bool {
        let (ta, tb) = (self.infer.type_of_expr(a), self.infer.type_of_expr(b));
        ta.is_some() && ta == tb
    }

    /// Whether local `l` (or a part of it) may be written after its declaration: assigned,
    /// incremented, the object of a method, or passed to an `out`/`inout` parameter (of a
    /// call the checker did not resolve to a user function, to any parameter).
    fn local_is_written(&self, l: LocalId) -> bool {
        let body = &self.body;
        let rooted = |e: ExprId| root_local(body, e) == Some(l);
        (0..body.exprs.len()).any(|i| {
            let e = ExprId(i as u32);
            if let Some(written) = crate::resource_choice::assigned_operand(body.expr(e)) {
                return rooted(written);
            }
            let (receiver, args) = match body.expr(e) {
                Expr::Call { args, .. } => (None, args),
                Expr::MethodCall { receiver, args, .. } => (Some(*receiver), args),
                _ => return false,
            };
            if receiver.is_some_and(rooted) {
                return true;
            }
            let Some(hir::Resolution::Function { function, .. }) = self.infer.resolution(e) else {
                return false;
            };
            let params = self
                .cx
                .tree
                .by_ast(*function)
                .and_then(|f| self.cx.tree.function(f))
                .map(|f| f.params.clone());
            args.iter().enumerate().any(|(k, &a)| {
                let read_only = params
                    .as_ref()
                    .and_then(|p| p.get(k))
                    .is_some_and(|p| p.direction == hir::item_tree::ParamDirection::In);
                rooted(a) && !read_only
            })
        })
    }
}

/// The attribute-evaluation intrinsics.
fn is_evaluation(name: &str) -> bool {
    matches!(
        name,
        "EvaluateAttributeAtSample" | "EvaluateAttributeCentroid" | "EvaluateAttributeSnapped"
    )
}

/// The local an expression is a part of (`v`, `v.xy`, `v.f[1]`).
fn root_local(body: &Body, mut e: ExprId) -> Option<LocalId> {
    loop {
        match body.expr(e) {
            Expr::Local(l) => return Some(*l),
            Expr::Paren(i) => e = *i,
            Expr::Field { expr, .. } => e = *expr,
            Expr::Index { base, .. } => e = *base,
            _ => return None,
        }
    }
}

/// Whether parameter `n` of user function `idx` (or a part of it) is the value of an
/// attribute evaluation in it, or is passed on to a function where it is (`depth` bounds the
/// search through recursive calls).
fn param_evaluated(cx: &ModuleCtx<'_>, idx: ItemIdx, n: usize, depth: u32) -> bool {
    let fid = cx.function_id(idx);
    let body = hir::body::body(cx.db, fid);
    let Some(&param) = body.params.get(n) else {
        return false;
    };
    let infer = crate::enums::infer(cx.db, fid);
    body.exprs.iter().enumerate().any(|(id, e)| {
        let Expr::Call { callee, args } = e else {
            return false;
        };
        if let Expr::Path(path) = body.expr(*callee) {
            if path.as_name().is_some_and(is_evaluation) {
                return args.first().and_then(|&a| root_local(&body, a)) == Some(param);
            }
        }
        let Some(hir::Resolution::Function { function, .. }) = infer.resolution(ExprId(id as u32))
        else {
            return false;
        };
        let Some(callee) = cx.tree.by_ast(*function).map(|i| cx.definition_of(i)) else {
            return false;
        };
        depth < 8
            && args.iter().enumerate().any(|(k, &a)| {
                root_local(&body, a) == Some(param) && param_evaluated(cx, callee, k, depth + 1)
            })
    })
}
