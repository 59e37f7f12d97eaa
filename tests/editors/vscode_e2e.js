// The VS Code end-to-end test: installs the extension's .vsix into code-server, drives the
// workbench in Debian's Chromium through playwright-core, and checks what a user sees: the HLSL
// language mode, the syntax error's squiggle, a hover on a macro use, the "HLSL: Show Syntax Tree"
// and "HLSL: Show SPIR-V" panes beside the editor, and the squiggle going away after the fix.
// Saves docs/vscode-spirv-pane.png. Every wait is bounded; the temporary dir, code-server and
// Chromium are torn down on every exit path. Prints one line per check, a JSON summary of the
// phase timings, and `N passed, M failed` last; exits non-zero on failure.
//
// Usage: node vscode_e2e.js --vsix FILE --code-server DIR --playwright DIR [--screenshot FILE]
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const net = require('net');
const http = require('http');
const { spawn, execFileSync } = require('child_process');

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const ROOT = path.resolve(__dirname, '..', '..');
const vsix = path.resolve(args.vsix || '');
const codeServerDir = path.resolve(args['code-server'] || '');
const { chromium } = require(path.join(path.resolve(args.playwright || ''), 'node_modules', 'playwright-core'));
const screenshotPath = path.resolve(args.screenshot || path.join(ROOT, 'docs', 'vscode-spirv-pane.png'));
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

let passed = 0;
let failed = 0;
const timings = {};
const notes = {};
function check(name, ok, detail) {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok' : 'not ok'} - ${name}${!ok && detail ? `: ${String(detail).slice(0, 400)}` : ''}`);
  return ok;
}
async function phase(name, fn) {
  const t0 = Date.now();
  try {
    return await fn();
  } finally {
    timings[name] = Date.now() - t0;
  }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Polls `fn` until it returns a truthy value or `ms` pass; returns the last value. */
async function until(ms, fn, every = 100) {
  const end = Date.now() + ms;
  let v;
  while (Date.now() < end) {
    v = await fn();
    if (v) return v;
    await sleep(every);
  }
  return v;
}
/** Monaco draws spaces as U+00A0. */
const plain = (s) => (s || '').replace(/\u00a0/g, ' ');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
function httpOk(url) {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode >= 200 && res.statusCode < 400);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => { req.destroy(); resolve(false); });
  });
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hlsl-vscode-'));
const dirs = {
  userData: path.join(tmp, 'user-data'),
  extensions: path.join(tmp, 'extensions'),
  ws: path.join(tmp, 'ws'),
  profile: path.join(tmp, 'chromium-profile'),
  xdg: path.join(tmp, 'xdg'),
};
for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });
const env = {
  ...process.env,
  XDG_CONFIG_HOME: path.join(dirs.xdg, 'config'),
  XDG_DATA_HOME: path.join(dirs.xdg, 'data'),
  XDG_CACHE_HOME: path.join(dirs.xdg, 'cache'),
  XDG_STATE_HOME: path.join(dirs.xdg, 'state'),
};
// The server must come from the .vsix (bundled), not from PATH or a setting.
const codeServerEntry = path.join(codeServerDir, 'out', 'node', 'entry.js');
const commonArgs = ['--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions, '--config', path.join(tmp, 'config.yaml')];

let serverProc;
let context;
let page;
async function teardown() {
  if (context) await context.close().catch(() => {});
  if (serverProc && serverProc.exitCode === null) {
    try { process.kill(-serverProc.pid, 'SIGTERM'); } catch { /* gone */ }
    const gone = await until(3000, () => serverProc.exitCode !== null || serverProc.signalCode !== null);
    if (!gone) try { process.kill(-serverProc.pid, 'SIGKILL'); } catch { /* gone */ }
  }
  if (!process.env.KEEP_TMP) fs.rmSync(tmp, { recursive: true, force: true });
  else console.log(`# kept ${tmp}`);
}

async function main() {
  fs.cpSync(path.join(ROOT, 'tests', 'editors', 'fixtures', 'workspace'), dirs.ws, { recursive: true });
  fs.mkdirSync(path.join(dirs.userData, 'User'), { recursive: true });
  fs.writeFileSync(path.join(dirs.userData, 'User', 'settings.json'), JSON.stringify({
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'workbench.colorTheme': 'Default Dark Modern',
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'security.workspace.trust.enabled': false,
    'git.enabled': false,
    'editor.minimap.enabled': false,
    'editor.hover.delay': 150,
    'chat.commandCenter.enabled': false,
    'window.commandCenter': false,
    'hlsl-analyzer.views.refreshDelay': 200,
    '[spirv]': { 'editor.wordWrap': 'on' },
    'hlsl-analyzer.trace.server': 'messages',
    // The settings step replaces the text of settings.json: nothing may be added while inserting.
    'editor.autoClosingBrackets': 'never',
    'editor.autoClosingQuotes': 'never',
    'editor.autoIndent': 'none',
    'editor.formatOnType': false,
  }, null, 2));
  fs.writeFileSync(path.join(tmp, 'config.yaml'), 'auth: none\ncert: false\n');

  await phase('installExtension', async () => {
    const out = execFileSync(process.execPath, [codeServerEntry, ...commonArgs, '--install-extension', vsix], { env, encoding: 'utf8', timeout: 60000 });
    check('the .vsix installs into code-server', /successfully installed/i.test(out), out);
  });

  const port = await freePort();
  await phase('startServer', async () => {
    serverProc = spawn(process.execPath, [codeServerEntry, ...commonArgs, '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none',
      '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override', dirs.ws],
    { env, detached: true, stdio: ['ignore', fs.openSync(path.join(tmp, 'code-server.log'), 'a'), fs.openSync(path.join(tmp, 'code-server.log'), 'a')] });
    const up = await until(30000, () => httpOk(`http://127.0.0.1:${port}/healthz`), 200);
    if (!check('code-server answers on a free loopback port', up)) throw new Error('code-server did not start');
  });

  page = await phase('launchBrowser', async () => {
    context = await chromium.launchPersistentContext(dirs.profile, {
      executablePath: chromiumPath,
      headless: true,
      viewport: { width: 1440, height: 810 },
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-extensions'],
      env,
      timeout: 30000,
    });
    return context.pages()[0] || (await context.newPage());
  });
  page.setDefaultTimeout(15000);

  await phase('loadWorkbench', async () => {
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(dirs.ws)}`, { timeout: 30000 });
    await page.waitForSelector('.monaco-workbench .part.editor', { timeout: 60000 });
    await page.waitForSelector('.statusbar', { timeout: 30000 });
    // Keyboard shortcuts go to the focused element: focus the workbench first.
    await page.locator('.part.editor').first().click({ position: { x: 200, y: 200 } });
  });

  // Monaco marks each editor with the URI of its model.
  const sourceEditor = '.monaco-editor[data-uri$="/lit_ps.hlsl"]';
  const paneEditor = '.monaco-editor[data-uri^="hlsl-analyzer-view:"]';
  /** The text of the elements `selector` matches now (no auto-wait, unlike locators). */
  async function textOf(selector) {
    const texts = await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((e) => e.innerText), selector).catch((e) => {
      if (process.env.DEBUG_E2E) console.log(`# textOf ${selector}: ${e}`);
      return [];
    });
    return plain(texts.join('\n'));
  }
  const sourceTextOf = (editor) => textOf(`${editor} .view-lines`);
  const sourceText = () => sourceTextOf(sourceEditor);
  const hoverText = () => textOf('.monaco-editor .monaco-hover:not(.hidden)');

  await phase('openFile', async () => {
    // A click in the Explorer opens the file (Quick Open depends on the file search being ready).
    const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'lit_ps.hlsl' }).first();
    await row.waitFor({ state: 'visible', timeout: 30000 });
    await row.dblclick();
    const ok = await until(30000, async () => (await sourceText()).includes('TINT_STRENGTH'));
    check('the shader opens from the Explorer', ok);
    const mode = await until(10000, async () => {
      const items = await page.locator('.statusbar-item').allInnerTexts();
      return items.find((t) => /(^|\W)HLSL$/.test(plain(t).trim()));
    });
    check('the language mode is HLSL', mode, 'status bar has no "HLSL" item');
    // TextMate colouring: `float4` and `return` get colours that differ from plain text.
    // Colouring is asynchronous: wait until the lines are split into tokens.
    const colours = await until(10000, () => page.evaluate((sel) => {
      const out = { spans: document.querySelectorAll(`${sel} .view-line span span`).length };
      for (const span of document.querySelectorAll(`${sel} .view-line span span`)) {
        const t = span.textContent.replace(/\u00a0/g, ' ').trim();
        if (['float4', 'return', 'tint', 'TEXCOORD0', 'SV_Target'].includes(t)) out[t] = getComputedStyle(span).color;
      }
      return out;
    }, sourceEditor).then((c) => (c.float4 && c.tint ? c : false)));
    notes.colours = colours;
    check('the grammar colours keywords, types and semantics', colours.float4 && colours.return && colours.float4 !== colours.tint && colours.return !== colours.tint && colours.SV_Target !== colours.tint, JSON.stringify(colours));
  });

  await phase('diagnostic', async () => {
    const squiggle = await until(30000, () => page.locator(`${sourceEditor} .squiggly-error`).count());
    check('the syntax error shows a squiggle', squiggle > 0);
  });

  // The real mouse over the macro use on line 14; the keyboard (Ctrl+K Ctrl+I) if no hover shows.
  async function hoverMacro(label) {
    return hoverOn(/^TINT_STRENGTH$/, 'TINT_STRENGTH', '#define TINT_STRENGTH 0.5', label);
  }
  /** Hovers the lowest token matching `pattern` and waits for a hover holding `wanted`. */
  async function hoverOn(pattern, name, wanted, label) {
    const token = page.locator(`${sourceEditor} .view-line span span`, { hasText: pattern });
    const text = await until(20000, async () => {
      const boxes = await token.evaluateAll((els) => els.map((e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; }));
      const box = boxes.sort((a, b) => b.y - a.y)[0]; // the use (line 14), below the #define
      if (!box) return false;
      await page.mouse.move(box.x + box.w / 2, box.y + box.h / 2, { steps: 3 });
      let hover = await until(3000, async () => { const h = await hoverText(); return h.includes(wanted) && h; });
      notes.hoverMethod = 'mouse';
      if (!hover) {
        await page.mouse.click(box.x + box.w / 2, box.y + box.h / 2);
        await page.keyboard.press('Control+K');
        await page.keyboard.press('Control+I');
        notes.hoverMethod = 'keyboard';
        hover = await until(3000, async () => { const h = await hoverText(); return h.includes(wanted) && h; });
      }
      return hover;
    }, 500);
    notes[`hover ${name}`] = text;
    check(label, text && text.includes(wanted), text);
    await page.keyboard.press('Escape');
    await page.mouse.move(5, 400);
  }
  await phase('hover', () => hoverMacro('the hover on a macro use shows its definition'));

  async function runCommand(title) {
    await page.keyboard.press('F1');
    await page.waitForSelector('.quick-input-widget .quick-input-box input', { state: 'visible', timeout: 10000 });
    await page.keyboard.type(title, { delay: 5 });
    const row = await until(10000, async () => {
      const rows = await page.locator('.quick-input-list .monaco-list-row').allInnerTexts().catch(() => []);
      return rows.some((r) => plain(r).includes(title));
    });
    if (!row) {
      await page.keyboard.press('Escape');
      return false;
    }
    await page.keyboard.press('Enter');
    return true;
  }
  /** The text of the editor in the second group (the pane beside the source). */
  async function paneText() {
    return textOf(`${paneEditor} .view-lines`);
  }
  async function tabLabels() {
    return page.locator('.tabs-container .tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('aria-label')));
  }

  await phase('syntaxTreePane', async () => {
    check('"HLSL: Show Syntax Tree" is in the palette', await runCommand('HLSL: Show Syntax Tree'));
    const text = await until(15000, async () => {
      const t = await paneText();
      return /^SOURCE_FILE@0\.\.\d+/.test(t) && t.includes('COMMENT@0..90 "// Fixture of the editor tests') ? t : false;
    });
    notes.syntaxTree = (text || (await paneText())).split('\n').slice(0, 6).join(' | ');
    check('the Syntax Tree pane opens beside the editor with the tree', text, notes.syntaxTree);
    const labels = await tabLabels();
    notes.tabs = labels;
    check('the pane tab is named after the file and the view', labels.some((l) => l && l.includes('lit_ps.hlsl · Syntax Tree')), JSON.stringify(labels));
    const focused = await page.evaluate((sel) => !!document.activeElement && !!document.activeElement.closest(sel), sourceEditor);
    check('the source editor keeps the focus', focused);
  });

  await phase('spirvPane', async () => {
    check('"HLSL: Show SPIR-V" is in the palette', await runCommand('HLSL: Show SPIR-V'));
    const text = await until(15000, async () => {
      const t = await paneText();
      // The fixture still has its syntax error here: the server says so instead of SPIR-V.
      return t.includes('OpCapability') || t.includes('the file has errors') ? t : false;
    });
    notes.spirv = (text || (await paneText())).slice(0, 200);
    check('the SPIR-V pane answers (disassembly, or that the file has errors)', text, notes.spirv);
  });

  await phase('fixError', async () => {
    // A click right of the text on line 13 (inside the source editor) puts the cursor at its end.
    const line = await page.locator(`${sourceEditor} .view-line`, { hasText: 'Albedo.Sample(' }).first().boundingBox();
    const editorBox = await page.locator(sourceEditor).first().boundingBox();
    await page.mouse.click(editorBox.x + editorBox.width - 60, line.y + line.height / 2);
    await page.keyboard.press('End');
    await page.keyboard.type(';');
    const gone = await until(30000, async () => (await page.locator(`${sourceEditor} .squiggly-error`).count()) === 0);
    check('the squiggle goes away after the fix', gone);
    const fixed = (await sourceText()).split('\n').find((l) => l.includes('Albedo.Sample('));
    check('the fix is in the editor', fixed && fixed.trimEnd().endsWith(';'), fixed);
    // The open SPIR-V pane refreshes after the edit and now holds real SPIR-V.
    const spirv = await until(30000, async () => {
      const t = await paneText();
      return t.includes('OpCapability Shader') && t.includes('OpEntryPoint Fragment') ? t : false;
    });
    notes.spirvAfterFix = (spirv || (await paneText())).slice(0, 200);
    check('the SPIR-V pane refreshes to the disassembly of the fixed shader', spirv, notes.spirvAfterFix);
  });

  // With the error fixed, semantic analysis runs: hovering a local shows its type.
  await phase('hoverType', () => hoverOn(/^tint$/, 'tint', 'float3', 'the hover on a local shows its type'));

  await phase('screenshot', async () => {
    await page.keyboard.press('Control+B'); // hide the side bar: more room for the two editors
    await page.mouse.move(5, 400);
    await sleep(500);
    fs.mkdirSync(path.dirname(screenshotPath), { recursive: true });
    await page.screenshot({ path: screenshotPath });
    check('the screenshot is saved', fs.statSync(screenshotPath).size > 10000);
  });

  await phase('serverDiscovery', async () => {
    // The extension's output channel names the server it started and where it found it.
    const logs = [];
    const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else if (e.name.endsWith('hlsl-analyzer.log')) logs.push(p); } };
    walk(path.join(dirs.userData, 'logs'));
    const text = logs.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    const used = (text.match(/hlsl-analyzer: using .*/) || [''])[0];
    notes.serverUsed = used;
    check('the extension starts the server bundled in the .vsix', /\/server\/hlsl-analyzer \(hlsl-analyzer [^)]*, from bundled\)/.test(used), used || `no "using" line in ${logs.length} log files`);
  });

  await phase('irPane', async () => {
    check('"HLSL: Show IR of Function" is in the palette', await runCommand('HLSL: Show IR of Function'));
    const text = await until(15000, async () => {
      const t = await paneText();
      return t.includes('func @main_body(') ? t : false;
    });
    notes.ir = (text || (await paneText())).slice(0, 160);
    check('the IR pane shows the IR of the entry point', text, notes.ir);
  });

  await phase('restartServer', async () => {
    check('"HLSL: Restart Server" is in the palette', await runCommand('HLSL: Restart Server'));
    await sleep(1000);
    await hoverMacro('the hover works again after the restart');
  });

  await phase('settingsChange', async () => {
    await page.keyboard.press('Control+B'); // the side bar again
    const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'needs_define.hlsl' }).first();
    await row.waitFor({ state: 'visible', timeout: 15000 });
    await row.dblclick();
    const editor = '.monaco-editor[data-uri$="/needs_define.hlsl"]';
    const shown = await until(30000, async () => (await page.locator(`${editor} .squiggly-error`).count()) > 0);
    check('#error squiggles while the settings do not define EDITOR_DEFINE', shown);
    // Edit the user settings as a user does: open settings.json, replace its text, save.
    const file = path.join(dirs.userData, 'User', 'settings.json');
    const settings = JSON.parse(fs.readFileSync(file, 'utf8'));
    settings['hlsl-analyzer.defines'] = { EDITOR_DEFINE: 1 };
    check('"Preferences: Open User Settings (JSON)" is in the palette', await runCommand('Preferences: Open User Settings (JSON)'));
    const settingsEditor = '.monaco-editor[data-uri$="/User/settings.json"]';
    await page.locator(`${settingsEditor} .view-lines`).first().waitFor({ state: 'visible', timeout: 15000 });
    await page.locator(`${settingsEditor} .view-lines`).first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(JSON.stringify(settings));
    // The JSON editor may still have auto-closed the first `{` and `"`: drop what follows the cursor.
    await page.keyboard.press('Control+Shift+End');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Control+S');
    await sleep(500);
    let saved = '';
    const parsed = await until(10000, () => {
      saved = fs.readFileSync(file, 'utf8');
      try { return JSON.parse(saved)['hlsl-analyzer.defines']; } catch { return false; }
    }, 200);
    check('settings.json is saved as valid JSON with the define', parsed, saved.slice(-120));
    await row.dblclick(); // back to the shader
    const problems = async () => plain(await textOf('#status\\.problems')).replace(/\s+/g, ' ').trim();
    const gone = await until(30000, async () => (await sourceTextOf(editor)).includes('EDITOR_DEFINE') &&
      (await page.locator(`${editor} .squiggly-error`).count()) === 0 && /^0 0$/.test(await problems()));
    notes.problemsAfterSettings = await problems();
    check('the #error goes once the settings define it (no restart)', gone, `problems: ${notes.problemsAfterSettings}`);
  });
}

(async () => {
  const t0 = Date.now();
  const hardLimit = setTimeout(() => {
    console.log('not ok - the run finished within 240 s');
    failed++;
    teardown().finally(() => { console.log(`${passed} passed, ${failed} failed`); process.exit(1); });
  }, 240000);
  try {
    await main();
  } catch (e) {
    check('the run completes', false, e && e.stack ? e.stack.split('\n').slice(0, 3).join(' ') : e);
    if (page) {
      const eds = await page.evaluate(() => [...document.querySelectorAll('.monaco-editor')].map((e) => `${e.className} uri=${e.getAttribute('data-uri')} lines=${(e.querySelector('.view-lines') || {}).innerText?.length}`)).catch((x) => String(x));
      console.log('# editors in the DOM: ' + JSON.stringify(eds));
      const shot = path.join(process.env.KEEP_TMP ? tmp : os.tmpdir(), `hlsl-vscode-failure-${process.pid}.png`);
      await page.screenshot({ path: shot }).then(() => console.log(`# failure screenshot: ${shot}`)).catch(() => {});
    }
    try {
      console.log('# code-server log tail:\n' + fs.readFileSync(path.join(tmp, 'code-server.log'), 'utf8').split('\n').slice(-15).map((l) => `#   ${l}`).join('\n'));
    } catch { /* no log */ }
  }
  const tTear = Date.now();
  await teardown();
  clearTimeout(hardLimit);
  timings.teardown = Date.now() - tTear;
  timings.total = Date.now() - t0;
  console.log('# ' + JSON.stringify({ timings, ...notes }));
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
})();
