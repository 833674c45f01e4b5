import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { silentLogger } from "../lib/logger";
import { listActivePlans } from "../modules/pricing";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";

// What a request that meets a troubled database is answered, and what the log says of it.
vi.mock("../modules/pricing/pricing.service", async (original) => ({
  ...(await original<object>()),
  listActivePlans: vi.fn(),
}));

/** As node-postgres's pool and Drizzle raise them. */
const poolTimeout = new Error("Failed query: select …", {
  cause: new Error("timeout exceeded when trying to connect"),
});
const refused = new Error("Failed query: select …", {
  cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
});

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

describe("a request that meets a troubled database", () => {
  test("with every pooled connection in use: 503 with Retry-After, and the log says the database is busy", async () => {
    const warn = vi.spyOn(silentLogger, "warn");
    vi.mocked(listActivePlans).mockRejectedValueOnce(poolTimeout);
    const response = await t.request("/api/plans");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({
      code: "UNAVAILABLE",
      message: "The service is busy. Please try again in a moment.",
      retryAfter: 5,
    });
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^GET \/api\/plans: the database is busy: no pooled connection/),
    );
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining("unavailable"));
    warn.mockRestore();
  });

  test("with the database away: 503 with Retry-After, and the log says it is unavailable", async () => {
    const warn = vi.spyOn(silentLogger, "warn");
    vi.mocked(listActivePlans).mockRejectedValueOnce(refused);
    const response = await t.request("/api/plans");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toMatchObject({
      message: "The service is briefly unavailable. Please try again in a moment.",
    });
    expect(warn).toHaveBeenCalledWith("GET /api/plans: the database is unavailable, answered 503");
    warn.mockRestore();
  });
});
