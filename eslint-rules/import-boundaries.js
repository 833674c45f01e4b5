// The layering of ARCHITECTURE.md, checked on every import:
//   shared ← server, shared ← web; web may import only types from server;
//   a feature never imports a sibling feature or the app; components and lib know no feature;
//   a server module is reached from outside only through its front door (modules/<name>/index.ts).
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const src = (...parts) => path.join(root, "src", ...parts);

function area(file) {
  const rel = path.relative(src(), file).split(path.sep);
  if (rel[0] === "..") return { layer: "outside" };
  if (rel[0] === "web" && rel[1] === "features") return { layer: "web", part: "features", feature: rel[2] };
  if (rel[0] === "server" && rel[1] === "modules" && rel[2])
    return { layer: "server", part: "modules", module: rel[2].replace(/\.tsx?$/, ""), inner: rel.slice(3).join("/") };
  return { layer: rel[0], part: rel[1] };
}

const isTypeOnly = (node) =>
  node.importKind === "type" ||
  node.exportKind === "type" ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === "type"));

export default {
  meta: {
    type: "problem",
    docs: { description: "Keep imports inside the architecture's boundaries" },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = area(file);
    // Tests sit beside the code but may reach for anything (node:fs, the server, fixtures).
    if (from.layer === "outside" || /\.test\.tsx?$/.test(file)) return {};

    function check(node) {
      const source = node.source?.value;
      if (typeof source !== "string") return;
      const report = (message) => context.report({ node: node.source, message });
      if (!source.startsWith(".")) {
        const testOfShared = from.layer === "shared" && /\.test\.tsx?$/.test(file) && source === "vitest";
        if (from.layer === "shared" && source !== "zod" && !testOfShared)
          report(`src/shared may import only zod, not "${source}".`);
        return;
      }
      const to = area(path.resolve(path.dirname(file), source));
      if (from.layer === "shared" && to.layer !== "shared") report("src/shared must not import from server or web.");
      if (from.layer === "server" && to.layer === "web") report("The server never imports the web app.");
      if (from.layer === "web" && to.layer === "server" && !isTypeOnly(node))
        report("The web app may import only types from the server (use `import type`).");
      if (from.layer === "web" && from.part === "features") {
        if (to.part === "features" && to.feature !== from.feature)
          report(`Feature "${from.feature}" must not import feature "${to.feature}"; compose them in src/web/app.`);
        if (to.layer === "web" && to.part === "app") report("A feature must not import from src/web/app.");
      }
      const intoModule = to.layer === "server" && to.part === "modules" && from.module !== to.module;
      if (intoModule && to.inner !== "" && !/^index(\.tsx?)?$/.test(to.inner))
        report(
          `Import the module "${to.module}" through its front door (modules/${to.module}/index.ts), not its files.`,
        );
      if (
        from.layer === "web" &&
        (from.part === "components" || from.part === "lib") &&
        to.layer === "web" &&
        (to.part === "features" || to.part === "app")
      ) {
        report(`src/web/${from.part} holds no domain knowledge: it must not import features or the app.`);
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
