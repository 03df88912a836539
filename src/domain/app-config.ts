// Settings the server hands the page inside index.html (<meta name="app-config">), so the
// panel needs no extra request before it can draw /login.
import * as v from 'valibot';
import { IDLE_TIMEOUT_MS, SESSION_RECHECK_MS } from './constants';

export const AppConfig = v.object({
  /** 'production' hides error details (spec §2, generic error screen). */
  environment: v.picklist(['production', 'development', 'test']),
  /** This server's type, e.g. 'app'; the Redirect-to menu lists the others. */
  server_type: v.string(),
  /** The platform key that names wire fields ({product}_owner …). */
  product_key: v.string(),
  /** What a person reads for the product (PRODUCT_NAME); absent reads as the key capitalised. */
  product_name: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(40))),
  idle_timeout_ms: v.pipe(v.number(), v.integer(), v.minValue(1_000)),
  recheck_ms: v.pipe(v.number(), v.integer(), v.minValue(1_000)),
});
export type AppConfig = v.InferOutput<typeof AppConfig>;

export const DEFAULT_APP_CONFIG: AppConfig = {
  environment: 'development',
  server_type: 'app',
  product_key: 'product',
  idle_timeout_ms: IDLE_TIMEOUT_MS,
  recheck_ms: SESSION_RECHECK_MS,
};

export const APP_CONFIG_META = 'app-config';
