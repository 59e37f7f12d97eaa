//! Calls: constructors (`float4(a, b)`), user functions (declared and queued on first call),
//! intrinsics through `call_intrinsic` (component-wise ones with their arguments converted to
//! the result type), barriers, `Interlocked*` atomics, and the methods of buffers and textures.

use hir::body::{Expr, ExprId};
use hir::item_tree::ItemKind;
use ir::{AtomicOp, BarrierFlags, Intrinsic, Opcode, Value};
use types::{ResourceType, ScalarKind, Type};

use crate::context::R;
use crate::func::{FnLower, Place};

/// Intrinsics whose second argument is a `uint` lane index.
const LANE_INDEXED: &[&str] = &["WaveReadLaneAt", "QuadReadLaneAt"];

/// Intrinsics whose arguments all take the result's type.
const COMPONENTWISE: &[&str] = &[
    "abs",
    "acos",
    "asin",
    "atan",
    "atan2",
    "ceil",
    "clamp",
    "cos",
    "cosh",
    "degrees",
    "exp",
    "exp2",
    "floor",
    "fma",
    "fmod",
    "frac",
    "lerp",
    "log",
    "log10",
    "log2",
    "mad",
    "max",
    "min",
    "pow",
    "radians",
    "rcp",
    "round",
    "rsqrt",
    "saturate",
    "sin",
    "sinh",
    "smoothstep",
    "sqrt",
    "step",
    "tan",
    "tanh",
    "trunc",
    "normalize",
    "reflect",
];

fn atomic_op(name: &str) -> Option<AtomicOp> {
    Some(match name {
        "InterlockedAdd" => AtomicOp::Add,
        "InterlockedAnd" => AtomicOp::And,
        "InterlockedOr" => AtomicOp::Or,
        "InterlockedXor" => AtomicOp::Xor,
        "InterlockedMin" => AtomicOp::Min,
        "InterlockedMax" => AtomicOp::Max,
        "InterlockedExchange" => AtomicOp::Exchange,
        _ => return None,
    })
}

fn barrier_flags(name: &str) -> Option<BarrierFlags> {
    let sync = BarrierFlags::GROUP_SYNC;
    Some(match name {
        "GroupMemoryBarrier" => BarrierFlags::WORKGROUP_MEMORY,
        "GroupMemoryBarrierWithGroupSync" => BarrierFlags::WORKGROUP_MEMORY | sync,
        "DeviceMemoryBarrier" => BarrierFlags::DEVICE_MEMORY,
        "DeviceMemoryBarrierWithGroupSync" => BarrierFlags::DEVICE_MEMORY | sync,
        "AllMemoryBarrier" => BarrierFlags::ALL_MEMORY,
        "AllMemoryBarrierWithGroupSync" => BarrierFlags::ALL_MEMORY | sync,
        _ => return None,
    })
}

impl FnLower<'_, '_> {
    pub fn lower_call(&mut self, e: ExprId, callee: ExprId, args: &[ExprId]) -> R<Option<Value>> {
        // A user function or static method, as the checker resolved it (prototypes, default
        // arguments, overloads and qualified names included).
        if let Some(hir::Resolution::Function {
            function,
            template_args,
        }) = self.infer.resolution(e).cloned()
        {
            // `f(x)` on a struct value `f` calls its `operator()` (HLSL 2021).
            let object = matches!(self.infer.type_of_expr(callee), Some(Type::Struct(_)));
            let this = object.then_some(callee);
            let this = this.map(crate::user_call::Receiver::Object);
            return self.lower_user_call(e, function, &template_args, this, args);
        }
        let Expr::Path(path) = self.body.expr(callee).clone() else {
            return Err(self.unsupported("calling this expression", e));
        };
        if let Some(which) = hir::infer::vk::VkIntrinsic::of_path(&path) {
            return self.lower_vk_call(e, which, args);
        }
        // `::sin(x)`, and `hlsl::sin(x)` under HLSL 202x: the intrinsic (the checker found
        // no user function of that path).
        let version = self.hlsl_version();
        if let Some(name) = hir::infer::qualified_intrinsic_name(&path, version) {
            let name = name.to_owned();
            return self.lower_intrinsic(e, &name, args);
        }
        let Some(name) = path.as_name().map(str::to_owned) else {
            if self.ty(e).is_ok_and(|t| !t.is_void()) {
                return self.construct(e, args).map(Some);
            }
            return Err(self.unsupported("qualified calls", e));
        };
        // Constructors of built-in types.
        if Type::from_hlsl_name(&name).is_some() || path.segments[0].args.is_some() {
            return self.construct(e, args).map(Some);
        }
        // `L(x)` of a struct declared in this function.
        if self.local_type_by_name(&name, 0).is_some() {
            return self.construct(e, args).map(Some);
        }
        let items = self.cx.lookup_value(self.item, &name);
        if items.iter().any(|&i| {
            matches!(
                self.cx.tree.item(i).kind,
                ItemKind::Struct(_) | ItemKind::Typedef(_)
            )
        }) {
            return self.construct(e, args).map(Some);
        }
        // A call the checker did not resolve to a user function is the intrinsic of its name
        // (an intrinsic that takes the arguments wins over a user function, as in DXC).
        self.lower_intrinsic(e, &name, args)
    }

    /// `T(args)`: a vector or scalar from the flattened arguments.
    pub(crate) fn construct(&mut self, e: ExprId, args: &[ExprId]) -> R<Value> {
        let ty = self.ty(e)?;
        match &ty {
            Type::Scalar(_) | Type::BufferPointer { .. } if args.len() == 1 => {
                self.coerce(args[0], &ty)
            }
            Type::Vector(k, n) => {
                if args.len() == 1 {
                    let at = self.ty(args[0])?;
                    if matches!(at, Type::Scalar(_)) || at.component_count() == Some(u32::from(*n))
                    {
                        return self.coerce(args[0], &ty);
                    }
                }
                let mut parts = Vec::new();
                for &a in args {
                    let part_ty = match self.ty(a)? {
                        Type::Vector(_, m) => Type::Vector(*k, m),
                        Type::Scalar(_) => Type::Scalar(*k),
                        // A matrix, struct or array gives its scalars in order
                        // (`float4(float2x2)`).
                        _ => return self.construct_flat(e, args, &ty),
                    };
                    parts.push(self.coerce(a, &part_ty)?);
                }
                Ok(self.fb().construct(ty.clone(), &parts))
            }
            // `S(x)` is the cast `(S)x` (a struct from one value: zeros from `S(0)`).
            Type::Struct(_) if args.len() == 1 => self.coerce(args[0], &ty),
            Type::Matrix { .. } | Type::Struct(_) | Type::Array { .. } => {
                // Like an initializer list: the arguments' scalars in order.
                self.construct_flat(e, args, &ty)
            }
            _ => Err(self.unsupported(&format!("constructing {ty}"), e)),
        }
    }

    fn lower_intrinsic(&mut self, e: ExprId, name: &str, args: &[ExprId]) -> R<Option<Value>> {
        if name == "printf" {
            return self.lower_printf(e, args);
        }
        if name == "GetAttributeAtVertex" {
            return self.lower_attribute_at_vertex(e, args);
        }
        // What DXC refuses at the call, in its words: the render target's sample pattern has
        // no Vulkan query (nor has `abort` a Vulkan instruction), `noise` left DXC with the `tx_1_0` profile it never had, and its
        // SPIR-V backend implements none of the hull shader's tessellation-factor helpers.
        let refused = match name {
            _ if is_tess_factor_helper(name) => Some((
                crate::DXC_UNIMPLEMENTED,
                format!(
                    "{name} intrinsic function unimplemented (DXC's SPIR-V backend has none \
                     of the Process*TessFactors* helpers; compute the rounded factors in HLSL)"
                ),
            )),
            "GetRenderTargetSampleCount" | "GetRenderTargetSamplePosition" | "abort" => Some((
                crate::NO_VULKAN_EQUIVALENT,
                format!("no equivalent for {name} intrinsic function in Vulkan"),
            )),
            "noise" => Some((
                crate::NO_SUCH_INTRINSIC,
                "use of undeclared identifier 'noise' (DXC has no `noise` for shader model 6: \
                 only the `tx_1_0` profile had it)"
                    .to_owned(),
            )),
            _ => None,
        };
        if let Some((code, message)) = refused {
            let range = self.expr_range(e);
            return Err(self.cx.error(code, message, range));
        }
        if let Some(r) = self.lower_mesh_intrinsic(name, args) {
            return r;
        }
        if let Some(flags) = barrier_flags(name) {
            self.fb().barrier(flags);
            return Ok(None);
        }
        if name == "Barrier" {
            return self.lower_sm68_barrier(e, args);
        }
        if let Some(r) = self.lower_float_bitwise_call(e, name) {
            return r;
        }
        if let Some(op) = atomic_op(name) {
            self.need_args(e, name, args, 2)?;
            let dest = self.lvalue(args[0])?;
            let target = self.atomic_target(&dest, args[0])?;
            let ty = self.place_type(&dest);
            let v = self.coerce(args[1], &ty)?;
            let old = self.fb().atomic_rmw(op, ty, &target, v);
            if let Some(&out) = args.get(2) {
                self.store_out(out, old)?;
            }
            return Ok(None);
        }
        if name == "InterlockedCompareExchange" || name == "InterlockedCompareStore" {
            self.need_args(e, name, args, 3)?;
            let dest = self.lvalue(args[0])?;
            let target = self.atomic_target(&dest, args[0])?;
            let ty = self.place_type(&dest);
            let cmp = self.coerce(args[1], &ty)?;
            let new = self.coerce(args[2], &ty)?;
            let old = self.fb().atomic_compare_exchange(ty, &target, cmp, new);
            if let Some(&out) = args.get(3) {
                self.store_out(out, old)?;
            }
            return Ok(None);
        }
        if let Some(r) = self.lower_pipeline_call(e, name, args) {
            return r;
        }
        if let Some(r) = self.lower_packed_math(e, name, args) {
            return r;
        }
        let Some(ty) = self.infer.type_of_expr(e).cloned() else {
            return Err(self.unsupported(&format!("the intrinsic `{name}` here"), e));
        };
        if name == "dot" {
            self.need_args(e, name, args, 2)?;
            let at = self.ty(args[0])?;
            let bt = self.ty(args[1])?;
            let opt = crate::convert::common_type(&at, false, &bt, false).unwrap_or(at);
            // `bool` operands multiply as `int`s (the kind overload resolution gave the result).
            let opt = match ty.scalar_kind() {
                Some(k) if opt.scalar_kind() == Some(ScalarKind::Bool) => {
                    opt.with_scalar_kind(k).unwrap_or(opt)
                }
                _ => opt,
            };
            let a = self.coerce(args[0], &opt)?;
            let b = self.coerce(args[1], &opt)?;
            if matches!(opt, Type::Scalar(_)) {
                // `dot` of two scalars is their product (DXC emits a multiply).
                return Ok(Some(self.fb().binary(Opcode::Mul, a, b)));
            }
            return Ok(Some(self.fb().mat(Opcode::Dot, a, b)));
        }
        if name == "select" {
            // HLSL 2021 `select(c, a, b)`: a component-wise `select`.
            self.need_args(e, name, args, 3)?;
            return Ok(Some(self.select_values(args[0], args[1], args[2], &ty)?));
        }
        if name == "and" || name == "or" {
            // HLSL 2021 `and(a, b)` / `or(a, b)`: component-wise, both operands evaluated.
            self.need_args(e, name, args, 2)?;
            let a = self.coerce(args[0], &ty)?;
            let b = self.coerce(args[1], &ty)?;
            let op = if name == "and" {
                Opcode::LogicalAnd
            } else {
                Opcode::LogicalOr
            };
            return Ok(Some(self.fb().binary(op, a, b)));
        }
        let name = if name == "NonUniformResourceIndex" {
            "NonUniformIndex"
        } else {
            name
        };
        if name == "D3DCOLORtoUBYTE4" {
            // As DXC expands it: `int4(x.zyxw * 255.001953)` (the scale, 0x437f0080 as a float,
            // keeps 1.0 from truncating to 254).
            self.need_args(e, name, args, 1)?;
            let float4 = Type::Vector(ScalarKind::Float, 4);
            let x = self.coerce(args[0], &float4)?;
            let zyxw = self.fb().swizzle(x, &[2, 1, 0, 3]);
            let scale = self.splat_const(&float4, ir::Constant::float(f32::from_bits(0x437f_0080)));
            let scaled = self.fb().binary(Opcode::Mul, zyxw, scale);
            return Ok(Some(self.fb().convert(scaled, ty)));
        }
        if name == "QuadAny" || name == "QuadAll" {
            // DXC's form without SPV_KHR_quad_control: the four lanes of the quad read by
            // `QuadReadLaneAt` (OpGroupNonUniformQuadBroadcast), combined with `||` or `&&`.
            self.need_args(e, name, args, 1)?;
            let x = self.coerce(args[0], &Type::BOOL)?;
            let op = if name == "QuadAny" {
                Opcode::LogicalOr
            } else {
                Opcode::LogicalAnd
            };
            let mut acc = None;
            for lane in 0..4 {
                let lane = self.fb().uint(lane);
                let v = self
                    .fb()
                    .call_intrinsic(Intrinsic::QuadReadLaneAt, Type::BOOL, &[x, lane]);
                acc = Some(match acc {
                    None => v,
                    Some(a) => self.fb().binary(op, a, v),
                });
            }
            return Ok(acc);
        }
        if let Some(r) = self.lower_wave_on_matrix(name, args, &ty) {
            return r;
        }
        if name == "mul" {
            self.need_args(e, name, args, 2)?;
            return self.lower_mul(e, &ty, args[0], args[1]).map(Some);
        }
        let evaluate = match name {
            "EvaluateAttributeAtSample" => Some(Intrinsic::EvaluateAttributeAtSample),
            "EvaluateAttributeCentroid" => Some(Intrinsic::EvaluateAttributeAtCentroid),
            "EvaluateAttributeSnapped" => Some(Intrinsic::EvaluateAttributeSnapped),
            _ => None,
        };
        if let Some(intrinsic) = evaluate {
            return self.lower_evaluate_attribute(e, intrinsic, &ty, args);
        }
        let Some(intrinsic) = Intrinsic::from_name(name) else {
            return Err(self.unsupported(&format!("the intrinsic `{name}`"), e));
        };
        // `sincos(x, out s, out c)`, `modf(x, out ip)`, `frexp(x, out exp)` and
        // `asuint(double d, out uint lo, out uint hi)`: the out arguments are pointers (to
        // temporaries copied back after the call).
        let out_args: &[usize] = match name {
            "sincos" => &[1, 2],
            "modf" | "frexp" => &[1],
            "asuint" if args.len() == 3 => &[1, 2],
            _ => &[],
        };
        if !out_args.is_empty() {
            self.need_args(e, name, args, out_args.len() + 1)?;
            if name == "asuint" {
                if let mt @ Type::Matrix { .. } = self.ty(args[0])? {
                    return self.lower_matrix_asuint(args, &mt);
                }
            }
            // `x` takes the parameter's float type (`modf(uint)` works on a float), which
            // is the result type except for `sincos`.
            let xt = if name == "asuint" {
                // The double split converts what it is given to `double` of its shape.
                let at = self.ty(args[0])?;
                at.with_scalar_kind(ScalarKind::Double)
                    .unwrap_or(Type::Scalar(ScalarKind::Double))
            } else if ty.is_void() {
                let at = self.ty(args[0])?;
                match at.scalar_kind() {
                    Some(k) if !k.is_float() => {
                        at.with_scalar_kind(ScalarKind::Float).unwrap_or(at)
                    }
                    _ => at,
                }
            } else {
                ty.clone()
            };
            let x = self.coerce(args[0], &xt)?;
            // The halves of a double are `uint`s of its shape; every other out value has
            // `x`'s type.
            let out_ty = if name == "asuint" {
                xt.with_scalar_kind(ScalarKind::Uint).unwrap_or(Type::UINT)
            } else {
                xt.clone()
            };
            let mut vals = vec![x];
            let mut copy_back = Vec::new();
            for &i in out_args {
                let place = self.lvalue(args[i])?;
                let temp = self.entry_alloca(out_ty.clone(), "");
                vals.push(temp);
                copy_back.push((temp, place, args[i]));
            }
            let v = self.fb().call_intrinsic(intrinsic, ty.clone(), &vals);
            for (temp, place, a) in copy_back {
                let value = self.fb().load(temp);
                let to = self.place_type(&place);
                let value = self.convert_value(value, &out_ty, &to, a)?;
                self.store_place(&place, value)?;
            }
            return Ok((!ty.is_void()).then_some(v));
        }
        self.warn_bit_search_width(e, name, args)?;
        let params = self.intrinsic_in_params(name, args);
        let mut vals = Vec::new();
        for (i, &a) in args.iter().enumerate() {
            let v = if COMPONENTWISE.contains(&name) {
                self.coerce(a, &ty)?
            } else if i == 1 && LANE_INDEXED.contains(&name) {
                // The lane is a `uint` parameter; SPIR-V's `OpGroupNonUniformShuffle` and
                // `OpGroupNonUniformQuadBroadcast` need it unsigned, so an `int` literal converts.
                self.coerce(a, &Type::UINT)?
            } else if let Some(pt) = params.get(i).cloned().flatten() {
                // The parameter type the checker chose: `clip(-1)` and `length(int3)` take
                // floats, `countbits(1.0)` a `uint`, as in DXC.
                self.coerce(a, &pt)?
            } else {
                let at = self.ty(a)?;
                self.coerce(a, &at)?
            };
            vals.push(v);
        }
        let v = self.fb().call_intrinsic(intrinsic, ty.clone(), &vals);
        Ok((!ty.is_void()).then_some(v))
    }

    /// The types the arguments of intrinsic `name` convert to, as overload resolution chose
    /// them (the same table the checker used), by argument: `None` for an `out`/`inout`
    /// argument, and all `None` when the call does not resolve (the checker reported it).
    pub(crate) fn intrinsic_in_params(&mut self, name: &str, args: &[ExprId]) -> Vec<Option<Type>> {
        let call_args: Vec<hir::IntrinsicArg> = args
            .iter()
            .map(|&a| hir::IntrinsicArg {
                ty: self.infer.type_of_expr(a).cloned(),
                literal: self.infer.is_literal(a),
            })
            .collect();
        match self.cx.db.intrinsics().call(name, &call_args) {
            hir::IntrinsicCall::Resolved {
                params, out_args, ..
            } => params
                .into_iter()
                .enumerate()
                .map(|(i, t)| (!out_args.contains(&i) && !t.is_void()).then_some(t))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// `mul(a, b)`: a scalar factor is a component-wise `mul`, vector by vector a `dot`, and
    /// the matrix forms `mat_vec_mul`, `vec_mat_mul` and `mat_mul`.
    fn lower_mul(&mut self, e: ExprId, ty: &Type, a: ExprId, b: ExprId) -> R<Value> {
        // The operand types overload resolution chose: a vector longer than the matrix's
        // inner size is truncated to it (`mul(float3x3, float4)`, as in DXC).
        let params = self.intrinsic_in_params("mul", &[a, b]);
        let at = match params.first().cloned().flatten() {
            Some(t) => t,
            None => self.ty(a)?,
        };
        let bt = match params.get(1).cloned().flatten() {
            Some(t) => t,
            None => self.ty(b)?,
        };
        let k = ty.scalar_kind().unwrap_or(ScalarKind::Float);
        let with_kind = |t: &Type| t.with_scalar_kind(k).unwrap_or_else(|| t.clone());
        let op = match (&at, &bt) {
            (Type::Scalar(_), _) | (_, Type::Scalar(_)) => {
                let x = self.coerce(a, ty)?;
                let y = self.coerce(b, ty)?;
                return Ok(self.fb().binary(Opcode::Mul, x, y));
            }
            (Type::Vector(..), Type::Vector(..)) => Opcode::Dot,
            (Type::Matrix { .. }, Type::Vector(..)) => Opcode::MatVecMul,
            (Type::Vector(..), Type::Matrix { .. }) => Opcode::VecMatMul,
            (Type::Matrix { .. }, Type::Matrix { .. }) => Opcode::MatMul,
            _ => return Err(self.unsupported(&format!("mul of {at} and {bt}"), e)),
        };
        let x = self.coerce(a, &with_kind(&at))?;
        let y = self.coerce(b, &with_kind(&bt))?;
        Ok(self.fb().mat(op, x, y))
    }

    /// At least `n` arguments (semantic analysis reports wrong counts; this only avoids
    /// lowering what it did not check).
    pub(crate) fn need_args(&mut self, e: ExprId, name: &str, args: &[ExprId], n: usize) -> R<()> {
        if args.len() < n {
            return Err(self.unsupported(&format!("`{name}` with {} arguments", args.len()), e));
        }
        Ok(())
    }

    /// Whether `e` is a one-component swizzle of a scalar (`s.x`).
    fn swizzles_a_scalar(&self, e: ExprId) -> bool {
        match self.body.expr(e) {
            Expr::Field { expr, .. } => {
                matches!(self.infer.type_of_expr(*expr), Some(Type::Scalar(_)))
            }
            _ => false,
        }
    }

    /// The operands naming an atomic's target: a pointer, or a texture and coordinate.
    fn atomic_target(&mut self, p: &Place, e: ExprId) -> R<Vec<Value>> {
        match p {
            // A bit-field shares its word with others: an atomic would act on all of them.
            Place::Ptr(ptr) if self.bit_field_at(*ptr).is_some() => {
                Err(self.unsupported("an atomic operation on a bit-field", e))
            }
            Place::Ptr(ptr) => {
                self.check_atomic_memory(*ptr, e)?;
                Ok(vec![*ptr])
            }
            Place::Texel {
                resource,
                coord,
                sample: None,
            } => {
                self.check_undefined_texel_atomic(*resource, e)?;
                Ok(vec![*resource, *coord])
            }
            Place::Texel { .. } => Err(self.unsupported("an atomic on one sample of a texel", e)),
            // The pointer, then the access path to the scalar (`ir::Opcode::AtomicRmw`).
            Place::Pointee(ptr, path) => {
                self.check_atomic_memory(*ptr, e)?;
                Ok(std::iter::once(*ptr).chain(path.iter().copied()).collect())
            }
            Place::Swizzle(inner, comps) if comps.len() == 1 && self.swizzles_a_scalar(e) => {
                // `.x` (or `.r`) of a scalar (`InterlockedAdd(tex[i].x, 1)` on a scalar texel,
                // `InterlockedAdd(shared[i].r, 1)`): the scalar itself, as DXC takes it.
                let Expr::Field { expr: base, .. } = self.body.expr(e).clone() else {
                    return Err(self.unsupported("this atomic target", e));
                };
                self.atomic_target(inner, base)
            }
            Place::Swizzle(inner, _) if matches!(**inner, Place::Texel { .. }) => {
                // A component of a texel of a vector-typed storage image or buffer: SPIR-V's
                // `OpImageTexelPointer` points at a whole scalar texel only, and DXC refuses
                // it the same way.
                Err(self.atomic_on_a_texel_component(e))
            }
            // One component of a vector (`buf[i].v.x`) or one element of a matrix
            // (`m._m01`) in memory: a pointer to that scalar, as DXC's access chain.
            Place::Swizzle(inner, comps) if comps.len() == 1 => {
                let index = self.fb().int(i32::from(comps[0]));
                self.atomic_element(inner, &[index], e)
            }
            Place::MatrixSwizzle(inner, elems) if elems.len() == 1 => {
                let (r, c) = elems[0];
                let r = self.fb().int(i32::from(r));
                let c = self.fb().int(i32::from(c));
                self.atomic_element(inner, &[r, c], e)
            }
            Place::Swizzle(..) | Place::MatrixSwizzle(..) => {
                Err(self.unsupported("an atomic on a swizzle of several components", e))
            }
            Place::Mesh(_) => {
                let range = self.expr_range(e);
                Err(self.cx.error(
                    crate::ATOMIC_ON_MESH_OUTPUT,
                    "an atomic operation on a mesh shader output: Vulkan allows atomics on \
                     buffers, images and groupshared memory, not on an `Output` variable \
                     (compute the value, then write it)"
                        .to_owned(),
                    range,
                ))
            }
            // A struct is no atomic's target (semantic analysis refuses it).
            Place::Base(..) => Err(self.unsupported("this atomic target", e)),
            // A component of a texel at a run-time index: as for a constant one, DXC's words.
            Place::Component(..) => Err(self.atomic_on_a_texel_component(e)),
        }
    }

    /// DXC's refusal of an atomic on one component of a vector texel, at `e`.
    fn atomic_on_a_texel_component(&mut self, e: ExprId) -> crate::context::Unsupported {
        let range = self.expr_range(e);
        self.cx.error(
            crate::NO_VULKAN_EQUIVALENT,
            "Interlocked operation for texture buffer whose result type is non-scalar type is \
             not allowed"
                .to_owned(),
            range,
        )
    }

    /// The target of an atomic on element `indices` of the vector or matrix at `inner`.
    fn atomic_element(&mut self, inner: &Place, indices: &[Value], e: ExprId) -> R<Vec<Value>> {
        match inner {
            Place::Ptr(ptr) => Ok(vec![self.fb().access_chain(*ptr, indices)]),
            Place::Pointee(ptr, path) => Ok(std::iter::once(*ptr)
                .chain(path.iter().copied())
                .chain(indices.iter().copied())
                .collect()),
            _ => Err(self.unsupported("an atomic on a component of this place", e)),
        }
    }

    /// A pointer to the 32-bit word of byte-address buffer `res` at byte offset `offset`, where
    /// its atomics act.
    pub(crate) fn byte_address_word(&mut self, res: Value, offset: ExprId) -> R<Value> {
        let off = self.coerce(offset, &Type::UINT)?;
        let two = self.fb().uint(2);
        let word = self.fb().binary(Opcode::Shr, off, two);
        Ok(self.fb().access_chain(res, &[word]))
    }

    /// Stores `v` into the `out` argument `e`.
    pub(crate) fn store_out(&mut self, e: ExprId, v: Value) -> R<()> {
        let p = self.lvalue(e)?;
        let ty = self.place_type(&p);
        let from = self.type_of(v);
        let v = self.convert_value(v, &from, &ty, e)?;
        self.store_place(&p, v)
    }

    pub fn lower_method_call(
        &mut self,
        e: ExprId,
        receiver: ExprId,
        name: &str,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        if let Some(hir::Resolution::Function {
            function,
            template_args,
        }) = self.infer.resolution(e).cloned()
        {
            use crate::user_call::Receiver;
            // `h.s(x)`: the `operator()` of member `s` (HLSL 2021), as `hir` resolved it.
            let functor = self
                .cx
                .tree
                .by_ast(function)
                .map(|i| &self.cx.tree.item(i).name);
            let field = match self.infer.type_of_expr(receiver) {
                Some(Type::Struct(s)) => s.field_index(name),
                _ => None,
            };
            let object = match field {
                Some(k) if name != "operator()" && functor.is_some_and(|n| n == "operator()") => {
                    Receiver::Member(receiver, k as u32)
                }
                _ => Receiver::Object(receiver),
            };
            return self.lower_user_call(e, function, &template_args, Some(object), args);
        }
        if let Some(place) = self.buffer_pointer_get(e, receiver, name, args) {
            let place = place?;
            return self.load_place(&place).map(Some);
        }
        if let Some(r) = self.lower_stream_method(e, receiver, name, args) {
            return r;
        }
        // `((Texture2D<T>)ResourceDescriptorHeap[i]).Load(p)`: the heap element itself.
        let heap = match self.infer.type_of_expr(receiver) {
            Some(Type::Resource(r)) if !self.is_place_expr(receiver) => {
                let r = (**r).clone();
                self.heap_element(receiver, &r)
            }
            _ => None,
        };
        let res = match heap {
            Some(element) => element?,
            None => {
                if !self.is_place_expr(receiver) {
                    return Err(self.unsupported("methods of this value", e));
                }
                let Place::Ptr(res) = self.lvalue(receiver)? else {
                    return Err(self.unsupported("methods of this value", e));
                };
                res
            }
        };
        let rt = self.type_of(res);
        let Some(Type::Resource(r)) = rt.pointee().map(|(_, t)| t.clone()) else {
            return Err(self.unsupported("methods of this value", e));
        };
        if let Some(v) = self.lower_texture_method(e, res, &r, name, args) {
            return v;
        }
        if let Some(v) = self.lower_ray_query_method(e, res, &r, name, args) {
            return v;
        }
        if let Some(v) = self.lower_subpass_method(e, res, &r, name, args) {
            return v;
        }
        if let Some(v) = self.lower_counter_method(e, res, name, args) {
            return v;
        }
        if let Some(v) = self.lower_float_bitwise_method(e, res, &r, name, args) {
            return v;
        }
        if matches!(&*r, ResourceType::ByteAddressBuffer { access } if access.is_writable()) {
            if let Some(v) = self.lower_byte_address_atomic64(e, res, name, args) {
                return v.map(|()| None);
            }
        }
        let needed = if name == "GetDimensions" {
            0
        } else if name.starts_with("Store") || name.starts_with("Interlocked") {
            2
        } else {
            1
        };
        self.need_args(e, name, args, needed)?;
        match (&*r, name) {
            (ResourceType::StructuredBuffer { element, .. }, "GetDimensions")
                if args.len() == 2 =>
            {
                // The element count of the runtime array, and its stride under the rules the
                // buffer is laid out with.
                let count = self.fb().resource_op(Opcode::ArrayLength, &[res], &[]);
                self.store_out(args[0], count)?;
                let rules = self.cx.options.layout.rules(false);
                let stride =
                    match types::TypeLayout::of(&Type::array(element.clone(), 1), rules).kind {
                        types::LayoutKind::Array { stride, .. } => stride,
                        _ => return Err(self.unsupported("the stride of this element type", e)),
                    };
                let stride = self.fb().uint(stride);
                self.store_out(args[1], stride)?;
                Ok(None)
            }
            (ResourceType::TypedBuffer { .. }, "GetDimensions") if args.len() == 1 => {
                // A texel buffer's size in elements: a size query without a level.
                let size = self.fb().resource_op(Opcode::TextureQuerySize, &[res], &[]);
                self.store_out(args[0], size)?;
                Ok(None)
            }
            (ResourceType::ByteAddressBuffer { .. }, "GetDimensions") if args.len() == 1 => {
                // The size in bytes: four per word of the runtime array.
                let words = self.fb().resource_op(Opcode::ArrayLength, &[res], &[]);
                let four = self.fb().uint(4);
                let bytes = self.fb().binary(Opcode::Mul, words, four);
                self.store_out(args[0], bytes)?;
                Ok(None)
            }
            (ResourceType::StructuredBuffer { .. } | ResourceType::ByteAddressBuffer { .. }, _)
                if name.starts_with("Load") && args.len() == 2 =>
            {
                // DXC's SPIR-V rejects these too: the buffers are not sparse images.
                let what = if matches!(&*r, ResourceType::StructuredBuffer { .. }) {
                    "(RW)StructuredBuffer::Load(in location, out status)"
                } else {
                    "(RW)ByteAddressBuffer::Load(in address, out status)"
                };
                let range = self.expr_range(e);
                Err(self.cx.error(
                    crate::NO_VULKAN_EQUIVALENT,
                    format!("{what} not supported"),
                    range,
                ))
            }
            (ResourceType::StructuredBuffer { .. }, "Load") => {
                let i = self.index_value(args[0])?;
                let p = self.fb().access_chain(res, &[i]);
                Ok(Some(self.fb().load(p)))
            }
            // `AlignedLoad<T>(offset, alignment)`: the alignment is a promise for the D3D
            // driver; SPIR-V's word-indexed loads need none.
            (ResourceType::ByteAddressBuffer { .. }, "AlignedLoad") if args.len() == 2 => {
                let ty = self.ty(e)?;
                let off = self.coerce(args[0], &Type::UINT)?;
                Ok(Some(self.byte_address_load(res, off, &ty, e)?))
            }
            (ResourceType::ByteAddressBuffer { .. }, "Load" | "Load2" | "Load3" | "Load4") => {
                let ty = self.ty(e)?;
                let off = self.coerce(args[0], &Type::UINT)?;
                Ok(Some(self.byte_address_load(res, off, &ty, e)?))
            }
            (ResourceType::ByteAddressBuffer { .. }, "Store" | "Store2" | "Store3" | "Store4") => {
                let n = name[5..].parse::<u8>().unwrap_or(1);
                // `Store(address, value)` is a template over the value's type (SM 6.2); a
                // literal or a `uint` stores one word.
                let vt = if n > 1 {
                    Type::Vector(ScalarKind::Uint, n)
                } else if let Some(targs) = self.body.method_template_args(e) {
                    // `Store<T>(address, value)`: the value converted to `T`.
                    let t = match targs {
                        [hir::type_ref::GenericArg::Type(t)] => hir::lower_type::TypeCtx::inside(
                            &self.cx.tree,
                            &self.cx.scope,
                            self.item,
                        )
                        .resolve(t, &mut Vec::new())
                        .map(|t| t.ir_form()),
                        _ => None,
                    };
                    match t {
                        Some(t) => t,
                        None => return Err(self.unsupported("`Store<T>` with this type", e)),
                    }
                } else if self.infer.is_literal(args[1]) {
                    Type::UINT
                } else {
                    self.ty(args[1])?
                };
                if crate::byte_address::raw_size_align(&vt).is_none() {
                    let what = format!("a byte-address buffer store of {vt}");
                    return Err(self.unsupported(&what, e));
                }
                let off = self.coerce(args[0], &Type::UINT)?;
                let v = self.coerce(args[1], &vt)?;
                self.byte_address_store(res, off, v, &vt, e)?;
                Ok(None)
            }
            (ResourceType::ByteAddressBuffer { .. }, _) if atomic_op(name).is_some() => {
                let p = self.byte_address_word(res, args[0])?;
                let v = self.coerce(args[1], &Type::UINT)?;
                let old = self
                    .fb()
                    .atomic_rmw(atomic_op(name).unwrap(), Type::UINT, &[p], v);
                if let Some(&out) = args.get(2) {
                    self.store_out(out, old)?;
                }
                Ok(None)
            }
            (
                ResourceType::ByteAddressBuffer { .. },
                "InterlockedCompareExchange" | "InterlockedCompareStore",
            ) if args.len() >= 3 => {
                let p = self.byte_address_word(res, args[0])?;
                let cmp = self.coerce(args[1], &Type::UINT)?;
                let new = self.coerce(args[2], &Type::UINT)?;
                let old = self
                    .fb()
                    .atomic_compare_exchange(Type::UINT, &[p], cmp, new);
                if let (Some(&out), "InterlockedCompareExchange") = (args.get(3), name) {
                    self.store_out(out, old)?;
                }
                Ok(None)
            }
            (ResourceType::TypedBuffer { .. }, "Load") => {
                self.lower_plain_load(e, res, Type::UINT, args)
            }
            (ResourceType::Texture { dim, access, .. }, "GetDimensions")
                if !dim.is_multisampled() =>
            {
                let n = usize::from(dim.size_count());
                let with_level = !access.is_writable() && args.len() == n + 2;
                if args.len() != n && !with_level {
                    return Err(self.unsupported("this form of `GetDimensions`", e));
                }
                let mut ops = vec![res];
                let outs = if with_level {
                    ops.push(self.coerce(args[0], &Type::UINT)?);
                    &args[1..=n]
                } else {
                    if !access.is_writable() {
                        // A sampled texture's size is always of a level: 0.
                        ops.push(self.fb().uint(0));
                    }
                    &args[..n]
                };
                let size = self.fb().resource_op(Opcode::TextureQuerySize, &ops, &[]);
                for (i, &out) in outs.iter().enumerate() {
                    let v = if n == 1 {
                        size
                    } else {
                        self.fb().extract(size, &[i as u32])
                    };
                    self.store_out(out, v)?;
                }
                if with_level {
                    let levels = self
                        .fb()
                        .resource_op(Opcode::TextureQueryLevels, &[res], &[]);
                    self.store_out(args[n + 1], levels)?;
                }
                Ok(None)
            }
            _ => Err(self.unsupported(&format!("the method `{name}` of {}", r.ir()), e)),
        }
    }
}

/// Whether `name` is one of the hull shader's tessellation-factor helpers
/// (`ProcessTriTessFactorsAvg`, `Process2DQuadTessFactorsMax`, `ProcessIsolineTessFactors`,
/// ...), which DXC's SPIR-V backend reports unimplemented.
fn is_tess_factor_helper(name: &str) -> bool {
    name == "ProcessIsolineTessFactors"
        || ["ProcessTri", "ProcessQuad", "Process2DQuad"]
            .iter()
            .any(|p| {
                name.strip_prefix(p)
                    .and_then(|rest| rest.strip_prefix("TessFactors"))
                    .is_some_and(|k| matches!(k, "Avg" | "Max" | "Min"))
            })
}
