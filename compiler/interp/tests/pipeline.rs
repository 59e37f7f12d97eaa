//! The offload-test-suite pipeline YAML: parsing, defaults, buffer encodings, binding by
//! Vulkan or DirectX numbers, running, and the JSON output.

mod common;

use common::*;
use interp::pipeline::{BufferValues, Format};
use interp::{parse_pipeline, run_pipeline, PipelineOptions, Results, RunError};
use ir::types::{ResourceType, ScalarKind, TextureAccess, TextureDim, Type};
use ir::{BuiltIn, Value};

const DOUBLER: &str = r#"
---
Shaders:
  - Stage: Compute
    Entry: main
DispatchParameters:
  DispatchGroupCount: [2, 1, 1]
Buffers:
  - Name: In
    Format: Float32
    Data: [ 1.5, -2, 0.25, 8, 1e10, -0.0, 3, 4 ]
  - Name: Out
    Format: Float32
    FillSize: 32
    FillValue: 7
Results:
  - Result: Test
    Rule: BufferExact
    Actual: Out
    Expected: In
DescriptorSets:
  - Resources:
    - Name: In
      Kind: StructuredBuffer
      DirectXBinding:
        Register: 0
        Space: 0
      VulkanBinding:
        Binding: 0
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding:
        Register: 1
        Space: 0
      VulkanBinding:
        Binding: 1
...
"#;

/// `Out[gid] = In[gid] * 2` over [4, 1, 1] groups.
fn doubler() -> ir::Module {
    let mut k = Kernel::new([4, 1, 1]);
    let input = k.resource("In", structured(Type::FLOAT), 0, 0);
    let out = k.resource("Out", rw_structured(Type::FLOAT), 0, 1);
    let gid = k.builtin(BuiltIn::GlobalInvocationId, vec_ty(ScalarKind::Uint, 3));
    k.body(|fb| {
        let g = load_global(fb, gid);
        let x = fb.extract(g, &[0]);
        let p = fb.access_chain(Value::Global(input), &[x]);
        let v = fb.load(p);
        let two = fb.float(2.0);
        let w = fb.binary(Opcode::Mul, v, two);
        store_at(fb, out, x, w);
    });
    k.finish()
}

#[test]
fn parses_shaders_dispatch_buffers_and_sets() {
    let p = parse_pipeline(DOUBLER).unwrap();
    assert_eq!(p.shaders[0].stage, "Compute");
    assert_eq!(p.shaders[0].entry, "main");
    assert_eq!(p.group_count(), [2, 1, 1]);
    assert_eq!(p.buffers.len(), 2);
    assert_eq!(p.buffers[1].format, Format::Float32);
    assert_eq!(p.buffers[1].fill_size, Some(32));
    let r = &p.descriptor_sets[0].resources[1];
    assert_eq!(r.kind, "RWStructuredBuffer");
    assert_eq!(r.directx_binding.unwrap().register, 1);
    assert_eq!(r.vulkan_binding.unwrap().binding, 1);
}

#[test]
fn dispatch_defaults_to_one_group() {
    let p = parse_pipeline(
        "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers: []\nDescriptorSets: []\n",
    )
    .unwrap();
    assert_eq!(p.group_count(), [1, 1, 1]);
}

#[test]
fn dispatch_size_on_the_shader_is_read() {
    let p = parse_pipeline("Shaders:\n  - Stage: Compute\n    Entry: main\n    DispatchSize: [3, 2, 1]\nBuffers: []\nDescriptorSets: []\n").unwrap();
    assert_eq!(p.group_count(), [3, 2, 1]);
}

#[test]
fn unknown_keys_are_ignored() {
    let text = "Shaders:\n  - Stage: Compute\n    Entry: main\n    Whatever: 1\nRuntimeSettings:\n  DirectX: {}\nBuffers:\n  - Name: A\n    Format: Int32\n    Data: [1]\n    Mystery: [x]\nDescriptorSets: []\n";
    let p = parse_pipeline(text).unwrap();
    assert_eq!(p.buffers[0].bytes().unwrap(), 1i32.to_le_bytes());
}

#[test]
fn malformed_yaml_is_an_error() {
    assert!(matches!(
        parse_pipeline("Shaders: [ {"),
        Err(RunError::Pipeline(_))
    ));
    assert!(matches!(
        parse_pipeline("Shaders: []\nBuffers:\n  - Name: A\n    Format: Int128\n"),
        Err(RunError::Pipeline(_))
    ));
}

#[test]
fn buffer_encodings_of_every_format() {
    let text = r#"
Shaders: []
Buffers:
  - { Name: a, Format: Int16, Data: [-2, 3] }
  - { Name: b, Format: UInt16, Data: [65535] }
  - { Name: c, Format: Int64, Data: [-1] }
  - { Name: d, Format: UInt64, Data: [18446744073709551615] }
  - { Name: e, Format: Float16, Data: [0x3c00, 0xc000] }
  - { Name: f, Format: Float64, Data: [0.1] }
  - { Name: g, Format: Bool, Data: [1, 0, true] }
  - { Name: h, Format: Hex32, Data: [0x3f800000] }
  - { Name: i, Format: UInt32, Stride: 4, Data: [1, 2] }
DescriptorSets: []
"#;
    let p = parse_pipeline(text).unwrap();
    let bytes: Vec<Vec<u8>> = p.buffers.iter().map(|b| b.bytes().unwrap()).collect();
    assert_eq!(bytes[0], [0xfe, 0xff, 3, 0]);
    assert_eq!(bytes[1], [0xff, 0xff]);
    assert_eq!(bytes[2], [0xff; 8]);
    assert_eq!(bytes[3], [0xff; 8]);
    assert_eq!(bytes[4], [0x00, 0x3c, 0x00, 0xc0]);
    assert_eq!(bytes[5], 0.1f64.to_le_bytes());
    assert_eq!(bytes[6], [1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
    assert_eq!(bytes[7], 0x3f80_0000u32.to_le_bytes());
    assert_eq!(bytes[8], [1, 0, 0, 0, 2, 0, 0, 0]);
    assert_eq!(p.buffers[8].stride, Some(4));
}

#[test]
fn fill_size_is_in_bytes_and_fill_value_repeats() {
    let text = "Shaders: []\nBuffers:\n  - Name: a\n    Format: Int16\n    FillSize: 6\n    FillValue: -1\n  - Name: b\n    Format: Float32\n    FillSize: 8\nDescriptorSets: []\n";
    let p = parse_pipeline(text).unwrap();
    assert_eq!(p.buffers[0].bytes().unwrap(), [0xff; 6]);
    assert_eq!(p.buffers[1].bytes().unwrap(), [0; 8]);
}

#[test]
fn float16_values_decode_exactly() {
    let text = "Shaders: []\nBuffers:\n  - { Name: a, Format: Float16, Data: [0x3555, 0x7c00] }\nDescriptorSets: []\n";
    let p = parse_pipeline(text).unwrap();
    let b = &p.buffers[0];
    assert_eq!(
        b.values(&b.bytes().unwrap()),
        BufferValues::Float16(vec![0.333_251_95, f32::INFINITY])
    );
}

#[test]
fn json_prints_floats_that_round_trip_and_special_values() {
    let results = Results {
        buffers: vec![
            (
                "F".to_owned(),
                BufferValues::Float32(vec![
                    0.1,
                    1.0,
                    -2.5,
                    f32::NAN,
                    f32::INFINITY,
                    f32::NEG_INFINITY,
                ]),
            ),
            ("D".to_owned(), BufferValues::Float64(vec![0.1, 1e-7])),
            ("I".to_owned(), BufferValues::Int(vec![-1, 2])),
            ("U".to_owned(), BufferValues::UInt(vec![u64::MAX])),
            ("B".to_owned(), BufferValues::Bool(vec![true, false])),
        ],
        counters: vec![],
    };
    assert_eq!(
        results.to_json(),
        r#"{"buffers": {"F": [0.1, 1, -2.5, "nan", "inf", "-inf"], "D": [0.1, 0.0000001], "I": [-1, 2], "U": [18446744073709551615], "B": [true, false]}}"#
    );
}

#[test]
fn json_floats_read_back_to_the_same_bits() {
    let vals = [
        0.1f32,
        1.0 / 3.0,
        16_777_216.0,
        1.0e-30,
        3.4e38,
        f32::MIN_POSITIVE,
    ];
    let json = Results {
        buffers: vec![("X".to_owned(), BufferValues::Float32(vals.to_vec()))],
        counters: vec![],
    }
    .to_json();
    let inner = json.split('[').nth(1).unwrap().split(']').next().unwrap();
    let back: Vec<f32> = inner.split(", ").map(|s| s.parse().unwrap()).collect();
    assert_eq!(back, vals);
}

#[test]
fn json_escapes_names() {
    let results = Results {
        buffers: vec![("a\"b\\c".to_owned(), BufferValues::UInt(vec![]))],
        counters: vec![],
    };
    assert_eq!(results.to_json(), r#"{"buffers": {"a\"b\\c": []}}"#);
}

#[test]
fn json_prints_counters_after_the_buffers() {
    let results = Results {
        buffers: vec![("Out".to_owned(), BufferValues::UInt(vec![3]))],
        counters: vec![
            ("Out".to_owned(), vec![4]),
            ("In\"".to_owned(), vec![0]),
            ("Arr".to_owned(), vec![1, 2]),
        ],
    };
    assert_eq!(
        results.to_json(),
        r#"{"buffers": {"Out": [3]}, "counters": {"Out": 4, "In\"": 0, "Arr": [1, 2]}}"#
    );
}

#[test]
fn run_pipeline_binds_runs_and_reads_back() {
    let m = doubler();
    let p = parse_pipeline(DOUBLER).unwrap();
    let results = run_pipeline(&m, &p, &PipelineOptions::default()).unwrap();
    assert_eq!(
        results.get("Out"),
        Some(&BufferValues::Float32(vec![
            3.0, -4.0, 0.5, 16.0, 2e10, -0.0, 6.0, 8.0
        ]))
    );
    assert_eq!(
        results.to_json(),
        r#"{"buffers": {"In": [1.5, -2, 0.25, 8, 10000000000, -0, 3, 4], "Out": [3, -4, 0.5, 16, 20000000000, -0, 6, 8]}}"#
    );
}

#[test]
fn run_pipeline_falls_back_to_directx_bindings() {
    let m = doubler();
    let text = DOUBLER
        .replace("      VulkanBinding:\n        Binding: 0\n", "")
        .replace("      VulkanBinding:\n        Binding: 1\n", "");
    let p = parse_pipeline(&text).unwrap();
    assert!(p.descriptor_sets[0].resources[0].vulkan_binding.is_none());
    let results = run_pipeline(&m, &p, &PipelineOptions::default()).unwrap();
    assert_eq!(
        results
            .get("Out")
            .map(|v| matches!(v, BufferValues::Float32(x) if x[0] == 3.0)),
        Some(true)
    );
}

/// `Out[gid] = In[gid] * 2` with `In` at `register(t0)` and `Out` at `register(u0)`: DXC
/// gives both binding 0 of set 0.
fn doubler_at_t0_and_u0() -> ir::Module {
    let mut k = Kernel::new([4, 1, 1]);
    let out = k.resource("Out", rw_structured(Type::FLOAT), 0, 0);
    let input = k.resource("In", structured(Type::FLOAT), 0, 0);
    let gid = k.builtin(BuiltIn::GlobalInvocationId, vec_ty(ScalarKind::Uint, 3));
    k.body(|fb| {
        let g = load_global(fb, gid);
        let x = fb.extract(g, &[0]);
        let p = fb.access_chain(Value::Global(input), &[x]);
        let v = fb.load(p);
        let two = fb.float(2.0);
        let w = fb.binary(Opcode::Mul, v, two);
        store_at(fb, out, x, w);
    });
    k.finish()
}

#[test]
fn directx_bindings_tell_b_t_and_u_registers_apart_by_kind() {
    let m = doubler_at_t0_and_u0();
    let text = r#"
Shaders:
  - { Stage: Compute, Entry: main }
Buffers:
  - { Name: In, Format: Float32, Data: [1, 2, 3, 4] }
  - { Name: Out, Format: Float32, FillSize: 16 }
  - { Name: Params, Format: Float32, Data: [9, 9, 9, 9] }
DescriptorSets:
  - Resources:
    - { Name: Params, Kind: ConstantBuffer, DirectXBinding: { Register: 0, Space: 0 } }
    - { Name: In, Kind: StructuredBuffer, DirectXBinding: { Register: 0, Space: 0 } }
    - { Name: Out, Kind: RWStructuredBuffer, DirectXBinding: { Register: 0, Space: 0 } }
"#;
    let p = parse_pipeline(text).unwrap();
    let results = run_pipeline(&m, &p, &PipelineOptions::default()).unwrap();
    assert_eq!(
        results.get("Out"),
        Some(&BufferValues::Float32(vec![2.0, 4.0, 6.0, 8.0]))
    );
    assert_eq!(
        results.get("In"),
        Some(&BufferValues::Float32(vec![1.0, 2.0, 3.0, 4.0]))
    );
    // The shader has no b0: the constant buffer binds to nothing (not to u0 or t0).
    assert_eq!(
        results.get("Params"),
        Some(&BufferValues::Float32(vec![9.0; 4]))
    );
}

/// `Out[0] = counter.var.Out[0]`: reads the hidden counter of `Out`.
fn counter_reader() -> ir::Module {
    let mut k = Kernel::new([1, 1, 1]);
    let out = k.resource("Out", rw_structured(Type::UINT), 0, 0);
    let counter = k.resource("counter.var.Out", rw_structured(Type::UINT), 0, 1);
    k.body(|fb| {
        let zero = fb.uint(0);
        let p = fb.access_chain(Value::Global(counter), &[zero]);
        let v = fb.load(p);
        store_at(fb, out, zero, v);
    });
    k.finish()
}

const COUNTER_PIPELINE: &str = r#"
Shaders:
  - { Stage: Compute, Entry: main }
Buffers:
  - { Name: Out, Format: UInt32, InitialCounter: 42, FillSize: 8, FillValue: 9 }
DescriptorSets:
  - Resources:
    - { Name: Out, Kind: RWStructuredBuffer, DirectXBinding: { Register: 0, Space: 0 } }
"#;

#[test]
fn initial_counter_sets_the_hidden_counter_and_counter_is_ignored() {
    let m = counter_reader();
    let p = parse_pipeline(COUNTER_PIPELINE).unwrap();
    let results = run_pipeline(&m, &p, &PipelineOptions::default()).unwrap();
    assert_eq!(results.get("Out"), Some(&BufferValues::UInt(vec![42, 9])));
    assert_eq!(results.counters, [("Out".to_owned(), vec![42])]);
    // The suite's `Counter` is an output: on input it changes nothing.
    let p = parse_pipeline(&COUNTER_PIPELINE.replace("InitialCounter: 42", "Counter: 5")).unwrap();
    let results = run_pipeline(&m, &p, &PipelineOptions::default()).unwrap();
    assert_eq!(results.get("Out"), Some(&BufferValues::UInt(vec![0, 9])));
    // Without the key the counter starts at zero.
    let p = parse_pipeline(&COUNTER_PIPELINE.replace("InitialCounter: 42, ", "")).unwrap();
    let results = run_pipeline(&m, &p, &PipelineOptions::default()).unwrap();
    assert_eq!(results.get("Out"), Some(&BufferValues::UInt(vec![0, 9])));
}

#[test]
fn counter_on_a_buffer_without_one_is_an_error() {
    // `Out` of this kernel is a plain RWStructuredBuffer.
    let m = doubler_at_t0_and_u0();
    let p = parse_pipeline(COUNTER_PIPELINE).unwrap();
    let err = run_pipeline(&m, &p, &PipelineOptions::default()).unwrap_err();
    assert!(
        matches!(&err, RunError::Pipeline(m) if m.contains("has no counter")),
        "{err:?}"
    );
}

#[test]
fn run_pipeline_with_only_one_group_leaves_the_rest_filled() {
    let m = doubler();
    let text = DOUBLER.replace(
        "DispatchGroupCount: [2, 1, 1]",
        "DispatchGroupCount: [1, 1, 1]",
    );
    let p = parse_pipeline(&text).unwrap();
    let results = run_pipeline(&m, &p, &PipelineOptions::default()).unwrap();
    assert_eq!(
        results.get("Out"),
        Some(&BufferValues::Float32(vec![
            3.0, -4.0, 0.5, 16.0, 7.0, 7.0, 7.0, 7.0
        ]))
    );
}

#[test]
fn run_pipeline_with_a_texture() {
    let tex = Type::resource(ResourceType::Texture {
        dim: TextureDim::D2,
        access: TextureAccess::ReadWrite,
        sample: Type::FLOAT,
    });
    let mut k = Kernel::new([2, 2, 1]);
    let t = k.resource("Tex", tex, 0, 0);
    let tid = k.builtin(BuiltIn::LocalInvocationId, vec_ty(ScalarKind::Uint, 3));
    k.body(|fb| {
        let id = load_global(fb, tid);
        let xy = fb.swizzle(id, &[0, 1]);
        let v = fb.resource_op(Opcode::TextureLoad, &[Value::Global(t), xy], &[]);
        let ten = fb.float(10.0);
        let w = fb.binary(Opcode::Add, v, ten);
        fb.texture(
            Opcode::TextureStore,
            Type::Void,
            &[Value::Global(t), xy, w],
            &[],
        );
    });
    let m = k.finish();
    let text = r#"
Shaders:
  - { Stage: Compute, Entry: main }
Buffers:
  - Name: Tex
    Format: Float32
    Channels: 1
    OutputProps: { Width: 2, Height: 2, Depth: 1 }
    Data: [1, 2, 3, 4]
DescriptorSets:
  - Resources:
    - Name: Tex
      Kind: RWTexture2D
      DirectXBinding: { Register: 0, Space: 0 }
      VulkanBinding: { Binding: 0 }
"#;
    let p = parse_pipeline(text).unwrap();
    let results = run_pipeline(&m, &p, &PipelineOptions::default()).unwrap();
    assert_eq!(
        results.get("Tex"),
        Some(&BufferValues::Float32(vec![11.0, 12.0, 13.0, 14.0]))
    );
}

#[test]
fn run_pipeline_without_a_compute_shader_is_an_error() {
    let m = doubler();
    let p = parse_pipeline(
        "Shaders:\n  - { Stage: Vertex, Entry: vs }\nBuffers: []\nDescriptorSets: []\n",
    )
    .unwrap();
    assert!(matches!(
        run_pipeline(&m, &p, &PipelineOptions::default()),
        Err(RunError::Pipeline(_))
    ));
}

#[test]
fn run_pipeline_of_integer_formats() {
    // Out[i] = In[i] >> 1 on int16 data.
    let i16t = Type::Scalar(ScalarKind::Int16);
    let mut k = Kernel::new([3, 1, 1]);
    let input = k.resource("In", structured(i16t.clone()), 0, 0);
    let out = k.resource("Out", rw_structured(i16t.clone()), 0, 1);
    let gi = k.builtin(BuiltIn::LocalInvocationIndex, Type::UINT);
    k.body(|fb| {
        let idx = load_global(fb, gi);
        let p = fb.access_chain(Value::Global(input), &[idx]);
        let v = fb.load(p);
        let one = fb.constant(ir::Constant::int16(1));
        let w = fb.binary(Opcode::Shr, v, one);
        store_at(fb, out, idx, w);
    });
    let m = k.finish();
    let text = "Shaders:\n  - { Stage: Compute, Entry: main }\nBuffers:\n  - { Name: In, Format: Int16, Data: [-7, 100, -32768] }\n  - { Name: Out, Format: Int16, FillSize: 6 }\nDescriptorSets:\n  - Resources:\n    - { Name: In, Kind: StructuredBuffer, DirectXBinding: { Register: 0, Space: 0 }, VulkanBinding: { Binding: 0 } }\n    - { Name: Out, Kind: RWStructuredBuffer, DirectXBinding: { Register: 1, Space: 0 }, VulkanBinding: { Binding: 1 } }\n";
    let p = parse_pipeline(text).unwrap();
    let r = run_pipeline(&m, &p, &PipelineOptions::default()).unwrap();
    assert_eq!(r.get("Out"), Some(&BufferValues::Int(vec![-4, 50, -16384])));
}

#[test]
fn run_pipeline_with_a_coverage_hook() {
    let m = doubler();
    let p = parse_pipeline(DOUBLER).unwrap();
    let mut rec = Recorder::default();
    interp::run_pipeline_with_hook(&m, &p, &PipelineOptions::default(), Some(&mut rec)).unwrap();
    // Two groups of four invocations.
    assert_eq!(rec.begins.len(), 8);
    let f = &m.functions[m.entry_points[0].function];
    let placed: std::collections::BTreeSet<ir::Inst> =
        f.blocks[f.layout[0]].insts.iter().copied().collect();
    let covered: std::collections::BTreeSet<ir::Inst> =
        rec.instructions.iter().map(|(_, i, _)| *i).collect();
    assert_eq!(covered, placed);
}

#[test]
fn run_pipeline_with_a_sampler() {
    let tex = Type::resource(ResourceType::Texture {
        dim: TextureDim::D2,
        access: TextureAccess::ReadOnly,
        sample: Type::FLOAT,
    });
    let mut k = Kernel::new([1, 1, 1]);
    let t = k.resource("Tex", tex, 0, 0);
    let s = k.resource(
        "Samp",
        Type::resource(ResourceType::Sampler { comparison: false }),
        0,
        1,
    );
    let out = k.resource("Out", rw_structured(Type::FLOAT), 0, 2);
    k.body(|fb| {
        let c = vconst(fb, vec![ir::Constant::float(0.5), ir::Constant::float(0.5)]);
        let lvl = fb.float(0.0);
        let v = fb.resource_op(
            Opcode::TextureSampleLevel,
            &[Value::Global(t), Value::Global(s), c, lvl],
            &[],
        );
        let z = fb.int(0);
        store_at(fb, out, z, v);
    });
    let m = k.finish();
    let text = r#"
Shaders:
  - { Stage: Compute, Entry: main }
Buffers:
  - { Name: Tex, Format: Float32, OutputProps: { Width: 2, Height: 2, Depth: 1 }, Data: [0, 10, 20, 30] }
  - { Name: Out, Format: Float32, FillSize: 4 }
Samplers:
  - { Name: Samp, MinFilter: Linear, MagFilter: Linear, Address: Clamp }
DescriptorSets:
  - Resources:
    - { Name: Tex, Kind: Texture2D, DirectXBinding: { Register: 0, Space: 0 }, VulkanBinding: { Binding: 0 } }
    - { Name: Samp, Kind: Sampler, DirectXBinding: { Register: 0, Space: 0 }, VulkanBinding: { Binding: 1 } }
    - { Name: Out, Kind: RWStructuredBuffer, DirectXBinding: { Register: 0, Space: 0 }, VulkanBinding: { Binding: 2 } }
"#;
    let p = parse_pipeline(text).unwrap();
    let r = run_pipeline(&m, &p, &PipelineOptions::default()).unwrap();
    assert_eq!(r.get("Out"), Some(&BufferValues::Float32(vec![15.0])));
}

/// A combined image sampler (`vk::SampledTexture2D`) names itself as the sampler; its state
/// is the `Samplers` entry of the same name. 2x2 texels 0, 10 / 20, 30 sampled bilinearly at
/// the centre (0.5, 0.5) average all four: 15. At (0.25, 0.25) the footprint is the top-left
/// texel alone: 0. Without a sampler of its name the pipeline is refused, as the suite does.
#[test]
fn run_pipeline_with_a_combined_image_sampler() {
    let tex = Type::resource(ResourceType::Texture {
        dim: TextureDim::D2,
        access: TextureAccess::Sampled,
        sample: Type::FLOAT,
    });
    let kernel = |u: f32| {
        let mut k = Kernel::new([1, 1, 1]);
        let t = k.resource("Tex", tex.clone(), 0, 0);
        let out = k.resource("Out", rw_structured(Type::FLOAT), 0, 1);
        k.body(|fb| {
            let c = vconst(fb, vec![ir::Constant::float(u), ir::Constant::float(u)]);
            let lvl = fb.float(0.0);
            let v = fb.resource_op(
                Opcode::TextureSampleLevel,
                &[Value::Global(t), Value::Global(t), c, lvl],
                &[],
            );
            let z = fb.int(0);
            store_at(fb, out, z, v);
        });
        k.finish()
    };
    let text = |samplers: &str| {
        format!(
            r#"
Shaders:
  - {{ Stage: Compute, Entry: main }}
Buffers:
  - {{ Name: Tex, Format: Float32, OutputProps: {{ Width: 2, Height: 2, Depth: 1 }}, Data: [0, 10, 20, 30] }}
  - {{ Name: Out, Format: Float32, FillSize: 4 }}
{samplers}
DescriptorSets:
  - Resources:
    - {{ Name: Tex, Kind: SampledTexture2D, DirectXBinding: {{ Register: 0, Space: 0 }}, VulkanBinding: {{ Binding: 0 }} }}
    - {{ Name: Out, Kind: RWStructuredBuffer, DirectXBinding: {{ Register: 0, Space: 0 }}, VulkanBinding: {{ Binding: 1 }} }}
"#
        )
    };
    let linear =
        "Samplers:\n  - { Name: Tex, MinFilter: Linear, MagFilter: Linear, Address: Clamp }";
    let run = |m: &ir::Module, samplers: &str| {
        let p = parse_pipeline(&text(samplers)).unwrap();
        run_pipeline(m, &p, &PipelineOptions::default()).map(|r| r.get("Out").cloned())
    };
    assert_eq!(
        run(&kernel(0.5), linear).unwrap(),
        Some(BufferValues::Float32(vec![15.0]))
    );
    assert_eq!(
        run(&kernel(0.25), linear).unwrap(),
        Some(BufferValues::Float32(vec![0.0]))
    );
    match run(&kernel(0.5), "") {
        Err(RunError::Pipeline(m)) => assert_eq!(m, "resource Tex names no sampler"),
        other => panic!("expected a pipeline error, got {other:?}"),
    }
}

#[test]
fn samplers_read_filter_address_and_comparison() {
    let text = r#"
Shaders: []
Samplers:
  - { Name: A, MagFilter: Linear, Address: Wrap, ComparisonOp: Greater }
  - { Name: B }
DescriptorSets: []
"#;
    let p = parse_pipeline(text).unwrap();
    let a = p.samplers[0].state();
    assert_eq!(a.filter, interp::Filter::Linear);
    assert_eq!(a.address, interp::AddressMode::Wrap);
    assert_eq!(a.compare, interp::CompareOp::Greater);
    let b = p.samplers[1].state();
    assert_eq!(b.filter, interp::Filter::Nearest);
    assert_eq!(b.address, interp::AddressMode::Clamp);
    assert_eq!(b.compare, interp::CompareOp::LessEqual);
}
