import type { Database } from "../db/client";

/**
 * The database as it is, with each `transaction` call (numbered from 1) passed through `around`,
 * which may delay it, fail it, or just let it `begin`. `calls()` tells how many were begun.
 */
export function aroundTransactions(
  db: Database,
  around: (call: number, begin: () => Promise<unknown>) => Promise<unknown> = (_call, begin) => begin(),
) {
  let calls = 0;
  const wrapped = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "transaction") return Reflect.get(target, property, receiver) as unknown;
      return (...args: Parameters<Database["transaction"]>) => around(++calls, () => target.transaction(...args));
    },
  });
  return { db: wrapped, calls: () => calls };
}
