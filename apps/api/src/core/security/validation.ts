import {
  ArgumentMetadata,
  BadRequestException,
  CanActivate,
  ExecutionContext,
  Injectable,
  ValidationError,
  ValidationPipe,
  mixin,
  type Type,
} from '@nestjs/common';
import type { Request } from 'express';
import { ValidateIf } from 'class-validator';
import { REQUEST_MESSAGES, invalidTextMessage } from '@clari/contracts';
import { findInvalidText } from './json-body';

/**
 * Global DTO validation: unknown fields are refused, values converted to their declared types.
 * It also refuses what the JSON body parser cannot see: a missing body where a route declares
 * one (Nest would otherwise validate `{}`), and NUL or unpaired surrogates in query strings,
 * path parameters and multipart fields.
 */
class ClariValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (
      metadata.type === 'body' &&
      !metadata.data &&
      value === undefined &&
      typeof metadata.metatype === 'function' &&
      metadata.metatype !== Object
    ) {
      throw new BadRequestException(REQUEST_MESSAGES.bodyRequired);
    }
    if (metadata.type !== 'custom') {
      const field = findInvalidText(value, metadata.data ?? '');
      if (field !== undefined) throw new BadRequestException(invalidTextMessage(field));
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new ClariValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors: ValidationError[]) => new BadRequestException(flatten(errors)),
  });
}

/**
 * Validates the request body as the global pipe would, in a guard. Nest runs pipes only after
 * every guard, so a route whose guards read the body (login's rate limits and passport) puts
 * this first: a missing or invalid field gets the same 400 as on any other route.
 */
export function ValidBodyGuard(dto: Type<object>): Type<CanActivate> {
  @Injectable()
  class ValidBody implements CanActivate {
    private readonly pipe = createValidationPipe();

    async canActivate(context: ExecutionContext): Promise<boolean> {
      await this.pipe.transform(context.switchToHttp().getRequest<Request>().body, { type: 'body', metatype: dto });
      return true;
    }
  }
  return mixin(ValidBody);
}

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const property = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) =>
      text.startsWith('property ') ? `Unknown field "${property}"` : text,
    );
    return [...own, ...flatten(error.children ?? [], property)];
  });
}

/**
 * Like @IsOptional(), but only a missing field is optional: an explicit null is validated
 * (and refused with the field's message) instead of reaching the service as a value.
 */
export function OptionalNotNull(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
