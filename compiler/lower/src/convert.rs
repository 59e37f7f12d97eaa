//! Implicit conversions: literals become constants of the type they are used at; values
//! change kind with `convert` (to `bool` as a comparison with zero, from `bool` as a
//! `select`), splat to vectors with `composite_construct` and truncate with `swizzle` or
//! `composite_extract`; a matrix becomes a vector (and back, or another matrix shape it does
//! not contain) component by component in row-major order, and a 1x1 matrix splats like a
//! scalar.

use hir::body::{Expr, ExprId, Literal};
use hir::type_ref::{FloatSuffix, IntSuffix};
use ir::{Constant, Opcode, Value};
use types::{ScalarKind, Type};

use crate::context::R;
use crate::func::FnLower;

/// The scalar constant of `kind` with the value of a literal.
pub fn literal_constant(lit: &Literal, kind: ScalarKind) -> Option<Constant> {
    let (i, f) = literal_value(lit)?;
    Some(scalar_constant(kind, i, f))
}

/// `lit` as the language version reads it: from HLSL 202x on an unsuffixed floating literal
/// is a `float` (DXC's conforming literals, `-HV 202x`), so its value is rounded to 32 bits
/// before any conversion (`double(5.57)` is the double nearest the float nearest 5.57);
/// earlier versions keep the literal's full precision until it meets its type.
pub fn conforming_literal(lit: Literal, hlsl_version: u32) -> Literal {
    match lit {
        Literal::Float(bits, FloatSuffix::None) if hlsl_version >= hir::HLSL_202X => {
            let f = f64::from(f64::from_bits(bits) as f32);
            Literal::Float(f.to_bits(), FloatSuffix::None)
        }
        other => other,
    }
}

/// A literal's value as an integer and as a float; `None` for strings.
fn literal_value(lit: &Literal) -> Option<(i64, f64)> {
    Some(match lit {
        // Unsuffixed literals are signed: a wrapped negative value (`-2` folded to 2^64 - 2) is
        // -2 as a float, while `0xFFFFFFFFFFFFFFFFul` keeps its unsigned value.
        Literal::Int(v, IntSuffix::Unsigned | IntSuffix::UnsignedLong) => (*v as i64, *v as f64),
        Literal::Int(v, _) => (*v as i64, *v as i64 as f64),
        Literal::Float(bits, _) => {
            let f = f64::from_bits(*bits);
            (f as i64, f)
        }
        Literal::Bool(b) => (i64::from(*b), f64::from(u8::from(*b))),
        Literal::String => return None,
    })
}

/// The constant of `kind` for a value known both as an integer and as a float.
fn scalar_constant(kind: ScalarKind, i: i64, f: f64) -> Constant {
    if kind.is_bool() {
        Constant::bool(f != 0.0)
    } else if kind.is_float() {
        Constant::float_of(kind, f)
    } else {
        Constant::scalar(kind, i as u64)
    }
}

impl FnLower<'_, '_> {
    /// `e` converted to `to`.
    pub fn coerce(&mut self, e: ExprId, to: &Type) -> R<Value> {
        if let Some(v) = self.literal_at(e, to) {
            return Ok(v);
        }
        if let Expr::InitList(_) = self.body.expr(e) {
            return self.init_list(e, to);
        }
        let v = self.rvalue(e)?;
        let from = self.type_of(v);
        self.convert_value(v, &from, to, e)
    }

    /// A (possibly negated, parenthesized) literal as a constant of `to`.
    pub(crate) fn literal_at(&mut self, e: ExprId, to: &Type) -> Option<Value> {
        if let Some(i) = self.folded_literal_int(e) {
            let kind = to.scalar_kind()?;
            return self.constant_at(scalar_constant(kind, i, i as f64), to);
        }
        if let Some(f) = self.folded_literal_float(e) {
            let kind = to.scalar_kind()?;
            return self.constant_at(scalar_constant(kind, f as i64, f), to);
        }
        let (lit, neg) = match self.body.expr(e) {
            Expr::Literal(l) => (l.clone(), false),
            Expr::Paren(i) => return self.literal_at(*i, to),
            Expr::Prefix {
                op: syntax::ast::PrefixOp::Neg,
                expr,
            } => match self.body.expr(*expr) {
                Expr::Literal(l) => (l.clone(), true),
                _ => return None,
            },
            _ => return None,
        };
        let kind = to.scalar_kind()?;
        let lit = conforming_literal(lit, self.hlsl_version());
        // Negate the value, not the literal's bits: `-2` is -2.0 as a float, not 2^64 - 2.
        let (i, f) = literal_value(&lit)?;
        let c = if neg {
            scalar_constant(kind, i.wrapping_neg(), -f)
        } else {
            scalar_constant(kind, i, f)
        };
        self.constant_at(c, to)
    }

    /// The scalar constant `c`, splat to the shape of `to`.
    fn constant_at(&mut self, c: Constant, to: &Type) -> Option<Value> {
        let kind = to.scalar_kind()?;
        match to {
            Type::Scalar(_) => Some(self.fb().constant(c)),
            Type::Vector(_, n) => {
                let mut fb = self.fb();
                let h = fb.module_builder().const_handle(c);
                Some(
                    fb.module_builder()
                        .composite(to.clone(), vec![h; *n as usize]),
                )
            }
            Type::Matrix { rows, cols, .. } => {
                let mut fb = self.fb();
                let mb = fb.module_builder();
                let h = mb.const_handle(c);
                let row = mb.composite(Type::Vector(kind, *cols), vec![h; usize::from(*cols)]);
                let Value::Const(row) = row else {
                    return None;
                };
                Some(mb.composite(to.clone(), vec![row; usize::from(*rows)]))
            }
            _ => None,
        }
    }

    /// Converts `v` of type `from` to `to`; `e` is where to report what cannot be.
    pub fn convert_value(&mut self, v: Value, from: &Type, to: &Type, e: ExprId) -> R<Value> {
        if from == to {
            return Ok(v);
        }
        if matches!(from, Type::BufferPointer { .. }) || matches!(to, Type::BufferPointer { .. }) {
            return self.convert_buffer_pointer(v, from, to, e);
        }
        let aggregate = |t: &Type| matches!(t, Type::Struct(_) | Type::Array { .. });
        if aggregate(from) || aggregate(to) {
            return self.convert_flat(v, from, to, e);
        }
        let (Some(fk), Some(tk)) = (from.scalar_kind(), to.scalar_kind()) else {
            return Err(self.unsupported(&format!("converting {from} to {to}"), e));
        };
        match (from, to) {
            (Type::Scalar(_), Type::Scalar(_)) | (Type::Vector(..), Type::Vector(..))
                if from.component_count() == to.component_count() =>
            {
                Ok(self.convert_kind(v, fk, tk, to))
            }
            (Type::Scalar(_), Type::Vector(_, n)) => {
                let s = self.convert_kind(v, fk, tk, &Type::Scalar(tk));
                Ok(self.fb().construct(to.clone(), &vec![s; *n as usize]))
            }
            (Type::Vector(..), Type::Scalar(_)) => {
                let s = self.fb().extract(v, &[0]);
                Ok(self.convert_kind(s, fk, tk, to))
            }
            (Type::Vector(_, 1), Type::Vector(..)) => {
                // A one-component vector splats like a scalar (`float4 r = f1;`).
                let s = self.fb().extract(v, &[0]);
                self.convert_value(s, &Type::Scalar(fk), to, e)
            }
            (Type::Vector(..), Type::Vector(_, 1)) => {
                // To a one-component vector (`bool1 b = f4;`): a one-component swizzle is a
                // scalar, so the leading component is converted and wrapped.
                let s = self.fb().extract(v, &[0]);
                let s = self.convert_kind(s, fk, tk, &Type::Scalar(tk));
                Ok(self.fb().construct(to.clone(), &[s]))
            }
            (Type::Vector(_, m), Type::Vector(_, n)) if m > n => {
                let comps: Vec<u8> = (0..*n).collect();
                let t = self.fb().swizzle(v, &comps);
                Ok(self.convert_kind(t, fk, tk, to))
            }
            (Type::Scalar(_), Type::Matrix { rows, cols, .. }) => {
                // A scalar fills every component.
                let s = self.convert_kind(v, fk, tk, &Type::Scalar(tk));
                let row_ty = Type::Vector(tk, *cols);
                let row = self.fb().construct(row_ty, &vec![s; usize::from(*cols)]);
                Ok(self
                    .fb()
                    .construct(to.clone(), &vec![row; usize::from(*rows)]))
            }
            (
                Type::Matrix {
                    rows: r, cols: c, ..
                },
                Type::Matrix {
                    rows: r2, cols: c2, ..
                },
            ) if r2 <= r && c2 <= c => {
                // Row by row: the leading rows, each cut to the leading columns, then
                // converted to the new component kind (`(int2x3)m`, `(half3x3)m`,
                // `(float2x1)m`).
                let comps: Vec<u8> = (0..*c2).collect();
                let row_ty = Type::Vector(tk, *c2);
                let mut rows = Vec::new();
                for i in 0..*r2 {
                    let row = if *c2 == 1 && *c > 1 {
                        // One column: a one-component row from the leading component.
                        let x = self.fb().extract(v, &[u32::from(i), 0]);
                        self.fb().construct(Type::Vector(fk, 1), &[x])
                    } else {
                        let row = self.fb().extract(v, &[u32::from(i)]);
                        if c2 == c {
                            row
                        } else {
                            self.fb().swizzle(row, &comps)
                        }
                    };
                    rows.push(self.convert_kind(row, fk, tk, &row_ty));
                }
                Ok(self.fb().construct(to.clone(), &rows))
            }
            (Type::Matrix { .. }, Type::Scalar(_)) => {
                // Truncation to the first component.
                let s = self.fb().extract(v, &[0, 0]);
                Ok(self.convert_kind(s, fk, tk, to))
            }
            (
                Type::Matrix {
                    rows: 1, cols: 1, ..
                },
                Type::Matrix { .. } | Type::Vector(..),
            ) => {
                // A 1x1 matrix splats like a scalar.
                let s = self.fb().extract(v, &[0, 0]);
                self.convert_value(s, &Type::Scalar(fk), to, e)
            }
            (Type::Vector(_, 1), Type::Matrix { .. }) => {
                let s = self.fb().extract(v, &[0]);
                self.convert_value(s, &Type::Scalar(fk), to, e)
            }
            (Type::Matrix { .. }, Type::Vector(..))
            | (Type::Vector(..), Type::Matrix { .. })
            | (Type::Matrix { .. }, Type::Matrix { .. }) => {
                // Also a matrix to one it does not contain (`(float1x3)m3x1`): in order.
                self.convert_in_order(v, from, to, e)
            }
            _ => Err(self.unsupported(&format!("converting {from} to {to}"), e)),
        }
    }

    /// A matrix to a vector or a vector to a matrix (`(float3)m1x3`, `(float1x3)v`,
    /// `(float4)m2x2`), or a matrix to another shape (`(float1x3)m3x1`): the components of `v` in row-major order fill those of `to`, and any
    /// left over are dropped.
    fn convert_in_order(&mut self, v: Value, from: &Type, to: &Type, e: ExprId) -> R<Value> {
        let (Some(fk), Some(tk)) = (from.scalar_kind(), to.scalar_kind()) else {
            return Err(self.unsupported(&format!("converting {from} to {to}"), e));
        };
        let paths: Vec<Vec<u32>> = match *from {
            Type::Matrix { rows, cols, .. } => (0..u32::from(rows))
                .flat_map(|r| (0..u32::from(cols)).map(move |c| vec![r, c]))
                .collect(),
            Type::Vector(_, n) => (0..u32::from(n)).map(|c| vec![c]).collect(),
            _ => Vec::new(),
        };
        let mut comps = paths.into_iter();
        let mut next = || comps.next();
        let mut take = |this: &mut Self, n: u8| -> R<Vec<Value>> {
            let mut out = Vec::new();
            for _ in 0..n {
                let Some(path) = next() else {
                    return Err(this.unsupported(&format!("converting {from} to {to}"), e));
                };
                let x = this.fb().extract(v, &path);
                out.push(this.convert_kind(x, fk, tk, &Type::Scalar(tk)));
            }
            Ok(out)
        };
        match *to {
            Type::Vector(_, n) => {
                let parts = take(self, n)?;
                Ok(self.fb().construct(to.clone(), &parts))
            }
            Type::Matrix { rows, cols, .. } => {
                let mut row_values = Vec::new();
                for _ in 0..rows {
                    let parts = take(self, cols)?;
                    row_values.push(self.fb().construct(Type::Vector(tk, cols), &parts));
                }
                Ok(self.fb().construct(to.clone(), &row_values))
            }
            _ => Err(self.unsupported(&format!("converting {from} to {to}"), e)),
        }
    }

    /// A cast to or from a struct or array, by HLSL's flat rule: a scalar fills every
    /// component of `to` (`(S)0`); otherwise the components of `v` in order fill those of
    /// `to`, and any left over are dropped (`(float2)s` of a struct of three floats).
    fn convert_flat(&mut self, v: Value, from: &Type, to: &Type, e: ExprId) -> R<Value> {
        if let Type::Scalar(_) = from {
            return self.build_from(to, &mut std::iter::repeat((v, e)), e);
        }
        let mut scalars = Vec::new();
        self.split_value(v, e, &mut scalars)?;
        let needed = hir::infer::ops::flat_count(to).unwrap_or(u32::MAX) as usize;
        if scalars.len() < needed {
            return Err(self.unsupported(&format!("converting {from} to {to}"), e));
        }
        self.build_from(to, &mut scalars.into_iter(), e)
    }

    /// Changes the scalar kind of `v` (already of `to`'s shape).
    pub(crate) fn convert_kind(
        &mut self,
        v: Value,
        from: ScalarKind,
        to: ScalarKind,
        to_ty: &Type,
    ) -> Value {
        if from == to {
            return v;
        }
        let from_ty = self.type_of(v);
        if to.is_bool() {
            let zero = self.zero_of(&from_ty);
            return self.fb().compare(Opcode::Ne, v, zero);
        }
        if from.is_bool() {
            let one = self.splat_const(
                to_ty,
                literal_constant(&Literal::Int(1, hir::type_ref::IntSuffix::None), to).unwrap(),
            );
            let zero = self.zero_of(to_ty);
            return self.fb().select(v, one, zero);
        }
        self.fb().convert(v, to_ty.clone())
    }

    /// The constant `c` (a scalar) at the shape of `ty`.
    pub fn splat_const(&mut self, ty: &Type, c: Constant) -> Value {
        let mut fb = self.fb();
        match ty {
            Type::Vector(_, n) => {
                let h = fb.module_builder().const_handle(c);
                fb.module_builder()
                    .composite(ty.clone(), vec![h; *n as usize])
            }
            Type::Matrix { rows, cols, .. } => {
                // Matrices are composites of rows (`m++` adds a matrix of ones).
                let mb = fb.module_builder();
                let h = mb.const_handle(c.clone());
                let row = Constant {
                    ty: Type::Vector(c.ty.scalar_kind().unwrap_or(ScalarKind::Float), *cols),
                    kind: ir::ConstantKind::Composite(vec![h; usize::from(*cols)]),
                };
                let r = mb.const_handle(row);
                mb.composite(ty.clone(), vec![r; usize::from(*rows)])
            }
            _ => fb.constant(c),
        }
    }

    pub fn zero_of(&mut self, ty: &Type) -> Value {
        let k = ty.scalar_kind().unwrap_or(ScalarKind::Int);
        let c = literal_constant(&Literal::Int(0, hir::type_ref::IntSuffix::None), k).unwrap();
        self.splat_const(ty, c)
    }

    pub fn one_of(&mut self, ty: &Type) -> Value {
        let k = ty.scalar_kind().unwrap_or(ScalarKind::Int);
        let c = literal_constant(&Literal::Int(1, hir::type_ref::IntSuffix::None), k).unwrap();
        self.splat_const(ty, c)
    }
}

impl FnLower<'_, '_> {
    /// `{...}` at type `to`, by HLSL's flat rule: every scalar of the (nested) list, in
    /// order, fills the next scalar of `to`.
    fn init_list(&mut self, e: ExprId, to: &Type) -> R<Value> {
        let mut scalars = Vec::new();
        self.flatten_into(e, &mut scalars)?;
        let mut next = scalars.into_iter();
        let v = self.build_from(to, &mut next, e)?;
        if next.next().is_some() {
            return Err(self.unsupported("an initializer list with extra values", e));
        }
        Ok(v)
    }

    /// A value of `to` from the scalars of `args` in order (matrix and struct constructors).
    pub fn construct_flat(&mut self, e: ExprId, args: &[ExprId], to: &Type) -> R<Value> {
        let mut scalars = Vec::new();
        for &a in args {
            self.flatten_into(a, &mut scalars)?;
        }
        if scalars.len() == 1 {
            if let Type::Matrix { .. } = to {
                let (v, src) = scalars[0];
                let from = self.type_of(v);
                return self.convert_value(v, &from, to, src);
            }
        }
        let mut next = scalars.into_iter();
        let v = self.build_from(to, &mut next, e)?;
        if next.next().is_some() {
            return Err(self.unsupported("a constructor with extra values", e));
        }
        Ok(v)
    }

    /// The scalar values of `e` in order (lists flattened, aggregates split).
    pub(crate) fn flatten_into(&mut self, e: ExprId, out: &mut Vec<(Value, ExprId)>) -> R<()> {
        if let Expr::InitList(items) = self.body.expr(e).clone() {
            for i in items {
                self.flatten_into(i, out)?;
            }
            return Ok(());
        }
        let v = self.rvalue(e)?;
        self.split_value(v, e, out)
    }

    /// The scalar values of `v` (of expression `e`) in order, aggregates split.
    pub(crate) fn split_value(
        &mut self,
        v: Value,
        e: ExprId,
        out: &mut Vec<(Value, ExprId)>,
    ) -> R<()> {
        let ty = self.type_of(v);
        let n = match &ty {
            // A buffer pointer is one value of the list, as a scalar is.
            Type::Scalar(_) | Type::BufferPointer { .. } => {
                out.push((v, e));
                return Ok(());
            }
            Type::Vector(_, n) => u32::from(*n),
            Type::Matrix { rows, .. } => u32::from(*rows),
            Type::Array { len: Some(n), .. } => *n,
            Type::Struct(s) => s.fields.len() as u32,
            _ => return Err(self.unsupported(&format!("{ty} in an initializer list"), e)),
        };
        for i in 0..n {
            // An unnamed bit-field is no member: it gives no value to a list.
            if let Type::Struct(s) = &ty {
                if s.fields[i as usize].is_unnamed_bit_field() {
                    continue;
                }
            }
            let part = self.fb().extract(v, &[i]);
            self.split_value(part, e, out)?;
        }
        Ok(())
    }

    pub(crate) fn build_from(
        &mut self,
        to: &Type,
        next: &mut impl Iterator<Item = (Value, ExprId)>,
        e: ExprId,
    ) -> R<Value> {
        let parts: Vec<Type> = match to {
            Type::BufferPointer { .. } => {
                // Only a pointer of the same type: an address initializes one explicitly.
                return match next.next() {
                    Some((v, _)) if self.type_of(v) == *to => Ok(v),
                    Some((_, src)) => Err(self.unsupported(
                        &format!("initializing {to} from another type in a list"),
                        src,
                    )),
                    None => Err(self.unsupported("an initializer list with too few values", e)),
                };
            }
            Type::Scalar(_) => {
                let Some((v, src)) = next.next() else {
                    return Err(self.unsupported("an initializer list with too few values", e));
                };
                if let Some(c) = self.literal_at(src, to) {
                    return Ok(c);
                }
                let from = self.type_of(v);
                return self.convert_value(v, &from, to, src);
            }
            Type::Vector(k, n) => vec![Type::Scalar(*k); usize::from(*n)],
            Type::Matrix {
                scalar, rows, cols, ..
            } => vec![Type::Vector(*scalar, *cols); usize::from(*rows)],
            Type::Array {
                element,
                len: Some(n),
            } => vec![(**element).clone(); *n as usize],
            Type::Struct(s) => {
                // An unnamed bit-field takes no initializer (C++ [dcl.init.aggr]): zero.
                let mut vals = Vec::with_capacity(s.fields.len());
                for (i, f) in s.fields.iter().enumerate() {
                    let Some(ty) = Type::member(s, i) else {
                        continue;
                    };
                    vals.push(if f.is_unnamed_bit_field() {
                        self.zero_of(&ty)
                    } else {
                        self.build_from(&ty, next, e)?
                    });
                }
                return Ok(self.fb().construct(to.clone(), &vals));
            }
            _ => return Err(self.unsupported(&format!("initializing {to} from a list"), e)),
        };
        let mut vals = Vec::new();
        for p in &parts {
            vals.push(self.build_from(p, next, e)?);
        }
        Ok(self.fb().construct(to.clone(), &vals))
    }
}

/// The type both operands of a comparison or arithmetic operator are converted to.
pub fn common_type(a: &Type, a_lit: bool, b: &Type, b_lit: bool) -> Option<Type> {
    let (ka, kb) = (a.scalar_kind()?, b.scalar_kind()?);
    let rank = |k: ScalarKind| match k {
        ScalarKind::Bool => 0,
        k if k.is_integer() && k.is_signed_integer() => 1 + k.bit_width() / 8,
        k if k.is_integer() => 2 + k.bit_width() / 8,
        k => 100 + k.bit_width(),
    };
    let kind = if a_lit && !b_lit {
        if ka.is_float() && !kb.is_float() {
            ScalarKind::Float
        } else {
            kb
        }
    } else if b_lit && !a_lit {
        if kb.is_float() && !ka.is_float() {
            ScalarKind::Float
        } else {
            ka
        }
    } else if rank(ka) >= rank(kb) {
        ka
    } else {
        kb
    };
    // With a matrix, the shape is the checker's: a scalar (or 1x1) takes the other's shape,
    // two matrices truncate to the common part, and a vector meets a one-row matrix as a
    // vector.
    if matches!(a, Type::Matrix { .. }) || matches!(b, Type::Matrix { .. }) {
        return hir::infer::ops::common_shape(a, b, kind).map(|(t, _)| t);
    }
    let n = match (a, b) {
        (Type::Vector(_, n), Type::Vector(_, m)) => Some((*n).min(*m)),
        (Type::Vector(_, n), Type::Scalar(_)) | (Type::Scalar(_), Type::Vector(_, n)) => Some(*n),
        (Type::Scalar(_), Type::Scalar(_)) => None,
        _ => return None,
    };
    Some(match n {
        Some(n) => Type::Vector(kind, n),
        None => Type::Scalar(kind),
    })
}
