/** The discussion under a question: this feature's only door. */
export { QuestionComments } from './components/comments-section';
