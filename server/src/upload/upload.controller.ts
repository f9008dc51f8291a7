import { Controller, Get, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppError } from '../common/errors';
import { CurrentUser, Public, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { UploadService } from './upload.service';
import { ApiEnvelope, ApiFile } from '../common/api-response';
import { UploadedAvatarDto } from '../users/user.responses';

@ApiTags('upload')
@Controller()
export class UploadController {
  constructor(private readonly uploads: UploadService) {}

  @ApiEnvelope(UploadedAvatarDto)
  @SignedIn()
  @Post('upload/user')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  // The hard cap only protects memory; the 500 KB rule is checked by the service with a clear message.
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: 5 * 1024 * 1024, files: 1 } }))
  upload(@CurrentUser() user: AuthUser, @UploadedFile() file: Express.Multer.File | undefined) {
    return this.uploads.saveAvatar(user.id, file);
  }

  /**
   * Avatars are shown in <img> tags, which send no token: they are public, under unguessable names.
   * What is served is the picture re-encoded on upload, never the bytes that arrived.
   */
  @ApiFile('image/png', 'image/jpeg', 'image/x-icon')
  @Public()
  @Get('files/avatars/:name')
  async avatar(@Param('name') name: string, @Res() res: Response) {
    const found = await this.uploads.avatar(name);
    if (!found) throw AppError.notFound();
    res.setHeader('Content-Type', found.mime);
    res.setHeader('Content-Length', found.bytes.length);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.end(found.bytes);
  }
}
