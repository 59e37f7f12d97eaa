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
//! - a run of bit-fields of one type shares one storage integer of that type while it has
//!   room (`uint a : 4; uint b : 12;` is one word, `b` at bits 4..16; a bit-field that does
//!   not fit starts the next integer), as C and DXC's DXIL lay them out; unnamed bit-fields
//!   take their bits too. A load reads each storage integer once per field and extracts the
//!   field's bits (sign-extending a signed field); a store writes each storage integer once,
//!   the run's fields masked and shifted into place.
//! - a struct member's `[[vk::offset(N)]]` places it at byte N of the struct, as DXC's
//!   templated loads take the offsets of the struct's lowered type; the members after it
//!   follow it.

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
            for (f, at) in s.fields.iter().zip(raw_fields(s)?) {
                let (fs, fa) = raw_size_align(&f.ty)?;
                end = end.max(at.offset.saturating_add(fs));
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

/// Where one field of a struct sits in a raw buffer: the byte offset of its value, or of the
/// storage integer of a bit-field, whose bits `bits.0 .. bits.0 + bits.1` it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RawField {
    pub offset: u32,
    pub bits: Option<(u32, u32)>,
}

/// Where each field of `s` sits in a raw buffer (see the module comment for bit-fields).
pub(crate) fn raw_fields(s: &types::StructType) -> Option<Vec<RawField>> {
    let mut end = 0u32;
    let mut out = Vec::with_capacity(s.fields.len());
    // The open run of bit-fields: its storage offset, next free bit and type.
    let mut run: Option<(u32, u32, &Type)> = None;
    for f in &s.fields {
        let (fs, fa) = raw_size_align(&f.ty)?;
        if let Some(at) = f.offset {
            run = f.bit_width.map(|w| (at, u32::from(w), &f.ty));
            out.push(RawField {
                offset: at,
                bits: f.bit_width.map(|w| (0, u32::from(w))),
            });
            end = at.saturating_add(fs);
            continue;
        }
        let Some(width) = f.bit_width.map(u32::from) else {
            run = None;
            let at = stride(end, fa);
            out.push(RawField {
                offset: at,
                bits: None,
            });
            end = at.saturating_add(fs);
            continue;
        };
        match run {
            Some((at, next, ty)) if *ty == f.ty && next + width <= fs * 8 => {
                out.push(RawField {
                    offset: at,
                    bits: Some((next, width)),
                });
                run = Some((at, next + width, ty));
            }
            _ => {
                let at = stride(end, fa);
                out.push(RawField {
                    offset: at,
                    bits: Some((0, width)),
                });
                run = Some((at, width, &f.ty));
                end = at.saturating_add(fs);
            }
        }
    }
    Some(out)
}

/// The byte offsets of a struct's members in a raw buffer (of a bit-field: of its storage
/// integer).
#[cfg(test)]
pub(crate) fn raw_member_offsets(s: &types::StructType) -> Option<Vec<u32>> {
    Some(raw_fields(s)?.iter().map(|f| f.offset).collect())
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
                let placed = self.raw_offsets(s, e)?;
                let mut parts = Vec::with_capacity(s.fields.len());
                for (f, p) in s.fields.iter().zip(placed) {
                    let at = self.offset_by(address, p.offset);
                    let whole = self.byte_address_load(res, at, &f.ty, e)?;
                    parts.push(match p.bits {
                        Some((offset, width)) => self.extract_bits(whole, offset, width),
                        None => whole,
                    });
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
                let placed = self.raw_offsets(s, e)?;
                let mut i = 0;
                while i < s.fields.len() {
                    let f = &s.fields[i];
                    if placed[i].bits.is_none() {
                        let part = self.fb().extract(value, &[i as u32]);
                        let at = self.offset_by(address, placed[i].offset);
                        self.byte_address_store(res, at, part, &f.ty, e)?;
                        i += 1;
                        continue;
                    }
                    // The fields of one storage integer, merged into one store.
                    let mut word: Option<Value> = None;
                    let start = placed[i].offset;
                    while i < s.fields.len() && placed[i].offset == start {
                        let Some((offset, width)) = placed[i].bits else {
                            break;
                        };
                        let part = self.fb().extract(value, &[i as u32]);
                        let bits = self.place_bits(part, offset, width);
                        word = Some(match word {
                            Some(w) => self.fb().binary(Opcode::BitOr, w, bits),
                            None => bits,
                        });
                        i += 1;
                    }
                    if let Some(word) = word {
                        let at = self.offset_by(address, start);
                        self.byte_address_store(res, at, word, &f.ty, e)?;
                    }
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

    /// Bits `offset .. offset + width` of integer `word`, as a value of its type:
    /// zero-extended for an unsigned type, sign-extended for a signed one.
    fn extract_bits(&mut self, word: Value, offset: u32, width: u32) -> Value {
        let Type::Scalar(kind) = self.type_of(word) else {
            return word;
        };
        let bits = kind.bit_width();
        if width == 0 || width > bits || offset + width > bits {
            return self.zero_of(&Type::Scalar(kind));
        }
        let constant =
            |fl: &mut Self, n: u32| fl.fb().constant(ir::Constant::scalar(kind, u64::from(n)));
        // Up so the field's top bit is the word's, then down (arithmetic for a signed type).
        let up = bits - offset - width;
        let raised = if up == 0 {
            word
        } else {
            let c = constant(self, up);
            self.fb().binary(Opcode::Shl, word, c)
        };
        let down = bits - width;
        if down == 0 {
            return raised;
        }
        let c = constant(self, down);
        self.fb().binary(Opcode::Shr, raised, c)
    }

    /// `value` (a bit-field's value) masked to `width` bits and shifted to bit `offset`.
    fn place_bits(&mut self, value: Value, offset: u32, width: u32) -> Value {
        let Type::Scalar(kind) = self.type_of(value) else {
            return value;
        };
        let bits = kind.bit_width();
        if width == 0 || offset + width > bits {
            return self.zero_of(&Type::Scalar(kind));
        }
        let masked = if width == bits {
            value
        } else {
            let mask = self
                .fb()
                .constant(ir::Constant::scalar(kind, (1u64 << width) - 1));
            self.fb().binary(Opcode::BitAnd, value, mask)
        };
        if offset == 0 {
            return masked;
        }
        let c = self
            .fb()
            .constant(ir::Constant::scalar(kind, u64::from(offset)));
        self.fb().binary(Opcode::Shl, masked, c)
    }

    fn raw_layout(&mut self, ty: &Type, e: ExprId) -> R<(u32, u32)> {
        match raw_size_align(ty) {
            Some(l) => Ok(l),
            None => {
                Err(self.unsupported(&format!("a byte-address buffer load or store of {ty}"), e))
            }
        }
    }

    fn raw_offsets(&mut self, s: &types::StructType, e: ExprId) -> R<Vec<RawField>> {
        match raw_fields(s) {
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

    #[test]
    fn bit_fields_share_storage_integers_while_they_fit() {
        // `uint a : 4; uint b : 30; uint16_t h : 3; uint16_t k : 14; uint : 2; uint e : 1;`
        // by hand: a at bits 0..4 of word 0; b does not fit in the 28 bits left, so it starts
        // word 4 (bits 0..30); h starts a uint16_t at 8 (bits 0..3); k needs 14 of the 13
        // left, so a new uint16_t at 10; the unnamed uint starts word 12 (bits 0..2) and e
        // shares it (bits 2..3). Size 16, alignment 4.
        let bits = |name: &str, ty: Type, w: u8| StructField {
            bit_width: Some(w),
            ..field(name, ty)
        };
        let u16 = Type::Scalar(ScalarKind::Uint16);
        let s = st(
            "B",
            vec![
                bits("a", Type::UINT, 4),
                bits("b", Type::UINT, 30),
                bits("h", u16.clone(), 3),
                bits("k", u16, 14),
                bits("", Type::UINT, 2),
                bits("e", Type::UINT, 1),
            ],
        );
        let placed: Vec<(u32, Option<(u32, u32)>)> = raw_fields(&s)
            .unwrap()
            .iter()
            .map(|f| (f.offset, f.bits))
            .collect();
        assert_eq!(
            placed,
            [
                (0, Some((0, 4))),
                (4, Some((0, 30))),
                (8, Some((0, 3))),
                (10, Some((0, 14))),
                (12, Some((0, 2))),
                (12, Some((2, 1))),
            ]
        );
        assert_eq!(raw_size_align(&Type::structure(s)), Some((16, 4)));
    }

    #[test]
    fn vk_offset_places_a_member_in_the_raw_layout() {
        // `struct V { float a; [[vk::offset(12)]] float b; float c; }`: b at 12, c after it
        // at 16; size 20.
        let s = st(
            "V",
            vec![
                field("a", Type::FLOAT),
                StructField {
                    offset: Some(12),
                    ..field("b", Type::FLOAT)
                },
                field("c", Type::FLOAT),
            ],
        );
        assert_eq!(raw_member_offsets(&s), Some(vec![0, 12, 16]));
        assert_eq!(raw_size_align(&Type::structure(s)), Some((20, 4)));
    }
}
