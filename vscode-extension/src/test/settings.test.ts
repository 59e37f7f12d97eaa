// Unit tests of the mapping from VS Code settings to the server's settings layer, and of the
// pane URIs and texts.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { configurationPayload, toServerSettings } from '../settings';
import { paneErrorText, paneText, paneUriParts, parsePaneQuery, VIEWS } from '../views';

test('defaults send nothing, so hlsl-analyzer.toml stays in force', () => {
  assert.deepEqual(toServerSettings({ includeDirs: [], defines: {}, profile: null, targetEnv: '' }), {});
});

test('given settings are sent under the server names', () => {
  assert.deepEqual(
    configurationPayload({ includeDirs: ['include', ' shared '], defines: { A: 1, B: 'x', C: true }, profile: 'ps_6_0', targetEnv: 'vulkan1.2' }),
    { 'hlsl-analyzer': { includeDirs: ['include', 'shared'], defines: { A: 1, B: 'x', C: true }, profile: 'ps_6_0', targetEnv: 'vulkan1.2' } },
  );
});

test('defines accept the -D list form', () => {
  assert.deepEqual(toServerSettings({ defines: ['A=2', 'B', '', '=x', 7] }).defines, { A: '2', B: 1 });
});

test('non-integer numbers and odd values in defines are handled', () => {
  assert.deepEqual(toServerSettings({ defines: { F: 1.5, N: null, O: {} } }).defines, { F: '1.5' });
});

test('wrong types are dropped rather than sent', () => {
  assert.deepEqual(toServerSettings({ includeDirs: 'include', profile: 3, targetEnv: {} }), {});
});

test('pane URIs round-trip the view and the source', () => {
  for (const view of VIEWS) {
    const parts = paneUriParts(view, 'file:///w/a b.hlsl?x=1&y', 'a b.hlsl');
    assert.equal(parts.path, `/a b.hlsl · ${view.title}`);
    const back = parsePaneQuery(parts.query);
    assert.equal(back?.view.kind, view.kind);
    assert.equal(back?.source, 'file:///w/a b.hlsl?x=1&y');
  }
  assert.equal(parsePaneQuery('view=nope&source=x'), undefined);
});

test('every command has its own view and the IR views differ by `optimized`', () => {
  assert.equal(new Set(VIEWS.map((v) => v.command)).size, VIEWS.length);
  const ir = VIEWS.filter((v) => v.method === 'hlsl-analyzer/viewIr');
  assert.deepEqual(ir.map((v) => v.extra?.optimized), [false, true]);
});

test('pane texts show the server text or its error message', () => {
  assert.equal(paneText('not supported yet: x'), 'not supported yet: x');
  assert.equal(paneText({ text: 'T' }), 'T');
  assert.match(paneText(null), /no text/);
  assert.equal(paneErrorText('hlsl-analyzer/viewMsl', new Error('Method not found')), 'hlsl-analyzer: hlsl-analyzer/viewMsl failed: Method not found\n');
});
