import { describe, expect, test } from "vitest";
import { openSecret, openSecretWithAge, sealSecret } from "./secret-box";

const OLD = "old-key-old-key-old-key-old-key-0001";
const NEW = "new-key-new-key-new-key-new-key-0002";

describe("secret box", () => {
  test("sealed text is AES-GCM ciphertext that opens only with its key", () => {
    const sealed = sealSecret({ CHANNEL_SECRET_KEY: OLD }, "n8n_api_key_1234");
    expect(sealed).not.toContain("n8n_api_key_1234");
    expect(sealed.split(".")[0]).toBe("v1");
    expect(openSecret({ CHANNEL_SECRET_KEY: OLD }, sealed)).toBe("n8n_api_key_1234");
    expect(() => openSecret({ CHANNEL_SECRET_KEY: NEW }, sealed)).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(() => openSecret({ CHANNEL_SECRET_KEY: OLD }, tampered)).toThrow();
  });

  test("after a rotation, secrets sealed with the previous key still open and say they are old", () => {
    const sealedBefore = sealSecret({ CHANNEL_SECRET_KEY: OLD }, "secret");
    const rotated = { CHANNEL_SECRET_KEY: NEW, CHANNEL_SECRET_KEY_PREVIOUS: OLD };
    expect(openSecretWithAge(rotated, sealedBefore)).toEqual({ plain: "secret", old: true });
    const sealedAfter = sealSecret(rotated, "secret");
    expect(openSecretWithAge(rotated, sealedAfter)).toEqual({ plain: "secret", old: false });
    expect(() => openSecret({ CHANNEL_SECRET_KEY: OLD }, sealedAfter)).toThrow();
  });
});
