/**
 * The exam's public face: another feature starts an exam over questions it chose (a playlist),
 * then sends the learner to /exam/run.
 */
export { newExamId, startExam } from './exam-store';
