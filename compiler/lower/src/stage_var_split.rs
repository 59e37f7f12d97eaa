//! Under `-pack-optimized`, DXC gives each element of an array stage variable, and each row of
//! a matrix one, a variable of its own once the packer has placed the whole (its spirv-opt
//! pass `flatten_array_matrix_stage_var`: `float2 c[3] : C` becomes three `float2`
//! variables at consecutive locations, each with the component the array was given). An
//! array of matrices or of arrays splits all the way down, in order; a stage variable that
//! is also arrayed per vertex (a hull, domain or geometry shader's, a mesh shader's outputs)
//! keeps that outer array on each part (`float2 c[2]` per control point becomes two
//! `float2[N]`).
//!
//! [`split`] does this to an IR global once the entry point is lowered: the global becomes
//! its first part and new globals the others. Every use goes through the access path it
//! names: an `access_chain` whose constant indices reach an element or row goes into that
//! part (keeping the per-vertex index and the indices past it), one that stops above
//! becomes a pointer known only here, and a `load` or `store` of such a pointer (or of the
//! whole variable) becomes the loads of the parts under it and a `composite_construct`, or
//! a `composite_extract` and a store per part. A run-time index above an element or row,
//! or another use of a pointer into the variable, cannot be split: [`split`] then leaves
//! the module as it was and answers `None`, and the caller (`signature_packing`) reports it.

use std::collections::HashMap;

use ir::{Global, InstData, Opcode, Value};
use types::Type;

/// The element type and count of one level DXC splits: an array of known length, or a
/// matrix of more than one row and column (its rows).
fn split_level(ty: &Type) -> Option<(Type, u32)> {
    match ty {
        Type::Array {
            element,
            len: Some(n),
        } => Some(((**element).clone(), *n)),
        Type::Matrix {
            scalar, rows, cols, ..
        } if ty.one_row_or_column().is_none() => {
            Some((Type::Vector(*scalar, *cols), u32::from(*rows)))
        }
        _ => None,
    }
}

/// The type of every part of a stage variable of `ty` and how many there are, when DXC
/// splits it (an array or a matrix of more than one row and column); `None` for a type
/// that stays whole.
pub(crate) fn parts_of(ty: &Type) -> Option<(Type, u32)> {
    let (mut part, mut count) = split_level(ty)?;
    while let Some((inner, n)) = split_level(&part) {
        part = inner;
        count = count.checked_mul(n)?;
    }
    Some((part, count))
}

/// The parts under the element or row at `path` of `ty`: the first's index among all the
/// parts, their count, and the type at `path`.
fn parts_under(ty: &Type, path: &[u32]) -> Option<(u32, u32, Type)> {
    let mut cur = ty.clone();
    let mut first = 0u32;
    for &k in path {
        let (inner, n) = split_level(&cur)?;
        if k >= n {
            return None;
        }
        let per = parts_of(&inner).map_or(1, |(_, c)| c);
        first += k * per;
        cur = inner;
    }
    let count = parts_of(&cur).map_or(1, |(_, c)| c);
    Some((first, count, cur))
}

/// The constant index `v` holds, if it is one.
fn constant_index(m: &ir::Module, v: Value) -> Option<u32> {
    let Value::Const(c) = v else { return None };
    match m.constants.get(c)?.kind {
        ir::ConstantKind::Scalar(bits) => u32::try_from(bits).ok(),
        _ => None,
    }
}

/// A pointer into the variable being split that no part holds alone: its per-vertex index
/// (when it has one) and its path of elements and rows.
#[derive(Clone)]
struct Inside {
    vertex: Option<Value>,
    path: Vec<u32>,
}

impl Inside {
    /// Element or row `k` of the value at `self`, at the same vertex.
    fn child(&self, k: u32) -> Inside {
        let mut path = self.path.clone();
        path.push(k);
        Inside {
            vertex: self.vertex,
            path,
        }
    }
}

/// What the rewrite of one function needs to know of the variable.
struct Split<'a> {
    whole: Type,
    /// The per-vertex count of a variable arrayed per vertex.
    vertices: Option<u32>,
    parts: &'a [Global],
    part_ty: Type,
    space: types::AddressSpace,
    /// `uint` constants `0..vertices`, for the loads and stores of a whole arrayed variable.
    vertex_consts: &'a [Value],
}

impl Split<'_> {
    /// The placed instructions reading the parts under `at`, in order, and the value they
    /// build, of `ty` (the type at `at.path`), for a `load` of `at`.
    fn load(
        &self,
        f: &mut ir::Function,
        new: &mut Vec<ir::Inst>,
        at: &Inside,
        ty: &Type,
        d: &InstData,
    ) -> Option<Value> {
        if let Some((inner, n)) = split_level(ty) {
            let mut elems = Vec::new();
            for k in 0..n {
                elems.push(self.load(f, new, &at.child(k), &inner, d)?);
            }
            let c = InstData::new(Opcode::CompositeConstruct, ty.clone(), elems);
            return Some(Value::Inst(self.place(f, new, c, d)));
        }
        let ptr = self.part_ptr(f, new, at, d)?;
        let load = InstData::new(Opcode::Load, self.part_ty.clone(), vec![ptr]);
        Some(Value::Inst(self.place(f, new, load, d)))
    }

    /// A pointer to the part holding the leaf at `at` (through its vertex when per vertex).
    fn part_ptr(
        &self,
        f: &mut ir::Function,
        new: &mut Vec<ir::Inst>,
        at: &Inside,
        d: &InstData,
    ) -> Option<Value> {
        let (first, _, _) = parts_under(&self.whole, &at.path)?;
        let part = Value::Global(*self.parts.get(first as usize)?);
        Some(match at.vertex {
            Some(v) => {
                let ptr_ty = Type::pointer(self.space, self.part_ty.clone());
                let chain = InstData::new(Opcode::AccessChain, ptr_ty, vec![part, v]);
                Value::Inst(self.place(f, new, chain, d))
            }
            None => part,
        })
    }

    /// Stores `value` (the composite at `at`, reached from the stored value through
    /// `extract`) into the parts under `at`.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &self,
        f: &mut ir::Function,
        new: &mut Vec<ir::Inst>,
        at: &Inside,
        ty: &Type,
        value: Value,
        extract: &mut Vec<i64>,
        d: &InstData,
    ) -> Option<()> {
        if let Some((inner, n)) = split_level(ty) {
            for k in 0..n {
                extract.push(i64::from(k));
                self.store(f, new, &at.child(k), &inner, value, extract, d)?;
                extract.pop();
            }
            return Some(());
        }
        let mut e = InstData::new(Opcode::CompositeExtract, self.part_ty.clone(), vec![value]);
        e.literals = extract.clone();
        let e = self.place(f, new, e, d);
        let ptr = self.part_ptr(f, new, at, d)?;
        let s = InstData::new(Opcode::Store, Type::Void, vec![ptr, Value::Inst(e)]);
        self.place(f, new, s, d);
        Some(())
    }

    /// Adds `data` to the block and source location of `d`, after the others in `new`.
    fn place(
        &self,
        f: &mut ir::Function,
        new: &mut Vec<ir::Inst>,
        mut data: InstData,
        d: &InstData,
    ) -> ir::Inst {
        data.block = d.block;
        data.loc = d.loc;
        let i = f.insts.push(data);
        new.push(i);
        i
    }

    /// Rewrites the uses of the variable (`root`) in `f`; `None` at a use it cannot split,
    /// whose source location is then left in `blame`.
    fn rewrite(
        &self,
        m: &ir::Module,
        f: &mut ir::Function,
        root: Value,
        blame: &mut Option<ir::SourceLoc>,
    ) -> Option<()> {
        let mut inside: HashMap<Value, Inside> = HashMap::new();
        inside.insert(
            root,
            Inside {
                vertex: None,
                path: Vec::new(),
            },
        );
        let mut replacements = HashMap::new();
        for b in f.layout.clone() {
            let old = f.blocks[b].insts.clone();
            let mut new = Vec::with_capacity(old.len());
            for i in old {
                let d = f.insts[i].clone();
                let uses: Vec<usize> = d
                    .operands
                    .iter()
                    .enumerate()
                    .filter(|(_, o)| inside.contains_key(o))
                    .map(|(k, _)| k)
                    .collect();
                if uses.is_empty() {
                    new.push(i);
                    continue;
                }
                if uses != [0] {
                    *blame = d.loc;
                    return None;
                }
                *blame = d.loc;
                let at = inside[&d.operands[0]].clone();
                // The type the pointer points at (the element of a whole arrayed variable
                // is reached through its vertex index first).
                let whole_arrayed = self.vertices.is_some() && at.vertex.is_none();
                match d.opcode {
                    Opcode::AccessChain => {
                        let mut indices = d.operands[1..].iter().copied();
                        let mut at = at;
                        if whole_arrayed {
                            at.vertex = Some(indices.next()?);
                        }
                        let (_, _, mut ty) = parts_under(&self.whole, &at.path)?;
                        let mut rest: Vec<Value> = Vec::new();
                        for x in indices {
                            match split_level(&ty) {
                                Some((inner, _)) if rest.is_empty() => {
                                    at.path.push(constant_index(m, x)?);
                                    ty = inner;
                                }
                                _ => rest.push(x),
                            }
                        }
                        let (first, count, _) = parts_under(&self.whole, &at.path)?;
                        if count > 1 || split_level(&ty).is_some() {
                            // Above the elements or rows: only its uses name parts.
                            inside.insert(Value::Inst(i), at);
                            f.insts[i].block = None;
                            continue;
                        }
                        let part = Value::Global(*self.parts.get(first as usize)?);
                        let operands: Vec<Value> =
                            std::iter::once(part).chain(at.vertex).chain(rest).collect();
                        if operands.len() == 1 {
                            replacements.insert(Value::Inst(i), part);
                            f.insts[i].block = None;
                        } else {
                            f.insts[i].operands = operands;
                            new.push(i);
                        }
                    }
                    Opcode::Load if whole_arrayed => {
                        let mut elems = Vec::new();
                        for &v in self.vertex_consts {
                            let sub = Inside {
                                vertex: Some(v),
                                path: Vec::new(),
                            };
                            elems.push(self.load(f, &mut new, &sub, &self.whole, &d)?);
                        }
                        let whole = &mut f.insts[i];
                        whole.opcode = Opcode::CompositeConstruct;
                        whole.operands = elems;
                        new.push(i);
                    }
                    Opcode::Load => {
                        let (_, _, ty) = parts_under(&self.whole, &at.path)?;
                        let v = self.load(f, &mut new, &at, &ty, &d)?;
                        replacements.insert(Value::Inst(i), v);
                        f.insts[i].block = None;
                    }
                    Opcode::Store => {
                        let value = *d.operands.get(1)?;
                        if whole_arrayed {
                            for (k, &v) in self.vertex_consts.iter().enumerate() {
                                let sub = Inside {
                                    vertex: Some(v),
                                    path: Vec::new(),
                                };
                                let mut extract = vec![k as i64];
                                self.store(
                                    f,
                                    &mut new,
                                    &sub,
                                    &self.whole,
                                    value,
                                    &mut extract,
                                    &d,
                                )?;
                            }
                        } else {
                            let (_, _, ty) = parts_under(&self.whole, &at.path)?;
                            self.store(f, &mut new, &at, &ty, value, &mut Vec::new(), &d)?;
                        }
                        f.insts[i].block = None;
                    }
                    _ => return None,
                }
            }
            f.blocks[b].insts = new;
        }
        ir::util::apply_replacements(f, &replacements);
        Some(())
    }
}

/// Splits stage variable `g` of `m`, whose type (without its per-vertex array) is `ty`, one
/// [`parts_of`] takes, into one global per element or row, `g` itself the first, renamed
/// `<name>_0` like the others `<name>_1`...; the parts in order, or `None` (nothing
/// changed) when some use of `g` cannot be split, with the source location of that use
/// where known. `vertex_consts` holds the `uint` constants `0..N` of a variable arrayed per
/// vertex over `N` (empty otherwise).
pub(crate) fn split(
    m: &mut ir::Module,
    g: Global,
    ty: &Type,
    vertex_consts: &[Value],
) -> Result<Vec<Global>, Option<ir::SourceLoc>> {
    split_or_none(m, g, ty, vertex_consts, &mut None)
}

fn split_or_none(
    m: &mut ir::Module,
    g: Global,
    ty: &Type,
    vertex_consts: &[Value],
    blame: &mut Option<ir::SourceLoc>,
) -> Result<Vec<Global>, Option<ir::SourceLoc>> {
    let (part_ty, n) = parts_of(ty).ok_or(None)?;
    let original = m.globals[g].clone();
    let vertices = match &original.ty {
        Type::Array {
            element,
            len: Some(count),
        } if **element == *ty && original.ty != *ty => Some(*count),
        t if t == ty => None,
        _ => return Err(None),
    };
    if vertices.is_some_and(|c| c as usize != vertex_consts.len()) {
        return Err(None);
    }
    let stored_ty = |t: &Type| match vertices {
        Some(c) => Type::Array {
            element: std::sync::Arc::new(t.clone()),
            len: Some(c),
        },
        None => t.clone(),
    };
    let mut work = m.clone();
    let mut parts = vec![g];
    {
        let first = &mut work.globals[g];
        first.ty = stored_ty(&part_ty);
        first.name = format!("{}_0", original.name);
    }
    for i in 1..n {
        let mut part = original.clone();
        part.ty = stored_ty(&part_ty);
        part.name = format!("{}_{i}", original.name);
        parts.push(work.globals.push(part));
    }
    let split = Split {
        whole: ty.clone(),
        vertices,
        parts: &parts,
        part_ty,
        space: original.space,
        vertex_consts,
    };
    let handles: Vec<ir::Func> = work.functions.iter().map(|(h, _)| h).collect();
    for h in handles {
        let mut f = std::mem::replace(
            &mut work.functions[h],
            ir::Function::new("", Vec::new(), Type::Void),
        );
        let done = split.rewrite(&work, &mut f, Value::Global(g), blame);
        work.functions[h] = f;
        done.ok_or(*blame)?;
    }
    for e in &mut work.entry_points {
        for list in [&mut e.inputs, &mut e.outputs] {
            if let Some(at) = list.iter().position(|&x| x == g) {
                list.splice(at..=at, parts.iter().copied());
            }
        }
    }
    *m = work;
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::{parts_of, parts_under};
    use types::{ScalarKind, Type};

    #[test]
    fn arrays_of_matrices_split_into_rows_in_order() {
        let float2 = Type::Vector(ScalarKind::Float, 2);
        let m = Type::matrix(ScalarKind::Float, 3, 2);
        let a = Type::Array {
            element: std::sync::Arc::new(m.clone()),
            len: Some(2),
        };
        assert_eq!(parts_of(&a), Some((float2.clone(), 6)));
        assert_eq!(parts_under(&a, &[1]), Some((3, 3, m)));
        assert_eq!(parts_under(&a, &[1, 2]), Some((5, 1, float2)));
        assert_eq!(parts_under(&a, &[2]), None);
        assert_eq!(parts_of(&Type::Vector(ScalarKind::Float, 4)), None);
    }
}
