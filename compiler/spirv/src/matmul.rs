//! The matrix products `mat_mul`, `mat_vec_mul` and `vec_mat_mul`. HLSL matrices are stored
//! transposed (an HLSL row is a SPIR-V column), so `mul(A, B)` is `B * A` in SPIR-V, as DXC
//! emits it. A matrix with one row or column is a vector in SPIR-V (a 1x1 a scalar), so the
//! products that involve one become what DXC makes of them: a row vector times a matrix is
//! `OpMatrixTimesVector`, a matrix times a column `OpVectorTimesMatrix`, a row times a column
//! a dot product, and a column times a row (inner size 1) an outer product, or a vector times
//! a scalar when one side has a single component. Integer products (which SPIR-V's matrix
//! instructions do not take) are sums of scaled rows and dot products. Called by
//! `instructions`.

use rspirv::spirv::{Op, Word};
use types::Type;

use crate::functions::Fx;
use crate::types::vector_view;
use crate::{Result, SpirvError};

/// The HLSL shape `(rows, cols)` of a product operand: a matrix, or a vector taken as a row
/// (`row == true`, the left operand of `mul`) or as a column.
fn operand_shape(ty: &Type, row: bool) -> Option<(u8, u8)> {
    match ty {
        Type::Matrix { rows, cols, .. } => Some((*rows, *cols)),
        Type::Vector(_, n) if row => Some((1, *n)),
        Type::Vector(_, n) => Some((*n, 1)),
        _ => None,
    }
}

impl Fx<'_, '_> {
    /// `mul(a, b)` for a product opcode: `a` is R x N, `b` is N x C, the result R x C.
    pub(crate) fn lower_mat_product(&mut self, d: &ir::InstData) -> Result<Word> {
        let a_ty = self.type_of(d.operands[0])?;
        let b_ty = self.type_of(d.operands[1])?;
        let malformed = || {
            SpirvError::invalid(format!(
                "{} of {} and {}",
                d.opcode.name(),
                a_ty.ir(),
                b_ty.ir()
            ))
        };
        let (Some((r, n)), Some((n2, c)), Some(k)) = (
            operand_shape(&a_ty, true),
            operand_shape(&b_ty, false),
            a_ty.scalar_kind(),
        ) else {
            return Err(malformed());
        };
        if n != n2 || b_ty.scalar_kind() != Some(k) {
            return Err(malformed());
        }
        let a = self.value(d.operands[0])?;
        let b = self.value(d.operands[1])?;
        let ty = self.cx.plain_type(&d.ty)?;
        let (av, bv) = (vector_view(&a_ty), vector_view(&b_ty));
        if n == 1 {
            // A column of R times a row of C: every product of a component of each.
            return match (r > 1, c > 1) {
                (true, true) => self.outer_product(&d.ty, a, &av, b, &bv),
                (false, true) => self.times_scalar(b, &bv, a),
                (true, false) => self.times_scalar(a, &av, b),
                (false, false) => {
                    let o = if k.is_float() { Op::FMul } else { Op::IMul };
                    Ok(self.op(o, ty, Self::ids(&[a, b])))
                }
            };
        }
        if r == 1 && c == 1 {
            // A row times a column: one number.
            return self.dot(a, b, &av);
        }
        if !k.is_float() {
            return self.integer_product(&d.ty, (a, &a_ty, r), (b, c));
        }
        // The SPIR-V operands in SPIR-V order (B first), each a matrix or a vector.
        Ok(match (r > 1, c > 1) {
            (true, true) => self.op(Op::MatrixTimesMatrix, ty, Self::ids(&[b, a])),
            // A row vector times a matrix: the matrix (stored transposed) times the vector.
            (false, true) => self.op(Op::MatrixTimesVector, ty, Self::ids(&[b, a])),
            // A matrix times a column vector.
            _ => self.op(Op::VectorTimesMatrix, ty, Self::ids(&[b, a])),
        })
    }

    /// An integer product with inner size N > 1 that is not a single dot product (SPIR-V's
    /// matrix instructions take floats; integer matrices are arrays of rows): a result row is
    /// the sum over `k` of row `k` of `b` scaled by `a[i][k]`, and a result column of
    /// (`b` a column) the dot products of the rows of `a` with it.
    fn integer_product(
        &mut self,
        ty: &Type,
        (a, a_ty, r): (Word, &Type, u8),
        (b, c): (Word, u8),
    ) -> Result<Word> {
        let t = self.cx.plain_type(ty)?;
        let (Some(k), Some(n)) = (
            a_ty.scalar_kind(),
            operand_shape(a_ty, true).map(|(_, n)| n),
        ) else {
            return Err(SpirvError::invalid("integer product operands"));
        };
        let st = self.cx.plain_type(&Type::Scalar(k))?;
        let extract = |fx: &mut Self, ty: Word, v: Word, path: &[u32]| {
            let mut ops = vec![rspirv::dr::Operand::IdRef(v)];
            ops.extend(path.iter().map(|&i| rspirv::dr::Operand::LiteralBit32(i)));
            fx.op(Op::CompositeExtract, ty, ops)
        };
        if c == 1 {
            // A matrix times a column: one dot product per row of `a`.
            let row_ty = Type::Vector(k, n);
            let rt = self.cx.plain_type(&row_ty)?;
            let mut parts = Vec::new();
            for i in 0..u32::from(r) {
                let row = extract(self, rt, a, &[i]);
                parts.push(self.dot(row, b, &row_ty)?);
            }
            return Ok(self.op(Op::CompositeConstruct, t, Self::ids(&parts)));
        }
        let b_row = Type::Vector(k, c);
        let brt = self.cx.plain_type(&b_row)?;
        let a_is_row = r == 1;
        let mut rows = Vec::new();
        for i in 0..u32::from(r) {
            let mut sum = None;
            for kk in 0..u32::from(n) {
                let aik = if a_is_row {
                    extract(self, st, a, &[kk])
                } else {
                    extract(self, st, a, &[i, kk])
                };
                let row = extract(self, brt, b, &[kk]);
                let term = self.times_scalar(row, &b_row, aik)?;
                sum = Some(match sum {
                    None => term,
                    Some(s) => self.op(Op::IAdd, brt, Self::ids(&[s, term])),
                });
            }
            rows.push(sum.ok_or_else(|| SpirvError::invalid("empty product"))?);
        }
        if a_is_row {
            return Ok(rows[0]);
        }
        Ok(self.op(Op::CompositeConstruct, t, Self::ids(&rows)))
    }

    /// Vector `v` (of type `v_ty`) times scalar `s`: `OpVectorTimesScalar` for floats, a
    /// splat and `OpIMul` for integers.
    fn times_scalar(&mut self, v: Word, v_ty: &Type, s: Word) -> Result<Word> {
        let t = self.cx.plain_type(v_ty)?;
        let Type::Vector(k, n) = *v_ty else {
            return Err(SpirvError::invalid(format!("{} times a scalar", v_ty.ir())));
        };
        if k.is_float() {
            return Ok(self.op(Op::VectorTimesScalar, t, Self::ids(&[v, s])));
        }
        let splat = self.op(
            Op::CompositeConstruct,
            t,
            Self::ids(&vec![s; usize::from(n)]),
        );
        Ok(self.op(Op::IMul, t, Self::ids(&[v, splat])))
    }

    /// Column `a` (R components) times row `b` (C components), an R x C matrix of type `ty`:
    /// HLSL row `i` is `b * a[i]`. For floats that is `OpOuterProduct(b, a)` (its column `i`
    /// is `b` scaled by `a[i]`, and SPIR-V columns are HLSL rows); integer matrices are arrays
    /// of rows built one by one.
    fn outer_product(
        &mut self,
        ty: &Type,
        a: Word,
        a_ty: &Type,
        b: Word,
        b_ty: &Type,
    ) -> Result<Word> {
        let t = self.cx.plain_type(ty)?;
        let (Type::Vector(k, rows), Type::Vector(..)) = (a_ty, b_ty) else {
            return Err(SpirvError::invalid("outer product of non-vectors"));
        };
        if k.is_float() {
            return Ok(self.op(Op::OuterProduct, t, Self::ids(&[b, a])));
        }
        let st = self.cx.plain_type(&Type::Scalar(*k))?;
        let mut out = Vec::with_capacity(usize::from(*rows));
        for i in 0..u32::from(*rows) {
            let ai = self.op(
                Op::CompositeExtract,
                st,
                vec![
                    rspirv::dr::Operand::IdRef(a),
                    rspirv::dr::Operand::LiteralBit32(i),
                ],
            );
            out.push(self.times_scalar(b, b_ty, ai)?);
        }
        Ok(self.op(Op::CompositeConstruct, t, Self::ids(&out)))
    }
}
