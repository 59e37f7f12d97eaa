//! `static`s holding resources written through `out` arguments of calls in other statics'
//! initializers: `static Texture2D b; static Texture2D a = mk(b);` with
//! `Texture2D mk(out Texture2D o) { o = g2; return g1; }`.
//!
//! DXC runs every static's initializer in the entry wrapper, in declaration order, inlines
//! the call and legalizes, so after the wrappers' initializers `b` names the resource the
//! call left in its parameter (`g2`) wherever it is used. hlslc lowers the call's copy (the
//! one its arguments pick, `static_init_calls`) and gives `b` what the copy hands back for
//! that parameter (`resource_out`). Supported: a plain resource `static`, with or without an
//! initializer, that no function assigns, written by one such call (an `out` parameter, or an
//! `inout` one, which takes the static's own initializer's resource, nothing without one).
//!
//! Called from `resource_statics.rs` (bindings) and `static_init_calls.rs` (the calls).

use hir::body::{Expr, ExprId};
use hir::item_tree::{ItemIdx, ItemKind, ParamDirection};
use hir::{GlobalId, Resolution};

use crate::context::{ModuleCtx, R};
use crate::func::FnLower;
use crate::resource_handed::Handed;
use crate::resource_statics::{StaticBinding, StaticResource};

/// A call in the initializer of `static` `writer` passing a `static` to an `out` or `inout`
/// parameter holding resources: the call and the parameter's declared index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OutWrite {
    pub writer: ItemIdx,
    pub call: ExprId,
    pub param: u32,
    pub direction: ParamDirection,
}

impl ModuleCtx<'_> {
    /// The calls in `static` initializers that pass `static` `idx` (by name, parentheses
    /// aside) to an `out` or `inout` parameter holding resources, in declaration order.
    pub(crate) fn static_out_writes(&mut self, idx: ItemIdx) -> Vec<OutWrite> {
        let target = self.tree.item(idx).ast;
        let mut out = Vec::new();
        for writer in 0..self.tree.items.len() {
            let writer = ItemIdx(writer as u32);
            let ItemKind::Variable(v) = &self.tree.item(writer).kind else {
                continue;
            };
            if !v.is_static || writer == idx {
                continue;
            }
            let gid = GlobalId::new(self.db, self.file, self.config, self.tree.item(writer).ast);
            let (body, _) = hir::body::global_body_with_source_map(self.db, gid);
            if body.init.is_none() {
                continue;
            }
            let infer = crate::enums::infer_global(self.db, gid);
            for (k, x) in body.exprs.iter().enumerate() {
                let call = ExprId(k as u32);
                let args = match x {
                    Expr::Call { args, .. } | Expr::MethodCall { args, .. } => args,
                    _ => continue,
                };
                let Some(Resolution::Function { function, .. }) = infer.resolution(call) else {
                    continue;
                };
                let Some(f) = self.tree.by_ast(*function) else {
                    continue;
                };
                let f = self.definition_of(f);
                let Some(decl) = self.tree.function(f).cloned() else {
                    continue;
                };
                for (i, &a) in args.iter().enumerate() {
                    let Some(p) = decl.params.get(i) else {
                        continue;
                    };
                    if p.direction == ParamDirection::In {
                        continue;
                    }
                    let mut a = a;
                    while let Expr::Paren(inner) = body.expr(a) {
                        a = *inner;
                    }
                    let names = matches!(body.expr(a), Expr::Path(_))
                        && matches!(infer.resolution(a), Some(Resolution::Global(g)) if *g == target);
                    let holds = (infer.type_of_expr(a))
                        .is_some_and(|t| crate::resource_out::hands_back(t, p.direction));
                    if names && holds {
                        out.push(OutWrite {
                            writer,
                            call,
                            param: i as u32,
                            direction: p.direction,
                        });
                    }
                }
            }
        }
        out
    }

    /// The binding of plain resource `static` `idx` written by a call in another static's
    /// initializer ([`Self::static_out_writes`]): the resource the call's copy hands back
    /// for that parameter. `None` when no such call writes it.
    pub(crate) fn out_written_binding(
        &mut self,
        idx: ItemIdx,
        body: &hir::body::Body,
        range: syntax::TextRange,
    ) -> R<Option<StaticBinding>> {
        let writes = self.static_out_writes(idx);
        let Some(&write) = writes.first() else {
            return Ok(None);
        };
        let assigned = !self.static_uses(idx).assigned.is_empty();
        if writes.len() > 1 || assigned {
            return Err(self.unsupported(
                "a `static` resource written through an `out` or `inout` argument of a call in \
                 another `static`'s initializer that is assigned by a function or is written by \
                 more than one such call",
                range,
            ));
        }
        // Its own initializer's resource, which the call's `inout` parameter takes.
        let initial = match body.init {
            Some(_) => Some(self.out_static_initial(idx, range)?),
            None => None,
        };
        // A static initialized before the call runs sees the resource before it.
        if let Some(reader) = self.earlier_reader(idx, write.writer) {
            if initial.is_some() {
                return Err(self.unsupported(
                    "a `static` resource read by an initializer that runs before the call in \
                     another `static`'s initializer that writes it",
                    range,
                ));
            }
            let (name, writer) = (
                self.tree.item(idx).name.clone(),
                self.tree.item(write.writer).name.clone(),
            );
            let label = (self.item_range(reader), "read here".to_owned());
            return Err(self.error_with_labels(
                crate::RESOURCE_NOT_LEGAL,
                format!(
                    "`{name}` is read by the initializer of a `static` declared before `{writer}`, \
                     whose initializer's call writes it, so that read names no resource; {}",
                    crate::resource_structs::DXC_FAILS
                ),
                range,
                &[label],
            ));
        }
        // While the writing call is lowered, the static holds its initializer's resource.
        let during = StaticBinding {
            slots: initial.map(|r| vec![Some(r)]).unwrap_or_default(),
            ..StaticBinding::default()
        };
        self.static_resources.insert(idx, during);
        let r = self.out_written_resource(write, range);
        self.static_resources.remove(&idx);
        let r = match r? {
            // An `inout` parameter left as it came in keeps the initializer's resource.
            None if write.direction == ParamDirection::InOut => initial,
            r => r,
        };
        Ok(Some(StaticBinding {
            slots: vec![r],
            ..StaticBinding::default()
        }))
    }

    /// What the copy of call `write.call` (in the initializer of `write.writer`) hands back
    /// for parameter `write.param`: the one resource its slot names.
    fn out_written_resource(
        &mut self,
        write: OutWrite,
        range: syntax::TextRange,
    ) -> R<Option<StaticResource>> {
        let gid = GlobalId::new(
            self.db,
            self.file,
            self.config,
            self.tree.item(write.writer).ast,
        );
        let (body, map) = hir::body::global_body_with_source_map(self.db, gid);
        let infer = crate::enums::infer_global(self.db, gid);
        let outer = self.static_init_map.replace(map);
        let f = self.initializer_call(&body, &infer, write.call, range);
        self.static_init_map = outer;
        let f = f?;
        let handed = self.handed_out.get(&f).and_then(|h| {
            h.iter()
                .find(|(n, _)| *n == write.param)
                .map(|(_, slots)| slots.clone())
        });
        match handed.flatten().as_deref() {
            Some([Some(Handed::Named(r))]) => Ok(Some(*r)),
            // Never assigned: a use is E3020 where it runs, as for an unassigned static.
            Some([None]) => Ok(None),
            Some([Some(Handed::Indexed(..))]) => Err(self.unsupported(
                "a `static` resource written through an `out` argument of a call in another \
                 `static`'s initializer with an element at a run-time index",
                range,
            )),
            // The function failed to lower and said why.
            _ if !self.diagnostics.is_empty() => Err(crate::context::Unsupported),
            _ => Err(self.unsupported(
                "a `static` resource written through an `out` argument of a call in another \
                 `static`'s initializer (what the call hands back is unknown)",
                range,
            )),
        }
    }
}

impl ModuleCtx<'_> {
    /// A `static` declared before `writer` whose initializer names `static` `idx`: it runs
    /// before `writer`'s call gives `idx` a resource.
    fn earlier_reader(&mut self, idx: ItemIdx, writer: ItemIdx) -> Option<ItemIdx> {
        let target = self.tree.item(idx).ast;
        (0..writer.0).map(ItemIdx).find(|&reader| {
            let ItemKind::Variable(v) = &self.tree.item(reader).kind else {
                return false;
            };
            if !v.is_static || reader == idx {
                return false;
            }
            let gid = GlobalId::new(self.db, self.file, self.config, self.tree.item(reader).ast);
            let (body, _) = hir::body::global_body_with_source_map(self.db, gid);
            let infer = crate::enums::infer_global(self.db, gid);
            (0..body.exprs.len()).any(|k| {
                let e = ExprId(k as u32);
                matches!(body.expr(e), Expr::Path(_))
                    && matches!(infer.resolution(e), Some(Resolution::Global(g)) if *g == target)
            })
        })
    }

    /// The resource the initializer of plain resource `static` `idx` names: what an `inout`
    /// parameter of a call in a later initializer takes (not the static's binding, which is
    /// what the call hands back). Read while the static names nothing (a read of itself is
    /// E3020), its binding restored after.
    pub(crate) fn out_static_initial(
        &mut self,
        idx: ItemIdx,
        range: syntax::TextRange,
    ) -> R<StaticResource> {
        let gid = GlobalId::new(self.db, self.file, self.config, self.tree.item(idx).ast);
        let (body, map) = hir::body::global_body_with_source_map(self.db, gid);
        let infer = crate::enums::infer_global(self.db, gid);
        let Some(init) = body.init else {
            return Err(self.unsupported("this `static` initializer", range));
        };
        let saved = self.static_resources.insert(idx, StaticBinding::default());
        let outer = self.static_init_map.replace(map);
        let r = self.named_resource(&body, &infer, init, range);
        self.static_init_map = outer;
        match saved {
            Some(b) => self.static_resources.insert(idx, b),
            None => self.static_resources.remove(&idx),
        };
        r
    }

    /// The plain resource `static` argument `a` of a call in a `static` initializer names
    /// (parentheses aside), passed to an `out` or `inout` parameter holding resources: the
    /// one form [`Self::out_written_binding`] binds, and whether it has an initializer.
    pub(crate) fn out_argument_static(
        &self,
        body: &hir::body::Body,
        infer: &hir::InferenceResult,
        a: ExprId,
    ) -> Option<(ItemIdx, bool)> {
        let a = crate::unparen(body, a);
        let item = match infer.resolution(a) {
            Some(Resolution::Global(ast)) if matches!(body.expr(a), Expr::Path(_)) => {
                self.tree.by_ast(*ast)
            }
            _ => None,
        };
        let item = item.filter(|&i| self.is_resource_static(i))?;
        let gid = GlobalId::new(self.db, self.file, self.config, self.tree.item(item).ast);
        let plain = crate::enums::global_type(self.db, gid)
            .is_some_and(|t| matches!(t, types::Type::Resource(_)));
        let (own, _) = hir::body::global_body_with_source_map(self.db, gid);
        plain.then_some((item, own.init.is_some()))
    }
}

impl FnLower<'_, '_> {
    /// Whether this is the lowering of a `static`'s initializer (in `init_globals`).
    pub(crate) fn in_static_initializer(&self) -> bool {
        matches!(self.cx.tree.item(self.item).kind, ItemKind::Variable(_))
    }

    /// The plain resource `static` argument `a` names (parentheses aside) when calls in
    /// `static` initializers write it ([`ModuleCtx::out_written_binding`]).
    pub(crate) fn out_written_static(&mut self, a: ExprId) -> Option<ItemIdx> {
        let a = crate::unparen(&self.body, a);
        let idx = self.resource_static(a)?;
        (!self.cx.static_out_writes(idx).is_empty()).then_some(idx)
    }
}
