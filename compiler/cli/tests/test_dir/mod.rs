//! A temporary directory for one test's files (`/tmp/hlslc-<name>-<pid>-<n>`), removed with
//! everything in it when the guard is dropped, a failing test's unwinding included, so that
//! a run of the test suite leaves nothing behind. Shared by the `hlslc` end-to-end tests
//! (`mod test_dir;`, or `#[path]` from a test folder).

#![allow(dead_code)] // each test file uses a part

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh, empty directory, removed on drop.
pub struct TestDir(PathBuf);

impl TestDir {
    /// A new directory whose name starts with `hlslc-<name>-`; unique within the process.
    pub fn new(name: &str) -> TestDir {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("hlslc-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TestDir(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// Writes `text` to `name` in the directory (creating its folders) and returns its path.
    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl std::ops::Deref for TestDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TestDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_test_dir_is_removed_when_dropped() {
    let dir = TestDir::new("test-dir-guard");
    let file = dir.write("a/b.txt", "x");
    assert!(file.exists());
    let path = dir.path().to_owned();
    drop(dir);
    assert!(!path.exists());
}
