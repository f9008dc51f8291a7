import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { ArchivesModule } from '../archives/archives.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { ReleaseService } from './release.service';
import { VisitsController } from './visits.controller';
import { VisitsService } from './visits.service';

/** After guarantee (issue 10): visits with their risk classification, release of the guarantee and collateral, the release ledger. */
@Module({
  imports: [WorkflowModule, ArchivesModule],
  controllers: [VisitsController],
  providers: [Clock, VisitsService, ReleaseService],
  // for the pipeline's hooks (pipeline-hooks.ts)
  exports: [VisitsService],
})
export class VisitsModule {}
