// The Audit Log's URL: its search and page as query parameters, so Reload and Back return to them.
import {
  AUDIT_ACTION_MAX,
  AUDIT_AUTHOR_MAX,
  AUDIT_RESULTS,
  RECORD_KIND_KEYS,
  type AuditResult,
  type RecordKind,
} from '../../domain/audit-log';
import { AUDIT_CATEGORIES, type AuditCategory } from '../../domain/audit';
import type { AuditQuery } from './audit-log.types';
import type { UrlParams } from '../../ui/shared/url-params';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | undefined, fallback: T | ''): T | '' =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** The URL's parameters as a search: anything unknown reads as not set. */
export function auditQueryOf(p: UrlParams): AuditQuery {
  return {
    category: oneOf<AuditCategory>(AUDIT_CATEGORIES, p['category'], ''),
    author: (p['author'] ?? '').slice(0, AUDIT_AUTHOR_MAX),
    record_kind: oneOf<RecordKind>(RECORD_KIND_KEYS, p['record_kind'], ''),
    record_id: /^\d{1,15}$/.test(p['record_id'] ?? '') ? p['record_id']! : '',
    action: (p['action'] ?? '').slice(0, AUDIT_ACTION_MAX),
    from: DAY.test(p['from'] ?? '') ? p['from']! : '',
    to: DAY.test(p['to'] ?? '') ? p['to']! : '',
    result: (oneOf<AuditResult>(AUDIT_RESULTS, p['result'], 'both') || 'both') as AuditResult,
    cursor: p['cursor'] ?? '',
  };
}

/** A search as the URL's parameters: only what is set. */
export const auditParamsOf = (q: AuditQuery): UrlParams =>
  Object.fromEntries(Object.entries(q).filter(([k, v]) => v !== '' && !(k === 'result' && v === 'both')));
