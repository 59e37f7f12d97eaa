//! DXC's checks of `[[vk::builtin("Name")]]` on a vertex or pixel stage value, in its words:
//! the attribute with `[[vk::location]]`, a value of the wrong type for the built-in, or a
//! built-in on a signature point it cannot be (`HelperInvocation` anywhere but a pixel input,
//! `PointSize` as a vertex input, `BaseVertex` as a pixel input, `DeviceIndex` as an output).
//! `graphics` reports each message at the attribute, as DXC does.

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
