/**
 * How a question's content reads (stem, vignette, images, choices, Markdown with maths): one
 * place that the player, the exam, comments, notes and staff previews all render through, so
 * none of those features imports another's internals to show a question.
 */
export { ChoiceList, type ChoiceCorrection } from './choice-list';
export { QuestionStem } from './question-stem';
export { RichText, preloadMarkdown } from './rich-text';
export { toPlainText } from './math-text';
