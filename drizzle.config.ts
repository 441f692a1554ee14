import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and applied by the server at startup.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/server/db/schema.ts",
  out: "./drizzle",
});
