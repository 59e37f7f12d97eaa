//! Default arguments whose value is known only at run time: a default that names a global,
//! a cbuffer member or a `static` (`float scale = gScale`), arithmetic on them, or a
//! constructor of them (`float2 at = float2(gX, 0)`). DXC evaluates such a default at each
//! call that leaves the argument out, in the scope of the function's declaration; so does
//! `user_call`, through [`FnLower::run_time_default`], after constant defaults (folded by
//! `hir`'s constant evaluator) have had their turn.
//!
//! The default is read from the declaration as `hir`'s constant expression tree
//! (`ConstExpr`): literals, names, unary and binary operators, `?:`, casts and one-argument
//! constructors; each name is a global variable reached as any use of it in the body would
//! be. A vector constructor of several arguments, and members, constant elements and
//! swizzles of a global (`gLight.dir`, `gTable[2].y`), are read from the syntax. Anything
//! else (a call of a function or intrinsic, a run-time index) stays a clear `E3001`.

use hir::body::ExprId;
use hir::item_tree::{ItemIdx, ItemKind};
use hir::lower_type::{ConstValue, TypeCtx};
use hir::type_ref::ConstExpr;
use ir::{Opcode, Value};
use syntax::ast::{self, AstNode};
use types::{ScalarKind, Type};

use crate::context::{GlobalRef, R};
use crate::func::FnLower;

/// A value computed for a default: the value, its type, and the constant when it is a literal
/// (which adapts to the other operand's type, as DXC's literal types do).
type Computed = (Value, Type, Option<ConstValue>);

impl FnLower<'_, '_> {
    /// The value of parameter `i`'s default (from the first of `decls` that has one) for a
    /// call `e` leaving it out, computed here, converted to the parameter type `ty`.
    pub fn run_time_default(
        &mut self,
        e: ExprId,
        decls: [ItemIdx; 2],
        i: usize,
        ty: &Type,
    ) -> R<Value> {
        let found = decls.into_iter().find_map(|idx| {
            let d = self.cx.tree.function(idx)?.params.get(i)?.default.clone()?;
            Some((idx, d))
        });
        let Some((site, default)) = found else {
            return Err(self.unsupported("this default argument", e));
        };
        let v = match default {
            ConstExpr::Unknown => match self.default_syntax(site, i) {
                Some(ast::Expr::CallExpr(_)) => self.default_constructor(site, i, ty, e)?,
                Some(x) => self.default_access(site, &x, e)?,
                None => return Err(self.unsupported("this default argument", e)),
            },
            d => self.default_value(site, &d, e)?,
        };
        self.convert_computed(v, ty, e)
    }

    /// Computed value `c` as a value of type `to`; a literal becomes a constant of `to`.
    fn convert_computed(&mut self, (v, from, lit): Computed, to: &Type, e: ExprId) -> R<Value> {
        match (lit, to) {
            (Some(c), Type::Scalar(k)) => {
                Ok(self.fb().constant(crate::user_call::const_value(c, *k)))
            }
            (Some(c), Type::Vector(k, _)) => {
                let c = crate::user_call::const_value(c, *k);
                Ok(self.splat_const(to, c))
            }
            _ => self.convert_value(v, &from, to, e),
        }
    }

    /// `d` evaluated in the scope of function `site`.
    fn default_value(&mut self, site: ItemIdx, d: &ConstExpr, e: ExprId) -> R<Computed> {
        // A constant part (a literal, `static const`, an enumerator) is a literal here.
        let tcx = TypeCtx::inside(&self.cx.tree, &self.cx.scope, site);
        if let Some(c) = tcx.eval(d) {
            return Ok(self.literal_of(c, d));
        }
        match d {
            ConstExpr::Path(p) => {
                let Some(name) = p.as_name() else {
                    return Err(self.unsupported("this default argument (a qualified name)", e));
                };
                self.default_global(site, name, e)
            }
            ConstExpr::Neg(x) | ConstExpr::BitNot(x) => {
                let (v, t, _) = self.default_value(site, x, e)?;
                let op = match d {
                    ConstExpr::Neg(_) => Opcode::Neg,
                    _ => Opcode::BitNot,
                };
                Ok((self.fb().unary(op, v), t, None))
            }
            ConstExpr::Not(x) => {
                let x = self.default_value(site, x, e)?;
                let b = bool_shape(&x.1);
                let v = self.convert_computed(x, &b, e)?;
                Ok((self.fb().unary(Opcode::LogicalNot, v), b, None))
            }
            ConstExpr::Binary(op, a, b) => {
                let a = self.default_value(site, a, e)?;
                let b = self.default_value(site, b, e)?;
                self.default_binary(*op, a, b, e)
            }
            ConstExpr::Cond(c, a, b) => {
                let c = self.default_value(site, c, e)?;
                let c = self.convert_computed(c, &Type::BOOL, e)?;
                let a = self.default_value(site, a, e)?;
                let b = self.default_value(site, b, e)?;
                let t = self.common(&a, &b, e)?;
                let a = self.convert_computed(a, &t, e)?;
                let b = self.convert_computed(b, &t, e)?;
                Ok((self.fb().select(c, a, b), t, None))
            }
            ConstExpr::Convert(to, x) => {
                let to = TypeCtx::inside(&self.cx.tree, &self.cx.scope, site)
                    .resolve(to, &mut Vec::new())
                    .map(|t| t.erase_enums());
                let Some(to) = to else {
                    return Err(self.unsupported("this default argument", e));
                };
                let x = self.default_value(site, x, e)?;
                Ok((self.convert_computed(x, &to, e)?, to, None))
            }
            _ => Err(self.unsupported(
                "this default argument (defaults computed at run time may use literals, \
                 globals, their members and constant elements, operators, casts and vector \
                 constructors)",
                e,
            )),
        }
    }

    /// A literal for constant `c`, typed as DXC types a literal (`int`, `float`, `bool`).
    fn literal_of(&mut self, c: ConstValue, d: &ConstExpr) -> Computed {
        let kind = match (d, c) {
            (ConstExpr::Bool(_), _) => ScalarKind::Bool,
            (_, ConstValue::Float(_)) => ScalarKind::Float,
            _ => ScalarKind::Int,
        };
        let v = self.fb().constant(crate::user_call::const_value(c, kind));
        (v, Type::Scalar(kind), Some(c))
    }

    /// The value of global variable `name` as seen from function `site`.
    fn default_global(&mut self, site: ItemIdx, name: &str, e: ExprId) -> R<Computed> {
        let idx = self.cx.lookup_value(site, name).into_iter().find(|&g| {
            matches!(self.cx.tree.item(g).kind, ItemKind::Variable(_))
                && !self.cx.is_resource_item(g)
        });
        let Some(idx) = idx else {
            return Err(self.unsupported(
                &format!("this default argument (`{name}` is not a global variable)"),
                e,
            ));
        };
        let ptr = match self.cx.global_for(idx)? {
            GlobalRef::Var(g) => Value::Global(g),
            GlobalRef::CBufferMember(g, m) => {
                let m = self.fb().int(m as i32);
                self.fb().access_chain(Value::Global(g), &[m])
            }
        };
        let v = self.fb().load(ptr);
        let t = self.type_of(v);
        Ok((v, t, None))
    }

    /// The type two computed operands meet in, as the checker types `a op b`.
    fn common(&mut self, a: &Computed, b: &Computed, e: ExprId) -> R<Type> {
        let (al, bl) = (a.2.is_some(), b.2.is_some());
        match crate::convert::common_type(&a.1, al, &b.1, bl) {
            Some(t) => Ok(t),
            None => Err(self.unsupported("this default argument", e)),
        }
    }

    /// `a op b` for two computed values, in their common type as the checker types it.
    fn default_binary(
        &mut self,
        op: ast::BinaryOp,
        a: Computed,
        b: Computed,
        e: ExprId,
    ) -> R<Computed> {
        let t = self.common(&a, &b, e)?;
        match op {
            ast::BinaryOp::Arith(op) => {
                let a = self.convert_computed(a, &t, e)?;
                let b = self.convert_computed(b, &t, e)?;
                let v = self.fb().binary(crate::expr::arith_opcode(op), a, b);
                Ok((v, t, None))
            }
            ast::BinaryOp::Cmp(op) => {
                let a = self.convert_computed(a, &t, e)?;
                let b = self.convert_computed(b, &t, e)?;
                let v = self.fb().compare(crate::expr::cmp_opcode(op), a, b);
                Ok((v, bool_shape(&t), None))
            }
            ast::BinaryOp::Logic(op) => {
                let t = bool_shape(&t);
                let a = self.convert_computed(a, &t, e)?;
                let b = self.convert_computed(b, &t, e)?;
                let opc = match op {
                    ast::LogicOp::And => Opcode::LogicalAnd,
                    ast::LogicOp::Or => Opcode::LogicalOr,
                };
                Ok((self.fb().binary(opc, a, b), t, None))
            }
            _ => Err(self.unsupported("this default argument", e)),
        }
    }

    /// The syntax of parameter `i`'s default in function `site`'s declaration.
    fn default_syntax(&self, site: ItemIdx, i: usize) -> Option<ast::Expr> {
        let node = crate::attrs::item_node(self.cx, site)?;
        let param = ast::FnDef::cast(node)?.param_list()?.params().nth(i)?;
        param.default_value()
    }

    /// A default that reads part of a global (`gLight.dir`, `gTable[2].y`, `gM._m01`): the
    /// global's value, then its members, constant elements and swizzles.
    fn default_access(&mut self, site: ItemIdx, x: &ast::Expr, e: ExprId) -> R<Computed> {
        match x {
            ast::Expr::ParenExpr(p) => match p.expr() {
                Some(inner) => self.default_access(site, &inner, e),
                None => Err(self.unsupported("this default argument", e)),
            },
            ast::Expr::FieldExpr(f) => {
                let (Some(base), Some(name)) = (f.expr(), f.field_name()) else {
                    return Err(self.unsupported("this default argument", e));
                };
                let (v, t, _) = self.default_access(site, &base, e)?;
                let name = name.text();
                let part = match &t {
                    Type::Struct(s) => s.field_index(&name).map(|k| {
                        let ft = s.fields[k].ty.clone();
                        (self.fb().extract(v, &[k as u32]), ft)
                    }),
                    Type::Vector(k, _) | Type::Scalar(k) => {
                        let k = *k;
                        crate::expr::swizzle_components(&name).map(|c| match (&t, c.len()) {
                            (Type::Scalar(_), 1) => (v, Type::Scalar(k)),
                            (_, 1) => (self.fb().extract(v, &[u32::from(c[0])]), Type::Scalar(k)),
                            (Type::Scalar(_), n) => {
                                let parts = vec![v; n];
                                let vt = Type::Vector(k, n as u8);
                                (self.fb().construct(vt.clone(), &parts), vt)
                            }
                            (_, n) => (self.fb().swizzle(v, &c), Type::Vector(k, n as u8)),
                        })
                    }
                    &Type::Matrix {
                        rows, cols, scalar, ..
                    } => crate::expr::matrix_swizzle(&name, rows, cols)
                        .ok()
                        .map(|el| {
                            let r = self.matrix_elements(v, &el);
                            let rt = match el.len() {
                                1 => Type::Scalar(scalar),
                                n => Type::Vector(scalar, n as u8),
                            };
                            (r, rt)
                        }),
                    _ => None,
                };
                match part {
                    Some((v, t)) => Ok((v, t, None)),
                    None => Err(self.unsupported("this default argument", e)),
                }
            }
            ast::Expr::IndexExpr(ix) => {
                let (Some(base), Some(index)) = (ix.base(), ix.index()) else {
                    return Err(self.unsupported("this default argument", e));
                };
                let (v, t, _) = self.default_access(site, &base, e)?;
                let tcx = TypeCtx::inside(&self.cx.tree, &self.cx.scope, site);
                let k = tcx
                    .eval(&ConstExpr::lower(&index))
                    .and_then(|c| u32::try_from(c.as_int()).ok());
                let part = match (&t, k) {
                    (Type::Array { element, len }, Some(k)) if len.is_none_or(|n| k < n) => {
                        Some((**element).clone())
                    }
                    (Type::Vector(s, n), Some(k)) if k < u32::from(*n) => Some(Type::Scalar(*s)),
                    (
                        Type::Matrix {
                            scalar, rows, cols, ..
                        },
                        Some(k),
                    ) if k < u32::from(*rows) => Some(Type::Vector(*scalar, *cols)),
                    _ => None,
                };
                match (part, k) {
                    (Some(pt), Some(k)) => Ok((self.fb().extract(v, &[k]), pt, None)),
                    _ => Err(self.unsupported(
                        "this default argument (an index into a global that is not a constant)",
                        e,
                    )),
                }
            }
            x => self.default_value(site, &ConstExpr::lower(x), e),
        }
    }

    /// A default written as a constructor of several scalars (`float2(gX, 0)`) for a vector
    /// parameter of type `ty`, each argument computed here.
    fn default_constructor(
        &mut self,
        site: ItemIdx,
        i: usize,
        ty: &Type,
        e: ExprId,
    ) -> R<Computed> {
        let args: Option<Vec<ConstExpr>> = (|| {
            let node = crate::attrs::item_node(self.cx, site)?;
            let param = ast::FnDef::cast(node)?.param_list()?.params().nth(i)?;
            let ast::Expr::CallExpr(call) = param.default_value()? else {
                return None;
            };
            Some(
                call.arg_list()?
                    .args()
                    .map(|a| ConstExpr::lower(&a))
                    .collect(),
            )
        })();
        let (Some(args), Type::Vector(kind, n)) = (args, ty) else {
            return Err(self.unsupported(
                "this default argument (a call other than a vector constructor)",
                e,
            ));
        };
        if args.len() != usize::from(*n) {
            return Err(self.unsupported("this default argument", e));
        }
        let mut parts = Vec::new();
        for a in &args {
            let a = self.default_value(site, a, e)?;
            parts.push(self.convert_computed(a, &Type::Scalar(*kind), e)?);
        }
        Ok((self.fb().construct(ty.clone(), &parts), ty.clone(), None))
    }
}

/// `bool` in the shape of `t` (a scalar or a vector).
fn bool_shape(t: &Type) -> Type {
    match t {
        Type::Vector(_, n) => Type::Vector(ScalarKind::Bool, *n),
        _ => Type::BOOL,
    }
}
