import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/platform/database/schema/index.ts',
  out: './server/src/platform/database/migrations',
});
