//! SM 6.x integer and packed math intrinsics, expanded into IR arithmetic where DXC expands
//! them too, so the interpreter and every backend run them without new opcodes: `dot2add` (a
//! `half2` dot product widened to `float` plus the accumulator, DXC's `OpDot`, `OpFConvert`,
//! `OpFAdd`), the SM 6.6 8-bit pack and unpack family (`pack_u8`, `pack_clamp_s8`,
//! `unpack_s8s32`, ...: clamps, masks, shifts and conversions on `uint8_t4_packed` /
//! `int8_t4_packed`, which are `uint` words), `AddUint64` (64-bit sums of `(low, high)` `uint`
//! pairs with the carry of the low words), the 16-bit reinterpretations `asfloat16`,
//! `asint16`, `asuint16` (bitcasts, matrices row by row) and `WaveMultiPrefixCountBits` (a
//! `WaveMultiPrefixSum` of ones and zeros). `dot4add_u8packed` and `dot4add_i8packed` stay
//! `call_intrinsic`s, as SPIR-V has an instruction for them (`OpUDot`/`OpSDot` on packed
//! 4x8-bit vectors). Called from `call.rs`.

use hir::body::ExprId;
use ir::{Constant, Intrinsic, Opcode, Value};
use types::{ScalarKind, Type};

use crate::context::R;
use crate::func::FnLower;

const UINT4: Type = Type::Vector(ScalarKind::Uint, 4);
const INT4: Type = Type::Vector(ScalarKind::Int, 4);

impl FnLower<'_, '_> {
    /// Lowers `name(args)` when it is one of this module's intrinsics.
    pub(crate) fn lower_packed_math(
        &mut self,
        e: ExprId,
        name: &str,
        args: &[ExprId],
    ) -> Option<R<Option<Value>>> {
        let r = match name {
            "dot2add" => self.dot2add(e, args),
            "dot4add_u8packed" | "dot4add_i8packed" => self.dot4add(e, name, args),
            "pack_u8" | "pack_s8" | "pack_clamp_u8" | "pack_clamp_s8" => self.pack8(e, name, args),
            "unpack_u8u32" | "unpack_u8u16" | "unpack_s8s32" | "unpack_s8s16" => {
                self.unpack8(e, name, args)
            }
            "AddUint64" => self.add_uint64(e, args),
            "asfloat16" | "asint16" | "asuint16" => self.as16(e, name, args),
            "WaveMultiPrefixCountBits" => self.multi_prefix_count_bits(e, args),
            _ => return None,
        };
        Some(r.map(Some))
    }

    /// The type overload resolution chose for argument `i` of `name`, or the argument's own.
    fn param_type(&mut self, name: &str, args: &[ExprId], i: usize) -> R<Type> {
        match self
            .intrinsic_in_params(name, args)
            .get(i)
            .cloned()
            .flatten()
        {
            Some(t) => Ok(t),
            None => self.ty(args[i]),
        }
    }

    /// `dot2add(a, b, acc)`: `float(dot(a, b)) + acc` with the dot product in half precision.
    fn dot2add(&mut self, e: ExprId, args: &[ExprId]) -> R<Value> {
        self.need_args(e, "dot2add", args, 3)?;
        // `half` is a 16-bit float under `-enable-16bit-types` (the intrinsic table spells
        // the parameters `half2` either way).
        let mut h2 = self.param_type("dot2add", args, 0)?;
        if self.cx.tree.native_16bit {
            h2 = h2.with_native_16bit();
        }
        let a = self.coerce(args[0], &h2)?;
        let b = self.coerce(args[1], &h2)?;
        let acc = self.coerce(args[2], &Type::FLOAT)?;
        let dot = self.fb().mat(Opcode::Dot, a, b);
        let wide = if self.type_of(dot) == Type::FLOAT {
            dot
        } else {
            self.fb().convert(dot, Type::FLOAT)
        };
        Ok(self.fb().binary(Opcode::Add, wide, acc))
    }

    /// `dot4add_u8packed(a, b, acc)` / `dot4add_i8packed`: the packed dot product intrinsic.
    fn dot4add(&mut self, e: ExprId, name: &str, args: &[ExprId]) -> R<Value> {
        self.need_args(e, name, args, 3)?;
        let (which, acc_ty) = if name == "dot4add_u8packed" {
            (Intrinsic::Dot4AddU8Packed, Type::UINT)
        } else {
            (Intrinsic::Dot4AddI8Packed, Type::INT)
        };
        let a = self.coerce(args[0], &Type::UINT)?;
        let b = self.coerce(args[1], &Type::UINT)?;
        let acc = self.coerce(args[2], &acc_ty)?;
        Ok(self.fb().call_intrinsic(which, acc_ty, &[a, b, acc]))
    }

    /// `pack_u8(v)`, `pack_s8(v)`: the low byte of each component, component `i` in bits
    /// `8i..8i+8`; the `pack_clamp_*` forms first clamp each (signed) component to `[0, 255]`
    /// or `[-128, 127]`.
    fn pack8(&mut self, e: ExprId, name: &str, args: &[ExprId]) -> R<Value> {
        self.need_args(e, name, args, 1)?;
        let t = self.param_type(name, args, 0)?;
        let Some(k) = t.scalar_kind().filter(|k| k.is_integer()) else {
            return Err(self.unsupported(&format!("`{name}` of {t}"), e));
        };
        let mut v = self.coerce(args[0], &t)?;
        if let Some((lo, hi)) = match name {
            "pack_clamp_u8" => Some((0, 255)),
            "pack_clamp_s8" => Some((-128, 127)),
            _ => None,
        } {
            let constant = |x: i32| match k {
                ScalarKind::Int16 => Constant::int16(x as i16),
                _ => Constant::int(x),
            };
            let lo = self.splat_const(&t, constant(lo));
            let hi = self.splat_const(&t, constant(hi));
            v = self
                .fb()
                .call_intrinsic(Intrinsic::Clamp, t.clone(), &[v, lo, hi]);
        }
        // To `uint4`: 16-bit components widened (the bits kept are the low ones either way),
        // signed ones reinterpreted.
        let signed = k.is_signed_integer();
        let wide = if k.bit_width() != 32 {
            let w = if signed { INT4 } else { UINT4 };
            self.fb().convert(v, w)
        } else {
            v
        };
        let u = if signed {
            self.fb().bitcast(wide, UINT4)
        } else {
            wide
        };
        let mask = self.splat_const(&UINT4, Constant::uint(0xff));
        let bytes = self.fb().binary(Opcode::BitAnd, u, mask);
        let shifts = self.uint4_const([0, 8, 16, 24]);
        let placed = self.fb().binary(Opcode::Shl, bytes, shifts);
        let mut word = self.fb().extract(placed, &[0]);
        for c in 1..4 {
            let part = self.fb().extract(placed, &[c]);
            word = self.fb().binary(Opcode::BitOr, word, part);
        }
        Ok(word)
    }

    /// `unpack_u8u32(p)` and kin: byte `i` of `p` as component `i`, zero-extended (`u8`) or
    /// sign-extended (`s8`), at 32 or 16 bits.
    fn unpack8(&mut self, e: ExprId, name: &str, args: &[ExprId]) -> R<Value> {
        self.need_args(e, name, args, 1)?;
        let ty = self.ty(e)?;
        let p = self.coerce(args[0], &Type::UINT)?;
        let v = if name.starts_with("unpack_u8") {
            let splat = self.fb().construct(UINT4, &[p; 4]);
            let shifts = self.uint4_const([0, 8, 16, 24]);
            let down = self.fb().binary(Opcode::Shr, splat, shifts);
            let mask = self.splat_const(&UINT4, Constant::uint(0xff));
            self.fb().binary(Opcode::BitAnd, down, mask)
        } else {
            // Each byte shifted to the top, then arithmetically back down.
            let s = self.fb().bitcast(p, Type::INT);
            let splat = self.fb().construct(INT4, &[s; 4]);
            let ups = [24, 16, 8, 0].map(Constant::int).to_vec();
            let ups = self.fb().module_builder().const_vector(ups);
            let top = self.fb().binary(Opcode::Shl, splat, ups);
            let down = self.splat_const(&INT4, Constant::int(24));
            self.fb().binary(Opcode::Shr, top, down)
        };
        Ok(if self.type_of(v) == ty {
            v
        } else {
            self.fb().convert(v, ty)
        })
    }

    /// `AddUint64(a, b)`: each `(low, high)` pair of `a` plus the pair of `b` at the same
    /// place, the low words' carry added to the high word.
    fn add_uint64(&mut self, e: ExprId, args: &[ExprId]) -> R<Value> {
        self.need_args(e, "AddUint64", args, 2)?;
        let t = self.param_type("AddUint64", args, 0)?;
        let n = match t {
            Type::Vector(ScalarKind::Uint, n @ (2 | 4)) => u32::from(n),
            _ => return Err(self.unsupported(&format!("`AddUint64` of {t}"), e)),
        };
        let a = self.coerce(args[0], &t)?;
        let b = self.coerce(args[1], &t)?;
        let mut parts = Vec::new();
        for pair in 0..n / 2 {
            let (l, h) = (2 * pair, 2 * pair + 1);
            let (al, bl) = (self.fb().extract(a, &[l]), self.fb().extract(b, &[l]));
            let (ah, bh) = (self.fb().extract(a, &[h]), self.fb().extract(b, &[h]));
            let low = self.fb().binary(Opcode::Add, al, bl);
            let wrapped = self.fb().compare(Opcode::Lt, low, al);
            let one = self.fb().uint(1);
            let zero = self.fb().uint(0);
            let carry = self.fb().select(wrapped, one, zero);
            let high = self.fb().binary(Opcode::Add, ah, bh);
            let high = self.fb().binary(Opcode::Add, high, carry);
            parts.extend([low, high]);
        }
        Ok(self.fb().construct(t, &parts))
    }

    /// `asfloat16(x)`, `asint16(x)`, `asuint16(x)`: the bits of a 16-bit value as another
    /// 16-bit type of the same shape.
    fn as16(&mut self, e: ExprId, name: &str, args: &[ExprId]) -> R<Value> {
        self.need_args(e, name, args, 1)?;
        let ty = self.ty(e)?;
        // A bare literal reads as the 16-bit type overload resolution chose for it
        // (`asuint16(1)` an `int16_t`), not as its own `int` or `float`.
        let at = match self.intrinsic_in_params(name, args).first() {
            Some(Some(t)) if self.infer.is_literal(args[0]) => t.clone(),
            _ => self.ty(args[0])?,
        };
        let x = self.coerce(args[0], &at)?;
        if at == ty {
            return Ok(x);
        }
        match (&at, &ty) {
            (Type::Scalar(_) | Type::Vector(..), _) => Ok(self.fb().bitcast(x, ty)),
            (
                Type::Matrix { rows, .. },
                Type::Matrix {
                    scalar: kind, cols, ..
                },
            ) => {
                let row_ty = Type::Vector(*kind, *cols);
                let mut out = Vec::new();
                for r in 0..u32::from(*rows) {
                    let row = self.fb().extract(x, &[r]);
                    out.push(if *cols == 1 {
                        self.fb().bitcast(row, Type::Scalar(*kind))
                    } else {
                        self.fb().bitcast(row, row_ty.clone())
                    });
                }
                Ok(self.fb().construct(ty, &out))
            }
            _ => Err(self.unsupported(&format!("`{name}` of {at}"), e)),
        }
    }

    /// `WaveMultiPrefixCountBits(bit, mask)`: `WaveMultiPrefixSum(bit ? 1 : 0, mask)`, the
    /// lanes below this one in its partition whose `bit` is set.
    fn multi_prefix_count_bits(&mut self, e: ExprId, args: &[ExprId]) -> R<Value> {
        self.need_args(e, "WaveMultiPrefixCountBits", args, 2)?;
        let bit = self.coerce(args[0], &Type::BOOL)?;
        let mask = self.coerce(args[1], &UINT4)?;
        let one = self.fb().uint(1);
        let zero = self.fb().uint(0);
        let count = self.fb().select(bit, one, zero);
        Ok(self
            .fb()
            .call_intrinsic(Intrinsic::WaveMultiPrefixSum, Type::UINT, &[count, mask]))
    }

    /// A `uint4` constant.
    fn uint4_const(&mut self, v: [u32; 4]) -> Value {
        let parts = v.map(Constant::uint).to_vec();
        self.fb().module_builder().const_vector(parts)
    }
}
