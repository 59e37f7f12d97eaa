//! `vk::BufferPointer<T, A>` (hlsl-specs proposal 0010, DXC's `docs/SPIR-V.rst`): a buffer
//! pointer value is an `OpTypePointer PhysicalStorageBuffer` to `T` with an explicit layout
//! (`Offset`, `ArrayStride`, `MatrixStride` from the storage-buffer rules the layout flags
//! pick, DXC's vector-relaxed std430 by default, `ir::Module::pointee_rules`; a matrix sits in
//! a one-member struct as for raw buffers, which an access path into the matrix enters first). It is
//! stored as itself in buffers, structs and variables (8 bytes, as a `uint64_t`).
//! `vk::BufferPointer::Load`/`Store` read and write the whole `T`, or the member or element an
//! access path names through an `OpAccessChain`, with the `Aligned` memory operand: `A`, or
//! less where the part's offset guarantees less. Variables and function parameters holding one
//! are `RestrictPointer`/`Restrict`, the proposal's default aliasing, or
//! `AliasedPointer`/`Aliased` when declared `[[vk::aliased_pointer]]`. Needs what raw buffers need: the
//! `PhysicalStorageBufferAddresses` capability and `SPV_KHR_physical_storage_buffer`
//! (`context` then picks the `PhysicalStorageBuffer64` addressing model).

use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Decoration, MemoryAccess, Op, StorageClass, Word};
use types::{LayoutKind, Type, TypeLayout};

use crate::context::Ctx;
use crate::functions::Fx;
use crate::raw_buffer::memory_type;
use crate::{Result, SpirvError};

/// Whether a variable of type `ty` holds buffer pointers directly (itself or an array of
/// them), which SPIR-V asks to decorate `RestrictPointer` or `AliasedPointer`.
pub(crate) fn holds_buffer_pointer(ty: &Type) -> bool {
    match ty {
        Type::BufferPointer { .. } => true,
        Type::Array { element, .. } => holds_buffer_pointer(element),
        _ => false,
    }
}

impl Ctx<'_> {
    /// The SPIR-V type of a buffer pointer to `pointee`.
    pub(crate) fn buffer_pointer_type(&mut self, pointee: &Type) -> Result<Word> {
        self.capability(Capability::PhysicalStorageBufferAddresses);
        self.extension("SPV_KHR_physical_storage_buffer");
        let memory = match pointee {
            Type::StructRef(name) => self.referenced_struct(name)?,
            _ => memory_type(pointee),
        };
        self.require_16bit_storage(&memory, StorageClass::PhysicalStorageBuffer);
        let layout = TypeLayout::of(&memory, self.m.pointee_rules());
        if let Type::Struct(s) = &memory {
            if let Some(forward) = self.forward_pointer(&s.name, &layout) {
                return Ok(forward);
            }
        }
        let t = self.data_type(&memory, Some(&layout), true)?;
        Ok(self.pointer_type(StorageClass::PhysicalStorageBuffer, t))
    }

    /// Marks variable `id` of type `ty`, when it holds buffer pointers, `AliasedPointer` if
    /// declared `[[vk::aliased_pointer]]`, else `RestrictPointer` (the proposal's default).
    pub(crate) fn buffer_pointer_variable(&mut self, id: Word, ty: &Type, aliased: bool) {
        if holds_buffer_pointer(ty) {
            let d = if aliased {
                Decoration::AliasedPointer
            } else {
                Decoration::RestrictPointer
            };
            self.decorate(id, d, &[]);
        }
    }
}

/// Where a buffer pointer access lands: the pointer to the part, the part's type in memory
/// (a whole matrix pointee wrapped in a struct) with its layout, and the alignment to claim.
pub(crate) struct PartAccess {
    pub(crate) ptr: Word,
    memory: Type,
    layout: TypeLayout,
    alignment: u32,
}

/// The lowest set bit of `n` (its largest power-of-two divisor), `None` for 0.
fn power_of_two_divisor(n: u64) -> Option<u64> {
    (n != 0).then(|| n & n.wrapping_neg())
}

/// Moves `offset` by `index` steps of `step` bytes when the index is a constant; an index
/// known only at run time lowers `bound`, the alignment the offset guarantees, to what
/// `step` keeps.
fn advance(offset: &mut u64, bound: &mut u64, index: Option<i64>, step: u64) {
    match index.and_then(|c| u64::try_from(c).ok()) {
        Some(c) => *offset += c * step,
        None => *bound = (*bound).min(power_of_two_divisor(step).unwrap_or(*bound)),
    }
}

impl Fx<'_, '_> {
    /// The part of `p`'s pointee that `path` names (see `ir::Intrinsic::BufferPointerLoad`).
    /// Its alignment is the pointer's `A` lowered to what the part's offset guarantees: the
    /// constant part of the offset and the stride of every array indexed at run time.
    pub(crate) fn part_access(&mut self, p: ir::Value, path: &[ir::Value]) -> Result<PartAccess> {
        let Type::BufferPointer { pointee, alignment } = self.type_of(p)? else {
            return Err(SpirvError::invalid(
                "a buffer pointer access through a value that is not a buffer pointer",
            ));
        };
        let base = self.value(p)?;
        let memory = memory_type(&pointee);
        let layout = TypeLayout::of(&memory, self.cx.m.pointee_rules());
        if path.is_empty() {
            return Ok(PartAccess {
                ptr: base,
                memory,
                layout,
                alignment,
            });
        }
        let bad_path = || SpirvError::invalid("a buffer pointer access path that does not fit");
        let mut indices = Vec::with_capacity(path.len() + 1);
        // A whole matrix pointee sits in its one-member wrapper: the path starts inside it.
        let (mut ty, mut l) = match (&memory, &layout.kind) {
            (Type::Struct(_), LayoutKind::Struct { members }) if memory != *pointee => {
                let member = members.first().ok_or_else(bad_path)?;
                indices.push(Operand::IdRef(self.cx.const_uint(0)));
                ((*pointee).clone(), member.layout.clone())
            }
            _ => ((*pointee).clone(), layout),
        };
        let mut offset = 0u64;
        let mut bound = u64::from(alignment);
        for &step in path {
            let constant = self.cx.m.const_int(step);
            // The declared member a struct step names (a packed bit-field's word).
            let mut member_index = None;
            // A step SPIR-V has no index for (see `vector_like_step`).
            let mut no_index = false;
            let (next_ty, next_layout) = match (&ty, &l.kind) {
                (Type::Struct(s), LayoutKind::Struct { members }) => {
                    let n = constant
                        .and_then(|n| usize::try_from(n).ok())
                        .ok_or_else(bad_path)?;
                    let (field, member) = Type::member(s, n)
                        .zip(members.get(n))
                        .ok_or_else(bad_path)?;
                    offset += u64::from(member.offset);
                    // Only a member moved by packing needs a new index.
                    let stored = types::stored_fields(s, Some(&l))[n].member;
                    member_index = (stored as usize != n).then_some(stored);
                    (field, member.layout.clone())
                }
                (
                    Type::Array { element, .. },
                    LayoutKind::Array {
                        stride,
                        element: el,
                    },
                ) => {
                    advance(&mut offset, &mut bound, constant, u64::from(*stride));
                    ((**element).clone(), (**el).clone())
                }
                // SPIR-V holds a `float1` as a scalar: its one component has no index.
                (Type::Vector(k, 1), LayoutKind::Vector | LayoutKind::Scalar) => {
                    no_index = true;
                    let scalar = Type::Scalar(*k);
                    let layout = TypeLayout::of(&scalar, self.cx.m.pointee_rules());
                    (scalar, layout)
                }
                // A matrix with one row is stored as that row (a vector, or a scalar for
                // `float1x1`), whatever its majorness: the row step has no index.
                (
                    Type::Matrix {
                        scalar,
                        rows: 1,
                        cols,
                        ..
                    },
                    LayoutKind::Vector | LayoutKind::Scalar,
                ) => {
                    no_index = true;
                    (Type::Vector(*scalar, *cols), l.clone())
                }
                // A matrix with one column is stored as a vector of its rows: row `r` (a
                // `float1`) is component `r`.
                (
                    Type::Matrix {
                        scalar, cols: 1, ..
                    },
                    LayoutKind::Vector,
                ) => {
                    let component = scalar.size_in_buffer();
                    advance(&mut offset, &mut bound, constant, u64::from(component));
                    let layout = TypeLayout::of(&Type::Scalar(*scalar), self.cx.m.pointee_rules());
                    (Type::Vector(*scalar, 1), layout)
                }
                (Type::Vector(k, _), LayoutKind::Vector) => {
                    let scalar = Type::Scalar(*k);
                    let component = k.size_in_buffer();
                    advance(&mut offset, &mut bound, constant, u64::from(component));
                    let layout = TypeLayout::of(&scalar, self.cx.m.pointee_rules());
                    (scalar, layout)
                }
                // A row of a matrix (DXC's SPIR-V matrix holds HLSL rows as its columns, or
                // is an array of rows): in a column-major layout it is not contiguous, so
                // only the component size is known to divide what follows.
                (Type::Matrix { scalar, cols, .. }, LayoutKind::Matrix { .. }) => {
                    let row = Type::Vector(*scalar, *cols);
                    let d = power_of_two_divisor(u64::from(scalar.size_in_buffer()));
                    bound = bound.min(d.unwrap_or(bound));
                    offset = 0;
                    let layout = TypeLayout::of(&row, self.cx.m.pointee_rules());
                    (row, layout)
                }
                _ => return Err(bad_path()),
            };
            if !no_index {
                let index = match member_index {
                    Some(m) => self.cx.const_uint(m),
                    None => self.value(step)?,
                };
                indices.push(Operand::IdRef(index));
            }
            ty = next_ty;
            l = next_layout;
        }
        if let Some(d) = power_of_two_divisor(offset) {
            bound = bound.min(d);
        }
        let part_ty = self.cx.data_type(&ty, Some(&l), true)?;
        let ptr_ty = self
            .cx
            .pointer_type(StorageClass::PhysicalStorageBuffer, part_ty);
        let mut ops = vec![Operand::IdRef(base)];
        ops.extend(indices);
        let ptr = self.op(Op::AccessChain, ptr_ty, ops);
        Ok(PartAccess {
            ptr,
            memory: ty,
            layout: l,
            alignment: bound as u32,
        })
    }

    pub(crate) fn lower_buffer_pointer_load(&mut self, d: &ir::InstData) -> Result<Word> {
        let Some((&p, path)) = d.operands.split_first() else {
            return Err(SpirvError::invalid(
                "vk::BufferPointer::Load takes the pointer",
            ));
        };
        let a = self.part_access(p, path)?;
        let memory_ty = self.cx.data_type(&a.memory, Some(&a.layout), true)?;
        let mut loaded = self.op(
            Op::Load,
            memory_ty,
            vec![
                Operand::IdRef(a.ptr),
                Operand::MemoryAccess(MemoryAccess::ALIGNED),
                Operand::LiteralBit32(a.alignment),
            ],
        );
        if let LayoutKind::BitField { bit_offset, width } = a.layout.kind {
            let bits = types::BitRange {
                offset: bit_offset,
                width,
            };
            loaded = self.extract_bits(loaded, memory_ty, &a.memory, bits);
        }
        self.plain_from_memory(loaded, &a.memory, &a.layout, &d.ty)
    }

    pub(crate) fn lower_buffer_pointer_store(&mut self, d: &ir::InstData) -> Result<()> {
        let [p, value, path @ ..] = &d.operands[..] else {
            return Err(SpirvError::invalid(
                "vk::BufferPointer::Store takes the pointer and a value",
            ));
        };
        let a = self.part_access(*p, path)?;
        let mut v = self.value(*value)?;
        if a.memory != self.type_of(*value)? {
            let wrapper = self.cx.plain_type(&a.memory)?;
            v = self.op(Op::CompositeConstruct, wrapper, vec![Operand::IdRef(v)]);
        }
        let mut converted =
            self.convert_repr(v, &a.memory, (None, false), (Some(&a.layout), true))?;
        if let LayoutKind::BitField { bit_offset, width } = a.layout.kind {
            // The other bit-fields of the word keep their bits.
            let bits = types::BitRange {
                offset: bit_offset,
                width,
            };
            let t = self.cx.data_type(&a.memory, Some(&a.layout), true)?;
            let word = self.op(
                Op::Load,
                t,
                vec![
                    Operand::IdRef(a.ptr),
                    Operand::MemoryAccess(MemoryAccess::ALIGNED),
                    Operand::LiteralBit32(a.alignment),
                ],
            );
            converted = self.insert_bits(word, converted, t, &a.memory, bits);
        }
        self.op_void(
            Op::Store,
            vec![
                Operand::IdRef(a.ptr),
                Operand::IdRef(converted),
                Operand::MemoryAccess(MemoryAccess::ALIGNED),
                Operand::LiteralBit32(a.alignment),
            ],
        );
        Ok(())
    }
}
