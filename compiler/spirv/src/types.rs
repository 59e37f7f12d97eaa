//! Types and constants: IR types to SPIR-V type ids (scalars, vectors, DXC's transposed
//! matrices, arrays, structs with or without an explicit layout, pointers, function types),
//! buffer block structs, and IR constants and spec constants. `bool` inside buffers and stage
//! variables is stored as `uint` (Vulkan has no externally visible booleans), which the
//! loads and stores in `functions` convert. As in DXC, a matrix with one row or column is a
//! vector (`float1x3` and `float3x1` are `v3float`, `float1x1` is `float`); under
//! `-fvk-use-dx-layout` a buffer stores a `column_major` 1xN (`row_major` Nx1) as an array of
//! scalars, one per 16-byte row.

use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Decoration, Op, StorageClass, Word};
use types::{LayoutKind, MatrixOrientation, ScalarKind, Type, TypeLayout};

use crate::context::Ctx;
use crate::{Result, SpirvError};

/// Cache keys of SPIR-V types.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum TypeKey {
    /// A type identified by its opcode and operand words (arrays add their stride).
    Spv(u32, Vec<u32>),
    /// An IR data type in one representation.
    Data {
        ty: Type,
        layout: Option<TypeLayout>,
        external: bool,
    },
    /// The block struct of a buffer resource.
    Block {
        content: Type,
        layout: Option<TypeLayout>,
        kind: BlockKind,
    },
}

/// What a buffer block struct is for: its decoration and whether it is read-only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum BlockKind {
    /// `cbuffer`/`ConstantBuffer<T>`: `Block` in `Uniform`; chains start inside `T`.
    Constant { wrapped: bool },
    /// A constant buffer's block in storage-buffer memory (`$Globals` moved by
    /// `[[vk::ext_storage_class(12)]]`): as `Constant`, but `BufferBlock` where storage
    /// buffers are `Uniform` (SPIR-V 1.0 to 1.2).
    ConstantInStorage { wrapped: bool },
    /// `tbuffer`/`TextureBuffer<T>`: a read-only storage buffer; chains start inside `T`.
    Texture { wrapped: bool },
    /// Structured and byte-address buffers: one runtime-array member.
    Storage { read_only: bool },
    /// `[[vk::push_constant]]`: chains start inside the struct.
    PushConstant { wrapped: bool },
}

impl BlockKind {
    /// Whether the content was wrapped in a one-member struct (chains add index 0).
    pub fn wrapped(self) -> bool {
        match self {
            BlockKind::Constant { wrapped }
            | BlockKind::ConstantInStorage { wrapped }
            | BlockKind::Texture { wrapped }
            | BlockKind::PushConstant { wrapped } => wrapped,
            BlockKind::Storage { .. } => true,
        }
    }
}

/// The SPIR-V scalar a scalar kind is stored as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Scalar {
    Bool,
    Int { width: u32, signed: bool },
    Float { width: u32 },
}

pub(crate) fn scalar_of(k: ScalarKind, external: bool) -> Scalar {
    match k {
        ScalarKind::Bool if external => Scalar::Int {
            width: 32,
            signed: false,
        },
        ScalarKind::Bool => Scalar::Bool,
        k if k.is_float() => Scalar::Float {
            width: k.bit_width(),
        },
        k => Scalar::Int {
            width: k.bit_width(),
            signed: k.is_signed_integer(),
        },
    }
}

/// Whether an IR type contains a `bool` anywhere (it differs between representations).
pub(crate) fn has_bool(ty: &Type) -> bool {
    match ty {
        Type::Scalar(k) | Type::Vector(k, _) | Type::Matrix { scalar: k, .. } => k.is_bool(),
        Type::Array { element, .. } => has_bool(element),
        Type::Struct(s) => s.fields.iter().any(|f| has_bool(&f.ty)),
        _ => false,
    }
}

/// The scalar or vector type a matrix with one row or column is in SPIR-V (in its plain
/// representation); any other type unchanged.
pub(crate) fn vector_view(ty: &Type) -> Type {
    match ty.one_row_or_column() {
        Some((k, 1)) => Type::Scalar(k),
        Some((k, n)) => Type::Vector(k, n),
        None => ty.clone(),
    }
}

/// The stride of the scalars of a one-row-or-column matrix that a buffer stores as an array
/// (its layout is a matrix layout: one-component vectors `stride` apart). The only row of a
/// `column_major float1xN` stored so is a vector with that layout, stored the same way.
pub(crate) fn strided_line(ty: &Type, layout: Option<&TypeLayout>) -> Option<u32> {
    let line = matches!(ty, Type::Vector(_, n) if *n > 1) || ty.one_row_or_column().is_some();
    match layout.map(|l| &l.kind) {
        Some(LayoutKind::Matrix { stride, .. }) if line => Some(*stride),
        _ => None,
    }
}

/// Whether a matrix of this kind is an `OpTypeMatrix` (floats) rather than an array of
/// row vectors (integers and booleans, which SPIR-V matrices cannot hold).
pub(crate) fn is_float_matrix(k: ScalarKind) -> bool {
    k.is_float()
}

impl Ctx<'_> {
    pub(crate) fn spv_type(&mut self, op: Op, words: Vec<u32>, operands: Vec<Operand>) -> Word {
        let key = TypeKey::Spv(op as u32, words);
        if let Some(&id) = self.type_ids.get(&key) {
            return id;
        }
        let id = self.global_inst(op, None, operands);
        self.type_ids.insert(key, id);
        id
    }

    pub fn void_type(&mut self) -> Word {
        self.spv_type(Op::TypeVoid, vec![], vec![])
    }

    pub fn bool_type(&mut self) -> Word {
        self.scalar_type(Scalar::Bool)
    }

    pub fn uint_type(&mut self) -> Word {
        self.scalar_type(Scalar::Int {
            width: 32,
            signed: false,
        })
    }

    pub fn float_type(&mut self) -> Word {
        self.scalar_type(Scalar::Float { width: 32 })
    }

    pub fn scalar_type(&mut self, s: Scalar) -> Word {
        match s {
            Scalar::Bool => self.spv_type(Op::TypeBool, vec![], vec![]),
            Scalar::Int { width, signed } => {
                match width {
                    16 => self.capability(Capability::Int16),
                    64 => self.capability(Capability::Int64),
                    _ => {}
                }
                self.spv_type(
                    Op::TypeInt,
                    vec![width, signed as u32],
                    vec![
                        Operand::LiteralBit32(width),
                        Operand::LiteralBit32(signed as u32),
                    ],
                )
            }
            Scalar::Float { width } => {
                match width {
                    16 => self.capability(Capability::Float16),
                    64 => self.capability(Capability::Float64),
                    _ => {}
                }
                self.spv_type(
                    Op::TypeFloat,
                    vec![width],
                    vec![Operand::LiteralBit32(width)],
                )
            }
        }
    }

    /// A vector of `n` components; `n == 1` is the scalar itself.
    pub fn vector_type(&mut self, s: Scalar, n: u32) -> Word {
        let scalar = self.scalar_type(s);
        if n <= 1 {
            return scalar;
        }
        self.vector_of(scalar, n)
    }

    pub fn vector_of(&mut self, scalar: Word, n: u32) -> Word {
        self.spv_type(
            Op::TypeVector,
            vec![scalar, n],
            vec![Operand::IdRef(scalar), Operand::LiteralBit32(n)],
        )
    }

    pub fn pointer_type(&mut self, class: StorageClass, pointee: Word) -> Word {
        self.spv_type(
            Op::TypePointer,
            vec![class as u32, pointee],
            vec![Operand::StorageClass(class), Operand::IdRef(pointee)],
        )
    }

    pub fn function_type(&mut self, ret: Word, params: &[Word]) -> Word {
        let mut words = vec![ret];
        words.extend_from_slice(params);
        let mut ops = vec![Operand::IdRef(ret)];
        ops.extend(params.iter().map(|&p| Operand::IdRef(p)));
        self.spv_type(Op::TypeFunction, words, ops)
    }

    /// `OpTypeArray` (with a length) or `OpTypeRuntimeArray`, decorated with `stride`.
    pub fn array_type(&mut self, element: Word, len: Option<u32>, stride: Option<u32>) -> Word {
        let stride_word = stride.map_or(0, |s| s.saturating_add(1));
        let (op, words, ops) = match len {
            Some(n) => {
                let uint = self.uint_type();
                let n = self.const_u32(uint, n);
                (
                    Op::TypeArray,
                    vec![element, n, stride_word],
                    vec![Operand::IdRef(element), Operand::IdRef(n)],
                )
            }
            None => (
                Op::TypeRuntimeArray,
                vec![element, stride_word],
                vec![Operand::IdRef(element)],
            ),
        };
        let key = TypeKey::Spv(op as u32, words);
        if let Some(&id) = self.type_ids.get(&key) {
            return id;
        }
        let id = self.global_inst(op, None, ops);
        self.type_ids.insert(key, id);
        if let Some(s) = stride {
            self.decorate(id, Decoration::ArrayStride, &[Operand::LiteralBit32(s)]);
        }
        id
    }

    /// The plain (function-local) representation of an IR data type.
    pub fn plain_type(&mut self, ty: &Type) -> Result<Word> {
        self.data_type(ty, None, false)
    }

    /// An IR data type in a representation: with `layout`, the explicit layout of a buffer;
    /// `external` stores `bool` as `uint`.
    pub fn data_type(
        &mut self,
        ty: &Type,
        layout: Option<&TypeLayout>,
        external: bool,
    ) -> Result<Word> {
        match ty {
            Type::Void => return Ok(self.void_type()),
            Type::Scalar(k) => return Ok(self.scalar_type(scalar_of(*k, external))),
            Type::Vector(k, n) => {
                let s = scalar_of(*k, external);
                if let Some(stride) = strided_line(ty, layout) {
                    let s = self.scalar_type(s);
                    return Ok(self.array_type(s, Some(u32::from(*n)), Some(stride)));
                }
                return Ok(self.vector_type(s, u32::from(*n)));
            }
            Type::Resource(r) => return self.resource_handle_type(r),
            Type::BufferPointer { pointee, .. } => return self.buffer_pointer_type(pointee),
            // One id whatever the layout: SPIR-V forbids duplicate non-aggregate types.
            Type::Spirv(t) if t.layout.is_none() && layout.is_some() => {
                return Err(SpirvError::unsupported(format!(
                    "{ty} in a buffer: an opaque inline SPIR-V type has no size or alignment \
                     (vk::SpirvType gives them)"
                )))
            }
            Type::Spirv(t) => return self.inline_spirv_type(t),
            Type::Pointer { .. } => {
                return Err(SpirvError::unsupported(format!(
                    "pointer type {} as a value",
                    ty.ir()
                )))
            }
            _ => {}
        }
        let key = TypeKey::Data {
            ty: ty.clone(),
            layout: layout.cloned(),
            external,
        };
        if let Some(&id) = self.type_ids.get(&key) {
            return Ok(id);
        }
        let id = match ty {
            Type::Matrix {
                scalar,
                rows,
                cols,
                orientation: _,
            } => {
                if let Some((_, n)) = ty.one_row_or_column() {
                    let s = scalar_of(*scalar, external);
                    let id = match strided_line(ty, layout) {
                        Some(stride) => {
                            let s = self.scalar_type(s);
                            self.array_type(s, Some(u32::from(n)), Some(stride))
                        }
                        None => self.vector_type(s, u32::from(n)),
                    };
                    self.type_ids.insert(key, id);
                    return Ok(id);
                }
                let row = self.vector_type(scalar_of(*scalar, external), u32::from(*cols));
                if is_float_matrix(*scalar) {
                    self.spv_type(
                        Op::TypeMatrix,
                        vec![row, u32::from(*rows)],
                        vec![Operand::IdRef(row), Operand::LiteralBit32(u32::from(*rows))],
                    )
                } else {
                    let stride = match layout.map(|l| &l.kind) {
                        Some(LayoutKind::Matrix {
                            stride,
                            orientation: MatrixOrientation::RowMajor,
                        }) => Some(*stride),
                        Some(LayoutKind::Matrix { .. }) => {
                            return Err(SpirvError::unsupported(format!(
                                "externally initialized non-floating-point column-major \
                                 matrices not supported yet: `column_major {ty}` in a buffer \
                                 (SPIR-V has no integer matrices; a `row_major` one, or one \
                                 under -Zpr, is an array of rows)"
                            )))
                        }
                        _ => None,
                    };
                    self.array_type(row, Some(u32::from(*rows)), stride)
                }
            }
            Type::Array { element, len } => {
                // `RayQuery` state is function-local data: arrays of it are plain arrays
                // (the rows of `RayQuery<F> q[2][3]` too).
                let query = matches!(
                    element.as_resource(),
                    Some(types::ResourceType::RayQuery { .. })
                );
                if element.as_resource().is_some() && !query {
                    return Err(SpirvError::unsupported(format!(
                        "array of resources {} as data",
                        ty.ir()
                    )));
                }
                let (stride, elem_layout) = match layout.map(|l| &l.kind) {
                    Some(LayoutKind::Array { stride, element }) => {
                        (Some(*stride), Some(&**element))
                    }
                    _ => (None, None),
                };
                if *len == Some(0) {
                    return Err(SpirvError::unsupported("arrays of length 0"));
                }
                let e = self.data_type(element, elem_layout, external)?;
                self.array_type(e, *len, stride)
            }
            Type::Struct(s) => {
                let members = match layout.map(|l| &l.kind) {
                    Some(LayoutKind::Struct { members }) if members.len() == s.fields.len() => {
                        Some(members)
                    }
                    _ => None,
                };
                // One member per stored member: a run of packed bit-fields is one word,
                // declared as its first field.
                let firsts = types::first_fields(&types::stored_fields(s, layout));
                let entered = self.enter_struct(s, ty, layout, external);
                let mut ids = Vec::with_capacity(firsts.len());
                for &i in &firsts {
                    let ml = members.map(|m| &m[i].layout);
                    ids.push(self.data_type(&s.fields[i].ty, ml, external)?);
                }
                let id = self.global_inst(
                    Op::TypeStruct,
                    None,
                    ids.iter().map(|&i| Operand::IdRef(i)).collect(),
                );
                if entered {
                    self.leave_struct(id);
                }
                self.name_type(id, &s.name);
                for (k, &i) in firsts.iter().enumerate() {
                    self.member_name(id, k as u32, &s.fields[i].name);
                }
                self.inline_member_decorations(id, &s.name)?;
                // Minimum-precision members of a struct of the shader's own values are
                // `RelaxedPrecision`, as DXC decorates them (buffer layouts are left alone).
                if layout.is_none() {
                    for (k, &i) in firsts.iter().enumerate() {
                        if crate::functions::is_relaxed(&s.fields[i].ty)
                            && s.fields[i].bit_width.is_none()
                        {
                            self.member_decorate(id, k as u32, Decoration::RelaxedPrecision, &[]);
                        }
                    }
                }
                if let Some(members) = members {
                    for (k, &i) in firsts.iter().enumerate() {
                        self.member_layout_decorations(id, k as u32, &s.fields[i].ty, &members[i]);
                    }
                }
                id
            }
            _ => unreachable!("handled above"),
        };
        self.type_ids.insert(key, id);
        Ok(id)
    }

    /// The block struct of a buffer: `content` is `T` (constant/texture buffers, push
    /// constants; wrapped in a struct when not a struct) or the runtime array of a structured
    /// or byte-address buffer. Decorated `Block` (or `BufferBlock` for storage buffers in
    /// SPIR-V 1.0), `NonWritable` members for read-only buffers.
    pub fn block_type(
        &mut self,
        content: &Type,
        layout: Option<&TypeLayout>,
        kind: BlockKind,
        name: &str,
    ) -> Result<Word> {
        let key = TypeKey::Block {
            content: content.clone(),
            layout: layout.cloned(),
            kind,
        };
        if let Some(&id) = self.type_ids.get(&key) {
            return Ok(id);
        }
        // The fields of an unwrapped struct (one per stored member: a run of packed
        // bit-fields is one word, declared as its first field).
        let firsts: Vec<usize> = match (content, kind.wrapped()) {
            (Type::Struct(s), false) => types::first_fields(&types::stored_fields(s, layout)),
            _ => Vec::new(),
        };
        let (members, member_layouts): (Vec<Type>, Vec<Option<TypeLayout>>) =
            match (content, kind.wrapped()) {
                (Type::Struct(s), false) => {
                    let ls = match layout.map(|l| &l.kind) {
                        Some(LayoutKind::Struct { members }) if members.len() == s.fields.len() => {
                            firsts
                                .iter()
                                .map(|&i| Some(members[i].layout.clone()))
                                .collect()
                        }
                        _ => vec![None; firsts.len()],
                    };
                    (firsts.iter().map(|&i| s.fields[i].ty.clone()).collect(), ls)
                }
                _ => (vec![content.clone()], vec![layout.cloned()]),
            };
        let mut ids = Vec::new();
        for (t, l) in members.iter().zip(&member_layouts) {
            ids.push(self.data_type(t, l.as_ref(), true)?);
        }
        let id = self.global_inst(
            Op::TypeStruct,
            None,
            ids.iter().map(|&i| Operand::IdRef(i)).collect(),
        );
        self.type_ids.insert(key, id);
        self.name_type(id, name);
        let offsets: Vec<u32> = match (content, kind.wrapped(), layout.map(|l| &l.kind)) {
            (Type::Struct(_), false, Some(LayoutKind::Struct { members })) => {
                firsts.iter().map(|&i| members[i].offset).collect()
            }
            _ => vec![0; members.len()],
        };
        for (i, t) in members.iter().enumerate() {
            if let Type::Struct(s) = content {
                if !kind.wrapped() {
                    self.member_name(id, i as u32, &s.fields[firsts[i]].name);
                }
            }
            if kind.wrapped() {
                self.member_name(id, 0, "data");
            }
            let ml = member_layouts[i].clone();
            let offset = offsets.get(i).copied().unwrap_or(0);
            match ml {
                Some(l) => self.member_layout_decorations(
                    id,
                    i as u32,
                    t,
                    &types::MemberLayout { offset, layout: l },
                ),
                None => self.member_decorate(
                    id,
                    i as u32,
                    Decoration::Offset,
                    &[Operand::LiteralBit32(offset)],
                ),
            }
            let read_only = matches!(
                kind,
                BlockKind::Texture { .. } | BlockKind::Storage { read_only: true }
            );
            if read_only {
                self.member_decorate(id, i as u32, Decoration::NonWritable, &[]);
            }
        }
        let buffer_block = matches!(
            kind,
            BlockKind::Storage { .. }
                | BlockKind::Texture { .. }
                | BlockKind::ConstantInStorage { .. }
        ) && !self.at_least(1, 3);
        let decoration = if buffer_block {
            Decoration::BufferBlock
        } else {
            Decoration::Block
        };
        self.decorate(id, decoration, &[]);
        // A cbuffer or push constant block of a struct's members carries their decorations.
        if let (Type::Struct(s), false) = (content, kind.wrapped()) {
            self.inline_member_decorations(id, &s.name)?;
        }
        Ok(id)
    }

    // Constants.

    fn constant(
        &mut self,
        ty: Word,
        words: Vec<u64>,
        composite: bool,
        inst: (Op, Vec<Operand>),
    ) -> Word {
        let key = (ty, words, composite);
        if let Some(&id) = self.const_ids.get(&key) {
            return id;
        }
        let id = self.global_inst(inst.0, Some(ty), inst.1);
        self.const_ids.insert(key, id);
        id
    }

    pub fn const_bool(&mut self, v: bool) -> Word {
        let ty = self.bool_type();
        let op = if v {
            Op::ConstantTrue
        } else {
            Op::ConstantFalse
        };
        self.constant(ty, vec![v as u64], false, (op, vec![]))
    }

    /// A scalar constant of type `ty` (of `s`) from the IR's zero-extended bits.
    pub fn const_scalar(&mut self, s: Scalar, bits: u64) -> Word {
        let ty = self.scalar_type(s);
        match s {
            Scalar::Bool => self.const_bool(bits != 0),
            Scalar::Int { width: 64, .. } | Scalar::Float { width: 64 } => self.constant(
                ty,
                vec![bits],
                false,
                (Op::Constant, vec![Operand::LiteralBit64(bits)]),
            ),
            Scalar::Int {
                width: 16,
                signed: true,
            } => {
                // 16-bit signed literals are sign-extended to 32 bits.
                let word = (bits as u16 as i16) as i32 as u32;
                self.constant(
                    ty,
                    vec![bits],
                    false,
                    (Op::Constant, vec![Operand::LiteralBit32(word)]),
                )
            }
            _ => {
                let word = bits as u32;
                self.constant(
                    ty,
                    vec![bits],
                    false,
                    (Op::Constant, vec![Operand::LiteralBit32(word)]),
                )
            }
        }
    }

    pub fn const_u32(&mut self, _uint: Word, v: u32) -> Word {
        self.const_scalar(
            Scalar::Int {
                width: 32,
                signed: false,
            },
            u64::from(v),
        )
    }

    pub fn const_uint(&mut self, v: u32) -> Word {
        let uint = self.uint_type();
        self.const_u32(uint, v)
    }

    pub fn const_int(&mut self, v: i32) -> Word {
        self.const_scalar(
            Scalar::Int {
                width: 32,
                signed: true,
            },
            u64::from(v as u32),
        )
    }

    pub fn const_float(&mut self, v: f32) -> Word {
        self.const_scalar(Scalar::Float { width: 32 }, u64::from(v.to_bits()))
    }

    /// A scalar of kind `s` with the numeric value `v` (0, 1 and other small numbers).
    pub fn const_number(&mut self, s: Scalar, v: i64) -> Word {
        let bits = match s {
            Scalar::Bool => (v != 0) as u64,
            Scalar::Int { width, .. } => {
                if width == 64 {
                    v as u64
                } else {
                    (v as u64) & ((1u64 << width) - 1)
                }
            }
            Scalar::Float { width: 64 } => (v as f64).to_bits(),
            Scalar::Float { width: 16 } => u64::from(ir::value::f32_to_f16_bits(v as f32)),
            Scalar::Float { .. } => u64::from((v as f32).to_bits()),
        };
        self.const_scalar(s, bits)
    }

    pub fn const_composite(&mut self, ty: Word, parts: &[Word]) -> Word {
        self.constant(
            ty,
            parts.iter().map(|&p| u64::from(p)).collect(),
            true,
            (
                Op::ConstantComposite,
                parts.iter().map(|&p| Operand::IdRef(p)).collect(),
            ),
        )
    }

    /// A vector (or scalar, for `n == 1`) with every component `v`.
    pub fn const_splat(&mut self, s: Scalar, n: u32, v: i64) -> Word {
        let c = self.const_number(s, v);
        if n <= 1 {
            return c;
        }
        let ty = self.vector_type(s, n);
        self.const_composite(ty, &vec![c; n as usize])
    }

    /// An IR constant in the plain representation.
    pub fn ir_const(&mut self, c: ir::Const) -> Result<Word> {
        if let Some(&id) = self.ir_consts.get(&c) {
            return Ok(id);
        }
        let Some(constant) = self.m.constants.get(c) else {
            return Err(SpirvError::invalid(format!(
                "dangling constant #{}",
                c.index()
            )));
        };
        let id = match (&constant.ty, &constant.kind) {
            (Type::Scalar(k), ir::ConstantKind::Scalar(bits)) => {
                self.const_scalar(scalar_of(*k, false), *bits)
            }
            (Type::Vector(_, 1), ir::ConstantKind::Composite(parts)) if parts.len() == 1 => {
                self.ir_const(parts[0])?
            }
            (ty, ir::ConstantKind::Composite(parts)) if ty.one_row_or_column().is_some() => {
                // Rows of a vector-like matrix: one vector (1xN) or one-component rows (Nx1).
                let mut ids = Vec::with_capacity(parts.len());
                for &p in parts {
                    ids.push(self.ir_const(p)?);
                }
                if let [one] = ids[..] {
                    one
                } else {
                    let ty_id = self.plain_type(ty)?;
                    self.const_composite(ty_id, &ids)
                }
            }
            (ty, ir::ConstantKind::Composite(parts)) => {
                let ty_id = self.plain_type(ty)?;
                let mut ids = Vec::with_capacity(parts.len());
                for &p in parts {
                    ids.push(self.ir_const(p)?);
                }
                self.const_composite(ty_id, &ids)
            }
            (ty, _) => {
                return Err(SpirvError::invalid(format!(
                    "constant #{} has scalar bits but type {}",
                    c.index(),
                    ty.ir()
                )))
            }
        };
        self.ir_consts.insert(c, id);
        Ok(id)
    }

    /// A spec constant: `OpSpecConstant` with its `SpecId`.
    pub fn spec_const(&mut self, s: ir::Spec) -> Result<Word> {
        if let Some(&id) = self.spec_ids.get(&s) {
            return Ok(id);
        }
        let Some(sc) = self.m.spec_constants.get(s) else {
            return Err(SpirvError::invalid(format!(
                "dangling spec constant #{}",
                s.index()
            )));
        };
        let scalar = scalar_of(sc.kind, false);
        let ty = self.scalar_type(scalar);
        let id = match scalar {
            Scalar::Bool => {
                let op = if sc.default_bits != 0 {
                    Op::SpecConstantTrue
                } else {
                    Op::SpecConstantFalse
                };
                self.global_inst(op, Some(ty), vec![])
            }
            Scalar::Int { width: 64, .. } | Scalar::Float { width: 64 } => self.global_inst(
                Op::SpecConstant,
                Some(ty),
                vec![Operand::LiteralBit64(sc.default_bits)],
            ),
            Scalar::Int {
                width: 16,
                signed: true,
            } => self.global_inst(
                Op::SpecConstant,
                Some(ty),
                vec![Operand::LiteralBit32(
                    (sc.default_bits as u16 as i16) as i32 as u32,
                )],
            ),
            _ => self.global_inst(
                Op::SpecConstant,
                Some(ty),
                vec![Operand::LiteralBit32(sc.default_bits as u32)],
            ),
        };
        self.decorate(id, Decoration::SpecId, &[Operand::LiteralBit32(sc.id)]);
        let name = sc.name.clone();
        self.name(id, &name);
        self.spec_ids.insert(s, id);
        Ok(id)
    }
}
