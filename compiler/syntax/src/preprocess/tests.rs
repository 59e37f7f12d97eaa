//! Tests of the preprocessor: an in-memory file loader and snapshots of a compact rendering.
