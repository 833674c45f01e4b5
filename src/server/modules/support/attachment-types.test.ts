import { describe, expect, test } from "vitest";
import { typeSniffer } from "./attachment-types";

/** The type of `bytes` pushed in pieces cut at every given offset. */
function sniffInPieces(bytes: Buffer, cuts: number[]) {
  const sniffer = typeSniffer();
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    sniffer.push(bytes.subarray(from, cut));
    from = cut;
  }
  return sniffer.result();
}

describe("text read from its bytes, piece by piece", () => {
  const text = Buffer.from("Grüße, 東京 🎉\tand\r\nform\ffeed\n");
  test("UTF-8 text is text wherever the pieces are cut, even inside a character", () => {
    for (let cut = 0; cut <= text.length; cut++) expect(sniffInPieces(text, [cut])).toBe("text/plain");
    expect(sniffInPieces(text, [1, 9, 10, 11, 20, 21, 22])).toBe("text/plain");
  });
  test("control characters (C0, DEL, C1) and broken UTF-8 are not text, wherever the cut", () => {
    const refused = [
      Buffer.from("a\u0000b"),
      Buffer.from("a\u001bb"),
      Buffer.from("a\u007fb"),
      Buffer.from("a\u0085b"), // C1, written 0xC2 0x85
      Buffer.from([0x61, 0xc3, 0x28]), // a lead byte without its continuation
      Buffer.from([0x61, 0xe6, 0x9d]), // a character cut off at the end of the file
      Buffer.from([0x61, 0xff, 0x62]),
    ];
    for (const bytes of refused) {
      for (let cut = 0; cut <= bytes.length; cut++) expect(sniffInPieces(bytes, [cut]), String(bytes)).toBeNull();
    }
  });
  test("signatures decide before text: a PNG is an image, an empty file nothing", () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    expect(sniffInPieces(png, [3, 20])).toBe("image/png");
    expect(sniffInPieces(Buffer.alloc(0), [])).toBeNull();
  });
});
