import type { z } from "zod";

/*
 * The API's contract, in two halves that share operation ids:
 * - a domain's schemas (`src/shared/<domain>.ts`): `{ listUsers: { query, response } }`, zod, read by
 *   the server (validation, OpenAPI) and by the web's tests (every fake answer is parsed);
 * - its operations (`src/shared/operations/<domain>.ts`): `{ listUsers: "GET /api/staff/users" }`,
 *   without zod at run time (only its types), so the first screen's fetchers stay small.
 * The server declares each endpoint from one of each; the web calls operations by name.
 */

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** What an operation takes and answers; a `null` response is a file or an empty answer, not JSON. */
export interface OperationSchemas {
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType | null;
}

/** One operation: its id, method and full path (`/api/staff/users/{id}`); `S` carries its schemas' types. */
export interface Operation<S extends OperationSchemas = OperationSchemas> {
  operationId: string;
  method: HttpMethod;
  path: string;
  /** Types only: never set at run time. */
  readonly schemas?: S;
}

type Line = `${"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} /api/${string}`;

/**
 * A domain's operations from its schemas' type: `operations<UsersSchemas>()({ listUsers: "GET /api/staff/users" })`.
 * Every operation of the schemas needs a line and no line lacks schemas (the type check says so).
 */
export const operations =
  <Schemas extends Record<string, OperationSchemas>>() =>
  <const Lines extends { [K in keyof Schemas]: Line }>(
    lines: Lines & Record<Exclude<keyof Lines, keyof Schemas>, never>,
  ): { [K in keyof Schemas]: Operation<Schemas[K]> } => {
    const table = {} as Record<string, Operation>;
    for (const [operationId, line] of Object.entries(lines as Record<string, string>)) {
      const [method, path] = line.split(" ") as [string, string];
      table[operationId] = { operationId, method: method.toLowerCase() as HttpMethod, path };
    }
    return table as { [K in keyof Schemas]: Operation<Schemas[K]> };
  };

type Infer<T> = T extends z.ZodType ? z.input<T> : never;
type Output<T> = T extends z.ZodType ? z.output<T> : never;

/** What a caller passes for an operation: its path parameters, query and body, each when declared. */
export type OperationInput<S extends OperationSchemas> = (S["params"] extends z.ZodObject
  ? { params: Infer<S["params"]> }
  : { params?: never }) &
  (S["query"] extends z.ZodObject ? { query?: Infer<S["query"]> } : { query?: never }) &
  (S["body"] extends z.ZodType ? { body: Infer<S["body"]> } : { body?: never });

/** What an operation answers, parsed. */
export type OperationOutput<S extends OperationSchemas> = S["response"] extends z.ZodType
  ? Output<S["response"]>
  : unknown;

/** `/api/staff/users/{id}/ban` with `{ id }` → `/api/staff/users/u%201/ban`, and the query's defined values. */
export function operationUrl(
  operation: Pick<Operation, "path">,
  params: Record<string, string | number> = {},
  query: Record<string, unknown> = {},
): string {
  const path = operation.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operation.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
