// Builds the web app and prints the gzipped JavaScript and CSS that two routes load on a first
// visit: the entry chunk, its static imports, the route's lazy chunk and that chunk's static imports
// (read from Vite's manifest). Budget for /auth/sign-in: 140 KB of gzipped JavaScript, what it
// loaded when issue 11 was filed; new screens are lazy and must not grow it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
const BUDGET_KB = 140;

if (!process.argv.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const routes = {
  '/auth/sign-in': 'src/features/auth/components/sign-in-page.tsx',
  '/modules': 'src/features/modules/components/modules-page.tsx',
};

function collect(key, seen) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const dep of chunk.imports ?? []) collect(dep, seen);
}

const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
/** What the server actually sends a browser that accepts brotli: the .br copy made at build. */
const br = (file) => {
  const copy = path.join(dist, `${file}.br`);
  return fs.existsSync(copy) ? fs.statSync(copy).size : fs.statSync(path.join(dist, file)).size;
};
const kb = (bytes) => (bytes / 1024).toFixed(1);

let failed = false;
for (const [route, source] of Object.entries(routes)) {
  if (!manifest[source]) throw new Error(`no chunk for ${source} in the manifest`);
  const keys = new Set();
  collect('index.html', keys);
  collect(source, keys);
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const file of manifest[key].css ?? []) css.add(file);
  }
  const jsBytes = [...js].reduce((sum, f) => sum + gz(f), 0);
  const cssBytes = [...css].reduce((sum, f) => sum + gz(f), 0);
  const sent = [...js, ...css, 'index.html'].reduce((sum, f) => sum + br(f), 0);
  const over = route === '/auth/sign-in' && jsBytes / 1024 > BUDGET_KB;
  if (over) failed = true;
  console.log(
    `${route.padEnd(14)} JS ${kb(jsBytes).padStart(6)} KB gz in ${js.size} files · CSS ${kb(cssBytes)} KB gz` +
      ` · sent (brotli, page + JS + CSS) ${kb(sent)} KB` +
      (route === '/auth/sign-in' ? ` (budget ${BUDGET_KB} KB: ${over ? 'OVER' : 'ok'})` : ''),
  );
}
if (failed && process.argv.includes('--strict')) process.exit(1);

// Lighthouse on both routes (--no-lighthouse to skip): see scripts/lighthouse.mjs.
if (!process.argv.includes('--no-lighthouse')) {
  const { runLighthouse } = await import('./lighthouse.mjs');
  await runLighthouse();
}
