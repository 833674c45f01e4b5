import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/*
 * A passkey held in the test process: an ES256 key pair and a discoverable credential, answering
 * WebAuthn registration and sign-in options as a browser's authenticator does (attestation "none",
 * user present and verified). The server checks its answers with SimpleWebAuthn, as it checks a
 * browser's; nothing here is read from the server but the options it hands out.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}

/** The little CBOR (RFC 8949) a WebAuthn attestation needs: small integers, text, bytes, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

export interface SoftwarePasskey {
  credentialId: string;
  /** The answer to GET /passkey/generate-register-options, for POST /passkey/verify-registration. */
  register: (options: { challenge: string; rp: { id: string }; user: { id: string } }, origin: string) => unknown;
  /** The answer to GET /passkey/generate-authenticate-options, for POST /passkey/verify-authentication. */
  signIn: (options: { challenge: string; rpId?: string }, origin: string) => unknown;
}

export function softwarePasskey(): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle = "";
  const authenticatorData = (rpId: string, flags: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  };
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64url(credentialId),
    register(options, origin) {
      userHandle = options.user.id;
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, coseKey(publicKey)]);
      const authData = authenticatorData(options.rp.id, USER_PRESENT | USER_VERIFIED | ATTESTED_CREDENTIAL, attested);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
          attestationObject: b64url(cbor({ fmt: "none", attStmt: {}, authData })),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    signIn(options, origin) {
      const authData = authenticatorData(options.rpId ?? "localhost", USER_PRESENT | USER_VERIFIED);
      const data = clientData("webauthn.get", options.challenge, origin);
      const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), privateKey as KeyObject);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}

/** The public key as COSE (RFC 9053): EC2, ES256, P-256, x and y. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? "", "base64url")],
      [-3, Buffer.from(jwk.y ?? "", "base64url")],
    ]),
  );
}
