//! Derivatives and implicit-LOD sampling outside pixel shaders: SM 6.6 gives them to compute
//! shaders, over quads of the thread group. DXC's SPIR-V maps this to
//! `SPV_NV_compute_shader_derivatives`: the `ComputeDerivativeGroupQuadsNV` capability and
//! execution mode when the group's x and y sizes are even, else the linear ones when the
//! group's size is a multiple of 4. Mesh and amplification shaders (which that extension
//! does not cover) and other stages keep the pixel-only error.

use rspirv::spirv::{Capability, ExecutionMode};

use crate::context::Ctx;
use crate::functions::Fx;
use crate::{Result, SpirvError};

impl Fx<'_, '_> {
    /// Fails unless every entry point reaching this function is a pixel or compute shader;
    /// a compute one then needs the derivative groups (`Ctx::derivative_group_mode`).
    pub fn require_derivatives(&mut self, what: &str) -> Result<()> {
        let compute = self.stages.contains(&ir::Stage::Compute);
        let others = self
            .stages
            .iter()
            .all(|s| matches!(s, ir::Stage::Pixel | ir::Stage::Compute));
        if compute && others {
            self.cx.compute_derivatives = true;
            self.cx.extension("SPV_NV_compute_shader_derivatives");
            return Ok(());
        }
        self.require_pixel(what)
    }
}

impl Ctx<'_> {
    /// The derivative group execution mode of a compute entry of group size `size` when the
    /// module uses derivatives in compute, with its capability.
    pub(crate) fn derivative_group_mode(
        &mut self,
        size: [u32; 3],
    ) -> Result<Option<ExecutionMode>> {
        if !self.compute_derivatives {
            return Ok(None);
        }
        let [x, y, z] = size;
        if x % 2 == 0 && y % 2 == 0 {
            self.capability(Capability::ComputeDerivativeGroupQuadsNV);
            Ok(Some(ExecutionMode::DerivativeGroupQuadsNV))
        } else if (x * y * z) % 4 == 0 {
            self.capability(Capability::ComputeDerivativeGroupLinearNV);
            Ok(Some(ExecutionMode::DerivativeGroupLinearNV))
        } else {
            Err(SpirvError::unsupported(format!(
                "derivatives in a compute shader of group size ({x}, {y}, {z}): they need even \
                 x and y sizes (quads) or a group size that is a multiple of 4"
            )))
        }
    }
}
