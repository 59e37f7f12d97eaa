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
use spirv::TargetEnv;

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
