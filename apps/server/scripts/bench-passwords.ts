/**
 * `npx tsx scripts/bench-passwords.ts`: what one password check costs at the old and the new
 * scrypt parameters (decision 044), alone and with N sign-ins at once (default 1, 4, 16; libuv's
 * pool runs four at a time, the rest wait). Prints p50/p99 per check and the process's peak RSS
 * above its idle level, sampled every 5 ms. Options: --concurrency 1,4,16 --rounds 3
 */
import os from 'node:os';
import { Command } from 'commander';
import { hashPassword, PASSWORD_PARAMS, verifyPassword } from '../src/lib/passwords';

const options = new Command()
  .option('--concurrency <list>', 'sign-ins at once', '1,4,16')
  .option('--rounds <n>', 'batches per level', '3')
  .parse()
  .opts<{ concurrency: string; rounds: string }>();

const COSTS = { 'old N=2^15 r=8 p=1': { N: 2 ** 15, r: 8, p: 1 }, new: PASSWORD_PARAMS };
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function timed(stored: string): Promise<number> {
  const start = performance.now();
  await verifyPassword('correct horse battery staple', stored);
  return performance.now() - start;
}

async function measure(stored: string, concurrency: number, rounds: number) {
  const idle = process.memoryUsage.rss();
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    times.push(...(await Promise.all(Array.from({ length: concurrency }, () => timed(stored)))));
  }
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    peakMiB: (peak - idle) / 2 ** 20,
  };
}

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${os.availableParallelism()} cores`,
);
for (const [name, params] of Object.entries(COSTS)) {
  const stored = await hashPassword('correct horse battery staple', params);
  await timed(stored); // warm-up
  for (const concurrency of options.concurrency.split(',').map(Number)) {
    const { p50, p99, peakMiB } = await measure(stored, concurrency, Number(options.rounds));
    console.log(
      `${name.padEnd(20)} ${String(concurrency).padStart(3)} at once: p50 ${p50.toFixed(0)} ms, ` +
        `p99 ${p99.toFixed(0)} ms, peak RSS +${peakMiB.toFixed(0)} MiB`,
    );
  }
}
