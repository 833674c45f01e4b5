import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/** What the channels may post to: https only in production, and private addresses only when allowed. */
export interface OutboundPolicy {
  requireHttps: boolean;
  allowPrivateAddresses: boolean;
}

export const TIMEOUT_MS = 5_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;

/** Loopback, private, link-local, carrier-grade NAT, unspecified and unique-local ranges (v4 and v6). */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv6");

/** True for an address no channel may reach in production (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Why an address may not be saved as a channel (its form only; where it points is checked at each send). */
export function refusedUrl(url: string, policy: OutboundPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Enter a full address, such as https://hooks.slack.com/services/…";
  }
  if (parsed.protocol !== "https:" && (policy.requireHttps || parsed.protocol !== "http:"))
    return "The address must start with https://.";
  if (parsed.username || parsed.password) return "The address must not carry a user name or password.";
  return null;
}

/**
 * Resolves the host and refuses it when any of its addresses is private (unless allowed). The
 * fetch resolves again: a name that changes its answer between the two is the one gap left
 * (ADR 0029).
 */
async function checkDestination(url: URL, policy: OutboundPolicy): Promise<void> {
  if (policy.allowPrivateAddresses) return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  if (addresses.length === 0 || addresses.some(isPrivateAddress))
    throw new Error(`${host} resolves to a private or loopback address, which channels may not reach`);
}

/** What one attempt got back: the status (null when none came), how long it took, the first 64 KB of the answer. */
export interface PostOutcome {
  statusCode: number | null;
  durationMs: number;
  body: string;
  retryAfter: string | null;
  error: string | null;
}

/** Reads at most `MAX_RESPONSE_BYTES` of an answer, then lets the rest go. */
async function readCapped(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < MAX_RESPONSE_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  return Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString("utf8");
}

/** Posts JSON once: no redirect followed, 5 s for the whole exchange, an answer read to 64 KB at most. */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: OutboundPolicy,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  try {
    const refused = refusedUrl(url, policy);
    if (refused) throw new Error(refused);
    await checkDestination(new URL(url), policy);
    const response = await fetch(url, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "user-agent": "Cogwork-Webhooks/1", ...headers },
      redirect: "manual",
      signal,
    });
    const text = await readCapped(response);
    return {
      statusCode: response.status,
      durationMs: elapsed(),
      body: text,
      retryAfter: response.headers.get("retry-after"),
      error: null,
    };
  } catch (error) {
    const timedOut = signal.aborted;
    const message = timedOut
      ? `No answer within ${TIMEOUT_MS / 1000} s`
      : error instanceof Error
        ? error.message
        : String(error);
    return { statusCode: null, durationMs: elapsed(), body: "", retryAfter: null, error: message };
  }
}
