//! Enums as types of their own: the conversions and operator rules of values of enum type, as
//! DXC (clang's C++ rules with HLSL's numeric types) gives them in HLSL 2021.
//!
//! What DXC does, from its documented behaviour and its Sema tests of enums (`SemaHLSL/
//! enums.hlsl`), written down in our words:
//! - An enumerator has its enum's type; a value keeps it through locals, parameters, returns,
//!   struct and cbuffer members and array elements. `enum E : T` takes `bool` or any integer
//!   type as `T` (`int` when none is written); a floating-point `T` is an error ("non-integral
//!   type 'half' is an invalid underlying type").
//! - A plain `enum` value converts implicitly to integer, `bool` and floating-point types
//!   (scalars, and so splats). DXC's overload ranking (`overload_score.rs`) scores each of
//!   those conversions as one cast, its underlying type included: `f(int)`, `f(uint)` and
//!   `f(float)` tie for a `Color` argument (an ambiguous call), and `f(Color)` is an exact
//!   match that wins over them.
//! - A scoped `enum class` value converts to nothing implicitly (DXC: "cannot initialize a
//!   variable of type 'int' with an lvalue of type 'E'"; no overload taking `int` is viable);
//!   an explicit cast (`(int)e`, `int(e)`) converts it.
//! - Nothing converts implicitly to an enum: not an integer, not a literal ("cannot initialize
//!   a variable of type 'E' with an rvalue of type 'literal int'"), not another enum. A cast
//!   (`(E)2`, `(E)Other::A`) does.
//! - In arithmetic, bitwise and logical operators and unary `-`, `+`, `!`, `~`, a plain enum
//!   is its underlying integer (`bool` promotes to `int`), so `Color::Green + 1u` is a `uint`
//!   and `Color::Green + 1.5f` a `float`; a scoped enum is an error ("numeric type expected").
//!   Where DXC departs from C++: an arithmetic or bitwise operator on two values of one plain
//!   enum, or on one and an integer literal (which adapts to the other operand, as DXC's
//!   literals do), gives that enum; so does `?:` with such arms. DXC's Sema treats an unscoped enum as an integer kind of
//!   its own, and its SPIR-V test of enums (`type.enum.hlsl`) stores `First + Second` into a
//!   variable of the enum's type; C++ would call that an `int` and refuse the store.
//! - `==` and `!=` compare two values of one enum, scoped or not; `<`, `>`, `<=`, `>=` only
//!   plain ones (a scoped operand: "numeric type expected"). A plain enum compares with numbers
//!   after promotion; a plain with a scoped enum is an error ("type mismatch").
//! - `++` and `--` on any enum value are errors ("cannot increment expression of enum type").
//! - `switch` takes an enum of either kind, with enumerators as case labels; a plain enum
//!   indexes arrays and is a condition, a scoped one is neither (it would need a conversion).
//! - `sizeof(E)` is the size of the underlying type.
//! - Intrinsic functions take a plain enum as its underlying integer (`sin(e)`, `max(e, 1)`);
//!   a resource method whose parameter is the buffer's element takes the enum itself
//!   (`Append` of an `AppendStructuredBuffer<E>`), and only it. The `intrinsics` crate applies
//!   both rules (a plain enum against a method's numeric parameter ranks as its integer, one
//!   step worse).
//!
//! The rules live here; the operators, conditions, `switch` and calls in `infer` ask them.
//! Below the front end an enum is its underlying type: lowering erases enums
//! (`types::Type::erase_enums`) before it builds IR.

use std::sync::Arc;

use syntax::ast::{BinaryOp, PrefixOp};
use types::{EnumType, ScalarKind, Type};

use super::ops::{self, Conversion, Operand};
use super::{BodyNode, InferCtx};
use crate::body::{Expr, ExprId, Literal, LocalEnum, StmtId};
use crate::codes;

/// An enumerator of an enum declared in a function: its type and its value, when constant.
pub(super) type LocalEnumerator = (Type, Option<i64>);

/// Whether `ty` can be written as an enum's underlying type: `bool` or an integer scalar.
pub(super) fn integral(ty: &Type) -> bool {
    matches!(ty, Type::Scalar(k) if !k.is_float())
}

/// DXC's words for a floating-point underlying type.
pub(crate) fn non_integral_message(ty: &Type) -> String {
    format!("non-integral type `{ty}` is an invalid underlying type of an enum")
}

/// The conversion rank of a value of type `from` to `to` when either is an enum; `None`
/// when neither is (the numeric rules apply).
pub(super) fn enum_conversion(from: &Operand, to: &Type) -> Option<Conversion> {
    match (&from.ty, to) {
        (Type::Enum(a), Type::Enum(b)) if a == b => Some(Conversion::Exact),
        // Numbers (and the other packed type) convert to a packed byte vector as to `uint`.
        (_, Type::Enum(b)) if b.is_packed_bytes() => {
            let from = match &from.ty {
                Type::Enum(a) if a.is_packed_bytes() => Operand {
                    ty: Type::Scalar(a.underlying),
                    literal: false,
                },
                _ => from.clone(),
            };
            let to = Type::Scalar(b.underlying);
            Some(ops::conversion(&from, &to).max(Conversion::Conversion))
        }
        (_, Type::Enum(_)) => Some(Conversion::Incompatible),
        (Type::Enum(e), _) if e.scoped => Some(Conversion::Incompatible),
        (Type::Enum(e), _) => {
            let promoted = Operand {
                ty: Type::Scalar(e.underlying),
                literal: false,
            };
            Some(match ops::conversion(&promoted, to) {
                // Its rank only tells truncations apart now: overloads are ranked by
                // `overload_score`, which counts any conversion of an enum as one cast.
                Conversion::Exact => Conversion::Promotion,
                Conversion::Promotion => Conversion::Conversion,
                other => other,
            })
        }
        _ => None,
    }
}

/// A plain enum operand as the built-in operators see it: its underlying integer, `bool`
/// promoted to `int`. Other operands are unchanged; a scoped enum is `Err`.
pub(super) fn promote(op: Operand) -> Result<Operand, Arc<EnumType>> {
    match op.ty {
        Type::Enum(e) if e.scoped => Err(e),
        Type::Enum(e) => Ok(Operand {
            ty: Type::Scalar(match e.underlying {
                ScalarKind::Bool => ScalarKind::Int,
                k => k,
            }),
            literal: false,
        }),
        ty => Ok(Operand { ty, ..op }),
    }
}

/// The type of an arithmetic or bitwise operator on two values of one plain enum, or on one
/// and a literal: that enum (DXC's rule, see the module comment); `None` otherwise.
pub(super) fn same_enum_result(a: Operand, b: Operand) -> Option<Type> {
    let int_literal = |o: &Operand| o.literal && o.ty.scalar_kind().is_some_and(|k| !k.is_float());
    match (&a.ty, &b.ty) {
        (Type::Enum(x), Type::Enum(y)) if x == y && !x.scoped => Some(a.ty),
        (Type::Enum(x), _) if !x.scoped && int_literal(&b) => Some(a.ty),
        (_, Type::Enum(y)) if !y.scoped && int_literal(&a) => Some(b.ty),
        _ => None,
    }
}

/// Whether `ty` is a plain (unscoped) enum.
pub(super) fn is_plain(ty: &Type) -> bool {
    matches!(ty, Type::Enum(e) if !e.scoped)
}

impl InferCtx<'_> {
    /// Declares an enum of the body: infers its enumerators' values (integer constants, which
    /// lowering reads through `Resolution::LocalEnumerator`) and makes the enumerators visible
    /// with the enum's type, as for enums at file scope.
    pub(super) fn local_enum(&mut self, stmt: StmtId, name: &str, e: &LocalEnum) -> Type {
        let underlying = match &e.underlying {
            Some(u) => {
                let written = self.resolve_type(u, BodyNode::Stmt(stmt));
                if let Some(t) = written.as_ref().filter(|t| !integral(t)) {
                    self.diag(
                        codes::TYPE_MISMATCH,
                        BodyNode::Stmt(stmt),
                        non_integral_message(t),
                    );
                }
                crate::lower_type::enum_underlying(written)
            }
            None => ScalarKind::Int,
        };
        let ty = Type::enumeration(EnumType {
            name: name.to_owned(),
            scoped: e.scoped,
            underlying,
        });
        let mut next = Some(0i64);
        let mut values = Vec::with_capacity(e.enumerators.len());
        // A scoped enum's enumerators are named plainly inside its definition only: what
        // those names meant before comes back after it.
        let shadowed: Vec<(String, Option<LocalEnumerator>)> = if e.scoped {
            e.enumerators
                .iter()
                .map(|(v, _)| (v.clone(), self.local_enumerators.get(v).cloned()))
                .collect()
        } else {
            Vec::new()
        };
        for (variant, value) in &e.enumerators {
            if let Some(value) = value {
                let found = self.infer_expr(*value);
                if found.as_ref().is_some_and(|t| !integral(t) && !is_plain(t)) {
                    self.diag(
                        codes::TYPE_MISMATCH,
                        BodyNode::Expr(*value),
                        format!(
                            "the value of enumerator `{variant}` must be an integer constant, found `{}`",
                            found.map_or_else(String::new, |t| t.to_string())
                        ),
                    );
                }
                next = self.const_int(*value);
            }
            values.push(next);
            // Inside the definition an enumerator has the underlying type (C++'s rule), so
            // a later value may compute with an earlier one, even in an `enum class`.
            let inside = (Type::Scalar(underlying), next);
            self.local_enumerators
                .insert(variant.clone(), inside.clone());
            self.local_enumerators
                .insert(format!("{name}::{variant}"), inside);
            next = next.and_then(|v| v.checked_add(1));
        }
        for (variant, before) in shadowed {
            match before {
                Some(b) => self.local_enumerators.insert(variant, b),
                None => self.local_enumerators.remove(&variant),
            };
        }
        for ((variant, _), value) in e.enumerators.iter().zip(values) {
            if !e.scoped {
                self.local_enumerators
                    .insert(variant.clone(), (ty.clone(), value));
            }
            self.local_enumerators
                .insert(format!("{name}::{variant}"), (ty.clone(), value));
        }
        ty
    }

    /// The value of an integer constant expression of the body (an enumerator's value):
    /// literals, enumerators, constants and the integer operators; `None` otherwise.
    pub(super) fn const_int(&self, e: ExprId) -> Option<i64> {
        Some(match self.body.expr(e) {
            Expr::Literal(Literal::Int(v, _)) => *v as i64,
            Expr::Literal(Literal::Bool(b)) => i64::from(*b),
            Expr::Paren(inner) | Expr::Cast { expr: inner, .. } => self.const_int(*inner)?,
            Expr::Prefix { op, expr } => {
                let v = self.const_int(*expr)?;
                match op {
                    PrefixOp::Neg => v.checked_neg()?,
                    PrefixOp::Plus => v,
                    PrefixOp::BitNot => !v,
                    PrefixOp::Not => i64::from(v == 0),
                    PrefixOp::PreInc | PrefixOp::PreDec => return None,
                }
            }
            Expr::Binary {
                op: BinaryOp::Arith(op),
                lhs,
                rhs,
            } => {
                let (a, b) = (self.const_int(*lhs)?, self.const_int(*rhs)?);
                op.checked_i64(a, b)?
            }
            Expr::Path(path) => match self.local_enumerator(path) {
                Some((_, value)) => value?,
                None => {
                    let found = self.scope.lookup_qualified(self.tree, &self.tcx.site, path);
                    self.tcx.item_value(*found.first()?)?.as_int()
                }
            },
            _ => return None,
        })
    }

    /// Both operands of a built-in binary operator, plain enums promoted; `None` after an
    /// error on a scoped enum (reported at `at`) or when an operand is unknown.
    pub(super) fn promoted_operands(
        &mut self,
        at: ExprId,
        lhs: ExprId,
        rhs: ExprId,
    ) -> Option<(Operand, Operand)> {
        let (a, b) = (self.operand(lhs)?, self.operand(rhs)?);
        match (promote(a), promote(b)) {
            (Ok(a), Ok(b)) => Some((a, b)),
            (Err(e), _) | (_, Err(e)) => {
                self.scoped_enum_operand(at, &e);
                None
            }
        }
    }

    /// An error for a scoped enum used where a number is needed.
    pub(super) fn scoped_enum_operand(&mut self, at: ExprId, e: &EnumType) {
        self.diag(
            codes::INVALID_OPERANDS,
            BodyNode::Expr(at),
            format!(
                "numeric type expected: a value of scoped enum type `{}` needs an explicit cast",
                e.name
            ),
        );
    }

    /// A comparison where an operand is an enum: `Some(result type)` when the enum rules
    /// decide it (two values of one enum, or an error), `None` to go on with the promoted
    /// numeric rules.
    pub(super) fn enum_comparison(
        &mut self,
        id: ExprId,
        equality: bool,
        a: &Type,
        b: &Type,
    ) -> Option<Option<Type>> {
        let (ea, eb) = (a.as_enum(), b.as_enum());
        if ea.is_none() && eb.is_none() {
            return None;
        }
        if a == b && (equality || !ea.is_some_and(|e| e.scoped)) {
            return Some(Some(Type::BOOL));
        }
        if let Some(e) = [ea, eb].into_iter().flatten().find(|e| e.scoped) {
            if a != b && ea.is_some() && eb.is_some() {
                self.diag(
                    codes::TYPE_MISMATCH,
                    BodyNode::Expr(id),
                    format!("type mismatch: cannot compare `{a}` with `{b}`"),
                );
            } else {
                let e = e.clone();
                self.scoped_enum_operand(id, &e);
            }
            return Some(None);
        }
        None
    }

    /// `++`/`--` on `ty`: an error on an enum (the result would not be one). Returns whether
    /// it was one.
    pub(super) fn enum_step(&mut self, id: ExprId, ty: &Type, increment: bool) -> bool {
        let Some(e) = ty.as_enum() else {
            return false;
        };
        let message = if e.scoped {
            format!(
                "numeric type expected: cannot {} a value of scoped enum type `{}`",
                if increment { "increment" } else { "decrement" },
                e.name
            )
        } else {
            format!(
                "cannot {} expression of enum type `{}`",
                if increment { "increment" } else { "decrement" },
                e.name
            )
        };
        self.diag(codes::INVALID_OPERANDS, BodyNode::Expr(id), message);
        true
    }
}

/// The message for an implicit conversion that an enum makes impossible.
pub(super) fn conversion_message(from: &Operand, to: &Type) -> Option<String> {
    let from_text = if from.literal {
        match from.ty.scalar_kind() {
            Some(k) if k.is_float() => "literal float".to_owned(),
            _ => "literal int".to_owned(),
        }
    } else {
        from.ty.to_string()
    };
    match (&from.ty, to) {
        (_, Type::Enum(_)) => Some(format!(
            "cannot initialize a value of enum type `{to}` with a value of type \
             `{from_text}`: it needs an explicit cast"
        )),
        (Type::Enum(e), _) if e.scoped => Some(format!(
            "cannot initialize a value of type `{to}` with a value of scoped enum type \
             `{from_text}`: it needs an explicit cast"
        )),
        _ => None,
    }
}
