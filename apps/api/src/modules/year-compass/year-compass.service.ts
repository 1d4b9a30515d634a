import { BadRequestException, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  yearCompassBox,
  yearCompassImageUrl,
  type Language,
  type YearCompassBox,
  type YearCompassBoxDefinition,
  type YearCompassSaveSectionRequest,
  type YearCompassSectionData,
  type YearCompassSectionSummary,
} from '@clari/contracts';
import { DomainHandlerRegistry } from '../assistant/handlers/handler.registry';
import type { UserEntity } from '../users/entities/user.entity';
import { UserDataRegistry } from '../users/user-data.registry';
import { YearCompassSectionHandler } from './handlers/section.handler';
import { YEAR_COMPASS_MESSAGES } from './year-compass.constants';
import { sectionContent, sectionSummaries, type SectionContent } from './year-compass-content';
import { YearCompassRepository } from './year-compass.repository';

/** The box of a section, else 404 (the same answer for every unknown id). */
export function requireBox(sectionNumber: number, boxId: string): YearCompassBoxDefinition {
  const box = yearCompassBox(sectionNumber, boxId);
  if (!box) throw new NotFoundException({ message: YEAR_COMPASS_MESSAGES.unknownBox, code: 'unknown_box' });
  return box;
}

/** ?lang= when given (en or sv, else 400; "lang=" alone too), otherwise the user's language. */
export function languageOf(requested: string | undefined, user: UserEntity): Language {
  if (requested !== undefined) {
    if (!isLanguage(requested)) throw new BadRequestException({ message: YEAR_COMPASS_MESSAGES.invalidLanguage });
    return requested;
  }
  return isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
}

/** Year Compass texts: the sections in the user's language with their saved boxes. */
@Injectable()
export class YearCompassService implements OnModuleInit {
  constructor(
    private readonly repository: YearCompassRepository,
    private readonly handlers: DomainHandlerRegistry,
    private readonly sectionHandler: YearCompassSectionHandler,
    private readonly userData: UserDataRegistry,
  ) {}

  onModuleInit(): void {
    this.handlers.register(this.sectionHandler);
    this.userData.register({ key: 'yearCompass', export: (userId) => this.repository.exportAll(userId) });
  }

  sections(user: UserEntity, lang?: string): YearCompassSectionSummary[] {
    return sectionSummaries(languageOf(lang, user));
  }

  async section(user: UserEntity, sectionNumber: number, lang?: string): Promise<YearCompassSectionData> {
    const content = sectionContent(sectionNumber, languageOf(lang, user)) as SectionContent;
    const [contents, images] = await Promise.all([
      this.repository.contents(user.id, sectionNumber),
      this.repository.imageVersions(user.id, sectionNumber),
    ]);
    return {
      sectionNumber,
      UiNavText: content.navText,
      UiSectionTitle: content.title,
      UiSectionInstruction: content.instruction,
      boxes: content.boxes.map((box): YearCompassBox => ({
        id: box.id,
        UiBoxTitle: box.title,
        prompt: box.prompt,
        content: contents.get(box.id) ?? '',
        box_size: box.size,
        hasImage: box.hasImage,
        imagePrompt: box.imagePrompt,
        imageUrl: images.has(box.id) ? yearCompassImageUrl(sectionNumber, box.id, images.get(box.id) as number) : null,
      })),
    };
  }

  async saveBox(user: UserEntity, sectionNumber: number, boxId: string, content: string): Promise<YearCompassBox> {
    requireBox(sectionNumber, boxId);
    await this.repository.saveBoxes(user.id, sectionNumber, [{ boxId, content: content.trim() }]);
    const section = await this.section(user, sectionNumber);
    return section.boxes.find((box) => box.id === boxId) as YearCompassBox;
  }

  /** 'Save Changes': every listed box or none (400 names an unknown or repeated id). */
  async saveSection(
    user: UserEntity,
    sectionNumber: number,
    input: YearCompassSaveSectionRequest,
  ): Promise<YearCompassSectionData> {
    const seen = new Set<string>();
    for (const box of input.boxes) {
      if (!yearCompassBox(sectionNumber, box.id))
        throw new BadRequestException({
          message: `Section ${sectionNumber} has no box "${box.id}".`,
          code: 'unknown_box',
        });
      if (seen.has(box.id)) throw new BadRequestException({ message: `The box "${box.id}" is listed twice.` });
      seen.add(box.id);
    }
    await this.repository.saveBoxes(
      user.id,
      sectionNumber,
      input.boxes.map((box) => ({ boxId: box.id, content: box.content.trim() })),
    );
    return this.section(user, sectionNumber);
  }
}
