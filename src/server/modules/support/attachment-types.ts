export { MAX_FILE_BYTES, MAX_MESSAGE_FILES_BYTES } from "../../../shared/support-uploads";

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

/** Text we accept: valid UTF-8 without control characters other than tab and line breaks. */
const isPlainTextPiece = (text: string) => !text.includes("\uFFFD") && !/(?![\t\n\r\f])\p{Cc}/u.test(text);

/**
 * Reads a file's type from its bytes as they arrive, slice by slice, so that no file is ever held
 * or scanned whole: the signature from the first slice, and for text every slice decoded as it comes.
 */
export function typeSniffer() {
  const decoder = new TextDecoder("utf-8", { fatal: false });
  let head = Buffer.alloc(0);
  let text = true;
  let size = 0;
  return {
    push(bytes: Buffer) {
      if (head.length < 16) {
        head = Buffer.concat([head, bytes.subarray(0, 16 - head.length)]);
        // A known signature decides the type: the rest of an image or a PDF is not read as text.
        if (head.length >= 12 && signatureType(head)) text = false;
      }
      size += bytes.length;
      if (text) text = isPlainTextPiece(decoder.decode(bytes, { stream: true }));
    },
    /** The type once every slice was pushed, or null when it is not one we accept. */
    result(): string | null {
      const signed = signatureType(head);
      if (signed) return signed;
      return size > 0 && text && isPlainTextPiece(decoder.decode()) ? "text/plain" : null;
    },
  };
}

/** The type of a file read from its first bytes (never from its name), or null when it is not one we accept. */
export function sniffType(bytes: Buffer): string | null {
  const sniffer = typeSniffer();
  sniffer.push(bytes);
  return sniffer.result();
}
