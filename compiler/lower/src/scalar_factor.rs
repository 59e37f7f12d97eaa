//! Products with a scalar factor the source wrote as a scalar (`v * s`, `2.0 * m`, `v *= s`,
//! `mul(s, v)`): the factor is splat to the product's shape as for any implicit conversion,
//! and the `mul` is marked with the splat operand ([`ir::scaling`]), so the SPIR-V backend
//! emits DXC's `OpVectorTimesScalar`/`OpMatrixTimesScalar` for these and `OpFMul` for a
//! vector the source wrote out (`v * float4(2, 2, 2, 2)`, `v * (float4)2`, `v * s.xxxx`),
//! as DXC chooses from its AST (an implicit `HLSLVectorSplat`/`HLSLMatrixSplat` cast of the
//! operand). Called from `expr` (binary and compound operators) and `call` (`mul`,
//! `D3DCOLORtoUBYTE4`).

use hir::body::ExprId;
use ir::Value;
use types::Type;

use crate::func::FnLower;

/// Whether a `mul` of type `ty` can take a scalar factor: a float vector of two or more
/// components or a float matrix other than `1x1` (one-component products stay `mul`s of
/// scalars in SPIR-V).
fn scalable(ty: &Type) -> bool {
    match *ty {
        Type::Vector(k, n) => k.is_float() && n > 1,
        Type::Matrix {
            scalar, rows, cols, ..
        } => scalar.is_float() && u16::from(rows) * u16::from(cols) > 1,
        _ => false,
    }
}

/// Whether the source type `ty` of an operand converts to a wider type as a splat: a scalar,
/// a `float1` or a `float1x1`.
fn one_component(ty: &Type) -> bool {
    match *ty {
        Type::Scalar(_) | Type::Vector(_, 1) => true,
        Type::Matrix { rows, cols, .. } => rows == 1 && cols == 1,
        _ => false,
    }
}

impl FnLower<'_, '_> {
    /// `l * r` of type `ty`, where `lhs` and `rhs` are the source operands (`None` when an
    /// operand is no expression of the source, as the old value of `v *= s`): marked with
    /// the operand that splats a one-component source operand (DXC looks at the right one
    /// first), when the product can take a scalar factor.
    pub(crate) fn mul_of(
        &mut self,
        ty: &Type,
        (l, r): (Value, Value),
        (lhs, rhs): (Option<ExprId>, Option<ExprId>),
    ) -> Value {
        let scalar_source = |fx: &Self, e: Option<ExprId>| {
            e.and_then(|e| fx.infer.type_of_expr(e))
                .is_some_and(one_component)
        };
        let factor = if !scalable(ty) {
            None
        } else if scalar_source(self, rhs) {
            Some(1)
        } else if scalar_source(self, lhs) {
            Some(0)
        } else {
            None
        };
        match factor {
            Some(i) => self.scaled(l, r, i),
            None => self.fb().binary(ir::Opcode::Mul, l, r),
        }
    }

    /// `l * r` with operand `i` marked as the scalar factor, when it is a splat of a scalar
    /// (as every implicit conversion from one component is); else an unmarked `mul`.
    pub(crate) fn scaled(&mut self, l: Value, r: Value, i: usize) -> Value {
        let m = self.cx.mb.module();
        let splat = [l, r][i];
        if ir::scaling::splat_scalar(m, &m.functions[self.func], splat).is_some() {
            self.fb().scale(l, r, i)
        } else {
            self.fb().binary(ir::Opcode::Mul, l, r)
        }
    }
}
