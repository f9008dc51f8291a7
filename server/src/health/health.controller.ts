import { Controller, Get, HttpStatus, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type IORedis from 'ioredis';
import { Public } from '../auth/auth.decorators';
import { AppError } from '../common/errors';
import { REDIS } from '../jobs/redis';
import { ApiEnvelope } from '../common/api-response';
import { HealthDto } from '../common/misc.responses';
import { INSTANCE_ID } from '../processes/instance-id';
import { HealthRepository } from './health.repository';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly postgres: HealthRepository,
    @Inject(REDIS) private readonly redis: IORedis,
  ) {}

  @ApiEnvelope(HealthDto)
  @Public()
  @Get()
  async health() {
    const [postgres, redis] = await Promise.all([
      this.postgres.ping().then(
        () => 'up',
        () => 'down',
      ),
      this.redis.ping().then(
        (r) => (r === 'PONG' ? 'up' : 'down'),
        () => 'down',
      ),
    ]);
    // `instance`: which process answered (the same for its whole life), however many serve the port.
    const status = { postgres, redis, instance: INSTANCE_ID };
    if (postgres !== 'up' || redis !== 'up') throw new AppError(HttpStatus.SERVICE_UNAVAILABLE, '503', 'serviceUnavailable', {}, status);
    return status;
  }
}
