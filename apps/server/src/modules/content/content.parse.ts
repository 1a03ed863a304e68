import path from 'node:path';
import { parseAiken } from './formats/aiken';
import { buildDocument, decodeFile, type ParseOptions, type ParseResult } from './formats/common';
import { parseCsv } from './formats/csv';
import { parseGift } from './formats/gift';
import { parseJson } from './formats/json';
import { parseMoodleXml } from './formats/moodle-xml';

export const CONTENT_FORMATS = ['json', 'csv', 'gift', 'aiken', 'moodle-xml'] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

/** The format a file name suggests: .json, .csv, .gift, .xml; Aiken is plain .txt. */
export function guessFormat(fileName: string): ContentFormat | undefined {
  const name = fileName.toLowerCase();
  if (name.endsWith('.json')) return 'json';
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.gift') || name.endsWith('.gift.txt')) return 'gift';
  if (name.endsWith('.xml')) return 'moodle-xml';
  if (name.endsWith('.txt') || name.endsWith('.aiken')) return 'aiken';
  return undefined;
}

export function parseContent(
  data: Buffer,
  format: ContentFormat,
  options: ParseOptions & { encoding?: string },
): ParseResult {
  const opts = { ...options, fileName: path.basename(options.fileName) };
  const decoded = decodeFile(data, options.encoding);
  if ('error' in decoded) return buildDocument([], opts, [decoded.error], []);
  const result = parseText(decoded.text, format, opts);
  if (decoded.warning) result.warnings.unshift(decoded.warning);
  return result;
}

function parseText(text: string, format: ContentFormat, options: ParseOptions): ParseResult {
  switch (format) {
    case 'json':
      return parseJson(text);
    case 'csv':
      return parseCsv(text, options);
    case 'gift':
      return parseGift(text, options);
    case 'aiken':
      return parseAiken(text, options);
    case 'moodle-xml':
      return parseMoodleXml(text, options);
  }
}
