//! Helpers shared by the interpreter's tests: build one-entry compute modules with `ir`'s
//! builder (verified before running), run them, and decode output buffers with the GPU's
//! byte layout written out here independently of the interpreter.

#![allow(dead_code)]

use interp::{
    dispatch, Bindings, Hook, InstructionEvent, InvocationId, MemoryAccess, Program,
    ProgramOptions, Resource, RobustnessEvent, RunError, RunOptions, RunStats,
};
use ir::types::{ResourceType, ScalarKind, StructField, StructType, StructuredKind, Type};
use ir::{
    BuiltIn, Constant, EntryPoint, Func, FunctionBuilder, Global, Module, ModuleBuilder, Stage,
    StageBinding, Value,
};

#[allow(unused_imports)]
pub use ir::types;
#[allow(unused_imports)]
pub use ir::{AtomicOp, BarrierFlags, Intrinsic, Opcode};

pub fn rw_structured(element: Type) -> Type {
    Type::resource(ResourceType::StructuredBuffer {
        kind: StructuredKind::ReadWrite,
        element,
    })
}

pub fn structured(element: Type) -> Type {
    Type::resource(ResourceType::StructuredBuffer {
        kind: StructuredKind::ReadOnly,
        element,
    })
}

pub fn structure(name: &str, fields: &[(&str, Type)]) -> Type {
    Type::structure(StructType {
        name: name.to_owned(),
        fields: fields
            .iter()
            .map(|(n, t)| StructField::new(*n, t.clone()))
            .collect(),
    })
}

pub fn vec_ty(k: ScalarKind, n: u8) -> Type {
    Type::vector(k, n)
}

/// A module under construction with one entry function `main`.
pub struct Kernel {
    pub mb: ModuleBuilder,
    pub main: Func,
    pub inputs: Vec<Global>,
    pub size: [u32; 3],
}

impl Kernel {
    pub fn new(size: [u32; 3]) -> Kernel {
        let mut mb = ModuleBuilder::new();
        let main = mb.declare_function("main", vec![], Type::Void);
        Kernel {
            mb,
            main,
            inputs: Vec::new(),
            size,
        }
    }

    /// A built-in input (`SV_GroupIndex` is `LocalInvocationIndex`).
    pub fn builtin(&mut self, b: BuiltIn, ty: Type) -> Global {
        let g = self.mb.input(b.name(), ty, StageBinding::BuiltIn(b));
        self.inputs.push(g);
        g
    }

    pub fn resource(&mut self, name: &str, ty: Type, set: u32, binding: u32) -> Global {
        self.mb.resource(name, ty, set, binding)
    }

    /// Builds `main`'s body: `body` gets a builder positioned in the entry block and must
    /// end every block it creates; a `ret` is appended to the block it leaves current.
    pub fn body(&mut self, body: impl FnOnce(&mut FunctionBuilder<'_>)) {
        let mut fb = self.mb.function(self.main);
        let entry = fb.create_block("entry");
        fb.switch_to_block(entry);
        body(&mut fb);
        fb.ret(None);
    }

    pub fn finish(mut self) -> Module {
        self.mb.entry_point(EntryPoint {
            name: "main".to_owned(),
            stage: Stage::Compute,
            function: self.main,
            inputs: self.inputs,
            outputs: Vec::new(),
            workgroup_size: Some(self.size),
            modes: Vec::new(),
        });
        let m = self.mb.finish();
        verified(m)
    }
}

/// Asserts that `m` verifies.
pub fn verified(m: Module) -> Module {
    let errors = ir::verify(&m);
    assert!(
        errors.is_empty(),
        "verifier errors:\n{}\n\n{}",
        errors
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        ir::print_module(&m)
    );
    m
}

/// Records every hook event.
#[derive(Default)]
pub struct Recorder {
    pub begins: Vec<InvocationId>,
    pub ends: Vec<InvocationId>,
    pub instructions: Vec<(ir::Func, ir::Inst, Vec<u64>)>,
    pub accesses: Vec<MemoryAccess>,
    pub barriers: Vec<([u32; 3], u32)>,
    pub robustness: Vec<RobustnessEvent>,
}

impl Hook for Recorder {
    fn invocation_begin(&mut self, inv: InvocationId) {
        self.begins.push(inv);
    }
    fn invocation_end(&mut self, inv: InvocationId) {
        self.ends.push(inv);
    }
    fn instruction(&mut self, e: &InstructionEvent<'_>) {
        self.instructions.push((e.func, e.inst, e.result.to_vec()));
    }
    fn memory_access(&mut self, _inv: InvocationId, a: &MemoryAccess) {
        self.accesses.push(*a);
    }
    fn barrier(&mut self, group: [u32; 3], n: u32) {
        self.barriers.push((group, n));
    }
    fn robustness(&mut self, _inv: InvocationId, e: &RobustnessEvent) {
        self.robustness.push(e.clone());
    }
}

/// A resource to bind at (set 0, binding).
pub struct Bound {
    pub binding: u32,
    pub res: Resource,
}

pub fn buf(binding: u32, data: Vec<u8>) -> Bound {
    Bound {
        binding,
        res: Resource::buffer(data),
    }
}

/// Runs `m` with resources bound at set 0; returns the resources afterwards and the stats.
pub fn run_with(
    m: &Module,
    groups: [u32; 3],
    options: &RunOptions,
    bound: Vec<Bound>,
    hook: Option<&mut dyn Hook>,
) -> Result<(Vec<Resource>, RunStats), RunError> {
    let program = Program::new(m, "main", &ProgramOptions::default())?;
    let mut bindings = Bindings::new(&program);
    let ids: Vec<u32> = bound.iter().map(|b| b.binding).collect();
    for b in bound {
        bindings.bind(&program, 0, b.binding, 0, b.res)?;
    }
    let stats = dispatch(&program, &mut bindings, groups, options, hook)?;
    let out = ids
        .iter()
        .map(|&b| bindings.get(&program, 0, b).cloned().unwrap_or_default())
        .collect();
    Ok((out, stats))
}

pub fn run(m: &Module, groups: [u32; 3], bound: Vec<Bound>) -> Vec<Resource> {
    run_with(m, groups, &RunOptions::default(), bound, None)
        .unwrap_or_else(|e| panic!("run failed: {e}"))
        .0
}

/// Byte size of a component in a buffer (bools are words), written out independently.
pub fn comp_size(k: ScalarKind) -> usize {
    match k {
        ScalarKind::Int16 | ScalarKind::Uint16 | ScalarKind::Float16 => 2,
        ScalarKind::Int64 | ScalarKind::Uint64 | ScalarKind::Double => 8,
        _ => 4,
    }
}

/// Components of a packed scalar or vector in little-endian bytes.
pub fn decode(bytes: &[u8], k: ScalarKind, n: usize) -> Vec<u64> {
    let s = comp_size(k);
    (0..n)
        .map(|i| {
            let mut b = [0u8; 8];
            b[..s].copy_from_slice(&bytes[i * s..(i + 1) * s]);
            let v = u64::from_le_bytes(b);
            if k == ScalarKind::Bool {
                (v != 0) as u64
            } else {
                v
            }
        })
        .collect()
}

pub fn u32s(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

pub fn i32s(bytes: &[u8]) -> Vec<i32> {
    u32s(bytes).into_iter().map(|v| v as i32).collect()
}

pub fn f32s(bytes: &[u8]) -> Vec<f32> {
    u32s(bytes).into_iter().map(f32::from_bits).collect()
}

pub fn bytes_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn bytes_f32(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Runs a one-invocation kernel that stores the value `body` computes (a scalar or vector
/// of type `ty`) to `Out[0]`; returns its components and the robustness events.
pub fn eval_events(
    ty: Type,
    body: impl FnOnce(&mut FunctionBuilder<'_>) -> Value,
) -> (Vec<u64>, Vec<RobustnessEvent>) {
    let (k, n) = match ty {
        Type::Scalar(k) => (k, 1),
        Type::Vector(k, n) => (k, n as usize),
        ref t => panic!("eval stores scalars and vectors, not {t}"),
    };
    let mut kernel = Kernel::new([1, 1, 1]);
    let out = kernel.resource("Out", rw_structured(ty.clone()), 0, 0);
    kernel.body(|fb| {
        let v = body(fb);
        let zero = fb.int(0);
        let p = fb.access_chain(Value::Global(out), &[zero]);
        fb.store(p, v);
    });
    let m = kernel.finish();
    let mut rec = Recorder::default();
    let (res, _) = run_with(
        &m,
        [1, 1, 1],
        &RunOptions::default(),
        vec![buf(0, vec![0; comp_size(k) * n])],
        Some(&mut rec),
    )
    .unwrap_or_else(|e| panic!("run failed: {e}"));
    (decode(&res[0].data, k, n), rec.robustness)
}

pub fn eval(ty: Type, body: impl FnOnce(&mut FunctionBuilder<'_>) -> Value) -> Vec<u64> {
    eval_events(ty, body).0
}

/// `a op b` on two constants; returns the result's components.
pub fn binary(op: Opcode, a: Constant, b: Constant) -> Vec<u64> {
    let ty = if op.is_comparison() {
        a.ty.with_scalar_kind(ScalarKind::Bool).unwrap()
    } else {
        a.ty.clone()
    };
    eval(ty, |fb| {
        let (a, b) = (fb.constant(a), fb.constant(b));
        if op.is_comparison() {
            fb.compare(op, a, b)
        } else {
            fb.binary(op, a, b)
        }
    })
}

pub fn binary1(op: Opcode, a: Constant, b: Constant) -> u64 {
    binary(op, a, b)[0]
}

/// An intrinsic of result type `ty` on constant operands.
pub fn intrinsic(which: Intrinsic, ty: Type, args: Vec<Constant>) -> Vec<u64> {
    eval(ty.clone(), |fb| {
        let vals: Vec<Value> = args.into_iter().map(|c| fb.constant(c)).collect();
        fb.call_intrinsic(which, ty, &vals)
    })
}

/// A vector constant added to the module of `fb`.
pub fn vconst(fb: &mut FunctionBuilder<'_>, parts: Vec<Constant>) -> Value {
    fb.module_builder().const_vector(parts)
}

pub fn f(v: f32) -> Constant {
    Constant::float(v)
}

pub fn d(v: f64) -> Constant {
    Constant::double(v)
}

pub fn i(v: i32) -> Constant {
    Constant::int(v)
}

pub fn u(v: u32) -> Constant {
    Constant::uint(v)
}

/// A `float16_t` constant from its bits.
pub fn h(bits: u16) -> Constant {
    Constant::scalar(ScalarKind::Float16, bits as u64)
}

/// Intrinsic on vector operands given as component lists (each `Vec` becomes one operand:
/// a scalar when it has one component).
pub fn intrinsic_v(which: Intrinsic, ty: Type, args: Vec<Vec<Constant>>) -> Vec<u64> {
    eval(ty.clone(), |fb| {
        let vals: Vec<Value> = args
            .into_iter()
            .map(|parts| {
                if parts.len() == 1 {
                    fb.constant(parts.into_iter().next().unwrap())
                } else {
                    vconst(fb, parts)
                }
            })
            .collect();
        fb.call_intrinsic(which, ty, &vals)
    })
}

pub fn fbits(v: f32) -> u64 {
    v.to_bits() as u64
}

pub fn as_f32(bits: u64) -> f32 {
    f32::from_bits(bits as u32)
}

pub fn as_f32s(bits: &[u64]) -> Vec<f32> {
    bits.iter().map(|&b| as_f32(b)).collect()
}

pub fn struct_field(name: &str, ty: Type) -> StructField {
    StructField::new(name, ty)
}

/// Builds `for (uint i = 0; i < count; i++) body(i)` in SSA form (the counter is a phi) with
/// a loop marker; leaves the builder in the loop's merge block.
pub fn counted_loop(
    fb: &mut FunctionBuilder<'_>,
    count: Value,
    body: impl FnOnce(&mut FunctionBuilder<'_>, Value),
) {
    let entry = fb.current_block().expect("a current block");
    let header = fb.create_block("header");
    let check = fb.create_block("check");
    let body_block = fb.create_block("body");
    let cont = fb.create_block("continue");
    let merge = fb.create_block("merge");
    fb.br(header);
    fb.switch_to_block(header);
    let zero = fb.uint(0);
    let i = fb.phi(Type::UINT, &[(zero, entry), (zero, cont)]);
    fb.mark_loop(header, merge, cont, None);
    fb.br(check);
    fb.switch_to_block(check);
    let c = fb.compare(Opcode::Lt, i, count);
    fb.cond_br(c, body_block, merge);
    fb.switch_to_block(body_block);
    body(fb, i);
    fb.br(cont);
    fb.switch_to_block(cont);
    let one = fb.uint(1);
    let next = fb.binary(Opcode::Add, i, one);
    fb.br(header);
    if let Value::Inst(phi) = i {
        fb.function_mut().insts[phi].operands[1] = next;
    }
    fb.switch_to_block(merge);
}

/// `if (cond) then()`, with a selection marker; leaves the builder in the merge block.
pub fn if_then(
    fb: &mut FunctionBuilder<'_>,
    cond: Value,
    then: impl FnOnce(&mut FunctionBuilder<'_>),
) {
    let header = fb.current_block().expect("a current block");
    let t = fb.create_block("then");
    let merge = fb.create_block("endif");
    fb.mark_selection(header, merge, None);
    fb.cond_br(cond, t, merge);
    fb.switch_to_block(t);
    then(fb);
    fb.br(merge);
    fb.switch_to_block(merge);
}

/// `Out[index] = value` for a structured buffer global.
pub fn store_at(fb: &mut FunctionBuilder<'_>, buffer: Global, index: Value, value: Value) {
    let p = fb.access_chain(Value::Global(buffer), &[index]);
    fb.store(p, value);
}

/// Loads a built-in input.
pub fn load_global(fb: &mut FunctionBuilder<'_>, g: Global) -> Value {
    fb.load(Value::Global(g))
}
