//! Wave and quad intrinsics on a matrix (`WaveActiveSum(float2x3)`, `QuadReadAcrossX(int3x3)`,
//! `WaveMultiPrefixBitAnd(uint2x2, mask)`, `WaveMatch(float2x2)`): HLSL takes any numeric
//! shape, SPIR-V's group operations only scalars and vectors, so each row goes through the
//! operation on its own and the rows are put back together (what DXC's scalarized DXIL
//! computes). Called by `call::lower_intrinsic`.

use hir::body::ExprId;
use ir::{Intrinsic, Value};
use types::{ScalarKind, Type};

use crate::context::R;
use crate::func::FnLower;

/// The intrinsics whose result is their first operand's value combined across lanes,
/// component by component; the other operands (a lane, a mask) apply to every row alike.
/// `WaveActiveAllEqual` keeps its operand's kind and yields `bool`s of its shape; `WaveMatch`
/// (a `uint4` mask whatever its operand) intersects the rows' masks.
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
        if name == "WaveMatch" {
            let &[value] = args else { return None };
            return match self.ty(value) {
                Ok(mt @ Type::Matrix { .. }) => Some(self.wave_match_rows(value, &mt)),
                _ => None,
            };
        }
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

    /// `WaveMatch(m)` of matrix `m` (type `mt`): the lanes whose every row matches, the
    /// intersection of the rows' masks.
    fn wave_match_rows(&mut self, value: ExprId, mt: &Type) -> R<Option<Value>> {
        let &Type::Matrix { rows, .. } = mt else {
            return Err(self.unsupported("a wave operation on this type", value));
        };
        // `numeric<>`: a `bool` matrix compares as `int`s, as the vector form does.
        let mt = match mt.scalar_kind() {
            Some(ScalarKind::Bool) => mt.with_scalar_kind(ScalarKind::Int).unwrap_or(mt.clone()),
            _ => mt.clone(),
        };
        let m = self.coerce(value, &mt)?;
        let uint4 = Type::Vector(ScalarKind::Uint, 4);
        let mut mask = None;
        for r in 0..u32::from(rows) {
            let mut fb = self.fb();
            let row = fb.extract(m, &[r]);
            let row_mask = fb.call_intrinsic(Intrinsic::WaveMatch, uint4.clone(), &[row]);
            mask = Some(match mask {
                None => row_mask,
                Some(acc) => fb.binary(ir::Opcode::BitAnd, acc, row_mask),
            });
        }
        Ok(mask)
    }
}
