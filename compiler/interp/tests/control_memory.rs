//! Control flow (phis, loops in SSA and memory form, switches, calls with their own
//! allocas, recursion), memory (buffer layouts, constant buffers, byte-address and typed
//! buffers, textures, robustness) and the stepping API. Expected values are hand-computed or
//! plain Rust.

mod common;

use common::*;
use interp::{
    Bindings, Ctx, Invocation, InvocationId, Program, ProgramOptions, Resource, RobustnessEvent,
    RunError, RunOptions, State,
};
use ir::types::{
    AddressSpace, MatrixOrientation, ResourceType, ScalarKind, TextureAccess, TextureDim, Type,
};
use ir::{BuiltIn, Value};

fn out_uint(k: &mut Kernel) -> ir::Global {
    k.resource("Out", rw_structured(Type::UINT), 0, 0)
}

fn run_out(m: &ir::Module, words: usize) -> Vec<u32> {
    u32s(&run(m, [1, 1, 1], vec![buf(0, vec![0; 4 * words])])[0].data)
}

#[test]
fn ssa_loop_sums_with_phis() {
    let mut k = Kernel::new([1, 1, 1]);
    let out = out_uint(&mut k);
    k.body(|fb| {
        let entry = fb.current_block().unwrap();
        let header = fb.create_block("header");
        let check = fb.create_block("check");
        let body = fb.create_block("body");
        let cont = fb.create_block("continue");
        let merge = fb.create_block("merge");
        fb.br(header);
        fb.switch_to_block(header);
        let zero = fb.uint(0);
        let i = fb.phi(Type::UINT, &[(zero, entry), (zero, cont)]);
        let s = fb.phi(Type::UINT, &[(zero, entry), (zero, cont)]);
        fb.mark_loop(header, merge, cont, None);
        fb.br(check);
        fb.switch_to_block(check);
        let ten = fb.uint(10);
        let c = fb.compare(Opcode::Le, i, ten);
        fb.cond_br(c, body, merge);
        fb.switch_to_block(body);
        let s1 = fb.binary(Opcode::Add, s, i);
        fb.br(cont);
        fb.switch_to_block(cont);
        let one = fb.uint(1);
        let i1 = fb.binary(Opcode::Add, i, one);
        fb.br(header);
        for (phi, v) in [(i, i1), (s, s1)] {
            if let Value::Inst(p) = phi {
                fb.function_mut().insts[p].operands[1] = v;
            }
        }
        fb.switch_to_block(merge);
        let zero = fb.int(0);
        store_at(fb, out, zero, s);
    });
    let m = k.finish();
    assert_eq!(run_out(&m, 1), [55]);
}

#[test]
fn phis_of_a_block_read_before_written() {
    // a, b = 1, 2; three times: a, b = b, a. Phis that swap need a parallel copy.
    let mut k = Kernel::new([1, 1, 1]);
    let out = out_uint(&mut k);
    k.body(|fb| {
        let entry = fb.current_block().unwrap();
        let header = fb.create_block("header");
        let check = fb.create_block("check");
        let cont = fb.create_block("continue");
        let merge = fb.create_block("merge");
        fb.br(header);
        fb.switch_to_block(header);
        let (zero, one, two) = (fb.uint(0), fb.uint(1), fb.uint(2));
        let i = fb.phi(Type::UINT, &[(zero, entry), (zero, cont)]);
        let a = fb.phi(Type::UINT, &[(one, entry), (zero, cont)]);
        let b = fb.phi(Type::UINT, &[(two, entry), (zero, cont)]);
        fb.mark_loop(header, merge, cont, None);
        fb.br(check);
        fb.switch_to_block(check);
        let three = fb.uint(3);
        let c = fb.compare(Opcode::Lt, i, three);
        fb.cond_br(c, cont, merge);
        fb.switch_to_block(cont);
        let i1 = fb.binary(Opcode::Add, i, one);
        fb.br(header);
        for (phi, v) in [(i, i1), (a, b), (b, a)] {
            if let Value::Inst(p) = phi {
                fb.function_mut().insts[p].operands[1] = v;
            }
        }
        fb.switch_to_block(merge);
        let ten = fb.uint(10);
        let a10 = fb.binary(Opcode::Mul, a, ten);
        let r = fb.binary(Opcode::Add, a10, b);
        let z = fb.int(0);
        store_at(fb, out, z, r);
    });
    let m = k.finish();
    // After three swaps: a = 2, b = 1.
    assert_eq!(run_out(&m, 1), [21]);
}

#[test]
fn memory_form_loop_with_allocas() {
    let mut k = Kernel::new([1, 1, 1]);
    let out = out_uint(&mut k);
    k.body(|fb| {
        let sum = fb.alloca(Type::UINT, "sum");
        let zero = fb.uint(0);
        fb.store(sum, zero);
        let n = fb.uint(100);
        counted_loop(fb, n, |fb, i| {
            let s = fb.load(sum);
            let sq = fb.binary(Opcode::Mul, i, i);
            let s1 = fb.binary(Opcode::Add, s, sq);
            fb.store(sum, s1);
        });
        let s = fb.load(sum);
        let z = fb.int(0);
        store_at(fb, out, z, s);
    });
    let m = k.finish();
    let want: u32 = (0..100u32).map(|i| i * i).sum();
    assert_eq!(run_out(&m, 1), [want]);
}

#[test]
fn switch_picks_case_and_default() {
    let mut k = Kernel::new([4, 1, 1]);
    let out = out_uint(&mut k);
    let gi = k.builtin(BuiltIn::LocalInvocationIndex, Type::UINT);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let header = fb.current_block().unwrap();
        let c1 = fb.create_block("case1");
        let c3 = fb.create_block("case3");
        let dflt = fb.create_block("default");
        let merge = fb.create_block("merge");
        fb.mark_selection(header, merge, None);
        fb.switch(idx, dflt, &[(1, c1), (3, c3)]);
        let mut vals = Vec::new();
        for (b, v) in [(c1, 100u32), (c3, 300), (dflt, 7)] {
            fb.switch_to_block(b);
            vals.push((fb.uint(v), b));
            fb.br(merge);
        }
        fb.switch_to_block(merge);
        let r = fb.phi(Type::UINT, &vals);
        store_at(fb, out, idx, r);
    });
    let m = k.finish();
    assert_eq!(run_out(&m, 4), [7, 100, 7, 300]);
}

/// `int f(int x) { int t[2]; t[0] = x; t[1] = x * 2; return t[0] + t[1]; }`
fn local_array_function(mb: &mut ir::ModuleBuilder) -> ir::Func {
    let f = mb.declare_function("f", vec![Type::INT], Type::INT);
    let mut fb = mb.function(f);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    let t = fb.alloca(Type::array(Type::INT, 2), "t");
    let (z, o) = (fb.int(0), fb.int(1));
    let x = fb.arg(0);
    let p0 = fb.access_chain(t, &[z]);
    fb.store(p0, x);
    let two = fb.int(2);
    let x2 = fb.binary(Opcode::Mul, x, two);
    let p1 = fb.access_chain(t, &[o]);
    fb.store(p1, x2);
    let a = fb.load(p0);
    let c = fb.load(p1);
    let r = fb.binary(Opcode::Add, a, c);
    fb.ret(Some(r));
    f
}

#[test]
fn calls_get_their_own_function_memory() {
    let mut k = Kernel::new([1, 1, 1]);
    let out = k.resource("Out", rw_structured(Type::INT), 0, 0);
    let f = local_array_function(&mut k.mb);
    k.body(|fb| {
        let local = fb.alloca(Type::INT, "local");
        let five = fb.int(5);
        fb.store(local, five);
        let a = fb.call(f, &[five]);
        let seven = fb.int(7);
        let b = fb.call(f, &[seven]);
        let l = fb.load(local);
        let ab = fb.binary(Opcode::Add, a, b);
        let hundred = fb.int(100);
        let l100 = fb.binary(Opcode::Mul, l, hundred);
        let r = fb.binary(Opcode::Add, ab, l100);
        let z = fb.int(0);
        store_at(fb, out, z, r);
    });
    let m = k.finish();
    // f(5) = 15, f(7) = 21, the caller's local is untouched (5).
    assert_eq!(
        i32s(&run(&m, [1, 1, 1], vec![buf(0, vec![0; 4])])[0].data),
        [15 + 21 + 500]
    );
}

fn factorial(mb: &mut ir::ModuleBuilder) -> ir::Func {
    let f = mb.declare_function("fact", vec![Type::UINT], Type::UINT);
    let mut fb = mb.function(f);
    let entry = fb.create_block("entry");
    let base = fb.create_block("base");
    let rec = fb.create_block("rec");
    fb.switch_to_block(entry);
    let n = fb.arg(0);
    let one = fb.uint(1);
    let c = fb.compare(Opcode::Le, n, one);
    fb.cond_br(c, base, rec);
    fb.switch_to_block(base);
    fb.ret(Some(one));
    fb.switch_to_block(rec);
    let n1 = fb.binary(Opcode::Sub, n, one);
    let r = fb.call(f, &[n1]);
    let p = fb.binary(Opcode::Mul, n, r);
    fb.ret(Some(p));
    f
}

#[test]
fn recursion_through_call_frames() {
    let mut k = Kernel::new([1, 1, 1]);
    let out = out_uint(&mut k);
    let f = factorial(&mut k.mb);
    k.body(|fb| {
        let ten = fb.uint(10);
        let r = fb.call(f, &[ten]);
        let z = fb.int(0);
        store_at(fb, out, z, r);
    });
    let m = k.finish();
    assert_eq!(run_out(&m, 1), [3_628_800]);
}

#[test]
fn endless_recursion_is_an_error() {
    let mut k = Kernel::new([1, 1, 1]);
    let f = k.mb.declare_function("forever", vec![], Type::Void);
    {
        let mut fb = k.mb.function(f);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        fb.call(f, &[]);
        fb.ret(None);
    }
    k.body(|fb| {
        fb.call(f, &[]);
    });
    let m = k.finish();
    let err = run_with(&m, [1, 1, 1], &RunOptions::default(), vec![], None).unwrap_err();
    assert!(matches!(err, RunError::CallDepth(_)), "{err}");
}

#[test]
fn pointer_arguments_write_to_the_caller() {
    let mut k = Kernel::new([1, 1, 1]);
    let out = out_uint(&mut k);
    let ptr_ty = Type::pointer(AddressSpace::Function, Type::UINT);
    let inc = k.mb.declare_function("inc", vec![ptr_ty], Type::Void);
    {
        let mut fb = k.mb.function(inc);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let p = fb.arg(0);
        let v = fb.load(p);
        let three = fb.uint(3);
        let v3 = fb.binary(Opcode::Add, v, three);
        fb.store(p, v3);
        fb.ret(None);
    }
    k.body(|fb| {
        let x = fb.alloca(Type::UINT, "x");
        let ten = fb.uint(10);
        fb.store(x, ten);
        fb.call(inc, &[x]);
        fb.call(inc, &[x]);
        let v = fb.load(x);
        let z = fb.int(0);
        store_at(fb, out, z, v);
    });
    let m = k.finish();
    assert_eq!(run_out(&m, 1), [16]);
}

#[test]
fn endless_loop_hits_the_instruction_limit() {
    let mut k = Kernel::new([1, 1, 1]);
    k.body(|fb| {
        let header = fb.create_block("header");
        let cont = fb.create_block("continue");
        let merge = fb.create_block("merge");
        fb.br(header);
        fb.switch_to_block(header);
        fb.mark_loop(header, merge, cont, None);
        fb.br(cont);
        fb.switch_to_block(cont);
        fb.br(header);
        fb.switch_to_block(merge);
    });
    let m = k.finish();
    for quantum in [16, u64::MAX] {
        let options = RunOptions {
            max_instructions: 10_000,
            quantum,
            ..RunOptions::default()
        };
        let err = run_with(&m, [1, 1, 1], &options, vec![], None).unwrap_err();
        assert_eq!(err, RunError::InstructionLimit(10_000));
    }
}

#[test]
fn unreachable_is_an_error() {
    let mut k = Kernel::new([1, 1, 1]);
    k.body(|fb| {
        let dead = fb.create_block("dead");
        let after = fb.create_block("after");
        fb.br(dead);
        fb.switch_to_block(dead);
        fb.unreachable();
        fb.switch_to_block(after);
    });
    let m = k.finish();
    let err = run_with(&m, [1, 1, 1], &RunOptions::default(), vec![], None).unwrap_err();
    assert!(matches!(err, RunError::Unreachable { .. }), "{err}");
}

#[test]
fn step_executes_one_instruction_at_a_time() {
    let mut k = Kernel::new([1, 1, 1]);
    let out = out_uint(&mut k);
    k.body(|fb| {
        let (a, b) = (fb.uint(2), fb.uint(3));
        let s = fb.binary(Opcode::Add, a, b);
        let z = fb.int(0);
        store_at(fb, out, z, s);
    });
    let m = k.finish();
    let program = Program::new(&m, "main", &ProgramOptions::default()).unwrap();
    let mut bindings = Bindings::new(&program);
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(vec![0; 4]))
        .unwrap();
    let id = InvocationId {
        group: [0; 3],
        local: [0; 3],
        local_index: 0,
        global: [0; 3],
    };
    let mut inv = Invocation::new(&program, id, 0, 0, [1, 1, 1], 32);
    let mut shared = Vec::new();
    let mut ctx = Ctx {
        prog: &program,
        shared: &mut shared,
        resources: &mut bindings.resources,
        device: &[],
        hook: None,
        wave_size: 32,
        num_groups: [1, 1, 1],
        executed: 0,
    };
    // add, access_chain, store, ret.
    let states: Vec<State> = (0..4).map(|_| inv.step(&mut ctx).unwrap()).collect();
    assert_eq!(
        states,
        [State::Ready, State::Ready, State::Ready, State::Finished]
    );
    assert_eq!(ctx.executed, 4);
    assert_eq!(u32s(&bindings.resources[0].as_ref().unwrap().data), [5]);
}

// Memory and layouts.

#[test]
fn structured_buffer_of_structs_uses_std430_offsets() {
    // struct S { float a; float3 b; int c; }: relaxed std430 puts b at 4 (it does not
    // straddle a 16-byte row), c at 16; float3 aligns to 16, so the stride is 32.
    let s = structure(
        "S",
        &[
            ("a", Type::FLOAT),
            ("b", vec_ty(ScalarKind::Float, 3)),
            ("c", Type::INT),
        ],
    );
    let mut k = Kernel::new([1, 1, 1]);
    let out = k.resource("Out", rw_structured(s), 0, 0);
    k.body(|fb| {
        let (one, b_idx, c_idx) = (fb.int(1), fb.int(1), fb.int(2));
        let pb = fb.access_chain(Value::Global(out), &[one, b_idx]);
        let v = vconst(fb, vec![f(1.0), f(2.0), f(3.0)]);
        fb.store(pb, v);
        let pc = fb.access_chain(Value::Global(out), &[one, c_idx]);
        let seven = fb.int(-7);
        fb.store(pc, seven);
    });
    let m = k.finish();
    let data = run(&m, [1, 1, 1], vec![buf(0, vec![0; 64])]).remove(0).data;
    assert_eq!(f32s(&data[36..48]), [1.0, 2.0, 3.0]);
    assert_eq!(i32s(&data[48..52]), [-7]);
    assert!(data[..36].iter().all(|&b| b == 0));
}

#[test]
fn constant_buffer_reads_use_std140_offsets_and_column_major_matrices() {
    // cbuffer { float a; float4 v; float2x2 m; }: a at 0, v at 16, m (column major) at 32
    // with a 16-byte column stride: m[r][c] at 32 + 16c + 4r.
    let m_ty = Type::matrix(ScalarKind::Float, 2, 2);
    let cb = structure(
        "CB",
        &[
            ("a", Type::FLOAT),
            ("v", vec_ty(ScalarKind::Float, 4)),
            ("m", m_ty),
        ],
    );
    let mut k = Kernel::new([1, 1, 1]);
    let cbuf = k.resource(
        "CB",
        Type::resource(ResourceType::ConstantBuffer { element: cb }),
        0,
        1,
    );
    let out = k.resource("Out", rw_structured(vec_ty(ScalarKind::Float, 4)), 0, 0);
    k.body(|fb| {
        let (zero, one, two) = (fb.int(0), fb.int(1), fb.int(2));
        let pv = fb.access_chain(Value::Global(cbuf), &[one]);
        let v = fb.load(pv);
        store_at(fb, out, zero, v);
        let pa = fb.access_chain(Value::Global(cbuf), &[zero]);
        let a = fb.load(pa);
        let prow = fb.access_chain(Value::Global(cbuf), &[two, one]);
        let row = fb.load(prow);
        let x = fb.extract(row, &[0]);
        let y = fb.extract(row, &[1]);
        let w = fb.construct(vec_ty(ScalarKind::Float, 4), &[a, x, y, a]);
        store_at(fb, out, one, w);
    });
    let m = k.finish();
    let mut cb_data = vec![0f32; 16];
    cb_data[0] = 0.5; // a
    cb_data[4..8].copy_from_slice(&[1.0, 2.0, 3.0, 4.0]); // v
    cb_data[8] = 11.0; // m[0][0]
    cb_data[9] = 21.0; // m[1][0]
    cb_data[12] = 12.0; // m[0][1]
    cb_data[13] = 22.0; // m[1][1]
    let res = run(
        &m,
        [1, 1, 1],
        vec![buf(0, vec![0; 32]), buf(1, bytes_f32(&cb_data))],
    );
    assert_eq!(
        f32s(&res[0].data),
        [1.0, 2.0, 3.0, 4.0, 0.5, 21.0, 22.0, 0.5]
    );
}

#[test]
fn loading_a_whole_constant_buffer() {
    let cb = structure("P", &[("x", Type::UINT), ("y", Type::UINT)]);
    let mut k = Kernel::new([1, 1, 1]);
    let cbuf = k.resource(
        "P",
        Type::resource(ResourceType::ConstantBuffer { element: cb }),
        0,
        1,
    );
    let out = out_uint(&mut k);
    k.body(|fb| {
        let whole = fb.load(Value::Global(cbuf));
        let y = fb.extract(whole, &[1]);
        let z = fb.int(0);
        store_at(fb, out, z, y);
    });
    let m = k.finish();
    let res = run(
        &m,
        [1, 1, 1],
        vec![buf(0, vec![0; 4]), buf(1, bytes_u32(&[3, 9]))],
    );
    assert_eq!(u32s(&res[0].data), [9]);
}

#[test]
fn row_major_matrix_in_a_structured_buffer() {
    let m_ty = Type::matrix_with(ScalarKind::Float, 2, 2, MatrixOrientation::RowMajor);
    let mut k = Kernel::new([1, 1, 1]);
    let out = k.resource("Out", rw_structured(m_ty.clone()), 0, 0);
    k.body(|fb| {
        let r0 = vconst(fb, vec![f(1.0), f(2.0)]);
        let r1 = vconst(fb, vec![f(3.0), f(4.0)]);
        let m = fb.construct(m_ty.clone(), &[r0, r1]);
        let z = fb.int(0);
        store_at(fb, out, z, m);
    });
    let m = k.finish();
    let data = run(&m, [1, 1, 1], vec![buf(0, vec![0; 16])]).remove(0).data;
    // Row major, std430: rows of 2 floats, 8 bytes apart.
    assert_eq!(f32s(&data), [1.0, 2.0, 3.0, 4.0]);
}

#[test]
fn column_major_matrix_in_a_structured_buffer() {
    let m_ty = Type::matrix(ScalarKind::Float, 2, 2);
    let mut k = Kernel::new([1, 1, 1]);
    let out = k.resource("Out", rw_structured(m_ty.clone()), 0, 0);
    k.body(|fb| {
        let r0 = vconst(fb, vec![f(1.0), f(2.0)]);
        let r1 = vconst(fb, vec![f(3.0), f(4.0)]);
        let m = fb.construct(m_ty.clone(), &[r0, r1]);
        let z = fb.int(0);
        store_at(fb, out, z, m);
    });
    let m = k.finish();
    let data = run(&m, [1, 1, 1], vec![buf(0, vec![0; 16])]).remove(0).data;
    // Column major: columns (1, 3) and (2, 4).
    assert_eq!(f32s(&data), [1.0, 3.0, 2.0, 4.0]);
}

fn rw_byte_address() -> Type {
    Type::resource(ResourceType::ByteAddressBuffer {
        access: TextureAccess::ReadWrite,
    })
}

#[test]
fn byte_address_buffer_loads_and_stores() {
    let mut k = Kernel::new([1, 1, 1]);
    let b = k.resource("B", rw_byte_address(), 0, 0);
    k.body(|fb| {
        let eight = fb.uint(8);
        let v = fb.texture(
            Opcode::ByteAddressLoad,
            vec_ty(ScalarKind::Uint, 2),
            &[Value::Global(b), eight],
            &[],
        );
        let sixteen = fb.uint(16);
        let sw = fb.swizzle(v, &[1, 0]);
        fb.texture(
            Opcode::ByteAddressStore,
            Type::Void,
            &[Value::Global(b), sixteen, sw],
            &[],
        );
    });
    let m = k.finish();
    let res = run(
        &m,
        [1, 1, 1],
        vec![buf(0, bytes_u32(&[0, 0, 0xaa, 0xbb, 0, 0]))],
    );
    assert_eq!(u32s(&res[0].data), [0, 0, 0xaa, 0xbb, 0xbb, 0xaa]);
}

#[test]
fn byte_address_out_of_bounds_reads_zero_and_drops_writes() {
    let mut k = Kernel::new([1, 1, 1]);
    let b = k.resource("B", rw_byte_address(), 0, 0);
    k.body(|fb| {
        let far = fb.uint(4);
        let v = fb.texture(
            Opcode::ByteAddressLoad,
            Type::UINT,
            &[Value::Global(b), far],
            &[],
        );
        let zero = fb.uint(0);
        fb.texture(
            Opcode::ByteAddressStore,
            Type::Void,
            &[Value::Global(b), zero, v],
            &[],
        );
        let farther = fb.uint(400);
        fb.texture(
            Opcode::ByteAddressStore,
            Type::Void,
            &[Value::Global(b), farther, v],
            &[],
        );
    });
    let m = k.finish();
    let mut rec = Recorder::default();
    let (res, _) = run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![buf(0, bytes_u32(&[77]))],
        Some(&mut rec),
    )
    .unwrap();
    assert_eq!(u32s(&res[0].data), [0]);
    assert_eq!(rec.robustness.len(), 2);
}

#[test]
fn typed_buffer_load_and_store() {
    let rwbuf = Type::resource(ResourceType::TypedBuffer {
        access: TextureAccess::ReadWrite,
        element: vec_ty(ScalarKind::Float, 4),
    });
    let mut k = Kernel::new([1, 1, 1]);
    let b = k.resource("B", rwbuf, 0, 0);
    k.body(|fb| {
        let one = fb.uint(1);
        let v = fb.resource_op(Opcode::TextureLoad, &[Value::Global(b), one], &[]);
        let two = fb.float(2.0);
        let sp = fb.construct(vec_ty(ScalarKind::Float, 4), &[two, two, two, two]);
        let w = fb.binary(Opcode::Mul, v, sp);
        let zero = fb.uint(0);
        fb.texture(
            Opcode::TextureStore,
            Type::Void,
            &[Value::Global(b), zero, w],
            &[],
        );
    });
    let m = k.finish();
    let data = bytes_f32(&[0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 4.0]);
    let res = run(&m, [1, 1, 1], vec![buf(0, data)]);
    assert_eq!(f32s(&res[0].data), [2.0, 4.0, 6.0, 8.0, 1.0, 2.0, 3.0, 4.0]);
}

#[test]
fn rw_texture_2d_load_store_and_size() {
    let tex = Type::resource(ResourceType::Texture {
        dim: TextureDim::D2,
        access: TextureAccess::ReadWrite,
        sample: Type::UINT,
    });
    let mut k = Kernel::new([1, 1, 1]);
    let t = k.resource("T", tex, 0, 0);
    let out = k.resource("Out", rw_structured(vec_ty(ScalarKind::Uint, 2)), 0, 1);
    k.body(|fb| {
        let c = vconst(fb, vec![u(3), u(1)]);
        let v = fb.resource_op(Opcode::TextureLoad, &[Value::Global(t), c], &[]);
        let c0 = vconst(fb, vec![u(0), u(0)]);
        let one = fb.uint(1);
        let v1 = fb.binary(Opcode::Add, v, one);
        fb.texture(
            Opcode::TextureStore,
            Type::Void,
            &[Value::Global(t), c0, v1],
            &[],
        );
        let size = fb.resource_op(Opcode::TextureQuerySize, &[Value::Global(t)], &[]);
        let z = fb.int(0);
        store_at(fb, out, z, size);
    });
    let m = k.finish();
    let texels: Vec<u32> = (10..18).collect(); // 4 x 2, (3, 1) is index 7
    let res = run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![
            Bound {
                binding: 0,
                res: Resource::texture(bytes_u32(&texels), 4, 2, 1),
            },
            buf(1, vec![0; 8]),
        ],
        None,
    )
    .unwrap()
    .0;
    assert_eq!(u32s(&res[0].data)[0], 18);
    assert_eq!(u32s(&res[1].data), [4, 2]);
}

#[test]
fn texture_read_out_of_bounds_is_zero() {
    let tex = Type::resource(ResourceType::Texture {
        dim: TextureDim::D2,
        access: TextureAccess::ReadOnly,
        sample: vec_ty(ScalarKind::Float, 4),
    });
    let mut k = Kernel::new([1, 1, 1]);
    let t = k.resource("T", tex, 0, 0);
    let out = k.resource("Out", rw_structured(vec_ty(ScalarKind::Float, 4)), 0, 1);
    k.body(|fb| {
        let c = vconst(fb, vec![i(2), i(0)]);
        let lvl = fb.int(0);
        let v = fb.resource_op(Opcode::TextureLoad, &[Value::Global(t), c, lvl], &[]);
        let z = fb.int(0);
        store_at(fb, out, z, v);
    });
    let m = k.finish();
    let mut rec = Recorder::default();
    let (res, _) = run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![
            Bound {
                binding: 0,
                res: Resource::texture(bytes_f32(&[1.0; 8]), 2, 1, 1),
            },
            buf(1, bytes_f32(&[9.0; 4])),
        ],
        Some(&mut rec),
    )
    .unwrap();
    assert_eq!(f32s(&res[1].data), [0.0; 4]);
    assert_eq!(rec.robustness.len(), 1);
}

#[test]
fn structured_buffer_out_of_bounds_read_and_write() {
    let mut k = Kernel::new([1, 1, 1]);
    let input = k.resource("In", structured(Type::UINT), 0, 1);
    let out = out_uint(&mut k);
    k.body(|fb| {
        let (two, five, zero) = (fb.int(2), fb.int(5), fb.int(0));
        let p = fb.access_chain(Value::Global(input), &[five]);
        let v = fb.load(p);
        store_at(fb, out, zero, v);
        let forty = fb.uint(40);
        store_at(fb, out, two, forty);
    });
    let m = k.finish();
    let mut rec = Recorder::default();
    let (res, _) = run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![buf(0, bytes_u32(&[9, 9])), buf(1, bytes_u32(&[1, 2, 3]))],
        Some(&mut rec),
    )
    .unwrap();
    assert_eq!(u32s(&res[0].data), [0, 9]);
    assert!(
        matches!(
            rec.robustness[..],
            [
                RobustnessEvent::OutOfBoundsRead {
                    space: AddressSpace::StorageBuffer,
                    ..
                },
                RobustnessEvent::OutOfBoundsWrite {
                    space: AddressSpace::StorageBuffer,
                    ..
                }
            ]
        ),
        "{:?}",
        rec.robustness
    );
}

#[test]
fn local_array_index_out_of_range_reads_zero() {
    let mut k = Kernel::new([1, 1, 1]);
    let out = out_uint(&mut k);
    k.body(|fb| {
        let arr = fb.alloca(Type::array(Type::UINT, 4), "arr");
        let (three, four) = (fb.uint(3), fb.uint(4));
        let p3 = fb.access_chain(arr, &[three]);
        let v = fb.uint(33);
        fb.store(p3, v);
        let p4 = fb.access_chain(arr, &[four]);
        fb.store(p4, v);
        let a = fb.load(p3);
        let b = fb.load(p4);
        let (z, o) = (fb.int(0), fb.int(1));
        store_at(fb, out, z, a);
        store_at(fb, out, o, b);
    });
    let m = k.finish();
    assert_eq!(run_out(&m, 2), [33, 0]);
}

#[test]
fn array_length_of_runtime_arrays() {
    let mut k = Kernel::new([1, 1, 1]);
    let input = k.resource("In", structured(vec_ty(ScalarKind::Float, 2)), 0, 1);
    let out = out_uint(&mut k);
    k.body(|fb| {
        let n = fb.resource_op(Opcode::ArrayLength, &[Value::Global(input)], &[]);
        let z = fb.int(0);
        store_at(fb, out, z, n);
    });
    let m = k.finish();
    let res = run(&m, [1, 1, 1], vec![buf(0, vec![0; 4]), buf(1, vec![0; 40])]);
    assert_eq!(u32s(&res[0].data), [5]);
}

#[test]
fn unbound_resources_read_zero_and_are_reported() {
    let mut k = Kernel::new([1, 1, 1]);
    let input = k.resource("In", structured(Type::UINT), 0, 1);
    let out = out_uint(&mut k);
    k.body(|fb| {
        let z = fb.int(0);
        let p = fb.access_chain(Value::Global(input), &[z]);
        let v = fb.load(p);
        store_at(fb, out, z, v);
    });
    let m = k.finish();
    let mut rec = Recorder::default();
    let (res, _) = run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![buf(0, bytes_u32(&[5]))],
        Some(&mut rec),
    )
    .unwrap();
    assert_eq!(u32s(&res[0].data), [0]);
    assert!(matches!(
        rec.robustness[..],
        [RobustnessEvent::Unbound { .. }]
    ));
}

#[test]
fn private_globals_start_from_their_initializer() {
    let mut k = Kernel::new([2, 1, 1]);
    let init = k.mb.const_handle(ir::Constant::uint(40));
    let g = k.mb.private("counter", Type::UINT, Some(init));
    let out = out_uint(&mut k);
    let gi = k.builtin(BuiltIn::LocalInvocationIndex, Type::UINT);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let v = fb.load(Value::Global(g));
        let v1 = fb.binary(Opcode::Add, v, idx);
        fb.store(Value::Global(g), v1);
        let v2 = fb.load(Value::Global(g));
        store_at(fb, out, idx, v2);
    });
    let m = k.finish();
    // Each invocation has its own copy: 40 + 0 and 40 + 1.
    assert_eq!(run_out(&m, 2), [40, 41]);
}

#[test]
fn builtins_of_a_multi_group_dispatch() {
    let mut k = Kernel::new([2, 2, 1]);
    let out = k.resource("Out", rw_structured(vec_ty(ScalarKind::Uint, 4)), 0, 0);
    let gid = k.builtin(BuiltIn::GlobalInvocationId, vec_ty(ScalarKind::Uint, 3));
    let wg = k.builtin(BuiltIn::WorkgroupId, vec_ty(ScalarKind::Uint, 3));
    let gi = k.builtin(BuiltIn::LocalInvocationIndex, Type::UINT);
    let ng = k.builtin(BuiltIn::NumWorkgroups, vec_ty(ScalarKind::Uint, 3));
    k.body(|fb| {
        let g = load_global(fb, gid);
        let w = load_global(fb, wg);
        let li = load_global(fb, gi);
        let n = load_global(fb, ng);
        let gx = fb.extract(g, &[0]);
        let gy = fb.extract(g, &[1]);
        let wx = fb.extract(w, &[0]);
        let nx = fb.extract(n, &[0]);
        let v = fb.construct(vec_ty(ScalarKind::Uint, 4), &[gx, gy, wx, nx]);
        // Out[wx * 4 + li]
        let four = fb.uint(4);
        let base = fb.binary(Opcode::Mul, wx, four);
        let idx = fb.binary(Opcode::Add, base, li);
        store_at(fb, out, idx, v);
        let _ = li;
    });
    let m = k.finish();
    let res = run(&m, [2, 1, 1], vec![buf(0, vec![0; 16 * 8])]);
    let got = u32s(&res[0].data);
    let mut want = Vec::new();
    for wx in 0..2u32 {
        for li in 0..4u32 {
            want.extend([wx * 2 + li % 2, li / 2, wx, 2]);
        }
    }
    assert_eq!(got, want);
}

#[test]
fn bind_by_directx_register_and_space() {
    let mut k = Kernel::new([1, 1, 1]);
    let out = k.resource("Out", rw_structured(Type::UINT), 2, 5);
    k.body(|fb| {
        let (z, v) = (fb.int(0), fb.uint(123));
        store_at(fb, out, z, v);
    });
    let m = k.finish();
    let program = Program::new(&m, "main", &ProgramOptions::default()).unwrap();
    let mut b = Bindings::new(&program);
    b.bind_dx(&program, 5, 2, Resource::buffer(vec![0; 4]))
        .unwrap();
    assert!(b
        .bind_dx(&program, 4, 2, Resource::buffer(vec![0; 4]))
        .is_err());
    interp::dispatch(&program, &mut b, [1, 1, 1], &RunOptions::default(), None).unwrap();
    assert_eq!(u32s(&b.get(&program, 2, 5).unwrap().data), [123]);
}

#[test]
fn missing_entry_point_is_an_error() {
    let k = Kernel::new([1, 1, 1]);
    let mut k = k;
    k.body(|_| {});
    let m = k.finish();
    let err = Program::new(&m, "nope", &ProgramOptions::default()).unwrap_err();
    assert_eq!(err, RunError::NoEntryPoint("nope".to_owned()));
}

#[test]
fn spec_constants_take_overrides() {
    let mut k = Kernel::new([1, 1, 1]);
    let out = out_uint(&mut k);
    let sc = k.mb.spec_constant(3, "N", ScalarKind::Uint, 10);
    k.body(|fb| {
        let z = fb.int(0);
        let one = fb.uint(1);
        let v = fb.binary(Opcode::Add, sc, one);
        store_at(fb, out, z, v);
    });
    let m = k.finish();
    assert_eq!(run_out(&m, 1), [11]);
    let mut opts = ProgramOptions::default();
    opts.spec_constants.insert(3, 41);
    let program = Program::new(&m, "main", &opts).unwrap();
    let mut b = Bindings::new(&program);
    b.bind(&program, 0, 0, 0, Resource::buffer(vec![0; 4]))
        .unwrap();
    interp::dispatch(&program, &mut b, [1, 1, 1], &RunOptions::default(), None).unwrap();
    assert_eq!(u32s(&b.get(&program, 0, 0).unwrap().data), [42]);
}

#[test]
fn arrays_of_resources_are_indexed_by_root() {
    let mut k = Kernel::new([1, 1, 1]);
    let bufs = k.resource("Bufs", Type::array(rw_structured(Type::UINT), 2), 0, 0);
    k.mb.module_mut().globals[bufs].resource_count = Some(2);
    k.body(|fb| {
        let (zero, one) = (fb.int(0), fb.int(1));
        let p1 = fb.access_chain(Value::Global(bufs), &[one, zero]);
        let v = fb.load(p1);
        let p0 = fb.access_chain(Value::Global(bufs), &[zero, one]);
        fb.store(p0, v);
    });
    let m = k.finish();
    let program = Program::new(&m, "main", &ProgramOptions::default()).unwrap();
    let mut b = Bindings::new(&program);
    b.bind(&program, 0, 0, 0, Resource::buffer(vec![0; 8]))
        .unwrap();
    b.bind(&program, 0, 0, 1, Resource::buffer(bytes_u32(&[77, 0])))
        .unwrap();
    assert!(b.bind(&program, 0, 0, 2, Resource::buffer(vec![])).is_err());
    interp::dispatch(&program, &mut b, [1, 1, 1], &RunOptions::default(), None).unwrap();
    assert_eq!(u32s(&b.resources[0].as_ref().unwrap().data), [0, 77]);
}

#[test]
fn kill_ends_the_invocation() {
    let mut k = Kernel::new([1, 1, 1]);
    let out = out_uint(&mut k);
    k.body(|fb| {
        let z = fb.int(0);
        let one = fb.uint(1);
        store_at(fb, out, z, one);
        let after = fb.create_block("after");
        fb.kill();
        fb.switch_to_block(after);
        let two = fb.uint(2);
        store_at(fb, out, z, two);
    });
    let m = k.finish();
    assert_eq!(run_out(&m, 1), [1]);
}

#[test]
fn matrix_mul_opcode_is_componentwise() {
    let m_ty = Type::matrix(ScalarKind::Int, 2, 2);
    let mut k = Kernel::new([1, 1, 1]);
    let out = k.resource("Out", rw_structured(vec_ty(ScalarKind::Int, 2)), 0, 0);
    k.body(|fb| {
        let r0 = vconst(fb, vec![i(1), i(2)]);
        let r1 = vconst(fb, vec![i(3), i(4)]);
        let a = fb.construct(m_ty.clone(), &[r0, r1]);
        let b = fb.construct(m_ty.clone(), &[r1, r0]);
        let c = fb.binary(Opcode::Mul, a, b);
        let row = fb.extract(c, &[1]);
        let z = fb.int(0);
        store_at(fb, out, z, row);
    });
    let m = k.finish();
    assert_eq!(
        i32s(&run(&m, [1, 1, 1], vec![buf(0, vec![0; 8])])[0].data),
        [3, 8]
    );
}

#[test]
fn nested_structs_and_arrays_in_function_memory() {
    let inner = structure(
        "Inner",
        &[("v", vec_ty(ScalarKind::Uint, 2)), ("w", Type::UINT)],
    );
    let outer = structure(
        "Outer",
        &[("a", Type::array(inner.clone(), 3)), ("b", Type::UINT)],
    );
    let mut k = Kernel::new([1, 1, 1]);
    let out = out_uint(&mut k);
    k.body(|fb| {
        let var = fb.alloca(outer.clone(), "o");
        let (zero, one, two) = (fb.int(0), fb.int(1), fb.int(2));
        let p = fb.access_chain(var, &[zero, two, zero, one]);
        let x = fb.uint(5);
        fb.store(p, x);
        let pb = fb.access_chain(var, &[one]);
        let y = fb.uint(6);
        fb.store(pb, y);
        let whole = fb.load(var);
        let e = fb.extract(whole, &[0, 2, 0]);
        let ey = fb.extract(e, &[1]);
        let b = fb.extract(whole, &[1]);
        let r = fb.binary(Opcode::Mul, ey, b);
        store_at(fb, out, zero, r);
    });
    let m = k.finish();
    assert_eq!(run_out(&m, 1), [30]);
}

#[test]
fn intrinsic_with_the_wrong_operand_count_is_unsupported_not_a_panic() {
    let mut k = Kernel::new([1, 1, 1]);
    k.body(|fb| {
        fb.call_intrinsic(Intrinsic::WaveReadLaneFirst, Type::UINT, &[]);
    });
    let m = k.finish();
    let err = run_with(&m, [1, 1, 1], &RunOptions::default(), vec![], None).unwrap_err();
    assert_eq!(
        err,
        RunError::Unsupported("WaveReadLaneFirst with 0 operands".to_owned())
    );
}

#[test]
fn modules_that_do_not_verify_are_rejected() {
    let mut k = Kernel::new([1, 1, 1]);
    k.body(|fb| {
        let a = fb.int(1);
        let b = fb.float(1.0);
        fb.inst(Opcode::Add, Type::INT, vec![a, b]);
    });
    let mut mb = k.mb;
    mb.entry_point(ir::EntryPoint {
        name: "main".to_owned(),
        stage: ir::Stage::Compute,
        function: k.main,
        inputs: vec![],
        outputs: vec![],
        workgroup_size: Some([1, 1, 1]),
        modes: Vec::new(),
    });
    let m = mb.finish();
    let err = Program::new(&m, "main", &ProgramOptions::default()).unwrap_err();
    assert!(matches!(err, RunError::InvalidModule(_)), "{err}");
}

#[test]
fn texture_load_with_a_texel_offset() {
    let tex = Type::resource(ResourceType::Texture {
        dim: TextureDim::D2,
        access: TextureAccess::ReadOnly,
        sample: Type::UINT,
    });
    let mut k = Kernel::new([1, 1, 1]);
    let t = k.resource("T", tex, 0, 0);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 1);
    k.body(|fb| {
        let c = vconst(fb, vec![i(2), i(0)]);
        let lvl = fb.int(0);
        // Load(int3(2, 0, 0), int2(-1, 1)) reads texel (1, 1).
        let v = fb.texture(
            Opcode::TextureLoad,
            Type::UINT,
            &[Value::Global(t), c, lvl],
            &[-1, 1],
        );
        let z = fb.int(0);
        store_at(fb, out, z, v);
    });
    let m = k.finish();
    let texels: Vec<u32> = (0..6).collect(); // 3 x 2
    let (res, _) = run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![
            Bound {
                binding: 0,
                res: Resource::texture(bytes_u32(&texels), 3, 2, 1),
            },
            buf(1, vec![0; 4]),
        ],
        None,
    )
    .unwrap();
    assert_eq!(u32s(&res[1].data), [4]);
}

#[test]
fn byte_address_load_of_16_bit_values() {
    let mut k = Kernel::new([1, 1, 1]);
    let b = k.resource("B", rw_byte_address(), 0, 1);
    let out = out_uint(&mut k);
    k.body(|fb| {
        let two = fb.uint(2);
        let v = fb.texture(
            Opcode::ByteAddressLoad,
            Type::Scalar(ScalarKind::Uint16),
            &[Value::Global(b), two],
            &[],
        );
        let w = fb.convert(v, Type::UINT);
        let z = fb.int(0);
        store_at(fb, out, z, w);
    });
    let m = k.finish();
    let res = run(
        &m,
        [1, 1, 1],
        vec![buf(0, vec![0; 4]), buf(1, bytes_u32(&[0xbeef_1234]))],
    );
    assert_eq!(u32s(&res[0].data), [0xbeef]);
}

#[test]
fn texture_2d_array_and_3d_addressing() {
    for (dim, size) in [
        (TextureDim::D2Array, [2u32, 2, 3]),
        (TextureDim::D3, [2, 2, 3]),
    ] {
        let tex = Type::resource(ResourceType::Texture {
            dim,
            access: TextureAccess::ReadWrite,
            sample: Type::UINT,
        });
        let mut k = Kernel::new([1, 1, 1]);
        let t = k.resource("T", tex, 0, 0);
        let out = k.resource("Out", rw_structured(vec_ty(ScalarKind::Uint, 3)), 0, 1);
        k.body(|fb| {
            let c = vconst(fb, vec![u(1), u(0), u(2)]);
            let v = fb.resource_op(Opcode::TextureLoad, &[Value::Global(t), c], &[]);
            let z = fb.int(0);
            let sz = fb.resource_op(Opcode::TextureQuerySize, &[Value::Global(t)], &[]);
            let x = fb.extract(sz, &[0]);
            let zz = fb.extract(sz, &[2]);
            let w = fb.construct(vec_ty(ScalarKind::Uint, 3), &[v, x, zz]);
            store_at(fb, out, z, w);
        });
        let m = k.finish();
        let texels: Vec<u32> = (100..112).collect();
        let (res, _) = run_with(
            &m,
            [1, 1, 1],
            &RunOptions::default(),
            vec![
                Bound {
                    binding: 0,
                    res: Resource::texture(bytes_u32(&texels), size[0], size[1], size[2]),
                },
                buf(1, vec![0; 12]),
            ],
            None,
        )
        .unwrap();
        // (x=1, y=0, z=2) is texel (2 * 2 + 0) * 2 + 1 = 9.
        assert_eq!(u32s(&res[1].data), [109, 2, 3], "{dim:?}");
    }
}

#[test]
fn typed_buffer_size_query() {
    let b_ty = Type::resource(ResourceType::TypedBuffer {
        access: TextureAccess::ReadOnly,
        element: vec_ty(ScalarKind::Int, 2),
    });
    let mut k = Kernel::new([1, 1, 1]);
    let b = k.resource("B", b_ty, 0, 1);
    let out = out_uint(&mut k);
    k.body(|fb| {
        let n = fb.resource_op(Opcode::TextureQuerySize, &[Value::Global(b)], &[]);
        let z = fb.int(0);
        store_at(fb, out, z, n);
    });
    let m = k.finish();
    let res = run(&m, [1, 1, 1], vec![buf(0, vec![0; 4]), buf(1, vec![0; 40])]);
    assert_eq!(u32s(&res[0].data), [5]);
}

#[test]
fn absurd_memory_needs_are_refused_before_allocating() {
    let mut k = Kernel::new([1, 1, 1]);
    k.mb.groupshared(
        "huge",
        Type::array(Type::array(Type::UINT, 1 << 20), 1 << 12),
    );
    k.body(|fb| {
        fb.alloca(
            Type::array(
                Type::array(Type::Scalar(ScalarKind::Double), 1 << 20),
                1 << 12,
            ),
            "big",
        );
    });
    let m = k.finish();
    let err = Program::new(&m, "main", &ProgramOptions::default()).unwrap_err();
    assert!(matches!(err, RunError::Unsupported(_)), "{err}");
}

// Sampling.

fn sampler_ty() -> Type {
    Type::resource(ResourceType::Sampler { comparison: false })
}

/// `Out[0] = T.SampleLevel(S, coord, 0)` on a float texture of `dim` with `texels`.
fn sample(
    dim: TextureDim,
    size: [u32; 3],
    texels: &[f32],
    state: interp::SamplerState,
    coord: Vec<f32>,
) -> f32 {
    let tex = Type::resource(ResourceType::Texture {
        dim,
        access: TextureAccess::ReadOnly,
        sample: Type::FLOAT,
    });
    let mut k = Kernel::new([1, 1, 1]);
    let t = k.resource("T", tex, 0, 0);
    let s = k.resource("S", sampler_ty(), 0, 1);
    let out = k.resource("Out", rw_structured(Type::FLOAT), 0, 2);
    k.body(|fb| {
        let c = if coord.len() == 1 {
            fb.float(coord[0])
        } else {
            vconst(fb, coord.iter().map(|&x| f(x)).collect())
        };
        let lvl = fb.float(0.0);
        let v = fb.resource_op(
            Opcode::TextureSampleLevel,
            &[Value::Global(t), Value::Global(s), c, lvl],
            &[],
        );
        let z = fb.int(0);
        store_at(fb, out, z, v);
    });
    let m = k.finish();
    let (res, _) = run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![
            Bound {
                binding: 0,
                res: Resource::texture(bytes_f32(texels), size[0], size[1], size[2]),
            },
            Bound {
                binding: 1,
                res: Resource::sampler(state),
            },
            buf(2, vec![0; 4]),
        ],
        None,
    )
    .unwrap();
    f32s(&res[2].data)[0]
}

fn state(filter: interp::Filter, address: interp::AddressMode) -> interp::SamplerState {
    interp::SamplerState {
        filter,
        min_filter: filter,
        address,
        ..Default::default()
    }
}

#[test]
fn sample_level_nearest_and_linear_1d() {
    use interp::{AddressMode::*, Filter::*};
    let t = [0.0, 10.0, 20.0, 30.0];
    let s1 = |flt, addr, u| sample(TextureDim::D1, [4, 1, 1], &t, state(flt, addr), vec![u]);
    // Texel centres are at (i + 0.5) / 4.
    assert_eq!(s1(Nearest, Clamp, 0.6), 20.0);
    assert_eq!(s1(Linear, Clamp, 0.5), 15.0);
    assert_eq!(s1(Linear, Clamp, 0.0), 0.0);
    assert_eq!(s1(Linear, Clamp, 1.0), 30.0);
    assert_eq!(s1(Linear, Clamp, 0.3125), 7.5);
}

#[test]
fn sample_level_address_modes() {
    use interp::{AddressMode::*, Filter::*};
    let t = [0.0, 10.0, 20.0, 30.0];
    let s1 = |flt, addr, u| sample(TextureDim::D1, [4, 1, 1], &t, state(flt, addr), vec![u]);
    assert_eq!(s1(Nearest, Wrap, 1.1), 0.0);
    assert_eq!(s1(Nearest, Mirror, 1.1), 30.0);
    assert_eq!(s1(Nearest, Mirror, 1.3), 20.0);
    assert_eq!(s1(Nearest, Border, -0.1), 0.0);
    assert_eq!(s1(Nearest, Clamp, -0.1), 0.0);
    assert_eq!(s1(Nearest, Clamp, 7.0), 30.0);
    // Halfway between the last texel and (wrapped) the first.
    assert_eq!(s1(Linear, Wrap, 0.0), 15.0);
    assert_eq!(s1(Linear, Border, 0.0), 0.0);
    assert_eq!(s1(Linear, Border, 1.0), 15.0);
}

#[test]
fn sample_level_bilinear_2d_and_array_layers() {
    use interp::{AddressMode::*, Filter::*};
    let t = [0.0, 10.0, 20.0, 30.0];
    let v = sample(
        TextureDim::D2,
        [2, 2, 1],
        &t,
        state(Linear, Clamp),
        vec![0.5, 0.5],
    );
    assert_eq!(v, 15.0);
    let v = sample(
        TextureDim::D2,
        [2, 2, 1],
        &t,
        state(Linear, Clamp),
        vec![0.25, 0.5],
    );
    assert_eq!(v, 10.0);
    // Two 2x1 layers: layer 1.4 rounds to 1.
    let v = sample(
        TextureDim::D2Array,
        [2, 1, 2],
        &t,
        state(Nearest, Clamp),
        vec![0.9, 0.0, 1.4],
    );
    assert_eq!(v, 30.0);
    let v = sample(
        TextureDim::D2Array,
        [2, 1, 2],
        &t,
        state(Nearest, Clamp),
        vec![0.1, 0.0, 9.0],
    );
    assert_eq!(v, 20.0);
}

/// Runs one texture instruction `op` on a float texture of `dim` with `texels` (operands:
/// texture, sampler, `coord`, then `extra` if given) and returns the result's components.
#[allow(clippy::too_many_arguments)]
fn texture_op(
    op: Opcode,
    dim: TextureDim,
    size: [u32; 3],
    texels: &[f32],
    state: interp::SamplerState,
    coord: Vec<f32>,
    extra: Option<f32>,
    literals: &[i64],
) -> Vec<f32> {
    let tex = Type::resource(ResourceType::Texture {
        dim,
        access: TextureAccess::ReadOnly,
        sample: Type::FLOAT,
    });
    let comparison = op == Opcode::TextureSampleCompareLevelZero;
    let mut k = Kernel::new([1, 1, 1]);
    let t = k.resource("T", tex, 0, 0);
    let s = k.resource(
        "S",
        Type::resource(ResourceType::Sampler { comparison }),
        0,
        1,
    );
    let out = k.resource("Out", rw_structured(Type::FLOAT), 0, 2);
    k.body(|fb| {
        let c = vconst(fb, coord.iter().map(|&x| f(x)).collect());
        let mut operands = vec![Value::Global(t), Value::Global(s), c];
        if let Some(e) = extra {
            operands.push(fb.float(e));
        }
        let v = fb.resource_op(op, &operands, literals);
        let n = match fb.type_of(v) {
            Type::Vector(_, len) => len,
            _ => 1,
        };
        for i in 0..n {
            let x = if n == 1 {
                v
            } else {
                fb.extract(v, &[u32::from(i)])
            };
            let at = fb.int(i32::from(i));
            store_at(fb, out, at, x);
        }
    });
    let m = k.finish();
    let (res, _) = run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![
            Bound {
                binding: 0,
                res: Resource::texture(bytes_f32(texels), size[0], size[1], size[2]),
            },
            Bound {
                binding: 1,
                res: Resource::sampler(state),
            },
            buf(2, vec![0; 16]),
        ],
        None,
    )
    .unwrap();
    f32s(&res[2].data)
}

#[test]
fn sample_level_trilinear_3d() {
    use interp::{AddressMode::*, Filter::*};
    // Texel (x, y, z) of a 2x2x2 volume holds 10 * (4z + 2y + x).
    let t: Vec<f32> = (0..8).map(|i| i as f32 * 10.0).collect();
    let s3 = |flt, addr, c: [f32; 3]| {
        texture_op(
            Opcode::TextureSampleLevel,
            TextureDim::D3,
            [2, 2, 2],
            &t,
            state(flt, addr),
            c.to_vec(),
            Some(0.0),
            &[],
        )[0]
    };
    // The centre is the mean of all eight texels.
    assert_eq!(s3(Linear, Clamp, [0.5, 0.5, 0.5]), 35.0);
    assert_eq!(s3(Nearest, Clamp, [0.9, 0.1, 0.9]), 50.0);
    // A quarter of the way from texel z = 0 to z = 1 at the centre of texel (1, 1).
    assert_eq!(s3(Linear, Clamp, [0.75, 0.75, 0.375]), 30.0 + 40.0 * 0.25);
    // Wrap: z = 1.1 reads layer 0.
    assert_eq!(s3(Nearest, Wrap, [0.1, 0.9, 1.1]), 20.0);
}

#[test]
fn sample_compare_level_zero_filters_the_comparisons() {
    use interp::{AddressMode::*, CompareOp, Filter::*};
    // A 2x1 depth texture: 0.25 and 0.75.
    let t = [0.25, 0.75];
    let cmp = |flt, compare, u: f32, reference: f32| {
        let st = interp::SamplerState {
            filter: flt,
            min_filter: flt,
            address: Clamp,
            compare,
        };
        texture_op(
            Opcode::TextureSampleCompareLevelZero,
            TextureDim::D2,
            [2, 1, 1],
            &t,
            st,
            vec![u, 0.5],
            Some(reference),
            &[],
        )[0]
    };
    // LessEqual passes where the reference is at most the texel.
    assert_eq!(cmp(Nearest, CompareOp::LessEqual, 0.25, 0.5), 0.0);
    assert_eq!(cmp(Nearest, CompareOp::LessEqual, 0.75, 0.5), 1.0);
    assert_eq!(cmp(Nearest, CompareOp::LessEqual, 0.25, 0.25), 1.0);
    // Linear: halfway between a failing and a passing texel.
    assert_eq!(cmp(Linear, CompareOp::LessEqual, 0.5, 0.5), 0.5);
    assert_eq!(cmp(Linear, CompareOp::Greater, 0.375, 0.5), 0.75);
    assert_eq!(cmp(Linear, CompareOp::Never, 0.5, 0.5), 0.0);
    assert_eq!(cmp(Linear, CompareOp::Always, 0.5, 0.5), 1.0);
}

#[test]
fn gather_returns_one_component_of_the_bilinear_footprint() {
    use interp::{AddressMode::*, Filter::*};
    // A 3x2 texture with texel (x, y) = x + 10 y.
    let t = [0.0, 1.0, 2.0, 10.0, 11.0, 12.0];
    let g = |c: [f32; 2], literals: &[i64]| {
        texture_op(
            Opcode::TextureGather,
            TextureDim::D2,
            [3, 2, 1],
            &t,
            state(Nearest, Clamp),
            c.to_vec(),
            None,
            literals,
        )
    };
    // At the corner shared by texels (1..2, 0..1): (u0, v1), (u1, v1), (u1, v0), (u0, v0).
    assert_eq!(g([2.0 / 3.0, 0.5], &[0]), [11.0, 12.0, 2.0, 1.0]);
    // Past the left edge the footprint clamps to column 0.
    assert_eq!(g([0.0, 0.5], &[0]), [10.0, 10.0, 0.0, 0.0]);
    // A texel offset of +1 in x.
    assert_eq!(g([1.0 / 3.0, 0.5], &[0, 1, 0]), [11.0, 12.0, 2.0, 1.0]);
}
