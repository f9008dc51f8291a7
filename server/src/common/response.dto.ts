/** Response DTOs shared by several modules (see api-response.ts for how routes declare answers). */
import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPES, STAGE_KEYS, type EventType, type Label, type StageKey } from '@app/workflow';
import { ApiSharedProperty } from './api-response';

/** A stage in words: the machine's key, the spec's code (null for stages without one), zh and en. */
export class StageLabelDto {
  @ApiProperty({ enum: STAGE_KEYS })
  key: StageKey;
  @ApiProperty({ type: String, nullable: true })
  code: string | null;
  @ApiProperty()
  zh: string;
  @ApiProperty()
  en: string;
}

/** An action the caller may take now, as the machine answers. */
export class LegalActionDto {
  @ApiProperty({ enum: EVENT_TYPES })
  type: EventType;
  @ApiProperty({ description: 'The permission code the action needs' })
  permission: string;
  @ApiSharedProperty('Label')
  label: Label;
}

/** A user as forms and lists show them. */
export class PersonDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  username: string;
  @ApiProperty()
  nickname: string;
}

export class IdDto {
  @ApiProperty()
  id: string;
}

export class DeletedDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  deleted: boolean;
}
