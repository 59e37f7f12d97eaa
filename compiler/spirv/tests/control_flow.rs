//! Control flow: selections with hints, switches (32- and 64-bit selectors), nested loops with
//! break and continue, merge blocks nothing reaches, short-circuit phis, calls with value
//! and pointer parameters, and block order (dominators first whatever the IR layout).

mod common;

use common::*;
use expect_test::expect;
use ir::types::{AddressSpace, ScalarKind, Type};
use ir::{
    ControlHint, EntryPoint, FunctionBuilder, ModuleBuilder, Opcode, Stage, StageBinding, Value,
};

/// A pixel shader reading `in.var.A` (float) and `in.var.N` (int) whose body writes a float.
fn pixel(body: impl FnOnce(&mut FunctionBuilder<'_>, Value, Value) -> Value) -> ir::Module {
    let mut mb = ModuleBuilder::new();
    let a = mb.input("in.var.A", Type::FLOAT, StageBinding::Location(0));
    let n = mb.input("in.var.N", Type::INT, StageBinding::Location(1));
    let out = mb.output("out.var.SV_Target", Type::FLOAT, StageBinding::Location(0));
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let av = fb.load(Value::Global(a));
        let nv = fb.load(Value::Global(n));
        let r = body(&mut fb, av, nv);
        fb.store(Value::Global(out), r);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Pixel,
        function: f,
        inputs: vec![a, n],
        outputs: vec![out],
        workgroup_size: None,
        modes: Vec::new(),
    });
    mb.finish()
}

#[test]
fn if_else_with_flatten_and_a_phi() {
    let m = pixel(|fb, a, _| {
        let head = fb.current_block().unwrap();
        let then = fb.create_block("if.then");
        let els = fb.create_block("if.else");
        let merge = fb.create_block("if.merge");
        let zero = fb.float(0.0);
        let c = fb.compare(Opcode::Gt, a, zero);
        fb.mark_selection(head, merge, Some(ControlHint::Flatten));
        fb.cond_br(c, then, els);
        fb.switch_to_block(then);
        let x = fb.binary(Opcode::Mul, a, a);
        fb.br(merge);
        fb.switch_to_block(els);
        let y = fb.unary(Opcode::Neg, a);
        fb.br(merge);
        fb.switch_to_block(merge);
        fb.phi(Type::FLOAT, &[(x, then), (y, els)])
    });
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 24
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %in_var_A %in_var_N %out_var_SV_Target
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %in_var_A "in.var.A"
        OpName %in_var_N "in.var.N"
        OpName %out_var_SV_Target "out.var.SV_Target"
        OpName %entry "entry"
        OpName %if_then "if.then"
        OpName %if_else "if.else"
        OpName %if_merge "if.merge"
        OpDecorate %in_var_A Location 0
        OpDecorate %in_var_N Location 1
        OpDecorate %out_var_SV_Target Location 0
        OpDecorate %in_var_N Flat
        %float = OpTypeFloat 32
        %_ptr_Input_float = OpTypePointer Input %float
        %in_var_A = OpVariable %_ptr_Input_float Input
        %int = OpTypeInt 32 1
        %_ptr_Input_int = OpTypePointer Input %int
        %in_var_N = OpVariable %_ptr_Input_int Input
        %_ptr_Output_float = OpTypePointer Output %float
        %out_var_SV_Target = OpVariable %_ptr_Output_float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %float_0 = OpConstant %float 0.0
        %bool = OpTypeBool
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %16 = OpLoad %float %in_var_A
        %17 = OpLoad %int %in_var_N
        %20 = OpFOrdGreaterThan %bool %16 %float_0
        OpSelectionMerge %if_merge Flatten
        OpBranchConditional %20 %if_then %if_else
        %if_then = OpLabel
        %21 = OpFMul %float %16 %16
        OpBranch %if_merge
        %if_else = OpLabel
        %22 = OpFNegate %float %16
        OpBranch %if_merge
        %if_merge = OpLabel
        %23 = OpPhi %float %21 %if_then %22 %if_else
        OpStore %out_var_SV_Target %23
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn switch_with_cases_default_and_dont_flatten() {
    let m = pixel(|fb, a, n| {
        let head = fb.current_block().unwrap();
        let c0 = fb.create_block("case0");
        let c1 = fb.create_block("case1");
        let def = fb.create_block("default");
        let merge = fb.create_block("switch.merge");
        fb.mark_selection(head, merge, Some(ControlHint::DontFlatten));
        fb.switch(n, def, &[(0, c0), (-1, c1)]);
        fb.switch_to_block(c0);
        let x = fb.binary(Opcode::Add, a, a);
        fb.br(merge);
        fb.switch_to_block(c1);
        // Falls through to the default.
        fb.br(def);
        fb.switch_to_block(def);
        fb.br(merge);
        fb.switch_to_block(merge);
        fb.phi(Type::FLOAT, &[(x, c0), (a, def)])
    });
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 21
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %in_var_A %in_var_N %out_var_SV_Target
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %in_var_A "in.var.A"
        OpName %in_var_N "in.var.N"
        OpName %out_var_SV_Target "out.var.SV_Target"
        OpName %entry "entry"
        OpName %case0 "case0"
        OpName %case1 "case1"
        OpName %default "default"
        OpName %switch_merge "switch.merge"
        OpDecorate %in_var_A Location 0
        OpDecorate %in_var_N Location 1
        OpDecorate %out_var_SV_Target Location 0
        OpDecorate %in_var_N Flat
        %float = OpTypeFloat 32
        %_ptr_Input_float = OpTypePointer Input %float
        %in_var_A = OpVariable %_ptr_Input_float Input
        %int = OpTypeInt 32 1
        %_ptr_Input_int = OpTypePointer Input %int
        %in_var_N = OpVariable %_ptr_Input_int Input
        %_ptr_Output_float = OpTypePointer Output %float
        %out_var_SV_Target = OpVariable %_ptr_Output_float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %17 = OpLoad %float %in_var_A
        %18 = OpLoad %int %in_var_N
        OpSelectionMerge %switch_merge DontFlatten
        OpSwitch %18 %default 0 %case0 4294967295 %case1
        %case0 = OpLabel
        %19 = OpFAdd %float %17 %17
        OpBranch %switch_merge
        %case1 = OpLabel
        OpBranch %default
        %default = OpLabel
        OpBranch %switch_merge
        %switch_merge = OpLabel
        %20 = OpPhi %float %19 %case0 %17 %default
        OpStore %out_var_SV_Target %20
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn switch_on_a_64_bit_selector() {
    let m = pixel(|fb, a, n| {
        let head = fb.current_block().unwrap();
        let c0 = fb.create_block("case");
        let merge = fb.create_block("merge");
        let wide = fb.convert(n, Type::scalar(ScalarKind::Int64));
        fb.mark_selection(head, merge, None);
        fb.switch(wide, merge, &[(1 << 40, c0)]);
        fb.switch_to_block(c0);
        fb.br(merge);
        fb.switch_to_block(merge);
        a
    });
    let text = emit_valid(
        &m,
        &spirv_backend::SpirvOptions::new(spirv_backend::TargetEnv::Vulkan1_1),
    );
    assert!(text.contains("OpCapability Int64"), "{text}");
    assert!(text.contains("OpSwitch %"), "{text}");
    assert!(text.contains(" 1099511627776 %case"), "{text}");
}

/// `for (i..) { for (j..) { if (j == 2) break; if (j == 1) continue; acc += 1; } }` in
/// memory form, laid out in the IR with the merge blocks first to show the block order
/// does not depend on the IR layout.
#[test]
fn nested_loops_with_break_and_continue() {
    let m = pixel(|fb, a, n| {
        let entry = fb.current_block().unwrap();
        // Created first, placed first in the layout.
        let outer_merge = fb.create_block("outer.merge");
        let inner_merge = fb.create_block("inner.merge");
        let outer_h = fb.create_block("outer.header");
        let outer_body = fb.create_block("outer.body");
        let outer_cont = fb.create_block("outer.continue");
        let inner_h = fb.create_block("inner.header");
        let inner_body = fb.create_block("inner.body");
        let brk = fb.create_block("if.break");
        let not_brk = fb.create_block("if.notbreak");
        let work = fb.create_block("work");
        let inner_cont = fb.create_block("inner.continue");
        fb.switch_to_block(entry);
        let acc = fb.alloca(Type::FLOAT, "acc");
        let i = fb.alloca(Type::INT, "i");
        let j = fb.alloca(Type::INT, "j");
        fb.store(acc, a);
        let zero = fb.int(0);
        fb.store(i, zero);
        fb.br(outer_h);
        fb.mark_loop(outer_h, outer_merge, outer_cont, None);
        fb.switch_to_block(outer_h);
        fb.br(outer_body);
        fb.switch_to_block(outer_body);
        let iv = fb.load(i);
        let c = fb.compare(Opcode::Lt, iv, n);
        fb.store(j, zero);
        fb.cond_br(c, inner_h, outer_merge);
        fb.mark_loop(
            inner_h,
            inner_merge,
            inner_cont,
            Some(ControlHint::DontUnroll),
        );
        fb.switch_to_block(inner_h);
        fb.br(inner_body);
        fb.switch_to_block(inner_body);
        let jv = fb.load(j);
        let two = fb.int(2);
        let is2 = fb.compare(Opcode::Eq, jv, two);
        fb.mark_selection(inner_body, not_brk, None);
        fb.cond_br(is2, brk, not_brk);
        fb.switch_to_block(brk);
        fb.br(inner_merge);
        fb.switch_to_block(not_brk);
        let one = fb.int(1);
        let is1 = fb.compare(Opcode::Eq, jv, one);
        fb.mark_selection(not_brk, work, None);
        fb.cond_br(is1, inner_cont, work);
        fb.switch_to_block(work);
        let s = fb.load(acc);
        let onef = fb.float(1.0);
        let s2 = fb.binary(Opcode::Add, s, onef);
        fb.store(acc, s2);
        fb.br(inner_cont);
        fb.switch_to_block(inner_cont);
        let jv = fb.load(j);
        let j2 = fb.binary(Opcode::Add, jv, one);
        fb.store(j, j2);
        fb.br(inner_h);
        fb.switch_to_block(inner_merge);
        fb.br(outer_cont);
        fb.switch_to_block(outer_cont);
        let iv = fb.load(i);
        let i2 = fb.binary(Opcode::Add, iv, one);
        fb.store(i, i2);
        fb.br(outer_h);
        fb.switch_to_block(outer_merge);
        fb.load(acc)
    });
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 48
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %in_var_A %in_var_N %out_var_SV_Target
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %in_var_A "in.var.A"
        OpName %in_var_N "in.var.N"
        OpName %out_var_SV_Target "out.var.SV_Target"
        OpName %entry "entry"
        OpName %outer_header "outer.header"
        OpName %outer_body "outer.body"
        OpName %inner_header "inner.header"
        OpName %inner_body "inner.body"
        OpName %if_break "if.break"
        OpName %if_notbreak "if.notbreak"
        OpName %work "work"
        OpName %inner_continue "inner.continue"
        OpName %inner_merge "inner.merge"
        OpName %outer_continue "outer.continue"
        OpName %outer_merge "outer.merge"
        OpName %acc "acc"
        OpName %i "i"
        OpName %j "j"
        OpDecorate %in_var_A Location 0
        OpDecorate %in_var_N Location 1
        OpDecorate %out_var_SV_Target Location 0
        OpDecorate %in_var_N Flat
        %float = OpTypeFloat 32
        %_ptr_Input_float = OpTypePointer Input %float
        %in_var_A = OpVariable %_ptr_Input_float Input
        %int = OpTypeInt 32 1
        %_ptr_Input_int = OpTypePointer Input %int
        %in_var_N = OpVariable %_ptr_Input_int Input
        %_ptr_Output_float = OpTypePointer Output %float
        %out_var_SV_Target = OpVariable %_ptr_Output_float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %_ptr_Function_float = OpTypePointer Function %float
        %_ptr_Function_int = OpTypePointer Function %int
        %int_0 = OpConstant %int 0
        %bool = OpTypeBool
        %int_2 = OpConstant %int 2
        %int_1 = OpConstant %int 1
        %float_1 = OpConstant %float 1.0
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %acc = OpVariable %_ptr_Function_float Function
        %i = OpVariable %_ptr_Function_int Function
        %j = OpVariable %_ptr_Function_int Function
        %24 = OpLoad %float %in_var_A
        %25 = OpLoad %int %in_var_N
        OpStore %acc %24
        OpStore %i %int_0
        OpBranch %outer_header
        %outer_header = OpLabel
        OpLoopMerge %outer_merge %outer_continue None
        OpBranch %outer_body
        %outer_body = OpLabel
        %32 = OpLoad %int %i
        %34 = OpSLessThan %bool %32 %25
        OpStore %j %int_0
        OpBranchConditional %34 %inner_header %outer_merge
        %inner_header = OpLabel
        OpLoopMerge %inner_merge %inner_continue DontUnroll
        OpBranch %inner_body
        %inner_body = OpLabel
        %35 = OpLoad %int %j
        %37 = OpIEqual %bool %35 %int_2
        OpSelectionMerge %if_notbreak None
        OpBranchConditional %37 %if_break %if_notbreak
        %if_break = OpLabel
        OpBranch %inner_merge
        %if_notbreak = OpLabel
        %39 = OpIEqual %bool %35 %int_1
        OpSelectionMerge %work None
        OpBranchConditional %39 %inner_continue %work
        %work = OpLabel
        %40 = OpLoad %float %acc
        %42 = OpFAdd %float %40 %float_1
        OpStore %acc %42
        OpBranch %inner_continue
        %inner_continue = OpLabel
        %43 = OpLoad %int %j
        %44 = OpIAdd %int %43 %int_1
        OpStore %j %44
        OpBranch %inner_header
        %inner_merge = OpLabel
        OpBranch %outer_continue
        %outer_continue = OpLabel
        %45 = OpLoad %int %i
        %46 = OpIAdd %int %45 %int_1
        OpStore %i %46
        OpBranch %outer_header
        %outer_merge = OpLabel
        %47 = OpLoad %float %acc
        OpStore %out_var_SV_Target %47
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn merge_block_that_nothing_reaches() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("pick", vec![Type::BOOL], Type::FLOAT);
    {
        let mut fb = mb.function(f);
        let entry = fb.create_block("entry");
        let then = fb.create_block("if.then");
        let els = fb.create_block("if.else");
        let merge = fb.create_block("if.merge");
        fb.switch_to_block(entry);
        fb.mark_selection(entry, merge, None);
        fb.cond_br(fb.arg(0), then, els);
        fb.switch_to_block(then);
        let one = fb.float(1.0);
        fb.ret(Some(one));
        fb.switch_to_block(els);
        let two = fb.float(2.0);
        fb.ret(Some(two));
        fb.switch_to_block(merge);
        fb.unreachable();
    }
    let out = mb.output("out.var.SV_Target", Type::FLOAT, StageBinding::Location(0));
    let main = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(main);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let t = fb.bool(true);
        let r = fb.call(f, &[t]);
        fb.store(Value::Global(out), r);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Pixel,
        function: main,
        inputs: vec![],
        outputs: vec![out],
        workgroup_size: None,
        modes: Vec::new(),
    });
    check(
        &mb.finish(),
        expect![[r#"
            ; SPIR-V 1.0
            ; Bound: 20
            OpCapability Shader
            OpMemoryModel Logical GLSL450
            OpEntryPoint Fragment %main "main" %out_var_SV_Target
            OpExecutionMode %main OriginUpperLeft
            OpName %pick "pick"
            OpName %main "main"
            OpName %out_var_SV_Target "out.var.SV_Target"
            OpName %entry "entry"
            OpName %if_then "if.then"
            OpName %if_else "if.else"
            OpName %if_merge "if.merge"
            OpName %entry_0 "entry"
            OpDecorate %out_var_SV_Target Location 0
            %float = OpTypeFloat 32
            %_ptr_Output_float = OpTypePointer Output %float
            %out_var_SV_Target = OpVariable %_ptr_Output_float Output
            %bool = OpTypeBool
            %fn_float_bool = OpTypeFunction %float %bool
            %float_1 = OpConstant %float 1.0
            %float_2 = OpConstant %float 2.0
            %void = OpTypeVoid
            %fn_void = OpTypeFunction %void
            %true = OpConstantTrue %bool
            %pick = OpFunction %float None %fn_float_bool
            %8 = OpFunctionParameter %bool
            %entry = OpLabel
            OpSelectionMerge %if_merge None
            OpBranchConditional %8 %if_then %if_else
            %if_then = OpLabel
            OpReturnValue %float_1
            %if_else = OpLabel
            OpReturnValue %float_2
            %if_merge = OpLabel
            OpUnreachable
            OpFunctionEnd
            %main = OpFunction %void None %fn_void
            %entry_0 = OpLabel
            %19 = OpFunctionCall %float %pick %true
            OpStore %out_var_SV_Target %19
            OpReturn
            OpFunctionEnd
        "#]],
    );
}

/// `a > 0 && n > 0` lowered as control flow with a phi.
#[test]
fn short_circuit_and_as_a_phi() {
    let m = pixel(|fb, a, n| {
        let head = fb.current_block().unwrap();
        let rhs = fb.create_block("and.rhs");
        let merge = fb.create_block("and.merge");
        let zf = fb.float(0.0);
        let l = fb.compare(Opcode::Gt, a, zf);
        fb.mark_selection(head, merge, None);
        fb.cond_br(l, rhs, merge);
        fb.switch_to_block(rhs);
        let zero = fb.int(0);
        let r = fb.compare(Opcode::Gt, n, zero);
        fb.br(merge);
        fb.switch_to_block(merge);
        let f = fb.bool(false);
        let both = fb.phi(Type::BOOL, &[(f, head), (r, rhs)]);
        let one = fb.float(1.0);
        fb.select(both, one, zf)
    });
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 26
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %in_var_A %in_var_N %out_var_SV_Target
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %in_var_A "in.var.A"
        OpName %in_var_N "in.var.N"
        OpName %out_var_SV_Target "out.var.SV_Target"
        OpName %entry "entry"
        OpName %and_rhs "and.rhs"
        OpName %and_merge "and.merge"
        OpDecorate %in_var_A Location 0
        OpDecorate %in_var_N Location 1
        OpDecorate %out_var_SV_Target Location 0
        OpDecorate %in_var_N Flat
        %float = OpTypeFloat 32
        %_ptr_Input_float = OpTypePointer Input %float
        %in_var_A = OpVariable %_ptr_Input_float Input
        %int = OpTypeInt 32 1
        %_ptr_Input_int = OpTypePointer Input %int
        %in_var_N = OpVariable %_ptr_Input_int Input
        %_ptr_Output_float = OpTypePointer Output %float
        %out_var_SV_Target = OpVariable %_ptr_Output_float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %float_0 = OpConstant %float 0.0
        %bool = OpTypeBool
        %int_0 = OpConstant %int 0
        %false = OpConstantFalse %bool
        %float_1 = OpConstant %float 1.0
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %15 = OpLoad %float %in_var_A
        %16 = OpLoad %int %in_var_N
        %19 = OpFOrdGreaterThan %bool %15 %float_0
        OpSelectionMerge %and_merge None
        OpBranchConditional %19 %and_rhs %and_merge
        %and_rhs = OpLabel
        %21 = OpSGreaterThan %bool %16 %int_0
        OpBranch %and_merge
        %and_merge = OpLabel
        %23 = OpPhi %bool %false %entry %21 %and_rhs
        %25 = OpSelect %float %23 %float_1 %float_0
        OpStore %out_var_SV_Target %25
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn calls_with_values_and_an_out_pointer() {
    let mut mb = ModuleBuilder::new();
    let helper = mb.declare_function(
        "helper",
        vec![
            Type::FLOAT,
            Type::pointer(AddressSpace::Function, Type::FLOAT),
        ],
        Type::FLOAT,
    );
    {
        let mut fb = mb.function(helper);
        fb.set_param_name(0, "x");
        fb.set_param_name(1, "out_y");
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let two = fb.float(2.0);
        let y = fb.binary(Opcode::Mul, fb.arg(0), two);
        fb.store(fb.arg(1), y);
        let r = fb.binary(Opcode::Add, y, fb.arg(0));
        fb.ret(Some(r));
    }
    let out = mb.output("out.var.SV_Target", Type::FLOAT, StageBinding::Location(0));
    let main = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(main);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let y = fb.alloca(Type::FLOAT, "y");
        let one = fb.float(1.0);
        let r = fb.call(helper, &[one, y]);
        let yv = fb.load(y);
        let s = fb.binary(Opcode::Add, r, yv);
        fb.store(Value::Global(out), s);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Pixel,
        function: main,
        inputs: vec![],
        outputs: vec![out],
        workgroup_size: None,
        modes: Vec::new(),
    });
    check(
        &mb.finish(),
        expect![[r#"
            ; SPIR-V 1.0
            ; Bound: 22
            OpCapability Shader
            OpMemoryModel Logical GLSL450
            OpEntryPoint Fragment %main "main" %out_var_SV_Target
            OpExecutionMode %main OriginUpperLeft
            OpName %helper "helper"
            OpName %main "main"
            OpName %out_var_SV_Target "out.var.SV_Target"
            OpName %x "x"
            OpName %out_y "out_y"
            OpName %entry "entry"
            OpName %entry_0 "entry"
            OpName %y "y"
            OpDecorate %out_var_SV_Target Location 0
            %float = OpTypeFloat 32
            %_ptr_Output_float = OpTypePointer Output %float
            %out_var_SV_Target = OpVariable %_ptr_Output_float Output
            %_ptr_Function_float = OpTypePointer Function %float
            %fn_float_float__ptr_Function_float = OpTypeFunction %float %float %_ptr_Function_float
            %float_2 = OpConstant %float 2.0
            %void = OpTypeVoid
            %fn_void = OpTypeFunction %void
            %float_1 = OpConstant %float 1.0
            %helper = OpFunction %float None %fn_float_float__ptr_Function_float
            %x = OpFunctionParameter %float
            %out_y = OpFunctionParameter %_ptr_Function_float
            %entry = OpLabel
            %12 = OpFMul %float %x %float_2
            OpStore %out_y %12
            %13 = OpFAdd %float %12 %x
            OpReturnValue %13
            OpFunctionEnd
            %main = OpFunction %void None %fn_void
            %entry_0 = OpLabel
            %y = OpVariable %_ptr_Function_float Function
            %19 = OpFunctionCall %float %helper %float_1 %y
            %20 = OpLoad %float %y
            %21 = OpFAdd %float %19 %20
            OpStore %out_var_SV_Target %21
            OpReturn
            OpFunctionEnd
        "#]],
    );
}

/// A selection whose two targets are the same block (SPIR-V 1.6 forbids that branch).
#[test]
fn cond_br_with_equal_targets() {
    let m = pixel(|fb, a, _| {
        let head = fb.current_block().unwrap();
        let merge = fb.create_block("merge");
        let z = fb.float(0.0);
        let c = fb.compare(Opcode::Gt, a, z);
        fb.mark_selection(head, merge, None);
        fb.cond_br(c, merge, merge);
        fb.switch_to_block(merge);
        a
    });
    for env in spirv_backend::TargetEnv::ALL {
        let text = emit_valid(&m, &spirv_backend::SpirvOptions::new(env));
        assert!(!text.contains("OpBranchConditional"), "{text}");
    }
}

/// A private global with an initializer and a `static` updated in a loop-free function.
#[test]
fn private_globals_with_initializers() {
    let mut mb = ModuleBuilder::new();
    let init = mb.module_mut().constants.len();
    let _ = init;
    let c = {
        let k = mb.constant(ir::Constant::float(3.0));
        let Value::Const(h) = k else { unreachable!() };
        h
    };
    let g = mb.private("gScale", Type::FLOAT, Some(c));
    let counter = mb.private("gCount", Type::INT, None);
    let out = mb.output("out.var.SV_Target", Type::FLOAT, StageBinding::Location(0));
    let main = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(main);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let v = fb.load(Value::Global(g));
        let n = fb.load(Value::Global(counter));
        let one = fb.int(1);
        let n2 = fb.binary(Opcode::Add, n, one);
        fb.store(Value::Global(counter), n2);
        fb.store(Value::Global(out), v);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Pixel,
        function: main,
        inputs: vec![],
        outputs: vec![out],
        workgroup_size: None,
        modes: Vec::new(),
    });
    check(
        &mb.finish(),
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 18
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %out_var_SV_Target
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %gScale "gScale"
        OpName %gCount "gCount"
        OpName %out_var_SV_Target "out.var.SV_Target"
        OpName %entry "entry"
        OpDecorate %out_var_SV_Target Location 0
        %float = OpTypeFloat 32
        %_ptr_Private_float = OpTypePointer Private %float
        %float_3 = OpConstant %float 3.0
        %gScale = OpVariable %_ptr_Private_float Private %float_3
        %int = OpTypeInt 32 1
        %_ptr_Private_int = OpTypePointer Private %int
        %gCount = OpVariable %_ptr_Private_int Private
        %_ptr_Output_float = OpTypePointer Output %float
        %out_var_SV_Target = OpVariable %_ptr_Output_float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %int_1 = OpConstant %int 1
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %14 = OpLoad %float %gScale
        %15 = OpLoad %int %gCount
        %17 = OpIAdd %int %15 %int_1
        OpStore %gCount %17
        OpStore %out_var_SV_Target %14
        OpReturn
        OpFunctionEnd
    "#]],
    );
}
