import { translate, type Language } from '@buyloop/i18n';
import { methodName } from '../payment-methods/methods';
import type { StartedLedger } from '../state';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const SANDBOX_SCRIPT_PATH = '/api/payments/sandbox/sandbox.js';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d1f23}
main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin-top:0}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
dd{margin:0}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font:inherit;border-radius:6px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8}button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
label{display:block;font-weight:600;margin-top:1rem}input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box}
[role=alert]{color:#b91c1c}`;

function page(language: Language, title: string, content: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style>
<script src="${SANDBOX_SCRIPT_PATH}" defer></script></head>
<body><main>
<h1>${escape(title)}</h1>
${content}
<p role="alert" aria-live="assertive" data-sandbox-error></p>
<noscript><p>${escape(translate('payment.sandbox.noscript', language))}</p></noscript>
</main></body></html>`;
}

const formatAmount = (ledger: StartedLedger, language: Language): string =>
  new Intl.NumberFormat(language === 'ro' ? 'ro-RO' : language === 'cs' ? 'cs-CZ' : 'en-GB', {
    style: 'currency',
    currency: ledger.currency,
    maximumFractionDigits: 0,
  }).format(ledger.amount);

function details(ledger: StartedLedger, language: Language): string {
  const t = (key: string) => escape(translate(key, language));
  return `<p>${t('payment.sandbox.intro')}</p>
<dl>
<dt>${t('payment.sandbox.order')}</dt><dd>${escape(ledger.order_number)}</dd>
<dt>${t('payment.sandbox.amount')}</dt><dd>${escape(formatAmount(ledger, language))}</dd>
<dt>${t('payment.sandbox.method')}</dt><dd>${escape(methodName(ledger.method, language))}</dd>
<dt>${t('payment.sandbox.status')}</dt><dd data-payment-status="${ledger.status}">${t(`payment.status.${ledger.status}`)}</dd>
</dl>`;
}

export const awaitingBuyer = (ledger: StartedLedger): boolean =>
  (ledger.status === 'started' || ledger.status === 'pending' || ledger.status === 'authorised') &&
  (ledger.method === 'card' || ledger.method === 'google_pay' || ledger.method === 'apple_pay');

const closed = (ledger: StartedLedger, language: Language): string =>
  `<p>${escape(translate('payment.sandbox.closed', language))}</p>
<p><a href="${escape(ledger.return_url)}">${escape(translate('payment.sandbox.back', language))}</a></p>`;

/** The gateway's page: the buyer approves, declines, or goes through 3-D Secure. */
export function payPage(ledger: StartedLedger, action: string, language: Language): string {
  const t = (key: string) => escape(translate(key, language));
  const body = awaitingBuyer(ledger)
    ? `<form method="post" action="${escape(action)}">
<button type="submit" name="decision" value="approve">${t('payment.sandbox.approve')}</button>
<button type="submit" name="decision" value="challenge" class="secondary">${t('payment.sandbox.challenge')}</button>
<button type="submit" name="decision" value="decline" class="secondary">${t('payment.sandbox.decline')}</button>
</form>`
    : closed(ledger, language);
  return page(language, translate('payment.sandbox.title', language), `${details(ledger, language)}${body}`);
}

/** The 3-D Secure challenge: the bank's code (1234 in the sandbox). */
export function challengePage(ledger: StartedLedger, action: string, language: Language): string {
  const t = (key: string) => escape(translate(key, language));
  const body = awaitingBuyer(ledger)
    ? `<form method="post" action="${escape(action)}">
<p id="code-hint">${t('payment.sandbox.challenge_hint')}</p>
<label for="code">${t('payment.sandbox.code')}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required maxlength="12" aria-describedby="code-hint">
<button type="submit">${t('payment.sandbox.confirm')}</button>
</form>`
    : closed(ledger, language);
  return page(language, translate('payment.sandbox.challenge_title', language), `${details(ledger, language)}${body}`);
}

/**
 * The pages' only script: posts a form as JSON with the CSRF header (every
 * POST of ours needs it; a plain form cannot send it) and follows the answer's
 * redirect_url. A script file, not inline: the pages' CSP allows only our own.
 */
export const SANDBOX_SCRIPT = `document.addEventListener('submit', async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  event.preventDefault();
  const alert = document.querySelector('[data-sandbox-error]');
  const body = {};
  new FormData(form, event.submitter).forEach((value, key) => { body[key] = String(value); });
  const cookie = document.cookie.split('; ').find((part) => part.startsWith('buyloop_csrf='));
  const token = cookie ? decodeURIComponent(cookie.slice('buyloop_csrf='.length)) : '';
  for (const button of form.querySelectorAll('button')) button.disabled = true;
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (response.ok && answer.redirect_url) { location.assign(answer.redirect_url); return; }
    alert.textContent = answer.detail || answer.title || String(response.status);
  } catch (error) {
    alert.textContent = String(error);
  }
  for (const button of form.querySelectorAll('button')) button.disabled = false;
});
`;
