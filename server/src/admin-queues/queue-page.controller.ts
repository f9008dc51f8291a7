import { Controller, Delete, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RequireRole } from '../auth/auth.decorators';
import { TOKEN_HEADER } from '../auth/auth.guard';
import { ApiEnvelope } from '../common/api-response';
import { QUEUE_PAGE_COOKIE, QUEUE_PAGE_PATH, queuePageCookieOptions } from './queue-page';

export class QueuePageSessionDto {
  @ApiProperty({ example: QUEUE_PAGE_PATH, description: 'Where the queue page is: open it in a new tab' })
  url: string;
}

/**
 * The web client asks for the queue page's cookie (queue-page.ts) just before it opens the page in a
 * new tab: a tab cannot send the X-Platform-Token header, the cookie stands in for it on that path only.
 */
@ApiTags('admin')
@Controller('admin/queue-page/session')
export class QueuePageController {
  @ApiEnvelope(QueuePageSessionDto)
  @RequireRole('ROLE_ADMIN')
  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Administrators: set the cookie that opens the queue page (/server/admin/queues) in this browser' })
  open(@Req() req: Request, @Res({ passthrough: true }) res: Response): QueuePageSessionDto {
    const header = req.headers[TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    // The guard has just resolved this token to a live administrator's session.
    res.cookie(QUEUE_PAGE_COOKIE, token, queuePageCookieOptions(req.secure));
    return { url: QUEUE_PAGE_PATH };
  }

  @ApiEnvelope(null)
  @RequireRole('ROLE_ADMIN')
  @Delete()
  @HttpCode(200)
  @ApiOperation({ summary: 'Administrators: forget the queue page cookie in this browser' })
  close(@Req() req: Request, @Res({ passthrough: true }) res: Response): null {
    res.clearCookie(QUEUE_PAGE_COOKIE, queuePageCookieOptions(req.secure));
    return null;
  }
}
