// How to read one row on a hot path: the session guard's user lookup by id, by each way the
// code base could run it, 10 in flight (as under load), on a fresh database. Prints wall time
// and this process's CPU per call. Usage: node scripts/bench/lookup.mjs (after npm run build:api)
//   PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else 127.0.0.1:5432.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const { DataSource } = require('typeorm');
const { Client } = require('pg');
const { UserEntity } = require(path.join(root, 'dist/apps/api/src/modules/users/entities/user.entity.js'));
const { dataSourceOptions, runMigrations } = require(path.join(root, 'dist/apps/api/src/core/database/data-source.js'));

const server = new URL(
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const database = `clari_lookup_${Date.now().toString(36)}`;
const at = (name) => Object.assign(new URL(server), { pathname: `/${name}` }).toString();
const admin = new Client({ connectionString: at('postgres') });
await admin.connect();
await admin.query(`CREATE DATABASE "${database}"`);
const url = at(database);
try {
  await runMigrations(url);
  const dataSource = new DataSource({ ...dataSourceOptions(url), entities: [UserEntity] });
  await dataSource.initialize();
  const [{ id }] = await dataSource.query(
    `INSERT INTO users (email, full_name, language, password_hash, terms_accepted_at) VALUES ('lookup@clari.test', 'Look Up', 'en', 'x', now()) RETURNING id`,
  );
  const users = dataSource.getRepository(UserEntity);
  const pool = dataSource.driver.master;
  const text =
    'SELECT id, email, full_name, language, password_hash, role, is_clinician, email_verified_at, pending_email, terms_accepted_at, created_at, updated_at FROM users WHERE id = $1';
  const ways = {
    'TypeORM findOneBy': () => users.findOneBy({ id }),
    'TypeORM query builder': () => users.createQueryBuilder('user').where('user.id = :id', { id }).getOne(),
    'dataSource.query': () => dataSource.query(text, [id]),
    'pg pool.query': () => pool.query(text, [id]),
    'pg pool.query, named': () => pool.query({ name: 'users-by-id', text, values: [id] }),
  };
  const calls = 3000;
  // Two passes: the first warms up the JIT and the connections; the second is printed.
  for (const pass of [1, 2]) {
    for (const [name, lookup] of Object.entries(ways)) {
      let next = 0;
      const cpu = process.cpuUsage();
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (next++ < calls) await lookup();
        }),
      );
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      const used = process.cpuUsage(cpu);
      if (pass === 2)
        console.log(
          `${name.padEnd(24)} ${((wallMs * 1000) / calls).toFixed(0).padStart(5)} µs wall per call  ${((used.user + used.system) / calls).toFixed(0).padStart(4)} µs CPU per call`,
        );
    }
  }
  await dataSource.destroy();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
}
