/** The tools beside a question (note, own images, playlists, report): this feature's only door. */
export {
  QuestionTools,
  toolOf,
  type ToolsChange,
  type ToolsQuestion,
} from './components/question-tools';
