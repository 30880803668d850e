import { z } from 'zod';

const fieldMessages = z.record(z.string(), z.array(z.string()));

/**
 * RFC 9457 problem details, as every error leaves the API
 * (`application/problem+json`). `code` and the keys of `errors` are stable
 * for clients that translate themselves; `title` and `messages` are already
 * in the asker's language.
 */
export const problemSchema = z
  .strictObject({
    type: z.string(),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string().optional(),
    instance: z.string().optional(),
    code: z.string().meta({ description: 'Stable error key, e.g. validation.failed, auth.forbidden, buyback.not_found' }),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    errors: fieldMessages.optional().meta({ description: 'Field path as the request named it → message keys' }),
    messages: fieldMessages.optional().meta({ description: 'The same fields → messages in the asker’s language' }),
  })
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof problemSchema>;
