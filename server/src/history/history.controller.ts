import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import { ROLE_ADMIN } from '@app/workflow';
import { RequireRole } from '../auth/auth.decorators';
import { langOf, type Lang } from '../common/i18n';
import { PageQuery } from '../common/paging.dto';
import { ApiFile, ApiPage } from '../common/api-response';
import { HistoryEntryDto } from '../common/misc.responses';
import { EXPORT_MAX_ROWS, exportSheet, formatTime, XLSX_MIME, type SheetColumn } from '../common/spreadsheet';
import { IsCalendarDay } from '../common/validation';
import { actionWords, objectRef } from './history-actions';
import { HistoryRepository, type HistoryRow, type NamedId } from './history.repository';

const optionalText = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value));
export const HISTORY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

export class HistoryQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the user name of the actor' })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  actor?: string;

  @ApiPropertyOptional({ description: 'First day (YYYY-MM-DD, company time zone)' })
  @IsOptional()
  @IsCalendarDay()
  from?: string;

  @ApiPropertyOptional({ description: 'Last day, included (YYYY-MM-DD, company time zone)' })
  @IsOptional()
  @IsCalendarDay()
  to?: string;

  @ApiPropertyOptional({ description: 'Part of the route or the address called, e.g. /roles' })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  route?: string;

  @ApiPropertyOptional({ enum: HISTORY_METHODS })
  @IsOptional()
  @IsIn(HISTORY_METHODS)
  method?: (typeof HISTORY_METHODS)[number];
}

const label = (zh: string, en: string) => ({ zh, en });
const EXPORT_COLUMNS: SheetColumn<HistoryEntryDto>[] = [
  { header: label('时间', 'Time'), time: true, width: 20, value: (h) => formatTime(h.createdAt) },
  { header: label('操作人', 'Actor'), width: 16, value: (h) => h.actor },
  { header: label('请求方式', 'Method'), width: 10, value: (h) => h.method },
  { header: label('操作', 'Action'), width: 24, value: (h) => h.actionLabel },
  { header: label('对象', 'Object'), width: 30, value: (h) => h.object ?? '' },
  { header: label('接口', 'Route'), width: 40, value: (h) => h.action },
  { header: label('地址', 'Target'), width: 50, value: (h) => h.target },
  { header: label('状态码', 'Status'), width: 10, value: (h) => h.status },
  { header: label('结果代码', 'Code'), width: 12, value: (h) => h.code },
  {
    header: label('结果', 'Outcome'),
    width: 10,
    value: (h, lang) => (h.outcome === 'SUCCESS' ? (lang === 'en' ? 'Success' : '成功') : lang === 'en' ? 'Failure' : '失败'),
  },
  { header: label('IP', 'IP'), width: 16, value: (h) => h.ip },
];

/** Spec: /history/historyLog is for administrators only. */
@ApiTags('history')
@Controller('history')
export class HistoryController {
  constructor(private readonly history: HistoryRepository) {}

  @ApiPage(HistoryEntryDto)
  @RequireRole(ROLE_ADMIN)
  @Get()
  @ApiOperation({ summary: 'The history log, newest first: filters actor, days, route, method' })
  async list(@Query() q: HistoryQuery, @Req() req: Request) {
    const { rows, total } = await this.search(q, q.pageSize, (q.pageNum - 1) * q.pageSize, langOf(req));
    return { list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  @ApiFile(XLSX_MIME)
  @RequireRole(ROLE_ADMIN)
  @Get('export')
  @ApiOperation({ summary: 'The log under the same filters as an Excel workbook' })
  async export(@Query() q: HistoryQuery, @Req() req: Request) {
    const lang = langOf(req);
    const { rows } = await this.search(q, EXPORT_MAX_ROWS, 0, lang);
    return exportSheet({ name: label('操作日志', 'History log'), columns: EXPORT_COLUMNS, rows }, lang, label('操作日志', 'history-log'), new Date());
  }

  private async search(q: HistoryQuery, limit: number, offset: number, lang: Lang): Promise<{ rows: HistoryEntryDto[]; total: number }> {
    const { rows, total } = await this.history.search(q, limit, offset);
    return { rows: await this.describe(rows, lang), total };
  }

  /** Each row's action in words and the name of what it acted on (one query per kind of object). */
  private async describe(rows: HistoryRow[], lang: Lang): Promise<HistoryEntryDto[]> {
    const refs = rows.map((r) => objectRef(r.target));
    const ids = (kind: string) => [...new Set(refs.flatMap((ref) => (ref?.kind === kind ? [ref.id] : [])))];
    const names = async (kind: string, named: (ids: string[]) => Promise<NamedId[]>) => {
      const wanted = ids(kind);
      if (!wanted.length) return new Map<string, string>();
      const found = await named(wanted);
      return new Map(found.map((f) => [`${kind}:${f.id}`, f.name]));
    };
    const [loans, companies, users] = await Promise.all([
      names('loan', (wanted) => this.history.loanNames(wanted)),
      names('company', (wanted) => this.history.companyNames(wanted)),
      names('user', (wanted) => this.history.userNames(wanted)),
    ]);
    return rows.map((row, i) => {
      const ref = refs[i];
      const key = ref ? `${ref.kind}:${ref.id}` : '';
      const named = loans.get(key) ?? companies.get(key) ?? users.get(key) ?? null;
      // A sign-in acts on the account signing in.
      const object = named ?? (row.action.includes('/platformLogin/') ? row.actor : null);
      return { ...row, actionLabel: actionWords(row.action, lang), object };
    });
  }
}
