//! `-fvk-stage-io-order=alpha`: the locations of an entry point's stage inputs, and apart
//! its outputs, follow the alphabetical order of their semantics instead of their
//! declaration order (DXC's `docs/SPIR-V.rst`, "Vulkan stage input/output interface
//! matching": sort the semantic strings, then assign `Location` numbers sequentially).
//! `SV_Target<N>` keeps location N and `[[vk::location]]` its own number: neither is an
//! automatic location. A hull shader's outputs and a domain shader's inputs are in that
//! order whatever the option, as DXC does to keep the two stages' locations matching (the
//! patch constants and the control points share one run of locations).
//!
//! The order is DXC's exactly: a stable sort by byte (so case matters, `Z` before `a`, and
//! `TEXCOORD10` comes before `TEXCOORD2`) of each variable's semantic string, which is the
//! semantic as written when its index is 0 (`COLOR`, `COLOR0`) and otherwise the name
//! followed by the index in decimal (`TEXCOORD02` sorts as `TEXCOORD2`).
//!
//! The stage declarations (`graphics`, `stages/vars`) give locations in declaration order
//! and record each automatic one here ([`ModuleCtx::record_auto_location`]); once the
//! entry is lowered, [`reorder`] renumbers them when the options or the stage ask for
//! alphabetical order, and forgets them either way (a library lowers several entries into
//! one module).

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
    /// Its type, without a per-vertex array (`signature_packing`).
    pub ty: types::Type,
    /// Its declaration, for a diagnostic about it.
    pub range: syntax::TextRange,
}

impl ModuleCtx<'_> {
    /// Records that `global` took an automatic location.
    pub(crate) fn record_auto_location(
        &mut self,
        global: Global,
        side: Side,
        semantic: &str,
        ty: &types::Type,
        range: syntax::TextRange,
    ) {
        self.auto_locations.push(AutoLocation {
            global,
            side,
            semantic: semantic.to_owned(),
            count: crate::stages::vars::location_count(ty),
            ty: ty.clone(),
            range,
        });
    }
}

/// The stage variables of one side of the entry being lowered that take a location: whether
/// some have `[[vk::location]]`, and the first that has none (its semantic and where to
/// report it).
#[derive(Debug, Clone, Default)]
pub struct LocationKinds {
    pub explicit: bool,
    pub first_implicit: Option<(String, syntax::TextRange)>,
}

impl ModuleCtx<'_> {
    /// Records a located stage variable of `side`: `None` for one with `[[vk::location]]`,
    /// else its semantic and range.
    pub(crate) fn record_location_kind(
        &mut self,
        side: Side,
        implicit: Option<(&str, syntax::TextRange)>,
    ) {
        let kinds = &mut self.location_kinds[usize::from(side == Side::Output)];
        match implicit {
            None => kinds.explicit = true,
            Some((semantic, range)) => {
                if kinds.first_implicit.is_none() {
                    kinds.first_implicit = Some((semantic.to_owned(), range));
                }
            }
        }
    }
}

/// DXC's refusal of a side that mixes `[[vk::location]]` with implicit locations ("partial
/// explicit stage input location assignment via vk::location(X) unsupported", for every
/// stage), at the first variable without one. The vertex and pixel declarations check it
/// before declaring (`graphics`); the other stages' declarations record here what they give.
fn check_location_mix(cx: &mut ModuleCtx<'_>) {
    let kinds = std::mem::take(&mut cx.location_kinds);
    for (kinds, side) in kinds.into_iter().zip(["input", "output"]) {
        let (true, Some((semantic, range))) = (kinds.explicit, kinds.first_implicit) else {
            continue;
        };
        cx.error(
            crate::BAD_LOCATION,
            format!(
                "partial explicit stage {side} location assignment via vk::location(X) \
                 unsupported: `{semantic}` has no `[[vk::location]]` while other stage {side}s \
                 have one; give every one a location, or none"
            ),
            range,
        );
    }
}

/// Renumbers the automatic locations of the entry just lowered (of `stage`) in DXC's
/// alphabetical order: every side under `-fvk-stage-io-order=alpha`, a hull shader's
/// outputs and a domain shader's inputs always; each side from 0, ties keeping declaration
/// order. Under `-pack-optimized` both sides are packed in that order instead
/// (`signature_packing`).
pub(crate) fn reorder(cx: &mut ModuleCtx<'_>, stage: crate::ShaderStage) {
    check_location_mix(cx);
    let mut recorded = std::mem::take(&mut cx.auto_locations);
    let alpha = cx.options.stage_io_order == StageIoOrder::Alphabetical;
    let sides: &[Side] = match stage {
        _ if alpha => &[Side::Input, Side::Output],
        crate::ShaderStage::Hull => &[Side::Output],
        crate::ShaderStage::Domain => &[Side::Input],
        _ => &[],
    };
    if cx.options.pack_optimized {
        for side in [Side::Input, Side::Output] {
            let mut order: Vec<&AutoLocation> =
                recorded.iter().filter(|v| v.side == side).collect();
            if sides.contains(&side) {
                order.sort_by_cached_key(|v| sort_key(&v.semantic));
            }
            crate::signature_packing::pack_side(cx, &order);
        }
        return;
    }
    if sides.is_empty() {
        return;
    }
    recorded.sort_by_cached_key(|v| sort_key(&v.semantic));
    for &side in sides {
        let mut next = 0;
        for v in recorded.iter().filter(|v| v.side == side) {
            cx.mb.module_mut().globals[v.global].stage_binding = Some(StageBinding::Location(next));
            next += v.count;
        }
    }
}

/// DXC's string for sorting a semantic: as written when its index is 0, else its name and
/// its index in decimal.
fn sort_key(semantic: &str) -> String {
    let name = semantic.trim_end_matches(|c: char| c.is_ascii_digit());
    match semantic[name.len()..].parse::<u64>() {
        Ok(index) if index != 0 => format!("{name}{index}"),
        _ => semantic.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::sort_key;

    #[test]
    fn semantics_sort_as_dxc_spells_them() {
        // Index 0 as written, other indices without leading zeros.
        assert_eq!(sort_key("COLOR"), "COLOR");
        assert_eq!(sort_key("COLOR0"), "COLOR0");
        assert_eq!(sort_key("TEXCOORD02"), "TEXCOORD2");
        assert_eq!(sort_key("TEXCOORD10"), "TEXCOORD10");
        let mut keys = ["a1", "TEXCOORD10", "TEXCOORD02", "Blue", "A0", "TEXCOORD1"]
            .map(sort_key)
            .to_vec();
        keys.sort();
        assert_eq!(
            keys,
            ["A0", "Blue", "TEXCOORD1", "TEXCOORD10", "TEXCOORD2", "a1"]
        );
    }
}
