//! `[WaveSize]` reaches the IR as the compute entry's `wave_size` mode (the interpreter runs
//! waves of that many lanes; SPIR-V has no mode for it). SM 6.8's range form takes the
//! preferred size, else 32 clamped to the range. Each module is verified.

use std::sync::Arc;

use db::{NoSource, PreprocessConfig, RootDatabase};
use expect_test::expect;
use lower::ShaderStage;

/// The `entry` lines of the verified module of `text` lowered for each compute entry named.
fn entry_lines(text: &str, entries: &[&str]) -> String {
    let mut db = RootDatabase::new(Arc::new(NoSource));
    let file = db.set_file_text("/test.hlsl", Some(text.into()));
    let config = db.new_config(PreprocessConfig::default());
    let mut out = String::new();
    for entry in entries {
        let m = lower::lower_module(&db, file, config, entry, ShaderStage::Compute)
            .unwrap_or_else(|e| panic!("lowering failed: {e:?}"));
        let dump = ir::print_module(&m);
        assert!(ir::verify(&m).is_empty(), "{dump}");
        out.extend(
            dump.lines()
                .filter(|l| l.starts_with("entry "))
                .map(|l| l.to_owned() + "\n"),
        );
    }
    out
}

#[test]
fn wave_size_is_an_execution_mode_of_the_compute_entry() {
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
[WaveSize(16)] [numthreads(64, 1, 1)] void fixed(uint i : SV_GroupIndex) { Out[i] = WaveGetLaneCount(); }
[WaveSize(16, 64)] [numthreads(64, 1, 1)] void range(uint i : SV_GroupIndex) { Out[i] = 1; }
[WaveSize(8, 64, 16)] [numthreads(64, 1, 1)] void preferred(uint i : SV_GroupIndex) { Out[i] = 2; }
[numthreads(64, 1, 1)] void none(uint i : SV_GroupIndex) { Out[i] = 3; }
"#;
    // 16; 32 clamped to [16, 64] is 32; the preferred 16; no mode without the attribute.
    expect![[r#"
        entry compute "fixed" @fixed numthreads(64, 1, 1) wave_size(16) inputs(@g0) outputs()
        entry compute "range" @range numthreads(64, 1, 1) wave_size(32) inputs(@g0) outputs()
        entry compute "preferred" @preferred numthreads(64, 1, 1) wave_size(16) inputs(@g0) outputs()
        entry compute "none" @none numthreads(64, 1, 1) inputs(@g0) outputs()
    "#]]
    .assert_eq(&entry_lines(text, &["fixed", "range", "preferred", "none"]));
}

/// (eng4) Named constants as `[WaveSize]` arguments, as DXC evaluates them: a named size was
/// dropped (no mode at all).
#[test]
fn wave_size_arguments_may_name_constants() {
    let text = r#"
static const uint LANES = 16;
static const uint MIN_LANES = 8;
static const uint MAX_LANES = LANES * 4;
RWStructuredBuffer<uint> Out : register(u0);
[WaveSize(LANES)] [numthreads(64, 1, 1)] void named(uint i : SV_GroupIndex) { Out[i] = WaveGetLaneCount(); }
[WaveSize(MIN_LANES, MAX_LANES, LANES)] [numthreads(64, 1, 1)] void preferred(uint i : SV_GroupIndex) { Out[i] = 1; }
"#;
    expect![[r#"
        entry compute "named" @named numthreads(64, 1, 1) wave_size(16) inputs(@g0) outputs()
        entry compute "preferred" @preferred numthreads(64, 1, 1) wave_size(16) inputs(@g0) outputs()
    "#]]
    .assert_eq(&entry_lines(text, &["named", "preferred"]));
}
