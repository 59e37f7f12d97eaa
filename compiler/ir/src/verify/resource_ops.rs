//! Operand, immediate and result rules of the texture and buffer opcodes (the
//! specification's operand table), applied by [`super::typecheck`].

use types::{ResourceType, Type};

use super::typecheck::{describe_count, pointed_resource, scalar_or_vector_len};
use super::{FnCheck, Rule};
use crate::inst::{InstData, Opcode};
use crate::module::{Block, Inst};
use crate::typing;

pub(super) fn check_resource_op(
    ck: &mut FnCheck<'_>,
    b: Block,
    i: Inst,
    d: &InstData,
    tys: &[Type],
) {
    use Opcode::*;
    let op = d.opcode;
    let fail =
        |ck: &mut FnCheck<'_>, rule: Rule, msg: String| ck.report(rule, Some(b), Some(i), msg);
    // Trailing operands (a run-time offset, a minimum LOD, a status pointer) come after
    // the table's operands; `crate::texture` says which an opcode takes.
    let extra = |base: usize| {
        let (a, b, c) = crate::texture::accepted(op);
        base..=base + usize::from(a) + usize::from(b) + usize::from(c)
    };
    let range = match op {
        TextureQueryLod => 3..=3,
        TextureSample | TextureGather => extra(3),
        TextureSampleBias
        | TextureSampleLevel
        | TextureSampleCompare
        | TextureSampleCompareLevelZero
        | TextureGatherCompare => extra(4),
        TextureSampleGrad | TextureSampleCompareLevel | TextureSampleCompareBias => extra(5),
        TextureSampleCompareGrad => extra(6),
        TextureLoad => 2..=4,
        TextureStore => 3..=4,
        ByteAddressStore => 3..=3,
        TextureQuerySize => 1..=2,
        TextureQueryLevels | TextureQuerySamples | ArrayLength => 1..=1,
        ByteAddressLoad => 2..=2,
        _ => 0..=usize::MAX,
    };
    if !range.contains(&tys.len()) {
        let msg = format!(
            "{} takes {}, not {}",
            op.name(),
            describe_count(&range),
            tys.len()
        );
        fail(ck, Rule::OperandCount, msg);
        return;
    }
    let roles = match crate::texture::split(op, tys) {
        Ok(r) => r,
        Err(msg) => {
            fail(ck, Rule::OperandCount, msg);
            return;
        }
    };
    let resource = pointed_resource(&tys[0]);
    let first_ok = match op {
        ByteAddressLoad | ByteAddressStore => {
            matches!(resource, Some(ResourceType::ByteAddressBuffer { access }) if op == ByteAddressLoad || access.is_writable())
        }
        ArrayLength => matches!(
            tys[0].pointee(),
            Some((_, Type::Resource(r))) if matches!(**r, ResourceType::StructuredBuffer { .. } | ResourceType::ByteAddressBuffer { .. })
        ),
        TextureLoad | TextureQuerySize => {
            matches!(
                resource,
                Some(ResourceType::Texture { .. } | ResourceType::TypedBuffer { .. })
            )
        }
        TextureStore => matches!(
            resource,
            Some(ResourceType::Texture { access, .. } | ResourceType::TypedBuffer { access, .. }) if access.is_writable()
        ),
        TextureQuerySamples => matches!(
            resource,
            Some(ResourceType::Texture { dim, .. }) if dim.is_multisampled()
        ),
        // Sampling, gathers, LOD and level queries need mipmapped, read-only textures.
        _ => matches!(
            resource,
            Some(ResourceType::Texture { dim, access, .. })
                if !dim.is_multisampled() && !access.is_writable()
        ),
    };
    if !first_ok {
        let msg = format!(
            "operand 0 has type {}, which {} cannot use",
            tys[0].ir(),
            op.name()
        );
        fail(ck, Rule::ResourceOperand, msg);
        return;
    }
    let wants_sampler = match op {
        TextureSample | TextureSampleBias | TextureSampleLevel | TextureSampleGrad
        | TextureGather | TextureQueryLod => Some(false),
        TextureSampleCompare
        | TextureSampleCompareLevelZero
        | TextureSampleCompareLevel
        | TextureSampleCompareBias
        | TextureSampleCompareGrad
        | TextureGatherCompare => Some(true),
        _ => None,
    };
    if let Some(comparison) = wants_sampler {
        // A combined image sampler (`vk::SampledTexture2D`) is its own sampler: operand 1
        // is operand 0 again (`crate::texture`).
        let combined = matches!(resource, Some(ResourceType::Texture { access, .. }) if access.is_combined())
            && d.operands.get(1) == d.operands.first();
        let ok = combined
            || matches!(pointed_resource(&tys[1]), Some(ResourceType::Sampler { comparison: c }) if *c == comparison);
        if !ok {
            let kind = if comparison {
                "SamplerComparisonState"
            } else {
                "SamplerState"
            };
            let msg = format!(
                "operand 1 has type {}, expected a pointer to {kind}",
                tys[1].ir()
            );
            fail(ck, Rule::ResourceOperand, msg);
        }
    }
    check_resource_operand_types(ck, b, i, d, &tys[..roles.fixed], resource);
    check_trailing_operands(ck, b, i, d, tys, resource, roles);
}

/// A run-time offset of the texture's offset shape (and no offset immediates beside it), a
/// `float` minimum LOD; the status pointer's type is what gave it its role.
fn check_trailing_operands(
    ck: &mut FnCheck<'_>,
    b: Block,
    i: Inst,
    d: &InstData,
    tys: &[Type],
    resource: Option<&ResourceType>,
    roles: crate::texture::TextureOperands,
) {
    let Some(o) = roles.offset else {
        return;
    };
    let want = match resource {
        Some(ResourceType::Texture { dim, .. }) => dim.offset_count(),
        _ => None,
    };
    let len = scalar_or_vector_len(&tys[o]).map(|(_, n)| n);
    let msg = match want {
        Some(n) if len != Some(u32::from(n)) => format!(
            "operand {o} has type {}, expected a texel offset of {n} integers",
            tys[o].ir()
        ),
        None => format!("{} takes no texel offset here", d.opcode.name()),
        _ if d.literals.len() > usize::from(d.opcode == Opcode::TextureGather) => {
            "a run-time texel offset and offset immediates together".to_owned()
        }
        _ => return,
    };
    ck.report(Rule::OperandCount, Some(b), Some(i), msg);
}

/// Coordinates, extra operands, stored values, immediates and result types of texture and
/// buffer opcodes whose resource operand is already known to fit.
fn check_resource_operand_types(
    ck: &mut FnCheck<'_>,
    b: Block,
    i: Inst,
    d: &InstData,
    tys: &[Type],
    resource: Option<&ResourceType>,
) {
    use Opcode::*;
    let op = d.opcode;
    let fail =
        |ck: &mut FnCheck<'_>, rule: Rule, msg: String| ck.report(rule, Some(b), Some(i), msg);
    let texture = match resource {
        Some(ResourceType::Texture { dim, sample, .. }) => Some((*dim, sample)),
        _ => None,
    };
    let is_float_n =
        |t: &Type, n: u32| scalar_or_vector_len(t).is_some_and(|(k, len)| k.is_float() && len == n);
    let is_int_n = |t: &Type, n: u32| {
        scalar_or_vector_len(t).is_some_and(|(k, len)| k.is_integer() && len == n)
    };
    let sampling = matches!(
        op,
        TextureSample
            | TextureSampleBias
            | TextureSampleLevel
            | TextureSampleGrad
            | TextureSampleCompare
            | TextureSampleCompareLevelZero
            | TextureSampleCompareLevel
            | TextureSampleCompareBias
            | TextureSampleCompareGrad
            | TextureGather
            | TextureGatherCompare
            | TextureQueryLod
    );
    let expect_operand = |ck: &mut FnCheck<'_>, n: usize, ok: bool, what: String| {
        if !ok {
            let msg = format!("operand {n} has type {}, expected {what}", tys[n].ir());
            fail(ck, Rule::ResourceOperand, msg);
        }
    };
    if let (true, Some((dim, _))) = (sampling, texture) {
        // A LOD query's coordinate has no array layer.
        let layer = u32::from(op == TextureQueryLod && dim.is_array());
        let n = u32::from(dim.coordinate_count()) - layer;
        expect_operand(
            ck,
            2,
            is_float_n(&tys[2], n),
            format!("a coordinate of {n} floats"),
        );
        match op {
            TextureSampleBias
            | TextureSampleLevel
            | TextureSampleCompare
            | TextureSampleCompareLevelZero
            | TextureGatherCompare => {
                expect_operand(ck, 3, is_float_n(&tys[3], 1), "a float scalar".to_owned());
            }
            TextureSampleCompareLevel | TextureSampleCompareBias => {
                let what = if op == TextureSampleCompareBias {
                    "a float bias"
                } else {
                    "a float level"
                };
                expect_operand(ck, 3, is_float_n(&tys[3], 1), "a float scalar".to_owned());
                expect_operand(ck, 4, is_float_n(&tys[4], 1), what.to_owned());
            }
            TextureSampleCompareGrad => {
                expect_operand(ck, 3, is_float_n(&tys[3], 1), "a float scalar".to_owned());
                let g = u32::from(dim.offset_count().unwrap_or(3));
                for (n, t) in tys.iter().enumerate().skip(4) {
                    let ok = is_float_n(t, g);
                    expect_operand(ck, n, ok, format!("a gradient of {g} floats"));
                }
            }
            TextureSampleGrad => {
                let g = u32::from(dim.offset_count().unwrap_or(3));
                for (n, t) in tys.iter().enumerate().skip(3) {
                    let ok = is_float_n(t, g);
                    expect_operand(ck, n, ok, format!("a gradient of {g} floats"));
                }
            }
            _ => {}
        }
    }
    match op {
        TextureLoad | TextureStore => {
            let n = texture.map_or(1, |(dim, _)| u32::from(dim.coordinate_count()));
            expect_operand(
                ck,
                1,
                is_int_n(&tys[1], n),
                format!("a coordinate of {n} integers"),
            );
        }
        ByteAddressLoad | ByteAddressStore => {
            expect_operand(
                ck,
                1,
                is_int_n(&tys[1], 1),
                "an integer byte offset".to_owned(),
            );
        }
        TextureQuerySize if tys.len() == 2 => {
            expect_operand(
                ck,
                1,
                is_int_n(&tys[1], 1),
                "an integer mip level".to_owned(),
            );
        }
        _ => {}
    }
    if op == TextureLoad {
        let multisampled = texture.is_some_and(|(dim, _)| dim.is_multisampled());
        let writable = match resource {
            Some(ResourceType::Texture { access, .. }) => access.is_writable(),
            _ => true,
        };
        if tys.len() == 3 {
            let what = if multisampled {
                "an integer sample index"
            } else {
                "an integer mip level"
            };
            expect_operand(ck, 2, is_int_n(&tys[2], 1), what.to_owned());
            if writable && !multisampled {
                fail(
                    ck,
                    Rule::OperandCount,
                    "read-write resources and buffers have no mip level".to_owned(),
                );
            }
        } else if multisampled {
            fail(
                ck,
                Rule::OperandCount,
                "loads from a multisampled texture need a sample index".to_owned(),
            );
        }
    }
    if op == TextureStore && tys.len() == 4 {
        let multisampled = texture.is_some_and(|(dim, _)| dim.is_multisampled());
        if !multisampled {
            fail(
                ck,
                Rule::OperandCount,
                "only stores to a multisampled texture take a sample index".to_owned(),
            );
        } else if !is_int_n(&tys[3], 1) {
            fail(
                ck,
                Rule::ResourceOperand,
                format!(
                    "operand 3 has type {}, not an integer sample index",
                    tys[3].ir()
                ),
            );
        }
    }
    if op == TextureStore {
        let element = match resource {
            Some(
                ResourceType::Texture { sample, .. }
                | ResourceType::TypedBuffer {
                    element: sample, ..
                },
            ) => Some(sample),
            _ => None,
        };
        if let Some(e) = element {
            if tys[2] != *e {
                let msg = format!("stores {} into a resource of {}", tys[2].ir(), e.ir());
                fail(ck, Rule::ResourceOperand, msg);
            }
        }
    }
    // Result type.
    let want = resource.and_then(|r| typing::texture_result_type(op, r));
    match want {
        Some(t) if t != d.ty => {
            let msg = format!(
                "result type is {}, {} yields {}",
                d.ty.ir(),
                op.name(),
                t.ir()
            );
            fail(ck, Rule::ResultType, msg);
        }
        None if d.ty.is_void() => {
            fail(
                ck,
                Rule::ResultType,
                format!("{} needs a result type", op.name()),
            );
        }
        _ => {}
    }
    // Immediates: the gather component, then a texel offset of the texture's dimension.
    let takes_offset = matches!(
        op,
        TextureSample
            | TextureSampleBias
            | TextureSampleLevel
            | TextureSampleGrad
            | TextureSampleCompare
            | TextureSampleCompareLevelZero
            | TextureSampleCompareLevel
            | TextureSampleCompareBias
            | TextureSampleCompareGrad
            | TextureGather
            | TextureGatherCompare
            | TextureLoad
    );
    let offset = if op == TextureGather {
        match d.literals.split_first() {
            Some((0..=3, rest)) => rest,
            _ => {
                fail(
                    ck,
                    Rule::OperandCount,
                    "texture_gather needs a component from 0 to 3".to_owned(),
                );
                return;
            }
        }
    } else {
        &d.literals[..]
    };
    if !offset.is_empty() {
        let allowed = if takes_offset {
            texture.and_then(|(dim, _)| dim.offset_count())
        } else {
            None
        };
        // Gathers of 2D textures may take four offsets (`ConstOffsets`).
        let four = matches!(op, TextureGather | TextureGatherCompare) && allowed == Some(2);
        match allowed {
            Some(n) if offset.len() == usize::from(n) => {}
            Some(_) if four && offset.len() == 8 => {}
            Some(n) => {
                let msg = format!(
                    "the texel offset has {} components, expected {n}",
                    offset.len()
                );
                fail(ck, Rule::OperandCount, msg);
            }
            None => fail(
                ck,
                Rule::OperandCount,
                format!("{} takes no texel offset here", op.name()),
            ),
        }
    }
}
