import { HTTPException } from "hono/http-exception";
import { DATABASE_TROUBLE_LOG, databaseTrouble, databaseTroubleError } from "../db/database-unavailable";
import { AppError } from "../lib/app-error";
import type { Config } from "../config";
import type { AppEnv } from "./app-env";
import type { Logger } from "../lib/logger";
import type { Context, ErrorHandler } from "hono";

/**
 * Every error becomes an answer: an AppError its own, a database that is restarting, unreachable
 * or busy a 503 (a passing state, not a bug), anything else a logged 500 with a calm message.
 */
export function errorHandler({ config, log }: { config: Config; log: Logger }): ErrorHandler {
  /**
   * Under test, a service's CONFLICT or GONE that its endpoint does not declare fails the test
   * with a 500 saying so: the OpenAPI document promises every answer a client must handle.
   */
  const undeclaredInTests = (c: Context, error: AppError) => {
    const declared = (c as Context<AppEnv>).get("declaredStatuses") as number[] | undefined;
    if (config.NODE_ENV !== "test" || !declared || ![409, 410].includes(error.status)) return undefined;
    if (declared.includes(error.status)) return undefined;
    const message = `${c.req.method} ${c.req.path} answered ${error.status} (${error.code}: ${error.message}), which its endpoint does not declare.`;
    log.error(message);
    return c.json({ message, code: "UNDECLARED_RESPONSE" }, 500);
  };
  return (thrown, c) => {
    if (thrown instanceof HTTPException) return thrown.getResponse();
    const trouble = databaseTrouble(thrown);
    if (trouble) log.warn(`${c.req.method} ${c.req.path}: ${DATABASE_TROUBLE_LOG[trouble]}, answered 503`);
    const error = trouble ? databaseTroubleError(trouble) : thrown;
    if (error instanceof AppError) return undeclaredInTests(c, error) ?? error.toResponse();
    log.error("request failed", { method: c.req.method, path: c.req.path, err: error });
    return c.json({ message: "Something went wrong on our side. Please try again in a moment." }, 500);
  };
}
