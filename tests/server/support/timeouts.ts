/**
 * Time for a test that runs the whole demo seed (server/db/seed.ts): 10-30 s on a busy 2-core
 * machine, past the server project's 30 s default. Seeding's own speed is the bench's business.
 */
export const SEEDING_MS = 180_000;
