//! Bit-fields (HLSL 2021: `struct H { uint id : 12; int delta : 4; }`): a value stored into
//! one wraps to its width, as C's and DXC's do (`h.id = 0x1234` keeps `0x234`; a signed field
//! keeps the sign of its top bit: `h.delta = 9` reads back `-7`).
//!
//! Each bit-field is a whole member of its declared type here, so the wrap happens on the
//! way in: a store through a bit-field member (recorded by `expr::lvalue` in
//! [`FnLower::bit_fields`]) masks (unsigned) or sign-extends (signed) the value, and a store
//! of a whole struct holding bit-fields (an initializer list, a constructor, a copy) wraps
//! each of them. Reads need nothing: what was stored is in range.
//!
//! In a buffer, DXC packs a run of consecutive bit-fields of one type into one word
//! (`types::TypeLayout`'s struct rule, `types::stored_fields`); that is the layout stored
//! on the buffer's global, and the backends and the interpreter read and write the field's
//! bits of the word through the same pointers. A byte-address buffer's templated load or
//! store of such a struct extracts and packs the fields itself (`byte_address.rs`). An
//! atomic on a bit-field is refused by semantic analysis.

use ir::{Opcode, Value};
use types::{StructType, Type};

use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// `v` wrapped to a bit-field of `width` bits of its scalar type.
    pub(crate) fn wrap_bit_field(&mut self, v: Value, width: u8) -> Value {
        let Type::Scalar(kind) = self.type_of(v) else {
            return v;
        };
        let bits = kind.bit_width();
        if !kind.is_integer() || u32::from(width) >= bits || width == 0 {
            return v;
        }
        let constant = |n: u64| ir::Constant::scalar(kind, n);
        if kind.is_signed_integer() {
            // Up to the top bit and back: the arithmetic shift copies the field's sign.
            let shift = self
                .fb()
                .constant(constant(u64::from(bits - u32::from(width))));
            let up = self.fb().binary(Opcode::Shl, v, shift);
            self.fb().binary(Opcode::Shr, up, shift)
        } else {
            let mask = self.fb().constant(constant((1u64 << width) - 1));
            self.fb().binary(Opcode::BitAnd, v, mask)
        }
    }

    /// A value of type `ty` with the bit-fields of its structs wrapped.
    pub(crate) fn wrap_bit_fields_of(&mut self, v: Value, ty: &Type) -> Value {
        match ty {
            Type::Struct(s) if has_bit_fields(ty) => self.wrap_struct(v, s),
            Type::Array {
                element,
                len: Some(n),
            } if has_bit_fields(element) => {
                let mut whole = v;
                for i in 0..*n {
                    let e = self.fb().extract(whole, &[i]);
                    let e = self.wrap_bit_fields_of(e, element);
                    whole = self.fb().insert(whole, e, &[i]);
                }
                whole
            }
            _ => v,
        }
    }

    fn wrap_struct(&mut self, v: Value, s: &StructType) -> Value {
        let mut whole = v;
        for (i, f) in s.fields.iter().enumerate() {
            let wrapped_here = f.bit_width.is_some() || has_bit_fields(&f.ty);
            if !wrapped_here {
                continue;
            }
            let part = self.fb().extract(whole, &[i as u32]);
            let part = match f.bit_width {
                Some(w) => self.wrap_bit_field(part, w),
                None => self.wrap_bit_fields_of(part, &f.ty),
            };
            whole = self.fb().insert(whole, part, &[i as u32]);
        }
        whole
    }

    /// The width of the bit-field `ptr` points to, if it was made as a pointer to one.
    pub(crate) fn bit_field_at(&self, ptr: Value) -> Option<u8> {
        self.bit_fields
            .iter()
            .rev()
            .find(|(p, _)| *p == ptr)
            .map(|&(_, w)| w)
    }
}

/// Whether `ty` is or holds (in members or elements) a struct with bit-fields.
pub fn has_bit_fields(ty: &Type) -> bool {
    match ty {
        Type::Struct(s) => s
            .fields
            .iter()
            .any(|f| f.bit_width.is_some() || has_bit_fields(&f.ty)),
        Type::Array { element, .. } => has_bit_fields(element),
        _ => false,
    }
}
