import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { Helpline, HelplineSet, Language, PublicAppConfig } from '@clari/contracts';
import { APP_CONFIG, AppConfig, aiTaskProvider } from '../config/app-config';

export class HelplineDto implements Helpline {
  @ApiProperty({ example: 'mind' }) id: string;
  @ApiProperty({ example: 'Mind Självmordslinjen' }) name: string;
  @ApiPropertyOptional({ example: 'call or chat, day and night' }) description?: string;
  @ApiPropertyOptional({ example: '90101', description: 'What is dialled (a tel: link).' }) phone?: string;
  @ApiPropertyOptional({ example: 'https://mind.se' }) url?: string;
}

export class HelplineSetDto implements HelplineSet {
  @ApiProperty({ example: '112', description: 'The emergency number, shown first.' }) emergency: string;
  @ApiProperty({ type: [HelplineDto] }) lines: HelplineDto[];
}

export class HelplinesDto implements Record<Language, HelplineSet> {
  @ApiProperty({ type: HelplineSetDto }) en: HelplineSetDto;
  @ApiProperty({ type: HelplineSetDto }) sv: HelplineSetDto;
}

export class PublicAppConfigDto implements PublicAppConfig {
  @ApiProperty({ example: 'hello@clari.app' }) contactEmail: string;
  @ApiProperty({ example: 'Clari AB' }) companyName: string;
  @ApiProperty({ example: '559000-0000' }) companyRegistrationNumber: string;
  @ApiProperty({
    example: true,
    description:
      'Whether speech can be transcribed (a transcription server is configured: OPENAI_TRANSCRIPTION_BASE_URL, or the shared OPENAI_BASE_URL or key).',
  })
  transcriptionAvailable: boolean;
  @ApiProperty({
    type: HelplinesDto,
    description:
      'The help shown with crisis replies and on the chat’s help card, per language: the operator’s (HELPLINES_FILE) or the defaults.',
  })
  helplines: HelplinesDto;
}

@ApiTags('config')
@Controller('api/config')
export class PublicConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @ApiOperation({
    summary: 'Public settings',
    description:
      'Contact address and company details shown on the landing and legal pages, whether voice input can be offered, and the helplines per language.',
  })
  @ApiOkResponse({ type: PublicAppConfigDto })
  get(): PublicAppConfig {
    return {
      contactEmail: this.config.contact.email,
      companyName: this.config.contact.companyName,
      companyRegistrationNumber: this.config.contact.companyRegistrationNumber,
      transcriptionAvailable: aiTaskProvider(this.config, 'transcription') === 'openai',
      helplines: this.config.helplines,
    };
  }
}
