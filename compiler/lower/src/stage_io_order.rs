//! `-fvk-stage-io-order=alpha`: the locations of an entry point's stage inputs, and apart
//! its outputs, follow the alphabetical order of their semantics instead of their
//! declaration order (DXC's `docs/SPIR-V.rst`, "Vulkan stage input/output interface
//! matching": sort the semantic strings, then assign `Location` numbers sequentially).
//! `SV_Target<N>` keeps location N and `[[vk::location]]` its own number: neither is an
//! automatic location.
//!
//! The stage declarations (`graphics`, `stages/vars`) give locations in declaration order
//! and record each automatic one here ([`ModuleCtx::record_auto_location`]); once the
//! entry is lowered, [`reorder`] renumbers them when the options ask for alphabetical
//! order, and forgets them either way (a library lowers several entries into one module).

use ir::{Global, StageBinding};

use crate::context::ModuleCtx;
use crate::options::StageIoOrder;
use crate::stages::vars::Side;

/// A stage variable given the next free location of its side.
#[derive(Debug, Clone)]
pub struct AutoLocation {
    pub global: Global,
    pub side: Side,
    pub semantic: String,
    /// How many locations it takes (`stages::vars::location_count`).
    pub count: u32,
}

impl ModuleCtx<'_> {
    /// Records that `global` took an automatic location.
    pub(crate) fn record_auto_location(
        &mut self,
        global: Global,
        side: Side,
        semantic: &str,
        count: u32,
    ) {
        self.auto_locations.push(AutoLocation {
            global,
            side,
            semantic: semantic.to_owned(),
            count,
        });
    }
}

/// Renumbers the automatic locations of the entry just lowered under
/// `-fvk-stage-io-order=alpha`: each side from 0, in the order of the semantic strings
/// (byte order, as DXC compares them; ties keep declaration order).
pub(crate) fn reorder(cx: &mut ModuleCtx<'_>) {
    let mut recorded = std::mem::take(&mut cx.auto_locations);
    if cx.options.stage_io_order != StageIoOrder::Alphabetical {
        return;
    }
    recorded.sort_by(|a, b| a.semantic.cmp(&b.semantic));
    for side in [Side::Input, Side::Output] {
        let mut next = 0;
        for v in recorded.iter().filter(|v| v.side == side) {
            cx.mb.module_mut().globals[v.global].stage_binding = Some(StageBinding::Location(next));
            next += v.count;
        }
    }
}
