//! Verifier rules of the Vulkan-only intrinsics: `SubpassInput::SubpassLoad`,
//! `vk::RawBufferLoad`/`vk::RawBufferStore`, `vk::BufferPointer::Load`/`Store` and the opaque
//! `vk::ext_instruction`; one broken module per rule, with the messages it produces.

mod common;

use common::*;
use expect_test::expect;
use ir::intrinsic::ExtOperand;
use ir::types::{ResourceType, ScalarKind, Type};
use ir::{InstData, Intrinsic, ModuleBuilder, Opcode, Value};

fn subpass(multisampled: bool) -> Type {
    Type::resource(ResourceType::SubpassInput {
        multisampled,
        element: float_n(4),
    })
}

#[test]
fn subpass_loads_take_their_input_and_sample() {
    let mut mb = ModuleBuilder::new();
    let single = mb.resource("single", subpass(false), 0, 0);
    let ms = mb.resource("ms", subpass(true), 0, 1);
    let f = mb.declare_function("f", vec![], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    let s = Value::Global(single);
    let m = Value::Global(ms);
    // Valid: no messages for these two.
    fb.call_intrinsic(Intrinsic::SubpassLoad, float_n(4), &[s]);
    let two = fb.int(2);
    fb.call_intrinsic(Intrinsic::SubpassLoad, float_n(4), &[m, two]);
    // A sample index on a single-sampled input, none on a multisampled one, a float index,
    // the wrong result type, a value that is no subpass input.
    fb.call_intrinsic(Intrinsic::SubpassLoad, float_n(4), &[s, two]);
    fb.call_intrinsic(Intrinsic::SubpassLoad, float_n(4), &[m]);
    let half = fb.float(0.5);
    fb.call_intrinsic(Intrinsic::SubpassLoad, float_n(4), &[m, half]);
    fb.call_intrinsic(Intrinsic::SubpassLoad, Type::FLOAT, &[s]);
    fb.call_intrinsic(Intrinsic::SubpassLoad, float_n(4), &[two]);
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%2 = call_intrinsic SubpassInput::SubpassLoad(@g0, 2:int) : float4`: [operand-count] SubpassLoad of this input takes 1 operand(s)
        function @f, bb0, `%3 = call_intrinsic SubpassInput::SubpassLoad(@g1) : float4`: [operand-count] SubpassLoad of this input takes 2 operand(s)
        function @f, bb0, `%4 = call_intrinsic SubpassInput::SubpassLoad(@g1, 0.5:float) : float4`: [resource-operand] the sample index is float, not an integer
        function @f, bb0, `%5 = call_intrinsic SubpassInput::SubpassLoad(@g0) : float`: [result-type] SubpassLoad yields float4, not float
        function @f, bb0, `%6 = call_intrinsic SubpassInput::SubpassLoad(2:int) : float4`: [resource-operand] SubpassLoad reads through a pointer to a subpass input
    "#]]
    .assert_eq(&messages(&mb.finish()));
}

#[test]
fn raw_buffer_operands() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("f", vec![Type::Scalar(ScalarKind::Uint64)], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    let addr = fb.arg(0);
    let four = fb.uint(4);
    let three = fb.uint(3);
    let x = fb.float(1.0);
    // Valid.
    fb.call_intrinsic(Intrinsic::RawBufferLoad, Type::FLOAT, &[addr, four]);
    fb.call_intrinsic(Intrinsic::RawBufferStore, Type::Void, &[addr, x, four]);
    // A 32-bit address, an alignment of 3, a missing alignment, a store with a result.
    fb.call_intrinsic(Intrinsic::RawBufferLoad, Type::FLOAT, &[four, four]);
    fb.call_intrinsic(Intrinsic::RawBufferLoad, Type::FLOAT, &[addr, three]);
    fb.call_intrinsic(Intrinsic::RawBufferStore, Type::Void, &[addr, x]);
    fb.call_intrinsic(Intrinsic::RawBufferStore, Type::FLOAT, &[addr, x, four]);
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%1 = call_intrinsic vk::RawBufferLoad(4:uint, 4:uint) : float`: [operand] the address is uint, not uint64_t
        function @f, bb0, `%2 = call_intrinsic vk::RawBufferLoad(%arg0, 3:uint) : float`: [operand] the alignment is not a constant uint power of two
        function @f, bb0, `call_intrinsic vk::RawBufferStore(%arg0, 1.0:float)`: [operand-count] vk::RawBufferStore takes 3 operands
        function @f, bb0, `%3 = call_intrinsic vk::RawBufferStore(%arg0, 1.0:float, 4:uint) : float`: [result-type] a raw buffer store has no result
    "#]]
    .assert_eq(&messages(&mb.finish()));
}

#[test]
fn buffer_pointer_operands() {
    let mut mb = ModuleBuilder::new();
    let ptr = Type::buffer_pointer(Type::FLOAT, 4);
    let f = mb.declare_function("f", vec![ptr, Type::Scalar(ScalarKind::Uint64)], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    let p = fb.arg(0);
    let addr = fb.arg(1);
    let x = fb.float(1.0);
    let n = fb.int(1);
    // Valid.
    fb.call_intrinsic(Intrinsic::BufferPointerLoad, Type::FLOAT, &[p]);
    fb.call_intrinsic(Intrinsic::BufferPointerStore, Type::Void, &[p, x]);
    // A plain address, a result that is not the pointee, a value that is not the pointee, a
    // store with a result, a missing value.
    fb.call_intrinsic(Intrinsic::BufferPointerLoad, Type::FLOAT, &[addr]);
    fb.call_intrinsic(Intrinsic::BufferPointerLoad, Type::INT, &[p]);
    fb.call_intrinsic(Intrinsic::BufferPointerStore, Type::Void, &[p, n]);
    fb.call_intrinsic(Intrinsic::BufferPointerStore, Type::FLOAT, &[p, x]);
    fb.call_intrinsic(Intrinsic::BufferPointerStore, Type::Void, &[p]);
    // A path into a float.
    fb.call_intrinsic(Intrinsic::BufferPointerLoad, Type::FLOAT, &[p, n]);
    // Bitcasts: valid to and from the 64-bit address and to another pointer type; not to a
    // 32-bit integer, nor converted.
    fb.bitcast(p, Type::Scalar(ScalarKind::Uint64));
    fb.bitcast(addr, Type::buffer_pointer(Type::INT, 4));
    fb.bitcast(p, Type::buffer_pointer(Type::INT, 4));
    fb.bitcast(p, Type::UINT);
    fb.convert(p, Type::Scalar(ScalarKind::Uint64));
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%1 = call_intrinsic vk::BufferPointer::Load(%arg1) : float`: [operand] the pointer is uint64_t, not a buffer pointer
        function @f, bb0, `%2 = call_intrinsic vk::BufferPointer::Load(%arg0) : int`: [result-type] the load yields int, not float
        function @f, bb0, `call_intrinsic vk::BufferPointer::Store(%arg0, 1:int)`: [operand] the stored value is int, not float
        function @f, bb0, `%3 = call_intrinsic vk::BufferPointer::Store(%arg0, 1.0:float) : float`: [result-type] a buffer pointer store has no result
        function @f, bb0, `call_intrinsic vk::BufferPointer::Store(%arg0)`: [operand-count] vk::BufferPointer::Store takes at least 2 operand(s)
        function @f, bb0, `%4 = call_intrinsic vk::BufferPointer::Load(%arg0, 1:int) : float`: [operand] the access path does not fit the pointee (constant member indices, integer element and component indices)
        function @f, bb0, `%8 = bitcast %arg0 : uint`: [conversion-type] cannot bitcast bufptr<float, 4> to uint
        function @f, bb0, `%9 = convert %arg0 : uint64_t`: [conversion-type] cannot convert bufptr<float, 4> to uint64_t
    "#]]
    .assert_eq(&messages(&mb.finish()));
}

#[test]
fn buffer_pointer_access_paths() {
    use ir::types::{StructField, StructType};
    let field = |name: &str, ty: Type| StructField::new(name, ty);
    let s = Type::structure(StructType {
        name: "S".to_owned(),
        fields: vec![
            field("a", Type::FLOAT),
            field("b", Type::array(Type::UINT, 4)),
        ],
    });
    let mut mb = ModuleBuilder::new();
    let ptr = Type::buffer_pointer(s, 16);
    let f = mb.declare_function("f", vec![ptr, Type::INT], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    let p = fb.arg(0);
    let i = fb.arg(1);
    let zero = fb.int(0);
    let one = fb.int(1);
    let half = fb.float(0.5);
    // Valid: member a; element i of member b.
    fb.call_intrinsic(Intrinsic::BufferPointerLoad, Type::FLOAT, &[p, zero]);
    fb.call_intrinsic(Intrinsic::BufferPointerLoad, Type::UINT, &[p, one, i]);
    // A member index not constant, out of range, a float element index, the wrong part type.
    fb.call_intrinsic(Intrinsic::BufferPointerLoad, Type::FLOAT, &[p, i]);
    let five = fb.int(5);
    fb.call_intrinsic(Intrinsic::BufferPointerLoad, Type::FLOAT, &[p, five]);
    fb.call_intrinsic(Intrinsic::BufferPointerLoad, Type::UINT, &[p, one, half]);
    fb.call_intrinsic(
        Intrinsic::BufferPointerStore,
        Type::Void,
        &[p, half, one, i],
    );
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%2 = call_intrinsic vk::BufferPointer::Load(%arg0, %arg1) : float`: [operand] the access path does not fit the pointee (constant member indices, integer element and component indices)
        function @f, bb0, `%3 = call_intrinsic vk::BufferPointer::Load(%arg0, 5:int) : float`: [operand] the access path does not fit the pointee (constant member indices, integer element and component indices)
        function @f, bb0, `%4 = call_intrinsic vk::BufferPointer::Load(%arg0, 1:int, 0.5:float) : uint`: [operand] the access path does not fit the pointee (constant member indices, integer element and component indices)
        function @f, bb0, `call_intrinsic vk::BufferPointer::Store(%arg0, 0.5:float, 1:int, %arg1)`: [operand] the stored value is float, not uint
    "#]]
    .assert_eq(&messages(&mb.finish()));
}

#[test]
fn buffer_pointer_component_paths_and_atomics() {
    let mut mb = ModuleBuilder::new();
    let ptr = Type::buffer_pointer(Type::array(Type::vector(ScalarKind::Uint, 4), 2), 16);
    let f = mb.declare_function("f", vec![ptr, Type::INT], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    let p = fb.arg(0);
    let i = fb.arg(1);
    let one = fb.int(1);
    let two = fb.uint(2);
    // Valid: component i of element 1 loaded, stored and added to atomically.
    fb.call_intrinsic(Intrinsic::BufferPointerLoad, Type::UINT, &[p, one, i]);
    fb.call_intrinsic(Intrinsic::BufferPointerStore, Type::Void, &[p, two, one, i]);
    fb.atomic_rmw(ir::AtomicOp::Add, Type::UINT, &[p, one, i], two);
    fb.atomic_compare_exchange(Type::UINT, &[p, one, i], two, two);
    // A step past the scalar; an atomic on a whole vector; a value of the wrong type.
    fb.call_intrinsic(Intrinsic::BufferPointerLoad, Type::UINT, &[p, one, i, i]);
    fb.atomic_rmw(ir::AtomicOp::Add, Type::UINT, &[p, one], two);
    fb.atomic_rmw(ir::AtomicOp::Add, Type::UINT, &[p, one, i], one);
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `%3 = call_intrinsic vk::BufferPointer::Load(%arg0, 1:int, %arg1, %arg1) : uint`: [operand] the access path does not fit the pointee (constant member indices, integer element and component indices)
        function @f, bb0, `%4 = atomic_rmw add %arg0, 1:int, 2:uint : uint`: [atomic-operand] atomic target holds uint4, expected an integer scalar
        function @f, bb0, `%5 = atomic_rmw add %arg0, 1:int, %arg1, 1:int : uint`: [atomic-operand] operand 3 has type int, expected uint
    "#]].assert_eq(&messages(&mb.finish()));
}

#[test]
fn ext_instruction_operand_kinds() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("f", vec![], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    let x = fb.float(1.0);
    let op = |kinds: &[ExtOperand], set: i64, operands: Vec<Value>| {
        let mut d = InstData::new(
            Opcode::CallIntrinsic(Intrinsic::ExtInstruction),
            Type::Void,
            operands,
        );
        d.literals = vec![62, set];
        d.literals.extend(kinds.iter().map(|&k| k as i64));
        d
    };
    // A reference that is no pointer, a kind missing, a set that names no string.
    fb.push(op(
        &[ExtOperand::Reference, ExtOperand::Value],
        -1,
        vec![x, x],
    ));
    fb.push(op(&[ExtOperand::Value], -1, vec![x, x]));
    fb.push(op(&[ExtOperand::Literal], 7, vec![x]));
    fb.ret(None);
    expect![[r#"
        function @f, bb0, `call_intrinsic vk::ext_instruction[62](ref 1.0:float, 1.0:float)`: [operand] operand 0 does not fit its kind 2
        function @f, bb0, `call_intrinsic vk::ext_instruction[62](1.0:float, 1.0:float)`: [operand-count] vk::ext_instruction needs an opcode, a set and one operand kind per operand
        function @f, bb0, `call_intrinsic vk::ext_instruction[62](literal 1.0:float)`: [operand] the instruction set names no string of the module
        function @f, bb0, `call_intrinsic vk::ext_instruction[62](literal 1.0:float)`: [operand] operand 0 does not fit its kind 1
    "#]]
    .assert_eq(&messages(&mb.finish()));
}
