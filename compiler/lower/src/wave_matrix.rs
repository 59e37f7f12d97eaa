//! Wave and quad intrinsics on a matrix (`WaveActiveSum(float2x3)`, `QuadReadAcrossX(int3x3)`,
//! `WaveMultiPrefixBitAnd(uint2x2, mask)`): HLSL takes any numeric shape, SPIR-V's group
//! operations only scalars and vectors, so each row goes through the operation on its own and
//! the rows are put back together (what DXC's scalarized DXIL computes). Called by
//! `call::lower_intrinsic`.

use hir::body::ExprId;
use ir::{Intrinsic, Value};
use types::{ScalarKind, Type};

use crate::context::R;
use crate::func::FnLower;

/// The intrinsics whose result is their first operand's value combined across lanes,
/// component by component; the other operands (a lane, a mask) apply to every row alike.
/// `WaveActiveAllEqual` keeps its operand's kind and yields `bool`s of its shape.
const ROWWISE: &[&str] = &[
    "WaveReadLaneAt",
    "WaveReadLaneFirst",
    "WaveActiveSum",
    "WaveActiveProduct",
    "WaveActiveBitAnd",
    "WaveActiveBitOr",
    "WaveActiveBitXor",
    "WaveActiveMin",
    "WaveActiveMax",
    "WavePrefixSum",
    "WavePrefixProduct",
    "WaveMultiPrefixSum",
    "WaveMultiPrefixProduct",
    "WaveMultiPrefixBitAnd",
    "WaveMultiPrefixBitOr",
    "WaveMultiPrefixBitXor",
    "QuadReadAcrossX",
    "QuadReadAcrossY",
    "QuadReadAcrossDiagonal",
    "QuadReadLaneAt",
    "WaveActiveAllEqual",
];

impl FnLower<'_, '_> {
    /// `name(args)` row by row when it is a wave or quad operation with result type `ty` a
    /// matrix; `None` for anything else.
    pub fn lower_wave_on_matrix(
        &mut self,
        name: &str,
        args: &[ExprId],
        ty: &Type,
    ) -> Option<R<Option<Value>>> {
        if !matches!(ty, Type::Matrix { .. }) || !ROWWISE.contains(&name) {
            return None;
        }
        let intrinsic = Intrinsic::from_name(name)?;
        let (&first, rest) = args.split_first()?;
        Some(self.wave_rows(intrinsic, first, rest, ty))
    }

    /// `intrinsic(first, rest...)` on each row of matrix `first`, giving matrix `ty`.
    fn wave_rows(
        &mut self,
        intrinsic: Intrinsic,
        first: ExprId,
        rest: &[ExprId],
        ty: &Type,
    ) -> R<Option<Value>> {
        let &Type::Matrix {
            scalar, rows, cols, ..
        } = ty
        else {
            return Err(self.unsupported("a wave operation on this type", first));
        };
        let arg_ty = if intrinsic == Intrinsic::WaveActiveAllEqual {
            self.ty(first)?
        } else {
            ty.clone()
        };
        let m = self.coerce(first, &arg_ty)?;
        // The lane of `WaveReadLaneAt`/`QuadReadLaneAt` is a `uint`, the mask of
        // `WaveMultiPrefix*` a `uint4`.
        let mut others = Vec::new();
        for &a in rest {
            let want = match self.ty(a)? {
                Type::Vector(_, n) => Type::Vector(ScalarKind::Uint, n),
                _ => Type::UINT,
            };
            others.push(self.coerce(a, &want)?);
        }
        let row_ty = Type::Vector(scalar, cols);
        let mut parts = Vec::new();
        for r in 0..u32::from(rows) {
            let row = self.fb().extract(m, &[r]);
            let mut ops = vec![row];
            ops.extend(others.iter().copied());
            parts.push(self.fb().call_intrinsic(intrinsic, row_ty.clone(), &ops));
        }
        Ok(Some(self.fb().construct(ty.clone(), &parts)))
    }
}
