import { parseInput } from '@buyloop/kit';
import { translate } from '@buyloop/i18n';
import { json, problem, requestContext, type RouteContract, type SecuredRouter } from '@buyloop/http';
import {
  confirmRegistrationRequestSchema as confirmSchema,
  messageSchema,
  registerRequestSchema as schema,
  signedInSchema,
} from '@buyloop/contracts/identity/http';
import { assertConfirmed, startBrowserSession, type IdentityRouteDeps } from '../http/route-deps';

const registerContract = {
  summary: 'Register: an e-mail with a link goes to the address',
  description: 'The answer is the same whether or not the address has an account; the e-mail says which.',
  body: schema,
  responses: {
    202: json('The e-mail is on its way', messageSchema),
    429: problem('Too many attempts: wait the minutes the message names', { 'Retry-After': 'Seconds to wait' }),
  },
} satisfies RouteContract;

const confirmContract = {
  summary: 'Confirm a registration from its e-mailed link: the account is created and signed in',
  body: confirmSchema,
  responses: {
    201: json('Signed in', signedInSchema, { Location: '/api/account', 'Set-Cookie': 'The session and CSRF cookies' }),
    409: problem('The address has an account already'),
    429: problem('Too many attempts: wait the minutes the message names', { 'Retry-After': 'Seconds to wait' }),
  },
} satisfies RouteContract;

/**
 * A visitor registers in two steps: the request answers 202 with the same
 * words whether or not the address has an account (the e-mail says which),
 * and the e-mailed link, followed with the same password, creates the
 * customer's account and signs them in.
 */
export function registerRoutes(r: SecuredRouter, deps: IdentityRouteDeps): void {
  r.post('/api/auth/register', 'public', registerContract, async (req, res) => {
    const input = parseInput(schema, req.body);
    assertConfirmed(input.password, input.password_confirmation, 'password_confirmation');
    const ctx = requestContext(req, res);
    await deps.identity.register({ email: input.email, password: input.password }, ctx);
    res.status(202).json({ message: translate('auth.registration_mail_sent', ctx.language) });
  });
  r.post('/api/auth/register/confirm', 'public', confirmContract, async (req, res) => {
    const input = parseInput(confirmSchema, req.body);
    const { clientAddress, userAgent, language } = requestContext(req, res);
    const opened = await deps.identity.confirmRegistration(input, { clientAddress, userAgent, language });
    startBrowserSession(req, res, opened);
    res.status(201).location('/api/account').json({ user: opened.user, csrf_token: opened.session.csrf });
  });
}
