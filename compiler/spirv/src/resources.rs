//! Globals: private and groupshared variables, stage inputs and outputs (with `Location`,
//! `BuiltIn` and interpolation decorations), push constants, and resources: images
//! (`OpTypeImage` with DXC's dimension, arrayed, multisampled, sampled and format choices),
//! samplers, buffer blocks, arrays of them, with `DescriptorSet`/`Binding`.

use rspirv::dr::Operand;
use rspirv::spirv::{self, Capability, Decoration, Dim, Op, StorageClass, Word};
use types::{
    AddressSpace, Interpolation, LayoutRules, ResourceType, StructuredKind, TextureAccess,
    TextureDim, Type, TypeLayout,
};

use crate::context::{Ctx, GlobalInfo, Pointee};
use crate::types::{scalar_of, BlockKind, Scalar};
use crate::{Result, SpirvError};

/// The resource of a resource global (looking through resource arrays).
pub(crate) fn resource_of(ty: &Type) -> Option<&ResourceType> {
    match ty {
        // Through every level: `Texture2D t[2][3]` (`resource_grid`).
        Type::Array { element, .. } => resource_of(element),
        t => t.as_resource(),
    }
}

/// SPIR-V's `ShaderInvocationReorderEXT` capability, newer than rspirv's grammar.
const SHADER_INVOCATION_REORDER_EXT: u32 = 5388;

/// The block kind of a buffer resource; `None` for handles (images, samplers).
pub(crate) fn block_kind(r: &ResourceType) -> Option<BlockKind> {
    let wrapped = |t: &Type| !matches!(t, Type::Struct(_));
    match r {
        ResourceType::ConstantBuffer { element } => Some(BlockKind::Constant {
            wrapped: wrapped(element),
        }),
        ResourceType::TextureBuffer { element } => Some(BlockKind::Texture {
            wrapped: wrapped(element),
        }),
        ResourceType::StructuredBuffer { kind, .. } => Some(BlockKind::Storage {
            read_only: *kind == StructuredKind::ReadOnly,
        }),
        ResourceType::ByteAddressBuffer { access } => Some(BlockKind::Storage {
            read_only: !access.is_writable(),
        }),
        _ => None,
    }
}

/// The content of a buffer's block struct: `T`, `T[]` or `uint[]`.
pub(crate) fn block_content(r: &ResourceType) -> Option<Type> {
    match r {
        ResourceType::ConstantBuffer { element } | ResourceType::TextureBuffer { element } => {
            Some(element.clone())
        }
        ResourceType::StructuredBuffer { element, .. } => {
            Some(Type::unsized_array(element.clone()))
        }
        ResourceType::ByteAddressBuffer { .. } => Some(Type::unsized_array(Type::UINT)),
        _ => None,
    }
}

/// The format DXC infers for a storage image or texel buffer of `sample`.
fn inferred_format(sample: &Type) -> spirv::ImageFormat {
    use spirv::ImageFormat as F;
    let (k, n) = match sample {
        Type::Scalar(k) => (*k, 1),
        Type::Vector(k, n) => (*k, *n),
        _ => return F::Unknown,
    };
    match (scalar_of(k, true), n) {
        (Scalar::Float { width: 32 }, 1) => F::R32f,
        (Scalar::Float { width: 32 }, 2) => F::Rg32f,
        (Scalar::Float { width: 32 }, 4) => F::Rgba32f,
        (Scalar::Float { width: 16 }, 1) => F::R16f,
        (Scalar::Float { width: 16 }, 2) => F::Rg16f,
        (Scalar::Float { width: 16 }, 4) => F::Rgba16f,
        (
            Scalar::Int {
                width: 32,
                signed: true,
            },
            1,
        ) => F::R32i,
        (
            Scalar::Int {
                width: 32,
                signed: true,
            },
            2,
        ) => F::Rg32i,
        (
            Scalar::Int {
                width: 32,
                signed: true,
            },
            4,
        ) => F::Rgba32i,
        (
            Scalar::Int {
                width: 32,
                signed: false,
            },
            1,
        ) => F::R32ui,
        (
            Scalar::Int {
                width: 32,
                signed: false,
            },
            2,
        ) => F::Rg32ui,
        (
            Scalar::Int {
                width: 32,
                signed: false,
            },
            4,
        ) => F::Rgba32ui,
        (Scalar::Int { width: 16, signed }, 1) => [F::R16ui, F::R16i][signed as usize],
        (Scalar::Int { width: 16, signed }, 2) => [F::Rg16ui, F::Rg16i][signed as usize],
        (Scalar::Int { width: 16, signed }, 4) => [F::Rgba16ui, F::Rgba16i][signed as usize],
        (
            Scalar::Int {
                width: 64,
                signed: true,
            },
            1,
        ) => F::R64i,
        (
            Scalar::Int {
                width: 64,
                signed: false,
            },
            1,
        ) => F::R64ui,
        _ => F::Unknown,
    }
}

fn spirv_format(f: ir::ImageFormat) -> spirv::ImageFormat {
    use ir::ImageFormat as I;
    use spirv::ImageFormat as F;
    match f {
        I::Rgba32f => F::Rgba32f,
        I::Rgba16f => F::Rgba16f,
        I::R32f => F::R32f,
        I::Rg32f => F::Rg32f,
        I::Rg16f => F::Rg16f,
        I::R11g11b10f => F::R11fG11fB10f,
        I::R16f => F::R16f,
        I::Rgba16 => F::Rgba16,
        I::Rgb10a2 => F::Rgb10A2,
        I::Rg16 => F::Rg16,
        I::Rg8 => F::Rg8,
        I::R16 => F::R16,
        I::R8 => F::R8,
        I::Rgba16snorm => F::Rgba16Snorm,
        I::Rg16snorm => F::Rg16Snorm,
        I::Rg8snorm => F::Rg8Snorm,
        I::R16snorm => F::R16Snorm,
        I::R8snorm => F::R8Snorm,
        I::Rgba32i => F::Rgba32i,
        I::Rgba16i => F::Rgba16i,
        I::Rgba8i => F::Rgba8i,
        I::R32i => F::R32i,
        I::Rg32i => F::Rg32i,
        I::Rg16i => F::Rg16i,
        I::Rg8i => F::Rg8i,
        I::R16i => F::R16i,
        I::R8i => F::R8i,
        I::Rgba32ui => F::Rgba32ui,
        I::Rgba16ui => F::Rgba16ui,
        I::Rgba8ui => F::Rgba8ui,
        I::R32ui => F::R32ui,
        I::Rgb10a2ui => F::Rgb10a2ui,
        I::Rg32ui => F::Rg32ui,
        I::Rg16ui => F::Rg16ui,
        I::Rg8ui => F::Rg8ui,
        I::R16ui => F::R16ui,
        I::R8ui => F::R8ui,
        I::R64ui => F::R64ui,
        I::R64i => F::R64i,
        I::Rgba8 => F::Rgba8,
        I::Rgba8snorm => F::Rgba8Snorm,
        I::Unknown => F::Unknown,
    }
}

/// Formats a storage image can have with only the `Shader` capability.
fn is_basic_format(f: spirv::ImageFormat) -> bool {
    use spirv::ImageFormat as F;
    matches!(
        f,
        F::Unknown
            | F::Rgba32f
            | F::Rgba16f
            | F::R32f
            | F::Rgba8
            | F::Rgba8Snorm
            | F::Rgba32i
            | F::Rgba16i
            | F::Rgba8i
            | F::R32i
            | F::Rgba32ui
            | F::Rgba16ui
            | F::Rgba8ui
            | F::R32ui
    )
}

/// The parts of an `OpTypeImage`, also needed by texture instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ImageShape {
    pub dim: Dim,
    pub arrayed: bool,
    pub ms: bool,
    /// 1: sampled, 2: storage.
    pub sampled: u32,
    pub format: spirv::ImageFormat,
    pub scalar: Scalar,
}

/// The shape of image resource `r` with the declared `format`. A storage image's or texel
/// buffer's format when none is declared: `Unknown` when `unknown_format` says so (DXC's for
/// `vulkan1.3`, see [`unknown_format`]), else the format inferred from the texel type.
pub(crate) fn image_shape(
    r: &ResourceType,
    format: Option<ir::ImageFormat>,
    unknown_format: bool,
) -> Result<ImageShape> {
    let (dim, arrayed, ms, access, sample) = match r {
        ResourceType::Texture {
            dim,
            access,
            sample,
        } => {
            let d = match dim {
                TextureDim::D1 | TextureDim::D1Array => Dim::Dim1D,
                TextureDim::D2 | TextureDim::D2Array | TextureDim::D2MS | TextureDim::D2MSArray => {
                    Dim::Dim2D
                }
                TextureDim::D3 => Dim::Dim3D,
                TextureDim::Cube | TextureDim::CubeArray => Dim::DimCube,
            };
            (d, dim.is_array(), dim.is_multisampled(), *access, sample)
        }
        ResourceType::TypedBuffer { access, element } => {
            (Dim::DimBuffer, false, false, *access, element)
        }
        // Read with `OpImageRead`, so "not sampled" (2), with an unknown format as Vulkan
        // requires of input attachments.
        ResourceType::SubpassInput {
            multisampled,
            element,
        } => (
            Dim::DimSubpassData,
            false,
            *multisampled,
            TextureAccess::ReadWrite,
            element,
        ),
        _ => return Err(SpirvError::invalid(format!("{r} is not an image"))),
    };
    let kind = sample
        .scalar_kind()
        .ok_or_else(|| SpirvError::unsupported(format!("texel type {}", sample.ir())))?;
    let mut scalar = scalar_of(kind, false);
    match scalar {
        // A read-only texture of `bool` is one of `uint`, as DXC declares it (`narrow_texel`
        // compares its texels with zero); DXC leaves typed buffers and writable textures of
        // `bool` as images of `bool`, which Vulkan refuses (`hir` reports them).
        Scalar::Bool if dim != Dim::DimBuffer && !access.is_writable() => {
            scalar = Scalar::Int {
                width: 32,
                signed: false,
            }
        }
        Scalar::Bool => {
            return Err(SpirvError::unsupported(format!(
                "texel type {}",
                sample.ir()
            )))
        }
        Scalar::Int { width: 32, .. } | Scalar::Float { width: 32 } => {}
        // 64-bit integer scalar texels (`RWTexture2D<uint64_t>`): `SPV_EXT_shader_image_int64`.
        Scalar::Int { width: 64, .. } if matches!(sample, Type::Scalar(_)) => {}
        // Two 64-bit integers in a typed buffer (`Buffer<uint64_t2>`): no Vulkan format holds
        // them, so the texel is four 32-bit integers (`Rgba32ui`/`Rgba32i`), bit cast on read
        // and write, as D3D backs it and as Clang's SPIR-V does.
        Scalar::Int { width: 64, signed }
            if dim == Dim::DimBuffer && matches!(sample, Type::Vector(_, 2)) =>
        {
            scalar = Scalar::Int { width: 32, signed }
        }
        // 16-bit integer texels (`RWBuffer<int16_t>`): Vulkan's sampled type is 32-bit, so
        // the image holds 32-bit integers of an `R16i`-class format, and reads and writes
        // convert (`Fx::narrow_texel`, `widen_texel`). 16-bit float texels stay refused, as
        // DXC refuses them for Vulkan.
        Scalar::Int { width: 16, signed } => scalar = Scalar::Int { width: 32, signed },
        _ => {
            return Err(SpirvError::unsupported(format!(
                "texel type {} (only 32-bit texels)",
                sample.ir()
            )))
        }
    }
    let sampled = if !access.is_writable() { 1 } else { 2 };
    let format = match (format, sampled) {
        _ if dim == Dim::DimSubpassData => spirv::ImageFormat::Unknown,
        (Some(f), _) => spirv_format(f),
        (None, 2) if unknown_format => spirv::ImageFormat::Unknown,
        (None, 2) if kind.bit_width() == 64 && !matches!(sample, Type::Scalar(_)) => {
            [spirv::ImageFormat::Rgba32ui, spirv::ImageFormat::Rgba32i]
                [kind.is_signed_integer() as usize]
        }
        (None, 2) => inferred_format(sample),
        (None, _) => spirv::ImageFormat::Unknown,
    };
    Ok(ImageShape {
        dim,
        arrayed,
        ms,
        sampled,
        format,
        scalar,
    })
}

/// Whether a storage image without a declared format is `Unknown`: under `vulkan1.3`, as DXC
/// declares them there, unless an atomic operates on it (Vulkan needs a 32- or 64-bit
/// format for `OpImageTexelPointer`).
pub(crate) fn unknown_format(env: crate::TargetEnv, pointee: &Pointee) -> bool {
    env == crate::TargetEnv::Vulkan1_3 && !pointee.atomic_image
}

/// Whether `r` is a combined image sampler (`vk::SampledTexture2D`).
pub(crate) fn combined(r: &ResourceType) -> bool {
    matches!(r, ResourceType::Texture { access, .. } if access.is_combined())
}

impl Ctx<'_> {
    pub fn image_type(&mut self, shape: ImageShape) -> Word {
        let st = self.scalar_type(shape.scalar);
        match (shape.dim, shape.sampled) {
            (Dim::Dim1D, 1) => self.capability(Capability::Sampled1D),
            (Dim::Dim1D, _) => self.capability(Capability::Image1D),
            (Dim::DimBuffer, 1) => self.capability(Capability::SampledBuffer),
            (Dim::DimBuffer, _) => self.capability(Capability::ImageBuffer),
            (Dim::DimCube, 1) if shape.arrayed => self.capability(Capability::SampledCubeArray),
            (Dim::DimCube, _) if shape.arrayed => self.capability(Capability::ImageCubeArray),
            _ => {}
        }
        if shape.dim == Dim::DimSubpassData {
            self.capability(Capability::InputAttachment);
        } else if shape.ms && shape.sampled == 2 {
            self.capability(Capability::StorageImageMultisample);
            if shape.arrayed {
                self.capability(Capability::ImageMSArray);
            }
        }
        if let Scalar::Int { width: 64, .. } = shape.scalar {
            self.capability(Capability::Int64ImageEXT);
            self.extension("SPV_EXT_shader_image_int64");
        }
        let int64_format = matches!(
            shape.format,
            spirv::ImageFormat::R64i | spirv::ImageFormat::R64ui
        );
        if !is_basic_format(shape.format) && !int64_format {
            self.capability(Capability::StorageImageExtendedFormats);
        }
        let words = vec![
            st,
            shape.dim as u32,
            0,
            shape.arrayed as u32,
            shape.ms as u32,
            shape.sampled,
            shape.format as u32,
        ];
        let key = crate::types::TypeKey::Spv(Op::TypeImage as u32, words);
        if let Some(&id) = self.type_ids.get(&key) {
            return id;
        }
        let id = self.global_inst(
            Op::TypeImage,
            None,
            vec![
                Operand::IdRef(st),
                Operand::Dim(shape.dim),
                Operand::LiteralBit32(0),
                Operand::LiteralBit32(shape.arrayed as u32),
                Operand::LiteralBit32(shape.ms as u32),
                Operand::LiteralBit32(shape.sampled),
                Operand::ImageFormat(shape.format),
            ],
        );
        self.type_ids.insert(key, id);
        id
    }

    pub fn sampler_type(&mut self) -> Word {
        let key = crate::types::TypeKey::Spv(Op::TypeSampler as u32, vec![]);
        if let Some(&id) = self.type_ids.get(&key) {
            return id;
        }
        let id = self.global_inst(Op::TypeSampler, None, vec![]);
        self.type_ids.insert(key, id);
        id
    }

    pub fn sampled_image_type(&mut self, image: Word) -> Word {
        let key = crate::types::TypeKey::Spv(Op::TypeSampledImage as u32, vec![image]);
        if let Some(&id) = self.type_ids.get(&key) {
            return id;
        }
        let id = self.global_inst(Op::TypeSampledImage, None, vec![Operand::IdRef(image)]);
        self.type_ids.insert(key, id);
        id
    }

    /// The handle type of an image or sampler resource without a declared format.
    pub fn resource_handle_type(&mut self, r: &ResourceType) -> Result<Word> {
        let unknown = self.env() == crate::TargetEnv::Vulkan1_3;
        self.handle_type(r, None, unknown)
    }

    fn handle_type(
        &mut self,
        r: &ResourceType,
        format: Option<ir::ImageFormat>,
        unknown_format: bool,
    ) -> Result<Word> {
        match r {
            ResourceType::Texture { .. }
            | ResourceType::TypedBuffer { .. }
            | ResourceType::SubpassInput { .. } => {
                let shape = image_shape(r, format, unknown_format)?;
                let image = self.image_type(shape);
                // A combined image sampler's variable holds the sampled image itself.
                Ok(if combined(r) {
                    self.sampled_image_type(image)
                } else {
                    image
                })
            }
            ResourceType::Sampler { .. } => Ok(self.sampler_type()),
            ResourceType::RaytracingAccelerationStructure => self.acceleration_structure_type(),
            ResourceType::RayQuery { .. } => self.ray_query_type(),
            other => Err(SpirvError::unsupported(format!("resource type {other}"))),
        }
    }

    /// The SPIR-V type a pointer with this pointee points to.
    pub fn pointee_type(&mut self, p: &Pointee) -> Result<Word> {
        if let (Some(kind @ BlockKind::PushConstant { .. }), None) = (p.block, p.ty.as_resource()) {
            let name = format!("type.PushConstant.{}", p.ty);
            return self.block_type(&p.ty, p.layout.as_ref(), kind, &name);
        }
        match &p.ty {
            Type::Resource(r) => self.resource_pointee_type(r, p),
            // An array of arrays of resources is one array of all its elements
            // (`resource_grid`).
            ty if crate::resource_grid::is_nested_resource_array(ty) => {
                let Some((count, Type::Resource(r))) =
                    crate::resource_grid::nested_resource_array(ty)
                else {
                    return Err(SpirvError::unsupported(format!(
                        "an array of resource arrays of unknown size: {}",
                        ty.ir()
                    )));
                };
                let e = self.resource_pointee_type(&r, p)?;
                Ok(self.array_type(e, Some(count), None))
            }
            Type::Array { element, len } if element.as_resource().is_some() => {
                let r = element
                    .as_resource()
                    .cloned()
                    .unwrap_or(ResourceType::Sampler { comparison: false });
                let e = self.resource_pointee_type(&r, p)?;
                if len.is_none() {
                    self.capability(Capability::RuntimeDescriptorArray);
                    if !self.at_least(1, 5) {
                        self.extension("SPV_EXT_descriptor_indexing");
                    }
                }
                Ok(self.array_type(e, *len, None))
            }
            ty => self.data_type(ty, p.layout.as_ref(), p.external),
        }
    }

    fn resource_pointee_type(&mut self, r: &ResourceType, p: &Pointee) -> Result<Word> {
        // A constant buffer in storage-buffer memory says so in `p` (`lower_global`).
        let kind = match p.block {
            Some(k @ BlockKind::ConstantInStorage { .. }) => Some(k),
            _ => block_kind(r),
        };
        match (kind, block_content(r)) {
            (Some(kind), Some(content)) => {
                let layout = match (&p.layout, r) {
                    (_, ResourceType::ByteAddressBuffer { .. }) => Some(TypeLayout::of(
                        &Type::unsized_array(Type::UINT),
                        LayoutRules::RelaxedStd430,
                    )),
                    (l, _) => l.clone(),
                };
                let name = match r {
                    // A `cbuffer`/`tbuffer` block (`type.Name`, as lowering names it) keeps its
                    // own name, as DXC names it.
                    ResourceType::ConstantBuffer {
                        element: Type::Struct(s),
                    }
                    | ResourceType::TextureBuffer {
                        element: Type::Struct(s),
                    } if s.name.starts_with("type.") => s.name.clone(),
                    ResourceType::ConstantBuffer { element } => {
                        format!("type.ConstantBuffer.{element}")
                    }
                    ResourceType::TextureBuffer { element } => {
                        format!("type.TextureBuffer.{element}")
                    }
                    ResourceType::StructuredBuffer { kind, element } => {
                        let k = match kind {
                            StructuredKind::ReadOnly => "StructuredBuffer",
                            StructuredKind::ReadWrite => "RWStructuredBuffer",
                            StructuredKind::Append => "AppendStructuredBuffer",
                            StructuredKind::Consume => "ConsumeStructuredBuffer",
                            StructuredKind::RasterizerOrdered => {
                                "RasterizerOrderedStructuredBuffer"
                            }
                        };
                        format!("type.{k}.{element}")
                    }
                    ResourceType::ByteAddressBuffer { access } => {
                        if access.is_writable() {
                            "type.RWByteAddressBuffer".to_owned()
                        } else {
                            "type.ByteAddressBuffer".to_owned()
                        }
                    }
                    _ => String::new(),
                };
                self.block_type(&content, layout.as_ref(), kind, &name)
            }
            _ => {
                let unknown = unknown_format(self.env(), p);
                self.handle_type(r, p.format, unknown)
            }
        }
    }

    /// Lowers global `h` to an `OpVariable` with its decorations.
    pub fn lower_global(&mut self, h: ir::Global) -> Result<()> {
        let g = &self.m.globals[h];
        if g.kind == ir::GlobalKind::Private && resource_of(&g.ty).is_some() {
            return self.lower_undefined_resource(h);
        }
        let ctx = |e: SpirvError| SpirvError {
            message: format!("global {}: {}", g.name, e.message),
            loc: e.loc.or(g.loc),
            ..e
        };
        let (class, pointee) = match g.kind {
            ir::GlobalKind::Private | ir::GlobalKind::Groupshared | ir::GlobalKind::TaskPayload => {
                let class = match g.kind {
                    ir::GlobalKind::Private => StorageClass::Private,
                    ir::GlobalKind::Groupshared => StorageClass::Workgroup,
                    // NV: a mesh shader's payload is its leaves' inputs (`mesh_nv`).
                    _ if self.mesh_nv() => match self.nv_payload(h).map_err(ctx)? {
                        Some(class) => class,
                        None => return Ok(()),
                    },
                    _ => StorageClass::TaskPayloadWorkgroupEXT,
                };
                (class, Pointee::plain(g.ty.clone()))
            }
            ir::GlobalKind::RayData => {
                self.require_ray_tracing("ray payloads, hit attributes and callable data")
                    .map_err(ctx)?;
                let class = crate::functions::storage_class(self, g.space);
                if g.space == types::AddressSpace::HitObjectAttribute {
                    // What the class needs (NVIDIA's shader execution reordering), declared
                    // whether or not the functions using it declare it too.
                    self.capability(rspirv::spirv::Capability::ShaderInvocationReorderNV);
                    self.extension("SPV_NV_shader_invocation_reorder");
                }
                if g.space == types::AddressSpace::HitObjectAttributeExt {
                    // The cross-vendor form: `ShaderInvocationReorderEXT` (5388), which
                    // rspirv does not know either.
                    self.caps.insert(SHADER_INVOCATION_REORDER_EXT);
                    self.extension("SPV_EXT_shader_invocation_reorder");
                }
                (class, Pointee::plain(g.ty.clone()))
            }
            ir::GlobalKind::Input | ir::GlobalKind::Output => {
                let class = if g.kind == ir::GlobalKind::Input {
                    StorageClass::Input
                } else {
                    StorageClass::Output
                };
                let mut p = Pointee::plain(g.ty.clone());
                if let Some(flat) = self.nv_flat_indices(h) {
                    p.ty = flat;
                }
                // Built-ins keep their exact types (`FrontFacing` is a bool); other stage
                // variables store `bool` as `uint`.
                p.external = !matches!(g.stage_binding, Some(ir::StageBinding::BuiltIn(_)))
                    && !g.has_inline_builtin();
                (class, p)
            }
            // A shader record is laid out and accessed as a push-constant block is; only the
            // class differs.
            ir::GlobalKind::PushConstant | ir::GlobalKind::ShaderRecord => {
                let class = if g.kind == ir::GlobalKind::ShaderRecord {
                    self.require_ray_tracing("a `[[vk::shader_record_ext]]` buffer")
                        .map_err(ctx)?;
                    StorageClass::ShaderRecordBufferKHR
                } else {
                    StorageClass::PushConstant
                };
                let mut p = Pointee::plain(g.ty.clone());
                p.layout = g.layout.as_ref().map(|l| l.layout.clone());
                p.external = true;
                p.block = Some(BlockKind::PushConstant {
                    wrapped: !matches!(g.ty, Type::Struct(_)),
                });
                (class, p)
            }
            // An opaque inline SPIR-V type bound as a resource
            // (`[[vk::ext_storage_class(0)]]`): the type itself in `UniformConstant`.
            ir::GlobalKind::Resource if resource_of(&g.ty).is_none() => {
                (StorageClass::UniformConstant, Pointee::plain(g.ty.clone()))
            }
            ir::GlobalKind::Resource => {
                let r = resource_of(&g.ty).ok_or_else(|| {
                    ctx(SpirvError::invalid(
                        "a resource global without a resource type",
                    ))
                })?;
                // `$Globals` moved by `[[vk::ext_storage_class(12)]]` or `(9)` keeps its
                // constant buffer's type in the class of its space.
                let class = match g.space {
                    AddressSpace::Uniform => StorageClass::Uniform,
                    AddressSpace::StorageBuffer => self.storage_buffer_class(),
                    AddressSpace::PushConstant => StorageClass::PushConstant,
                    _ => StorageClass::UniformConstant,
                };
                let mut p = Pointee::plain(g.ty.clone());
                p.layout = g.layout.as_ref().map(|l| l.layout.clone());
                p.external = true;
                p.block = match block_kind(r) {
                    Some(BlockKind::Constant { wrapped })
                        if g.space == AddressSpace::StorageBuffer =>
                    {
                        Some(BlockKind::ConstantInStorage { wrapped })
                    }
                    kind => kind,
                };
                p.format = g.image_format;
                p.atomic_image = self.atomic_images.contains(&h.index());
                if self.opts.flatten_resource_arrays {
                    if let Some((dims, element)) = crate::flatten::resource_array_dims(&g.ty) {
                        return self
                            .lower_flat_resource_array(h, class, p, dims, element)
                            .map_err(ctx);
                    }
                }
                (class, p)
            }
        };
        let ty = match &pointee.block {
            Some(kind @ BlockKind::PushConstant { .. }) => {
                let name = if g.kind == ir::GlobalKind::ShaderRecord {
                    format!("type.ShaderRecordBufferKHR.{}", g.ty)
                } else {
                    format!("type.PushConstant.{}", g.ty)
                };
                self.block_type(&g.ty, pointee.layout.as_ref(), *kind, &name)
                    .map_err(ctx)?
            }
            _ => self.pointee_type(&pointee).map_err(ctx)?,
        };
        if class == StorageClass::StorageBuffer && !self.at_least(1, 3) {
            self.extension("SPV_KHR_storage_buffer_storage_class");
        }
        self.require_16bit_storage(&g.ty, class);
        let ptr_ty = self.pointer_type(class, ty);
        let mut ops = vec![Operand::StorageClass(class)];
        if let Some(init) = g.init {
            let c = self.ir_const(init).map_err(ctx)?;
            ops.push(Operand::IdRef(c));
        }
        let id = self.global_inst(Op::Variable, Some(ptr_ty), ops);
        let g = &self.m.globals[h];
        if matches!(
            g.kind,
            ir::GlobalKind::Private | ir::GlobalKind::Groupshared
        ) {
            let (ty, aliased) = (g.ty.clone(), g.aliased_pointer);
            self.buffer_pointer_variable(id, &ty, aliased);
        }
        let name = g.name.clone();
        self.name(id, &name);
        // A texture or typed buffer of minimum-precision texels is `RelaxedPrecision` too, as
        // DXC's `isRelaxedPrecisionType` takes a resource's result type.
        let relaxed = match g.kind {
            ir::GlobalKind::Resource => resource_of(&g.ty).is_some_and(|r| match r {
                ResourceType::Texture { sample, .. } => crate::functions::is_relaxed(sample),
                ResourceType::TypedBuffer { element, .. } => crate::functions::is_relaxed(element),
                _ => false,
            }),
            ir::GlobalKind::PushConstant | ir::GlobalKind::ShaderRecord => false,
            _ => crate::functions::is_relaxed(&g.ty),
        };
        if relaxed {
            self.decorate(id, Decoration::RelaxedPrecision, &[]);
        }
        let g = &self.m.globals[h];
        // Under the Vulkan memory model the accesses say it instead (`vulkan_memory`).
        if g.globally_coherent && !self.opts.vulkan_memory_model {
            self.decorate(id, Decoration::Coherent, &[]);
        }
        // A push-constant block has no descriptor (`$Globals` moved there).
        if g.kind == ir::GlobalKind::Resource && class != StorageClass::PushConstant {
            self.decorate(
                id,
                Decoration::DescriptorSet,
                &[Operand::LiteralBit32(g.set.unwrap_or(0))],
            );
            self.decorate(
                id,
                Decoration::Binding,
                &[Operand::LiteralBit32(g.binding.unwrap_or(0))],
            );
            if let Some(n) = g.input_attachment {
                self.decorate(
                    id,
                    Decoration::InputAttachmentIndex,
                    &[Operand::LiteralBit32(n)],
                );
            }
        }
        if matches!(g.kind, ir::GlobalKind::Input | ir::GlobalKind::Output) {
            self.stage_decorations(h, id).map_err(ctx)?;
        }
        self.inline_decorations(h, id).map_err(ctx)?;
        self.global_info[h.index()] = Some(GlobalInfo { id, class, pointee });
        Ok(())
    }

    /// A private texture or sampler, a `static` no code assigns: no variable (Vulkan keeps
    /// images and samplers in `UniformConstant` only) but an `OpUndef` of its type, which
    /// every load of it is (`load_handle`), as DXC's legalization turns the loads of such a
    /// never-stored private variable into `OpUndef`. A private buffer (a struct member no
    /// code assigns) is an `OpUndef` of the buffer's pointer type in its storage class, which
    /// access chains and atomics then index, as DXC's legalization leaves the loads of a
    /// never-stored variable holding a buffer pointer (and of its counter's).
    fn lower_undefined_resource(&mut self, h: ir::Global) -> Result<()> {
        let g = &self.m.globals[h];
        let name = g.name.clone();
        let block = resource_of(&g.ty).and_then(block_kind);
        let (ty, class, pointee) = match (block, resource_of(&g.ty)) {
            (Some(kind), Some(r)) => {
                let class = match r.address_space() {
                    AddressSpace::Uniform => StorageClass::Uniform,
                    _ => self.storage_buffer_class(),
                };
                let mut p = Pointee::plain(g.ty.clone());
                p.layout = g.layout.as_ref().map(|l| l.layout.clone());
                p.external = true;
                p.block = Some(kind);
                let gty = g.ty.clone();
                let pointee_ty = self.pointee_type(&p)?;
                if class == StorageClass::StorageBuffer && !self.at_least(1, 3) {
                    self.extension("SPV_KHR_storage_buffer_storage_class");
                }
                self.require_16bit_storage(&gty, class);
                (self.pointer_type(class, pointee_ty), class, p)
            }
            _ => {
                let p = Pointee::plain(g.ty.clone());
                (self.pointee_type(&p)?, StorageClass::Private, p)
            }
        };
        let id = self.global_inst(Op::Undef, Some(ty), vec![]);
        self.name(id, &name);
        self.global_info[h.index()] = Some(GlobalInfo { id, class, pointee });
        Ok(())
    }

    /// 16-bit types in buffers and stage variables need their storage capabilities.
    pub(crate) fn require_16bit_storage(&mut self, ty: &Type, class: StorageClass) {
        fn has16(ty: &Type) -> bool {
            match ty {
                Type::Scalar(k) | Type::Vector(k, _) | Type::Matrix { scalar: k, .. } => {
                    k.bit_width() == 16
                }
                Type::Array { element, .. } => has16(element),
                Type::Struct(s) => s.fields.iter().any(|f| has16(&f.ty)),
                Type::Resource(r) => r.element().is_some_and(has16),
                // Lowering erases enums; one would be stored as its underlying scalar.
                Type::Enum(e) => e.underlying.bit_width() == 16,
                // An inline SPIR-V type's capabilities are the user's to declare.
                Type::Pointer { .. }
                | Type::BufferPointer { .. }
                | Type::StructRef(_)
                | Type::Spirv(_)
                | Type::Void => false,
            }
        }
        if !has16(ty) {
            return;
        }
        // Below SPIR-V 1.3 a storage buffer is a `BufferBlock` in the `Uniform` class, which
        // `StorageBuffer16BitAccess` (once named `StorageUniformBufferBlock16`) covers, as
        // DXC declares it; only a uniform block needs the uniform-buffer capability.
        let storage_block =
            resource_of(ty).is_some_and(|r| r.address_space() != AddressSpace::Uniform);
        let cap = match class {
            StorageClass::StorageBuffer | StorageClass::PhysicalStorageBuffer => {
                Capability::StorageBuffer16BitAccess
            }
            StorageClass::Uniform if storage_block => Capability::StorageBuffer16BitAccess,
            StorageClass::Uniform => Capability::UniformAndStorageBuffer16BitAccess,
            StorageClass::PushConstant => Capability::StoragePushConstant16,
            StorageClass::Input | StorageClass::Output => Capability::StorageInputOutput16,
            _ => return,
        };
        self.capability(cap);
        if !self.at_least(1, 3) {
            self.extension("SPV_KHR_16bit_storage");
        }
    }

    /// The stages of the entry points that list global `h`.
    pub fn stages_of(&self, h: ir::Global) -> Vec<ir::Stage> {
        self.m
            .entry_points
            .iter()
            .filter(|e| e.inputs.contains(&h) || e.outputs.contains(&h))
            .map(|e| e.stage)
            .collect()
    }

    fn stage_decorations(&mut self, h: ir::Global, id: Word) -> Result<()> {
        let g = &self.m.globals[h];
        let input = g.kind == ir::GlobalKind::Input;
        let stages = self.stages_of(h);
        match g.stage_binding {
            Some(ir::StageBinding::Location(n)) => {
                self.decorate(id, Decoration::Location, &[Operand::LiteralBit32(n)]);
                if let Some(c) = g.component {
                    self.decorate(id, Decoration::Component, &[Operand::LiteralBit32(c)]);
                }
            }
            Some(ir::StageBinding::BuiltIn(b)) => {
                let sb = self.builtin(b, input, &stages)?;
                self.decorate(id, Decoration::BuiltIn, &[Operand::BuiltIn(sb)]);
            }
            None => {}
        }
        let g = &self.m.globals[h];
        if g.patch {
            self.decorate(id, Decoration::Patch, &[]);
        }
        if g.per_primitive {
            // A mesh shader's own outputs get the message about the stage. Where NV mesh
            // shading is chosen, a pixel input is `PerPrimitiveNV` with the NV capability,
            // as DXC's capability pass picks it for its one `PerPrimitiveNV` decoration.
            if !self.at_least(1, 4) && !self.mesh_nv() && !stages.contains(&ir::Stage::Mesh) {
                return Err(SpirvError::needs_target(format!(
                    "the per-primitive stage variable \"{}\" (SPV_EXT_mesh_shader) needs \
                     SPIR-V 1.4: vulkan1.2 or later",
                    g.name
                )));
            }
            self.mesh_shading();
            self.decorate(id, Decoration::PerPrimitiveEXT, &[]);
        }
        if let Some(s) = g.stream {
            self.capability(Capability::GeometryStreams);
            self.decorate(id, Decoration::Stream, &[Operand::LiteralBit32(s)]);
        }
        if g.per_vertex {
            self.capability(Capability::FragmentBarycentricKHR);
            self.extension("SPV_KHR_fragment_shader_barycentric");
            self.decorate(id, Decoration::PerVertexKHR, &[]);
        }
        let g = &self.m.globals[h];
        // Integer and double fragment inputs are made `Flat` where the entry point is
        // declared (`entry.rs`), which knows the execution model.
        let mut flat = false;
        for i in g.interpolation.clone() {
            match i {
                Interpolation::Linear => {}
                Interpolation::Centroid => self.decorate(id, Decoration::Centroid, &[]),
                Interpolation::NoInterpolation => flat = true,
                Interpolation::NoPerspective => self.decorate(id, Decoration::NoPerspective, &[]),
                Interpolation::Sample => {
                    self.capability(Capability::SampleRateShading);
                    self.decorate(id, Decoration::Sample, &[]);
                }
            }
        }
        if flat {
            self.decorate_flat(id);
        }
        Ok(())
    }

    /// The SPIR-V built-in for an IR built-in, with the capabilities it needs.
    pub fn builtin(
        &mut self,
        b: ir::BuiltIn,
        input: bool,
        stages: &[ir::Stage],
    ) -> Result<spirv::BuiltIn> {
        use ir::BuiltIn as I;
        use spirv::BuiltIn as B;
        let pre13_ext = |cx: &mut Ctx<'_>, e: &'static str| {
            if !cx.at_least(1, 3) {
                cx.extension(e);
            }
        };
        let fragment = stages.contains(&ir::Stage::Pixel);
        if let Some(nv) = self.nv_builtin(b)? {
            return Ok(nv);
        }
        Ok(match b {
            I::Position => B::Position,
            I::FragCoord => B::FragCoord,
            I::PointSize => B::PointSize,
            I::ClipDistance => {
                self.capability(Capability::ClipDistance);
                B::ClipDistance
            }
            I::CullDistance => {
                self.capability(Capability::CullDistance);
                B::CullDistance
            }
            I::VertexIndex => B::VertexIndex,
            I::InstanceIndex => B::InstanceIndex,
            I::BaseVertex | I::BaseInstance | I::DrawIndex => {
                self.capability(Capability::DrawParameters);
                pre13_ext(self, "SPV_KHR_shader_draw_parameters");
                match b {
                    I::BaseVertex => B::BaseVertex,
                    I::BaseInstance => B::BaseInstance,
                    _ => B::DrawIndex,
                }
            }
            I::DeviceIndex => {
                self.capability(Capability::DeviceGroup);
                pre13_ext(self, "SPV_KHR_device_group");
                B::DeviceIndex
            }
            I::FrontFacing => B::FrontFacing,
            I::FragDepth => B::FragDepth,
            I::SampleId | I::SamplePosition => {
                self.capability(Capability::SampleRateShading);
                if b == I::SampleId {
                    B::SampleId
                } else {
                    B::SamplePosition
                }
            }
            I::SampleMask => B::SampleMask,
            I::HelperInvocation => B::HelperInvocation,
            I::PrimitiveId => {
                if fragment {
                    self.capability(Capability::Geometry);
                }
                B::PrimitiveId
            }
            I::InvocationId => B::InvocationId,
            I::Layer | I::ViewportIndex => {
                let geometry = stages.contains(&ir::Stage::Geometry);
                if (input && fragment) || geometry {
                    // Fragment and geometry shaders: `Layer` comes with `Geometry`,
                    // `ViewportIndex` needs `MultiViewport`.
                    self.capability(if b == I::Layer {
                        Capability::Geometry
                    } else {
                        Capability::MultiViewport
                    });
                } else if stages.contains(&ir::Stage::Mesh) {
                    self.mesh_shading();
                } else {
                    if self.at_least(1, 5) {
                        self.capability(if b == I::Layer {
                            Capability::ShaderLayer
                        } else {
                            Capability::ShaderViewportIndex
                        });
                    } else {
                        self.capability(Capability::ShaderViewportIndexLayerEXT);
                        self.extension("SPV_EXT_shader_viewport_index_layer");
                    }
                }
                if b == I::Layer {
                    B::Layer
                } else {
                    B::ViewportIndex
                }
            }
            I::ViewIndex => {
                self.capability(Capability::MultiView);
                pre13_ext(self, "SPV_KHR_multiview");
                B::ViewIndex
            }
            I::TessLevelOuter => B::TessLevelOuter,
            I::TessLevelInner => B::TessLevelInner,
            I::TessCoord => B::TessCoord,
            I::PatchVertices => B::PatchVertices,
            I::GlobalInvocationId => B::GlobalInvocationId,
            I::LocalInvocationId => B::LocalInvocationId,
            I::LocalInvocationIndex => B::LocalInvocationIndex,
            I::WorkgroupId => B::WorkgroupId,
            I::NumWorkgroups => B::NumWorkgroups,
            I::SubgroupSize | I::SubgroupLocalInvocationId => {
                if !self.at_least(1, 3) {
                    return Err(SpirvError::needs_target(format!(
                        "built-in {} needs vulkan1.1 or later",
                        b.name()
                    )));
                }
                self.capability(Capability::GroupNonUniform);
                if b == I::SubgroupSize {
                    B::SubgroupSize
                } else {
                    B::SubgroupLocalInvocationId
                }
            }
            I::FragStencilRef => {
                self.capability(Capability::StencilExportEXT);
                self.extension("SPV_EXT_shader_stencil_export");
                B::FragStencilRefEXT
            }
            I::Barycentric | I::BarycentricNoPerspective => {
                self.capability(Capability::FragmentBarycentricKHR);
                self.extension("SPV_KHR_fragment_shader_barycentric");
                if b == I::Barycentric {
                    B::BaryCoordKHR
                } else {
                    B::BaryCoordNoPerspKHR
                }
            }
            I::FullyCovered => {
                self.capability(Capability::FragmentFullyCoveredEXT);
                self.extension("SPV_EXT_fragment_fully_covered");
                B::FullyCoveredEXT
            }
            I::ShadingRate | I::PrimitiveShadingRate => {
                self.capability(Capability::FragmentShadingRateKHR);
                self.extension("SPV_KHR_fragment_shading_rate");
                if b == I::ShadingRate {
                    B::ShadingRateKHR
                } else {
                    B::PrimitiveShadingRateKHR
                }
            }
            I::CullPrimitive => {
                self.mesh_shading();
                B::CullPrimitiveEXT
            }
            I::PrimitivePointIndices => {
                self.mesh_shading();
                B::PrimitivePointIndicesEXT
            }
            I::PrimitiveLineIndices => {
                self.mesh_shading();
                B::PrimitiveLineIndicesEXT
            }
            I::PrimitiveTriangleIndices => {
                self.mesh_shading();
                B::PrimitiveTriangleIndicesEXT
            }
            // `MeshShadingNV` enables it; elsewhere it is `SPV_NV_viewport_array2`'s.
            I::ViewportMask if stages.contains(&ir::Stage::Mesh) && self.mesh_nv() => {
                self.mesh_shading();
                B::ViewportMaskNV
            }
            I::ViewportMask => {
                self.capability(Capability::ShaderViewportMaskNV);
                self.extension("SPV_NV_viewport_array2");
                B::ViewportMaskNV
            }
        })
    }

    /// Decorates a stage variable `Flat` once.
    pub fn decorate_flat(&mut self, id: Word) {
        if self.flat_ids.insert(id) {
            self.decorate(id, Decoration::Flat, &[]);
        }
    }

    /// A built-in input the backend adds itself (wave lane index and count), made once.
    pub fn builtin_input(&mut self, b: spirv::BuiltIn, ty: Word) -> Word {
        if let Some(&id) = self.builtin_vars.get(&(b as u32)) {
            return id;
        }
        let ptr = self.pointer_type(StorageClass::Input, ty);
        let id = self.global_inst(
            Op::Variable,
            Some(ptr),
            vec![Operand::StorageClass(StorageClass::Input)],
        );
        self.decorate(id, Decoration::BuiltIn, &[Operand::BuiltIn(b)]);
        self.name(id, &format!("var.{b:?}"));
        self.builtin_vars.insert(b as u32, id);
        id
    }
}

/// The scalar kind of a scalar, vector or array of them.
pub(crate) fn leaf_scalar(ty: &Type) -> Option<types::ScalarKind> {
    match ty {
        Type::Array { element, .. } => leaf_scalar(element),
        t => t.scalar_kind(),
    }
}
