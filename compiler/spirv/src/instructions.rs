//! Arithmetic, bitwise, logical and comparison opcodes (typed by their operands: `F`, `S` or
//! `U` SPIR-V instructions), conversions and bitcasts, the matrix products with DXC's swapped
//! operands, `Dot`, `Select`, and the composite opcodes. Component-wise operations on
//! matrices run row by row (SPIR-V has no matrix `FAdd`); one-component vectors are scalars,
//! and a matrix with one row or column is the vector (or scalar) DXC makes of it.

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, Word};
use types::{ScalarKind, Type};

use crate::functions::Fx;
use crate::types::{scalar_of, vector_view, Scalar};
use crate::{Result, SpirvError};

/// Scalar kind and component count of a scalar or vector (1-vectors are scalars), or of a
/// matrix with one row or column (a vector in SPIR-V).
pub(crate) fn shape(ty: &Type) -> Option<(ScalarKind, u32)> {
    match ty {
        Type::Scalar(k) => Some((*k, 1)),
        Type::Vector(k, n) => Some((*k, u32::from(*n))),
        _ => ty.one_row_or_column().map(|(k, n)| (k, u32::from(n))),
    }
}

/// A lowering of one row (or a whole scalar or vector): result type, operand types, operands.
pub(crate) type RowOp<'f, 'a, 'm> =
    dyn FnMut(&mut Fx<'a, 'm>, &Type, &[Type], &[Word]) -> Result<Word> + 'f;

/// Whether a row of `op` on a matrix is an arithmetic instruction (`NoContraction` applies),
/// not a comparison.
fn row_is_arithmetic(op: ir::Opcode) -> bool {
    op.is_binary_arithmetic() || op.is_unary_arithmetic()
}

/// A precise arithmetic instruction on a matrix that SPIR-V computes row by row (its rows
/// carry the `NoContraction`).
fn rowwise(d: &ir::InstData) -> bool {
    d.precise
        && row_is_arithmetic(d.opcode)
        && matches!(d.ty, Type::Matrix { .. })
        && d.ty.one_row_or_column().is_none()
}

impl<'a, 'm> Fx<'a, 'm> {
    pub fn lower_arith(&mut self, d: &ir::InstData) -> Result<Word> {
        use ir::Opcode as O;
        if let Some((vector, scalar)) = crate::scale::scaling(self.cx.m, self.f, d) {
            return self.lower_scaling(d, vector, scalar);
        }
        let id = match d.opcode {
            op if op.is_binary_arithmetic() || op.is_unary_arithmetic() || op.is_comparison() => {
                let args = self.values(&d.operands)?;
                let tys = d
                    .operands
                    .iter()
                    .map(|&o| self.type_of(o))
                    .collect::<Result<Vec<_>>>()?;
                // A precise matrix operation is precise row by row: each row's instruction
                // takes `NoContraction`, not only the composite of the rows.
                let precise = rowwise(d);
                self.componentwise(&d.ty, &tys, &args, &mut |fx, ty, tys, args| {
                    let row = fx.scalar_op(op, ty, tys, args)?;
                    if precise && row_is_arithmetic(op) {
                        fx.cx.decorate(row, Decoration::NoContraction, &[]);
                    }
                    Ok(row)
                })?
            }
            O::Bitcast
                if matches!(d.ty, Type::BufferPointer { .. })
                    || matches!(self.type_of(d.operands[0])?, Type::BufferPointer { .. }) =>
            {
                // A buffer pointer from or to its 64-bit address, or to another pointee:
                // `OpBitcast` under the PhysicalStorageBuffer64 addressing model.
                let v = self.value(d.operands[0])?;
                let ty = self.cx.plain_type(&d.ty)?;
                self.op(Op::Bitcast, ty, vec![Operand::IdRef(v)])
            }
            O::Convert | O::Bitcast => {
                let from = self.type_of(d.operands[0])?;
                let v = self.value(d.operands[0])?;
                let op = d.opcode;
                self.componentwise(&d.ty, &[from], &[v], &mut |fx, ty, tys, args| {
                    if op == O::Convert {
                        fx.convert(args[0], &tys[0], ty)
                    } else {
                        fx.bitcast(args[0], &tys[0], ty)
                    }
                })?
            }
            O::MatMul | O::MatVecMul | O::VecMatMul => self.lower_mat_product(d)?,
            O::Dot => {
                let a_ty = self.type_of(d.operands[0])?;
                let a = self.value(d.operands[0])?;
                let b = self.value(d.operands[1])?;
                self.dot(a, b, &a_ty)?
            }
            O::Select => self.select(d)?,
            O::CompositeConstruct => {
                let parts = self.values(&d.operands)?;
                // A one-component vector is its component; a 1xN matrix its only row.
                let single = matches!(d.ty, Type::Vector(_, 1))
                    || (d.ty.one_row_or_column().is_some() && parts.len() == 1);
                if single {
                    return parts
                        .first()
                        .copied()
                        .ok_or_else(|| SpirvError::invalid("empty composite_construct"));
                }
                let ty = self.cx.plain_type(&d.ty)?;
                self.op(Op::CompositeConstruct, ty, Self::ids(&parts))
            }
            O::CompositeExtract => {
                let src_ty = self.type_of(d.operands[0])?;
                let v = self.value(d.operands[0])?;
                let lits = spirv_indices(&src_ty, &d.literals);
                if lits.is_empty() {
                    return Ok(v);
                }
                let ty = self.cx.plain_type(&d.ty)?;
                let mut ops = vec![Operand::IdRef(v)];
                ops.extend(lits.into_iter().map(Operand::LiteralBit32));
                self.op(Op::CompositeExtract, ty, ops)
            }
            O::CompositeInsert => {
                let src_ty = self.type_of(d.operands[0])?;
                let v = self.value(d.operands[0])?;
                let part = self.value(d.operands[1])?;
                let lits = spirv_indices(&src_ty, &d.literals);
                if lits.is_empty() {
                    return Ok(part);
                }
                let ty = self.cx.plain_type(&d.ty)?;
                let mut ops = vec![Operand::IdRef(part), Operand::IdRef(v)];
                ops.extend(lits.into_iter().map(Operand::LiteralBit32));
                self.op(Op::CompositeInsert, ty, ops)
            }
            O::Swizzle => {
                let src_ty = self.type_of(d.operands[0])?;
                let v = self.value(d.operands[0])?;
                let n = d.literals.len() as u32;
                let (k, len) =
                    shape(&src_ty).ok_or_else(|| SpirvError::invalid("swizzle of a non-vector"))?;
                let ty = self.cx.plain_type(&d.ty)?;
                if len == 1 {
                    if n == 1 {
                        return Ok(v);
                    }
                    return Ok(self.op(
                        Op::CompositeConstruct,
                        ty,
                        Self::ids(&vec![v; n as usize]),
                    ));
                }
                if n == 1 {
                    let _ = k;
                    self.op(
                        Op::CompositeExtract,
                        ty,
                        vec![
                            Operand::IdRef(v),
                            Operand::LiteralBit32(d.literals[0] as u32),
                        ],
                    )
                } else {
                    let mut ops = vec![Operand::IdRef(v), Operand::IdRef(v)];
                    ops.extend(d.literals.iter().map(|&c| Operand::LiteralBit32(c as u32)));
                    self.op(Op::VectorShuffle, ty, ops)
                }
            }
            O::ExtractDynamic => {
                let src_ty = self.type_of(d.operands[0])?;
                let v = self.value(d.operands[0])?;
                let index = self.value(d.operands[1])?;
                if matches!(src_ty, Type::Vector(_, 1)) {
                    return Ok(v);
                }
                let ty = self.cx.plain_type(&d.ty)?;
                self.op(Op::VectorExtractDynamic, ty, Self::ids(&[v, index]))
            }
            O::InsertDynamic => {
                let src_ty = self.type_of(d.operands[0])?;
                let v = self.value(d.operands[0])?;
                let part = self.value(d.operands[1])?;
                let index = self.value(d.operands[2])?;
                if matches!(src_ty, Type::Vector(_, 1)) {
                    return Ok(part);
                }
                let ty = self.cx.plain_type(&d.ty)?;
                self.op(Op::VectorInsertDynamic, ty, Self::ids(&[v, part, index]))
            }
            other => {
                return Err(SpirvError::unsupported(format!("opcode {}", other.name())));
            }
        };
        if d.precise && !rowwise(d) {
            self.cx.decorate(id, Decoration::NoContraction, &[]);
        }
        Ok(id)
    }

    /// Applies `f` to scalars and vectors directly and to matrices row by row (`tys` and
    /// `args` are the operands; `ty` the result type).
    pub fn componentwise(
        &mut self,
        ty: &Type,
        tys: &[Type],
        args: &[Word],
        f: &mut RowOp<'_, 'a, 'm>,
    ) -> Result<Word> {
        if ty.one_row_or_column().is_some() {
            let tys: Vec<Type> = tys.iter().map(vector_view).collect();
            return f(self, &vector_view(ty), &tys, args);
        }
        let Type::Matrix { rows, .. } = ty else {
            return f(self, ty, tys, args);
        };
        let row_of = |t: &Type| match t {
            Type::Matrix { scalar, cols, .. } => Type::Vector(*scalar, *cols),
            other => other.clone(),
        };
        let row_ty = row_of(ty);
        let row_tys: Vec<Type> = tys.iter().map(row_of).collect();
        let mut rows_out = Vec::new();
        for r in 0..u32::from(*rows) {
            let mut row_args = Vec::new();
            for (t, &a) in tys.iter().zip(args) {
                if matches!(t, Type::Matrix { .. }) {
                    let rt = self.cx.plain_type(&row_of(t))?;
                    row_args.push(self.op(
                        Op::CompositeExtract,
                        rt,
                        vec![Operand::IdRef(a), Operand::LiteralBit32(r)],
                    ));
                } else {
                    row_args.push(a);
                }
            }
            rows_out.push(f(self, &row_ty, &row_tys, &row_args)?);
        }
        let t = self.cx.plain_type(ty)?;
        Ok(self.op(Op::CompositeConstruct, t, Self::ids(&rows_out)))
    }

    /// One arithmetic, logical or comparison instruction on scalars or vectors.
    fn scalar_op(
        &mut self,
        op: ir::Opcode,
        ty: &Type,
        tys: &[Type],
        args: &[Word],
    ) -> Result<Word> {
        use ir::Opcode as O;
        let operand = tys
            .first()
            .ok_or_else(|| SpirvError::invalid("missing operand"))?;
        let (k, n) = shape(operand)
            .ok_or_else(|| SpirvError::invalid(format!("{} on {}", op.name(), operand.ir())))?;
        let float = k.is_float();
        let signed = k.is_signed_integer();
        let rt = self.cx.plain_type(ty)?;
        let pick = |f: Op, s: Op, u: Op| {
            if float {
                f
            } else if signed {
                s
            } else {
                u
            }
        };
        let spv = match op {
            O::Neg => pick(Op::FNegate, Op::SNegate, Op::SNegate),
            O::Add => pick(Op::FAdd, Op::IAdd, Op::IAdd),
            O::Sub => pick(Op::FSub, Op::ISub, Op::ISub),
            O::Mul => pick(Op::FMul, Op::IMul, Op::IMul),
            O::Div => pick(Op::FDiv, Op::SDiv, Op::UDiv),
            O::Rem => pick(Op::FRem, Op::SRem, Op::UMod),
            O::BitAnd => Op::BitwiseAnd,
            O::BitOr => Op::BitwiseOr,
            O::BitXor => Op::BitwiseXor,
            O::BitNot => Op::Not,
            O::LogicalAnd => Op::LogicalAnd,
            O::LogicalOr => Op::LogicalOr,
            O::LogicalNot => Op::LogicalNot,
            O::Shl | O::Shr => {
                // HLSL masks the shift amount to the bit width.
                let amount_ty = tys
                    .get(1)
                    .ok_or_else(|| SpirvError::invalid("shift without an amount"))?;
                let (ak, an) =
                    shape(amount_ty).ok_or_else(|| SpirvError::invalid("shift amount"))?;
                let width = k.bit_width();
                let mask = self
                    .cx
                    .const_splat(scalar_of(ak, false), an, i64::from(width - 1));
                let at = self.cx.plain_type(amount_ty)?;
                let amount = self.op(Op::BitwiseAnd, at, Self::ids(&[args[1], mask]));
                let o = match op {
                    O::Shl => Op::ShiftLeftLogical,
                    _ if signed => Op::ShiftRightArithmetic,
                    _ => Op::ShiftRightLogical,
                };
                return Ok(self.op(o, rt, Self::ids(&[args[0], amount])));
            }
            O::Eq | O::Ne if k.is_bool() => {
                if op == O::Eq {
                    Op::LogicalEqual
                } else {
                    Op::LogicalNotEqual
                }
            }
            O::Eq => pick(Op::FOrdEqual, Op::IEqual, Op::IEqual),
            O::Ne => pick(Op::FUnordNotEqual, Op::INotEqual, Op::INotEqual),
            O::Lt | O::Le | O::Gt | O::Ge if k.is_bool() => {
                // `false < true`: DXC orders bools as the integers 0 and 1.
                let uint = scalar_of(ScalarKind::Uint, false);
                let ut = if n > 1 {
                    self.cx.vector_type(uint, n)
                } else {
                    self.cx.scalar_type(uint)
                };
                let (one, zero) = (
                    self.cx.const_splat(uint, n, 1),
                    self.cx.const_splat(uint, n, 0),
                );
                let mut ints = Vec::new();
                for &a in &args[..2] {
                    ints.push(self.op(Op::Select, ut, Self::ids(&[a, one, zero])));
                }
                let o = match op {
                    O::Lt => Op::ULessThan,
                    O::Le => Op::ULessThanEqual,
                    O::Gt => Op::UGreaterThan,
                    _ => Op::UGreaterThanEqual,
                };
                return Ok(self.op(o, rt, Self::ids(&ints)));
            }
            _ if k.is_bool() => {
                return Err(SpirvError::invalid(format!("{} on bool", op.name())));
            }
            O::Lt => pick(Op::FOrdLessThan, Op::SLessThan, Op::ULessThan),
            O::Le => pick(
                Op::FOrdLessThanEqual,
                Op::SLessThanEqual,
                Op::ULessThanEqual,
            ),
            O::Gt => pick(Op::FOrdGreaterThan, Op::SGreaterThan, Op::UGreaterThan),
            O::Ge => pick(
                Op::FOrdGreaterThanEqual,
                Op::SGreaterThanEqual,
                Op::UGreaterThanEqual,
            ),
            other => {
                return Err(SpirvError::invalid(format!(
                    "{} is not arithmetic",
                    other.name()
                )))
            }
        };
        let _ = n;
        Ok(self.op(spv, rt, Self::ids(args)))
    }

    /// `Convert` of a scalar or vector from `from` to `to` (HLSL's conversion rules).
    pub fn convert(&mut self, v: Word, from: &Type, to: &Type) -> Result<Word> {
        let (fk, n) =
            shape(from).ok_or_else(|| SpirvError::invalid("convert of a non-numeric value"))?;
        let (tk, _) =
            shape(to).ok_or_else(|| SpirvError::invalid("convert to a non-numeric type"))?;
        let (fs, ts) = (scalar_of(fk, false), scalar_of(tk, false));
        if fs == ts {
            return Ok(v);
        }
        let rt = self.cx.plain_type(to)?;
        Ok(match (fs, ts) {
            (Scalar::Bool, _) => {
                let one = self.cx.const_splat(ts, n, 1);
                let zero = self.cx.const_splat(ts, n, 0);
                self.op(Op::Select, rt, Self::ids(&[v, one, zero]))
            }
            (Scalar::Int { .. }, Scalar::Bool) => {
                let zero = self.cx.const_splat(fs, n, 0);
                self.op(Op::INotEqual, rt, Self::ids(&[v, zero]))
            }
            (Scalar::Float { .. }, Scalar::Bool) => {
                let zero = self.cx.const_splat(fs, n, 0);
                self.op(Op::FUnordNotEqual, rt, Self::ids(&[v, zero]))
            }
            (Scalar::Float { .. }, Scalar::Float { .. }) => {
                self.op(Op::FConvert, rt, Self::ids(&[v]))
            }
            (Scalar::Int { signed, .. }, Scalar::Float { .. }) => {
                let o = if signed {
                    Op::ConvertSToF
                } else {
                    Op::ConvertUToF
                };
                self.op(o, rt, Self::ids(&[v]))
            }
            (Scalar::Float { .. }, Scalar::Int { signed, .. }) => {
                let o = if signed {
                    Op::ConvertFToS
                } else {
                    Op::ConvertFToU
                };
                self.op(o, rt, Self::ids(&[v]))
            }
            (
                Scalar::Int {
                    width: fw,
                    signed: fsg,
                },
                Scalar::Int {
                    width: tw,
                    signed: tsg,
                },
            ) => {
                if fw == tw {
                    self.op(Op::Bitcast, rt, Self::ids(&[v]))
                } else {
                    // Extend or truncate in the source's signedness, then reinterpret.
                    let mid = self.cx.vector_type(
                        Scalar::Int {
                            width: tw,
                            signed: fsg,
                        },
                        n,
                    );
                    let o = if fsg { Op::SConvert } else { Op::UConvert };
                    let w = self.op(o, mid, Self::ids(&[v]));
                    if fsg == tsg {
                        w
                    } else {
                        self.op(Op::Bitcast, rt, Self::ids(&[w]))
                    }
                }
            }
        })
    }

    pub(crate) fn bitcast(&mut self, v: Word, from: &Type, to: &Type) -> Result<Word> {
        let ft = self.cx.plain_type(from)?;
        let rt = self.cx.plain_type(to)?;
        if ft == rt {
            return Ok(v);
        }
        Ok(self.op(Op::Bitcast, rt, Self::ids(&[v])))
    }

    /// `dot(a, b)`: `OpDot` for floats, multiply and add for integers.
    pub fn dot(&mut self, a: Word, b: Word, ty: &Type) -> Result<Word> {
        let (k, n) = shape(ty).ok_or_else(|| SpirvError::invalid("dot of non-vectors"))?;
        let st = self.cx.plain_type(&Type::Scalar(k))?;
        if n == 1 {
            let o = if k.is_float() { Op::FMul } else { Op::IMul };
            return Ok(self.op(o, st, Self::ids(&[a, b])));
        }
        if k.is_float() {
            return Ok(self.op(Op::Dot, st, Self::ids(&[a, b])));
        }
        let vt = self.cx.plain_type(ty)?;
        let prod = self.op(Op::IMul, vt, Self::ids(&[a, b]));
        let mut sum = self.op(
            Op::CompositeExtract,
            st,
            vec![Operand::IdRef(prod), Operand::LiteralBit32(0)],
        );
        for c in 1..n {
            let e = self.op(
                Op::CompositeExtract,
                st,
                vec![Operand::IdRef(prod), Operand::LiteralBit32(c)],
            );
            sum = self.op(Op::IAdd, st, Self::ids(&[sum, e]));
        }
        Ok(sum)
    }

    fn select(&mut self, d: &ir::InstData) -> Result<Word> {
        let cond_ty = self.type_of(d.operands[0])?;
        let tys = vec![cond_ty.clone(), d.ty.clone(), d.ty.clone()];
        let args = self.values(&d.operands)?;
        match &d.ty {
            Type::Scalar(_) | Type::Vector(..) | Type::Matrix { .. } => {
                self.componentwise(&d.ty, &tys, &args, &mut |fx, ty, tys, args| {
                    let rt = fx.cx.plain_type(ty)?;
                    let mut cond = args[0];
                    // Before SPIR-V 1.4 the condition has the result's component count.
                    if let (Type::Scalar(_), Some((_, n))) = (&tys[0], shape(ty)) {
                        if n > 1 {
                            let bv = fx.cx.vector_type(Scalar::Bool, n);
                            cond = fx.op(
                                Op::CompositeConstruct,
                                bv,
                                Self::ids(&vec![cond; n as usize]),
                            );
                        }
                    }
                    Ok(fx.op(Op::Select, rt, Self::ids(&[cond, args[1], args[2]])))
                })
            }
            other => {
                if !self.cx.at_least(1, 4) && !matches!(other, Type::BufferPointer { .. }) {
                    return Err(SpirvError::needs_target(format!(
                        "select of {} needs SPIR-V 1.4 (vulkan1.2)",
                        other.ir()
                    )));
                }
                let rt = self.cx.plain_type(other)?;
                Ok(self.op(Op::Select, rt, Self::ids(&args)))
            }
        }
    }
}

/// Composite indices in SPIR-V terms: an index into a one-component vector is dropped (the
/// vector is a scalar), and so is the row index of a 1xN matrix (its only row is the vector).
fn spirv_indices(ty: &Type, literals: &[i64]) -> Vec<u32> {
    let mut out = Vec::new();
    let mut cur = ty.clone();
    for &l in literals {
        if let Type::Vector(_, 1) = cur {
            break;
        }
        if !matches!(cur, Type::Matrix { rows: 1, .. }) {
            out.push(l as u32);
        }
        match cur.component(l as u32) {
            Some(t) => cur = t,
            None => break,
        }
    }
    out
}
