//! Interpreted instructions per second on one core for loop-heavy kernels: a hash loop in SSA
//! form (phis) and the same loop in memory form (allocas, loads, stores), and a `float`
//! multiply-add loop (the 32-bit denormal flushing around float arithmetic). Run with
//! `cargo bench -p interp`; divan reports items (instructions) per second.

use divan::counter::ItemsCount;
use divan::Bencher;
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};
use ir::types::{ResourceType, StructuredKind, Type};
use ir::{EntryPoint, ModuleBuilder, Opcode, Stage, Value};

const ITERATIONS: u32 = 100_000;

/// `uint acc = 1; for (uint i = 0; i < N; i++) { acc = acc * 1664525 + i; acc ^= acc >> 13; }
/// Out[0] = acc;` with the loop state in phis (`ssa`) or in allocas.
fn kernel(ssa: bool) -> ir::Module {
    let mut mb = ModuleBuilder::new();
    let out_ty = Type::resource(ResourceType::StructuredBuffer {
        kind: StructuredKind::ReadWrite,
        element: Type::UINT,
    });
    let out = mb.resource("Out", out_ty, 0, 0);
    let main = mb.declare_function("main", vec![], Type::Void);
    let mut fb = mb.function(main);
    let entry = fb.create_block("entry");
    let header = fb.create_block("header");
    let check = fb.create_block("check");
    let body = fb.create_block("body");
    let merge = fb.create_block("merge");
    fb.switch_to_block(entry);
    let (zero, one) = (fb.uint(0), fb.uint(1));
    let vars = (!ssa).then(|| {
        let i = fb.alloca(Type::UINT, "i");
        let acc = fb.alloca(Type::UINT, "acc");
        fb.store(i, zero);
        fb.store(acc, one);
        (i, acc)
    });
    fb.br(header);
    fb.switch_to_block(header);
    let phis = ssa.then(|| {
        let i = fb.phi(Type::UINT, &[(zero, entry), (zero, body)]);
        let acc = fb.phi(Type::UINT, &[(one, entry), (one, body)]);
        (i, acc)
    });
    fb.mark_loop(header, merge, body, None);
    fb.br(check);
    fb.switch_to_block(check);
    let (i, acc) = match (phis, vars) {
        (Some(p), _) => p,
        (None, Some((pi, pa))) => (fb.load(pi), fb.load(pa)),
        _ => unreachable!(),
    };
    let n = fb.uint(ITERATIONS);
    let c = fb.compare(Opcode::Lt, i, n);
    fb.cond_br(c, body, merge);
    fb.switch_to_block(body);
    let k = fb.uint(1_664_525);
    let m = fb.binary(Opcode::Mul, acc, k);
    let a1 = fb.binary(Opcode::Add, m, i);
    let thirteen = fb.uint(13);
    let s = fb.binary(Opcode::Shr, a1, thirteen);
    let a2 = fb.binary(Opcode::BitXor, a1, s);
    let i1 = fb.binary(Opcode::Add, i, one);
    match (phis, vars) {
        (Some((pi, pa)), _) => {
            for (phi, v) in [(pi, i1), (pa, a2)] {
                if let Value::Inst(h) = phi {
                    fb.function_mut().insts[h].operands[1] = v;
                }
            }
        }
        (None, Some((pi, pa))) => {
            fb.store(pi, i1);
            fb.store(pa, a2);
        }
        _ => unreachable!(),
    }
    fb.br(header);
    fb.switch_to_block(merge);
    let z = fb.int(0);
    let p = fb.access_chain(Value::Global(out), &[z]);
    fb.store(p, acc);
    fb.ret(None);
    mb.entry_point(EntryPoint {
        name: "main".to_owned(),
        stage: Stage::Compute,
        function: main,
        inputs: vec![],
        outputs: vec![],
        workgroup_size: Some([1, 1, 1]),
        modes: Vec::new(),
    });
    let module = mb.finish();
    assert!(ir::verify(&module).is_empty());
    module
}

/// `float acc = 1; for (uint i = 0; i < N; i++) acc = acc * 0.999 + 0.001; Out[0] = acc;`
/// in SSA form.
fn float_kernel() -> ir::Module {
    let mut mb = ModuleBuilder::new();
    let out_ty = Type::resource(ResourceType::StructuredBuffer {
        kind: StructuredKind::ReadWrite,
        element: Type::FLOAT,
    });
    let out = mb.resource("Out", out_ty, 0, 0);
    let main = mb.declare_function("main", vec![], Type::Void);
    let mut fb = mb.function(main);
    let entry = fb.create_block("entry");
    let header = fb.create_block("header");
    let check = fb.create_block("check");
    let body = fb.create_block("body");
    let merge = fb.create_block("merge");
    fb.switch_to_block(entry);
    let (zero, one, fone) = (fb.uint(0), fb.uint(1), fb.float(1.0));
    fb.br(header);
    fb.switch_to_block(header);
    let i = fb.phi(Type::UINT, &[(zero, entry), (zero, body)]);
    let acc = fb.phi(Type::FLOAT, &[(fone, entry), (fone, body)]);
    fb.mark_loop(header, merge, body, None);
    fb.br(check);
    fb.switch_to_block(check);
    let n = fb.uint(ITERATIONS);
    let c = fb.compare(Opcode::Lt, i, n);
    fb.cond_br(c, body, merge);
    fb.switch_to_block(body);
    let (k, d) = (fb.float(0.999), fb.float(0.001));
    let m = fb.binary(Opcode::Mul, acc, k);
    let a2 = fb.binary(Opcode::Add, m, d);
    let i1 = fb.binary(Opcode::Add, i, one);
    for (phi, v) in [(i, i1), (acc, a2)] {
        if let Value::Inst(h) = phi {
            fb.function_mut().insts[h].operands[1] = v;
        }
    }
    fb.br(header);
    fb.switch_to_block(merge);
    let z = fb.int(0);
    let p = fb.access_chain(Value::Global(out), &[z]);
    fb.store(p, acc);
    fb.ret(None);
    mb.entry_point(EntryPoint {
        name: "main".to_owned(),
        stage: Stage::Compute,
        function: main,
        inputs: vec![],
        outputs: vec![],
        workgroup_size: Some([1, 1, 1]),
        modes: Vec::new(),
    });
    let module = mb.finish();
    assert!(ir::verify(&module).is_empty());
    module
}

fn bench_kernel(b: Bencher<'_, '_>, ssa: bool) {
    bench_module(b, kernel(ssa));
}

fn bench_module(b: Bencher<'_, '_>, module: ir::Module) {
    let program = Program::new(&module, "main", &ProgramOptions::default()).unwrap();
    let options = RunOptions {
        quantum: u64::MAX,
        ..RunOptions::default()
    };
    let run = || {
        let mut bindings = Bindings::new(&program);
        bindings
            .bind(&program, 0, 0, 0, Resource::buffer(vec![0; 4]))
            .unwrap();
        dispatch(&program, &mut bindings, [1, 1, 1], &options, None).unwrap()
    };
    let executed = run().instructions;
    b.counter(ItemsCount::new(executed as usize))
        .bench_local(run);
}

#[divan::bench]
fn ssa_loop(b: Bencher<'_, '_>) {
    bench_kernel(b, true);
}

#[divan::bench]
fn memory_loop(b: Bencher<'_, '_>) {
    bench_kernel(b, false);
}

#[divan::bench]
fn float_loop(b: Bencher<'_, '_>) {
    bench_module(b, float_kernel());
}

fn main() {
    divan::main();
}
