//! Running one corpus entry point under `hlslc run`, and reading its inputs (from the
//! pipeline) and outputs (from the JSON it prints).

use std::path::PathBuf;

use serde_json::Value;

use crate::common::{corpus_dir, header, hlslc_in_corpus};
use crate::{PENDING_LOWERING, WRONG_RESULTS};

pub fn pipeline_path(shader: &str, entry: &str) -> PathBuf {
    corpus_dir()
        .join("pipelines")
        .join(format!("{shader}.{entry}.yaml"))
}

/// A finished run: the pipeline it ran and the buffers `hlslc run` printed.
pub struct Run {
    pipeline: interp::Pipeline,
    buffers: serde_json::Map<String, Value>,
}

impl Run {
    /// The initial bytes of buffer `name`, as the pipeline gives them.
    pub fn input(&self, name: &str) -> Vec<u8> {
        self.pipeline
            .buffers
            .iter()
            .find(|b| b.name == name)
            .unwrap_or_else(|| panic!("the pipeline has no buffer {name}"))
            .bytes()
            .unwrap()
    }

    pub fn in_u32(&self, name: &str) -> Vec<u32> {
        words(&self.input(name))
    }

    pub fn in_f32(&self, name: &str) -> Vec<f32> {
        words(&self.input(name))
            .into_iter()
            .map(f32::from_bits)
            .collect()
    }

    /// The final values of buffer `name`.
    pub fn out(&self, name: &str) -> &[Value] {
        self.buffers
            .get(name)
            .and_then(Value::as_array)
            .unwrap_or_else(|| panic!("the output has no buffer {name}"))
    }

    pub fn out_u64(&self, name: &str) -> Vec<u64> {
        self.out(name)
            .iter()
            .map(|v| {
                v.as_u64()
                    .unwrap_or_else(|| panic!("{name}: {v} is no unsigned integer"))
            })
            .collect()
    }

    pub fn out_u32(&self, name: &str) -> Vec<u32> {
        self.out_u64(name)
            .into_iter()
            .map(|v| u32::try_from(v).unwrap())
            .collect()
    }

    /// Floats, with `"nan"`, `"inf"` and `"-inf"` read back.
    pub fn out_f64(&self, name: &str) -> Vec<f64> {
        self.out(name).iter().map(json_float).collect()
    }

    pub fn out_f32(&self, name: &str) -> Vec<f32> {
        self.out_f64(name).into_iter().map(|v| v as f32).collect()
    }
}

pub fn json_float(v: &Value) -> f64 {
    match v {
        Value::Number(n) => n.as_f64().unwrap(),
        Value::String(s) if s == "nan" => f64::NAN,
        Value::String(s) if s == "inf" => f64::INFINITY,
        Value::String(s) if s == "-inf" => f64::NEG_INFINITY,
        other => panic!("{other} is no float"),
    }
}

/// Little-endian 32-bit words.
pub fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Asserts `actual[i]` is within `tolerance` of `expected[i]`, relative to the larger of
/// 1 and `|expected[i]|`.
#[track_caller]
pub fn assert_close(what: &str, actual: &[f32], expected: &[f32], tolerance: f32) {
    assert_eq!(actual.len(), expected.len(), "{what}: lengths differ");
    for (i, (&a, &e)) in actual.iter().zip(expected).enumerate() {
        let scale = e.abs().max(1.0);
        assert!(
            (a - e).abs() <= tolerance * scale || (a.is_nan() && e.is_nan()),
            "{what}[{i}]: got {a}, expected {e}\nall: {actual:?}"
        );
    }
}

/// Runs `hlslc run` on the entry point with its pipeline and the shader's header flags, then
/// `check`. An entry of [`PENDING_LOWERING`] must still fail to lower.
pub fn run_entry(shader: &str, entry: &str, check: fn(&Run)) {
    let source = corpus_dir().join(format!("{shader}.hlsl"));
    let h = header(&std::fs::read_to_string(&source).unwrap());
    let profile = h
        .entries
        .iter()
        .find(|(e, _)| e == entry)
        .map(|(_, p)| p.clone())
        .unwrap_or_else(|| panic!("{shader} has no entry {entry}"));
    let pipeline_file = pipeline_path(shader, entry);
    let pipeline = interp::parse_pipeline(&std::fs::read_to_string(&pipeline_file).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", pipeline_file.display()));
    let out = hlslc_in_corpus()
        .arg("run")
        .arg("--pipeline")
        .arg(&pipeline_file)
        .args(["-T", &profile, "-E", entry])
        .args(h.flags())
        .arg(&source)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if let Some((_, _, missing)) = PENDING_LOWERING
        .iter()
        .find(|(s, e, _)| *s == shader && *e == entry)
    {
        assert!(
            !out.status.success(),
            "{shader} {entry} runs now: move it out of PENDING_LOWERING in corpus_run/main.rs so \
             its results are checked"
        );
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(
            stderr.contains("E3001") && stderr.contains(missing),
            "{shader} {entry} should still fail to lower with E3001 ({missing}); if it fails \
             otherwise now, update PENDING_LOWERING:\n{stderr}"
        );
        return;
    }
    assert!(
        out.status.success(),
        "hlslc run {shader} {entry} failed ({:?}):\n{stderr}",
        out.status.code()
    );
    let json: Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("{shader} {entry}: output is not JSON ({e}):\n{stdout}"));
    let buffers = json["buffers"].as_object().cloned().unwrap_or_default();
    let run = Run { pipeline, buffers };
    if let Some((_, _, bug)) = WRONG_RESULTS
        .iter()
        .find(|(s, e, _)| *s == shader && *e == entry)
    {
        let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&run)));
        assert!(
            checked.is_err(),
            "{shader} {entry} computes the expected values now: remove it from WRONG_RESULTS \
             in corpus_run/main.rs (it was listed for: {bug})"
        );
        return;
    }
    check(&run);
}
