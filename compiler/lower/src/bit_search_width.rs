//! `firstbithigh` and `firstbitlow` on 16- and 64-bit integers, which DXC's SPIR-V path
//! refuses ("firstbitlow is currently limited to 32-bit width components when targeting
//! SPIR-V", DXC PR 6607; still so in 2026, DXC issue 8536, where its maintainers leave the
//! emulation to the user) while its DXIL path accepts them: the `GLSL.std.450` instructions
//! (`FindUMsb`, `FindSMsb`, `FindILsb`) take 32-bit components only. hlslc lowers them (the
//! backend's `bits_wide` widens a 16-bit value and scans a 64-bit one word by word), and warns
//! W2117 at the call that DXC would refuse the shader for SPIR-V (`-WX` makes it the error).
//! Called by [`crate::call`] before an intrinsic's arguments are lowered.

use hir::body::ExprId;

use crate::context::R;
use crate::func::FnLower;

/// The code of the warning about `firstbithigh`/`firstbitlow` on an integer that is not 32
/// bits wide.
pub const BIT_SEARCH_WIDTH: &str = "W2117";

impl FnLower<'_, '_> {
    /// W2117 when `name` is `firstbithigh` or `firstbitlow` and the argument's integer
    /// components (as overload resolution converts it) are not 32 bits wide; once per call,
    /// however many copies of the function lower it.
    pub(crate) fn warn_bit_search_width(
        &mut self,
        call: ExprId,
        name: &str,
        args: &[ExprId],
    ) -> R<()> {
        if !matches!(name, "firstbithigh" | "firstbitlow") || args.len() != 1 {
            return Ok(());
        }
        let param = self
            .intrinsic_in_params(name, args)
            .into_iter()
            .next()
            .flatten();
        let ty = match param {
            Some(t) => t,
            None => self.ty(args[0])?,
        };
        let Some(kind) = ty.scalar_kind() else {
            return Ok(());
        };
        let bits = kind.bit_width();
        if bits == 32 || bits == 1 {
            return Ok(());
        }
        let range = self.expr_range(call);
        let (file, range) = hir::user_range(self.cx.db, self.cx.file, self.cx.config, range);
        let d = syntax::Diagnostic::warning(
            BIT_SEARCH_WIDTH,
            format!(
                "{name} of {bits}-bit components: DXC refuses it when targeting SPIR-V \
                 (\"{name} is currently limited to 32-bit width components\"); hlslc \
                 computes it on 32-bit words"
            ),
            file,
            range,
        );
        if !self.cx.warnings.contains(&d) {
            self.cx.warnings.push(d);
        }
        Ok(())
    }
}
