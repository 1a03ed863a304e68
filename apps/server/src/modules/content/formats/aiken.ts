import {
  buildDocument,
  splitLines,
  type ParseOptions,
  type ParseResult,
  type Problem,
  type RawQuestion,
} from './common';

const OPTION = /^([A-Z])[.)]\s+(.*)$|^([A-Z])[.)]$/;
const ANSWER = /^ANSWER:\s*([A-Z])\s*$/i;

interface Block {
  line: number;
  stem: string[];
  options: string[];
  answer?: string;
  error?: Problem;
}

/**
 * Moodle's Aiken format, strictly: a question (one or more lines), options `A)` or `A.` in
 * order, then `ANSWER: X`; records separated by blank lines. Anything else inside a record
 * (e.g. the `NUMBERING:` extension) makes the record invalid.
 */
export function parseAiken(text: string, options: ParseOptions): ParseResult {
  const lines = splitLines(text);
  const errors: Problem[] = [];
  const raws: RawQuestion[] = [];
  let block: Block | undefined;

  const close = () => {
    if (!block) return;
    const b = block;
    block = undefined;
    if (b.error) return void errors.push(b.error);
    if (!b.options.length) {
      return void errors.push({
        line: b.line,
        message: 'Not an Aiken question: no lettered options (A) …).',
      });
    }
    if (!b.answer) {
      return void errors.push({ line: b.line, message: 'The question has no "ANSWER: X" line.' });
    }
    const index = b.answer.toUpperCase().charCodeAt(0) - 65;
    if (index >= b.options.length) {
      return void errors.push({
        line: b.line,
        message: `ANSWER: ${b.answer} names no option of the question.`,
      });
    }
    raws.push({
      line: b.line,
      stem: b.stem.join('\n').trim(),
      choices: b.options.map((o, i) => ({ text: o, weight: i === index ? 1 : 0 })),
    });
  };

  lines.forEach((rawLine, i) => {
    const lineNo = i + 1;
    const line = rawLine.trim();
    if (!line) return close();
    if (block?.answer !== undefined) close();
    if (!block) {
      block = { line: lineNo, stem: [line], options: [] };
      return;
    }
    if (block.error) return;
    const answer = ANSWER.exec(line);
    if (answer && block.options.length) {
      block.answer = answer[1]!;
      return;
    }
    const option = OPTION.exec(line);
    if (option) {
      const letter = option[1] ?? option[3]!;
      if (letter.charCodeAt(0) - 65 !== block.options.length) {
        block.error = {
          line: lineNo,
          message: `Option ${letter} is out of order (expected ${String.fromCharCode(65 + block.options.length)}).`,
        };
        return;
      }
      block.options.push((option[2] ?? '').trim());
      return;
    }
    if (block.options.length) {
      block.error = {
        line: lineNo,
        message: `Unexpected line in an Aiken question: "${line.slice(0, 60)}".`,
      };
      return;
    }
    block.stem.push(line);
  });
  close();
  return buildDocument(raws, options, errors, []);
}
