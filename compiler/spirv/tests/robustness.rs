//! Emitting never panics: odd but verified modules (no entry points, unused functions,
//! unreachable blocks, empty structs, 1-component vectors, deep nesting), clear errors for
//! what is not supported yet, and a fixed-seed sweep of generated modules that pass the
//! verifier, each emitted for every target (valid output is validated).

mod common;

use common::*;
use expect_test::expect;
use ir::types::{ResourceType, ScalarKind, Type};
use ir::{EntryPoint, ModuleBuilder, Opcode, SourceLoc, Stage, StageBinding, Value};
use spirv_backend::{SpirvOptions, TargetEnv};

#[test]
fn a_module_without_entry_points_is_an_error() {
    let m = ModuleBuilder::new().finish();
    expect!["invalid module: the module has no entry point (Vulkan SPIR-V needs one)"]
        .assert_eq(&emit_error(&m, TargetEnv::Vulkan1_0));
}

#[test]
fn unused_functions_unreachable_blocks_and_one_component_vectors() {
    let mut mb = ModuleBuilder::new();
    let f1 = Type::vector(ScalarKind::Float, 1);
    let unused = mb.declare_function("unused", vec![f1.clone()], f1.clone());
    {
        let mut fb = mb.function(unused);
        let b = fb.create_block("entry");
        let dead = fb.create_block("dead");
        fb.switch_to_block(b);
        let x = fb.extract(fb.arg(0), &[0]);
        let s = fb.swizzle(x, &[0, 0]);
        let y = fb.extract(s, &[1]);
        let v = fb.construct(f1.clone(), &[y]);
        fb.ret(Some(v));
        fb.switch_to_block(dead);
        let z = fb.construct(f1, &[x]);
        fb.ret(Some(z));
    }
    let empty = structure("Empty", &[]);
    let keeper = mb.declare_function("keeper", vec![empty], Type::Void);
    {
        let mut fb = mb.function(keeper);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        fb.ret(None);
    }
    let main = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(main);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Compute,
        function: main,
        inputs: vec![],
        outputs: vec![],
        workgroup_size: None,
        modes: Vec::new(),
    });
    check(
        &mb.finish(),
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 19
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main"
        OpExecutionMode %main LocalSize 1 1 1
        OpName %unused "unused"
        OpName %keeper "keeper"
        OpName %main "main"
        OpName %entry "entry"
        OpName %dead "dead"
        OpName %Empty "Empty"
        %float = OpTypeFloat 32
        %fn_float_float = OpTypeFunction %float %float
        %v2float = OpTypeVector %float 2
        %void = OpTypeVoid
        %Empty = OpTypeStruct
        %fn_void_Empty = OpTypeFunction %void %Empty
        %fn_void = OpTypeFunction %void
        %unused = OpFunction %float None %fn_float_float
        %6 = OpFunctionParameter %float
        %entry = OpLabel
        %10 = OpCompositeConstruct %v2float %6 %6
        %11 = OpCompositeExtract %float %10 1
        OpReturnValue %11
        %dead = OpLabel
        OpReturnValue %6
        OpFunctionEnd
        %keeper = OpFunction %void None %fn_void_Empty
        %15 = OpFunctionParameter %Empty
        %16 = OpLabel
        OpReturn
        OpFunctionEnd
        %main = OpFunction %void None %fn_void
        %18 = OpLabel
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn unsupported_features_are_errors_with_their_location() {
    // A ray-generation entry point (no SPIR-V mapping yet).
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::RayGeneration,
        function: f,
        inputs: vec![],
        outputs: vec![],
        workgroup_size: None,
        modes: Vec::new(),
    });
    let raygen = emit_error(&mb.finish(), TargetEnv::Vulkan1_0);

    // An array of length 0 and an intrinsic the backend does not lower, with source
    // locations.
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("f", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        fb.set_loc(Some(SourceLoc {
            file: 0,
            start: 10,
            end: 20,
        }));
        fb.alloca(Type::array(Type::FLOAT, 0), "m");
        fb.ret(None);
    }
    let matrix = emit_error(&mb.finish(), TargetEnv::Vulkan1_0);

    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("f", vec![Type::FLOAT], Type::FLOAT);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        fb.set_loc(Some(SourceLoc {
            file: 1,
            start: 5,
            end: 9,
        }));
        let r = fb.call_intrinsic(ir::Intrinsic::GetRenderTargetSampleCount, Type::UINT, &[]);
        let r = fb.convert(r, Type::FLOAT);
        fb.ret(Some(r));
    }
    let intrinsic = emit_error(&mb.finish(), TargetEnv::Vulkan1_0);

    expect![[r#"
        needs a newer target: raygeneration shaders: Vulkan 1.1 with SPIR-V 1.4 is required for ray tracing (SPV_KHR_ray_tracing requires SPIR-V 1.4), and the target is vulkan1.0; give -fspv-target-env=vulkan1.1spirv1.4 or later (DXC does not raise the target by itself either)
        not supported yet: arrays of length 0 (in @f, file 0 bytes 10..20)
        not supported yet: intrinsic GetRenderTargetSampleCount (in @f, file 1 bytes 5..9)"#]].assert_eq(&[raygen, matrix, intrinsic].join("\n"));
}

/// The same compute shader for each target environment: the SPIR-V version, the storage
/// class of storage buffers and their decoration change.
#[test]
fn each_target_environment() {
    let mut mb = ModuleBuilder::new();
    let buf = mb.resource(
        "buf",
        Type::resource(ResourceType::StructuredBuffer {
            kind: ir::types::StructuredKind::ReadWrite,
            element: Type::UINT,
        }),
        0,
        0,
    );
    let id = mb.input(
        "in.var.SV_DispatchThreadID",
        uint_n(3),
        StageBinding::BuiltIn(ir::BuiltIn::GlobalInvocationId),
    );
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        let i = fb.load(Value::Global(id));
        let x = fb.extract(i, &[0]);
        let p = fb.access_chain(Value::Global(buf), &[x]);
        let v = fb.load(p);
        let two = fb.uint(2);
        let d = fb.binary(Opcode::Mul, v, two);
        fb.store(p, d);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Compute,
        function: f,
        inputs: vec![id],
        outputs: vec![],
        workgroup_size: Some([32, 1, 1]),
        modes: Vec::new(),
    });
    let m = mb.finish();
    let mut texts = Vec::new();
    for env in TargetEnv::ALL {
        let text = emit_valid(&m, &SpirvOptions::new(env));
        let head: Vec<&str> = text
            .lines()
            .filter(|l| {
                l.starts_with("; SPIR-V")
                    || l.starts_with("OpExtension")
                    || l.starts_with("OpEntryPoint")
                    || l.contains("Block")
                    || l.contains("OpVariable")
            })
            .collect();
        texts.push(format!("{}:\n{}\n", env.name(), head.join("\n")));
    }
    expect![[r#"
        vulkan1.0:
        ; SPIR-V 1.0
        OpEntryPoint GLCompute %main "main" %in_var_SV_DispatchThreadID
        OpDecorate %type_RWStructuredBuffer_uint BufferBlock
        %buf = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_uint Uniform
        %in_var_SV_DispatchThreadID = OpVariable %_ptr_Input_v3uint Input
        vulkan1.1:
        ; SPIR-V 1.3
        OpEntryPoint GLCompute %main "main" %in_var_SV_DispatchThreadID
        OpDecorate %type_RWStructuredBuffer_uint Block
        %buf = OpVariable %_ptr_StorageBuffer_type_RWStructuredBuffer_uint StorageBuffer
        %in_var_SV_DispatchThreadID = OpVariable %_ptr_Input_v3uint Input
        vulkan1.1spirv1.4:
        ; SPIR-V 1.4
        OpEntryPoint GLCompute %main "main" %buf %in_var_SV_DispatchThreadID
        OpDecorate %type_RWStructuredBuffer_uint Block
        %buf = OpVariable %_ptr_StorageBuffer_type_RWStructuredBuffer_uint StorageBuffer
        %in_var_SV_DispatchThreadID = OpVariable %_ptr_Input_v3uint Input
        vulkan1.2:
        ; SPIR-V 1.5
        OpEntryPoint GLCompute %main "main" %buf %in_var_SV_DispatchThreadID
        OpDecorate %type_RWStructuredBuffer_uint Block
        %buf = OpVariable %_ptr_StorageBuffer_type_RWStructuredBuffer_uint StorageBuffer
        %in_var_SV_DispatchThreadID = OpVariable %_ptr_Input_v3uint Input
        vulkan1.3:
        ; SPIR-V 1.6
        OpEntryPoint GLCompute %main "main" %buf %in_var_SV_DispatchThreadID
        OpDecorate %type_RWStructuredBuffer_uint Block
        %buf = OpVariable %_ptr_StorageBuffer_type_RWStructuredBuffer_uint StorageBuffer
        %in_var_SV_DispatchThreadID = OpVariable %_ptr_Input_v3uint Input
        universal1.5:
        ; SPIR-V 1.5
        OpEntryPoint GLCompute %main "main" %buf %in_var_SV_DispatchThreadID
        OpDecorate %type_RWStructuredBuffer_uint Block
        %buf = OpVariable %_ptr_StorageBuffer_type_RWStructuredBuffer_uint StorageBuffer
        %in_var_SV_DispatchThreadID = OpVariable %_ptr_Input_v3uint Input
    "#]]
    .assert_eq(&texts.join(""));
}

/// A small deterministic generator of straight-line and branchy functions over a few types;
/// every module it makes must emit without panicking, and those that emit must validate.
#[test]
fn generated_modules_never_panic() {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let types = [
        Type::FLOAT,
        Type::INT,
        Type::UINT,
        Type::BOOL,
        float_n(3),
        int_n(2),
        Type::matrix(ScalarKind::Float, 2, 2),
        Type::matrix(ScalarKind::Int, 2, 3),
        Type::scalar(ScalarKind::Double),
        Type::vector(ScalarKind::Bool, 4),
    ];
    let ops = [
        Opcode::Add,
        Opcode::Sub,
        Opcode::Mul,
        Opcode::Div,
        Opcode::Rem,
        Opcode::BitAnd,
        Opcode::Shl,
        Opcode::Shr,
        Opcode::LogicalAnd,
        Opcode::Eq,
        Opcode::Lt,
        Opcode::Neg,
        Opcode::BitNot,
        Opcode::LogicalNot,
    ];
    let mut emitted = 0;
    for round in 0..200 {
        let ty = types[next(types.len() as u64) as usize].clone();
        let mut mb = ModuleBuilder::new();
        let g = mb.private("g", ty.clone(), None);
        let f = mb.declare_function("main", vec![], Type::Void);
        {
            let mut fb = mb.function(f);
            let entry = fb.create_block("entry");
            fb.switch_to_block(entry);
            let mut v = fb.load(Value::Global(g));
            for _ in 0..(1 + next(4)) {
                let op = ops[next(ops.len() as u64) as usize];
                v = if op.is_unary_arithmetic() {
                    fb.unary(op, v)
                } else if op.is_comparison() {
                    let c = fb.compare(op, v, v);
                    if fb.type_of(c) == fb.type_of(v) {
                        c
                    } else {
                        v
                    }
                } else {
                    fb.binary(op, v, v)
                };
            }
            if next(2) == 0 {
                let then = fb.create_block("then");
                let merge = fb.create_block("merge");
                let t = fb.bool(true);
                fb.mark_selection(entry, merge, None);
                fb.cond_br(t, then, merge);
                fb.switch_to_block(then);
                fb.br(merge);
                fb.switch_to_block(merge);
            }
            fb.store(Value::Global(g), v);
            fb.ret(None);
        }
        mb.entry_point(EntryPoint {
            name: "main".into(),
            stage: Stage::Compute,
            function: f,
            inputs: vec![],
            outputs: vec![],
            workgroup_size: None,
            modes: Vec::new(),
        });
        let m = mb.finish();
        if !ir::verify(&m).is_empty() {
            continue;
        }
        for env in TargetEnv::ALL {
            let options = SpirvOptions::new(env);
            if let Ok(words) = spirv_backend::emit(&m, &options) {
                let failures = validate(&words, &spirv_backend::validator_options(&m, &options));
                assert!(
                    failures.is_empty(),
                    "round {round}: {}\n{}\n{}",
                    failures.join("\n"),
                    spirv_backend::disassemble(&words),
                    ir::print_module(&m)
                );
                emitted += 1;
            }
        }
    }
    assert!(emitted > 100, "only {emitted} modules emitted");
}

#[test]
fn disassembling_garbage_is_a_comment() {
    expect![[r#"
        ; invalid SPIR-V: incomplete module header: expected more bytes in the stream at index 12
    "#]]
    .assert_eq(&spirv_backend::disassemble(&[1, 2, 3]));
}

#[test]
fn debug_names_can_be_left_out() {
    let mut mb = ModuleBuilder::new();
    let g = mb.groupshared("shared", Type::UINT);
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let one = fb.uint(1);
        fb.store(Value::Global(g), one);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Compute,
        function: f,
        inputs: vec![],
        outputs: vec![],
        workgroup_size: None,
        modes: Vec::new(),
    });
    let m = mb.finish();
    let mut options = SpirvOptions::new(TargetEnv::Vulkan1_3);
    options.debug_names = false;
    let text = emit_valid(&m, &options);
    assert!(!text.contains("OpName"), "{text}");
    expect![[r#"
        ; SPIR-V 1.6
        ; Bound: 9
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %1 "main" %4
        OpExecutionMode %1 LocalSize 1 1 1
        %uint = OpTypeInt 32 0
        %_ptr_Workgroup_uint = OpTypePointer Workgroup %uint
        %4 = OpVariable %_ptr_Workgroup_uint Workgroup
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint_1 = OpConstant %uint 1
        %1 = OpFunction %void None %fn_void
        %7 = OpLabel
        OpStore %4 %uint_1
        OpReturn
        OpFunctionEnd
    "#]]
    .assert_eq(&text);
}

/// `discard`, implicit-LOD sampling and derivatives outside pixel shaders are errors, not
/// invalid SPIR-V.
#[test]
fn pixel_only_operations_in_other_stages() {
    let mut errors = Vec::new();
    for what in 0..3 {
        let mut mb = ModuleBuilder::new();
        let t = mb.resource(
            "t",
            Type::resource(ResourceType::Texture {
                dim: ir::types::TextureDim::D2,
                access: ir::types::TextureAccess::ReadOnly,
                sample: float_n(4),
            }),
            0,
            0,
        );
        let s = mb.resource(
            "s",
            Type::resource(ResourceType::Sampler { comparison: false }),
            0,
            1,
        );
        let helper = mb.declare_function("helper", vec![], Type::Void);
        {
            let mut fb = mb.function(helper);
            let b = fb.create_block("");
            fb.switch_to_block(b);
            match what {
                0 => fb.kill(),
                1 => {
                    let uv = fb
                        .module_builder()
                        .const_vector(vec![ir::Constant::float(0.5); 2]);
                    fb.resource_op(
                        Opcode::TextureSample,
                        &[Value::Global(t), Value::Global(s), uv],
                        &[],
                    );
                    fb.ret(None);
                }
                _ => {
                    let x = fb.float(1.0);
                    fb.call_intrinsic(ir::Intrinsic::Ddx, Type::FLOAT, &[x]);
                    fb.ret(None);
                }
            }
        }
        let main = mb.declare_function("main", vec![], Type::Void);
        {
            let mut fb = mb.function(main);
            let b = fb.create_block("");
            fb.switch_to_block(b);
            fb.call(helper, &[]);
            fb.ret(None);
        }
        mb.entry_point(EntryPoint {
            name: "main".into(),
            stage: if what == 1 {
                Stage::Vertex
            } else {
                Stage::Compute
            },
            function: main,
            inputs: vec![],
            outputs: vec![],
            workgroup_size: None,
            modes: Vec::new(),
        });
        errors.push(emit_error(&mb.finish(), TargetEnv::Vulkan1_1));
    }
    expect![[r#"
        not supported yet: discard in a compute shader (only pixel shaders have it) (in @helper)
        not supported yet: implicit-LOD sampling in a vertex shader (only pixel shaders have it) (in @helper)
        not supported yet: derivatives in a compute shader of group size (1, 1, 1): they need even x and y sizes (quads) or a group size that is a multiple of 4"#]].assert_eq(&errors.join("\n"));
}

/// Intrinsic signatures are the front end's business (the verifier does not check them):
/// wrong operand counts are errors, never panics.
#[test]
fn intrinsics_with_wrong_operand_counts() {
    let mut count = 0;
    for &intr in ir::Intrinsic::ALL {
        for n in [0usize, 1, 4] {
            let mut mb = ModuleBuilder::new();
            let f = mb.declare_function("main", vec![], Type::Void);
            {
                let mut fb = mb.function(f);
                let b = fb.create_block("");
                fb.switch_to_block(b);
                let x = fb.float(1.0);
                let args = vec![x; n];
                fb.call_intrinsic(intr, Type::FLOAT, &args);
                fb.ret(None);
            }
            mb.entry_point(EntryPoint {
                name: "main".into(),
                stage: Stage::Pixel,
                function: f,
                inputs: vec![],
                outputs: vec![],
                workgroup_size: None,
                modes: Vec::new(),
            });
            let m = mb.finish();
            for env in [TargetEnv::Vulkan1_0, TargetEnv::Vulkan1_3] {
                if spirv_backend::emit(&m, &SpirvOptions::new(env)).is_err() {
                    count += 1;
                }
            }
        }
    }
    assert!(count > 0);
}

#[test]
fn stage_instructions_outside_their_stage_are_errors() {
    let module = |stage: Stage, build: &dyn Fn(&mut ir::FunctionBuilder<'_>)| {
        let mut mb = ModuleBuilder::new();
        let f = mb.declare_function("main", vec![], Type::Void);
        {
            let mut fb = mb.function(f);
            let b = fb.create_block("");
            fb.switch_to_block(b);
            build(&mut fb);
            fb.ret(None);
        }
        mb.entry_point(EntryPoint {
            name: "main".into(),
            stage,
            function: f,
            inputs: vec![],
            outputs: vec![],
            workgroup_size: Some([1, 1, 1]),
            modes: Vec::new(),
        });
        mb.finish()
    };
    let emit = module(Stage::Compute, &|fb| fb.emit_vertex());
    let counts = module(Stage::Compute, &|fb| {
        let one = fb.uint(1);
        fb.set_mesh_outputs(one, one);
    });
    expect![[r#"
        invalid module: emit_vertex in a compute shader (only geometry shaders have it) (in @main)
        invalid module: set_mesh_outputs in a compute shader (only mesh shaders have it) (in @main)"#]]
    .assert_eq(
        &[
            emit_error(&emit, TargetEnv::Vulkan1_2),
            emit_error(&counts, TargetEnv::Vulkan1_2),
        ]
        .join("\n"),
    );
}
