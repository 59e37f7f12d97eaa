//! Expressions: literals, names (locals, globals, cbuffer members), operators (with
//! short-circuit `&&`/`||` and `?:` as control flow and a `phi` when an arm has effects),
//! assignments and increments through [`Place`]s, swizzles, member access and indexing.

use hir::body::{Expr, ExprId, Literal, LocalId};
use hir::item_tree::ItemKind;
use ir::{Opcode, Value};
use syntax::ast::{ArithOp, BinaryOp, CmpOp, LogicOp, PostfixOp, PrefixOp};
use types::{ResourceType, ScalarKind, Type};

use crate::context::{GlobalRef, R};
use crate::convert::{common_type, conforming_literal, literal_constant};
use crate::func::{FnLower, Place};

pub(crate) fn arith_opcode(op: ArithOp) -> Opcode {
    match op {
        ArithOp::Add => Opcode::Add,
        ArithOp::Sub => Opcode::Sub,
        ArithOp::Mul => Opcode::Mul,
        ArithOp::Div => Opcode::Div,
        ArithOp::Rem => Opcode::Rem,
        ArithOp::Shl => Opcode::Shl,
        ArithOp::Shr => Opcode::Shr,
        ArithOp::BitAnd => Opcode::BitAnd,
        ArithOp::BitOr => Opcode::BitOr,
        ArithOp::BitXor => Opcode::BitXor,
    }
}

pub(crate) fn cmp_opcode(op: CmpOp) -> Opcode {
    match op {
        CmpOp::Eq => Opcode::Eq,
        CmpOp::Ne => Opcode::Ne,
        CmpOp::Lt => Opcode::Lt,
        CmpOp::Le => Opcode::Le,
        CmpOp::Gt => Opcode::Gt,
        CmpOp::Ge => Opcode::Ge,
    }
}

/// `xyzw`/`rgba` components, or `None` when `name` is not a swizzle.
/// The (row, column) elements of matrix swizzle `name` (`_m01_m10`, `_11`).
pub(crate) fn matrix_swizzle(name: &str, rows: u8, cols: u8) -> Result<Vec<(u8, u8)>, ()> {
    match hir::infer::ops::matrix_swizzle(name, rows, cols) {
        Ok(hir::infer::ops::Swizzle::Matrix(elements)) => Ok(elements),
        _ => Err(()),
    }
}

pub fn swizzle_components(name: &str) -> Option<Vec<u8>> {
    name.chars()
        .map(|c| match c {
            'x' | 'r' => Some(0),
            'y' | 'g' => Some(1),
            'z' | 'b' => Some(2),
            'w' | 'a' => Some(3),
            _ => None,
        })
        .collect()
}

impl FnLower<'_, '_> {
    /// An expression evaluated for its effects only (an expression statement, the left
    /// operand of `,`). A resource named without effects (`tex;`, `(smp, uv)`) does nothing:
    /// a resource is no value to load, only named where it is used.
    pub fn lower_effect(&mut self, e: ExprId) -> R<()> {
        let is_resource = self
            .infer
            .type_of_expr(e)
            .is_some_and(|t| crate::resources::resource_of(t).is_some());
        if is_resource && self.names_without_effects(e) {
            return Ok(());
        }
        match self.body.expr(e).clone() {
            Expr::Binary {
                op: BinaryOp::Comma,
                lhs,
                rhs,
            } => {
                self.lower_effect(lhs)?;
                self.lower_effect(rhs)
            }
            Expr::Paren(i) => self.lower_effect(i),
            _ => self.lower_expr(e).map(drop),
        }
    }

    /// Whether `e` only names something: a variable, a member or a constant element of one.
    fn names_without_effects(&self, e: ExprId) -> bool {
        match self.body.expr(e) {
            Expr::Local(_) | Expr::Path(_) => true,
            Expr::Paren(i) | Expr::Field { expr: i, .. } => self.names_without_effects(*i),
            Expr::Index { base, index } => {
                self.names_without_effects(*base)
                    && (self.const_int(*index).is_some() || self.names_without_effects(*index))
            }
            _ => false,
        }
    }

    /// Lowers `e` for its value (`None` for a void call); its instructions point at `e`.
    pub fn lower_expr(&mut self, e: ExprId) -> R<Option<Value>> {
        let range = self.expr_range(e);
        let outer = self.set_loc(range);
        let v = self.lower_expr_here(e);
        self.loc = outer;
        v
    }

    fn lower_expr_here(&mut self, e: ExprId) -> R<Option<Value>> {
        if self.current.is_none() {
            return Err(self.unsupported("an expression in unreachable code", e));
        }
        if let Some(v) = self.lower_texel_property(e) {
            return v.map(Some);
        }
        if let Some(v) = self.whole_mesh_output(e) {
            return v.map(Some);
        }
        if let Some(v) = self.pointer_local_value(e) {
            return v.map(Some);
        }
        let operator = match *self.body.expr(e) {
            // `a[i]` calling `a`'s `operator[]`, `-a` its `operator-()` (HLSL 2021).
            Expr::Index { base, index } => Some((base, Some(index))),
            Expr::Prefix { expr, .. } => Some((expr, None)),
            _ => None,
        };
        if let Some((object, arg)) = operator {
            if let Some(hir::Resolution::Function {
                function,
                template_args,
            }) = self.infer.resolution(e).cloned()
            {
                let args: Vec<ExprId> = arg.into_iter().collect();
                let object = Some(crate::user_call::Receiver::Object(object));
                return self.lower_user_call(e, function, &template_args, object, &args);
            }
        }
        let v = match self.body.expr(e).clone() {
            Expr::Missing => return Err(self.unsupported("a missing expression", e)),
            Expr::Literal(Literal::String) => return Err(self.unsupported("strings", e)),
            Expr::Literal(lit) => {
                let ty = self.ty(e)?;
                let kind = ty.scalar_kind().unwrap_or(ScalarKind::Int);
                let lit = conforming_literal(lit, self.hlsl_version());
                let c = literal_constant(&lit, kind).expect("not a string");
                self.fb().constant(c)
            }
            Expr::Paren(inner) => return self.lower_expr(inner),
            Expr::Local(l) if self.const_locals.contains_key(&l) => {
                let k = self.ty(e)?.scalar_kind().unwrap_or(ScalarKind::Int);
                let v = hir::lower_type::ConstValue::Int(self.const_locals[&l]);
                let c = crate::user_call::const_value(v, k);
                self.fb().constant(c)
            }
            Expr::Path(_) if self.spec_value(e).is_some() => {
                self.spec_value(e).expect("checked")?
            }
            Expr::Field { .. } if self.array_length_member(e).is_some() => {
                let n = self.array_length_member(e).expect("checked");
                self.fb().uint(n)
            }
            Expr::Field { .. } | Expr::Index { .. } if self.is_pointee_part(e) => {
                // A member or element behind a buffer pointer: load that part only.
                let p = self.lvalue(e)?;
                self.load_place(&p)?
            }
            Expr::Local(_) | Expr::Path(_) | Expr::Field { .. } | Expr::Index { .. }
                if self.is_place_expr(e) && !self.is_run_time_texel_component(e) =>
            {
                let p = self.lvalue(e)?;
                self.load_place(&p)?
            }
            Expr::Field { expr, name } => {
                let base = self.rvalue(expr)?;
                let bt = self.type_of(base);
                match (&bt, swizzle_components(&name)) {
                    (Type::Struct(s), _) => match s.field_index(&name) {
                        Some(i) => self.fb().extract(base, &[i as u32]),
                        None => return Err(self.unsupported("this member", e)),
                    },
                    (Type::Vector(..), Some(c)) if c.len() == 1 => {
                        self.fb().extract(base, &[u32::from(c[0])])
                    }
                    (Type::Vector(..), Some(c)) => self.fb().swizzle(base, &c),
                    (Type::Scalar(k), Some(c)) if c.len() > 1 => self
                        .fb()
                        .construct(Type::Vector(*k, c.len() as u8), &vec![base; c.len()]),
                    (Type::Scalar(_), Some(_)) => base,
                    (&Type::Matrix { rows, cols, .. }, _) => {
                        let elements = matrix_swizzle(&name, rows, cols)
                            .map_err(|_| self.unsupported("this matrix member", e))?;
                        self.matrix_elements(base, &elements)
                    }
                    _ => return Err(self.unsupported("this member access", e)),
                }
            }
            Expr::Index { base, index } => {
                let b = self.rvalue(base)?;
                let bt = self.type_of(b);
                let constant = self.const_int(index).and_then(|n| u32::try_from(n).ok());
                match (&bt, constant) {
                    (Type::Matrix { .. } | Type::Array { .. } | Type::Vector(..), Some(n)) => {
                        self.fb().extract(b, &[n])
                    }
                    (Type::Vector(..), None) => {
                        let i = self.index_value(index)?;
                        self.fb().extract_dynamic(b, i)
                    }
                    (Type::Matrix { .. } | Type::Array { .. }, None) => {
                        // A run-time index into a temporary: through a variable.
                        let temp = self.entry_alloca(bt.clone(), "");
                        self.fb().store(temp, b);
                        let i = self.index_value(index)?;
                        let p = self.fb().access_chain(temp, &[i]);
                        self.fb().load(p)
                    }
                    _ => return Err(self.unsupported("indexing this value", e)),
                }
            }
            Expr::Path(_) => match self.infer.resolution(e).cloned() {
                Some(hir::Resolution::Enumerator(ast)) => self.enumerator_value(e, ast)?,
                Some(hir::Resolution::TemplateValue(v) | hir::Resolution::LocalEnumerator(v)) => {
                    let k = self.ty(e)?.scalar_kind().unwrap_or(ScalarKind::Int);
                    let c = crate::user_call::const_value(hir::lower_type::ConstValue::Int(v), k);
                    self.fb().constant(c)
                }
                Some(hir::Resolution::BuiltinConstant(v)) => {
                    self.fb().constant(ir::Constant::uint(v))
                }
                _ => return Err(self.unsupported("this name in an expression", e)),
            },
            Expr::Local(_) => return Err(self.unsupported("this name in an expression", e)),
            Expr::Binary { op, lhs, rhs } => return self.lower_binary(e, op, lhs, rhs),
            Expr::Prefix { op, expr } => self.lower_prefix(e, op, expr)?,
            Expr::Postfix { op, expr } => {
                let p = self.lvalue(expr)?;
                let old = self.load_place(&p)?;
                let ty = self.type_of(old);
                let one = self.one_of(&ty);
                let opc = if op == PostfixOp::PostInc {
                    Opcode::Add
                } else {
                    Opcode::Sub
                };
                let new = self.fb().binary(opc, old, one);
                self.store_place(&p, new)?;
                old
            }
            Expr::Conditional {
                cond,
                then,
                otherwise,
            } if self.infer.type_of_expr(e) == Some(&Type::Void) => {
                return self.lower_void_conditional(cond, then, otherwise)
            }
            Expr::Conditional {
                cond,
                then,
                otherwise,
            } => self.lower_conditional(e, cond, then, otherwise)?,
            Expr::Call { callee, args } => return self.lower_call(e, callee, &args),
            Expr::MethodCall {
                receiver,
                name,
                args,
            } => return self.lower_method_call(e, receiver, &name, &args),
            Expr::Cast { expr, .. } => {
                let to = self.ty(e)?;
                if to == Type::Void {
                    // `(void)e`, `static_cast<void>(e)`: evaluated for its effects only.
                    self.lower_expr(expr)?;
                    return Ok(None);
                }
                self.coerce(expr, &to)?
            }
            Expr::InitList(_) => return Err(self.unsupported("initializer lists", e)),
            Expr::SizeOf { ty, expr } => self.lower_sizeof(e, ty.as_ref(), expr)?,
        };
        Ok(Some(v))
    }

    /// Whether `e` reads one component of a texel by a run-time index (`buf[2][i]`): the
    /// texel is loaded whole and the component extracted, as no place names it.
    fn is_run_time_texel_component(&self, e: ExprId) -> bool {
        let Expr::Index { base, index } = self.body.expr(e) else {
            return false;
        };
        if self.const_int(*index).is_some() {
            return false;
        }
        let Expr::Index { base: resource, .. } = self.body.expr(*base) else {
            return false;
        };
        matches!(
            self.infer
                .type_of_expr(*resource)
                .and_then(Type::as_resource),
            Some(ResourceType::TypedBuffer { .. } | ResourceType::Texture { .. })
        )
    }

    /// `sizeof(T)` / `sizeof(e)`: the size in bytes (natural, scalar-aligned layout, as DXC
    /// computes it), a `uint` constant; the operand is not evaluated.
    fn lower_sizeof(
        &mut self,
        e: ExprId,
        ty: Option<&hir::type_ref::TypeRef>,
        expr: Option<ExprId>,
    ) -> R<Value> {
        let t = match (ty, expr) {
            (Some(t), _) => {
                // A type declared in this body first, as the checker resolves it.
                self.local_declared_type(t)
                    .or_else(|| self.local_type_named(t))
                    .or_else(|| self.global_type_named(t))
            }
            (None, Some(x)) => match (self.infer.type_of_expr(x), self.body.expr(x)) {
                (Some(t), _) => Some(t.clone()),
                // `sizeof(Record)` parses as a name.
                (None, Expr::Path(p)) => {
                    hir::lower_type::TypeCtx::inside(&self.cx.tree, &self.cx.scope, self.item)
                        .resolve_path(p, &mut Vec::new())
                }
                (None, _) => None,
            },
            (None, None) => None,
        };
        let size = t
            .map(|t| t.ir_form())
            .filter(crate::func::is_storable)
            .map(|t| types::TypeLayout::of(&t, types::LayoutRules::Scalar).size);
        match size {
            Some(n) => Ok(self.fb().uint(n)),
            None => Err(self.unsupported("sizeof of this type", e)),
        }
    }

    /// `sizeof(color)` parses as a type name: the type of the local of that name (when all
    /// locals so named have one type).
    fn local_type_named(&self, t: &hir::type_ref::TypeRef) -> Option<Type> {
        let hir::type_ref::TypeBase::Path(p) = &t.base else {
            return None;
        };
        let name = p.as_name()?;
        let mut types = (0..self.body.locals.len())
            .filter(|&i| self.body.locals[i].name == name)
            .map(|i| self.infer.type_of_local(LocalId(i as u32)).cloned());
        let first = types.next()??;
        let same = types.all(|t| t.as_ref() == Some(&first));
        // `sizeof(arr[0])` parses as the type `arr` with a dimension: an element.
        same.then(|| crate::local_types::indexed_type(first, t.dims.len()))
            .flatten()
    }

    /// `e` for its value; a void call is an error here.
    pub fn rvalue(&mut self, e: ExprId) -> R<Value> {
        match self.lower_expr(e)? {
            Some(v) => Ok(v),
            None => Err(self.unsupported("using the result of a void call", e)),
        }
    }

    /// An index converted to `int` (or kept `uint`).
    pub fn index_value(&mut self, index: ExprId) -> R<Value> {
        let t = self.ty(index)?;
        let to = if t.scalar_kind() == Some(ScalarKind::Uint) && !self.infer.is_literal(index) {
            Type::UINT
        } else {
            Type::INT
        };
        self.coerce(index, &to)
    }

    /// The spec constant a name reads, when it names a `[[vk::constant_id]]` global.
    fn spec_value(&mut self, e: ExprId) -> Option<R<Value>> {
        let Some(hir::Resolution::Global(ast)) = self.infer.resolution(e) else {
            return None;
        };
        let idx = self.cx.tree.by_ast(*ast)?;
        self.cx.spec_constant_for(idx)
    }

    /// A field of the method's object (`x` for `this.x`).
    fn member_of_this(&mut self, e: ExprId, path: &hir::type_ref::Path) -> R<Place> {
        let Some(this) = self.this else {
            return Err(self.unsupported("a member outside a method", e));
        };
        let ty = self.type_of(this);
        let field = match (ty.pointee(), path.as_name()) {
            (Some((_, Type::Struct(s))), Some(n)) => s.field_index(n),
            _ => None,
        };
        let Some(i) = field else {
            return Err(self.unsupported("this member", e));
        };
        let i = self.fb().int(i as i32);
        Ok(Place::Ptr(self.fb().access_chain(this, &[i])))
    }

    /// The value of an enumerator, a constant of the expression's type.
    fn enumerator_value(&mut self, e: ExprId, ast: hir::AstId) -> R<Value> {
        let ty = self.ty(e)?;
        let value = self.cx.tree.by_ast(ast).and_then(|idx| {
            hir::lower_type::TypeCtx::inside(&self.cx.tree, &self.cx.scope, idx).item_value(idx)
        });
        match (value, ty) {
            (Some(v), Type::Scalar(k)) => {
                let c = crate::user_call::const_value(v, k);
                Ok(self.fb().constant(c))
            }
            _ => Err(self.unsupported("this enumerator", e)),
        }
    }

    /// Whether `e` denotes memory (and can be lowered as a [`Place`] without effects).
    /// Whether `e`, a cast of `inner`, casts a resource to its own type.
    fn is_resource_self_cast(&self, e: ExprId, inner: ExprId) -> bool {
        let (Some(to), Some(from)) = (self.infer.type_of_expr(e), self.infer.type_of_expr(inner))
        else {
            return false;
        };
        to == from && matches!(to, Type::Resource(_)) && self.is_place_expr(inner)
    }

    pub fn is_place_expr(&self, e: ExprId) -> bool {
        match self.body.expr(e) {
            Expr::Path(_) => !matches!(
                self.infer.resolution(e),
                Some(
                    hir::Resolution::Enumerator(_)
                        | hir::Resolution::TemplateValue(_)
                        | hir::Resolution::LocalEnumerator(_)
                        | hir::Resolution::BuiltinConstant(_)
                )
            ),
            Expr::Local(_) => true,
            Expr::Paren(i) => self.is_place_expr(*i),
            // `(Texture2D)t`: a resource cast to its own type is the resource.
            Expr::Cast { expr, .. } => self.is_resource_self_cast(e, *expr),
            // `c ? A : B` of resources: one of them, chosen at compile time
            // (`resource_choice`).
            Expr::Conditional { .. } => self.holds_resources(e),
            // `x = y = tex`: the left side, once assigned (`resource_assign`).
            Expr::Binary { .. } => self.is_resource_assignment(e),
            // A call returning a struct holding resources: a temporary (`resource_structs`).
            Expr::Call { .. } | Expr::MethodCall { .. } => {
                self.infer.type_of_expr(e).is_some_and(|t| {
                    crate::resource_structs::split_type(t).is_some()
                        || crate::resource_array_args::resource_array_len(t).is_some()
                        || matches!(t, Type::Resource(_))
                            && crate::resources::resource_of(t).is_some()
                })
            }
            Expr::Field { .. } if self.names_member_global(e) => true,
            Expr::Field { expr, .. } => self.is_place_expr(*expr),
            // `a[i]` calling `a`'s `operator[]` gives a value.
            Expr::Index { .. } if self.infer.resolution(e).is_some() => false,
            Expr::Index { base, .. } => {
                // `tex.sample[s][p]` is a load, not memory.
                let property = matches!(self.body.expr(*base),
                    Expr::Index { base: b, .. } if matches!(self.body.expr(*b),
                        Expr::Field { name, .. } if name == "sample" || name == "mips"));
                // `v.wyxz[i]` reads a component of a swizzled value (not of memory).
                let swizzle = matches!(self.body.expr(*base),
                    Expr::Field { expr, .. } if matches!(self.infer.type_of_expr(*expr),
                        Some(Type::Vector(..) | Type::Scalar(_))));
                !property && !swizzle && self.is_place_expr(*base)
            }
            _ => false,
        }
    }

    /// The place `e` denotes.
    pub fn lvalue(&mut self, e: ExprId) -> R<Place> {
        if let Some(p) = self.resource_local_place(e) {
            return p;
        }
        if let Some(p) = self.mesh_output_place(e) {
            return p;
        }
        match self.body.expr(e).clone() {
            Expr::Local(l) => {
                let at = self.expr_range(e);
                Ok(Place::Ptr(self.local_ptr_at(l, at)?))
            }
            Expr::Paren(i) => self.lvalue(i),
            Expr::Cast { expr, .. } if self.is_resource_self_cast(e, expr) => self.lvalue(expr),
            Expr::Cast { expr, .. } if self.is_place_cast(e, expr) => self.cast_place(e, expr),
            Expr::Path(path) => {
                if let (Some("this"), Some(this)) = (path.as_name(), self.this) {
                    return Ok(Place::Ptr(this));
                }
                let idx = match self.infer.resolution(e).cloned() {
                    Some(hir::Resolution::Global(ast)) => self.cx.tree.by_ast(ast),
                    Some(hir::Resolution::Member) => return self.member_of_this(e, &path),
                    _ => path
                        .as_name()
                        .and_then(|n| self.cx.lookup_value(self.item, n).first().copied()),
                };
                let Some(idx) = idx else {
                    return Err(self.unsupported("this name", e));
                };
                if !matches!(self.cx.tree.item(idx).kind, ItemKind::Variable(_)) {
                    return Err(self.unsupported("this kind of name in an expression", e));
                }
                let at = self.expr_range(e);
                crate::shader_record::check_use(self.cx, self.item, idx, at)?;
                match self.cx.global_for(idx)? {
                    GlobalRef::Var(g) => Ok(Place::Ptr(Value::Global(g))),
                    GlobalRef::CBufferMember(g, m) => {
                        let idx = self.fb().int(m as i32);
                        Ok(Place::Ptr(self.fb().access_chain(Value::Global(g), &[idx])))
                    }
                }
            }
            // A zero-length array member holds nothing (`empty_arrays`).
            Expr::Field { .. } if self.is_empty_value(e) => {
                let range = self.expr_range(e);
                Err(self.empty_element_error(range))
            }
            // A static member through an instance (`t.M`) is the static global, as `T::M`.
            Expr::Field { .. } if self.names_member_global(e) => self.member_global(e),
            Expr::Field { expr, name } => {
                let base = self.lvalue(expr)?;
                if let Place::Pointee(ptr, path) = base {
                    return self.pointee_member(e, ptr, path, &name);
                }
                let bt = self.place_type(&base);
                match (&bt, &base) {
                    // A base's fields are the derived struct's first (`((B)d).a`).
                    (Type::Struct(s), Place::Ptr(p) | Place::Base(p, _)) => {
                        let Some(i) = s.field_index(&name) else {
                            return Err(self.unsupported("this member", e));
                        };
                        let precise = crate::attrs::field_is_precise(self.cx, &s.name, &name);
                        let width = s.fields[i].bit_width;
                        let i = self.fb().int(i as i32);
                        let field = self.fb().access_chain(*p, &[i]);
                        if precise {
                            self.precise_fields.push(field);
                        }
                        if let Some(w) = width {
                            self.bit_fields.push((field, w));
                        }
                        Ok(Place::Ptr(field))
                    }
                    (Type::Vector(..) | Type::Scalar(_), _) => match swizzle_components(&name) {
                        Some(c) => Ok(Place::Swizzle(Box::new(base), c)),
                        None => Err(self.unsupported("this member", e)),
                    },
                    (&Type::Matrix { rows, cols, .. }, _) => {
                        let elements = matrix_swizzle(&name, rows, cols)
                            .map_err(|_| self.unsupported("this matrix member", e))?;
                        Ok(Place::MatrixSwizzle(Box::new(base), elements))
                    }
                    // `.sample[s][c]` is handled where it is indexed; `.mips` reads only.
                    _ if name == "sample" || name == "mips" => Err(self
                        .unsupported(&format!("writing one texel through `.{name}[..][..]`"), e)),
                    _ => Err(self.unsupported("this member access", e)),
                }
            }
            Expr::Index { base, index } => {
                if let Some(place) = self.sample_texel_place(base, index, e) {
                    return place;
                }
                let b = self.lvalue(base)?;
                if let Place::Pointee(ptr, path) = b {
                    return self.pointee_element(e, ptr, path, index);
                }
                if let Place::Swizzle(inner, comps) = b {
                    // `v.wyxz[1] = x`: one component of the swizzle.
                    let n = self.const_int(index).and_then(|n| usize::try_from(n).ok());
                    return match n.and_then(|n| comps.get(n)) {
                        Some(&c) => Ok(Place::Swizzle(inner, vec![c])),
                        None if n.is_none() => {
                            self.run_time_swizzle_element(*inner, &comps, index, e)
                        }
                        None => Err(self
                            .unsupported("assigning through a run-time index into a swizzle", e)),
                    };
                }
                if matches!(b, Place::Texel { .. }) {
                    // `tex[c][2] = x`: one component of a vector texel, written as `.z`.
                    let n = self.const_int(index).and_then(|n| u8::try_from(n).ok());
                    return match (self.place_type(&b), n) {
                        (Type::Vector(_, len), Some(k)) if k < len => {
                            Ok(Place::Swizzle(Box::new(b), vec![k]))
                        }
                        // `tex[c][i] = x`: the texel's component `i`, written through the
                        // whole texel (`Place::Component`).
                        (Type::Vector(..), None) => {
                            let i = self.coerce(index, &Type::INT)?;
                            Ok(Place::Component(Box::new(b), i))
                        }
                        _ => {
                            Err(self
                                .unsupported("assigning through a run-time index into a texel", e))
                        }
                    };
                }
                let Place::Ptr(ptr) = b else {
                    return Err(self.unsupported("indexing this value", e));
                };
                let pointee = self.type_of(ptr).pointee().map(|(_, t)| t.clone());
                match pointee {
                    Some(Type::Resource(r)) => match &*r {
                        ResourceType::StructuredBuffer { .. } => {
                            let i = self.index_value(index)?;
                            Ok(Place::Ptr(self.fb().access_chain(ptr, &[i])))
                        }
                        ResourceType::TypedBuffer { .. } | ResourceType::Texture { .. } => {
                            // The coordinate has the texture's count of components: DXC
                            // truncates a longer index (`tex2d[uint3]`, with W2001) and
                            // splats a scalar one.
                            let n = match &*r {
                                ResourceType::Texture { dim, .. } => dim.coordinate_count(),
                                _ => 1,
                            };
                            let to = if n == 1 {
                                Type::UINT
                            } else {
                                Type::Vector(ScalarKind::Uint, n)
                            };
                            let coord = self.coerce(index, &to)?;
                            Ok(Place::Texel {
                                resource: ptr,
                                coord,
                                sample: None,
                            })
                        }
                        _ => Err(self.unsupported("indexing this resource", e)),
                    },
                    Some(Type::Array { .. } | Type::Vector(..) | Type::Matrix { .. }) => {
                        let i = self.index_value(index)?;
                        Ok(Place::Ptr(self.fb().access_chain(ptr, &[i])))
                    }
                    _ => Err(self.unsupported("indexing this value", e)),
                }
            }
            Expr::Prefix {
                op: op @ (PrefixOp::PreInc | PrefixOp::PreDec),
                expr,
            } => Ok(self.pre_increment(op, expr)?.0),
            // `(d += c) = x`: the assignment, then its left side (an lvalue as in C++). A
            // left side without effects is lowered as an assignment and named again (the
            // special assignments of `lower_expr` stay theirs); one with effects
            // (`(a[i++] = 1) += 2`) has its place found once, stored to and handed on.
            Expr::Binary {
                op: BinaryOp::Assign { op },
                lhs,
                rhs,
            } if !self.is_resource_assignment(e) => {
                if self.is_pure(lhs) {
                    self.lower_expr(e)?;
                    return self.lvalue(lhs);
                }
                let p = self.lvalue(lhs)?;
                self.assign_place(&p, op, rhs, e)?;
                Ok(p)
            }
            Expr::Conditional { .. }
                if self
                    .ty(e)
                    .is_ok_and(|t| crate::resources::resource_of(&t).is_some()) =>
            {
                Err(self.unsupported(
                    "a `?:` choosing between resources: the resource a use names would depend \
                     on a run-time condition, and Vulkan needs each use to name one resource",
                    e,
                ))
            }
            Expr::MethodCall {
                receiver,
                name,
                args,
            } => match self.buffer_pointer_get(e, receiver, &name, &args) {
                Some(place) => place,
                None => Err(self.unsupported("assigning to this expression", e)),
            },
            _ => Err(self.unsupported("assigning to this expression", e)),
        }
    }

    /// `tex.sample[s][coord]` as a place (`base` is `tex.sample[s]`, `index` the coordinate):
    /// one sample of a texel of a multisampled storage texture. `None` when `base` is not
    /// a `.sample[..]`.
    fn sample_texel_place(&mut self, base: ExprId, index: ExprId, e: ExprId) -> Option<R<Place>> {
        let Expr::Index {
            base: property,
            index: sample,
        } = self.body.expr(base).clone()
        else {
            return None;
        };
        let Expr::Field { expr: tex, name } = self.body.expr(property).clone() else {
            return None;
        };
        if name != "sample" {
            return None;
        }
        Some((|| {
            let Place::Ptr(ptr) = self.lvalue(tex)? else {
                return Err(self.unsupported("indexing this value", e));
            };
            let resource = self
                .type_of(ptr)
                .pointee()
                .and_then(|(_, t)| t.as_resource().cloned());
            let dims = match resource {
                Some(ResourceType::Texture { dim, access, .. })
                    if dim.is_multisampled() && access.is_writable() =>
                {
                    dim.coordinate_count()
                }
                _ => {
                    return Err(self.unsupported(
                        "writing one texel through `.sample[..][..]` of this resource",
                        e,
                    ))
                }
            };
            let to = if dims == 1 {
                Type::UINT
            } else {
                Type::Vector(ScalarKind::Uint, dims)
            };
            let sample = self.coerce(sample, &Type::UINT)?;
            let coord = self.coerce(index, &to)?;
            Ok(Place::Texel {
                resource: ptr,
                coord,
                sample: Some(sample),
            })
        })())
    }

    fn lower_prefix(&mut self, e: ExprId, op: PrefixOp, expr: ExprId) -> R<Value> {
        let ty = self.ty(e)?;
        Ok(match op {
            PrefixOp::Neg => {
                let v = self.coerce(expr, &ty)?;
                self.fb().unary(Opcode::Neg, v)
            }
            PrefixOp::Plus => self.coerce(expr, &ty)?,
            PrefixOp::Not => {
                let v = self.coerce(expr, &ty)?;
                self.fb().unary(Opcode::LogicalNot, v)
            }
            PrefixOp::BitNot => {
                let v = self.coerce(expr, &ty)?;
                self.fb().unary(Opcode::BitNot, v)
            }
            PrefixOp::PreInc | PrefixOp::PreDec => self.pre_increment(op, expr)?.1,
        })
    }

    /// `++x` or `--x`: stores the new value and returns the place of `x` (a prefix increment
    /// is an lvalue in HLSL, as in C++: `f(++a[0])` passes `a[0]` to an `out` parameter) with
    /// the new value.
    fn pre_increment(&mut self, op: PrefixOp, expr: ExprId) -> R<(Place, Value)> {
        let p = self.lvalue(expr)?;
        let old = self.load_place(&p)?;
        let t = self.type_of(old);
        let one = self.one_of(&t);
        let opc = if op == PrefixOp::PreInc {
            Opcode::Add
        } else {
            Opcode::Sub
        };
        let new = self.fb().binary(opc, old, one);
        self.store_place(&p, new)?;
        Ok((p, new))
    }

    fn operand_type(&mut self, lhs: ExprId, rhs: ExprId, e: ExprId) -> R<Type> {
        let (a, b) = (self.ty(lhs)?, self.ty(rhs)?);
        let (al, bl) = (self.infer.is_literal(lhs), self.infer.is_literal(rhs));
        match common_type(&a, al, &b, bl) {
            Some(t) => Ok(t),
            None => Err(self.unsupported(&format!("operators on {a} and {b}"), e)),
        }
    }

    fn lower_binary(
        &mut self,
        e: ExprId,
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    ) -> R<Option<Value>> {
        if let Some(hir::Resolution::Function {
            function,
            template_args,
        }) = self.infer.resolution(e).cloned()
        {
            // `a + b` calling `a`'s `operator+` (HLSL 2021).
            let object = Some(crate::user_call::Receiver::Object(lhs));
            return self.lower_user_call(e, function, &template_args, object, &[rhs]);
        }
        let v = match op {
            BinaryOp::Arith(a) => {
                let ty = self.ty(e)?;
                if !matches!(ty, Type::Scalar(_) | Type::Vector(..) | Type::Matrix { .. }) {
                    return Err(self.unsupported(&format!("arithmetic on {ty}"), e));
                }
                let l = self.coerce(lhs, &ty)?;
                let r = self.coerce(rhs, &ty)?;
                self.fb().binary(arith_opcode(a), l, r)
            }
            BinaryOp::Cmp(c) => {
                let ty = self.operand_type(lhs, rhs, e)?;
                let l = self.coerce(lhs, &ty)?;
                let r = self.coerce(rhs, &ty)?;
                self.fb().compare(cmp_opcode(c), l, r)
            }
            BinaryOp::Logic(l) => {
                let ty = self.ty(e)?;
                if ty == Type::BOOL && self.short_circuits() {
                    self.short_circuit(l, lhs, rhs)?
                } else {
                    let a = self.coerce(lhs, &ty)?;
                    let b = self.coerce(rhs, &ty)?;
                    let opc = if l == LogicOp::And {
                        Opcode::LogicalAnd
                    } else {
                        Opcode::LogicalOr
                    };
                    self.fb().binary(opc, a, b)
                }
            }
            BinaryOp::Assign { op } => {
                if op.is_none() && self.assign_string(lhs, rhs) {
                    return Ok(None);
                }
                if let Some(ty) = self.infer.type_of_expr(lhs).cloned() {
                    if let Some(r) = self.ray_query_copy(&ty, e) {
                        return r.map(|_| None);
                    }
                }
                if let Some(r) = self.assign_empty(lhs, rhs) {
                    r?;
                    return Ok(None);
                }
                if op.is_none() {
                    // A resource local or member: rebound (`resource_structs`).
                    if let Some(r) = self.assign_resource(lhs, rhs) {
                        r?;
                        return Ok(None);
                    }
                }
                let p = self.lvalue(lhs)?;
                self.assign_place(&p, op, rhs, e)?
            }
            BinaryOp::Comma => {
                self.lower_effect(lhs)?;
                return self.lower_expr(rhs);
            }
        };
        Ok(Some(v))
    }

    /// Stores `rhs` (or, for a compound assignment, the old value `op` the right side) at
    /// the place `p` the assignment `e` names, and gives the value stored.
    pub(crate) fn assign_place(
        &mut self,
        p: &Place,
        op: Option<ArithOp>,
        rhs: ExprId,
        e: ExprId,
    ) -> R<Value> {
        let ty = self.place_type(p);
        if crate::resources::resource_of(&ty).is_some() {
            return Err(self.unsupported("assigning a resource", e));
        }
        let v = match op {
            None => self.coerce(rhs, &ty)?,
            Some(a) => {
                let old = self.load_place(p)?;
                let opty = if matches!(a, ArithOp::Shl | ArithOp::Shr) {
                    ty.clone()
                } else {
                    let rt = self.ty(rhs)?;
                    let rl = self.infer.is_literal(rhs);
                    common_type(&ty, false, &rt, rl).unwrap_or(ty.clone())
                };
                let opty = match (&ty, &opty) {
                    // The result is stored back: keep the place's shape.
                    (Type::Vector(_, n), _) => opty
                        .with_scalar_kind(opty.scalar_kind().unwrap_or(ScalarKind::Float))
                        .map(|t| match t {
                            Type::Scalar(k) | Type::Vector(k, _) => Type::Vector(k, *n),
                            t => t,
                        })
                        .unwrap_or(ty.clone()),
                    // `m *= 0.5` on an `int2x2` computes in `float2x2` and
                    // converts back, as for vectors (it was computed in `int`).
                    (Type::Matrix { .. }, _) => opty
                        .scalar_kind()
                        .and_then(|k| ty.with_scalar_kind(k))
                        .unwrap_or(ty.clone()),
                    (Type::Scalar(_), _) => {
                        Type::Scalar(opty.scalar_kind().unwrap_or(ScalarKind::Float))
                    }
                    _ => return Err(self.unsupported(&format!("compound assignment to {ty}"), e)),
                };
                // `b |= c` on bools computes in `int`, as HLSL promotes bool
                // operands of arithmetic and bitwise operators.
                let opty = match opty.scalar_kind() {
                    Some(ScalarKind::Bool) => {
                        opty.with_scalar_kind(ScalarKind::Int).unwrap_or(opty)
                    }
                    _ => opty,
                };
                let old = self.convert_value(old, &ty, &opty, e)?;
                let r = self.coerce(rhs, &opty)?;
                let n = self.fb().binary(arith_opcode(a), old, r);
                self.convert_value(n, &opty, &ty, e)?
            }
        };
        self.store_place(p, v)?;
        Ok(v)
    }

    /// `a && b` / `a || b` on scalars: `b` runs only when it decides the result.
    fn short_circuit(&mut self, op: LogicOp, lhs: ExprId, rhs: ExprId) -> R<Value> {
        let a = self.coerce(lhs, &Type::BOOL)?;
        let header = self.current.expect("reachable");
        let rhs_b = self.new_block("logic.rhs");
        let merge = self.new_block("logic.merge");
        self.cx
            .mb
            .function(self.func)
            .mark_selection(header, merge, None);
        let short = self.fb().bool(op == LogicOp::Or);
        if op == LogicOp::And {
            self.cond_br(a, rhs_b, merge);
        } else {
            self.cond_br(a, merge, rhs_b);
        }
        self.switch_to(rhs_b);
        let b = self.coerce(rhs, &Type::BOOL)?;
        let rhs_end = self.current.expect("reachable");
        self.br(merge);
        self.switch_to(merge);
        Ok(self.fb().phi(Type::BOOL, &[(short, header), (b, rhs_end)]))
    }

    /// `cond ? then : otherwise` with every operand evaluated, chosen per component: a
    /// `select` (one per row for matrices). Also HLSL 2021's `select(cond, then, otherwise)`.
    pub(crate) fn select_values(
        &mut self,
        cond: ExprId,
        then: ExprId,
        otherwise: ExprId,
        ty: &Type,
    ) -> R<Value> {
        let ct = self.ty(cond)?;
        if let (Type::Matrix { .. }, &Type::Matrix { rows, cols, .. }) = (&ct, ty) {
            // A matrix condition chooses per component: one select per row.
            let cty = Type::matrix_with(ScalarKind::Bool, rows, cols, Default::default());
            let c = self.coerce(cond, &cty)?;
            let a = self.coerce(then, ty)?;
            let b = self.coerce(otherwise, ty)?;
            let selected: Vec<Value> = (0..u32::from(rows))
                .map(|r| {
                    let (cr, ar, br) = (
                        self.fb().extract(c, &[r]),
                        self.fb().extract(a, &[r]),
                        self.fb().extract(b, &[r]),
                    );
                    self.fb().select(cr, ar, br)
                })
                .collect();
            return Ok(self.fb().construct(ty.clone(), &selected));
        }
        let cty = match (&ct, ty) {
            (Type::Vector(..), Type::Vector(_, n)) => Type::Vector(ScalarKind::Bool, *n),
            _ => Type::BOOL,
        };
        let c = self.coerce(cond, &cty)?;
        let a = self.coerce(then, ty)?;
        let b = self.coerce(otherwise, ty)?;
        Ok(self.fb().select(c, a, b))
    }

    /// HLSL 2021 and later (or `-enable-short-circuit`): `&&`, `||` and `?:` evaluate their
    /// second operand only when it decides the result. Before (`-HV 2016`, `-HV 2018`) they
    /// evaluate every operand.
    fn short_circuits(&self) -> bool {
        self.cx.config.preprocess(self.cx.db).short_circuits()
    }

    /// Whether evaluating `e` has no effects (no calls, assignments or increments).
    pub(crate) fn is_pure(&self, e: ExprId) -> bool {
        let own = match self.body.expr(e) {
            // Constructors, and intrinsics without effects (not atomics, barriers, wave or
            // quad operations, `clip`...); user functions may have effects.
            Expr::Call { callee, .. } => match self.body.expr(*callee) {
                Expr::Path(p) if self.infer.resolution(e).is_none() => p
                    .as_name()
                    .is_some_and(|n| Type::from_hlsl_name(n).is_some() || pure_intrinsic(n)),
                _ => false,
            },
            Expr::MethodCall { .. } | Expr::Postfix { .. } => false,
            Expr::Prefix { op, .. } => !matches!(op, PrefixOp::PreInc | PrefixOp::PreDec),
            Expr::Binary { op, .. } => !matches!(op, BinaryOp::Assign { .. }),
            _ => true,
        };
        own && self.body.children(e).into_iter().all(|c| self.is_pure(c))
    }

    /// `v.zyx[i]` of a vector: the component `i` picks among the swizzle's, chosen by
    /// `select`s, then a pointer to it (in memory) or that component of the whole vector
    /// (a texel, `Place::Component`).
    fn run_time_swizzle_element(
        &mut self,
        inner: Place,
        comps: &[u8],
        index: ExprId,
        e: ExprId,
    ) -> R<Place> {
        if !matches!(self.place_type(&inner), Type::Vector(..)) {
            return Err(self.unsupported("assigning through a run-time index into a swizzle", e));
        }
        let i = self.coerce(index, &Type::INT)?;
        let Some((&last, rest)) = comps.split_last() else {
            return Err(self.unsupported("indexing this value", e));
        };
        let mut component = self.fb().int(i32::from(last));
        for (n, &c) in rest.iter().enumerate().rev() {
            let at = self.fb().int(n as i32);
            let here = self.fb().compare(Opcode::Eq, i, at);
            let c = self.fb().int(i32::from(c));
            component = self.fb().select(here, c, component);
        }
        Ok(match inner {
            Place::Ptr(ptr) => Place::Ptr(self.fb().access_chain(ptr, &[component])),
            // A vector that is no memory (a texel): through the whole vector.
            inner => Place::Component(Box::new(inner), component),
        })
    }

    fn lower_conditional(
        &mut self,
        e: ExprId,
        cond: ExprId,
        then: ExprId,
        otherwise: ExprId,
    ) -> R<Value> {
        let ty = self.ty(e)?;
        // Before HLSL 2021 both values are evaluated, whatever the condition.
        let evaluate_both = !self.short_circuits()
            && matches!(ty, Type::Scalar(_) | Type::Vector(..) | Type::Matrix { .. });
        // A struct or array is chosen by control flow: SPIR-V before 1.4 selects scalars and
        // vectors only, and a `phi` of any type is valid everywhere.
        let selectable = !matches!(ty, Type::Struct(_) | Type::Array { .. });
        let pure = self.is_pure(then) && self.is_pure(otherwise);
        if evaluate_both || (pure && selectable) {
            return self.select_values(cond, then, otherwise, &ty);
        }
        let c = self.coerce(cond, &Type::BOOL)?;
        let header = self.current.expect("reachable");
        let (then_b, else_b, merge) = self.open_conditional(header, c);
        self.switch_to(then_b);
        let a = self.coerce(then, &ty)?;
        let a_end = self.current.expect("reachable");
        self.br(merge);
        self.switch_to(else_b);
        let b = self.coerce(otherwise, &ty)?;
        let b_end = self.current.expect("reachable");
        self.br(merge);
        self.switch_to(merge);
        Ok(self.fb().phi(ty, &[(a, a_end), (b, b_end)]))
    }
}

/// Whether intrinsic `name` only computes a value: evaluating it when its result is not used
/// changes nothing (so a `?:` choosing between such calls can be a `select`).
fn pure_intrinsic(name: &str) -> bool {
    const EFFECTS: &[&str] = &[
        "Interlocked",
        "Wave",
        "Quad",
        "Process",
        "Barrier",
        "GroupSync",
    ];
    !EFFECTS.iter().any(|p| name.contains(p))
        && !matches!(
            name,
            "clip" | "abort" | "printf" | "errorf" | "CallShader" | "TraceRay" | "ReportHit"
        )
}
