import { Module } from '@nestjs/common';
import { ArchivesController } from './archives.controller';
import { ArchivesService } from './archives.service';
import { AttachmentStore } from './attachment-store';

@Module({
  controllers: [ArchivesController],
  providers: [ArchivesService, AttachmentStore],
  exports: [AttachmentStore],
})
export class ArchivesModule {}
