// How the side-by-side bench (`bench/compare.ts`) asks a server for a page of the user list:
// one adapter a kind of server, each turning the same request into that server's own call. Ours
// posts the list's form to `user/search_user/`; Directus 11 gets `GET /items/<collection>` (or
// `/users` for its own directus_users) with `filter`, `limit`, `offset`, `sort` and
// `meta=filter_count`, signed with a static token. Another product is one more adapter here and
// one more name in ADAPTERS.
import * as v from 'valibot';

/** One request of the user list, said without any server's words. */
export interface ListRequest {
  /** Typed text, matched as a prefix of first name, last name, email or username; '' for none. */
  q: string;
  /** false: deleted users left out (the panel's default). */
  includeDeleted: boolean;
  /** Rows skipped in the newest-first order: 0 for page 1, which also counts the total. */
  offset: number;
  pageSize: number;
}

/** What a reply holds that the bench reads: its size, and the total when the page counted one. */
export interface ListReply {
  bytes: number;
  total: number | null;
}

/** An adapter signed in to its server: sends one request, answers when its reply has been read. */
export interface OpenAdapter {
  send(request: ListRequest): Promise<ListReply>;
  close(): Promise<void>;
}

// ── Directus 11 ─────────────────────────────────────────────────────────────

export interface DirectusOptions {
  /** The server, e.g. http://127.0.0.1:8055. */
  base: string;
  /** A static token (a user's token field), sent as `Authorization: Bearer`. */
  token: string;
  /** The collection holding the users: 'users' (as imported) is `/items/users`; 'directus_users' is `/users`. */
  collection: string;
  /** The fields a page returns: the columns of our list's rows by default. */
  fields: readonly string[];
  /** The filter that leaves deleted users out. */
  liveFilter: Record<string, unknown>;
  /** The fields typed text is matched against, each as a case-insensitive prefix. */
  textFields: readonly string[];
}

export const DIRECTUS_DEFAULTS: Omit<DirectusOptions, 'base' | 'token'> = {
  collection: 'users',
  fields: [
    'id',
    'username',
    'email',
    'first_name',
    'last_name',
    'phone',
    'organization_id',
    'user_type',
    'user_category',
    'active',
    'deleted',
    'created_at',
    'expiry_dt',
  ],
  liveFilter: { deleted: { _eq: 0 } },
  textFields: ['first_name', 'last_name', 'email', 'username'],
};

/** The Directus URL of `request`: newest first, the text as `_istarts_with` on each text field (`_or`). */
export function directusUrl(options: Omit<DirectusOptions, 'token'>, request: ListRequest): string {
  // Relative to the base, so a Directus served under a path (http://host/cms/) keeps it.
  const path = options.collection === 'directus_users' ? 'users' : `items/${encodeURIComponent(options.collection)}`;
  const url = new URL(path, options.base.endsWith('/') ? options.base : `${options.base}/`);
  const and: Record<string, unknown>[] = [];
  if (request.q !== '')
    and.push({ _or: options.textFields.map((field) => ({ [field]: { _istarts_with: request.q } })) });
  if (!request.includeDeleted) and.push(options.liveFilter);
  const params = url.searchParams;
  params.set('fields', options.fields.join(','));
  params.set('sort', '-id');
  params.set('limit', String(request.pageSize));
  params.set('offset', String(request.offset));
  if (and.length) params.set('filter', JSON.stringify(and.length === 1 ? and[0] : { _and: and }));
  if (request.offset === 0) params.set('meta', 'filter_count');
  return url.toString();
}

const DirectusReply = v.object({
  data: v.array(v.unknown()),
  meta: v.optional(v.object({ filter_count: v.optional(v.nullable(v.number())) })),
});

export function directusAdapter(options: DirectusOptions): OpenAdapter {
  return {
    async send(request) {
      const res = await fetch(directusUrl(options, request), { headers: { authorization: `Bearer ${options.token}` } });
      const body = new Uint8Array(await res.arrayBuffer());
      const text = new TextDecoder().decode(body);
      if (res.status !== 200) throw new Error(`Directus answered ${res.status}: ${text.slice(0, 300)}`);
      const reply = v.parse(DirectusReply, JSON.parse(text));
      return { bytes: body.byteLength, total: reply.meta?.filter_count ?? null };
    },
    async close() {},
  };
}

// ── ours ────────────────────────────────────────────────────────────────────

/**
 * The form `user/search_user/` gets for `request`: newest first; a page further down is reached
 * through `cursor`, the keyset position `offset` rows in (our list pages by cursor, not offset).
 */
export function oursForm(request: ListRequest, cursor?: string): Record<string, string> {
  const form: Record<string, string> = {
    sort: 'id',
    dir: 'desc',
    page_size: String(request.pageSize),
    deleted: request.includeDeleted ? 'include' : 'exclude',
  };
  if (request.q !== '') form['q'] = request.q;
  if (request.offset > 0) {
    if (!cursor) throw new Error('our list reaches a deep page through a cursor');
    form['cursor'] = cursor;
    form['with_total'] = 'false';
  }
  return form;
}

/** The adapters `--adapter` names. */
export const ADAPTERS = ['ours', 'directus'] as const;
export type AdapterName = (typeof ADAPTERS)[number];
