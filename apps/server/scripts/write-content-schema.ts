/**
 * Writes docs/qbank-content.schema.json, the JSON Schema of our import/export format, from the
 * zod schema in packages/contract/src/content.ts. Run after changing that schema:
 *   npx tsx apps/server/scripts/write-content-schema.ts
 * (a test fails while the committed file differs from what this writes).
 */
import fs from 'node:fs';
import {
  contentSchemaFile,
  contentJsonSchemaText,
} from '../src/modules/content/content.json-schema';

fs.writeFileSync(contentSchemaFile(), contentJsonSchemaText());
console.log(`Wrote ${contentSchemaFile()}`);
