//! Templated loads and stores of byte-address buffers (`buf.Load<T>(address)`,
//! `buf.Store(address, value)` with `T` any numeric or bool type, vector, matrix, array or
//! struct; SM 6.2). Called from [`crate::call`] for the buffer methods.
//!
//! The IR's `ByteAddressLoad`/`ByteAddressStore` move one scalar or vector of a 16-, 32- or
//! 64-bit type at a byte address (the backend splits it into 32-bit words); everything else is
//! taken apart here, as DXC does:
//! - the type is laid out as `StructuredBuffer` lays it out in DXIL, which is C's natural
//!   layout: every scalar aligned to its own size, vectors and matrices to their component's
//!   size, arrays packed at the element's size, struct members at their alignment and a
//!   struct's size rounded up to its largest member alignment (a `half` array may start at
//!   byte 58);
//! - `bool` is a 32-bit word, read as `word != 0` and written as 1 or 0;
//! - matrix elements are in column-major order in the buffer whatever the matrix's
//!   orientation (DXC's default for raw buffers since mid-2022), row-major with
//!   `-fspv-use-legacy-buffer-matrix-order`.

use hir::body::ExprId;
use ir::{Opcode, Value};
use types::{ScalarKind, Type};

use crate::context::R;
use crate::func::FnLower;

/// Size and alignment of `ty` in a raw buffer (C's natural layout, see the module comment);
/// `None` for types that have no place in memory (resources).
pub(crate) fn raw_size_align(ty: &Type) -> Option<(u32, u32)> {
    Some(match ty {
        Type::Scalar(k) => (k.size_in_buffer(), k.size_in_buffer()),
        Type::Enum(e) => (e.underlying.size_in_buffer(), e.underlying.size_in_buffer()),
        Type::Vector(k, n) => (k.size_in_buffer() * u32::from(*n), k.size_in_buffer()),
        Type::Matrix {
            scalar, rows, cols, ..
        } => (
            scalar.size_in_buffer() * u32::from(*rows) * u32::from(*cols),
            scalar.size_in_buffer(),
        ),
        Type::Array { element, len } => {
            let (size, align) = raw_size_align(element)?;
            (stride(size, align).saturating_mul((*len)?), align)
        }
        Type::Struct(s) => {
            let mut end = 0u32;
            let mut align = 1;
            for f in &s.fields {
                let (fs, fa) = raw_size_align(&f.ty)?;
                end = stride(end, fa).saturating_add(fs);
                align = align.max(fa);
            }
            (stride(end, align), align)
        }
        // An inline SPIR-V type's bits are not ours to take apart into words.
        Type::Void
        | Type::Resource(_)
        | Type::Pointer { .. }
        | Type::BufferPointer { .. }
        | Type::StructRef(_)
        | Type::Spirv(_) => return None,
    })
}

/// The byte offsets of a struct's members in a raw buffer.
pub(crate) fn raw_member_offsets(s: &types::StructType) -> Option<Vec<u32>> {
    let mut end = 0u32;
    let mut offsets = Vec::with_capacity(s.fields.len());
    for f in &s.fields {
        let (fs, fa) = raw_size_align(&f.ty)?;
        let at = stride(end, fa);
        offsets.push(at);
        end = at.saturating_add(fs);
    }
    Some(offsets)
}

/// `size` rounded up to a multiple of `align`.
fn stride(size: u32, align: u32) -> u32 {
    size.div_ceil(align.max(1)).saturating_mul(align.max(1))
}

impl FnLower<'_, '_> {
    /// `buf.Load<ty>(address)`: `res` is the buffer pointer, `address` a `uint`.
    pub(crate) fn byte_address_load(
        &mut self,
        res: Value,
        address: Value,
        ty: &Type,
        e: ExprId,
    ) -> R<Value> {
        match ty {
            Type::Scalar(ScalarKind::Bool) | Type::Vector(ScalarKind::Bool, _) => {
                let words = self.byte_address_load(res, address, &uint_shape(ty), e)?;
                let zero = self.zero_of(&uint_shape(ty));
                Ok(self.fb().compare(Opcode::Ne, words, zero))
            }
            Type::Scalar(_) | Type::Vector(..) => {
                Ok(self
                    .fb()
                    .texture(Opcode::ByteAddressLoad, ty.clone(), &[res, address], &[]))
            }
            Type::Matrix {
                scalar, rows, cols, ..
            } => {
                let (rows, cols) = (u32::from(*rows), u32::from(*cols));
                let size = scalar.size_in_buffer();
                let mut elements = Vec::with_capacity((rows * cols) as usize);
                for r in 0..rows {
                    for c in 0..cols {
                        let index = self.matrix_element(r, c, rows, cols);
                        let at = self.offset_by(address, index * size);
                        elements.push(self.byte_address_load(
                            res,
                            at,
                            &Type::Scalar(*scalar),
                            e,
                        )?);
                    }
                }
                // Matrices are composites of rows, a one-column matrix's rows included.
                let row_ty = Type::Vector(*scalar, cols as u8);
                let mut row_values = Vec::with_capacity(rows as usize);
                for r in 0..rows as usize {
                    let parts = &elements[r * cols as usize..(r + 1) * cols as usize];
                    row_values.push(self.fb().construct(row_ty.clone(), parts));
                }
                Ok(self.fb().construct(ty.clone(), &row_values))
            }
            Type::Array { element, len } => {
                let (_, align) = self.raw_layout(ty, e)?;
                let (esize, _) = self.raw_layout(element, e)?;
                let step = stride(esize, align);
                let mut parts = Vec::new();
                for i in 0..len.unwrap_or(0) {
                    let at = self.offset_by(address, i * step);
                    parts.push(self.byte_address_load(res, at, element, e)?);
                }
                Ok(self.fb().construct(ty.clone(), &parts))
            }
            Type::Struct(s) => {
                let offsets = self.raw_offsets(s, e)?;
                let mut parts = Vec::with_capacity(s.fields.len());
                for (f, off) in s.fields.iter().zip(offsets) {
                    let at = self.offset_by(address, off);
                    parts.push(self.byte_address_load(res, at, &f.ty, e)?);
                }
                Ok(self.fb().construct(ty.clone(), &parts))
            }
            _ => Err(self.unsupported(&format!("a byte-address buffer load of {ty}"), e)),
        }
    }

    /// `buf.Store(address, value)` with `value` of type `ty`.
    pub(crate) fn byte_address_store(
        &mut self,
        res: Value,
        address: Value,
        value: Value,
        ty: &Type,
        e: ExprId,
    ) -> R<()> {
        match ty {
            Type::Scalar(ScalarKind::Bool) | Type::Vector(ScalarKind::Bool, _) => {
                let uty = uint_shape(ty);
                let one = self.one_of(&uty);
                let zero = self.zero_of(&uty);
                let words = self.fb().select(value, one, zero);
                self.byte_address_store(res, address, words, &uty, e)
            }
            Type::Scalar(_) | Type::Vector(..) => {
                self.fb().texture(
                    Opcode::ByteAddressStore,
                    Type::Void,
                    &[res, address, value],
                    &[],
                );
                Ok(())
            }
            Type::Matrix {
                scalar, rows, cols, ..
            } => {
                let (rows, cols) = (u32::from(*rows), u32::from(*cols));
                let size = scalar.size_in_buffer();
                for c in 0..cols {
                    for r in 0..rows {
                        let element = self.fb().extract(value, &[r, c]);
                        let at =
                            self.offset_by(address, self.matrix_element(r, c, rows, cols) * size);
                        self.byte_address_store(res, at, element, &Type::Scalar(*scalar), e)?;
                    }
                }
                Ok(())
            }
            Type::Array { element, len } => {
                let (_, align) = self.raw_layout(ty, e)?;
                let (esize, _) = self.raw_layout(element, e)?;
                let step = stride(esize, align);
                for i in 0..len.unwrap_or(0) {
                    let part = self.fb().extract(value, &[i]);
                    let at = self.offset_by(address, i * step);
                    self.byte_address_store(res, at, part, element, e)?;
                }
                Ok(())
            }
            Type::Struct(s) => {
                let offsets = self.raw_offsets(s, e)?;
                for (i, (f, off)) in s.fields.iter().zip(offsets).enumerate() {
                    let part = self.fb().extract(value, &[i as u32]);
                    let at = self.offset_by(address, off);
                    self.byte_address_store(res, at, part, &f.ty, e)?;
                }
                Ok(())
            }
            _ => Err(self.unsupported(&format!("a byte-address buffer store of {ty}"), e)),
        }
    }

    /// The position of element (`r`, `c`) of a `rows` x `cols` matrix in the buffer.
    fn matrix_element(&self, r: u32, c: u32, rows: u32, cols: u32) -> u32 {
        if self.cx.options.legacy_buffer_matrix_order {
            r * cols + c
        } else {
            c * rows + r
        }
    }

    /// `address + bytes` (the address itself for 0).
    fn offset_by(&mut self, address: Value, bytes: u32) -> Value {
        if bytes == 0 {
            return address;
        }
        let b = self.fb().uint(bytes);
        self.fb().binary(Opcode::Add, address, b)
    }

    fn raw_layout(&mut self, ty: &Type, e: ExprId) -> R<(u32, u32)> {
        if crate::bit_fields::has_bit_fields(ty) {
            // DXC packs runs of bit-fields into shared words here too.
            return Err(self.unsupported(
                &format!("a byte-address buffer load or store of {ty}, which has bit-fields"),
                e,
            ));
        }
        match raw_size_align(ty) {
            Some(l) => Ok(l),
            None => {
                Err(self.unsupported(&format!("a byte-address buffer load or store of {ty}"), e))
            }
        }
    }

    fn raw_offsets(&mut self, s: &types::StructType, e: ExprId) -> R<Vec<u32>> {
        if s.fields.iter().any(|f| f.bit_width.is_some()) {
            return Err(self.unsupported(
                &format!(
                    "a byte-address buffer load or store of struct {}, which has bit-fields",
                    s.name
                ),
                e,
            ));
        }
        match raw_member_offsets(s) {
            Some(o) => Ok(o),
            None => Err(self.unsupported(
                &format!("a byte-address buffer load or store of struct {}", s.name),
                e,
            )),
        }
    }
}

/// `uint` at the shape of a bool scalar or vector.
fn uint_shape(ty: &Type) -> Type {
    ty.with_scalar_kind(ScalarKind::Uint).unwrap_or(Type::UINT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use types::StructField;

    fn field(name: &str, ty: Type) -> StructField {
        StructField::new(name, ty)
    }

    fn st(name: &str, fields: Vec<StructField>) -> types::StructType {
        types::StructType {
            name: name.into(),
            fields,
        }
    }

    #[test]
    fn natural_layout_packs_half_arrays_and_aligns_doubles() {
        // Hand-computed with C's rules: `struct In { half h[3]; uint w; }` puts `w` at 8
        // (6 rounded up to 4) and is 12 bytes; `struct Out { half3 a; double d; In i[2];
        // half z; }` has `d` at 8, `i` at 16 (stride 12, so it ends at 40), `z` at 40 and a
        // size of 48 (42 rounded up to the 8-byte alignment of `d`).
        let half = Type::Scalar(ScalarKind::Float16);
        let inner = st(
            "In",
            vec![
                field("h", Type::array(half.clone(), 3)),
                field("w", Type::UINT),
            ],
        );
        assert_eq!(raw_member_offsets(&inner), Some(vec![0, 8]));
        let inner_ty = Type::Struct(std::sync::Arc::new(inner));
        assert_eq!(raw_size_align(&inner_ty), Some((12, 4)));
        let outer = st(
            "Out",
            vec![
                field("a", Type::Vector(ScalarKind::Float16, 3)),
                field("d", Type::Scalar(ScalarKind::Double)),
                field("i", Type::array(inner_ty, 2)),
                field("z", half),
            ],
        );
        assert_eq!(raw_member_offsets(&outer), Some(vec![0, 8, 16, 40]));
        assert_eq!(
            raw_size_align(&Type::Struct(std::sync::Arc::new(outer))),
            Some((48, 8))
        );
    }

    #[test]
    fn bools_are_words_and_matrices_are_packed() {
        assert_eq!(
            raw_size_align(&Type::Scalar(ScalarKind::Bool)),
            Some((4, 4))
        );
        let m = Type::Matrix {
            scalar: ScalarKind::Float16,
            rows: 2,
            cols: 3,
            orientation: types::MatrixOrientation::ColumnMajor,
        };
        assert_eq!(raw_size_align(&m), Some((12, 2)));
    }
}
