import { lookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Every call the server makes to an address someone typed in (alert channels, platform
 * connections) goes through here: https only in production, private and loopback addresses
 * refused unless allowed, the name resolved once and the connection made to that address (no
 * second lookup a rebinding name could answer differently), a time limit for the whole exchange,
 * an answer read to a size limit, and no redirect followed (ADR 0029, ADR 0034).
 */
export interface OutboundPolicy {
  requireHttps: boolean;
  allowPrivateAddresses: boolean;
}

/** https and public addresses only in production (unless `allowPrivate`); anything in development and tests. */
export const outboundPolicyFor = (nodeEnv: string, allowPrivate: "on" | "off"): OutboundPolicy => ({
  requireHttps: nodeEnv === "production",
  allowPrivateAddresses: nodeEnv !== "production" || allowPrivate === "on",
});

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

/** True for an address nothing may reach in production (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Why an address may not be saved (its form only; where it points is checked at each call). */
export function refusedUrl(
  url: string,
  policy: OutboundPolicy,
  example = "https://hooks.slack.com/services/…",
): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `Enter a full address, such as ${example}`;
  }
  if (parsed.protocol !== "https:" && (policy.requireHttps || parsed.protocol !== "http:"))
    return "The address must start with https://.";
  if (parsed.username || parsed.password) return "The address must not carry a user name or password.";
  return null;
}

/** The one address a call connects to: resolved here, refused when private (unless allowed). */
export async function resolveDestination(
  url: URL,
  policy: OutboundPolicy,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await lookup(host, { all: true }).catch(() => {
        throw new Error(`${host} could not be found`);
      });
  if (addresses.length === 0) throw new Error(`${host} could not be found`);
  if (!policy.allowPrivateAddresses && addresses.some((entry) => isPrivateAddress(entry.address)))
    throw new Error(`${host} resolves to a private or loopback address, which may not be reached from here`);
  const chosen = addresses[0]!;
  return { address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

export interface OutboundRequest {
  method: "GET" | "POST" | "DELETE" | "PATCH" | "PUT";
  url: string;
  headers?: Record<string, string>;
  body?: string;
  policy: OutboundPolicy;
  timeoutMs?: number;
  maxBytes?: number;
}

/** What a call got back: the status (null when none came), how long it took, the answer up to the size limit. */
export interface OutboundOutcome {
  statusCode: number | null;
  durationMs: number;
  body: string;
  /** True when the answer was longer than the limit (and was cut there). */
  truncated: boolean;
  headers: Record<string, string | string[] | undefined>;
  error: string | null;
}

/** One HTTP exchange under the rules above; never throws, a failure is in `error`. */
export async function outboundRequest(input: OutboundRequest): Promise<OutboundOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = input.timeoutMs ?? TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const refused = refusedUrl(input.url, input.policy);
    if (refused) throw new Error(refused);
    const url = new URL(input.url);
    const destination = await resolveDestination(url, input.policy);
    signal.throwIfAborted();
    const answer = await exchange(url, destination, input, signal);
    return { ...answer, durationMs: elapsed(), error: null };
  } catch (error) {
    const message = signal.aborted
      ? `No answer within ${timeoutMs / 1000} s`
      : error instanceof Error
        ? error.message
        : String(error);
    return { statusCode: null, durationMs: elapsed(), body: "", truncated: false, headers: {}, error: message };
  }
}

/** Connects to the resolved address (the name still goes in Host and TLS SNI) and reads the capped answer. */
function exchange(
  url: URL,
  destination: { address: string; family: 4 | 6 },
  input: OutboundRequest,
  signal: AbortSignal,
): Promise<Pick<OutboundOutcome, "statusCode" | "body" | "truncated" | "headers">> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [destination]);
    else callback(null, destination.address, destination.family);
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      { method: input.method, headers: input.headers, lookup: pinned, signal, agent: false },
      (response) => readCapped(response, input.maxBytes ?? MAX_RESPONSE_BYTES).then(resolve, reject),
    );
    request.on("error", reject);
    request.end(input.body);
  });
}

/** Reads at most `maxBytes` of an answer, then lets the rest go. */
function readCapped(response: IncomingMessage, maxBytes: number) {
  return new Promise<Pick<OutboundOutcome, "statusCode" | "body" | "truncated" | "headers">>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (truncated: boolean) => {
      const body = Buffer.concat(chunks).subarray(0, maxBytes).toString("utf8");
      resolve({ statusCode: response.statusCode ?? null, body, truncated, headers: response.headers });
    };
    response.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size > maxBytes) {
        response.destroy();
        done(true);
      }
    });
    response.on("end", () => done(false));
    response.on("error", reject);
  });
}

/** What one attempt to post got back (alert channels' deliveries). */
export interface PostOutcome {
  statusCode: number | null;
  durationMs: number;
  body: string;
  retryAfter: string | null;
  error: string | null;
}

/** Posts JSON once: no redirect followed, 5 s for the whole exchange, an answer read to 64 KB at most. */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: OutboundPolicy,
): Promise<PostOutcome> {
  const outcome = await outboundRequest({
    method: "POST",
    url,
    body,
    headers: { "content-type": "application/json", "user-agent": "Cogwork-Webhooks/1", ...headers },
    policy,
  });
  const retryAfter = outcome.headers["retry-after"];
  return {
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    body: outcome.body,
    retryAfter: typeof retryAfter === "string" ? retryAfter : null,
    error: outcome.error,
  };
}
