import { Hono } from "hono";
import { zReportRunBatchRequest, zReportRunRequest } from "../../../shared/automations";
import { consumeRate, tooManyRequests } from "../../security/rate-limit";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { validateJson } from "../../lib/validate";
import type { Mailer } from "../../mail/outbox";
import { authenticateIngestKey, type IngestContext } from "./authenticate-ingest-key.service";
import { ingestRuns } from "./ingest.service";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The run reporting API, authenticated by an automation's ingest key (never by cookies). */
export function ingestRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  const unauthorized = (message: string) =>
    Response.json({ message, code: "UNAUTHORIZED" }, { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="cogwork-runs"' } });

  return new Hono<{ Variables: { ingest: IngestContext } }>()
    .use("*", async (c, next) => {
      const match = BEARER.exec(c.req.header("authorization") ?? "");
      if (!match?.[1]) return unauthorized("Send the automation's ingest key in the header Authorization: Bearer <key>.");
      const ingest = await authenticateIngestKey(db, match[1]);
      if (!ingest) return unauthorized("This ingest key is not valid. It may have been rotated or revoked; ask the agency for the current key.");
      const limit = await consumeRate(db, `ingest:${ingest.keyId}`, { window: 60, max: config.INGEST_RATE_LIMIT_PER_MINUTE });
      if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
      c.set("ingest", ingest);
      await next();
    })
    .post("/runs", validateJson(zReportRunRequest), async (c) => {
      const result = await ingestRuns(db, c.get("ingest"), [c.get("body")], { appUrl: config.APP_URL });
      if (result.mailQueued) mailer.nudge();
      const duplicate = result.duplicates > 0;
      return c.json({ accepted: !duplicate, duplicate, externalRunId: c.get("body").externalRunId }, duplicate ? 200 : 201);
    })
    .post("/runs/batch", validateJson(zReportRunBatchRequest), async (c) => {
      const result = await ingestRuns(db, c.get("ingest"), c.get("body").runs, { appUrl: config.APP_URL });
      if (result.mailQueued) mailer.nudge();
      return c.json({ received: result.received, accepted: result.accepted, duplicates: result.duplicates, results: result.results }, 200);
    });
}
