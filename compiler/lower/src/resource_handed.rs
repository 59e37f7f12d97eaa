//! Resources a function hands back as elements of a global resource array at a run-time
//! index: a resource member of the struct it returns (`M pick(uint i) { M m; m.t = texs[i];
//! return m; }`), or a resource (or a struct's resource member) it hands back through an
//! `out`/`inout` parameter (`void get(uint i, out Texture2D t) { t = texs[i]; }`).
//!
//! Resources are bound at compile time (`resource_structs`), but such an element's index is
//! a run-time value. As the IR seed passes a run-time index *into* a copy of a function as an
//! ordinary `int` argument, the copy hands one back through a hidden `out int` parameter
//! (a pointer to the caller's `int`), one per such slot, appended after its declared
//! parameters when its body first hands an element back there. The callee is lowered before
//! its first caller (`user_call`), so every call sees the final parameter list. Each
//! `return` (and the end of the body, for `out` parameters) stores the slot's index through
//! that pointer; the `return`s must name the same global array (the index may differ), or
//! the resource would depend on run-time control flow (E3020). The caller passes a
//! temporary for each hidden parameter and, after the call, binds the slot to the global
//! array indexed by what the call left there.
//!
//! Called from `resource_structs.rs` (returned structs), `resource_out.rs` (`out`
//! parameters) and `user_call.rs` (the temporaries).

use ir::{Func, Global, Value};
use types::{AddressSpace, ScalarKind, Type};

use crate::context::{ModuleCtx, R};
use crate::func::FnLower;
use crate::resource_statics::StaticResource;

/// The resource a function hands back in one slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Handed {
    /// A global, or a constant element of a global array.
    Named(StaticResource),
    /// An element of the global array at a run-time index, which the function stores
    /// through its hidden `out int` parameter (the IR parameter number).
    Indexed(Global, u32),
    /// Element `k` of a row at a run-time index of a global array of arrays (`g[r][k]`),
    /// the row index stored through the hidden `out int` parameter (the IR parameter number).
    InIndexedRow(Global, u32, i64),
}

impl Handed {
    /// The global or constant element, when the resource is one.
    pub fn named(self) -> Option<StaticResource> {
        match self {
            Handed::Named(r) => Some(r),
            Handed::Indexed(..) | Handed::InIndexedRow(..) => None,
        }
    }
}

/// Where a function hands a resource back: slot `k` of the struct it returns, slot `k` of
/// its `out`/`inout` parameter `n` (declared index; a plain resource has one slot), or a
/// slot of a `static` flowing through it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HandedAt {
    Return(u32),
    Out(u32, u32),
    /// Incoming state `k` of a `static` flowing through the copy (`static_flow`).
    Static(u32),
}

/// A hidden `out int` parameter of a function that hands elements back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HiddenIndex {
    /// The IR parameter number.
    pub param: u32,
    /// The place it serves.
    pub at: HandedAt,
    /// Whether a `return` stored an index marked by `NonUniformResourceIndex`
    /// (`resource_nonuniform`): the caller marks what it reads.
    pub nonuniform: bool,
}

/// The hidden index parameters of a function, in parameter order.
pub type HiddenIndices = Vec<HiddenIndex>;

/// The temporaries a call passes to its callee's hidden parameters: the parameter and the
/// caller's `int` alloca.
pub type IndexTemps = Vec<(HiddenIndex, Value)>;

impl ModuleCtx<'_> {
    /// The hidden index parameters of `f`, in parameter order.
    pub fn hidden_indices(&self, f: Func) -> &[HiddenIndex] {
        self.hidden_indices
            .get(&f)
            .map(Vec::as_slice)
            .unwrap_or_default()
    }
}

impl FnLower<'_, '_> {
    /// What this function hands back at `at` when the slot holds `p`: a global or constant
    /// element, or an element at a run-time index, whose index it stores through the hidden
    /// parameter for `at` (added on first need). `None` when `p` is neither.
    pub(crate) fn hand_back(&mut self, p: Value, at: HandedAt) -> Option<Handed> {
        if let Some(r) = self.named_resource_value(p) {
            return Some(Handed::Named(r));
        }
        // `g[r][k]` at constant indices (a function returning a row).
        if let Some(r) = self.row_element_of(p) {
            return Some(Handed::Named(r));
        }
        if let Some((g, row, k)) = self.indexed_row_element_of(p) {
            let Type::Scalar(kind) = self.type_of(row) else {
                return None;
            };
            let nonuniform = self.is_nonuniform_index(row);
            let row = self.convert_kind(row, kind, ScalarKind::Int, &Type::INT);
            let n = self.hidden_parameter(at, nonuniform);
            self.fb().store(Value::Arg(n), row);
            return Some(Handed::InIndexedRow(g, n, k));
        }
        // An element of an array of arrays goes back as its row-major position (`row_flow`).
        let (g, index) = match self.element_of(p) {
            Some(e) => e,
            None => self.flat_element_of(p)?,
        };
        let Type::Scalar(kind) = self.type_of(index) else {
            return None;
        };
        let nonuniform = self.is_nonuniform_index(index);
        let index = self.convert_kind(index, kind, ScalarKind::Int, &Type::INT);
        let n = self.hidden_parameter(at, nonuniform);
        self.fb().store(Value::Arg(n), index);
        Some(Handed::Indexed(g, n))
    }

    /// Merges what this function hands back at one more exit (`now`, about to return) into
    /// what its earlier exits handed back (`prev`); `false` when they disagree. An element
    /// of an array at a constant index agrees with one of the same array at a run-time
    /// index: the constant is stored through the hidden index (before the earlier `ret`s,
    /// when they handed back the constant one).
    pub(crate) fn merge_handed(
        &mut self,
        prev: &mut [Option<Handed>],
        now: &[Option<Handed>],
    ) -> bool {
        if prev.len() != now.len() {
            return false;
        }
        for (p, n) in prev.iter_mut().zip(now) {
            match (*p, *n) {
                (a, b) if a == b => {}
                (Some(Handed::Indexed(g, param)), Some(Handed::Named((h, Some(k))))) if g == h => {
                    let k = self.fb().int(k as i32);
                    self.fb().store(Value::Arg(param), k);
                }
                (Some(Handed::Named((h, Some(k)))), Some(Handed::Indexed(g, param))) if g == h => {
                    self.store_before_returns(param, k);
                    *p = Some(Handed::Indexed(g, param));
                }
                _ => return false,
            }
        }
        true
    }

    /// Stores constant `k` through hidden parameter `param` before every `ret` lowered so
    /// far.
    fn store_before_returns(&mut self, param: u32, k: i64) {
        let f = &self.cx.mb.module().functions[self.func];
        let returns: Vec<(ir::Block, ir::Inst)> = f
            .insts
            .iter()
            .filter(|(_, d)| d.opcode == ir::Opcode::Return)
            .filter_map(|(i, d)| Some((d.block?, i)))
            .collect();
        let Some(current) = self.current else {
            return;
        };
        for (b, ret) in returns {
            let k = self.fb().int(k as i32);
            self.fb().store(Value::Arg(param), k);
            // The store was appended to the current block: move it before that `ret`.
            let f = &mut self.cx.mb.module_mut().functions[self.func];
            let Some(store) = f.blocks[current].insts.pop() else {
                return;
            };
            let at = f.blocks[b].insts.iter().position(|&x| x == ret);
            let at = at.unwrap_or(f.blocks[b].insts.len());
            f.blocks[b].insts.insert(at, store);
            f.insts[store].block = Some(b);
        }
    }

    /// The hidden `out int` parameter of this function for `at`, appended after the others
    /// the first time; `nonuniform` when the index stored now is marked.
    fn hidden_parameter(&mut self, at: HandedAt, nonuniform: bool) -> u32 {
        let hidden = self.cx.hidden_indices.entry(self.func).or_default();
        if let Some(h) = hidden.iter_mut().find(|h| h.at == at) {
            h.nonuniform |= nonuniform;
            return h.param;
        }
        let f = &mut self.cx.mb.module_mut().functions[self.func];
        let n = f.params.len() as u32;
        f.params.push(ir::Param {
            ty: Type::pointer(AddressSpace::Function, Type::INT),
            name: Default::default(),
        });
        let name = match at {
            HandedAt::Return(k) => format!("return.{k}.index"),
            HandedAt::Static(k) => format!("static.{k}.index"),
            HandedAt::Out(crate::resource_out::THIS, k) => format!("this.{k}.index"),
            HandedAt::Out(p, k) => {
                let local = self.body.params.get(p as usize).copied();
                let param = local.map(|l| self.body.local(l).name.clone());
                format!("{}.{k}.index", param.unwrap_or_default())
            }
        };
        self.fb().set_param_name(n as usize, &name);
        self.cx
            .hidden_indices
            .entry(self.func)
            .or_default()
            .push(HiddenIndex {
                param: n,
                at,
                nonuniform,
            });
        n
    }

    /// For a call of `f`: an `int` temporary for each of its hidden index parameters, in
    /// parameter order (the call's last arguments).
    pub(crate) fn index_temps(&mut self, f: Func) -> IndexTemps {
        let hidden = self.cx.hidden_indices(f).to_vec();
        hidden
            .into_iter()
            .map(|h| (h, self.entry_alloca(Type::INT, "index")))
            .collect()
    }

    /// After a call: the pointer to the resource the callee handed back, the element of
    /// the global array at the index it left in `temps` for an indexed one.
    pub(crate) fn handed_pointer(&mut self, h: Handed, temps: &IndexTemps) -> Option<Value> {
        match h {
            Handed::Named(r) => Some(self.static_pointer(r)),
            Handed::InIndexedRow(g, n, k) => {
                let &(hidden, temp) = temps.iter().find(|t| t.0.param == n)?;
                let mut row = self.fb().load(temp);
                if hidden.nonuniform {
                    row = self.mark_nonuniform(row);
                }
                let row = self.fb().access_chain(Value::Global(g), &[row]);
                let k = self.fb().int(k as i32);
                Some(self.fb().access_chain(row, &[k]))
            }
            Handed::Indexed(g, n) => {
                let &(hidden, temp) = temps.iter().find(|t| t.0.param == n)?;
                let mut index = self.fb().load(temp);
                if hidden.nonuniform {
                    index = self.mark_nonuniform(index);
                }
                Some(self.global_element(g, index))
            }
        }
    }

    /// [`Self::handed_pointer`] for each slot (`None` stays `None`); an unknown hidden
    /// parameter is an E3001 at `e`.
    pub(crate) fn handed_pointers(
        &mut self,
        handed: &[Option<Handed>],
        temps: &IndexTemps,
        e: hir::body::ExprId,
    ) -> R<Vec<Option<Value>>> {
        let mut out = Vec::new();
        for h in handed {
            out.push(match h {
                None => None,
                Some(h) => match self.handed_pointer(*h, temps) {
                    Some(p) => Some(p),
                    None => {
                        return Err(self.unsupported("this call handing back resources by index", e))
                    }
                },
            });
        }
        Ok(out)
    }
}
