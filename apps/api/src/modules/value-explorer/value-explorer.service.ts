import { BadRequestException, Injectable, OnModuleInit } from '@nestjs/common';
import { validateValueExplorerData, type ValueExplorerData, type ValueExplorerDataResponse } from '@clari/contracts';
import { DomainHandlerRegistry } from '../assistant/handlers/handler.registry';
import type { UserEntity } from '../users/entities/user.entity';
import { UserDataRegistry } from '../users/user-data.registry';
import { LifeAreaHandler } from './handlers/lifearea.handler';
import { ValueExplorerSummaryHandler } from './handlers/summary.handler';
import { ValueExplorerRepository } from './value-explorer.repository';

@Injectable()
export class ValueExplorerService implements OnModuleInit {
  constructor(
    private readonly repository: ValueExplorerRepository,
    private readonly handlers: DomainHandlerRegistry,
    private readonly summaryHandler: ValueExplorerSummaryHandler,
    private readonly userData: UserDataRegistry,
  ) {}

  onModuleInit(): void {
    this.handlers.register(new LifeAreaHandler());
    this.handlers.register(this.summaryHandler);
    this.userData.register({ key: 'valueExplorer', export: (userId) => this.repository.find(userId) });
  }

  get(user: UserEntity): Promise<ValueExplorerDataResponse> {
    return this.repository.find(user.id);
  }

  /** The validation table of part 1 §5 on the whole document; 400 names the rule and the area. */
  async save(user: UserEntity, input: Partial<ValueExplorerData>): Promise<ValueExplorerDataResponse> {
    const result = validateValueExplorerData(input);
    if (!result.ok)
      throw new BadRequestException({
        message: result.violation.message,
        code: result.violation.code,
        ...(result.violation.area ? { area: result.violation.area } : {}),
      });
    return this.repository.save(user.id, result.data);
  }
}
