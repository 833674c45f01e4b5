import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../src/server/test/child-process";

const run = promisify(execFile);
const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const SHIPPED = path.join(REPO_ROOT, "deploy", "nginx", "cogwork");

export interface NginxProxy {
  baseUrl: string;
  /** The test's copy of deploy/nginx/cogwork/upstream.conf, on the test's ports. */
  upstreamFile: string;
  /** The command that reloads this nginx (for deploy/rolling-restart.sh). */
  reloadCommand: string;
  stop: () => Promise<void>;
}

/** The shipped upstream list with its instances' ports replaced, in order, by `ports`. */
function upstreamOn(ports: number[]): string {
  const shipped = fs.readFileSync(path.join(SHIPPED, "upstream.conf"), "utf8");
  const servers = shipped.match(/^\s*server\s+127\.0\.0\.1:\d+/gm) ?? [];
  if (servers.length !== ports.length)
    throw new Error(
      `deploy/nginx/cogwork/upstream.conf lists ${servers.length} instances, the test runs ${ports.length}`,
    );
  let next = 0;
  return shipped.replace(/^(\s*server\s+127\.0\.0\.1:)\d+/gm, (_, head: string) => `${head}${ports[next++]}`);
}

/**
 * Debian's nginx with the shipped configuration (deploy/nginx/cogwork: the upstream list and the
 * proxy settings, as installed under /etc/nginx/cogwork) in a prefix of its own, listening on
 * loopback without TLS in place of site.conf's server blocks.
 */
export async function startNginx(port: number, instancePorts: number[]): Promise<NginxProxy> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-nginx-"));
  const conf = path.join(prefix, "conf");
  fs.mkdirSync(path.join(conf, "cogwork"), { recursive: true });
  fs.mkdirSync(path.join(prefix, "logs"));
  fs.copyFileSync(path.join(SHIPPED, "proxy.conf"), path.join(conf, "cogwork", "proxy.conf"));
  const upstreamFile = path.join(conf, "cogwork", "upstream.conf");
  fs.writeFileSync(upstreamFile, upstreamOn(instancePorts));
  fs.writeFileSync(
    path.join(conf, "nginx.conf"),
    [
      // As root (CI) the workers would run as nobody, who cannot enter the private prefix.
      process.getuid?.() === 0 ? "user root;" : "",
      "worker_processes 2;",
      "pid logs/nginx.pid;",
      "error_log logs/error.log warn;",
      "events { worker_connections 1024; }",
      "http {",
      "  access_log logs/access.log;",
      "  include cogwork/upstream.conf;",
      `  server { listen 127.0.0.1:${port}; include cogwork/proxy.conf; }`,
      "}",
      "",
    ].join("\n"),
  );
  const args = ["-p", prefix, "-c", path.join(conf, "nginx.conf")];
  await run(NGINX, ["-t", ...args]);
  await run(NGINX, args);
  const signal = (name: string) => run(NGINX, [...args, "-s", name]);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    upstreamFile,
    reloadCommand: [NGINX, ...args, "-s", "reload"].join(" "),
    stop: async () => {
      const pidFile = path.join(prefix, "logs", "nginx.pid");
      if (fs.existsSync(pidFile)) {
        await signal("stop").catch(() => {});
        for (let tries = 0; fs.existsSync(pidFile) && tries < 100; tries++)
          await new Promise((resolve) => setTimeout(resolve, 100));
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
