import { Module } from '@nestjs/common';
import { LoansModule } from '../loans/loans.module';
import { ProcessController } from './process.controller';
import { ProcessService } from './process.service';

@Module({
  imports: [LoansModule],
  controllers: [ProcessController],
  providers: [ProcessService],
})
export class ProcessModule {}
