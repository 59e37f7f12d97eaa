//! The verifier: checks a module against the IR's rules and returns messages, never panics,
//! even on garbage (dangling handles, cycles, empty functions). Tests run it after building
//! and after every optimizer pass; `db` runs it after lowering.
//!
//! Checks: constants, spec constants, globals and entry points; per function, the block
//! layout, block shape (exactly one terminator, last), parent links, operand ownership,
//! in-block ordering, phi placement, the operand types of every opcode (see
//! `typecheck`), structure markers, and for reachable blocks that definitions dominate
//! their uses and that phis name exactly their block's predecessors.
//!
//! A message names the function, the block and the instruction (its dump line) and the
//! [`Rule`] that failed, like Cranelift's verifier.

mod resource_ops;
mod sm6x_ops;
mod stages;
mod typecheck;
mod vulkan_ops;

use std::fmt;

use types::{AddressSpace, Type};

use crate::cfg::{Cfg, DominatorTree};
use crate::inst::{Opcode, StructureKind};
use crate::module::{Block, Function, GlobalKind, Inst, Module};
use crate::print::{block_header, inst_line, Numbering, PrintOptions};
use crate::value::{ConstantKind, Value};

/// The rule a [`VerifierError`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    Constant,
    SpecConstant,
    Global,
    EntryPoint,
    FunctionBody,
    BlockShape,
    ParentLink,
    Operand,
    BlockReference,
    InBlockOrder,
    PhiPlacement,
    PhiPredecessors,
    Dominance,
    OperandCount,
    ResultType,
    MemoryType,
    AccessChain,
    ArithmeticType,
    ComparisonType,
    ConversionType,
    SelectType,
    BranchCondition,
    CallSignature,
    PhiType,
    ReturnType,
    CompositeType,
    ResourceOperand,
    AtomicOperand,
    StructureMarker,
}

impl Rule {
    pub fn name(self) -> &'static str {
        match self {
            Rule::Constant => "constant",
            Rule::SpecConstant => "spec-constant",
            Rule::Global => "global",
            Rule::EntryPoint => "entry-point",
            Rule::FunctionBody => "function-body",
            Rule::BlockShape => "block-shape",
            Rule::ParentLink => "parent-link",
            Rule::Operand => "operand",
            Rule::BlockReference => "block-reference",
            Rule::InBlockOrder => "in-block-order",
            Rule::PhiPlacement => "phi-placement",
            Rule::PhiPredecessors => "phi-predecessors",
            Rule::Dominance => "dominance",
            Rule::OperandCount => "operand-count",
            Rule::ResultType => "result-type",
            Rule::MemoryType => "memory-type",
            Rule::AccessChain => "access-chain",
            Rule::ArithmeticType => "arithmetic-type",
            Rule::ComparisonType => "comparison-type",
            Rule::ConversionType => "conversion-type",
            Rule::SelectType => "select-type",
            Rule::BranchCondition => "branch-condition",
            Rule::CallSignature => "call-signature",
            Rule::PhiType => "phi-type",
            Rule::ReturnType => "return-type",
            Rule::CompositeType => "composite-type",
            Rule::ResourceOperand => "resource-operand",
            Rule::AtomicOperand => "atomic-operand",
            Rule::StructureMarker => "structure-marker",
        }
    }
}

/// One verifier message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifierError {
    /// `function @f`, `global @g0`, `entry point "main"`, `constant #3`, `spec constant 7`.
    pub context: String,
    /// `bb1` when the error is inside a block.
    pub block: Option<String>,
    /// The dump line of the offending instruction (or the block header).
    pub line: Option<String>,
    pub rule: Rule,
    pub message: String,
}

impl fmt::Display for VerifierError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.context)?;
        if let Some(b) = &self.block {
            write!(f, ", {b}")?;
        }
        if let Some(l) = &self.line {
            write!(f, ", `{l}`")?;
        }
        write!(f, ": [{}] {}", self.rule.name(), self.message)
    }
}

/// Checks `module` and returns every violation found, in module order.
pub fn verify(module: &Module) -> Vec<VerifierError> {
    let mut errors = Vec::new();
    verify_constants(module, &mut errors);
    verify_spec_constants(module, &mut errors);
    verify_globals(module, &mut errors);
    for (h, _) in module.functions.iter() {
        verify_function(module, h, &mut errors);
    }
    verify_entry_points(module, &mut errors);
    errors
}

fn module_error(errors: &mut Vec<VerifierError>, context: String, rule: Rule, message: String) {
    errors.push(VerifierError {
        context,
        block: None,
        line: None,
        rule,
        message,
    });
}

fn verify_constants(m: &Module, errors: &mut Vec<VerifierError>) {
    for (h, c) in m.constants.iter() {
        let ctx = || format!("constant #{}", h.index());
        match &c.kind {
            ConstantKind::Scalar(bits) => match c.ty {
                Type::Scalar(k) => {
                    if crate::value::normalize_bits(k, *bits) != *bits {
                        let msg = format!("bits 0x{bits:x} do not fit in {}", k.name());
                        module_error(errors, ctx(), Rule::Constant, msg);
                    }
                }
                _ => {
                    let msg = format!("scalar bits with non-scalar type {}", c.ty.ir());
                    module_error(errors, ctx(), Rule::Constant, msg);
                }
            },
            ConstantKind::Composite(parts) => {
                let expected = match composite_parts(&c.ty, parts.len()) {
                    None => {
                        let msg = format!("composite constant of non-composite type {}", c.ty.ir());
                        module_error(errors, ctx(), Rule::Constant, msg);
                        continue;
                    }
                    Some(Err(n)) => {
                        let msg = format!(
                            "{} has {n} parts, the constant gives {}",
                            c.ty.ir(),
                            parts.len()
                        );
                        module_error(errors, ctx(), Rule::Constant, msg);
                        continue;
                    }
                    Some(Ok(expected)) => expected,
                };
                for (i, (p, want)) in parts.iter().zip(&expected).enumerate() {
                    match m.constants.get(*p) {
                        None => {
                            let msg = format!("part {i} is a dangling constant #{}", p.index());
                            module_error(errors, ctx(), Rule::Constant, msg);
                        }
                        Some(pc) if p.index() >= h.index() => {
                            // Parts come first in the pool, which also rules out cycles.
                            let _ = pc;
                            let msg = format!("part {i} (#{}) is not defined before it", p.index());
                            module_error(errors, ctx(), Rule::Constant, msg);
                        }
                        Some(pc) if pc.ty != *want => {
                            let msg =
                                format!("part {i} has type {}, expected {}", pc.ty.ir(), want.ir());
                            module_error(errors, ctx(), Rule::Constant, msg);
                        }
                        Some(_) => {}
                    }
                }
            }
        }
    }
}

/// The part types of a composite with exactly `count` parts (vector components, matrix rows,
/// array elements, fields); `Err` with the type's own count when it differs, `None` for
/// non-composites. Checking the count first keeps garbage array lengths from allocating.
pub(crate) fn composite_parts(ty: &Type, count: usize) -> Option<Result<Vec<Type>, u32>> {
    let n = match ty {
        Type::Vector(..) | Type::Matrix { .. } | Type::Struct(_) => ty.component_count()?,
        Type::Array { len: Some(n), .. } => *n,
        _ => return None,
    };
    if n as usize != count {
        return Some(Err(n));
    }
    Some(Ok((0..n).filter_map(|i| ty.component(i)).collect()))
}

fn verify_spec_constants(m: &Module, errors: &mut Vec<VerifierError>) {
    let mut seen = Vec::new();
    for (_, s) in m.spec_constants.iter() {
        if seen.contains(&s.id) {
            let msg = format!("id {} is used by more than one spec constant", s.id);
            module_error(
                errors,
                format!("spec constant {} {}", s.id, s.name),
                Rule::SpecConstant,
                msg,
            );
        }
        seen.push(s.id);
        if crate::value::normalize_bits(s.kind, s.default_bits) != s.default_bits {
            let msg = format!(
                "default bits 0x{:x} do not fit in {}",
                s.default_bits,
                s.kind.name()
            );
            module_error(
                errors,
                format!("spec constant {} {}", s.id, s.name),
                Rule::SpecConstant,
                msg,
            );
        }
    }
}

fn verify_globals(m: &Module, errors: &mut Vec<VerifierError>) {
    for (g, msg) in stages::check_global_flags(m) {
        let ctx = format!("global @g{g} ({})", m.globals[crate::Global::new(g)].name);
        module_error(errors, ctx, Rule::Global, msg);
    }
    for (h, g) in m.globals.iter() {
        let ctx = || format!("global @g{} ({})", h.index(), g.name);
        let mut fail = |msg: String| module_error(errors, ctx(), Rule::Global, msg);
        if g.kind == GlobalKind::RayData
            && !matches!(
                g.space,
                AddressSpace::RayPayload
                    | AddressSpace::IncomingRayPayload
                    | AddressSpace::HitAttribute
                    | AddressSpace::CallableData
                    | AddressSpace::IncomingCallableData
                    | AddressSpace::HitObjectAttribute
                    | AddressSpace::HitObjectAttributeExt
            )
        {
            fail(format!(
                "ray_data globals must be in a ray address space, not {}",
                g.space.name()
            ));
        }
        // A private buffer never assigned (the backend's `OpUndef` pointer) is indexed as
        // the buffer it stands for: in the buffer's space.
        let undefined_buffer = g.kind == GlobalKind::Private
            && g.init.is_none()
            && matches!(
                g.ty.as_resource(),
                Some(
                    types::ResourceType::StructuredBuffer { .. }
                        | types::ResourceType::ByteAddressBuffer { .. }
                )
            );
        if let Some(space) = g.kind.fixed_space().filter(|_| !undefined_buffer) {
            if g.space != space {
                fail(format!(
                    "{} globals must be in {}, not {}",
                    g.kind.name(),
                    space.name(),
                    g.space.name()
                ));
            }
        }
        // A resource, or an array (of arrays: `Texture2D t[2][3]`) of resources.
        let mut resource_ty = &g.ty;
        while let Type::Array { element, .. } = resource_ty {
            resource_ty = element;
        }
        let resource = resource_ty.as_resource();
        // An opaque inline SPIR-V type (`[[vk::ext_storage_class(0)]]`) is bound as a
        // resource is (`lower`'s `storage_class`).
        let opaque = matches!(resource_ty, Type::Spirv(s) if s.layout.is_none());
        if g.kind == GlobalKind::Resource {
            match resource {
                None if opaque && g.space == AddressSpace::UniformConstant => {}
                None => fail(format!(
                    "a resource global has non-resource type {}",
                    g.ty.ir()
                )),
                Some(r) => {
                    // `$Globals` moved by `[[vk::ext_storage_class(12)]]` or `(9)` (`lower`'s
                    // `storage_class`): a constant buffer's block in storage or pushed memory.
                    let moved = matches!(r, types::ResourceType::ConstantBuffer { .. })
                        && matches!(
                            g.space,
                            AddressSpace::StorageBuffer | AddressSpace::PushConstant
                        );
                    if r.address_space() != g.space && !moved {
                        fail(format!(
                            "{} belongs in {}, not {}",
                            r.ir(),
                            r.address_space().name(),
                            g.space.name()
                        ));
                    }
                }
            }
            if g.binding.is_none() {
                fail("a resource needs a binding".to_owned());
            }
            if let (Type::Array { len, .. }, count) = (&g.ty, g.resource_count) {
                if *len != count {
                    fail(format!(
                        "resource array length {len:?} differs from count {count:?}"
                    ));
                }
            }
        } else {
            // A private texture, typed buffer or sampler without an initializer is a resource
            // no code assigns (a `static`, a local or a member), a private buffer a struct member no code assigns: an undefined value
            // (or pointer) each time it is read (the backend's `OpUndef`).
            let undefined = g.kind == GlobalKind::Private
                && g.init.is_none()
                && matches!(
                    g.ty.as_resource(),
                    Some(
                        types::ResourceType::Texture { .. }
                            | types::ResourceType::TypedBuffer { .. }
                            | types::ResourceType::Sampler { .. }
                            | types::ResourceType::StructuredBuffer { .. }
                            | types::ResourceType::ByteAddressBuffer { .. }
                    )
                );
            if resource.is_some() && !undefined {
                fail(format!(
                    "a {} global cannot hold {}",
                    g.kind.name(),
                    g.ty.ir()
                ));
            }
            if g.set.is_some() || g.binding.is_some() {
                fail("only resources have a set and binding".to_owned());
            }
        }
        if matches!(g.ty, Type::Pointer { .. }) {
            fail("logical addressing has no pointers to pointers".to_owned());
        }
        match (g.buffer_layout_type(), &g.layout) {
            (Some(_), None) => fail("a buffer needs a layout".to_owned()),
            (Some(t), Some(l)) => {
                let expected =
                    types::BufferLayout::with_member_offsets(&t, l.rules, &g.member_offsets);
                if expected.layout != l.layout {
                    fail(format!(
                        "the {} layout does not match {}",
                        l.rules.name(),
                        t.ir()
                    ));
                }
            }
            (None, Some(_)) => fail(format!("{} has no buffer layout", g.ty.ir())),
            (None, None) => {}
        }
        let is_stage = matches!(g.kind, GlobalKind::Input | GlobalKind::Output);
        // `[[vk::ext_builtin_input(N)]]` gives its built-in as an inline SPIR-V decoration.
        if is_stage && g.stage_binding.is_none() && !g.has_inline_builtin() {
            fail("a stage variable needs a location or built-in".to_owned());
        }
        if !is_stage && g.stage_binding.is_some() {
            fail("only stage variables have a location or built-in".to_owned());
        }
        if let Some(init) = g.init {
            match m.constants.get(init) {
                None => fail(format!(
                    "initializer is a dangling constant #{}",
                    init.index()
                )),
                Some(c) if c.ty != g.ty => fail(format!(
                    "initializer has type {}, the global holds {}",
                    c.ty.ir(),
                    g.ty.ir()
                )),
                Some(_) => {}
            }
            if g.kind != GlobalKind::Private {
                fail("only private globals have an initializer".to_owned());
            }
        }
    }
}

fn verify_entry_points(m: &Module, errors: &mut Vec<VerifierError>) {
    for e in &m.entry_points {
        let ctx = || format!("entry point \"{}\"", e.name);
        let mut fail = |msg: String| module_error(errors, ctx(), Rule::EntryPoint, msg);
        match m.functions.get(e.function) {
            None => fail(format!("names a dangling function #{}", e.function.index())),
            Some(f) => {
                if !f.params.is_empty() || !f.ret.is_void() {
                    fail(format!(
                        "function @{} must take no parameters and return void",
                        f.name
                    ));
                }
            }
        }
        for msg in stages::check_modes(e) {
            fail(msg);
        }
        for (list, kind) in [
            (&e.inputs, GlobalKind::Input),
            (&e.outputs, GlobalKind::Output),
        ] {
            for g in list {
                match m.globals.get(*g) {
                    Some(gv) if gv.kind == kind => {}
                    Some(gv) => fail(format!(
                        "lists @g{} as {}, but its kind is {}",
                        g.index(),
                        kind.name(),
                        gv.kind.name()
                    )),
                    None => fail(format!("lists a dangling global #{}", g.index())),
                }
            }
        }
    }
}

/// Per-function verification state.
pub(crate) struct FnCheck<'a> {
    pub(crate) m: &'a Module,
    pub(crate) f: &'a Function,
    num: Numbering,
    context: String,
    errors: &'a mut Vec<VerifierError>,
    /// For each instruction handle: its block and index there, if placed in the layout.
    placed: Vec<Option<(Block, usize)>>,
}

impl FnCheck<'_> {
    pub(crate) fn report(
        &mut self,
        rule: Rule,
        block: Option<Block>,
        inst: Option<Inst>,
        message: String,
    ) {
        let line = match (inst, block) {
            (Some(i), _) => Some(inst_line(
                self.m,
                self.f,
                &self.num,
                i,
                &PrintOptions::default(),
            )),
            (None, Some(b)) => {
                let pos = self.f.block_position(b).unwrap_or(usize::MAX);
                Some(block_header(self.f, &self.num, pos, b))
            }
            (None, None) => None,
        };
        self.errors.push(VerifierError {
            context: self.context.clone(),
            block: block.map(|b| self.num.block(b)),
            line,
            rule,
            message,
        });
    }

    pub(crate) fn value_name(&self, v: Value) -> String {
        crate::print::format_value(self.m, self.f, &self.num, v)
    }

    pub(crate) fn value_type(&self, v: Value) -> Option<Type> {
        self.m.value_type(self.f, v)
    }
}

fn verify_function(m: &Module, func: crate::module::Func, errors: &mut Vec<VerifierError>) {
    let f = &m.functions[func];
    let mut ck = FnCheck {
        m,
        f,
        num: Numbering::new(f),
        context: format!("function @{}", f.name),
        errors,
        placed: vec![None; f.insts.len()],
    };
    if f.layout.is_empty() {
        ck.report(
            Rule::FunctionBody,
            None,
            None,
            "function has no blocks".to_owned(),
        );
        return;
    }
    // Layout: blocks exist and appear once. Later checks look only at the valid entries.
    let mut in_layout = vec![false; f.blocks.len()];
    let mut layout = Vec::with_capacity(f.layout.len());
    for &b in &f.layout {
        match in_layout.get_mut(b.index()) {
            None => {
                let msg = format!("layout lists a dangling block #{}", b.index());
                ck.report(Rule::FunctionBody, None, None, msg);
            }
            Some(seen) if *seen => {
                let msg = format!("layout lists block #{} twice", b.index());
                ck.report(Rule::FunctionBody, None, None, msg);
            }
            Some(seen) => {
                *seen = true;
                layout.push(b);
            }
        }
    }

    // Parent links and placement.
    for &b in &layout {
        let data = &f.blocks[b];
        for (idx, &i) in data.insts.iter().enumerate() {
            let Some(d) = f.insts.get(i) else {
                let msg = format!("block lists a dangling instruction #{}", i.index());
                ck.report(Rule::ParentLink, Some(b), None, msg);
                continue;
            };
            if let Some((other, _)) = ck.placed[i.index()] {
                let msg = format!("instruction is also listed in {}", ck.num.block(other));
                ck.report(Rule::ParentLink, Some(b), Some(i), msg);
                continue;
            }
            ck.placed[i.index()] = Some((b, idx));
            if d.block != Some(b) {
                let parent = d
                    .block
                    .map_or_else(|| "no block".to_owned(), |p| ck.num.block(p));
                let msg = format!("instruction's parent link says {parent}");
                ck.report(Rule::ParentLink, Some(b), Some(i), msg);
            }
        }
    }

    // Block shape and phi placement.
    for &b in &layout {
        let insts = f.blocks[b].insts.clone();
        let Some(&last) = insts.last() else {
            ck.report(
                Rule::BlockShape,
                Some(b),
                None,
                "block is empty: it needs a terminator".to_owned(),
            );
            continue;
        };
        if !f.insts.get(last).is_some_and(|d| d.is_terminator()) && f.insts.get(last).is_some() {
            ck.report(
                Rule::BlockShape,
                Some(b),
                Some(last),
                "block does not end in a terminator".to_owned(),
            );
        }
        let mut seen_non_phi = false;
        for (idx, &i) in insts.iter().enumerate() {
            let Some(d) = f.insts.get(i) else { continue };
            if d.is_terminator() && idx + 1 != insts.len() {
                ck.report(
                    Rule::BlockShape,
                    Some(b),
                    Some(i),
                    "terminator in the middle of a block".to_owned(),
                );
            }
            if d.opcode == Opcode::Phi {
                if seen_non_phi {
                    ck.report(
                        Rule::PhiPlacement,
                        Some(b),
                        Some(i),
                        "phi after a non-phi instruction".to_owned(),
                    );
                }
            } else {
                seen_non_phi = true;
            }
        }
    }

    let cfg = Cfg::new(f);
    let dom = DominatorTree::new(&cfg);

    // Operands, ordering, dominance, types.
    for &b in &layout {
        let insts = f.blocks[b].insts.clone();
        for (idx, &i) in insts.iter().enumerate() {
            let Some(d) = f.insts.get(i) else { continue };
            if ck.placed[i.index()] != Some((b, idx)) {
                continue; // Reported as a duplicate above.
            }
            let mut operands_ok = true;
            for (n, &op) in d.operands.iter().enumerate() {
                let incoming = if d.opcode == Opcode::Phi {
                    d.blocks.get(n).copied()
                } else {
                    None
                };
                if !check_operand(
                    &mut ck,
                    &dom,
                    b,
                    idx,
                    i,
                    n,
                    op,
                    d.opcode == Opcode::Phi,
                    incoming,
                ) {
                    operands_ok = false;
                }
            }
            for &t in &d.blocks {
                if !in_layout.get(t.index()).copied().unwrap_or(false) {
                    let msg = format!(
                        "refers to block #{} which is not in the function",
                        t.index()
                    );
                    ck.report(Rule::BlockReference, Some(b), Some(i), msg);
                    operands_ok = false;
                } else if d.is_terminator() && Some(t) == layout.first().copied() {
                    // As in SPIR-V: a loop header needs a block before it.
                    let msg = format!("branches to the entry block {}", ck.num.block(t));
                    ck.report(Rule::BlockReference, Some(b), Some(i), msg);
                }
            }
            if operands_ok {
                typecheck::check_inst(&mut ck, b, i, d);
            }
        }
    }

    // Phis name exactly their block's predecessors (reachable blocks).
    for &b in &layout {
        if !cfg.is_reachable(b) {
            continue;
        }
        let preds = cfg.predecessors(b).to_vec();
        for &i in &f.blocks[b].insts.clone() {
            let Some(d) = f.insts.get(i) else { continue };
            if d.opcode != Opcode::Phi {
                continue;
            }
            let mut seen: Vec<Block> = Vec::new();
            for &ib in &d.blocks {
                if seen.contains(&ib) {
                    let msg = format!("{} is named twice", ck.num.block(ib));
                    ck.report(Rule::PhiPredecessors, Some(b), Some(i), msg);
                } else if !preds.contains(&ib) {
                    let msg = format!("{} is not a predecessor", ck.num.block(ib));
                    ck.report(Rule::PhiPredecessors, Some(b), Some(i), msg);
                }
                seen.push(ib);
            }
            for p in &preds {
                if !d.blocks.contains(p) {
                    let msg = format!("predecessor {} is missing", ck.num.block(*p));
                    ck.report(Rule::PhiPredecessors, Some(b), Some(i), msg);
                }
            }
        }
    }

    // Structure markers.
    for &b in &layout {
        let Some(marker) = f.blocks[b].marker else {
            continue;
        };
        let exists = |x: Block| in_layout.get(x.index()).copied().unwrap_or(false);
        if !exists(marker.merge) {
            let msg = format!(
                "merge block #{} is not in the function",
                marker.merge.index()
            );
            ck.report(Rule::StructureMarker, Some(b), None, msg);
        } else if marker.merge == b {
            ck.report(
                Rule::StructureMarker,
                Some(b),
                None,
                "a header cannot be its own merge block".to_owned(),
            );
        }
        let term = f.terminator(b).map(|t| t.opcode);
        match marker.kind {
            StructureKind::Selection => {
                if marker.continue_block.is_some() {
                    ck.report(
                        Rule::StructureMarker,
                        Some(b),
                        None,
                        "a selection has no continue block".to_owned(),
                    );
                }
                if !matches!(term, Some(Opcode::CondBranch | Opcode::Switch)) {
                    ck.report(
                        Rule::StructureMarker,
                        Some(b),
                        None,
                        "a selection header must end in cond_br or switch".to_owned(),
                    );
                }
            }
            StructureKind::Loop => {
                match marker.continue_block {
                    None => ck.report(
                        Rule::StructureMarker,
                        Some(b),
                        None,
                        "a loop needs a continue block".to_owned(),
                    ),
                    Some(c) if !exists(c) => {
                        let msg = format!("continue block #{} is not in the function", c.index());
                        ck.report(Rule::StructureMarker, Some(b), None, msg);
                    }
                    Some(c) if Some(c) == Some(marker.merge) => ck.report(
                        Rule::StructureMarker,
                        Some(b),
                        None,
                        "merge and continue blocks must differ".to_owned(),
                    ),
                    Some(_) => {}
                }
                if term != Some(Opcode::Branch) {
                    ck.report(
                        Rule::StructureMarker,
                        Some(b),
                        None,
                        "a loop header must end in br".to_owned(),
                    );
                }
            }
        }
    }
}

/// Checks one operand; false when it is unusable (so type checks are skipped).
#[allow(clippy::too_many_arguments)]
fn check_operand(
    ck: &mut FnCheck<'_>,
    dom: &DominatorTree,
    b: Block,
    idx: usize,
    i: Inst,
    n: usize,
    op: Value,
    is_phi: bool,
    incoming: Option<Block>,
) -> bool {
    let (m, f) = (ck.m, ck.f);
    let dangling = match op {
        Value::Const(c) => m
            .constants
            .get(c)
            .is_none()
            .then(|| format!("constant #{}", c.index())),
        Value::Spec(s) => m
            .spec_constants
            .get(s)
            .is_none()
            .then(|| format!("spec constant #{}", s.index())),
        Value::Global(g) => m
            .globals
            .get(g)
            .is_none()
            .then(|| format!("global #{}", g.index())),
        Value::Arg(a) => (a as usize >= f.params.len()).then(|| format!("argument {a}")),
        Value::Inst(d) => f
            .insts
            .get(d)
            .is_none()
            .then(|| format!("instruction #{}", d.index())),
    };
    if let Some(what) = dangling {
        let msg = format!("operand {n} is a dangling {what}");
        ck.report(Rule::Operand, Some(b), Some(i), msg);
        return false;
    }
    let Value::Inst(def) = op else { return true };
    let dd = &f.insts[def];
    if !dd.has_result() {
        let msg = format!("operand {n} is an instruction without a result");
        ck.report(Rule::Operand, Some(b), Some(i), msg);
        return false;
    }
    let Some((def_block, def_idx)) = ck.placed[def.index()] else {
        let msg = format!("operand {n} is not in any block of this function");
        ck.report(Rule::Operand, Some(b), Some(i), msg);
        return false;
    };
    if is_phi {
        // A phi's operand must be available at the end of its incoming block.
        if let Some(inc) = incoming {
            if dom.is_reachable(inc) && !dom.dominates(def_block, inc) {
                let msg = format!(
                    "operand {n} ({}) does not dominate the end of incoming block {}",
                    ck.value_name(op),
                    ck.num.block(inc)
                );
                ck.report(Rule::Dominance, Some(b), Some(i), msg);
            }
        }
        return true;
    }
    if def_block == b {
        if def_idx >= idx {
            let msg = format!(
                "operand {n} ({}) is used before it is defined",
                ck.value_name(op)
            );
            ck.report(Rule::InBlockOrder, Some(b), Some(i), msg);
        }
    } else if dom.is_reachable(b) && !dom.dominates(def_block, b) {
        let msg = format!(
            "operand {n} ({}) is defined in {}, which does not dominate this use",
            ck.value_name(op),
            ck.num.block(def_block)
        );
        ck.report(Rule::Dominance, Some(b), Some(i), msg);
    }
    true
}
