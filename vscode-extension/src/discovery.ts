// Finds the `hlsl-analyzer` binary: the `hlsl-analyzer.server.path` setting, then the server
// bundled in the extension (`server/hlsl-analyzer`), then `hlsl-analyzer` on PATH. Each candidate
// must answer `--version`; when none does, the error names every path tried and why it failed.
// Pure apart from the injected probe, so unit tests run under node without VS Code.

import * as path from 'path';
import * as fs from 'fs';
import * as os from 'os';
import { execFile } from 'child_process';

export const SERVER_NAME = 'hlsl-analyzer';

/** Runs `<binary> --version`; resolves to its first line, or rejects with a short reason. */
export type VersionProbe = (binary: string) => Promise<string>;

export interface DiscoveryInput {
  /** The `hlsl-analyzer.server.path` setting (may be empty or unset). */
  configuredPath?: string | null;
  /** The extension's install directory. */
  extensionPath: string;
  /** The PATH variable to search. */
  envPath?: string;
  /** The first workspace folder, for `${workspaceFolder}` in the setting. */
  workspaceFolder?: string;
  platform?: NodeJS.Platform;
  probe?: VersionProbe;
  isFile?: (p: string) => boolean;
}

export interface Attempt {
  source: 'setting' | 'bundled' | 'PATH';
  path: string;
  error?: string;
}

export interface Found {
  path: string;
  version: string;
  source: Attempt['source'];
  attempts: Attempt[];
}

export class ServerNotFoundError extends Error {
  constructor(readonly attempts: Attempt[]) {
    super(describeFailure(attempts));
    this.name = 'ServerNotFoundError';
  }
}

export function describeFailure(attempts: Attempt[]): string {
  const lines = attempts.map((a) => `  ${a.source}: ${a.path} (${a.error ?? 'not tried'})`);
  return (
    `hlsl-analyzer: no working language server found. Tried:\n${lines.join('\n')}\n` +
    'Set "hlsl-analyzer.server.path" to the hlsl-analyzer binary, or put it on PATH.'
  );
}

/** `~` and `${workspaceFolder}` in the setting, as users write them. */
export function expandConfiguredPath(p: string, workspaceFolder?: string): string {
  let out = p.trim();
  if (out === '~' || out.startsWith('~/')) out = path.join(os.homedir(), out.slice(1));
  if (workspaceFolder) out = out.split('${workspaceFolder}').join(workspaceFolder);
  return out;
}

/** The candidates in the order they are tried. */
export function candidates(input: DiscoveryInput): Attempt[] {
  const exe = (input.platform ?? process.platform) === 'win32' ? `${SERVER_NAME}.exe` : SERVER_NAME;
  const isFile = input.isFile ?? defaultIsFile;
  const list: Attempt[] = [];
  const configured = input.configuredPath?.trim();
  if (configured) {
    list.push({ source: 'setting', path: expandConfiguredPath(configured, input.workspaceFolder) });
  }
  list.push({ source: 'bundled', path: path.join(input.extensionPath, 'server', exe) });
  const dirs = (input.envPath ?? '').split(path.delimiter).filter((d) => d !== '');
  const onPath = dirs.map((d) => path.join(d, exe)).find((p) => isFile(p));
  list.push({ source: 'PATH', path: onPath ?? `${exe} (not on PATH)` });
  if (!onPath) list[list.length - 1].error = 'not found on PATH';
  return list;
}

export async function findServer(input: DiscoveryInput): Promise<Found> {
  const probe = input.probe ?? runVersion;
  const isFile = input.isFile ?? defaultIsFile;
  const attempts = candidates(input);
  for (const attempt of attempts) {
    if (attempt.error) continue;
    if (!isFile(attempt.path)) {
      attempt.error = 'no such file';
      continue;
    }
    try {
      const version = await probe(attempt.path);
      if (!version.startsWith(SERVER_NAME)) {
        attempt.error = `--version printed "${version}", not hlsl-analyzer's version`;
        continue;
      }
      return { path: attempt.path, version, source: attempt.source, attempts };
    } catch (e) {
      attempt.error = e instanceof Error ? e.message : String(e);
    }
  }
  throw new ServerNotFoundError(attempts);
}

function defaultIsFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** `binary --version`, with a timeout so a hung binary does not block activation. */
export function runVersion(binary: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(binary, ['--version'], { timeout: 5000 }, (err, stdout) => {
      if (err) {
        const code = (err as NodeJS.ErrnoException).code;
        reject(new Error(code === 'EACCES' ? 'not executable' : `--version failed: ${err.message.split('\n')[0]}`));
        return;
      }
      resolve(stdout.split('\n')[0].trim());
    });
  });
}
