// `GET <url>` one at a time, 20 a second, from a process of its own (scripts/lib/upload-load.ts):
// the uploads' client work (reading and sending 80 MB) must not be counted against the server.
// Started with child_process.fork(path, [url]); on "stop" it sends { latencies } and exits.
const url = process.argv[2];
const latencies = [];
let running = true;
let failure;
process.on("message", (message) => {
  if (message === "stop") running = false;
});
process.send?.("ready");
while (running) {
  const started = performance.now();
  const res = await fetch(url).catch((error) => ({ status: String(error) }));
  if (res.status !== 200) failure ??= `GET ${url} answered ${res.status} during the uploads`;
  else await res.arrayBuffer();
  latencies.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
process.send?.({ latencies, failure }, () => process.exit(0));
