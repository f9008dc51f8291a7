import { Module } from '@nestjs/common';
import { WorkflowModule } from '../workflow/workflow.module';
import { CollateralController } from './collateral.controller';
import { CollateralRepository } from './collateral.repository';
import { CollateralService } from './collateral.service';

/** Counter-guarantee: the collateral register and the confirmation built from it. */
@Module({
  imports: [WorkflowModule],
  controllers: [CollateralController],
  providers: [CollateralRepository, CollateralService],
  exports: [CollateralService],
})
export class CollateralModule {}
