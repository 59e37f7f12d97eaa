//! SM 6.6 descriptor heaps and 64-bit byte-address atomics: IR snapshots (checked against
//! the specification's conventions: one runtime array per resource type read from the heap,
//! all at the first binding of set 0 no other resource uses, samplers at the next; 64-bit
//! atomics in the resource form with a byte offset), SPIR-V validation, and runs on the
//! interpreter with hand-computed results.

mod common;

use expect_test::{expect, Expect};
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};
use spirv_backend::{SpirvOptions, TargetEnv};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

/// Emits `text`'s module for `env` and runs spirv-val on it.
fn validate(text: &str, env: TargetEnv) {
    let m = common::lower(text);
    let options = SpirvOptions::new(env);
    let words = spirv_backend::emit(&m, &options)
        .unwrap_or_else(|e| panic!("emit failed: {e}\n{}", ir::print_module(&m)));
    let failures =
        spirv_backend::validate::validate(&words, &spirv_backend::validator_options(&m, &options));
    assert!(
        failures.is_empty(),
        "{env:?}: spirv-val failed:\n{}\n{}",
        failures.join("\n"),
        spirv_backend::disassemble(&words)
    );
}

const HEAP_SAMPLE: &str = r#"
cbuffer Root : register(b0) { uint texIndex; uint smpIndex; }
RWStructuredBuffer<float4> Out;
[numthreads(1, 1, 1)]
void main() {
    Texture2D<float4> t = ResourceDescriptorHeap[texIndex];
    SamplerState s = SamplerDescriptorHeap[smpIndex];
    RWStructuredBuffer<float4> o = ResourceDescriptorHeap[texIndex + 1];
    o[0] = t.SampleLevel(s, float2(0.5, 0.5), 0);
    Out[0] = 1;
}
"#;

#[test]
fn heap_elements_are_chains_into_runtime_arrays_at_the_first_free_binding() {
    // `Out` is first used after the heap, yet keeps binding 1 (the first automatic one):
    // the heap arrays take binding 2, the sampler heap binding 3.
    check(
        HEAP_SAMPLE,
        expect![[r#"
            struct type.Root { uint texIndex; uint smpIndex; }

            @g0 = resource uniform ConstantBuffer<type.Root> set(0) binding(0) layout(relaxed_std140) ; Root
            @g1 = resource uniform_constant array<Texture2D<float4>> set(0) binding(2) ; ResourceDescriptorHeap
            @g2 = resource uniform_constant array<SamplerState> set(0) binding(3) ; SamplerDescriptorHeap
            @g3 = resource storage_buffer array<RWStructuredBuffer<float4>> set(0) binding(2) layout(relaxed_std430) ; ResourceDescriptorHeap
            @g4 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(1) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<uniform, uint>
              %1 = load %0 : uint
              %2 = access_chain @g1, %1 : ptr<uniform_constant, Texture2D<float4>>
              %3 = access_chain @g0, 1:int : ptr<uniform, uint>
              %4 = load %3 : uint
              %5 = access_chain @g2, %4 : ptr<uniform_constant, SamplerState>
              %6 = access_chain @g0, 0:int : ptr<uniform, uint>
              %7 = load %6 : uint
              %8 = add %7, 1:uint : uint
              %9 = access_chain @g3, %8 : ptr<storage_buffer, RWStructuredBuffer<float4>>
              %10 = access_chain %9, 0:int : ptr<storage_buffer, float4>
              %11 = composite_construct 0.5:float, 0.5:float : float2
              %12 = texture_sample_level %2, %5, %11, 0.0:float : float4
              store %10, %12
              %13 = access_chain @g4, 0:int : ptr<storage_buffer, float4>
              store %13, {1.0, 1.0, 1.0, 1.0}:float4
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

const HEAP_ARGUMENT: &str = r#"
cbuffer Root : register(b0) { uint i; }
RWStructuredBuffer<float> Out : register(u1);
float First(Texture2D<float4> t) { return t.Load(int3(0, 0, 0)).x; }
[numthreads(1, 1, 1)]
void main() {
    Texture2D<float4> c = (Texture2D<float4>)ResourceDescriptorHeap[i + 1];
    Out[0] = First(ResourceDescriptorHeap[i]) + c.Load(int3(1, 0, 0)).y;
}
"#;

#[test]
fn heap_elements_pass_to_resource_parameters_as_indices_and_cast() {
    // As for an element of `Texture2D arr[]`: the callee's copy takes the index as an `int`
    // and rebuilds the chain into the heap array; the cast changes nothing.
    check(
        HEAP_ARGUMENT,
        expect![[r#"
            struct type.Root { uint i; }

            @g0 = resource uniform ConstantBuffer<type.Root> set(0) binding(0) layout(relaxed_std140) ; Root
            @g1 = resource uniform_constant array<Texture2D<float4>> set(0) binding(2) ; ResourceDescriptorHeap
            @g2 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(1) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<uniform, uint>
              %1 = load %0 : uint
              %2 = add %1, 1:uint : uint
              %3 = access_chain @g1, %2 : ptr<uniform_constant, Texture2D<float4>>
              %4 = access_chain @g2, 0:int : ptr<storage_buffer, float>
              %5 = access_chain @g0, 0:int : ptr<uniform, uint>
              %6 = load %5 : uint
              %7 = convert %6 : int
              %8 = call @First(%7) : float
              %9 = composite_construct 1:int, 0:int, 0:int : int3
              %10 = swizzle %9, xy : int2
              %11 = composite_extract %9, [2] : int
              %12 = texture_load %3, %10, %11 : float4
              %13 = composite_extract %12, [1] : float
              %14 = add %8, %13 : float
              store %4, %14
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @First(%arg0: int) -> float {
            bb0: ; (entry)
              %0 = access_chain @g1, %arg0 : ptr<uniform_constant, Texture2D<float4>>
              %1 = composite_construct 0:int, 0:int, 0:int : int3
              %2 = swizzle %1, xy : int2
              %3 = composite_extract %1, [2] : int
              %4 = texture_load %0, %2, %3 : float4
              %5 = composite_extract %4, [0] : float
              ret %5
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

const ATOMIC64: &str = r#"
RWByteAddressBuffer Stats : register(u0);
RWStructuredBuffer<uint64_t> Orig : register(u1);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Stats.InterlockedAdd64(0, (1ull << 32) | id.x);
    uint64_t before;
    Stats.InterlockedMax64(8, (uint64_t)id.x * 0x100000001ull, before);
    Stats.InterlockedMin64(16, (uint64_t)id.x + 5);
    Stats.InterlockedAdd64(24, 1, before);
    Orig[id.x] = before;
}
"#;

#[test]
fn byte_address_atomic64_is_the_resource_form_with_a_byte_offset() {
    check(
        r#"
RWByteAddressBuffer Stats : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint64_t before;
    Stats.InterlockedMax64(8, 7ull, before);
    Stats.InterlockedCompareStore64(16, 0ull, before);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWByteAddressBuffer set(0) binding(0) ; Stats

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint64_t> ; before
              %1 = atomic_rmw max @g0, 8:uint, 7:uint64_t : uint64_t
              store %0, %1
              %2 = load %0 : uint64_t
              %3 = atomic_compare_exchange @g0, 16:uint, 0:uint64_t, %2 : uint64_t
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn heap_and_atomic64_spirv_validates() {
    let heap_atomic = r#"
cbuffer Root : register(b0) { uint statsIndex; }
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    RWByteAddressBuffer stats = ResourceDescriptorHeap[statsIndex];
    uint64_t before;
    stats.InterlockedAdd64(0, id.x, before);
    stats.InterlockedMax64(8, before);
    stats.Store(16, (uint)before);
}
"#;
    // Non-uniform heap indices decorate the chains, handles and the 64-bit view's chain.
    let nonuniform = r#"
cbuffer Root : register(b0) { uint base; }
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Texture2D<float4> t = ResourceDescriptorHeap[NonUniformResourceIndex(base + id.x)];
    SamplerState s = SamplerDescriptorHeap[NonUniformResourceIndex(id.x)];
    RWByteAddressBuffer b = ResourceDescriptorHeap[NonUniformResourceIndex(id.x + 100)];
    Out[id.x] = t.SampleLevel(s, float2(0.5, 0.5), 0);
    b.InterlockedOr64(8, 1ull << id.x);
}
"#;
    for env in [TargetEnv::Vulkan1_0, TargetEnv::Vulkan1_2] {
        validate(nonuniform, env);
        validate(HEAP_SAMPLE, env);
        validate(HEAP_ARGUMENT, env);
        validate(ATOMIC64, env);
        validate(heap_atomic, env);
    }
}

fn u64s(b: &[u8]) -> Vec<u64> {
    b.chunks(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn atomic64_under_contention() {
    let m = common::lower(ATOMIC64);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    let mut stats = vec![0u8; 32];
    stats[16..24].copy_from_slice(&u64::MAX.to_le_bytes());
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(stats))
        .expect("bind");
    bindings
        .bind(&program, 0, 1, 0, Resource::buffer(vec![0; 128 * 8]))
        .expect("bind");
    dispatch(
        &program,
        &mut bindings,
        [2, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    let stats = u64s(&bindings.get(&program, 0, 0).unwrap().data);
    // 128 threads add 2^32 + id: 128 * 2^32 + (0 + ... + 127) = 128 * 2^32 + 8128.
    assert_eq!(stats[0], (128u64 << 32) + 8128);
    // The largest id * 0x1_0000_0001 is thread 127's.
    assert_eq!(stats[1], 127 * 0x1_0000_0001);
    // The smallest id + 5 is thread 0's; it replaced u64::MAX.
    assert_eq!(stats[2], 5);
    // Each of the 128 increments saw a distinct count: the originals are 0..=127.
    assert_eq!(stats[3], 128);
    let mut orig = u64s(&bindings.get(&program, 0, 1).unwrap().data);
    orig.sort_unstable();
    assert_eq!(orig, (0..128).collect::<Vec<u64>>());
}

#[test]
fn heap_elements_bind_by_index_in_the_interpreter() {
    let m = common::lower(
        r#"
cbuffer Root : register(b0) { uint a; uint b; }
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    RWByteAddressBuffer x = ResourceDescriptorHeap[a];
    RWByteAddressBuffer y = ResourceDescriptorHeap[b];
    x.InterlockedAdd64(0, 10ull);
    y.InterlockedAdd64(8, (uint64_t)id.x << 40);
}
"#,
    );
    let options = ProgramOptions {
        descriptor_heap_len: 3,
        ..Default::default()
    };
    let program = Program::new(&m, "main", &options).expect("program");
    let mut bindings = Bindings::new(&program);
    let root: Vec<u8> = [2u32, 0, 0, 0]
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(root))
        .expect("bind root");
    for i in 0..3 {
        bindings
            .bind(&program, 0, 1, i, Resource::buffer(vec![0; 16]))
            .expect("bind heap");
    }
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    let heap = |i: usize| {
        let (first, _) = program.find_binding(0, 1).unwrap();
        u64s(&bindings.resources[first + i].as_ref().unwrap().data)
    };
    // a = 2: element 2 word 0 gets 4 * 10; b = 0: element 0 word 1 gets (0+1+2+3) << 40.
    assert_eq!(heap(2), vec![40, 0]);
    assert_eq!(heap(0), vec![0, 6 << 40]);
    assert_eq!(heap(1), vec![0, 0]);
}

#[test]
fn heap_uses_other_than_a_resource_local_are_not_supported_yet() {
    let err = common::try_lower(
        r#"
cbuffer Root : register(b0) { uint i; }
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() {
    RWStructuredBuffer<float> o = ResourceDescriptorHeap;
    Out[0] = 1;
}
"#,
    )
    .unwrap_err();
    assert!(err.starts_with("E3001"), "{err}");
    assert!(err.contains("descriptor heap"), "{err}");
}
