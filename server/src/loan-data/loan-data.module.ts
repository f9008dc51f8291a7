import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { LoansModule } from '../loans/loans.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { LoanDataController } from './loan-data.controller';
import { LoanDataRepository } from './loan-data.repository';
import { LoanDataService } from './loan-data.service';
import { PdfRenderer } from './pdf.renderer';

@Module({
  imports: [WorkflowModule, LoansModule],
  controllers: [LoanDataController],
  providers: [Clock, LoanDataRepository, LoanDataService, PdfRenderer],
})
export class LoanDataModule {}
