//! `static` globals: a literal initializer becomes the global's constant; any other runs in
//! `init_globals`, which the entry wrapper calls before the body.

use hir::item_tree::ItemIdx;
use hir::type_ref::ConstExpr;
use hir::GlobalId;
use ir::{Constant, Func, InstData, Opcode, Value};
use types::Type;

use crate::context::{ModuleCtx, R};
use crate::convert::{conforming_literal, literal_constant};
use crate::func::FnLower;

/// The constant of a scalar global initialized with a (possibly negated) literal, read as
/// `hlsl_version` reads literals ([`conforming_literal`]).
pub fn const_scalar(c: &ConstExpr, ty: &Type, hlsl_version: u32) -> Option<Constant> {
    let Type::Scalar(kind) = ty else {
        return None;
    };
    let lit = |c: &ConstExpr| -> Option<hir::body::Literal> {
        Some(match c {
            ConstExpr::Int(v) => hir::body::Literal::Int(*v as u64, hir::type_ref::IntSuffix::None),
            ConstExpr::Float(b, s) => {
                conforming_literal(hir::body::Literal::Float(*b, *s), hlsl_version)
            }
            ConstExpr::Bool(b) => hir::body::Literal::Bool(*b),
            _ => return None,
        })
    };
    match c {
        ConstExpr::Neg(inner) => match lit(inner)? {
            hir::body::Literal::Int(v, s) => literal_constant(
                &hir::body::Literal::Int((v as i64).wrapping_neg() as u64, s),
                *kind,
            ),
            hir::body::Literal::Float(b, s) => literal_constant(
                &hir::body::Literal::Float((-f64::from_bits(b)).to_bits(), s),
                *kind,
            ),
            _ => None,
        },
        c => literal_constant(&lit(c)?, *kind),
    }
}

/// Builds `init_globals` for the statics the module uses (initializers may reach more), and
/// makes `wrapper` call it first.
pub fn lower_init_globals(cx: &mut ModuleCtx<'_>, wrapper: Func) {
    if cx.static_inits.is_empty() || !cx.diagnostics.is_empty() {
        return;
    }
    let init = cx
        .mb
        .declare_function("init_globals", Vec::new(), Type::Void);
    // Statics initialize in declaration order, as in DXC. An initializer can reach statics
    // not seen yet (declared earlier, used only by it): then the function is built again
    // with the larger set, until lowering discovers no more.
    let mut current;
    loop {
        let mut order = cx.static_inits.clone();
        order.sort_by_key(|&(idx, _)| idx);
        cx.mb.module_mut().functions[init] =
            ir::Function::new("init_globals", Vec::new(), Type::Void);
        current = Some(cx.mb.function(init).create_block("entry"));
        let known = cx.static_inits.len();
        for (idx, g) in order {
            match lower_one(cx, init, current, idx, g) {
                Ok(c) => current = c,
                Err(_) => return,
            }
            cx.drain_queue();
        }
        if cx.static_inits.len() == known {
            break;
        }
    }
    if let Some(b) = current {
        let mut fb = cx.mb.function(init);
        fb.switch_to_block(b);
        fb.inst(Opcode::Return, Type::Void, Vec::new());
    }
    let precise = crate::precise::precise_globals(cx);
    crate::precise::mark_precise(&mut cx.mb.module_mut().functions[init], precise, false);
    // The call goes first in the wrapper.
    let f = &mut cx.mb.module_mut().functions[wrapper];
    let call = f
        .insts
        .push(InstData::new(Opcode::Call(init), Type::Void, Vec::new()));
    if let Some(&b) = f.layout.first() {
        f.insts[call].block = Some(b);
        f.blocks[b].insts.insert(0, call);
    }
}

/// Stores the initializer of static `idx` into `g`; the block where code continues.
fn lower_one(
    cx: &mut ModuleCtx<'_>,
    func: Func,
    current: Option<ir::Block>,
    idx: ItemIdx,
    g: ir::Global,
) -> R<Option<ir::Block>> {
    let gid = GlobalId::new(cx.db, cx.file, cx.config, cx.tree.item(idx).ast);
    let (body, map) = hir::body::global_body_with_source_map(cx.db, gid);
    let infer = crate::enums::infer_global(cx.db, gid);
    let ty = cx.mb.module().globals[g].ty.clone();
    let Some(init) = body.init else {
        return Ok(current);
    };
    // What the statics it reads hold when it runs (`static_out_args`' phases).
    let reading = cx.reading_initializer.replace(idx);
    let r = lower_one_initializer(cx, func, current, idx, g, init, (body, map, infer, ty));
    cx.reading_initializer = reading;
    r
}

/// [`lower_one`] of initializer `init`.
fn lower_one_initializer(
    cx: &mut ModuleCtx<'_>,
    func: Func,
    current: Option<ir::Block>,
    idx: ItemIdx,
    g: ir::Global,
    init: hir::body::ExprId,
    (body, map, infer, ty): (
        std::sync::Arc<hir::body::Body>,
        std::sync::Arc<hir::body::BodySourceMap>,
        std::sync::Arc<hir::InferenceResult>,
        Type,
    ),
) -> R<Option<ir::Block>> {
    let mut f = FnLower {
        cx,
        item: idx,
        func,
        body: body.clone(),
        map,
        infer,
        current,
        locals: Vec::new(),
        jumps: Vec::new(),
        ret: Type::Void,
        this: None,
        loc: None,
        const_locals: Default::default(),
        res: Default::default(),
        precise_fields: Vec::new(),
        defaults: Vec::new(),
        bit_fields: Vec::new(),
        pointer_locals: Default::default(),
    };
    if f.cx.is_resource_static(idx) {
        // Only the data part of a struct holding resources lives in `g`
        // (`resource_statics`).
        let b = f.cx.static_binding(idx)?;
        let mut call = init;
        while let hir::body::Expr::Paren(i) = f.body.expr(call) {
            call = *i;
        }
        // The call runs once: for the data part, or (a struct without data) for the indices
        // it hands back, with the first of them.
        // The slots handed back by a call (the initializer, a member of its result, or an
        // item of a list holding resources): their indices are read from what the lowered
        // initializer binds (`resource_statics`).
        let handed_by = |s: &&crate::resource_statics::IndexedSlot| {
            // A row at a run-time index is no call's (`row_statics`).
            s.column.is_none()
                && (s.expr == call
                    || (f.infer.type_of_expr(s.expr))
                        .is_some_and(crate::resource_out::holds_resources))
        };
        let handed: Vec<_> = b.indexed_slots.iter().filter(handed_by).copied().collect();
        let first_handed = handed.first();
        let runs_call = match b.data {
            Some(d) => d == g,
            None => first_handed.is_some_and(|s| s.index == g),
        };
        if let Some(split) = b.split.clone().filter(|_| runs_call) {
            let paths = split.resource_paths();
            let l = f.init_static_data(split, b.data, init)?;
            // The slots a call hands back elements at run-time indices in: the indices.
            for s in &handed {
                let slot = (l, paths.get(s.slot).cloned().unwrap_or_default());
                let p = match f.res.slots.get(&slot) {
                    Some(crate::resource_structs::Binding::Bound(p)) => *p,
                    _ => continue,
                };
                if let Some((_, k)) = f.element_index_of(p, init)? {
                    let from = f.type_of(k);
                    let v = f.convert_value(k, &from, &Type::INT, init)?;
                    f.fb().store(Value::Global(s.index), v);
                }
            }
        }
        // A slot at a run-time index: its index, once (`StaticBinding::indexed_slots`), unless
        // the call initializing the data part stored it.
        if let Some(s) = b
            .indexed_slots
            .iter()
            .find(|s| s.index == g && !handed.iter().any(|h| h.index == s.index))
        {
            let v = f.indexed_slot_index(s)?;
            f.fb().store(Value::Global(g), v);
        }
        // An element at a run-time index: its index, once (`StaticBinding::index`).
        if let Some((_, index)) = b.index.filter(|&(_, index)| index == g) {
            let mut e = init;
            while let hir::body::Expr::Paren(i) | hir::body::Expr::Cast { expr: i, .. } =
                f.body.expr(e)
            {
                e = *i;
            }
            if let Some(v) = f.static_run_index(e)? {
                // An element of a `static` array of a global's elements (`resource_rows`).
                f.fb().store(Value::Global(index), v);
            } else if let hir::body::Expr::Index { index: k, .. } = f.body.expr(e).clone() {
                let v = f.coerce(k, &Type::INT)?;
                f.fb().store(Value::Global(index), v);
            } else {
                // A call handing back an element: the index it hands back.
                let p = f.resource_pointer(e)?;
                if let Some((_, k)) = f.element_index_of(p, e)? {
                    let from = f.type_of(k);
                    let v = f.convert_value(k, &from, &Type::INT, e)?;
                    f.fb().store(Value::Global(index), v);
                }
            }
        }
        // Its call hands another `static` an element at a run-time index through `out`:
        // run it, which stores that index (`static_out_args`, `rebind_out_written`).
        if f.cx.out_index_runs.contains(&(idx, g)) {
            f.resource_pointer(init)?;
        }
        return Ok(f.current);
    }
    let v = f.coerce(init, &ty)?;
    f.fb().store(Value::Global(g), v);
    Ok(f.current)
}
