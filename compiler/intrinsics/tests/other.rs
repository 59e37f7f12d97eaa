//! Resolution of bit, conversion, packing, wave, quad, atomic, barrier, stage-specific and
//! ray-tracing intrinsics.

mod common;

cases! {
    countbits_uint: "countbits(uint)" => "uint countbits(uint x)";
    countbits_int_vector: "countbits(int3)" => "uint3 countbits(int3 x)";
    countbits_uint64: "countbits(uint64_t)" => "uint countbits(uint64_t x)";
    reversebits_uint2: "reversebits(uint2)" => "uint2 reversebits(uint2 x)";
    firstbithigh_int: "firstbithigh(int)" => "uint firstbithigh(int x)";
    firstbithigh_uint_vector: "firstbithigh(uint4)" => "uint4 firstbithigh(uint4 x)";
    firstbithigh_literal_is_int: "firstbithigh(5)" => "uint firstbithigh(int x)";
    firstbithigh_float_converts: "firstbithigh(float2)" => "uint2 firstbithigh(int2 x)";
    firstbitlow_uint64: "firstbitlow(uint64_t2)" => "uint2 firstbitlow(uint64_t2 x)";
    msad4_fixed: "msad4(uint, uint2, uint4)" => "uint4 msad4(uint reference, uint2 source, uint4 accum)";
    asfloat_uint3: "asfloat(uint3)" => "float3 asfloat(uint3 x)";
    asint_float: "asint(float2)" => "int2 asint(float2 x)";
    asuint_float: "asuint(float4)" => "uint4 asuint(float4 x)";
    asuint_double_split: "asuint(double, uint, uint)" => "void asuint(double d, out uint lo, out uint hi)";
    asuint_double2_split: "asuint(double2, uint2, uint2)" => "void asuint(double2 d, out uint2 lo, out uint2 hi)";
    asdouble_words: "asdouble(uint, uint)" => "double asdouble(uint lo, uint hi)";
    asdouble_vectors: "asdouble(uint2, uint2)" => "double2 asdouble(uint2 lo, uint2 hi)";
    asfloat16_uint16: "asfloat16(uint16_t2)" => "float16_t2 asfloat16(uint16_t2 x)";
    asint16_half: "asint16(float16_t)" => "int16_t asint16(float16_t x)";
    asuint16_int16: "asuint16(int16_t4)" => "uint16_t4 asuint16(int16_t4 x)";
    asuint16_literal_int_reads_int16: "asuint16(1)" => "uint16_t asuint16(int16_t x)";
    asfloat16_literal_float_reads_half: "asfloat16(1.0)" => "float16_t asfloat16(float16_t x)";
    f32tof16_vector: "f32tof16(float3)" => "uint3 f32tof16(float3 x)";
    f16tof32_scalar: "f16tof32(uint)" => "float f16tof32(uint x)";
    d3dcolor_to_ubyte4: "D3DCOLORtoUBYTE4(float4)" => "int4 D3DCOLORtoUBYTE4(float4 color)";
    dot4add_u8: "dot4add_u8packed(uint, uint, uint)" => "uint dot4add_u8packed(uint a, uint b, uint acc)";
    dot4add_i8: "dot4add_i8packed(uint, uint, int)" => "int dot4add_i8packed(uint a, uint b, int acc)";
    dot2add_half: "dot2add(half2, half2, float)" => "float dot2add(half2 a, half2 b, float acc)";
    pack_u8_uint4: "pack_u8(uint4)" => "uint pack_u8(uint4 v)";
    pack_u8_int4: "pack_u8(int4)" => "uint pack_u8(int4 v)";
    pack_clamp_u8_uint_converts_to_int: "pack_clamp_u8(uint4)" => "uint pack_clamp_u8(int4 v)";
    pack_u8_uint16: "pack_u8(uint16_t4)" => "uint pack_u8(uint16_t4 v)";
    pack_clamp_s8_int16: "pack_clamp_s8(int16_t4)" => "uint pack_clamp_s8(int16_t4 v)";
    unpack_s8s32: "unpack_s8s32(uint)" => "int4 unpack_s8s32(uint packed)";
    unpack_u8u16: "unpack_u8u16(uint)" => "uint16_t4 unpack_u8u16(uint packed)";
    non_uniform_index: "NonUniformResourceIndex(uint)" => "uint NonUniformResourceIndex(uint index)";
    check_access: "CheckAccessFullyMapped(uint)" => "bool CheckAccessFullyMapped(uint status)";
    wave_lane_count: "WaveGetLaneCount()" => "uint WaveGetLaneCount()";
    wave_is_first: "WaveIsFirstLane()" => "bool WaveIsFirstLane()";
    wave_ballot: "WaveActiveBallot(bool)" => "uint4 WaveActiveBallot(bool expr)";
    wave_any_true_converts: "WaveActiveAnyTrue(int)" => "bool WaveActiveAnyTrue(bool expr)";
    wave_read_lane_at: "WaveReadLaneAt(float3, uint)" => "float3 WaveReadLaneAt(float3 expr, uint lane)";
    wave_read_lane_at_literal_lane: "WaveReadLaneAt(int, 0)" => "int WaveReadLaneAt(int expr, uint lane)";
    wave_read_first: "WaveReadLaneFirst(uint2)" => "uint2 WaveReadLaneFirst(uint2 expr)";
    wave_all_equal_vector: "WaveActiveAllEqual(float3)" => "bool3 WaveActiveAllEqual(float3 expr)";
    wave_sum_float: "WaveActiveSum(float4)" => "float4 WaveActiveSum(float4 expr)";
    wave_sum_uint64: "WaveActiveSum(uint64_t)" => "uint64_t WaveActiveSum(uint64_t expr)";
    wave_max_int: "WaveActiveMax(int)" => "int WaveActiveMax(int expr)";
    wave_bit_or: "WaveActiveBitOr(uint)" => "uint WaveActiveBitOr(uint expr)";
    wave_count_bits: "WaveActiveCountBits(bool)" => "uint WaveActiveCountBits(bool bit)";
    wave_prefix_sum: "WavePrefixSum(float)" => "float WavePrefixSum(float expr)";
    wave_prefix_count: "WavePrefixCountBits(bool)" => "uint WavePrefixCountBits(bool bit)";
    wave_match: "WaveMatch(float3)" => "uint4 WaveMatch(float3 value)";
    wave_multi_prefix_sum: "WaveMultiPrefixSum(int, uint4)" => "int WaveMultiPrefixSum(int value, uint4 mask)";
    wave_multi_prefix_count: "WaveMultiPrefixCountBits(bool, uint4)" => "uint WaveMultiPrefixCountBits(bool bit, uint4 mask)";
    quad_read_x: "QuadReadAcrossX(float4)" => "float4 QuadReadAcrossX(float4 localValue)";
    quad_read_lane: "QuadReadLaneAt(int, 2)" => "int QuadReadLaneAt(int sourceValue, uint quadLaneID)";
    quad_any: "QuadAny(bool)" => "bool QuadAny(bool expr)";
    interlocked_add_int: "InterlockedAdd(int, 1)" => "void InterlockedAdd(inout int dest, int value)";
    interlocked_add_dest_decides_kind: "InterlockedAdd(int, uint)" => "void InterlockedAdd(inout int dest, int value)";
    interlocked_exchange_int_dest_float_value: "InterlockedExchange(int, float, int)" => "void InterlockedExchange(inout int dest, int value, out int original)";
    non_uniform_index_keeps_type: "NonUniformResourceIndex(int)" => "int NonUniformResourceIndex(int index)";
    wave_bit_and_converts_to_uint: "WaveActiveBitAnd(int2)" => "uint2 WaveActiveBitAnd(uint2 expr)";
    lit_half: "lit(half, half, half)" => "half4 lit(half n_dot_l, half n_dot_h, half m)";
    interlocked_add_uint_original: "InterlockedAdd(uint, uint, uint)" => "void InterlockedAdd(inout uint dest, uint value, out uint original)";
    interlocked_or_uint_int_value: "InterlockedOr(uint, int)" => "void InterlockedOr(inout uint dest, uint value)";
    interlocked_max_int64: "InterlockedMax(int64_t, int64_t, int64_t)" => "void InterlockedMax(inout int64_t dest, int64_t value, out int64_t original)";
    interlocked_exchange_uint: "InterlockedExchange(uint, 5, uint)" => "void InterlockedExchange(inout uint dest, uint value, out uint original)";
    interlocked_exchange_float: "InterlockedExchange(float, float, float)" => "void InterlockedExchange(inout float dest, float value, out float original)";
    interlocked_exchange_int_dest_float_original: "InterlockedExchange(int, float, float)" => "void InterlockedExchange(inout int dest, int value, out int original)";
    interlocked_exchange_float_dest_int_original: "InterlockedExchange(float, int, int)" => "void InterlockedExchange(inout float dest, float value, out float original)";
    interlocked_cmpxchg: "InterlockedCompareExchange(int, 0, 1, int)" => "void InterlockedCompareExchange(inout int dest, int compare, int value, out int original)";
    interlocked_cmpstore: "InterlockedCompareStore(uint, 0, 1)" => "void InterlockedCompareStore(inout uint dest, uint compare, uint value)";
    interlocked_cmpxchg_float_bitwise: "InterlockedCompareExchangeFloatBitwise(float, 0.0, 1.0, float)" => "void InterlockedCompareExchangeFloatBitwise(inout float dest, float compare, float value, out float original)";
    barrier_group_sync: "GroupMemoryBarrierWithGroupSync()" => "void GroupMemoryBarrierWithGroupSync()";
    barrier_device: "DeviceMemoryBarrier()" => "void DeviceMemoryBarrier()";
    barrier_all_sync: "AllMemoryBarrierWithGroupSync()" => "void AllMemoryBarrierWithGroupSync()";
    ddx_vector: "ddx(float2)" => "float2 ddx(float2 x)";
    ddy_fine_half: "ddy_fine(half)" => "half ddy_fine(half x)";
    fwidth_float3: "fwidth(float3)" => "float3 fwidth(float3 x)";
    clip_vector: "clip(float4)" => "void clip(float4 x)";
    evaluate_at_sample: "EvaluateAttributeAtSample(float4, 2)" => "float4 EvaluateAttributeAtSample(float4 value, uint index)";
    evaluate_snapped: "EvaluateAttributeSnapped(float2, int2)" => "float2 EvaluateAttributeSnapped(float2 value, int2 offset)";
    attribute_at_vertex: "GetAttributeAtVertex(float3, 1)" => "float3 GetAttributeAtVertex(float3 value, uint vertex)";
    sample_position: "GetRenderTargetSamplePosition(0)" => "float2 GetRenderTargetSamplePosition(int index)";
    set_mesh_output_counts: "SetMeshOutputCounts(64, 126)" => "void SetMeshOutputCounts(uint numVertices, uint numPrimitives)";
    dispatch_mesh_payload: "DispatchMesh(1, 1, 1, S)" => "void DispatchMesh(uint threadGroupCountX, uint threadGroupCountY, uint threadGroupCountZ, S payload)";
    tess_tri_avg: "ProcessTriTessFactorsAvg(float3, 1.0, float3, float, float)" => "void ProcessTriTessFactorsAvg(float3 RawEdgeFactors, float InsideScale, out float3 RoundedEdgeTessFactors, out float RoundedInsideTessFactor, out float UnroundedInsideTessFactor)";
    tess_isoline: "ProcessIsolineTessFactors(float, float, float, float)" => "void ProcessIsolineTessFactors(float RawDetailFactor, float RawDensityFactor, out float RoundedDetailFactor, out float RoundedDensityFactor)";
    trace_ray: "TraceRay(RaytracingAccelerationStructure, 0, 255, 0, 1, 0, RayDesc, S)" => "void TraceRay(RaytracingAccelerationStructure AccelerationStructure, uint RayFlags, uint InstanceInclusionMask, uint RayContributionToHitGroupIndex, uint MultiplierForGeometryContributionToHitGroupIndex, uint MissShaderIndex, RayDesc Ray, inout S Payload)";
    report_hit: "ReportHit(float, 0, Attribs)" => "bool ReportHit(float THit, uint HitKind, BuiltInTriangleIntersectionAttributes Attributes)";
    call_shader: "CallShader(0, S)" => "void CallShader(uint ShaderIndex, inout S Parameter)";
    dispatch_rays_index: "DispatchRaysIndex()" => "uint3 DispatchRaysIndex()";
    object_to_world: "ObjectToWorld4x3()" => "float4x3 ObjectToWorld4x3()";
    ray_t_current: "RayTCurrent()" => "float RayTCurrent()";
    ray_query_trace_inline: "RayQuery.TraceRayInline(RaytracingAccelerationStructure, 0, 255, RayDesc)" => "void TraceRayInline(RaytracingAccelerationStructure AccelerationStructure, uint RayFlags, uint InstanceInclusionMask, RayDesc Ray)";
    ray_query_proceed: "RayQuery.Proceed()" => "bool Proceed()";
    ray_query_committed_barycentrics: "RayQuery.CommittedTriangleBarycentrics()" => "float2 CommittedTriangleBarycentrics()";
    ray_query_commit_procedural: "RayQuery.CommitProceduralPrimitiveHit(1.0)" => "void CommitProceduralPrimitiveHit(float tHit)";
    printf_variadic: "printf(\"%d %f\", int, float)" => "void printf(string format, int arg1, float arg2)";
    errorf_is_not_accepted: "errorf(\"bad\")" => "error: unknown intrinsic `errorf`";
}

cases! {
    add_uint64_pairs: "AddUint64(uint2, uint2)" => "uint2 AddUint64(uint2 a, uint2 b)";
    add_uint64_two_pairs: "AddUint64(uint4, uint4)" => "uint4 AddUint64(uint4 a, uint4 b)";
}

cases! {
    abort_no_args: "abort()" => "void abort()";
}
