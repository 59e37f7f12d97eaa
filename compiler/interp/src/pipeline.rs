//! The pipeline description of LLVM's offload-test-suite (YAML, read with `serde_norway`),
//! running one, and printing its buffers as JSON. `hlslc run` calls [`run_pipeline`].
//!
//! Read: `Shaders` (`Stage`, `Entry`, optional `DispatchSize`; without `Shaders`, as in the
//! suite's first pipelines, a compute shader `main` and a top-level `DispatchSize`), `DispatchParameters`
//! (`DispatchGroupCount`, default `[1, 1, 1]`), `Buffers` (`Name`, `Format`, `Stride` or
//! `Channels`, `Data` (numbers; C99 hexadecimal floats such as `0x1.8p+1` in float formats;
//! a `-0`, which YAML reads as the integer 0, is -0.0 in float formats)
//! or `FillSize` in bytes with `FillValue` (`ZeroInitSize`, the older spelling, zeroes that
//! many bytes), `ArraySize` (the buffers of a resource array: `Data` a list of lists, one
//! per element, bound to the array's elements in order), and `Width`/`Height`/`Depth`
//! either directly or under `OutputProps` for textures (there also `MipLevels`, each slice's
//! mip chain stored level 0 first, and `ArraySlices` of an array texture); our extension
//! `InitialCounter` sets the hidden counter of the structured buffer it is bound to (the
//! suite's `Counter` is an output its offloader prints, ignored here on input as there),
//! and our `Address` gives it a device address
//! that raw buffer and buffer pointer accesses reach it by, see [`crate::device`]),
//! `DescriptorSets` (each a list of
//! `Resources` with `Name`, `Kind`, `DirectXBinding` (`Register`, `Space`) and
//! `VulkanBinding` (`Binding`)), `Samplers` (`Name`, `MagFilter`/`MinFilter` `Linear` or
//! `Nearest`, `Address` `Clamp`/`Wrap` (or `Repeat`)/`Mirror`/`Border`, and our `ComparisonOp` for
//! comparison samplers) for resources of kind `Sampler` or `SamplerComparison`; a combined
//! image sampler (`Kind: SampledTexture2D`, a `vk::SampledTexture*` global) takes its texels
//! from the buffer and its state from the sampler that have its `Name`, both required.
//! A typed buffer (`Kind: Buffer`/`RWBuffer`) reads and writes texels of its `Format` with
//! `Channels` components (default 1), as the offloader's texel buffer view does, whatever
//! element type the shader declares ([`crate::TexelFormat`]); a `Stride` is the texel's size
//! (the channel count when `Channels` is absent), and one that disagrees with `Channels` or
//! is no 1 to 4 values of the format is an error.
//! Unknown keys are ignored. A resource is bound to the global
//! with set = its descriptor set's index and binding = its Vulkan binding, else to the one
//! with set = `Space` and binding = `Register` (DXC's mapping); among globals with the same
//! numbers (`b0`, `t0` and `u0` all get binding 0), only the one whose register class matches
//! the `Kind` is bound; a resource without a `VulkanBinding` that neither number finds binds
//! at its position in the set (the suite's first Vulkan runs). SM 6.6 descriptor heaps take their elements from the resources'
//! registers in space 0 (see [`crate::heap`]). Resources the shader does not declare are skipped. `Float16` data are binary16 bits (as the suite writes them) or floats.
//!
//! Output: `{"buffers": {"Name": [v0, ...]}}` in `Buffers` order; floats print in the
//! shortest form that reads back to the same value of their format, NaN and infinities as
//! the strings `"nan"`, `"inf"`, `"-inf"`; `Bool` as `true`/`false`; `Hex` formats as
//! unsigned integers; a resource array's buffers as a list of lists. Then, when buffers are
//! bound to structured buffers with a counter, `"counters": {"Name": n}` after the run
//! (`[n0, n1, ...]` for the elements of a resource array).

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write as _;

use serde::Deserialize;
use serde_norway::Value;

use crate::exec::{AddressMode, CompareOp, Filter, Resource, SamplerState};
use crate::program::{Program, ProgramOptions, RegisterClass};
use crate::sched::{dispatch, Bindings, RunOptions};
use crate::RunError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Format {
    Int16,
    Int32,
    Int64,
    UInt16,
    UInt32,
    UInt64,
    Float16,
    Float32,
    Float64,
    Bool,
    Hex8,
    Hex16,
    Hex32,
    Hex64,
}

impl Format {
    pub fn size(self) -> usize {
        match self {
            Format::Hex8 => 1,
            Format::Int16 | Format::UInt16 | Format::Float16 | Format::Hex16 => 2,
            Format::Int32 | Format::UInt32 | Format::Float32 | Format::Bool | Format::Hex32 => 4,
            Format::Int64 | Format::UInt64 | Format::Float64 | Format::Hex64 => 8,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct Shader {
    #[serde(rename = "Stage")]
    pub stage: String,
    #[serde(rename = "Entry")]
    pub entry: String,
    #[serde(rename = "DispatchSize", default)]
    pub dispatch_size: Option<[u32; 3]>,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct DispatchParameters {
    #[serde(rename = "DispatchGroupCount", default)]
    pub dispatch_group_count: Option<[u32; 3]>,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct OutputProps {
    #[serde(rename = "Width", default)]
    pub width: Option<u32>,
    #[serde(rename = "Height", default)]
    pub height: Option<u32>,
    #[serde(rename = "Depth", default)]
    pub depth: Option<u32>,
    /// Mip levels: the data holds each slice's whole chain, level 0 first.
    #[serde(rename = "MipLevels", default)]
    pub mip_levels: Option<u32>,
    /// Slices of an array texture (`ArraySize` in older tests).
    #[serde(rename = "ArraySlices", alias = "ArraySize", default)]
    pub array_slices: Option<u32>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct BufferDesc {
    #[serde(rename = "Name")]
    pub name: String,
    #[serde(rename = "Format")]
    pub format: Format,
    #[serde(rename = "Stride", default)]
    pub stride: Option<u32>,
    #[serde(rename = "Channels", default)]
    pub channels: Option<u32>,
    #[serde(rename = "Data", default)]
    pub data: Option<Vec<Value>>,
    #[serde(rename = "FillSize", default)]
    pub fill_size: Option<u64>,
    #[serde(rename = "FillValue", default)]
    pub fill_value: Option<Value>,
    /// The older tests' spelling of a zero-filled `FillSize`.
    #[serde(rename = "ZeroInitSize", default)]
    pub zero_init_size: Option<u64>,
    /// For a resource array: how many buffers this one describes (`Data` is then a list of
    /// lists, one per element, and `FillSize` fills each). Default 1.
    #[serde(rename = "ArraySize", default)]
    pub array_size: Option<u32>,
    #[serde(rename = "Width", default)]
    pub width: Option<u32>,
    #[serde(rename = "Height", default)]
    pub height: Option<u32>,
    #[serde(rename = "Depth", default)]
    pub depth: Option<u32>,
    #[serde(rename = "OutputProps", default)]
    pub output_props: Option<OutputProps>,
    /// The initial value of the hidden counter of the buffer bound to this one (our
    /// extension; counters start at 0 without it). The suite's own `Counter` key is where its
    /// offloader prints a counter after the run: ignored on input, as the offloader does.
    #[serde(rename = "InitialCounter", default)]
    pub initial_counter: Option<u32>,
    /// The device address of the buffer (our extension): `vk::RawBufferLoad`/`Store` and
    /// `vk::BufferPointer` accesses reach it at this address, which the shader reads from
    /// another buffer (a `UInt64` buffer holding it, bound as a constant or structured
    /// buffer). Such a buffer is not also bound as a descriptor.
    #[serde(rename = "Address", default, deserialize_with = "address")]
    pub address: Option<u64>,
}

/// An `Address`: a number or a `0x...` string.
fn address<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    let v = Option::<Value>::deserialize(d)?;
    match v {
        None => Ok(None),
        Some(v) => value_u64(&v)
            .map(Some)
            .ok_or_else(|| serde::de::Error::custom(format!("{v:?} is not an address"))),
    }
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub struct DirectXBinding {
    #[serde(rename = "Register")]
    pub register: u32,
    #[serde(rename = "Space", default)]
    pub space: u32,
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub struct VulkanBinding {
    #[serde(rename = "Binding")]
    pub binding: u32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ResourceDesc {
    #[serde(rename = "Name")]
    pub name: String,
    #[serde(rename = "Kind")]
    pub kind: String,
    #[serde(rename = "DirectXBinding", default)]
    pub directx_binding: Option<DirectXBinding>,
    #[serde(rename = "VulkanBinding", default)]
    pub vulkan_binding: Option<VulkanBinding>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DescriptorSet {
    #[serde(rename = "Resources", default)]
    pub resources: Vec<ResourceDesc>,
}

/// A sampler of the `Samplers` section (`MagFilter` at a level of detail of 0 or less,
/// `MinFilter` above it; each defaults to the other).
#[derive(Debug, Clone, Deserialize)]
pub struct SamplerDesc {
    #[serde(rename = "Name")]
    pub name: String,
    #[serde(rename = "MinFilter", default)]
    pub min_filter: Option<String>,
    #[serde(rename = "MagFilter", default)]
    pub mag_filter: Option<String>,
    #[serde(rename = "Address", default)]
    pub address: Option<String>,
    /// The comparison of a comparison sampler (our extension): `Never`, `Less`, `Equal`,
    /// `LessEqual` (the default), `Greater`, `NotEqual`, `GreaterEqual` or `Always`.
    #[serde(rename = "ComparisonOp", default)]
    pub comparison: Option<String>,
}

impl SamplerDesc {
    pub fn state(&self) -> SamplerState {
        let linear = |f: Option<&str>| match f {
            Some(f) if f.eq_ignore_ascii_case("linear") => Filter::Linear,
            _ => Filter::Nearest,
        };
        // Each filter defaults to the other one.
        let filter = linear(self.mag_filter.as_deref().or(self.min_filter.as_deref()));
        let min_filter = linear(self.min_filter.as_deref().or(self.mag_filter.as_deref()));
        let address = match self
            .address
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            // The suite spells them as Vulkan does (`Repeat`), older pipelines as D3D (`Wrap`).
            Some("wrap" | "repeat") => AddressMode::Wrap,
            Some("mirror" | "mirroredrepeat") => AddressMode::Mirror,
            Some("border" | "clamptoborder") => AddressMode::Border,
            _ => AddressMode::Clamp,
        };
        let compare = match self
            .comparison
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("never") => CompareOp::Never,
            Some("less") => CompareOp::Less,
            Some("equal") => CompareOp::Equal,
            Some("greater") => CompareOp::Greater,
            Some("notequal") => CompareOp::NotEqual,
            Some("greaterequal") => CompareOp::GreaterEqual,
            Some("always") => CompareOp::Always,
            _ => CompareOp::LessEqual,
        };
        SamplerState {
            filter,
            min_filter,
            address,
            compare,
        }
    }
}

/// A pipeline description.
#[derive(Debug, Clone, Deserialize)]
pub struct Pipeline {
    /// Without `Shaders` (the suite's first pipelines): one compute shader `main`, its
    /// group count the top-level `DispatchSize`.
    #[serde(rename = "Shaders", default)]
    pub shaders: Vec<Shader>,
    #[serde(rename = "DispatchSize", default)]
    pub dispatch_size: Option<[u32; 3]>,
    #[serde(rename = "DispatchParameters", default)]
    pub dispatch_parameters: Option<DispatchParameters>,
    #[serde(rename = "Buffers", default)]
    pub buffers: Vec<BufferDesc>,
    #[serde(rename = "DescriptorSets", default)]
    pub descriptor_sets: Vec<DescriptorSet>,
    #[serde(rename = "Samplers", default)]
    pub samplers: Vec<SamplerDesc>,
}

impl Pipeline {
    /// The state of the sampler named `name` (a sampler resource, or the sampler half of a
    /// combined image sampler of that name).
    fn sampler_state(&self, name: &str) -> Result<SamplerState, RunError> {
        self.samplers
            .iter()
            .find(|s| s.name == name)
            .map(SamplerDesc::state)
            .ok_or_else(|| RunError::Pipeline(format!("resource {name} names no sampler")))
    }
}

/// Whether `ty` (or its array element) is a combined image sampler.
fn is_combined(ty: &types::Type) -> bool {
    let r = match ty {
        types::Type::Array { element, .. } => element.as_resource(),
        t => t.as_resource(),
    };
    matches!(r, Some(types::ResourceType::Texture { access, .. }) if access.is_combined())
}

/// Parses pipeline YAML.
pub fn parse_pipeline(text: &str) -> Result<Pipeline, RunError> {
    let text = quote_negative_zeros(text);
    let mut p: Pipeline =
        serde_norway::from_str(&text).map_err(|e| RunError::Pipeline(e.to_string()))?;
    if p.shaders.is_empty() {
        p.shaders.push(Shader {
            stage: "Compute".to_owned(),
            entry: "main".to_owned(),
            dispatch_size: p.dispatch_size,
        });
    }
    Ok(p)
}

impl Pipeline {
    /// The group count: `DispatchParameters.DispatchGroupCount`, else the compute shader's
    /// `DispatchSize`, else `[1, 1, 1]`.
    pub fn group_count(&self) -> [u32; 3] {
        self.dispatch_parameters
            .as_ref()
            .and_then(|d| d.dispatch_group_count)
            .or_else(|| self.compute_shader().and_then(|s| s.dispatch_size))
            .unwrap_or([1, 1, 1])
    }

    pub fn compute_shader(&self) -> Option<&Shader> {
        self.shaders
            .iter()
            .find(|s| s.stage.eq_ignore_ascii_case("compute"))
    }
}

/// YAML resolves `-0` (and `-00`, `-0x0`, `-0o0`) to the integer 0, which has no sign, so a
/// float buffer's `-0` would be read as +0 (the suite means -0.0). Before parsing, such plain
/// scalars are quoted: they reach [`value_f64`] as text and keep their sign, and integer
/// formats read them as 0. Quoted scalars and comments are left alone.
fn quote_negative_zeros(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let boundary = |b: u8| b.is_ascii_whitespace() || matches!(b, b'[' | b']' | b'{' | b'}' | b',');
    let mut out = String::new();
    let (mut last, mut i) = (0, 0);
    let mut quote: Option<u8> = None;
    let mut comment = false;
    while i < bytes.len() {
        let c = bytes[i];
        let starts = i == 0 || boundary(bytes[i - 1]);
        if c == b'\n' {
            (quote, comment) = (None, false);
        } else if comment {
        } else if let Some(q) = quote {
            if c == q {
                quote = None;
            }
        } else if (c == b'\'' || c == b'"') && starts {
            quote = Some(c);
        } else if c == b'#' && starts {
            comment = true;
        } else if c == b'-' && starts {
            let end = bytes[i..]
                .iter()
                .position(|&b| boundary(b) || b == b'#')
                .map_or(bytes.len(), |k| i + k);
            if is_negative_zero(&text[i..end]) {
                out.push_str(&text[last..i]);
                out.push('"');
                out.push_str(&text[i..end]);
                out.push('"');
                last = end;
            }
            i = end;
            continue;
        }
        i += 1;
    }
    if last == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[last..]);
    Cow::Owned(out)
}

/// `-0`, `-00`, `-0x0`, `-0o00`, ...: a YAML integer zero written with a minus sign.
fn is_negative_zero(token: &str) -> bool {
    let Some(rest) = token.strip_prefix('-') else {
        return false;
    };
    let digits = ["0x", "0X", "0o", "0b"]
        .iter()
        .find_map(|p| rest.strip_prefix(p))
        .unwrap_or(rest);
    !digits.is_empty() && digits.bytes().all(|b| b == b'0')
}

fn value_u64(v: &Value) -> Option<u64> {
    match v {
        Value::Number(n) => n
            .as_u64()
            .or_else(|| n.as_i64().map(|i| i as u64))
            .or_else(|| n.as_f64().map(|f| f as u64)),
        Value::Bool(b) => Some(*b as u64),
        Value::String(s) if is_negative_zero(s.trim()) => Some(0),
        Value::String(s) => {
            let t = s.trim();
            let t = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X"));
            t.and_then(|h| u64::from_str_radix(h, 16).ok())
        }
        _ => None,
    }
}

fn value_f64(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "nan" | ".nan" => Some(f64::NAN),
            "inf" | ".inf" => Some(f64::INFINITY),
            "-inf" | "-.inf" => Some(f64::NEG_INFINITY),
            t if is_negative_zero(t) => Some(-0.0),
            t => t.parse().ok().or_else(|| hex_float(t)),
        },
        Value::Bool(b) => Some(*b as u8 as f64),
        _ => None,
    }
}

/// A C99 hexadecimal float (`0x1.8p+1`, `-0x1.e7d42cp-127`, `0x10`): hex digits with an
/// optional point, then an optional binary exponent. Exact for up to 60 significant bits
/// (the suite writes at most 53).
fn hex_float(text: &str) -> Option<f64> {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let rest = rest
        .strip_prefix("0x")
        .or_else(|| rest.strip_prefix("0X"))?;
    let (digits, exponent) = match rest.find(['p', 'P']) {
        Some(i) => (&rest[..i], rest[i + 1..].parse::<i32>().ok()?),
        None => (rest, 0),
    };
    let (int_part, frac_part) = digits.split_once('.').unwrap_or((digits, ""));
    if int_part.is_empty() && frac_part.is_empty() {
        return None;
    }
    let mut mantissa: u64 = 0;
    let mut scale = exponent;
    for (k, c) in int_part.chars().chain(frac_part.chars()).enumerate() {
        let d = u64::from(c.to_digit(16)?);
        if mantissa >> 60 != 0 {
            // Beyond 60 bits: drop the digit (and keep its weight for integer digits).
            if k < int_part.len() {
                scale = scale.checked_add(4)?;
            }
            continue;
        }
        mantissa = mantissa * 16 + d;
        if k >= int_part.len() {
            scale = scale.checked_sub(4)?;
        }
    }
    // Scale by powers of two that keep the intermediate value normal, so only the last
    // multiplication rounds (into the subnormals if it must).
    let mut value = mantissa as f64;
    while scale > 0 {
        let step = scale.min(1000);
        value *= f64::powi(2.0, step);
        scale -= step;
    }
    while scale < 0 {
        let step = scale.max(-1000);
        value *= f64::powi(2.0, step);
        scale -= step;
    }
    Some(if negative { -value } else { value })
}

/// The bytes of one element of `format` from a YAML value.
fn encode(format: Format, v: &Value, out: &mut Vec<u8>) -> Result<(), String> {
    let bad = || format!("{v:?} is not a {format:?} value");
    match format {
        Format::Float32 => out.extend((value_f64(v).ok_or_else(bad)? as f32).to_le_bytes()),
        Format::Float64 => out.extend(value_f64(v).ok_or_else(bad)?.to_le_bytes()),
        Format::Float16 => {
            // Integers are binary16 bits (the suite's encoding); anything else is a value.
            let bits = match v {
                Value::Number(n) if n.is_u64() || n.is_i64() => {
                    value_u64(v).ok_or_else(bad)? as u16
                }
                Value::String(s) if s.trim().starts_with("0x") => {
                    value_u64(v).ok_or_else(bad)? as u16
                }
                _ => crate::numeric::f64_to_f16(value_f64(v).ok_or_else(bad)?),
            };
            out.extend(bits.to_le_bytes());
        }
        Format::Bool => out.extend(u32::from(value_u64(v).ok_or_else(bad)? != 0).to_le_bytes()),
        _ => {
            let bits = match v {
                Value::Number(n) if n.is_f64() => return Err(bad()),
                _ => value_u64(v).ok_or_else(bad)?,
            };
            out.extend(&bits.to_le_bytes()[..format.size()]);
        }
    }
    Ok(())
}

impl BufferDesc {
    /// How many buffers of a resource array this describes (`ArraySize`, at least 1).
    pub fn count(&self) -> usize {
        self.array_size.unwrap_or(1).max(1) as usize
    }

    /// The initial bytes of each element of a resource array (`ArraySize`), or of the one
    /// buffer: a `Data` list of lists gives one buffer per inner list.
    pub fn element_bytes(&self) -> Result<Vec<Vec<u8>>, RunError> {
        let n = self.count();
        let nested = self
            .data
            .as_ref()
            .is_some_and(|d| d.iter().any(|v| matches!(v, Value::Sequence(_))));
        if !nested {
            let one = self.bytes()?;
            return Ok(vec![one; n]);
        }
        let err = |m: String| RunError::Pipeline(format!("buffer {}: {m}", self.name));
        let lists = self.data.as_deref().unwrap_or_default();
        if lists.len() != n {
            return Err(err(format!(
                "ArraySize is {n} but Data holds {} lists",
                lists.len()
            )));
        }
        lists
            .iter()
            .map(|list| {
                let Value::Sequence(items) = list else {
                    return Err(err(format!("{list:?} is not a list of values")));
                };
                let mut out = Vec::new();
                for v in items {
                    encode(self.format, v, &mut out).map_err(err)?;
                }
                Ok(out)
            })
            .collect()
    }

    /// The buffer's initial bytes.
    pub fn bytes(&self) -> Result<Vec<u8>, RunError> {
        let err = |m: String| RunError::Pipeline(format!("buffer {}: {m}", self.name));
        let mut out = Vec::new();
        if let Some(size) = self.zero_init_size.filter(|_| self.fill_size.is_none()) {
            return Ok(vec![0; size as usize]);
        }
        if let Some(size) = self.fill_size.filter(|&s| s > 0) {
            let mut elem = Vec::new();
            match &self.fill_value {
                Some(v) => encode(self.format, v, &mut elem).map_err(err)?,
                None => elem.resize(self.format.size(), 0),
            }
            while (out.len() as u64) < size {
                out.extend_from_slice(&elem);
            }
            out.truncate(size as usize);
            return Ok(out);
        }
        for v in self.data.iter().flatten() {
            encode(self.format, v, &mut out).map_err(err)?;
        }
        Ok(out)
    }

    /// Width, height and depth of the texture bound as `kind`: an array texture's
    /// `ArraySlices` is its height (1D) or depth (2D), where the interpreter keeps slices.
    fn dims(&self, kind: &str) -> (u32, u32, u32) {
        let p = self.output_props.clone().unwrap_or_default();
        let (w, h, d) = (
            self.width.or(p.width).unwrap_or(0),
            self.height.or(p.height).unwrap_or(1),
            self.depth.or(p.depth).unwrap_or(1),
        );
        match p.array_slices.filter(|_| kind.ends_with("Array")) {
            Some(n) if kind.contains("1D") => (w, n, d),
            Some(n) => (w, h, n),
            None => (w, h, d),
        }
    }

    /// The texel format of a typed buffer bound to this buffer, as the suite's offloader
    /// makes its texel buffer view: `Channels` (default 1) values of `Format`. A `Stride` is
    /// the texel's size, so it gives the channel count when `Channels` is absent and must
    /// agree with it when present; an error says how they disagree. `None` for a format
    /// without an interpreter kind: texels as the shader declares.
    fn texel_format(&self) -> Result<Option<crate::TexelFormat>, String> {
        use crate::numeric::Num;
        let num = match self.format {
            Format::Int16 => Num::I16,
            Format::UInt16 | Format::Hex16 => Num::U16,
            Format::Int32 => Num::I32,
            Format::UInt32 | Format::Hex32 => Num::U32,
            Format::Int64 => Num::I64,
            Format::UInt64 | Format::Hex64 => Num::U64,
            Format::Float16 => Num::F16,
            Format::Float32 => Num::F32,
            Format::Float64 => Num::F64,
            Format::Hex8 | Format::Bool => return Ok(None),
        };
        let size = self.format.size() as u32;
        let channels = match (self.stride, self.channels) {
            (None, c) => c.unwrap_or(1).clamp(1, 4),
            (Some(stride), c) => {
                let from_stride = (stride % size == 0)
                    .then_some(stride / size)
                    .filter(|n| (1..=4).contains(n));
                match (from_stride, c) {
                    (Some(n), None) => n,
                    (Some(n), Some(c)) if c == n => n,
                    (Some(_), Some(c)) => {
                        return Err(format!(
                            "Stride {stride} and Channels {c} disagree: a typed buffer's texel \
                             is {c} values of {:?} ({} bytes)",
                            self.format,
                            c.saturating_mul(size)
                        ))
                    }
                    (None, _) => {
                        return Err(format!(
                            "Stride {stride} is no typed buffer texel of {:?}: a texel is 1 to \
                             4 values of {size} bytes (Stride {size} to {})",
                            self.format,
                            4 * size
                        ))
                    }
                }
            }
        };
        Ok(Some(crate::TexelFormat { num, channels }))
    }

    /// Mip levels of a texture (`OutputProps.MipLevels`, default 1).
    fn mip_levels(&self) -> u32 {
        self.output_props
            .as_ref()
            .and_then(|p| p.mip_levels)
            .unwrap_or(1)
    }

    /// Decodes bytes of this buffer's format.
    pub fn values(&self, bytes: &[u8]) -> BufferValues {
        let size = self.format.size();
        let words = bytes.chunks_exact(size).map(|c| {
            let mut b = [0u8; 8];
            b[..size].copy_from_slice(c);
            u64::from_le_bytes(b)
        });
        match self.format {
            Format::Int16 => BufferValues::Int(words.map(|w| w as u16 as i16 as i64).collect()),
            Format::Int32 => BufferValues::Int(words.map(|w| w as u32 as i32 as i64).collect()),
            Format::Int64 => BufferValues::Int(words.map(|w| w as i64).collect()),
            Format::UInt16 | Format::UInt32 | Format::UInt64 => BufferValues::UInt(words.collect()),
            Format::Hex8 | Format::Hex16 | Format::Hex32 | Format::Hex64 => {
                BufferValues::UInt(words.collect())
            }
            Format::Float16 => BufferValues::Float16(
                words
                    .map(|w| crate::numeric::f16_to_f64(w as u16) as f32)
                    .collect(),
            ),
            Format::Float32 => {
                BufferValues::Float32(words.map(|w| f32::from_bits(w as u32)).collect())
            }
            Format::Float64 => BufferValues::Float64(words.map(f64::from_bits).collect()),
            Format::Bool => BufferValues::Bool(words.map(|w| w != 0).collect()),
        }
    }
}

/// The values of a buffer after a run.
#[derive(Debug, Clone, PartialEq)]
pub enum BufferValues {
    Int(Vec<i64>),
    UInt(Vec<u64>),
    /// binary16 values, exactly, as `f32`.
    Float16(Vec<f32>),
    Float32(Vec<f32>),
    Float64(Vec<f64>),
    Bool(Vec<bool>),
    /// The buffers of a resource array (`ArraySize`), in order.
    Array(Vec<BufferValues>),
}

/// The buffers of a pipeline after a run, in `Buffers` order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Results {
    pub buffers: Vec<(String, BufferValues)>,
    /// The hidden counter of each buffer bound to an append, consume or counter-using
    /// structured buffer, after the run (the suite's `Counter`); one per element of a
    /// resource array (its `Counters`).
    pub counters: Vec<(String, Vec<u32>)>,
}

fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn json_float(out: &mut String, v: f64, text: impl std::fmt::Display) {
    if v.is_nan() {
        out.push_str("\"nan\"");
    } else if v.is_infinite() {
        out.push_str(if v > 0.0 { "\"inf\"" } else { "\"-inf\"" });
    } else {
        let _ = write!(out, "{text}");
    }
}

impl Results {
    pub fn get(&self, name: &str) -> Option<&BufferValues> {
        self.buffers.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// `{"buffers": {"Name": [v0, ...]}}`; a resource array's buffers as a list of lists;
    /// then `"counters": {"Name": n}` when a buffer has a counter (`[n0, ...]` for a resource
    /// array's).
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"buffers\": {");
        for (k, (name, vals)) in self.buffers.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            json_string(&mut out, name);
            out.push_str(": ");
            json_values(&mut out, vals);
        }
        out.push('}');
        if !self.counters.is_empty() {
            out.push_str(", \"counters\": {");
            for (k, (name, value)) in self.counters.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                json_string(&mut out, name);
                match &value[..] {
                    [one] => {
                        let _ = write!(out, ": {one}");
                    }
                    many => {
                        let list: Vec<String> = many.iter().map(u32::to_string).collect();
                        let _ = write!(out, ": [{}]", list.join(", "));
                    }
                }
            }
            out.push('}');
        }
        out.push('}');
        out
    }
}

/// `[v0, ...]` (`[[...], ...]` for a resource array).
fn json_values(out: &mut String, vals: &BufferValues) {
    let mut items = Vec::new();
    match vals {
        BufferValues::Int(v) => items.extend(v.iter().map(|x| x.to_string())),
        BufferValues::UInt(v) => items.extend(v.iter().map(|x| x.to_string())),
        BufferValues::Bool(v) => items.extend(v.iter().map(|x| x.to_string())),
        // `Display` of f32/f64 is the shortest text that reads back to the same value.
        BufferValues::Float16(v) | BufferValues::Float32(v) => items.extend(v.iter().map(|&x| {
            let mut s = String::new();
            json_float(&mut s, f64::from(x), x);
            s
        })),
        BufferValues::Float64(v) => items.extend(v.iter().map(|&x| {
            let mut s = String::new();
            json_float(&mut s, x, x);
            s
        })),
        BufferValues::Array(elements) => items.extend(elements.iter().map(|e| {
            let mut s = String::new();
            json_values(&mut s, e);
            s
        })),
    }
    out.push('[');
    out.push_str(&items.join(", "));
    out.push(']');
}

/// How to run a pipeline.
#[derive(Debug, Clone, Default)]
pub struct PipelineOptions {
    pub run: RunOptions,
    /// Spec constant values by id (bits as `ir::Constant` keeps them).
    pub spec_constants: HashMap<u32, u64>,
    /// 32-bit denormals in arithmetic (`hlslc run -denorm preserve` keeps them).
    pub denormals: crate::numeric::Denormals,
}

/// Runs the pipeline's compute shader from `module` and returns every buffer afterwards.
pub fn run_pipeline(
    module: &ir::Module,
    pipeline: &Pipeline,
    options: &PipelineOptions,
) -> Result<Results, RunError> {
    run_pipeline_with_hook(module, pipeline, options, None)
}

/// [`run_pipeline`] with a hook observing the run (coverage, value ranges, ...).
pub fn run_pipeline_with_hook(
    module: &ir::Module,
    pipeline: &Pipeline,
    options: &PipelineOptions,
    hook: Option<&mut dyn crate::Hook>,
) -> Result<Results, RunError> {
    let shader = pipeline
        .compute_shader()
        .ok_or_else(|| RunError::Pipeline("no compute shader".to_owned()))?;
    let program = Program::new(
        module,
        &shader.entry,
        &ProgramOptions {
            spec_constants: options.spec_constants.clone(),
            denormals: options.denormals,
            descriptor_heap_len: crate::heap::heap_len(pipeline),
            // An unbounded array of resources has as many elements as the largest
            // resource array of the pipeline.
            unbounded_array_len: pipeline
                .buffers
                .iter()
                .map(|b| b.count() as u32)
                .max()
                .unwrap_or(1),
        },
    )?;
    // Each buffer's bytes, one entry per element of a resource array (`ArraySize`).
    let mut data: HashMap<&str, Vec<Vec<u8>>> = HashMap::new();
    for b in &pipeline.buffers {
        data.insert(&b.name, b.element_bytes()?);
    }
    let mut bindings = Bindings::new(&program);
    // Which root each pipeline buffer (element) went to, to copy the data back.
    let mut bound: Vec<(usize, &str, usize)> = Vec::new();
    // Counter slots of the bound buffers, read back after the run.
    let mut counters: Vec<(usize, String)> = Vec::new();
    for (set, ds) in pipeline.descriptor_sets.iter().enumerate() {
        for (position, r) in ds.resources.iter().enumerate() {
            let class = Some(RegisterClass::of_kind(&r.kind));
            let vk = r
                .vulkan_binding
                .and_then(|b| program.find_binding_of_class(set as u32, b.binding, class));
            let dx = r
                .directx_binding
                .and_then(|b| program.find_binding_of_class(b.space, b.register, class));
            // Without a `VulkanBinding`, the suite's first Vulkan runs bound a resource at
            // its position in the set: the last resort when neither number finds a global.
            let by_position = || {
                r.vulkan_binding
                    .is_none()
                    .then(|| program.find_binding_of_class(set as u32, position as u32, class))
                    .flatten()
            };
            // Heap arrays are filled by heap index (`crate::heap`), never by binding.
            let found = vk
                .or(dx)
                .or_else(by_position)
                .filter(|&(root, _)| !crate::heap::is_heap_slot(&program.resources[root]));
            let direct = found.map(|(root, _)| root);
            let roots: Vec<usize> = direct
                .into_iter()
                .chain(crate::heap::heap_roots(&program, r))
                .collect();
            let Some(&root) = roots.first() else {
                continue;
            };
            if r.kind.contains("Sampler") {
                let state = pipeline.sampler_state(&r.name)?;
                for &root in &roots {
                    bindings.resources[root] = Some(Resource::sampler(state));
                }
                continue;
            }
            let desc = pipeline
                .buffers
                .iter()
                .find(|b| b.name == r.name)
                .ok_or_else(|| {
                    RunError::Pipeline(format!("resource {} names no buffer", r.name))
                })?;
            if desc.address.is_some() {
                // One memory per buffer: a copy bound as a descriptor would not see the
                // writes made through the address, nor the other way round.
                return Err(RunError::Pipeline(format!(
                    "buffer {} has an Address and is bound as a resource too: not supported yet",
                    r.name
                )));
            }
            if desc.count() > 1 {
                // A resource array: element `i` of the buffer binds the array's root `i`.
                let Some((first, slots)) = found else {
                    continue;
                };
                let counter = format!("counter.var.{}", program.resources[first].name);
                let counter_first = program.find_name(&counter);
                for (i, bytes) in data[r.name.as_str()].iter().enumerate().take(slots) {
                    bindings.resources[first + i] = Some(Resource::buffer(bytes.clone()));
                    bound.push((first + i, &r.name, i));
                    if let Some(c) = counter_first {
                        counters.push((c + i, r.name.clone()));
                    }
                }
                continue;
            }
            let (w, h, d) = desc.dims(&r.kind);
            let bytes = data[r.name.as_str()][0].clone();
            let res = if r.kind.contains("Texture") {
                let mut t = Resource::texture(bytes, w, h, d).with_levels(desc.mip_levels());
                // A combined image sampler (`vk::SampledTexture2D`, kind `SampledTexture2D`)
                // is its own sampler: the suite takes its state from the sampler of the same
                // name, which must exist.
                if r.kind.starts_with("SampledTexture") || is_combined(&program.resources[root].ty)
                {
                    t.sampler = Some(pipeline.sampler_state(&r.name)?);
                }
                t
            } else {
                let mut b = Resource::buffer(bytes);
                if matches!(r.kind.as_str(), "Buffer" | "RWBuffer") {
                    b.texel_format = desc
                        .texel_format()
                        .map_err(|e| RunError::Pipeline(format!("buffer {}: {e}", r.name)))?;
                }
                b
            };
            for &other in &roots[1..] {
                bindings.resources[other] = Some(res.clone());
            }
            bindings.resources[root] = Some(res);
            bound.push((root, &r.name, 0));
            let counter = format!("counter.var.{}", program.resources[root].name);
            let counter_slot = program.find_name(&counter);
            if let Some(slot) = counter_slot {
                counters.push((slot, r.name.clone()));
            }
            if let Some(value) = desc.initial_counter {
                let slot = counter_slot.ok_or_else(|| {
                    RunError::Pipeline(format!(
                        "buffer {} has an InitialCounter, but the shader's `{}` has no counter",
                        r.name, program.resources[root].name
                    ))
                })?;
                bindings.resources[slot] = Some(Resource::buffer(value.to_le_bytes().to_vec()));
            }
        }
    }
    for b in &pipeline.buffers {
        if let Some(address) = b.address {
            let bytes = data[b.name.as_str()][0].clone();
            bindings
                .add_device_buffer(&program, address, bytes)
                .map_err(|e| RunError::Pipeline(format!("buffer {}: {e}", b.name)))?;
        }
    }
    // Counters of append and consume buffers start at zero.
    for (i, slot) in program.resources.iter().enumerate() {
        if slot.name.starts_with("counter.var.") && bindings.resources[i].is_none() {
            bindings.resources[i] = Some(Resource::buffer(vec![0; 4]));
        }
    }
    dispatch(
        &program,
        &mut bindings,
        pipeline.group_count(),
        &options.run,
        hook,
    )?;
    for (root, name, element) in bound {
        if let Some(res) = bindings.resources[root].take() {
            if let Some(slot) = data.get_mut(name).and_then(|e| e.get_mut(element)) {
                *slot = res.data;
            }
        }
    }
    for b in &pipeline.buffers {
        if let Some(bytes) = b.address.and_then(|a| bindings.device_buffer(a)) {
            data.insert(&b.name, vec![bytes.to_vec()]);
        }
    }
    let buffers = pipeline
        .buffers
        .iter()
        .map(|b| {
            let elements = &data[b.name.as_str()];
            let values = if b.count() > 1 {
                BufferValues::Array(elements.iter().map(|e| b.values(e)).collect())
            } else {
                b.values(&elements[0])
            };
            (b.name.clone(), values)
        })
        .collect();
    // The counters after the run, in `Buffers` order (one per element of a resource array),
    // as the suite's offloader prints them.
    let mut counter_values: Vec<(String, Vec<u32>)> = Vec::new();
    for b in &pipeline.buffers {
        let values: Vec<u32> = counters
            .iter()
            .filter(|(_, n)| *n == b.name)
            .map(|(slot, _)| {
                let bytes = bindings.resources[*slot]
                    .as_ref()
                    .map_or(&[][..], |r| &r.data[..]);
                let mut word = [0u8; 4];
                let n = bytes.len().min(4);
                word[..n].copy_from_slice(&bytes[..n]);
                u32::from_le_bytes(word)
            })
            .collect();
        if !values.is_empty() {
            counter_values.push((b.name.clone(), values));
        }
    }
    Ok(Results {
        buffers,
        counters: counter_values,
    })
}

#[cfg(test)]
mod tests {
    use super::{hex_float, parse_pipeline, quote_negative_zeros};

    /// The initial bytes of the pipeline's buffer `name`.
    fn bytes_of(yaml: &str, name: &str) -> Vec<u8> {
        let p = parse_pipeline(yaml).unwrap();
        p.buffers
            .iter()
            .find(|b| b.name == name)
            .unwrap()
            .bytes()
            .unwrap()
    }

    #[test]
    fn negative_zeros_keep_their_sign_in_every_float_format() {
        let yaml = r#"
Buffers:
  - Name: D
    Format: Float64
    Data: [ -0, 0, -0.0, -0x0, -0x0p+0, -00, 1 ]
  - Name: F
    Format: Float32
    Data:
      - -0
      - -0.0 # -0 in a comment
      - 0
  - Name: H
    Format: Float16
    Data: [ -0, 0x8000, 0 ]
  - Name: I
    Format: Int32
    Data: [ -0, -1 ]
"#;
        // binary64 -0.0 is the sign bit alone: 0x8000_0000_0000_0000.
        let d: Vec<u64> = bytes_of(yaml, "D")
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let neg = 1u64 << 63;
        assert_eq!(d, [neg, 0, neg, neg, neg, neg, 0x3ff0_0000_0000_0000]);
        assert_eq!(
            bytes_of(yaml, "F"),
            [0, 0, 0, 0x80, 0, 0, 0, 0x80, 0, 0, 0, 0]
        );
        // Float16: `-0` is the value -0.0 (binary16 0x8000), like the bits `0x8000`.
        assert_eq!(bytes_of(yaml, "H"), [0, 0x80, 0, 0x80, 0, 0]);
        assert_eq!(bytes_of(yaml, "I"), [0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]);
    }

    #[test]
    fn only_plain_negative_zero_scalars_are_quoted() {
        let text = "a: [-0, '-0', \"-0\", -0x0p-1, 1-0, -01] # -0\n- -0\nb: x-0\n";
        assert_eq!(
            quote_negative_zeros(text),
            "a: [\"-0\", '-0', \"-0\", -0x0p-1, 1-0, -01] # -0\n- \"-0\"\nb: x-0\n"
        );
    }

    #[test]
    fn hex_floats() {
        // Each value by hand: mantissa digits times 2^(exponent - 4 * fraction digits).
        assert_eq!(hex_float("0x1.8p+1"), Some(3.0));
        assert_eq!(hex_float("-0x1p-2"), Some(-0.25));
        assert_eq!(hex_float("0X1.0P4"), Some(16.0));
        assert_eq!(hex_float("0x.8p1"), Some(1.0));
        assert_eq!(hex_float("0x10"), Some(16.0));
        assert_eq!(hex_float("0x1.0000000000001p+0"), Some(1.0 + f64::EPSILON));
        // 2^-1074: the smallest f64 subnormal, reached without flushing to zero.
        assert_eq!(hex_float("0x1p-1074").map(f64::to_bits), Some(1));
        assert_eq!(hex_float("0x1p+1024"), Some(f64::INFINITY));
        for bad in [
            "0x",
            "0xp3",
            "0x1.2.3",
            "0x1p",
            "1.5",
            "0xg",
            "0x1p99999999999",
        ] {
            assert_eq!(hex_float(bad), None, "{bad}");
        }
    }
}
