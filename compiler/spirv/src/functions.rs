//! Functions: parameters, blocks in dominance order (reverse post-order, then the unreachable
//! merge and continue blocks), structure markers as `OpSelectionMerge`/`OpLoopMerge` with
//! their control hints, phis, terminators, and the memory opcodes (`Alloca` hoisted to the
//! entry block, `Load`/`Store` with conversions between the plain and the buffer or stage
//! representation, `AccessChain` with the buffer entry rules). The per-function state [`Fx`]
//! is shared with `instructions`, `texture` and `intrinsics`, which lower the other opcodes.

use std::collections::{HashMap, HashSet};

use rspirv::dr::{self, Instruction, Operand};
use rspirv::spirv::{
    self, Decoration, FunctionControl, LoopControl, Op, SelectionControl, StorageClass, Word,
};
use types::{LayoutKind, ResourceType, Type, TypeLayout};

use crate::context::{in_function, Ctx, Pointee};
use crate::instructions::shape as shape_of;
use crate::types::{has_bool, scalar_of, strided_line, vector_view, BlockKind, Scalar};
use crate::{Result, SpirvError};

/// A pointer value: its storage class and what it points to.
#[derive(Debug, Clone)]
pub(crate) struct PtrInfo {
    pub class: StorageClass,
    pub pointee: Pointee,
    /// Reached through a `NonUniformResourceIndex` index.
    pub nonuniform: bool,
}

/// The bits of the word a pointer to a bit-field in a buffer points into.
fn bit_field(p: &Pointee) -> Option<types::BitRange> {
    match p.layout.as_ref().map(|l| &l.kind) {
        Some(&LayoutKind::BitField { bit_offset, width }) => Some(types::BitRange {
            offset: bit_offset,
            width,
        }),
        _ => None,
    }
}

/// Per-function lowering state.
pub(crate) struct Fx<'a, 'm> {
    pub cx: &'a mut Ctx<'m>,
    pub f: &'m ir::Function,
    pub fidx: usize,
    values: HashMap<ir::Inst, Word>,
    forward: HashMap<ir::Inst, Word>,
    ptrs: HashMap<ir::Inst, PtrInfo>,
    params: Vec<(Word, Option<PtrInfo>)>,
    vars: Vec<Instruction>,
    blocks: Vec<dr::Block>,
    cur: Option<dr::Block>,
    labels: HashMap<ir::Block, Word>,
    exit_labels: HashMap<ir::Block, Word>,
    /// Phis whose parent labels are fixed up at the end: (SPIR-V block, index, IR blocks).
    phi_fixups: Vec<(usize, usize, Vec<ir::Block>)>,
    pub nonuniform: HashSet<ir::Value>,
    /// The stages of the entry points whose call trees include this function.
    pub stages: Vec<ir::Stage>,
    cur_block: Option<ir::Block>,
    /// Debug information of this function (`-fspv-debug=`).
    pub debug: crate::debug_info::FnDebug,
    /// Access chains that stopped inside a nested resource array (`resource_grid`).
    rows: HashMap<ir::Inst, crate::resource_grid::PartialRow>,
    /// Access chains that stopped inside a flattened nested resource array: the global and
    /// the indices so far (`flatten`).
    flat_rows: HashMap<ir::Inst, (ir::Global, Vec<ir::Value>)>,
    /// Splats that only feed vector or matrix times scalar products, not emitted (`scale`).
    elided: HashSet<ir::Inst>,
    /// Chains that stopped at a row of a flat `PrimitiveIndicesNV` array (`mesh_nv`).
    pub(crate) nv_rows: HashMap<ir::Inst, crate::mesh_nv::IndexRow>,
}

pub(crate) fn lower_function(cx: &mut Ctx<'_>, h: ir::Func) -> Result<()> {
    let m = cx.m;
    let f = &m.functions[h];
    let stages = function_stages(m, h);
    let mut fx = Fx {
        cx,
        f,
        fidx: h.index(),
        values: HashMap::new(),
        forward: HashMap::new(),
        ptrs: HashMap::new(),
        params: Vec::new(),
        vars: Vec::new(),
        blocks: Vec::new(),
        cur: None,
        labels: HashMap::new(),
        exit_labels: HashMap::new(),
        phi_fixups: Vec::new(),
        nonuniform: HashSet::new(),
        stages,
        debug: Default::default(),
        cur_block: None,
        rows: HashMap::new(),
        flat_rows: HashMap::new(),
        elided: crate::scale::elided_splats(m, f),
        nv_rows: HashMap::new(),
    };
    fx.lower().map_err(|e| in_function(e, f, None))
}

impl<'m> Fx<'_, 'm> {
    fn lower(&mut self) -> Result<()> {
        let f = self.f;
        if f.layout.is_empty() {
            return Err(SpirvError::invalid(format!(
                "function @{} has no blocks",
                f.name
            )));
        }
        let ret = self.cx.plain_type(&f.ret)?;
        let mut param_types = Vec::new();
        let mut param_words = Vec::new();
        for p in &f.params {
            match &p.ty {
                Type::Pointer { space, pointee } => {
                    // A ray query lives in a function variable: a pointer to it, or to an
                    // array of them (lowering passes an element as the array and its
                    // indices), is an ordinary parameter.
                    let mut innermost = &**pointee;
                    while let Type::Array { element, .. } = innermost {
                        innermost = element;
                    }
                    let query =
                        matches!(innermost.as_resource(), Some(ResourceType::RayQuery { .. }));
                    if !query && innermost.as_resource().is_some() {
                        return Err(SpirvError::unsupported(format!(
                            "function @{} takes a resource pointer (inline it first)",
                            f.name
                        )));
                    }
                    let class = storage_class(self.cx, *space);
                    let pointee = Pointee::plain((**pointee).clone());
                    let t = self.cx.pointee_type(&pointee)?;
                    let pt = self.cx.pointer_type(class, t);
                    param_types.push(pt);
                    param_words.push((
                        pt,
                        Some(PtrInfo {
                            class,
                            pointee,
                            nonuniform: false,
                        }),
                    ));
                }
                t => {
                    let pt = self.cx.plain_type(t)?;
                    param_types.push(pt);
                    param_words.push((pt, None));
                }
            }
        }
        let fn_ty = self.cx.function_type(ret, &param_types);
        let fid = self.cx.func_ids[self.fidx];
        self.debug.function = self.cx.debug_function(f, &f.name);
        for d in &f.decorations {
            self.cx.inline_decoration(fid, None, d.clone())?;
        }
        let mut func = dr::Function::new();
        func.def = Some(Instruction::new(
            Op::Function,
            Some(ret),
            Some(fid),
            vec![
                Operand::FunctionControl(FunctionControl::NONE),
                Operand::IdRef(fn_ty),
            ],
        ));
        for (n, ((ty, info), p)) in param_words.into_iter().zip(&f.params).enumerate() {
            let id = self.cx.id();
            if matches!(p.ty, Type::BufferPointer { .. }) {
                let aliased = f.aliased_pointers.contains(&ir::Value::Arg(n as u32));
                let d = if aliased {
                    spirv::Decoration::Aliased
                } else {
                    spirv::Decoration::Restrict
                };
                self.cx.decorate(id, d, &[]);
            }
            // An `out`/`inout` parameter holding buffer pointers is a pointer to them, which
            // SPIR-V asks to mark as a variable holding them is.
            if let Type::Pointer { pointee, .. } = &p.ty {
                let aliased = f.aliased_pointers.contains(&ir::Value::Arg(n as u32));
                self.cx.buffer_pointer_variable(id, pointee, aliased);
            }
            func.parameters.push(Instruction::new(
                Op::FunctionParameter,
                Some(ty),
                Some(id),
                vec![],
            ));
            self.params.push((id, info));
        }
        for (i, p) in f.params.iter().enumerate() {
            if let Some(n) = p.name.as_deref() {
                let id = self.params[i].0;
                self.cx.name(id, n);
            }
        }

        let order = structured_order(f);
        for &b in &order {
            let l = self.cx.id();
            self.labels.insert(b, l);
            if let Some(n) = f.blocks.get(b).and_then(|d| d.name.as_deref()) {
                self.cx.name(l, n);
            }
        }
        for &b in &order {
            self.lower_block(b)?;
        }
        // Fix up the parent labels of phis (a block may have been split).
        for (bi, ii, preds) in std::mem::take(&mut self.phi_fixups) {
            let labels: Vec<Word> = preds
                .iter()
                .map(|p| {
                    self.exit_labels
                        .get(p)
                        .or(self.labels.get(p))
                        .copied()
                        .unwrap_or(0)
                })
                .collect();
            if let Some(inst) = self
                .blocks
                .get_mut(bi)
                .and_then(|b| b.instructions.get_mut(ii))
            {
                for (k, l) in labels.into_iter().enumerate() {
                    if let Some(op) = inst.operands.get_mut(2 * k + 1) {
                        *op = Operand::IdRef(l);
                    }
                }
            }
        }
        let mut entry = std::mem::take(&mut self.vars);
        entry.extend(self.debug_entry(fid));
        if let Some(first) = self.blocks.first_mut() {
            entry.append(&mut first.instructions);
            first.instructions = entry;
        }
        func.blocks = std::mem::take(&mut self.blocks);
        func.end = Some(Instruction::new(Op::FunctionEnd, None, None, vec![]));
        self.cx.functions.push(func);
        Ok(())
    }

    // Emission helpers.

    /// Starts a new SPIR-V block with `label`.
    pub fn begin_block(&mut self, label: Word) {
        if let Some(b) = self.cur.take() {
            self.blocks.push(b);
        }
        let mut b = dr::Block::new();
        b.label = Some(Instruction::new(Op::Label, None, Some(label), vec![]));
        self.cur = Some(b);
        self.debug.new_block();
        if let Some(ib) = self.cur_block {
            self.exit_labels.insert(ib, label);
        }
    }

    pub fn push(&mut self, inst: Instruction) {
        let debug = self.debug_before(&inst);
        if let Some(b) = self.cur.as_mut() {
            b.instructions.extend(debug);
            b.instructions.push(inst);
        }
    }

    /// Emits an instruction with a result and returns its id.
    pub fn op(&mut self, op: Op, ty: Word, operands: Vec<Operand>) -> Word {
        let id = self.cx.id();
        self.push(Instruction::new(op, Some(ty), Some(id), operands));
        id
    }

    /// Emits an instruction without a result.
    pub fn op_void(&mut self, op: Op, operands: Vec<Operand>) {
        self.push(Instruction::new(op, None, None, operands));
    }

    pub fn ids(ids: &[Word]) -> Vec<Operand> {
        ids.iter().map(|&i| Operand::IdRef(i)).collect()
    }

    /// A `GLSL.std.450` instruction.
    pub fn glsl(&mut self, ty: Word, inst: u32, args: &[Word]) -> Word {
        let set = self.cx.glsl();
        let mut ops = vec![Operand::IdRef(set), Operand::LiteralExtInstInteger(inst)];
        ops.extend(Self::ids(args));
        self.op(Op::ExtInst, ty, ops)
    }

    // Values.

    pub fn value(&mut self, v: ir::Value) -> Result<Word> {
        match v {
            ir::Value::Const(c) => self.cx.ir_const(c),
            ir::Value::Spec(s) => self.cx.spec_const(s),
            ir::Value::Global(g) => {
                if self.cx.flat_arrays.contains_key(&g.index()) {
                    return Err(self.cx.flat_whole(g));
                }
                let id = self
                    .cx
                    .global_info
                    .get(g.index())
                    .and_then(|i| i.as_ref())
                    .map(|i| i.id)
                    .ok_or_else(|| {
                        SpirvError::invalid(format!("dangling global #{}", g.index()))
                    })?;
                self.cx.func_uses[self.fidx].globals.insert(g.index());
                Ok(id)
            }
            ir::Value::Arg(i) => self
                .params
                .get(i as usize)
                .map(|p| p.0)
                .ok_or_else(|| SpirvError::invalid(format!("dangling argument {i}"))),
            ir::Value::Inst(i) => {
                if let Some(&id) = self.values.get(&i) {
                    return Ok(id);
                }
                if let Some(&id) = self.forward.get(&i) {
                    return Ok(id);
                }
                let id = self.cx.id();
                self.forward.insert(i, id);
                Ok(id)
            }
        }
    }

    pub fn values(&mut self, vs: &[ir::Value]) -> Result<Vec<Word>> {
        vs.iter().map(|&v| self.value(v)).collect()
    }

    /// The IR type of a value.
    pub fn type_of(&self, v: ir::Value) -> Result<Type> {
        self.cx
            .m
            .value_type(self.f, v)
            .ok_or_else(|| SpirvError::invalid("a dangling value"))
    }

    /// Records that instruction `i` produced `id` (copying it to an id handed out earlier
    /// to a forward reference).
    fn define(&mut self, i: ir::Inst, id: Word, ty: Option<Word>) {
        if let Some(fwd) = self.forward.remove(&i) {
            // Usually the value was just made by the last instruction: give it the id the
            // forward reference already uses (and move its decorations along).
            let last = self.cur.as_mut().and_then(|b| b.instructions.last_mut());
            if let Some(last) = last.filter(|l| fwd != id && l.result_id == Some(id)) {
                last.result_id = Some(fwd);
                for a in &mut self.cx.annotations {
                    if a.operands.first() == Some(&Operand::IdRef(id)) {
                        a.operands[0] = Operand::IdRef(fwd);
                    }
                }
                self.values.insert(i, fwd);
                return;
            }
            if fwd != id {
                if let Some(ty) = ty {
                    self.push(Instruction::new(
                        Op::CopyObject,
                        Some(ty),
                        Some(fwd),
                        vec![Operand::IdRef(id)],
                    ));
                }
            }
            self.values.insert(i, fwd);
            return;
        }
        self.values.insert(i, id);
    }

    pub fn ptr_info(&self, v: ir::Value) -> Result<PtrInfo> {
        match v {
            ir::Value::Global(g) => self
                .cx
                .global_info
                .get(g.index())
                .and_then(|i| i.as_ref())
                .map(|i| PtrInfo {
                    class: i.class,
                    pointee: i.pointee.clone(),
                    nonuniform: false,
                })
                .ok_or_else(|| SpirvError::invalid("a dangling global")),
            ir::Value::Arg(i) => self
                .params
                .get(i as usize)
                .and_then(|p| p.1.clone())
                .ok_or_else(|| SpirvError::invalid(format!("argument {i} is not a pointer"))),
            ir::Value::Inst(i) => self.ptrs.get(&i).cloned().ok_or_else(|| {
                SpirvError::invalid("operand is not a pointer (or is used before it is defined)")
            }),
            _ => Err(SpirvError::invalid("a constant used as a pointer")),
        }
    }

    // Blocks.

    fn lower_block(&mut self, b: ir::Block) -> Result<()> {
        let f = self.f;
        let label = self.labels[&b];
        self.cur_block = Some(b);
        self.begin_block(label);
        let data = &f.blocks[b];
        for &i in &data.insts {
            let Some(d) = f.insts.get(i) else {
                return Err(SpirvError::invalid(format!(
                    "dangling instruction #{}",
                    i.index()
                )));
            };
            if self.elided.contains(&i) {
                continue;
            }
            if d.is_terminator() {
                self.lower_terminator(b, d)
                    .map_err(|e| in_function(e, f, d.loc))?;
            } else {
                self.lower_inst(i, d)
                    .map_err(|e| in_function(e, f, d.loc))?;
            }
        }
        if let Some(block) = self.cur.take() {
            self.blocks.push(block);
        }
        Ok(())
    }

    fn lower_inst(&mut self, i: ir::Inst, d: &'m ir::InstData) -> Result<()> {
        use ir::Opcode as O;
        self.debug.loc = d.loc;
        // Non-uniformity flows through pure computations on indices.
        if d.opcode.is_pure() && d.operands.iter().any(|o| self.nonuniform.contains(o)) {
            self.nonuniform.insert(ir::Value::Inst(i));
        }
        let result: Option<Word> = match d.opcode {
            O::Phi => {
                let ty = self.cx.plain_type(&d.ty)?;
                let mut ops = Vec::new();
                for &v in &d.operands {
                    ops.push(Operand::IdRef(self.value(v)?));
                    ops.push(Operand::IdRef(0));
                }
                let id = self.take_result_id(i);
                self.push(Instruction::new(Op::Phi, Some(ty), Some(id), ops));
                let bi = self.blocks.len();
                let ii = self.cur.as_ref().map_or(0, |b| b.instructions.len() - 1);
                self.phi_fixups.push((bi, ii, d.blocks.clone()));
                Some(id)
            }
            O::Alloca => {
                let Some((_, pointee)) = d.ty.pointee() else {
                    return Err(SpirvError::invalid("alloca without a pointer type"));
                };
                let p = Pointee::plain(pointee.clone());
                let t = self.cx.pointee_type(&p)?;
                let pt = self.cx.pointer_type(StorageClass::Function, t);
                let id = self.take_result_id(i);
                self.vars.push(Instruction::new(
                    Op::Variable,
                    Some(pt),
                    Some(id),
                    vec![Operand::StorageClass(StorageClass::Function)],
                ));
                let aliased = self.f.aliased_pointers.contains(&ir::Value::Inst(i));
                self.cx.buffer_pointer_variable(id, pointee, aliased);
                for (v, dec) in &self.f.spirv_decorations {
                    if *v == ir::Value::Inst(i) {
                        self.cx.inline_decoration(id, None, dec.clone())?;
                    }
                }
                if let Some(n) = d.name.as_deref() {
                    self.cx.name(id, n);
                    if let Some(function) = self.debug.function {
                        // Allocas sit in the entry block without a location; the local's is
                        // that of its first use.
                        let loc = d.loc.or_else(|| {
                            let me = ir::Value::Inst(i);
                            self.f
                                .insts
                                .iter()
                                .find(|(_, u)| u.loc.is_some() && u.operands.contains(&me))
                                .and_then(|(_, u)| u.loc)
                        });
                        if let Some(local) = self.cx.debug_local(function, n, pointee, loc) {
                            self.debug.locals.push((local, id));
                        }
                    }
                }
                self.ptrs.insert(
                    i,
                    PtrInfo {
                        class: StorageClass::Function,
                        pointee: p,
                        nonuniform: false,
                    },
                );
                Some(id)
            }
            O::Load => Some(self.lower_load(d)?),
            O::Store => {
                self.lower_store(d)?;
                None
            }
            O::AccessChain => {
                let (id, info) = self.lower_access_chain(i, d)?;
                self.ptrs.insert(i, info);
                Some(id)
            }
            O::Call(callee) => {
                let fid = *self
                    .cx
                    .func_ids
                    .get(callee.index())
                    .ok_or_else(|| SpirvError::invalid("call to a dangling function"))?;
                self.cx.func_uses[self.fidx].callees.insert(callee.index());
                let ty = self.cx.plain_type(&d.ty)?;
                let mut ops = vec![Operand::IdRef(fid)];
                ops.extend(Self::ids(&self.values(&d.operands)?));
                Some(self.op(Op::FunctionCall, ty, ops))
            }
            O::CallIntrinsic(intr) => self.lower_intrinsic(intr, d, i)?,
            O::Barrier(flags) => {
                self.lower_barrier(flags);
                None
            }
            O::EmitVertex | O::EndPrimitive | O::SetMeshOutputs => {
                self.lower_stage_op(d)?;
                None
            }
            O::SetMeshTasks => {
                self.lower_set_mesh_tasks(d)?;
                None
            }
            O::AtomicRmw(_) | O::AtomicCompareExchange => Some(self.lower_atomic(d)?),
            op if op.is_texture()
                || matches!(
                    op,
                    O::ByteAddressLoad | O::ByteAddressStore | O::ArrayLength
                ) =>
            {
                self.lower_resource_op(d)?
            }
            _ => Some(self.lower_arith(d)?),
        };
        if let Some(id) = result {
            if d.has_result() {
                let ty = match d.ty {
                    Type::Pointer { .. } => None,
                    ref t => self.cx.plain_type(t).ok(),
                };
                self.define(i, id, ty);
                // Minimum-precision values are 32-bit values marked `RelaxedPrecision`, as
                // in DXC; only ids this instruction made (a no-op conversion reuses one).
                let fresh = self.values.get(&i).copied().filter(|v| {
                    !d.operands
                        .iter()
                        .any(|&o| matches!(o, ir::Value::Inst(x) if self.values.get(&x) == Some(v)))
                });
                let ty = match &d.ty {
                    Type::Pointer { pointee, .. } if d.opcode == ir::Opcode::Alloca => pointee,
                    Type::Pointer { .. } => &Type::Void,
                    t => t,
                };
                if let (Some(v), true) = (fresh, is_relaxed(ty)) {
                    self.cx.decorate(v, Decoration::RelaxedPrecision, &[]);
                }
            }
        }
        Ok(())
    }

    /// The id an instruction that creates its own result should use (an id already handed
    /// to a forward reference, or a fresh one).
    fn take_result_id(&mut self, i: ir::Inst) -> Word {
        match self.forward.remove(&i) {
            Some(id) => {
                self.values.insert(i, id);
                id
            }
            None => self.cx.id(),
        }
    }

    fn lower_terminator(&mut self, b: ir::Block, d: &ir::InstData) -> Result<()> {
        use ir::Opcode as O;
        self.debug.loc = d.loc;
        let marker = self.f.blocks[b].marker;
        let label = |fx: &Self, t: ir::Block| -> Result<Word> {
            fx.labels
                .get(&t)
                .copied()
                .ok_or_else(|| SpirvError::invalid("branch to a block outside the function"))
        };
        let merge_inst = |fx: &mut Self, m: &ir::StructureMarker| -> Result<()> {
            let merge = label(fx, m.merge)?;
            match m.kind {
                ir::StructureKind::Selection => {
                    let control = match m.hint {
                        Some(ir::ControlHint::Flatten) => SelectionControl::FLATTEN,
                        Some(ir::ControlHint::DontFlatten) => SelectionControl::DONT_FLATTEN,
                        _ => SelectionControl::NONE,
                    };
                    fx.op_void(
                        Op::SelectionMerge,
                        vec![Operand::IdRef(merge), Operand::SelectionControl(control)],
                    );
                }
                ir::StructureKind::Loop => {
                    let cont = label(
                        fx,
                        m.continue_block.ok_or_else(|| {
                            SpirvError::invalid("a loop without a continue block")
                        })?,
                    )?;
                    let mut ops = vec![Operand::IdRef(merge), Operand::IdRef(cont)];
                    match m.hint {
                        Some(ir::ControlHint::Unroll(Some(n))) if fx.cx.at_least(1, 4) => {
                            ops.push(Operand::LoopControl(
                                LoopControl::UNROLL | LoopControl::PARTIAL_COUNT,
                            ));
                            ops.push(Operand::LiteralBit32(n));
                        }
                        Some(ir::ControlHint::Unroll(_)) => {
                            ops.push(Operand::LoopControl(LoopControl::UNROLL))
                        }
                        Some(ir::ControlHint::DontUnroll) => {
                            ops.push(Operand::LoopControl(LoopControl::DONT_UNROLL))
                        }
                        _ => ops.push(Operand::LoopControl(LoopControl::NONE)),
                    }
                    fx.op_void(Op::LoopMerge, ops);
                }
            }
            Ok(())
        };
        match d.opcode {
            O::Branch => {
                let t = label(
                    self,
                    *d.blocks
                        .first()
                        .ok_or_else(|| SpirvError::invalid("br without a target"))?,
                )?;
                if let Some(m) = marker.filter(|m| m.kind == ir::StructureKind::Loop) {
                    merge_inst(self, &m)?;
                }
                self.op_void(Op::Branch, vec![Operand::IdRef(t)]);
            }
            O::CondBranch => {
                let (Some(&c), [t, e]) = (d.operands.first(), &d.blocks[..]) else {
                    return Err(SpirvError::invalid("malformed cond_br"));
                };
                let c = self.value(c)?;
                let (t, e) = (label(self, *t)?, label(self, *e)?);
                if t == e {
                    // SPIR-V 1.6 wants two different labels; a selection with one target
                    // needs no construct.
                    self.op_void(Op::Branch, vec![Operand::IdRef(t)]);
                } else {
                    if let Some(m) = marker.filter(|m| m.kind == ir::StructureKind::Selection) {
                        merge_inst(self, &m)?;
                    }
                    self.op_void(Op::BranchConditional, Self::ids(&[c, t, e]));
                }
            }
            O::Switch => {
                let Some(&sel) = d.operands.first() else {
                    return Err(SpirvError::invalid("switch without a selector"));
                };
                let width = match self.type_of(sel)? {
                    Type::Scalar(k) => k.bit_width(),
                    _ => 32,
                };
                let s = self.value(sel)?;
                let default = label(
                    self,
                    *d.blocks
                        .first()
                        .ok_or_else(|| SpirvError::invalid("switch without a default"))?,
                )?;
                if let Some(m) = marker.filter(|m| m.kind == ir::StructureKind::Selection) {
                    merge_inst(self, &m)?;
                }
                let mut ops = vec![Operand::IdRef(s), Operand::IdRef(default)];
                for (v, t) in d.literals.iter().zip(d.blocks.iter().skip(1)) {
                    if width == 64 {
                        ops.push(Operand::LiteralBit64(*v as u64));
                    } else if width == 16 {
                        ops.push(Operand::LiteralBit32(*v as u16 as i16 as i32 as u32));
                    } else {
                        ops.push(Operand::LiteralBit32(*v as u32));
                    }
                    ops.push(Operand::IdRef(label(self, *t)?));
                }
                self.op_void(Op::Switch, ops);
            }
            O::Return => match d.operands.first() {
                Some(&v) => {
                    let v = self.value(v)?;
                    self.op_void(Op::ReturnValue, vec![Operand::IdRef(v)]);
                }
                None => self.op_void(Op::Return, vec![]),
            },
            O::Kill => {
                self.require_pixel("discard")?;
                self.kill();
            }
            O::Unreachable => self.op_void(Op::Unreachable, vec![]),
            O::EmitMeshTasks => self.lower_emit_mesh_tasks(d)?,
            O::IgnoreHit | O::AcceptHitAndEndSearch => self.lower_hit_terminator(d.opcode)?,
            _ => return Err(SpirvError::invalid("not a terminator")),
        }
        Ok(())
    }

    /// Fails unless every entry point reaching this function is a pixel shader (`discard`,
    /// implicit-LOD sampling and derivatives exist only there).
    pub fn require_pixel(&self, what: &str) -> Result<()> {
        match self.stages.iter().find(|s| **s != ir::Stage::Pixel) {
            None => Ok(()),
            Some(s) => Err(SpirvError::unsupported(format!(
                "{what} in a {} shader (only pixel shaders have it)",
                s.name()
            ))),
        }
    }

    /// `discard`: `OpTerminateInvocation` where SPIR-V 1.6 has it, else `OpKill`.
    pub fn kill(&mut self) {
        if self.cx.at_least(1, 6) {
            self.op_void(Op::TerminateInvocation, vec![]);
        } else {
            self.op_void(Op::Kill, vec![]);
        }
    }

    /// `discard` as a demotion to a helper invocation (`OpDemoteToHelperInvocation`, core in
    /// SPIR-V 1.6, `SPV_EXT_demote_to_helper_invocation` before), which ends nothing.
    pub fn demote(&mut self) -> Result<()> {
        self.require_pixel("discard")?;
        self.cx
            .capability(rspirv::spirv::Capability::DemoteToHelperInvocation);
        if !self.cx.at_least(1, 6) {
            self.cx.extension("SPV_EXT_demote_to_helper_invocation");
        }
        self.op_void(Op::DemoteToHelperInvocation, vec![]);
        Ok(())
    }

    /// Emits `if (cond) discard;` in the middle of an IR block by splitting the SPIR-V block.
    pub fn kill_if(&mut self, cond: Word) {
        let kill = self.cx.id();
        let merge = self.cx.id();
        self.op_void(
            Op::SelectionMerge,
            vec![
                Operand::IdRef(merge),
                Operand::SelectionControl(SelectionControl::NONE),
            ],
        );
        self.op_void(Op::BranchConditional, Self::ids(&[cond, kill, merge]));
        self.begin_block(kill);
        self.kill();
        self.begin_block(merge);
    }

    // Memory.

    fn lower_load(&mut self, d: &ir::InstData) -> Result<Word> {
        let &[p] = &d.operands[..] else {
            return Err(SpirvError::invalid("load takes one pointer"));
        };
        if let Some(row) = self.nv_row_of(p) {
            return self.nv_load_row(row);
        }
        if self.nv_is_mesh_payload(p) {
            return self.nv_load_payload(p);
        }
        let info = self.ptr_info(p)?;
        let ptr = self.value(p)?;
        match &info.pointee.ty {
            Type::Resource(r) => match (&**r, info.pointee.block) {
                (
                    ResourceType::ConstantBuffer { element }
                    | ResourceType::TextureBuffer { element },
                    Some(kind),
                ) => {
                    let block_ty = self.cx.pointee_type(&info.pointee)?;
                    let whole = self.op(Op::Load, block_ty, vec![Operand::IdRef(ptr)]);
                    self.block_to_plain(whole, element, info.pointee.layout.as_ref(), kind)
                }
                (other, _) => Err(SpirvError::invalid(format!("{other} cannot be loaded"))),
            },
            ty if info.pointee.block.is_some() => {
                let ty = ty.clone();
                let kind = info
                    .pointee
                    .block
                    .unwrap_or(BlockKind::PushConstant { wrapped: false });
                let block_ty = self.cx.pointee_type(&info.pointee)?;
                let whole = self.op(Op::Load, block_ty, vec![Operand::IdRef(ptr)]);
                self.block_to_plain(whole, &ty, info.pointee.layout.as_ref(), kind)
            }
            ty => {
                let ty = ty.clone();
                let repr = self.cx.pointee_type(&info.pointee)?;
                let mut loaded = self.op(Op::Load, repr, vec![Operand::IdRef(ptr)]);
                if info.nonuniform {
                    self.nonuniform_decorate(loaded);
                }
                if let Some(bits) = bit_field(&info.pointee) {
                    loaded = self.extract_bits(loaded, repr, &ty, bits);
                }
                self.convert_repr(
                    loaded,
                    &ty,
                    (info.pointee.layout.as_ref(), info.pointee.external),
                    (None, false),
                )
            }
        }
    }

    /// A loaded block struct of a constant or texture buffer as a plain `T`.
    fn block_to_plain(
        &mut self,
        whole: Word,
        element: &Type,
        layout: Option<&TypeLayout>,
        kind: BlockKind,
    ) -> Result<Word> {
        if kind.wrapped() {
            let t = self.cx.data_type(element, layout, true)?;
            let inner = self.op(
                Op::CompositeExtract,
                t,
                vec![Operand::IdRef(whole), Operand::LiteralBit32(0)],
            );
            return self.convert_repr(inner, element, (layout, true), (None, false));
        }
        let Type::Struct(s) = element else {
            return Err(SpirvError::invalid("an unwrapped buffer of a non-struct"));
        };
        let members = match layout.map(|l| &l.kind) {
            Some(LayoutKind::Struct { members }) => Some(members),
            _ => None,
        };
        let stored = types::stored_fields(s, layout);
        let mut parts = Vec::new();
        for (k, field) in s.fields.iter().enumerate() {
            let ml = members.and_then(|m| m.get(k)).map(|m| &m.layout);
            let t = self.cx.data_type(&field.ty, ml, true)?;
            let mut part = self.op(
                Op::CompositeExtract,
                t,
                vec![
                    Operand::IdRef(whole),
                    Operand::LiteralBit32(stored[k].member),
                ],
            );
            if let Some(bits) = stored[k].bits {
                part = self.extract_bits(part, t, &field.ty, bits);
            }
            parts.push(self.convert_repr(part, &field.ty, (ml, true), (None, false))?);
        }
        let ty = self.cx.plain_type(element)?;
        Ok(self.op(Op::CompositeConstruct, ty, Self::ids(&parts)))
    }

    /// Whether `p` is the `Position` output or, in a mesh shader, one element of it.
    fn writes_position(&self, p: ir::Value) -> bool {
        let is_position = |v: ir::Value| {
            matches!(v, ir::Value::Global(g) if self.cx.m.globals.get(g).is_some_and(|g| {
                g.kind == ir::GlobalKind::Output
                    && g.stage_binding == Some(ir::StageBinding::BuiltIn(ir::BuiltIn::Position))
            }))
        };
        match p {
            ir::Value::Inst(i) => {
                self.stages.contains(&ir::Stage::Mesh)
                    && self.f.insts.get(i).is_some_and(|d| {
                        d.opcode == ir::Opcode::AccessChain
                            && d.operands.len() == 2
                            && d.operands.first().is_some_and(|&b| is_position(b))
                    })
            }
            v => is_position(v),
        }
    }

    fn lower_store(&mut self, d: &ir::InstData) -> Result<()> {
        let &[p, v] = &d.operands[..] else {
            return Err(SpirvError::invalid("store takes a pointer and a value"));
        };
        if let Some(row) = self.nv_row_of(p) {
            return self.nv_store_row(row, v);
        }
        let info = self.ptr_info(p)?;
        let ptr = self.value(p)?;
        let mut value = self.value(v)?;
        let ty = info.pointee.ty.clone();
        if ty.as_resource().is_some() {
            return Err(SpirvError::invalid("stores into a resource"));
        }
        // `-fvk-invert-y`: flip the clip-space position written by the last stage before
        // rasterization (a mesh shader writes an element of its position array).
        if self.cx.opts.invert_y
            && self.stages.iter().any(|s| {
                matches!(
                    s,
                    ir::Stage::Vertex | ir::Stage::Domain | ir::Stage::Geometry | ir::Stage::Mesh
                )
            })
            && self.writes_position(p)
        {
            if let Type::Vector(k, 4) = ty {
                let s = self.cx.scalar_type(scalar_of(k, false));
                let vt = self.cx.plain_type(&ty)?;
                let y = self.op(
                    Op::CompositeExtract,
                    s,
                    vec![Operand::IdRef(value), Operand::LiteralBit32(1)],
                );
                let ny = self.op(Op::FNegate, s, vec![Operand::IdRef(y)]);
                value = self.op(
                    Op::CompositeInsert,
                    vt,
                    vec![
                        Operand::IdRef(ny),
                        Operand::IdRef(value),
                        Operand::LiteralBit32(1),
                    ],
                );
            }
        }
        let mut converted = self.convert_repr(
            value,
            &ty,
            (None, false),
            (info.pointee.layout.as_ref(), info.pointee.external),
        )?;
        if let Some(bits) = bit_field(&info.pointee) {
            // The other bit-fields of the word keep their bits.
            let repr = self.cx.pointee_type(&info.pointee)?;
            let word = self.op(Op::Load, repr, vec![Operand::IdRef(ptr)]);
            converted = self.insert_bits(word, converted, repr, &ty, bits);
        }
        self.op_void(Op::Store, Self::ids(&[ptr, converted]));
        Ok(())
    }

    /// Converts a value of IR type `ty` between representations (layout, external): member
    /// by member for aggregates whose SPIR-V types differ, `bool` to and from `uint`.
    pub fn convert_repr(
        &mut self,
        id: Word,
        ty: &Type,
        from: (Option<&TypeLayout>, bool),
        to: (Option<&TypeLayout>, bool),
    ) -> Result<Word> {
        let from_ty = self.cx.data_type(ty, from.0, from.1)?;
        let to_ty = self.cx.data_type(ty, to.0, to.1)?;
        if from_ty == to_ty {
            return Ok(id);
        }
        match ty {
            Type::Matrix { scalar: k, .. } | Type::Vector(k, _)
                if strided_line(ty, from.0).is_some() || strided_line(ty, to.0).is_some() =>
            {
                // An array of scalars on one side (DX layout): component by component.
                let comp = Type::Scalar(*k);
                let ct = self.cx.data_type(&comp, None, from.1)?;
                let n = shape_of(ty).map_or(1, |(_, n)| n);
                let mut parts = Vec::new();
                for i in 0..n {
                    let e = self.op(
                        Op::CompositeExtract,
                        ct,
                        vec![Operand::IdRef(id), Operand::LiteralBit32(i)],
                    );
                    parts.push(self.convert_repr(e, &comp, (None, from.1), (None, to.1))?);
                }
                Ok(self.op(Op::CompositeConstruct, to_ty, Self::ids(&parts)))
            }
            Type::Scalar(k) | Type::Vector(k, _) if k.is_bool() => {
                let n = match ty {
                    Type::Vector(_, n) => u32::from(*n),
                    _ => 1,
                };
                let uint = Scalar::Int {
                    width: 32,
                    signed: false,
                };
                let zero = self.cx.const_splat(uint, n, 0);
                if from.1 {
                    // uint -> bool
                    Ok(self.op(Op::INotEqual, to_ty, Self::ids(&[id, zero])))
                } else {
                    let one = self.cx.const_splat(uint, n, 1);
                    Ok(self.op(Op::Select, to_ty, Self::ids(&[id, one, zero])))
                }
            }
            Type::Matrix { .. } if ty.one_row_or_column().is_some() => {
                // A vector on both sides: only `bool` and `uint` differ.
                self.convert_repr(id, &vector_view(ty), (None, from.1), (None, to.1))
            }
            Type::Matrix {
                scalar, rows, cols, ..
            } => {
                let row_ty = Type::Vector(*scalar, *cols);
                let mut parts = Vec::new();
                for r in 0..u32::from(*rows) {
                    let rt = self.cx.data_type(&row_ty, None, from.1)?;
                    let row = self.op(
                        Op::CompositeExtract,
                        rt,
                        vec![Operand::IdRef(id), Operand::LiteralBit32(r)],
                    );
                    parts.push(self.convert_repr(row, &row_ty, (None, from.1), (None, to.1))?);
                }
                Ok(self.op(Op::CompositeConstruct, to_ty, Self::ids(&parts)))
            }
            Type::Array {
                element,
                len: Some(n),
            } => {
                let el = |l: Option<&TypeLayout>| -> Option<TypeLayout> {
                    match l.map(|l| &l.kind) {
                        Some(LayoutKind::Array { element, .. }) => Some((**element).clone()),
                        _ => None,
                    }
                };
                let (fl, tl) = (el(from.0), el(to.0));
                let et = self.cx.data_type(element, fl.as_ref(), from.1)?;
                let mut parts = Vec::new();
                for k in 0..*n {
                    let e = self.op(
                        Op::CompositeExtract,
                        et,
                        vec![Operand::IdRef(id), Operand::LiteralBit32(k)],
                    );
                    parts.push(self.convert_repr(
                        e,
                        element,
                        (fl.as_ref(), from.1),
                        (tl.as_ref(), to.1),
                    )?);
                }
                Ok(self.op(Op::CompositeConstruct, to_ty, Self::ids(&parts)))
            }
            Type::Struct(s) => {
                let ml = |l: Option<&TypeLayout>, k: usize| -> Option<TypeLayout> {
                    match l.map(|l| &l.kind) {
                        Some(LayoutKind::Struct { members }) => {
                            members.get(k).map(|m| m.layout.clone())
                        }
                        _ => None,
                    }
                };
                // Field by field through the stored members of each side: a bit-field is
                // taken out of its packed word and put into the other side's.
                let (sf, st) = (
                    types::stored_fields(s, from.0),
                    types::stored_fields(s, to.0),
                );
                let mut parts = Vec::new();
                for (k, field) in s.fields.iter().enumerate() {
                    let (fl, tl) = (ml(from.0, k), ml(to.0, k));
                    let ft = self.cx.data_type(&field.ty, fl.as_ref(), from.1)?;
                    let mut e = self.op(
                        Op::CompositeExtract,
                        ft,
                        vec![Operand::IdRef(id), Operand::LiteralBit32(sf[k].member)],
                    );
                    if let Some(bits) = sf[k].bits {
                        e = self.extract_bits(e, ft, &field.ty, bits);
                    }
                    parts.push(self.convert_repr(
                        e,
                        &field.ty,
                        (fl.as_ref(), from.1),
                        (tl.as_ref(), to.1),
                    )?);
                }
                let mut members: Vec<Word> = Vec::new();
                for (k, field) in s.fields.iter().enumerate() {
                    let part = parts[k];
                    let Some(bits) = st[k].bits else {
                        members.push(part);
                        continue;
                    };
                    let tl = ml(to.0, k);
                    let t = self.cx.data_type(&field.ty, tl.as_ref(), to.1)?;
                    // The first field of a word starts it from zero; the others add theirs.
                    let word = if members.len() as u32 > st[k].member {
                        members.pop().unwrap_or(part)
                    } else {
                        self.zero_word(&field.ty)
                    };
                    members.push(self.insert_bits(word, part, t, &field.ty, bits));
                }
                Ok(self.op(Op::CompositeConstruct, to_ty, Self::ids(&members)))
            }
            _ if !has_bool(ty) => Ok(id),
            _ => Err(SpirvError::unsupported(format!(
                "converting {} between representations",
                ty.ir()
            ))),
        }
    }

    fn lower_access_chain(&mut self, inst: ir::Inst, d: &ir::InstData) -> Result<(Word, PtrInfo)> {
        let Some((&base, indices)) = d.operands.split_first() else {
            return Err(SpirvError::invalid("access chain without a base"));
        };
        if let Some(chain) = self.nv_index_chain(inst, base, indices)? {
            return Ok(chain);
        }
        let info = self.ptr_info(base)?;
        let mut cur = info.pointee.clone();
        let mut k = 0;
        // A flattened resource array (`flatten`): the global, and the indices into it of
        // the chain this one continues when that stopped inside a nested array (`t[1]`).
        let flat = match base {
            ir::Value::Global(g) if self.cx.flat_arrays.contains_key(&g.index()) => {
                Some((g, Vec::new()))
            }
            ir::Value::Inst(b) => self.flat_rows.get(&b).cloned(),
            _ => None,
        };
        let base_id = match flat {
            Some((g, before)) => {
                let mut all = before.clone();
                all.extend_from_slice(indices);
                let dims = self.cx.flat_arrays[&g.index()].dims.len();
                let taken = if all.len() < dims {
                    // Still a row: the chain that reaches an element picks its variable.
                    self.flat_rows.insert(inst, (g, all.clone()));
                    all.len()
                } else {
                    dims
                };
                // A row has no variable of its own: its first element's stands for it.
                let id = match self.cx.flat_element(g, &all) {
                    _ if taken < dims => self.cx.flat_arrays[&g.index()].elements[0],
                    Some(element) => element?.0,
                    None => self.value(base)?,
                };
                self.cx.func_uses[self.fidx].globals.insert(g.index());
                for _ in before.len()..taken {
                    if let Type::Array { element, .. } = cur.ty.clone() {
                        cur.ty = (*element).clone();
                    }
                }
                k = taken - before.len();
                if taken < dims {
                    let result = PtrInfo {
                        class: info.class,
                        pointee: cur,
                        nonuniform: info.nonuniform,
                    };
                    return Ok((id, result));
                }
                id
            }
            None => self.value(base)?,
        };
        let mut nonuniform = info.nonuniform;
        let mut out: Vec<Word> = Vec::new();
        // The row-major index so far inside a nested resource array (`resource_grid`),
        // continued from the chain this one starts from when that stopped inside it.
        let mut linear: Option<crate::resource_grid::GridIndex> = None;
        if let ir::Value::Inst(b) = base {
            if let Some(row) = self.rows.get(&b).cloned() {
                out = row.prefix;
                linear = Some(row.linear);
            }
        }
        if matches!(cur.block, Some(BlockKind::PushConstant { wrapped: true })) {
            // A push constant of a non-struct type sits in a one-member block.
            out.push(self.cx.const_uint(0));
            cur.block = None;
        }
        while k < indices.len() {
            let index = indices[k];
            if self.nonuniform.contains(&index) {
                nonuniform = true;
            }
            match cur.ty.clone() {
                Type::Resource(r) => match &*r {
                    ResourceType::ConstantBuffer { element }
                    | ResourceType::TextureBuffer { element } => {
                        if cur.block.is_some_and(|b| b.wrapped()) {
                            out.push(self.cx.const_uint(0));
                        }
                        cur = Pointee {
                            ty: element.clone(),
                            layout: cur.layout.clone(),
                            external: true,
                            block: None,
                            format: None,
                            atomic_image: false,
                        };
                        continue;
                    }
                    ResourceType::StructuredBuffer { element, .. } => {
                        out.push(self.cx.const_uint(0));
                        out.push(self.value(index)?);
                        let layout = match cur.layout.as_ref().map(|l| &l.kind) {
                            Some(LayoutKind::Array { element, .. }) => Some((**element).clone()),
                            _ => None,
                        };
                        cur = Pointee {
                            ty: element.clone(),
                            layout,
                            external: true,
                            block: None,
                            format: None,
                            atomic_image: false,
                        };
                    }
                    ResourceType::ByteAddressBuffer { .. } => {
                        out.push(self.cx.const_uint(0));
                        out.push(self.value(index)?);
                        cur = Pointee {
                            ty: Type::UINT,
                            layout: Some(TypeLayout::of(
                                &Type::UINT,
                                types::LayoutRules::RelaxedStd430,
                            )),
                            external: true,
                            block: None,
                            format: None,
                            atomic_image: false,
                        };
                    }
                    other => return Err(SpirvError::invalid(format!("cannot index into {other}"))),
                },
                Type::Array { element, len }
                    if linear.is_some()
                        || crate::resource_grid::is_nested_resource_array(&cur.ty) =>
                {
                    let i = match self
                        .cx
                        .m
                        .const_int(index)
                        .and_then(|c| u32::try_from(c).ok())
                    {
                        Some(c) => crate::resource_grid::GridIndex::Const(c),
                        None => crate::resource_grid::GridIndex::Id(self.value(index)?),
                    };
                    let i_nonuniform = self.nonuniform.contains(&index) || info.nonuniform;
                    if self.nonuniform.contains(&index) {
                        self.require_nonuniform_indexing(&element);
                    }
                    let l = self.grid_step(linear, i, len, i_nonuniform)?;
                    cur.ty = (*element).clone();
                    if element.as_resource().is_some() {
                        let id = self.grid_id(l);
                        out.push(id);
                        linear = None;
                    } else {
                        linear = Some(l);
                    }
                }
                Type::Array { element, .. } if element.as_resource().is_some() => {
                    if self.nonuniform.contains(&index) {
                        self.require_nonuniform_indexing(&element);
                    }
                    out.push(self.value(index)?);
                    cur.ty = (*element).clone();
                }
                Type::Array { element, .. } => {
                    out.push(self.value(index)?);
                    cur.block = None;
                    cur.layout = match cur.layout.as_ref().map(|l| &l.kind) {
                        Some(LayoutKind::Array { element, .. }) => Some((**element).clone()),
                        _ => None,
                    };
                    cur.ty = (*element).clone();
                }
                Type::Struct(s) => {
                    let m = self
                        .cx
                        .m
                        .const_int(index)
                        .and_then(|m| usize::try_from(m).ok())
                        .filter(|&m| m < s.fields.len())
                        .ok_or_else(|| {
                            SpirvError::invalid("struct member index is not a constant in range")
                        })?;
                    // A bit-field packed with others names their shared word.
                    let stored = types::stored_fields(&s, cur.layout.as_ref());
                    out.push(self.cx.const_uint(stored[m].member));
                    cur.block = None;
                    cur.layout = match cur.layout.as_ref().map(|l| &l.kind) {
                        Some(LayoutKind::Struct { members }) => {
                            members.get(m).map(|x| x.layout.clone())
                        }
                        _ => None,
                    };
                    cur.ty = s.fields[m].ty.clone();
                }
                Type::Vector(kind, n) => {
                    // A one-component vector is a scalar in SPIR-V (as DXC maps `float1`): its
                    // only component is the value itself, whatever the index.
                    if n > 1 {
                        out.push(self.value(index)?);
                    }
                    cur.block = None;
                    cur.ty = Type::Scalar(kind);
                    cur.layout = None;
                }
                Type::Matrix {
                    scalar,
                    rows: 1,
                    cols,
                    ..
                } => {
                    // The only row of a 1xN matrix is the vector itself: no index. Stored as
                    // an array of scalars (DX layout), the row keeps that layout (a vector
                    // stored the same way), so a column index then picks an array element.
                    if strided_line(&cur.ty, cur.layout.as_ref()).is_none() {
                        cur.layout = None;
                    }
                    cur.block = None;
                    cur.ty = Type::Vector(scalar, cols);
                }
                Type::Matrix { scalar, cols, .. } => {
                    out.push(self.value(index)?);
                    cur.block = None;
                    cur.ty = Type::Vector(scalar, cols);
                    cur.layout = None;
                }
                other => {
                    return Err(SpirvError::invalid(format!(
                        "cannot index into {}",
                        other.ir()
                    )))
                }
            }
            k += 1;
        }
        let result = PtrInfo {
            class: info.class,
            pointee: cur,
            nonuniform,
        };
        if let Some(linear) = linear {
            // Stopped inside a nested resource array: the chain that goes on emits it.
            self.rows.insert(
                inst,
                crate::resource_grid::PartialRow {
                    prefix: out,
                    linear,
                },
            );
            return Ok((base_id, result));
        }
        if out.is_empty() {
            return Ok((base_id, result));
        }
        let t = self.cx.pointee_type(&result.pointee)?;
        let pt = self.cx.pointer_type(info.class, t);
        let mut ops = vec![Operand::IdRef(base_id)];
        ops.extend(Self::ids(&out));
        let id = self.op(Op::AccessChain, pt, ops);
        if nonuniform {
            self.nonuniform_decorate(id);
        }
        Ok((id, result))
    }

    /// Decorates `id` `NonUniform` (with the capability and, before SPIR-V 1.5, the extension).
    pub fn nonuniform_decorate(&mut self, id: Word) {
        self.cx.capability(spirv::Capability::ShaderNonUniform);
        if !self.cx.at_least(1, 5) {
            self.cx.extension("SPV_EXT_descriptor_indexing");
        }
        self.cx.decorate(id, Decoration::NonUniform, &[]);
    }
}

/// The storage class of an IR address space.
pub(crate) fn storage_class(cx: &Ctx<'_>, space: types::AddressSpace) -> StorageClass {
    use types::AddressSpace as A;
    match space {
        A::Function => StorageClass::Function,
        A::Private => StorageClass::Private,
        A::Workgroup => StorageClass::Workgroup,
        A::Input => StorageClass::Input,
        A::Output => StorageClass::Output,
        A::Uniform => StorageClass::Uniform,
        A::UniformConstant => StorageClass::UniformConstant,
        A::StorageBuffer => cx.storage_buffer_class(),
        A::PushConstant => StorageClass::PushConstant,
        A::ShaderRecordBuffer => StorageClass::ShaderRecordBufferKHR,
        A::TaskPayload => StorageClass::TaskPayloadWorkgroupEXT,
        A::RayPayload => StorageClass::RayPayloadKHR,
        A::IncomingRayPayload => StorageClass::IncomingRayPayloadKHR,
        A::HitAttribute => StorageClass::HitAttributeKHR,
        A::CallableData => StorageClass::CallableDataKHR,
        A::IncomingCallableData => StorageClass::IncomingCallableDataKHR,
        A::HitObjectAttribute => StorageClass::HitObjectAttributeNV,
        // Newer than rspirv: a stand-in, rewritten after assembly (`raw_words`).
        A::HitObjectAttributeExt => crate::raw_words::HIT_OBJECT_ATTRIBUTE_EXT_STAND_IN,
    }
}

/// Blocks in an order SPIR-V accepts and people can read: a reverse post-order (so every
/// block follows its dominators) of a depth-first walk that visits a header's merge block
/// (and a loop's continue block) before its successors, which puts each construct's blocks
/// before its continue block and its merge block. Blocks the walk does not reach follow in
/// layout order.
fn structured_order(f: &ir::Function) -> Vec<ir::Block> {
    let in_layout: HashSet<ir::Block> = f.layout.iter().copied().collect();
    let children = |b: ir::Block| -> Vec<ir::Block> {
        let mut out = Vec::new();
        if let Some(m) = f.blocks.get(b).and_then(|d| d.marker) {
            out.push(m.merge);
            out.extend(m.continue_block);
        }
        // Last successor first, so the reverse post-order lists them in terminator order.
        out.extend(f.successors(b).into_iter().rev());
        out.retain(|c| in_layout.contains(c));
        out
    };
    let mut visited: HashSet<ir::Block> = HashSet::new();
    let mut post = Vec::new();
    if let Some(&entry) = f.layout.first() {
        visited.insert(entry);
        let mut stack = vec![(entry, children(entry), 0usize)];
        while let Some((b, kids, next)) = stack.last_mut() {
            if *next < kids.len() {
                let c = kids[*next];
                *next += 1;
                if visited.insert(c) {
                    let k = children(c);
                    stack.push((c, k, 0));
                }
            } else {
                post.push(*b);
                stack.pop();
            }
        }
    }
    post.reverse();
    let mut seen: HashSet<ir::Block> = post.iter().copied().collect();
    for &b in &f.layout {
        if seen.insert(b) {
            post.push(b);
        }
    }
    post
}

/// Types of minimum precision (and `half`, 32-bit unless 16-bit types are on): scalars,
/// vectors and matrices of them.
pub(crate) fn is_relaxed(ty: &Type) -> bool {
    use types::ScalarKind as K;
    // The minimum-precision types only, as DXC's `isRelaxedPrecisionType`: `half` without
    // `-enable-16bit-types` is a plain 32-bit float there.
    matches!(
        ty.scalar_kind(),
        Some(K::Min16Float | K::Min10Float | K::Min16Int | K::Min12Int | K::Min16Uint)
    )
}

/// The stages of the entry points whose call trees reach function `h`.
fn function_stages(m: &ir::Module, h: ir::Func) -> Vec<ir::Stage> {
    let mut stages = Vec::new();
    for e in &m.entry_points {
        let mut seen: HashSet<ir::Func> = HashSet::new();
        let mut work = vec![e.function];
        while let Some(f) = work.pop() {
            if !seen.insert(f) {
                continue;
            }
            let Some(func) = m.functions.get(f) else {
                continue;
            };
            for &b in &func.layout {
                for &i in func.blocks.get(b).map_or(&[][..], |d| &d.insts[..]) {
                    if let Some(ir::InstData {
                        opcode: ir::Opcode::Call(c),
                        ..
                    }) = func.insts.get(i)
                    {
                        work.push(*c);
                    }
                }
            }
        }
        if seen.contains(&h) && !stages.contains(&e.stage) {
            stages.push(e.stage);
        }
    }
    stages
}
