import { expect } from "vitest";
import { ZErrorResponse } from "../../shared/api-error";
import type { z } from "zod";

/**
 * Reads a response's JSON body and checks it against the shared response schema: the
 * proof that the schema describes what the server really sends. Returns the parsed body.
 */
export async function expectBody<S extends z.ZodType>(
  response: Response | Promise<Response>,
  status: number,
  schema: S,
): Promise<z.output<S>> {
  const res = await response;
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const parsed = schema.safeParse(JSON.parse(text));
  expect(parsed.success, parsed.success ? "" : `${parsed.error.message}\nin ${text}`).toBe(true);
  return parsed.data as z.output<S>;
}

/** A refused call answers the one error body. */
export const expectError = (response: Response | Promise<Response>, status: number) =>
  expectBody(response, status, ZErrorResponse);
