//! Per-function lowering state ([`FnLower`]): the IR function being filled, its current block
//! (`None` once control cannot reach here), the allocas of the HIR locals, the targets of
//! `break`/`continue`, and [`Place`]s (what an lvalue denotes) with their loads and stores.

use std::sync::Arc;

use hir::body::{Body, Expr, ExprId, LocalId};
use hir::item_tree::ItemIdx;
use hir::{BodySourceMap, InferenceResult};
use ir::{Block, Func, FunctionBuilder, Opcode, Value};
use syntax::TextRange;
use types::{ResourceType, Type};

use crate::context::{ModuleCtx, ResourceArg, Unsupported, R};

/// What an lvalue denotes.
#[derive(Debug, Clone)]
pub enum Place {
    /// Memory behind a pointer (alloca, global, access chain).
    Ptr(Value),
    /// Components of the vector at the inner place (`v.zx`).
    Swizzle(Box<Place>, Vec<u8>),
    /// Elements (row, column) of the matrix at the inner place (`m._m00_m11`).
    MatrixSwizzle(Box<Place>, Vec<(u8, u8)>),
    /// A texel of a typed buffer or storage texture (`tex[coord]`), or one sample of a
    /// multisampled storage texture's texel (`tex.sample[s][coord]`).
    Texel {
        resource: Value,
        coord: Value,
        sample: Option<Value>,
    },
    /// The `T` a `vk::BufferPointer<T, A>` value points to (`p.Get()`), or the part of it an
    /// access path (member and element indices) names (see `buffer_pointer`).
    Pointee(Value, Vec<Value>),
    /// A part of one element of a mesh shader's output array (`vs[i].color.xy`), which
    /// lives in several stage variables (`stages::mesh_outputs`).
    Mesh(Box<crate::stages::mesh_outputs::MeshPlace>),
    /// The component at a run-time `int` index of the vector at the inner place, which is
    /// no memory (a texel: `tex[c][i]`): read and written through the whole vector, as DXC
    /// writes one component of a texel.
    Component(Box<Place>, Value),
    /// The base struct (the type) of the derived struct behind the pointer (`(B)d`, see
    /// `cast_places`): a struct's bases are laid out as its first fields, so this is those
    /// fields, read and written one by one.
    Base(Value, Type),
}

/// Where `break` and `continue` go.
#[derive(Debug, Clone, Copy)]
pub struct Jump {
    pub break_to: Block,
    pub continue_to: Option<Block>,
}

pub struct FnLower<'a, 'db> {
    pub cx: &'a mut ModuleCtx<'db>,
    pub item: ItemIdx,
    pub func: Func,
    pub body: Arc<Body>,
    pub map: Arc<BodySourceMap>,
    pub infer: Arc<InferenceResult>,
    /// `None` when the code being lowered is unreachable.
    pub current: Option<Block>,
    pub locals: Vec<Option<Value>>,
    pub jumps: Vec<Jump>,
    pub ret: Type,
    /// The object of a method: a pointer to it (the first parameter).
    pub this: Option<Value>,
    /// The source of the expression or statement being lowered, given to every
    /// instruction built for it.
    pub loc: Option<ir::SourceLoc>,
    /// Locals that are constants here: the induction variables of loops being unrolled.
    pub const_locals: crate::unroll::ConstLocals,
    /// Locals holding resources: split structs, local resource arrays, their bindings.
    pub res: crate::resource_structs::ResourceLocals,
    /// Pointers to `precise` struct fields this function made: stores through them are
    /// precise like stores into a `precise` local.
    pub precise_fields: Vec<Value>,
    /// The defaults being computed (function, parameter), innermost last (`default_args`).
    pub defaults: Vec<(ItemIdx, usize)>,
    /// Pointers to bit-fields this function made, with their widths: stores through them
    /// wrap (`bit_fields`).
    pub bit_fields: Vec<(Value, u8)>,
    /// Locals holding an inline SPIR-V pointer, which have no memory (`spirv_pointer`).
    pub pointer_locals: crate::spirv_pointer::PointerLocals,
}

/// Lowers the body of user function `item` into the declared `func`.
pub fn lower_function(cx: &mut ModuleCtx<'_>, item: ItemIdx, func: Func) -> R<()> {
    let fid = cx.function_id(item);
    let (body, map) = hir::body_with_source_map(cx.db, fid);
    let infer = match cx.template_args.get(&func) {
        Some(env) => Arc::new(crate::enums::infer_instance(cx.db, fid, env)),
        None => crate::enums::infer(cx.db, fid),
    };
    // A copy for arguments of known lengths sees its parameters of unknown size with them.
    let infer = match cx.array_lens.get(&func) {
        Some(lens) => Arc::new(crate::unsized_params::sized_inference(&infer, &body, lens)),
        None => infer,
    };
    cx.function_inline_spirv(item, func);
    let ret = cx.mb.module().functions[func].ret.clone();
    // The object of a method is argument 0, except for a struct holding resources and no
    // data (`resource_structs`).
    let template_args = cx.template_args.get(&func).cloned().unwrap_or_default();
    let this_ty = cx.this_type(item, &template_args).ok().flatten();
    let this_split = this_ty
        .as_ref()
        .and_then(crate::resource_structs::split_type);
    let this = match &this_split {
        Some(split) => split.data.as_ref().map(|_| Value::Arg(0)),
        None => cx.method_owner(item).map(|_| Value::Arg(0)),
    };
    let mut f = FnLower {
        cx,
        item,
        func,
        body: body.clone(),
        map,
        infer,
        current: None,
        locals: vec![None; body.locals.len()],
        jumps: Vec::new(),
        ret,
        this,
        loc: None,
        const_locals: Default::default(),
        res: Default::default(),
        precise_fields: Vec::new(),
        defaults: Vec::new(),
        bit_fields: Vec::new(),
        pointer_locals: Default::default(),
    };
    if let Some(split) = this_split {
        f.register_split_this(split);
    }
    if let Some(constants) = f.cx.constant_args.get(&func).cloned() {
        f.bind_constant_params(&constants);
    }
    f.lower_body()?;
    let mut roots: Vec<Value> = (f.body.locals.iter().zip(&f.locals))
        .filter(|(l, _)| l.is_precise)
        .filter_map(|(_, v)| *v)
        .collect();
    roots.append(&mut f.precise_fields);
    roots.extend(crate::precise::precise_globals(f.cx));
    let precise_result = f.cx.tree.function(item).is_some_and(|d| d.is_precise);
    let function = &mut f.cx.mb.module_mut().functions[func];
    crate::precise::mark_precise(function, roots, precise_result);
    Ok(())
}

impl<'a, 'db> FnLower<'a, 'db> {
    /// A builder positioned at the current block.
    pub fn fb(&mut self) -> FunctionBuilder<'_> {
        let loc = self.loc;
        let mut fb = self.cx.mb.function(self.func);
        fb.set_loc(loc);
        if let Some(b) = self.current {
            fb.switch_to_block(b);
        }
        fb
    }

    /// Makes the instructions built next point at `range` (of the expanded tree); returns
    /// the location it replaces.
    pub fn set_loc(&mut self, range: TextRange) -> Option<ir::SourceLoc> {
        let (file, r) = hir::user_range(self.cx.db, self.cx.file, self.cx.config, range);
        let loc = ir::SourceLoc {
            file: file.0,
            start: r.start().into(),
            end: r.end().into(),
        };
        self.loc.replace(loc)
    }

    pub fn new_block(&mut self, name: &str) -> Block {
        self.cx.mb.function(self.func).create_block(name)
    }

    /// Continues in the fresh block `b`, which moves to the end of the layout so that the
    /// dump follows the source order.
    pub fn switch_to(&mut self, b: Block) {
        let f = &mut self.cx.mb.module_mut().functions[self.func];
        f.layout.retain(|&x| x != b);
        f.layout.push(b);
        self.current = Some(b);
    }

    /// Ends the current block with a branch to `target` (nothing when unreachable).
    pub fn br(&mut self, target: Block) {
        if self.current.is_some() {
            let mut fb = self.fb();
            let mut d = ir::InstData::new(Opcode::Branch, Type::Void, Vec::new());
            d.blocks = vec![target];
            fb.push(d);
            self.current = None;
        }
    }

    pub fn cond_br(&mut self, cond: Value, then: Block, otherwise: Block) {
        if self.current.is_some() {
            let mut fb = self.fb();
            let mut d = ir::InstData::new(Opcode::CondBranch, Type::Void, vec![cond]);
            d.blocks = vec![then, otherwise];
            fb.push(d);
            self.current = None;
        }
    }

    /// Ends the current block with `op` (ret, kill, unreachable).
    pub fn terminate(&mut self, op: Opcode, operands: Vec<Value>) {
        if self.current.is_some() {
            self.fb().inst(op, Type::Void, operands);
            self.current = None;
        }
    }

    pub fn type_of(&mut self, v: Value) -> Type {
        self.fb().type_of(v)
    }

    /// Whether expression `e` reads a local or parameter anywhere inside.
    pub fn reads_locals(&self, e: ExprId) -> bool {
        matches!(self.body.expr(e), Expr::Local(_))
            || self
                .body
                .children(e)
                .into_iter()
                .any(|c| self.reads_locals(c))
    }

    pub fn expr_range(&self, e: ExprId) -> TextRange {
        self.map.expr_syntax(e).text_range()
    }

    pub fn stmt_range(&self, s: hir::body::StmtId) -> TextRange {
        self.map.stmt_syntax(s).text_range()
    }

    /// The `__HLSL_VERSION` the file is compiled as (2029 for `-HV 202x`).
    pub fn hlsl_version(&self) -> u32 {
        self.cx.config.preprocess(self.cx.db).hlsl_version
    }

    pub fn unsupported(&mut self, what: &str, e: ExprId) -> Unsupported {
        let range = self.expr_range(e);
        self.cx.unsupported(what, range)
    }

    /// The inferred type of `e`.
    pub fn ty(&mut self, e: ExprId) -> R<Type> {
        match self.infer.type_of_expr(e) {
            Some(t) => Ok(t.clone()),
            None => Err(self.unsupported("an expression of unknown type", e)),
        }
    }

    pub fn local_ptr(&mut self, l: LocalId) -> R<Value> {
        let range = self.map.locals[l.0 as usize].text_range();
        self.local_ptr_at(l, range)
    }

    /// [`FnLower::local_ptr`] for a use at `at`, where an error about a resource local
    /// points.
    pub fn local_ptr_at(&mut self, l: LocalId, at: TextRange) -> R<Value> {
        match self.locals[l.0 as usize] {
            Some(v) => Ok(v),
            None => {
                let range = self.map.locals[l.0 as usize].text_range();
                if let Some(v) = self.undefined_local(l) {
                    return Ok(v);
                }
                if let Some(u) = self.resource_local_error(l, at) {
                    return Err(u);
                }
                let empty = matches!(
                    self.infer.type_of_local(l),
                    Some(t) if crate::empty_arrays::is_empty(t)
                );
                if empty {
                    return Err(self.empty_element_error(at));
                }
                let stage_param = self.body.params.iter().position(|&p| p == l);
                let what = match stage_param {
                    Some(n) if self.cx.stage_io.is_skipped_in(self.item, self.func, n) => {
                        "using this stream or mesh output except through `Append` or by \
                         assigning to its elements"
                    }
                    _ => "this local variable",
                };
                Err(self.cx.unsupported(what, range))
            }
        }
    }

    /// The private global of role `role` (`""` for the value, `"init"` for the flag of its
    /// initializer) of `static` local `l`: one for every copy of the function (HLSL has one
    /// variable per function; copies exist only for what DXC inlines), made by the first
    /// copy lowered, and whether this call made it.
    pub(crate) fn static_private(
        &mut self,
        l: LocalId,
        role: &'static str,
        ty: Type,
        init: Option<ir::Const>,
    ) -> (ir::Global, bool) {
        let template_args = (self.cx.template_args.get(&self.func).cloned()).unwrap_or_default();
        let key = (self.item, template_args, l, role);
        if let Some(&g) = self.cx.static_local_globals.get(&key) {
            return (g, false);
        }
        // Named after the function, not the copy (`h`, not `h.1`).
        let copy = &self.cx.mb.module().functions[self.func].name;
        let fname = match copy.rsplit_once('.') {
            Some((f, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => f,
            _ => copy,
        }
        .to_owned();
        let name = match role {
            "" => format!("{fname}.{}", self.body.local(l).name),
            r => format!("{r}.{fname}.{}", self.body.local(l).name),
        };
        let g = self.cx.mb.private(&name, ty, init);
        self.cx.static_local_globals.insert(key, g);
        (g, true)
    }

    /// Allocas for every parameter and local (in the entry block), parameters stored.
    fn lower_body(&mut self) -> R<()> {
        let entry = self.new_block("entry");
        self.switch_to(entry);
        self.bind_tracked_statics()?;
        let params = self.body.params.clone();
        // A method's `this` is argument 0; the declared parameters follow, except resource
        // parameters, which name the resources this copy is for (an indexed array element
        // takes its index as an `int` argument).
        let mut first = u32::from(self.this.is_some());
        let mut resources = self
            .cx
            .resource_args
            .get(&self.func)
            .cloned()
            .unwrap_or_default()
            .into_iter();
        // A struct holding resources as `this` takes the first resources (an array element
        // its index as the next `int` argument).
        if let Some(n) = self.split_this_resources() {
            let taken: Vec<ResourceArg> = resources.by_ref().take(n).collect();
            let mut bound = Vec::new();
            for r in taken {
                bound.push(match r.global {
                    Some(g) if r.indexed => {
                        self.fb().set_param_name(first as usize, "this.index");
                        let v = self.incoming_element(g, Value::Arg(first), 0);
                        first += 1;
                        Some(v)
                    }
                    g => g.map(Value::Global),
                });
            }
            self.bind_split_this(&bound);
            // A method may rebind its object's resources (`resource_out`).
            self.hand_back_this(&bound);
        }
        let directions: Vec<hir::item_tree::ParamDirection> = self
            .cx
            .tree
            .function(self.item)
            .map(|f| f.params.iter().map(|p| p.direction).collect())
            .unwrap_or_default();
        let mut args: Vec<ParamArg> = Vec::new();
        let mut next_arg = first;
        for (n, p) in params.iter().enumerate() {
            if self.cx.stage_io.is_skipped_in(self.item, self.func, n) {
                args.push(ParamArg::Skipped);
                continue;
            }
            let direction = directions
                .get(n)
                .copied()
                .unwrap_or(hir::item_tree::ParamDirection::In);
            let ty = self.infer.type_of_local(*p).cloned();
            if ty
                .as_ref()
                .is_some_and(|t| crate::resource_out::hands_back(t, direction))
            {
                // An `out`/`inout` parameter holding resources (`resource_out`).
                self.res.out_params.push((n as u32, *p));
                let inout = direction == hir::item_tree::ParamDirection::InOut;
                let array = ty
                    .as_ref()
                    .and_then(crate::resource_array_args::resource_array_len);
                if let (Some(_), Some(t)) = (array, &ty) {
                    // An array of resources: a local array of slots; an `inout` one's
                    // elements come in like an `in` array's (`resource_array_args`).
                    let elements = match inout {
                        true => self.cx.element_count(t, resources.as_slice()),
                        false => Some(0),
                    };
                    let Some(n) = elements else {
                        // A whole global array: one slot per element, as it came in.
                        let len = array.unwrap_or(0);
                        match resources.next().and_then(|r| r.global) {
                            Some(g) => args.push(ParamArg::WholeArray(g, len)),
                            None => args.push(ParamArg::Skipped),
                        }
                        continue;
                    };
                    args.push(elements_arg(&mut resources, n, &mut next_arg));
                    continue;
                }
                let split = ty.as_ref().and_then(crate::resource_structs::split_type);
                match split {
                    Some(split) => {
                        let data = split.data.is_some().then_some(next_arg);
                        next_arg += u32::from(data.is_some());
                        if let Some(n) = data {
                            let name = self.body.local(*p).name.clone();
                            self.fb().set_param_name(n as usize, &name);
                        }
                        let mut slots = Vec::new();
                        if inout {
                            // An element of a resource array comes with its index, an
                            // argument after the data pointer.
                            for _ in split.resource_paths() {
                                let Some(r) = resources.next() else { break };
                                let index = r.indexed.then_some(next_arg);
                                next_arg += u32::from(r.indexed);
                                slots.push((r.global, index));
                            }
                        }
                        self.res.split.insert(
                            *p,
                            crate::resource_structs::SplitLocal {
                                split,
                                data: data.map(Value::Arg),
                            },
                        );
                        args.push(ParamArg::Split(slots, None));
                    }
                    None if inout => match resources.next() {
                        Some(ResourceArg {
                            global: Some(g),
                            indexed: true,
                            ..
                        }) => {
                            args.push(ParamArg::Element(g, next_arg));
                            next_arg += 1;
                        }
                        Some(ResourceArg {
                            global: Some(g), ..
                        }) => args.push(ParamArg::Resource(g)),
                        // Unassigned by the caller: unbound here too.
                        _ => args.push(ParamArg::Skipped),
                    },
                    None => args.push(ParamArg::Skipped),
                }
                continue;
            }
            let is_resource = self
                .infer
                .type_of_local(*p)
                .is_some_and(|t| crate::resources::resource_of(t).is_some());
            let split = self
                .infer
                .type_of_local(*p)
                .and_then(crate::resource_structs::split_type);
            if let Some(split) = split {
                // A struct holding resources: its resources name this copy's, its data is
                // one argument, then the index of each resource that is an array element
                // (see `resource_structs`).
                let data = split.data.is_some().then_some(next_arg);
                next_arg += u32::from(data.is_some());
                let mut slots = Vec::new();
                for _ in split.resource_paths() {
                    let Some(r) = resources.next() else { break };
                    let index = r.indexed.then_some(next_arg);
                    next_arg += u32::from(r.indexed);
                    slots.push((r.global, index));
                }
                args.push(ParamArg::Split(slots, data));
                continue;
            }
            // An array of resources passed element by element (`resource_array_args`).
            let elements = match self.infer.type_of_local(*p) {
                Some(t) if is_resource => self.cx.element_count(t, resources.as_slice()),
                _ => None,
            };
            if let Some(n) = elements {
                args.push(elements_arg(&mut resources, n, &mut next_arg));
                continue;
            }
            let resource = if is_resource { resources.next() } else { None };
            let a = match resource {
                Some(ResourceArg {
                    global: Some(g),
                    indexed: true,
                    ..
                }) => ParamArg::Element(g, next_arg),
                Some(ResourceArg {
                    global: Some(g), ..
                }) => ParamArg::Resource(g),
                // A resource never assigned: the parameter stays unbound.
                Some(_) => ParamArg::Unbound,
                None => ParamArg::Value(next_arg),
            };
            if !matches!(a, ParamArg::Resource(_) | ParamArg::Unbound) {
                next_arg += 1;
            }
            // An element of an array of ray queries: the array's indices follow it.
            next_arg += self.query_element_depth(n as u32);
            args.push(a);
        }
        let param_types: Vec<Type> = self.cx.mb.module().functions[self.func]
            .params
            .iter()
            .map(|p| p.ty.clone())
            .collect();
        if self.this.is_some() {
            self.fb().set_param_name(0, "this");
        }
        // Parameters that live in stage variables only (geometry streams, mesh outputs) have
        // no IR parameter and no local.
        let skipped: Vec<usize> = params
            .iter()
            .zip(&args)
            .filter(|(_, a)| matches!(a, ParamArg::Skipped))
            .map(|(p, _)| p.0 as usize)
            .collect();
        // `out`/`inout` parameters are the caller's pointers; every other local an alloca.
        for (k, (p, a)) in params.iter().zip(&args).enumerate() {
            if let ParamArg::Value(n) = *a {
                if matches!(param_types.get(n as usize), Some(Type::Pointer { .. })) {
                    let depth = self.query_element_depth(k as u32);
                    self.locals[p.0 as usize] = Some(if depth == 0 {
                        Value::Arg(n)
                    } else {
                        // The element of the array of queries it stands for (`ray_query`).
                        let indices: Vec<Value> = (1..=depth).map(|d| Value::Arg(n + d)).collect();
                        self.fb().access_chain(Value::Arg(n), &indices)
                    });
                }
            }
        }
        for i in 0..self.body.locals.len() {
            if self.locals[i].is_some() || skipped.contains(&i) {
                continue;
            }
            let local = self.body.locals[i].clone();
            let range = self.map.locals[i].text_range();
            let Some(ty) = self
                .infer
                .type_of_local(LocalId(i as u32))
                .map(crate::stages::value_type)
            else {
                return Err(self.cx.unsupported("a local of unknown type", range));
            };
            // A `static const` local is an ordinary local, initialized where declared with the
            // same value on every call, unless its initializer reads locals or parameters:
            // then, as for any `static` local, the first call's value is kept.
            let reads_locals = local.init.is_some_and(|e| self.reads_locals(e));
            // A `static` resource local names its initializer's resource, the same on every
            // call when nothing reassigns it: a plain resource local (no memory, bound where
            // declared), as DXC's legalization leaves it.
            if local.is_static && matches!(ty, Type::Resource(_)) {
                let l = LocalId(i as u32);
                if crate::resources::resource_of(&ty).is_none() {
                    return Err(self.cx.unsupported(&format!("a local of type {ty}"), range));
                }
                let written = crate::resource_choice::is_written(&self.body, &self.infer, l);
                if local.init.is_some() && !written && !self.cx.flowing_local(self.item, l) {
                    continue;
                }
                // Written (or assigned later): in a function run once per invocation, a
                // resource local (`static_assign`).
                self.static_resource_local(l, range)?;
                continue;
            }
            // A `static` struct holding resources whose value is the same on every call is
            // an ordinary split local (`resource_statics::static_split_is_local`).
            let l = LocalId(i as u32);
            if local.is_static
                && crate::resource_structs::split_type(&ty).is_some()
                && self.static_split_is_local(l)
                && self.register_resource_local(l, &ty, &local.name)
            {
                continue;
            }
            // Any other `static` struct holding resources in a function no function calls
            // (the entry, run once per invocation) is a split local whose data part is a
            // private global (`static_assign`).
            if local.is_static && crate::resource_structs::split_type(&ty).is_some() {
                self.static_split_local(l, &ty, range)?;
                continue;
            }
            // `[[vk::ext_storage_class(N)]]`: a module-scope variable (`storage_class`).
            if let Some(g) = self.ext_storage_local(l, &ty)? {
                self.locals[i] = Some(Value::Global(g));
                self.decorate_local(l, Value::Global(g));
                continue;
            }
            if local.is_static {
                if let Some(g) = self.ext_builtin_local(LocalId(i as u32), &ty)? {
                    self.locals[i] = Some(Value::Global(g));
                    continue;
                }
            }
            if local.is_static && (!local.is_const || reads_locals) {
                // A `static` local keeps its value across calls: a private global. A constant
                // initializer is the global's; any other runs the first time the declaration
                // is reached, guarded by a flag global as DXC does (`stmt.rs`).
                let (init, guarded) = match local.init {
                    None => (None, false),
                    Some(e) => match self.literal_at(e, &ty) {
                        Some(Value::Const(c)) => (Some(c), false),
                        _ => (None, true),
                    },
                };
                if !is_storable(&ty) {
                    return Err(self.cx.unsupported(&format!("a local of type {ty}"), range));
                }
                let l = LocalId(i as u32);
                let (g, fresh) = self.static_private(l, "", ty, init);
                if guarded && fresh {
                    let no = self.cx.mb.const_handle(ir::Constant::bool(false));
                    let (flag, _) = self.static_private(l, "init", Type::BOOL, Some(no));
                    self.cx.static_local_flags.push((g, flag));
                }
                self.locals[i] = Some(Value::Global(g));
                self.decorate_local(LocalId(i as u32), Value::Global(g));
                continue;
            }
            let l = LocalId(i as u32);
            if self.res.split.contains_key(&l) {
                // An `out`/`inout` struct parameter holding resources: its data is the
                // caller's (`resource_out`).
                continue;
            }
            if !local.is_static && self.register_resource_local(l, &ty, &local.name) {
                // A struct holding resources: its data alloca, its resources bound later.
                continue;
            }
            if crate::resources::resource_of(&ty).is_some() && !local.is_static {
                // A resource local names the resource it is initialized with (see
                // `stmt::bind_resource_local`); it has no memory of its own.
                continue;
            }
            // `float a[0]` has no elements (DXC accepts it and its optimizer removes it; SPIR-V
            // has no empty arrays): no memory, and a use is an error where it is.
            if crate::empty_arrays::is_empty(&ty) && local.param.is_none() {
                continue;
            }
            // A `RayQuery` local holds the traversal state: a variable of its own, as does
            // an array of them (of any rank: `RayQuery<F> q[2][3]`).
            let mut element = &ty;
            while let Type::Array { element: inner, .. } = element {
                element = inner;
            }
            let is_query = matches!(element.as_resource(), Some(ResourceType::RayQuery { .. }));
            if let Some(r) = self.declare_pointer_local(l, &ty) {
                // No memory: it names its value (`spirv_pointer`).
                r?;
                continue;
            }
            if !is_storable(&ty) && !is_query {
                return Err(self.cx.unsupported(&format!("a local of type {ty}"), range));
            }
            let v = self.fb().alloca(ty, &local.name);
            self.locals[i] = Some(v);
            if local.param.is_none() {
                self.mark_aliased_local(l, v, None);
            }
            self.decorate_local(l, v);
        }
        for (p, a) in params.iter().zip(args) {
            let name = self.body.local(*p).name.clone();
            match a {
                ParamArg::Skipped | ParamArg::Unbound => {}
                ParamArg::Split(slots, data) => {
                    let indexed: Vec<bool> = slots.iter().map(|(_, i)| i.is_some()).collect();
                    let mut bound = Vec::new();
                    for (g, index) in slots {
                        bound.push(match (g, index) {
                            (Some(g), Some(n)) => {
                                self.fb()
                                    .set_param_name(n as usize, &format!("{name}.index"));
                                Some(self.incoming_element(g, Value::Arg(n), 0))
                            }
                            (g, _) => g.map(Value::Global),
                        });
                    }
                    self.bind_split_param(*p, &bound);
                    self.record_incoming(*p, &bound, &indexed);
                    if let Some(n) = data {
                        self.fb().set_param_name(n as usize, &name);
                        let ptr = self.res.split.get(p).and_then(|s| s.data);
                        if let Some(ptr) = ptr {
                            self.fb().store(ptr, Value::Arg(n));
                        }
                    }
                }
                ParamArg::Resource(g) => self.locals[p.0 as usize] = Some(Value::Global(g)),
                ParamArg::Elements(elements) => self.bind_element_param(*p, &elements),
                ParamArg::WholeArray(g, n) => self.bind_whole_array_param(*p, g, n),
                ParamArg::Element(g, n) => {
                    self.fb().set_param_name(n as usize, &name);
                    // A row passed to an array parameter keeps its own dimensions.
                    let inner = (self.infer.type_of_local(*p))
                        .map_or(0, |t| crate::resource_rows::array_dims(t).len());
                    let element = self.incoming_element(g, Value::Arg(n), inner);
                    self.locals[p.0 as usize] = Some(element);
                    self.res.incoming.insert((*p, Vec::new()), element);
                }
                ParamArg::Value(n) if self.bind_pointer_param(*p, n) => {}
                ParamArg::Value(n) => {
                    let ptr = self.local_ptr(*p)?;
                    self.mark_aliased_local(*p, ptr, Some(n));
                    let arg = Value::Arg(n);
                    let mut fb = self.fb();
                    fb.set_param_name(n as usize, &name);
                    // An `out`/`inout` parameter, or a ray query, is the caller's pointer.
                    let by_reference = matches!(fb.type_of(arg), Type::Pointer { .. });
                    if ptr != arg && !by_reference {
                        fb.store(ptr, arg);
                    }
                }
            }
        }
        // Consecutive elements the caller passed may be indexed at run time
        // (`resource_runs`; before the marks below change the chains' indices).
        self.record_incoming_runs();
        // An element the caller indexed by `NonUniformResourceIndex` keeps the mark
        // (`resource_nonuniform`).
        self.mark_nonuniform_params();
        let Some(root) = self.body.root else {
            let range = self.cx.item_range(self.item);
            // A method declared without a body and never defined: in sample code, a method
            // of an `interface` called through an interface instance (dynamic shader
            // linkage, which neither Vulkan nor DXC has).
            let what = match self.cx.method_owner(self.item) {
                Some(_) => format!(
                    "a call of `{}`, a method without a body (a call through an `interface` \
                     instance needs dynamic shader linkage, which DXC has not either)",
                    self.cx.function_name(self.item)
                ),
                None => {
                    // A prototype the file never defines: there is no code to call, and DXC
                    // refuses the call too (a call in code that is never lowered is fine).
                    let message = format!(
                        "`{}` is called but never defined: the file declares it without a body \
                         and gives no definition",
                        self.cx.function_name(self.item)
                    );
                    return Err(self.cx.error(crate::UNDEFINED_FUNCTION, message, range));
                }
            };
            return Err(self.cx.unsupported(&what, range));
        };
        self.lower_stmt(root)?;
        if self.current.is_some() {
            let end = self.cx.item_range(self.item);
            self.record_out_resources(end)?;
            if self.ret.is_void() {
                self.terminate(Opcode::Return, Vec::new());
            } else {
                // A non-void function that runs off its end (W2002): nothing is returned.
                self.terminate(Opcode::Unreachable, Vec::new());
            }
        }
        Ok(())
    }

    /// A temporary: an alloca placed at the top of the entry block.
    pub fn entry_alloca(&mut self, ty: Type, name: &str) -> Value {
        let mut fb = self.cx.mb.function(self.func);
        let v = fb.alloca(ty, name);
        let f = &mut self.cx.mb.module_mut().functions[self.func];
        if let (Value::Inst(i), Some(&entry)) = (v, f.layout.first()) {
            f.insts[i].block = Some(entry);
            f.blocks[entry].insts.insert(0, i);
        }
        v
    }

    /// Reads a place.
    pub fn load_place(&mut self, p: &Place) -> R<Value> {
        Ok(match p {
            Place::Ptr(ptr) => self.fb().load(*ptr),
            Place::Mesh(m) => self.load_mesh_output(m),
            Place::Pointee(ptr, path) => {
                let ty = self.place_type(p);
                let mut ops = vec![*ptr];
                ops.extend(path);
                self.fb()
                    .call_intrinsic(ir::Intrinsic::BufferPointerLoad, ty, &ops)
            }
            Place::Swizzle(base, comps) => {
                let v = self.load_place(base)?;
                match self.type_of(v) {
                    Type::Scalar(k) => {
                        let parts = vec![v; comps.len()];
                        if comps.len() == 1 {
                            v
                        } else {
                            self.fb()
                                .construct(Type::Vector(k, comps.len() as u8), &parts)
                        }
                    }
                    _ if comps.len() == 1 => self.fb().extract(v, &[u32::from(comps[0])]),
                    _ => self.fb().swizzle(v, comps),
                }
            }
            Place::Component(base, i) => {
                let v = self.load_place(base)?;
                self.fb().extract_dynamic(v, *i)
            }
            Place::Base(ptr, ty) => {
                let n = base_field_count(ty);
                let fields: Vec<Value> = (0..n)
                    .map(|i| {
                        let i = self.fb().int(i as i32);
                        let field = self.fb().access_chain(*ptr, &[i]);
                        self.fb().load(field)
                    })
                    .collect();
                self.fb().construct(ty.clone(), &fields)
            }
            Place::MatrixSwizzle(base, elements) => {
                let m = self.load_place(base)?;
                self.matrix_elements(m, elements)
            }
            Place::Texel {
                resource,
                coord,
                sample: Some(sample),
            } => self
                .fb()
                .resource_op(Opcode::TextureLoad, &[*resource, *coord, *sample], &[]),
            Place::Texel {
                resource, coord, ..
            } => {
                // `tex[c]` of a sampled texture reads mip level 0.
                let sampled = matches!(
                    self.type_of(*resource).pointee().and_then(|(_, t)| t.as_resource().cloned()),
                    Some(types::ResourceType::Texture { access, .. }) if !access.is_writable()
                );
                // ... and `tex[c]` of a multisampled one sample 0, as DXC reads it.
                let multisampled = matches!(
                    self.type_of(*resource).pointee().and_then(|(_, t)| t.as_resource().cloned()),
                    Some(types::ResourceType::Texture { dim, .. }) if dim.is_multisampled()
                );
                let mut ops = vec![*resource, *coord];
                if sampled || multisampled {
                    ops.push(self.fb().uint(0));
                }
                self.fb().resource_op(Opcode::TextureLoad, &ops, &[])
            }
        })
    }

    /// Writes `v` (already of the place's type) to a place.
    pub fn store_place(&mut self, p: &Place, v: Value) -> R<()> {
        match p {
            Place::Ptr(ptr) => {
                let v = match self.bit_field_at(*ptr) {
                    Some(width) => self.wrap_bit_field(v, width),
                    None => {
                        let ty = self.type_of(v);
                        self.wrap_bit_fields_of(v, &ty)
                    }
                };
                self.fb().store(*ptr, v)
            }
            Place::Mesh(m) => self.store_mesh_output(m, v),
            Place::Pointee(ptr, path) => {
                let mut ops = vec![*ptr, v];
                ops.extend(path);
                self.fb()
                    .call_intrinsic(ir::Intrinsic::BufferPointerStore, Type::Void, &ops);
            }
            Place::Swizzle(base, comps) => {
                if let Place::Pointee(ptr, path) = &**base {
                    if matches!(self.place_type(base), Type::Vector(..)) {
                        self.store_pointee_components(*ptr, path, comps, v);
                        return Ok(());
                    }
                }
                let mut whole = self.load_place(base)?;
                if matches!(self.type_of(whole), Type::Scalar(_)) {
                    // `s.x = v` on a scalar.
                    return self.store_place(base, v);
                }
                let single = comps.len() == 1;
                for (i, &c) in comps.iter().enumerate() {
                    let part = if single {
                        v
                    } else {
                        self.fb().extract(v, &[i as u32])
                    };
                    whole = self.fb().insert(whole, part, &[u32::from(c)]);
                }
                self.store_place(base, whole)?;
            }
            Place::MatrixSwizzle(base, elements) => {
                if let Place::Pointee(ptr, path) = &**base {
                    self.store_pointee_elements(*ptr, path, elements, v);
                    return Ok(());
                }
                let mut whole = self.load_place(base)?;
                let single = elements.len() == 1;
                for (i, &(r, c)) in elements.iter().enumerate() {
                    let part = if single {
                        v
                    } else {
                        self.fb().extract(v, &[i as u32])
                    };
                    whole = self.fb().insert(whole, part, &[u32::from(r), u32::from(c)]);
                }
                self.store_place(base, whole)?;
            }
            Place::Component(base, i) => {
                let whole = self.load_place(base)?;
                let whole = self.fb().insert_dynamic(whole, v, *i);
                self.store_place(base, whole)?;
            }
            Place::Base(ptr, ty) => {
                for i in 0..base_field_count(ty) {
                    let part = self.fb().extract(v, &[i as u32]);
                    let at = self.fb().int(i as i32);
                    let field = self.fb().access_chain(*ptr, &[at]);
                    self.store_place(&Place::Ptr(field), part)?;
                }
            }
            Place::Texel {
                resource,
                coord,
                sample,
            } => {
                let mut ops = vec![*resource, *coord, v];
                ops.extend(*sample);
                self.fb().resource_op(Opcode::TextureStore, &ops, &[]);
            }
        }
        Ok(())
    }

    /// Elements (row, column) of matrix value `m`: a scalar for one, else a vector.
    pub fn matrix_elements(&mut self, m: Value, elements: &[(u8, u8)]) -> Value {
        let parts: Vec<Value> = elements
            .iter()
            .map(|&(r, c)| self.fb().extract(m, &[u32::from(r), u32::from(c)]))
            .collect();
        if parts.len() == 1 {
            return parts[0];
        }
        let k = self
            .type_of(m)
            .scalar_kind()
            .unwrap_or(types::ScalarKind::Float);
        self.fb()
            .construct(Type::Vector(k, parts.len() as u8), &parts)
    }

    /// The type a place holds.
    pub fn place_type(&mut self, p: &Place) -> Type {
        match p {
            Place::Ptr(ptr) => {
                let t = self.type_of(*ptr);
                ir::typing::load_type(&t).unwrap_or(Type::Void)
            }
            Place::Pointee(ptr, path) => {
                let ptr_ty = self.type_of(*ptr);
                let path_types: Vec<Type> = path.iter().map(|&v| self.type_of(v)).collect();
                let m = self.cx.mb.module();
                ir::intrinsic::buffer_pointer_part(m, &ptr_ty, path, &path_types)
                    .unwrap_or(Type::Void)
            }
            Place::Swizzle(base, _) | Place::MatrixSwizzle(base, _) => {
                let n = match p {
                    Place::Swizzle(_, comps) => comps.len(),
                    Place::MatrixSwizzle(_, elements) => elements.len(),
                    _ => 1,
                };
                let t = self.place_type(base);
                let k = t.scalar_kind().unwrap_or(types::ScalarKind::Float);
                if n == 1 {
                    Type::Scalar(k)
                } else {
                    Type::Vector(k, n as u8)
                }
            }
            Place::Mesh(m) => m.ty(),
            Place::Base(_, ty) => ty.clone(),
            Place::Component(base, _) => {
                let t = self.place_type(base);
                Type::Scalar(t.scalar_kind().unwrap_or(types::ScalarKind::Float))
            }
            Place::Texel { resource, .. } => {
                let t = self.type_of(*resource);
                t.pointee()
                    .and_then(|(_, p)| p.as_resource().and_then(|r| r.element().cloned()))
                    .unwrap_or(Type::Void)
            }
        }
    }
}

/// The number of fields of base struct `ty`, the first fields of a struct derived from it.
fn base_field_count(ty: &Type) -> usize {
    match ty {
        Type::Struct(s) => s.fields.len(),
        _ => 0,
    }
}

/// What a declared parameter is in one copy of a function.
#[derive(Debug, Clone)]
enum ParamArg {
    /// No IR argument: a geometry stream or mesh output, which lives in stage variables.
    Skipped,
    /// IR argument `n`.
    Value(u32),
    /// The resource global itself.
    Resource(ir::Global),
    /// An element of a resource array, the index being IR argument `n`.
    Element(ir::Global, u32),
    /// A struct holding resources: the resource global of each slot (with the IR argument
    /// of its index when it is an array element), and the IR argument of its data part.
    Split(Vec<(Option<ir::Global>, Option<u32>)>, Option<u32>),
    /// A resource never assigned by the caller: no IR argument, and no binding.
    Unbound,
    /// An array of resources passed element by element: each element's resource global,
    /// with the IR argument of its index when it is an element of a global array
    /// (`resource_array_args`).
    Elements(Vec<(Option<ir::Global>, Option<u32>)>),
    /// An `inout` array of `n` resources given a whole global array: one slot per element
    /// of it (`resource_array_args`).
    WholeArray(ir::Global, u32),
}

/// The next `n` resources of a call's as one array parameter's elements: each element's
/// global, and for an element at a run-time index the IR argument after `next_arg` that
/// carries the index.
fn elements_arg(
    resources: &mut impl Iterator<Item = crate::context::ResourceArg>,
    n: u32,
    next_arg: &mut u32,
) -> ParamArg {
    let mut bound = Vec::new();
    for r in resources.take(n as usize) {
        let index = r.indexed.then_some(*next_arg);
        *next_arg += u32::from(r.indexed);
        bound.push((r.global, index));
    }
    ParamArg::Elements(bound)
}

/// Types a local can hold in this slice: numeric shapes, arrays and structs of them.
pub fn is_storable(ty: &Type) -> bool {
    match ty {
        Type::Scalar(_) | Type::Vector(..) | Type::Matrix { .. } | Type::BufferPointer { .. } => {
            true
        }
        // Inline SPIR-V types, opaque ones too: DXC gives them variables like any value.
        Type::Spirv(_) => true,
        Type::Array { element, len } => len.is_some() && is_storable(element),
        Type::Struct(s) => s.fields.iter().all(|f| is_storable(&f.ty)),
        _ => false,
    }
}
