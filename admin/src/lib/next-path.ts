/**
 * Where to go after signing in (`?next=`): only a path inside the back office.
 * No scheme or host, no `//` or `/\\` (browsers read both as another host),
 * no whitespace or backslash tricks, and not the login page again.
 */
export const isOwnPath = (next: string | null): next is string =>
  next !== null && /^\/(?![/\\])[^\s\\]*$/.test(next) && !next.startsWith('/login');
