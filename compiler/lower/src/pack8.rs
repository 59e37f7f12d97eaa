//! SM 6.6's packed 8-bit intrinsics, as 32-bit integer arithmetic: `pack_u8`/`pack_s8` (the
//! low byte of each of four components, `x` lowest), `pack_clamp_u8`/`pack_clamp_s8` (each
//! clamped to the byte's range first) and `unpack_u8u32`/`unpack_s8s32` and their 16-bit
//! forms (each byte zero- or sign-extended); and SM 6.4's dot products on packed values,
//! `dot4add_u8packed`/`dot4add_i8packed` (the four byte products added to the accumulator,
//! wrapping) and `dot2add` (a `half2` dot product added in `float`). `call.rs` asks
//! [`FnLower::lower_pack8`] before the intrinsics the IR has an instruction for;
//! `uint8_t4_packed` and `int8_t4_packed` are `uint`s.

use hir::body::ExprId;
use ir::{Opcode, Value};
use types::{ScalarKind, Type};

use crate::context::R;
use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// Intrinsic `name` when it is one of the packed 8-bit ones, of result type `ty`.
    pub fn lower_pack8(
        &mut self,
        e: ExprId,
        name: &str,
        ty: &Type,
        args: &[ExprId],
    ) -> Option<R<Value>> {
        let clamp = match name {
            "pack_u8" | "pack_s8" => None,
            "pack_clamp_u8" => Some((0, 255)),
            "pack_clamp_s8" => Some((-128, 127)),
            "unpack_u8u32" | "unpack_u8u16" | "unpack_s8s32" | "unpack_s8s16" => {
                let signed = name.starts_with("unpack_s");
                return Some(self.unpack8(e, ty, args, signed));
            }
            "dot4add_u8packed" | "dot4add_i8packed" => {
                let signed = name == "dot4add_i8packed";
                return Some(self.dot4add(e, args, signed));
            }
            "dot2add" => return Some(self.dot2add(e, args)),
            _ => return None,
        };
        Some(self.pack8(e, args, clamp))
    }

    /// The low bytes of the four components of `args[0]` (clamped to `clamp` first), `x`
    /// in the lowest.
    fn pack8(&mut self, e: ExprId, args: &[ExprId], clamp: Option<(i32, i32)>) -> R<Value> {
        self.need_args(e, "pack", args, 1)?;
        let v = self.coerce(args[0], &Type::Vector(ScalarKind::Int, 4))?;
        let mut packed = self.fb().uint(0);
        for k in 0..4u32 {
            let mut c = self.fb().extract(v, &[k]);
            if let Some((lo, hi)) = clamp {
                let (lo, hi) = (self.fb().int(lo), self.fb().int(hi));
                let below = self.fb().compare(Opcode::Lt, c, lo);
                c = self.fb().select(below, lo, c);
                let above = self.fb().compare(Opcode::Gt, c, hi);
                c = self.fb().select(above, hi, c);
            }
            let c = self.fb().bitcast(c, Type::UINT);
            let mask = self.fb().uint(0xFF);
            let byte = self.fb().binary(Opcode::BitAnd, c, mask);
            let shift = self.fb().uint(8 * k);
            let byte = self.fb().binary(Opcode::Shl, byte, shift);
            packed = self.fb().binary(Opcode::BitOr, packed, byte);
        }
        Ok(packed)
    }

    /// The four bytes of `args[0]`, `x` from the lowest, zero- or (`signed`) sign-extended,
    /// as a vector of `ty`.
    fn unpack8(&mut self, e: ExprId, ty: &Type, args: &[ExprId], signed: bool) -> R<Value> {
        self.need_args(e, "unpack", args, 1)?;
        let p = self.coerce(args[0], &Type::UINT)?;
        let wide = if signed { Type::INT } else { Type::UINT };
        let mut parts = Vec::new();
        for k in 0..4u32 {
            let c = if signed {
                // The byte to the top, then an arithmetic shift back down.
                let up = self.fb().uint(24 - 8 * k);
                let top = self.fb().binary(Opcode::Shl, p, up);
                let top = self.fb().bitcast(top, Type::INT);
                let down = self.fb().int(24);
                self.fb().binary(Opcode::Shr, top, down)
            } else {
                let down = self.fb().uint(8 * k);
                let c = self.fb().binary(Opcode::Shr, p, down);
                let mask = self.fb().uint(0xFF);
                self.fb().binary(Opcode::BitAnd, c, mask)
            };
            let element = Type::Scalar(ty.scalar_kind().unwrap_or(ScalarKind::Uint));
            parts.push(self.convert_value(c, &wide, &element, e)?);
        }
        Ok(self.fb().construct(ty.clone(), &parts))
    }

    /// `acc + a.x * b.x + ... + a.w * b.w` over the bytes of `a` and `b` (`signed`: as
    /// signed bytes, with an `int` accumulator), wrapping as 32-bit integers.
    fn dot4add(&mut self, e: ExprId, args: &[ExprId], signed: bool) -> R<Value> {
        self.need_args(e, "dot4add", args, 3)?;
        let (kind, wide) = if signed {
            (ScalarKind::Int, Type::INT)
        } else {
            (ScalarKind::Uint, Type::UINT)
        };
        let v4 = Type::Vector(kind, 4);
        let a = self.unpack8(args[0], &v4, &args[..1], signed)?;
        let b = self.unpack8(args[1], &v4, &args[1..2], signed)?;
        let mut sum = self.coerce(args[2], &wide)?;
        for k in 0..4u32 {
            let x = self.fb().extract(a, &[k]);
            let y = self.fb().extract(b, &[k]);
            let p = self.fb().binary(Opcode::Mul, x, y);
            sum = self.fb().binary(Opcode::Add, sum, p);
        }
        Ok(sum)
    }

    /// `acc + dot(a, b)` of two `half2`s, computed in `float`.
    fn dot2add(&mut self, e: ExprId, args: &[ExprId]) -> R<Value> {
        self.need_args(e, "dot2add", args, 3)?;
        let f2 = Type::Vector(ScalarKind::Float, 2);
        let a = self.coerce(args[0], &f2)?;
        let b = self.coerce(args[1], &f2)?;
        let d = self.fb().mat(Opcode::Dot, a, b);
        let acc = self.coerce(args[2], &Type::FLOAT)?;
        Ok(self.fb().binary(Opcode::Add, acc, d))
    }
}
