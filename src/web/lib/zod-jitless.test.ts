import { expect, it } from "vitest";

it("makes zod jitless without importing it: zod, loaded after, reads the setting", async () => {
  await import("./zod-jitless");
  const { config, z } = await import("zod");
  expect(config().jitless).toBe(true);
  expect(z.object({ name: z.string() }).parse({ name: "Ada" })).toEqual({ name: "Ada" });
});
