import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsObject, IsOptional, IsString } from 'class-validator';
import {
  LIFE_AREAS,
  type LifeAreaId,
  type ValueExplorerData,
  type ValueExplorerDataResponse,
  type ValueExplorerGoals,
} from '@clari/contracts';

const EXAMPLE = {
  lifeAreas: ['family', 'health'],
  selectedValues: { family: ['connection', 'compassion'], health: ['balance', 'Being outdoors'] },
  goals: {
    family: {
      shortTermGoal: ['Eat dinner together three evenings this week'],
      longTermGoal: ['A warm, close relationship with my children'],
    },
  },
  obstacles: { family: ['lackOfTime', 'Long commute'] },
};

/** The whole form: all four parts are required, so a partial body cannot wipe the others. */
export class ValueExplorerDataDto implements ValueExplorerData {
  @ApiProperty({
    enum: LIFE_AREAS,
    isArray: true,
    description: 'The chosen areas, 1 to 8 (an empty list only when no data is left).',
    example: EXAMPLE.lifeAreas,
  })
  @IsArray({ message: 'lifeAreas must be a list of life area ids' })
  lifeAreas: LifeAreaId[];

  @ApiProperty({
    description: 'Per area: 1–5 value ids (common) or custom value texts (at most 50 characters).',
    example: EXAMPLE.selectedValues,
  })
  @IsObject({ message: 'selectedValues must be an object keyed by life area' })
  selectedValues: Partial<Record<LifeAreaId, string[]>>;

  @ApiProperty({
    description:
      'Per area: shortTermGoal and longTermGoal lists, each goal at most 500 characters, at most 10 of each kind.',
    example: EXAMPLE.goals,
  })
  @IsObject({ message: 'goals must be an object keyed by life area' })
  goals: Partial<Record<LifeAreaId, ValueExplorerGoals>>;

  @ApiProperty({
    description: 'Per area: at most 3 obstacle ids (common) or custom texts (at most 100 characters).',
    example: EXAMPLE.obstacles,
  })
  @IsObject({ message: 'obstacles must be an object keyed by life area' })
  obstacles: Partial<Record<LifeAreaId, string[]>>;

  @ApiPropertyOptional({
    description: 'Replaces the stored summary when given (at most 20000 characters); otherwise it is kept.',
  })
  @IsOptional()
  @IsString({ message: 'summary must be text' })
  summary?: string;
}

export class ValueExplorerDataResponseDto implements ValueExplorerDataResponse {
  @ApiProperty({ enum: LIFE_AREAS, isArray: true, example: EXAMPLE.lifeAreas }) lifeAreas: LifeAreaId[];
  @ApiProperty({ example: EXAMPLE.selectedValues }) selectedValues: Partial<Record<LifeAreaId, string[]>>;
  @ApiProperty({ example: EXAMPLE.goals }) goals: Partial<Record<LifeAreaId, ValueExplorerGoals>>;
  @ApiProperty({ example: EXAMPLE.obstacles }) obstacles: Partial<Record<LifeAreaId, string[]>>;
  @ApiProperty({
    description: 'The last generated summary, or empty.',
    example: '=== Your values compass ===\n\nYou have explored 2 life areas…',
  })
  summary: string;
  @ApiProperty({ nullable: true, type: String, example: '2026-11-21T10:00:00.000Z' }) updatedAt: string | null;
}
