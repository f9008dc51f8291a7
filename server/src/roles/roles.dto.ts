import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { PageQuery } from '../common/paging.dto';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export class RoleListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the name or code' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ enum: ['name', 'createdAt', 'userCount'] })
  @IsOptional()
  @IsIn(['name', 'createdAt', 'userCount'])
  sort?: 'name' | 'createdAt' | 'userCount';

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

export class RoleDto {
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @trimmed()
  @IsString()
  @Length(1, 100)
  name: string;

  @ApiProperty({
    type: [String],
    description: 'Permission keys of the tree (spec section 6); the menus above a chosen key are granted with it',
  })
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(80, { each: true })
  permissions: string[];
}

export class DeleteRolesDto {
  @ApiProperty({ type: [String], description: 'The selected roles: at least one' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @IsUUID('all', { each: true })
  ids: string[];
}
