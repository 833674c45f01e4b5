const ATTRIBUTION = /^On\s.+(wrote|schreef|a écrit|schrieb)\s*:\s*$/i;
const ORIGINAL = /^-{2,}\s*(Original Message|Forwarded message)\s*-{2,}/i;
const OUTLOOK_HEADER = /^(From|Von|De)\s*:\s.+/;

/** The new text of an emailed reply: what comes before the quoted earlier message (and the signature). */
export function stripQuoted(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const wrapped = `${line} ${(lines[i + 1] ?? "").trim()}`;
    if (ATTRIBUTION.test(line) || (line.startsWith("On ") && ATTRIBUTION.test(wrapped))) break;
    if (ORIGINAL.test(line) || (kept.some((l) => l.trim()) && OUTLOOK_HEADER.test(line))) break;
    if (lines[i] === "-- " || line === "--") break;
    if (line.startsWith(">")) continue;
    kept.push(lines[i]!);
  }
  return kept.join("\n").trim();
}
