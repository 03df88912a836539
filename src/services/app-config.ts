// Reads the settings the server injects into index.html (<meta name="app-config" content='{…}'>).
import * as v from 'valibot';
import { APP_CONFIG_META, AppConfig, DEFAULT_APP_CONFIG } from '../domain/app-config';

export function readAppConfig(doc: Document = document): AppConfig {
  const content = doc.querySelector(`meta[name="${APP_CONFIG_META}"]`)?.getAttribute('content');
  if (!content) return DEFAULT_APP_CONFIG;
  try {
    const parsed = v.safeParse(AppConfig, JSON.parse(content));
    return parsed.success ? parsed.output : DEFAULT_APP_CONFIG;
  } catch {
    return DEFAULT_APP_CONFIG;
  }
}
