import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { AppError, CODES } from '../common/errors';
import { IMAGE_MIME, ImageKind, sniffImage } from './file-signature';

export const AVATAR_MAX_BYTES = 500 * 1024;
const AVATAR_NAME = /^[0-9a-f-]{36}\.(png|jpg|ico)$/;

/** Stores uploads under generated names in the data dir; no request path ever reaches the disk. */
@Injectable()
export class UploadService {
  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private avatarDir() {
    return path.join(this.config.dataDir, 'uploads', 'avatars');
  }

  async saveAvatar(ownerId: string, file: Express.Multer.File | undefined): Promise<{ url: string; size: number }> {
    if (!file || !file.buffer?.length) throw new AppError(HttpStatus.BAD_REQUEST, CODES.fileMissing, 'fileMissing');
    if (file.size > AVATAR_MAX_BYTES) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.fileTooLarge, 'fileTooLarge', { limit: '500 KB' });
    }
    const kind: ImageKind | null = sniffImage(file.buffer);
    if (!kind) throw new AppError(HttpStatus.BAD_REQUEST, CODES.fileWrongType, 'fileWrongType', { types: 'jpg, png, ico' });
    const id = randomUUID();
    const name = `${id}.${kind}`;
    const url = `/server/files/avatars/${name}`;
    await fs.mkdir(this.avatarDir(), { recursive: true });
    const target = path.join(this.avatarDir(), name);
    await fs.writeFile(target, file.buffer, { flag: 'wx' });
    try {
      await this.db.query(`INSERT INTO uploaded_file (id, owner_id, kind, url, original_name, mime, size) VALUES ($1, $2, 'avatar', $3, $4, $5, $6)`, [
        id,
        ownerId,
        url,
        (file.originalname || name).slice(0, 255),
        IMAGE_MIME[kind],
        file.size,
      ]);
    } catch (error) {
      await fs.rm(target, { force: true }); // nothing half-written: no row, no file
      throw error;
    }
    return { url, size: file.size };
  }

  /** The file of an avatar url, or null for anything that is not one of our generated names. */
  avatarPath(name: string): { file: string; mime: string } | null {
    const match = AVATAR_NAME.exec(name);
    if (!match) return null;
    return { file: path.join(this.avatarDir(), name), mime: IMAGE_MIME[match[1] as ImageKind] };
  }
}
