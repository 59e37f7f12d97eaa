//! Inference of expressions other than calls: literals, names, operators, member access and
//! swizzles, indexing, casts, initializer lists, and the lvalue rules of assignment.

use syntax::ast::{ArithOp, BinaryOp, CmpOp, LogicOp, PrefixOp};
use types::{ResourceType, ScalarKind, StructuredKind, Type};

use super::enums;
use super::ops::{self, Operand, Swizzle};
use super::{BodyNode, FunctionSignature, InferCtx, Resolution, ValueRes};
use crate::body::{Expr, ExprId, Literal};
use crate::builtin_consts::builtin_constant_at;
use crate::codes;
use crate::ids::FunctionId;
use crate::item_tree::{ItemIdx, ItemKind};
use crate::lower_type::TemplateArg;
use crate::type_ref::{FloatSuffix, IntSuffix, Path};

/// Whether an expression can be assigned to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    Mutable,
    Const,
    Rvalue,
}

impl InferCtx<'_> {
    pub(super) fn infer_expr(&mut self, id: ExprId) -> Option<Type> {
        self.infer_expr_expecting(id, None)
    }

    /// Infers `id`; `expected` is the type an initializer list initializes.
    pub(super) fn infer_expr_expecting(
        &mut self,
        id: ExprId,
        expected: Option<&Type>,
    ) -> Option<Type> {
        let expr = self.body.expr(id).clone();
        match expr {
            Expr::Missing => self.set(id, None, false),
            Expr::Literal(lit) => {
                let (ty, literal) = match lit {
                    // DXC's literal int is 64-bit: one past `int`'s range is a 64-bit
                    // literal, so that `c ? 3000000000 : 1` and `3000000000 + 1` keep the value.
                    Literal::Int(v, IntSuffix::None) => (Some(literal_int_type(v)), true),
                    Literal::Int(_, IntSuffix::Unsigned) => (Some(Type::UINT), false),
                    Literal::Int(_, IntSuffix::Long) => {
                        (Some(Type::Scalar(ScalarKind::Int64)), false)
                    }
                    Literal::Int(_, IntSuffix::UnsignedLong) => {
                        (Some(Type::Scalar(ScalarKind::Uint64)), false)
                    }
                    Literal::Float(_, FloatSuffix::None) => (Some(Type::FLOAT), true),
                    Literal::Float(_, FloatSuffix::Float) => (Some(Type::FLOAT), false),
                    Literal::Float(_, FloatSuffix::Half) => {
                        (Some(self.tcx.native(Type::Scalar(ScalarKind::Half))), false)
                    }
                    Literal::Float(_, FloatSuffix::Double) => {
                        (Some(Type::Scalar(ScalarKind::Double)), false)
                    }
                    Literal::Bool(_) => (Some(Type::BOOL), false),
                    Literal::String => (None, false),
                };
                self.set(id, ty, literal)
            }
            Expr::Local(l) => {
                let ty = self.result.local_types[l.0 as usize].clone();
                self.resolutions.insert(id, ValueRes::Local);
                self.set(id, ty, false)
            }
            Expr::Path(path) => {
                let ty = self.infer_path(id, &path);
                self.set(id, ty, false)
            }
            Expr::Paren(inner) => {
                let ty = self.infer_expr_expecting(inner, expected);
                let lit = self.result.is_literal(inner);
                self.set(id, ty, lit)
            }
            Expr::Binary { op, lhs, rhs } => self.infer_binary(id, op, lhs, rhs),
            Expr::Prefix { op, expr } => self.infer_prefix(id, op, expr),
            Expr::Postfix { expr, op } => {
                let ty = self.infer_expr(expr);
                let increment = op == syntax::ast::PostfixOp::PostInc;
                if ty.as_ref().is_some_and(|t| {
                    self.enum_step(id, t, increment) || self.bool_lvalue_op(id, t, None)
                }) {
                    return self.set(id, None, false);
                }
                self.check_assignable(expr);
                self.set(id, ty, false)
            }
            Expr::Conditional {
                cond,
                then,
                otherwise,
            } => {
                self.infer_condition(cond);
                if self.short_circuits() && self.is_multi_component(cond) {
                    self.diag(
                        codes::INVALID_OPERANDS,
                        BodyNode::Expr(cond),
                        "condition for short-circuiting ternary operator must be scalar, for \
                         non-scalar types use 'select' (HLSL 2021; `-HV 2018` chooses per \
                         component)"
                            .into(),
                    );
                }
                let a = self.infer_expr_expecting(then, expected);
                let b = self.infer_expr_expecting(otherwise, expected);
                let (Some(mut a), Some(mut b)) = (a, b) else {
                    return self.set(id, None, false);
                };
                // A plain enum with an integer literal keeps the enum (the literal adapts, as
                // in arithmetic); other arms of two types meet as numbers, a plain enum as its
                // underlying integer.
                let (oa, ob) = (self.operand(then), self.operand(otherwise));
                if let Some(t) = oa.zip(ob).and_then(|(x, y)| enums::same_enum_result(x, y)) {
                    return self.set(id, Some(t), false);
                }
                if a != b {
                    for t in [&mut a, &mut b] {
                        if let Type::Enum(e) = &*t {
                            if !e.scoped {
                                *t = Type::Scalar(e.underlying);
                            }
                        }
                    }
                }
                let (la, lb) = (
                    self.result.is_literal(then),
                    self.result.is_literal(otherwise),
                );
                match (a.scalar_kind(), b.scalar_kind()) {
                    (Some(ka), Some(kb)) => {
                        let (k, lit) = ops::common_scalar(ka, la, kb, lb);
                        let shape = ops::common_shape(&a, &b, k).map(|(t, _)| t);
                        self.set(id, shape, lit)
                    }
                    _ if a == b => self.set(id, Some(a), false),
                    _ => {
                        self.diag(
                            codes::TYPE_MISMATCH,
                            BodyNode::Expr(id),
                            format!("the branches of `?:` have different types: `{a}` and `{b}`"),
                        );
                        self.set(id, None, false)
                    }
                }
            }
            Expr::Call { callee, args } => self.infer_call(id, callee, &args),
            Expr::MethodCall {
                receiver,
                name,
                args,
            } => self.infer_method_call(id, receiver, &name, &args),
            Expr::Field { expr, name } => self.infer_field(id, expr, &name),
            Expr::Index { base, index } => self.infer_index(id, base, index),
            Expr::Cast { ty, expr } => {
                let target = self.resolve_type(&ty, BodyNode::Expr(id));
                let from = self.infer_expr_expecting(expr, target.as_ref());
                if let (Some(from), Some(to)) = (&from, &target) {
                    let resource = |t: &Type| matches!(t, Type::Resource(_));
                    // `(T)cb` reads a `ConstantBuffer<T>` as its `T`, as the implicit
                    // conversion does.
                    let reads_buffer_view = ops::buffer_view_element(from).is_some()
                        && !resource(to)
                        && ops::conversion(&Operand::of(from.clone()), to)
                            != ops::Conversion::Incompatible;
                    if (resource(from) || resource(to)) && from != to && !reads_buffer_view {
                        self.diag(
                            codes::TYPE_MISMATCH,
                            BodyNode::Expr(id),
                            format!("cannot cast from `{from}` to `{to}`"),
                        );
                    } else if ops::buffer_pointer_cast_refused(from, to) {
                        self.diag(
                            codes::TYPE_MISMATCH,
                            BodyNode::Expr(id),
                            format!(
                                "cannot convert from `{from}` to `{to}`: a buffer pointer \
                                 converts only to and from a scalar (its `uint64_t` address)"
                            ),
                        );
                    } else if !ops::explicit_cast_shapes(from, to) {
                        self.diag(
                            codes::TYPE_MISMATCH,
                            BodyNode::Expr(id),
                            format!("cannot convert from `{from}` to `{to}`"),
                        );
                    }
                }
                self.set(id, target, false)
            }
            Expr::InitList(items) => {
                // Nested lists initialize one element or field each, when the counts agree.
                let nested: Vec<Option<Type>> = match expected {
                    Some(Type::Array { element, len })
                        if len.is_none_or(|l| l as usize == items.len()) =>
                    {
                        vec![Some((**element).clone()); items.len()]
                    }
                    Some(Type::Struct(s)) if s.fields.len() == items.len() => {
                        s.fields.iter().map(|f| Some(f.ty.clone())).collect()
                    }
                    _ => vec![None; items.len()],
                };
                self.nested_init_lists += 1;
                for (&i, want) in items.iter().zip(&nested) {
                    self.infer_expr_expecting(i, want.as_ref());
                }
                self.nested_init_lists -= 1;
                // `{ { 1, 2, 3, 4 }, { 5, 6 } }` for two `float3`s: braces inside a list do
                // not split its components (DXC flattens them), so only the outermost list
                // is counted.
                let outermost = self.nested_init_lists == 0;
                if let Some(target) = expected.filter(|_| outermost) {
                    if let (Some(want), Some(have)) =
                        (ops::flat_count_objects(target), self.init_list_count(id))
                    {
                        let unsized_ok = matches!(target, Type::Array { len: None, .. });
                        if want != have && !unsized_ok {
                            self.diag(
                                codes::COMPONENT_COUNT,
                                BodyNode::Expr(id),
                                format!("initializer list has {have} component(s), `{target}` needs {want}"),
                            );
                        }
                    }
                }
                self.set(id, expected.cloned(), false)
            }
            // `sizeof(x)` where `x` is a variable parses as a type; the result is a `uint`
            // either way.
            // FIXME: check that the type exists once `sizeof(name)` is told apart.
            Expr::SizeOf { expr, ty } => {
                if let Some(e) = expr {
                    self.infer_expr(e);
                    if self.is_bit_field(e) {
                        self.diag(
                            codes::BIT_FIELD,
                            BodyNode::Expr(id),
                            "invalid application of 'sizeof' to bit-field".into(),
                        );
                    }
                }
                self.check_sizeof(id, ty.as_ref(), expr);
                self.set(id, Some(Type::UINT), false)
            }
        }
    }

    /// The message for a function named where a value is wanted: DXC has no function
    /// values (no pointers), and names the function's type (`float4 (int)`) as it refuses
    /// to convert it.
    fn function_as_value(&self, path: &Path, fs: &[ItemIdx]) -> String {
        let sigs: Vec<FunctionSignature> = fs
            .iter()
            .filter_map(|&f| {
                let ast = self.tree.item(f).ast;
                let id = FunctionId::new(self.db, self.file, self.config, ast);
                self.tree
                    .function(f)
                    .map(|_| (*super::function_signature(self.db, id)).clone())
            })
            .collect();
        let show = |t: &Option<Type>| t.as_ref().map_or("?".to_owned(), Type::to_string);
        let mut types: Vec<String> = sigs
            .iter()
            .map(|s| {
                let params: Vec<String> = s.params.iter().map(|p| show(&p.ty)).collect();
                format!("{} ({})", show(&s.ret), params.join(", "))
            })
            .collect();
        types.dedup();
        let template = sigs.iter().any(|s| s.is_template);
        match types.as_slice() {
            [_] if template => format!(
                "`{path}` names a function template, not a value: functions can only be \
                 called (`{path}(...)`)"
            ),
            [one] => format!(
                "`{path}` is a function of type `{one}`, not a value: functions can only be \
                 called (`{path}(...)`)"
            ),
            _ => format!(
                "`{path}` names overloaded functions, not a value: functions can only be \
                 called (`{path}(...)`)"
            ),
        }
    }

    /// Resolves a name that is not a local.
    fn infer_path(&mut self, id: ExprId, path: &Path) -> Option<Type> {
        if path.as_name() == Some("this") {
            if let Some((s, args)) = self.owner.clone() {
                return self.tcx.struct_type(s, &args);
            }
        }
        if matches!(
            path.as_name(),
            Some("ResourceDescriptorHeap" | "SamplerDescriptorHeap")
        ) {
            // FIXME: SM 6.6 descriptor heaps are typed by what they are assigned to.
            return None;
        }
        if let Some((ty, value)) = self.local_enumerator(path) {
            if let Some(v) = value {
                self.result
                    .resolutions
                    .push((id, Resolution::LocalEnumerator(v)));
            }
            return Some(ty);
        }
        let res = self.resolve_value(path);
        let ty = match &res {
            Some(ValueRes::Global(g)) => self.global_type(*g),
            Some(ValueRes::Member(ty)) => ty.clone(),
            // An enumerator has its enum's type.
            Some(ValueRes::Enumerator(e)) => match self.tree.item(*e).parent {
                Some(p) if matches!(self.tree.item(p).kind, ItemKind::Enum(_)) => {
                    self.tcx.item_type(p, None, &mut Vec::new())
                }
                _ => Some(Type::INT),
            },
            Some(ValueRes::TemplateValue) => path
                .as_name()
                .and_then(|n| self.template_value_type(n))
                .or(Some(Type::INT)),
            Some(ValueRes::Functions(fs)) => {
                let message = self.function_as_value(path, fs);
                self.diag(codes::TYPE_MISMATCH, BodyNode::Expr(id), message);
                None
            }
            Some(ValueRes::Type(t)) => {
                // DXC's parser wants a constructor or cast after a type name.
                self.diag(
                    codes::TYPE_MISMATCH,
                    BodyNode::Expr(id),
                    format!(
                        "`{path}` is the type `{t}`, not a value: expected `(` for \
                         function-style cast or type construction"
                    ),
                );
                None
            }
            Some(ValueRes::Local) => None,
            None if builtin_constant_at(path).is_some() => {
                let value = builtin_constant_at(path).unwrap_or(0);
                self.result
                    .resolutions
                    .push((id, Resolution::BuiltinConstant(value)));
                Some(Type::UINT)
            }
            None => {
                let (_, later) = match path.as_name() {
                    Some(n) => self.scope.lookup(self.tree, &self.tcx.site, n),
                    None => (Vec::new(), false),
                };
                let msg = if later {
                    format!("`{path}` is used before its declaration")
                } else if self.body.past_for_scope.binary_search(&id).is_ok() {
                    format!(
                        "use of undeclared identifier `{path}` (the variable a `for` statement \
                         declares ends with the loop from HLSL 2021 on; `-HV 2018` keeps it)"
                    )
                } else {
                    format!("use of undeclared identifier `{path}`")
                };
                let (code, msg) = crate::dxil_only_types::undeclared_name(&path.to_string())
                    .unwrap_or((codes::UNDEFINED_NAME, msg));
                self.diag(code, BodyNode::Expr(id), msg);
                None
            }
        };
        let public = match &res {
            Some(ValueRes::Global(g)) => Some(Resolution::Global(self.tree.item(*g).ast)),
            Some(ValueRes::Member(_)) => Some(Resolution::Member),
            // `F<3>::v`: an enumerator of a template instance has the value its arguments
            // give it, which the checker computes (lowering sees only the declaration).
            Some(ValueRes::Enumerator(_)) if path.segments.iter().any(|s| s.args.is_some()) => self
                .tcx
                .eval(&crate::type_ref::ConstExpr::Path(path.clone()))
                .map(|v| Resolution::LocalEnumerator(v.as_int())),
            Some(ValueRes::Enumerator(e)) => Some(Resolution::Enumerator(self.tree.item(*e).ast)),
            Some(ValueRes::TemplateValue) => match path
                .as_name()
                .and_then(|n| self.tcx.env.iter().rev().find(|(p, _)| p == n))
            {
                Some((_, TemplateArg::Value(v))) => Some(Resolution::TemplateValue(*v)),
                _ => None,
            },
            _ => None,
        };
        if let Some(r) = public {
            self.result.resolutions.push((id, r));
        }
        if let Some(r) = res {
            self.resolutions.insert(id, r);
        }
        ty
    }

    /// The declared type of template value parameter `name` (`uint N`) of this function or
    /// of the structs around it.
    fn template_value_type(&self, name: &str) -> Option<Type> {
        let mut item = Some(self.idx);
        while let Some(i) = item {
            let params = match &self.tree.item(i).kind {
                ItemKind::Function(f) => f.template.as_ref(),
                ItemKind::Struct(s) => s.template.as_ref(),
                _ => None,
            };
            let found = params
                .into_iter()
                .flatten()
                .find(|p| p.name == name)
                .and_then(|p| p.value_type.as_ref());
            if let Some(t) = found {
                return self.tcx.resolve(t, &mut Vec::new());
            }
            item = self.tree.item(i).parent;
        }
        None
    }

    /// The type of an enumerator of an enum declared in the function (`A` or `E::A`).
    pub(super) fn local_enumerator(&self, path: &Path) -> Option<enums::LocalEnumerator> {
        if self.local_enumerators.is_empty() || path.global {
            return None;
        }
        let key = path
            .segments
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>()
            .join("::");
        self.local_enumerators.get(&key).cloned()
    }

    /// What a path in value position names.
    pub(super) fn resolve_value(&mut self, path: &Path) -> Option<ValueRes> {
        if let Some(name) = path.as_name() {
            if let Some((_, arg)) = self.tcx.env.iter().rev().find(|(n, _)| n == name) {
                return Some(match arg {
                    TemplateArg::Type(t) => ValueRes::Type(t.clone()),
                    TemplateArg::Value(_) => ValueRes::TemplateValue,
                    TemplateArg::Opaque => ValueRes::TemplateValue,
                });
            }
            if let Some(t) = Type::packed_bytes(name).or_else(|| Type::from_hlsl_name(name)) {
                return Some(ValueRes::Type(self.tcx.native(t)));
            }
            // A type declared in the function (`L(x)` casts to a local struct `L`).
            if let Some(t) = self.local_types.get(name) {
                return t.clone().map(ValueRes::Type);
            }
        }
        let found = self.scope.lookup_qualified(self.tree, &self.tcx.site, path);
        if let (Some(name), Some((owner, args))) = (path.as_name(), self.owner.clone()) {
            // The fields of a method's struct, its bases' included, hide outer names.
            let inner = found.first().is_some_and(|f| {
                let parent = self.tree.item(*f).parent;
                parent == Some(owner) || parent == Some(self.idx)
            });
            if !inner {
                if let Some(ty) = self.member_type(name) {
                    return Some(ValueRes::Member(Some(ty)));
                }
                // A method of a base.
                let (declarer, _) = self.struct_with_method(owner, args, name, 0);
                let methods = self.methods_named(declarer, name);
                if !methods.is_empty() {
                    return Some(ValueRes::Functions(methods));
                }
            }
        }
        // A variable, function or enumerator hides a type of the same name where a value is
        // wanted (C++'s rule; `ConstantBuffer<Constants> Constants;` then `Constants.View`).
        let is_type = |i: &ItemIdx| {
            matches!(
                self.tree.item(*i).kind,
                ItemKind::Struct(_) | ItemKind::Typedef(_) | ItemKind::Enum(_)
            )
        };
        let first = found
            .iter()
            .copied()
            .find(|i| !is_type(i))
            .or_else(|| found.first().copied())?;
        Some(match &self.tree.item(first).kind {
            ItemKind::Function(_) => ValueRes::Functions(
                found
                    .into_iter()
                    .filter(|i| self.tree.function(*i).is_some())
                    .collect(),
            ),
            ItemKind::Variable(v) => {
                let parent_is_struct = self
                    .tree
                    .item(first)
                    .parent
                    .is_some_and(|p| self.tree.strukt(p).is_some());
                if parent_is_struct && !v.is_static {
                    let name = self.tree.item(first).name.clone();
                    let ty = self.member_type(&name);
                    ValueRes::Member(ty)
                } else {
                    ValueRes::Global(first)
                }
            }
            ItemKind::Enumerator(_) => ValueRes::Enumerator(first),
            ItemKind::Struct(_) | ItemKind::Typedef(_) | ItemKind::Enum(_) => {
                let args = path.segments.last().and_then(|s| s.args.clone());
                ValueRes::Type(
                    self.tcx
                        .item_type(first, args.as_deref(), &mut Vec::new())?,
                )
            }
            _ => return None,
        })
    }

    /// The type of a field of the struct whose method this is.
    fn member_type(&self, name: &str) -> Option<Type> {
        let (s, args) = self.owner.clone()?;
        self.tcx
            .struct_fields(s, &args)
            .into_iter()
            .find(|(n, _)| n == name)?
            .1
    }

    fn infer_binary(&mut self, id: ExprId, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> Option<Type> {
        match op {
            BinaryOp::Comma => {
                self.infer_expr(lhs);
                let t = self.infer_expr(rhs);
                let lit = self.result.is_literal(rhs);
                self.set(id, t, lit)
            }
            BinaryOp::Assign { op } => {
                let target = self.infer_expr(lhs);
                self.infer_expr_expecting(rhs, target.as_ref());
                let assignable = self.check_assignable(lhs);
                if let (Some(arith), Some(t)) = (op, &target) {
                    if self.bool_lvalue_op(id, t, Some(arith)) {
                        return self.set(id, None, false);
                    }
                    // `a op= b` is `a = a op b`: the result must convert back to `a`'s type.
                    if let Some((Some(result), literal)) = self.arith(rhs, arith, lhs, rhs) {
                        let from = Operand {
                            ty: result.clone(),
                            literal,
                        };
                        match ops::conversion(&from, t) {
                            ops::Conversion::Incompatible => {
                                let message =
                                    enums::conversion_message(&from, t).unwrap_or_else(|| {
                                        format!("cannot convert from `{result}` to `{t}`")
                                    });
                                self.diag(codes::TYPE_MISMATCH, BodyNode::Expr(rhs), message)
                            }
                            ops::Conversion::Truncation => self.diag(
                                codes::TRUNCATION,
                                BodyNode::Expr(rhs),
                                format!("implicit truncation from `{result}` to `{t}`"),
                            ),
                            _ => {}
                        }
                    }
                }
                // A compound assignment's operator already checked the operands' shapes.
                // Nothing is converted for a target that cannot be assigned.
                if let (Some(t), None, true) = (&target, op, assignable) {
                    if !matches!(self.body.expr(rhs), Expr::InitList(_)) {
                        self.check_conversion(rhs, t);
                    }
                }
                self.set(id, target, false)
            }
            BinaryOp::Arith(arith) => {
                self.infer_expr(lhs);
                self.infer_expr(rhs);
                if let Some(ty) = self.overloaded_operator(id, op, lhs, rhs) {
                    return ty;
                }
                let (ty, lit) = self.arith(id, arith, lhs, rhs).unwrap_or((None, false));
                self.set(id, ty, lit)
            }
            BinaryOp::Cmp(_) | BinaryOp::Logic(_) => {
                self.infer_expr(lhs);
                self.infer_expr(rhs);
                if let BinaryOp::Logic(l) = op {
                    if self.short_circuits()
                        && (self.is_multi_component(lhs) || self.is_multi_component(rhs))
                    {
                        let instead = if l == LogicOp::And { "and" } else { "or" };
                        self.diag(
                            codes::INVALID_OPERANDS,
                            BodyNode::Expr(id),
                            format!(
                                "operands for short-circuiting logical binary operator must be \
                                 scalar, for non-scalar types use '{instead}' (HLSL 2021; \
                                 `-HV 2018` combines per component)"
                            ),
                        );
                    }
                }
                if matches!(op, BinaryOp::Cmp(_)) {
                    if let Some(ty) = self.overloaded_operator(id, op, lhs, rhs) {
                        return ty;
                    }
                }
                let (Some(a), Some(b)) = (self.operand(lhs), self.operand(rhs)) else {
                    return self.set(id, None, false);
                };
                if let BinaryOp::Cmp(c) = op {
                    let equality = matches!(c, CmpOp::Eq | CmpOp::Ne);
                    if let Some(ty) = self.enum_comparison(id, equality, &a.ty, &b.ty) {
                        return self.set(id, ty, false);
                    }
                }
                let Some((a, b)) = self.promoted_operands(id, lhs, rhs) else {
                    return self.set(id, None, false);
                };
                match (a.ty.scalar_kind(), b.ty.scalar_kind()) {
                    (Some(ka), Some(kb)) => {
                        let (k, _) = ops::common_scalar(ka, a.literal, kb, b.literal);
                        match ops::common_shape(&a.ty, &b.ty, k) {
                            Some((shape, truncated)) => {
                                if truncated {
                                    self.diag(
                                        codes::TRUNCATION,
                                        BodyNode::Expr(id),
                                        "implicit truncation of vector type".into(),
                                    );
                                }
                                self.set(id, Some(ops::bool_shape(&shape)), false)
                            }
                            None => self.bad_operands(id, &a.ty, &b.ty),
                        }
                    }
                    _ => self.bad_operands(id, &a.ty, &b.ty),
                }
            }
        }
    }

    /// `a op b` where `a` is a struct: a call of its method `operator op` (HLSL 2021). `None`
    /// when `a` is no struct.
    fn overloaded_operator(
        &mut self,
        id: ExprId,
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    ) -> Option<Option<Type>> {
        let Some(Type::Struct(s)) = self.result.type_of_expr(lhs).cloned() else {
            return None;
        };
        let name = format!("operator{}", op.symbol());
        let Some((idx, targs)) = self.tcx.struct_item(&s) else {
            return Some(self.set(id, None, false));
        };
        let (idx, targs) = self.struct_with_method(idx, targs, &name, 0);
        let methods = self.methods_named(idx, &name);
        if methods.is_empty() {
            let rhs_ty = self.result.type_of_expr(rhs).cloned();
            return Some(match rhs_ty {
                Some(b) => self.bad_operands(id, &Type::Struct(s), &b),
                None => self.set(id, None, false),
            });
        }
        let env = self.struct_template_env(idx, targs);
        let ty = self.resolve_overload(id, &name, methods, &[rhs], &env);
        Some(self.set(id, ty, false))
    }

    /// `a[i]` where `a` is a struct with a method `operator[]` (HLSL 2021, returning a value):
    /// a call of it. `None` when the struct has no such method.
    fn overloaded_subscript(
        &mut self,
        id: ExprId,
        s: &types::StructType,
        index: ExprId,
    ) -> Option<Option<Type>> {
        self.struct_operator_call(id, s, "operator[]", &[index])
    }

    /// `-a`, `+a`, `!a`, `~a` where `a` is a struct with the method `operator-()` etc.
    /// (HLSL 2021; `++`/`--` cannot be overloaded). `None` when it has none.
    fn overloaded_unary(
        &mut self,
        id: ExprId,
        s: &types::StructType,
        op: PrefixOp,
    ) -> Option<Option<Type>> {
        let name = match op {
            PrefixOp::Neg => "operator-",
            PrefixOp::Plus => "operator+",
            PrefixOp::Not => "operator!",
            PrefixOp::BitNot => "operator~",
            PrefixOp::PreInc | PrefixOp::PreDec => return None,
        };
        self.struct_operator_call(id, s, name, &[])
    }

    /// Expression `id` as a call of struct `s`'s operator method `name` with `args` (inferred
    /// already): the overload chosen and the result's type. `None` when `s` has no method of
    /// that name.
    pub(super) fn struct_operator_call(
        &mut self,
        id: ExprId,
        s: &types::StructType,
        name: &str,
        args: &[ExprId],
    ) -> Option<Option<Type>> {
        let (idx, targs) = self.tcx.struct_item(s)?;
        let (idx, targs) = self.struct_with_method(idx, targs, name, 0);
        let methods = self.methods_named(idx, name);
        if methods.is_empty() {
            return None;
        }
        let env = self.struct_template_env(idx, targs);
        let ty = self.resolve_overload(id, name, methods, args, &env);
        Some(self.set(id, ty, false))
    }

    fn bad_operands(&mut self, id: ExprId, a: &Type, b: &Type) -> Option<Type> {
        self.diag(
            codes::INVALID_OPERANDS,
            BodyNode::Expr(id),
            format!("invalid operands to binary operator: `{a}` and `{b}`"),
        );
        self.set(id, None, false)
    }

    /// An arithmetic or bitwise operator on two inferred operands: the result type and
    /// whether it is a literal. Diagnostics go on `at`.
    fn arith(
        &mut self,
        at: ExprId,
        op: ArithOp,
        lhs: ExprId,
        rhs: ExprId,
    ) -> Option<(Option<Type>, bool)> {
        if let Some(ty) = enums::same_enum_result(self.operand(lhs)?, self.operand(rhs)?) {
            return Some((Some(ty), false));
        }
        let Some((a, b)) = self.promoted_operands(at, lhs, rhs) else {
            return Some((None, false));
        };
        let (Some(ka), Some(kb)) = (a.ty.scalar_kind(), b.ty.scalar_kind()) else {
            self.bad_operands(at, &a.ty, &b.ty);
            return Some((None, false));
        };
        let bitwise = matches!(
            op,
            ArithOp::Shl | ArithOp::Shr | ArithOp::BitAnd | ArithOp::BitOr | ArithOp::BitXor
        );
        if bitwise && (ka.is_float() || kb.is_float()) {
            self.diag(
                codes::INVALID_OPERANDS,
                BodyNode::Expr(at),
                format!(
                    "bitwise operator needs integer operands, found `{}` and `{}`",
                    a.ty, b.ty
                ),
            );
            return Some((None, false));
        }
        let (mut k, lit) = ops::common_scalar(ka, a.literal, kb, b.literal);
        if bitwise && k == ScalarKind::Bool {
            k = ScalarKind::Int;
        }
        // Shifts take the left operand's type.
        if matches!(op, ArithOp::Shl | ArithOp::Shr) && !a.literal {
            k = if ka == ScalarKind::Bool {
                ScalarKind::Int
            } else {
                ka
            };
        }
        match ops::common_shape(&a.ty, &b.ty, k) {
            Some((shape, truncated)) => {
                if truncated {
                    self.diag(
                        codes::TRUNCATION,
                        BodyNode::Expr(at),
                        "implicit truncation of vector type".into(),
                    );
                }
                Some((Some(shape), lit))
            }
            None => {
                self.bad_operands(at, &a.ty, &b.ty);
                Some((None, false))
            }
        }
    }

    fn infer_prefix(&mut self, id: ExprId, op: PrefixOp, expr: ExprId) -> Option<Type> {
        let ty = self.infer_expr(expr);
        let lit = self.result.is_literal(expr);
        let Some(t) = ty else {
            return self.set(id, None, false);
        };
        if let Type::Struct(st) = &t {
            if let Some(ty) = self.overloaded_unary(id, st, op) {
                return ty;
            }
        }
        let t = match op {
            PrefixOp::PreInc | PrefixOp::PreDec => {
                if self.enum_step(id, &t, op == PrefixOp::PreInc)
                    || self.bool_lvalue_op(id, &t, None)
                {
                    return self.set(id, None, false);
                }
                t
            }
            _ => match enums::promote(Operand {
                ty: t,
                literal: lit,
            }) {
                Ok(o) => o.ty,
                Err(e) => {
                    self.scoped_enum_operand(id, &e);
                    return self.set(id, None, false);
                }
            },
        };
        if t.scalar_kind().is_none() {
            self.diag(
                codes::INVALID_OPERANDS,
                BodyNode::Expr(id),
                format!("invalid operand to unary operator: `{t}`"),
            );
            return self.set(id, None, false);
        }
        match op {
            PrefixOp::Not => self.set(id, Some(ops::bool_shape(&t)), false),
            PrefixOp::BitNot => {
                if t.scalar_kind().is_some_and(|k| k.is_float()) {
                    self.diag(
                        codes::INVALID_OPERANDS,
                        BodyNode::Expr(id),
                        format!("`~` needs an integer operand, found `{t}`"),
                    );
                    return self.set(id, None, false);
                }
                // `~b` promotes a `bool` to `int`, as `-b` does (C's integral promotion).
                let t = if t.scalar_kind() == Some(ScalarKind::Bool) {
                    t.with_scalar_kind(ScalarKind::Int)
                } else {
                    Some(t)
                };
                self.set(id, t, lit)
            }
            PrefixOp::Neg | PrefixOp::Plus => {
                let t = if t.scalar_kind() == Some(ScalarKind::Bool) {
                    t.with_scalar_kind(ScalarKind::Int)
                } else {
                    Some(t)
                };
                self.set(id, t, lit)
            }
            PrefixOp::PreInc | PrefixOp::PreDec => {
                self.check_assignable(expr);
                self.set(id, Some(t), false)
            }
        }
    }

    /// Member access on a struct, or a swizzle on a scalar, vector or matrix.
    fn infer_field(&mut self, id: ExprId, base: ExprId, name: &str) -> Option<Type> {
        let Some(t) = self.infer_expr(base) else {
            return self.set(id, None, false);
        };
        if name.is_empty() {
            return self.set(id, None, false);
        }
        let lit = self.result.is_literal(base);
        let swizzle = match &t {
            Type::Struct(s) => {
                if let Some(i) = s.field_index(name) {
                    // Unfolds a buffer pointer to `s` inside it (a linked list).
                    return self.set(id, Type::member(s, i), false);
                }
                // Static members through an instance.
                if let Some((idx, _)) = self.tcx.struct_item(s) {
                    if let Some(m) = self.scope.in_scope(Some(idx), name).first().copied() {
                        if matches!(self.tree.item(m).kind, ItemKind::Variable(_)) {
                            let ty = self.global_type(m);
                            // Lowering reads it as the static global, as `T::M`.
                            let ast = self.tree.item(m).ast;
                            self.result.resolutions.push((id, Resolution::Global(ast)));
                            return self.set(id, ty, false);
                        }
                    }
                }
                self.diag(
                    codes::NO_MEMBER,
                    BodyNode::Expr(id),
                    format!("no member named `{name}` in `{t}`"),
                );
                return self.set(id, None, false);
            }
            Type::Scalar(k) => ops::vector_swizzle(name, 1).map(|s| (s, *k)),
            Type::Vector(k, n) => ops::vector_swizzle(name, *n).map(|s| (s, *k)),
            Type::Matrix {
                scalar, rows, cols, ..
            } => ops::matrix_swizzle(name, *rows, *cols).map(|s| (s, *scalar)),
            Type::Resource(r) => {
                if let ResourceType::ConstantBuffer { element }
                | ResourceType::TextureBuffer { element } = &**r
                {
                    if let Type::Struct(s) = element {
                        if let Some(f) = s.field(name) {
                            return self.set(id, Some(f.ty.clone()), false);
                        }
                    }
                    self.diag(
                        codes::NO_MEMBER,
                        BodyNode::Expr(id),
                        format!("no member named `{name}` in `{t}`"),
                    );
                    return self.set(id, None, false);
                }
                // `tex.sample[s][p]` / `tex.mips[m][p]`: indexing the property by sample or
                // level gives the texture back, which a coordinate then indexes.
                if let ResourceType::Texture { dim, .. } = &**r {
                    let property = if dim.is_multisampled() {
                        "sample"
                    } else {
                        "mips"
                    };
                    if name == property {
                        return self.set(id, Some(t.clone()), false);
                    }
                }
                return self.set(id, None, false);
            }
            // The element count of a sized array, an old member DXC still reads.
            Type::Array { len: Some(_), .. } if name == "Length" => {
                self.diag(
                    codes::DEPRECATED_LENGTH,
                    BodyNode::Expr(id),
                    "Length is deprecated".into(),
                );
                return self.set(id, Some(Type::UINT), false);
            }
            _ => {
                self.diag(
                    codes::NO_MEMBER,
                    BodyNode::Expr(id),
                    format!("`{t}` has no members"),
                );
                return self.set(id, None, false);
            }
        };
        match swizzle {
            Ok((s, k)) => {
                let ty = ops::swizzle_type(k, s.len());
                self.set(id, Some(ty), lit && s.len() == 1)
            }
            Err(msg) => {
                self.diag(codes::INVALID_SWIZZLE, BodyNode::Expr(id), msg);
                self.set(id, None, false)
            }
        }
    }

    fn infer_index(&mut self, id: ExprId, base: ExprId, index: ExprId) -> Option<Type> {
        let base_ty = self.infer_expr(base);
        let index_ty = self.infer_expr(index);
        let Some(t) = base_ty else {
            return self.set(id, None, false);
        };
        let constant = self.constant_index(index);
        let check_range = |this: &mut Self, len: Option<u32>| {
            if let (Some(i), Some(len)) = (constant, len) {
                if i < 0 || i >= i64::from(len) {
                    this.diag(
                        codes::INDEX_OUT_OF_RANGE,
                        BodyNode::Expr(index),
                        format!("index {i} is out of range for `{t}`"),
                    );
                }
            }
        };
        let scalar_index = |this: &mut Self| {
            if let Some(it) = &index_ty {
                if it.scalar_kind().is_none() && !enums::is_plain(it) {
                    this.diag(
                        codes::TYPE_MISMATCH,
                        BodyNode::Expr(index),
                        format!("cannot index with a value of type `{it}`"),
                    );
                }
            }
        };
        let property = matches!(
            self.body.expr(base),
            Expr::Field { name, .. } if name == "sample" || name == "mips"
        );
        if let Type::Struct(st) = &t {
            if let Some(ty) = self.overloaded_subscript(id, st, index) {
                return ty;
            }
        }
        let ty = match &t {
            // `tex.sample[s]`: the texture, indexed next by a coordinate.
            Type::Resource(_) if property => Some(t.clone()),
            Type::Vector(k, n) => {
                check_range(self, Some(u32::from(*n)));
                scalar_index(self);
                Some(Type::Scalar(*k))
            }
            Type::Matrix {
                scalar, rows, cols, ..
            } => {
                check_range(self, Some(u32::from(*rows)));
                scalar_index(self);
                Some(Type::Vector(*scalar, *cols))
            }
            Type::Array { element, len } => {
                if self.array_bounds_are_warnings() {
                    self.warn_array_bounds(index, constant, *len);
                } else {
                    check_range(self, *len);
                }
                scalar_index(self);
                Some((**element).clone())
            }
            Type::Resource(r) => match &**r {
                ResourceType::Texture { sample, dim, .. } => {
                    // A longer coordinate is truncated to the texture's (`tex2d[uint3]`).
                    if let Some(Type::Vector(_, n)) = &index_ty {
                        if *n > dim.coordinate_count() {
                            self.diag(
                                codes::TRUNCATION,
                                BodyNode::Expr(index),
                                "implicit truncation of vector type".into(),
                            );
                        }
                    }
                    Some(sample.clone())
                }
                ResourceType::TypedBuffer { element, .. } => Some(element.clone()),
                ResourceType::StructuredBuffer { element, kind }
                    if !matches!(kind, StructuredKind::Append | StructuredKind::Consume) =>
                {
                    Some(element.clone())
                }
                ResourceType::InputPatch { element, count }
                | ResourceType::OutputPatch { element, count } => {
                    check_range(self, Some(*count));
                    Some(element.clone())
                }
                _ => {
                    self.diag(
                        codes::NOT_INDEXABLE,
                        BodyNode::Expr(id),
                        format!("`{t}` cannot be indexed"),
                    );
                    None
                }
            },
            _ => {
                self.diag(
                    codes::NOT_INDEXABLE,
                    BodyNode::Expr(id),
                    format!("`{t}` cannot be indexed"),
                );
                None
            }
        };
        self.set(id, ty, false)
    }

    /// The value of an index that is an integer literal (possibly negated, under a unary `+`,
    /// or in parentheses).
    fn constant_index(&self, e: ExprId) -> Option<i64> {
        match self.body.expr(e) {
            Expr::Literal(Literal::Int(v, _)) => i64::try_from(*v).ok(),
            Expr::Paren(inner)
            | Expr::Prefix {
                op: PrefixOp::Plus,
                expr: inner,
            } => self.constant_index(*inner),
            Expr::Prefix {
                op: PrefixOp::Neg,
                expr,
            } => self.constant_index(*expr).map(|v| -v),
            _ => None,
        }
    }

    /// Whether `e` can be assigned to, and if so whether it is const.
    pub(super) fn place(&self, e: ExprId) -> Place {
        match self.body.expr(e) {
            Expr::Local(l) => {
                if self.body.local(*l).is_const || self.of_const_alias(&self.body.local(*l).ty) {
                    Place::Const
                } else {
                    Place::Mutable
                }
            }
            // `this` in a `const` method is a const object (HLSL 202x).
            Expr::Path(_) if super::const_objects::is_this(self.body.expr(e)) => {
                if self.implicit_object_is_const() {
                    Place::Const
                } else {
                    Place::Mutable
                }
            }
            Expr::Path(_) => match self.resolutions.get(&e) {
                Some(ValueRes::Global(g)) => match &self.tree.item(*g).kind {
                    ItemKind::Variable(v) => {
                        let in_cbuffer = self.tree.item(*g).parent.is_some_and(|p| {
                            matches!(self.tree.item(p).kind, ItemKind::CBuffer(_))
                        });
                        let in_struct = self
                            .tree
                            .item(*g)
                            .parent
                            .is_some_and(|p| self.tree.strukt(p).is_some());
                        // Globals that are neither `static` nor `groupshared` are uniforms;
                        // a `static` inside a cbuffer is no member of it (a private global).
                        if v.is_const
                            || (in_cbuffer && !v.is_static)
                            || (!v.is_static && !v.groupshared && !in_struct)
                        {
                            Place::Const
                        } else {
                            Place::Mutable
                        }
                    }
                    _ => Place::Rvalue,
                },
                Some(ValueRes::Member(..)) if self.implicit_object_is_const() => Place::Const,
                Some(ValueRes::Member(..)) => Place::Mutable,
                Some(ValueRes::Local) => Place::Mutable,
                _ => Place::Rvalue,
            },
            Expr::Paren(inner) => self.place(*inner),
            // `(int3)i4` and `(Base)derived` name part of their operand (`lvalue_casts`).
            Expr::Cast { expr, .. } if self.cast_keeps_place(e, *expr) => self.place(*expr),
            // `++x` is `x` after the increment, an lvalue as in C++ (DXC accepts `f(++a[0])`
            // for an `out` parameter).
            Expr::Prefix {
                op: PrefixOp::PreInc | PrefixOp::PreDec,
                expr,
            } => self.place(*expr),
            // `(d += c) = x`: an assignment is its left side afterwards, as in C++.
            Expr::Binary {
                op: BinaryOp::Assign { .. },
                lhs,
                ..
            } => self.place(*lhs),
            Expr::Field { expr, name } => match self.result.type_of_expr(*expr) {
                Some(Type::Resource(_)) => Place::Const,
                // `arr.Length` is a count, not memory.
                Some(Type::Array { .. }) if name == "Length" => Place::Rvalue,
                _ => self.place(*expr),
            },
            Expr::Index { base, .. } => match self.result.type_of_expr(*base) {
                Some(Type::Resource(r)) => match &**r {
                    ResourceType::Texture { access, .. }
                    | ResourceType::TypedBuffer { access, .. } => {
                        if access.is_writable() {
                            Place::Mutable
                        } else {
                            Place::Const
                        }
                    }
                    ResourceType::StructuredBuffer { kind, .. } => {
                        if *kind == StructuredKind::ReadOnly {
                            Place::Const
                        } else {
                            Place::Mutable
                        }
                    }
                    ResourceType::OutputPatch { .. } | ResourceType::InputPatch { .. } => {
                        Place::Const
                    }
                    _ => Place::Rvalue,
                },
                // A struct's `operator[]` returns a value.
                Some(Type::Struct(_)) => Place::Rvalue,
                _ => self.place(*base),
            },
            // `p.Get()` names the `T` at the buffer pointer's address.
            Expr::MethodCall { receiver, name, .. }
                if name == "Get"
                    && matches!(
                        self.result.type_of_expr(*receiver),
                        Some(Type::BufferPointer { .. })
                    ) =>
            {
                Place::Mutable
            }
            _ => Place::Rvalue,
        }
    }

    /// Whether `ty` names an alias of a `const` type (`using P = const T;`).
    pub(super) fn of_const_alias(&self, ty: &crate::type_ref::TypeRef) -> bool {
        let crate::type_ref::TypeBase::Path(path) = &ty.base else {
            return false;
        };
        if self.tree.const_aliases.is_empty() || !ty.dims.is_empty() {
            return false;
        }
        let found = self.scope.lookup_qualified(self.tree, &self.tcx.site, path);
        found
            .first()
            .is_some_and(|i| self.tree.const_aliases.contains(i))
    }

    /// Reports an assignment to `target` that is not a modifiable lvalue.
    pub(super) fn check_assignable(&mut self, target: ExprId) -> bool {
        if self.is_string_variable(target) {
            self.diag(
                codes::STRING_VARIABLE,
                BodyNode::Expr(target),
                "string variables are immutable in SPIR-V.".into(),
            );
            return false;
        }
        if self.result.type_of_expr(target).is_none() {
            return true;
        }
        match self.place(target) {
            Place::Mutable => {
                if let Some(s) = self.swizzle_of(target) {
                    if s.has_repeats() {
                        self.diag(
                            codes::INVALID_SWIZZLE,
                            BodyNode::Expr(target),
                            "cannot assign to a swizzle with repeated components".into(),
                        );
                        return false;
                    }
                }
                true
            }
            Place::Const => {
                // A local of a `const` alias (`vk::WorkgroupSpirvPointer<T>`): DXC's words.
                let message = match self.body.expr(target) {
                    Expr::Local(l) if self.of_const_alias(&self.body.local(*l).ty) => {
                        let local = self.body.local(*l);
                        format!(
                            "cannot assign to variable '{}' with const-qualified type '{}'",
                            local.name, local.ty
                        )
                    }
                    _ => "cannot assign to a const value".to_owned(),
                };
                self.diag(codes::ASSIGN_TO_CONST, BodyNode::Expr(target), message);
                false
            }
            Place::Rvalue => {
                self.diag(
                    codes::NOT_LVALUE,
                    BodyNode::Expr(target),
                    "expression is not assignable".into(),
                );
                false
            }
        }
    }

    /// The swizzle `e` applies, if it is one.
    pub(super) fn swizzle_of(&self, e: ExprId) -> Option<Swizzle> {
        let Expr::Field { expr, name } = self.body.expr(e) else {
            return None;
        };
        match self.result.type_of_expr(*expr)? {
            Type::Scalar(_) => ops::vector_swizzle(name, 1).ok(),
            Type::Vector(_, n) => ops::vector_swizzle(name, *n).ok(),
            Type::Matrix { rows, cols, .. } => ops::matrix_swizzle(name, *rows, *cols).ok(),
            _ => None,
        }
    }

    /// `Operand` of an already inferred expression, for callers outside this module.
    pub(super) fn operand_of(&self, e: ExprId) -> Option<Operand> {
        self.operand(e)
    }

    /// Whether `e` denotes a bit-field: a member declared with a width (`s.bits`), or a
    /// compound assignment to one (`s.bits += 3`), as clang keeps it.
    pub(super) fn is_bit_field(&self, e: ExprId) -> bool {
        match self.body.expr(e) {
            Expr::Paren(inner) => self.is_bit_field(*inner),
            Expr::Binary {
                op: syntax::ast::BinaryOp::Assign { op: Some(_) },
                lhs,
                ..
            } => self.is_bit_field(*lhs),
            Expr::Field { expr, name } => match self.result.type_of_expr(*expr) {
                Some(Type::Struct(s)) => s.field(name).is_some_and(|f| f.bit_width.is_some()),
                _ => false,
            },
            _ => false,
        }
    }
}

/// The type of an unsuffixed integer literal: `int`, or a 64-bit `int64_t` for a value past
/// `int`'s range (a wrapped negative constant, above `i64::MAX`, stays `int`).
fn literal_int_type(v: u64) -> Type {
    if v > i32::MAX as u64 && v <= i64::MAX as u64 {
        Type::Scalar(ScalarKind::Int64)
    } else {
        Type::INT
    }
}
