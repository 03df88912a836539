// A form POST made from a page as the panel makes it (the session's cookies and its CSRF header):
// to read what a scenario needs without clicking for it, and to prove the server refuses what the
// screen hides.
import type { Page } from 'playwright-core';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../src/domain/constants';

export function postFromPage(
  page: Page,
  path: string,
  fields: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ cookie, header, path, fields }) => {
      const csrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${cookie}=`))
          ?.slice(cookie.length + 1) ?? '',
      );
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      const res = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { [header]: csrf },
        body: form,
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { cookie: CSRF_COOKIE, header: CSRF_HEADER, path, fields },
  );
}

/** The first managed users by id (the seed's staff come first and are left out). */
export async function firstManagedUsers(page: Page, count: number): Promise<{ id: number; username: string }[]> {
  const { body } = await postFromPage(page, '/user/search_user/', { sort: 'id', dir: 'asc', page_size: '100' });
  const users = (body as { userItems: { id: number; username: string; user_type: string }[] }).userItems;
  return users
    .filter((u) => u.user_type !== 'is_staff')
    .slice(0, count)
    .map((u) => ({ id: u.id, username: u.username }));
}
