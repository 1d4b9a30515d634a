import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

export function buildOpenApiDocument(app: INestApplication, cookieName: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Clari API')
    .setDescription(
      'The HTTP API behind the Clari web app. Authentication is a session cookie set by POST /api/auth/login; ' +
        'every call sends it. Errors share one body: {statusCode, message, error}. State-changing calls from ' +
        'another browser origin are refused (403).',
    )
    .setVersion('1.0')
    .addCookieAuth(cookieName)
    .build();
  return SwaggerModule.createDocument(app, config);
}

export function mountSwagger(app: INestApplication, cookieName: string): void {
  const document = buildOpenApiDocument(app, cookieName);
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'Clari API',
  });
}
