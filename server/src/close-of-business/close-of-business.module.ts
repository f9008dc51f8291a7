import { Module } from '@nestjs/common';
import { CloseOfBusinessController, OverdueBucketCountsController, OverdueBucketsController } from './close-of-business.controller';
import { CloseOfBusinessRepository } from './close-of-business.repository';
import { CloseOfBusinessService } from './close-of-business.service';

/** The API side of the nightly close of business (the job itself runs in the worker: close-of-business.handler.ts). */
@Module({
  controllers: [CloseOfBusinessController, OverdueBucketCountsController, OverdueBucketsController],
  providers: [CloseOfBusinessRepository, CloseOfBusinessService],
  exports: [CloseOfBusinessService],
})
export class CloseOfBusinessModule {}
