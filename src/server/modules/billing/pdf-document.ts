import path from "node:path";
import { assetFile } from "../../lib/asset-file";

/** The DejaVu fonts shipped in assets/fonts (their licence beside them). */
const fontsFolder = () => path.dirname(assetFile("fonts", "DejaVuSans.ttf"));

/**
 * An A4 document with the embedded DejaVu fonts registered as "regular" and "bold" (so that any
 * name prints), and the bytes it will have written once ended. The invoice and the monthly report
 * are drawn on it. pdfkit (and its fonts library) loads on the first document, not with the server:
 * a fifth of a second that most processes never need.
 */
export async function openPdfDocument(options: { title: string; author: string; compress?: boolean }) {
  const { default: PDFDocument } = await import("pdfkit");
  const fonts = fontsFolder();
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    compress: options.compress ?? true,
    font: path.join(fonts, "DejaVuSans.ttf"),
    info: { Title: options.title, Author: options.author },
  });
  doc.registerFont("regular", path.join(fonts, "DejaVuSans.ttf"));
  doc.registerFont("bold", path.join(fonts, "DejaVuSans-Bold.ttf"));
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}
