import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { completeDocument } from './openapi-completion';

export function buildOpenApiDocument(app: INestApplication, cookieName: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Clari API')
    .setDescription(
      'The HTTP API behind the Clari web app. Authentication is a session cookie set by POST /api/auth/login; ' +
        'every call sends it. Errors share one body: {statusCode, message, error} (the ApiError schema), with a code for domain errors. ' +
        'JSON bodies must be sent as application/json (415 otherwise), within each route’s size limit (413), nested at most 32 levels, ' +
        'and without fields the schema does not list (400). Text with NUL or half a surrogate pair is refused (400). ' +
        'State-changing calls from another browser origin are refused (403). A method a path does not accept answers 405 with an Allow header ' +
        '(components.responses.MethodNotAllowed); an unknown path under /api answers 404 (components.responses.NotFound). ' +
        'While PostgreSQL is unreachable, calls answer 503 with Retry-After.',
    )
    .setVersion('1.0')
    .setLicense('AGPL-3.0-or-later', 'https://www.gnu.org/licenses/agpl-3.0.html')
    .addCookieAuth(cookieName)
    .build();
  return completeDocument(SwaggerModule.createDocument(app, config));
}

export function mountSwagger(app: INestApplication, cookieName: string): void {
  const document = buildOpenApiDocument(app, cookieName);
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'Clari API',
  });
}
