// Unit tests of server discovery (setting, then bundled, then PATH; each checked with --version).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { candidates, expandConfiguredPath, findServer, ServerNotFoundError } from '../discovery';

const ext = '/ext';
const bundled = path.join(ext, 'server', 'hlsl-analyzer');

function fakeProbe(answers: Record<string, string | Error>) {
  const asked: string[] = [];
  const probe = async (p: string) => {
    asked.push(p);
    const a = answers[p];
    if (a instanceof Error) throw a;
    if (a === undefined) throw new Error('--version failed: exit 1');
    return a;
  };
  return { probe, asked };
}

test('the setting wins when it answers --version', async () => {
  const { probe, asked } = fakeProbe({ '/opt/hlsl-analyzer': 'hlsl-analyzer 0.1.0', [bundled]: 'hlsl-analyzer 0.0.9' });
  const found = await findServer({ configuredPath: '/opt/hlsl-analyzer', extensionPath: ext, envPath: '', probe, isFile: () => true });
  assert.equal(found.path, '/opt/hlsl-analyzer');
  assert.equal(found.source, 'setting');
  assert.equal(found.version, 'hlsl-analyzer 0.1.0');
  assert.deepEqual(asked, ['/opt/hlsl-analyzer']);
});

test('a broken setting falls through to the bundled server', async () => {
  const { probe } = fakeProbe({ [bundled]: 'hlsl-analyzer 0.1.0' });
  const found = await findServer({ configuredPath: '/nope', extensionPath: ext, envPath: '', probe, isFile: (p) => p !== '/nope' });
  assert.equal(found.source, 'bundled');
  assert.equal(found.attempts[0].error, 'no such file');
});

test('PATH is searched last, directory by directory', async () => {
  const onPath = path.join('/b', 'hlsl-analyzer');
  const { probe } = fakeProbe({ [onPath]: 'hlsl-analyzer 0.1.0' });
  const found = await findServer({
    extensionPath: ext,
    envPath: ['/a', '/b'].join(path.delimiter),
    probe,
    isFile: (p) => p === onPath,
  });
  assert.equal(found.path, onPath);
  assert.equal(found.source, 'PATH');
});

test('a binary whose --version is not hlsl-analyzer is refused', async () => {
  const { probe } = fakeProbe({ [bundled]: 'dxc 1.8' });
  await assert.rejects(
    findServer({ extensionPath: ext, envPath: '', probe, isFile: () => true }),
    (e: unknown) => e instanceof ServerNotFoundError && /dxc 1\.8/.test(e.message),
  );
});

test('the error names every path tried and why', async () => {
  const { probe } = fakeProbe({ '/opt/x': new Error('not executable') });
  try {
    await findServer({ configuredPath: '/opt/x', extensionPath: ext, envPath: '/bin', probe, isFile: (p) => p === '/opt/x' });
    assert.fail('expected an error');
  } catch (e) {
    assert.ok(e instanceof ServerNotFoundError);
    assert.match(e.message, /setting: \/opt\/x \(not executable\)/);
    assert.match(e.message, new RegExp(`bundled: ${bundled.replace(/[/\\]/g, '.')} \\(no such file\\)`));
    assert.match(e.message, /PATH: hlsl-analyzer \(not on PATH\) \(not found on PATH\)/);
    assert.match(e.message, /hlsl-analyzer\.server\.path/);
  }
});

test('candidates come in order and an empty setting is skipped', () => {
  const list = candidates({ configuredPath: '  ', extensionPath: ext, envPath: '', isFile: () => false });
  assert.deepEqual(list.map((a) => a.source), ['bundled', 'PATH']);
});

test('the setting expands ~ and ${workspaceFolder}', () => {
  assert.equal(expandConfiguredPath('${workspaceFolder}/target/debug/hlsl-analyzer', '/w'), '/w/target/debug/hlsl-analyzer');
  assert.ok(!expandConfiguredPath('~/bin/hlsl-analyzer').startsWith('~'));
});

test('windows looks for hlsl-analyzer.exe', () => {
  const list = candidates({ extensionPath: ext, envPath: '', platform: 'win32', isFile: () => false });
  assert.ok(list[0].path.endsWith('hlsl-analyzer.exe'));
});
