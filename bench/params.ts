// Cheap scrypt cost for figures that should show the server's own overhead, not the hash.
import type { ScryptParams } from '../server/config';

export const TEST_SCRYPT_FOR_BENCH: ScryptParams = { logN: 10, r: 8, p: 1 };
