import { parseInput } from '@buyloop/kit';
import { json, ownSession, requestContext, type SecuredRouter } from '@buyloop/http';
import { userEnvelopeSchema } from '@buyloop/contracts/identity/http';
import { personalData, personalDataSchema } from '../http/schemas';
import type { IdentityRouteDeps } from '../http/route-deps';

export function changePersonalDataRoutes(
  r: SecuredRouter,
  deps: IdentityRouteDeps & { market: 'cz' | 'ro'; today: () => string },
): void {
  r.put(
    '/api/account/personal-data',
    'account.personal.edit',
    {
      summary: 'Change one’s personal data',
      body: personalDataSchema,
      responses: { 200: json('The account', userEnvelopeSchema) },
    },
    async (req, res) => {
      const { userId } = ownSession(res);
      const personal = personalData(parseInput(personalDataSchema, req.body), deps.market, deps.today());
      res.json({ user: await deps.identity.changePersonalData(userId, personal, requestContext(req, res)) });
    },
  );
}
