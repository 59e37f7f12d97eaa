//! Differences from DXC's SPIR-V found in the eighth survey of DXC's `CodeGenSPIRV` tests:
//! each test is one construct with what DXC emits (or the error it gives) for it, written for
//! this suite.

use crate::harness::{compile, refuse};

/// `-auto-binding-space N` moves every resource without a space of its own into set N: one
/// with a `register` but no space (then shifted by the shift given for set N), one bound
/// automatically, and `$Globals`; a `[[vk::binding(b)]]` without a set stays in set 0.
#[test]
fn auto_binding_space_is_the_default_descriptor_set() {
    let text = r#"
struct S { float4 f; };
[[vk::binding(4)]] ConstantBuffer<S> pinned : register(b9, space2);
ConstantBuffer<S> shifted : register(b1);
Texture2D<float4> spaced : register(t1, space3);
SamplerState automatic;
float4 tint;
float4 main() : SV_Target {
    return pinned.f + shifted.f + spaced.Sample(automatic, float2(0, 0)) + tint;
}
"#;
    let m = compile(
        text,
        "ps_6_0",
        &["-auto-binding-space", "6", "-fvk-b-shift", "100", "6"],
    );
    assert_eq!(m.binding("pinned"), (0, 4));
    assert_eq!(m.binding("shifted"), (6, 101));
    assert_eq!(m.binding("spaced"), (3, 1));
    assert_eq!(m.binding("automatic").0, 6);
    assert_eq!(m.binding("$Globals").0, 6);
}

/// `-vkbr` is DXC's short name of `-fvk-bind-register`.
#[test]
fn vkbr_binds_a_register_as_fvk_bind_register_does() {
    let text = r#"
Texture2D<float4> tex : register(t5);
SamplerState smp : register(s3, space1);
float4 main() : SV_Target { return tex.Sample(smp, float2(0.5, 0.5)); }
"#;
    let m = compile(
        text,
        "ps_6_0",
        &[
            "-vkbr",
            "t5",
            "0",
            "1",
            "2",
            "-fvk-bind-register",
            "s3",
            "1",
            "3",
            "4",
        ],
    );
    assert_eq!(m.binding("tex"), (2, 1));
    assert_eq!(m.binding("smp"), (4, 3));
}

/// A negative binding given to `-fvk-bind-register` is refused with DXC's words naming it
/// (it was "unknown option `-10`").
#[test]
fn a_negative_bound_register_number_is_named() {
    let text = r#"
SamplerState smp : register(s10);
float4 main() : SV_Target { return 1; }
"#;
    refuse(
        text,
        "ps_6_0",
        &["-fvk-bind-register", "s10", "0", "-10", "0"],
        2,
        "invalid -fvk-bind-register binding number: -10",
    );
}
