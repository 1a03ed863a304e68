import './player.css';
/**
 * The player's public face: the exam and history screens show questions with these pieces
 * (and nothing else of the player's internals).
 */
export { ChoiceList, type ChoiceCorrection } from './components/choice-list';
export { Elapsed } from './components/elapsed';
export { QuestionStem } from './components/question-stem';
export { RichText, preloadMarkdown } from './components/rich-text';
export { formatScore } from './components/study-question';
export { choiceIndexForKey, isTypingTarget, isActivatable } from './lib/keys';
export { getScoringRule, useScoringRule } from './lib/scoring';
export { seededShuffle } from './lib/shuffle';
export { toPlainText } from './lib/math-text';
export { playAnswerSound } from './lib/sound';
// A review or mistakes run studies its questions one by one with the same component.
export { StudyQuestion } from './components/study-question';
export { HelpOverlay } from './components/help-overlay';
