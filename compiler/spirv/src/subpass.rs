//! `SubpassInput::SubpassLoad`: the texel of an input attachment at the pixel being shaded,
//! `OpImageRead` of the `SubpassData` image at coordinate (0, 0) (the coordinate is relative
//! to the fragment, as the SPIR-V specification defines for subpass data), with the `Sample`
//! operand for a multisampled input, narrowed to the element type. The image type, the
//! `InputAttachmentIndex` decoration and the `InputAttachment` capability come from
//! `resources`.

use rspirv::dr::Operand;
use rspirv::spirv::{ImageOperands, Op, Word};

use crate::functions::Fx;
use crate::types::Scalar;
use crate::{Result, SpirvError};

impl Fx<'_, '_> {
    pub(crate) fn lower_subpass_load(&mut self, d: &ir::InstData) -> Result<Word> {
        let Some((&input, rest)) = d.operands.split_first() else {
            return Err(SpirvError::invalid("SubpassLoad without its subpass input"));
        };
        let image = self.load_handle(input)?;
        let shape = image
            .shape
            .ok_or_else(|| SpirvError::invalid("SubpassLoad of a non-image"))?;
        let int = Scalar::Int {
            width: 32,
            signed: true,
        };
        let zero = self.cx.const_splat(int, 2, 0);
        let v4 = self.cx.vector_type(shape.scalar, 4);
        let mut operands = vec![Operand::IdRef(image.id), Operand::IdRef(zero)];
        match (shape.ms, rest) {
            (true, &[sample]) => {
                let s = self.value(sample)?;
                operands.push(Operand::ImageOperands(ImageOperands::SAMPLE));
                operands.push(Operand::IdRef(s));
            }
            (false, []) => {}
            _ => {
                return Err(SpirvError::invalid(
                    "SubpassLoad takes a sample index exactly when the input is multisampled",
                ))
            }
        }
        let texel = self.op(Op::ImageRead, v4, operands);
        self.narrow_texel(texel, &d.ty)
    }
}
