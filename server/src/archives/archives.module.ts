import { Module } from '@nestjs/common';
import { ArchivesController } from './archives.controller';
import { ArchivesRepository } from './archives.repository';
import { ArchivesService } from './archives.service';
import { AttachmentStore } from './attachment-store';
import { EvidenceUploadsController } from './evidence-uploads.controller';

@Module({
  controllers: [ArchivesController, EvidenceUploadsController],
  providers: [ArchivesRepository, ArchivesService, AttachmentStore],
  exports: [AttachmentStore, ArchivesService],
})
export class ArchivesModule {}
