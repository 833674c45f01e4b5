import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Better Auth's scrypt format and parameters (`salt:key`, hex; N 16384, r 16, p 1, 64 bytes), so
 * every stored hash keeps working, computed by Node's asynchronous scrypt on the libuv thread pool:
 * a sign-in burst never blocks the event loop that answers every other request.
 */
const PARAMS: ScryptOptions = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 };
const KEY_BYTES = 64;

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, PARAMS, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${(await deriveKey(password, salt)).toString("hex")}`;
}

/** True when `password` is the one `hash` was made from; a malformed hash never matches. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(":");
  if (!salt || !key || !/^[0-9a-f]{128}$/.test(key)) return false;
  return timingSafeEqual(await deriveKey(password, salt), Buffer.from(key, "hex"));
}
