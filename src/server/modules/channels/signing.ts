import { createHmac, randomBytes } from "node:crypto";

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/**
 * The Standard Webhooks headers of one attempt: the delivery's id (the same on every retry), the
 * attempt's time in seconds, and `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed by the
 * secret's bytes.
 */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000).toString();
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}
