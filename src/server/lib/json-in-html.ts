/**
 * JSON to place inside an HTML `<script type="application/json">` block: nothing in it can end the
 * element or open a comment ("</script>", "<!--"), and no line separator trips an older parser.
 * `JSON.parse` of the block's text gives back the same value.
 */
export function jsonInHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
