import { Injectable } from '@nestjs/common';

/**
 * Each feature that stores a user's data registers an exporter here (in onModuleInit), so
 * the JSON export covers every module, including ones added later. Deletion needs no
 * registry: every user table references users(id) ON DELETE CASCADE.
 */
export interface UserDataExporter {
  /** The key of this feature's section in the export. */
  readonly key: string;
  export(userId: string): Promise<unknown>;
}

@Injectable()
export class UserDataRegistry {
  private readonly exporters = new Map<string, UserDataExporter>();

  register(exporter: UserDataExporter): void {
    this.exporters.set(exporter.key, exporter);
  }

  async exportAll(userId: string): Promise<Record<string, unknown>> {
    const entries = await Promise.all(
      [...this.exporters.values()].map(async (e) => [e.key, await e.export(userId)] as const),
    );
    return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
  }
}
