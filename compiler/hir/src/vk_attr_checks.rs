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
//! - two stencil-reference promises for one face are DXC's error (`E2240`, in its words);
//! - a `[[vk::image_format("name")]]` naming no format DXC knows is ignored with clang's
//!   warning (`W2092`), the format then inferred from the element type.
//!
//! Called by `decl_checks` (unknown names) and `attr_checks` (function attributes, which know
//! the entry point's stage).

use syntax::ast;
use syntax::TextRange;

use types::{ResourceType, Type};

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
    // DXC gives a domain shader's `[partitioning]` and `[outputtopology]` their modes too.
    (
        "partitioning",
        &[Stage::Hull, Stage::Domain],
        "hull and domain shaders",
    ),
    ("outputcontrolpoints", &[Stage::Hull], "hull shaders"),
    ("patchconstantfunc", &[Stage::Hull], "hull shaders"),
    ("maxtessfactor", &[Stage::Hull], "hull shaders"),
    (
        "outputtopology",
        &[Stage::Hull, Stage::Domain, Stage::Mesh],
        "hull, domain and mesh shaders",
    ),
];

/// The formats `[[vk::image_format]]` takes (DXC's `Attr.td`).
const IMAGE_FORMATS: &[&str] = &[
    "unknown",
    "rgba32f",
    "rgba16f",
    "r32f",
    "rgba8",
    "rgba8snorm",
    "rg32f",
    "rg16f",
    "r11g11b10f",
    "r16f",
    "rgba16",
    "rgb10a2",
    "rg16",
    "rg8",
    "r16",
    "r8",
    "rgba16snorm",
    "rg16snorm",
    "rg8snorm",
    "r16snorm",
    "r8snorm",
    "rgba32i",
    "rgba16i",
    "rgba8i",
    "r32i",
    "rg32i",
    "rg16i",
    "rg8i",
    "r16i",
    "r8i",
    "rgba32ui",
    "rgba16ui",
    "rgba8ui",
    "r32ui",
    "rgb10a2ui",
    "rg32ui",
    "rg16ui",
    "rg8ui",
    "r16ui",
    "r8ui",
    "r64ui",
    "r64i",
];

/// Whether `name` is a format `[[vk::image_format]]` takes.
pub fn is_image_format(name: &str) -> bool {
    IMAGE_FORMATS.contains(&name)
}

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

/// `W2092` for `[[vk::image_format("name")]]` whose name DXC does not know, in clang's words.
pub(crate) fn unknown_image_format(attr: &ast::Attribute) -> Option<Finding> {
    if attr.name_text() != "vk::image_format" {
        return None;
    }
    let arg = attr.arg_list()?.args().next()?;
    let text = ast::AstNode::syntax(&arg).text().to_string();
    let name = text.trim().trim_matches('"').to_owned();
    if is_image_format(&name) {
        return None;
    }
    Some((
        codes::UNKNOWN_ATTRIBUTE_ARGUMENT,
        ast::AstNode::syntax(&arg).text_range(),
        format!("'image_format' attribute argument not supported: {name}"),
    ))
}

/// `W2091` for `[[vk::input_attachment_index]]` on a global of type `ty` that is no subpass
/// input (its SPIR-V decoration needs the subpass input's `InputAttachment` capability, so
/// lowering leaves it out).
pub(crate) fn input_attachment_elsewhere(
    attr: &ast::Attribute,
    ty: Option<&Type>,
) -> Option<Finding> {
    if attr.name_text() != "vk::input_attachment_index" {
        return None;
    }
    let ty = ty?;
    let mut element = ty;
    while let Type::Array { element: e, .. } = element {
        element = e;
    }
    if matches!(element, Type::Resource(r) if matches!(**r, ResourceType::SubpassInput { .. })) {
        return None;
    }
    Some((
        codes::ATTRIBUTE_WITHOUT_EFFECT,
        ast::AstNode::syntax(attr).text_range(),
        format!(
            "`[[vk::input_attachment_index]]` has no effect on a `{ty}`; only subpass inputs \
             (`SubpassInput`, `SubpassInputMS`) take it"
        ),
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
