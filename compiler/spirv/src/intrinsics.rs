//! HLSL intrinsics (`CallIntrinsic`): math through `GLSL.std.450` as DXC maps them (`lerp`
//! is `FMix`, `frac` is `Fract`, `rsqrt` is `InverseSqrt`, `round` is `RoundEven`, ...),
//! bit operations, derivatives (with `DerivativeControl` for the coarse and fine ones),
//! `clip` as a conditional `discard`, attribute evaluation, wave and quad operations through
//! `GroupNonUniform*` (Vulkan 1.1+), and `NonUniformResourceIndex`.

use rspirv::dr::Operand;
use rspirv::spirv::{
    BuiltIn, Capability, Decoration, GroupOperation, Op, Scope, StorageClass, Word,
};
use types::{ScalarKind, Type};

use crate::functions::Fx;
use crate::instructions::shape;
use crate::types::{scalar_of, vector_view, Scalar};
use crate::{Result, SpirvError};

mod glsl {
    pub const ROUND_EVEN: u32 = 2;
    pub const TRUNC: u32 = 3;
    pub const FABS: u32 = 4;
    pub const SABS: u32 = 5;
    pub const FSIGN: u32 = 6;
    pub const SSIGN: u32 = 7;
    pub const FLOOR: u32 = 8;
    pub const CEIL: u32 = 9;
    pub const FRACT: u32 = 10;
    pub const RADIANS: u32 = 11;
    pub const DEGREES: u32 = 12;
    pub const SIN: u32 = 13;
    pub const COS: u32 = 14;
    pub const TAN: u32 = 15;
    pub const ASIN: u32 = 16;
    pub const ACOS: u32 = 17;
    pub const ATAN: u32 = 18;
    pub const SINH: u32 = 19;
    pub const COSH: u32 = 20;
    pub const TANH: u32 = 21;
    pub const ATAN2: u32 = 25;
    pub const POW: u32 = 26;
    pub const EXP: u32 = 27;
    pub const LOG: u32 = 28;
    pub const EXP2: u32 = 29;
    pub const LOG2: u32 = 30;
    pub const SQRT: u32 = 31;
    pub const INVERSE_SQRT: u32 = 32;
    pub const DETERMINANT: u32 = 33;
    pub const MODF_STRUCT: u32 = 36;
    pub const FMIN: u32 = 37;
    pub const UMIN: u32 = 38;
    pub const SMIN: u32 = 39;
    pub const FMAX: u32 = 40;
    pub const UMAX: u32 = 41;
    pub const SMAX: u32 = 42;
    pub const FCLAMP: u32 = 43;
    pub const UCLAMP: u32 = 44;
    pub const SCLAMP: u32 = 45;
    pub const FMIX: u32 = 46;
    pub const STEP: u32 = 48;
    pub const SMOOTH_STEP: u32 = 49;
    pub const FMA: u32 = 50;
    pub const FREXP_STRUCT: u32 = 52;
    pub const PACK_HALF_2X16: u32 = 58;
    pub const UNPACK_HALF_2X16: u32 = 62;
    pub const LENGTH: u32 = 66;
    pub const DISTANCE: u32 = 67;
    pub const CROSS: u32 = 68;
    pub const NORMALIZE: u32 = 69;
    pub const FACE_FORWARD: u32 = 70;
    pub const REFLECT: u32 = 71;
    pub const REFRACT: u32 = 72;
    pub const FIND_ILSB: u32 = 73;
    pub const FIND_SMSB: u32 = 74;
    pub const FIND_UMSB: u32 = 75;
    pub const INTERPOLATE_AT_CENTROID: u32 = 76;
    pub const INTERPOLATE_AT_SAMPLE: u32 = 77;
    pub const INTERPOLATE_AT_OFFSET: u32 = 78;
}

impl Fx<'_, '_> {
    pub(crate) fn require_waves(&mut self, what: &str, cap: Capability) -> Result<()> {
        if !self.cx.at_least(1, 3) {
            return Err(SpirvError::needs_target(format!(
                "{what} needs vulkan1.1 or later (GroupNonUniform operations)"
            )));
        }
        self.cx.capability(Capability::GroupNonUniform);
        self.cx.capability(cap);
        Ok(())
    }

    /// A float constant splat of the shape of `ty`.
    fn float_splat(&mut self, ty: &Type, v: f64) -> Result<Word> {
        let (k, n) = shape(ty).ok_or_else(|| SpirvError::invalid("not a float vector"))?;
        let s = scalar_of(k, false);
        let c = match s {
            Scalar::Float { width: 64 } => self.cx.const_scalar(s, v.to_bits()),
            Scalar::Float { width: 16 } => self
                .cx
                .const_scalar(s, u64::from(ir::value::f32_to_f16_bits(v as f32))),
            _ => self.cx.const_scalar(s, u64::from((v as f32).to_bits())),
        };
        if n == 1 {
            return Ok(c);
        }
        let t = self.cx.plain_type(ty)?;
        Ok(self.cx.const_composite(t, &vec![c; n as usize]))
    }

    pub(crate) fn anon_struct(&mut self, members: &[Word]) -> Word {
        let key = crate::types::TypeKey::Spv(u32::MAX, members.to_vec());
        if let Some(&id) = self.cx.type_ids.get(&key) {
            return id;
        }
        let id = self
            .cx
            .global_inst(Op::TypeStruct, None, Self::ids(members));
        self.cx.type_ids.insert(key, id);
        id
    }

    /// `glsl` applied component-wise (matrices row by row).
    fn glsl_map(&mut self, ty: &Type, inst: u32, args: &[Word], tys: &[Type]) -> Result<Word> {
        self.componentwise(ty, tys, args, &mut |fx, ty, _, args| {
            let t = fx.cx.plain_type(ty)?;
            Ok(fx.glsl(t, inst, args))
        })
    }

    /// `countbits` of 16- or 64-bit integers. Vulkan allows `OpBitCount` on 32-bit integers
    /// only, so (as DXC does) a 16-bit value is zero-extended to 32 bits, and a 64-bit one is
    /// bitcast to two 32-bit words whose counts are added, component by component.
    fn count_bits_wide(&mut self, v: Word, from: &Type, to: &Type) -> Result<Word> {
        let (k, n) =
            shape(from).ok_or_else(|| SpirvError::invalid("countbits of a non-integer"))?;
        let rt = self.cx.plain_type(to)?;
        if k.bit_width() < 32 {
            let unsigned = from
                .with_scalar_kind(ScalarKind::Uint16)
                .ok_or_else(|| SpirvError::invalid("countbits of a non-integer"))?;
            let u = self.convert(v, from, &unsigned)?;
            let wide = self.convert(u, &unsigned, to)?;
            return Ok(self.op(Op::BitCount, rt, Self::ids(&[wide])));
        }
        let uint = self.cx.uint_type();
        let uint2 = self.cx.plain_type(&Type::Vector(ScalarKind::Uint, 2))?;
        let mut counts = Vec::new();
        for c in 0..n {
            let x = if n == 1 {
                v
            } else {
                let st = self.cx.plain_type(&Type::Scalar(k))?;
                self.op(
                    Op::CompositeExtract,
                    st,
                    vec![Operand::IdRef(v), Operand::LiteralBit32(c)],
                )
            };
            let words = self.op(Op::Bitcast, uint2, Self::ids(&[x]));
            let per_word = self.op(Op::BitCount, uint2, Self::ids(&[words]));
            let lo = self.op(
                Op::CompositeExtract,
                uint,
                vec![Operand::IdRef(per_word), Operand::LiteralBit32(0)],
            );
            let hi = self.op(
                Op::CompositeExtract,
                uint,
                vec![Operand::IdRef(per_word), Operand::LiteralBit32(1)],
            );
            counts.push(self.op(Op::IAdd, uint, Self::ids(&[lo, hi])));
        }
        Ok(if n == 1 {
            counts[0]
        } else {
            self.op(Op::CompositeConstruct, rt, Self::ids(&counts))
        })
    }

    /// `modf(x)` or `frexp(x)` of a float scalar or vector: the result and the out value
    /// (the whole part, or the exponent converted to `x`'s type as HLSL declares it).
    fn modf_frexp(&mut self, intr: ir::Intrinsic, ty: &Type, x: Word) -> Result<(Word, Word)> {
        let t = self.cx.plain_type(ty)?;
        let (_, n) = shape(ty).ok_or_else(|| SpirvError::invalid("modf/frexp operand"))?;
        let frexp = intr == ir::Intrinsic::Frexp;
        let second = if frexp {
            let int = Scalar::Int {
                width: 32,
                signed: true,
            };
            self.cx.vector_type(int, n)
        } else {
            t
        };
        let st = self.anon_struct(&[t, second]);
        let inst = if frexp {
            glsl::FREXP_STRUCT
        } else {
            glsl::MODF_STRUCT
        };
        let both = self.glsl(st, inst, &[x]);
        let r = self.op(
            Op::CompositeExtract,
            t,
            vec![Operand::IdRef(both), Operand::LiteralBit32(0)],
        );
        let mut out = self.op(
            Op::CompositeExtract,
            second,
            vec![Operand::IdRef(both), Operand::LiteralBit32(1)],
        );
        if frexp {
            out = self.op(Op::ConvertSToF, t, Self::ids(&[out]));
        }
        Ok((r, out))
    }

    /// `asuint(d, out lo, out hi)`: each component of the double `d` is bitcast to a `uint2`
    /// whose first component is the low word; the low and high words are stored through the
    /// pointers `lo` and `hi`. A matrix goes row by row (its rows rebuilt into the uint
    /// matrices stored).
    fn split_double(&mut self, ty: &Type, d: Word, lo: Word, hi: Word) -> Result<()> {
        let (l, h) = match ty {
            Type::Matrix {
                scalar, rows, cols, ..
            } if ty.one_row_or_column().is_none() => {
                let row_ty = Type::Vector(*scalar, *cols);
                let rt = self.cx.plain_type(&row_ty)?;
                let (mut los, mut his) = (Vec::new(), Vec::new());
                for r in 0..u32::from(*rows) {
                    let row = self.op(
                        Op::CompositeExtract,
                        rt,
                        vec![Operand::IdRef(d), Operand::LiteralBit32(r)],
                    );
                    let (l, h) = self.split_double_words(&row_ty, row)?;
                    los.push(l);
                    his.push(h);
                }
                let ut = self.cx.plain_type(
                    &ty.with_scalar_kind(ScalarKind::Uint)
                        .ok_or_else(|| SpirvError::invalid("asuint operand"))?,
                )?;
                let l = self.op(Op::CompositeConstruct, ut, Self::ids(&los));
                let h = self.op(Op::CompositeConstruct, ut, Self::ids(&his));
                (l, h)
            }
            _ => self.split_double_words(&vector_view(ty), d)?,
        };
        self.op_void(Op::Store, Self::ids(&[lo, l]));
        self.op_void(Op::Store, Self::ids(&[hi, h]));
        Ok(())
    }

    /// The low and high words of each component of the double scalar or vector `d`.
    fn split_double_words(&mut self, ty: &Type, d: Word) -> Result<(Word, Word)> {
        let (_, n) = shape(ty).ok_or_else(|| SpirvError::invalid("asuint operand"))?;
        let uint = self.cx.uint_type();
        let u2 = self.cx.vector_of(uint, 2);
        let double = self.cx.plain_type(&Type::Scalar(ScalarKind::Double))?;
        let (mut los, mut his) = (Vec::new(), Vec::new());
        for c in 0..n {
            let x = self.component(double, d, n, c);
            let words = self.op(Op::Bitcast, u2, Self::ids(&[x]));
            for (w, into) in [(0, &mut los), (1, &mut his)] {
                into.push(self.op(
                    Op::CompositeExtract,
                    uint,
                    vec![Operand::IdRef(words), Operand::LiteralBit32(w)],
                ));
            }
        }
        let mut whole = |parts: Vec<Word>| {
            if n == 1 {
                parts[0]
            } else {
                let t = self.cx.vector_of(uint, n);
                self.op(Op::CompositeConstruct, t, Self::ids(&parts))
            }
        };
        let l = whole(los);
        let h = whole(his);
        Ok((l, h))
    }

    pub fn lower_intrinsic(
        &mut self,
        intr: ir::Intrinsic,
        d: &ir::InstData,
        i: ir::Inst,
    ) -> Result<Option<Word>> {
        use ir::Intrinsic as I;
        if intr.is_ray_query() {
            return self.lower_ray_query(intr, d);
        }
        if crate::raytracing::is_pipeline_intrinsic(intr) {
            return self.lower_pipeline_intrinsic(intr, d);
        }
        if intr.is_sm6x() {
            return self.lower_sm6x(intr, d).map(Some);
        }
        match intr {
            I::Demote => return self.demote().map(|()| None),
            I::SubpassLoad => return self.lower_subpass_load(d).map(Some),
            I::RawBufferLoad => return self.lower_raw_buffer_load(d).map(Some),
            I::RawBufferStore => return self.lower_raw_buffer_store(d).map(|()| None),
            I::BufferPointerLoad => return self.lower_buffer_pointer_load(d).map(Some),
            I::BufferPointerStore => return self.lower_buffer_pointer_store(d).map(|()| None),
            I::ExtInstruction => return self.lower_ext_instruction(d),
            I::ReadClock => return self.lower_read_clock(d).map(Some),
            _ => {}
        }
        let args = self.values(&d.operands)?;
        if intr == I::Printf {
            // DXC: `OpExtInst %void %DebugPrintf 1 %format args...` (DebugPrintf is
            // instruction 1 of the set).
            let format = d.literals.first().copied().unwrap_or(-1);
            let format = self.cx.string(u32::try_from(format).unwrap_or(u32::MAX))?;
            let set = self.cx.debug_printf();
            let void = self.cx.void_type();
            let mut ops = vec![
                Operand::IdRef(set),
                Operand::LiteralExtInstInteger(1),
                Operand::IdRef(format),
            ];
            ops.extend(Self::ids(&args));
            return Ok(Some(self.op(Op::ExtInst, void, ops)));
        }
        let tys = d
            .operands
            .iter()
            .map(|&o| self.type_of(o))
            .collect::<Result<Vec<_>>>()?;
        let arg_kind = tys.first().and_then(|t| t.scalar_kind());
        let float = arg_kind.is_some_and(|k| k.is_float());
        let signed = arg_kind.is_some_and(|k| k.is_signed_integer());
        let need = |n: usize| operand_count(intr, args.len(), n);
        let ty = d.ty.clone();
        let pick = |f: u32, s: u32, u: u32| {
            if float {
                f
            } else if signed {
                s
            } else {
                u
            }
        };
        let unary = match intr {
            I::Acos => Some(glsl::ACOS),
            I::Asin => Some(glsl::ASIN),
            I::Atan => Some(glsl::ATAN),
            I::Ceil => Some(glsl::CEIL),
            I::Cos => Some(glsl::COS),
            I::Cosh => Some(glsl::COSH),
            I::Degrees => Some(glsl::DEGREES),
            I::Exp => Some(glsl::EXP),
            I::Exp2 => Some(glsl::EXP2),
            I::Floor => Some(glsl::FLOOR),
            I::Frac => Some(glsl::FRACT),
            I::Log => Some(glsl::LOG),
            I::Log2 => Some(glsl::LOG2),
            I::Radians => Some(glsl::RADIANS),
            I::Round => Some(glsl::ROUND_EVEN),
            I::Rsqrt => Some(glsl::INVERSE_SQRT),
            I::Sin => Some(glsl::SIN),
            I::Sinh => Some(glsl::SINH),
            I::Sqrt => Some(glsl::SQRT),
            I::Tan => Some(glsl::TAN),
            I::Tanh => Some(glsl::TANH),
            I::Trunc => Some(glsl::TRUNC),
            _ => None,
        };
        if let Some(inst) = unary {
            need(1)?;
            return Ok(Some(self.glsl_map(&ty, inst, &args, &tys)?));
        }
        let id = match intr {
            I::Abs => {
                need(1)?;
                if !float && !signed {
                    args[0]
                } else {
                    self.glsl_map(&ty, pick(glsl::FABS, glsl::SABS, glsl::SABS), &args, &tys)?
                }
            }
            I::Atan2 | I::Pow | I::Step | I::Min | I::Max | I::Fmod => {
                need(2)?;
                match intr {
                    I::Fmod => self.componentwise(&ty, &tys, &args, &mut |fx, ty, _, a| {
                        let t = fx.cx.plain_type(ty)?;
                        Ok(fx.op(Op::FRem, t, Self::ids(a)))
                    })?,
                    _ => {
                        let inst = match intr {
                            I::Atan2 => glsl::ATAN2,
                            I::Pow => glsl::POW,
                            I::Step => glsl::STEP,
                            I::Min => pick(glsl::FMIN, glsl::SMIN, glsl::UMIN),
                            _ => pick(glsl::FMAX, glsl::SMAX, glsl::UMAX),
                        };
                        self.glsl_map(&ty, inst, &args, &tys)?
                    }
                }
            }
            I::Clamp | I::Lerp | I::SmoothStep | I::Fma | I::Mad => {
                need(3)?;
                if intr == I::Mad {
                    // DXC's `mad` is precise: each `Fma` (one per matrix row), or the integer
                    // multiply and add, is `NoContraction`.
                    self.componentwise(&ty, &tys, &args, &mut |fx, ty, _, a| {
                        let t = fx.cx.plain_type(ty)?;
                        if float {
                            let r = fx.glsl(t, glsl::FMA, a);
                            fx.cx.decorate(r, Decoration::NoContraction, &[]);
                            return Ok(r);
                        }
                        let m = fx.op(Op::IMul, t, Self::ids(&a[..2]));
                        fx.cx.decorate(m, Decoration::NoContraction, &[]);
                        let r = fx.op(Op::IAdd, t, Self::ids(&[m, a[2]]));
                        fx.cx.decorate(r, Decoration::NoContraction, &[]);
                        Ok(r)
                    })?
                } else {
                    let inst = match intr {
                        I::Clamp => pick(glsl::FCLAMP, glsl::SCLAMP, glsl::UCLAMP),
                        I::Lerp => glsl::FMIX,
                        I::SmoothStep => glsl::SMOOTH_STEP,
                        _ => glsl::FMA,
                    };
                    self.glsl_map(&ty, inst, &args, &tys)?
                }
            }
            I::Saturate => {
                need(1)?;
                self.componentwise(&ty, &tys, &args, &mut |fx, ty, _, a| {
                    let t = fx.cx.plain_type(ty)?;
                    let zero = fx.float_splat(ty, 0.0)?;
                    let one = fx.float_splat(ty, 1.0)?;
                    Ok(fx.glsl(t, glsl::FCLAMP, &[a[0], zero, one]))
                })?
            }
            I::Sign => {
                need(1)?;
                self.componentwise(&ty, &tys, &args, &mut |fx, ty, tys, a| {
                    let st = fx.cx.plain_type(&tys[0])?;
                    let (k, n) = shape(&tys[0])
                        .ok_or_else(|| SpirvError::invalid("sign of a non-numeric value"))?;
                    if k.is_integer() && !k.is_signed_integer() {
                        // An unsigned value is never negative: `x != 0` as 1 or 0 (DXC's
                        // `usign`); `SSign` would read the top bit as a sign.
                        let zero = fx.cx.const_splat(scalar_of(k, false), n, 0);
                        let bt = fx.cx.plain_type(
                            &ty.with_scalar_kind(ScalarKind::Bool)
                                .ok_or_else(|| SpirvError::invalid("sign result"))?,
                        )?;
                        let nonzero = fx.op(Op::INotEqual, bt, Self::ids(&[a[0], zero]));
                        let (rk, _) =
                            shape(ty).ok_or_else(|| SpirvError::invalid("sign result"))?;
                        let one = fx.cx.const_splat(scalar_of(rk, false), n, 1);
                        let none = fx.cx.const_splat(scalar_of(rk, false), n, 0);
                        let rt = fx.cx.plain_type(ty)?;
                        return Ok(fx.op(Op::Select, rt, Self::ids(&[nonzero, one, none])));
                    }
                    let inst = if float { glsl::FSIGN } else { glsl::SSIGN };
                    let s = fx.glsl(st, inst, &[a[0]]);
                    fx.convert(s, &tys[0], ty)
                })?
            }
            I::Log10 => {
                need(1)?;
                self.componentwise(&ty, &tys, &args, &mut |fx, ty, _, a| {
                    let t = fx.cx.plain_type(ty)?;
                    let l = fx.glsl(t, glsl::LOG2, &[a[0]]);
                    let c = fx.float_splat(ty, std::f64::consts::LOG10_2)?;
                    Ok(fx.op(Op::FMul, t, Self::ids(&[l, c])))
                })?
            }
            I::Rcp => {
                need(1)?;
                self.componentwise(&ty, &tys, &args, &mut |fx, ty, _, a| {
                    let t = fx.cx.plain_type(ty)?;
                    let one = fx.float_splat(ty, 1.0)?;
                    Ok(fx.op(Op::FDiv, t, Self::ids(&[one, a[0]])))
                })?
            }
            I::Determinant if tys.first().is_some_and(|t| t.one_row_or_column().is_some()) => {
                // The determinant of a 1x1 matrix is its only component.
                need(1)?;
                args[0]
            }
            I::Length | I::Normalize | I::Determinant => {
                need(1)?;
                let inst = match intr {
                    I::Length => glsl::LENGTH,
                    I::Normalize => glsl::NORMALIZE,
                    _ => glsl::DETERMINANT,
                };
                let t = self.cx.plain_type(&ty)?;
                self.glsl(t, inst, &args)
            }
            I::Distance | I::Cross | I::Reflect => {
                need(2)?;
                let inst = match intr {
                    I::Distance => glsl::DISTANCE,
                    I::Cross => glsl::CROSS,
                    _ => glsl::REFLECT,
                };
                let t = self.cx.plain_type(&ty)?;
                self.glsl(t, inst, &args)
            }
            I::Refract | I::FaceForward => {
                need(3)?;
                let inst = if intr == I::Refract {
                    glsl::REFRACT
                } else {
                    glsl::FACE_FORWARD
                };
                let t = self.cx.plain_type(&ty)?;
                self.glsl(t, inst, &args)
            }
            I::Transpose => {
                need(1)?;
                let t = self.cx.plain_type(&ty)?;
                if tys[0].one_row_or_column().is_some() {
                    // A 1xN and its Nx1 transpose are the same vector.
                    args[0]
                } else if float {
                    self.op(Op::Transpose, t, Self::ids(&args))
                } else {
                    // Integer and bool matrices are arrays of vectors (`OpTranspose` takes
                    // float matrices only): gather each result row from the columns.
                    let Type::Matrix {
                        scalar, rows, cols, ..
                    } = tys[0]
                    else {
                        return Err(SpirvError::invalid("transpose of a non-matrix"));
                    };
                    let st = self.cx.plain_type(&Type::Scalar(scalar))?;
                    let rt = self.cx.plain_type(&Type::Vector(scalar, rows))?;
                    let mut out_rows = Vec::new();
                    for c in 0..u32::from(cols) {
                        let parts: Vec<Word> = (0..u32::from(rows))
                            .map(|r| {
                                self.op(
                                    Op::CompositeExtract,
                                    st,
                                    vec![
                                        Operand::IdRef(args[0]),
                                        Operand::LiteralBit32(r),
                                        Operand::LiteralBit32(c),
                                    ],
                                )
                            })
                            .collect();
                        out_rows.push(self.op(Op::CompositeConstruct, rt, Self::ids(&parts)));
                    }
                    self.op(Op::CompositeConstruct, t, Self::ids(&out_rows))
                }
            }
            I::CountBits | I::ReverseBits | I::FirstBitHigh | I::FirstBitLow => {
                need(1)?;
                // These take scalars and vectors: a matrix goes row by row.
                self.componentwise(&ty, &tys, &args, &mut |fx, ty, tys, args| {
                    fx.bit_intrinsic(intr, ty, tys, args)
                })?
            }
            I::IsNan | I::IsInf | I::IsFinite => {
                need(1)?;
                // `OpIsNan`/`OpIsInf` take scalars and vectors: a matrix (a bool matrix
                // result) goes row by row.
                self.componentwise(&ty, &tys, &args, &mut |fx, ty, _, args| {
                    let t = fx.cx.plain_type(ty)?;
                    Ok(match intr {
                        I::IsNan => fx.op(Op::IsNan, t, Self::ids(args)),
                        I::IsInf => fx.op(Op::IsInf, t, Self::ids(args)),
                        _ => {
                            let nan = fx.op(Op::IsNan, t, Self::ids(args));
                            let inf = fx.op(Op::IsInf, t, Self::ids(args));
                            let either = fx.op(Op::LogicalOr, t, Self::ids(&[nan, inf]));
                            fx.op(Op::LogicalNot, t, Self::ids(&[either]))
                        }
                    })
                })?
            }
            I::All | I::Any
                if tys
                    .first()
                    .is_some_and(|t| matches!(t, Type::Matrix { .. }) && shape(t).is_none()) =>
            {
                need(1)?;
                self.any_all_of_matrix(intr == I::All, &tys[0], args[0])?
            }
            I::All | I::Any => {
                need(1)?;
                let (k, n) = shape(&tys[0]).ok_or_else(|| {
                    SpirvError::unsupported(format!("{} of {}", intr.name(), tys[0].ir()))
                })?;
                let b = if k.is_bool() {
                    args[0]
                } else {
                    let bt = tys[0]
                        .with_scalar_kind(ScalarKind::Bool)
                        .unwrap_or(Type::BOOL);
                    self.convert(args[0], &tys[0], &bt)?
                };
                if n == 1 {
                    b
                } else {
                    let t = self.cx.bool_type();
                    let op = if intr == I::All { Op::All } else { Op::Any };
                    self.op(op, t, Self::ids(&[b]))
                }
            }
            I::AsUint if args.len() == 3 => {
                self.split_double(&tys[0], args[0], args[1], args[2])?;
                return Ok(None);
            }
            I::AsFloat | I::AsInt | I::AsUint => {
                need(1)?;
                // `OpBitcast` takes scalars and vectors: a matrix goes row by row.
                self.componentwise(&ty, &tys, &args, &mut |fx, ty, tys, args| {
                    let from = fx.cx.plain_type(&tys[0])?;
                    let t = fx.cx.plain_type(ty)?;
                    Ok(if from == t {
                        args[0]
                    } else {
                        fx.op(Op::Bitcast, t, Self::ids(args))
                    })
                })?
            }
            I::AsDouble | I::F16ToF32 | I::F32ToF16 => {
                need(if intr == I::AsDouble { 2 } else { 1 })?;
                // These take scalars and vectors: a matrix goes row by row.
                self.componentwise(&ty, &tys, &args, &mut |fx, ty, tys, args| {
                    fx.bit_intrinsic(intr, ty, tys, args)
                })?
            }
            I::Ldexp => {
                need(2)?;
                self.componentwise(&ty, &tys, &args, &mut |fx, ty, _, a| {
                    let t = fx.cx.plain_type(ty)?;
                    let e = fx.glsl(t, glsl::EXP2, &[a[1]]);
                    Ok(fx.op(Op::FMul, t, Self::ids(&[a[0], e])))
                })?
            }
            I::Modf | I::Frexp => {
                need(2)?;
                // `ModfStruct`/`FrexpStruct` take scalars and vectors: a matrix goes row by row
                // and both results are put back together.
                let Type::Matrix {
                    scalar, rows, cols, ..
                } = vector_view(&tys[0])
                else {
                    let (r, out) = self.modf_frexp(intr, &vector_view(&tys[0]), args[0])?;
                    self.op_void(Op::Store, Self::ids(&[args[1], out]));
                    return Ok(Some(r));
                };
                let row_ty = Type::Vector(scalar, cols);
                let rt = self.cx.plain_type(&row_ty)?;
                let (mut rs, mut outs) = (Vec::new(), Vec::new());
                for i in 0..u32::from(rows) {
                    let row = self.op(
                        Op::CompositeExtract,
                        rt,
                        vec![Operand::IdRef(args[0]), Operand::LiteralBit32(i)],
                    );
                    let (r, out) = self.modf_frexp(intr, &row_ty, row)?;
                    rs.push(r);
                    outs.push(out);
                }
                let t = self.cx.plain_type(&tys[0])?;
                let out = self.op(Op::CompositeConstruct, t, Self::ids(&outs));
                self.op_void(Op::Store, Self::ids(&[args[1], out]));
                self.op(Op::CompositeConstruct, t, Self::ids(&rs))
            }
            I::Sincos => {
                need(3)?;
                // `Sin`/`Cos` take scalars and vectors: a matrix goes row by row.
                let s = self.glsl_map(&tys[0], glsl::SIN, &args[..1], &tys[..1])?;
                let c = self.glsl_map(&tys[0], glsl::COS, &args[..1], &tys[..1])?;
                self.op_void(Op::Store, Self::ids(&[args[1], s]));
                self.op_void(Op::Store, Self::ids(&[args[2], c]));
                return Ok(None);
            }
            I::Ddx | I::Ddy | I::Fwidth | I::DdxCoarse | I::DdxFine | I::DdyCoarse | I::DdyFine => {
                need(1)?;
                let op = match intr {
                    I::Ddx => Op::DPdx,
                    I::Ddy => Op::DPdy,
                    I::Fwidth => Op::Fwidth,
                    I::DdxCoarse => Op::DPdxCoarse,
                    I::DdxFine => Op::DPdxFine,
                    I::DdyCoarse => Op::DPdyCoarse,
                    _ => Op::DPdyFine,
                };
                self.require_derivatives("derivatives")?;
                if !matches!(intr, I::Ddx | I::Ddy | I::Fwidth) {
                    self.cx.capability(Capability::DerivativeControl);
                }
                self.componentwise(&ty, &tys, &args, &mut |fx, ty, _, a| {
                    let t = fx.cx.plain_type(ty)?;
                    // The derivative instructions take 32-bit floats: a 16-bit value (under
                    // -enable-16bit-types) converts there and back, as DXC does.
                    let wide = match ty.scalar_kind() {
                        Some(k) if k.is_float() && k.bit_width() == 16 => {
                            ty.with_scalar_kind(ScalarKind::Float)
                        }
                        _ => None,
                    };
                    let Some(wide) = wide else {
                        return Ok(fx.op(op, t, Self::ids(a)));
                    };
                    let wt = fx.cx.plain_type(&wide)?;
                    let x = fx.op(Op::FConvert, wt, Self::ids(a));
                    let d = fx.op(op, wt, Self::ids(&[x]));
                    Ok(fx.op(Op::FConvert, t, Self::ids(&[d])))
                })?
            }
            I::Clip => {
                need(1)?;
                self.require_pixel("clip")?;
                // A matrix is clipped when any component of any row is negative.
                let mut rows = Vec::new();
                let row_ty = match &vector_view(&tys[0]) {
                    Type::Matrix {
                        scalar,
                        rows: r,
                        cols,
                        ..
                    } => {
                        let rt = Type::Vector(*scalar, *cols);
                        let rw = self.cx.plain_type(&rt)?;
                        for i in 0..u32::from(*r) {
                            rows.push(self.op(
                                Op::CompositeExtract,
                                rw,
                                vec![Operand::IdRef(args[0]), Operand::LiteralBit32(i)],
                            ));
                        }
                        rt
                    }
                    t => {
                        rows.push(args[0]);
                        t.clone()
                    }
                };
                let (_, n) =
                    shape(&row_ty).ok_or_else(|| SpirvError::invalid("clip of a non-number"))?;
                let b = self.cx.bool_type();
                let bt = self.cx.vector_type(Scalar::Bool, n);
                let zero = self.float_splat(&row_ty, 0.0)?;
                let mut cond = None;
                for row in rows {
                    let lt = self.op(Op::FOrdLessThan, bt, Self::ids(&[row, zero]));
                    let any = if n == 1 {
                        lt
                    } else {
                        self.op(Op::Any, b, Self::ids(&[lt]))
                    };
                    cond = Some(match cond {
                        None => any,
                        Some(c) => self.op(Op::LogicalOr, b, Self::ids(&[c, any])),
                    });
                }
                let cond = cond.ok_or_else(|| SpirvError::invalid("clip of an empty matrix"))?;
                self.kill_if(cond);
                return Ok(None);
            }
            I::EvaluateAttributeAtCentroid
            | I::EvaluateAttributeAtSample
            | I::EvaluateAttributeSnapped => {
                need(if intr == I::EvaluateAttributeAtCentroid {
                    1
                } else {
                    2
                })?;
                let ptr = self.input_pointer_of(d.operands[0])?;
                self.cx.capability(Capability::InterpolationFunction);
                let t = self.cx.plain_type(&ty)?;
                match intr {
                    I::EvaluateAttributeAtCentroid => {
                        self.glsl(t, glsl::INTERPOLATE_AT_CENTROID, &[ptr])
                    }
                    I::EvaluateAttributeAtSample => {
                        need(2)?;
                        self.glsl(t, glsl::INTERPOLATE_AT_SAMPLE, &[ptr, args[1]])
                    }
                    _ => {
                        need(2)?;
                        // The offset is in 1/16 pixels.
                        let f2 = Type::Vector(ScalarKind::Float, 2);
                        let off = self.convert(args[1], &tys[1], &f2)?;
                        let sixteenth = self.float_splat(&f2, 1.0 / 16.0)?;
                        let ft = self.cx.plain_type(&f2)?;
                        let scaled = self.op(Op::FMul, ft, Self::ids(&[off, sixteenth]));
                        self.glsl(t, glsl::INTERPOLATE_AT_OFFSET, &[ptr, scaled])
                    }
                }
            }
            I::CheckAccessFullyMapped => {
                // The residency code of a sparse image read (`OpImageSparse*`).
                need(1)?;
                self.cx.capability(Capability::SparseResidency);
                let b = self.cx.bool_type();
                self.op(Op::ImageSparseTexelsResident, b, Self::ids(&[args[0]]))
            }
            I::NonUniformIndex => {
                need(1)?;
                self.nonuniform.insert(ir::Value::Inst(i));
                args[0]
            }
            I::WaveGetLaneIndex | I::WaveGetLaneCount => {
                need(0)?;
                self.require_waves(intr.name(), Capability::GroupNonUniform)?;
                let uint = self.cx.uint_type();
                let b = if intr == I::WaveGetLaneIndex {
                    BuiltIn::SubgroupLocalInvocationId
                } else {
                    BuiltIn::SubgroupSize
                };
                let var = self.cx.builtin_input(b, uint);
                self.cx.func_uses[self.fidx].builtins.insert(var);
                self.op(Op::Load, uint, vec![Operand::IdRef(var)])
            }
            I::WaveIsFirstLane => {
                need(0)?;
                self.require_waves(intr.name(), Capability::GroupNonUniform)?;
                let t = self.cx.bool_type();
                let scope = self.cx.const_uint(Scope::Subgroup as u32);
                self.op(Op::GroupNonUniformElect, t, vec![Operand::IdScope(scope)])
            }
            I::WaveActiveAnyTrue | I::WaveActiveAllTrue | I::WaveActiveAllEqual => {
                need(1)?;
                self.require_waves(intr.name(), Capability::GroupNonUniformVote)?;
                let t = self.cx.bool_type();
                let scope = self.cx.const_uint(Scope::Subgroup as u32);
                let op = match intr {
                    I::WaveActiveAnyTrue => Op::GroupNonUniformAny,
                    I::WaveActiveAllTrue => Op::GroupNonUniformAll,
                    _ => Op::GroupNonUniformAllEqual,
                };
                if let (I::WaveActiveAllEqual, Some((k, n))) =
                    (intr, shape(&tys[0]).filter(|s| s.1 > 1))
                {
                    // Component by component, as DXC compares a vector: `bool3` of whether
                    // each component is the same in every active lane.
                    let ct = self.cx.plain_type(&Type::Scalar(k))?;
                    let mut parts = Vec::new();
                    for c in 0..n {
                        let x = self.op(
                            Op::CompositeExtract,
                            ct,
                            vec![Operand::IdRef(args[0]), Operand::LiteralBit32(c)],
                        );
                        parts.push(self.op(
                            op,
                            t,
                            vec![Operand::IdScope(scope), Operand::IdRef(x)],
                        ));
                    }
                    let bt = self.cx.plain_type(&ty)?;
                    return Ok(Some(self.op(Op::CompositeConstruct, bt, Self::ids(&parts))));
                }
                let r = self.op(
                    op,
                    t,
                    vec![Operand::IdScope(scope), Operand::IdRef(args[0])],
                );
                if let Some((_, n)) = shape(&ty).filter(|s| s.1 > 1) {
                    let bt = self.cx.plain_type(&ty)?;
                    self.op(Op::CompositeConstruct, bt, Self::ids(&vec![r; n as usize]))
                } else {
                    r
                }
            }
            I::WaveActiveBallot | I::WaveActiveCountBits | I::WavePrefixCountBits => {
                need(1)?;
                self.require_waves(intr.name(), Capability::GroupNonUniformBallot)?;
                let scope = self.cx.const_uint(Scope::Subgroup as u32);
                let u4 = self.cx.vector_type(
                    Scalar::Int {
                        width: 32,
                        signed: false,
                    },
                    4,
                );
                let ballot = self.op(
                    Op::GroupNonUniformBallot,
                    u4,
                    vec![Operand::IdScope(scope), Operand::IdRef(args[0])],
                );
                if intr == I::WaveActiveBallot {
                    ballot
                } else {
                    let uint = self.cx.uint_type();
                    let group = if intr == I::WaveActiveCountBits {
                        GroupOperation::Reduce
                    } else {
                        GroupOperation::ExclusiveScan
                    };
                    self.op(
                        Op::GroupNonUniformBallotBitCount,
                        uint,
                        vec![
                            Operand::IdScope(scope),
                            Operand::GroupOperation(group),
                            Operand::IdRef(ballot),
                        ],
                    )
                }
            }
            I::WaveReadLaneAt | I::WaveReadLaneFirst => {
                let t = self.cx.plain_type(&ty)?;
                let scope = self.cx.const_uint(Scope::Subgroup as u32);
                if intr == I::WaveReadLaneFirst {
                    need(1)?;
                    self.require_waves(intr.name(), Capability::GroupNonUniformBallot)?;
                    self.op(
                        Op::GroupNonUniformBroadcastFirst,
                        t,
                        vec![Operand::IdScope(scope), Operand::IdRef(args[0])],
                    )
                } else {
                    need(2)?;
                    self.require_waves(intr.name(), Capability::GroupNonUniformShuffle)?;
                    self.op(
                        Op::GroupNonUniformShuffle,
                        t,
                        vec![
                            Operand::IdScope(scope),
                            Operand::IdRef(args[0]),
                            Operand::IdRef(args[1]),
                        ],
                    )
                }
            }
            I::WaveActiveSum
            | I::WaveActiveProduct
            | I::WaveActiveBitAnd
            | I::WaveActiveBitOr
            | I::WaveActiveBitXor
            | I::WaveActiveMin
            | I::WaveActiveMax
            | I::WavePrefixSum
            | I::WavePrefixProduct => {
                need(1)?;
                self.require_waves(intr.name(), Capability::GroupNonUniformArithmetic)?;
                let pick_op = |f: Op, s: Op, u: Op| {
                    if float {
                        f
                    } else if signed {
                        s
                    } else {
                        u
                    }
                };
                let op = match intr {
                    I::WaveActiveSum | I::WavePrefixSum => pick_op(
                        Op::GroupNonUniformFAdd,
                        Op::GroupNonUniformIAdd,
                        Op::GroupNonUniformIAdd,
                    ),
                    I::WaveActiveProduct | I::WavePrefixProduct => pick_op(
                        Op::GroupNonUniformFMul,
                        Op::GroupNonUniformIMul,
                        Op::GroupNonUniformIMul,
                    ),
                    I::WaveActiveBitAnd => Op::GroupNonUniformBitwiseAnd,
                    I::WaveActiveBitOr => Op::GroupNonUniformBitwiseOr,
                    I::WaveActiveBitXor => Op::GroupNonUniformBitwiseXor,
                    I::WaveActiveMin => pick_op(
                        Op::GroupNonUniformFMin,
                        Op::GroupNonUniformSMin,
                        Op::GroupNonUniformUMin,
                    ),
                    _ => pick_op(
                        Op::GroupNonUniformFMax,
                        Op::GroupNonUniformSMax,
                        Op::GroupNonUniformUMax,
                    ),
                };
                let group = if matches!(intr, I::WavePrefixSum | I::WavePrefixProduct) {
                    GroupOperation::ExclusiveScan
                } else {
                    GroupOperation::Reduce
                };
                let t = self.cx.plain_type(&ty)?;
                let scope = self.cx.const_uint(Scope::Subgroup as u32);
                self.op(
                    op,
                    t,
                    vec![
                        Operand::IdScope(scope),
                        Operand::GroupOperation(group),
                        Operand::IdRef(args[0]),
                    ],
                )
            }
            I::QuadReadLaneAt
            | I::QuadReadAcrossX
            | I::QuadReadAcrossY
            | I::QuadReadAcrossDiagonal => {
                self.require_waves(intr.name(), Capability::GroupNonUniformQuad)?;
                let t = self.cx.plain_type(&ty)?;
                let scope = self.cx.const_uint(Scope::Subgroup as u32);
                if intr == I::QuadReadLaneAt {
                    need(2)?;
                    if !matches!(d.operands[1], ir::Value::Const(_)) && !self.cx.at_least(1, 5) {
                        return Err(SpirvError::needs_target(
                            "QuadReadLaneAt with a non-constant lane needs vulkan1.2 or later",
                        ));
                    }
                    self.op(
                        Op::GroupNonUniformQuadBroadcast,
                        t,
                        vec![
                            Operand::IdScope(scope),
                            Operand::IdRef(args[0]),
                            Operand::IdRef(args[1]),
                        ],
                    )
                } else {
                    need(1)?;
                    let dir = match intr {
                        I::QuadReadAcrossX => 0,
                        I::QuadReadAcrossY => 1,
                        _ => 2,
                    };
                    let dir = self.cx.const_uint(dir);
                    self.op(
                        Op::GroupNonUniformQuadSwap,
                        t,
                        vec![
                            Operand::IdScope(scope),
                            Operand::IdRef(args[0]),
                            Operand::IdRef(dir),
                        ],
                    )
                }
            }
            I::Lit => self.expand_lit(&ty, &args)?,
            I::Dst => self.expand_dst(&ty, &args)?,
            I::Msad4 => self.expand_msad4(&args)?,
            // The render-target queries, geometry streams, printf (and the unary math
            // intrinsics, lowered above).
            _ => {
                return Err(SpirvError::unsupported(format!(
                    "intrinsic {}",
                    intr.name()
                )));
            }
        };
        Ok(Some(id))
    }

    /// The `Input` pointer a value was loaded from (attribute evaluation needs it).
    fn input_pointer_of(&mut self, v: ir::Value) -> Result<Word> {
        if let ir::Value::Inst(i) = v {
            if let Some(d) = self.f.insts.get(i) {
                if d.opcode == ir::Opcode::Load {
                    let p = d.operands[0];
                    let info = self.ptr_info(p)?;
                    if info.class == StorageClass::Input {
                        return self.value(p);
                    }
                }
            }
        }
        Err(SpirvError::unsupported(
            "attribute evaluation of a value not loaded directly from a stage input",
        ))
    }
}

impl Fx<'_, '_> {
    /// `all`/`any` of a matrix: of each row, then `&&`/`||` of the rows (as DXC emits).
    fn any_all_of_matrix(&mut self, all: bool, ty: &Type, m: Word) -> Result<Word> {
        let Type::Matrix {
            scalar, rows, cols, ..
        } = *ty
        else {
            return Err(SpirvError::invalid(format!("any/all of {}", ty.ir())));
        };
        let row_ty = Type::Vector(scalar, cols);
        let bool_row = Type::Vector(ScalarKind::Bool, cols);
        let rt = self.cx.plain_type(&row_ty)?;
        let bool_t = self.cx.bool_type();
        let mut acc = None;
        for r in 0..u32::from(rows) {
            let row = self.op(
                Op::CompositeExtract,
                rt,
                vec![Operand::IdRef(m), Operand::LiteralBit32(r)],
            );
            let b = if scalar.is_bool() {
                row
            } else {
                self.convert(row, &row_ty, &bool_row)?
            };
            let v = self.op(if all { Op::All } else { Op::Any }, bool_t, Self::ids(&[b]));
            acc = Some(match acc {
                None => v,
                Some(a) => {
                    let op = if all { Op::LogicalAnd } else { Op::LogicalOr };
                    self.op(op, bool_t, Self::ids(&[a, v]))
                }
            });
        }
        acc.ok_or_else(|| SpirvError::invalid("any/all of an empty matrix"))
    }

    /// The bit and conversion intrinsics that take scalars and vectors only (`countbits`,
    /// `reversebits`, `firstbithigh`/`firstbitlow`, `asdouble`, `f16tof32`/`f32tof16`) on
    /// operands `args` of types `tys`, giving `ty`; the dispatch applies it to a matrix row
    /// by row.
    fn bit_intrinsic(
        &mut self,
        intr: ir::Intrinsic,
        ty: &Type,
        tys: &[Type],
        args: &[Word],
    ) -> Result<Word> {
        use ir::Intrinsic as I;
        let kind = tys[0].scalar_kind();
        let wide = kind.is_some_and(|k| k.bit_width() != 32);
        let signed = kind.is_some_and(|k| k.is_signed_integer());
        Ok(match intr {
            I::CountBits if wide => self.count_bits_wide(args[0], &tys[0], ty)?,
            I::ReverseBits if wide => self.reverse_bits_wide(args[0], &tys[0])?,
            I::CountBits | I::ReverseBits => {
                let t = self.cx.plain_type(ty)?;
                let op = if intr == I::CountBits {
                    Op::BitCount
                } else {
                    Op::BitReverse
                };
                self.op(op, t, Self::ids(args))
            }
            I::FirstBitHigh | I::FirstBitLow if wide => {
                self.first_bit_wide(intr == I::FirstBitHigh, args[0], &tys[0], ty)?
            }
            I::FirstBitHigh | I::FirstBitLow => {
                let inst = match intr {
                    I::FirstBitLow => glsl::FIND_ILSB,
                    _ if signed => glsl::FIND_SMSB,
                    _ => glsl::FIND_UMSB,
                };
                let t = self.cx.plain_type(ty)?;
                self.glsl(t, inst, args)
            }
            I::AsDouble => {
                // Component by component: `(low, high)` as a uint2 bitcast to a double.
                let (_, n) =
                    shape(&tys[0]).ok_or_else(|| SpirvError::invalid("asdouble operand"))?;
                let uint = self.cx.uint_type();
                let u2 = self.cx.vector_of(uint, 2);
                let double = self.cx.plain_type(&Type::Scalar(ScalarKind::Double))?;
                let mut parts = Vec::new();
                for c in 0..n {
                    let pair: Vec<Word> = args
                        .iter()
                        .map(|&a| self.component(uint, a, n, c))
                        .collect();
                    let pair = self.op(Op::CompositeConstruct, u2, Self::ids(&pair));
                    parts.push(self.op(Op::Bitcast, double, Self::ids(&[pair])));
                }
                self.rebuild(ty, n, parts)?
            }
            I::F16ToF32 | I::F32ToF16 => {
                let (_, n) =
                    shape(&tys[0]).ok_or_else(|| SpirvError::invalid("f16tof32 operand"))?;
                let float = self.cx.float_type();
                let uint = self.cx.uint_type();
                let v2 = self.cx.vector_of(float, 2);
                let mut parts = Vec::new();
                for c in 0..n {
                    let st = if intr == I::F16ToF32 { uint } else { float };
                    let x = self.component(st, args[0], n, c);
                    let r = if intr == I::F16ToF32 {
                        let both = self.glsl(v2, glsl::UNPACK_HALF_2X16, &[x]);
                        self.op(
                            Op::CompositeExtract,
                            float,
                            vec![Operand::IdRef(both), Operand::LiteralBit32(0)],
                        )
                    } else {
                        let zero = self.cx.const_float(0.0);
                        let pair = self.op(Op::CompositeConstruct, v2, Self::ids(&[x, zero]));
                        self.glsl(uint, glsl::PACK_HALF_2X16, &[pair])
                    };
                    parts.push(r);
                }
                self.rebuild(ty, n, parts)?
            }
            other => {
                return Err(SpirvError::invalid(format!(
                    "{} is not a bit intrinsic",
                    other.name()
                )))
            }
        })
    }

    /// `parts` as a value of `ty`: the only part of a scalar, else their vector.
    fn rebuild(&mut self, ty: &Type, n: u32, parts: Vec<Word>) -> Result<Word> {
        if n == 1 {
            return Ok(parts[0]);
        }
        let t = self.cx.plain_type(ty)?;
        Ok(self.op(Op::CompositeConstruct, t, Self::ids(&parts)))
    }
}

/// `Ok` when intrinsic `intr` has the `n` operands it takes (`got`).
pub(crate) fn operand_count(intr: ir::Intrinsic, got: usize, n: usize) -> Result<()> {
    if got == n {
        Ok(())
    } else {
        Err(SpirvError::invalid(format!(
            "{} takes {n} operands, not {got}",
            intr.name()
        )))
    }
}
