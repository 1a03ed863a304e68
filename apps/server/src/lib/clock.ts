/**
 * The server's "now" for scheduling (decision 038). Tests replace `clock.now` to drive a
 * simulated month of reviews without timers; nothing else should.
 */
export const clock = {
  now: (): Date => new Date(),
};
