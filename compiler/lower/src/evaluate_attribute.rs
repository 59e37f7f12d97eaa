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
//! own. A part of an input passed there (`at(v[i].c)`, `at(in.c.zy)`, `at(m._m00_m11)`) keys
//! the copy by its steps (`ArgPart`); the indices on the way, run-time or constant, are the
//! copy's trailing `int` arguments, so its evaluation indexes the input variable as the
//! inlined access chain would. Several matrix elements of one row are the row's evaluation
//! swizzled, of several rows each element's own evaluation put together.
//! A value
//! that is not a stage input (computed, a global, a written local) is DXC's error, in its
//! words (`E3060`); a 16-bit float one (`-enable-16bit-types`) is `E3297`, as the
//! `InterpolateAt*` instructions take 32-bit floats only.

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

/// A pixel input a call passes to a parameter whose attribute the callee evaluates: entry
/// parameter `param`, or its field at `fields` (a struct input is one variable per field, so
/// a struct passed whole is several variables), or a part of it chosen by the steps of
/// `part` after those fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputRoot {
    pub param: usize,
    pub fields: Vec<u32>,
    /// The first input variable inside the whole input (the parameter or its field at
    /// `fields`), which picks the callee's copy.
    pub first: ir::Global,
    /// The steps below `fields` to a part of the input (`v[i].c`, `in.c.xy`); empty for the
    /// whole input. Part of the callee copy's key (`ArgPart`).
    pub part: Vec<PartStep>,
}

/// A step from a whole input to the part of it a call passes (see [`InputRoot::part`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PartStep {
    /// Field `i` of a struct.
    Field(u32),
    /// An element of an array, a row of a matrix or a component of a vector, at the index
    /// the copy takes as its trailing `int` parameter number `slot` (counting from the first
    /// of them, `StageIo::part_index_args`). Constant indices go the same way, so one copy
    /// serves every element.
    Index(u32),
    /// Components of a vector (or the one scalar).
    Swizzle(Vec<u8>),
    /// Elements of a matrix: (row, column) each.
    MatrixElements(Vec<(u8, u8)>),
}

/// What picks a copy of a function given parts of pixel inputs: (parameter, steps) for each
/// parameter bound to a part, in parameter order (a key of `context::FunctionKey`).
pub type ArgPart = (usize, Vec<PartStep>);

/// The number of trailing `int` index parameters the parts of `parts` take.
pub fn index_count(parts: &[ArgPart]) -> usize {
    parts
        .iter()
        .flat_map(|(_, steps)| steps)
        .filter(|s| matches!(s, PartStep::Index(_)))
        .count()
}

/// One step from an entry parameter to the evaluated value.
#[derive(Clone)]
enum AttrStep {
    /// Field `i` of a struct.
    Field(u32),
    /// An element of an array, a row of a matrix or a component of a vector.
    Index(ExprId),
    /// The same at the index in IR argument `n` of this copy (a part of an input its call
    /// passed, `PartStep::Index`).
    IndexArg(u32),
    /// Components of a vector (or the one scalar).
    Swizzle(Vec<u8>),
    /// One element of a matrix (`m._m01`, `m._12`): row, column.
    MatrixElement(u8, u8),
    /// Several elements of a matrix (`m._m00_m11`): row, column each.
    MatrixElements(Vec<(u8, u8)>),
}

/// `steps` with `step` after them; a swizzle of a swizzle (or of matrix elements) is one
/// selection of the components first chosen.
fn push_step(steps: &mut Vec<AttrStep>, step: AttrStep) {
    match (steps.last_mut(), step) {
        (Some(AttrStep::Swizzle(first)), AttrStep::Swizzle(then)) => {
            let picked: Option<Vec<u8>> = then
                .iter()
                .map(|&k| first.get(usize::from(k)).copied())
                .collect();
            match picked {
                Some(c) => *first = c,
                // Out of range: left for the evaluation to refuse.
                None => steps.push(AttrStep::Swizzle(then)),
            }
        }
        (Some(last), AttrStep::Swizzle(then)) if matches!(last, AttrStep::MatrixElements(_)) => {
            let picked: Option<Vec<(u8, u8)>> = match &*last {
                AttrStep::MatrixElements(first) => then
                    .iter()
                    .map(|&k| first.get(usize::from(k)).copied())
                    .collect(),
                _ => None,
            };
            match picked {
                Some(e) if e.len() == 1 => *last = AttrStep::MatrixElement(e[0].0, e[0].1),
                Some(e) => *last = AttrStep::MatrixElements(e),
                None => steps.push(AttrStep::Swizzle(then)),
            }
        }
        (_, step) => steps.push(step),
    }
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
        // taken from the result (several matrix elements of one row from the row's, of
        // several rows each from its own evaluation).
        let mut ty_at = self.global_value_type(global);
        let mut chain = Vec::new();
        let mut swizzle = None;
        let mut elements = None;
        for step in steps {
            if swizzle.is_some() || elements.is_some() {
                return Err(self.unsupported("an attribute evaluation of a swizzled swizzle", e));
            }
            let index = match &step {
                AttrStep::Index(j) => Some(self.index_value(*j)?),
                AttrStep::IndexArg(k) => Some(Value::Arg(*k)),
                _ => None,
            };
            match (step, &ty_at, index) {
                (_, Type::Array { element, .. }, Some(i)) => {
                    let element = (**element).clone();
                    chain.push(i);
                    ty_at = element;
                }
                (_, Type::Vector(k, _), Some(i)) => {
                    let k = *k;
                    chain.push(i);
                    ty_at = Type::Scalar(k);
                }
                // A row of a matrix (its rows are its elements).
                (_, Type::Matrix { scalar, cols, .. }, Some(i)) => {
                    let row = Type::Vector(*scalar, *cols);
                    chain.push(i);
                    ty_at = row;
                }
                (AttrStep::MatrixElement(r, c), Type::Matrix { scalar, .. }, _) => {
                    let k = *scalar;
                    let mut fb = self.fb();
                    chain.push(fb.uint(u32::from(r)));
                    chain.push(fb.uint(u32::from(c)));
                    ty_at = Type::Scalar(k);
                }
                (AttrStep::MatrixElements(list), Type::Matrix { scalar, cols, .. }, _) => {
                    let row = list.first().map_or(0, |&(r, _)| r);
                    if list.iter().all(|&(r, _)| r == row) {
                        let row_ty = Type::Vector(*scalar, *cols);
                        chain.push(self.fb().uint(u32::from(row)));
                        ty_at = row_ty;
                        swizzle = Some(list.iter().map(|&(_, c)| c).collect());
                    } else {
                        elements = Some((list, *scalar));
                    }
                }
                (AttrStep::Swizzle(c), Type::Vector(k, _), _) if c.len() == 1 => {
                    let k = *k;
                    chain.push(self.fb().uint(u32::from(c[0])));
                    ty_at = Type::Scalar(k);
                }
                (AttrStep::Swizzle(c), Type::Vector(..), _) => swizzle = Some(c),
                (AttrStep::Swizzle(c), Type::Scalar(_), _) if c.iter().all(|&x| x == 0) => {
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
        // SPIR-V interpolates 32-bit floats only. Integers, bools and doubles are inputs
        // Vulkan requires `Flat`: the same at every sample, so their value is the input's.
        let interpolated = match ty.scalar_kind() {
            Some(k) if k.is_float() && k.bit_width() == 16 => {
                // DXC emits `InterpolateAt*` on the 16-bit input all the same, and its
                // validator refuses the module ("generated SPIR-V is invalid"): no 32-bit
                // copy of an input can be interpolated in its place.
                let range = self.expr_range(e);
                return Err(self.cx.error(
                    crate::ATTRIBUTE_OF_16_BIT_FLOAT,
                    "attribute evaluation of a 16-bit float value: SPIR-V's InterpolateAt* \
                     instructions take 32-bit floats only (declare the input as `float`, \
                     or compile without -enable-16bit-types)"
                        .to_owned(),
                    range,
                ));
            }
            Some(k) => k.is_float() && k.bit_width() == 32,
            None => true,
        };
        let mut fb = self.fb();
        if !interpolated {
            let ptr = if chain.is_empty() {
                Value::Global(global)
            } else {
                fb.access_chain(Value::Global(global), &chain)
            };
            let v = fb.load(ptr);
            return Ok(Some(match (swizzle, elements) {
                (Some(c), _) if matches!(ty_at, Type::Scalar(_)) => {
                    fb.construct(ty.clone(), &vec![v; c.len()])
                }
                (Some(c), _) => fb.swizzle(v, &c),
                (None, Some((list, _))) => {
                    let parts: Vec<Value> = list
                        .iter()
                        .map(|&(r, c)| fb.extract(v, &[u32::from(r), u32::from(c)]))
                        .collect();
                    fb.construct(ty.clone(), &parts)
                }
                (None, None) => v,
            }));
        }
        if let Some((list, scalar)) = elements {
            // Elements of several rows: each interpolated on its own (the components of an
            // interpolated value are the interpolated components), then put together.
            let mut parts = Vec::new();
            for (r, c) in list {
                let mut at = chain.clone();
                at.push(fb.uint(u32::from(r)));
                at.push(fb.uint(u32::from(c)));
                let ptr = fb.access_chain(Value::Global(global), &at);
                let loaded = fb.load(ptr);
                let mut element_ops = vec![loaded];
                element_ops.extend(ops.iter().copied());
                parts.push(fb.call_intrinsic(intrinsic, Type::Scalar(scalar), &element_ops));
            }
            return Ok(Some(fb.construct(ty.clone(), &parts)));
        }
        if let (
            None,
            &Type::Matrix {
                scalar, rows, cols, ..
            },
        ) = (&swizzle, &ty_at)
        {
            // A whole matrix: SPIR-V interpolates vectors, so each row on its own.
            let mut parts = Vec::new();
            for r in 0..u32::from(rows) {
                let mut at = chain.clone();
                at.push(fb.uint(r));
                let ptr = fb.access_chain(Value::Global(global), &at);
                let mut row_ops = vec![fb.load(ptr)];
                row_ops.extend(ops.iter().copied());
                parts.push(fb.call_intrinsic(intrinsic, Type::Vector(scalar, cols), &row_ops));
            }
            return Ok(Some(fb.construct(ty.clone(), &parts)));
        }
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
                index @ (AttrStep::Index(_) | AttrStep::IndexArg(_)) => {
                    let len = inputs
                        .iter()
                        .find_map(|(_, p, _)| match p.get(path.len()) {
                            Some(Step::Elements(len)) if p.starts_with(&path) => Some(*len),
                            _ => None,
                        })?;
                    path.push(Step::Elements(len));
                    chain.push(index);
                }
                AttrStep::Swizzle(_)
                | AttrStep::MatrixElement(..)
                | AttrStep::MatrixElements(_) => return None,
            }
        }
    }

    /// The input variables a call of `callee` passes to the parameters an attribute
    /// evaluation in `callee` reads, as (parameter, input): they pick the callee's copy,
    /// added to its `resources` key (see `stages::StageArguments`), with the steps to the
    /// parts of inputs passed (`InputRoot::part`). The indices those steps take are pushed
    /// on `indices`, the copy's trailing `int` arguments. An argument that is no stage input
    /// is DXC's error (`E3060`).
    pub(crate) fn evaluated_args(
        &mut self,
        callee: ItemIdx,
        args: &[ExprId],
        resources: &mut Vec<crate::context::ResourceArg>,
        indices: &mut Vec<Value>,
    ) -> R<Vec<(usize, InputRoot)>> {
        if self.cx.stage_io.pixel_inputs.is_empty() {
            return Ok(Vec::new());
        }
        let mut bound = Vec::new();
        for (k, &a) in args.iter().enumerate() {
            if !param_evaluated(self.cx, callee, k, 0) {
                continue;
            }
            let root = match self.attribute_source(a, 0) {
                Source::Input(n, steps) => self.input_root(n, steps, indices)?,
                Source::Computed => return Err(self.not_an_input(a)),
                Source::OtherFunction => None,
            };
            match root {
                Some(root) => bound.push((k, root)),
                None => {
                    let what = "passing this value to a parameter whose attribute is evaluated";
                    return Err(self.unsupported(what, a));
                }
            }
        }
        // After the resources, where no parameter reads them: the first variable of each
        // input (distinct inputs have distinct first variables; the parts chosen in them key
        // the copy apart, `ArgPart`).
        resources.extend(bound.iter().map(|(_, root)| crate::context::ResourceArg {
            global: Some(root.first),
            ..Default::default()
        }));
        Ok(bound)
    }

    /// The input (a parameter of the entry, or a field of one, down to any depth, or a part
    /// of that chosen by elements, components and matrix elements) that `steps` into entry
    /// parameter `n` name; the indices of its part go on `indices`. `None` for a value no
    /// input variable holds.
    fn input_root(
        &mut self,
        n: usize,
        steps: Vec<AttrStep>,
        indices: &mut Vec<Value>,
    ) -> R<Option<InputRoot>> {
        use crate::stages::Step;
        let leading = steps
            .iter()
            .take_while(|s| matches!(s, AttrStep::Field(_)))
            .count();
        let fields: Vec<u32> = steps[..leading]
            .iter()
            .filter_map(|s| match s {
                AttrStep::Field(i) => Some(*i),
                _ => None,
            })
            .collect();
        let prefix: Vec<Step> = fields.iter().map(|&i| Step::Field(i)).collect();
        let Some(first) = self
            .cx
            .stage_io
            .pixel_inputs
            .iter()
            .find(|(m, leaf, _)| *m == n && leaf.starts_with(&prefix))
            .map(|(_, _, g)| *g)
        else {
            return Ok(None);
        };
        let mut part = Vec::new();
        for step in steps.into_iter().skip(leading) {
            part.push(match step {
                AttrStep::Field(i) => PartStep::Field(i),
                AttrStep::Index(j) => {
                    // The argument's own value reads the index too.
                    if !self.is_pure(j) {
                        let what = "an index with side effects into a pixel input passed to a \
                                    parameter whose attribute is evaluated";
                        return Err(self.unsupported(what, j));
                    }
                    indices.push(self.coerce(j, &Type::INT)?);
                    PartStep::Index(indices.len() as u32 - 1)
                }
                AttrStep::IndexArg(k) => {
                    indices.push(Value::Arg(k));
                    PartStep::Index(indices.len() as u32 - 1)
                }
                AttrStep::Swizzle(c) => PartStep::Swizzle(c),
                AttrStep::MatrixElement(r, c) => PartStep::MatrixElements(vec![(r, c)]),
                AttrStep::MatrixElements(list) => PartStep::MatrixElements(list),
            });
        }
        Ok(Some(InputRoot {
            param: n,
            fields,
            first,
            part,
        }))
    }

    /// The steps from the entry parameter to the input `root` a parameter of this copy is
    /// bound to; the indices of its part are this copy's trailing `int` arguments.
    fn root_steps(&self, root: &InputRoot) -> Vec<AttrStep> {
        let base = self
            .cx
            .stage_io
            .part_index_args
            .iter()
            .find(|(f, _)| *f == self.func)
            .map_or(0, |&(_, b)| b);
        let mut steps: Vec<AttrStep> = root.fields.iter().map(|&i| AttrStep::Field(i)).collect();
        for s in &root.part {
            steps.push(match s {
                PartStep::Field(i) => AttrStep::Field(*i),
                PartStep::Index(slot) => AttrStep::IndexArg(base + slot),
                PartStep::Swizzle(c) => AttrStep::Swizzle(c.clone()),
                PartStep::MatrixElements(list) if list.len() == 1 => {
                    AttrStep::MatrixElement(list[0].0, list[0].1)
                }
                PartStep::MatrixElements(list) => AttrStep::MatrixElements(list.clone()),
            });
        }
        steps
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
                push_step(&mut steps, step);
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
                        Some(root) => Source::Input(root.param, self.root_steps(root)),
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
                            Ok(list) => push(base, AttrStep::MatrixElements(list.to_vec())),
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
