//! The HLSL type system as plain data, and the buffer layout rules.
//!
//! Shared by the front end (`hir`) and the IR (`ir`) so that lowering never translates types.
//! Every type is a value: `Clone` is cheap (recursive parts sit behind `Arc`) and `Eq + Hash`
//! compare structure, which is what salsa needs to backdate results.

mod enums;
mod explicit_offsets;
mod ir_form;
mod layout;
mod recursive;
mod resource;
mod spirv_type;
mod stored;
mod ty;

pub use enums::EnumType;
pub use explicit_offsets::{explicit_offset_fault_sites, explicit_offset_faults, OffsetFault};
pub use ir_form::holds_nothing;
pub use layout::{
    packoffset_bytes, packoffset_component, BufferLayout, LayoutKind, LayoutRules, MemberLayout,
    TypeLayout,
};
pub use resource::{
    BufferAccess, ByteAddressKind, ResourceType, StreamKind, StructuredKind, TextureAccess,
    TextureDim,
};
pub use spirv_type::{
    literal_words, InlineSpirvIr, InlineSpirvType, SpirvOperandIr, SpirvTypeLayout,
    SpirvTypeOperand,
};
pub use stored::{first_fields, stored_fields, stored_member_count, BitRange, StoredField};
pub use ty::{
    AddressSpace, Interpolation, IrSpelling, MatrixOrientation, ScalarKind, StructField,
    StructType, Type,
};
