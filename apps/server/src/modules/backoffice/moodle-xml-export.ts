import type { ContentDocument } from '@qbank/contract';

type Question = ContentDocument['questions'][number];

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `<tag format="markdown"><text>…</text></tag>`: our texts are Markdown with HTML. */
const textElement = (tag: string, text: string, indent: string) =>
  `${indent}<${tag} format="markdown"><text>${escape(text)}</text></${tag}>`;

/** Moodle asks the right answers' fractions to add up to 100. */
function fractionOf(q: Question, isCorrect: boolean): string {
  if (!isCorrect) return '0';
  const right = q.choices.filter((c) => c.is_correct).length;
  return String(Math.round((100 / right) * 100000) / 100000);
}

function questionXml(q: Question, category: string): string {
  const files = q.images
    .map(
      (i) => `\n      <file name="${escape(i.name)}" path="/" encoding="base64">${i.data}</file>`,
    )
    .join('');
  const answers = q.choices.map(
    (c) =>
      `    <answer fraction="${fractionOf(q, c.is_correct)}" format="markdown">\n` +
      `      <text>${escape(c.text)}</text>\n` +
      `      <feedback format="markdown"><text>${escape(c.explanation)}</text></feedback>\n` +
      `    </answer>`,
  );
  const tags = q.tags.map((t) => `<tag><text>${escape(t)}</text></tag>`).join('');
  return `  <question type="category">
    <category><text>${escape(category)}</text></category>
  </question>
  <question type="multichoice">
    <name><text>${escape(q.external_id)}</text></name>
    <questiontext format="markdown">
      <text>${escape(q.stem)}</text>${files}
    </questiontext>
${textElement('generalfeedback', q.explanation, '    ')}
    <idnumber>${escape(q.external_id)}</idnumber>
    <single>${q.type === 'qcs'}</single>
    <shuffleanswers>false</shuffleanswers>
    <answernumbering>ABCD</answernumbering>
${answers.join('\n')}
    <tags>${tags}</tags>
  </question>`;
}

/**
 * Moodle XML (issue 39): each question a `multichoice` with all its choices (up to 26), preceded
 * by its category `$course$/Module/Course`, so Moodle and our importer place it again.
 */
export function toMoodleXml(document: ContentDocument): string {
  const categoryOf = new Map<string, string>();
  for (const m of document.modules) {
    for (const c of m.courses) categoryOf.set(c.external_id, `$course$/${m.name}/${c.name}`);
  }
  const questions = document.questions.map((q) => questionXml(q, categoryOf.get(q.course)!));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join('\n')}\n</quiz>\n`;
}
