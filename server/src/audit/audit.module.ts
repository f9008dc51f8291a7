import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { setChainKey } from '../workflow/hash-chain';
import { AUDIT_KEYS } from './audit.tokens';
import { loadAuditKeys } from './audit-keys';
import { CheckpointService } from './checkpoint.service';

/** The audit keys (loaded once; the chain key set for the process) and the checkpoints; in the API and the worker alike. */
@Global()
@Module({
  providers: [
    {
      provide: AUDIT_KEYS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const keys = loadAuditKeys(config);
        setChainKey(keys.hmacKey);
        return keys;
      },
    },
    CheckpointService,
  ],
  exports: [AUDIT_KEYS, CheckpointService],
})
export class AuditModule {}
