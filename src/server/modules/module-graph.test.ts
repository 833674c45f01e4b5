import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// The server's modules depend on each other one way only: a module that needs another imports
// its front door, and nothing it reaches that way imports it back (issue 24, ADR 0026).
const modulesDir = import.meta.dirname;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+"(\.[^"]+)"/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-kit|-cases/.test(entry.name) ? [full] : [];
  });
}

/** Module → the modules its code (tests aside) imports, type-only imports included. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(modulesDir)) {
    const from = path.relative(modulesDir, file).split(path.sep)[0]!;
    if (from.endsWith(".ts")) continue;
    const edges = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const [, specifier] of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier!));
      const to = target.split(path.sep)[0]!;
      if (!target.startsWith("..") && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** One cycle as "a → b → a", or null when the graph has none. */
function findCycle(graph: Map<string, Set<string>>): string | null {
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const visit = (node: string): string | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...trail.slice(trail.indexOf(node)), node].join(" → ");
    state.set(node, "open");
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

test("no import cycle runs between the server's modules", () => {
  const graph = moduleGraph();
  expect(graph.size).toBeGreaterThan(10);
  expect(findCycle(graph)).toBeNull();
});

test("the cycle finder names a cycle it is shown", () => {
  const graph = new Map([
    ["billing", new Set(["companies"])],
    ["companies", new Set(["plan"])],
    ["plan", new Set(["billing"])],
  ]);
  expect(findCycle(graph)).toBe("billing → companies → plan → billing");
});
