import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import { assetFile } from "../lib/asset-file";

/**
 * The 100,000 most common breached passwords that pass the length rule, lower-cased, shipped with
 * the app (assets/common-passwords, its source and licence beside it): no network call. Read on
 * the first check, not at start: about 1 MB unpacked, held in a Set for constant-time look-ups.
 */
let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    gunzipSync(fs.readFileSync(assetFile("common-passwords", "top-100k.txt.gz")))
      .toString("utf8")
      .split("\n")
      .filter(Boolean),
  );
  return common;
}

/** How many passwords the list holds. */
export const commonPasswordCount = () => commonPasswords().size;

/** Whether the password is on the list, case ignored ("Password1" is as guessable as "password1"). */
export const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());
