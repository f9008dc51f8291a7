import { Injectable } from '@nestjs/common';
import { FileStorage } from '../files/file-storage';

const AVATAR_NAME = /^[0-9a-f-]{36}\.(png|jpg|ico)$/;

/** Avatars, kept by the file storage (checked by content, re-encoded, under generated names). */
@Injectable()
export class UploadService {
  constructor(private readonly files: FileStorage) {}

  async saveAvatar(ownerId: string, file: Express.Multer.File | undefined): Promise<{ url: string; size: number }> {
    const prepared = await this.files.prepare('avatar', file);
    const { file: stored } = await this.files.put(prepared, ownerId);
    return { url: stored.url, size: stored.size };
  }

  /** An avatar by the name in its address; null for anything that is not one of our generated names. */
  async avatar(name: string): Promise<{ bytes: Buffer; mime: string } | null> {
    if (!AVATAR_NAME.test(name)) return null;
    const { file, bytes } = await this.files.get({ url: `/server/files/avatars/${name}` });
    return file.kind === 'avatar' ? { bytes, mime: file.mime } : null;
  }
}
