import { parseInput } from '@buyloop/kit';
import type { Filter } from '@buyloop/document-store';
import { json, type SecuredRouter } from '@buyloop/http';
import { listUsersQuerySchema as listSchema, userPageSchema } from '@buyloop/contracts/identity/http';
import type { UsersQuery } from './users-query';

/** The back office's user grid, from the `users` read model: search, filters, sort, paging with a total. */
export function listUsersRoutes(r: SecuredRouter, users: UsersQuery): void {
  r.get(
    '/api/admin/users',
    'admin.users.read',
    {
      summary: 'The back office’s user grid: search, filters, sort and paging',
      query: listSchema,
      responses: { 200: json('One page and the total', userPageSchema) },
    },
    async (req, res) => {
      const q = parseInput(listSchema, req.query);
      const filters: Filter[] = [];
      if (q.search) filters.push({ op: 'text', value: q.search });
      if (q.role) filters.push({ field: 'roles_text', op: 'contains', value: q.role });
      if (q.kind) filters.push({ field: 'kind', op: 'equals', value: q.kind });
      const page = await users.find({
        filters,
        sort: [{ field: q.sort ?? 'created_at', direction: q.direction ?? 'desc' }],
        offset: q.offset ?? 0,
        limit: q.limit ?? 50,
      });
      res.set('Cache-Control', 'no-store').json({ total: page.total, items: page.items.map((item) => item.document) });
    },
  );
}
