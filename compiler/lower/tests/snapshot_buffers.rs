//! Snapshot tests of buffer access: structured, typed and byte-address buffers, constant buffers,
//! resource arrays and NonUniformIndex, append/consume and counter buffers with their counter.var
//! globals, groupshared memory, atomics and functions compiled per resource; each dump verified.

mod common;

use expect_test::{expect, Expect};
use lower::ShaderStage;

/// The verified dump of `main` lowered for `stage`.
fn check_stage(text: &str, stage: ShaderStage, expect: Expect) {
    expect.assert_eq(&ir::print_module(&common::lower_stage(text, stage)));
}

fn check(text: &str, expect: Expect) {
    check_stage(text, ShaderStage::Compute, expect);
}

#[test]
fn structured_buffer_member_store() {
    check(
        r#"
struct P { float3 pos; float w; };
RWStructuredBuffer<P> Data : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Data[id.x].pos.y = Data[id.x].w;
}
"#,
        expect![[r#"
            struct P { float3 pos; float w; }

            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<P> set(0) binding(0) layout(relaxed_std430) ; Data

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = access_chain @g1, %2 : ptr<storage_buffer, P>
              %4 = access_chain %3, 0:int : ptr<storage_buffer, float3>
              %5 = load %0 : uint3
              %6 = composite_extract %5, [0] : uint
              %7 = access_chain @g1, %6 : ptr<storage_buffer, P>
              %8 = access_chain %7, 1:int : ptr<storage_buffer, float>
              %9 = load %8 : float
              %10 = load %4 : float3
              %11 = composite_insert %10, %9, [1] : float3
              store %4, %11
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn read_only_structured_buffer_load_method() {
    check(
        r#"
StructuredBuffer<float4> In : register(t0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[id.x] = In.Load(id.x) + In[id.x + 1];
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out
            @g2 = resource storage_buffer StructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; In

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = access_chain @g1, %2 : ptr<storage_buffer, float4>
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = access_chain @g2, %5 : ptr<storage_buffer, float4>
              %7 = load %6 : float4
              %8 = load %0 : uint3
              %9 = composite_extract %8, [0] : uint
              %10 = add %9, 1:uint : uint
              %11 = access_chain @g2, %10 : ptr<storage_buffer, float4>
              %12 = load %11 : float4
              %13 = add %7, %12 : float4
              store %3, %13
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn typed_buffer_load_and_store() {
    check(
        r#"
Buffer<float4> In : register(t0);
RWBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[id.x] = In[id.x].x + In.Load(id.x).y;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource uniform_constant RWBuffer<float> set(0) binding(0) ; Out
            @g2 = resource uniform_constant Buffer<float4> set(0) binding(0) ; In

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = load %0 : uint3
              %4 = composite_extract %3, [0] : uint
              %5 = texture_load @g2, %4 : float4
              %6 = composite_extract %5, [0] : float
              %7 = load %0 : uint3
              %8 = composite_extract %7, [0] : uint
              %9 = texture_load @g2, %8 : float4
              %10 = composite_extract %9, [1] : float
              %11 = add %6, %10 : float
              texture_store @g1, %2, %11
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn byte_address_wide_loads_and_stores() {
    check(
        r#"
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint2 a = In.Load2(id.x * 8);
    Out.Store3(0, uint3(a, 7));
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer ByteAddressBuffer set(0) binding(0) ; In
            @g2 = resource storage_buffer RWByteAddressBuffer set(0) binding(0) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, uint2> ; a
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = mul %3, 8:uint : uint
              %5 = byte_address_load @g1, %4 : uint2
              store %1, %5
              %6 = load %1 : uint2
              %7 = composite_construct %6, 7:uint : uint3
              byte_address_store @g2, 0:uint, %7
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn byte_address_atomic_with_original() {
    check(
        r#"
RWByteAddressBuffer Counters : register(u0);
RWStructuredBuffer<uint> Out : register(u1);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint old;
    Counters.InterlockedOr(16, 1u << id.x, old);
    Out[0] = old;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWByteAddressBuffer set(0) binding(0) ; Counters
            @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, uint> ; old
              store %0, %arg0
              %2 = shr 16:uint, 2:uint : uint
              %3 = access_chain @g1, %2 : ptr<storage_buffer, uint>
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = shl 1:uint, %5 : uint
              %7 = atomic_rmw or %3, %6 : uint
              store %1, %7
              %8 = access_chain @g2, 0:int : ptr<storage_buffer, uint>
              %9 = load %1 : uint
              store %8, %9
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn resource_array_constant_and_dynamic_index() {
    check(
        r#"
Texture2D<float4> Textures[4] : register(t0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = Textures[1].Load(int3(0, 0, 0)) + Textures[id.x].Load(int3(id.xy, 0));
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out
            @g2 = resource uniform_constant array<Texture2D<float4>, 4> set(0) binding(0) count(4) ; Textures

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %2 = access_chain @g2, 1:int : ptr<uniform_constant, Texture2D<float4>>
              %3 = composite_construct 0:int, 0:int, 0:int : int3
              %4 = swizzle %3, xy : int2
              %5 = composite_extract %3, [2] : int
              %6 = texture_load %2, %4, %5 : float4
              %7 = load %0 : uint3
              %8 = composite_extract %7, [0] : uint
              %9 = access_chain @g2, %8 : ptr<uniform_constant, Texture2D<float4>>
              %10 = load %0 : uint3
              %11 = swizzle %10, xy : uint2
              %12 = convert %11 : int2
              %13 = composite_construct %12, 0:int : int3
              %14 = swizzle %13, xy : int2
              %15 = composite_extract %13, [2] : int
              %16 = texture_load %9, %14, %15 : float4
              %17 = add %6, %16 : float4
              store %1, %17
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn nonuniform_resource_index() {
    check(
        r#"
RWStructuredBuffer<float> Buffers[8] : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Buffers[NonUniformResourceIndex(id.x)][0] = 1;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer array<RWStructuredBuffer<float>, 8> set(0) binding(0) count(8) layout(relaxed_std430) ; Buffers

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = call_intrinsic NonUniformIndex(%2) : uint
              %4 = access_chain @g1, %3 : ptr<storage_buffer, RWStructuredBuffer<float>>
              %5 = access_chain %4, 0:int : ptr<storage_buffer, float>
              store %5, 1.0:float
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn cbuffer_with_register_space() {
    check(
        r#"
cbuffer Frame : register(b2, space1) { float4x4 View; float Time; uint Count; };
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = Time * Count + View[0][1];
}
"#,
        expect![[r#"
            struct type.Frame { float4x4 View; float Time; uint Count; }

            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out
            @g1 = resource uniform ConstantBuffer<type.Frame> set(1) binding(2) layout(relaxed_std140) ; Frame

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %1 = access_chain @g1, 1:int : ptr<uniform, float>
              %2 = load %1 : float
              %3 = access_chain @g1, 2:int : ptr<uniform, uint>
              %4 = load %3 : uint
              %5 = convert %4 : float
              %6 = mul %2, %5 : float
              %7 = access_chain @g1, 0:int : ptr<uniform, float4x4>
              %8 = access_chain %7, 0:int : ptr<uniform, float4>
              %9 = access_chain %8, 1:int : ptr<uniform, float>
              %10 = load %9 : float
              %11 = add %6, %10 : float
              store %0, %11
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
fn constant_buffer_template() {
    check(
        r#"
struct Light { float3 dir; float intensity; };
ConstantBuffer<Light> Sun : register(b0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = Sun.intensity * Sun.dir.y;
}
"#,
        expect![[r#"
            struct Light { float3 dir; float intensity; }

            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out
            @g1 = resource uniform ConstantBuffer<Light> set(0) binding(0) layout(relaxed_std140) ; Sun

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %1 = access_chain @g1, 1:int : ptr<uniform, float>
              %2 = load %1 : float
              %3 = access_chain @g1, 0:int : ptr<uniform, float3>
              %4 = load %3 : float3
              %5 = composite_extract %4, [1] : float
              %6 = mul %2, %5 : float
              store %0, %6
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
fn append_buffer_with_counter() {
    check(
        r#"
AppendStructuredBuffer<uint> Visible : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    if (id.x % 3 == 0)
        Visible.Append(id.x);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer AppendStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Visible
            @g2 = resource storage_buffer RWByteAddressBuffer set(0) binding(1) ; counter.var.Visible

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = rem %2, 3:uint : uint
              %4 = eq %3, 0:uint : bool
              cond_br %4, bb1, bb2
            bb1: ; (if.then)
              %5 = access_chain @g2, 0:uint : ptr<storage_buffer, uint>
              %6 = atomic_rmw add %5, 1:uint : uint
              %7 = load %0 : uint3
              %8 = composite_extract %7, [0] : uint
              %9 = access_chain @g1, %6 : ptr<storage_buffer, uint>
              store %9, %8
              br bb2
            bb2: ; (if.merge)
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(64, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn consume_buffer_with_counter() {
    check(
        r#"
ConsumeStructuredBuffer<float2> Work : register(u0, space2);
RWStructuredBuffer<float2> Out : register(u1);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[id.x] = Work.Consume();
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float2> set(0) binding(1) layout(relaxed_std430) ; Out
            @g2 = resource storage_buffer ConsumeStructuredBuffer<float2> set(2) binding(0) layout(relaxed_std430) ; Work
            @g3 = resource storage_buffer RWByteAddressBuffer set(2) binding(1) ; counter.var.Work

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = access_chain @g1, %2 : ptr<storage_buffer, float2>
              %4 = access_chain @g3, 0:uint : ptr<storage_buffer, uint>
              %5 = atomic_rmw add %4, 4294967295:uint : uint
              %6 = sub %5, 1:uint : uint
              %7 = access_chain @g2, %6 : ptr<storage_buffer, float2>
              %8 = load %7 : float2
              store %3, %8
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(64, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn increment_and_decrement_counter() {
    check(
        r#"
RWStructuredBuffer<uint> Items : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint slot = Items.IncrementCounter();
    Items[slot] = id.x;
    uint last = Items.DecrementCounter();
    Items[0] = last;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Items
            @g2 = resource storage_buffer RWByteAddressBuffer set(0) binding(1) ; counter.var.Items

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, uint> ; slot
              %2 = alloca : ptr<function, uint> ; last
              store %0, %arg0
              %3 = access_chain @g2, 0:uint : ptr<storage_buffer, uint>
              %4 = atomic_rmw add %3, 1:uint : uint
              store %1, %4
              %5 = load %1 : uint
              %6 = access_chain @g1, %5 : ptr<storage_buffer, uint>
              %7 = load %0 : uint3
              %8 = composite_extract %7, [0] : uint
              store %6, %8
              %9 = access_chain @g2, 0:uint : ptr<storage_buffer, uint>
              %10 = atomic_rmw add %9, 4294967295:uint : uint
              %11 = sub %10, 1:uint : uint
              store %2, %11
              %12 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %13 = load %2 : uint
              store %12, %13
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(64, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn groupshared_two_dimensional_array() {
    check(
        r#"
groupshared float Tile[8][8];
RWStructuredBuffer<float> Out : register(u0);
[numthreads(8, 8, 1)]
void main(uint3 gt : SV_GroupThreadID) {
    Tile[gt.y][gt.x] = gt.x;
    GroupMemoryBarrierWithGroupSync();
    Out[gt.y * 8 + gt.x] = Tile[gt.x][gt.y];
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(LocalInvocationId) ; SV_GroupThreadID
            @g1 = groupshared array<array<float, 8>, 8> ; Tile
            @g2 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; gt
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [1] : uint
              %3 = access_chain @g1, %2 : ptr<workgroup, array<float, 8>>
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = access_chain %3, %5 : ptr<workgroup, float>
              %7 = load %0 : uint3
              %8 = composite_extract %7, [0] : uint
              %9 = convert %8 : float
              store %6, %9
              barrier workgroup_memory|group_sync
              %10 = load %0 : uint3
              %11 = composite_extract %10, [1] : uint
              %12 = mul %11, 8:uint : uint
              %13 = load %0 : uint3
              %14 = composite_extract %13, [0] : uint
              %15 = add %12, %14 : uint
              %16 = access_chain @g2, %15 : ptr<storage_buffer, float>
              %17 = load %0 : uint3
              %18 = composite_extract %17, [0] : uint
              %19 = access_chain @g1, %18 : ptr<workgroup, array<float, 8>>
              %20 = load %0 : uint3
              %21 = composite_extract %20, [1] : uint
              %22 = access_chain %19, %21 : ptr<workgroup, float>
              %23 = load %22 : float
              store %16, %23
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; gt
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(8, 8, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn interlocked_compare_exchange_and_store() {
    check(
        r#"
RWStructuredBuffer<uint> Locks : register(u0);
groupshared uint Shared;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint old;
    InterlockedCompareExchange(Locks[0], 0, id.x, old);
    InterlockedCompareStore(Shared, 1, old);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Locks
            @g2 = groupshared uint ; Shared

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, uint> ; old
              store %0, %arg0
              %2 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %3 = load %0 : uint3
              %4 = composite_extract %3, [0] : uint
              %5 = atomic_compare_exchange %2, 0:uint, %4 : uint
              store %1, %5
              %6 = load %1 : uint
              %7 = atomic_compare_exchange @g2, 1:uint, %6 : uint
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn interlocked_exchange_min_max() {
    check(
        r#"
RWStructuredBuffer<int> Data : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int prev;
    InterlockedExchange(Data[0], (int)id.x, prev);
    InterlockedMin(Data[1], prev);
    InterlockedMax(Data[2], -prev);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Data

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int> ; prev
              store %0, %arg0
              %2 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %3 = load %0 : uint3
              %4 = composite_extract %3, [0] : uint
              %5 = convert %4 : int
              %6 = atomic_rmw exchange %2, %5 : int
              store %1, %6
              %7 = access_chain @g1, 1:int : ptr<storage_buffer, int>
              %8 = load %1 : int
              %9 = atomic_rmw min %7, %8 : int
              %10 = access_chain @g1, 2:int : ptr<storage_buffer, int>
              %11 = load %1 : int
              %12 = neg %11 : int
              %13 = atomic_rmw max %10, %12 : int
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn function_taking_a_buffer_per_resource() {
    check(
        r#"
RWStructuredBuffer<float> A : register(u0);
RWStructuredBuffer<float> B : register(u1);
void Scale(RWStructuredBuffer<float> buf, uint i, float k) { buf[i] *= k; }
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Scale(A, id.x, 2);
    Scale(B, id.x, 3);
    Scale(A, id.y, 4);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; A
            @g2 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(1) layout(relaxed_std430) ; B

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              call @Scale(%2, 2.0:float)
              %3 = load %0 : uint3
              %4 = composite_extract %3, [0] : uint
              call @Scale.1(%4, 3.0:float)
              %5 = load %0 : uint3
              %6 = composite_extract %5, [1] : uint
              call @Scale(%6, 4.0:float)
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @Scale(%arg0: uint, %arg1: float) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              %1 = alloca : ptr<function, float> ; k
              store %0, %arg0
              store %1, %arg1
              %2 = load %0 : uint
              %3 = access_chain @g1, %2 : ptr<storage_buffer, float>
              %4 = load %3 : float
              %5 = load %1 : float
              %6 = mul %4, %5 : float
              store %3, %6
              ret
            }

            func @Scale.1(%arg0: uint, %arg1: float) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              %1 = alloca : ptr<function, float> ; k
              store %0, %arg0
              store %1, %arg1
              %2 = load %0 : uint
              %3 = access_chain @g2, %2 : ptr<storage_buffer, float>
              %4 = load %3 : float
              %5 = load %1 : float
              %6 = mul %4, %5 : float
              store %3, %6
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn dollar_globals_with_several_uniforms() {
    check(
        r#"
float4 Tint;
uint Mode;
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = Mode > 0 ? Tint : Tint.wzyx;
}
"#,
        expect![[r#"
            struct type.$Globals { float4 Tint; uint Mode; }

            @g0 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out
            @g1 = resource uniform ConstantBuffer<type.$Globals> set(0) binding(1) layout(relaxed_std140) ; $Globals

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, float4>
              %1 = access_chain @g1, 1:int : ptr<uniform, uint>
              %2 = load %1 : uint
              %3 = gt %2, 0:uint : bool
              %4 = access_chain @g1, 0:int : ptr<uniform, float4>
              %5 = load %4 : float4
              %6 = access_chain @g1, 0:int : ptr<uniform, float4>
              %7 = load %6 : float4
              %8 = swizzle %7, wzyx : float4
              %9 = select %3, %5, %8 : float4
              store %0, %9
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
