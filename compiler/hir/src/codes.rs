//! The stable codes of semantic diagnostics (the table is in the crate documentation).

pub const UNDEFINED_NAME: &str = "E2001";
pub const REDEFINITION: &str = "E2002";
pub const TYPE_MISMATCH: &str = "E2003";
pub const NO_MATCHING_OVERLOAD: &str = "E2004";
pub const AMBIGUOUS_CALL: &str = "E2005";
pub const WRONG_ARG_COUNT: &str = "E2006";
pub const ASSIGN_TO_CONST: &str = "E2007";
pub const NOT_LVALUE: &str = "E2008";
pub const NOT_LVALUE_ARG: &str = "E2009";
pub const JUMP_OUTSIDE_LOOP: &str = "E2010";
pub const INVALID_SWIZZLE: &str = "E2011";
pub const INDEX_OUT_OF_RANGE: &str = "E2012";
pub const RECURSION: &str = "E2013";
pub const UNKNOWN_TYPE: &str = "E2014";
pub const NO_MEMBER: &str = "E2015";
pub const COMPONENT_COUNT: &str = "E2016";
pub const INVALID_OPERANDS: &str = "E2017";
pub const NOT_CALLABLE: &str = "E2018";
pub const BAD_RETURN: &str = "E2019";
pub const NOT_SUPPORTED: &str = "E2020";
pub const NOT_INDEXABLE: &str = "E2021";
pub const NOT_CONSTANT: &str = "E2022";
/// A semantic that is not valid for the entry point's stage and direction.
pub const INVALID_SEMANTIC: &str = "E2023";
/// A stage input or output of an entry point without a semantic.
pub const MISSING_SEMANTIC: &str = "E2024";
/// Invalid arguments of an attribute (`[numthreads(1, 1, 65)]`, `[shader("bogus")]`).
pub const INVALID_ATTRIBUTE: &str = "E2025";
/// A compute, mesh or amplification entry point without `[numthreads]`.
pub const MISSING_NUMTHREADS: &str = "E2026";
/// A Vulkan attribute on a declaration it does not apply to (`[[vk::binding]]` on a field).
pub const MISPLACED_ATTRIBUTE: &str = "E2027";
/// `[[vk::constant_id]]` on something that cannot be a specialization constant.
pub const SPEC_CONSTANT: &str = "E2028";
/// A typed buffer whose element is not a scalar or vector.
pub const INVALID_ELEMENT_TYPE: &str = "E2029";
/// `discard` reached from an entry point that is not a pixel shader.
pub const DISCARD_OUTSIDE_PIXEL: &str = "E2030";
/// A pixel-shader input of integer type with an interpolation mode other than
/// `nointerpolation`.
pub const INTEGER_INTERPOLATION: &str = "E2031";
/// A hull shader without an `SV_OutputControlPointID` parameter.
pub const MISSING_CONTROL_POINT_ID: &str = "E2032";
/// `string` anywhere but a global constant (a local, parameter, field, array of strings).
pub const STRING_TYPE: &str = "E2033";
/// An intrinsic that no target of ours can express (`dx::IsDebuggerPresent`).
pub const NO_TARGET_EQUIVALENT: &str = "E2034";
/// A hull entry without `[patchconstantfunc]` or `[outputtopology]`, a mesh entry without
/// `[outputtopology]`, a geometry entry with two input primitive types.
pub const STAGE_ATTRIBUTES: &str = "E2035";
/// `SV_ClipDistance`/`SV_CullDistance` on a value that is not float.
pub const DISTANCE_TYPE: &str = "E2036";
/// A template argument a built-in type does not take (`SubpassInput<S>` of a struct).
pub const INVALID_TYPE_ARGUMENT: &str = "E2037";
/// A `vk::RawBufferLoad`/`vk::RawBufferStore` alignment that is not a positive constant
/// power of two.
pub const INVALID_ALIGNMENT: &str = "E2038";
/// One semantic on two inputs (or two outputs) of an entry point.
pub const DUPLICATE_SEMANTIC: &str = "E2050";
/// A `packoffset` DXC refuses while parsing (outside a cbuffer, not a `c` register, a bad
/// component, a value crossing its register's end).
pub const INVALID_PACKOFFSET: &str = "E2051";
/// Statement attributes that contradict each other (`[unroll] [loop]`).
pub const INCOMPATIBLE_ATTRIBUTES: &str = "E2052";
/// A storage modifier where it means nothing (`in float4 g;` at file scope).
pub const INVALID_MODIFIER: &str = "E2053";
/// An anonymous struct or class that declares nothing outside a struct (`struct { float a; };`
/// at file scope): clang's "anonymous structs and classes must be class members".
pub const ANONYMOUS_STRUCT: &str = "E2054";
/// A struct definition written with template arguments but no `template<>` (`class Box<T>`).
pub const SPECIALIZATION_WITHOUT_TEMPLATE: &str = "E2055";
/// An operator overload HLSL 2021 refuses (`operator=`, `operator++`, a non-member one).
pub const OPERATOR_NOT_OVERLOADABLE: &str = "E2056";
/// `arr.Length` of a sized array: DXC accepts the old member with "Length is deprecated".
pub const DEPRECATED_LENGTH: &str = "W2015";
/// `[numthreads]` whose group size is not 1 to 1024: DXC ignores it with a warning.
pub const IGNORED_NUMTHREADS: &str = "W2016";
/// `unsigned` on a type with no unsigned form (`unsigned float`, `unsigned bool3`).
pub const NOT_SIGNABLE: &str = "E2070";
/// `row_major`/`column_major` on a type that is no matrix, or both on one matrix.
pub const MATRIX_ORIENTATION: &str = "E2270";
/// A `switch` label DXC refuses: a second `default`, a label ending its block, a duplicate or
/// non-constant case value.
pub const SWITCH_LABEL: &str = "E2271";
/// A `vk::BufferPointer` variable declared without an initializer (DXC: "vk::BufferPointer
/// has no default constructor").
pub const BUFFER_POINTER_NO_DEFAULT: &str = "E2272";
/// A `const` local declared without an initializer (clang: "default initialization of an
/// object of const type").
pub const UNINIT_CONST_LOCAL: &str = "E2275";
/// A `register(...)` binding of the wrong class for its resource, of an unknown register
/// type, or with a malformed number or space.
pub const INVALID_REGISTER: &str = "E2071";
/// A struct deriving from a vector, matrix, resource or built-in struct (DXC: "base 'vector'
/// is marked 'final'").
pub const FINAL_BASE: &str = "E2072";
/// Under HLSL 202x, an initializer on a variable of a cbuffer, tbuffer or `$Globals`.
pub const BUFFER_INITIALIZER: &str = "E2073";
/// A constant array index out of bounds before HLSL 2018 (DXC: clang's warnings).
pub const ARRAY_BOUNDS_WARNING: &str = "W2017";
/// `const` after a method's parameters before HLSL 202x, or on a non-member or static function.
pub const CONST_METHOD: &str = "E2074";
/// SM 6.8 `Barrier` flags the entry points that reach the call cannot use (group flags
/// without a visible group, node memory outside node shaders), or `Barrier` below SM 6.8.
pub const BARRIER_FLAGS: &str = "E2120";
/// A bit-field DXC refuses: static, outside a struct, of a non-integral type, named with
/// zero width, or wider than its type.
pub const BIT_FIELD: &str = "E2121";
/// `sizeof` of what has no size DXC gives: `void`, a literal, a string, a resource (or an
/// aggregate holding one), a function.
pub const INVALID_SIZEOF: &str = "E2122";
/// An intrinsic form newer than the target's shader model, reached from an entry point or
/// an exported function (`CalculateLevelOfDetail` with a comparison sampler before 6.8).
pub const SHADER_MODEL_GATED: &str = "E2123";
/// A derivative (`ddx`..., implicit-LOD sampling, LOD queries) that a compute, mesh or
/// amplification entry reaches below shader model 6.6.
pub const DERIVATIVES_SHADER_MODEL: &str = "E2140";
/// HLSL 202x: a method that is not `const` called on a const object.
pub const NOT_CONST_METHOD: &str = "E2145";
/// A variable of a legacy effects object type (`BlendState`, `PixelShader`...), ignored.
pub const EFFECT_OBJECT: &str = "W2055";
/// A variable, field, parameter or return value of an abstract class type (an `interface`
/// with methods, or a class leaving one of its methods unimplemented), in clang's words.
pub const ABSTRACT_CLASS_TYPE: &str = "E2278";
/// Effects-framework syntax DXC ignores: a technique, a state block, annotations, a
/// `sampler_state` initializer.
pub const EFFECT_SYNTAX: &str = "W2120";
/// `[[vk::offset]]` without exactly one argument that is an integer constant from 0 to
/// 4294967295.
pub const VK_OFFSET: &str = "E2170";
/// A `packoffset(cN)` or `register(cN)` whose byte offset does not fit in 32 bits.
pub const OFFSET_PAST_FOUR_GIB: &str = "E2210";
/// `S(a, b)` of a struct type: HLSL constructors are for numbers only.
pub const STRUCT_CONSTRUCTOR: &str = "E2211";
pub const TRUNCATION: &str = "W2001";
/// A warning, as in DXC (clang's -Wreturn-type): DXC accepts such shaders.
pub const MISSING_RETURN: &str = "W2002";
/// An attribute value DXC's SPIR-V accepts but D3D (DXIL) would reject (`[instance(42)]`).
pub const DXIL_ONLY_LIMIT: &str = "W2003";
/// A hull shader without `[partitioning]`: DXC compiles it with no tessellation spacing, which
/// a Vulkan pipeline then lacks.
pub const NO_TESSELLATION_SPACING: &str = "W2004";
/// A word HLSL reserves, used before the version that takes it (`union` before 202x).
pub const RESERVED_KEYWORD: &str = "E2180";
/// A `static_assert` whose condition is false (clang's and DXC's `static_assert failed`).
pub const STATIC_ASSERT_FAILED: &str = "E2200";
/// A `static_assert` whose condition this compiler cannot evaluate: it is not checked.
pub const STATIC_ASSERT_NOT_CHECKED: &str = "W2079";
/// A global `string` without an initializer, or an assignment to one (DXC's strings are
/// constant `OpString`s).
pub const STRING_VARIABLE: &str = "E2201";
/// An initializer on a `groupshared` variable, which DXC ignores.
pub const GROUPSHARED_INITIALIZER: &str = "W2080";
/// Two `[[vk::stencil_ref_*]]` promises for one face of a pixel shader (DXC's error).
pub const STENCIL_REF_ATTRIBUTES: &str = "E2240";
/// Vulkan attributes that cannot go together: two push-constant blocks, a push-constant block
/// with `[[vk::binding]]` (DXC's errors).
pub const VK_ATTRIBUTE_CONFLICT: &str = "E2241";
/// A `[[vk::...]]` attribute DXC does not know, ignored (clang's "unknown attribute").
pub const UNKNOWN_ATTRIBUTE: &str = "W2090";
/// An inline SPIR-V decoration on a parameter of a function that is not an entry point,
/// which DXC ignores (it decorates variables and stage variables only).
pub const PARAMETER_DECORATION_IGNORED: &str = "W2100";
/// An inline SPIR-V decoration on an entry point's parameter or on the entry point where no
/// stage variable comes from that declaration (a ray payload, a struct parameter, a void
/// entry), which DXC ignores.
pub const ENTRY_DECORATION_IGNORED: &str = "W2111";
/// A `[[...]]` attribute DXC does not know outside the `vk::` namespace (`[[foo]]`,
/// `[[ns::foo]]`), ignored (clang's "unknown attribute").
pub const UNKNOWN_OTHER_ATTRIBUTE: &str = "W2112";
/// A known attribute where it has no effect (a pixel-shader test mode on a vertex shader).
pub const ATTRIBUTE_WITHOUT_EFFECT: &str = "W2091";
/// An attribute argument DXC does not know, ignored with the attribute
/// (`[[vk::image_format("bogus")]]`; clang's "attribute argument not supported").
pub const UNKNOWN_ATTRIBUTE_ARGUMENT: &str = "W2092";
/// A one-bracket attribute DXC does not know (`[foo]`), ignored (clang's "unknown attribute").
pub const UNKNOWN_HLSL_ATTRIBUTE: &str = "W2102";
/// A statement attribute on a statement it does not apply to (`[loop]` on an `if`), ignored.
pub const MISPLACED_STATEMENT_ATTRIBUTE: &str = "W2103";
/// A negative or floating literal where an attribute takes a count (`[unroll(-1)]`, and
/// `[maxvertexcount(1.5)]` on a function that is no entry point), which DXC warns about.
pub const NOT_A_UINT_LITERAL: &str = "W2104";
/// `[unroll(n)]` whose count is no integer constant (DXC's error).
pub const UNROLL_COUNT_NOT_CONSTANT: &str = "E2255";
/// `[clipplanes]`, which DXC's SPIR-V backend ignores.
pub const CLIP_PLANES_IGNORED: &str = "W2105";
/// `[WaveSize]` on an entry point, which DXC's SPIR-V backend ignores with this warning.
pub const WAVE_SIZE_IGNORED: &str = "W2116";
/// An initializer on a cbuffer or tbuffer member, which Vulkan's buffer cannot hold (DXC:
/// "cbuffer member initializer ignored since no Vulkan equivalent").
pub const BUFFER_MEMBER_INIT_IGNORED: &str = "W2118";
/// A `[clipplanes]` argument DXC's front end refuses (not a global, member or element).
pub const INVALID_CLIP_PLANE: &str = "E2256";
/// A typed buffer or texture element larger than four 32-bit words (`Buffer<double3>`).
pub const TYPED_ELEMENT_TOO_LARGE: &str = "E2257";
/// A texel type DXC's SPIR-V declares as an image no Vulkan implementation takes
/// (`RWBuffer<double>`, `Buffer<bool>`).
pub const TEXEL_TYPE_NOT_FOR_VULKAN: &str = "E2258";
/// A function attribute where DXC refuses it: a shader attribute on a variable ("attribute is
/// valid only on functions"), `[noinline]` on a statement.
pub const FUNCTION_ATTRIBUTE_MISPLACED: &str = "E2259";
/// `[noinline]` on a variable, ignored with clang's warning.
pub const ATTRIBUTE_ONLY_FOR_FUNCTIONS: &str = "W2106";
/// A non-`static` struct member declared as an array of unknown size (`float4 a[];`).
pub const UNSIZED_MEMBER_ARRAY: &str = "E3285";
/// A work-graph node input or output type (`NodeOutput<T>`) or a shader-execution-reordering
/// name (`dx::HitObject`, `dx::MaybeReorderThread`), which only DXIL has.
pub const WORK_GRAPH_TYPE: &str = "E2279";
/// A state-object subobject declaration (`GlobalRootSignature`), which only DXIL has.
pub const SUBOBJECT_TYPE: &str = "E2280";
