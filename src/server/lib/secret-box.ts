import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Config } from "../config";

/**
 * Secrets kept at rest (alert channels' addresses and signing secrets, platform connections' API
 * keys): AES-256-GCM with a key from configuration. Rotation: the new key goes in
 * CHANNEL_SECRET_KEY, the old one in CHANNEL_SECRET_KEY_PREVIOUS; values sealed with either open,
 * new ones are sealed with the new key, and `resealIfOld` tells a caller to write a value again.
 */
export type SecretKeys = Pick<Config, "CHANNEL_SECRET_KEY" | "AUTH_SECRET"> &
  Partial<Pick<Config, "CHANNEL_SECRET_KEY_PREVIOUS">>;

/** Development and tests without a key of their own: a fixed one (production requires CHANNEL_SECRET_KEY). */
const DEVELOPMENT_KEY = "cogwork-development-channel-key-not-for-production";

/** The AES-256 key derived (HKDF-SHA256) from one configured secret. */
const derive = (material: string) =>
  Buffer.from(hkdfSync("sha256", material, "cogwork-channels", "channel secrets v1", 32));

const currentMaterial = (config: SecretKeys) => config.CHANNEL_SECRET_KEY ?? config.AUTH_SECRET ?? DEVELOPMENT_KEY;

/** Encrypts a secret (AES-256-GCM): `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function sealSecret(config: SecretKeys, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derive(currentMaterial(config)), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

function openWith(material: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", derive(material), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** The plain text and whether it was sealed with a previous key (then the caller seals it again). */
export function openSecretWithAge(config: SecretKeys, sealed: string): { plain: string; old: boolean } {
  try {
    return { plain: openWith(currentMaterial(config), sealed), old: false };
  } catch (error) {
    const previous = config.CHANNEL_SECRET_KEY_PREVIOUS;
    if (!previous) throw error;
    return { plain: openWith(previous, sealed), old: true };
  }
}

/** The plain text of `sealSecret`'s output; throws when neither the key nor the previous key sealed it. */
export function openSecret(config: SecretKeys, sealed: string): string {
  return openSecretWithAge(config, sealed).plain;
}
