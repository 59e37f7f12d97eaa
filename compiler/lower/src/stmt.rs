//! Statements: declarations, `if`/`else`, the loops (with loop markers: header, merge and
//! continue blocks), `switch`, `break`/`continue`/`return`/`discard`. Code after a jump is
//! not lowered; a merge block nothing reaches ends in `unreachable`.

use hir::body::{Expr, Literal, Stmt, StmtId};
use ir::{Opcode, Value};
use syntax::ast::PrefixOp;
use types::{ScalarKind, Type};

use crate::context::R;
use crate::func::{FnLower, Jump};

impl FnLower<'_, '_> {
    /// Lowers statement `s`; the instructions it builds outside its expressions (branches,
    /// stores of declarations) point at it.
    pub fn lower_stmt(&mut self, s: StmtId) -> R<()> {
        if self.current.is_none() {
            return Ok(());
        }
        let range = self.stmt_range(s);
        let outer = self.set_loc(range);
        // A `break` or `return` in a statically dead arm inside a loop or `switch` does not
        // make the code after it dead (`resource_choice`).
        let flow = self.res.flow;
        let r = if flow.dead {
            // A use of a resource never assigned drops its statement (`resource_dead`).
            self.lower_dead_stmt(s)
        } else if self.is_droppable_decl(s) {
            // So does one in the initializer of a local never read (`resource_unread`).
            self.lower_droppable_decl(s)
        } else {
            self.lower_stmt_here(s)
        };
        if matches!(
            self.body.stmt(s),
            Stmt::For { .. } | Stmt::While { .. } | Stmt::DoWhile { .. } | Stmt::Switch { .. }
        ) {
            self.res.flow = flow;
        }
        self.loc = outer;
        r
    }

    pub(crate) fn lower_stmt_here(&mut self, s: StmtId) -> R<()> {
        self.res.call_temps.clear();
        self.res.assigned.clear();
        match self.body.stmt(s).clone() {
            Stmt::Expr(e) => self.lower_effect(e)?,
            Stmt::Decl(locals) => {
                for l in locals {
                    // An inline SPIR-V pointer names its value (`spirv_pointer`).
                    if let Some(r) = self.init_pointer_local(l) {
                        r?;
                        continue;
                    }
                    let local = self.body.local(l);
                    // A `static` local is initialized once: by its global's initializer, or
                    // here, the first time, when the initializer is not a constant.
                    let once = local.is_static
                        && matches!(self.locals[l.0 as usize], Some(Value::Global(_)));
                    if once {
                        self.init_static_local(l)?;
                        continue;
                    }
                    if self.res.alias_statics.contains(&l) {
                        // Bound to its one resource when the function starts (`static_assign`);
                        // a struct's data is initialized once (`static_local_alias`).
                        if let (Some(init), true) = (local.init, self.res.split.contains_key(&l)) {
                            self.init_alias_static_split(l, init)?;
                        }
                        continue;
                    }
                    if self.res.static_once.contains(&l) && self.res.loop_depth > 0 {
                        // Reached again, it would keep its resources (`static_assign`).
                        let what = "a `static` local holding resources declared inside a loop";
                        let range = (self.map.locals.get(l.0 as usize))
                            .map(|p| p.text_range())
                            .unwrap_or_default();
                        return Err(self.cx.unsupported(what, range));
                    }
                    self.res.declared_depth.insert(l, self.res.loop_depth);
                    let Some(init) = local.init else {
                        continue;
                    };
                    // A struct whose initializer is the same on every call is an ordinary
                    // split local (`static_split_is_local`), initialized on every call.
                    let split = self.res.split.contains_key(&l);
                    let kept = !split || self.res.static_once.contains(&l);
                    if local.is_static && kept && self.cx.flowing_local(self.item, l) {
                        // Its initializer's resource is where it starts in the entry, not
                        // rebound on each call; a struct's runs on the first call
                        // (`static_flow`).
                        if split {
                            self.init_flowing_static_split(l, init)?;
                        } else {
                            self.init_flowing_static_resource(l, init)?;
                        }
                        continue;
                    }
                    if self.res.split.contains_key(&l) {
                        self.init_split_local(l, init)?;
                        continue;
                    }
                    if let Some(r) = self.init_array_local(l, init) {
                        r?;
                        continue;
                    }
                    let ty = self.infer.type_of_local(l).cloned().unwrap_or(Type::Void);
                    if let Some(r) = self.ray_query_copy(&ty, init) {
                        return r;
                    }
                    if crate::stages::geometry::is_stream(&ty) {
                        // An alias of the stream it copies (`stages::geometry`).
                        self.copy_stream(init)?;
                        continue;
                    }
                    if crate::resources::resource_of(&ty).is_some() {
                        self.bind_resource_local(l, init)?;
                        continue;
                    }
                    if crate::empty_arrays::is_empty(&ty) {
                        self.discard_empty(init)?;
                        continue;
                    }
                    let ptr = self.local_ptr(l)?;
                    let v = self.coerce(init, &ty)?;
                    let v = self.wrap_bit_fields_of(v, &ty);
                    self.fb().store(ptr, v);
                }
            }
            Stmt::Block(stmts) => {
                for st in stmts {
                    self.lower_stmt(st)?;
                }
            }
            Stmt::Empty | Stmt::TypeDecl(_) => {}
            Stmt::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.coerce(cond, &Type::BOOL)?;
                let header = self.current.expect("reachable");
                let then_b = self.new_block("if.then");
                let else_b = otherwise.map(|_| self.new_block("if.else"));
                let merge = self.new_block("if.merge");
                let hint = self.control_hint(s);
                self.cx
                    .mb
                    .function(self.func)
                    .mark_selection(header, merge, hint);
                self.cond_br(c, then_b, else_b.unwrap_or(merge));
                let mut reached = else_b.is_none();
                // Resource bindings of the arms that reach the merge (`resource_structs`);
                // with a condition known at compile time, of the arm that runs only
                // (`resource_choice`).
                let known = self.static_condition(cond);
                let outer = self.res.flow;
                let before = self.binding_state();
                let mut arms = Vec::new();
                let mut live = Vec::new();
                if else_b.is_none() {
                    arms.push(before.clone());
                    if !outer.dead && known != Some(true) {
                        live.push(before.clone());
                    }
                }
                self.res.flow.dead = outer.dead || known == Some(false);
                self.switch_to(then_b);
                self.lower_stmt(then)?;
                reached |= self.current.is_some();
                if self.current.is_some() {
                    arms.push(self.binding_state());
                    if !self.res.flow.dead {
                        live.push(self.binding_state());
                    }
                }
                self.br(merge);
                if let (Some(b), Some(o)) = (else_b, otherwise) {
                    self.restore_bindings(before);
                    self.res.flow.dead = outer.dead || known == Some(true);
                    self.switch_to(b);
                    self.lower_stmt(o)?;
                    reached |= self.current.is_some();
                    if self.current.is_some() {
                        arms.push(self.binding_state());
                        if !self.res.flow.dead {
                            live.push(self.binding_state());
                        }
                    }
                    self.br(merge);
                }
                // After an `if` whose running arms all leave, the code is statically dead.
                self.res.flow.dead = outer.dead || live.is_empty();
                self.merge_bindings(if live.is_empty() { arms } else { live });
                self.finish_merge(merge, reached);
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
            } => {
                // A loop without a hint is unrolled too when only that makes its texel
                // offsets constants, as DXC's DXIL legalization does; `[loop]` forbids it.
                if !matches!(self.control_hint(s), Some(ir::ControlHint::DontUnroll)) {
                    return self.lower_unroll_for(s, init, cond, step, body);
                }
                if let Some(i) = init {
                    self.lower_stmt(i)?;
                }
                self.lower_loop_stmt(s, cond, step, body)?;
            }
            Stmt::While { cond, body } => self.lower_loop(s, Some(cond), None, body, false)?,
            Stmt::DoWhile { body, cond } => self.lower_loop(s, Some(cond), None, body, true)?,
            Stmt::Switch { expr, clauses } => self.lower_switch(s, expr, &clauses)?,
            Stmt::Break => {
                self.res.loops.jumps += 1;
                let Some(j) = self.jumps.last().copied() else {
                    return Err(self.cx.unsupported("`break` here", self.stmt_range(s)));
                };
                if j.continue_to.is_none() {
                    // Leaving a `switch`: its bindings meet after it (`resource_loops`).
                    self.switch_break();
                }
                self.br(j.break_to);
            }
            Stmt::Continue => {
                self.res.loops.jumps += 1;
                let Some(target) = self.jumps.iter().rev().find_map(|j| j.continue_to) else {
                    return Err(self.cx.unsupported("`continue` here", self.stmt_range(s)));
                };
                self.br(target);
            }
            Stmt::Return(value) => {
                // `out` parameters holding resources hand their bindings back
                // (`resource_out`), as the returned value (whose calls may rebind them)
                // leaves them.
                if let Some(ops) = value.and_then(|e| self.return_split(e)) {
                    let ops = ops?;
                    self.record_out_resources(self.stmt_range(s))?;
                    self.terminate(Opcode::Return, ops);
                    return Ok(());
                }
                let ops = match value {
                    // A zero-length array is returned as nothing (`empty_arrays`).
                    Some(e) if self.is_empty_value(e) => {
                        self.discard_empty(e)?;
                        Vec::new()
                    }
                    Some(e) if !self.ret.is_void() => {
                        let ret = self.ret.clone();
                        vec![self.coerce(e, &ret)?]
                    }
                    Some(e) => {
                        self.lower_expr(e)?;
                        Vec::new()
                    }
                    None => Vec::new(),
                };
                self.record_out_resources(self.stmt_range(s))?;
                self.terminate(Opcode::Return, ops);
            }
            // Demoted to a helper (DXC's `discard` under the demote extension or Vulkan 1.3),
            // the invocation runs on: no terminator.
            Stmt::Discard if self.cx.options.discard_demotes => {
                self.fb()
                    .call_intrinsic(ir::Intrinsic::Demote, Type::Void, &[]);
            }
            Stmt::Discard => self.terminate(Opcode::Kill, Vec::new()),
            Stmt::NotSupported(what) => {
                return Err(self.cx.unsupported(&what, self.stmt_range(s)));
            }
        }
        Ok(())
    }

    /// The declaration of a `static` local whose initializer is not a constant: the first time
    /// it runs (its flag still `false`), set the flag and store the initializer; every later
    /// time, nothing. A selection whose header branches to its merge block when the flag is set.
    fn init_static_local(&mut self, l: hir::body::LocalId) -> R<()> {
        let Some(init) = self.body.local(l).init else {
            return Ok(());
        };
        let Some(Value::Global(g)) = self.locals[l.0 as usize] else {
            return Ok(());
        };
        let Some(&(_, flag)) = self.cx.static_local_flags.iter().find(|(v, _)| *v == g) else {
            // A constant initializer: the global's own.
            return Ok(());
        };
        let ty = self.infer.type_of_local(l).cloned().unwrap_or(Type::Void);
        let Some(merge) = self.first_time(flag) else {
            return Ok(());
        };
        let v = self.coerce(init, &ty)?;
        self.fb().store(Value::Global(g), v);
        self.br(merge);
        self.switch_to(merge);
        Ok(())
    }

    /// Opens the part of a declaration that runs only the first time it is reached: a
    /// selection whose header branches to its merge block when the `bool` global `flag` is
    /// set, and otherwise sets it and goes on in a new block. The caller lowers that part and
    /// branches to the merge block returned (`None` where the code is unreachable).
    pub(crate) fn first_time(&mut self, flag: ir::Global) -> Option<ir::Block> {
        let header = self.current?;
        let done = self.fb().load(Value::Global(flag));
        let first = self.new_block("static.init");
        let merge = self.new_block("static.merge");
        self.cx
            .mb
            .function(self.func)
            .mark_selection(header, merge, None);
        self.cond_br(done, merge, first);
        self.switch_to(first);
        let yes = self.fb().bool(true);
        self.fb().store(Value::Global(flag), yes);
        Some(merge)
    }

    /// `Texture2D t = g_Textures[i];`: the local stands for the resource pointer it is
    /// initialized with (resources are never copied; the specification's operands are
    /// pointers).
    pub(crate) fn bind_resource_local(
        &mut self,
        l: hir::body::LocalId,
        init: hir::body::ExprId,
    ) -> R<()> {
        let ty = self.infer.type_of_local(l).cloned();
        if let Some(Type::Resource(res)) = &ty {
            if let Some(p) = self.heap_element(init, res) {
                self.locals[l.0 as usize] = Some(p?);
                return Ok(());
            }
        }
        if self.heap_named(init) {
            return Err(self.unsupported("a descriptor heap element of this type", init));
        }
        if !self.is_place_expr(init) {
            return Err(self.unsupported("a resource local initialized with this", init));
        }
        match self.lvalue(init)? {
            crate::func::Place::Ptr(p) => {
                self.locals[l.0 as usize] = Some(p);
                self.record_origin((l, None), p, init);
                Ok(())
            }
            _ => Err(self.unsupported("a resource local initialized with this", init)),
        }
    }

    /// A `for` loop after its initializer.
    pub(crate) fn lower_loop_stmt(
        &mut self,
        s: StmtId,
        cond: Option<hir::body::ExprId>,
        step: Option<hir::body::ExprId>,
        body: StmtId,
    ) -> R<()> {
        self.lower_loop(s, cond, step.map(Step::Expr), body, false)
    }

    /// Continues in `merge`, which ends in `unreachable` when no arm reached it.
    fn finish_merge(&mut self, merge: ir::Block, reached: bool) {
        self.switch_to(merge);
        if !reached {
            self.terminate(Opcode::Unreachable, Vec::new());
        }
    }

    /// `header: br check; check: cond_br body, merge; body...; cont: step; br header`. A
    /// `do`-`while` tests in the continue block instead. A body rebinding resources so
    /// that the next iteration starts from other bindings is lowered again from their merge
    /// (`resource_loops`).
    fn lower_loop(
        &mut self,
        s: StmtId,
        cond: Option<hir::body::ExprId>,
        step: Option<Step>,
        body: StmtId,
        test_at_end: bool,
    ) -> R<()> {
        if !self.loops_may_rebind() {
            // Nothing to rebind: one pass, no snapshot.
            return self
                .lower_loop_from(s, cond, step, body, test_at_end, true)
                .map(|_| ());
        }
        let saved = self.snapshot();
        let Some(header) = self.lower_loop_from(s, cond, step, body, test_at_end, false)? else {
            return Ok(());
        };
        self.restore(saved);
        self.restore_bindings(header);
        self.lower_loop_from(s, cond, step, body, test_at_end, true)
            .map(|_| ())
    }

    /// [`Self::lower_loop`] from the bindings there now; the bindings to lower it again
    /// from when its body changes them (not on the `second_pass`).
    fn lower_loop_from(
        &mut self,
        s: StmtId,
        cond: Option<hir::body::ExprId>,
        step: Option<Step>,
        body: StmtId,
        test_at_end: bool,
        second_pass: bool,
    ) -> R<Option<crate::resource_structs::BindingState>> {
        let start = self.begin_loop();
        let header = self.new_block("loop.header");
        let check = (!test_at_end && cond.is_some()).then(|| self.new_block("loop.check"));
        let body_b = self.new_block("loop.body");
        let cont = self.new_block("loop.continue");
        let merge = self.new_block("loop.merge");
        let hint = self.control_hint(s);
        self.br(header);
        self.cx
            .mb
            .function(self.func)
            .mark_loop(header, merge, cont, hint);
        self.switch_to(header);
        self.br(check.unwrap_or(body_b));
        if let (Some(check), Some(c)) = (check, cond) {
            self.switch_to(check);
            let v = self.coerce(c, &Type::BOOL)?;
            self.cond_br(v, body_b, merge);
        }
        self.jumps.push(Jump {
            break_to: merge,
            continue_to: Some(cont),
        });
        self.switch_to(body_b);
        self.res.loop_depth += 1;
        let r = self.lower_stmt(body);
        self.res.loop_depth -= 1;
        self.jumps.pop();
        r?;
        let end = self.current.map(|_| self.binding_state());
        self.br(cont);
        self.switch_to(cont);
        if let Some(Step::Expr(e)) = step {
            self.lower_expr(e)?;
        }
        match (test_at_end, cond) {
            (true, Some(c)) => {
                let v = self.coerce(c, &Type::BOOL)?;
                self.cond_br(v, header, merge);
            }
            _ => self.br(header),
        }
        if let Some(again) = self.end_loop(start, end, second_pass) {
            return Ok(Some(again));
        }
        // The merge is reached by the loop test or a `break`; an endless loop without a
        // `break` leaves it unreachable.
        let reached = self.block_has_preds(merge);
        self.finish_merge(merge, reached);
        Ok(None)
    }

    /// Whether some terminator already branches to `b`.
    fn block_has_preds(&mut self, b: ir::Block) -> bool {
        let f = &self.cx.mb.module().functions[self.func];
        f.layout.iter().any(|&blk| f.successors(blk).contains(&b))
    }

    fn lower_switch(
        &mut self,
        s: StmtId,
        expr: hir::body::ExprId,
        clauses: &[hir::body::CaseClause],
    ) -> R<()> {
        let sel_ty = self.ty(expr)?;
        let sel_ty = match sel_ty.scalar_kind() {
            Some(ScalarKind::Uint) => Type::UINT,
            _ => Type::INT,
        };
        let sel = self.coerce(expr, &sel_ty)?;
        let header = self.current.expect("reachable");
        let blocks: Vec<ir::Block> = clauses
            .iter()
            .map(|_| self.new_block("switch.case"))
            .collect();
        let merge = self.new_block("switch.merge");
        let mut default = merge;
        let mut cases = Vec::new();
        let mut values = Vec::new();
        let mut clause_values = Vec::new();
        for (c, &b) in clauses.iter().zip(&blocks) {
            clause_values.push(None);
            match c.value {
                None => default = b,
                Some(v) => {
                    let n = self
                        .const_int(v)
                        .or_else(|| self.const_ints(v).filter(|c| c.len() == 1).map(|c| c[0]))
                        .filter(|_| !self.reads_plain_local(v));
                    let Some(n) = n else {
                        return Err(self.unsupported("a non-constant case value", v));
                    };
                    cases.push(b);
                    values.push(n);
                    *clause_values.last_mut().expect("pushed") = Some(n);
                }
            }
        }
        let hint = self.control_hint(s);
        self.cx
            .mb
            .function(self.func)
            .mark_selection(header, merge, hint);
        let mut d = ir::InstData::new(Opcode::Switch, Type::Void, vec![sel]);
        d.blocks = std::iter::once(default).chain(cases).collect();
        d.literals = values;
        self.fb().push(d);
        self.current = None;
        let mut reached = default == merge;
        self.jumps.push(Jump {
            break_to: merge,
            continue_to: None,
        });
        // Which clause runs is chosen at run time: the bindings after the `switch` merge those
        // of its exits (`resource_loops`) — unless the selector is a compile-time constant:
        // then the clauses that run keep their bindings (`resource_choice`).
        let start = self.static_selector(expr).map(|v| {
            clause_values
                .iter()
                .position(|&c| c == Some(v))
                .or_else(|| clauses.iter().position(|c| c.value.is_none()))
        });
        self.open_switch(start.is_none());
        let outer = self.res.flow;
        let before = self.binding_state();
        let mut live = false;
        let mut exit = None;
        for (i, c) in clauses.iter().enumerate() {
            // Falling through from the previous clause.
            let falls_through = self.current.is_some();
            self.br(blocks[i]);
            self.switch_to(blocks[i]);
            if let Some(start) = start {
                live = start == Some(i) || live && falls_through;
                if !live {
                    self.restore_bindings(before.clone());
                }
                self.res.flow.dead = outer.dead || !live;
            } else if falls_through {
                // Entered from the selector or from the clause before.
                let fell = self.binding_state();
                self.merge_bindings(vec![before.clone(), fell]);
            } else {
                self.restore_bindings(before.clone());
            }
            for &st in &c.stmts {
                if let Err(e) = self.lower_stmt(st) {
                    self.close_switch();
                    self.res.flow = outer;
                    self.jumps.pop();
                    return Err(e);
                }
            }
            if live && self.current.is_none() {
                exit = Some(self.binding_state());
                live = false;
            }
        }
        let mut exits = self.close_switch();
        if start.is_some() {
            if live {
                exit = Some(self.binding_state());
            }
            self.restore_bindings(exit.unwrap_or(before));
            self.res.flow = outer;
        } else {
            // Falling out of the last clause, and past every clause without a `default`.
            if self.current.is_some() {
                exits.push(self.binding_state());
            }
            if default == merge {
                exits.push(before);
            }
            self.merge_bindings(exits);
        }
        self.jumps.pop();
        reached |= self.current.is_some();
        self.br(merge);
        reached |= self.block_has_preds(merge);
        self.finish_merge(merge, reached);
        Ok(())
    }

    /// The value of an integer literal (possibly negated, or under a unary `+`).
    pub fn const_int(&self, e: hir::body::ExprId) -> Option<i64> {
        match self.body.expr(e) {
            Expr::Literal(Literal::Int(v, _)) => Some(*v as i64),
            Expr::Literal(Literal::Bool(b)) => Some(i64::from(*b)),
            Expr::Paren(i)
            | Expr::Prefix {
                op: PrefixOp::Plus,
                expr: i,
            } => self.const_int(*i),
            Expr::Prefix {
                op: PrefixOp::Neg,
                expr,
            } => self.const_int(*expr).map(|v| -v),
            _ => None,
        }
    }
}

/// The step of a `for` loop.
#[derive(Clone, Copy)]
enum Step {
    Expr(hir::body::ExprId),
}

/// The arguments' text of an attribute (`[unroll(4)]` → `["4"]`).
pub fn attr_args(attr: &syntax::ast::Attribute) -> Vec<String> {
    use syntax::ast::AstNode;
    attr.arg_list()
        .map(|l| l.args().map(|a| a.syntax().text().to_string()).collect())
        .unwrap_or_default()
}

impl FnLower<'_, '_> {
    /// The count of `[unroll(n)]`: a literal, or a constant the checker evaluates in the
    /// function's scope (`[unroll(TAPS)]` after `static const uint TAPS = 4;`), as DXC
    /// evaluates it.
    fn unroll_count(&self, a: &syntax::ast::Attribute) -> Option<u32> {
        let text = attr_args(a).into_iter().next()?;
        if let Ok(n) = text.trim().parse() {
            return Some(n);
        }
        let arg = a.arg_list()?.args().next()?;
        let tcx = hir::lower_type::TypeCtx::inside(&self.cx.tree, &self.cx.scope, self.item);
        match tcx.eval(&hir::type_ref::ConstExpr::lower(&arg))? {
            hir::lower_type::ConstValue::Int(v) => u32::try_from(v).ok(),
            _ => None,
        }
    }

    /// `[unroll]`, `[unroll(n)]`, `[loop]`, `[fastopt]`, `[flatten]`, `[branch]` on statement
    /// `s`. `[fastopt]` (no unrolling, fast compilation) is `DontUnroll`, as DXC emits it.
    pub fn control_hint(&self, s: StmtId) -> Option<ir::ControlHint> {
        use syntax::ast::AstNode;
        let root = hir::ids::expanded_root(self.cx.db, self.cx.file, self.cx.config);
        let node = self.map.stmt_syntax(s).try_to_node(&root)?;
        node.children()
            .filter_map(syntax::ast::Attribute::cast)
            .find_map(|a| match a.name_text().to_ascii_lowercase().as_str() {
                "unroll" => Some(ir::ControlHint::Unroll(self.unroll_count(&a))),
                "loop" | "fastopt" => Some(ir::ControlHint::DontUnroll),
                "flatten" => Some(ir::ControlHint::Flatten),
                "branch" => Some(ir::ControlHint::DontFlatten),
                _ => None,
            })
    }
}
