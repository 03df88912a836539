// ALLOWED_HOSTS, as Django's (decision 068): the host names this server answers to. A request
// addressed to any other name (a forged Host header, a DNS name rebound to this server) is
// refused before anything else reads it, and the Origin check trusts no origin outside the list.
// An entry is a name, `.name` for that name and every subdomain, or an IP address; ports never
// matter, as in Django.
export const HOST_REFUSAL = 'Bad request: this server does not answer to the host name the request was sent to.';

/** The host name of a Host header or URL authority (`Name.Example:8080` → `name.example`), or null when it is not one. */
export function hostNameOf(authority: string): string | null {
  if (authority === '' || /[\s/?#@\\]/.test(authority)) return null;
  try {
    // The URL parser lower-cases, checks and normalises names and addresses as a browser does.
    const name = new URL(`http://${authority}`).hostname;
    return name.endsWith('.') ? name.slice(0, -1) : name;
  } catch {
    return null;
  }
}

/** True when `authority` (a Host header, with or without port) names an allowed host. */
export function hostAllowed(authority: string, allowed: readonly string[]): boolean {
  const name = hostNameOf(authority);
  if (name === null) return false;
  return allowed.some((entry) =>
    entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry,
  );
}

/**
 * The host a request was sent to, from its URL (which the Node adapter builds from the Host
 * header, or from an absolute request target) and from the Host header itself when they differ:
 * both must be allowed, so neither can smuggle in another name. (Takes plain values, not the
 * request context: the configuration reads this module too.)
 */
export function requestHostAllowed(url: string, hostHeader: string | undefined, allowed: readonly string[]): boolean {
  return hostAllowed(new URL(url).host, allowed) && (hostHeader === undefined || hostAllowed(hostHeader, allowed));
}
