// The create-admin command: parses its arguments, runs the service, prints the outcome.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config";
import { DataDirLockedError } from "../db/data-dir-lock";
import { createLogger } from "../lib/logger";
import {
  CreateAdminInputError,
  createOrPromoteAdmin,
  parseCreateAdminInput,
  type CreateAdminResult,
} from "../modules/admin";
import { createRuntime } from "../runtime";

export const USAGE = 'Usage: npm run create-admin -- email@example.com [--name "Full Name"]';

function report(result: CreateAdminResult, signInUrl: string): string {
  const who = result.name ? `${result.email} (${result.name})` : result.email;
  switch (result.outcome) {
    case "created":
      return [
        `Created the staff account ${who}.`,
        `Password, shown this once: ${result.password}`,
        `Sign in at ${signInUrl} and keep the password in a password manager.`,
      ].join("\n");
    case "promoted":
      return `${who} already had an account: it is now a staff account (admin). Its owner signs in at ${signInUrl} with their existing password.`;
    case "promoted-with-new-password":
      return [
        `${who} had an account whose email address was never confirmed: it is now a confirmed staff account (admin)`,
        "with a new password, since whoever signed up chose the old one without proving the address.",
        `Password, shown this once: ${result.password}`,
        `Sign in at ${signInUrl}.`,
      ].join("\n");
    case "already-admin":
      return `${who} is already a staff account (admin); nothing changed.`;
  }
}

export interface CommandOutput {
  log: (line: string) => void;
  error: (line: string, detail?: unknown) => void;
}

/** Runs the command; answers the exit code. */
export async function createAdminCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  out: CommandOutput,
): Promise<number> {
  let args: ReturnType<typeof parseCommandLine>;
  try {
    args = parseCommandLine(argv);
  } catch (error) {
    out.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (args.help) {
    out.log(USAGE);
    return 0;
  }
  try {
    // Bad input is refused before anything opens the database.
    const input = parseCreateAdminInput(args);
    const config = loadConfig(env);
    const runtime = await createRuntime({ config, log: createLogger(config.LOG_LEVEL === "debug" ? "debug" : "warn") });
    try {
      const result = await createOrPromoteAdmin(runtime.context(), input);
      out.log(report(result, `${config.APP_URL}/secure-login`));
      return 0;
    } finally {
      await runtime.close();
    }
  } catch (error) {
    if (error instanceof CreateAdminInputError) out.error(`${error.message}\n${USAGE}`);
    else if (error instanceof ConfigError || error instanceof DataDirLockedError) out.error(error.message);
    else out.error("create-admin failed:", error);
    return 1;
  }
}

function parseCommandLine(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { name: { type: "string" }, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return { help: true as const, email: undefined, name: undefined };
  if (positionals.length !== 1)
    throw new Error(
      positionals.length === 0 ? "Give the staff member's email address." : "Give exactly one email address.",
    );
  return { help: false as const, email: positionals[0], name: values.name };
}
