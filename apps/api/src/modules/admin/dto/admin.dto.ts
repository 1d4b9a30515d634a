import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ADMIN_PAGE_SIZES, type AdminUserRow, type AdminUsersResponse } from '@clari/contracts';

/** Highest page the admin list accepts (a million accounts at the smallest page size). */
export const ADMIN_PAGE_MAX = 100_000;

export class AdminUsersQueryDto {
  @ApiPropertyOptional({ description: 'Part of a name or e-mail, case-insensitive.', example: 'anna' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: ADMIN_PAGE_MAX, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number.' })
  @Min(1, { message: 'page must be at least 1.' })
  // A page number beyond any real list would only make PostgreSQL compute a huge OFFSET (or overflow it).
  @Max(ADMIN_PAGE_MAX, { message: `page can be at most ${ADMIN_PAGE_MAX}.` })
  page?: number;

  @ApiPropertyOptional({ enum: ADMIN_PAGE_SIZES, default: 25 })
  @IsOptional()
  @Type(() => Number)
  @IsIn(ADMIN_PAGE_SIZES)
  pageSize?: number;
}

export class AdminUserRowDto implements AdminUserRow {
  @ApiProperty({ example: 'Anna Svensson' }) full_name: string;
  @ApiProperty({ format: 'email', example: 'anna@example.com' }) email: string;
}

export class AdminUsersResponseDto implements AdminUsersResponse {
  @ApiProperty({ type: [AdminUserRowDto] }) items: AdminUserRowDto[];
  @ApiProperty({ type: 'integer', minimum: 0, example: 42 }) total: number;
  @ApiProperty({ type: 'integer', minimum: 1, example: 1 }) page: number;
  @ApiProperty({ type: 'integer', enum: ADMIN_PAGE_SIZES, example: 25 }) pageSize: number;
}
