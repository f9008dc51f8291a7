import { Module } from '@nestjs/common';
import { ConfereesController } from './conferees.controller';
import { ConfereesRepository } from './conferees.repository';
import { ConfereesService } from './conferees.service';

@Module({
  controllers: [ConfereesController],
  providers: [ConfereesRepository, ConfereesService],
})
export class ConfereesModule {}
