import { Module } from '@nestjs/common';
import { UploadController } from '../upload/upload.controller';
import { UploadService } from '../upload/upload.service';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController, UploadController],
  providers: [UsersRepository, UsersService, UploadService],
  exports: [UsersService, UploadService],
})
export class UsersModule {}
