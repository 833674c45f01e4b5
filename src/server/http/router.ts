import { OpenAPIHono } from "@hono/zod-openapi";
import { firstIssueMessage } from "../../shared/fields";
import { AppError } from "../lib/app-error";
import type { AppEnv } from "./app-env";

/**
 * A router of declared endpoints. Bad input is refused the same way everywhere: 400 with the
 * first problem as `message` and every field's in `fields`; a malformed id in the path is a
 * 404, as an id that does not exist would be.
 */
export const createRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      if (result.target === "param") return new AppError("NOT_FOUND", "There is no such object.").toResponse();
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) fields[issue.path.join(".")] ??= issue.message;
      return new AppError("VALIDATION", firstIssueMessage(result.error), { fields }).toResponse();
    },
  });
