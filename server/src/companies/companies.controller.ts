import { Body, Controller, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { AppError, CODES } from '../common/errors';
import { CreateCompanyDto } from './company.dto';
import { isValidCreditCode } from './credit-code';

@ApiTags('companies')
@Controller('companies')
export class CompaniesController {
  constructor(private readonly db: DataSource) {}

  @RequirePermission('sys:company:add')
  @Post()
  async create(@Body() dto: CreateCompanyDto, @CurrentUser() user: AuthUser) {
    if (!isValidCreditCode(dto.creditCode)) throw new AppError(HttpStatus.BAD_REQUEST, CODES.creditCodeInvalid, 'creditCodeInvalid');
    try {
      const [row] = await this.db.query(
        `INSERT INTO company (name, credit_code, created_by) VALUES ($1, $2, $3)
         RETURNING id, name, credit_code AS "creditCode", created_at AS "createdAt"`,
        [dto.name, dto.creditCode, user.id],
      );
      return row;
    } catch (error: any) {
      if (error?.code === '23505') throw new AppError(HttpStatus.CONFLICT, CODES.creditCodeDuplicate, 'creditCodeDuplicate');
      throw error;
    }
  }
}
