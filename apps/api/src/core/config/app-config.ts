import * as path from 'node:path';
import type { HelplineSet, Language } from '@clari/contracts';
import { loadHelplines } from './helplines';

export type NodeEnv = 'development' | 'production' | 'test';
export type LogFormat = 'json' | 'pretty';

/** Everything the app reads from the environment, validated once at startup. */
export interface AppConfig {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  publicUrl: string;
  /** Extra origins allowed to make state-changing requests (e.g. the Vite dev server). */
  allowedOrigins: string[];
  trustProxy: boolean;
  dataDir: string;
  database: { url?: string; embeddedPort: number } & DatabaseTimeouts;
  redis: { url?: string; prefix: string };
  queue: {
    runProcessors: boolean;
    /** Adding a job fails (503) after this long, e.g. while Redis is unreachable. */
    addTimeoutMs: number;
    /** A queue with no worker heartbeat for this long is reported as not consumed. */
    workerTimeoutMs: number;
  };
  http: {
    /** Above the idle timeout of the proxy in front, so the proxy closes idle connections first. */
    keepAliveTimeoutMs: number;
    /** Must exceed keepAliveTimeoutMs (Node's own rule). */
    headersTimeoutMs: number;
    /** On SIGTERM, requests in flight get this long before their connections are closed. */
    shutdownTimeoutMs: number;
  };
  /** Each health check gives up after this long and reports its part as down. */
  healthCheckTimeoutMs: number;
  session: { secret?: string; cookieName: string; secureCookie: boolean };
  mail: { smtpUrl?: string; from: string };
  openai: {
    apiKey?: string;
    baseUrl?: string;
    chatModel: string;
    transcriptionModel: string;
    imageModel: string;
    timeoutMs: number;
    maxRetries: number;
    /** Send chat messages to the moderation endpoint as a second crisis signal (OPENAI_MODERATION; default: only on OpenAI itself). */
    moderation: boolean;
    moderationModel: string;
    /** Each task's server, key and model; each defaults to the shared OPENAI_BASE_URL and OPENAI_API_KEY. */
    chat: AiEndpoint;
    transcription: AiEndpoint;
    images: AiEndpoint;
    /** AI_IMAGES=offline keeps the abstract offline pictures while chat uses a model. */
    offlineImages: boolean;
    /** How structured answers are asked for (AI_JSON_MODE); a server that refuses a mode makes the provider fall back once. */
    jsonMode: AiJsonMode;
  };
  adminEmails: string[];
  /** Multiplies every rate limit (browser test suites sign in many times from one address). */
  rateLimitScale: number;
  contact: { email: string; companyName: string; companyRegistrationNumber: string };
  /** The helplines shown with crisis replies, per language (HELPLINES_FILE, else the defaults). */
  helplines: Record<Language, HelplineSet>;
  log: { level: string; format: LogFormat };
}

/** One AI task's OpenAI-compatible server (for example Ollama for chat and a Whisper server for speech). */
export interface AiEndpoint {
  apiKey?: string;
  baseUrl?: string;
  model: string;
}

export const AI_JSON_MODES = ['json_schema', 'json_object', 'prompt'] as const;
export type AiJsonMode = (typeof AI_JSON_MODES)[number];
export type AiTask = 'chat' | 'transcription' | 'images';

/** Bounds on every PostgreSQL connection, so a slow or absent database fails requests fast instead of hanging them. */
export interface DatabaseTimeouts {
  /** Giving up on opening a connection (pg `connectionTimeoutMillis`). */
  connectTimeoutMs: number;
  /** Server-side limit of one statement (`statement_timeout`); the client also stops waiting a second later. */
  statementTimeoutMs: number;
  /** The server ends a session left idle inside a transaction (`idle_in_transaction_session_timeout`). */
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectTimeoutMs: 1500,
  statementTimeoutMs: 15000,
  idleInTransactionTimeoutMs: 30000,
};

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function str(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = optional(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = optional(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be a URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

function emailList(env: Env, name: string): string[] {
  const raw = optional(env, name);
  if (!raw) return [];
  const list = raw
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const email of list) {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw new ConfigError(name, `contains an invalid e-mail address "${email}"`);
  }
  return list;
}

/** Reads and validates the environment. Throws ConfigError naming the first wrong variable. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const nodeEnv = oneOf<NodeEnv>(env, 'NODE_ENV', ['development', 'production', 'test'], 'development');
  const port = int(env, 'PORT', 3000, 1, 65535);
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const allowedOrigins = (optional(env, 'ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((origin) => {
      try {
        return new URL(origin).origin;
      } catch {
        throw new ConfigError('ALLOWED_ORIGINS', `contains an invalid origin "${origin}"`);
      }
    });
  const sessionSecret = optional(env, 'SESSION_SECRET');
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET', 'must be at least 32 characters long');
  }
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  if (nodeEnv === 'production' && !sessionSecret) {
    throw new ConfigError('SESSION_SECRET', 'is required when NODE_ENV=production');
  }
  const keepAliveTimeoutMs = int(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 65000, 1000, 3_600_000);
  const headersTimeoutMs = int(env, 'HTTP_HEADERS_TIMEOUT_MS', keepAliveTimeoutMs + 1000, 1000, 3_600_000);
  if (headersTimeoutMs <= keepAliveTimeoutMs) {
    throw new ConfigError(
      'HTTP_HEADERS_TIMEOUT_MS',
      `must be greater than HTTP_KEEP_ALIVE_TIMEOUT_MS (${keepAliveTimeoutMs}), got ${headersTimeoutMs}`,
    );
  }

  return {
    nodeEnv,
    port,
    host: str(env, 'HOST', '0.0.0.0'),
    publicUrl,
    allowedOrigins,
    trustProxy: bool(env, 'TRUST_PROXY', false),
    dataDir: path.resolve(cwd, str(env, 'DATA_DIR', '.data')),
    database: {
      url: databaseUrl,
      embeddedPort: int(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
      connectTimeoutMs: int(
        env,
        'DATABASE_CONNECT_TIMEOUT_MS',
        DEFAULT_DATABASE_TIMEOUTS.connectTimeoutMs,
        100,
        600_000,
      ),
      statementTimeoutMs: int(
        env,
        'DATABASE_STATEMENT_TIMEOUT_MS',
        DEFAULT_DATABASE_TIMEOUTS.statementTimeoutMs,
        100,
        3_600_000,
      ),
      idleInTransactionTimeoutMs: int(
        env,
        'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
        DEFAULT_DATABASE_TIMEOUTS.idleInTransactionTimeoutMs,
        100,
        3_600_000,
      ),
    },
    redis: { url: url(env, 'REDIS_URL', ['redis:', 'rediss:']), prefix: str(env, 'REDIS_PREFIX', 'clari') },
    queue: {
      runProcessors: bool(env, 'RUN_QUEUE_PROCESSORS', true),
      addTimeoutMs: int(env, 'QUEUE_ADD_TIMEOUT_MS', 1000, 100, 60_000),
      workerTimeoutMs: int(env, 'QUEUE_WORKER_TIMEOUT_MS', 60_000, 1000, 3_600_000),
    },
    http: {
      keepAliveTimeoutMs,
      headersTimeoutMs,
      shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    },
    healthCheckTimeoutMs: int(env, 'HEALTH_CHECK_TIMEOUT_MS', 1000, 100, 60_000),
    session: {
      secret: sessionSecret,
      cookieName: str(env, 'SESSION_COOKIE_NAME', 'clari.sid'),
      secureCookie: bool(env, 'COOKIE_SECURE', nodeEnv === 'production'),
    },
    mail: {
      smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
      from: str(env, 'MAIL_FROM', 'Clari <no-reply@clari.local>'),
    },
    openai: {
      apiKey: optional(env, 'OPENAI_API_KEY'),
      baseUrl: url(env, 'OPENAI_BASE_URL', ['http:', 'https:']),
      chatModel: str(env, 'OPENAI_CHAT_MODEL', 'gpt-4o-mini'),
      transcriptionModel: str(env, 'OPENAI_TRANSCRIPTION_MODEL', 'whisper-1'),
      imageModel: str(env, 'OPENAI_IMAGE_MODEL', 'gpt-image-1'),
      timeoutMs: int(env, 'OPENAI_TIMEOUT_MS', 60000, 1000, 600000),
      maxRetries: int(env, 'OPENAI_MAX_RETRIES', 2, 0, 10),
      moderation: bool(
        env,
        'OPENAI_MODERATION',
        isOpenAiItself(optional(env, 'OPENAI_API_KEY'), optional(env, 'OPENAI_BASE_URL')),
      ),
      moderationModel: str(env, 'OPENAI_MODERATION_MODEL', 'omni-moderation-latest'),
      chat: endpoint(env, 'CHAT', 'gpt-4o-mini'),
      transcription: endpoint(env, 'TRANSCRIPTION', 'whisper-1'),
      images: endpoint(env, 'IMAGE', 'gpt-image-1'),
      offlineImages: oneOf(env, 'AI_IMAGES', ['model', 'offline'], 'model') === 'offline',
      jsonMode: oneOf<AiJsonMode>(env, 'AI_JSON_MODE', AI_JSON_MODES, 'json_schema'),
    },
    adminEmails: emailList(env, 'ADMIN_EMAILS'),
    rateLimitScale: int(env, 'RATE_LIMIT_SCALE', 1, 1, 1000),
    contact: {
      email: str(env, 'CONTACT_EMAIL', 'hello@clari.app'),
      companyName: str(env, 'COMPANY_NAME', 'Clari AB'),
      companyRegistrationNumber: str(env, 'COMPANY_REG_NUMBER', '559000-0000'),
    },
    helplines: loadHelplines(optional(env, 'HELPLINES_FILE'), cwd, (detail) => {
      throw new ConfigError('HELPLINES_FILE', detail);
    }),
    log: {
      level: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'warn' : 'info'),
      format: oneOf<LogFormat>(env, 'LOG_FORMAT', ['json', 'pretty'], nodeEnv === 'production' ? 'json' : 'pretty'),
    },
  };
}

/** OpenAI's own API (a key and no other base URL): the only server known to have the moderation endpoint. */
function isOpenAiItself(apiKey: string | undefined, baseUrl: string | undefined): boolean {
  if (!apiKey) return false;
  if (!baseUrl) return true;
  try {
    return new URL(baseUrl).hostname === 'api.openai.com';
  } catch {
    return false;
  }
}

/** OPENAI_<TASK>_BASE_URL, _API_KEY and _MODEL, each falling back to the shared setting. */
function endpoint(env: Env, task: 'CHAT' | 'TRANSCRIPTION' | 'IMAGE', defaultModel: string): AiEndpoint {
  return {
    apiKey: optional(env, `OPENAI_${task}_API_KEY`) ?? optional(env, 'OPENAI_API_KEY'),
    baseUrl:
      url(env, `OPENAI_${task}_BASE_URL`, ['http:', 'https:']) ?? url(env, 'OPENAI_BASE_URL', ['http:', 'https:']),
    model: str(env, `OPENAI_${task}_MODEL`, defaultModel),
  };
}

/** Which driver serves a task: a key or a base URL for it selects openai; images can be kept offline. */
export function aiTaskProvider(config: AppConfig, task: AiTask): 'openai' | 'offline' {
  const settings = config.openai[task];
  if (task === 'images' && config.openai.offlineImages) return 'offline';
  return settings.apiKey || settings.baseUrl ? 'openai' : 'offline';
}

/** The chat driver, which is what "the AI provider" means for the guides. */
export function aiProviderOf(config: AppConfig): 'openai' | 'offline' {
  return aiTaskProvider(config, 'chat');
}

export const APP_CONFIG = Symbol('APP_CONFIG');
