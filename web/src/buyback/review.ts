/**
 * What the "look up my buy-back" form looks up: the number and the access code as typed, or, when
 * the e-mail's whole link is pasted into either box, the number and the code the link names
 * (`…/vykup/stav/<number>?token=<code>`, `…/rascumparare/oferta/<number>?token=<code>`).
 */
export function lookupOf(numberText: string, tokenText: string): { number: string; token: string } {
  const typed = { number: numberText.trim(), token: tokenText.trim() };
  for (const text of [typed.token, typed.number]) {
    const link = linkOf(text);
    if (link) return { number: link.number ?? typed.number, token: link.token };
  }
  return typed;
}

function linkOf(text: string): { number: string | null; token: string } | null {
  if (!/[?&]token=/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text, 'http://storefront.invalid');
  } catch {
    return null;
  }
  const token = url.searchParams.get('token');
  if (!token) return null;
  const last = url.pathname.split('/').filter(Boolean).at(-1) ?? null;
  const number = url.searchParams.get('number') ?? (last && /^[0-9A-Za-z-]{1,40}$/.test(last) ? decodeURIComponent(last) : null);
  return { number, token };
}
