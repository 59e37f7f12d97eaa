//! Many invocations: atomics under contention, barriers with groupshared memory, barrier
//! errors, wave and quad operations, and the hooks. Expected values are computed here with
//! plain Rust over the invocation indices.

mod common;

use common::*;
use interp::{AccessKind, RunError, RunOptions};
use ir::types::{AddressSpace, ResourceType, ScalarKind, TextureAccess, TextureDim, Type};
use ir::{BuiltIn, FunctionBuilder, Value};

fn index(k: &mut Kernel) -> ir::Global {
    k.builtin(BuiltIn::LocalInvocationIndex, Type::UINT)
}

fn barrier(fb: &mut FunctionBuilder<'_>) {
    fb.barrier(BarrierFlags::WORKGROUP_MEMORY | BarrierFlags::GROUP_SYNC);
}

#[test]
fn groupshared_atomic_add_from_every_invocation() {
    let mut k = Kernel::new([64, 1, 1]);
    let counter = k.mb.groupshared("counter", Type::UINT);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 0);
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let zero = fb.uint(0);
        let is0 = fb.compare(Opcode::Eq, idx, zero);
        if_then(fb, is0, |fb| {
            let z = fb.uint(0);
            fb.store(Value::Global(counter), z);
        });
        barrier(fb);
        let one = fb.uint(1);
        fb.atomic_rmw(AtomicOp::Add, Type::UINT, &[Value::Global(counter)], one);
        barrier(fb);
        let v = fb.load(Value::Global(counter));
        store_at(fb, out, idx, v);
    });
    let m = k.finish();
    let res = run(&m, [1, 1, 1], vec![buf(0, vec![0; 256])]);
    assert_eq!(u32s(&res[0].data), vec![64; 64]);
}

#[test]
fn buffer_atomic_add_under_contention_returns_distinct_originals() {
    let mut k = Kernel::new([32, 1, 1]);
    let counter = k.resource("Counter", rw_structured(Type::UINT), 0, 0);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 1);
    let gid = k.builtin(BuiltIn::GlobalInvocationId, vec_ty(ScalarKind::Uint, 3));
    k.body(|fb| {
        let g = load_global(fb, gid);
        let x = fb.extract(g, &[0]);
        let z = fb.int(0);
        let p = fb.access_chain(Value::Global(counter), &[z]);
        let three = fb.uint(3);
        let old = fb.atomic_rmw(AtomicOp::Add, Type::UINT, &[p], three);
        store_at(fb, out, x, old);
    });
    let m = k.finish();
    let options = RunOptions {
        quantum: 1,
        ..RunOptions::default()
    };
    let (res, _) = run_with(
        &m,
        [4, 1, 1],
        &options,
        vec![buf(0, vec![0; 4]), buf(1, vec![0; 512])],
        None,
    )
    .unwrap();
    assert_eq!(u32s(&res[0].data), [128 * 3]);
    let mut olds = u32s(&res[1].data);
    olds.sort_unstable();
    assert_eq!(olds, (0..128).map(|i| i * 3).collect::<Vec<u32>>());
}

#[test]
fn atomic_min_max_are_signed_on_int() {
    let mut k = Kernel::new([8, 1, 1]);
    let buf_g = k.resource("B", rw_structured(Type::INT), 0, 0);
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let idx_i = fb.convert(idx, Type::INT);
        let four = fb.int(4);
        let v = fb.binary(Opcode::Sub, idx_i, four); // -4 ..= 3
        let (z, o) = (fb.int(0), fb.int(1));
        let p0 = fb.access_chain(Value::Global(buf_g), &[z]);
        fb.atomic_rmw(AtomicOp::Min, Type::INT, &[p0], v);
        let p1 = fb.access_chain(Value::Global(buf_g), &[o]);
        fb.atomic_rmw(AtomicOp::Max, Type::INT, &[p1], v);
    });
    let m = k.finish();
    let res = run(&m, [1, 1, 1], vec![buf(0, vec![0; 8])]);
    assert_eq!(i32s(&res[0].data), [-4, 3]);
}

#[test]
fn atomic_min_max_are_unsigned_on_uint() {
    let mut k = Kernel::new([1, 1, 1]);
    let b = k.resource("B", rw_structured(Type::UINT), 0, 0);
    k.body(|fb| {
        let (z, o) = (fb.int(0), fb.int(1));
        let big = fb.uint(0xffff_fff0);
        let p0 = fb.access_chain(Value::Global(b), &[z]);
        fb.atomic_rmw(AtomicOp::Min, Type::UINT, &[p0], big);
        let p1 = fb.access_chain(Value::Global(b), &[o]);
        fb.atomic_rmw(AtomicOp::Max, Type::UINT, &[p1], big);
    });
    let m = k.finish();
    let res = run(&m, [1, 1, 1], vec![buf(0, bytes_u32(&[5, 5]))]);
    assert_eq!(u32s(&res[0].data), [5, 0xffff_fff0]);
}

#[test]
fn compare_exchange_lets_exactly_one_invocation_win() {
    let mut k = Kernel::new([16, 1, 1]);
    let lock = k.resource("Lock", rw_structured(Type::UINT), 0, 0);
    let winners = k.resource("Winners", rw_structured(Type::UINT), 0, 1);
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let z = fb.int(0);
        let p = fb.access_chain(Value::Global(lock), &[z]);
        let zero = fb.uint(0);
        let hundred = fb.uint(100);
        let me = fb.binary(Opcode::Add, idx, hundred);
        let old = fb.atomic_compare_exchange(Type::UINT, &[p], zero, me);
        let won = fb.compare(Opcode::Eq, old, zero);
        let one = fb.uint(1);
        let v = fb.select(won, one, zero);
        store_at(fb, winners, idx, v);
    });
    let m = k.finish();
    let res = run(&m, [1, 1, 1], vec![buf(0, vec![0; 4]), buf(1, vec![0; 64])]);
    let w = u32s(&res[1].data);
    assert_eq!(w.iter().sum::<u32>(), 1);
    let winner = w.iter().position(|&x| x == 1).unwrap() as u32;
    assert_eq!(u32s(&res[0].data), [100 + winner]);
}

#[test]
fn atomic_exchange_and_bit_ops() {
    let mut k = Kernel::new([1, 1, 1]);
    let b = k.resource("B", rw_structured(Type::UINT), 0, 0);
    k.body(|fb| {
        let idx: Vec<Value> = (0..4).map(|n| fb.int(n)).collect();
        let ptr =
            |fb: &mut FunctionBuilder<'_>, n: usize| fb.access_chain(Value::Global(b), &[idx[n]]);
        let p0 = ptr(fb, 0);
        let nine = fb.uint(9);
        let old = fb.atomic_rmw(AtomicOp::Exchange, Type::UINT, &[p0], nine);
        let p1 = ptr(fb, 1);
        fb.store(p1, old);
        let p2 = ptr(fb, 2);
        let m = fb.uint(0b0110);
        fb.atomic_rmw(AtomicOp::And, Type::UINT, &[p2], m);
        let p3 = ptr(fb, 3);
        fb.atomic_rmw(AtomicOp::Xor, Type::UINT, &[p3], m);
    });
    let m = k.finish();
    let res = run(
        &m,
        [1, 1, 1],
        vec![buf(0, bytes_u32(&[4, 0, 0b1100, 0b1100]))],
    );
    assert_eq!(u32s(&res[0].data), [9, 4, 0b0100, 0b1010]);
}

#[test]
fn atomic_or_on_a_texture() {
    let tex = Type::resource(ResourceType::Texture {
        dim: TextureDim::D2,
        access: TextureAccess::ReadWrite,
        sample: Type::UINT,
    });
    let mut k = Kernel::new([8, 1, 1]);
    let t = k.resource("T", tex, 0, 0);
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let one = fb.uint(1);
        let bit = fb.binary(Opcode::Shl, one, idx);
        let c = vconst(fb, vec![u(1), u(1)]);
        fb.atomic_rmw(AtomicOp::Or, Type::UINT, &[Value::Global(t), c], bit);
    });
    let m = k.finish();
    let res = run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![Bound {
            binding: 0,
            res: interp::Resource::texture(vec![0; 16], 2, 2, 1),
        }],
        None,
    )
    .unwrap()
    .0;
    assert_eq!(u32s(&res[0].data), [0, 0, 0, 0xff]);
}

#[test]
fn atomic_add_on_a_byte_address_word() {
    let mut k = Kernel::new([10, 1, 1]);
    let b = k.resource(
        "B",
        Type::resource(ResourceType::ByteAddressBuffer {
            access: TextureAccess::ReadWrite,
        }),
        0,
        0,
    );
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let word = fb.uint(1);
        let p = fb.access_chain(Value::Global(b), &[word]);
        fb.atomic_rmw(AtomicOp::Add, Type::UINT, &[p], idx);
    });
    let m = k.finish();
    let res = run(&m, [1, 1, 1], vec![buf(0, vec![0; 8])]);
    assert_eq!(u32s(&res[0].data), [0, 45]);
}

#[test]
fn atomic_add_on_uint64_carries_into_the_high_word() {
    let u64t = Type::Scalar(ScalarKind::Uint64);
    let mut k = Kernel::new([2, 1, 1]);
    let b = k.resource("B", rw_structured(u64t.clone()), 0, 0);
    k.body(|fb| {
        let z = fb.int(0);
        let p = fb.access_chain(Value::Global(b), &[z]);
        let v = fb.constant(ir::Constant::uint64(0x8000_0000));
        fb.atomic_rmw(AtomicOp::Add, u64t.clone(), &[p], v);
    });
    let m = k.finish();
    let res = run(
        &m,
        [1, 1, 1],
        vec![buf(0, (0xffff_ffffu64).to_le_bytes().to_vec())],
    );
    assert_eq!(
        u64::from_le_bytes(res[0].data[..8].try_into().unwrap()),
        0xffff_ffff + 0x1_0000_0000
    );
}

/// A tree reduction of 64 values in groupshared memory with a barrier per level.
fn tree_reduction() -> ir::Module {
    let mut k = Kernel::new([64, 1, 1]);
    let sdata = k.mb.groupshared("sdata", Type::array(Type::UINT, 64));
    let input = k.resource("In", structured(Type::UINT), 0, 1);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 0);
    let gi = index(&mut k);
    let gid = k.builtin(BuiltIn::WorkgroupId, vec_ty(ScalarKind::Uint, 3));
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let wg = load_global(fb, gid);
        let wx = fb.extract(wg, &[0]);
        let sixty_four = fb.uint(64);
        let base = fb.binary(Opcode::Mul, wx, sixty_four);
        let gidx = fb.binary(Opcode::Add, base, idx);
        let pin = fb.access_chain(Value::Global(input), &[gidx]);
        let v = fb.load(pin);
        let ps = fb.access_chain(Value::Global(sdata), &[idx]);
        fb.store(ps, v);
        barrier(fb);
        // for (s = 32; s > 0; s >>= 1) { if (idx < s) sdata[idx] += sdata[idx + s]; barrier; }
        let six = fb.uint(6);
        counted_loop(fb, six, |fb, level| {
            let thirty_two = fb.uint(32);
            let s = fb.binary(Opcode::Shr, thirty_two, level);
            let active = fb.compare(Opcode::Lt, idx, s);
            if_then(fb, active, |fb| {
                let other = fb.binary(Opcode::Add, idx, s);
                let po = fb.access_chain(Value::Global(sdata), &[other]);
                let a = fb.load(po);
                let pm = fb.access_chain(Value::Global(sdata), &[idx]);
                let b = fb.load(pm);
                let sum = fb.binary(Opcode::Add, a, b);
                fb.store(pm, sum);
            });
            barrier(fb);
        });
        let zero = fb.uint(0);
        let first = fb.compare(Opcode::Eq, idx, zero);
        if_then(fb, first, |fb| {
            let z = fb.uint(0);
            let p = fb.access_chain(Value::Global(sdata), &[z]);
            let total = fb.load(p);
            store_at(fb, out, wx, total);
        });
    });
    k.finish()
}

#[test]
fn tree_reduction_with_barriers_in_two_groups() {
    let m = tree_reduction();
    let input: Vec<u32> = (0..128).map(|i| i * i + 1).collect();
    let mut rec = Recorder::default();
    let (res, stats) = run_with(
        &m,
        [2, 1, 1],
        &RunOptions::default(),
        vec![buf(0, vec![0; 8]), buf(1, bytes_u32(&input))],
        Some(&mut rec),
    )
    .unwrap();
    let want: Vec<u32> = input.chunks(64).map(|c| c.iter().sum()).collect();
    assert_eq!(u32s(&res[0].data), want);
    // One barrier after the fill and one per level, in each group.
    assert_eq!(stats.barriers, 14);
    assert_eq!(rec.barriers.len(), 14);
    assert!(rec.barriers.iter().all(|&(_, n)| n == 64));
}

#[test]
fn tree_reduction_is_independent_of_the_quantum() {
    let m = tree_reduction();
    let input: Vec<u32> = (0..64).map(|i| 1000 - i).collect();
    for quantum in [1, 3, 1000] {
        let options = RunOptions {
            quantum,
            ..RunOptions::default()
        };
        let (res, _) = run_with(
            &m,
            [1, 1, 1],
            &options,
            vec![buf(0, vec![0; 4]), buf(1, bytes_u32(&input))],
            None,
        )
        .unwrap();
        assert_eq!(
            u32s(&res[0].data),
            [input.iter().sum::<u32>()],
            "quantum {quantum}"
        );
    }
}

#[test]
fn barrier_reached_by_part_of_the_group_is_an_error() {
    let mut k = Kernel::new([4, 1, 1]);
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let two = fb.uint(2);
        let low = fb.compare(Opcode::Lt, idx, two);
        if_then(fb, low, |fb| {
            barrier(fb);
        });
    });
    let m = k.finish();
    let err = run_with(&m, [1, 1, 1], &RunOptions::default(), vec![], None).unwrap_err();
    assert_eq!(
        err,
        RunError::PartialBarrier {
            group: [0, 0, 0],
            arrived: 2,
            total: 4
        }
    );
}

#[test]
fn barriers_at_different_places_are_an_error() {
    let mut k = Kernel::new([2, 1, 1]);
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let zero = fb.uint(0);
        let c = fb.compare(Opcode::Eq, idx, zero);
        let header = fb.current_block().unwrap();
        let t = fb.create_block("then");
        let e = fb.create_block("else");
        let merge = fb.create_block("merge");
        fb.mark_selection(header, merge, None);
        fb.cond_br(c, t, e);
        fb.switch_to_block(t);
        barrier(fb);
        fb.br(merge);
        fb.switch_to_block(e);
        barrier(fb);
        fb.br(merge);
        fb.switch_to_block(merge);
    });
    let m = k.finish();
    let err = run_with(&m, [1, 1, 1], &RunOptions::default(), vec![], None).unwrap_err();
    assert_eq!(err, RunError::DivergentBarrier { group: [0, 0, 0] });
}

#[test]
fn each_group_has_its_own_groupshared_memory() {
    let mut k = Kernel::new([2, 1, 1]);
    let s = k.mb.groupshared("s", Type::UINT);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 0);
    let gi = index(&mut k);
    let gid = k.builtin(BuiltIn::WorkgroupId, vec_ty(ScalarKind::Uint, 3));
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let one = fb.uint(1);
        fb.atomic_rmw(AtomicOp::Add, Type::UINT, &[Value::Global(s)], one);
        barrier(fb);
        let v = fb.load(Value::Global(s));
        let wg = load_global(fb, gid);
        let wx = fb.extract(wg, &[0]);
        let two = fb.uint(2);
        let b = fb.binary(Opcode::Mul, wx, two);
        let at = fb.binary(Opcode::Add, b, idx);
        store_at(fb, out, at, v);
    });
    let m = k.finish();
    let res = run(&m, [3, 1, 1], vec![buf(0, vec![0; 24])]);
    assert_eq!(u32s(&res[0].data), [2; 6]);
}

// Wave operations.

/// A kernel of `size` invocations storing `op(value(idx))` to `Out[idx]`.
fn wave_kernel(
    size: u32,
    out_ty: Type,
    op: impl FnOnce(&mut FunctionBuilder<'_>, Value) -> Value,
) -> ir::Module {
    let mut k = Kernel::new([size, 1, 1]);
    let out = k.resource("Out", rw_structured(out_ty), 0, 0);
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let v = op(fb, idx);
        store_at(fb, out, idx, v);
    });
    k.finish()
}

fn run_wave(m: &ir::Module, size: usize, comps: usize, wave_size: u32) -> Vec<u32> {
    let options = RunOptions {
        wave_size,
        ..RunOptions::default()
    };
    let (res, _) = run_with(
        m,
        [1, 1, 1],
        &options,
        vec![buf(0, vec![0; 4 * size * comps])],
        None,
    )
    .unwrap();
    u32s(&res[0].data)
}

#[test]
fn wave_active_sum_per_wave() {
    let m = wave_kernel(64, Type::UINT, |fb, idx| {
        fb.call_intrinsic(Intrinsic::WaveActiveSum, Type::UINT, &[idx])
    });
    let got = run_wave(&m, 64, 1, 32);
    let first: u32 = (0..32).sum();
    let second: u32 = (32..64).sum();
    let want: Vec<u32> = (0..64)
        .map(|i| if i < 32 { first } else { second })
        .collect();
    assert_eq!(got, want);
}

#[test]
fn wave_size_is_configurable() {
    let m = wave_kernel(16, Type::UINT, |fb, idx| {
        fb.call_intrinsic(Intrinsic::WaveActiveSum, Type::UINT, &[idx])
    });
    let got = run_wave(&m, 16, 1, 4);
    let want: Vec<u32> = (0..16).map(|i| (i / 4 * 4..i / 4 * 4 + 4).sum()).collect();
    assert_eq!(got, want);
}

#[test]
fn wave_prefix_sum_and_product() {
    let m = wave_kernel(8, Type::UINT, |fb, idx| {
        fb.call_intrinsic(Intrinsic::WavePrefixSum, Type::UINT, &[idx])
    });
    let want: Vec<u32> = (0..8).map(|i| (0..i).sum()).collect();
    assert_eq!(run_wave(&m, 8, 1, 32), want);
    let m = wave_kernel(6, Type::UINT, |fb, idx| {
        let one = fb.uint(1);
        let v = fb.binary(Opcode::Add, idx, one);
        fb.call_intrinsic(Intrinsic::WavePrefixProduct, Type::UINT, &[v])
    });
    let want: Vec<u32> = (0..6).map(|i| (1..=i).product()).collect();
    assert_eq!(run_wave(&m, 6, 1, 32), want);
}

#[test]
fn wave_active_ballot_of_even_lanes() {
    let m = wave_kernel(40, vec_ty(ScalarKind::Uint, 4), |fb, idx| {
        let one = fb.uint(1);
        let bit = fb.binary(Opcode::BitAnd, idx, one);
        let zero = fb.uint(0);
        let even = fb.compare(Opcode::Eq, bit, zero);
        fb.call_intrinsic(
            Intrinsic::WaveActiveBallot,
            vec_ty(ScalarKind::Uint, 4),
            &[even],
        )
    });
    let got = run_wave(&m, 40, 4, 32);
    assert_eq!(&got[..4], [0x5555_5555, 0, 0, 0]);
    // The second wave has lanes 0..8 (invocations 32..40).
    assert_eq!(&got[32 * 4..32 * 4 + 4], [0x55, 0, 0, 0]);
}

#[test]
fn wave_read_lane_first_and_at() {
    let m = wave_kernel(8, vec_ty(ScalarKind::Uint, 2), |fb, idx| {
        let ten = fb.uint(10);
        let v = fb.binary(Opcode::Mul, idx, ten);
        let first = fb.call_intrinsic(Intrinsic::WaveReadLaneFirst, Type::UINT, &[v]);
        let five = fb.uint(5);
        let at = fb.call_intrinsic(Intrinsic::WaveReadLaneAt, Type::UINT, &[v, five]);
        fb.construct(vec_ty(ScalarKind::Uint, 2), &[first, at])
    });
    let got = run_wave(&m, 8, 2, 32);
    assert_eq!(got, [0, 50].repeat(8));
}

#[test]
fn wave_is_first_lane_among_active_lanes() {
    // if (idx >= 3) out = WaveIsFirstLane() ? 1 : 2;  (else 0)
    let mut k = Kernel::new([8, 1, 1]);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 0);
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let three = fb.uint(3);
        let c = fb.compare(Opcode::Ge, idx, three);
        if_then(fb, c, |fb| {
            let first = fb.call_intrinsic(Intrinsic::WaveIsFirstLane, Type::BOOL, &[]);
            let (one, two) = (fb.uint(1), fb.uint(2));
            let v = fb.select(first, one, two);
            store_at(fb, out, idx, v);
        });
    });
    let m = k.finish();
    assert_eq!(run_wave(&m, 8, 1, 32), [0, 0, 0, 1, 2, 2, 2, 2]);
}

#[test]
fn lanes_reconverge_after_a_branch() {
    // if (idx < 4) a = WaveActiveCountBits(true); b = WaveActiveCountBits(true); out = a*100+b
    let mut k = Kernel::new([16, 1, 1]);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 0);
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let a = fb.alloca(Type::UINT, "a");
        let zero = fb.uint(0);
        fb.store(a, zero);
        let four = fb.uint(4);
        let c = fb.compare(Opcode::Lt, idx, four);
        if_then(fb, c, |fb| {
            let t = fb.bool(true);
            let n = fb.call_intrinsic(Intrinsic::WaveActiveCountBits, Type::UINT, &[t]);
            fb.store(a, n);
        });
        let t = fb.bool(true);
        let b = fb.call_intrinsic(Intrinsic::WaveActiveCountBits, Type::UINT, &[t]);
        let av = fb.load(a);
        let hundred = fb.uint(100);
        let a100 = fb.binary(Opcode::Mul, av, hundred);
        let v = fb.binary(Opcode::Add, a100, b);
        store_at(fb, out, idx, v);
    });
    let m = k.finish();
    let want: Vec<u32> = (0..16).map(|i| if i < 4 { 416 } else { 16 }).collect();
    assert_eq!(run_wave(&m, 16, 1, 32), want);
}

#[test]
fn wave_count_bits_and_prefix_count_bits() {
    let m = wave_kernel(10, vec_ty(ScalarKind::Uint, 2), |fb, idx| {
        let three = fb.uint(3);
        let r = fb.binary(Opcode::Rem, idx, three);
        let zero = fb.uint(0);
        let c = fb.compare(Opcode::Eq, r, zero);
        let all = fb.call_intrinsic(Intrinsic::WaveActiveCountBits, Type::UINT, &[c]);
        let pre = fb.call_intrinsic(Intrinsic::WavePrefixCountBits, Type::UINT, &[c]);
        fb.construct(vec_ty(ScalarKind::Uint, 2), &[all, pre])
    });
    let got = run_wave(&m, 10, 2, 32);
    let want: Vec<u32> = (0..10u32)
        .flat_map(|i| [4, (0..i).filter(|j| j % 3 == 0).count() as u32])
        .collect();
    assert_eq!(got, want);
}

#[test]
fn wave_any_all_and_all_equal() {
    let m = wave_kernel(8, vec_ty(ScalarKind::Uint, 4), |fb, idx| {
        let seven = fb.uint(7);
        let is7 = fb.compare(Opcode::Eq, idx, seven);
        let any = fb.call_intrinsic(Intrinsic::WaveActiveAnyTrue, Type::BOOL, &[is7]);
        let all = fb.call_intrinsic(Intrinsic::WaveActiveAllTrue, Type::BOOL, &[is7]);
        let k5 = fb.uint(5);
        let eq_const = fb.call_intrinsic(Intrinsic::WaveActiveAllEqual, Type::BOOL, &[k5]);
        let eq_idx = fb.call_intrinsic(Intrinsic::WaveActiveAllEqual, Type::BOOL, &[idx]);
        let parts: Vec<Value> = [any, all, eq_const, eq_idx]
            .into_iter()
            .map(|b| fb.convert(b, Type::UINT))
            .collect();
        fb.construct(vec_ty(ScalarKind::Uint, 4), &parts)
    });
    assert_eq!(run_wave(&m, 8, 4, 32), [1, 0, 1, 0].repeat(8));
}

#[test]
fn wave_min_max_and_bit_reductions() {
    let m = wave_kernel(12, vec_ty(ScalarKind::Int, 4), |fb, idx| {
        let ii = fb.convert(idx, Type::INT);
        let six = fb.int(6);
        let v = fb.binary(Opcode::Sub, ii, six); // -6 ..= 5
        let mn = fb.call_intrinsic(Intrinsic::WaveActiveMin, Type::INT, &[v]);
        let mx = fb.call_intrinsic(Intrinsic::WaveActiveMax, Type::INT, &[v]);
        let or = fb.call_intrinsic(Intrinsic::WaveActiveBitOr, Type::INT, &[ii]);
        let xor = fb.call_intrinsic(Intrinsic::WaveActiveBitXor, Type::INT, &[ii]);
        fb.construct(vec_ty(ScalarKind::Int, 4), &[mn, mx, or, xor])
    });
    let xor = (0..12u32).fold(0, |a, b| a ^ b);
    let or = (0..12u32).fold(0, |a, b| a | b);
    assert_eq!(
        run_wave(&m, 12, 4, 32),
        [(-6i32) as u32, 5, or, xor].repeat(12)
    );
}

#[test]
fn wave_float_sum_and_bit_and() {
    let m = wave_kernel(4, vec_ty(ScalarKind::Uint, 2), |fb, idx| {
        let fl = fb.convert(idx, Type::FLOAT);
        let half = fb.float(0.5);
        let v = fb.binary(Opcode::Add, fl, half);
        let s = fb.call_intrinsic(Intrinsic::WaveActiveSum, Type::FLOAT, &[v]);
        let su = fb.bitcast(s, Type::UINT);
        let fifteen = fb.uint(0b1111);
        let sh = fb.binary(Opcode::Shr, fifteen, idx);
        let and = fb.call_intrinsic(Intrinsic::WaveActiveBitAnd, Type::UINT, &[sh]);
        fb.construct(vec_ty(ScalarKind::Uint, 2), &[su, and])
    });
    assert_eq!(run_wave(&m, 4, 2, 32), [8.0f32.to_bits(), 0b0001].repeat(4));
}

#[test]
fn quad_reads() {
    let m = wave_kernel(8, vec_ty(ScalarKind::Uint, 4), |fb, idx| {
        let x = fb.call_intrinsic(Intrinsic::QuadReadAcrossX, Type::UINT, &[idx]);
        let y = fb.call_intrinsic(Intrinsic::QuadReadAcrossY, Type::UINT, &[idx]);
        let dg = fb.call_intrinsic(Intrinsic::QuadReadAcrossDiagonal, Type::UINT, &[idx]);
        let two = fb.uint(2);
        let at = fb.call_intrinsic(Intrinsic::QuadReadLaneAt, Type::UINT, &[idx, two]);
        fb.construct(vec_ty(ScalarKind::Uint, 4), &[x, y, dg, at])
    });
    let want: Vec<u32> = (0..8u32)
        .flat_map(|i| [i ^ 1, i ^ 2, i ^ 3, (i & !3) + 2])
        .collect();
    assert_eq!(run_wave(&m, 8, 4, 32), want);
}

#[test]
fn wave_read_of_an_inactive_lane_is_zero_and_reported() {
    let mut k = Kernel::new([4, 1, 1]);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 0);
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let two = fb.uint(2);
        let c = fb.compare(Opcode::Lt, idx, two);
        if_then(fb, c, |fb| {
            let three = fb.uint(3);
            let hundred = fb.uint(100);
            let v = fb.binary(Opcode::Add, idx, hundred);
            let r = fb.call_intrinsic(Intrinsic::WaveReadLaneAt, Type::UINT, &[v, three]);
            store_at(fb, out, idx, r);
        });
    });
    let m = k.finish();
    let mut rec = Recorder::default();
    let (res, _) = run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![buf(0, bytes_u32(&[9; 4]))],
        Some(&mut rec),
    )
    .unwrap();
    assert_eq!(u32s(&res[0].data), [0, 0, 9, 9]);
    assert_eq!(rec.robustness.len(), 2);
}

// Hooks.

#[test]
fn hooks_see_every_invocation_and_instruction() {
    let mut k = Kernel::new([4, 1, 1]);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 0);
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let two = fb.uint(2);
        let v = fb.binary(Opcode::Mul, idx, two);
        store_at(fb, out, idx, v);
    });
    let m = k.finish();
    let mut rec = Recorder::default();
    let (_, stats) = run_with(
        &m,
        [2, 1, 1],
        &RunOptions::default(),
        vec![buf(0, vec![0; 16])],
        Some(&mut rec),
    )
    .unwrap();
    assert_eq!(rec.begins.len(), 8);
    assert_eq!(rec.ends.len(), 8);
    // load, mul, access_chain, store, ret per invocation.
    assert_eq!(rec.instructions.len(), 40);
    assert_eq!(stats.instructions, 40);
    assert_eq!(stats.invocations, 8);
    // The mul results are 0, 2, 4, 6 in each group.
    let f = &m.functions[m.entry_points[0].function];
    let mul = f.blocks[f.layout[0]].insts[1];
    let mut muls: Vec<u64> = rec
        .instructions
        .iter()
        .filter(|(_, i, _)| *i == mul)
        .map(|(_, _, r)| r[0])
        .collect();
    muls.sort_unstable();
    assert_eq!(muls, [0, 0, 2, 2, 4, 4, 6, 6]);
}

#[test]
fn hooks_see_memory_accesses_with_space_and_offset() {
    let mut k = Kernel::new([1, 1, 1]);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 0);
    let s = k.mb.groupshared("s", Type::UINT);
    k.body(|fb| {
        let seven = fb.uint(7);
        fb.store(Value::Global(s), seven);
        let v = fb.load(Value::Global(s));
        let three = fb.int(3);
        store_at(fb, out, three, v);
    });
    let m = k.finish();
    let mut rec = Recorder::default();
    run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![buf(0, vec![0; 16])],
        Some(&mut rec),
    )
    .unwrap();
    let summary: Vec<(AccessKind, AddressSpace, u64, u32)> = rec
        .accesses
        .iter()
        .map(|a| (a.kind, a.space, a.offset, a.size))
        .collect();
    assert_eq!(
        summary,
        [
            (AccessKind::Write, AddressSpace::Workgroup, 0, 4),
            (AccessKind::Read, AddressSpace::Workgroup, 0, 4),
            (AccessKind::Write, AddressSpace::StorageBuffer, 12, 4),
        ]
    );
}

#[test]
fn hooks_see_phi_results_on_block_entry() {
    let mut k = Kernel::new([1, 1, 1]);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 0);
    k.body(|fb| {
        let three = fb.uint(3);
        counted_loop(fb, three, |_, _| {});
        let z = fb.int(0);
        let v = fb.uint(1);
        store_at(fb, out, z, v);
    });
    let m = k.finish();
    let f = &m.functions[m.entry_points[0].function];
    let header = f.layout[1];
    let phi = f.blocks[header].insts[0];
    let mut rec = Recorder::default();
    run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![buf(0, vec![0; 4])],
        Some(&mut rec),
    )
    .unwrap();
    let seen: Vec<u64> = rec
        .instructions
        .iter()
        .filter(|(_, i, _)| *i == phi)
        .map(|(_, _, r)| r[0])
        .collect();
    assert_eq!(seen, [0, 1, 2, 3]);
}

#[test]
fn hooks_compose() {
    let mut k = Kernel::new([2, 1, 1]);
    k.body(|_| {});
    let m = k.finish();
    let (mut a, mut b) = (Recorder::default(), Recorder::default());
    let mut both = interp::Hooks(vec![&mut a, &mut b]);
    run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![],
        Some(&mut both),
    )
    .unwrap();
    drop(both);
    assert_eq!((a.begins.len(), b.ends.len()), (2, 2));
}

#[test]
fn wave_all_equal_of_a_vector_to_a_scalar() {
    let m = wave_kernel(4, Type::UINT, |fb, idx| {
        let one = fb.uint(1);
        let v = fb.construct(vec_ty(ScalarKind::Uint, 2), &[one, idx]);
        let eq = fb.call_intrinsic(Intrinsic::WaveActiveAllEqual, Type::BOOL, &[v]);
        fb.convert(eq, Type::UINT)
    });
    assert_eq!(run_wave(&m, 4, 1, 32), [0, 0, 0, 0]);
}

#[test]
fn wave_operation_inside_a_called_function() {
    let mut k = Kernel::new([8, 1, 1]);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 0);
    let gi = index(&mut k);
    let f = k.mb.declare_function("total", vec![Type::UINT], Type::UINT);
    {
        let mut fb = k.mb.function(f);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let x = fb.arg(0);
        let s = fb.call_intrinsic(Intrinsic::WaveActiveSum, Type::UINT, &[x]);
        fb.ret(Some(s));
    }
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let s = fb.call(f, &[idx]);
        store_at(fb, out, idx, s);
    });
    let m = k.finish();
    assert_eq!(run_wave(&m, 8, 1, 32), [28; 8]);
}

#[test]
fn subgroup_builtins_follow_the_wave_size() {
    let mut k = Kernel::new([8, 1, 1]);
    let out = k.resource("Out", rw_structured(vec_ty(ScalarKind::Uint, 2)), 0, 0);
    let gi = index(&mut k);
    let lane = k.builtin(BuiltIn::SubgroupLocalInvocationId, Type::UINT);
    let size = k.builtin(BuiltIn::SubgroupSize, Type::UINT);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let l = load_global(fb, lane);
        let s = load_global(fb, size);
        let v = fb.construct(vec_ty(ScalarKind::Uint, 2), &[l, s]);
        store_at(fb, out, idx, v);
    });
    let m = k.finish();
    let want: Vec<u32> = (0..8).flat_map(|i| [i % 4, 4]).collect();
    assert_eq!(run_wave(&m, 8, 2, 4), want);
}

#[test]
fn memory_only_barriers_do_not_synchronize() {
    // GroupMemoryBarrier() inside divergent control flow is fine: it has no GROUP_SYNC.
    let mut k = Kernel::new([4, 1, 1]);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 0);
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let two = fb.uint(2);
        let low = fb.compare(Opcode::Lt, idx, two);
        if_then(fb, low, |fb| {
            fb.barrier(BarrierFlags::WORKGROUP_MEMORY);
        });
        store_at(fb, out, idx, idx);
    });
    let m = k.finish();
    let (res, stats) = run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![buf(0, vec![0; 16])],
        None,
    )
    .unwrap();
    assert_eq!(u32s(&res[0].data), [0, 1, 2, 3]);
    assert_eq!(stats.barriers, 0);
}

#[test]
fn non_atomic_updates_race_under_fine_interleaving() {
    // s = s + 1 from two invocations without atomics: with one instruction per turn both
    // read 0 before either writes (a lost update); running each to the end gives 2.
    let mut k = Kernel::new([2, 1, 1]);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 0);
    k.body(|fb| {
        let z = fb.int(0);
        let p = fb.access_chain(Value::Global(out), &[z]);
        let v = fb.load(p);
        let one = fb.uint(1);
        let v1 = fb.binary(Opcode::Add, v, one);
        fb.store(p, v1);
    });
    let m = k.finish();
    let result = |quantum| {
        let options = RunOptions {
            quantum,
            ..RunOptions::default()
        };
        let (res, _) = run_with(&m, [1, 1, 1], &options, vec![buf(0, vec![0; 4])], None).unwrap();
        u32s(&res[0].data)[0]
    };
    assert_eq!(result(1), 1);
    assert_eq!(result(1000), 2);
}

#[test]
fn wave_prefix_sum_of_floats_rounds_in_lane_order() {
    // 2^24, then 1s: each partial sum rounds in float (2^24 + 1 = 2^24).
    let m = wave_kernel(4, Type::UINT, |fb, idx| {
        let zero = fb.uint(0);
        let first = fb.compare(Opcode::Eq, idx, zero);
        let (big, one) = (fb.float(16_777_216.0), fb.float(1.0));
        let v = fb.select(first, big, one);
        let s = fb.call_intrinsic(Intrinsic::WavePrefixSum, Type::FLOAT, &[v]);
        fb.bitcast(s, Type::UINT)
    });
    let want = [0.0f32, 16_777_216.0, 16_777_216.0, 16_777_216.0].map(f32::to_bits);
    assert_eq!(run_wave(&m, 4, 1, 32), want);
}

#[test]
fn int64_atomic_min_is_signed() {
    let i64t = Type::Scalar(ScalarKind::Int64);
    let mut k = Kernel::new([3, 1, 1]);
    let b = k.resource("B", rw_structured(i64t.clone()), 0, 0);
    let gi = index(&mut k);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let wide = fb.convert(idx, i64t.clone());
        let big = fb.constant(ir::Constant::int64(-(1 << 40)));
        let v = fb.binary(Opcode::Mul, wide, big);
        let z = fb.int(0);
        let p = fb.access_chain(Value::Global(b), &[z]);
        fb.atomic_rmw(AtomicOp::Min, i64t.clone(), &[p], v);
    });
    let m = k.finish();
    let res = run(&m, [1, 1, 1], vec![buf(0, vec![0; 8])]);
    assert_eq!(
        i64::from_le_bytes(res[0].data[..8].try_into().unwrap()),
        -(2i64 << 40)
    );
}

#[test]
fn wave_ops_on_vectors_are_componentwise() {
    let m = wave_kernel(4, vec_ty(ScalarKind::Uint, 2), |fb, idx| {
        let ten = fb.uint(10);
        let t = fb.binary(Opcode::Mul, idx, ten);
        let v = fb.construct(vec_ty(ScalarKind::Uint, 2), &[idx, t]);
        let s = fb.call_intrinsic(Intrinsic::WaveActiveSum, vec_ty(ScalarKind::Uint, 2), &[v]);
        let two = fb.uint(2);
        let at = fb.call_intrinsic(
            Intrinsic::WaveReadLaneAt,
            vec_ty(ScalarKind::Uint, 2),
            &[v, two],
        );
        fb.binary(Opcode::Add, s, at)
    });
    assert_eq!(run_wave(&m, 4, 2, 32), [6 + 2, 60 + 20].repeat(4));
}
