// Copies the Linux x64 hlsl-analyzer binary into server/ for `npm run package`, from
// $HLSL_ANALYZER_SERVER if set, else from the cargo target dir ($CARGO_TARGET_DIR or ../target),
// release before debug. Fails loudly when no binary is found, so a .vsix never ships without one.
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const targetDir = process.env.CARGO_TARGET_DIR || path.join(root, '..', 'target');
const tried = process.env.HLSL_ANALYZER_SERVER
  ? [process.env.HLSL_ANALYZER_SERVER]
  : ['release', 'debug'].map((p) => path.join(targetDir, p, 'hlsl-analyzer'));
const from = tried.find((p) => fs.existsSync(p));
if (!from) {
  console.error(`bundle-server: no hlsl-analyzer binary; tried ${tried.join(', ')}.\n` +
    'Build it (cargo build -p server) or set HLSL_ANALYZER_SERVER to its path.');
  process.exit(1);
}
const version = execFileSync(from, ['--version'], { encoding: 'utf8' }).trim();
if (!version.startsWith('hlsl-analyzer')) {
  console.error(`bundle-server: ${from} --version printed "${version}"`);
  process.exit(1);
}
const dest = path.join(root, 'server', 'hlsl-analyzer');
fs.mkdirSync(path.dirname(dest), { recursive: true });
fs.copyFileSync(from, dest);
fs.chmodSync(dest, 0o755);
console.log(`bundle-server: ${from} (${version}) -> server/hlsl-analyzer`);
