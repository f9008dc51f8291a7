import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ROLE_ADMIN } from '@app/workflow';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, RequirePermission, RequireRole, SignedIn } from '../auth/auth.decorators';
import { ApiEnvelope } from '../common/api-response';
import { CloseOfBusinessDto, CloseOfBusinessQueryDto, OverdueBucketCountsDto, OverdueBucketsDto, OverdueBucketsInputDto } from './close-of-business.dto';
import { CloseOfBusinessService } from './close-of-business.service';

/** Beside the queue page: the nightly close of business's runs and step timings, and its overdue buckets. */
@ApiTags('admin')
@Controller('admin/close-of-business')
export class CloseOfBusinessController {
  constructor(private readonly cob: CloseOfBusinessService) {}

  @ApiEnvelope(CloseOfBusinessDto)
  @RequireRole(ROLE_ADMIN)
  @Get()
  @ApiOperation({ summary: 'Administrators: the latest close-of-business runs, each step with its start, end, duration and rows' })
  runs(@Query() q: CloseOfBusinessQueryDto) {
    return this.cob.runs(q.limit ?? 30);
  }

  @ApiEnvelope(OverdueBucketsDto)
  @RequireRole(ROLE_ADMIN)
  @Get('buckets')
  @ApiOperation({ summary: 'Administrators: the overdue buckets in force (the default 1-30, 31-60, 61-90, over 90 until set)' })
  buckets() {
    return this.cob.buckets();
  }

  @ApiEnvelope(OverdueBucketsDto)
  @RequireRole(ROLE_ADMIN)
  @Put('buckets')
  @ApiOperation({ summary: 'Administrators: sets the overdue buckets (from day 1, contiguous, the last open); used from the next close of business' })
  setBuckets(@Body() body: OverdueBucketsInputDto, @CurrentUser() user: AuthUser) {
    return this.cob.setBuckets(body.buckets, user);
  }
}

/** The dashboard's overdue figure: loans after guarantee per bucket. */
@ApiTags('statistics')
@Controller('statistics/overdue-buckets')
export class OverdueBucketCountsController {
  constructor(private readonly cob: CloseOfBusinessService) {}

  @ApiEnvelope(OverdueBucketCountsDto)
  @RequirePermission('overdue_list')
  @Get()
  @ApiOperation({ summary: 'Loans after guarantee per overdue bucket, as the last close of business found them' })
  counts() {
    return this.cob.bucketCounts();
  }
}

/** The buckets in force for the lists that show and filter by them (the ledger and the overdue worklist). */
@ApiTags('worklists')
@Controller('overdue-buckets')
export class OverdueBucketsController {
  constructor(private readonly cob: CloseOfBusinessService) {}

  @ApiEnvelope(OverdueBucketsDto)
  // overdue_list or ledger_list (checked in the service): the two lists with the bucket column
  @SignedIn()
  @Get()
  @ApiOperation({
    summary:
      'The overdue buckets in force, for the lists with the bucket column (overdue_list or ledger_list); changed by PUT /admin/close-of-business/buckets',
  })
  buckets(@CurrentUser() user: AuthUser) {
    return this.cob.bucketsForLists(user);
  }
}
