import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { PublicAppConfig } from '@clari/contracts';
import { APP_CONFIG, AppConfig, aiTaskProvider } from '../config/app-config';

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
}

@ApiTags('config')
@Controller('api/config')
export class PublicConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @ApiOperation({
    summary: 'Public settings',
    description:
      'Contact address and company details shown on the landing and legal pages, and whether voice input can be offered.',
  })
  @ApiOkResponse({ type: PublicAppConfigDto })
  get(): PublicAppConfig {
    return {
      contactEmail: this.config.contact.email,
      companyName: this.config.contact.companyName,
      companyRegistrationNumber: this.config.contact.companyRegistrationNumber,
      transcriptionAvailable: aiTaskProvider(this.config, 'transcription') === 'openai',
    };
  }
}
