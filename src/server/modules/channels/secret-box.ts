import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Config } from "../../config";

/** Development and tests without a key of their own: a fixed one (production requires CHANNEL_SECRET_KEY). */
const DEVELOPMENT_KEY = "cogwork-development-channel-key-not-for-production";

/** The AES-256 key, derived (HKDF-SHA256) from CHANNEL_SECRET_KEY, else AUTH_SECRET, else the development key. */
function keyOf(config: Pick<Config, "CHANNEL_SECRET_KEY" | "AUTH_SECRET">): Buffer {
  const material = config.CHANNEL_SECRET_KEY ?? config.AUTH_SECRET ?? DEVELOPMENT_KEY;
  return Buffer.from(hkdfSync("sha256", material, "cogwork-channels", "channel secrets v1", 32));
}

/** Encrypts a channel's address or secret (AES-256-GCM): `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function sealSecret(config: Pick<Config, "CHANNEL_SECRET_KEY" | "AUTH_SECRET">, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(config), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plain text of `sealSecret`'s output; throws when the key is not the one it was sealed with. */
export function openSecret(config: Pick<Config, "CHANNEL_SECRET_KEY" | "AUTH_SECRET">, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed channel secret");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(config), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
