/** The learner's offset from UTC in minutes, so "today" is their own day. */
export const tzOffset = () => -new Date().getTimezoneOffset();
