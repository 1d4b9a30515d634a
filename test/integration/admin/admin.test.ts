import { startTestApp, type TestApp } from '../../support/app-harness';
import { createUser, uniqueEmail } from '../../support/accounts';

describe('admin view', () => {
  let t: TestApp;
  const adminEmail = uniqueEmail('admin');
  beforeAll(async () => {
    t = await startTestApp({ env: { ADMIN_EMAILS: adminEmail } });
  });
  afterAll(() => t.close());

  it('answers 401 to visitors and 403 to users who are not admins', async () => {
    const visitor = await t.agent().get('/api/admin/users');
    expect(visitor.status).toBe(401);
    const user = await createUser(t);
    const res = await user.agent.get('/api/admin/users');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      statusCode: 403,
      error: 'Forbidden',
      message: 'This page is only for administrators.',
    });
    expect((await user.agent.get('/api/auth/check')).body.user.role).toBe('user');
  });

  it('lists only names and e-mails, searchable and paginated, for an admin from ADMIN_EMAILS', async () => {
    const admin = await createUser(t, { email: adminEmail, fullName: 'Ada Admin' });
    expect((await admin.agent.get('/api/auth/check')).body.user.role).toBe('admin');
    const tag = Date.now().toString(36);
    for (let i = 0; i < 12; i++) await createUser(t, { fullName: `Searchable ${tag} ${String(i).padStart(2, '0')}` });

    const page1 = await admin.agent.get(`/api/admin/users?search=${tag}&page=1&pageSize=10`);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(page1.body.items).toHaveLength(10);
    for (const row of page1.body.items) expect(Object.keys(row).sort()).toEqual(['email', 'full_name']);
    expect(page1.body.items[0].full_name).toBe(`Searchable ${tag} 00`);
    const page2 = await admin.agent.get(`/api/admin/users?search=${tag.toUpperCase()}&page=2&pageSize=10`);
    expect(page2.body.items.map((r: { full_name: string }) => r.full_name)).toEqual([
      `Searchable ${tag} 10`,
      `Searchable ${tag} 11`,
    ]);

    const byEmail = await admin.agent.get(`/api/admin/users?search=${encodeURIComponent(adminEmail)}`);
    expect(byEmail.body.items).toEqual([{ full_name: 'Ada Admin', email: adminEmail }]);

    // Swedish names are found in any case, whatever the database's locale.
    const swedishEmail = uniqueEmail('asa');
    await createUser(t, { email: swedishEmail, fullName: 'Åsa Öberg' });
    for (const search of ['Åsa', 'åsa', 'ÅSA', 'öberg', 'ÖBERG']) {
      const found = await admin.agent.get(`/api/admin/users?search=${encodeURIComponent(search)}`).expect(200);
      expect({ search, items: found.body.items }).toEqual({
        search,
        items: expect.arrayContaining([{ full_name: 'Åsa Öberg', email: swedishEmail }]),
      });
    }

    const wildcard = await admin.agent.get(`/api/admin/users?search=%25`);
    expect(wildcard.body.total).toBe(0);
    const bad = await admin.agent.get('/api/admin/users?pageSize=7');
    expect(bad.status).toBe(400);
    // Hostile paging and search are refused with a readable 400, never a 500.
    for (const query of ['page=1e18', 'page=100001', 'page=0', 'page=abc', 'search=%00']) {
      const refused = await admin.agent.get(`/api/admin/users?${query}`);
      expect({ query, status: refused.status }).toEqual({ query, status: 400 });
      expect(typeof refused.body.message).toBe('string');
    }
  });
});
