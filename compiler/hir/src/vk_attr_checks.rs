//! Vulkan attributes DXC knows, and where they mean nothing:
//!
//! - a `[[vk::name]]` DXC does not know is ignored with clang's warning (`W2090`, "unknown
//!   attribute 'name' ignored"), on any declaration `decl_checks` looks at;
//! - the pixel-shader test attributes (`[earlydepthstencil]`, `[[vk::post_depth_coverage]]`,
//!   and `SPV_AMD_shader_early_and_late_fragment_tests`'s `[[vk::early_and_late_tests]]`,
//!   `[[vk::depth_unchanged]]`, `[[vk::stencil_ref_*]]`) on an entry point of another stage
//!   add nothing to it (`W2091`);
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

/// Function attributes that only a pixel entry point reads.
const PIXEL_ONLY: &[&str] = &[
    "earlydepthstencil",
    "vk::post_depth_coverage",
    "vk::early_and_late_tests",
    "vk::depth_unchanged",
    "vk::stencil_ref_unchanged_front",
    "vk::stencil_ref_greater_equal_front",
    "vk::stencil_ref_less_equal_front",
    "vk::stencil_ref_unchanged_back",
    "vk::stencil_ref_greater_equal_back",
    "vk::stencil_ref_less_equal_back",
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

/// The findings of the fragment-test attributes among `attrs`, the attributes of a function
/// that is an entry point of `stage` (`None`: no entry point, where nothing is said).
pub(crate) fn fragment_test_attributes(
    attrs: &[ast::Attribute],
    stage: Option<Stage>,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let Some(stage) = stage else {
        return out;
    };
    if stage != Stage::Pixel {
        for a in attrs {
            let name = a.name_text();
            if let Some(known) = PIXEL_ONLY.iter().find(|k| k.eq_ignore_ascii_case(&name)) {
                let spelled = match known.strip_prefix("vk::") {
                    Some(_) => format!("[[{known}]]"),
                    None => format!("[{known}]"),
                };
                out.push((
                    codes::ATTRIBUTE_WITHOUT_EFFECT,
                    ast::AstNode::syntax(a).text_range(),
                    format!(
                        "`{spelled}` has no effect on a {} shader; only pixel shaders take it",
                        stage.name()
                    ),
                ));
            }
        }
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
