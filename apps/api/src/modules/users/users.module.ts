import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthTokensRepository } from './auth-tokens.repository';
import { AuthTokenEntity } from './entities/auth-token.entity';
import { UserPortraitEntity } from './entities/user-portrait.entity';
import { UserEntity } from './entities/user.entity';
import { UserDataRegistry } from './user-data.registry';
import { UsersRepository } from './users.repository';

/** The account records shared by auth, profile and admin. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, AuthTokenEntity, UserPortraitEntity])],
  providers: [UsersRepository, AuthTokensRepository, UserDataRegistry],
  exports: [UsersRepository, AuthTokensRepository, UserDataRegistry, TypeOrmModule],
})
export class UsersModule {}
