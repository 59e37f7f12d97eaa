//! `register(...)` bindings DXC refuses while checking declarations (`E2071`), in its words:
//!
//! - a register type that is none of `b`, `c`, `i`, `s`, `t`, `u` ("register type is
//!   unsupported - available types are 'b', 'c', 'i', 's', 't', 'u'");
//! - a register of the wrong class for the resource ("invalid register specification,
//!   expected 'b' binding"): `b` for constant buffers (`cbuffer`, `ConstantBuffer<T>`), `t`
//!   for `tbuffer`, `TextureBuffer<T>` and read-only resources, `u` for writable ones, `s` or
//!   `t` for samplers (numeric globals take `b`, `c` or `i` and are not checked here);
//! - a register number too large for 32 bits ("register number should be an integral
//!   numeric string");
//! - a space that is not `spaceN` ("expected space definition with syntax 'spaceX', where X
//!   is an integral value", "space number should be an integral numeric string").
//!
//! `register(spaceN)` alone (DXC's space-only form) names no register and is not checked.
//!
//! A shader-profile argument (`register(ps, s0)`, `register(vs_5_0, t1)`) comes before the
//! register and is skipped. Called by `decl_checks::declaration_diagnostics`.

use types::{ResourceType, StructuredKind, Type};

/// What a declaration with a `register(...)` binding is, for the class it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RegisterUse {
    /// `cbuffer`, `ConstantBuffer<T>`: `b`.
    ConstantBuffer,
    /// `tbuffer`, `TextureBuffer<T>`, textures, buffers and acceleration structures read
    /// only: `t`.
    ReadOnly,
    /// `RW*`, append, consume and rasterizer-ordered resources: `u`.
    Writable,
    /// `SamplerState`, `SamplerComparisonState`: `s` (or `t`).
    Sampler,
    /// Anything else (numeric globals, Vulkan-only types such as `vk::SampledTexture2D`):
    /// the class is not checked.
    Other,
}

impl RegisterUse {
    /// The use of a global of type `ty` (arrays of resources as their element).
    pub(crate) fn of_type(ty: &Type) -> RegisterUse {
        let ty = match ty {
            Type::Array { element, .. } => return RegisterUse::of_type(element),
            t => t,
        };
        let Type::Resource(r) = ty else {
            return RegisterUse::Other;
        };
        let writable = |w: bool| {
            if w {
                RegisterUse::Writable
            } else {
                RegisterUse::ReadOnly
            }
        };
        match &**r {
            ResourceType::ConstantBuffer { .. } => RegisterUse::ConstantBuffer,
            // `vk::SampledTexture*` is a texture and a sampler in one: DXC binds it from an
            // `s` register as from a `t` one (the offload test suite uses `register(s0)`).
            ResourceType::Texture { access, .. } if access.is_combined() => RegisterUse::Other,
            ResourceType::TextureBuffer { .. } | ResourceType::RaytracingAccelerationStructure => {
                RegisterUse::ReadOnly
            }
            ResourceType::Texture { access, .. }
            | ResourceType::TypedBuffer { access, .. }
            | ResourceType::ByteAddressBuffer { access } => writable(access.is_writable()),
            ResourceType::StructuredBuffer { kind, .. } => {
                writable(*kind != StructuredKind::ReadOnly)
            }
            ResourceType::Sampler { .. } => RegisterUse::Sampler,
            _ => RegisterUse::Other,
        }
    }

    /// The register classes this use takes, and how DXC's message names them.
    fn classes(self) -> Option<(&'static [char], &'static str)> {
        Some(match self {
            RegisterUse::ConstantBuffer => (&['b'], "'b'"),
            RegisterUse::ReadOnly => (&['t'], "'t'"),
            RegisterUse::Writable => (&['u'], "'u'"),
            RegisterUse::Sampler => (&['s', 't'], "'s' or 't'"),
            RegisterUse::Other => return None,
        })
    }
}

/// The register types DXC knows.
const REGISTER_TYPES: [char; 6] = ['b', 'c', 'i', 's', 't', 'u'];

/// The problems of the binding `register(args...)` on a declaration of `use_`, as DXC's
/// messages.
pub(crate) fn register_problems(args: &[String], use_: RegisterUse) -> Vec<String> {
    let mut out = Vec::new();
    let args: Vec<&str> = args.iter().map(|a| a.trim()).collect();
    let rest = match args.as_slice() {
        [profile, rest @ ..] if !rest.is_empty() && is_profile(profile) => rest,
        all => all,
    };
    let Some((register, more)) = rest.split_first() else {
        return out;
    };
    // `register(space1)` gives only the space (DXC's space-only form); the register number
    // is assigned automatically.
    if more.is_empty() && register.strip_prefix("space").is_some_and(is_number) {
        return out;
    }
    let Some(class) = register.chars().next().map(|c| c.to_ascii_lowercase()) else {
        return out;
    };
    if !REGISTER_TYPES.contains(&class) {
        out.push(
            "register type is unsupported - available types are 'b', 'c', 'i', 's', 't', 'u'"
                .into(),
        );
        return out;
    }
    if let Some((classes, names)) = use_.classes() {
        if !classes.contains(&class) {
            out.push(format!(
                "invalid register specification, expected {names} binding"
            ));
        }
    }
    let digits: String = register[1..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    if !digits.is_empty() && digits.parse::<u32>().is_err() {
        out.push("register number should be an integral numeric string".into());
    }
    if let Some(space) = more.first() {
        match space.strip_prefix("space") {
            None => out.push(
                "expected space definition with syntax 'spaceX', where X is an integral value"
                    .into(),
            ),
            Some(n) if n.parse::<u32>().is_err() => {
                out.push("space number should be an integral numeric string".into());
            }
            Some(_) => {}
        }
    }
    out
}

/// Whether `text` is a whole decimal `u32`.
fn is_number(text: &str) -> bool {
    !text.is_empty() && text.parse::<u32>().is_ok()
}

/// Whether a binding argument names a shader profile (`ps`, `vs_5_0`), not a register.
fn is_profile(arg: &str) -> bool {
    const STAGES: [&str; 9] = ["vs", "ps", "gs", "hs", "ds", "cs", "ms", "as", "lib"];
    let stage = arg.split('_').next().unwrap_or(arg);
    STAGES.contains(&stage)
        && arg[stage.len()..]
            .chars()
            .all(|c| c == '_' || c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(args: &[&str], use_: RegisterUse) -> Vec<String> {
        let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
        register_problems(&args, use_)
    }

    #[test]
    fn classes_by_use() {
        assert!(problems(&["b0"], RegisterUse::ConstantBuffer).is_empty());
        assert!(problems(&["B3"], RegisterUse::ConstantBuffer).is_empty());
        assert_eq!(
            problems(&["t1"], RegisterUse::ConstantBuffer),
            ["invalid register specification, expected 'b' binding"]
        );
        assert!(problems(&["t0", "space1"], RegisterUse::ReadOnly).is_empty());
        assert_eq!(
            problems(&["u0"], RegisterUse::ReadOnly),
            ["invalid register specification, expected 't' binding"]
        );
        assert!(problems(&["ps", "s"], RegisterUse::Sampler).is_empty());
        assert!(problems(&["t1"], RegisterUse::Sampler).is_empty());
        assert_eq!(
            problems(&["ps", "c"], RegisterUse::Sampler),
            ["invalid register specification, expected 's' or 't' binding"]
        );
        assert!(problems(&["c4"], RegisterUse::Other).is_empty());
        let sampled = Type::Resource(std::sync::Arc::new(ResourceType::Texture {
            dim: types::TextureDim::D2,
            access: types::TextureAccess::Sampled,
            sample: Type::Vector(types::ScalarKind::Float, 4),
        }));
        assert_eq!(RegisterUse::of_type(&sampled), RegisterUse::Other);
    }

    #[test]
    fn unknown_types_numbers_and_spaces() {
        assert_eq!(
            problems(&["ps", "a0"], RegisterUse::Other),
            ["register type is unsupported - available types are 'b', 'c', 'i', 's', 't', 'u'"]
        );
        assert_eq!(
            problems(&["vs", "s4294967296"], RegisterUse::Sampler),
            ["register number should be an integral numeric string"]
        );
        assert_eq!(
            problems(&["ps", "s[1]", "splice"], RegisterUse::Sampler),
            ["expected space definition with syntax 'spaceX', where X is an integral value"]
        );
        assert_eq!(
            problems(&["s1", "spacez"], RegisterUse::Sampler),
            ["space number should be an integral numeric string"]
        );
    }

    #[test]
    fn space_only_form() {
        // DXC's `register(space2)` names only the space, for any resource.
        assert!(problems(&["space2"], RegisterUse::Writable).is_empty());
        assert!(problems(&["space0"], RegisterUse::ConstantBuffer).is_empty());
        // Not the form: a sampler register `s`, or a space without a number.
        assert_eq!(
            problems(&["spacex"], RegisterUse::Writable),
            ["invalid register specification, expected 'u' binding"]
        );
        assert_eq!(
            problems(&["space1", "space2"], RegisterUse::ConstantBuffer),
            ["invalid register specification, expected 'b' binding"]
        );
    }
}
