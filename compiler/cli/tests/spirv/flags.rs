//! DXC's flags and defaults where `hlslc` used to differ from `dxc -spirv`: a library profile
//! with an `-E` that names no function, `[instance]` above D3D's limit, inline ray tracing
//! under the default target, and the refusals DXC makes too (ray-tracing pipelines below
//! SPIR-V 1.4, `groupshared` outside compute-like stages), each with the reason.

use crate::harness::{compile, compile_entry, refuse, run};

/// DXC ignores `-E` for a library: `-T lib_6_4 -E main` without a `main` compiles every
/// `[shader("...")]` entry, each with its own `LocalSize`.
#[test]
fn library_with_an_entry_that_names_no_function_compiles_every_entry() {
    let m = compile(
        r#"
[shader("compute")] [numthreads(8, 4, 1)] void First() {}
[shader("compute")] [numthreads(32, 1, 1)] void Second() {}
"#,
        "lib_6_4",
        &[],
    );
    m.assert_has(&[
        "OpEntryPoint GLCompute %First \"First\"",
        "OpEntryPoint GLCompute %Second \"Second\"",
        "OpExecutionMode %First LocalSize 8 4 1",
        "OpExecutionMode %Second LocalSize 32 1 1",
    ]);
}

/// `-E` naming a function of the library still picks that one entry.
#[test]
fn library_with_an_existing_entry_keeps_it() {
    let m = compile_entry(
        r#"
[shader("compute")] [numthreads(8, 4, 1)] void First() {}
[shader("compute")] [numthreads(32, 1, 1)] void Second() {}
"#,
        "lib_6_4",
        Some("Second"),
        &[],
    );
    m.assert_has(&["OpExecutionMode %Second LocalSize 32 1 1"]);
    assert!(!m.has("%First"), "{}", m.asm);
}

/// DXC's SPIR-V takes `[instance(42)]` as `Invocations 42` (D3D's limit of 32 does not apply
/// to Vulkan, whose limit is the device's); we do too, with a warning about DXIL.
#[test]
fn geometry_instances_above_d3d_limit_are_a_warning() {
    let src = r#"
struct V { float4 pos : SV_Position; };
[maxvertexcount(1)]
[instance(42)]
void main(point V input[1], inout PointStream<V> output) { output.Append(input[0]); }
"#;
    let m = compile(src, "gs_6_0", &[]);
    m.assert_has(&["OpExecutionMode %main Invocations 42"]);
    let (output, _) = run(src, "gs_6_0", &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("warning[W2003]") && stderr.contains("D3D allows at most 32"),
        "{stderr}"
    );
}

/// DXC does not raise the target for a ray-tracing pipeline stage: it fails with "Vulkan 1.1
/// with SPIR-V 1.4 is required for Raytracing"; so do we, naming the flag that works.
#[test]
fn ray_tracing_stage_under_the_default_target_is_refused_as_in_dxc() {
    let src = r#"
struct Payload { float4 color; };
[shader("miss")]
void main(inout Payload p) { p.color = float4(1, 0, 0, 1); }
"#;
    refuse(
        src,
        "lib_6_3",
        &[],
        1,
        "Vulkan 1.1 with SPIR-V 1.4 is required for ray tracing",
    );
    refuse(
        src,
        "lib_6_3",
        &[],
        1,
        "give -fspv-target-env=vulkan1.1spirv1.4 or later",
    );
    let m = compile(src, "lib_6_3", &["-fspv-target-env=vulkan1.1spirv1.4"]);
    m.assert_has(&["OpEntryPoint MissNV %main \"main\""]);
}

/// DXC accepts `groupshared` in a pixel shader in its front end, but the `Workgroup` variable
/// it emits breaks VUID-StandaloneSpirv-None-04645 (spirv-val rejects it); we refuse it at
/// the variable and say why.
#[test]
fn groupshared_in_a_pixel_shader_is_refused_with_the_vulkan_rule() {
    refuse(
        r#"
groupshared float cache;
float4 main() : SV_Target { cache = 1.0; return cache; }
"#,
        "ps_6_0",
        &[],
        1,
        "(VUID-StandaloneSpirv-None-04645); DXC emits a `Workgroup` variable here, which is \
         invalid Vulkan SPIR-V that spirv-val rejects",
    );
}

/// A compute entry without `[numthreads]`: DXC fails with "thread group size
/// [numthreads(x,y,z)] is missing from the entry-point function" (DXC before 2019 defaulted
/// to 1x1x1); so do we.
#[test]
fn compute_without_numthreads_is_refused_as_in_dxc() {
    refuse(
        "void main() {}\n",
        "cs_6_0",
        &[],
        1,
        "error[E2026]: thread group size [numthreads(x,y,z)] is missing from the entry-point function",
    );
}

const FLATTEN: &str = r#"
Texture2D<float4> Textures[3] : register(t1);
SamplerState Sampler;
RWStructuredBuffer<float4> Out;
Texture2D<float4> Grid[4];
[numthreads(1, 1, 1)]
void main() {
    float2 uv = float2(0.5, 0.5);
    Out[0] = Textures[0].SampleLevel(Sampler, uv, 0) + Textures[2].SampleLevel(Sampler, uv, 0)
        + Grid[2].Load(int3(0, 0, 0));
}
"#;

/// `-fspv-flatten-resource-arrays`: each element is its own variable at the array's binding
/// plus its row-major position, and automatic bindings skip all of them: `Textures` (t1)
/// takes 1..=3, `Sampler` 0, `Out` 4, and `Grid[4]` the next four, 5..=8, so `Grid[2]` is 7.
#[test]
fn flatten_resource_arrays_gives_each_element_a_binding() {
    for env in ["vulkan1.0", "vulkan1.2"] {
        let target = format!("-fspv-target-env={env}");
        let m = compile(
            FLATTEN,
            "cs_6_0",
            &["-fspv-flatten-resource-arrays", target.as_str()],
        );
        assert_eq!(m.binding("Textures[0]"), (0, 1));
        assert_eq!(m.binding("Textures[1]"), (0, 2));
        assert_eq!(m.binding("Textures[2]"), (0, 3));
        assert_eq!(m.binding("Sampler"), (0, 0));
        assert_eq!(m.binding("Out"), (0, 4));
        assert_eq!(m.binding("Grid[0]"), (0, 5));
        assert_eq!(m.binding("Grid[2]"), (0, 7));
        assert_eq!(m.binding("Grid[3]"), (0, 8));
        // No array variable is left, and the loads read the elements themselves.
        assert!(!m.has("OpTypeArray"), "{}", m.asm);
        let grid2 = m.id("Grid[2]");
        assert!(
            m.asm
                .lines()
                .any(|l| l.contains("OpLoad") && l.ends_with(&format!(" {grid2}"))),
            "{}",
            m.asm
        );
    }
}

/// Without the flag an array keeps one binding: `Textures` 1, `Sampler` 0, `Out` 2, `Grid` 3.
#[test]
fn resource_arrays_take_one_binding_by_default() {
    let m = compile(FLATTEN, "cs_6_0", &[]);
    assert_eq!(m.binding("Textures"), (0, 1));
    assert_eq!(m.binding("Out"), (0, 2));
    assert_eq!(m.binding("Grid"), (0, 3));
}

/// A run-time index cannot pick one of several bindings; DXC's legalization fails there too.
#[test]
fn flatten_refuses_a_run_time_index() {
    refuse(
        r#"
Texture2D<float4> Textures[3];
RWStructuredBuffer<float4> Out;
cbuffer Params { uint which; };
[numthreads(1, 1, 1)]
void main() { Out[0] = Textures[which].Load(int3(0, 0, 0)); }
"#,
        "cs_6_0",
        &["-fspv-flatten-resource-arrays"],
        1,
        "a run-time index into resource array Textures: with -fspv-flatten-resource-arrays \
         every element is its own binding",
    );
}

const VK11: &str = "-fspv-target-env=vulkan1.1";

/// `SPV_KHR_vulkan_memory_model` requires SPIR-V 1.3, so DXC's default `vulkan1.0` cannot
/// carry it (DXC's output there fails spirv-val); refused with the target that works.
#[test]
fn vulkan_memory_model_needs_spirv_1_3() {
    refuse(
        COHERENT,
        "cs_6_0",
        &["-fspv-use-vulkan-memory-model"],
        1,
        "the Vulkan memory model needs SPIR-V 1.3 (SPV_KHR_vulkan_memory_model requires it), \
         and the target is vulkan1.0 (SPIR-V 1.0); give -fspv-target-env=vulkan1.1 or later",
    );
}

const COHERENT: &str = r#"
globallycoherent RWByteAddressBuffer Shared;
RWStructuredBuffer<uint> Counts;
groupshared uint Cache[4];
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Cache[i] = Shared.Load(0);
    GroupMemoryBarrierWithGroupSync();
    uint before;
    InterlockedAdd(Counts[0], Cache[(i + 1) % 4], before);
    Shared.Store(4, before + Counts[1]);
}
"#;

/// The lines of `asm` that load from or store to a pointer made by an access chain into the
/// variable `var` (by its id).
fn accesses_of(m: &crate::harness::Module, var: &str) -> Vec<String> {
    let var = m.id(var);
    let chains: Vec<String> = m
        .asm
        .lines()
        .filter(|l| l.contains("OpAccessChain") && l.contains(&format!(" {var} ")))
        .filter_map(|l| l.split(" = ").next().map(str::to_owned))
        .collect();
    m.asm
        .lines()
        .filter(|l| l.contains("OpLoad ") || l.trim_start().starts_with("OpStore "))
        .filter(|l| {
            chains
                .iter()
                .any(|c| l.contains(&format!(" {c} ")) || l.ends_with(&format!(" {c}")))
        })
        .map(str::to_owned)
        .collect()
}

/// Without `-fspv-use-vulkan-memory-model`, `globallycoherent` is the `Coherent` decoration
/// under GLSL450, and no access carries memory operands.
#[test]
fn globallycoherent_is_coherent_under_glsl450() {
    let m = compile(COHERENT, "cs_6_0", &[]);
    m.assert_has(&["OpMemoryModel Logical GLSL450"]);
    assert_eq!(m.decoration("Shared", "Coherent"), Some(String::new()));
    assert_eq!(m.decoration("Counts", "Coherent"), None);
    assert!(!m.has("NonPrivatePointer"), "{}", m.asm);
}

/// With it: the Vulkan memory model, no `Coherent`, visibility on loads and availability on
/// stores of the coherent buffer at `QueueFamily` (5) and of `groupshared` memory at
/// `Workgroup` (2), nothing on the plain buffer, and the `Device` (1) scope of atomics moved
/// to `QueueFamily`. The extension is needed below SPIR-V 1.5 only.
#[test]
fn vulkan_memory_model_makes_coherent_accesses_available_and_visible() {
    for (env, extension) in [("vulkan1.1", true), ("vulkan1.2", false)] {
        let target = format!("-fspv-target-env={env}");
        let m = compile(
            COHERENT,
            "cs_6_0",
            &["-fspv-use-vulkan-memory-model", target.as_str()],
        );
        m.assert_has(&[
            "OpCapability VulkanMemoryModel",
            "OpMemoryModel Logical Vulkan",
        ]);
        assert_eq!(
            m.has("OpExtension \"SPV_KHR_vulkan_memory_model\""),
            extension,
            "{env}"
        );
        assert!(!m.has("Coherent"), "{}", m.asm);
        let shared = accesses_of(&m, "Shared");
        assert_eq!(shared.len(), 2, "{shared:?}\n{}", m.asm);
        assert!(shared[0].contains("OpLoad") && shared[0].contains("MakePointerVisible"));
        assert!(shared[1].contains("OpStore") && shared[1].contains("MakePointerAvailable"));
        for l in &shared {
            assert!(
                l.contains("NonPrivatePointer") && l.ends_with(" %uint_5"),
                "{l}"
            );
        }
        let cache = accesses_of(&m, "Cache");
        assert_eq!(cache.len(), 2, "{cache:?}\n{}", m.asm);
        for l in &cache {
            assert!(
                l.contains("NonPrivatePointer") && l.ends_with(" %uint_2"),
                "{l}"
            );
        }
        let counts = accesses_of(&m, "Counts");
        assert!(!counts.is_empty());
        for l in &counts {
            assert!(!l.contains("NonPrivatePointer"), "{l}");
        }
        assert!(
            m.asm
                .lines()
                .any(|l| l.contains("OpAtomicIAdd %uint") && l.contains(" %uint_5 %uint_0 ")),
            "{}",
            m.asm
        );
    }
}

/// A coherent storage image: reads make texels visible, writes available; the handle's own
/// load from `UniformConstant` takes no memory operands (spirv-val allows them on memory
/// only).
#[test]
fn vulkan_memory_model_on_a_coherent_image() {
    let m = compile(
        r#"
globallycoherent RWTexture2D<float4> Img;
RWTexture2D<float4> Plain;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Img[id.xy] = Img[id.xy + 1] + Plain[id.xy];
    DeviceMemoryBarrierWithGroupSync();
}
"#,
        "cs_6_0",
        &["-fspv-use-vulkan-memory-model", VK11],
    );
    let read = m
        .asm
        .lines()
        .filter(|l| l.contains("OpImageRead"))
        .collect::<Vec<_>>();
    assert_eq!(read.len(), 2, "{}", m.asm);
    assert!(read[0].contains("MakeTexelVisible") && read[0].contains("NonPrivateTexel"));
    assert!(read[0].ends_with(" %uint_5"));
    assert!(!read[1].contains("NonPrivateTexel"), "{}", read[1]);
    let write = m.asm.lines().find(|l| l.contains("OpImageWrite")).unwrap();
    assert!(
        write.contains("MakeTexelAvailable") && write.ends_with(" %uint_5"),
        "{write}"
    );
    // DeviceMemoryBarrier's Device scope (1) becomes QueueFamily (5).
    assert!(m.has("OpControlBarrier %uint_2 %uint_5 "), "{}", m.asm);
}

/// A hull shader's control barrier also orders `Output` memory under the Vulkan memory
/// model (0x1000), as the upgrade pass does for tessellation control shaders; to pass
/// current spirv-val it is also `AcquireRelease` (0x8) at `Workgroup` memory scope (2)
/// instead of `Invocation` (4): 0x1008 = 4104.
#[test]
fn vulkan_memory_model_hull_barrier_orders_output_memory() {
    let src = r#"
struct CP { float4 pos : POSITION; };
struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };
PC Constants(InputPatch<CP, 3> patch) {
    PC pc;
    pc.edges[0] = 1; pc.edges[1] = 1; pc.edges[2] = 1; pc.inside = 1;
    return pc;
}
[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("Constants")]
CP main(InputPatch<CP, 3> patch, uint id : SV_OutputControlPointID) { return patch[id]; }
"#;
    let plain = compile(src, "hs_6_0", &[]);
    assert!(
        plain.has("OpControlBarrier %uint_2 %uint_4 %uint_0"),
        "{}",
        plain.asm
    );
    let m = compile(src, "hs_6_0", &["-fspv-use-vulkan-memory-model", VK11]);
    assert!(
        m.has("OpControlBarrier %uint_2 %uint_2 %uint_4104"),
        "{}",
        m.asm
    );
}

const RW_ARRAY: &str = r#"
struct T { float a; };
RWStructuredBuffer<T> Bufs[3];
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() {
    uint n = Bufs[2].IncrementCounter();
    Out[0] = n + Bufs[1].DecrementCounter();
    Bufs[0][n].a = 1.0;
}
"#;

/// `-fvk-allow-rwstructuredbuffer-arrays`: `Bufs[3]` has `counter.var.Bufs`, an array of three
/// counters at the next free binding (2, after `Bufs` 0 and `Out` 1); element 2's counter is
/// element 2 of it (`%int_2`, then the counter block's member 0 and word 0), incremented by 1,
/// element 1's decremented (adding 0xFFFFFFFF).
#[test]
fn rwstructuredbuffer_arrays_have_an_array_of_counters() {
    let m = compile(
        RW_ARRAY,
        "cs_6_0",
        &["-fvk-allow-rwstructuredbuffer-arrays"],
    );
    assert_eq!(m.binding("counter.var.Bufs"), (0, 2));
    let counters = m.id("counter.var.Bufs");
    let chain = |element: &str| {
        m.asm
            .lines()
            .find(|l| {
                l.contains("OpAccessChain")
                    && l.ends_with(&format!(" {counters} {element} %uint_0 %uint_0"))
            })
            .and_then(|l| l.split(" = ").next())
            .unwrap_or_else(|| panic!("no chain to counter {element}:\n{}", m.asm))
            .to_owned()
    };
    let (two, one) = (chain("%int_2"), chain("%int_1"));
    m.assert_has(&[
        &format!("OpAtomicIAdd %uint {two} %uint_1 %uint_0 %uint_1"),
        &format!("OpAtomicIAdd %uint {one} %uint_1 %uint_0 %uint_4294967295"),
    ]);
}

/// With resource arrays flattened too, the counters are three variables at three bindings
/// after the buffers' (`Bufs[0..3]` 0..=2, `Out` 3, counters 4..=6).
#[test]
fn flattened_rwstructuredbuffer_arrays_flatten_their_counters() {
    let m = compile(
        RW_ARRAY,
        "cs_6_0",
        &[
            "-fvk-allow-rwstructuredbuffer-arrays",
            "-fspv-flatten-resource-arrays",
        ],
    );
    assert_eq!(m.binding("Bufs[2]"), (0, 2));
    assert_eq!(m.binding("Out"), (0, 3));
    assert_eq!(m.binding("counter.var.Bufs[0]"), (0, 4));
    assert_eq!(m.binding("counter.var.Bufs[2]"), (0, 6));
    let counter2 = m.id("counter.var.Bufs[2]");
    assert!(m.has(&format!(" {counter2} %uint_0 %uint_0")), "{}", m.asm);
}

const DEBUG: &str = "RWStructuredBuffer<float> Out;
float scale(float x, int k) {
    float y = x * k;
    return y;
}
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 v = float2(id.x, 2);
    if (id.x > 1)
        v.y = scale(v.x, 3);
    Out[id.x] = v.y;
}
";

/// The `OpExtInst` line of debug instruction `inst` whose operands start with `operands`.
fn debug_line<'a>(m: &'a crate::harness::Module, inst: &str, operands: &str) -> &'a str {
    let needle = format!("OpExtInst %void %debug {inst} {operands}");
    m.asm
        .lines()
        .find(|l| l.contains(&needle))
        .unwrap_or_else(|| panic!("no `{needle}` in:\n{}", m.asm))
}

/// The id of the `OpString` holding `text`.
fn string_id(m: &crate::harness::Module, text: &str) -> String {
    let needle = format!(" = OpString \"{text}\"");
    m.asm
        .lines()
        .find_map(|l| l.strip_suffix(&needle))
        .unwrap_or_else(|| panic!("no OpString \"{text}\" in:\n{}", m.asm))
        .to_owned()
}

/// `-fspv-debug=vulkan-with-source`: NonSemantic.Shader.DebugInfo.100 with the source text,
/// a compilation unit (version 100, DWARF 5, HLSL = 5), basic and vector types, a function per
/// HLSL function with its definition, scopes, lines (1-based, from the source positions:
/// `float y = x * k;` is line 3, `x * k` columns 15..20), and locals with declares. Valid for
/// every target (with `SPV_KHR_non_semantic_info` below SPIR-V 1.6).
#[test]
fn vulkan_debug_info_describes_sources_functions_lines_and_locals() {
    for (env, extension) in [("vulkan1.0", true), ("vulkan1.3", false)] {
        let target = format!("-fspv-target-env={env}");
        let m = compile(
            DEBUG,
            "cs_6_0",
            &["-fspv-debug=vulkan-with-source", target.as_str()],
        );
        m.assert_has(&[
            "%debug = OpExtInstImport \"NonSemantic.Shader.DebugInfo.100\"",
            "OpString \"RWStructuredBuffer<float> Out;",
        ]);
        assert_eq!(
            m.has("OpExtension \"SPV_KHR_non_semantic_info\""),
            extension,
            "{env}"
        );
        let source_line = debug_line(&m, "DebugSource", "");
        assert_eq!(
            source_line.split(' ').count(),
            8,
            "path and text: {source_line}"
        );
        let source = source_line.split(' ').next().unwrap();
        debug_line(&m, "DebugCompilationUnit", "%uint_100 %uint_5 ");
        // float: 32 bits, encoding Float (3); int: Signed (4).
        let float = string_id(&m, "float");
        let int = string_id(&m, "int");
        debug_line(
            &m,
            "DebugTypeBasic",
            &format!("{float} %uint_32 %uint_3 %uint_0"),
        );
        debug_line(
            &m,
            "DebugTypeBasic",
            &format!("{int} %uint_32 %uint_4 %uint_0"),
        );
        debug_line(&m, "DebugTypeVector", "");
        let scale = debug_line(&m, "DebugFunction", &string_id(&m, "scale"));
        assert!(scale.contains(" %uint_3 %uint_15 "), "{scale}");
        debug_line(&m, "DebugFunctionDefinition", "");
        assert!(m.has("DebugScope"), "{}", m.asm);
        // `x * k` on line 3, columns 15 to 20.
        debug_line(
            &m,
            "DebugLine",
            &format!("{source} %uint_3 %uint_3 %uint_15 %uint_20"),
        );
        let y = debug_line(&m, "DebugLocalVariable", &string_id(&m, "y"));
        assert!(y.contains(" %uint_3 %uint_5 "), "{y}");
        assert!(m.has("DebugDeclare"), "{}", m.asm);
    }
}

/// `vulkan` leaves the text out of `DebugSource`; `rich` gives the same set (with a warning
/// that DXC's rich mode is OpenCL.DebugInfo.100), and every mode warns about what is missing.
#[test]
fn debug_modes_and_their_warnings() {
    let m = compile(DEBUG, "cs_6_0", &["-fspv-debug=vulkan"]);
    assert_eq!(debug_line(&m, "DebugSource", "").split(' ').count(), 7);
    let (output, _) = run(DEBUG, "cs_6_0", &["-fspv-debug=rich"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("DXC's rich mode emits OpenCL.DebugInfo.100"),
        "{stderr}"
    );
    assert!(stderr.contains("lexical blocks"), "{stderr}");
    let (output, _) = run(DEBUG, "cs_6_0", &["-fspv-debug=line"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("is not emitted yet"), "{stderr}");
    refuse(
        DEBUG,
        "cs_6_0",
        &["-fspv-debug=bogus"],
        2,
        "unknown -fspv-debug mode `bogus`",
    );
}

/// Arrays of numeric types are `DebugTypeArray`s (a local `float[3]`, `groupshared float[8]`),
/// and `static` and `groupshared` globals are `DebugGlobalVariable`s at their first use
/// (line 7), naming their variable.
#[test]
fn debug_info_for_arrays_and_globals() {
    let m = compile(
        "RWStructuredBuffer<float> Out;
static float Bias = 0.5;
groupshared float Tile[8];
[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    float weights[3] = { 1, 2, 3 };
    Tile[i] = weights[i % 3] + Bias;
    GroupMemoryBarrierWithGroupSync();
    Out[i] = Tile[(i + 1) % 8];
}
",
        "cs_6_0",
        &["-fspv-debug=vulkan", "-fspv-target-env=vulkan1.2"],
    );
    let float = debug_line(&m, "DebugTypeBasic", &string_id(&m, "float"));
    let float = float.split(' ').next().unwrap();
    let array3 = debug_line(&m, "DebugTypeArray", &format!("{float} %uint_3"));
    let array8 = debug_line(&m, "DebugTypeArray", &format!("{float} %uint_8"));
    let weights = debug_line(&m, "DebugLocalVariable", &string_id(&m, "weights"));
    assert!(
        weights.contains(&format!(" {} ", array3.split(' ').next().unwrap())),
        "{weights}"
    );
    let tile = debug_line(&m, "DebugGlobalVariable", &string_id(&m, "Tile"));
    assert!(
        tile.contains(&format!(" {} ", array8.split(' ').next().unwrap()))
            && tile.contains(" %uint_7 ")
            && tile.contains(" %Tile "),
        "{tile}"
    );
    let bias = debug_line(&m, "DebugGlobalVariable", &string_id(&m, "Bias"));
    assert!(
        bias.contains(&format!(" {float} ")) && bias.contains(" %Bias "),
        "{bias}"
    );
}

/// Structs are `DebugTypeComposite`s (tag Structure = 1) whose `DebugTypeMember`s have their
/// offsets and sizes in bits (`float3 dir` at 0, 96 bits; `float power` at 96, 32 bits; the
/// whole 128), so a struct local is a `DebugLocalVariable` of it; a cbuffer is a
/// `DebugGlobalVariable` of its contents' struct (`Light l` at 0, `float4x4 m` at 128 bits,
/// 640 in all) and a texture one of a `Class` (tag 0) composite named as HLSL spells it, with
/// the size `DebugInfoNone`.
#[test]
fn debug_info_for_structs_and_resources() {
    let m = compile(
        "struct Light { float3 dir; float power; };
cbuffer Frame { Light l; float4x4 m; };
Texture2D<float4> Albedo;
SamplerState Linear;
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Light k = l;
    return Albedo.Sample(Linear, uv) * dot(k.dir, float3(1, 0, 0)) * k.power;
}
",
        "ps_6_0",
        &["-fspv-debug=vulkan"],
    );
    let id = |line: &str| line.split(' ').next().unwrap().to_owned();
    let dir = debug_line(&m, "DebugTypeMember", &string_id(&m, "dir"));
    assert!(dir.ends_with(" %uint_0 %uint_96 %uint_3"), "{dir}");
    let power = debug_line(&m, "DebugTypeMember", &string_id(&m, "power"));
    assert!(power.ends_with(" %uint_96 %uint_32 %uint_3"), "{power}");
    let light = debug_line(&m, "DebugTypeComposite", &string_id(&m, "Light"));
    assert!(
        light.contains(" %uint_1 ")
            && light.ends_with(&format!(" %uint_128 %uint_3 {} {}", id(dir), id(power))),
        "{light}"
    );
    let k = debug_line(&m, "DebugLocalVariable", &string_id(&m, "k"));
    assert!(k.contains(&format!(" {} ", id(light))), "{k}");
    let matrix = debug_line(&m, "DebugTypeMember", &string_id(&m, "m"));
    assert!(matrix.ends_with(" %uint_128 %uint_512 %uint_3"), "{matrix}");
    let frame = m
        .asm
        .lines()
        .find(|l| l.contains("DebugGlobalVariable") && l.contains(" %Frame "))
        .unwrap_or_else(|| panic!("no global for the cbuffer in:\n{}", m.asm));
    let contents = frame.split(' ').nth(7).unwrap();
    let composite = m
        .asm
        .lines()
        .find(|l| l.starts_with(&format!("{contents} = ")))
        .unwrap();
    assert!(
        composite.contains("DebugTypeComposite") && composite.contains(" %uint_640 "),
        "{composite}"
    );
    let none = m
        .asm
        .lines()
        .find(|l| l.ends_with(" DebugInfoNone"))
        .map(id)
        .unwrap_or_else(|| panic!("no DebugInfoNone in:\n{}", m.asm));
    let texture = debug_line(
        &m,
        "DebugTypeComposite",
        &format!("{} %uint_0 ", string_id(&m, "Texture2D<float4>")),
    );
    assert!(texture.contains(&format!(" {none} ")), "{texture}");
    let albedo = debug_line(&m, "DebugGlobalVariable", &string_id(&m, "Albedo"));
    assert!(
        albedo.contains(&format!(" {} ", id(texture))) && albedo.contains(" %Albedo "),
        "{albedo}"
    );
}
