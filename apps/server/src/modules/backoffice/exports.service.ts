import { strToU8, zipSync } from 'fflate';
import {
  CHOICE_LETTERS,
  MIN_CHOICES,
  type ContentDocument,
  type EXPORT_FORMATS,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import { exportContent } from '../content/content.export';
import { toMoodleXml } from './moodle-xml-export';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';

/** Our JSON, CSV (the CSV importer's columns), a QTI 2.1 content package (zip), Moodle XML. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const csvCell = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/**
 * Tags joined by semicolons; a lone tag holding a comma gets a trailing one, so the importer
 * (`splitTags`) splits on semicolons and keeps the comma inside the tag.
 */
const tagsCell = (tags: string[]) => {
  const cell = tags.join(';');
  return tags.some((t) => t.includes(',')) && !cell.includes(';') ? `${cell};` : cell;
};

export function toCsv(document: ContentDocument): string {
  const courseOf = new Map<string, { module: string; course: string }>();
  const sourceOf = new Map<string, string>();
  for (const m of document.modules) {
    for (const c of m.courses) courseOf.set(c.external_id, { module: m.name, course: c.name });
    for (const s of m.sources) sourceOf.set(s.external_id, s.name);
  }
  // One letter column per choice of the widest question (A–Z), as the CSV importer reads them.
  const width = Math.max(MIN_CHOICES, ...document.questions.map((q) => q.choices.length));
  const letters = CHOICE_LETTERS.slice(0, width).split('');
  // external_id: the importer keeps it as it is (a `name` gets the file name as prefix).
  const header = [
    'external_id',
    'category',
    'course',
    'question',
    ...letters,
    'correct',
    'explanation',
    'tags',
    'source',
    'year',
  ];
  const lines = [header.join(',')];
  for (const q of document.questions) {
    const where = courseOf.get(q.course)!;
    const choices = letters.map((_, i) => q.choices[i]?.text ?? '');
    const correct = q.choices.flatMap((c, i) => (c.is_correct ? [CHOICE_LETTERS[i]] : [])).join('');
    lines.push(
      [
        q.external_id,
        where.module,
        where.course,
        q.stem,
        ...choices,
        correct,
        q.explanation,
        tagsCell(q.tags),
        q.source === null ? '' : (sourceOf.get(q.source) ?? ''),
        q.year === null ? '' : String(q.year),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const itemId = (externalId: string, index: number) =>
  `item-${index + 1}-${externalId.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60)}`;

/** One QTI 2.1 choiceInteraction item; the stem and choices as preformatted Markdown text. */
export function qtiItem(q: ContentDocument['questions'][number], id: string): string {
  const correct = q.choices.flatMap((c, i) =>
    c.is_correct ? [`<value>${CHOICE_LETTERS[i]}</value>`] : [],
  );
  const single = q.type === 'qcs';
  return `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqti_v2p1 http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd"
  identifier="${xml(id)}" title="${xml(q.external_id)}" adaptive="false" timeDependent="false">
  <responseDeclaration identifier="RESPONSE" cardinality="${single ? 'single' : 'multiple'}" baseType="identifier">
    <correctResponse>${correct.join('')}</correctResponse>
  </responseDeclaration>
  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
  <itemBody>
    <div><pre>${xml(q.stem)}</pre></div>
    <choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="${single ? 1 : 0}">
${q.choices.map((c, i) => `      <simpleChoice identifier="${CHOICE_LETTERS[i]}">${xml(c.text)}</simpleChoice>`).join('\n')}
    </choiceInteraction>
  </itemBody>
  <responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>${
    q.explanation
      ? `
  <modalFeedback outcomeIdentifier="SCORE" showHide="hide" identifier="EXPLANATION"><pre>${xml(q.explanation)}</pre></modalFeedback>`
      : ''
  }
</assessmentItem>
`;
}

export function toQtiPackage(document: ContentDocument): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const resources: string[] = [];
  document.questions.forEach((q, index) => {
    const id = itemId(q.external_id, index);
    const href = `items/${id}.xml`;
    files[href] = strToU8(qtiItem(q, id));
    resources.push(
      `    <resource identifier="${xml(id)}" type="imsqti_item_xmlv2p1" href="${xml(href)}">\n      <file href="${xml(href)}"/>\n    </resource>`,
    );
  });
  files['imsmanifest.xml'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="qbank-export">
  <metadata><schema>QTIv2.1 Package</schema><schemaversion>1.0.0</schemaversion></metadata>
  <organizations/>
  <resources>
${resources.join('\n')}
  </resources>
</manifest>
`);
  return zipSync(files);
}

export async function exportBank(
  { db, storage }: Pick<ServiceDeps, 'db' | 'storage'>,
  actor: StaffActor,
  format: ExportFormat,
  moduleId?: number,
): Promise<{ body: string | Buffer; type: string; filename: string }> {
  const document = await exportContent(db, storage, { moduleId });
  // The bank leaving the app (a copy of the answers' key) is a staff action like any write.
  await recordStaffAction({ db }, actor, 'export.download', { type: 'export', id: null }, null, {
    format,
    module: moduleId ?? null,
    questions: document.questions.length,
  });
  if (format === 'csv')
    return { body: toCsv(document), type: 'text/csv; charset=utf-8', filename: 'qbank.csv' };
  if (format === 'moodle-xml') {
    return {
      body: toMoodleXml(document),
      type: 'application/xml; charset=utf-8',
      filename: 'qbank-moodle.xml',
    };
  }
  if (format === 'qti') {
    return {
      body: Buffer.from(toQtiPackage(document)),
      type: 'application/zip',
      filename: 'qbank-qti.zip',
    };
  }
  return {
    body: JSON.stringify(document, null, 2),
    type: 'application/json; charset=utf-8',
    filename: 'qbank.json',
  };
}
