import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  REFLECT_LIMITS as L,
  REFLECT_MESSAGES as M,
  type Reflection,
  type ReflectDeleteResponse,
  type ReflectionDetail,
  type ReflectionListPage,
  type Takeaway,
} from '@clari/contracts';
import { CurrentUser, SessionAuthGuard } from '../auth/guards/session-auth.guard';
import type { UserEntity } from '../users/entities/user.entity';
import {
  ReflectionAiResultDto,
  ReflectDeleteResponseDto,
  ReflectionDetailDto,
  ReflectionDto,
  ReflectionInputDto,
  ReflectionListPageDto,
  ReflectionListQueryDto,
  TakeawayDto,
  TakeawayInputDto,
} from './dto/reflect.dto';
import { ReflectService } from './reflect.service';
import { UNAUTHORIZED_RESPONSE } from '../../core/swagger-responses';

const REFLECTION_ID = ApiParam({
  name: 'id',
  format: 'uuid',
  description: 'The reflection’s id. Another user’s reflection or an id that is not a UUID answers 404.',
});
const TAKEAWAY_ID = ApiParam({
  name: 'id',
  format: 'uuid',
  description: 'The takeaway’s id. Another user’s takeaway or an id that is not a UUID answers 404.',
});
const REFLECTION_NOT_FOUND = ApiNotFoundResponse({
  schema: { example: { statusCode: 404, message: M.reflectionNotFound, error: 'Not Found' } },
});
const TAKEAWAY_NOT_FOUND = ApiNotFoundResponse({
  schema: { example: { statusCode: 404, message: M.takeawayNotFound, error: 'Not Found' } },
});
const BAD_REFLECTION = ApiBadRequestResponse({
  schema: { example: { statusCode: 400, message: `${M.titleTooLong}. ${M.unknownTopic}`, error: 'Bad Request' } },
});
const BAD_TAKEAWAY = ApiBadRequestResponse({
  schema: { example: { statusCode: 400, message: M.takeawayTitleRequired, error: 'Bad Request' } },
});
const LIMITS = `Limits: title ≤ ${L.titleMax}, content ≤ ${L.contentMax} characters, ≤ ${L.tagsMax} tags of ≤ ${L.tagMax} characters.`;

/** Part 2 §7: Reflect's calls, without the /api prefix, beside the SPA's /reflect routes. */
@ApiTags('reflect')
@ApiCookieAuth()
@ApiUnauthorizedResponse(UNAUTHORIZED_RESPONSE)
@UseGuards(SessionAuthGuard)
@Controller('reflect')
export class ReflectController {
  constructor(private readonly reflect: ReflectService) {}

  @Get('reflections')
  @ApiOperation({
    summary: 'Your reflections, a page at a time',
    description:
      `Newest first, with the fields the list shows and a short excerpt instead of the content (the whole reflection comes from GET /reflect/reflections/{id}). ` +
      `Up to \`limit\` (default ${L.listPageDefault}, at most ${L.listPageMax}) per page; the next page is asked for with the answer's nextCursor.`,
  })
  @ApiOkResponse({ type: ReflectionListPageDto })
  @ApiBadRequestResponse({ schema: { example: { statusCode: 400, message: M.badCursor, error: 'Bad Request' } } })
  list(@CurrentUser() user: UserEntity, @Query() query: ReflectionListQueryDto): Promise<ReflectionListPage> {
    return this.reflect.list(user, query);
  }

  @Get('reflections/:id')
  @ApiOperation({ summary: 'One reflection with its takeaways' })
  @REFLECTION_ID
  @ApiOkResponse({ type: ReflectionDetailDto })
  @REFLECTION_NOT_FOUND
  get(@CurrentUser() user: UserEntity, @Param('id') id: string): Promise<ReflectionDetail> {
    return this.reflect.get(user, id);
  }

  @Post('reflections')
  @ApiOperation({
    summary: 'Create a reflection',
    description: `Missing fields get defaults: empty title and content, topic open_ended, no life areas or tags. Tags are trimmed; empty ones and duplicates are dropped. Unknown topics and life areas answer 400. ${LIMITS}`,
  })
  @ApiCreatedResponse({ type: ReflectionDto })
  @BAD_REFLECTION
  create(@CurrentUser() user: UserEntity, @Body() body: ReflectionInputDto): Promise<Reflection> {
    return this.reflect.create(user, body);
  }

  @Put('reflections/:id')
  @ApiOperation({
    summary: 'Change a reflection',
    description: `Changes the fields given and keeps the others; same rules as creating. ${LIMITS}`,
  })
  @REFLECTION_ID
  @ApiOkResponse({ type: ReflectionDto })
  @BAD_REFLECTION
  @REFLECTION_NOT_FOUND
  update(
    @CurrentUser() user: UserEntity,
    @Param('id') id: string,
    @Body() body: ReflectionInputDto,
  ): Promise<Reflection> {
    return this.reflect.update(user, id, body);
  }

  @Delete('reflections/:id')
  @ApiOperation({
    summary: 'Delete a reflection',
    description: 'Deletes its takeaways and its conversation with Clari too.',
  })
  @REFLECTION_ID
  @ApiOkResponse({ type: ReflectDeleteResponseDto })
  @REFLECTION_NOT_FOUND
  delete(@CurrentUser() user: UserEntity, @Param('id') id: string): Promise<ReflectDeleteResponse> {
    return this.reflect.delete(user, id);
  }

  @Put('reflections/:id/ai-result')
  @ApiOperation({
    summary: 'Save Clari’s reflection and takeaways',
    description:
      'Called by the SPA after a reflect_topic reply that carries reflection_summary and/or takeaways, with those two fields as they came. In one transaction: the summary replaces title, content, life areas and tags; ' +
      'takeaways with the id of one of this reflection’s takeaways are updated, those with a number, a non-UUID or an unknown id are created, and this reflection’s takeaways missing from the list are deleted. ' +
      'A failure leaves everything as it was. Answers the reflection with its takeaways as saved (new ids included).',
  })
  @REFLECTION_ID
  @ApiOkResponse({ type: ReflectionDetailDto })
  @ApiBadRequestResponse({
    schema: { example: { statusCode: 400, message: M.tooManyTakeaways, error: 'Bad Request' } },
  })
  @REFLECTION_NOT_FOUND
  applyAiResult(
    @CurrentUser() user: UserEntity,
    @Param('id') id: string,
    @Body() body: ReflectionAiResultDto,
  ): Promise<ReflectionDetail> {
    return this.reflect.applyAiResult(user, id, body);
  }

  @Post('reflections/:id/takeaways')
  @ApiOperation({
    summary: 'Add a takeaway',
    description: `Appended after the others. Title 1–${L.takeawayTitleMax}, content ≤ ${L.takeawayContentMax} characters; at most ${L.takeawaysMax} takeaways per reflection (400, code takeaways_max).`,
  })
  @REFLECTION_ID
  @ApiCreatedResponse({ type: TakeawayDto })
  @BAD_TAKEAWAY
  @REFLECTION_NOT_FOUND
  addTakeaway(
    @CurrentUser() user: UserEntity,
    @Param('id') id: string,
    @Body() body: TakeawayInputDto,
  ): Promise<Takeaway> {
    return this.reflect.addTakeaway(user, id, body);
  }

  @Put('takeaways/:id')
  @ApiOperation({
    summary: 'Change a takeaway',
    description: `Title 1–${L.takeawayTitleMax}, content ≤ ${L.takeawayContentMax} characters; content missing means empty.`,
  })
  @TAKEAWAY_ID
  @ApiOkResponse({ type: TakeawayDto })
  @BAD_TAKEAWAY
  @TAKEAWAY_NOT_FOUND
  updateTakeaway(
    @CurrentUser() user: UserEntity,
    @Param('id') id: string,
    @Body() body: TakeawayInputDto,
  ): Promise<Takeaway> {
    return this.reflect.updateTakeaway(user, id, body);
  }

  @Delete('takeaways/:id')
  @ApiOperation({ summary: 'Delete a takeaway' })
  @TAKEAWAY_ID
  @ApiOkResponse({ type: ReflectDeleteResponseDto })
  @TAKEAWAY_NOT_FOUND
  deleteTakeaway(@CurrentUser() user: UserEntity, @Param('id') id: string): Promise<ReflectDeleteResponse> {
    return this.reflect.deleteTakeaway(user, id);
  }
}
