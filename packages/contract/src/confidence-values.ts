// Plain values of issue 13's confidence and misses, with no zod import: the web bundles this file.

/** How sure the learner was when answering, most sure first. */
export const CONFIDENCE_LEVELS = ['sure', 'unsure', 'guess'] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];

/** Why a wrong answer was missed, as the learner classifies it afterwards. */
export const MISS_CLASSES = ['knowledge', 'misread', 'reasoning', 'timing'] as const;
export type MissClass = (typeof MISS_CLASSES)[number];
