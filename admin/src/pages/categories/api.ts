/** The categories page's calls (spec 7's mp_product calls as the API map names them). */
import { getJson, request } from '../../api/client';
import type {
  AddCategoryRequest,
  CategoryAssignmentRequest,
  CategoryAssignmentResult,
  CategoryCommandResult,
  CategoryDeletedResult,
  CategoryList,
  CategoryTree,
  MoveCategoryRequest,
  UpdateCategoryRequest,
} from '@buyloop/contracts/catalogue/categories';
import type { Move } from './tree';

const BASE = '/api/admin/catalogue/categories';

export const TREE_KEY = ['catalogue', 'categories', 'tree'] as const;
export const LIST_KEY = ['catalogue', 'categories', 'list'] as const;

export const loadTree = (signal?: AbortSignal) => getJson<CategoryTree>(`${BASE}/tree`, signal);
export const loadList = (signal?: AbortSignal) => getJson<CategoryList>(BASE, signal);

export const addCategory = async (body: AddCategoryRequest) =>
  (await request<CategoryCommandResult>(BASE, { method: 'POST', body })).data;

export const updateCategory = async (id: string, body: UpdateCategoryRequest) =>
  (await request<CategoryCommandResult>(`${BASE}/${encodeURIComponent(id)}`, { method: 'PATCH', body })).data;

export const moveCategory = async (id: string, move: Move) =>
  (
    await request<CategoryCommandResult>(`${BASE}/${encodeURIComponent(id)}/move`, {
      method: 'PATCH',
      body: move satisfies MoveCategoryRequest,
    })
  ).data;

export const deleteCategory = async (id: string) =>
  (await request<CategoryDeletedResult>(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' })).data;

export const changeAssignment = async (direction: 'assign' | 'unassign', body: CategoryAssignmentRequest) =>
  (await request<CategoryAssignmentResult>(`${BASE}/${direction}`, { method: 'POST', body })).data;

/** A choice of a reference list (manufacturers, type devices) as the form offers it. */
export interface Choice {
  readonly id: string;
  readonly name: string;
}

/**
 * A reference list of the products area (`GET /api/admin/catalogue/manufacturers`,
 * `…/type-devices`): its entries' ids and names, sorted by name.
 */
export async function loadChoices(kind: 'manufacturers' | 'type-devices', signal?: AbortSignal): Promise<Choice[]> {
  const answer = await getJson<unknown>(`/api/admin/catalogue/${kind}`, signal);
  return choicesOf(answer);
}

/** The entries of a reference list answer, whichever list property holds them. */
export function choicesOf(answer: unknown): Choice[] {
  const list = Array.isArray(answer)
    ? answer
    : typeof answer === 'object' && answer !== null
      ? (Object.values(answer).find(Array.isArray) ?? [])
      : [];
  return (list as unknown[])
    .flatMap((entry) => {
      if (typeof entry !== 'object' || entry === null) return [];
      const { id, name, label } = entry as { id?: unknown; name?: unknown; label?: unknown };
      if (typeof id !== 'string') return [];
      return [{ id, name: typeof name === 'string' ? name : typeof label === 'string' ? label : id }];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
