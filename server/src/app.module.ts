import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { QueuePageController } from './admin-queues/queue-page.controller';
import { AgreementsController } from './agreements/agreements.controller';
import { AgreementsRepository } from './agreements/agreements.repository';
import { AuditController } from './audit/audit.controller';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { BadLoansModule } from './bad-loans/bad-loans.module';
import { BadLoansService } from './bad-loans/bad-loans.service';
import { BasicDataModule } from './basic-data/basic-data.module';
import { CloseOfBusinessModule } from './close-of-business/close-of-business.module';
import { CollateralModule } from './collateral/collateral.module';
import { CustodyModule } from './custody/custody.module';
import { CustodyService } from './custody/custody.service';
import { ContractsService } from './contracts/contracts.service';
import { LettersService } from './letters/letters.service';
import { PremiumService } from './premium/premium.service';
import { RegulatoryService } from './regulatory/regulatory.service';
import { RemindersService } from './reminders/reminders.service';
import { VisitsService } from './visits/visits.service';
import { declaredHooks } from './pipeline-hooks';
import { PIPELINE_HOOKS } from './workflow/hooks';
import { PremiumModule } from './premium/premium.module';
import { ContractsModule } from './contracts/contracts.module';
import { LettersModule } from './letters/letters.module';
import { RemindersModule } from './reminders/reminders.module';
import { VisitsModule } from './visits/visits.module';
import { RegulatoryExportsModule } from './regulatory-exports/regulatory-exports.module';
import { RegulatoryModule } from './regulatory/regulatory.module';
import { CompaniesModule } from './companies/companies.module';
import { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { FilesModule } from './files/files.module';
import { HealthController } from './health/health.controller';
import { HealthRepository } from './health/health.repository';
import { HistoryController } from './history/history.controller';
import { HistoryRepository } from './history/history.repository';
import { HistoryMiddleware } from './history/history.middleware';
import { HistoryWriter } from './history/history.writer';
import { QueueModule } from './jobs/queue.module';
import { RedisModule } from './jobs/redis.module';
import { LoanDataModule } from './loan-data/loan-data.module';
import { LoansModule } from './loans/loans.module';
import { MeetingsModule } from './meetings/meetings.module';
import { MessagesController } from './messages/messages.controller';
import { MessagesRepository } from './messages/messages.repository';
import { StatisticsModule } from './statistics/statistics.module';
import { UsersModule } from './users/users.module';
import { RolesModule } from './roles/roles.module';
import { WorkflowModule } from './workflow/workflow.module';
import { WorklistsModule } from './worklists/worklists.module';
import { OperationsModule } from './operations/operations.module';
import { OperationsRepository } from './operations/operations.repository';

@Module({})
export class AppModule implements NestModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        FilesModule,
        AuditModule,
        RedisModule,
        QueueModule,
        AuthModule,
        UsersModule,
        RolesModule,
        WorkflowModule,
        CompaniesModule,
        LoansModule,
        WorklistsModule,
        MeetingsModule,
        LoanDataModule,
        BasicDataModule,
        PremiumModule,
        CollateralModule,
        ContractsModule,
        LettersModule,
        RemindersModule,
        VisitsModule,
        RegulatoryExportsModule,
        StatisticsModule,
        RegulatoryModule,
        BadLoansModule,
        CloseOfBusinessModule,
        OperationsModule,
        CustodyModule,
      ],
      controllers: [AuditController, HealthController, AgreementsController, MessagesController, HistoryController, QueuePageController],
      providers: [
        HistoryWriter,
        // the repositories of the controllers above (they sit in this module)
        AgreementsRepository,
        HealthRepository,
        HistoryRepository,
        MessagesRepository,
        // Every feature's preparers and writers, which WorkflowService reads at start (their order: workflow/hook-order.ts).
        {
          provide: PIPELINE_HOOKS,
          inject: [
            ContractsService,
            LettersService,
            PremiumService,
            RegulatoryService,
            RemindersService,
            VisitsService,
            BadLoansService,
            OperationsRepository,
            CustodyService,
          ],
          useFactory: (
            contracts: ContractsService,
            letters: LettersService,
            premium: PremiumService,
            regulatory: RegulatoryService,
            reminders: RemindersService,
            visits: VisitsService,
            badLoans: BadLoansService,
            operations: OperationsRepository,
            custody: CustodyService,
          ) => declaredHooks({ contracts, letters, premium, regulatory, reminders, visits, badLoans, operations, custody }),
        },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer) {
    consumer.apply(HistoryMiddleware).forRoutes('*');
  }
}
