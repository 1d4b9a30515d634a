import type { AdminUsersResponse } from '@clari/contracts';
import { api } from '../../lib/api';

export function listUsers(
  search: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AdminUsersResponse> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search) query.set('search', search);
  return api<AdminUsersResponse>(`/api/admin/users?${query}`, { signal });
}
