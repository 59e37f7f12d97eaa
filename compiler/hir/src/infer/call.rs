//! Calls: constructors (`float4(a, b)`), user functions and methods with overload resolution
//! (the viable candidates ranked by DXC's summed conversion scores, `overload_score.rs`),
//! deduction of template arguments from argument types, out/inout arguments, and the
//! intrinsic seam for everything no user declaration provides.

use types::Type;

use super::ops::{self, Conversion, Operand};
use super::overload_score;
use super::{BodyNode, FunctionSignature, InferCtx, RelatedNode, ValueRes};
use crate::body::{Expr, ExprId};
use crate::codes;
use crate::ids::FunctionId;
use crate::intrinsics::{IntrinsicArg, IntrinsicCall};
use crate::item_tree::{ItemIdx, ParamDirection};
use crate::lower_type::{TemplateArg, TypeCtx};
use crate::type_ref::{GenericArg, TypeBase, TypeRef};

struct Candidate {
    idx: ItemIdx,
    sig: FunctionSignature,
    convs: Vec<Conversion>,
    /// DXC's score of the argument conversions (lower is better).
    score: u64,
}

impl InferCtx<'_> {
    pub(super) fn infer_call(
        &mut self,
        id: ExprId,
        callee: ExprId,
        args: &[ExprId],
    ) -> Option<Type> {
        let callee_expr = self.body.expr(callee).clone();
        let Expr::Path(path) = callee_expr else {
            // Resolve the arguments after the callee, in source order.
            let callee_ty = self.infer_expr(callee);
            if let Some(Type::Struct(s)) = &callee_ty {
                if self.has_call_operator(s) {
                    for &a in args {
                        self.infer_expr(a);
                    }
                    return self.overloaded_call(id, s, args);
                }
            }
            if let Some(t) = callee_ty {
                self.diag(
                    codes::NOT_CALLABLE,
                    BodyNode::Expr(callee),
                    format!("a value of type `{t}` cannot be called"),
                );
            }
            for &a in args {
                self.infer_expr(a);
            }
            return self.set(id, None, false);
        };
        let res = self.resolve_value(&path);
        if let Some(ValueRes::Local | ValueRes::Global(_) | ValueRes::Member(..)) = res {
            // `f(x)` where `f` is a struct with `operator()` (HLSL 2021).
            if let Some(Type::Struct(s)) = self.infer_expr(callee) {
                if self.has_call_operator(&s) {
                    for &a in args {
                        self.infer_expr(a);
                    }
                    return self.overloaded_call(id, &s, args);
                }
            }
        }
        // Constructors initialize from their expected component types.
        for &a in args {
            self.infer_expr(a);
        }
        let ty = match res {
            Some(ValueRes::Type(t)) => self.constructor(id, &t, args),
            Some(ValueRes::Functions(_)) if self.intrinsic_wins(&path, args) => {
                // An intrinsic that takes the arguments wins over a user function of its
                // name, as DXC resolves `max(a, b)` next to a user `float2 max(float2, float2)`.
                let name = path.to_string();
                let call_args = self.intrinsic_args(args);
                let answer = self.db.intrinsics().call(&name, &call_args);
                self.intrinsic_answer(id, callee, &name, answer, args)
            }
            Some(ValueRes::Functions(cands)) => {
                // `f<float>(x)`: explicit template arguments come first, the rest is deduced.
                let explicit: Vec<TemplateArg> = path
                    .segments
                    .last()
                    .and_then(|s| s.args.as_ref())
                    .map(|args| args.iter().map(|a| self.template_arg(a)).collect())
                    .unwrap_or_default();
                self.explicit_targs = explicit;
                // `Get()` inside a method of a template struct instance: a sibling method,
                // with the instance's template arguments.
                let env = match &self.owner {
                    Some((s, targs))
                        if path.segments.len() == 1
                            && cands.iter().any(|c| self.tree.item(*c).parent == Some(*s)) =>
                    {
                        self.struct_template_env(*s, targs.clone())
                    }
                    _ => Vec::new(),
                };
                // A sibling method called on `this`, const in a `const` method (HLSL 202x).
                let siblings = !env.is_empty()
                    || self.owner.as_ref().is_some_and(|(s, _)| {
                        path.segments.len() == 1
                            && cands.iter().any(|c| self.tree.item(*c).parent == Some(*s))
                    });
                let cands = match self.this_type() {
                    Some(this) if siblings => {
                        let is_const = self.implicit_object_is_const();
                        self.methods_for_object(id, path.last_name(), cands, &this, is_const)
                    }
                    _ => Some(cands),
                };
                let ty = match cands {
                    Some(cands) => self.resolve_overload(id, path.last_name(), cands, args, &env),
                    None => None,
                };
                self.explicit_targs.clear();
                ty
            }
            Some(
                ValueRes::Local
                | ValueRes::Global(_)
                | ValueRes::Member(..)
                | ValueRes::Enumerator(_)
                | ValueRes::TemplateValue,
            ) => {
                self.diag(
                    codes::NOT_CALLABLE,
                    BodyNode::Expr(callee),
                    format!("`{path}` is not a function"),
                );
                None
            }
            None if pointer_cast_kind(&path).is_some() => {
                self.buffer_pointer_cast(id, callee, &path, args)
            }
            None if is_buffer_pointer_path(&path) => {
                let mut errors = Vec::new();
                let t = self.tcx.resolve_path(&path, &mut errors);
                self.type_errors(BodyNode::Expr(callee), errors);
                t.and_then(|t| self.buffer_pointer_constructor(id, t, args))
            }
            None if super::vk::VkIntrinsic::of_path(&path).is_some() => {
                self.infer_vk_call(id, callee, &path, args).flatten()
            }
            None => {
                let mut errors = Vec::new();
                let builtin = path.segments.len() == 1 && path.segments[0].args.is_some();
                match builtin
                    .then(|| self.tcx.resolve_path(&path, &mut errors))
                    .flatten()
                {
                    Some(t) => self.constructor(id, &t, args),
                    // `vector<T, 2>(x, y)` in a template: checked at instantiation.
                    None if builtin
                        && errors.is_empty()
                        && matches!(path.last_name(), "vector" | "matrix") =>
                    {
                        None
                    }
                    None if matches!(
                        path.to_string().as_str(),
                        "dx::IsDebuggerPresent" | "dx::IsDebuggingEnabled"
                    ) =>
                    {
                        // SM 6.10's debugger queries: D3D12 answers them; no Vulkan (or Metal,
                        // or WebGPU) instruction does, and DXC's SPIR-V refuses them too.
                        self.diag(
                            codes::NO_TARGET_EQUIVALENT,
                            BodyNode::Expr(id),
                            format!(
                                "no equivalent for {} intrinsic function in Vulkan",
                                path.last_name()
                            ),
                        );
                        Some(Type::BOOL)
                    }
                    None => {
                        let name = self.intrinsic_call_name(&path);
                        if name == "Barrier" {
                            if let Some(ty) = self.barrier_object_form(id, args) {
                                return self.set(id, ty, false);
                            }
                        }
                        if name.starts_with("Interlocked")
                            && args.first().is_some_and(|&a| self.is_bit_field(a))
                        {
                            // No reference binds to a bit-field: no overload takes it.
                            self.diag(
                                codes::BIT_FIELD,
                                BodyNode::Expr(id),
                                format!("no matching function for call to '{name}'"),
                            );
                            return self.set(id, None, false);
                        }
                        let call_args = self.intrinsic_args(args);
                        let answer = self.db.intrinsics().call(&name, &call_args);
                        let ty = self.intrinsic_answer(id, callee, &name, answer, args);
                        if name == "Barrier" && ty.is_some() {
                            self.record_barrier(id, args);
                        }
                        if ty.is_some() && crate::derivative_checks::is_derivative(&name) {
                            self.result.derivatives.push(id);
                        }
                        ty
                    }
                }
            }
        };
        self.set(id, ty, false)
    }

    /// Whether struct `s` has an `operator()`.
    fn has_call_operator(&mut self, s: &types::StructType) -> bool {
        let Some((idx, targs)) = self.tcx.struct_item(s) else {
            return false;
        };
        let (idx, _) = self.struct_with_method(idx, targs, "operator()", 0);
        !self.methods_named(idx, "operator()").is_empty()
    }

    /// `h.s(args)` where `s` is no method of `h`'s struct `owner` but a member whose struct
    /// has `operator()` (HLSL 2021): a call of that operator on the member, as DXC resolves
    /// it. (A struct cannot declare a method and a member of one name: clang refuses the
    /// struct.)
    fn member_functor_call(
        &mut self,
        id: ExprId,
        owner: &types::StructType,
        name: &str,
        args: &[ExprId],
    ) -> Option<Option<Type>> {
        let field = owner.field(name)?;
        let Type::Struct(s) = &field.ty else {
            return None;
        };
        let s = s.clone();
        if !self.has_call_operator(&s) {
            return None;
        }
        Some(self.overloaded_call(id, &s, args))
    }

    /// `f(args)` where `f` is a value of struct type `s` with `operator()` (HLSL 2021): a call
    /// of that method on `f`; the arguments are inferred already.
    fn overloaded_call(
        &mut self,
        id: ExprId,
        s: &types::StructType,
        args: &[ExprId],
    ) -> Option<Type> {
        self.struct_operator_call(id, s, "operator()", args)
            .unwrap_or_else(|| self.set(id, None, false))
    }

    pub(super) fn infer_method_call(
        &mut self,
        id: ExprId,
        receiver: ExprId,
        name: &str,
        args: &[ExprId],
    ) -> Option<Type> {
        let receiver_ty = self.infer_expr(receiver);
        for &a in args {
            self.infer_expr(a);
        }
        // A method of `T` called on a `ConstantBuffer<T>` or `TextureBuffer<T>` runs on a copy
        // of the buffer's `T` (DXC's `temp.var.T`).
        let receiver_ty = match receiver_ty {
            Some(t) => match super::ops::buffer_view_element(&t) {
                Some(element @ Type::Struct(_)) => Some(element.clone()),
                _ => Some(t),
            },
            None => None,
        };
        let ty = match receiver_ty {
            Some(Type::Struct(s)) => match self.tcx.struct_item(&s) {
                Some((idx, targs)) => {
                    let (idx, targs) = self.struct_with_method(idx, targs, name, 0);
                    let methods = self.methods_named(idx, name);
                    if methods.is_empty() {
                        if let Some(ty) = self.member_functor_call(id, &s, name, args) {
                            return ty;
                        }
                        self.diag(
                            codes::NO_MEMBER,
                            BodyNode::Expr(id),
                            format!("no method named `{name}` in `{}`", s.name),
                        );
                        None
                    } else {
                        let is_const = self.object_is_const(receiver);
                        let object = Type::Struct(s.clone());
                        match self.methods_for_object(id, name, methods, &object, is_const) {
                            Some(methods) => {
                                let env = self.struct_template_env(idx, targs);
                                self.resolve_overload(id, name, methods, args, &env)
                            }
                            None => None,
                        }
                    }
                }
                None => None,
            },
            Some(t @ Type::BufferPointer { .. }) => self.buffer_pointer_method(id, &t, name, args),
            Some(t) => {
                if let Some(ty) = self.templated_buffer_load(id, &t, name) {
                    return self.set(id, Some(ty), false);
                }
                let call_args = self.intrinsic_args(args);
                let answer = self.db.intrinsics().method(&t, name, &call_args);
                let ty = self.intrinsic_answer(id, id, name, answer, args);
                if ty.is_some() {
                    self.record_gated_method(id, name, args);
                    if matches!(t, Type::Resource(_))
                        && crate::derivative_checks::is_derivative_method(name)
                    {
                        self.result.derivatives.push(id);
                    }
                }
                ty
            }
            None => None,
        };
        self.set(id, ty, false)
    }

    /// `vk::BufferPointer<T, A>(x)`: from a 64-bit address (an integer scalar) or a copy of a
    /// pointer of the same type.
    fn buffer_pointer_constructor(
        &mut self,
        id: ExprId,
        ty: Type,
        args: &[ExprId],
    ) -> Option<Type> {
        let arg = match args {
            [a] => self.result.type_of_expr(*a).cloned(),
            _ => {
                let msg = format!("`{ty}` is constructed from one 64-bit address");
                self.diag(codes::WRONG_ARG_COUNT, BodyNode::Expr(id), msg);
                return Some(ty);
            }
        };
        let fits = match &arg {
            None => true,
            Some(Type::Scalar(k)) => k.is_integer(),
            Some(t) => *t == ty,
        };
        if !fits {
            let t = arg.unwrap_or(Type::Void);
            let msg = format!("cannot use a value of type `{t}` to construct `{ty}`");
            self.diag(codes::TYPE_MISMATCH, BodyNode::Expr(args[0]), msg);
        }
        Some(ty)
    }

    /// `vk::static_pointer_cast<U [, A]>(p)` and `vk::reinterpret_pointer_cast<U [, A]>(p)`: a
    /// `vk::BufferPointer<U, A>` at `p`'s address. The new alignment may not exceed `p`'s
    /// (the proposal); a static cast keeps the pointee type or casts a derived struct to a
    /// base.
    fn buffer_pointer_cast(
        &mut self,
        id: ExprId,
        callee: ExprId,
        path: &crate::type_ref::Path,
        args: &[ExprId],
    ) -> Option<Type> {
        let name = path.last_name();
        let targs = path
            .segments
            .last()
            .and_then(|s| s.args.as_deref())
            .unwrap_or(&[]);
        let mut errors = Vec::new();
        let to = self.tcx.buffer_pointer(targs, &mut errors);
        self.type_errors(BodyNode::Expr(callee), errors);
        let to = to?;
        let [arg] = args else {
            let msg = format!("`vk::{name}` takes one buffer pointer");
            self.diag(codes::WRONG_ARG_COUNT, BodyNode::Expr(id), msg);
            return Some(to);
        };
        let from = self.result.type_of_expr(*arg).cloned()?;
        let (
            Type::BufferPointer {
                pointee: p1,
                alignment: a1,
            },
            Type::BufferPointer {
                pointee: p2,
                alignment: a2,
            },
        ) = (&from, &to)
        else {
            let msg = format!("`vk::{name}` casts a buffer pointer, not `{from}`");
            self.diag(codes::TYPE_MISMATCH, BodyNode::Expr(*arg), msg);
            return Some(to);
        };
        if a2 > a1 {
            let msg = format!("`vk::{name}` cannot raise the alignment from {a1} to {a2}");
            self.diag(codes::TYPE_MISMATCH, BodyNode::Expr(id), msg);
        } else if pointer_cast_kind(path) == Some(PointerCast::Static)
            && p1 != p2
            && !self.pointee_derives_from(p1, p2)
        {
            let msg = format!(
                "`vk::static_pointer_cast` cannot cast `{from}` to `{to}`: use \
                 `vk::reinterpret_pointer_cast`"
            );
            self.diag(codes::TYPE_MISMATCH, BodyNode::Expr(id), msg);
        }
        Some(to)
    }

    /// Whether pointee `derived` is a struct derived from struct `base`, which the proposal lets
    /// `vk::static_pointer_cast` cast to (the base's fields come first, at the same offsets).
    fn pointee_derives_from(&self, derived: &Type, base: &Type) -> bool {
        match (derived, base) {
            (Type::Struct(d), Type::Struct(b)) => self.is_base_struct(b, d, 0),
            _ => false,
        }
    }

    /// `p.Get()` on a `vk::BufferPointer<T, A>`: the `T` at its address (an lvalue, see
    /// `place`). It is the type's only method.
    fn buffer_pointer_method(
        &mut self,
        id: ExprId,
        receiver: &Type,
        name: &str,
        args: &[ExprId],
    ) -> Option<Type> {
        let Type::BufferPointer { pointee, .. } = receiver else {
            return None;
        };
        if name != "Get" {
            let msg = format!("no method named `{name}` in `{receiver}`");
            self.diag(codes::NO_MEMBER, BodyNode::Expr(id), msg);
            return None;
        }
        if !args.is_empty() {
            let msg = format!("`Get` takes no arguments, {} given", args.len());
            self.diag(codes::WRONG_ARG_COUNT, BodyNode::Expr(id), msg);
            return None;
        }
        Some((**pointee).clone())
    }

    /// `buf.Load<T>(address)` on a (RW)ByteAddressBuffer (SM 6.2) returns a `T`, as does
    /// `buf.AlignedLoad<T>(address, alignment)`.
    fn templated_buffer_load(&mut self, id: ExprId, receiver: &Type, name: &str) -> Option<Type> {
        let targs = self.body.method_template_args(id)?;
        let is_byte_address = matches!(
            receiver,
            Type::Resource(r) if matches!(&**r, types::ResourceType::ByteAddressBuffer { .. })
        );
        // `AlignedLoad<T>(offset, alignment)` (SM 6.9) is `Load<T>(offset)` with a promise
        // about the offset's alignment.
        if !is_byte_address || !matches!(name, "Load" | "AlignedLoad") {
            return None;
        }
        match targs {
            [crate::type_ref::GenericArg::Type(t)] => self.resolve_type(t, BodyNode::Expr(id)),
            _ => None,
        }
    }

    /// Struct `idx`'s template parameters bound to `targs`, by name (empty for no template).
    pub(super) fn struct_template_env(
        &self,
        idx: ItemIdx,
        targs: Vec<TemplateArg>,
    ) -> Vec<(String, TemplateArg)> {
        self.tree
            .strukt(idx)
            .and_then(|st| st.template.as_ref())
            .map(|ps| ps.iter().map(|p| p.name.clone()).zip(targs).collect())
            .unwrap_or_default()
    }

    /// The methods named `name` that struct `idx` itself declares.
    pub(super) fn methods_named(&self, idx: ItemIdx, name: &str) -> Vec<ItemIdx> {
        self.scope
            .in_scope(Some(idx), name)
            .iter()
            .copied()
            .filter(|m| self.tree.function(*m).is_some())
            .collect()
    }

    /// The struct that declares method `name`: `idx` itself, or the first base that does.
    pub(super) fn struct_with_method(
        &self,
        idx: ItemIdx,
        targs: Vec<TemplateArg>,
        name: &str,
        depth: u32,
    ) -> (ItemIdx, Vec<TemplateArg>) {
        let declares = |i: ItemIdx| {
            self.scope
                .in_scope(Some(i), name)
                .iter()
                .any(|m| self.tree.function(*m).is_some())
        };
        if declares(idx) || depth > 8 {
            return (idx, targs);
        }
        let bases = self
            .tree
            .strukt(idx)
            .map(|s| s.bases.clone())
            .unwrap_or_default();
        let tcx = TypeCtx::inside(self.tree, self.scope, idx);
        for base in bases {
            if let Some(Type::Struct(b)) = tcx.resolve(&base, &mut Vec::new()) {
                if let Some((bi, bargs)) = tcx.struct_item(&b) {
                    let found = self.struct_with_method(bi, bargs, name, depth + 1);
                    if declares(found.0) {
                        return found;
                    }
                }
            }
        }
        (idx, targs)
    }

    /// Whether a call `path(args)` that names user functions is the intrinsic of that name:
    /// a plain name (no namespace, no template arguments) whose intrinsic takes `args`.
    fn intrinsic_wins(&self, path: &crate::type_ref::Path, args: &[ExprId]) -> bool {
        let [segment] = path.segments.as_slice() else {
            return false;
        };
        if segment.args.is_some() || path.global {
            return false;
        }
        let call_args = self.intrinsic_args(args);
        matches!(
            self.db.intrinsics().call(&segment.name, &call_args),
            IntrinsicCall::Resolved { .. }
        )
    }

    fn intrinsic_args(&self, args: &[ExprId]) -> Vec<IntrinsicArg> {
        args.iter()
            .map(|a| IntrinsicArg {
                ty: self.result.type_of_expr(*a).cloned(),
                literal: self.result.is_literal(*a),
            })
            .collect()
    }

    fn intrinsic_answer(
        &mut self,
        id: ExprId,
        callee: ExprId,
        name: &str,
        answer: IntrinsicCall,
        args: &[ExprId],
    ) -> Option<Type> {
        let listed = |c: &[String]| c.join("; ");
        match answer {
            IntrinsicCall::Resolved {
                ret,
                params,
                out_args,
            } => {
                for i in out_args {
                    if let Some(&a) = args.get(i) {
                        self.check_out_arg(a);
                    }
                }
                for (&a, p) in args.iter().zip(&params) {
                    if let Some(from) = self.operand_of(a) {
                        if ops::conversion(&from, p) == Conversion::Truncation {
                            self.diag(
                                codes::TRUNCATION,
                                BodyNode::Expr(a),
                                format!("implicit truncation from `{}` to `{p}`", from.ty),
                            );
                        }
                    }
                }
                Some(ret)
            }
            IntrinsicCall::NoMatch { candidates } => {
                self.diag(
                    codes::NO_MATCHING_OVERLOAD,
                    BodyNode::Expr(id),
                    format!(
                        "no matching overload for call to `{name}` (candidates: {})",
                        listed(&candidates)
                    ),
                );
                None
            }
            IntrinsicCall::Ambiguous { candidates } => {
                self.diag(
                    codes::AMBIGUOUS_CALL,
                    BodyNode::Expr(id),
                    format!(
                        "call to `{name}` is ambiguous (candidates: {})",
                        listed(&candidates)
                    ),
                );
                None
            }
            IntrinsicCall::WrongArgCount { expected } => {
                self.diag(
                    codes::WRONG_ARG_COUNT,
                    BodyNode::Expr(id),
                    format!(
                        "`{name}` takes {expected} argument(s), {} given",
                        args.len()
                    ),
                );
                None
            }
            IntrinsicCall::NotIntrinsic => {
                let hint = crate::legacy_intrinsics::hint(name).unwrap_or_default();
                let (code, message) = crate::dxil_only_types::undeclared_name(name).unwrap_or((
                    codes::UNDEFINED_NAME,
                    format!("use of undeclared identifier `{name}`{hint}"),
                ));
                self.diag(code, BodyNode::Expr(callee), message);
                None
            }
            IntrinsicCall::NoMethod => {
                self.diag(
                    codes::NO_MEMBER,
                    BodyNode::Expr(id),
                    format!("no method named `{name}`"),
                );
                None
            }
            IntrinsicCall::Unavailable => None,
        }
    }

    /// `float4(a, b)`, `float3x3(...)`, `int(x)`: the components of the arguments must add
    /// up to the components of the type.
    fn constructor(&mut self, id: ExprId, ty: &Type, args: &[ExprId]) -> Option<Type> {
        if let Type::Struct(_) = ty {
            self.struct_functional_cast(id, ty, args);
            return Some(ty.clone());
        }
        let Some(want) = ty.scalar_kind().and(ops::flat_count(ty)) else {
            return Some(ty.clone());
        };
        let mut have = 0;
        for &a in args {
            match self.result.type_of_expr(a) {
                None => return Some(ty.clone()),
                // `uint64_t(p)`: a buffer pointer's address.
                Some(Type::BufferPointer { .. })
                    if *ty == Type::Scalar(types::ScalarKind::Uint64) && args.len() == 1 =>
                {
                    return Some(ty.clone())
                }
                Some(t) if t.scalar_kind().is_some() => have += ops::flat_count(t).unwrap_or(0),
                // `int(e)` converts an enum explicitly, scoped or not.
                Some(Type::Enum(_)) => have += 1,
                // Arrays of numbers give their scalars in order (`float4(arr)` of a
                // `float[4]`), as in an initializer list. (A struct is refused, as DXC does.)
                Some(t @ Type::Array { .. }) if numeric_leaves(t) => {
                    have += ops::flat_count(t).unwrap_or(0)
                }
                Some(t) => {
                    let t = t.clone();
                    self.diag(
                        codes::TYPE_MISMATCH,
                        BodyNode::Expr(a),
                        format!("cannot use a value of type `{t}` to construct `{ty}`"),
                    );
                    return Some(ty.clone());
                }
            }
        }
        let ok = if want == 1 {
            args.len() == 1
        } else {
            have == want
        };
        if !ok {
            // glslang (and GLSL) splat one scalar over a vector or matrix; DXC does not.
            let splat = if have == 1 && args.len() == 1 {
                let swizzle = match ty {
                    Type::Vector(_, n) if *n <= 4 => {
                        format!(", or a swizzle, `x.{}`", "x".repeat(usize::from(*n)))
                    }
                    _ => String::new(),
                };
                format!(
                    ": a constructor does not repeat a scalar; write a cast, `({ty})x`{swizzle}"
                )
            } else {
                String::new()
            };
            self.diag(
                codes::COMPONENT_COUNT,
                BodyNode::Expr(id),
                format!("`{ty}` needs {want} component(s), {have} given{splat}"),
            );
        }
        Some(ty.clone())
    }

    /// `S(x)` of a struct type `S`: a functional cast, `(S)x` (DXC takes it as C++ does); with
    /// several arguments a constructor, which HLSL has only for numbers (glslang builds the
    /// struct from them as GLSL does).
    fn struct_functional_cast(&mut self, id: ExprId, ty: &Type, args: &[ExprId]) {
        if let [a] = args {
            if let Some(from) = self.result.type_of_expr(*a).cloned() {
                if !ops::explicit_cast_shapes(&from, ty) {
                    self.diag(
                        codes::TYPE_MISMATCH,
                        BodyNode::Expr(id),
                        format!("cannot convert from `{from}` to `{ty}`"),
                    );
                }
            }
            return;
        }
        self.diag(
            codes::STRUCT_CONSTRUCTOR,
            BodyNode::Expr(id),
            format!(
                "constructors only defined for numeric base types: build a `{ty}` with an \
                 initializer list, `{ty} s = {{ ... }};`"
            ),
        );
    }

    /// Template arguments deduced from the arguments, as clang deduces them: a parameter
    /// written `T` binds `T` to its argument's type, `vector<T, N>` and `matrix<T, R, C>` bind
    /// the component type and the sizes, `T v[N]` the element type and the length. Explicit
    /// arguments come first. Two arguments that bind one parameter differently are a
    /// conflict (the second pair is returned): the candidate does not match.
    fn deduce(&self, idx: ItemIdx, args: &[ExprId]) -> Deduction {
        let mut d = Deduction::default();
        let Some(f) = self.tree.function(idx) else {
            return d;
        };
        let Some(params) = &f.template else {
            return d;
        };
        let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
        let mut bound: Vec<Option<TemplateArg>> = params
            .iter()
            .enumerate()
            .map(|(i, _)| self.explicit_targs.get(i).cloned())
            .collect();
        let explicit = bound.iter().filter(|b| b.is_some()).count();
        for (p, a) in f.params.iter().zip(args) {
            let Some(actual) = self.result.type_of_expr(*a) else {
                continue;
            };
            // A literal adapts to the other arguments: it does not decide a conflict.
            let literal = self.result.is_literal(*a);
            let mut found = Vec::new();
            unify(&p.ty, actual, &names, &mut found);
            for (i, arg) in found {
                match &bound[i] {
                    None => bound[i] = Some(arg),
                    Some(prev) if *prev == arg || literal || i < explicit => {}
                    Some(prev) => {
                        d.conflict
                            .get_or_insert((names[i].to_owned(), show(prev), show(&arg)));
                    }
                }
            }
        }
        d.env = names
            .iter()
            .zip(bound)
            .map(|(n, b)| ((*n).to_owned(), b.unwrap_or(TemplateArg::Opaque)))
            .collect();
        d
    }

    fn template_arg(&self, arg: &crate::type_ref::GenericArg) -> TemplateArg {
        match arg {
            crate::type_ref::GenericArg::Type(t) => self
                .tcx
                .resolve(t, &mut Vec::new())
                .map_or(TemplateArg::Opaque, TemplateArg::Type),
            crate::type_ref::GenericArg::Const(e) => self
                .tcx
                .eval(e)
                .map_or(TemplateArg::Opaque, |v| TemplateArg::Value(v.as_int())),
        }
    }

    /// The signature of candidate `idx` for these arguments, and a conflict of deduction.
    fn signature(
        &self,
        idx: ItemIdx,
        env: &[(String, TemplateArg)],
        args: &[ExprId],
    ) -> (FunctionSignature, Option<(String, String, String)>) {
        let mut env = env.to_vec();
        let deduced = self.deduce(idx, args);
        env.extend(deduced.env);
        if env.is_empty() {
            let ast = self.tree.item(idx).ast;
            let f = FunctionId::new(self.db, self.file, self.config, ast);
            return ((*super::function_signature(self.db, f)).clone(), None);
        }
        (
            super::signature_of(self.tree, self.scope, idx, &env),
            deduced.conflict,
        )
    }

    pub(super) fn resolve_overload(
        &mut self,
        id: ExprId,
        name: &str,
        cands: Vec<ItemIdx>,
        args: &[ExprId],
        env: &[(String, TemplateArg)],
    ) -> Option<Type> {
        let operands: Vec<Option<Operand>> = args.iter().map(|a| self.operand_of(*a)).collect();
        // Explicit specializations take no part in the choice: a template chosen with their
        // arguments runs them instead (below).
        let (specializations, cands): (Vec<ItemIdx>, Vec<ItemIdx>) =
            cands.into_iter().partition(|&c| {
                self.tree
                    .function(c)
                    .is_some_and(|f| f.specialization.is_some())
            });
        // A prototype and its definition are one function.
        let mut unique: Vec<(ItemIdx, FunctionSignature)> = Vec::new();
        let mut conflict = None;
        let mut conflicted = Vec::new();
        for c in cands {
            let (sig, deduction_conflict) = self.signature(c, env, args);
            if deduction_conflict.is_some() {
                conflict = conflict.or(deduction_conflict);
                conflicted.push(c);
                unique.push((c, sig));
                continue;
            }
            let has_body = self.tree.function(c).is_some_and(|f| f.has_body);
            match unique.iter_mut().find(|(_, s)| {
                s.params
                    .iter()
                    .map(|p| &p.ty)
                    .eq(sig.params.iter().map(|p| &p.ty))
            }) {
                Some(existing) => {
                    if has_body {
                        *existing = (c, sig);
                    }
                }
                None => unique.push((c, sig)),
            }
        }
        let mut viable: Vec<Candidate> = Vec::new();
        let mut arity_mismatch = false;
        for (idx, sig) in &unique {
            if conflicted.contains(idx) {
                continue;
            }
            let required = sig.params.iter().filter(|p| !p.has_default).count();
            if args.len() < required || args.len() > sig.params.len() {
                arity_mismatch = true;
                continue;
            }
            let convs: Vec<Conversion> = operands
                .iter()
                .zip(&sig.params)
                .map(|(a, p)| match (a, &p.ty) {
                    // A derived struct passes to a base parameter only as an input (the
                    // base's part is copied in; nothing converts back to the derived).
                    (Some(a), Some(t)) if p.direction == ParamDirection::In => {
                        self.conversion(a, t)
                    }
                    (Some(a), Some(t)) => ops::conversion(a, t),
                    _ => Conversion::Exact,
                })
                .collect();
            if convs.contains(&Conversion::Incompatible) {
                continue;
            }
            // An `out` or `inout` argument is also converted back from the parameter.
            let score = operands
                .iter()
                .zip(&sig.params)
                .map(|(a, p)| match (a, &p.ty) {
                    (Some(a), Some(t)) => {
                        let back = if p.direction == ParamDirection::In || a.literal {
                            0
                        } else {
                            overload_score::argument_score(&a.ty, &Operand::of(t.clone()))
                        };
                        overload_score::argument_score(t, a).saturating_add(back)
                    }
                    _ => 0,
                })
                .fold(0u64, u64::saturating_add);
            viable.push(Candidate {
                idx: *idx,
                sig: sig.clone(),
                convs,
                score,
            });
        }
        let notes = |cands: &mut dyn Iterator<Item = (ItemIdx, &FunctionSignature)>| -> Vec<(RelatedNode, String)> {
            cands.map(|(i, s)| (RelatedNode::Item(self.tree.item(i).ast), format!("candidate: {}", s.display()))).collect()
        };
        if viable.is_empty() {
            if unique.len() == 1 && arity_mismatch {
                let sig = &unique[0].1;
                let related = notes(&mut unique.iter().map(|(i, s)| (*i, s)));
                self.diag_with(
                    codes::WRONG_ARG_COUNT,
                    BodyNode::Expr(id),
                    format!(
                        "`{name}` takes {} argument(s), {} given",
                        sig.params.len(),
                        args.len()
                    ),
                    related,
                );
            } else {
                let related = notes(&mut unique.iter().map(|(i, s)| (*i, s)));
                let shown: Vec<String> = operands
                    .iter()
                    .map(|o| o.as_ref().map_or("?".into(), |o| o.ty.to_string()))
                    .collect();
                let why = conflict.map_or_else(String::new, |(p, a, b)| {
                    format!(": template parameter `{p}` deduced as both `{a}` and `{b}`")
                });
                self.diag_with(
                    codes::NO_MATCHING_OVERLOAD,
                    BodyNode::Expr(id),
                    format!(
                        "no matching overload for call to `{name}({})`{why}",
                        shown.join(", ")
                    ),
                    related,
                );
            }
            return None;
        }
        // The lowest total score wins (DXC's `GetBestViableFunction`); a shared lowest total
        // is ambiguous.
        let lowest = viable.iter().map(|c| c.score).min().unwrap_or(0);
        let best: Vec<usize> = (0..viable.len())
            .filter(|&i| viable[i].score == lowest)
            .collect();
        let chosen = match best.as_slice() {
            [one] => *one,
            tied => {
                let related = notes(&mut tied.iter().map(|&i| (viable[i].idx, &viable[i].sig)));
                self.diag_with(
                    codes::AMBIGUOUS_CALL,
                    BodyNode::Expr(id),
                    format!("call to `{name}` is ambiguous"),
                    related,
                );
                return None;
            }
        };
        let cand = viable.swap_remove(chosen);
        // The template arguments of the chosen function: its struct's, then deduced ones.
        let mut template_args = env.to_vec();
        template_args.extend(self.deduce(cand.idx, args).env);
        let function =
            match self
                .tcx
                .function_specialization(cand.idx, &specializations, &template_args)
            {
                Some(special) => {
                    template_args = env.to_vec();
                    special
                }
                None => cand.idx,
            };
        self.result.calls.push(self.tree.item(function).ast);
        self.result.resolutions.push((
            id,
            super::Resolution::Function {
                function: self.tree.item(function).ast,
                template_args,
            },
        ));
        for ((&arg, param), conv) in args.iter().zip(&cand.sig.params).zip(&cand.convs) {
            if param.direction != ParamDirection::In {
                self.check_out_arg(arg);
            }
            if *conv == Conversion::Truncation {
                if let (Some(from), Some(to)) = (self.result.type_of_expr(arg).cloned(), &param.ty)
                {
                    self.diag(
                        codes::TRUNCATION,
                        BodyNode::Expr(arg),
                        format!("implicit truncation from `{from}` to `{to}`"),
                    );
                }
            }
        }
        cand.sig.ret
    }

    fn check_out_arg(&mut self, arg: ExprId) {
        if self.result.type_of_expr(arg).is_none() {
            return;
        }
        if self.place(arg) != super::expr::Place::Mutable {
            self.diag(
                codes::NOT_LVALUE_ARG,
                BodyNode::Expr(arg),
                "an `out` or `inout` argument must be a modifiable lvalue".into(),
            );
        } else if self.swizzle_of(arg).is_some_and(|s| s.has_repeats()) {
            // The value comes back into the argument: `x.yy` would be written twice.
            self.diag(
                codes::INVALID_SWIZZLE,
                BodyNode::Expr(arg),
                "an `out` or `inout` argument cannot be a swizzle with repeated components".into(),
            );
        }
    }
}

/// What deduction found: the template environment, and the first conflict (parameter and
/// the two bindings, for the message).
#[derive(Default)]
struct Deduction {
    env: Vec<(String, TemplateArg)>,
    conflict: Option<(String, String, String)>,
}

fn show(arg: &TemplateArg) -> String {
    match arg {
        TemplateArg::Type(t) => t.to_string(),
        TemplateArg::Value(v) => v.to_string(),
        TemplateArg::Opaque => "?".to_owned(),
    }
}

/// Matches a parameter type as written against an argument's type, collecting the bindings
/// of the template parameters `names` (by index).
fn unify(pattern: &TypeRef, actual: &Type, names: &[&str], out: &mut Vec<(usize, TemplateArg)>) {
    let param = |e: &crate::type_ref::ConstExpr| match e {
        crate::type_ref::ConstExpr::Path(p) => {
            p.as_name().and_then(|n| names.iter().position(|x| *x == n))
        }
        _ => None,
    };
    if let Some((outer, rest)) = pattern.dims.split_first() {
        let Type::Array { element, len } = actual else {
            return;
        };
        if let (Some(Some(i)), Some(len)) = (outer.as_ref().map(param), len) {
            out.push((i, TemplateArg::Value(i64::from(*len))));
        }
        let inner = TypeRef {
            dims: rest.to_vec(),
            ..pattern.clone()
        };
        return unify(&inner, element, names, out);
    }
    let TypeBase::Path(path) = &pattern.base else {
        return;
    };
    if let Some(i) = path
        .as_name()
        .and_then(|n| names.iter().position(|x| *x == n))
    {
        out.push((i, TemplateArg::Type(actual.clone())));
        return;
    }
    // `vk::BufferPointer<T, A>`: the only template of two segments an argument matches.
    let segment = match path.segments.as_slice() {
        [segment] => segment,
        [_, segment] if is_buffer_pointer_path(path) => segment,
        _ => return,
    };
    let Some(args) = &segment.args else {
        return;
    };
    let mut sub = |arg: Option<&GenericArg>, value: TemplateArg| match (arg, value) {
        (Some(GenericArg::Type(t)), TemplateArg::Type(ty)) => unify(t, &ty, names, out),
        (Some(GenericArg::Const(e)), v @ TemplateArg::Value(_)) => {
            if let Some(i) = param(e) {
                out.push((i, v));
            }
        }
        // `vector<T, N>` parses `N` as a type name.
        (Some(GenericArg::Type(t)), v @ TemplateArg::Value(_)) if t.dims.is_empty() => {
            if let TypeBase::Path(p) = &t.base {
                if let Some(i) = p.as_name().and_then(|n| names.iter().position(|x| *x == n)) {
                    out.push((i, v));
                }
            }
        }
        _ => {}
    };
    match (segment.name.as_str(), actual) {
        ("vector", Type::Vector(k, n)) => {
            sub(args.first(), TemplateArg::Type(Type::Scalar(*k)));
            sub(args.get(1), TemplateArg::Value(i64::from(*n)));
        }
        (
            "matrix",
            Type::Matrix {
                scalar, rows, cols, ..
            },
        ) => {
            sub(args.first(), TemplateArg::Type(Type::Scalar(*scalar)));
            sub(args.get(1), TemplateArg::Value(i64::from(*rows)));
            sub(args.get(2), TemplateArg::Value(i64::from(*cols)));
        }
        ("BufferPointer", Type::BufferPointer { pointee, alignment }) => {
            sub(args.first(), TemplateArg::Type((**pointee).clone()));
            sub(args.get(1), TemplateArg::Value(i64::from(*alignment)));
        }
        _ => {}
    }
}

/// Whether `path` names `vk::BufferPointer` (with its template arguments).
fn is_buffer_pointer_path(path: &crate::type_ref::Path) -> bool {
    matches!(&path.segments[..], [ns, name]
        if ns.name == "vk" && ns.args.is_none() && name.name == "BufferPointer")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PointerCast {
    Static,
    Reinterpret,
}

/// Which buffer pointer cast `path` names, if it is one.
fn pointer_cast_kind(path: &crate::type_ref::Path) -> Option<PointerCast> {
    let [ns, name] = &path.segments[..] else {
        return None;
    };
    if ns.name != "vk" || ns.args.is_some() {
        return None;
    }
    match name.name.as_str() {
        "static_pointer_cast" => Some(PointerCast::Static),
        "reinterpret_pointer_cast" => Some(PointerCast::Reinterpret),
        _ => None,
    }
}

/// Whether every scalar of an array (or struct) is a number (no resource, string or unsized
/// array inside): such a value can be taken apart into the arguments of a constructor.
fn numeric_leaves(ty: &Type) -> bool {
    match ty {
        Type::Array { element, len } => len.is_some() && numeric_leaves(element),
        Type::Struct(s) => s.fields.iter().all(|f| numeric_leaves(&f.ty)),
        t => t.scalar_kind().is_some(),
    }
}
