//! Under `-pack-optimized`, DXC gives each element of an array stage variable, and each row of
//! a matrix one, a variable of its own before packing them (its spirv-opt pass
//! `flatten_array_matrix_stage_var`: `float2 c[3] : C` becomes `out_var_C_0`, `_1`, `_2`).
//! [`split`] does the same to an IR global once the entry point is lowered: the global becomes
//! its first part and new globals the others; a whole `load` becomes the loads of the parts
//! and a `composite_construct`, a whole `store` a `composite_extract` and a store per part,
//! and an `access_chain` whose first index is a constant goes into that part. Any other use
//! (a dynamic first index) cannot be split, and is reported by the caller
//! (`signature_packing`).

use std::collections::HashMap;

use ir::{Global, InstData, Opcode, Value};
use types::Type;

/// The part type and count of a stage variable DXC splits: an array of scalars or vectors, or
/// a matrix of more than one row and column (its rows).
pub(crate) fn parts_of(ty: &Type) -> Option<(Type, u32)> {
    match ty {
        Type::Array {
            element,
            len: Some(n),
        } if matches!(**element, Type::Scalar(_) | Type::Vector(..)) => {
            Some(((**element).clone(), *n))
        }
        Type::Matrix {
            scalar, rows, cols, ..
        } if ty.one_row_or_column().is_none() => {
            Some((Type::Vector(*scalar, *cols), u32::from(*rows)))
        }
        _ => None,
    }
}

/// The constant index `v` holds, if it is one.
fn constant_index(m: &ir::Module, v: Value) -> Option<u32> {
    let Value::Const(c) = v else { return None };
    match m.constants.get(c)?.kind {
        ir::ConstantKind::Scalar(bits) => u32::try_from(bits).ok(),
        _ => None,
    }
}

/// Whether every use of `g` in `m` is one [`split`] rewrites.
fn splittable(m: &ir::Module, g: Global) -> bool {
    let me = Value::Global(g);
    m.functions.iter().all(|(_, f)| {
        ir::util::placed_insts(f).into_iter().all(|(_, i)| {
            let d = &f.insts[i];
            d.operands.iter().enumerate().all(|(k, &o)| {
                o != me
                    || (k == 0
                        && match d.opcode {
                            Opcode::Load | Opcode::Store => true,
                            Opcode::AccessChain => d
                                .operands
                                .get(1)
                                .is_some_and(|&x| constant_index(m, x).is_some()),
                            _ => false,
                        })
            })
        })
    })
}

/// Splits stage variable `g` (of a type [`parts_of`] takes) into one global per element or
/// row, `g` itself the first, renamed `<name>_0` like the others; the parts in order, or
/// `None` (nothing changed) when some use of `g` cannot be split.
pub(crate) fn split(m: &mut ir::Module, g: Global) -> Option<Vec<Global>> {
    let whole = m.globals[g].clone();
    let (part_ty, n) = parts_of(&whole.ty)?;
    if !splittable(m, g) {
        return None;
    }
    let mut parts = vec![g];
    {
        let first = &mut m.globals[g];
        first.ty = part_ty.clone();
        first.name = format!("{}_0", whole.name);
    }
    for i in 1..n {
        let mut part = whole.clone();
        part.ty = part_ty.clone();
        part.name = format!("{}_{i}", whole.name);
        parts.push(m.globals.push(part));
    }
    let index_of = |m: &ir::Module, v: Value| constant_index(m, v).map(|k| k as usize);
    let indices: Vec<Vec<Option<usize>>> = m
        .functions
        .iter()
        .map(|(_, f)| {
            f.insts
                .iter()
                .map(|(_, d)| d.operands.get(1).and_then(|&x| index_of(m, x)))
                .collect()
        })
        .collect();
    let me = Value::Global(g);
    let handles: Vec<ir::Func> = m.functions.iter().map(|(h, _)| h).collect();
    for (h, indices) in handles.into_iter().zip(indices) {
        let f = &mut m.functions[h];
        let mut replacements = HashMap::new();
        for b in f.layout.clone() {
            let old = f.blocks[b].insts.clone();
            let mut new = Vec::with_capacity(old.len());
            for i in old {
                let d = f.insts[i].clone();
                if d.operands.first() != Some(&me) {
                    new.push(i);
                    continue;
                }
                let placed = |data: InstData| {
                    let mut data = data;
                    data.block = Some(b);
                    data.loc = d.loc;
                    data
                };
                match d.opcode {
                    Opcode::Load => {
                        let mut loads = Vec::new();
                        for &p in &parts {
                            let l = f.insts.push(placed(InstData::new(
                                Opcode::Load,
                                part_ty.clone(),
                                vec![Value::Global(p)],
                            )));
                            new.push(l);
                            loads.push(Value::Inst(l));
                        }
                        let whole_value = &mut f.insts[i];
                        whole_value.opcode = Opcode::CompositeConstruct;
                        whole_value.operands = loads;
                        new.push(i);
                    }
                    Opcode::Store => {
                        let value = d.operands[1];
                        for (k, &p) in parts.iter().enumerate() {
                            let mut extract = InstData::new(
                                Opcode::CompositeExtract,
                                part_ty.clone(),
                                vec![value],
                            );
                            extract.literals = vec![k as i64];
                            let e = f.insts.push(placed(extract));
                            new.push(e);
                            let store = vec![Value::Global(p), Value::Inst(e)];
                            if k + 1 == parts.len() {
                                f.insts[i].operands = store;
                                new.push(i);
                            } else {
                                let s = f.insts.push(placed(InstData::new(
                                    Opcode::Store,
                                    Type::Void,
                                    store,
                                )));
                                new.push(s);
                            }
                        }
                    }
                    _ => {
                        // An access chain with a constant first index (`splittable`).
                        let Some(p) = indices
                            .get(i.index())
                            .copied()
                            .flatten()
                            .and_then(|k| parts.get(k).copied())
                        else {
                            new.push(i);
                            continue;
                        };
                        if d.operands.len() == 2 {
                            replacements.insert(Value::Inst(i), Value::Global(p));
                            f.insts[i].block = None;
                        } else {
                            let chain = &mut f.insts[i];
                            chain.operands.remove(1);
                            chain.operands[0] = Value::Global(p);
                            new.push(i);
                        }
                    }
                }
            }
            f.blocks[b].insts = new;
        }
        ir::util::apply_replacements(f, &replacements);
    }
    for e in &mut m.entry_points {
        for list in [&mut e.inputs, &mut e.outputs] {
            if let Some(at) = list.iter().position(|&x| x == g) {
                list.splice(at..=at, parts.iter().copied());
            }
        }
    }
    Some(parts)
}
