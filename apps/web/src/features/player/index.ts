import './player.css';
/**
 * The player's public face: the exam and review screens run questions with these pieces
 * (and nothing else of the player's internals).
 */
export { Elapsed } from './components/elapsed';
export { formatScore } from './components/study-question';
export { choiceIndexForKey, isActivatable, isPlayerKey, isTypingTarget } from './lib/keys';
export { getScoringRule, useScoringRule } from './lib/scoring';
export { seededShuffle } from './lib/shuffle';
export { playAnswerSound } from './lib/sound';
// A review or mistakes run studies its questions one by one with the same component.
export { StudyQuestion } from './components/study-question';
export { HelpOverlay } from './components/help-overlay';
// Exam tools and confidence (issue 13), shared with the exam runner and its results.
export { ExamToolsBar } from './components/exam-tools/exam-tools-bar';
export { useExamTools } from './components/exam-tools/use-exam-tools';
export { QuestionNavigator } from './components/exam-tools/question-navigator';
export { ExamQuestionPane } from './components/exam-tools/exam-question-pane';
export { flaggedPositions, nextFlagged } from './components/exam-tools/study-navigator';
export { PauseDialog } from './components/exam-tools/pause-dialog';
export { ConfidencePicker } from './components/confidence/confidence-picker';
export { MissClassifier } from './components/confidence/miss-classifier';
export { activeNow, usePaused } from './lib/pause-clock';
export {
  allFlaggedQuestionIds,
  clearScope as clearExamTools,
  useToolsState,
} from './lib/exam-tools-store';
