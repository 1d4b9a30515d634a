import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** Global DTO validation: unknown fields are refused, values converted to their declared types. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors: ValidationError[]) => new BadRequestException(flatten(errors)),
  });
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

/** Answers unreadable or oversized bodies in the common error shape before any route runs. */
export function bodyParserErrors(error: { type?: string } | undefined, _req: Request, res: Response, next: NextFunction) {
  if (error?.type === 'entity.parse.failed') {
    res.status(400).json({ statusCode: 400, message: 'The request body is not valid JSON.', error: 'Bad Request' });
  } else if (error?.type === 'entity.too.large') {
    res.status(413).json({ statusCode: 413, message: 'The request is too large.', error: 'Payload Too Large' });
  } else {
    next(error);
  }
}
