//! Verifier tests: one deliberately broken module per check, with the messages it produces.
//! The verifier must never panic, so the last tests feed it garbage.

mod common;

use common::*;
use expect_test::expect;
use ir::types::{AddressSpace, ResourceType, ScalarKind, TextureAccess, TextureDim, Type};
use ir::{
    AtomicOp, Block, Constant, ConstantKind, EntryPoint, FunctionBuilder, GlobalKind, GlobalVar,
    Handle, InstData, Module, ModuleBuilder, Opcode, Stage, StageBinding, StructureKind,
    StructureMarker, Value,
};

/// A module with one function `@f(params) -> ret` whose body `body` builds starting in `bb0`.
fn one_function(
    params: Vec<Type>,
    ret: Type,
    body: impl FnOnce(&mut FunctionBuilder<'_>, Block),
) -> Module {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("f", params, ret);
    let mut fb = mb.function(f);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    body(&mut fb, b);
    mb.finish()
}

#[test]
fn valid_module_has_no_messages() {
    let m = one_function(vec![Type::INT], Type::INT, |fb, _| {
        let one = fb.int(1);
        let x = fb.binary(Opcode::Add, fb.arg(0), one);
        fb.ret(Some(x));
    });
    expect![[r#""#]].assert_eq(&messages(&m));
}

#[test]
fn constant_parts_must_match_the_type() {
    let mut mb = ModuleBuilder::new();
    let one = mb.const_handle(Constant::float(1.0));
    let i = mb.const_handle(Constant::int(1));
    mb.composite(float_n(3), vec![one, one]);
    mb.composite(float_n(2), vec![one, i]);
    mb.module_mut().constants.push(Constant {
        ty: Type::INT,
        kind: ConstantKind::Scalar(1 << 40),
    });
    expect![[r#"
        constant #2: [constant] float3 has 3 parts, the constant gives 2
        constant #3: [constant] part 1 has type int, expected float
        constant #4: [constant] bits 0x10000000000 do not fit in int
    "#]]
    .assert_eq(&messages(&mb.finish()));
}

#[test]
fn spec_constant_ids_are_unique() {
    let mut mb = ModuleBuilder::new();
    mb.spec_constant(1, "a", ScalarKind::Int, 0);
    mb.spec_constant(1, "b", ScalarKind::Float, 0);
    expect![[r#"
        spec constant 1 b: [spec-constant] id 1 is used by more than one spec constant
    "#]]
    .assert_eq(&messages(&mb.finish()));
}

#[test]
fn globals_kind_space_binding_and_initializer() {
    let mut mb = ModuleBuilder::new();
    let mut wrong_space =
        GlobalVar::new("in", GlobalKind::Input, AddressSpace::Private, Type::FLOAT);
    wrong_space.stage_binding = Some(StageBinding::Location(0));
    mb.global(wrong_space);
    mb.global(GlobalVar::new(
        "tex",
        GlobalKind::Resource,
        AddressSpace::UniformConstant,
        float_n(4),
    ));
    let c = mb.const_handle(Constant::int(3));
    mb.private("x", Type::FLOAT, Some(c));
    mb.global(GlobalVar::new(
        "out",
        GlobalKind::Output,
        AddressSpace::Output,
        Type::FLOAT,
    ));
    let t = mb.resource(
        "t",
        texture(TextureDim::D2, TextureAccess::ReadOnly, float_n(4)),
        0,
        0,
    );
    mb.module_mut().globals[t].space = AddressSpace::StorageBuffer;
    expect![[r#"
        global @g0 (in): [global] input globals must be in input, not private
        global @g1 (tex): [global] a resource global has non-resource type float4
        global @g1 (tex): [global] a resource needs a binding
        global @g2 (x): [global] initializer has type int, the global holds float
        global @g3 (out): [global] a stage variable needs a location or built-in
        global @g4 (t): [global] Texture2D<float4> belongs in uniform_constant, not storage_buffer
    "#]]
    .assert_eq(&messages(&mb.finish()));
}

#[test]
fn entry_points_name_void_functions_and_stage_variables() {
    let mut mb = ModuleBuilder::new();
    let out = mb.output("out", float_n(4), StageBinding::Location(0));
    let f = mb.declare_function("main", vec![Type::INT], Type::INT);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        fb.ret(Some(fb.arg(0)));
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Vertex,
        function: f,
        inputs: vec![out],
        outputs: vec![Handle::new(9)],
        workgroup_size: None,
        modes: Vec::new(),
    });
    mb.entry_point(EntryPoint {
        name: "ghost".into(),
        stage: Stage::Compute,
        function: Handle::new(5),
        inputs: vec![],
        outputs: vec![],
        workgroup_size: Some([1, 1, 1]),
        modes: Vec::new(),
    });
    expect![[r#"
        entry point "main": [entry-point] function @main must take no parameters and return void
        entry point "main": [entry-point] lists @g0 as input, but its kind is output
        entry point "main": [entry-point] lists a dangling global #9
        entry point "ghost": [entry-point] names a dangling function #5
    "#]]
    .assert_eq(&messages(&mb.finish()));
}

#[test]
fn function_needs_blocks() {
    let mut mb = ModuleBuilder::new();
    mb.declare_function("empty", vec![], Type::Void);
    expect![[r#"
        function @empty: [function-body] function has no blocks
    "#]]
    .assert_eq(&messages(&mb.finish()));
}

#[test]
fn block_layout_lists_each_block_once() {
    let mut m = one_function(vec![], Type::Void, |fb, _| fb.ret(None));
    let f = &mut m.functions[Handle::new(0)];
    let b = f.layout[0];
    f.layout.push(b);
    expect![[r#"
        function @f: [function-body] layout lists block #0 twice
    "#]]
    .assert_eq(&messages(&m));
}

#[test]
fn empty_block_has_no_terminator() {
    let m = one_function(vec![], Type::Void, |fb, _| {
        let next = fb.create_block("empty");
        fb.br(next);
    });
    expect![[r#"
        function @f, bb1, `bb1: ; (empty)`: [block-shape] block is empty: it needs a terminator
    "#]]
    .assert_eq(&messages(&m));
}

#[test]
fn block_must_end_in_exactly_one_terminator() {
    let m = one_function(vec![Type::INT], Type::Void, |fb, _| {
        fb.ret(None);
        let one = fb.int(1);
        fb.binary(Opcode::Add, fb.arg(0), one);
    });
    expect![[r#"
        function @f, bb0, `%0 = add %arg0, 1:int : int`: [block-shape] block does not end in a terminator
        function @f, bb0, `ret`: [block-shape] terminator in the middle of a block
    "#]].assert_eq(&messages(&m));
}

#[test]
fn parent_links_match_the_block_lists() {
    let mut m = one_function(vec![Type::INT], Type::Void, |fb, _| {
        let next = fb.create_block("next");
        let one = fb.int(1);
        fb.binary(Opcode::Add, fb.arg(0), one);
        fb.br(next);
        fb.switch_to_block(next);
        fb.ret(None);
    });
    let f = &mut m.functions[Handle::new(0)];
    let (b0, b1) = (f.layout[0], f.layout[1]);
    let add = f.blocks[b0].insts[0];
    f.insts[add].block = Some(b1);
    // The same instruction listed in a second block.
    f.blocks[b1].insts.insert(0, add);
    expect![[r#"
        function @f, bb0, `%0 = add %arg0, 1:int : int`: [parent-link] instruction's parent link says bb1
        function @f, bb1, `%0 = add %arg0, 1:int : int`: [parent-link] instruction is also listed in bb0
    "#]].assert_eq(&messages(&m));
}

#[test]
fn operands_must_exist_in_this_function() {
    let mut m = one_function(vec![Type::INT], Type::INT, |fb, _| {
        let orphan = fb
            .function_mut()
            .insts
            .push(InstData::new(Opcode::Add, Type::INT, vec![]));
        let x = fb.binary(Opcode::Add, Value::Arg(3), Value::Inst(orphan));
        let _ = x;
        fb.store(Value::Global(Handle::new(7)), Value::Const(Handle::new(99)));
        fb.ret(Some(Value::Inst(orphan)));
    });
    // An instruction without a result used as an operand.
    let f = &mut m.functions[Handle::new(0)];
    let store = f.blocks[f.layout[0]].insts[1];
    let ret = *f.blocks[f.layout[0]].insts.last().unwrap();
    f.insts[ret].operands = vec![Value::Inst(store)];
    expect![[r#"
        function @f, bb0, `add %arg3, %<unplaced #0>`: [operand] operand 0 is a dangling argument 3
        function @f, bb0, `add %arg3, %<unplaced #0>`: [operand] operand 1 is not in any block of this function
        function @f, bb0, `store @<bad global #7>, <bad const #99>`: [operand] operand 0 is a dangling global #7
        function @f, bb0, `store @<bad global #7>, <bad const #99>`: [operand] operand 1 is a dangling constant #99
        function @f, bb0, `ret %<no result #2>`: [operand] operand 0 is an instruction without a result
    "#]].assert_eq(&messages(&m));
}

#[test]
fn branch_targets_must_be_in_the_function() {
    let m = one_function(vec![], Type::Void, |fb, _| {
        fb.br(Handle::new(42));
    });
    expect![[r#"
        function @f, bb0, `br bb?42`: [block-reference] refers to block #42 which is not in the function
    "#]].assert_eq(&messages(&m));
}

#[test]
fn the_entry_block_is_no_branch_target() {
    let m = one_function(vec![Type::BOOL], Type::Void, |fb, entry| {
        let next = fb.create_block("next");
        fb.br(next);
        fb.switch_to_block(next);
        fb.cond_br(fb.arg(0), entry, next);
    });
    expect![[r#"
        function @f, bb1, `cond_br %arg0, bb0, bb1`: [block-reference] branches to the entry block bb0
    "#]].assert_eq(&messages(&m));
}

#[test]
fn values_are_defined_before_use_in_a_block() {
    let mut m = one_function(vec![Type::INT], Type::INT, |fb, _| {
        let one = fb.int(1);
        let a = fb.binary(Opcode::Add, fb.arg(0), one);
        let b = fb.binary(Opcode::Mul, a, a);
        fb.ret(Some(b));
    });
    let f = &mut m.functions[Handle::new(0)];
    f.blocks[f.layout[0]].insts.swap(0, 1);
    expect![[r#"
        function @f, bb0, `%0 = mul %1, %1 : int`: [in-block-order] operand 0 (%1) is used before it is defined
        function @f, bb0, `%0 = mul %1, %1 : int`: [in-block-order] operand 1 (%1) is used before it is defined
    "#]].assert_eq(&messages(&m));
}

#[test]
fn phis_come_first_in_their_block() {
    let m = one_function(vec![Type::INT], Type::INT, |fb, entry| {
        let next = fb.create_block("next");
        fb.br(next);
        fb.switch_to_block(next);
        let one = fb.int(1);
        let a = fb.binary(Opcode::Add, fb.arg(0), one);
        let p = fb.phi(Type::INT, &[(a, entry)]);
        fb.ret(Some(p));
    });
    expect![[r#"
        function @f, bb1, `%1 = phi [%0, bb0] : int`: [phi-placement] phi after a non-phi instruction
        function @f, bb1, `%1 = phi [%0, bb0] : int`: [dominance] operand 0 (%0) does not dominate the end of incoming block bb0
    "#]].assert_eq(&messages(&m));
}

#[test]
fn phis_name_exactly_the_predecessors() {
    let m = one_function(vec![Type::BOOL], Type::INT, |fb, entry| {
        let a = fb.create_block("a");
        let b = fb.create_block("b");
        let merge = fb.create_block("merge");
        fb.mark_selection(entry, merge, None);
        fb.cond_br(fb.arg(0), a, b);
        fb.switch_to_block(a);
        fb.br(merge);
        fb.switch_to_block(b);
        fb.br(merge);
        fb.switch_to_block(merge);
        let one = fb.int(1);
        let two = fb.int(2);
        let p = fb.phi(Type::INT, &[(one, a), (two, entry), (two, entry)]);
        fb.ret(Some(p));
    });
    expect![[r#"
        function @f, bb3, `%0 = phi [1:int, bb1], [2:int, bb0], [2:int, bb0] : int`: [phi-predecessors] bb0 is not a predecessor
        function @f, bb3, `%0 = phi [1:int, bb1], [2:int, bb0], [2:int, bb0] : int`: [phi-predecessors] bb0 is named twice
        function @f, bb3, `%0 = phi [1:int, bb1], [2:int, bb0], [2:int, bb0] : int`: [phi-predecessors] predecessor bb2 is missing
    "#]].assert_eq(&messages(&m));
}

#[test]
fn definitions_dominate_uses() {
    let m = one_function(vec![Type::BOOL, Type::INT], Type::INT, |fb, entry| {
        let then_b = fb.create_block("then");
        let merge = fb.create_block("merge");
        fb.mark_selection(entry, merge, None);
        fb.cond_br(fb.arg(0), then_b, merge);
        fb.switch_to_block(then_b);
        let one = fb.int(1);
        let x = fb.binary(Opcode::Add, fb.arg(1), one);
        fb.br(merge);
        fb.switch_to_block(merge);
        let y = fb.binary(Opcode::Mul, x, x);
        fb.ret(Some(y));
    });
    expect![[r#"
        function @f, bb2, `%1 = mul %0, %0 : int`: [dominance] operand 0 (%0) is defined in bb1, which does not dominate this use
        function @f, bb2, `%1 = mul %0, %0 : int`: [dominance] operand 1 (%0) is defined in bb1, which does not dominate this use
    "#]].assert_eq(&messages(&m));
}

#[test]
fn phi_operands_dominate_their_incoming_block() {
    let m = one_function(vec![Type::BOOL, Type::INT], Type::INT, |fb, entry| {
        let a = fb.create_block("a");
        let b = fb.create_block("b");
        let merge = fb.create_block("merge");
        fb.mark_selection(entry, merge, None);
        fb.cond_br(fb.arg(0), a, b);
        fb.switch_to_block(a);
        let one = fb.int(1);
        let x = fb.binary(Opcode::Add, fb.arg(1), one);
        fb.br(merge);
        fb.switch_to_block(b);
        fb.br(merge);
        fb.switch_to_block(merge);
        let p = fb.phi(Type::INT, &[(x, a), (x, b)]);
        fb.ret(Some(p));
    });
    expect![[r#"
        function @f, bb3, `%1 = phi [%0, bb1], [%0, bb2] : int`: [dominance] operand 1 (%0) does not dominate the end of incoming block bb2
    "#]].assert_eq(&messages(&m));
}

#[test]
fn operand_counts() {
    let m = one_function(vec![Type::INT], Type::Void, |fb, _| {
        fb.inst(Opcode::Add, Type::INT, vec![fb.arg(0)]);
        fb.inst(Opcode::Load, Type::INT, vec![]);
        fb.inst(Opcode::Kill, Type::Void, vec![fb.arg(0)]);
    });
    expect![[r#"
        function @f, bb0, `%0 = add %arg0 : int`: [operand-count] add takes 2 operands, not 1
        function @f, bb0, `%1 = load : int`: [operand-count] load takes 1 operand, not 0
        function @f, bb0, `kill %arg0`: [operand-count] kill takes no operands
    "#]]
    .assert_eq(&messages(&m));
}

#[test]
fn instructions_without_results_have_void_type() {
    let m = one_function(vec![Type::INT], Type::Void, |fb, _| {
        let p = fb.alloca(Type::INT, "x");
        fb.inst(Opcode::Store, Type::INT, vec![p, fb.arg(0)]);
        fb.inst(Opcode::Return, Type::INT, vec![]);
    });
    expect![[r#"
        function @f, bb0, `%1 = store %0, %arg0 : int`: [result-type] store has no result, but the type is int
        function @f, bb0, `%2 = ret : int`: [result-type] ret has no result, but the type is int
    "#]].assert_eq(&messages(&m));
}

#[test]
fn load_store_and_alloca_types() {
    let mut mb = ModuleBuilder::new();
    let input = mb.input("in", Type::FLOAT, StageBinding::Location(0));
    let f = mb.declare_function("f", vec![Type::INT, Type::FLOAT], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let p = fb.alloca(Type::INT, "x");
    fb.inst(Opcode::Load, Type::FLOAT, vec![p]);
    fb.store(p, fb.arg(1));
    fb.inst(Opcode::Load, Type::INT, vec![fb.arg(0)]);
    fb.store(Value::Global(input), fb.arg(1));
    fb.inst(
        Opcode::Alloca,
        Type::pointer(AddressSpace::Private, Type::INT),
        vec![],
    );
    let ptr_to_ptr = ptr(
        AddressSpace::Function,
        ptr(AddressSpace::Function, Type::INT),
    );
    fb.inst(Opcode::Alloca, ptr_to_ptr, vec![]);
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%1 = load %0 : float`: [memory-type] loads float through ptr<function, int>
        function @f, bb0, `store %0, %arg1`: [memory-type] stores float through ptr<function, int>
        function @f, bb0, `%2 = load %arg0 : int`: [memory-type] loads from int, which is not a pointer
        function @f, bb0, `store @g0, %arg1`: [memory-type] stores through read-only ptr<input, float>
        function @f, bb0, `%3 = alloca : ptr<private, int>`: [memory-type] alloca yields ptr<private, int>, expected ptr<function, T>
        function @f, bb0, `%4 = alloca : ptr<function, ptr<function, int>>`: [memory-type] alloca yields ptr<function, ptr<function, int>>: logical addressing has no pointers to pointers
    "#]].assert_eq(&messages(&mb.finish()));
}

#[test]
fn access_chain_rules() {
    let s = structure("S", &[("a", Type::FLOAT), ("b", Type::array(Type::INT, 4))]);
    let m = one_function(vec![Type::INT, Type::FLOAT], Type::Void, |fb, _| {
        let p = fb.alloca(s, "s");
        let one = fb.int(1);
        let five = fb.int(5);
        // Struct member selected by a run-time value.
        fb.inst(
            Opcode::AccessChain,
            Type::pointer(AddressSpace::Function, Type::FLOAT),
            vec![p, fb.arg(0)],
        );
        // Member out of range.
        fb.inst(
            Opcode::AccessChain,
            Type::pointer(AddressSpace::Function, Type::FLOAT),
            vec![p, five],
        );
        // Float index.
        fb.inst(
            Opcode::AccessChain,
            Type::pointer(AddressSpace::Function, Type::INT),
            vec![p, one, fb.arg(1)],
        );
        // Declared result type differs from the chain's.
        fb.inst(
            Opcode::AccessChain,
            Type::pointer(AddressSpace::Function, Type::FLOAT),
            vec![p, one],
        );
        fb.ret(None);
    });
    expect![[r#"
        function @f, bb0, `%1 = access_chain %0, %arg0 : ptr<function, float>`: [access-chain] index 0 selects a struct member and must be a constant
        function @f, bb0, `%2 = access_chain %0, 5:int : ptr<function, float>`: [access-chain] member index 5 is out of range for S
        function @f, bb0, `%3 = access_chain %0, 1:int, %arg1 : ptr<function, int>`: [access-chain] index 1 has type float, expected an integer scalar
        function @f, bb0, `%4 = access_chain %0, 1:int : ptr<function, float>`: [access-chain] result type is ptr<function, float>, the chain reaches ptr<function, array<int, 4>>
    "#]].assert_eq(&messages(&m));
}

#[test]
fn arithmetic_types() {
    let m = one_function(
        vec![Type::INT, Type::FLOAT, Type::BOOL],
        Type::Void,
        |fb, _| {
            fb.inst(Opcode::Add, Type::INT, vec![fb.arg(0), fb.arg(1)]);
            fb.inst(Opcode::BitAnd, Type::FLOAT, vec![fb.arg(1), fb.arg(1)]);
            fb.inst(Opcode::Add, Type::BOOL, vec![fb.arg(2), fb.arg(2)]);
            fb.inst(Opcode::Neg, Type::FLOAT, vec![fb.arg(0)]);
            fb.inst(Opcode::MatMul, float_n(3), vec![fb.arg(1), fb.arg(1)]);
            fb.ret(None);
        },
    );
    expect![[r#"
        function @f, bb0, `%0 = add %arg0, %arg1 : int`: [arithmetic-type] operand 1 has type float, expected int
        function @f, bb0, `%1 = bit_and %arg1, %arg1 : float`: [arithmetic-type] bit_and does not apply to float
        function @f, bb0, `%2 = add %arg2, %arg2 : bool`: [arithmetic-type] add does not apply to bool
        function @f, bb0, `%3 = neg %arg0 : float`: [arithmetic-type] operand has type int, expected float
        function @f, bb0, `%4 = mat_mul %arg1, %arg1 : float3`: [arithmetic-type] mat_mul does not apply to float and float
    "#]].assert_eq(&messages(&m));
}

#[test]
fn comparison_types() {
    let m = one_function(
        vec![Type::INT, Type::FLOAT, float_n(2)],
        Type::Void,
        |fb, _| {
            fb.inst(Opcode::Lt, Type::BOOL, vec![fb.arg(0), fb.arg(1)]);
            fb.inst(Opcode::Eq, Type::BOOL, vec![fb.arg(2), fb.arg(2)]);
            fb.ret(None);
        },
    );
    expect![[r#"
        function @f, bb0, `%0 = lt %arg0, %arg1 : bool`: [comparison-type] operands have types int and float
        function @f, bb0, `%1 = eq %arg2, %arg2 : bool`: [comparison-type] result type is bool, expected bool2
    "#]].assert_eq(&messages(&m));
}

#[test]
fn conversion_types() {
    let m = one_function(vec![float_n(2), Type::BOOL], Type::Void, |fb, _| {
        fb.convert(fb.arg(0), int_n(3));
        fb.bitcast(fb.arg(0), Type::UINT);
        fb.bitcast(fb.arg(1), Type::UINT);
        fb.ret(None);
    });
    expect![[r#"
        function @f, bb0, `%0 = convert %arg0 : int3`: [conversion-type] cannot convert float2 to int3
        function @f, bb0, `%1 = bitcast %arg0 : uint`: [conversion-type] cannot bitcast float2 to uint
        function @f, bb0, `%2 = bitcast %arg1 : uint`: [conversion-type] cannot bitcast bool to uint
    "#]].assert_eq(&messages(&m));
}

#[test]
fn select_types() {
    let m = one_function(
        vec![Type::INT, Type::FLOAT, float_n(2)],
        Type::Void,
        |fb, _| {
            fb.inst(
                Opcode::Select,
                Type::FLOAT,
                vec![fb.arg(0), fb.arg(1), fb.arg(1)],
            );
            let t = fb.bool(true);
            fb.inst(Opcode::Select, Type::FLOAT, vec![t, fb.arg(1), fb.arg(2)]);
            fb.ret(None);
        },
    );
    expect![[r#"
        function @f, bb0, `%0 = select %arg0, %arg1, %arg1 : float`: [select-type] condition has type int, expected bool or bool of the result's shape
        function @f, bb0, `%1 = select true:bool, %arg1, %arg2 : float`: [select-type] operand 2 has type float2, expected float
    "#]].assert_eq(&messages(&m));
}

#[test]
fn branch_conditions_and_switch_selectors() {
    let m = one_function(vec![Type::INT, Type::FLOAT], Type::Void, |fb, entry| {
        let a = fb.create_block("a");
        let b = fb.create_block("b");
        fb.mark_selection(entry, b, None);
        fb.cond_br(fb.arg(0), a, b);
        fb.switch_to_block(a);
        fb.mark_selection(a, b, None);
        fb.switch(fb.arg(1), b, &[(1, b), (1, b)]);
        fb.switch_to_block(b);
        fb.ret(None);
    });
    expect![[r#"
        function @f, bb0, `cond_br %arg0, bb1, bb2`: [branch-condition] condition has type int, expected bool
        function @f, bb1, `switch %arg1, bb2, [1: bb2, 1: bb2]`: [branch-condition] selector has type float, expected an integer scalar
        function @f, bb1, `switch %arg1, bb2, [1: bb2, 1: bb2]`: [branch-condition] case 1 appears twice
    "#]].assert_eq(&messages(&m));
}

#[test]
fn call_signatures() {
    let mut mb = ModuleBuilder::new();
    let callee = mb.declare_function("callee", vec![Type::INT, Type::FLOAT], Type::FLOAT);
    {
        let mut fb = mb.function(callee);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        fb.ret(Some(fb.arg(1)));
    }
    let f = mb.declare_function("caller", vec![Type::INT], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    fb.inst(Opcode::Call(callee), Type::FLOAT, vec![fb.arg(0)]);
    fb.inst(
        Opcode::Call(callee),
        Type::FLOAT,
        vec![fb.arg(0), fb.arg(0)],
    );
    let one = fb.float(1.0);
    fb.inst(Opcode::Call(callee), Type::INT, vec![fb.arg(0), one]);
    fb.inst(Opcode::Call(Handle::new(9)), Type::Void, vec![]);
    fb.ret(None);
    expect![[r#"
        function @caller, bb0, `%0 = call @callee(%arg0) : float`: [call-signature] @callee takes 2 arguments, 1 given
        function @caller, bb0, `%1 = call @callee(%arg0, %arg0) : float`: [call-signature] argument 1 has type int, @callee expects float
        function @caller, bb0, `%2 = call @callee(%arg0, 1.0:float) : int`: [call-signature] result type is int, @callee returns float
        function @caller, bb0, `call @<bad function #9>()`: [call-signature] calls a dangling function #9
    "#]].assert_eq(&messages(&mb.finish()));
}

#[test]
fn phi_types() {
    let m = one_function(vec![Type::BOOL], Type::INT, |fb, entry| {
        let a = fb.create_block("a");
        let merge = fb.create_block("merge");
        fb.mark_selection(entry, merge, None);
        fb.cond_br(fb.arg(0), a, merge);
        fb.switch_to_block(a);
        fb.br(merge);
        fb.switch_to_block(merge);
        let one = fb.int(1);
        let half = fb.float(0.5);
        let p = fb.phi(Type::INT, &[(one, a), (half, entry)]);
        fb.ret(Some(p));
    });
    expect![[r#"
        function @f, bb2, `%0 = phi [1:int, bb1], [0.5:float, bb0] : int`: [phi-type] incoming value 1 has type float, expected int
    "#]].assert_eq(&messages(&m));
}

#[test]
fn return_types() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("returns_int", vec![Type::FLOAT], Type::INT);
    {
        let mut fb = mb.function(f);
        let a = fb.create_block("");
        let b = fb.create_block("");
        fb.switch_to_block(a);
        let t = fb.bool(true);
        fb.mark_selection(a, b, None);
        fb.cond_br(t, b, b);
        fb.switch_to_block(b);
        fb.ret(Some(fb.arg(0)));
    }
    let g = mb.declare_function("returns_void", vec![Type::INT], Type::Void);
    let mut fb = mb.function(g);
    let a = fb.create_block("");
    fb.switch_to_block(a);
    fb.ret(Some(fb.arg(0)));
    let h = mb.declare_function("returns_nothing", vec![], Type::INT);
    let mut fb = mb.function(h);
    let a = fb.create_block("");
    fb.switch_to_block(a);
    fb.ret(None);
    expect![[r#"
        function @returns_int, bb1, `ret %arg0`: [return-type] returns float from a function returning int
        function @returns_void, bb0, `ret %arg0`: [return-type] returns int from a function returning void
        function @returns_nothing, bb0, `ret`: [return-type] returns nothing from a function returning int
    "#]].assert_eq(&messages(&mb.finish()));
}

#[test]
fn composite_types() {
    let m = one_function(
        vec![Type::FLOAT, float_n(2), float_n(4)],
        Type::Void,
        |fb, _| {
            fb.construct(float_n(4), &[fb.arg(0), fb.arg(1)]);
            fb.construct(Type::array(Type::FLOAT, 2), &[fb.arg(0)]);
            fb.inst(Opcode::CompositeExtract, Type::FLOAT, vec![fb.arg(2)]);
            let mut d = InstData::new(Opcode::CompositeExtract, Type::FLOAT, vec![fb.arg(2)]);
            d.literals = vec![4];
            fb.push(d);
            fb.swizzle(fb.arg(1), &[0, 2]);
            fb.ret(None);
        },
    );
    expect![[r#"
        function @f, bb0, `%0 = composite_construct %arg0, %arg1 : float4`: [composite-type] parts give 3 components, float4 needs 4
        function @f, bb0, `%1 = composite_construct %arg0 : array<float, 2>`: [composite-type] array<float, 2> has 2 parts, 1 given
        function @f, bb0, `%2 = composite_extract %arg2, [] : float`: [operand-count] composite_extract needs at least one index
        function @f, bb0, `%3 = composite_extract %arg2, [4] : float`: [composite-type] indices [4] do not fit float4
        function @f, bb0, `%4 = swizzle %arg1, xz : float2`: [composite-type] components [0, 2] out of range for float2
    "#]].assert_eq(&messages(&m));
}

#[test]
fn resource_operands() {
    let mut mb = ModuleBuilder::new();
    let t = mb.resource(
        "t",
        texture(TextureDim::D2, TextureAccess::ReadOnly, float_n(4)),
        0,
        0,
    );
    let s = mb.resource("s", sampler(false), 0, 1);
    let f = mb.declare_function("f", vec![float_n(2), int_n(2)], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let (t, s) = (Value::Global(t), Value::Global(s));
    fb.texture(Opcode::TextureSample, float_n(4), &[s, t, fb.arg(0)], &[]);
    let r = fb.float(0.5);
    fb.texture(
        Opcode::TextureSampleCompare,
        Type::FLOAT,
        &[t, s, fb.arg(0), r],
        &[],
    );
    let v = fb.texture(Opcode::TextureLoad, float_n(4), &[t, fb.arg(1)], &[]);
    fb.texture(Opcode::TextureStore, Type::Void, &[t, fb.arg(1), v], &[]);
    fb.texture(Opcode::TextureLoad, float_n(4), &[t, fb.arg(0)], &[]);
    fb.texture(Opcode::TextureGather, float_n(4), &[t, s, fb.arg(0)], &[]);
    fb.texture(Opcode::TextureSample, float_n(4), &[t, s], &[]);
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%0 = texture_sample @g1, @g0, %arg0 : float4`: [resource-operand] operand 0 has type ptr<uniform_constant, SamplerState>, which texture_sample cannot use
        function @f, bb0, `%1 = texture_sample_compare @g0, @g1, %arg0, 0.5:float : float`: [resource-operand] operand 1 has type ptr<uniform_constant, SamplerState>, expected a pointer to SamplerComparisonState
        function @f, bb0, `texture_store @g0, %arg1, %2`: [resource-operand] operand 0 has type ptr<uniform_constant, Texture2D<float4>>, which texture_store cannot use
        function @f, bb0, `%3 = texture_load @g0, %arg0 : float4`: [resource-operand] operand 1 has type float2, expected a coordinate of 2 integers
        function @f, bb0, `%4 = texture_gather @g0, @g1, %arg0 : float4`: [operand-count] texture_gather needs a component from 0 to 3
        function @f, bb0, `%5 = texture_sample @g0, @g1 : float4`: [operand-count] texture_sample takes 3 to 5 operands, not 2
    "#]].assert_eq(&messages(&mb.finish()));
}

/// A combined image sampler (`vk::SampledTexture2D`) is its own sampler operand; another
/// texture in that place, or a plain texture named twice, is refused.
#[test]
fn combined_image_sampler_operands() {
    let mut mb = ModuleBuilder::new();
    let c = mb.resource(
        "c",
        texture(TextureDim::D2, TextureAccess::Sampled, float_n(4)),
        0,
        0,
    );
    let d = mb.resource(
        "d",
        texture(TextureDim::D2, TextureAccess::Sampled, Type::FLOAT),
        0,
        1,
    );
    let t = mb.resource(
        "t",
        texture(TextureDim::D2, TextureAccess::ReadOnly, float_n(4)),
        0,
        2,
    );
    let f = mb.declare_function("f", vec![float_n(2)], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let (c, d, t) = (Value::Global(c), Value::Global(d), Value::Global(t));
    fb.texture(Opcode::TextureSample, float_n(4), &[c, c, fb.arg(0)], &[]);
    let r = fb.float(0.5);
    fb.texture(
        Opcode::TextureSampleCompare,
        Type::FLOAT,
        &[d, d, fb.arg(0), r],
        &[],
    );
    fb.texture(Opcode::TextureGather, float_n(4), &[c, c, fb.arg(0)], &[1]);
    fb.texture(Opcode::TextureSample, float_n(4), &[c, d, fb.arg(0)], &[]);
    fb.texture(Opcode::TextureSample, float_n(4), &[t, t, fb.arg(0)], &[]);
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%3 = texture_sample @g0, @g1, %arg0 : float4`: [resource-operand] operand 1 has type ptr<uniform_constant, vk::SampledTexture2D<float>>, expected a pointer to SamplerState
        function @f, bb0, `%4 = texture_sample @g2, @g2, %arg0 : float4`: [resource-operand] operand 1 has type ptr<uniform_constant, Texture2D<float4>>, expected a pointer to SamplerState
    "#]].assert_eq(&messages(&mb.finish()));
}

#[test]
fn trailing_texture_operands() {
    let mut mb = ModuleBuilder::new();
    let t = mb.resource(
        "t",
        texture(TextureDim::D2, TextureAccess::ReadOnly, float_n(4)),
        0,
        0,
    );
    let s = mb.resource("s", sampler(false), 0, 1);
    let f = mb.declare_function("f", vec![float_n(2), int_n(2), int_n(3)], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let (t, s) = (Value::Global(t), Value::Global(s));
    let st = fb.alloca(Type::UINT, "st");
    let lod = fb.float(1.5);
    let fours = [0, 0, 1, 0, 0, 1, 1, 1];
    // Well formed: a clamp and a status; four offsets; a run-time gather offset.
    fb.texture(
        Opcode::TextureSample,
        float_n(4),
        &[t, s, fb.arg(0), lod, st],
        &[1, 1],
    );
    let mut lits = vec![2];
    lits.extend(fours);
    fb.texture(
        Opcode::TextureGather,
        float_n(4),
        &[t, s, fb.arg(0), st],
        &lits,
    );
    fb.texture(
        Opcode::TextureGather,
        float_n(4),
        &[t, s, fb.arg(0), fb.arg(1)],
        &[0],
    );
    // Ill formed: a clamp on a gather, a run-time offset on a sample, a status before the
    // clamp, a run-time offset beside offset immediates, one of the wrong size, four
    // offsets on a sample.
    fb.texture(
        Opcode::TextureGather,
        float_n(4),
        &[t, s, fb.arg(0), lod],
        &[0],
    );
    fb.texture(
        Opcode::TextureSample,
        float_n(4),
        &[t, s, fb.arg(0), fb.arg(1)],
        &[],
    );
    fb.texture(
        Opcode::TextureSample,
        float_n(4),
        &[t, s, fb.arg(0), st, lod],
        &[],
    );
    fb.texture(
        Opcode::TextureGather,
        float_n(4),
        &[t, s, fb.arg(0), fb.arg(1)],
        &[0, 1, 1],
    );
    fb.texture(
        Opcode::TextureGather,
        float_n(4),
        &[t, s, fb.arg(0), fb.arg(2)],
        &[0],
    );
    fb.texture(
        Opcode::TextureSample,
        float_n(4),
        &[t, s, fb.arg(0)],
        &fours,
    );
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%4 = texture_gather @g0, @g1, %arg0, 1.5:float, component(0) : float4`: [operand-count] operand 3 of type float is no trailing operand texture_gather takes here
        function @f, bb0, `%5 = texture_sample @g0, @g1, %arg0, %arg1 : float4`: [operand-count] operand 3 of type int2 is no trailing operand texture_sample takes here
        function @f, bb0, `%6 = texture_sample @g0, @g1, %arg0, %0, 1.5:float : float4`: [operand-count] operand 4 of type float is no trailing operand texture_sample takes here
        function @f, bb0, `%7 = texture_gather @g0, @g1, %arg0, component(0), offset(1, 1), offset(%arg1) : float4`: [operand-count] a run-time texel offset and offset immediates together
        function @f, bb0, `%8 = texture_gather @g0, @g1, %arg0, component(0), offset(%arg2) : float4`: [operand-count] operand 3 has type int3, expected a texel offset of 2 integers
        function @f, bb0, `%9 = texture_sample @g0, @g1, %arg0, offsets(0, 0, 1, 0, 0, 1, 1, 1) : float4`: [operand-count] the texel offset has 8 components, expected 2
    "#]].assert_eq(&messages(&mb.finish()));
}

#[test]
fn atomic_operands() {
    let mut mb = ModuleBuilder::new();
    let shared = mb.groupshared("shared_f", Type::FLOAT);
    let f = mb.declare_function("f", vec![Type::UINT, Type::INT], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let local = fb.alloca(Type::UINT, "local");
    fb.atomic_rmw(AtomicOp::Add, Type::UINT, &[local], fb.arg(0));
    // Float targets take exchange, add, min and max only.
    fb.atomic_rmw(
        AtomicOp::Xor,
        Type::FLOAT,
        &[Value::Global(shared)],
        fb.arg(0),
    );
    let counter = fb.module_builder().groupshared("counter", Type::UINT);
    fb.atomic_rmw(
        AtomicOp::Max,
        Type::UINT,
        &[Value::Global(counter)],
        fb.arg(1),
    );
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%1 = atomic_rmw add %0, %arg0 : uint`: [atomic-operand] target ptr<function, uint> is not a groupshared or buffer pointer
        function @f, bb0, `%2 = atomic_rmw xor @g0, %arg0 : float`: [atomic-operand] atomic target holds float, expected an integer scalar
        function @f, bb0, `%3 = atomic_rmw max @g1, %arg1 : uint`: [atomic-operand] operand 1 has type int, expected uint
    "#]].assert_eq(&messages(&mb.finish()));
}

#[test]
fn byte_address_atomic64_operands() {
    let mut mb = ModuleBuilder::new();
    let rw = |access| Type::resource(ResourceType::ByteAddressBuffer { access });
    let buf = mb.resource("buf", rw(TextureAccess::ReadWrite), 0, 0);
    let ro = mb.resource("ro", rw(TextureAccess::ReadOnly), 0, 1);
    let u64t = Type::Scalar(ScalarKind::Uint64);
    let f = mb.declare_function("f", vec![Type::UINT, u64t.clone()], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let (off, v) = (fb.arg(0), fb.arg(1));
    // Accepted: a 64-bit value at a uint byte offset of a read-write buffer.
    fb.atomic_rmw(AtomicOp::Add, u64t.clone(), &[Value::Global(buf), off], v);
    fb.atomic_compare_exchange(u64t.clone(), &[Value::Global(buf), off], v, v);
    // Refused: a read-only buffer, a 32-bit result.
    fb.atomic_rmw(AtomicOp::Add, u64t, &[Value::Global(ro), off], v);
    fb.atomic_rmw(AtomicOp::Add, Type::UINT, &[Value::Global(buf), off], off);
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%2 = atomic_rmw add @g1, %arg0, %arg1 : uint64_t`: [atomic-operand] with a coordinate, the target must be a texture or read-write byte-address buffer pointer (with a uint byte offset and a 64-bit result), not ptr<storage_buffer, ByteAddressBuffer>
        function @f, bb0, `%3 = atomic_rmw add @g0, %arg0, %arg0 : uint`: [atomic-operand] with a coordinate, the target must be a texture or read-write byte-address buffer pointer (with a uint byte offset and a 64-bit result), not ptr<storage_buffer, RWByteAddressBuffer>
    "#]].assert_eq(&messages(&mb.finish()));
}

#[test]
fn structure_markers() {
    let m = one_function(vec![Type::BOOL], Type::Void, |fb, entry| {
        let a = fb.create_block("a");
        let b = fb.create_block("b");
        let c = fb.create_block("c");
        // Selection header ending in br, merge outside the function.
        fb.set_marker(
            entry,
            StructureMarker {
                kind: StructureKind::Selection,
                merge: Handle::new(77),
                continue_block: None,
                hint: None,
            },
        );
        fb.br(a);
        // Loop without a continue block ending in cond_br.
        fb.switch_to_block(a);
        fb.set_marker(
            a,
            StructureMarker {
                kind: StructureKind::Loop,
                merge: c,
                continue_block: None,
                hint: None,
            },
        );
        fb.cond_br(fb.arg(0), b, c);
        // Loop whose continue block is its merge block, and a header that is its own merge.
        fb.switch_to_block(b);
        fb.mark_loop(b, c, c, None);
        fb.br(c);
        fb.switch_to_block(c);
        fb.mark_selection(c, c, None);
        fb.ret(None);
    });
    expect![[r#"
        function @f, bb0, `bb0: ; selection merge=bb?77 (entry)`: [structure-marker] merge block #77 is not in the function
        function @f, bb0, `bb0: ; selection merge=bb?77 (entry)`: [structure-marker] a selection header must end in cond_br or switch
        function @f, bb1, `bb1: ; loop merge=bb3 (a)`: [structure-marker] a loop needs a continue block
        function @f, bb1, `bb1: ; loop merge=bb3 (a)`: [structure-marker] a loop header must end in br
        function @f, bb2, `bb2: ; loop merge=bb3 continue=bb3 (b)`: [structure-marker] merge and continue blocks must differ
        function @f, bb3, `bb3: ; selection merge=bb3 (c)`: [structure-marker] a header cannot be its own merge block
        function @f, bb3, `bb3: ; selection merge=bb3 (c)`: [structure-marker] a selection header must end in cond_br or switch
    "#]].assert_eq(&messages(&m));
}

#[test]
fn garbage_never_panics() {
    let mut mb = ModuleBuilder::new();
    let c = mb.const_handle(Constant::int(1));
    mb.module_mut().constants.push(Constant {
        ty: float_n(2),
        kind: ConstantKind::Composite(vec![Handle::new(1), Handle::new(500)]),
    });
    let _ = c;
    let f = mb.declare_function("junk", vec![], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let mut d = InstData::new(
        Opcode::Phi,
        Type::INT,
        vec![Value::Inst(Handle::new(1000)), Value::Spec(Handle::new(3))],
    );
    d.blocks = vec![Handle::new(55)];
    fb.push(d);
    let mut d = InstData::new(
        Opcode::Switch,
        Type::Void,
        vec![Value::Const(Handle::new(1))],
    );
    d.blocks = vec![];
    d.literals = vec![1, 2];
    fb.push(d);
    let mut d = InstData::new(
        Opcode::Swizzle,
        float_n(2),
        vec![Value::Const(Handle::new(0))],
    );
    d.literals = vec![9, -3];
    fb.push(d);
    fb.inst(
        Opcode::AccessChain,
        Type::INT,
        vec![Value::Global(Handle::new(4))],
    );
    fb.function_mut().layout.push(Handle::new(12));
    let m = mb.finish();
    let text = messages(&m);
    assert!(!text.is_empty());
    // The printer copes with the same garbage.
    let dump = ir::print_module(&m);
    expect![[r#"
        constant #1: [constant] part 0 (#1) is not defined before it
        constant #1: [constant] part 1 is a dangling constant #500
        function @junk: [function-body] layout lists a dangling block #12
        function @junk, bb0, `%2 = access_chain @<bad global #4> : int`: [block-shape] block does not end in a terminator
        function @junk, bb0, `switch {<const #1 out of order>, <const #500 out of order>}:float2, <no default>, []`: [block-shape] terminator in the middle of a block
        function @junk, bb0, `%0 = phi [%<bad inst #1000>, bb?55], [spec(<bad #3>), <no block>] : int`: [operand] operand 0 is a dangling instruction #1000
        function @junk, bb0, `%0 = phi [%<bad inst #1000>, bb?55], [spec(<bad #3>), <no block>] : int`: [operand] operand 1 is a dangling spec constant #3
        function @junk, bb0, `%0 = phi [%<bad inst #1000>, bb?55], [spec(<bad #3>), <no block>] : int`: [block-reference] refers to block #55 which is not in the function
        function @junk, bb0, `switch {<const #1 out of order>, <const #500 out of order>}:float2, <no default>, []`: [operand-count] switch takes 3 target blocks, not 0
        function @junk, bb0, `switch {<const #1 out of order>, <const #500 out of order>}:float2, <no default>, []`: [branch-condition] selector has type float2, expected an integer scalar
        function @junk, bb0, `%1 = swizzle 1:int, ?? : float2`: [composite-type] components [9, -3] out of range for int
        function @junk, bb0, `%2 = access_chain @<bad global #4> : int`: [operand] operand 0 is a dangling global #4
        function @junk, bb0, `%0 = phi [%<bad inst #1000>, bb?55], [spec(<bad #3>), <no block>] : int`: [phi-predecessors] bb?55 is not a predecessor

        func @junk() -> void {
        bb0:
          %0 = phi [%<bad inst #1000>, bb?55], [spec(<bad #3>), <no block>] : int
          switch {<const #1 out of order>, <const #500 out of order>}:float2, <no default>, []
          %1 = swizzle 1:int, ?? : float2
          %2 = access_chain @<bad global #4> : int
        bb1: ; (missing block #12)
        }
    "#]].assert_eq(&format!("{text}\n{dump}"));
}

#[test]
fn garbage_block_contents_never_panic() {
    let mut m = one_function(vec![Type::INT], Type::Void, |fb, _| fb.ret(None));
    let f = &mut m.functions[Handle::new(0)];
    let b = f.layout[0];
    f.blocks[b].insts.insert(0, Handle::new(31));
    f.blocks[b].marker = Some(StructureMarker {
        kind: StructureKind::Loop,
        merge: Handle::new(8),
        continue_block: Some(Handle::new(9)),
        hint: None,
    });
    expect![[r#"
        function @f, bb0, `bb0: ; loop merge=bb?8 continue=bb?9 (entry)`: [parent-link] block lists a dangling instruction #31
        function @f, bb0, `bb0: ; loop merge=bb?8 continue=bb?9 (entry)`: [structure-marker] merge block #8 is not in the function
        function @f, bb0, `bb0: ; loop merge=bb?8 continue=bb?9 (entry)`: [structure-marker] continue block #9 is not in the function
        function @f, bb0, `bb0: ; loop merge=bb?8 continue=bb?9 (entry)`: [structure-marker] a loop header must end in br
    "#]].assert_eq(&messages(&m));
    let _ = ir::print_module(&m);
    let _ = (Value::Arg(0), ResourceType::RaytracingAccelerationStructure);
}

#[test]
fn texture_operand_types() {
    let mut mb = ModuleBuilder::new();
    let t = mb.resource(
        "t",
        texture(TextureDim::D2, TextureAccess::ReadOnly, float_n(4)),
        0,
        0,
    );
    let ms = mb.resource(
        "ms",
        texture(TextureDim::D2MS, TextureAccess::ReadOnly, float_n(4)),
        0,
        1,
    );
    let rw = mb.resource(
        "rw",
        texture(TextureDim::D2, TextureAccess::ReadWrite, float_n(4)),
        0,
        2,
    );
    let cube = mb.resource(
        "cube",
        texture(TextureDim::Cube, TextureAccess::ReadOnly, float_n(4)),
        0,
        3,
    );
    let s = mb.resource("s", sampler(false), 0, 4);
    let f = mb.declare_function(
        "f",
        vec![float_n(2), float_n(3), int_n(2), Type::INT],
        Type::Void,
    );
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let (t, ms, rw, cube, s) = (
        Value::Global(t),
        Value::Global(ms),
        Value::Global(rw),
        Value::Global(cube),
        Value::Global(s),
    );
    let (uv, uvw, ij, n) = (fb.arg(0), fb.arg(1), fb.arg(2), fb.arg(3));
    fb.texture(Opcode::TextureSample, float_n(4), &[t, s, uvw], &[]);
    fb.texture(Opcode::TextureSampleLevel, float_n(4), &[t, s, uv, uv], &[]);
    fb.texture(
        Opcode::TextureSampleGrad,
        float_n(4),
        &[t, s, uv, uvw, uv],
        &[],
    );
    fb.texture(Opcode::TextureLoad, float_n(4), &[ms, ij], &[]);
    fb.texture(Opcode::TextureLoad, float_n(4), &[rw, ij, n], &[]);
    fb.texture(Opcode::TextureStore, Type::Void, &[rw, ij, uv], &[]);
    // A sample index only on multisampled storage textures.
    fb.texture(Opcode::TextureStore, Type::Void, &[rw, ij, uv, n], &[]);
    fb.texture(Opcode::TextureSample, float_n(3), &[t, s, uv], &[]);
    fb.texture(Opcode::TextureSample, float_n(4), &[t, s, uv], &[1, 2, 3]);
    fb.texture(Opcode::TextureSample, float_n(4), &[cube, s, uvw], &[1, 1]);
    fb.texture(
        Opcode::TextureQuerySize,
        Type::vector(ScalarKind::Uint, 3),
        &[t],
        &[],
    );
    fb.texture(Opcode::TextureSample, float_n(4), &[rw, s, uv], &[]);
    fb.texture(Opcode::TextureSample, float_n(4), &[ms, s, uv], &[]);
    fb.texture(Opcode::TextureQuerySamples, Type::UINT, &[t], &[]);
    fb.texture(Opcode::TextureQueryLevels, Type::UINT, &[rw], &[]);
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%0 = texture_sample @g0, @g4, %arg1 : float4`: [resource-operand] operand 2 has type float3, expected a coordinate of 2 floats
        function @f, bb0, `%1 = texture_sample_level @g0, @g4, %arg0, %arg0 : float4`: [resource-operand] operand 3 has type float2, expected a float scalar
        function @f, bb0, `%2 = texture_sample_grad @g0, @g4, %arg0, %arg1, %arg0 : float4`: [resource-operand] operand 3 has type float3, expected a gradient of 2 floats
        function @f, bb0, `%3 = texture_load @g1, %arg2 : float4`: [operand-count] loads from a multisampled texture need a sample index
        function @f, bb0, `%4 = texture_load @g2, %arg2, %arg3 : float4`: [operand-count] read-write resources and buffers have no mip level
        function @f, bb0, `texture_store @g2, %arg2, %arg0`: [resource-operand] stores float2 into a resource of float4
        function @f, bb0, `texture_store @g2, %arg2, %arg0, %arg3`: [operand-count] only stores to a multisampled texture take a sample index
        function @f, bb0, `texture_store @g2, %arg2, %arg0, %arg3`: [resource-operand] stores float2 into a resource of float4
        function @f, bb0, `%5 = texture_sample @g0, @g4, %arg0 : float3`: [result-type] result type is float3, texture_sample yields float4
        function @f, bb0, `%6 = texture_sample @g0, @g4, %arg0, offset(1, 2, 3) : float4`: [operand-count] the texel offset has 3 components, expected 2
        function @f, bb0, `%7 = texture_sample @g3, @g4, %arg1, offset(1, 1) : float4`: [operand-count] texture_sample takes no texel offset here
        function @f, bb0, `%8 = texture_query_size @g0 : uint3`: [result-type] result type is uint3, texture_query_size yields uint2
        function @f, bb0, `%9 = texture_sample @g2, @g4, %arg0 : float4`: [resource-operand] operand 0 has type ptr<uniform_constant, RWTexture2D<float4>>, which texture_sample cannot use
        function @f, bb0, `%10 = texture_sample @g1, @g4, %arg0 : float4`: [resource-operand] operand 0 has type ptr<uniform_constant, Texture2DMS<float4>>, which texture_sample cannot use
        function @f, bb0, `%11 = texture_query_samples @g0 : uint`: [resource-operand] operand 0 has type ptr<uniform_constant, Texture2D<float4>>, which texture_query_samples cannot use
        function @f, bb0, `%12 = texture_query_levels @g2 : uint`: [resource-operand] operand 0 has type ptr<uniform_constant, RWTexture2D<float4>>, which texture_query_levels cannot use
    "#]].assert_eq(&messages(&mb.finish()));
}

#[test]
fn access_chains_into_resources() {
    let s = structure("S", &[("a", Type::FLOAT)]);
    let mut mb = ModuleBuilder::new();
    let raw = mb.resource(
        "raw",
        Type::resource(ResourceType::ByteAddressBuffer {
            access: TextureAccess::ReadWrite,
        }),
        0,
        0,
    );
    let t = mb.resource(
        "t",
        texture(TextureDim::D2, TextureAccess::ReadOnly, float_n(4)),
        0,
        1,
    );
    let sb = mb.resource(
        "sb",
        Type::resource(ResourceType::StructuredBuffer {
            kind: ir::types::StructuredKind::ReadOnly,
            element: s,
        }),
        0,
        2,
    );
    let f = mb.declare_function("f", vec![Type::UINT, Type::FLOAT], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let word = ptr(AddressSpace::StorageBuffer, Type::UINT);
    fb.inst(
        Opcode::AccessChain,
        word,
        vec![Value::Global(raw), fb.arg(0), fb.arg(0)],
    );
    let texel = ptr(AddressSpace::UniformConstant, float_n(4));
    fb.inst(
        Opcode::AccessChain,
        texel,
        vec![Value::Global(t), fb.arg(0)],
    );
    let member = ptr(AddressSpace::StorageBuffer, Type::FLOAT);
    let zero = fb.int(0);
    fb.inst(
        Opcode::AccessChain,
        member,
        vec![Value::Global(sb), fb.arg(1), zero],
    );
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%0 = access_chain @g0, %arg0, %arg0 : ptr<storage_buffer, uint>`: [access-chain] a byte-address buffer takes exactly one index
        function @f, bb0, `%1 = access_chain @g1, %arg0 : ptr<uniform_constant, float4>`: [access-chain] cannot index into Texture2D<float4>
        function @f, bb0, `%2 = access_chain @g2, %arg1, 0:int : ptr<storage_buffer, float>`: [access-chain] index 0 has type float, expected an integer scalar
    "#]].assert_eq(&messages(&mb.finish()));
}

#[test]
fn buffers_carry_a_matching_layout() {
    let s = structure("S", &[("a", Type::FLOAT), ("b", float_n(3))]);
    let cb_ty = Type::resource(ResourceType::ConstantBuffer { element: s.clone() });
    let mut mb = ModuleBuilder::new();
    let missing = mb.resource("missing", cb_ty.clone(), 0, 0);
    mb.module_mut().globals[missing].layout = None;
    let stale = mb.resource("stale", cb_ty, 0, 1);
    let other = structure("S", &[("a", Type::FLOAT)]);
    mb.module_mut().globals[stale].layout = Some(ir::types::BufferLayout::new(
        &other,
        ir::types::LayoutRules::RelaxedStd140,
    ));
    let t = mb.resource(
        "t",
        texture(TextureDim::D2, TextureAccess::ReadOnly, float_n(4)),
        0,
        2,
    );
    mb.module_mut().globals[t].layout = Some(ir::types::BufferLayout::new(
        &s,
        ir::types::LayoutRules::Std430,
    ));
    expect![[r#"
        global @g0 (missing): [global] a buffer needs a layout
        global @g1 (stale): [global] the relaxed_std140 layout does not match S
        global @g2 (t): [global] Texture2D<float4> has no buffer layout
    "#]]
    .assert_eq(&messages(&mb.finish()));
}

#[test]
fn resources_are_never_loaded_or_stored() {
    let mut mb = ModuleBuilder::new();
    let tex_ty = texture(TextureDim::D2, TextureAccess::ReadOnly, float_n(4));
    let t = mb.resource("t", tex_ty.clone(), 0, 0);
    let f = mb.declare_function("f", vec![], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let handle = fb.inst(Opcode::Load, tex_ty.clone(), vec![Value::Global(t)]);
    let local = fb.alloca(tex_ty, "copy");
    fb.store(local, handle);
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%0 = load @g0 : Texture2D<float4>`: [memory-type] Texture2D<float4> is used through its pointer and never loaded
        function @f, bb0, `store %1, %0`: [memory-type] stores into Texture2D<float4>, a resource
    "#]].assert_eq(&messages(&mb.finish()));
}

#[test]
fn stage_modes_belong_to_their_stage_and_are_complete() {
    use ir::{ExecutionMode as M, InputPrimitive, OutputTopology, TessDomain};
    let mut mb = ModuleBuilder::new();
    let payload = mb.task_payload("payload", Type::UINT);
    mb.module_mut().globals[payload].patch = true;
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        fb.ret(None);
    }
    let entry = |name: &str, stage, modes: Vec<M>, size| EntryPoint {
        name: name.into(),
        stage,
        function: f,
        inputs: vec![],
        outputs: vec![],
        workgroup_size: size,
        modes,
    };
    mb.entry_point(entry(
        "gs",
        Stage::Geometry,
        vec![
            M::InputPrimitive(InputPrimitive::Triangle),
            M::OutputTopology(OutputTopology::TriangleStrip),
            M::Domain(TessDomain::Quad),
            M::InputPrimitive(InputPrimitive::Point),
        ],
        None,
    ));
    mb.entry_point(entry(
        "hs",
        Stage::Hull,
        vec![M::Domain(TessDomain::Tri)],
        None,
    ));
    mb.entry_point(entry("ms", Stage::Mesh, vec![], None));
    mb.entry_point(entry("vs", Stage::Vertex, vec![M::Invocations(2)], None));
    expect![[r#"
        global @g0 (payload): [global] a task_payload global cannot be patch or per_primitive
        entry point "gs": [entry-point] domain(quad) is not a mode of geometry shaders
        entry point "gs": [entry-point] input_primitive is given twice
        entry point "gs": [entry-point] a geometry shader needs output_vertices
        entry point "hs": [entry-point] a hull shader needs tess_output
        entry point "hs": [entry-point] a hull shader needs output_vertices
        entry point "ms": [entry-point] a mesh shader needs output_topology
        entry point "ms": [entry-point] a mesh shader needs output_vertices
        entry point "ms": [entry-point] a mesh shader needs output_primitives
        entry point "ms": [entry-point] a mesh shader needs numthreads
        entry point "vs": [entry-point] invocations(2) is not a mode of vertex shaders
    "#]]
    .assert_eq(&messages(&mb.finish()));
}

#[test]
fn geometry_and_mesh_opcodes_check_their_operands() {
    let m = one_function(vec![Type::INT, float_n(4)], Type::Void, |fb, _| {
        let one = fb.uint(1);
        fb.emit_vertex();
        fb.inst(Opcode::EndPrimitive, Type::Void, vec![one]);
        // Stream ids: 0 to 3 are streams, 4 is not.
        let mut good = ir::InstData::new(Opcode::EmitVertex, Type::Void, Vec::new());
        good.literals = vec![3];
        fb.push(good);
        let mut bad = ir::InstData::new(Opcode::EmitVertex, Type::Void, Vec::new());
        bad.literals = vec![4];
        fb.push(bad);
        fb.set_mesh_outputs(fb.arg(0), one);
        fb.inst(Opcode::SetMeshOutputs, Type::INT, vec![one, one]);
        let p = fb.alloca(Type::UINT, "p");
        fb.emit_mesh_tasks(one, one, one, p);
    });
    expect![[r#"
        function @f, bb0, `end_primitive 1:uint`: [operand-count] end_primitive takes 0 operands, not 1
        function @f, bb0, `emit_vertex stream(4)`: [operand-count] takes at most one stream id, 0 to 3
        function @f, bb0, `set_mesh_outputs %arg0, 1:uint`: [arithmetic-type] operand 0 has type int, expected uint
        function @f, bb0, `%0 = set_mesh_outputs 1:uint, 1:uint : int`: [result-type] set_mesh_outputs has no result, but the type is int
        function @f, bb0, `emit_mesh_tasks 1:uint, 1:uint, 1:uint, %1`: [memory-type] the payload has type ptr<function, uint>, expected a pointer into task_payload
    "#]]
    .assert_eq(&messages(&m));
}

#[test]
fn ray_data_lives_in_a_ray_address_space_and_hits_end_blocks() {
    let mut mb = ModuleBuilder::new();
    mb.ray_data("payload", AddressSpace::IncomingRayPayload, Type::FLOAT);
    mb.global(GlobalVar::new(
        "misplaced",
        GlobalKind::RayData,
        AddressSpace::Private,
        Type::FLOAT,
    ));
    let f = mb.declare_function("f", vec![Type::BOOL], Type::Void);
    {
        let mut fb = mb.function(f);
        let b0 = fb.create_block("entry");
        let b1 = fb.create_block("ignore");
        let b2 = fb.create_block("accept");
        fb.switch_to_block(b0);
        fb.cond_br(fb.arg(0), b1, b2);
        fb.switch_to_block(b1);
        fb.inst(Opcode::IgnoreHit, Type::Void, Vec::new());
        fb.switch_to_block(b2);
        // A terminator that takes no operands.
        fb.inst(Opcode::AcceptHitAndEndSearch, Type::Void, vec![fb.arg(0)]);
    }
    expect![[r#"
        global @g1 (misplaced): [global] ray_data globals must be in a ray address space, not private
        function @f, bb2, `accept_hit_and_end_search %arg0`: [operand-count] accept_hit_and_end_search takes no operands
    "#]]
    .assert_eq(&messages(&mb.finish()));
}
