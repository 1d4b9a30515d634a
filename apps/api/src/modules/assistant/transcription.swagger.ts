import { applyDecorators } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { QUEUE_UNAVAILABLE_EXAMPLE } from '../../core/swagger-responses';
import { TRANSCRIPTION_MESSAGES } from './transcription.service';

/** The error answers of both transcription routes (the chat's microphone and the Journal). */
export function TranscriptionErrorResponses() {
  return applyDecorators(
    ApiBadRequestResponse({
      schema: {
        example: { statusCode: 400, message: TRANSCRIPTION_MESSAGES.noFile, error: 'Bad Request', code: 'no_file' },
      },
    }),
    ApiPayloadTooLargeResponse({
      schema: {
        example: {
          statusCode: 413,
          message: 'The file is too large.',
          error: 'Payload Too Large',
          code: 'file_too_large',
        },
      },
    }),
    ApiUnsupportedMediaTypeResponse({
      schema: {
        example: {
          statusCode: 415,
          message: TRANSCRIPTION_MESSAGES.unsupported,
          error: 'Unsupported Media Type',
          code: 'unsupported_file_type',
        },
      },
    }),
    ApiBadGatewayResponse({
      schema: {
        example: {
          statusCode: 502,
          message: TRANSCRIPTION_MESSAGES.failed,
          error: 'Bad Gateway',
          code: 'transcription_failed',
        },
      },
    }),
    ApiServiceUnavailableResponse({
      examples: {
        transcription_not_configured: {
          summary: 'No transcription provider is configured',
          value: {
            statusCode: 503,
            message: TRANSCRIPTION_MESSAGES.notConfigured,
            error: 'Service Unavailable',
            code: 'transcription_not_configured',
          },
        },
        queue_unavailable: QUEUE_UNAVAILABLE_EXAMPLE,
      },
    }),
  );
}
