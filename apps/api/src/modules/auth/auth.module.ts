import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { UsersModule } from '../users/users.module';
import { AccountsPolicy } from './accounts.policy';
import { SESSION_COOKIE_NAME } from './auth.constants';
import { AuthController, EmailController } from './auth.controller';
import { AuthService } from './auth.service';
import { LocalAuthGuard } from './guards/local-auth.guard';
import { LoginRateLimitGuard } from './guards/login-rate-limit.guard';
import { AdminGuard, ClinicianGuard, SessionAuthGuard } from './guards/session-auth.guard';
import { PasswordsService } from './passwords.service';
import { LocalStrategy } from './strategies/local.strategy';

@Module({
  imports: [UsersModule, PassportModule],
  controllers: [AuthController, EmailController],
  providers: [
    AuthService,
    PasswordsService,
    AccountsPolicy,
    LocalStrategy,
    LocalAuthGuard,
    LoginRateLimitGuard,
    SessionAuthGuard,
    AdminGuard,
    ClinicianGuard,
    {
      provide: SESSION_COOKIE_NAME,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => config.session.cookieName,
    },
  ],
  exports: [
    AuthService,
    PasswordsService,
    AccountsPolicy,
    SessionAuthGuard,
    AdminGuard,
    ClinicianGuard,
    UsersModule,
    SESSION_COOKIE_NAME,
  ],
})
export class AuthModule {}
