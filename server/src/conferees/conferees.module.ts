import { Module } from '@nestjs/common';
import { ConfereesController } from './conferees.controller';
import { ConfereesService } from './conferees.service';

@Module({
  controllers: [ConfereesController],
  providers: [ConfereesService],
})
export class ConfereesModule {}
