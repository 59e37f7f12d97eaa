//! Resource opcodes: loaded image and sampler handles for [`crate::sampling`] (which lowers
//! sampling, gathers, LOD queries and texel reads), storage writes, size, level and
//! sample-count queries, byte-address loads and stores (through [`crate::byte_address`]),
//! `ArrayLength`, atomics (buffer, groupshared and image texel pointers) and barriers with
//! DXC's scopes and semantics.

use rspirv::dr::Operand;
use rspirv::spirv::{
    Capability, Dim, ImageOperands, MemorySemantics, Op, Scope, StorageClass, Word,
};
use types::{ResourceType, Type};

use crate::functions::Fx;
use crate::instructions::shape;
use crate::resources::{image_shape, ImageShape};
use crate::types::Scalar;
use crate::{Result, SpirvError};

/// A loaded image or sampler handle.
pub(crate) struct Handle {
    pub id: Word,
    pub shape: Option<ImageShape>,
    nonuniform: bool,
}

impl Fx<'_, '_> {
    pub(crate) fn load_handle(&mut self, v: ir::Value) -> Result<Handle> {
        let info = self.ptr_info(v)?;
        let Type::Resource(r) = &info.pointee.ty else {
            return Err(SpirvError::invalid(format!(
                "operand of type {} is not a resource pointer",
                info.pointee.ty.ir()
            )));
        };
        let r = (**r).clone();
        let ptr = self.value(v)?;
        let ty = self.cx.pointee_type(&info.pointee)?;
        // A private texture or sampler is the undefined value of its type (`lower_global`).
        let id = if info.class == StorageClass::Private {
            ptr
        } else {
            self.op(Op::Load, ty, vec![Operand::IdRef(ptr)])
        };
        if info.nonuniform {
            self.nonuniform_decorate(id);
        }
        let shape = match r {
            ResourceType::Texture { .. }
            | ResourceType::TypedBuffer { .. }
            | ResourceType::SubpassInput { .. } => Some(image_shape(
                &r,
                info.pointee.format,
                crate::resources::unknown_format(self.cx.env(), &info.pointee),
            )?),
            _ => None,
        };
        // A combined image sampler loads as a sampled image; fetches and queries read its
        // image (`OpImage`).
        let id = match shape {
            Some(shape) if crate::resources::combined(&r) => {
                let it = self.cx.image_type(shape);
                let image = self.op(Op::Image, it, vec![Operand::IdRef(id)]);
                if info.nonuniform {
                    self.nonuniform_decorate(image);
                }
                image
            }
            _ => id,
        };
        Ok(Handle {
            id,
            shape,
            nonuniform: info.nonuniform,
        })
    }

    /// The sampled image that sampling through `image` and `sampler` (two IR pointers) reads,
    /// and its image's shape. A combined image sampler (`vk::SampledTexture2D`) is its own
    /// sampler operand (`ir::texture`): its variable already holds the sampled image. Given
    /// another sampler (a `[[vk::combinedImageSampler]]` texture sampled with a sampler not
    /// its pair's), its image (`OpImage`) is sampled with that one, as DXC's
    /// convert-to-sampled-image pass rewrites such a use.
    pub(crate) fn load_sampled_image(
        &mut self,
        image: ir::Value,
        sampler: ir::Value,
    ) -> Result<(ImageShape, Word)> {
        let info = self.ptr_info(image)?;
        match &info.pointee.ty {
            Type::Resource(r) if crate::resources::combined(r) && sampler == image => {
                let shape = image_shape(
                    r,
                    info.pointee.format,
                    crate::resources::unknown_format(self.cx.env(), &info.pointee),
                )?;
                let ptr = self.value(image)?;
                let ty = self.cx.pointee_type(&info.pointee)?;
                let id = self.op(Op::Load, ty, vec![Operand::IdRef(ptr)]);
                if info.nonuniform {
                    self.nonuniform_decorate(id);
                }
                Ok((shape, id))
            }
            _ => {
                let image = self.load_handle(image)?;
                let sampler = self.load_handle(sampler)?;
                let shape = image
                    .shape
                    .ok_or_else(|| SpirvError::invalid("sampling a non-image"))?;
                Ok((shape, self.sampled_image(&image, &sampler)?))
            }
        }
    }

    pub(crate) fn sampled_image(&mut self, image: &Handle, sampler: &Handle) -> Result<Word> {
        let shape = image
            .shape
            .ok_or_else(|| SpirvError::invalid("sampling a non-image"))?;
        let it = self.cx.image_type(shape);
        let st = self.cx.sampled_image_type(it);
        let id = self.op(Op::SampledImage, st, Self::ids(&[image.id, sampler.id]));
        if image.nonuniform || sampler.nonuniform {
            self.nonuniform_decorate(id);
        }
        Ok(id)
    }

    /// A 4-component texel narrowed to the IR result type (for a 16-bit integer texel,
    /// converted from the image's 32-bit integers; for two 64-bit integers, the bits of four
    /// 32-bit ones).
    pub(crate) fn narrow_texel(&mut self, v4: Word, ty: &Type) -> Result<Word> {
        let (kind, n) =
            shape(ty).ok_or_else(|| SpirvError::invalid("texel of a non-vector type"))?;
        if texel64x2(kind, n).is_some() {
            // Four 32-bit integers are the two 64-bit ones.
            let rt = self.cx.plain_type(ty)?;
            return Ok(self.op(Op::Bitcast, rt, Self::ids(&[v4])));
        }
        // `bool` texels are read from an image of `uint` (a read-only texture of `bool`, as
        // DXC declares it): a texel is true when it is not zero.
        let wide = texel16(kind)
            .or(kind.is_bool().then_some(false))
            .map(|signed| {
                let s = Scalar::Int { width: 32, signed };
                (
                    s,
                    if n == 1 {
                        self.cx.scalar_type(s)
                    } else {
                        self.cx.vector_type(s, n)
                    },
                )
            });
        let rt = self.cx.plain_type(ty)?;
        let part = wide.map_or(rt, |(_, t)| t);
        let v = if n == 4 {
            v4
        } else if n == 1 {
            self.op(
                Op::CompositeExtract,
                part,
                vec![Operand::IdRef(v4), Operand::LiteralBit32(0)],
            )
        } else {
            let mut ops = vec![Operand::IdRef(v4), Operand::IdRef(v4)];
            ops.extend((0..n).map(Operand::LiteralBit32));
            self.op(Op::VectorShuffle, part, ops)
        };
        Ok(match wide {
            Some((s, _)) if kind.is_bool() => {
                let zero = self.cx.const_splat(s, n, 0);
                self.op(Op::INotEqual, rt, Self::ids(&[v, zero]))
            }
            Some((Scalar::Int { signed: true, .. }, _)) => {
                self.op(Op::SConvert, rt, Self::ids(&[v]))
            }
            Some(_) => self.op(Op::UConvert, rt, Self::ids(&[v])),
            None => v,
        })
    }

    /// A texel value of IR type `ty` as the image stores it: 16-bit integers widened to the
    /// image's 32-bit ones (the format keeps 16 bits), two 64-bit integers bit cast to four
    /// 32-bit ones; others as they are.
    pub(crate) fn widen_texel(&mut self, v: Word, ty: &Type) -> Result<Word> {
        let Some((kind, n)) = shape(ty) else {
            return Ok(v);
        };
        if let Some(signed) = texel64x2(kind, n) {
            let v4 = self.cx.vector_type(Scalar::Int { width: 32, signed }, 4);
            return Ok(self.op(Op::Bitcast, v4, Self::ids(&[v])));
        }
        let Some(signed) = texel16(kind) else {
            return Ok(v);
        };
        let s = Scalar::Int { width: 32, signed };
        let wt = if n == 1 {
            self.cx.scalar_type(s)
        } else {
            self.cx.vector_type(s, n)
        };
        let op = if signed { Op::SConvert } else { Op::UConvert };
        Ok(self.op(op, wt, Self::ids(&[v])))
    }

    pub fn lower_resource_op(&mut self, d: &ir::InstData) -> Result<Option<Word>> {
        use ir::Opcode as O;
        let ops = &d.operands;
        let op = d.opcode;
        Ok(Some(match op {
            O::TextureSample
            | O::TextureSampleBias
            | O::TextureSampleLevel
            | O::TextureSampleGrad
            | O::TextureSampleCompare
            | O::TextureSampleCompareLevelZero
            | O::TextureSampleCompareLevel
            | O::TextureSampleCompareBias
            | O::TextureSampleCompareGrad
            | O::TextureGather
            | O::TextureGatherCompare
            | O::TextureQueryLod => self.lower_sampling(d)?,
            O::TextureLoad => self.lower_texture_load(d)?,
            O::TextureStore => {
                let image = self.load_handle(ops[0])?;
                let shape = image
                    .shape
                    .ok_or_else(|| SpirvError::invalid("storing to a non-image"))?;
                let coord = self.value(ops[1])?;
                let texel_ty = self.type_of(ops[2])?;
                let mut texel = self.value(ops[2])?;
                texel = self.widen_texel(texel, &texel_ty)?;
                if shape.format == rspirv::spirv::ImageFormat::Unknown {
                    self.cx
                        .capability(Capability::StorageImageWriteWithoutFormat);
                    // Without a format, write all four components.
                    if let Some((_, n)) =
                        shape_of(&texel_ty).filter(|&(k, n)| texel64x2(k, n).is_none())
                    {
                        if n < 4 {
                            let zero = self.cx.const_number(shape.scalar, 0);
                            let v4 = self.cx.vector_type(shape.scalar, 4);
                            let mut parts = vec![texel];
                            parts.extend(std::iter::repeat_n(zero, (4 - n) as usize));
                            texel = self.op(Op::CompositeConstruct, v4, Self::ids(&parts));
                        }
                    }
                }
                let mut operands = Self::ids(&[image.id, coord, texel]);
                if shape.ms {
                    // `tex.sample[s][c] = v` names the sample; `tex[c] = v` writes sample 0,
                    // as DXC does.
                    let sample = match ops.get(3) {
                        Some(&s) => self.value(s)?,
                        None => self.cx.const_uint(0),
                    };
                    operands.push(Operand::ImageOperands(ImageOperands::SAMPLE));
                    operands.push(Operand::IdRef(sample));
                }
                self.op_void(Op::ImageWrite, operands);
                return Ok(None);
            }
            O::TextureQuerySize | O::TextureQueryLevels | O::TextureQuerySamples => {
                let image = self.load_handle(ops[0])?;
                let shape = image
                    .shape
                    .ok_or_else(|| SpirvError::invalid("querying a non-image"))?;
                self.cx.capability(Capability::ImageQuery);
                let rt = self.cx.plain_type(&d.ty)?;
                match op {
                    O::TextureQuerySize => {
                        if shape.sampled == 1 && !shape.ms && shape.dim != Dim::DimBuffer {
                            let lod = match ops.get(1) {
                                Some(&l) => self.value(l)?,
                                None => self.cx.const_uint(0),
                            };
                            self.op(Op::ImageQuerySizeLod, rt, Self::ids(&[image.id, lod]))
                        } else {
                            self.op(Op::ImageQuerySize, rt, Self::ids(&[image.id]))
                        }
                    }
                    O::TextureQueryLevels => {
                        self.op(Op::ImageQueryLevels, rt, Self::ids(&[image.id]))
                    }
                    _ => self.op(Op::ImageQuerySamples, rt, Self::ids(&[image.id])),
                }
            }
            O::ByteAddressLoad | O::ByteAddressStore => return self.lower_byte_address(d),
            O::ArrayLength => {
                let p = self.value(ops[0])?;
                let uint = self.cx.uint_type();
                self.op(
                    Op::ArrayLength,
                    uint,
                    vec![Operand::IdRef(p), Operand::LiteralBit32(0)],
                )
            }
            other => return Err(SpirvError::unsupported(format!("opcode {}", other.name()))),
        }))
    }

    /// `AtomicRmw` and `AtomicCompareExchange` with DXC's `Device` scope and relaxed
    /// semantics, on a pointer, a texel, a byte-address buffer word or a scalar behind a
    /// `vk::BufferPointer`.
    pub fn lower_atomic(&mut self, d: &ir::InstData) -> Result<Word> {
        use ir::Opcode as O;
        let values = if d.opcode == O::AtomicCompareExchange {
            2
        } else {
            1
        };
        let behind_pointer = matches!(self.type_of(d.operands[0])?, Type::BufferPointer { .. });
        let on_texture = !behind_pointer && d.operands.len() == values + 2;
        let rt = self.cx.plain_type(&d.ty)?;
        let (k, _) = shape(&d.ty).ok_or_else(|| SpirvError::invalid("atomic on a non-scalar"))?;
        if k.bit_width() == 64 {
            self.cx.capability(Capability::Int64Atomics);
        }
        let on_buffer = on_texture
            && matches!(
                self.ptr_info(d.operands[0])?.pointee.ty.as_resource(),
                Some(ResourceType::ByteAddressBuffer { .. })
            );
        let ptr = if behind_pointer {
            // The scalar an access path names behind a `vk::BufferPointer`.
            let path = &d.operands[1..d.operands.len().saturating_sub(values).max(1)];
            self.part_access(d.operands[0], path)?.ptr
        } else if on_buffer {
            self.byte_address_u64_pointer(d.operands[0], d.operands[1], &d.ty)?
        } else if on_texture {
            let info = self.ptr_info(d.operands[0])?;
            if info.pointee.ty.as_resource().is_none() {
                return Err(SpirvError::invalid(
                    "atomic with a coordinate on a non-texture",
                ));
            }
            let image_ptr = self.value(d.operands[0])?;
            let coord = self.value(d.operands[1])?;
            let sample = self.cx.const_uint(0);
            let pt = self.cx.pointer_type(StorageClass::Image, rt);
            let id = self.op(
                Op::ImageTexelPointer,
                pt,
                Self::ids(&[image_ptr, coord, sample]),
            );
            if info.nonuniform {
                self.nonuniform_decorate(id);
            }
            id
        } else {
            self.value(d.operands[0])?
        };
        let args = self.values(&d.operands[d.operands.len() - values..])?;
        // Groupshared memory is shared by the group only: DXC's atomics on it take the
        // workgroup scope, the others the device scope.
        let groupshared = !behind_pointer
            && !on_texture
            && matches!(
                self.type_of(d.operands[0])?.pointee(),
                Some((types::AddressSpace::Workgroup, _))
            );
        let scope = if groupshared {
            Scope::Workgroup
        } else {
            Scope::Device
        };
        let scope = self.cx.const_uint(scope as u32);
        let none = self.cx.const_uint(0);
        let signed = k.is_signed_integer();
        let float = k.is_float();
        if float && matches!(d.opcode, O::AtomicRmw(a) if a != ir::AtomicOp::Exchange) {
            if k.bit_width() != 32 {
                return Err(SpirvError::invalid(
                    "float atomics other than exchange on 16- or 64-bit floats",
                ));
            }
            if matches!(d.opcode, O::AtomicRmw(ir::AtomicOp::Add)) {
                self.cx.capability(Capability::AtomicFloat32AddEXT);
                self.cx.extension("SPV_EXT_shader_atomic_float_add");
            } else {
                self.cx.capability(Capability::AtomicFloat32MinMaxEXT);
                self.cx.extension("SPV_EXT_shader_atomic_float_min_max");
            }
        }
        let op = match d.opcode {
            O::AtomicCompareExchange => {
                // comparand, then the new value; SPIR-V takes the value first.
                return Ok(self.op(
                    Op::AtomicCompareExchange,
                    rt,
                    Self::ids(&[ptr, scope, none, none, args[1], args[0]]),
                ));
            }
            O::AtomicRmw(a) => match a {
                ir::AtomicOp::Add if float => Op::AtomicFAddEXT,
                ir::AtomicOp::Min if float => Op::AtomicFMinEXT,
                ir::AtomicOp::Max if float => Op::AtomicFMaxEXT,
                ir::AtomicOp::Add => Op::AtomicIAdd,
                ir::AtomicOp::And => Op::AtomicAnd,
                ir::AtomicOp::Or => Op::AtomicOr,
                ir::AtomicOp::Xor => Op::AtomicXor,
                ir::AtomicOp::Min if signed => Op::AtomicSMin,
                ir::AtomicOp::Min => Op::AtomicUMin,
                ir::AtomicOp::Max if signed => Op::AtomicSMax,
                ir::AtomicOp::Max => Op::AtomicUMax,
                ir::AtomicOp::Exchange => Op::AtomicExchange,
            },
            _ => return Err(SpirvError::invalid("not an atomic")),
        };
        Ok(self.op(op, rt, Self::ids(&[ptr, scope, none, args[0]])))
    }

    /// Barriers as DXC emits them: `OpControlBarrier` when the group synchronizes, else
    /// `OpMemoryBarrier`; `Workgroup` memory scope for groupshared-only barriers and for
    /// device memory ordered at group scope (`GROUP_SCOPE`, SM 6.8), `Device` otherwise;
    /// acquire-release semantics on the memory the flags name.
    pub fn lower_barrier(&mut self, flags: ir::BarrierFlags) {
        let workgroup = flags.contains(ir::BarrierFlags::WORKGROUP_MEMORY);
        let device = flags.contains(ir::BarrierFlags::DEVICE_MEMORY);
        let sync = flags.contains(ir::BarrierFlags::GROUP_SYNC);
        let mut sem = MemorySemantics::NONE;
        if workgroup || device {
            sem |= MemorySemantics::ACQUIRE_RELEASE;
        }
        if workgroup {
            sem |= MemorySemantics::WORKGROUP_MEMORY;
        }
        if device {
            sem |= MemorySemantics::UNIFORM_MEMORY | MemorySemantics::IMAGE_MEMORY;
        }
        let group_scope = flags.contains(ir::BarrierFlags::GROUP_SCOPE);
        let mem_scope = if device && !group_scope {
            Scope::Device
        } else if !workgroup && self.stages.contains(&ir::Stage::Hull) {
            // A hull shader's execution-only barrier (between the control points and the
            // patch-constant function): Vulkan allows no `Workgroup` memory scope there.
            Scope::Invocation
        } else {
            Scope::Workgroup
        };
        let scope = self.cx.const_uint(mem_scope as u32);
        let semantics = self.cx.const_uint(sem.bits());
        if sync {
            let exec = self.cx.const_uint(Scope::Workgroup as u32);
            self.op_void(
                Op::ControlBarrier,
                vec![
                    Operand::IdScope(exec),
                    Operand::IdScope(scope),
                    Operand::IdMemorySemantics(semantics),
                ],
            );
        } else if workgroup || device {
            self.op_void(
                Op::MemoryBarrier,
                vec![
                    Operand::IdScope(scope),
                    Operand::IdMemorySemantics(semantics),
                ],
            );
        }
    }
}

/// The signedness of a 16-bit integer texel component kind, which images hold as 32 bits.
fn texel16(kind: types::ScalarKind) -> Option<bool> {
    use types::ScalarKind as K;
    match kind {
        K::Int16 => Some(true),
        K::Uint16 => Some(false),
        _ => None,
    }
}

/// The signedness of a two-component 64-bit integer texel, which a typed buffer holds as
/// four 32-bit integers.
fn texel64x2(kind: types::ScalarKind, n: u32) -> Option<bool> {
    use types::ScalarKind as K;
    match (kind, n) {
        (K::Int64, 2) => Some(true),
        (K::Uint64, 2) => Some(false),
        _ => None,
    }
}

fn shape_of(t: &Type) -> Option<(types::ScalarKind, u32)> {
    shape(t)
}
