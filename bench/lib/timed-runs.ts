import { percentile, round } from "./eval-set";

export type Stats = { p50: number; p95: number };

/** p50 and p95 of `samples`, in the samples' unit, to a tenth. */
export const stats = (samples: number[]): Stats => ({ p50: round(percentile(samples, 0.5), 1), p95: round(percentile(samples, 0.95), 1) });

/** Milliseconds of each of `runs` calls of `fn`, after one call that warms plans and caches. */
export async function timed(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return samples;
}
