import { createMiddleware } from "hono/factory";
import { clientIp } from "./client-ip";
import type { Context } from "hono";

/** 127.0.0.0/8 and ::1, IPv4-mapped forms included. */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** Every address a proxy in front of us says it forwarded for; headers can only narrow access, never grant it. */
function forwardedAddresses(c: Context): string[] {
  const xff = (c.req.header("x-forwarded-for") ?? "").split(",");
  const realIp = c.req.header("x-real-ip") ?? "";
  const forwarded = [...(c.req.header("forwarded") ?? "").matchAll(/for="?\[?([^\]";,]+)/gi)].map((match) => match[1]!);
  return [...xff, realIp, ...forwarded].map((part) => part.trim()).filter(Boolean);
}

/**
 * True only for a request made on this machine: the socket is loopback, and so is every address
 * a forwarding header names. Behind a proxy on this machine the socket is always loopback, so the
 * client it forwarded for decides (with TRUSTED_PROXIES set, the address clientIp derives).
 */
export function isLoopbackClient(c: Context, trustedProxies: readonly string[]): boolean {
  return (
    isLoopbackAddress(clientIp(c, [])) &&
    isLoopbackAddress(clientIp(c, trustedProxies)) &&
    forwardedAddresses(c).every(isLoopbackAddress)
  );
}

/** Refuses with 403 any request that does not come from this machine. */
export const loopbackOnly = (trustedProxies: readonly string[], what: string) =>
  createMiddleware(async (c, next) => {
    if (!isLoopbackClient(c, trustedProxies)) {
      return c.json({ message: `${what} is only served to this machine (a loopback address).` }, 403);
    }
    await next();
  });
