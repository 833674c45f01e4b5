import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  headers: Record<string, string>;
  body: string;
}

/** What a receiver answers to its n-th request (from 0): a status with headers and body, or silence. */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | "hang";

/** A local HTTP receiver for the delivery tests: records what it gets and answers as told. */
export async function startReceiver(answer: (n: number) => Answer = () => ({ status: 200, body: "ok" })) {
  const requests: ReceivedRequest[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const n = requests.length;
      requests.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const reply = answer(n);
      if (reply === "hang") return void hanging.push(res);
      res.writeHead(reply.status, reply.headers);
      res.end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The same dice every time: waits are exactly three quarters of their ceiling. */
export const fixedRandom = () => 0.5;
