// `npm run bench:web`: builds the web app (with its prerendered auth pages) and runs the
// first-screen bench of scripts/lighthouse.mjs. Budget for /auth/sign-in: 140 KB of gzipped
// JavaScript before it is interactive, what it loaded when issue 11 was filed; `--strict` fails
// the run over it. `--no-build` reuses dist/; `--js-only` prints what each route loads without
// Lighthouse (quick, and meaningful on a busy machine).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLighthouse } from './lighthouse.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const BUDGET_KB = 140;

if (!process.argv.includes('--no-build')) {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
const rows = await runLighthouse({ jsOnly: process.argv.includes('--js-only') });
const signIn = rows.find((row) => row.route === '/auth/sign-in');
const over = signIn.js.kb > BUDGET_KB;
console.log(`sign-in JS budget ${BUDGET_KB} KB gz: ${over ? 'OVER' : 'ok'}`);
if (over && process.argv.includes('--strict')) process.exit(1);
