//! Texture methods (SM 6.0 to 6.8), built per texture type so coordinates, offsets and results are concrete:
//! `Sample*`, `Gather*`, `Load`, `GetDimensions`, `CalculateLevelOfDetail*`, `operator[]`,
//! `mips` and `sample`.

use types::{ResourceType, ScalarKind, TextureDim, Type};

use crate::model::avail::{all_from, ALL, DERIV};
use crate::model::Category::Resource;
use crate::model::{Availability, ShaderModel, StageSet};
use crate::Table;

/// `float`, `float2`...: a scalar keyword for one component, a vector keyword otherwise.
fn vt(kind: &str, n: u8) -> String {
    if n == 1 {
        kind.to_string()
    } else {
        format!("{kind}{n}")
    }
}

/// Every combination of the optional trailing parameters, in order: each prefix of `opts`.
fn with_optional(base: &str, ret: &str, name: &str, opts: &[&str]) -> Vec<String> {
    (0..=opts.len())
        .map(|n| {
            let mut params: Vec<&str> = Vec::new();
            if !base.is_empty() {
                params.push(base);
            }
            params.extend(&opts[..n]);
            format!("{ret} {name}({})", params.join(", "))
        })
        .collect()
}

fn def_all(t: &mut Table, avail: crate::Availability, doc: &'static str, sigs: Vec<String>) {
    let sigs: Vec<&str> = sigs.iter().map(String::as_str).collect();
    t.def(Resource, avail, false, doc, &sigs);
}

/// Adds the methods of `resource` if it is a texture.
pub(crate) fn add(t: &mut Table, resource: &ResourceType) {
    let ResourceType::Texture {
        dim,
        access,
        sample,
    } = resource
    else {
        return;
    };
    let (dim, access) = (*dim, *access);
    let kind = sample.scalar_kind().unwrap_or(ScalarKind::Float);
    t.env.push(("E", sample.clone()));
    t.env.push(("V4", Type::vector(kind, 4)));
    t.env.push(("S1", Type::Scalar(kind)));
    // Raw gathers return each texel's bits as an unsigned integer of the element's width.
    let raw = match kind.bit_width() {
        16 => ScalarKind::Uint16,
        64 => ScalarKind::Uint64,
        _ => ScalarKind::Uint,
    };
    t.env.push(("R4", Type::vector(raw, 4)));
    let c = dim.coordinate_count();
    let coord = vt("float", c);
    let ms = dim.is_multisampled();
    let cube = matches!(dim, TextureDim::Cube | TextureDim::CubeArray);
    let offset = dim.offset_count().map(|o| {
        format!(
            "int{} offset",
            if o == 1 { String::new() } else { o.to_string() }
        )
    });
    // Integer texel position without the mip level: coordinates as `uint`.
    let pos = vt("uint", c);

    if !access.is_writable() && !ms {
        // Sampling.
        let off = offset.clone();
        let opts = |clamp: bool| -> Vec<String> {
            let mut v: Vec<String> = Vec::new();
            if let Some(o) = &off {
                v.push(o.clone());
            }
            if clamp {
                v.push("float clamp".into());
            }
            v.push("out uint status".into());
            v
        };
        // A combined image sampler (`vk::SampledTexture2D`) brings its own sampler, so its
        // methods take none: the sampler parameter and its comma are left out.
        let combined = access.is_combined();
        let (sampler, cmp) = if combined {
            ("", "")
        } else {
            ("SamplerState s, ", "SamplerComparisonState s, ")
        };
        let grad = vt("float", dim.offset_count().unwrap_or(3));

        let o = opts(true);
        let o: Vec<&str> = o.iter().map(String::as_str).collect();
        def_all(t, DERIV, "Samples the texture with the sampler at the given coordinates, picking the mip level from screen-space derivatives. Optional: texel offset, LOD clamp, tiled-resource status.",
            with_optional(&format!("{sampler}{coord} location"), "$E", "Sample", &o));
        def_all(
            t,
            DERIV,
            "Like Sample with a bias added to the computed mip level.",
            with_optional(
                &format!("{sampler}{coord} location, float bias"),
                "$E",
                "SampleBias",
                &o,
            ),
        );
        def_all(
            t,
            ALL,
            "Samples with explicit gradients for the mip-level selection.",
            with_optional(
                &format!("{sampler}{coord} location, {grad} ddx, {grad} ddy"),
                "$E",
                "SampleGrad",
                &o,
            ),
        );
        let o2 = opts(false);
        let o2: Vec<&str> = o2.iter().map(String::as_str).collect();
        def_all(
            t,
            ALL,
            "Samples at an explicit mip level.",
            with_optional(
                &format!("{sampler}{coord} location, float lod"),
                "$E",
                "SampleLevel",
                &o2,
            ),
        );
        if dim != TextureDim::D3 {
            def_all(t, DERIV, "Samples and compares against compareValue with a comparison sampler, filtering the results (shadow maps).",
                with_optional(&format!("{cmp}{coord} location, float compareValue"), "$S1", "SampleCmp", &o));
            def_all(
                t,
                ALL,
                "Like SampleCmp on mip level 0 only, usable in any stage.",
                with_optional(
                    &format!("{cmp}{coord} location, float compareValue"),
                    "$S1",
                    "SampleCmpLevelZero",
                    &o2,
                ),
            );
            def_all(
                t,
                all_from(ShaderModel::SM6_7),
                "Like SampleCmp at an explicit mip level (SM 6.7).",
                with_optional(
                    &format!("{cmp}{coord} location, float compareValue, float lod"),
                    "$S1",
                    "SampleCmpLevel",
                    &o2,
                ),
            );
            // SM 6.8: pixel shaders, and compute, mesh and amplification shaders (which have
            // derivatives from SM 6.6) for the implicit-LOD bias form.
            let sm68_deriv = Availability::new(ShaderModel::SM6_8, StageSet::PIXEL)
                .extended(ShaderModel::SM6_8, StageSet::COMPUTE_LIKE);
            def_all(
                t,
                sm68_deriv,
                "Like SampleCmp with a bias added to the computed mip level (SM 6.8).",
                with_optional(
                    &format!("{cmp}{coord} location, float compareValue, float bias"),
                    "$S1",
                    "SampleCmpBias",
                    &o,
                ),
            );
            def_all(
                t,
                all_from(ShaderModel::SM6_8),
                "Like SampleCmp with explicit gradients for the mip-level selection (SM 6.8).",
                with_optional(
                    &format!("{cmp}{coord} location, float compareValue, {grad} ddx, {grad} ddy"),
                    "$S1",
                    "SampleCmpGrad",
                    &o,
                ),
            );
        }
        let nlod = if dim.is_array() { c - 1 } else { c };
        let lod_coord = vt("float", nlod);
        // Any sampler kind gives the level, except for 3D textures.
        let mut samplers = vec![sampler];
        if dim != TextureDim::D3 && !combined {
            samplers.push(cmp);
        }
        for (name, doc) in [
            ("CalculateLevelOfDetail", "The mip level the sampler would use at this location, clamped to the texture's levels."),
            ("CalculateLevelOfDetailUnclamped", "The mip level the sampler would use at this location, before clamping."),
        ] {
            let sigs = samplers
                .iter()
                .map(|smp| format!("float {name}({smp}{lod_coord} location)"))
                .collect();
            def_all(t, DERIV, doc, sigs);
        }

        // Gathers: 2D, 2D arrays and cubes.
        if matches!(
            dim,
            TextureDim::D2 | TextureDim::D2Array | TextureDim::Cube | TextureDim::CubeArray
        ) {
            let one: Vec<&str> = if cube {
                vec!["out uint status"]
            } else {
                vec!["int2 offset", "out uint status"]
            };
            for (name, doc) in [
                ("Gather", "The red components of the four texels bilinear filtering would use, as a 4-vector."),
                ("GatherRed", "The red components of the four texels bilinear filtering would use."),
                ("GatherGreen", "The green components of the four texels bilinear filtering would use."),
                ("GatherBlue", "The blue components of the four texels bilinear filtering would use."),
                ("GatherAlpha", "The alpha components of the four texels bilinear filtering would use."),
            ] {
                let mut sigs = with_optional(&format!("{sampler}{coord} location"), "$V4", name, &one);
                if !cube && name != "Gather" {
                    sigs.push(format!("$V4 {name}({sampler}{coord} location, int2 offset1, int2 offset2, int2 offset3, int2 offset4)"));
                    sigs.push(format!("$V4 {name}({sampler}{coord} location, int2 offset1, int2 offset2, int2 offset3, int2 offset4, out uint status)"));
                }
                def_all(t, ALL, doc, sigs);
            }
            if !cube {
                def_all(
                    t,
                    all_from(ShaderModel::SM6_7),
                    "The unconverted bits of the four texels bilinear filtering would use, as unsigned integers of the element's width (SM 6.7).",
                    with_optional(&format!("{sampler}{coord} location"), "$R4", "GatherRaw", &one),
                );
            }
            for (name, doc) in [
                ("GatherCmp", "Compares the red components of the four filtering texels with compareValue; 1 or 0 each."),
                ("GatherCmpRed", "Compares the red components of the four filtering texels with compareValue."),
                ("GatherCmpGreen", "Compares the green components of the four filtering texels with compareValue."),
                ("GatherCmpBlue", "Compares the blue components of the four filtering texels with compareValue."),
                ("GatherCmpAlpha", "Compares the alpha components of the four filtering texels with compareValue."),
            ] {
                let mut sigs = with_optional(&format!("{cmp}{coord} location, float compareValue"), "$V4", name, &one);
                if !cube && name != "GatherCmp" {
                    sigs.push(format!("$V4 {name}({cmp}{coord} location, float compareValue, int2 offset1, int2 offset2, int2 offset3, int2 offset4)"));
                    sigs.push(format!("$V4 {name}({cmp}{coord} location, float compareValue, int2 offset1, int2 offset2, int2 offset3, int2 offset4, out uint status)"));
                }
                def_all(t, ALL, doc, sigs);
            }
        }
    }

    // Load.
    if !cube {
        let mut opts: Vec<String> = Vec::new();
        let base = if ms {
            format!("{} location, int sampleIndex", vt("int", c))
        } else if !access.is_writable() {
            format!("{} location", vt("int", c + 1))
        } else {
            format!("{} location", vt("int", c))
        };
        if !access.is_writable() {
            if let Some(o) = &offset {
                opts.push(o.clone());
            }
        }
        opts.push("out uint status".into());
        let o: Vec<&str> = opts.iter().map(String::as_str).collect();
        let doc = if !access.is_writable() && !ms {
            "Reads one texel without filtering; the last coordinate is the mip level. Optional: texel offset, tiled-resource status."
        } else if ms {
            "Reads one sample of a texel without filtering. Optional: texel offset, tiled-resource status."
        } else {
            "Reads one texel of the writable texture. Optional: tiled-resource status."
        };
        def_all(t, ALL, doc, with_optional(&base, "$E", "Load", &o));

        // operator[] (texel access; an lvalue for writable textures).
        let idx_doc = if access.is_writable() {
            "Reads or writes the texel at an integer position."
        } else {
            "Reads the texel at an integer position of mip level 0 (sample 0 of multisampled textures)."
        };
        t.def(
            Resource,
            ALL,
            false,
            idx_doc,
            &[&format!("$E operator[]({pos} pos)")],
        );
        let npos = vt("uint", c);
        if ms {
            t.def(
                Resource,
                ALL,
                false,
                "The position of the given sample relative to the texel centre, in pixels.",
                &["float2 GetSamplePosition(int sampleIndex)"],
            );
            t.def(
                Resource,
                ALL,
                false,
                "Texel access by sample: `tex.sample[s][pos]`.",
                &[&format!("$E sample(uint sampleIndex, {npos} pos)")],
            );
        } else if !access.is_writable() {
            t.def(
                Resource,
                ALL,
                false,
                "Texel access by mip level: `tex.mips[level][pos]`.",
                &[&format!("$E mips(uint mipLevel, {npos} pos)")],
            );
        }
    }

    // GetDimensions.
    let sizes: &[&str] = match dim {
        TextureDim::D1 => &["width"],
        TextureDim::D1Array => &["width", "elements"],
        TextureDim::D2 | TextureDim::D2MS | TextureDim::Cube => &["width", "height"],
        TextureDim::D2Array | TextureDim::D2MSArray | TextureDim::CubeArray => {
            &["width", "height", "elements"]
        }
        TextureDim::D3 => &["width", "height", "depth"],
    };
    let mut sigs = Vec::new();
    for ty in ["uint", "float"] {
        let outs: Vec<String> = sizes.iter().map(|s| format!("out {ty} {s}")).collect();
        let outs = outs.join(", ");
        if ms {
            sigs.push(format!(
                "void GetDimensions({outs}, out {ty} numberOfSamples)"
            ));
        } else if !access.is_writable() {
            sigs.push(format!("void GetDimensions({outs})"));
            sigs.push(format!(
                "void GetDimensions(uint mipLevel, {outs}, out {ty} numberOfLevels)"
            ));
        } else {
            sigs.push(format!("void GetDimensions({outs})"));
        }
    }
    def_all(t, ALL, "Writes the texture's size (of the given mip level, if any), and its mip-level or sample count, into the out parameters.", sigs);
}

/// Adds the methods of `FeedbackTexture2D<kind>` (or of the array form): SM 6.5 sampler
/// feedback, recording which texels a sample of `t` would touch.
pub(crate) fn add_feedback(t: &mut Table, array: bool) {
    let (tex, coord) = if array {
        ("Texture2DArray", "float3")
    } else {
        ("Texture2D", "float2")
    };
    let base = format!("{tex} t, SamplerState s, {coord} location");
    let sm65 = crate::Availability::new(ShaderModel::SM6_5, crate::StageSet::PIXEL)
        .extended(ShaderModel::SM6_6, crate::StageSet::COMPUTE_LIKE);
    def_all(
        t,
        sm65,
        "Records in the feedback map the mip levels and regions a Sample of t at this location would touch. Optional: LOD clamp.",
        with_optional(&base, "void", "WriteSamplerFeedback", &["float clamp"]),
    );
    def_all(
        t,
        sm65,
        "Records the texels a SampleBias of t would touch. Optional: LOD clamp.",
        with_optional(
            &format!("{base}, float bias"),
            "void",
            "WriteSamplerFeedbackBias",
            &["float clamp"],
        ),
    );
    let everywhere = all_from(ShaderModel::SM6_5);
    def_all(
        t,
        everywhere,
        "Records the texels a SampleGrad of t would touch. Optional: LOD clamp.",
        with_optional(
            &format!("{base}, float2 ddx, float2 ddy"),
            "void",
            "WriteSamplerFeedbackGrad",
            &["float clamp"],
        ),
    );
    def_all(
        t,
        everywhere,
        "Records the texels a SampleLevel of t would touch.",
        vec![format!("void WriteSamplerFeedbackLevel({base}, float lod)")],
    );
}
