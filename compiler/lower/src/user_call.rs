//! Calls of user functions and methods, as semantic analysis resolved them (so prototypes,
//! overloads, default arguments and qualified names call exactly what the checker chose).
//!
//! A method of a struct gets its object as a first parameter `this`, a pointer to a function
//! variable: a receiver in a function variable is passed directly, any other is copied to a
//! temporary (and copied back when it lives in private or groupshared memory). Inside the
//! method, `this` and the struct's fields are reached through that pointer. `out` and `inout`
//! arguments are temporaries copied back after the call; missing arguments take the
//! parameter's default value: a constant, a scalar constant filling a vector or matrix, a
//! constructor of constants (`float2 p = float2(1, 2)`), or any other expression computed at
//! the call (`default_args`).

use hir::body::ExprId;
use hir::item_tree::{ItemIdx, ParamDirection};
use hir::lower_type::{ConstValue, TemplateArg, TypeCtx};
use hir::AstId;
use ir::{Opcode, Value};
use types::{AddressSpace, Type};

use crate::context::{ModuleCtx, ResourceArg, TemplateBinding, R};
use crate::func::{FnLower, Place};

impl ModuleCtx<'_> {
    /// The struct type whose non-static method `idx` is (`None` for free functions and
    /// static methods).
    pub fn method_owner(&self, idx: ItemIdx) -> Option<ItemIdx> {
        let f = self.tree.function(idx)?;
        if f.is_static {
            return None;
        }
        let tcx = TypeCtx::inside(&self.tree, &self.scope, idx);
        tcx.site
            .scopes
            .first()
            .copied()
            .filter(|s| self.tree.strukt(*s).is_some())
    }

    /// The type of `this` in method `idx` (of the instance `template_args` names, for a
    /// template struct).
    pub fn this_type(
        &mut self,
        idx: ItemIdx,
        template_args: &[TemplateBinding],
    ) -> R<Option<Type>> {
        let Some(owner) = self.method_owner(idx) else {
            return Ok(None);
        };
        let params = self.tree.strukt(owner).and_then(|s| s.template.clone());
        let ty = match params {
            None => {
                let ast = self.tree.item(owner).ast;
                crate::enums::struct_type(
                    self.db,
                    hir::StructId::new(self.db, self.file, self.config, ast),
                )
            }
            Some(params) => {
                let args: Option<Vec<TemplateArg>> = params
                    .iter()
                    .map(|p| {
                        template_args
                            .iter()
                            .rev()
                            .find(|(n, _)| *n == p.name)
                            .map(|(_, a)| a.clone())
                    })
                    .collect();
                args.and_then(|args| {
                    TypeCtx::inside(&self.tree, &self.scope, owner).struct_type(owner, &args)
                })
                .map(|t| t.ir_form())
            }
        };
        match ty {
            Some(t) => Ok(Some(t)),
            None => {
                let range = self.item_range(idx);
                Err(self.unsupported("this method's object type", range))
            }
        }
    }

    /// The template parameters in scope in function `idx` (its own, then its struct's)
    /// bound from `args`; `None` when one is not bound to a type or value.
    pub fn template_env(
        &self,
        idx: ItemIdx,
        args: &[TemplateBinding],
    ) -> Option<Vec<TemplateBinding>> {
        let tcx = TypeCtx::inside(&self.tree, &self.scope, idx);
        let mut names: Vec<String> = Vec::new();
        for &s in tcx.site.scopes.iter().rev() {
            if let Some(ps) = self.tree.strukt(s).and_then(|st| st.template.as_ref()) {
                names.extend(ps.iter().map(|p| p.name.clone()));
            }
        }
        if let Some(ps) = self.tree.function(idx).and_then(|f| f.template.as_ref()) {
            names.extend(ps.iter().map(|p| p.name.clone()));
        }
        names
            .into_iter()
            .map(|n| {
                let a = args.iter().rev().find(|(m, _)| *m == n)?.1.clone();
                (!matches!(a, TemplateArg::Opaque)).then_some((n, a))
            })
            .collect()
    }

    /// The definition (with a body) of the function that prototype `idx` declares: the
    /// function of the same name, scope and parameter types; `idx` itself when it has a body.
    pub fn definition_of(&self, idx: ItemIdx) -> ItemIdx {
        if self.tree.function(idx).is_some_and(|f| f.has_body) {
            return idx;
        }
        let item = self.tree.item(idx);
        let params = |i: ItemIdx| {
            crate::enums::function_signature(self.db, self.function_id(i))
                .params
                .iter()
                .map(|p| p.ty.clone())
                .collect::<Vec<_>>()
        };
        let wanted = params(idx);
        self.tree
            .indices()
            .find(|&i| {
                let other = self.tree.item(i);
                let Some(f) = self.tree.function(i) else {
                    return false;
                };
                // `float S::f() {...}` defines a member of `S` out of line.
                let scope = match &f.qualifier {
                    Some(q) => self.scope.qualifier_owner(&self.tree, i, q),
                    None => other.parent,
                };
                other.name == item.name && scope == item.parent && f.has_body && params(i) == wanted
            })
            .unwrap_or(idx)
    }

    /// The IR name of function `idx`: `f`, or `S.f` for a member of struct `S` (declared in
    /// it or defined out of line as `S::f`).
    pub fn function_name(&self, idx: ItemIdx) -> String {
        let item = self.tree.item(idx);
        let qualifier = self.tree.function(idx).and_then(|f| f.qualifier.as_ref());
        let owner = match qualifier {
            Some(q) => self.scope.qualifier_owner(&self.tree, idx, q),
            None => item.parent,
        };
        match owner.filter(|p| self.tree.strukt(*p).is_some()) {
            Some(p) => format!("{}.{}", self.tree.item(p).name, item.name),
            None => item.name.clone(),
        }
    }
}

/// The object of a method call: an expression, or a member of one whose struct's
/// `operator()` is called (`h.s(2)`, HLSL 2021; the member's field index).
#[derive(Debug, Clone, Copy)]
pub enum Receiver {
    Object(ExprId),
    Member(ExprId, u32),
}

impl Receiver {
    /// The object expression (for a functor member, the object holding it).
    pub fn object(self) -> ExprId {
        match self {
            Receiver::Object(o) | Receiver::Member(o, _) => o,
        }
    }
}

impl FnLower<'_, '_> {
    /// A call of user function `ast`; `receiver` is the object of a method call.
    pub fn lower_user_call(
        &mut self,
        e: ExprId,
        ast: AstId,
        template_args: &[TemplateBinding],
        receiver: Option<Receiver>,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let Some(idx) = self.cx.tree.by_ast(ast) else {
            return Err(self.unsupported("this call", e));
        };
        // A prototype seen before the definition: call the definition (the defaults may be
        // on either).
        let declared = idx;
        let idx = self.cx.definition_of(idx);
        let Some(decl) = self.cx.tree.function(idx).cloned() else {
            return Err(self.unsupported("this call", e));
        };
        if let Some(r) = self.lower_ext_instruction(e, idx, &decl, args) {
            return r;
        }
        // Template arguments: what the call bound, after those of the instance being lowered
        // (a method calling another method of its template struct binds none itself).
        let mut bound = self
            .cx
            .template_args
            .get(&self.func)
            .cloned()
            .unwrap_or_default();
        bound.extend(template_args.iter().cloned());
        let Some(template_args) = self.cx.template_env(idx, &bound) else {
            return Err(self.unsupported("this call of a template (its arguments are unknown)", e));
        };
        let name = self.cx.function_name(idx);
        // Resource arguments choose the copy of the function; an array element's index is
        // an argument of that copy.
        let fid = self.cx.function_id(idx);
        let sig = if template_args.is_empty() {
            (*crate::enums::function_signature(self.cx.db, fid)).clone()
        } else {
            crate::enums::instance_signature(self.cx.db, fid, &template_args)
        };
        let mut resources = Vec::new();
        let mut indices = Vec::new();
        // (parameter, data value and element indices) of arguments that are structs holding
        // resources.
        let mut split_args = Vec::new();
        for (i, p) in sig.params.iter().enumerate() {
            let direction = decl
                .params
                .get(i)
                .map(|d| d.direction)
                .unwrap_or(ParamDirection::In);
            let split = p.ty.as_ref().and_then(crate::resource_structs::split_type);
            let handed =
                p.ty.as_ref()
                    .is_some_and(|t| crate::resource_out::hands_back(t, direction));
            if let (true, Some(_), Some(&a)) = (handed, &split, args.get(i)) {
                // An `out`/`inout` struct holding resources: a pointer to its data part
                // (`resource_out`).
                let inout = direction == ParamDirection::InOut;
                let (r, values) = self.out_split_argument(a, inout)?;
                resources.extend(r);
                split_args.push((i, values));
                continue;
            }
            if handed && direction == ParamDirection::Out {
                // An `out` resource: nothing goes in.
                indices.push((i, None));
                continue;
            }
            if let (Some(_), Some(&a)) = (split, args.get(i)) {
                let (r, data) = self.split_argument(a)?;
                resources.extend(r);
                split_args.push((i, data));
                continue;
            }
            // A geometry stream is no argument: `Append` writes the stage outputs.
            let resource = p.ty.as_ref().and_then(crate::resources::resource_of);
            if matches!(resource, Some(types::ResourceType::Stream { .. })) {
                continue;
            }
            // An `InputPatch`/`OutputPatch` is an array value (`stages::value_type`),
            // passed like one.
            let patch = p.ty.as_ref().and_then(crate::stages::patch_of).is_some();
            let is_resource = resource.is_some() && !patch;
            if let (true, Some(&a)) = (is_resource, args.get(i)) {
                // A local array of resources: element by element (`resource_array_args`).
                if let Some(r) = self.local_array_argument(a, p.ty.as_ref()) {
                    let (r, index_values) = r?;
                    resources.extend(r);
                    split_args.push((i, index_values));
                    continue;
                }
                let (r, index) = self.resource_argument(a, p.ty.as_ref())?;
                resources.push(r);
                indices.push((i, index));
            } else if is_resource && args.get(i).is_none() {
                // Left out: the parameter's default resource (`default_args`).
                let decls = [declared, idx];
                let ty = p.ty.as_ref();
                let (r, index) = self.default_resource_argument(e, decls, i, ty, &template_args)?;
                resources.push(r);
                indices.push((i, index));
            }
        }
        // The object of a method of a struct holding resources: its resources come first.
        let split_this = match self.cx.method_owner(idx) {
            Some(_) => {
                let this_ty = self.cx.this_type(idx, &template_args)?;
                self.split_receiver(this_ty.as_ref(), receiver, e)?
            }
            None => None,
        };
        let split_this_call = split_this.is_some();
        if let Some((r, _, _)) = &split_this {
            resources.splice(0..0, r.iter().copied());
        }
        // The streams passed pick the copy too (after the resources, where no parameter
        // reads them): each copy's `Append` writes its own stream.
        let streams = self.stream_arguments(&sig, args, e)?;
        for &s in &streams {
            let first = self.cx.stage_io.streams[s].vars.first().map(|v| v.global);
            if let Some(global) = first {
                resources.push(crate::context::ResourceArg {
                    global: Some(global),
                    ..Default::default()
                });
            }
        }
        // So do the entry's stage variables it is given (pixel inputs, mesh outputs).
        let stage_args = self.stage_arguments(idx, args, &mut resources)?;
        // A function handing resources back gets a copy per set of constant scalar
        // arguments, so a condition on them picks the resource (`resource_choice`).
        let hands_back = sig.ret.as_ref().is_some_and(|t| {
            crate::resource_out::holds_resources(t)
                || crate::resource_array_args::resource_array_len(t).is_some()
        }) || sig.params.iter().zip(&decl.params).any(|(p, d)| {
            p.ty.as_ref()
                .is_some_and(|t| crate::resource_out::hands_back(t, d.direction))
        });
        // So does one indexing an array of resources with a scalar parameter: a constant
        // argument names one element (`m.get(1)` reading `a[i]`).
        let scalar_in: Vec<bool> = sig
            .params
            .iter()
            .zip(&decl.params)
            .map(|(p, d)| {
                matches!(p.ty, Some(Type::Scalar(_))) && d.direction == ParamDirection::In
            })
            .collect();
        let constants = if hands_back {
            self.constant_arguments(args, &scalar_in)
        } else if scalar_in.contains(&true) {
            let body = hir::body::body(self.cx.db, fid);
            let infer = crate::enums::infer(self.cx.db, fid);
            let indexing = crate::resource_choice::resource_index_params(&body, &infer, &scalar_in);
            self.constant_arguments(args, &indexing)
        } else {
            Vec::new()
        };
        // Parameters of unknown size take their argument's length (`unsized_params`).
        let param_types: Vec<Option<Type>> = sig.params.iter().map(|p| p.ty.clone()).collect();
        let lens = self.unsized_lengths(&param_types, args, e)?;
        // The resources of the `static`s flowing through the callee (`static_flow`).
        let (statics, static_indices) = self.statics_for_call(idx, e)?;
        // A ray query argument that is an element of an array of queries (`ray_query`).
        let query_elements: Vec<crate::ray_query::QueryElement> = sig
            .params
            .iter()
            .zip(args)
            .enumerate()
            .filter(|(_, (p, _))| p.ty.as_ref().is_some_and(crate::ray_query::is_ray_query))
            .filter_map(|(i, (_, &a))| self.query_element_of(a, i as u32))
            .collect();
        let copy = crate::context::CopyArgs {
            query_elements: &query_elements,
            template_args: &template_args,
            resources: &resources,
            constants: &constants,
            array_lens: &lens,
            statics: &statics,
            input_parts: &stage_args.input_parts(),
            mesh_params: &stage_args.mesh_params(),
        };
        let f = self.cx.function_for_resources(idx, &name, copy)?;
        self.record_stage_arguments(f, &stage_args);
        if !streams.is_empty() && !self.cx.stage_io.stream_copies.iter().any(|(g, _)| *g == f) {
            self.cx.stage_io.stream_copies.push((f, streams));
        }
        if self.cx.split_returns.contains_key(&f)
            || self.cx.resource_returns.contains_key(&f)
            || self.cx.handed_out.contains_key(&f)
            || !statics.is_empty()
        {
            // The caller binds the returned resources: lower the callee first.
            self.cx.lower_now(f);
            self.res.last_split_call = Some(f);
        }
        let params: Vec<Type> = self.cx.mb.module().functions[f]
            .params
            .iter()
            .map(|p| p.ty.clone())
            .collect();
        let mut vals = Vec::new();
        // (temporary, the argument's place, its type, the argument) to copy back.
        let mut copy_back = Vec::new();
        // (temporary of a base struct, the derived object, its field count) to copy back.
        let mut base_back = Vec::new();
        let has_this = self.cx.method_owner(idx).is_some();
        let this_params = match &split_this {
            Some((_, data, indices)) => usize::from(data.is_some()) + indices.len(),
            None => usize::from(has_this),
        };
        if let Some((_, data, indices)) = split_this {
            // The data part of a `static` lives in private memory, that of a member struct
            // or of an array element inside a variable (SPIR-V's logical addressing passes
            // whole variables only): a temporary copied back (`resource_statics`,
            // `resource_index`).
            if let Some(ptr) = data {
                let v = self.whole_variable(ptr, e, &mut copy_back);
                vals.push(v);
            }
            // The indices of the object's resources that are array elements follow.
            vals.extend(indices);
        } else if has_this {
            let this_ty = params[0].pointee().map(|(_, t)| t.clone());
            let this_ty = this_ty.unwrap_or(Type::Void);
            match (receiver, self.this) {
                (Some(Receiver::Object(r)), _) => {
                    vals.push(self.this_argument(r, &this_ty, &mut copy_back, &mut base_back)?)
                }
                (Some(Receiver::Member(r, field)), _) => {
                    vals.push(self.member_this(r, field, &this_ty, &mut copy_back)?)
                }
                // `Add(v)` inside another method of the struct: the same object, or its base.
                (None, Some(this)) => {
                    let this = match self.type_of(this).pointee() {
                        Some((_, t)) if *t != this_ty => {
                            self.base_this(this, &this_ty, true, &mut base_back, e)?
                        }
                        _ => this,
                    };
                    vals.push(this)
                }
                (None, None) => {
                    return Err(self.unsupported("calling a method without its object", e))
                }
            }
        }
        let mut user_params = params[this_params..].iter();
        for i in 0..sig.params.len() {
            if self.cx.stage_io.is_skipped_in(idx, f, i) {
                continue;
            }
            if let Some((_, values)) = split_args.iter().find(|(k, _)| *k == i) {
                for v in values.clone() {
                    user_params.next();
                    // The data part of an `out`/`inout` struct, as for a method's object.
                    let v = match self.type_of(v) {
                        Type::Pointer { .. } => self.whole_variable(v, args[i], &mut copy_back),
                        _ => v,
                    };
                    vals.push(v);
                }
                continue;
            }
            if let Some(&(_, index)) = indices.iter().find(|(k, _)| *k == i) {
                if let Some(index) = index {
                    user_params.next();
                    vals.push(index);
                }
                continue;
            }
            let Some(t) = user_params.next() else {
                break;
            };
            let Some(&a) = args.get(i) else {
                vals.push(self.default_argument(e, [declared, idx], i, t, &template_args)?);
                continue;
            };
            // An element of an array of queries: the array and the indices (`ray_query`).
            if let Some(q) = query_elements.iter().find(|q| q.param == i as u32) {
                let q = q.clone();
                let Place::Ptr(p) = self.lvalue(a)? else {
                    return Err(self.unsupported("this ray query argument", a));
                };
                let operands = self.query_element_operands(p, &q, a)?;
                // The indices are IR parameters of their own.
                for _ in 1..operands.len() {
                    user_params.next();
                }
                vals.extend(operands);
                continue;
            }
            match t {
                // A ray query: the caller's own variable (`ray_query`).
                Type::Pointer { pointee, .. } if crate::ray_query::is_ray_query(pointee) => {
                    match self.lvalue(a)? {
                        Place::Ptr(p) => vals.push(p),
                        _ => return Err(self.unsupported("this ray query argument", a)),
                    }
                }
                Type::Pointer { pointee, .. } => {
                    let ty = (**pointee).clone();
                    let place = self.lvalue(a)?;
                    let temp = self.entry_alloca(ty.clone(), "");
                    if decl.params.get(i).map(|p| p.direction) == Some(ParamDirection::InOut) {
                        let v = self.load_place(&place)?;
                        let from = self.place_type(&place);
                        let v = self.convert_value(v, &from, &ty, a)?;
                        self.fb().store(temp, v);
                    }
                    copy_back.push((temp, place, ty, a));
                    vals.push(temp);
                }
                _ => vals.push(self.coerce(a, t)?),
            }
        }
        // After the declared parameters come, in this order (as `ModuleCtx::function_for_resources`
        // declares them): the indices into the parts of pixel inputs it is given
        // (`evaluate_attribute`), the indices of the flowing statics' elements at run-time
        // indices (`static_flow`), and the hidden `out int`s through which the callee hands
        // back the indices of resource array elements (`resource_handed`).
        vals.extend(stage_args.indices.iter().copied());
        vals.extend(static_indices);
        let temps = self.index_temps(f);
        vals.extend(temps.iter().map(|t| t.1));
        let v = self.fb().call(f, &vals);
        let inout: Vec<u32> = (decl.params.iter().enumerate())
            .filter(|(_, p)| p.direction == ParamDirection::InOut)
            .map(|(n, _)| n as u32)
            .collect();
        self.bind_handed_out(f, args, &inout, &temps, e)?;
        self.bind_statics_after_call(f, &statics, &temps, e)?;
        if split_this_call {
            // The method may have rebound its object's resources (`resource_out`).
            self.bind_handed_this(f, receiver, &temps, e)?;
        }
        self.res.index_temps = temps;
        for (temp, object, fields) in base_back {
            for i in 0..fields {
                let i = self.fb().int(i as i32);
                let from = self.fb().access_chain(temp, &[i]);
                let to = self.fb().access_chain(object, &[i]);
                let field = self.fb().load(from);
                self.fb().store(to, field);
            }
        }
        for (temp, place, ty, a) in copy_back {
            let value = self.fb().load(temp);
            let to = self.place_type(&place);
            let value = self.convert_value(value, &ty, &to, a)?;
            self.store_place(&place, value)?;
        }
        let is_void = self.cx.mb.module().functions[f].ret.is_void();
        Ok((!is_void).then_some(v))
    }

    /// Pointer `ptr` as a call argument: itself when it is a whole function variable (or a
    /// parameter); else, as SPIR-V's logical addressing passes whole function variables only
    /// (the data part of a `static` lives in private memory, that of a member struct or of
    /// an array element inside a variable: `resource_statics`, `resource_index`), a
    /// temporary copy of it that `copy_back` stores back after the call (argument `at`).
    fn whole_variable(
        &mut self,
        ptr: Value,
        at: ExprId,
        copy_back: &mut Vec<(Value, Place, Type, ExprId)>,
    ) -> Value {
        let whole = match ptr {
            Value::Arg(_) => true,
            Value::Inst(i) => self.fb().function().insts[i].opcode == Opcode::Alloca,
            _ => false,
        };
        match self.type_of(ptr).pointee() {
            Some((AddressSpace::Function, _)) | None if whole => ptr,
            None => ptr,
            Some((_, ty)) => {
                let ty = ty.clone();
                let temp = self.entry_alloca(ty.clone(), "");
                let v = self.fb().load(ptr);
                self.fb().store(temp, v);
                copy_back.push((temp, Place::Ptr(ptr), ty, at));
                temp
            }
        }
    }

    /// Whether the memory behind pointer `p` can be written: function, private and groupshared
    /// variables, and elements of read-write structured buffers.
    fn is_writable_memory(&mut self, p: Value) -> bool {
        match self.type_of(p).pointee() {
            Some((AddressSpace::Private | AddressSpace::Workgroup | AddressSpace::Function, _)) => {
                return true
            }
            Some((AddressSpace::StorageBuffer, _)) => {}
            _ => return false,
        }
        // The buffer the access chain starts from.
        let mut root = p;
        while let Value::Inst(i) = root {
            let d = &self.cx.mb.module().functions[self.func].insts[i];
            match (d.opcode, d.operands.first()) {
                (ir::Opcode::AccessChain, Some(&base)) => root = base,
                _ => return false,
            }
        }
        let ty = self.type_of(root);
        matches!(
            ty.pointee().and_then(|(_, t)| crate::resources::resource_of(t)),
            Some(types::ResourceType::StructuredBuffer { kind, .. })
                if *kind != types::StructuredKind::ReadOnly
        )
    }

    /// The resource argument `a` stands for, and the `int` index of an array element.
    pub(crate) fn resource_argument(
        &mut self,
        a: ExprId,
        param: Option<&Type>,
    ) -> R<(ResourceArg, Option<Value>)> {
        // Instructions made from here on are this argument's own.
        let first_new = self.cx.mb.module().functions[self.func].insts.len();
        let heap = match param {
            Some(Type::Resource(res)) => self.heap_element(a, res),
            _ => None,
        };
        // A resource local never assigned is passed on unbound (`ResourceArg`).
        if let hir::body::Expr::Local(l) = *self.body.expr(a) {
            let plain = matches!(self.infer.type_of_local(l), Some(Type::Resource(_)));
            let unassigned = self.locals[l.0 as usize].is_none()
                && !self.res.conflicts.contains(&l)
                && !self.res.split.contains_key(&l)
                && !self.res.arrays.contains_key(&l);
            if plain && unassigned {
                let r = ResourceArg::default();
                return Ok((r, None));
            }
        }
        // An `inout` argument naming a `static` that calls in initializers write: what it
        // holds when this call runs (`static_out_args`).
        let written = self.out_write_input(a);
        let p = match (heap, written.as_deref()) {
            (_, Some([Some(r)])) => self.static_pointer(*r),
            (_, Some(_)) => return Ok((ResourceArg::default(), None)),
            (Some(p), None) => p?,
            (None, None) => {
                if !self.is_place_expr(a) {
                    return Err(self.unsupported("this resource argument", a));
                }
                let Place::Ptr(p) = self.lvalue(a)? else {
                    return Err(self.unsupported("this resource argument", a));
                };
                p
            }
        };
        if let Value::Global(global) = p {
            return Ok((
                ResourceArg {
                    global: Some(global),
                    ..Default::default()
                },
                None,
            ));
        }
        let f = &self.cx.mb.module().functions[self.func];
        if let Value::Inst(i) = p {
            let d = &f.insts[i];
            if let (ir::Opcode::AccessChain, [Value::Global(global), index]) =
                (d.opcode, &d.operands[..])
            {
                let (global, index) = (*global, *index);
                // The copy rebuilds the access chain; the caller's own is not needed when
                // this argument made it (a resource local bound to it, or a `static`'s
                // chain kept for every use, may use it again).
                let kept = (self.res.element_pointers.values())
                    .chain(self.res.indexed_statics.values())
                    .any(|&v| v == p);
                if i.index() >= first_new && !kept {
                    let f = &mut self.cx.mb.module_mut().functions[self.func];
                    if let Some(b) = f.insts[i].block.take() {
                        f.blocks[b].insts.retain(|&x| x != i);
                    }
                }
                let nonuniform = self.is_nonuniform_index(index);
                let from = self.type_of(index);
                let index = self.convert_value(index, &from, &Type::INT, a)?;
                let r = ResourceArg {
                    global: Some(global),
                    indexed: true,
                    nonuniform,
                    follows: false,
                };
                return Ok((r, Some(index)));
            }
        }
        // An element or row of an array of arrays: its row-major position (`row_args`).
        if let Some((global, position)) = self.element_position(p, a)? {
            let r = ResourceArg {
                global: Some(global),
                indexed: true,
                ..Default::default()
            };
            return Ok((r, Some(position)));
        }
        Err(self.unsupported("this resource argument", a))
    }

    /// The `this` pointer for member `field` of receiver `r` (a functor member): a temporary
    /// holding the member, copied back when the object is writable memory.
    fn member_this(
        &mut self,
        r: ExprId,
        field: u32,
        this_ty: &Type,
        copy_back: &mut Vec<(Value, Place, Type, ExprId)>,
    ) -> R<Value> {
        let object = if self.is_place_expr(r) {
            self.lvalue(r)?
        } else {
            let v = self.rvalue(r)?;
            let ty = self.type_of(v);
            let temp = self.entry_alloca(ty, "");
            self.fb().store(temp, v);
            Place::Ptr(temp)
        };
        let Place::Ptr(p) = object else {
            return Err(self.unsupported("the functor member of this object", r));
        };
        let i = self.fb().int(field as i32);
        let member = self.fb().access_chain(p, &[i]);
        let temp = self.entry_alloca(this_ty.clone(), "");
        let v = self.fb().load(member);
        self.fb().store(temp, v);
        if self.is_writable_memory(member) {
            copy_back.push((temp, Place::Ptr(member), this_ty.clone(), r));
        }
        Ok(temp)
    }

    /// The `this` pointer for receiver `r`: its own function variable, or a temporary.
    fn this_argument(
        &mut self,
        r: ExprId,
        this_ty: &Type,
        copy_back: &mut Vec<(Value, Place, Type, ExprId)>,
        base_back: &mut Vec<(Value, Value, usize)>,
    ) -> R<Value> {
        // A method of `T` on a `ConstantBuffer<T>` or `TextureBuffer<T>` runs on a copy of
        // the buffer's `T` (read-only memory: nothing is copied back).
        let on_buffer_view = matches!(
            self.infer.type_of_expr(r).and_then(|t| t.as_resource()),
            Some(
                types::ResourceType::ConstantBuffer { element }
                    | types::ResourceType::TextureBuffer { element }
            ) if element == this_ty
        );
        if on_buffer_view {
            let v = self.coerce(r, this_ty)?;
            let temp = self.entry_alloca(this_ty.clone(), "");
            self.fb().store(temp, v);
            return Ok(temp);
        }
        let is_base = matches!(self.infer.type_of_expr(r), Some(t) if t != this_ty);
        if is_base {
            // A method a base declares, called on a derived object.
            let (object, writable) = if self.is_place_expr(r) {
                match self.lvalue(r)? {
                    Place::Ptr(p) => {
                        let writable =
                            matches!(self.type_of(p).pointee(), Some((AddressSpace::Function, _)))
                                || self.is_writable_memory(p);
                        (p, writable)
                    }
                    _ => return Err(self.unsupported("this method's object", r)),
                }
            } else {
                let v = self.rvalue(r)?;
                let ty = self.type_of(v);
                let temp = self.entry_alloca(ty, "");
                self.fb().store(temp, v);
                (temp, false)
            };
            return self.base_this(object, this_ty, writable, base_back, r);
        }
        if self.is_place_expr(r) {
            let place = self.lvalue(r)?;
            if let Place::Ptr(p) = place {
                // Only a whole variable or parameter: SPIR-V's logical addressing passes no
                // pointer into the middle of one (`fnarr[0].incr()` takes a temporary).
                let whole = match p {
                    Value::Arg(_) => true,
                    Value::Inst(i) => self.fb().function().insts[i].opcode == Opcode::Alloca,
                    _ => false,
                };
                if whole && matches!(self.type_of(p).pointee(), Some((AddressSpace::Function, _))) {
                    return Ok(p);
                }
            }
            let temp = self.entry_alloca(this_ty.clone(), "");
            let v = self.load_place(&place)?;
            self.fb().store(temp, v);
            let writable = match &place {
                Place::Ptr(p) => self.is_writable_memory(*p),
                _ => false,
            };
            if writable {
                copy_back.push((temp, place, this_ty.clone(), r));
            }
            return Ok(temp);
        }
        let v = self.coerce(r, this_ty)?;
        let temp = self.entry_alloca(this_ty.clone(), "");
        self.fb().store(temp, v);
        Ok(temp)
    }

    /// `this` of type `base` for a derived `object`: a struct's bases are laid out as its first
    /// fields, so those fields are copied into a temporary of the base type, and back after the
    /// call when the object is `writable`.
    fn base_this(
        &mut self,
        object: Value,
        base: &Type,
        writable: bool,
        base_back: &mut Vec<(Value, Value, usize)>,
        e: ExprId,
    ) -> R<Value> {
        let derived = self.type_of(object).pointee().map(|(_, t)| t.clone());
        let fields = match (base, &derived) {
            (Type::Struct(b), Some(Type::Struct(d)))
                if b.fields.len() <= d.fields.len()
                    && b.fields.iter().zip(&d.fields).all(|(x, y)| x.ty == y.ty) =>
            {
                b.fields.len()
            }
            _ => return Err(self.unsupported("this method's object type", e)),
        };
        let temp = self.entry_alloca(base.clone(), "");
        for i in 0..fields {
            let i = self.fb().int(i as i32);
            let from = self.fb().access_chain(object, &[i]);
            let to = self.fb().access_chain(temp, &[i]);
            let field = self.fb().load(from);
            self.fb().store(to, field);
        }
        if writable {
            base_back.push((temp, object, fields));
        }
        Ok(temp)
    }

    /// The default value of parameter `i` of function `idx`, as a constant of `ty`.
    fn default_argument(
        &mut self,
        e: ExprId,
        decls: [ItemIdx; 2],
        i: usize,
        ty: &Type,
        env: &[TemplateBinding],
    ) -> R<Value> {
        let value = decls.into_iter().find_map(|idx| {
            let d = self.cx.tree.function(idx)?.params.get(i)?.default.clone()?;
            TypeCtx::inside(&self.cx.tree, &self.cx.scope, idx).eval(&d)
        });
        match (value, ty) {
            (Some(v), Type::Scalar(k)) => Ok(self.fb().constant(const_value(v, *k))),
            // A scalar default of a vector or matrix parameter fills every component
            // (`float4 mask = 1`), as the same scalar converts implicitly at a call.
            (Some(v), Type::Vector(k, _) | Type::Matrix { scalar: k, .. }) => {
                let c = const_value(v, *k);
                Ok(self.splat_const(ty, c))
            }
            (None, Type::Vector(..) | Type::Matrix { .. }) => {
                match decls
                    .into_iter()
                    .find_map(|idx| self.constructor_default(idx, i, ty))
                {
                    Some(v) => Ok(v),
                    None => self.run_time_default(e, decls, i, ty, env),
                }
            }
            // A default that reads globals is computed at the call (`default_args`).
            _ => self.run_time_default(e, decls, i, ty, env),
        }
    }

    /// A default written as a constructor of constants (`float2 p = float2(1, 2)`,
    /// `float2x2 m = float2x2(1, 0, 0, 1)`), one scalar per component, as a constant of `ty`.
    fn constructor_default(&mut self, idx: ItemIdx, i: usize, ty: &Type) -> Option<Value> {
        let node = crate::attrs::item_node(self.cx, idx)?;
        use syntax::ast::AstNode;
        let param = syntax::ast::FnDef::cast(node)?
            .param_list()?
            .params()
            .nth(i)?;
        let syntax::ast::Expr::CallExpr(call) = param.default_value()? else {
            return None;
        };
        let tcx = TypeCtx::inside(&self.cx.tree, &self.cx.scope, idx);
        let values: Vec<ConstValue> = call
            .arg_list()?
            .args()
            .map(|a| tcx.eval(&hir::type_ref::ConstExpr::lower(&a)))
            .collect::<Option<_>>()?;
        let kind = ty.scalar_kind()?;
        let (rows, cols) = match ty {
            Type::Vector(_, n) => (None, usize::from(*n)),
            Type::Matrix { rows, cols, .. } => (Some(usize::from(*rows)), usize::from(*cols)),
            _ => return None,
        };
        if values.len() != rows.unwrap_or(1) * cols {
            return None;
        }
        let mut fb = self.fb();
        let mb = fb.module_builder();
        let handles: Vec<_> = values
            .into_iter()
            .map(|v| mb.const_handle(const_value(v, kind)))
            .collect();
        Some(match rows {
            None => mb.composite(ty.clone(), handles),
            Some(_) => {
                // Matrices are composites of rows.
                let rows = handles
                    .chunks(cols)
                    .map(|row| {
                        mb.const_handle(ir::Constant {
                            ty: Type::Vector(kind, cols as u8),
                            kind: ir::ConstantKind::Composite(row.to_vec()),
                        })
                    })
                    .collect();
                mb.composite(ty.clone(), rows)
            }
        })
    }
}

/// A constant of `kind` with the value `v`.
pub fn const_value(v: ConstValue, kind: types::ScalarKind) -> ir::Constant {
    if kind.is_bool() {
        ir::Constant::bool(v.as_float() != 0.0)
    } else if kind.is_float() {
        ir::Constant::float_of(kind, v.as_float())
    } else {
        ir::Constant::scalar(kind, v.as_int() as u64)
    }
}
