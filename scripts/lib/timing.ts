/* Timing for the benchmarks (scripts/bench-*): one way to time a call and to read its samples. */

/** Runs `fn` once; its value and how long it took, in milliseconds. */
export async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

/** The nearest-rank percentile of samples sorted in ascending order: p = 0.95 for the 95th. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!;
}

/** `fn` timed `times` times in a row; the durations in milliseconds, sorted ascending. */
export async function sample(times: number, fn: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) samples.push((await time(fn))[1]);
  return samples.sort((a, b) => a - b);
}

/**
 * `fn` timed `times` times in all with `connections` calls in flight at once (as many clients
 * of the server would); the durations in milliseconds, sorted ascending.
 */
export async function sampleConcurrently(
  times: number,
  connections: number,
  fn: () => Promise<unknown>,
): Promise<number[]> {
  const samples: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < times) {
      started++;
      samples.push((await time(fn))[1]);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return samples.sort((a, b) => a - b);
}

/** Calls `fn` once to warm up, then `times` times, and prints the median and the p95 (and returns them). */
export async function repeat(
  label: string,
  times: number,
  fn: () => Promise<unknown>,
): Promise<{ median: number; p95: number }> {
  await fn();
  const samples = await sample(times, fn);
  const median = percentile(samples, 0.5);
  const p95 = percentile(samples, 0.95);
  console.log(
    `  ${label.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms`,
  );
  return { median, p95 };
}
