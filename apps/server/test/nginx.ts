import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * nginx from Debian's packages with the project's site template (deploy/nginx), run by the test
 * in a temporary prefix (pid, logs, temp files) on a port of its own, in the foreground.
 */
const NGINX = '/usr/sbin/nginx';
const BROTLI = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const template = path.resolve(import.meta.dirname, '../../../deploy/nginx/qbank.conf.template');

/** Installs nginx and its brotli module when missing (CI installs them in .ci/run too). */
function ensureNginx(): void {
  if (fs.existsSync(NGINX) && fs.existsSync(BROTLI)) return;
  const packages = 'nginx libnginx-mod-http-brotli-static';
  const install = spawnSync(
    'sh',
    [
      '-c',
      `apt-get install -y -qq ${packages} || (apt-get update -qq && apt-get install -y -qq ${packages})`,
    ],
    { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  );
  if (install.status !== 0) throw new Error(`nginx is needed: apt-get install ${packages}`);
}

/** The template with its ${QBANK_…} variables filled in (what envsubst does in compose). */
export function renderSite(vars: Record<string, string>): string {
  return fs.readFileSync(template, 'utf8').replace(/\$\{(QBANK_\w+)\}/g, (_, name: string) => {
    if (!(name in vars)) throw new Error(`no value for ${name}`);
    return vars[name]!;
  });
}

export async function startNginx(vars: Record<string, string>) {
  ensureNginx();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-nginx-'));
  fs.mkdirSync(path.join(prefix, 'logs'));
  fs.writeFileSync(path.join(prefix, 'qbank.conf'), renderSite(vars));
  // Run as root (tests in a container), the workers would switch to `nobody` and lose access
  // to the temporary prefix: they stay the test's user.
  const user = process.getuid?.() === 0 ? 'user root root;' : '';
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `load_module ${BROTLI};
${user}
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/qbank.conf;
}
`,
  );
  const args = ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')];
  // The site logs to /dev/stdout, which cannot be opened on the socket Node gives a child as a
  // pipe: nginx's stdout is a plain file here.
  const stdoutFile = path.join(prefix, 'logs', 'stdout.log');
  const stdout = fs.openSync(stdoutFile, 'a');
  const check = spawnSync(NGINX, [...args, '-t'], { stdio: ['ignore', stdout, 'pipe'] });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child = spawn(NGINX, args, { stdio: ['ignore', stdout, 'inherit'] });
  fs.closeSync(stdout);
  const url = `http://127.0.0.1:${vars.QBANK_PORT}`;
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${url}/assets/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    /** The access log (the site logs to stdout). */
    accessLog: () => fs.readFileSync(stdoutFile, 'utf8'),
    errorLog: () => fs.readFileSync(path.join(prefix, 'logs', 'error.log'), 'utf8'),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT'); // graceful stop
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
