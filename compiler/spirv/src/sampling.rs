//! Image reads: sampling (implicit, bias, level, gradient, comparison, comparison at a
//! level), gathers, LOD queries, fetches and storage-image reads, with the image operands
//! DXC emits: `Bias`/`Lod`/`Grad`, `ConstOffset`, `Offset` (run-time gather offsets) and
//! `ConstOffsets` (four gather offsets; both need `ImageGatherExtended`), `Sample` and
//! `MinLod` (capability `MinLod`). An instruction with a status operand (`ir::texture`)
//! becomes the `OpImageSparse*` form (capability `SparseResidency`): its residency-code
//! struct is split, the code stored through the status pointer, the texel returned.

use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Dim, ImageOperands, Op, Word};
use types::Type;

use crate::functions::Fx;
use crate::resources::ImageShape;
use crate::types::Scalar;
use crate::{Result, SpirvError};

/// Image operands under construction: the mask and the ids in bit order.
struct ImageArgs {
    mask: ImageOperands,
    ids: Vec<(ImageOperands, Word)>,
}

impl Default for ImageArgs {
    fn default() -> ImageArgs {
        ImageArgs {
            mask: ImageOperands::NONE,
            ids: Vec::new(),
        }
    }
}

impl ImageArgs {
    fn push(&mut self, bit: ImageOperands, id: Word) {
        self.mask |= bit;
        self.ids.push((bit, id));
    }

    /// The operands after the instruction's fixed ones: the mask, then the ids ordered by
    /// their bit (as SPIR-V requires); nothing when the mask is empty.
    fn operands(mut self) -> Vec<Operand> {
        if self.mask.is_empty() {
            return Vec::new();
        }
        self.ids.sort_by_key(|(bit, _)| bit.bits());
        let mut ops = vec![Operand::ImageOperands(self.mask)];
        ops.extend(self.ids.into_iter().map(|(_, id)| Operand::IdRef(id)));
        ops
    }
}

/// The sparse-residency form of an image instruction.
fn sparse(op: Op) -> Op {
    match op {
        Op::ImageSampleImplicitLod => Op::ImageSparseSampleImplicitLod,
        Op::ImageSampleExplicitLod => Op::ImageSparseSampleExplicitLod,
        Op::ImageSampleDrefImplicitLod => Op::ImageSparseSampleDrefImplicitLod,
        Op::ImageSampleDrefExplicitLod => Op::ImageSparseSampleDrefExplicitLod,
        Op::ImageGather => Op::ImageSparseGather,
        Op::ImageDrefGather => Op::ImageSparseDrefGather,
        Op::ImageFetch => Op::ImageSparseFetch,
        other => {
            debug_assert_eq!(other, Op::ImageRead);
            Op::ImageSparseRead
        }
    }
}

impl Fx<'_, '_> {
    /// The constant texel offset of `literals` as an `int`/`intN` constant.
    pub(crate) fn offset_const(&mut self, literals: &[i64]) -> Option<Word> {
        if literals.is_empty() {
            return None;
        }
        let int = Scalar::Int {
            width: 32,
            signed: true,
        };
        let parts: Vec<Word> = literals
            .iter()
            .map(|&l| self.cx.const_number(int, l))
            .collect();
        if parts.len() == 1 {
            return Some(parts[0]);
        }
        let ty = self.cx.vector_type(int, parts.len() as u32);
        Some(self.cx.const_composite(ty, &parts))
    }

    /// Four 2D offsets (eight literals) as the `int2[4]` constant `ConstOffsets` takes.
    fn offsets_const(&mut self, literals: &[i64]) -> Word {
        let int2: Vec<Word> = literals
            .chunks(2)
            .map(|xy| self.offset_const(xy).unwrap_or_default())
            .collect();
        let int = Scalar::Int {
            width: 32,
            signed: true,
        };
        let v2 = self.cx.vector_type(int, 2);
        let arr = self.cx.array_type(v2, Some(4), None);
        self.cx.const_composite(arr, &int2)
    }

    /// Adds the offset immediates: one offset (`ConstOffset`) or four (`ConstOffsets`).
    fn push_const_offsets(&mut self, args: &mut ImageArgs, literals: &[i64], gather: bool) {
        if literals.len() == 8 {
            self.cx.capability(Capability::ImageGatherExtended);
            let c = self.offsets_const(literals);
            args.push(ImageOperands::CONST_OFFSETS, c);
        } else if let Some(o) = self.offset_const(literals) {
            if gather {
                self.cx.capability(Capability::ImageGatherExtended);
            }
            args.push(ImageOperands::CONST_OFFSET, o);
        }
    }

    /// `op` yielding `result`, in its sparse form when `status` is given: the residency code
    /// goes through the status pointer and the texel is returned.
    fn image_read(
        &mut self,
        op: Op,
        result: Word,
        mut operands: Vec<Operand>,
        args: ImageArgs,
        status: Option<ir::Value>,
    ) -> Result<Word> {
        operands.extend(args.operands());
        let Some(status) = status else {
            return Ok(self.op(op, result, operands));
        };
        self.cx.capability(Capability::SparseResidency);
        let uint = self.cx.uint_type();
        let st = self.anon_struct(&[uint, result]);
        self.cx.name_type(st, "SparseResidencyStruct");
        let r = self.op(sparse(op), st, operands);
        let code = self.op(
            Op::CompositeExtract,
            uint,
            vec![Operand::IdRef(r), Operand::LiteralBit32(0)],
        );
        let p = self.value(status)?;
        self.op_void(Op::Store, Self::ids(&[p, code]));
        Ok(self.op(
            Op::CompositeExtract,
            result,
            vec![Operand::IdRef(r), Operand::LiteralBit32(1)],
        ))
    }

    /// The roles of `d`'s operands (`ir::texture`).
    fn texture_roles(&self, d: &ir::InstData) -> Result<ir::texture::TextureOperands> {
        let tys = d
            .operands
            .iter()
            .map(|&o| self.type_of(o))
            .collect::<Result<Vec<Type>>>()?;
        ir::texture::split(d.opcode, &tys).map_err(SpirvError::invalid)
    }

    /// Sampling, gathers and LOD queries.
    pub(crate) fn lower_sampling(&mut self, d: &ir::InstData) -> Result<Word> {
        use ir::Opcode as O;
        let op = d.opcode;
        if matches!(
            op,
            O::TextureSample
                | O::TextureSampleBias
                | O::TextureSampleCompare
                | O::TextureSampleCompareBias
                | O::TextureQueryLod
        ) {
            self.require_derivatives("implicit-LOD sampling")?;
        }
        let roles = self.texture_roles(d)?;
        let ops = &d.operands;
        let (shape, si) = self.load_sampled_image(ops[0], ops[1])?;
        let coord = self.value(ops[2])?;
        let extra = self.values(&ops[3..roles.fixed])?;
        if op == O::TextureQueryLod {
            self.cx.capability(Capability::ImageQuery);
            let rt = self.cx.plain_type(&d.ty)?;
            return Ok(self.op(Op::ImageQueryLod, rt, Self::ids(&[si, coord])));
        }
        let (component, offset_lits) = match (op, d.literals.split_first()) {
            (O::TextureGather, Some((c, rest))) => (*c, rest),
            _ => (0, &d.literals[..]),
        };
        let gather = matches!(op, O::TextureGather | O::TextureGatherCompare);
        let mut args = ImageArgs::default();
        match op {
            O::TextureSampleBias => args.push(ImageOperands::BIAS, extra[0]),
            O::TextureSampleLevel => args.push(ImageOperands::LOD, extra[0]),
            O::TextureSampleCompareLevel => args.push(ImageOperands::LOD, extra[1]),
            O::TextureSampleCompareBias => args.push(ImageOperands::BIAS, extra[1]),
            O::TextureSampleCompareGrad => {
                args.push(ImageOperands::GRAD, extra[1]);
                args.ids.push((ImageOperands::GRAD, extra[2]));
            }
            O::TextureSampleCompareLevelZero => {
                let zero = self.cx.const_float(0.0);
                args.push(ImageOperands::LOD, zero);
            }
            O::TextureSampleGrad => {
                args.push(ImageOperands::GRAD, extra[0]);
                args.ids.push((ImageOperands::GRAD, extra[1]));
            }
            _ => {}
        }
        self.push_const_offsets(&mut args, offset_lits, gather);
        if let Some(o) = roles.offset {
            // Vulkan allows `Offset` on gathers only; lowering keeps it there.
            self.cx.capability(Capability::ImageGatherExtended);
            let o = self.value(ops[o])?;
            args.push(ImageOperands::OFFSET, o);
        }
        if let Some(c) = roles.min_lod {
            self.cx.capability(Capability::MinLod);
            let c = self.value(ops[c])?;
            args.push(ImageOperands::MIN_LOD, c);
        }
        let status = roles.status.map(|s| ops[s]);
        let v4 = self.cx.vector_type(shape.scalar, 4);
        let scalar = self.cx.scalar_type(shape.scalar);
        let (spv, result, fixed) = match op {
            O::TextureSample | O::TextureSampleBias => {
                (Op::ImageSampleImplicitLod, v4, vec![si, coord])
            }
            O::TextureSampleLevel | O::TextureSampleGrad => {
                (Op::ImageSampleExplicitLod, v4, vec![si, coord])
            }
            O::TextureSampleCompare | O::TextureSampleCompareBias => (
                Op::ImageSampleDrefImplicitLod,
                scalar,
                vec![si, coord, extra[0]],
            ),
            O::TextureSampleCompareLevelZero
            | O::TextureSampleCompareLevel
            | O::TextureSampleCompareGrad => (
                Op::ImageSampleDrefExplicitLod,
                scalar,
                vec![si, coord, extra[0]],
            ),
            O::TextureGather => {
                let c = self.cx.const_int(component as i32);
                (Op::ImageGather, v4, vec![si, coord, c])
            }
            O::TextureGatherCompare => (Op::ImageDrefGather, v4, vec![si, coord, extra[0]]),
            other => {
                return Err(SpirvError::invalid(format!(
                    "{} is not a sampling opcode",
                    other.name()
                )))
            }
        };
        let r = self.image_read(spv, result, Self::ids(&fixed), args, status)?;
        if result == scalar {
            Ok(r)
        } else {
            self.narrow_texel(r, &d.ty)
        }
    }

    /// `TextureLoad`: `OpImageFetch` of sampled images and texel buffers (with a level, a
    /// sample index or a constant offset), `OpImageRead` of storage images.
    pub(crate) fn lower_texture_load(&mut self, d: &ir::InstData) -> Result<Word> {
        let roles = self.texture_roles(d)?;
        let ops = &d.operands;
        let image = self.load_handle(ops[0])?;
        let shape: ImageShape = image
            .shape
            .ok_or_else(|| SpirvError::invalid("loading from a non-image"))?;
        let coord = self.value(ops[1])?;
        let extra = match ops[..roles.fixed].get(2) {
            Some(&v) => Some(self.value(v)?),
            None => None,
        };
        let status = roles.status.map(|s| ops[s]);
        let mut args = ImageArgs::default();
        let v4 = self.cx.vector_type(shape.scalar, 4);
        let spv = if shape.sampled == 1 {
            if !shape.ms && shape.dim != Dim::DimBuffer {
                let lod = match extra {
                    Some(l) => l,
                    None => self.cx.const_int(0),
                };
                args.push(ImageOperands::LOD, lod);
            }
            self.push_const_offsets(&mut args, &d.literals, false);
            Op::ImageFetch
        } else {
            if shape.format == rspirv::spirv::ImageFormat::Unknown {
                self.cx
                    .capability(Capability::StorageImageReadWithoutFormat);
            }
            Op::ImageRead
        };
        if shape.ms {
            let s = match extra {
                Some(s) => s,
                None => self.cx.const_int(0),
            };
            args.push(ImageOperands::SAMPLE, s);
        }
        let r = self.image_read(spv, v4, Self::ids(&[image.id, coord]), args, status)?;
        self.narrow_texel(r, &d.ty)
    }
}
