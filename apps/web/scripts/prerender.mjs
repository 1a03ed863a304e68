// After `vite build` and the SSR build of src/prerender.tsx (package.json "build"): writes each
// auth screen as dist/auth/<name>.html — the built index.html with the screen's markup in #root,
// the settings applied and native submits held in the head and the screen's chunks preloaded — with its brotli and gzip
// copies. The server answers those paths with these files (apps/server/src/web-app.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
const ssr = await import(pathToFileURL(path.join(root, 'dist-ssr', 'prerender.js')).href);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The files a chunk statically imports, itself included. */
function closure(key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, into);
  return into;
}
const inEntry = closure('index.html');

function preloads(source) {
  if (!manifest[source]) throw new Error(`no chunk for ${source} in the manifest`);
  const keys = [...closure(source)].filter((key) => !inEntry.has(key));
  const links = keys.map((key) => `<link rel="modulepreload" href="/${manifest[key].file}">`);
  const css = keys.flatMap((key) => manifest[key].css ?? []);
  return [...links, ...css.map((file) => `<link rel="stylesheet" href="/${file}">`)].join('');
}

for (const [route, source] of Object.entries(ssr.PRERENDERED_ROUTES)) {
  const markup = await ssr.render(route);
  const html = template
    .replace('<head>', `<head><script>${ssr.headScript()}</script>`)
    .replace('</head>', `${preloads(source)}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  if (!html.includes(markup)) throw new Error('index.html has no empty <div id="root"></div>');
  const file = path.join(dist, `${route.slice(1)}.html`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  console.log(`prerendered ${route} (${(html.length / 1024).toFixed(1)} KB)`);
}
