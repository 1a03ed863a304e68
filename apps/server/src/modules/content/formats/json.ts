import type { ContentDocumentInput } from '@qbank/contract';
import type { ParseResult } from './common';

/** Our own JSON format: parsed as is; the schema check comes with every other format's. */
export function parseJson(text: string): ParseResult {
  const clean = text.replace(/^\uFEFF/, '');
  try {
    const document = JSON.parse(clean) as ContentDocumentInput;
    return { document, questionLines: [], errors: [], skipped: [], warnings: [] };
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? clean.slice(0, Number(position[1])).split('\n').length : undefined;
    return {
      document: { format: 'qbank', version: 1 },
      questionLines: [],
      errors: [{ line, message: `Invalid JSON: ${message}` }],
      skipped: [],
      warnings: [],
    };
  }
}
