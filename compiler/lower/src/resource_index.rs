//! Run-time indices into locals holding resources: `layers[i]` of a local array of
//! resources, and `mats[i].tex` of a local array of structs holding resources
//! (`Material mats[2] = { { gTex[1], gSamp[1], 0.5 }, { gTex[2], gSamp[2], 1.0 } };`).
//!
//! A resource needs a name at compile time (`resource_structs`), but a run of slots that
//! holds consecutive elements `c..c + n` of one global array in order names the global's
//! element `c + i` for a run-time `i`, as DXC's legalization finds once it has propagated
//! the copies. For an array of structs the run is one member's slot across the elements; the
//! data members of the element live in the data alloca's array at index `i`. Any other
//! run-time index chooses the resource at run time: E3020, as DXC fails there too.
//!
//! Called from `resource_structs.rs` (`denote` and places).

use hir::body::ExprId;
use ir::Value;
use types::Type;

use crate::context::R;
use crate::func::FnLower;
use crate::resource_structs::{Binding, Denoted, Member, Slot, Split, StructPart, DXC_FAILS};

/// A resource at a run-time index: slot `k` of the run is `prefix + [k] + suffix` of
/// `local`, for `k` in `0..len`, and `index` picks one.
#[derive(Debug, Clone)]
pub struct Strided {
    pub local: hir::body::LocalId,
    pub prefix: Vec<u32>,
    pub len: u32,
    pub suffix: Vec<u32>,
    pub index: ExprId,
}

impl Strided {
    fn slots(&self) -> Vec<Slot> {
        (0..self.len)
            .map(|k| {
                let mut p = self.prefix.clone();
                p.push(k);
                p.extend(&self.suffix);
                (self.local, p)
            })
            .collect()
    }
}

/// Element `index` of a local array of structs holding resources (`array`), or the member
/// struct at `rel` inside it, which splits as `split`.
#[derive(Debug, Clone)]
pub struct Indexed {
    array: StructPart,
    index: ExprId,
    rel: Vec<u32>,
    split: Split,
    /// The data indices of this part after the element's index (`None` without data).
    data_after: Option<Vec<u32>>,
}

/// A data member of an element at a run-time index: the data alloca, the indices before
/// the element, the element's index, the indices after it.
#[derive(Debug, Clone)]
pub struct IndexedData {
    ptr: Value,
    before: Vec<u32>,
    index: ExprId,
    after: Vec<u32>,
}

impl FnLower<'_, '_> {
    /// `array[index]` for a run-time `index` into a local array of structs holding
    /// resources.
    pub(crate) fn indexed_element(&mut self, array: StructPart, index: ExprId) -> R<Denoted> {
        let Some(Member::Nested(sub, d)) = array.split.members.first().cloned() else {
            return Err(self.unsupported("indexing an empty array", index));
        };
        Ok(Denoted::Indexed(Indexed {
            array,
            index,
            rel: Vec::new(),
            split: *sub,
            data_after: d.map(|_| Vec::new()),
        }))
    }

    /// Member `name` of an element at a run-time index.
    pub(crate) fn indexed_member(&mut self, ix: Indexed, name: &str, e: ExprId) -> R<Denoted> {
        let Some(i) = ix.split.names.iter().position(|n| n == name) else {
            return Err(self.unsupported("this member", e));
        };
        let mut rel = ix.rel.clone();
        rel.push(i as u32);
        let data_at = |d: Option<u32>| {
            let mut after = ix.data_after.clone()?;
            after.push(d?);
            Some(after)
        };
        Ok(match ix.split.members[i].clone() {
            Member::Resource => Denoted::Element(Strided {
                local: ix.array.local,
                prefix: ix.array.path.clone(),
                len: ix.array.split.members.len() as u32,
                suffix: rel,
                index: ix.index,
            }),
            Member::Data(d) => {
                let (Some((ptr, before)), Some(after)) = (ix.array.data.clone(), data_at(Some(d)))
                else {
                    return Err(self.unsupported("this member", e));
                };
                Denoted::IndexedData(IndexedData {
                    ptr,
                    before,
                    index: ix.index,
                    after,
                })
            }
            Member::Nested(sub, d) => Denoted::Indexed(Indexed {
                data_after: data_at(d),
                array: ix.array,
                index: ix.index,
                rel,
                split: *sub,
            }),
            Member::ResourceArray(n) => Denoted::IndexedArray(
                Strided {
                    local: ix.array.local,
                    prefix: ix.array.path.clone(),
                    len: ix.array.split.members.len() as u32,
                    suffix: rel,
                    index: ix.index,
                },
                n,
            ),
        })
    }

    /// A whole element at a run-time index used as a value (copied, or passed as an `in`
    /// argument): a temporary split local holding its data, each slot bound to that member's
    /// resource at the index (the global array's element where the elements hold
    /// consecutive ones, else E3020). Made once per expression of the statement.
    pub(crate) fn indexed_temp(&mut self, ix: Indexed, e: ExprId) -> R<StructPart> {
        // The index is read once per member: one with effects (`arr[j++]`) is evaluated
        // first, once, and read from there.
        let index = ix.index;
        let once = self.evaluate_index_once(index, e)?;
        let temp = self.indexed_temp_once(ix, e);
        if once {
            self.res.evaluated_indices.remove(&index);
        }
        temp
    }

    /// The run-time index of element `ix`.
    pub(crate) fn indexed_index(&self, ix: &Indexed) -> ExprId {
        ix.index
    }

    /// Evaluates `index`, an index with effects not yet evaluated for expression `e` (whose
    /// temporary `call_temps` does not hold yet), once, so that the reads of it that follow
    /// read that value (`int_index`); whether it did, and so the caller is to forget it
    /// after (`ResourceLocals::evaluated_indices`).
    pub(crate) fn evaluate_index_once(&mut self, index: ExprId, e: ExprId) -> R<bool> {
        if self.has_no_effects(index)
            || self.res.call_temps.contains_key(&e)
            || self.res.evaluated_indices.contains_key(&index)
        {
            return Ok(false);
        }
        let i = self.int_index(index)?;
        self.res.evaluated_indices.insert(index, i);
        Ok(true)
    }

    fn indexed_temp_once(&mut self, ix: Indexed, e: ExprId) -> R<StructPart> {
        let temp = match self.res.call_temps.get(&e) {
            Some(&l) => self.temp_part_of(l),
            None => {
                let temp = self.new_split_temp(ix.split.clone());
                if let (Some(from), Some(to)) = (
                    self.indexed_element_data(&ix)?,
                    self.part_data_pointer(&temp),
                ) {
                    let v = self.fb().load(from);
                    self.fb().store(to, v);
                }
                for rel in ix.split.resource_paths() {
                    let mut suffix = ix.rel.clone();
                    suffix.extend(&rel);
                    let p = self.run_time_element(Strided {
                        local: ix.array.local,
                        prefix: ix.array.path.clone(),
                        len: ix.array.split.members.len() as u32,
                        suffix,
                        index: ix.index,
                    })?;
                    self.bind_slot(temp.local, rel, p, e)?;
                }
                self.res.call_temps.insert(e, temp.local);
                temp
            }
        };
        Ok(temp)
    }

    /// Element `index` (at `e`) of array member `run` (of length `n`) of an element at a
    /// run-time index: at a constant index, that slot across the elements; a second run-time
    /// index is E3020.
    pub(crate) fn indexed_array_element(
        &mut self,
        mut run: Strided,
        n: u32,
        index: ExprId,
        e: ExprId,
    ) -> R<Denoted> {
        match self.const_int(index).and_then(|k| u32::try_from(k).ok()) {
            Some(k) if k < n => {
                run.suffix.push(k);
                Ok(Denoted::Element(run))
            }
            Some(_) => Err(self.unsupported("an index past the end of this array", e)),
            None => {
                let range = self.expr_range(index);
                Err(self.cx.error(
                    crate::RESOURCE_NOT_LEGAL,
                    format!(
                        "a second run-time index into an array member of an element at a \
                         run-time index chooses the resource at run time, which Vulkan \
                         cannot express; {DXC_FAILS} (index a global array instead)"
                    ),
                    range,
                ))
            }
        }
    }

    /// A pointer to the data part of the element (or member struct) `ix` in place; `None`
    /// when it has no data.
    pub(crate) fn indexed_element_data(&mut self, ix: &Indexed) -> R<Option<Value>> {
        let (Some((ptr, before)), Some(after)) = (ix.array.data.clone(), ix.data_after.clone())
        else {
            return Ok(None);
        };
        self.indexed_data_pointer(IndexedData {
            ptr,
            before,
            index: ix.index,
            after,
        })
        .map(Some)
    }

    /// The pointer to a data member of an element at a run-time index.
    pub(crate) fn indexed_data_pointer(&mut self, d: IndexedData) -> R<Value> {
        let i = self.int_index(d.index)?;
        let mut indices: Vec<Value> = d.before.iter().map(|&k| self.fb().int(k as i32)).collect();
        indices.push(i);
        for &k in &d.after {
            let k = self.fb().int(k as i32);
            indices.push(k);
        }
        Ok(self.fb().access_chain(d.ptr, &indices))
    }

    /// The resource at a run-time index: when the run of slots holds consecutive elements
    /// `c..c + len` of one global array (`c` a constant or, in a copy given the run, an
    /// incoming index, `resource_runs`), element `c + i` of that global. Any other run needs
    /// a resource chosen at run time, which Vulkan cannot express and DXC's legalization
    /// cannot remove either: E3020.
    pub(crate) fn run_time_element(&mut self, s: Strided) -> R<Value> {
        let Some((global, first)) = self.consecutive_elements(&s.slots()) else {
            // A row of a global array of arrays (`resource_rows`).
            if let Some(row) = self.innermost_row(&s.slots()) {
                let i = self.int_index(s.index)?;
                return Ok(self.row_element(row, i));
            }
            // A slot never assigned is the error of its own (`resource_dead`).
            for slot in s.slots() {
                self.read_slot(&slot, s.index)?;
            }
            let range = self.expr_range(s.index);
            return Err(self.cx.error(
                crate::RESOURCE_NOT_LEGAL,
                format!(
                    "a run-time index into an array of resources (or of structs holding them) \
                     whose elements are not consecutive elements of one global array chooses \
                     the resource at run time, which Vulkan cannot express; {DXC_FAILS} \
                     (index a global array instead)"
                ),
                range,
            ));
        };
        let mut i = self.int_index(s.index)?;
        if self.int_constant(first) != Some(0) {
            i = self.fb().binary(ir::Opcode::Add, i, first);
        }
        Ok(self.fb().access_chain(global, &[i]))
    }

    /// Index `e` as an `int` (the value it had when an index with effects was evaluated
    /// once for the expression being lowered).
    fn int_index(&mut self, e: ExprId) -> R<Value> {
        if let Some(&i) = self.res.evaluated_indices.get(&e) {
            return Ok(i);
        }
        let i = self.index_value(e)?;
        let from = self.type_of(i);
        self.convert_value(i, &from, &Type::INT, e)
    }

    /// The global array (or row of a global array of arrays, `resource_array_returns`) and
    /// the index of its first element when `slots` hold its elements
    /// `first..first + slots.len()` in order: `first` a constant, or an incoming index
    /// argument followed by the next ones (`resource_runs`).
    pub(crate) fn consecutive_elements(&mut self, slots: &[Slot]) -> Option<(Value, Value)> {
        let mut found: Option<(Value, Value, Value)> = None;
        for slot in slots {
            let Some(Binding::Bound(Value::Inst(i))) = self.res.slots.get(slot).copied() else {
                return None;
            };
            let d = self.cx.mb.module().functions[self.func].insts[i].clone();
            let (ir::Opcode::AccessChain, [base, index]) = (d.opcode, &d.operands[..]) else {
                return None;
            };
            let g = match base {
                Value::Global(_) => base,
                // A row at a constant index.
                row if self
                    .named_resource_value(*row)
                    .is_some_and(|(_, r)| r.is_some()) =>
                {
                    row
                }
                _ => return None,
            };
            let count = match self.type_of(*g).pointee() {
                Some((_, Type::Array { len: Some(n), .. })) => i64::from(*n),
                _ => return None,
            };
            // A constant index must lie in the array.
            if self
                .int_constant(*index)
                .is_some_and(|k| k < 0 || k >= count)
            {
                return None;
            }
            let first = match found {
                Some((fg, first, prev)) if fg == *g && self.is_next_index(prev, *index) => first,
                Some(_) => return None,
                // The element of slot 0 fixes where the run starts.
                None if self.int_constant(*index).is_some() || matches!(index, Value::Arg(_)) => {
                    *index
                }
                None => return None,
            };
            found = Some((*g, first, *index));
        }
        found.map(|(g, first, _)| (g, first))
    }
}
