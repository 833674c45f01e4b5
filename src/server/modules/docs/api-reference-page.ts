export interface ApiReferencePageOptions {
  /** Where the OpenAPI document is served. */
  documentUrl: string;
  /** Where the reference UI's script is served (our origin). */
  scriptUrl: string;
}

const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Settings of the reference UI. Everything that would reach another origin is off: its web
 * fonts, usage analytics, the "open in the hosted client" button and the sharing toolbar; the
 * CSP would refuse them anyway, and each refusal would be a violation report.
 */
const uiConfiguration = (documentUrl: string) => ({
  url: documentUrl,
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showToolbar: "never",
  metaData: { title: "Cogwork API" },
});

/**
 * The API reference page: no inline script. The UI reads its settings from the data attributes
 * of the empty `#api-reference` element (a JSON block, never executed) and mounts before it.
 */
export function apiReferencePage({ documentUrl, scriptUrl }: ApiReferencePageOptions): string {
  const configuration = escapeAttribute(JSON.stringify(uiConfiguration(documentUrl)));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Cogwork API</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<meta name="description" content="Reference of the Cogwork API: run reporting for automation platforms, with curl and n8n examples." />
</head>
<body>
<noscript><p>This reference needs JavaScript. The API is described in <a href="${escapeAttribute(documentUrl)}">OpenAPI 3.1</a>.</p></noscript>
<script id="api-reference" type="application/json" data-url="${escapeAttribute(documentUrl)}" data-configuration="${configuration}"></script>
<script src="${escapeAttribute(scriptUrl)}"></script>
</body>
</html>`;
}
