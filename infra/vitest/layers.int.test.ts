import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.config.js, exercised on code a newcomer might
 * write: each forbidden arrow must be reported under the rule and message
 * that explain it, and the allowed ones must pass.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the layers lint enforces', () => {
  it('refuses a context importing another context', async () => {
    const found = await problems(
      'services/buy-back/src/cross-context.ts',
      "import { identityRoutes } from '@buyloop/identity';\nexport const routes = identityRoutes;\n",
    );
    expect(found).toEqual([expect.stringContaining('A bounded context never imports another')]);
  });

  it("refuses a context's read side importing another context's read side", async () => {
    const found = await problems(
      'read-models/buy-back/src/cross-context.ts',
      "import { usersQuery } from '@buyloop/identity-read-models';\nexport const query = usersQuery;\n",
    );
    expect(found).toEqual([expect.stringContaining('A bounded context never imports another')]);
  });

  it('refuses a front end importing a service', async () => {
    const found = await problems(
      'admin/src/pages/Service.tsx',
      "import { BuybackService } from '@buyloop/buy-back';\nexport const service = BuybackService;\n",
    );
    expect(found).toEqual([expect.stringContaining('A front end imports only')]);
  });

  it('refuses shared code importing a service, and a path into another package', async () => {
    expect(
      await problems(
        'shared/kit/src/upward.ts',
        "import { EventStore } from '@buyloop/event-store';\nexport type S = EventStore;\n",
      ),
    ).toEqual([expect.stringContaining('shared/* is the bottom layer')]);
    expect(
      await problems(
        'web/src/widgets/path.ts',
        "import { parseDateInput } from '../../../shared/validation/src/date-input';\nexport const parse = parseDateInput;\n",
      ),
    ).toEqual([expect.stringContaining('never by a path into its folder')]);
  });

  it('refuses the write side importing read models', async () => {
    const found = await problems(
      'services/identity/src/upward.ts',
      "import { usersQuery } from '@buyloop/identity-read-models';\nexport const query = usersQuery;\n",
    );
    expect(found).toEqual([expect.stringContaining('The write side does not import read models')]);
  });

  it('allows what the layers allow: a read side on its own write side, a front end on contracts, the API on anything', async () => {
    expect(
      await problems(
        'read-models/buy-back/src/allowed.ts',
        "import { QUALITIES } from '@buyloop/buy-back';\nexport const q = QUALITIES;\n",
      ),
    ).toEqual([]);
    expect(
      await problems('admin/src/allowed.ts', "import { ROLES } from '@buyloop/contracts';\nexport const r = ROLES;\n"),
    ).toEqual([]);
    expect(
      await problems(
        'services/api/src/allowed.ts',
        "import { identityModule } from '@buyloop/identity-read-models';\nexport const m = identityModule;\n",
      ),
    ).toEqual([]);
  });
});
