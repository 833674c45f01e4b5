import { isUtf8 } from "node:buffer";
export { MAX_FILE_BYTES, MAX_MESSAGE_FILES_BYTES } from "../../../shared/support";

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The type a file's first bytes announce, or null (then it is accepted only as plain text). */
function signatureType(bytes: Buffer): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  return null;
}

/**
 * Text we accept: valid UTF-8 without control characters other than tab, line and form feeds and
 * carriage return (C0, DEL, and C1, which UTF-8 writes 0xC2 0x80–0x9F). Read from the bytes in one
 * pass, never decoded to a string: a regular expression over the decoded text cost 5 ms a megabyte.
 */
function noControlBytes(bytes: Uint8Array) {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x20) {
      if (b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) return false;
    } else if (b === 0x7f) return false;
    else if (b === 0xc2 && i + 1 < bytes.length && bytes[i + 1]! >= 0x80 && bytes[i + 1]! <= 0x9f) return false;
  }
  return true;
}

/** Where the last whole character of a piece of UTF-8 ends: the bytes after it begin one the next piece completes. */
function wholeCharactersEnd(bytes: Buffer) {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = bytes[bytes.length - back]!;
    if ((b & 0xc0) === 0x80) continue;
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return length > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/**
 * Reads a file's type from its bytes as they arrive, slice by slice, so that no file is ever held
 * or scanned whole: the signature from the first slice, and for text every slice checked as it comes.
 */
export function typeSniffer() {
  let head = Buffer.alloc(0);
  let text = true;
  let size = 0;
  /** The start of a character split between two slices. */
  let carried = Buffer.alloc(0);
  return {
    push(bytes: Buffer) {
      if (head.length < 16) {
        head = Buffer.concat([head, bytes.subarray(0, 16 - head.length)]);
        // A known signature decides the type: the rest of an image or a PDF is not read as text.
        if (head.length >= 12 && signatureType(head)) text = false;
      }
      size += bytes.length;
      if (!text) return;
      const piece = carried.length ? Buffer.concat([carried, bytes]) : bytes;
      const end = wholeCharactersEnd(piece);
      const whole = piece.subarray(0, end);
      carried = Buffer.from(piece.subarray(end));
      text = isUtf8(whole) && noControlBytes(whole);
    },
    /** The type once every slice was pushed, or null when it is not one we accept. */
    result(): string | null {
      const signed = signatureType(head);
      if (signed) return signed;
      return size > 0 && text && carried.length === 0 ? "text/plain" : null;
    },
  };
}

/** The type of a file read from its first bytes (never from its name), or null when it is not one we accept. */
export function sniffType(bytes: Buffer): string | null {
  const sniffer = typeSniffer();
  sniffer.push(bytes);
  return sniffer.result();
}
