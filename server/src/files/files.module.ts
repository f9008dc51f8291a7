import { Global, Module } from '@nestjs/common';
import { FileStorage } from './file-storage';

/** The file storage, one for the whole server (uploads of every feature and generated documents). */
@Global()
@Module({
  providers: [FileStorage],
  exports: [FileStorage],
})
export class FilesModule {}
