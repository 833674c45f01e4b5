import { betterAuthOps } from "./better-auth";
import { usersOps } from "./users";
import type { Operation } from "../api-operation";

/** Every operation of the contract, by id (for the web's tests; screens import their domain's file). */
export const ALL_OPERATIONS: Record<string, Operation> = { ...usersOps, ...betterAuthOps };
