/** What other features call of the statistics (their rows follow the answers: `answers/`). */
export { catalogueSummary } from './catalogue-summary';
