//! `[WaveSize]` arguments naming `static const` constants reach the IR's `wave_size` mode, as
//! DXC evaluates them (a named size was dropped: no mode at all). Each module is verified.

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
