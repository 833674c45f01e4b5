import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's address: the socket's, unless the socket is a trusted proxy, in which case
 * the nearest untrusted address in X-Forwarded-For. A forged header from anyone else changes nothing.
 */
export function clientIp(c: Context, trustedProxies: readonly string[]): string {
  const socketIp = normalize(socketAddress(c));
  if (!socketIp || !trustedProxies.includes(socketIp)) return socketIp ?? "unknown";
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => normalize(part.trim()))
    .filter((part): part is string => Boolean(part));
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = forwarded[i]!;
    if (!trustedProxies.includes(hop)) return hop;
  }
  return socketIp;
}

/** Hono's getConnInfo throws when there is no socket (app.request() in tests). */
function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

function normalize(address: string | undefined): string | undefined {
  if (!address) return undefined;
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}
