import { Injectable } from '@nestjs/common';
import type { AdminUsersResponse } from '@clari/contracts';
import { UsersRepository } from '../users/users.repository';

@Injectable()
export class AdminService {
  constructor(private readonly users: UsersRepository) {}

  /** Names and e-mails only: the admin view never sees anything else of an account. */
  async listUsers(search = '', page = 1, pageSize = 25): Promise<AdminUsersResponse> {
    const { rows, total } = await this.users.listNamesAndEmails(search.trim(), (page - 1) * pageSize, pageSize);
    return { items: rows.map((r) => ({ full_name: r.full_name, email: r.email })), total, page, pageSize };
  }
}
