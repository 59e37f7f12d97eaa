//! Compute shaders: structured and byte-address buffers, loops in memory and SSA form,
//! groupshared memory, atomics and barriers, every target environment.

mod common;

use common::*;
use expect_test::expect;
use ir::types::{ResourceType, ScalarKind, StructuredKind, TextureAccess, Type};
use ir::{
    AtomicOp, BarrierFlags, BuiltIn, ControlHint, EntryPoint, ModuleBuilder, Opcode, Stage,
    StageBinding, Value,
};
use spirv_backend::TargetEnv;

fn rw_structured(element: Type) -> Type {
    Type::resource(ResourceType::StructuredBuffer {
        kind: StructuredKind::ReadWrite,
        element,
    })
}

fn compute_entry(mb: &mut ModuleBuilder, f: ir::Func, inputs: Vec<ir::Global>, size: [u32; 3]) {
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Compute,
        function: f,
        inputs,
        outputs: vec![],
        workgroup_size: Some(size),
        modes: Vec::new(),
    });
}

/// `for (int i = 0; i < 4; i++) sum += buf[i]; buf[id.x] = sum;` with locals in memory.
fn loop_sum_module(hint: Option<ControlHint>) -> ir::Module {
    let mut mb = ModuleBuilder::new();
    let id = mb.input(
        "in.var.SV_DispatchThreadID",
        uint_n(3),
        StageBinding::BuiltIn(BuiltIn::GlobalInvocationId),
    );
    let buf = mb.resource("buf", rw_structured(Type::FLOAT), 0, 0);
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let entry = fb.create_block("entry");
        let header = fb.create_block("for.header");
        let cond = fb.create_block("for.cond");
        let body = fb.create_block("for.body");
        let cont = fb.create_block("for.continue");
        let merge = fb.create_block("for.merge");
        fb.switch_to_block(entry);
        let sum = fb.alloca(Type::FLOAT, "sum");
        let i = fb.alloca(Type::INT, "i");
        let zero_f = fb.float(0.0);
        fb.store(sum, zero_f);
        let zero = fb.int(0);
        fb.store(i, zero);
        fb.br(header);
        fb.mark_loop(header, merge, cont, hint);
        fb.switch_to_block(header);
        fb.br(cond);
        fb.switch_to_block(cond);
        let iv = fb.load(i);
        let four = fb.int(4);
        let c = fb.compare(Opcode::Lt, iv, four);
        fb.cond_br(c, body, merge);
        fb.switch_to_block(body);
        let iv = fb.load(i);
        let p = fb.access_chain(Value::Global(buf), &[iv]);
        let x = fb.load(p);
        let s = fb.load(sum);
        let s2 = fb.binary(Opcode::Add, s, x);
        fb.store(sum, s2);
        fb.br(cont);
        fb.switch_to_block(cont);
        let iv = fb.load(i);
        let one = fb.int(1);
        let next = fb.binary(Opcode::Add, iv, one);
        fb.store(i, next);
        fb.br(header);
        fb.switch_to_block(merge);
        let idv = fb.load(Value::Global(id));
        let x = fb.extract(idv, &[0]);
        let p = fb.access_chain(Value::Global(buf), &[x]);
        let s = fb.load(sum);
        fb.store(p, s);
        fb.ret(None);
    }
    compute_entry(&mut mb, f, vec![id], [64, 1, 1]);
    mb.finish()
}

#[test]
fn loop_over_a_structured_buffer_in_memory_form() {
    check(
        &loop_sum_module(None),
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 44
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main" %in_var_SV_DispatchThreadID
        OpExecutionMode %main LocalSize 64 1 1
        OpName %main "main"
        OpName %in_var_SV_DispatchThreadID "in.var.SV_DispatchThreadID"
        OpName %type_RWStructuredBuffer_float "type.RWStructuredBuffer.float"
        OpMemberName %type_RWStructuredBuffer_float 0 "data"
        OpName %buf "buf"
        OpName %entry "entry"
        OpName %for_header "for.header"
        OpName %for_cond "for.cond"
        OpName %for_body "for.body"
        OpName %for_continue "for.continue"
        OpName %for_merge "for.merge"
        OpName %sum "sum"
        OpName %i "i"
        OpDecorate %in_var_SV_DispatchThreadID BuiltIn GlobalInvocationId
        OpDecorate %_runtimearr_float ArrayStride 4
        OpMemberDecorate %type_RWStructuredBuffer_float 0 Offset 0
        OpDecorate %type_RWStructuredBuffer_float BufferBlock
        OpDecorate %buf DescriptorSet 0
        OpDecorate %buf Binding 0
        %uint = OpTypeInt 32 0
        %v3uint = OpTypeVector %uint 3
        %_ptr_Input_v3uint = OpTypePointer Input %v3uint
        %in_var_SV_DispatchThreadID = OpVariable %_ptr_Input_v3uint Input
        %float = OpTypeFloat 32
        %_runtimearr_float = OpTypeRuntimeArray %float
        %type_RWStructuredBuffer_float = OpTypeStruct %_runtimearr_float
        %_ptr_Uniform_type_RWStructuredBuffer_float = OpTypePointer Uniform %type_RWStructuredBuffer_float
        %buf = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_float Uniform
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %_ptr_Function_float = OpTypePointer Function %float
        %int = OpTypeInt 32 1
        %_ptr_Function_int = OpTypePointer Function %int
        %float_0 = OpConstant %float 0.0
        %int_0 = OpConstant %int 0
        %int_4 = OpConstant %int 4
        %bool = OpTypeBool
        %uint_0 = OpConstant %uint 0
        %_ptr_Uniform_float = OpTypePointer Uniform %float
        %int_1 = OpConstant %int 1
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %sum = OpVariable %_ptr_Function_float Function
        %i = OpVariable %_ptr_Function_int Function
        OpStore %sum %float_0
        OpStore %i %int_0
        OpBranch %for_header
        %for_header = OpLabel
        OpLoopMerge %for_merge %for_continue None
        OpBranch %for_cond
        %for_cond = OpLabel
        %26 = OpLoad %int %i
        %29 = OpSLessThan %bool %26 %int_4
        OpBranchConditional %29 %for_body %for_merge
        %for_body = OpLabel
        %30 = OpLoad %int %i
        %33 = OpAccessChain %_ptr_Uniform_float %buf %uint_0 %30
        %34 = OpLoad %float %33
        %35 = OpLoad %float %sum
        %36 = OpFAdd %float %35 %34
        OpStore %sum %36
        OpBranch %for_continue
        %for_continue = OpLabel
        %37 = OpLoad %int %i
        %39 = OpIAdd %int %37 %int_1
        OpStore %i %39
        OpBranch %for_header
        %for_merge = OpLabel
        %40 = OpLoad %v3uint %in_var_SV_DispatchThreadID
        %41 = OpCompositeExtract %uint %40 0
        %42 = OpAccessChain %_ptr_Uniform_float %buf %uint_0 %41
        %43 = OpLoad %float %sum
        OpStore %42 %43
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn loop_hints_by_target() {
    // PartialCount needs SPIR-V 1.4: unroll(4) is a plain Unroll before it.
    let m = loop_sum_module(Some(ControlHint::Unroll(Some(4))));
    let text = emit_valid(&m, &spirv_backend::SpirvOptions::new(TargetEnv::Vulkan1_1));
    assert!(
        text.contains("OpLoopMerge %for_merge %for_continue Unroll\n"),
        "{text}"
    );
    let text = emit_valid(&m, &spirv_backend::SpirvOptions::new(TargetEnv::Vulkan1_2));
    assert!(
        text.contains("OpLoopMerge %for_merge %for_continue Unroll|PartialCount 4\n"),
        "{text}"
    );
    let m = loop_sum_module(Some(ControlHint::DontUnroll));
    let text = emit_valid(&m, &spirv_backend::SpirvOptions::new(TargetEnv::Vulkan1_0));
    assert!(text.contains("DontUnroll"), "{text}");
}

/// The same loop after mem2reg: the counter and the sum are phis in the header.
#[test]
fn loop_in_ssa_form_with_phis() {
    let mut mb = ModuleBuilder::new();
    let buf = mb.resource("buf", rw_structured(Type::FLOAT), 0, 0);
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let entry = fb.create_block("entry");
        let header = fb.create_block("for.header");
        let body = fb.create_block("for.body");
        let cont = fb.create_block("for.continue");
        let merge = fb.create_block("for.merge");
        fb.switch_to_block(entry);
        fb.br(header);
        fb.mark_loop(header, merge, cont, None);
        fb.switch_to_block(header);
        let zero = fb.int(0);
        let zero_f = fb.float(0.0);
        // Phis refer to values defined later (in the continue block).
        let i_phi = fb.phi(Type::INT, &[(zero, entry)]);
        let s_phi = fb.phi(Type::FLOAT, &[(zero_f, entry)]);
        let four = fb.int(4);
        let c = fb.compare(Opcode::Lt, i_phi, four);
        // The header ends in br: the test is in the body's first block.
        fb.br(body);
        fb.switch_to_block(body);
        let p = fb.access_chain(Value::Global(buf), &[i_phi]);
        let x = fb.load(p);
        let s2 = fb.binary(Opcode::Add, s_phi, x);
        let _ = c;
        fb.br(cont);
        fb.switch_to_block(cont);
        let one = fb.int(1);
        let next = fb.binary(Opcode::Add, i_phi, one);
        let c2 = fb.compare(Opcode::Lt, next, four);
        fb.cond_br(c2, header, merge);
        fb.switch_to_block(merge);
        let zero_u = fb.int(0);
        let p = fb.access_chain(Value::Global(buf), &[zero_u]);
        fb.store(p, s2);
        fb.ret(None);
        // Back edges of the phis.
        let (Value::Inst(ip), Value::Inst(sp)) = (i_phi, s_phi) else {
            unreachable!()
        };
        let func = fb.function_mut();
        func.insts[ip].operands.push(next);
        func.insts[ip].blocks.push(cont);
        func.insts[sp].operands.push(s2);
        func.insts[sp].blocks.push(cont);
    }
    compute_entry(&mut mb, f, vec![], [1, 1, 1]);
    check(
        &mb.finish(),
        expect![[r#"
            ; SPIR-V 1.0
            ; Bound: 34
            OpCapability Shader
            OpMemoryModel Logical GLSL450
            OpEntryPoint GLCompute %main "main"
            OpExecutionMode %main LocalSize 1 1 1
            OpName %main "main"
            OpName %type_RWStructuredBuffer_float "type.RWStructuredBuffer.float"
            OpMemberName %type_RWStructuredBuffer_float 0 "data"
            OpName %buf "buf"
            OpName %entry "entry"
            OpName %for_header "for.header"
            OpName %for_body "for.body"
            OpName %for_continue "for.continue"
            OpName %for_merge "for.merge"
            OpDecorate %_runtimearr_float ArrayStride 4
            OpMemberDecorate %type_RWStructuredBuffer_float 0 Offset 0
            OpDecorate %type_RWStructuredBuffer_float BufferBlock
            OpDecorate %buf DescriptorSet 0
            OpDecorate %buf Binding 0
            %float = OpTypeFloat 32
            %_runtimearr_float = OpTypeRuntimeArray %float
            %type_RWStructuredBuffer_float = OpTypeStruct %_runtimearr_float
            %_ptr_Uniform_type_RWStructuredBuffer_float = OpTypePointer Uniform %type_RWStructuredBuffer_float
            %buf = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_float Uniform
            %void = OpTypeVoid
            %fn_void = OpTypeFunction %void
            %int = OpTypeInt 32 1
            %int_0 = OpConstant %int 0
            %float_0 = OpConstant %float 0.0
            %int_4 = OpConstant %int 4
            %bool = OpTypeBool
            %uint = OpTypeInt 32 0
            %uint_0 = OpConstant %uint 0
            %_ptr_Uniform_float = OpTypePointer Uniform %float
            %int_1 = OpConstant %int 1
            %main = OpFunction %void None %fn_void
            %entry = OpLabel
            OpBranch %for_header
            %for_header = OpLabel
            %17 = OpPhi %int %int_0 %entry %16 %for_continue
            %20 = OpPhi %float %float_0 %entry %19 %for_continue
            %23 = OpSLessThan %bool %17 %int_4
            OpLoopMerge %for_merge %for_continue None
            OpBranch %for_body
            %for_body = OpLabel
            %27 = OpAccessChain %_ptr_Uniform_float %buf %uint_0 %17
            %28 = OpLoad %float %27
            %19 = OpFAdd %float %20 %28
            OpBranch %for_continue
            %for_continue = OpLabel
            %16 = OpIAdd %int %17 %int_1
            %32 = OpSLessThan %bool %16 %int_4
            OpBranchConditional %32 %for_header %for_merge
            %for_merge = OpLabel
            %33 = OpAccessChain %_ptr_Uniform_float %buf %uint_0 %int_0
            OpStore %33 %19
            OpReturn
            OpFunctionEnd
        "#]],
    );
}

#[test]
fn byte_address_buffer_loads_and_stores_of_several_widths() {
    let mut mb = ModuleBuilder::new();
    let src = mb.resource(
        "src",
        Type::resource(ResourceType::ByteAddressBuffer {
            access: TextureAccess::ReadOnly,
        }),
        0,
        0,
    );
    let dst = mb.resource(
        "dst",
        Type::resource(ResourceType::ByteAddressBuffer {
            access: TextureAccess::ReadWrite,
        }),
        0,
        1,
    );
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        let off = fb.uint(16);
        let a = fb.texture(
            Opcode::ByteAddressLoad,
            Type::UINT,
            &[Value::Global(src), off],
            &[],
        );
        let v = fb.texture(
            Opcode::ByteAddressLoad,
            float_n(4),
            &[Value::Global(src), off],
            &[],
        );
        let d = fb.texture(
            Opcode::ByteAddressLoad,
            Type::scalar(ScalarKind::Double),
            &[Value::Global(src), off],
            &[],
        );
        let o2 = fb.uint(32);
        fb.texture(
            Opcode::ByteAddressStore,
            Type::Void,
            &[Value::Global(dst), off, a],
            &[],
        );
        fb.texture(
            Opcode::ByteAddressStore,
            Type::Void,
            &[Value::Global(dst), o2, v],
            &[],
        );
        let o3 = fb.uint(64);
        fb.texture(
            Opcode::ByteAddressStore,
            Type::Void,
            &[Value::Global(dst), o3, d],
            &[],
        );
        let len = fb.texture(Opcode::ArrayLength, Type::UINT, &[Value::Global(dst)], &[]);
        let zero = fb.uint(0);
        fb.texture(
            Opcode::ByteAddressStore,
            Type::Void,
            &[Value::Global(dst), zero, len],
            &[],
        );
        fb.ret(None);
    }
    compute_entry(&mut mb, f, vec![], [1, 1, 1]);
    check(
        &mb.finish(),
        expect![[r#"
            ; SPIR-V 1.0
            ; Bound: 76
            OpCapability Shader
            OpCapability Float64
            OpMemoryModel Logical GLSL450
            OpEntryPoint GLCompute %main "main"
            OpExecutionMode %main LocalSize 1 1 1
            OpName %main "main"
            OpName %type_ByteAddressBuffer "type.ByteAddressBuffer"
            OpMemberName %type_ByteAddressBuffer 0 "data"
            OpName %src "src"
            OpName %type_RWByteAddressBuffer "type.RWByteAddressBuffer"
            OpMemberName %type_RWByteAddressBuffer 0 "data"
            OpName %dst "dst"
            OpDecorate %_runtimearr_uint ArrayStride 4
            OpMemberDecorate %type_ByteAddressBuffer 0 Offset 0
            OpMemberDecorate %type_ByteAddressBuffer 0 NonWritable
            OpDecorate %type_ByteAddressBuffer BufferBlock
            OpDecorate %src DescriptorSet 0
            OpDecorate %src Binding 0
            OpMemberDecorate %type_RWByteAddressBuffer 0 Offset 0
            OpDecorate %type_RWByteAddressBuffer BufferBlock
            OpDecorate %dst DescriptorSet 0
            OpDecorate %dst Binding 1
            %uint = OpTypeInt 32 0
            %_runtimearr_uint = OpTypeRuntimeArray %uint
            %type_ByteAddressBuffer = OpTypeStruct %_runtimearr_uint
            %_ptr_Uniform_type_ByteAddressBuffer = OpTypePointer Uniform %type_ByteAddressBuffer
            %src = OpVariable %_ptr_Uniform_type_ByteAddressBuffer Uniform
            %type_RWByteAddressBuffer = OpTypeStruct %_runtimearr_uint
            %_ptr_Uniform_type_RWByteAddressBuffer = OpTypePointer Uniform %type_RWByteAddressBuffer
            %dst = OpVariable %_ptr_Uniform_type_RWByteAddressBuffer Uniform
            %void = OpTypeVoid
            %fn_void = OpTypeFunction %void
            %_ptr_Uniform_uint = OpTypePointer Uniform %uint
            %uint_16 = OpConstant %uint 16
            %uint_2 = OpConstant %uint 2
            %uint_0 = OpConstant %uint 0
            %float = OpTypeFloat 32
            %v4float = OpTypeVector %float 4
            %uint_1 = OpConstant %uint 1
            %uint_3 = OpConstant %uint 3
            %v4uint = OpTypeVector %uint 4
            %double = OpTypeFloat 64
            %v2uint = OpTypeVector %uint 2
            %uint_32 = OpConstant %uint 32
            %uint_64 = OpConstant %uint 64
            %main = OpFunction %void None %fn_void
            %12 = OpLabel
            %16 = OpShiftRightLogical %uint %uint_16 %uint_2
            %18 = OpAccessChain %_ptr_Uniform_uint %src %uint_0 %16
            %19 = OpLoad %uint %18
            %22 = OpShiftRightLogical %uint %uint_16 %uint_2
            %23 = OpAccessChain %_ptr_Uniform_uint %src %uint_0 %22
            %25 = OpIAdd %uint %22 %uint_1
            %26 = OpAccessChain %_ptr_Uniform_uint %src %uint_0 %25
            %27 = OpIAdd %uint %22 %uint_2
            %28 = OpAccessChain %_ptr_Uniform_uint %src %uint_0 %27
            %30 = OpIAdd %uint %22 %uint_3
            %31 = OpAccessChain %_ptr_Uniform_uint %src %uint_0 %30
            %33 = OpLoad %uint %23
            %34 = OpLoad %uint %26
            %35 = OpLoad %uint %28
            %36 = OpLoad %uint %31
            %37 = OpCompositeConstruct %v4uint %33 %34 %35 %36
            %38 = OpBitcast %v4float %37
            %40 = OpShiftRightLogical %uint %uint_16 %uint_2
            %41 = OpAccessChain %_ptr_Uniform_uint %src %uint_0 %40
            %42 = OpIAdd %uint %40 %uint_1
            %43 = OpAccessChain %_ptr_Uniform_uint %src %uint_0 %42
            %45 = OpLoad %uint %41
            %46 = OpLoad %uint %43
            %47 = OpCompositeConstruct %v2uint %45 %46
            %48 = OpBitcast %double %47
            %49 = OpShiftRightLogical %uint %uint_16 %uint_2
            %50 = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 %49
            OpStore %50 %19
            %52 = OpShiftRightLogical %uint %uint_32 %uint_2
            %53 = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 %52
            %54 = OpIAdd %uint %52 %uint_1
            %55 = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 %54
            %56 = OpIAdd %uint %52 %uint_2
            %57 = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 %56
            %58 = OpIAdd %uint %52 %uint_3
            %59 = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 %58
            %60 = OpBitcast %v4uint %38
            %61 = OpCompositeExtract %uint %60 0
            OpStore %53 %61
            %62 = OpCompositeExtract %uint %60 1
            OpStore %55 %62
            %63 = OpCompositeExtract %uint %60 2
            OpStore %57 %63
            %64 = OpCompositeExtract %uint %60 3
            OpStore %59 %64
            %66 = OpShiftRightLogical %uint %uint_64 %uint_2
            %67 = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 %66
            %68 = OpIAdd %uint %66 %uint_1
            %69 = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 %68
            %70 = OpBitcast %v2uint %48
            %71 = OpCompositeExtract %uint %70 0
            OpStore %67 %71
            %72 = OpCompositeExtract %uint %70 1
            OpStore %69 %72
            %73 = OpArrayLength %uint %dst 0
            %74 = OpShiftRightLogical %uint %uint_0 %uint_2
            %75 = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 %74
            OpStore %75 %73
            OpReturn
            OpFunctionEnd
        "#]],
    );
}

#[test]
fn barriers_with_dxc_scopes_and_semantics() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        let wg = BarrierFlags::WORKGROUP_MEMORY;
        let dev = BarrierFlags::DEVICE_MEMORY;
        let sync = BarrierFlags::GROUP_SYNC;
        fb.barrier(wg);
        fb.barrier(wg | sync);
        fb.barrier(dev);
        fb.barrier(dev | sync);
        fb.barrier(BarrierFlags::ALL_MEMORY);
        fb.barrier(BarrierFlags::ALL_MEMORY | sync);
        fb.barrier(sync);
        fb.ret(None);
    }
    compute_entry(&mut mb, f, vec![], [8, 8, 1]);
    check(
        &mb.finish(),
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 12
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main"
        OpExecutionMode %main LocalSize 8 8 1
        OpName %main "main"
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint = OpTypeInt 32 0
        %uint_2 = OpConstant %uint 2
        %uint_264 = OpConstant %uint 264
        %uint_1 = OpConstant %uint 1
        %uint_2120 = OpConstant %uint 2120
        %uint_2376 = OpConstant %uint 2376
        %uint_0 = OpConstant %uint 0
        %main = OpFunction %void None %fn_void
        %4 = OpLabel
        OpMemoryBarrier %uint_2 %uint_264
        OpControlBarrier %uint_2 %uint_2 %uint_264
        OpMemoryBarrier %uint_1 %uint_2120
        OpControlBarrier %uint_2 %uint_1 %uint_2120
        OpMemoryBarrier %uint_1 %uint_2376
        OpControlBarrier %uint_2 %uint_1 %uint_2376
        OpControlBarrier %uint_2 %uint_2 %uint_0
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn atomics_on_groupshared_buffers_words_and_textures() {
    let mut mb = ModuleBuilder::new();
    let shared = mb.groupshared("counter", Type::UINT);
    let ibuf = mb.resource("ints", rw_structured(Type::INT), 0, 0);
    let raw = mb.resource(
        "raw",
        Type::resource(ResourceType::ByteAddressBuffer {
            access: TextureAccess::ReadWrite,
        }),
        0,
        1,
    );
    let img = mb.resource(
        "img",
        texture(
            ir::types::TextureDim::D2,
            TextureAccess::ReadWrite,
            Type::UINT,
        ),
        0,
        2,
    );
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        let one = fb.uint(1);
        let old = fb.atomic_rmw(AtomicOp::Add, Type::UINT, &[Value::Global(shared)], one);
        let zero = fb.int(0);
        let p = fb.access_chain(Value::Global(ibuf), &[zero]);
        let five = fb.int(5);
        fb.atomic_rmw(AtomicOp::Min, Type::INT, &[p], five);
        fb.atomic_rmw(AtomicOp::Max, Type::INT, &[p], five);
        fb.atomic_compare_exchange(Type::INT, &[p], zero, five);
        let w = fb.access_chain(Value::Global(raw), &[one]);
        fb.atomic_rmw(AtomicOp::Or, Type::UINT, &[w], old);
        fb.atomic_rmw(AtomicOp::Xor, Type::UINT, &[w], old);
        fb.atomic_rmw(AtomicOp::And, Type::UINT, &[w], old);
        fb.atomic_rmw(AtomicOp::Min, Type::UINT, &[w], old);
        fb.atomic_rmw(AtomicOp::Exchange, Type::UINT, &[w], old);
        let coord = fb.constant(ir::Constant::int(0));
        let c2 = fb.construct(int_n(2), &[coord, coord]);
        fb.atomic_rmw(AtomicOp::Add, Type::UINT, &[Value::Global(img), c2], one);
        fb.atomic_compare_exchange(Type::UINT, &[Value::Global(img), c2], old, one);
        fb.ret(None);
    }
    compute_entry(&mut mb, f, vec![], [1, 1, 1]);
    check(
        &mb.finish(),
        expect![[r#"
            ; SPIR-V 1.0
            ; Bound: 45
            OpCapability Shader
            OpMemoryModel Logical GLSL450
            OpEntryPoint GLCompute %main "main"
            OpExecutionMode %main LocalSize 1 1 1
            OpName %main "main"
            OpName %counter "counter"
            OpName %type_RWStructuredBuffer_int "type.RWStructuredBuffer.int"
            OpMemberName %type_RWStructuredBuffer_int 0 "data"
            OpName %ints "ints"
            OpName %type_RWByteAddressBuffer "type.RWByteAddressBuffer"
            OpMemberName %type_RWByteAddressBuffer 0 "data"
            OpName %raw "raw"
            OpName %img "img"
            OpDecorate %_runtimearr_int ArrayStride 4
            OpMemberDecorate %type_RWStructuredBuffer_int 0 Offset 0
            OpDecorate %type_RWStructuredBuffer_int BufferBlock
            OpDecorate %ints DescriptorSet 0
            OpDecorate %ints Binding 0
            OpDecorate %_runtimearr_uint ArrayStride 4
            OpMemberDecorate %type_RWByteAddressBuffer 0 Offset 0
            OpDecorate %type_RWByteAddressBuffer BufferBlock
            OpDecorate %raw DescriptorSet 0
            OpDecorate %raw Binding 1
            OpDecorate %img DescriptorSet 0
            OpDecorate %img Binding 2
            %uint = OpTypeInt 32 0
            %_ptr_Workgroup_uint = OpTypePointer Workgroup %uint
            %counter = OpVariable %_ptr_Workgroup_uint Workgroup
            %int = OpTypeInt 32 1
            %_runtimearr_int = OpTypeRuntimeArray %int
            %type_RWStructuredBuffer_int = OpTypeStruct %_runtimearr_int
            %_ptr_Uniform_type_RWStructuredBuffer_int = OpTypePointer Uniform %type_RWStructuredBuffer_int
            %ints = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_int Uniform
            %_runtimearr_uint = OpTypeRuntimeArray %uint
            %type_RWByteAddressBuffer = OpTypeStruct %_runtimearr_uint
            %_ptr_Uniform_type_RWByteAddressBuffer = OpTypePointer Uniform %type_RWByteAddressBuffer
            %raw = OpVariable %_ptr_Uniform_type_RWByteAddressBuffer Uniform
            %type_image = OpTypeImage %uint 2D 0 0 0 2 R32ui
            %_ptr_UniformConstant_type_image = OpTypePointer UniformConstant %type_image
            %img = OpVariable %_ptr_UniformConstant_type_image UniformConstant
            %void = OpTypeVoid
            %fn_void = OpTypeFunction %void
            %uint_1 = OpConstant %uint 1
            %uint_2 = OpConstant %uint 2
            %uint_0 = OpConstant %uint 0
            %int_0 = OpConstant %int 0
            %_ptr_Uniform_int = OpTypePointer Uniform %int
            %int_5 = OpConstant %int 5
            %_ptr_Uniform_uint = OpTypePointer Uniform %uint
            %v2int = OpTypeVector %int 2
            %_ptr_Image_uint = OpTypePointer Image %uint
            %main = OpFunction %void None %fn_void
            %19 = OpLabel
            %23 = OpAtomicIAdd %uint %counter %uint_2 %uint_0 %uint_1
            %26 = OpAccessChain %_ptr_Uniform_int %ints %uint_0 %int_0
            %28 = OpAtomicSMin %int %26 %uint_1 %uint_0 %int_5
            %29 = OpAtomicSMax %int %26 %uint_1 %uint_0 %int_5
            %30 = OpAtomicCompareExchange %int %26 %uint_1 %uint_0 %uint_0 %int_5 %int_0
            %32 = OpAccessChain %_ptr_Uniform_uint %raw %uint_0 %uint_1
            %33 = OpAtomicOr %uint %32 %uint_1 %uint_0 %23
            %34 = OpAtomicXor %uint %32 %uint_1 %uint_0 %23
            %35 = OpAtomicAnd %uint %32 %uint_1 %uint_0 %23
            %36 = OpAtomicUMin %uint %32 %uint_1 %uint_0 %23
            %37 = OpAtomicExchange %uint %32 %uint_1 %uint_0 %23
            %39 = OpCompositeConstruct %v2int %int_0 %int_0
            %41 = OpImageTexelPointer %_ptr_Image_uint %img %39 %uint_0
            %42 = OpAtomicIAdd %uint %41 %uint_1 %uint_0 %uint_1
            %43 = OpImageTexelPointer %_ptr_Image_uint %img %39 %uint_0
            %44 = OpAtomicCompareExchange %uint %43 %uint_1 %uint_0 %uint_0 %uint_1 %23
            OpReturn
            OpFunctionEnd
        "#]],
    );
}

/// `Append` as lowering writes it: an atomic add on the counter word, then a store.
#[test]
fn append_buffer_with_its_counter() {
    let mut mb = ModuleBuilder::new();
    let out = mb.resource(
        "out",
        Type::resource(ResourceType::StructuredBuffer {
            kind: StructuredKind::Append,
            element: float_n(4),
        }),
        0,
        0,
    );
    let counter = mb.resource(
        "counter.var.out",
        Type::resource(ResourceType::ByteAddressBuffer {
            access: TextureAccess::ReadWrite,
        }),
        0,
        1,
    );
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        let zero = fb.uint(0);
        let one = fb.uint(1);
        let w = fb.access_chain(Value::Global(counter), &[zero]);
        let slot = fb.atomic_rmw(AtomicOp::Add, Type::UINT, &[w], one);
        let p = fb.access_chain(Value::Global(out), &[slot]);
        let v = fb.constant(ir::Constant::float(1.0));
        let v4 = fb.construct(float_n(4), &[v, v, v, v]);
        fb.store(p, v4);
        fb.ret(None);
    }
    compute_entry(&mut mb, f, vec![], [1, 1, 1]);
    check(
        &mb.finish(),
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 25
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main"
        OpExecutionMode %main LocalSize 1 1 1
        OpName %main "main"
        OpName %type_AppendStructuredBuffer_float4 "type.AppendStructuredBuffer.float4"
        OpMemberName %type_AppendStructuredBuffer_float4 0 "data"
        OpName %out "out"
        OpName %type_RWByteAddressBuffer "type.RWByteAddressBuffer"
        OpMemberName %type_RWByteAddressBuffer 0 "data"
        OpName %counter_var_out "counter.var.out"
        OpDecorate %_runtimearr_v4float ArrayStride 16
        OpMemberDecorate %type_AppendStructuredBuffer_float4 0 Offset 0
        OpDecorate %type_AppendStructuredBuffer_float4 BufferBlock
        OpDecorate %out DescriptorSet 0
        OpDecorate %out Binding 0
        OpDecorate %_runtimearr_uint ArrayStride 4
        OpMemberDecorate %type_RWByteAddressBuffer 0 Offset 0
        OpDecorate %type_RWByteAddressBuffer BufferBlock
        OpDecorate %counter_var_out DescriptorSet 0
        OpDecorate %counter_var_out Binding 1
        %float = OpTypeFloat 32
        %v4float = OpTypeVector %float 4
        %_runtimearr_v4float = OpTypeRuntimeArray %v4float
        %type_AppendStructuredBuffer_float4 = OpTypeStruct %_runtimearr_v4float
        %_ptr_Uniform_type_AppendStructuredBuffer_float4 = OpTypePointer Uniform %type_AppendStructuredBuffer_float4
        %out = OpVariable %_ptr_Uniform_type_AppendStructuredBuffer_float4 Uniform
        %uint = OpTypeInt 32 0
        %_runtimearr_uint = OpTypeRuntimeArray %uint
        %type_RWByteAddressBuffer = OpTypeStruct %_runtimearr_uint
        %_ptr_Uniform_type_RWByteAddressBuffer = OpTypePointer Uniform %type_RWByteAddressBuffer
        %counter_var_out = OpVariable %_ptr_Uniform_type_RWByteAddressBuffer Uniform
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint_0 = OpConstant %uint 0
        %_ptr_Uniform_uint = OpTypePointer Uniform %uint
        %uint_1 = OpConstant %uint 1
        %_ptr_Uniform_v4float = OpTypePointer Uniform %v4float
        %float_1 = OpConstant %float 1.0
        %main = OpFunction %void None %fn_void
        %15 = OpLabel
        %18 = OpAccessChain %_ptr_Uniform_uint %counter_var_out %uint_0 %uint_0
        %20 = OpAtomicIAdd %uint %18 %uint_1 %uint_0 %uint_1
        %22 = OpAccessChain %_ptr_Uniform_v4float %out %uint_0 %20
        %24 = OpCompositeConstruct %v4float %float_1 %float_1 %float_1 %float_1
        OpStore %22 %24
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn structured_buffer_of_structs_with_matrices_and_arrays() {
    let particle = structure(
        "Particle",
        &[
            ("pos", float_n(3)),
            ("life", Type::FLOAT),
            (
                "xform",
                Type::matrix_with(
                    ScalarKind::Float,
                    3,
                    4,
                    ir::types::MatrixOrientation::RowMajor,
                ),
            ),
            ("basis", Type::matrix(ScalarKind::Float, 2, 3)),
            ("weights", Type::array(Type::FLOAT, 3)),
            ("alive", Type::BOOL),
        ],
    );
    let mut mb = ModuleBuilder::new();
    let sb = mb.resource(
        "particles",
        Type::resource(ResourceType::StructuredBuffer {
            kind: StructuredKind::ReadOnly,
            element: particle.clone(),
        }),
        0,
        0,
    );
    let out = mb.resource("out", rw_structured(particle), 0, 1);
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        let zero = fb.int(0);
        let p = fb.access_chain(Value::Global(sb), &[zero]);
        // A whole element: layout and bool conversions both ways.
        let whole = fb.load(p);
        let q = fb.access_chain(Value::Global(out), &[zero]);
        fb.store(q, whole);
        let five = fb.int(5);
        let alive = fb.access_chain(Value::Global(sb), &[zero, five]);
        let a = fb.load(alive);
        let qa = fb.access_chain(Value::Global(out), &[zero, five]);
        fb.store(qa, a);
        let two = fb.int(2);
        let one = fb.int(1);
        let row = fb.access_chain(Value::Global(sb), &[zero, two, one]);
        let r = fb.load(row);
        let qr = fb.access_chain(Value::Global(out), &[zero, two, zero]);
        fb.store(qr, r);
        fb.ret(None);
    }
    compute_entry(&mut mb, f, vec![], [1, 1, 1]);
    check(
        &mb.finish(),
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 69
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main"
        OpExecutionMode %main LocalSize 1 1 1
        OpName %main "main"
        OpName %Particle "Particle"
        OpMemberName %Particle 0 "pos"
        OpMemberName %Particle 1 "life"
        OpMemberName %Particle 2 "xform"
        OpMemberName %Particle 3 "basis"
        OpMemberName %Particle 4 "weights"
        OpMemberName %Particle 5 "alive"
        OpName %type_StructuredBuffer_Particle "type.StructuredBuffer.Particle"
        OpMemberName %type_StructuredBuffer_Particle 0 "data"
        OpName %particles "particles"
        OpName %type_RWStructuredBuffer_Particle "type.RWStructuredBuffer.Particle"
        OpMemberName %type_RWStructuredBuffer_Particle 0 "data"
        OpName %out "out"
        OpName %Particle_0 "Particle"
        OpMemberName %Particle_0 0 "pos"
        OpMemberName %Particle_0 1 "life"
        OpMemberName %Particle_0 2 "xform"
        OpMemberName %Particle_0 3 "basis"
        OpMemberName %Particle_0 4 "weights"
        OpMemberName %Particle_0 5 "alive"
        OpDecorate %_arr_float_uint_3 ArrayStride 4
        OpMemberDecorate %Particle 0 Offset 0
        OpMemberDecorate %Particle 1 Offset 12
        OpMemberDecorate %Particle 2 Offset 16
        OpMemberDecorate %Particle 2 MatrixStride 16
        OpMemberDecorate %Particle 2 ColMajor
        OpMemberDecorate %Particle 3 Offset 64
        OpMemberDecorate %Particle 3 MatrixStride 8
        OpMemberDecorate %Particle 3 RowMajor
        OpMemberDecorate %Particle 4 Offset 88
        OpMemberDecorate %Particle 5 Offset 100
        OpDecorate %_runtimearr_Particle ArrayStride 112
        OpMemberDecorate %type_StructuredBuffer_Particle 0 Offset 0
        OpMemberDecorate %type_StructuredBuffer_Particle 0 NonWritable
        OpDecorate %type_StructuredBuffer_Particle BufferBlock
        OpDecorate %particles DescriptorSet 0
        OpDecorate %particles Binding 0
        OpMemberDecorate %type_RWStructuredBuffer_Particle 0 Offset 0
        OpDecorate %type_RWStructuredBuffer_Particle BufferBlock
        OpDecorate %out DescriptorSet 0
        OpDecorate %out Binding 1
        %float = OpTypeFloat 32
        %v3float = OpTypeVector %float 3
        %v4float = OpTypeVector %float 4
        %mat3v4float = OpTypeMatrix %v4float 3
        %mat2v3float = OpTypeMatrix %v3float 2
        %uint = OpTypeInt 32 0
        %uint_3 = OpConstant %uint 3
        %_arr_float_uint_3 = OpTypeArray %float %uint_3
        %Particle = OpTypeStruct %v3float %float %mat3v4float %mat2v3float %_arr_float_uint_3 %uint
        %_runtimearr_Particle = OpTypeRuntimeArray %Particle
        %type_StructuredBuffer_Particle = OpTypeStruct %_runtimearr_Particle
        %_ptr_Uniform_type_StructuredBuffer_Particle = OpTypePointer Uniform %type_StructuredBuffer_Particle
        %particles = OpVariable %_ptr_Uniform_type_StructuredBuffer_Particle Uniform
        %type_RWStructuredBuffer_Particle = OpTypeStruct %_runtimearr_Particle
        %_ptr_Uniform_type_RWStructuredBuffer_Particle = OpTypePointer Uniform %type_RWStructuredBuffer_Particle
        %out = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_Particle Uniform
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint_0 = OpConstant %uint 0
        %int = OpTypeInt 32 1
        %int_0 = OpConstant %int 0
        %_ptr_Uniform_Particle = OpTypePointer Uniform %Particle
        %_arr_float_uint_3_0 = OpTypeArray %float %uint_3
        %bool = OpTypeBool
        %Particle_0 = OpTypeStruct %v3float %float %mat3v4float %mat2v3float %_arr_float_uint_3_0 %bool
        %uint_1 = OpConstant %uint 1
        %uint_5 = OpConstant %uint 5
        %_ptr_Uniform_uint = OpTypePointer Uniform %uint
        %uint_2 = OpConstant %uint 2
        %int_1 = OpConstant %int 1
        %_ptr_Uniform_v4float = OpTypePointer Uniform %v4float
        %main = OpFunction %void None %fn_void
        %20 = OpLabel
        %25 = OpAccessChain %_ptr_Uniform_Particle %particles %uint_0 %int_0
        %26 = OpLoad %Particle %25
        %30 = OpCompositeExtract %v3float %26 0
        %31 = OpCompositeExtract %float %26 1
        %32 = OpCompositeExtract %mat3v4float %26 2
        %33 = OpCompositeExtract %mat2v3float %26 3
        %34 = OpCompositeExtract %_arr_float_uint_3 %26 4
        %35 = OpCompositeExtract %float %34 0
        %36 = OpCompositeExtract %float %34 1
        %37 = OpCompositeExtract %float %34 2
        %38 = OpCompositeConstruct %_arr_float_uint_3_0 %35 %36 %37
        %39 = OpCompositeExtract %uint %26 5
        %40 = OpINotEqual %bool %39 %uint_0
        %41 = OpCompositeConstruct %Particle_0 %30 %31 %32 %33 %38 %40
        %42 = OpAccessChain %_ptr_Uniform_Particle %out %uint_0 %int_0
        %43 = OpCompositeExtract %v3float %41 0
        %44 = OpCompositeExtract %float %41 1
        %45 = OpCompositeExtract %mat3v4float %41 2
        %46 = OpCompositeExtract %mat2v3float %41 3
        %47 = OpCompositeExtract %_arr_float_uint_3_0 %41 4
        %48 = OpCompositeExtract %float %47 0
        %49 = OpCompositeExtract %float %47 1
        %50 = OpCompositeExtract %float %47 2
        %51 = OpCompositeConstruct %_arr_float_uint_3 %48 %49 %50
        %52 = OpCompositeExtract %bool %41 5
        %54 = OpSelect %uint %52 %uint_1 %uint_0
        %55 = OpCompositeConstruct %Particle %43 %44 %45 %46 %51 %54
        OpStore %42 %55
        %58 = OpAccessChain %_ptr_Uniform_uint %particles %uint_0 %int_0 %uint_5
        %59 = OpLoad %uint %58
        %60 = OpINotEqual %bool %59 %uint_0
        %61 = OpAccessChain %_ptr_Uniform_uint %out %uint_0 %int_0 %uint_5
        %62 = OpSelect %uint %60 %uint_1 %uint_0
        OpStore %61 %62
        %66 = OpAccessChain %_ptr_Uniform_v4float %particles %uint_0 %int_0 %uint_2 %int_1
        %67 = OpLoad %v4float %66
        %68 = OpAccessChain %_ptr_Uniform_v4float %out %uint_0 %int_0 %uint_2 %int_0
        OpStore %68 %67
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn scalar_layout_buffers_validate_with_scalar_block_layout() {
    let s = structure(
        "S",
        &[("a", Type::FLOAT), ("b", float_n(3)), ("c", Type::FLOAT)],
    );
    let mut mb = ModuleBuilder::new();
    let sb = mb.resource("buf", rw_structured(s), 0, 0);
    mb.set_layout_rules(sb, ir::types::LayoutRules::Scalar);
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        let zero = fb.int(0);
        let one = fb.int(1);
        let p = fb.access_chain(Value::Global(sb), &[zero, one]);
        let v = fb.load(p);
        let q = fb.access_chain(Value::Global(sb), &[one, one]);
        fb.store(q, v);
        fb.ret(None);
    }
    compute_entry(&mut mb, f, vec![], [1, 1, 1]);
    check(
        &mb.finish(),
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 22
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main"
        OpExecutionMode %main LocalSize 1 1 1
        OpName %main "main"
        OpName %S "S"
        OpMemberName %S 0 "a"
        OpMemberName %S 1 "b"
        OpMemberName %S 2 "c"
        OpName %type_RWStructuredBuffer_S "type.RWStructuredBuffer.S"
        OpMemberName %type_RWStructuredBuffer_S 0 "data"
        OpName %buf "buf"
        OpMemberDecorate %S 0 Offset 0
        OpMemberDecorate %S 1 Offset 4
        OpMemberDecorate %S 2 Offset 16
        OpDecorate %_runtimearr_S ArrayStride 20
        OpMemberDecorate %type_RWStructuredBuffer_S 0 Offset 0
        OpDecorate %type_RWStructuredBuffer_S BufferBlock
        OpDecorate %buf DescriptorSet 0
        OpDecorate %buf Binding 0
        %float = OpTypeFloat 32
        %v3float = OpTypeVector %float 3
        %S = OpTypeStruct %float %v3float %float
        %_runtimearr_S = OpTypeRuntimeArray %S
        %type_RWStructuredBuffer_S = OpTypeStruct %_runtimearr_S
        %_ptr_Uniform_type_RWStructuredBuffer_S = OpTypePointer Uniform %type_RWStructuredBuffer_S
        %buf = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_S Uniform
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint = OpTypeInt 32 0
        %uint_0 = OpConstant %uint 0
        %int = OpTypeInt 32 1
        %int_0 = OpConstant %int 0
        %uint_1 = OpConstant %uint 1
        %_ptr_Uniform_v3float = OpTypePointer Uniform %v3float
        %int_1 = OpConstant %int 1
        %main = OpFunction %void None %fn_void
        %11 = OpLabel
        %18 = OpAccessChain %_ptr_Uniform_v3float %buf %uint_0 %int_0 %uint_1
        %19 = OpLoad %v3float %18
        %21 = OpAccessChain %_ptr_Uniform_v3float %buf %uint_0 %int_1 %uint_1
        OpStore %21 %19
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn groupshared_array_and_local_invocation_index() {
    let mut mb = ModuleBuilder::new();
    let idx = mb.input(
        "in.var.SV_GroupIndex",
        Type::UINT,
        StageBinding::BuiltIn(BuiltIn::LocalInvocationIndex),
    );
    let tile = mb.groupshared("tile", Type::array(Type::FLOAT, 64));
    let buf = mb.resource("buf", rw_structured(Type::FLOAT), 0, 0);
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        let i = fb.load(Value::Global(idx));
        let src = fb.access_chain(Value::Global(buf), &[i]);
        let v = fb.load(src);
        let slot = fb.access_chain(Value::Global(tile), &[i]);
        fb.store(slot, v);
        fb.barrier(BarrierFlags::WORKGROUP_MEMORY | BarrierFlags::GROUP_SYNC);
        let zero = fb.uint(0);
        let first = fb.access_chain(Value::Global(tile), &[zero]);
        let f0 = fb.load(first);
        fb.store(src, f0);
        fb.ret(None);
    }
    compute_entry(&mut mb, f, vec![idx], [64, 1, 1]);
    check(
        &mb.finish(),
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 28
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main" %in_var_SV_GroupIndex
        OpExecutionMode %main LocalSize 64 1 1
        OpName %main "main"
        OpName %in_var_SV_GroupIndex "in.var.SV_GroupIndex"
        OpName %tile "tile"
        OpName %type_RWStructuredBuffer_float "type.RWStructuredBuffer.float"
        OpMemberName %type_RWStructuredBuffer_float 0 "data"
        OpName %buf "buf"
        OpDecorate %in_var_SV_GroupIndex BuiltIn LocalInvocationIndex
        OpDecorate %_runtimearr_float ArrayStride 4
        OpMemberDecorate %type_RWStructuredBuffer_float 0 Offset 0
        OpDecorate %type_RWStructuredBuffer_float BufferBlock
        OpDecorate %buf DescriptorSet 0
        OpDecorate %buf Binding 0
        %uint = OpTypeInt 32 0
        %_ptr_Input_uint = OpTypePointer Input %uint
        %in_var_SV_GroupIndex = OpVariable %_ptr_Input_uint Input
        %float = OpTypeFloat 32
        %uint_64 = OpConstant %uint 64
        %_arr_float_uint_64 = OpTypeArray %float %uint_64
        %_ptr_Workgroup__arr_float_uint_64 = OpTypePointer Workgroup %_arr_float_uint_64
        %tile = OpVariable %_ptr_Workgroup__arr_float_uint_64 Workgroup
        %_runtimearr_float = OpTypeRuntimeArray %float
        %type_RWStructuredBuffer_float = OpTypeStruct %_runtimearr_float
        %_ptr_Uniform_type_RWStructuredBuffer_float = OpTypePointer Uniform %type_RWStructuredBuffer_float
        %buf = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_float Uniform
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint_0 = OpConstant %uint 0
        %_ptr_Uniform_float = OpTypePointer Uniform %float
        %_ptr_Workgroup_float = OpTypePointer Workgroup %float
        %uint_2 = OpConstant %uint 2
        %uint_264 = OpConstant %uint 264
        %main = OpFunction %void None %fn_void
        %16 = OpLabel
        %17 = OpLoad %uint %in_var_SV_GroupIndex
        %20 = OpAccessChain %_ptr_Uniform_float %buf %uint_0 %17
        %21 = OpLoad %float %20
        %23 = OpAccessChain %_ptr_Workgroup_float %tile %17
        OpStore %23 %21
        OpControlBarrier %uint_2 %uint_2 %uint_264
        %26 = OpAccessChain %_ptr_Workgroup_float %tile %uint_0
        %27 = OpLoad %float %26
        OpStore %20 %27
        OpReturn
        OpFunctionEnd
    "#]],
    );
}
