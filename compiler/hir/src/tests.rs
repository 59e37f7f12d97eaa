//! Snapshot tests of inference (`expr text : type` per expression) and diagnostics, and the
//! incremental tests (which queries re-run after an edit).

mod attr2;
mod attr_placement;
mod attributes;
mod buffer_pointer;
mod const_objects;
mod decl_rules;
mod decls;
mod default_values;
mod diagnostics;
mod engines_probe;
mod entries;
mod enums;
mod expressions;
mod ext2;
mod ext3;
mod ext_type;
mod filecheck_probe;
mod for_scope;
mod front4_probe;
mod front5_probe;
mod frontend_gaps;
mod gls4_rules;
mod glslang_suite;
mod hlsl_version;
mod incremental;
mod intrinsics;
mod items;
mod linked_lists;
mod local_declarations;
mod long_vectors;
mod member_functors;
mod names;
mod probe3_rules;
mod resource_methods;
mod resources;
mod robustness;
mod sampled_texture;
mod scalars;
mod sema_probe;
mod spirv_type;
mod statements;
mod static_asserts;
mod strings;
mod suites_probe;
mod switch_labels;
mod syntax_errors;
mod templates;
mod types;
mod vkd3d_rules;
mod vulkan;

use base_db::CompileConfig;
use syntax::line_index::LineIndex;
use syntax::PreprocessConfig;

use crate::test_db::TestDb;
use crate::{dump_inference, functions};

/// Infers `src` and prints every function's expressions with their types.
pub(crate) fn infer_text(src: &str) -> String {
    infer_with(&mut TestDb::new(), src)
}

fn infer_with(db: &mut TestDb, src: &str) -> String {
    infer_with_config(db, src, PreprocessConfig::default())
}

/// Like `check_infer`, compiled with `-enable-16bit-types`.
pub(crate) fn check_infer_16bit(src: &str, expect: expect_test::Expect) {
    let config = PreprocessConfig {
        enable_16bit_types: true,
        ..PreprocessConfig::default()
    };
    expect.assert_eq(&infer_with_config(&mut TestDb::new(), src, config));
}

fn infer_with_config(db: &mut TestDb, src: &str, config: PreprocessConfig) -> String {
    let file = db.set_file_text("/t/main.hlsl", src);
    let db = &*db;
    let config = CompileConfig::new(db, config);
    let mut out = String::new();
    let tree = crate::item_tree::item_tree(db, file, config);
    for f in functions(db, file, config) {
        let name = tree
            .by_ast(f.ast(db))
            .map(|i| tree.item(i).name.clone())
            .unwrap_or_default();
        out.push_str(&format!("fn {name}:\n"));
        out.push_str(&dump_inference(db, f));
    }
    out
}

/// The semantic diagnostics of `src`, one per line with related notes indented.
pub(crate) fn diagnostics_text(src: &str) -> String {
    diagnostics_with_entries(src, &[])
}

/// The semantic diagnostics of `src` compiled with the entry points `(name, profile)` named
/// in the configuration (as `-E`/`-T` or the workspace configuration do).
pub(crate) fn diagnostics_with_entries(src: &str, entries: &[(&str, &str)]) -> String {
    diagnostics_in(&mut TestDb::new(), src, entries)
}

/// Like `check_diagnostics`, with the real intrinsic table (`HlslIntrinsics`) behind calls.
pub(crate) fn check_diagnostics_hlsl(src: &str, expect: expect_test::Expect) {
    let mut db = TestDb::with_intrinsics(std::sync::Arc::new(crate::HlslIntrinsics));
    expect.assert_eq(&diagnostics_in(&mut db, src, &[]));
}

fn diagnostics_in(db: &mut TestDb, src: &str, entries: &[(&str, &str)]) -> String {
    let file = db.set_file_text("/t/main.hlsl", src);
    let db = &*db;
    let config = config_with_entries(db, entries);
    let index = LineIndex::new(src);
    let pos = |r: syntax::TextRange| {
        let lc = index.line_col(r.start());
        format!("{}:{}", lc.line + 1, lc.col + 1)
    };
    let mut out = String::new();
    for d in crate::diagnostics::diagnostics(db, file, config) {
        let text = src
            .get(std::ops::Range::<usize>::from(d.range))
            .unwrap_or("?");
        out.push_str(&format!(
            "{} {} `{text}`: {}\n",
            d.code,
            pos(d.range),
            d.message
        ));
        for r in &d.related {
            out.push_str(&format!(
                "  note {} `{}`: {}\n",
                pos(r.range),
                &src[r.range],
                r.message
            ));
        }
    }
    out
}

/// A configuration naming the entry points `(name, profile)`.
pub(crate) fn config_with_entries(db: &TestDb, entries: &[(&str, &str)]) -> CompileConfig {
    let entries = entries
        .iter()
        .map(|(name, profile)| base_db::EntryPointConfig {
            name: (*name).to_owned(),
            target: syntax::preprocess::ShaderTarget::from_profile(profile).unwrap(),
        })
        .collect();
    CompileConfig::builder(PreprocessConfig::default())
        .entry_points(entries)
        .new(db)
}

pub(crate) fn check_infer(src: &str, expect: expect_test::Expect) {
    expect.assert_eq(&infer_text(src));
}

/// Like `check_infer`, with the real intrinsic table (`HlslIntrinsics`) behind calls.
pub(crate) fn check_infer_hlsl(src: &str, expect: expect_test::Expect) {
    let mut db = TestDb::with_intrinsics(std::sync::Arc::new(crate::HlslIntrinsics));
    expect.assert_eq(&infer_with(&mut db, src));
}

pub(crate) fn check_diagnostics(src: &str, expect: expect_test::Expect) {
    expect.assert_eq(&diagnostics_text(src));
}
