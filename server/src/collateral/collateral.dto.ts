import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COLLATERAL_KINDS, COLLATERAL_LIMITS, MAX_APPRAISED_FEN, type CollateralKind } from '@app/workflow';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const optionalText = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

/** One item of the counter-guarantee register, as entered (create and replace alike). */
export class CollateralDto {
  @ApiProperty({ enum: COLLATERAL_KINDS })
  @IsIn(COLLATERAL_KINDS)
  kind: CollateralKind;

  @ApiProperty({ maxLength: COLLATERAL_LIMITS.owner, description: 'Required' })
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(COLLATERAL_LIMITS.owner)
  owner: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: COLLATERAL_LIMITS.description })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(COLLATERAL_LIMITS.description)
  description?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Appraised value in whole fen' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_APPRAISED_FEN)
  appraisedValueFen?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: COLLATERAL_LIMITS.certificateNo })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(COLLATERAL_LIMITS.certificateNo)
  certificateNo?: string | null;
}
