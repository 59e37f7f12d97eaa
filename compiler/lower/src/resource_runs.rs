//! Runs of consecutive elements of one global resource array passed into a function copy
//! (`m.a = ts; m.get(i)` with `get` indexing `a[i]`): the callee sees each element as an
//! access chain into the global at an incoming `int` argument, which alone does not say that
//! the elements are consecutive, so a run-time index into them would be refused.
//!
//! The caller marks each resource argument that is the element right after the one before
//! it (`ResourceArg::follows`: same global, index one more, both constants or incoming
//! arguments the caller's own copy knows to follow each other), which makes such runs pick
//! a copy of their own. Once that copy has bound its parameters, `FnLower::record_incoming_runs`
//! pairs its incoming index arguments with the marked resources, and
//! `FnLower::is_next_index` lets `resource_index` treat `a[i]` as the global's element at
//! the run's first incoming index plus `i`, as DXC's inlining does.
//!
//! Called from `resource_out.rs` and `resource_structs.rs` (arguments), `func.rs`
//! (parameters) and `resource_index.rs` (run-time indices).

use ir::{Opcode, Value};

use crate::context::ResourceArg;
use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// Whether `global[index]`, about to be passed after `resources` (whose `int` indices
    /// end with `indices`), is the element right after the last of them.
    pub(crate) fn follows_previous(
        &self,
        global: Option<ir::Global>,
        index: Value,
        resources: &[ResourceArg],
        indices: &[Value],
    ) -> bool {
        let (Some(prev), Some(&prev_index)) = (resources.last(), indices.last()) else {
            return false;
        };
        global.is_some()
            && prev.indexed
            && prev.global == global
            && self.is_next_index(prev_index, index)
    }

    /// Whether index `next` is `prev + 1`: constants, or incoming index arguments of this
    /// copy that its caller passed as consecutive elements.
    pub(crate) fn is_next_index(&self, prev: Value, next: Value) -> bool {
        if let (Some(a), Some(b)) = (self.int_constant(prev), self.int_constant(next)) {
            return a.checked_add(1) == Some(b);
        }
        match (prev, next) {
            (Value::Arg(a), Value::Arg(b)) => self.res.arg_follows.get(&b) == Some(&a),
            _ => false,
        }
    }

    /// The value of `v` when it is an integer constant.
    pub(crate) fn int_constant(&self, v: Value) -> Option<i64> {
        let Value::Const(c) = v else { return None };
        let module = self.cx.mb.module();
        let c = &module.constants[c];
        match (&c.ty, &c.kind) {
            (types::Type::Scalar(types::ScalarKind::Int), ir::ConstantKind::Scalar(bits)) => {
                Some(i64::from(*bits as u32 as i32))
            }
            (types::Type::Scalar(types::ScalarKind::Uint), ir::ConstantKind::Scalar(bits)) => {
                Some(i64::from(*bits as u32))
            }
            _ => None,
        }
    }

    /// Once the parameters are bound: records which incoming index argument follows which
    /// (`ResourceArg::follows`). Binding made one `access_chain @global, %argN` per incoming
    /// element, numbered in the order of this copy's resources, so the chains ordered by
    /// argument pair with the indexed resources in order (their globals must agree, else
    /// nothing is recorded).
    pub(crate) fn record_incoming_runs(&mut self) {
        let resources = self.indexed_resource_args();
        let indexed: Vec<_> = resources.iter().filter(|r| r.indexed).collect();
        if !indexed.iter().any(|r| r.follows) {
            return;
        }
        let Some(chains) = self.incoming_chains(&indexed) else {
            return;
        };
        for (k, r) in indexed.iter().enumerate().skip(1) {
            if r.follows {
                self.res.arg_follows.insert(chains[k].0, chains[k - 1].0);
            }
        }
    }

    /// This copy's resource arguments (empty for a function taking none).
    pub(crate) fn indexed_resource_args(&self) -> Vec<ResourceArg> {
        self.cx
            .resource_args
            .get(&self.func)
            .cloned()
            .unwrap_or_default()
    }

    /// The `access_chain @global, %argN` instructions binding made for the incoming
    /// elements, as `(N, chain, global)` ordered by argument, when they pair one to one with
    /// `indexed` (the copy's indexed resources, in order) and their globals agree.
    pub(crate) fn incoming_chains(
        &self,
        indexed: &[&ResourceArg],
    ) -> Option<Vec<(u32, ir::Inst, ir::Global)>> {
        let f = &self.cx.mb.module().functions[self.func];
        let mut chains: Vec<(u32, ir::Inst, ir::Global)> = f
            .insts
            .iter()
            .filter(|(_, d)| d.block.is_some() && d.opcode == Opcode::AccessChain)
            .filter_map(|(i, d)| match d.operands[..] {
                [Value::Global(g), Value::Arg(n)] => Some((n, i, g)),
                _ => None,
            })
            .collect();
        chains.sort_by_key(|c| c.0);
        let lined_up = chains.len() == indexed.len()
            && chains
                .iter()
                .zip(indexed)
                .all(|(c, r)| r.global == Some(c.2));
        lined_up.then_some(chains)
    }
}
