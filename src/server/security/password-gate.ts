/**
 * Lets at most `slots` password checks run at once and queues the rest. Each check is a scrypt
 * run on Node's small thread pool (4 threads by default), which file reads and DNS share; a burst
 * of sign-ins would otherwise fill the pool and both cores, and stall every page load behind it.
 */
export function createPasswordGate(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  return async function gated<T>(work: () => Promise<T>): Promise<T> {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
