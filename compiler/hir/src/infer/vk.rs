//! The intrinsics of DXC's implicit `vk` namespace that the intrinsic table cannot describe:
//! `T vk::RawBufferLoad<T = uint>(uint64_t address, uint alignment = 4)` and
//! `void vk::RawBufferStore<T = uint>(uint64_t address, T value, uint alignment = 4)`
//! (DXC's `docs/SPIR-V.rst`, "RawBufferLoad and RawBufferStore"), which take an explicit
//! template argument, inline SPIR-V's `vk::ext_execution_mode(mode, operands...)`, which
//! takes any number of constants, its `vk::ext_execution_mode_id(mode, operands...)`, whose
//! operands are integer constants or spec constants passed by id, and `uint64_t vk::ReadClock(uint scope)`. The alignment must be a
//! constant: a literal is checked here (positive, a power of two); lowering checks any other
//! constant expression.

use syntax::ast::PrefixOp;
use types::{ScalarKind, Type};

use super::{BodyNode, InferCtx};
use crate::body::{Expr, ExprId, Literal};
use crate::codes;
use crate::type_ref::{GenericArg, Path};

/// A `vk::` intrinsic with an explicit template argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VkIntrinsic {
    RawBufferLoad,
    RawBufferStore,
    /// `vk::ext_execution_mode(mode, operands...)` (inline SPIR-V): constants only.
    ExtExecutionMode,
    /// `vk::ext_execution_mode_id(mode, operands...)` (inline SPIR-V, `OpExecutionModeId`):
    /// a constant mode, then integer constants or spec constants.
    ExtExecutionModeId,
    /// `uint64_t vk::ReadClock(uint scope)` (`SPV_KHR_shader_clock`).
    ReadClock,
}

impl VkIntrinsic {
    /// The intrinsic `path` names (`vk::RawBufferLoad<float4>`), template arguments aside.
    pub fn of_path(path: &Path) -> Option<VkIntrinsic> {
        let [ns, name] = &path.segments[..] else {
            return None;
        };
        if ns.name.as_str() != "vk" || ns.args.is_some() {
            return None;
        }
        match name.name.as_str() {
            "RawBufferLoad" => Some(VkIntrinsic::RawBufferLoad),
            "RawBufferStore" => Some(VkIntrinsic::RawBufferStore),
            "ext_execution_mode" => Some(VkIntrinsic::ExtExecutionMode),
            "ext_execution_mode_id" => Some(VkIntrinsic::ExtExecutionModeId),
            "ReadClock" => Some(VkIntrinsic::ReadClock),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            VkIntrinsic::RawBufferLoad => "vk::RawBufferLoad",
            VkIntrinsic::RawBufferStore => "vk::RawBufferStore",
            VkIntrinsic::ExtExecutionMode => "vk::ext_execution_mode",
            VkIntrinsic::ExtExecutionModeId => "vk::ext_execution_mode_id",
            VkIntrinsic::ReadClock => "vk::ReadClock",
        }
    }
}

impl InferCtx<'_> {
    /// Types a call of a `vk::` intrinsic: `None` when `path` names none, else the call's
    /// type (`Some(None)` after an error).
    ///
    /// The callee's type is recorded as `T`, so lowering knows what a store writes (its own
    /// result type is `void`).
    pub(super) fn infer_vk_call(
        &mut self,
        id: ExprId,
        callee: ExprId,
        path: &Path,
        args: &[ExprId],
    ) -> Option<Option<Type>> {
        let which = VkIntrinsic::of_path(path)?;
        if which == VkIntrinsic::ReadClock {
            if args.len() != 1 {
                self.diag(
                    codes::WRONG_ARG_COUNT,
                    BodyNode::Expr(id),
                    format!("`vk::ReadClock` takes 1 argument, {} given", args.len()),
                );
                return Some(None);
            }
            self.check_conversion(args[0], &Type::UINT);
            return Some(Some(Type::Scalar(ScalarKind::Uint64)));
        }
        if which == VkIntrinsic::ExtExecutionMode {
            if args.is_empty() {
                self.diag(
                    codes::WRONG_ARG_COUNT,
                    BodyNode::Expr(id),
                    "`vk::ext_execution_mode` takes the mode and its operands".to_owned(),
                );
            }
            for &a in args {
                self.check_conversion(a, &Type::UINT);
            }
            return Some(Some(Type::Void));
        }
        if which == VkIntrinsic::ExtExecutionModeId {
            let Some((&mode, operands)) = args.split_first() else {
                self.diag(
                    codes::WRONG_ARG_COUNT,
                    BodyNode::Expr(id),
                    "`vk::ext_execution_mode_id` takes the mode and its operands".to_owned(),
                );
                return Some(Some(Type::Void));
            };
            self.check_conversion(mode, &Type::UINT);
            // Each operand is an id of a constant of its own type (a literal is an `int`, as
            // DXC types it), so only integers go.
            for &a in operands {
                let ty = self.infer_expr(a);
                let integer = match &ty {
                    Some(Type::Scalar(k)) => k.is_integer(),
                    Some(Type::Enum(_)) | None => true,
                    _ => false,
                };
                if !integer {
                    let shown = ty.map_or_else(String::new, |t| t.to_string());
                    self.diag(
                        codes::TYPE_MISMATCH,
                        BodyNode::Expr(a),
                        format!(
                            "an operand of `vk::ext_execution_mode_id` must be an integer \
                             constant, not a value of type `{shown}`"
                        ),
                    );
                }
            }
            return Some(Some(Type::Void));
        }
        let element = match path.segments[1].args.as_deref() {
            None | Some([]) => Some(Type::UINT),
            Some([GenericArg::Type(t)]) => self.resolve_type(t, BodyNode::Expr(id)),
            Some(_) => {
                self.diag(
                    codes::WRONG_ARG_COUNT,
                    BodyNode::Expr(id),
                    format!("`{}` takes one template argument, a type", which.name()),
                );
                None
            }
        };
        let (min, max) = match which {
            VkIntrinsic::RawBufferLoad => (1, 2),
            _ => (2, 3),
        };
        if args.len() < min || args.len() > max {
            self.diag(
                codes::WRONG_ARG_COUNT,
                BodyNode::Expr(id),
                format!(
                    "`{}` takes {min} or {max} arguments, {} given",
                    which.name(),
                    args.len()
                ),
            );
            return Some(None);
        }
        self.check_conversion(args[0], &Type::Scalar(ScalarKind::Uint64));
        if let (VkIntrinsic::RawBufferStore, Some(t)) = (which, &element) {
            self.check_conversion(args[1], t);
        }
        if args.len() == max {
            self.check_alignment(args[max - 1]);
        }
        if let Some(t) = &element {
            if t.as_resource().is_some() {
                self.diag(
                    codes::TYPE_MISMATCH,
                    BodyNode::Expr(id),
                    format!("`{}` cannot move a resource (`{t}`)", which.name()),
                );
                return Some(None);
            }
        }
        self.set(callee, element.clone(), false);
        Some(match which {
            VkIntrinsic::RawBufferLoad => element,
            _ => Some(Type::Void),
        })
    }

    /// The alignment argument: DXC's "alignment argument must be a constant unsigned
    /// integer" for a negative or non-integer literal, and a power of two (SPIR-V's
    /// `Aligned` operand) for a literal.
    fn check_alignment(&mut self, arg: ExprId) {
        self.check_conversion(arg, &Type::UINT);
        let mut e = arg;
        let mut negative = false;
        loop {
            match self.body.expr(e) {
                Expr::Paren(inner) => e = *inner,
                Expr::Prefix {
                    op: PrefixOp::Neg,
                    expr,
                } => {
                    negative = !negative;
                    e = *expr;
                }
                _ => break,
            }
        }
        let message = match self.body.expr(e) {
            Expr::Literal(Literal::Int(v, _)) if !negative => {
                if v.is_power_of_two() && *v <= u64::from(u32::MAX) {
                    return;
                }
                "alignment argument must be a power of two"
            }
            Expr::Literal(_) => "alignment argument must be a constant unsigned integer",
            // Named constants are left to lowering, which sees their values.
            _ => return,
        };
        self.diag(
            codes::INVALID_ALIGNMENT,
            BodyNode::Expr(arg),
            message.to_owned(),
        );
    }
}
