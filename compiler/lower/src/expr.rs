//! Expressions: literals, names (locals, globals, cbuffer members), operators (with
//! short-circuit `&&`/`||` and `?:` as control flow and a `phi` when an arm has effects),
//! assignments and increments through [`Place`]s, swizzles, member access and indexing.

use hir::body::{Expr, ExprId, Literal};
use hir::item_tree::ItemKind;
use ir::{Opcode, Value};
use syntax::ast::{ArithOp, BinaryOp, CmpOp, LogicOp, PostfixOp, PrefixOp};
use types::{ResourceType, ScalarKind, Type};

use crate::context::{GlobalRef, R};
use crate::convert::{common_type, literal_constant};
use crate::func::{FnLower, Place};

fn arith_opcode(op: ArithOp) -> Opcode {
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

fn cmp_opcode(op: CmpOp) -> Opcode {
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
    /// Lowers `e` for its value (`None` for a void call).
    pub fn lower_expr(&mut self, e: ExprId) -> R<Option<Value>> {
        if self.current.is_none() {
            return Err(self.unsupported("an expression in unreachable code", e));
        }
        let v = match self.body.expr(e).clone() {
            Expr::Missing => return Err(self.unsupported("a missing expression", e)),
            Expr::Literal(Literal::String) => return Err(self.unsupported("strings", e)),
            Expr::Literal(lit) => {
                let ty = self.ty(e)?;
                let kind = ty.scalar_kind().unwrap_or(ScalarKind::Int);
                let c = literal_constant(&lit, kind).expect("not a string");
                self.fb().constant(c)
            }
            Expr::Paren(inner) => return self.lower_expr(inner),
            Expr::Local(_) | Expr::Path(_) | Expr::Field { .. } | Expr::Index { .. }
                if self.is_place_expr(e) =>
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
            Expr::Local(_) | Expr::Path(_) => {
                return Err(self.unsupported("this name in an expression", e))
            }
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
            } => self.lower_conditional(e, cond, then, otherwise)?,
            Expr::Call { callee, args } => return self.lower_call(e, callee, &args),
            Expr::MethodCall {
                receiver,
                name,
                args,
            } => return self.lower_method_call(e, receiver, &name, &args),
            Expr::Cast { expr, .. } => {
                let to = self.ty(e)?;
                self.coerce(expr, &to)?
            }
            Expr::InitList(_) => return Err(self.unsupported("initializer lists", e)),
            Expr::SizeOf { .. } => return Err(self.unsupported("sizeof", e)),
        };
        Ok(Some(v))
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

    /// Whether `e` denotes memory (and can be lowered as a [`Place`] without effects).
    pub fn is_place_expr(&self, e: ExprId) -> bool {
        match self.body.expr(e) {
            Expr::Local(_) | Expr::Path(_) => true,
            Expr::Paren(i) => self.is_place_expr(*i),
            Expr::Field { expr, .. } => self.is_place_expr(*expr),
            Expr::Index { base, .. } => self.is_place_expr(*base),
            _ => false,
        }
    }

    /// The place `e` denotes.
    pub fn lvalue(&mut self, e: ExprId) -> R<Place> {
        match self.body.expr(e).clone() {
            Expr::Local(l) => Ok(Place::Ptr(self.local_ptr(l)?)),
            Expr::Paren(i) => self.lvalue(i),
            Expr::Path(path) => {
                let Some(name) = path.as_name().map(str::to_owned) else {
                    return Err(self.unsupported("qualified names", e));
                };
                let items = self.cx.lookup_value(self.item, &name);
                let Some(&idx) = items.first() else {
                    return Err(self.unsupported("this name", e));
                };
                if !matches!(self.cx.tree.item(idx).kind, ItemKind::Variable(_)) {
                    return Err(self.unsupported("this kind of name in an expression", e));
                }
                match self.cx.global_for(idx)? {
                    GlobalRef::Var(g) => Ok(Place::Ptr(Value::Global(g))),
                    GlobalRef::CBufferMember(g, m) => {
                        let idx = self.fb().int(m as i32);
                        Ok(Place::Ptr(self.fb().access_chain(Value::Global(g), &[idx])))
                    }
                }
            }
            Expr::Field { expr, name } => {
                let base = self.lvalue(expr)?;
                let bt = self.place_type(&base);
                match (&bt, &base) {
                    (Type::Struct(s), Place::Ptr(p)) => {
                        let Some(i) = s.field_index(&name) else {
                            return Err(self.unsupported("this member", e));
                        };
                        let i = self.fb().int(i as i32);
                        Ok(Place::Ptr(self.fb().access_chain(*p, &[i])))
                    }
                    (Type::Vector(..) | Type::Scalar(_), _) => match swizzle_components(&name) {
                        Some(c) => Ok(Place::Swizzle(Box::new(base), c)),
                        None => Err(self.unsupported("this member", e)),
                    },
                    _ => Err(self.unsupported("this member access", e)),
                }
            }
            Expr::Index { base, index } => {
                let b = self.lvalue(base)?;
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
                            let ct = self.ty(index)?;
                            let n = ct.component_count().unwrap_or(1) as u8;
                            let to = if n == 1 {
                                Type::UINT
                            } else {
                                Type::Vector(ScalarKind::Uint, n)
                            };
                            let coord = self.coerce(index, &to)?;
                            Ok(Place::Texel {
                                resource: ptr,
                                coord,
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
            _ => Err(self.unsupported("assigning to this expression", e)),
        }
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
            PrefixOp::PreInc | PrefixOp::PreDec => {
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
                new
            }
        })
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
                if ty == Type::BOOL {
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
                if let Some(r) = self.assign_mesh_output(e, lhs, rhs, op.is_some()) {
                    return r.map(Some);
                }
                let p = self.lvalue(lhs)?;
                let ty = self.place_type(&p);
                let v = match op {
                    None => self.coerce(rhs, &ty)?,
                    Some(a) => {
                        let old = self.load_place(&p)?;
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
                            (Type::Matrix { .. }, _) => ty.clone(),
                            (Type::Scalar(_), _) => {
                                Type::Scalar(opty.scalar_kind().unwrap_or(ScalarKind::Float))
                            }
                            _ => {
                                return Err(
                                    self.unsupported(&format!("compound assignment to {ty}"), e)
                                )
                            }
                        };
                        let old = self.convert_value(old, &ty, &opty, e)?;
                        let r = self.coerce(rhs, &opty)?;
                        let n = self.fb().binary(arith_opcode(a), old, r);
                        self.convert_value(n, &opty, &ty, e)?
                    }
                };
                self.store_place(&p, v)?;
                v
            }
            BinaryOp::Comma => {
                self.lower_expr(lhs)?;
                return self.lower_expr(rhs);
            }
        };
        Ok(Some(v))
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

    /// Whether evaluating `e` has no effects (no calls, assignments or increments).
    fn is_pure(&self, e: ExprId) -> bool {
        let own = match self.body.expr(e) {
            Expr::Call { callee, .. } => {
                matches!(self.body.expr(*callee), Expr::Path(p) if p.as_name().and_then(Type::from_hlsl_name).is_some())
            }
            Expr::MethodCall { .. } | Expr::Postfix { .. } => false,
            Expr::Prefix { op, .. } => !matches!(op, PrefixOp::PreInc | PrefixOp::PreDec),
            Expr::Binary { op, .. } => !matches!(op, BinaryOp::Assign { .. }),
            _ => true,
        };
        own && self.body.children(e).into_iter().all(|c| self.is_pure(c))
    }

    fn lower_conditional(
        &mut self,
        e: ExprId,
        cond: ExprId,
        then: ExprId,
        otherwise: ExprId,
    ) -> R<Value> {
        let ty = self.ty(e)?;
        if self.is_pure(then) && self.is_pure(otherwise) {
            let ct = self.ty(cond)?;
            let cty = match (&ct, &ty) {
                (Type::Vector(..), Type::Vector(_, n)) => Type::Vector(ScalarKind::Bool, *n),
                _ => Type::BOOL,
            };
            let c = self.coerce(cond, &cty)?;
            let a = self.coerce(then, &ty)?;
            let b = self.coerce(otherwise, &ty)?;
            return Ok(self.fb().select(c, a, b));
        }
        let c = self.coerce(cond, &Type::BOOL)?;
        let header = self.current.expect("reachable");
        let then_b = self.new_block("cond.then");
        let else_b = self.new_block("cond.else");
        let merge = self.new_block("cond.merge");
        self.cx
            .mb
            .function(self.func)
            .mark_selection(header, merge, None);
        self.cond_br(c, then_b, else_b);
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
