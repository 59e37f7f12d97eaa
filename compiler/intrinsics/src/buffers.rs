//! Buffer, stream and patch methods: typed buffers, structured buffers (with counters, append
//! and consume), byte-address buffers (loads, stores and atomics, templated forms included),
//! geometry-shader streams and tessellation patches.

use types::{ResourceType, StructuredKind, TextureAccess};

use crate::model::avail::{all_from, at, ALL};
use crate::model::Category::{Atomic, Resource};
use crate::model::{ShaderModel, StageSet};
use crate::Table;

/// Adds the methods of `resource` if it is a buffer, stream or patch.
pub(crate) fn add(t: &mut Table, resource: &ResourceType) {
    match resource {
        ResourceType::TypedBuffer { access, element } => {
            t.env.push(("E", element.clone()));
            t.def(
                Resource,
                ALL,
                false,
                "Reads the element at an index. Optional: tiled-resource status.",
                &[
                    "$E Load(int location)",
                    "$E Load(int location, out uint status)",
                ],
            );
            let idx = if access.is_writable() {
                "Reads or writes the element at an index."
            } else {
                "Reads the element at an index."
            };
            t.def(Resource, ALL, false, idx, &["$E operator[](uint index)"]);
            t.def(
                Resource,
                ALL,
                false,
                "Writes the number of elements into dim.",
                &["void GetDimensions(out uint dim)"],
            );
        }
        ResourceType::StructuredBuffer { kind, element } => {
            t.env.push(("E", element.clone()));
            let dims = "Writes the number of structures and the stride in bytes of one into the out parameters.";
            match kind {
                StructuredKind::Append => {
                    t.def(
                        Resource,
                        ALL,
                        false,
                        "Appends a value at the end of the buffer, bumping its hidden counter.",
                        &["void Append($E value)"],
                    );
                }
                StructuredKind::Consume => {
                    t.def(Resource, ALL, false, "Removes and returns the value at the end of the buffer, decrementing its hidden counter.", &["$E Consume()"]);
                }
                _ => {
                    t.def(
                        Resource,
                        ALL,
                        false,
                        "Reads the structure at an index. Optional: tiled-resource status.",
                        &[
                            "$E Load(int location)",
                            "$E Load(int location, out uint status)",
                        ],
                    );
                    let idx = if *kind == StructuredKind::ReadOnly {
                        "Reads the structure at an index."
                    } else {
                        "Reads or writes the structure at an index."
                    };
                    t.def(Resource, ALL, false, idx, &["$E operator[](uint index)"]);
                }
            }
            if *kind == StructuredKind::ReadWrite {
                t.def(Resource, ALL, true, "Atomically increments the buffer's hidden counter and returns its value before the increment.", &["uint IncrementCounter()"]);
                t.def(Resource, ALL, true, "Atomically decrements the buffer's hidden counter and returns its value after the decrement.", &["uint DecrementCounter()"]);
            }
            t.def(
                Resource,
                ALL,
                false,
                dims,
                &["void GetDimensions(out uint numStructs, out uint stride)"],
            );
        }
        ResourceType::ByteAddressBuffer { access } => byte_address(t, *access),
        ResourceType::Stream { .. } => {
            let gs = at(ShaderModel::SM6_0, StageSet::GEOMETRY);
            if let Some(e) = resource.element() {
                t.env.push(("E", e.clone()));
            }
            t.def(
                Resource,
                gs,
                false,
                "Emits a vertex to the current strip of the output stream.",
                &["void Append($E vertex)"],
            );
            t.def(
                Resource,
                gs,
                false,
                "Ends the current strip; the next Append starts a new one.",
                &["void RestartStrip()"],
            );
        }
        ResourceType::InputPatch { element, .. } => {
            t.env.push(("E", element.clone()));
            let st = at(ShaderModel::SM6_0, StageSet::HULL);
            t.def(
                Resource,
                st,
                false,
                "The control point at an index of the input patch.",
                &["$E operator[](uint index)"],
            );
        }
        ResourceType::OutputPatch { element, .. } => {
            t.env.push(("E", element.clone()));
            let st = at(ShaderModel::SM6_0, StageSet::HULL.union(StageSet::DOMAIN));
            t.def(
                Resource,
                st,
                false,
                "The control point at an index of the output patch.",
                &["$E operator[](uint index)"],
            );
        }
        _ => {}
    }
}

fn byte_address(t: &mut Table, access: TextureAccess) {
    let loads = [
        ("Load", "uint", "Reads one 32-bit word at a byte address (a multiple of 4); the templated form reads any type."),
        ("Load2", "uint2", "Reads two 32-bit words at a byte address."),
        ("Load3", "uint3", "Reads three 32-bit words at a byte address."),
        ("Load4", "uint4", "Reads four 32-bit words at a byte address."),
    ];
    for (name, ty, doc) in loads {
        let mut sigs = vec![
            format!("{ty} {name}(uint address)"),
            format!("{ty} {name}(uint address, out uint status)"),
        ];
        if name == "Load" {
            sigs.push("T Load(uint address) where T: type".into());
            sigs.push("T Load(uint address, out uint status) where T: type".into());
        }
        let sigs: Vec<&str> = sigs.iter().map(String::as_str).collect();
        t.def(Resource, ALL, false, doc, &sigs);
    }
    t.def(
        Resource,
        ALL,
        false,
        "Writes the size of the buffer in bytes into dim.",
        &["void GetDimensions(out uint dim)"],
    );
    if !access.is_writable() {
        return;
    }
    let stores = [
        (
            "Store",
            "uint",
            "Writes one 32-bit word at a byte address; the templated form writes any type.",
        ),
        (
            "Store2",
            "uint2",
            "Writes two 32-bit words at a byte address.",
        ),
        (
            "Store3",
            "uint3",
            "Writes three 32-bit words at a byte address.",
        ),
        (
            "Store4",
            "uint4",
            "Writes four 32-bit words at a byte address.",
        ),
    ];
    for (name, ty, doc) in stores {
        let mut sigs = vec![format!("void {name}(uint address, {ty} value)")];
        if name == "Store" {
            sigs.push("void Store(uint address, T value) where T: type".into());
        }
        let sigs: Vec<&str> = sigs.iter().map(String::as_str).collect();
        t.def(Resource, ALL, false, doc, &sigs);
    }
    for (op, doc) in [
        ("Add", "Atomically adds value to the word at byte address dest; the optional original receives the previous value."),
        ("And", "Atomically ands value into the word at byte address dest."),
        ("Or", "Atomically ors value into the word at byte address dest."),
        ("Xor", "Atomically xors value into the word at byte address dest."),
        ("Min", "Atomically keeps the smaller of the word at byte address dest and value."),
        ("Max", "Atomically keeps the larger of the word at byte address dest and value."),
    ] {
        // Min and Max take a signed or unsigned value (which picks the comparison); the
        // others a uint.
        let s = if matches!(op, "Min" | "Max") {
            [
                format!("void Interlocked{op}(uint dest, T value) where T: int32 s"),
                format!("void Interlocked{op}(uint dest, T value, out uint original) where T: int32 s"),
            ]
        } else {
            [
                format!("void Interlocked{op}(uint dest, uint value)"),
                format!("void Interlocked{op}(uint dest, uint value, out uint original)"),
            ]
        };
        let s: Vec<&str> = s.iter().map(String::as_str).collect();
        t.def(Atomic, ALL, true, doc, &s);
        let s64 = [
            format!("void Interlocked{op}64(uint dest, T value) where T: int64 s"),
            format!("void Interlocked{op}64(uint dest, T value, out T original) where T: int64 s"),
        ];
        let s64: Vec<&str> = s64.iter().map(String::as_str).collect();
        t.def(Atomic, all_from(ShaderModel::SM6_6), true, "64-bit form of the byte-address atomic of the same name (SM 6.6).", &s64);
    }
    let sm66 = all_from(ShaderModel::SM6_6);
    t.def(Atomic, ALL, true, "Atomically replaces the word at byte address dest with value; original receives the previous value.", &["void InterlockedExchange(uint dest, uint value, out uint original)"]);
    t.def(
        Atomic,
        sm66,
        true,
        "64-bit InterlockedExchange (SM 6.6).",
        &["void InterlockedExchange64(uint dest, T value, out T original) where T: int64 s"],
    );
    t.def(Atomic, sm66, true, "Atomically replaces the float at byte address dest; original receives the previous value (SM 6.6).", &["void InterlockedExchangeFloat(uint dest, float value, out float original)"]);
    t.def(Atomic, ALL, true, "Atomically stores value at byte address dest if the word there equals compare; original receives the previous value.", &["void InterlockedCompareExchange(uint dest, uint compare, uint value, out uint original)"]);
    t.def(Atomic, sm66, true, "64-bit InterlockedCompareExchange (SM 6.6).", &["void InterlockedCompareExchange64(uint dest, T compare, T value, out T original) where T: int64 s"]);
    t.def(
        Atomic,
        ALL,
        true,
        "Atomically stores value at byte address dest if the word there equals compare.",
        &["void InterlockedCompareStore(uint dest, uint compare, uint value)"],
    );
    t.def(
        Atomic,
        sm66,
        true,
        "64-bit InterlockedCompareStore (SM 6.6).",
        &["void InterlockedCompareStore64(uint dest, T compare, T value) where T: int64 s"],
    );
    t.def(Atomic, sm66, true, "Compare-exchange of the float at byte address dest, compared bit for bit (SM 6.6).", &["void InterlockedCompareExchangeFloatBitwise(uint dest, float compare, float value, out float original)"]);
    t.def(
        Atomic,
        sm66,
        true,
        "Compare-store of the float at byte address dest, compared bit for bit (SM 6.6).",
        &["void InterlockedCompareStoreFloatBitwise(uint dest, float compare, float value)"],
    );
}
