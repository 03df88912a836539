// The side-by-side bench's adapters ask each server for what the row says: the URL a Directus 11
// server gets, and the form ours gets, for each kind of request.
import { describe, expect, it } from 'vitest';
import { DIRECTUS_DEFAULTS, directusUrl, oursForm, type ListRequest } from '../../bench/compare-adapters';

const directus = { ...DIRECTUS_DEFAULTS, base: 'http://directus.example:8055' };
const request = (over: Partial<ListRequest> = {}): ListRequest => ({
  q: '',
  includeDeleted: true,
  offset: 0,
  pageSize: 20,
  ...over,
});
const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('Directus adapter', () => {
  it('asks for page 1 of the collection newest first, with the filtered count and our row’s fields', () => {
    const url = directusUrl(directus, request());
    expect(new URL(url).pathname).toBe('/items/users');
    expect(paramsOf(url)).toEqual({
      fields:
        'id,username,email,first_name,last_name,phone,organization_id,user_type,user_category,active,deleted,created_at,expiry_dt',
      sort: '-id',
      limit: '20',
      offset: '0',
      meta: 'filter_count',
    });
  });

  it('matches typed text as a case-insensitive prefix of each name field, and can leave deleted users out', () => {
    const url = directusUrl(directus, request({ q: 'Smi', includeDeleted: false }));
    expect(JSON.parse(paramsOf(url)['filter']!)).toEqual({
      _and: [
        {
          _or: [
            { first_name: { _istarts_with: 'Smi' } },
            { last_name: { _istarts_with: 'Smi' } },
            { email: { _istarts_with: 'Smi' } },
            { username: { _istarts_with: 'Smi' } },
          ],
        },
        { deleted: { _eq: 0 } },
      ],
    });
    expect(JSON.parse(paramsOf(directusUrl(directus, request({ includeDeleted: false })))['filter']!)).toEqual({
      deleted: { _eq: 0 },
    });
  });

  it('reaches a deep page by offset without counting again, and addresses its own users as /users', () => {
    const deep = paramsOf(directusUrl(directus, request({ offset: 500_000, pageSize: 50 })));
    expect(deep['offset']).toBe('500000');
    expect(deep['limit']).toBe('50');
    expect(deep['meta']).toBeUndefined();
    const own = new URL(
      directusUrl({ ...directus, collection: 'directus_users', base: 'http://h.example/cms' }, request()),
    );
    expect(own.pathname).toBe('/cms/users');
  });
});

describe('our adapter', () => {
  it('posts the list’s form newest first, with the deleted filter and the text', () => {
    expect(oursForm(request({ q: 'james.smi' }))).toEqual({
      sort: 'id',
      dir: 'desc',
      page_size: '20',
      deleted: 'include',
      q: 'james.smi',
    });
    expect(oursForm(request({ includeDeleted: false }))['deleted']).toBe('exclude');
  });

  it('reaches a deep page through its cursor, without the total', () => {
    expect(oursForm(request({ offset: 1000, includeDeleted: false }), 'CURSOR')).toMatchObject({
      cursor: 'CURSOR',
      with_total: 'false',
    });
    expect(() => oursForm(request({ offset: 1000 }))).toThrow(/cursor/);
  });
});
