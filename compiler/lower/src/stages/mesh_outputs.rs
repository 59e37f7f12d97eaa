//! Reads and writes of a mesh shader's output arrays (`out vertices`, `out primitives`,
//! `out indices`), called by the body lowering through [`Place::Mesh`].
//!
//! The arrays are `Output` variables shared by the work group, one per leaf of the element
//! (see [`super::mesh`]), so a place inside them is an element index, the steps through the
//! element's structs (an array of structs choosing its element in each leaf below it), the
//! indices inside one leaf (array elements, matrix rows, vector components) and a final
//! swizzle. As DXC does, an assignment stores into exactly the variables (and components) it
//! names, never a whole vector it read back, since another invocation may write the rest;
//! a read loads the same parts and builds the value. Compound assignments, whole-element
//! copies (`vs[2] = vs[1]`) and `out`/`inout` arguments go through the same two operations.

use hir::body::{Expr, ExprId};
use hir::item_tree::{ItemIdx, MeshParam, ParamDirection};
use ir::{FunctionBuilder, Opcode, Value};
use types::Type;

use super::mesh::MeshOutput;
use super::{StageVar, Step};
use crate::context::R;
use crate::func::{FnLower, Place};

/// A part of one element of a mesh output array.
#[derive(Debug, Clone)]
pub struct MeshPlace {
    out: MeshOutput,
    /// The element.
    index: Value,
    /// The steps through the element's structs and arrays of structs (with the element an
    /// array of structs chose).
    path: Vec<(Step, Option<Value>)>,
    /// Indices inside the one leaf the place lies in.
    inner: Vec<Value>,
    /// The type at `path` and `inner`, before `swizzle`.
    unswizzled: Type,
    /// Several components of the vector at `inner`.
    swizzle: Option<Vec<u8>>,
}

/// How one variable holds its part of a [`MeshPlace`].
enum VarPart {
    /// The whole leaf of the element.
    Leaf,
    /// One component of a clip or cull distance leaf: its element of the shared array.
    Distance(u32),
    /// An element (or deeper) of the variable's own type.
    Chain,
}

impl MeshPlace {
    /// The type the place holds.
    pub fn ty(&self) -> Type {
        match (&self.swizzle, &self.unswizzled) {
            (Some(c), Type::Vector(k, _)) => Type::Vector(*k, c.len() as u8),
            (_, t) => t.clone(),
        }
    }

    /// The variables holding a part of the place.
    fn vars(&self) -> impl Iterator<Item = &StageVar> {
        self.out.vars.iter().filter(|var| {
            let steps = &var.leaf.steps;
            steps.len() >= self.path.len()
                && steps
                    .iter()
                    .zip(&self.path)
                    .all(|(s, (p, _))| match (s, p) {
                        (Step::Field(a), Step::Field(b)) => a == b,
                        (Step::Elements(_), Step::Elements(_)) => true,
                        _ => false,
                    })
        })
    }

    /// The elements the arrays of structs on the way chose, outermost first.
    fn elements(&self) -> Vec<Value> {
        self.path.iter().filter_map(|(_, j)| *j).collect()
    }

    /// How `var` holds its part when `inner` indices lead into its leaf; `None` for a part
    /// not reached yet (inside a built-in whose type differs from the leaf's, below an
    /// element of an array of structs).
    fn var_part(&self, var: &StageVar, inner: usize) -> Option<VarPart> {
        let chosen = self.path.iter().any(|(_, j)| j.is_some());
        match var.component {
            _ if !chosen && inner == 0 => Some(VarPart::Leaf),
            Some(offset) if !chosen && inner == 1 => Some(VarPart::Distance(offset)),
            None if var.var_ty == var.leaf.ty => Some(VarPart::Chain),
            _ => None,
        }
    }
}

/// One member access or index on the way from a mesh output's element to the place.
enum Access {
    Field(String, ExprId),
    Index(ExprId),
}

impl FnLower<'_, '_> {
    /// The mesh output parameter `e` names, if it is one: an output parameter of the entry,
    /// or one of a function the entry's output was passed to (this copy's).
    fn mesh_output(&self, e: ExprId) -> Option<MeshOutput> {
        let at = self.mesh_output_index(e)?;
        self.cx
            .stage_io
            .mesh_outputs
            .get(at)
            .map(|(_, o)| o.clone())
    }

    /// The entry's mesh output (index into `StageIo::mesh_outputs`) that `e` names whole.
    fn mesh_output_index(&self, e: ExprId) -> Option<usize> {
        let Expr::Local(l) = self.body.expr(e) else {
            return None;
        };
        let io = &self.cx.stage_io;
        if io.entry == Some(self.item) {
            return io.mesh_outputs.iter().position(|(local, _)| local == l);
        }
        let n = self.body.params.iter().position(|p| p == l)?;
        io.mesh_output_params
            .iter()
            .find_map(|&(f, m, at)| (f == self.func && m == n).then_some(at))
    }

    /// The mesh output arrays a call of `callee` passes to its `vertices`, `primitives` and
    /// `indices` parameters, as (parameter, index into `StageIo::mesh_outputs`): those
    /// parameters get no IR parameter, and the copy of the callee (picked by them, added to
    /// its `resources` key after the real resources) writes the entry's output variables
    /// straight, as DXC's inlining does. Any other array (a local one) is an ordinary array
    /// argument, so one function may be given both, each call picking its copy.
    pub(crate) fn mesh_output_arguments(
        &mut self,
        callee: ItemIdx,
        args: &[ExprId],
        resources: &mut Vec<crate::context::ResourceArg>,
    ) -> R<Vec<(usize, usize)>> {
        let Some(f) = self.cx.tree.function(callee) else {
            return Ok(Vec::new());
        };
        // The `vertices`/`primitives`/`indices` parameters, and plain `out`/`inout` ones
        // given the entry's whole array, which the copy writes the same way (DXC would copy
        // the whole array back, every invocation overwriting the others' elements).
        let roles: Vec<(usize, bool)> = f
            .params
            .iter()
            .enumerate()
            .filter_map(|(n, p)| match p.mesh {
                Some(MeshParam::Vertices | MeshParam::Primitives | MeshParam::Indices) => {
                    Some((n, p.direction == ParamDirection::In))
                }
                None if p.direction != ParamDirection::In
                    && args
                        .get(n)
                        .is_some_and(|&a| self.mesh_output_index(a).is_some()) =>
                {
                    Some((n, false))
                }
                _ => None,
            })
            .collect();
        let mut bound = Vec::new();
        for (n, by_value) in roles {
            let Some(&a) = args.get(n) else {
                continue;
            };
            let at = match self.mesh_output_index(a) {
                Some(at) if !by_value => at,
                // Any other array (a local one): an ordinary `out`/`inout` array parameter,
                // copied back after the call, as DXC passes it. The copies given the entry's
                // arrays have no IR parameter for it, the others a pointer. The entry's array
                // given to an `in` parameter is a read-only copy, an ordinary argument too
                // (`whole_mesh_output`).
                None | Some(_) => continue,
            };
            if let Some(var) = self.cx.stage_io.mesh_outputs[at].1.vars.first() {
                resources.push(crate::context::ResourceArg {
                    global: Some(var.global),
                    ..Default::default()
                });
            }
            bound.push((n, at));
        }
        Ok(bound)
    }

    /// The place `e` names when it lies inside a mesh output array (`out[i]` followed by any
    /// `.field`, `[j]` and a final swizzle).
    pub(crate) fn mesh_output_place(&mut self, e: ExprId) -> Option<R<Place>> {
        let mut accesses = Vec::new();
        let mut cur = e;
        loop {
            match self.body.expr(cur).clone() {
                Expr::Field { expr, name } => {
                    accesses.push(Access::Field(name, cur));
                    cur = expr;
                }
                Expr::Index { base, index } => {
                    if let Some(out) = self.mesh_output(base) {
                        accesses.reverse();
                        return Some(self.mesh_place(e, out, index, accesses));
                    }
                    accesses.push(Access::Index(index));
                    cur = base;
                }
                Expr::Paren(inner) => cur = inner,
                _ => return None,
            }
        }
    }

    /// The value of the entry's whole mesh output array `e` (given to an `in` parameter, or
    /// copied to a local): each element read as `e[k]` is, built into the array, as DXC's
    /// copy of the array reads the output variables.
    pub(crate) fn whole_mesh_output(&mut self, e: ExprId) -> Option<R<Value>> {
        let out = self.mesh_output(e)?;
        let ty = self.infer.type_of_expr(e)?.clone();
        let Type::Array { len: Some(n), .. } = ty else {
            return None;
        };
        Some((|| {
            let mut elements = Vec::new();
            for k in 0..n {
                let i = self.fb().uint(k);
                let Place::Mesh(p) = self.mesh_place_at(e, out.clone(), i, Vec::new())? else {
                    return Err(self.unsupported("this mesh output", e));
                };
                elements.push(self.load_mesh_output(&p));
            }
            Ok(self.fb().construct(ty, &elements))
        })())
    }

    /// The part of element `index` of mesh output `out` that `accesses` name: fields and
    /// elements of arrays of structs lead to the leaves below, an index or one-component
    /// swizzle into a leaf (an array, vector or matrix) is an element of its variable, and a
    /// swizzle of several components ends the place.
    fn mesh_place(
        &mut self,
        e: ExprId,
        out: MeshOutput,
        index: ExprId,
        accesses: Vec<Access>,
    ) -> R<Place> {
        let i = self.index_value(index)?;
        self.mesh_place_at(e, out, i, accesses)
    }

    /// [`Self::mesh_place`] at element `i`.
    fn mesh_place_at(
        &mut self,
        e: ExprId,
        out: MeshOutput,
        i: Value,
        accesses: Vec<Access>,
    ) -> R<Place> {
        let mut path: Vec<(Step, Option<Value>)> = Vec::new();
        let mut inner: Vec<Value> = Vec::new();
        let mut swizzle: Option<Vec<u8>> = None;
        let mut ty = out.element.clone();
        let count = accesses.len();
        for (n, access) in accesses.into_iter().enumerate() {
            let last = n + 1 == count;
            let in_leaf = !super::vars::splits(&ty);
            match (access, &ty) {
                (Access::Field(name, fe), Type::Struct(s)) => {
                    let Some(k) = s.field_index(&name) else {
                        return Err(self.unsupported("this member", fe));
                    };
                    path.push((Step::Field(k as u32), None));
                    ty = s.fields[k].ty.clone();
                }
                (Access::Field(name, fe), Type::Vector(k, _)) if last => {
                    let k = *k;
                    let Some(c) = crate::expr::swizzle_components(&name) else {
                        return Err(self.unsupported("this swizzle of a mesh output", fe));
                    };
                    if c.len() == 1 {
                        inner.push(self.fb().uint(u32::from(c[0])));
                        ty = Type::Scalar(k);
                    } else {
                        swizzle = Some(c);
                    }
                }
                (Access::Field(_, fe), _) => {
                    return Err(self.unsupported("this member of a mesh output", fe))
                }
                (Access::Index(j), Type::Array { element, len, .. }) if !in_leaf => {
                    let element = (**element).clone();
                    let j = self.index_value(j)?;
                    path.push((Step::Elements(len.unwrap_or(0)), Some(j)));
                    ty = element;
                }
                (
                    Access::Index(j),
                    t @ (Type::Array { .. } | Type::Vector(..) | Type::Matrix { .. }),
                ) => {
                    // `m[r]` of a matrix is its row `r` (matrices are composites of rows).
                    let next = match t {
                        Type::Array { element, .. } => (**element).clone(),
                        Type::Vector(k, _) => Type::Scalar(*k),
                        Type::Matrix { scalar, cols, .. } => Type::Vector(*scalar, *cols),
                        t => t.clone(),
                    };
                    inner.push(self.index_value(j)?);
                    ty = next;
                }
                (Access::Index(_), _) => {
                    return Err(self.unsupported("indexing this mesh output", e));
                }
            }
        }
        let place = MeshPlace {
            out,
            index: i,
            path,
            inner,
            unswizzled: ty,
            swizzle,
        };
        // Each variable's part must be reachable for a read, and for a write of each
        // component of the swizzle.
        let written = place.inner.len() + usize::from(place.swizzle.is_some());
        let reachable = place.vars().all(|v| {
            place.var_part(v, place.inner.len()).is_some() && place.var_part(v, written).is_some()
        });
        if place.vars().next().is_none() || !reachable {
            return Err(self.unsupported("this part of a mesh output", e));
        }
        Ok(Place::Mesh(Box::new(place)))
    }

    /// Reads mesh output place `p`: each variable's part, built into the place's value.
    pub(crate) fn load_mesh_output(&mut self, p: &MeshPlace) -> Value {
        let elements = p.elements();
        let vars: Vec<StageVar> = p.vars().cloned().collect();
        let mut fb = self.fb();
        let mut parts = Vec::new();
        for var in &vars {
            let part = match p.var_part(var, p.inner.len()) {
                Some(VarPart::Leaf) => super::vars::load_leaf(&mut fb, var, Some(p.index)),
                Some(VarPart::Distance(offset)) => {
                    let ptr = distance_component(&mut fb, var, p.index, p.inner[0], offset);
                    fb.load(ptr)
                }
                // Checked by `mesh_place`.
                Some(VarPart::Chain) | None => {
                    let mut at = vec![p.index];
                    at.extend(&elements);
                    at.extend(&p.inner);
                    let ptr = fb.access_chain(Value::Global(var.global), &at);
                    fb.load(ptr)
                }
            };
            parts.push(part);
        }
        let value = match parts[..] {
            [one] if !p.inner.is_empty() => one,
            _ => super::vars::build(&mut fb, &p.unswizzled, &mut parts.into_iter()),
        };
        match &p.swizzle {
            Some(c) => fb.swizzle(value, c),
            None => value,
        }
    }

    /// Writes `v` (of the place's type) into mesh output place `p`: each variable's part,
    /// and each component of a swizzle on its own.
    pub(crate) fn store_mesh_output(&mut self, p: &MeshPlace, v: Value) {
        let elements = p.elements();
        let vars: Vec<StageVar> = p.vars().cloned().collect();
        let mut fb = self.fb();
        // (indices inside the leaf, value) pairs: the whole value, or each component of a
        // swizzle.
        let parts: Vec<(Vec<Value>, Value)> = match &p.swizzle {
            Some(c) => c
                .iter()
                .enumerate()
                .map(|(j, &comp)| {
                    let mut at = p.inner.clone();
                    at.push(fb.uint(u32::from(comp)));
                    (at, fb.extract(v, &[j as u32]))
                })
                .collect(),
            None => vec![(p.inner.clone(), v)],
        };
        for (inner, v) in parts {
            for var in &vars {
                let steps = &var.leaf.steps;
                let mut part_ty = var.leaf.ty.clone();
                for _ in &elements {
                    if let Type::Array { element, .. } = &part_ty {
                        part_ty = (**element).clone();
                    }
                }
                let part = super::vars::leaf_part(&mut fb, v, &steps[p.path.len()..], &part_ty);
                match p.var_part(var, inner.len()) {
                    Some(VarPart::Leaf) => super::store_leaf(&mut fb, var, Some(p.index), part),
                    Some(VarPart::Distance(offset)) => {
                        let ptr = distance_component(&mut fb, var, p.index, inner[0], offset);
                        fb.store(ptr, part);
                    }
                    // Checked by `mesh_place`.
                    Some(VarPart::Chain) | None => {
                        let mut at = vec![p.index];
                        at.extend(&elements);
                        at.extend(inner.iter().copied());
                        let ptr = fb.access_chain(Value::Global(var.global), &at);
                        fb.store(ptr, part);
                    }
                }
            }
        }
    }
}

/// A pointer to component `c` of a clip or cull distance leaf of element `i`: its element of
/// the shared `float` array.
fn distance_component(
    fb: &mut FunctionBuilder<'_>,
    var: &StageVar,
    i: Value,
    c: Value,
    offset: u32,
) -> Value {
    let c = if fb.type_of(c) == Type::UINT {
        c
    } else {
        fb.convert(c, Type::UINT)
    };
    let at = fb.uint(offset);
    let element = fb.binary(Opcode::Add, c, at);
    fb.access_chain(Value::Global(var.global), &[i, element])
}
