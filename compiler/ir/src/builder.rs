//! Building modules: [`ModuleBuilder`] owns the module under construction (de-duplicating
//! constants) and hands out [`FunctionBuilder`]s that append instructions to a current block
//! with typed helpers. Used by `lower` and by tests. The builder checks nothing: it can create
//! any IR, and the verifier decides whether it is valid.

use std::collections::HashMap;

use types::{AddressSpace, BufferLayout, LayoutRules, ScalarKind, Type};

use crate::entity::NameHint;
use crate::inst::{
    AtomicOp, BarrierFlags, ControlHint, InstData, Opcode, SourceLoc, StructureKind,
    StructureMarker,
};
use crate::intrinsic::Intrinsic;
use crate::module::{
    Block, BlockData, EntryPoint, Func, Function, Global, GlobalKind, GlobalVar, Inst, Module,
    StageBinding,
};
use crate::typing;
use crate::value::{Const, Constant, ConstantKind, SpecConstant, Value};

/// Builds a [`Module`].
#[derive(Default)]
pub struct ModuleBuilder {
    module: Module,
    constants: HashMap<Constant, Const>,
}

impl ModuleBuilder {
    pub fn new() -> ModuleBuilder {
        ModuleBuilder::default()
    }

    /// Continues building an existing module.
    pub fn from_module(module: Module) -> ModuleBuilder {
        let constants = module
            .constants
            .iter()
            .map(|(h, c)| (c.clone(), h))
            .collect();
        ModuleBuilder { module, constants }
    }

    pub fn module(&self) -> &Module {
        &self.module
    }

    pub fn module_mut(&mut self) -> &mut Module {
        &mut self.module
    }

    pub fn finish(self) -> Module {
        self.module
    }

    /// The index of string literal `s` in [`Module::strings`], added once.
    pub fn string(&mut self, s: &str) -> u32 {
        let strings = &mut self.module.strings;
        match strings.iter().position(|x| x == s) {
            Some(i) => i as u32,
            None => {
                strings.push(s.to_owned());
                strings.len() as u32 - 1
            }
        }
    }

    /// The pool entry for `c`, added once.
    pub fn const_handle(&mut self, c: Constant) -> Const {
        if let Some(&h) = self.constants.get(&c) {
            return h;
        }
        let h = self.module.constants.push(c.clone());
        self.constants.insert(c, h);
        h
    }

    pub fn constant(&mut self, c: Constant) -> Value {
        Value::Const(self.const_handle(c))
    }

    pub fn bool(&mut self, v: bool) -> Value {
        self.constant(Constant::bool(v))
    }

    pub fn int(&mut self, v: i32) -> Value {
        self.constant(Constant::int(v))
    }

    pub fn uint(&mut self, v: u32) -> Value {
        self.constant(Constant::uint(v))
    }

    pub fn float(&mut self, v: f32) -> Value {
        self.constant(Constant::float(v))
    }

    /// A composite constant of `ty` from constant parts (matrices are composites of rows).
    pub fn composite(&mut self, ty: Type, parts: Vec<Const>) -> Value {
        self.constant(Constant {
            ty,
            kind: ConstantKind::Composite(parts),
        })
    }

    /// A vector constant of scalar constants.
    pub fn const_vector(&mut self, parts: Vec<Constant>) -> Value {
        let kind = parts
            .first()
            .and_then(|c| c.ty.scalar_kind())
            .unwrap_or(ScalarKind::Float);
        let ty = Type::Vector(kind, parts.len() as u8);
        let parts = parts.into_iter().map(|c| self.const_handle(c)).collect();
        self.composite(ty, parts)
    }

    pub fn spec_constant(&mut self, id: u32, name: &str, kind: ScalarKind, bits: u64) -> Value {
        let bits = crate::value::normalize_bits(kind, bits);
        Value::Spec(self.module.spec_constants.push(SpecConstant {
            id,
            name: name.to_owned(),
            kind,
            default_bits: bits,
        }))
    }

    pub fn global(&mut self, g: GlobalVar) -> Global {
        self.module.globals.push(g)
    }

    /// A stage input with a location or built-in.
    pub fn input(&mut self, name: &str, ty: Type, binding: StageBinding) -> Global {
        let mut g = GlobalVar::new(name, GlobalKind::Input, AddressSpace::Input, ty);
        g.stage_binding = Some(binding);
        self.global(g)
    }

    pub fn output(&mut self, name: &str, ty: Type, binding: StageBinding) -> Global {
        let mut g = GlobalVar::new(name, GlobalKind::Output, AddressSpace::Output, ty);
        g.stage_binding = Some(binding);
        self.global(g)
    }

    /// A resource in the address space its type calls for, with its set and binding; buffers
    /// get their layout under DXC's default rules (see [`ModuleBuilder::set_layout_rules`]).
    /// Counts and formats are set on the returned global through `module_mut`.
    pub fn resource(&mut self, name: &str, ty: Type, set: u32, binding: u32) -> Global {
        // A resource, or an array (of arrays: `StructuredBuffer<T> b[2][3]`) of resources.
        let mut inner = &ty;
        while let Type::Array { element, .. } = inner {
            inner = element;
        }
        let resource = inner.as_resource();
        let space = resource.map_or(AddressSpace::UniformConstant, |r| r.address_space());
        let mut g = GlobalVar::new(name, GlobalKind::Resource, space, ty);
        g.set = Some(set);
        g.binding = Some(binding);
        if let Some(t) = g.buffer_layout_type() {
            g.layout = Some(BufferLayout::new(&t, g.default_layout_rules()));
        }
        self.global(g)
    }

    /// A push-constant block laid out under vector-relaxed std430.
    pub fn push_constant(&mut self, name: &str, ty: Type) -> Global {
        let mut g = GlobalVar::new(
            name,
            GlobalKind::PushConstant,
            AddressSpace::PushConstant,
            ty,
        );
        g.layout = Some(BufferLayout::new(&g.ty, g.default_layout_rules()));
        self.global(g)
    }

    /// A shader-record block (`[[vk::shader_record_ext]]`), laid out as push constants are
    /// (vector-relaxed std430, as DXC lays out both).
    pub fn shader_record(&mut self, name: &str, ty: Type) -> Global {
        let mut g = GlobalVar::new(
            name,
            GlobalKind::ShaderRecord,
            AddressSpace::ShaderRecordBuffer,
            ty,
        );
        g.layout = Some(BufferLayout::new(&g.ty, g.default_layout_rules()));
        self.global(g)
    }

    /// Recomputes the layout of buffer global `g` under `rules` (`-fvk-use-gl-layout`,
    /// `-fvk-use-dx-layout`, `-fvk-use-scalar-layout`).
    pub fn set_layout_rules(&mut self, g: Global, rules: LayoutRules) {
        if let Some(gv) = self.module.globals.get_mut(g) {
            gv.layout = gv
                .buffer_layout_type()
                .map(|t| BufferLayout::with_member_offsets(&t, rules, &gv.member_offsets));
        }
    }

    /// Places the members of buffer `g` at explicit offsets (`packoffset`), by member index.
    pub fn set_member_offsets(&mut self, g: Global, offsets: Vec<Option<u32>>) {
        let rules = match self.module.globals.get_mut(g) {
            Some(gv) => {
                gv.member_offsets = offsets;
                gv.layout.as_ref().map(|l| l.rules)
            }
            None => None,
        };
        if let Some(rules) = rules {
            self.set_layout_rules(g, rules);
        }
    }

    pub fn private(&mut self, name: &str, ty: Type, init: Option<Const>) -> Global {
        let mut g = GlobalVar::new(name, GlobalKind::Private, AddressSpace::Private, ty);
        g.init = init;
        self.global(g)
    }

    /// The payload variable of an amplification or mesh shader.
    pub fn task_payload(&mut self, name: &str, ty: Type) -> Global {
        self.global(GlobalVar::new(
            name,
            GlobalKind::TaskPayload,
            AddressSpace::TaskPayload,
            ty,
        ))
    }

    /// A ray payload, hit attribute or callable data variable in `space`.
    pub fn ray_data(&mut self, name: &str, space: AddressSpace, ty: Type) -> Global {
        self.global(GlobalVar::new(name, GlobalKind::RayData, space, ty))
    }

    pub fn groupshared(&mut self, name: &str, ty: Type) -> Global {
        self.global(GlobalVar::new(
            name,
            GlobalKind::Groupshared,
            AddressSpace::Workgroup,
            ty,
        ))
    }

    /// Adds a function without a body; fill it with [`ModuleBuilder::function`].
    pub fn declare_function(&mut self, name: &str, params: Vec<Type>, ret: Type) -> Func {
        self.module.functions.push(Function::new(name, params, ret))
    }

    /// A builder appending to the body of `func`.
    pub fn function(&mut self, func: Func) -> FunctionBuilder<'_> {
        FunctionBuilder {
            mb: self,
            func,
            current: None,
            loc: None,
        }
    }

    pub fn entry_point(&mut self, e: EntryPoint) {
        self.module.entry_points.push(e);
    }
}

/// Appends blocks and instructions to one function.
pub struct FunctionBuilder<'m> {
    mb: &'m mut ModuleBuilder,
    func: Func,
    current: Option<Block>,
    loc: Option<SourceLoc>,
}

impl FunctionBuilder<'_> {
    pub fn func(&self) -> Func {
        self.func
    }

    pub fn function(&self) -> &Function {
        &self.mb.module.functions[self.func]
    }

    pub fn function_mut(&mut self) -> &mut Function {
        &mut self.mb.module.functions[self.func]
    }

    pub fn module_builder(&mut self) -> &mut ModuleBuilder {
        self.mb
    }

    /// Appends a new block to the layout. An empty name gives no name.
    pub fn create_block(&mut self, name: &str) -> Block {
        let name = if name.is_empty() {
            NameHint::default()
        } else {
            NameHint::new(name)
        };
        let f = self.function_mut();
        let b = f.blocks.push(BlockData {
            insts: Vec::new(),
            marker: None,
            name,
        });
        f.layout.push(b);
        b
    }

    pub fn switch_to_block(&mut self, block: Block) {
        self.current = Some(block);
    }

    pub fn current_block(&self) -> Option<Block> {
        self.current
    }

    /// The source location given to instructions created from now on.
    pub fn set_loc(&mut self, loc: Option<SourceLoc>) {
        self.loc = loc;
    }

    pub fn arg(&self, index: u32) -> Value {
        Value::Arg(index)
    }

    pub fn set_param_name(&mut self, index: usize, name: &str) {
        if let Some(p) = self.function_mut().params.get_mut(index) {
            p.name = NameHint::new(name);
        }
    }

    pub fn set_marker(&mut self, header: Block, marker: StructureMarker) {
        if let Some(b) = self.function_mut().blocks.get_mut(header) {
            b.marker = Some(marker);
        }
    }

    pub fn mark_loop(
        &mut self,
        header: Block,
        merge: Block,
        cont: Block,
        hint: Option<ControlHint>,
    ) {
        self.set_marker(
            header,
            StructureMarker {
                kind: StructureKind::Loop,
                merge,
                continue_block: Some(cont),
                hint,
            },
        );
    }

    pub fn mark_selection(&mut self, header: Block, merge: Block, hint: Option<ControlHint>) {
        self.set_marker(
            header,
            StructureMarker {
                kind: StructureKind::Selection,
                merge,
                continue_block: None,
                hint,
            },
        );
    }

    /// Appends `data` to the current block (or leaves it unplaced when there is none).
    pub fn push(&mut self, mut data: InstData) -> Inst {
        if data.loc.is_none() {
            data.loc = self.loc;
        }
        data.block = self.current;
        let current = self.current;
        let f = self.function_mut();
        let inst = f.insts.push(data);
        if let Some(b) = current.and_then(|b| f.blocks.get_mut(b)) {
            b.insts.push(inst);
        }
        inst
    }

    pub fn inst(&mut self, opcode: Opcode, ty: Type, operands: Vec<Value>) -> Value {
        Value::Inst(self.push(InstData::new(opcode, ty, operands)))
    }

    fn inst_with(
        &mut self,
        opcode: Opcode,
        ty: Type,
        operands: Vec<Value>,
        blocks: Vec<Block>,
        literals: Vec<i64>,
    ) -> Value {
        let mut d = InstData::new(opcode, ty, operands);
        d.blocks = blocks;
        d.literals = literals;
        Value::Inst(self.push(d))
    }

    /// The type of `v` here (`void` for dangling values).
    pub fn type_of(&self, v: Value) -> Type {
        self.mb
            .module
            .value_type(self.function(), v)
            .unwrap_or(Type::Void)
    }

    /// Names the value (a hint printed in a comment).
    pub fn set_name(&mut self, v: Value, name: &str) {
        if let Value::Inst(i) = v {
            if let Some(d) = self.function_mut().insts.get_mut(i) {
                d.name = NameHint::new(name);
            }
        }
    }

    /// Marks the instruction `precise`.
    pub fn set_precise(&mut self, v: Value) {
        if let Value::Inst(i) = v {
            if let Some(d) = self.function_mut().insts.get_mut(i) {
                d.precise = true;
            }
        }
    }

    pub fn int(&mut self, v: i32) -> Value {
        self.mb.int(v)
    }

    pub fn uint(&mut self, v: u32) -> Value {
        self.mb.uint(v)
    }

    pub fn float(&mut self, v: f32) -> Value {
        self.mb.float(v)
    }

    pub fn bool(&mut self, v: bool) -> Value {
        self.mb.bool(v)
    }

    pub fn constant(&mut self, c: Constant) -> Value {
        self.mb.constant(c)
    }

    // Memory.

    /// A function-local variable of type `ty`, named `name` in the dump's comment.
    pub fn alloca(&mut self, ty: Type, name: &str) -> Value {
        let v = self.inst(
            Opcode::Alloca,
            Type::pointer(AddressSpace::Function, ty),
            Vec::new(),
        );
        if !name.is_empty() {
            self.set_name(v, name);
        }
        v
    }

    /// Loads through `ptr` (a whole `T` from a `ConstantBuffer<T>`).
    pub fn load(&mut self, ptr: Value) -> Value {
        let ty = typing::load_type(&self.type_of(ptr)).unwrap_or(Type::Void);
        self.inst(Opcode::Load, ty, vec![ptr])
    }

    pub fn store(&mut self, ptr: Value, value: Value) {
        self.inst(Opcode::Store, Type::Void, vec![ptr, value]);
    }

    /// `AccessChain`; the result type follows the chain rules (void when they fail).
    pub fn access_chain(&mut self, base: Value, indices: &[Value]) -> Value {
        let base_ty = self.type_of(base);
        let ty = typing::access_chain_type(&self.mb.module, self.function(), &base_ty, indices)
            .unwrap_or(Type::Void);
        let mut ops = vec![base];
        ops.extend_from_slice(indices);
        self.inst(Opcode::AccessChain, ty, ops)
    }

    // Arithmetic.

    /// Binary arithmetic typed by its first operand.
    pub fn binary(&mut self, op: Opcode, a: Value, b: Value) -> Value {
        let ty = self.type_of(a);
        self.inst(op, ty, vec![a, b])
    }

    pub fn unary(&mut self, op: Opcode, a: Value) -> Value {
        let ty = self.type_of(a);
        self.inst(op, ty, vec![a])
    }

    /// A comparison; the result is `bool` of the operand's shape.
    pub fn compare(&mut self, op: Opcode, a: Value, b: Value) -> Value {
        let ty = typing::compare_type(&self.type_of(a)).unwrap_or(Type::Void);
        self.inst(op, ty, vec![a, b])
    }

    pub fn convert(&mut self, v: Value, ty: Type) -> Value {
        self.inst(Opcode::Convert, ty, vec![v])
    }

    pub fn bitcast(&mut self, v: Value, ty: Type) -> Value {
        self.inst(Opcode::Bitcast, ty, vec![v])
    }

    /// `MatMul`, `MatVecMul`, `VecMatMul` or `Dot`.
    pub fn mat(&mut self, op: Opcode, a: Value, b: Value) -> Value {
        let ty = typing::mat_mul_type(op, &self.type_of(a), &self.type_of(b)).unwrap_or(Type::Void);
        self.inst(op, ty, vec![a, b])
    }

    pub fn select(&mut self, cond: Value, a: Value, b: Value) -> Value {
        let ty = self.type_of(a);
        self.inst(Opcode::Select, ty, vec![cond, a, b])
    }

    pub fn phi(&mut self, ty: Type, incoming: &[(Value, Block)]) -> Value {
        let ops = incoming.iter().map(|(v, _)| *v).collect();
        let blocks = incoming.iter().map(|(_, b)| *b).collect();
        self.inst_with(Opcode::Phi, ty, ops, blocks, Vec::new())
    }

    // Composites.

    pub fn construct(&mut self, ty: Type, parts: &[Value]) -> Value {
        self.inst(Opcode::CompositeConstruct, ty, parts.to_vec())
    }

    pub fn extract(&mut self, v: Value, indices: &[u32]) -> Value {
        let lits: Vec<i64> = indices.iter().map(|&i| i64::from(i)).collect();
        let ty = typing::extract_type(&self.type_of(v), &lits).unwrap_or(Type::Void);
        self.inst_with(Opcode::CompositeExtract, ty, vec![v], Vec::new(), lits)
    }

    pub fn insert(&mut self, v: Value, part: Value, indices: &[u32]) -> Value {
        let ty = self.type_of(v);
        let lits = indices.iter().map(|&i| i64::from(i)).collect();
        self.inst_with(Opcode::CompositeInsert, ty, vec![v, part], Vec::new(), lits)
    }

    /// Components `0..=3` are `x, y, z, w`.
    pub fn swizzle(&mut self, v: Value, components: &[u8]) -> Value {
        let ty = typing::swizzle_type(&self.type_of(v), components.len()).unwrap_or(Type::Void);
        let lits = components.iter().map(|&c| i64::from(c)).collect();
        self.inst_with(Opcode::Swizzle, ty, vec![v], Vec::new(), lits)
    }

    pub fn extract_dynamic(&mut self, v: Value, index: Value) -> Value {
        let ty = self.type_of(v).component(0).unwrap_or(Type::Void);
        self.inst(Opcode::ExtractDynamic, ty, vec![v, index])
    }

    pub fn insert_dynamic(&mut self, v: Value, part: Value, index: Value) -> Value {
        let ty = self.type_of(v);
        self.inst(Opcode::InsertDynamic, ty, vec![v, part, index])
    }

    // Resources.

    /// Any texture or buffer opcode: operands in the specification's order, `offset` the
    /// constant texel offset (for `TextureGather`, the component comes first).
    pub fn texture(&mut self, op: Opcode, ty: Type, operands: &[Value], literals: &[i64]) -> Value {
        self.inst_with(op, ty, operands.to_vec(), Vec::new(), literals.to_vec())
    }

    /// A texture or buffer opcode whose result type follows from its resource operand
    /// (texels of the texture's element type, `uint` queries, ...); void when it does not.
    pub fn resource_op(&mut self, op: Opcode, operands: &[Value], literals: &[i64]) -> Value {
        let ty = operands
            .first()
            .map(|&r| self.type_of(r))
            .and_then(|t| t.pointee().and_then(|(_, p)| p.as_resource().cloned()))
            .and_then(|r| typing::texture_result_type(op, &r))
            .unwrap_or(Type::Void);
        self.texture(op, ty, operands, literals)
    }

    /// `AtomicRmw`: `target` is the pointer (or texture pointer and coordinate).
    pub fn atomic_rmw(&mut self, op: AtomicOp, ty: Type, target: &[Value], value: Value) -> Value {
        let mut ops = target.to_vec();
        ops.push(value);
        self.inst(Opcode::AtomicRmw(op), ty, ops)
    }

    pub fn atomic_compare_exchange(
        &mut self,
        ty: Type,
        target: &[Value],
        comparand: Value,
        new: Value,
    ) -> Value {
        let mut ops = target.to_vec();
        ops.push(comparand);
        ops.push(new);
        self.inst(Opcode::AtomicCompareExchange, ty, ops)
    }

    pub fn barrier(&mut self, flags: BarrierFlags) {
        self.inst(Opcode::Barrier(flags), Type::Void, Vec::new());
    }

    // Geometry and mesh shaders.

    /// `EmitVertex`: the stage outputs as they are now become a vertex of the current strip.
    pub fn emit_vertex(&mut self) {
        self.inst(Opcode::EmitVertex, Type::Void, Vec::new());
    }

    /// `EndPrimitive`: the next vertex starts a new strip.
    pub fn end_primitive(&mut self) {
        self.inst(Opcode::EndPrimitive, Type::Void, Vec::new());
    }

    /// `SetMeshOutputs`: how many vertices and primitives the mesh shader writes.
    pub fn set_mesh_outputs(&mut self, vertices: Value, primitives: Value) {
        self.inst(
            Opcode::SetMeshOutputs,
            Type::Void,
            vec![vertices, primitives],
        );
    }

    // Calls.

    pub fn call(&mut self, callee: Func, args: &[Value]) -> Value {
        let ty = self
            .mb
            .module
            .functions
            .get(callee)
            .map_or(Type::Void, |f| f.ret.clone());
        self.inst(Opcode::Call(callee), ty, args.to_vec())
    }

    pub fn call_intrinsic(&mut self, intrinsic: Intrinsic, ty: Type, args: &[Value]) -> Value {
        self.inst(Opcode::CallIntrinsic(intrinsic), ty, args.to_vec())
    }

    // Terminators.

    pub fn br(&mut self, target: Block) {
        self.inst_with(
            Opcode::Branch,
            Type::Void,
            Vec::new(),
            vec![target],
            Vec::new(),
        );
    }

    pub fn cond_br(&mut self, cond: Value, then_block: Block, else_block: Block) {
        let blocks = vec![then_block, else_block];
        self.inst_with(
            Opcode::CondBranch,
            Type::Void,
            vec![cond],
            blocks,
            Vec::new(),
        );
    }

    pub fn switch(&mut self, selector: Value, default: Block, cases: &[(i64, Block)]) {
        let mut blocks = vec![default];
        blocks.extend(cases.iter().map(|(_, b)| *b));
        let lits = cases.iter().map(|(v, _)| *v).collect();
        self.inst_with(Opcode::Switch, Type::Void, vec![selector], blocks, lits);
    }

    pub fn ret(&mut self, value: Option<Value>) {
        self.inst(Opcode::Return, Type::Void, value.into_iter().collect());
    }

    pub fn kill(&mut self) {
        self.inst(Opcode::Kill, Type::Void, Vec::new());
    }

    /// `EmitMeshTasks`: launches `x * y * z` mesh-shader groups that read `payload`.
    pub fn emit_mesh_tasks(&mut self, x: Value, y: Value, z: Value, payload: Value) {
        self.inst(Opcode::EmitMeshTasks, Type::Void, vec![x, y, z, payload]);
    }

    /// `SetMeshTasks`: `EmitMeshTasks` as NV mesh shading has it, no terminator.
    pub fn set_mesh_tasks(&mut self, x: Value, y: Value, z: Value, payload: Value) {
        self.inst(Opcode::SetMeshTasks, Type::Void, vec![x, y, z, payload]);
    }

    pub fn unreachable(&mut self) {
        self.inst(Opcode::Unreachable, Type::Void, Vec::new());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_are_deduplicated_also_after_from_module() {
        let mut mb = ModuleBuilder::new();
        let a = mb.int(3);
        let b = mb.int(3);
        let c = mb.uint(3);
        assert_eq!(a, b);
        assert_ne!(a, c);
        let mut again = ModuleBuilder::from_module(mb.finish());
        assert_eq!(again.int(3), a);
        assert_eq!(again.module().constants.len(), 2);
    }

    #[test]
    fn instructions_without_a_current_block_stay_unplaced() {
        let mut mb = ModuleBuilder::new();
        let f = mb.declare_function("f", vec![Type::INT], Type::INT);
        let mut fb = mb.function(f);
        let v = fb.unary(Opcode::Neg, fb.arg(0));
        let Value::Inst(i) = v else { unreachable!() };
        assert_eq!(fb.function().insts[i].block, None);
        assert!(fb.function().layout.is_empty());
    }

    #[test]
    fn rollback_forgets_what_was_built_after_the_checkpoint() {
        let mut mb = ModuleBuilder::new();
        let f = mb.declare_function("f", vec![Type::INT], Type::INT);
        let mut fb = mb.function(f);
        let entry = fb.create_block("entry");
        fb.switch_to_block(entry);
        let x = fb.alloca(Type::INT, "x");
        fb.store(x, fb.arg(0));
        let before = fb.function().clone();
        let cp = fb.function().checkpoint();

        // A loop: new blocks, a marker on the (old) entry block, an instruction appended to
        // it and an alloca inserted at its top, as lowering places locals.
        let body = fb.create_block("body");
        let merge = fb.create_block("merge");
        fb.mark_loop(entry, merge, body, None);
        let y = fb.alloca(Type::INT, "y");
        let Value::Inst(yi) = y else { unreachable!() };
        let fun = fb.function_mut();
        fun.blocks[entry].insts.retain(|&i| i != yi);
        fun.blocks[entry].insts.insert(0, yi);
        fb.br(body);
        fb.switch_to_block(body);
        let v = fb.binary(Opcode::Add, fb.arg(0), fb.arg(0));
        fb.store(y, v);
        fb.br(merge);
        assert_ne!(*fb.function(), before);

        fb.function_mut().rollback(&cp);
        assert_eq!(*fb.function(), before);
    }
}
