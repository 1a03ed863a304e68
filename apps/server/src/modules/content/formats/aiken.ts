import { choiceLetter } from '@qbank/contract';
import {
  buildDocument,
  linesOf,
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
  /** Last line read into the record. */
  end: number;
  stem: string[];
  options: string[];
  answer?: string;
  /** What is wrong inside the record, naming the line where it is. */
  error?: string;
}

/**
 * Moodle's Aiken format, strictly: a question (one or more lines), options `A)` or `A.` in
 * order, then `ANSWER: X`; records separated by blank lines or simply following each other.
 * Anything else inside a record (e.g. the `NUMBERING:` extension) makes the record invalid; each
 * bad record is reported by the lines it spans (issue 32), its message naming the faulty line.
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
    const refuse = (message: string) => void errors.push({ ...linesOf(b.line, b.end), message });
    if (b.error) return refuse(b.error);
    if (!b.options.length) return refuse('Not an Aiken question: no lettered options (A) …).');
    if (!b.answer) return refuse('The question has no "ANSWER: X" line.');
    const index = b.answer.toUpperCase().charCodeAt(0) - 65;
    if (index >= b.options.length) {
      return refuse(`ANSWER: ${b.answer} names no option of the question.`);
    }
    raws.push({
      line: b.line,
      endLine: b.end,
      stem: b.stem.join('\n').trim(),
      choices: b.options.map((o, i) => ({ text: o, weight: i === index ? 1 : 0 })),
    });
  };

  /**
   * Files without blank lines between records: a line that is neither an option nor ANSWER, after
   * a record's options, starts the next record when the lines after it lead to an `A)` option
   * (the record before lacked its ANSWER line); otherwise it is a stray line of this record.
   */
  const startsRecord = (from: number): boolean => {
    for (let j = from + 1; j < lines.length; j++) {
      const next = lines[j]!.trim();
      if (!next || ANSWER.test(next)) return false;
      const option = OPTION.exec(next);
      if (option) return (option[1] ?? option[3]) === 'A';
    }
    return false;
  };

  lines.forEach((rawLine, i) => {
    const lineNo = i + 1;
    const line = rawLine.trim();
    if (!line) return close();
    if (block?.answer !== undefined) close();
    if (!block) {
      block = { line: lineNo, end: lineNo, stem: [line], options: [] };
      return;
    }
    const answer = ANSWER.exec(line);
    const option = OPTION.exec(line);
    if (!answer && !option && (block.options.length || block.error) && startsRecord(i)) {
      close();
      block = { line: lineNo, end: lineNo, stem: [line], options: [] };
      return;
    }
    block.end = lineNo;
    if (block.error) {
      // A broken record still ends at its ANSWER line: the next record is reported on its own.
      if (answer) block.answer = answer[1]!;
      return;
    }
    if (answer && block.options.length) {
      block.answer = answer[1]!;
      return;
    }
    if (option) {
      const letter = option[1] ?? option[3]!;
      if (letter.charCodeAt(0) - 65 !== block.options.length) {
        block.error = `Line ${lineNo}: option ${letter} is out of order (expected ${choiceLetter(block.options.length)}).`;
        return;
      }
      block.options.push((option[2] ?? '').trim());
      return;
    }
    if (block.options.length) {
      block.error = `Line ${lineNo}: unexpected line in an Aiken question: "${line.slice(0, 60)}".`;
      return;
    }
    block.stem.push(line);
  });
  close();
  return buildDocument(raws, options, errors, []);
}
