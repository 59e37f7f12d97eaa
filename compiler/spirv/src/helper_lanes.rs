//! `[WaveOpsIncludeHelperLanes]` of a pixel shader (SM 6.7: helper lanes take part in wave
//! operations), as DXC writes it: the execution modes `MaximallyReconvergesKHR`
//! (`SPV_KHR_maximal_reconvergence`) and `RequireFullQuadsKHR` (`SPV_KHR_quad_control`, with
//! its `QuadControlKHR` capability). Both are newer than rspirv's grammar, so they are
//! written by number; `raw_words` sets such modes aside for the disassembler. Called by
//! `entry` for each entry point.

use crate::context::Ctx;

/// `MaximallyReconvergesKHR` (`SPV_KHR_maximal_reconvergence`).
pub(crate) const MAXIMALLY_RECONVERGES: u32 = 6023;
/// `RequireFullQuadsKHR` (`SPV_KHR_quad_control`).
pub(crate) const REQUIRE_FULL_QUADS: u32 = 5089;
/// The `QuadControlKHR` capability.
const QUAD_CONTROL: u32 = 5087;

impl Ctx<'_> {
    /// The execution modes, by number, that `e`'s `[WaveOpsIncludeHelperLanes]` asks for,
    /// with the capability and extensions they need (none without the attribute).
    pub(crate) fn helper_lane_modes(&mut self, e: &ir::EntryPoint) -> Vec<u32> {
        if !e
            .modes
            .contains(&ir::ExecutionMode::WaveOpsIncludeHelperLanes)
        {
            return Vec::new();
        }
        self.caps.insert(QUAD_CONTROL);
        self.extension("SPV_KHR_maximal_reconvergence");
        self.extension("SPV_KHR_quad_control");
        vec![MAXIMALLY_RECONVERGES, REQUIRE_FULL_QUADS]
    }
}
