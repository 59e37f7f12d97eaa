//! SM 6.6 descriptor heap elements initializing a variable: DXC types
//! `ResourceDescriptorHeap[i]` as `const .Resource` and `SamplerDescriptorHeap[i]` as
//! `const .Sampler`, and the first converts only to resources that are not samplers, the
//! second only to samplers. The element has no type of its own here (it takes the type it
//! initializes), so this check gives DXC's error where the kinds do not match.

use types::{ResourceType, Type};

use super::{BodyNode, InferCtx};
use crate::body::{Expr, ExprId};
use crate::codes;

impl InferCtx<'_> {
    /// `T x = SamplerDescriptorHeap[i];` with `T` no sampler, or `ResourceDescriptorHeap[i]`
    /// for a sampler: DXC's "cannot initialize" error.
    pub(super) fn check_heap_init(&mut self, init: ExprId, ty: &Type) {
        let mut e = init;
        while let Expr::Paren(inner) = self.body.expr(e) {
            e = *inner;
        }
        let Expr::Index { base, .. } = self.body.expr(e) else {
            return;
        };
        let Expr::Path(p) = self.body.expr(*base) else {
            return;
        };
        let sampler_heap = match p.as_name() {
            Some("ResourceDescriptorHeap") => false,
            Some("SamplerDescriptorHeap") => true,
            _ => return,
        };
        let sampler =
            matches!(ty, Type::Resource(r) if matches!(**r, ResourceType::Sampler { .. }));
        if sampler != sampler_heap {
            let heap = if sampler_heap {
                ".Sampler"
            } else {
                ".Resource"
            };
            self.diag(
                codes::TYPE_MISMATCH,
                BodyNode::Expr(init),
                format!(
                    "cannot initialize a variable of type '{ty}' with an rvalue of type 'const {heap}'"
                ),
            );
        }
    }
}
