/** Time as the app sees it; tests move it forward to expire tokens and sessions. */
export type Clock = { now(): number };
export const systemClock: Clock = { now: () => Date.now() };
