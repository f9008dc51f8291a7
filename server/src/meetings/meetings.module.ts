import { Module } from '@nestjs/common';
import { ArchivesModule } from '../archives/archives.module';
import { BadLoansRepository } from '../bad-loans/bad-loans.repository';
import { Clock } from '../common/clock';
import { ConfereesModule } from '../conferees/conferees.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { WorkflowRepository } from '../workflow/workflow.repository';
import { BsMeetingsController, BsVotesController, YsMeetingsController, ZbMeetingsController, ZbVotesController } from './meetings.controller';
import { MeetingsRepository } from './meetings.repository';
import { MeetingsService } from './meetings.service';
import { VotesRepository } from './votes.repository';
import { VotesService } from './votes.service';
import { YsSessionsRepository } from './ys-sessions.repository';
import { YsSessionsService } from './ys-sessions.service';

/** The meeting data library, the voting pages, the attendee pool and the archives. */
@Module({
  imports: [WorkflowModule, ArchivesModule, ConfereesModule],
  controllers: [YsMeetingsController, ZbMeetingsController, BsMeetingsController, ZbVotesController, BsVotesController],
  // BadLoansRepository: a compensation on a review-committee meeting keeps its case row in step
  providers: [
    Clock,
    WorkflowRepository,
    BadLoansRepository,
    MeetingsRepository,
    MeetingsService,
    VotesRepository,
    VotesService,
    YsSessionsRepository,
    YsSessionsService,
  ],
})
export class MeetingsModule {}
