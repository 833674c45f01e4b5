import { AppError } from "../../lib/app-error";

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_MESSAGE_FILES_BYTES = 20 * 1024 * 1024;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** Text we accept: valid UTF-8 without control characters other than tab and line breaks. */
function isPlainText(bytes: Buffer) {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (text.includes("\uFFFD")) return false;
  return !/(?![\t\n\r\f])\p{Cc}/u.test(text);
}

/** The type of a file read from its first bytes (never from its name), or null when it is not one we accept. */
export function sniffType(bytes: Buffer): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  if (bytes.length > 0 && isPlainText(bytes)) return "text/plain";
  return null;
}

export interface CheckedFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Decodes and checks the files of one message: type from the bytes, 5 MB each, 20 MB together. */
export function checkAttachments(files: { fileName: string; content: Buffer }[]): CheckedFile[] {
  let total = 0;
  return files.map((file, index) => {
    const field = `attachments.${index}`;
    if (file.content.length > MAX_FILE_BYTES) {
      throw new AppError("VALIDATION", `${file.fileName} is larger than 5 MB.`, {
        fields: { [field]: "At most 5 MB" },
      });
    }
    total += file.content.length;
    if (total > MAX_MESSAGE_FILES_BYTES) {
      throw new AppError("VALIDATION", "The files of one message may be at most 20 MB together.", {
        fields: { [field]: "At most 20 MB per message" },
      });
    }
    const contentType = sniffType(file.content);
    if (!contentType) {
      throw new AppError("VALIDATION", `${file.fileName} is not an image, a PDF or a text file.`, {
        fields: { [field]: "Only images, PDF and text files" },
      });
    }
    return { fileName: file.fileName, contentType, content: file.content };
  });
}

export const decodeUploads = (uploads: { fileName: string; contentBase64: string }[]) =>
  uploads.map((upload) => ({ fileName: upload.fileName, content: Buffer.from(upload.contentBase64, "base64") }));
