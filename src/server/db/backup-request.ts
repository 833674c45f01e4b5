import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { writeEmbeddedBackup } from "./embedded-backup";
import type { Logger } from "../lib/logger";
import type { PGlite } from "@electric-sql/pglite";

/**
 * A backup of the embedded database while the server runs: only the server may open its data
 * folder, so the backup command leaves a request file there and signals the server (SIGUSR2),
 * which writes the backup and its result file. Whoever can write to the data folder and signal
 * the server's process (its user) may ask; nothing is reachable over the network.
 */
const REQUEST_FILE = "backup-request.json";
const RESULT_FILE = "backup-result.json";

interface BackupRequest {
  id: string;
  file: string;
}
type BackupResult = { id: string; ok: true; bytes: number } | { id: string; ok: false; error: string };

const readJson = <T>(file: string): T | undefined => {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
};

/** The server's side: answers each request with a backup and a result file. Returns the way to stop. */
export function answerBackupRequests(client: PGlite, dataDir: string, log: Logger): () => void {
  let busy = false;
  const answer = async () => {
    const request = readJson<BackupRequest>(path.join(dataDir, REQUEST_FILE));
    if (!request || busy) return;
    busy = true;
    fs.rmSync(path.join(dataDir, REQUEST_FILE), { force: true });
    let result: BackupResult;
    try {
      const { bytes } = await writeEmbeddedBackup(client, dataDir, request.file);
      result = { id: request.id, ok: true, bytes };
      log.info(`backup written to ${request.file} (${bytes} bytes)`);
    } catch (error) {
      result = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
      log.error("backup failed", { err: error });
    } finally {
      busy = false;
    }
    fs.writeFileSync(path.join(dataDir, RESULT_FILE), JSON.stringify(result), { mode: 0o600 });
  };
  const onSignal = () => void answer();
  process.on("SIGUSR2", onSignal);
  return () => process.off("SIGUSR2", onSignal);
}

/** The command's side: asks the server holding `dataDir` (process `pid`) for a backup to `file`. */
export async function requestBackupFromServer(
  dataDir: string,
  pid: number,
  file: string,
  timeoutMs = 300_000,
): Promise<{ bytes: number }> {
  const id = randomUUID();
  const resultFile = path.join(dataDir, RESULT_FILE);
  fs.rmSync(resultFile, { force: true });
  const request: BackupRequest = { id, file: path.resolve(file) };
  fs.writeFileSync(path.join(dataDir, REQUEST_FILE), JSON.stringify(request), { mode: 0o600 });
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = readJson<BackupResult>(resultFile);
    if (result?.id === id) {
      fs.rmSync(resultFile, { force: true });
      if (!result.ok) throw new Error(`The server could not write the backup: ${result.error}`);
      return { bytes: result.bytes };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server (PID ${pid}) did not answer the backup request within ${timeoutMs / 1000} s.`);
}
