//! `asuint(double RxC d, out uint RxC lo, out uint RxC hi)`: DXC's matrix overload of the
//! double split, lowered row by row to the vector form the IR's `asuint` intrinsic (and
//! every backend) takes: row `r` of `d` splits into rows `r` of `lo` and `hi`. Called by
//! `lower_intrinsic` for a matrix operand.

use hir::body::ExprId;
use ir::{Intrinsic, Value};
use types::{ScalarKind, Type};

use crate::context::R;
use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// `asuint(m, lo, hi)` with `m` of matrix type `mt`.
    pub fn lower_matrix_asuint(&mut self, args: &[ExprId], mt: &Type) -> R<Option<Value>> {
        let (Type::Matrix { rows, cols, .. }, Some(intrinsic)) =
            (mt, Intrinsic::from_name("asuint"))
        else {
            return Err(self.unsupported("asuint of this type", args[0]));
        };
        let (rows, cols) = (*rows, *cols);
        // A matrix of another kind converts to `double` first, as the vector form does.
        let dt = mt
            .with_scalar_kind(ScalarKind::Double)
            .unwrap_or(mt.clone());
        let m = self.coerce(args[0], &dt)?;
        let row_out = Type::Vector(ScalarKind::Uint, cols);
        let out_ty = mt.with_scalar_kind(ScalarKind::Uint).unwrap_or(Type::UINT);
        let (mut lo_rows, mut hi_rows) = (Vec::new(), Vec::new());
        for r in 0..u32::from(rows) {
            let row = self.fb().extract(m, &[r]);
            let lo = self.entry_alloca(row_out.clone(), "");
            let hi = self.entry_alloca(row_out.clone(), "");
            self.fb()
                .call_intrinsic(intrinsic, Type::Void, &[row, lo, hi]);
            lo_rows.push(self.fb().load(lo));
            hi_rows.push(self.fb().load(hi));
        }
        for (rows, &arg) in [lo_rows, hi_rows].iter().zip(&args[1..]) {
            let value = self.fb().construct(out_ty.clone(), rows);
            let place = self.lvalue(arg)?;
            let to = self.place_type(&place);
            let value = self.convert_value(value, &out_ty, &to, arg)?;
            self.store_place(&place, value)?;
        }
        Ok(None)
    }
}
