import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule, CliModule } from './app.module';
import { normaliseEmail } from './modules/auth/accounts.policy';
import { UsersRepository } from './modules/users/users.repository';
import { InterviewAdminError, createInterviewFromFile, exportInterview } from './modules/interview/interview-admin';
import { InterviewRepository } from './modules/interview/interview.repository';
import { SafetyEventsRepository } from './modules/assistant/safety/safety-events.repository';
import { isAboutClariSet, runAboutClariSet } from './eval/about-clari-set';
import { runEvaluation, runSafetySet } from './eval/run-eval';
import { CLASSIFIER_WEIGHTS_SOURCE, safetyTrainingItems } from './eval/safety-training';
import { ABOUT_CLARI_WEIGHTS_SOURCE, aboutClariTrainingItems } from './eval/about-clari-training';
import { trainAboutClari } from './modules/assistant/dialogue/about-clari';
import { STEMMED_LEXICONS } from './modules/assistant/safety/crisis-detector';
import { trainSafetyClassifier } from './modules/assistant/safety/safety-classifier';
import { ConfigError, loadConfig } from './core/config/app-config';
import { readEnvFile } from './core/config/env-file';
import { runMigrations } from './core/database/data-source';
import { OperatorError, describeError } from './core/errors';
import { createLogger } from './core/logging/logger';
import { PROJECT_ROOT } from './core/paths';
import { prepareRuntime, type Runtime } from './core/runtime';
import { buildOpenApiDocument } from './core/swagger';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  migrate                          apply pending database migrations
  openapi [--check]                write docs/openapi.json (--check: fail when it is out of date)
  admin:grant <email>              make the account an admin
  clinician:set <email> true|false give or take away clinician access (the Journal)
  interview:create --file <guide.json>
                                   add an interview (format: docs/architecture.md, "Journal and
                                   Interview"); prints its id and link
  interview:export <id> [--out <file>]
                                   write the interview's anonymous transcripts as JSON
                                   (to stdout unless --out is given)
  eval [--provider offline|openai] [--limit <n>] [--set <file>]
                                   score Clari on the development corpora through the chat API,
                                   each figure named by its set; with --set, only that safety
                                   set, or set of questions about Clari (about-clari-*.json);
                                   a blind set in test/corpus/blind/ is scored once
  safety:stats [--days <n>]        crisis events per domain and day (counts only)
  safety:train                     retrain the crisis check's classifier on the development
                                   sets and write its weights (commit the file)
  about-clari:train                retrain the recogniser of questions about Clari on its
                                   development sets and write its weights (commit the file)
`;

const OPENAPI_FILE = path.join(PROJECT_ROOT, 'docs', 'openapi.json');

async function migrate() {
  const config = loadConfig();
  const logger = createLogger(config);
  const runtime = await prepareRuntime(config, logger, 'cli');
  try {
    const applied = await runMigrations(runtime.databaseUrl);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await runtime.embedded?.stop();
  }
}

/** Builds the document from controller metadata alone (preview mode connects to nothing). */
async function openapi(check: boolean) {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: 'postgres://preview@localhost/preview',
  });
  const runtime: Runtime = {
    config,
    logger: createLogger({ log: { level: 'silent', format: 'json' } }),
    databaseUrl: config.database.url as string,
    sessionSecret: 'preview',
  };
  const app = await NestFactory.create(AppModule.forRoot(runtime), { preview: true, logger: false });
  const document = `${JSON.stringify(buildOpenApiDocument(app, config.session.cookieName), null, 2)}\n`;
  await app.close();
  if (check) {
    let current = '';
    try {
      current = readFileSync(OPENAPI_FILE, 'utf8');
    } catch {
      // treated as stale below
    }
    if (current !== document) {
      console.error('docs/openapi.json is out of date: run `npm run openapi` and commit the result.');
      process.exit(1);
    }
    console.log('docs/openapi.json is up to date.');
    return;
  }
  writeFileSync(OPENAPI_FILE, document);
  console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
}

/** Runs `work` with the users repository of a migrated database, then shuts everything down. */
async function withUsers(work: (users: UsersRepository) => Promise<void>) {
  await withContext(async (app) => work(app.get(UsersRepository)));
}

/** Runs `work` with the interview repository of a migrated database. */
async function withInterviews(work: (interviews: InterviewRepository, publicUrl: string) => Promise<void>) {
  await withContext(async (app, publicUrl) => work(new InterviewRepository(app.get(DataSource)), publicUrl));
}

async function interviewCommand(command: 'create' | 'export', args: string[]) {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  try {
    if (command === 'create') {
      // The guide's file, with --file or as the one argument ("interview:create guide.json").
      const file = option('--file') ?? args.find((arg) => !arg.startsWith('--'));
      if (!file) fail('interview:create needs the guide file: npm run cli -- interview:create --file <guide.json>');
      await withInterviews(async (interviews, publicUrl) => {
        const { id, link } = await createInterviewFromFile(interviews, path.resolve(file as string), publicUrl);
        console.log(`Created interview ${id}\nLink: ${link}`);
      });
      return;
    }
    const id = args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--out');
    if (!id) fail('interview:export needs the interview id: npm run cli -- interview:export <id> [--out <file>]');
    const out = option('--out');
    await withInterviews(async (interviews) => {
      const json = `${JSON.stringify(await exportInterview(interviews, id as string), null, 2)}\n`;
      if (out) {
        writeFileSync(out, json);
        console.error(`Wrote ${out}`);
      } else {
        process.stdout.write(json);
      }
    });
  } catch (error) {
    if (error instanceof InterviewAdminError) fail(error.message);
    throw error;
  }
}

/** Runs `work` with the CLI's application context on a migrated database, then shuts everything down. */
async function withContext(work: (app: INestApplicationContext, publicUrl: string) => Promise<void>) {
  const config = loadConfig();
  const logger = createLogger({ log: { ...config.log, level: 'warn' } });
  // With `npm start` running, its embedded PostgreSQL is used (and left running).
  const runtime = await prepareRuntime(config, logger, 'cli');
  try {
    await runMigrations(runtime.databaseUrl);
    const app = await NestFactory.createApplicationContext(CliModule.forRoot(runtime), { logger: false });
    try {
      await work(app, config.publicUrl);
    } finally {
      await app.close();
    }
  } finally {
    await runtime.embedded?.stop();
  }
}

async function setRole(emailInput: string | undefined, change: 'admin' | { clinician: boolean }) {
  if (!emailInput) fail(USAGE);
  const email = normaliseEmail(emailInput as string);
  await withUsers(async (users) => {
    const user = await users.findByEmail(email);
    if (!user) fail(`No account has the e-mail address ${email}.`);
    if (change === 'admin') {
      await users.update(user!.id, { role: 'admin' });
      console.log(`${email} is now an admin.`);
    } else {
      await users.update(user!.id, { isClinician: change.clinician });
      console.log(`${email} ${change.clinician ? 'is now a clinician' : 'is no longer a clinician'}.`);
    }
  });
}

function optionValue(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

async function evaluate(args: string[]) {
  const provider = optionValue(args, '--provider');
  if (provider !== undefined && provider !== 'offline' && provider !== 'openai') fail(USAGE);
  const limit = optionValue(args, '--limit');
  if (limit !== undefined && !/^\d+$/.test(limit)) fail(USAGE);
  const options = {
    provider: provider as 'offline' | 'openai' | undefined,
    limit: limit === undefined ? undefined : Number(limit),
  };
  const set = optionValue(args, '--set');
  if (set !== undefined && isAboutClariSet(set)) runAboutClariSet(set);
  else if (set !== undefined) await runSafetySet(set, options);
  else await runEvaluation(options);
}

function trainClassifier() {
  const items = safetyTrainingItems();
  const json = trainSafetyClassifier(items, STEMMED_LEXICONS);
  writeFileSync(CLASSIFIER_WEIGHTS_SOURCE, `${JSON.stringify(json)}\n`);
  console.log(`Trained on ${items.length} development messages; wrote ${CLASSIFIER_WEIGHTS_SOURCE}.`);
}

function trainAboutClariRecogniser() {
  const items = aboutClariTrainingItems();
  writeFileSync(ABOUT_CLARI_WEIGHTS_SOURCE, `${JSON.stringify(trainAboutClari(items))}\n`);
  console.log(`Trained on ${items.length} development messages; wrote ${ABOUT_CLARI_WEIGHTS_SOURCE}.`);
}

async function safetyStats(args: string[]) {
  const days = optionValue(args, '--days') ?? '30';
  if (!/^\d+$/.test(days)) fail(USAGE);
  await withContext(async (app) => {
    const rows = await new SafetyEventsRepository(app.get(DataSource)).list(Number(days));
    if (!rows.length) console.log(`No crisis events in the last ${days} days.`);
    for (const row of rows) console.log(`${row.day}  ${row.domain.padEnd(28)} ${row.crisisCount}`);
  });
}

/** Ends the command with a message; thrown, so the database and the app close on the way out. */
function fail(message: string): never {
  throw new OperatorError(message);
}

async function main(argv: string[]) {
  const [command, ...args] = argv;
  switch (command) {
    case 'migrate':
      return migrate();
    case 'openapi':
      return openapi(args.includes('--check'));
    case 'admin:grant':
      return setRole(args[0], 'admin');
    case 'clinician:set': {
      if (!['true', 'false'].includes(args[1] ?? '')) fail(USAGE);
      return setRole(args[0], { clinician: args[1] === 'true' });
    }
    case 'interview:create':
      return interviewCommand('create', args);
    case 'interview:export':
      return interviewCommand('export', args);
    case 'safety:train':
      return trainClassifier();
    case 'about-clari:train':
      return trainAboutClariRecogniser();
    case 'eval':
      return evaluate(args);
    case 'safety:stats':
      return safetyStats(args);
    default:
      console.log(USAGE);
      process.exit(command ? 1 : 0);
  }
}

// Ending through process.exit runs the exit hook that stops an embedded PostgreSQL this command started.
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

readEnvFile();
main(process.argv.slice(2))
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : describeError(error, { stack: true }));
    process.exit(1);
  });
