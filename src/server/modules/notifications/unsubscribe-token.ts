import { createHmac, timingSafeEqual } from "node:crypto";
import { UNSUBSCRIBE_TOPICS, type UnsubscribeTopic } from "../../../shared/notifications";

/**
 * One-click unsubscribe links carry a token signed with a key derived from the server's secret:
 * `base64url(userId:topic).base64url(hmac)`. It names one person and one preference, needs no
 * session, and never expires (an old email's link keeps working, as RFC 8058 expects); it can
 * only turn that one preference off.
 */
export interface UnsubscribeTokens {
  sign: (userId: string, topic: UnsubscribeTopic) => string;
  /** The person and topic, or null for a forged, altered or malformed token. */
  verify: (token: string) => { userId: string; topic: UnsubscribeTopic } | null;
}

export function unsubscribeTokens(secret: string): UnsubscribeTokens {
  // A key of its own: a signature made for unsubscribing is worth nothing anywhere else.
  const key = createHmac("sha256", secret).update("cogwork unsubscribe link v1").digest();
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest();
  return {
    sign: (userId, topic) => {
      const payload = Buffer.from(`${userId}:${topic}`).toString("base64url");
      return `${payload}.${mac(payload).toString("base64url")}`;
    },
    verify: (token) => {
      const [payload, signature, extra] = token.split(".");
      if (!payload || !signature || extra !== undefined) return null;
      const expected = mac(payload);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const decoded = Buffer.from(payload, "base64url").toString("utf8");
      const cut = decoded.lastIndexOf(":");
      const topic = decoded.slice(cut + 1);
      const userId = decoded.slice(0, cut);
      if (cut < 1 || !(UNSUBSCRIBE_TOPICS as readonly string[]).includes(topic)) return null;
      return { userId, topic: topic as UnsubscribeTopic };
    },
  };
}
