/** Plain, accessible emails: one message, one link, the same words in text and HTML. */
export interface MailContent {
  kind: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (an invoice's PDF). */
  attachments?: MailAttachment[];
  /** Further headers (List-Unsubscribe and List-Unsubscribe-Post on alerts and digests). */
  headers?: Record<string, string>;
}

/**
 * A file sent with a message: its bytes, or a `source` and `ref` that the mailer turns into bytes
 * when it delivers (an invoice's PDF is rendered then, not inside the transaction that finalized it).
 */
export type MailAttachment = { filename: string; contentType: string } & (
  { contentBase64: string } | { source: string; ref: string }
);

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

/** The one look every Cogwork email shares: intro, optional details and button, outro, signature. */
export function layout(options: {
  kind: string;
  subject: string;
  intro: string;
  action?: { label: string; url: string };
  /** Labelled values shown between the intro and the outro (e.g. a form's fields). */
  details?: ReadonlyArray<readonly [string, string]>;
  outro: string;
  /** Alerts and digests: why the person gets it and the link that stops it (below the signature). */
  footer?: { text: string; links: ReadonlyArray<{ label: string; url: string }> };
}): MailContent {
  const { kind, subject, intro, action, details = [], outro, footer } = options;
  const detailText = details.map(([label, value]) => `${label}: ${value}`).join("\n");
  const footerText = footer
    ? [footer.text, ...footer.links.map((link) => `${link.label}: ${link.url}`)].join("\n")
    : "";
  const text = [intro, detailText, action ? `${action.label}: ${action.url}` : "", outro, "— Cogwork", footerText]
    .filter(Boolean)
    .join("\n\n");
  const footerHtml = footer
    ? `\n<p style="margin-top:32px;color:#475569;font-size:13px">${escapeHtml(footer.text)} ${footer.links
        .map((link) => `<a href="${escapeHtml(link.url)}" style="color:#1d4ed8">${escapeHtml(link.label)}</a>`)
        .join(" · ")}</p>`
    : "";
  const detailHtml = details.length
    ? `\n<dl style="margin:16px 0;padding:12px 16px;background:#f1f5f9;border-radius:8px">${details
        .map(
          ([label, value]) =>
            `<dt style="font-weight:600;font-size:13px;color:#475569">${escapeHtml(label)}</dt><dd style="margin:0 0 8px;white-space:pre-wrap">${escapeHtml(value)}</dd>`,
        )
        .join("")}</dl>`
    : "";
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="color:#475569;font-size:13px">Or paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : "";
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:700;font-size:18px">Cogwork</p>
<p>${escapeHtml(intro)}</p>${detailHtml}${button}
<p>${escapeHtml(outro)}</p>${footerHtml}
</body></html>`;
  return { kind, subject, text, html };
}
