//! Parameters declared as arrays of unknown size (`float f(float a[])`), which DXC accepts
//! from shader model 6 on and sizes by the argument.
//!
//! Such a parameter has no IR type of its own, so a function taking one is lowered once per
//! distinct list of argument lengths, like the per-resource copies of functions taking
//! resources: `f(float2[2])` and `f(float2[3])` call `f` and `f.1`, whose parameter is a
//! `float[2]` and a `float[3]` value (or a pointer to one for `out` and `inout`). The
//! copy's inference result sees the parameter with its length ([`sized_inference`]), so
//! the body lowers as for a parameter declared with that size, and passing it on to another
//! function taking `T[]` picks that function's copy of the same length. `user_call` finds
//! the lengths ([`FnLower::unsized_lengths`]); `ModuleCtx::function_for_resources` gives each
//! copy its parameter types.

use hir::body::{Body, Expr, ExprId};
use hir::InferenceResult;
use types::Type;

use crate::context::R;
use crate::func::FnLower;

/// Whether `ty` is an array of unknown size of values a local can hold (`float a[]`,
/// `float4 m[][2]`), as opposed to one of resources.
pub fn is_unsized_value_array(ty: &Type) -> bool {
    matches!(ty, Type::Array { element, len: None } if crate::func::is_storable(element))
}

/// `ty` (an array of unknown size) with `len` elements.
pub fn with_len(ty: &Type, len: u32) -> Type {
    match ty {
        Type::Array { element, .. } => Type::array((**element).clone(), len),
        t => t.clone(),
    }
}

impl FnLower<'_, '_> {
    /// The length of the argument of each parameter of `params` declared as an array of
    /// unknown size, in parameter order; `None` when a call leaves one out.
    pub fn unsized_lengths(
        &mut self,
        params: &[Option<Type>],
        args: &[ExprId],
        call: ExprId,
    ) -> R<Vec<u32>> {
        let mut lens = Vec::new();
        for (p, &a) in params.iter().zip(args) {
            if !p.as_ref().is_some_and(is_unsized_value_array) {
                continue;
            }
            match self.ty(a)? {
                Type::Array { len: Some(n), .. } => lens.push(n),
                _ => {
                    return Err(self.unsupported(
                        "passing an array of unknown size to a parameter of unknown size",
                        call,
                    ))
                }
            }
        }
        Ok(lens)
    }
}

/// `infer` with the parameters of `body` declared as arrays of unknown size given the
/// lengths `lens` (in parameter order), in their types and in those of every use of them.
pub fn sized_inference(infer: &InferenceResult, body: &Body, lens: &[u32]) -> InferenceResult {
    let mut sized = infer.clone();
    let mut lens = lens.iter();
    let mut replaced = Vec::new();
    for &p in &body.params {
        let Some(Some(ty)) = sized.local_types.get(p.0 as usize) else {
            continue;
        };
        if !is_unsized_value_array(ty) {
            continue;
        }
        let Some(&n) = lens.next() else { break };
        let ty = with_len(ty, n);
        sized.local_types[p.0 as usize] = Some(ty.clone());
        replaced.push((p, ty));
    }
    for (i, t) in sized.expr_types.iter_mut().enumerate() {
        if let Expr::Local(l) = body.expr(ExprId(i as u32)) {
            if let Some((_, ty)) = replaced.iter().find(|(p, _)| p == l) {
                *t = Some(ty.clone());
            }
        }
    }
    sized
}
