import { betterAuthSchemas } from "./better-auth";
import { usersSchemas } from "./users";
import type { OperationSchemas } from "./api-operation";

/** Every operation's schemas, by id: what the web's fake API parses its answers with. */
export const ALL_OPERATION_SCHEMAS: Record<string, OperationSchemas> = { ...usersSchemas, ...betterAuthSchemas };
