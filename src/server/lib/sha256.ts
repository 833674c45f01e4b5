import { createHash } from "node:crypto";

/** SHA-256 of a text: hex to store tokens and keys by, base64 for CSP source hashes. */
export const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");
export const sha256Base64 = (text: string) => createHash("sha256").update(text).digest("base64");
