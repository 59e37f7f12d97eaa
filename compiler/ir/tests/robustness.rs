//! The verifier, printer and CFG analyses must never panic: random garbage modules built
//! from a fixed-seed generator go through all of them.

use ir::types::{AddressSpace, ResourceType, ScalarKind, TextureAccess, TextureDim, Type};
use ir::{
    AtomicOp, BarrierFlags, Cfg, Constant, ConstantKind, DominanceFrontiers, DominatorTree,
    GlobalKind, GlobalVar, Handle, InstData, Intrinsic, Module, Opcode, StructureKind,
    StructureMarker, Value,
};

/// A small linear congruential generator: deterministic, no dependency.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())].clone()
    }
}

fn types() -> Vec<Type> {
    vec![
        Type::Void,
        Type::BOOL,
        Type::INT,
        Type::UINT,
        Type::FLOAT,
        Type::vector(ScalarKind::Float, 4),
        Type::vector(ScalarKind::Int, 2),
        Type::vector(ScalarKind::Float, 0),
        Type::matrix(ScalarKind::Float, 4, 4),
        Type::matrix(ScalarKind::Float, 0, 3),
        Type::array(Type::FLOAT, 3),
        Type::array(Type::INT, u32::MAX),
        Type::unsized_array(Type::UINT),
        Type::pointer(AddressSpace::Function, Type::INT),
        Type::pointer(AddressSpace::StorageBuffer, Type::FLOAT),
        Type::pointer(
            AddressSpace::Function,
            Type::pointer(AddressSpace::Private, Type::INT),
        ),
        Type::resource(ResourceType::Texture {
            dim: TextureDim::D2,
            access: TextureAccess::ReadWrite,
            sample: Type::vector(ScalarKind::Float, 4),
        }),
        Type::pointer(
            AddressSpace::UniformConstant,
            Type::resource(ResourceType::Sampler { comparison: false }),
        ),
        Type::pointer(
            AddressSpace::StorageBuffer,
            Type::resource(ResourceType::ByteAddressBuffer {
                access: TextureAccess::ReadWrite,
            }),
        ),
    ]
}

fn opcodes() -> Vec<Opcode> {
    let mut ops = vec![
        Opcode::Neg,
        Opcode::Add,
        Opcode::Shl,
        Opcode::LogicalNot,
        Opcode::Lt,
        Opcode::Convert,
        Opcode::Bitcast,
        Opcode::MatMul,
        Opcode::MatVecMul,
        Opcode::Dot,
        Opcode::Select,
        Opcode::Phi,
        Opcode::Alloca,
        Opcode::Load,
        Opcode::Store,
        Opcode::AccessChain,
        Opcode::CompositeConstruct,
        Opcode::CompositeExtract,
        Opcode::CompositeInsert,
        Opcode::Swizzle,
        Opcode::ExtractDynamic,
        Opcode::InsertDynamic,
        Opcode::TextureSample,
        Opcode::TextureSampleGrad,
        Opcode::TextureGather,
        Opcode::TextureLoad,
        Opcode::TextureStore,
        Opcode::TextureQuerySize,
        Opcode::ByteAddressLoad,
        Opcode::ArrayLength,
        Opcode::AtomicRmw(AtomicOp::Add),
        Opcode::AtomicCompareExchange,
        Opcode::Barrier(BarrierFlags(0xff)),
        Opcode::Call(Handle::new(0)),
        Opcode::Call(Handle::new(7)),
        Opcode::CallIntrinsic(Intrinsic::Sin),
        Opcode::Branch,
        Opcode::CondBranch,
        Opcode::Switch,
        Opcode::Return,
        Opcode::Kill,
        Opcode::Unreachable,
        Opcode::IgnoreHit,
        Opcode::AcceptHitAndEndSearch,
        Opcode::CallIntrinsic(Intrinsic::TraceRay),
        Opcode::CallIntrinsic(Intrinsic::RayQueryTraceRayInline),
    ];
    ops.extend([Opcode::Branch, Opcode::CondBranch, Opcode::Return]);
    ops
}

fn garbage_module(rng: &mut Lcg) -> Module {
    let tys = types();
    let ops = opcodes();
    let mut m = Module::default();
    for _ in 0..rng.below(4) {
        let ty = rng.pick(&tys);
        let kind = if rng.below(2) == 0 {
            ConstantKind::Scalar(rng.next())
        } else {
            ConstantKind::Composite(
                (0..rng.below(4))
                    .map(|_| Handle::new(rng.below(6)))
                    .collect(),
            )
        };
        m.constants.push(Constant { ty, kind });
    }
    m.constants.push(Constant::int(1));
    for _ in 0..rng.below(3) {
        let mut g = GlobalVar::new(
            "g",
            rng.pick(&[GlobalKind::Private, GlobalKind::Resource, GlobalKind::Input]),
            rng.pick(&[
                AddressSpace::Private,
                AddressSpace::StorageBuffer,
                AddressSpace::Input,
            ]),
            rng.pick(&tys),
        );
        g.binding = Some(0);
        g.init = (rng.below(2) == 0).then(|| Handle::new(rng.below(6)));
        m.globals.push(g);
    }
    for f in 0..1 + rng.below(2) {
        let params = (0..rng.below(3)).map(|_| rng.pick(&tys)).collect();
        let mut func = ir::Function::new(format!("f{f}"), params, rng.pick(&tys));
        let nblocks = rng.below(5);
        for _ in 0..nblocks {
            func.blocks.push(ir::BlockData::default());
        }
        let ninsts = rng.below(12);
        for _ in 0..ninsts {
            let mut d = InstData::new(rng.pick(&ops), rng.pick(&tys), Vec::new());
            for _ in 0..rng.below(5) {
                let v = match rng.below(5) {
                    0 => Value::Const(Handle::new(rng.below(7))),
                    1 => Value::Arg(rng.below(4) as u32),
                    2 => Value::Global(Handle::new(rng.below(4))),
                    3 => Value::Spec(Handle::new(rng.below(2))),
                    _ => Value::Inst(Handle::new(rng.below(ninsts + 2))),
                };
                d.operands.push(v);
            }
            d.blocks = (0..rng.below(4))
                .map(|_| Handle::new(rng.below(nblocks + 2)))
                .collect();
            d.literals = (0..rng.below(5))
                .map(|_| rng.next() as i64 - (1 << 30))
                .collect();
            d.precise = rng.below(2) == 0;
            let target =
                (nblocks > 0 && rng.below(5) != 0).then(|| Handle::new(rng.below(nblocks)));
            d.block = if rng.below(6) == 0 {
                Some(Handle::new(rng.below(nblocks + 2)))
            } else {
                target
            };
            let inst = func.insts.push(d);
            if let Some(b) = target {
                func.blocks[b].insts.push(inst);
            }
            if rng.below(10) == 0 {
                if let Some(b) = target {
                    func.blocks[b]
                        .insts
                        .push(Handle::new(rng.below(ninsts + 3)));
                }
            }
        }
        for b in 0..nblocks + 1 {
            if rng.below(4) != 0 {
                func.layout.push(Handle::new(b));
            }
        }
        if nblocks > 0 && rng.below(3) == 0 {
            let b = Handle::new(rng.below(nblocks));
            func.blocks[b].marker = Some(StructureMarker {
                kind: rng.pick(&[StructureKind::Loop, StructureKind::Selection]),
                merge: Handle::new(rng.below(nblocks + 2)),
                continue_block: (rng.below(2) == 0).then(|| Handle::new(rng.below(nblocks + 2))),
                hint: None,
            });
        }
        m.functions.push(func);
    }
    m
}

#[test]
fn random_garbage_never_panics() {
    let mut rng = Lcg(0x5eed);
    let mut messages = 0;
    for _ in 0..3000 {
        let m = garbage_module(&mut rng);
        messages += ir::verify(&m).len();
        let _ = ir::print_module_with(
            &m,
            &ir::PrintOptions {
                locations: true,
                layouts: true,
                sources: None,
            },
        );
        for (_, f) in m.functions.iter() {
            let cfg = Cfg::new(f);
            let dom = DominatorTree::new(&cfg);
            let _ = DominanceFrontiers::new(&cfg, &dom);
            for &b in cfg.blocks() {
                let _ = dom.dominates(b, b);
            }
            let _ = ir::util::build_users(f);
        }
    }
    assert!(
        messages > 3000,
        "the garbage should be reported, got {messages} messages"
    );
}
