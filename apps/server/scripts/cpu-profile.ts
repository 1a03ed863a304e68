import fs from 'node:fs';

/** The parts of V8's .cpuprofile (node --cpu-prof) a summary reads. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a sample's function lives, in the few groups that say where a page's time goes. */
function groupOf(functionName: string, url: string): string {
  if (functionName === '(idle)') return 'idle (waiting for the network)';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 and native code outside JS';
  if (url.includes('/apps/server/')) return 'our code (apps/server)';
  if (url.includes('/packages/contract/') || url.includes('/node_modules/zod/')) return 'zod';
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg === 'fastify' || pkg?.startsWith('@fastify/') || pkg === 'find-my-way') return 'Fastify';
  if (pkg === 'fast-json-stringify') return 'fast-json-stringify';
  if (pkg === 'pino' || pkg === 'pino-std-serializers') return 'pino';
  if (pkg) return `package ${pkg}`;
  if (/^node:(net|_http|http|stream|internal\/(stream|http|net))/.test(url))
    return 'Node HTTP and sockets';
  if (url.startsWith('node:')) return 'Node core, other';
  return 'native built-ins (writev, Buffer, JSON…)';
}

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`.padStart(7);

/**
 * Self time of the samples taken between `fromUs` and `toUs` (the monotonic clock, as
 * process.hrtime and V8 both read it on Linux): by group, then the busiest functions.
 */
export function summarizeProfile(file: string, fromUs: number, toUs: number): string[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  let at = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < fromUs || at > toUs) return;
    const frame = byId.get(id)!;
    const weight = profile.timeDeltas[i + 1] ?? 0;
    total += weight;
    const group = groupOf(frame.functionName, frame.url);
    groups.set(group, (groups.get(group) ?? 0) + weight);
    if (!frame.functionName.startsWith('(')) {
      const where = frame.url ? frame.url.replace(/^.*\/(node_modules|apps)\//, '') : 'native';
      const key = `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
      functions.set(key, (functions.get(key) ?? 0) + weight);
    }
  });
  if (total === 0) return ['(no samples in the measured window)'];
  const lines = [`${(total / 1e6).toFixed(1)} s of samples; self time by group:`];
  for (const [group, t] of [...groups].sort((a, b) => b[1] - a[1])) {
    lines.push(`${pct(t, total)}  ${group}`);
  }
  lines.push('Busiest functions (self time):');
  for (const [fn, t] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    lines.push(`${pct(t, total)}  ${fn}`);
  }
  return lines;
}
