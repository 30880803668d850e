import type { z } from 'zod';
import { ValidationError, type FieldErrors } from './errors';

/**
 * Parses a request body (or query) with a zod schema and turns every issue
 * into a field error keyed the way the request is shaped
 * (`customer_data.first_name`, `addresses.0.city`), with message keys from
 * shared/i18n, so the UI can put each message under its field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // With the input on each issue: a value of the wrong type ("4 500 Kč" for a number) is not a missing one.
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  // No prototype: a request may name a field `__proto__` or `constructor`.
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const add = (path: string, code: string) => {
    const list = (errors[path || '_'] ??= []);
    if (!list.includes(code)) list.push(code);
  };
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const key of issue.keys) add(path ? `${path}.${key}` : key, 'validation.unknown_field');
        break;
      case 'invalid_type':
        add(path, issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid_type');
        break;
      case 'too_small':
        add(
          path,
          issue.origin === 'string' && Number(issue.minimum) <= 1
            ? 'validation.required'
            : issue.origin === 'string'
              ? 'validation.min_length'
              : 'validation.invalid_value',
        );
        break;
      case 'too_big':
        add(path, issue.origin === 'string' ? 'validation.max_length' : 'validation.invalid_value');
        break;
      case 'invalid_format':
        add(path, issue.format === 'email' ? 'validation.email_invalid' : 'validation.invalid_value');
        break;
      case 'custom':
        add(path, typeof issue.message === 'string' && issue.message.includes('.') ? issue.message : 'validation.invalid_value');
        break;
      default:
        add(path, 'validation.invalid_value');
    }
  }
  throw new ValidationError('validation.failed', errors as FieldErrors, 'The request is not valid');
}
