import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { ArchivesModule } from '../archives/archives.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { ReleaseRepository } from './release.repository';
import { ReleaseService } from './release.service';
import { VisitsController } from './visits.controller';
import { VisitsRepository } from './visits.repository';
import { VisitsService } from './visits.service';

/** After guarantee: visits with their risk classification, release of the guarantee and collateral, the release ledger. */
@Module({
  imports: [WorkflowModule, ArchivesModule],
  controllers: [VisitsController],
  providers: [Clock, VisitsRepository, VisitsService, ReleaseRepository, ReleaseService],
  // for the pipeline's hooks (pipeline-hooks.ts)
  exports: [VisitsService],
})
export class VisitsModule {}
