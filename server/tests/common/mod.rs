//! A small LSP client for the end-to-end tests and the latency benchmark: it starts the real
//! `hlsl-analyzer` binary, frames JSON-RPC messages with `Content-Length`, matches responses
//! to requests, answers the server's own requests, and keeps notifications until a test asks
//! for them. Every wait has a deadline, so no test can hang.

#![allow(dead_code)] // each test binary uses a different part

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// How long any single wait may take before the test fails.
pub const TIMEOUT: Duration = Duration::from_secs(60);

pub struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    next_id: i64,
    /// Notifications received and not yet taken, oldest first.
    pub notifications: Vec<Value>,
    /// Responses received while waiting for something else, by request id.
    responses: std::collections::HashMap<i64, Value>,
    /// What this client answers to `workspace/configuration`.
    pub settings: Value,
}

impl Client {
    /// Starts the server and initializes it with `root` as the workspace folder.
    pub fn start(root: &Path, initialization_options: Value) -> (Client, Value) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hlsl-analyzer"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start hlsl-analyzer");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, incoming) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            incoming,
            next_id: 1,
            notifications: Vec::new(),
            responses: std::collections::HashMap::new(),
            settings: Value::Null,
        };
        let root_uri = uri(root);
        let result = client
            .request(
                "initialize",
                json!({
                    "processId": null,
                    "rootUri": root_uri,
                    "workspaceFolders": [{ "uri": root_uri, "name": "test" }],
                    "initializationOptions": initialization_options,
                    "capabilities": {
                        "workspace": {
                            "didChangeWatchedFiles": { "dynamicRegistration": true },
                            "configuration": true
                        },
                        "textDocument": { "publishDiagnostics": { "versionSupport": true } }
                    }
                }),
            )
            .expect("initialize");
        client.notify("initialized", json!({}));
        (client, result)
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and waits for its response: `Ok(result)` or `Err(error object)`.
    pub fn request(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        let id = self.send_request(method, params);
        self.response(id)
    }

    /// Sends a request without waiting; `response` collects the answer.
    pub fn send_request(&mut self, method: &str, params: Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        id
    }

    /// Waits for the response to request `id`.
    pub fn response(&mut self, id: i64) -> Result<Value, Value> {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(message) = self.responses.remove(&id) {
                return match message.get("error") {
                    Some(error) => Err(error.clone()),
                    None => Ok(message["result"].clone()),
                };
            }
            let message = self
                .next_message(deadline)
                .unwrap_or_else(|| panic!("no response to request {id} within {TIMEOUT:?}"));
            self.keep(message);
        }
    }

    fn keep(&mut self, message: Value) {
        if message.get("method").is_some() {
            self.notifications.push(message);
        } else if let Some(id) = message["id"].as_i64() {
            self.responses.insert(id, message);
        }
    }

    /// Waits for a notification `method` that `accept` takes, and removes it (and every
    /// earlier notification of the same method) from the buffer.
    pub fn wait_for(&mut self, method: &str, accept: impl Fn(&Value) -> bool) -> Value {
        self.try_wait_for(method, accept, TIMEOUT)
            .unwrap_or_else(|| panic!("no `{method}` notification within {TIMEOUT:?}"))
    }

    pub fn try_wait_for(
        &mut self,
        method: &str,
        accept: impl Fn(&Value) -> bool,
        timeout: Duration,
    ) -> Option<Value> {
        let deadline = Instant::now() + timeout;
        let mut scanned = 0;
        loop {
            while scanned < self.notifications.len() {
                let n = &self.notifications[scanned];
                if n["method"] == method && accept(&n["params"]) {
                    let found = n["params"].clone();
                    let mut i = 0;
                    self.notifications.retain(|m| {
                        i += 1;
                        i > scanned + 1 || m["method"] != method
                    });
                    return Some(found);
                }
                scanned += 1;
            }
            let message = self.next_message(deadline)?;
            self.keep(message);
        }
    }

    /// The diagnostics published for `uri` at `version` (or later).
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let params = self.wait_for("textDocument/publishDiagnostics", |p| {
            p["uri"] == uri && p["version"].as_i64().is_some_and(|v| v >= version)
        });
        params["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    pub fn open(&mut self, uri: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": {
                "uri": uri, "languageId": "hlsl", "version": version, "text": text
            }}),
        );
    }

    /// Sends one incremental change replacing `((l0, c0), (l1, c1))` (UTF-16) with `text`.
    pub fn change(&mut self, uri: &str, version: i64, range: [(u32, u32); 2], text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{ "range": range_json(range), "text": text }]
            }),
        );
    }

    /// Sends a full-text change.
    pub fn replace_all(&mut self, uri: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{ "text": text }]
            }),
        );
    }

    /// Asks the server to shut down and exit, and waits for the process to end.
    pub fn shutdown(mut self) {
        let _ = self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + TIMEOUT;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "hlsl-analyzer exited with {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("hlsl-analyzer did not exit within {TIMEOUT:?}");
    }

    /// Whether the server process is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len())
            .and_then(|_| self.stdin.flush())
            .expect("write to hlsl-analyzer");
    }

    /// The next message, answering the server's requests on the way.
    fn next_message(&mut self, deadline: Instant) -> Option<Value> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = match self.incoming.recv_timeout(left) {
                Ok(m) => m,
                Err(RecvTimeoutError::Timeout) => return None,
                Err(RecvTimeoutError::Disconnected) => panic!("hlsl-analyzer closed its output"),
            };
            if message.get("id").is_some() && message.get("method").is_some() {
                // A request from the server (registerCapability...): accept it.
                let result = if message["method"] == "workspace/configuration" {
                    json!([self.settings])
                } else {
                    Value::Null
                };
                self.send(&json!({ "jsonrpc": "2.0", "id": message["id"], "result": result }));
                continue;
            }
            return Some(message);
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length:") {
            length = value.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

pub fn range_json(range: [(u32, u32); 2]) -> Value {
    json!({
        "start": { "line": range[0].0, "character": range[0].1 },
        "end": { "line": range[1].0, "character": range[1].1 }
    })
}

pub fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// A directory under the system temp dir, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("hlsl-analyzer-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        // Canonical, so that paths the server derives match the ones the test builds.
        TempDir(path.canonicalize().unwrap())
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// Writes `text` to `name` (relative) and returns its URI.
    pub fn write(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap();
        }
        std::fs::write(&path, text).unwrap();
        uri(&path)
    }

    /// The URI of `name` (relative), whether or not it exists.
    pub fn uri(&self, name: &str) -> String {
        uri(&self.0.join(name))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fixed-seed generator (xorshift64*) for reproducible random edits.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The LSP position (line, UTF-16 column) of byte `offset` in `text`.
pub fn position(text: &str, offset: usize) -> (u32, u32) {
    let before = &text[..offset];
    let line = before.matches('\n').count() as u32;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].encode_utf16().count() as u32;
    (line, col)
}
