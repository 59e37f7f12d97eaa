//! Vulkan-only resource methods: `SubpassLoad` of `SubpassInput<T>` and `SubpassInputMS<T>`
//! (DXC's `docs/SPIR-V.rst`, "Subpass inputs"), pixel shaders only.

use types::ResourceType;

use crate::model::avail::PIXEL;
use crate::model::Category::Resource;
use crate::Table;

/// Adds the methods of `resource` if it is a subpass input.
pub(crate) fn add(t: &mut Table, resource: &ResourceType) {
    let ResourceType::SubpassInput {
        multisampled,
        element,
    } = resource
    else {
        return;
    };
    t.env.push(("E", element.clone()));
    if *multisampled {
        t.def(
            Resource,
            PIXEL,
            false,
            "Reads sample `sample` of the input attachment at the pixel being shaded (Vulkan).",
            &["$E SubpassLoad(int sample)"],
        );
    } else {
        t.def(
            Resource,
            PIXEL,
            false,
            "Reads the input attachment at the pixel being shaded (Vulkan).",
            &["$E SubpassLoad()"],
        );
    }
}

#[cfg(test)]
mod tests {
    use types::{ResourceType, ScalarKind, Type};

    use crate::{resolve_method, ArgType};

    fn subpass(multisampled: bool, element: Type) -> Type {
        Type::resource(ResourceType::SubpassInput {
            multisampled,
            element,
        })
    }

    #[test]
    fn subpass_load_returns_the_element() {
        let t = subpass(false, Type::vector(ScalarKind::Int, 2));
        let r = resolve_method(&t, "SubpassLoad", &[]).unwrap();
        assert_eq!(r.ret, Type::vector(ScalarKind::Int, 2));
        assert!(resolve_method(&t, "SubpassLoad", &[ArgType::LiteralInt]).is_err());
    }

    #[test]
    fn multisampled_subpass_load_takes_the_sample() {
        let t = subpass(true, Type::FLOAT);
        let r = resolve_method(&t, "SubpassLoad", &[ArgType::LiteralInt]).unwrap();
        assert_eq!(r.ret, Type::FLOAT);
        assert_eq!(r.params[0].ty, Type::INT);
        assert!(resolve_method(&t, "SubpassLoad", &[]).is_err());
        assert!(resolve_method(&t, "Load", &[ArgType::LiteralInt]).is_err());
    }
}
