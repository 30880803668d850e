import { z } from 'zod';
import { textField } from '@buyloop/validation';
import type { SecuredRouter } from '@buyloop/http';
import { QUALITIES } from '../../catalogue/types';
import type { BuybackRouteDeps } from '../../http/route-deps';
import { staffActionRoute } from '../../http/staff-action-route';

/**
 * The technician's findings: the quality found, the answer found for each
 * condition question (the declared answer is looked up, not sent), a reason
 * where they differ, and the IMEI read from the device.
 */
export const inspectRoute = (r: SecuredRouter, deps: BuybackRouteDeps): void =>
  staffActionRoute(
    r,
    deps,
    'inspect',
    'buyback.inspect',
    z.strictObject({
      imei: textField({ max: 40 }),
      quality_found: z.enum(QUALITIES),
      findings: z
        .array(
          z.strictObject({
            question_id: textField({ max: 100 }),
            found_choice: textField({ max: 100 }),
            reason: textField({ min: 0, max: 500 }, { multiline: true }).default(''),
          }),
        )
        .max(50),
    }),
    (input) => ({ action: 'inspect', ...input, imei: input.imei.replace(/[\s/-]/g, '') }),
  );
