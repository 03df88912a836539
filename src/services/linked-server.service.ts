// Opens another server type of the platform signed in as the same person (spec §2, Redirect to).
// The link token from session_check/ is short-lived and single-use, so a fresh one is fetched at
// click time. The tab is opened before the first await, while the click still counts as a user
// gesture, so popup blockers let it through; it is pointed at the target once the token arrives.
import { checkSession } from './auth.service';

export async function openLinkedServer(serverType: string): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const reply = await checkSession();
    if (!reply.status) throw new Error('your session has ended; sign in again');
    const base = reply.server_urls[serverType];
    if (!base) throw new Error(`No address is configured for ${serverType}.`);
    const url = `${base.replace(/\/$/, '')}/redirect?token=${encodeURIComponent(reply.jwt_token)}`;
    if (tab) {
      tab.opener = null; // the other server gets no handle on this page
      tab.location.href = url;
    } else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
