//! Vulkan attributes DXC knows, and where they mean nothing:
//!
//! - a `[[vk::name]]` DXC does not know is ignored with clang's warning (`W2090`, "unknown
//!   attribute 'name' ignored"), on any declaration `decl_checks` looks at;
//! - stage attributes on an entry point of another stage add nothing to it (`W2091`): the
//!   pixel-shader test attributes (`[earlydepthstencil]`, `[[vk::post_depth_coverage]]`, and
//!   `SPV_AMD_shader_early_and_late_fragment_tests`'s `[[vk::early_and_late_tests]]`,
//!   `[[vk::depth_unchanged]]`, `[[vk::stencil_ref_*]]`), the geometry, tessellation and
//!   mesh ones (`[maxvertexcount]`, `[instance]`, `[domain]`, `[partitioning]`,
//!   `[outputcontrolpoints]`, `[patchconstantfunc]`, `[maxtessfactor]`, `[outputtopology]`);
//! - two stencil-reference promises for one face are DXC's error (`E2240`, in its words).
//!
//! Called by `decl_checks` (unknown names) and `attr_checks` (function attributes, which know
//! the entry point's stage).

use syntax::ast;
use syntax::TextRange;

use crate::codes;
use crate::entry::Stage;

/// Every `[[vk::...]]` attribute DXC declares (`Attr.td`), without the `vk::` prefix.
const KNOWN: &[&str] = &[
    "aliased_pointer",
    "binding",
    "builtin",
    "combinedImageSampler",
    "constant_id",
    "counter_binding",
    "depth_unchanged",
    "early_and_late_tests",
    "ext_builtin_input",
    "ext_builtin_output",
    "ext_capability",
    "ext_decorate",
    "ext_decorate_id",
    "ext_decorate_string",
    "ext_extension",
    "ext_instruction",
    "ext_literal",
    "ext_reference",
    "ext_storage_class",
    "ext_type_def",
    "image_format",
    "index",
    "input_attachment_index",
    "location",
    "maximally_reconverges",
    "offset",
    "perprimitive",
    "post_depth_coverage",
    "push_constant",
    "restrict_pointer",
    "shader_record_ext",
    "shader_record_nv",
    "spvexecutionmode",
    "stencil_ref_greater_equal_back",
    "stencil_ref_greater_equal_front",
    "stencil_ref_less_equal_back",
    "stencil_ref_less_equal_front",
    "stencil_ref_unchanged_back",
    "stencil_ref_unchanged_front",
];

/// Function attributes that only entry points of some stages read: the attribute, the
/// stages, and how a message names them.
const STAGE_ONLY: &[(&str, &[Stage], &str)] = &[
    ("earlydepthstencil", &[Stage::Pixel], "pixel shaders"),
    ("vk::post_depth_coverage", &[Stage::Pixel], "pixel shaders"),
    ("vk::early_and_late_tests", &[Stage::Pixel], "pixel shaders"),
    ("vk::depth_unchanged", &[Stage::Pixel], "pixel shaders"),
    (
        "vk::stencil_ref_unchanged_front",
        &[Stage::Pixel],
        "pixel shaders",
    ),
    (
        "vk::stencil_ref_greater_equal_front",
        &[Stage::Pixel],
        "pixel shaders",
    ),
    (
        "vk::stencil_ref_less_equal_front",
        &[Stage::Pixel],
        "pixel shaders",
    ),
    (
        "vk::stencil_ref_unchanged_back",
        &[Stage::Pixel],
        "pixel shaders",
    ),
    (
        "vk::stencil_ref_greater_equal_back",
        &[Stage::Pixel],
        "pixel shaders",
    ),
    (
        "vk::stencil_ref_less_equal_back",
        &[Stage::Pixel],
        "pixel shaders",
    ),
    ("maxvertexcount", &[Stage::Geometry], "geometry shaders"),
    ("instance", &[Stage::Geometry], "geometry shaders"),
    (
        "domain",
        &[Stage::Hull, Stage::Domain],
        "hull and domain shaders",
    ),
    ("partitioning", &[Stage::Hull], "hull shaders"),
    ("outputcontrolpoints", &[Stage::Hull], "hull shaders"),
    ("patchconstantfunc", &[Stage::Hull], "hull shaders"),
    ("maxtessfactor", &[Stage::Hull], "hull shaders"),
    (
        "outputtopology",
        &[Stage::Hull, Stage::Mesh],
        "hull and mesh shaders",
    ),
];

/// A diagnostic found here: code, range and message (the code's letter says the severity).
pub(crate) type Finding = (&'static str, TextRange, String);

/// `W2090` for `attr` when it is a `vk::` attribute DXC does not know.
pub(crate) fn unknown_vk_attribute(attr: &ast::Attribute) -> Option<Finding> {
    let name = attr.name_text();
    let short = name.strip_prefix("vk::")?;
    if KNOWN.contains(&short) {
        return None;
    }
    Some((
        codes::UNKNOWN_ATTRIBUTE,
        ast::AstNode::syntax(attr).text_range(),
        format!("unknown attribute '{short}' ignored"),
    ))
}

/// The findings of the stage attributes among `attrs`, the attributes of a function that is
/// an entry point of `stage` (`None`: no entry point, where nothing is said): an attribute
/// of other stages (`W2091`), two stencil promises for one face (`E2240`).
pub(crate) fn stage_attributes(attrs: &[ast::Attribute], stage: Option<Stage>) -> Vec<Finding> {
    let mut out = Vec::new();
    let Some(stage) = stage else {
        return out;
    };
    for a in attrs {
        let name = a.name_text();
        let Some((known, stages, takers)) = STAGE_ONLY
            .iter()
            .find(|(k, _, _)| k.eq_ignore_ascii_case(&name))
        else {
            continue;
        };
        if stages.contains(&stage) {
            continue;
        }
        let spelled = match known.strip_prefix("vk::") {
            Some(_) => format!("[[{known}]]"),
            None => format!("[{known}]"),
        };
        out.push((
            codes::ATTRIBUTE_WITHOUT_EFFECT,
            ast::AstNode::syntax(a).text_range(),
            format!(
                "`{spelled}` has no effect on a {} shader; only {takers} take it",
                stage.name()
            ),
        ));
    }
    if stage != Stage::Pixel {
        return out;
    }
    for face in ["front", "back"] {
        let names = [
            format!("vk::stencil_ref_unchanged_{face}"),
            format!("vk::stencil_ref_greater_equal_{face}"),
            format!("vk::stencil_ref_less_equal_{face}"),
        ];
        let mut given = attrs.iter().filter(|a| names.contains(&a.name_text()));
        if let (Some(_), Some(second)) = (given.next(), given.next()) {
            out.push((
                codes::STENCIL_REF_ATTRIBUTES,
                ast::AstNode::syntax(second).text_range(),
                format!(
                    "Shaders must not specify more than one of stencil_ref_unchanged_{face}, \
                     stencil_ref_greater_equal_{face}, and stencil_ref_less_equal_{face}."
                ),
            ));
        }
    }
    out
}
