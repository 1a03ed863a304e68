/** The statistics feature's public face: the player shows the peer figures after an answer. */
export { PeerStats } from './components/peer-stats';
export { DIFFICULTY_LEVELS, DifficultyFilter } from './components/difficulty-filter';
export { DifficultyBadge, DifficultySelect } from './components/difficulty-badge';
