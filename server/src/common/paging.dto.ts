import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Deep pages beyond this are a mistake (and an OFFSET PostgreSQL cannot take), not a request. */
export const MAX_PAGE_NUM = 1_000_000;

/** `pageNum` and `pageSize` of every paged list (spec section 3): the base of each list's query DTO. */
export class PageQuery {
  @ApiPropertyOptional({ default: 1, maximum: MAX_PAGE_NUM })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_NUM)
  pageNum: number = 1;

  @ApiPropertyOptional({ default: 10 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  pageSize: number = 10;
}
