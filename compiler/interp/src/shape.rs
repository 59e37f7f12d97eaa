//! Memory shapes: how a type sits in bytes. Every pointer the interpreter makes names a
//! [`Shape`] by index, so an access chain walks the shape table (no hashing at run time) and a
//! load or store knows the offsets and strides of what it touches. Buffers take their shapes
//! from the `types` layouts stored on their globals; function, private and groupshared memory
//! use a packed natural layout (matrices row by row). Built by `program`, read by `exec`.

// Component loops index several slices in step (operands broadcast, strided memory).
#![allow(clippy::needless_range_loop)]

use std::collections::HashMap;

use types::{LayoutKind, MatrixOrientation, ResourceType, Type, TypeLayout};

use crate::numeric::Num;

pub type ShapeId = u32;

/// What a resource pointer points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResKind {
    /// Constant, structured and byte-address buffers: memory reached by access chains
    /// through `body`.
    Memory,
    /// Typed buffers and textures: texels of shape `texel`.
    Texels {
        dim: Option<types::TextureDim>,
        writable: bool,
    },
    /// Samplers, acceleration structures and the like: nothing the interpreter reads.
    Opaque,
}

#[derive(Debug, Clone)]
pub enum Shape {
    Scalar(Num),
    /// Component `i` at `i * stride`.
    Vector {
        num: Num,
        n: u32,
        stride: u32,
        comp: ShapeId,
    },
    /// Element `(r, c)` at `r * row_stride + c * col_stride`; `row` is the shape of a row.
    Matrix {
        num: Num,
        rows: u32,
        cols: u32,
        row_stride: u32,
        col_stride: u32,
        row: ShapeId,
    },
    /// `len == None`: a runtime array, bounded by the buffer.
    Array {
        elem: ShapeId,
        stride: u32,
        len: Option<u32>,
    },
    Struct {
        members: Box<[(u32, ShapeId)]>,
    },
    Resource {
        kind: ResKind,
        /// `Memory`: what a chain continues into (the element of a constant buffer, the
        /// runtime array of a structured or byte-address buffer). `Texels`: the texel.
        body: ShapeId,
    },
    /// A bit-field of a struct in a buffer: bits `bit_offset .. bit_offset + width` of the
    /// integer at its offset (read sign-extended for a signed kind; written leaving the
    /// word's other bits as they are).
    BitField {
        num: Num,
        bit_offset: u32,
        width: u32,
    },
    /// An array of resources: indexing moves the pointer's root.
    ResourceArray {
        elem: ShapeId,
        len: u32,
    },
}

/// The table of shapes with their flat component counts and byte sizes.
#[derive(Debug, Default)]
pub struct Shapes {
    pub shapes: Vec<Shape>,
    /// Scalar components of a value of the shape (its register count).
    pub flat: Vec<u32>,
    pub size: Vec<u32>,
    /// Bytes a load or store of the shape touches (the size without trailing padding).
    pub extent: Vec<u32>,
    natural: HashMap<Type, ShapeId>,
}

impl Shapes {
    pub fn push(&mut self, s: Shape, flat: u32, size: u32) -> ShapeId {
        let ext = |id: &ShapeId| self.extent[*id as usize];
        let extent = match &s {
            Shape::Scalar(num) | Shape::BitField { num, .. } => num.mem_size(),
            Shape::Vector { num, n, stride, .. } => stride * (n - 1) + num.mem_size(),
            Shape::Matrix {
                num,
                rows,
                cols,
                row_stride,
                col_stride,
                ..
            } => (rows - 1) * row_stride + (cols - 1) * col_stride + num.mem_size(),
            Shape::Array { elem, stride, len } => match len {
                Some(n) if *n > 0 => (n - 1).saturating_mul(*stride).saturating_add(ext(elem)),
                _ => 0,
            },
            Shape::Struct { members } => members
                .iter()
                .map(|(o, m)| o.saturating_add(ext(m)))
                .max()
                .unwrap_or(0),
            Shape::Resource { .. } | Shape::ResourceArray { .. } => 0,
        };
        self.extent.push(extent);
        self.shapes.push(s);
        self.flat.push(flat);
        self.size.push(size);
        (self.shapes.len() - 1) as ShapeId
    }

    pub fn get(&self, id: ShapeId) -> &Shape {
        &self.shapes[id as usize]
    }

    fn scalar(&mut self, num: Num) -> ShapeId {
        self.push(Shape::Scalar(num), 1, num.mem_size())
    }

    fn vector(&mut self, num: Num, n: u32, stride: u32) -> ShapeId {
        let comp = self.scalar(num);
        let size = stride * (n - 1) + num.mem_size();
        self.push(
            Shape::Vector {
                num,
                n,
                stride,
                comp,
            },
            n,
            size,
        )
    }

    fn matrix(&mut self, num: Num, rows: u32, cols: u32, rs: u32, cs: u32, size: u32) -> ShapeId {
        let row = self.vector(num, cols, cs);
        self.push(
            Shape::Matrix {
                num,
                rows,
                cols,
                row_stride: rs,
                col_stride: cs,
                row,
            },
            rows * cols,
            size,
        )
    }

    /// The packed natural layout of `ty` for function, private, workgroup, input and output
    /// memory and for typed-buffer texels.
    pub fn natural(&mut self, ty: &Type) -> ShapeId {
        if let Some(&id) = self.natural.get(ty) {
            return id;
        }
        let id = match ty {
            Type::Scalar(k) => self.scalar(Num::of(*k)),
            // Lowering erases enums; one would be its underlying scalar.
            Type::Enum(e) => self.scalar(Num::of(e.underlying)),
            Type::Vector(k, n) => {
                let num = Num::of(*k);
                self.vector(num, u32::from(*n), num.mem_size())
            }
            Type::Matrix {
                scalar, rows, cols, ..
            } => {
                let num = Num::of(*scalar);
                let (r, c) = (u32::from(*rows), u32::from(*cols));
                let cs = num.mem_size();
                self.matrix(num, r, c, cs * c, cs, cs * r * c)
            }
            Type::Array { element, len } => {
                let elem = self.natural(element);
                let stride = self.size[elem as usize];
                let n = len.unwrap_or(0);
                let flat = self.flat[elem as usize].saturating_mul(n);
                self.push(
                    Shape::Array {
                        elem,
                        stride,
                        len: *len,
                    },
                    flat,
                    stride.saturating_mul(n),
                )
            }
            Type::Struct(s) => {
                let mut members = Vec::new();
                let (mut off, mut flat) = (0, 0);
                for f in &s.fields {
                    let m = self.natural(&f.ty);
                    members.push((off, m));
                    off += self.size[m as usize];
                    flat += self.flat[m as usize];
                }
                self.push(
                    Shape::Struct {
                        members: members.into(),
                    },
                    flat,
                    off,
                )
            }
            Type::Resource(r) => self.resource(r, None),
            // A buffer pointer holds its 64-bit address.
            Type::BufferPointer { .. } => self.scalar(Num::of(types::ScalarKind::Uint64)),
            // Inline SPIR-V types hold nothing the interpreter can see (see `flat_count`).
            Type::Void | Type::Pointer { .. } | Type::Spirv(_) | Type::StructRef(_) => self.push(
                Shape::Struct {
                    members: Box::new([]),
                },
                0,
                0,
            ),
        };
        self.natural.insert(ty.clone(), id);
        id
    }

    /// The shape of `ty` laid out as `layout` says (buffers).
    pub fn laid_out(&mut self, ty: &Type, layout: &TypeLayout) -> ShapeId {
        match (ty, &layout.kind) {
            (Type::Scalar(k), &LayoutKind::BitField { bit_offset, width }) => {
                let num = Num::of(*k);
                self.push(
                    Shape::BitField {
                        num,
                        bit_offset,
                        width,
                    },
                    1,
                    num.mem_size(),
                )
            }
            (Type::Scalar(k), _) => self.scalar(Num::of(*k)),
            (Type::Vector(k, n), _) => {
                let num = Num::of(*k);
                self.vector(num, u32::from(*n), num.mem_size())
            }
            (
                Type::Matrix {
                    scalar, rows, cols, ..
                },
                LayoutKind::Matrix {
                    stride,
                    orientation,
                },
            ) => {
                let num = Num::of(*scalar);
                let c = num.mem_size();
                let (rs, cs) = match orientation {
                    MatrixOrientation::RowMajor => (*stride, c),
                    MatrixOrientation::ColumnMajor => (c, *stride),
                };
                self.matrix(num, u32::from(*rows), u32::from(*cols), rs, cs, layout.size)
            }
            (
                Type::Matrix {
                    scalar, rows, cols, ..
                },
                LayoutKind::Vector | LayoutKind::Scalar,
            ) => {
                // A matrix with one row or column laid out as a vector: its components packed
                // in order.
                let num = Num::of(*scalar);
                let c = num.mem_size();
                let rs = c * u32::from(*cols);
                self.matrix(num, u32::from(*rows), u32::from(*cols), rs, c, layout.size)
            }
            (
                Type::Array { element, len },
                LayoutKind::Array {
                    stride,
                    element: el,
                },
            ) => {
                let elem = self.laid_out(element, el);
                let flat = self.flat[elem as usize].saturating_mul(len.unwrap_or(0));
                self.push(
                    Shape::Array {
                        elem,
                        stride: *stride,
                        len: *len,
                    },
                    flat,
                    layout.size,
                )
            }
            (Type::Struct(s), LayoutKind::Struct { members }) => {
                let mut out = Vec::new();
                let mut flat = 0;
                for (f, m) in s.fields.iter().zip(members) {
                    let id = self.laid_out(&f.ty, &m.layout);
                    flat += self.flat[id as usize];
                    out.push((m.offset, id));
                }
                self.push(
                    Shape::Struct {
                        members: out.into(),
                    },
                    flat,
                    layout.size,
                )
            }
            // A layout that does not match its type: fall back to the natural one.
            _ => self.natural(ty),
        }
    }

    /// The shape of a resource; `layout` is the buffer layout stored on its global.
    pub fn resource(&mut self, r: &ResourceType, layout: Option<&types::BufferLayout>) -> ShapeId {
        let memory_body = |this: &mut Shapes, t: Type| match layout {
            Some(l) => this.laid_out(&t, &l.layout),
            None => this.natural(&t),
        };
        let (kind, body) = match r {
            ResourceType::ConstantBuffer { element } | ResourceType::TextureBuffer { element } => {
                (ResKind::Memory, memory_body(self, element.clone()))
            }
            ResourceType::StructuredBuffer { element, .. } => (
                ResKind::Memory,
                memory_body(self, Type::unsized_array(element.clone())),
            ),
            ResourceType::ByteAddressBuffer { .. } => (
                ResKind::Memory,
                self.natural(&Type::unsized_array(Type::UINT)),
            ),
            ResourceType::TypedBuffer { access, element } => (
                ResKind::Texels {
                    dim: None,
                    writable: access.is_writable(),
                },
                self.natural(element),
            ),
            ResourceType::Texture {
                dim,
                access,
                sample,
            } => (
                ResKind::Texels {
                    dim: Some(*dim),
                    writable: access.is_writable(),
                },
                self.natural(sample),
            ),
            _ => (ResKind::Opaque, self.natural(&Type::Void)),
        };
        self.push(Shape::Resource { kind, body }, 0, 0)
    }

    pub fn resource_array(&mut self, elem: ShapeId, len: u32) -> ShapeId {
        self.push(Shape::ResourceArray { elem, len }, 0, 0)
    }
}

/// Reads the value of shape `id` at `off` in `mem` into `out` (flat components).
pub fn read(shapes: &Shapes, id: ShapeId, mem: &[u8], off: usize, out: &mut [u64]) {
    match shapes.get(id) {
        Shape::Scalar(num) => out[0] = read_scalar(mem, off, *num),
        &Shape::BitField {
            num,
            bit_offset,
            width,
        } => out[0] = read_bits(read_scalar(mem, off, num), num, bit_offset, width),
        Shape::Vector { num, n, stride, .. } => {
            for i in 0..*n as usize {
                out[i] = read_scalar(mem, off + i * *stride as usize, *num);
            }
        }
        Shape::Matrix {
            num,
            rows,
            cols,
            row_stride,
            col_stride,
            ..
        } => {
            for r in 0..*rows as usize {
                for c in 0..*cols as usize {
                    let o = off + r * *row_stride as usize + c * *col_stride as usize;
                    out[r * *cols as usize + c] = read_scalar(mem, o, *num);
                }
            }
        }
        Shape::Array { elem, stride, len } => {
            let f = shapes.flat[*elem as usize] as usize;
            for i in 0..len.unwrap_or(0) as usize {
                read(
                    shapes,
                    *elem,
                    mem,
                    off + i * *stride as usize,
                    &mut out[i * f..],
                );
            }
        }
        Shape::Struct { members } => {
            let mut at = 0;
            for &(o, m) in members.iter() {
                read(shapes, m, mem, off + o as usize, &mut out[at..]);
                at += shapes.flat[m as usize] as usize;
            }
        }
        Shape::Resource { body, .. } => read(shapes, *body, mem, off, out),
        Shape::ResourceArray { .. } => {}
    }
}

/// Writes `val` (flat components) as shape `id` at `off` in `mem`.
pub fn write(shapes: &Shapes, id: ShapeId, mem: &mut [u8], off: usize, val: &[u64]) {
    match shapes.get(id) {
        Shape::Scalar(num) => write_scalar(mem, off, *num, val[0]),
        &Shape::BitField {
            num,
            bit_offset,
            width,
        } => {
            let word = read_scalar(mem, off, num);
            write_scalar(mem, off, num, write_bits(word, val[0], bit_offset, width));
        }
        Shape::Vector { num, n, stride, .. } => {
            for i in 0..*n as usize {
                write_scalar(mem, off + i * *stride as usize, *num, val[i]);
            }
        }
        Shape::Matrix {
            num,
            rows,
            cols,
            row_stride,
            col_stride,
            ..
        } => {
            for r in 0..*rows as usize {
                for c in 0..*cols as usize {
                    let o = off + r * *row_stride as usize + c * *col_stride as usize;
                    write_scalar(mem, o, *num, val[r * *cols as usize + c]);
                }
            }
        }
        Shape::Array { elem, stride, len } => {
            let f = shapes.flat[*elem as usize] as usize;
            for i in 0..len.unwrap_or(0) as usize {
                write(
                    shapes,
                    *elem,
                    mem,
                    off + i * *stride as usize,
                    &val[i * f..],
                );
            }
        }
        Shape::Struct { members } => {
            let mut at = 0;
            for &(o, m) in members.iter() {
                write(shapes, m, mem, off + o as usize, &val[at..]);
                at += shapes.flat[m as usize] as usize;
            }
        }
        Shape::Resource { body, .. } => write(shapes, *body, mem, off, val),
        Shape::ResourceArray { .. } => {}
    }
}

#[inline]
pub fn read_scalar(mem: &[u8], off: usize, num: Num) -> u64 {
    match num.mem_size() {
        2 => u16::from_le_bytes([mem[off], mem[off + 1]]) as u64,
        4 => {
            let v = u32::from_le_bytes(mem[off..off + 4].try_into().unwrap()) as u64;
            if num == Num::Bool {
                (v != 0) as u64
            } else {
                v
            }
        }
        _ => u64::from_le_bytes(mem[off..off + 8].try_into().unwrap()),
    }
}

/// The mask of `width` low bits (all 64 for a width of 64 or more).
fn low_bits(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// The bit-field `offset .. offset + width` of `word` as a value of `num`: sign-extended
/// from its top bit for a signed kind, then masked to the kind's width.
pub fn read_bits(word: u64, num: Num, offset: u32, width: u32) -> u64 {
    if width == 0 || offset >= 64 {
        return 0;
    }
    let field = (word >> offset) & low_bits(width);
    let extended = if num.is_signed() && width < 64 && (field >> (width - 1)) & 1 == 1 {
        field | !low_bits(width)
    } else {
        field
    };
    num.mask(extended)
}

/// `word` with the bits `offset .. offset + width` replaced by the low bits of `v`.
pub fn write_bits(word: u64, v: u64, offset: u32, width: u32) -> u64 {
    if width == 0 || offset >= 64 {
        return word;
    }
    let mask = low_bits(width) << offset;
    (word & !mask) | ((v << offset) & mask)
}

#[inline]
pub fn write_scalar(mem: &mut [u8], off: usize, num: Num, v: u64) {
    match num.mem_size() {
        2 => mem[off..off + 2].copy_from_slice(&(v as u16).to_le_bytes()),
        4 => mem[off..off + 4].copy_from_slice(&(v as u32).to_le_bytes()),
        _ => mem[off..off + 8].copy_from_slice(&v.to_le_bytes()),
    }
}

#[cfg(test)]
mod bit_field_tests {
    use super::{read_bits, write_bits};
    use crate::numeric::Num;

    #[test]
    fn reads_and_writes_bits_of_a_word() {
        // Bits 4..16 of 0xABCD1234 are 0x123.
        assert_eq!(read_bits(0xABCD_1234, Num::U32, 4, 12), 0x123);
        // Bits 0..4 of 0xF9 are 0b1001: -7 as a signed field, 9 as an unsigned one.
        assert_eq!(read_bits(0xF9, Num::I32, 0, 4), 0xFFFF_FFF9);
        assert_eq!(read_bits(0xF9, Num::U32, 0, 4), 9);
        // A positive signed field stays positive.
        assert_eq!(read_bits(0x70, Num::I32, 4, 4), 7);
        // A 64-bit field over the top half.
        assert_eq!(
            read_bits(0x8000_0000_0000_0000, Num::I64, 32, 32),
            0xFFFF_FFFF_8000_0000
        );
        // Writing keeps the other bits and drops the value's bits past the width.
        assert_eq!(write_bits(0xFFFF_FFFF, 0, 4, 8), 0xFFFF_F00F);
        assert_eq!(write_bits(0, 0x1FF, 0, 4), 0xF);
        assert_eq!(write_bits(0x1, 0x3, 30, 2), 0xC000_0001);
    }
}
