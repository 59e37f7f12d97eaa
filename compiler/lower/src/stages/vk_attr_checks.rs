//! DXC's checks of the Vulkan attributes of a vertex or pixel stage value, in its words:
//! `[[vk::builtin("Name")]]` with `[[vk::location]]`, on a value of the wrong type for the
//! built-in, or on a signature point the built-in cannot be (`HelperInvocation` anywhere but a
//! pixel input, `PointSize` as a vertex input, `BaseVertex` as a pixel input, `DeviceIndex` as
//! an output); `[[vk::index(N)]]` (dual-source blending) outside a pixel shader, without
//! `[[vk::location(0)]]`, or with an index other than 0 and 1. `graphics` reports each message
//! at the attribute DXC names, as DXC does.

use types::{ScalarKind, Type};

use super::vars::Side;
use ir::Stage;

/// DXC's name of the signature point of a vertex or pixel value (`VSIn`, `PSOut`, ...).
fn sig_point(stage: Stage, side: Side) -> &'static str {
    match (stage, side) {
        (Stage::Vertex, Side::Input) => "VSIn",
        (Stage::Vertex, Side::Output) => "VSOut",
        (Stage::Pixel, Side::Input) => "PSIn",
        _ => "PSOut",
    }
}

fn is_int32(ty: &Type) -> bool {
    matches!(ty, Type::Scalar(ScalarKind::Int | ScalarKind::Uint))
}

fn is_float(ty: &Type) -> bool {
    matches!(
        ty,
        Type::Scalar(
            ScalarKind::Float
                | ScalarKind::Half
                | ScalarKind::Double
                | ScalarKind::Float16
                | ScalarKind::Min16Float
                | ScalarKind::Min10Float
        )
    )
}

/// The errors DXC gives `[[vk::builtin("name")]]` on a value of type `ty` at this stage and
/// side (`with_location`: the declaration also carries `[[vk::location]]`), in DXC's order.
/// Empty for a use DXC accepts, and for a name DXC does not check (the caller refuses a name
/// it has no built-in for).
pub(crate) fn misuses(
    stage: Stage,
    side: Side,
    name: &str,
    ty: &Type,
    with_location: bool,
) -> Vec<String> {
    let mut out = Vec::new();
    if with_location {
        out.push("cannot use vk::builtin and vk::location together".to_owned());
    }
    let point = sig_point(stage, side);
    match name {
        "HelperInvocation" => {
            if ty != &Type::BOOL {
                out.push("HelperInvocation builtin must be of boolean type".to_owned());
            }
            if point != "PSIn" {
                out.push(
                    "HelperInvocation builtin can only be used as pixel shader input".to_owned(),
                );
            }
        }
        "PointSize" => {
            if !is_float(ty) {
                out.push("PointSize builtin must be of float type".to_owned());
            }
            if !matches!(point, "VSOut" | "PSIn") {
                out.push(format!("PointSize builtin cannot be used as {point}"));
            }
        }
        "BaseVertex" | "BaseInstance" | "DrawIndex" => {
            if !is_int32(ty) {
                out.push(format!(
                    "{name} builtin must be of 32-bit scalar integer type"
                ));
            }
            if point != "VSIn" {
                out.push(format!("{name} builtin cannot be used as {point}"));
            }
        }
        "DeviceIndex" => {
            if side != Side::Input {
                out.push("DeviceIndex builtin can only be used as shader input".to_owned());
            }
            if !is_int32(ty) {
                out.push("DeviceIndex builtin must be of 32-bit scalar integer type".to_owned());
            }
        }
        _ => {}
    }
    out
}

/// Which attribute a message of [`index_misuses`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum IndexAttr {
    Index,
    Location,
}

/// The errors DXC gives `[[vk::index(index)]]` (`location`: the `[[vk::location]]` of the same
/// declaration), in DXC's order, each with the attribute it is reported at.
pub(crate) fn index_misuses(
    stage: Stage,
    index: u32,
    location: Option<u32>,
) -> Vec<(IndexAttr, &'static str)> {
    let mut out = Vec::new();
    if stage != Stage::Pixel {
        out.push((IndexAttr::Index, "vk::index only allowed in pixel shader"));
    }
    match location {
        None => out.push((
            IndexAttr::Index,
            "vk::index should be used together with vk::location for dual-source blending",
        )),
        Some(0) => {}
        Some(_) => out.push((
            IndexAttr::Location,
            "dual-source blending should use vk::location 0",
        )),
    }
    if index > 1 {
        out.push((
            IndexAttr::Index,
            "dual-source blending only accepts 0 or 1 as vk::index",
        ));
    }
    out
}
