import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsNumber, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

export class CreateLoanDto {
  @ApiProperty()
  @IsUUID()
  companyId: string;

  @ApiProperty({ description: 'Loan amount in yuan (two decimals at most)' })
  @Type(() => Number)
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(1e13)
  amount: number;

  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(360)
  termMonths: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  bank?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  loanType?: string;

  @ApiPropertyOptional({ description: 'Defaults to the caller' })
  @IsOptional()
  @IsUUID()
  aPostOfficerId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsUUID()
  bPostOfficerId?: string;
}
