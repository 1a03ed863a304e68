/** The statistics feature's public face: the player shows the peer figures after an answer. */
export { PeerStats } from './components/peer-stats';
// An exam's review: other learners' figures, never counting the learner (issue 33).
export { OthersFigures } from './components/others-figures';
export { useOthersStats } from './api/get-others-stats';
export { DIFFICULTY_LEVELS, DifficultyFilter } from './components/difficulty-filter';
export { DifficultyBadge, DifficultySelect } from './components/difficulty-badge';
