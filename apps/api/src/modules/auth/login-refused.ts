import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';
import type { LoginResponse } from '@clari/contracts';

/** The codes of a refused login, as LoginResponseDto documents them. */
export type LoginRefusalCode = 'invalid_credentials' | 'email_not_verified' | 'rate_limited';

/**
 * A refused login (wrong credentials, unverified address, too many attempts). The guards and
 * the strategy throw it; LoginRefusedFilter answers it with the login's own body
 * {success:false, error, code} (part 1 §7) instead of the generic error body.
 */
export class LoginRefusedException extends HttpException {
  constructor(status: number, error: string, code: LoginRefusalCode) {
    const body: Extract<LoginResponse, { success: false }> = { success: false, error, code };
    super(body, status);
  }
}

/** Bound to POST /api/auth/login only; every other exception there goes on to the global filter. */
@Catch(LoginRefusedException)
export class LoginRefusedFilter implements ExceptionFilter<LoginRefusedException> {
  catch(exception: LoginRefusedException, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(exception.getStatus()).json(exception.getResponse());
  }
}
