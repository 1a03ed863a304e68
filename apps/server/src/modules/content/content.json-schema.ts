import path from 'node:path';
import { z } from 'zod';
import { contentDocumentSchema } from '@qbank/contract';
import { packageRoot } from '../../lib/paths';

/** docs/qbank-content.schema.json at the repository root. */
export const contentSchemaFile = () =>
  path.join(packageRoot(), '..', '..', 'docs', 'qbank-content.schema.json');

/** The JSON Schema of a file to import (defaults make fields optional), as committed. */
export function contentJsonSchemaText(): string {
  const schema = z.toJSONSchema(contentDocumentSchema, { io: 'input', target: 'draft-2020-12' });
  const document = {
    $id: 'https://qbank.local/schemas/qbank-content.schema.json',
    title: 'QBank content file (import and export)',
    description: 'See docs/import-format.md. Generated from packages/contract/src/content.ts.',
    ...schema,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
