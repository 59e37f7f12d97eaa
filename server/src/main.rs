//! `hlsl-analyzer`: the language server binary. With no arguments it speaks LSP on stdio;
//! `--version` and `--help` print and exit.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    match args.next().as_deref() {
        None | Some("--stdio") => match server::run_stdio() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("hlsl-analyzer: {e}");
                ExitCode::FAILURE
            }
        },
        Some("--version" | "-V") => {
            println!("hlsl-analyzer {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some("--help" | "-h") => {
            println!(
                "hlsl-analyzer {}: the HLSL language server\n\n\
                 Usage: hlsl-analyzer [--stdio]   serve LSP on stdin/stdout\n       \
                 hlsl-analyzer --version\n\n\
                 Configuration: hlsl-analyzer.toml at the workspace root (see server/README.md).",
                env!("CARGO_PKG_VERSION")
            );
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("hlsl-analyzer: unknown argument `{other}`; try --help");
            ExitCode::from(2)
        }
    }
}
