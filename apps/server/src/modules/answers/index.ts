/** The answers feature's public face: recording an answer and every later step of its life. */
export {
  checkChoiceOrder,
  correctionOf,
  grade,
  loadAnswerableQuestion,
  loadQuestion,
  loadQuestionCached,
  loadQuestions,
  logAnswer,
  logAnswers,
  type Graded,
} from './record';
export {
  checkAggregates,
  deleteHistoryEntry,
  forgetLearner,
  questionMoved,
  rebuildAll,
  rescoreQuestion,
} from './lifecycle';
export { keyChangeOf, sameKey } from './rescoring';
export { rebucketDays } from './effects/learner-stats.repository';
export type { AnswerableQuestion } from './answerable.repository';
