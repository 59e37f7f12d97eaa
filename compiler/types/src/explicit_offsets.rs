//! Where `[[vk::offset(N)]]` breaks the Vulkan layout rules of the buffer a struct sits in: a
//! member placed where the rules do not allow its type to start (a `float4` at byte 4 of a
//! uniform buffer), over another member, or (offsets adding up through nested structs) past
//! the 4 GiB that 32-bit offsets address. DXC takes such offsets without a check and emits
//! SPIR-V that fails validation; `lower` reports them instead (`E3160`), so every module we
//! emit validates. Overlaps are refused under every rule set (no Vulkan buffer may overlap
//! members); alignment is not checked under the DX cbuffer rules, whose modules are validated
//! with the block layout checks skipped (the DX structured rules are checked as the scalar
//! rules they are).

use crate::layout::{place, LayoutKind, LayoutRules, TypeLayout};
use crate::ty::Type;

/// An explicit offset Vulkan's rules refuse: the sentence that says so, and the member it is
/// written on (`None` for a layout past 4 GiB, which no one member causes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OffsetFault {
    pub message: String,
    /// The struct (its type name, template arguments included) and the field.
    pub member: Option<(String, String)>,
}

/// Every member with an explicit offset in `ty` (laid out as `layout` under `rules`), nested
/// structs and arrays included, that Vulkan's rules refuse; one sentence each, naming the
/// struct and member.
pub fn explicit_offset_faults(ty: &Type, layout: &TypeLayout, rules: LayoutRules) -> Vec<String> {
    explicit_offset_fault_sites(ty, layout, rules)
        .into_iter()
        .map(|f| f.message)
        .collect()
}

/// [`explicit_offset_faults`] with the member each fault is on, so a caller can point at it.
pub fn explicit_offset_fault_sites(
    ty: &Type,
    layout: &TypeLayout,
    rules: LayoutRules,
) -> Vec<OffsetFault> {
    let mut out = Vec::new();
    // Offsets near 4 GiB (`[[vk::offset(4294967264)]]` on a member of a nested struct) would
    // make the absolute offsets of the members inside overflow.
    let end = extent(layout);
    if end >= u64::from(u32::MAX) {
        out.push(OffsetFault {
            message: format!(
                "the layout of `{ty}` places members up to byte {end}, past the 4 GiB a \
                 buffer's offsets can address"
            ),
            member: None,
        });
        return out;
    }
    walk(ty, layout, rules, &mut out);
    out.dedup();
    out
}

/// The end of the furthest byte of `layout`, nested offsets added up without overflow.
fn extent(layout: &TypeLayout) -> u64 {
    match &layout.kind {
        LayoutKind::Struct { members } => members
            .iter()
            .map(|m| u64::from(m.offset) + extent(&m.layout))
            .max()
            .unwrap_or(0)
            .max(u64::from(layout.size)),
        LayoutKind::Array { stride, element } => {
            let n = u64::from(layout.size.div_ceil((*stride).max(1)));
            n.saturating_sub(1) * u64::from(*stride) + extent(element)
        }
        _ => u64::from(layout.size),
    }
}

fn walk(ty: &Type, layout: &TypeLayout, rules: LayoutRules, out: &mut Vec<OffsetFault>) {
    match (ty, &layout.kind) {
        (Type::Array { element, .. }, LayoutKind::Array { element: e, .. }) => {
            walk(element, e, rules, out)
        }
        // A structured buffer's layout is that of its run-time array of `ty`.
        (_, LayoutKind::Array { element: e, .. }) => walk(ty, e, rules, out),
        (Type::Struct(s), LayoutKind::Struct { members }) if members.len() == s.fields.len() => {
            for (i, (f, m)) in s.fields.iter().zip(members).enumerate() {
                walk(&f.ty, &m.layout, rules, out);
                let Some(at) = f.offset else { continue };
                let name = if f.name.is_empty() {
                    "<unnamed>"
                } else {
                    &f.name
                };
                let allowed = place(at, &f.ty, &m.layout, rules);
                if allowed != at && rules != LayoutRules::Dx {
                    out.push(fault(
                        s,
                        &f.name,
                        format!(
                            "`[[vk::offset({at})]]` places `{}.{name}` ({}) where the {} layout \
                         does not allow it to start (the next offset it allows is {allowed}); \
                         the SPIR-V would fail validation",
                            s.name,
                            f.ty,
                            rules.name()
                        ),
                    ));
                    continue;
                }
                let end = at.saturating_add(m.layout.size);
                let shares_word = |j: usize| {
                    matches!(m.layout.kind, LayoutKind::BitField { .. })
                        && matches!(members[j].layout.kind, LayoutKind::BitField { .. })
                        && members[j].offset == at
                        && s.fields[j].offset.is_none()
                };
                let overlapped = (0..members.len()).find(|&j| {
                    let o = &members[j];
                    let o_end = o.offset.saturating_add(o.layout.size);
                    // Two explicit members that overlap are reported once, at the later.
                    let reported_there = j > i && s.fields[j].offset.is_some();
                    j != i && !reported_there && o.offset < end && at < o_end && !shares_word(j)
                });
                if let Some(j) = overlapped {
                    let o = &members[j];
                    out.push(fault(
                        s,
                        &f.name,
                        format!(
                            "`[[vk::offset({at})]]` makes `{}.{name}` (bytes {at}..{end}) overlap \
                         `{}` (bytes {}..{}); members of a Vulkan buffer cannot overlap",
                            s.name,
                            s.fields[j].name,
                            o.offset,
                            o.offset.saturating_add(o.layout.size)
                        ),
                    ));
                }
            }
        }
        _ => {}
    }
}

/// A fault on field `field` of struct `s`.
fn fault(s: &crate::StructType, field: &str, message: String) -> OffsetFault {
    OffsetFault {
        message,
        member: Some((s.name.clone(), field.to_owned())),
    }
}
