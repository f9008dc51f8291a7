import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsObject, IsOptional, Max, Min } from 'class-validator';
import { MAX_INT4 } from '../common/input-guard';

/**
 * A save of one data type. `content` is checked against the type's schema by the service
 * (validateContent of @app/workflow): `{ [section]: { [field]: value } }`. Sections absent from the
 * body are left as stored; a section sent as null is cleared.
 */
export class SaveDataDto {
  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsObject()
  content: Record<string, unknown>;

  @ApiProperty({ description: 'The version the edit started from (0 when nothing was saved yet)' })
  @IsInt()
  @Min(0)
  @Max(MAX_INT4)
  expectedVersion: number;
}

/** An autosave: any partial content (only its being an object and its size are checked). */
export class SaveDraftDto {
  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsObject()
  content: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'The saved version the draft was started from' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_INT4)
  baseVersion?: number;
}

export class PreviewQuery {
  @ApiPropertyOptional({ enum: ['A', 'B', 'ALL'], description: "Which sections: the A-post's, the B-post's (REPORT) or all (default)" })
  @IsOptional()
  @IsIn(['A', 'B', 'ALL'])
  part?: 'A' | 'B' | 'ALL';
}

/**
 * Copying a loan: the new application may change the amount and the term; everything else is copied.
 * Its A-post officer is the caller when they hold the A-post role, else the earlier loan's officer.
 */
export class CopyLoanDto {
  @ApiPropertyOptional({ description: "Loan amount in yuan (default: the earlier loan's current amount)" })
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(1e13)
  amount?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(360)
  termMonths?: number;
}
