import { Module } from '@nestjs/common';
import { BasicDataModule } from '../basic-data/basic-data.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { PremiumController } from './premium.controller';
import { PremiumRepository } from './premium.repository';
import { PremiumService } from './premium.service';

/** Premium region: the suggestion, the reason rule on PREMIUM_ADD/EDIT, the panel. */
@Module({
  imports: [WorkflowModule, BasicDataModule],
  controllers: [PremiumController],
  providers: [PremiumRepository, PremiumService],
  // for the pipeline's hooks (pipeline-hooks.ts)
  exports: [PremiumService],
})
export class PremiumModule {}
