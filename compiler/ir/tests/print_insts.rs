//! Printer snapshots, one instruction family per test. Every module also passes the verifier.

mod common;

use common::*;
use expect_test::expect;
use ir::types::{ScalarKind, Type};
use ir::{Constant, ControlHint, Intrinsic, ModuleBuilder, Opcode, SourceLoc};

#[test]
fn spec_example_loop() {
    // The dump example of the specification: a counting loop over locals.
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("f", vec![Type::INT], Type::INT);
    let mut fb = mb.function(f);
    let entry = fb.create_block("entry");
    let header = fb.create_block("for.header");
    let cond = fb.create_block("for.cond");
    let body = fb.create_block("for.body");
    let cont = fb.create_block("for.continue");
    let merge = fb.create_block("for.merge");
    fb.switch_to_block(entry);
    let sum = fb.alloca(Type::INT, "sum");
    let i = fb.alloca(Type::INT, "i");
    let zero = fb.int(0);
    fb.store(sum, zero);
    fb.store(i, zero);
    fb.br(header);
    fb.mark_loop(header, merge, cont, Some(ControlHint::DontUnroll));
    fb.switch_to_block(header);
    fb.br(cond);
    fb.switch_to_block(cond);
    let iv = fb.load(i);
    let n = fb.arg(0);
    let lt = fb.compare(Opcode::Lt, iv, n);
    fb.cond_br(lt, body, merge);
    fb.switch_to_block(body);
    let s = fb.load(sum);
    let iv2 = fb.load(i);
    let s2 = fb.binary(Opcode::Add, s, iv2);
    fb.store(sum, s2);
    fb.br(cont);
    fb.switch_to_block(cont);
    let iv3 = fb.load(i);
    let one = fb.int(1);
    let next = fb.binary(Opcode::Add, iv3, one);
    fb.store(i, next);
    fb.br(header);
    fb.switch_to_block(merge);
    let r = fb.load(sum);
    fb.ret(Some(r));
    check(
        &mb.finish(),
        expect![[r#"
            func @f(%arg0: int) -> int {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; sum
              %1 = alloca : ptr<function, int> ; i
              store %0, 0:int
              store %1, 0:int
              br bb1
            bb1: ; loop merge=bb5 continue=bb4 hint=dontunroll (for.header)
              br bb2
            bb2: ; (for.cond)
              %2 = load %1 : int
              %3 = lt %2, %arg0 : bool
              cond_br %3, bb3, bb5
            bb3: ; (for.body)
              %4 = load %0 : int
              %5 = load %1 : int
              %6 = add %4, %5 : int
              store %0, %6
              br bb4
            bb4: ; (for.continue)
              %7 = load %1 : int
              %8 = add %7, 1:int : int
              store %1, %8
              br bb1
            bb5: ; (for.merge)
              %9 = load %0 : int
              ret %9
            }
        "#]],
    );
}

#[test]
fn scalar_constants_of_each_type() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("constants", vec![], Type::Void);
    let consts = vec![
        Constant::bool(true),
        Constant::bool(false),
        Constant::int(-7),
        Constant::uint(4294967295),
        Constant::int16(-2),
        Constant::uint16(65535),
        Constant::int64(-9000000000),
        Constant::uint64(18446744073709551615),
        Constant::float_of(ScalarKind::Half, 0.5),
        Constant::float(1.5),
        Constant::double(0.1),
        Constant::float_of(ScalarKind::Float16, 0.333),
        Constant::float_of(ScalarKind::Min16Float, 2.0),
        Constant::float_of(ScalarKind::Min10Float, -1.0),
        Constant::scalar(ScalarKind::Min16Int, (-3i64) as u64),
        Constant::scalar(ScalarKind::Min12Int, 5),
        Constant::scalar(ScalarKind::Min16Uint, 6),
    ];
    let mut fb = mb.function(f);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    for c in consts {
        let ty = c.ty.clone();
        let v = fb.constant(c);
        let p = fb.alloca(ty, "");
        fb.store(p, v);
    }
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            func @constants() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, bool>
              store %0, true:bool
              %1 = alloca : ptr<function, bool>
              store %1, false:bool
              %2 = alloca : ptr<function, int>
              store %2, -7:int
              %3 = alloca : ptr<function, uint>
              store %3, 4294967295:uint
              %4 = alloca : ptr<function, int16_t>
              store %4, -2:int16_t
              %5 = alloca : ptr<function, uint16_t>
              store %5, 65535:uint16_t
              %6 = alloca : ptr<function, int64_t>
              store %6, -9000000000:int64_t
              %7 = alloca : ptr<function, uint64_t>
              store %7, 18446744073709551615:uint64_t
              %8 = alloca : ptr<function, half>
              store %8, 0.5:half
              %9 = alloca : ptr<function, float>
              store %9, 1.5:float
              %10 = alloca : ptr<function, double>
              store %10, 0.1:double
              %11 = alloca : ptr<function, float16_t>
              store %11, 0.3330078:float16_t
              %12 = alloca : ptr<function, min16float>
              store %12, 2.0:min16float
              %13 = alloca : ptr<function, min10float>
              store %13, -1.0:min10float
              %14 = alloca : ptr<function, min16int>
              store %14, -3:min16int
              %15 = alloca : ptr<function, min12int>
              store %15, 5:min12int
              %16 = alloca : ptr<function, min16uint>
              store %16, 6:min16uint
              ret
            }
        "#]],
    );
}

#[test]
fn special_float_constants_print_exact_bits() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("special", vec![], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    for v in [
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        -0.0,
        1.0e-40,
        3.0e38,
        1.0e-7,
    ] {
        let c = fb.float(v);
        let p = fb.alloca(Type::FLOAT, "");
        fb.store(p, c);
    }
    let d = fb.constant(Constant::double(f64::INFINITY));
    let p = fb.alloca(Type::scalar(ScalarKind::Double), "");
    fb.store(p, d);
    let h = fb.constant(Constant::scalar(ScalarKind::Float16, 0x7c00));
    let p = fb.alloca(Type::scalar(ScalarKind::Float16), "");
    fb.store(p, h);
    let h = fb.constant(Constant::scalar(ScalarKind::Float16, 0x0001));
    fb.store(p, h);
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            func @special() -> void {
            bb0:
              %0 = alloca : ptr<function, float>
              store %0, 0x7f800000:float
              %1 = alloca : ptr<function, float>
              store %1, 0xff800000:float
              %2 = alloca : ptr<function, float>
              store %2, 0x7fc00000:float
              %3 = alloca : ptr<function, float>
              store %3, -0.0:float
              %4 = alloca : ptr<function, float>
              store %4, 1e-40:float
              %5 = alloca : ptr<function, float>
              store %5, 3e38:float
              %6 = alloca : ptr<function, float>
              store %6, 1e-7:float
              %7 = alloca : ptr<function, double>
              store %7, 0x7ff0000000000000:double
              %8 = alloca : ptr<function, float16_t>
              store %8, 0x7c00:float16_t
              store %8, 5.9604645e-8:float16_t
              ret
            }
        "#]],
    );
}

#[test]
fn composite_constants() {
    let mut mb = ModuleBuilder::new();
    let one = mb.const_handle(Constant::float(1.0));
    let zero = mb.const_handle(Constant::float(0.0));
    let f2 = float_n(2);
    let v = mb.composite(f2.clone(), vec![one, zero]);
    let row0 = mb.const_handle(Constant {
        ty: f2.clone(),
        kind: ir::ConstantKind::Composite(vec![one, zero]),
    });
    let row1 = mb.const_handle(Constant {
        ty: f2.clone(),
        kind: ir::ConstantKind::Composite(vec![zero, one]),
    });
    let m2 = Type::matrix(ScalarKind::Float, 2, 2);
    let m = mb.composite(m2.clone(), vec![row0, row1]);
    let i1 = mb.const_handle(Constant::int(1));
    let i2 = mb.const_handle(Constant::int(2));
    let arr_ty = Type::array(Type::INT, 2);
    let arr = mb.composite(arr_ty.clone(), vec![i1, i2]);
    let s_ty = structure("Pair", &[("a", Type::INT), ("b", f2.clone())]);
    let s = mb.composite(s_ty.clone(), vec![i1, row0]);
    let f = mb.declare_function("composites", vec![], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    for (ty, c) in [(f2, v), (m2, m), (arr_ty, arr), (s_ty, s)] {
        let p = fb.alloca(ty, "");
        fb.store(p, c);
    }
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            struct Pair { int a; float2 b; }

            func @composites() -> void {
            bb0:
              %0 = alloca : ptr<function, float2>
              store %0, {1.0, 0.0}:float2
              %1 = alloca : ptr<function, float2x2>
              store %1, {{1.0, 0.0}, {0.0, 1.0}}:float2x2
              %2 = alloca : ptr<function, array<int, 2>>
              store %2, {1, 2}:array<int, 2>
              %3 = alloca : ptr<function, Pair>
              store %3, {1, {1.0, 0.0}}:Pair
              ret
            }
        "#]],
    );
}

#[test]
fn binary_arithmetic() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function(
        "arith",
        vec![int_n(3), int_n(3), Type::scalar(ScalarKind::Uint)],
        int_n(3),
    );
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let (a, c) = (fb.arg(0), fb.arg(1));
    let mut acc = a;
    for op in [
        Opcode::Add,
        Opcode::Sub,
        Opcode::Mul,
        Opcode::Div,
        Opcode::Rem,
        Opcode::BitAnd,
        Opcode::BitOr,
        Opcode::BitXor,
    ] {
        acc = fb.binary(op, acc, c);
    }
    let sh = fb.inst(Opcode::Shl, int_n(3), vec![acc, fb.arg(1)]);
    let sh2 = fb.binary(Opcode::Shr, sh, c);
    fb.ret(Some(sh2));
    check(
        &mb.finish(),
        expect![[r#"
            func @arith(%arg0: int3, %arg1: int3, %arg2: uint) -> int3 {
            bb0:
              %0 = add %arg0, %arg1 : int3
              %1 = sub %0, %arg1 : int3
              %2 = mul %1, %arg1 : int3
              %3 = div %2, %arg1 : int3
              %4 = rem %3, %arg1 : int3
              %5 = bit_and %4, %arg1 : int3
              %6 = bit_or %5, %arg1 : int3
              %7 = bit_xor %6, %arg1 : int3
              %8 = shl %7, %arg1 : int3
              %9 = shr %8, %arg1 : int3
              ret %9
            }
        "#]],
    );
}

#[test]
fn unary_and_logical() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function(
        "unary",
        vec![Type::FLOAT, Type::UINT, Type::BOOL, Type::BOOL],
        Type::BOOL,
    );
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let n = fb.unary(Opcode::Neg, fb.arg(0));
    fb.set_name(n, "negated");
    fb.unary(Opcode::BitNot, fb.arg(1));
    let x = fb.unary(Opcode::LogicalNot, fb.arg(2));
    let y = fb.binary(Opcode::LogicalAnd, x, fb.arg(3));
    let z = fb.binary(Opcode::LogicalOr, y, x);
    fb.ret(Some(z));
    check(
        &mb.finish(),
        expect![[r#"
            func @unary(%arg0: float, %arg1: uint, %arg2: bool, %arg3: bool) -> bool {
            bb0:
              %0 = neg %arg0 : float ; negated
              %1 = bit_not %arg1 : uint
              %2 = logical_not %arg2 : bool
              %3 = logical_and %2, %arg3 : bool
              %4 = logical_or %3, %2 : bool
              ret %4
            }
        "#]],
    );
}

#[test]
fn comparisons_scalar_and_vector() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("cmp", vec![float_n(4), float_n(4), Type::UINT], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    for op in [
        Opcode::Eq,
        Opcode::Ne,
        Opcode::Lt,
        Opcode::Le,
        Opcode::Gt,
        Opcode::Ge,
    ] {
        fb.compare(op, fb.arg(0), fb.arg(1));
    }
    let seven = fb.uint(7);
    fb.compare(Opcode::Lt, fb.arg(2), seven);
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            func @cmp(%arg0: float4, %arg1: float4, %arg2: uint) -> void {
            bb0:
              %0 = eq %arg0, %arg1 : bool4
              %1 = ne %arg0, %arg1 : bool4
              %2 = lt %arg0, %arg1 : bool4
              %3 = le %arg0, %arg1 : bool4
              %4 = gt %arg0, %arg1 : bool4
              %5 = ge %arg0, %arg1 : bool4
              %6 = lt %arg2, 7:uint : bool
              ret
            }
        "#]],
    );
}

#[test]
fn conversions_and_bitcasts() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("conv", vec![float_n(2), Type::BOOL], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let i = fb.convert(fb.arg(0), int_n(2));
    fb.convert(i, Type::vector(ScalarKind::Double, 2));
    fb.convert(fb.arg(1), Type::FLOAT);
    fb.bitcast(fb.arg(0), Type::vector(ScalarKind::Uint, 2));
    fb.bitcast(fb.arg(0), Type::scalar(ScalarKind::Uint64));
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            func @conv(%arg0: float2, %arg1: bool) -> void {
            bb0:
              %0 = convert %arg0 : int2
              %1 = convert %0 : double2
              %2 = convert %arg1 : float
              %3 = bitcast %arg0 : uint2
              %4 = bitcast %arg0 : uint64_t
              ret
            }
        "#]],
    );
}

#[test]
fn matrix_products_and_precise() {
    let m34 = Type::matrix(ScalarKind::Float, 3, 4);
    let m42 = Type::matrix(ScalarKind::Float, 4, 2);
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function(
        "mats",
        vec![m34.clone(), m42, float_n(4), float_n(3)],
        Type::FLOAT,
    );
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    fb.mat(Opcode::MatMul, fb.arg(0), fb.arg(1));
    let mv = fb.mat(Opcode::MatVecMul, fb.arg(0), fb.arg(2));
    fb.mat(Opcode::VecMatMul, fb.arg(3), fb.arg(0));
    let comp = fb.binary(Opcode::Mul, fb.arg(0), fb.arg(0));
    fb.set_name(comp, "componentwise");
    let d = fb.mat(Opcode::Dot, mv, fb.arg(3));
    let sq = fb.binary(Opcode::Mul, d, d);
    fb.set_precise(sq);
    fb.ret(Some(sq));
    check(
        &mb.finish(),
        expect![[r#"
            func @mats(%arg0: float3x4, %arg1: float4x2, %arg2: float4, %arg3: float3) -> float {
            bb0:
              %0 = mat_mul %arg0, %arg1 : float3x2
              %1 = mat_vec_mul %arg0, %arg2 : float3
              %2 = vec_mat_mul %arg3, %arg0 : float4
              %3 = mul %arg0, %arg0 : float3x4 ; componentwise
              %4 = dot %1, %arg3 : float
              %5 = precise mul %4, %4 : float
              ret %5
            }
        "#]],
    );
}

#[test]
fn select_scalar_and_componentwise() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function(
        "sel",
        vec![
            Type::BOOL,
            Type::vector(ScalarKind::Bool, 3),
            float_n(3),
            float_n(3),
        ],
        float_n(3),
    );
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let a = fb.select(fb.arg(0), fb.arg(2), fb.arg(3));
    let c = fb.select(fb.arg(1), a, fb.arg(3));
    fb.ret(Some(c));
    check(
        &mb.finish(),
        expect![[r#"
            func @sel(%arg0: bool, %arg1: bool3, %arg2: float3, %arg3: float3) -> float3 {
            bb0:
              %0 = select %arg0, %arg2, %arg3 : float3
              %1 = select %arg1, %0, %arg3 : float3
              ret %1
            }
        "#]],
    );
}

#[test]
fn diamond_with_phi_and_selection_marker() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("diamond", vec![Type::BOOL, Type::INT], Type::INT);
    let mut fb = mb.function(f);
    let entry = fb.create_block("entry");
    let then_b = fb.create_block("if.then");
    let else_b = fb.create_block("if.else");
    let merge = fb.create_block("if.merge");
    fb.mark_selection(entry, merge, Some(ControlHint::DontFlatten));
    fb.switch_to_block(entry);
    fb.cond_br(fb.arg(0), then_b, else_b);
    fb.switch_to_block(then_b);
    let one = fb.int(1);
    let x = fb.binary(Opcode::Add, fb.arg(1), one);
    fb.br(merge);
    fb.switch_to_block(else_b);
    let y = fb.binary(Opcode::Sub, fb.arg(1), one);
    fb.br(merge);
    fb.switch_to_block(merge);
    let p = fb.phi(Type::INT, &[(x, then_b), (y, else_b)]);
    fb.ret(Some(p));
    check(
        &mb.finish(),
        expect![[r#"
            func @diamond(%arg0: bool, %arg1: int) -> int {
            bb0: ; selection merge=bb3 hint=dontflatten (entry)
              cond_br %arg0, bb1, bb2
            bb1: ; (if.then)
              %0 = add %arg1, 1:int : int
              br bb3
            bb2: ; (if.else)
              %1 = sub %arg1, 1:int : int
              br bb3
            bb3: ; (if.merge)
              %2 = phi [%0, bb1], [%1, bb2] : int
              ret %2
            }
        "#]],
    );
}

#[test]
fn memory_access_chains_into_locals() {
    let s = structure(
        "Light",
        &[("dir", float_n(3)), ("colors", Type::array(float_n(4), 4))],
    );
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("chains", vec![Type::INT], Type::FLOAT);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let l = fb.alloca(s, "light");
    let one = fb.int(1);
    let zero = fb.int(0);
    let c = fb.access_chain(l, &[one, fb.arg(0)]);
    let two = fb.uint(2);
    let comp = fb.access_chain(c, &[two]);
    let dir = fb.access_chain(l, &[zero]);
    let d = fb.load(dir);
    let x = fb.extract(d, &[0]);
    fb.store(comp, x);
    let v = fb.load(comp);
    fb.ret(Some(v));
    check(
        &mb.finish(),
        expect![[r#"
            struct Light { float3 dir; array<float4, 4> colors; }

            func @chains(%arg0: int) -> float {
            bb0:
              %0 = alloca : ptr<function, Light> ; light
              %1 = access_chain %0, 1:int, %arg0 : ptr<function, float4>
              %2 = access_chain %1, 2:uint : ptr<function, float>
              %3 = access_chain %0, 0:int : ptr<function, float3>
              %4 = load %3 : float3
              %5 = composite_extract %4, [0] : float
              store %2, %5
              %6 = load %2 : float
              ret %6
            }
        "#]],
    );
}

#[test]
fn composite_construct_extract_insert() {
    let m = Type::matrix(ScalarKind::Float, 2, 3);
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function(
        "composite",
        vec![Type::FLOAT, float_n(2), float_n(3)],
        m.clone(),
    );
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let v4 = fb.construct(float_n(4), &[fb.arg(0), fb.arg(1), fb.arg(0)]);
    let r1 = fb.swizzle(v4, &[0, 1, 2]);
    let mat = fb.construct(m, &[fb.arg(2), r1]);
    let e = fb.extract(mat, &[1, 2]);
    let mat2 = fb.insert(mat, e, &[0, 0]);
    let row = fb.extract(mat2, &[1]);
    let mat3 = fb.insert(mat2, row, &[0]);
    fb.ret(Some(mat3));
    check(
        &mb.finish(),
        expect![[r#"
            func @composite(%arg0: float, %arg1: float2, %arg2: float3) -> float2x3 {
            bb0:
              %0 = composite_construct %arg0, %arg1, %arg0 : float4
              %1 = swizzle %0, xyz : float3
              %2 = composite_construct %arg2, %1 : float2x3
              %3 = composite_extract %2, [1, 2] : float
              %4 = composite_insert %2, %3, [0, 0] : float2x3
              %5 = composite_extract %4, [1] : float3
              %6 = composite_insert %4, %5, [0] : float2x3
              ret %6
            }
        "#]],
    );
}

#[test]
fn swizzles_and_dynamic_components() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("swz", vec![float_n(4), Type::FLOAT, Type::UINT], float_n(4));
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let a = fb.swizzle(fb.arg(0), &[3, 2, 1, 0]);
    fb.swizzle(fb.arg(0), &[1]);
    fb.swizzle(fb.arg(1), &[0, 0, 0]);
    let e = fb.extract_dynamic(a, fb.arg(2));
    let r = fb.insert_dynamic(a, e, fb.arg(2));
    fb.ret(Some(r));
    check(
        &mb.finish(),
        expect![[r#"
            func @swz(%arg0: float4, %arg1: float, %arg2: uint) -> float4 {
            bb0:
              %0 = swizzle %arg0, wzyx : float4
              %1 = swizzle %arg0, y : float
              %2 = swizzle %arg1, xxx : float3
              %3 = extract_dynamic %0, %arg2 : float
              %4 = insert_dynamic %0, %3, %arg2 : float4
              ret %4
            }
        "#]],
    );
}

#[test]
fn call_and_intrinsics() {
    let mut mb = ModuleBuilder::new();
    let helper = mb.declare_function("helper", vec![Type::FLOAT, Type::FLOAT], Type::FLOAT);
    let noop = mb.declare_function("noop", vec![], Type::Void);
    {
        let mut fb = mb.function(helper);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        let s = fb.call_intrinsic(Intrinsic::Sin, Type::FLOAT, &[fb.arg(0)]);
        let m = fb.call_intrinsic(Intrinsic::Mad, Type::FLOAT, &[s, fb.arg(1), fb.arg(0)]);
        fb.ret(Some(m));
    }
    {
        let mut fb = mb.function(noop);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        fb.ret(None);
    }
    let main = mb.declare_function("caller", vec![Type::FLOAT], Type::FLOAT);
    let mut fb = mb.function(main);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let whole = fb.alloca(Type::FLOAT, "whole");
    let frac = fb.call_intrinsic(Intrinsic::Modf, Type::FLOAT, &[fb.arg(0), whole]);
    fb.call(noop, &[]);
    let r = fb.call(helper, &[frac, fb.arg(0)]);
    fb.ret(Some(r));
    check(
        &mb.finish(),
        expect![[r#"
            func @helper(%arg0: float, %arg1: float) -> float {
            bb0:
              %0 = call_intrinsic sin(%arg0) : float
              %1 = call_intrinsic mad(%0, %arg1, %arg0) : float
              ret %1
            }

            func @noop() -> void {
            bb0:
              ret
            }

            func @caller(%arg0: float) -> float {
            bb0:
              %0 = alloca : ptr<function, float> ; whole
              %1 = call_intrinsic modf(%arg0, %0) : float
              call @noop()
              %2 = call @helper(%1, %arg0) : float
              ret %2
            }
        "#]],
    );
}

#[test]
fn switch_with_cases_and_default() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("sw", vec![Type::INT], Type::INT);
    let mut fb = mb.function(f);
    let entry = fb.create_block("entry");
    let c0 = fb.create_block("case0");
    let c1 = fb.create_block("case1");
    let def = fb.create_block("default");
    let merge = fb.create_block("switch.merge");
    fb.mark_selection(entry, merge, None);
    fb.switch_to_block(entry);
    fb.switch(fb.arg(0), def, &[(0, c0), (-1, c1), (7, c1)]);
    for b in [c0, c1, def] {
        fb.switch_to_block(b);
        fb.br(merge);
    }
    fb.switch_to_block(merge);
    let ten = fb.int(10);
    let twenty = fb.int(20);
    let thirty = fb.int(30);
    let p = fb.phi(Type::INT, &[(ten, c0), (twenty, c1), (thirty, def)]);
    fb.ret(Some(p));
    check(
        &mb.finish(),
        expect![[r#"
            func @sw(%arg0: int) -> int {
            bb0: ; selection merge=bb4 (entry)
              switch %arg0, bb3, [0: bb1, -1: bb2, 7: bb2]
            bb1: ; (case0)
              br bb4
            bb2: ; (case1)
              br bb4
            bb3: ; (default)
              br bb4
            bb4: ; (switch.merge)
              %0 = phi [10:int, bb1], [20:int, bb2], [30:int, bb3] : int
              ret %0
            }
        "#]],
    );
}

#[test]
fn kill_and_unreachable_merge() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("discarding", vec![Type::FLOAT], Type::Void);
    let mut fb = mb.function(f);
    let entry = fb.create_block("entry");
    let kill = fb.create_block("if.then");
    let cont = fb.create_block("if.merge");
    let dead = fb.create_block("dead.merge");
    fb.mark_selection(entry, cont, None);
    fb.switch_to_block(entry);
    let z = fb.float(0.0);
    let c = fb.compare(Opcode::Lt, fb.arg(0), z);
    fb.cond_br(c, kill, cont);
    fb.switch_to_block(kill);
    fb.kill();
    fb.switch_to_block(cont);
    fb.ret(None);
    fb.switch_to_block(dead);
    fb.unreachable();
    check(
        &mb.finish(),
        expect![[r#"
            func @discarding(%arg0: float) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = lt %arg0, 0.0:float : bool
              cond_br %0, bb1, bb2
            bb1: ; (if.then)
              kill
            bb2: ; (if.merge)
              ret
            bb3: ; (dead.merge)
              unreachable
            }
        "#]],
    );
}

#[test]
fn nested_loops_with_hints() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("nested", vec![Type::INT], Type::Void);
    let mut fb = mb.function(f);
    let entry = fb.create_block("entry");
    let outer = fb.create_block("outer.header");
    let outer_body = fb.create_block("outer.body");
    let inner = fb.create_block("inner.header");
    let inner_body = fb.create_block("inner.body");
    let inner_cont = fb.create_block("inner.continue");
    let inner_merge = fb.create_block("inner.merge");
    let outer_cont = fb.create_block("outer.continue");
    let outer_merge = fb.create_block("outer.merge");
    fb.mark_loop(
        outer,
        outer_merge,
        outer_cont,
        Some(ControlHint::Unroll(Some(4))),
    );
    fb.mark_loop(
        inner,
        inner_merge,
        inner_cont,
        Some(ControlHint::Unroll(None)),
    );
    fb.switch_to_block(entry);
    let zero = fb.int(0);
    fb.br(outer);
    fb.switch_to_block(outer);
    let i = fb.phi(Type::INT, &[(zero, entry), (zero, outer_cont)]);
    fb.set_name(i, "i");
    fb.br(outer_body);
    fb.switch_to_block(outer_body);
    let c = fb.compare(Opcode::Lt, i, fb.arg(0));
    fb.cond_br(c, inner, outer_merge);
    fb.switch_to_block(inner);
    fb.br(inner_body);
    fb.switch_to_block(inner_body);
    let t = fb.bool(true);
    fb.cond_br(t, inner_cont, inner_merge);
    fb.switch_to_block(inner_cont);
    fb.br(inner);
    fb.switch_to_block(inner_merge);
    fb.br(outer_cont);
    fb.switch_to_block(outer_cont);
    fb.br(outer);
    fb.switch_to_block(outer_merge);
    fb.ret(None);
    // The phi's second value is patched to a value defined in the continue block.
    let one = fb.int(1);
    let next = {
        fb.switch_to_block(outer_cont);
        let data = ir::InstData::new(Opcode::Add, Type::INT, vec![i, one]);
        let inst = fb.push(data);
        // Move it before the terminator.
        let f = fb.function_mut();
        let insts = &mut f.blocks[outer_cont].insts;
        let last = insts.pop().unwrap();
        let br = insts.pop().unwrap();
        insts.push(last);
        insts.push(br);
        inst
    };
    if let ir::Value::Inst(phi) = i {
        fb.function_mut().insts[phi].operands[1] = ir::Value::Inst(next);
    }
    check(
        &mb.finish(),
        expect![[r#"
            func @nested(%arg0: int) -> void {
            bb0: ; (entry)
              br bb1
            bb1: ; loop merge=bb8 continue=bb7 hint=unroll(4) (outer.header)
              %0 = phi [0:int, bb0], [%2, bb7] : int ; i
              br bb2
            bb2: ; (outer.body)
              %1 = lt %0, %arg0 : bool
              cond_br %1, bb3, bb8
            bb3: ; loop merge=bb6 continue=bb5 hint=unroll (inner.header)
              br bb4
            bb4: ; (inner.body)
              cond_br true:bool, bb5, bb6
            bb5: ; (inner.continue)
              br bb3
            bb6: ; (inner.merge)
              br bb7
            bb7: ; (outer.continue)
              %2 = add %0, 1:int : int
              br bb1
            bb8: ; (outer.merge)
              ret
            }
        "#]],
    );
}

#[test]
fn selection_hints() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("hints", vec![Type::BOOL], Type::Void);
    let mut fb = mb.function(f);
    let a = fb.create_block("");
    let b = fb.create_block("");
    let c = fb.create_block("");
    let d = fb.create_block("");
    fb.mark_selection(a, c, Some(ControlHint::Flatten));
    fb.mark_selection(c, d, Some(ControlHint::DontFlatten));
    fb.switch_to_block(a);
    fb.cond_br(fb.arg(0), b, c);
    fb.switch_to_block(b);
    fb.br(c);
    fb.switch_to_block(c);
    fb.cond_br(fb.arg(0), d, d);
    fb.switch_to_block(d);
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            func @hints(%arg0: bool) -> void {
            bb0: ; selection merge=bb2 hint=flatten
              cond_br %arg0, bb1, bb2
            bb1:
              br bb2
            bb2: ; selection merge=bb3 hint=dontflatten
              cond_br %arg0, bb3, bb3
            bb3:
              ret
            }
        "#]],
    );
}

#[test]
fn source_locations_are_printed_on_request() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("located", vec![Type::INT], Type::INT);
    let mut fb = mb.function(f);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    fb.set_loc(Some(SourceLoc {
        file: 0,
        start: 10,
        end: 17,
    }));
    let two = fb.int(2);
    let x = fb.binary(Opcode::Mul, fb.arg(0), two);
    fb.set_name(x, "doubled");
    fb.set_loc(Some(SourceLoc {
        file: 1,
        start: 30,
        end: 39,
    }));
    fb.ret(Some(x));
    let m = mb.finish();
    assert!(ir::verify(&m).is_empty());
    expect![[r#"
        func @located(%arg0: int) -> int {
        bb0: ; (entry)
          %0 = mul %arg0, 2:int : int ; doubled loc(0:10..17)
          ret %0 ; loc(1:30..39)
        }
    "#]]
    .assert_eq(&ir::print_module_with(
        &m,
        &ir::PrintOptions {
            locations: true,
            ..Default::default()
        },
    ));
    check(
        &m,
        expect![[r#"
            func @located(%arg0: int) -> int {
            bb0: ; (entry)
              %0 = mul %arg0, 2:int : int ; doubled
              ret %0
            }
        "#]],
    );
}

#[test]
fn numbering_follows_print_order_not_creation_order() {
    // Blocks are filled in reverse order; numbers still count down the page.
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("order", vec![Type::INT], Type::INT);
    let mut fb = mb.function(f);
    let b0 = fb.create_block("first");
    let b1 = fb.create_block("second");
    fb.switch_to_block(b1);
    let one = fb.int(1);
    let late = fb.binary(Opcode::Add, fb.arg(0), one);
    fb.ret(Some(late));
    fb.switch_to_block(b0);
    let early = fb.binary(Opcode::Mul, fb.arg(0), one);
    let _ = early;
    fb.br(b1);
    check(
        &mb.finish(),
        expect![[r#"
            func @order(%arg0: int) -> int {
            bb0: ; (first)
              %0 = mul %arg0, 1:int : int
              br bb1
            bb1: ; (second)
              %1 = add %arg0, 1:int : int
              ret %1
            }
        "#]],
    );
}

#[test]
fn names_do_not_take_part_in_equality() {
    let build = |name: &str| {
        let mut mb = ModuleBuilder::new();
        let f = mb.declare_function("f", vec![Type::INT], Type::INT);
        let mut fb = mb.function(f);
        let b = fb.create_block(name);
        fb.switch_to_block(b);
        let p = fb.alloca(Type::INT, name);
        fb.store(p, fb.arg(0));
        let v = fb.load(p);
        fb.set_name(v, name);
        fb.ret(Some(v));
        mb.finish()
    };
    assert_eq!(build("a"), build("b"));
    assert_ne!(ir::print_module(&build("a")), ir::print_module(&build("b")));
}

#[test]
fn pointers_to_private_and_workgroup_memory() {
    let mut mb = ModuleBuilder::new();
    let init = mb.const_handle(Constant::float(2.5));
    let scale = mb.private("scale", Type::FLOAT, Some(init));
    let cache = mb.groupshared("cache", Type::array(Type::UINT, 64));
    let f = mb.declare_function("mem", vec![Type::UINT], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let s = fb.load(ir::Value::Global(scale));
    let u = fb.convert(s, Type::UINT);
    let slot = fb.access_chain(ir::Value::Global(cache), &[fb.arg(0)]);
    fb.store(slot, u);
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            @g0 = private float = 2.5:float ; scale
            @g1 = groupshared array<uint, 64> ; cache

            func @mem(%arg0: uint) -> void {
            bb0:
              %0 = load @g0 : float
              %1 = convert %0 : uint
              %2 = access_chain @g1, %arg0 : ptr<workgroup, uint>
              store %2, %1
              ret
            }
        "#]],
    );
}
