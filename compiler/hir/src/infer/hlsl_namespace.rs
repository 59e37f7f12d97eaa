//! The names an intrinsic call may be written with besides its plain name: `::sin(x)` (the
//! global namespace, where DXC declares the intrinsics before HLSL 202x) and, from HLSL
//! 202x on, `hlsl::sin(x)` (DXC's implicit `hlsl` namespace). Used by `call.rs` when a
//! call's path names no user declaration, and by lowering for the same calls.
//!
//! DXC 202x also stops finding unqualified intrinsics (`sin(x)` without
//! `using namespace hlsl;`); we keep accepting them, so `using namespace hlsl;` (accepted in
//! a function body by `body.rs`) changes nothing here.

use super::InferCtx;
use crate::type_ref::Path;
use crate::HLSL_202X;

/// The plain intrinsic name a qualified call path asks for: `sin` for `::sin` and, under
/// HLSL 202x (`hlsl_version`), for `hlsl::sin`; `None` for any other path.
pub fn qualified_intrinsic_name(path: &Path, hlsl_version: u32) -> Option<&str> {
    if path.segments.iter().any(|s| s.args.is_some()) {
        return None;
    }
    match path.segments.as_slice() {
        [name] if path.global => Some(&name.name),
        [ns, name] if !path.global && ns.name == "hlsl" && hlsl_version >= HLSL_202X => {
            Some(&name.name)
        }
        _ => None,
    }
}

impl InferCtx<'_> {
    /// The intrinsic name a call through `path` (which resolved to nothing of the user's)
    /// asks for: see [`qualified_intrinsic_name`]; else the path as written.
    pub(super) fn intrinsic_call_name(&self, path: &Path) -> String {
        let version = self.config.preprocess(self.db).hlsl_version;
        qualified_intrinsic_name(path, version).map_or_else(|| path.to_string(), str::to_owned)
    }
}
