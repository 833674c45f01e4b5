import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; both PGlite and PostgreSQL run them.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/*.ts",
  out: "./drizzle",
});
