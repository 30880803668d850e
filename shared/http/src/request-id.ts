import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A caller's id is kept so one request can be followed across a proxy and our
 * logs, but only if it is short and plain: it is echoed into headers and logs.
 */
const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(): RequestHandler {
  return (req, res, next) => {
    const given = req.get(REQUEST_ID_HEADER);
    const id = given !== undefined && ACCEPTABLE.test(given) ? given : randomUUID();
    res.locals.requestId = id;
    res.set(REQUEST_ID_HEADER, id);
    next();
  };
}

export const requestIdOf = (res: Response): string | undefined =>
  typeof res.locals.requestId === 'string' ? res.locals.requestId : undefined;
