import { vi } from "vitest";

/**
 * Runs `fn` with the clock (Date only) moved `ms` ahead: what another instance or a background
 * job wrote to the database shows in this instance's cached reads within that bound.
 */
export async function afterMs<T>(ms: number, fn: () => T | Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + ms });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}
