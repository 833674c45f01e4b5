import type { MailAttachment } from "./layout";

/** Renderers of attachments stored by reference, by source name (e.g. "invoice-pdf" → the invoice's PDF). */
export type AttachmentSources = Record<string, (ref: string) => Promise<Buffer>>;

/** The files of a message, as the transport sends them; an unknown source fails the attempt (retried later). */
export async function resolveAttachments(attachments: MailAttachment[], sources: AttachmentSources = {}) {
  return Promise.all(
    attachments.map(async (file) => {
      const { filename, contentType } = file;
      if ("contentBase64" in file) return { filename, contentType, content: Buffer.from(file.contentBase64, "base64") };
      const render = sources[file.source];
      if (!render) throw new Error(`no renderer for attachments of source ${file.source}`);
      return { filename, contentType, content: await render(file.ref) };
    }),
  );
}
