import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { ADMIN_PAGE_SIZES, type AdminUserRow, type AdminUsersResponse } from '@clari/contracts';

export class AdminUsersQueryDto {
  @ApiPropertyOptional({ description: 'Part of a name or e-mail, case-insensitive.', example: 'anna' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page?: number;

  @ApiPropertyOptional({ enum: ADMIN_PAGE_SIZES, default: 25 })
  @IsOptional()
  @Type(() => Number)
  @IsIn(ADMIN_PAGE_SIZES)
  pageSize?: number;
}

export class AdminUserRowDto implements AdminUserRow {
  @ApiProperty({ example: 'Anna Svensson' }) full_name: string;
  @ApiProperty({ example: 'anna@example.com' }) email: string;
}

export class AdminUsersResponseDto implements AdminUsersResponse {
  @ApiProperty({ type: [AdminUserRowDto] }) items: AdminUserRowDto[];
  @ApiProperty({ example: 42 }) total: number;
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 25 }) pageSize: number;
}
